// The contact stages of one world step (see solver.h): broadphase, narrowphase, cache match, the
// scene's solver variant (solver_variant.h), store.
#include "engine/solver.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/broadphase.h"
#include "engine/ccd_step.h"
#include "engine/formula_record.h"
#include "engine/island.h"
#include "engine/narrowphase.h"
#include "engine/solver_variant.h"
#include "engine/validate.h"

int ak_world_contacts(const ak_model *m, ak_data *d, double h, ak_solver_stats *stats, char *err,
                      size_t errlen) {
    if (!d->contacts) {
        d->contacts = ak_contact_cache_create(m);
        if (!d->contacts) {
            snprintf(err, errlen, "contacts: out of memory");
            return -1;
        }
    }
    ak_contact_cache *c = d->contacts;
    for (
        ;
        ;) { // island.h: the pass repeats only when it woke a sleeping island (never with sleep off)
        if (ak_sleep_broadphase(m, d, c, AK_SOLVER_MARGIN)) {
            snprintf(err, errlen, "broadphase: out of memory");
            return -1;
        }
        AK_RAN(d, AK_RAN_BROADPHASE);
        AK_VALIDATE_CONTACTS(m, c, "broadphase");
        if (ak_narrowphase_fast(m, d, c, AK_SOLVER_MARGIN, err, errlen)) return -1;
        AK_RAN_IF(d, AK_RAN_NARROWPHASE, c->step.npair > 0); // a manifold was asked for
        int ccd = ak_ccd_contacts(m, d, c, h, AK_SOLVER_MARGIN, err, errlen); // ccd_step.h
        if (ccd < 0) return -1;
        AK_RAN_IF(d, AK_RAN_CCD, ccd > 0);
        int woke = ak_sleep_wake_touched(m, d, c, err, errlen);
        if (woke < 0) return -1;
        if (woke == 0) break;
    }
    AK_VALIDATE_CONTACTS(m, c, "narrowphase");
    ak_contact_cache_match(c);
    AK_RAN_IF(d, AK_RAN_CACHE, c->step.npoint > 0);
    c->stats.res = (ak_solver_residuals){ 0 }; // only the converged variant computes residuals
    c->stats.sparse_factorisations = 0, c->stats.sparse_multiply_adds = 0.0; // ... and these
    const ak_solver_variant *sv = ak_solver_variant_for(m);
    if (!sv) { // a method or variant out of range (model.h)
        snprintf(err, errlen, "solver: method %d with variant %d is no solver",
                 (int)m->solver.method, (int)m->solver.variant);
        return -1;
    }
    int sliding = sv->solve(m, d, c, h);
    AK_VALIDATE_CONTACTS(m, c, "solver");
    if (ak_solver_store(c)) {
        snprintf(err, errlen, "contact cache: out of memory");
        return -1;
    }
    AK_VALIDATE_CONTACTS(m, c, "store");
    if (stats) {
        stats->npair = c->step.npair;
        stats->npoint = c->step.npoint;
        stats->nmatched = c->stats.nmatched;
        stats->nsliding = sliding;
        stats->broad_tests = c->stats.broad_tests;
    }
    return 0;
}
