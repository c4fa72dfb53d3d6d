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

#endif
