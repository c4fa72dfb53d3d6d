// Narrowphase: ref/collide manifolds to contact points (see narrowphase.h).
#include "engine/narrowphase.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ref/collide/collide.h"

// The pose from the rotation matrix the broadphase computed this step.
static ak_pose pose_of(const ak_model *m, const ak_data *d, const ak_contact_cache *c, int b) {
    int n = m->dim;
    ak_pose p = ak_pose_identity(n);
    for (int i = 0; i < n; i++) p.pos[i] = d->x[(size_t)b * AK_MAX_DIM + i];
    if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE)
        memcpy(p.rot, c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM,
               sizeof(double) * (size_t)(n * n));
    return p;
}

int ak_narrowphase(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                   char *err, size_t errlen) {
    int n = m->dim;
    c->step.npoint = 0;
    for (int p = 0; p < c->step.npair; p++) {
        int a = c->step.pairs[2 * p], b = c->step.pairs[2 * p + 1];
        // a plane is always body b, so that the normal points out of the plane into a
        if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE) {
            int t = a;
            a = b;
            b = t;
        }
        ak_pose pa = pose_of(m, d, c, a), pb = pose_of(m, d, c, b);
        ak_manifold man;
        char cerr[256] = "";
        int cnt = ak_collide_ex(&man, &m->bodies[a].shape, &pa, &m->bodies[b].shape, &pb, margin,
                                cerr, (int)sizeof cerr);
        if (cnt < 0) {
            snprintf(err, errlen, "narrowphase: bodies '%s' and '%s': %s", m->bodies[a].name,
                     m->bodies[b].name, cerr);
            return -1;
        }
        if (cnt == 0) continue;
        if (ak_contact_cache_reserve(c, c->step.npoint + cnt)) {
            snprintf(err, errlen, "narrowphase: out of memory");
            return -1;
        }
        for (int q = 0; q < cnt; q++) {
            const ak_contact *ct = &man.contacts[q];
            ak_contact_point *cp = &c->step.pts[c->step.npoint++];
            memset(cp, 0, sizeof *cp);
            cp->a = a;
            cp->b = b;
            cp->id = ct->id;
            cp->separation = ct->separation;
            for (int i = 0; i < n; i++) {
                cp->normal[i] = ct->normal[i];
                cp->point[i] = 0.5 * (ct->point_a[i] + ct->point_b[i]);
            }
        }
    }
    return 0;
}

// ---- narrowphase fast path (performance; docs/performance.md) -------------------------------
// Hypersphere-hypersphere and hypersphere-hyperplane pairs computed as ak_collide_ex computes
// them (sphere_pair -> ak_geom_closest_point, plane_pair -> ak_geom_support, single_contact,
// set_contact), every floating-point operation in the same order, from the body's position and
// the rotation matrix of this step without building poses or a whole manifold. Any other pair,
// and any input the generic path would reject (non-finite pose, bad radius or plane), goes
// through ak_collide_ex as in ak_narrowphase. Checked bit for bit against ak_narrowphase by
// test perf.narrowphase_fast_equals_plain.

static int finite_n(int n, const double *x) {
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) return 0;
    return 1;
}

// The one contact point of a sphere pair (a, b spheres, b's rotation matrix rb row-major n x n):
// 1 (point written to cp, which is cleared first), 0 (beyond the margin: cp untouched), -1 (not
// for the fast path). The world point and normal are only computed for a point within the
// margin (they do not enter the separation). always_inline: the callers below pass n = 3 and 4
// as constants, so the loops unroll; the operations and their order stay those written here.
#define AK_NP_INLINE static inline __attribute__((always_inline))
AK_NP_INLINE int sphere_sphere(int n, const ak_shape *sa, const double *xa, const double *ra,
                               const ak_shape *sb, const double *xb, const double *rb,
                               double margin, ak_contact_point *cp) {
    if (!(sa->radius >= 0) || !isfinite(sa->radius) || !(sb->radius >= 0) ||
        !isfinite(sb->radius) || !finite_n(n, xa) || !finite_n(n, xb) || !finite_n(n * n, ra) ||
        !finite_n(n * n, rb))
        return -1;
    // ak_geom_closest_point(b, pa->pos): to local, the ball's closest point, back to world
    double dd[AK_MAX_DIM], xl[AK_MAX_DIM], nl[AK_MAX_DIM], ol[AK_MAX_DIM];
    for (int i = 0; i < n; i++) dd[i] = xa[i] - xb[i];
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) s += rb[i * n + j] * dd[i];
        xl[j] = s;
    }
    double v2 = 0;
    for (int i = 0; i < n; i++) nl[i] = xl[i] - 0.0, v2 += nl[i] * nl[i];
    // beyond the margin without the square root: with X = ra + rb + margin (margin >= 0, X not
    // tiny), v2 > X^2 (1 + 1e-8) gives l - rb - ra > margin + 4e-9 X, far above the rounding of
    // the three operations below (a few ulp of l + X): sep > margin, as computed below
    double X = sa->radius + sb->radius + margin;
    if (margin >= 0 && X >= 1e-100 && X <= 1e100 && v2 > X * X * (1.0 + 1e-8)) return 0;
    double l = sqrt(v2);
    double dist = l - sb->radius;
    // sphere_pair, single_contact
    double sep = dist - sa->radius;
    if (!(sep <= margin)) return 0;
    if (l > 0) {
        for (int i = 0; i < n; i++) nl[i] /= l;
    } else {
        for (int i = 0; i < n; i++) nl[i] = 0;
        nl[0] = 1;
    }
    for (int i = 0; i < n; i++) ol[i] = 0.0 + sb->radius * nl[i];
    double q[AK_MAX_DIM], nq[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += rb[i * n + j] * ol[j];
        q[i] = s + xb[i];
    }
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += rb[i * n + j] * nl[j];
        nq[i] = s;
    }
    memset(cp, 0, sizeof *cp);
    cp->id = 0;
    cp->separation = sep;
    for (int i = 0; i < n; i++) {
        double pa = xa[i] - sa->radius * nq[i];
        cp->normal[i] = nq[i];
        cp->point[i] = 0.5 * (pa + q[i]);
    }
    return 1;
}

// A sphere (a) against a hyperplane (pl): plane_pair's single point (cp as sphere_sphere).
AK_NP_INLINE int sphere_plane(int n, const ak_shape *sa, const double *xa, const double *ra,
                              const ak_shape *pl, double margin, ak_contact_point *cp) {
    if (!(sa->radius >= 0) || !isfinite(sa->radius) || !finite_n(n, xa) || !finite_n(n * n, ra))
        return -1;
    double l2 = 0;
    for (int i = 0; i < n; i++) l2 += pl->normal[i] * pl->normal[i];
    if (!isfinite(pl->offset) || !(fabs(sqrt(l2) - 1.0) < 1e-9)) return -1;
    // ak_geom_support(a, -normal): direction to local, the ball's support point, to world
    double nm[AK_MAX_DIM], dl[AK_MAX_DIM], xl[AK_MAX_DIM], x[AK_MAX_DIM];
    for (int i = 0; i < n; i++) nm[i] = -pl->normal[i];
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) s += ra[i * n + j] * nm[i];
        dl[j] = s;
    }
    double dl2 = 0;
    for (int i = 0; i < n; i++) dl2 += dl[i] * dl[i];
    double l = sqrt(dl2);
    for (int i = 0; i < n; i++) xl[i] = l > 0 ? sa->radius * dl[i] / l : 0.0;
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += ra[i * n + j] * xl[j];
        x[i] = s + xa[i];
    }
    // plane_pair: the support point x is the one candidate; its own distance to the plane
    double s = 0;
    for (int i = 0; i < n; i++) s += pl->normal[i] * x[i];
    s = s - pl->offset + 0.0;
    if (s > margin) return 0;
    if (isnan(s)) return -1;
    memset(cp, 0, sizeof *cp);
    cp->id = 0;
    cp->separation = s;
    for (int i = 0; i < n; i++) {
        double y = x[i] - s * pl->normal[i];
        cp->normal[i] = pl->normal[i];
        cp->point[i] = 0.5 * (x[i] + y);
    }
    return 1;
}

// Prefetch distance of fast_pairs, in pairs.
#define PF_PAIRS 4

// A hint to the processor to load what fast_pairs reads of body b: its shape, position and
// rotation matrix (n x n of the stride AK_MAX_DIM^2: two or three cache lines in 4D).
static inline __attribute__((always_inline)) void
prefetch_body(int n, const ak_model *m, const ak_data *d, const ak_contact_cache *c, int b) {
    __builtin_prefetch(&m->bodies[b].shape, 0, 3);
    __builtin_prefetch(d->x + (size_t)b * AK_MAX_DIM, 0, 3);
    const double *r = c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM;
    for (int q = 0; q < n * n; q += 8) __builtin_prefetch(r + q, 0, 3);
    __builtin_prefetch(r + n * n - 1, 0, 3);
}

// The fast path's loop over the pairs: 0, or 1 (a pair that is not sphere-sphere or
// sphere-plane, or an input the generic path must see: the caller runs ak_narrowphase over the
// whole list). c->step.pts holds room for one point per pair. The bodies of the pair PF_PAIRS
// ahead are prefetched (ak_prefetch_on) (performance: in piles of thousands of bodies they are not in the cache;
// a prefetch reads nothing into the arithmetic, so the same bits).
AK_NP_INLINE int fast_pairs(int n, const ak_model *m, const ak_data *d, ak_contact_cache *c,
                            double margin) {
    c->step.npoint = 0;
    int pf = ak_prefetch_on(m);
    for (int p = 0; p < c->step.npair; p++) {
        if (pf && p + PF_PAIRS < c->step.npair) {
            prefetch_body(n, m, d, c, c->step.pairs[2 * (p + PF_PAIRS)]);
            prefetch_body(n, m, d, c, c->step.pairs[2 * (p + PF_PAIRS) + 1]);
        }
        int a = c->step.pairs[2 * p], b = c->step.pairs[2 * p + 1];
        if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE) { // the plane is b (ak_narrowphase)
            int t = a;
            a = b;
            b = t;
        }
        const ak_shape *sa = &m->bodies[a].shape, *sb = &m->bodies[b].shape;
        // a sphere, and a sphere or a plane (the plane is b): else the generic path does all
        if (sa->type != AK_SHAPE_HYPERSPHERE ||
            (sb->type != AK_SHAPE_HYPERSPHERE && sb->type != AK_SHAPE_HYPERPLANE))
            return 1;
        ak_contact_point *cp = &c->step.pts[c->step.npoint];
        const double *xa = d->x + (size_t)a * AK_MAX_DIM,
                     *ra = c->keep.rot + (size_t)a * AK_MAX_DIM * AK_MAX_DIM;
        int got = sb->type == AK_SHAPE_HYPERSPHERE
                      ? sphere_sphere(n, sa, xa, ra, sb, d->x + (size_t)b * AK_MAX_DIM,
                                      c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM, margin, cp)
                      : sphere_plane(n, sa, xa, ra, sb, margin, cp);
        if (got < 0) return 1;
        if (got == 0) continue;
        cp->a = a;
        cp->b = b;
        c->step.npoint++;
    }
    return 0;
}

int ak_narrowphase_fast(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                        char *err, size_t errlen) {
    int n = m->dim;
    // only when every pair is one the fast path does (a pile of spheres in a box); otherwise,
    // or when an input is one the generic path would reject, ak_narrowphase does the whole list
    // (fast_pairs stops at the first such pair)
    if (!m->paths.narrow_fast) return ak_narrowphase(m, d, c, margin, err, errlen);
    // one point per pair at most: room for all of them, written in place
    if (ak_contact_cache_reserve(c, c->step.npair)) {
        snprintf(err, errlen, "narrowphase: out of memory");
        return -1;
    }
    int generic = n == 3   ? fast_pairs(3, m, d, c, margin)
                  : n == 4 ? fast_pairs(4, m, d, c, margin)
                           : fast_pairs(n, m, d, c, margin);
    return generic ? ak_narrowphase(m, d, c, margin, err, errlen) : 0;
}
