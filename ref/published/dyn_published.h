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

/// Dorst & De Keninck 2023, App. B.2 (spherical top) and B.3 (symmetric top), the motors as
/// printed, in Cl(d,0,1) with ref/pga's storage and conventions (M_X = exp(-X t/2) by
/// ak_pga_motor_exp). Pm = eps p/m (ideal bivector of the world velocity), Lb = L_b/i (the body
/// angular-momentum 2-blade over i), A the body constant of B.9/B.14.
///
/// P-B.6, first line: M = e^{-(eps p/m)t/2} M0 e^{-(L_b/i)t/2}. Correct.  [P-B.6]
void ak_pub_pga_B6_first(int d, double M[], const double M0[], const double Pm[], const double Lb[],
                         double t);
/// P-B.6, second line: M = e^{-(eps p/m)t/2} e^{-(L/i)t/2} M0, with L the purely Euclidean 2-blade
/// the text defines through 𝓘L = M0(𝓘L_b)M0~ (ak_pub_pga_euclidean_L). WRONG whenever M0
/// translates: L passes through the origin, not through the centroid, so e^{-(L/i)t/2} turns
/// the centroid about the origin. Correct: L_w = M0 L_b M0~.  [P-B.6]
void ak_pub_pga_B6_second(int d, double M[], const double M0[], const double Pm[], const double L[],
                          double t);
/// The Euclidean 2-blade L of B.6 and B.15 as printed: solves 𝓘L = M0(𝓘L_b)M0~ for a Euclidean
/// bivector L (𝓘 = e0 e1..ed), blade by blade. (It equals R0 L_b R0~ for M0 = T R0.)
void ak_pub_pga_euclidean_L(int d, double L[], const double M0[], const double Lb[]);
/// P-B.15, second form as printed: M = M_p M_L M0 M_A, M_L = exp(-(L/i)t/2) with L from
/// ak_pub_pga_euclidean_L. WRONG whenever M0 translates (same flaw as P-B.6's second line); the
/// first form M_p M0 M_Lb M_A is ak_pga_symmetric_top.  [P-B.15]
void ak_pub_pga_B15_second(int d, double M[], const double M0[], const double Pm[],
                           const double L[], const double A[], double t);

/// P-B.1kin (App. B.1 and B.2, as printed twice): "the motor can be obtained by integrating
/// Mdot = -1/2 M Bdot_b": out = -1/2 M Bdot. WRONG: the kinematics (eq. 2.28/2.29, and B.3's own
/// "Mdot = -1/2 M B_b") take the rate B_b, not its derivative.  [P-B.1kin]
void ak_pub_pga_B1_motor_rate(int d, double out[], const double M[], const double Bdot[]);
/// P-B.6Mv (App. B.2, the step before eq. B.6): M = M0 M_v M_B0 with M_v = exp(-1/2 eps v_0 t/2)
/// as printed (Pb = eps v_b0, the body-frame velocity at t = 0; Lb = B_b0 = L_b/i), i.e. the
/// translation at half the velocity. WRONG: the equation before it integrates to
/// M_v = exp(-eps v_0 t/2).  [P-B.6Mv]
void ak_pub_pga_B2_motor(int d, double M[], const double M0[], const double Pb[], const double Lb[],
                         double t);

#endif
