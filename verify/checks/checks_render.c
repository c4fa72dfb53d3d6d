// Checks of group 'render': SDFs (T-E.*) against independent distances, the published SDF and
// renderer errata with counterexamples, sphere-tracer hits against analytic ray intersections,
// tetrahedral meshes and slices (B-8slice) against analytic volumes, GLSL against C, and the
// golden images (CPU reference tracer) against the Vulkan renderer.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks/checks.h"
#include "common/plot.h"
#include "ga/nd.h"
#include "collide/collide.h"
#include "geom/mesh.h"
#include "geom/polytope.h"
#include "geom/support.h"
#include "published/render_published.h"
#include "scene.h"
#include "sdf/sdf.h"
#include "tracer.h"
#include "vk.h"

#define TOL_SDF_ANALYTIC 1e-12  // SDF against a separately written projection (round-off only)
#define TOL_SDF_MULTIMIN 1e-6   // SDF against GSL multimin (optimiser tolerance dominates)
#define TOL_SDF_COLLIDE 1e-9    // SDF against ref/geom and ref/collide closest points (GJK/EPA: 1e-9)
#define TOL_HIT 1e-6            // tracer hit point against the analytic intersection (issue 7)
#define TOL_NORMAL 1e-5         // unit normal by central differences, h = 1e-3: O(h^2) error
#define TOL_ROUNDOFF 1e-12
#define TOL_MESH_EXACT 1e-10    // polytope meshes are exact: round-off only
#define TOL_GLSL_SDF 5e-5       // float (GLSL) against double (C) SDF, |x| <= 4: see docs
#define TOL_SHADOW_DENSE 1e-3  // the dense reference samples t every 0.003: its own min is that coarse
#define GRAZING_SLOPE 0.05      // AK_RT_REFINE_MIN_SLOPE: rays this grazing are counted apart
#define GRAZING_MARGIN 2e-3     // closest approach below this: within the hit tolerance eps*t (t <= 8)
// Golden images: at most GOLD_FRAC of the pixels may differ by more than GOLD_THRESHOLD (8-bit
// steps, largest channel), and the mean absolute difference is at most GOLD_MEAN. The values
// come from measured CPU (double) vs lavapipe (float) differences: docs/rendering.md.
#define GOLD_THRESHOLD 8
#define GOLD_FRAC 0.005
#define GOLD_MEAN 1.0
#define GOLD_W 160
#define GOLD_H 120

static double urand(gsl_rng *r, double a, double b) { return a + (b - a) * gsl_rng_uniform(r); }

// A random rotation: product of random plane rotations (enough to reach every orientation).
static void random_pose(gsl_rng *r, ak_pose *p, double spread) {
    *p = ak_pose_identity(4);
    double R[8], S[8], T[8];
    ak_nd_rotor_identity(4, R);
    for (int k = 0; k < 6; k++) {
        int i = k < 3 ? 0 : k < 5 ? 1 : 2, j = k < 3 ? k + 1 : k < 5 ? k - 1 : 3;
        ak_nd_rotor_plane(4, S, i, j, urand(r, -M_PI, M_PI));
        ak_nd_rotor_mul(4, T, S, R);
        memcpy(R, T, sizeof R);
    }
    ak_nd_rotor_to_matrix(4, p->rot, R);
    for (int i = 0; i < 4; i++) p->pos[i] = urand(r, -spread, spread);
}

// Body coordinates, written out separately from ref/sdf (p_j = sum_i rot_ij (x - pos)_i).
static void to_body(double p[4], const ak_pose *pose, const double x[4]) {
    for (int j = 0; j < 4; j++) {
        p[j] = 0;
        for (int i = 0; i < 4; i++) p[j] += pose->rot[i * 4 + j] * (x[i] - pose->pos[i]);
    }
}

static double norm4(const double v[4]) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]); }

// ---- ground truth 1: analytic projections (closest points), body frame -----------------

// Closest boundary point distance, signed, for each shape; written as projections onto the
// solid (outside) and as distances to the nearest boundary piece (inside).
static double truth_analytic(const ak_shape *s, const double p[4], const double *verts, int nv) {
    (void)verts;
    (void)nv;
    switch (s->type) {
    case AK_SHAPE_HYPERSPHERE: {
        double l = norm4(p);
        double q[4]; // closest point on the sphere surface
        for (int i = 0; i < 4; i++) q[i] = s->radius * p[i] / l;
        double d[4] = {p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3]};
        return l >= s->radius ? norm4(d) : -norm4(d);
    }
    case AK_SHAPE_HYPERCAPSULE: {
        double t = p[1];
        if (t > s->half_length) t = s->half_length;
        if (t < -s->half_length) t = -s->half_length;
        double d[4] = {p[0], p[1] - t, p[2], p[3]};
        return norm4(d) - s->radius; // distance to the segment minus the radius is exact
    }
    case AK_SHAPE_HYPERBOX: {
        double q[4];
        int inside = 1;
        for (int i = 0; i < 4; i++) {
            q[i] = p[i];
            if (q[i] > s->half_extents[i]) q[i] = s->half_extents[i], inside = 0;
            if (q[i] < -s->half_extents[i]) q[i] = -s->half_extents[i], inside = 0;
        }
        if (!inside) {
            double d[4] = {p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3]};
            return norm4(d);
        }
        double m = INFINITY; // nearest facet
        for (int i = 0; i < 4; i++) m = fmin(m, s->half_extents[i] - fabs(p[i]));
        return -m;
    }
    case AK_SHAPE_DUOCYLINDER: {
        // Closest point of the product of disks: project onto each disk separately.
        double a = sqrt(p[0] * p[0] + p[1] * p[1]), b = sqrt(p[2] * p[2] + p[3] * p[3]);
        double r1 = s->radii[0], r2 = s->radii[1];
        if (a > r1 || b > r2) {
            double da = a > r1 ? a - r1 : 0, db = b > r2 ? b - r2 : 0;
            return sqrt(da * da + db * db);
        }
        return -fmin(r1 - a, r2 - b); // nearest of the two boundary pieces
    }
    default: return NAN;
    }
}

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
        q[0] = a * th[0] / l1, q[1] = a * th[1] / l1, q[2] = b * th[2] / l2, q[3] = b * th[3] / l2;
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
    mm_ctx m = {s, p, verts, nv};
    size_t dim = s->type == AK_SHAPE_HYPERCAPSULE ? 5 : s->type == AK_SHAPE_CONVEX ? (size_t)nv : 4;
    gsl_multimin_function f = {mm_f, dim, &m};
    const gsl_multimin_fminimizer_type *T = gsl_multimin_fminimizer_nmsimplex2;
    gsl_multimin_fminimizer *mn = gsl_multimin_fminimizer_alloc(T, dim);
    gsl_vector *x = gsl_vector_alloc(dim), *step = gsl_vector_alloc(dim);
    double best = INFINITY;
    for (int start = 0; start < 2; start++) {
        for (size_t i = 0; i < dim; i++) gsl_vector_set(x, i, urand(r, -1.0, 1.0));
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
                if (gsl_multimin_test_size(gsl_multimin_fminimizer_size(mn), 1e-11) == GSL_SUCCESS) break;
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
        random_pose(r, &pose, 1.0);
        double x[4];
        for (int i = 0; i < 4; i++) x[i] = pose.pos[i] + urand(r, -1.3, 1.3);
        double d = ak_sdf_shape(&sc->shape, &pose, x, 0, NULL, NULL);
        double p[4];
        to_body(p, &pose, x);
        double t = truth_analytic(&sc->shape, p, NULL, 0);
        double e = fabs(d - t);
        if (t < 0) n_in++, worst_in = fmax(worst_in, e);
        else n_out++;
        worst = fmax(worst, e);
        double q[4], nrm[4], dc;
        if (ak_geom_closest_point(4, q, nrm, &dc, &sc->shape, &pose, x) == 0)
            worst_geom = fmax(worst_geom, fabs(d - dc));
        else
            geom_fail++;
        if (k < nmm && t > 0.05) {
            double tm = truth_multimin(&sc->shape, p, NULL, 0, r);
            if (isnan(tm)) mm_fail++;
            else worst_mm = fmax(worst_mm, fabs(d - tm));
        }
    }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_SDF_ANALYTIC, "%s: max |sdf - analytic signed distance| over %ld points (%ld inside)",
               sc->name, n, n_in);
    ak_measure(c, worst_mm, TOL_SDF_MULTIMIN, "%s: max |sdf - GSL multimin distance| over outside points", sc->name);
    ak_measure(c, worst_geom, TOL_SDF_COLLIDE, "%s: max |sdf - collision module's closest-point distance| (ak_geom_closest_point), %ld points",
               sc->name, n);
    ak_expect(c, geom_fail == 0, "%s: ak_geom_closest_point answered every query", sc->name);
    ak_value(c, "max_err_collide", worst_geom);
    ak_expect(c, mm_fail == 0, "%s: GSL multimin converged on every sample", sc->name);
    ak_expect(c, n_in > 0 && n_out > 0, "%s: samples inside (%ld) and outside (%ld)", sc->name, n_in, n_out);
    ak_value(c, "max_err_inside", worst_in);
    ak_value(c, "max_err_analytic", worst);
    ak_value(c, "max_err_multimin", worst_mm);
}

static void check_sdf_sphere(ak_check_ctx *c) {
    shape_case sc = {"hypersphere r=0.8", {.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 0.8}, 0};
    sdf_shape_check(c, &sc);
}
static void check_sdf_capsule(ak_check_ctx *c) {
    shape_case sc = {"hypercapsule r=0.4 h=0.7",
                     {.type = AK_SHAPE_HYPERCAPSULE, .dim = 4, .radius = 0.4, .half_length = 0.7}, 0};
    sdf_shape_check(c, &sc);
}
static void check_sdf_box(ak_check_ctx *c) {
    shape_case sc = {"hyperbox (0.3,0.5,0.7,0.9)",
                     {.type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = {0.3, 0.5, 0.7, 0.9}}, 0};
    sdf_shape_check(c, &sc);
}
static void check_sdf_duocylinder(ak_check_ctx *c) {
    shape_case sc = {"duocylinder (0.8, 0.5)", {.type = AK_SHAPE_DUOCYLINDER, .dim = 4, .radii = {0.8, 0.5}}, 0};
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
            for (int i = 0; i < dim; i++) nrm[i] = urand(r, -2, 2), x[i] = urand(r, -3, 3), nn += nrm[i] * nrm[i];
            double off = urand(r, -1, 1);
            for (int i = 0; i < dim; i++) s += nrm[i] * x[i];
            double lam = (s - off) / nn, foot2 = 0;
            for (int i = 0; i < dim; i++) foot2 += lam * nrm[i] * lam * nrm[i];
            double truth = (s > off ? 1 : -1) * sqrt(foot2);
            worst = fmax(worst, fabs(ak_sdf_hyperplane(dim, x, nrm, off) - truth));
        }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_SDF_ANALYTIC, "max |sdf - distance to the foot point|, %ld points per n = 2..5, non-unit normals", n);
}

// The n-D forms (n = 2, 3, 5) of sphere, capsule and box against the analytic projections.
static void check_sdf_nd(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000);
    double worst = 0;
    for (int dim = 2; dim <= AK_MAX_DIM; dim++)
        for (long k = 0; k < n; k++) {
            double p[AK_MAX_DIM], h[AK_MAX_DIM], q[AK_MAX_DIM];
            for (int i = 0; i < dim; i++) p[i] = urand(r, -2, 2), h[i] = urand(r, 0.2, 1.0);
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
    ak_measure(c, worst, TOL_SDF_ANALYTIC, "max error of the n-D sphere, capsule and box SDFs, n = 2..5, %ld points each", n);
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
    ak_shape box = {.type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = {0.5, 0.5, 0.5, 0.5}};
    double worst_in = 0, worst_bound_violation = 0, worst_facet = 0;
    long nin = 0;
    for (long k = 0; k < n; k++) {
        double p[4];
        for (int i = 0; i < 4; i++) p[i] = urand(r, -1.2, 1.2);
        double d = ak_sdf_halfspaces(4, p, nf, N, O), t = truth_analytic(&box, p, NULL, 0);
        if (t <= 0) nin++, worst_in = fmax(worst_in, fabs(d - t));
        else worst_bound_violation = fmax(worst_bound_violation, d - t);
        // where only one coordinate is outside, the closest point is in a facet: exact
        int nout = 0;
        for (int i = 0; i < 4; i++) nout += fabs(p[i]) > 0.5;
        if (nout == 1) worst_facet = fmax(worst_facet, fabs(d - t));
    }
    ak_measure(c, worst_in, TOL_SDF_ANALYTIC, "tesseract polytope: max |sdf - exact| inside (%ld points)", nin);
    ak_measure(c, worst_facet, TOL_SDF_ANALYTIC, "tesseract polytope: max |sdf - exact| where the closest point is in a facet");
    ak_measure(c, fmax(worst_bound_violation, 0), TOL_ROUNDOFF, "tesseract polytope: max(sdf - exact) outside (bound: <= 0)");
    // 2. 5-cell, 16-cell and 24-cell: outside lower bound against multimin over convex weights
    ak_mesh_polytope kinds[3] = {AK_POLYTOPE_5CELL, AK_POLYTOPE_16CELL, AK_POLYTOPE_24CELL};
    double viol = 0, fails = 0, max_gap = 0;
    for (int q = 0; q < 3; q++) {
        nv = ak_mesh_polytope_vertices(v, 120, kinds[q]);
        nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
        ak_shape cv = {.type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v};
        for (long k = 0; k < nmm; k++) {
            double p[4];
            for (int i = 0; i < 4; i++) p[i] = urand(r, -1.8, 1.8);
            double d = ak_sdf_halfspaces(4, p, nf, N, O);
            if (d <= 0.05) continue;
            double t = truth_multimin(&cv, p, v, nv, r);
            if (isnan(t)) fails++;
            else viol = fmax(viol, d - t), max_gap = fmax(max_gap, t - d);
        }
    }
    // 3. 5-cell, 16-cell, 24-cell against the collision module's point query (GJK / EPA) on
    //    10^4 points each: equal inside, never above outside.
    double worst_in_c = 0, viol_c = 0;
    long nin_c = 0, cfail = 0;
    for (int q = 0; q < 3; q++) {
        nv = ak_mesh_polytope_vertices(v, 120, kinds[q]);
        nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
        ak_shape cv = {.type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v};
        ak_pose id = ak_pose_identity(4);
        for (long k = 0; k < n; k++) {
            double p[4], cp[4], nrm[4], dc;
            for (int i = 0; i < 4; i++) p[i] = urand(r, -1.5, 1.5);
            double d = ak_sdf_halfspaces(4, p, nf, N, O);
            if (ak_collide_point(4, cp, nrm, &dc, &cv, &id, p) != 0) {
                cfail++;
                continue;
            }
            if (dc <= 0) nin_c++, worst_in_c = fmax(worst_in_c, fabs(d - dc));
            else viol_c = fmax(viol_c, d - dc);
        }
    }
    gsl_rng_free(r);
    ak_measure(c, worst_in_c, TOL_SDF_COLLIDE, "5-, 16-, 24-cell: max |sdf - ak_collide_point| inside (%ld points)", nin_c);
    ak_measure(c, fmax(viol_c, 0), TOL_SDF_COLLIDE, "5-, 16-, 24-cell: max(sdf - ak_collide_point) outside (bound: <= 0), 3 x %ld points", n);
    ak_expect(c, cfail == 0, "ak_collide_point answered every query (%ld failures)", cfail);
    ak_measure(c, fmax(viol, 0), TOL_SDF_MULTIMIN, "5-, 16-, 24-cell: max(sdf - multimin distance) outside (bound: <= 0)");
    ak_expect(c, fails == 0, "GSL multimin converged on every polytope sample");
    ak_value(c, "max_bound_gap_outside", max_gap);
    ak_note(c, "outside, the half-space SDF undershoots by up to %.3g (edges and vertices): a bound, safe for sphere tracing", max_gap);
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
        for (int i = 0; i < 4; i++) p[i] = urand(r, -2, 2);
        double p1[4] = {p[0] + a, p[1], p[2], p[3]}, p2[4] = {p[0] - a, p[1], p[2], p[3]};
        double d = ak_sdf_union(ak_sdf_hypersphere(4, p1, R), ak_sdf_hypersphere(4, p2, R));
        double l1 = norm4(p1), l2 = norm4(p2), perp = sqrt(p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
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
            double q[4] = {cx + R * ps[0] / l, R * ps[1] / l, R * ps[2] / l, R * ps[3] / l};
            double qo[4] = {q[0] - (s ? -a : a), q[1], q[2], q[3]};
            if (norm4(qo) >= R) best = fmin(best, fabs(R - l));
        }
        double truth = -best;
        viol_in = fmax(viol_in, truth - d); // bound: d >= truth (|d| <= |truth|)
        gap_in = fmax(gap_in, d - truth);
    }
    gsl_rng_free(r);
    ak_measure(c, worst_out, TOL_SDF_ANALYTIC, "union of two hyperspheres: max |min(d1,d2) - exact| outside");
    ak_measure(c, fmax(viol_in, 0), TOL_SDF_ANALYTIC, "inside (%ld points): max(exact - min(d1,d2)) (bound: <= 0)", nin);
    ak_value(c, "max_gap_inside", gap_in);
    ak_note(c, "inside the union min(d1,d2) underestimates the depth by up to %.3g: a bound, not exact "
               "(at the origin: min = -0.5, exact = -%.4f)", gap_in, ring);
}

// The renderer's scene SDF (with bounding-ball culling) equals the plain union of the shapes'
// SDFs, bit for bit, on every built-in scene.
static void check_scene_sdf(ak_check_ctx *c) {
    static ak_render_scene s;
    char err[256];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000), differ = 0, total = 0, wrong_obj = 0;
    for (const char *const *nm = ak_render_builtin_names(); *nm; nm++) {
        ak_render_builtin(&s, *nm, 0.0, err, sizeof err);
        for (long k = 0; k < n; k++) {
            double x[4] = {urand(r, -4, 4), urand(r, -1, 5), urand(r, -4, 4), urand(r, -2, 2)};
            int obj;
            double d = ak_render_scene_sdf(&s, x, &obj), best = INFINITY;
            int bi = -1;
            for (int i = 0; i < s.nobj; i++) {
                const ak_render_object *o = &s.obj[i];
                double di = ak_sdf_union(best, ak_sdf_shape(&o->shape, &o->pose, x, o->nplanes,
                                                            s.plane_n + 4 * o->plane_first, s.plane_o + o->plane_first));
                if (di < best) best = di, bi = i;
            }
            differ += d != best;
            wrong_obj += obj != bi;
            total++;
        }
    }
    gsl_rng_free(r);
    ak_measure(c, (double)differ, 0.0, "points where the culled scene SDF differs from the plain union (of %ld, all built-in scenes)", total);
    ak_measure(c, (double)wrong_obj, 0.0, "points where it names another nearest object");
}

// The CPU tracer's fast path (ak_render_cpu: compact objects, the axis-aligned plane without its
// dot product, per-ray object lists for primary and shadow rays, the shadow early out, the
// encoding table) renders the same bytes as the plain path (ak_render_cpu_plain: every SDF
// through ak_sdf_shape, every object at every step, no early out, pow), on every built-in
// scene with soft shadows, from the scene's camera, from a low grazing camera (long marches
// along the ground, rays going up) and with the ground tilted (a plane whose normal is neither
// unit nor an axis).
static void check_fast_equals_plain(ak_check_ctx *c) {
    static ak_render_scene s;
    char err[256];
    int W = ak_quick(c) ? 96 : 192, H = ak_quick(c) ? 54 : 108;
    long differ = 0, total = 0, images = 0;
    ak_render_image a, b;
    if (!ak_render_image_alloc(&a, W, H) || !ak_render_image_alloc(&b, W, H)) {
        ak_expect(c, false, "out of memory");
        return;
    }
    for (const char *const *nm = ak_render_builtin_names(); *nm; nm++) {
        for (int v = 0; v < 3; v++) {
            ak_render_builtin(&s, *nm, 0.0, err, sizeof err);
            s.shadows = true;
            if (v == 1) {
                double tg[4] = {0.0, 0.4, 0.0, 0.0};
                ak_render_camera_orbit(&s.cam, tg, 7.0, 50.0, 2.0, 10.0);
            } else if (v == 2) {
                for (int i = 0; i < s.nobj; i++)
                    if (s.obj[i].shape.type == AK_SHAPE_HYPERPLANE) {
                        double n[4] = {0.08, 1.3, -0.05, 0.03};
                        for (int k = 0; k < 4; k++) s.obj[i].shape.normal[k] = n[k];
                        s.obj[i].shape.offset = -0.02;
                        break;
                    }
            }
            ak_render_cpu(&s, &a);
            ak_render_cpu_plain(&s, &b);
            for (long i = 0; i < 3L * W * H; i++) differ += a.rgb[i] != b.rgb[i];
            total += 3L * W * H;
            images++;
        }
    }
    ak_render_image_free(&a);
    ak_render_image_free(&b);
    ak_measure(c, (double)differ, 0.0, "bytes where the fast CPU tracer differs from the plain one (%ld images of %dx%d, %ld bytes)",
               images, W, H, total);
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
    double *v = malloc(sizeof(double) * 4 * (size_t)nv), *nrm = malloc(sizeof(double) * 4 * (size_t)nf);
    double *pl = malloc(sizeof(double) * 5 * (size_t)nf);
    int got = -1;
    if (v && nrm && pl && ak_polytope_vertices("120-cell", 1.0, v, nv) == nv &&
        ak_polytope_facet_normals("120-cell", nrm, nf) == nf)
        got = ak_convex_facets_from_normals(4, pl, nf, v, nv, nrm, nf);
    ak_expect(c, got == nf && nv == 600 && nf == 120, "120-cell: %d vertices, %d of %d facet planes", nv, got, nf);
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
               "facet planes vs vertices: %ld vertex-outside cases, %ld facets without 20 vertices, %ld vertices not on 4 facets",
               outside, bad_facet, bad_vertex);
    static ak_render_scene s;
    char err[256];
    ak_render_scene_init(&s);
    s.nobj = 0;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    ak_pose pose;
    random_pose(r, &pose, 0.5);
    ak_shape sh = {.type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v, .nfacets = nf, .facets = pl};
    double col[3] = {0.5, 0.5, 0.5};
    int idx = ak_render_scene_add(&s, &sh, &pose, col, err, sizeof err);
    ak_expect(c, idx >= 0, "the render scene takes the 120-cell from its facet planes: %s", idx >= 0 ? "added" : err);
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
        for (int i = 0; i < 4; i++) o[i] = pose.pos[i] + urand(r, -3, 3), aim[i] = pose.pos[i] + urand(r, -1.1, 1.1);
        for (int i = 0; i < 4; i++) d[i] = aim[i] - o[i], len += d[i] * d[i];
        len = sqrt(len);
        for (int i = 0; i < 4; i++) d[i] /= len;
        // Cyrus-Beck, for the polytope (grow 0) and grown by 0.01
        double te[2] = {-INFINITY, -INFINITY}, tx[2] = {INFINITY, INFINITY}, nd_in = 0;
        for (int g = 0; g < 2; g++)
            for (int f = 0; f < nf; f++) {
                double den = 0, num = wo[f] + (g ? 0.01 : 0.0);
                for (int i = 0; i < 4; i++) den += wn[4 * f + i] * d[i], num -= wn[4 * f + i] * o[i];
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
        bool hit = ak_render_trace(&s, o, d, &t, &obj, NULL);
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
               "120-cell rays (%ld, %ld clear hits): clear hits missed by the tracer %ld, tracer hits off the polytope grown by 0.01 %ld",
               n, clear, missed, stray);
    ak_measure(c, worst, 1.0, "120-cell: max |hit - Cyrus-Beck entry| / (eps max(t,1) / |n.v|) over %ld hits", measured);
    ak_expect(c, measured > n / 10, "enough measured hits (%ld of %ld rays)", measured, n);
    gsl_rng_free(r);
    free(wn), free(wo);
    free(v), free(nrm), free(pl);
}

// ---- published forms (T-E.*): counterexamples ----------------------------------------

static void check_published_sdf(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000);
    const double rad = 0.4, h = 0.7;
    long wrong_caps = 0;
    long wrong_other[3] = {0, 0, 0}; // report plot: sphere, box, plane points off by > 1e-9
    double worst_caps = 0, worst_sphere = 0, worst_box = 0, worst_plane = 0;
    double b[4] = {0.3, 0.5, 0.7, 0.9};
    for (long k = 0; k < n; k++) {
        double x[4], cen[4], pc[4];
        for (int i = 0; i < 4; i++) x[i] = urand(r, -2, 2), cen[i] = urand(r, -1, 1), pc[i] = cen[i] - x[i];
        // sphere: p points from the ray origin to the centre; |p| is symmetric: correct
        double px[4] = {x[0] - cen[0], x[1] - cen[1], x[2] - cen[2], x[3] - cen[3]};
        double es = fabs(ak_pub_render_sd_hypersphere(pc, 0.8) - ak_sdf_hypersphere(4, px, 0.8));
        worst_sphere = fmax(worst_sphere, es);
        // box with b read as half extents: |p| is symmetric: correct
        double eb = fabs(ak_pub_render_sd_hyperbox(pc, b) - ak_sdf_hyperbox(4, px, b));
        worst_box = fmax(worst_box, eb);
        wrong_other[0] += !(es <= 1e-9);
        wrong_other[1] += !(eb <= 1e-9);
        // capsule: the scene contract's capsule (segment -h..h about the centre) of height
        // h_pub = 2h, in the published convention
        double e = fabs(ak_pub_render_sd_vertical_hypercapsule(pc, 2 * h, rad) - ak_sdf_hypercapsule(4, px, rad, h));
        worst_caps = fmax(worst_caps, e);
        if (e > 1e-9) wrong_caps++;
        // plane with a unit normal: correct
        double nrm[4];
        for (int i = 0; i < 4; i++) nrm[i] = urand(r, -1, 1);
        double l = norm4(nrm);
        for (int i = 0; i < 4; i++) nrm[i] /= l;
        double ep = fabs(ak_pub_render_sd_hyperplane(x, nrm, 0.3) - ak_sdf_hyperplane(4, x, nrm, 0.3));
        worst_plane = fmax(worst_plane, ep);
        wrong_other[2] += !(ep <= 1e-9);
    }
    const char *dir = ak_artifact_dir(c);
    if (dir) {
        const char *labels[4] = {"T-E.sphere", "T-E.box", "T-E.capsule", "T-E.plane (unit n)"};
        double v[4] = {100.0 * wrong_other[0] / n, 100.0 * wrong_other[1] / n, 100.0 * wrong_caps / n,
                       100.0 * wrong_other[2] / n};
        char path[1200], err[256];
        snprintf(path, sizeof path, "%s/published_sdf_wrong.png", dir);
        if (ak_plot_bars(path, "App. E SDFs as published: wrong points", "% of points off by > 1e-9", labels, v, 4,
                         false, err, sizeof err) == 0)
            ak_artifact(c, path,
                        "Share of %ld random points (random centres, 4D) where the published SDF differs from the exact "
                        "one by more than 1e-9: only the capsule (T-E.capsule, clamp over [0, h] of centre - x) is "
                        "wrong; the plane form is right for unit normals only (counterexample in the notes).",
                        n);
    }
    gsl_rng_free(r);
    ak_measure(c, worst_sphere, TOL_ROUNDOFF, "T-E.sphere as published against the exact SDF (correct)");
    ak_measure(c, worst_box, TOL_ROUNDOFF, "T-E.box as published, b = half extents, against the exact SDF (correct)");
    ak_measure(c, worst_plane, TOL_ROUNDOFF, "T-E.plane as published, unit normal (correct)");
    // capsule erratum: it is wrong on most points, and the counterexample is the capsule's top
    double top[4] = {0, -(h + rad), 0, 0}; // p = centre - x for x = centre + (h + r) e_y
    double pub_top = ak_pub_render_sd_vertical_hypercapsule(top, 2 * h, rad);
    double x_top[4] = {0, h + rad, 0, 0};
    ak_expect(c, wrong_caps > n / 2, "T-E.capsule as published differs from the exact SDF on %ld of %ld points (erratum)",
              wrong_caps, n);
    ak_value(c, "capsule_published_max_error", worst_caps);
    ak_value(c, "capsule_published_wrong_fraction", (double)wrong_caps / n);
    ak_measure(c, fabs(ak_sdf_hypercapsule(4, x_top, rad, h)), TOL_ROUNDOFF, "corrected capsule SDF is 0 at the top point centre + (h+r) e_y");
    ak_expect(c, fabs(pub_top) > 0.5, "published capsule SDF at the top point is %.4f, not 0 (erratum)", pub_top);
    ak_note(c, "T-E.capsule counterexample: capsule radius %.1f, half length %.1f (h = %.1f), point on its top "
               "centre+(0,%.1f,0,0): published %.4f, exact 0. The clamp runs over [0,h] of centre - x, i.e. "
               "the segment from the centre down to centre - h e_y.", rad, h, 2 * h, h + rad, pub_top);
    // plane with a non-unit normal: the published form is not a distance
    double n2[4] = {0, 2, 0, 0}, x2[4] = {0, 1, 0, 0};
    double pub_plane = ak_pub_render_sd_hyperplane(x2, n2, 0.0);
    ak_expect(c, fabs(pub_plane - 2.0) < TOL_ROUNDOFF && fabs(ak_sdf_hyperplane(4, x2, n2, 0) - 1.0) < TOL_ROUNDOFF,
              "T-E.plane needs a unit normal: normal (0,2,0,0), point (0,1,0,0): published %.1f, distance 1", pub_plane);
}

// ---- published renderer algorithms (T-Alg14, T-Alg15, T-6.1, T-6.1cam) -----------------

typedef struct pub_scene {
    double height; // ground plane y = 0, ray at this height
} pub_scene;

static double pub_dist_ground(const double p[4], int *color, const void *ctx) {
    (void)ctx;
    *color = 0;
    double n[4] = {0, 1, 0, 0};
    return ak_pub_render_sd_hyperplane(p, n, 0.0);
}

static double pub_dist_sphere(const double p[4], int *color, const void *ctx) {
    (void)ctx;
    *color = 1;
    double q[4] = {-p[0], -p[1], -p[2], -p[3]}; // centre at the origin, p = centre - x
    return ak_pub_render_sd_hypersphere(q, 1.0);
}

static void check_published_trace(ak_check_ctx *c) {
    // A ray parallel to the ground at height 1e-2: the published loop never counts i, so it runs
    // d_max / height = 2e4 passes instead of stopping at i_max = 200.
    double o[4] = {0, 1e-2, 0, 0}, v[4] = {1, 0, 0, 0}, p[4];
    int col, passes;
    bool hit = ak_pub_render_sphere_trace(p, &col, &passes, o, v, 200.0, 200, 0.0, 100000000L, pub_dist_ground, NULL);
    ak_expect(c, !hit && passes > 10000, "T-Alg14 as published: a ray 1e-2 above the ground runs %d passes, "
              "not the cap i_max = 200 (i is never incremented; erratum)", passes);
    ak_value(c, "published_passes", passes);
    // corrected tracer on the same ray stops at AK_RT_MAX_STEPS
    ak_render_scene s;
    ak_render_scene_init(&s);
    ak_shape g = {.type = AK_SHAPE_HYPERPLANE, .dim = 4, .normal = {0, 1, 0, 0}};
    ak_pose id = ak_pose_identity(4);
    double col3[3] = {1, 1, 1};
    char err[256];
    ak_render_scene_add(&s, &g, &id, col3, err, sizeof err);
    double t;
    int obj, steps;
    bool h2 = ak_render_trace(&s, o, v, &t, &obj, &steps);
    ak_expect(c, !h2 && steps == AK_RT_MAX_STEPS, "corrected tracer on the same ray stops at its cap: %d iterations (cap %d), hit=%d",
              steps, AK_RT_MAX_STEPS, (int)h2);
    // The published hit test "d <~ 0" with no epsilon: an oblique ray towards a sphere converges
    // only geometrically and needs many passes; with the relative epsilon the corrected tracer
    // needs few.
    double o2[4] = {-3, 0.9, 0, 0}, v2[4] = {1, 0, 0, 0};
    bool h3 = ak_pub_render_sphere_trace(p, &col, &passes, o2, v2, 200.0, 200, 0.0, 1000000L, pub_dist_sphere, NULL);
    ak_value(c, "published_passes_eps0_oblique", passes);
    ak_note(c, "T-Alg14 with d <= 0 as the hit test: oblique ray (incidence 64 deg) to a unit sphere: hit=%d after %d passes", (int)h3, passes);
}

static void check_published_normal_lambert_camera(ak_check_ctx *c) {
    // T-Alg15: |n| = 2 o |grad| = 2e-4 for an exact SDF, so (6.1) gives 2e-4 of the light.
    double p[4] = {0.6, 0.8, 0, 0}, n[4];
    ak_pub_render_normal(n, p, pub_dist_sphere, NULL);
    double len = norm4(n);
    ak_measure(c, fabs(len - 2e-4), 1e-9, "T-Alg15 as published: |n| = %.6g at a unit-sphere point (2o = 2e-4, not 1; erratum)", len);
    double dirn = 0;
    for (int i = 0; i < 4; i++) dirn = fmax(dirn, fabs(n[i] / len - p[i]));
    ak_measure(c, dirn, 1e-7, "T-Alg15 direction after normalising matches the exact normal");
    // corrected normal
    ak_render_scene s;
    ak_render_scene_init(&s);
    ak_shape sp = {.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1.0};
    ak_pose id = ak_pose_identity(4);
    double col3[3] = {1, 1, 1};
    char err[256];
    ak_render_scene_add(&s, &sp, &id, col3, err, sizeof err);
    double nc[4];
    ak_render_normal(&s, p, nc);
    double e = 0;
    for (int i = 0; i < 4; i++) e = fmax(e, fabs(nc[i] - p[i]));
    ak_measure(c, e, TOL_NORMAL, "corrected normal (divided by 2h, normalised) against the exact normal");
    // T-6.1: a surface facing away from the light gets negative light.
    double l[4] = {0, 1, 0, 0}, nd[4] = {0, -1, 0, 0};
    double sl = ak_pub_render_lambert(l, nd, 1.0, 1.0);
    ak_expect(c, sl < 0, "T-6.1 as published: l.n = -1 gives s = %.1f < 0, which darkens the ambient term (clamp at 0; erratum)", sl);
    // T-6.1cam: the published direction runs from the pixel to the origin: backwards.
    double cam_pos[4] = {0, 0, 5, 0}, rot[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    double pix[3] = {0, 0, -1}; // centre pixel on the view plane in front of the camera (looks along -z)
    double o[4], d[4];
    ak_pub_render_camera_ray(o, d, cam_pos, rot, pix);
    ak_render_scene_init(&s);
    memcpy(s.cam.pos, cam_pos, sizeof cam_pos);
    ak_nd_rotor_identity(4, s.cam.rotor);
    double oc[4], dc[4];
    ak_render_camera_ray(&s, 1, 1, 0, 0, oc, dc);
    double cosang = 0;
    for (int i = 0; i < 4; i++) cosang += d[i] * dc[i];
    cosang /= norm4(d);
    ak_expect(c, cosang < -0.999999, "T-6.1cam as published: centre-pixel ray direction . corrected = %.6f (points backwards; erratum)", cosang);
    ak_measure(c, fabs(norm4(dc) - 1.0), TOL_ROUNDOFF, "corrected camera ray direction is unit");
    // slice: rays start at pos + slice * ana and stay in the slice (w along ana constant)
    s.cam.slice = 0.7;
    double worst = 0;
    for (int py = 0; py < 5; py++)
        for (int px = 0; px < 5; px++) {
            ak_render_camera_ray(&s, 5, 5, px, py, oc, dc);
            worst = fmax(worst, fabs(oc[3] - 0.7) + fabs(dc[3]));
        }
    ak_measure(c, worst, TOL_ROUNDOFF, "rays lie in the camera's 3D slice w = slice (identity orientation)");
    // Any orientation: ana . (origin - pos) = slice and ana . dir = 0 for every pixel ray, and
    // the rays fan out within the field of view (corner ray angle = half the diagonal fov).
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    double worst_any = 0, worst_fov = 0;
    for (int k = 0; k < 200; k++) {
        double tg[4] = {urand(r, -2, 2), urand(r, -2, 2), urand(r, -2, 2), urand(r, -2, 2)};
        ak_render_camera_orbit(&s.cam, tg, urand(r, 1, 8), urand(r, -180, 180), urand(r, -80, 80), urand(r, -90, 90));
        s.cam.slice = urand(r, -1, 1);
        s.cam.fov_deg = urand(r, 20, 100);
        double rr[4], uu[4], bb[4], aa[4];
        ak_render_camera_frame(&s.cam, rr, uu, bb, aa);
        const int W = 7, H = 5;
        for (int py = 0; py < H; py++)
            for (int px = 0; px < W; px++) {
                ak_render_camera_ray(&s, W, H, px, py, oc, dc);
                double a1 = 0, a2 = 0;
                for (int i = 0; i < 4; i++) a1 += aa[i] * (oc[i] - s.cam.pos[i]), a2 += aa[i] * dc[i];
                worst_any = fmax(worst_any, fabs(a1 - s.cam.slice) + fabs(a2));
            }
        // pixel-centre corner ray against the pinhole geometry
        ak_render_camera_ray(&s, W, H, 0, 0, oc, dc);
        double th = tan(0.5 * s.cam.fov_deg * M_PI / 180.0);
        double u = (2.0 * 0.5 / W - 1.0) * th * W / H, v = (1.0 - 2.0 * 0.5 / H) * th;
        double cos_want = 1.0 / sqrt(1.0 + u * u + v * v), cos_got = 0;
        for (int i = 0; i < 4; i++) cos_got -= dc[i] * bb[i];
        worst_fov = fmax(worst_fov, fabs(cos_got - cos_want));
    }
    gsl_rng_free(r);
    ak_measure(c, worst_any, TOL_ROUNDOFF, "200 random cameras: every ray starts on the slice ana.(o - pos) = slice and has ana.d = 0");
    ak_measure(c, worst_fov, TOL_ROUNDOFF, "200 random cameras: corner ray's angle to the view axis matches the pinhole model");
}

// ---- tracer hits against analytic intersections --------------------------------------

static bool ray_sphere(const double o[4], const double v[4], const double cen[4], double r, double *t, double *miss) {
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
static bool ray_box(const double o[4], const double v[4], const ak_pose *pose, const double h[4], double *t,
                    double *margin) {
    double ob[4], vb[4];
    to_body(ob, pose, o);
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
static double closest_approach(const ak_shape *sh, const ak_pose *pose, const double o[4], const double v[4]) {
    double lo = 0, hi = 12;
    for (int it = 0; it < 200; it++) {
        double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3, x1[4], x2[4], p1[4], p2[4];
        for (int i = 0; i < 4; i++) x1[i] = o[i] + m1 * v[i], x2[i] = o[i] + m2 * v[i];
        to_body(p1, pose, x1);
        to_body(p2, pose, x2);
        if (truth_analytic(sh, p1, NULL, 0) < truth_analytic(sh, p2, NULL, 0)) hi = m2;
        else lo = m1;
    }
    double x[4], p[4];
    for (int i = 0; i < 4; i++) x[i] = o[i] + lo * v[i];
    to_body(p, pose, x);
    return truth_analytic(sh, p, NULL, 0);
}

static void hit_check(ak_check_ctx *c, int box) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, box ? 11 : 5);
    long n = ak_samples(c, 10000, 1000);
    static ak_render_scene s;
    long agree = 0, excluded = 0, grazing = 0, hits = 0;
    double worst = 0, worst_graze = 0;
    for (long k = 0; k < n; k++) {
        ak_render_scene_init(&s);
        ak_pose pose;
        random_pose(r, &pose, 1.0);
        ak_shape sh;
        double hext[4] = {urand(r, 0.2, 1), urand(r, 0.2, 1), urand(r, 0.2, 1), urand(r, 0.2, 1)};
        double rad = urand(r, 0.3, 1.2);
        if (box) sh = (ak_shape){.type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = {hext[0], hext[1], hext[2], hext[3]}};
        else sh = (ak_shape){.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = rad};
        double col3[3] = {1, 1, 1};
        char err[128];
        ak_render_scene_add(&s, &sh, &pose, col3, err, sizeof err);
        // origin on a sphere of radius 6 about the shape, aimed at a random point near it
        double o[4], aim[4], v[4];
        double u[4];
        for (int i = 0; i < 4; i++) u[i] = urand(r, -1, 1);
        double lu = norm4(u);
        for (int i = 0; i < 4; i++) o[i] = pose.pos[i] + 6 * u[i] / lu, aim[i] = pose.pos[i] + urand(r, -1.3, 1.3);
        double lv = 0;
        for (int i = 0; i < 4; i++) v[i] = aim[i] - o[i], lv += v[i] * v[i];
        for (int i = 0; i < 4; i++) v[i] /= sqrt(lv);
        double ta = 0, margin;
        bool ha = box ? ray_box(o, v, &pose, hext, &ta, &margin) : ray_sphere(o, v, pose.pos, rad, &ta, &margin);
        margin = closest_approach(&sh, &pose, o, v);
        if (fabs(margin) < GRAZING_MARGIN) {
            excluded++;
            continue;
        }
        double t;
        int obj, steps;
        bool ht = ak_render_trace(&s, o, v, &t, &obj, &steps);
        if (ht == ha) agree++;
        if (!(ht && ha)) continue;
        hits++;
        // incidence: analytic normal . v
        double p[4], nrm[4];
        for (int i = 0; i < 4; i++) p[i] = o[i] + ta * v[i];
        ak_render_normal(&s, p, nrm);
        double cosi = 0;
        for (int i = 0; i < 4; i++) cosi += nrm[i] * v[i];
        if (fabs(cosi) < GRAZING_SLOPE) {
            // no Newton refinement: the hit test alone bounds the error by eps max(t,1) / |n.v|
            grazing++;
            worst_graze = fmax(worst_graze, fabs(t - ta) / (AK_RT_HIT_EPS * fmax(ta, 1.0) / fabs(cosi)));
            continue;
        }
        worst = fmax(worst, fabs(t - ta));
    }
    gsl_rng_free(r);
    long considered = n - excluded;
    ak_measure(c, (double)(considered - agree), 0.0, "%s: rays where tracer and analytic test disagree on hit/miss (of %ld; %ld whose closest approach is within %g set apart)",
               box ? "ray-hyperbox slab test" : "ray-hypersphere", considered, excluded, GRAZING_MARGIN);
    ak_measure(c, worst, TOL_HIT, "%s: max |hit - analytic| along the ray over %ld hits (|n.v| >= %g)",
               box ? "hyperbox" : "hypersphere", hits - grazing, GRAZING_SLOPE);
    ak_value(c, "grazing_hits", grazing);
    ak_value(c, "grazing_max_error_ratio", worst_graze);
    ak_measure(c, worst_graze, 1.0,
               "grazing hits (|n.v| < %g, %ld rays, no refinement): max error / (eps max(t,1) / |n.v|)", GRAZING_SLOPE, grazing);
}

static void check_hits_sphere(ak_check_ctx *c) { hit_check(c, 0); }
static void check_hits_box(ak_check_ctx *c) { hit_check(c, 1); }

// Soft shadows (T-6.2.2): the tracer's factor is min over its march samples of k d(t)/t,
// clamped to [0, 1]. Against a dense evaluation of that function along the same ray (10^4 t
// values, no marching) for a unit-radius hypersphere occluder: the marched value can only be
// larger (it sees fewer samples); a ray through the occluder gives 0; a ray that clears it by
// more than t/k everywhere gives 1.
static void check_soft_shadow(ak_check_ctx *c) {
    static ak_render_scene s;
    ak_render_scene_init(&s);
    ak_shape sp = {.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1.0};
    ak_pose id = ak_pose_identity(4);
    double col3[3] = {1, 1, 1};
    char err[128];
    ak_render_scene_add(&s, &sp, &id, col3, err, sizeof err);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long n = ak_samples(c, 10000, 1000), nblocked = 0, blocked_bad = 0, nclear = 0, clear_bad = 0;
    double below = 0, above = 0;
    for (long k = 0; k < n; k++) {
        double p[4], l[4], lp = 0, ll = 0;
        for (int i = 0; i < 4; i++) p[i] = urand(r, -1, 1), l[i] = urand(r, -1, 1);
        for (int i = 0; i < 4; i++) lp += p[i] * p[i], ll += l[i] * l[i];
        double rad = urand(r, 1.05, 3.0);
        for (int i = 0; i < 4; i++) p[i] *= rad / sqrt(lp), l[i] /= sqrt(ll);
        double res = ak_render_soft_shadow(&s, p, l);
        // dense reference over the tracer's t range
        double dense = 1.0, tmax = AK_RT_SHADOW_MAX_DIST;
        for (int q = 0; q <= 10000; q++) {
            double t = AK_RT_SHADOW_TMIN + (tmax - AK_RT_SHADOW_TMIN) * q / 10000.0, x[4];
            for (int i = 0; i < 4; i++) x[i] = p[i] + t * l[i];
            dense = fmin(dense, AK_RT_SHADOW_K * (norm4(x) - 1.0) / t);
        }
        dense = fmin(fmax(dense, 0.0), 1.0);
        below = fmax(below, dense - res); // the march must not go below the dense value...
        above = fmax(above, res - dense); // ...and how far above it stays is the sampling error
        // analytic classification of the ray against the sphere
        double b = 0;
        for (int i = 0; i < 4; i++) b += p[i] * l[i];
        double dmin2 = rad * rad - b * b; // squared distance from the centre to the line
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
    ak_measure(c, fmax(below, 0.0), TOL_SHADOW_DENSE,
               "soft shadow not darker than the dense k d/t minimum (max dense - marched over %ld rays)", n);
    ak_measure(c, (double)blocked_bad, 0.0, "rays through the occluder (%ld) with a shadow factor above 1e-3", nblocked);
    ak_measure(c, (double)clear_bad, 0.0, "rays clear by more than t/k everywhere (%ld) with a factor below 1", nclear);
    ak_value(c, "max_marched_minus_dense", above);
    ak_note(c, "the marched penumbra is lighter than the dense minimum by up to %.3f (it samples fewer t)", above);
}

// ---- meshes and slices (B-8slice) ----------------------------------------------------

static double tet_volume3(const double *t) {
    double e1[4], e2[4], e3[4], n[4];
    for (int i = 0; i < 4; i++) e1[i] = t[4 + i] - t[i], e2[i] = t[8 + i] - t[i], e3[i] = t[12 + i] - t[i];
    ak_mesh_cross4(n, e1, e2, e3);
    return norm4(n) / 6.0;
}

static void check_mesh_polytopes(ak_check_ctx *c) {
    static double tets[20000 * 16];
    const double phi = (1 + sqrt(5.0)) / 2;
    struct {
        ak_mesh_polytope k;
        const char *name;
        int facets, verts;
        double boundary, volume; // analytic 3-volume of the boundary, 4-volume
    } P[] = {
        {AK_POLYTOPE_5CELL, "5-cell", 5, 5, 5 * pow(2.5, 1.5) / (6 * sqrt(2.0)), sqrt(5.0) / 96 * 6.25},
        {AK_POLYTOPE_8CELL, "tesseract", 8, 16, 8.0, 1.0},
        {AK_POLYTOPE_16CELL, "16-cell", 16, 8, 16.0 / 3.0, 2.0 / 3.0},
        {AK_POLYTOPE_24CELL, "24-cell", 24, 24, 24 * sqrt(2.0) / 3 * pow(2.0, 1.5), 8.0},
        {AK_POLYTOPE_600CELL, "600-cell", 600, 120, 600 * pow(1 / phi, 3) / (6 * sqrt(2.0)), NAN},
    };
    int np = ak_quick(c) ? 4 : 5; // the 600-cell's brute-force hull takes seconds
    for (int q = 0; q < np; q++) {
        double v[120 * 4], N[4 * 1024], O[1024];
        int nv = ak_mesh_polytope_vertices(v, 120, P[q].k);
        int nf = ak_mesh_hull_facets4(N, O, 1024, v, nv, 1e-9);
        int nt = ak_mesh_hull_tets4(tets, 20000, v, nv, 1e-9);
        ak_expect(c, nv == P[q].verts && nf == P[q].facets && nt > 0 && nt <= 20000,
                  "%s: %d vertices, %d facets (want %d), %d tetrahedra", P[q].name, nv, nf, P[q].facets, nt);
        double bnd = 0, vol = 0;
        for (int t = 0; t < nt && t < 20000; t++) {
            bnd += tet_volume3(tets + 16 * t);
            double *T = tets + 16 * t;
            double a[4], b[4], cc[4], d[4];
            for (int i = 0; i < 4; i++) a[i] = T[i], b[i] = T[4 + i], cc[i] = T[8 + i], d[i] = T[12 + i];
            // cone from the origin: det(a, b, c, d) / 24 with the outward orientation
            double e1[4], e2[4], e3[4], n[4];
            for (int i = 0; i < 4; i++) e1[i] = b[i] - a[i], e2[i] = cc[i] - a[i], e3[i] = d[i] - a[i];
            ak_mesh_cross4(n, e1, e2, e3);
            vol += (n[0] * a[0] + n[1] * a[1] + n[2] * a[2] + n[3] * a[3]) / 24.0;
        }
        ak_measure(c, fabs(bnd - P[q].boundary) / P[q].boundary, TOL_MESH_EXACT,
                   "%s: boundary 3-volume %.12g against the analytic %.12g (relative)", P[q].name, bnd, P[q].boundary);
        if (!isnan(P[q].volume))
            ak_measure(c, fabs(vol - P[q].volume) / P[q].volume, TOL_MESH_EXACT,
                       "%s: 4-volume from the oriented mesh %.12g against the analytic %.12g (relative)", P[q].name, vol, P[q].volume);
    }
}

static void rotate_tets(double *tets, int nt, const double M[16]) {
    for (int q = 0; q < 4 * nt; q++) {
        double p[4], w[4];
        memcpy(p, tets + 4 * q, sizeof p);
        for (int r = 0; r < 4; r++) {
            w[r] = 0;
            for (int k = 0; k < 4; k++) w[r] += M[r * 4 + k] * p[k];
        }
        memcpy(tets + 4 * q, w, sizeof w);
    }
}

static void check_slice_volumes(ak_check_ctx *c) {
    static double tets[50000 * 16], tris[200000 * 9];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    ak_pose pose;
    random_pose(r, &pose, 0.0);
    const double *M = pose.rot;
    double w[4] = {0, 0, 0, 1}, mrot[4];
    for (int i = 0; i < 4; i++) mrot[i] = M[i * 4 + 3]; // M e_w
    double offsets[5] = {-0.45, -0.2, 0.0, 0.13, 0.37};
    // tesseract (edge 1): every slice w = c, |c| < 1/2, is a unit cube
    double v[120 * 4];
    int nv = ak_mesh_polytope_vertices(v, 120, AK_POLYTOPE_8CELL);
    int nt = ak_mesh_hull_tets4(tets, 50000, v, nv, 1e-9);
    double worst_t = 0, worst_16 = 0;
    for (int rot = 0; rot < 2; rot++) {
        if (rot) rotate_tets(tets, nt, M);
        for (int k = 0; k < 5; k++) {
            int ntri = ak_mesh_slice(tris, 200000, NULL, tets, nt, rot ? mrot : w, offsets[k]);
            worst_t = fmax(worst_t, fabs(ak_mesh_tri_volume(tris, ntri) - 1.0));
        }
    }
    ak_measure(c, worst_t, TOL_MESH_EXACT, "tesseract slices w = c (5 offsets, axis-aligned and rotated): max |volume - 1|");
    // 16-cell (vertices +-e_i): slice w = c is the octahedron |x|+|y|+|z| <= 1 - |c|
    nv = ak_mesh_polytope_vertices(v, 120, AK_POLYTOPE_16CELL);
    nt = ak_mesh_hull_tets4(tets, 50000, v, nv, 1e-9);
    for (int rot = 0; rot < 2; rot++) {
        if (rot) rotate_tets(tets, nt, M);
        for (int k = 0; k < 5; k++) {
            int ntri = ak_mesh_slice(tris, 200000, NULL, tets, nt, rot ? mrot : w, offsets[k]);
            double want = 4.0 / 3.0 * pow(1 - fabs(offsets[k]), 3);
            worst_16 = fmax(worst_16, fabs(ak_mesh_tri_volume(tris, ntri) - want) / want);
        }
    }
    ak_measure(c, worst_16, TOL_MESH_EXACT, "16-cell slices: max relative |volume - 4/3 (1-|c|)^3|");
    // hypersphere mesh (radius 1, k = 10): the mesh lies between the ball of its inner radius
    // r_in and the unit ball, so its slice volume lies between (4/3) pi (r^2 - c^2)^(3/2) for
    // r = r_in and r = 1.
    int kq = ak_quick(c) ? 6 : 10;
    ak_shape sph = {.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1.0};
    nt = ak_mesh_radial4(tets, 50000, &sph, kq);
    if (nt > 50000) {
        ak_expect(c, false, "hypersphere mesh too large for the buffer (%d tets)", nt);
        gsl_rng_free(r);
        return;
    }
    double rin = ak_mesh_inner_radius(tets, nt);
    double worst_rel = 0, viol = 0;
    for (int rot = 0; rot < 2; rot++) {
        if (rot) rotate_tets(tets, nt, M);
        for (int k = 0; k < 5; k++) {
            double cc = offsets[k];
            int ntri = ak_mesh_slice(tris, 200000, NULL, tets, nt, rot ? mrot : w, cc);
            double vol = ak_mesh_tri_volume(tris, ntri);
            double hi = 4.0 / 3.0 * M_PI * pow(1 - cc * cc, 1.5), lo = 4.0 / 3.0 * M_PI * pow(rin * rin - cc * cc, 1.5);
            viol = fmax(viol, fmax(vol - hi, lo - vol));
            worst_rel = fmax(worst_rel, fabs(vol - hi) / hi);
        }
    }
    gsl_rng_free(r);
    // Convergence: the deficit of the central slice should fall as 1/k^2 (ratio 4 from k=4 to 8;
    // even k so that the slice w = 0 runs through mesh vertices in both).
    double deficit[2];
    for (int q = 0; q < 2; q++) {
        int kk = q ? 8 : 4;
        int n2 = ak_mesh_radial4(tets, 50000, &sph, kk);
        int ntri = ak_mesh_slice(tris, 200000, NULL, tets, n2, w, 0.0);
        deficit[q] = 4.0 / 3.0 * M_PI - ak_mesh_tri_volume(tris, ntri);
    }
    double ratio = deficit[0] / deficit[1];
    ak_value(c, "sphere_deficit_k4", deficit[0]);
    ak_value(c, "sphere_deficit_k8", deficit[1]);
    ak_expect(c, ratio > 3.5 && ratio < 4.5, "hypersphere slice w=0: volume deficit %.5f (k=4) and %.5f (k=8), ratio %.3f ~ 4 (O(1/k^2))",
              deficit[0], deficit[1], ratio);
    ak_measure(c, fmax(viol, 0), TOL_MESH_EXACT, "hypersphere mesh (k=%d, %d tets, inner radius %.6f): slice volumes within the analytic bounds", kq, nt, rin);
    ak_value(c, "sphere_slice_rel_error", worst_rel);
    ak_note(c, "hypersphere mesh k=%d: largest relative slice-volume deficit %.4g (discretisation, O(1/k^2))", kq, worst_rel);
}

// Radial meshes of capsules and duocylinders: closed (4-volume through the oriented mesh is
// below the analytic volume and within the inner-radius bound); every vertex on the surface.
static void check_mesh_radial(ak_check_ctx *c) {
    static double tets[50000 * 16];
    ak_shape shapes[2] = {{.type = AK_SHAPE_HYPERCAPSULE, .dim = 4, .radius = 0.5, .half_length = 0.6},
                          {.type = AK_SHAPE_DUOCYLINDER, .dim = 4, .radii = {0.8, 0.5}}};
    const char *names[2] = {"hypercapsule", "duocylinder"};
    // 4-volumes: capsule = ball(r) + cylinder B^3(r) x [-h,h]; duocylinder = pi r1^2 pi r2^2
    double vol_true[2] = {M_PI * M_PI / 2 * pow(0.5, 4) + 4.0 / 3 * M_PI * pow(0.5, 3) * 1.2,
                          M_PI * 0.64 * M_PI * 0.25};
    int k = 10;
    for (int s = 0; s < 2; s++) {
        int nt = ak_mesh_radial4(tets, 50000, &shapes[s], k);
        if (nt < 0 || nt > 50000) {
            ak_expect(c, false, "%s mesh: %d tets does not fit the buffer", names[s], nt);
            continue;
        }
        double on = 0, vol = 0;
        ak_pose id = ak_pose_identity(4);
        for (int t = 0; t < nt; t++) {
            double *T = tets + 16 * t, e1[4], e2[4], e3[4], n[4];
            for (int q = 0; q < 4; q++) on = fmax(on, fabs(ak_sdf_shape(&shapes[s], &id, T + 4 * q, 0, NULL, NULL)));
            for (int i = 0; i < 4; i++) e1[i] = T[4 + i] - T[i], e2[i] = T[8 + i] - T[i], e3[i] = T[12 + i] - T[i];
            ak_mesh_cross4(n, e1, e2, e3);
            vol += (n[0] * T[0] + n[1] * T[1] + n[2] * T[2] + n[3] * T[3]) / 24.0;
        }
        ak_measure(c, on, TOL_ROUNDOFF, "%s mesh (k=%d): max |sdf| at the vertices", names[s], k);
        ak_expect(c, vol > 0.9 * vol_true[s] && vol <= vol_true[s] * (1 + 1e-12),
                  "%s mesh: oriented 4-volume %.6f, analytic %.6f (inscribed, so below)", names[s], vol, vol_true[s]);
    }
}

// The two displays of the same slice: the sphere tracer (SDFs) and the slicing display
// (tetrahedral meshes). The meshes are inscribed in the convex solids, so a ray that meets a mesh
// passes through a solid: wherever the slicing display draws an object, the tracer must hit one.
// The converse fails only in the thin band between mesh and surface.
static void check_mesh_view_vs_trace(ak_check_ctx *c) {
    static ak_render_scene s;
    char err[256];
    const char *names[3] = {"mixed", "polytopes", "capsules"};
    int nsc = ak_quick(c) ? 1 : 3;
    const int W = 160, H = 120;
    int *ids = malloc(sizeof(int) * W * H);
    ak_render_image img;
    if (!ids || !ak_render_image_alloc(&img, W, H)) {
        free(ids);
        ak_expect(c, false, "out of memory");
        return;
    }
    long mesh_only = 0, trace_only = 0, objpix = 0, total = 0;
    for (int q = 0; q < nsc; q++) {
        ak_render_builtin(&s, names[q], 0.0, err, sizeof err);
        ak_render_mesh_view(&s, &img, 8, ids);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                double o[4], d[4], t;
                int obj;
                ak_render_camera_ray(&s, W, H, x, y, o, d);
                bool hit = ak_render_trace(&s, o, d, &t, &obj, NULL);
                bool tobj = hit && obj >= 0 && s.obj[obj].shape.type != AK_SHAPE_HYPERPLANE;
                bool mobj = ids[y * W + x] >= 0;
                if (mobj && !tobj) mesh_only++;
                if (tobj && !mobj) trace_only++;
                if (tobj) objpix++;
                total++;
            }
    }
    free(ids);
    ak_render_image_free(&img);
    ak_measure(c, (double)mesh_only, 0.0, "pixels where the slicing display draws an object and the tracer sees none (%d scenes at %dx%d, %ld pixels)",
               nsc, W, H, total);
    ak_value(c, "trace_only_fraction_of_object_pixels", (double)trace_only / (double)(objpix ? objpix : 1));
    ak_note(c, "object pixels only the tracer sees (band between inscribed mesh and surface): %ld of %ld (%.2f%%)",
            trace_only, objpix, 100.0 * trace_only / (objpix ? objpix : 1));
    ak_expect(c, objpix > 0, "the scenes show objects (%ld object pixels)", objpix);
}

// ---- GLSL against C, golden images ---------------------------------------------------

static bool vk_must_run(void) {
    const char *ci = getenv("CI");
    return ci && *ci;
}

static void check_glsl_sdf(ak_check_ctx *c) {
    static ak_render_scene s;
    char err[512];
    long n = ak_samples(c, 10000, 2000);
    double *pts = malloc(sizeof(double) * 4 * (size_t)n), *gd = malloc(sizeof(double) * (size_t)n);
    const char *names[3] = {"mixed", "polytopes", "capsules"};
    double worst = 0;
    int ran = 0;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    for (int q = 0; q < 3 && pts && gd; q++) {
        ak_render_builtin(&s, names[q], 0.0, err, sizeof err);
        for (long k = 0; k < 4 * n; k++) pts[k] = urand(r, -4, 4);
        int rc = ak_render_vk_sdf_probe(&s, pts, (int)n, gd, err, sizeof err);
        if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
            if (vk_must_run()) ak_expect(c, false, "Vulkan needed in CI (CI is set): %s", err);
            else ak_note(c, "GLSL comparison skipped: %s (CI not set)", err);
            break;
        }
        ak_expect(c, rc == AK_VK_OK, "GLSL SDF probe on scene %s: %s", names[q], rc == AK_VK_OK ? "ran" : err);
        if (rc != AK_VK_OK) break;
        ran++;
        for (long k = 0; k < n; k++) {
            float pf[4] = {(float)pts[4 * k], (float)pts[4 * k + 1], (float)pts[4 * k + 2], (float)pts[4 * k + 3]};
            double pd[4] = {pf[0], pf[1], pf[2], pf[3]}; // the point the GPU saw
            double d = ak_render_scene_sdf(&s, pd, NULL);
            worst = fmax(worst, fabs(d - gd[k]));
        }
    }
    gsl_rng_free(r);
    free(pts);
    free(gd);
    // The CPU side always measures something: the scene SDF at a known point.
    ak_render_builtin(&s, "spheres", 0.0, err, sizeof err);
    double x[4] = {-1.7, 0.7, 0, 0};
    ak_measure(c, fabs(ak_render_scene_sdf(&s, x, NULL) + 0.7), TOL_ROUNDOFF, "C scene SDF at the red sphere's centre is -r");
    if (ran) ak_measure(c, worst, TOL_GLSL_SDF, "GLSL (float) against C (double) scene SDF, %d scenes x %ld points in [-4,4]^4", ran, n);
    ak_value(c, "glsl_max_abs_diff", worst);
}

static void write_diff(ak_check_ctx *c, const char *name, const ak_render_image *a, const ak_render_image *b) {
    ak_render_image d;
    if (!ak_render_image_alloc(&d, a->width, a->height)) return;
    ak_render_diff st;
    ak_render_image_compare(&st, a, b, GOLD_THRESHOLD, &d);
    const char *dir = ak_artifact_dir(c);
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/render-diff-%s.png", dir ? dir : ".", name);
    if (ak_render_png_write(path, &d, err, sizeof err)) ak_note(c, "diff image written: %s", path);
    ak_render_image_free(&d);
}

static void check_golden(ak_check_ctx *c) {
    const char *const *names = ak_render_builtin_names();
    static ak_render_scene s;
    char err[512], path[1024];
    const char *src = getenv("AK_SOURCE_DIR");
#ifdef AK_SOURCE_DIR
    if (!src) src = AK_SOURCE_DIR;
#endif
    bool gpu_skip = false;
    ak_vk_renderer *vk = NULL;
    double worst_frac = 0, worst_mean = 0, cpu_worst = 0;
    int worst_max = 0, n = 0;
    int limit = ak_quick(c) ? 1 : 100;
    for (int q = 0; names[q] && q < limit; q++) {
        snprintf(path, sizeof path, "%s/verify/golden/%s.png", src ? src : ".", names[q]);
        ak_render_image gold, img;
        if (!ak_render_png_read(path, &gold, err, sizeof err)) {
            ak_expect(c, false, "golden image %s: %s", names[q], err);
            continue;
        }
        ak_render_builtin(&s, names[q], 0.0, err, sizeof err);
        ak_render_image_alloc(&img, gold.width, gold.height);
        // 1. the CPU reference tracer reproduces its golden image
        ak_render_cpu(&s, &img);
        ak_render_diff st;
        ak_render_image_compare(&st, &gold, &img, GOLD_THRESHOLD, NULL);
        cpu_worst = fmax(cpu_worst, st.frac_over);
        ak_measure(c, st.frac_over, GOLD_FRAC, "%s: CPU tracer vs golden: %.4f%% of pixels over %d/255, mean %.5f, max %d",
                   names[q], 100 * st.frac_over, GOLD_THRESHOLD, st.mean_abs, st.max_abs);
        // 2. Vulkan against the golden image (one renderer for all scenes)
        if (!gpu_skip && !vk) {
            int rc = ak_render_vk_open(&vk, -1, err, sizeof err);
            if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
                gpu_skip = true;
                if (vk_must_run()) ak_expect(c, false, "Vulkan device needed in CI (CI is set): %s", err);
                else ak_note(c, "Vulkan comparison skipped: %s (CI not set)", err);
            } else if (rc != AK_VK_OK) {
                gpu_skip = true;
                ak_expect(c, false, "Vulkan: %s", err);
            }
        }
        if (vk) {
            int rc = ak_render_vk_draw(vk, &s, &img, err, sizeof err);
            if (rc != AK_VK_OK) {
                ak_expect(c, false, "Vulkan render of %s: %s", names[q], err);
            } else {
                const char *dev = ak_render_vk_device_name(vk);
                ak_render_image_compare(&st, &gold, &img, GOLD_THRESHOLD, NULL);
                bool pass = st.frac_over <= GOLD_FRAC && st.mean_abs <= GOLD_MEAN;
                if (!pass) write_diff(c, names[q], &gold, &img);
                ak_measure(c, st.frac_over, GOLD_FRAC, "%s: Vulkan (%s) vs golden: %.4f%% of pixels over %d/255",
                           names[q], dev, 100 * st.frac_over, GOLD_THRESHOLD);
                ak_measure(c, st.mean_abs, GOLD_MEAN, "%s: Vulkan vs golden: mean absolute difference %.5f (8-bit steps), max %d",
                           names[q], st.mean_abs, st.max_abs);
                worst_frac = fmax(worst_frac, st.frac_over);
                worst_mean = fmax(worst_mean, st.mean_abs);
                if (st.max_abs > worst_max) worst_max = st.max_abs;
                n++;
            }
        }
        ak_render_image_free(&img);
        ak_render_image_free(&gold);
    }
    ak_render_vk_close(vk);
    // The metric can fail: the spheres scene with its slice moved by 0.05 along w.
    snprintf(path, sizeof path, "%s/verify/golden/spheres.png", src ? src : ".");
    ak_render_image gold, img;
    if (ak_render_png_read(path, &gold, err, sizeof err)) {
        ak_render_builtin(&s, "spheres", 0.0, err, sizeof err);
        s.cam.slice += 0.05;
        ak_render_image_alloc(&img, gold.width, gold.height);
        ak_render_cpu(&s, &img);
        ak_render_diff st;
        ak_render_image_compare(&st, &gold, &img, GOLD_THRESHOLD, NULL);
        ak_value(c, "sensitivity_frac_over", st.frac_over);
        ak_value(c, "sensitivity_mean_abs", st.mean_abs);
        ak_expect(c, st.frac_over > GOLD_FRAC, "sensitivity: slice moved by 0.05 gives %.3f%% of pixels over %d/255 (> %.1f%%: detected)",
                  100 * st.frac_over, GOLD_THRESHOLD, 100 * GOLD_FRAC);
        ak_render_image_free(&img);
        ak_render_image_free(&gold);
    }
    ak_value(c, "gpu_scenes", n);
    ak_value(c, "gpu_worst_frac_over", worst_frac);
    ak_value(c, "gpu_worst_mean_abs", worst_mean);
    ak_value(c, "gpu_worst_max_abs", worst_max);
    ak_value(c, "cpu_worst_frac_over", cpu_worst);
}

// The six regular 4-polytopes from their facet planes over a ground hyperplane added last, the
// camera low enough that the far ground meets the sky (the bundled scene regular_polytopes_4d):
// Vulkan against the CPU reference tracer by the golden rule. Horizon rays sphere-trace the
// ground at a grazing angle for up to AK_RT_MAX_STEPS steps; lavapipe ends every loop of an
// invocation after 65535 loop iterations in all, so a shader that runs each polytope's facet loop
// (773 planes here) at every step stops those rays early: before the fix, a band of sky and of the
// first object's colour along the horizon: 8.6% of the pixels over the threshold, mean 4.5.
static bool add_regular_polytope(ak_render_scene *s, const char *name, double x, const double col[3], char *err,
                                 size_t errlen) {
    const ak_polytope_info *info = ak_polytope_find(name);
    if (!info) {
        snprintf(err, errlen, "%s is not in ref/geom/polytope", name);
        return false;
    }
    int nv = info->nverts, nf = info->nfacets;
    double *v = malloc(sizeof(double) * 4 * (size_t)nv), *nrm = malloc(sizeof(double) * 4 * (size_t)nf);
    double *pl = malloc(sizeof(double) * 5 * (size_t)nf);
    bool ok = v && nrm && pl && ak_polytope_vertices(name, 0.5, v, nv) == nv &&
              ak_polytope_facet_normals(name, nrm, nf) == nf &&
              ak_convex_facets_from_normals(4, pl, nf, v, nv, nrm, nf) == nf;
    if (!ok) snprintf(err, errlen, "%s: vertices or facet planes not computed", name);
    if (ok) {
        // turned by 0.3 in xy and 0.2 in zw (commuting plane rotations), centre (x, 1, 0, 0)
        ak_pose pose = ak_pose_identity(4);
        double a = 0.3, b = 0.2;
        pose.rot[0] = cos(a), pose.rot[1] = -sin(a), pose.rot[4] = sin(a), pose.rot[5] = cos(a);
        pose.rot[10] = cos(b), pose.rot[11] = -sin(b), pose.rot[14] = sin(b), pose.rot[15] = cos(b);
        pose.pos[0] = x, pose.pos[1] = 1.0;
        ak_shape sh = {.type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v, .nfacets = nf, .facets = pl};
        ok = ak_render_scene_add(s, &sh, &pose, col, err, errlen) >= 0;
    }
    free(v), free(nrm), free(pl);
    return ok;
}

static void check_polytopes_horizon(ak_check_ctx *c) {
    static ak_render_scene s;
    char err[512], dev[256];
    static const char *const names[6] = {"5-cell", "8-cell", "16-cell", "24-cell", "120-cell", "600-cell"};
    static const double cols[6][3] = {{0.55, 0.25, 0.08}, {0.05, 0.45, 0.65}, {0.85, 0.65, 0.1},
                                      {0.55, 0.25, 0.75}, {0.45, 0.65, 0.2}, {0.35, 0.7, 0.85}};
    ak_render_scene_init(&s);
    s.nobj = 0;
    bool ok = true;
    for (int k = 0; k < 6 && ok; k++) ok = add_regular_polytope(&s, names[k], -3.75 + 1.5 * k, cols[k], err, sizeof err);
    ak_shape g = {.type = AK_SHAPE_HYPERPLANE, .dim = 4, .normal = {0, 1, 0, 0}, .offset = 0};
    ak_pose id = ak_pose_identity(4);
    double gcol[3] = {0.72, 0.72, 0.68};
    if (ok) ok = ak_render_scene_add(&s, &g, &id, gcol, err, sizeof err) >= 0;
    ak_expect(c, ok && s.nplanes == 5 + 8 + 16 + 24 + 120 + 600, "scene: six regular polytopes (%d facet planes) and the ground: %s",
              s.nplanes, ok ? "built" : err);
    if (!ok) return;
    double tg[4] = {0, 0.8, 0, 0};
    ak_render_camera_orbit(&s.cam, tg, 7.5, 0.0, 8.0, 0.0);
    ak_render_image cpu, gpu;
    if (!ak_render_image_alloc(&cpu, GOLD_W, GOLD_H) || !ak_render_image_alloc(&gpu, GOLD_W, GOLD_H)) {
        ak_expect(c, false, "image allocation");
        return;
    }
    ak_render_cpu(&s, &cpu);
    // the CPU image shows both sides of the horizon: sky above, ground below, in every column
    long sky_top = 0, ground_bottom = 0;
    for (int x = 0; x < GOLD_W; x++) {
        const unsigned char *top = cpu.rgb + 3 * (size_t)x, *bot = cpu.rgb + 3 * ((size_t)(GOLD_H - 1) * GOLD_W + x);
        sky_top += top[2] > top[0] + 20;                          // the sky is blue
        ground_bottom += abs((int)bot[2] - (int)bot[0]) < 20; // the ground is grey
    }
    ak_expect(c, sky_top == GOLD_W && ground_bottom == GOLD_W, "the view holds the horizon: sky in %ld/%d top pixels, ground in %ld/%d bottom pixels",
              sky_top, GOLD_W, ground_bottom, GOLD_W);
    int rc = ak_render_vk(&s, &gpu, -1, dev, sizeof dev, err, sizeof err);
    if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
        if (vk_must_run()) ak_expect(c, false, "Vulkan device needed in CI (CI is set): %s", err);
        else ak_note(c, "Vulkan comparison skipped: %s (CI not set)", err);
    } else if (rc != AK_VK_OK) {
        ak_expect(c, false, "Vulkan render: %s", err);
    } else {
        ak_render_diff st;
        ak_render_image_compare(&st, &cpu, &gpu, GOLD_THRESHOLD, NULL);
        if (st.frac_over > GOLD_FRAC || st.mean_abs > GOLD_MEAN) write_diff(c, "polytopes_horizon", &cpu, &gpu);
        ak_measure(c, st.frac_over, GOLD_FRAC, "regular polytopes at the horizon: Vulkan (%s) vs CPU tracer: %.4f%% of pixels over %d/255",
                   dev, 100 * st.frac_over, GOLD_THRESHOLD);
        ak_measure(c, st.mean_abs, GOLD_MEAN, "regular polytopes at the horizon: mean absolute difference %.5f (8-bit steps), max %d",
                   st.mean_abs, st.max_abs);
        ak_value(c, "horizon_frac_over", st.frac_over);
        ak_value(c, "horizon_mean_abs", st.mean_abs);
    }
    ak_render_image_free(&cpu);
    ak_render_image_free(&gpu);
}

static const ak_check CHECKS[] = {
    {"render.sdf.hypersphere", "T-E.sphere", "hypersphere SDF vs analytic projection and GSL multimin, 10^4 random points and poses", check_sdf_sphere},
    {"render.sdf.hypercapsule", "T-E.capsule", "hypercapsule SDF vs segment projection and GSL multimin", check_sdf_capsule},
    {"render.sdf.hyperbox", "T-E.box", "hyperbox SDF vs clamp projection / nearest facet and GSL multimin", check_sdf_box},
    {"render.sdf.duocylinder", "", "duocylinder SDF vs per-disk projection and GSL multimin", check_sdf_duocylinder},
    {"render.sdf.hyperplane", "T-E.plane T-3.9", "half-space SDF vs foot of the perpendicular, n = 2..5", check_sdf_plane},
    {"render.sdf.nd", "T-E.sphere T-E.capsule T-E.box", "n-D SDFs (n = 2..5) vs analytic projections", check_sdf_nd},
    {"render.sdf.convex", "", "polytope half-space SDF: exact inside, lower bound outside (GSL multimin over the hull)", check_sdf_convex},
    {"render.sdf.union", "T-E.union", "union of hyperspheres: exact outside, bound inside, vs the analytic union distance", check_sdf_union},
    {"render.sdf.scene", "T-E.union", "renderer scene SDF (bounding-ball culling) vs the plain union, bit for bit", check_scene_sdf},
    {"render.published.sdf", "T-E.sphere T-E.capsule T-E.box T-E.plane", "App. E SDFs as printed vs exact; capsule counterexample", check_published_sdf},
    {"render.published.trace", "T-Alg14", "Algorithm 14 as printed: iteration cap never fires; corrected tracer stops", check_published_trace},
    {"render.published.shading", "T-Alg15 T-6.1 T-6.1cam", "Alg. 15 normal length, Lambert sign, camera ray direction as printed vs corrected", check_published_normal_lambert_camera},
    {"render.tracer.hits_sphere", "T-Alg14 T-6.1cam", "CPU tracer hits vs analytic ray-hypersphere, 10^4 random rays", check_hits_sphere},
    {"render.tracer.hits_box", "T-Alg14", "CPU tracer hits vs analytic ray-hyperbox slab test, 10^4 random rays", check_hits_box},
    {"render.tracer.fast_equals_plain", "T-Alg14 T-6.2.2 T-E.union", "CPU tracer fast path vs plain path, byte for byte: built-in scenes, grazing camera, tilted ground", check_fast_equals_plain},
    {"render.tracer.hits_120cell", "T-Alg14", "120-cell (600 vertices) from its facet planes: planes vs vertices, tracer hits vs Cyrus-Beck clipping", check_120cell},
    {"render.tracer.soft_shadow", "T-6.2.2", "soft-shadow factor vs a dense evaluation of k d/t and the analytic ray-sphere test", check_soft_shadow},
    {"render.mesh.polytopes", "B-8slice", "hull meshes of the regular polytopes: facet counts, boundary and 4-volumes vs analytic", check_mesh_polytopes},
    {"render.mesh.radial", "B-8slice", "tessellated capsule and duocylinder meshes: vertices on the surface, inscribed volume", check_mesh_radial},
    {"render.mesh.slice_volumes", "B-8slice", "slice volumes of tesseract, 16-cell, hypersphere meshes vs analytic cross-sections", check_slice_volumes},
    {"render.mesh.view_vs_trace", "B-8slice T-Alg14", "slicing display (meshes) vs sphere tracer (SDFs): object pixels of the same slice", check_mesh_view_vs_trace},
    {"render.glsl.sdf", "T-E.union", "GLSL scene SDF (Vulkan, float) vs C (double) on 10^4 points per scene", check_glsl_sdf},
    {"render.golden", "T-6.1 T-6.2.2 T-Alg14 T-Alg15", "bundled scenes: CPU tracer and Vulkan vs golden PNGs", check_golden},
    {"render.golden.polytopes_horizon", "T-Alg14 T-6.1", "six regular 4-polytopes (facet planes) at the horizon: Vulkan vs CPU tracer by the golden rule", check_polytopes_horizon},
};

AK_GROUP(render, CHECKS)
