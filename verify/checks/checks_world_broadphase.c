// Group "world": broadphase
#include "verify/checks/checks_world_common.h"

// ---- broadphase --------------------------------------------------------------------------------

static void broadphase(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 13);
    int sizes[] = { 250, 500, 1000, 2000, 4000 };
    int ns = 5; // the same sizes in --quick (the exponent needs the range)
    double lx[5], ly[5], lz[5], requery = 0;
    int same = 1, incr_same = 1;
    long incr_pairs = 0;
    for (int t = 0; t < ns; t++) {
        int N = sizes[t], n = 4;
        ak_model *m = ak_model_create(n, N);
        ak_data *d = ak_data_create(m);
        double L = pow((double)N, 1.0 / n) * 1.2; // constant density
        for (int b = 0; b < N; b++) {
            ak_shape s = b % 2 ? ak_wc_sphere(n, 0.5) : ak_wc_box(n, 0.4);
            double x[AK_MAX_DIM];
            for (int i = 0; i < n; i++) x[i] = world_urand(r, 0, L);
            ak_wc_set_body(m, d, b, &s, 1.0, x);
            world_random_rotor(r, n, d->R + (size_t)b * AK_MAX_EVEN);
        }
        char err[256];
        ak_wc_fill_mass(m, err, sizeof err);
        ak_contact_cache *c1 = ak_contact_cache_create(m), *c2 = ak_contact_cache_create(m);
        ak_contact_cache *c3 = ak_contact_cache_create(m);
        m->paths.broad_incremental = false; // the tree query of every body (its cost below)
        ak_broadphase(m, d, c1, AK_SOLVER_MARGIN);
        m->paths.broad_incremental = true;
        ak_broadphase_sap(m, d, c3, AK_SOLVER_MARGIN);
        same = same && c1->step.npair == c3->step.npair &&
               !memcmp(c1->step.pairs, c3->step.pairs, sizeof(int) * 2 * (size_t)c1->step.npair);
        if (N <= 1000) {
            ak_broadphase_all_pairs(m, d, c2, AK_SOLVER_MARGIN);
            same =
                same && c1->step.npair == c2->step.npair &&
                !memcmp(c1->step.pairs, c2->step.pairs, sizeof(int) * 2 * (size_t)c1->step.npair);
        }
        lx[t] = log((double)N);
        ly[t] = log((double)c1->stats.broad_tests);
        lz[t] = log((double)c3->stats.broad_tests);
        ak_note(c, "N = %d: tree %ld box tests, sweep and prune %ld, all pairs %ld; %d pairs", N,
                c1->stats.broad_tests, c3->stats.broad_tests, (long)N * (N - 1) / 2,
                c1->step.npair);
        if (N <= 1000) { // G-BP.1: the kept fat-box pairs over 20 moves, against all pairs
            long before = c1->stats.fat_requeries;
            for (int round = 0; round < 20; round++) {
                for (int b = 0; b < N; b++) { // a drift of up to 1 cm, and 2% of the bodies jump
                    double step = b % 50 == round % 50 ? 1.0 : 0.01;
                    for (int i = 0; i < n; i++)
                        d->x[(size_t)b * AK_MAX_DIM + i] += world_urand(r, -step, step);
                }
                ak_broadphase(m, d, c1, AK_SOLVER_MARGIN);
                ak_broadphase_all_pairs(m, d, c2, AK_SOLVER_MARGIN);
                incr_same = incr_same && c1->step.npair == c2->step.npair &&
                            !memcmp(c1->step.pairs, c2->step.pairs,
                                    sizeof(int) * 2 * (size_t)c1->step.npair);
                incr_pairs += c2->step.npair;
            }
            requery = fmax(requery, (double)(c1->stats.fat_requeries - before) / (20.0 * N));
        }
        ak_contact_cache_free(c1);
        ak_contact_cache_free(c2);
        ak_contact_cache_free(c3);
        ak_model_free(m);
        ak_data_free(d);
    }
    gsl_rng_free(r);
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int t = 0; t < ns; t++)
        sx += lx[t], sy += ly[t], sxx += lx[t] * lx[t], sxy += lx[t] * ly[t];
    double slope = (ns * sxy - sx * sy) / (ns * sxx - sx * sx);
    double szy = 0;
    for (int t = 0; t < ns; t++) szy += lx[t] * lz[t];
    double sy2 = 0;
    for (int t = 0; t < ns; t++) sy2 += lz[t];
    double slope_sap = (ns * szy - sx * sy2) / (ns * sxx - sx * sx);
    ak_expect(c, same, "AABB tree, sweep and prune and all pairs give the same pair list");
    ak_expect(c, incr_same && incr_pairs > 1000,
              "G-BP.1: the kept fat-box pairs give the all-pairs list after each of 20 moves "
              "(250, 500 and 1000 bodies drifting up to 1 cm a move, 2%% jumping up to 1 m; %ld "
              "pairs in all)",
              incr_pairs);
    // with a slack of 5% of a 1 m box per side, a 1 cm drift leaves the fat box after a few
    // moves only: the first call queries every body (1/20 per move), the jumps 0.02 per move,
    // the drift what is left: far fewer re-queries than every body every step (fraction 1)
    ak_measure(
        c, requery, 0.15,
        "G-BP.1: bodies queried again per body and move: %.3f (largest over the three sizes; "
        "a query of every body every step: 1)",
        requery);
    // N log N over 250..4000 has a local exponent 1 + 1/ln N ~ 1.14; the tolerance allows 1.3
    ak_measure(c, fmax(0.0, slope - 1.0), 0.3,
               "growth exponent of the tree's box tests with N at constant density (4D): %.3f "
               "(N log N: 1 + 1/ln N ~ 1.14 here; all pairs: 2; sweep and prune: %.3f)",
               slope, slope_sap);
    ak_value(c, "tree_exponent", slope);
    ak_value(c, "sap_exponent", slope_sap);
}

static const ak_check CHECKS[] = {
    { "world.broadphase", "G-BP.1",
      "AABB tree broadphase: same pairs as all pairs and sweep and prune, cost near N log N; the "
      "kept fat-box pairs",
      broadphase },
};

AK_TOPIC(world_broadphase, CHECKS)
