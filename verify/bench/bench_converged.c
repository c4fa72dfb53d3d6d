// The converged solver's hardest world steps under rounding-level changes of a scene: the world
// step (as `anakata run SCENE --method converged --steps N`) once on the scene as given, then on
// copies whose gravity is moved by k units in the last place (k = +1, -1, +2, -2, ...: the same
// scene to 2e-16 a unit). Each run's steps all meet the tolerance, but the sweeps and polishes a step
// takes on a pile depend on the rounding of the problems before it, so its hardest step is a draw
// from a spread, not a property of the solver; this prints the spread (per run: total, sweeps,
// the sparse polishes' factorisations and their multiply-adds, the hardest step; over the runs:
// median and largest). The sweeps, factorisations and multiply-adds depend on the path only, not
// on the machine: a change that keeps the paths can be judged by them without the noise of the
// times. Figures go to docs/performance.md (issue 28, "The hardest step is a draw", "Built once
// per component, ordered by minimum fill").
// Usage: bench_converged [SCENE] [--steps N] [--runs K]
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/contact_cache.h"
#include "engine/solver.h"
#include "engine/world.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"
#include "verify/bench/bench_median.h"
#include "verify/common/world_checks_util.h"

#define MAX_RUNS 64 ///< --runs at most

typedef struct run_result {
    double wall, cpu, hard_s; ///< whole run (s), its CPU (s), the hardest step's wall time (s)
    long sweeps;              ///< the velocity stage's sweeps over all steps
    long fact;                ///< the sparse polishes' factorisations over all steps
    double madd;              ///< ... and their multiply-adds
    int hard_step, hard_sweeps, missed;
} run_result;

// gravity moved by k units in the last place, component by component (zeros stay zero);
// returns the components moved
static int move_gravity(ak_model *m, int k) {
    int moved = 0;
    for (int i = 0; i < m->dim; i++) {
        double g = m->gravity[i];
        if (g == 0.0) continue;
        for (int z = 0; z < abs(k); z++) g = nextafter(g, k > 0 ? INFINITY : -INFINITY);
        m->gravity[i] = g;
        moved++;
    }
    return moved;
}

static int run(const char *path, int k, bool compare, long steps, run_result *r) {
    char err[1024];
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(path, &d, err, sizeof err);
    if (!m) {
        fprintf(stderr, "bench_converged: %s\n", err);
        return -1;
    }
    m->solver.method = AK_SOLVER_CONVERGED;
    if (!move_gravity(m, k) && compare) {
        fprintf(stderr,
                "bench_converged: %s: the gravity is zero, so no run differs from the first\n",
                path);
        ak_model_free(m);
        ak_data_free(d);
        return -1;
    }
    ak_world_opts o = ak_world_default_opts(m);
    memset(r, 0, sizeof *r);
    double w0 = bench_seconds(CLOCK_MONOTONIC), c0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
    int rc = 0;
    for (long s = 1; s <= steps; s++) {
        double t0 = bench_seconds(CLOCK_MONOTONIC);
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            fprintf(stderr, "bench_converged: step %ld: %s\n", s, err);
            rc = -1;
            break;
        }
        double t = bench_seconds(CLOCK_MONOTONIC) - t0;
        const ak_contact_cache *c = d->contacts;
        int it = c && c->stats.res.valid ? c->stats.res.iterations : 0;
        r->sweeps += it;
        if (c) r->fact += c->stats.sparse_factorisations, r->madd += c->stats.sparse_multiply_adds;
        r->missed += c && c->stats.res.valid && !c->stats.res.converged;
        if (t > r->hard_s) r->hard_s = t, r->hard_step = (int)s, r->hard_sweeps = it;
    }
    r->wall = bench_seconds(CLOCK_MONOTONIC) - w0;
    r->cpu = bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    ak_model_free(m);
    ak_data_free(d);
    return rc;
}

int main(int argc, char **argv) {
    const char *scene = AK_SOURCE_DIR "/scenes/pile_1000_3d.json";
    long steps = 60, runs = 5; // runs: 1 to MAX_RUNS
    bool given = false;        // a scene was named (one at most)
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
            if (bench_count("bench_converged", "--steps", argv[++i], 1, 1000000, &steps)) return 2;
        } else if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
            if (bench_count("bench_converged", "--runs", argv[++i], 1, MAX_RUNS, &runs)) return 2;
        } else if (argv[i][0] != '-' && !given) {
            scene = argv[i], given = true;
        } else {
            fprintf(stderr, "usage: bench_converged [SCENE] [--steps N] [--runs K]\n");
            return 2;
        }
    }
    printf("## %s, %ld steps, the converged solver: gravity moved by k units in the last place\n",
           scene, steps);
    printf("%6s %10s %10s %10s %8s %8s %14s %10s %8s\n", "k", "wall s", "CPU s", "sweeps", "factor",
           "Gmadd", "hardest step", "its sweeps", "wall s");
    double hard[MAX_RUNS], wall[MAX_RUNS];
    int nr = (int)runs;
    for (int j = 0; j < nr; j++) {
        int k = j == 0 ? 0 : (j % 2 ? 1 : -1) * ((j + 1) / 2);
        run_result r;
        if (run(scene, k, nr > 1, steps, &r)) return 1;
        printf("%6d %10.2f %10.2f %10ld %8ld %8.1f %14d %10d %8.2f%s\n", k, r.wall, r.cpu, r.sweeps,
               r.fact, 1e-9 * r.madd, r.hard_step, r.hard_sweeps, r.hard_s,
               r.missed ? "  (steps missed the tolerance)" : "");
        fflush(stdout);
        hard[j] = r.hard_s, wall[j] = r.wall;
    }
    double hmax = 0;
    for (int j = 0; j < nr; j++) hmax = fmax(hmax, hard[j]);
    printf(
        "hardest step over the %d runs: median %.2f s, largest %.2f s; whole run: median %.2f s\n",
        nr, bench_median(hard, nr), hmax, bench_median(wall, nr));
    return 0;
}
