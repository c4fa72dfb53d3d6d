// Unit tests of the engine's fast paths against the plain ones (docs/performance.md): the
// persistent, refitted broadphase tree against all pairs step after step.
#include <stdio.h>
#include <stdlib.h>
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/broadphase.h"
#include "engine/contact_cache.h"
#include "ref/contact/contact.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "ref/geom/support.h"
#include "engine/integrate.h"
#include "engine/world.h"
#include "verify/common/world_checks_util.h"

TestSuite(perf);

// A random mixed scene in n dimensions: N bodies (spheres and boxes with random rotors and
// velocities) above a ground plane inside four walls, falling. Deterministic (LCG).
static ak_model *random_scene(int n, int N, unsigned seed, ak_data **dp) {
    ak_model *m = ak_model_create(n, N + 3);
    ak_data *d = ak_data_create(m);
    double L = 0.9 * pow((double)N, 1.0 / n);
    ak_wc_random_bodies(m, d, N, seed, L);
    double up[AK_MAX_DIM] = { 0, 1 }, wx[AK_MAX_DIM] = { 1 }, wxm[AK_MAX_DIM] = { -1 };
    ak_shape g = ak_wc_plane(n, up, 0.0), w0 = ak_wc_plane(n, wx, -0.5),
             w1 = ak_wc_plane(n, wxm, -L - 0.5);
    ak_wc_set_body(m, d, N, &g, 0, NULL);
    ak_wc_set_body(m, d, N + 1, &w0, 0, NULL);
    ak_wc_set_body(m, d, N + 2, &w1, 0, NULL);
    char err[256];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
    m->gravity[1] = -9.81;
    m->timestep = 1.0 / 60;
    *dp = d;
    return m;
}

// The persistent tree (refitted every step, rebuilt when it has grown) finds exactly the
// all-pairs list at every step of a falling, spinning scene, in 3 and 4 dimensions; the scene
// moves enough that both the refit and the rebuild paths run. Modes: the per-body query, the
// tree against itself, and the incremental fat-box pairs (G-BP.1), which must also re-query
// far fewer bodies than a query of every body at every step.
Test(perf, broadphase_tree_refit_equals_all_pairs) {
    for (int mode = 0; mode < 3; mode++)
        for (int n = 3; n <= 4; n++) {
            ak_data *d;
            ak_model *m = random_scene(n, 300, 7u + (unsigned)n, &d);
            m->paths.broad_self_query = mode == 1; // per-body query, then the tree against itself
            m->paths.broad_incremental = mode == 2;
            ak_world_opts o = ak_world_default_opts(m);
            ak_contact_cache *tree = ak_contact_cache_create(m), *all = ak_contact_cache_create(m);
            char err[512];
            long total = 0, requery_late = 0;
            for (int s = 0; s < 90; s++) {
                long before = tree->stats.fat_requeries;
                cr_assert_eq(ak_broadphase(m, d, tree, 0.02), 0);
                if (s >= 45) requery_late += tree->stats.fat_requeries - before;
                cr_assert_eq(ak_broadphase_all_pairs(m, d, all, 0.02), 0);
                cr_assert_eq(tree->step.npair, all->step.npair,
                             "mode %d n=%d step %d: %d pairs against %d", mode, n, s,
                             tree->step.npair, all->step.npair);
                cr_assert_eq(memcmp(tree->step.pairs, all->step.pairs,
                                    sizeof(int) * 2 * (size_t)all->step.npair),
                             0, "mode %d n=%d step %d: pair lists differ", mode, n, s);
                total += all->step.npair;
                cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
            }
            cr_assert(total > 1000, "n=%d: too few pairs (%ld) for the test to mean much", n,
                      total);
            if (mode < 2)
                cr_assert(tree->stats.tree_builds > 1 && tree->stats.tree_builds < 90,
                          "n=%d: %ld builds in 90 steps (refit and rebuild should both run)", n,
                          tree->stats.tree_builds);
            else
                cr_assert(
                    tree->stats.fat_requeries > 300 && requery_late < 45 * 300 * 2 / 3,
                    "n=%d: %ld re-queries in all, %ld in the last 45 steps (of 13500; the bodies "
                    "still fall, about 6,000 measured)",
                    n, tree->stats.fat_requeries, requery_late);
            ak_contact_cache_free(tree);
            ak_contact_cache_free(all);
            ak_model_free(m);
            ak_data_free(d);
        }
}

#ifdef _OPENMP
#include <omp.h>
#endif

// The parallel stages (AABBs, tree query, integration, the solver's prepare) give the same bits with 1 and
// 2 threads: a 4D scene of 1,500 bodies (the parallel threshold lowered to 100) stepped 8 times
// each way, state hashes equal.
Test(perf, threads_bitwise) {
#ifndef _OPENMP
    // CI builds with OpenMP (gcc and clang both have it): there the skip would hide the test
    cr_assert_null(getenv("CI"), "built without OpenMP, but CI is set: the thread check must run");
    cr_skip_test("built without OpenMP");
#else
    uint64_t h[2];
    for (int t = 0; t < 2; t++) {
        omp_set_num_threads(t + 1);
        ak_data *d;
        ak_model *m = random_scene(4, 1500, 99u, &d);
        m->paths.parallel_min = 100;
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        for (int s = 0; s < 8; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        cr_assert(d->contacts->step.npoint > 100, "too few contacts (%d)",
                  d->contacts->step.npoint);
        h[t] = ak_wc_hash(m, d, 1469598103934665603ull);
        ak_model_free(m);
        ak_data_free(d);
    }
    omp_set_num_threads(2);
    cr_assert_eq(h[0], h[1], "1 thread: %016llx, 2 threads: %016llx", (unsigned long long)h[0],
                 (unsigned long long)h[1]);
#endif
}

// ---- renderer ----------------------------------------------------------------------------------
#include "engine/scene.h"
#include "render/tracer.h"
#include "render/shaders/ak_render_constants.h"

// The gamma encoding by the table of steps equals floor(pow(c, 1/gamma) 255 + 0.5) on a dense
// sweep of [0, 1], just below and at every step, and outside [0, 1].
Test(perf, encode_table_equals_pow) {
    for (int i = 0; i <= 2000000; i++) {
        double c = i / 2000000.0;
        unsigned char want = (unsigned char)floor(pow(c, 1.0 / AK_RT_GAMMA) * 255.0 + 0.5);
        cr_assert_eq(ak_render_encode(c), want, "c = %.17g", c);
    }
    for (int v = 1; v < 256; v++) { // the exact switch points, found here by bisection
        double lo = 0.0, hi = 1.0;
        for (int k = 0; k < 200; k++) {
            double mid = 0.5 * (lo + hi);
            if (floor(pow(mid, 1.0 / AK_RT_GAMMA) * 255.0 + 0.5) >= v)
                hi = mid;
            else
                lo = mid;
        }
        double xs[4] = { nextafter(hi, 0.0), hi, nextafter(hi, 1.0), lo };
        for (int k = 0; k < 4; k++) {
            unsigned char want = (unsigned char)floor(pow(xs[k], 1.0 / AK_RT_GAMMA) * 255.0 + 0.5);
            cr_assert_eq(ak_render_encode(xs[k]), want, "v = %d, c = %.17g", v, xs[k]);
        }
    }
    cr_assert_eq(ak_render_encode(-1.0), 0);
    cr_assert_eq(ak_render_encode(2.0), 255);
    cr_assert_eq(ak_render_encode(NAN), 0);
}

// The CPU tracer's fast paths with the exact lists (ak_render_cpu_exact: camera frame once per
// image, inline SDFs, the plane lengths once, the per-ray object list, the shadow early out, the encoding table) give the same bytes as the
// plain paths on every built-in scene, with soft shadows, and from a second camera.
Test(perf, tracer_fast_equals_plain) {
    const char *const *names = ak_render_builtin_names();
    for (int k = 0; names[k]; k++) {
        for (int cam = 0; cam < 2; cam++) {
            static ak_render_scene s;
            char err[256];
            cr_assert(ak_render_builtin(&s, names[k], 0.3, err, sizeof err), "%s", err);
            s.shadows = true;
            if (cam) {
                double tg[4] = { 0.2, 0.6, 0.1, 0.0 };
                ak_render_camera_orbit(&s.cam, tg, 5.0, -40.0, 25.0, 20.0);
            }
            ak_render_image a, b;
            cr_assert(ak_render_image_alloc(&a, 72, 48) && ak_render_image_alloc(&b, 72, 48));
            ak_render_cpu_exact(&s, &a);
            ak_render_cpu_plain(&s, &b);
            size_t nb = (size_t)72 * 48 * 3, diff = 0;
            for (size_t i = 0; i < nb; i++) diff += a.rgb[i] != b.rgb[i];
            cr_assert_eq(diff, 0, "scene %s, camera %d: %zu bytes differ", names[k], cam, diff);
            ak_render_image_free(&a);
            ak_render_image_free(&b);
        }
    }
}

// ---- exact replicas of ref/ kernels -----------------------------------------------------------
// ak_broadphase_rotor_matrix gives ak_nd_rotor_to_matrix's bits for random rotors (n = 2..5),
// for plane rotations (zero components) and for the identity.
Test(perf, rotor_matrix_exact) {
    unsigned seed = 4242u;
    for (int n = 2; n <= 5; n++) {
        for (int t = 0; t < 2000; t++) {
            double B[AK_MAX_BIV] = { 0 }, R[AK_MAX_EVEN];
            int k = ak_nd_nbiv(n);
            for (int q = 0; q < k; q++) {
                seed = seed * 1103515245u + 12345u;
                B[q] =
                    (t % 3 == 0 && q % 2) ? 0.0 : 4.0 * (((seed >> 8) % 100000) / 100000.0 - 0.5);
            }
            if (t == 0)
                ak_nd_rotor_identity(n, R);
            else
                ak_nd_rotor_exp(n, R, B);
            double M1[AK_MAX_DIM * AK_MAX_DIM], M2[AK_MAX_DIM * AK_MAX_DIM];
            ak_nd_rotor_to_matrix(n, M1, R);
            ak_broadphase_rotor_matrix(n, M2, R, true);
            cr_assert_eq(memcmp(M1, M2, sizeof(double) * (size_t)(n * n)), 0, "n=%d case %d", n, t);
        }
    }
}

// The table path of ak_broadphase_rotor_matrix gives the plain path's bits (the products on
// bitmasks with their zero terms left out) for rotors that are not unit or not even rotations:
// random components over 600 orders of magnitude with both signs, exact zeros and negative
// zeros, subnormals, and components so large that products overflow; and with a non-finite
// component (infinity, NaN), where it takes the plain path itself. n = 2..5.
Test(perf, rotor_matrix_table_equals_plain) {
    unsigned seed = 31337u;
    long checked = 0;
    for (int n = 2; n <= 5; n++) {
        int ne = 1 << (n - 1);
        for (int t = 0; t < 4000; t++) {
            double R[AK_MAX_EVEN];
            for (int k = 0; k < ne; k++) {
                seed = seed * 1103515245u + 12345u;
                unsigned r = seed >> 8, kind = r % 16;
                double mant = ((r >> 4) % 100000) / 50000.0 - 1.0;
                R[k] = kind == 0   ? 0.0
                       : kind == 1 ? -0.0
                       : kind == 2 ? mant * 4.9e-322 // subnormal
                       : kind == 3 ? mant * 1e300    // products overflow
                       : kind == 4 ? mant * 1e-200   // products underflow
                                   : mant * pow(10.0, (double)((int)((r >> 20) % 41) - 20));
            }
            if (t % 50 == 7)
                R[t % ne] = (t / 50) % 3 == 0 ? INFINITY : (t / 50) % 3 == 1 ? -INFINITY : NAN;
            double M1[AK_MAX_DIM * AK_MAX_DIM], M2[AK_MAX_DIM * AK_MAX_DIM];
            ak_broadphase_rotor_matrix(n, M1, R, false);
            ak_broadphase_rotor_matrix(n, M2, R, true);
            cr_assert_eq(memcmp(M1, M2, sizeof(double) * (size_t)(n * n)), 0, "n=%d case %d", n, t);
            checked++;
        }
    }
    cr_assert_eq(checked, 16000);
}

// ak_integrate_gyro_implicit_body gives ak_dyn_gyro_implicit_body's bits for random inertias
// (diagonal, and full symmetric positive definite) and rates, some components zero, n = 2..5.
Test(perf, gyro_exact) {
    unsigned seed = 777u;
    for (int n = 2; n <= 5; n++) {
        int k = ak_nd_nbiv(n);
        for (int t = 0; t < 3000; t++) {
            double I[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, L[AK_MAX_BIV * AK_MAX_BIV], w[AK_MAX_BIV];
            for (int q = 0; q < k * k; q++) {
                seed = seed * 1103515245u + 12345u;
                L[q] = ((seed >> 8) % 100000) / 100000.0 - 0.5;
            }
            for (int r = 0; r < k; r++)
                for (int c = 0; c < k; c++) {
                    double acc = r == c ? 0.3 + 0.1 * r : 0.0;
                    if (t % 2)
                        for (int q = 0; q < k; q++) acc += L[r * k + q] * L[c * k + q];
                    I[r * k + c] = acc;
                }
            for (int q = 0; q < k; q++) {
                seed = seed * 1103515245u + 12345u;
                w[q] =
                    (t % 5 == 0 && q % 2) ? 0.0 : 40.0 * (((seed >> 8) % 100000) / 100000.0 - 0.5);
            }
            double a[AK_MAX_BIV], b[AK_MAX_BIV];
            int ra = ak_dyn_gyro_implicit_body(n, a, I, w, 1.0 / 60);
            int rb = ak_integrate_gyro_implicit_body(n, b, I, w, 1.0 / 60);
            cr_assert_eq(ra, rb);
            if (ra == 0)
                cr_assert_eq(memcmp(a, b, sizeof(double) * (size_t)k), 0, "n=%d case %d", n, t);
        }
    }
}

// ---- solver --------------------------------------------------------------------------------------
#include "engine/narrowphase.h"
#include "engine/solver.h"

// ak_solver_corrected_solve runs its iterations on packed rows for n = 3, 4, and takes the rows in
// an order of its own (ak_solver_row_order: the points of each moving body in their given order);
// the plain sequence (prepare, warm start, ak_solver_iterate per iteration in the given order,
// restitution) gives the same velocities and impulses bit for bit. packed_equals_plain checks it
// on the next step of world (m, d), and that the order was a permutation that keeps each moving
// body's points in order and differs from the given order (else the test would not run it), and
// that at least half of the rows ran two at a time (ak_solver_row_pairs: iterate_pair's lanes).
static void packed_equals_plain(const ak_model *m, const ak_data *d, const char *what) {
    int n = m->dim;
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    ak_data *d1 = ak_data_create(m), *d2 = ak_data_create(m);
    ak_data_copy(m, d1, d);
    ak_data_copy(m, d2, d);
    ak_data *ds[2] = { d1, d2 };
    for (int k = 0; k < 2; k++) {
        ak_contact_cache *c = ds[k]->contacts;
        cr_assert_eq(ak_broadphase(m, ds[k], c, AK_SOLVER_MARGIN), 0);
        cr_assert_eq(ak_narrowphase(m, ds[k], c, AK_SOLVER_MARGIN, err, sizeof err), 0, "%s", err);
        ak_contact_cache_match(c);
    }
    int np = d1->contacts->step.npoint;
    cr_assert(np > 200, "%s n=%d: %d points", what, n, np);
    int s1 = ak_solver_corrected_solve(m, d1, d1->contacts, o.dt);
    ak_contact_cache *c2 = d2->contacts;
    ak_solver_prepare(m, d2, c2, o.dt);
    ak_solver_warm_start(m, d2, c2);
    int s2 = 0;
    for (int it = 0; it < m->solver.iterations; it++) s2 = ak_solver_iterate(m, d2, c2);
    ak_solver_restitution(m, d2, c2);
    // the order: a permutation, each moving body's points in their given order, not the identity
    int nord = 0, moved = 0;
    const int *ord = ak_solver_row_order(d1->contacts, &nord);
    cr_assert_eq(nord, np, "%s n=%d: an order of %d rows for %d points", what, n, nord, np);
    int *seen = calloc((size_t)np, sizeof(int)), *lastpos = malloc(sizeof(int) * (size_t)m->nbody);
    for (int b = 0; b < m->nbody; b++) lastpos[b] = -1;
    for (int k = 0; k < np; k++) {
        cr_assert(ord[k] >= 0 && ord[k] < np && !seen[ord[k]], "%s n=%d: not a permutation", what,
                  n);
        seen[ord[k]] = 1;
        moved += ord[k] != k;
        const ak_contact_point *p = &d1->contacts->step.pts[ord[k]];
        int ab[2] = { p->a, p->b };
        for (int q = 0; q < 2; q++) {
            if (!ak_solver_body_moves(m, ab[q])) continue;
            cr_assert(lastpos[ab[q]] < ord[k], "%s n=%d: body %d's points out of order", what, n,
                      ab[q]);
            lastpos[ab[q]] = ord[k];
        }
    }
    free(seen), free(lastpos);
    cr_assert(moved > np / 10, "%s n=%d: the order moved %d of %d rows", what, n, moved, np);
    int pairs = ak_solver_row_pairs(m, d1->contacts);
    cr_assert(4 * pairs > np, "%s n=%d: %d of %d rows ran in pairs", what, n, 2 * pairs, np);
    cr_assert_eq(s1, s2);
    size_t nb = (size_t)m->nbody;
    cr_assert_eq(memcmp(d1->v, d2->v, sizeof(double) * nb * AK_MAX_DIM), 0, "%s n=%d: v differs",
                 what, n);
    cr_assert_eq(memcmp(d1->w, d2->w, sizeof(double) * nb * AK_MAX_BIV), 0, "%s n=%d: w differs",
                 what, n);
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p1 = &d1->contacts->step.pts[i], *p2 = &c2->step.pts[i];
        cr_assert_eq(memcmp(&p1->jn, &p2->jn, sizeof(double)), 0, "%s n=%d: jn of %d", what, n, i);
        cr_assert_eq(memcmp(p1->jt, p2->jt, sizeof p2->jt), 0, "%s n=%d: jt of %d", what, n, i);
        cr_assert_eq(memcmp(&p1->jn_max, &p2->jn_max, sizeof(double)), 0, "%s n=%d: jn_max of %d",
                     what, n, i);
    }
    ak_data_free(d1);
    ak_data_free(d2);
}

// On a settling random scene (spheres and rotated boxes) in 3 and 4 dimensions.
Test(perf, solver_packed_equals_plain) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = random_scene(n, 400, 31u + (unsigned)n, &d);
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        for (int s = 0; s < 40; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        packed_equals_plain(m, d, "random scene");
        ak_data_free(d);
        ak_model_free(m);
    }
}

// ak_solver_prepare combines two bodies' materials once for a run of points whose materials have
// the same bits (solver.c: point_materials); every point's mu_k, mu_s and e are still the ref/
// combinations of its own two bodies' materials, bit for bit, on a scene of three frictions,
// two static frictions and two restitutions spread over the bodies, prepared on one thread and
// on two.
Test(perf, prepare_materials_per_point) {
    ak_data *d;
    ak_model *m = random_scene(3, 300, 5u, &d);
    for (int b = 0; b < m->nbody; b++) {
        ak_material *mt = &m->bodies[b].material;
        mt->friction = 0.2 + 0.15 * (b % 3);
        mt->static_friction = (b / 2) % 2 ? mt->friction : 0.9;
        mt->restitution = b % 5 == 0 ? 0.4 : 0.0;
    }
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    for (int s = 0; s < 30; s++)
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    for (int threads = 1; threads <= 2; threads++) {
        m->paths.parallel_min = threads == 1 ? 1 << 30 : 1;
        ak_contact_cache *c = ak_contact_cache_create(m);
        cr_assert_eq(ak_broadphase(m, d, c, AK_SOLVER_MARGIN), 0);
        cr_assert_eq(ak_narrowphase(m, d, c, AK_SOLVER_MARGIN, err, sizeof err), 0, "%s", err);
        ak_solver_prepare(m, d, c, o.dt);
        cr_assert(c->step.npoint > 100, "%d points", c->step.npoint);
        int differ = 0; // points whose materials differ from the point before them
        for (int i = 0; i < c->step.npoint; i++) {
            const ak_contact_point *p = &c->step.pts[i];
            const ak_material *A = &m->bodies[p->a].material, *B = &m->bodies[p->b].material;
            double mu_k = ak_contact_combine_friction(A->friction, B->friction);
            double mu_s = ak_contact_combine_friction(A->static_friction, B->static_friction);
            double e = ak_contact_combine_restitution(A->restitution, B->restitution);
            if (mu_s < mu_k) mu_s = mu_k;
            cr_assert_eq(memcmp(&p->mu_k, &mu_k, sizeof mu_k), 0, "point %d: mu_k", i);
            cr_assert_eq(memcmp(&p->mu_s, &mu_s, sizeof mu_s), 0, "point %d: mu_s", i);
            cr_assert_eq(memcmp(&p->e, &e, sizeof e), 0, "point %d: e", i);
            if (i > 0) {
                const ak_contact_point *q = &c->step.pts[i - 1];
                differ += memcmp(&m->bodies[q->a].material, A, sizeof *A) ||
                          memcmp(&m->bodies[q->b].material, B, sizeof *B);
            }
        }
        cr_assert(differ > c->step.npoint / 4, "only %d of %d points change materials", differ,
                  c->step.npoint);
        ak_contact_cache_free(c);
    }
    m->paths.parallel_min = 0;
    ak_model_free(m);
    ak_data_free(d);
}

// ---- fast paths of the contact stages ---------------------------------------------------------
#include "engine/ccd_step.h"

// ODE's pile as the bench builds it, small: N spheres of radius 0.5 on a jittered grid 1.1 apart
// above a ground plane, inside walls (planes) on every horizontal axis. Deterministic (LCG).
static ak_model *sphere_pile(int n, int N, unsigned seed, ak_data **dp) {
    int side = (int)ceil(pow((double)N, 1.0 / n)), nw = 1 + 2 * (n - 1);
    ak_model *m = ak_model_create(n, N + nw);
    ak_data *d = ak_data_create(m);
    for (int b = 0; b < N; b++) {
        ak_shape s = ak_wc_sphere(n, 0.5);
        double x[AK_MAX_DIM] = { 0 };
        int r = b, layer = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            double jit = 0.02 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
            if (i == 1) continue;
            x[i] = 1.1 * (r % side) + jit;
            r /= side;
        }
        layer = r;
        x[1] = 1.0 + 1.1 * layer;
        ak_wc_set_body(m, d, b, &s, 1.0, x);
    }
    double up[AK_MAX_DIM] = { 0, 1 };
    ak_shape g = ak_wc_plane(n, up, 0.0);
    ak_wc_set_body(m, d, N, &g, 0, NULL);
    int w = N + 1;
    for (int i = 0; i < n; i++) {
        if (i == 1) continue;
        double lo[AK_MAX_DIM] = { 0 }, hi[AK_MAX_DIM] = { 0 };
        lo[i] = 1, hi[i] = -1;
        ak_shape a = ak_wc_plane(n, lo, -0.6), b = ak_wc_plane(n, hi, -1.1 * side + 0.5);
        ak_wc_set_body(m, d, w++, &a, 0, NULL);
        ak_wc_set_body(m, d, w++, &b, 0, NULL);
    }
    char err[256];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
    for (int b = 0; b < m->nbody; b++) m->bodies[b].material.friction = 0.5;
    m->gravity[1] = -9.81;
    m->timestep = 1.0 / 60;
    *dp = d;
    return m;
}

// packed_equals_plain (above) on the bench's sphere pile, landing (step 30) and settled (step
// 200), in 3 and 4 dimensions: the points of the pairs sorted by body, as the bench's piles have
// them.
Test(perf, solver_packed_equals_plain_pile) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, 300, 77u + (unsigned)n, &d);
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        for (int s = 1; s <= 200; s++) {
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
            if (s == 30) packed_equals_plain(m, d, "pile, landing");
        }
        packed_equals_plain(m, d, "pile, settled");
        ak_data_free(d);
        ak_model_free(m);
    }
}

// Every body but the planes turned by exp(B), B from a deterministic sequence (seed); set_w: the
// angular velocity set to B as well.
static void random_turns(const ak_model *m, ak_data *d, unsigned seed, bool set_w) {
    int n = m->dim;
    for (int b = 0; b < m->nbody; b++) {
        if (m->bodies[b].shape.type == AK_SHAPE_HYPERPLANE) continue;
        double B[AK_MAX_BIV];
        for (int q = 0; q < ak_nd_nbiv(n); q++) {
            seed = seed * 1103515245u + 12345u;
            B[q] = 4.0 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
            if (set_w) d->w[(size_t)b * AK_MAX_BIV + q] = B[q];
        }
        ak_nd_rotor_exp(n, d->R + (size_t)b * AK_MAX_EVEN, B);
    }
}

// State hash after `steps` world steps of model m from a copy of d0.
static uint64_t run_hash(const ak_model *m, const ak_data *d0, int steps) {
    ak_data *d = ak_data_create(m);
    ak_data_copy(m, d, d0);
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    for (int s = 0; s < steps; s++)
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    uint64_t h = ak_wc_hash(m, d, 1469598103934665603ull);
    ak_data_free(d);
    return h;
}

// The CCD stage's closed-form rejection of sphere-sphere and sphere-plane pairs (ccd_step.c:
// toi_impossible) gives what conservative advancement gives, bit for bit: (1) pair by pair, on
// random pairs built to pass close to the stopping distance (hits, near misses and misses),
// the return value and the time of impact agree with the fast path off; (2) sphere piles in 3
// and 4 dimensions (impacts, resting contact, walls) stepped with the fast path on and off end
// in equal state hashes; the bodies and the mixed random scene also.
Test(perf, ccd_fast_equals_plain) {
    unsigned seed = 4242u;
    for (int n = 3; n <= 4; n++) {
        ak_model *m = ak_model_create(n, 3);
        ak_data *d = ak_data_create(m);
        ak_shape s0 = ak_wc_sphere(n, 0.5), s1 = ak_wc_sphere(n, 0.3);
        double up[AK_MAX_DIM] = { 0, 1 };
        ak_shape g = ak_wc_plane(n, up, 0.0);
        double x0[AK_MAX_DIM] = { 0 };
        ak_wc_set_body(m, d, 0, &s0, 1.0, x0);
        ak_wc_set_body(m, d, 1, &s1, 1.0, x0);
        ak_wc_set_body(m, d, 2, &g, 0, NULL);
        char err[256];
        cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
        double h = 1.0 / 60, margin = 0.02;
        int hits = 0, misses = 0;
        for (int trial = 0; trial < 20000; trial++) {
            double u[8];
            for (int q = 0; q < 8; q++) {
                seed = seed * 1103515245u + 12345u;
                u[q] = ((seed >> 8) % 1000001) / 1000000.0;
            }
            // body 1 at distance 0.8 + gap from body 0, moving so that the closest approach of
            // the centres over the step lands near 0.8 + tol (the stopping distance)
            for (int i = 0; i < n; i++) {
                d->x[i] = 3.0 * (u[i] - 0.5);
                d->x[AK_MAX_DIM + i] = d->x[i] + (i == 0 ? 0.8 + 0.3 * u[4] : 0.0);
                d->v[i] = 0.0;
                d->v[AK_MAX_DIM + i] = 0.0;
            }
            d->x[1] += 0.5 + 0.01 * u[5]; // body 0 near the ground (0.5 is touching)
            d->x[AK_MAX_DIM + 1] += 0.5 + 0.01 * u[5];
            d->v[AK_MAX_DIM + 0] = -(0.3 * u[4] + 0.005 * (u[6] - 0.5)) / h; // closes the gap
            d->v[AK_MAX_DIM + 2] = 0.02 * (u[7] - 0.5) / h;                  // sideways miss
            d->v[1] = -(0.01 * u[5] + 0.01 * (u[6] - 0.5)) / h;              // towards the ground
            d->w[0] = 40.0 * (u[7] - 0.5); // spin: no effect on a sphere
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    if (a == b || (a == 2 && b == 2)) continue;
                    double t1 = -1, t2 = -1;
                    m->paths.ccd_fast = true;
                    int r1 = ak_ccd_pair_toi(m, d, a, b, h, margin, &t1);
                    m->paths.ccd_fast = false;
                    int r2 = ak_ccd_pair_toi(m, d, a, b, h, margin, &t2);
                    m->paths.ccd_fast = true;
                    cr_assert_eq(r1, r2, "n=%d trial %d pair %d %d: fast %d, plain %d", n, trial, a,
                                 b, r1, r2);
                    if (r1)
                        cr_assert_eq(memcmp(&t1, &t2, sizeof t1), 0,
                                     "n=%d trial %d: toi %.17g vs %.17g", n, trial, t1, t2);
                    hits += r1, misses += !r1;
                }
        }
        cr_assert(hits > 10000 && misses > 10000,
                  "n=%d: %d hits, %d misses: the pairs do not straddle the stopping distance", n,
                  hits, misses);
        ak_model_free(m);
        ak_data_free(d);
    }
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, n == 3 ? 343 : 256, 5u, &d);
        m->paths.ccd_fast = false;
        uint64_t plain = run_hash(m, d, 150);
        m->paths.ccd_fast = true;
        uint64_t fast = run_hash(m, d, 150);
        cr_assert_eq(plain, fast, "pile n=%d: plain %016llx, fast %016llx", n,
                     (unsigned long long)plain, (unsigned long long)fast);
        ak_model_free(m);
        ak_data_free(d);
        // a small pile until it rests: few fast bodies (the unsorted path of the candidates)
        m = sphere_pile(n, n == 3 ? 125 : 81, 6u, &d);
        m->paths.ccd_fast = false;
        plain = run_hash(m, d, 420);
        m->paths.ccd_fast = true;
        fast = run_hash(m, d, 420);
        cr_assert_eq(plain, fast, "small pile n=%d: plain %016llx, fast %016llx", n,
                     (unsigned long long)plain, (unsigned long long)fast);
        ak_model_free(m);
        ak_data_free(d);
        m = random_scene(n, 300, 77u + (unsigned)n, &d);
        m->paths.ccd_fast = false;
        plain = run_hash(m, d, 60);
        m->paths.ccd_fast = true;
        fast = run_hash(m, d, 60);
        cr_assert_eq(plain, fast, "random n=%d: plain %016llx, fast %016llx", n,
                     (unsigned long long)plain, (unsigned long long)fast);
        ak_model_free(m);
        ak_data_free(d);
    }
}

// The prefetches (solver.c: the sweeps' rows and bodies, the prepare and warm-start passes;
// narrowphase.c, broadphase.c's kept pairs, ccd_step.c's point keys; on from
// m->paths.prefetch_min bodies, AK_PREFETCH_MIN by default) change no value: landings of sphere
// piles in 3 and 4 dimensions and of the random scene with boxes (the generic narrowphase, the
// solver's non-isotropic bodies) end in the same state hash with them on for every model
// (prefetch_min 1) and off (prefetch_min above the bodies). The default leaves them off for these
// small models, so this is the test that runs them; an index past the end of a list in the
// prefetching code reads outside an array, which the sanitizer build of this test reports.
Test(perf, prefetch_equals_plain) {
    for (int n = 3; n <= 4; n++) {
        for (int sc = 0; sc < 2; sc++) {
            ak_data *d;
            ak_model *m = sc == 0 ? sphere_pile(n, n == 3 ? 343 : 256, 11u, &d)
                                  : random_scene(n, 200, 91u + (unsigned)n, &d);
            cr_assert_eq(m->paths.prefetch_min, AK_PREFETCH_MIN);
            cr_assert(!ak_prefetch_on(m), "n=%d: %d bodies are below the default", n, m->nbody);
            m->paths.prefetch_min = m->nbody + 1;
            cr_assert(!ak_prefetch_on(m));
            uint64_t plain = run_hash(m, d, sc == 0 ? 150 : 60);
            m->paths.prefetch_min = 1;
            cr_assert(ak_prefetch_on(m));
            uint64_t pf = run_hash(m, d, sc == 0 ? 150 : 60);
            cr_assert_eq(plain, pf, "n=%d scene %d: plain %016llx, prefetching %016llx", n, sc,
                         (unsigned long long)plain, (unsigned long long)pf);
            ak_model_free(m);
            ak_data_free(d);
        }
    }
}

// The rotor projection's bound (integrate.c, project_rotor: for n <= 3 a rotor with 0.75 <=
// |R|^2 <= 1.25 has a defect below 0.5, so R R~ is not formed; for n = 4 the same with R R~'s
// pseudoscalar part |P| <= 0.25) gives the plain projection's result bit for bit: a body whose
// rotor is a random rotor scaled so that |R|^2 runs from 0.3 to 1.7 (the defect crosses 0.5 and
// |R|^2 the bound's limits; for n = 4 every other one moved off the rotors, so that P crosses
// the bound's limit and 0.5) and whose angular velocity is random, integrated by
// ak_integrate_positions (catto and exp) with the switch renorm_bound on and off: the same return
// code and the same rotor, n = 2..5. For n <= 4 the trials include rotors inside the bound,
// rotors outside it that project, and rotors refused; for n = 4 also rotors outside it by P alone,
// projected and refused, and the bound's formula for the defect is checked against
// ak_nd_rotor_defect.
Test(perf, renorm_bound_equals_plain) {
    ak_model *m1 = ak_model_create(3, 1);
    cr_assert(m1->paths.renorm_bound, "the fast path is on by default");
    ak_model_free(m1);
    unsigned seed = 777u;
    char err[512];
    for (int n = 2; n <= 5; n++) {
        ak_model *m = ak_model_create(n, 1);
        ak_data *d = ak_data_create(m), *d2 = ak_data_create(m);
        ak_shape s = ak_wc_sphere(n, 0.5);
        double x0[AK_MAX_DIM] = { 0 };
        ak_wc_set_body(m, d, 0, &s, 1.0, x0);
        cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
        int inside = 0, outside = 0, refused = 0, ne = 1 << (n - 1), outside_p = 0, refused_p = 0;
        for (int trial = 0; trial < 4000; trial++) {
            double B[AK_MAX_BIV], u[2];
            for (int q = 0; q < ak_nd_nbiv(n); q++) {
                seed = seed * 1103515245u + 12345u;
                B[q] = 4.0 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
                seed = seed * 1103515245u + 12345u;
                d->w[q] = 20.0 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
            }
            for (int q = 0; q < 2; q++) {
                seed = seed * 1103515245u + 12345u;
                u[q] = ((seed >> 8) % 100001) / 100000.0;
            }
            ak_nd_rotor_exp(n, d->R, B);
            double sc = sqrt(0.3 + 1.4 * u[0]);
            for (int k = 0; k < ne; k++) d->R[k] *= sc;
            double P = 0.0; // n = 4: R R~'s pseudoscalar part, by the bound's formula
            if (n == 4) {
                // a unit rotor scaled has P = 0: every other trial gets an even element off the
                // rotors, with P up to about 1.5 in magnitude (the bound's limit 0.25 and the refusal's 0.5
                // inside), and the bound's formula is checked against ak_nd_rotor_defect
                if (trial % 2) {
                    for (int k = 0; k < ne; k++) {
                        seed = seed * 1103515245u + 12345u;
                        d->R[k] += 0.7 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
                    }
                }
                const double *R = d->R;
                double s2 = 0.0;
                for (int k = 0; k < ne; k++) s2 += R[k] * R[k];
                P = 2.0 * (R[0] * R[7] - R[1] * R[6] + R[2] * R[5] - R[3] * R[4]);
                double want = fmax(fabs(s2 - 1.0), fabs(P)), got = ak_nd_rotor_defect(n, R);
                cr_assert(fabs(got - want) <= 1e-14, "n=4 trial %d: defect %.17g, formula %.17g",
                          trial, got, want);
                sc = sqrt(s2);
            }
            ak_integrator integ = u[1] < 0.5 ? AK_INT_CATTO : AK_INT_EXP;
            ak_data_copy(m, d2, d);
            m->paths.renorm_bound = false;
            int r1 = ak_integrate_positions(m, d, integ, 1.0 / 60, true, err, sizeof err);
            m->paths.renorm_bound = true;
            int r2 = ak_integrate_positions(m, d2, integ, 1.0 / 60, true, err, sizeof err);
            cr_assert_eq(r1, r2, "n=%d trial %d: plain %d, bound %d", n, trial, r1, r2);
            cr_assert_eq(memcmp(d->R, d2->R, sizeof(double) * (size_t)ne), 0,
                         "n=%d trial %d: the rotors differ", n, trial);
            cr_assert_eq(memcmp(d->x, d2->x, sizeof(double) * (size_t)n), 0,
                         "n=%d trial %d: the positions differ", n, trial);
            // |R|^2 is sc^2 before the step, which changes it by at most 2.5% here
            refused += r1 != 0;
            if (r1 == 0) {
                if (sc * sc >= 0.8 && sc * sc <= 1.2 && fabs(P) <= 0.2)
                    inside++;
                else if (sc * sc < 0.7 || sc * sc > 1.3 || fabs(P) > 0.3)
                    outside++;
            }
            outside_p += r1 == 0 && n == 4 && fabs(P) > 0.3;
            refused_p += r1 != 0 && n == 4 && fabs(P) > 0.5 && fabs(sc * sc - 1.0) < 0.4;
        }
        if (n <= 4)
            cr_assert(inside > 100 && outside > 100 && refused > 100,
                      "n=%d: %d inside the bound, %d outside, %d refused", n, inside, outside,
                      refused);
        if (n == 4) // off the bound by P alone: projected (P up to 0.5) and refused (P above)
            cr_assert(outside_p > 50 && refused_p > 50,
                      "n=4: %d projected and %d refused with |P| above the bound", outside_p,
                      refused_p);
        ak_data_free(d);
        ak_data_free(d2);
        ak_model_free(m);
    }
}

// The CCD candidates' plane bound (ccd_step.c, plane_far: a fast hypersphere higher above a plane
// than r ||M||_F |normal| plus its motion bound and the margin gets no candidate pair with that
// plane, without plane_gap) gives the plain pass's results bit for bit: from states of falling,
// spinning sphere piles (n = 2..5, rotors scaled by 0.7 and 1.3 as well: M not orthogonal, so
// ||M||_F is not sqrt(n)), the contact stage (whose CCD adds points) and the position stage's
// clamp with the switch ccd_plane_bound on and off give the same points and the same clamped
// velocities, for four step lengths. The states have fast bodies beyond the bound (the skip)
// and fast bodies within reach of a plane (plane_gap decides), counted here. Then whole landings
// in 3 and 4 dimensions end in equal state hashes with the switch on and off.
static void ccd_plane_bound_check(ak_model *m, const ak_data *d0, const char *what, int *far,
                                  int *near) {
    int n = m->dim, N = m->nbody;
    static const double hs[4] = { 1.0 / 60, 1.0 / 30, 1.0 / 120, 0.1 };
    char err[512];
    for (int t = 0; t < 4; t++) {
        double h = hs[t];
        // coverage: fast bodies far from a plane and near one (the motion bound of ccd_step.c)
        for (int b = 0; b < N; b++) {
            const ak_shape *s = &m->bodies[b].shape;
            if (s->type != AK_SHAPE_HYPERSPHERE || m->bodies[b].inv_mass <= 0.0) continue;
            double v2 = 0.0, w2 = 0.0, M[AK_MAX_DIM * AK_MAX_DIM], f2 = 0.0;
            for (int i = 0; i < n; i++)
                v2 += d0->v[(size_t)b * AK_MAX_DIM + i] * d0->v[(size_t)b * AK_MAX_DIM + i];
            for (int q = 0; q < ak_nd_nbiv(n); q++)
                w2 += d0->w[(size_t)b * AK_MAX_BIV + q] * d0->w[(size_t)b * AK_MAX_BIV + q];
            double mb = (sqrt(v2) + sqrt(w2) * s->radius) * h;
            if (!(mb > 0.5 * AK_SOLVER_MARGIN)) continue; // not fast
            ak_nd_rotor_to_matrix(n, M, d0->R + (size_t)b * AK_MAX_EVEN);
            for (int i = 0; i < n * n; i++) f2 += M[i] * M[i];
            for (int p = 0; p < N; p++) {
                const ak_shape *pl = &m->bodies[p].shape;
                if (pl->type != AK_SHAPE_HYPERPLANE) continue;
                double cx = 0.0;
                for (int i = 0; i < n; i++) cx += pl->normal[i] * d0->x[(size_t)b * AK_MAX_DIM + i];
                *far += cx - pl->offset - s->radius * sqrt(f2) > mb + AK_SOLVER_MARGIN + 0.1;
                *near += cx - pl->offset - s->radius < mb + AK_SOLVER_MARGIN;
            }
        }
        ak_data *dd[2];
        ak_ccd_clamp cl[2];
        for (int on = 0; on < 2; on++) {
            m->paths.ccd_plane_bound = on;
            dd[on] = ak_data_create(m);
            ak_data_copy(m, dd[on], d0);
            cr_assert_eq(ak_world_contacts(m, dd[on], h, NULL, err, sizeof err), 0, "%s", err);
            cr_assert_eq(ak_ccd_clamp_begin(m, dd[on], h, AK_SOLVER_MARGIN, &cl[on]), 0);
        }
        m->paths.ccd_plane_bound = true;
        const ak_contact_cache *c0 = dd[0]->contacts, *c1 = dd[1]->contacts;
        cr_assert_eq(c0->step.npoint, c1->step.npoint, "%s, h %g: %d points plain, %d bounded",
                     what, h, c0->step.npoint, c1->step.npoint);
        for (int i = 0; i < c0->step.npoint; i++) {
            const ak_contact_point *p = &c0->step.pts[i], *q = &c1->step.pts[i];
            cr_assert(p->a == q->a && p->b == q->b && p->id == q->id &&
                          !memcmp(&p->separation, &q->separation, sizeof p->separation) &&
                          !memcmp(p->normal, q->normal, sizeof p->normal) &&
                          !memcmp(p->point, q->point, sizeof p->point) &&
                          !memcmp(&p->jn, &q->jn, sizeof p->jn) &&
                          !memcmp(p->jt, q->jt, sizeof p->jt),
                      "%s, h %g: point %d differs", what, h, i);
        }
        cr_assert_eq(cl[0].count, cl[1].count, "%s, h %g: %d bodies clamped plain, %d bounded",
                     what, h, cl[0].count, cl[1].count);
        cr_assert_eq(memcmp(dd[0]->v, dd[1]->v, sizeof(double) * AK_MAX_DIM * (size_t)N), 0,
                     "%s, h %g: the clamped velocities differ", what, h);
        cr_assert_eq(memcmp(dd[0]->w, dd[1]->w, sizeof(double) * AK_MAX_BIV * (size_t)N), 0,
                     "%s, h %g: the clamped angular velocities differ", what, h);
        for (int on = 0; on < 2; on++) {
            ak_ccd_clamp_end(m, dd[on], &cl[on]);
            ak_data_free(dd[on]);
        }
    }
}

Test(perf, ccd_plane_bound_equals_plain) {
    char err[512];
    ak_model *m1 = ak_model_create(3, 1);
    cr_assert(m1->paths.ccd_plane_bound, "the fast path is on by default");
    ak_model_free(m1);
    for (int n = 2; n <= 5; n++)
        for (int scaled = 0; scaled <= 2; scaled++) {
            ak_data *d;
            ak_model *m = sphere_pile(n, n <= 3 ? 125 : 81, 29u + (unsigned)n, &d);
            random_turns(m, d, 13u, true);
            ak_world_opts o = ak_world_default_opts(m);
            int far = 0, near = 0;
            for (int s = 0; s < 40; s++) {
                cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
                if (s % 10 != 9) continue;
                double sc = scaled == 0 ? 1.0 : scaled == 1 ? 1.3 : 0.7; // the rotors' scale
                ak_data *ds = ak_data_create(m);
                ak_data_copy(m, ds, d);
                for (int b = 0; b < m->nbody; b++)
                    if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE)
                        for (int k = 0; k < (1 << (n - 1)); k++)
                            ds->R[(size_t)b * AK_MAX_EVEN + k] *= sc;
                ccd_plane_bound_check(m, ds, scaled ? "scaled sphere pile" : "sphere pile", &far,
                                      &near);
                ak_data_free(ds);
            }
            cr_assert(far > 0 && near > 0, "n=%d: %d far, %d near fast body-plane pairs", n, far,
                      near);
            ak_model_free(m);
            ak_data_free(d);
        }
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, n == 3 ? 343 : 256, 7u, &d);
        m->paths.ccd_plane_bound = false;
        uint64_t plain = run_hash(m, d, 150);
        m->paths.ccd_plane_bound = true;
        uint64_t fast = run_hash(m, d, 150);
        cr_assert_eq(plain, fast, "pile n=%d: plain %016llx, bounded %016llx", n,
                     (unsigned long long)plain, (unsigned long long)fast);
        ak_model_free(m);
        ak_data_free(d);
    }
}

// The CCD stage's per-pair passes on the engine's threads (ccd_step.c: the times of impact and
// the clamp's earliest times, each pair in its own slot, then reduced in the pairs' order) give
// the state of one thread, bit for bit: a falling sphere pile (most bodies fast, landing on the
// ground and on each other) in 3 and 4 dimensions, 1, 2 and 3 threads, with the engine's loops
// threaded from 50 bodies.
Test(perf, ccd_threads_bitwise) {
#ifndef _OPENMP
    cr_assert_null(getenv("CI"), "built without OpenMP, but CI is set: the thread check must run");
    cr_skip_test("built without OpenMP");
#else
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, n == 3 ? 343 : 256, 11u, &d);
        m->paths.parallel_min = 50;
        // most bodies are CCD candidates while the pile falls: the largest number of fast
        // bodies over the first 60 steps
        ak_data *d40 = ak_data_create(m);
        ak_data_copy(m, d40, d);
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        int nfast = 0;
        for (int s = 0; s < 60; s++) {
            cr_assert_eq(ak_world_step(m, d40, &o, err, sizeof err), 0, "%s", err);
            int k = 0;
            for (int b = 0; b < m->nbody; b++)
                k += ak_ccd_is_fast(m, d40, b, m->timestep, AK_SOLVER_MARGIN);
            if (k > nfast) nfast = k;
        }
        cr_assert(nfast > 150, "n=%d: at most %d fast bodies in 60 steps", n, nfast);
        ak_data_free(d40);
        uint64_t h[3];
        for (int t = 0; t < 3; t++) {
            omp_set_num_threads(t + 1);
            h[t] = run_hash(m, d, 90);
        }
        omp_set_num_threads(2);
        cr_assert(h[0] == h[1] && h[0] == h[2], "n=%d: 1 thread %016llx, 2 %016llx, 3 %016llx", n,
                  (unsigned long long)h[0], (unsigned long long)h[1], (unsigned long long)h[2]);
        ak_model_free(m);
        ak_data_free(d);
    }
#endif
}

// The stages' workspace (contact_cache.h) is kept between steps: once a falling pile has landed
// and rests, a step allocates no slot again (every slot's size stays), and the slots used are
// the CCD stage's and the store's.
Test(perf, workspace_kept_between_steps) {
    ak_data *d;
    ak_model *m = sphere_pile(3, 216, 3u, &d);
    ak_world_opts o = ak_world_default_opts(m);
    char err[512];
    for (int s = 0; s < 240; s++)
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    ak_workspace before = d->contacts->step.ws;
    int used = 0;
    for (int q = 0; q < AK_WS_SLOTS; q++) used += before.cap[q] > 0;
    cr_assert(used >= 10, "only %d workspace slots in use after the landing", used);
    for (int s = 0; s < 60; s++) {
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        for (int q = 0; q < AK_WS_SLOTS; q++)
            cr_assert(d->contacts->step.ws.p[q] == before.p[q] &&
                          d->contacts->step.ws.cap[q] == before.cap[q],
                      "step %d: slot %d changed from %zu bytes to %zu", 240 + s, q, before.cap[q],
                      d->contacts->step.ws.cap[q]);
    }
    ak_model_free(m);
    ak_data_free(d);
}

// Points of the current state by the narrowphase fast path (ak_narrowphase_fast) and by the
// plain ak_narrowphase on the same broadphase pairs: the same list, bit for bit.
static void points_equal_fast_plain(const ak_model *m, const ak_data *d, const char *what, int step,
                                    int *npts) {
    ak_data *d1 = ak_data_create(m);
    ak_data_copy(m, d1, d);
    ak_contact_cache *c1 = ak_contact_cache_create(m), *c2 = ak_contact_cache_create(m);
    char err[512];
    cr_assert_eq(ak_broadphase(m, d1, c1, AK_SOLVER_MARGIN), 0);
    cr_assert_eq(ak_broadphase(m, d1, c2, AK_SOLVER_MARGIN), 0);
    cr_assert(m->paths.narrow_fast, "the fast path is on by default");
    cr_assert_eq(ak_narrowphase_fast(m, d1, c1, AK_SOLVER_MARGIN, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_narrowphase(m, d1, c2, AK_SOLVER_MARGIN, err, sizeof err), 0, "%s", err);
    cr_assert_eq(c1->step.npoint, c2->step.npoint, "%s step %d: %d points against %d", what, step,
                 c1->step.npoint, c2->step.npoint);
    for (int i = 0; i < c1->step.npoint; i++) {
        const ak_contact_point *p = &c1->step.pts[i], *q = &c2->step.pts[i];
        cr_assert(p->a == q->a && p->b == q->b && p->id == q->id,
                  "%s step %d point %d: bodies or id differ", what, step, i);
        cr_assert_eq(memcmp(&p->separation, &q->separation, sizeof(double)), 0,
                     "%s step %d point %d: separation %.17g vs %.17g", what, step, i, p->separation,
                     q->separation);
        cr_assert_eq(memcmp(p->normal, q->normal, sizeof p->normal), 0,
                     "%s step %d point %d: normal", what, step, i);
        cr_assert_eq(memcmp(p->point, q->point, sizeof p->point), 0, "%s step %d point %d: point",
                     what, step, i);
    }
    *npts += c1->step.npoint;
    ak_contact_cache_free(c1);
    ak_contact_cache_free(c2);
    ak_data_free(d1);
}

// The narrowphase fast path (contact_step.c: sphere-sphere and sphere-plane pairs without poses
// or manifolds) gives ak_narrowphase's points bit for bit at every step of spinning sphere piles
// in 3 and 4 dimensions (random spins so that the rotation matrices are not the identity, the
// piles dropped into each other so that deep and shallow overlaps both occur), and whole runs
// with the fast path on and off end in equal state hashes.
Test(perf, narrowphase_fast_equals_plain) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, n == 3 ? 343 : 256, 11u, &d);
        random_turns(m, d, 99u, true);
        for (int b = 0; b < m->nbody; b++)
            if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE)
                d->x[(size_t)b * AK_MAX_DIM + 1] *= 0.8; // layers 0.88 apart: overlapping spheres
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        int npts = 0;
        ak_data *d0 = ak_data_create(m);
        ak_data_copy(m, d0, d);
        for (int s = 0; s < 60; s++) {
            points_equal_fast_plain(m, d, n == 3 ? "pile 3D" : "pile 4D", s, &npts);
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        }
        cr_assert(npts > 60 * 200, "n=%d: only %d points compared", n, npts);
        m->paths.narrow_fast = false;
        uint64_t plain = run_hash(m, d0, 100);
        m->paths.narrow_fast = true;
        uint64_t fast = run_hash(m, d0, 100);
        cr_assert_eq(plain, fast, "n=%d: plain %016llx, fast %016llx", n, (unsigned long long)plain,
                     (unsigned long long)fast);
        ak_data_free(d0);
        ak_data_free(d);
        ak_model_free(m);
    }
}

// The narrowphase fast path's rejection without the square root (narrowphase.c, sphere_sphere:
// |x_a - x_b|^2 in b's frame above (ra + rb + margin)^2 (1 + 1e-8): beyond the margin) keeps
// the plain path's points at the boundary: on spinning sphere piles (n = 3, 4, the layers
// pushed together) the broadphase's pairs with a wide margin, then margins set to the plain
// separation of one sphere pair after another (that pair exactly on the boundary, where a
// rejection one ulp off would drop it), and the fast and plain lists compared point for point.
Test(perf, narrowphase_reject_bound_equals_plain) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, n == 3 ? 343 : 256, 12u, &d);
        random_turns(m, d, 98u, true);
        for (int b = 0; b < m->nbody; b++)
            if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE)
                d->x[(size_t)b * AK_MAX_DIM + 1] *= 0.9;
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        for (int s = 0; s < 20; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        ak_contact_cache *c0 = ak_contact_cache_create(m), *c1 = ak_contact_cache_create(m),
                         *c2 = ak_contact_cache_create(m);
        // every pair's separation (a margin that takes them all)
        cr_assert_eq(ak_broadphase(m, d, c0, 0.5), 0);
        cr_assert_eq(ak_narrowphase(m, d, c0, 1e9, err, sizeof err), 0, "%s", err);
        int boundary = 0, checked = 0;
        for (int t = 0; t < 40; t++) {
            const ak_contact_point *p0 = &c0->step.pts[(t * 97) % c0->step.npoint];
            if (m->bodies[p0->b].shape.type != AK_SHAPE_HYPERSPHERE) continue;
            double margin = p0->separation;
            if (!(margin >= 0 && margin < 0.5)) continue;
            cr_assert_eq(ak_broadphase(m, d, c1, 0.5), 0);
            cr_assert_eq(ak_broadphase(m, d, c2, 0.5), 0);
            cr_assert_eq(ak_narrowphase_fast(m, d, c1, margin, err, sizeof err), 0, "%s", err);
            cr_assert_eq(ak_narrowphase(m, d, c2, margin, err, sizeof err), 0, "%s", err);
            cr_assert_eq(c1->step.npoint, c2->step.npoint, "n=%d margin %.17g: %d points, plain %d",
                         n, margin, c1->step.npoint, c2->step.npoint);
            for (int i = 0; i < c1->step.npoint; i++) {
                const ak_contact_point *p = &c1->step.pts[i], *q = &c2->step.pts[i];
                cr_assert(p->a == q->a && p->b == q->b && p->id == q->id &&
                              !memcmp(&p->separation, &q->separation, sizeof p->separation) &&
                              !memcmp(p->normal, q->normal, sizeof p->normal) &&
                              !memcmp(p->point, q->point, sizeof p->point),
                          "n=%d margin %.17g: point %d differs", n, margin, i);
                boundary += p->a == p0->a && p->b == p0->b;
            }
            checked++;
        }
        cr_assert(checked >= 10 && boundary >= checked,
                  "n=%d: %d margins checked, the boundary pair found %d times", n, checked,
                  boundary);
        ak_contact_cache_free(c0);
        ak_contact_cache_free(c1);
        ak_contact_cache_free(c2);
        ak_data_free(d);
        ak_model_free(m);
    }
}

// The broadphase's plane pairs (the fast path: the bodies listed once, a sphere's support
// written out, n = 3 and 4 as constants) are the plain rule's: body b pairs with plane p when
// n.x_b - h_b(-n) - offset <= margin, h from ak_geom_support_local in the frame of
// ak_nd_rotor_to_matrix. The margin is set to the plain distance of one body after another,
// so every such body sits exactly on the boundary and a distance one ulp off would change the
// list; spinning sphere piles (n = 2..5) and the mixed scene of spheres and boxes (n = 3, 4).
static void plane_pairs_check(ak_model *m, ak_data *d, const char *what) {
    int n = m->dim, N = m->nbody, checked = 0;
    double *dist = malloc(sizeof(double) * (size_t)N * (size_t)N);
    cr_assert(dist);
    for (size_t k = 0; k < (size_t)N * N; k++) dist[k] = NAN;
    for (int p = 0; p < N; p++) {
        const ak_body *pl = &m->bodies[p];
        if (pl->shape.type != AK_SHAPE_HYPERPLANE) continue;
        for (int b = 0; b < N; b++) {
            const ak_body *bd = &m->bodies[b];
            dist[(size_t)p * N + b] = NAN;
            if (bd->fixed || bd->inv_mass <= 0.0 || bd->shape.type == AK_SHAPE_HYPERPLANE) continue;
            double M[AK_MAX_DIM * AK_MAX_DIM], dir[AK_MAX_DIM], sp[AK_MAX_DIM], cx = 0.0;
            ak_nd_rotor_to_matrix(n, M, d->R + (size_t)b * AK_MAX_EVEN);
            for (int j = 0; j < n; j++) {
                dir[j] = 0.0;
                for (int i = 0; i < n; i++) dir[j] -= M[i * n + j] * pl->shape.normal[i];
            }
            double h = ak_geom_support_local(n, sp, &bd->shape, dir);
            for (int i = 0; i < n; i++)
                cx += pl->shape.normal[i] * d->x[(size_t)b * AK_MAX_DIM + i];
            dist[(size_t)p * N + b] = cx - h - pl->shape.offset;
        }
    }
    ak_contact_cache *c = ak_contact_cache_create(m);
    for (int t = 0; t < 12; t++) {
        int b0 = (t * 37) % N, p0 = -1;
        for (int p = 0; p < N && p0 < 0; p++)
            if (m->bodies[p].shape.type == AK_SHAPE_HYPERPLANE && !isnan(dist[(size_t)p * N + b0]))
                p0 = p;
        if (p0 < 0) continue;
        double margin = dist[(size_t)p0 * N + b0];
        if (!(margin > 0 && margin < 1.0)) margin = 0.02 + 0.01 * t;
        cr_assert_eq(ak_broadphase(m, d, c, margin), 0);
        int got = 0, want = 0;
        for (int q = 0; q < c->step.npair; q++) {
            int a = c->step.pairs[2 * q], b = c->step.pairs[2 * q + 1];
            if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE) continue;
            got++;
            cr_assert(dist[(size_t)b * N + a] <= margin,
                      "%s: pair (%d, plane %d) beyond the margin", what, a, b);
        }
        for (size_t k = 0; k < (size_t)N * N; k++) want += dist[k] <= margin;
        cr_assert_eq(got, want, "%s, margin %.17g: %d plane pairs, the plain rule gives %d", what,
                     margin, got, want);
        checked += want;
    }
    cr_assert(checked > 0, "%s: no plane pair compared", what);
    ak_contact_cache_free(c);
    free(dist);
}

Test(perf, plane_pairs_equal_plain) {
    char err[512];
    for (int n = 2; n <= 5; n++) {
        ak_data *d;
        ak_model *m = sphere_pile(n, n <= 3 ? 125 : 81, 21u, &d);
        random_turns(m, d, 5u, false);
        ak_world_opts o = ak_world_default_opts(m);
        for (int s = 0; s < 40; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        plane_pairs_check(m, d, "sphere pile");
        ak_model_free(m);
        ak_data_free(d);
    }
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = random_scene(n, 200, 17u, &d);
        ak_world_opts o = ak_world_default_opts(m);
        for (int s = 0; s < 60; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        plane_pairs_check(m, d, "mixed scene");
        ak_model_free(m);
        ak_data_free(d);
    }
}

// The plane pass's bound (broadphase.c, plane_pairs_bounded: a hypersphere farther from a plane
// than r ||M||_F |normal| plus the margin is skipped without its support) gives the plain pass's
// pairs, pair for pair: with the switch broad_plane_bound on and off, the same list for margins
// set to the plain distance of one body after another (the body exactly on the boundary), on
// spinning sphere piles (n = 2..5) whose rotors are scaled (M not orthogonal: ||M||_F is not
// sqrt(n)) and whose planes' normals are not unit vectors, and on the mixed scene of spheres and
// boxes. The piles have bodies beyond every bound and bodies within the margin (counted here).
static void plane_bound_check(ak_model *m, ak_data *d, const char *what) {
    int n = m->dim, N = m->nbody, far = 0, near = 0;
    ak_contact_cache *c1 = ak_contact_cache_create(m), *c2 = ak_contact_cache_create(m);
    cr_assert(c1 && c2);
    for (int t = 0; t < 16; t++) {
        // the plain distance of body b0 to the first plane (the rule of plane_pairs_check)
        int b0 = (t * 41) % N, p0 = -1;
        for (int p = 0; p < N && p0 < 0; p++)
            if (m->bodies[p].shape.type == AK_SHAPE_HYPERPLANE) p0 = p;
        cr_assert(p0 >= 0);
        double margin = 0.02 + 0.01 * t;
        const ak_body *bd = &m->bodies[b0];
        if (!(bd->fixed || bd->inv_mass <= 0.0 || bd->shape.type == AK_SHAPE_HYPERPLANE)) {
            const ak_shape *pl = &m->bodies[p0].shape;
            double M[AK_MAX_DIM * AK_MAX_DIM], dir[AK_MAX_DIM], sp[AK_MAX_DIM], cx = 0.0;
            ak_nd_rotor_to_matrix(n, M, d->R + (size_t)b0 * AK_MAX_EVEN);
            for (int j = 0; j < n; j++) {
                dir[j] = 0.0;
                for (int i = 0; i < n; i++) dir[j] -= M[i * n + j] * pl->normal[i];
            }
            double h = ak_geom_support_local(n, sp, &bd->shape, dir);
            for (int i = 0; i < n; i++) cx += pl->normal[i] * d->x[(size_t)b0 * AK_MAX_DIM + i];
            if (cx - h - pl->offset > 0 && cx - h - pl->offset < 1.0) margin = cx - h - pl->offset;
        }
        m->paths.broad_plane_bound = false;
        cr_assert_eq(ak_broadphase(m, d, c1, margin), 0);
        m->paths.broad_plane_bound = true;
        cr_assert_eq(ak_broadphase(m, d, c2, margin), 0);
        cr_assert_eq(c1->step.npair, c2->step.npair, "%s, margin %.17g: %d pairs plain, %d bounded",
                     what, margin, c1->step.npair, c2->step.npair);
        cr_assert_eq(
            memcmp(c1->step.pairs, c2->step.pairs, sizeof(int) * 2 * (size_t)c1->step.npair), 0,
            "%s, margin %.17g: the pair lists differ", what, margin);
    }
    // bodies far from a plane (the skip can apply) and near one (plane_distance_n decides)
    for (int p = 0; p < N; p++) {
        const ak_shape *pl = &m->bodies[p].shape;
        if (pl->type != AK_SHAPE_HYPERPLANE) continue;
        for (int b = 0; b < N; b++) {
            const ak_shape *s = &m->bodies[b].shape;
            if (s->type != AK_SHAPE_HYPERSPHERE || m->bodies[b].inv_mass <= 0.0) continue;
            double cx = 0.0, nn = 0.0, M[AK_MAX_DIM * AK_MAX_DIM], f2 = 0.0;
            for (int i = 0; i < n; i++) {
                cx += pl->normal[i] * d->x[(size_t)b * AK_MAX_DIM + i];
                nn += pl->normal[i] * pl->normal[i];
            }
            ak_nd_rotor_to_matrix(n, M, d->R + (size_t)b * AK_MAX_EVEN);
            for (int i = 0; i < n * n; i++) f2 += M[i] * M[i];
            // beyond r ||M||_F |normal| by more than the largest margin above, or within 0.05
            far += cx - pl->offset - s->radius * sqrt(f2) * sqrt(nn) > 0.2;
            near += (cx - pl->offset) / sqrt(nn) - s->radius < 0.05;
        }
    }
    cr_assert(far > 0 && near > 0, "%s: %d far, %d near body-plane pairs", what, far, near);
    ak_contact_cache_free(c1);
    ak_contact_cache_free(c2);
}

Test(perf, plane_bound_equals_plain) {
    char err[512];
    ak_model *m1 = ak_model_create(3, 1);
    cr_assert(m1->paths.broad_plane_bound, "the fast path is on by default");
    ak_model_free(m1);
    for (int n = 2; n <= 5; n++)
        for (int scaled = 0; scaled <= 2; scaled++) {
            ak_data *d;
            ak_model *m = sphere_pile(n, n <= 3 ? 125 : 81, 23u + (unsigned)n, &d);
            random_turns(m, d, 9u, true);
            ak_world_opts o = ak_world_default_opts(m);
            for (int s = 0; s < 30; s++)
                cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
            double sc = scaled == 0 ? 1.0 : scaled == 1 ? 1.3 : 0.7; // rotor and normal scale
            for (int b = 0; b < m->nbody; b++) {
                ak_shape *s = &m->bodies[b].shape;
                if (s->type == AK_SHAPE_HYPERPLANE) {
                    for (int i = 0; i < n; i++) s->normal[i] *= sc;
                    s->offset *= sc;
                } else
                    for (int k = 0; k < (1 << (n - 1)); k++)
                        d->R[(size_t)b * AK_MAX_EVEN + k] *= sc;
            }
            plane_bound_check(m, d, scaled ? "scaled sphere pile" : "sphere pile");
            ak_model_free(m);
            ak_data_free(d);
        }
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = random_scene(n, 200, 19u, &d);
        ak_world_opts o = ak_world_default_opts(m);
        for (int s = 0; s < 60; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        plane_bound_check(m, d, "mixed scene");
        ak_model_free(m);
        ak_data_free(d);
    }
}

// ak_contact_cache_match's walk from the last point's lower bound finds what a search of the
// whole previous list finds: each point inherits the impulses of the first previous point with
// its (a, b, id), or none. Previous lists with repeated keys (different impulses, so that the
// first one must win) and points in key order, in reverse order and shuffled; a point of a new
// key whose pair had previous points lies farther than AK_CACHE_MATCH_DIST from them, so the
// fallback match takes nothing. The expected values come from a scan of the whole list here.
Test(perf, cache_match_equals_search) {
    ak_data *d;
    ak_model *m = sphere_pile(3, 27, 1u, &d);
    unsigned seed = 4711u;
    long inherited = 0, fresh = 0;
    for (int t = 0; t < 60; t++) {
        ak_contact_cache *c = ak_contact_cache_create(m);
        int np = 50 + t * 7, nq = 40 + t * 5;
        cr_assert_eq(ak_contact_cache_reserve(c, np), 0);
        for (int i = 0; i < np; i++) { // the previous step's points, stored (sorted) below
            seed = seed * 1103515245u + 12345u;
            ak_contact_point *p = &c->step.pts[i];
            memset(p, 0, sizeof *p);
            p->a = (int)((seed >> 8) % 9), p->b = p->a + 1 + (int)((seed >> 16) % 4);
            p->id = (uint64_t)((seed >> 20) % 3);
            p->jn = 1.0 + i;
            p->jt[0] = -1.0 - i;
            p->point[0] = 0.0;
        }
        c->step.npoint = np;
        cr_assert_eq(ak_contact_cache_store(c), 0);
        cr_assert_eq(ak_contact_cache_reserve(c, nq), 0);
        for (int i = 0; i < nq; i++) {
            seed = seed * 1103515245u + 12345u;
            ak_contact_point *p = &c->step.pts[i];
            memset(p, 0, sizeof *p);
            p->a = (int)((seed >> 8) % 10), p->b = p->a + 1 + (int)((seed >> 16) % 4);
            p->id = (uint64_t)((seed >> 20) % 4);
            p->point[0] = 1.0; // AK_CACHE_MATCH_DIST away from every previous point and more
        }
        int order = t % 3; // 0: key order, 1: reverse, 2: shuffled
        for (int i = 0; i < nq; i++)
            for (int k = i + 1; k < nq; k++) {
                ak_contact_point *x = &c->step.pts[i], *y = &c->step.pts[k];
                int cmp = x->a != y->a   ? (x->a > y->a ? 1 : -1)
                          : x->b != y->b ? (x->b > y->b ? 1 : -1)
                                         : (x->id > y->id) - (x->id < y->id);
                if ((order == 0 && cmp > 0) || (order == 1 && cmp < 0)) {
                    ak_contact_point tmp = *x;
                    *x = *y, *y = tmp;
                }
            }
        c->step.npoint = nq;
        ak_contact_cache_match(c);
        for (int i = 0; i < nq; i++) {
            const ak_contact_point *p = &c->step.pts[i];
            int first = -1;
            for (int j = 0; j < c->keep.nprev && first < 0; j++)
                if (c->keep.prev[j].a == p->a && c->keep.prev[j].b == p->b &&
                    c->keep.prev[j].id == p->id)
                    first = j;
            if (first < 0) {
                cr_assert(!p->matched && p->jn == 0.0 && p->jt[0] == 0.0,
                          "case %d point %d: matched", t, i);
                fresh++;
            } else {
                cr_assert(p->matched && p->jn == c->keep.prev[first].jn &&
                              p->jt[0] == c->keep.prev[first].jt[0],
                          "case %d point %d: jn %g, the first previous point with its key has %g",
                          t, i, p->jn, c->keep.prev[first].jn);
                inherited++;
            }
        }
        ak_contact_cache_free(c);
    }
    cr_assert(inherited > 1000 && fresh > 1000, "inherited %ld, fresh %ld", inherited, fresh);
    ak_model_free(m);
    ak_data_free(d);
}

// The opt-in coloured order of the velocity iterations (solver setting "order": "coloured")
// gives the same bits with 1 and 2 threads: the points of one colour share no moving body. A 3D
// sphere pile and the mixed 4D scene, the parallel threshold lowered so that the colours run
// on both threads, 40 steps each way, state hashes equal; and the coloured order is a different
// order: its hash differs from the sequential one (else the test would not test the path).
Test(perf, coloured_threads_bitwise) {
#ifndef _OPENMP
    cr_assert_null(getenv("CI"), "built without OpenMP, but CI is set: the thread check must run");
    cr_skip_test("built without OpenMP");
#else
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = n == 3 ? sphere_pile(3, 343, 3u, &d) : random_scene(4, 400, 5u, &d);
        m->paths.parallel_min = 50;
        uint64_t seq = run_hash(m, d, 25);
        m->solver.order = AK_ORDER_COLOURED;
        uint64_t h[2];
        for (int t = 0; t < 2; t++) {
            omp_set_num_threads(t + 1);
            h[t] = run_hash(m, d, 25);
        }
        omp_set_num_threads(2);
        cr_assert_eq(h[0], h[1], "n=%d: 1 thread %016llx, 2 threads %016llx", n,
                     (unsigned long long)h[0], (unsigned long long)h[1]);
        cr_assert_neq(h[0], seq, "n=%d: the coloured order gave the sequential result", n);
        ak_model_free(m);
        ak_data_free(d);
    }
#endif
}

// ak_solver_prepare with the inline kernels (n = 3, 4) gives every field of every point bit for
// bit as with the ref/ kernels, on the mixed random scene (spheres and rotated boxes: full world
// inverse inertias) after 30 steps, in 3 and 4 dimensions.
Test(perf, prepare_fast_equals_plain) {
    for (int n = 3; n <= 4; n++) {
        ak_data *d;
        ak_model *m = random_scene(n, 300, 13u + (unsigned)n, &d);
        ak_world_opts o = ak_world_default_opts(m);
        char err[512];
        for (int s = 0; s < 30; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
        ak_contact_cache *cs[2];
        for (int k = 0; k < 2; k++) {
            cs[k] = ak_contact_cache_create(m);
            cr_assert_eq(ak_broadphase(m, d, cs[k], AK_SOLVER_MARGIN), 0);
            cr_assert_eq(ak_narrowphase(m, d, cs[k], AK_SOLVER_MARGIN, err, sizeof err), 0, "%s",
                         err);
            m->paths.prepare_fast = k == 0;
            ak_solver_prepare(m, d, cs[k], o.dt);
        }
        m->paths.prepare_fast = true;
        cr_assert(cs[0]->step.npoint > 100, "n=%d: %d points", n, cs[0]->step.npoint);
        cr_assert_eq(cs[0]->step.npoint, cs[1]->step.npoint);
        for (int i = 0; i < cs[0]->step.npoint; i++)
            cr_assert_eq(memcmp(&cs[0]->step.pts[i], &cs[1]->step.pts[i], sizeof(ak_contact_point)),
                         0, "n=%d point %d differs", n, i);
        ak_contact_cache_free(cs[0]);
        ak_contact_cache_free(cs[1]);
        ak_model_free(m);
        ak_data_free(d);
    }
}
