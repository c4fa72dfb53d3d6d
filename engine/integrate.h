/// @file integrate.h
/// Time integrators for the rigid bodies of a model, selected by an ak_integrator (model.h; scene
/// "integrator", `anakata run --integrator NAME`; the names are in engine/scene.h). Every scheme
/// advances x, v, R and the world rate w of every free body over one step h, given a force callback that can be evaluated at any state.
///
/// | name     | scheme                                                              | renormalisation (B-4.renorm) |
/// |----------|---------------------------------------------------------------------|------------------------------|
/// | "thesis" | explicit Euler on v and w (gyroscopic term explicit, B-eq5), then     | published: none; here the    |
/// |          | x += h v, R -= 1/2 h w R with the new rates (T-5.16, T-5.17)          | projection after each step   |
/// | "catto"  | symplectic Euler, torque explicit, gyroscopic term implicit by one    | projection after each step   |
/// |          | Newton step on the body-frame Euler equation (B-4.int), then x, R     | (ten Bosch: factorisation)   |
/// |          | by T-5.16, T-5.17 with the new rates                                 |                              |
/// | "rk4"    | classical RK4 on the full state (x, v, R, w_b) (P-2.5.8)             | projection after each step   |
/// | "exp"    | rates as "catto", then R <- exp(-1/2 w h) R (exact for constant w)  | projection after each step   |
/// | "gsl"    | GSL odeiv2 rk8pd, abs = rel = 1e-12, on the same state as "rk4";     | none (the reference)         |
/// |          | the reference trajectory of the checks                               |                              |
/// The projection is ak_nd_rotor_renormalize (ref/ga/nd.h). Pass renormalize = false to see the
/// drift without it (verify check dynamics.rotor_drift).
#ifndef AK_ENGINE_INTEGRATE_H
#define AK_ENGINE_INTEGRATE_H

#include "ref/ak_export.h"
#include <stdbool.h>
#include <stddef.h>

#include "engine/model.h"

// The enum ak_integrator is in model.h; its names are in the scene loader (scene.h).

/// True for the single-stage (Euler-type) schemes whose velocity and position updates can be
/// separated by other stages (a contact solver between them).
AK_API bool ak_integrator_is_split(ak_integrator i);

/// World forces F (nbody x AK_MAX_DIM) and world torques tau (nbody x AK_MAX_BIV) at state d.
typedef void (*ak_force_fn)(const ak_model *m, const ak_data *d, double F[], double tau[],
                            void *ctx);

/// The implicit gyroscopic step of B-4.int, bit for bit ak_dyn_gyro_implicit_body (ref/dyn) with
/// the commutators on a table of bivector pairs (the velocity stage's cost; test perf).
AK_API int ak_integrate_gyro_implicit_body(int n, double w2[], const double I[], const double w1[],
                                           double h);

/// Velocity stage of a split scheme: v, w from the forces F, tau (evaluated at d).
/// Returns 0, or -1 (err filled) on a singular gyroscopic Jacobian.
AK_API int ak_integrate_velocities(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                                   const double F[], const double tau[], char *err, size_t errlen);
/// Position stage of a split scheme: x, R from the (new) v, w; then the renormalisation.
AK_API int ak_integrate_positions(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                                  bool renormalize, char *err, size_t errlen);
/// One full step of any scheme (forces evaluated through fn). Advances d->t and d->step.
/// Returns 0, or -1 with err filled (GSL failure, allocation, singular Jacobian).
AK_API int ak_integrate_step(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                             bool renormalize, ak_force_fn fn, void *ctx, char *err, size_t errlen);

/// Full-state layout used by "rk4" and "gsl": per body x[n], v[n], R[2^(n-1)], w_b[k].
AK_API size_t ak_integrate_state_size(const ak_model *m);
AK_API void ak_integrate_pack(const ak_model *m, const ak_data *d, double y[]);
AK_API void ak_integrate_unpack(const ak_model *m, ak_data *d, const double y[]);
/// dy/dt of the full state: x_t = v, v_t = F/m, R_t = -1/2 R w_b, w_b,t from B-eq2 with the
/// body-frame torque. scratch is an ak_data of the same model. Fixed bodies have dy/dt = 0.
AK_API void ak_integrate_rhs(const ak_model *m, ak_data *scratch, const double y[], double dydt[],
                             ak_force_fn fn, void *ctx);

#endif
