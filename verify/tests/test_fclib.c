// Unit tests of the Siconos oracle's diagonal scaling (verify/fclib/siconos_solve.h,
// docs/fclib.md "Scaling the problem for Siconos"): W' = D W D, q' = D q with one positive
// scalar per point keeps the friction cone and mu, so the natural map of the scaled problem at
// (r / d, d u) is, point by point, (1 / d_i) (r_i - proj_K(r_i - d_i^2 (u_n + mu |u_t|, u_t))):
// the original's natural map with rho_i = d_i^2 instead of 1. That identity is checked here
// against Siconos' fc3d_compute_error on the scaled problem with a projection on the cone written
// here; an exact solution built by hand stays one after scaling; Siconos' solution of the scaled
// problem, mapped back, meets the bound on the original problem's absolute ||F||_2.
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef AK_HAVE_SICONOS
#include "verify/fclib/siconos_solve.h"

TestSuite(fclib);

#define NP 6
#define N (3 * NP)

// A test problem: W = S A A^T S + 1e-3 S^2 (dense: every block ij), S = diag(s_i I) with the
// points' scales s spanning 1e-2..1e2 (diagonal blocks from 1e-4 to 1e4 times each other), so
// that scaling changes the numbers a lot; mu per point; q given.
typedef struct tproblem {
    int rs[NP + 1], col[NP * NP];
    double W[NP * NP * 9], q[N], mu[NP];
    ak_sic_problem p;
} tproblem;

static double rnd(unsigned *state) { // 0..1, a fixed sequence (no library generator)
    *state = *state * 1103515245u + 12345u;
    return (double)((*state >> 8) & 0xffffff) / (double)0x1000000;
}

static void make_problem(tproblem *t, unsigned seed) {
    unsigned st = seed;
    double A[N][N], s[NP], M[N][N];
    for (int i = 0; i < NP; i++) s[i] = pow(10.0, -2.0 + 4.0 * i / (NP - 1));
    for (int a = 0; a < N; a++)
        for (int b = 0; b < N; b++) A[a][b] = rnd(&st) - 0.5;
    for (int a = 0; a < N; a++)
        for (int b = 0; b < N; b++) {
            double v = a == b ? 1e-3 : 0.0;
            for (int c = 0; c < N; c++) v += A[a][c] * A[b][c];
            M[a][b] = s[a / 3] * s[b / 3] * v;
        }
    for (int i = 0; i < NP; i++) {
        t->rs[i] = i * NP;
        // the diagonal block first in its row, as anakata writes them
        for (int k = 0; k < NP; k++) t->col[i * NP + k] = k == 0 ? i : (k <= i ? k - 1 : k);
        for (int k = 0; k < NP; k++) {
            int j = t->col[i * NP + k];
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++)
                    t->W[(size_t)(i * NP + k) * 9 + (size_t)(a * 3 + b)] = M[3 * i + a][3 * j + b];
        }
        t->mu[i] = 0.2 + 0.6 * rnd(&st);
    }
    t->rs[NP] = NP * NP;
    for (int a = 0; a < N; a++) t->q[a] = s[a / 3] * (rnd(&st) - 0.7);
    t->p = (ak_sic_problem){ 3, NP, t->rs, t->col, t->W, t->q, t->mu };
}

// u = W r + q of p, computed here.
static void velocities(const ak_sic_problem *p, const double r[], double u[]) {
    for (int i = 0; i < p->np; i++)
        for (int a = 0; a < 3; a++) {
            double v = p->q[3 * i + a];
            for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++)
                for (int b = 0; b < 3; b++)
                    v += p->W[(size_t)z * 9 + (size_t)(a * 3 + b)] * r[3 * p->col[z] + b];
            u[3 * i + a] = v;
        }
}

// The projection of x on the cone |x_t| <= mu x_n, written here.
static void proj_cone(double mu, const double x[3], double y[3]) {
    double t = hypot(x[1], x[2]);
    if (t <= mu * x[0]) {
        memcpy(y, x, sizeof(double) * 3);
    } else if (mu * t <= -x[0]) {
        y[0] = y[1] = y[2] = 0.0;
    } else {
        double a = (x[0] + mu * t) / (1.0 + mu * mu);
        y[0] = a, y[1] = a * mu * x[1] / t, y[2] = a * mu * x[2] / t;
    }
}

// ||F||_2 over the points of F_i = (r_i - proj(r_i - rho_i (u_n + mu |u_t|, u_t))) / w_i.
static double natural_map(const ak_sic_problem *p, const double r[], const double u[],
                          const double rho[], const double w[]) {
    double sum = 0.0;
    for (int i = 0; i < p->np; i++) {
        const double *ri = r + 3 * i, *ui = u + 3 * i;
        double mu = p->mu[i], x[3], y[3];
        x[0] = ri[0] - rho[i] * (ui[0] + mu * hypot(ui[1], ui[2]));
        x[1] = ri[1] - rho[i] * ui[1];
        x[2] = ri[2] - rho[i] * ui[2];
        proj_cone(mu, x, y);
        for (int a = 0; a < 3; a++) sum += (ri[a] - y[a]) * (ri[a] - y[a]) / (w[i] * w[i]);
    }
    return sqrt(sum);
}

Test(fclib, unit_factors_change_nothing) {
    tproblem t;
    make_problem(&t, 7u);
    double d[NP], W2[NP * NP * 9], q2[N];
    for (int i = 0; i < NP; i++) d[i] = 1.0;
    ak_sic_problem s;
    ak_sic_scale(&t.p, d, W2, q2, &s);
    cr_assert(!memcmp(W2, t.W, sizeof W2) && !memcmp(q2, t.q, sizeof q2),
              "d = 1 must give the problem bit for bit");
    cr_assert(s.row_start == t.p.row_start && s.col == t.p.col && s.mu == t.p.mu && s.np == NP);
}

Test(fclib, factors_give_unit_mean_diagonal) {
    tproblem t;
    make_problem(&t, 11u);
    double d[NP], W2[NP * NP * 9], q2[N];
    ak_sic_scale_factors(&t.p, d);
    ak_sic_problem s;
    ak_sic_scale(&t.p, d, W2, q2, &s);
    for (int i = 0; i < NP; i++) {
        const double *B = W2 + (size_t)(i * NP) * 9; // the diagonal block, first in its row
        cr_assert_eq(t.col[i * NP], i);
        double m = (B[0] + B[4] + B[8]) / 3.0;
        cr_assert(fabs(m - 1.0) < 1e-14, "point %d: mean diagonal %.17g after scaling", i, m);
        cr_assert(d[i] > 0.0);
    }
    // a point whose diagonal block has a non-positive mean keeps d = 1
    for (int a = 0; a < 9; a++) t.W[a] = a % 4 == 0 ? -1.0 : 0.0;
    ak_sic_scale_factors(&t.p, d);
    cr_assert_eq(d[0], 1.0);
}

// For r and u = W r + q of the original problem (any r, not a solution), Siconos' residual of the
// scaled problem at r' = r / d (its u' = W' r' + q' = d u) is the natural map with rho_i = d_i^2
// divided by d_i; with d = 1 it is the natural map with rho = 1. Both against the map written here.
Test(fclib, scaled_residual_is_the_natural_map_with_rho_d_squared) {
    for (unsigned seed = 1; seed <= 5; seed++) {
        tproblem t;
        make_problem(&t, seed);
        unsigned st = 100u + seed;
        double r[N], u[N], r2[N], u2[N], us[N], d[NP], one[NP], rho[NP], W2[NP * NP * 9], q2[N];
        for (int a = 0; a < N; a++) r[a] = (a % 3 == 0 ? 1.0 : 0.6) * (rnd(&st) - 0.3);
        for (int i = 0; i < NP; i++) one[i] = 1.0;
        velocities(&t.p, r, u);
        double own = natural_map(&t.p, r, u, one, one), sic = ak_sic_residual(&t.p, r, us);
        cr_assert(fabs(sic - own) <= 1e-12 * own, "seed %u: Siconos %.17g, here %.17g", seed, sic,
                  own);
        ak_sic_scale_factors(&t.p, d);
        ak_sic_problem s;
        ak_sic_scale(&t.p, d, W2, q2, &s);
        memcpy(r2, r, sizeof r);
        memcpy(u2, u, sizeof u);
        ak_sic_scale_map(&t.p, d, 1, r2, u2);
        double sic2 = ak_sic_residual(&s, r2, us);
        for (int a = 0; a < N; a++)
            cr_assert(fabs(us[a] - u2[a]) <= 1e-11 * (1.0 + fabs(u2[a])),
                      "seed %u: scaled u[%d] %.17g, d u %.17g", seed, a, us[a], u2[a]);
        for (int i = 0; i < NP; i++) rho[i] = d[i] * d[i];
        double own2 = natural_map(&t.p, r, u, rho, d);
        cr_assert(fabs(sic2 - own2) <= 1e-9 * own2, "seed %u: scaled %.17g, rho d^2 map %.17g",
                  seed, sic2, own2);
        // and the map back is exact up to rounding
        ak_sic_scale_map(&t.p, d, 0, r2, u2);
        for (int a = 0; a < N; a++)
            cr_assert(fabs(r2[a] - r[a]) <= 1e-15 * fabs(r[a]) &&
                      fabs(u2[a] - u[a]) <= 1e-15 * fabs(u[a]));
    }
}

// An exact solution built by hand (point by point: take-off, stick, slide, and at rest without
// a force), q = u - W r: its residual is at rounding level on the original and on the scaled
// problem at (r / d, d u), with the same mu.
Test(fclib, an_exact_solution_stays_one) {
    tproblem t;
    make_problem(&t, 3u);
    double r[N] = { 0 }, u[N] = { 0 }, Wr[N], us[N], d[NP], W2[NP * NP * 9], q2[N];
    for (int i = 0; i < NP; i++) {
        double *ri = r + 3 * i, *ui = u + 3 * i, mu = t.mu[i];
        switch (i % 4) {
            case 0: ui[0] = 0.5, ui[1] = 0.3, ui[2] = -0.2; break;           // take-off
            case 1: ri[0] = 2.0, ri[1] = 0.5 * mu, ri[2] = -0.7 * mu; break; // stick, inside
            case 2:                                                          // slide on the rim
                ri[0] = 1.5, ui[1] = 0.6, ui[2] = -0.8;
                ri[1] = -mu * 1.5 * 0.6, ri[2] = mu * 1.5 * 0.8;
                break;
            default: break; // at rest, no force
        }
    }
    velocities(&t.p, r, Wr);
    for (int a = 0; a < N; a++) t.q[a] = u[a] - (Wr[a] - t.q[a]); // Wr holds W r + q
    double scale = 0;
    for (int a = 0; a < N; a++) scale = fmax(scale, fabs(t.q[a]));
    double e = ak_sic_residual(&t.p, r, us);
    cr_assert(e >= 0 && e < 1e-13 * scale, "original: %.3g (|q| up to %.3g)", e, scale);
    ak_sic_scale_factors(&t.p, d);
    ak_sic_problem s;
    ak_sic_scale(&t.p, d, W2, q2, &s);
    ak_sic_scale_map(&t.p, d, 1, r, NULL);
    double e2 = ak_sic_residual(&s, r, us);
    cr_assert(e2 >= 0 && e2 < 1e-13 * scale, "scaled: %.3g", e2);
}

// Siconos' NSN-AC on the scaled problem, from zero, mapped back: the original problem's
// absolute ||F||_2 meets the bound 1e-10 sqrt(points) (measured on the original, not the scaled).
Test(fclib, a_scaled_solve_solves_the_original) {
    for (unsigned seed = 1; seed <= 3; seed++) {
        tproblem t;
        make_problem(&t, seed);
        double r[N] = { 0 }, u[N], d[NP];
        ak_sic_scale_factors(&t.p, d);
        ak_sic_result res;
        cr_assert_eq(ak_sic_solve_scaled(&t.p, d, AK_SIC_NSN_AC, NULL, 0, 1e-14, 200, r, u, &res),
                     0);
        cr_assert_eq(res.info, 0, "seed %u: NSN-AC on the scaled problem did not converge (%.3g)",
                     seed, res.residual);
        double e = ak_sic_residual(&t.p, r, u);
        cr_assert(e >= 0 && e <= 1e-10 * sqrt((double)NP), "seed %u: original ||F||_2 %.3g", seed,
                  e);
        // and the original velocities are Siconos' W r + q of the original problem
        double v[N];
        velocities(&t.p, r, v);
        for (int a = 0; a < N; a++) cr_assert(fabs(v[a] - u[a]) <= 1e-9 * (1.0 + fabs(v[a])));
    }
}

// The module keeps OpenBLAS, which Debian's Siconos calls, on the calling thread unless the user
// chose a count (siconos_solve.c): its second thread's spin counted in bench_fclib's CPU times
// (pile_1000_3d step 56, Siconos' chain V: 2.73 s of CPU against 2.06 s with one thread). Asked
// of OpenBLAS itself, after the module's first call in this test's own process.
Test(fclib, blas_runs_on_the_calling_thread) {
    unsetenv("OPENBLAS_NUM_THREADS"); // before the module (and OpenBLAS) loads in this process
    tproblem t;
    make_problem(&t, 1);
    double r[N] = { 0 }, u[N];
    cr_assert(ak_sic_residual(&t.p, r, u) >= 0.0);
    void *h = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_NOLOAD);
    if (!h) {
        cr_assert_null(getenv("CI"), "Siconos did not load OpenBLAS here, but CI is set");
        cr_skip_test("Siconos Numerics runs on another BLAS here");
    }
    int (*threads)(void) = (int (*)(void))dlsym(h, "openblas_get_num_threads");
    cr_assert_not_null(threads, "OpenBLAS without openblas_get_num_threads");
    cr_assert_eq(threads(), 1, "OpenBLAS runs %d threads", threads());
    dlclose(h);
}

#else
// Built without Siconos Numerics: nothing to test, which is an error where CI is set.
Test(fclib, siconos_present) {
    cr_assert_null(getenv("CI"), "built without Siconos Numerics, but CI is set");
    cr_skip_test("built without Siconos Numerics (libsiconos-numerics-dev)");
}
#endif
