// Group "render": SDFs against two ground truths: analytic projections and GSL multimin over the solid
#include "verify/checks/checks_render_common.h"

// ---- ground truth 2: GSL multimin over a parametrisation of the solid ------------------

typedef struct mm_ctx {
    const ak_shape *s;
    const double *p;
    const double *verts;
    int nv;
} mm_ctx;

// Points of the solid from unconstrained parameters theta (smooth, onto).
static void mm_point(const mm_ctx *m, const double *th, double q[4]) {
    const ak_shape *s = m->s;
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE: {
            double l = sqrt(th[0] * th[0] + th[1] * th[1] + th[2] * th[2] + th[3] * th[3]) + 1e-300;
            double rr = s->radius * sin(l);
            for (int i = 0; i < 4; i++) q[i] = rr * th[i] / l;
            break;
        }
        case AK_SHAPE_HYPERCAPSULE: {
            double l = sqrt(th[0] * th[0] + th[1] * th[1] + th[2] * th[2] + th[3] * th[3]) + 1e-300;
            double rr = s->radius * sin(l);
            for (int i = 0; i < 4; i++) q[i] = rr * th[i] / l;
            q[1] += s->half_length * sin(th[4]);
            break;
        }
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < 4; i++) q[i] = s->half_extents[i] * sin(th[i]);
            break;
        case AK_SHAPE_DUOCYLINDER: {
            double l1 = hypot(th[0], th[1]) + 1e-300, l2 = hypot(th[2], th[3]) + 1e-300;
            double a = s->radii[0] * sin(l1), b = s->radii[1] * sin(l2);
            q[0] = a * th[0] / l1, q[1] = a * th[1] / l1, q[2] = b * th[2] / l2,
            q[3] = b * th[3] / l2;
            break;
        }
        case AK_SHAPE_CONVEX: {
            double w[128], mx = -INFINITY, sum = 0;
            for (int i = 0; i < m->nv; i++) mx = fmax(mx, th[i]);
            for (int i = 0; i < m->nv; i++) sum += (w[i] = exp(th[i] - mx));
            for (int k = 0; k < 4; k++) q[k] = 0;
            for (int i = 0; i < m->nv; i++)
                for (int k = 0; k < 4; k++) q[k] += w[i] / sum * m->verts[4 * i + k];
            break;
        }
        default: break;
    }
}

static double mm_f(const gsl_vector *x, void *params) {
    const mm_ctx *m = params;
    double q[4];
    mm_point(m, x->data, q);
    double s = 0;
    for (int i = 0; i < 4; i++) s += (m->p[i] - q[i]) * (m->p[i] - q[i]);
    return s;
}

// Exterior distance by Nelder-Mead from several starts. Returns NAN when GSL fails.
static double truth_multimin(const ak_shape *s, const double p[4], const double *verts, int nv,
                             gsl_rng *r) {
    mm_ctx m = { s, p, verts, nv };
    size_t dim = s->type == AK_SHAPE_HYPERCAPSULE ? 5 : s->type == AK_SHAPE_CONVEX ? (size_t)nv : 4;
    gsl_multimin_function f = { mm_f, dim, &m };
    const gsl_multimin_fminimizer_type *T = gsl_multimin_fminimizer_nmsimplex2;
    gsl_multimin_fminimizer *mn = gsl_multimin_fminimizer_alloc(T, dim);
    gsl_vector *x = gsl_vector_alloc(dim), *step = gsl_vector_alloc(dim);
    double best = INFINITY;
    for (int start = 0; start < 2; start++) {
        for (size_t i = 0; i < dim; i++) gsl_vector_set(x, i, render_urand(r, -1.0, 1.0));
        // start from the radial direction of p where that makes sense
        if (s->type != AK_SHAPE_CONVEX && start == 0)
            for (size_t i = 0; i < 4; i++) gsl_vector_set(x, i, p[i]);
        // Nelder-Mead with two restarts from its own result (a collapsed simplex in a flat
        // direction of the parametrisation otherwise stops early).
        for (int restart = 0; restart < 2; restart++) {
            gsl_vector_set_all(step, restart ? 0.05 : 0.3);
            if (gsl_multimin_fminimizer_set(mn, &f, x, step) != GSL_SUCCESS) break;
            for (int it = 0; it < 2500; it++) {
                int st = gsl_multimin_fminimizer_iterate(mn);
                if (st) break;
                if (gsl_multimin_test_size(gsl_multimin_fminimizer_size(mn), 1e-11) == GSL_SUCCESS)
                    break;
            }
            gsl_vector_memcpy(x, mn->x);
            best = fmin(best, mn->fval);
        }
    }
    gsl_vector_free(x);
    gsl_vector_free(step);
    gsl_multimin_fminimizer_free(mn);
    return sqrt(best);
}

typedef struct shape_case {
    const char *name;
    ak_shape shape;
    ak_mesh_polytope poly; // for convex
} shape_case;

static void sdf_shape_check(ak_check_ctx *c, const shape_case *sc) {
    gsl_set_error_handler_off();
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 7 + (unsigned long)sc->shape.type);
    long n = ak_samples(c, 10000, 1000), nmm = ak_samples(c, 300, 30);
    double worst = 0, worst_mm = 0, worst_in = 0, worst_geom = 0;
    long n_in = 0, n_out = 0, mm_fail = 0, geom_fail = 0;
    for (long k = 0; k < n; k++) {
        ak_pose pose;
        render_random_pose(r, &pose, 1.0);
        double x[4];
        for (int i = 0; i < 4; i++) x[i] = pose.pos[i] + render_urand(r, -1.3, 1.3);
        double d = ak_sdf_shape(&sc->shape, &pose, x, 0, NULL, NULL);
        double p[4];
        render_to_body(p, &pose, x);
        double t = render_truth_analytic(&sc->shape, p, NULL, 0);
        double e = fabs(d - t);
        if (t < 0)
            n_in++, worst_in = fmax(worst_in, e);
        else
            n_out++;
        worst = fmax(worst, e);
        double q[4], nrm[4], dc;
        if (ak_geom_closest_point(4, q, nrm, &dc, &sc->shape, &pose, x) == 0)
            worst_geom = fmax(worst_geom, fabs(d - dc));
        else
            geom_fail++;
        if (k < nmm && t > 0.05) {
            double tm = truth_multimin(&sc->shape, p, NULL, 0, r);
            if (isnan(tm))
                mm_fail++;
            else
                worst_mm = fmax(worst_mm, fabs(d - tm));
        }
    }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_SDF_ANALYTIC,
               "%s: max |sdf - analytic signed distance| over %ld points (%ld inside)", sc->name, n,
               n_in);
    ak_measure(c, worst_mm, TOL_SDF_MULTIMIN,
               "%s: max |sdf - GSL multimin distance| over outside points", sc->name);
    ak_measure(c, worst_geom, TOL_SDF_COLLIDE,
               "%s: max |sdf - collision module's closest-point distance| (ak_geom_closest_point), "
               "%ld points",
               sc->name, n);
    ak_expect(c, geom_fail == 0, "%s: ak_geom_closest_point answered every query", sc->name);
    ak_value(c, "max_err_collide", worst_geom);
    ak_expect(c, mm_fail == 0, "%s: GSL multimin converged on every sample", sc->name);
    ak_expect(c, n_in > 0 && n_out > 0, "%s: samples inside (%ld) and outside (%ld)", sc->name,
              n_in, n_out);
    ak_value(c, "max_err_inside", worst_in);
    ak_value(c, "max_err_analytic", worst);
    ak_value(c, "max_err_multimin", worst_mm);
}

static void check_sdf_sphere(ak_check_ctx *c) {
    shape_case sc = { "hypersphere r=0.8",
                      { .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 0.8 },
                      0 };
    sdf_shape_check(c, &sc);
}
static void check_sdf_capsule(ak_check_ctx *c) {
    shape_case sc = {
        "hypercapsule r=0.4 h=0.7",
        { .type = AK_SHAPE_HYPERCAPSULE, .dim = 4, .radius = 0.4, .half_length = 0.7 },
        0
    };
    sdf_shape_check(c, &sc);
}
static void check_sdf_box(ak_check_ctx *c) {
    shape_case sc = {
        "hyperbox (0.3,0.5,0.7,0.9)",
        { .type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = { 0.3, 0.5, 0.7, 0.9 } },
        0
    };
    sdf_shape_check(c, &sc);
}
static void check_sdf_duocylinder(ak_check_ctx *c) {
    shape_case sc = { "duocylinder (0.8, 0.5)",
                      { .type = AK_SHAPE_DUOCYLINDER, .dim = 4, .radii = { 0.8, 0.5 } },
                      0 };
    sdf_shape_check(c, &sc);
}

// Hyperplane: signed distance against the foot of the perpendicular, computed as the
// projection x - ((n.x - o)/|n|^2) n (any non-zero normal), in n = 2..5.
static void check_sdf_plane(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000);
    double worst = 0;
    for (int dim = 2; dim <= AK_MAX_DIM; dim++)
        for (long k = 0; k < n; k++) {
            double nrm[AK_MAX_DIM], x[AK_MAX_DIM], nn = 0, s = 0;
            for (int i = 0; i < dim; i++)
                nrm[i] = render_urand(r, -2, 2), x[i] = render_urand(r, -3, 3),
                nn += nrm[i] * nrm[i];
            double off = render_urand(r, -1, 1);
            for (int i = 0; i < dim; i++) s += nrm[i] * x[i];
            double lam = (s - off) / nn, foot2 = 0;
            for (int i = 0; i < dim; i++) foot2 += lam * nrm[i] * lam * nrm[i];
            double truth = (s > off ? 1 : -1) * sqrt(foot2);
            worst = fmax(worst, fabs(ak_sdf_hyperplane(dim, x, nrm, off) - truth));
        }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_SDF_ANALYTIC,
               "max |sdf - distance to the foot point|, %ld points per n = 2..5, non-unit normals",
               n);
}

// The n-D forms (n = 2, 3, 5) of sphere, capsule and box against the analytic projections.
static void check_sdf_nd(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000);
    double worst = 0;
    for (int dim = 2; dim <= AK_MAX_DIM; dim++)
        for (long k = 0; k < n; k++) {
            double p[AK_MAX_DIM], h[AK_MAX_DIM], q[AK_MAX_DIM];
            for (int i = 0; i < dim; i++)
                p[i] = render_urand(r, -2, 2), h[i] = render_urand(r, 0.2, 1.0);
            // box: clamp projection / nearest facet
            int inside = 1;
            double d2 = 0, m = INFINITY;
            for (int i = 0; i < dim; i++) {
                q[i] = fmin(fmax(p[i], -h[i]), h[i]);
                if (q[i] != p[i]) inside = 0;
                d2 += (p[i] - q[i]) * (p[i] - q[i]);
                m = fmin(m, h[i] - fabs(p[i]));
            }
            double tb = inside ? -m : sqrt(d2);
            worst = fmax(worst, fabs(ak_sdf_hyperbox(dim, p, h) - tb));
            // capsule along e_1 (radius h0, half length h1)
            double t = fmin(fmax(p[1], -h[1]), h[1]), e2 = 0;
            for (int i = 0; i < dim; i++) e2 += (i == 1 ? (p[i] - t) * (p[i] - t) : p[i] * p[i]);
            worst = fmax(worst, fabs(ak_sdf_hypercapsule(dim, p, h[0], h[1]) - (sqrt(e2) - h[0])));
            double l2 = 0;
            for (int i = 0; i < dim; i++) l2 += p[i] * p[i];
            worst = fmax(worst, fabs(ak_sdf_hypersphere(dim, p, h[0]) - (sqrt(l2) - h[0])));
        }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_SDF_ANALYTIC,
               "max error of the n-D sphere, capsule and box SDFs, n = 2..5, %ld points each", n);
}

// Convex polytope (half-space form): exact inside (a hyperbox given as a polytope against the
// box's analytic distance), a lower bound outside (against GSL multimin over the hull).
static void check_sdf_convex(ak_check_ctx *c) {
    gsl_set_error_handler_off();
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000), nmm = ak_samples(c, 60, 8);
    // 1. tesseract as a polytope
    double v[120 * 4], N[1024 * 4], O[1024];
    int nv = ak_mesh_polytope_vertices(v, 120, AK_POLYTOPE_8CELL);
    int nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
    ak_expect(c, nf == 8, "tesseract hull has 8 facets (got %d)", nf);
    ak_shape box = { .type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = { 0.5, 0.5, 0.5, 0.5 } };
    double worst_in = 0, worst_bound_violation = 0, worst_facet = 0;
    long nin = 0;
    for (long k = 0; k < n; k++) {
        double p[4];
        for (int i = 0; i < 4; i++) p[i] = render_urand(r, -1.2, 1.2);
        double d = ak_sdf_halfspaces(4, p, nf, N, O), t = render_truth_analytic(&box, p, NULL, 0);
        if (t <= 0)
            nin++, worst_in = fmax(worst_in, fabs(d - t));
        else
            worst_bound_violation = fmax(worst_bound_violation, d - t);
        // where only one coordinate is outside, the closest point is in a facet: exact
        int nout = 0;
        for (int i = 0; i < 4; i++) nout += fabs(p[i]) > 0.5;
        if (nout == 1) worst_facet = fmax(worst_facet, fabs(d - t));
    }
    ak_measure(c, worst_in, TOL_SDF_ANALYTIC,
               "tesseract polytope: max |sdf - exact| inside (%ld points)", nin);
    ak_measure(c, worst_facet, TOL_SDF_ANALYTIC,
               "tesseract polytope: max |sdf - exact| where the closest point is in a facet");
    ak_measure(c, fmax(worst_bound_violation, 0), TOL_ROUNDOFF,
               "tesseract polytope: max(sdf - exact) outside (bound: <= 0)");
    // 2. 5-cell, 16-cell and 24-cell: outside lower bound against multimin over convex weights
    ak_mesh_polytope kinds[3] = { AK_POLYTOPE_5CELL, AK_POLYTOPE_16CELL, AK_POLYTOPE_24CELL };
    double viol = 0, fails = 0, max_gap = 0;
    for (int q = 0; q < 3; q++) {
        nv = ak_mesh_polytope_vertices(v, 120, kinds[q]);
        nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
        ak_shape cv = { .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v };
        for (long k = 0; k < nmm; k++) {
            double p[4];
            for (int i = 0; i < 4; i++) p[i] = render_urand(r, -1.8, 1.8);
            double d = ak_sdf_halfspaces(4, p, nf, N, O);
            if (d <= 0.05) continue;
            double t = truth_multimin(&cv, p, v, nv, r);
            if (isnan(t))
                fails++;
            else
                viol = fmax(viol, d - t), max_gap = fmax(max_gap, t - d);
        }
    }
    // 3. 5-cell, 16-cell, 24-cell against the collision module's point query (GJK / EPA) on
    //    10^4 points each: equal inside, never above outside.
    double worst_in_c = 0, viol_c = 0;
    long nin_c = 0, cfail = 0;
    for (int q = 0; q < 3; q++) {
        nv = ak_mesh_polytope_vertices(v, 120, kinds[q]);
        nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
        ak_shape cv = { .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v };
        ak_pose id = ak_pose_identity(4);
        for (long k = 0; k < n; k++) {
            double p[4], cp[4], nrm[4], dc;
            for (int i = 0; i < 4; i++) p[i] = render_urand(r, -1.5, 1.5);
            double d = ak_sdf_halfspaces(4, p, nf, N, O);
            if (ak_collide_point(4, cp, nrm, &dc, &cv, &id, p) != 0) {
                cfail++;
                continue;
            }
            if (dc <= 0)
                nin_c++, worst_in_c = fmax(worst_in_c, fabs(d - dc));
            else
                viol_c = fmax(viol_c, d - dc);
        }
    }
    gsl_rng_free(r);
    ak_measure(c, worst_in_c, TOL_SDF_COLLIDE,
               "5-, 16-, 24-cell: max |sdf - ak_collide_point| inside (%ld points)", nin_c);
    ak_measure(
        c, fmax(viol_c, 0), TOL_SDF_COLLIDE,
        "5-, 16-, 24-cell: max(sdf - ak_collide_point) outside (bound: <= 0), 3 x %ld points", n);
    ak_expect(c, cfail == 0, "ak_collide_point answered every query (%ld failures)", cfail);
    ak_measure(c, fmax(viol, 0), TOL_SDF_MULTIMIN,
               "5-, 16-, 24-cell: max(sdf - multimin distance) outside (bound: <= 0)");
    ak_expect(c, fails == 0, "GSL multimin converged on every polytope sample");
    ak_value(c, "max_bound_gap_outside", max_gap);
    ak_note(c,
            "outside, the half-space SDF undershoots by up to %.3g (edges and vertices): a bound, "
            "safe for sphere tracing",
            max_gap);
}

// Union: exact outside both, a bound inside. Two overlapping hyperspheres, whose union's
// interior distance is known: radial projection onto the own sphere when that point is not
// inside the other sphere, else the distance to the intersection ring.
static void check_sdf_union(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000);
    const double R = 1.0, a = 0.5; // centres at (-a,0,0,0) and (a,0,0,0)
    const double ring = sqrt(R * R - a * a);
    double worst_out = 0, viol_in = 0, gap_in = 0;
    long nin = 0;
    for (long k = 0; k < n; k++) {
        double p[4];
        for (int i = 0; i < 4; i++) p[i] = render_urand(r, -2, 2);
        double p1[4] = { p[0] + a, p[1], p[2], p[3] }, p2[4] = { p[0] - a, p[1], p[2], p[3] };
        double d = ak_sdf_union(ak_sdf_hypersphere(4, p1, R), ak_sdf_hypersphere(4, p2, R));
        double l1 = render_norm4(p1), l2 = render_norm4(p2),
               perp = sqrt(p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
        double ringd = sqrt(p[0] * p[0] + (perp - ring) * (perp - ring));
        if (l1 > R && l2 > R) {
            // outside: closest point of the union is the closer sphere's radial projection
            worst_out = fmax(worst_out, fabs(d - fmin(l1 - R, l2 - R)));
            continue;
        }
        nin++;
        double best = ringd;
        // own-sphere radial projections that are not inside the other sphere
        for (int s = 0; s < 2; s++) {
            const double *ps = s ? p2 : p1;
            double l = s ? l2 : l1, cx = s ? a : -a;
            if (l < 1e-12) continue;
            double q[4] = { cx + R * ps[0] / l, R * ps[1] / l, R * ps[2] / l, R * ps[3] / l };
            double qo[4] = { q[0] - (s ? -a : a), q[1], q[2], q[3] };
            if (render_norm4(qo) >= R) best = fmin(best, fabs(R - l));
        }
        double truth = -best;
        viol_in = fmax(viol_in, truth - d); // bound: d >= truth (|d| <= |truth|)
        gap_in = fmax(gap_in, d - truth);
    }
    gsl_rng_free(r);
    ak_measure(c, worst_out, TOL_SDF_ANALYTIC,
               "union of two hyperspheres: max |min(d1,d2) - exact| outside");
    ak_measure(c, fmax(viol_in, 0), TOL_SDF_ANALYTIC,
               "inside (%ld points): max(exact - min(d1,d2)) (bound: <= 0)", nin);
    ak_value(c, "max_gap_inside", gap_in);
    ak_note(
        c,
        "inside the union min(d1,d2) underestimates the depth by up to %.3g: a bound, not exact "
        "(at the origin: min = -0.5, exact = -%.4f)",
        gap_in, ring);
}

// The renderer's scene SDF (with bounding-ball culling) equals the plain union of the shapes'
// SDFs, bit for bit, on every built-in scene.
static void check_scene_sdf(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    char err[256];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000), differ = 0, total = 0, wrong_obj = 0;
    for (const char *const *nm = ak_render_builtin_names(); *nm; nm++) {
        ak_render_builtin(s, *nm, 0.0, err, sizeof err);
        for (long k = 0; k < n; k++) {
            double x[4] = { render_urand(r, -4, 4), render_urand(r, -1, 5), render_urand(r, -4, 4),
                            render_urand(r, -2, 2) };
            int obj;
            double d = ak_render_scene_sdf(s, x, &obj), best = INFINITY;
            int bi = -1;
            for (int i = 0; i < s->nobj; i++) {
                const ak_render_object *o = &s->obj[i];
                double di = ak_sdf_union(best, ak_sdf_shape(&o->shape, &o->pose, x, o->nplanes,
                                                            s->plane_n + 4 * o->plane_first,
                                                            s->plane_o + o->plane_first));
                if (di < best) best = di, bi = i;
            }
            differ += d != best;
            wrong_obj += obj != bi;
            total++;
        }
    }
    gsl_rng_free(r);
    ak_measure(c, (double)differ, 0.0,
               "points where the culled scene SDF differs from the plain union (of %ld, all "
               "built-in scenes)",
               total);
    ak_measure(c, (double)wrong_obj, 0.0, "points where it names another nearest object");
}

static const ak_check CHECKS[] = {
    { "render.sdf.hypersphere", "T-E.sphere",
      "hypersphere SDF vs analytic projection and GSL multimin, 10^4 random points and poses",
      check_sdf_sphere },
    { "render.sdf.hypercapsule", "T-E.capsule",
      "hypercapsule SDF vs segment projection and GSL multimin", check_sdf_capsule },
    { "render.sdf.hyperbox", "T-E.box",
      "hyperbox SDF vs clamp projection / nearest facet and GSL multimin", check_sdf_box },
    { "render.sdf.duocylinder", "", "duocylinder SDF vs per-disk projection and GSL multimin",
      check_sdf_duocylinder },
    { "render.sdf.hyperplane", "T-E.plane T-3.9",
      "half-space SDF vs foot of the perpendicular, n = 2..5", check_sdf_plane },
    { "render.sdf.nd", "T-E.sphere T-E.capsule T-E.box",
      "n-D SDFs (n = 2..5) vs analytic projections", check_sdf_nd },
    { "render.sdf.convex", "",
      "polytope half-space SDF: exact inside, lower bound outside (GSL multimin over the hull)",
      check_sdf_convex },
    { "render.sdf.union", "T-E.union",
      "union of hyperspheres: exact outside, bound inside, vs the analytic union distance",
      check_sdf_union },
    { "render.sdf.scene", "T-E.union",
      "renderer scene SDF (bounding-ball culling) vs the plain union, bit for bit",
      check_scene_sdf },
};

AK_TOPIC(render_sdf, CHECKS)
