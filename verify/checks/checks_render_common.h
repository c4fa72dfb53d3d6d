/// @file checks_render_common.h
/// The render group's topic files (checks_render_<topic>.c) share these: tolerances and helpers
/// (checks_render_common.c); each ends with its topic table, which checks_render.c puts together
/// into the group's table, in order.
#ifndef AK_VERIFY_CHECKS_RENDER_COMMON_H
#define AK_VERIFY_CHECKS_RENDER_COMMON_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/checks/checks.h"
#include "ref/collide/collide.h"
#include "verify/common/plot.h"
#include "ref/ga/nd.h"
#include "ref/geom/mesh.h"
#include "ref/geom/polytope.h"
#include "ref/geom/support.h"
#include "ref/published/render_published.h"
#include "engine/scene.h"
#include "ref/sdf/sdf.h"
#include "render/tracer.h"
#include "render/vk.h"

#define TOL_SDF_ANALYTIC 1e-12 // SDF against a separately written projection (round-off only)

#define TOL_SDF_MULTIMIN 1e-6 // SDF against GSL multimin (optimiser tolerance dominates)
#define TOL_SDF_COLLIDE 1e-9  // SDF against ref/geom and ref/collide closest points (GJK/EPA: 1e-9)

#define TOL_HIT 1e-6    // tracer hit point against the analytic intersection
#define TOL_NORMAL 1e-5 // unit normal by central differences, h = 1e-3: O(h^2) error

#define TOL_ROUNDOFF 1e-12
#define TOL_MESH_EXACT 1e-10 // polytope meshes are exact: round-off only

#define TOL_GLSL_SDF 5e-5 // float (GLSL) against double (C) SDF, |x| <= 4: see docs
#define TOL_SHADOW_DENSE                                                                           \
    1e-3 // the dense reference samples t every 0.003: its own min is that coarse

#define GRAZING_SLOPE 0.05  // AK_RT_REFINE_MIN_SLOPE: rays this grazing are counted apart
#define GRAZING_MARGIN 2e-3 // closest approach below this: within the hit tolerance eps*t (t <= 8)

// Golden images: at most GOLD_FRAC of the pixels may differ by more than GOLD_THRESHOLD (8-bit
// steps, largest channel), and the mean absolute difference is at most GOLD_MEAN. The values
// come from measured CPU (double) vs lavapipe (float) differences: docs/rendering.md.
#define GOLD_THRESHOLD 8

#define GOLD_FRAC 0.005
#define GOLD_MEAN 1.0

#define GOLD_W 160
#define GOLD_H 120

double render_urand(gsl_rng *r, double a, double b);

// A random rotation: product of random plane rotations (enough to reach every orientation).
void render_random_pose(gsl_rng *r, ak_pose *p, double spread);

// Body coordinates, written out separately from ref/sdf (p_j = sum_i rot_ij (x - pos)_i).
void render_to_body(double p[4], const ak_pose *pose, const double x[4]);

double render_norm4(const double v[4]);

// ---- ground truth 1: analytic projections (closest points), body frame -----------------
// Closest boundary point distance, signed, for each shape; written as projections onto the
// solid (outside) and as distances to the nearest boundary piece (inside).
double render_truth_analytic(const ak_shape *s, const double p[4], const double *verts, int nv);

extern const ak_check_topic ak_topic_render_sdf;
extern const ak_check_topic ak_topic_render_published;
extern const ak_check_topic ak_topic_render_tracer;
extern const ak_check_topic ak_topic_render_meshes;
extern const ak_check_topic ak_topic_render_glsl;

#endif
