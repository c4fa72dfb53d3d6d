// anakata sweep SPEC.json [--out FILE.csv] [--checkpoint FILE] [--threads N] [--quiet]
// Runs a parameter sweep (verify/sweep/, docs/sweep.md): one CSV row per sample, in sample
// order, on OpenMP threads and, under mpirun, on several processes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "engine/model.h"
#include "verify/sweep/mpi.h"
#include "verify/sweep/run.h"
#include "verify/sweep/spec.h"

static const ak_opt OPTS[] = {
    { "--out", AK_ARG_TEXT, "FILE.csv", "write the CSV here (default: standard output)", 0, 0, 0,
      "file name", NULL },
    { "--checkpoint", AK_ARG_TEXT, "FILE",
      "record finished samples in FILE (FILE.<rank> for MPI ranks > 0); a run\n"
      "killed at any moment continues from it when started again the same way",
      0, 0, 0, "file name", NULL },
    { "--threads", AK_ARG_INT, "N", "OpenMP threads per process (default: all cores)", 0, 1, 4096,
      NULL, NULL },
    { "--quiet", AK_ARG_NONE, NULL, "no progress line (it is shown only when stderr is a terminal)",
      0, 0, 0, NULL, NULL },
};

const ak_cmd_spec AK_SPEC_SWEEP = {
    "sweep",
    "SPEC.json [--out FILE.csv] [--checkpoint FILE] [--threads N] [--quiet]",
    "Run the samples of a sweep spec (format anakata-sweep/1, docs/sweep.md) and write one CSV\n"
    "row per sample, in sample order; the CSV is the same for any number of processes/threads.\n"
    "Under mpirun -np K the samples are split over K processes (when MPI is built in: anakata\n"
    "sweep --help says so below).",
    "SPEC",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

int ak_cmd_sweep(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_SWEEP, argc, argv, &c, &prc)) {
        if (prc == AK_EXIT_OK)
            printf("MPI: %s.\n", ak_sweep_mpi_available()
                                     ? "built in (start with mpirun)"
                                     : "not built in (install libopenmpi-dev and rebuild)");
        return prc;
    }
    const char *spec_path = c.pos[0], *out = ak_cli_str(&c, "--out", NULL),
               *ckpt = ak_cli_str(&c, "--checkpoint", NULL);
    int threads = (int)ak_cli_get_long(&c, "--threads", 0);
    bool quiet = ak_cli_has(&c, "--quiet");
    ak_sweep_comm comm = { 0, 1, NULL, NULL, NULL };
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
        ak_sweep_run_opts o = { out, ckpt, threads, !quiet && isatty(2), mpi ? &comm : NULL };
        ak_sweep_run_stats st;
        int r = ak_sweep_run(s, &o, &st, err, sizeof err);
        if (r) {
            if (comm.rank == 0 || r == -1) fprintf(stderr, "anakata sweep: %s\n", err);
            rc = r == 2 ? AK_EXIT_USAGE : AK_EXIT_FAIL;
        } else {
            if (!quiet && out)
                fprintf(stderr,
                        "anakata sweep: rank %d/%d: %ld samples computed in %.2f s, %ld from the "
                        "checkpoint, "
                        "%ld in all%s%s\n",
                        comm.rank, comm.size, st.computed, st.seconds, st.resumed, st.total,
                        comm.rank == 0 ? "; wrote " : "", comm.rank == 0 ? out : "");
            rc = AK_EXIT_OK;
        }
        ak_sweep_spec_free(s);
    }
    ak_sweep_mpi_finalize();
    return rc;
}
