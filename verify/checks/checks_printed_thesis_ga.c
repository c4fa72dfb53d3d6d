// Torres' thesis, ch. 2 (Into Another Dimension, Princeton 2022, §2.1-2.2), evaluated as printed
// where the ga.thesis.* checks evaluate only part of a printed statement: every member of a
// printed chain on its own (eqs. 2.7, 2.10, 2.18), the printed symbol of the duals ("."), the
// printed composition R_2(R_1 a R_1^+)R_2^+ = (R_2R_1) a (R_1^+ R_2^+), any vector a in eq. 2.20
// (not only one of the two vectors of the rotor), R = mn as printed in the simple-rotor claim,
// orthogonal multivectors of every grade in eq. 2.12, and every grade triple in eqs. 2.14/2.15.
// The reference is the generic algebra ref/ga/cl.h and independent definitions: the norm
// ||A||^2 is the sum of the squared coefficients on the orthonormal basis blades, the reverse
// of a blade a_1 ^ ... ^ a_r is a_r ^ ... ^ a_1 (the printed definition: the order of the
// vectors reversed), the cross product is the 3D one.
#include "verify/checks/checks_printed.h"
#include "verify/checks/checks_ga_common.h"

// A random homogeneous multivector of grade g in Cl(4,0,0), supported on the basis vectors in
// `mask` only (15: all of them).
static void rand_homog_in(gsl_rng *r, ak_cl_mv *out, int g, unsigned mask) {
    ak_cl_zero(out, 4, 0, 0);
    for (unsigned m = 0; m < 16; m++)
        if (ak_cl_grade(m) == g && (m & ~mask) == 0) out->c[m] = ga_uni(r);
}

// The printed norm: ||A||^2, the sum of the squared coefficients on the orthonormal blades.
static double norm2(const ak_cl_mv *A) {
    double s = 0;
    for (unsigned m = 0; m < 16; m++) s += A->c[m] * A->c[m];
    return s;
}

// <A B>_0 from the geometric product (the inner product of two equal grades, "A . B").
static double scalar_of_gp(const ak_cl_mv *A, const ak_cl_mv *B) {
    ak_cl_mv t;
    ak_cl_gp(&t, A, B);
    return t.c[0];
}

static void sandwich(ak_cl_mv *out, const ak_cl_mv *R, const ak_cl_mv *a, const ak_cl_mv *Rd) {
    ak_cl_mv t;
    ak_cl_gp(&t, R, a);
    ak_cl_gp(out, &t, Rd);
}

static void cross3(double o[3], const double a[3], const double b[3]) {
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

static void unit_vec(gsl_rng *r, double v[4]) {
    double l;
    do {
        ga_rand_vec(r, 4, v);
        l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
    } while (l < 0.1);
    for (int i = 0; i < 4; i++) v[i] /= l;
}

// Eqs. 2.7 and 2.10, "A_r _| A_r = A_r . A_r = ||A_r||^2" and the same with |_: each "=" on its
// own, for homogeneous A_r of every grade (blades and, for r = 2, non-blades).
static void t2_7_10(ak_check_ctx *c, gsl_rng *r, long N) {
    double first[5] = { 0 }, second[5] = { 0 }, rfirst[5] = { 0 };
    for (int g = 1; g <= 4; g++)
        for (long s = 0; s < N; s++) {
            ak_cl_mv A, t;
            rand_homog_in(r, &A, g, 15u);
            double dot = scalar_of_gp(&A, &A); // A_r . A_r: the scalar part of A_r A_r
            ak_cl_lc(&t, &A, &A);
            first[g] = fmax(first[g], fabs(t.c[0] - dot) + fabs(ak_cl_max_abs(&t) - fabs(t.c[0])));
            ak_cl_rc(&t, &A, &A);
            rfirst[g] =
                fmax(rfirst[g], fabs(t.c[0] - dot) + fabs(ak_cl_max_abs(&t) - fabs(t.c[0])));
            second[g] = fmax(second[g], fabs(dot - norm2(&A)));
        }
    double f = 0, rf = 0;
    for (int g = 1; g <= 4; g++) f = fmax(f, first[g]), rf = fmax(rf, rfirst[g]);
    ga_verdict(c, true, f, TOL_ROUNDOFF,
               "T-2.7 first \"=\": A_r _| A_r = A_r . A_r (= <A_r A_r>_0), r = 1..4");
    ga_verdict(c, true, fmax(second[1], second[4]), TOL_ROUNDOFF,
               "T-2.7 second \"=\": A_r . A_r = ||A_r||^2 for r = 1, 4");
    ga_verdict(c, false, second[2], TOL_ROUNDOFF,
               "T-2.7 second \"=\" for r = 2 (e_xy . e_xy = -1)");
    ga_verdict(c, false, second[3], TOL_ROUNDOFF,
               "T-2.7 second \"=\" for r = 3 (e_xyz . e_xyz = -1)");
    ga_verdict(c, true, rf, TOL_ROUNDOFF,
               "T-2.10 first \"=\": A_r |_ A_r = A_r . A_r (= <A_r A_r>_0), r = 1..4");
    ga_verdict(c, false, fmax(second[2], second[3]), TOL_ROUNDOFF,
               "T-2.10 second \"=\" (the same member as T-2.7's) for r = 2, 3");
    ak_value(c, "T-2.7_second_eq_r2", second[2]);
    ak_value(c, "T-2.7_second_eq_r3", second[3]);
    // the exact case: e_xy _| e_xy = e_xy . e_xy = -1, ||e_xy||^2 = 1
    ak_cl_mv E, t;
    ak_cl_blade(&E, 4, 0, 0, 3u, 1.0);
    ak_cl_lc(&t, &E, &E);
    ak_expect(c, t.c[0] == -1.0 && scalar_of_gp(&E, &E) == -1.0 && norm2(&E) == 1.0,
              "e_xy _| e_xy = %g, e_xy . e_xy = %g, ||e_xy||^2 = %g", t.c[0], scalar_of_gp(&E, &E),
              norm2(&E));
}

// Eq. 2.12 for orthogonal multivectors of every pair of grades: A_r in the algebra of a
// k-dimensional subspace U, B_s in that of its orthogonal complement, both turned by a random
// rotor; A_r B_s = A_r ^ B_s. Eqs. 2.14 and 2.15 for every grade triple 0..4.
static void t2_12_14_15(ak_check_ctx *c, gsl_rng *r, long N) {
    double d12 = 0, d14 = 0, d15 = 0;
    int pairs = 0;
    for (int k = 1; k <= 3; k++)
        for (int g = 1; g <= k; g++)
            for (int h = 1; h <= 4 - k; h++) {
                pairs++;
                for (long s = 0; s < N; s++) {
                    ak_cl_mv R, Rd, A, B, gp, op;
                    ga_rand_rotor_cl(r, 4, &R);
                    ak_cl_reverse(&Rd, &R);
                    rand_homog_in(r, &A, g, (1u << k) - 1u);
                    rand_homog_in(r, &B, h, 15u & ~((1u << k) - 1u));
                    sandwich(&A, &R, &A, &Rd);
                    sandwich(&B, &R, &B, &Rd);
                    ak_cl_gp(&gp, &A, &B);
                    ak_cl_op(&op, &A, &B);
                    d12 = fmax(d12, ak_cl_dist(&gp, &op));
                }
            }
    for (int g = 0; g <= 4; g++)
        for (int h = 0; h <= 4; h++)
            for (int k = 0; k <= 4; k++)
                for (long s = 0; s < N / 10 + 1; s++) {
                    ak_cl_mv A, B, C, t1, t2, t3;
                    rand_homog_in(r, &A, g, 15u);
                    rand_homog_in(r, &B, h, 15u);
                    rand_homog_in(r, &C, k, 15u);
                    ak_cl_add(&t1, &B, &C);
                    ak_cl_gp(&t1, &A, &t1);
                    ak_cl_gp(&t2, &A, &B);
                    ak_cl_gp(&t3, &A, &C);
                    ak_cl_add(&t2, &t2, &t3);
                    d14 = fmax(d14, ak_cl_dist(&t1, &t2));
                    ak_cl_gp(&t1, &B, &C);
                    ak_cl_gp(&t1, &A, &t1);
                    ak_cl_gp(&t2, &A, &B);
                    ak_cl_gp(&t2, &t2, &C);
                    d15 = fmax(d15, ak_cl_dist(&t1, &t2));
                }
    ga_verdict(c, true, d12, TOL_ROUNDOFF,
               "T-2.12 A_r B_s = A_r ^ B_s for orthogonal homogeneous multivectors, every grade "
               "pair with r + s <= 4");
    ga_verdict(c, true, d14, TOL_ROUNDOFF,
               "T-2.14 A_r (B_s + C_t) = A_r B_s + A_r C_t, r, s, t = 0..4");
    ga_verdict(c, true, d15, TOL_ROUNDOFF, "T-2.15 A_r (B_s C_t) = (A_r B_s) C_t, r, s, t = 0..4");
    ak_note(c, "T-2.12: %d (subspace dimension, r, s) cases, %ld samples each", pairs, N);
}

// The printed duals "e_A . e_xyzw": the text says geometric product with the pseudoscalar; the
// display writes ".". Both readings (geometric product; left contraction; the grade-|r-s| part
// of the product) give the printed right-hand sides.
static void t2_dual(ak_check_ctx *c) {
    static const struct {
        unsigned in, out;
        double s;
    } printed[] = { { 7u, 8u, -1 }, { 11u, 4u, 1 }, { 13u, 2u, -1 }, { 14u, 1u, 1 } };
    ak_cl_mv I;
    ak_cl_blade(&I, 4, 0, 0, 15u, 1.0);
    double dgp = 0, dlc = 0, dg1 = 0;
    for (int k = 0; k < 4; k++) {
        ak_cl_mv A, t, want;
        ak_cl_blade(&A, 4, 0, 0, printed[k].in, 1.0);
        ak_cl_blade(&want, 4, 0, 0, printed[k].out, printed[k].s);
        ak_cl_gp(&t, &A, &I);
        dgp = fmax(dgp, ak_cl_dist(&t, &want));
        ak_cl_mv g1;
        ak_cl_grade_part(&g1, &t, 1);
        dg1 = fmax(dg1, ak_cl_dist(&g1, &want));
        ak_cl_lc(&t, &A, &I);
        dlc = fmax(dlc, ak_cl_dist(&t, &want));
    }
    ga_verdict(c, true, fmax(fmax(dgp, dlc), dg1), TOL_EXACT,
               "T-2.dual e_xyz.I = -e_w, e_xyw.I = e_z, e_xzw.I = -e_y, e_yzw.I = e_x with \".\" "
               "read as the geometric product, the left contraction or the grade-1 part");
}

// Eq. 2.16 with the printed definition of reversion (the order of the vectors of a product
// reversed): for A_r a sum of three r-blades a_1 ^ ... ^ a_r, A_r^+ = sum a_r ^ ... ^ a_1 equals
// (-1)^(r(r-1)/2) A_r; and the printed example (e_x ^ e_y)^+ = e_y ^ e_x = -(e_x ^ e_y).
static void t2_16(ak_check_ctx *c, gsl_rng *r, long N) {
    double dev = 0;
    for (int g = 1; g <= 4; g++)
        for (long s = 0; s < N; s++) {
            ak_cl_mv A, Ad;
            ak_cl_zero(&A, 4, 0, 0);
            ak_cl_zero(&Ad, 4, 0, 0);
            for (int b = 0; b < 3; b++) {
                ak_cl_mv v[4], fw, bw;
                for (int i = 0; i < g; i++) {
                    double x[4];
                    ga_rand_vec(r, 4, x);
                    ak_cl_from_vec(&v[i], 4, x);
                }
                ak_cl_blade(&fw, 4, 0, 0, 0u, 1.0);
                ak_cl_blade(&bw, 4, 0, 0, 0u, 1.0);
                for (int i = 0; i < g; i++) {
                    ak_cl_op(&fw, &fw, &v[i]);
                    ak_cl_op(&bw, &bw, &v[g - 1 - i]);
                }
                ak_cl_add(&A, &A, &fw);
                ak_cl_add(&Ad, &Ad, &bw);
            }
            ak_cl_mv t;
            ak_cl_scale(&t, &A, ((g * (g - 1) / 2) % 2) ? -1.0 : 1.0);
            dev = fmax(dev, ak_cl_dist(&t, &Ad));
        }
    ak_cl_mv ex, ey, xy, yx;
    ak_cl_blade(&ex, 4, 0, 0, 1u, 1.0);
    ak_cl_blade(&ey, 4, 0, 0, 2u, 1.0);
    ak_cl_op(&xy, &ex, &ey);
    ak_cl_op(&yx, &ey, &ex);
    ak_cl_scale(&xy, &xy, -1.0);
    ga_verdict(c, true, fmax(dev, ak_cl_dist(&xy, &yx)), TOL_ROUNDOFF,
               "T-2.16 A_r^+ = (-1)^(r(r-1)/2) A_r with ^+ the reversed order of the factors "
               "(sums of r-blades, r = 1..4), and (e_x ^ e_y)^+ = e_y ^ e_x = -(e_x ^ e_y)");
}

// Eq. 2.18, "(a x b) x c => -c x (a x b) = c _| (a ^ b)": both members on the right, each "=" on
// its own, against 3D cross products.
static void t2_18(ak_check_ctx *c, gsl_rng *r, long N) {
    double d1 = 0, d2 = 0;
    for (long s = 0; s < N; s++) {
        double a[3], b[3], cc[3], ab[3], lhs[3], mid[3], g[3];
        ga_rand_vec(r, 3, a);
        ga_rand_vec(r, 3, b);
        ga_rand_vec(r, 3, cc);
        cross3(ab, a, b);
        cross3(lhs, ab, cc); // (a x b) x c
        cross3(mid, cc, ab); // c x (a x b)
        for (int i = 0; i < 3; i++) mid[i] = -mid[i];
        ak_cl_mv A, B, C, w, x;
        ak_cl_from_vec(&A, 3, a);
        ak_cl_from_vec(&B, 3, b);
        ak_cl_from_vec(&C, 3, cc);
        ak_cl_op(&w, &A, &B);
        ak_cl_lc(&x, &C, &w);
        ak_cl_to_vec(g, 3, &x);
        for (int i = 0; i < 3; i++)
            d1 = fmax(d1, fabs(lhs[i] - mid[i])), d2 = fmax(d2, fabs(mid[i] - g[i]));
    }
    ga_verdict(c, true, d1, TOL_ROUNDOFF, "T-2.18 first: (a x b) x c = -c x (a x b)");
    ga_verdict(c, true, d2, TOL_ROUNDOFF, "T-2.18 second: -c x (a x b) = c _| (a ^ b)");
}

// Eqs. 2.19, 2.20 and the text after them: R = nm, a' = R a R^+ for ANY vector a (the part of a
// in the plane m ^ n turns by twice the angle between m and n, the part orthogonal to it stays);
// a multivector a ^ b turns as (R a R^+) ^ (R b R^+); composition as printed,
// R_2(R_1 a R_1^+)R_2^+ = (R_2 R_1) a (R_1^+ R_2^+), with simple and with general rotors.
// Then the simple-rotor claims of §2.2, with R = mn as printed there.
static void t2_19_20_simple(ak_check_ctx *c, gsl_rng *r, long N) {
    double d_angle = 0, d_perp = 0, d_plane = 0, d_multi = 0, d_comp = 0, max_scalar = 0,
           max_ps = 0;
    long full = 0, products = 0;
    for (long s = 0; s < N; s++) {
        double m[4], n[4], a[4], b[4];
        unit_vec(r, m);
        unit_vec(r, n);
        ga_rand_vec(r, 4, a);
        ga_rand_vec(r, 4, b);
        ak_cl_mv M, N4, A, B, R, Rd, Ap, Bp;
        ak_cl_from_vec(&M, 4, m);
        ak_cl_from_vec(&N4, 4, n);
        ak_cl_from_vec(&A, 4, a);
        ak_cl_from_vec(&B, 4, b);
        ak_cl_gp(&R, &N4, &M); // (2.19) R = nm
        ak_cl_reverse(&Rd, &R);
        sandwich(&Ap, &R, &A, &Rd); // (2.20) a' = R a R^+
        // an orthonormal pair (e1, e2) of the plane m ^ n (Gram-Schmidt), a = a_par + a_perp
        double mn = 0, e2[4], l2 = 0, ap[4];
        for (int i = 0; i < 4; i++) mn += m[i] * n[i];
        for (int i = 0; i < 4; i++) e2[i] = n[i] - mn * m[i], l2 += e2[i] * e2[i];
        if (l2 < 1e-6) continue; // m, n (anti)parallel: no plane
        for (int i = 0; i < 4; i++) e2[i] /= sqrt(l2);
        ak_cl_to_vec(ap, 4, &Ap);
        double a1 = 0, a2 = 0, p1 = 0, p2 = 0;
        for (int i = 0; i < 4; i++) a1 += a[i] * m[i], a2 += a[i] * e2[i];
        for (int i = 0; i < 4; i++) p1 += ap[i] * m[i], p2 += ap[i] * e2[i];
        for (int i = 0; i < 4; i++)
            d_perp = fmax(d_perp,
                          fabs((ap[i] - p1 * m[i] - p2 * e2[i]) - (a[i] - a1 * m[i] - a2 * e2[i])));
        // the in-plane part turned by 2 theta, theta = the angle between m and n
        double th = acos(fmax(-1.0, fmin(1.0, mn)));
        double q1 = cos(2 * th) * a1 - sin(2 * th) * a2, q2 = sin(2 * th) * a1 + cos(2 * th) * a2;
        d_angle = fmax(d_angle, fmax(fabs(p1 - q1), fabs(p2 - q2)));
        // a in the plane: the angle between a and a' is 2 theta
        double ain[4], aout[4];
        for (int i = 0; i < 4; i++) ain[i] = a1 * m[i] + a2 * e2[i];
        ak_cl_mv Ain, Aout;
        ak_cl_from_vec(&Ain, 4, ain);
        sandwich(&Aout, &R, &Ain, &Rd);
        ak_cl_to_vec(aout, 4, &Aout);
        double dd = 0, la = 0, lb = 0;
        for (int i = 0; i < 4; i++) dd += ain[i] * aout[i], la += ain[i] * ain[i];
        for (int i = 0; i < 4; i++) lb += aout[i] * aout[i];
        if (la > 1e-4) {
            double ang = acos(fmax(-1.0, fmin(1.0, dd / sqrt(la * lb))));
            double want = 2 * th <= M_PI ? 2 * th : 2 * M_PI - 2 * th;
            d_plane = fmax(d_plane, fabs(ang - want));
        }
        // a multivector: R (a ^ b) R^+ = (R a R^+) ^ (R b R^+)
        ak_cl_mv W, Wp, WW;
        ak_cl_op(&W, &A, &B);
        sandwich(&Wp, &R, &W, &Rd);
        sandwich(&Bp, &R, &B, &Rd);
        ak_cl_op(&WW, &Ap, &Bp);
        d_multi = fmax(d_multi, ak_cl_dist(&Wp, &WW));
        // composition as printed, with R_1 = nm (simple) and R_2 a general rotor, and with two
        // simple rotors
        for (int kind = 0; kind < 2; kind++) {
            ak_cl_mv R2, R2d, R21, lhs, rhs, t, R1d_R2d;
            if (kind == 0) {
                ga_rand_rotor_cl(r, 4, &R2);
            } else {
                double u[4], v[4];
                unit_vec(r, u);
                unit_vec(r, v);
                ak_cl_mv U, V;
                ak_cl_from_vec(&U, 4, u);
                ak_cl_from_vec(&V, 4, v);
                ak_cl_gp(&R2, &V, &U);
            }
            ak_cl_reverse(&R2d, &R2);
            sandwich(&t, &R, &A, &Rd);
            sandwich(&lhs, &R2, &t, &R2d); // R_2 (R_1 a R_1^+) R_2^+
            ak_cl_gp(&R21, &R2, &R);
            ak_cl_gp(&R1d_R2d, &Rd, &R2d); // R_1^+ R_2^+ as printed
            sandwich(&rhs, &R21, &A, &R1d_R2d);
            d_comp = fmax(d_comp, ak_cl_dist(&lhs, &rhs));
            if (kind == 1) {
                // "the geometric product of two simple rotors can have a scalar term, six
                // bivector terms and a pseudoscalar term": the smallest of the eight
                double least = fabs(R21.c[0]);
                for (unsigned k = 0; k < 16; k++)
                    if (ak_cl_grade(k) == 2) least = fmin(least, fabs(R21.c[k]));
                least = fmin(least, fabs(R21.c[15]));
                full += least > 1e-9;
                products++;
            }
        }
        // the simple-rotor claims, with R = mn as printed in §2.2
        ak_cl_mv S;
        ak_cl_gp(&S, &M, &N4);
        max_scalar = fmax(max_scalar, fabs(S.c[0]));
        max_ps = fmax(max_ps, fabs(S.c[15]));
    }
    ga_verdict(c, true, d_angle, TOL_TRANSCEND,
               "T-2.19/T-2.20 R = nm, a' = R a R^+ for any a: the part of a in the plane m ^ n "
               "turns by twice the angle between m and n");
    ga_verdict(c, true, d_perp, TOL_ROUNDOFF,
               "T-2.20 ... the part of a orthogonal to the plane m ^ n is unchanged");
    ga_verdict(c, true, d_plane, 1e-7,
               "T-2.20 a in the plane m ^ n: the angle between a and a' is twice the angle between "
               "m and n (acos near 0 or pi: 1e-7)");
    ga_verdict(c, true, d_multi, TOL_ROUNDOFF,
               "T-2.20 on a multivector: R (a ^ b) R^+ = (R a R^+) ^ (R b R^+)");
    ga_verdict(c, true, d_comp, TOL_ROUNDOFF,
               "T-2.20 composition as printed: R_2(R_1 a R_1^+)R_2^+ = (R_2R_1) a (R_1^+ R_2^+)");
    ga_verdict(c, false, max_scalar, TOL_ROUNDOFF,
               "T-2.2simple \"R = mn only has bivector terms\", \"simple rotors ... whose scalar "
               "and pseudoscalar terms are 0\": the scalar part of mn is m.n");
    ga_verdict(c, true, max_ps, TOL_EXACT, "T-2.2simple: the pseudoscalar part of mn is 0");
    ak_expect(c, full > 0,
              "T-2.2simple: %ld of %ld products of two simple rotors have a scalar, six bivector "
              "and a pseudoscalar term (as printed: they can)",
              full, products);
    ak_value(c, "T-2.2simple_largest_scalar_of_mn", max_scalar);
    // the exact case: m = e_x, n = (e_x + e_y)/sqrt 2: mn = 1/sqrt 2 + e_xy/sqrt 2
    ak_cl_mv ex, nn, S;
    double nv[4] = { M_SQRT1_2, M_SQRT1_2, 0, 0 };
    ak_cl_blade(&ex, 4, 0, 0, 1u, 1.0);
    ak_cl_from_vec(&nn, 4, nv);
    ak_cl_gp(&S, &ex, &nn);
    ak_expect(c, fabs(S.c[0] - M_SQRT1_2) < 1e-15 && fabs(S.c[3] - M_SQRT1_2) < 1e-15,
              "T-2.2simple counterexample: m = e_x, n = (e_x + e_y)/sqrt 2: mn = %.6g + %.6g e_xy "
              "(a quarter turn, scalar part not 0)",
              S.c[0], S.c[3]);
}

void ak_check_printed_thesis_ch2(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(2027);
    long N = ak_samples(c, 2000, 200);
    t2_7_10(c, r, N);
    t2_12_14_15(c, r, N);
    t2_dual(c);
    t2_16(c, r, N);
    t2_18(c, r, N);
    t2_19_20_simple(c, r, N);
    gsl_rng_free(r);
}
