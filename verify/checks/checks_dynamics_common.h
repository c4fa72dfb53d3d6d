/// @file checks_dynamics_common.h
/// The dynamics group's topic files (checks_dynamics_<topic>.c) share these: tolerances and helpers
/// (checks_dynamics_common.c); each ends with its topic table, which checks_dynamics.c puts together
/// into the group's table, in order.
#ifndef AK_VERIFY_CHECKS_DYNAMICS_COMMON_H
#define AK_VERIFY_CHECKS_DYNAMICS_COMMON_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/checks/checks.h"
#include "verify/common/dyn_scenes.h"
#include "verify/common/plot.h"
#include "verify/common/world_checks_util.h"
#include "engine/contact_cache.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/cl.h"
#include "ref/ga/nd.h"
#include "engine/integrate.h"
#include "ref/mass/mass.h"
#include "engine/model.h"
#include "ref/pga/pga.h"
#include "ref/published/dyn_published.h"
#include "ref/published/solver_published.h"
#include "engine/scene.h" // the integrators' names
#include "engine/solver.h"
#include "engine/world.h"

#define TOL_ROUND 1e-12 // identities evaluated in floating point

#define TOL_GSL_CONSERVE 1e-9 // conservation by the rk8pd reference over 10-100 s
#define TOL_ANALYTIC 1e-8     // RK4 at dt = 1e-3 against closed forms

#define TOL_ROTOR_RENORM 1e-12 // rotor defect with renormalisation, 10^6 steps
#define TOL_PERIOD_GSL 0.01    // flip period, engine vs GSL reference (relative)

#define TOL_PERIOD_ELLIPTIC 0.005 // flip period, 3D reduction vs elliptic integral (relative)
#define TOL_GROWTH 0.01           // linear instability rate (relative)

static const double CUBOID[4] = { 1.1, 0.3, 2.5, 0.7 }; // ten Bosch §9: side lengths, mass 1

static const double GENERIC_W[6] = { 0.9, -0.35, 0.6, 0.45, -0.8, 0.3 }; // body rate, rad/s

// ---------------------------------------------------------------------------------------------
// helpers
int dynamics_step_n(const ak_model *m, ak_data *d, ak_integrator ig, double dt, long n, bool renorm,
                    ak_check_ctx *c);

double dynamics_biv_norm(int n, const double B[]);

extern const ak_check_topic ak_topic_dynamics_integrators;
extern const ak_check_topic ak_topic_dynamics_dzhanibekov;
extern const ak_check_topic ak_topic_dynamics_pga;
extern const ak_check_topic ak_topic_dynamics_forces;

#endif
