/// @file contact.h
/// Pure impulse formulas of contact resolution in n dimensions (n = 2..5), in the conventions
/// of ref/ga/nd.h: point velocity v + r _| w = v + [r]*^T w, an impulse P at lever r changes
/// v by P/m and w by Iw^-1 (r ^ P) = Iw^-1 [r]* P, with Iw^-1 = [R]_2 I^-1 [R]_2^T the world
/// inverse inertia (B-eq4). Derivations and verdicts: docs/formulas/world.md.
/// Outputs first, no state, no allocation, no I/O.
#ifndef AK_CONTACT_CONTACT_H
#define AK_CONTACT_CONTACT_H

/// World inverse inertia Iw^-1 = [R]_2 I^-1 [R]_2^T (k x k) from the body-frame I^-1; an
/// isotropic I^-1 = s 1 (ak_dyn_inertia_scalar) is returned exactly as it is.  [B-eq4]
void ak_contact_world_inv_inertia(int n, double out[], const double inv_I[], const double R[]);

/// Same from the rotation matrix M (n x n, x_world = M x_body): [R]_2 is the second compound
/// of M, ([R]_2)_(ij),(kl) = M_ik M_jl - M_il M_jk for pairs i < j, k < l (a bivector e_k ^ e_l
/// maps to M e_k ^ M e_l). Cheaper than through the rotor.  [B-eq4]
void ak_contact_world_inv_inertia_m(int n, double out[], const double inv_I[], const double M[]);

/// The n x n contact matrix of one body, K_body = delta / m + [r]*^T Iw^-1 [r]* (ten Bosch §6):
/// the change of the velocity of the point r per unit impulse applied there. Adds into K
/// (call once per body of the pair; K = K_a + K_b). inv_mass = 0 and inv_Iw = NULL for a body
/// that does not move.  [B-6]
void ak_contact_k_add(int n, double K[], double inv_mass, const double inv_Iw[], const double r[]);

/// ak_contact_k_add for a body whose world inverse inertia is iso 1 (a hypersphere or hypercube,
/// ak_dyn_inertia_scalar): [r]*^T [r]* = |r|^2 delta - r r^T (Lagrange's identity,
/// (r ^ a) . (r ^ b) = |r|^2 a.b - (r.a)(r.b)), so K_body = (1/m + iso |r|^2) delta - iso r r^T.
/// The same matrix as ak_contact_k_add with inv_Iw = iso 1, to rounding, in n^2 products
/// instead of about n^2 k.  [B-6]
void ak_contact_k_add_iso(int n, double K[], double inv_mass, double iso, const double r[]);

/// Velocity of the body point at lever r: out = v + r _| w.  [T-5.1, B-3]
void ak_contact_point_velocity(int n, double out[], const double v[], const double w[],
                               const double r[]);

/// Apply impulse P at lever r: v += s P / m, w += s Iw^-1 (r ^ P), with s = +1 (body a) or
/// -1 (body b).  [T-5.5 .. T-5.8 for P = j n, T-5.12 .. T-5.15 for P = j t, B-6]
void ak_contact_apply(int n, double v[], double w[], double inv_mass, const double inv_Iw[],
                      const double r[], const double P[], double s);

/// Orthonormal basis of the tangent space of the unit normal nrm: (n-1) x n, the columns
/// j != k of the Householder reflection that maps e_k to +-nrm (k = argmax |nrm_k|).
/// Deterministic and continuous in nrm away from ties of |nrm_k|.
void ak_contact_tangent_basis(int n, double T[], const double nrm[]);

/// Scalar effective-mass denominator of the direction u: u^T K u.  [B-6, T-5.mn corrected]
double ak_contact_k_dir(int n, const double K[], const double u[]);

/// Impulse magnitude of one frictionless contact with restitution e, from the relative normal
/// velocity vn (a relative to b, along the normal from b to a) and the denominator
/// k = n^T K n: j = -(1 + e) vn / k (applied +j n to a, -j n to b). This is PGA eq 2.32 in the
/// Euclidean split of its appendix A.14, with the sign of the denominator corrected (the two
/// bodies' terms add; docs/errata.md "Contact resolution").  [P-2.32, P-2.33]
double ak_contact_restitution_impulse(double vn, double k, double e);

/// Clamp a tangent impulse (coordinates in a tangent basis, nt of them) to the friction disc
/// |jt| <= mu jn. jt is the accumulated impulse that would stop the slip ut (the tangential
/// relative velocity before this update, same basis). Inside the disc it is kept. Outside:
/// - sliding (slipping = 1, the point slipped before the solve): jt = -mu jn ut / |ut|,
///   opposite the slip (Coulomb's maximal dissipation). A radial scaling of jt would not
///   oppose the slip when K is anisotropic and under-brakes a sliding hyperbox by about 12%
///   (docs/formulas/world.md#t-alg13);
/// - at the static limit (slipping = 0) or when ut = 0: scaled radially onto the disc (the
///   projection that keeps Gauss-Seidel convergent while the point is held).
/// Returns 1 when clamped.  [T-Alg13 corrected: the disc of the whole tangent space]
int ak_contact_friction_clamp(int nt, double jt[], const double ut[], double jn, double mu,
                              int slipping);

/// Static or kinetic coefficient of a point from its slip speed before the solve: mu_s when
/// slip <= stick_speed (the point was at rest relative to the other body, up to one step of
/// acceleration), else mu_k.
double ak_contact_friction_coefficient(double slip, double stick_speed, double mu_s, double mu_k);

/// Material combination of two bodies (documented rule, docs/formulas/world.md#materials):
/// friction coefficients by the geometric mean sqrt(mu_a mu_b), restitution by the maximum.
double ak_contact_combine_friction(double a, double b);
double ak_contact_combine_restitution(double a, double b);

/// Baumgarte velocity bias of a contact with separation sep (negative: penetration): the
/// target normal velocity beta / h * max(0, -sep - slop); a speculative contact (sep > 0) gets
/// -sep / h (it may close the gap in this step, no more).  [T-5.b]
double ak_contact_bias(double sep, double h, double beta, double slop);

#endif
