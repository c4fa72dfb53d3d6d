// Unit tests of ref/ga/cl (the generic Clifford algebra): exact, hand-worked values.
#include <criterion/criterion.h>
#include <math.h>

#include "ref/ga/cl.h"

#define X 1u
#define Y 2u
#define Z 4u
#define W 8u
#define TOL_SERIES 1e-15 ///< exp by series vs the closed form (a few ulps of numbers <= 1)

static ak_cl_mv e(int p, int q, int r, unsigned mask, double s) {
    ak_cl_mv m;
    cr_assert_eq(ak_cl_blade(&m, p, q, r, mask, s), AK_CL_OK);
    return m;
}

// Asserts that a is exactly s e_mask and nothing else.
static void assert_blade(const ak_cl_mv *a, unsigned mask, double s) {
    for (unsigned m = 0; m < (1u << ak_cl_dim(a)); m++)
        cr_assert_eq(a->c[m], m == mask ? s : 0.0, "blade %u: got %g want %g", m, a->c[m],
                     m == mask ? s : 0.0);
}

Test(cl, bad_signature_is_rejected) {
    ak_cl_mv a, b;
    cr_assert_eq(ak_cl_zero(&a, 8, 0, 0), AK_CL_EDIM);
    cr_assert_eq(ak_cl_zero(&a, -1, 0, 0), AK_CL_EDIM);
    cr_assert_eq(ak_cl_blade(&a, 3, 0, 0, 8u, 1.0), AK_CL_EDIM);
    a = e(3, 0, 0, X, 1);
    b = e(4, 0, 0, X, 1);
    cr_assert_eq(ak_cl_gp(&a, &a, &b), AK_CL_ESIG);
    cr_assert_eq(ak_cl_max_abs(&a), 0.0);
}

Test(cl, e1e2e1_is_minus_e2) {
    ak_cl_mv x = e(3, 0, 0, X, 1), y = e(3, 0, 0, Y, 1), t;
    ak_cl_gp(&t, &x, &y);
    assert_blade(&t, X | Y, 1);
    ak_cl_gp(&t, &t, &x);
    assert_blade(&t, Y, -1);
}

Test(cl, basis_squares_follow_the_signature) {
    // Cl(1,1,1): bit 0 null, bit 1 positive, bit 2 negative.
    ak_cl_mv t;
    for (int i = 0; i < 3; i++) {
        ak_cl_mv v = e(1, 1, 1, 1u << i, 1);
        ak_cl_gp(&t, &v, &v);
        assert_blade(&t, 0, i == 0 ? 0.0 : i == 1 ? 1.0 : -1.0);
    }
}

Test(cl, pga_null_vector_squares_to_zero) {
    // 3D PGA Cl(3,0,1): e0 = bit 0 null, e1..e3 = bits 1..3.
    ak_cl_mv e0 = e(3, 0, 1, 1u, 1), e1 = e(3, 0, 1, 2u, 1), e01, t;
    ak_cl_gp(&t, &e0, &e0);
    assert_blade(&t, 0, 0.0);
    ak_cl_gp(&e01, &e0, &e1);
    ak_cl_gp(&t, &e01, &e01); // e01 e01 = -e0 e0 e1 e1 = 0
    assert_blade(&t, 0, 0.0);
    ak_cl_op(&t, &e0, &e1);
    assert_blade(&t, 3u, 1);
    // The pseudoscalar e0123 squares to 0 but is dualisable: dual(e0) = e123, undual back.
    ak_cl_dual(&t, &e0);
    assert_blade(&t, 14u, 1);
    ak_cl_undual(&t, &t);
    assert_blade(&t, 1u, 1);
}

Test(cl, outer_and_contractions_by_hand) {
    ak_cl_mv x = e(4, 0, 0, X, 1), y = e(4, 0, 0, Y, 1), z = e(4, 0, 0, Z, 1), t, xy, xyz;
    ak_cl_op(&xy, &x, &y);
    ak_cl_op(&t, &y, &x);
    assert_blade(&t, X | Y, -1); // T-2.1
    ak_cl_op(&t, &x, &x);
    assert_blade(&t, 0, 0); // T-2.2
    ak_cl_op(&xyz, &xy, &z);
    assert_blade(&xyz, X | Y | Z, 1);
    ak_cl_lc(&t, &x, &xy); // e_x _| e_xy = e_y
    assert_blade(&t, Y, 1);
    ak_cl_lc(&t, &y, &xy); // e_y _| e_xy = -e_x
    assert_blade(&t, X, -1);
    ak_cl_lc(&t, &xy, &x); // higher grade into lower: 0
    assert_blade(&t, 0, 0);
    ak_cl_lc(&t, &z, &xy); // orthogonal: 0
    assert_blade(&t, 0, 0);
    ak_cl_rc(&t, &xy, &y); // e_xy |_ e_y = e_x
    assert_blade(&t, X, 1);
    ak_cl_rc(&t, &xy, &x); // e_xy |_ e_x = -e_y
    assert_blade(&t, Y, -1);
    ak_cl_lc(&t, &xy, &xyz); // e_xy _| e_xyz = e_xy e_xyz = -e_z
    assert_blade(&t, Z, -1);
    cr_assert_eq(ak_cl_sp(&xy, &xy), -1.0);
    ak_cl_mv yx;
    ak_cl_gp(&yx, &y, &x);
    cr_assert_eq(ak_cl_sp(&xy, &yx), 1.0);
}

Test(cl, involutions_by_grade) {
    ak_cl_mv a, t;
    ak_cl_zero(&a, 4, 0, 0);
    for (unsigned m = 0; m < 16; m++) a.c[m] = 1.0;
    ak_cl_reverse(&t, &a);
    for (unsigned m = 0; m < 16; m++) {
        int g = ak_cl_grade(m);
        cr_assert_eq(t.c[m], (g == 2 || g == 3) ? -1.0 : 1.0);
    }
    ak_cl_involute(&t, &a);
    for (unsigned m = 0; m < 16; m++) cr_assert_eq(t.c[m], (ak_cl_grade(m) % 2) ? -1.0 : 1.0);
    ak_cl_conjugate(&t, &a);
    for (unsigned m = 0; m < 16; m++) {
        int g = ak_cl_grade(m);
        cr_assert_eq(t.c[m], (g == 1 || g == 2) ? -1.0 : 1.0);
    }
    ak_cl_grade_part(&t, &a, 2);
    for (unsigned m = 0; m < 16; m++) cr_assert_eq(t.c[m], ak_cl_grade(m) == 2 ? 1.0 : 0.0);
}

Test(cl, duals_in_4d) {
    // Hodge dual: e_A ^ dual(e_A) = I.  dual(e_x) = e_yzw, dual(e_y) = -e_xzw, dual(e_xy) = e_zw,
    // dual(e_xz) = -e_yw, dual(e_xyz) = e_w, dual(1) = I, dual(I) = 1.
    struct {
        unsigned in, out;
        double s;
    } want[] = { { X, Y | Z | W, 1 },  { Y, X | Z | W, -1 }, { Z, X | Y | W, 1 },
                 { W, X | Y | Z, -1 }, { X | Y, Z | W, 1 },  { X | Z, Y | W, -1 },
                 { X | W, Y | Z, 1 },  { Y | Z, X | W, 1 },  { Y | W, X | Z, -1 },
                 { Z | W, X | Y, 1 },  { X | Y | Z, W, 1 },  { X | Y | W, Z, -1 },
                 { 0, 15, 1 },         { 15, 0, 1 } };
    ak_cl_mv I = e(4, 0, 0, 15, 1);
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        ak_cl_mv a = e(4, 0, 0, want[k].in, 1), d, u, w, rI;
        ak_cl_dual(&d, &a);
        assert_blade(&d, want[k].out, want[k].s);
        ak_cl_op(&w, &a, &d);
        assert_blade(&w, 15, 1);
        ak_cl_undual(&u, &d);
        assert_blade(&u, want[k].in, 1);
        ak_cl_reverse(&rI, &a); // Euclidean: dual(a) = reverse(a) I
        ak_cl_gp(&rI, &rI, &I);
        assert_blade(&rI, want[k].out, want[k].s);
    }
    // The thesis' dual (T-2.dual) is the product with I: e_xyz e_xyzw = -e_w, e_yzw I = e_x.
    ak_cl_mv t, a = e(4, 0, 0, X | Y | Z, 1), b = e(4, 0, 0, Y | Z | W, 1);
    ak_cl_gp(&t, &a, &I);
    assert_blade(&t, W, -1);
    ak_cl_gp(&t, &b, &I);
    assert_blade(&t, X, 1);
}

Test(cl, regressive_product_meets_planes) {
    // In 3D (Euclidean algebra, used projectively): e_xy v e_yz = dual-meet = e_y up to sign.
    ak_cl_mv a = e(3, 0, 0, X | Y, 1), b = e(3, 0, 0, Y | Z, 1), t;
    ak_cl_rp(&t, &a, &b);
    // dual(e_xy) = e_z, dual(e_yz) = e_x, e_z ^ e_x = -e_xz, undual(e_xz) = -e_y  ->  e_y.
    assert_blade(&t, Y, 1);
    ak_cl_mv I = e(3, 0, 0, 7, 2);
    ak_cl_rp(&t, &I, &a); // I v A = A (I scaled by 2)
    assert_blade(&t, X | Y, 2);
}

Test(cl, norm_and_versor_inverse) {
    ak_cl_mv v, inv, t;
    ak_cl_zero(&v, 4, 0, 0);
    v.c[X] = 3;
    v.c[Y] = 4;
    cr_assert_eq(ak_cl_norm(&v), 5.0);
    cr_assert_eq(ak_cl_versor_inverse(&inv, &v), AK_CL_OK);
    ak_cl_gp(&t, &v, &inv);
    cr_assert(fabs(t.c[0] - 1.0) < 1e-15 && fabs(t.c[X | Y]) < 1e-15);
    // 1 + e_xy + e_zw + e_xyzw is not a versor-like element: v v~ has a grade-4 part.
    ak_cl_mv nv;
    ak_cl_zero(&nv, 4, 0, 0);
    nv.c[0] = 1;
    nv.c[X | Y] = 1;
    nv.c[Z | W] = 2;
    cr_assert_eq(ak_cl_versor_inverse(&inv, &nv), AK_CL_ENOTVERSOR);
    ak_cl_mv n0 = e(3, 0, 1, 1u, 1); // null vector: no inverse
    cr_assert_eq(ak_cl_versor_inverse(&inv, &n0), AK_CL_ENOTVERSOR);
}

Test(cl, exp_of_simple_and_double_bivectors) {
    // exp(t e_xy) = cos t + sin t e_xy; exp(a e_xy + b e_zw) = (cos a + sin a e_xy)(cos b + sin b e_zw).
    double a = 2.7, b = -0.9;
    ak_cl_mv B, R;
    ak_cl_zero(&B, 4, 0, 0);
    B.c[X | Y] = a;
    ak_cl_exp(&R, &B);
    cr_assert(fabs(R.c[0] - cos(a)) < TOL_SERIES && fabs(R.c[X | Y] - sin(a)) < TOL_SERIES);
    B.c[Z | W] = b;
    ak_cl_exp(&R, &B);
    double want[16] = { 0 };
    want[0] = cos(a) * cos(b);
    want[X | Y] = sin(a) * cos(b);
    want[Z | W] = cos(a) * sin(b);
    want[15] = sin(a) * sin(b);
    for (unsigned m = 0; m < 16; m++) cr_assert(fabs(R.c[m] - want[m]) < TOL_SERIES, "blade %u", m);
    // Hyperbolic: e_0 e_1 in Cl(1,1,0) squares to +1, exp(t e01) = cosh t + sinh t e01.
    ak_cl_zero(&B, 1, 1, 0);
    B.c[3] = 1.5;
    ak_cl_exp(&R, &B);
    cr_assert(fabs(R.c[0] - cosh(1.5)) < 4 * TOL_SERIES &&
              fabs(R.c[3] - sinh(1.5)) < 4 * TOL_SERIES);
    // Degenerate: exp(t e01) in PGA = 1 + t e01 exactly (a translator).
    ak_cl_zero(&B, 3, 0, 1);
    B.c[3] = 0.75;
    ak_cl_exp(&R, &B);
    cr_assert(fabs(R.c[0] - 1.0) < TOL_SERIES && fabs(R.c[3] - 0.75) < TOL_SERIES);
}

Test(cl, even_layout_matches_the_rotor_order) {
    unsigned m[64];
    cr_assert_eq(ak_cl_even_masks(4, m), 8);
    unsigned want[8] = { 0, X | Y, X | Z, X | W, Y | Z, Y | W, Z | W, 15 };
    for (int i = 0; i < 8; i++) cr_assert_eq(m[i], want[i]);
    cr_assert_eq(ak_cl_even_masks(5, m), 16);
    cr_assert_eq(m[15], 30u); // yzwv
    cr_assert_eq(ak_cl_even_masks(7, m), 64);
}
