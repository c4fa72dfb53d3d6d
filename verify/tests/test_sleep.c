// Unit tests of contact islands and sleeping (engine/island.h, G-SLEEP.1 .. G-SLEEP.5): with the
// feature compiled in but nothing asleep the step is the plain step bit for bit, the masked
// broadphase gives the plain pairs filtered by hand, results do not depend on the thread count,
// a copy of sleeping data continues bit for bit, and the scene keys load.
#include <stdlib.h>
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/broadphase.h"
#include "engine/contact_cache.h"
#include "engine/island.h"
#include "engine/scene.h"
#include "engine/world.h"
#include "verify/common/world_checks_util.h"

TestSuite(sleep);

// Random falling bodies (spheres and boxes, random rotors and velocities) over a plane, with one
// fixed box in the middle (the static branch of the broadphase). Deterministic (LCG).
static ak_model *random_scene(int n, int N, unsigned seed, ak_data **dp) {
    ak_model *m = ak_model_create(n, N + 2);
    ak_data *d = ak_data_create(m);
    double L = 0.9 * pow((double)N, 1.0 / n);
    ak_wc_random_bodies(m, d, N, seed, L);
    double up[AK_MAX_DIM] = { 0, 1 }, xc[AK_MAX_DIM] = { 0 };
    for (int i = 0; i < n; i++) xc[i] = 0.5 * L;
    xc[1] = 0.5;
    ak_shape g = ak_wc_plane(n, up, 0.0), fb = ak_wc_box(n, 0.5);
    ak_wc_set_body(m, d, N, &g, 0, NULL);
    ak_wc_set_body(m, d, N + 1, &fb, 0, xc);
    char err[256];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
    m->gravity[1] = -9.81;
    m->timestep = 1.0 / 60;
    *dp = d;
    return m;
}

static uint64_t sleep_hash(const ak_model *m, const ak_data *d) {
    uint64_t h = ak_wc_hash(m, d, 1469598103934665603ull);
    for (int b = 0; b < m->nbody; b++) h = (h ^ (uint64_t)ak_sleep_asleep(d, b)) * 1099511628211ull;
    return h;
}

// Sleeping on with a still time nothing reaches (every hook runs: masked broadphase with an
// all-awake mask, the wake pass, the island update) against sleeping off: the same bits at every
// step, 3D and 4D.
Test(sleep, on_but_never_asleep_is_plain) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d1, *d2;
        ak_model *m1 = random_scene(n, 150, 7u, &d1), *m2 = random_scene(n, 150, 7u, &d2);
        m2->sleep.enabled = true;
        m2->sleep.time = 1e9;
        ak_world_opts o = ak_world_default_opts(m1);
        char err[512];
        for (int s = 0; s < 120; s++) {
            cr_assert_eq(ak_world_step(m1, d1, &o, err, sizeof err), 0, "%s", err);
            cr_assert_eq(ak_world_step(m2, d2, &o, err, sizeof err), 0, "%s", err);
            cr_assert_eq(ak_wc_hash(m1, d1, 0), ak_wc_hash(m2, d2, 0), "%dD: step %d differs", n,
                         s);
        }
        cr_assert(d1->contacts->step.npoint > 50, "too few contacts (%d)",
                  d1->contacts->step.npoint);
        cr_assert_eq(d1->sleep, NULL, "sleeping off leaves d->sleep NULL");
        ak_model_free(m1), ak_model_free(m2), ak_data_free(d1), ak_data_free(d2);
    }
}

// The masked broadphase against the plain one filtered by hand: for random sleep masks, its
// pairs are exactly the plain pairs that have at least one awake body that moves.
Test(sleep, masked_broadphase_is_filtered_plain) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = random_scene(n, 400, 11u, &d);
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        for (int s = 0; s < 40; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        ak_contact_cache *c1 = ak_contact_cache_create(m), *c2 = ak_contact_cache_create(m);
        unsigned char *mask = calloc((size_t)m->nbody, 1);
        unsigned seed = 3u;
        for (int trial = 0; trial < 4; trial++) {
            for (int b = 0; b < m->nbody; b++) {
                seed = seed * 1103515245u + 12345u;
                bool moving = !m->bodies[b].fixed && m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE;
                mask[b] = moving && ((seed >> 16) % 4) < (unsigned)trial; // 0, 1/4, 1/2, 3/4 asleep
            }
            cr_assert_eq(ak_broadphase(m, d, c1, 0.02), 0);
            cr_assert_eq(ak_broadphase_masked(m, d, c2, 0.02, mask, true), 0);
            int k = 0;
            for (int p = 0; p < c1->step.npair; p++) {
                int a = c1->step.pairs[2 * p], b = c1->step.pairs[2 * p + 1];
                bool awa = !mask[a] && !m->bodies[a].fixed &&
                           m->bodies[a].shape.type != AK_SHAPE_HYPERPLANE;
                bool awb = !mask[b] && !m->bodies[b].fixed &&
                           m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE;
                if (!awa && !awb) continue;
                cr_assert(k < c2->step.npair, "%dD trial %d: masked list too short", n, trial);
                cr_assert(c2->step.pairs[2 * k] == a && c2->step.pairs[2 * k + 1] == b,
                          "%dD trial %d: pair %d is (%d, %d), want (%d, %d)", n, trial, k,
                          c2->step.pairs[2 * k], c2->step.pairs[2 * k + 1], a, b);
                k++;
            }
            cr_assert_eq(k, c2->step.npair, "%dD trial %d: %d pairs, want %d", n, trial,
                         c2->step.npair, k);
            cr_assert(trial > 0 || k > 100, "too few pairs (%d)", k);
        }
        free(mask);
        ak_contact_cache_free(c1), ak_contact_cache_free(c2);
        ak_model_free(m), ak_data_free(d);
    }
}

// A pile that falls asleep, then is hit by a body thrown at it (velocity written, then impulse
// through the API on a sleeping body): run on 1 and 2 threads with the per-body loops parallel
// from 100 bodies; the state and the sleep flags must hash the same. A copy of the data taken
// while the pile sleeps continues bit for bit like the original (its cache's boxes rebuilt).
static uint64_t pile_run(int threads, bool copy_midway, int *asleep_mid) {
#ifdef _OPENMP
    omp_set_num_threads(threads);
#else
    (void)threads;
#endif
    int N = 120, n = 3;
    ak_model *m = ak_model_create(n, N + 1);
    m->paths.parallel_min = 100; // the per-body loops on `threads` threads
    ak_data *d = ak_data_create(m);
    for (int b = 0; b < N; b++) {
        int i = b % 40,
            layer = b / 40; // 8 x 5 columns of 3 boxes, every fourth box a little turned
        double x[AK_MAX_DIM] = { 1.0 * (i % 8) + 0.01 * (b % 3), 0.5 + 1.0 * layer,
                                 1.0 * (i / 8) + 0.01 * (b % 2) };
        ak_shape s = ak_wc_box(n, 0.45);
        ak_wc_set_body(m, d, b, &s, 1.0, x);
        if (b % 4 == 0) {
            double B[AK_MAX_BIV] = { 0.2, 0.0, 0.0 };
            ak_nd_rotor_exp(n, d->R + (size_t)b * AK_MAX_EVEN, B);
        }
    }
    double up[AK_MAX_DIM] = { 0, 1 };
    ak_shape g = ak_wc_plane(n, up, 0.0);
    ak_wc_set_body(m, d, N, &g, 0, NULL);
    char err[512];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
    m->gravity[1] = -9.81;
    m->timestep = 1.0 / 60;
    m->sleep.enabled = true;
    m->sleep.angular = 1.0;
    ak_world_opts o = ak_world_default_opts(m);
    for (int s = 0; s < 300; s++)
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    *asleep_mid = ak_sleep_count(m, d);
    if (copy_midway) {
        ak_data *d2 = ak_data_create(m);
        ak_data_copy(m, d2, d);
        ak_data_free(d);
        d = d2;
    }
    d->v[(size_t)(N - 1) * AK_MAX_DIM + 0] = -3.0; // a top box thrown sideways
    double P[AK_MAX_DIM] = { 0, 0, 2.0 }, pt[AK_MAX_DIM];
    memcpy(pt, d->x + 7 * AK_MAX_DIM, sizeof pt);
    pt[1] += 0.2;
    cr_assert_eq(ak_world_apply_impulse(m, d, 7, P, pt), 0);
    for (int s = 0; s < 120; s++)
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    uint64_t h = sleep_hash(m, d);
    ak_model_free(m);
    ak_data_free(d);
    return h;
}

Test(sleep, threads_bitwise) {
#ifndef _OPENMP
    cr_assert_null(getenv("CI"), "built without OpenMP, but CI is set: the thread check must run");
    cr_skip_test("built without OpenMP");
#else
    int a1, a2;
    uint64_t h1 = pile_run(1, false, &a1), h2 = pile_run(2, false, &a2);
    omp_set_num_threads(2);
    cr_assert(a1 > 90, "the pile should be mostly asleep after 5 s (%d of 120)", a1);
    cr_assert_eq(h1, h2, "1 thread: %016llx, 2 threads: %016llx", (unsigned long long)h1,
                 (unsigned long long)h2);
#endif
}

Test(sleep, copy_continues_bitwise) {
    int a1, a2;
    uint64_t h1 = pile_run(1, false, &a1), h2 = pile_run(1, true, &a2);
    cr_assert(a1 > 90, "the pile should be mostly asleep after 5 s (%d of 120)", a1);
    cr_assert_eq(h1, h2, "original %016llx, copy %016llx", (unsigned long long)h1,
                 (unsigned long long)h2);
}

// The scene section "sleep": defaults when absent, values when given.
Test(sleep, scene_keys) {
    const char *base = "{\"format\": \"anakata-scene/1\", \"dim\": 3, \"bodies\": []}";
    const char *full =
        "{\"format\": \"anakata-scene/1\", \"dim\": 3, \"bodies\": [],"
        " \"sleep\": {\"enabled\": true, \"linear\": 0.02, \"angular\": 0.3, \"time\": 1.5}}";
    char err[512];
    ak_data *d;
    ak_model *m = ak_scene_parse(base, strlen(base), "base.json", &d, err, sizeof err);
    cr_assert_not_null(m, "%s", err);
    cr_assert(!m->sleep.enabled && m->sleep.linear == AK_SLEEP_LINEAR &&
              m->sleep.angular == AK_SLEEP_ANGULAR && m->sleep.time == AK_SLEEP_TIME);
    ak_model_free(m), ak_data_free(d);
    m = ak_scene_parse(full, strlen(full), "full.json", &d, err, sizeof err);
    cr_assert_not_null(m, "%s", err);
    cr_assert(m->sleep.enabled && m->sleep.linear == 0.02 && m->sleep.angular == 0.3 &&
              m->sleep.time == 1.5);
    ak_model_free(m), ak_data_free(d);
}
