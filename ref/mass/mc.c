// Monte Carlo mass properties (Hodges ch. 14, G-14, generalised to n-D and given standard errors).
//
// Each raw moment Q = integral g(x) dm over the solid is the mean of the per-sample values
// f_s = rho V_box [x_s inside] g(x_s) over N uniform samples in the box; its standard error is
// sqrt(var(f) / N) with the unbiased sample variance. The derived properties about the
// estimated centroid (props) have no error estimates of their own.
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "ref/mass/mass.h"
#include "ref/mass/mass_internal.h"

int ak_mass_monte_carlo(ak_mass_mc *out, int n, const double lo[], const double hi[],
                        ak_mass_inside_fn inside, const void *ctx, double density, gsl_rng *rng,
                        long nsamples, char *err, size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if (!inside || !rng || nsamples < 2)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "monte carlo: need a membership test, a generator and >= 2 samples");
    double vbox = 1.0;
    for (int i = 0; i < n; i++) {
        if (!(hi[i] > lo[i]) || !isfinite(hi[i] - lo[i]))
            return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                "monte carlo: empty sampling box on axis %d", i);
        vbox *= hi[i] - lo[i];
    }
    // running sums of f and f^2 (per unit rho V_box)
    double s0 = 0.0, s1[AK_MAX_DIM] = { 0 }, q1[AK_MAX_DIM] = { 0 };
    double s2[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, q2[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
    long hits = 0;
    for (long s = 0; s < nsamples; s++) {
        double x[AK_MAX_DIM];
        for (int i = 0; i < n; i++) x[i] = lo[i] + (hi[i] - lo[i]) * gsl_rng_uniform(rng);
        if (!inside(x, ctx)) continue;
        hits++;
        s0 += 1.0;
        for (int i = 0; i < n; i++) {
            s1[i] += x[i];
            q1[i] += x[i] * x[i];
            for (int j = i; j < n; j++) {
                double f = x[i] * x[j];
                s2[i * n + j] += f;
                q2[i * n + j] += f * f;
            }
        }
    }
    double N = (double)nsamples, w = density * vbox;
    // mean and standard error of f = w * [inside] * g: the indicator makes sum f^2 = w^2 sum g^2
#define MEAN_SE(sum, sumsq, mean, se)                                                              \
    do {                                                                                           \
        double m_ = (sum) / N;                                                                     \
        double v_ = ((sumsq) / N - m_ * m_) * N / (N - 1.0);                                       \
        (mean) = w * m_;                                                                           \
        (se) = w * sqrt((v_ > 0.0 ? v_ : 0.0) / N);                                                \
    } while (0)
    ak_mass_mc r;
    memset(&r, 0, sizeof r);
    r.dim = n;
    r.samples = nsamples;
    r.hits = hits;
    MEAN_SE(s0, s0, r.mass, r.mass_se);
    for (int i = 0; i < n; i++) {
        MEAN_SE(s1[i], q1[i], r.first[i], r.first_se[i]);
        for (int j = i; j < n; j++) {
            MEAN_SE(s2[i * n + j], q2[i * n + j], r.second[i * n + j], r.second_se[i * n + j]);
            r.second[j * n + i] = r.second[i * n + j];
            r.second_se[j * n + i] = r.second_se[i * n + j];
        }
    }
#undef MEAN_SE
    if (hits == 0)
        return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                            "monte carlo: no sample hit the solid");
    // derived properties, per unit density for ak_mass_from_raw
    double F[AK_MAX_DIM], S[AK_MAX_DIM * AK_MAX_DIM];
    for (int i = 0; i < n; i++) F[i] = r.first[i] / density;
    for (int i = 0; i < n * n; i++) S[i] = r.second[i] / density;
    st = ak_mass_from_raw(&r.props, n, r.mass / density, F, S, NAN, density, err, errlen);
    if (st) return st;
    *out = r;
    return AK_MASS_OK;
}

int ak_mass_shape_inside(const double x[], const void *shape) {
    const ak_shape *s = shape;
    int n = s->dim;
    double r2 = 0.0;
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE:
            for (int i = 0; i < n; i++) r2 += x[i] * x[i];
            return r2 <= s->radius * s->radius;
        case AK_SHAPE_HYPERCAPSULE:
            for (int i = 0; i < n; i++) {
                double t = x[i];
                if (i == 1) t = fabs(t) > s->half_length ? fabs(t) - s->half_length : 0.0;
                r2 += t * t;
            }
            return r2 <= s->radius * s->radius;
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < n; i++)
                if (fabs(x[i]) > s->half_extents[i]) return 0;
            return 1;
        case AK_SHAPE_DUOCYLINDER:
            return x[0] * x[0] + x[1] * x[1] <= s->radii[0] * s->radii[0] &&
                   x[2] * x[2] + x[3] * x[3] <= s->radii[1] * s->radii[1];
        case AK_SHAPE_HYPERPLANE:
            for (int i = 0; i < n; i++) r2 += s->normal[i] * x[i];
            return r2 <= s->offset;
        default: return 0; // convex: use ak_mass_hull_inside
    }
}

int ak_mass_hull_inside(const double x[], const void *hull_ctx) {
    const ak_mass_hull_ctx *h = hull_ctx;
    for (int f = 0; f < h->nfacets; f++) {
        double s = 0.0;
        for (int i = 0; i < h->dim; i++) s += h->normals[f * h->dim + i] * x[i];
        if (s > h->offsets[f]) return 0;
    }
    return 1;
}
