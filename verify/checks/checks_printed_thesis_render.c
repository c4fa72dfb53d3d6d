// Torres' thesis, App. E (Into Another Dimension, Princeton 2022): the union operator as printed,
// `float4 opUnion(float d1, float d2) { return min(d1, d2); }` (ak_pub_render_op_union_float4,
// single precision, the scalar replicated into the declared float4), on the union of two unit
// hyperspheres centred at (+-0.5, 0, 0, 0) against the exact signed distance of the union: outside
// the distance to the nearer sphere, inside minus the distance to the union's boundary (each
// sphere's part outside the other ball: the radial projection, or else the ring where the two
// spheres meet, x = 0, |(y, z, w)| = sqrt(3)/2).
#include <gsl/gsl_rng.h>
#include <math.h>

#include "verify/checks/checks_printed.h"
#include "ref/published/render_published.h"

static double exact_union(const double p[4]) {
    double d[2], q2 = p[1] * p[1] + p[2] * p[2] + p[3] * p[3];
    for (int k = 0; k < 2; k++) {
        double cx = k ? -0.5 : 0.5;
        d[k] = sqrt((p[0] - cx) * (p[0] - cx) + q2) - 1.0;
    }
    if (d[0] > 0 && d[1] > 0) return fmin(d[0], d[1]);
    double ring = sqrt(p[0] * p[0] + (sqrt(q2) - sqrt(0.75)) * (sqrt(q2) - sqrt(0.75)));
    double best = INFINITY;
    for (int k = 0; k < 2; k++) {
        double cx = k ? -0.5 : 0.5, ox = -cx, r = d[k] + 1.0;
        if (r == 0.0) continue;
        // the radial projection of p onto sphere k; exposed if outside the other ball
        double s[4] = { cx + (p[0] - cx) / r, p[1] / r, p[2] / r, p[3] / r };
        double o = sqrt((s[0] - ox) * (s[0] - ox) + s[1] * s[1] + s[2] * s[2] + s[3] * s[3]);
        best = fmin(best, o >= 1.0 ? fabs(d[k]) : ring);
    }
    return -best;
}

void ak_check_printed_thesis_appe_union(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1941);
    long N = ak_samples(c, 10000, 1000);
    double out_err = 0, bound_viol = 0, under = 0, spread = 0;
    long nin = 0, nout = 0;
    for (long s = 0; s < N; s++) {
        double p[4];
        for (int i = 0; i < 4; i++) p[i] = 3.0 * gsl_rng_uniform(r) - 1.5;
        double q2 = p[1] * p[1] + p[2] * p[2] + p[3] * p[3];
        float d1 = (float)(sqrt((p[0] - 0.5) * (p[0] - 0.5) + q2) - 1.0);
        float d2 = (float)(sqrt((p[0] + 0.5) * (p[0] + 0.5) + q2) - 1.0);
        float u[4];
        ak_pub_render_op_union_float4(u, d1, d2);
        for (int i = 1; i < 4; i++) spread = fmax(spread, fabs((double)u[i] - u[0]));
        double e = exact_union(p);
        if (e > 0) {
            nout++;
            out_err = fmax(out_err, fabs(u[0] - e));
        } else {
            nin++;
            bound_viol = fmax(bound_viol, e - u[0] - 1e-6); // min must not be deeper than exact
            under = fmax(under, u[0] - e);
        }
    }
    gsl_rng_free(r);
    ak_measure(c, spread, 0.0,
               "T-E.union as printed: the four components of the float4 are the one min: %.3g",
               spread);
    ak_measure(c, out_err, 1e-6,
               "T-E.union as printed (float) outside the union (%ld points): exact to %.3g", nout,
               out_err);
    ak_measure(c, fmax(0.0, bound_viol), 0.0,
               "T-E.union inside (%ld points): min never deeper than the exact depth (it is a "
               "bound; underestimates the depth by up to %.3g)",
               nin, under);
    float o[4];
    ak_pub_render_op_union_float4(o, -0.5f, -0.5f);
    double z[4] = { 0, 0, 0, 0 };
    ak_expect(c, o[0] == -0.5f && fabs(exact_union(z) + sqrt(0.75)) < 1e-15,
              "T-E.union at the origin: min = %g, exact %.4f", o[0], exact_union(z));
    ak_value(c, "T-E.union_largest_underestimate", under);
}
