// bench_sweep: the speed-up of `anakata sweep` over threads, measured side by side in one run.
//   build/verify/bench/bench_sweep [SPEC.json] [ROUNDS]
// Evaluates every sample of SPEC (default: sweeps/dzhanibekov_planes.json) with 1 thread and with
// 2 threads (and with all cores when there are more), alternating, ROUNDS times (default 3), and
// prints the best wall time of each, the speed-up and the time per sample. MPI processes share out
// the same per-sample work (docs/sweep.md); their speed-up is measured with mpirun, not here.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/model.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"
#include "verify/sweep/run.h"
#include "verify/sweep/spec.h"

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : AK_SOURCE_DIR "/sweeps/dzhanibekov_planes.json";
    long rounds = 3;
    if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: bench_sweep [SPEC.json] [ROUNDS]\n");
        return argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? 0 : 2;
    }
    if (argc > 2 && bench_count("bench_sweep", "ROUNDS", argv[2], 1, 1000, &rounds)) return 2;
    char err[AK_ERR_MAX + 64];
    ak_sweep_spec *s = ak_sweep_spec_load(path, err, sizeof err);
    if (!s) {
        fprintf(stderr, "bench_sweep: %s\n", err);
        return 2;
    }
    int maxt = 1;
#ifdef _OPENMP
    maxt = omp_get_num_procs();
#endif
    int counts[3] = { 1, 2, maxt }, nc = maxt > 2 ? 3 : 2;
    double best[3] = { 1e300, 1e300, 1e300 };
    double *t = malloc(sizeof(double) * (size_t)s->nsamples * (size_t)s->nmetric);
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < nc; k++) {
            double t0 = bench_seconds(CLOCK_MONOTONIC);
            if (ak_sweep_table(s, counts[k], t, err, sizeof err)) {
                fprintf(stderr, "bench_sweep: %s\n", err);
                return 1;
            }
            double dt = bench_seconds(CLOCK_MONOTONIC) - t0;
            if (dt < best[k]) best[k] = dt;
        }
    printf("bench_sweep: %s, %ld samples, %d cores, best of %ld rounds\n", path, s->nsamples, maxt,
           rounds);
    for (int k = 0; k < nc; k++)
        printf("  %2d thread%s %8.3f s  %8.2f ms/sample  speed-up %.2f\n", counts[k],
               counts[k] > 1 ? "s" : " ", best[k], 1e3 * best[k] / (double)s->nsamples,
               best[0] / best[k]);
    free(t);
    ak_sweep_spec_free(s);
    return 0;
}
