/// @file render_published.h
/// Thesis Ch. 6 and App. E transcribed *as published* (wrong parts included), so that every
/// rendering erratum stays executable. The corrected forms are in ref/sdf/sdf.h and
/// render/tracer.h; docs/errata.md ("Rendering") lists the differences with counterexamples.
/// All vectors are 4D (the thesis works in 4D only).
#ifndef AK_PUBLISHED_RENDER_H
#define AK_PUBLISHED_RENDER_H

#include <stdbool.h>

/// T-E.sphere as printed: p points from the ray's origin to the centre; length(p) - s.
double ak_pub_render_sd_hypersphere(const double p[4], double s);
/// T-E.capsule as printed: p.y -= clamp(p.y, 0, h); length(p) - r. p points from the ray's
/// origin to the capsule's "centre point".
double ak_pub_render_sd_vertical_hypercapsule(const double p[4], double h, double r);
/// T-E.box as printed: q = |p| - b; length(max(q,0)) + min(max(q.x,q.y,q.z,q.w), 0).
double ak_pub_render_sd_hyperbox(const double p[4], const double b[4]);
/// T-E.plane as printed: dot(p, n) - offset (p is the ray's origin itself).
double ak_pub_render_sd_hyperplane(const double p[4], const double n[4], double offset);
/// T-E.union as printed: min(d1, d2) (declared as returning float4 in the thesis).
double ak_pub_render_op_union(double d1, double d2);
/// T-E.union with the printed types: `float4 opUnion(float d1, float d2) { return min(d1, d2); }`
/// in single precision; the scalar returned where a float4 is declared is replicated into the
/// four components (the shading language's scalar-to-vector conversion).
void ak_pub_render_op_union_float4(float out[4], float d1, float d2);

/// Scene distance callback for the published algorithms: distance at p, colour index out.
typedef double (*ak_pub_render_dist_fn)(const double p[4], int *color, const void *ctx);

/// T-Alg14 as printed: p := o + d_total v; d := DIST(p); if d <~ 0 then hit; d_total += d;
/// until i == i_max or d_total > d_max or hit. The printed loop never increments i, so the
/// iteration cap never fires: this transcription keeps that and adds only a safety stop after
/// safety_cap passes (reported through *passes) so that the defect can be measured.
/// "d <~ 0" is read as d <= hit_eps (an absolute epsilon; the thesis gives none).
bool ak_pub_render_sphere_trace(double p_out[4], int *color, int *passes, const double o[4],
                                const double v[4], double d_max, int i_max, double hit_eps,
                                long safety_cap, ak_pub_render_dist_fn dist, const void *ctx);

/// T-Alg15 as printed: n_v = DIST(p + o e_v) - DIST(p - o e_v) with o = 1e-4; not divided by
/// 2o and not normalised.
void ak_pub_render_normal(double n_out[4], const double p[4], ak_pub_render_dist_fn dist,
                          const void *ctx);

/// T-6.1 as printed: s = (l . n) c i (no clamp at zero).
double ak_pub_render_lambert(const double l[4], const double n[4], double c, double i);

/// T-6.1cam as printed: the 3D view-space direction "from the pixel's view-space coordinates
/// to the camera's origin" (origin - pixel), extended with w = 0 and multiplied by the camera's
/// 4x4 rotation matrix (row-major); the ray's origin is the camera position. pixel_view is the
/// pixel's view-space point (x, y, z).
void ak_pub_render_camera_ray(double origin[4], double dir[4], const double cam_pos[4],
                              const double cam_rot[16], const double pixel_view[3]);

#endif
