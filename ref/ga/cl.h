/// @file cl.h
/// Generic Clifford algebra Cl(p,q,r) with up to 7 basis vectors: the slow, obviously right
/// oracle that every specialised GA routine in anakata is tested against.
///
/// Basis and storage:
/// - n = p + q + r <= 7 basis vectors, stored as bits 0..n-1 of a blade mask. The first r basis
///   vectors square to 0 (the null vector e_0 of PGA when r = 1), the next p square to +1 and the
///   last q square to -1. For the Euclidean algebras Cl(n,0,0) bit i is e_i = x, y, z, w, v.
/// - A basis blade e_A is the product of the basis vectors of A in increasing index order.
/// - A multivector is 128 coefficients indexed by blade mask, plus its signature (p, q, r).
///
/// Every binary operation returns AK_CL_OK, or AK_CL_ESIG when the operands have different
/// signatures (the output is then zeroed). Outputs may alias inputs.
#ifndef AK_GA_CL_H
#define AK_GA_CL_H

#define AK_CL_MAX_DIM 7
#define AK_CL_SIZE 128 ///< 2^AK_CL_MAX_DIM

enum { AK_CL_OK = 0, AK_CL_ESIG = -1, AK_CL_EDIM = -2, AK_CL_ENOTVERSOR = -3 };

typedef struct ak_cl_mv {
    int p, q, r;          ///< signature: p vectors square to +1, q to -1, r to 0
    double c[AK_CL_SIZE]; ///< coefficient of blade e_A at index A (A < 2^n)
} ak_cl_mv;

/// out = 0 in Cl(p,q,r). Returns AK_CL_EDIM unless 0 <= p,q,r and p+q+r <= 7.
int ak_cl_zero(ak_cl_mv *out, int p, int q, int r);
/// out = s * e_A (A a blade mask). Returns AK_CL_EDIM on a bad signature or mask.
int ak_cl_blade(ak_cl_mv *out, int p, int q, int r, unsigned mask, double s);
/// Number of basis vectors of a multivector's algebra.
int ak_cl_dim(const ak_cl_mv *a);
/// Square of basis vector i (+1, -1 or 0).
double ak_cl_basis_square(const ak_cl_mv *a, int i);
/// Grade of blade mask A (number of factors).
int ak_cl_grade(unsigned mask);
/// Sign and metric factor of e_A e_B = ak_cl_blade_product(A, B) e_{A xor B}.
double ak_cl_blade_product(const ak_cl_mv *alg, unsigned a, unsigned b);

int ak_cl_add(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
int ak_cl_sub(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
void ak_cl_scale(ak_cl_mv *out, const ak_cl_mv *a, double s);

/// Geometric product ab, blade by blade e_A e_B = s(A,B) e_{A xor B}.  [T-2.12 … T-2.15; T-2.13
/// as printed (A_r A_r = ||A_r||^2) is wrong for r = 2, 3 and non-blades, docs/errata.md]
int ak_cl_gp(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
/// Outer product a ^ b: the grade |A|+|B| part of e_A e_B for each blade pair; for any grades
/// it satisfies the graded commutation A_r ^ B_s = (-1)^(rs) B_s ^ A_r.  [T-2.1 … T-2.5]
int ak_cl_op(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
/// Regressive product a v b = undual(dual(a) ^ dual(b)) (metric-free complement).
int ak_cl_rp(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
/// Left contraction a _| b: the grade |B|-|A| part of e_A e_B (zero when |A| > |B|).
/// [T-2.6 … T-2.8; T-2.7 as printed (A_r _| A_r = ||A_r||^2) is wrong for r = 2, 3: the
/// correct form is A_r _| reverse(A_r) = ||A_r||^2, docs/errata.md]
int ak_cl_lc(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
/// Right contraction a |_ b: the grade |A|-|B| part of e_A e_B (zero when |B| > |A|).
/// [T-2.9 … T-2.11; T-2.10 as printed has the sign error of T-2.7 for r = 2, 3, docs/errata.md]
int ak_cl_rc(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b);
/// Scalar product <a b>_0.
double ak_cl_sp(const ak_cl_mv *a, const ak_cl_mv *b);

/// Reverse: grade g times (-1)^(g(g-1)/2).
void ak_cl_reverse(ak_cl_mv *out, const ak_cl_mv *a);
/// Grade involution: grade g times (-1)^g.
void ak_cl_involute(ak_cl_mv *out, const ak_cl_mv *a);
/// Clifford conjugate: grade g times (-1)^(g(g+1)/2).
void ak_cl_conjugate(ak_cl_mv *out, const ak_cl_mv *a);
/// Grade-g part <a>_g.
void ak_cl_grade_part(ak_cl_mv *out, const ak_cl_mv *a, int g);
/// Largest |coefficient| of a (0 when a = 0).
double ak_cl_max_abs(const ak_cl_mv *a);
/// Largest |coefficient| of a - b.
double ak_cl_dist(const ak_cl_mv *a, const ak_cl_mv *b);

/// Hodge dual, taken as the complement map e_A -> s_A e_{~A} with e_A ^ dual(e_A) = I for every
/// basis blade (I = e_{0..n-1}). It does not involve the metric, so it also works in degenerate
/// algebras (PGA); in a Euclidean algebra it equals reverse(a) I. [T-2.dual uses a I instead.]
void ak_cl_dual(ak_cl_mv *out, const ak_cl_mv *a);
/// Inverse of ak_cl_dual.
void ak_cl_undual(ak_cl_mv *out, const ak_cl_mv *a);
/// Norm sqrt(|<a reverse(a)>_0|); the coefficient 2-norm in a Euclidean algebra.
double ak_cl_norm(const ak_cl_mv *a);
/// Inverse of a versor: reverse(v) / <v reverse(v)>_0. Returns AK_CL_ENOTVERSOR (and zero) when
/// v reverse(v) is zero or not a scalar to within 1e-12 relative.
int ak_cl_versor_inverse(ak_cl_mv *out, const ak_cl_mv *v);
/// exp(b) by its Taylor series on b / 2^s (s chosen so that the 1-norm of the scaled argument is
/// at most 1/4, which bounds every product), summed until the terms vanish, then squared s times.
/// Valid for any multivector; meant for bivectors.
void ak_cl_exp(ak_cl_mv *out, const ak_cl_mv *b);

/// Helpers between the rigid-body layouts and Cl(n,0,0) (n <= 7): vector e_0..e_{n-1},
/// bivector in lexicographic pair order, even element grade by grade in lexicographic order.
void ak_cl_from_vec(ak_cl_mv *out, int n, const double v[]);
void ak_cl_from_biv(ak_cl_mv *out, int n, const double b[]);
void ak_cl_to_vec(double v[], int n, const ak_cl_mv *a);
void ak_cl_to_biv(double b[], int n, const ak_cl_mv *a);
/// Masks of the even blades of an n-D algebra, grade by grade, lexicographic in each grade.
/// Returns their number 2^(n-1).
int ak_cl_even_masks(int n, unsigned masks[]);
void ak_cl_from_even(ak_cl_mv *out, int n, const double r[]);
void ak_cl_to_even(double r[], int n, const ak_cl_mv *a);

#endif
