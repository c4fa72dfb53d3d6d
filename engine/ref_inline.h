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
/// Every function has the prefix ak_inline_. Copies that are not plain copies of one ref/
/// function (the narrowphase's sphere pairs, narrowphase.c; the rotor matrix table,
/// broadphase.c; the gyroscopic step, integrate.c) stay with their stage and name their test.
#ifndef AK_ENGINE_REF_INLINE_H
#define AK_ENGINE_REF_INLINE_H

#include <math.h>

#include "ga/nd.h"

/// ak_contact_k_add_iso (ref/contact) when inv_Iw is exactly iso 1 (iso > 0: the solver's
/// c->step.iso of the body), else ak_contact_k_add with its ak_nd_rstar (ref/ga).  [B-6]
static inline __attribute__((always_inline)) void ak_inline_k_add(int n, double K[], double inv_mass,
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
static inline __attribute__((always_inline)) void ak_inline_tangent_basis(int n, double T[], const double nrm[]) {
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

/// ak_dyn_solve (ref/dyn): Gaussian elimination with partial pivoting; -1 where singular.
static inline __attribute__((always_inline)) int ak_inline_solve(int k, double x[], const double A[], const double b[]) {
    double M[AK_MAX_BIV * (AK_MAX_BIV + 1)];
    int w = k + 1;
    for (int r = 0; r < k; r++) {
        for (int c = 0; c < k; c++) M[r * w + c] = A[r * k + c];
        M[r * w + k] = b[r];
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
    for (int r = k - 1; r >= 0; r--) {
        double s = M[r * w + k];
        for (int q = r + 1; q < k; q++) s -= M[r * w + q] * x[q];
        x[r] = s / M[r * w + r];
    }
    return 0;
}

/// ak_contact_friction_clamp (ref/contact).
static inline __attribute__((always_inline)) int ak_inline_friction_clamp(int nt, double jt[],
                                                                 const double ut[], double jn,
                                                                 double mu, int slipping) {
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

#endif
