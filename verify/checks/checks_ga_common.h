/// @file checks_ga_common.h
/// The ga group's topic files (checks_ga_<topic>.c) share these: tolerances and helpers
/// (checks_ga_common.c); each ends with its topic table, which checks_ga.c puts together
/// into the group's table, in order.
#ifndef AK_VERIFY_CHECKS_GA_COMMON_H
#define AK_VERIFY_CHECKS_GA_COMMON_H

#include <gsl/gsl_math.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verify/checks/checks.h"
#include "ref/ga/cl.h"
#include "ref/ga/ga4.h"
#include "ref/ga/nd.h"
#include "verify/oracles/ga_tables_published.h"
#include "verify/oracles/pga_appendix_a.h"
#include "ref/pga/pga.h"

// Tolerances (absolute, on quantities of order 1; the inputs are drawn with |components| <= 1).
#define TOL_ROUNDOFF 1e-13 ///< products, sandwiches, matrices: a few dozen roundings of O(1) terms

#define TOL_TRANSCEND 1e-12 ///< exp, log, frames, renormalisation: libm functions and square roots
#define TOL_LOG_ROUNDTRIP                                                                          \
    1e-11 ///< log(exp B) with th1+|th2| <= 0.99 pi: 1/sin(phi) <= 32 amplification

#define TOL_EXACT 0.0 ///< table entries are sums of +-products of the same inputs

// ---- random inputs ------------------------------------------------------------------------------
double ga_uni(gsl_rng *r);

void ga_rand_vec(gsl_rng *r, int n, double v[]);

void ga_rand_biv(gsl_rng *r, int n, double b[]);

void ga_rand_even(gsl_rng *r, int n, double e[]);

// A random unit rotor of Cl(n,0,0), as the product of four random unit vectors (every rotation
// of R^n, n <= 5, is a product of at most four reflections), built in the generic algebra.
void ga_rand_rotor_cl(gsl_rng *r, int n, ak_cl_mv *R);

void ga_rand_rotor(gsl_rng *r, int n, double R[]);

double ga_maxdiff(int len, const double a[], const double b[]);

gsl_rng *ga_rng_new(unsigned long seed);

// ---- hand-written 4D types against the generic algebra ------------------------------------------
ak_vec4 ga_v4(const double a[4]);

ak_rotor4 ga_r4(const double a[8]);

void ga_from_v4(double o[4], ak_vec4 v);

void ga_from_b4(double o[6], ak_biv4 v);

// ---- published statements: holds / fails, as expected ---------------------------------------------
// Records whether a statement holds (max deviation <= tol) and asserts the expected ga_verdict.
void ga_verdict(ak_check_ctx *c, bool expect_holds, double dev, double tol, const char *what);

extern const ak_check_topic ak_topic_ga_generic;
extern const ak_check_topic ak_topic_ga_nd;
extern const ak_check_topic ak_topic_ga_decomposition;
extern const ak_check_topic ak_topic_ga_appendix_a;
extern const ak_check_topic ak_topic_ga_ga4;
extern const ak_check_topic ak_topic_ga_tables;
extern const ak_check_topic ak_topic_ga_statements;

#endif
