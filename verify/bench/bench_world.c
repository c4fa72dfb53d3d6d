// World-step benchmark: ms per step against body count (hyperspheres in a 4D box), the split
// between the contact stages and the rest, the scaling exponent, and the 1,000-body pile in 4D
// against the same pile in 3D. Figures go to docs/performance.md ("World step").
// Usage: bench_world [SCENES_DIR] [--max N]
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/contact_cache.h"
#include "engine/integrate.h"
#include "engine/solver.h"
#include "engine/world.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"
#include "verify/common/world_checks_util.h"

typedef struct timing {
    double total_ms, contact_ms;
    int points;
} timing;

// The world step's stages (as ak_world_step runs them) with the contact stage timed apart.
static int step_timed(const ak_model *m, ak_data *d, const ak_world_opts *o, double *F, double *tau,
                      double *tc, char *err, size_t errlen) {
    ak_world_forces(m, d, F, tau, NULL);
    if (ak_integrate_velocities(m, d, o->integrator, o->dt, F, tau, err, errlen)) return -1;
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    if (ak_world_contacts(m, d, o->dt, NULL, err, errlen)) return -1;
    *tc += bench_seconds(CLOCK_MONOTONIC) - t0;
    if (ak_integrate_positions(m, d, o->integrator, o->dt, o->renormalize, err, errlen)) return -1;
    d->t += o->dt;
    d->step++;
    return ak_world_check(m, d, err, errlen);
}

static int run(const ak_model *m, ak_data *d, int warm, int steps, timing *t) {
    ak_world_opts o = ak_world_default_opts(m);
    double *F = calloc((size_t)m->nbody * AK_MAX_DIM, sizeof(double));
    double *tau = calloc((size_t)m->nbody * AK_MAX_BIV, sizeof(double));
    char err[512];
    double tc = 0;
    int rc = 0;
    for (int s = 0; s < warm && !rc; s++) rc = step_timed(m, d, &o, F, tau, &tc, err, sizeof err);
    tc = 0;
    double t0 = bench_seconds(CLOCK_MONOTONIC);
    for (int s = 0; s < steps && !rc; s++) rc = step_timed(m, d, &o, F, tau, &tc, err, sizeof err);
    double t1 = bench_seconds(CLOCK_MONOTONIC);
    if (rc) fprintf(stderr, "bench_world: %s\n", err);
    t->total_ms = 1e3 * (t1 - t0) / steps;
    t->contact_ms = 1e3 * tc / steps;
    t->points = d->contacts ? d->contacts->step.npoint : 0;
    free(F);
    free(tau);
    return rc;
}

// N hyperspheres (radius 0.25) on a jittered grid 0.6 apart in a 4D box (ground + 6 walls).
static ak_model *sphere_box(int N, ak_data **dp) {
    int n = 4, nw = 7;
    ak_model *m = ak_model_create(n, N + nw);
    ak_data *d = ak_data_create(m);
    int side = (int)ceil(cbrt((double)N / 4.0)); // 4 layers deep, side^3 per layer in x, z, w
    double L = 0.6 * side / 2 + 0.1;
    double up[4] = { 0, 1, 0, 0 };
    ak_shape g = ak_wc_plane(n, up, 0.0);
    ak_wc_set_body(m, d, N, &g, 0, NULL);
    int axes[3] = { 0, 2, 3 };
    for (int a = 0; a < 3; a++)
        for (int s = 0; s < 2; s++) {
            double nr[4] = { 0 };
            nr[axes[a]] = s ? -1 : 1;
            ak_shape w = ak_wc_plane(n, nr, -L);
            ak_wc_set_body(m, d, N + 1 + 2 * a + s, &w, 0, NULL);
        }
    unsigned seed = 12345;
    for (int b = 0; b < N; b++) {
        int layer = b / (side * side * side), i = b % (side * side * side);
        double x[4];
        x[0] = -L + 0.4 + 0.6 * (i % side);
        x[2] = -L + 0.4 + 0.6 * ((i / side) % side);
        x[3] = -L + 0.4 + 0.6 * (i / (side * side));
        x[1] = 0.3 + 0.6 * layer;
        for (int k = 0; k < 4; k++) {
            seed = seed * 1103515245u + 12345u;
            x[k] += 0.02 * ((seed >> 16) % 1000 / 1000.0 - 0.5);
        }
        ak_shape s = ak_wc_sphere(n, 0.25);
        ak_wc_set_body(m, d, b, &s, 1.0, x);
    }
    char err[256];
    ak_wc_fill_mass(m, err, sizeof err);
    m->gravity[1] = -9.81;
    m->timestep = 1.0 / 60;
    *dp = d;
    return m;
}

int main(int argc, char **argv) {
    const char *dir = AK_SOURCE_DIR "/scenes";
    long maxn = 16000;
    bool given = false; // a directory was named (one at most)
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--max") && i + 1 < argc) {
            if (bench_count("bench_world", "--max", argv[++i], 1, 16000, &maxn)) return 2;
        } else if (argv[i][0] != '-' && !given) {
            dir = argv[i], given = true;
        } else {
            fprintf(stderr, "usage: bench_world [DIR] [--max N]\n");
            return !strcmp(argv[i], "-h") || !strcmp(argv[i], "--help") ? 0 : 2;
        }
    }
    int sizes[] = { 250, 500, 1000, 2000, 4000, 8000, 16000 };
    double lx[7], ly[7];
    int ns = 0;
    printf("## hyperspheres in a 4D box (r = 0.25, dt = 1/60, 10 iterations; 10 warm-up steps)\n");
    printf("%8s %8s %12s %14s %10s\n", "bodies", "steps", "ms/step", "contacts ms", "points");
    for (int k = 0; k < 7 && sizes[k] <= maxn; k++) {
        int N = sizes[k], steps = N <= 1000 ? 20 : N <= 4000 ? 8 : 3;
        ak_data *d;
        ak_model *m = sphere_box(N, &d);
        timing t;
        if (run(m, d, 10, steps, &t)) return 1;
        printf("%8d %8d %12.2f %14.2f %10d\n", N, steps, t.total_ms, t.contact_ms, t.points);
        lx[ns] = log((double)N);
        ly[ns++] = log(t.total_ms);
        ak_model_free(m);
        ak_data_free(d);
    }
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int k = 0; k < ns; k++)
        sx += lx[k], sy += ly[k], sxx += lx[k] * lx[k], sxy += lx[k] * ly[k];
    if (ns > 1)
        printf("scaling exponent (least squares, ms/step ~ N^p): p = %.3f\n",
               (ns * sxy - sx * sy) / (ns * sxx - sx * sx));
    printf("\n## 1,000-body pile (500 spheres + 500 boxes), 4D against 3D (60 steps after 30)\n");
    const char *piles[2] = { "pile_1000_4d.json", "pile_1000_3d.json" };
    for (int p = 0; p < 2; p++) {
        char path[1024], err[1024];
        snprintf(path, sizeof path, "%s/%s", dir, piles[p]);
        ak_data *d = NULL;
        ak_model *m = ak_wc_load(path, &d, err, sizeof err);
        if (!m) {
            fprintf(stderr, "bench_world: %s\n", err);
            return 1;
        }
        timing t;
        if (run(m, d, 30, 60, &t)) return 1;
        printf("%-20s %dD: %8.2f ms/step, contacts %8.2f ms/step, %d points\n", piles[p], m->dim,
               t.total_ms, t.contact_ms, t.points);
        ak_model_free(m);
        ak_data_free(d);
    }
    return 0;
}
