// The MPI process group of `anakata sweep` (mpi.h). Built into the program only; AK_HAVE_MPI is
// set when meson found OpenMPI. Communication: a barrier after the checkpoint is read, an
// all-reduce (max) of the status at three points, and one gather of the rows at the end.
#include "verify/sweep/mpi.h"

#include <stdlib.h>
#include <string.h>

#ifdef AK_HAVE_MPI
#include <mpi.h>

static bool started = false;

static void barrier(void) { MPI_Barrier(MPI_COMM_WORLD); }

static int max_int(int v) {
    int out = v;
    MPI_Allreduce(&v, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return out;
}

static int gather(long n, const long idx[], const char *text, size_t len, long *nall,
                  long **idx_all, char **text_all, size_t *len_all) {
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long mine[2] = { n, (long)len };
    long *counts = rank == 0 ? malloc(sizeof(long) * 2 * (size_t)size) : NULL;
    if (rank == 0 && !counts) MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Gather(mine, 2, MPI_LONG, counts, 2, MPI_LONG, 0, MPI_COMM_WORLD);
    int *cn = NULL, *dn = NULL, *ct = NULL, *dt = NULL;
    long tn = 0, tt = 0;
    if (rank == 0) {
        cn = malloc(sizeof(int) * (size_t)size), dn = malloc(sizeof(int) * (size_t)size);
        ct = malloc(sizeof(int) * (size_t)size), dt = malloc(sizeof(int) * (size_t)size);
        if (!cn || !dn || !ct || !dt) MPI_Abort(MPI_COMM_WORLD, 1);
        for (int r = 0; r < size; r++) {
            cn[r] = (int)counts[2 * r], ct[r] = (int)counts[2 * r + 1];
            dn[r] = (int)tn, dt[r] = (int)tt;
            tn += counts[2 * r], tt += counts[2 * r + 1];
        }
        if (tn > 2147483647L || tt > 2147483647L) MPI_Abort(MPI_COMM_WORLD, 1); // see docs/sweep.md
        *idx_all = malloc(sizeof(long) * (size_t)(tn + 1));
        *text_all = malloc((size_t)tt + 1);
        if (!*idx_all || !*text_all) MPI_Abort(MPI_COMM_WORLD, 1);
        *nall = tn, *len_all = (size_t)tt;
    }
    MPI_Gatherv(idx, (int)n, MPI_LONG, rank == 0 ? *idx_all : NULL, cn, dn, MPI_LONG, 0,
                MPI_COMM_WORLD);
    MPI_Gatherv(text, (int)len, MPI_CHAR, rank == 0 ? *text_all : NULL, ct, dt, MPI_CHAR, 0,
                MPI_COMM_WORLD);
    free(counts), free(cn), free(dn), free(ct), free(dt);
    return 0;
}

bool ak_sweep_mpi_init(int *argc, char ***argv, ak_sweep_comm *comm) {
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE") && !getenv("PMIX_RANK"))
        return false;
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    started = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &comm->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &comm->size);
    comm->barrier = barrier;
    comm->gather = gather;
    comm->max_int = max_int;
    return true;
}

void ak_sweep_mpi_finalize(void) {
    if (started) MPI_Finalize();
    started = false;
}

bool ak_sweep_mpi_available(void) { return true; }

#else

bool ak_sweep_mpi_init(int *argc, char ***argv, ak_sweep_comm *comm) {
    (void)argc, (void)argv, (void)comm;
    return false;
}
void ak_sweep_mpi_finalize(void) {}
bool ak_sweep_mpi_available(void) { return false; }

#endif
