/// @file step_explain.h
/// What `anakata step --explain` prints: for each stage of the world step, the formula IDs it
/// uses and the docs page and anchor of each (docs/formulas/<area>.md#<anchor>).
#ifndef AK_ENGINE_STEP_EXPLAIN_H
#define AK_ENGINE_STEP_EXPLAIN_H

#include "model.h"

typedef struct ak_explain_entry {
    const char *stage;   ///< "forces", "velocities", "broadphase", ...
    const char *formula; ///< formula ID (docs/formulas/catalogue.md)
    const char *what;    ///< one line
    const char *doc;     ///< docs/formulas/<area>.md#<anchor>
} ak_explain_entry;

/// The entries for the model's solver settings (variant, method); *count is set. The table is
/// a const one per solver configuration (never written, safe from any thread); it lives as long
/// as the program.
const ak_explain_entry *ak_step_explain(const ak_model *m, int *count);

/// What served one contact pair at the current state (for `anakata step --explain`).
typedef struct ak_explain_pair {
    int a, b;            ///< body indices
    const char *method;  ///< "analytic", "SAT", "SAT + clipping", "GJK", "EPA", "GJK/EPA + clipping", "CCD"
    const char *formula; ///< formula IDs
    const char *doc;     ///< docs/formulas/collide.md#<anchor>
    int points;          ///< contact points the narrowphase gives (CCD: of the manifold at impact)
} ak_explain_pair;

/// The pairs the next step's narrowphase and CCD stage will serve, from the current state:
/// every broadphase pair within the speculative margin with the method ak_collide reports, and
/// every fast pair with a time of impact within the step (ccd_step.h). Writes at most max
/// entries; returns the number of pairs (may exceed max), or -1 (allocation).
int ak_step_explain_pairs(const ak_model *m, const ak_data *d, ak_explain_pair *out, int max);

#endif
