// Ground truth for the collision checks (see collide_truth.h): independent of ref/.
#include "verify/oracles/collide_truth.h"

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
        case AK_SHAPE_HYPERCAPSULE:
            return s->radius * sqrt(vdot(n, v, v)) + s->half_length * fabs(v[1]);
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
        case AK_SHAPE_DUOCYLINDER:
            return s->radii[0] * hypot(v[0], v[1]) + s->radii[1] * hypot(v[2], v[3]);
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

double gt_gap(const ak_shape *a, const ak_pose *pa, const ak_shape *b, const ak_pose *pb,
              const double u[]) {
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

// Polish in the tangent plane of u0 (n-1 free parameters, no radial degeneracy):
// u(x) = normalize(u0 + sum x_k t_k).
typedef struct tan_ctx {
    gt_ctx *c;
    double u0[AK_MAX_DIM], T[AK_MAX_DIM][AK_MAX_DIM];
} tan_ctx;

static void tan_point(const tan_ctx *t, const gsl_vector *x, double u[]) {
    int n = t->c->n;
    double l = 0;
    for (int i = 0; i < n; i++) {
        u[i] = t->u0[i];
        for (int k = 0; k < n - 1; k++) u[i] += gsl_vector_get(x, (size_t)k) * t->T[k][i];
        l += u[i] * u[i];
    }
    l = sqrt(l);
    for (int i = 0; i < n; i++) u[i] /= l;
}

static double tan_objective(const gsl_vector *x, void *params) {
    const tan_ctx *t = params;
    double u[AK_MAX_DIM];
    tan_point(t, x, u);
    return -gt_gap(t->c->a, t->c->pa, t->c->b, t->c->pb, u);
}

static int polish(double *best, double ubest[], gt_ctx *c, double step, int maxit,
                  double size_tol) {
    int n = c->n, m = n - 1;
    tan_ctx t;
    t.c = c;
    memcpy(t.u0, ubest, sizeof(double) * (size_t)n);
    int nt = 0;
    for (int ax = 0; ax < n && nt < m; ax++) {
        double e[AK_MAX_DIM] = { 0 };
        e[ax] = 1;
        double d = vdot(n, e, t.u0);
        for (int i = 0; i < n; i++) e[i] -= d * t.u0[i];
        for (int k = 0; k < nt; k++) {
            double q = vdot(n, e, t.T[k]);
            for (int i = 0; i < n; i++) e[i] -= q * t.T[k][i];
        }
        double l = sqrt(vdot(n, e, e));
        if (l < 0.3) continue;
        for (int i = 0; i < n; i++) t.T[nt][i] = e[i] / l;
        nt++;
    }
    if (nt < m) return 0;
    gsl_multimin_function F = { tan_objective, (size_t)m, &t };
    gsl_vector *x = gsl_vector_calloc((size_t)m), *ss = gsl_vector_alloc((size_t)m);
    gsl_vector_set_all(ss, step);
    gsl_multimin_fminimizer *mm =
        gsl_multimin_fminimizer_alloc(gsl_multimin_fminimizer_nmsimplex2, (size_t)m);
    int st = gsl_multimin_fminimizer_set(mm, &F, x, ss);
    for (int it = 0; !st && it < maxit; it++) {
        st = gsl_multimin_fminimizer_iterate(mm);
        if (st) break;
        if (gsl_multimin_fminimizer_size(mm) < size_tol) break;
    }
    if (st == GSL_ENOPROG) st = 0;
    if (!st) {
        double u[AK_MAX_DIM];
        tan_point(&t, gsl_multimin_fminimizer_x(mm), u);
        double f = gt_gap(c->a, c->pa, c->b, c->pb, u);
        if (f > *best) {
            *best = f;
            memcpy(ubest, u, sizeof(double) * (size_t)n);
        }
    }
    gsl_multimin_fminimizer_free(mm);
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

int gt_refine(double *f, double u[], const ak_shape *a, const ak_pose *pa, const ak_shape *b,
              const ak_pose *pb) {
    gt_ctx c = { a, b, pa, pb, a->dim };
    int status = 0;
    const double steps[4] = { 1e-4, 1e-6, 1e-8, 1e-10 };
    for (int k = 0; k < 4; k++) {
        int st = polish(f, u, &c, steps[k], 600, steps[k] * 1e-6);
        if (st) status = st;
    }
    return status;
}

int gt_separation(double *sep, double u_out[], const ak_shape *a, const ak_pose *pa,
                  const ak_shape *b, const ak_pose *pb, gsl_rng *rng) {
    return gt_separation_effort(sep, u_out, a, pa, b, pb, rng, 48, 2);
}

int gt_separation_effort(double *sep, double u_out[], const ak_shape *a, const ak_pose *pa,
                         const ak_shape *b, const ak_pose *pb, gsl_rng *rng, int ncand,
                         int nstarts) {
    int n = a->dim;
    if (a->type == AK_SHAPE_HYPERPLANE || b->type == AK_SHAPE_HYPERPLANE) {
        // only u = -m (plane b) or u = +m (plane a) is bounded: sep = min_{x in X} m.x - o
        const ak_shape *pl = a->type == AK_SHAPE_HYPERPLANE ? a : b;
        const ak_shape *x = pl == a ? b : a;
        const ak_pose *px = pl == a ? pb : pa;
        double m[AK_MAX_DIM] = { 0 };
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
    gt_ctx c = { a, b, pa, pb, n };
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
    int lean = nstarts <= 8; // short runs with loose size tolerances (see the header)
    // Nelder-Mead in the tangent plane from each of the nstarts best candidates ...
    for (int r = 0; r < nstarts && r < nc; r++) {
        int bi = 0;
        for (int k = 1; k < nc; k++)
            if (fc[k] > fc[bi]) bi = k;
        double f0 = fc[bi], u0[AK_MAX_DIM];
        memcpy(u0, cand[bi], sizeof(double) * (size_t)n);
        fc[bi] = -INFINITY;
        int st = polish(&f0, u0, &c, 0.1, lean ? 200 : 3000, lean ? 1e-5 : 1e-9);
        if (st) status = st;
        if (f0 > best) best = f0, memcpy(u_out, u0, sizeof(double) * (size_t)n);
    }
    // ... then polish the best with shrinking steps.
    const double steps[3] = { 1e-3, 1e-6, 1e-9 };
    for (int k = 0; k < 3; k++) {
        int st = polish(&best, u_out, &c, steps[k], lean ? 200 : 3000, steps[k] * 1e-5);
        if (st) status = st;
    }
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
        case AK_SHAPE_DUOCYLINDER:
            return fmax(hypot(v[0], v[1]) - s->radii[0], hypot(v[2], v[3]) - s->radii[1]);
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
