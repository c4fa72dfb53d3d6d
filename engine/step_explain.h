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

/// The entries for the model's solver settings (variant, method, integrator); *count is set.
const ak_explain_entry *ak_step_explain(const ak_model *m, int *count);

#endif
