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
#ifndef AK_ENGINE_VALIDATE_H
#define AK_ENGINE_VALIDATE_H

#include "contact_cache.h"
#include "model.h"

#ifdef AK_VALIDATE
/// The checks of one stage ("broadphase", "narrowphase", "solver", "store"); aborts on a failure.
void ak_validate_contacts(const ak_model *m, const ak_contact_cache *c, const char *stage);
#define AK_VALIDATE_CONTACTS(m, c, stage) ak_validate_contacts(m, c, stage)
#else
#define AK_VALIDATE_CONTACTS(m, c, stage) ((void)0)
#endif

#endif
