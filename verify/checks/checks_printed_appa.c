// The PGA notes' appendix A, line by line (Dorst & De Keninck 2023): every "=" of the chains that
// ga.pga.A.* compares only end to end, each on its own (oracles/pga_appendix_lines.c), and the
// body- and world-frame Newton/Euler laws A.17-A.19, A.23, A.24 against the notes' own law of
// motion (P-2.28, ak_pga_derivs, checked against vector GA by dynamics.pga_vs_vga).
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "verify/checks/checks_printed.h"
#include "ref/ga/nd.h"
#include "verify/oracles/pga_appendix_lines.h"
#include "ref/pga/pga.h"

// Which "=" of each chain is printed wrong (1) or holds (0): the verdicts of docs/errata.md.
static const int WRONG[AK_APPL_NCHAINS][7] = {
    [AK_APPL_PA9PGA] = { 0, 1, 1, 0 },     // the third member: (O + q𝓘) where O belongs
    [AK_APPL_PA8_3D_EPS] = { 1, 0, 0, 0 }, // E_1 𝓘_3 = -eps e_1, not +eps e_1
    [AK_APPL_PA8_3D_E1] = { 1, 1, 1 },     // i_1 I_b[e_2 e_3] counts i_1 twice; i_1 E_1 𝓘_3 sign
    [AK_APPL_PA22_SPLIT] = { 0, 0, 0, 1 }, // the last line drops the trailing R
    [AK_APPL_PA9] = { 0, 0, 1 },           // the last line drops m (erratum P-A.9)
    [AK_APPL_PA25] = { 0, 1, 1, 0 }, // the third member: B_b (I_C[B_b]𝓘) for B_b ^ (I_C[B_b]𝓘)
};

static void chain_check(ak_check_ctx *c, int ch) {
    const ak_appl_chain *k = &ak_appl_chains[ch];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 27 + (unsigned long)ch);
    int neq = k->nmembers - 1;
    double worst[8] = { 0 }, least[8], fixed[8];
    bool has_fix[8] = { false };
    for (int q = 0; q < 8; q++) least[q] = INFINITY, fixed[q] = 0.0;
    const int N = (int)ak_samples(c, 500, 100);
    for (int s = 0; s < N; s++) {
        double res[8];
        ak_appl_residuals(ch, r, res);
        for (int q = 0; q < neq; q++)
            worst[q] = fmax(worst[q], res[q]), least[q] = fmin(least[q], res[q]);
        for (int q = 1; q < k->nmembers; q++) {
            double f = ak_appl_corrected(ch, q, r);
            if (f >= 0) fixed[q - 1] = fmax(fixed[q - 1], f), has_fix[q - 1] = true;
        }
    }
    gsl_rng_free(r);
    for (int q = 0; q < neq; q++) {
        if (WRONG[ch][q]) {
            ak_expect(c, least[q] > 1e-3,
                      "%s (%s): \"%s = %s\" as printed fails on every one of %d instances: "
                      "|difference| from %.3g to %.3g",
                      k->id, k->where, k->members[q], k->members[q + 1], N, least[q], worst[q]);
            if (has_fix[q])
                ak_measure(c, fixed[q], 1e-12,
                           "%s: with member %d corrected (docs/errata.md) it holds to %.2e", k->id,
                           q + 2, fixed[q]);
        } else {
            ak_measure(c, worst[q], 1e-12, "%s: \"%s = %s\" holds to %.2e", k->id, k->members[q],
                       k->members[q + 1], worst[q]);
        }
    }
}

void ak_check_printed_pa9pga(ak_check_ctx *c) { chain_check(c, AK_APPL_PA9PGA); }
void ak_check_printed_pa8_3d(ak_check_ctx *c) {
    chain_check(c, AK_APPL_PA8_3D_EPS);
    chain_check(c, AK_APPL_PA8_3D_E1);
}
void ak_check_printed_pa22_split(ak_check_ctx *c) { chain_check(c, AK_APPL_PA22_SPLIT); }
void ak_check_printed_appa_chains(ak_check_ctx *c) {
    static const int CH[] = { AK_APPL_PA4,  AK_APPL_PA9,  AK_APPL_PA12, AK_APPL_PA20,
                              AK_APPL_PA22, AK_APPL_PA25, AK_APPL_PA26, AK_APPL_PB17 };
    for (size_t i = 0; i < sizeof CH / sizeof CH[0]; i++) chain_check(c, CH[i]);
}

// A.17 F_b = Pdot_b = I_b[Bdot_b], its split A.18 m vdot_b = f_b, A.19 I_C[Bdot_b] = T_b, and the
// world-frame A.23 m (vdot_w + c.Bdot_w) = f_w, A.24 R I_C[R~ Bdot_w R] R~ = T_wC, with Bdot_b
// from the notes' law P-2.28, Bdot_b = I_b^-1[B_b x I_b[B_b] + F_b]: the printed laws drop the
// commutator B_b x I_b[B_b].
void ak_check_printed_pa17(ak_check_ctx *c) {
    const int d = 3, N = ak_pga_size(d);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 17);
    double w17 = INFINITY, w18 = INFINITY, w19 = INFINITY, w23 = INFINITY, w24 = INFINITY,
           fix = 0.0;
    const int S = (int)ak_samples(c, 500, 100);
    for (int s = 0; s < S; s++) {
        // a body with a random SPD inertia (principal moments 0.3..1.3 turned by a random rotor)
        double I[9] = { 0 }, Rb[4],
               ax[3] = { 0.3 + gsl_rng_uniform(r), 0.3 + gsl_rng_uniform(r),
                         0.3 + gsl_rng_uniform(r) };
        double m = 0.5 + gsl_rng_uniform(r), bb[3], Mat[9];
        for (int q = 0; q < 3; q++) bb[q] = gsl_rng_uniform(r) - 0.5;
        ak_nd_rotor_exp(d, Rb, bb);
        ak_nd_rotor_biv_matrix(d, Mat, Rb);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                for (int q = 0; q < 3; q++) I[i * 3 + j] += Mat[i * 3 + q] * ax[q] * Mat[j * 3 + q];
        double wb[3], vb[3], fb[3], Tb[3], x0[3], bw[3], R0[4];
        for (int q = 0; q < 3; q++)
            wb[q] = 2 * gsl_rng_uniform(r) - 1, vb[q] = 2 * gsl_rng_uniform(r) - 1,
            fb[q] = 2 * gsl_rng_uniform(r) - 1, Tb[q] = 2 * gsl_rng_uniform(r) - 1,
            x0[q] = 2 * gsl_rng_uniform(r) - 1, bw[q] = gsl_rng_uniform(r) - 0.5;
        ak_nd_rotor_exp(d, R0, bw);
        double B[AK_PGA_MAX], M[AK_PGA_MAX], F[AK_PGA_MAX], Md[AK_PGA_MAX], Bd[AK_PGA_MAX],
            P[AK_PGA_MAX], IBd[AK_PGA_MAX];
        ak_pga_rate_from(d, B, wb, vb);
        ak_pga_motor_from(d, M, R0, x0);
        // F_b = f_b . O - T_b 𝓘 = I_b[eps f_b/m + I_C^-1[T_b]]: build it through the inertia map
        double Fr[AK_PGA_MAX], tb_rate[3];
        {
            double A[9];
            memcpy(A, I, sizeof A);
            // solve I tb_rate = Tb (Cramer)
            double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
                         A[2] * (A[3] * A[7] - A[4] * A[6]);
            for (int k = 0; k < 3; k++) {
                double Bm[9];
                memcpy(Bm, A, sizeof Bm);
                for (int i = 0; i < 3; i++) Bm[i * 3 + k] = Tb[i];
                tb_rate[k] = (Bm[0] * (Bm[4] * Bm[8] - Bm[5] * Bm[7]) -
                              Bm[1] * (Bm[3] * Bm[8] - Bm[5] * Bm[6]) +
                              Bm[2] * (Bm[3] * Bm[7] - Bm[4] * Bm[6])) /
                             det;
            }
            double fv[3] = { fb[0] / m, fb[1] / m, fb[2] / m };
            ak_pga_rate_from(d, Fr, tb_rate, fv);
            ak_pga_inertia(d, F, I, m, Fr);
        }
        ak_pga_derivs(d, Md, Bd, M, B, I, m, F); // the notes' law P-2.28
        ak_pga_inertia(d, IBd, I, m, Bd);
        ak_pga_inertia(d, P, I, m, B);
        double e17 = 0.0, efix = 0.0, BxP[AK_PGA_MAX];
        ak_pga_commutator(d, BxP, B, P);
        for (int q = 0; q < N; q++) {
            e17 = fmax(e17, fabs(F[q] - IBd[q]));            // A.17 as printed
            efix = fmax(efix, fabs(F[q] + BxP[q] - IBd[q])); // with the commutator
        }
        double wdot[3], vdot[3];
        ak_pga_rate_to(d, wdot, vdot, Bd);
        double Iw[3] = { 0 }, e18 = 0.0, e19 = 0.0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) Iw[i] += I[i * 3 + j] * wdot[j];
            e18 = fmax(e18, fabs(m * vdot[i] - fb[i])); // A.18
            e19 = fmax(e19, fabs(Iw[i] - Tb[i]));       // A.19
        }
        // world frame: Bdot_w = M Bdot_b M~ (the notes' line before A.22), f_w = R f_b R~,
        // T_wC = R T_b R~; A.23 m (vdot_w + c.Bdot_w) = f_w, A.24 R I_C[R~ Bdot_w R] R~ = T_wC
        double Bdw[AK_PGA_MAX], wdw[3], vdw[3], fw[3], Tw[3], Twant[3], fbv[3];
        ak_pga_rate_to_world(d, Bdw, M, Bd);
        ak_pga_rate_to(d, wdw, vdw, Bdw);
        memcpy(fbv, fb, sizeof fbv);
        ak_nd_rotor_apply(d, fw, R0, fbv);
        ak_nd_biv_sandwich(d, Tw, R0, Tb);
        double cB[3]; // c . Bdot_w for c = x0 (left contraction of a vector on a bivector)
        ak_nd_contract(d, cB, x0, wdw);
        double e23 = 0.0;
        for (int i = 0; i < 3; i++) e23 = fmax(e23, fabs(m * (vdw[i] + cB[i]) - fw[i]));
        // A.24: R I_C[R~ Bdot_w R] R~ with R~ Bdot_w R = the body Euclidean rate derivative wdot
        double Ib[3] = { 0 };
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) Ib[i] += I[i * 3 + j] * wdot[j];
        ak_nd_biv_sandwich(d, Twant, R0, Ib);
        double e24 = 0.0;
        for (int i = 0; i < 3; i++) e24 = fmax(e24, fabs(Twant[i] - Tw[i]));
        w17 = fmin(w17, e17), w18 = fmin(w18, e18), w19 = fmin(w19, e19), w23 = fmin(w23, e23),
        w24 = fmin(w24, e24);
        fix = fmax(fix, efix);
    }
    gsl_rng_free(r);
    ak_measure(c, fix, 1e-12,
               "F_b + B_b x I_b[B_b] = I_b[Bdot_b] (the law P-2.28) on %d random bodies, rates, "
               "forques: %.2e",
               S, fix);
    ak_expect(c, w17 > 1e-6,
              "A.17 F_b = I_b[Bdot_b] as printed: off on every instance (at least %.3g)", w17);
    ak_expect(c, w18 > 1e-6, "A.18 m vdot_b = f_b: off on every instance (at least %.3g)", w18);
    ak_expect(c, w19 > 1e-6, "A.19 I_C[Bdot_b] = T_b: off on every instance (at least %.3g)", w19);
    ak_expect(c, w23 > 1e-6,
              "A.23 m (vdot_w + c.Bdot_w) = f_w: off on every instance (at least %.3g)", w23);
    ak_expect(c, w24 > 1e-6,
              "A.24 R I_C[R~ Bdot_w R] R~ = T_wC: off on every instance (at least %.3g)", w24);
    // counterexample: free unit sphere (m = 1, i = 1), v_b = e1, B_b = e12: the law gives
    // vdot_b = -v_b . B_b = -e2 while A.18 says m vdot_b = f_b = 0
    {
        double I1[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 }, w12[3] = { 1, 0, 0 }, v1[3] = { 1, 0, 0 },
               Rid[4] = { 1, 0, 0, 0 }, z[3] = { 0, 0, 0 };
        double B[AK_PGA_MAX], M[AK_PGA_MAX], Md[AK_PGA_MAX], Bd[AK_PGA_MAX], wd[3], vd[3];
        ak_pga_rate_from(d, B, w12, v1);
        ak_pga_motor_from(d, M, Rid, z);
        ak_pga_derivs(d, Md, Bd, M, B, I1, 1.0, NULL);
        ak_pga_rate_to(d, wd, vd, Bd);
        ak_expect(c, fabs(vd[0]) < 1e-15 && fabs(fabs(vd[1]) - 1.0) < 1e-15 && fabs(vd[2]) < 1e-15,
                  "counterexample: free unit body, v_b = e1, B_b = e12, no force: vdot_b = (%.3f, "
                  "%.3f, %.3f) "
                  "(the notes' B.2: -v_b . B_b), A.18 says 0",
                  vd[0], vd[1], vd[2]);
    }
}
