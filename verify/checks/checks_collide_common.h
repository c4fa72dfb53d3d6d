/// @file checks_collide_common.h
/// The collide group's topic files (checks_collide_<topic>.c) share these: tolerances and helpers
/// (checks_collide_common.c); each ends with its topic table, which checks_collide.c puts together
/// into the group's table, in order.
#ifndef AK_VERIFY_CHECKS_COLLIDE_COMMON_H
#define AK_VERIFY_CHECKS_COLLIDE_COMMON_H

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/checks/checks.h"
#include "ref/collide/collide.h"
#include "verify/common/degenerate.h"
#include "verify/common/dyn_scenes.h"
#include "verify/common/plot.h"
#include "engine/contact_cache.h"
#include "ref/ga/nd.h"
#include "ref/geom/polytope.h"
#include "ref/mass/mass.h"
#include "engine/model.h"
#include "verify/oracles/collide_truth.h"
#include "ref/published/collide_published.h"
#include "engine/scene.h"
#include "engine/step_explain.h"
#include "engine/world.h"

#define TOL_SEP 1e-6 // separation against the ground truth (the figure)

#define TOL_NORMAL_CERT                                                                            \
    1e-4 // bound on the normal angle where the distance is certified: sqrt(2 width/sep)

// with certificate widths ~1e-12 (curved GJK) is a few 1e-6 (see run_pair)
#define TOL_NORMAL                                                                                 \
    1e-5 // normal angle vs the truth where unique (apart): the truth's max of f is flat,

// it fixes u only to ~sqrt(2 df / sep); the normal's optimality is TOL_SEP-checked
#define TOL_POINT 1e-9 // point_a - point_b = separation * normal

#define TOL_INSIDE 1e-7 // manifold points on or inside both shapes
#define TOL_ROUND 1e-12 // exact configurations (rounding only)

#define SHALLOW 0.02    // contacts this shallow lie inside both shapes (convexity, sizes >= 0.1)
#define SEP_UNIQUE 0.05 // apart by more than this: the normal is unique and well conditioned

// --- sample generation ---------------------------------------------------------------------
typedef struct sample {
    ak_shape a, b;
    ak_pose pa, pb;
    double va[64 * AK_MAX_DIM], vb[64 * AK_MAX_DIM];
    int mode; // 0 generic, 1 near-touching, 2 deep, 3 degenerate
} sample;

static const char *const MODE_NAMES[4] = { "generic", "near-touching", "deep", "degenerate" };

// Failure rates of the published algorithms per pair, filled by the collide.pair.* checks of
// this run and drawn as one bar chart by collide.published.errata (which runs after them).
#define PUB_ALGS 9

void collide_random_shape(gsl_rng *r, int n, ak_shape_type t, ak_shape *s, double *vbuf);

void collide_make_sample(gsl_rng *r, int n, ak_shape_type ta, ak_shape_type tb, sample *S);

double collide_vnorm_diff(int n, const double a[], const double b[]);

/// The published algorithms' rates of wrong answers, measured by the pair checks
/// (checks_collide_pairs.c) and plotted by the errata check (checks_collide_errata_scenes.c).
typedef struct collide_pub_rate {
    const char *label;
    ak_shape_type ta, tb;
    double wrong_pct; // NAN until a pair check of this run has measured it
    long evaluated;
} collide_pub_rate;
extern collide_pub_rate collide_PUB_RATES[PUB_ALGS];

// --- GJK / EPA against SAT on hyperbox pairs (B-7.2, G-9, G-10) -----------------------------
void collide_random_box_pair(gsl_rng *r, int n, ak_shape *a, ak_pose *pa, ak_shape *b, ak_pose *pb);

// --- polytope manifolds (G-CLIP.1 .. G-CLIP.5) and regular polytopes (G-POLY.1 .. G-POLY.3) -------
// A hyperbox as a convex vertex list, its vertices in a shuffled order.
void collide_box_as_convex(gsl_rng *r, const ak_shape *box, ak_shape *cv, double *vbuf);

extern const ak_check_topic ak_topic_collide_pairs;
extern const ak_check_topic ak_topic_collide_gjk_manifolds;
extern const ak_check_topic ak_topic_collide_ccd_hulls;
extern const ak_check_topic ak_topic_collide_errata_scenes;
extern const ak_check_topic ak_topic_collide_polytopes;
extern const ak_check_topic ak_topic_collide_features;

#endif
