// Signed distance functions, n-D. Derivations in docs/formulas/render.md (T-E.*).
#include "ref/sdf/sdf.h"

#include <math.h>

double ak_sdf_hypersphere(int n, const double p[], double radius) {
    double s = 0.0;
    for (int i = 0; i < n; i++) s += p[i] * p[i];
    return sqrt(s) - radius;
}

double ak_sdf_hypercapsule(int n, const double p[], double radius, double half_length) {
    // Distance to the segment {t e_1 : |t| <= h}: clamp the y coordinate, then the sphere SDF.
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        double q = p[i];
        if (i == 1) q -= fmin(fmax(p[1], -half_length), half_length);
        s += q * q;
    }
    return sqrt(s) - radius;
}

double ak_sdf_hyperbox(int n, const double p[], const double half[]) {
    // q = |p| - h; outside part |max(q, 0)|, inside part max_i q_i (<= 0).
    double out = 0.0, inside = -INFINITY;
    for (int i = 0; i < n; i++) {
        double q = fabs(p[i]) - half[i];
        if (q > 0) out += q * q;
        inside = fmax(inside, q);
    }
    return sqrt(out) + fmin(inside, 0.0);
}

double ak_sdf_hyperplane(int n, const double p[], const double normal[], double offset) {
    double d = 0.0, nn = 0.0;
    for (int i = 0; i < n; i++) {
        d += p[i] * normal[i];
        nn += normal[i] * normal[i];
    }
    double len = sqrt(nn);
    return (d - offset) / len;
}

double ak_sdf_duocylinder(const double p[4], double r_xy, double r_zw) {
    double a = hypot(p[0], p[1]) - r_xy;
    double b = hypot(p[2], p[3]) - r_zw;
    double oa = fmax(a, 0.0), ob = fmax(b, 0.0);
    return sqrt(oa * oa + ob * ob) + fmin(fmax(a, b), 0.0);
}

double ak_sdf_halfspaces(int n, const double p[], int nplanes, const double normals[],
                         const double offsets[]) {
    double d = -INFINITY;
    for (int f = 0; f < nplanes; f++) {
        double s = -offsets[f];
        for (int i = 0; i < n; i++) s += normals[f * n + i] * p[i];
        d = fmax(d, s);
    }
    return d;
}

double ak_sdf_union(double d1, double d2) { return fmin(d1, d2); }

double ak_sdf_shape(const ak_shape *s, const ak_pose *pose, const double x[], int nplanes,
                    const double normals[], const double offsets[]) {
    int n = s->dim;
    if (n < 2 || n > AK_MAX_DIM || pose->dim != n) return NAN;
    if (s->type == AK_SHAPE_HYPERPLANE) return ak_sdf_hyperplane(n, x, s->normal, s->offset);
    // Body coordinates: p = rot^T (x - pos).
    double d[AK_MAX_DIM], p[AK_MAX_DIM];
    for (int i = 0; i < n; i++) d[i] = x[i] - pose->pos[i];
    for (int j = 0; j < n; j++) {
        double v = 0.0;
        for (int i = 0; i < n; i++) v += pose->rot[i * n + j] * d[i];
        p[j] = v;
    }
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE: return ak_sdf_hypersphere(n, p, s->radius);
        case AK_SHAPE_HYPERCAPSULE: return ak_sdf_hypercapsule(n, p, s->radius, s->half_length);
        case AK_SHAPE_HYPERBOX: return ak_sdf_hyperbox(n, p, s->half_extents);
        case AK_SHAPE_DUOCYLINDER:
            return n == 4 ? ak_sdf_duocylinder(p, s->radii[0], s->radii[1]) : NAN;
        case AK_SHAPE_CONVEX:
            return (nplanes > 0 && normals && offsets)
                       ? ak_sdf_halfspaces(n, p, nplanes, normals, offsets)
                       : NAN;
        default: return NAN;
    }
}
