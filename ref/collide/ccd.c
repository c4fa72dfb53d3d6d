// Time of impact by conservative advancement (G-13), generalised to n-D rotations: advance by
// sep / (bound on the approach speed) until the separation falls below tol.
#include <math.h>
#include <string.h>

#include "ref/collide/collide.h"
#include "ref/ga/nd.h"
#include "ref/geom/linalg.h"

double ak_collide_bounding_radius(const ak_shape *s) {
    int n = s->dim;
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE: return s->radius;
        case AK_SHAPE_HYPERCAPSULE: return s->half_length + s->radius;
        case AK_SHAPE_HYPERBOX: {
            double r = 0;
            for (int i = 0; i < n; i++) r += s->half_extents[i] * s->half_extents[i];
            return sqrt(r);
        }
        case AK_SHAPE_CONVEX: {
            double r = 0;
            for (int v = 0; v < s->nverts; v++)
                r = fmax(r, sqrt(ak_la_dot(n, s->verts + v * n, s->verts + v * n)));
            return r;
        }
        case AK_SHAPE_DUOCYLINDER: return hypot(s->radii[0], s->radii[1]);
        default: return INFINITY;
    }
}

// Pose at time t: pos + v t, rotation exp(-t w / 2) applied on the left (R_t = -1/2 w R).
static void advance(int n, ak_pose *out, const ak_pose *p, const double v[], const double w[],
                    double t) {
    *out = *p;
    for (int i = 0; i < n; i++) out->pos[i] = p->pos[i] + (v ? v[i] * t : 0);
    if (!w) return;
    int k = ak_nd_nbiv(n);
    double B[AK_MAX_BIV], R[AK_MAX_EVEN], M[AK_MAX_DIM * AK_MAX_DIM];
    for (int j = 0; j < k; j++) B[j] = -0.5 * t * w[j];
    ak_nd_rotor_exp(n, R, B);
    ak_nd_rotor_to_matrix(n, M, R);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int q = 0; q < n; q++) s += M[i * n + q] * p->rot[q * n + j];
            out->rot[i * n + j] = s;
        }
}

int ak_collide_toi(double *toi, const ak_shape *a, const ak_pose *pa, const double va[],
                   const double wa[], const ak_shape *b, const ak_pose *pb, const double vb[],
                   const double wb[], double tmax, double tol) {
    if (!toi || !a || !b || a->dim != b->dim || !(tmax >= 0) || !(tol > 0))
        return AK_GEOM_EBADSHAPE;
    int n = a->dim, k = ak_nd_nbiv(n);
    // a point at distance r from the origin moves at most |w| r, |w| = sqrt(sum w_ij^2)
    double wna = 0, wnb = 0;
    for (int j = 0; j < k; j++) wna += wa ? wa[j] * wa[j] : 0, wnb += wb ? wb[j] * wb[j] : 0;
    wna = sqrt(wna), wnb = sqrt(wnb);
    double ra = a->type == AK_SHAPE_HYPERPLANE ? 0 : ak_collide_bounding_radius(a) * wna;
    double rb = b->type == AK_SHAPE_HYPERPLANE ? 0 : ak_collide_bounding_radius(b) * wnb;
    double t = 0;
    for (int it = 0; it < 10000; it++) {
        ak_pose qa, qb;
        advance(n, &qa, pa, a->type == AK_SHAPE_HYPERPLANE ? NULL : va,
                a->type == AK_SHAPE_HYPERPLANE ? NULL : wa, t);
        advance(n, &qb, pb, b->type == AK_SHAPE_HYPERPLANE ? NULL : vb,
                b->type == AK_SHAPE_HYPERPLANE ? NULL : wb, t);
        ak_manifold m;
        int st = ak_collide(&m, a, &qa, b, &qb, -INFINITY);
        if (st < 0) return st;
        if (m.separation <= tol) {
            *toi = t;
            return 1;
        }
        // approach speed bound along the current normal (b to a): -(va - vb).n + rotations
        double vr = 0;
        for (int i = 0; i < n; i++)
            vr -= ((va && a->type != AK_SHAPE_HYPERPLANE ? va[i] : 0) -
                   (vb && b->type != AK_SHAPE_HYPERPLANE ? vb[i] : 0)) *
                  m.normal[i];
        double bound = vr + ra + rb;
        if (!(bound > 0)) return 0;
        t += m.separation / bound;
        if (t > tmax) return 0;
    }
    return 0;
}
