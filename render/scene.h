/// @file scene.h
/// The renderer's own scene: shapes, poses, colours, a 4D camera and lights. render/ knows
/// shapes and poses, never physics: callers (the CLI, the checks) fill this from a model.
/// All render scenes are 4D.
#ifndef AK_RENDER_SCENE_H
#define AK_RENDER_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "ref/geom/shape.h"
#include "render/shaders/ak_render_constants.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define AK_RENDER_MAX_VERTS 2048
/// Convex shapes without their own facet planes: the renderer computes the hull of their
/// vertices (brute force) for up to this many; with facet planes (shape.nfacets) any count.
#define AK_RENDER_HULL_MAX_VERTS 120

typedef struct ak_render_object {
    ak_shape shape;  ///< body frame (a hyperplane: world frame); dim 4
    ak_pose pose;    ///< body to world
    double color[3]; ///< linear RGB albedo
    int plane_first; ///< convex: first half-space in ak_render_scene.plane_n/plane_o
    int nplanes;     ///< convex: number of half-spaces (body frame)
    int vert_first;  ///< convex: first vertex in ak_render_scene.verts (shape.verts points there)
    double bound; ///< radius of a ball about pose.pos holding the shape (INFINITY: plane, convex)
} ak_render_object;

/// 4D camera (T-6.1cam, corrected). Its frame is the rotor's image of the world axes:
/// right = R e_x R~, up = R e_y R~, back = R e_z R~ (it looks along -back), ana = R e_w R~.
/// Rays start at pos + slice * ana and lie in the 3D slice spanned by right, up, back.
typedef struct ak_render_camera {
    double pos[4];
    double rotor[8]; ///< (s, xy, xz, xw, yz, yw, zw, xyzw)
    double fov_deg;  ///< vertical field of view
    double slice;    ///< offset of the 3D slice along the camera's own w (ana) axis
} ak_render_camera;

typedef struct ak_render_light {
    double dir[4];   ///< direction towards the light (directional light), need not be unit
    double color[3]; ///< linear RGB times intensity
} ak_render_light;

typedef struct ak_render_scene {
    int nobj;
    ak_render_object obj[AK_RT_MAX_OBJECTS];
    int nplanes;
    double plane_n[AK_RT_MAX_PLANES * 4];
    double plane_o[AK_RT_MAX_PLANES];
    int nverts;
    double verts[AK_RENDER_MAX_VERTS * 4]; ///< convex vertices (body frame), for the meshes
    ak_render_camera cam;
    int nlight;
    ak_render_light light[AK_RT_MAX_LIGHTS];
    double ambient[3]; ///< ambient light, linear RGB
    double sky[3];     ///< background colour (linear)
    bool shadows;      ///< soft shadows (T-6.2.2)
    bool grid;         ///< ground grid on hyperplanes
    char name[64];
} ak_render_scene;

/// Empty scene with defaults: camera at (0, 1.5, 6, 0) looking along -z, fov 50 degrees,
/// one light, ambient 0.15, shadows and grid on.
void ak_render_scene_init(ak_render_scene *s);
/// A zeroed scene on the heap for a caller that would otherwise keep a static one (a scene is
/// about 570 kB): allocated on the first call with this slot and kept for the process, so that
/// it behaves like a static; NULL when out of memory. (Static scenes made every anakata process
/// 7 MB larger in .bss, which LeakSanitizer reads at each exit.)
ak_render_scene *ak_render_scene_slot(ak_render_scene **slot);
/// Add an object (shape in the body frame, pose). For a convex shape the half-space form of
/// the hull is computed here from its vertices, and the vertices are copied into the scene
/// (the object's shape.verts then points into s->verts: copy scenes with care). Returns the object index, or -1 with a message
/// in err (full scene, shape not 4D, degenerate hull).
int ak_render_scene_add(ak_render_scene *s, const ak_shape *shape, const ak_pose *pose,
                        const double color[3], char *err, size_t errlen);
/// Camera frame vectors (world) from the rotor: right, up, back, ana.
void ak_render_camera_frame(const ak_render_camera *c, double right[4], double up[4],
                            double back[4], double ana[4]);
/// Orbit camera: looks at target from distance dist, yaw (about y, in the xz plane) and pitch
/// (down positive) in degrees, then tilts the slice by ana_deg in the camera's own zw plane.
void ak_render_camera_orbit(ak_render_camera *c, const double target[4], double dist,
                            double yaw_deg, double pitch_deg, double ana_deg);

/// Names of the built-in scenes, NULL-terminated.
const char *const *ak_render_builtin_names(void);
/// Build a built-in scene by name at time t (the built-in scenes are posed analytically and
/// do not simulate). Returns false with a message for an unknown name.
bool ak_render_builtin(ak_render_scene *s, const char *name, double t, char *err, size_t errlen);

#endif
