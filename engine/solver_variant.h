/// @file solver_variant.h
/// The table of contact solver variants that the contact step dispatches through: each variant
/// is one function that, after the narrowphase and the cache match, applies one step's contact
/// impulses. The scene's solver settings (model.h: method, variant) pick the row; a new variant
/// is a new row in solver_variant.c, and the contact step does not change.
#ifndef AK_ENGINE_SOLVER_VARIANT_H
#define AK_ENGINE_SOLVER_VARIANT_H

#include "engine/contact_cache.h"
#include "engine/integrate.h"
#include "engine/model.h"

/// One step's contact response of a variant; returns the sliding points it counted (or 0).
typedef int (*ak_solver_solve_fn)(const ak_model *m, ak_data *d, ak_contact_cache *c, double h);
/// A variant's stage after the position integration of the step (the converged solver's
/// position correction, T-CV.5); 0, or -1 with err filled.
typedef int (*ak_solver_positions_fn)(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                                      bool renormalize, char *err, size_t errlen);

typedef struct ak_solver_variant {
    int method;       ///< the ak_solver_method this row answers
    int variant;      ///< the ak_variant this row answers, or -1 for any
    const char *what; ///< one line for --explain and the docs
    ak_solver_solve_fn solve;
    ak_solver_positions_fn positions; ///< NULL: none
} ak_solver_variant;

/// The first row of the table that matches m->solver; every method and variant in range has one.
/// NULL for a method or variant out of range (never a default row).
const ak_solver_variant *ak_solver_variant_for(const ak_model *m);

#endif
