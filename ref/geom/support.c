// Support functions, bounds and analytic closest points of the shapes (G-2, T-Alg3 corrected,
// T-4.1..T-4.5 corrected, B-7.1). Derivations: docs/formulas/collide.md.
#include "ref/geom/support.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double dot(int n, const double a[], const double b[]) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

void ak_pose_to_local(int n, double out[], const ak_pose *p, const double x[]) {
    double d[AK_MAX_DIM];
    for (int i = 0; i < n; i++) d[i] = x[i] - p->pos[i];
    ak_pose_dir_to_local(n, out, p, d);
}

void ak_pose_to_world(int n, double out[], const ak_pose *p, const double x[]) {
    double d[AK_MAX_DIM];
    ak_pose_dir_to_world(n, d, p, x);
    for (int i = 0; i < n; i++) out[i] = d[i] + p->pos[i];
}

void ak_pose_dir_to_local(int n, double out[], const ak_pose *p, const double d[]) {
    double t[AK_MAX_DIM];
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) s += p->rot[i * n + j] * d[i];
        t[j] = s;
    }
    memcpy(out, t, sizeof(double) * (size_t)n);
}

void ak_pose_dir_to_world(int n, double out[], const ak_pose *p, const double d[]) {
    double t[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += p->rot[i * n + j] * d[j];
        t[i] = s;
    }
    memcpy(out, t, sizeof(double) * (size_t)n);
}

static int fail(char *err, int errlen, int code, const char *msg) {
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "%s", msg);
    return code;
}

int ak_geom_validate(const ak_shape *s, const ak_pose *p, char *err, int errlen) {
    if (!s) return fail(err, errlen, AK_GEOM_EBADSHAPE, "null shape");
    int n = s->dim;
    if (n < 2 || n > AK_MAX_DIM)
        return fail(err, errlen, AK_GEOM_EBADSHAPE, "dimension out of range 2..5");
    if (p && p->dim != n)
        return fail(err, errlen, AK_GEOM_EBADSHAPE, "pose and shape dimensions differ");
    if (p)
        for (int i = 0; i < n * n; i++)
            if (!isfinite(p->rot[i]))
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "non-finite rotation");
    if (p)
        for (int i = 0; i < n; i++)
            if (!isfinite(p->pos[i]))
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "non-finite position");
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE:
            if (!(s->radius >= 0) || !isfinite(s->radius))
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "bad radius");
            return AK_GEOM_OK;
        case AK_SHAPE_HYPERCAPSULE:
            if (!(s->radius >= 0) || !isfinite(s->radius) || !(s->half_length >= 0) ||
                !isfinite(s->half_length))
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "bad capsule radius or half_length");
            return AK_GEOM_OK;
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < n; i++)
                if (!(s->half_extents[i] >= 0) || !isfinite(s->half_extents[i]))
                    return fail(err, errlen, AK_GEOM_EBADSHAPE, "bad half_extents");
            return AK_GEOM_OK;
        case AK_SHAPE_HYPERPLANE: {
            double l = sqrt(dot(n, s->normal, s->normal));
            if (!isfinite(s->offset) || !(fabs(l - 1.0) < 1e-9))
                return fail(err, errlen, AK_GEOM_EBADSHAPE,
                            "hyperplane normal must be unit length");
            return AK_GEOM_OK;
        }
        case AK_SHAPE_CONVEX:
            if (s->nverts < 1 || !s->verts)
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "convex shape without vertices");
            for (int i = 0; i < s->nverts * n; i++)
                if (!isfinite(s->verts[i]))
                    return fail(err, errlen, AK_GEOM_EBADSHAPE, "non-finite vertex");
            return AK_GEOM_OK;
        case AK_SHAPE_DUOCYLINDER:
            if (n != 4)
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "duocylinder exists only in 4D");
            if (!(s->radii[0] >= 0) || !(s->radii[1] >= 0) || !isfinite(s->radii[0]) ||
                !isfinite(s->radii[1]))
                return fail(err, errlen, AK_GEOM_EBADSHAPE, "bad duocylinder radii");
            return AK_GEOM_OK;
        default: return fail(err, errlen, AK_GEOM_EBADSHAPE, "unknown shape type");
    }
}

// Ball of radius r: r d/|d| (the centre for d = 0).
static void ball_support(int n, double out[], double r, const double d[]) {
    double l = sqrt(dot(n, d, d));
    for (int i = 0; i < n; i++) out[i] = l > 0 ? r * d[i] / l : 0.0;
}

double ak_geom_support_local(int n, double out[], const ak_shape *s, const double d[]) {
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE: ball_support(n, out, s->radius, d); break;
        case AK_SHAPE_HYPERCAPSULE:
            ball_support(n, out, s->radius, d);
            out[1] += d[1] >= 0 ? s->half_length : -s->half_length;
            break;
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < n; i++)
                out[i] = d[i] >= 0 ? s->half_extents[i] : -s->half_extents[i];
            break;
        case AK_SHAPE_HYPERPLANE: {
            // The solid {x : m.x <= o} is bounded in direction d only when d = -k m, k >= 0.
            double k = -dot(n, d, s->normal), r2 = 0;
            for (int i = 0; i < n; i++) {
                double e = d[i] + k * s->normal[i];
                r2 += e * e;
            }
            for (int i = 0; i < n; i++) out[i] = s->offset * s->normal[i];
            if (k < 0 || r2 > 0) return INFINITY;
            break;
        }
        case AK_SHAPE_CONVEX: {
            int best = 0;
            double hb = -INFINITY;
            for (int v = 0; v < s->nverts; v++) {
                double h = dot(n, d, s->verts + v * n);
                if (h > hb) hb = h, best = v;
            }
            memcpy(out, s->verts + best * n, sizeof(double) * (size_t)n);
            break;
        }
        case AK_SHAPE_DUOCYLINDER:
            ball_support(2, out, s->radii[0], d);
            ball_support(2, out + 2, s->radii[1], d + 2);
            break;
        default:
            for (int i = 0; i < n; i++) out[i] = 0;
            return NAN;
    }
    return dot(n, d, out);
}

double ak_geom_support(int n, double out[], const ak_shape *s, const ak_pose *p, const double d[]) {
    double dl[AK_MAX_DIM], xl[AK_MAX_DIM];
    ak_pose_dir_to_local(n, dl, p, d);
    double h = ak_geom_support_local(n, xl, s, dl);
    ak_pose_to_world(n, out, p, xl);
    return h + dot(n, d, p->pos);
}

int ak_geom_aabb(int n, double lo[], double hi[], const ak_shape *s, const ak_pose *p) {
    if (s->type == AK_SHAPE_HYPERPLANE) {
        // Bounded only along e_i when the normal is +-e_i: then hi_i = offset (normal +e_i).
        int unbounded = 0;
        for (int i = 0; i < n; i++) {
            lo[i] = -INFINITY;
            hi[i] = INFINITY;
            double m = s->normal[i];
            if (fabs(fabs(m) - 1.0) < 1e-15) {
                if (m > 0)
                    hi[i] = s->offset;
                else
                    lo[i] = -s->offset;
            }
            if (!isfinite(lo[i]) || !isfinite(hi[i])) unbounded = 1;
        }
        return unbounded ? AK_GEOM_EUNBOUNDED : AK_GEOM_OK;
    }
    if (s->type == AK_SHAPE_HYPERBOX || s->type == AK_SHAPE_HYPERSPHERE ||
        s->type == AK_SHAPE_HYPERCAPSULE || s->type == AK_SHAPE_DUOCYLINDER) {
        // Closed forms: box sum |R_ij| h_j; capsule |R_i1| h + r; duocylinder r1 |row_i(0,1)| ...
        for (int i = 0; i < n; i++) {
            const double *row = p->rot + i * n;
            double e = 0;
            if (s->type == AK_SHAPE_HYPERBOX)
                for (int j = 0; j < n; j++) e += fabs(row[j]) * s->half_extents[j];
            else if (s->type == AK_SHAPE_HYPERSPHERE)
                e = s->radius;
            else if (s->type == AK_SHAPE_HYPERCAPSULE)
                e = fabs(row[1]) * s->half_length + s->radius;
            else
                e = s->radii[0] * hypot(row[0], row[1]) + s->radii[1] * hypot(row[2], row[3]);
            lo[i] = p->pos[i] - e;
            hi[i] = p->pos[i] + e;
        }
        return AK_GEOM_OK;
    }
    // Convex: support along +-e_i.
    for (int i = 0; i < n; i++) {
        double d[AK_MAX_DIM] = { 0 }, x[AK_MAX_DIM];
        d[i] = 1;
        hi[i] = ak_geom_support(n, x, s, p, d);
        d[i] = -1;
        lo[i] = -ak_geom_support(n, x, s, p, d);
    }
    return AK_GEOM_OK;
}

void ak_geom_capsule_segment(int n, double a[], double b[], const ak_shape *s, const ak_pose *p) {
    double e[AK_MAX_DIM] = { 0 };
    e[1] = -s->half_length;
    ak_pose_to_world(n, a, p, e);
    e[1] = s->half_length;
    ak_pose_to_world(n, b, p, e);
}

double ak_geom_segment_point(int n, double out[], const double a[], const double b[],
                             const double x[]) {
    double d[AK_MAX_DIM] = { 0 }, u[AK_MAX_DIM] = { 0 };
    for (int i = 0; i < n; i++) d[i] = b[i] - a[i], u[i] = x[i] - a[i];
    double dd = dot(n, d, d), t = 0;
    if (dd > 0) t = fmin(1.0, fmax(0.0, dot(n, u, d) / dd));
    for (int i = 0; i < n; i++) out[i] = a[i] + t * d[i];
    return t;
}

static double clamp01(double x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

double ak_geom_segment_segment(int n, double *s_out, double *t_out, double c1[], double c2[],
                               const double p0[], const double p1[], const double q0[],
                               const double q1[]) {
    double d1[AK_MAX_DIM], d2[AK_MAX_DIM], r[AK_MAX_DIM];
    for (int i = 0; i < n; i++) d1[i] = p1[i] - p0[i], d2[i] = q1[i] - q0[i], r[i] = p0[i] - q0[i];
    double a = dot(n, d1, d1), e = dot(n, d2, d2), b = dot(n, d1, d2), c = dot(n, d1, r),
           f = dot(n, d2, r);
    // f(s,t) = |r + s d1 - t d2|^2 is a convex quadratic on [0,1]^2: its minimum is the interior
    // stationary point when that lies inside, else on one of the four edges (1-D clamps).
    double cs[6], ct[6];
    int m = 0;
    double den = a * e - b * b;
    int parallel = !(den > 1e-14 * a * e);
    if (!parallel) {
        double s = (b * f - c * e) / den, t = (a * f - b * c) / den;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1) cs[m] = s, ct[m++] = t;
    }
    for (int k = 0; k < 2; k++) {
        double s = k, t = e > 0 ? clamp01((b * s + f) / e) : 0;
        cs[m] = s, ct[m++] = t;
        t = k;
        s = a > 0 ? clamp01((b * t - c) / a) : 0;
        cs[m] = s, ct[m++] = t;
    }
    double best = INFINITY, bs = 0, bt = 0;
    for (int k = 0; k < m; k++) {
        double d2s = 0;
        for (int i = 0; i < n; i++) {
            double v = r[i] + cs[k] * d1[i] - ct[k] * d2[i];
            d2s += v * v;
        }
        if (d2s < best) best = d2s, bs = cs[k], bt = ct[k];
    }
    if (parallel && a > 0 && e > 0) {
        // Parallel segments: when their projections overlap, take the middle of the overlap.
        double sa = -c / a, sb = (-c + b) / a; // s of q0 and q1 projected on the first line
        double lo = fmax(0.0, fmin(sa, sb)), hi = fmin(1.0, fmax(sa, sb));
        if (lo <= hi) {
            double s = 0.5 * (lo + hi), t = clamp01((b * s + f) / e), d2s = 0;
            for (int i = 0; i < n; i++) {
                double v = r[i] + s * d1[i] - t * d2[i];
                d2s += v * v;
            }
            if (d2s <= best * (1 + 1e-12) + 1e-300) best = d2s, bs = s, bt = t;
        }
    }
    for (int i = 0; i < n; i++) c1[i] = p0[i] + bs * d1[i], c2[i] = q0[i] + bt * d2[i];
    if (s_out) *s_out = bs;
    if (t_out) *t_out = bt;
    return best;
}

// Closest boundary point of an axis-aligned box (half extents h) to a body-frame point x.
// Outside: clamp (T-Alg3 corrected). Inside: push to the nearest facet (lowest axis on ties).
static double box_closest(int n, double out[], double nrm[], const double h[], const double x[]) {
    int inside = 1;
    for (int i = 0; i < n; i++)
        if (fabs(x[i]) > h[i]) inside = 0;
    if (!inside) {
        double d2 = 0;
        for (int i = 0; i < n; i++) {
            out[i] = fmin(h[i], fmax(-h[i], x[i]));
            nrm[i] = x[i] - out[i];
            d2 += nrm[i] * nrm[i];
        }
        double d = sqrt(d2);
        for (int i = 0; i < n; i++) nrm[i] /= d;
        return d;
    }
    int best = 0;
    double bd = INFINITY;
    for (int i = 0; i < n; i++) {
        double g = h[i] - fabs(x[i]);
        if (g < bd) bd = g, best = i;
    }
    for (int i = 0; i < n; i++) out[i] = x[i], nrm[i] = 0;
    double sg = x[best] >= 0 ? 1.0 : -1.0;
    out[best] = sg * h[best];
    nrm[best] = sg;
    return -bd;
}

int ak_geom_closest_point(int n, double out[], double normal[], double *dist, const ak_shape *s,
                          const ak_pose *p, const double x[]) {
    double xl[AK_MAX_DIM], ol[AK_MAX_DIM], nl[AK_MAX_DIM];
    double d = 0;
    if (s->type == AK_SHAPE_HYPERPLANE) {
        double e = dot(n, s->normal, x) - s->offset; // T-3.8 with a unit normal (errata)
        for (int i = 0; i < n; i++) out[i] = x[i] - e * s->normal[i], normal[i] = s->normal[i];
        *dist = e;
        return AK_GEOM_OK;
    }
    ak_pose_to_local(n, xl, p, x);
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE:
        case AK_SHAPE_HYPERCAPSULE: {
            double c[AK_MAX_DIM] = { 0 };
            if (s->type == AK_SHAPE_HYPERCAPSULE)
                c[1] = fmin(s->half_length, fmax(-s->half_length, xl[1]));
            double v2 = 0;
            for (int i = 0; i < n; i++) nl[i] = xl[i] - c[i], v2 += nl[i] * nl[i];
            double l = sqrt(v2);
            if (l > 0) {
                for (int i = 0; i < n; i++) nl[i] /= l;
            } else {
                for (int i = 0; i < n; i++) nl[i] = 0;
                nl[0] = 1; // centre (or core point): any direction; the x axis by convention
            }
            for (int i = 0; i < n; i++) ol[i] = c[i] + s->radius * nl[i];
            d = l - s->radius;
            break;
        }
        case AK_SHAPE_HYPERBOX: d = box_closest(n, ol, nl, s->half_extents, xl); break;
        case AK_SHAPE_DUOCYLINDER: {
            // D1 x D2: outside, project each factor on its disk; inside, the nearer rim.
            double l1 = hypot(xl[0], xl[1]), l2 = hypot(xl[2], xl[3]);
            double r1 = s->radii[0], r2 = s->radii[1];
            if (l1 <= r1 && l2 <= r2) {
                for (int i = 0; i < 4; i++) ol[i] = xl[i], nl[i] = 0;
                int k = (r1 - l1 <= r2 - l2) ? 0 : 1;
                double l = k ? l2 : l1, r = k ? r2 : r1;
                double u0 = l > 0 ? xl[2 * k] / l : 1.0, u1 = l > 0 ? xl[2 * k + 1] / l : 0.0;
                ol[2 * k] = r * u0, ol[2 * k + 1] = r * u1;
                nl[2 * k] = u0, nl[2 * k + 1] = u1;
                d = l - r;
            } else {
                double f1 = l1 > r1 ? r1 / l1 : 1.0, f2 = l2 > r2 ? r2 / l2 : 1.0, d2 = 0;
                ol[0] = xl[0] * f1, ol[1] = xl[1] * f1, ol[2] = xl[2] * f2, ol[3] = xl[3] * f2;
                for (int i = 0; i < 4; i++) nl[i] = xl[i] - ol[i], d2 += nl[i] * nl[i];
                d = sqrt(d2);
                for (int i = 0; i < 4; i++) nl[i] /= d;
            }
            break;
        }
        default: return AK_GEOM_EUNSUPPORTED;
    }
    ak_pose_to_world(n, out, p, ol);
    ak_pose_dir_to_world(n, normal, p, nl);
    *dist = d;
    return AK_GEOM_OK;
}
