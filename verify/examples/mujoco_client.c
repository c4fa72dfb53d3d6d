// A client for a real foreign 3D engine, MuJoCo (2.2.2, Debian libmujoco-dev), written the way
// docs/compare.md tells a user to: it reads an anakata 3D scene (boxes, spheres, capsules, planes;
// scene3d.h), generates an MJCF model (one body with a free joint per moving body), steps it with
// mj_step and writes an anakata-trace/1 file with quaternion and world-frame axis-vector columns
// (qw,qx,qy,qz and wx,wy,wz) and a contacts column. It shares no code with anakata: cJSON reads
// the scene, MuJoCo does the physics.
//
//   mujoco_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--rk4] [--pyramidal]
//                 [--timeconst T] [--print-mjcf]
//
// The settings that match anakata's scenes (docs/compare.md, "MuJoCo"):
// - the free joint's angular velocity (qvel[3..5]) is in the body frame: the scene's world-frame
//   omega is turned into it at the start, and turned back for the trace;
// - masses and principal inertias from the scene (<inertial diaginertia>), not from the geoms;
// - materials combine as anakata's do: every pair of geoms gets an explicit <pair> with the
//   geometric mean of the frictions (MuJoCo's default is the maximum) and the maximum restitution;
// - restitution: MuJoCo's contacts are springs and dampers (solref = time constant, damping
//   ratio); a damping ratio zeta = -ln e / sqrt(pi^2 + ln^2 e) makes a damped oscillator rebound
//   with e; e = 0 gives zeta = 1 (MuJoCo's default, critical damping). The time constant is
//   MuJoCo's default 0.02 s (--timeconst);
// - the friction cone is elliptic (anakata's cone; --pyramidal for MuJoCo's default pyramid);
// - the integrator: MuJoCo's semi-implicit Euler (its default, first order in the gyroscopic term)
//   or --rk4 (fourth order).
// What is MuJoCo's by design: soft contacts (a body at rest sinks until the spring carries it, a
// few mm at the default time constant), an impact that lasts several steps, no restitution
// threshold (a damped spring rebounds at any speed).
// The contacts column counts MuJoCo's contacts (d->contact) of the step that touch the body (0 in
// the first row, before any step).
#include <mujoco/mujoco.h>

#include "scene3d.h"

static const char *prog = "mujoco_client";

typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

static void put(buf *b, const char *fmt, ...) {
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k < 0) s3_die(prog, "cannot format the model");
        if (b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        b->cap = 2 * b->cap + (size_t)k + 1;
        b->s = realloc(b->s, b->cap);
        if (!b->s) s3_die(prog, "out of memory");
    }
}

static void usage(void) {
    fprintf(stderr, "usage: mujoco_client SCENE.json -o TRACE.csv [--duration T] [--dt H] [--rk4] "
                    "[--pyramidal] "
                    "[--timeconst T] [--print-mjcf]\n");
    exit(2);
}

static double number_arg(const char *opt, const char *s) {
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !isfinite(v)) s3_die(prog, "%s: expected a number, got '%s'", opt, s);
    return v;
}

// The damping ratio of a damped oscillator that rebounds with the coefficient e (0 < e < 1).
static double damping_ratio(double e) {
    if (e <= 0) return 1;
    double l = log(e);
    return -l / sqrt(M_PI * M_PI + l * l);
}

int main(int argc, char **argv) {
    const char *scene_path = NULL, *out = NULL;
    double duration = -1, dt = -1, timeconst = 0.02;
    int rk4 = 0, pyramidal = 0, print_mjcf = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--duration") && i + 1 < argc)
            duration = number_arg("--duration", argv[++i]);
        else if (!strcmp(argv[i], "--dt") && i + 1 < argc)
            dt = number_arg("--dt", argv[++i]);
        else if (!strcmp(argv[i], "--timeconst") && i + 1 < argc)
            timeconst = number_arg("--timeconst", argv[++i]);
        else if (!strcmp(argv[i], "--rk4"))
            rk4 = 1;
        else if (!strcmp(argv[i], "--pyramidal"))
            pyramidal = 1;
        else if (!strcmp(argv[i], "--print-mjcf"))
            print_mjcf = 1;
        else if (argv[i][0] != '-' && !scene_path)
            scene_path = argv[i];
        else
            usage();
    }
    if (!scene_path || (!out && !print_mjcf)) usage();
    if (!(timeconst > 0)) s3_die(prog, "--timeconst must be > 0");
    s3_scene sc;
    s3_load(prog, scene_path, &sc);
    if (dt <= 0) dt = sc.timestep;
    if (duration < 0) duration = sc.duration;

    // The model. Geoms collide only through the explicit pairs (contype = conaffinity = 0).
    buf x = { NULL, 0, 0 };
    put(&x,
        "<mujoco model=\"anakata\">\n  <option timestep=\"%.17g\" gravity=\"%.17g %.17g %.17g\" "
        "integrator=\"%s\" "
        "cone=\"%s\"/>\n  <worldbody>\n",
        dt, sc.gravity[0], sc.gravity[1], sc.gravity[2], rk4 ? "RK4" : "Euler",
        pyramidal ? "pyramidal" : "elliptic");
    for (int i = 0; i < sc.nbody; i++) {
        const s3_body *b = &sc.bodies[i];
        char geom[256];
        if (b->type == S3_PLANE) {
            put(&x,
                "    <geom name=\"g%d\" type=\"plane\" size=\"0 0 1\" pos=\"%.17g %.17g %.17g\" "
                "zaxis=\"%.17g %.17g "
                "%.17g\" contype=\"0\" conaffinity=\"0\"/>\n",
                i, b->normal[0] * b->offset, b->normal[1] * b->offset, b->normal[2] * b->offset,
                b->normal[0], b->normal[1], b->normal[2]);
            continue;
        }
        if (b->type == S3_BOX)
            snprintf(geom, sizeof geom, "type=\"box\" size=\"%.17g %.17g %.17g\"", b->half[0],
                     b->half[1], b->half[2]);
        else if (b->type == S3_SPHERE)
            snprintf(geom, sizeof geom, "type=\"sphere\" size=\"%.17g\"", b->radius);
        else // MuJoCo's capsule lies along its local z; turned by -90 degrees about x onto the body's y
            snprintf(geom, sizeof geom,
                     "type=\"capsule\" size=\"%.17g %.17g\" quat=\"0.70710678118654757 "
                     "-0.70710678118654757 0 0\"",
                     b->radius, b->half_length);
        put(&x,
            "    <body name=\"b%d\" pos=\"%.17g %.17g %.17g\" quat=\"%.17g %.17g %.17g %.17g\">\n",
            i, b->x[0], b->x[1], b->x[2], b->q[0], b->q[1], b->q[2], b->q[3]);
        if (!b->fixed)
            put(&x,
                "      <freejoint/>\n      <inertial pos=\"0 0 0\" mass=\"%.17g\" "
                "diaginertia=\"%.17g %.17g %.17g\"/>\n",
                b->mass, b->inertia[0], b->inertia[1], b->inertia[2]);
        put(&x, "      <geom name=\"g%d\" %s contype=\"0\" conaffinity=\"0\"/>\n    </body>\n", i,
            geom);
    }
    put(&x, "  </worldbody>\n  <contact>\n");
    for (int i = 0; i < sc.nbody; i++)
        for (int j = i + 1; j < sc.nbody; j++) {
            const s3_body *a = &sc.bodies[i], *b = &sc.bodies[j];
            if (a->fixed && b->fixed) continue;
            double mu = sqrt(a->friction * b->friction), e = fmax(a->restitution, b->restitution);
            put(&x,
                "    <pair geom1=\"g%d\" geom2=\"g%d\" condim=\"3\" friction=\"%.17g %.17g 0.005 "
                "0.0001 0.0001\" "
                "solref=\"%.17g %.17g\"/>\n",
                i, j, mu, mu, timeconst, damping_ratio(e));
        }
    put(&x, "  </contact>\n</mujoco>\n");
    if (print_mjcf) {
        fputs(x.s, stdout);
        if (!out) return 0;
    }

    mjVFS *vfs = malloc(sizeof *vfs);
    if (!vfs) s3_die(prog, "out of memory");
    mj_defaultVFS(vfs);
    if (mj_makeEmptyFileVFS(vfs, "scene.xml", (int)x.n) != 0)
        s3_die(prog, "cannot make the model file in memory");
    memcpy(vfs->filedata[mj_findFileVFS(vfs, "scene.xml")], x.s, x.n);
    char err[1000] = "";
    mjModel *m = mj_loadXML("scene.xml", vfs, err, sizeof err);
    if (!m) s3_die(prog, "%s: MuJoCo rejected the generated model: %s", scene_path, err);
    mjData *d = mj_makeData(m);

    // initial velocities: linear in the world frame, angular in the body frame (free joints)
    int *bid = calloc((size_t)sc.nbody, sizeof *bid);
    for (int i = 0; i < sc.nbody; i++) {
        const s3_body *b = &sc.bodies[i];
        char name[32];
        snprintf(name, sizeof name, "b%d", i);
        bid[i] = b->type == S3_PLANE ? 0 : mj_name2id(m, mjOBJ_BODY, name);
        if (b->fixed) continue;
        int dof = m->jnt_dofadr[m->body_jntadr[bid[i]]];
        double qc[4] = { b->q[0], -b->q[1], -b->q[2], -b->q[3] }, wl[3];
        s3_rotate(wl, qc, b->w);
        for (int k = 0; k < 3; k++) d->qvel[dof + k] = b->v[k], d->qvel[dof + 3 + k] = wl[k];
    }
    mj_forward(m, d);

    FILE *f = fopen(out, "w");
    if (!f) s3_die(prog, "%s: cannot write the trace", out);
    fprintf(f,
            "# format: anakata-trace/1\n# scene: %s\n# dim: 3\n# timestep: %.17g\n# integrator: "
            "mujoco-%s-%s\n"
            "# version: mujoco_client 1 (MuJoCo %s)\n",
            scene_path, dt, mj_versionString(), rk4 ? "rk4" : "euler", mj_versionString());
    fprintf(f, "step,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz,contacts\n");
    int *contacts = calloc((size_t)m->nbody, sizeof *contacts);
    long steps = lround(duration / dt), total = 0;
    for (long s = 0; s <= steps; s++) {
        if (s > 0) mj_step(m, d);
        // the contacts of the step that led to this state (mj_step detects them at its start);
        // none before the first step, as anakata and the other clients write
        memset(contacts, 0, (size_t)m->nbody * sizeof *contacts);
        for (int c = 0; s > 0 && c < d->ncon; c++) {
            contacts[m->geom_bodyid[d->contact[c].geom1]]++;
            contacts[m->geom_bodyid[d->contact[c].geom2]]++;
        }
        if (s > 0) total += d->ncon;
        for (int i = 0; i < sc.nbody; i++) {
            if (sc.bodies[i].fixed) continue;
            // the free joint's qpos (position, then the quaternion (w, x, y, z)), not d->xpos and
            // d->xquat: mj_step computes those before it integrates, so they lag one step behind
            int b = bid[i], jnt = m->body_jntadr[b], dof = m->jnt_dofadr[jnt];
            const double *p = d->qpos + m->jnt_qposadr[jnt], *q = p + 3, *v = d->qvel + dof;
            double w[3];
            s3_rotate(w, q, d->qvel + dof + 3);
            fprintf(f,
                    "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%."
                    "17g,%.17g,%.17g,%d\n",
                    s, s * dt, sc.bodies[i].name, p[0], p[1], p[2], v[0], v[1], v[2], q[0], q[1],
                    q[2], q[3], w[0], w[1], w[2], contacts[b]);
        }
    }
    if (fclose(f) != 0) s3_die(prog, "%s: cannot write the trace", out);
    fprintf(stderr, "mujoco_client: %s: %ld steps of %g s (%s), %ld contacts in all -> %s\n",
            scene_path, steps, dt, rk4 ? "RK4" : "Euler", total, out);
    mj_deleteData(d);
    mj_deleteModel(m);
    mj_deleteVFS(vfs);
    free(vfs);
    free(contacts);
    free(bid);
    free(x.s);
    free(sc.bodies);
    return 0;
}
