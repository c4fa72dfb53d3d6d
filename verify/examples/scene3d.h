// A small reader of anakata's 3D scenes (anakata-scene/1, docs/scene-format.md) for the clients of
// foreign engines (bullet_client.cpp, mujoco_client.c): boxes, spheres, capsules and planes, with
// masses, materials, initial states and the solver settings that a client maps onto its engine.
// It shares no code with anakata (cJSON reads the file), as a user of another engine would write
// it; ode_client.c predates it and reads the scenes the same way. Header-only (static functions),
// usable from C and C++. Conventions (docs/conventions.md, "Other engines' conventions"):
//   - orientations become Hamilton quaternions (w, x, y, z): a "rotor" [r, r_xy, r_xz, r_yz] is
//     (r, -r_yz, r_xz, -r_xy); "rotations" [{plane "ij", angle t}] turn axis i towards axis j by t,
//     composed in order (first q1, then q2: q = q2 q1);
//   - the scene's angular velocity bivector (w_xy, w_xz, w_yz), world frame, becomes the world
//     axis vector (w_yz, -w_xz, w_xy).
// Bad input (a missing file, not JSON, dim other than 3, an unknown shape, a body without mass)
// is reported with the file, the field and what was expected, and the program exits with 2.
#ifndef ANAKATA_EXAMPLES_SCENE3D_H
#define ANAKATA_EXAMPLES_SCENE3D_H
#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { S3_PLANE, S3_BOX, S3_SPHERE, S3_CAPSULE };

typedef struct s3_body {
    char name[64];
    int type;
    double half[3];                // box half extents
    double radius, half_length;    // sphere, capsule (axis: the body's y)
    double normal[3], offset;      // plane: unit normal, the solid {x : n.x <= offset}
    double x[3], v[3], q[4], w[3]; // centroid, velocity, quaternion (w, x, y, z), world axis vector
    double mass, inertia[3];       // principal moments about the body's x, y, z axes
    int fixed;                     // a plane or "fixed": true
    double friction, restitution;
} s3_body;

typedef struct s3_scene {
    const char *path;
    double gravity[3], timestep, duration;
    int iterations;               // solver.iterations (default 10)
    double restitution_threshold; // solver.restitution_threshold (default 1; 0 for "pga")
    double baumgarte, slop;       // solver.baumgarte (0.2), solver.slop (0.005)
    int pga;                      // solver.method == "pga": restitution at every approach speed
    int nbody;
    s3_body *bodies;
} s3_scene;

static inline void s3_die(const char *prog, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static inline double s3_num(const cJSON *o, const char *key, double dflt) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

static inline void s3_vec(const char *prog, const char *path, const cJSON *o, const char *key,
                          double *out, int n, const char *where) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!a) return;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
        s3_die(prog, "%s: %s: \"%s\" must be an array of %d numbers", path, where, key, n);
    for (int i = 0; i < n; i++) {
        const cJSON *e = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(e))
            s3_die(prog, "%s: %s: \"%s\"[%d] must be a number", path, where, key, i);
        out[i] = e->valuedouble;
    }
}

static inline void s3_qmul(double out[4], const double a[4], const double b[4]) {
    double r[4] = { a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
                    a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
                    a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
                    a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0] };
    memcpy(out, r, sizeof r);
}

// v' = q v q* for a unit quaternion q (w, x, y, z).
static inline void s3_rotate(double out[3], const double q[4], const double v[3]) {
    double p[4] = { 0, v[0], v[1], v[2] }, qc[4] = { q[0], -q[1], -q[2], -q[3] }, t[4];
    s3_qmul(t, q, p);
    s3_qmul(p, t, qc);
    out[0] = p[1], out[1] = p[2], out[2] = p[3];
}

static inline void s3_orientation(const char *prog, const char *path, const cJSON *b, double q[4],
                                  const char *name) {
    q[0] = 1, q[1] = q[2] = q[3] = 0;
    if (cJSON_GetObjectItemCaseSensitive(b, "rotor")) {
        double R[4] = { 1, 0, 0, 0 };
        s3_vec(prog, path, b, "rotor", R, 4, name);
        q[0] = R[0], q[1] = -R[3], q[2] = R[2], q[3] = -R[1];
        return;
    }
    const cJSON *rots = cJSON_GetObjectItemCaseSensitive(b, "rotations"), *e;
    cJSON_ArrayForEach(e, rots) {
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(e, "plane");
        double t = s3_num(e, "angle", 0);
        if (!cJSON_IsString(pl) || strlen(pl->valuestring) != 2)
            s3_die(prog, "%s: body '%s': \"rotations\": \"plane\" must be two axes like \"xy\"",
                   path, name);
        int i = pl->valuestring[0] - 'x', j = pl->valuestring[1] - 'x';
        if (i < 0 || i > 2 || j < 0 || j > 2 || i == j)
            s3_die(prog,
                   "%s: body '%s': \"rotations\": plane \"%s\" is not a 3D plane (xy, xz, yz)",
                   path, name, pl->valuestring);
        double axis[3] = { 0, 0, 0 }; // e_i x e_j
        axis[3 - i - j] = ((j - i + 3) % 3 == 1) ? 1 : -1;
        double qi[4] = { cos(t / 2), sin(t / 2) * axis[0], sin(t / 2) * axis[1],
                         sin(t / 2) * axis[2] };
        s3_qmul(q, qi, q);
    }
}

static inline char *s3_read_file(const char *prog, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) s3_die(prog, "%s: cannot read the scene", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = (char *)malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n)
        s3_die(prog, "%s: cannot read the scene", path);
    s[n] = '\0';
    fclose(f);
    return s;
}

// Reads the scene at path into s; exits with 2 and a message on bad input.
static inline void s3_load(const char *prog, const char *path, s3_scene *s) {
    memset(s, 0, sizeof *s);
    s->path = path;
    char *text = s3_read_file(prog, path);
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root) s3_die(prog, "%s: not valid JSON", path);
    if (s3_num(root, "dim", 0) != 3) s3_die(prog, "%s: \"dim\" must be 3 (a 3D engine)", path);
    s->timestep = s3_num(root, "timestep", 0.01);
    s->duration = s3_num(root, "duration", 1);
    if (!(s->timestep > 0)) s3_die(prog, "%s: \"timestep\" must be a number > 0", path);
    s3_vec(prog, path, root, "gravity", s->gravity, 3, "(scene)");
    const cJSON *solver = cJSON_GetObjectItemCaseSensitive(root, "solver");
    s->iterations = (int)s3_num(solver, "iterations", 10);
    s->restitution_threshold = s3_num(solver, "restitution_threshold", 1.0);
    s->baumgarte = s3_num(solver, "baumgarte", 0.2);
    s->slop = s3_num(solver, "slop", 0.005);
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(solver, "method");
    if (cJSON_IsString(method) && !strcmp(method->valuestring, "pga"))
        s->pga = 1, s->restitution_threshold = 0;
    const cJSON *jbodies = cJSON_GetObjectItemCaseSensitive(root, "bodies"), *jb;
    if (!cJSON_IsArray(jbodies)) s3_die(prog, "%s: \"bodies\" must be an array", path);
    s->bodies = (s3_body *)calloc((size_t)cJSON_GetArraySize(jbodies) + 1, sizeof *s->bodies);
    cJSON_ArrayForEach(jb, jbodies) {
        s3_body *b = &s->bodies[s->nbody++];
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(jb, "name");
        snprintf(b->name, sizeof b->name, "%s", cJSON_IsString(nm) ? nm->valuestring : "body");
        const cJSON *shape = cJSON_GetObjectItemCaseSensitive(jb, "shape");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(shape, "type");
        const cJSON *mat = cJSON_GetObjectItemCaseSensitive(jb, "material");
        b->friction = s3_num(mat, "friction", 0.5);
        b->restitution = s3_num(mat, "restitution", 0);
        b->q[0] = 1;
        if (!cJSON_IsString(type))
            s3_die(prog, "%s: body '%s': \"shape\" needs a \"type\"", path, b->name);
        const char *ty = type->valuestring;
        double volume = 0;
        if (!strcmp(ty, "hyperplane")) {
            double n[3] = { 0, 1, 0 };
            s3_vec(prog, path, shape, "normal", n, 3, b->name);
            double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            if (!(len >= 1e-9))
                s3_die(prog, "%s: body '%s': \"normal\" must not be zero", path, b->name);
            for (int i = 0; i < 3; i++) b->normal[i] = n[i] / len;
            b->offset = s3_num(shape, "offset", 0) / len;
            b->type = S3_PLANE, b->fixed = 1;
            continue;
        } else if (!strcmp(ty, "hyperbox")) {
            b->type = S3_BOX;
            s3_vec(prog, path, shape, "half_extents", b->half, 3, b->name);
            if (!(b->half[0] > 0 && b->half[1] > 0 && b->half[2] > 0))
                s3_die(prog, "%s: body '%s': \"half_extents\" must be 3 numbers > 0", path,
                       b->name);
            volume = 8 * b->half[0] * b->half[1] * b->half[2];
        } else if (!strcmp(ty, "hypersphere")) {
            b->type = S3_SPHERE;
            b->radius = s3_num(shape, "radius", 0);
            if (!(b->radius > 0))
                s3_die(prog, "%s: body '%s': \"radius\" must be > 0", path, b->name);
            volume = 4.0 / 3.0 * M_PI * pow(b->radius, 3);
        } else if (!strcmp(ty, "hypercapsule")) {
            b->type = S3_CAPSULE;
            b->radius = s3_num(shape, "radius", 0);
            b->half_length = s3_num(shape, "half_length", 0);
            if (!(b->radius > 0 && b->half_length > 0))
                s3_die(prog, "%s: body '%s': \"radius\" and \"half_length\" must be > 0", path,
                       b->name);
            volume = M_PI * b->radius * b->radius * 2 * b->half_length +
                     4.0 / 3.0 * M_PI * pow(b->radius, 3);
        } else {
            s3_die(prog,
                   "%s: body '%s': shape \"%s\" is not supported (hyperbox, hypersphere, "
                   "hypercapsule, hyperplane)",
                   path, b->name, ty);
        }
        double wbiv[3] = { 0, 0, 0 };
        s3_vec(prog, path, jb, "position", b->x, 3, b->name);
        s3_vec(prog, path, jb, "velocity", b->v, 3, b->name);
        s3_vec(prog, path, jb, "angular_velocity", wbiv, 3, b->name); // (w_xy, w_xz, w_yz)
        b->w[0] = wbiv[2], b->w[1] = -wbiv[1], b->w[2] = wbiv[0];
        s3_orientation(prog, path, jb, b->q, b->name);
        b->fixed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(jb, "fixed"));
        if (b->fixed) continue;
        b->mass = s3_num(jb, "mass", -1);
        if (b->mass <= 0) b->mass = s3_num(jb, "density", 0) * volume;
        if (!(b->mass > 0))
            s3_die(prog, "%s: body '%s': needs \"mass\" or \"density\" > 0", path, b->name);
        double m = b->mass;
        if (b->type == S3_BOX) {
            const double *h = b->half;
            b->inertia[0] = m * (h[1] * h[1] + h[2] * h[2]) / 3;
            b->inertia[1] = m * (h[0] * h[0] + h[2] * h[2]) / 3;
            b->inertia[2] = m * (h[0] * h[0] + h[1] * h[1]) / 3;
        } else if (b->type == S3_SPHERE) {
            b->inertia[0] = b->inertia[1] = b->inertia[2] = 0.4 * m * b->radius * b->radius;
        } else { // a cylinder of length L = 2 half_length and two hemispheres, axis y
            double r = b->radius, L = 2 * b->half_length;
            double vc = M_PI * r * r * L, vs = 4.0 / 3.0 * M_PI * r * r * r;
            double mc = m * vc / (vc + vs), ms = m * vs / (vc + vs);
            b->inertia[1] = mc * r * r / 2 + ms * 2 * r * r / 5;
            b->inertia[0] = b->inertia[2] =
                mc * (L * L / 12 + r * r / 4) + ms * (2 * r * r / 5 + L * L / 4 + 3 * L * r / 8);
        }
    }
    cJSON_Delete(root);
}

#endif
