// The last IDs evaluated as printed: ten Bosch 2020, §7.1's projection (a . B)/B against the
// least-squares projection, §7.2's separating axes of two oriented hyperboxes (every
// (n-1)-vector V_a^{m_a}(i) ^ V_b^{m_b}(j), m_a + m_b = n - 1, counted and used as axes against
// the exact separation of oracles/collide_truth.c), §8's rotor between two frames
// (oracles/tenbosch_sat.c); Dorst & De Keninck 2023, eq. 2.33 (oracles/pga_collision.c).
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "ref/ga/cl.h"
#include "verify/checks/checks_printed.h"
#include "verify/oracles/collide_truth.h"
#include "verify/oracles/pga_collision.h"
#include "verify/oracles/tenbosch_sat.h"

// Least-squares projection of a onto the span of the rows of b (m x n): b^T (b b^T)^-1 b a.
// Returns the normalised volume det(b b^T) / prod |b_i|^2 (1 for orthogonal rows).
static double lsq_project(int n, double out[], const double a[], const double b[], int m) {
    gsl_matrix *g = gsl_matrix_alloc((size_t)m, (size_t)m);
    gsl_vector *rhs = gsl_vector_alloc((size_t)m), *x = gsl_vector_alloc((size_t)m);
    for (int i = 0; i < m; i++) {
        double s = 0;
        for (int k = 0; k < n; k++) s += b[i * n + k] * a[k];
        gsl_vector_set(rhs, (size_t)i, s);
        for (int j = 0; j < m; j++) {
            double t = 0;
            for (int k = 0; k < n; k++) t += b[i * n + k] * b[j * n + k];
            gsl_matrix_set(g, (size_t)i, (size_t)j, t);
        }
    }
    double vol = 1;
    for (int i = 0; i < m; i++) vol /= gsl_matrix_get(g, (size_t)i, (size_t)i);
    gsl_linalg_cholesky_decomp1(g);
    for (int i = 0; i < m; i++) vol *= pow(gsl_matrix_get(g, (size_t)i, (size_t)i), 2);
    gsl_linalg_cholesky_solve(g, rhs, x);
    for (int k = 0; k < n; k++) {
        out[k] = 0;
        for (int i = 0; i < m; i++) out[k] += gsl_vector_get(x, (size_t)i) * b[i * n + k];
    }
    gsl_matrix_free(g);
    gsl_vector_free(rhs);
    gsl_vector_free(x);
    return vol;
}

void ak_check_printed_tenbosch_b71(ak_check_ctx *c) {
    const int N = (int)ak_samples(c, 2000, 200);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 71);
    double worst = 0, other = 0;
    long cases = 0, illcond = 0;
    for (int n = 2; n <= 5; n++)
        for (int m = 1; m <= n; m++)
            for (int s = 0; s < N; s++) {
                double a[8], b[64], got[8], want[8], o;
                for (int k = 0; k < n; k++) a[k] = 2 * gsl_rng_uniform(r) - 1;
                for (int k = 0; k < m * n; k++) b[k] = 2 * gsl_rng_uniform(r) - 1;
                if (ak_tbs_project(n, got, &o, a, b, m) != 0) continue;
                if (lsq_project(n, want, a, b, m) < 1e-2) { // nearly dependent factors
                    illcond++;
                    continue;
                }
                for (int k = 0; k < n; k++) worst = fmax(worst, fabs(got[k] - want[k]));
                other = fmax(other, o);
                cases++;
            }
    gsl_rng_free(r);
    ak_measure(
        c, worst, 1e-9,
        "B-7.1 (ten Bosch §7.1): (a . B)/B = least-squares projection onto B's span to "
        "%.2e, B of grade 1..n, n = 2..5, %ld cases (%ld with det(b b^T) < 1e-2 prod |b_i|^2 "
        "left out)",
        worst, cases, illcond);
    ak_measure(c, other, 1e-9, "B-7.1: (a . B)/B is a vector (other grades <= %.2e)", other);
}

static long binom(int n, int k) {
    long v = 1;
    for (int i = 1; i <= k; i++) v = v * (n - k + i) / i;
    return v;
}

static void random_box(gsl_rng *r, int n, ak_shape *s, ak_pose *p) {
    memset(s, 0, sizeof *s);
    s->type = AK_SHAPE_HYPERBOX;
    s->dim = n;
    for (int i = 0; i < n; i++) s->half_extents[i] = 0.2 + gsl_rng_uniform(r);
    memset(p, 0, sizeof *p);
    p->dim = n;
    gt_random_rotation(r, n, p->rot);
}

void ak_check_printed_tenbosch_b72(ak_check_ctx *c) {
    // the count: C(n, m_a) C(n, m_b) pairs for each m_a; 4D: 4 x 2 + 4 x 6 x 2 = 56 (§7.2)
    int counts_ok = 1;
    long want_total[6] = { 0 };
    for (int n = 2; n <= 5; n++) {
        double u[25] = { 0 }, axes[256 * 5];
        int split[5];
        for (int i = 0; i < n; i++) u[i * n + i] = 1;
        int got = ak_tbs_box_axes(n, u, u, axes, 256, split);
        long want = 0;
        for (int ma = 0; ma <= n - 1; ma++) {
            long w = binom(n, ma) * binom(n, n - 1 - ma);
            want += w;
            if (split[ma] != w) counts_ok = 0;
        }
        want_total[n] = want;
        if (got != want) counts_ok = 0;
    }
    ak_expect(c, counts_ok && want_total[4] == 4 * 2 + 4 * 6 * 2 && want_total[4] == 56,
              "B-7.2box: the printed pairs number %ld, %ld, %ld, %ld for n = 2..5, split by m_a "
              "as C(n, m_a) C(n, n-1-m_a); 4D: 4 x 2 + 4 x 6 x 2 = 56 as printed",
              want_total[2], want_total[3], want_total[4], want_total[5]);

    // the axes against the exact separation of random box pairs
    const int N = (int)ak_samples(c, 150, 25);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 72);
    long agree = 0, total = 0, ambiguous = 0, apart = 0;
    double depth = 0;
    for (int n = 2; n <= 5; n++)
        for (int s = 0; s < N; s++) {
            ak_shape a, b;
            ak_pose pa, pb;
            random_box(r, n, &a, &pa);
            random_box(r, n, &b, &pb);
            if (gsl_rng_uniform(r) < 0.2) memcpy(pb.rot, pa.rot, sizeof pa.rot);
            for (int i = 0; i < n; i++) pb.pos[i] = 2.4 * (gsl_rng_uniform(r) - 0.5);
            double axes[256 * 5];
            int split[5];
            int na = ak_tbs_box_axes(n, pa.rot, pb.rot, axes, 256, split);
            double best = -INFINITY, ubest[8] = { 0 };
            for (int k = 0; k < na; k++) {
                double *u = axes + k * n, len = 0;
                for (int i = 0; i < n; i++) len += u[i] * u[i];
                len = sqrt(len);
                if (len < 1e-9) continue; // parallel cells: the product vanishes
                for (int i = 0; i < n; i++) u[i] /= len;
                double minus[8];
                for (int i = 0; i < n; i++) minus[i] = -u[i];
                double f1 = gt_gap(&a, &pa, &b, &pb, u), f2 = gt_gap(&a, &pa, &b, &pb, minus);
                if (fmax(f1, f2) > best) {
                    best = fmax(f1, f2);
                    for (int i = 0; i < n; i++) ubest[i] = f1 >= f2 ? u[i] : minus[i];
                }
            }
            // the exact separation max_u gap(u): the search, and the best printed axis polished
            // (a printed set that misses the maximum leaves room to climb from its best axis)
            double sep, uo[8], fr = best;
            gt_separation(&sep, uo, &a, &pa, &b, &pb, r);
            gt_refine(&fr, ubest, &a, &pa, &b, &pb);
            sep = fmax(sep, fr);
            if (fabs(sep) < 1e-6) {
                ambiguous++;
                continue;
            }
            total++;
            if ((sep > 0) == (best > 0)) agree++;
            if (sep > 0)
                apart++;
            else
                depth = fmax(depth, fabs(best - sep));
        }
    gsl_rng_free(r);
    ak_expect(c, agree == total,
              "B-7.2: some printed axis separates exactly when the boxes are apart: %ld of %ld "
              "random pairs agree (%ld apart), n = 2..5 (%ld within 1e-6 of touching skipped)",
              agree, total, apart, ambiguous);
    ak_measure(c, depth, 1e-9,
               "B-7.2: overlapping pairs: the best printed axis gives the exact depth to %.2e",
               depth);
}

// Dorst & De Keninck 2023, eq. 2.33 as printed (oracles/pga_collision.c): the rate update after a
// contact, with j from eq. 2.32 (corrected denominator), against the Euclidean restitution
// condition and the momenta of the bodies' points, velocities by differences.
void ak_check_printed_pga_233(ak_check_ctx *c) {
    const int N = (int)ak_samples(c, 400, 60);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 233);
    double worst[AK_PCOL_NRES] = { 0 };
    long apart = 0, ran = 0;
    for (int s = 0; s < N; s++) {
        double res[AK_PCOL_NRES];
        int ap;
        if (ak_pcol_residuals(r, res, &ap) != 0) continue;
        ran++;
        apart += ap;
        for (int q = 0; q < AK_PCOL_NRES; q++) worst[q] = fmax(worst[q], res[q]);
    }
    gsl_rng_free(r);
    // differences with h = 1e-3, five points, on rates of order 1: truncation below 1e-10
    ak_expect(c, ran == N, "P-2.33: %ld of %d random contacts evaluated", ran, N);
    ak_measure(c, worst[AK_PCOL_RESTITUTION], 1e-8,
               "P-2.33: after B+ <- B+ + j I+^-1[N], B- <- B- - j I-^-1[N] the normal velocity "
               "at Q is -rho times the approach to %.2e",
               worst[AK_PCOL_RESTITUTION]);
    ak_measure(c, worst[AK_PCOL_LINEAR], 1e-8, "P-2.33: total linear momentum kept to %.2e",
               worst[AK_PCOL_LINEAR]);
    ak_measure(c, worst[AK_PCOL_ANGULAR], 1e-8, "P-2.33: total angular momentum kept to %.2e",
               worst[AK_PCOL_ANGULAR]);
    ak_measure(c, worst[AK_PCOL_LINE], 1e-8,
               "P-2.33: the \"-\" body receives an impulse along n through Q (to %.2e)",
               worst[AK_PCOL_LINE]);
    ak_expect(c, apart == ran,
              "P-2.33: the \"-\" (point contact) body is pushed out of the plane in %ld of %ld",
              apart, ran);
}

// ten Bosch 2020, §8 as printed (oracles/tenbosch_sat.c): the rotor between two frames from
// successive axis rotors maps every axis of A to B's; its bivector part, applied as a rate, turns
// A towards B (the misalignment sum |R a_k R~ - b_k|^2 decreases); an antiparallel axis pair has
// no printed step.
static double misalignment(int n, const double a[], const double b[], const ak_cl_mv *R) {
    ak_cl_mv Rr, X, t;
    ak_cl_reverse(&Rr, R);
    double f = 0;
    for (int k = 0; k < n; k++) {
        double x[8];
        ak_cl_from_vec(&X, n, a + k * n);
        ak_cl_gp(&t, R, &X);
        ak_cl_gp(&t, &t, &Rr);
        ak_cl_to_vec(x, n, &t);
        for (int i = 0; i < n; i++) f += (x[i] - b[k * n + i]) * (x[i] - b[k * n + i]);
    }
    return f;
}

// Gram-Schmidt twice on the rows: orthonormal to rounding (gt_random_rotation's rows are to ~1e-12,
// which the frame-to-frame rotor would carry into the comparison)
static void orthonormalise(int n, double f[]) {
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double d = 0;
                for (int k = 0; k < n; k++) d += f[i * n + k] * f[j * n + k];
                for (int k = 0; k < n; k++) f[i * n + k] -= d * f[j * n + k];
            }
            double l = 0;
            for (int k = 0; k < n; k++) l += f[i * n + k] * f[i * n + k];
            for (int k = 0; k < n; k++) f[i * n + k] /= sqrt(l);
        }
}

void ak_check_printed_tenbosch_b8drag(ak_check_ctx *c) {
    const int N = (int)ak_samples(c, 2000, 200);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 8);
    double worst = 0;
    long descent = 0, total = 0, undefined = 0, near = 0;
    for (int n = 2; n <= 5; n++)
        for (int s = 0; s < N; s++) {
            double a[25], b[25], rotor[32], biv[10];
            gt_random_rotation(r, n, a);
            gt_random_rotation(r, n, b);
            orthonormalise(n, a);
            orthonormalise(n, b);
            double minlen;
            if (ak_tbs_rotor_from_frames(n, rotor, biv, &minlen, a, b) != 0) {
                undefined++;
                continue;
            }
            if (minlen < 1e-2) { // a nearly antiparallel step: rounding / minlen, not the method
                near++;
                continue;
            }
            ak_cl_mv R, one, C, Re;
            ak_cl_zero(&R, n, 0, 0);
            for (unsigned m = 0; m < (1u << n); m++) R.c[m] = rotor[m];
            worst = fmax(worst, sqrt(misalignment(n, a, b, &R)));
            // the bivector part as a rate: the rotor 1 + eps C, normalised, for a small eps
            ak_cl_from_biv(&C, n, biv);
            ak_cl_scale(&Re, &C, 1e-4);
            Re.c[0] += 1.0;
            ak_cl_scale(&Re, &Re, 1.0 / ak_cl_norm(&Re));
            ak_cl_blade(&one, n, 0, 0, 0u, 1.0);
            if (misalignment(n, a, b, &Re) < misalignment(n, a, b, &one)) descent++;
            total++;
        }
    // a half-turn: B's first axis is -A's, the first printed step has no plane
    long halfturn = 0;
    for (int n = 2; n <= 5; n++) {
        double a[25], b[25], rotor[32], biv[10], minlen;
        gt_random_rotation(r, n, a);
        memcpy(b, a, sizeof a);
        for (int i = 0; i < n; i++) b[i] = -a[i], b[n + i] = -a[n + i]; // a half-turn in a0 a1
        if (ak_tbs_rotor_from_frames(n, rotor, biv, &minlen, a, b) != 0) halfturn++;
    }
    gsl_rng_free(r);
    ak_measure(c, worst, 1e-10,
               "B-8drag: the successive axis rotors map A's axes to B's to %.2e, %ld random frame "
               "pairs, n = 2..5 (%ld with a step |1 + b a'| < 1e-2 left out)",
               worst, total, near);
    ak_expect(c, undefined == 0 && descent == total,
              "B-8drag: the bivector part turns A towards B in %ld of %ld pairs (%ld without a "
              "printed step)",
              descent, total, undefined);
    ak_expect(c, halfturn == 4,
              "B-8drag: a half-turn (an antiparallel axis pair) has no printed step in %ld of 4 "
              "dimensions (the condition in docs/formulas/ga.md)",
              halfturn);
}
