// Unit tests of ref/ga/ga4: exact values and random comparison with the generic algebra.
#include <criterion/criterion.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "ref/ga/cl.h"
#include "ref/ga/ga4.h"
#include "ref/ga/nd.h"

#define TOL_ROUNDOFF 1e-13  ///< products of O(1) components
#define TOL_TRANSCEND 1e-12 ///< libm functions and square roots

static double uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }

static void assert_rotor(ak_rotor4 got, const double want[8], double tol) {
    double g[8];
    memcpy(g, &got, sizeof g);
    for (int i = 0; i < 8; i++)
        cr_assert(fabs(g[i] - want[i]) <= tol, "component %d: %.17g vs %.17g", i, g[i], want[i]);
}

Test(ga4, wedge_and_contract_by_hand) {
    ak_biv4 b = ak_ga4_wedge((ak_vec4){ 1, 0, 0, 0 }, (ak_vec4){ 0, 1, 0, 0 });
    cr_assert(b.xy == 1 && b.xz == 0 && b.zw == 0);
    b = ak_ga4_wedge((ak_vec4){ 0, 0, 0, 1 }, (ak_vec4){ 0, 0, 1, 0 });
    cr_assert(b.zw == -1);
    ak_vec4 v = ak_ga4_contract((ak_vec4){ 0, 1, 0, 0 },
                                (ak_biv4){ 1, 0, 0, 0, 0, 0 }); // e_y _| e_xy = -e_x
    cr_assert(v.x == -1 && v.y == 0 && v.z == 0 && v.w == 0);
}

Test(ga4, exp_of_double_rotation_is_exact) {
    // exp(a e_xy + b e_zw) = cos a cos b + sin a cos b e_xy + cos a sin b e_zw + sin a sin b e_xyzw
    double a = 2.9, b = -1.3;
    double want[8] = { cos(a) * cos(b), sin(a) * cos(b), 0, 0, 0, 0,
                       cos(a) * sin(b), sin(a) * sin(b) };
    assert_rotor(ak_ga4_rotor_exp((ak_biv4){ a, 0, 0, 0, 0, b }), want, TOL_TRANSCEND);
    // isoclinic: a = b
    double want2[8] = { cos(a) * cos(a), sin(a) * cos(a), 0, 0, 0, 0,
                        cos(a) * sin(a), sin(a) * sin(a) };
    assert_rotor(ak_ga4_rotor_exp((ak_biv4){ a, 0, 0, 0, 0, a }), want2, TOL_TRANSCEND);
    double one[8] = { 1, 0, 0, 0, 0, 0, 0, 0 };
    assert_rotor(ak_ga4_rotor_exp((ak_biv4){ 0 }), one, 0.0);
}

Test(ga4, split_of_a_known_double_rotation) {
    ak_biv4 b1, b2;
    double t1, t2;
    ak_ga4_biv_split(&b1, &b2, &t1, &t2, (ak_biv4){ 1, 0, 0, 0, 0, 2 });
    cr_assert(fabs(t1 - 2) < TOL_ROUNDOFF && fabs(t2 - 1) < TOL_ROUNDOFF);
    cr_assert(fabs(b1.zw - 2) < TOL_ROUNDOFF && fabs(b1.xy) < TOL_ROUNDOFF);
    cr_assert(fabs(b2.xy - 1) < TOL_ROUNDOFF && fabs(b2.zw) < TOL_ROUNDOFF);
}

Test(ga4, log_inverts_exp) {
    ak_biv4 B = { 0.3, -0.2, 0.5, 0.1, 0.4, -0.6 };
    ak_biv4 L = ak_ga4_rotor_log(ak_ga4_rotor_exp(B));
    cr_assert(fabs(L.xy - B.xy) < TOL_TRANSCEND && fabs(L.zw - B.zw) < TOL_TRANSCEND &&
              fabs(L.yw - B.yw) < TOL_TRANSCEND);
    ak_biv4 Z = ak_ga4_rotor_log(ak_ga4_rotor_identity());
    cr_assert(Z.xy == 0 && Z.zw == 0);
    // -1 = exp(pi e_xy): the log has th1 + |th2| = pi
    ak_rotor4 m1 = { -1, 0, 0, 0, 0, 0, 0, 0 };
    double got[8], want[8] = { -1, 0, 0, 0, 0, 0, 0, 0 };
    ak_rotor4 back = ak_ga4_rotor_exp(ak_ga4_rotor_log(m1));
    memcpy(got, &back, sizeof got);
    for (int i = 0; i < 8; i++) cr_assert(fabs(got[i] - want[i]) < TOL_TRANSCEND);
}

Test(ga4, renormalize_projects_onto_spin4) {
    ak_rotor4 R = ak_ga4_rotor_exp((ak_biv4){ 0.4, 0.1, -0.3, 0.2, 0.5, 0.7 });
    double want[8];
    memcpy(want, &R, sizeof want);
    ak_rotor4 D = R;
    D.s *= 1.02;
    D.xyzw += 0.01;
    ak_rotor4 P = ak_ga4_rotor_renormalize(D);
    ak_rotor4 PP = ak_ga4_rotor_mul(P, ak_ga4_rotor_reverse(P));
    double one[8] = { 1, 0, 0, 0, 0, 0, 0, 0 };
    assert_rotor(PP, one, TOL_ROUNDOFF);
    assert_rotor(ak_ga4_rotor_renormalize(R), want, TOL_ROUNDOFF);
    // a pure scale is removed exactly
    ak_rotor4 S = {
        2 * R.s, 2 * R.xy, 2 * R.xz, 2 * R.xw, 2 * R.yz, 2 * R.yw, 2 * R.zw, 2 * R.xyzw
    };
    assert_rotor(ak_ga4_rotor_renormalize(S), want, TOL_ROUNDOFF);
}

Test(ga4, from_frames_and_status) {
    ak_vec4 e[4] = { { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 }, { 0, 0, 0, 1 } };
    ak_vec4 to[4] = {
        { 0, 0, 0, 1 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 }, { -1, 0, 0, 0 }
    }; // x -> w, w -> -x
    ak_rotor4 R;
    cr_assert_eq(ak_ga4_rotor_from_frames(&R, e, to), AK_GA_OK);
    for (int i = 0; i < 4; i++) {
        ak_vec4 v = ak_ga4_rotor_apply(R, e[i]);
        cr_assert(fabs(v.x - to[i].x) < TOL_TRANSCEND && fabs(v.w - to[i].w) < TOL_TRANSCEND);
    }
    ak_vec4 refl[4] = { { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 }, { 0, 0, 0, -1 } };
    cr_assert_eq(ak_ga4_rotor_from_frames(&R, e, refl), AK_GA_EIMPROPER);
    ak_vec4 bad[4] = { { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 0, 0, 1, 0 }, { 0, 0, 0, 2 } };
    cr_assert_eq(ak_ga4_rotor_from_frames(&R, e, bad), AK_GA_EFRAME);
}

Test(ga4, kernels_match_generic_algebra_1e4) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    for (int s = 0; s < 10000; s++) {
        double p[8], q[8], x[4], b[6], got[8], want[8];
        for (int i = 0; i < 8; i++) {
            p[i] = uni(r);
            q[i] = uni(r);
        }
        for (int i = 0; i < 4; i++) x[i] = uni(r);
        for (int i = 0; i < 6; i++) b[i] = uni(r);
        ak_rotor4 P, Q;
        memcpy(&P, p, sizeof P);
        memcpy(&Q, q, sizeof Q);
        ak_cl_mv cp, cq, cpr, t, cx;
        ak_cl_from_even(&cp, 4, p);
        ak_cl_from_even(&cq, 4, q);
        ak_cl_gp(&t, &cp, &cq);
        ak_cl_to_even(want, 4, &t);
        ak_rotor4 PQ = ak_ga4_rotor_mul(P, Q);
        memcpy(got, &PQ, sizeof got);
        for (int i = 0; i < 8; i++) cr_assert(fabs(got[i] - want[i]) < TOL_ROUNDOFF);
        ak_cl_reverse(&cpr, &cp);
        ak_cl_from_vec(&cx, 4, x);
        ak_cl_gp(&t, &cp, &cx);
        ak_cl_gp(&t, &t, &cpr);
        ak_vec4 y = ak_ga4_rotor_apply(P, (ak_vec4){ x[0], x[1], x[2], x[3] });
        cr_assert(fabs(y.x - t.c[1]) < TOL_ROUNDOFF && fabs(y.y - t.c[2]) < TOL_ROUNDOFF &&
                  fabs(y.z - t.c[4]) < TOL_ROUNDOFF && fabs(y.w - t.c[8]) < TOL_ROUNDOFF);
        ak_cl_mv cb;
        ak_cl_from_biv(&cb, 4, b);
        for (int i = 0; i < 6; i++) b[i] *= 3.0;
        ak_cl_from_biv(&cb, 4, b);
        ak_cl_exp(&t, &cb);
        ak_cl_to_even(want, 4, &t);
        ak_rotor4 E = ak_ga4_rotor_exp((ak_biv4){ b[0], b[1], b[2], b[3], b[4], b[5] });
        memcpy(got, &E, sizeof got);
        for (int i = 0; i < 8; i++) cr_assert(fabs(got[i] - want[i]) < TOL_TRANSCEND);
    }
    gsl_rng_free(r);
}
