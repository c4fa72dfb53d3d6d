// ten Bosch 2020, §3-§6, as printed: the state's rates and the point velocity, eqs. (1)-(5), the
// inertia matrix, §5's simplex covariance and mesh sum and §6's impulse response, each "=" on its own in the generic algebra Cl(n,0,0), n = 2..5, with the
// rates measured by differences of the moving quantities (oracles/tenbosch_lines.c). ref/dyn is
// not used: dynamics.* checks the implementation.
#include <gsl/gsl_rng.h>
#include <math.h>

#include "verify/checks/checks_printed.h"
#include "verify/oracles/tenbosch_lines.h"

// exact algebra (rounding only) or a residual with a derivative by differences (h = 1e-3, five
// points: at most 2.7e-10 on these motions)
static double tolerance(int ch, int q) {
    if (ch == AK_TBL_B6) return 1e-10; // I^-1 of a random 5-point body amplifies rounding
    if (ch == AK_TBL_EQ3 || ch == AK_TBL_I || ch == AK_TBL_B5 || (ch == AK_TBL_EQ4 && q == 0))
        return 1e-12;
    return 1e-8;
}

void ak_check_printed_tenbosch(ak_check_ctx *c) {
    const int N = (int)ak_samples(c, 400, 80);
    for (int ch = 0; ch < AK_TBL_NCHAINS; ch++) {
        const ak_tbl_chain *k = &ak_tbl_chains[ch];
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, 2020 + (unsigned long)ch);
        double worst[8] = { 0 };
        for (int s = 0; s < N; s++) {
            double res[8];
            int n = ak_tbl_residuals(ch, r, res);
            for (int q = 0; q < n; q++) worst[q] = fmax(worst[q], res[q]);
        }
        gsl_rng_free(r);
        for (int q = 0; q < k->neqs; q++)
            ak_measure(c, worst[q], tolerance(ch, q), "%s (%s): \"%s\" holds to %.2e, n = 2..5",
                       k->id, k->where, k->eqs[q], worst[q]);
    }
}
