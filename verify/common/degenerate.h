/// @file degenerate.h
/// The degenerate-contacts campaign: for every pair of shape types, many
/// configurations built to be degenerate (coincident centres, parallel faces and edges, exact
/// touching, nested bodies, size ratios 1e-4 .. 1e4, half-turn rotations), each run through
/// ak_collide; what must hold: a status >= 0, every number finite, unit normals, a contact
/// count within [0, AK_MAX_CONTACTS] and contact separations within the margin. Shared by the
/// check collide.degenerate and the unit test (run under ASan / UBSan in CI).
#ifndef AK_VERIFY_DEGENERATE_H
#define AK_VERIFY_DEGENERATE_H

#include "ref/geom/shape.h"

/// Number of pair types of the campaign (every unordered pair of shape types except two
/// hyperplanes: 20).
#define AK_DEGEN_PAIRS 20

typedef struct ak_degen_stats {
    long runs[AK_DEGEN_PAIRS];      ///< configurations per pair type
    long bad[AK_DEGEN_PAIRS];       ///< configurations that broke a rule
    double worst_unit;              ///< largest | |n| - 1 | over manifold and contact normals
    long contacts;                  ///< contacts produced in all
    double seconds[AK_DEGEN_PAIRS]; ///< CPU time per pair type
    char first[256];                ///< the first broken rule, with its configuration
    ak_shape_type ta[AK_DEGEN_PAIRS], tb[AK_DEGEN_PAIRS];
} ak_degen_stats;

/// Run per_pair configurations for each pair type, per_duo for the pairs with a duocylinder
/// (their EPA refines the depth by Nelder-Mead), seeded and deterministic. The configurations
/// are drawn in fixed chunks, each from its own generator seeded by (seed, pair type, chunk),
/// and run on `threads` OpenMP threads (0: the OpenMP default); every result but the CPU
/// times is the same for any number of threads. seconds[] sums the threads' CPU time.
/// Returns the total number of broken rules (0 = all good; -1 if out of memory).
long ak_degen_campaign(ak_degen_stats *out, long per_pair, long per_duo, unsigned long seed,
                       int threads);

#endif
