// Group "world": polytope manifolds and regular polytopes in the world step
#include "verify/checks/checks_world_common.h"

// ---- polytope manifolds and regular polytopes in the world step ----

#define TOL_REST 1e-6 ///< a resting polytope: largest vertex displacement (m) over the run
#define TOL_SAME 1e-6 ///< convex tesseract vs the equal hyperbox: largest position difference (m)

static const char *TESS_VERTS =
    "[[-0.5,-0.5,-0.5,-0.5],[0.5,-0.5,-0.5,-0.5],[-0.5,0.5,-0.5,-0.5],[0.5,0.5,-0.5,-0.5],"
    "[-0.5,-0.5,0.5,-0.5],[0.5,-0.5,0.5,-0.5],[-0.5,0.5,0.5,-0.5],[0.5,0.5,0.5,-0.5],"
    "[-0.5,-0.5,-0.5,0.5],[0.5,-0.5,-0.5,0.5],[-0.5,0.5,-0.5,0.5],[0.5,0.5,-0.5,0.5],"
    "[-0.5,-0.5,0.5,0.5],[0.5,-0.5,0.5,0.5],[-0.5,0.5,0.5,0.5],[0.5,0.5,0.5,0.5]]";

// Largest displacement of the vertices of body 0 (given in its body frame) from the start.
static double vertex_disp(int n, const ak_data *d, const double x0[], const double R0[],
                          const double *v, int nv) {
    double worst = 0;
    for (int k = 0; k < nv; k++) {
        double a[AK_MAX_DIM], b[AK_MAX_DIM], e = 0;
        ak_nd_rotor_apply(n, a, d->R, v + k * n);
        ak_nd_rotor_apply(n, b, R0, v + k * n);
        for (int i = 0; i < n; i++) e += pow(d->x[i] + a[i] - x0[i] - b[i], 2);
        worst = fmax(worst, sqrt(e));
    }
    return worst;
}

// The case: a convex tesseract (16 vertices) resting on a fixed hyperbox for 5 s, and
// the same body as a hyperbox, resting and sliding (2 s at 2 m/s): the two runs must agree.
static void convex_tesseract(ak_check_ctx *c) {
    char text[4096];
    double worst_rest = 0, diff_rest = 0, diff_slide = 0;
    int counts[2] = { 0, 0 };
    for (int slide = 0; slide < 2; slide++) {
        ak_model *ms[2] = { NULL, NULL };
        ak_data *ds[2] = { NULL, NULL };
        for (int k = 0; k < 2; k++) {
            char shape[1024];
            if (k == 0)
                snprintf(shape, sizeof shape, "{\"type\": \"convex\", \"vertices\": %s}",
                         TESS_VERTS);
            else
                snprintf(shape, sizeof shape,
                         "{\"type\": \"hyperbox\", \"half_extents\": [0.5, 0.5, 0.5, 0.5]}");
            snprintf(text, sizeof text,
                     "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"gravity\": [0, -9.81, 0, 0], "
                     "\"timestep\": 0.01,"
                     " \"bodies\": [{\"name\": \"cube\", \"shape\": %s, \"mass\": 1, \"position\": "
                     "[0, 0.5, 0, 0],"
                     " \"velocity\": %s},"
                     " {\"name\": \"table\", \"fixed\": true, \"shape\": {\"type\": \"hyperbox\", "
                     "\"half_extents\": [4, 0.5, 4, 4]},"
                     " \"position\": [0, -0.5, 0, 0]}]}",
                     shape, slide ? "[2, 0, 0.5, 0.3]" : "[0, 0, 0, 0]");
            ms[k] = world_parse_text(c, text, &ds[k]);
        }
        if (!ms[0] || !ms[1]) {
            for (int k = 0; k < 2; k++) ak_data_free(ds[k]), ak_model_free(ms[k]);
            return;
        }
        double x0[AK_MAX_DIM], R0[AK_MAX_EVEN];
        memcpy(x0, ds[1]->x, sizeof x0);
        memcpy(R0, ds[1]->R, sizeof R0);
        ak_world_opts o = ak_world_default_opts(ms[0]);
        long steps = slide ? 200 : 500;
        char err[1024];
        for (long s = 1; s <= steps; s++) {
            for (int k = 0; k < 2; k++)
                if (ak_world_step(ms[k], ds[k], &o, err, sizeof err)) {
                    world_load_fail(c, "step", err);
                    s = steps + 1;
                    break;
                }
            if (s == 1)
                for (int k = 0; k < 2; k++)
                    counts[k] = ds[k]->contacts ? ds[k]->contacts->step.npoint : 0;
            double e = 0;
            for (int i = 0; i < 4; i++) e = fmax(e, fabs(ds[0]->x[i] - ds[1]->x[i]));
            double ev = vertex_disp(4, ds[0], ds[1]->x, ds[1]->R, ms[0]->bodies[0].shape.verts, 16);
            if (slide)
                diff_slide = fmax(diff_slide, fmax(e, ev));
            else {
                diff_rest = fmax(diff_rest, fmax(e, ev));
                worst_rest = fmax(worst_rest,
                                  vertex_disp(4, ds[0], x0, R0, ms[0]->bodies[0].shape.verts, 16));
            }
        }
        for (int k = 0; k < 2; k++) ak_data_free(ds[k]), ak_model_free(ms[k]);
    }
    ak_expect(c, counts[0] == 8 && counts[1] == 8,
              "contacts at the first step: convex %d, hyperbox %d (8 expected: the corners of the "
              "resting cell)",
              counts[0], counts[1]);
    ak_measure(
        c, worst_rest, TOL_REST,
        "convex tesseract resting 5 s on a fixed hyperbox: largest vertex displacement %.2e m",
        worst_rest);
    ak_measure(c, fmax(diff_rest, diff_slide), TOL_SAME,
               "convex tesseract vs the equal hyperbox, largest vertex distance between the two "
               "runs: resting 5 s %.2e m, "
               "sliding 2 s from 2 m/s %.2e m",
               diff_rest, diff_slide);
}

// out = rotation matrix taking the unit vector a to the unit vector b (two reflections).
static void rotation_a_to_b(int n, double M[], const double a[], const double b[]) {
    double c[AK_MAX_DIM], l = 0;
    for (int i = 0; i < n; i++) c[i] = a[i] + b[i], l += c[i] * c[i];
    l = sqrt(l);
    double u[AK_MAX_DIM], w[AK_MAX_DIM];
    if (l < 1e-9) { // a = -b: reflect in a, then in a direction orthogonal to it
        memcpy(u, a, sizeof(double) * (size_t)n);
        int ax = 0;
        for (int i = 1; i < n; i++)
            if (fabs(a[i]) < fabs(a[ax])) ax = i;
        double t = a[ax], lw = 0;
        for (int i = 0; i < n; i++) w[i] = (i == ax) - t * a[i], lw += w[i] * w[i];
        for (int i = 0; i < n; i++) w[i] /= sqrt(lw);
    } else {
        for (int i = 0; i < n; i++) u[i] = c[i] / l;
        memcpy(w, b, sizeof(double) * (size_t)n);
    }
    // M = S_w S_u, S_x = I - 2 x x^T
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                double sw = (i == k) - 2 * w[i] * w[k], su = (k == j) - 2 * u[k] * u[j];
                s += sw * su;
            }
            M[i * n + j] = s;
        }
}

// Every regular polytope resting on facet after facet, on the ground plane and on a fixed
// hyperbox, 10 s at 60 Hz: the largest vertex displacement stays below 1e-6 m. The solver runs
// REST_ITERS iterations so that each step's contact problem is solved (50 give 1e-15 m
// for the 5-cell): what is measured is the manifold. The default 10 iterations leave a settling
// transient of up to ~1e-4 m in the first steps on 3- and 4-point facets (then the body stays),
// reported as a note.
#define REST_ITERS                                                                                 \
    100 ///< solver iterations of the rest runs: the contact problem solved (see below)

static void polytopes_rest(ak_check_ctx *c) {
    double worst = 0, worst10 = 0;
    long runs = 0, fails = 0;
    char where[160] = "", where10[160] = "";
    int per = (int)ak_samples(
        c, 24, 2); // facets per polytope: full mode all but the 120- and 600-cell (24 each, spread)
    for (int t = 0; t < ak_polytope_count(); t++) {
        const ak_polytope_info *P = ak_polytope_at(t);
        int n = P->dim;
        for (int ground = 0; ground < 2; ground++) {
            char text[2048];
            snprintf(text, sizeof text,
                     "{\"format\": \"anakata-scene/1\", \"dim\": %d, \"gravity\": [0, -9.81, 0%s], "
                     "\"timestep\": %.17g,"
                     " \"bodies\": [{\"name\": \"p\", \"shape\": {\"type\": \"polytope\", "
                     "\"name\": \"%s\", \"size\": 0.5}, \"mass\": 1},"
                     " %s]}",
                     n, n == 4 ? ", 0" : "", 1.0 / 60, P->name,
                     ground ? (n == 4 ? "{\"name\": \"g\", \"fixed\": true, \"shape\": {\"type\": "
                                        "\"hyperbox\", \"half_extents\": [3, 0.5, 3, 3]}, "
                                        "\"position\": [0, -0.5, 0, 0]}"
                                      : "{\"name\": \"g\", \"fixed\": true, \"shape\": {\"type\": "
                                        "\"hyperbox\", \"half_extents\": [3, 0.5, 3]}, "
                                        "\"position\": [0, -0.5, 0]}")
                            : (n == 4 ? "{\"name\": \"g\", \"shape\": {\"type\": \"hyperplane\", "
                                        "\"normal\": [0, 1, 0, 0]}}"
                                      : "{\"name\": \"g\", \"shape\": {\"type\": \"hyperplane\", "
                                        "\"normal\": [0, 1, 0]}}"));
            ak_data *d0 = NULL;
            ak_model *m = world_parse_text(c, text, &d0);
            if (!m) return;
            const ak_shape *s = &m->bodies[0].shape;
            int nf = s->nfacets, count = ground ? 1 : (per < nf ? per : nf);
            for (int q = 0; q < count; q++) {
                int f = (int)((long)q * nf / count);
                const double *pl = s->facets + f * (n + 1);
                double down[AK_MAX_DIM] = { 0 }, M[AK_MAX_DIM * AK_MAX_DIM];
                down[1] = -1;
                rotation_a_to_b(n, M, pl, down);
                ak_data *d = ak_data_create(m);
                ak_data_copy(m, d, d0);
                if (ak_nd_rotor_from_frame(n, d->R, M)) {
                    fails++;
                    ak_data_free(d);
                    continue;
                }
                for (int i = 0; i < n; i++) d->x[i] = 0;
                d->x[1] = pl[n]; // the facet on y = 0
                double x0[AK_MAX_DIM], R0[AK_MAX_EVEN];
                memcpy(x0, d->x, sizeof x0);
                memcpy(R0, d->R, sizeof R0);
                ak_world_opts o = ak_world_default_opts(m);
                char err[1024];
                ak_data *d10 = NULL;
                if (q == 0) { // the default 10 iterations too, reported
                    d10 = ak_data_create(m);
                    ak_data_copy(m, d10, d);
                }
                double w = 0, w10 = 0;
                for (long st = 1; st <= 600; st++) {
                    m->solver.iterations = REST_ITERS;
                    int bad = ak_world_step(m, d, &o, err, sizeof err);
                    m->solver.iterations = 10;
                    if (!bad && d10) bad = ak_world_step(m, d10, &o, err, sizeof err);
                    if (bad) {
                        fails++;
                        break;
                    }
                    if (st % 20 == 0 || st == 600) {
                        w = fmax(w, vertex_disp(n, d, x0, R0, s->verts, s->nverts));
                        if (d10) w10 = fmax(w10, vertex_disp(n, d10, x0, R0, s->verts, s->nverts));
                    }
                }
                if (w > worst) {
                    worst = w;
                    snprintf(where, sizeof where, "%s on facet %d (%s)", P->name, f,
                             ground ? "hyperbox" : "plane");
                }
                if (w10 > worst10) {
                    worst10 = w10;
                    snprintf(where10, sizeof where10, "%s on facet %d (%s)", P->name, f,
                             ground ? "hyperbox" : "plane");
                }
                runs++;
                ak_data_free(d);
                ak_data_free(d10);
            }
            ak_data_free(d0);
            ak_model_free(m);
        }
    }
    ak_expect(c, fails == 0,
              "%ld rest runs (5 Platonic solids and 6 regular 4-polytopes, on the ground plane "
              "facet by facet, "
              "and on a fixed hyperbox), %ld failures",
              runs, fails);
    ak_measure(
        c, worst, TOL_REST,
        "largest vertex displacement over 10 s at 60 Hz with %d solver iterations: %.2e m (%s)",
        REST_ITERS, worst, where);
    ak_note(c,
            "with the default 10 iterations (first facet of each, not gated: the unconverged first "
            "steps tilt and sink the "
            "body before warm starting settles it; then it stays): %.2e m (%s)",
            worst10, where10);
}

static const ak_check CHECKS[] = {
    { "world.convex_tesseract", "G-CLIP.1 G-CLIP.2 G-CLIP.3 G-CLIP.4",
      "convex tesseract on a fixed hyperbox: rests (1e-6 m / 5 s) and moves as the equal hyperbox, "
      "resting and sliding",
      convex_tesseract },
    { "world.polytopes_rest", "G-POLY.1 G-POLY.2 G-POLY.3 G-CLIP.1 G-CLIP.4",
      "each regular polytope rests on its facets (plane, hyperbox) 10 s: drift < 1e-6 m",
      polytopes_rest },
};

AK_TOPIC(world_polytopes, CHECKS)
