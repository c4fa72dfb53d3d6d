// The PGA notes' chapter 2, line by line (Dorst & De Keninck 2023, §2.1-2.4, §2.5.6, §2.7): every
// printed "=" of the kinematics, momentum, inertia, forque, law-of-motion and energy equations on
// its own, in the generic algebra Cl(3,0,1), with time derivatives measured by differences of the
// moving quantities (oracles/pga_chapter2.c). ref/pga is not used: these checks evaluate the
// printed forms, the dynamics.pga_* checks the implementation.
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdbool.h>

#include "verify/checks/checks_printed.h"
#include "verify/oracles/pga_chapter2.h"

// Which printed "=" fails (1) or holds (0): the verdicts of docs/formulas/pga.md and errata.md.
static const int WRONG[AK_PCH2_NCHAINS][12] = {
    [AK_PCH2_PSPLIT] = { 0, 1, 0 }, // X - Y = (x - y)𝓘 = -r𝓘, printed as r𝓘 (erratum P-2.11)
    [AK_PCH2_226] = { 0, 0, 0, 1, 0 }, // the fifth member flips the moment (erratum P-2.26)
    [AK_PCH2_231] = { 0, 1 },          // for unit mass only (erratum P-2.31)
    [AK_PCH2_A10] = { 0, 1, 0 },       // m v_w . C for m cdot . C (erratum P-A.10)
    [AK_PCH2_C2] = { [10] = 1 },
    [AK_PCH2_B14] = { 0, 0,
                      1 }, // (i_1 - i_3)[L_b]_3 for (1/i_3 - 1/i)[L_b]_3 (P-B.14)       // the Chasles split subtracts the vanishing part (P-C.2)
};

// the tolerance of a residual: a chain with a time derivative by differences (h = 1e-3, five
// points: error ~h^4 |d^5/dt^5|, at most 2.1e-10 on these motions) 1e-8; §1.5's log, whose acos
// amplifies rounding near angle pi (2.7e-12 at |𝐁| up to 3), 1e-10; exact algebra 1e-12
static double tolerance(int ch) {
    if (ch == AK_PCH2_15) return 1e-10;
    switch (ch) {
        case AK_PCH2_22W:
        case AK_PCH2_PSPLIT:
        case AK_PCH2_214:
        case AK_PCH2_215:
        case AK_PCH2_216:
        case AK_PCH2_217:
        case AK_PCH2_218:
        case AK_PCH2_220:
        case AK_PCH2_221:
        case AK_PCH2_222:
        case AK_PCH2_225:
        case AK_PCH2_226:
        case AK_PCH2_FORQUE:
        case AK_PCH2_256:
        case AK_PCH2_254:
        case AK_PCH2_231:
        case AK_PCH2_HOOKE:
        case AK_PCH2_B2:
        case AK_PCH2_A11:
        case AK_PCH2_C2:
        case AK_PCH2_255:
        case AK_PCH2_B14: return 1e-12;
        default: return 1e-8;
    }
}

static void chain_check(ak_check_ctx *c, int ch) {
    const ak_pch2_chain *k = &ak_pch2_chains[ch];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 2023 + (unsigned long)ch);
    double worst[12] = { 0 }, least[12], fixed[12] = { 0 };
    bool has_fix[12] = { false };
    for (int q = 0; q < 12; q++) least[q] = INFINITY;
    const int N = (int)ak_samples(c, 300, 60);
    const double tol = tolerance(ch);
    for (int s = 0; s < N; s++) {
        double res[12];
        int n = ak_pch2_residuals(ch, r, res);
        if (n != k->neqs) {
            ak_expect(c, false, "%s: %d residuals for %d printed equalities", k->id, n, k->neqs);
            gsl_rng_free(r);
            return;
        }
        for (int q = 0; q < n; q++) {
            worst[q] = fmax(worst[q], res[q]), least[q] = fmin(least[q], res[q]);
            double f = ak_pch2_corrected(ch, q, r);
            if (f >= 0) fixed[q] = fmax(fixed[q], f), has_fix[q] = true;
        }
    }
    gsl_rng_free(r);
    for (int q = 0; q < k->neqs; q++) {
        if (WRONG[ch][q])
            ak_expect(c, least[q] > 1e-3,
                      "%s (%s): \"%s\" as printed fails on every one of %d instances: "
                      "|difference| from %.3g to %.3g",
                      k->id, k->where, k->eqs[q], N, least[q], worst[q]);
        else
            ak_measure(c, worst[q], tol, "%s (%s): \"%s\" holds to %.2e", k->id, k->where,
                       k->eqs[q], worst[q]);
        if (has_fix[q])
            ak_measure(c, fixed[q], 1e-12, "%s: corrected (docs/errata.md), \"=\" %d holds to %.2e",
                       k->id, q + 1, fixed[q]);
    }
}

static void run(ak_check_ctx *c, const int *chains, int n) {
    for (int i = 0; i < n; i++) chain_check(c, chains[i]);
}

void ak_check_printed_ch2_kinematics(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_21, AK_PCH2_21P, AK_PCH2_22,   AK_PCH2_22W,
                              AK_PCH2_23, AK_PCH2_24,  AK_PCH2_XDOT, AK_PCH2_26,
                              AK_PCH2_27, AK_PCH2_28,  AK_PCH2_29,   AK_PCH2_210 };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
}

void ak_check_printed_ch2_momentum(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_PMASS, AK_PCH2_PSPLIT, AK_PCH2_212, AK_PCH2_214, AK_PCH2_215,
                              AK_PCH2_216,   AK_PCH2_217,    AK_PCH2_218, AK_PCH2_220, AK_PCH2_221,
                              AK_PCH2_222,   AK_PCH2_223,    AK_PCH2_224 };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
    ak_note(c, "erratum P-2.11: the point split of a point momentum (§2.2.1) needs X - Y = -r𝓘: "
               "P = m v . Y + (r ^ m v)𝓘 for r = y - x");
}

void ak_check_printed_ch2_law(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_225, AK_PCH2_226, AK_PCH2_FORQUE, AK_PCH2_227,
                              AK_PCH2_228, AK_PCH2_229, AK_PCH2_256 };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
}

void ak_check_printed_ch2_implementation(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_254, AK_PCH2_255, AK_PCH2_231, AK_PCH2_HOOKE, AK_PCH2_DAMP };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
}

void ak_check_printed_split_momentum(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_B2, AK_PCH2_B14, AK_PCH2_A10, AK_PCH2_A11 };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
    ak_note(c,
            "erratum P-A.10: after eq. A.14, M(m v_b . O)M~ = m cdot . C (cdot = v_w + c . B_w), "
            "not m v_w . C");
}

void ak_check_printed_ch2_energy(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_234, AK_PCH2_235, AK_PCH2_236, AK_PCH2_237 };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
}

// §1.5's exp and log code (acos near 1 amplifies rounding: the log's residual is up to 2.7e-12 at
// angles near pi), App. C.2's split and App. C.5's motor chains
void ak_check_printed_motor_algebra(ak_check_ctx *c) {
    static const int ch[] = { AK_PCH2_15, AK_PCH2_C2, AK_PCH2_C5 };
    run(c, ch, (int)(sizeof ch / sizeof ch[0]));
    ak_note(c, "erratum P-C.2: the Chasles split is B = (𝐁 + eps (v.𝐁)/𝐁) + eps (v ^ 𝐁)/𝐁");
}
