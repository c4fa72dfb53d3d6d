// Unit tests of ref/contact, ref/published/solver_published and the engine's contact stages.
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "engine/broadphase.h"
#include "ref/contact/contact.h"
#include "engine/contact_cache.h"
#include "ref/ga/nd.h"
#include "ref/published/solver_published.h"
#include "engine/solver.h"
#include "engine/world.h"
#include "verify/common/world_checks_util.h"

#define TOL_ROUND 1e-13

TestSuite(world);

// The tangent basis is orthonormal and orthogonal to the normal, n = 2..5.
Test(world, tangent_basis_orthonormal) {
    for (int n = 2; n <= 5; n++) {
        double nrm[AK_MAX_DIM], len = 0, T[AK_MAX_TAN * AK_MAX_DIM];
        for (int i = 0; i < n; i++) nrm[i] = sin(1.3 * i + 0.2 * n) + 0.1, len += nrm[i] * nrm[i];
        for (int i = 0; i < n; i++) nrm[i] /= sqrt(len);
        ak_contact_tangent_basis(n, T, nrm);
        for (int a = 0; a < n - 1; a++) {
            double dn = 0;
            for (int i = 0; i < n; i++) dn += T[a * n + i] * nrm[i];
            cr_assert(fabs(dn) < TOL_ROUND, "n=%d row %d . normal = %g", n, a, dn);
            for (int b = 0; b < n - 1; b++) {
                double d = 0;
                for (int i = 0; i < n; i++) d += T[a * n + i] * T[b * n + i];
                cr_assert(fabs(d - (a == b)) < TOL_ROUND, "n=%d <T%d,T%d> = %g", n, a, b, d);
            }
        }
    }
}

// A normal within rounding of -e_y (not exactly unit): the basis stays orthonormal (the pile
// blew up before u.u was computed from the components).
Test(world, tangent_basis_near_axis) {
    double nrm[4] = { -9.70483e-11, -1.0, -5.04217e-11, 3.6136e-08 }, T[12];
    ak_contact_tangent_basis(4, T, nrm);
    for (int a = 0; a < 3; a++) {
        double l = 0, dn = 0;
        for (int i = 0; i < 4; i++) l += T[a * 4 + i] * T[a * 4 + i], dn += T[a * 4 + i] * nrm[i];
        cr_assert(fabs(l - 1) < TOL_ROUND && fabs(dn) < 1e-12, "row %d: |t|^2 = %g, t.n = %g", a, l,
                  dn);
    }
}

// A model's bodies hold their k x k inertia and inverse in the model's storage, one disjoint
// block per body, and ak_model_set_body copies a body's values into the destination body's own
// block (a later change to the source does not reach the copy), n = 2..5.
Test(world, body_inertia_storage_per_model) {
    for (int n = 2; n <= 5; n++) {
        int k = ak_nd_nbiv(n), kk = k * k;
        ak_model *m = ak_model_create(n, 3), *m2 = ak_model_create(n, 2);
        cr_assert(m && m2);
        for (int b = 0; b < 3; b++) {
            for (int i = 0; i < kk; i++) {
                cr_assert_eq(m->bodies[b].inertia[i], 0.0, "n=%d body %d: zeroed", n, b);
                m->bodies[b].inertia[i] = 100.0 * b + i + 1;
                m->bodies[b].inv_inertia[i] = -(100.0 * b + i + 1);
            }
        }
        for (int b = 0; b < 3; b++) // no block overwrote another
            for (int i = 0; i < kk; i++) {
                cr_assert_eq(m->bodies[b].inertia[i], 100.0 * b + i + 1, "n=%d b=%d i=%d", n, b, i);
                cr_assert_eq(m->bodies[b].inv_inertia[i], -(100.0 * b + i + 1), "n=%d", n);
            }
        m->bodies[2].mass = 7.0;
        ak_model_set_body(m2, 1, &m->bodies[2]);
        cr_assert(m2->bodies[1].inertia != m->bodies[2].inertia, "n=%d: storage shared", n);
        cr_assert_eq(m2->bodies[1].mass, 7.0);
        m->bodies[2].inertia[0] = m->bodies[2].inv_inertia[kk - 1] = 0.5;
        for (int i = 0; i < kk; i++) {
            cr_assert_eq(m2->bodies[1].inertia[i], 200.0 + i + 1, "n=%d i=%d", n, i);
            cr_assert_eq(m2->bodies[1].inv_inertia[i], -(200.0 + i + 1), "n=%d i=%d", n, i);
            cr_assert_eq(m2->bodies[0].inertia[i], 0.0, "n=%d: body 0 untouched", n);
        }
        ak_model_free(m);
        ak_model_free(m2);
    }
}

// The world inverse inertia through the compound of M equals the one through [R]_2.
Test(world, inv_inertia_compound_matches_rotor) {
    for (int n = 2; n <= 5; n++) {
        int k = ak_nd_nbiv(n);
        double B[AK_MAX_BIV], R[AK_MAX_EVEN], M[25], Iinv[100], A[100], C[100];
        for (int q = 0; q < k; q++) B[q] = 0.3 + 0.7 * sin(q + n);
        ak_nd_rotor_exp(n, R, B);
        ak_nd_rotor_to_matrix(n, M, R);
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++) Iinv[i * k + j] = (i == j ? 2.0 + i : 0.1 * (i + j));
        ak_contact_world_inv_inertia(n, A, Iinv, R);
        ak_contact_world_inv_inertia_m(n, C, Iinv, M);
        for (int i = 0; i < k * k; i++)
            cr_assert(fabs(A[i] - C[i]) < 1e-12, "n=%d entry %d: %g vs %g", n, i, A[i], C[i]);
    }
}

// K of a point mass (no inertia) is delta/m; with inertia it is symmetric, and for a lever
// along u the u-u entry is 1/m (no rotation from a central push).
Test(world, k_matrix_basics) {
    int n = 4, k = 6;
    double K[16] = { 0 }, Iinv[36] = { 0 }, r[4] = { 0.3, -0.2, 0.5, 0.1 };
    for (int q = 0; q < k; q++) Iinv[q * k + q] = 1.0 + q;
    ak_contact_k_add(n, K, 0.5, NULL, r);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) cr_assert_float_eq(K[i * n + j], i == j ? 0.5 : 0.0, 0.0);
    memset(K, 0, sizeof K);
    ak_contact_k_add(n, K, 0.5, Iinv, r);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) cr_assert_float_eq(K[i * n + j], K[j * n + i], TOL_ROUND);
    double ur[4];
    for (int i = 0; i < n; i++) ur[i] = r[i] / sqrt(0.09 + 0.04 + 0.25 + 0.01);
    cr_assert_float_eq(ak_contact_k_dir(n, K, ur), 0.5, TOL_ROUND);
}

// K of an isotropic body by Lagrange's identity (ak_contact_k_add_iso) against the general
// ak_contact_k_add with inv_Iw = iso 1, n = 2..5, random levers: equal to rounding.
Test(world, k_matrix_isotropic_matches_general) {
    unsigned seed = 12345u;
    for (int t = 0; t < 400; t++) {
        int n = 2 + t % 4, k = n * (n - 1) / 2;
        double r[AK_MAX_DIM], Iinv[AK_MAX_BIV * AK_MAX_BIV] = { 0 };
        double K1[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, K2[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            r[i] = 2.0 * ((seed >> 8) % 100000) / 100000.0 - 1.0;
        }
        double iso = 0.1 + 0.01 * t, im = 0.3 + 0.002 * t, scale = im + iso * 4.0;
        for (int q = 0; q < k; q++) Iinv[q * k + q] = iso;
        ak_contact_k_add(n, K1, im, Iinv, r);
        ak_contact_k_add_iso(n, K2, im, iso, r);
        for (int i = 0; i < n * n; i++)
            cr_assert(fabs(K1[i] - K2[i]) <= 8 * DBL_EPSILON * scale,
                      "n=%d case %d entry %d: %.17g vs %.17g", n, t, i, K1[i], K2[i]);
    }
}

// The friction clamp keeps impulses inside the disc, opposes the slip when sliding.
Test(world, friction_clamp) {
    double jt[3] = { 0.3, 0.0, 0.0 }, ut[3] = { 0, -1, 0 };
    cr_assert_eq(ak_contact_friction_clamp(3, jt, ut, 1.0, 0.5, 1), 0);
    cr_assert_float_eq(jt[0], 0.3, 0.0);
    double jt2[3] = { 3.0, 4.0, 0.0 };
    cr_assert_eq(ak_contact_friction_clamp(3, jt2, ut, 1.0, 0.5, 1), 1);
    cr_assert_float_eq(jt2[1], 0.5, TOL_ROUND); // opposite ut
    cr_assert_float_eq(jt2[0], 0.0, TOL_ROUND);
    double jt3[3] = { 3.0, 4.0, 0.0 };
    cr_assert_eq(ak_contact_friction_clamp(3, jt3, ut, 1.0, 0.5, 0), 1);
    cr_assert_float_eq(jt3[0], 0.3, TOL_ROUND); // radial
    cr_assert_float_eq(jt3[1], 0.4, TOL_ROUND);
    cr_assert_float_eq(ak_contact_friction_coefficient(0.01, 0.05, 0.6, 0.4), 0.6, 0.0);
    cr_assert_float_eq(ak_contact_friction_coefficient(0.1, 0.05, 0.6, 0.4), 0.4, 0.0);
}

Test(world, bias_and_materials) {
    cr_assert_float_eq(ak_contact_bias(-0.015, 0.01, 0.2, 0.005), 0.2, TOL_ROUND);
    cr_assert_float_eq(ak_contact_bias(-0.001, 0.01, 0.2, 0.005), 0.0, 0.0);
    cr_assert_float_eq(ak_contact_bias(0.01, 0.01, 0.2, 0.005), -1.0, TOL_ROUND);
    cr_assert_float_eq(ak_contact_combine_friction(0.25, 1.0), 0.5, TOL_ROUND);
    cr_assert_float_eq(ak_contact_combine_restitution(0.2, 0.7), 0.7, 0.0);
    // the published T-5.b agrees with the corrected bias for penetrating contacts
    cr_assert_float_eq(ak_published_solver_baumgarte(0.2, 0.01, -0.015, 0.005), 0.2, TOL_ROUND);
}

// The cache gives a point the impulses of the previous step's point with the same key.
Test(world, cache_matches_feature_ids) {
    ak_model *m = ak_model_create(3, 3);
    ak_contact_cache *c = ak_contact_cache_create(m);
    cr_assert(c);
    cr_assert_eq(ak_contact_cache_reserve(c, 3), 0);
    c->step.npoint = 3;
    memset(c->step.pts, 0, 3 * sizeof *c->step.pts);
    c->step.pts[0] = (ak_contact_point){ .a = 0, .b = 1, .id = 7, .jn = 1.5 };
    c->step.pts[1] = (ak_contact_point){ .a = 0, .b = 2, .id = 7, .jn = 2.5 };
    c->step.pts[2] = (ak_contact_point){ .a = 1, .b = 2, .id = 3, .jn = 3.5, .point = { 1.0 } };
    cr_assert_eq(ak_contact_cache_store(c), 0);
    c->step.npoint = 2;
    c->step.pts[0] = (ak_contact_point){ .a = 0, .b = 2, .id = 7 };
    c->step.pts[1] = (ak_contact_point){ .a = 1, .b = 2, .id = 4 };
    ak_contact_cache_match(c);
    cr_assert_eq(c->stats.nmatched, 1);
    cr_assert_float_eq(c->step.pts[0].jn, 2.5, 0.0);
    cr_assert(c->step.pts[0].matched && !c->step.pts[1].matched);
    cr_assert_float_eq(c->step.pts[1].jn, 0.0, 0.0); // id 4 is new and 1 m from id 3: no match
    // a changed id within AK_CACHE_MATCH_DIST of an unclaimed previous point inherits it
    cr_assert_eq(ak_contact_cache_store(c), 0); // prev: (0,2,7) jn 2.5, (1,2,4) jn 0
    c->step.npoint = 1;
    c->step.pts[0] = (ak_contact_point){ .a = 0, .b = 2, .id = 9, .point = { 0.01 } };
    ak_contact_cache_match(c);
    cr_assert(c->step.pts[0].matched);
    cr_assert_float_eq(c->step.pts[0].jn, 2.5, 0.0);
    ak_contact_cache_free(c);
    ak_model_free(m);
}

// The store keeps the points sorted by (a, b, id), stably (equal keys in the order the step made
// them): a sorted run followed by points in any order, as the narrowphase and then the CCD stage
// give them, against an insertion sort written here (stable by construction); and storing again
// (the workspace's buffer reused) gives the same. The jn values tell the points apart.
Test(world, cache_store_sorts_stably) {
    enum { NP = 700, RUN = 300 };
    ak_model *m = ak_model_create(3, 40);
    ak_contact_cache *c = ak_contact_cache_create(m);
    cr_assert(c);
    cr_assert_eq(ak_contact_cache_reserve(c, NP), 0);
    ak_contact_memory want[NP];
    unsigned seed = 12345u;
    for (int round = 0; round < 3; round++) {
        c->step.npoint = NP;
        for (int i = 0; i < NP; i++) {
            ak_contact_point *p = &c->step.pts[i];
            memset(p, 0, sizeof *p);
            if (i < RUN) { // sorted, with repeated keys
                p->a = i / 30, p->b = 20 + (i / 10) % 3, p->id = (uint64_t)(i % 10 / 4);
            } else { // any order, keys that also occur in the run
                seed = seed * 1103515245u + 12345u;
                p->a = (int)((seed >> 16) % 12), p->b = 20 + (int)((seed >> 8) % 3);
                p->id = (uint64_t)((seed >> 4) % 3);
            }
            p->jn = i + 1000.0 * round;
        }
        for (int i = 0; i < NP; i++) { // the expected order: insertion sort, stable
            const ak_contact_point *p = &c->step.pts[i];
            ak_contact_memory x = { .a = p->a, .b = p->b, .id = p->id, .jn = p->jn };
            int j = i;
            while (j > 0 &&
                   (want[j - 1].a > x.a || (want[j - 1].a == x.a && want[j - 1].b > x.b) ||
                    (want[j - 1].a == x.a && want[j - 1].b == x.b && want[j - 1].id > x.id)))
                want[j] = want[j - 1], j--;
            want[j] = x;
        }
        cr_assert_eq(ak_contact_cache_store(c), 0);
        cr_assert_eq(c->keep.nprev, NP);
        for (int i = 0; i < NP; i++)
            cr_assert(
                c->keep.prev[i].a == want[i].a && c->keep.prev[i].b == want[i].b &&
                    c->keep.prev[i].id == want[i].id && c->keep.prev[i].jn == want[i].jn,
                "round %d, stored point %d: (%d, %d, %llu) jn %g, expected (%d, %d, %llu) jn %g",
                round, i, c->keep.prev[i].a, c->keep.prev[i].b,
                (unsigned long long)c->keep.prev[i].id, c->keep.prev[i].jn, want[i].a, want[i].b,
                (unsigned long long)want[i].id, want[i].jn);
    }
    ak_contact_cache_free(c);
    ak_model_free(m);
}

// Tree, sweep and prune and all pairs agree on a small random scene; data copy copies the cache.
Test(world, broadphase_and_copy) {
    int n = 3, N = 60;
    ak_model *m = ak_model_create(n, N);
    ak_data *d = ak_data_create(m);
    for (int b = 0; b < N; b++) {
        ak_shape s = b % 2 ? ak_wc_sphere(n, 0.4) : ak_wc_box(n, 0.3);
        double x[3] = { fmod(b * 0.7301, 4.0), fmod(b * 0.3171, 3.0), fmod(b * 0.5113, 2.0) };
        ak_wc_set_body(m, d, b, &s, 1.0, x);
    }
    char err[256];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0, "%s", err);
    ak_contact_cache *c1 = ak_contact_cache_create(m), *c2 = ak_contact_cache_create(m);
    ak_contact_cache *c3 = ak_contact_cache_create(m);
    cr_assert_eq(ak_broadphase(m, d, c1, 0.02), 0);
    cr_assert_eq(ak_broadphase_sap(m, d, c2, 0.02), 0);
    cr_assert_eq(ak_broadphase_all_pairs(m, d, c3, 0.02), 0);
    cr_assert(c1->step.npair > 0);
    cr_assert_eq(c1->step.npair, c3->step.npair);
    cr_assert_eq(c2->step.npair, c3->step.npair);
    cr_assert_eq(memcmp(c1->step.pairs, c3->step.pairs, sizeof(int) * 2 * (size_t)c1->step.npair),
                 0);
    cr_assert_eq(memcmp(c2->step.pairs, c3->step.pairs, sizeof(int) * 2 * (size_t)c1->step.npair),
                 0);
    cr_assert_eq(ak_world_contacts(m, d, 0.01, NULL, err, sizeof err), 0, "%s", err);
    ak_data *d2 = ak_data_create(m);
    ak_data_copy(m, d2, d);
    cr_assert(d2->contacts && d2->contacts->keep.nprev == d->contacts->keep.nprev);
    ak_contact_cache_free(c1);
    ak_contact_cache_free(c2);
    ak_contact_cache_free(c3);
    ak_data_free(d);
    ak_data_free(d2);
    ak_model_free(m);
}

// A body resting on a plane stays put and its contacts warm-start from the second step.
Test(world, resting_box_warm_starts) {
    int n = 4;
    ak_model *m = ak_model_create(n, 2);
    ak_data *d = ak_data_create(m);
    double up[4] = { 0, 1, 0, 0 }, x[4] = { 0, 0.5, 0, 0 };
    ak_shape b = ak_wc_box(n, 0.5), p = ak_wc_plane(n, up, 0);
    ak_wc_set_body(m, d, 0, &b, 1.0, x);
    ak_wc_set_body(m, d, 1, &p, 0.0, NULL);
    char err[256];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0);
    m->gravity[1] = -9.81;
    cr_assert_eq(ak_wc_run(m, d, 100, err, sizeof err), 0, "%s", err);
    cr_assert_eq(d->contacts->step.npoint, 8);
    cr_assert_eq(d->contacts->stats.nmatched, 8);
    cr_assert(fabs(d->x[1] - 0.5) < 0.006, "y = %g", d->x[1]);
    ak_data_free(d);
    ak_model_free(m);
}

// A fixed (non-plane) body stops a falling sphere and never moves itself.
Test(world, fixed_body_supports) {
    int n = 4;
    ak_model *m = ak_model_create(n, 2);
    ak_data *d = ak_data_create(m);
    double xs[4] = { 0.1, 1.5, 0, 0.05 }, xb[4] = { 0, 0, 0, 0 };
    ak_shape s = ak_wc_sphere(n, 0.5), b = ak_wc_box(n, 0.5);
    ak_wc_set_body(m, d, 0, &s, 1.0, xs);
    ak_wc_set_body(m, d, 1, &b, 0.0, xb); // mass 0: fixed
    char err[256];
    cr_assert_eq(ak_wc_fill_mass(m, err, sizeof err), 0);
    cr_assert(m->bodies[1].fixed);
    m->gravity[1] = -9.81;
    cr_assert_eq(ak_wc_run(m, d, 200, err, sizeof err), 0, "%s", err);
    cr_assert(fabs(d->x[1] - 1.0) < 0.01, "sphere centre y = %g (rests on the box top at 1.0)",
              d->x[1]);
    for (int i = 0; i < n; i++) cr_assert_float_eq(d->x[AK_MAX_DIM + i], xb[i], 0.0);
    ak_data_free(d);
    ak_model_free(m);
}

// ---- CCD in the world step (engine/ccd_step.c) ----
#include "engine/scene.h"

Test(world, ccd_bullet_stops_at_the_wall) {
    const char *text = "{\"format\": \"anakata-scene/1\", \"dim\": 4, \"gravity\": [0, 0, 0, 0], "
                       "\"timestep\": 0.016666666666666666,"
                       " \"bodies\": [{\"name\": \"ball\", \"shape\": {\"type\": \"hypersphere\", "
                       "\"radius\": 0.1}, \"mass\": 1,"
                       " \"position\": [0, 1, 0, 0], \"velocity\": [0, -70, 0, 0]},"
                       " {\"name\": \"wall\", \"fixed\": true, \"shape\": {\"type\": \"hyperbox\", "
                       "\"half_extents\": [1, 0.02, 1, 1]}}]}";
    char err[512];
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse(text, strlen(text), "t.json", &d, err, sizeof err);
    cr_assert_not_null(m, "%s", err);
    ak_world_opts o = ak_world_default_opts(m);
    for (int s = 0; s < 10; s++)
        cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s", err);
    cr_expect_geq(d->x[1], 0.12 - 0.005, "the ball passed into the wall: y = %g", d->x[1]);
    ak_data_free(d);
    ak_model_free(m);
}

// Two touching cubes sliding past each other at 1e13 m/s: the touching pair's sample count
// (motion over a quarter of the margin) is far beyond an int, and the step clamps it to
// AK_CCD_MAX_SAMPLES as a double before converting (the world-step fuzzer found the overflowing
// conversion under UBSan, which the sanitizer build of this test catches). The step either
// succeeds with a finite state or fails with a message.
Test(world, ccd_huge_motion_of_a_touching_pair) {
    const char *text = "{\"format\": \"anakata-scene/1\", \"dim\": 3, \"gravity\": [0, -9.81, 0], "
                       "\"timestep\": 0.016666666666666666, \"bodies\": ["
                       "{\"name\": \"a\", \"shape\": {\"type\": \"hyperbox\", \"half_extents\": "
                       "[0.5, 0.5, 0.5]}, \"mass\": 1, \"position\": [0, 0.5, 0], "
                       "\"velocity\": [-1e13, 0, 0]},"
                       "{\"name\": \"b\", \"shape\": {\"type\": \"hyperbox\", \"half_extents\": "
                       "[0.5, 0.5, 0.5]}, \"mass\": 1, \"position\": [0, 1.5, 0], "
                       "\"velocity\": [1e13, 0, 0]}]}";
    char err[512] = "";
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse(text, strlen(text), "t.json", &d, err, sizeof err);
    cr_assert_not_null(m, "%s", err);
    ak_world_opts o = ak_world_default_opts(m);
    for (int s = 0; s < 3; s++) {
        err[0] = '\0';
        if (ak_world_step(m, d, &o, err, sizeof err) != 0) {
            cr_assert(err[0] != '\0', "step %d failed without a message", s);
            break;
        }
        for (int b = 0; b < m->nbody; b++)
            for (int i = 0; i < 3; i++)
                cr_assert(isfinite(d->x[(size_t)b * AK_MAX_DIM + i]) &&
                              isfinite(d->v[(size_t)b * AK_MAX_DIM + i]),
                          "step %d: body %d not finite", s, b);
    }
    ak_data_free(d);
    ak_model_free(m);
}

// A scene with no bodies is valid (the loader accepts "bodies": []), and every integrator steps it:
// time advances and nothing else happens. The full-state integrators pack an empty state; GSL's
// driver refuses a system of dimension 0 through its error handler, which aborts the process by
// default (the world-step fuzzer found it: `anakata run` of such a scene with "integrator": "gsl"
// was killed by SIGABRT), so the step does not call it for an empty state.
Test(world, empty_scene_steps_with_every_integrator) {
    const char *text = "{\"format\": \"anakata-scene/1\", \"dim\": 3, \"gravity\": [0, 0, 0], "
                       "\"timestep\": 0.01, \"bodies\": []}";
    for (int i = 0; i < AK_INT_COUNT; i++) {
        char err[512] = "";
        ak_data *d = NULL;
        ak_model *m = ak_scene_parse(text, strlen(text), "t.json", &d, err, sizeof err);
        cr_assert_not_null(m, "%s", err);
        cr_assert_eq(m->nbody, 0);
        ak_world_opts o = ak_world_default_opts(m);
        o.integrator = (ak_integrator)i;
        for (int s = 0; s < 3; s++)
            cr_assert_eq(ak_world_step(m, d, &o, err, sizeof err), 0, "%s: %s",
                         ak_integrator_name(o.integrator), err);
        cr_expect_eq(d->step, 3, "%s", ak_integrator_name(o.integrator));
        cr_expect_float_eq(d->t, 0.03, 1e-15, "%s", ak_integrator_name(o.integrator));
        ak_data_free(d);
        ak_model_free(m);
    }
}
