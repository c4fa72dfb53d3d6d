/// @file tenbosch_sat.h
/// Test-only transcription of ten Bosch 2020 (N-Dimensional Rigid Body Dynamics), §7.1's
/// projection and §7.2's separating axes, as printed, in the generic algebra Cl(n,0,0)
/// (ref/ga/cl.h), n = 2..5:
/// - §7.1: a_par = (a . B)/B, "." the contraction of the vector a onto the blade B, "/B" the
///   product with B's inverse.
/// - §7.2: every m-cell i of a polytope is spanned by m vectors, V^m(i) is their exterior product
///   (the empty product 1 for m = 0); for every m_a + m_b = n - 1 form V_a^{m_a}(i) ^ V_b^{m_b}(j)
///   for all i, j; the potential separating axes are the duals of these (n-1)-vectors. For an
///   oriented hyperbox the m-cells' spans are the m-subsets of its n edge directions (the
///   printed "only 4 unique vectors ... 6 unique bivectors" of the 4D hypercube).
/// - §8: "to find this rotor I apply successive rotors to transform corresponding pairs of
///   coordinate axes into each other", then "extract its bivector part": for k = 0..n-1 the rotor
///   R_k = (1 + b_k a_k')/|1 + b_k a_k'| takes the current image a_k' = R a_k R~ of A's axis k to
///   B's axis k in their plane, R <- R_k R.
#ifndef AK_VERIFY_TENBOSCH_SAT_H
#define AK_VERIFY_TENBOSCH_SAT_H

/// §7.1 as printed: out = (a . B)/B for the blade B = b_0 ^ ... ^ b_{m-1} (rows of b, m x n).
/// *other: the largest coefficient of the quotient outside grade 1. Returns 0, or -1 when B has no
/// inverse (its factors are dependent).
int ak_tbs_project(int n, double out[], double *other, const double a[], const double b[], int m);

/// §7.2 for two hyperboxes whose edge directions are the columns of ua, ub (n x n, row-major, as
/// ak_pose.rot): every (n-1)-vector V_a^{m_a}(i) ^ V_b^{m_b}(j) in the printed order (m_a from
/// n-1 down to 0, i over the m_a-subsets of A's directions, j over B's), its dual written to
/// axes (n doubles each, zero when the product vanishes), split[m_a] counting the pairs of each
/// m_a. Returns the number of pairs formed (at most max).
int ak_tbs_box_axes(int n, const double ua[], const double ub[], double axes[], int max,
                    int split[]);

/// §8 as printed: the rotor R (even coefficients of Cl(n,0,0), index = blade mask, 2^n doubles)
/// from the successive axis rotors taking the rows of a (n x n, orthonormal) to the rows of b,
/// and its bivector part biv (lexicographic pairs); *minlen the smallest |1 + b_k a_k'| (rounding
/// in a step grows as 1/|1 + b_k a_k'|). Returns 0, or -1 when a step meets an antiparallel pair
/// (1 + b_k a_k' = 0: the printed step has no plane).
int ak_tbs_rotor_from_frames(int n, double rotor[], double biv[], double *minlen, const double a[],
                             const double b[]);

#endif
