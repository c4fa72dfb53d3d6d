// Group "collide": every shape pair against the ground truth, and the published algorithms on the same samples (4D)
#include "verify/checks/checks_collide_common.h"

// --- the published algorithms on the same samples (4D) -------------------------------------
typedef struct pub_stats {
    long evaluated, wrong, wrong_detect, wrong_value, nan_normal;
    double max_err; // max |s_pub - sep| over poses where both report contact
} pub_stats;

// The published test for the pair, if the thesis has one: fills hit, s (separation as
// reported) and returns 1; 0 when there is none. a and b in the canonical order of run_pair.
static int pub_eval(const sample *S, int *hit, double *sep, int *nan_normal) {
    const ak_shape *a = &S->a, *b = &S->b;
    const ak_pose *pa = &S->pa, *pb = &S->pb;
    if (a->dim != 4) return 0;
    double la[4], lb[4], s2[4], R[16];
    ak_pub_contact cp = { 0 };
    ak_pub_contacts cl = { 0 };
    int list = 0;
    if (a->type == AK_SHAPE_HYPERCAPSULE) ak_geom_capsule_segment(4, la, lb, a, pa);
    if (b->type == AK_SHAPE_HYPERBOX) {
        for (int i = 0; i < 4; i++)
            s2[i] = 2 * b->half_extents[i]; // scale = edge lengths (Ch. 3.3)
        memcpy(R, pb->rot, sizeof R);
    }
    switch (a->type * 10 + b->type) {
        case AK_SHAPE_HYPERSPHERE * 10 + AK_SHAPE_HYPERSPHERE:
            cp = ak_pub_alg1_sphere_sphere(pa->pos, a->radius, pb->pos, b->radius);
            break;
        case AK_SHAPE_HYPERSPHERE * 10 + AK_SHAPE_HYPERCAPSULE: {
            double ba[4], bb[4];
            ak_geom_capsule_segment(4, ba, bb, b, pb);
            cp = ak_pub_alg2_sphere_capsule(pa->pos, a->radius, ba, bb, b->radius);
            break;
        }
        case AK_SHAPE_HYPERSPHERE * 10 + AK_SHAPE_HYPERBOX:
            cp = ak_pub_alg4_sphere_box(pa->pos, a->radius, pb->pos, s2, R);
            break;
        case AK_SHAPE_HYPERSPHERE * 10 + AK_SHAPE_HYPERPLANE:
            cp = ak_pub_alg5_sphere_plane(pa->pos, a->radius, b->normal, b->offset);
            break;
        case AK_SHAPE_HYPERCAPSULE * 10 + AK_SHAPE_HYPERCAPSULE: {
            double ba[4], bb[4];
            ak_geom_capsule_segment(4, ba, bb, b, pb);
            cp = ak_pub_alg6_capsule_capsule(la, lb, a->radius, ba, bb, b->radius);
            break;
        }
        case AK_SHAPE_HYPERCAPSULE * 10 + AK_SHAPE_HYPERBOX:
            cp = ak_pub_alg7_capsule_box(la, lb, a->radius, pb->pos, s2, R);
            break;
        case AK_SHAPE_HYPERCAPSULE * 10 + AK_SHAPE_HYPERPLANE:
            cl = ak_pub_alg8_capsule_plane(la, lb, a->radius, b->normal, b->offset), list = 1;
            break;
        case AK_SHAPE_HYPERBOX * 10 + AK_SHAPE_HYPERBOX: {
            double axes[32][4], V1[16][4], V2[16][4];
            int na = ak_pub_tab41_axes(axes, pa->rot, pb->rot);
            for (int k = 0; k < 16; k++) {
                ak_pub_tb1_vertex(V1[k], k + 1, pa->pos, a->half_extents, pa->rot);
                ak_pub_tb1_vertex(V2[k], k + 1, pb->pos, b->half_extents, pb->rot);
            }
            cp = ak_pub_alg10_box_box((const double(*)[4])axes, na, pa->pos, (const double(*)[4])V1,
                                      pb->pos, (const double(*)[4])V2);
            break;
        }
        case AK_SHAPE_HYPERBOX * 10 + AK_SHAPE_HYPERPLANE:
            cl = ak_pub_alg11_box_plane(pa->pos, a->half_extents, pa->rot, b->normal, b->offset),
            list = 1;
            break;
        default: return 0;
    }
    if (list) {
        *hit = cl.count > 0;
        *sep = INFINITY;
        for (int k = 0; k < cl.count; k++) *sep = fmin(*sep, cl.cp[k].s);
        *nan_normal = 0;
        return 1;
    }
    *hit = cp.hit;
    *sep = cp.s;
    *nan_normal = cp.hit && !(isfinite(cp.n[0]) && isfinite(cp.n[1]) && isfinite(cp.n[2]) &&
                              isfinite(cp.n[3]));
    return 1;
}

// A published result is wrong when it misses or invents a contact (|truth| > 1e-9), reports a
// separation off by more than TOL_SEP, or a NaN normal.
static void pub_record(pub_stats *ps, const sample *S, double truth) {
    int hit, nn;
    double s;
    if (!pub_eval(S, &hit, &s, &nn)) return;
    ps->evaluated++;
    int bad = 0;
    if (fabs(truth) > 1e-9 && hit != (truth <= 0)) ps->wrong_detect++, bad = 1;
    if (hit && truth <= 0) {
        double e = fabs(s - truth);
        if (!(e <= TOL_SEP)) ps->wrong_value++, bad = 1;
        ps->max_err = fmax(ps->max_err, isnan(e) ? INFINITY : e);
    }
    if (nn) ps->nan_normal++, bad = 1;
    ps->wrong += bad;
}

// Report plot: histogram of log10 |sep - sep_truth| over the poses of one pair check.
static void plot_sep_errors(ak_check_ctx *c, const double *lg, long n, long floored) {
    const char *dir = ak_artifact_dir(c);
    if (!dir || !lg || n <= 0) return;
    char path[1200], title[160], err[256];
    const char *id = ak_check_id(c);
    snprintf(path, sizeof path, "%s/sep_error_hist.png", dir);
    snprintf(title, sizeof title, "%s: separation error",
             strncmp(id, "collide.pair.", 13) == 0 ? id + 13 : id);
    if (ak_plot_histogram(path, title,
                          "log10 |sep - sep_truth|  (errors below 1e-17 counted at -17)", lg,
                          (size_t)n, 40, true, err, sizeof err) == 0)
        ak_artifact(c, path,
                    "Distribution of the engine's separation error against the ground truth over "
                    "all %ld poses of this "
                    "check (40 bins of log10 |error|, log counts); %ld poses exact to 1e-17 or "
                    "better are counted at "
                    "-17; the tolerance is 1e-6 (log10 = -6).",
                    n, floored);
}

static void keep_err(double *lg, long *n, long *floored, double e) {
    if (!lg) return;
    if (!isfinite(e))
        e = 1.0; // a failure: far right of the tolerance (the check reports it)
    else if (e < 1e-17)
        e = 1e-17, ++*floored;
    lg[(*n)++] = log10(e);
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
    long per_dim[2] = { duo ? ak_samples(c, full, quick)
                            : ak_samples(c, full * 6 / 10, quick * 6 / 10),
                        duo ? 0 : ak_samples(c, full * 4 / 10, quick * 4 / 10) };
    pair_stats st = { 0 };
    long certified = 0, searched = 0, search_missed = 0, truth_dir_worse = 0;
    pub_stats ps = { 0 };
    double cert_gap = 0, cert_normal = 0;
    long cert_normal_n = 0;
    long gsl_fail = 0, total = 0, retries = 0, shallow = 0;
    // report: log10 |sep - sep_truth| per pose (only when plots are written)
    double *lg =
        ak_artifact_dir(c) ? malloc((size_t)(per_dim[0] + per_dim[1] + 1) * sizeof(double)) : NULL;
    long nlg = 0, floored = 0;
    for (int n = 4; n >= 3; n--) {
        long samples = per_dim[4 - n];
        for (long k = 0; k < samples; k++) {
            sample S;
            collide_make_sample(r, n, ta, tb, &S);
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
            if (m.separation > 0 && !isnan(oa) && !isnan(ob) && oa <= TOL_ROUND &&
                ob <= TOL_ROUND) {
                double lo, hi = collide_vnorm_diff(n, m.point_a, m.point_b);
                double mu0[AK_MAX_DIM];
                for (int i = 0; i < n; i++) mu0[i] = -m.normal[i];
                lo = (S.a.type == AK_SHAPE_HYPERPLANE || S.b.type == AK_SHAPE_HYPERPLANE)
                         ? -INFINITY
                         : gt_gap(&S.a, &S.pa, &S.b, &S.pb, mu0);
                if (hi - lo <= 1e-9) {
                    certified++;
                    cert_gap = fmax(cert_gap, hi - lo + fmax(oa, 0) + fmax(ob, 0));
                    double e = fmax(fabs(m.separation - lo), fabs(m.separation - hi));
                    if (e > st.sep_err)
                        st.sep_err = e, st.worst_sep_gt = lo, st.worst_sep_eng = m.separation;
                    st.sep_err_mode[S.mode] = fmax(st.sep_err_mode[S.mode], e);
                    keep_err(lg, &nlg, &floored, e);
                    st.normal_opt_err = fmax(st.normal_opt_err, fabs(lo - m.separation));
                    // the maximiser is unique: angle <= sqrt(2 (hi - lo) / sep)
                    if (m.separation > SEP_UNIQUE)
                        cert_normal = fmax(cert_normal, sqrt(2 * (hi - lo) / m.separation)),
                        cert_normal_n++;
                    st.point_err = fmax(st.point_err, fabs(hi - m.separation));
                    pub_record(&ps, &S, lo);
                    continue;
                }
            }
            searched++;
            if (gt_separation(&gsep, u, &S.a, &S.pa, &S.b, &S.pb, r)) gsl_fail++;
            // any direction's gap is a lower bound of sep, so the engine's normal (evaluated by
            // the truth's own supports) is a valid candidate too: truth = max(search, gap(-n))
            double mu1[AK_MAX_DIM];
            for (int i = 0; i < n; i++) mu1[i] = -m.normal[i];
            double gen = (S.a.type == AK_SHAPE_HYPERPLANE || S.b.type == AK_SHAPE_HYPERPLANE)
                             ? -INFINITY
                             : gt_gap(&S.a, &S.pa, &S.b, &S.pb, mu1);
            double e = fabs(m.separation - fmax(gsep, gen));
            if (e > 0.5 * TOL_SEP) {
                // disagreement: search harder (more starts; the engine's answer is not used)
                static const int effort[2][2] = { { 256, 6 }, { 4096, 64 } };
                for (int lvl = 0; lvl < 2 && e > 0.5 * TOL_SEP; lvl++) {
                    double g2, u2[AK_MAX_DIM];
                    if (gt_separation_effort(&g2, u2, &S.a, &S.pa, &S.b, &S.pb, r, effort[lvl][0],
                                             effort[lvl][1]))
                        gsl_fail++;
                    if (g2 > gsep) gsep = g2, memcpy(u, u2, sizeof u);
                    e = fabs(m.separation - fmax(gsep, gen));
                    retries++;
                }
            }
            if (gen > gsep + 0.5 * TOL_SEP) {
                search_missed++; // the search did not find the engine's (better) direction
                gsep = gen;
                for (int i = 0; i < n; i++) u[i] = mu1[i];
            }
            pub_record(&ps, &S, fmax(gsep, gen) > -INFINITY ? fmax(gsep, gen) : gsep);
            if (!(e <= st.sep_err)) {
                st.sep_err = isnan(e) ? INFINITY : e;
                st.worst_sep_gt = gsep;
                st.worst_sep_eng = m.separation;
            }
            st.sep_err_mode[S.mode] = fmax(st.sep_err_mode[S.mode], isnan(e) ? INFINITY : e);
            keep_err(lg, &nlg, &floored, e);
            // the engine's normal realises its separation: gap along -normal equals sep
            double mu[AK_MAX_DIM];
            for (int i = 0; i < n; i++) mu[i] = -m.normal[i];
            double nl = 0;
            for (int i = 0; i < n; i++) nl += m.normal[i] * m.normal[i];
            double g = gt_gap(&S.a, &S.pa, &S.b, &S.pb, mu);
            if (S.a.type == AK_SHAPE_HYPERPLANE || S.b.type == AK_SHAPE_HYPERPLANE)
                g = gsep; // only u = -+m is bounded
            st.normal_opt_err =
                fmax(st.normal_opt_err, fmax(fabs(g - m.separation), fabs(sqrt(nl) - 1)));
            if (gsep > SEP_UNIQUE) {
                int plane = S.a.type == AK_SHAPE_HYPERPLANE ||
                            S.b.type == AK_SHAPE_HYPERPLANE; // exact already
                if (!plane && gt_refine(&gsep, u, &S.a, &S.pa, &S.b, &S.pb)) gsl_fail++;
                // the truth's direction can judge the engine's only if it is at least as good
                if (gsep >= g - 1e-13) {
                    double gn[AK_MAX_DIM];
                    for (int i = 0; i < n; i++) gn[i] = -u[i];
                    st.normal_err = fmax(st.normal_err, collide_vnorm_diff(n, gn, m.normal));
                    st.normal_n++;
                } else
                    truth_dir_worse++;
            }
            // closest points consistent and on their shapes
            double pe = 0;
            for (int i = 0; i < n; i++)
                pe = fmax(pe, fabs(m.point_a[i] - m.point_b[i] - m.separation * m.normal[i]));
            st.point_err = fmax(st.point_err, pe);
            // contacts (margin 0: penetrating or touching): point_a on or in a, point_b on or in
            // b always; in shallow contact both points on or inside both shapes
            for (int q = 0; q < m.count; q++) {
                const ak_contact *ct = &m.contacts[q];
                double oa = gt_outside(&S.a, &S.pa, ct->point_a),
                       ob = gt_outside(&S.b, &S.pb, ct->point_b);
                if (!isnan(oa)) st.own_err = fmax(st.own_err, oa);
                if (!isnan(ob)) st.own_err = fmax(st.own_err, ob);
                if (ct->separation < -SHALLOW) continue;
                shallow++;
                // the contact's witness: the one of its two points that lies in both shapes
                const double *P[2] = { ct->point_a, ct->point_b };
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
    plot_sep_errors(c, lg, nlg, floored);
    free(lg);
    ak_expect(c, st.fail_status == 0, "%ld of %ld queries returned an error status", st.fail_status,
              total);
    ak_expect(c, gsl_fail == 0, "%ld ground-truth minimisations reported a GSL error", gsl_fail);
    ak_measure(c, st.sep_err, TOL_SEP,
               "max |sep - sep_truth| = %.2e over %ld poses (4D%s), worst engine %.9f truth %.9f",
               st.sep_err, total,
               (ta == AK_SHAPE_DUOCYLINDER || tb == AK_SHAPE_DUOCYLINDER) ? "" : "+3D",
               st.worst_sep_eng, st.worst_sep_gt);
    ak_note(c,
            "max sep error by mode: generic %.1e, near-touching %.1e, deep %.1e, degenerate %.1e",
            st.sep_err_mode[0], st.sep_err_mode[1], st.sep_err_mode[2], st.sep_err_mode[3]);
    ak_measure(c, st.normal_opt_err, TOL_SEP,
               "max |gap along -normal - sep| = %.2e (the normal attains sep)", st.normal_opt_err);
    ak_measure(c, cert_normal, TOL_NORMAL_CERT,
               "certified poses: normal angle <= sqrt(2 width / sep) = %.2e over %ld poses",
               cert_normal, cert_normal_n);
    ak_measure(c, st.normal_err, TOL_NORMAL,
               "searched poses: max |normal - normal_truth| = %.2e over %ld apart poses",
               st.normal_err, st.normal_n);
    ak_measure(c, st.point_err, TOL_POINT, "max |p_a - p_b - sep n| = %.2e", st.point_err);
    ak_measure(c, st.own_err, TOL_INSIDE, "contact points outside their own shape by <= %.2e",
               st.own_err);
    ak_measure(c, st.inside_err, TOL_INSIDE,
               "%ld shallow contacts: witness point outside a shape by <= %.2e", shallow,
               st.inside_err);
    ak_note(c,
            "%ld repeated ground-truth searches for %ld poses (256 directions / 6 starts, then "
            "4096 / 64)",
            retries, total);
    ak_value(c, "max_sep_error", st.sep_err);
    ak_value(c, "max_normal_error", st.normal_err);
    ak_value(c, "samples", (double)total);
    if (ps.evaluated) {
        ak_note(c,
                "PUBLISHED (4D, same poses): wrong in %ld of %ld (%.1f%%): %ld missed/invented "
                "contacts, %ld separations off by > 1e-6 (max %.3g), %ld NaN normals",
                ps.wrong, ps.evaluated, 100.0 * ps.wrong / ps.evaluated, ps.wrong_detect,
                ps.wrong_value, ps.max_err, ps.nan_normal);
        ak_value(c, "published_wrong_fraction", (double)ps.wrong / ps.evaluated);
        ak_value(c, "published_max_sep_error", ps.max_err);
        for (int k = 0; k < PUB_ALGS; k++)
            if (collide_PUB_RATES[k].ta == ta && collide_PUB_RATES[k].tb == tb)
                collide_PUB_RATES[k].wrong_pct = 100.0 * ps.wrong / ps.evaluated,
                collide_PUB_RATES[k].evaluated = ps.evaluated;
    }
    ak_note(c,
            "%ld apart poses where the search's direction had a smaller gap than the engine's (not "
            "used for the normal)",
            truth_dir_worse);
    ak_note(c,
            "%ld poses where the search missed a direction the engine found (truth = the better)",
            search_missed);
    ak_note(c,
            "%ld apart poses certified by [gap along -n, |p_a - p_b|] (width <= %.1e), %ld by the "
            "multimin search",
            certified, cert_gap, searched);
    (void)MODE_NAMES;
}

#define PAIR(na, ta, nb, tb, full)                                                                 \
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

#define PAIRROW(na, nb, ids)                                                                       \
    {                                                                                              \
        "collide.pair." #na "_" #nb, ids,                                                          \
            "separation, normal, points vs the multimin ground truth, 4D and 3D",                  \
            check_pair_##na##_##nb                                                                 \
    }

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
    PAIRROW(
        box, box,
        "T-Alg9 T-Alg10 T-Tab4.1 B-7.2 B-7.2box T-Alg16 T-Alg17 T-Alg18 T-Alg19 T-Alg20 T-Alg21"),
    PAIRROW(box, plane, "T-Alg11 T-Alg17 T-Alg20"),
    PAIRROW(box, convex, "G-9 G-10 G-11 G-2 G-3"),
    PAIRROW(box, duo, "G-9 G-10 G-11"),
    PAIRROW(plane, convex, "T-3.8"),
    PAIRROW(plane, duo, "T-3.8"),
    PAIRROW(convex, convex, "G-9 G-10 G-11 G-12 G-8"),
    PAIRROW(convex, duo, "G-9 G-10 G-11"),
    PAIRROW(duo, duo, "G-9 G-10 G-11"),
};

AK_TOPIC(collide_pairs, CHECKS)
