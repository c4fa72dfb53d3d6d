/// @file stability.h
/// Predictions for free-body samples, computed without the engine and without ref/dyn:
/// the linear stability of a steady rotation (the eigenvalues of the Jacobian of the body-frame
/// Euler equations, taken by central finite differences and gsl_eigen_nonsymm), and the period of
/// the body rates from complete elliptic integrals when the motion stays in a 3D subalgebra.
///
/// The body-frame equations are written with antisymmetric n x n matrices (a rate bivector
/// w_ij, i < j, is the matrix W with W_ij = w_ij, W_ji = -w_ij): L = I(w) component-wise through
/// the k x k inertia, dL/dt = L W - W L, the commutator form of ten Bosch's Euler equation
/// (ten Bosch 2020, §4, B-eq2). Its sign convention does not matter here: reversing time negates
/// every eigenvalue, and the spectrum of this Hamiltonian system is symmetric under negation.
#ifndef AK_VERIFY_SWEEP_STABILITY_H
#define AK_VERIFY_SWEEP_STABILITY_H

/// dw/dt of the torque-free body-frame Euler equation for rate w (k = n(n-1)/2 components in the
/// order xy, xz, ..., of ref/ga/nd.h), inertia I (k x k, row-major). Returns 0 or -1 (singular I).
int ak_sweep_euler_rhs(int n, const double I[], const double w[], double wdot[]);

/// Largest real part of the eigenvalues of d(wdot)/dw at w (the linearisation about w, which
/// should be a steady rotation). 0 or -1 (GSL failure); *lambda receives the value and, when
/// im is not NULL, *im the imaginary part of that eigenvalue.
int ak_sweep_linear_growth(int n, const double I[], const double w[], double *lambda, double *im);

/// Period of the body rates (Landau & Lifshitz, Mechanics §37, via gsl_sf_ellint_Kcomp) when
/// the non-zero components of w all lie in one 3D subalgebra {ij, ik, jk} of a body with
/// diagonal inertia and distinct moments there, and at least two of them are non-zero; NAN
/// otherwise (including the separatrix).
double ak_sweep_elliptic_period(int n, const double I[], const double w[]);

#endif
