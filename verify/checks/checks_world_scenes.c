// Group "world": stacks, dominoes, determinism, published vs corrected, PGA, K matrix, shock propagation, every scene runs, printed forms
#include "verify/checks/checks_world_common.h"

// ---- stacks ---------------------------------------------------------------------------------

typedef struct stack_result {
    double drift, jitter, sink;
    int ok;
    long nsteps; // steps run (for the report's traces)
    double dt;
} stack_result;

// Run a stack scene 10 s; drift and jitter measured after a 1 s settle. disp_t / speed_t
// (optional, for the report; nsteps values): largest displacement from the start and largest
// body speed after every step, at most cap values.
static stack_result run_stack(ak_check_ctx *c, const char *file, int variant, double seconds,
                              double *disp_t, double *speed_t, long cap) {
    stack_result r = { 0, 0, 0, 0, 0, 0 };
    char path[1024], err[1024];
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(world_scene_path(c, file, path, sizeof path), &d, err, sizeof err);
    if (!m) {
        world_load_fail(c, file, err);
        return r;
    }
    if (variant >= 0) m->solver.variant = (ak_variant)variant; // -1: the scene's
    int n = m->dim;
    double *x0 = calloc((size_t)m->nbody * AK_MAX_DIM, sizeof(double));
    double *x1 = calloc((size_t)m->nbody * AK_MAX_DIM, sizeof(double));
    memcpy(x0, d->x, (size_t)m->nbody * AK_MAX_DIM * sizeof(double));
    ak_world_opts o = ak_world_default_opts(m);
    long nsteps = lround(seconds / o.dt), settle = lround(1.0 / o.dt);
    r.ok = 1;
    r.dt = o.dt;
    r.nsteps = nsteps < cap ? nsteps : cap;
    if (!disp_t || !speed_t) disp_t = speed_t = NULL;
    for (long s = 1; s <= nsteps; s++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            world_load_fail(c, file, err);
            r.ok = 0;
            break;
        }
        if (s == settle) memcpy(x1, d->x, (size_t)m->nbody * AK_MAX_DIM * sizeof(double));
        bool rec = disp_t && s <= cap;
        if (rec) disp_t[s - 1] = speed_t[s - 1] = 0;
        for (int b = 0; b < m->nbody; b++) {
            if (!ak_solver_body_moves(m, b)) continue;
            double dx = 0, vv = 0, sk = 0;
            for (int i = 0; i < n; i++) {
                double e = d->x[(size_t)b * AK_MAX_DIM + i] - x1[(size_t)b * AK_MAX_DIM + i];
                double e0 = d->x[(size_t)b * AK_MAX_DIM + i] - x0[(size_t)b * AK_MAX_DIM + i];
                dx += e * e, sk += e0 * e0;
                vv += d->v[(size_t)b * AK_MAX_DIM + i] * d->v[(size_t)b * AK_MAX_DIM + i];
            }
            if (s >= settle) {
                r.drift = fmax(r.drift, sqrt(dx));
                r.jitter = fmax(r.jitter, sqrt(vv));
            }
            r.sink = fmax(r.sink, sqrt(sk));
            if (rec) {
                disp_t[s - 1] = fmax(disp_t[s - 1], sqrt(sk));
                speed_t[s - 1] = fmax(speed_t[s - 1], sqrt(vv));
            }
        }
    }
    free(x0);
    free(x1);
    ak_model_free(m);
    ak_data_free(d);
    return r;
}

static void check_stack(ak_check_ctx *c, const char *file) {
    stack_result r = run_stack(c, file, -1, 10.0, NULL, NULL, 0);
    if (!r.ok) return;
    ak_measure(c, r.drift, TOL_DRIFT, "%s: largest displacement 1..10 s after a 1 s settle (m)",
               file);
    ak_measure(c, r.jitter, TOL_JITTER, "%s: largest body speed 1..10 s (m/s)", file);
    ak_value(c, "drift_m", r.drift);
    ak_value(c, "jitter_m_s", r.jitter);
    ak_value(c, "displacement_from_start_m", r.sink);
    ak_note(c,
            "%s: drift %.3e m, jitter %.3e m/s, largest displacement from the start %.3e m "
            "(the settle into the slop)",
            file, r.drift, r.jitter, r.sink);
}

static void stack_4d(ak_check_ctx *c) {
    (void)G;
    check_stack(c, "stack_4d.json");
}
static void stack_3d(ak_check_ctx *c) { check_stack(c, "stack3_3d.json"); }
static void stack_2d(ak_check_ctx *c) { check_stack(c, "stack_2d.json"); }

// ---- dominoes -------------------------------------------------------------------------------

static void dominoes(ak_check_ctx *c) {
    char path[1024], err[1024];
    ak_data *d = NULL;
    ak_model *m =
        ak_wc_load(world_scene_path(c, "dominoes_4d.json", path, sizeof path), &d, err, sizeof err);
    if (!m) {
        world_load_fail(c, "dominoes_4d.json", err);
        return;
    }
    ak_world_opts o = ak_world_default_opts(m);
    if (ak_wc_run(m, d, lround(m->duration / o.dt), err, sizeof err))
        ak_expect(c, false, "%s", err);
    int fallen = 0, total = 0;
    for (int b = 0; b < m->nbody; b++) {
        if (!ak_solver_body_moves(m, b)) continue;
        double ey[AK_MAX_DIM] = { 0, 1, 0, 0 }, up[AK_MAX_DIM];
        ak_nd_rotor_apply(m->dim, up, d->R + (size_t)b * AK_MAX_EVEN, ey);
        double tilt = acos(fmin(1.0, fabs(up[1]))) * 180 / PI;
        total++;
        fallen += tilt > 30.0;
        ak_note(c, "%s: tilt %.1f deg", m->bodies[b].name, tilt);
    }
    ak_expect(c, fallen == total && total > 0, "dominoes fallen (tilt > 30 deg): %d of %d", fallen,
              total);
    ak_value(c, "fallen", fallen);
    ak_model_free(m);
    ak_data_free(d);
}

// ---- determinism ----------------------------------------------------------------------------

static uint64_t run_hash(ak_check_ctx *c, const char *file, long steps) {
    char path[1024], err[1024];
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(world_scene_path(c, file, path, sizeof path), &d, err, sizeof err);
    if (!m) {
        world_load_fail(c, file, err);
        return 0;
    }
    ak_world_opts o = ak_world_default_opts(m);
    uint64_t h = 0;
    for (long s = 0; s < steps; s++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) break;
        h = ak_wc_hash(m, d, h);
    }
    ak_model_free(m);
    ak_data_free(d);
    return h;
}

static void determinism(ak_check_ctx *c) {
    const char *files[] = { "four_primitives.json", "dominoes_4d.json" };
    long steps = ak_samples(c, 300, 100);
    for (int f = 0; f < 2; f++) {
        uint64_t h1 = run_hash(c, files[f], steps), h2 = run_hash(c, files[f], steps);
        ak_expect(c, h1 == h2 && h1 != 0,
                  "%s, %ld steps twice: trace hashes %016llx and %016llx are identical", files[f],
                  steps, (unsigned long long)h1, (unsigned long long)h2);
    }
}

// ---- published versus corrected -------------------------------------------------------------

// Report plots of published_vs_corrected: 4D stack displacement and speed over time, incline
// slide and stick. tx: scratch for the time axes (ns + ni values).
static void plot_published_vs_corrected(ak_check_ctx *c, const char *dir, long nst, double dt,
                                        long ns, double *sd[2], double *sv[2], long ni,
                                        double *it[4], double want, double *tx) {
    char path[1200], err[256];
    long nin = lround(1.5 * 240);
    double secs = (double)nst * dt;
    double *ts = tx, *ti = tx + ns;
    if (nin > ni) nin = ni;
    for (long k = 0; k < nst; k++) ts[k] = (double)(k + 1) * dt;
    for (long k = 0; k < nin; k++) ti[k] = (double)(k + 1) / 240;
    ak_plot_series p1[2] = { { "corrected solver", ts, sd[0], (size_t)nst },
                             { "published solver", ts, sd[1], (size_t)nst } };
    snprintf(path, sizeof path, "%s/stack_displacement.png", dir);
    if (ak_plot_lines(path, "4D stack of 3 hypercubes: displacement from the start", "t [s]",
                      "max |x_b(t) - x_b(0)| [m]", p1, 2, false, true, err, sizeof err) == 0)
        ak_artifact(
            c, path,
            "stack_4d.json at 60 Hz, %g s: largest displacement of any body from its initial "
            "position, "
            "corrected sequential-impulse solver vs the thesis' solver as published (log scale)",
            secs);
    ak_plot_series p2[2] = { { "corrected solver", ts, sv[0], (size_t)nst },
                             { "published", ts, sv[1], (size_t)nst } };
    snprintf(path, sizeof path, "%s/stack_speed.png", dir);
    if (ak_plot_lines(path, "4D stack of 3 hypercubes: largest body speed", "t [s]",
                      "max |v_b| [m/s]", p2, 2, false, true, err, sizeof err) == 0)
        ak_artifact(
            c, path,
            "stack_4d.json: largest body speed after every step, corrected vs published (log "
            "scale); world.stack_4d asserts < 1 mm/s after 1 s for the corrected solver");
    double ana[400]; // the analytic slide, 1/2 a t^2
    long na = nin < 400 ? nin : 400;
    for (long k = 0; k < na; k++) ana[k] = 0.5 * want * ti[k] * ti[k];
    ak_plot_series p3[5] = { { "analytic 35 deg: g(sin - mu_k cos) t^2/2", ti, ana, (size_t)na },
                             { "corrected, 35 deg", ti, it[0], (size_t)nin },
                             { "published, 35 deg", ti, it[1], (size_t)nin },
                             { "corrected, 25 deg (sticks)", ti, it[2], (size_t)nin },
                             { "published, 25 deg", ti, it[3], (size_t)nin } };
    snprintf(path, sizeof path, "%s/incline.png", dir);
    if (ak_plot_lines(path, "4D hyperbox on an incline (mu_s 0.6, mu_k 0.4)", "t [s]",
                      "displacement down the slope [m]", p3, 5, false, false, err, sizeof err) == 0)
        ak_artifact(c, path,
                    "Hyperbox on a 35 deg incline (slides) and a 25 deg incline (tan 25 < mu_s: "
                    "must stick), "
                    "240 Hz, corrected vs published solver, against the analytic slide (the "
                    "published solver "
                    "has one friction coefficient, mu = mu_k)");
}

static void published_vs_corrected(ak_check_ctx *c) {
    double secs = ak_quick(c) ? 3.0 : 10.0; // reported figures only; no tolerance depends on it
    // report plots: per-step traces (only when plots are written): the stack at its scene's rate
    // (60 Hz; more steps than the buffer are not recorded), the incline at 240 Hz
    const char *dir = ak_artifact_dir(c);
    const long ns = lround(secs * 60) + 8, ni = lround(1.5 * 240) + 8;
    double *buf = dir ? calloc((size_t)(4 * ns + 4 * ni + ns + ni), sizeof(double)) : NULL;
    double *sd[2] = { 0 }, *sv[2] = { 0 }, *it[4] = { 0 };
    if (buf) {
        for (int k = 0; k < 2; k++) sd[k] = buf + (2 * k) * ns, sv[k] = buf + (2 * k + 1) * ns;
        for (int k = 0; k < 4; k++) it[k] = buf + 4 * ns + k * ni;
    }
    stack_result a = run_stack(c, "stack_4d.json", -1, secs, sd[0], sv[0], ns);
    stack_result b = run_stack(c, "stack_4d.json", AK_VARIANT_PUBLISHED, secs, sd[1], sv[1], ns);
    ak_expect(c, a.ok && b.ok, "both variants ran the 4D stack for %g s", secs);
    ak_value(c, "stack_drift_corrected_m", a.drift);
    ak_value(c, "stack_drift_published_m", b.drift);
    ak_value(c, "stack_jitter_corrected_m_s", a.jitter);
    ak_value(c, "stack_jitter_published_m_s", b.jitter);
    double d1, a1 = 0, d2, a2 = 0, s1, s2, x1, x2;
    world_incline_run(c, 35.0 * PI / 180, 0.6, 0.4, -1, -1, &d1, &a1, it[0]);
    world_incline_run(c, 35.0 * PI / 180, 0.6, 0.4, -1, AK_VARIANT_PUBLISHED, &d2, &a2, it[1]);
    world_incline_run(c, 25.0 * PI / 180, 0.6, 0.4, -1, -1, &s1, &x1, it[2]);
    world_incline_run(c, 25.0 * PI / 180, 0.6, 0.4, -1, AK_VARIANT_PUBLISHED, &s2, &x2, it[3]);
    double want = G * (sin(35.0 * PI / 180) - 0.4 * cos(35.0 * PI / 180));
    ak_value(c, "slide_acc_corrected", a1);
    ak_value(c, "slide_acc_published", a2);
    ak_value(c, "stick_slip_corrected_m", s1);
    ak_value(c, "stick_slip_published_m", s2);
    ak_note(c,
            "4D stack %g s: drift corrected %.3e m / published %.3e m; speed corrected %.3e / "
            "published %.3e m/s",
            secs, a.drift, b.drift, a.jitter, b.jitter);
    ak_note(c,
            "incline 35 deg (mu_s 0.6, mu_k 0.4): a corrected %.5f, published %.5f, analytic "
            "%.5f m/s^2 (the published solver has one coefficient: mu = mu_k)",
            a1, a2, want);
    ak_note(c, "incline 25 deg (sticks): slip after 1.5 s corrected %.3e m, published %.3e m", s1,
            s2);
    if (buf) {
        plot_published_vs_corrected(c, dir, a.nsteps < b.nsteps ? a.nsteps : b.nsteps, a.dt, ns, sd,
                                    sv, ni, it, want, buf + 4 * ns + 4 * ni);
        free(buf);
    }
}

// ---- PGA response against the vector solver ---------------------------------------------------

static void pga_vs_vector(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 5);
    long N = ak_samples(c, 200, 40);
    double worst = 0;
    int ran = 0;
    for (long s = 0; s < N; s++) {
        int n = 2 + (int)(s % 4);
        ak_model *m = ak_model_create(n, 2);
        ak_data *d = ak_data_create(m);
        double up[AK_MAX_DIM] = { 0 };
        up[1] = 1;
        double rad = world_urand(r, 0.2, 0.8), x[AK_MAX_DIM] = { 0 };
        x[1] = rad;
        ak_shape sp = ak_wc_sphere(n, rad), pl = ak_wc_plane(n, up, 0.0);
        int two = s % 2; // sphere on a plane, or two spheres
        ak_wc_set_body(m, d, 0, &sp, world_urand(r, 0.5, 3), x);
        if (two) {
            ak_shape sb = ak_wc_sphere(n, 0.5);
            double xb[AK_MAX_DIM] = { 0 };
            xb[1] = -0.5;
            ak_wc_set_body(m, d, 1, &sb, world_urand(r, 0.5, 3), xb);
        } else
            ak_wc_set_body(m, d, 1, &pl, 0.0, NULL);
        char err[512];
        ak_wc_fill_mass(m, err, sizeof err);
        double e = world_urand(r, 0, 1);
        m->bodies[0].material = m->bodies[1].material = (ak_material){ 0, 0, e };
        m->solver.restitution_threshold = 0.0;
        for (int i = 0; i < n; i++)
            d->v[i] = world_urand(r, -1, 1), d->v[AK_MAX_DIM + i] = two ? world_urand(r, -1, 1) : 0;
        d->v[1] = -world_urand(r, 1.5, 3);
        for (int q = 0; q < ak_nd_nbiv(n); q++) d->w[q] = world_urand(r, -2, 2);
        ak_data *d2 = ak_data_create(m);
        ak_data_copy(m, d2, d);
        int ok = !ak_world_contacts(m, d, 0.01, NULL, err, sizeof err);
        m->solver.method = AK_SOLVER_PGA;
        ok = ok && !ak_world_contacts(m, d2, 0.01, NULL, err, sizeof err);
        if (!ok) ak_expect(c, false, "%s", err);
        double e2 = 0, sc = 0;
        for (int i = 0; i < 2 * AK_MAX_DIM; i++)
            e2 += pow(d->v[i] - d2->v[i], 2), sc += d->v[i] * d->v[i];
        for (int i = 0; i < 2 * AK_MAX_BIV; i++)
            e2 += pow(d->w[i] - d2->w[i], 2), sc += d->w[i] * d->w[i];
        worst = fmax(worst, sqrt(e2 / sc));
        ran += d->contacts->step.npoint == 1;
        ak_model_free(m);
        ak_data_free(d);
        ak_data_free(d2);
    }
    gsl_rng_free(r);
    ak_expect(c, ran == N, "every case is a single contact (%d of %ld)", ran, N);
    ak_measure(c, worst, TOL_PGA,
               "PGA response (P-2.32 corrected, P-2.33) against the sequential-impulse solver: "
               "velocities after one frictionless contact with restitution, relative, %ld cases",
               N);
}

// ---- K matrix against an independent computation -------------------------------------------------

static void k_matrix(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 9);
    long N = ak_samples(c, 400, 80);
    double worst = 0, pub_dev = 0, worst_iso = 0;
    for (long s = 0; s < N; s++) {
        int n = 2 + (int)(s % 4), k = ak_nd_nbiv(n);
        ak_model *m = ak_model_create(n, 1);
        ak_data *d = ak_data_create(m);
        ak_shape sh = world_random_shape(r, n, 1);
        ak_wc_set_body(m, d, 0, &sh, world_urand(r, 0.5, 3), NULL);
        char err[256];
        ak_wc_fill_mass(m, err, sizeof err);
        world_random_rotor(r, n, d->R);
        double rr[AK_MAX_DIM], u[AK_MAX_DIM], len = 0;
        for (int i = 0; i < n; i++)
            rr[i] = world_urand(r, -1, 1), u[i] = world_urand(r, -1, 1), len += u[i] * u[i];
        for (int i = 0; i < n; i++) u[i] /= sqrt(len);
        double Iinv[AK_MAX_BIV * AK_MAX_BIV], K[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
        ak_contact_world_inv_inertia(n, Iinv, m->bodies[0].inv_inertia, d->R);
        ak_contact_k_add(n, K, m->bodies[0].inv_mass, Iinv, rr);
        double kuu = ak_contact_k_dir(n, K, u);
        // independent: solve Iw dw = r ^ u with Iw = [R]_2 I [R]_2^T (B-eq4), point velocity
        double Iw[AK_MAX_BIV * AK_MAX_BIV], L[AK_MAX_BIV], dw[AK_MAX_BIV], pv[AK_MAX_DIM];
        ak_dyn_world_inertia(n, Iw, m->bodies[0].inertia, d->R);
        ak_nd_wedge(n, L, rr, u);
        ak_dyn_solve(k, dw, Iw, L);
        ak_nd_contract(n, pv, rr, dw);
        double ref = m->bodies[0].inv_mass;
        for (int i = 0; i < n; i++) ref += pv[i] * u[i];
        worst = fmax(worst, fabs(kuu - ref) / ref);
        // an isotropic body (inverse inertia s 1): ak_contact_k_add_iso (Lagrange's identity)
        // against the same independent point velocity with dw = s (r ^ u)
        double s_iso = 0.2 + 0.01 * (double)(s % 50), Ki[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
        ak_contact_k_add_iso(n, Ki, m->bodies[0].inv_mass, s_iso, rr);
        for (int q = 0; q < k; q++) dw[q] = s_iso * L[q];
        ak_nd_contract(n, pv, rr, dw);
        double ref_iso = m->bodies[0].inv_mass;
        for (int i = 0; i < n; i++) ref_iso += pv[i] * u[i];
        worst_iso = fmax(worst_iso, fabs(ak_contact_k_dir(n, Ki, u) - ref_iso) / ref_iso);
        double pub = 1.0 / ak_published_solver_mass(
                               n, m->bodies[0].inv_mass,
                               ak_published_solver_inv_inertia_scalar(n, m->bodies[0].inertia), rr,
                               0, 0, rr, u);
        pub_dev = fmax(pub_dev, fabs(pub - ref) / ref);
        ak_model_free(m);
        ak_data_free(d);
    }
    gsl_rng_free(r);
    ak_measure(c, worst, 1e-12,
               "u^T K u (B-6, [R]_2 I^-1 [R]_2^T) against 1/m + u.(r _| Iw^-1 (r ^ u)) with Iw "
               "solved directly, random boxes and levers, n = 2..5, %ld cases",
               N);
    ak_measure(c, worst_iso, 1e-12,
               "u^T K u of an isotropic body, (1/m + s |r|^2) 1 - s r r^T (ak_contact_k_add_iso) "
               "against 1/m + u.(r _| s (r ^ u)), the same cases");
    ak_value(c, "published_mass_largest_rel_error", pub_dev);
    ak_note(c,
            "T-5.mn as printed (scalar reading of I^-1 on a vector) deviates from the "
            "correct denominator by up to %.1f%% on random non-cubic boxes",
            100 * pub_dev);
}
static double tall_stack(int count, int iters, bool shock, double secs, double *speed) {
    return world_tall_stack_n(4, count, iters, shock, secs, speed);
}

static void shock_propagation(ak_check_ctx *c) {
    int count = 10, iters = 10;
    double secs = ak_quick(c) ? 2.0 : 5.0, v0, v1;
    double s0 = tall_stack(count, iters, false, secs, &v0);
    double s1 = tall_stack(count, iters, true, secs, &v1);
    ak_expect(c, isfinite(v0) && isfinite(v1), "both runs finished");
    ak_measure(c, s1, TOL_STANDS,
               "%d hypercubes, %d iterations, %g s: the top sinks %.3e m with "
               "shock propagation (stands if < %g m); %.3e m without",
               count, iters, secs, s1, TOL_STANDS, s0);
    ak_value(c, "sink_without_m", s0);
    ak_value(c, "sink_with_m", s1);
    ak_value(c, "speed_without_m_s", v0);
    ak_value(c, "speed_with_m_s", v1);
    ak_note(c, "largest speed in the last second: %.3e m/s with, %.3e m/s without", v1, v0);
}

// ---- every contact scene runs ------------------------------------------------------------------

static void scenes_run(ak_check_ctx *c) {
    static const char *const files[] = { "stack_4d.json",
                                         "stack3_3d.json",
                                         "stack_2d.json",
                                         "dominoes_4d.json",
                                         "duocylinder_on_spheres.json",
                                         "spring_cube_4d.json",
                                         "bounce_cube_3d.json",
                                         "bounce_cube_4d.json",
                                         "newtons_cradle_4d.json",
                                         "four_primitives.json",
                                         "pile_1000_4d.json",
                                         "pile_1000_3d.json",
                                         "hypercube_on_ground.json",
                                         "stack_3d.json",
                                         "regular_polytopes_4d.json",
                                         "platonic_solids_3d.json",
                                         "convex_tesseract_on_table.json" };
    double secs = ak_quick(c) ? 0.1 : 1.0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024], err[1024] = "";
        ak_data *d = NULL;
        ak_model *m =
            ak_wc_load(world_scene_path(c, files[f], path, sizeof path), &d, err, sizeof err);
        if (!m) {
            world_load_fail(c, files[f], err);
            continue;
        }
        ak_world_opts o = ak_world_default_opts(m);
        long steps = lround(fmin(secs, m->duration) / o.dt);
        int rc = ak_wc_run(m, d, steps, err, sizeof err);
        ak_expect(c, rc == 0, "%s: %ld steps (%g s) without error%s%s", files[f], steps,
                  steps * o.dt, rc ? ": " : "", rc ? err : "");
        ak_model_free(m);
        ak_data_free(d);
    }
}

// ---- the thesis' and the notes' printed forms, one number each ----------------------------------

// T-5.1(3D): point velocity of a body turning about z by finite differences of the rotation,
// against the printed v + r x w and the classical v + w x r.
static void thesis_point_velocity_3d(ak_check_ctx *c) {
    double om = 1.3, r[3] = { 0.7, -0.2, 0.4 }, w[3] = { 0, 0, om }, v0[3] = { 0, 0, 0 }, hh = 1e-6;
    double fd[3] = {
        (r[0] * cos(om * hh) - r[1] * sin(om * hh) - r[0] * cos(-om * hh) + r[1] * sin(-om * hh)) /
            (2 * hh),
        (r[0] * sin(om * hh) + r[1] * cos(om * hh) - r[0] * sin(-om * hh) - r[1] * cos(-om * hh)) /
            (2 * hh),
        0
    };
    double pub[3], cls[3] = { w[1] * r[2] - w[2] * r[1], w[2] * r[0] - w[0] * r[2],
                              w[0] * r[1] - w[1] * r[0] };
    ak_published_solver_point_velocity_3d(pub, v0, r, w);
    double ep = 0, ec = 0, sc = 0;
    for (int i = 0; i < 3; i++)
        ep += pow(pub[i] - fd[i], 2), ec += pow(cls[i] - fd[i], 2), sc += fd[i] * fd[i];
    ak_measure(
        c, sqrt(ec / sc), 1e-8,
        "v + w x r against the finite-difference velocity of a point turning about z (relative)");
    ak_expect(c, sqrt(ep / sc) > 1.0,
              "the quoted v + r x w has the opposite sign: relative error %.3f (2 = reversed)",
              sqrt(ep / sc));
    ak_value(c, "printed_rel_error", sqrt(ep / sc));
}

// T-5.11: the printed tangent impulse for a box sliding at 2 m/s on the ground in one 1/60 s
// step against the Coulomb bound mu j_n (j_n = m g h holds it up).
static void thesis_tangent_impulse(ak_check_ctx *c) {
    double mu = 0.5, m = 1.0, hstep = 1.0 / 60, v = 2.0;
    double jn = m * G * hstep, mt = m; // a centre push on a box: m_t = m (no lever)
    double pub = fabs(ak_published_solver_t511(mu, v, mt)), coulomb = mu * jn;
    ak_expect(c, pub > coulomb,
              "printed |j_t| = %.4f N s exceeds the Coulomb bound mu j_n = %.4f "
              "N s by a factor %.1f",
              pub, coulomb, pub / coulomb);
    ak_value(c, "printed_over_coulomb", pub / coulomb);
}

// P-2.32: the printed denominator against the corrected one for two spheres head on.
static void pga_impulse_sign(ak_check_ctx *c) {
    double vn = -2.0, rho = 0.5, m1 = 1.0, m2 = 2.0;
    double k1 = 1 / m1, k2 = 1 / m2; // central impact: no angular terms
    double good = ak_contact_restitution_impulse(vn, k1 + k2, rho);
    double pub = ak_published_pga_impulse(vn, k1, k2, rho);
    double pub_eq = ak_published_pga_impulse(vn, k1, k1, rho);
    double want = -(1 + rho) * vn * m1 * m2 / (m1 + m2); // 1D two-body impact
    ak_measure(
        c, fabs(good - want) / want, 1e-15,
        "corrected j for masses 1 and 2, rho = 0.5, vn = -2: %.6f against the 1D result %.6f", good,
        want);
    ak_expect(c, fabs(pub / good - 3.0) < 1e-12 && !isfinite(pub_eq),
              "printed denominator (k+ - k-): j = %.6f (3x too large) for masses 1 and 2, %g for "
              "equal masses",
              pub, pub_eq);
    ak_value(c, "printed_over_correct", pub / good);
}

static const ak_check CHECKS[] = {
    { "world.stack_4d", "T-Alg12 T-Alg13 T-5.b B-6",
      "3 hypercubes at 60 Hz, 10 s: drift < 1 mm, speed < 1 mm/s", stack_4d },
    { "world.stack_3d", "T-Alg12 T-Alg13 T-5.b B-6",
      "3 cubes in 3D at 60 Hz, 10 s: drift < 1 mm, speed < 1 mm/s", stack_3d },
    { "world.stack_2d", "T-Alg12 T-Alg13 T-5.b B-6",
      "3 squares in 2D at 60 Hz, 10 s: drift < 1 mm, speed < 1 mm/s", stack_2d },
    { "world.dominoes", "T-Alg12 T-Alg13 B-7.2", "ten Bosch Fig. 3 dominoes: all fall", dominoes },
    { "world.determinism", "-", "same scene twice: identical hash of the state trace",
      determinism },
    { "world.published_vs_corrected", "T-5.mn T-5.mt T-5.10 T-Alg12 T-Alg13",
      "the thesis' solver as published against the corrected one: stack drift, slide, slip",
      published_vs_corrected },
    { "world.pga_vs_vector", "P-2.32 P-2.33 P-2.6.1",
      "PGA collision response against sequential impulses on single contacts", pga_vs_vector },
    { "world.k_matrix", "B-6 B-eq4 T-5.mn T-5.4",
      "K matrix against a direct solve with the world inertia; T-5.mn as printed", k_matrix },
    { "world.shock_propagation", "B-6",
      "contact-graph shock propagation: a tall stack with few iterations sinks less",
      shock_propagation },
    { "world.scenes_run", "-",
      "every contact scene of scenes/README.md runs 1 s (--quick: 0.1 s) without error",
      scenes_run },
    { "world.thesis_point_velocity_3d", "T-5.1(3D) T-5.1",
      "the quoted 3D point velocity v + r x w against finite differences",
      thesis_point_velocity_3d },
    { "world.thesis_tangent_impulse", "T-5.11",
      "the printed tangent impulse against the Coulomb bound", thesis_tangent_impulse },
    { "world.pga_impulse_sign", "P-2.32",
      "the printed denominator of P-2.32 against the two-body impact", pga_impulse_sign },
};

AK_TOPIC(world_scenes, CHECKS)
