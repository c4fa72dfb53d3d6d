// Hodges, Game Physics: The Next Week, as printed (oracles/hodges_lines.c): ch. 17, every "=" of
// the derivation of the inertia tensor (eq. 27), with the particles' velocities by differences of
// their rotation; ch. 15, the exact hull inertia code with its float types.
#include <gsl/gsl_rng.h>
#include <math.h>

#include "verify/checks/checks_printed.h"
#include "verify/oracles/hodges_lines.h"

void ak_check_printed_hodges_g17(ak_check_ctx *c) {
    const int N = (int)ak_samples(c, 400, 80);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 17);
    double worst[AK_HDG17_NEQS] = { 0 };
    for (int s = 0; s < N; s++) {
        double res[AK_HDG17_NEQS];
        ak_hdg17_residuals(r, res);
        for (int q = 0; q < AK_HDG17_NEQS; q++) worst[q] = fmax(worst[q], res[q]);
    }
    gsl_rng_free(r);
    // the first and last "=" involve the velocities by differences (h = 1e-3): tolerance 1e-8;
    // the others are exact algebra
    for (int q = 0; q < AK_HDG17_NEQS; q++)
        ak_measure(c, worst[q], (q == 0 || q == AK_HDG17_NEQS - 1) ? 1e-8 : 1e-12,
                   "G-17 (ch. 17, 6 centred particles turning at w): \"%s\" holds to %.2e",
                   ak_hdg17_eqs[q], worst[q]);
}

// Ch. 15's exact hull inertia: the printed code in float, on a box, an octahedron and well-shaped
// tetrahedra at random sizes and offsets; relative residuals, tolerance 1e-5 (float rounding,
// unit 6e-8)
void ak_check_printed_hodges_g15(ak_check_ctx *c) {
    const int N = (int)ak_samples(c, 400, 80);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 15);
    double worst[AK_HDG15_NEQS] = { 0 };
    for (int s = 0; s < N; s++) {
        double res[AK_HDG15_NEQS];
        ak_hdg15_residuals(r, res);
        for (int q = 0; q < AK_HDG15_NEQS; q++) worst[q] = fmax(worst[q], res[q]);
    }
    gsl_rng_free(r);
    for (int q = 0; q < AK_HDG15_NEQS; q++)
        ak_measure(c, worst[q], 1e-5,
                   "G-15 (ch. 15's code in float): \"%s\" holds to %.2e (relative)",
                   ak_hdg15_eqs[q], worst[q]);
}
