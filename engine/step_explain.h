/// @file step_explain.h
/// What `anakata step --explain` prints: the formula IDs the last world step evaluated, from its
/// record (formula_record.h: ak_data.ran), with their stage, one line and the docs page and
/// anchor of each (docs/formulas/<area>.md#<anchor>).
#ifndef AK_ENGINE_STEP_EXPLAIN_H
#define AK_ENGINE_STEP_EXPLAIN_H

#include "engine/formula_record.h"
#include "engine/model.h"

typedef struct ak_explain_entry {
    const char *stage;   ///< "forces", "velocities", "broadphase", ...
    const char *formula; ///< formula ID (docs/formulas/catalogue.md)
    const char *what;    ///< one line
    const char *doc;     ///< docs/formulas/<area>.md#<anchor>
} ak_explain_entry;

/// The table of every recordable row, indexed by ak_ran_row (formula_record.h); *count is set
/// to AK_RAN_COUNT. Const, lives as long as the program.
const ak_explain_entry *ak_explain_table(int *count);

/// The rows the last step of d recorded (ak_data.ran), in table order: writes at most max
/// pointers into the table, returns the number recorded (may exceed max). Empty before the
/// first step, and when the build turns the record off (AK_FORMULA_RECORD=0).
int ak_step_explain(const ak_data *d, const ak_explain_entry **out, int max);

/// What served one contact pair at the current state (for `anakata step --explain`).
typedef struct ak_explain_pair {
    int a, b; ///< body indices
    const char
        *method; ///< "analytic", "SAT", "SAT + clipping", "GJK", "EPA", "GJK/EPA + clipping", "CCD"
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
