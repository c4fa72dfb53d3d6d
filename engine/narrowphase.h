/// @file narrowphase.h
/// Stage NARROWPHASE: the contact manifold of every broadphase pair by ref/collide (ak_collide,
/// T-Alg1 .. T-Alg11 corrected, B-7.1, B-7.2, G-9 .. G-12), turned into contact points of the
/// cache: normal from b to a, the point midway between the two closest points (so that the
/// impulse acts at one point on both bodies and angular momentum about any point is exactly
/// conserved), the separation and the feature id.
#ifndef AK_ENGINE_NARROWPHASE_H
#define AK_ENGINE_NARROWPHASE_H

#include <stddef.h>

#include "engine/contact_cache.h"
#include "engine/model.h"

/// Fill c->step.pts from c->step.pairs. Returns 0, or -1 with err filled (bad shape, allocation).
int ak_narrowphase(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                   char *err, size_t errlen);

/// Stage NARROWPHASE with a fast path: when every pair is hypersphere-hypersphere or
/// hypersphere-hyperplane, their points are computed directly, bit for bit what ak_narrowphase
/// gives (the same operations in the same order, no poses or manifolds built); otherwise
/// ak_narrowphase (test perf.narrowphase_fast_equals_plain).
int ak_narrowphase_fast(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                        char *err, size_t errlen);
/// m->paths.narrow_fast = false: ak_narrowphase always (for the test above).

#endif
