// Ground truth for the collision checks (see collide_truth.h): independent of ref/.
#include "collide_truth.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_randist.h>
#include <math.h>
#include <string.h>

static double vdot(int n, const double a[], const double b[]) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

// h of the shape in its own frame for a body-frame direction v.
static double h_local(const ak_shape *s, const double v[]) {
    int n = s->dim;
    switch (s->type) {
    case AK_SHAPE_HYPERSPHERE: return s->radius * sqrt(vdot(n, v, v));
    case AK_SHAPE_HYPERCAPSULE: return s->radius * sqrt(vdot(n, v, v)) + s->half_length * fabs(v[1]);
    case AK_SHAPE_HYPERBOX: {
        double h = 0;
        for (int i = 0; i < n; i++) h += s->half_extents[i] * fabs(v[i]);
        return h;
    }
    case AK_SHAPE_CONVEX: {
        double h = -INFINITY;
        for (int k = 0; k < s->nverts; k++) h = fmax(h, vdot(n, v, s->verts + k * n));
        return h;
    }
    case AK_SHAPE_DUOCYLINDER: return s->radii[0] * hypot(v[0], v[1]) + s->radii[1] * hypot(v[2], v[3]);
    default: return NAN;
    }
}

double gt_support(const ak_shape *s, const ak_pose *p, const double u[]) {
    int n = s->dim;
    if (s->type == AK_SHAPE_HYPERPLANE) {
        // finite only for u = -k m (k >= 0): h = -k o ... handled by the callers
        return NAN;
    }
    double v[AK_MAX_DIM];
    for (int j = 0; j < n; j++) {
        v[j] = 0;
        for (int i = 0; i < n; i++) v[j] += p->rot[i * n + j] * u[i];
    }
    return vdot(n, u, p->pos) + h_local(s, v);
}

double gt_gap(const ak_shape *a, const ak_pose *pa, const ak_shape *b, const ak_pose *pb, const double u[]) {
    int n = a->dim;
    double m[AK_MAX_DIM];
    for (int i = 0; i < n; i++) m[i] = -u[i];
    return -gt_support(a, pa, u) - gt_support(b, pb, m);
}

typedef struct gt_ctx {
    const ak_shape *a, *b;
    const ak_pose *pa, *pb;
    int n;
} gt_ctx;

// Minimised: -f(x/|x|) + (|x|^2 - 1)^2 (the penalty only fixes the free scale of x).
static double objective(const gsl_vector *x, void *params) {
    const gt_ctx *c = params;
    double u[AK_MAX_DIM], l = 0;
    for (int i = 0; i < c->n; i++) u[i] = gsl_vector_get(x, (size_t)i), l += u[i] * u[i];
    double r = sqrt(l);
    if (!(r > 0)) return 1e30;
    for (int i = 0; i < c->n; i++) u[i] /= r;
    double pen = l - 1;
    return -gt_gap(c->a, c->pa, c->b, c->pb, u) + pen * pen;
}

static int run_nm(double *best, double ubest[], gt_ctx *c, const double u0[], double step, int maxit) {
    int n = c->n;
    gsl_multimin_function F = {objective, (size_t)n, c};
    gsl_vector *x = gsl_vector_alloc((size_t)n), *ss = gsl_vector_alloc((size_t)n);
    for (int i = 0; i < n; i++) gsl_vector_set(x, (size_t)i, u0[i]), gsl_vector_set(ss, (size_t)i, step);
    gsl_multimin_fminimizer *m = gsl_multimin_fminimizer_alloc(gsl_multimin_fminimizer_nmsimplex2, (size_t)n);
    int st = gsl_multimin_fminimizer_set(m, &F, x, ss);
    for (int it = 0; !st && it < maxit; it++) {
        st = gsl_multimin_fminimizer_iterate(m);
        if (st) break;
        if (gsl_multimin_fminimizer_size(m) < 1e-11) break;
    }
    if (st == GSL_ENOPROG) st = 0; // the simplex cannot shrink further: at the optimum
    if (!st) {
        const gsl_vector *xm = gsl_multimin_fminimizer_x(m);
        double u[AK_MAX_DIM], l = 0;
        for (int i = 0; i < n; i++) u[i] = gsl_vector_get(xm, (size_t)i), l += u[i] * u[i];
        l = sqrt(l);
        for (int i = 0; i < n; i++) u[i] /= l;
        double f = gt_gap(c->a, c->pa, c->b, c->pb, u);
        if (f > *best) {
            *best = f;
            memcpy(ubest, u, sizeof(double) * (size_t)n);
        }
    }
    gsl_multimin_fminimizer_free(m);
    gsl_vector_free(x);
    gsl_vector_free(ss);
    return st;
}

static void random_unit(gsl_rng *rng, int n, double u[]) {
    double l = 0;
    do {
        l = 0;
        for (int i = 0; i < n; i++) u[i] = gsl_ran_gaussian(rng, 1.0), l += u[i] * u[i];
    } while (l < 1e-12);
    l = sqrt(l);
    for (int i = 0; i < n; i++) u[i] /= l;
}

int gt_separation(double *sep, double u_out[], const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                  const ak_pose *pb, gsl_rng *rng) {
    return gt_separation_effort(sep, u_out, a, pa, b, pb, rng, 96, 4);
}

int gt_separation_effort(double *sep, double u_out[], const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                         const ak_pose *pb, gsl_rng *rng, int ncand, int nstarts) {
    int n = a->dim;
    if (a->type == AK_SHAPE_HYPERPLANE || b->type == AK_SHAPE_HYPERPLANE) {
        // only u = -m (plane b) or u = +m (plane a) is bounded: sep = min_{x in X} m.x - o
        const ak_shape *pl = a->type == AK_SHAPE_HYPERPLANE ? a : b;
        const ak_shape *x = pl == a ? b : a;
        const ak_pose *px = pl == a ? pb : pa;
        double m[AK_MAX_DIM] = {0};
        for (int i = 0; i < n; i++) m[i] = -pl->normal[i];
        *sep = -gt_support(x, px, m) - pl->offset;
        for (int i = 0; i < n; i++) u_out[i] = pl == b ? -pl->normal[i] : pl->normal[i];
        return 0;
    }
    if (a->type == AK_SHAPE_HYPERSPHERE && b->type == AK_SHAPE_HYPERSPHERE) {
        double d[AK_MAX_DIM], l = 0;
        for (int i = 0; i < n; i++) d[i] = pb->pos[i] - pa->pos[i], l += d[i] * d[i];
        l = sqrt(l);
        for (int i = 0; i < n; i++) u_out[i] = l > 0 ? d[i] / l : (i == 0);
        *sep = l - a->radius - b->radius;
        return 0;
    }
    gt_ctx c = {a, b, pa, pb, n};
    // Pre-scan: centre direction, both bodies' axes (both signs), random directions.
    enum { NCAND = 4096 };
    static _Thread_local double cand[NCAND][AK_MAX_DIM], fc[NCAND];
    if (ncand > NCAND) ncand = NCAND;
    if (ncand < 4 * AK_MAX_DIM + 1) ncand = 4 * AK_MAX_DIM + 1;
    int nc = 0;
    double d[AK_MAX_DIM], l = 0;
    for (int i = 0; i < n; i++) d[i] = pb->pos[i] - pa->pos[i], l += d[i] * d[i];
    if (l > 0) {
        for (int i = 0; i < n; i++) cand[nc][i] = d[i] / sqrt(l);
        nc++;
    }
    for (int j = 0; j < n; j++)
        for (int s = 0; s < 2; s++) {
            for (int i = 0; i < n; i++) cand[nc][i] = (s ? -1 : 1) * pa->rot[i * n + j];
            nc++;
            for (int i = 0; i < n; i++) cand[nc][i] = (s ? -1 : 1) * pb->rot[i * n + j];
            nc++;
        }
    while (nc < ncand) random_unit(rng, n, cand[nc++]);
    for (int k = 0; k < nc; k++) fc[k] = gt_gap(a, pa, b, pb, cand[k]);
    double best = -INFINITY;
    int status = 0;
    // Nelder-Mead from the nstarts best candidates, then a polish from the best result.
    for (int r = 0; r < nstarts && r < nc; r++) {
        int bi = 0;
        for (int k = 1; k < nc; k++)
            if (fc[k] > fc[bi]) bi = k;
        int st = run_nm(&best, u_out, &c, cand[bi], 0.15, 4000);
        if (st) status = st;
        fc[bi] = -INFINITY;
    }
    double u0[AK_MAX_DIM];
    memcpy(u0, u_out, sizeof u0);
    int st = run_nm(&best, u_out, &c, u0, 1e-3, 4000);
    if (st) status = st;
    memcpy(u0, u_out, sizeof u0);
    st = run_nm(&best, u_out, &c, u0, 1e-6, 4000);
    if (st) status = st;
    *sep = best;
    return status;
}

double gt_outside(const ak_shape *s, const ak_pose *p, const double x[]) {
    int n = s->dim;
    if (s->type == AK_SHAPE_HYPERPLANE) return vdot(n, s->normal, x) - s->offset;
    double v[AK_MAX_DIM];
    for (int j = 0; j < n; j++) {
        v[j] = 0;
        for (int i = 0; i < n; i++) v[j] += p->rot[i * n + j] * (x[i] - p->pos[i]);
    }
    switch (s->type) {
    case AK_SHAPE_HYPERSPHERE: return sqrt(vdot(n, v, v)) - s->radius;
    case AK_SHAPE_HYPERCAPSULE: {
        double y = fmin(s->half_length, fmax(-s->half_length, v[1]));
        v[1] -= y;
        return sqrt(vdot(n, v, v)) - s->radius;
    }
    case AK_SHAPE_HYPERBOX: {
        double o = -INFINITY;
        for (int i = 0; i < n; i++) o = fmax(o, fabs(v[i]) - s->half_extents[i]);
        return o;
    }
    case AK_SHAPE_DUOCYLINDER: return fmax(hypot(v[0], v[1]) - s->radii[0], hypot(v[2], v[3]) - s->radii[1]);
    default: return NAN;
    }
}

void gt_random_rotation(gsl_rng *rng, int n, double R[]) {
    // Gram-Schmidt on Gaussian columns gives a Haar-distributed orthogonal matrix; flip one
    // column when det = -1.
    double Q[AK_MAX_DIM][AK_MAX_DIM];
    for (int j = 0; j < n; j++) {
        double l;
        do {
            for (int i = 0; i < n; i++) Q[j][i] = gsl_ran_gaussian(rng, 1.0);
            for (int k = 0; k < j; k++) {
                double t = vdot(n, Q[j], Q[k]);
                for (int i = 0; i < n; i++) Q[j][i] -= t * Q[k][i];
            }
            l = sqrt(vdot(n, Q[j], Q[j]));
        } while (l < 1e-6);
        for (int i = 0; i < n; i++) Q[j][i] /= l;
    }
    // determinant by elimination on a copy
    double M[AK_MAX_DIM * AK_MAX_DIM], det = 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) M[i * n + j] = Q[j][i];
    for (int k = 0; k < n; k++) {
        int pv = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(M[i * n + k]) > fabs(M[pv * n + k])) pv = i;
        if (pv != k) {
            for (int j = 0; j < n; j++) {
                double t = M[k * n + j];
                M[k * n + j] = M[pv * n + j];
                M[pv * n + j] = t;
            }
            det = -det;
        }
        det *= M[k * n + k];
        for (int i = k + 1; i < n; i++) {
            double f = M[i * n + k] / M[k * n + k];
            for (int j = k; j < n; j++) M[i * n + j] -= f * M[k * n + j];
        }
    }
    if (det < 0)
        for (int i = 0; i < n; i++) Q[0][i] = -Q[0][i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) R[i * n + j] = Q[j][i];
}
