// The narrow-phase dispatcher and the exact pair tests (T-Alg1..T-Alg11 corrected, B-7.1,
// B-7.2, G-9..G-12). Derivations and verdicts: docs/formulas/collide.md, docs/errata.md.
#include "ref/collide/collide.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ref/collide/internal.h"
#include "ref/geom/linalg.h"

static void set_contact(ak_contact *c, int n, const double nrm[], double sep, const double pa[],
                        const double pb[], uint32_t fa, uint32_t fb) {
    memset(c, 0, sizeof *c);
    memcpy(c->normal, nrm, sizeof(double) * (size_t)n);
    memcpy(c->point_a, pa, sizeof(double) * (size_t)n);
    memcpy(c->point_b, pb, sizeof(double) * (size_t)n);
    c->separation = sep;
    c->feature_a = fa;
    c->feature_b = fb;
    c->id = ((uint64_t)fa << 32) | fb;
}

// One contact at the pair's closest / deepest points.
static void single_contact(ak_manifold *m, double margin) {
    m->count = 0;
    if (m->separation <= margin)
        set_contact(&m->contacts[m->count++], m->dim, m->normal, m->separation, m->point_a,
                    m->point_b, 0, 0);
}

// Swap the roles of a and b.
static void flip(ak_manifold *m) {
    int n = m->dim;
    double t[AK_MAX_DIM];
    for (int i = 0; i < n; i++) m->normal[i] = -m->normal[i];
    memcpy(t, m->point_a, sizeof t);
    memcpy(m->point_a, m->point_b, sizeof t);
    memcpy(m->point_b, t, sizeof t);
    for (int k = 0; k < m->count; k++) {
        ak_contact *c = &m->contacts[k];
        for (int i = 0; i < n; i++) c->normal[i] = -c->normal[i];
        memcpy(t, c->point_a, sizeof t);
        memcpy(c->point_a, c->point_b, sizeof t);
        memcpy(c->point_b, t, sizeof t);
        uint32_t f = c->feature_a;
        c->feature_a = c->feature_b;
        c->feature_b = f;
        c->id = ((uint64_t)c->feature_a << 32) | c->feature_b;
    }
}

static double core_radius(const ak_shape *s) {
    return (s->type == AK_SHAPE_HYPERSPHERE || s->type == AK_SHAPE_HYPERCAPSULE) ? s->radius : 0.0;
}

// Unit vector orthogonal to the given k vectors (rows of D), the coordinate axis with the
// largest residual (deterministic).
static void orthogonal_dir(int n, double out[], const double D[], int k) {
    double Q[AK_MAX_DIM * AK_MAX_DIM];
    int nq = 0;
    for (int r = 0; r < k; r++) {
        double e[AK_MAX_DIM];
        memcpy(e, D + r * n, sizeof(double) * (size_t)n);
        for (int q = 0; q < nq; q++) {
            double t = ak_la_dot(n, e, Q + q * n);
            for (int i = 0; i < n; i++) e[i] -= t * Q[q * n + i];
        }
        double l = sqrt(ak_la_dot(n, e, e));
        if (l > 1e-12)
            for (int i = 0; i < n; i++) Q[nq * n + i] = e[i] / l;
        if (l > 1e-12) nq++;
    }
    double best = -1;
    for (int ax = 0; ax < n; ax++) {
        double e[AK_MAX_DIM] = { 0 };
        e[ax] = 1;
        for (int q = 0; q < nq; q++) {
            double t = ak_la_dot(n, e, Q + q * n);
            for (int i = 0; i < n; i++) e[i] -= t * Q[q * n + i];
        }
        double l = sqrt(ak_la_dot(n, e, e));
        if (l > best + 1e-12) {
            best = l;
            for (int i = 0; i < n; i++) out[i] = e[i] / l;
        }
    }
}

// General pair by GJK on the cores (points, segments, polytopes, duocylinders) plus radii,
// EPA when the cores overlap.  [G-9, G-10, G-11, G-12]
static int gjk_pair(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                    const ak_pose *pb) {
    int n = a->dim;
    ak_gjk_result g;
    int st = ak_collide_gjk(&g, a, pa, b, pb, 1);
    if (st) return st;
    double ra = core_radius(a), rb = core_radius(b);
    double scale = 1e-12 * (1 + fabs(g.point_a[0]) + fabs(g.point_b[0]));
    double ea[AK_MAX_DIM], eb[AK_MAX_DIM], nrm[AK_MAX_DIM], core_sep;
    if (!g.intersect && g.distance > scale) {
        // the normal from the closest points themselves: unit to the last bit (the iteration's
        // distance and the points' difference agree only to the tolerance of GJK)
        double dl = 0;
        for (int i = 0; i < n; i++)
            dl += (g.point_a[i] - g.point_b[i]) * (g.point_a[i] - g.point_b[i]);
        dl = sqrt(dl);
        if (!(dl > 0)) dl = g.distance;
        for (int i = 0; i < n; i++) nrm[i] = (g.point_a[i] - g.point_b[i]) / dl;
        memcpy(ea, g.point_a, sizeof ea);
        memcpy(eb, g.point_b, sizeof eb);
        core_sep = g.distance;
        m->method = AK_METHOD_GJK;
    } else {
        double depth;
        if (!g.intersect) g.intersect = 1;
        st = ak_collide_epa(&depth, nrm, ea, eb, &g, a, pa, b, pb, 1);
        if (st) return st;
        core_sep = -depth;
        m->method = AK_METHOD_EPA;
    }
    m->separation = core_sep - ra - rb;
    m->normal_unique = 1;
    for (int i = 0; i < n; i++) {
        m->normal[i] = nrm[i];
        m->point_a[i] = ea[i] - ra * nrm[i];
        m->point_b[i] = eb[i] + rb * nrm[i];
    }
    return 0;
}

// Sphere a against any shape b: exact closest point of b to the centre (T-Alg1, T-Alg2, T-Alg4
// corrected; B-7.1 for polytopes).
static int sphere_pair(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                       const ak_pose *pb, double margin) {
    int n = a->dim;
    double q[AK_MAX_DIM], nq[AK_MAX_DIM], d;
    int st = ak_collide_point(n, q, nq, &d, b, pb, pa->pos);
    if (st) return st;
    m->separation = d - a->radius;
    m->method =
        (b->type == AK_SHAPE_CONVEX) ? (d > 0 ? AK_METHOD_GJK : AK_METHOD_EPA) : AK_METHOD_ANALYTIC;
    m->normal_unique = 1;
    if (b->type == AK_SHAPE_HYPERSPHERE && d == -b->radius)
        m->normal_unique = 0; // coincident centres
    for (int i = 0; i < n; i++) {
        m->normal[i] = nq[i];
        m->point_b[i] = q[i];
        m->point_a[i] = pa->pos[i] - a->radius * nq[i];
    }
    single_contact(m, margin);
    return 0;
}

static int capsule_capsule(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                           const ak_pose *pb, double margin) {
    int n = a->dim;
    double a0[AK_MAX_DIM], a1[AK_MAX_DIM], b0[AK_MAX_DIM], b1[AK_MAX_DIM], c1[AK_MAX_DIM],
        c2[AK_MAX_DIM];
    ak_geom_capsule_segment(n, a0, a1, a, pa);
    ak_geom_capsule_segment(n, b0, b1, b, pb);
    double s, t;
    ak_geom_segment_segment(n, &s, &t, c1, c2, a0, a1, b0, b1);
    // the distance of the closest points themselves (the returned square can differ from it by
    // rounding when the segments nearly cross), so that the normal below is unit to the last bit
    double d = 0;
    for (int i = 0; i < n; i++) d += (c1[i] - c2[i]) * (c1[i] - c2[i]);
    d = sqrt(d);
    double scale = 1 + a->half_length + b->half_length;
    double D[2 * AK_MAX_DIM];
    for (int i = 0; i < n; i++) D[i] = a1[i] - a0[i], D[n + i] = b1[i] - b0[i];
    m->method = AK_METHOD_ANALYTIC;
    m->normal_unique = 1;
    if (d > 1e-12 * scale) {
        for (int i = 0; i < n; i++) m->normal[i] = (c1[i] - c2[i]) / d;
        m->separation = d - a->radius - b->radius;
    } else if (n >= 3) {
        // Crossing cores: S_a - S_b is at most 2-dimensional, so the origin is on its boundary
        // and the depth is exactly r_a + r_b along any direction orthogonal to both segments.
        orthogonal_dir(n, m->normal, D, 2);
        m->separation = -a->radius - b->radius;
        m->normal_unique = 0;
    } else {
        int st = gjk_pair(m, a, pa, b, pb);
        if (st) return st;
        // gjk_pair filled points from the cores
        single_contact(m, margin);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        m->point_a[i] = c1[i] - a->radius * m->normal[i];
        m->point_b[i] = c2[i] + b->radius * m->normal[i];
    }
    m->count = 0;
    if (m->separation > margin) return 0;
    // Parallel overlapping cores: two contacts at the ends of the overlap (stable lying capsules).
    double la = sqrt(ak_la_dot(n, D, D)), lb = sqrt(ak_la_dot(n, D + n, D + n));
    if (la > 0 && lb > 0 && d > 1e-12 * scale) {
        double cosang = fabs(ak_la_dot(n, D, D + n)) / (la * lb);
        if (cosang > 1 - 1e-6) {
            double e = ak_la_dot(n, D, D);
            double r[AK_MAX_DIM];
            double s0, s1;
            for (int i = 0; i < n; i++) r[i] = b0[i] - a0[i];
            s0 = ak_la_dot(n, D, r) / e;
            for (int i = 0; i < n; i++) r[i] = b1[i] - a0[i];
            s1 = ak_la_dot(n, D, r) / e;
            double lo = fmax(0.0, fmin(s0, s1)), hi = fmin(1.0, fmax(s0, s1));
            if (hi - lo > 1e-9) {
                for (int k = 0; k < 2; k++) {
                    double ss = k ? hi : lo, x[AK_MAX_DIM], y[AK_MAX_DIM], pa_[AK_MAX_DIM],
                           pb_[AK_MAX_DIM];
                    for (int i = 0; i < n; i++) x[i] = a0[i] + ss * D[i];
                    ak_geom_segment_point(n, y, b0, b1, x);
                    double dd = 0;
                    for (int i = 0; i < n; i++) dd += (x[i] - y[i]) * m->normal[i];
                    double sep = dd - a->radius - b->radius;
                    for (int i = 0; i < n; i++) {
                        pa_[i] = x[i] - a->radius * m->normal[i];
                        pb_[i] = pa_[i] - sep * m->normal[i];
                    }
                    if (sep <= margin)
                        set_contact(&m->contacts[m->count++], n, m->normal, sep, pa_, pb_,
                                    1u + (uint32_t)k, 1u + (uint32_t)k);
                }
                return m->count;
            }
        }
    }
    single_contact(m, margin);
    return m->count;
}

// A shape a against the hyperplane b: sep = min_{x in a} m.x - o = -h_a(-m) - o (T-3.8 with a
// unit normal, T-Alg5, T-Alg8, T-Alg11 corrected).
static int plane_pair(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *pl,
                      double margin) {
    int n = a->dim;
    double nm[AK_MAX_DIM] = { 0 }, x[AK_MAX_DIM] = { 0 };
    for (int i = 0; i < n; i++) nm[i] = -pl->normal[i];
    double h = ak_geom_support(n, x, a, pa, nm);
    m->separation = -h - pl->offset + 0.0; // + 0.0: no negative zero in reports
    m->method = AK_METHOD_ANALYTIC;
    m->normal_unique = 1;
    for (int i = 0; i < n; i++) {
        m->normal[i] = pl->normal[i];
        m->point_a[i] = x[i];
        m->point_b[i] = x[i] - m->separation * pl->normal[i];
    }
    m->count = 0;
    double pts[64][AK_MAX_DIM];
    uint32_t ids[64];
    int np = 0;
    switch (a->type) {
        case AK_SHAPE_HYPERCAPSULE: {
            double e0[AK_MAX_DIM], e1[AK_MAX_DIM];
            ak_geom_capsule_segment(n, e0, e1, a, pa);
            for (int i = 0; i < n; i++)
                pts[0][i] = e0[i] - a->radius * pl->normal[i],
                pts[1][i] = e1[i] - a->radius * pl->normal[i];
            ids[0] = 0, ids[1] = 1, np = 2;
            break;
        }
        case AK_SHAPE_HYPERBOX: {
            // incident facet: most anti-parallel to the plane normal; its 2^(n-1) vertices
            double ml[AK_MAX_DIM];
            ak_pose_dir_to_local(n, ml, pa, pl->normal);
            int ax = 0;
            for (int j = 1; j < n; j++)
                if (fabs(ml[j]) > fabs(ml[ax])) ax = j;
            unsigned fixed = ml[ax] > 0 ? 0u : (1u << ax);
            for (unsigned v = 0; v < (1u << n); v++) {
                if ((v & (1u << ax)) != fixed) continue;
                double xl[AK_MAX_DIM];
                ak_box_vertex(n, xl, a->half_extents, v);
                ak_pose_to_world(n, pts[np], pa, xl);
                ids[np++] = v;
            }
            break;
        }
        case AK_SHAPE_CONVEX: {
            // every vertex within the margin, reduced to ak_poly_cap(n) points that keep the
            // extremes of the support region (G-CLIP.4)
            double X[AK_POLY_MAX_CAND * AK_MAX_DIM], S[AK_POLY_MAX_CAND];
            uint32_t vid[AK_POLY_MAX_CAND];
            int cnt = 0, keep[AK_POLY_MAX_CAND];
            for (int v = 0; v < a->nverts && cnt < AK_POLY_MAX_CAND; v++) {
                double w[AK_MAX_DIM];
                ak_pose_to_world(n, w, pa, a->verts + v * n);
                double s = ak_la_dot(n, pl->normal, w) - pl->offset;
                if (s > margin) continue;
                memcpy(X + cnt * n, w, sizeof(double) * (size_t)n);
                S[cnt] = s;
                vid[cnt++] = (uint32_t)v;
            }
            int nk = ak_poly_reduce(n, X, S, cnt, ak_poly_cap(n), keep);
            for (int q = 0; q < nk; q++) {
                memcpy(pts[np], X + keep[q] * n, sizeof(double) * (size_t)n);
                ids[np++] = vid[keep[q]];
            }
            break;
        }
        case AK_SHAPE_DUOCYLINDER: {
            double ml[AK_MAX_DIM];
            ak_pose_dir_to_local(n, ml, pa, nm);
            memcpy(pts[np], x, sizeof x);
            ids[np++] = 0;
            double l1 = hypot(ml[0], ml[1]), l2 = hypot(ml[2], ml[3]);
            for (int k = 0; k < 2; k++) {
                if ((k ? l2 : l1) > 1e-9) continue;
                // the support set is a whole disk in plane k: add four rim points
                double xl[AK_MAX_DIM];
                ak_pose_to_local(n, xl, pa, x);
                for (int q = 0; q < 4; q++) {
                    double r = a->radii[k], y[AK_MAX_DIM];
                    memcpy(y, xl, sizeof y);
                    y[2 * k] = (q == 0) ? r : (q == 1) ? -r : 0;
                    y[2 * k + 1] = (q == 2) ? r : (q == 3) ? -r : 0;
                    ak_pose_to_world(n, pts[np], pa, y);
                    ids[np++] = 1u + (uint32_t)(4 * k + q);
                }
            }
            break;
        }
        default: memcpy(pts[0], x, sizeof x); ids[0] = 0, np = 1;
    }
    for (int k = 0; k < np && m->count < AK_MAX_CONTACTS; k++) {
        double s = ak_la_dot(n, pl->normal, pts[k]) - pl->offset + 0.0, y[AK_MAX_DIM];
        if (s > margin) continue;
        for (int i = 0; i < n; i++) y[i] = pts[k][i] - s * pl->normal[i];
        set_contact(&m->contacts[m->count++], n, pl->normal, s, pts[k], y, ids[k], 0);
    }
    return m->count;
}

// Deepest points of a box pair from EPA. SAT's depth is exact; when EPA agrees (to 1e-9) its
// normal is an equally valid one (ties) and its points are consistent with it, so take both.
static void epa_points(ak_manifold *m, double depth, const double nrm[], const double qa[],
                       const double qb[], double scale) {
    int n = m->dim;
    if (fabs(depth + m->separation) <= 1e-9 * scale) {
        for (int i = 0; i < n; i++)
            m->normal[i] = nrm[i], m->point_a[i] = qa[i], m->point_b[i] = qb[i];
        m->separation = -depth;
    } else {
        for (int i = 0; i < n; i++)
            m->point_a[i] = qa[i], m->point_b[i] = qa[i] - m->separation * m->normal[i];
    }
}

static int box_box(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                   const ak_pose *pb, double margin) {
    int n = a->dim;
    ak_sat_info sat;
    ak_box_sat_info(&sat, a, pa, b, pb);
    double scale = 1;
    for (int j = 0; j < n; j++) scale = fmax(scale, fmax(a->half_extents[j], b->half_extents[j]));
    if (sat.separation > 1e-12 * scale) {
        // apart: SAT only bounds the distance from below; GJK gives it exactly (polytopes)
        int st = gjk_pair(m, a, pa, b, pb);
        if (st) return st;
    } else {
        m->separation = sat.separation;
        memcpy(m->normal, sat.normal, sizeof(double) * (size_t)n);
        m->normal_unique = (sat.second < sat.separation - 1e-9 * scale);
        m->method = AK_METHOD_SAT;
    }
    m->count = 0;
    if (m->separation > margin) {
        // keep the closest points consistent when apart (already set by GJK)
        return 0;
    }
    // Reference facet: the facet of a or b whose normal is the contact normal (or the most
    // aligned one when the winning axis is a mixed pairing).
    double al_a = 0, al_b = 0;
    int ia = 0, ib = 0;
    for (int j = 0; j < n; j++) {
        double ta = 0, tb = 0;
        for (int i = 0; i < n; i++)
            ta += pa->rot[i * n + j] * m->normal[i], tb += pb->rot[i * n + j] * m->normal[i];
        if (fabs(ta) > al_a) al_a = fabs(ta), ia = j;
        if (fabs(tb) > al_b) al_b = fabs(tb), ib = j;
    }
    const double FACE_TOL = 1e-6;
    int facet_case = (al_a > 1 - FACE_TOL) || (al_b > 1 - FACE_TOL);
    if (facet_case) {
        // prefer a's facet unless b's is clearly better aligned: a tie (parallel facets) must
        // not flip the reference under tiny motions, or the contact ids would change
        int ref_is_a = al_a >= al_b - 1e-6;
        if (ref_is_a) {
            double sg = 0;
            for (int i = 0; i < n; i++) sg += pa->rot[i * n + ia] * m->normal[i];
            // a's facet facing b has outward normal -normal
            ak_box_clip(m, a, pa, ia, sg > 0 ? -1.0 : 1.0, b, pb, 1, margin);
        } else {
            double sg = 0;
            for (int i = 0; i < n; i++) sg += pb->rot[i * n + ib] * m->normal[i];
            ak_box_clip(m, b, pb, ib, sg > 0 ? 1.0 : -1.0, a, pa, 0, margin);
        }
        if (m->count > 0) {
            // the contacts keep the reference facet's exact normal (their points were made
            // with it: point_a - point_b = separation * normal); within AK_POLY_FACE_TOL of the
            // SAT normal (G-CLIP.1)
            if (fabs(m->contacts[0].separation - m->separation) <= 1e-12 * scale) {
                // the manifold's closest points and normal: the deepest contact's
                memcpy(m->normal, m->contacts[0].normal, sizeof m->normal);
                memcpy(m->point_a, m->contacts[0].point_a, sizeof m->point_a);
                memcpy(m->point_b, m->contacts[0].point_b, sizeof m->point_b);
                return m->count;
            }
            // deep overlap: the deepest contact is not the deepest point pair; EPA finds it
            int cnt = m->count;
            ak_gjk_result g;
            double depth, nrm[AK_MAX_DIM], qa[AK_MAX_DIM], qb[AK_MAX_DIM];
            ak_collide_gjk(&g, a, pa, b, pb, 0);
            g.intersect = 1;
            if (ak_collide_epa(&depth, nrm, qa, qb, &g, a, pa, b, pb, 0) == 0)
                epa_points(m, depth, nrm, qa, qb, scale);
            m->count = cnt;
            return m->count;
        }
    }
    // mixed pairing (edge against 2-face in 4D...): the deepest points (EPA), then the region
    // where the two features facing each other overlap (G-CLIP.6..8), or one contact there
    if (m->method == AK_METHOD_SAT) {
        ak_gjk_result g;
        double depth, nrm[AK_MAX_DIM], qa[AK_MAX_DIM], qb[AK_MAX_DIM];
        ak_collide_gjk(&g, a, pa, b, pb, 0);
        g.intersect = 1;
        if (ak_collide_epa(&depth, nrm, qa, qb, &g, a, pa, b, pb, 0) == 0)
            epa_points(m, depth, nrm, qa, qb, scale);
    }
    if (ak_poly_features(m, a, pa, b, pb, margin) > 0) return m->count;
    single_contact(m, margin);
    return m->count;
}

// Capsule a against box b: exact core distance by GJK (segment vs box), then the core clipped
// to the facet's prism when a facet is aligned with the normal (G-CLIP.5, polytope.c), or the
// core against a lower-dimensional feature (an edge, a 2-face: G-CLIP.9).
static int capsule_box(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                       const ak_pose *pb, double margin) {
    int st = gjk_pair(m, a, pa, b, pb);
    if (st) return st;
    m->count = 0;
    if (m->separation > margin) return 0;
    if (ak_poly_capsule(m, a, pa, b, pb, margin) > 0 ||
        ak_poly_features(m, a, pa, b, pb, margin) > 0) {
        m->method = AK_METHOD_CLIP;
        return m->count;
    }
    single_contact(m, margin);
    return m->count;
}

int ak_collide_point(int n, double out[], double normal[], double *dist, const ak_shape *s,
                     const ak_pose *p, const double x[]) {
    if (s->type != AK_SHAPE_CONVEX) return ak_geom_closest_point(n, out, normal, dist, s, p, x);
    ak_shape pt = { 0 };
    pt.type = AK_SHAPE_HYPERSPHERE;
    pt.dim = n;
    ak_pose pp = ak_pose_identity(n);
    memcpy(pp.pos, x, sizeof(double) * (size_t)n);
    ak_gjk_result g;
    int st = ak_collide_gjk(&g, s, p, &pt, &pp, 1);
    if (st) return st;
    double scale = 1e-12 * (1 + sqrt(ak_la_dot(n, x, x)));
    if (!g.intersect && g.distance > scale) {
        memcpy(out, g.point_a, sizeof(double) * (size_t)n);
        for (int i = 0; i < n; i++) normal[i] = (x[i] - g.point_a[i]) / g.distance;
        *dist = g.distance;
        return 0;
    }
    double depth, nrm[AK_MAX_DIM], qa[AK_MAX_DIM], qb[AK_MAX_DIM];
    g.intersect = 1;
    st = ak_collide_epa(&depth, nrm, qa, qb, &g, s, p, &pt, &pp, 1);
    if (st) return st;
    // nrm points from the point to the polytope (the way the polytope must move): outward = -nrm
    for (int i = 0; i < n; i++) normal[i] = -nrm[i], out[i] = qa[i];
    *dist = -depth;
    return 0;
}

// Contacts in a canonical order (G-CLIP.4): lexicographic in the world coordinates of their
// midpoints, coordinates within 1e-9 of the scale counting as equal. The order then does not
// depend on how a shape is represented (a convex tesseract and the equal hyperbox give their
// points in the same order), so the sequential solver sees the same problem.
static void canonical_order(ak_manifold *m) {
    int n = m->dim;
    if (m->count < 2) return;
    double scale = 1;
    for (int k = 0; k < m->count; k++)
        for (int i = 0; i < n; i++) scale = fmax(scale, fabs(m->contacts[k].point_a[i]));
    double tol = 1e-9 * scale;
    for (int k = 1; k < m->count; k++) {
        ak_contact t = m->contacts[k];
        int j = k - 1;
        while (j >= 0) {
            const ak_contact *c = &m->contacts[j];
            int before = 0; // t strictly before c
            for (int i = 0; i < n; i++) {
                double x = t.point_a[i] + t.point_b[i], y = c->point_a[i] + c->point_b[i];
                if (fabs(x - y) > 2 * tol) {
                    before = x < y;
                    break;
                }
            }
            if (!before) break;
            m->contacts[j + 1] = m->contacts[j];
            j--;
        }
        m->contacts[j + 1] = t;
    }
}

int ak_collide_ex(ak_manifold *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                  const ak_pose *pb, double margin, char *err, int errlen) {
    if (!out) return AK_GEOM_EBADSHAPE;
    memset(out, 0, sizeof *out);
    if (!a || !b) {
        if (err && errlen > 0) snprintf(err, (size_t)errlen, "null shape");
        return AK_GEOM_EBADSHAPE;
    }
    int st = ak_geom_validate(a, a->type == AK_SHAPE_HYPERPLANE ? NULL : pa, err, errlen);
    if (!st) st = ak_geom_validate(b, b->type == AK_SHAPE_HYPERPLANE ? NULL : pb, err, errlen);
    if (st) return st;
    if ((a->type != AK_SHAPE_HYPERPLANE && !pa) || (b->type != AK_SHAPE_HYPERPLANE && !pb)) {
        if (err && errlen > 0) snprintf(err, (size_t)errlen, "missing pose");
        return AK_GEOM_EBADSHAPE;
    }
    if (a->dim != b->dim) {
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen, "shapes of different dimension (%d, %d)", a->dim, b->dim);
        return AK_GEOM_EBADSHAPE;
    }
    if (a->type == AK_SHAPE_HYPERPLANE && b->type == AK_SHAPE_HYPERPLANE) {
        if (err && errlen > 0) snprintf(err, (size_t)errlen, "two hyperplanes have no contact");
        return AK_COLLIDE_EPLANEPAIR;
    }
    out->dim = a->dim;
    // canonical order: the lower shape type first (hyperplane last), then flip back
    int swap =
        (a->type == AK_SHAPE_HYPERPLANE) || (b->type != AK_SHAPE_HYPERPLANE && a->type > b->type);
    if (swap) {
        const ak_shape *ts = a;
        const ak_pose *tp = pa;
        a = b, pa = pb, b = ts, pb = tp;
    }
    if (b->type == AK_SHAPE_HYPERPLANE)
        st = plane_pair(out, a, pa, b, margin);
    else if (a->type == AK_SHAPE_HYPERSPHERE)
        st = sphere_pair(out, a, pa, b, pb, margin);
    else if (a->type == AK_SHAPE_HYPERCAPSULE && b->type == AK_SHAPE_HYPERCAPSULE)
        st = capsule_capsule(out, a, pa, b, pb, margin);
    else if (a->type == AK_SHAPE_HYPERCAPSULE && b->type == AK_SHAPE_HYPERBOX)
        st = capsule_box(out, a, pa, b, pb, margin);
    else if (a->type == AK_SHAPE_HYPERBOX && b->type == AK_SHAPE_HYPERBOX)
        st = box_box(out, a, pa, b, pb, margin);
    else if ((a->type == AK_SHAPE_HYPERBOX || a->type == AK_SHAPE_CONVEX ||
              a->type == AK_SHAPE_HYPERCAPSULE) &&
             b->type == AK_SHAPE_CONVEX) {
        // polytope pairs and capsule-polytope: GJK / EPA for the pair, then the clipping
        // manifold when a facet is aligned with the normal (G-CLIP.1..5)
        st = gjk_pair(out, a, pa, b, pb);
        if (st == 0) {
            out->count = 0;
            int c = 0;
            if (out->separation <= margin)
                c = (a->type == AK_SHAPE_HYPERCAPSULE)
                        ? ak_poly_capsule(out, a, pa, b, pb, margin)
                        : ak_poly_clip(out, a, pa, b, pb, margin, swap);
            if (c == 0 && out->separation <= margin) // lower-dimensional features (a capsule's
                c = ak_poly_features(out, a, pa, b, pb, margin); // core segment: G-CLIP.9)

            if (c > 0)
                out->method = AK_METHOD_CLIP;
            else
                single_contact(out, margin);
        }
    } else {
        st = gjk_pair(out, a, pa, b, pb);
        if (st == 0) single_contact(out, margin);
    }
    if (st < 0) {
        out->count = 0;
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen, "collision query failed (status %d)", st);
        return st;
    }
    if (swap) flip(out);
    canonical_order(out);
    return out->count;
}

int ak_collide(ak_manifold *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
               const ak_pose *pb, double margin) {
    return ak_collide_ex(out, a, pa, b, pb, margin, NULL, 0);
}
