/// @file checks_world_fclib.h
/// The world group's check of the converged solver against an independent solver: Siconos
/// Numerics on the exported FCLIB problems (checks_world_fclib.c; docs/fclib.md).
/// checks_world_fclib.c makes its topic table (ak_topic_world_fclib) of AK_WORLD_FCLIB_CHECKS.
#ifndef AK_VERIFY_CHECKS_WORLD_FCLIB_H
#define AK_VERIFY_CHECKS_WORLD_FCLIB_H

#include "verify/checks/checks.h"

void ak_check_fclib_siconos(ak_check_ctx *c);

#define AK_WORLD_FCLIB_CHECKS                                                                      \
    { "world.fclib_siconos", "T-CV.4 T-Alg12 T-Alg13 B-6",                                         \
      "converged solver's velocity problems written as FCLIB files and read back by libfclib: "    \
      "anakata's solutions meet the tolerance under Siconos' residual; Siconos solves them to "    \
      "it; "                                                                                       \
      "velocities agree where W is positive definite",                                             \
      ak_check_fclib_siconos },

#endif
