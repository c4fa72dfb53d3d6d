// Checks of group 'ga': the rigid-body GA types against independent computations.
#include <gsl/gsl_rng.h>
#include <math.h>

#include "checks.h"
#include "ga/nd.h"

#define TOL_ROUNDOFF 1e-13

// [r]* a equals r ^ a computed component by component (B-eq3), for n = 2..5.
static void check_rstar(ak_check_ctx *c) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    long samples = ak_samples(c, 10000, 1000);
    double worst = 0.0;
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        for (long s = 0; s < samples; s++) {
            double r[AK_MAX_DIM], a[AK_MAX_DIM], w[AK_MAX_BIV], S[AK_MAX_BIV * AK_MAX_DIM];
            for (int i = 0; i < n; i++) {
                r[i] = 2 * gsl_rng_uniform(rng) - 1;
                a[i] = 2 * gsl_rng_uniform(rng) - 1;
            }
            ak_nd_wedge(n, w, r, a);
            ak_nd_rstar(n, S, r);
            int k = ak_nd_nbiv(n);
            for (int row = 0; row < k; row++) {
                double v = 0;
                for (int col = 0; col < n; col++) v += S[row * n + col] * a[col];
                worst = fmax(worst, fabs(v - w[row]));
            }
        }
    }
    gsl_rng_free(rng);
    ak_measure(c, worst, TOL_ROUNDOFF, "max |[r]*a - r^a| over %ld random pairs per n, n=2..5", samples);
}

// The plane rotor turns e_i towards e_j: R e_i R~ = cos t e_i + sin t e_j (analytic).
static void check_plane_rotor(ak_check_ctx *c) {
    double worst = 0.0;
    for (int n = 2; n <= AK_MAX_DIM; n++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j) continue;
                double R[AK_MAX_EVEN], e[AK_MAX_DIM] = {0}, out[AK_MAX_DIM];
                double t = 0.3 + 0.1 * i + 0.07 * j;
                ak_nd_rotor_plane(n, R, i, j, t);
                e[i] = 1.0;
                ak_nd_rotor_apply(n, out, R, e);
                for (int q = 0; q < n; q++) {
                    double want = (q == i) ? cos(t) : (q == j) ? sin(t) : 0.0;
                    worst = fmax(worst, fabs(out[q] - want));
                }
            }
    ak_measure(c, worst, TOL_ROUNDOFF, "max |R e_i R~ - (cos t e_i + sin t e_j)| over all planes, n=2..5");
}

static const ak_check CHECKS[] = {
    {"ga.nd.rstar", "B-eq3", "[r]* a against r^a by components, 10^4 random pairs per n", check_rstar},
    {"ga.nd.plane_rotor", "B-3 T-2.19", "plane rotor against the analytic rotation", check_plane_rotor},
};

AK_GROUP(ga, CHECKS)
