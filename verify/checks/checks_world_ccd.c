// Group "world": CCD in the world step (G-CCD.1 .. G-CCD.3)
#include "verify/checks/checks_world_common.h"

// ---- CCD in the world step (G-CCD.1 .. G-CCD.3) ----

// The case: a hypersphere (r = 0.1) at 70 m/s towards a fixed hyperbox 4 cm thick,
// 60 Hz, no gravity. Without CCD it passes through (y: 1 -> -0.167 -> -1.33).
static void ccd_bullet(ak_check_ctx *c) {
    const char *text = "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"gravity\": [0, 0, 0, 0], "
                       "\"timestep\": 0.016666666666666666,"
                       " \"bodies\": [{\"name\": \"ball\", \"shape\": {\"type\": \"hypersphere\", "
                       "\"radius\": 0.1}, \"mass\": 1,"
                       " \"position\": [0, 1, 0, 0], \"velocity\": [0, -70, 0, 0]},"
                       " {\"name\": \"wall\", \"fixed\": true, \"shape\": {\"type\": \"hyperbox\", "
                       "\"half_extents\": [1, 0.02, 1, 1]}}]}";
    ak_data *d = NULL;
    ak_model *m = world_parse_text(c, text, &d);
    if (!m) return;
    ak_world_opts o = ak_world_default_opts(m);
    char err[1024];
    double ymin = INFINITY;
    int ok = 1;
    for (int s = 0; s < 60 && ok; s++) {
        ok = ak_world_step(m, d, &o, err, sizeof err) == 0;
        ymin = fmin(ymin, d->x[1]);
    }
    ak_data_free(d);
    ak_model_free(m);
    // the ball's surface may not go below the wall's top face y = 0.02 by more than the slop
    double pen = fmax(0.0, 0.12 - ymin);
    ak_expect(c, ok,
              "60 steps of a 4D hypersphere (r 0.1) at 70 m/s against a fixed hyperbox 4 cm thick "
              "at 60 Hz: lowest centre y = %.6g "
              "(the wall's top face is at 0.02, so 0.12 is touching; without CCD it reaches -0.167 "
              "after 1 step)",
              ymin);
    ak_measure(c, pen, 0.005,
               "penetration of the ball into the wall, largest over the run: %.2e m (allowed: the "
               "solver's slop, 5 mm)",
               pen);
}

// Randomized: fast bodies (hypersphere, hyperbox, hypercapsule, convex box; rotating up to
// 30 rad/s per plane) at relative speeds 5..100 m/s towards a 1 cm plate, fixed or itself moving
// towards them, 3D and 4D, 60 Hz. A pass-through is a step after which the body's centre is on
// the far side of the plate's mid-plane while inside the plate's extent.
#define WMAX 10.0 ///< rad/s per rotation plane, at most
static void ccd_random(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1205);
    long N = ak_samples(c, 400, 40);
    long through = 0, runs = 0, fails = 0;
    double worst_pen = 0, vmax = 0;
    char first[200] = "";
    static double vb[16 * 4];
    for (long s = 0; s < N; s++) {
        int n = 3 + (int)(s % 2);
        int kind = (int)((s / 2) % 4);
        int moving = (int)((s / 8) % 2);
        ak_model *m = ak_model_create(n, 2);
        ak_data *d = m ? ak_data_create(m) : NULL;
        if (!m || !d) {
            fails++;
            ak_model_free(m);
            continue;
        }
        ak_shape body;
        double size = 0.05 + 0.15 * gsl_rng_uniform(r);
        double half[AK_MAX_DIM];
        for (int i = 0; i < n; i++) half[i] = size * (0.3 + 0.7 * gsl_rng_uniform(r));
        switch (kind) {
            case 0: body = ak_wc_sphere(n, size); break;
            case 1: body = ak_wc_box3(n, half); break;
            case 2:
                body = ak_wc_sphere(n, 0.3 * size);
                body.type = AK_SHAPE_HYPERCAPSULE;
                body.half_length = size;
                break;
            default: {
                body = ak_wc_box3(n, half);
                for (unsigned v = 0; v < (1u << n); v++) ak_box_vertex(n, vb + v * n, half, v);
                memset(&body, 0, sizeof body);
                body.type = AK_SHAPE_CONVEX;
                body.dim = n;
                body.nverts = 1 << n;
                body.verts = vb;
            }
        }
        double plate_half[AK_MAX_DIM];
        for (int i = 0; i < n; i++) plate_half[i] = 2.0;
        plate_half[1] = 0.005;
        ak_shape plate = ak_wc_box3(n, plate_half);
        double x0[AK_MAX_DIM] = { 0 }, xp[AK_MAX_DIM] = { 0 };
        x0[1] = 1.0;
        for (int i = 0; i < n; i++)
            if (i != 1) x0[i] = 1.2 * (gsl_rng_uniform(r) - 0.5);
        ak_wc_set_body(m, d, 0, &body, 1.0, x0);
        ak_wc_set_body(m, d, 1, &plate, moving ? 1000.0 : 0.0, xp);
        for (int i = 0; i < n; i++) m->gravity[i] = 0;
        m->timestep = 1.0 / 60;
        char err[1024];
        if (ak_wc_fill_mass(m, err, sizeof err)) {
            fails++;
            ak_data_free(d);
            ak_model_free(m);
            continue;
        }
        double U = 5 + 95 * gsl_rng_uniform(r), share = moving ? gsl_rng_uniform(r) * 0.5 : 0.0;
        vmax = fmax(vmax, U);
        d->v[1] = -(1 - share) * U;
        d->v[AK_MAX_DIM + 1] = share * U;
        for (int i = 0; i < n; i++)
            if (i != 1) d->v[i] = 0.1 * U * (gsl_rng_uniform(r) - 0.5);
        int k = ak_nd_nbiv(n);
        for (int q = 0; q < k; q++) d->w[q] = 2 * WMAX * (gsl_rng_uniform(r) - 0.5);
        ak_world_opts o = ak_world_default_opts(m);
        // the exponential rotor update: impacts at these speeds spin small bodies up to ~1e3
        // rad/s, beyond the first-order update R -= h/2 w R (T-5.17); it is also the motion
        // the time of impact assumes (G-CCD.1)
        o.integrator = AK_INT_EXP;
        int bad = 0;
        for (int st = 0; st < 40 && !bad; st++) {
            if (ak_world_step(m, d, &o, err, sizeof err)) {
                fails++;
                break;
            }
            double rel = d->x[1] - d->x[AK_MAX_DIM + 1];
            int inside = 1;
            for (int i = 0; i < n; i++)
                if (i != 1 && fabs(d->x[i] - d->x[AK_MAX_DIM + i]) > plate_half[i]) inside = 0;
            if (inside && rel < 0) {
                bad = 1;
                if (!through)
                    snprintf(first, sizeof first,
                             "; first: sample %ld (%dD, kind %d, %s plate, %.1f m/s) at step %d", s,
                             n, kind, moving ? "moving" : "fixed", U, st + 1);
            }
            ak_pose pa = ak_body_pose(m, d, 0), pb = ak_body_pose(m, d, 1);
            ak_manifold man;
            if (inside &&
                ak_collide(&man, &m->bodies[0].shape, &pa, &m->bodies[1].shape, &pb, 0.0) >= 0) {
                worst_pen = fmax(worst_pen, -man.separation);
            }
        }
        through += bad;
        runs++;
        ak_data_free(d);
        ak_model_free(m);
    }
    gsl_rng_free(r);
    ak_expect(c, through == 0 && fails == 0,
              "%ld runs (3D and 4D; hypersphere, hyperbox, hypercapsule, convex box; rotating up "
              "to %.0f rad/s per plane; relative speeds up to %.1f m/s; "
              "1 cm plate fixed or moving; 60 Hz, 40 steps, exponential rotor update): %ld "
              "pass-throughs, %ld failures%s",
              runs, WMAX, vmax, through, fails, first);
    ak_note(c,
            "largest penetration into the plate while the centre is within its extent: %.2e m (not "
            "gated: a moving plate and a "
            "body pressed into each other in one step, or a fast turn, can overlap by a few cm for "
            "a step before the contact "
            "rows push them apart; what CCD must prevent is the pass-through)",
            worst_pen);
}

static const ak_check CHECKS[] = {
    { "world.ccd_bullet", "G-CCD.1 G-CCD.2 G-13",
      "hypersphere at 70 m/s against a fixed 4 cm hyperbox at 60 Hz: no pass-through", ccd_bullet },
    { "world.ccd_random", "G-CCD.1 G-CCD.2 G-CCD.3 G-13",
      "random fast rotating bodies up to 100 m/s against 1 cm plates, 3D and 4D: no pass-through",
      ccd_random },
};

AK_TOPIC(world_ccd, CHECKS)
