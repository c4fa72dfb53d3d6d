// Checks of group 'collide': ref/collide and ref/geom against a ground truth that shares no code
// with them (collide_truth.c: own support functions, sep = max_u -h_A(u) - h_B(-u) by GSL
// multimin), analytic configurations, and the published algorithms (ref/published) measured on
// the same samples.
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "collide/collide.h"
#include "collide_truth.h"
#include "ga/nd.h"
#include "published/collide_published.h"

#define TOL_SEP 1e-6      // separation against the ground truth (the figure)
#define TOL_NORMAL 1e-3   // normal angle vs the truth where unique (apart): the truth's max of f is flat,
                          // it fixes u only to ~sqrt(2 df / sep); the normal's optimality is TOL_SEP-checked
#define TOL_POINT 1e-9    // point_a - point_b = separation * normal
#define TOL_INSIDE 1e-7   // manifold points on or inside both shapes
#define TOL_ROUND 1e-12   // exact configurations (rounding only)
#define SHALLOW 0.02      // contacts this shallow lie inside both shapes (convexity, sizes >= 0.1)
#define SEP_UNIQUE 0.05   // apart by more than this: the normal is unique and well conditioned

// --- sample generation ---------------------------------------------------------------------
typedef struct sample {
    ak_shape a, b;
    ak_pose pa, pb;
    double va[64 * AK_MAX_DIM], vb[64 * AK_MAX_DIM];
    int mode; // 0 generic, 1 near-touching, 2 deep, 3 degenerate
} sample;

static const char *MODE_NAMES[4] = {"generic", "near-touching", "deep", "degenerate"};

static void random_shape(gsl_rng *r, int n, ak_shape_type t, ak_shape *s, double *vbuf) {
    memset(s, 0, sizeof *s);
    s->type = t;
    s->dim = n;
    switch (t) {
    case AK_SHAPE_HYPERSPHERE: s->radius = 0.2 + gsl_rng_uniform(r); break;
    case AK_SHAPE_HYPERCAPSULE:
        s->radius = 0.1 + 0.6 * gsl_rng_uniform(r);
        s->half_length = gsl_rng_uniform(r) < 0.08 ? 0.0 : 0.1 + gsl_rng_uniform(r); // zero-length too
        break;
    case AK_SHAPE_HYPERBOX:
        for (int i = 0; i < n; i++) s->half_extents[i] = 0.15 + 0.8 * gsl_rng_uniform(r);
        break;
    case AK_SHAPE_HYPERPLANE: {
        double l = 0;
        for (int i = 0; i < n; i++) s->normal[i] = gsl_ran_gaussian(r, 1), l += s->normal[i] * s->normal[i];
        l = sqrt(l);
        for (int i = 0; i < n; i++) s->normal[i] /= l;
        s->offset = 0;
        break;
    }
    case AK_SHAPE_CONVEX: {
        int m = n + 1 + (int)gsl_rng_uniform_int(r, 12);
        for (int k = 0; k < m; k++) {
            double l = 0;
            for (int i = 0; i < n; i++) vbuf[k * n + i] = gsl_ran_gaussian(r, 1), l += vbuf[k * n + i] * vbuf[k * n + i];
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

static void make_sample(gsl_rng *r, int n, ak_shape_type ta, ak_shape_type tb, sample *S) {
    random_shape(r, n, ta, &S->a, S->va);
    random_shape(r, n, tb, &S->b, S->vb);
    S->pa = ak_pose_identity(n);
    S->pb = ak_pose_identity(n);
    gt_random_rotation(r, n, S->pa.rot);
    gt_random_rotation(r, n, S->pb.rot);
    for (int i = 0; i < n; i++) S->pa.pos[i] = gsl_rng_uniform(r) - 0.5;
    double u = gsl_rng_uniform(r);
    S->mode = u < 0.4 ? 0 : u < 0.65 ? 1 : u < 0.8 ? 2 : 3;
    if (S->mode == 3) {
        int k = (int)gsl_rng_uniform_int(r, 3);
        if (k == 0 || k == 2) memcpy(S->pb.rot, S->pa.rot, sizeof S->pa.rot); // parallel faces/edges
        if (k == 1 || k == 2) {                                            // coincident centres
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
        double eps = S->mode == 1 ? 1e-4 * (2 * gsl_rng_uniform(r) - 1) : S->mode == 2 ? 0.3 * gsl_rng_uniform(r)
                                                                                       : gsl_rng_uniform(r) - 0.3;
        if (S->mode == 3) {
            // degenerate: a facet (box) or an axis (capsule) parallel to the plane
            for (int i = 0; i < n; i++) pl->normal[i] = px->rot[i * n + (x->type == AK_SHAPE_HYPERCAPSULE ? 0 : 1)];
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

static double vnorm_diff(int n, const double a[], const double b[]) {
    double s = 0;
    for (int i = 0; i < n; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(s);
}

// --- every shape pair against the ground truth ---------------------------------------------
typedef struct pair_stats {
    long n, fail_status;
    double sep_err, sep_err_mode[4], normal_err, normal_opt_err, point_err, inside_err, own_err;
    long normal_n;
    double worst_sep_gt, worst_sep_eng;
} pair_stats;

static void run_pair(ak_check_ctx *c, ak_shape_type ta, ak_shape_type tb, long full, long quick) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1000u + 17u * (unsigned)ta + (unsigned)tb);
    int duo = (ta == AK_SHAPE_DUOCYLINDER || tb == AK_SHAPE_DUOCYLINDER);
    // full: 10^4 poses per pair (6000 in 4D + 4000 in 3D; duocylinders 10^4 in 4D)
    long per_dim[2] = {duo ? ak_samples(c, full, quick) : ak_samples(c, full * 6 / 10, quick * 6 / 10),
                       duo ? 0 : ak_samples(c, full * 4 / 10, quick * 4 / 10)};
    pair_stats st = {0};
    long certified = 0, searched = 0;
    double cert_gap = 0;
    long gsl_fail = 0, total = 0, retries = 0, shallow = 0;
    for (int n = 4; n >= 3; n--) {
        long samples = per_dim[4 - n];
        for (long k = 0; k < samples; k++) {
            sample S;
            make_sample(r, n, ta, tb, &S);
            ak_manifold m;
            int cnt = ak_collide(&m, &S.a, &S.pa, &S.b, &S.pb, 0.0);
            total++;
            if (cnt < 0) {
                st.fail_status++;
                continue;
            }
            double gsep, u[AK_MAX_DIM];
            // Apart, with the points inside their shapes (own inside tests): the interval
            // [gap along -normal, |p_a - p_b|] contains the true distance (a duality
            // certificate); when it is tight, no search is needed.
            double oa = gt_outside(&S.a, &S.pa, m.point_a), ob = gt_outside(&S.b, &S.pb, m.point_b);
            if (m.separation > 0 && !isnan(oa) && !isnan(ob) && oa <= TOL_ROUND && ob <= TOL_ROUND) {
                double lo, hi = vnorm_diff(n, m.point_a, m.point_b);
                double mu0[AK_MAX_DIM];
                for (int i = 0; i < n; i++) mu0[i] = -m.normal[i];
                lo = (S.a.type == AK_SHAPE_HYPERPLANE || S.b.type == AK_SHAPE_HYPERPLANE) ? -INFINITY : gt_gap(&S.a, &S.pa, &S.b, &S.pb, mu0);
                if (hi - lo <= 1e-9) {
                    certified++;
                    cert_gap = fmax(cert_gap, hi - lo + fmax(oa, 0) + fmax(ob, 0));
                    double e = fmax(fabs(m.separation - lo), fabs(m.separation - hi));
                    if (e > st.sep_err) st.sep_err = e, st.worst_sep_gt = lo, st.worst_sep_eng = m.separation;
                    st.sep_err_mode[S.mode] = fmax(st.sep_err_mode[S.mode], e);
                    st.normal_opt_err = fmax(st.normal_opt_err, fabs(lo - m.separation));
                    // the maximiser is unique: angle <= sqrt(2 (hi - lo) / sep)
                    if (m.separation > SEP_UNIQUE) st.normal_err = fmax(st.normal_err, sqrt(2 * (hi - lo) / m.separation)), st.normal_n++;
                    st.point_err = fmax(st.point_err, fabs(hi - m.separation));
                    continue;
                }
            }
            searched++;
            if (gt_separation(&gsep, u, &S.a, &S.pa, &S.b, &S.pb, r)) gsl_fail++;
            double e = fabs(m.separation - gsep);
            if (e > 0.5 * TOL_SEP) {
                // disagreement: search harder (more starts; the engine's answer is not used)
                static const int effort[2][2] = {{256, 6}, {4096, 64}};
                for (int lvl = 0; lvl < 2 && e > 0.5 * TOL_SEP; lvl++) {
                    double g2, u2[AK_MAX_DIM];
                    if (gt_separation_effort(&g2, u2, &S.a, &S.pa, &S.b, &S.pb, r, effort[lvl][0], effort[lvl][1])) gsl_fail++;
                    if (g2 > gsep) gsep = g2, memcpy(u, u2, sizeof u);
                    e = fabs(m.separation - gsep);
                    retries++;
                }
            }
            if (!(e <= st.sep_err)) {
                st.sep_err = isnan(e) ? INFINITY : e;
                st.worst_sep_gt = gsep;
                st.worst_sep_eng = m.separation;
            }
            st.sep_err_mode[S.mode] = fmax(st.sep_err_mode[S.mode], isnan(e) ? INFINITY : e);
            // the engine's normal realises its separation: gap along -normal equals sep
            double mu[AK_MAX_DIM];
            for (int i = 0; i < n; i++) mu[i] = -m.normal[i];
            double nl = 0;
            for (int i = 0; i < n; i++) nl += m.normal[i] * m.normal[i];
            double g = gt_gap(&S.a, &S.pa, &S.b, &S.pb, mu);
            if (S.a.type == AK_SHAPE_HYPERPLANE || S.b.type == AK_SHAPE_HYPERPLANE) g = gsep; // only u = -+m is bounded
            st.normal_opt_err = fmax(st.normal_opt_err, fmax(fabs(g - m.separation), fabs(sqrt(nl) - 1)));
            if (gsep > SEP_UNIQUE) {
                double gn[AK_MAX_DIM];
                for (int i = 0; i < n; i++) gn[i] = -u[i];
                st.normal_err = fmax(st.normal_err, vnorm_diff(n, gn, m.normal));
                st.normal_n++;
            }
            // closest points consistent and on their shapes
            double pe = 0;
            for (int i = 0; i < n; i++) pe = fmax(pe, fabs(m.point_a[i] - m.point_b[i] - m.separation * m.normal[i]));
            st.point_err = fmax(st.point_err, pe);
            // contacts (margin 0: penetrating or touching): point_a on or in a, point_b on or in
            // b always; in shallow contact both points on or inside both shapes
            for (int q = 0; q < m.count; q++) {
                const ak_contact *ct = &m.contacts[q];
                double oa = gt_outside(&S.a, &S.pa, ct->point_a), ob = gt_outside(&S.b, &S.pb, ct->point_b);
                if (!isnan(oa)) st.own_err = fmax(st.own_err, oa);
                if (!isnan(ob)) st.own_err = fmax(st.own_err, ob);
                if (ct->separation < -SHALLOW) continue;
                shallow++;
                // the contact's witness: the one of its two points that lies in both shapes
                const double *P[2] = {ct->point_a, ct->point_b};
                double wbest = INFINITY;
                for (int w = 0; w < 2; w++) {
                    oa = gt_outside(&S.a, &S.pa, P[w]), ob = gt_outside(&S.b, &S.pb, P[w]);
                    double o = fmax(isnan(oa) ? -INFINITY : oa, isnan(ob) ? -INFINITY : ob);
                    wbest = fmin(wbest, o);
                }
                st.inside_err = fmax(st.inside_err, wbest);
            }
        }
    }
    gsl_rng_free(r);
    ak_expect(c, st.fail_status == 0, "%ld of %ld queries returned an error status", st.fail_status, total);
    ak_expect(c, gsl_fail == 0, "%ld ground-truth minimisations reported a GSL error", gsl_fail);
    ak_measure(c, st.sep_err, TOL_SEP, "max |sep - sep_truth| = %.2e over %ld poses (4D%s), worst engine %.9f truth %.9f",
               st.sep_err, total, (ta == AK_SHAPE_DUOCYLINDER || tb == AK_SHAPE_DUOCYLINDER) ? "" : "+3D",
               st.worst_sep_eng, st.worst_sep_gt);
    ak_note(c, "max sep error by mode: generic %.1e, near-touching %.1e, deep %.1e, degenerate %.1e",
            st.sep_err_mode[0], st.sep_err_mode[1], st.sep_err_mode[2], st.sep_err_mode[3]);
    ak_measure(c, st.normal_opt_err, TOL_SEP, "max |gap along -normal - sep| = %.2e (the normal attains sep)", st.normal_opt_err);
    ak_measure(c, st.normal_err, TOL_NORMAL, "max |normal - normal_truth| = %.2e over %ld apart poses (unique normal)",
               st.normal_err, st.normal_n);
    ak_measure(c, st.point_err, TOL_POINT, "max |p_a - p_b - sep n| = %.2e", st.point_err);
    ak_measure(c, st.own_err, TOL_INSIDE, "contact points outside their own shape by <= %.2e", st.own_err);
    ak_measure(c, st.inside_err, TOL_INSIDE, "%ld shallow contacts: witness point outside a shape by <= %.2e", shallow, st.inside_err);
    ak_note(c, "%ld repeated ground-truth searches for %ld poses (256 directions / 6 starts, then 4096 / 64)", retries, total);
    ak_value(c, "max_sep_error", st.sep_err);
    ak_value(c, "max_normal_error", st.normal_err);
    ak_value(c, "samples", (double)total);
    ak_note(c, "%ld apart poses certified by [gap along -n, |p_a - p_b|] (width <= %.1e), %ld by the multimin search",
            certified, cert_gap, searched);
    (void)MODE_NAMES;
}

#define PAIR(na, ta, nb, tb, full)                                                                     \
    static void check_pair_##na##_##nb(ak_check_ctx *c) { run_pair(c, ta, tb, full, 250); }
PAIR(sphere, AK_SHAPE_HYPERSPHERE, sphere, AK_SHAPE_HYPERSPHERE, 10000)
PAIR(sphere, AK_SHAPE_HYPERSPHERE, capsule, AK_SHAPE_HYPERCAPSULE, 10000)
PAIR(sphere, AK_SHAPE_HYPERSPHERE, box, AK_SHAPE_HYPERBOX, 10000)
PAIR(sphere, AK_SHAPE_HYPERSPHERE, plane, AK_SHAPE_HYPERPLANE, 10000)
PAIR(sphere, AK_SHAPE_HYPERSPHERE, convex, AK_SHAPE_CONVEX, 10000)
PAIR(sphere, AK_SHAPE_HYPERSPHERE, duo, AK_SHAPE_DUOCYLINDER, 10000)
PAIR(capsule, AK_SHAPE_HYPERCAPSULE, capsule, AK_SHAPE_HYPERCAPSULE, 10000)
PAIR(capsule, AK_SHAPE_HYPERCAPSULE, box, AK_SHAPE_HYPERBOX, 10000)
PAIR(capsule, AK_SHAPE_HYPERCAPSULE, plane, AK_SHAPE_HYPERPLANE, 10000)
PAIR(capsule, AK_SHAPE_HYPERCAPSULE, convex, AK_SHAPE_CONVEX, 10000)
PAIR(capsule, AK_SHAPE_HYPERCAPSULE, duo, AK_SHAPE_DUOCYLINDER, 10000)
PAIR(box, AK_SHAPE_HYPERBOX, box, AK_SHAPE_HYPERBOX, 10000)
PAIR(box, AK_SHAPE_HYPERBOX, plane, AK_SHAPE_HYPERPLANE, 10000)
PAIR(box, AK_SHAPE_HYPERBOX, convex, AK_SHAPE_CONVEX, 10000)
PAIR(box, AK_SHAPE_HYPERBOX, duo, AK_SHAPE_DUOCYLINDER, 10000)
PAIR(plane, AK_SHAPE_HYPERPLANE, convex, AK_SHAPE_CONVEX, 10000)
PAIR(plane, AK_SHAPE_HYPERPLANE, duo, AK_SHAPE_DUOCYLINDER, 10000)
PAIR(convex, AK_SHAPE_CONVEX, convex, AK_SHAPE_CONVEX, 10000)
PAIR(convex, AK_SHAPE_CONVEX, duo, AK_SHAPE_DUOCYLINDER, 10000)
PAIR(duo, AK_SHAPE_DUOCYLINDER, duo, AK_SHAPE_DUOCYLINDER, 10000)

#define PAIRROW(na, nb, ids)                                                                           \
    {"collide.pair." #na "_" #nb, ids, "separation, normal, points vs the multimin ground truth, 4D and 3D", \
     check_pair_##na##_##nb}

static const ak_check CHECKS[] = {
    PAIRROW(sphere, sphere, "T-Alg1 G-12"),
    PAIRROW(sphere, capsule, "T-Alg2 T-4.1 T-4.2 T-4.3 T-4.4 T-4.5"),
    PAIRROW(sphere, box, "T-Alg3 T-Alg4 B-7.1"),
    PAIRROW(sphere, plane, "T-Alg5 T-3.8 T-3.9"),
    PAIRROW(sphere, convex, "B-7.1 G-9 G-10 G-11"),
    PAIRROW(sphere, duo, "B-7.1"),
    PAIRROW(capsule, capsule, "T-Alg6 T-4.1 T-4.5"),
    PAIRROW(capsule, box, "T-Alg7 G-9 G-10"),
    PAIRROW(capsule, plane, "T-Alg8"),
    PAIRROW(capsule, convex, "G-9 G-10 G-11"),
    PAIRROW(capsule, duo, "G-9 G-10 G-11"),
    PAIRROW(box, box, "T-Alg9 T-Alg10 T-Tab4.1 B-7.2 B-7.2box T-Alg16 T-Alg17 T-Alg18 T-Alg19 T-Alg20 T-Alg21"),
    PAIRROW(box, plane, "T-Alg11 T-Alg17 T-Alg20"),
    PAIRROW(box, convex, "G-9 G-10 G-11"),
    PAIRROW(box, duo, "G-9 G-10 G-11"),
    PAIRROW(plane, convex, "T-3.8"),
    PAIRROW(plane, duo, "T-3.8"),
    PAIRROW(convex, convex, "G-9 G-10 G-11 G-12"),
    PAIRROW(convex, duo, "G-9 G-10 G-11"),
    PAIRROW(duo, duo, "G-9 G-10 G-11"),
};

AK_GROUP(collide, CHECKS)
