// A client for a real foreign 3D engine, the Open Dynamics Engine (ODE 0.16, Debian libode-dev),
// written the way docs/compare.md tells a user to: it reads an anakata 3D scene (boxes, spheres,
// capsules, planes; anakata-scene/1, docs/scene-format.md), runs it in ODE, and writes an
// anakata-trace/1 file with quaternion and axis-vector columns (qw,qx,qy,qz and wx,wy,wz), which
// `anakata compare` converts by the mappings of docs/conventions.md. It shares no code with
// anakata: cJSON reads the scene, ODE does the physics.
//
//   ode_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--quickstep] [--no-gyroscopic]
//              [--erp E] [--cfm C]
//
// What ODE does, and where it differs from anakata by design (docs/compare.md, "ODE"):
// - dWorldStep (a direct LCP solve per step; --quickstep: the iterative solver), a first-order
//   semi-implicit integrator: v += h M^-1 (f + J^T lambda), x += h v, q += h/2 w q, normalised;
//   the gyroscopic term is integrated implicitly to first order (dBodySetGyroscopicMode on;
//   --no-gyroscopic drops it, as older ODE versions did);
// - soft contacts: constraint force mixing (CFM, default 1e-5) and error reduction (ERP, default
//   0.2) let bodies sink a little and push them out over several steps;
// - Coulomb friction approximated by a friction pyramid (dContactApprox1: two tangent directions,
//   each |f_t| <= mu f_n), not anakata's friction cone;
// - restitution: dContactBounce with bounce = max of the two bodies' restitution and bounce_vel
//   = the scene's restitution_threshold (0 for "method": "pga", whose response has no threshold);
//   friction mu = sqrt(mu_a mu_b) (anakata's rules).
// Fixed bodies (planes, "fixed": true) are static geometry and are not written to the trace
// (docs/compare.md: fixed bodies may be left out). The extra column "contacts" counts the
// contact points (ODE contact joints) that touch the body in the step.
#include <cjson/cJSON.h>
#include <math.h>
#include <ode/ode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BODIES 4096
#define MAX_CONTACTS 8

typedef struct body {
    char name[64];
    dBodyID id; // NULL for fixed geometry
    dGeomID geom;
    double friction, restitution;
    int contacts; // contact joints of this step
} body;

static body bodies[MAX_BODIES];
static int nbody;
static dWorldID world;
static dJointGroupID contact_group;
static double restitution_threshold = 1.0;
static int total_contacts;

static void die(const char *fmt, const char *a, const char *b) {
    fprintf(stderr, "ode_client: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    exit(2);
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) die("%s: cannot read%s", path, "");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) die("%s: cannot read%s", path, "");
    s[n] = '\0';
    fclose(f);
    return s;
}

static double num(const cJSON *o, const char *key, double dflt) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

static void vec(const cJSON *o, const char *key, double *out, int n, const char *body_name) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!a) return;
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
        die("body '%s': \"%s\" must have 3 numbers", body_name, key);
    for (int i = 0; i < n; i++) out[i] = cJSON_GetArrayItem(a, i)->valuedouble;
}

// Hamilton product a b.
static void qmul(double out[4], const double a[4], const double b[4]) {
    double r[4] = { a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
                    a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
                    a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
                    a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0] };
    memcpy(out, r, sizeof r);
}

// The orientation of a scene body as a quaternion (w, x, y, z). "rotor" [r, r_xy, r_xz, r_yz]
// maps to (r, -r_yz, r_xz, -r_xy); "rotations" [{plane "ij", angle t}] turn axis i towards axis
// j by t, a rotation about e_i x e_j, composed in order (first R1, then R2: q = q2 q1).
// (docs/conventions.md, "Other engines' conventions".)
static void orientation(const cJSON *b, double q[4], const char *name) {
    q[0] = 1, q[1] = q[2] = q[3] = 0;
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(b, "rotor");
    if (r) {
        double R[4];
        vec(b, "rotor", R, 4, name);
        q[0] = R[0], q[1] = -R[3], q[2] = R[2], q[3] = -R[1];
        return;
    }
    const cJSON *rots = cJSON_GetObjectItemCaseSensitive(b, "rotations"), *e;
    cJSON_ArrayForEach(e, rots) {
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(e, "plane");
        double t = num(e, "angle", 0);
        if (!cJSON_IsString(pl) || strlen(pl->valuestring) != 2)
            die("body '%s': a rotation needs a plane like \"xy\"%s", name, "");
        int i = pl->valuestring[0] - 'x', j = pl->valuestring[1] - 'x';
        if (i < 0 || i > 2 || j < 0 || j > 2 || i == j)
            die("body '%s': plane \"%s\" is not a 3D plane", name, pl->valuestring);
        double axis[3] = { 0, 0, 0 }; // e_i x e_j
        int k = 3 - i - j;
        axis[k] = ((j - i + 3) % 3 == 1) ? 1 : -1;
        double qi[4] = { cos(t / 2), sin(t / 2) * axis[0], sin(t / 2) * axis[1],
                         sin(t / 2) * axis[2] };
        qmul(q, qi, q);
    }
}

static void near_callback(void *data, dGeomID g1, dGeomID g2) {
    (void)data;
    body *a = dGeomGetData(g1), *b = dGeomGetData(g2);
    if (!a->id && !b->id) return;
    dContact c[MAX_CONTACTS];
    int n = dCollide(g1, g2, MAX_CONTACTS, &c[0].geom, sizeof c[0]);
    for (int i = 0; i < n; i++) {
        c[i].surface.mode = dContactBounce | dContactApprox1;
        c[i].surface.mu = sqrt(a->friction * b->friction);
        c[i].surface.bounce = fmax(a->restitution, b->restitution);
        c[i].surface.bounce_vel = restitution_threshold;
        dJointID j = dJointCreateContact(world, contact_group, &c[i]);
        dJointAttach(j, a->id, b->id);
        a->contacts++;
        b->contacts++;
        total_contacts++;
    }
}

static void write_rows(FILE *f, long step, double t) {
    for (int i = 0; i < nbody; i++) {
        body *b = &bodies[i];
        if (!b->id) continue;
        const dReal *x = dBodyGetPosition(b->id), *v = dBodyGetLinearVel(b->id);
        const dReal *q = dBodyGetQuaternion(b->id), *w = dBodyGetAngularVel(b->id);
        fprintf(f,
                "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%."
                "17g,%.17g,%d\n",
                step, t, b->name, x[0], x[1], x[2], v[0], v[1], v[2], q[0], q[1], q[2], q[3], w[0],
                w[1], w[2], b->contacts);
    }
}

int main(int argc, char **argv) {
    const char *scene = NULL, *out = NULL;
    double duration = -1, dt = -1, erp = 0.2, cfm = 1e-5;
    int quick = 0, gyro = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--duration") && i + 1 < argc)
            duration = atof(argv[++i]);
        else if (!strcmp(argv[i], "--dt") && i + 1 < argc)
            dt = atof(argv[++i]);
        else if (!strcmp(argv[i], "--erp") && i + 1 < argc)
            erp = atof(argv[++i]);
        else if (!strcmp(argv[i], "--cfm") && i + 1 < argc)
            cfm = atof(argv[++i]);
        else if (!strcmp(argv[i], "--quickstep"))
            quick = 1;
        else if (!strcmp(argv[i], "--no-gyroscopic"))
            gyro = 0;
        else if (argv[i][0] != '-' && !scene)
            scene = argv[i];
        else {
            fprintf(
                stderr,
                "usage: ode_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--quickstep] "
                "[--no-gyroscopic] [--erp E] [--cfm C]\n");
            return 2;
        }
    }
    if (!scene || !out) {
        fprintf(stderr,
                "usage: ode_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--quickstep] "
                "[--no-gyroscopic] [--erp E] [--cfm C]\n");
        return 2;
    }
    char *text = read_file(scene);
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root) die("%s: not JSON%s", scene, "");
    if (num(root, "dim", 0) != 3) die("%s: \"dim\" must be 3 (ODE is a 3D engine)%s", scene, "");
    if (dt <= 0) dt = num(root, "timestep", 0.01);
    if (duration < 0) duration = num(root, "duration", 1);
    const cJSON *solver = cJSON_GetObjectItemCaseSensitive(root, "solver");
    restitution_threshold = num(solver, "restitution_threshold", 1.0);
    // "method": "pga" is the collision response of Dorst & De Keninck (2023, §2.6.1), which
    // applies the restitution at every approach speed: no threshold
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(solver, "method");
    if (cJSON_IsString(method) && !strcmp(method->valuestring, "pga")) restitution_threshold = 0;

    dInitODE2(0);
    world = dWorldCreate();
    dSpaceID space = dHashSpaceCreate(0);
    contact_group = dJointGroupCreate(0);
    double g[3] = { 0, 0, 0 };
    vec(root, "gravity", g, 3, "(scene)");
    dWorldSetGravity(world, g[0], g[1], g[2]);
    dWorldSetERP(world, erp);
    dWorldSetCFM(world, cfm);

    const cJSON *jb;
    cJSON_ArrayForEach(jb, cJSON_GetObjectItemCaseSensitive(root, "bodies")) {
        if (nbody >= MAX_BODIES) die("%s: more than 4096 bodies%s", scene, "");
        body *b = &bodies[nbody++];
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(jb, "name");
        snprintf(b->name, sizeof b->name, "%s", cJSON_IsString(nm) ? nm->valuestring : "body");
        const cJSON *shape = cJSON_GetObjectItemCaseSensitive(jb, "shape");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(shape, "type");
        const cJSON *mat = cJSON_GetObjectItemCaseSensitive(jb, "material");
        b->friction = num(mat, "friction", 0.5);
        b->restitution = num(mat, "restitution", 0);
        if (!cJSON_IsString(type)) die("body '%s': no shape type%s", b->name, "");
        const char *ty = type->valuestring;
        if (!strcmp(ty, "hyperplane")) {
            double n[3] = { 0, 1, 0 };
            vec(shape, "normal", n, 3, b->name);
            double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]),
                   off = num(shape, "offset", 0);
            // anakata's solid {x : n.x <= offset}; ODE's plane n.x = d with the solid below it
            b->geom = dCreatePlane(space, n[0] / len, n[1] / len, n[2] / len, off / len);
            dGeomSetData(b->geom, b);
            continue;
        }
        double volume;
        if (!strcmp(ty, "hyperbox")) {
            double h[3];
            vec(shape, "half_extents", h, 3, b->name);
            b->geom = dCreateBox(space, 2 * h[0], 2 * h[1], 2 * h[2]);
            volume = 8 * h[0] * h[1] * h[2];
        } else if (!strcmp(ty, "hypersphere")) {
            double r = num(shape, "radius", 0);
            b->geom = dCreateSphere(space, r);
            volume = 4.0 / 3.0 * M_PI * r * r * r;
        } else if (!strcmp(ty, "hypercapsule")) {
            double r = num(shape, "radius", 0), hl = num(shape, "half_length", 0);
            b->geom = dCreateCapsule(space, r, 2 * hl); // along ODE's local z; anakata's is y
            volume = M_PI * r * r * 2 * hl + 4.0 / 3.0 * M_PI * r * r * r;
        } else {
            die("body '%s': shape \"%s\" is not one ODE has (hyperbox, hypersphere, hypercapsule, "
                "hyperplane)",
                b->name, ty);
            return 2;
        }
        dGeomSetData(b->geom, b);
        double x[3] = { 0, 0, 0 }, v[3] = { 0, 0, 0 }, wb[3] = { 0, 0, 0 }, q[4];
        vec(jb, "position", x, 3, b->name);
        vec(jb, "velocity", v, 3, b->name);
        vec(jb, "angular_velocity", wb, 3, b->name); // bivector (w_xy, w_xz, w_yz)
        orientation(jb, q, b->name);
        const cJSON *fixed = cJSON_GetObjectItemCaseSensitive(jb, "fixed");
        if (cJSON_IsTrue(fixed)) { // static geometry
            dGeomSetPosition(b->geom, x[0], x[1], x[2]);
            dQuaternion dq = { q[0], q[1], q[2], q[3] };
            dGeomSetQuaternion(b->geom, dq);
            continue;
        }
        double mass = num(jb, "mass", -1);
        if (mass <= 0) mass = num(jb, "density", 0) * volume;
        if (!(mass > 0)) die("body '%s': needs \"mass\" or \"density\"%s", b->name, "");
        b->id = dBodyCreate(world);
        dMass m;
        if (!strcmp(ty, "hyperbox")) {
            dVector3 len;
            dGeomBoxGetLengths(b->geom, len);
            dMassSetBoxTotal(&m, mass, len[0], len[1], len[2]);
        } else if (!strcmp(ty, "hypersphere"))
            dMassSetSphereTotal(&m, mass, dGeomSphereGetRadius(b->geom));
        else {
            dReal r, l;
            dGeomCapsuleGetParams(b->geom, &r, &l);
            dMassSetCapsuleTotal(&m, mass, 2, r, l); // axis y, as anakata's
            // the geometry turned so that its z axis lies along the body's y axis: -90 deg about x
            dQuaternion off = { cos(-M_PI / 4), sin(-M_PI / 4), 0, 0 };
            dGeomSetBody(b->geom, b->id);
            dGeomSetOffsetQuaternion(b->geom, off);
        }
        dBodySetMass(b->id, &m);
        if (strcmp(ty, "hypercapsule")) dGeomSetBody(b->geom, b->id);
        dBodySetPosition(b->id, x[0], x[1], x[2]);
        dQuaternion dq = { q[0], q[1], q[2], q[3] };
        dBodySetQuaternion(b->id, dq);
        dBodySetLinearVel(b->id, v[0], v[1], v[2]);
        // bivector (w_xy, w_xz, w_yz) -> axis vector (w_yz, -w_xz, w_xy)
        dBodySetAngularVel(b->id, wb[2], -wb[1], wb[0]);
        dBodySetGyroscopicMode(b->id, gyro);
        dBodySetAutoDisableFlag(b->id, 0);
    }
    FILE *f = fopen(out, "w");
    if (!f) die("%s: cannot write%s", out, "");
    fprintf(f,
            "# format: anakata-trace/1\n# scene: %s\n# dim: 3\n# timestep: %.17g\n# integrator: "
            "ode-0.16-%s%s\n"
            "# version: ode_client 1\n",
            scene, dt, quick ? "quickstep" : "worldstep", gyro ? "" : "-no-gyroscopic");
    fprintf(f, "step,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz,contacts\n");
    long steps = lround(duration / dt);
    write_rows(f, 0, 0);
    for (long s = 1; s <= steps; s++) {
        for (int i = 0; i < nbody; i++) bodies[i].contacts = 0;
        dSpaceCollide(space, NULL, near_callback);
        if (quick)
            dWorldQuickStep(world, dt);
        else
            dWorldStep(world, dt);
        dJointGroupEmpty(contact_group);
        write_rows(f, s, s * dt);
    }
    if (fclose(f) != 0) die("%s: cannot write%s", out, "");
    fprintf(stderr, "ode_client: %s: %ld steps of %g s, %d contact points in all -> %s\n", scene,
            steps, dt, total_contacts, out);
    dJointGroupDestroy(contact_group);
    dSpaceDestroy(space);
    dWorldDestroy(world);
    dCloseODE();
    cJSON_Delete(root);
    return 0;
}
