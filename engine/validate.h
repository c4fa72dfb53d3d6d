/// @file validate.h
/// Invariant checks of the contact stages, compiled in only with the build option validate
/// (meson -Dvalidate=true defines AK_VALIDATE; on in the sanitizer build of .ci/run). With it,
/// ak_world_contacts checks after each stage and aborts with a message naming the invariant
/// that failed; without it the macros below are empty, so a release build pays nothing.
/// Invariants:
///   pairs-sorted     c->step.pairs: a < b, both body indices, strictly increasing (a, b)
///   memory-sorted    c->keep.prev: non-decreasing (a, b, id), bodies of the model
///   tree-bounds      every internal node of c->keep.tree contains its children's boxes
///   points-pairs     every point of this step names two bodies of the model, a != b
///   rows-finite      after the solver: no point's jn or jt is NaN, and jn >= 0 (an infinite
///                    one, from an overflowing scene, is left to the world step's state check)
/// and, with sleeping on, after ak_sleep_update labels the islands (engine/island.c), before it
/// puts islands to sleep:
///   island-labels    every awake moving body's label is a body index in range, no larger than
///                    its own, and the label of the island's root (the smallest index) itself
///   island-touching  two awake moving bodies that share a contact point of this step
///                    (c->keep.prev) or a spring carry the same label
#ifndef AK_ENGINE_VALIDATE_H
#define AK_ENGINE_VALIDATE_H

#include "engine/contact_cache.h"
#include "engine/model.h"

#ifdef AK_VALIDATE
/// The checks of one stage ("broadphase", "narrowphase", "solver", "store"); aborts on a failure.
void ak_validate_contacts(const ak_model *m, const ak_contact_cache *c, const char *stage);
#define AK_VALIDATE_CONTACTS(m, c, stage) ak_validate_contacts(m, c, stage)
/// The island checks of ak_sleep_update (d->sleep not NULL); aborts on a failure.
void ak_validate_islands(const ak_model *m, const ak_data *d);
#define AK_VALIDATE_ISLANDS(m, d) ak_validate_islands(m, d)
#else
#define AK_VALIDATE_CONTACTS(m, c, stage) ((void)0)
#define AK_VALIDATE_ISLANDS(m, d) ((void)0)
#endif

#endif
