// Render scenes: construction, the 4D camera frame and the built-in scenes.
#include "render/scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref/ga/nd.h"
#include "ref/geom/mesh.h"

#define HULL_TOL 1e-9

// The shape's own facet planes (rows of dim + 1 = 5: unit outward normal, offset; n . x <= o
// inside) copied into normals/offsets, when they describe its vertices' hull: a 4D shape, unit
// normals, every vertex inside each half-space and at least 4 vertices on each facet plane
// (tolerance 1e-9 of the vertices' radius). Returns the facet count; -1 when there are none or
// they do not pass (the caller computes the hull); -3 when they do not fit in max.
static int model_facets(double normals[], double offsets[], int max, const ak_shape *sh) {
    if (sh->nfacets <= 0 || !sh->facets || sh->dim != 4 || sh->nverts < 5) return -1;
    double rad = 0;
    for (int v = 0; v < sh->nverts; v++) {
        double q = 0;
        for (int i = 0; i < 4; i++) q += sh->verts[4 * v + i] * sh->verts[4 * v + i];
        rad = fmax(rad, sqrt(q));
    }
    double tol = 1e-9 * fmax(rad, 1e-300);
    for (int f = 0; f < sh->nfacets; f++) {
        const double *row = sh->facets + 5 * f;
        double nn = 0;
        for (int i = 0; i < 4; i++) nn += row[i] * row[i];
        if (!(fabs(sqrt(nn) - 1.0) <= 1e-9)) return -1;
        int on = 0;
        for (int v = 0; v < sh->nverts; v++) {
            double d = -row[4];
            for (int i = 0; i < 4; i++) d += row[i] * sh->verts[4 * v + i];
            if (!(d <= tol)) return -1;
            on += d >= -tol;
        }
        if (on < 4) return -1;
    }
    if (sh->nfacets > max) return -3;
    for (int f = 0; f < sh->nfacets; f++) {
        for (int i = 0; i < 4; i++) normals[4 * f + i] = sh->facets[5 * f + i];
        offsets[f] = sh->facets[5 * f + 4];
    }
    return sh->nfacets;
}

ak_render_scene *ak_render_scene_slot(ak_render_scene **slot) {
    if (!*slot) *slot = calloc(1, sizeof **slot);
    return *slot;
}

void ak_render_scene_init(ak_render_scene *s) {
    memset(s, 0, sizeof *s);
    double target[4] = { 0, 0.8, 0, 0 };
    s->cam.fov_deg = 50.0;
    ak_render_camera_orbit(&s->cam, target, 6.0, 0.0, 15.0, 0.0);
    s->nlight = 1;
    double l[4] = { 0.45, 1.0, 0.6, 0.0 };
    memcpy(s->light[0].dir, l, sizeof l);
    s->light[0].color[0] = 0.95, s->light[0].color[1] = 0.92, s->light[0].color[2] = 0.85;
    s->ambient[0] = 0.13, s->ambient[1] = 0.14, s->ambient[2] = 0.17;
    s->sky[0] = 0.52, s->sky[1] = 0.66, s->sky[2] = 0.86;
    s->shadows = true;
    s->grid = true;
    snprintf(s->name, sizeof s->name, "untitled");
}

int ak_render_scene_add(ak_render_scene *s, const ak_shape *shape, const ak_pose *pose,
                        const double color[3], char *err, size_t errlen) {
    if (s->nobj >= AK_RT_MAX_OBJECTS) {
        snprintf(err, errlen, "render scene full (%d objects)", AK_RT_MAX_OBJECTS);
        return -1;
    }
    if (shape->dim != 4 || pose->dim != 4) {
        snprintf(err, errlen, "the renderer draws 4D scenes only (shape dim %d)", shape->dim);
        return -1;
    }
    if (shape->type < 0 || shape->type >= AK_SHAPE_COUNT) {
        snprintf(err, errlen, "unknown shape type %d", (int)shape->type);
        return -1;
    }
    ak_render_object *o = &s->obj[s->nobj];
    memset(o, 0, sizeof *o);
    o->shape = *shape;
    o->pose = *pose;
    memcpy(o->color, color, 3 * sizeof(double));
    if (shape->type == AK_SHAPE_CONVEX) {
        int room = AK_RT_MAX_PLANES - s->nplanes;
        // The shape's own facet planes when it has them (the model's regular polytopes), else the
        // hull of its vertices (brute force over 4-point subsets: up to AK_RENDER_HULL_MAX_VERTS).
        int nf = model_facets(s->plane_n + 4 * s->nplanes, s->plane_o + s->nplanes, room, shape);
        if (nf == -1 && shape->nverts > AK_RENDER_HULL_MAX_VERTS) {
            snprintf(
                err, errlen,
                "convex shape: %d vertices and no facet planes (the hull is computed for up to %d)",
                shape->nverts, AK_RENDER_HULL_MAX_VERTS);
            return -1;
        }
        if (nf == -1)
            nf = ak_mesh_hull_facets4(s->plane_n + 4 * s->nplanes, s->plane_o + s->nplanes, room,
                                      shape->verts, shape->nverts, HULL_TOL);
        else if (nf == -3)
            nf = room + 1; // more facets than room: the message below
        if (nf < 0) {
            snprintf(err, errlen,
                     nf == -2 ? "convex shape: a facet holds more than 64 of its %d vertices"
                              : "convex shape: the %d vertices do not span 4D",
                     shape->nverts);
            return -1;
        }
        if (nf > room) {
            snprintf(err, errlen, "convex shapes: more than %d facets in the scene",
                     AK_RT_MAX_PLANES);
            return -1;
        }
        if (s->nverts + shape->nverts > AK_RENDER_MAX_VERTS) {
            snprintf(err, errlen, "convex shapes: more than %d vertices in the scene",
                     AK_RENDER_MAX_VERTS);
            return -1;
        }
        o->plane_first = s->nplanes;
        o->nplanes = nf;
        s->nplanes += nf;
        o->vert_first = s->nverts;
        memcpy(s->verts + 4 * s->nverts, shape->verts, sizeof(double) * 4 * (size_t)shape->nverts);
        s->nverts += shape->nverts;
        o->shape.verts = s->verts + 4 * o->vert_first;
        o->shape.facets = NULL; // copied into plane_n/plane_o (the caller's array may go)
        o->shape.nfacets = 0;
    }
    if (shape->type == AK_SHAPE_HYPERPLANE) {
        double l = 0;
        for (int i = 0; i < 4; i++) l += shape->normal[i] * shape->normal[i];
        if (!(l > 0)) {
            snprintf(err, errlen, "hyperplane with a zero normal");
            return -1;
        }
    }
    // Bounding ball about the body origin: lets the scene SDF skip far objects without changing
    // its value (|x - c| - r is below every exact SDF of a shape inside the ball).
    switch (shape->type) {
        case AK_SHAPE_HYPERSPHERE: o->bound = shape->radius; break;
        case AK_SHAPE_HYPERCAPSULE: o->bound = shape->radius + shape->half_length; break;
        case AK_SHAPE_HYPERBOX: {
            double q = 0;
            for (int i = 0; i < 4; i++) q += shape->half_extents[i] * shape->half_extents[i];
            o->bound = sqrt(q);
            break;
        }
        case AK_SHAPE_DUOCYLINDER: o->bound = hypot(shape->radii[0], shape->radii[1]); break;
        // Not for convex shapes: their half-space SDF is only a bound and can lie below the ball's
        // bound |x - c| - r near vertices, so culling would change the scene SDF.
        default: o->bound = INFINITY; break;
    }
    return s->nobj++;
}

void ak_render_camera_frame(const ak_render_camera *c, double right[4], double up[4],
                            double back[4], double ana[4]) {
    double M[16];
    ak_nd_rotor_to_matrix(4, M, c->rotor);
    for (int i = 0; i < 4; i++) {
        right[i] = M[i * 4 + 0];
        up[i] = M[i * 4 + 1];
        back[i] = M[i * 4 + 2];
        ana[i] = M[i * 4 + 3];
    }
}

void ak_render_camera_orbit(ak_render_camera *c, const double target[4], double dist,
                            double yaw_deg, double pitch_deg, double ana_deg) {
    double Ry[8], Rp[8], Ra[8], T[8];
    const double k = M_PI / 180.0;
    ak_nd_rotor_plane(4, Ry, 2, 0, yaw_deg * k);   // turns e_z towards e_x
    ak_nd_rotor_plane(4, Rp, 2, 1, pitch_deg * k); // turns e_z towards e_y: looks down
    ak_nd_rotor_plane(4, Ra, 2, 3, ana_deg * k);   // tilts the slice into w
    ak_nd_rotor_mul(4, T, Rp, Ra);
    ak_nd_rotor_mul(4, c->rotor, Ry, T);
    double right[4], up[4], back[4], ana[4];
    ak_render_camera_frame(c, right, up, back, ana);
    for (int i = 0; i < 4; i++) c->pos[i] = target[i] + dist * back[i];
}

// ---- built-in scenes ---------------------------------------------------------------------

typedef struct rot_step {
    int i, j;
    double angle;
} rot_step;

static ak_pose pose_at(double x, double y, double z, double w, int nrot, const rot_step *rots) {
    ak_pose p = ak_pose_identity(4);
    p.pos[0] = x, p.pos[1] = y, p.pos[2] = z, p.pos[3] = w;
    double R[8], T[8], S[8];
    ak_nd_rotor_identity(4, R);
    for (int r = 0; r < nrot; r++) {
        ak_nd_rotor_plane(4, S, rots[r].i, rots[r].j, rots[r].angle);
        ak_nd_rotor_mul(4, T, S, R); // applied in order: later rotations act last
        memcpy(R, T, sizeof R);
    }
    ak_nd_rotor_to_matrix(4, p.rot, R);
    return p;
}

static const double C_RED[3] = { 0.80, 0.16, 0.10 }, C_GREEN[3] = { 0.16, 0.60, 0.22 },
                    C_BLUE[3] = { 0.16, 0.32, 0.82 }, C_GOLD[3] = { 0.85, 0.60, 0.16 },
                    C_VIOLET[3] = { 0.55, 0.25, 0.75 }, C_GROUND[3] = { 0.72, 0.72, 0.68 };

static bool add(ak_render_scene *s, ak_shape sh, ak_pose p, const double col[3], char *err,
                size_t n) {
    sh.dim = 4;
    return ak_render_scene_add(s, &sh, &p, col, err, n) >= 0;
}

static bool add_ground(ak_render_scene *s, char *err, size_t n) {
    // The ground is the half-space y <= 0 (solid: normal . x <= offset).
    ak_shape g = { .type = AK_SHAPE_HYPERPLANE, .dim = 4, .normal = { 0, 1, 0, 0 }, .offset = 0 };
    return add(s, g, ak_pose_identity(4), C_GROUND, err, n);
}

static ak_shape sphere(double r) { return (ak_shape){ .type = AK_SHAPE_HYPERSPHERE, .radius = r }; }
static ak_shape box(double a, double b, double c, double d) {
    return (ak_shape){ .type = AK_SHAPE_HYPERBOX, .half_extents = { a, b, c, d } };
}
static ak_shape capsule(double r, double h) {
    return (ak_shape){ .type = AK_SHAPE_HYPERCAPSULE, .radius = r, .half_length = h };
}
static ak_shape duocyl(double a, double b) {
    return (ak_shape){ .type = AK_SHAPE_DUOCYLINDER, .radii = { a, b } };
}

static bool add_polytope(ak_render_scene *s, ak_mesh_polytope kind, double scale, ak_pose p,
                         const double col[3], char *err, size_t n) {
    double v[120 * 4];
    int nv = ak_mesh_polytope_vertices(v, 120, kind);
    for (int i = 0; i < 4 * nv; i++) v[i] *= scale;
    ak_shape sh = { .type = AK_SHAPE_CONVEX, .nverts = nv, .verts = v };
    return add(s, sh, p, col, err, n);
}

static const char *const NAMES[] = { "spheres",   "stack", "capsules", "duocylinder", "polytopes",
                                     "tesseract", "slice", "mixed",    "cuboid",      NULL };

const char *const *ak_render_builtin_names(void) { return NAMES; }

bool ak_render_builtin(ak_render_scene *s, const char *name, double t, char *err, size_t errlen) {
    ak_render_scene_init(s);
    snprintf(s->name, sizeof s->name, "%s", name);
    double target[4] = { 0, 0.8, 0, 0 };
    bool ok = add_ground(s, err, errlen);
    if (!strcmp(name, "spheres") || !strcmp(name, "slice")) {
        // Equal hyperspheres centred off the slice in w: their cross-sections shrink (and float).
        ok = ok && add(s, sphere(0.7), pose_at(-1.7, 0.7, 0, 0.0, 0, NULL), C_RED, err, errlen);
        ok = ok && add(s, sphere(0.7), pose_at(0.0, 0.7, 0, 0.4, 0, NULL), C_GREEN, err, errlen);
        ok = ok && add(s, sphere(0.7), pose_at(1.7, 0.7, 0, 0.6, 0, NULL), C_BLUE, err, errlen);
        ak_render_camera_orbit(&s->cam, target, 6.0, 0.0, 15.0, 0.0);
        if (!strcmp(name, "slice")) s->cam.slice = 0.35;
    } else if (!strcmp(name, "stack")) {
        // A stack of four tesseracts, each turned a little in xz and xw.
        for (int i = 0; i < 4; i++) {
            rot_step r[2] = { { 0, 2, 0.15 * i }, { 0, 3, 0.12 * i } };
            const double *col = i == 0 ? C_RED : i == 1 ? C_GOLD : i == 2 ? C_GREEN : C_BLUE;
            ok = ok && add(s, box(0.5, 0.5, 0.5, 0.5), pose_at(0.05 * i, 0.5 + 1.0 * i, 0, 0, 2, r),
                           col, err, errlen);
        }
        ok = ok && add(s, sphere(0.5), pose_at(1.6, 0.5, 0.8, 0.0, 0, NULL), C_VIOLET, err, errlen);
        double tg[4] = { 0.3, 1.7, 0, 0 };
        ak_render_camera_orbit(&s->cam, tg, 8.0, 30.0, 12.0, 0.0);
    } else if (!strcmp(name, "capsules")) {
        rot_step lying[1] = { { 1, 0, M_PI / 2 } }, tilted[1] = { { 1, 3, 0.7 } };
        ok = ok &&
             add(s, capsule(0.35, 0.6), pose_at(-1.6, 0.95, 0, 0, 0, NULL), C_RED, err, errlen);
        ok = ok &&
             add(s, capsule(0.35, 0.6), pose_at(0.0, 0.35, 0.3, 0, 1, lying), C_GOLD, err, errlen);
        ok = ok &&
             add(s, capsule(0.35, 0.6), pose_at(1.6, 0.95, 0, 0, 1, tilted), C_BLUE, err, errlen);
    } else if (!strcmp(name, "duocylinder")) {
        rot_step r1[1] = { { 1, 3, 0.6 } }, r2[2] = { { 0, 3, 0.5 }, { 2, 3, 0.4 } };
        ok =
            ok && add(s, duocyl(0.7, 0.45), pose_at(-1.7, 0.7, 0, 0, 0, NULL), C_GOLD, err, errlen);
        ok = ok && add(s, duocyl(0.7, 0.45), pose_at(0.0, 0.75, 0, 0, 1, r1), C_GREEN, err, errlen);
        ok =
            ok && add(s, duocyl(0.7, 0.45), pose_at(1.7, 0.75, 0, 0, 2, r2), C_VIOLET, err, errlen);
    } else if (!strcmp(name, "polytopes")) {
        rot_step r[2] = { { 0, 3, 0.35 }, { 1, 2, 0.3 } };
        ok = ok && add_polytope(s, AK_POLYTOPE_5CELL, 0.9, pose_at(-2.0, 0.9, 0, 0.1, 2, r), C_RED,
                                err, errlen);
        ok = ok && add_polytope(s, AK_POLYTOPE_16CELL, 0.9, pose_at(0.0, 0.9, 0, 0.1, 2, r), C_GOLD,
                                err, errlen);
        ok = ok && add_polytope(s, AK_POLYTOPE_24CELL, 0.7, pose_at(2.0, 1.0, 0, 0.1, 2, r), C_BLUE,
                                err, errlen);
        ak_render_camera_orbit(&s->cam, target, 6.5, 0.0, 15.0, 0.0);
    } else if (!strcmp(name, "tesseract")) {
        // A tesseract turning in the xw plane (angle 0.3 + 0.5 t): the slice changes shape.
        rot_step r[2] = { { 0, 3, 0.3 + 0.5 * t }, { 1, 2, 0.25 } };
        ok =
            ok && add(s, box(0.6, 0.6, 0.6, 0.6), pose_at(0, 1.3, 0, 0, 2, r), C_GOLD, err, errlen);
        double tg[4] = { 0, 1.1, 0, 0 };
        ak_render_camera_orbit(&s->cam, tg, 5.0, 25.0, 18.0, 0.0);
    } else if (!strcmp(name, "mixed")) {
        rot_step r[1] = { { 0, 3, 0.5 } };
        ok = ok && add(s, sphere(0.55), pose_at(-2.2, 0.55, 0.4, 0, 0, NULL), C_RED, err, errlen);
        ok = ok &&
             add(s, capsule(0.3, 0.5), pose_at(-0.9, 0.8, -0.3, 0, 0, NULL), C_GOLD, err, errlen);
        ok = ok && add(s, box(0.45, 0.45, 0.45, 0.45), pose_at(0.3, 0.7, 0.2, 0, 1, r), C_GREEN,
                       err, errlen);
        ok = ok &&
             add(s, duocyl(0.5, 0.35), pose_at(1.5, 0.5, -0.2, 0, 0, NULL), C_BLUE, err, errlen);
        ok = ok && add_polytope(s, AK_POLYTOPE_16CELL, 0.6, pose_at(2.6, 0.6, 0.5, 0, 0, NULL),
                                C_VIOLET, err, errlen);
        ak_render_camera_orbit(&s->cam, target, 7.0, 0.0, 15.0, 0.0);
    } else if (!strcmp(name, "cuboid")) {
        // ten Bosch Fig. 5 (B-9fig5): the cuboid with sides (1.1, 0.3, 2.5, 0.7), floating, turned
        // a little in xz, yz and zw so that the slice shows three of its faces.
        rot_step r[3] = { { 0, 2, 0.5 }, { 1, 2, 0.35 }, { 2, 3, 0.3 + 0.4 * t } };
        ok = ok &&
             add(s, box(0.55, 0.15, 1.25, 0.35), pose_at(0, 1.6, 0, 0, 3, r), C_BLUE, err, errlen);
        double tg[4] = { 0, 1.3, 0, 0 };
        ak_render_camera_orbit(&s->cam, tg, 6.0, 20.0, 15.0, 0.0);
    } else {
        snprintf(err, errlen, "unknown built-in scene '%s'", name);
        return false;
    }
    return ok;
}
