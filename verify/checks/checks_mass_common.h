/// @file checks_mass_common.h
/// The mass group's topic files (checks_mass_<topic>.c) share these: tolerances and helpers
/// (checks_mass_common.c); each ends with its topic table, which checks_mass.c puts together
/// into the group's table, in order.
#ifndef AK_VERIFY_CHECKS_MASS_COMMON_H
#define AK_VERIFY_CHECKS_MASS_COMMON_H

#include <gsl/gsl_deriv.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verify/checks/checks.h"
#include "verify/common/plot.h"
#include "ref/ga/nd.h"
#include "ref/mass/mass.h"
#include "ref/published/mass_published.h"

#define QUAD_TOL 1e-6 // analytic vs quadrature, relative

#define EXACT_TOL 1e-12 // two exact methods (triangulations, compounds, shifts), relative
#define MC_NSIGMA 4.0   // Monte Carlo agreement, in standard errors

#define MC_MAX_REL_SE 1e-3   // required relative standard error of each Monte Carlo moment
#define DISCREPANCY_TOL 1e-9 // published-vs-true ratio asserted exactly (e.g. factor 4)

#define QUAD_EPSREL 1e-9 // per-level relative tolerance of the nested quadrature
#define QUAD_LIMIT 200

#define PI 3.14159265358979323846

// ---- nested quadrature over a region -----------------------------------------------------------

typedef enum {
    RG_BALL,
    RG_BOX,
    RG_SPHERINDER,
    RG_HALF_BALL,
    RG_CAPSULE,
    RG_DUOCYL,
    RG_SIMPLEX
} rg_kind;

typedef struct region {
    rg_kind kind;
    int n;
    double R, h, R2;      // radius, half length (spherinder/capsule), second radius (duocyl)
    double a[AK_MAX_DIM]; // box half extents
    double cut;           // half ball: y from cut (base plane) up to the dome
    double v0[AK_MAX_DIM], M[AK_MAX_DIM * AK_MAX_DIM], absdet; // simplex x = v0 + M u
} region;

typedef double (*integrand_fn)(const double x[], const void *ctx);

typedef struct nest nest;

typedef struct level {
    nest *q;
    int L;
} level;

struct nest {
    const region *rg;
    int perm[AK_MAX_DIM]; // physical axis integrated at each level (outermost first)
    int sine[AK_MAX_DIM]; // use the sine substitution on this level
    integrand_fn f;
    const void *fctx;
    double x[AK_MAX_DIM]; // physical coordinates (or simplex parameters u)
    double lo[AK_MAX_DIM], hi[AK_MAX_DIM];
    double srem[AK_MAX_DIM + 1]; // remaining radius of the round part at each level
    double epsabs[AK_MAX_DIM];
    level lv[AK_MAX_DIM];
    gsl_integration_workspace *ws[AK_MAX_DIM];
    int status;
    long evals;
};

// Integrand x_p x_q (x_{-1} = 1) times the density, about an optional point.
typedef struct moment {
    int p, q;
    double rho;
    double about[AK_MAX_DIM];
} moment;

// Raw moments by quadrature: mass, first moment, second moment about `about` (or the origin).
typedef struct raw_moments {
    double mass, F[AK_MAX_DIM], S[AK_MAX_DIM * AK_MAX_DIM];
    long evals;
    int ok;
} raw_moments;

static const double HALF_EXT[3][AK_MAX_DIM] = { { 0.3, 0.7, 1.1, 0.45, 0.9 },
                                                { 1.7, 0.25, 0.6, 1.3, 0.8 },
                                                { 0.5, 2.2, 0.35, 0.95, 1.4 } };

typedef struct inflate {
    region g;
    int what; // 0 box, 1 spherinder, 2 capsule, 3 duocyl, 5 ball
} inflate;

// Limits of level L given the outer coordinates already in q->x. For the round parts, the
// remaining radius s = sqrt(R^2 - sum of the outer squares) is carried from level to level as
// s_{L+1} = s_L cos(t_L) (exact under the sine substitution), instead of being recomputed from
// the squares, which would lose precision near the edges.
void mass_limits(const nest *q, int L, double *lo, double *hi);

double mass_level_fn(double t, void *p);

double mass_integrate_level(nest *q, int L);

double mass_moment_fn(const double x[], const void *ctx);

// Integral of f over the region. fscale: a typical size of |f| (sets the absolute tolerance
// for integrals that vanish). Returns NaN when GSL reports a failure.
double mass_region_integral(const region *g, integrand_fn f, const void *fctx, double fscale,
                            long *evals);

double mass_region_size(const region *g);

raw_moments mass_quad_moments(const region *g, double rho, const double about[]);

// The k x k inertia from a covariance, written out independently of ref/mass: the (ab),(cd)
// entry of integral [r]*[r]*^T is delta-combinations of the covariance:
// ([r]*[r]*^T)_{(ab),(cd)} = r_a r_c [b=d] + r_b r_d [a=c] - r_a r_d [b=c] - r_b r_c [a=d]
// (from ([r]*)_{(ab),col} = r_a [col=b] - r_b [col=a]).
void mass_inertia_of_cov(int n, double I[], const double C[]);

// Compare analytic props with quadrature raw moments (about the origin). Records measurements.
// Returns the worst relative error.
double mass_compare_props(ak_check_ctx *c, const char *label, const ak_mass_props *p,
                          const raw_moments *r);

double mass_relerr(double a, double b);

int mass_nsets(ak_check_ctx *c);

// Random simplex in n-D from a fixed seed.
void mass_random_simplex(gsl_rng *rng, int n, double v[]);

double mass_inflated_volume(double eps, void *p);

// ---- exact methods against each other ----------------------------------------------------------
void mass_props_diff(const ak_mass_props *a, const ak_mass_props *b, double *e_m, double *e_c,
                     double *e_I);

extern const ak_check_topic ak_topic_mass_exact;
extern const ak_check_topic ak_topic_mass_estimates;
extern const ak_check_topic ak_topic_mass_properties;
extern const ak_check_topic ak_topic_mass_published;

#endif
