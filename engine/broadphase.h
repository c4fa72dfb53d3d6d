/// @file broadphase.h
/// Stage BROADPHASE: candidate pairs in n dimensions. Every non-plane body gets a world AABB
/// from its support function along +-e_i (expanded by the speculative margin).
/// - ak_broadphase (default): an AABB tree rebuilt every step by median splits along the axis
///   of largest spread (O(N log^2 N) build), queried once per box (O(log N + overlaps) each):
///   close to N log N in any dimension (world.broadphase measures the exponent).
/// - ak_broadphase_sap: sweep and prune along the axis of largest spread. One axis prunes only
///   a slab: at constant density in n-D it costs ~N^(2 - 1/n) (measured 1.79 in 4D), which is
///   why the tree is the default.
/// - ak_broadphase_all_pairs: the O(N^2) reference.
/// All three give the same sorted pair list. Hyperplanes are infinite and are tested against
/// each free body by its support distance (O(N) per plane).
#ifndef AK_ENGINE_BROADPHASE_H
#define AK_ENGINE_BROADPHASE_H

#include <stdbool.h>

#include "engine/contact_cache.h"
#include "engine/model.h"

/// Fill c->step.pairs / c->step.npair with the candidate pairs (a < b, sorted, no pair of two bodies that
/// never move). margin: speculative distance. Returns 0, or -1 on allocation failure.
int ak_broadphase(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin);

/// ak_broadphase with a sleep mask (engine/island.h; asleep NULL: ak_broadphase itself): the
/// AABBs and rotation matrices of the sleeping bodies are kept from an earlier step (unless
/// fill_asleep), sleeping bodies make no query and no plane pair, and the pairs are those of
/// ak_broadphase that have at least one awake body that moves.  [G-SLEEP.3]
int ak_broadphase_masked(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                         const unsigned char *asleep, bool fill_asleep);

/// With one thread ak_broadphase queries the tree against itself (a simultaneous descent, each
/// overlapping pair once) instead of once per body: the same pair list (test
/// perf.broadphase_tree_refit_equals_all_pairs runs both). m->paths.broad_self_query = false
/// switches it off (for tests).
///
/// Without a sleep mask ak_broadphase keeps fat boxes and the pairs of overlapping
/// fat boxes between steps and re-queries only the bodies that left their fat box (G-BP.1,
/// broadphase.c): the same pair list. m->paths.broad_incremental = false switches it off.

/// Sweep and prune (same output).
int ak_broadphase_sap(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin);

/// All-pairs reference (O(N^2)) with the same output; for tests and the benchmark.
int ak_broadphase_all_pairs(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                            double margin);

/// The rotation matrix of rotor R (n x n, row-major), bit for bit ak_nd_rotor_to_matrix's, with
/// the products' zero terms left out (the broadphase computes one per body and step).
/// A finite rotor's matrix comes from a table of the non-zero terms (the same terms in the same
/// order, so the same bits; test perf.rotor_matrix_table_equals_plain). fast = false takes the
/// plain path for every rotor (the broadphase passes m->paths.broad_fast_matrix).
void ak_broadphase_rotor_matrix(int n, double M[], const double R[], bool fast);

/// World AABB of body b (lo, hi of size n), from the shape's support function.
void ak_body_aabb(const ak_model *m, const ak_data *d, int b, double lo[], double hi[]);

#endif
