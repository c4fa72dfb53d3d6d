/// @file free_body.h
/// An independent oracle for scenes of free bodies (no contacts, no springs, no drag): the exact
/// translational motion x = x0 + v0 t + g t^2 / 2, and the rotation integrated by GSL odeiv2
/// (rk8pd, absolute and relative tolerance 1e-12) from conserved world angular momentum:
///   R_t = -1/2 w R,  w = [R]_2 I^-1 [R]_2^T L,  L = I_w(0) w(0)   (B-3, B-eq1, B-eq4, B-eq5)
/// Uniform gravity exerts no torque about the centroid, so L is constant. The inertia is the
/// textbook one (not the engine's): hyperbox I_ij = m (a_i^2 + a_j^2) / 3 with half extents a,
/// hypersphere I_ij = 2 m r^2 / (n + 2).
/// It reads the subset of anakata-scene/1 that it needs and rejects anything else by name.
#ifndef AK_VERIFY_FREE_BODY_H
#define AK_VERIFY_FREE_BODY_H

#include <stddef.h>

#include "verify/common/trace_format.h"
#include "ref/ga/nd.h"

/// One body's textbook mass properties, as the oracle uses them.
typedef struct ak_free_body_props {
    char name[AK_TRACEFILE_NAME_MAX];
    double mass;
    double inertia[AK_MAX_BIV]; ///< principal moments, one per coordinate plane (diagonal)
} ak_free_body_props;

/// What the oracle read from the scene: dimension, gravity, duration simulated, bodies.
typedef struct ak_free_body_info {
    int dim;
    double gravity[AK_MAX_DIM];
    double duration;
    int nbody;
    ak_free_body_props *bodies; ///< nbody entries (free with ak_free_body_info_free)
} ak_free_body_info;

void ak_free_body_info_free(ak_free_body_info *info);

/// Simulate scene_path for duration seconds (<= 0: the scene's "duration", else 5 s), sampling at
/// the scene's timestep, and write an anakata-trace/1 file to trace_path. If info is not NULL it
/// receives the scene's dim, gravity and bodies' mass properties (free with
/// ak_free_body_info_free). Returns 0, or -1 with a message in err.
int ak_free_body_oracle(const char *scene_path, double duration, const char *trace_path,
                        ak_free_body_info *info, char *err, size_t errlen);

#endif
