/// @file mpi.h
/// The process group of `anakata sweep`: MPI when the program was built with it (OpenMPI,
/// optional meson dependency) and started by mpirun, otherwise one process.
#ifndef AK_VERIFY_SWEEP_MPI_H
#define AK_VERIFY_SWEEP_MPI_H

#include <stdbool.h>

#include "verify/sweep/run.h"

/// Start MPI when this process was started by mpirun (OMPI_COMM_WORLD_SIZE, PMI_SIZE or
/// PMIX_RANK is set) and the program has MPI; fills comm and returns true. Otherwise returns
/// false (one process; comm untouched).
bool ak_sweep_mpi_init(int *argc, char ***argv, ak_sweep_comm *comm);
/// Finish MPI if ak_sweep_mpi_init started it.
void ak_sweep_mpi_finalize(void);
/// True when the program was built with MPI.
bool ak_sweep_mpi_available(void);

#endif
