// Unit tests of engine/scene: every field of anakata-scene/1 lands where docs/scene-format.md
// says, every default holds, and every kind of bad input gets its exact message (file, field
// path, expectation) and no model. Scenes are written with ' for " to keep them readable.
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/contact_cache.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "engine/model.h"
#include "engine/scene.h"
#include "engine/world.h"
#include "engine/solver.h"
#include "engine/solver_variant.h"
#include "engine/step_explain.h"
#include "engine/world.h"

/// Exact equality is expected for numbers copied from the text; derived values (normalised
/// vectors, composed rotors) are compared to this.
#define ROUNDING_TOL 1e-14

static char *dq(const char *s) {
    char *t = strdup(s);
    for (char *p = t; *p; p++)
        if (*p == '\'') *p = '"';
    return t;
}

typedef struct loaded {
    ak_model *m;
    ak_data *d;
    char err[AK_ERR_MAX];
} loaded;

static loaded parse(const char *text) {
    loaded r = { 0 };
    char *t = dq(text);
    strcpy(r.err, "(untouched)");
    r.m = ak_scene_parse(t, strlen(t), "t.json", &r.d, r.err, sizeof r.err);
    free(t);
    return r;
}

static void unload(loaded *r) {
    ak_data_free(r->d);
    ak_model_free(r->m);
}

/// Asserts that text fails with exactly want.
static void expect_error(const char *text, const char *want) {
    loaded r = parse(text);
    cr_expect_null(r.m, "accepted: %s", text);
    cr_expect_null(r.d, "data set on failure: %s", text);
    cr_expect_str_eq(r.err, want, "for %s\n  got: %s", text, r.err);
    unload(&r);
}

/// A 4D scene around one body's JSON (or around several, comma-separated).
static char *scene4(const char *bodies) {
    static char buf[8192];
    snprintf(buf, sizeof buf, "{'format': 'anakata-scene/1', 'dim': 4, 'bodies': [%s]}", bodies);
    return buf;
}

static char *scene_dim(int dim, const char *extra, const char *bodies) {
    static char buf[8192];
    snprintf(buf, sizeof buf, "{'format': 'anakata-scene/1', 'dim': %d, %s 'bodies': [%s]}", dim,
             extra, bodies);
    return buf;
}

#define BALL "'shape': {'type': 'hypersphere', 'radius': 1}, 'mass': 1"

// ---------------------------------------------------------------------------------------------
// Good path

static const char *FULL =
    "{ '$schema': 'x', 'format': 'anakata-scene/1', 'dim': 4, 'title': 'Full', "
    "  'description': 'every field', '_comment': 'ignored',"
    "  'gravity': [0, -9.81, 0, 0.5], 'timestep': 0.002, 'integrator': 'rk4', 'duration': 3.5,"
    "  'bodies': ["
    "    { 'name': 'cube', 'shape': {'type': 'hyperbox', 'half_extents': [0.5, 0.25, 1.5, 2]},"
    "      'mass': 2.5, 'position': [1, 2, 3, 4], 'rotor': [0, 1, 0, 0, 0, 0, 0, 0],"
    "      'velocity': [0.1, 0.2, 0.3, 0.4], 'angular_velocity': [1, 2, 3, 4, 5, 6],"
    "      'material': {'friction': 0.3, 'static_friction': 0.7, 'restitution': 0.25},"
    "      'color': [0.1, 0.2, 0.3] },"
    "    { 'name': 'ball', 'shape': {'type': 'hypersphere', 'radius': 0.75}, 'density': 3 },"
    "    { 'name': 'pill', 'shape': {'type': 'hypercapsule', 'radius': 0.2, 'half_length': 0.6},"
    "      'density': 1, 'material': {'friction': 0.9} },"
    "    { 'name': 'tet', 'shape': {'type': 'convex', 'vertices': [[0,0,0,0],[1,0,0,0],[0,1,0,0],"
    "      [0,0,1,0],[0,0,0,1],[1,1,1,1]]}, 'mass': 1 },"
    "    { 'name': 'duo', 'shape': {'type': 'duocylinder', 'radii': [0.5, 0.3]}, 'mass': 4 },"
    "    { 'name': 'post', 'fixed': true, 'shape': {'type': 'hypersphere', 'radius': 1},"
    "      'position': [0, 0, 0, 9] },"
    "    { 'name': 'ground', 'shape': {'type': 'hyperplane', 'normal': [0, 2, 0, 0], 'offset': 1} }"
    "  ],"
    "  'forces': { 'drag': {'linear': 0.1, 'quadratic': 0.2, 'angular': 0.3},"
    "    'springs': [ {'body': 'ball', 'point': [0, 0.75, 0, 0], 'anchor': [0, 5, 0, 0],"
    "                  'stiffness': 100, 'damping': 2, 'rest_length': 1.5},"
    "                 {'body': 'cube', 'other': 'pill', 'stiffness': 10} ] },"
    "  'solver': { 'iterations': 30, 'baumgarte': 0.1, 'slop': 0.01, 'warm_start': false,"
    "              'restitution_threshold': 0.5, 'variant': 'published', 'method': 'pga' },"
    "  'camera': { 'position': [0, 1, 5, 0], 'rotations': [{'plane': 'xw', 'angle': 0.5}],"
    "              'fov': 45, 'slice': 0.25 },"
    "  'lights': [ {'direction': [0, 3, 0, 4], 'intensity': 0.5}, {'direction': [1, 0, 0, 0]} ]"
    "}";

Test(scene, every_field_lands_where_it_should) {
    loaded r = parse(FULL);
    cr_assert_not_null(r.m, "%s", r.err);
    cr_assert_not_null(r.d);
    const ak_model *m = r.m;
    const ak_data *d = r.d;
    cr_expect_eq(m->dim, 4);
    cr_expect_str_eq(m->title, "Full");
    cr_expect_str_eq(m->source, "t.json");
    double g[4] = { 0, -9.81, 0, 0.5 };
    for (int i = 0; i < 4; i++) cr_expect_eq(m->gravity[i], g[i]);
    cr_expect_eq(m->timestep, 0.002);
    cr_expect_eq(m->integrator, AK_INT_RK4);
    cr_expect_eq(m->duration, 3.5);
    cr_assert_eq(m->nbody, 7);

    const ak_body *cube = &m->bodies[0];
    cr_expect_str_eq(cube->name, "cube");
    cr_expect_eq(cube->shape.type, AK_SHAPE_HYPERBOX);
    cr_expect_eq(cube->shape.dim, 4);
    double he[4] = { 0.5, 0.25, 1.5, 2 };
    for (int i = 0; i < 4; i++) cr_expect_eq(cube->shape.half_extents[i], he[i]);
    // The loader also fills the mass properties (ak_model_compute_mass): the given mass stays,
    // the density is mass / volume of the box, 16 * 0.5 * 0.25 * 1.5 * 2 = 6.
    cr_expect_eq(cube->mass, 2.5);
    cr_expect(fabs(cube->density - 2.5 / 6.0) < 1e-15);
    cr_expect(fabs(cube->inv_mass - 1.0 / 2.5) < 1e-15);
    cr_expect(!cube->fixed);
    cr_expect_eq(cube->material.friction, 0.3);
    cr_expect_eq(cube->material.static_friction, 0.7);
    cr_expect_eq(cube->material.restitution, 0.25);
    double col[3] = { 0.1, 0.2, 0.3 };
    for (int i = 0; i < 3; i++) cr_expect_eq(cube->color[i], col[i]);
    double vel[4] = { 0.1, 0.2, 0.3, 0.4 };
    for (int i = 0; i < 4; i++) {
        cr_expect_eq(d->x[i], i + 1.0);
        cr_expect_eq(d->v[i], vel[i]);
    }
    for (int k = 0; k < 8; k++) cr_expect_eq(d->R[k], k == 1 ? 1.0 : 0.0, "R[%d]", k);
    for (int k = 0; k < 6; k++) cr_expect_eq(d->w[k], k + 1.0);

    const ak_body *ball = &m->bodies[1];
    cr_expect_eq(ball->shape.type, AK_SHAPE_HYPERSPHERE);
    cr_expect_eq(ball->shape.radius, 0.75);
    cr_expect_eq(ball->density, 3.0);
    // mass = density * volume of the 4-ball, pi^2/2 r^4.
    cr_expect(fabs(ball->mass - 3.0 * 3.14159265358979323846 * 3.14159265358979323846 / 2.0 *
                                    pow(0.75, 4)) < 1e-12);

    const ak_body *pill = &m->bodies[2];
    cr_expect_eq(pill->shape.type, AK_SHAPE_HYPERCAPSULE);
    cr_expect_eq(pill->shape.radius, 0.2);
    cr_expect_eq(pill->shape.half_length, 0.6);
    cr_expect_eq(pill->material.friction, 0.9);
    cr_expect_eq(pill->material.static_friction, 0.9, "static friction defaults to friction");
    cr_expect_eq(pill->material.restitution, 0.0);

    const ak_body *tet = &m->bodies[3];
    cr_expect_eq(tet->shape.type, AK_SHAPE_CONVEX);
    cr_assert_eq(tet->shape.nverts, 6);
    cr_expect_eq(tet->shape.verts, m->verts, "convex vertices point into model->verts");
    cr_expect_eq(m->nverts_total, 6);
    // Vertices are re-centred on the centroid (kept in shape_centroid): adding it back gives
    // the vertices as written.
    double last[4] = { 1, 1, 1, 1 };
    for (int i = 0; i < 4; i++) {
        cr_expect(fabs(tet->shape.verts[5 * 4 + i] + tet->shape_centroid[i] - last[i]) < 1e-15);
        cr_expect(fabs(tet->shape.verts[(i + 1) * 4 + i] + tet->shape_centroid[i] - 1.0) < 1e-15);
    }

    const ak_body *duo = &m->bodies[4];
    cr_expect_eq(duo->shape.type, AK_SHAPE_DUOCYLINDER);
    cr_expect_eq(duo->shape.radii[0], 0.5);
    cr_expect_eq(duo->shape.radii[1], 0.3);
    cr_expect_eq(duo->mass, 4.0);

    const ak_body *post = &m->bodies[5];
    cr_expect(post->fixed);
    cr_expect_eq(post->mass, 0.0);
    cr_expect_eq(d->x[5 * AK_MAX_DIM + 3], 9.0);

    const ak_body *ground = &m->bodies[6];
    cr_expect_eq(ground->shape.type, AK_SHAPE_HYPERPLANE);
    cr_expect(ground->fixed, "a hyperplane is fixed by default");
    // normal [0,2,0,0], offset 1 is the set 2y <= 1, i.e. unit normal e_y with offset 0.5.
    for (int i = 0; i < 4; i++) cr_expect_eq(ground->shape.normal[i], i == 1 ? 1.0 : 0.0);
    cr_expect_eq(ground->shape.offset, 0.5);

    cr_expect_eq(m->forces.linear_drag, 0.1);
    cr_expect_eq(m->forces.quadratic_drag, 0.2);
    cr_expect_eq(m->forces.angular_drag, 0.3);
    cr_assert_eq(m->forces.nspring, 2);
    const ak_spring *s0 = &m->forces.springs[0], *s1 = &m->forces.springs[1];
    cr_expect_eq(s0->body, 1);
    cr_expect_eq(s0->other, -1);
    cr_expect_eq(s0->point[1], 0.75);
    cr_expect_eq(s0->anchor[1], 5.0);
    cr_expect_eq(s0->stiffness, 100.0);
    cr_expect_eq(s0->damping, 2.0);
    cr_expect_eq(s0->rest_length, 1.5);
    cr_expect_eq(s1->body, 0);
    cr_expect_eq(s1->other, 2);
    cr_expect_eq(s1->damping, 0.0);
    cr_expect_eq(s1->rest_length, 0.0);
    for (int i = 0; i < 4; i++) cr_expect_eq(s1->point[i] + s1->anchor[i], 0.0);

    cr_expect_eq(m->solver.iterations, 30);
    cr_expect_eq(m->solver.baumgarte, 0.1);
    cr_expect_eq(m->solver.slop, 0.01);
    cr_expect(!m->solver.warm_start);
    cr_expect_eq(m->solver.restitution_threshold, 0.5);
    cr_expect_eq(m->solver.variant, AK_VARIANT_PUBLISHED);
    cr_expect_eq(m->solver.method, AK_SOLVER_PGA);

    cr_expect(m->view.has_camera);
    cr_expect_eq(m->view.position[2], 5.0);
    cr_expect_eq(m->view.fov_deg, 45.0);
    cr_expect_eq(m->view.slice, 0.25);
    // xw plane rotor by 0.5: cos(0.25) - sin(0.25) e_xw (nd.h's convention).
    cr_expect(fabs(m->view.rotor[0] - cos(0.25)) < ROUNDING_TOL);
    cr_expect(fabs(m->view.rotor[3] + sin(0.25)) < ROUNDING_TOL);
    cr_assert_eq(m->view.nlight, 2);
    cr_expect(fabs(m->view.light_dir[0][1] - 0.6) < ROUNDING_TOL);
    cr_expect(fabs(m->view.light_dir[0][3] - 0.8) < ROUNDING_TOL);
    cr_expect_eq(m->view.light_intensity[0], 0.5);
    cr_expect_eq(m->view.light_intensity[1], 1.0, "intensity defaults to 1");
    unload(&r);
}

Test(scene, defaults) {
    loaded r = parse(scene4("{" BALL "}, {'shape': {'type': 'hypersphere', 'radius': 1}, "
                            "'density': 1, 'material': {}}"));
    cr_assert_not_null(r.m, "%s", r.err);
    const ak_model *m = r.m;
    for (int i = 0; i < AK_MAX_DIM; i++) cr_expect_eq(m->gravity[i], 0.0);
    cr_expect_eq(m->timestep, 0.01);
    cr_expect_eq(m->integrator, AK_INT_CATTO);
    cr_expect_eq(m->duration, 10.0);
    cr_expect_str_eq(m->title, "");
    cr_expect_eq(m->solver.iterations, 10);
    cr_expect_eq(m->solver.baumgarte, 0.2);
    cr_expect_eq(m->solver.slop, 0.005);
    cr_expect(m->solver.warm_start);
    cr_expect_eq(m->solver.restitution_threshold, 1.0);
    cr_expect_eq(m->solver.variant, AK_VARIANT_CORRECTED);
    cr_expect_eq(m->solver.method, AK_SOLVER_VECTOR);
    cr_expect_eq(m->solver.order, AK_ORDER_SEQUENTIAL);
    cr_expect(!m->view.has_camera);
    cr_expect_eq(m->view.nlight, 0);
    cr_expect_eq(m->forces.nspring, 0);
    cr_expect_eq(m->forces.linear_drag, 0.0);
    for (int b = 0; b < 2; b++) {
        const ak_body *bd = &m->bodies[b];
        char want[16];
        snprintf(want, sizeof want, "body%d", b);
        cr_expect_str_eq(bd->name, want);
        cr_expect(!bd->fixed);
        cr_expect_eq(bd->material.friction, 0.5);
        cr_expect_eq(bd->material.static_friction, 0.5);
        cr_expect_eq(bd->material.restitution, 0.0);
        for (int i = 0; i < 3; i++) cr_expect(bd->color[i] >= 0.0 && bd->color[i] <= 1.0);
        for (int i = 0; i < 4; i++) {
            cr_expect_eq(r.d->x[b * AK_MAX_DIM + i], 0.0);
            cr_expect_eq(r.d->v[b * AK_MAX_DIM + i], 0.0);
        }
        for (int k = 0; k < 8; k++) cr_expect_eq(r.d->R[b * AK_MAX_EVEN + k], k == 0 ? 1.0 : 0.0);
        for (int k = 0; k < 6; k++) cr_expect_eq(r.d->w[b * AK_MAX_BIV + k], 0.0);
    }
    cr_expect_neq(memcmp(m->bodies[0].color, m->bodies[1].color, sizeof m->bodies[0].color), 0,
                  "default colours differ between consecutive bodies");
    unload(&r);
}

/// The rotation matrix of the plane rotation (i, j, t): e_i -> cos t e_i + sin t e_j,
/// e_j -> -sin t e_i + cos t e_j (written out here, independently of nd.c).
static void plane_matrix(int n, double M[], int i, int j, double t) {
    for (int a = 0; a < n * n; a++) M[a] = 0.0;
    for (int a = 0; a < n; a++) M[a * n + a] = 1.0;
    M[i * n + i] = cos(t);
    M[j * n + j] = cos(t);
    M[j * n + i] = sin(t); // column i is the image of e_i
    M[i * n + j] = -sin(t);
}

static void matmul(int n, double out[], const double A[], const double B[]) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            double s = 0.0;
            for (int k = 0; k < n; k++) s += A[r * n + k] * B[k * n + c];
            out[r * n + c] = s;
        }
}

Test(scene, rotations_apply_in_listed_order) {
    // xy by 90 degrees then yz by 90 degrees takes e_x to e_y and then to e_z; the other order
    // would leave e_x at e_y.
    loaded r = parse(scene4("{" BALL ", 'rotations': [{'plane': 'xy', 'angle': 1.5707963267948966},"
                            " {'plane': 'yz', 'angle': 1.5707963267948966}]}"));
    cr_assert_not_null(r.m, "%s", r.err);
    double ex[4] = { 1, 0, 0, 0 }, out[4];
    ak_nd_rotor_apply(4, out, r.d->R, ex);
    double want[4] = { 0, 0, 1, 0 };
    for (int i = 0; i < 4; i++) cr_expect(fabs(out[i] - want[i]) < ROUNDING_TOL, "x -> %g", out[i]);
    unload(&r);

    // Three rotations, one with a reversed pair ("wx"), against the product of plane matrices.
    r = parse(scene4("{" BALL ", 'rotations': [{'plane': 'xz', 'angle': 0.3}, "
                     "{'plane': 'wx', 'angle': -1.1}, {'plane': 'yw', 'angle': 2.2}]}"));
    cr_assert_not_null(r.m, "%s", r.err);
    double M1[16], M2[16], M3[16], T[16], W[16], got[16];
    plane_matrix(4, M1, 0, 2, 0.3);
    plane_matrix(4, M2, 3, 0, -1.1);
    plane_matrix(4, M3, 1, 3, 2.2);
    matmul(4, T, M2, M1);
    matmul(4, W, M3, T);
    ak_nd_rotor_to_matrix(4, got, r.d->R);
    for (int a = 0; a < 16; a++) cr_expect(fabs(got[a] - W[a]) < ROUNDING_TOL, "entry %d", a);
    unload(&r);
}

Test(scene, huge_normal_is_normalised_without_overflow) {
    // |n|^2 overflows for n = (0, 1e200, 0, 1e200); the set {n.x <= 1e200} is {(y + w)/sqrt 2 <=
    // 1/sqrt 2}.
    loaded r = parse(scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1e200, 0, 1e200], "
                            "'offset': 1e200}}"));
    cr_assert_not_null(r.m, "%s", r.err);
    const ak_shape *s = &r.m->bodies[0].shape;
    cr_expect(fabs(s->normal[1] - sqrt(0.5)) < ROUNDING_TOL);
    cr_expect(fabs(s->normal[3] - sqrt(0.5)) < ROUNDING_TOL);
    cr_expect(fabs(s->offset - sqrt(0.5)) < ROUNDING_TOL);
    unload(&r);
}

Test(scene, near_unit_rotor_is_normalised) {
    // 0.70710678 is 1/sqrt(2) to 8 digits: R R~ = 0.99999999..., within the tolerance.
    loaded r = parse(scene4("{" BALL ", 'rotor': [0.70710678, 0.70710678, 0, 0, 0, 0, 0, 0]}"));
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect(fabs(ak_nd_rotor_norm2(4, r.d->R) - 1.0) < ROUNDING_TOL);
    cr_expect(fabs(r.d->R[0] - sqrt(0.5)) < ROUNDING_TOL);
    unload(&r);
}

Test(scene, other_dimensions) {
    loaded r = parse(scene_dim(2, "'gravity': [0, -1],",
                               "{" BALL ", 'rotor': [0, 1], "
                               "'angular_velocity': [3], 'position': [1, 2]}"));
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect_eq(r.m->dim, 2);
    cr_expect_eq(r.d->R[1], 1.0);
    cr_expect_eq(r.d->w[0], 3.0);
    unload(&r);
    r = parse(scene_dim(3, "",
                        "{" BALL ", 'rotations': [{'plane': 'zx', 'angle': 1}], "
                        "'angular_velocity': [1, 2, 3]}, {'shape': {'type': 'convex', "
                        "'vertices': [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]}, 'density': 2}"));
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect_eq(r.m->bodies[1].shape.nverts, 4);
    cr_expect_eq(r.d->w[AK_MAX_BIV * 0 + 2], 3.0);
    unload(&r);
    double R5[16] = { 0 };
    R5[0] = 1.0;
    r = parse(scene_dim(5, "'gravity': [0, 0, 0, 0, -1],",
                        "{" BALL ", 'rotor': [1, 0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0], "
                        "'angular_velocity': [1,2,3,4,5,6,7,8,9,10], "
                        "'rotations': null}"));
    cr_expect_null(r.m, "rotor and rotations together are refused");
    unload(&r);
    r = parse(scene_dim(5, "'gravity': [0, 0, 0, 0, -1],",
                        "{" BALL ", 'rotor': [1, 0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0], "
                        "'angular_velocity': [1,2,3,4,5,6,7,8,9,10], "
                        "'velocity': [0,0,0,0,7]}"));
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect_eq(r.m->gravity[4], -1.0);
    cr_expect_eq(r.d->w[9], 10.0);
    cr_expect_eq(r.d->v[4], 7.0);
    for (int k = 0; k < 16; k++) cr_expect_eq(r.d->R[k], R5[k]);
    unload(&r);
}

Test(scene, two_convex_bodies_share_the_vertex_store) {
    loaded r = parse(scene_dim(
        2, "",
        "{'shape': {'type': 'convex', 'vertices': [[0,0],[1,0],[0,1]]}, 'mass': 1},"
        "{" BALL "},"
        "{'shape': {'type': 'convex', 'vertices': [[5,5],[6,5],[5,6],[6,6]]}, 'mass': 1}"));
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect_eq(r.m->nverts_total, 7);
    cr_expect_eq(r.m->bodies[0].shape.verts, r.m->verts);
    cr_expect_eq(r.m->bodies[2].shape.verts, r.m->verts + 3 * 2);
    // The unit square's centroid is (5.5, 5.5): its last vertex (6, 6) becomes (0.5, 0.5).
    cr_expect(fabs(r.m->bodies[2].shape.verts[7] - 0.5) < 1e-15);
    cr_expect(fabs(r.m->bodies[2].shape_centroid[1] - 5.5) < 1e-15);
    unload(&r);
}

Test(scene, model_only_and_no_error_buffer) {
    char *t = dq(scene4("{" BALL "}"));
    ak_model *m = ak_scene_parse(t, strlen(t), NULL, NULL, NULL, 0);
    cr_assert_not_null(m);
    cr_expect_str_eq(m->source, "");
    ak_model_free(m);
    cr_expect_null(ak_scene_parse("{", 1, NULL, NULL, NULL, 0));
    char err[64];
    ak_data *d = (ak_data *)&err; // must be reset to NULL
    cr_expect_null(ak_scene_parse("{", 1, NULL, &d, err, sizeof err));
    cr_expect_null(d);
    cr_expect_str_eq(err, "<scene>:1:2: JSON syntax error at the end of the input");
    // A short buffer is truncated, never overrun.
    char small[8];
    cr_expect_null(ak_scene_parse("{", 1, NULL, NULL, small, sizeof small));
    cr_expect_str_eq(small, "<scene>");
    free(t);
}

static const char *source_dir(void) {
    const char *s = getenv("AK_SOURCE_DIR");
    return s ? s : AK_SOURCE_DIR;
}

Test(scene, every_bundled_scene_loads) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/scenes", source_dir());
    DIR *dp = opendir(dir);
    cr_assert_not_null(dp, "cannot open %s", dir);
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") != 0) continue;
        char path[2048], err[AK_ERR_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ak_data *d = NULL;
        ak_model *m = ak_scene_load(path, &d, err, sizeof err);
        cr_expect_not_null(m, "%s", err);
        if (m) {
            cr_expect_str_eq(m->source, path);
            cr_expect_gt(m->nbody, 0, "%s has no bodies", path);
        }
        ak_data_free(d);
        ak_model_free(m);
        count++;
    }
    closedir(dp);
    cr_expect_geq(count, 4, "expected the bundled scenes in %s", dir);
}

Test(scene, bundled_dzhanibekov_cuboid_uses_half_of_ten_bosch_sizes) {
    // ten Bosch Fig. 5: "a 4D cuboid of size (1.1, 0.3, 2.5, 0.7)", side lengths; the format
    // takes half extents. All four Fig. 5 scenes use that one body, torque-free.
    const char *figs[] = { "a", "b", "c", "d" };
    for (int f = 0; f < 4; f++) {
        char path[1024], err[AK_ERR_MAX];
        snprintf(path, sizeof path, "%s/scenes/dzhanibekov_%s.json", source_dir(), figs[f]);
        ak_model *m = ak_scene_load(path, NULL, err, sizeof err);
        cr_assert_not_null(m, "%s", err);
        cr_assert_eq(m->nbody, 1, "%s", path);
        cr_expect_eq(m->bodies[0].shape.type, AK_SHAPE_HYPERBOX, "%s", path);
        double size[4] = { 1.1, 0.3, 2.5, 0.7 };
        for (int i = 0; i < 4; i++)
            cr_expect(fabs(2.0 * m->bodies[0].shape.half_extents[i] - size[i]) < ROUNDING_TOL,
                      "%s: side %d", path, i);
        for (int i = 0; i < 4; i++)
            cr_expect_eq(m->gravity[i], 0.0, "%s: torque-free, no gravity", path);
        ak_model_free(m);
    }
}

Test(scene, load_errors) {
    char err[AK_ERR_MAX];
    ak_data *d = NULL;
    cr_expect_null(ak_scene_load("/nonexistent/x.json", &d, err, sizeof err));
    cr_expect_str_eq(err, "/nonexistent/x.json: cannot open: No such file or directory");
    cr_expect_null(ak_scene_load(NULL, &d, err, sizeof err));
    cr_expect_str_eq(err, "(null): no scene path given");
    char dir[1024], want[1100];
    snprintf(dir, sizeof dir, "%s/scenes", source_dir());
    cr_expect_null(ak_scene_load(dir, &d, err, sizeof err));
    cr_expect_null(d);
    snprintf(want, sizeof want, "%s: is a directory, not a scene file", dir);
    cr_expect_str_eq(err, want);
    cr_expect_null(ak_scene_parse(NULL, 5, "t.json", &d, err, sizeof err));
    cr_expect_str_eq(err, "t.json: no text");
}

// ---------------------------------------------------------------------------------------------
// Syntax errors: file:line:column, the column counting bytes from 1.

Test(scene, syntax_errors_give_line_and_column) {
    // A missing comma: the error is at the second key, line 3 column 3.
    expect_error("{\n  'dim': 4\n  'bodies': []\n}",
                 "t.json:3:3: JSON syntax error near '\"bodies\": []'");
    // A trailing comma in an array: the parser stops at the ']' (line 2, column 16).
    expect_error("{'format': 'x',\n 'bodies': [1, ]}", "t.json:2:16: JSON syntax error near ']}'");
    // A bare word.
    expect_error("{\"dim\": four}", "t.json:1:9: JSON syntax error near 'four}'");
    // A string not closed on its line: reported at its opening quote (cJSON would run on to the
    // next quote and stop lines later).
    expect_error("{\n\n   'title': 'abc\n}", "t.json:3:13: JSON syntax error: a string not closed "
                                             "on its line (a missing '\"'?) near '\"abc'");
    expect_error("{\n 'title': 'abc,\n 'dim': 4,\n 'bodies': []\n}",
                 "t.json:2:11: JSON syntax error: a string not closed on its line (a missing "
                 "'\"'?) near '\"abc,'");
    // Where a key should start but something else does, the error is at that character (cJSON
    // points one past it, here the line's end); in an array, where the character is.
    expect_error("{\n 'dim': 4,\n  {\n}", "t.json:3:3: JSON syntax error near '{'");
    expect_error("{'a': [1,2x]}", "t.json:1:11: JSON syntax error near 'x]}'");
    expect_error("{,}", "t.json:1:2: JSON syntax error near ',}'");
    expect_error("{\n 'title': 'x',\n dim: 4}", "t.json:3:2: JSON syntax error near 'dim: 4}'");
    expect_error("{", "t.json:1:2: JSON syntax error at the end of the input");
    expect_error("   ", "t.json:1:4: JSON syntax error at the end of the input");
    expect_error("", "t.json:1:1: empty input, expected a JSON object");
    expect_error("{} {}", "t.json:1:4: unexpected text after the JSON value near '{}'");
    expect_error("{}\n\nx", "t.json:3:1: unexpected text after the JSON value near 'x'");
}

Test(scene, embedded_nul_is_a_syntax_error) {
    const char text[] = "{}\0{}";
    char err[AK_ERR_MAX];
    cr_expect_null(ak_scene_parse(text, sizeof text - 1, "t.json", NULL, err, sizeof err));
    cr_expect_str_eq(err, "t.json:1:3: JSON syntax error (a NUL byte) near '?{}'");
    const char text2[] = "{\"di\0m\": 4}";
    cr_expect_null(ak_scene_parse(text2, sizeof text2 - 1, "t.json", NULL, err, sizeof err));
    cr_expect_str_eq(err, "t.json:1:5: JSON syntax error (a NUL byte) near '?m\": 4}'");
}

// ---------------------------------------------------------------------------------------------
// Top level

Test(scene, top_level_errors) {
    expect_error("[1]", "t.json: expected a JSON object at the top level, got an array of 1");
    expect_error("{'dim': 4, 'bodies': []}",
                 "t.json: format: required field is missing (expected \"anakata-scene/1\")");
    expect_error("{'format': 'anakata-scene/2', 'dim': 4, 'bodies': []}",
                 "t.json: format: expected \"anakata-scene/1\", got \"anakata-scene/2\"");
    expect_error("{'format': 1, 'dim': 4, 'bodies': []}",
                 "t.json: format: expected \"anakata-scene/1\", got 1");
    expect_error("{'format': 'anakata-scene/1', 'dim': 4, 'bodies': [], 'gravit': [0,0,0,0]}",
                 "t.json: unknown key \"gravit\" (a scene has: $schema, format, dim, title, "
                 "description, gravity, timestep, integrator, duration, bodies, forces, solver, "
                 "sleep, camera, lights)");
    expect_error("{'format': 'anakata-scene/1', 'dim': 4, 'dim': 3, 'bodies': []}",
                 "t.json: dim: duplicate key");
    expect_error("{'format': 'anakata-scene/1', 'bodies': []}",
                 "t.json: dim: required field is missing (expected an integer in [2, 5])");
    expect_error("{'format': 'anakata-scene/1', 'dim': 6, 'bodies': []}",
                 "t.json: dim: expected an integer in [2, 5], got 6");
    expect_error("{'format': 'anakata-scene/1', 'dim': 1, 'bodies': []}",
                 "t.json: dim: expected an integer in [2, 5], got 1");
    expect_error("{'format': 'anakata-scene/1', 'dim': 3.5, 'bodies': []}",
                 "t.json: dim: expected an integer in [2, 5], got 3.5");
    expect_error("{'format': 'anakata-scene/1', 'dim': '4', 'bodies': []}",
                 "t.json: dim: expected an integer in [2, 5], got \"4\"");
    expect_error("{'format': 'anakata-scene/1', 'dim': 4}",
                 "t.json: bodies: required field is missing (expected an array)");
    expect_error("{'format': 'anakata-scene/1', 'dim': 4, 'bodies': {}}",
                 "t.json: bodies: expected an array of at most 1000000 bodies, got an object");
    expect_error(scene_dim(4, "'gravity': [0, -9.81, 0],", ""),
                 "t.json: gravity: expected an array of 4 numbers (dim is 4), got an array of 3");
    expect_error(scene_dim(4, "'gravity': [0, -9.81, 0, 'down'],", ""),
                 "t.json: gravity[3]: expected a number, got \"down\"");
    expect_error(scene_dim(4, "'gravity': [0, -1e999, 0, 0],", ""),
                 "t.json: gravity[1]: expected a finite number, got -inf");
    expect_error(scene_dim(4, "'timestep': 0,", ""),
                 "t.json: timestep: expected a number in (0, 1] (seconds), got 0");
    expect_error(scene_dim(4, "'timestep': 2,", ""),
                 "t.json: timestep: expected a number in (0, 1] (seconds), got 2");
    expect_error(scene_dim(4, "'timestep': 1e400,", ""),
                 "t.json: timestep: expected a finite number, got inf");
    expect_error(scene_dim(4, "'duration': -1,", ""),
                 "t.json: duration: expected a positive number, got -1");
    expect_error(scene_dim(4, "'title': 7,", ""), "t.json: title: expected a string, got 7");
    expect_error(scene_dim(4, "'description': ['a'],", ""),
                 "t.json: description: expected a string, got an array of 1");
    // an integrator the engine does not have is refused here, with the names it has
#define INTEGRATORS_WANTED "one of \"thesis\", \"catto\", \"rk4\", \"exp\", \"gsl\""
    expect_error(scene_dim(4, "'integrator': 'verlet',", ""),
                 "t.json: integrator: expected " INTEGRATORS_WANTED ", got \"verlet\"");
    expect_error(scene_dim(4, "'integrator': 'Semi Implicit',", ""),
                 "t.json: integrator: expected " INTEGRATORS_WANTED ", got \"Semi Implicit\"");
    expect_error(scene_dim(4, "'integrator': '',", ""),
                 "t.json: integrator: expected " INTEGRATORS_WANTED ", got \"\"");
    expect_error(scene_dim(4, "'integrator': 'CATTO',", ""),
                 "t.json: integrator: expected " INTEGRATORS_WANTED ", got \"CATTO\"");
    expect_error(scene_dim(4, "'integrator': 1,", ""),
                 "t.json: integrator: expected " INTEGRATORS_WANTED ", got 1");
}

// ---------------------------------------------------------------------------------------------
// Bodies

Test(scene, body_errors) {
    expect_error(scene4("3"), "t.json: bodies[0]: expected an object, got 3");
    expect_error(scene4("{'mass': 1}"),
                 "t.json: bodies[0].shape: required field is missing (expected an object)");
    expect_error(scene4("{" BALL ", 'colour': [1, 0, 0]}"),
                 "t.json: bodies[0]: unknown key \"colour\" (a body has: name, shape, mass, "
                 "density, position, rotor, rotations, velocity, angular_velocity, fixed, "
                 "material, color)");
    expect_error(scene4("{" BALL ", 'mass': 2}"), "t.json: bodies[0].mass: duplicate key");
    expect_error(scene4("{'shape': {'type': 'hypersphere', 'radius': 1}, 'mass': 1, 'density': 2}"),
                 "t.json: bodies[0]: give either \"mass\" or \"density\", not both");
    expect_error(
        scene4("{'shape': {'type': 'hypersphere', 'radius': 1}}"),
        "t.json: bodies[0]: a movable body needs \"mass\" or \"density\" (or \"fixed\": true)");
    expect_error(scene4("{'shape': {'type': 'hypersphere', 'radius': 1}, 'mass': 0}"),
                 "t.json: bodies[0].mass: expected a positive number, got 0");
    expect_error(scene4("{'shape': {'type': 'hypersphere', 'radius': 1}, 'density': -2}"),
                 "t.json: bodies[0].density: expected a positive number, got -2");
    expect_error(scene4("{'shape': {'type': 'hypersphere', 'radius': 1}, 'mass': '1 kg'}"),
                 "t.json: bodies[0].mass: expected a positive number, got \"1 kg\"");
    expect_error(scene4("{'shape': {'type': 'hypersphere', 'radius': 1}, 'mass': 1e309}"),
                 "t.json: bodies[0].mass: expected a finite number, got inf");
    expect_error(scene4("{" BALL ", 'fixed': 1}"),
                 "t.json: bodies[0].fixed: expected true or false, got 1");
    expect_error(
        scene4("{" BALL ", 'position': [1, 2, 3]}"),
        "t.json: bodies[0].position: expected an array of 4 numbers (dim is 4), got an array of 3");
    expect_error(scene4("{" BALL ", 'position': [1, 2, 3, null]}"),
                 "t.json: bodies[0].position[3]: expected a number, got null");
    expect_error(
        scene4("{" BALL ", 'position': 'origin'}"),
        "t.json: bodies[0].position: expected an array of 4 numbers (dim is 4), got \"origin\"");
    expect_error(
        scene4("{" BALL ", 'velocity': [0, 0, 0, 0, 0]}"),
        "t.json: bodies[0].velocity: expected an array of 4 numbers (dim is 4), got an array of 5");
    expect_error(scene4("{" BALL ", 'velocity': [0, 0, 0, 1e500]}"),
                 "t.json: bodies[0].velocity[3]: expected a finite number, got inf");
    expect_error(scene4("{" BALL ", 'angular_velocity': [0, 0, 0, 0]}"),
                 "t.json: bodies[0].angular_velocity: expected an array of 6 numbers (a bivector "
                 "in dim 4), got an array of 4");
    expect_error(
        scene4("{" BALL ", 'name': 'a'}, {" BALL ", 'name': 'b'}, {" BALL ", 'name': 'a'}"),
        "t.json: bodies[2].name: duplicate name \"a\" (also bodies[0])");
    expect_error(scene4("{" BALL "}, {" BALL ", 'name': 'body0'}"),
                 "t.json: bodies[1].name: duplicate name \"body0\" (also bodies[0])");
    expect_error(scene4("{" BALL ", 'name': 'a,b'}"),
                 "t.json: bodies[0].name: expected a non-empty name of letters, digits, '_', '-' "
                 "and '.', got \"a,b\"");
    expect_error(scene4("{" BALL ", 'name': ''}"),
                 "t.json: bodies[0].name: expected a non-empty name of letters, digits, '_', '-' "
                 "and '.', got \"\"");
    expect_error(scene4("{" BALL ", 'name': 12}"),
                 "t.json: bodies[0].name: expected a string, got 12");
    expect_error(scene4("{" BALL ", 'name': "
                        "'n123456789012345678901234567890123456789012345678901234567890123'}"),
                 "t.json: bodies[0].name: expected a string of at most 63 characters, got 64");
    expect_error(scene4("{" BALL ", 'material': {'friction': -0.1}}"),
                 "t.json: bodies[0].material.friction: expected a non-negative number, got -0.1");
    expect_error(
        scene4("{" BALL ", 'material': {'static_friction': true}}"),
        "t.json: bodies[0].material.static_friction: expected a non-negative number, got true");
    expect_error(scene4("{" BALL ", 'material': {'restitution': 1.5}}"),
                 "t.json: bodies[0].material.restitution: expected a number in [0, 1], got 1.5");
    expect_error(scene4("{" BALL ", 'material': {'bounce': 1}}"),
                 "t.json: bodies[0].material: unknown key \"bounce\" (a material has: friction, "
                 "static_friction, restitution)");
    expect_error(scene4("{" BALL ", 'material': 0.5}"),
                 "t.json: bodies[0].material: expected an object, got 0.5");
    expect_error(scene4("{" BALL ", 'color': [1, 2, 0]}"),
                 "t.json: bodies[0].color[1]: expected a number in [0, 1], got 2");
    expect_error(
        scene4("{" BALL ", 'color': [1, 0, 0, 1]}"),
        "t.json: bodies[0].color: expected an array of 3 numbers (linear RGB), got an array of 4");
}

Test(scene, fixed_body_errors) {
    expect_error(
        scene4("{'fixed': true, 'shape': {'type': 'hypersphere', 'radius': 1}, 'mass': 1}"),
        "t.json: bodies[0].mass: a fixed body has no mass or density (it never moves); "
        "remove \"mass\"");
    expect_error(
        scene4("{'fixed': true, 'shape': {'type': 'hypersphere', 'radius': 1}, 'density': 1}"),
        "t.json: bodies[0].density: a fixed body has no mass or density (it never moves); "
        "remove \"density\"");
    expect_error(scene4("{'fixed': true, 'shape': {'type': 'hypersphere', 'radius': 1}, "
                        "'velocity': [0, 1, 0, 0]}"),
                 "t.json: bodies[0].velocity: a fixed body never moves; its velocity must be zero");
    expect_error(scene4("{'fixed': true, 'shape': {'type': 'hypersphere', 'radius': 1}, "
                        "'angular_velocity': [0, 0, 0, 0, 0, 1]}"),
                 "t.json: bodies[0].angular_velocity: a fixed body never moves; its angular "
                 "velocity must be zero");
    expect_error(
        scene4("{'fixed': false, 'shape': {'type': 'hyperplane', 'normal': [0, 1, 0, 0]}}"),
        "t.json: bodies[0].fixed: a hyperplane is always fixed (remove \"fixed\": false)");
    expect_error(scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1, 0, 0]}, 'mass': 1}"),
                 "t.json: bodies[0].mass: a fixed body has no mass or density (it never moves); "
                 "remove \"mass\"");
    expect_error(scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1, 0, 0]}, "
                        "'position': [0, 1, 0, 0]}"),
                 "t.json: bodies[0].position: a hyperplane is placed by its normal and offset "
                 "(world frame); remove \"position\"");
    expect_error(scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1, 0, 0]}, "
                        "'rotations': []}"),
                 "t.json: bodies[0].rotations: a hyperplane is placed by its normal and offset "
                 "(world frame); remove \"rotations\"");
}

Test(scene, shape_errors) {
    expect_error(scene4("{'shape': 'ball', 'mass': 1}"),
                 "t.json: bodies[0].shape: expected an object, got \"ball\"");
    expect_error(scene4("{'shape': {'radius': 1}, 'mass': 1}"),
                 "t.json: bodies[0].shape.type: required field is missing (expected one of "
                 "\"hypersphere\", \"hypercapsule\", \"hyperbox\", \"hyperplane\", \"convex\", "
                 "\"duocylinder\", \"polytope\")");
    expect_error(scene4("{'shape': {'type': 'cube'}, 'mass': 1}"),
                 "t.json: bodies[0].shape.type: unknown shape type \"cube\" (expected one of "
                 "\"hypersphere\", \"hypercapsule\", \"hyperbox\", \"hyperplane\", \"convex\", "
                 "\"duocylinder\", \"polytope\")");
    expect_error(scene4("{'shape': {'type': 2}, 'mass': 1}"),
                 "t.json: bodies[0].shape.type: expected one of \"hypersphere\", \"hypercapsule\", "
                 "\"hyperbox\", \"hyperplane\", \"convex\", \"duocylinder\", \"polytope\", got 2");
    expect_error(
        scene4("{'shape': {'type': 'hypersphere', 'radius': 1, 'half_length': 1}, 'mass': 1}"),
        "t.json: bodies[0].shape: unknown key \"half_length\" (a hypersphere shape has: "
        "type, radius)");
    expect_error(
        scene4("{'shape': {'type': 'hypersphere'}, 'mass': 1}"),
        "t.json: bodies[0].shape.radius: required field is missing (expected a positive number)");
    expect_error(scene4("{" BALL "}, {" BALL
                        "}, {'shape': {'type': 'hypersphere', 'radius': -1}, 'mass': 1}"),
                 "t.json: bodies[2].shape.radius: expected a positive number, got -1");
    expect_error(scene4("{'shape': {'type': 'hypersphere', 'radius': [1]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.radius: expected a positive number, got an array of 1");
    expect_error(
        scene4("{'shape': {'type': 'hypercapsule', 'radius': 1, 'half_length': 0}, 'mass': 1}"),
        "t.json: bodies[0].shape.half_length: expected a positive number, got 0");
    expect_error(scene4("{'shape': {'type': 'hypercapsule', 'radius': 0.5}, 'mass': 1}"),
                 "t.json: bodies[0].shape.half_length: required field is missing (expected a "
                 "positive number)");
    expect_error(scene4("{'shape': {'type': 'hyperbox', 'half_extents': [1, 0, 1, 1]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.half_extents[1]: expected a positive number, got 0");
    expect_error(
        scene4("{'shape': {'type': 'hyperbox', 'half_extents': [1, 1, -2, 1]}, 'mass': 1}"),
        "t.json: bodies[0].shape.half_extents[2]: expected a positive number, got -2");
    expect_error(scene4("{'shape': {'type': 'hyperbox', 'half_extents': [1, 1, 1]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.half_extents: expected an array of 4 numbers (dim is 4), "
                 "got an array of 3");
    expect_error(scene4("{'shape': {'type': 'hyperbox'}, 'mass': 1}"),
                 "t.json: bodies[0].shape.half_extents: required field is missing (expected an "
                 "array of 4 numbers)");
    expect_error(scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 0, 0, 0]}}"),
                 "t.json: bodies[0].shape.normal: expected a non-zero normal, got length 0");
    expect_error(
        scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1e-8, 0, 0], 'offset': 1e305}}"),
        "t.json: bodies[0].shape.offset: offset / |normal| overflows (offset 1e+305, "
        "|normal| 1e-08)");
    expect_error(scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1, 0]}}"),
                 "t.json: bodies[0].shape.normal: expected an array of 4 numbers (dim is 4), got "
                 "an array of 3");
    expect_error(
        scene4("{'shape': {'type': 'hyperplane', 'normal': [0, 1, 0, 0], 'offset': 'up'}}"),
        "t.json: bodies[0].shape.offset: expected a number, got \"up\"");
    expect_error(
        scene_dim(3, "", "{'shape': {'type': 'duocylinder', 'radii': [1, 1]}, 'mass': 1}"),
        "t.json: bodies[0].shape.type: a duocylinder exists only in dim 4 (this scene has dim 3)");
    expect_error(
        scene_dim(5, "", "{'shape': {'type': 'duocylinder', 'radii': [1, 1]}, 'mass': 1}"),
        "t.json: bodies[0].shape.type: a duocylinder exists only in dim 4 (this scene has dim 5)");
    expect_error(scene4("{'shape': {'type': 'duocylinder', 'radii': [1, -1]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.radii[1]: expected a positive number, got -1");
    expect_error(scene4("{'shape': {'type': 'duocylinder', 'radii': [1]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.radii: expected an array of 2 numbers (r_xy, r_zw), got "
                 "an array of 1");
    expect_error(scene4("{'shape': {'type': 'convex', 'vertices': [[0,0,0,0],[1,0,0,0],[0,1,0,0],"
                        "[0,0,1,0]]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.vertices: expected an array of at least 5 vertices (n+1 "
                 "in dim 4), got an array of 4");
    expect_error(scene4("{'shape': {'type': 'convex', 'vertices': [[0,0,0,0],[1,0,0,0],[0,1,0],"
                        "[0,0,1,0],[0,0,0,1]]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.vertices[2]: expected an array of 4 numbers (dim is 4), "
                 "got an array of 3");
    expect_error(scene4("{'shape': {'type': 'convex', 'vertices': [[0,0,0,0],[1,0,0,0],[0,1,0,0],"
                        "[0,0,1,0],[0,0,0,'a']]}, 'mass': 1}"),
                 "t.json: bodies[0].shape.vertices[4][3]: expected a number, got \"a\"");
    expect_error(scene4("{'shape': {'type': 'convex', 'vertices': {}}, 'mass': 1}"),
                 "t.json: bodies[0].shape.vertices: expected an array of at least 5 vertices (n+1 "
                 "in dim 4), got an object");
    expect_error(scene4("{'shape': {'type': 'convex'}, 'mass': 1}"),
                 "t.json: bodies[0].shape.vertices: required field is missing (expected an array "
                 "of at least 5 vertices (n+1 in dim 4))");
    // More vertices than AK_SCENE_MAX_VERTS.
    size_t cap = 20 * (AK_SCENE_MAX_VERTS + 2) + 256;
    char *big = malloc(cap), *p = big;
    p += sprintf(p, "{'format': 'anakata-scene/1', 'dim': 4, 'bodies': [{'shape': {'type': "
                    "'convex', 'vertices': [");
    for (int i = 0; i <= AK_SCENE_MAX_VERTS; i++) p += sprintf(p, "%s[%d,0,0,0]", i ? "," : "", i);
    sprintf(p, "]}, 'mass': 1}]}");
    expect_error(big, "t.json: bodies[0].shape.vertices: expected at most 1024 vertices, got 1025");
    free(big);
}

Test(scene, orientation_errors) {
    expect_error(scene4("{" BALL ", 'rotor': [1, 0, 0, 0]}"),
                 "t.json: bodies[0].rotor: expected an array of 8 numbers (a rotor in dim 4), got "
                 "an array of 4");
    expect_error(scene4("{" BALL ", 'rotor': [2, 0, 0, 0, 0, 0, 0, 0]}"),
                 "t.json: bodies[0].rotor: expected a unit rotor (R R~ = 1 within 1e-06), but R R~ "
                 "- 1 has a component of size 3");
    expect_error(scene4("{" BALL ", 'rotor': [0, 0, 0, 0, 0, 0, 0, 0]}"),
                 "t.json: bodies[0].rotor: expected a unit rotor (R R~ = 1 within 1e-06), but R R~ "
                 "- 1 has a component of size 1");
    // s + xyzw with s^2 + p^2 = 1 has unit scalar part but R R~ = 1 + 2 s p xyzw: not a rotation.
    expect_error(scene4("{" BALL ", 'rotor': [0.6, 0, 0, 0, 0, 0, 0, 0.8]}"),
                 "t.json: bodies[0].rotor: expected a unit rotor (R R~ = 1 within 1e-06), but R R~ "
                 "- 1 has a component of size 0.96");
    expect_error(scene4("{" BALL ", 'rotor': [1, 0, 0, 0, 0, 0, 0, 0], 'rotations': []}"),
                 "t.json: bodies[0]: give either \"rotor\" or \"rotations\", not both");
    expect_error(scene4("{" BALL ", 'rotations': {'plane': 'xy', 'angle': 1}}"),
                 "t.json: bodies[0].rotations: expected an array of {\"plane\", \"angle\"} "
                 "objects, got an object");
    expect_error(scene4("{" BALL ", 'rotations': [{'plane': 'xq', 'angle': 1}]}"),
                 "t.json: bodies[0].rotations[0].plane: expected a plane name of two different "
                 "axes from \"xyzwv\", got \"xq\"");
    expect_error(
        scene4("{" BALL
               ", 'rotations': [{'plane': 'xy', 'angle': 1}, {'plane': 'xx', 'angle': 1}]}"),
        "t.json: bodies[0].rotations[1].plane: expected a plane name of two different "
        "axes from \"xyzwv\", got \"xx\"");
    expect_error(scene4("{" BALL ", 'rotations': [{'plane': 'xyz', 'angle': 1}]}"),
                 "t.json: bodies[0].rotations[0].plane: expected a plane name of two different "
                 "axes from \"xyzwv\", got \"xyz\"");
    expect_error(
        scene4("{" BALL ", 'rotations': [{'plane': 'a very long plane name', 'angle': 1}]}"),
        "t.json: bodies[0].rotations[0].plane: expected a plane name of two different "
        "axes from \"xyzwv\", got \"a very long plane name\"");
    expect_error(scene4("{" BALL ", 'rotations': [{'plane': 5, 'angle': 1}]}"),
                 "t.json: bodies[0].rotations[0].plane: expected a string, got 5");
    expect_error(
        scene4("{" BALL ", 'rotations': [{'plane': 'xv', 'angle': 1}]}"),
        "t.json: bodies[0].rotations[0].plane: plane \"xv\" is not in dim 4 (its axes are xyzw)");
    expect_error(
        scene_dim(3, "", "{" BALL ", 'rotations': [{'plane': 'zw', 'angle': 1}]}"),
        "t.json: bodies[0].rotations[0].plane: plane \"zw\" is not in dim 3 (its axes are xyz)");
    expect_error(
        scene4("{" BALL ", 'rotations': [{'plane': 'xy'}]}"),
        "t.json: bodies[0].rotations[0].angle: required field is missing (expected a number)");
    expect_error(scene4("{" BALL ", 'rotations': [{'plane': 'xy', 'angle': '90deg'}]}"),
                 "t.json: bodies[0].rotations[0].angle: expected a number, got \"90deg\"");
    expect_error(
        scene4("{" BALL ", 'rotations': [{'plane': 'xy', 'angle': 1, 'degrees': true}]}"),
        "t.json: bodies[0].rotations[0]: unknown key \"degrees\" (a rotation has: plane, angle)");
    expect_error(scene4("{" BALL ", 'rotations': [[0, 1]]}"),
                 "t.json: bodies[0].rotations[0]: expected an object, got an array of 2");
}

// ---------------------------------------------------------------------------------------------
// Other sections

#define TWO "{" BALL ", 'name': 'a'}, {" BALL ", 'name': 'b'}"

static char *with_section(const char *section) {
    static char buf[8192];
    snprintf(buf, sizeof buf, "{'format': 'anakata-scene/1', 'dim': 4, 'bodies': [" TWO "], %s}",
             section);
    return buf;
}

Test(scene, forces_errors) {
    expect_error(with_section("'forces': []"),
                 "t.json: forces: expected an object, got an array of 0");
    expect_error(with_section("'forces': {'wind': 1}"),
                 "t.json: forces: unknown key \"wind\" (\"forces\" has: drag, springs)");
    expect_error(with_section("'forces': {'drag': {'linear': -1}}"),
                 "t.json: forces.drag.linear: expected a non-negative number, got -1");
    expect_error(
        with_section("'forces': {'drag': {'cubic': 1}}"),
        "t.json: forces.drag: unknown key \"cubic\" (\"drag\" has: linear, quadratic, angular)");
    expect_error(
        with_section("'forces': {'springs': [{'body': 'c', 'stiffness': 1}]}"),
        "t.json: forces.springs[0].body: expected the name of a body in \"bodies\", got \"c\"");
    expect_error(with_section("'forces': {'springs': [{'stiffness': 1}]}"),
                 "t.json: forces.springs[0].body: required field is missing (expected a string)");
    expect_error(with_section("'forces': {'springs': [{'body': 0, 'stiffness': 1}]}"),
                 "t.json: forces.springs[0].body: expected a body name, got 0");
    expect_error(
        with_section("'forces': {'springs': [{'body': 'a', 'stiffness': 1}, "
                     "{'body': 'a', 'other': 'z', 'stiffness': 1}]}"),
        "t.json: forces.springs[1].other: expected the name of a body in \"bodies\", got \"z\"");
    expect_error(
        with_section("'forces': {'springs': [{'body': 'a', 'other': 'a', 'stiffness': 1}]}"),
        "t.json: forces.springs[0].other: a spring joins two different bodies (both are \"a\")");
    expect_error(with_section("'forces': {'springs': [{'body': 'a'}]}"),
                 "t.json: forces.springs[0].stiffness: required field is missing (expected a "
                 "non-negative number)");
    expect_error(
        with_section("'forces': {'springs': [{'body': 'a', 'stiffness': 1, 'damping': -3}]}"),
        "t.json: forces.springs[0].damping: expected a non-negative number, got -3");
    expect_error(
        with_section("'forces': {'springs': [{'body': 'a', 'stiffness': 1, 'point': [1]}]}"),
        "t.json: forces.springs[0].point: expected an array of 4 numbers (dim is 4), got "
        "an array of 1");
    char many[8192] = "'forces': {'springs': [";
    for (int i = 0; i <= AK_MAX_SPRINGS; i++)
        strcat(many, i ? ", {'body': 'a', 'stiffness': 1}" : "{'body': 'a', 'stiffness': 1}");
    strcat(many, "]}");
    expect_error(
        with_section(many),
        "t.json: forces.springs: expected an array of at most 64 springs, got an array of 65");
}

Test(scene, solver_camera_light_errors) {
    expect_error(with_section("'solver': {'iterations': 0}"),
                 "t.json: solver.iterations: expected an integer in [1, 10000], got 0");
    expect_error(with_section("'solver': {'iterations': 2.5}"),
                 "t.json: solver.iterations: expected an integer in [1, 10000], got 2.5");
    expect_error(with_section("'solver': {'baumgarte': 2}"),
                 "t.json: solver.baumgarte: expected a number in [0, 1], got 2");
    expect_error(with_section("'solver': {'slop': -0.1}"),
                 "t.json: solver.slop: expected a non-negative number, got -0.1");
    expect_error(with_section("'solver': {'warm_start': 'yes'}"),
                 "t.json: solver.warm_start: expected true or false, got \"yes\"");
    expect_error(
        with_section("'solver': {'variant': 'fast'}"),
        "t.json: solver.variant: expected one of \"corrected\", \"published\", got \"fast\"");
    expect_error(
        with_section("'solver': {'method': 3}"),
        "t.json: solver.method: expected one of \"vector\", \"pga\", \"converged\", got 3");
    expect_error(with_section("'solver': {'method': 'sparse'}"),
                 "t.json: solver.method: expected one of \"vector\", \"pga\", \"converged\", got "
                 "\"sparse\"");
    expect_error(with_section("'solver': {'tolerance': 0}"),
                 "t.json: solver.tolerance: expected a number in [1e-15, 1], got 0");
    expect_error(with_section("'solver': {'shock_propagation': 1}"),
                 "t.json: solver.shock_propagation: expected true or false, got 1");
    expect_error(with_section("'solver': {'iters': 3}"),
                 "t.json: solver: unknown key \"iters\" (\"solver\" has: iterations, baumgarte, "
                 "slop, warm_start, restitution_threshold, variant, method, shock_propagation, "
                 "tolerance, max_iterations, order)");
    expect_error(
        with_section("'solver': {'order': 'colored'}"),
        "t.json: solver.order: expected one of \"sequential\", \"coloured\", got \"colored\"");
    expect_error(with_section("'camera': {'fov': 180}"),
                 "t.json: camera.fov: expected a number in (0, 180) (degrees), got 180");
    expect_error(
        with_section("'camera': {'position': [0, 0, 0]}"),
        "t.json: camera.position: expected an array of 4 numbers (dim is 4), got an array of 3");
    expect_error(with_section("'camera': {'rotor': [1, 1, 0, 0, 0, 0, 0, 0]}"),
                 "t.json: camera.rotor: expected a unit rotor (R R~ = 1 within 1e-06), but R R~ - "
                 "1 has a component of size 1");
    expect_error(with_section("'camera': {'target': [0, 0, 0, 0]}"),
                 "t.json: camera: unknown key \"target\" (\"camera\" has: position, rotor, "
                 "rotations, fov, slice)");
    expect_error(with_section("'lights': [{'direction': [0, 0, 0, 0]}]"),
                 "t.json: lights[0].direction: expected a non-zero vector, got length 0");
    expect_error(
        with_section("'lights': [{'intensity': 1}]"),
        "t.json: lights[0].direction: required field is missing (expected an array of 4 numbers)");
    expect_error(with_section("'lights': [{'direction': [0, 1, 0, 0], 'intensity': -1}]"),
                 "t.json: lights[0].intensity: expected a non-negative number, got -1");
    expect_error(with_section("'lights': {'direction': [0, 1, 0, 0]}"),
                 "t.json: lights: expected an array of at most 4 lights, got an object");
    expect_error(
        with_section(
            "'lights': [{'direction': [0,1,0,0]}, {'direction': [0,1,0,0]}, "
            "{'direction': [0,1,0,0]}, {'direction': [0,1,0,0]}, {'direction': [0,1,0,0]}]"),
        "t.json: lights: expected an array of at most 4 lights, got an array of 5");
}

Test(scene, comments_and_schema_key_are_ignored) {
    loaded r = parse("{'$schema': 'https://example.org/s.json', '_note': {'anything': [1, 2]}, "
                     "'format': 'anakata-scene/1', 'dim': 3, 'bodies': [{'_why': 'test', "
                     "'shape': {'type': 'hypersphere', 'radius': 1, '_r': 'metres'}, 'mass': 1}]}");
    cr_assert_not_null(r.m, "%s", r.err);
    cr_expect_eq(r.m->bodies[0].shape.radius, 1.0);
    unload(&r);
}

// ---------------------------------------------------------------------------------------------
// verify/tests/scenes_bad/: one bad scene per file, each with its expected message (after the
// file's path) in the comment key "_expect". verify/tests/check_schema.py checks the same files
// against docs/scene.schema.json, so the loader and the schema reject the same things.

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = s ? fread(s, 1, (size_t)n, f) : 0;
    fclose(f);
    if (!s) return NULL;
    s[got] = '\0';
    return s;
}

Test(scene, bad_scene_files_give_their_expected_messages) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/verify/tests/scenes_bad", source_dir());
    DIR *dp = opendir(dir);
    cr_assert_not_null(dp, "cannot open %s", dir);
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") != 0) continue;
        char path[2048], err[AK_ERR_MAX], want[2048 + AK_ERR_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char *text = slurp(path);
        cr_assert_not_null(text, "cannot read %s", path);
        cJSON *doc = cJSON_Parse(text);
        const cJSON *ex = cJSON_GetObjectItemCaseSensitive(doc, "_expect");
        cr_assert(cJSON_IsString(ex), "%s has no \"_expect\"", path);
        snprintf(want, sizeof want, "%s%s", path, ex->valuestring);
        ak_data *d = NULL;
        ak_model *m = ak_scene_load(path, &d, err, sizeof err);
        cr_expect_null(m, "%s was accepted", path);
        cr_expect_str_eq(err, want, "for %s", e->d_name);
        ak_data_free(d);
        ak_model_free(m);
        cJSON_Delete(doc);
        free(text);
        count++;
    }
    closedir(dp);
    cr_expect_geq(count, 30, "expected the bad scenes in %s", dir);
}

// ---- limits (AK_SCENE_MAX_BODIES, AK_SCENE_MAX_VERTS; docs/scene-format.md) ------------------

#include "verify/tests/c120_fixture.h"

// The 120-cell, 600 vertices, loads as one convex body with the mass of its closed-form volume.
Test(scene, the_120_cell_loads_as_a_convex_body) {
    double v[600 * 4];
    cr_assert_eq(c120_vertices(v, 0.25), 600);
    size_t cap = 600 * 4 * 32 + 256;
    char *text = malloc(cap), *p = text;
    p += sprintf(p, "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"bodies\": [{\"name\": "
                    "\"c120\", \"density\": 2,"
                    " \"shape\": {\"type\": \"convex\", \"vertices\": [");
    for (int q = 0; q < 600; q++)
        p += sprintf(p, "%s[%.17g,%.17g,%.17g,%.17g]", q ? "," : "", v[4 * q], v[4 * q + 1],
                     v[4 * q + 2], v[4 * q + 3]);
    p += sprintf(p, "]}}]}");
    char err[AK_ERR_MAX] = "";
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse(text, strlen(text), "c120.json", &d, err, sizeof err);
    free(text);
    cr_assert_not_null(m, "%s", err);
    cr_expect_eq(m->bodies[0].shape.type, AK_SHAPE_CONVEX);
    cr_expect_eq(m->bodies[0].shape.nverts, 600);
    double e = 0.25 * (3 - sqrt(5.0)), vol = 15.0 / 4 * (105 + 47 * sqrt(5.0)) * pow(e, 4);
    cr_expect(fabs(m->bodies[0].mass - 2 * vol) < 1e-12 * vol, "mass %.17g vs %.17g",
              m->bodies[0].mass, 2 * vol);
    ak_data_free(d);
    ak_model_free(m);
}

// 100,000 bodies load (the pile benchmarks go past 16,000).
Test(scene, a_hundred_thousand_bodies_load) {
    enum { N = 100000 };
    size_t cap = (size_t)N * 120 + 256;
    char *text = malloc(cap), *p = text;
    p += sprintf(p, "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"bodies\": [");
    for (int i = 0; i < N; i++)
        p += sprintf(p,
                     "%s{\"shape\": {\"type\": \"hypersphere\", \"radius\": 0.1}, \"mass\": 1, "
                     "\"position\": [%d, %d, %d, 0]}",
                     i ? "," : "", i % 100, i / 100 % 100, i / 10000);
    p += sprintf(p, "]}");
    char err[AK_ERR_MAX] = "";
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse(text, strlen(text), "many.json", &d, err, sizeof err);
    free(text);
    cr_assert_not_null(m, "%s", err);
    cr_expect_eq(m->nbody, N);
    cr_expect_eq(d->x[(size_t)(N - 1) * AK_MAX_DIM + 2], (N - 1) / 10000);
    ak_data_free(d);
    ak_model_free(m);
}

// ---------------------------------------------------------------------------------------------
// Options: the one name table (scene.h) and the library's refusal of values out of range

Test(scene, contact_integrators) {
    // the constant list of the world step's messages is the split integrators, in enum order
    char list[128] = "";
    for (int i = 0; i < AK_INT_COUNT; i++) {
        if (!ak_integrator_is_split((ak_integrator)i)) continue;
        size_t u = strlen(list);
        snprintf(list + u, sizeof list - u, "%s%s", u ? ", " : "",
                 ak_integrator_name((ak_integrator)i));
    }
    cr_expect_str_eq(ak_world_contact_integrators(), list);
}

Test(scene, option_names) {
    // every value has a name that parses back to it; the list for messages holds them in order
    char list[128] = "";
    for (int i = 0; i < AK_INT_COUNT; i++) {
        ak_integrator v = AK_INT_COUNT;
        cr_assert_eq(ak_integrator_parse(ak_integrator_name((ak_integrator)i), &v), 0);
        cr_expect_eq(v, (ak_integrator)i);
        size_t u = strlen(list);
        snprintf(list + u, sizeof list - u, "%s%s", i ? ", " : "",
                 ak_integrator_name((ak_integrator)i));
    }
    cr_expect_str_eq(ak_integrator_names(), list);
    cr_expect_str_eq(ak_integrator_names(), "thesis, catto, rk4, exp, gsl");
    for (int i = 0; i < AK_SOLVER_METHOD_COUNT; i++) {
        ak_solver_method v = AK_SOLVER_METHOD_COUNT;
        cr_assert_eq(ak_solver_method_parse(ak_solver_method_name((ak_solver_method)i), &v), 0);
        cr_expect_eq(v, (ak_solver_method)i);
    }
    for (int i = 0; i < AK_VARIANT_COUNT; i++) {
        ak_variant v = AK_VARIANT_COUNT;
        cr_assert_eq(ak_variant_parse(ak_variant_name((ak_variant)i), &v), 0);
        cr_expect_eq(v, (ak_variant)i);
    }
    for (int i = 0; i < AK_ORDER_COUNT; i++) {
        ak_order v = AK_ORDER_COUNT;
        cr_assert_eq(ak_order_parse(ak_order_name((ak_order)i), &v), 0);
        cr_expect_eq(v, (ak_order)i);
    }
    cr_expect_str_eq(ak_solver_method_names(), "vector, pga, converged");
    cr_expect_str_eq(ak_variant_names(), "corrected, published");
    cr_expect_str_eq(ak_order_names(), "sequential, coloured");
    // unknown names (and NULL) are refused and leave the output alone
    ak_integrator ig = AK_INT_RK4;
    cr_expect_eq(ak_integrator_parse("verlet", &ig), -1);
    cr_expect_eq(ak_integrator_parse(NULL, &ig), -1);
    cr_expect_eq(ig, AK_INT_RK4);
    ak_solver_method me = AK_SOLVER_PGA;
    cr_expect_eq(ak_solver_method_parse("Vector", &me), -1);
    cr_expect_eq(me, AK_SOLVER_PGA);
    ak_variant va = AK_VARIANT_PUBLISHED;
    cr_expect_eq(ak_variant_parse("", &va), -1);
    cr_expect_eq(va, AK_VARIANT_PUBLISHED);
    ak_order od = AK_ORDER_COLOURED;
    cr_expect_eq(ak_order_parse("colored", &od), -1);
    cr_expect_eq(od, AK_ORDER_COLOURED);
    cr_expect_str_eq(ak_integrator_name(AK_INT_COUNT), "?");
    cr_expect_str_eq(ak_order_name((ak_order)-1), "?");
}

// A program that builds its model in code and sets a value out of range gets an error from the
// step (no default integrator or solver row in its place), and the state is not touched.
Test(scene, step_refuses_options_out_of_range) {
    loaded r = parse(scene4("{" BALL "}, {" BALL ", 'position': [3, 0, 0, 0]}"));
    cr_assert_not_null(r.m, "%s", r.err);
    ak_model *m = r.m;
    for (int b = 0; b < m->nbody; b++) m->bodies[b].inv_mass = m->bodies[b].mass = 1.0; // moves
    ak_world_opts o = ak_world_default_opts(m);
    cr_expect_eq(o.integrator, AK_INT_CATTO);
    char err[AK_ERR_MAX] = "";
    struct {
        int integrator, method, variant, order;
        const char *want;
    } cases[] = {
        { AK_INT_COUNT, 0, 0, 0,
          "integrator: 5 is not an option (the values are those of thesis, catto, rk4, exp, gsl)" },
        { -1, 0, 0, 0,
          "integrator: -1 is not an option (the values are those of thesis, catto, rk4, exp, "
          "gsl)" },
        { AK_INT_CATTO, 3, 0, 0,
          "solver.method: 3 is not an option (the values are those of vector, pga, converged)" },
        { AK_INT_CATTO, 0, 2, 0,
          "solver.variant: 2 is not an option (the values are those of corrected, published)" },
        { AK_INT_CATTO, 0, 0, 9,
          "solver.order: 9 is not an option (the values are those of sequential, coloured)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        o.integrator = (ak_integrator)cases[i].integrator;
        m->solver.method = (ak_solver_method)cases[i].method;
        m->solver.variant = (ak_variant)cases[i].variant;
        m->solver.order = (ak_order)cases[i].order;
        double x0 = r.d->x[0];
        cr_expect_eq(ak_world_step(m, r.d, &o, err, sizeof err), -1, "case %zu accepted", i);
        cr_expect_str_eq(err, cases[i].want);
        cr_expect_eq(r.d->step, 0);
        cr_expect_eq(r.d->x[0], x0);
    }
    // the solver table has no row for a method or variant out of range, and the contact stage
    // called on its own says so
    m->solver.method = (ak_solver_method)AK_SOLVER_METHOD_COUNT;
    m->solver.variant = AK_VARIANT_CORRECTED;
    cr_expect_null(ak_solver_variant_for(m));
    cr_expect_eq(ak_world_contacts(m, r.d, 0.01, NULL, err, sizeof err), -1);
    cr_expect_str_eq(err, "solver: method 3 with variant 0 is no solver");
    m->solver.method = AK_SOLVER_VECTOR;
    m->solver.variant = (ak_variant)7;
    cr_expect_null(ak_solver_variant_for(m));
    // every pair in range has its row
    for (int me = 0; me < AK_SOLVER_METHOD_COUNT; me++)
        for (int va = 0; va < AK_VARIANT_COUNT; va++) {
            m->solver.method = (ak_solver_method)me;
            m->solver.variant = (ak_variant)va;
            cr_expect_not_null(ak_solver_variant_for(m), "method %d variant %d", me, va);
        }
    unload(&r);
}

// ---- the explain table from the step's formula record (engine/formula_record.h) ----------
// For every integrator and every solver method, the rows one step records are exactly those the
// step's code path evaluates. The expected set is written here by hand from reading the code
// (world.c, integrate.c, contact_step.c, solver*.c); what depends on the state is derived from
// the stage's own outputs (the contact cache after the step, the converged solver's statistics,
// the bodies' inertias), never from the record itself.
#define BIT(r) ((uint64_t)1 << (r))

static ak_model *explain_load(const char *scene, ak_data **d) {
    char path[1024], err[AK_ERR_MAX];
    snprintf(path, sizeof path, "%s/scenes/%s", source_dir(), scene);
    ak_model *m = ak_scene_load(path, d, err, sizeof err);
    cr_assert_not_null(m, "%s: %s", path, err);
    return m;
}

static const char *row_name(int r) {
    int cnt = 0;
    const ak_explain_entry *t = ak_explain_table(&cnt);
    static char buf[AK_RAN_COUNT][96];
    snprintf(buf[r], sizeof buf[r], "%s %s (%s)", t[r].stage, t[r].formula, t[r].what);
    return buf[r];
}

static void expect_rows(uint64_t got, uint64_t want, const char *what) {
    for (int r = 0; r < AK_RAN_COUNT; r++)
        cr_expect_eq(got >> r & 1, want >> r & 1, "%s: row %d %s is %s but %s", what, r,
                     row_name(r), got >> r & 1 ? "recorded" : "not recorded",
                     want >> r & 1 ? "expected" : "not expected");
}

// The velocity row of each moving body: thesis explicit Euler; else isotropic (inverse inertia a
// multiple of 1) or the Catto step (integrate.c).
static uint64_t velocity_rows(const ak_model *m, ak_integrator integ) {
    uint64_t w = 0;
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        if (bd->fixed || !(bd->inv_mass > 0) || bd->shape.type == AK_SHAPE_HYPERPLANE) continue;
        if (integ == AK_INT_THESIS)
            w |= BIT(AK_RAN_VEL_THESIS);
        else if (ak_dyn_inertia_scalar(m->dim, bd->inv_inertia) > 0.0)
            w |= BIT(AK_RAN_VEL_ISO);
        else
            w |= BIT(AK_RAN_VEL_CATTO);
    }
    return w;
}

static const ak_integrator ALL_INTEG[] = { AK_INT_THESIS, AK_INT_CATTO, AK_INT_EXP, AK_INT_RK4,
                                           AK_INT_GSL };

Test(scene, explain_record_integrators_without_contacts) {
    for (size_t i = 0; i < sizeof ALL_INTEG / sizeof ALL_INTEG[0]; i++) {
        ak_integrator integ = ALL_INTEG[i];
        ak_data *d = NULL;
        ak_model *m = explain_load("dzhanibekov_c.json", &d);
        ak_world_opts o = ak_world_default_opts(m);
        o.integrator = integ;
        char err[256];
        d->ran = ~(uint64_t)0; // the step clears what a previous step left
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        uint64_t want = BIT(AK_RAN_FORCES) | BIT(AK_RAN_CHECK);
        switch (integ) {
            case AK_INT_RK4: // step_full: four right-hand sides, then the projection
                want |= BIT(AK_RAN_FULL_RK4) | BIT(AK_RAN_RHS_EULER) | BIT(AK_RAN_RHS_ROTOR) |
                        BIT(AK_RAN_RENORM);
                break;
            case AK_INT_GSL: // step_full: rk8pd on the right-hand side, never projected
                want |= BIT(AK_RAN_FULL_GSL) | BIT(AK_RAN_RHS_EULER) | BIT(AK_RAN_RHS_ROTOR);
                break;
            default: // split: forces, velocities, contact stage (a lone body: broadphase only), positions
                want |= velocity_rows(m, integ) | BIT(AK_RAN_BROADPHASE) | BIT(AK_RAN_POS_X) |
                        BIT(AK_RAN_RENORM) |
                        BIT(integ == AK_INT_EXP ? AK_RAN_POS_EXP : AK_RAN_POS_ROTOR);
        }
        cr_expect_eq(velocity_rows(m, AK_INT_CATTO), BIT(AK_RAN_VEL_CATTO),
                     "the cuboid is not isotropic");
        char what[64];
        snprintf(what, sizeof what, "dzhanibekov_c, %s", ak_integrator_name(integ));
        expect_rows(d->ran, want, what);
        // the listing is the record, in table order, nothing else
        const ak_explain_entry *e[AK_RAN_COUNT];
        int cnt = ak_step_explain(d, e, AK_RAN_COUNT), bits = 0;
        for (int r = 0; r < AK_RAN_COUNT; r++) bits += (int)(want >> r & 1);
        cr_expect_eq(cnt, bits, "%s", what);
        if (integ == AK_INT_GSL)
            for (int k = 0; k < cnt; k++)
                cr_expect(strcmp(e[k]->formula, "B-4.int") && strcmp(e[k]->formula, "T-5.17"),
                          "gsl lists %s", e[k]->formula);
        ak_data_free(d);
        ak_model_free(m);
    }
}

// Every solver method (and the published variant) with every split integrator on the first step
// of a stack whose boxes start in contact; rk4 and gsl are refused there (no contact stage).
Test(scene, explain_record_solvers_with_contacts) {
    static const struct {
        ak_solver_method method;
        ak_variant variant;
        const char *name;
    } solvers[] = { { AK_SOLVER_VECTOR, AK_VARIANT_CORRECTED, "vector" },
                    { AK_SOLVER_VECTOR, AK_VARIANT_PUBLISHED, "published" },
                    { AK_SOLVER_PGA, AK_VARIANT_CORRECTED, "pga" },
                    { AK_SOLVER_CONVERGED, AK_VARIANT_CORRECTED, "converged" } };
    for (size_t s = 0; s < sizeof solvers / sizeof solvers[0]; s++)
        for (size_t i = 0; i < sizeof ALL_INTEG / sizeof ALL_INTEG[0]; i++) {
            ak_integrator integ = ALL_INTEG[i];
            ak_data *d = NULL;
            ak_model *m = explain_load("stack_3d.json", &d);
            m->solver.method = solvers[s].method;
            m->solver.variant = solvers[s].variant;
            ak_world_opts o = ak_world_default_opts(m);
            o.integrator = integ;
            char err[512], what[96];
            snprintf(what, sizeof what, "stack_3d, %s, %s", solvers[s].name,
                     ak_integrator_name(integ));
            int rc = ak_world_step(m, d, &o, err, sizeof err);
            if (!ak_integrator_is_split(integ)) {
                cr_expect_neq(rc, 0, "%s: a full-state integrator must be refused with contacts",
                              what);
                ak_data_free(d);
                ak_model_free(m);
                continue;
            }
            cr_assert_eq(rc, 0, "%s: %s", what, err);
            const ak_contact_cache *c = d->contacts;
            cr_assert_not_null(c);
            int np = c->step.npoint;
            cr_expect_gt(np, 0, "%s: the stack starts in contact", what);
            uint64_t want = BIT(AK_RAN_FORCES) | velocity_rows(m, integ) | BIT(AK_RAN_BROADPHASE) |
                            BIT(AK_RAN_POS_X) | BIT(AK_RAN_RENORM) |
                            BIT(integ == AK_INT_EXP ? AK_RAN_POS_EXP : AK_RAN_POS_ROTOR) |
                            BIT(AK_RAN_CHECK);
            if (c->step.npair > 0) want |= BIT(AK_RAN_NARROWPHASE);
            if (np > 0) {
                want |= BIT(AK_RAN_CACHE) | BIT(AK_RAN_PREP_POINTVEL) | BIT(AK_RAN_PREP_RELVEL) |
                        BIT(AK_RAN_PREP_K) | BIT(AK_RAN_PREP_MN) | BIT(AK_RAN_PREP_BIAS);
                bool any_jn = false, bounce = false;
                for (int k = 0; k < np; k++) {
                    const ak_contact_point *p = &c->step.pts[k];
                    any_jn = any_jn || p->jn != 0.0; // the first step: no impulse carried over
                    bounce = bounce || (p->e > 0.0 && p->vn0 < -m->solver.restitution_threshold &&
                                        p->jn_max > 0.0);
                }
                switch (solvers[s].method) {
                    case AK_SOLVER_VECTOR:
                        if (solvers[s].variant == AK_VARIANT_PUBLISHED) {
                            want |= BIT(AK_RAN_PUB_TANGENT) | BIT(AK_RAN_PUB_MN) |
                                    BIT(AK_RAN_PUB_MT) | BIT(AK_RAN_PUB_BIAS) |
                                    BIT(AK_RAN_PUB_ALG12) | BIT(AK_RAN_PUB_ALG13) |
                                    BIT(AK_RAN_ITER_APPLY);
                        } else {
                            want |= BIT(AK_RAN_ITER_NORMAL) | BIT(AK_RAN_ITER_FRICTION) |
                                    BIT(AK_RAN_ITER_APPLY);
                            if (m->solver.warm_start) want |= BIT(AK_RAN_WARM);
                            if (bounce) want |= BIT(AK_RAN_RESTITUTION);
                        }
                        break;
                    case AK_SOLVER_PGA:
                        want |= BIT(AK_RAN_PGA_LOOP);
                        if (any_jn) want |= BIT(AK_RAN_PGA_IMPULSE) | BIT(AK_RAN_PGA_RATE);
                        cr_expect(any_jn, "%s: the stack's boxes collide under gravity", what);
                        break;
                    case AK_SOLVER_CONVERGED:
                        // targets, the warm start's impulses applied to every point, the position stage
                        want |= BIT(AK_RAN_CV_TARGET) | BIT(AK_RAN_ITER_APPLY) |
                                BIT(AK_RAN_CV_POSITIONS);
                        if (c->stats.res.impacts > 0)
                            want |= BIT(AK_RAN_CV_IMPACTS) | BIT(AK_RAN_CV_NEWTON);
                        if (c->stats.res.iterations > 0)
                            want |= BIT(AK_RAN_CV_SIGNORINI) | BIT(AK_RAN_CV_FRICTION);
                        break;
                    default: break;
                }
            }
            expect_rows(d->ran, want, what);
            ak_data_free(d);
            ak_model_free(m);
        }
}

// The step clears the record: a second step of a scene without contacts records only its own
// rows, and the copy of the data carries the record (the viewer's history).
Test(scene, explain_record_cleared_and_copied) {
    ak_data *d = NULL;
    ak_model *m = explain_load("dzhanibekov_c.json", &d);
    ak_world_opts o = ak_world_default_opts(m);
    char err[256];
    o.integrator = AK_INT_CATTO;
    cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    cr_expect(d->ran & BIT(AK_RAN_VEL_CATTO));
    o.integrator = AK_INT_GSL;
    cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    cr_expect_not(d->ran & BIT(AK_RAN_VEL_CATTO), "the catto step's row survived the gsl step");
    cr_expect(d->ran & BIT(AK_RAN_FULL_GSL));
    ak_data *c = ak_data_create(m);
    cr_assert_not_null(c);
    ak_data_copy(m, c, d);
    cr_expect_eq(c->ran, d->ran);
    ak_data_free(c);
    ak_data_free(d);
    ak_model_free(m);
}

// Every row of the table has a stage, a formula, a line and a docs link into docs/formulas.
Test(scene, explain_table_rows_complete) {
    int cnt = 0;
    const ak_explain_entry *t = ak_explain_table(&cnt);
    cr_assert_eq(cnt, AK_RAN_COUNT);
    for (int r = 0; r < cnt; r++) {
        cr_expect(t[r].stage && t[r].formula && t[r].what && t[r].doc, "row %d is incomplete", r);
        if (t[r].doc)
            cr_expect(!strncmp(t[r].doc, "docs/formulas/", 14) && strchr(t[r].doc, '#'),
                      "row %d: %s", r, t[r].doc);
    }
}
