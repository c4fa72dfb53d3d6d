// Group "ga": generic algebra self-checks
#include "verify/checks/checks_ga_common.h"

// ---- generic algebra self-checks ------------------------------------------------------------------

// Identities that tie the products of cl.c to each other, in several signatures: associativity,
// x _| A = (x A - A^ x)/2 and x ^ A = (x A + A^ x)/2 for vectors x (P-C.2's eq. C.2 pair),
// undual(dual A) = A, and the reverse of a product.
static void check_cl_identities(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(1);
    long samples = ak_samples(c, 2000, 200);
    const int sig[][3] = { { 4, 0, 0 }, { 3, 0, 1 }, { 5, 0, 0 },
                           { 2, 2, 1 }, { 4, 0, 1 }, { 6, 0, 1 } };
    double e_assoc = 0, e_split = 0, e_dual = 0, e_rev = 0;
    for (size_t k = 0; k < sizeof sig / sizeof sig[0]; k++)
        for (long s = 0; s < (sig[k][0] + sig[k][1] + sig[k][2] > 5 ? samples / 10 : samples);
             s++) {
            ak_cl_mv A, B, C, X, t1, t2, t3;
            ak_cl_zero(&A, sig[k][0], sig[k][1], sig[k][2]);
            B = C = X = A;
            int n = ak_cl_dim(&A);
            for (unsigned m = 0; m < (1u << n); m++) {
                A.c[m] = ga_uni(r);
                B.c[m] = ga_uni(r);
                C.c[m] = ga_uni(r);
            }
            for (int i = 0; i < n; i++) X.c[1u << i] = ga_uni(r);
            ak_cl_gp(&t1, &A, &B);
            ak_cl_gp(&t1, &t1, &C);
            ak_cl_gp(&t2, &B, &C);
            ak_cl_gp(&t2, &A, &t2);
            e_assoc = fmax(e_assoc, ak_cl_dist(&t1, &t2) / fmax(1.0, ak_cl_max_abs(&t1)));
            ak_cl_mv xa, ax, ah, lc, op;
            ak_cl_involute(&ah, &A);
            ak_cl_gp(&xa, &X, &A);
            ak_cl_gp(&ax, &ah, &X);
            ak_cl_lc(&lc, &X, &A);
            ak_cl_op(&op, &X, &A);
            ak_cl_sub(&t1, &xa, &ax);
            ak_cl_scale(&t1, &t1, 0.5);
            ak_cl_add(&t2, &xa, &ax);
            ak_cl_scale(&t2, &t2, 0.5);
            e_split = fmax(e_split, fmax(ak_cl_dist(&t1, &lc), ak_cl_dist(&t2, &op)));
            ak_cl_dual(&t1, &A);
            ak_cl_undual(&t1, &t1);
            e_dual = fmax(e_dual, ak_cl_dist(&t1, &A));
            ak_cl_gp(&t1, &A, &B); // (AB)~ = B~ A~
            ak_cl_reverse(&t1, &t1);
            ak_cl_reverse(&t2, &A);
            ak_cl_reverse(&t3, &B);
            ak_cl_gp(&t2, &t3, &t2);
            e_rev = fmax(e_rev, ak_cl_dist(&t1, &t2) / fmax(1.0, ak_cl_max_abs(&t1)));
        }
    gsl_rng_free(r);
    ak_measure(c, e_assoc, TOL_ROUNDOFF, "|(AB)C-A(BC)|/max|(AB)C| max %.2g", e_assoc);
    ak_measure(c, e_split, TOL_ROUNDOFF, "x_|A,x^A vs (xA -+ A^x)/2 max %.2g", e_split);
    ak_measure(c, e_dual, TOL_EXACT, "undual(dual A)-A max %.2g", e_dual);
    ak_measure(c, e_rev, TOL_ROUNDOFF,
               "|(AB)~-B~A~|/max|AB| max %.2g; %ld samples in each of Cl(4,0,0) Cl(3,0,1) "
               "Cl(5,0,0) Cl(2,2,1) Cl(4,0,1), %ld in Cl(6,0,1)",
               e_rev, samples, samples / 10);
}

// P-C.2: a 3D PGA bivector B splits as B (1 - B^B~/(2 B.B~)) + B (B^B~)/(2 B.B~), two commuting
// 2-blades. Checked in Cl(3,0,1) with the generic algebra.
static void check_pga_split(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(2);
    long samples = ak_samples(c, 10000, 1000);
    double e_sum = 0, e_blade = 0, e_comm = 0;
    for (long s = 0; s < samples; s++) {
        ak_cl_mv B, Br, BB, E, V, t1, t2;
        ak_cl_zero(&B, 3, 0, 1);
        for (unsigned m = 0; m < 16; m++)
            if (ak_cl_grade(m) == 2) B.c[m] = ga_uni(r);
        ak_cl_reverse(&Br, &B);
        ak_cl_gp(&BB, &B, &Br);
        double dot = BB.c[0];    // B . B~
        double wedge = BB.c[15]; // B ^ B~ (coefficient of e0123)
        ak_cl_mv ratio;
        ak_cl_blade(&ratio, 3, 0, 1, 15, 0.5 * wedge / dot);
        ak_cl_gp(&V, &B, &ratio); // vanishing part
        ak_cl_sub(&E, &B, &V);    // Euclidean part
        ak_cl_add(&t1, &E, &V);
        e_sum = fmax(e_sum, ak_cl_dist(&t1, &B));
        ak_cl_op(&t1, &E, &E);
        ak_cl_op(&t2, &V, &V);
        e_blade = fmax(e_blade, fmax(ak_cl_max_abs(&t1), ak_cl_max_abs(&t2)));
        ak_cl_gp(&t1, &E, &V);
        ak_cl_gp(&t2, &V, &E);
        e_comm = fmax(e_comm, ak_cl_dist(&t1, &t2));
    }
    gsl_rng_free(r);
    ak_measure(c, e_blade, TOL_ROUNDOFF, "max |E^E|,|V^V| = %.2g (both 2-blades)", e_blade);
    ak_measure(c, e_comm, TOL_ROUNDOFF, "max |EV-VE| = %.2g", e_comm);
    ak_measure(c, e_sum, TOL_ROUNDOFF, "max |E+V-B| = %.2g over %ld random 3D PGA bivectors", e_sum,
               samples);
}

static const ak_check CHECKS[] = {
    { "ga.cl.identities", "T-2.4 T-2.15 T-2.16 P-C.2",
      "generic algebra: associativity, x_|A and x^A from xA and A^x, dual/undual, reverse of a "
      "product",
      check_cl_identities },
    { "ga.pga.split", "P-C.2",
      "P-C.2 split of 3D PGA bivectors into commuting 2-blades, generic algebra", check_pga_split },
};

AK_TOPIC(ga_generic, CHECKS)
