// Group "collide": GJK / EPA against SAT on hyperbox pairs (B-7.2, G-9, G-10); manifolds
#include "verify/checks/checks_collide_common.h"

static void check_gjk_vs_sat(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long samples = ak_samples(c, 6000, 400), agree = 0, total = 0, ambiguous = 0, pen = 0;
    double depth_err = 0;
    for (int n = 2; n <= 5; n++)
        for (long k = 0; k < samples; k++) {
            ak_shape a, b;
            ak_pose pa, pb;
            collide_random_box_pair(r, n, &a, &pa, &b, &pb);
            double nrm[AK_MAX_DIM];
            int naxes;
            double s = ak_box_sat(n, nrm, &naxes, &a, &pa, &b, &pb);
            ak_gjk_result g;
            ak_collide_gjk(&g, &a, &pa, &b, &pb, 0);
            if (fabs(s) < 1e-9) {
                ambiguous++;
                continue;
            }
            total++;
            int gi = g.intersect || g.distance <= 1e-12;
            if (gi == (s < 0)) agree++;
            if (s < 0 && gi) {
                double d, nn[AK_MAX_DIM], x[AK_MAX_DIM], y[AK_MAX_DIM];
                g.intersect = 1;
                if (ak_collide_epa(&d, nn, x, y, &g, &a, &pa, &b, &pb, 0) == 0)
                    depth_err = fmax(depth_err, fabs(d + s));
                else
                    depth_err = INFINITY;
                pen++;
            }
        }
    gsl_rng_free(r);
    ak_expect(c, agree == total,
              "GJK and SAT agree on intersect / apart in %ld of %ld box pairs, n = 2..5 (%ld "
              "within 1e-9 of touching skipped)",
              agree, total, ambiguous);
    ak_measure(c, depth_err, TOL_SEP,
               "max |EPA depth - SAT depth| = %.2e over %ld overlapping pairs", depth_err, pen);
}

static void check_sat_axis_count(ak_check_ctx *c) {
    // B-7.2: sum over m_a + m_b = n-1 of C(n, m_a) C(n, m_b); 4D: 8 + 48 = 56 (B-7.2box)
    int ok = 1;
    char buf[128] = "";
    for (int n = 2; n <= 5; n++) {
        ak_shape a = { 0 };
        a.type = AK_SHAPE_HYPERBOX;
        a.dim = n;
        for (int i = 0; i < n; i++) a.half_extents[i] = 1;
        ak_pose p = ak_pose_identity(n), q = ak_pose_identity(n);
        q.pos[0] = 5;
        double nrm[AK_MAX_DIM];
        int na;
        ak_box_sat(n, nrm, &na, &a, &p, &a, &q);
        int want = 0;
        for (int ma = 0; ma <= n - 1; ma++) {
            int c1 = 1, c2 = 1;
            for (int i = 1; i <= ma; i++) c1 = c1 * (n - ma + i) / i;
            for (int i = 1; i <= n - 1 - ma; i++) c2 = c2 * (ma + 1 + i) / i;
            want += c1 * c2;
        }
        if (na != want) ok = 0;
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%dD %d ", n, na);
    }
    ak_expect(c, ok, "SAT axis counts %s(4D: 56 = 8 + 48, B-7.2box; the thesis' Table 4.1 has 32)",
              buf);
}

// --- manifolds ------------------------------------------------------------------------------
static void check_resting_flat(ak_check_ctx *c) {
    // a hyperbox resting flat on a larger one, offset sideways: the manifold is the corners of
    // the overlap of the two facets, an (n-1)-box: 2^(n-1) points, here computed analytically
    double worst = 0;
    int counts_ok = 1;
    char buf[96] = "";
    for (int n = 2; n <= 5; n++) {
        ak_shape top = { 0 }, bot = { 0 };
        top.type = bot.type = AK_SHAPE_HYPERBOX;
        top.dim = bot.dim = n;
        for (int i = 0; i < n; i++) top.half_extents[i] = 0.5, bot.half_extents[i] = 0.7 + 0.1 * i;
        bot.half_extents[1] = 0.5;
        ak_pose pt = ak_pose_identity(n), pbot = ak_pose_identity(n);
        double pen = 1e-3;
        pt.pos[1] = 1.0 - pen; // top's bottom facet at y = 0.5 - pen, bottom's top facet at y = 0.5
        for (int i = 0; i < n; i++)
            if (i != 1) pt.pos[i] = 0.45 + 0.05 * i; // partly off the edge in every direction
        ak_manifold m;
        ak_collide(&m, &top, &pt, &bot, &pbot, 0.0);
        int want = 1 << (n - 1);
        if (m.count != want) counts_ok = 0;
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%dD %d/%d ", n, m.count, want);
        // each expected corner must be matched by a contact's point on the lower body
        for (unsigned v = 0; v < (1u << (n - 1)); v++) {
            double x[AK_MAX_DIM];
            int b = 0;
            for (int i = 0; i < n; i++) {
                if (i == 1) {
                    x[i] = 0.5;
                    continue;
                }
                double lo = fmax(pt.pos[i] - top.half_extents[i], -bot.half_extents[i]);
                double hi = fmin(pt.pos[i] + top.half_extents[i], bot.half_extents[i]);
                x[i] = (v & (1u << b)) ? hi : lo;
                b++;
            }
            double best = INFINITY;
            for (int q = 0; q < m.count; q++)
                best = fmin(best, collide_vnorm_diff(n, x, m.contacts[q].point_b));
            worst = fmax(worst, best);
        }
        for (int q = 0; q < m.count; q++) worst = fmax(worst, fabs(m.contacts[q].separation + pen));
    }
    ak_expect(c, counts_ok, "contact counts (got/expected) %s", buf);
    ak_measure(
        c, worst, TOL_ROUND,
        "max distance of the overlap corners from the contacts, and of the depths from 1e-3: %.2e",
        worst);
}

static void check_box_plane_counts(ak_check_ctx *c) {
    // A 4D hyperbox touching a plane with a vertex, an edge, a 2-face and a 3-cell: 1, 2, 4, 8.
    int n = 4, ok = 1;
    char buf[128] = "";
    for (int k = 0; k <= 3; k++) {
        ak_shape box = { 0 }, pl = { 0 };
        box.type = AK_SHAPE_HYPERBOX;
        box.dim = pl.dim = n;
        pl.type = AK_SHAPE_HYPERPLANE;
        for (int i = 0; i < n; i++) box.half_extents[i] = 0.3 + 0.1 * i;
        pl.normal[1] = 1;
        pl.offset = 0;
        ak_pose p = ak_pose_identity(n);
        // tilt so that the lowest feature has dimension k: rotate y towards the axes other
        // than k of them (small distinct angles), leaving k free axes parallel to the plane
        double R[AK_MAX_EVEN], M[AK_MAX_DIM * AK_MAX_DIM], T[AK_MAX_DIM * AK_MAX_DIM];
        int others[3] = { 0, 2, 3 };
        memcpy(M, p.rot, sizeof M);
        for (int q = k; q < 3; q++) {
            ak_nd_rotor_plane(n, R, 1, others[q], 0.2 + 0.1 * q);
            ak_nd_rotor_to_matrix(n, T, R);
            double Mn[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    for (int l = 0; l < n; l++) Mn[i * n + j] += T[i * n + l] * M[l * n + j];
            memcpy(M, Mn, sizeof M);
        }
        memcpy(p.rot, M, sizeof M);
        double down[AK_MAX_DIM] = { 0, -1, 0, 0 }, x[AK_MAX_DIM];
        double h = ak_geom_support(n, x, &box, &p, down);
        p.pos[1] = h - 1e-4; // the lowest feature 1e-4 below the plane
        ak_manifold m;
        ak_collide(&m, &box, &p, &pl, NULL, 0.0);
        int want = 1 << k;
        if (m.count != want) ok = 0;
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s %d/%d ",
                 k == 0   ? "vertex"
                 : k == 1 ? "edge"
                 : k == 2 ? "2-face"
                          : "3-cell",
                 m.count, want);
    }
    ak_expect(c, ok, "4D hyperbox on a plane, contacts got/expected: %s", buf);
}

static void check_capsule_plane_both_ends(ak_check_ctx *c) {
    ak_shape cap = { 0 }, pl = { 0 };
    cap.type = AK_SHAPE_HYPERCAPSULE;
    cap.dim = pl.dim = 4;
    cap.radius = 0.25;
    cap.half_length = 0.5;
    pl.type = AK_SHAPE_HYPERPLANE;
    pl.normal[1] = 1;
    ak_pose p = ak_pose_identity(4);
    double R[AK_MAX_EVEN];
    ak_nd_rotor_plane(4, R, 1, 3, 1.5707963267948966); // lying along w
    ak_nd_rotor_to_matrix(4, p.rot, R);
    p.pos[1] = 0.25 - 1e-3;
    ak_manifold m;
    ak_collide(&m, &cap, &p, &pl, NULL, 0.0);
    double e = 0;
    for (int q = 0; q < m.count; q++) e = fmax(e, fabs(m.contacts[q].separation + 1e-3));
    ak_expect(c, m.count == 2,
              "a 4D capsule lying on a plane gives %d contacts (2 expected: both ends, T-Alg8)",
              m.count);
    ak_measure(c, e, TOL_ROUND, "depth of both contacts vs 1e-3: %.2e", e);
}

static int same_ids(const ak_manifold *a, const ak_manifold *b) {
    if (a->count != b->count) return 0;
    for (int i = 0; i < a->count; i++) {
        int found = 0;
        for (int j = 0; j < b->count && !found; j++) found = a->contacts[i].id == b->contacts[j].id;
        if (!found) return 0;
    }
    return 1;
}

static void check_feature_ids(ak_check_ctx *c) {
    // small motions (1e-5 translations, 1e-5 rad rotations) keep every contact's id
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long trials = ak_samples(c, 2000, 200), stable = 0, total = 0;
    for (long k = 0; k < trials; k++) {
        int n = 3 + (int)(k % 2), kind = (int)(k % 3);
        ak_shape a = { 0 }, b = { 0 };
        a.dim = b.dim = n;
        ak_pose pa = ak_pose_identity(n), pb = ak_pose_identity(n);
        a.type = kind == 2 ? AK_SHAPE_HYPERCAPSULE : AK_SHAPE_HYPERBOX;
        for (int i = 0; i < n; i++) a.half_extents[i] = 0.3 + 0.3 * gsl_rng_uniform(r);
        a.radius = 0.2, a.half_length = 0.4;
        double R[AK_MAX_EVEN];
        if (kind == 2) {
            ak_nd_rotor_plane(n, R, 1, 0, 1.5707963267948966);
            ak_nd_rotor_to_matrix(n, pa.rot, R);
        }
        if (kind == 0) {
            b.type = AK_SHAPE_HYPERBOX;
            for (int i = 0; i < n; i++) b.half_extents[i] = 1.0;
            b.half_extents[1] = 0.5;
            pb.pos[1] = -0.5;
        } else {
            b.type = AK_SHAPE_HYPERPLANE;
            b.normal[1] = 1;
        }
        double down[AK_MAX_DIM] = { 0, -1, 0, 0, 0 }, x[AK_MAX_DIM];
        pa.pos[1] = ak_geom_support(n, x, &a, &pa, down) - 2e-3;
        for (int i = 0; i < n; i++)
            if (i != 1) pa.pos[i] = 0.2 * (gsl_rng_uniform(r) - 0.5);
        ak_manifold m0, m1;
        ak_collide(&m0, &a, &pa, &b, &pb, 0.0);
        ak_pose q = pa;
        for (int i = 0; i < n; i++) q.pos[i] += 1e-5 * (2 * gsl_rng_uniform(r) - 1);
        double Rm[AK_MAX_DIM * AK_MAX_DIM], Rr[AK_MAX_EVEN];
        ak_nd_rotor_plane(n, Rr, 0, 2, 1e-5 * (2 * gsl_rng_uniform(r) - 1));
        ak_nd_rotor_to_matrix(n, Rm, Rr);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int l = 0; l < n; l++) s += Rm[i * n + l] * pa.rot[l * n + j];
                q.rot[i * n + j] = s;
            }
        ak_collide(&m1, &a, &q, &b, &pb, 0.0);
        total++;
        if (m0.count > 0 && same_ids(&m0, &m1)) stable++;
    }
    gsl_rng_free(r);
    ak_expect(c, stable == total,
              "contact ids unchanged under 1e-5 motions in %ld of %ld resting configurations (box "
              "on box, box on plane, capsule on plane; 3D and 4D)",
              stable, total);
}

static const ak_check CHECKS[] = {
    { "collide.gjk_vs_sat", "G-9 G-10 B-7.2",
      "GJK intersect flag and EPA depth against SAT, random hyperbox pairs n = 2..5",
      check_gjk_vs_sat },
    { "collide.sat_axes", "B-7.2 B-7.2box T-Tab4.1", "number of SAT axes per n (4D: 56)",
      check_sat_axis_count },
    { "collide.manifold.resting_flat", "T-Alg16 T-Alg17 T-Alg19 T-Alg20 T-Alg21",
      "box on box: the corners of the overlap cell, n = 2..5", check_resting_flat },
    { "collide.manifold.box_plane_counts", "T-Alg11 T-Alg17 T-Alg20",
      "4D box on a plane by vertex, edge, 2-face, 3-cell: 1, 2, 4, 8 contacts",
      check_box_plane_counts },
    { "collide.manifold.capsule_plane", "T-Alg8", "capsule lying on a plane: both ends",
      check_capsule_plane_both_ends },
    { "collide.manifold.feature_ids", "T-B.1 T-B.4", "contact ids stable under small motions",
      check_feature_ids },
};

AK_TOPIC(collide_gjk_manifolds, CHECKS)
