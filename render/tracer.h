/// @file tracer.h
/// The CPU reference sphere tracer (double precision, OpenMP across rows). The Vulkan shaders
/// in render/shaders/ implement the same algorithm with the same constants
/// (shaders/ak_render_constants.h). Formula IDs: T-6.1cam, T-Alg14, T-Alg15, T-6.1, T-6.2.2
/// (all corrected, see docs/formulas/render.md and docs/errata.md).
#ifndef AK_RENDER_TRACER_H
#define AK_RENDER_TRACER_H

#include <stdbool.h>

#include "render/scene.h"

/// An 8-bit RGB image (row-major, top row first).
typedef struct ak_render_image {
    int width, height;
    unsigned char *rgb; ///< width x height x 3
} ak_render_image;

/// Allocate a black image; returns false when out of memory or the size is not positive.
bool ak_render_image_alloc(ak_render_image *img, int width, int height);
void ak_render_image_free(ak_render_image *img);

/// Scene SDF: the union of all objects (T-E.union); *obj receives the nearest object.
double ak_render_scene_sdf(const ak_render_scene *s, const double x[4], int *obj);

/// Ray through pixel (px, py) of a width x height image (T-6.1cam, corrected): origin
/// pos + slice * ana, direction normalize(u right + v up - back).
void ak_render_camera_ray(const ak_render_scene *s, int width, int height, double px, double py,
                          double origin[4], double dir[4]);

/// Sphere tracing (T-Alg14, corrected): iteration cap, distance cap, relative hit epsilon,
/// then Newton refinement of sdf(o + t v) = 0. dir must be unit. Returns true on a hit with
/// the ray parameter in *t and the object in *obj; *steps gets the iterations used.
bool ak_render_trace(const ak_render_scene *s, const double o[4], const double dir[4], double *t,
                     int *obj, int *steps);

/// Unit normal by central differences of the scene SDF (T-Alg15, divided by 2h and normalised).
void ak_render_normal(const ak_render_scene *s, const double p[4], double n[4]);

/// Unit normal at p on object i alone (ak_render_cpu's, the Vulkan shader's normal_obj): the
/// gradient of that object's SDF in closed form for the 4D hyperplane, hypersphere and
/// hyperbox (inside: the nearest face's axis), central differences of its SDF for the others.
void ak_render_object_normal(const ak_render_scene *s, int i, const double p[4], double n[4]);

/// The primary march's plane-only steps in closed form (ak_render_cpu, the Vulkan shader): from
/// t with the plane's distance d > 0 and nl = v . n in [-1, 0) (n unit, v the unit direction),
/// the number of steps t += d taken before the first point with d < AK_RT_HIT_EPS max(t, 1),
/// and that point's t in *t_hit; -1 (and *t_hit unset) when that is AK_RT_MAX_STEPS or more.
int ak_render_plane_steps(double t, double d, double nl, double *t_hit);

/// Soft shadow factor in [0, 1] towards the unit light direction l (T-6.2.2, after Quilez).
double ak_render_soft_shadow(const ak_render_scene *s, const double p[4], const double l[4]);

/// Linear RGB seen along a ray (Lambert T-6.1 clamped at 0, soft shadows, ambient, grid, sky).
void ak_render_shade(const ak_render_scene *s, const double o[4], const double dir[4],
                     double rgb[3]);

/// Linear [0,1] to an 8-bit value with gamma AK_RT_GAMMA.
unsigned char ak_render_encode(double linear);

/// Render the whole image on the CPU (OpenMP across rows when available): the fast path with
/// tight per-ray lists (the Vulkan shader's: steps clamped at the next listed object), whose
/// marches sample elsewhere than the plain march; its images agree with ak_render_cpu_plain's
/// within the golden rule (render.tracer.tight_vs_plain; docs/performance.md, issue 29).
void ak_render_cpu(const ak_render_scene *s, ak_render_image *img);
/// The fast path with the exact per-ray lists (the plain march's steps): the same bytes as
/// ak_render_cpu_plain (render.tracer.fast_equals_plain, test perf).
void ak_render_cpu_exact(const ak_render_scene *s, ak_render_image *img);
/// The same image by the plain paths: the camera frame per pixel, every object's SDF through
/// ak_sdf_shape, no per-ray object list, no early out of the shadow march, the gamma by pow.
void ak_render_cpu_plain(const ak_render_scene *s, ak_render_image *img);

/// PNG I/O (libpng). Read allocates img->rgb (free with ak_render_image_free).
bool ak_render_png_write(const char *path, const ak_render_image *img, char *err, size_t errlen);
bool ak_render_png_read(const char *path, ak_render_image *img, char *err, size_t errlen);

/// Slicing display (B-8slice): object i's tetrahedral boundary mesh (hull of its vertices for
/// a convex shape, else the radial tessellation with parameter k) cut by the camera's 3D slice.
/// *tris receives malloc'd triangles (9 doubles each, slice coordinates: x4 = foot + sum_k
/// t_k basis_k), free() them. Returns the triangle count (0 for hyperplanes, -1 on error).
int ak_render_object_slice(const ak_render_scene *s, int i, int k, double **tris, double basis[12],
                           double foot[4]);
/// Draw the slicing display through the scene's camera: mesh slices rasterised with a z-buffer
/// over the traced ground (flat Lambert shading, no shadows). ids (width x height, may be NULL)
/// receives the object drawn at each pixel, -1 for ground and sky. False when out of memory.
bool ak_render_mesh_view(const ak_render_scene *s, ak_render_image *img, int k, int *ids);

/// Image comparison (golden images): per pixel the largest channel difference in 8-bit steps.
typedef struct ak_render_diff {
    double frac_over; ///< fraction of pixels whose largest channel difference exceeds threshold
    double mean_abs;  ///< mean absolute difference over all channels, in 8-bit steps
    int max_abs;      ///< largest channel difference
    long npixels;
} ak_render_diff;

/// Compare two images of the same size. diff_img (optional, allocated by the caller with the
/// same size) receives a visualisation: grey copy of a, pixels over the threshold in red.
/// Returns false when the sizes differ.
bool ak_render_image_compare(ak_render_diff *out, const ak_render_image *a,
                             const ak_render_image *b, int threshold, ak_render_image *diff_img);

#endif
