// Group "collide": the helpers its topic files share (checks_collide_common.h).
#include "verify/checks/checks_collide_common.h"

void collide_random_shape(gsl_rng *r, int n, ak_shape_type t, ak_shape *s, double *vbuf) {
    memset(s, 0, sizeof *s);
    s->type = t;
    s->dim = n;
    switch (t) {
        case AK_SHAPE_HYPERSPHERE: s->radius = 0.2 + gsl_rng_uniform(r); break;
        case AK_SHAPE_HYPERCAPSULE:
            s->radius = 0.1 + 0.6 * gsl_rng_uniform(r);
            s->half_length =
                gsl_rng_uniform(r) < 0.08 ? 0.0 : 0.1 + gsl_rng_uniform(r); // zero-length too
            break;
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < n; i++) s->half_extents[i] = 0.15 + 0.8 * gsl_rng_uniform(r);
            break;
        case AK_SHAPE_HYPERPLANE: {
            double l = 0;
            for (int i = 0; i < n; i++)
                s->normal[i] = gsl_ran_gaussian(r, 1), l += s->normal[i] * s->normal[i];
            l = sqrt(l);
            for (int i = 0; i < n; i++) s->normal[i] /= l;
            s->offset = 0;
            break;
        }
        case AK_SHAPE_CONVEX: {
            int m = n + 1 + (int)gsl_rng_uniform_int(r, 12);
            for (int k = 0; k < m; k++) {
                double l = 0;
                for (int i = 0; i < n; i++)
                    vbuf[k * n + i] = gsl_ran_gaussian(r, 1),
                                 l += vbuf[k * n + i] * vbuf[k * n + i];
                l = sqrt(l);
                double rad = 0.3 + 0.7 * gsl_rng_uniform(r);
                for (int i = 0; i < n; i++) vbuf[k * n + i] *= rad / l;
            }
            s->nverts = m;
            s->verts = vbuf;
            break;
        }
        case AK_SHAPE_DUOCYLINDER:
            s->radii[0] = 0.2 + 0.7 * gsl_rng_uniform(r);
            s->radii[1] = 0.2 + 0.7 * gsl_rng_uniform(r);
            break;
        default: break;
    }
}

void collide_make_sample(gsl_rng *r, int n, ak_shape_type ta, ak_shape_type tb, sample *S) {
    collide_random_shape(r, n, ta, &S->a, S->va);
    collide_random_shape(r, n, tb, &S->b, S->vb);
    S->pa = ak_pose_identity(n);
    S->pb = ak_pose_identity(n);
    gt_random_rotation(r, n, S->pa.rot);
    gt_random_rotation(r, n, S->pb.rot);
    for (int i = 0; i < n; i++) S->pa.pos[i] = gsl_rng_uniform(r) - 0.5;
    double u = gsl_rng_uniform(r);
    S->mode = u < 0.4 ? 0 : u < 0.65 ? 1 : u < 0.8 ? 2 : 3;
    if (S->mode == 3) {
        int k = (int)gsl_rng_uniform_int(r, 3);
        if (k == 0 || k == 2)
            memcpy(S->pb.rot, S->pa.rot, sizeof S->pa.rot); // parallel faces/edges
        if (k == 1 || k == 2) {                             // coincident centres
            memcpy(S->pb.pos, S->pa.pos, sizeof S->pa.pos);
            if (k == 1) return;
        }
    }
    double dir[AK_MAX_DIM], l = 0;
    for (int i = 0; i < n; i++) dir[i] = gsl_ran_gaussian(r, 1), l += dir[i] * dir[i];
    l = sqrt(l);
    for (int i = 0; i < n; i++) dir[i] /= l;
    if (S->b.type == AK_SHAPE_HYPERPLANE || S->a.type == AK_SHAPE_HYPERPLANE) {
        // place the plane through a's centre or b's, then shift it by a mode-dependent amount
        ak_shape *pl = S->a.type == AK_SHAPE_HYPERPLANE ? &S->a : &S->b;
        const ak_shape *x = pl == &S->a ? &S->b : &S->a;
        const ak_pose *px = pl == &S->a ? &S->pb : &S->pa;
        double m[AK_MAX_DIM];
        for (int i = 0; i < n; i++) m[i] = -pl->normal[i];
        double low = -gt_support(x, px, m); // min m.x over the shape
        double eps = S->mode == 1   ? 1e-4 * (2 * gsl_rng_uniform(r) - 1)
                     : S->mode == 2 ? 0.3 * gsl_rng_uniform(r)
                                    : gsl_rng_uniform(r) - 0.3;
        if (S->mode == 3) {
            // degenerate: a facet (box) or an axis (capsule) parallel to the plane
            for (int i = 0; i < n; i++)
                pl->normal[i] = px->rot[i * n + (x->type == AK_SHAPE_HYPERCAPSULE ? 0 : 1)];
            for (int i = 0; i < n; i++) m[i] = -pl->normal[i];
            low = -gt_support(x, px, m);
            eps = 0.2 * gsl_rng_uniform(r) - 0.1;
        }
        pl->offset = low + eps;
        return;
    }
    // b at a's centre + t dir, with t making them touch along dir, then shifted
    double md[AK_MAX_DIM];
    for (int i = 0; i < n; i++) md[i] = -dir[i];
    ak_pose pb0 = S->pb;
    memcpy(pb0.pos, S->pa.pos, sizeof pb0.pos);
    double t = gt_support(&S->a, &S->pa, dir) - gt_support(&S->b, &pb0, md);
    // t = h_A(dir) + h_B(-dir) measured from the same centre: touching along dir at offset t
    double shift;
    switch (S->mode) {
        case 0: shift = t * (0.5 + gsl_rng_uniform(r)) - t; break;
        case 1: shift = 1e-4 * (2 * gsl_rng_uniform(r) - 1); break;
        case 2: shift = -t * (0.5 + 0.5 * gsl_rng_uniform(r)); break;
        default: shift = t * (gsl_rng_uniform(r) - 0.5); break;
    }
    for (int i = 0; i < n; i++) S->pb.pos[i] = S->pa.pos[i] + (t + shift) * dir[i];
}

double collide_vnorm_diff(int n, const double a[], const double b[]) {
    double s = 0;
    for (int i = 0; i < n; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(s);
}

collide_pub_rate collide_PUB_RATES[PUB_ALGS] = {
    { "Alg1 s-s", AK_SHAPE_HYPERSPHERE, AK_SHAPE_HYPERSPHERE, NAN, 0 },
    { "Alg2 s-c", AK_SHAPE_HYPERSPHERE, AK_SHAPE_HYPERCAPSULE, NAN, 0 },
    { "Alg4 s-b", AK_SHAPE_HYPERSPHERE, AK_SHAPE_HYPERBOX, NAN, 0 },
    { "Alg5 s-p", AK_SHAPE_HYPERSPHERE, AK_SHAPE_HYPERPLANE, NAN, 0 },
    { "Alg6 c-c", AK_SHAPE_HYPERCAPSULE, AK_SHAPE_HYPERCAPSULE, NAN, 0 },
    { "Alg7 c-b", AK_SHAPE_HYPERCAPSULE, AK_SHAPE_HYPERBOX, NAN, 0 },
    { "Alg8 c-p", AK_SHAPE_HYPERCAPSULE, AK_SHAPE_HYPERPLANE, NAN, 0 },
    { "Alg10 b-b", AK_SHAPE_HYPERBOX, AK_SHAPE_HYPERBOX, NAN, 0 },
    { "Alg11 b-p", AK_SHAPE_HYPERBOX, AK_SHAPE_HYPERPLANE, NAN, 0 },
};

// --- GJK / EPA against SAT on hyperbox pairs (B-7.2, G-9, G-10) -----------------------------
void collide_random_box_pair(gsl_rng *r, int n, ak_shape *a, ak_pose *pa, ak_shape *b,
                             ak_pose *pb) {
    memset(a, 0, sizeof *a);
    memset(b, 0, sizeof *b);
    a->type = b->type = AK_SHAPE_HYPERBOX;
    a->dim = b->dim = n;
    for (int i = 0; i < n; i++)
        a->half_extents[i] = 0.2 + gsl_rng_uniform(r),
        b->half_extents[i] = 0.2 + gsl_rng_uniform(r);
    *pa = ak_pose_identity(n);
    *pb = ak_pose_identity(n);
    gt_random_rotation(r, n, pa->rot);
    gt_random_rotation(r, n, pb->rot);
    if (gsl_rng_uniform(r) < 0.2) memcpy(pb->rot, pa->rot, sizeof pa->rot);
    for (int i = 0; i < n; i++) pb->pos[i] = 2.4 * (gsl_rng_uniform(r) - 0.5);
}

// --- polytope manifolds (G-CLIP.1 .. G-CLIP.5) and regular polytopes (G-POLY.1 .. G-POLY.3) -------

// A hyperbox as a convex vertex list, its vertices in a shuffled order.
void collide_box_as_convex(gsl_rng *r, const ak_shape *box, ak_shape *cv, double *vbuf) {
    int n = box->dim, m = 1 << n, order[32];
    for (int k = 0; k < m; k++) order[k] = k;
    gsl_ran_shuffle(r, order, (size_t)m, sizeof order[0]);
    for (int k = 0; k < m; k++)
        ak_box_vertex(n, vbuf + k * n, box->half_extents, (unsigned)order[k]);
    memset(cv, 0, sizeof *cv);
    cv->type = AK_SHAPE_CONVEX;
    cv->dim = n;
    cv->nverts = m;
    cv->verts = vbuf;
}
