// Dorst & De Keninck 2023, eq. 2.33 as printed (pga_collision.h): generic algebra only.
#include "verify/oracles/pga_collision.h"

#include <gsl/gsl_linalg.h>
#include <math.h>

#include "verify/oracles/cl301.h"

static const unsigned BIV[6] = { 3, 5, 9, 6, 10, 12 }; // e01 e02 e03 e12 e13 e23

static mv vec3(const double x[3]) {
    mv a = zero();
    for (int k = 0; k < 3; k++) a.c[1u << (k + 1)] = x[k];
    return a;
}
static mv point(const double x[3]) { return add(blade(I3, 1.0), gp(vec3(x), blade(IP, 1.0))); }
static void coords(double x[3], mv X) { // X = O + x𝓘, normalised
    for (int k = 0; k < 3; k++) {
        unsigned m = 15u ^ (1u << (k + 1));
        x[k] = X.c[m] / gp(blade(1u << (k + 1), 1.0), blade(IP, 1.0)).c[m];
    }
}

typedef struct body {
    double m[6], x[6][3];
} body;

static mv inertia(const body *b, mv B) { // eq. 2.13: sum m_i X_i v (X_i x B)
    mv s = zero();
    for (int i = 0; i < 6; i++) {
        mv X = point(b->x[i]);
        s = add(s, scl(join(X, comm(X, B)), b->m[i]));
    }
    return s;
}
static int inertia_inverse(const body *b, mv F, mv *out) {
    gsl_matrix *A = gsl_matrix_alloc(6, 6);
    gsl_vector *f = gsl_vector_alloc(6), *x = gsl_vector_alloc(6);
    gsl_permutation *p = gsl_permutation_alloc(6);
    for (int j = 0; j < 6; j++) {
        mv col = inertia(b, blade(BIV[j], 1.0));
        for (int i = 0; i < 6; i++) gsl_matrix_set(A, (size_t)i, (size_t)j, col.c[BIV[i]]);
    }
    for (int i = 0; i < 6; i++) gsl_vector_set(f, (size_t)i, F.c[BIV[i]]);
    int sg, st = gsl_linalg_LU_decomp(A, p, &sg);
    if (st == 0 && fabs(gsl_linalg_LU_det(A, sg)) < 1e-12) st = -1;
    if (st == 0) st = gsl_linalg_LU_solve(A, p, f, x);
    *out = zero();
    if (st == 0)
        for (int i = 0; i < 6; i++) out->c[BIV[i]] = gsl_vector_get(x, (size_t)i);
    gsl_matrix_free(A);
    gsl_vector_free(f);
    gsl_vector_free(x);
    gsl_permutation_free(p);
    return st == 0 ? 0 : -1;
}

// the velocity of the point x moving with the world rate B: differences of exp(-Bt/2) X exp(Bt/2)
static void velocity(double v[3], mv B, const double x[3]) {
    const double h = 1e-3, w[4] = { 1, -8, 8, -1 }, t[4] = { -2, -1, 1, 2 };
    for (int k = 0; k < 3; k++) v[k] = 0;
    for (int s = 0; s < 4; s++) {
        mv M, Bt = scl(B, -0.5 * t[s] * h);
        ak_cl_exp(&M, &Bt);
        double xs[3];
        coords(xs, gp(gp(M, point(x)), rev(M)));
        for (int k = 0; k < 3; k++) v[k] += w[s] * xs[k] / (12 * h);
    }
}

// total linear momentum p[3] and angular momentum L[3] (xy, xz, yz) of a body moving with B
static void momenta(double p[3], double L[3], const body *b, mv B) {
    for (int k = 0; k < 3; k++) p[k] = L[k] = 0;
    for (int i = 0; i < 6; i++) {
        double v[3];
        const double *x = b->x[i];
        velocity(v, B, x);
        for (int k = 0; k < 3; k++) p[k] += b->m[i] * v[k];
        L[0] += b->m[i] * (x[0] * v[1] - x[1] * v[0]);
        L[1] += b->m[i] * (x[0] * v[2] - x[2] * v[0]);
        L[2] += b->m[i] * (x[1] * v[2] - x[2] * v[1]);
    }
}

static mv rline(gsl_rng *r) {
    mv a = zero();
    for (int i = 0; i < 6; i++) a.c[BIV[i]] = uni(r);
    return a;
}

int ak_pcol_residuals(gsl_rng *r, double res[AK_PCOL_NRES], int *apart) {
    double q[3], n[3], len = 0, rho = gsl_rng_uniform(r);
    for (int k = 0; k < 3; k++) q[k] = uni(r), n[k] = uni(r), len += n[k] * n[k];
    for (int k = 0; k < 3; k++) n[k] /= sqrt(len);
    body bp, bm; // "+" below the contact plane, "-" above it
    for (int i = 0; i < 6; i++) {
        bp.m[i] = 0.5 + gsl_rng_uniform(r), bm.m[i] = 0.5 + gsl_rng_uniform(r);
        for (int k = 0; k < 3; k++) {
            bp.x[i][k] = q[k] - 0.8 * n[k] + 0.6 * uni(r);
            bm.x[i][k] = q[k] + 0.8 * n[k] + 0.6 * uni(r);
        }
    }
    mv Bp = rline(r), Bm = rline(r);
    double up[3], um[3], vn = 0;
    velocity(up, Bp, q);
    velocity(um, Bm, q);
    for (int k = 0; k < 3; k++) vn += (um[k] - up[k]) * n[k];
    if (vn > 0) Bp = scl(Bp, -1.0), Bm = scl(Bm, -1.0), vn = -vn; // approaching
    mv Q = point(q), N = lc(vec3(n), Q), Nr = rev(N), Ip, Im;
    if (inertia_inverse(&bp, N, &Ip) || inertia_inverse(&bm, N, &Im)) return -1;
    // eq. 2.32's numerator over the corrected denominator
    double num = lc(join(Q, comm(Q, sub(Bp, Bm))), Nr).c[0];
    double den = lc(join(Q, comm(Q, add(Ip, Im))), Nr).c[0];
    double j = -(1 + rho) * num / den;
    // eq. 2.33 as printed: B+ <- B+ + j I+^-1[N], B- <- B- - j I-^-1[N]
    mv Bp1 = add(Bp, scl(Ip, j)), Bm1 = sub(Bm, scl(Im, j));
    double up1[3], um1[3], vn1 = 0;
    velocity(up1, Bp1, q);
    velocity(um1, Bm1, q);
    for (int k = 0; k < 3; k++) vn1 += (um1[k] - up1[k]) * n[k];
    res[AK_PCOL_RESTITUTION] = fabs(vn1 + rho * vn);
    double pp0[3], Lp0[3], pm0[3], Lm0[3], pp1[3], Lp1[3], pm1[3], Lm1[3];
    momenta(pp0, Lp0, &bp, Bp);
    momenta(pm0, Lm0, &bm, Bm);
    momenta(pp1, Lp1, &bp, Bp1);
    momenta(pm1, Lm1, &bm, Bm1);
    double dl = 0, da = 0, par = 0, dpn = 0, dp[3];
    for (int k = 0; k < 3; k++) {
        dl = fmax(dl, fabs(pp1[k] + pm1[k] - pp0[k] - pm0[k]));
        da = fmax(da, fabs(Lp1[k] + Lm1[k] - Lp0[k] - Lm0[k]));
        dp[k] = pm1[k] - pm0[k];
        dpn += dp[k] * n[k];
    }
    for (int k = 0; k < 3; k++) par = fmax(par, fabs(dp[k] - dpn * n[k]));
    double qdp[3] = { q[0] * dp[1] - q[1] * dp[0], q[0] * dp[2] - q[2] * dp[0],
                      q[1] * dp[2] - q[2] * dp[1] };
    for (int k = 0; k < 3; k++) par = fmax(par, fabs(Lm1[k] - Lm0[k] - qdp[k]));
    res[AK_PCOL_LINEAR] = dl;
    res[AK_PCOL_ANGULAR] = da;
    res[AK_PCOL_LINE] = par;
    *apart = dpn > 0;
    return 0;
}
