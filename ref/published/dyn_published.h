/// @file dyn_published.h
/// Dynamics formulas transcribed exactly as published (wrong ones too), so that every erratum
/// of docs/errata.md "Dynamics" stays executable. The correct forms live in ref/dyn/dyn.h.
#ifndef AK_PUBLISHED_DYN_H
#define AK_PUBLISHED_DYN_H

/// ten Bosch §9, the 4D Euler component equation as printed (the paper and its Chinese translation agree):
///   I_ij wdot_ij = (I_jk - I_ik) w_ik w_jk + (I_jm - I_im) w_im w_jm,
/// k, m the two other indices, for a body with diagonal inertia Idiag[6] (xy, xz, xw, yz, yw,
/// zw) and body rate w[6]; w_ab with a > b means -w_ba. Torque-free.
/// WRONG SIGN: the commutator form of B-eq2 gives (I_ik - I_jk) and (I_im - I_jm); see
/// docs/errata.md (Dynamics, B-9).  [B-9]
void ak_published_b9_euler4(double wdot[6], const double Idiag[6], const double w[6]);

/// The thesis' rotor update as published, R <- R - (1/2 w dt) R, with no renormalisation
/// (n = 2..5, w the world rate bivector).  [T-5.17]
void ak_published_t517_rotor(int n, double R[], const double w[], double dt);

#endif
