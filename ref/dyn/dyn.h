/// @file dyn.h
/// Rigid-body equations of motion in n dimensions (n = 2..5), ten Bosch §3-§4, in the
/// conventions of ref/ga/nd.h: x_world = x + R x_body R~, R_t = -1/2 w R with w the world-frame
/// rate bivector, body-frame rate w_b = R~ w R (so R_t = -1/2 R w_b), inertia k x k in the
/// body frame with k = n(n-1)/2, commutator A x B = (AB - BA)/2.
/// Pure functions: outputs first, sizes in the signature, no allocation, no I/O.
/// Verdicts and evidence: docs/formulas/dynamics.md.
#ifndef AK_DYN_DYN_H
#define AK_DYN_DYN_H

#include "ref/ga/nd.h"

/// The rotor kernels (product, reverse, exp, sandwich, [R]_2, commutator, renormalisation)
/// are ak_nd_* in ref/ga/nd.h: table-driven there, fast enough for 10^6-step loops.

/// The k x k matrix C(a) with C(a) b = a x b.  [B-eq2]
void ak_dyn_commutator_matrix(int n, double C[], const double a[]);
/// s when the k x k inertia (or inverse inertia) I is exactly s times the identity, s > 0
/// (a hypersphere, a hypercube), else 0. Such a body has [R]_2 I [R]_2^T = I for every rotor
/// (B-eq4: [R]_2 is orthogonal) and no gyroscopic term (w x s w = 0, B-eq2); the callers
/// use this to skip both exactly instead of computing them with rounding.  [B-eq4, B-eq2]
double ak_dyn_inertia_scalar(int n, const double I[]);
/// y = A x for a k x k row-major matrix (k = n(n-1)/2).
void ak_dyn_biv_matvec(int n, double y[], const double A[], const double x[]);

/// World inertia I' = [R]_2 I [R]_2^T (k x k).  [B-eq4]
void ak_dyn_world_inertia(int n, double Iw[], const double I[], const double R[]);
/// Body-frame bivector w_b = R~ w R and its inverse w = R w_b R~.
void ak_dyn_biv_to_body(int n, double wb[], const double R[], const double w[]);
void ak_dyn_biv_to_world(int n, double w[], const double R[], const double wb[]);
/// Angular momentum about the centroid, world frame: L = R I(R~ w R) R~.  [B-eq1]
void ak_dyn_spin(int n, double L[], const double I[], const double R[], const double w[]);
/// World rate from world angular momentum: w = R I^-1(R~ L R) R~ (Iinv = I^-1).  [B-eq1]
void ak_dyn_omega_from_spin(int n, double w[], const double Iinv[], const double R[],
                            const double L[]);
/// Body-frame Euler equation I(w_t) - w x I(w) = tau solved for w_t:
/// wdot = I^-1 (tau_b + w_b x I w_b), all in the body frame.  [B-eq2]
void ak_dyn_euler_body(int n, double wdot[], const double I[], const double Iinv[],
                       const double wb[], const double taub[]);
/// World-frame Euler equation I' w_t - w x I' w = tau solved for w_t, given I' and I'^-1.
/// [B-eq5]
void ak_dyn_euler_world(int n, double wdot[], const double Iw[], const double Iwinv[],
                        const double w[], const double tau[]);
/// Rotor rate from the world rate, R_t = -1/2 w R.  [B-3]
void ak_dyn_rotor_rate(int n, double Rt[], const double R[], const double w[]);
/// Rotor rate from the body rate, R_t = -1/2 R w_b.  [B-3]
void ak_dyn_rotor_rate_body(int n, double Rt[], const double R[], const double wb[]);

/// Kinetic energy 1/2 m v.v + 1/2 w_b . I w_b (w is the world rate).  [B-3, B-eq1]
double ak_dyn_kinetic_energy(int n, double mass, const double I[], const double R[],
                             const double v[], const double w[]);
/// Angular momentum bivector about the world origin, x ^ (m v) + L.  [B-3]
void ak_dyn_angular_momentum(int n, double J[], double mass, const double I[], const double R[],
                             const double x[], const double v[], const double w[]);

/// Symplectic-Euler step of the rate with the gyroscopic term implicit (ten Bosch after Catto
/// 2015): solves I(w2 - w1) - h w2 x I(w2) = 0 for w2 by one Newton step from w1, in the body
/// frame. w1 already contains the external torque's impulse. Returns 0, or -1 when the
/// Jacobian is singular.  [B-4.int, B-eq2]
int ak_dyn_gyro_implicit_body(int n, double w2[], const double I[], const double w1[], double h);

/// Inertia of a solid hyperbox of mass m and half extents h[n] about its centroid, body frame:
/// diagonal, I_ab = m (h_a^2 + h_b^2) / 3 (verified by quadrature in test_dyn.c; the mass area
/// owns the general mass properties). I is k x k; Iinv its inverse (may be NULL).  [B-I, T-3.hb;
/// the diagonal k x k inertia acting on bivectors, T-2.2.1 for n = 4]
void ak_dyn_hyperbox_inertia(int n, double I[], double Iinv[], double mass, const double h[]);

/// Solve the k x k system A x = b by Gaussian elimination with partial pivoting (A is copied).
/// Returns 0, or -1 when A is singular.
int ak_dyn_solve(int k, double x[], const double A[], const double b[]);

#endif
