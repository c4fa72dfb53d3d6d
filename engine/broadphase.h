/// @file broadphase.h
/// Stage BROADPHASE: candidate pairs by sweep and prune in n dimensions. Every non-plane body
/// gets a world AABB from its support function along +-e_i (expanded by the speculative
/// margin); the boxes are sorted by their lower bound on the axis along which the box centres
/// vary most, and one sweep tests each box only against the boxes whose lower bound lies before
/// its upper bound. Cost O(N log N) for the sort plus O(N + overlaps) for the sweep (measured by
/// verify/bench/bench_world.c, docs/performance.md#world-step). Hyperplanes are infinite and are
/// tested against each free body by its support distance (O(N) per plane).
#ifndef AK_ENGINE_BROADPHASE_H
#define AK_ENGINE_BROADPHASE_H

#include "contact_cache.h"
#include "model.h"

/// Fill c->pairs / c->npair with the candidate pairs (a < b, sorted, no pair of two bodies that
/// never move). margin: speculative distance. Returns 0, or -1 on allocation failure.
int ak_broadphase(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin);

/// All-pairs reference (O(N^2)) with the same output; for tests and the benchmark.
int ak_broadphase_all_pairs(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                            double margin);

/// World AABB of body b (lo, hi of size n), from the shape's support function.
void ak_body_aabb(const ak_model *m, const ak_data *d, int b, double lo[], double hi[]);

#endif
