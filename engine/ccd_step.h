/// @file ccd_step.h
/// Continuous collision detection in the world step (stage CCD, between NARROWPHASE and CACHE;
/// docs/formulas/collide.md#ccd-in-the-world-step, G-CCD.1 .. G-CCD.3).
///
/// A body is fast when its motion bound over the step, |v| h + |w| r h (r: its bounding radius,
/// |w| the bivector norm), exceeds half the speculative margin: two slow bodies cannot close a
/// gap larger than the margin in one step, so the broadphase's margin covers them. For every
/// fast body and every other body (brute force over the fast ones, no broadphase change) whose
/// swept boxes overlap and which has no contact point yet, the time of impact t* in [0, h] of
/// the motion the position stage will make (x + t v, exp(-t w / 2) R, the velocities after the
/// velocity stage) is found by conservative advancement with rotation (ak_collide_toi, G-13).
/// On an impact, the contacts of the pair at t* become speculative contact points at the
/// current time, with the separation the relative velocity covers until t* (G-CCD.2): the
/// solver's speculative row u.n >= -sep / h then lets the body travel at most to the surface.
#ifndef AK_ENGINE_CCD_STEP_H
#define AK_ENGINE_CCD_STEP_H

#include <stddef.h>

#include "engine/contact_cache.h"
#include "engine/model.h"

/// Largest number of pose samples per touching fast pair in the motion clamp (G-CCD.3).
#define AK_CCD_MAX_SAMPLES 64

/// Stage CCD: append the speculative points of fast pairs to c->step.pts (after the narrowphase).
/// Returns the number of pairs that got CCD points (>= 0), or -1 with err (allocation, bad shape).
int ak_ccd_contacts(const ak_model *m, const ak_data *d, ak_contact_cache *c, double h,
                    double margin, char *err, size_t errlen);

/// Fast paths of the stage: on with m->paths.ccd_fast (the default), off otherwise (every
/// candidate pair goes through conservative advancement). Results are the same bit for bit (test
/// perf.ccd_fast_equals_plain); the switch exists for that test.

/// True when body b is fast in this step (see above).  [G-CCD.1]
int ak_ccd_is_fast(const ak_model *m, const ak_data *d, int b, double h, double margin);

/// The time of impact of bodies a and b within the step h when at least one is fast and their
/// swept boxes overlap: 1 and *toi, or 0 (no impact, not fast, or not tested).  [G-CCD.1 G-13]
int ak_ccd_pair_toi(const ak_model *m, const ak_data *d, int a, int b, double h, double margin,
                    double *toi);

/// Motion clamp of the position stage (G-CCD.3): after the solve, every fast body whose motion
/// with its final velocities would reach another body it is not touching before the end of the
/// step moves only to the time of impact t* (its v and w are scaled by t* / h for the position
/// stage and restored after it: the body keeps its velocity and loses the rest of the step).
/// A fast body in contact with another is sampled along its motion (G-CCD.3) when the pair's
/// motion bound exceeds half the thinner body's half-width (else it cannot pass through).
typedef struct ak_ccd_clamp {
    int count;
    int *body;     ///< clamped bodies
    double *saved; ///< their v (AK_MAX_DIM) and w (AK_MAX_BIV) before scaling
    int owned;     ///< body and saved are the clamp's own (else the contact cache's workspace)
} ak_ccd_clamp;

/// Before the position stage: find the clamps and scale the velocities. 0, or -1 (allocation).
int ak_ccd_clamp_begin(const ak_model *m, ak_data *d, double h, double margin, ak_ccd_clamp *cl);
/// After the position stage: restore the velocities and release the clamp.
void ak_ccd_clamp_end(const ak_model *m, ak_data *d, ak_ccd_clamp *cl);

#endif
