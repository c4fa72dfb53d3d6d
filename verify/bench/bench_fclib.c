// bench_fclib [SCENE] [FIRST] [LAST]: the converged solver's contact-phase algorithm on matrices
// (ak_solver_converged_solve_problem) against Siconos Numerics' NSGS, in one process, on the
// velocity problems of steps FIRST..LAST of SCENE (default scenes/pile_1000_3d.json, 8..12),
// each solved from zero impulses: anakata to its four residuals <= 1e-10, NSGS to its own
// measure <= 1e-10; both solutions measured by Siconos' ||F||_2 (docs/fclib.md). Prints one row
// per problem, the totals and the hardest problem (largest time of either).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/contact_cache.h"
#include "engine/solver_converged.h"
#include "engine/world.h"
#include "verify/common/dyn_scenes.h"
#include "verify/fclib/siconos_solve.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    const char *scene = argc > 1 ? argv[1] : AK_SOURCE_DIR "/scenes/pile_1000_3d.json";
    int first = argc > 2 ? atoi(argv[2]) : 8, last = argc > 3 ? atoi(argv[3]) : 12;
    ak_model *m;
    ak_data *d;
    char err[1024];
    if (ak_dyn_scene_load(scene, &m, &d, err, sizeof err)) {
        fprintf(stderr, "bench_fclib: %s\n", err);
        return 2;
    }
    m->solver.method = AK_SOLVER_CONVERGED;
    ak_world_opts o = ak_world_default_opts(m);
    double ta = 0, ts = 0, hard = -1, ha = 0, hs = 0;
    int hstep = 0, hpts = 0;
    printf("step points | anakata: sweeps s ||F||_2 | Siconos NSGS: iterations s ||F||_2\n");
    for (int s = 1; s <= last; s++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            fprintf(stderr, "bench_fclib: step %d: %s\n", s, err);
            return 1;
        }
        if (s < first) continue;
        ak_contact_problem p;
        if (ak_solver_converged_problem(m, d, &p) || p.npoint == 0 || p.dim > 3) {
            ak_contact_problem_free(&p);
            continue;
        }
        size_t k = (size_t)p.npoint * (size_t)p.dim;
        double *ra = calloc(k, sizeof(double)), *rs = calloc(k, sizeof(double)),
               *u = malloc(sizeof(double) * k);
        ak_problem_stats st;
        double t0 = now();
        int rca = ak_solver_converged_solve_problem(&p, 1e-10, 100000, ra, &st);
        double da = now() - t0;
        ak_sic_problem sp = { p.dim, p.npoint, p.row_start, p.col, p.W, p.q, p.mu };
        ak_sic_result sr;
        ak_sic_solve(&sp, AK_SIC_NSGS, 1e-10, 100000, rs, u, &sr);
        double ea = ak_sic_error(&sp, ra, u), es = ak_sic_error(&sp, rs, u);
        printf("%4d %6d | %s %6d %8.3f %.2e | %s %6d %8.3f %.2e\n", s, p.npoint,
               rca ? "miss" : "ok  ", st.sweeps, da, ea, sr.info ? "miss" : "ok  ", sr.iterations,
               sr.seconds, es);
        fflush(stdout);
        ta += da, ts += sr.seconds;
        if (da > hard || sr.seconds > hard)
            hard = da > sr.seconds ? da : sr.seconds, hstep = s, hpts = p.npoint, ha = da,
            hs = sr.seconds;
        free(ra), free(rs), free(u);
        ak_contact_problem_free(&p);
    }
    printf("total: anakata %.3f s, Siconos NSGS %.3f s; hardest: step %d (%d points) anakata %.3f "
           "s, NSGS %.3f s\n",
           ta, ts, hstep, hpts, ha, hs);
    ak_data_free(d);
    ak_model_free(m);
    return 0;
}
