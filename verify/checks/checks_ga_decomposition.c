// Group "ga": invariant decomposition, rotor log (n = 2..5), PGA motor exp and log
#include "verify/checks/checks_ga_common.h"

// ---- invariant decomposition, rotor log (n = 2..5), PGA motor exp and log -------------------------

// A bivector of R^n with split angles t1, t2 in random orthogonal planes: R (t1 e_01 + t2 e_23) R~
// for a random rotor R (t2 is ignored for n < 4).
static void biv_angles_nd(gsl_rng *r, int n, double t1, double t2, double out[]) {
    double R[AK_MAX_EVEN], b[AK_MAX_BIV] = { 0 }, s;
    ga_rand_rotor(r, n, R);
    b[ak_nd_biv_index(n, 0, 1, &s)] = t1;
    if (n >= 4) b[ak_nd_biv_index(n, 2, 3, &s)] = t2;
    ak_nd_biv_sandwich(n, out, R, b);
}

// Angles from 1e-9 to pi - 1e-9: log-uniform near 0, uniform, and log-uniform near pi, in turn.
static double angle_sched(gsl_rng *r, long s) {
    double lo = 1e-9, a;
    switch (s % 3) {
        case 0: a = exp(log(lo) * gsl_rng_uniform(r)); break; // 1e-9 .. 1
        case 1: a = M_PI * gsl_rng_uniform(r); break;
        default: a = M_PI - exp(log(lo) * gsl_rng_uniform(r)); break; // pi - 1 .. pi - 1e-9
    }
    return fmin(fmax(a, lo), M_PI - lo);
}

// Generic exponential of an n-D Euclidean bivector, as an nd even element.
static void cl_exp_nd(int n, double R[], const double b[]) {
    ak_cl_mv B, E;
    ak_cl_from_biv(&B, n, b);
    ak_cl_exp(&E, &B);
    ak_cl_to_even(R, n, &E);
}

// Near the cut the log is ill-conditioned: a plane angle th near pi amplifies rounding by
// 1/sin th. Returns min(1, sin th) for th > pi/2 (1 otherwise), the factor that scales errors back.
static double cut_scale(double th) { return th > M_PI / 2 ? fmin(1.0, sin(th)) : 1.0; }

// The split: parts sum to B, commute, are 2-blades (U ^ U = 0), have the prescribed angles, and
// exp(B) (generic series) = exp(th1 U1) exp(th2 U2) (generic series of each part), n = 2..5.
static void check_nd_split(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(140);
    long samples = ak_samples(c, 2500, 250);
    double e_sum = 0, e_comm = 0, e_simple = 0, e_ang = 0, e_exp = 0;
    for (int n = 2; n <= 5; n++)
        for (long s = 0; s < samples; s++) {
            double t1 = 3 * gsl_rng_uniform(r), t2 = n >= 4 ? t1 * gsl_rng_uniform(r) : 0.0;
            if (n >= 4 && s % 10 == 0) t2 = t1;        // isoclinic
            if (n >= 4 && s % 10 == 1) t2 = 1e-9 * t1; // nearly simple
            double b[AK_MAX_BIV], U[2][AK_MAX_BIV], th[2];
            biv_angles_nd(r, n, t1, t2, b);
            ak_nd_biv_split(n, U, th, b);
            e_ang = fmax(e_ang, fmax(fabs(th[0] - t1), fabs(th[1] - t2)));
            int k = ak_nd_nbiv(n);
            for (int q = 0; q < k; q++)
                e_sum = fmax(e_sum, fabs(th[0] * U[0][q] + th[1] * U[1][q] - b[q]));
            ak_cl_mv c1, c2, p, q2, B;
            ak_cl_from_biv(&c1, n, U[0]);
            ak_cl_from_biv(&c2, n, U[1]);
            ak_cl_gp(&p, &c1, &c2);
            ak_cl_gp(&q2, &c2, &c1);
            e_comm = fmax(e_comm, ak_cl_dist(&p, &q2));
            ak_cl_op(&p, &c1, &c1);
            ak_cl_op(&q2, &c2, &c2);
            e_simple = fmax(e_simple, fmax(ak_cl_max_abs(&p), ak_cl_max_abs(&q2)));
            ak_cl_scale(&c1, &c1, th[0]);
            ak_cl_scale(&c2, &c2, th[1]);
            ak_cl_exp(&p, &c1);
            ak_cl_exp(&q2, &c2);
            ak_cl_gp(&p, &p, &q2);
            ak_cl_from_biv(&B, n, b);
            ak_cl_exp(&q2, &B);
            e_exp = fmax(e_exp, ak_cl_dist(&p, &q2));
        }
    gsl_rng_free(r);
    ak_measure(c, e_sum, TOL_ROUNDOFF,
               "max |th1 U1 + th2 U2 - B| = %.2g (n = 2..5, %ld bivectors each, 10%% isoclinic)",
               e_sum, samples);
    ak_measure(c, e_comm, TOL_TRANSCEND, "max |U1U2 - U2U1| = %.2g (generic products)", e_comm);
    ak_measure(c, e_simple, TOL_TRANSCEND, "max |Uk ^ Uk| = %.2g", e_simple);
    ak_measure(c, e_ang, TOL_TRANSCEND, "angles: max error %.2g", e_ang);
    ak_measure(c, e_exp, TOL_TRANSCEND,
               "max |exp B - exp(th1U1) exp(th2U2)| = %.2g, all generic series", e_exp);
}

// The n-D rotor log: exp(log R) = R through the generic exponential for random unit rotors and
// the special ones (identity, -1, half-turns, isoclinic 4D); log(exp B) = B inside the principal
// range (th1 + th2 <= pi - 1e-9; errors scaled by the conditioning near the cut); n = 4 against
// the hand-written ga4 log, n = 5 against ga4 on rotors of a 4-space embedded in R^5.
static void check_nd_log(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(141);
    long samples = ak_samples(c, 2500, 250);
    double e_el[6] = { 0 }, e_le[6] = { 0 }, e_g4 = 0, e_g5 = 0, e_spec = 0;
    for (int n = 2; n <= 5; n++) {
        int ne = ak_nd_neven(n), k = ak_nd_nbiv(n);
        for (long s = 0; s < samples; s++) {
            double R[AK_MAX_EVEN], L[AK_MAX_BIV], E[AK_MAX_EVEN], b[AK_MAX_BIV];
            ga_rand_rotor(r, n, R);
            ak_nd_rotor_log(n, L, R);
            cl_exp_nd(n, E, L);
            e_el[n] = fmax(e_el[n], ga_maxdiff(ne, E, R));
            double t1 = angle_sched(r, s), t2 = 0.0;
            if (n >= 4) {
                t2 = (M_PI - 1e-9 - t1) * gsl_rng_uniform(r);
                if (s % 10 == 0)
                    t2 = fmin(t1, M_PI - 1e-9 - t1); // isoclinic where the range allows
                if (t2 > t1) {
                    double t = t1;
                    t1 = t2;
                    t2 = t;
                }
            }
            biv_angles_nd(r, n, t1, t2, b);
            cl_exp_nd(n, E, b);
            ak_nd_rotor_log(n, L, E);
            double sc = fmin(cut_scale(t1), cut_scale(t1 + t2));
            e_le[n] = fmax(e_le[n], ga_maxdiff(k, L, b) * sc);
            if (n == 4) {
                double G[6];
                ak_biv4 g = ak_ga4_rotor_log(ga_r4(R));
                ga_from_b4(G, g);
                ak_nd_rotor_log(4, L, R);
                e_g4 = fmax(e_g4, ga_maxdiff(6, G, L));
            }
            if (n == 5) { // a 4D rotor embedded on e_0..e_3, carried to a random 4-space by Q
                double R4[8], R5[AK_MAX_EVEN] = { 0 }, Q[AK_MAX_EVEN], Qr[AK_MAX_EVEN],
                              T[AK_MAX_EVEN], P[AK_MAX_EVEN];
                double G[6], G5[AK_MAX_BIV] = { 0 }, W[AK_MAX_BIV], sg;
                ga_rand_rotor(r, 4, R4);
                for (int e = 0; e < 8; e++) R5[ak_nd_even_index(5, ak_nd_even_mask(4, e))] = R4[e];
                ga_from_b4(G, ak_ga4_rotor_log(ga_r4(R4)));
                for (int q = 0; q < 6; q++) {
                    int i, j;
                    ak_nd_biv_pair(4, q, &i, &j);
                    G5[ak_nd_biv_index(5, i, j, &sg)] = G[q];
                }
                ga_rand_rotor(r, 5, Q);
                ak_nd_rotor_reverse(5, Qr, Q);
                ak_nd_rotor_mul(5, T, Q, R5);
                ak_nd_rotor_mul(5, P, T, Qr);
                ak_nd_rotor_log(5, L, P);
                ak_nd_biv_sandwich(5, W, Q, G5);
                e_g5 = fmax(e_g5, ga_maxdiff(10, W, L));
            }
        }
        // special rotors: identity, -1, a half-turn of the points (rotor angle pi/2), and in
        // n >= 4 the isoclinic pi/2 double rotation e_0123 and the isoclinic pi/4 one.
        double S[4][AK_MAX_EVEN] = { { 0 } };
        S[0][0] = 1.0;
        S[1][0] = -1.0;
        ak_nd_rotor_plane(n, S[2], 0, 1, M_PI);
        int nsp = 3;
        if (n >= 4) {
            double b[AK_MAX_BIV] = { 0 }, sg;
            S[3][ak_nd_even_index(n, 15u)] = 1.0;
            nsp = 4;
            b[ak_nd_biv_index(n, 0, 1, &sg)] = b[ak_nd_biv_index(n, 2, 3, &sg)] = M_PI / 4;
            double E[AK_MAX_EVEN], L[AK_MAX_BIV];
            cl_exp_nd(n, E, b);
            ak_nd_rotor_log(n, L, E);
            e_spec = fmax(e_spec, ga_maxdiff(k, L, b));
        }
        for (int i = 0; i < nsp; i++) {
            double L[AK_MAX_BIV], E[AK_MAX_EVEN];
            ak_nd_rotor_log(n, L, S[i]);
            cl_exp_nd(n, E, L);
            e_spec = fmax(e_spec, ga_maxdiff(ne, E, S[i]));
        }
    }
    gsl_rng_free(r);
    ak_measure(
        c, fmax(fmax(e_el[2], e_el[3]), fmax(e_el[4], e_el[5])), TOL_TRANSCEND,
        "exp(log R) = R (generic exp): n=2:%.2g 3:%.2g 4:%.2g 5:%.2g over %ld unit rotors each",
        e_el[2], e_el[3], e_el[4], e_el[5], samples);
    ak_measure(c, fmax(fmax(e_le[2], e_le[3]), fmax(e_le[4], e_le[5])), TOL_TRANSCEND,
               "log(exp B) = B, th1+th2 <= pi-1e-9, error x min(1, sin th) near the cut: n=2:%.2g "
               "3:%.2g 4:%.2g 5:%.2g",
               e_le[2], e_le[3], e_le[4], e_le[5]);
    ak_measure(c, e_g4, TOL_TRANSCEND,
               "n = 4: max |nd log - ga4 log| = %.2g over random unit rotors", e_g4);
    ak_measure(c, e_g5, TOL_TRANSCEND,
               "n = 5: rotors of a random 4-space: max |nd log - Q (ga4 log) Q~| = %.2g", e_g5);
    ak_measure(c, e_spec, TOL_TRANSCEND,
               "identity, -1, half-turn, isoclinic e_0123 and pi/4: max error %.2g", e_spec);
}

// PGA multivector <-> generic Cl(d,0,1): the same bitmask layout (bit 0 = e0, the null vector).
static void pga_to_cl(int d, ak_cl_mv *out, const double X[]) {
    ak_cl_zero(out, d, 0, 1);
    for (int x = 0; x < ak_pga_size(d); x++) out->c[x] = X[x];
}

static double pga_cl_dist(int d, const double X[], const ak_cl_mv *Y) {
    double m = 0.0;
    for (int x = 0; x < ak_pga_size(d); x++) m = fmax(m, fabs(X[x] - Y->c[x]));
    return m;
}

// A PGA bivector Be + e0 v with prescribed Euclidean split angles and a random v (|v_i| <= 2).
static void pga_biv_angles(gsl_rng *r, int d, double t1, double t2, double B[]) {
    double be[AK_MAX_BIV], v[AK_MAX_DIM];
    biv_angles_nd(r, d, t1, t2, be);
    for (int i = 0; i < d; i++) v[i] = 2.0 * ga_uni(r);
    ak_pga_rate_from(d, B, be, v);
}

// Closed-form motor exponential against the generic series in Cl(d,0,1), d = 2..5, rotation
// angles from 1e-9 to pi - 1e-9 (each plane), 10% isoclinic and 10% pure translations.
static void check_pga_motor_exp(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(142);
    long samples = ak_samples(c, 10000, 1000);
    double e[6] = { 0 };
    for (int d = 2; d <= 5; d++)
        for (long s = 0; s < samples; s++) {
            double t1 = angle_sched(r, s), t2 = d >= 4 ? angle_sched(r, s / 3 + 1) : 0.0,
                   B[AK_PGA_MAX], M[AK_PGA_MAX];
            if (d >= 4 && s % 10 == 0) t2 = t1;
            if (s % 10 == 5) t1 = t2 = 0.0; // pure translation
            pga_biv_angles(r, d, t1, t2, B);
            ak_pga_motor_exp(d, M, B);
            ak_cl_mv Bc, Ec;
            pga_to_cl(d, &Bc, B);
            ak_cl_exp(&Ec, &Bc);
            e[d] = fmax(e[d], pga_cl_dist(d, M, &Ec));
        }
    gsl_rng_free(r);
    double w = fmax(fmax(e[2], e[3]), fmax(e[4], e[5]));
    ak_value(c, "max_err", w);
    ak_measure(
        c, w, TOL_TRANSCEND,
        "max |closed form - generic series| d=2:%.2g 3:%.2g 4:%.2g 5:%.2g over %ld bivectors each",
        e[2], e[3], e[4], e[5], samples);
}

// Motor log: exp(log M) = M (generic exponential) for random unit motors T R and the special
// ones; log(exp B) = B inside the principal range, errors scaled by min(1, sin th) near the cut.
static void check_pga_motor_log(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(143);
    long samples = ak_samples(c, 2500, 250);
    double e_el = 0, e_le = 0, e_spec = 0, e_small = 0, e_cut2 = 0, e_in = 0;
    for (int d = 2; d <= 5; d++) {
        int N = ak_pga_size(d);
        for (long s = 0; s < samples; s++) {
            double R[AK_MAX_EVEN], x[AK_MAX_DIM], M[AK_PGA_MAX], L[AK_PGA_MAX], B[AK_PGA_MAX],
                E[AK_PGA_MAX];
            ga_rand_rotor(r, d, R);
            for (int i = 0; i < d; i++) x[i] = 3.0 * ga_uni(r);
            ak_pga_motor_from(d, M, R, x);
            ak_pga_motor_log(d, L, M);
            ak_cl_mv Lc, Ec;
            pga_to_cl(d, &Lc, L);
            ak_cl_exp(&Ec, &Lc);
            e_el = fmax(e_el, pga_cl_dist(d, M, &Ec));
            double t1 = angle_sched(r, s), t2 = 0.0;
            if (d >= 4) {
                t2 = (M_PI - 1e-9 - t1) * gsl_rng_uniform(r);
                if (s % 10 == 0) t2 = fmin(t1, M_PI - 1e-9 - t1);
                if (t2 > t1) {
                    double t = t1;
                    t1 = t2;
                    t2 = t;
                }
            }
            pga_biv_angles(r, d, t1, t2, B);
            pga_to_cl(d, &Lc, B);
            ak_cl_exp(&Ec, &Lc);
            for (int i = 0; i < N; i++) E[i] = Ec.c[i];
            ak_pga_motor_log(d, L, E);
            // Conditioning near the cut (th1 -> pi): the in-plane translation is divided by sin th1;
            // for d >= 3 the plane itself comes from a rotor near -1 (in one half, 4D), so it is
            // known to eps/sin(th1 + th2) only, and tilting it moves O(|v|) translation in or out
            // of the plane: errors grow like eps/(sin th1 sin(th1 + th2)), inherently (the
            // Jacobian of exp has both factors). 2D has a fixed plane: eps/sin th1.
            double sc = d < 3 ? cut_scale(t1) : cut_scale(t1) * cut_scale(t1 + t2);
            e_le = fmax(e_le, ga_maxdiff(N, L, B) * sc);
            if (t1 + t2 <= 0.99 * M_PI) e_in = fmax(e_in, ga_maxdiff(N, L, B));
            if (t1 < 1e-6) e_small = fmax(e_small, ga_maxdiff(N, L, B));
        }
        // special motors: pure translation; pure rotation about a point off the origin (T R T~);
        // a half-turn of the points (rotor angle pi/2) with translation; a full turn (R = -1)
        // with translation; in 4D/5D the isoclinic double half-turn e_0123 with translation.
        double Rs[4][AK_MAX_EVEN] = { { 0 } }, x[AK_MAX_DIM];
        Rs[0][0] = 1.0;
        ak_nd_rotor_plane(d, Rs[1], 0, 1, 1.3);
        ak_nd_rotor_plane(d, Rs[2], 0, d - 1, M_PI);
        Rs[3][0] = -1.0;
        for (int i = 0; i < d; i++) x[i] = 0.7 + 0.3 * i;
        for (int k = 0; k < 5; k++) {
            double M[AK_PGA_MAX], L[AK_PGA_MAX], T[AK_PGA_MAX], Rot[AK_PGA_MAX], Tr[AK_PGA_MAX],
                W[AK_PGA_MAX], z[AK_MAX_DIM] = { 0 };
            // In 2D the full turn with a translation, -T(x), is no exponential (exp(th U + e0 v)
            // tends to -1 as th -> pi, whatever v): the log returns the full turn alone.
            bool no_log = d == 2 && k == 3;
            if (k == 4) {
                if (d < 4) continue;
                double Ri[AK_MAX_EVEN] = { 0 };
                Ri[ak_nd_even_index(d, 15u)] = 1.0;
                ak_pga_motor_from(d, M, Ri, x);
            } else if (k == 1) { // T R T~: a rotation about the point x
                double one[AK_MAX_EVEN] = { 1.0 };
                ak_pga_motor_from(d, T, one, x);
                ak_pga_motor_from(d, Rot, Rs[1], z);
                ak_pga_reverse(d, Tr, T);
                ak_pga_mul(d, W, T, Rot);
                ak_pga_mul(d, M, W, Tr);
            } else {
                ak_pga_motor_from(d, M, Rs[k], x);
            }
            ak_pga_motor_log(d, L, M);
            ak_cl_mv Lc, Ec;
            pga_to_cl(d, &Lc, L);
            ak_cl_exp(&Ec, &Lc);
            if (no_log) {
                double m1[AK_PGA_MAX] = { -1.0 };
                e_cut2 = pga_cl_dist(d, m1, &Ec);
            } else {
                e_spec = fmax(e_spec, pga_cl_dist(d, M, &Ec));
            }
        }
    }
    gsl_rng_free(r);
    ak_measure(c, e_el, TOL_TRANSCEND,
               "exp(log M) = M (generic exp), random unit motors T R, |x_i| <= 3, d = 2..5: %.2g",
               e_el);
    ak_measure(c, e_le, TOL_TRANSCEND,
               "log(exp B) = B, angles 1e-9 .. th1+th2 <= pi-1e-9, error x sin th1 (d >= 3: x sin "
               "th1 sin(th1+th2)) near the cut: %.2g",
               e_le);
    ak_measure(c, e_in, TOL_LOG_ROUNDTRIP, "log(exp B) = B unscaled for th1 + th2 <= 0.99 pi: %.2g",
               e_in);
    ak_measure(c, e_small, TOL_TRANSCEND,
               "log(exp B) = B unscaled for th1 < 1e-6 (no small-angle threshold): %.2g", e_small);
    ak_measure(c, e_spec, TOL_TRANSCEND,
               "exp(log M) = M for a pure translation, a rotation about a point, a half-turn, a "
               "full turn (R = -1) and the isoclinic e_0123: %.2g",
               e_spec);
    ak_measure(c, e_cut2, TOL_ROUNDOFF,
               "2D: -T(x) (no exponential): exp(log M) = -1 to %.2g, the documented cut", e_cut2);
}

static const ak_check CHECKS[] = {
    { "ga.nd.biv_split", "P-C.2",
      "n-D invariant decomposition into commuting 2-blades vs generic products and exp, n=2..5",
      check_nd_split },
    { "ga.nd.rotor_log", "P-1.5 P-C.2",
      "n-D rotor log: exp(log R) = R, log(exp B) = B, vs ga4 log, n=2..5", check_nd_log },
    { "ga.pga.motor_exp", "P-1.5 P-2.5.4 P-C.2",
      "PGA motor exp (closed form) vs generic series in Cl(d,0,1), d=2..5", check_pga_motor_exp },
    { "ga.pga.motor_log", "P-1.5",
      "PGA motor log: exp(log M) = M, log(exp B) = B, special motors, d=2..5",
      check_pga_motor_log },
};

AK_TOPIC(ga_decomposition, CHECKS)
