/// @file fclib_export.h
/// `anakata run --export-fclib DIR`: each step's velocity problem of the converged solver
/// (ak_solver_converged_problem) with its solution, one FCLIB file per step with contacts
/// (DIR/step_000123.hdf5; docs/fclib.md).
#ifndef AK_VERIFY_FCLIB_EXPORT_H
#define AK_VERIFY_FCLIB_EXPORT_H

#include <stddef.h>

#include "engine/model.h"

/// Create DIR (and nothing above it) unless it is a directory already. 0, or -1 with err filled.
int ak_fclib_export_prepare(const char *dir, char *err, size_t errlen);

/// Write step's problem (the step just taken, scene the file it was loaded from): 1 when written,
/// 0 when the step had no contacts, -1 with err filled.
int ak_fclib_export_step(const char *dir, const char *scene, const ak_model *m, ak_data *d,
                         long step, char *err, size_t errlen);

#endif
