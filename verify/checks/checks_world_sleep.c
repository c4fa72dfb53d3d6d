// Checks of contact islands and sleeping (engine/island.h; docs/formulas/world.md
// #islands-and-sleeping, G-SLEEP.1 .. G-SLEEP.5). Registered in the world group (its topic table, ak_topic_world_sleep,
// goes into checks_world.c's). Independent references: the same scene with sleeping off (the
// step as it was before the feature), closed forms (impulse on a body at rest), bit equality.
#include "verify/checks/checks_world_sleep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/contact_cache.h"
#include "engine/island.h"
#include "engine/world.h"
#include "verify/common/world_checks_util.h"

#define DT (1.0 / 60.0)
/// The pile of sleep_pile must be asleep within this (s): it is at 1.23 s (3D) and 0.70 s (4D),
/// the same piles without sleeping at rest then (every |v| below 0.05 m/s, |w| below 0.5 rad/s).
#define PILE_T 12.0

// The settings both scene builders share: gravity -9.81 along y, 60 Hz, 10 iterations,
// sleeping on with the default thresholds; hands d to *dout and returns m.
static ak_model *sleep_world(ak_model *m, ak_data *d, ak_data **dout) {
    m->gravity[1] = -9.81;
    m->timestep = DT;
    m->solver.iterations = 10;
    m->sleep = (ak_sleep_settings){ .enabled = true,
                                    .linear = AK_SLEEP_LINEAR,
                                    .angular = AK_SLEEP_ANGULAR,
                                    .time = AK_SLEEP_TIME };
    *dout = d;
    return m;
}

// The bench_vs_ode pile, small: N spheres r 0.5, mass 1 on a grid 1.1 apart with a deterministic
// jitter, in a box of planes, friction 0.5, gravity -9.81 y, 60 Hz, 10 iterations.
// boxes: unit hypercubes (half-width 0.5) instead of the spheres.
static ak_model *sphere_pile(int dim, int N, bool boxes, ak_data **dout) {
    int side = (int)ceil(dim == 3 ? cbrt((double)N) : pow((double)N, 0.25));
    while (dim == 3 ? side * side * side < N : side * side * side * side < N) side++;
    int nwall = 1 + 2 * (dim - 1);
    double L = 0.55 * side + 0.05;
    ak_model *m = ak_model_create(dim, N + nwall);
    ak_data *d = m ? ak_data_create(m) : NULL;
    if (!d) {
        ak_model_free(m);
        return NULL;
    }
    double up[AK_MAX_DIM] = { 0, 1 };
    ak_shape g = ak_wc_plane(dim, up, 0.0);
    ak_wc_set_body(m, d, N, &g, 0, NULL);
    int axes[3] = { 0, 2, 3 }, w = N + 1;
    for (int a = 0; a < dim - 1; a++)
        for (int s = 0; s < 2; s++) {
            double nr[AK_MAX_DIM] = { 0 };
            nr[axes[a]] = s ? -1 : 1;
            ak_shape pl = ak_wc_plane(dim, nr, -L);
            ak_wc_set_body(m, d, w++, &pl, 0, NULL);
        }
    unsigned seed = 12345;
    int per = dim == 3 ? side * side : side * side * side;
    for (int b = 0; b < N; b++) {
        double x[AK_MAX_DIM] = { 0 };
        int layer = b / per, i = b % per;
        x[0] = -0.55 * side + 0.55 + 1.1 * (i % side);
        x[2] = -0.55 * side + 0.55 + 1.1 * ((i / side) % side);
        if (dim == 4) x[3] = -0.55 * side + 0.55 + 1.1 * (i / (side * side));
        x[1] = 0.55 + 1.1 * layer;
        for (int k = 0; k < dim; k++) {
            if (k == 1) continue;
            seed = seed * 1103515245u + 12345u;
            x[k] += 0.02 * ((seed >> 16) % 1000 / 1000.0 - 0.5);
        }
        ak_shape s = boxes ? ak_wc_box(dim, 0.5) : ak_wc_sphere(dim, 0.5);
        ak_wc_set_body(m, d, b, &s, 1.0, x);
    }
    char err[256];
    if (ak_wc_fill_mass(m, err, sizeof err)) {
        ak_data_free(d);
        ak_model_free(m);
        return NULL;
    }
    for (int b = 0; b < N + nwall; b++) m->bodies[b].material = (ak_material){ 0.5, 0.5, 0.0 };
    return sleep_world(m, d, dout);
}

static double max_speed(const ak_model *m, const ak_data *d, int first, int count, bool angular) {
    int n = m->dim, k = ak_nd_nbiv(n);
    double worst = 0.0;
    for (int b = first; b < first + count; b++) {
        double s = 0.0;
        if (angular)
            for (int q = 0; q < k; q++)
                s += d->w[(size_t)b * AK_MAX_BIV + q] * d->w[(size_t)b * AK_MAX_BIV + q];
        else
            for (int i = 0; i < n; i++)
                s += d->v[(size_t)b * AK_MAX_DIM + i] * d->v[(size_t)b * AK_MAX_DIM + i];
        worst = fmax(worst, sqrt(s));
    }
    return worst;
}

static bool state_equal(const ak_model *m, const ak_data *a, const ak_data *b) {
    size_t nb = (size_t)m->nbody;
    return !memcmp(a->x, b->x, nb * AK_MAX_DIM * sizeof(double)) &&
           !memcmp(a->v, b->v, nb * AK_MAX_DIM * sizeof(double)) &&
           !memcmp(a->R, b->R, nb * AK_MAX_EVEN * sizeof(double)) &&
           !memcmp(a->w, b->w, nb * AK_MAX_BIV * sizeof(double));
}

// ---- a resting pile sleeps, and until the first island sleeps the step is the plain step ----
// The pile of sphere_pile with cubes: 75 in 3D (three layers) and 32 hypercubes in 4D. Not
// spheres: a sphere on a single contact spins for ever about its normal (in 4D in the three
// planes orthogonal to it), where a point contact has no friction, and whether a sphere pile
// ends with such a spinner is chaos: the 125-sphere pile this check had before came to rest by
// 5.4 s, and after a change of rounding alone (exact isotropic inertia) two of its spheres spin
// on at 0.67 and 0.51 rad/s. (Five-high cube columns, 125 cubes, still rock at 0.1-0.4 m/s
// after 12 s with 10 iterations.) The two piles run with sleeping on and
// off side by side: (1) the two runs are bit for bit equal until the first island falls asleep
// (with nothing asleep, the sleeping step is the plain step: G-SLEEP.3's skips are the only
// change); (2) every body is asleep within PILE_T s; (3) at that moment the plain run is at rest
// too (every |v| <= 0.05 m/s, |w| <= 0.5 rad/s): sleeping froze a pile at rest, not a moving one;
// (4) asleep bodies have v = w = 0 exactly.
void ak_check_sleep_pile(ak_check_ctx *c) {
    for (int dim = 3; dim <= 4; dim++) {
        int N = dim == 3 ? 75 : 32;
        ak_data *ds = NULL, *dp = NULL;
        ak_model *ms = sphere_pile(dim, N, true, &ds), *mp = sphere_pile(dim, N, true, &dp);
        if (!ms || !mp) {
            ak_expect(c, false, "%dD pile: cannot build the scene", dim);
            ak_model_free(ms), ak_model_free(mp), ak_data_free(ds), ak_data_free(dp);
            return;
        }
        mp->sleep.enabled = false;
        ak_world_opts os = ak_world_default_opts(ms), op = ak_world_default_opts(mp);
        char err[512];
        long steps = lround(PILE_T / DT), first_sleep = -1, all_asleep = -1, equal_until = 0;
        bool equal = true;
        for (long s = 1; s <= steps && all_asleep < 0; s++) {
            if (ak_world_step(ms, ds, &os, err, sizeof err) ||
                ak_world_step(mp, dp, &op, err, sizeof err)) {
                ak_expect(c, false, "%dD pile: step %ld: %s", dim, s, err);
                break;
            }
            int na = ak_sleep_count(ms, ds);
            if (first_sleep < 0) {
                if (equal && state_equal(ms, ds, dp))
                    equal_until = s;
                else
                    equal = false;
            }
            if (na > 0 && first_sleep < 0) first_sleep = s;
            if (na == N) all_asleep = s;
        }
        ak_expect(
            c, first_sleep > 0 && equal_until >= first_sleep - 1,
            "%dD pile of %d: sleeping on and off bit for bit equal until the first island sleeps "
            "(equal through step %ld, first sleep at step %ld)",
            dim, N, equal_until, first_sleep);
        ak_expect(c, all_asleep > 0, "%dD pile of %d: every body asleep within %g s (at %.2f s)",
                  dim, N, PILE_T, all_asleep > 0 ? all_asleep * DT : NAN);
        if (all_asleep > 0) {
            double vp = max_speed(mp, dp, 0, N, false), wp = max_speed(mp, dp, 0, N, true);
            ak_expect(c, vp <= AK_SLEEP_LINEAR && wp <= AK_SLEEP_ANGULAR,
                      "%dD pile: the plain run at %.2f s is at rest too: max |v| %.3g m/s <= %g, "
                      "max |w| %.3g rad/s <= %g",
                      dim, all_asleep * DT, vp, AK_SLEEP_LINEAR, wp, AK_SLEEP_ANGULAR);
            double vs = max_speed(ms, ds, 0, N, false), ws = max_speed(ms, ds, 0, N, true);
            ak_expect(c, vs == 0.0 && ws == 0.0,
                      "%dD pile: asleep bodies have v = w = 0 exactly (max %g, %g)", dim, vs, ws);
            ak_value(c, dim == 3 ? "asleep_s_3d" : "asleep_s_4d", all_asleep * DT);
        }
        ak_model_free(ms), ak_model_free(mp), ak_data_free(ds), ak_data_free(dp);
    }
}

// ---- a sleeping pile is frozen and costs no pair -------------------------------------------
// After the 3D pile is asleep, 120 more steps: x, v, R, w bit for bit unchanged, and the contact
// stage forms no pair, no point and no AABB test (a sleeping body makes no broadphase query).
void ak_check_sleep_frozen(ak_check_ctx *c) {
    ak_data *d = NULL;
    ak_model *m = sphere_pile(3, 64, false, &d);
    if (!m) {
        ak_expect(c, false, "cannot build the pile");
        return;
    }
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    long s = 0, limit = lround(PILE_T / DT);
    while (ak_sleep_count(m, d) < 64 && s < limit) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            ak_expect(c, false, "step %ld: %s", s, err);
            goto done;
        }
        s++;
    }
    ak_expect(c, ak_sleep_count(m, d) == 64, "64-sphere pile asleep (after %.2f s)", s * DT);
    ak_data *d0 = ak_data_create(m);
    if (!d0) goto done;
    ak_data_copy(m, d0, d);
    long pairs = 0, points = 0, tests = 0;
    for (int k = 0; k < 120; k++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            ak_expect(c, false, "frozen step %d: %s", k, err);
            break;
        }
        pairs += d->contacts->step.npair;
        points += d->contacts->step.npoint;
        tests += d->contacts->stats.broad_tests;
    }
    ak_expect(c, state_equal(m, d, d0),
              "120 steps asleep: x, v, R, w of every body bit for bit unchanged");
    ak_expect(c, pairs == 0 && points == 0 && tests == 0,
              "120 steps asleep: %ld pairs, %ld contact points, %ld AABB tests (all 0)", pairs,
              points, tests);
    ak_data_free(d0);
done:
    ak_data_free(d);
    ak_model_free(m);
}

// ---- a ball dropped onto one of two sleeping piles -----------------------------------------
// Two piles of eight unit cubes (2 x 2 columns of 2, faces touching: one island each, 10 m apart
// on a plane) and a ball (r 0.3, 1 kg) resting far away, 3D, 60 Hz. All three islands are put to
// sleep, then the ball is woken through the API (ak_sleep_wake_body), moved 2 m above pile A and
// let fall; 1.5 s run. Compared with the plain step (sleeping off) from the state at the start of
// the step in which pile A wakes (every island woken first: the same cached impulses).
#define CUBES 8
static ak_model *two_piles(ak_data **dout) {
    int nb = 2 * CUBES + 2;
    ak_model *m = ak_model_create(3, nb);
    ak_data *d = m ? ak_data_create(m) : NULL;
    if (!d) {
        ak_model_free(m);
        return NULL;
    }
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < CUBES; k++) {
            double x[AK_MAX_DIM] = { 10.0 * p + (k & 1 ? 0.5 : -0.5), (k & 4 ? 1.5 : 0.5),
                                     (k & 2 ? 0.5 : -0.5) };
            ak_shape s = ak_wc_box(3, 0.5);
            ak_wc_set_body(m, d, p * CUBES + k, &s, 1.0, x);
        }
    double xb[AK_MAX_DIM] = { -10.0, 0.3, 0.0 };
    ak_shape ball = ak_wc_sphere(3, 0.3);
    ak_wc_set_body(m, d, 2 * CUBES, &ball, 1.0, xb);
    double up[AK_MAX_DIM] = { 0, 1, 0 };
    ak_shape g = ak_wc_plane(3, up, 0.0);
    ak_wc_set_body(m, d, 2 * CUBES + 1, &g, 0, NULL);
    char err[256];
    if (ak_wc_fill_mass(m, err, sizeof err)) {
        ak_data_free(d);
        ak_model_free(m);
        return NULL;
    }
    return sleep_world(m, d, dout);
}

void ak_check_sleep_wake_ball(ak_check_ctx *c) {
    ak_data *d = NULL, *pre = NULL, *dp = NULL, *dB = NULL, *dq = NULL;
    ak_model *m = two_piles(&d);
    if (!m) {
        ak_expect(c, false, "cannot build the scene");
        return;
    }
    int ball = 2 * CUBES, nb = m->nbody;
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    long s = 0;
    while (ak_sleep_count(m, d) < 2 * CUBES + 1 && s < 600) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            ak_expect(c, false, "settling step %ld: %s", s, err);
            goto out;
        }
        s++;
    }
    ak_expect(c, ak_sleep_count(m, d) == 2 * CUBES + 1,
              "both piles and the ball asleep (after %.2f s)", s * DT);
    {
        const ak_sleep_state *st = d->sleep;
        int la = st->island[0], lb = st->island[CUBES];
        bool one_each = la != lb && la != st->island[ball];
        for (int k = 0; k < CUBES; k++)
            one_each = one_each && st->island[k] == la && st->island[CUBES + k] == lb;
        ak_expect(c, one_each,
                  "three islands: pile A (label %d), pile B (label %d), the ball (label %d)", la,
                  lb, st->island[ball]);
    }
    pre = ak_data_create(m), dp = ak_data_create(m), dB = ak_data_create(m), dq = ak_data_create(m);
    if (!pre || !dp || !dB || !dq) goto out;
    ak_data_copy(m, dB, d); // pile B at the drop
    ak_model mp = *m;       // the same model with sleeping off (shares the bodies)
    mp.sleep.enabled = false;
    ak_world_opts op = ak_world_default_opts(&mp);
    // the drop: the ball woken through the API, put 2 m above pile A's top, off centre, at rest
    int woke_ball = ak_sleep_wake_body(m, d, ball);
    ak_expect(c, woke_ball == 1, "the API wakes the ball's island alone (%d body woken)",
              woke_ball);
    double drop[3] = { 0.2, 4.3, -0.15 };
    memcpy(d->x + (size_t)ball * AK_MAX_DIM, drop, sizeof drop);
    // the whole drop with sleeping off, for the note below (every island woken: same impulses)
    ak_data_copy(m, dq, d);
    for (int b = 0; b < nb; b++) ak_sleep_wake_body(m, dq, b);
    ak_sleep_free(dq->sleep);
    dq->sleep = NULL;
    long nsteps = 90, wake_step = -1, resleep = -1, compared = 0;
    int woken_at_wake = 0;
    bool b_asleep = true, same = true;
    double full_diff = 0.0;
    for (long k = 1; k <= nsteps; k++) {
        ak_data_copy(m, pre, d);
        if (ak_world_step(m, d, &o, err, sizeof err) ||
            ak_world_step(&mp, dq, &op, err, sizeof err)) {
            ak_expect(c, false, "drop step %ld: %s", k, err);
            break;
        }
        if (wake_step < 0 && !ak_sleep_asleep(d, 0)) {
            // the plain run: the state before this step, every island woken, sleeping off
            wake_step = k;
            for (int q = 0; q < CUBES; q++) woken_at_wake += !ak_sleep_asleep(d, q);
            ak_data_copy(m, dp, pre);
            for (int b = 0; b < nb; b++) ak_sleep_wake_body(m, dp, b);
            ak_sleep_free(dp->sleep);
            dp->sleep = NULL;
        }
        if (wake_step > 0 && resleep < 0) {
            if (ak_world_step(&mp, dp, &op, err, sizeof err)) {
                ak_expect(c, false, "plain step %ld: %s", k, err);
                break;
            }
            if (ak_sleep_asleep(d, 0))
                resleep = k; // frozen again: from here the runs differ by design
            else {
                for (int b = 0; b < nb; b++) {
                    if (b >= CUBES && b < 2 * CUBES) continue; // pile B: asleep in one run only
                    same = same &&
                           !memcmp(d->x + (size_t)b * AK_MAX_DIM, dp->x + (size_t)b * AK_MAX_DIM,
                                   AK_MAX_DIM * sizeof(double)) &&
                           !memcmp(d->v + (size_t)b * AK_MAX_DIM, dp->v + (size_t)b * AK_MAX_DIM,
                                   AK_MAX_DIM * sizeof(double)) &&
                           !memcmp(d->R + (size_t)b * AK_MAX_EVEN, dp->R + (size_t)b * AK_MAX_EVEN,
                                   AK_MAX_EVEN * sizeof(double)) &&
                           !memcmp(d->w + (size_t)b * AK_MAX_BIV, dp->w + (size_t)b * AK_MAX_BIV,
                                   AK_MAX_BIV * sizeof(double));
                }
                compared++;
            }
        }
        for (int b = CUBES; b < 2 * CUBES; b++) b_asleep = b_asleep && ak_sleep_asleep(d, b);
        for (int b = 0; b < CUBES; b++)
            for (int i = 0; i < 3; i++)
                full_diff = fmax(full_diff, fabs(d->x[(size_t)b * AK_MAX_DIM + i] -
                                                 dq->x[(size_t)b * AK_MAX_DIM + i]));
    }
    // the first contact point between the ball and pile A, in the plain run from the wake
    long first_touch = -1;
    ak_expect(c, wake_step > 0 && woken_at_wake == CUBES,
              "pile A wakes as a whole (all %d bodies at step %ld of the drop)", woken_at_wake,
              wake_step);
    {
        // the wake comes no later than the first contact point ball - pile A: run the plain scene
        // from the drop and find it
        ak_data_copy(m, dp, dB);
        memcpy(dp->x + (size_t)ball * AK_MAX_DIM, drop, sizeof drop);
        for (int b = 0; b < nb; b++) ak_sleep_wake_body(m, dp, b);
        ak_sleep_free(dp->sleep);
        dp->sleep = NULL;
        for (long k = 1; k <= nsteps && first_touch < 0; k++) {
            if (ak_world_step(&mp, dp, &op, err, sizeof err)) break;
            for (int q = 0; first_touch < 0 && q < dp->contacts->step.npoint; q++) {
                const ak_contact_point *p = &dp->contacts->step.pts[q];
                if ((p->a == ball && p->b < CUBES) || (p->b == ball && p->a < CUBES))
                    first_touch = k;
            }
        }
    }
    ak_expect(c, wake_step > 0 && first_touch > 0 && wake_step <= first_touch,
              "pile A wakes at step %ld, no later than the first ball - pile A contact point of "
              "the plain run "
              "(step %ld)",
              wake_step, first_touch);
    bool b_frozen = true;
    for (int b = CUBES; b < 2 * CUBES; b++)
        b_frozen = b_frozen &&
                   !memcmp(d->x + (size_t)b * AK_MAX_DIM, dB->x + (size_t)b * AK_MAX_DIM,
                           AK_MAX_DIM * sizeof(double)) &&
                   !memcmp(d->R + (size_t)b * AK_MAX_EVEN, dB->R + (size_t)b * AK_MAX_EVEN,
                           AK_MAX_EVEN * sizeof(double));
    ak_expect(c, b_asleep && b_frozen,
              "pile B (a separate island) stays asleep and bit for bit frozen through the drop");
    // Exactly equal: from the state at the start of the waking step, the sleeping step (pile A
    // woken within the step: its velocity stage run late, the contact pass repeated, its cached
    // impulses restored) and the plain step differ only by pile B's points, which share no body
    // with pile A or the ball: sequential impulses on disjoint bodies commute exactly.
    ak_expect(c, same && compared > 10,
              "pile A and the ball: x, v, R, w bit for bit equal to the plain run from the waking "
              "step, over the %ld "
              "steps until pile A sleeps again (step %ld)",
              compared, resleep);
    ak_note(c,
            "for comparison, the plain run from the drop itself (its pile A drifts at rest by "
            "~1e-5 m while "
            "the sleeping one is frozen) differs by %.3g m after the impact of the ball on the "
            "8-cube pile",
            full_diff);
out:
    ak_data_free(pre), ak_data_free(dp), ak_data_free(dB), ak_data_free(dq);
    ak_data_free(d);
    ak_model_free(m);
}

// ---- an impulse or a velocity through the API wakes a sleeping island ----------------------
// Pile A of two_piles asleep; an impulse P at the centroid of cube 5 (top layer) through
// ak_world_apply_impulse: the whole pile wakes at once, v_5 = P / m exactly and w_5 = 0 (closed
// form: the lever arm is zero); an impulse off the centroid on the sleeping pile B's cube 13 at
// r = (0, 0.5, 0) with P = (1, 0, 0): |w| = |r x P| / I = 0.5 / (1/6) = 3 rad/s (unit cube, 1 kg:
// I = m (a^2 + b^2) / 12 = 1/6), within 1e-12. A velocity written straight into the data of the
// sleeping ball wakes it in the next step (G-SLEEP.4 c).
void ak_check_sleep_impulse(ak_check_ctx *c) {
    ak_data *d = NULL;
    ak_model *m = two_piles(&d);
    if (!m) {
        ak_expect(c, false, "cannot build the scene");
        return;
    }
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    long s = 0;
    while (ak_sleep_count(m, d) < 2 * CUBES + 1 && s < 600) {
        if (ak_world_step(m, d, &o, err, sizeof err)) break;
        s++;
    }
    ak_expect(c, ak_sleep_count(m, d) == 2 * CUBES + 1, "all asleep (after %.2f s)", s * DT);
    double P[3] = { 0.3, 0.2, -0.1 }, pt[3];
    memcpy(pt, d->x + 5 * AK_MAX_DIM, sizeof pt);
    ak_expect(c, ak_world_apply_impulse(m, d, 5, P, pt) == 0, "impulse applied");
    int awake = 0;
    for (int k = 0; k < CUBES; k++) awake += !ak_sleep_asleep(d, k);
    double ev = 0, ew = 0;
    for (int i = 0; i < 3; i++) ev = fmax(ev, fabs(d->v[5 * AK_MAX_DIM + i] - P[i]));
    for (int q = 0; q < 3; q++) ew = fmax(ew, fabs(d->w[5 * AK_MAX_BIV + q]));
    ak_expect(c, awake == CUBES && ev == 0.0 && ew == 0.0,
              "impulse at the centroid: all %d of pile A awake (%d), v = P / m exactly (error %g), "
              "w = 0 (%g)",
              CUBES, awake, ev, ew);
    double P2[3] = { 1, 0, 0 }, pt2[3];
    memcpy(pt2, d->x + 13 * AK_MAX_DIM, sizeof pt2);
    pt2[1] += 0.5;
    ak_world_apply_impulse(m, d, 13, P2, pt2);
    double wn = 0;
    for (int q = 0; q < 3; q++) wn += d->w[13 * AK_MAX_BIV + q] * d->w[13 * AK_MAX_BIV + q];
    ak_measure(c, fabs(sqrt(wn) - 3.0), 1e-12,
               "impulse off the centroid on pile B: |w| = |r x P| / I = 3 rad/s");
    ak_expect(c, !ak_sleep_asleep(d, CUBES), "pile B awake after its impulse");
    int ball = 2 * CUBES;
    ak_expect(c, ak_sleep_asleep(d, ball), "the ball still asleep (not touched)");
    d->v[(size_t)ball * AK_MAX_DIM + 0] = 0.5;
    double x0 = d->x[(size_t)ball * AK_MAX_DIM];
    if (ak_world_step(m, d, &o, err, sizeof err)) ak_expect(c, false, "%s", err);
    ak_expect(c, !ak_sleep_asleep(d, ball) && d->x[(size_t)ball * AK_MAX_DIM] > x0,
              "a velocity written into a sleeping body's data wakes it at the next step (x moved "
              "by %.3g m)",
              d->x[(size_t)ball * AK_MAX_DIM] - x0);
    ak_data_free(d);
    ak_model_free(m);
}

static const ak_check CHECKS[] = { AK_WORLD_SLEEP_CHECKS };

AK_TOPIC(world_sleep, CHECKS)
