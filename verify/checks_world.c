// Checks of group 'world': the contact solver and the full world step (issue 6).
// Tolerances are named constants; references are analytic (momentum, energy, elastic
// collisions, e^2 h rebound, incline acceleration, rolling) or a second computation.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "broadphase.h"
#include "checks.h"
#include "contact/contact.h"
#include "contact_cache.h"
#include "solver.h"
#include "world.h"
#include "world_checks_util.h"

#define TOL_P 1e-12         ///< linear momentum, relative to sum m|v|
#define TOL_J 1e-10         ///< angular momentum about the origin, relative to sum |x^p| + |L|
#define TOL_ENERGY 1e-12    ///< relative energy increase allowed (rounding only)
#define TOL_ELASTIC 1e-12   ///< exact elastic outcome, relative
#define TOL_BOUNCE 0.01     ///< e^2 h within 1%
#define TOL_INCLINE 0.01    ///< a = g (sin - mu_k cos) within 1%
#define TOL_STICK 1e-6      ///< sticking box: displacement along the incline (m) over 2 s
#define TOL_ROLL 1e-6       ///< rolling: slip speed |v + r_|w| relative to |v|
#define TOL_ROLL_V 0.01     ///< rolling: final speed against v0 (n+2)/(n+4), relative
#define TOL_DRIFT 1e-3      ///< stack: drift (m) after settling
#define TOL_JITTER 1e-3     ///< stack: speed (m/s) after settling
#define TOL_PGA 1e-12       ///< PGA response against the vector solver on single contacts

static const double G = 9.81; // m/s^2, the scenes' gravity

static void load_fail(ak_check_ctx *c, const char *what, const char *err) {
    ak_expect(c, false, "%s: %s", what, err);
}

static char *scene_path(ak_check_ctx *c, const char *name, char *buf, size_t len) {
    snprintf(buf, len, "%s/%s", ak_scenes_dir(c), name);
    return buf;
}

// ---- stacks ---------------------------------------------------------------------------------

typedef struct stack_result {
    double drift, jitter, sink;
    int ok;
} stack_result;

// Run a stack scene 10 s; drift and jitter measured after a 1 s settle.
static stack_result run_stack(ak_check_ctx *c, const char *file, const char *variant) {
    stack_result r = {0, 0, 0, 0};
    char path[1024], err[1024];
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(scene_path(c, file, path, sizeof path), &d, err, sizeof err);
    if (!m) {
        load_fail(c, file, err);
        return r;
    }
    if (variant) snprintf(m->solver.variant, sizeof m->solver.variant, "%s", variant);
    int n = m->dim;
    double *x0 = calloc((size_t)m->nbody * AK_MAX_DIM, sizeof(double));
    double *x1 = calloc((size_t)m->nbody * AK_MAX_DIM, sizeof(double));
    memcpy(x0, d->x, (size_t)m->nbody * AK_MAX_DIM * sizeof(double));
    ak_world_opts o = ak_world_default_opts(m);
    long nsteps = lround(10.0 / o.dt), settle = lround(1.0 / o.dt);
    r.ok = 1;
    for (long s = 1; s <= nsteps; s++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            load_fail(c, file, err);
            r.ok = 0;
            break;
        }
        if (s == settle) memcpy(x1, d->x, (size_t)m->nbody * AK_MAX_DIM * sizeof(double));
        for (int b = 0; b < m->nbody; b++) {
            if (!ak_solver_body_moves(m, b)) continue;
            double dx = 0, vv = 0, sk = 0;
            for (int i = 0; i < n; i++) {
                double e = d->x[(size_t)b * AK_MAX_DIM + i] - x1[(size_t)b * AK_MAX_DIM + i];
                double e0 = d->x[(size_t)b * AK_MAX_DIM + i] - x0[(size_t)b * AK_MAX_DIM + i];
                dx += e * e, sk += e0 * e0;
                vv += d->v[(size_t)b * AK_MAX_DIM + i] * d->v[(size_t)b * AK_MAX_DIM + i];
            }
            if (s >= settle) {
                r.drift = fmax(r.drift, sqrt(dx));
                r.jitter = fmax(r.jitter, sqrt(vv));
            }
            r.sink = fmax(r.sink, sqrt(sk));
        }
    }
    free(x0);
    free(x1);
    ak_model_free(m);
    ak_data_free(d);
    return r;
}

static void check_stack(ak_check_ctx *c, const char *file) {
    stack_result r = run_stack(c, file, NULL);
    if (!r.ok) return;
    ak_measure(c, r.drift, TOL_DRIFT, "%s: largest displacement 1..10 s after a 1 s settle (m)",
               file);
    ak_measure(c, r.jitter, TOL_JITTER, "%s: largest body speed 1..10 s (m/s)", file);
    ak_value(c, "drift_m", r.drift);
    ak_value(c, "jitter_m_s", r.jitter);
    ak_value(c, "displacement_from_start_m", r.sink);
    ak_note(c, "%s: drift %.3e m, jitter %.3e m/s, largest displacement from the start %.3e m "
               "(the settle into the slop)", file, r.drift, r.jitter, r.sink);
}

static void stack_4d(ak_check_ctx *c) { (void)G; check_stack(c, "stack_4d.json"); }
static void stack_3d(ak_check_ctx *c) { check_stack(c, "stack3_3d.json"); }
static void stack_2d(ak_check_ctx *c) { check_stack(c, "stack_2d.json"); }

static const ak_check CHECKS[] = {
    {"world.stack_4d", "T-Alg12 T-Alg13 T-5.b B-6", "3 hypercubes at 60 Hz, 10 s: drift < 1 mm, speed < 1 mm/s", stack_4d},
    {"world.stack_3d", "T-Alg12 T-Alg13 T-5.b B-6", "3 cubes in 3D at 60 Hz, 10 s: drift < 1 mm, speed < 1 mm/s", stack_3d},
    {"world.stack_2d", "T-Alg12 T-Alg13 T-5.b B-6", "3 squares in 2D at 60 Hz, 10 s: drift < 1 mm, speed < 1 mm/s", stack_2d},
};

AK_GROUP(world, CHECKS)
