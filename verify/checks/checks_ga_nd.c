// Group "ga": n-D types against the generic algebra
#include "verify/checks/checks_ga_common.h"

// ---- n-D types against the generic algebra ------------------------------------------------------

typedef enum {
    OP_WEDGE,
    OP_CONTRACT,
    OP_RSTAR,
    OP_COMMUTATOR,
    OP_MUL,
    OP_REVERSE,
    OP_APPLY,
    OP_MATRIX,
    OP_BIVMAT,
    OP_SANDWICH,
    OP_EXP
} nd_op;

// Largest difference between one nd.h operation and the same operation in cl, over random inputs.
static double nd_vs_cl(nd_op op, int n, long samples, gsl_rng *r) {
    double worst = 0.0;
    for (long s = 0; s < samples; s++) {
        double a[AK_MAX_DIM], b[AK_MAX_DIM], A[AK_MAX_BIV], B[AK_MAX_BIV], P[AK_MAX_EVEN],
            Q[AK_MAX_EVEN];
        double got[AK_MAX_BIV * AK_MAX_BIV], want[AK_MAX_BIV * AK_MAX_BIV];
        int len = 0;
        ak_cl_mv ca, cb, cA, cR, cRr, t;
        ga_rand_vec(r, n, a);
        ga_rand_vec(r, n, b);
        ga_rand_biv(r, n, A);
        ga_rand_biv(r, n, B);
        ak_cl_from_vec(&ca, n, a);
        ak_cl_from_vec(&cb, n, b);
        ak_cl_from_biv(&cA, n, A);
        switch (op) {
            case OP_WEDGE:
                ak_nd_wedge(n, got, a, b);
                ak_cl_op(&t, &ca, &cb);
                ak_cl_to_biv(want, n, &t);
                len = ak_nd_nbiv(n);
                break;
            case OP_CONTRACT:
                ak_nd_contract(n, got, a, A);
                ak_cl_lc(&t, &ca, &cA);
                ak_cl_to_vec(want, n, &t);
                len = n;
                break;
            case OP_RSTAR: { // [r]* a = r ^ a and [r]*^T w = r _| w
                double S[AK_MAX_BIV * AK_MAX_DIM];
                int k = ak_nd_nbiv(n);
                ak_nd_rstar(n, S, a);
                for (int i = 0; i < k; i++) {
                    got[i] = 0;
                    for (int j = 0; j < n; j++) got[i] += S[i * n + j] * b[j];
                }
                for (int j = 0; j < n; j++) {
                    got[k + j] = 0;
                    for (int i = 0; i < k; i++) got[k + j] += S[i * n + j] * A[i];
                }
                ak_cl_op(&t, &ca, &cb);
                ak_cl_to_biv(want, n, &t);
                ak_cl_lc(&t, &ca, &cA);
                ak_cl_to_vec(want + k, n, &t);
                len = k + n;
                break;
            }
            case OP_COMMUTATOR: {
                ak_cl_mv cB, ab, ba;
                ak_nd_commutator(n, got, A, B);
                ak_cl_from_biv(&cB, n, B);
                ak_cl_gp(&ab, &cA, &cB);
                ak_cl_gp(&ba, &cB, &cA);
                ak_cl_sub(&t, &ab, &ba);
                ak_cl_scale(&t, &t, 0.5);
                ak_cl_to_biv(want, n, &t);
                len = ak_nd_nbiv(n);
                break;
            }
            case OP_MUL: {
                ak_cl_mv cp, cq;
                ga_rand_even(r, n, P);
                ga_rand_even(r, n, Q);
                ak_nd_rotor_mul(n, got, P, Q);
                ak_cl_from_even(&cp, n, P);
                ak_cl_from_even(&cq, n, Q);
                ak_cl_gp(&t, &cp, &cq);
                ak_cl_to_even(want, n, &t);
                len = ak_nd_neven(n);
                break;
            }
            case OP_REVERSE:
                ga_rand_even(r, n, P);
                ak_nd_rotor_reverse(n, got, P);
                ak_cl_from_even(&t, n, P);
                ak_cl_reverse(&t, &t);
                ak_cl_to_even(want, n, &t);
                len = ak_nd_neven(n);
                break;
            case OP_APPLY:
            case OP_MATRIX:
            case OP_BIVMAT:
            case OP_SANDWICH:
                ga_rand_rotor_cl(r, n, &cR);
                ak_cl_to_even(P, n, &cR);
                ak_cl_reverse(&cRr, &cR);
                if (op == OP_APPLY) {
                    ak_nd_rotor_apply(n, got, P, a);
                    ak_cl_gp(&t, &cR, &ca);
                    ak_cl_gp(&t, &t, &cRr);
                    ak_cl_to_vec(want, n, &t);
                    len = n;
                } else if (op == OP_MATRIX) {
                    ak_nd_rotor_to_matrix(n, got, P);
                    for (int j = 0; j < n; j++) {
                        ak_cl_mv e;
                        ak_cl_blade(&e, n, 0, 0, 1u << j, 1.0);
                        ak_cl_gp(&t, &cR, &e);
                        ak_cl_gp(&t, &t, &cRr);
                        for (int i = 0; i < n; i++) want[i * n + j] = t.c[1u << i];
                    }
                    len = n * n;
                } else if (op == OP_BIVMAT) {
                    int k = ak_nd_nbiv(n);
                    ak_nd_rotor_biv_matrix(n, got, P);
                    for (int j = 0; j < k; j++) {
                        double ej[AK_MAX_BIV] = { 0 }, col[AK_MAX_BIV];
                        ej[j] = 1.0;
                        ak_cl_mv e;
                        ak_cl_from_biv(&e, n, ej);
                        ak_cl_gp(&t, &cR, &e);
                        ak_cl_gp(&t, &t, &cRr);
                        ak_cl_to_biv(col, n, &t);
                        for (int i = 0; i < k; i++) want[i * k + j] = col[i];
                    }
                    len = k * k;
                } else {
                    ak_nd_biv_sandwich(n, got, P, A);
                    ak_cl_gp(&t, &cR, &cA);
                    ak_cl_gp(&t, &t, &cRr);
                    ak_cl_to_biv(want, n, &t);
                    len = ak_nd_nbiv(n);
                }
                break;
            case OP_EXP:
                for (int k = 0; k < ak_nd_nbiv(n); k++) A[k] *= 3.0; // angles up to ~3 per plane
                ak_nd_rotor_exp(n, got, A);
                ak_cl_from_biv(&cA, n, A);
                ak_cl_exp(&t, &cA);
                ak_cl_to_even(want, n, &t);
                len = ak_nd_neven(n);
                break;
        }
        worst = fmax(worst, ga_maxdiff(len, got, want));
    }
    return worst;
}

static void nd_check(ak_check_ctx *c, nd_op op, double tol, const char *what, unsigned long seed) {
    gsl_rng *r = ga_rng_new(seed);
    long samples = ak_samples(c, 10000, 1000);
    double e[AK_MAX_DIM + 1] = { 0 }, worst = 0.0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        e[n] = nd_vs_cl(op, n, samples, r);
        worst = fmax(worst, e[n]);
        char key[32];
        snprintf(key, sizeof key, "max_err_n%d", n);
        ak_value(c, key, e[n]);
    }
    gsl_rng_free(r);
    ak_measure(c, worst, tol,
               "%s: max |nd - cl| n=2:%.2g 3:%.2g 4:%.2g 5:%.2g over %ld random inputs per n", what,
               e[2], e[3], e[4], e[5], samples);
}

static void check_nd_wedge(ak_check_ctx *c) { nd_check(c, OP_WEDGE, TOL_ROUNDOFF, "a^b", 10); }
static void check_nd_contract(ak_check_ctx *c) {
    nd_check(c, OP_CONTRACT, TOL_ROUNDOFF, "r_|w", 11);
}
static void check_nd_rstar(ak_check_ctx *c) {
    nd_check(c, OP_RSTAR, TOL_ROUNDOFF, "[r]*a = r^a and [r]*^T w = r_|w", 12);
}
static void check_nd_commutator(ak_check_ctx *c) {
    nd_check(c, OP_COMMUTATOR, TOL_ROUNDOFF, "(ab-ba)/2", 13);
}
static void check_nd_mul(ak_check_ctx *c) { nd_check(c, OP_MUL, TOL_ROUNDOFF, "even*even", 14); }
static void check_nd_reverse(ak_check_ctx *c) { nd_check(c, OP_REVERSE, TOL_EXACT, "reverse", 15); }
static void check_nd_apply(ak_check_ctx *c) { nd_check(c, OP_APPLY, TOL_ROUNDOFF, "R x R~", 16); }
static void check_nd_matrix(ak_check_ctx *c) {
    nd_check(c, OP_MATRIX, TOL_ROUNDOFF, "rotor->matrix", 17);
}
static void check_nd_bivmat(ak_check_ctx *c) {
    nd_check(c, OP_BIVMAT, TOL_ROUNDOFF, "[R]_2 columns = R e_ij R~", 18);
}
static void check_nd_sandwich(ak_check_ctx *c) {
    nd_check(c, OP_SANDWICH, TOL_ROUNDOFF, "R B R~", 19);
}
static void check_nd_exp(ak_check_ctx *c) {
    nd_check(c, OP_EXP, TOL_TRANSCEND, "exp(B), |B_ij| <= 3", 20);
}

// Identities of the n-D rotors: associativity of the product, R R~ = 1, [R]_2 orthogonal with
// det +1 implied by continuity, sandwiches that keep the grade (cl shows no other grade) and norm.
static void check_nd_identities(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(21);
    long samples = ak_samples(c, 10000, 1000);
    double e_assoc = 0, e_unit = 0, e_orth = 0, e_grade = 0, e_norm = 0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
        for (long s = 0; s < samples; s++) {
            double P[AK_MAX_EVEN], Q[AK_MAX_EVEN], S[AK_MAX_EVEN], t1[AK_MAX_EVEN], t2[AK_MAX_EVEN],
                t3[AK_MAX_EVEN];
            ga_rand_even(r, n, P);
            ga_rand_even(r, n, Q);
            ga_rand_even(r, n, S);
            ak_nd_rotor_mul(n, t1, P, Q);
            ak_nd_rotor_mul(n, t2, t1, S);
            ak_nd_rotor_mul(n, t1, Q, S);
            ak_nd_rotor_mul(n, t3, P, t1);
            e_assoc = fmax(e_assoc, ga_maxdiff(ne, t2, t3));
            double R[AK_MAX_EVEN], Rr[AK_MAX_EVEN], one[AK_MAX_EVEN];
            ga_rand_rotor(r, n, R);
            ak_nd_rotor_reverse(n, Rr, R);
            ak_nd_rotor_mul(n, t1, R, Rr);
            ak_nd_rotor_identity(n, one);
            e_unit = fmax(e_unit, ga_maxdiff(ne, t1, one));
            double M2[AK_MAX_BIV * AK_MAX_BIV];
            ak_nd_rotor_biv_matrix(n, M2, R);
            for (int i = 0; i < k; i++)
                for (int j = 0; j < k; j++) {
                    double d = 0;
                    for (int q = 0; q < k; q++) d += M2[q * k + i] * M2[q * k + j];
                    e_orth = fmax(e_orth, fabs(d - (i == j)));
                }
            // Sandwich in the generic algebra: grade kept, norm kept.
            double x[AK_MAX_DIM], B[AK_MAX_BIV];
            ga_rand_vec(r, n, x);
            ga_rand_biv(r, n, B);
            ak_cl_mv cR, cRr, cx, cB, t;
            ak_cl_from_even(&cR, n, R);
            ak_cl_reverse(&cRr, &cR);
            ak_cl_from_vec(&cx, n, x);
            ak_cl_from_biv(&cB, n, B);
            for (int which = 0; which < 2; which++) {
                const ak_cl_mv *in = which ? &cB : &cx;
                int g = which ? 2 : 1;
                ak_cl_gp(&t, &cR, in);
                ak_cl_gp(&t, &t, &cRr);
                ak_cl_mv part;
                ak_cl_grade_part(&part, &t, g);
                ak_cl_mv other;
                ak_cl_sub(&other, &t, &part);
                e_grade = fmax(e_grade, ak_cl_max_abs(&other));
                e_norm = fmax(e_norm, fabs(ak_cl_norm(&part) - ak_cl_norm(in)));
            }
        }
    }
    gsl_rng_free(r);
    ak_measure(c, e_assoc, TOL_ROUNDOFF, "(PQ)S-P(QS) max %.2g", e_assoc);
    ak_measure(c, e_unit, TOL_ROUNDOFF, "R R~ - 1 max %.2g", e_unit);
    ak_measure(c, e_orth, TOL_ROUNDOFF, "[R]_2^T [R]_2 - 1 max %.2g", e_orth);
    ak_measure(c, e_grade, TOL_ROUNDOFF, "other grades of R x R~, R B R~ max %.2g", e_grade);
    ak_measure(c, e_norm, TOL_ROUNDOFF, "norm change max %.2g; %ld samples per n=2..5", e_norm,
               samples);
}

// Rotor from a rotation matrix (frame): ak_nd_rotor_from_frame(matrix(R)) = +-R, including
// half-turns (which need the two-step path), and the status codes on bad frames.
static void check_nd_from_frame(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(22);
    long samples = ak_samples(c, 10000, 1000);
    double worst = 0.0, worst_frame = 0.0;
    int bad_status = 0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int ne = ak_nd_neven(n);
        for (long s = 0; s < samples; s++) {
            double R[AK_MAX_EVEN], M[AK_MAX_DIM * AK_MAX_DIM], out[AK_MAX_EVEN],
                M2[AK_MAX_DIM * AK_MAX_DIM];
            if (s % 10 == 0) { // a half-turn in a random pair of planes: some axes reverse exactly
                ak_nd_rotor_plane(n, R, 0, 1, M_PI);
                if (n >= 4 && s % 20 == 0) {
                    double R2[AK_MAX_EVEN], R3[AK_MAX_EVEN];
                    ak_nd_rotor_plane(n, R2, 2, 3, M_PI);
                    ak_nd_rotor_mul(n, R3, R2, R);
                    memcpy(R, R3, sizeof(double) * (size_t)ne);
                }
            } else {
                ga_rand_rotor(r, n, R);
            }
            ak_nd_rotor_to_matrix(n, M, R);
            if (ak_nd_rotor_from_frame(n, out, M) != AK_GA_OK) {
                bad_status++;
                continue;
            }
            double d = 0;
            for (int k = 0; k < ne; k++) d += out[k] * R[k];
            double dm = 0, dp = 0;
            for (int k = 0; k < ne; k++) {
                dm = fmax(dm, fabs(out[k] - R[k]));
                dp = fmax(dp, fabs(out[k] + R[k]));
            }
            worst = fmax(worst, d >= 0 ? dm : dp);
            ak_nd_rotor_to_matrix(n, M2, out);
            worst_frame = fmax(worst_frame, ga_maxdiff(n * n, M, M2));
        }
        // A reflection has no rotor; a sheared frame is not a frame.
        double F[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, out[AK_MAX_EVEN];
        for (int i = 0; i < n; i++) F[i * n + i] = 1.0;
        F[(n - 1) * n + (n - 1)] = -1.0;
        if (ak_nd_rotor_from_frame(n, out, F) != AK_GA_EIMPROPER) bad_status++;
        F[(n - 1) * n + (n - 1)] = 1.0;
        F[1] = 1e-6;
        if (ak_nd_rotor_from_frame(n, out, F) != AK_GA_EFRAME) bad_status++;
    }
    gsl_rng_free(r);
    ak_expect(c, bad_status == 0,
              "status codes: %d wrong (want ok for rotations, EIMPROPER for reflections, EFRAME "
              "for shear)",
              bad_status);
    ak_measure(c, worst_frame, TOL_TRANSCEND, "max |M(from_frame(M)) - M| = %.2g", worst_frame);
    ak_measure(c, worst, TOL_TRANSCEND,
               "max |from_frame(M(R)) -+ R| = %.2g over %ld rotors per n=2..5 (10%% half-turns)",
               worst, samples);
}

// Renormalisation: a rotor with drift in every even component (scalar, bivector, grade 4) comes
// back to a unit rotor (R R~ = 1 in the generic algebra: no scalar or grade-4 drift left) close
// to the original, and a unit rotor is left unchanged.
static void check_nd_renormalize(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(23);
    long samples = ak_samples(c, 10000, 1000);
    const double drift = 1e-3;
    double e_unit = 0, e_moved = 0, e_fixed = 0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int ne = ak_nd_neven(n);
        for (long s = 0; s < samples; s++) {
            double R[AK_MAX_EVEN], D[AK_MAX_EVEN], F[AK_MAX_EVEN];
            ga_rand_rotor(r, n, R);
            memcpy(F, R, sizeof F);
            ak_nd_rotor_renormalize(n, F);
            e_fixed = fmax(e_fixed, ga_maxdiff(ne, F, R));
            for (int k = 0; k < ne; k++) D[k] = R[k] + drift * ga_uni(r);
            if (ak_nd_rotor_renormalize(n, D) != AK_GA_OK) {
                e_unit = INFINITY;
                continue;
            }
            ak_cl_mv cD, cDr, t;
            ak_cl_from_even(&cD, n, D);
            ak_cl_reverse(&cDr, &cD);
            ak_cl_gp(&t, &cD, &cDr);
            t.c[0] -= 1.0;
            e_unit = fmax(e_unit, ak_cl_max_abs(&t));
            e_moved = fmax(e_moved, ga_maxdiff(ne, D, R));
        }
    }
    gsl_rng_free(r);
    ak_measure(c, e_unit, TOL_TRANSCEND, "max |R R~ - 1| after renormalising (all grades) = %.2g",
               e_unit);
    ak_measure(c, e_fixed, TOL_TRANSCEND, "unit rotor moved by %.2g", e_fixed);
    // Each component moved by at most the drift times a small factor (sqrt(2^(n-1)) bounds a
    // Euclidean projection's move); 8x drift is generous for the n = 5 Newton-Schulz route.
    ak_measure(c, e_moved, 8 * drift,
               "max |renorm(R + drift) - R| = %.2g for drift %.0e per component, n=2..5, %ld "
               "samples per n",
               e_moved, drift, samples);
}

// B-eq4: [R]_2 I [R]_2^T acting on w equals R I(R~ w R) R~ for a random symmetric positive
// inertia map I (a k x k matrix on bivector components), and [R]_2^T = [R~]_2.
static void check_nd_inertia_rotation(ak_check_ctx *c) {
    gsl_rng *r = ga_rng_new(24);
    long samples = ak_samples(c, 10000, 1000);
    double e_map = 0, e_transpose = 0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n);
        for (long s = 0; s < samples; s++) {
            double R[AK_MAX_EVEN], Rr[AK_MAX_EVEN], I[AK_MAX_BIV * AK_MAX_BIV],
                M2[AK_MAX_BIV * AK_MAX_BIV], M2r[AK_MAX_BIV * AK_MAX_BIV];
            double w[AK_MAX_BIV], body[AK_MAX_BIV], Ib[AK_MAX_BIV], want[AK_MAX_BIV],
                got[AK_MAX_BIV];
            ga_rand_rotor(r, n, R);
            ak_nd_rotor_reverse(n, Rr, R);
            for (int i = 0; i < k; i++)
                for (int j = 0; j <= i; j++)
                    I[i * k + j] = I[j * k + i] = ga_uni(r) + (i == j ? 3.0 : 0.0);
            ga_rand_biv(r, n, w);
            // reference through sandwiches in the generic algebra
            ak_cl_mv cR, cRr, cw, t;
            ak_cl_from_even(&cR, n, R);
            ak_cl_reverse(&cRr, &cR);
            ak_cl_from_biv(&cw, n, w);
            ak_cl_gp(&t, &cRr, &cw);
            ak_cl_gp(&t, &t, &cR);
            ak_cl_to_biv(body, n, &t);
            for (int i = 0; i < k; i++) {
                Ib[i] = 0;
                for (int j = 0; j < k; j++) Ib[i] += I[i * k + j] * body[j];
            }
            ak_cl_from_biv(&t, n, Ib);
            ak_cl_gp(&t, &cR, &t);
            ak_cl_gp(&t, &t, &cRr);
            ak_cl_to_biv(want, n, &t);
            ak_nd_rotor_biv_matrix(n, M2, R);
            ak_nd_rotor_biv_matrix(n, M2r, Rr);
            for (int i = 0; i < k; i++) {
                got[i] = 0;
                for (int a = 0; a < k; a++)
                    for (int b = 0; b < k; b++)
                        for (int d = 0; d < k; d++)
                            got[i] += M2[i * k + a] * I[a * k + b] * M2[d * k + b] * w[d];
                for (int j = 0; j < k; j++)
                    e_transpose = fmax(e_transpose, fabs(M2[j * k + i] - M2r[i * k + j]));
            }
            e_map = fmax(e_map, ga_maxdiff(k, got, want));
        }
    }
    gsl_rng_free(r);
    ak_measure(c, e_map, 10 * TOL_ROUNDOFF,
               "max |[R]_2 I [R]_2^T w - R I(R~wR) R~| = %.2g (|I| <= 4)", e_map);
    ak_measure(c, e_transpose, TOL_ROUNDOFF,
               "max |[R]_2^T - [R~]_2| = %.2g; %ld samples per n=2..5", e_transpose, samples);
}

static const ak_check CHECKS[] = {
    { "ga.nd.wedge", "B-3 T-2.1", "nd a^b vs generic outer product, n=2..5", check_nd_wedge },
    { "ga.nd.contract", "B-3 B-eq3", "nd r_|w vs generic left contraction, n=2..5",
      check_nd_contract },
    { "ga.nd.rstar", "B-eq3", "nd [r]* a and [r]*^T w vs generic r^a, r_|w, n=2..5",
      check_nd_rstar },
    { "ga.nd.commutator", "B-eq2", "nd commutator vs generic (ab-ba)/2, n=2..5",
      check_nd_commutator },
    { "ga.nd.rotor_mul", "T-2.20", "nd even product vs generic geometric product, n=2..5",
      check_nd_mul },
    { "ga.nd.rotor_reverse", "T-2.16", "nd reverse vs generic reverse, n=2..5", check_nd_reverse },
    { "ga.nd.rotor_apply", "B-3 T-2.20", "nd R x R~ vs generic sandwich, n=2..5", check_nd_apply },
    { "ga.nd.rotor_matrix", "B-3", "nd rotor->matrix vs generic sandwich of the axes, n=2..5",
      check_nd_matrix },
    { "ga.nd.biv_matrix", "B-eq4", "nd [R]_2 vs generic R e_ij R~, n=2..5", check_nd_bivmat },
    { "ga.nd.biv_sandwich", "B-eq4", "nd R B R~ vs generic sandwich, n=2..5", check_nd_sandwich },
    { "ga.nd.rotor_exp", "B-3", "nd exp(B) vs generic series, n=2..5", check_nd_exp },
    { "ga.nd.identities", "T-2.15 T-2.20 B-eq4",
      "associativity, R R~ = 1, [R]_2 orthogonal, sandwich keeps grade and norm",
      check_nd_identities },
    { "ga.nd.inertia_rotation", "B-eq4",
      "[R]_2 I [R]_2^T vs R I(R~wR) R~ through generic sandwiches", check_nd_inertia_rotation },
    { "ga.nd.rotor_from_frame", "B-8drag",
      "rotor from a rotation matrix: from_frame(M(R)) = +-R, status codes", check_nd_from_frame },
    { "ga.nd.rotor_renormalize", "B-4.renorm",
      "renormalised drifted rotors are unit (generic R R~ = 1) and close", check_nd_renormalize },
};

AK_TOPIC(ga_nd, CHECKS)
