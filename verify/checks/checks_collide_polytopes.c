// Group "collide": polytope manifolds (G-CLIP.1 .. G-CLIP.5) and regular polytopes (G-POLY.1 .. G-POLY.3)
#include "verify/checks/checks_collide_common.h"

// out = A B (n x n row-major)
static void matmul(int n, double out[], const double A[], const double B[]) {
    double t[AK_MAX_DIM * AK_MAX_DIM];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double x = 0;
            for (int k = 0; k < n; k++) x += A[i * n + k] * B[k * n + j];
            t[i * n + j] = x;
        }
    memcpy(out, t, sizeof(double) * (size_t)(n * n));
}

// Two boxes face to face: b at a random pose, a's facet of axis ja resting on b's +y facet with
// a random turn about the normal, a random slide within b's facet, a penetration in
// [-0.005, 0.01] and (half the time) a tilt of 1e-9 rad, below the reference-facet tolerance.
static void facet_pair(gsl_rng *r, int n, ak_shape *a, ak_pose *pa, ak_shape *b, ak_pose *pb) {
    memset(a, 0, sizeof *a);
    memset(b, 0, sizeof *b);
    a->type = b->type = AK_SHAPE_HYPERBOX;
    a->dim = b->dim = n;
    for (int i = 0; i < n; i++)
        a->half_extents[i] = 0.1 + 0.6 * gsl_rng_uniform(r),
        b->half_extents[i] = 0.2 + 0.8 * gsl_rng_uniform(r);
    *pa = ak_pose_identity(n);
    *pb = ak_pose_identity(n);
    gt_random_rotation(r, n, pb->rot);
    for (int i = 0; i < n; i++) pb->pos[i] = gsl_rng_uniform(r) - 0.5;
    int ja = (int)gsl_rng_uniform_int(r, (unsigned long)n);
    // P: a's axis ja along b's axis 1 (a signed permutation with det +1)
    double P[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, T[AK_MAX_DIM * AK_MAX_DIM] = { 0 },
                          Q[AK_MAX_DIM * AK_MAX_DIM];
    for (int i = 0; i < n; i++) P[i * n + i] = 1;
    if (ja != 1) {
        P[ja * n + ja] = P[1 * n + 1] = 0;
        P[1 * n + ja] = 1;  // e_ja -> e_1
        P[ja * n + 1] = -1; // e_1 -> -e_ja (det +1)
    }
    // T: a random rotation of the axes other than 1 (the turn about the normal)
    for (int i = 0; i < n; i++) T[i * n + i] = 1;
    if (n > 2) {
        double S[AK_MAX_DIM * AK_MAX_DIM];
        gt_random_rotation(r, n - 1, S);
        int map[AK_MAX_DIM], k = 0;
        for (int i = 0; i < n; i++)
            if (i != 1) map[k++] = i;
        for (int i = 0; i < n - 1; i++)
            for (int j = 0; j < n - 1; j++) T[map[i] * n + map[j]] = S[i * (n - 1) + j];
    }
    matmul(n, Q, T, P);
    if (gsl_rng_uniform(r) < 0.5) {
        double t = 1e-9, E[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
        for (int i = 0; i < n; i++) E[i * n + i] = 1;
        int k = n > 2 ? 2 : 0;
        E[1 * n + 1] = E[k * n + k] = cos(t);
        E[1 * n + k] = -sin(t);
        E[k * n + 1] = sin(t);
        matmul(n, Q, E, Q);
    }
    matmul(n, pa->rot, pb->rot, Q);
    double pen = -0.005 + 0.015 * gsl_rng_uniform(r), off[AK_MAX_DIM];
    for (int i = 0; i < n; i++)
        off[i] = (i == 1) ? b->half_extents[1] + a->half_extents[ja] - pen
                          : 0.9 * b->half_extents[i] * (2 * gsl_rng_uniform(r) - 1);
    for (int i = 0; i < n; i++) {
        pa->pos[i] = pb->pos[i];
        for (int j = 0; j < n; j++) pa->pos[i] += pb->rot[i * n + j] * off[j];
    }
}

// Largest distance between the contacts of m1 and the matching ones of m2 (points, depths and
// normals), or INFINITY when the counts differ.
static double manifold_distance(int n, const ak_manifold *m1, const ak_manifold *m2) {
    if (m1->count != m2->count) return INFINITY;
    double worst = 0;
    for (int k = 0; k < m1->count; k++) {
        const ak_contact *x = &m1->contacts[k];
        double best = INFINITY;
        for (int q = 0; q < m2->count; q++) {
            const ak_contact *y = &m2->contacts[q];
            double e = fmax(collide_vnorm_diff(n, x->point_a, y->point_a),
                            collide_vnorm_diff(n, x->point_b, y->point_b));
            e = fmax(e, fmax(fabs(x->separation - y->separation),
                             collide_vnorm_diff(n, x->normal, y->normal)));
            best = fmin(best, e);
        }
        worst = fmax(worst, best);
    }
    return worst;
}

static void check_polytope_equal(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1201);
    long N = ak_samples(c, 4000, 400);
    double worst = 0;
    long bad = 0, total = 0, multi = 0;
    char first[160] = "";
    for (long s = 0; s < N; s++) {
        int n = 2 + (int)(s % 4);
        ak_shape a, b, ca, cb;
        ak_pose pa, pb;
        double va[32 * AK_MAX_DIM], vb[32 * AK_MAX_DIM];
        facet_pair(r, n, &a, &pa, &b, &pb);
        collide_box_as_convex(r, &a, &ca, va);
        collide_box_as_convex(r, &b, &cb, vb);
        ak_manifold m0, m1, m2, m3;
        ak_collide(&m0, &a, &pa, &b, &pb, 0.02);
        ak_collide(&m1, &ca, &pa, &b, &pb, 0.02);
        ak_collide(&m2, &a, &pa, &cb, &pb, 0.02);
        ak_collide(&m3, &ca, &pa, &cb, &pb, 0.02);
        const ak_manifold *ms[3] = { &m1, &m2, &m3 };
        for (int k = 0; k < 3; k++) {
            double e = manifold_distance(n, &m0, ms[k]);
            total++;
            if (!(e <= TOL_ROUND)) {
                if (!bad)
                    snprintf(first, sizeof first,
                             "; first mismatch: sample %ld (%dD), variant %d: counts %d / %d, "
                             "distance %.3g",
                             s, n, k, m0.count, ms[k]->count, e);
                bad++;
            }
            if (isfinite(e)) worst = fmax(worst, e);
        }
        if (m0.count > 1) multi++;
    }
    gsl_rng_free(r);
    ak_expect(c, bad == 0 && multi > N / 2,
              "%ld manifolds of face-to-face box pairs (n = 2..5, random turns, slides, depths, "
              "tilts of 1e-9) with a, b or both given as "
              "shuffled convex vertex lists: %ld differ from the hyperbox pair's (count, or a "
              "point, depth or normal off by more than "
              "1e-12)%s; %ld of %ld hyperbox manifolds have several points",
              total, bad, first, multi, N);
    ak_measure(c, worst, TOL_ROUND,
               "largest point / depth / normal distance to the hyperbox pair's manifold: %.2e",
               worst);
}

// Every contact point of the clipping manifolds lies on both surfaces: the signed distance of
// point_a from a and of point_b from b, by the ground truth's own support functions and
// multimin (a point is a zero-radius hypersphere), is zero.
static void check_polytope_on_surfaces(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1202);
    long N = ak_samples(c, 120, 24);
    double worst = 0;
    long npts = 0, nfail = 0;
    for (long s = 0; s < N; s++) {
        int n = 2 + (int)(s % 4);
        ak_shape a, b, ca, cb;
        ak_pose pa, pb;
        double va[32 * AK_MAX_DIM], vb[32 * AK_MAX_DIM];
        facet_pair(r, n, &a, &pa, &b, &pb);
        collide_box_as_convex(r, &a, &ca, va);
        collide_box_as_convex(r, &b, &cb, vb);
        ak_manifold m;
        if (ak_collide(&m, &ca, &pa, &cb, &pb, 0.0) < 0) {
            nfail++;
            continue;
        }
        for (int k = 0; k < m.count; k++) {
            for (int side = 0; side < 2; side++) {
                ak_shape pt = { 0 };
                pt.type = AK_SHAPE_HYPERSPHERE;
                pt.dim = n;
                ak_pose pp = ak_pose_identity(n);
                memcpy(pp.pos, side ? m.contacts[k].point_b : m.contacts[k].point_a,
                       sizeof(double) * (size_t)n);
                double sep, u[AK_MAX_DIM];
                if (gt_separation(&sep, u, &pt, &pp, side ? &cb : &ca, side ? &pb : &pa, r)) {
                    nfail++;
                    continue;
                }
                worst = fmax(worst, fabs(sep));
                npts++;
            }
        }
    }
    gsl_rng_free(r);
    ak_expect(c, nfail == 0 && npts > N,
              "%ld contact points of %ld convex-convex clipping manifolds (n = 2..5), %ld failures",
              npts, N, nfail);
    ak_measure(c, worst, TOL_SEP,
               "largest |signed distance| of a contact point from its body, ground truth (own "
               "support functions, multimin): %.2e",
               worst);
}

// Capsule lying on a convex polytope's facet: two contacts at the clipped ends, depth exact.
static void check_capsule_polytope(ak_check_ctx *c) {
    double worst = 0;
    int ok = 1;
    char buf[128] = "";
    for (int n = 2; n <= 5; n++) {
        ak_shape box = { 0 }, cv, cap = { 0 };
        double vb[32 * AK_MAX_DIM];
        box.type = AK_SHAPE_HYPERBOX;
        box.dim = n;
        for (int i = 0; i < n; i++) box.half_extents[i] = 1.0;
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, 1203);
        collide_box_as_convex(r, &box, &cv, vb);
        gsl_rng_free(r);
        cap.type = AK_SHAPE_HYPERCAPSULE;
        cap.dim = n;
        cap.radius = 0.1;
        cap.half_length = 0.8;
        // the capsule along x (its local y rotated onto x), half over the facet's edge at x = 1
        ak_pose pc = ak_pose_identity(n), pbx = ak_pose_identity(n);
        pc.rot[0 * n + 0] = 0, pc.rot[0 * n + 1] = -1, pc.rot[1 * n + 0] = 1, pc.rot[1 * n + 1] = 0;
        pc.pos[0] = 0.6;
        pc.pos[1] = 1.0 + 0.1 - 1e-3;
        ak_manifold m;
        ak_collide(&m, &cap, &pc, &cv, &pbx, 0.0);
        // expected: the core from x = -0.2 to 1.0 (clipped at the facet's side x = 1), depth 1e-3
        double xs[2] = { -0.2, 1.0 };
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%dD %d ", n, m.count);
        if (m.count != 2) {
            ok = 0;
            continue;
        }
        for (int k = 0; k < 2; k++) {
            double best = INFINITY;
            for (int q = 0; q < 2; q++) best = fmin(best, fabs(m.contacts[q].point_b[0] - xs[k]));
            worst = fmax(worst, best);
            worst = fmax(worst, fabs(m.contacts[k].separation + 1e-3));
            worst = fmax(worst, fabs(m.contacts[k].point_b[1] - 1.0));
        }
    }
    ak_expect(
        c, ok,
        "capsule lying across the edge of a convex box's facet: contacts per n (2 expected) %s",
        buf);
    ak_measure(c, worst, TOL_ROUND,
               "clipped ends x = -0.2 and 1 on the facet y = 1, depth 1e-3: largest error %.2e",
               worst);
}

// The regular polytopes: vertex and facet counts, every vertex at the circumradius, edge
// length and facet size by their closed forms, and the mass properties (G-POLY.3) against the
// closed-form volumes, the hull-based ak_mass_convex (independent decomposition) where it
// applies (<= 64 vertices) and Monte Carlo with a membership test of its own elsewhere.
typedef struct poly_ctx {
    int n, nc;
    const double *cand; // the dual's vertex directions
    double h[600];      // their support values max_v u.v over the vertices
} poly_ctx;
static int poly_inside(const double x[], const void *vctx) {
    const poly_ctx *p = vctx;
    for (int k = 0; k < p->nc; k++) {
        double ux = 0;
        for (int i = 0; i < p->n; i++) ux += p->cand[k * p->n + i] * x[i];
        if (ux > p->h[k]) return 0;
    }
    return 1;
}

static double closed_volume(const char *nm, double a) {
    double a3 = a * a * a, a4 = a3 * a, s5 = sqrt(5.0);
    if (!strcmp(nm, "tetrahedron")) return a3 / (6 * sqrt(2.0));
    if (!strcmp(nm, "cube")) return a3;
    if (!strcmp(nm, "octahedron")) return sqrt(2.0) / 3 * a3;
    if (!strcmp(nm, "dodecahedron")) return (15 + 7 * s5) / 4 * a3;
    if (!strcmp(nm, "icosahedron")) return 5 * (3 + s5) / 12 * a3;
    if (!strcmp(nm, "5-cell")) return s5 / 96 * a4;
    if (!strcmp(nm, "8-cell")) return a4;
    if (!strcmp(nm, "16-cell")) return a4 / 6;
    if (!strcmp(nm, "24-cell")) return 2 * a4;
    if (!strcmp(nm, "120-cell")) return 15.0 / 4 * (105 + 47 * s5) * a4;
    if (!strcmp(nm, "600-cell")) return 25.0 / 4 * (2 + s5) * a4;
    return NAN;
}

static void check_polytopes(ak_check_ctx *c) {
    static double v[600 * 4], cand[600 * 4], pl[600 * 5];
    // vertices per facet (Coxeter, Table I): tetrahedron .. icosahedron, 5-cell .. 600-cell
    static const struct {
        const char *name;
        int per_facet;
    } PF[] = { { "tetrahedron", 3 }, { "cube", 4 },      { "octahedron", 3 }, { "dodecahedron", 5 },
               { "icosahedron", 3 }, { "5-cell", 4 },    { "8-cell", 8 },     { "16-cell", 4 },
               { "24-cell", 6 },     { "120-cell", 20 }, { "600-cell", 4 } };
    double geo = 0, vol = 0, cov_hull = 0, mc_z = 0;
    int counts_ok = 1;
    char buf[512] = "";
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1204);
    for (int t = 0; t < ak_polytope_count(); t++) {
        const ak_polytope_info *P = ak_polytope_at(t);
        int n = P->dim;
        double R = 0.7;
        int nv = ak_polytope_vertices(P->name, R, v, 600);
        int nc = ak_polytope_facet_normals(P->name, cand, 600);
        int nf =
            (nv > 0 && nc > 0) ? ak_convex_facets_from_normals(n, pl, 600, v, nv, cand, nc) : -1;
        int want_pf = 0;
        for (size_t k = 0; k < sizeof PF / sizeof PF[0]; k++)
            if (!strcmp(PF[k].name, P->name)) want_pf = PF[k].per_facet;
        int pf_ok = nf > 0;
        for (int f = 0; f < nf && pf_ok; f++) {
            int cnt = 0;
            for (int k = 0; k < nv; k++) {
                double h = 0;
                for (int i = 0; i < n; i++) h += pl[f * (n + 1) + i] * v[k * n + i];
                if (fabs(h - pl[f * (n + 1) + n]) < 1e-9) cnt++;
            }
            if (cnt != want_pf) pf_ok = 0;
        }
        if (nv != P->nverts || nf != P->nfacets || !pf_ok) counts_ok = 0;
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s %d/%d/%d", t ? ", " : "",
                 P->name, nv, nf, want_pf);
        if (nv <= 0 || nf <= 0) continue;
        double emin = INFINITY;
        for (int k = 0; k < nv; k++) {
            double l = 0;
            for (int i = 0; i < n; i++) l += v[k * n + i] * v[k * n + i];
            geo = fmax(geo, fabs(sqrt(l) - R));
            for (int q = k + 1; q < nv; q++) {
                double d = 0;
                for (int i = 0; i < n; i++)
                    d += (v[k * n + i] - v[q * n + i]) * (v[k * n + i] - v[q * n + i]);
                emin = fmin(emin, sqrt(d));
            }
        }
        geo = fmax(geo, fabs(emin - R * P->edge_over_r));
        ak_mass_props mp;
        char err[200] = "";
        if (ak_mass_polytope(&mp, n, v, nv, pl, nf, 1.0, err, sizeof err)) {
            counts_ok = 0;
            continue;
        }
        vol = fmax(vol, fabs(mp.volume / closed_volume(P->name, emin) - 1));
        if (nv <= AK_MASS_HULL_MAX_VERTS) {
            ak_mass_props mh;
            if (ak_mass_convex(&mh, n, v, nv, 1.0, err, sizeof err) == 0)
                for (int i = 0; i < n * n; i++)
                    cov_hull = fmax(cov_hull, fabs(mh.cov[i] - mp.cov[i]) / mp.cov[0]);
            else
                counts_ok = 0;
        } else {
            poly_ctx pc = { .n = n, .nc = nc, .cand = cand };
            for (int k = 0; k < nc; k++) {
                pc.h[k] = -INFINITY;
                for (int q = 0; q < nv; q++) {
                    double t = 0;
                    for (int i = 0; i < n; i++) t += cand[k * n + i] * v[q * n + i];
                    pc.h[k] = fmax(pc.h[k], t);
                }
            }
            double lo[AK_MAX_DIM], hi[AK_MAX_DIM];
            for (int i = 0; i < n; i++) lo[i] = -R, hi[i] = R;
            ak_mass_mc mc;
            if (ak_mass_monte_carlo(&mc, n, lo, hi, poly_inside, &pc, 1.0, r,
                                    ak_samples(c, 400000, 40000), err, sizeof err) == 0) {
                for (int i = 0; i < n; i++) {
                    double z =
                        fabs(mc.second[i * n + i] - mp.cov[i * n + i]) / mc.second_se[i * n + i];
                    mc_z = fmax(mc_z, z);
                }
                mc_z = fmax(mc_z, fabs(mc.mass - mp.volume) / mc.mass_se);
            } else
                counts_ok = 0;
        }
    }
    gsl_rng_free(r);
    ak_expect(c, counts_ok, "vertices / facets / vertices per facet: %s", buf);
    ak_measure(
        c, geo, TOL_ROUND,
        "circumradius 0.7 and edge length (closed form, Coxeter Table I): largest error %.2e", geo);
    ak_measure(c, vol, TOL_ROUND,
               "volume from the facet cones vs the closed forms from the edge length: largest "
               "relative error %.2e",
               vol);
    ak_measure(c, cov_hull, TOL_ROUND,
               "second moments vs the hull decomposition ak_mass_convex (<= 64 vertices): largest "
               "relative error %.2e",
               cov_hull);
    ak_measure(c, mc_z, 5.0,
               "120-cell and 600-cell volume and second moments vs Monte Carlo (membership by the "
               "dual's directions): "
               "largest deviation %.2f standard errors",
               mc_z);
}

// `anakata step --explain` names the method of each pair: four scenes whose answer is known.
static void check_explain_methods(ak_check_ctx *c) {
    static const struct {
        const char *text, *pair_a, *want;
    } CASES[] = {
        { "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"bodies\": [{\"name\": \"p\", \"shape\": "
          "{\"type\": \"polytope\", \"name\": \"8-cell\", "
          "\"size\": 1}, \"mass\": 1, \"position\": [0, 0.5, 0, 0]}, {\"name\": \"t\", \"fixed\": "
          "true, \"shape\": {\"type\": \"hyperbox\", "
          "\"half_extents\": [2, 0.5, 2, 2]}, \"position\": [0, -0.5, 0, 0]}]}",
          "p", "GJK/EPA + clipping" },
        { "{\"format\": \"anakata-scene/1\", \"dim\": 3, \"bodies\": [{\"name\": \"a\", \"shape\": "
          "{\"type\": \"hyperbox\", \"half_extents\": "
          "[0.5, 0.5, 0.5]}, \"mass\": 1, \"position\": [0, 1.5, 0]}, {\"name\": \"b\", \"fixed\": "
          "true, \"shape\": {\"type\": \"hyperbox\", "
          "\"half_extents\": [1, 1, 1]}}]}",
          "a", "SAT + clipping" },
        { "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"bodies\": [{\"name\": \"s\", \"shape\": "
          "{\"type\": \"hypersphere\", \"radius\": 0.5}, "
          "\"mass\": 1, \"position\": [0, 0.5, 0, 0]}, {\"name\": \"g\", \"shape\": {\"type\": "
          "\"hyperplane\", \"normal\": [0, 1, 0, 0]}}]}",
          "s", "analytic" },
        { "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"gravity\": [0, 0, 0, 0], \"timestep\": "
          "0.016666666666666666, \"bodies\": "
          "[{\"name\": \"ball\", \"shape\": {\"type\": \"hypersphere\", \"radius\": 0.1}, "
          "\"mass\": 1, \"position\": [0, 1, 0, 0], "
          "\"velocity\": [0, -70, 0, 0]}, {\"name\": \"wall\", \"fixed\": true, \"shape\": "
          "{\"type\": \"hyperbox\", \"half_extents\": "
          "[1, 0.02, 1, 1]}}]}",
          "ball", "CCD" },
    };
    int ok = 1;
    char buf[1024] = "";
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        char err[512];
        ak_data *d = NULL;
        ak_model *m =
            ak_scene_parse(CASES[k].text, strlen(CASES[k].text), "<check>", &d, err, sizeof err);
        if (!m) {
            ok = 0;
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "[%zu: %.120s] ", k, err);
            continue;
        }
        ak_explain_pair pr[4];
        int np = ak_step_explain_pairs(m, d, pr, 4);
        const char *got = np >= 1 ? pr[0].method : "(none)";
        int link = np >= 1 && strstr(pr[0].doc, "docs/formulas/collide.md#") == pr[0].doc;
        if (np != 1 || strcmp(got, CASES[k].want) || !link ||
            strcmp(m->bodies[pr[0].a].name, CASES[k].pair_a))
            ok = 0;
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s (expected %s, %d pair%s)",
                 k ? "; " : "", got, CASES[k].want, np, np == 1 ? "" : "s");
        ak_data_free(d);
        ak_model_free(m);
    }
    ak_expect(c, ok, "methods named per pair, each with a collide.md link: %s", buf);
}

// Degenerate contacts campaign: common/degenerate.c.
static void check_degenerate(ak_check_ctx *c) {
    static ak_degen_stats st;
    long per = ak_samples(c, 100000, 2000), per_duo = ak_samples(c, 100000, 200);
    long bad = ak_degen_campaign(&st, per, per_duo, 1206, 0);
    long total = 0;
    int counts_ok = 1, nduo = 0;
    for (int p = 0; p < AK_DEGEN_PAIRS; p++) {
        total += st.runs[p];
        int duo = st.ta[p] == AK_SHAPE_DUOCYLINDER || st.tb[p] == AK_SHAPE_DUOCYLINDER;
        nduo += duo;
        if (st.runs[p] != (duo ? per_duo : per)) counts_ok = 0;
    }
    ak_expect(c, bad == 0 && counts_ok,
              "%ld degenerate configurations (%ld for each of the %d pair types without a "
              "duocylinder, %ld for each of the %d with one; "
              "coincident centres, parallel faces and edges, exact touching, nested bodies, size "
              "ratios 1e-4..1e4, half turns; "
              "n = 2..5): %ld broke a rule (status >= 0, finite, unit normals, 0..%d contacts "
              "within the margin)%s%s; %ld contacts",
              total, per, AK_DEGEN_PAIRS - nduo, per_duo, nduo, bad, AK_MAX_CONTACTS,
              bad ? "; first: " : "", st.first, st.contacts);
    ak_measure(c, st.worst_unit, 1e-12,
               "largest | |n| - 1 | over every manifold and contact normal: %.2e", st.worst_unit);
    double sec_duo = 0, sec_other = 0;
    for (int p = 0; p < AK_DEGEN_PAIRS; p++) {
        int duo = st.ta[p] == AK_SHAPE_DUOCYLINDER || st.tb[p] == AK_SHAPE_DUOCYLINDER;
        if (duo)
            sec_duo += st.seconds[p];
        else
            sec_other += st.seconds[p];
    }
    ak_note(c,
            "CPU time (all threads): %.1f s for the %d duocylinder pair types (%.3f ms a "
            "configuration), %.1f s for the other %d",
            sec_duo, nduo,
            per_duo > 0 && nduo > 0 ? 1e3 * sec_duo / ((double)nduo * (double)per_duo) : 0.0,
            sec_other, AK_DEGEN_PAIRS - nduo);
}

static const ak_check CHECKS[] = {
    { "collide.manifold.polytope_equal", "G-CLIP.1 G-CLIP.2 G-CLIP.3 G-CLIP.4 T-Alg16 T-Alg21",
      "convex and hyperbox forms of the same boxes give the same manifold (1e-12), face-to-face "
      "poses n = 2..5",
      check_polytope_equal },
    { "collide.manifold.on_surfaces", "G-CLIP.2 G-CLIP.3",
      "clipping contact points lie on both bodies (ground-truth signed distance)",
      check_polytope_on_surfaces },
    { "collide.manifold.capsule_polytope", "G-CLIP.5",
      "capsule lying on a convex polytope's facet: two clipped contacts", check_capsule_polytope },
    { "collide.polytopes", "G-POLY.1 G-POLY.2 G-POLY.3",
      "regular polytopes: counts, radii, edges, volumes (closed forms), second moments (hull, "
      "Monte Carlo)",
      check_polytopes },
    { "collide.explain_methods", "G-CLIP.1 G-CCD.1 B-7.2",
      "step --explain: polytope clipping, SAT clipping, analytic, CCD named for known pairs",
      check_explain_methods },
    { "collide.degenerate", "T-Alg1 T-Alg11 B-7.2 G-9 G-10 G-CLIP.1",
      "10^5 degenerate configurations per pair type (OpenMP, thread-count independent): finite, "
      "unit normals, no crash",
      check_degenerate },
};

AK_TOPIC(collide_polytopes, CHECKS)
