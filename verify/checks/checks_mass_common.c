// Group "mass": the helpers its topic files share (checks_mass_common.h).
#include "verify/checks/checks_mass_common.h"

// Limits of level L given the outer coordinates already in q->x. For the round parts, the
// remaining radius s = sqrt(R^2 - sum of the outer squares) is carried from level to level as
// s_{L+1} = s_L cos(t_L) (exact under the sine substitution), instead of being recomputed from
// the squares, which would lose precision near the edges.
void mass_limits(const nest *q, int L, double *lo, double *hi) {
    const region *g = q->rg;
    int ax = q->perm[L];
    double s = q->srem[L];
    switch (g->kind) {
        case RG_BALL: *lo = -s, *hi = s; return;
        case RG_BOX: *lo = -g->a[ax], *hi = g->a[ax]; return;
        case RG_SPHERINDER:
            if (ax == 1)
                *lo = -g->h, *hi = g->h;
            else
                *lo = -s, *hi = s;
            return;
        case RG_HALF_BALL:
            if (ax == 1)
                *lo = g->cut, *hi = s;
            else
                *lo = -s, *hi = s;
            return;
        case RG_CAPSULE:
            if (ax == 1)
                *lo = -(g->h + s), *hi = g->h + s;
            else
                *lo = -s, *hi = s;
            return;
        case RG_DUOCYL:
            if (ax == 0)
                *lo = -g->R, *hi = g->R;
            else if (ax == 1)
                *lo = -s, *hi = s;
            else if (ax == 2)
                *lo = -g->R2, *hi = g->R2;
            else
                *lo = -s, *hi = s;
            return;
        case RG_SIMPLEX: {
            double used = 0.0;
            for (int l = 0; l < L; l++) used += q->x[l];
            *lo = 0.0, *hi = fmax(1.0 - used, 0.0);
            return;
        }
    }
}

double mass_level_fn(double t, void *p) {
    level *lv = p;
    nest *q = lv->q;
    int L = lv->L, n = q->rg->n, ax = q->perm[L];
    double x, jac;
    if (q->sine[L]) {
        double mid = 0.5 * (q->lo[L] + q->hi[L]), half = 0.5 * (q->hi[L] - q->lo[L]);
        x = mid + half * sin(t);
        jac = half * cos(t);
        q->srem[L + 1] = jac; // half cos(t): the remaining radius for symmetric round levels
    } else {
        x = t;
        jac = 1.0;
        q->srem[L + 1] = q->srem[L];
    }
    q->x[ax] = x;
    if (L < n - 1) return jac * mass_integrate_level(q, L + 1);
    q->evals++;
    if (q->rg->kind == RG_SIMPLEX) {
        double X[AK_MAX_DIM];
        for (int i = 0; i < n; i++) {
            double s = q->rg->v0[i];
            for (int j = 0; j < n; j++) s += q->rg->M[i * n + j] * q->x[j];
            X[i] = s;
        }
        return jac * q->rg->absdet * q->f(X, q->fctx);
    }
    return jac * q->f(q->x, q->fctx);
}

double mass_integrate_level(nest *q, int L) {
    double lo = 0.0, hi = 0.0;
    mass_limits(q, L, &lo, &hi);
    if (!(hi > lo)) return 0.0;
    q->lo[L] = lo;
    q->hi[L] = hi;
    gsl_function F = { mass_level_fn, &q->lv[L] };
    double a = q->sine[L] ? -0.5 * PI : lo, b = q->sine[L] ? 0.5 * PI : hi;
    double result = 0.0, abserr = 0.0;
    int st = gsl_integration_qag(&F, a, b, q->epsabs[L], QUAD_EPSREL, QUAD_LIMIT,
                                 q->sine[L] ? GSL_INTEG_GAUSS21 : GSL_INTEG_GAUSS15, q->ws[L],
                                 &result, &abserr);
    if (st && !q->status) q->status = st;
    return result;
}

double mass_moment_fn(const double x[], const void *ctx) {
    const moment *m = ctx;
    double a = m->p < 0 ? 1.0 : x[m->p] - m->about[m->p];
    double b = m->q < 0 ? 1.0 : x[m->q] - m->about[m->q];
    return m->rho * a * b;
}

// Integral of f over the region. fscale: a typical size of |f| (sets the absolute tolerance
// for integrals that vanish). Returns NaN when GSL reports a failure.
double mass_region_integral(const region *g, integrand_fn f, const void *fctx, double fscale,
                            long *evals) {
    nest q;
    memset(&q, 0, sizeof q);
    q.rg = g;
    q.f = f;
    q.fctx = fctx;
    int n = g->n;
    // level order: the axial coordinate y innermost for the shapes with an axis
    int axial = (g->kind == RG_SPHERINDER || g->kind == RG_HALF_BALL || g->kind == RG_CAPSULE);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!(axial && i == 1)) q.perm[m++] = i;
    if (axial) q.perm[m++] = 1;
    double width[AK_MAX_DIM];
    for (int L = 0; L < n; L++) {
        int ax = q.perm[L];
        q.sine[L] = !(g->kind == RG_BOX || g->kind == RG_SIMPLEX || (axial && ax == 1));
        switch (g->kind) {
            case RG_BOX: width[L] = 2 * g->a[ax]; break;
            case RG_SIMPLEX: width[L] = 1.0; break;
            case RG_DUOCYL: width[L] = 2 * (ax < 2 ? g->R : g->R2); break;
            default: width[L] = 2 * (axial && ax == 1 ? g->R + g->h : g->R); break;
        }
        q.lv[L] = (level){ &q, L };
        q.ws[L] = gsl_integration_workspace_alloc(QUAD_LIMIT);
    }
    q.srem[0] = g->R;
    for (int L = n - 1; L >= 0; L--) {
        double w = 1.0;
        for (int l = L; l < n; l++) w *= width[l];
        q.epsabs[L] = 1e-14 * w * fscale * (g->kind == RG_SIMPLEX ? g->absdet : 1.0);
    }
    double r = mass_integrate_level(&q, 0);
    for (int L = 0; L < n; L++) {
        gsl_integration_workspace_free(q.ws[L]);
    }
    if (evals) *evals += q.evals;
    return q.status ? NAN : r;
}

double mass_region_size(const region *g) {
    switch (g->kind) {
        case RG_BOX: {
            double s = 0;
            for (int i = 0; i < g->n; i++) s = fmax(s, g->a[i]);
            return s;
        }
        case RG_CAPSULE: return g->R + g->h;
        case RG_SPHERINDER: return fmax(g->R, g->h);
        case RG_DUOCYL: return fmax(g->R, g->R2);
        case RG_SIMPLEX: {
            double s = 0;
            for (int i = 0; i < g->n * g->n; i++) s = fmax(s, fabs(g->M[i]));
            for (int i = 0; i < g->n; i++) s = fmax(s, fabs(g->v0[i]));
            return s;
        }
        default: return g->R + fabs(g->cut);
    }
}

raw_moments mass_quad_moments(const region *g, double rho, const double about[]) {
    raw_moments r;
    memset(&r, 0, sizeof r);
    int n = g->n;
    double L = mass_region_size(g);
    moment m = { .rho = rho };
    if (about) memcpy(m.about, about, sizeof(double) * (size_t)n);
    m.p = m.q = -1;
    r.mass = mass_region_integral(g, mass_moment_fn, &m, rho, &r.evals);
    r.ok = isfinite(r.mass);
    for (int i = 0; i < n; i++) {
        m.p = i, m.q = -1;
        r.F[i] = mass_region_integral(g, mass_moment_fn, &m, rho * L, &r.evals);
        r.ok = r.ok && isfinite(r.F[i]);
        for (int j = i; j < n; j++) {
            m.p = i, m.q = j;
            r.S[i * n + j] = r.S[j * n + i] =
                mass_region_integral(g, mass_moment_fn, &m, rho * L * L, &r.evals);
            r.ok = r.ok && isfinite(r.S[i * n + j]);
        }
    }
    return r;
}

// The k x k inertia from a covariance, written out independently of ref/mass: the (ab),(cd)
// entry of integral [r]*[r]*^T is delta-combinations of the covariance:
// ([r]*[r]*^T)_{(ab),(cd)} = r_a r_c [b=d] + r_b r_d [a=c] - r_a r_d [b=c] - r_b r_c [a=d]
// (from ([r]*)_{(ab),col} = r_a [col=b] - r_b [col=a]).
void mass_inertia_of_cov(int n, double I[], const double C[]) {
    int k = ak_nd_nbiv(n), pa[AK_MAX_BIV], pb[AK_MAX_BIV];
    for (int p = 0; p < k; p++) ak_nd_biv_pair(n, p, &pa[p], &pb[p]);
    for (int p = 0; p < k; p++)
        for (int q = 0; q < k; q++) {
            int a = pa[p], b = pb[p], c = pa[q], d = pb[q];
            I[p * k + q] = (b == d ? C[a * n + c] : 0) + (a == c ? C[b * n + d] : 0) -
                           (b == c ? C[a * n + d] : 0) - (a == d ? C[b * n + c] : 0);
        }
}

// Compare analytic props with quadrature raw moments (about the origin). Records measurements.
// Returns the worst relative error.
double mass_compare_props(ak_check_ctx *c, const char *label, const ak_mass_props *p,
                          const raw_moments *r) {
    int n = p->dim, k = ak_nd_nbiv(n);
    if (!r->ok) {
        ak_measure(c, NAN, QUAD_TOL, "%s: quadrature failed", label);
        return NAN;
    }
    double cq[AK_MAX_DIM] = { 0 }, Cq[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, Iq[AK_MAX_BIV * AK_MAX_BIV];
    for (int i = 0; i < n; i++) cq[i] = r->F[i] / r->mass;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) Cq[i * n + j] = r->S[i * n + j] - r->mass * cq[i] * cq[j];
    mass_inertia_of_cov(n, Iq, Cq);
    double e_mass = fabs(p->mass - r->mass) / fabs(r->mass);
    double scale = 0.0, e_c = 0.0, e_I = 0.0, Imax = 0.0;
    for (int i = 0; i < n; i++) scale = fmax(scale, sqrt(Cq[i * n + i] / r->mass));
    for (int i = 0; i < n; i++) e_c = fmax(e_c, fabs(p->centroid[i] - cq[i]) / scale);
    for (int i = 0; i < k; i++) Imax = fmax(Imax, fabs(Iq[i * k + i]));
    int worst = 0;
    for (int i = 0; i < k * k; i++) {
        double e = fabs(p->inertia[i] - Iq[i]) / Imax;
        if (e > e_I) e_I = e, worst = i;
    }
    int wp = worst / k, wq = worst % k;
    ak_measure(c, e_mass, QUAD_TOL, "%s: mass %.10g vs quad %.10g (rel %.1e)", label, p->mass,
               r->mass, e_mass);
    ak_measure(c, e_c, QUAD_TOL, "centroid err %.1e", e_c);
    ak_measure(c, e_I, QUAD_TOL, "I[%s,%s] %.10g vs quad %.10g (worst of %d entries, rel %.1e)",
               ak_nd_biv_name(n, wp), ak_nd_biv_name(n, wq), p->inertia[worst], Iq[worst], k * k,
               e_I);
    return fmax(e_mass, fmax(e_c, e_I));
}

double mass_relerr(double a, double b) { return fabs(a - b) / fmax(fabs(b), 1e-300); }

int mass_nsets(ak_check_ctx *c) { return (int)ak_samples(c, 3, 1); }

// Random simplex in n-D from a fixed seed.
void mass_random_simplex(gsl_rng *rng, int n, double v[]) {
    for (int i = 0; i < (n + 1) * n; i++) v[i] = 3.0 * gsl_rng_uniform(rng) - 1.0;
}

double mass_inflated_volume(double eps, void *p) {
    const inflate *f = p;
    region g = f->g;
    switch (f->what) {
        case 0:
            for (int i = 0; i < g.n; i++) g.a[i] += eps;
            break;
        case 1: g.R += eps, g.h += eps; break;
        case 2: g.R += eps; break;
        case 3: g.R += eps, g.R2 += eps; break;
        case 5: g.R += eps; break;
    }
    moment m = { .p = -1, .q = -1, .rho = 1.0 };
    return mass_region_integral(&g, mass_moment_fn, &m, 1.0, NULL);
}

// ---- exact methods against each other ----------------------------------------------------------

void mass_props_diff(const ak_mass_props *a, const ak_mass_props *b, double *e_m, double *e_c,
                     double *e_I) {
    int n = a->dim, k = ak_nd_nbiv(n);
    double L = 0, Imax = 0;
    for (int i = 0; i < n; i++) L = fmax(L, sqrt(b->cov[i * n + i] / b->mass));
    for (int i = 0; i < k; i++) Imax = fmax(Imax, fabs(b->inertia[i * k + i]));
    *e_m = mass_relerr(a->mass, b->mass);
    *e_c = 0;
    for (int i = 0; i < n; i++) *e_c = fmax(*e_c, fabs(a->centroid[i] - b->centroid[i]) / L);
    *e_I = 0;
    for (int i = 0; i < k * k; i++) *e_I = fmax(*e_I, fabs(a->inertia[i] - b->inertia[i]) / Imax);
}
