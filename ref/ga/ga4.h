/// @file ga4.h
/// Hand-written 4D rigid-body geometric algebra (Cl(4,0,0)): the engine's 4D fast path.
///
/// Types and the blades they store (docs/conventions.md):
/// - ak_vec4   {x, y, z, w}                          e_x, e_y, e_z, e_w
/// - ak_biv4   {xy, xz, xw, yz, yw, zw}              e_xy ... e_zw, lexicographic pairs
/// - ak_rotor4 {s, xy, xz, xw, yz, yw, zw, xyzw}     the even subalgebra, grade by grade
/// The layouts equal the n = 4 arrays of nd.h, so a pointer to the struct may be passed as a
/// double array of 4, 6 or 8 entries (static_asserts in ga4.c).
/// Conventions: x_world = R x_body R~; R_t = -1/2 w R; point velocity v + r _| w.
///
/// Every kernel's expanded component formula is in ga4.c above the kernel; the expansions come
/// from ref/ga/gen_ga4.py (e_A e_B = s(A,B) e_{A xor B}) and every kernel is checked against the
/// generic algebra cl.h by the `ga.ga4.*` checks.
#ifndef AK_GA_GA4_H
#define AK_GA_GA4_H

typedef struct ak_vec4 {
    double x, y, z, w;
} ak_vec4;

typedef struct ak_biv4 {
    double xy, xz, xw, yz, yw, zw;
} ak_biv4;

/// The trivectors {xyz, xyw, xzw, yzw} and the odd subalgebra (vector + trivector) of Cl(4,0,0).
typedef struct ak_triv4 {
    double xyz, xyw, xzw, yzw;
} ak_triv4;

typedef struct ak_odd4 {
    double x, y, z, w, xyz, xyw, xzw, yzw;
} ak_odd4;

typedef struct ak_rotor4 {
    double s, xy, xz, xw, yz, yw, zw, xyzw;
} ak_rotor4;

ak_rotor4 ak_ga4_rotor_identity(void);
/// Rotor turning e_i towards e_j by angle (i, j in 0..3, i != j): cos(a/2) - sin(a/2) e_ij.
ak_rotor4 ak_ga4_rotor_plane(int i, int j, double angle);
/// The rotor with scalar 0, bivector b and pseudoscalar 0 (a bivector seen as a rotor).
ak_rotor4 ak_ga4_rotor_from_biv(ak_biv4 b);
ak_biv4 ak_ga4_rotor_biv_part(ak_rotor4 r);

/// a ^ b.  [B-3, T-2.1..T-2.4]
ak_biv4 ak_ga4_wedge(ak_vec4 a, ak_vec4 b);
/// r _| w, the velocity of the point r under the rate w.  [B-eq3; T-A.2 has typos, docs/errata.md]
ak_vec4 ak_ga4_contract(ak_vec4 r, ak_biv4 w);
/// The 6 x 4 matrix [r]* (row-major) with r ^ a = [r]* a and r _| w = [r]*^T w.  [B-eq3, B-A.4D]
void ak_ga4_rstar(double out[24], ak_vec4 r);
/// a x b = (ab - ba)/2.  [B-eq2]
ak_biv4 ak_ga4_commutator(ak_biv4 a, ak_biv4 b);
/// The geometric product of two bivectors (grades 0, 2, 4).  [T-A.5: the printed scalar part has
/// the wrong sign of a_xy b_xy, docs/errata.md]
ak_rotor4 ak_ga4_biv_mul(ak_biv4 a, ak_biv4 b);
/// The geometric product of two even elements.  [T-2.20; T-A.7 as printed has 12 wrong terms,
/// docs/errata.md]
ak_rotor4 ak_ga4_rotor_mul(ak_rotor4 a, ak_rotor4 b);
/// Reverse: negates the bivector part.  [T-2.16]
ak_rotor4 ak_ga4_rotor_reverse(ak_rotor4 r);
/// <R R~>_0 = sum of squares of the 8 components.
double ak_ga4_rotor_norm2(ak_rotor4 r);
/// R x R~ (a vector for every even R in 4D).  [B-3, T-2.20]
ak_vec4 ak_ga4_rotor_apply(ak_rotor4 r, ak_vec4 x);
/// The 4 x 4 matrix M (row-major) with M x = R x R~.  [B-3]
void ak_ga4_rotor_to_matrix(double M[16], ak_rotor4 r);
/// The 6 x 6 matrix [R]_2 (row-major) with [R]_2 B = R B R~.  [B-eq4]
void ak_ga4_rotor_biv_matrix(double M2[36], ak_rotor4 r);
/// R B R~ (a bivector for every even R in 4D).  [B-eq4]
ak_biv4 ak_ga4_biv_sandwich(ak_rotor4 r, ak_biv4 b);

/// a ^ b for a vector and a bivector (a trivector).  [T-A.1: the thesis prints its dual vector]
ak_triv4 ak_ga4_wedge_vb(ak_vec4 a, ak_biv4 b);
/// ab and ba for a vector a and a bivector b (vector + trivector).  [T-A.3: the printed columns
/// fold the trivector into the vector, docs/errata.md]
ak_odd4 ak_ga4_vec_biv_mul(ak_vec4 a, ak_biv4 b);
ak_odd4 ak_ga4_biv_vec_mul(ak_biv4 b, ak_vec4 a);
/// ar and ra for a vector a and an even r (vector + trivector).  [T-A.4, same fold as T-A.3]
ak_odd4 ak_ga4_vec_rotor_mul(ak_vec4 a, ak_rotor4 r);
ak_odd4 ak_ga4_rotor_vec_mul(ak_rotor4 r, ak_vec4 a);
/// br for a bivector b and an even r (grades 0, 2, 4).  [T-A.6: the printed scalar part has the
/// wrong sign of b_xy r_xy, docs/errata.md]
ak_rotor4 ak_ga4_biv_rotor_mul(ak_biv4 b, ak_rotor4 r);

/// Split a bivector into two commuting simple bivectors, B = B1 + B2, B1 B2 = B2 B1, with
/// B1 = th1 U1, B2 = th2 U2, U1^2 = U2^2 = -1, U1 U2 = I, th1 >= |th2|.  [P-C.2, Euclidean 4D form]
/// When B is isoclinic (th1 = |th2|) the planes are not unique and one valid choice is returned.
/// th1 or th2 may be NULL.
void ak_ga4_biv_split(ak_biv4 *b1, ak_biv4 *b2, double *th1, double *th2, ak_biv4 b);
/// The exact exponential exp(B) of any 4D bivector, double rotations included (closed form).
ak_rotor4 ak_ga4_rotor_exp(ak_biv4 b);
/// The principal logarithm: B with exp(B) = R and th1 + |th2| <= pi, for a unit rotor R.
/// exp(log R) = R for every unit R; log(exp B) = B when th1 + |th2| < pi (docs/formulas/ga.md).
/// [P-1.5, its Euclidean rotor part; the PGA motor log is ak_pga_motor_log, the n-D rotor log
/// ak_nd_rotor_log]
ak_biv4 ak_ga4_rotor_log(ak_rotor4 r);
/// The nearest unit rotor (Euclidean distance over the 8 components): removes the scalar and the
/// grade-4 (xyzw) drift exactly (docs/conventions.md). A rotor whose self-dual or anti-self-dual
/// half is exactly zero has no nearest point; that half is then set to the identity's.  [B-4.renorm]
ak_rotor4 ak_ga4_rotor_renormalize(ak_rotor4 r);
/// The rotor R with R from[i] R~ = to[i] for two orthonormal, equally oriented frames.
/// Returns AK_GA_OK, AK_GA_EFRAME (a frame is not orthonormal to 1e-9) or AK_GA_EIMPROPER
/// (the frames have opposite orientation); *r is the identity on failure.  [B-8drag]
int ak_ga4_rotor_from_frames(ak_rotor4 *r, const ak_vec4 from[4], const ak_vec4 to[4]);

#endif
