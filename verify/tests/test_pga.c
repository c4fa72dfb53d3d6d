// Unit tests of ref/pga: conventions (points, translators, motors) and the PGA kinetic energy
// against the vector-GA expressions.
#include <criterion/criterion.h>
#include <math.h>

#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "ref/pga/pga.h"

#define TOL 1e-12

static void rotor(int d, double R[], double s) {
    double B[AK_MAX_BIV];
    for (int q = 0; q < ak_nd_nbiv(d); q++) B[q] = s * (0.3 + 0.17 * q) * ((q & 1) ? -1 : 1);
    ak_nd_rotor_exp(d, R, B);
}

// M = T R maps the body point p to x + R p R~ (vector GA), for d = 2..5.
Test(pga, motor_maps_points_like_vector_ga) {
    for (int d = 2; d <= 5; d++) {
        double R[AK_MAX_EVEN], x[5] = { 0.4, -1.2, 0.7, 2.0, -0.3 },
                               p[5] = { 1.1, 0.2, -0.6, 0.5, 0.9 };
        rotor(d, R, 1.0);
        double M[AK_PGA_MAX], P[AK_PGA_MAX], W[AK_PGA_MAX], w[5], want[5];
        ak_pga_motor_from(d, M, R, x);
        ak_pga_point(d, P, p);
        ak_pga_sandwich(d, W, M, P);
        ak_pga_point_coords(d, w, W);
        ak_nd_rotor_apply(d, want, R, p);
        for (int i = 0; i < d; i++)
            cr_assert(fabs(w[i] - (x[i] + want[i])) < TOL, "d=%d i=%d", d, i);
        double R2[AK_MAX_EVEN], x2[5];
        ak_pga_motor_to(d, R2, x2, M);
        for (int i = 0; i < d; i++) cr_assert(fabs(x2[i] - x[i]) < TOL);
        for (int k = 0; k < ak_nd_neven(d); k++) cr_assert(fabs(R2[k] - R[k]) < TOL);
    }
}

// P-2.34: 1/2 B ^ I[B] equals 1/2 m v.v + 1/2 w_b . I w_b.
Test(pga, kinetic_energy_matches_classical) {
    for (int d = 2; d <= 5; d++) {
        int k = ak_nd_nbiv(d);
        double I[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, wb[AK_MAX_BIV],
                              vb[5] = { 0.3, -0.8, 0.5, 1.1, -0.2 };
        double want = 0, m = 1.7;
        for (int q = 0; q < k; q++) {
            I[q * k + q] = 0.4 + 0.1 * q;
            wb[q] = 0.2 * q - 0.5;
            want += 0.5 * I[q * k + q] * wb[q] * wb[q];
        }
        for (int i = 0; i < d; i++) want += 0.5 * m * vb[i] * vb[i];
        double B[AK_PGA_MAX];
        ak_pga_rate_from(d, B, wb, vb);
        double T = ak_pga_kinetic_energy(d, B, I, m);
        cr_assert(fabs(T - want) < TOL, "d=%d: %g vs %g", d, T, want);
    }
}

// Dual and undual are inverse; the join of two points is the line through them, which
// contains both (its wedge with either point vanishes).
Test(pga, dual_and_join) {
    for (int d = 2; d <= 5; d++) {
        double a[AK_PGA_MAX], b[AK_PGA_MAX], c[AK_PGA_MAX];
        for (int x = 0; x < ak_pga_size(d); x++) a[x] = sin(1.0 + x);
        ak_pga_dual(d, b, a);
        ak_pga_undual(d, c, b);
        for (int x = 0; x < ak_pga_size(d); x++) cr_assert(fabs(c[x] - a[x]) < TOL);
        double p[5] = { 1, 2, 3, 4, 5 }, q[5] = { -1, 0.5, 2, 0, 1 }, P[AK_PGA_MAX], Q[AK_PGA_MAX],
               L[AK_PGA_MAX];
        ak_pga_point(d, P, p);
        ak_pga_point(d, Q, q);
        ak_pga_join(d, L, P, Q);
        double nz = 0;
        for (int x = 0; x < ak_pga_size(d); x++) nz += fabs(L[x]);
        cr_assert(nz > 0.1);
        // the line contains P: dual(L) ^ dual(P) = 0 would be the meet view; check via join
        double J[AK_PGA_MAX];
        ak_pga_join(d, J, L, P);
        for (int x = 0; x < ak_pga_size(d); x++) cr_assert(fabs(J[x]) < 1e-12);
    }
}

// Closed cases of the motor exponential: a pure translation exp(e0 v) = 1 + e0 v, and the screw
// exp(th e12 + e0 s e3) in 3D = (cos th + sin th e12)(1 + s e03), and the log returns them.
Test(pga, motor_exp_log_closed_cases) {
    double B[AK_PGA_MAX] = { 0 }, M[AK_PGA_MAX], L[AK_PGA_MAX];
    int d = 3;
    B[1 | 2] = 0.3, B[1 | 4] = -1.2, B[1 | 8] = 2.5; // e01, e02, e03
    ak_pga_motor_exp(d, M, B);
    cr_assert(M[0] == 1.0);
    for (int x = 1; x < 16; x++) cr_assert(fabs(M[x] - B[x]) < 1e-15, "x=%d", x);
    ak_pga_motor_log(d, L, M);
    for (int x = 0; x < 16; x++) cr_assert(fabs(L[x] - B[x]) < 1e-15);
    double th = 0.8, s = 0.6, C[AK_PGA_MAX] = { 0 };
    C[2 | 4] = th, C[1 | 8] = s; // th e12 + s e03
    ak_pga_motor_exp(d, M, C);
    // (c + sn e12)(1 + s e03) = c + sn e12 + c s e03 + sn s e12 e03; e12 e03 = e0123
    double want[16] = { 0 };
    want[0] = cos(th), want[6] = sin(th), want[9] = cos(th) * s, want[15] = sin(th) * s;
    for (int x = 0; x < 16; x++)
        cr_assert(fabs(M[x] - want[x]) < 1e-15, "x=%d: %g vs %g", x, M[x], want[x]);
    ak_pga_motor_log(d, L, M);
    for (int x = 0; x < 16; x++) cr_assert(fabs(L[x] - C[x]) < 1e-15);
}

// The full inertia map and its inverse are inverse to each other for a non-diagonal I_C, and
// reduce to the diagonal map when I_C is diagonal.
Test(pga, full_inertia_inverse) {
    for (int d = 2; d <= 5; d++) {
        int k = ak_nd_nbiv(d);
        double I[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, B[AK_PGA_MAX], P[AK_PGA_MAX], B2[AK_PGA_MAX],
                              w[AK_MAX_BIV], v[AK_MAX_DIM];
        for (int a = 0; a < k; a++)
            for (int b = 0; b < k; b++) I[a * k + b] = (a == b ? 2.0 + a : 0.0) + 0.1 / (1 + a + b);
        for (int q = 0; q < k; q++) w[q] = 0.3 - 0.1 * q;
        for (int i = 0; i < d; i++) v[i] = 0.5 + i;
        ak_pga_rate_from(d, B, w, v);
        ak_pga_inertia(d, P, I, 1.7, B);
        ak_pga_inertia_inv(d, B2, I, 1.7, P);
        for (int x = 0; x < ak_pga_size(d); x++)
            cr_assert(fabs(B2[x] - B[x]) < 1e-14, "d=%d x=%d", d, x);
    }
}
