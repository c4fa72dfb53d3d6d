// anakata sweep SPEC.json [--out FILE.csv] [--checkpoint FILE] [--threads N] [--quiet]
// Runs a parameter sweep (verify/sweep/, docs/sweep.md): one CSV row per sample, in sample
// order, on OpenMP threads and, under mpirun, on several processes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "model.h"
#include "sweep/mpi.h"
#include "sweep/run.h"
#include "sweep/spec.h"

static void usage(FILE *f) {
    fprintf(f,
            "usage: anakata sweep SPEC.json [--out FILE.csv] [--checkpoint FILE] [--threads N] [--quiet]\n"
            "       mpirun -np K anakata sweep SPEC.json ...   (the samples are split over K processes)\n\n"
            "Run the samples of a sweep spec (format anakata-sweep/1, docs/sweep.md) and write one CSV\n"
            "row per sample, in sample order; the CSV is the same for any number of processes/threads.\n"
            "  --out FILE.csv     write the CSV here (default: standard output)\n"
            "  --checkpoint FILE  record finished samples in FILE (FILE.<rank> for MPI ranks > 0); a run\n"
            "                     killed at any moment continues from it when started again the same way\n"
            "  --threads N        OpenMP threads per process (default: all cores)\n"
            "  --quiet            no progress line (it is shown only when stderr is a terminal)\n"
            "MPI: %s.\n",
            ak_sweep_mpi_available() ? "built in (start with mpirun)" : "not built in (install libopenmpi-dev and rebuild)");
}

int ak_cmd_sweep(int argc, char **argv) {
    const char *spec_path = NULL, *out = NULL, *ckpt = NULL;
    int threads = 0;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool takes = !strcmp(a, "--out") || !strcmp(a, "--checkpoint") || !strcmp(a, "--threads");
        if (takes && i + 1 >= argc) return ak_cli_bad_usage("sweep", "%s needs a value", a);
        const char *val = takes ? argv[++i] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else if (!strcmp(a, "--out")) {
            if (!*val) return ak_cli_bad_usage("sweep", "--out: empty file name");
            out = val;
        } else if (!strcmp(a, "--checkpoint")) {
            if (!*val) return ak_cli_bad_usage("sweep", "--checkpoint: empty file name");
            ckpt = val;
        } else if (!strcmp(a, "--threads")) {
            char *end;
            long t = strtol(val, &end, 10);
            if (!*val || *end || t < 1 || t > 4096)
                return ak_cli_bad_usage("sweep", "--threads: expected a whole number from 1 to 4096, got '%s'", val);
            threads = (int)t;
        } else if (!strcmp(a, "--quiet")) {
            quiet = true;
        } else if (a[0] == '-' && a[1]) {
            return ak_cli_bad_usage("sweep", "unknown option '%s'", a);
        } else if (spec_path) {
            return ak_cli_bad_usage("sweep", "one spec at a time (got '%s' and '%s')", spec_path, a);
        } else {
            spec_path = a;
        }
    }
    if (!spec_path) return ak_cli_bad_usage("sweep", "no SPEC given");
    ak_sweep_comm comm = {0, 1, NULL, NULL, NULL};
    bool mpi = ak_sweep_mpi_init(&argc, &argv, &comm);
    char err[AK_ERR_MAX] = "";
    ak_sweep_spec *s = ak_sweep_spec_load(spec_path, err, sizeof err);
    int rc;
    // every rank must have the spec before any collective step: one rank without it would
    // otherwise leave the others waiting
    if (mpi && comm.max_int(s ? 0 : 1) && s) {
        snprintf(err, sizeof err, "%s: another process could not read the spec", spec_path);
        ak_sweep_spec_free(s);
        s = NULL;
    }
    if (!s) {
        if (comm.rank == 0) fprintf(stderr, "anakata sweep: %s\n", err);
        rc = AK_EXIT_USAGE;
    } else {
        ak_sweep_run_opts o = {out, ckpt, threads, !quiet && isatty(2), mpi ? &comm : NULL};
        ak_sweep_run_stats st;
        int r = ak_sweep_run(s, &o, &st, err, sizeof err);
        if (r) {
            if (comm.rank == 0 || r == -1) fprintf(stderr, "anakata sweep: %s\n", err);
            rc = r == 2 ? AK_EXIT_USAGE : AK_EXIT_FAIL;
        } else {
            if (!quiet && out)
                fprintf(stderr, "anakata sweep: rank %d/%d: %ld samples computed in %.2f s, %ld from the checkpoint, "
                        "%ld in all%s%s\n", comm.rank, comm.size, st.computed, st.seconds, st.resumed, st.total,
                        comm.rank == 0 ? "; wrote " : "", comm.rank == 0 ? out : "");
            rc = AK_EXIT_OK;
        }
        ak_sweep_spec_free(s);
    }
    ak_sweep_mpi_finalize();
    return rc;
}
