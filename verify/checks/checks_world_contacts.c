// Group "world": random two-body contacts, exact elastic outcome, bounce, incline, rolling
#include "verify/checks/checks_world_common.h"

// Two random bodies (body 1 at the origin, body 0 along a random direction) placed with the
// given separation (found by bisection on the distance), random rotors, rates and velocities
// with body 0 moving towards body 1. Returns 0 on success.
static int random_pair(gsl_rng *r, ak_model *m, ak_data *d, double target_sep) {
    int n = m->dim;
    ak_shape sa = world_random_shape(r, n, (int)gsl_rng_uniform_int(r, 3));
    ak_shape sb = world_random_shape(r, n, (int)gsl_rng_uniform_int(r, 3));
    double u[AK_MAX_DIM], len = 0;
    for (int i = 0; i < n; i++) u[i] = world_urand(r, -1, 1), len += u[i] * u[i];
    len = sqrt(len);
    for (int i = 0; i < n; i++) u[i] /= len;
    ak_wc_set_body(m, d, 0, &sa, world_urand(r, 0.5, 3.0), NULL);
    ak_wc_set_body(m, d, 1, &sb, world_urand(r, 0.5, 3.0), NULL);
    char err[256];
    if (ak_wc_fill_mass(m, err, sizeof err)) return -1;
    world_random_rotor(r, n, d->R);
    world_random_rotor(r, n, d->R + AK_MAX_EVEN);
    double lo = 0.0, hi = 4.0;
    for (int it = 0; it < 40; it++) { // 4 / 2^40: far below the target's 1e-3 scale
        double mid = 0.5 * (lo + hi);
        for (int i = 0; i < n; i++) d->x[i] = mid * u[i];
        ak_pose pa = ak_body_pose(m, d, 0), pb = ak_body_pose(m, d, 1);
        ak_manifold man;
        if (ak_collide(&man, &sa, &pa, &sb, &pb, 0.0) < 0) return -1;
        if (man.separation < target_sep)
            lo = mid;
        else
            hi = mid;
    }
    for (int i = 0; i < n; i++) {
        d->v[i] = -world_urand(r, 1.5, 3.0) * u[i] + world_urand(r, -0.5, 0.5);
        d->v[AK_MAX_DIM + i] = world_urand(r, -0.5, 0.5);
    }
    for (int q = 0; q < ak_nd_nbiv(n); q++) {
        d->w[q] = world_urand(r, -2, 2);
        d->w[AK_MAX_BIV + q] = world_urand(r, -2, 2);
    }
    return 0;
}

// Momentum and energy over the contact stage of random body-body contacts (no gravity).
static void momentum_energy(ak_check_ctx *c, int energy_mode) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, energy_mode ? 11 : 7);
    long N = ak_samples(c, 300, 60);
    double worst_p = 0, worst_j = 0, worst_e = -INFINITY;
    int contacts = 0;
    for (long s = 0; s < N; s++) {
        int n = 2 + (int)(s % 4); // 2..5
        ak_model *m = ak_model_create(n, 2);
        ak_data *d = ak_data_create(m);
        double e = energy_mode ? 0.0 : world_urand(r, 0, 1);
        if (random_pair(r, m, d, energy_mode ? -0.002 : -0.02)) {
            ak_expect(c, false, "random pair %ld: setup failed", s);
            ak_model_free(m), ak_data_free(d);
            break;
        }
        for (int b = 0; b < 2; b++) {
            m->bodies[b].material.friction = world_urand(r, 0, 1);
            m->bodies[b].material.static_friction =
                m->bodies[b].material.friction * world_urand(r, 1, 1.5);
            m->bodies[b].material.restitution = e;
        }
        m->solver.restitution_threshold = 0.5;
        double p0[AK_MAX_DIM], J0[AK_MAX_BIV], p1[AK_MAX_DIM], J1[AK_MAX_BIV];
        ak_world_momentum(m, d, p0, J0);
        double T0 = ak_world_kinetic_energy(m, d);
        double pscale = 0, jscale = 0;
        for (int b = 0; b < 2; b++) {
            pscale += m->bodies[b].mass * world_vec_norm(n, d->v + (size_t)b * AK_MAX_DIM);
            double Jb[AK_MAX_BIV];
            ak_dyn_angular_momentum(n, Jb, m->bodies[b].mass, m->bodies[b].inertia,
                                    d->R + (size_t)b * AK_MAX_EVEN, d->x + (size_t)b * AK_MAX_DIM,
                                    d->v + (size_t)b * AK_MAX_DIM, d->w + (size_t)b * AK_MAX_BIV);
            jscale += world_vec_norm(ak_nd_nbiv(n), Jb);
        }
        char err[512];
        if (ak_world_contacts(m, d, m->timestep, NULL, err, sizeof err)) {
            ak_expect(c, false, "contact stage: %s", err);
            ak_model_free(m), ak_data_free(d);
            break;
        }
        contacts += d->contacts->step.npoint > 0;
        ak_world_momentum(m, d, p1, J1);
        double T1 = ak_world_kinetic_energy(m, d);
        double dp = 0, dj = 0;
        for (int i = 0; i < n; i++) dp += (p1[i] - p0[i]) * (p1[i] - p0[i]);
        for (int q = 0; q < ak_nd_nbiv(n); q++) dj += (J1[q] - J0[q]) * (J1[q] - J0[q]);
        worst_p = fmax(worst_p, sqrt(dp) / pscale);
        worst_j = fmax(worst_j, sqrt(dj) / jscale);
        worst_e = fmax(worst_e, (T1 - T0) / T0);
        ak_model_free(m);
        ak_data_free(d);
    }
    gsl_rng_free(r);
    ak_expect(c, contacts == N, "every random pair produced contacts (%d of %ld)", contacts, N);
    if (!energy_mode) {
        ak_measure(c, worst_p, TOL_P, "linear momentum change / sum m|v|, %ld pairs, n = 2..5", N);
        ak_measure(c, worst_j, TOL_J, "angular momentum (origin) change / sum |J_b|, %ld pairs", N);
        ak_value(c, "worst_linear", worst_p);
        ak_value(c, "worst_angular", worst_j);
    } else {
        ak_measure(c, fmax(worst_e, 0.0), TOL_ENERGY,
                   "largest relative kinetic energy increase, e = 0, friction, %ld pairs", N);
        ak_value(c, "largest_relative_change", worst_e);
        ak_note(c,
                "largest (T1 - T0)/T0 over %ld inelastic frictional pairs: %.3e (0: a pair "
                "whose points already separate keeps its energy)",
                N, worst_e);
    }
}

static void momentum(ak_check_ctx *c) { momentum_energy(c, 0); }
static void energy(ak_check_ctx *c) { momentum_energy(c, 1); }

// ---- exact elastic outcome -----------------------------------------------------------------

static void elastic_spheres(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 3);
    long N = ak_samples(c, 200, 40);
    double worst = 0;
    for (long s = 0; s < N; s++) {
        int n = 2 + (int)(s % 4);
        ak_model *m = ak_model_create(n, 2);
        ak_data *d = ak_data_create(m);
        double ra = world_urand(r, 0.2, 0.8), rb = world_urand(r, 0.2, 0.8);
        ak_shape sa = ak_wc_sphere(n, ra), sb = ak_wc_sphere(n, rb);
        double u[AK_MAX_DIM], len = 0, x[AK_MAX_DIM];
        for (int i = 0; i < n; i++) u[i] = world_urand(r, -1, 1), len += u[i] * u[i];
        len = sqrt(len);
        for (int i = 0; i < n; i++) u[i] /= len, x[i] = (ra + rb) * u[i];
        ak_wc_set_body(m, d, 0, &sa, world_urand(r, 0.2, 5), x);
        ak_wc_set_body(m, d, 1, &sb, world_urand(r, 0.2, 5), NULL);
        char err[512];
        ak_wc_fill_mass(m, err, sizeof err);
        for (int b = 0; b < 2; b++) {
            m->bodies[b].material = (ak_material){ 0, 0, 1.0 };
        }
        m->solver.restitution_threshold = 0.5; // every case approaches faster (|vn| > 1)
        double vn = 0;
        for (int i = 0; i < n; i++) {
            d->v[i] = world_urand(r, -0.5, 0.5) - 4.0 * u[i];
            d->v[AK_MAX_DIM + i] = world_urand(r, -0.5, 0.5);
            vn += (d->v[i] - d->v[AK_MAX_DIM + i]) * u[i];
        }
        double ma = m->bodies[0].mass, mb = m->bodies[1].mass;
        double va[AK_MAX_DIM], vb[AK_MAX_DIM];
        for (int i = 0; i < n; i++) { // analytic elastic outcome of smooth spheres
            va[i] = d->v[i] - 2 * mb / (ma + mb) * vn * u[i];
            vb[i] = d->v[AK_MAX_DIM + i] + 2 * ma / (ma + mb) * vn * u[i];
        }
        if (ak_world_contacts(m, d, 0.01, NULL, err, sizeof err)) {
            ak_expect(c, false, "%s", err);
            ak_model_free(m), ak_data_free(d);
            break;
        }
        double e2 = 0, sc = 0;
        for (int i = 0; i < n; i++) {
            e2 += pow(d->v[i] - va[i], 2) + pow(d->v[AK_MAX_DIM + i] - vb[i], 2);
            sc += va[i] * va[i] + vb[i] * vb[i];
        }
        double wn = world_vec_norm(2 * AK_MAX_BIV, d->w);
        worst = fmax(worst, sqrt(e2 / sc) + wn);
        ak_model_free(m);
        ak_data_free(d);
    }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_ELASTIC,
               "two smooth spheres, e = 1: velocities against the analytic elastic outcome "
               "(relative), %ld random oblique impacts, n = 2..5",
               N);
}

// ---- ball on a plane: rebound to e^2 h ------------------------------------------------------

static void bounce(ak_check_ctx *c) {
    int n = 4;
    double h = 1.0, e = 0.5, rad = 0.5;
    ak_model *m = ak_model_create(n, 2);
    ak_data *d = ak_data_create(m);
    double up[AK_MAX_DIM] = { 0, 1, 0, 0 }, x[AK_MAX_DIM] = { 0, rad + h, 0, 0 };
    ak_shape s = ak_wc_sphere(n, rad), pl = ak_wc_plane(n, up, 0.0);
    ak_wc_set_body(m, d, 0, &s, 1.0, x);
    ak_wc_set_body(m, d, 1, &pl, 0.0, NULL);
    char err[512];
    ak_wc_fill_mass(m, err, sizeof err);
    m->bodies[0].material = m->bodies[1].material = (ak_material){ 0, 0, e };
    m->gravity[1] = -G;
    m->timestep = 1e-3;
    ak_world_opts o = ak_world_default_opts(m);
    double apex = 0;
    int bounced = 0;
    for (long k = 0; k < 3000; k++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            ak_expect(c, false, "%s", err);
            break;
        }
        if (d->v[1] > 0) bounced = 1;
        if (bounced && d->v[1] <= 0) { // first apex after the bounce
            apex = d->x[1] - rad;
            break;
        }
    }
    ak_model_free(m);
    ak_data_free(d);
    double want = e * e * h;
    ak_measure(c, fabs(apex - want) / want, TOL_BOUNCE,
               "4D ball dropped from h = 1 m, e = 0.5, dt = 1 ms: apex %.5f m against e^2 h = %.5f",
               apex, want);
    ak_value(c, "apex_m", apex);
}

static void incline(ak_check_ctx *c) {
    double mu_s = 0.6, mu_k = 0.4, disp, acc = 0;
    double th_stick = 25.0 * PI / 180, th_slide = 35.0 * PI / 180;
    if (world_incline_run(c, th_stick, mu_s, mu_k, -1, -1, &disp, &acc, NULL))
        ak_measure(c, fabs(disp), TOL_STICK,
                   "tan 25 deg = %.3f < mu_s = %.1f: displacement along the slope after 1.5 s (m)",
                   tan(th_stick), mu_s);
    if (world_incline_run(c, th_slide, mu_s, mu_k, -1, -1, &disp, &acc, NULL)) {
        double want = G * (sin(th_slide) - mu_k * cos(th_slide));
        ak_measure(c, fabs(acc - want) / want, TOL_INCLINE,
                   "tan 35 deg = %.3f > mu_s: a = %.5f against g (sin - mu_k cos) = %.5f m/s^2",
                   tan(th_slide), acc, want);
        ak_value(c, "slide_acceleration", acc);
    }
}

// ---- rolling hypersphere ----------------------------------------------------------------------

static void rolling(ak_check_ctx *c) {
    int n = 4;
    double rad = 0.5, v0 = 2.0;
    ak_model *m = ak_model_create(n, 2);
    ak_data *d = ak_data_create(m);
    double up[AK_MAX_DIM] = { 0, 1, 0, 0 }, x[AK_MAX_DIM] = { 0, rad, 0, 0 };
    ak_shape s = ak_wc_sphere(n, rad), pl = ak_wc_plane(n, up, 0.0);
    ak_wc_set_body(m, d, 0, &s, 1.0, x);
    ak_wc_set_body(m, d, 1, &pl, 0.0, NULL);
    char err[512];
    ak_wc_fill_mass(m, err, sizeof err);
    m->bodies[0].material = m->bodies[1].material = (ak_material){ 0.5, 0.5, 0 };
    m->gravity[1] = -G;
    m->timestep = 1.0 / 240;
    m->solver.slop = 1e-4;
    d->v[0] = v0;
    d->v[3] = 0.5 * v0; // along w too: rolling in the xw directions
    ak_world_opts o = ak_world_default_opts(m);
    if (ak_wc_run(m, d, 240, err, sizeof err)) ak_expect(c, false, "%s", err);
    double r[AK_MAX_DIM] = { 0, -rad, 0, 0 }, rw[AK_MAX_DIM], slip[AK_MAX_DIM];
    ak_nd_contract(n, rw, r, d->w);
    for (int i = 0; i < n; i++) slip[i] = d->v[i] + rw[i];
    double speed = world_vec_norm(n, d->v);
    double want = sqrt(1.25) * v0 * (n + 2.0) / (n + 4.0); // I = 2 m r^2 / (n + 2) per plane
    (void)o;
    ak_value(c, "slip_relative", world_vec_norm(n, slip) / speed);
    ak_value(c, "speed_relative_error", fabs(speed - want) / want);
    ak_measure(c, world_vec_norm(n, slip) / speed, TOL_ROLL,
               "after 1 s: |v + r _| w| / |v| with r = -R e_y (the 4D rolling relation)");
    ak_measure(c, fabs(speed - want) / want, TOL_ROLL_V,
               "rolling speed %.6f against |v0| (n+2)/(n+4) = %.6f (I = 2 m R^2/(n+2))", speed,
               want);
    ak_model_free(m);
    ak_data_free(d);
}

static const ak_check CHECKS[] = {
    { "world.momentum", "B-6 T-5.5 T-5.6 T-5.7 T-5.8 T-5.12 T-5.13 T-5.14 T-5.15 T-Alg12 T-Alg13",
      "momentum over random body-body contacts (no gravity): linear 1e-12, angular 1e-10",
      momentum },
    { "world.energy", "T-Alg12 T-Alg13 B-6",
      "inelastic frictional contacts never increase kinetic energy", energy },
    { "world.elastic_spheres", "P-2.32 P-2.33 B-6 T-5.3",
      "two spheres, e = 1: exact elastic outcome", elastic_spheres },
    { "world.bounce", "P-2.32 T-5.b", "ball on a plane rebounds to e^2 h within 1%", bounce },
    { "world.incline", "T-Alg13 B-6",
      "hyperbox on an incline: sticks if tan < mu_s, else a = g (sin - mu_k cos) within 1%",
      incline },
    { "world.rolling", "T-Alg13 T-5.1 B-6",
      "rolling hypersphere: v + r _| w = 0 and v = v0 (n+2)/(n+4)", rolling },
};

AK_TOPIC(world_contacts, CHECKS)
