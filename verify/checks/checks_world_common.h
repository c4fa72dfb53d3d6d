/// @file checks_world_common.h
/// The world group's topic files (checks_world_<topic>.c) share these: tolerances and helpers
/// (checks_world_common.c); each ends with its topic table, which checks_world.c puts together
/// into the group's table, in order.
#ifndef AK_VERIFY_CHECKS_WORLD_COMMON_H
#define AK_VERIFY_CHECKS_WORLD_COMMON_H

#include <dirent.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/broadphase.h"
#include "verify/checks/checks.h"
#include "verify/checks/checks_world_sleep.h"
#include "ref/collide/collide.h"
#include "verify/common/plot.h"
#include "verify/common/world_checks_util.h"
#include "ref/contact/contact.h"
#include "engine/contact_cache.h"
#include "ref/dyn/dyn.h"
#include "ref/geom/polytope.h"
#include "ref/published/solver_published.h"
#include "engine/scene.h"
#include "engine/solver.h"
#include "engine/solver_converged.h"
#include "engine/world.h"

#define TOL_P 1e-12 ///< linear momentum, relative to sum m|v|

#define TOL_J 1e-10      ///< angular momentum about the origin, relative to sum |x^p| + |L|
#define TOL_ENERGY 1e-12 ///< relative energy increase allowed (rounding only)

#define TOL_ELASTIC 1e-12 ///< exact elastic outcome, relative
#define TOL_BOUNCE 0.01   ///< e^2 h within 1%

#define TOL_INCLINE 0.01 ///< a = g (sin - mu_k cos) within 1%
#define TOL_STICK 1e-6   ///< sticking box: displacement along the incline (m) over 2 s

#define TOL_ROLL 1e-6   ///< rolling: slip speed |v + r_|w| relative to |v|
#define TOL_ROLL_V 0.01 ///< rolling: final speed against v0 (n+2)/(n+4), relative

#define TOL_DRIFT 1e-3  ///< stack: drift (m) after settling
#define TOL_JITTER 1e-3 ///< stack: speed (m/s) after settling

#define TOL_PGA 1e-12
#define TOL_STANDS                                                                                 \
    0.01 ///< a tall stack "stands": its top sank less than 1 cm       ///< PGA response against the vector solver on single contacts

#define PI 3.14159265358979323846

static const double G = 9.81; // m/s^2, the scenes' gravity

void world_load_fail(ak_check_ctx *c, const char *what, const char *err);

char *world_scene_path(ak_check_ctx *c, const char *name, char *buf, size_t len);

double world_tall_stack_n(int n, int count, int iters, bool shock, double secs, double *speed);

// ---- random two-body contacts -------------------------------------------------------------
double world_urand(gsl_rng *r, double lo, double hi);

ak_shape world_random_shape(gsl_rng *r, int n, int kind);

void world_random_rotor(gsl_rng *r, int n, double R[]);

double world_vec_norm(int n, const double *v);

// ---- hyperbox on an incline -----------------------------------------------------------------
// Returns the displacement along the slope after t1 and the acceleration from v(t2) - v(t1).
// trace (optional, for the report): displacement along the slope after every step (t2 / dt values).
int world_incline_run(ak_check_ctx *c, double theta, double mu_s, double mu_k, int method,
                      int variant, double *disp, double *acc, double *trace);

ak_model *world_parse_text(ak_check_ctx *c, const char *text, ak_data **d);

extern const ak_check_topic ak_topic_world_contacts;
extern const ak_check_topic ak_topic_world_scenes;
extern const ak_check_topic ak_topic_world_broadphase;
extern const ak_check_topic ak_topic_world_polytopes;
extern const ak_check_topic ak_topic_world_ccd;
extern const ak_check_topic ak_topic_world_converged;
extern const ak_check_topic ak_topic_world_sleep; // checks_world_sleep.c
extern const ak_check_topic ak_topic_world_fclib; // checks_world_fclib.c

#endif
