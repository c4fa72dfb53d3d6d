// Unit tests of engine/ref_inline.h: each inline copy gives its ref/ original's bits (memcmp of
// every output double and the return value) on random inputs over n = 2..5, including the
// inputs that take the originals' special branches (NULL inertia, a zero normal, a singular
// matrix, an impulse inside the friction disc, a slipping point with zero slip velocity).
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ref/contact/contact.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "engine/ref_inline.h"

TestSuite(ref_inline);

static unsigned long long rng = 88172645463325252ull;

// xorshift64: uniform in [-s, s), with a few exact zeros and magnitudes over several decades
static double urand(double s) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    double u = (double)(rng >> 11) / 9007199254740992.0 * 2.0 - 1.0;
    unsigned kind = (unsigned)(rng & 15u);
    if (kind == 0) return 0.0;
    if (kind == 1) return u * s * 1e-6;
    if (kind == 2) return u * s * 1e4;
    return u * s;
}

#define TRIALS 20000

Test(ref_inline, k_add_equals_contact_k_add) {
    long iso_runs = 0, full_runs = 0, null_runs = 0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n);
        for (int t = 0; t < TRIALS; t++) {
            double K1[AK_MAX_DIM * AK_MAX_DIM], K2[AK_MAX_DIM * AK_MAX_DIM], r[AK_MAX_DIM];
            double I[AK_MAX_BIV * AK_MAX_BIV];
            for (int i = 0; i < n * n; i++) K1[i] = K2[i] = urand(3.0);
            for (int i = 0; i < n; i++) r[i] = urand(2.0);
            double im = fabs(urand(5.0)), iso = 0.0;
            int mode = t % 3; // 0: iso, 1: full inertia, 2: no inertia (a body that does not move)
            if (mode == 0) {
                iso = fabs(urand(4.0)) + 1e-3;
                for (int i = 0; i < k * k; i++) I[i] = 0.0;
                for (int i = 0; i < k; i++) I[i * k + i] = iso;
                ak_contact_k_add_iso(n, K1, im, iso, r);
                iso_runs++;
            } else if (mode == 1) {
                for (int i = 0; i < k; i++)
                    for (int j = 0; j <= i; j++) I[i * k + j] = I[j * k + i] = urand(1.0);
                ak_contact_k_add(n, K1, im, I, r);
                full_runs++;
            } else {
                ak_contact_k_add(n, K1, im, NULL, r);
                null_runs++;
            }
            ak_inline_k_add(n, K2, im, mode == 2 ? NULL : I, iso, r);
            cr_assert_eq(memcmp(K1, K2, sizeof(double) * (size_t)(n * n)), 0,
                         "n=%d trial %d mode %d", n, t, mode);
        }
    }
    cr_assert(iso_runs > 1000 && full_runs > 1000 && null_runs > 1000);
}

Test(ref_inline, tangent_basis_equals_contact_tangent_basis) {
    for (int n = 2; n <= AK_MAX_DIM; n++)
        for (int t = 0; t < TRIALS; t++) {
            double nrm[AK_MAX_DIM], T1[AK_MAX_DIM * AK_MAX_DIM], T2[AK_MAX_DIM * AK_MAX_DIM];
            for (int i = 0; i < n; i++) nrm[i] = t == 0 ? 0.0 : urand(1.0); // trial 0: zero normal
            if (t % 7 == 1) { // a unit normal, as the solver passes
                double l = 0.0;
                for (int i = 0; i < n; i++) l += nrm[i] * nrm[i];
                l = sqrt(l);
                if (l > 0.0)
                    for (int i = 0; i < n; i++) nrm[i] /= l;
            }
            memset(T1, 0, sizeof T1), memset(T2, 0, sizeof T2);
            ak_contact_tangent_basis(n, T1, nrm);
            ak_inline_tangent_basis(n, T2, nrm);
            cr_assert_eq(memcmp(T1, T2, sizeof(double) * (size_t)((n - 1) * n)), 0, "n=%d trial %d",
                         n, t);
        }
}

Test(ref_inline, solve_equals_dyn_solve) {
    int singular = 0;
    for (int k = 1; k <= AK_MAX_BIV; k++)
        for (int t = 0; t < TRIALS; t++) {
            double A[AK_MAX_BIV * AK_MAX_BIV], b[AK_MAX_BIV], x1[AK_MAX_BIV], x2[AK_MAX_BIV];
            for (int i = 0; i < k * k; i++) A[i] = urand(2.0);
            for (int i = 0; i < k; i++) b[i] = urand(2.0);
            if (t % 11 == 3) // a zero column: singular
                for (int i = 0; i < k; i++) A[i * k + t % k] = 0.0;
            memset(x1, 0, sizeof x1), memset(x2, 0, sizeof x2);
            int r1 = ak_dyn_solve(k, x1, A, b), r2 = ak_inline_solve(k, x2, A, b);
            cr_assert_eq(r1, r2, "k=%d trial %d: return %d against %d", k, t, r1, r2);
            singular += r1 != 0;
            if (r1 == 0)
                cr_assert_eq(memcmp(x1, x2, sizeof(double) * (size_t)k), 0, "k=%d trial %d", k, t);
        }
    cr_assert(singular > 100, "only %d singular systems", singular);
}

// ak_inline_solve_multi: every column of X is ak_dyn_solve's solution for that column of B, bit
// for bit, and it fails exactly where ak_dyn_solve fails (the solver passes the columns of 1,
// the test also random right-hand sides; 1 to 4 columns).
Test(ref_inline, solve_multi_equals_dyn_solve_per_column) {
    int singular = 0, unit = 0;
    for (int k = 1; k <= AK_MAX_BIV; k++)
        for (int t = 0; t < TRIALS / 4; t++) {
            int nr = 1 + t % 4;
            double A[AK_MAX_BIV * AK_MAX_BIV], B[AK_MAX_BIV * 4], X[AK_MAX_BIV * 4];
            for (int i = 0; i < k * k; i++) A[i] = urand(2.0);
            if (t % 11 == 3) // a zero column: singular
                for (int i = 0; i < k; i++) A[i * k + t % k] = 0.0;
            for (int r = 0; r < k; r++)
                for (int c = 0; c < nr; c++)
                    B[r * nr + c] = t % 3 == 0 ? (r == c ? 1.0 : 0.0) : urand(2.0);
            unit += t % 3 == 0;
            memset(X, 0, sizeof X);
            int r2 = ak_inline_solve_multi(k, nr, X, A, B);
            for (int c = 0; c < nr; c++) {
                double b[AK_MAX_BIV], x1[AK_MAX_BIV] = { 0 };
                for (int r = 0; r < k; r++) b[r] = B[r * nr + c];
                int r1 = ak_dyn_solve(k, x1, A, b);
                cr_assert_eq(r1, r2, "k=%d trial %d column %d: return %d against %d", k, t, c, r1,
                             r2);
                for (int r = 0; r < k && r1 == 0; r++)
                    cr_assert_eq(memcmp(&x1[r], &X[r * nr + c], sizeof(double)), 0,
                                 "k=%d trial %d: x[%d] of column %d: %a against %a", k, t, r, c,
                                 x1[r], X[r * nr + c]);
            }
            singular += r2 != 0;
        }
    cr_assert(singular > 100 && unit > 1000, "%d singular systems, %d with B = 1", singular, unit);
}

Test(ref_inline, friction_clamp_equals_contact_friction_clamp) {
    int clamped = 0, inside = 0;
    for (int nt = 1; nt <= AK_MAX_DIM - 1; nt++)
        for (int t = 0; t < TRIALS; t++) {
            double jt1[AK_MAX_DIM], jt2[AK_MAX_DIM], ut[AK_MAX_DIM];
            for (int i = 0; i < nt; i++)
                jt1[i] = jt2[i] = urand(1.0), ut[i] = t % 5 == 0 ? 0.0 : urand(1.0);
            double jn = fabs(urand(1.0)), mu = fabs(urand(1.0));
            int slipping = t % 2;
            int r1 = ak_contact_friction_clamp(nt, jt1, ut, jn, mu, slipping);
            int r2 = ak_inline_friction_clamp(nt, jt2, ut, jn, mu, slipping);
            cr_assert_eq(r1, r2, "nt=%d trial %d: return %d against %d", nt, t, r1, r2);
            cr_assert_eq(memcmp(jt1, jt2, sizeof(double) * (size_t)nt), 0, "nt=%d trial %d", nt, t);
            clamped += r1, inside += !r1;
        }
    cr_assert(clamped > 1000 && inside > 1000, "%d clamped, %d inside the disc", clamped, inside);
}

Test(ref_inline, point_velocity_equals_contact_point_velocity) {
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n);
        for (int t = 0; t < TRIALS; t++) {
            double v[AK_MAX_DIM], w[AK_MAX_BIV], r[AK_MAX_DIM], u1[AK_MAX_DIM], u2[AK_MAX_DIM];
            for (int i = 0; i < n; i++) v[i] = urand(3.0), r[i] = urand(2.0);
            for (int i = 0; i < k; i++) w[i] = urand(5.0);
            memset(u1, 0, sizeof u1), memset(u2, 0, sizeof u2);
            ak_contact_point_velocity(n, u1, v, w, r);
            ak_inline_point_velocity(n, u2, v, w, r);
            cr_assert_eq(memcmp(u1, u2, sizeof(double) * (size_t)n), 0, "n=%d trial %d", n, t);
        }
    }
}

Test(ref_inline, contact_apply_equals_contact_apply) {
    long null_runs = 0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n);
        for (int t = 0; t < TRIALS; t++) {
            double v1[AK_MAX_DIM], v2[AK_MAX_DIM], w1[AK_MAX_BIV], w2[AK_MAX_BIV];
            double r[AK_MAX_DIM], P[AK_MAX_DIM], I[AK_MAX_BIV * AK_MAX_BIV];
            for (int i = 0; i < n; i++)
                v1[i] = v2[i] = urand(3.0), r[i] = urand(2.0), P[i] = urand(4.0);
            for (int i = 0; i < k; i++) w1[i] = w2[i] = urand(5.0);
            for (int i = 0; i < k; i++)
                for (int j = 0; j <= i; j++) I[i * k + j] = I[j * k + i] = urand(1.0);
            double im = fabs(urand(5.0)), s = t % 2 ? 1.0 : -1.0;
            const double *iw = t % 5 == 4 ? NULL : I; // a body without inertia: only v changes
            null_runs += iw == NULL;
            ak_contact_apply(n, v1, w1, im, iw, r, P, s);
            ak_inline_contact_apply(n, v2, w2, im, iw, r, P, s);
            cr_assert_eq(memcmp(v1, v2, sizeof(double) * (size_t)n), 0, "v: n=%d trial %d", n, t);
            cr_assert_eq(memcmp(w1, w2, sizeof(double) * (size_t)k), 0, "w: n=%d trial %d", n, t);
        }
    }
    cr_assert(null_runs > 1000);
}
