// Group "ga": hand-written 4D types against the generic algebra
#include "verify/checks/checks_ga_common.h"

static ak_biv4 b4(const double a[6]) { return (ak_biv4){ a[0], a[1], a[2], a[3], a[4], a[5] }; }
static void from_r4(double o[8], ak_rotor4 v) { memcpy(o, &v, sizeof v); }

typedef enum {
    G4_WEDGE,
    G4_CONTRACT,
    G4_RSTAR,
    G4_COMM,
    G4_BIVMUL,
    G4_MUL,
    G4_REVERSE,
    G4_APPLY,
    G4_MATRIX,
    G4_BIVMAT,
    G4_SANDWICH,
    G4_EXP,
    G4_WEDGE_VB,
    G4_VB,
    G4_BV,
    G4_VR,
    G4_RV,
    G4_BR,
    G4_COUNT
} g4_op;

static const char *const G4_NAMES[G4_COUNT] = { "a^b",
                                                "r_|w",
                                                "[r]*",
                                                "commutator",
                                                "biv*biv",
                                                "rotor*rotor",
                                                "reverse",
                                                "R x R~ (any even R)",
                                                "rotor->matrix (any even R)",
                                                "[R]_2 (any even R)",
                                                "R B R~ (any even R)",
                                                "exp(B), |B_ij|<=3",
                                                "a^B (vector^bivector)",
                                                "aB (vector*bivector)",
                                                "Ba",
                                                "ar (vector*even)",
                                                "ra",
                                                "Br (bivector*even)" };

// The odd blades of Cl(4,0,0) in ak_odd4 order (x, y, z, w, xyz, xyw, xzw, yzw).
static const unsigned ODD_MASKS[8] = { 1, 2, 4, 8, 7, 11, 13, 14 };

// Copy the odd part of t (ak_odd4 order) into want; every other blade of t must vanish: its
// largest coefficient is returned.
static double odd_from_cl(double want[8], const ak_cl_mv *t, int first, int count) {
    double rest = 0.0;
    for (int m = 0; m < 16; m++) {
        bool listed = false;
        for (int i = first; i < first + count; i++) listed = listed || ODD_MASKS[i] == (unsigned)m;
        if (!listed) rest = fmax(rest, fabs(t->c[m]));
    }
    for (int i = 0; i < count; i++) want[i] = t->c[ODD_MASKS[first + i]];
    return rest;
}

static double ga4_vs_cl(g4_op op, long samples, gsl_rng *r) {
    double worst = 0.0;
    for (long s = 0; s < samples; s++) {
        double a[4], b[4], A[6], B[6], P[8], Q[8], got[36], want[36];
        int len = 0;
        ga_rand_vec(r, 4, a);
        ga_rand_vec(r, 4, b);
        ga_rand_biv(r, 4, A);
        ga_rand_biv(r, 4, B);
        ga_rand_even(r, 4, P);
        ga_rand_even(r, 4, Q);
        ak_cl_mv ca, cb, cA, cB, cP, cQ, cPr, t, u;
        ak_cl_from_vec(&ca, 4, a);
        ak_cl_from_vec(&cb, 4, b);
        ak_cl_from_biv(&cA, 4, A);
        ak_cl_from_biv(&cB, 4, B);
        ak_cl_from_even(&cP, 4, P);
        ak_cl_from_even(&cQ, 4, Q);
        ak_cl_reverse(&cPr, &cP);
        switch (op) {
            case G4_WEDGE:
                ga_from_b4(got, ak_ga4_wedge(ga_v4(a), ga_v4(b)));
                ak_cl_op(&t, &ca, &cb);
                ak_cl_to_biv(want, 4, &t);
                len = 6;
                break;
            case G4_CONTRACT:
                ga_from_v4(got, ak_ga4_contract(ga_v4(a), b4(A)));
                ak_cl_lc(&t, &ca, &cA);
                ak_cl_to_vec(want, 4, &t);
                len = 4;
                break;
            case G4_RSTAR: {
                double S[24];
                ak_ga4_rstar(S, ga_v4(a));
                for (int i = 0; i < 6; i++) {
                    got[i] = 0;
                    for (int j = 0; j < 4; j++) got[i] += S[4 * i + j] * b[j];
                }
                for (int j = 0; j < 4; j++) {
                    got[6 + j] = 0;
                    for (int i = 0; i < 6; i++) got[6 + j] += S[4 * i + j] * A[i];
                }
                ak_cl_op(&t, &ca, &cb);
                ak_cl_to_biv(want, 4, &t);
                ak_cl_lc(&t, &ca, &cA);
                ak_cl_to_vec(want + 6, 4, &t);
                len = 10;
                break;
            }
            case G4_COMM:
                ga_from_b4(got, ak_ga4_commutator(b4(A), b4(B)));
                ak_cl_gp(&t, &cA, &cB);
                ak_cl_gp(&u, &cB, &cA);
                ak_cl_sub(&t, &t, &u);
                ak_cl_scale(&t, &t, 0.5);
                ak_cl_to_biv(want, 4, &t);
                len = 6;
                break;
            case G4_BIVMUL:
                from_r4(got, ak_ga4_biv_mul(b4(A), b4(B)));
                ak_cl_gp(&t, &cA, &cB);
                ak_cl_to_even(want, 4, &t);
                len = 8;
                break;
            case G4_MUL:
                from_r4(got, ak_ga4_rotor_mul(ga_r4(P), ga_r4(Q)));
                ak_cl_gp(&t, &cP, &cQ);
                ak_cl_to_even(want, 4, &t);
                len = 8;
                break;
            case G4_REVERSE:
                from_r4(got, ak_ga4_rotor_reverse(ga_r4(P)));
                ak_cl_to_even(want, 4, &cPr);
                len = 8;
                break;
            case G4_APPLY:
                ga_from_v4(got, ak_ga4_rotor_apply(ga_r4(P), ga_v4(a)));
                ak_cl_gp(&t, &cP, &ca);
                ak_cl_gp(&t, &t, &cPr);
                ak_cl_to_vec(want, 4, &t);
                // every other grade of R x R~ must vanish for the 4-vector result to be complete
                for (int i = 0; i < 4; i++) t.c[1u << i] = 0.0;
                worst = fmax(worst, ak_cl_max_abs(&t));
                len = 4;
                break;
            case G4_MATRIX:
                ak_ga4_rotor_to_matrix(got, ga_r4(P));
                for (int j = 0; j < 4; j++) {
                    ak_cl_mv e;
                    ak_cl_blade(&e, 4, 0, 0, 1u << j, 1.0);
                    ak_cl_gp(&t, &cP, &e);
                    ak_cl_gp(&t, &t, &cPr);
                    for (int i = 0; i < 4; i++) want[4 * i + j] = t.c[1u << i];
                }
                len = 16;
                break;
            case G4_BIVMAT:
                ak_ga4_rotor_biv_matrix(got, ga_r4(P));
                for (int j = 0; j < 6; j++) {
                    double ej[6] = { 0 }, col[6];
                    ej[j] = 1.0;
                    ak_cl_mv e;
                    ak_cl_from_biv(&e, 4, ej);
                    ak_cl_gp(&t, &cP, &e);
                    ak_cl_gp(&t, &t, &cPr);
                    ak_cl_to_biv(col, 4, &t);
                    for (int i = 0; i < 6; i++) want[6 * i + j] = col[i];
                }
                len = 36;
                break;
            case G4_SANDWICH:
                ga_from_b4(got, ak_ga4_biv_sandwich(ga_r4(P), b4(A)));
                ak_cl_gp(&t, &cP, &cA);
                ak_cl_gp(&t, &t, &cPr);
                ak_cl_to_biv(want, 4, &t);
                for (int i = 0; i < 6; i++) A[i] = want[i];
                {
                    ak_cl_mv rest;
                    ak_cl_grade_part(&rest, &t, 2);
                    ak_cl_sub(&rest, &t, &rest);
                    worst = fmax(worst, ak_cl_max_abs(&rest));
                }
                len = 6;
                break;
            case G4_EXP:
                for (int i = 0; i < 6; i++) A[i] *= 3.0;
                from_r4(got, ak_ga4_rotor_exp(b4(A)));
                ak_cl_from_biv(&cA, 4, A);
                ak_cl_exp(&t, &cA);
                ak_cl_to_even(want, 4, &t);
                len = 8;
                break;
            case G4_WEDGE_VB: {
                ak_triv4 tv = ak_ga4_wedge_vb(ga_v4(a), b4(A));
                memcpy(got, &tv, sizeof tv);
                ak_cl_op(&t, &ca, &cA);
                worst = fmax(worst, odd_from_cl(want, &t, 4, 4));
                len = 4;
                break;
            }
            case G4_VB:
            case G4_BV:
            case G4_VR:
            case G4_RV: {
                ak_odd4 o = op == G4_VB   ? ak_ga4_vec_biv_mul(ga_v4(a), b4(A))
                            : op == G4_BV ? ak_ga4_biv_vec_mul(b4(A), ga_v4(a))
                            : op == G4_VR ? ak_ga4_vec_rotor_mul(ga_v4(a), ga_r4(P))
                                          : ak_ga4_rotor_vec_mul(ga_r4(P), ga_v4(a));
                memcpy(got, &o, sizeof o);
                if (op == G4_VB)
                    ak_cl_gp(&t, &ca, &cA);
                else if (op == G4_BV)
                    ak_cl_gp(&t, &cA, &ca);
                else if (op == G4_VR)
                    ak_cl_gp(&t, &ca, &cP);
                else
                    ak_cl_gp(&t, &cP, &ca);
                worst = fmax(worst, odd_from_cl(want, &t, 0, 8));
                len = 8;
                break;
            }
            case G4_BR:
                from_r4(got, ak_ga4_biv_rotor_mul(b4(A), ga_r4(P)));
                ak_cl_gp(&t, &cA, &cP);
                ak_cl_to_even(want, 4, &t);
                len = 8;
                break;
            case G4_COUNT: break;
        }
        worst = fmax(worst, ga_maxdiff(len, got, want));
    }
    return worst;
}

static void g4_check(ak_check_ctx *c, g4_op op, double tol) {
    gsl_rng *r = ga_rng_new(100 + (unsigned long)op);
    long samples = ak_samples(c, 10000, 1000);
    double e = ga4_vs_cl(op, samples, r);
    gsl_rng_free(r);
    ak_value(c, op == G4_BV ? "max_err_ba" : op == G4_RV ? "max_err_ra" : "max_err", e);
    ak_measure(c, e, tol, "%s: max |ga4 - cl| = %.2g over %ld random inputs", G4_NAMES[op], e,
               samples);
}

static void check_g4_wedge(ak_check_ctx *c) { g4_check(c, G4_WEDGE, TOL_ROUNDOFF); }
static void check_g4_contract(ak_check_ctx *c) { g4_check(c, G4_CONTRACT, TOL_ROUNDOFF); }
static void check_g4_rstar(ak_check_ctx *c) { g4_check(c, G4_RSTAR, TOL_ROUNDOFF); }
static void check_g4_comm(ak_check_ctx *c) { g4_check(c, G4_COMM, TOL_ROUNDOFF); }
static void check_g4_bivmul(ak_check_ctx *c) { g4_check(c, G4_BIVMUL, TOL_ROUNDOFF); }
static void check_g4_mul(ak_check_ctx *c) { g4_check(c, G4_MUL, TOL_ROUNDOFF); }
static void check_g4_reverse(ak_check_ctx *c) { g4_check(c, G4_REVERSE, TOL_EXACT); }
static void check_g4_apply(ak_check_ctx *c) { g4_check(c, G4_APPLY, TOL_ROUNDOFF); }
static void check_g4_matrix(ak_check_ctx *c) { g4_check(c, G4_MATRIX, TOL_ROUNDOFF); }
static void check_g4_bivmat(ak_check_ctx *c) { g4_check(c, G4_BIVMAT, TOL_ROUNDOFF); }
static void check_g4_sandwich(ak_check_ctx *c) { g4_check(c, G4_SANDWICH, TOL_ROUNDOFF); }
static void check_g4_exp(ak_check_ctx *c) { g4_check(c, G4_EXP, TOL_TRANSCEND); }
static void check_g4_wedge_vb(ak_check_ctx *c) { g4_check(c, G4_WEDGE_VB, TOL_ROUNDOFF); }
static void check_g4_vb(ak_check_ctx *c) {
    g4_check(c, G4_VB, TOL_ROUNDOFF);
    g4_check(c, G4_BV, TOL_ROUNDOFF);
}
static void check_g4_vr(ak_check_ctx *c) {
    g4_check(c, G4_VR, TOL_ROUNDOFF);
    g4_check(c, G4_RV, TOL_ROUNDOFF);
}
static void check_g4_br(ak_check_ctx *c) { g4_check(c, G4_BR, TOL_ROUNDOFF); }

// Random bivector with prescribed angles: B = t1 U1 + t2 U2 with U1, U2 a random orthonormal
// pair of planes (U1 = R e_xy R~, U2 = R e_zw R~ for a random rotor R).
static ak_biv4 biv_with_angles(gsl_rng *r, double t1, double t2) {
    double R[8];
    ga_rand_rotor(r, 4, R);
    ak_biv4 b = { t1, 0, 0, 0, 0, t2 };
    return ak_ga4_biv_sandwich(ga_r4(R), b);
}

// The split into commuting simple bivectors (P-C.2, Euclidean 4D form): B1 + B2 = B,
// B1 B2 = B2 B1, B1 ^ B1 = B2 ^ B2 = 0, and the angles of a bivector built with known angles.
static void check_g4_split(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(120);
    long samples = ak_samples(c, 10000, 1000);
    double e_sum = 0, e_comm = 0, e_simple = 0, e_ang = 0, e_exp = 0;
    for (long s = 0; s < samples; s++) {
        double t1 = 3 * ga_uni(r), t2 = 3 * ga_uni(r);
        if (s % 10 == 0) t2 = (s % 20 == 0) ? t1 : -t1; // isoclinic: planes not unique
        ak_biv4 B = biv_with_angles(r, t1, t2), B1, B2;
        double a1, a2;
        ak_ga4_biv_split(&B1, &B2, &a1, &a2, B);
        double want1 = fmax(fabs(t1), fabs(t2)), want2 = (fabs(t1) >= fabs(t2) ? 1 : 1) *
                                                         (t1 * t2 >= 0 ? 1 : -1) *
                                                         fmin(fabs(t1), fabs(t2));
        e_ang = fmax(e_ang, fmax(fabs(a1 - want1), fabs(a2 - want2)));
        double b[6], b1[6], b2[6];
        ga_from_b4(b, B);
        ga_from_b4(b1, B1);
        ga_from_b4(b2, B2);
        for (int i = 0; i < 6; i++) e_sum = fmax(e_sum, fabs(b1[i] + b2[i] - b[i]));
        ak_cl_mv c1, c2, p, q;
        ak_cl_from_biv(&c1, 4, b1);
        ak_cl_from_biv(&c2, 4, b2);
        ak_cl_gp(&p, &c1, &c2);
        ak_cl_gp(&q, &c2, &c1);
        e_comm = fmax(e_comm, ak_cl_dist(&p, &q));
        ak_cl_op(&p, &c1, &c1);
        ak_cl_op(&q, &c2, &c2);
        e_simple = fmax(e_simple, fmax(ak_cl_max_abs(&p), ak_cl_max_abs(&q)));
        // exp(B) = exp(B1) exp(B2), each factor from the generic series
        double want[8], got[8];
        ak_cl_exp(&p, &c1);
        ak_cl_exp(&q, &c2);
        ak_cl_gp(&p, &p, &q);
        ak_cl_to_even(want, 4, &p);
        from_r4(got, ak_ga4_rotor_exp(B));
        e_exp = fmax(e_exp, ga_maxdiff(8, got, want));
    }
    gsl_rng_free(r);
    ak_measure(c, e_sum, TOL_ROUNDOFF, "max |B1+B2-B| = %.2g", e_sum);
    ak_measure(c, e_comm, TOL_TRANSCEND, "max |B1B2-B2B1| = %.2g", e_comm);
    ak_measure(c, e_simple, TOL_TRANSCEND, "max |Bi^Bi| = %.2g", e_simple);
    ak_measure(c, e_ang, TOL_TRANSCEND, "angles max err %.2g", e_ang);
    ak_measure(c, e_exp, TOL_TRANSCEND,
               "max |exp(B) - exp(B1)exp(B2)| = %.2g over %ld bivectors (10%% isoclinic)", e_exp,
               samples);
}

// exp(log R) = R for unit rotors; log(exp B) = B inside the principal domain th1 + |th2| < pi;
// and outside it (each |angle| < pi but th1 + |th2| > pi) log(exp B) is a different bivector
// with the same exponential, which is why the domain is stated as a sum.
static void check_g4_log(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(121);
    long samples = ak_samples(c, 10000, 1000);
    double e_el = 0, e_le = 0, e_outside_exp = 0, min_outside_diff = INFINITY;
    for (long s = 0; s < samples; s++) {
        double R[8], got[8];
        ga_rand_rotor(r, 4, R);
        from_r4(got, ak_ga4_rotor_exp(ak_ga4_rotor_log(ga_r4(R))));
        e_el = fmax(e_el, ga_maxdiff(8, got, R));
        // inside: th1 + |th2| <= 0.99 pi
        double sum = 0.99 * M_PI * gsl_rng_uniform(r), f = gsl_rng_uniform(r);
        double t1 = sum * f, t2 = (ga_uni(r) < 0 ? -1 : 1) * sum * (1 - f);
        ak_biv4 B = biv_with_angles(r, t1, t2);
        double b[6], l[6];
        ga_from_b4(b, B);
        ga_from_b4(l, ak_ga4_rotor_log(ak_ga4_rotor_exp(B)));
        e_le = fmax(e_le, ga_maxdiff(6, b, l));
        // outside: both angles in (pi/2, pi), so the sum exceeds pi
        double u1 = M_PI * (0.55 + 0.4 * gsl_rng_uniform(r)),
               u2 = M_PI * (0.55 + 0.4 * gsl_rng_uniform(r));
        B = biv_with_angles(r, u1, u2);
        ga_from_b4(b, B);
        ak_biv4 L = ak_ga4_rotor_log(ak_ga4_rotor_exp(B));
        ga_from_b4(l, L);
        min_outside_diff = fmin(min_outside_diff, ga_maxdiff(6, b, l));
        double e1[8], e2[8];
        from_r4(e1, ak_ga4_rotor_exp(B));
        from_r4(e2, ak_ga4_rotor_exp(L));
        e_outside_exp = fmax(e_outside_exp, ga_maxdiff(8, e1, e2));
    }
    gsl_rng_free(r);
    ak_value(c, "min_diff_outside_domain", min_outside_diff);
    ak_measure(c, e_el, TOL_TRANSCEND, "max |exp(log R) - R| = %.2g over %ld unit rotors", e_el,
               samples);
    ak_measure(c, e_le, TOL_LOG_ROUNDTRIP, "max |log(exp B) - B| = %.2g for th1+|th2| <= 0.99 pi",
               e_le);
    ak_measure(c, e_outside_exp, TOL_TRANSCEND,
               "outside (th1,th2 in (pi/2,pi)): exp(log(exp B)) = exp B to %.2g", e_outside_exp);
    ak_expect(c, min_outside_diff > 0.1, "outside: log(exp B) != B (min component difference %.3g)",
              min_outside_diff);
}

// Renormalisation in 4D: the result is a unit rotor; it is the nearest one (the residual R - R'
// is orthogonal to the tangent space {B R'} of Spin(4) at R', six directions); unit rotors stay.
static void check_g4_renormalize(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(122);
    long samples = ak_samples(c, 10000, 1000);
    double e_unit = 0, e_tangent = 0, e_fixed = 0;
    for (long s = 0; s < samples; s++) {
        double R[8], D[8], F[8];
        ga_rand_rotor(r, 4, R);
        from_r4(F, ak_ga4_rotor_renormalize(ga_r4(R)));
        e_fixed = fmax(e_fixed, ga_maxdiff(8, F, R));
        double drift = (s % 2) ? 1e-3 : 0.3; // small drift, and a large one to test nearness
        for (int k = 0; k < 8; k++) D[k] = R[k] + drift * ga_uni(r);
        ak_rotor4 P = ak_ga4_rotor_renormalize(ga_r4(D));
        double p[8];
        from_r4(p, P);
        ak_cl_mv cp, cpr, t;
        ak_cl_from_even(&cp, 4, p);
        ak_cl_reverse(&cpr, &cp);
        ak_cl_gp(&t, &cp, &cpr);
        t.c[0] -= 1.0;
        e_unit = fmax(e_unit, ak_cl_max_abs(&t));
        for (int k = 0; k < 6; k++) {
            double ek[6] = { 0 }, dir[8];
            ek[k] = 1.0;
            from_r4(dir, ak_ga4_rotor_mul(ak_ga4_rotor_from_biv(b4(ek)), P));
            double dot = 0;
            for (int i = 0; i < 8; i++) dot += (D[i] - p[i]) * dir[i];
            e_tangent = fmax(e_tangent, fabs(dot));
        }
    }
    gsl_rng_free(r);
    ak_measure(c, e_unit, TOL_TRANSCEND, "max |R' R'~ - 1| (scalar and xyzw) = %.2g", e_unit);
    ak_measure(c, e_tangent, TOL_TRANSCEND,
               "max |<R - R', e_ij R'>| = %.2g (nearest point: residual normal to Spin(4))",
               e_tangent);
    ak_measure(c, e_fixed, TOL_TRANSCEND,
               "unit rotors moved by %.2g; %ld samples, drift 1e-3 and 0.3", e_fixed, samples);
}

// The rotor between two random orthonormal frames (ten Bosch sec. 8): R from_i R~ = to_i.
static void check_g4_from_frames(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(123);
    long samples = ak_samples(c, 10000, 1000);
    double worst = 0;
    int bad = 0;
    for (long s = 0; s < samples; s++) {
        double Ra[8], Rb[8];
        ga_rand_rotor(r, 4, Ra);
        ga_rand_rotor(r, 4, Rb);
        ak_vec4 from[4], to[4];
        for (int i = 0; i < 4; i++) {
            double e[4] = { 0 };
            e[i] = 1.0;
            from[i] = ak_ga4_rotor_apply(ga_r4(Ra), ga_v4(e));
            to[i] = ak_ga4_rotor_apply(ga_r4(Rb), ga_v4(e));
        }
        ak_rotor4 R;
        if (ak_ga4_rotor_from_frames(&R, from, to) != AK_GA_OK) {
            bad++;
            continue;
        }
        for (int i = 0; i < 4; i++) {
            double g[4], w[4];
            ga_from_v4(g, ak_ga4_rotor_apply(R, from[i]));
            ga_from_v4(w, to[i]);
            worst = fmax(worst, ga_maxdiff(4, g, w));
        }
    }
    gsl_rng_free(r);
    ak_expect(c, bad == 0, "%d frame pairs rejected", bad);
    ak_measure(c, worst, TOL_TRANSCEND,
               "max |R from_i R~ - to_i| = %.2g over %ld random frame pairs", worst, samples);
}

static const ak_check CHECKS[] = {
    { "ga.ga4.wedge", "B-3 T-2.1", "ga4 a^b vs generic", check_g4_wedge },
    { "ga.ga4.contract", "B-eq3 T-A.2", "ga4 r_|w vs generic", check_g4_contract },
    { "ga.ga4.rstar", "B-eq3 B-A.4D", "ga4 [r]* vs generic r^a and r_|w", check_g4_rstar },
    { "ga.ga4.commutator", "B-eq2", "ga4 commutator vs generic", check_g4_comm },
    { "ga.ga4.biv_mul", "T-A.5", "ga4 bivector product vs generic", check_g4_bivmul },
    { "ga.ga4.rotor_mul", "T-A.7 T-2.20", "ga4 rotor product vs generic", check_g4_mul },
    { "ga.ga4.rotor_reverse", "T-2.16", "ga4 reverse vs generic", check_g4_reverse },
    { "ga.ga4.rotor_apply", "B-3 T-2.20", "ga4 R x R~ vs generic (any even R)", check_g4_apply },
    { "ga.ga4.rotor_matrix", "B-3", "ga4 rotor->matrix vs generic (any even R)", check_g4_matrix },
    { "ga.ga4.biv_matrix", "B-eq4", "ga4 [R]_2 vs generic (any even R)", check_g4_bivmat },
    { "ga.ga4.biv_sandwich", "B-eq4", "ga4 R B R~ vs generic (any even R)", check_g4_sandwich },
    { "ga.ga4.wedge_vb", "T-A.1", "ga4 vector^bivector (trivector) vs generic", check_g4_wedge_vb },
    { "ga.ga4.vec_biv_mul", "T-A.3", "ga4 ab and ba (vector, bivector) vs generic", check_g4_vb },
    { "ga.ga4.vec_rotor_mul", "T-A.4", "ga4 ar and ra (vector, even) vs generic", check_g4_vr },
    { "ga.ga4.biv_rotor_mul", "T-A.6", "ga4 br (bivector, even) vs generic", check_g4_br },
    { "ga.ga4.rotor_exp", "P-C.2 B-3", "ga4 closed-form exp vs generic series", check_g4_exp },
    { "ga.ga4.biv_split", "P-C.2",
      "4D split into commuting simple bivectors; exp(B) = exp(B1)exp(B2)", check_g4_split },
    { "ga.ga4.rotor_log", "P-1.5 P-C.2", "exp(log R) = R, log(exp B) = B in the principal domain",
      check_g4_log },
    { "ga.ga4.rotor_renormalize", "B-4.renorm",
      "exact projection onto Spin(4): unit, nearest, idempotent", check_g4_renormalize },
    { "ga.ga4.rotor_from_frames", "B-8drag", "rotor between two random orthonormal frames",
      check_g4_from_frames },
};

AK_TOPIC(ga_ga4, CHECKS)
