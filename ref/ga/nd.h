/// @file nd.h
/// Rigid-body geometric algebra for n = 2..5 (Euclidean, Cl(n,0,0)): vectors, bivectors and
/// rotors stored as plain double arrays. These are the types the engine uses for every n.
///
/// Storage (docs/conventions.md):
/// - vector: n components, e_0 .. e_{n-1} (x, y, z, w, v).
/// - bivector: k = n(n-1)/2 components in lexicographic pair order; in 4D xy, xz, xw, yz, yw, zw.
/// - rotor: the even subalgebra, 2^(n-1) components, grade by grade, each grade in lexicographic
///   order of its index set; in 4D (s, xy, xz, xw, yz, yw, zw, xyzw).
/// - matrices are row-major.
/// Conventions: x_world = R x_body R~; R_t = -1/2 w R; point velocity v + r _| w.
/// The plane rotor for (i, j, angle) turns e_i towards e_j by angle.
#ifndef AK_GA_ND_H
#define AK_GA_ND_H

#include "ref/ak_export.h"
#include <stdbool.h>

#define AK_MAX_DIM 5
#define AK_MAX_BIV 10  ///< 5*4/2
#define AK_MAX_EVEN 16 ///< 2^(5-1)

/// Number of bivector components, n(n-1)/2.
AK_API int ak_nd_nbiv(int n);
/// Number of rotor (even) components, 2^(n-1).
AK_API int ak_nd_neven(int n);
/// Index pair (i < j) of bivector component k.
AK_API void ak_nd_biv_pair(int n, int k, int *i, int *j);
/// Component index of e_i ^ e_j (i != j); *sign is +1 for i < j and -1 otherwise.
AK_API int ak_nd_biv_index(int n, int i, int j, double *sign);
/// Bitmask of even blade k (bit i set when e_i is a factor).
AK_API unsigned ak_nd_even_mask(int n, int k);
/// Component index of the even blade with bitmask mask, or -1.
AK_API int ak_nd_even_index(int n, unsigned mask);
/// Name of bivector component k ("xy"); names of even blade k ("s", "xy", "xyzw").
AK_API const char *ak_nd_biv_name(int n, int k);
AK_API void ak_nd_even_name(int n, int k, char out[8]);

/// out = a ^ b (bivector).  [B-3]
AK_API void ak_nd_wedge(int n, double out[], const double a[], const double b[]);
/// The k x n matrix [r]* with r ^ a = [r]* a (ten Bosch eq 3).  [B-eq3; B-A.2D, B-A.3D and
/// B-A.4D are its n = 2, 3, 4 tables (our text of the paper has a transcription slip in the 2D table, docs/errata.md)]
AK_API void ak_nd_rstar(int n, double out[], const double r[]);
/// out = r _| w = [r]*^T w (vector), the velocity of point r under rate w.  [B-eq3]
AK_API void ak_nd_contract(int n, double out[], const double r[], const double w[]);
/// out = a x b = (ab - ba)/2, the commutator of two bivectors (a bivector).  [B-eq2]
AK_API void ak_nd_commutator(int n, double out[], const double a[], const double b[]);

AK_API void ak_nd_rotor_identity(int n, double R[]);
/// out = a b (even x even); out may not alias a or b.
AK_API void ak_nd_rotor_mul(int n, double out[], const double a[], const double b[]);
/// out = reverse(R).
AK_API void ak_nd_rotor_reverse(int n, double out[], const double R[]);
/// Rotor turning e_i towards e_j by angle: cos(angle/2) - sin(angle/2) e_ij, the exponential of
/// the Euclidean 2-blade -angle/2 e_ij (the B^2 = -1 case of P-2.5.4).
AK_API void ak_nd_rotor_plane(int n, double R[], int i, int j, double angle);
/// out = exp(B) for a bivector B (series with scaling and squaring; exact to rounding).
AK_API void ak_nd_rotor_exp(int n, double R[], const double B[]);
/// Invariant decomposition of a bivector B (n = 2..5) into at most two commuting 2-blades in
/// orthogonal planes: B = th[0] U[0] + th[1] U[1], U_k^2 = -1 (unit, coefficient norm 1),
/// th[0] >= th[1] >= 0; n = 2, 3 give th[1] = 0, U[1] = 0. A zero part gets some unit plane (n = 4)
/// or zero (n = 2, 3, 5). For an isoclinic B (th[0] = th[1]) the planes are not unique and one
/// valid pair is returned. exp(B) = (cos th0 + sin th0 U0)(cos th1 + sin th1 U1).
/// [P-C.2, the Euclidean n-D form; Dorst & De Keninck 2023, §1.3.5]
AK_API void ak_nd_biv_split(int n, double U[2][AK_MAX_BIV], double th[2], const double B[]);
/// The principal logarithm of a unit rotor R (n = 2..5): the bivector B with exp(B) = R whose
/// split angles satisfy th0 + th1 <= pi (n = 2, 3: th0 <= pi). exp(log R) = R for every unit R;
/// log(exp B) = B when th0 + th1 < pi (n = 4: th1 taken with the sign that U0 U1 = e_xyzw gives it,
/// as ak_ga4_rotor_log). The cut: R = -1 in some plane (angle sum exactly pi) has no unique
/// plane; one valid log is returned. n = 4 by the self-dual/anti-self-dual halves, n = 5 in the
/// 4-space orthogonal to the rotation's fixed axis (docs/formulas/ga.md#nd-rotor-log).  [P-1.5, its
/// Euclidean rotor part, n-D]
AK_API void ak_nd_rotor_log(int n, double B[], const double R[]);
/// out = R x R~.
AK_API void ak_nd_rotor_apply(int n, double out[], const double R[], const double x[]);
/// n x n matrix M with M x = R x R~.
AK_API void ak_nd_rotor_to_matrix(int n, double M[], const double R[]);
/// k x k matrix [R]_2 with R B R~ = [R]_2 B (ten Bosch eq 4).  [B-eq4]
AK_API void ak_nd_rotor_biv_matrix(int n, double M2[], const double R[]);
/// out = R B R~ for a bivector B.
AK_API void ak_nd_biv_sandwich(int n, double out[], const double R[], const double B[]);
/// Scalar part of R R~ (1 for a unit rotor).
AK_API double ak_nd_rotor_norm2(int n, const double R[]);
/// Divide R by sqrt(<R R~>_0). Removes scale drift only; see ak_nd_rotor_renormalize.
AK_API void ak_nd_rotor_normalize(int n, double R[]);

/// Status codes of the GA functions that validate their input.
enum { AK_GA_OK = 0, AK_GA_EDIM = -1, AK_GA_EFRAME = -2, AK_GA_EIMPROPER = -3, AK_GA_EZERO = -4 };
/// A one-line description of a status code.
AK_API const char *ak_ga_status_str(int status);

/// Tolerance on |A^T A - 1| (largest entry) below which a frame counts as orthonormal.
#define AK_GA_FRAME_TOL 1e-9

/// The rotor R with R a_i R~ = b_i, where a_i and b_i are column i of the n x n row-major
/// matrices A and B (two orthonormal frames of the same orientation). Built by successive plane
/// rotors that take the current image of a_i to b_i (ten Bosch sec. 8), each one fixing the axes
/// already aligned. Returns AK_GA_OK, AK_GA_EDIM, AK_GA_EFRAME (not orthonormal to
/// AK_GA_FRAME_TOL) or AK_GA_EIMPROPER (opposite orientations); R is the identity on failure.
/// [B-8drag]
AK_API int ak_nd_rotor_from_frames(int n, double R[], const double A[], const double B[]);
/// The rotor of a rotation matrix M (row-major, M x = R x R~, columns = images of the axes):
/// ak_nd_rotor_from_frames with A = identity, B = M. Same status codes. [B-8drag]
AK_API int ak_nd_rotor_from_frame(int n, double R[], const double M[]);
/// Rotor defect: the largest |component| of R R~ - 1 (every grade; 0 for a unit rotor).
/// In 4D R R~ = s + q e_xyzw, so this covers |s - 1| and the grade-4 part.  [B-4.renorm]
AK_API double ak_nd_rotor_defect(int n, const double R[]);
/// Project a drifted rotor back onto Spin(n), removing the scale drift and every non-rotor
/// component (the grade-4 part for n = 4, 5): n = 2, 3 divide by the norm (exact projection);
/// n = 4 uses the exact closed-form projection ak_nd_spin4_project; n = 5 iterates
/// R <- 1/2 (3 - R R~) R (Newton-Schulz for (R R~)^(-1/2) R) until the defect is below 1e-15;
/// for n <= 5 an even element with R R~ = 1 is a rotor (Lounesto, Clifford Algebras and
/// Spinors, 2nd ed., ch. 17). Returns AK_GA_OK, AK_GA_EDIM, or AK_GA_EZERO (R unchanged) when R is
/// zero or, for n = 5, too far from a rotor (defect > 0.5).  [B-4.renorm]
AK_API int ak_nd_rotor_renormalize(int n, double R[]);
/// The nearest unit 4D rotor to the even element R (order s, xy, xz, xw, yz, yw, zw, xyzw), in
/// closed form through the two 3-spheres of Spin(4) = S^3 x S^3; a zero half maps to the
/// identity of that half. ak_ga4_rotor_renormalize is this on ak_rotor4.  [B-4.renorm]
AK_API void ak_nd_spin4_project(double R[8]);

#endif
