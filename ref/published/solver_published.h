/// @file solver_published.h
/// The thesis' collision resolution (Torres 2022, Ch. 5) transcribed as printed, for the
/// "published" solver variant ("solver": {"variant": "published"}) and the checks that show
/// where it differs from the corrected solver (docs/formulas/world.md, docs/errata.md
/// "Contact resolution").
///
/// Reading of the printed effective masses T-5.mn / T-5.mt: the denominator term
/// [I^-1 (r _| (r ^ n))] . n applies the inverse inertia (a map on bivectors) to the *vector*
/// r _| (r ^ n); as printed it does not type-check. The only reading that gives a number for
/// any body is a scalar inverse inertia; we take 1 / I_s with I_s = trace(I) / k, the mean
/// moment over the k planes (exact for hyperspheres and hypercubes, whose inertia is a
/// multiple of the identity). The correct term is (r ^ n) . Iw^-1 (r ^ n) (B-6, ref/contact).
#ifndef AK_PUBLISHED_SOLVER_PUBLISHED_H
#define AK_PUBLISHED_SOLVER_PUBLISHED_H

/// Scalar "I^-1" of the published reading: k / trace(I) for a k x k inertia (0 if trace 0).
double ak_published_solver_inv_inertia_scalar(int n, const double I[]);

/// T-5.mn / T-5.mt as printed: 1 / (1/m_a + [I_a^-1 (r_a _| (r_a ^ u))] . u + same for b),
/// u = n (T-5.mn) or t (T-5.mt), with the scalar reading of I^-1 above. inv_mass = 0 and
/// inv_I_s = 0 for a fixed body. Returns 0 when the denominator is 0.  [T-5.mn, T-5.mt, T-5.4,
/// T-5.11]
double ak_published_solver_mass(int n, double inv_mass_a, double inv_I_s_a, const double ra[],
                                double inv_mass_b, double inv_I_s_b, const double rb[],
                                const double u[]);

/// T-5.9 and T-5.10: tangent t = dvt / |dvt| with dvt = dv - (dv . n) n. Returns |dvt|;
/// t = 0 when |dvt| = 0 (the printed formula divides by zero there).  [T-5.9, T-5.10]
double ak_published_solver_tangent(int n, double t[], const double dv[], const double nrm[]);

/// T-5.b as printed: b = -f / dT * min(0, s + a) (f bias factor, s separation, a allowed
/// penetration).  [T-5.b]
double ak_published_solver_baumgarte(double f, double dT, double s, double a);

/// T-Alg12 one update: returns the new accumulated normal impulse max(jn_prev + (b - dvn) m_n, 0).
double ak_published_solver_alg12(double jn_prev, double b, double dvn, double mn);
/// T-Alg13 one update: clamp(jt_prev - dvt m_t, -mu jn, mu jn) along the single tangent.
double ak_published_solver_alg13(double jt_prev, double dvt, double mt, double mu, double jn);

/// T-5.11 as printed, magnitude along t: j_t = -mu |dv_t| m_t (the printed numerator is the
/// vector -mu dv_t; along t = dv_t / |dv_t| its component is -mu |dv_t|). The friction
/// coefficient scales the impulse instead of bounding it (Coulomb: |j_t| <= mu j_n).  [T-5.11]
double ak_published_solver_t511(double mu, double dvt_len, double mt);

/// T-5.1(3D) as quoted: v_p = v + r x w for a 3D angular velocity vector w (the classical form
/// is v + w x r).  [T-5.1(3D)]
void ak_published_solver_point_velocity_3d(double out[3], const double v[3], const double r[3],
                                           const double w[3]);

/// PGA eq 2.32 as printed in the Euclidean split of the notes' A.14: j = -(1 + rho) vn /
/// (k_plus - k_minus), k_+- = 1/m + (n ^ r) . I^-1 (n ^ r) of each body (k_minus = 0 for an
/// immovable body). The denominator's minus sign is wrong for two movable bodies.  [P-2.32]
double ak_published_pga_impulse(double vn, double k_plus, double k_minus, double rho);

/// T-5.1 as printed: v_p = v + r _| w (n-D; w on the bivector basis e_ij, i < j, in ref/ga's
/// order), the contraction written out from e_i _| (e_i ^ e_j) = e_j.  [T-5.1]
void ak_published_solver_t51_point_velocity(int n, double out[], const double v[], const double r[],
                                            const double w[]);

/// T-5.2 and T-5.3 as printed: dv = (v_a + r_a _| w_a) - (v_b + r_b _| w_b); returns
/// dv_n = dv . n.  [T-5.2, T-5.3]
double ak_published_solver_t52_t53(int n, double dv[], const double va[], const double ra[],
                                   const double wa[], const double vb[], const double rb[],
                                   const double wb[], const double nrm[]);

/// T-5.5 ... T-5.8 (u = n, j = j_n) and T-5.12 ... T-5.15 (u = t, j = j_t) as printed:
/// v_a += j u / m_a, v_b -= j u / m_b, w_a += I_a^-1 (r_a ^ (j u)), w_b -= I_b^-1 (r_b ^ (j u)),
/// with I^-1 the k x k world-frame inverse inertia (row-major). A fixed position: inv_mass 0; a
/// fixed rotation: inv_I NULL (its velocity is not updated, as the text says).  [T-5.5, T-5.6,
/// T-5.7, T-5.8, T-5.12, T-5.13, T-5.14, T-5.15]
void ak_published_solver_apply_impulse(int n, double j, const double u[], double inv_mass_a,
                                       const double inv_I_a[], const double ra[], double va[],
                                       double wa[], double inv_mass_b, const double inv_I_b[],
                                       const double rb[], double vb[], double wb[]);

/// T-5.16 as printed: p += v dT.  [T-5.16]
void ak_published_solver_t516_position(int n, double p[], const double v[], double dT);

#endif
