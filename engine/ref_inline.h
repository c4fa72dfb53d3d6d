/// @file ref_inline.h
/// Inline copies of ref/ kernels for the engine's hot loops (with n a constant at the call, the
/// loops unroll).
///
/// THE RULE: each function here computes bit for bit what its ref/ original computes: the same
/// operations in the same order (the build has -ffp-contract=off, so no fused multiply-add
/// changes a rounding). A copy names its original; a change to either is a change to both. The
/// unit test verify/tests/test_ref_inline.c compares each copy with its original on random
/// inputs, bit for bit (suite ref_inline).
///
/// Every function has the prefix ak_inline_. What stays with its stage, and why (each is checked
/// bit for bit by the test it names):
/// - narrowphase.c's sphere pairs (sphere_sphere, sphere_plane): ak_collide_ex's path through
///   sphere_pair / plane_pair, ak_geom_closest_point or ak_geom_support, single_contact and
///   set_contact, fused and fed from the broadphase's rotation matrices: several ref/ functions
///   and the narrowphase's own bookkeeping, not one function (perf.narrowphase_fast_equals_plain).
/// - broadphase.c's rotor_matrix_plain: ak_nd_rotor_to_matrix with ak_nd_rotor_apply's
///   full-multivector products written out (perf.rotor_matrix_exact). It is one function's copy
///   but shares blade_sign and the even-blade masks with the rotor table broadphase.c builds once
///   per process (rm_once), so it stays beside the table it is the plain path of.
///   plane_distance_n: ak_geom_support_local's sphere branch, a dot product and the plane
///   offset on this step's rotation matrix: a composition, not one function (reference traces).
/// - solver.c's fast_apply_iso (ak_contact_apply specialised to an iso 1 inertia: the same bits
///   only because the zero products add nothing, not the same operations) and fast_apply, and
///   solver.h's ak_solver_rel_velocity_fast and ak_solver_apply_fast (the converged solver's
///   sweep and residuals): engine functions over the cache's points, built on the two copies
///   below.
/// - integrate.c's gyroscopic step: ak_dyn_gyro_implicit_body with the commutator and the
///   commutator matrix of ref/ga/nd.c rewritten on a table of bivector pairs (the reference
///   searches for each pair): the same operations, but three ref/ functions and a table
///   (perf.gyro_exact).
#ifndef AK_ENGINE_REF_INLINE_H
#define AK_ENGINE_REF_INLINE_H

#include <math.h>

#include "ref/ga/nd.h"

/// ak_contact_k_add_iso (ref/contact) when inv_Iw is exactly iso 1 (iso > 0: the solver's
/// c->step.iso of the body), else ak_contact_k_add with its ak_nd_rstar (ref/ga).  [B-6]
static inline __attribute__((always_inline)) void ak_inline_k_add(int n, double K[],
                                                                  double inv_mass,
                                                                  const double inv_Iw[], double iso,
                                                                  const double r[]) {
    if (inv_Iw && iso > 0.0) {
        double rr = 0.0;
        for (int i = 0; i < n; i++) rr += r[i] * r[i];
        double diag = inv_mass + iso * rr;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) K[i * n + j] += (i == j ? diag : 0.0) - iso * r[i] * r[j];
        return;
    }
    for (int i = 0; i < n; i++) K[i * n + i] += inv_mass;
    if (!inv_Iw) return;
    int k = n * (n - 1) / 2;
    double S[AK_MAX_BIV * AK_MAX_DIM], IS[AK_MAX_BIV * AK_MAX_DIM];
    int kk = 0; // ak_nd_rstar
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, kk++) {
            for (int c = 0; c < n; c++) S[kk * n + c] = 0.0;
            S[kk * n + j] = r[i];
            S[kk * n + i] = -r[j];
        }
    for (int p = 0; p < k; p++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int q = 0; q < k; q++) s += inv_Iw[p * k + q] * S[q * n + j];
            IS[p * n + j] = s;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int p = 0; p < k; p++) s += S[p * n + i] * IS[p * n + j];
            K[i * n + j] += s;
        }
}

/// ak_contact_tangent_basis (ref/contact).
static inline __attribute__((always_inline)) void ak_inline_tangent_basis(int n, double T[],
                                                                          const double nrm[]) {
    int kk = 0;
    double len = 0.0;
    for (int i = 0; i < n; i++) len += nrm[i] * nrm[i];
    len = sqrt(len);
    for (int i = 1; i < n; i++)
        if (fabs(nrm[i]) > fabs(nrm[kk])) kk = i;
    double s = nrm[kk] >= 0.0 ? 1.0 : -1.0;
    double u[AK_MAX_DIM], uu = 0.0;
    double off = 0.0;
    for (int i = 0; i < n; i++) {
        u[i] = len > 0.0 ? nrm[i] / len : 0.0;
        if (i != kk) off += u[i] * u[i];
    }
    u[kk] = -s * off / (1.0 + fabs(u[kk]));
    for (int i = 0; i < n; i++) uu += u[i] * u[i];
    int row = 0;
    for (int j = 0; j < n; j++) {
        if (j == kk) continue;
        for (int i = 0; i < n; i++)
            T[row * n + i] = (i == j ? 1.0 : 0.0) - (uu > 0.0 ? 2.0 * u[i] * u[j] / uu : 0.0);
        row++;
    }
}

/// ak_dyn_solve (ref/dyn) for nr right-hand sides at once: X (k x nr, row-major) with column c
/// bit for bit ak_dyn_solve(k, x, A, column c of B) (k x nr). The pivots, the swaps and the
/// multipliers depend on A alone, so they are found once and each column gets the operations
/// (and their order) that its own call gives it; -1 where singular (for every column alike).
static inline __attribute__((always_inline)) int
ak_inline_solve_multi(int k, int nr, double X[], const double A[], const double B[]) {
    enum { MAXW = AK_MAX_BIV + AK_MAX_BIV };
    double M[AK_MAX_BIV * MAXW];
    int w = k + nr;
    for (int r = 0; r < k; r++) {
        for (int c = 0; c < k; c++) M[r * w + c] = A[r * k + c];
        for (int c = 0; c < nr; c++) M[r * w + k + c] = B[r * nr + c];
    }
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(M[r * w + c]) > fabs(M[p * w + c])) p = r;
        if (M[p * w + c] == 0.0 || !isfinite(M[p * w + c])) return -1;
        if (p != c)
            for (int q = 0; q < w; q++) {
                double t = M[c * w + q];
                M[c * w + q] = M[p * w + q];
                M[p * w + q] = t;
            }
        for (int r = c + 1; r < k; r++) {
            double f = M[r * w + c] / M[c * w + c];
            for (int q = c; q < w; q++) M[r * w + q] -= f * M[c * w + q];
        }
    }
    for (int j = 0; j < nr; j++)
        for (int r = k - 1; r >= 0; r--) {
            double s = M[r * w + k + j];
            for (int q = r + 1; q < k; q++) s -= M[r * w + q] * X[q * nr + j];
            X[r * nr + j] = s / M[r * w + r];
        }
    return 0;
}

/// ak_dyn_solve (ref/dyn): Gaussian elimination with partial pivoting; -1 where singular (the
/// one-column case of ak_inline_solve_multi, the same operations in the same order).
static inline __attribute__((always_inline)) int
ak_inline_solve(int k, double x[], const double A[], const double b[]) {
    return ak_inline_solve_multi(k, 1, x, A, b);
}

/// ak_contact_friction_clamp (ref/contact).
static inline __attribute__((always_inline)) int ak_inline_friction_clamp(int nt, double jt[],
                                                                          const double ut[],
                                                                          double jn, double mu,
                                                                          int slipping) {
    double len = 0.0;
    for (int i = 0; i < nt; i++) len += jt[i] * jt[i];
    len = sqrt(len);
    if (len <= mu * jn) return 0;
    if (slipping) { // |ut| only where it is used (inside the disc it is not)
        double ul = 0.0;
        for (int i = 0; i < nt; i++) ul += ut[i] * ut[i];
        ul = sqrt(ul);
        if (ul > 0.0) {
            for (int i = 0; i < nt; i++) jt[i] = -mu * jn * ut[i] / ul;
            return 1;
        }
    }
    double s = len > 0.0 ? mu * jn / len : 0.0;
    for (int i = 0; i < nt; i++) jt[i] *= s;
    return 1;
}

/// ak_contact_point_velocity (ref/contact) with its ak_nd_contract (ref/ga): v + (r _| w).  [B-6]
static inline __attribute__((always_inline)) void ak_inline_point_velocity(int n, double out[],
                                                                           const double v[],
                                                                           const double w[],
                                                                           const double r[]) {
    double c[AK_MAX_DIM];
    for (int q = 0; q < n; q++) c[q] = 0.0;
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, k++) {
            c[j] += r[i] * w[k];
            c[i] -= r[j] * w[k];
        }
    for (int i = 0; i < n; i++) out[i] = v[i] + c[i];
}

/// ak_contact_apply (ref/contact) with its ak_nd_wedge (ref/ga): v += s m^-1 P,
/// w += s Iw^-1 (r ^ P).  [B-6]
static inline __attribute__((always_inline)) void
ak_inline_contact_apply(int n, double v[], double w[], double inv_mass, const double inv_Iw[],
                        const double r[], const double P[], double s) {
    for (int i = 0; i < n; i++) v[i] += s * inv_mass * P[i];
    if (!inv_Iw) return;
    int k = n * (n - 1) / 2;
    double L[AK_MAX_BIV];
    int q = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) L[q++] = r[i] * P[j] - r[j] * P[i];
    for (int a = 0; a < k; a++) {
        double acc = 0.0;
        for (int b = 0; b < k; b++) acc += inv_Iw[a * k + b] * L[b];
        w[a] += s * acc;
    }
}

#endif
