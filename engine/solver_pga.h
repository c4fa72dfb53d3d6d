/// @file solver_pga.h
/// The PGA notes' collision response (Dorst & De Keninck, §2.6 and §2.6.1), selected by
/// "solver": {"method": "pga"}: frictionless, one point at a time, j from P-2.32 (in the
/// Euclidean split of their appendix A.14, denominator sign corrected, docs/errata.md) and the
/// rate update P-2.33, repeated while a point of the pair still approaches (the "while
/// colliding" loop of P-2.6.1). No Baumgarte, no warm start, no friction.
#ifndef AK_ENGINE_SOLVER_PGA_H
#define AK_ENGINE_SOLVER_PGA_H

#include "engine/contact_cache.h"
#include "engine/model.h"

/// Largest number of single-point impulses per pair and step.
#define AK_SOLVER_PGA_MAX_ROUNDS 64

/// Respond to every contact pair after ak_solver_prepare (levers, K, materials).
void ak_solver_pga_respond(const ak_model *m, ak_data *d, ak_contact_cache *c);

/// The variant as a whole (solver_variant.h): prepare (levers, world inverse inertias), then the PGA response. Returns 0 (no sliding count).
int ak_solver_pga_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h);

#endif
