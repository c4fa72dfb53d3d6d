// The contact solver alone on one step of bench_vs_ode's sphere pile (the same pile: N spheres
// on a grid with jitter, ground and walls, 10 iterations), 3D and 4D: the pile is stepped WARM
// steps, then that step's points (after the broadphase, narrowphase and cache of the next
// step) are solved REPEAT times from the same saved state (velocities and the points' cached
// impulses), and the CPU time of ak_solver_prepare alone and of the whole
// ak_solver_corrected_solve (prepare, warm start, packing, iterations, restitution) is reported
// (minimum and median over the repeats; per point: the prepare's median, and the difference of
// the two medians, the rest), with a hash of the velocities after the last repeat (equal hashes:
// equal bits). usage: bench_solver [N [WARM [REPEAT]]] (default 1000 400 40); one thread.
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/broadphase.h"
#include "engine/contact_cache.h"
#include "engine/narrowphase.h"
#include "engine/solver.h"
#include "engine/world.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"
#include "verify/bench/bench_median.h"
#include "verify/bench/sphere_pile.h"
#include "verify/common/world_checks_util.h"

static int ak_create(ak_pile *p, int dim, int N) {
    if (ak_pile_create(p, dim, N, "bench_solver")) return -1;
    p->o = ak_world_default_opts(p->m);
    return 0;
}

static int ak_step(ak_pile *p) { return ak_pile_step(p, "bench_solver"); }

static int bench(int dim, int N, int warm, int R) {
    ak_pile p;
    if (ak_create(&p, dim, N)) return -1;
    p.m->paths.parallel_min = 1 << 30; // one thread
    for (int s = 0; s < warm; s++)
        if (ak_step(&p)) return -1;
    char err[512];
    ak_contact_cache *c = p.d->contacts;
    if (ak_broadphase(p.m, p.d, c, AK_SOLVER_MARGIN) ||
        ak_narrowphase(p.m, p.d, c, AK_SOLVER_MARGIN, err, sizeof err)) {
        fprintf(stderr, "bench_solver: contact stages failed\n");
        return -1;
    }
    ak_contact_cache_match(c);
    int np = c->step.npoint, nb = p.m->nbody;
    size_t vs = sizeof(double) * AK_MAX_DIM * (size_t)nb,
           ws = sizeof(double) * AK_MAX_BIV * (size_t)nb,
           ps = sizeof(ak_contact_point) * (size_t)np;
    double *v0 = malloc(vs), *w0 = malloc(ws), *tp = malloc(sizeof(double) * (size_t)R),
           *ts = malloc(sizeof(double) * (size_t)R);
    ak_contact_point *pt0 = malloc(ps);
    if (!v0 || !w0 || !tp || !ts || !pt0) return -1;
    memcpy(v0, p.d->v, vs), memcpy(w0, p.d->w, ws), memcpy(pt0, c->step.pts, ps);
    double h = p.m->timestep;
    for (int r = 0; r < R; r++) {
        memcpy(p.d->v, v0, vs), memcpy(p.d->w, w0, ws), memcpy(c->step.pts, pt0, ps);
        double t0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
        ak_solver_prepare(p.m, p.d, c, h);
        double t1 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
        memcpy(p.d->v, v0, vs), memcpy(p.d->w, w0, ws), memcpy(c->step.pts, pt0, ps);
        double t2 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
        ak_solver_corrected_solve(p.m, p.d, c, h);
        double t3 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
        tp[r] = t1 - t0, ts[r] = t3 - t2;
    }
    uint64_t hash = ak_wc_hash(p.m, p.d, 1469598103934665603ull);
    qsort(tp, (size_t)R, sizeof(double), bench_cmp_double);
    qsort(ts, (size_t)R, sizeof(double), bench_cmp_double);
    printf("%3d %6d %7d %8.3f %8.3f %8.3f %8.3f %8.1f %8.1f  %016llx\n", dim, N, np, 1e3 * tp[0],
           1e3 * tp[R / 2], 1e3 * ts[0], 1e3 * ts[R / 2], 1e9 * tp[R / 2] / np,
           1e9 * (ts[R / 2] - tp[R / 2]) / np, (unsigned long long)hash);
    free(v0), free(w0), free(tp), free(ts), free(pt0);
    ak_model_free(p.m);
    ak_data_free(p.d);
    return 0;
}

int main(int argc, char **argv) {
    int N = 1000, warm = 400, R = 40;
    if (argc > 4 || (argc > 1 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: bench_solver [N [WARM [REPEAT]]] (N, REPEAT >= 1, WARM >= 0)\n");
        return argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? 0 : 2;
    }
    if ((argc > 1 && bench_int("bench_solver", "N", argv[1], 1, 1000000, &N)) ||
        (argc > 2 && bench_int("bench_solver", "WARM", argv[2], 0, 1000000, &warm)) ||
        (argc > 3 && bench_int("bench_solver", "REPEAT", argv[3], 1, 1000000, &R)))
        return 2;
    printf(
        "# the solver on step %d of the %d-sphere pile, %d repeats, CPU ms (min, median), ns per "
        "point (median)\n# dim      N  points prep_min prep_med solve_min solve_med prep/pt "
        "rest/pt  "
        "velocity hash\n",
        warm + 1, N, R);
    for (int dim = 3; dim <= 4; dim++)
        if (bench(dim, N, warm, R)) return 1;
    return 0;
}
