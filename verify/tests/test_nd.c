// Unit tests of ref/ga/nd: index tables and identities with exact expected values.
#include <criterion/criterion.h>
#include <math.h>

#include "ref/ga/nd.h"

Test(nd, bivector_order_is_lexicographic) {
    const char *want4[] = { "xy", "xz", "xw", "yz", "yw", "zw" };
    for (int k = 0; k < 6; k++) cr_assert_str_eq(ak_nd_biv_name(4, k), want4[k]);
    double s;
    cr_assert_eq(ak_nd_biv_index(4, 2, 1, &s), 3);
    cr_assert_eq(s, -1.0);
    cr_assert_eq(ak_nd_biv_index(5, 3, 4, &s), 9);
}

Test(nd, rotor_layout_4d) {
    const char *want[] = { "s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw" };
    char name[8];
    for (int k = 0; k < 8; k++) {
        ak_nd_even_name(4, k, name);
        cr_assert_str_eq(name, want[k]);
    }
    ak_nd_even_name(5, 15, name);
    cr_assert_str_eq(name, "yzwv");
}

Test(nd, rstar_matches_ten_bosch_appendix_4d) {
    // ten Bosch App. A, 4D: rows xy, xz, xw, yz, yw, zw; columns x, y, z, w.
    double r[4] = { 2, 3, 5, 7 }, S[24];
    ak_nd_rstar(4, S, r);
    double x = 2, y = 3, z = 5, w = 7;
    double want[24] = {
        -y, x, 0, 0, -z, 0, x, 0, -w, 0, 0, x, 0, -z, y, 0, 0, -w, 0, y, 0, 0, -w, z
    };
    for (int i = 0; i < 24; i++) cr_assert_eq(S[i], want[i], "entry %d", i);
}

// ---- against the generic algebra and exact cases ------------------------------------------------
#include <gsl/gsl_rng.h>
#include <string.h>

#include "ref/ga/cl.h"

#define TOL_ROUNDOFF 1e-13 ///< products of O(1) components
#define TOL_FRAME 1e-12    ///< square roots and successive plane rotors

static double uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }

Test(nd, products_match_generic_algebra_1e4_per_n) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    for (int n = 2; n <= AK_MAX_DIM; n++)
        for (int s = 0; s < 10000; s++) {
            double a[AK_MAX_EVEN], b[AK_MAX_EVEN], got[AK_MAX_EVEN], want[AK_MAX_EVEN],
                x[AK_MAX_DIM], w[AK_MAX_BIV];
            for (int k = 0; k < ak_nd_neven(n); k++) {
                a[k] = uni(r);
                b[k] = uni(r);
            }
            for (int i = 0; i < n; i++) x[i] = uni(r);
            for (int k = 0; k < ak_nd_nbiv(n); k++) w[k] = uni(r);
            ak_cl_mv A, B, C;
            ak_nd_rotor_mul(n, got, a, b);
            ak_cl_from_even(&A, n, a);
            ak_cl_from_even(&B, n, b);
            ak_cl_gp(&C, &A, &B);
            ak_cl_to_even(want, n, &C);
            for (int k = 0; k < ak_nd_neven(n); k++)
                cr_assert(fabs(got[k] - want[k]) < TOL_ROUNDOFF, "mul n=%d", n);
            ak_nd_contract(n, got, x, w);
            ak_cl_from_vec(&A, n, x);
            ak_cl_from_biv(&B, n, w);
            ak_cl_lc(&C, &A, &B);
            ak_cl_to_vec(want, n, &C);
            for (int i = 0; i < n; i++)
                cr_assert(fabs(got[i] - want[i]) < TOL_ROUNDOFF, "contract n=%d", n);
        }
    gsl_rng_free(r);
}

Test(nd, rotor_from_frame_exact_cases) {
    double R[AK_MAX_EVEN], M[25];
    // Identity matrix -> identity rotor.
    for (int n = 2; n <= 5; n++) {
        memset(M, 0, sizeof M);
        for (int i = 0; i < n; i++) M[i * n + i] = 1.0;
        cr_assert_eq(ak_nd_rotor_from_frame(n, R, M), AK_GA_OK);
        cr_assert(fabs(R[0] - 1.0) < TOL_FRAME);
        for (int k = 1; k < ak_nd_neven(n); k++) cr_assert(fabs(R[k]) < TOL_FRAME);
    }
    // 4D: x -> y, y -> -x (quarter turn in xy): R = cos(pi/4) - sin(pi/4) e_xy.
    double Q[16] = { 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    cr_assert_eq(ak_nd_rotor_from_frame(4, R, Q), AK_GA_OK);
    double sgn = R[0] > 0 ? 1.0 : -1.0;
    cr_assert(fabs(sgn * R[0] - sqrt(0.5)) < TOL_FRAME && fabs(sgn * R[1] + sqrt(0.5)) < TOL_FRAME);
    // 4D double half-turn: diag(-1,-1,-1,-1) = e_xy e_zw (up to sign).
    double H[16] = { -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1 };
    cr_assert_eq(ak_nd_rotor_from_frame(4, R, H), AK_GA_OK);
    double back[16];
    ak_nd_rotor_to_matrix(4, back, R);
    for (int i = 0; i < 16; i++) cr_assert(fabs(back[i] - H[i]) < TOL_FRAME);
    // Reflection and non-orthonormal input: status codes, identity output.
    double F[9] = { 1, 0, 0, 0, 1, 0, 0, 0, -1 };
    cr_assert_eq(ak_nd_rotor_from_frame(3, R, F), AK_GA_EIMPROPER);
    cr_assert_eq(R[0], 1.0);
    F[8] = 2.0;
    cr_assert_eq(ak_nd_rotor_from_frame(3, R, F), AK_GA_EFRAME);
    cr_assert_eq(ak_nd_rotor_from_frame(6, R, F), AK_GA_EDIM);
    cr_assert_str_eq(ak_ga_status_str(AK_GA_EIMPROPER),
                     "frames have opposite orientation (no rotor exists)");
}

Test(nd, renormalize_removes_scale_and_grade4_drift) {
    // 5D: a unit rotor plus pseudo-drift in the grade-4 blade xyzw and the scalar.
    double R[AK_MAX_EVEN], a[AK_MAX_EVEN], b[AK_MAX_EVEN];
    ak_nd_rotor_plane(5, a, 0, 1, 0.7);
    ak_nd_rotor_plane(5, b, 2, 3, -1.1);
    ak_nd_rotor_mul(5, R, a, b);
    double orig[AK_MAX_EVEN];
    memcpy(orig, R, sizeof R);
    R[0] *= 1.01;
    R[ak_nd_even_index(5, 0xFu)] += 1e-3;
    cr_assert_eq(ak_nd_rotor_renormalize(5, R), AK_GA_OK);
    ak_cl_mv C, Cr, P;
    ak_cl_from_even(&C, 5, R);
    ak_cl_reverse(&Cr, &C);
    ak_cl_gp(&P, &C, &Cr);
    P.c[0] -= 1.0;
    cr_assert(ak_cl_max_abs(&P) < TOL_FRAME, "R R~ - 1 = %g", ak_cl_max_abs(&P));
    for (int k = 0; k < 16; k++) cr_assert(fabs(R[k] - orig[k]) < 1e-2);
    double Z[AK_MAX_EVEN] = { 0 };
    cr_assert_eq(ak_nd_rotor_renormalize(5, Z), AK_GA_EZERO);
    cr_assert_eq(ak_nd_rotor_renormalize(1, Z), AK_GA_EDIM);
}

Test(nd, even_index_round_trip) {
    for (int n = 2; n <= 5; n++)
        for (int k = 0; k < ak_nd_neven(n); k++)
            cr_assert_eq(ak_nd_even_index(n, ak_nd_even_mask(n, k)), k);
    cr_assert_eq(ak_nd_even_index(4, 1u), -1); // odd blade
}

// The rotor log on exact cases: a plane rotor, a 4D double rotation and a 5D rotor of two planes
// return their bivectors; the split returns the two planes and angles. Tolerance 1e-13: the 5D
// route goes through an SVD, a frame rotor and two sandwiches (about 20 ulps of the angle).
Test(nd, rotor_log_exact_cases) {
    for (int n = 2; n <= 5; n++) {
        double R[AK_MAX_EVEN], L[AK_MAX_BIV], s;
        ak_nd_rotor_plane(n, R, 0, 1, 1.0); // cos 0.5 - sin 0.5 e01 = exp(-0.5 e01)
        ak_nd_rotor_log(n, L, R);
        int q = ak_nd_biv_index(n, 0, 1, &s);
        for (int p = 0; p < ak_nd_nbiv(n); p++)
            cr_assert(fabs(L[p] - (p == q ? -0.5 : 0.0)) < 1e-13, "n=%d", n);
    }
    for (int n = 4; n <= 5; n++) {
        double B[AK_MAX_BIV] = { 0 }, R[AK_MAX_EVEN], L[AK_MAX_BIV], U[2][AK_MAX_BIV], th[2], s;
        B[ak_nd_biv_index(n, 0, 1, &s)] = 1.1;
        B[ak_nd_biv_index(n, 2, 3, &s)] = 0.4;
        ak_nd_rotor_exp(n, R, B);
        ak_nd_rotor_log(n, L, R);
        for (int p = 0; p < ak_nd_nbiv(n); p++)
            cr_assert(fabs(L[p] - B[p]) < 1e-13, "n=%d p=%d", n, p);
        ak_nd_biv_split(n, U, th, B);
        cr_assert(fabs(th[0] - 1.1) < 1e-13 && fabs(th[1] - 0.4) < 1e-13, "n=%d: %g %g", n, th[0],
                  th[1]);
        cr_assert(fabs(fabs(U[0][ak_nd_biv_index(n, 0, 1, &s)]) - 1.0) < 1e-13);
        cr_assert(fabs(fabs(U[1][ak_nd_biv_index(n, 2, 3, &s)]) - 1.0) < 1e-13);
    }
}
