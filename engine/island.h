/// @file island.h
/// Contact islands and sleeping (scene section "sleep", off by default; docs/formulas/world.md
/// #islands-and-sleeping, G-SLEEP.1 .. G-SLEEP.5; after Box2D's islands, Catto 2006-2024, and
/// ODE's auto-disable).
///
/// - Islands [G-SLEEP.1]: at the end of every step the awake moving bodies are joined by union-
///   find over this step's contact points between two moving bodies and over the springs between
///   two bodies (a body's island is labelled by its smallest body index; static bodies and planes
///   join nothing, as in Box2D, so that two piles on one floor are two islands).
/// - Still time [G-SLEEP.2]: a body whose |v| <= linear and |w| <= angular (bivector norm) after
///   the step adds h to its still time, any other body resets it to 0.
/// - Sleep [G-SLEEP.3]: an island whose every body has been still for at least `time` sleeps as a
///   whole: v = w = 0 exactly, the bodies' contact points (with their accumulated impulses) are
///   put aside. A sleeping body is skipped by the velocity and position stages (its state is
///   frozen bit for bit), by the broadphase's AABB update and queries (no pair of two sleeping
///   bodies, or of a sleeping and a static body, is formed), hence by the narrowphase and the
///   solver.
/// - Wake [G-SLEEP.4]: a sleeping island wakes as a whole, within the step, when (a) the
///   narrowphase gives a contact point between one of its bodies and an awake body (the
///   broadphase pairs sleeping bodies with the awake ones whose AABBs, fattened by half the
///   speculative margin each, overlap theirs, and the narrowphase makes a point when the
///   separation is within the speculative margin: the contact the solver would see), (b) the
///   CCD stage gives a fast
///   body an impact with one of its bodies, (c) one of its bodies has a non-zero v or w at the
///   start of a step (a velocity set through the data), or (d) ak_sleep_wake_body /
///   ak_world_apply_impulse is called. A woken island's put-aside points return to the contact
///   cache (warm start as before the sleep), its velocity stage of the step is run, and the
///   contact stage is repeated for the step, so that the woken bodies take part in the whole step.
///   Bodies cannot be removed and no body moves except by the step (there are no kinematic
///   bodies): a moving support of a sleeping island is a contact with an awake body, case (a).
/// - With sleeping off (the default) d->sleep stays NULL and none of this runs: the step is bit
///   for bit the step without the feature (test world.sleep_off_bitwise).
/// Results do not depend on the number of threads (the union-find and the wake pass are serial
/// and in body order; the broadphase merges its per-thread lists in a fixed order).
#ifndef AK_ENGINE_ISLAND_H
#define AK_ENGINE_ISLAND_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/contact_cache.h"
#include "engine/model.h"
#include "engine/sleep_state.h" // the state, ak_sleep_asleep, create / free / copy

/// Start of a world step with sleeping on (creates d->sleep on first use): remembers the
/// integrator and h, and wakes every sleeping island one of whose bodies has a non-zero v or w
/// (G-SLEEP.4 c). Returns 0, or -1 with err (allocation).
int ak_sleep_begin(const ak_model *m, ak_data *d, int integrator, double h, char *err,
                   size_t errlen);

/// The broadphase of the contact stage: ak_broadphase when d->sleep is NULL (bit for bit the
/// step without sleeping), else the broadphase that skips the sleeping bodies' AABB updates and
/// the pairs between two bodies of which none is awake and moving. Returns 0 or -1 (allocation).
int ak_sleep_broadphase(const ak_model *m, ak_data *d, ak_contact_cache *c, double margin);

/// After the narrowphase and CCD stages: wake every sleeping island that a pair or a contact
/// point of this pass touches (G-SLEEP.4 a, b), put their points back into the cache and run
/// their velocity stage. Returns the number of islands woken (the caller then repeats the
/// contact pass), 0 with sleeping off, or -1 with err.
int ak_sleep_wake_touched(const ak_model *m, ak_data *d, ak_contact_cache *c, char *err,
                          size_t errlen);

/// End of a world step (after the position stage): islands, still times, and the islands that
/// fall asleep (G-SLEEP.1 .. 3). Returns 0 or -1 with err (allocation).
int ak_sleep_update(const ak_model *m, ak_data *d, double h, char *err, size_t errlen);

/// Wake the island of body b now (no effect when it is awake or sleeping is off); its velocity
/// stage is not run (call between steps). Returns the number of bodies woken.  [G-SLEEP.4 d]
int ak_sleep_wake_body(const ak_model *m, ak_data *d, int b);

/// The number of bodies asleep (0 with sleeping off).
int ak_sleep_count(const ak_model *m, const ak_data *d);

#endif
