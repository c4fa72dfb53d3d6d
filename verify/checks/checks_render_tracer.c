// Group "render": the CPU tracer: fast path against plain path, hits against analytic intersections
#include "verify/checks/checks_render_common.h"

// The 27 images of the fast-path checks: every built-in scene with soft shadows, from the
// scene's camera, from a low grazing camera (long marches along the ground, rays going up) and
// with the ground tilted (a plane whose normal is neither unit nor an axis). Image k into *s.
static bool fast_scene(ak_render_scene *s, int k) {
    const char *const *names = ak_render_builtin_names();
    int nn = 0;
    while (names[nn]) nn++;
    if (k >= 3 * nn) return false;
    char err[256];
    int v = k % 3;
    ak_render_builtin(s, names[k / 3], 0.0, err, sizeof err);
    s->shadows = true;
    if (v == 1) {
        double tg[4] = { 0.0, 0.4, 0.0, 0.0 };
        ak_render_camera_orbit(&s->cam, tg, 7.0, 50.0, 2.0, 10.0);
    } else if (v == 2) {
        for (int i = 0; i < s->nobj; i++)
            if (s->obj[i].shape.type == AK_SHAPE_HYPERPLANE) {
                double n[4] = { 0.08, 1.3, -0.05, 0.03 };
                for (int k2 = 0; k2 < 4; k2++) s->obj[i].shape.normal[k2] = n[k2];
                s->obj[i].shape.offset = -0.02;
                break;
            }
    }
    return true;
}

// The CPU tracer's fast path with the exact per-ray lists (ak_render_cpu_exact: compact
// objects, the axis-aligned plane without its dot product, per-ray object lists for primary and
// shadow rays that keep every object that can beat the plane, the shadow early out, the
// encoding table) renders the same bytes as the plain path (ak_render_cpu_plain: every SDF
// through ak_sdf_shape, every object at every step, no early out, pow), on the 27 images above.
static void check_fast_equals_plain(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    int W = ak_quick(c) ? 96 : 192, H = ak_quick(c) ? 54 : 108;
    long differ = 0, total = 0, images = 0;
    ak_render_image a, b;
    if (!ak_render_image_alloc(&a, W, H) || !ak_render_image_alloc(&b, W, H)) {
        ak_expect(c, false, "out of memory");
        return;
    }
    for (int k = 0; fast_scene(s, k); k++) {
        ak_render_cpu_exact(s, &a);
        ak_render_cpu_plain(s, &b);
        for (long i = 0; i < 3L * W * H; i++) differ += a.rgb[i] != b.rgb[i];
        total += 3L * W * H;
        images++;
    }
    ak_render_image_free(&a);
    ak_render_image_free(&b);
    ak_measure(c, (double)differ, 0.0,
               "bytes where the fast CPU tracer (exact lists) differs from the plain one (%ld "
               "images of %dx%d, %ld bytes)",
               images, W, H, total);
}

// ak_render_cpu (the tight per-ray lists of trace.comp, steps clamped at the next listed object:
// the marches sample elsewhere, so the bytes differ at edges and in penumbrae) against the plain
// path by the golden rule (at most GOLD_FRAC of the pixels over GOLD_THRESHOLD, mean at most
// GOLD_MEAN) on every one of the 27 images.
static void check_tight_vs_plain(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    int W = ak_quick(c) ? 96 : 192, H = ak_quick(c) ? 54 : 108;
    double worst_frac = 0, worst_mean = 0;
    int worst_max = 0, images = 0;
    const char *worst_name = "-";
    ak_render_image a, b;
    if (!ak_render_image_alloc(&a, W, H) || !ak_render_image_alloc(&b, W, H)) {
        ak_expect(c, false, "out of memory");
        return;
    }
    for (int k = 0; fast_scene(s, k); k++) {
        ak_render_cpu(s, &a);
        ak_render_cpu_plain(s, &b);
        ak_render_diff st;
        ak_render_image_compare(&st, &b, &a, GOLD_THRESHOLD, NULL);
        if (st.frac_over >= worst_frac) {
            worst_frac = st.frac_over;
            worst_name = ak_render_builtin_names()[k / 3];
        }
        worst_mean = fmax(worst_mean, st.mean_abs);
        if (st.max_abs > worst_max) worst_max = st.max_abs;
        images++;
    }
    ak_render_image_free(&a);
    ak_render_image_free(&b);
    ak_measure(c, worst_frac, GOLD_FRAC,
               "tight lists vs plain path: worst fraction of pixels over %d/255 (%s; %d images of "
               "%dx%d)",
               GOLD_THRESHOLD, worst_name, images, W, H);
    ak_measure(
        c, worst_mean, GOLD_MEAN,
        "tight lists vs plain path: worst mean absolute difference %.5f (8-bit steps), max %d",
        worst_mean, worst_max);
}

// The 120-cell (600 vertices, beyond the renderer's brute-force hull) is drawn from its facet
// planes (the model's: ak_polytope_facet_normals and ak_convex_facets_from_normals, as the
// scene loader makes them). First the planes against the vertices, independently of the
// renderer: every vertex inside every half-space, each facet holding 20 vertices (a
// dodecahedral cell) and each vertex on 4 facets (a tetrahedral vertex figure). Then the CPU
// tracer against a ray clipped by the half-spaces (Cyrus-Beck): clear hits (chord > 0.01) must
// be hit, hits must lie on the polytope grown by 0.01, and the hit distance within the relative
// hit epsilon over |n.v| of the entry facet (|n.v| >= 0.05, as render.tracer.hits_box).
static void check_120cell(ak_check_ctx *c) {
    const ak_polytope_info *info = ak_polytope_find("120-cell");
    if (!info) {
        ak_expect(c, false, "the 120-cell is in ref/geom/polytope");
        return;
    }
    int nv = info->nverts, nf = info->nfacets;
    double *v = malloc(sizeof(double) * 4 * (size_t)nv),
           *nrm = malloc(sizeof(double) * 4 * (size_t)nf);
    double *pl = malloc(sizeof(double) * 5 * (size_t)nf);
    int got = -1;
    if (v && nrm && pl && ak_polytope_vertices("120-cell", 1.0, v, nv) == nv &&
        ak_polytope_facet_normals("120-cell", nrm, nf) == nf)
        got = ak_convex_facets_from_normals(4, pl, nf, v, nv, nrm, nf);
    ak_expect(c, got == nf && nv == 600 && nf == 120,
              "120-cell: %d vertices, %d of %d facet planes", nv, got, nf);
    if (got != nf) {
        free(v), free(nrm), free(pl);
        return;
    }
    long outside = 0, bad_facet = 0, bad_vertex = 0;
    int *per_vertex = calloc((size_t)nv, sizeof(int));
    for (int f = 0; f < nf; f++) {
        int on = 0;
        for (int k = 0; k < nv; k++) {
            double d = -pl[5 * f + 4];
            for (int i = 0; i < 4; i++) d += pl[5 * f + i] * v[4 * k + i];
            outside += d > 1e-12;
            if (fabs(d) <= 1e-12) on++, per_vertex[k]++;
        }
        bad_facet += on != 20;
    }
    for (int k = 0; k < nv; k++) bad_vertex += per_vertex[k] != 4;
    free(per_vertex);
    ak_measure(c, (double)(outside + bad_facet + bad_vertex), 0.0,
               "facet planes vs vertices: %ld vertex-outside cases, %ld facets without 20 "
               "vertices, %ld vertices not on 4 facets",
               outside, bad_facet, bad_vertex);
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    char err[256];
    ak_render_scene_init(s);
    s->nobj = 0;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    ak_pose pose;
    render_random_pose(r, &pose, 0.5);
    ak_shape sh = {
        .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v, .nfacets = nf, .facets = pl
    };
    double col[3] = { 0.5, 0.5, 0.5 };
    int idx = ak_render_scene_add(s, &sh, &pose, col, err, sizeof err);
    ak_expect(c, idx >= 0, "the render scene takes the 120-cell from its facet planes: %s",
              idx >= 0 ? "added" : err);
    if (idx < 0) {
        gsl_rng_free(r);
        free(v), free(nrm), free(pl);
        return;
    }
    // world-frame half-spaces: n_w = R n, o_w = o + n_w . pos
    double *wn = malloc(sizeof(double) * 4 * (size_t)nf), *wo = malloc(sizeof(double) * (size_t)nf);
    for (int f = 0; f < nf && wn && wo; f++) {
        wo[f] = pl[5 * f + 4];
        for (int i = 0; i < 4; i++) {
            wn[4 * f + i] = 0;
            for (int j = 0; j < 4; j++) wn[4 * f + i] += pose.rot[i * 4 + j] * pl[5 * f + j];
            wo[f] += wn[4 * f + i] * pose.pos[i];
        }
    }
    long n = ak_samples(c, 2000, 200), missed = 0, stray = 0, clear = 0, measured = 0;
    double worst = 0;
    for (long q = 0; q < n && wn && wo; q++) {
        double o[4], aim[4], d[4], len = 0;
        for (int i = 0; i < 4; i++)
            o[i] = pose.pos[i] + render_urand(r, -3, 3),
            aim[i] = pose.pos[i] + render_urand(r, -1.1, 1.1);
        for (int i = 0; i < 4; i++) d[i] = aim[i] - o[i], len += d[i] * d[i];
        len = sqrt(len);
        for (int i = 0; i < 4; i++) d[i] /= len;
        // Cyrus-Beck, for the polytope (grow 0) and grown by 0.01
        double te[2] = { -INFINITY, -INFINITY }, tx[2] = { INFINITY, INFINITY }, nd_in = 0;
        for (int g = 0; g < 2; g++)
            for (int f = 0; f < nf; f++) {
                double den = 0, num = wo[f] + (g ? 0.01 : 0.0);
                for (int i = 0; i < 4; i++)
                    den += wn[4 * f + i] * d[i], num -= wn[4 * f + i] * o[i];
                if (den == 0.0) {
                    if (num < 0) te[g] = INFINITY;
                } else if (den < 0) {
                    if (num / den > te[g]) {
                        te[g] = num / den;
                        if (!g) nd_in = -den;
                    }
                } else if (num / den < tx[g]) {
                    tx[g] = num / den;
                }
            }
        double t;
        int obj;
        bool hit = ak_render_trace(s, o, d, &t, &obj, NULL);
        bool inside0 = te[0] <= 0 && tx[0] >= 0;
        if (inside0) continue; // the origin inside: not this check's case
        bool clear_hit = te[0] > 0 && tx[0] - te[0] > 0.01;
        clear += clear_hit;
        if (clear_hit && !hit) missed++;
        if (hit && !(te[1] <= t && t <= tx[1])) stray++;
        if (hit && clear_hit && nd_in >= 0.05) {
            worst = fmax(worst, fabs(t - te[0]) / (AK_RT_HIT_EPS * fmax(t, 1.0) / nd_in));
            measured++;
        }
    }
    ak_measure(c, (double)(missed + stray), 0.0,
               "120-cell rays (%ld, %ld clear hits): clear hits missed by the tracer %ld, tracer "
               "hits off the polytope grown by 0.01 %ld",
               n, clear, missed, stray);
    ak_measure(c, worst, 1.0,
               "120-cell: max |hit - Cyrus-Beck entry| / (eps max(t,1) / |n.v|) over %ld hits",
               measured);
    ak_expect(c, measured > n / 10, "enough measured hits (%ld of %ld rays)", measured, n);
    gsl_rng_free(r);
    free(wn), free(wo);
    free(v), free(nrm), free(pl);
}

// ---- tracer hits against analytic intersections --------------------------------------

static bool ray_sphere(const double o[4], const double v[4], const double cen[4], double r,
                       double *t, double *miss) {
    double oc[4], b = 0, cc = 0;
    for (int i = 0; i < 4; i++) oc[i] = o[i] - cen[i], b += oc[i] * v[i], cc += oc[i] * oc[i];
    double disc = b * b - (cc - r * r);
    double dline = sqrt(fmax(cc - b * b, 0.0));
    *miss = dline - r;
    if (disc < 0) return false;
    double t0 = -b - sqrt(disc);
    if (t0 < 0) return false;
    *t = t0;
    return true;
}

// Slab test in the box's body frame.
static bool ray_box(const double o[4], const double v[4], const ak_pose *pose, const double h[4],
                    double *t, double *margin) {
    double ob[4], vb[4];
    render_to_body(ob, pose, o);
    for (int j = 0; j < 4; j++) {
        vb[j] = 0;
        for (int i = 0; i < 4; i++) vb[j] += pose->rot[i * 4 + j] * v[i];
    }
    double tn = -INFINITY, tf = INFINITY;
    for (int i = 0; i < 4; i++) {
        if (fabs(vb[i]) < 1e-300) {
            if (fabs(ob[i]) > h[i]) {
                *margin = -1;
                return false;
            }
            continue;
        }
        double t1 = (-h[i] - ob[i]) / vb[i], t2 = (h[i] - ob[i]) / vb[i];
        tn = fmax(tn, fmin(t1, t2));
        tf = fmin(tf, fmax(t1, t2));
    }
    *margin = tf - tn;
    if (tn > tf || tn < 0) return false;
    *t = tn;
    return true;
}

// min over t >= 0 of the analytic signed distance along the ray (convex in t: ternary search).
static double closest_approach(const ak_shape *sh, const ak_pose *pose, const double o[4],
                               const double v[4]) {
    double lo = 0, hi = 12;
    for (int it = 0; it < 200; it++) {
        double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3, x1[4], x2[4], p1[4], p2[4];
        for (int i = 0; i < 4; i++) x1[i] = o[i] + m1 * v[i], x2[i] = o[i] + m2 * v[i];
        render_to_body(p1, pose, x1);
        render_to_body(p2, pose, x2);
        if (render_truth_analytic(sh, p1, NULL, 0) < render_truth_analytic(sh, p2, NULL, 0))
            hi = m2;
        else
            lo = m1;
    }
    double x[4], p[4];
    for (int i = 0; i < 4; i++) x[i] = o[i] + lo * v[i];
    render_to_body(p, pose, x);
    return render_truth_analytic(sh, p, NULL, 0);
}

static void hit_check(ak_check_ctx *c, int box) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, box ? 11 : 5);
    long n = ak_samples(c, 10000, 1000);
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    long agree = 0, excluded = 0, grazing = 0, hits = 0;
    double worst = 0, worst_graze = 0;
    for (long k = 0; k < n; k++) {
        ak_render_scene_init(s);
        ak_pose pose;
        render_random_pose(r, &pose, 1.0);
        ak_shape sh;
        double hext[4] = { render_urand(r, 0.2, 1), render_urand(r, 0.2, 1),
                           render_urand(r, 0.2, 1), render_urand(r, 0.2, 1) };
        double rad = render_urand(r, 0.3, 1.2);
        if (box)
            sh = (ak_shape){ .type = AK_SHAPE_HYPERBOX,
                             .dim = 4,
                             .half_extents = { hext[0], hext[1], hext[2], hext[3] } };
        else
            sh = (ak_shape){ .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = rad };
        double col3[3] = { 1, 1, 1 };
        char err[128];
        ak_render_scene_add(s, &sh, &pose, col3, err, sizeof err);
        // origin on a sphere of radius 6 about the shape, aimed at a random point near it
        double o[4], aim[4], v[4];
        double u[4];
        for (int i = 0; i < 4; i++) u[i] = render_urand(r, -1, 1);
        double lu = render_norm4(u);
        for (int i = 0; i < 4; i++)
            o[i] = pose.pos[i] + 6 * u[i] / lu, aim[i] = pose.pos[i] + render_urand(r, -1.3, 1.3);
        double lv = 0;
        for (int i = 0; i < 4; i++) v[i] = aim[i] - o[i], lv += v[i] * v[i];
        for (int i = 0; i < 4; i++) v[i] /= sqrt(lv);
        double ta = 0, margin;
        bool ha = box ? ray_box(o, v, &pose, hext, &ta, &margin)
                      : ray_sphere(o, v, pose.pos, rad, &ta, &margin);
        margin = closest_approach(&sh, &pose, o, v);
        if (fabs(margin) < GRAZING_MARGIN) {
            excluded++;
            continue;
        }
        double t;
        int obj, steps;
        bool ht = ak_render_trace(s, o, v, &t, &obj, &steps);
        if (ht == ha) agree++;
        if (!(ht && ha)) continue;
        hits++;
        // incidence: analytic normal . v
        double p[4], nrm[4];
        for (int i = 0; i < 4; i++) p[i] = o[i] + ta * v[i];
        ak_render_normal(s, p, nrm);
        double cosi = 0;
        for (int i = 0; i < 4; i++) cosi += nrm[i] * v[i];
        if (fabs(cosi) < GRAZING_SLOPE) {
            // no Newton refinement: the hit test alone bounds the error by eps max(t,1) / |n.v|
            grazing++;
            worst_graze =
                fmax(worst_graze, fabs(t - ta) / (AK_RT_HIT_EPS * fmax(ta, 1.0) / fabs(cosi)));
            continue;
        }
        worst = fmax(worst, fabs(t - ta));
    }
    gsl_rng_free(r);
    long considered = n - excluded;
    ak_measure(c, (double)(considered - agree), 0.0,
               "%s: rays where tracer and analytic test disagree on hit/miss (of %ld; %ld whose "
               "closest approach is within %g set apart)",
               box ? "ray-hyperbox slab test" : "ray-hypersphere", considered, excluded,
               GRAZING_MARGIN);
    ak_measure(c, worst, TOL_HIT,
               "%s: max |hit - analytic| along the ray over %ld hits (|n.v| >= %g)",
               box ? "hyperbox" : "hypersphere", hits - grazing, GRAZING_SLOPE);
    ak_value(c, "grazing_hits", grazing);
    ak_value(c, "grazing_max_error_ratio", worst_graze);
    ak_measure(
        c, worst_graze, 1.0,
        "grazing hits (|n.v| < %g, %ld rays, no refinement): max error / (eps max(t,1) / |n.v|)",
        GRAZING_SLOPE, grazing);
}

static void check_hits_sphere(ak_check_ctx *c) { hit_check(c, 0); }
static void check_hits_box(ak_check_ctx *c) { hit_check(c, 1); }

// Soft shadows (T-6.2.2): the tracer's factor is min over its march samples of k d(t)/t,
// clamped to [0, 1]. Against a dense evaluation of that function along the same ray (10^4 t
// values, no marching) for a unit-radius hypersphere occluder: the marched value can only be
// larger (it sees fewer samples); a ray through the occluder gives 0; a ray that clears it by
// more than t/k everywhere gives 1.
static void check_soft_shadow(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    ak_render_scene_init(s);
    ak_shape sp = { .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1.0 };
    ak_pose id = ak_pose_identity(4);
    double col3[3] = { 1, 1, 1 };
    char err[128];
    ak_render_scene_add(s, &sp, &id, col3, err, sizeof err);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000), nblocked = 0, blocked_bad = 0, nclear = 0, clear_bad = 0;
    double below = 0, above = 0;
    for (long k = 0; k < n; k++) {
        double p[4], l[4], lp = 0, ll = 0;
        for (int i = 0; i < 4; i++) p[i] = render_urand(r, -1, 1), l[i] = render_urand(r, -1, 1);
        for (int i = 0; i < 4; i++) lp += p[i] * p[i], ll += l[i] * l[i];
        double rad = render_urand(r, 1.05, 3.0);
        for (int i = 0; i < 4; i++) p[i] *= rad / sqrt(lp), l[i] /= sqrt(ll);
        double res = ak_render_soft_shadow(s, p, l);
        // dense reference over the tracer's t range
        double dense = 1.0, tmax = AK_RT_SHADOW_MAX_DIST;
        for (int q = 0; q <= 10000; q++) {
            double t = AK_RT_SHADOW_TMIN + (tmax - AK_RT_SHADOW_TMIN) * q / 10000.0, x[4];
            for (int i = 0; i < 4; i++) x[i] = p[i] + t * l[i];
            dense = fmin(dense, AK_RT_SHADOW_K * (render_norm4(x) - 1.0) / t);
        }
        dense = fmin(fmax(dense, 0.0), 1.0);
        below = fmax(below, dense - res); // the march must not go below the dense value...
        above = fmax(above, res - dense); // ...and how far above it stays is the sampling error
        // analytic classification of the ray against the sphere
        double b = 0;
        for (int i = 0; i < 4; i++) b += p[i] * l[i];
        double dmin2 = rad * rad - b * b;  // squared distance from the centre to the line
        if (b < 0 && dmin2 < 1.0 - 0.05) { // passes through the sphere ahead, chord >= 2 sqrt(0.05)
            nblocked++;
            if (res > 1e-3) blocked_bad++;
        }
        if (dense >= 1.0) { // clear: k (|x(t)| - 1) / t >= 1 at every dense t
            nclear++;
            if (res < 1.0) clear_bad++;
        }
    }
    gsl_rng_free(r);
    ak_measure(
        c, fmax(below, 0.0), TOL_SHADOW_DENSE,
        "soft shadow not darker than the dense k d/t minimum (max dense - marched over %ld rays)",
        n);
    ak_measure(c, (double)blocked_bad, 0.0,
               "rays through the occluder (%ld) with a shadow factor above 1e-3", nblocked);
    ak_measure(c, (double)clear_bad, 0.0,
               "rays clear by more than t/k everywhere (%ld) with a factor below 1", nclear);
    ak_value(c, "max_marched_minus_dense", above);
    ak_note(
        c,
        "the marched penumbra is lighter than the dense minimum by up to %.3f (it samples fewer t)",
        above);
}

static const ak_check CHECKS[] = {
    { "render.tracer.hits_sphere", "T-Alg14 T-6.1cam",
      "CPU tracer hits vs analytic ray-hypersphere, 10^4 random rays", check_hits_sphere },
    { "render.tracer.hits_box", "T-Alg14",
      "CPU tracer hits vs analytic ray-hyperbox slab test, 10^4 random rays", check_hits_box },
    { "render.tracer.fast_equals_plain", "T-Alg14 T-6.2.2 T-E.union",
      "CPU tracer fast path (exact lists) vs plain path, byte for byte: built-in scenes, grazing "
      "camera, tilted "
      "ground",
      check_fast_equals_plain },
    { "render.tracer.tight_vs_plain", "T-Alg14 T-6.2.2 T-E.union",
      "CPU tracer with the tight per-ray lists (steps clamped at the next listed object) vs the "
      "plain path by the golden rule: built-in scenes, grazing camera, tilted ground",
      check_tight_vs_plain },
    { "render.tracer.hits_120cell", "T-Alg14",
      "120-cell (600 vertices) from its facet planes: planes vs vertices, tracer hits vs "
      "Cyrus-Beck clipping",
      check_120cell },
    { "render.tracer.soft_shadow", "T-6.2.2",
      "soft-shadow factor vs a dense evaluation of k d/t and the analytic ray-sphere test",
      check_soft_shadow },
};

AK_TOPIC(render_tracer, CHECKS)
