// Group "ga": published statements: holds / fails, as expected
#include "verify/checks/checks_ga_common.h"

static void rand_homog(gsl_rng *r, ak_cl_mv *out, int g) {
    ak_cl_zero(out, 4, 0, 0);
    for (unsigned m = 0; m < 16; m++)
        if (ak_cl_grade(m) == g) out->c[m] = ga_uni(r);
}

static void rand_vec_cl(gsl_rng *r, ak_cl_mv *out) { rand_homog(r, out, 1); }

// A random g-blade: the outer product of g random vectors (g = 0: a random scalar).
static void rand_blade_cl(gsl_rng *r, ak_cl_mv *out, int g) {
    ak_cl_zero(out, 4, 0, 0);
    out->c[0] = g == 0 ? ga_uni(r) : 1.0;
    for (int i = 0; i < g; i++) {
        ak_cl_mv v;
        rand_vec_cl(r, &v);
        ak_cl_op(out, out, &v);
    }
}

static double grade_sign(int g) { return ((g * (g - 1) / 2) % 2) ? -1.0 : 1.0; }

// T-A.1sym, T-A.6sym, T-A.7sym: the commutation claims of App. A.
static void check_T_A_sym(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(310);
    long samples = ak_samples(c, 10000, 1000);
    double d1 = 0, d6 = 0, d7 = 0;
    for (long s = 0; s < samples; s++) {
        ak_cl_mv a, b, p, q, t1, t2;
        rand_vec_cl(r, &a);
        rand_homog(r, &b, 2);
        ak_cl_op(&t1, &a, &b);
        ak_cl_op(&t2, &b, &a);
        d1 = fmax(d1, ak_cl_dist(&t1, &t2));
        double P[8], Q[8];
        ga_rand_even(r, 4, P);
        ga_rand_even(r, 4, Q);
        ak_cl_from_even(&p, 4, P);
        ak_cl_from_even(&q, 4, Q);
        ak_cl_gp(&t1, &b, &p);
        ak_cl_gp(&t2, &p, &b);
        d6 = fmax(d6, ak_cl_dist(&t1, &t2));
        ak_cl_gp(&t1, &p, &q);
        ak_cl_gp(&t2, &q, &p);
        d7 = fmax(d7, ak_cl_dist(&t1, &t2));
    }
    gsl_rng_free(r);
    ga_verdict(c, true, d1, TOL_ROUNDOFF,
               "T-A.1sym a^b = b^a (vector a, bivector b; T-2.5 with rs = 2)");
    ga_verdict(c, false, d6, TOL_ROUNDOFF,
               "T-A.6sym br = rb (bivector b, rotor r); counterexample e_xy e_xz = -e_yz, e_xz "
               "e_xy = +e_yz");
    ga_verdict(c, false, d7, TOL_ROUNDOFF,
               "T-A.7sym pq = qp (rotors); same counterexample, and two plane rotors in xy and xz "
               "do not commute");
}

// T-2.1 ... T-2.4: outer product of vectors.
static void check_T_2_outer(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(320);
    long samples = ak_samples(c, 10000, 1000);
    double d1 = 0, d2 = 0, d3 = 0, d4 = 0;
    for (long s = 0; s < samples; s++) {
        ak_cl_mv a, b, cc, d, t1, t2, t3, t4;
        rand_vec_cl(r, &a);
        rand_vec_cl(r, &b);
        rand_vec_cl(r, &cc);
        rand_vec_cl(r, &d);
        ak_cl_op(&t1, &a, &b);
        ak_cl_op(&t2, &b, &a);
        ak_cl_add(&t3, &t1, &t2);
        d1 = fmax(d1, ak_cl_max_abs(&t3));
        ak_cl_op(&t1, &a, &a);
        d2 = fmax(d2, ak_cl_max_abs(&t1));
        ak_cl_add(&t1, &a, &b);
        ak_cl_add(&t2, &cc, &d);
        ak_cl_op(&t3, &t1, &t2);
        ak_cl_op(&t1, &a, &cc);
        ak_cl_op(&t2, &a, &d);
        ak_cl_add(&t4, &t1, &t2);
        ak_cl_op(&t1, &b, &cc);
        ak_cl_add(&t4, &t4, &t1);
        ak_cl_op(&t1, &b, &d);
        ak_cl_add(&t4, &t4, &t1);
        d3 = fmax(d3, ak_cl_dist(&t3, &t4));
        ak_cl_op(&t1, &b, &cc);
        ak_cl_op(&t1, &a, &t1);
        ak_cl_op(&t2, &a, &b);
        ak_cl_op(&t2, &t2, &cc);
        d4 = fmax(d4, ak_cl_dist(&t1, &t2));
    }
    gsl_rng_free(r);
    ga_verdict(c, true, d1, TOL_ROUNDOFF, "T-2.1 a^b = -b^a");
    ga_verdict(c, true, d2, TOL_EXACT, "T-2.2 a^a = 0");
    ga_verdict(c, true, d3, TOL_ROUNDOFF, "T-2.3 distributivity");
    ga_verdict(c, true, d4, TOL_ROUNDOFF, "T-2.4 associativity");
}

// T-2.5: A_r ^ B_s = (-1)^(rs) B_s ^ A_r for all grades in 4D.
static void check_T_2_5(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(321);
    long samples = ak_samples(c, 2000, 200);
    double dev = 0;
    for (int g = 0; g <= 4; g++)
        for (int h = 0; h <= 4; h++)
            for (long s = 0; s < samples; s++) {
                ak_cl_mv A, B, t1, t2;
                rand_homog(r, &A, g);
                rand_homog(r, &B, h);
                ak_cl_op(&t1, &A, &B);
                ak_cl_op(&t2, &B, &A);
                ak_cl_scale(&t2, &t2, ((g * h) % 2) ? -1.0 : 1.0);
                dev = fmax(dev, ak_cl_dist(&t1, &t2));
            }
    gsl_rng_free(r);
    ga_verdict(c, true, dev, TOL_ROUNDOFF, "T-2.5 A_r^B_s = (-1)^(rs) B_s^A_r, r,s = 0..4");
}

// T-2.6 ... T-2.11: contractions.
static void check_T_2_contractions(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(322);
    long samples = ak_samples(c, 2000, 200);
    double d6 = 0, d7[5] = { 0 }, d8 = 0, d9 = 0, d10[5] = { 0 }, d11 = 0, d7fix = 0;
    for (int g = 1; g <= 4; g++)
        for (int h = 1; h <= 4; h++)
            for (long s = 0; s < samples; s++) {
                ak_cl_mv A, B, t, part;
                rand_homog(r, &A, g);
                rand_homog(r, &B, h);
                if (g <= h) { // T-2.6: grade s - r; T-2.9: B_s |_ A_r = (-1)^(r(s-1)) A_r _| B_s
                    ak_cl_lc(&t, &A, &B);
                    ak_cl_grade_part(&part, &t, h - g);
                    d6 = fmax(d6, ak_cl_dist(&t, &part));
                    ak_cl_mv u;
                    ak_cl_rc(&u, &B, &A);
                    ak_cl_scale(&t, &t, ((g * (h - 1)) % 2) ? -1.0 : 1.0);
                    d9 = fmax(d9, ak_cl_dist(&u, &t));
                } else { // T-2.8 / T-2.11 first clause: zero when r > s
                    ak_cl_lc(&t, &A, &B);
                    d8 = fmax(d8, ak_cl_max_abs(&t));
                    ak_cl_rc(&t, &B, &A);
                    d11 = fmax(d11, ak_cl_max_abs(&t));
                }
            }
    // T-2.7 / T-2.10 on blades: A _| A against ||A||^2 = <A A~>_0, per grade.
    for (int g = 1; g <= 4; g++)
        for (long s = 0; s < samples; s++) {
            ak_cl_mv A, Ar, t;
            rand_blade_cl(r, &A, g);
            ak_cl_reverse(&Ar, &A);
            double norm2 = ak_cl_sp(&A, &Ar);
            ak_cl_lc(&t, &A, &A);
            d7[g] = fmax(d7[g], fabs(t.c[0] - norm2));
            d7fix = fmax(d7fix, fabs(t.c[0] - grade_sign(g) * norm2));
            ak_cl_rc(&t, &A, &A);
            d10[g] = fmax(d10[g], fabs(t.c[0] - norm2));
        }
    // T-2.8 / T-2.11 second clause: A contains a vector orthogonal to B -> zero. A = v ^ a with
    // v orthogonal to the blade B (B of grade <= 3, built from basis vectors after a rotation).
    for (long s = 0; s < samples; s++)
        for (int h = 1; h <= 3; h++) {
            double R[8];
            ga_rand_rotor(r, 4, R);
            ak_cl_mv cR, cRr, B, v, a, A, t;
            ak_cl_from_even(&cR, 4, R);
            ak_cl_reverse(&cRr, &cR);
            ak_cl_blade(&B, 4, 0, 0, (1u << h) - 1u, 1.0); // e_x ^ ... (h factors)
            ak_cl_blade(&v, 4, 0, 0, 8u, 1.0);             // e_w, orthogonal to it
            ak_cl_gp(&B, &cR, &B);
            ak_cl_gp(&B, &B, &cRr);
            ak_cl_gp(&v, &cR, &v);
            ak_cl_gp(&v, &v, &cRr);
            rand_vec_cl(r, &a);
            ak_cl_op(&A, &v, &a);
            ak_cl_lc(&t, &A, &B);
            d8 = fmax(d8, ak_cl_max_abs(&t));
            ak_cl_rc(&t, &B, &A);
            d11 = fmax(d11, ak_cl_max_abs(&t));
        }
    gsl_rng_free(r);
    ga_verdict(c, true, d6, TOL_ROUNDOFF, "T-2.6 A_r_|B_s has grade s-r (r <= s)");
    ga_verdict(c, true, d7[1], TOL_ROUNDOFF, "T-2.7 A_r_|A_r = ||A_r||^2 for r = 1");
    ga_verdict(c, false, d7[2], TOL_ROUNDOFF, "T-2.7 for r = 2 (A_|A = -||A||^2)");
    ga_verdict(c, false, d7[3], TOL_ROUNDOFF, "T-2.7 for r = 3 (A_|A = -||A||^2)");
    ga_verdict(c, true, d7[4], TOL_ROUNDOFF, "T-2.7 for r = 4");
    ga_verdict(
        c, true, d7fix, TOL_ROUNDOFF,
        "T-2.7 corrected: A_r_|A_r = (-1)^(r(r-1)/2) ||A_r||^2 = A_r * reverse(A_r), r = 1..4");
    ga_verdict(c, true, d8, TOL_ROUNDOFF,
               "T-2.8 A_r_|B_s = 0 for r > s, or A_r containing a vector orthogonal to B_s");
    ga_verdict(c, true, d9, TOL_ROUNDOFF,
               "T-2.9 B_s|_A_r = (-1)^(r(s-1)) A_r_|B_s, 1 <= r <= s <= 4");
    ga_verdict(c, true, d10[1], TOL_ROUNDOFF, "T-2.10 A_r|_A_r = ||A_r||^2 for r = 1");
    ga_verdict(c, false, fmax(d10[2], d10[3]), TOL_ROUNDOFF,
               "T-2.10 for r = 2, 3 (A|_A = -||A||^2)");
    ga_verdict(c, true, d10[4], TOL_ROUNDOFF, "T-2.10 for r = 4");
    ga_verdict(c, true, d11, TOL_ROUNDOFF,
               "T-2.11 B_s|_A_r = 0 for r > s, or A_r containing a vector orthogonal to B_s");
}

// T-2.GP and T-2.12 ... T-2.15: the geometric product.
static void check_T_2_geometric(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(323);
    long samples = ak_samples(c, 2000, 200);
    double dgp[5] = { 0 }, dgp_right[5] = { 0 }, d12 = 0, d13[5] = { 0 }, d13h = 0, d14 = 0,
           d15 = 0;
    for (int g = 1; g <= 4; g++)
        for (int h = g; h <= 4; h++)
            for (long s = 0; s < samples; s++) {
                ak_cl_mv A, B, C, gp, lc, op, t;
                rand_homog(r, &A, g);
                rand_homog(r, &B, h);
                rand_homog(r, &C, 1 + (int)(s % 4));
                ak_cl_gp(&gp, &A, &B);
                ak_cl_lc(&lc, &A, &B);
                ak_cl_op(&op, &A, &B);
                ak_cl_add(&t, &lc, &op);
                dgp[g] = fmax(dgp[g], ak_cl_dist(&gp, &t));
                ak_cl_gp(&gp, &B, &A);
                ak_cl_rc(&lc, &B, &A);
                ak_cl_op(&op, &B, &A);
                ak_cl_add(&t, &lc, &op);
                dgp_right[g] = fmax(dgp_right[g], ak_cl_dist(&gp, &t));
                ak_cl_mv t1, t2, t3;
                ak_cl_add(&t1, &B, &C); // T-2.14
                ak_cl_gp(&t1, &A, &t1);
                ak_cl_gp(&t2, &A, &B);
                ak_cl_gp(&t3, &A, &C);
                ak_cl_add(&t2, &t2, &t3);
                d14 = fmax(d14, ak_cl_dist(&t1, &t2));
                ak_cl_gp(&t1, &B, &C); // T-2.15
                ak_cl_gp(&t1, &A, &t1);
                ak_cl_gp(&t2, &A, &B);
                ak_cl_gp(&t2, &t2, &C);
                d15 = fmax(d15, ak_cl_dist(&t1, &t2));
            }
    for (long s = 0; s < samples; s++) {
        // T-2.12: blades of orthogonal subspaces (rotated e_x..., e_...w)
        double R[8];
        ga_rand_rotor(r, 4, R);
        ak_cl_mv cR, cRr, A, B, gp, op;
        ak_cl_from_even(&cR, 4, R);
        ak_cl_reverse(&cRr, &cR);
        int g = 1 + (int)(s % 3);
        ak_cl_blade(&A, 4, 0, 0, (1u << g) - 1u, ga_uni(r));
        ak_cl_blade(&B, 4, 0, 0, 15u & ~((1u << g) - 1u), ga_uni(r));
        ak_cl_gp(&A, &cR, &A);
        ak_cl_gp(&A, &A, &cRr);
        ak_cl_gp(&B, &cR, &B);
        ak_cl_gp(&B, &B, &cRr);
        ak_cl_gp(&gp, &A, &B);
        ak_cl_op(&op, &A, &B);
        d12 = fmax(d12, ak_cl_dist(&gp, &op));
        // T-2.13 on blades per grade, and on a homogeneous non-blade bivector
        for (int k = 1; k <= 4; k++) {
            ak_cl_mv X, Xr, sq;
            rand_blade_cl(r, &X, k);
            ak_cl_reverse(&Xr, &X);
            ak_cl_gp(&sq, &X, &X);
            double n2 = ak_cl_sp(&X, &Xr);
            sq.c[0] -= n2;
            d13[k] = fmax(d13[k], ak_cl_max_abs(&sq));
        }
        ak_cl_mv H, Hr, sq;
        rand_homog(r, &H, 2);
        ak_cl_reverse(&Hr, &H);
        ak_cl_gp(&sq, &H, &Hr); // even with the reverse, a non-blade bivector has a grade-4 part
        sq.c[0] = 0;
        d13h = fmax(d13h, ak_cl_max_abs(&sq));
    }
    gsl_rng_free(r);
    ga_verdict(c, true, dgp[1], TOL_ROUNDOFF, "T-2.GP A_rB_s = A_r_|B_s + A_r^B_s for r = 1");
    ga_verdict(c, false, fmax(fmax(dgp[2], dgp[3]), dgp[4]), TOL_ROUNDOFF,
               "T-2.GP for r >= 2 (e.g. e_xy e_yz = e_xz but e_xy_|e_yz + e_xy^e_yz = 0)");
    ga_verdict(c, true, dgp_right[1], TOL_ROUNDOFF, "T-2.GP B_sA_r = B_s|_A_r + B_s^A_r for r = 1");
    ga_verdict(c, false, fmax(fmax(dgp_right[2], dgp_right[3]), dgp_right[4]), TOL_ROUNDOFF,
               "T-2.GP (right form) for r >= 2");
    ga_verdict(c, true, d12, TOL_ROUNDOFF,
               "T-2.12 A_rB_s = A_r^B_s for blades of orthogonal subspaces");
    ga_verdict(c, true, d13[1], TOL_ROUNDOFF, "T-2.13 A_rA_r = ||A_r||^2 for r = 1");
    ga_verdict(c, false, fmax(d13[2], d13[3]), TOL_ROUNDOFF,
               "T-2.13 for r = 2, 3 blades (A A = -||A||^2)");
    ga_verdict(c, true, d13[4], TOL_ROUNDOFF, "T-2.13 for r = 4 blades");
    ga_verdict(
        c, false, d13h, TOL_ROUNDOFF,
        "T-2.13 for a non-blade bivector (B B has a grade-4 part 2 B^B, so it is not a scalar)");
    ga_verdict(c, true, d14, TOL_ROUNDOFF, "T-2.14 distributivity");
    ga_verdict(c, true, d15, TOL_ROUNDOFF, "T-2.15 associativity");
}

// T-2.dual (the four trivector duals e_A e_xyzw) and T-2.16 (reversion signs).
static void check_T_2_dual_reverse(ak_check_ctx *c) {
    // As printed: e_xyz I = -e_w, e_xyw I = e_z, e_xzw I = -e_y, e_yzw I = e_x.
    const struct {
        unsigned in, out;
        double s;
    } printed[] = { { 7u, 8u, -1 }, { 11u, 4u, 1 }, { 13u, 2u, -1 }, { 14u, 1u, 1 } };
    ak_cl_mv I;
    ak_cl_blade(&I, 4, 0, 0, 15u, 1.0);
    double dev = 0;
    for (int k = 0; k < 4; k++) {
        ak_cl_mv A, t, want;
        ak_cl_blade(&A, 4, 0, 0, printed[k].in, 1.0);
        ak_cl_gp(&t, &A, &I);
        ak_cl_blade(&want, 4, 0, 0, printed[k].out, printed[k].s);
        dev = fmax(dev, ak_cl_dist(&t, &want));
    }
    ga_verdict(c, true, dev, TOL_EXACT,
               "T-2.dual e_xyz I = -e_w, e_xyw I = e_z, e_xzw I = -e_y, e_yzw I = e_x");
    double drev = 0;
    gsl_rng *r = ga_rng_new(324);
    for (int g = 0; g <= 4; g++) {
        ak_cl_mv A, Ar, t;
        rand_blade_cl(r, &A, g);
        ak_cl_reverse(&Ar, &A);
        ak_cl_scale(&t, &A, grade_sign(g));
        drev = fmax(drev, ak_cl_dist(&t, &Ar));
        // the reverse as the product of the factors in reverse order, for basis blades
        if (g >= 1) {
            ak_cl_mv prod;
            ak_cl_blade(&prod, 4, 0, 0, 0u, 1.0);
            for (int i = g - 1; i >= 0; i--) {
                ak_cl_mv e;
                ak_cl_blade(&e, 4, 0, 0, 1u << i, 1.0);
                ak_cl_gp(&prod, &prod, &e);
            }
            ak_cl_mv blade, brev;
            ak_cl_blade(&blade, 4, 0, 0, (1u << g) - 1u, 1.0);
            ak_cl_reverse(&brev, &blade);
            drev = fmax(drev, ak_cl_dist(&prod, &brev));
        }
    }
    gsl_rng_free(r);
    ga_verdict(c, true, drev, TOL_EXACT,
               "T-2.16 A_r~ = (-1)^(r(r-1)/2) A_r, and it reverses the factor order");
}

static void cross3(double o[3], const double a[3], const double b[3]) {
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

// T-2.17, T-2.18: the vector triple products in 3D through contractions.
static void check_T_2_triple(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(325);
    long samples = ak_samples(c, 10000, 1000);
    double d17 = 0, d18 = 0;
    for (long s = 0; s < samples; s++) {
        double a[3], b[3], cc[3], t[3], u[3], g[3];
        ga_rand_vec(r, 3, a);
        ga_rand_vec(r, 3, b);
        ga_rand_vec(r, 3, cc);
        ak_cl_mv A, B, C, w, x;
        ak_cl_from_vec(&A, 3, a);
        ak_cl_from_vec(&B, 3, b);
        ak_cl_from_vec(&C, 3, cc);
        cross3(t, b, cc);
        cross3(u, a, t); // a x (b x c)
        ak_cl_op(&w, &B, &C);
        ak_cl_lc(&x, &A, &w);
        ak_cl_to_vec(g, 3, &x);
        for (int i = 0; i < 3; i++) d17 = fmax(d17, fabs(u[i] + g[i]));
        cross3(t, a, b);
        cross3(u, t, cc); // (a x b) x c
        ak_cl_op(&w, &A, &B);
        ak_cl_lc(&x, &C, &w);
        ak_cl_to_vec(g, 3, &x);
        for (int i = 0; i < 3; i++) d18 = fmax(d18, fabs(u[i] - g[i]));
    }
    gsl_rng_free(r);
    ga_verdict(c, true, d17, TOL_ROUNDOFF, "T-2.17 a x (b x c) = -a_|(b^c)");
    ga_verdict(c, true, d18, TOL_ROUNDOFF, "T-2.18 (a x b) x c = c_|(a^b)");
}

// T-2.19, T-2.20, T-2.2simple: rotors from two vectors, the sandwich, composition.
static void check_T_2_rotors(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(326);
    long samples = ak_samples(c, 10000, 1000);
    double d_angle = 0, d_plane = 0, d_comp = 0, min_scalar = INFINITY, max_scalar = 0, max_ps = 0;
    for (long s = 0; s < samples; s++) {
        double m[4], n[4], x[4];
        ga_rand_vec(r, 4, m);
        ga_rand_vec(r, 4, n);
        double lm = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2] + m[3] * m[3]);
        double ln = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2] + n[3] * n[3]);
        for (int i = 0; i < 4; i++) {
            m[i] /= lm;
            n[i] /= ln;
        }
        ak_cl_mv M, N, R, Rr, X, Y;
        ak_cl_from_vec(&M, 4, m);
        ak_cl_from_vec(&N, 4, n);
        ak_cl_gp(&R, &N, &M); // T-2.19: R = nm
        ak_cl_reverse(&Rr, &R);
        // m goes to a vector at twice the angle between m and n, in the plane m^n.
        ak_cl_gp(&X, &R, &M);
        ak_cl_gp(&X, &X, &Rr);
        double mp[4], cosmn = 0, cosmx = 0;
        ak_cl_to_vec(mp, 4, &X);
        for (int i = 0; i < 4; i++) {
            cosmn += m[i] * n[i];
            cosmx += m[i] * mp[i];
        }
        d_angle = fmax(d_angle, fabs(cosmx - cos(2 * acos(fmax(-1.0, fmin(1.0, cosmn))))));
        ak_cl_mv mn, w;
        ak_cl_op(&mn, &M, &N);
        ak_cl_op(&w, &mn, &X);
        d_plane = fmax(d_plane, ak_cl_max_abs(&w));
        // T-2.2simple: the scalar part of nm is n.m (not zero), its pseudoscalar part is zero.
        min_scalar = fmin(min_scalar, fabs(R.c[0]));
        max_scalar = fmax(max_scalar, fabs(R.c[0]));
        max_ps = fmax(max_ps, fabs(R.c[15]));
        // T-2.20 composition: R2 (R1 x R1~) R2~ = (R2 R1) x (R2 R1)~
        double R1[8], R2[8];
        ga_rand_rotor(r, 4, R1);
        ga_rand_rotor(r, 4, R2);
        ga_rand_vec(r, 4, x);
        ak_cl_mv c1, c2, c1r, c2r, t, u, R21, R21r;
        ak_cl_from_even(&c1, 4, R1);
        ak_cl_from_even(&c2, 4, R2);
        ak_cl_reverse(&c1r, &c1);
        ak_cl_reverse(&c2r, &c2);
        ak_cl_from_vec(&Y, 4, x);
        ak_cl_gp(&t, &c1, &Y);
        ak_cl_gp(&t, &t, &c1r);
        ak_cl_gp(&t, &c2, &t);
        ak_cl_gp(&t, &t, &c2r);
        ak_cl_gp(&R21, &c2, &c1);
        ak_cl_reverse(&R21r, &R21);
        ak_cl_gp(&u, &R21, &Y);
        ak_cl_gp(&u, &u, &R21r);
        d_comp = fmax(d_comp, ak_cl_dist(&t, &u));
    }
    gsl_rng_free(r);
    ga_verdict(c, true, d_angle, TOL_TRANSCEND,
               "T-2.19/T-2.20 R = nm turns m by twice the angle between m and n");
    ga_verdict(c, true, d_plane, TOL_ROUNDOFF, "T-2.19 ... within the plane m^n");
    ga_verdict(c, true, d_comp, TOL_ROUNDOFF,
               "T-2.20 composition: R2(R1 a R1~)R2~ = (R2R1) a (R2R1)~");
    ga_verdict(c, true, max_ps, TOL_EXACT,
               "T-2.2simple a simple rotor nm has no pseudoscalar part");
    ga_verdict(c, false, max_scalar, TOL_ROUNDOFF,
               "T-2.2simple 'R = mn only has bivector terms' / 'simple rotors have scalar part 0' "
               "(the scalar part is m.n)");
    ak_value(c, "largest_scalar_part_of_nm", max_scalar);
    ak_note(
        c,
        "T-2.2simple: the scalar part n.m of nm ranged up to %.3f over %ld pairs of unit vectors",
        max_scalar, samples);
    (void)min_scalar;
}

// T-2.2.1: a 6x6 inertia matrix acting on bivector components reproduces the angular momentum
// L(w) = sum m r^(r_|w) (ten Bosch sec. 3) when the body is symmetric (box vertices), with the
// diagonal entries i_uv = sum m (u^2 + v^2).
static void check_T_2_2_1(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(327);
    long samples = ak_samples(c, 1000, 100);
    double dev = 0;
    for (long s = 0; s < samples; s++) {
        double h[4] = { 0.1 + gsl_rng_uniform(r), 0.1 + gsl_rng_uniform(r),
                        0.1 + gsl_rng_uniform(r), 0.1 + gsl_rng_uniform(r) };
        double w[6], L[6] = { 0 }, diag[6] = { 0 };
        ga_rand_biv(r, 4, w);
        ak_cl_mv W;
        ak_cl_from_biv(&W, 4, w);
        for (unsigned v = 0; v < 16; v++) { // the 16 vertices of a box, unit masses
            double p[4], l[6];
            for (int i = 0; i < 4; i++) p[i] = (v & (1u << i)) ? h[i] : -h[i];
            ak_cl_mv P, t;
            ak_cl_from_vec(&P, 4, p);
            ak_cl_lc(&t, &P, &W);
            ak_cl_op(&t, &P, &t);
            ak_cl_to_biv(l, 4, &t);
            for (int k = 0; k < 6; k++) L[k] += l[k];
            int k = 0;
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++, k++) diag[k] += p[i] * p[i] + p[j] * p[j];
        }
        for (int k = 0; k < 6; k++) dev = fmax(dev, fabs(L[k] - diag[k] * w[k]));
    }
    gsl_rng_free(r);
    ga_verdict(c, true, dev, TOL_ROUNDOFF,
               "T-2.2.1 Ib = (i_1 b_xy, ..., i_6 b_zw) equals sum m r^(r_|b) for a symmetric body");
}

// B-3: R_t = -1/2 w R and x = R x0 R~ give the point velocity x_|w; R = ab rotates by twice the
// angle between a and b in their plane; r^(r_|w) = [r]*[r]*^T w (the integrand of L(w) and B-I).
static void check_B_3(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(330);
    long samples = ak_samples(c, 10000, 1000);
    double d_vel = 0, d_L = 0;
    for (long s = 0; s < samples; s++) {
        double w[6], R0[8], x0[4];
        ga_rand_biv(r, 4, w);
        ga_rand_rotor(r, 4, R0);
        ga_rand_vec(r, 4, x0);
        // d/dt (R x0 R~) at t = 0 by a central difference of the exact flow R(t) = exp(-t w/2) R0
        const double h = 1e-5;
        double xp[4], xm[4], x[4], v[4];
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            ak_biv4 hb = { -0.5 * sgn * h * w[0], -0.5 * sgn * h * w[1], -0.5 * sgn * h * w[2],
                           -0.5 * sgn * h * w[3], -0.5 * sgn * h * w[4], -0.5 * sgn * h * w[5] };
            ak_rotor4 Rt = ak_ga4_rotor_mul(ak_ga4_rotor_exp(hb), ga_r4(R0));
            ga_from_v4(sgn > 0 ? xp : xm, ak_ga4_rotor_apply(Rt, ga_v4(x0)));
        }
        ga_from_v4(x, ak_ga4_rotor_apply(ga_r4(R0), ga_v4(x0)));
        ak_cl_mv X, W, t;
        ak_cl_from_vec(&X, 4, x);
        ak_cl_from_biv(&W, 4, w);
        ak_cl_lc(&t, &X, &W);
        ak_cl_to_vec(v, 4, &t);
        for (int i = 0; i < 4; i++) d_vel = fmax(d_vel, fabs((xp[i] - xm[i]) / (2 * h) - v[i]));
        // r ^ (r _| w) = [r]* [r]*^T w
        double S[24], Stw[4] = { 0 }, SSw[6] = { 0 }, l[6];
        ak_nd_rstar(4, S, x0);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 6; i++) Stw[j] += S[i * 4 + j] * w[i];
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 4; j++) SSw[i] += S[i * 4 + j] * Stw[j];
        ak_cl_from_vec(&X, 4, x0);
        ak_cl_lc(&t, &X, &W);
        ak_cl_op(&t, &X, &t);
        ak_cl_to_biv(l, 4, &t);
        d_L = fmax(d_L, ga_maxdiff(6, l, SSw));
    }
    gsl_rng_free(r);
    // central difference: truncation h^2 |w|^3 |x| / 6 ~ 1e-10 plus rounding 1e-16 / h ~ 1e-11
    ga_verdict(c, true, d_vel, 1e-8,
               "B-3 d/dt(R x0 R~) with R_t = -1/2 w R equals x_|w (central difference, h = 1e-5)");
    ga_verdict(c, true, d_L, TOL_ROUNDOFF, "B-3/B-I r^(r_|w) = [r]*[r]*^T w");
}

// B-eq3 as a statement (the nd/ga4 checks test the implementation): r ^ a = [r]* a and
// r _| w = [r]*^T w, with [r]* built from its definition through the generic algebra.
static void check_B_eq3(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(331);
    long samples = ak_samples(c, 10000, 1000);
    double dev = 0;
    for (int n = 2; n <= 5; n++)
        for (long s = 0; s < samples / 10; s++) {
            double x[5], S[50], w[10];
            ga_rand_vec(r, n, x);
            ga_rand_biv(r, n, w);
            ak_cl_mv X;
            ak_cl_from_vec(&X, n, x);
            int k = ak_nd_nbiv(n);
            for (int j = 0; j < n; j++) { // column j of [r]* is r ^ e_j
                ak_cl_mv e, t;
                double col[10];
                ak_cl_blade(&e, n, 0, 0, 1u << j, 1.0);
                ak_cl_op(&t, &X, &e);
                ak_cl_to_biv(col, n, &t);
                for (int i = 0; i < k; i++) S[i * n + j] = col[i];
            }
            ak_cl_mv W, t;
            double v[5];
            ak_cl_from_biv(&W, n, w);
            ak_cl_lc(&t, &X, &W);
            ak_cl_to_vec(v, n, &t);
            for (int j = 0; j < n; j++) {
                double stw = 0;
                for (int i = 0; i < k; i++) stw += S[i * n + j] * w[i];
                dev = fmax(dev, fabs(stw - v[j]));
            }
        }
    gsl_rng_free(r);
    ga_verdict(c, true, dev, TOL_ROUNDOFF, "B-eq3 r_|w = [r]*^T w when r^a = [r]*a, n = 2..5");
}

// B-A.2D/3D/4D: the printed [r]* and Delta I matrices against the correct ones.
static void check_B_A(ak_check_ctx *c, const char *id) {
    int n = id[4] - '0';
    int k = n * (n - 1) / 2;
    // Correct [r]*: entry (pair ij, column c) as a linear polynomial; Delta I = [r]*[r]*^T.
    double lin[10][5][4] = { { { 0 } } };
    for (int c0 = 0; c0 < n; c0++)
        for (int var = 0; var < n; var++) {
            // coefficient of r_var in (r ^ e_c0)_ij: from the generic algebra with r = e_var
            ak_cl_mv e1, e2, t;
            double col[10];
            ak_cl_blade(&e1, n, 0, 0, 1u << var, 1.0);
            ak_cl_blade(&e2, n, 0, 0, 1u << c0, 1.0);
            ak_cl_op(&t, &e1, &e2);
            ak_cl_to_biv(col, n, &t);
            for (int i = 0; i < k; i++) lin[i][c0][var] = col[i];
        }
    for (size_t m = 0; m < ak_pub_tenbosch_matrix_count; m++) {
        const ak_pub_matrix *M = &ak_pub_tenbosch_matrices[m];
        if (strcmp(M->id, id) != 0) continue;
        int is_star = M->name[0] == '[';
        int want_rows = k, want_cols = is_star ? n : k;
        char diffs[1024] = "";
        int ndiff = 0, blanks = 0;
        for (int i = 0; i < M->rows; i++)
            for (int j = 0; j < M->cols; j++) {
                double pl[4], pq[4][4], cl_[4] = { 0 }, cq[4][4] = { { 0 } };
                const char *e = M->entry[i * M->cols + j];
                if (ak_pub_poly(e, pl, pq) != 0) {
                    ak_expect(c, false, "%s %s: cannot read entry '%s'", id, M->name, e);
                    return;
                }
                if (e[0] == '\0') blanks++;
                if (i < want_rows && j < want_cols) {
                    if (is_star) {
                        for (int v = 0; v < n; v++) cl_[v] = lin[i][j][v];
                    } else {
                        for (int q = 0; q < n; q++)
                            for (int a = 0; a < n; a++)
                                for (int b = 0; b < n; b++) {
                                    double coef = lin[i][q][a] * lin[j][q][b];
                                    if (coef != 0.0) cq[a < b ? a : b][a < b ? b : a] += coef;
                                }
                    }
                }
                int differs = 0;
                for (int a = 0; a < 4; a++) {
                    if (pl[a] != cl_[a]) differs = 1;
                    for (int b = 0; b < 4; b++)
                        if (pq[a][b] != cq[a][b]) differs = 1;
                }
                if (differs) {
                    ndiff++;
                    size_t u = strlen(diffs);
                    snprintf(diffs + u, sizeof diffs - u, "%s(%d,%d)='%s'", ndiff > 1 ? " " : "",
                             i + 1, j + 1, e);
                }
            }
        char verdict_s[1200];
        if (M->rows == want_rows && M->cols == want_cols && ndiff == 0)
            snprintf(verdict_s, sizeof verdict_s, "correct");
        else
            snprintf(verdict_s, sizeof verdict_s, "printed %dx%d, correct %dx%d; wrong entries: %s",
                     M->rows, M->cols, want_rows, want_cols, ndiff ? diffs : "none");
        // Expected verdicts, worked out by hand: the 2D matrices of our text of ten Bosch 2020 carry a spurious second
        // row / blank cells (its Chinese translation prints (-y x) and (x^2+y^2)).
        const char *expect = "correct";
        if (n == 2 && is_star) expect = "printed 2x2, correct 1x2; wrong entries: (2,1)='-z'";
        if (n == 2 && !is_star) expect = "printed 2x2, correct 1x1; wrong entries: none";
        ak_expect(c, strcmp(verdict_s, expect) == 0, "%s %s: %s (%d blank cells)", id, M->name,
                  verdict_s, blanks);
    }
}

static void check_B_A_2D(ak_check_ctx *c) { check_B_A(c, "B-A.2D"); }
static void check_B_A_3D(ak_check_ctx *c) { check_B_A(c, "B-A.3D"); }
static void check_B_A_4D(ak_check_ctx *c) { check_B_A(c, "B-A.4D"); }

static const ak_check CHECKS[] = {
    { "ga.thesis.T-A.sym", "T-A.1sym T-A.6sym T-A.7sym",
      "the App. A commutation claims vs generic products", check_T_A_sym },
    { "ga.thesis.T-2.1-4", "T-2.1 T-2.2 T-2.3 T-2.4", "outer product axioms vs generic algebra",
      check_T_2_outer },
    { "ga.thesis.T-2.5", "T-2.5", "graded commutation of the outer product", check_T_2_5 },
    { "ga.thesis.T-2.6-11", "T-2.6 T-2.7 T-2.8 T-2.9 T-2.10 T-2.11",
      "contraction properties vs generic algebra", check_T_2_contractions },
    { "ga.thesis.T-2.GP-15", "T-2.GP T-2.12 T-2.13 T-2.14 T-2.15",
      "geometric product properties vs generic algebra", check_T_2_geometric },
    { "ga.thesis.T-2.dual-16", "T-2.dual T-2.16", "trivector duals and reversion signs",
      check_T_2_dual_reverse },
    { "ga.thesis.T-2.17-18", "T-2.17 T-2.18", "vector triple products vs 3D cross products",
      check_T_2_triple },
    { "ga.thesis.T-2.19-20", "T-2.19 T-2.20 T-2.2simple",
      "rotors from two vectors, sandwich, composition, simple rotors", check_T_2_rotors },
    { "ga.thesis.T-2.2.1", "T-2.2.1", "6x6 bivector inertia vs sum m r^(r_|w) for a symmetric body",
      check_T_2_2_1 },
    { "ga.tenbosch.B-3", "B-3 B-I",
      "R_t = -1/2 w R gives point velocity x_|w; L integrand = [r]*[r]*^T w", check_B_3 },
    { "ga.tenbosch.B-eq3", "B-eq3", "r_|w = [r]*^T w with [r]* from its definition", check_B_eq3 },
    { "ga.tenbosch.B-A.2D", "B-A.2D", "printed 2D [r]* and Delta I vs correct", check_B_A_2D },
    { "ga.tenbosch.B-A.3D", "B-A.3D", "printed 3D [r]* and Delta I vs correct", check_B_A_3D },
    { "ga.tenbosch.B-A.4D", "B-A.4D", "printed 4D [r]* and Delta I vs correct", check_B_A_4D },
};

AK_TOPIC(ga_statements, CHECKS)
