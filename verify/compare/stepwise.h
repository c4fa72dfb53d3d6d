/// @file stepwise.h
/// Stepwise comparison (`anakata compare --stepwise SCENE OTHER`, docs/compare.md): for every
/// pair of consecutive recorded steps k, k+1 of another engine's trace, anakata takes the other
/// engine's state at k (every body's x, v, R, w), steps the scene once over t_k+1 - t_k (in
/// round((t_k+1 - t_k) / dt) sub-steps of the scene's dt when the trace records less often) with
/// the chosen contact solver variant (engine/solver_variant.h), and compares the result with the
/// other engine's state at k+1. Chaos cannot build up over one step, so contact scenes and piles
/// are compared for their whole length and the per-step differences isolate the step law.
#ifndef AK_VERIFY_STEPWISE_H
#define AK_VERIFY_STEPWISE_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/compare/trace_read.h"

enum { AK_SW_X, AK_SW_V, AK_SW_R, AK_SW_W, AK_SW_Q };

/// Default per-step tolerances: v (m/s) and w (rad/s); x and the rotor get the change that these
/// cause over one scene step h (h * AK_SW_TOL_V, h * AK_SW_TOL_W / 2).
#define AK_SW_TOL_V 1e-3
#define AK_SW_TOL_W 1e-3

#define AK_SW_OVER_MAX 8

typedef struct ak_sw_step {
    long k;                   ///< recorded step index of the other trace (state k -> k+1)
    double t;                 ///< t_k
    double e[AK_SW_Q];        ///< largest error over bodies of each quantity
    int body[AK_SW_Q];        ///< which body (index into the other trace's bodies)
    int contacts;             ///< contact points of anakata's step
    double other_contacts;    ///< sum of the other trace's "contacts" column at k+1 (NaN: none)
    int nover;                ///< bodies over a tolerance
    int over[AK_SW_OVER_MAX]; ///< the first of them
} ak_sw_step;

typedef struct ak_stepwise_result {
    long n; ///< steps compared
    ak_sw_step *steps;
    int nsub;        ///< sub-steps per recorded step (1 when the trace records every step)
    double dt;       ///< the scene's step
    char solver[64]; ///< the solver variant used (engine/solver_variant.h: its "what")
    double tol[AK_SW_Q];
    int nbody;  ///< bodies compared
    long nfail; ///< steps with a body over a tolerance
} ak_stepwise_result;

/// Run the comparison. solver: NULL (the scene's), "pga" or "vector" (a method), or a variant name
/// ("corrected", "published", ...); an unknown name is an error. tol: AK_SW_Q tolerances (NaN:
/// default). Returns 0, or -1 with err (bad scene, dim or body mismatch, a failing step).
int ak_stepwise_run(const char *scene, const ak_tracefile *o, const char *solver,
                    const double tol[AK_SW_Q], ak_stepwise_result *r, char *err, size_t errlen);
void ak_stepwise_free(ak_stepwise_result *r);

/// The summary: for free steps (no contact in anakata's step nor in the other's column) and
/// contact steps, the distribution of the per-step errors (median, 90 %, 99 %, max) of x, v, R, w,
/// which quantity and kind of step dominate (integrator or contact law), then the worst steps
/// with time and bodies.
void ak_stepwise_print(const ak_stepwise_result *r, const ak_tracefile *o, int worst, void *file);

/// The law that differs (the sentence after "law: " in the summary): kind 0 free steps (the
/// integrator), 1 contact steps (the contact law), -1 none (the median step agrees); quantity the
/// AK_SW_* that differs most. A run whose first step over a tolerance is a contact step is named
/// by the contact law even when its later free steps (bodies the contacts threw) differ more.
int ak_stepwise_law(const ak_stepwise_result *r, int *kind, int *quantity, char *out, size_t n);

/// Quantile q (0..1) of the per-step error of quantity e over the steps of one kind (contact: 1,
/// free: 0, any: -1). NaN when there is no such step.
double ak_stepwise_quantile(const ak_stepwise_result *r, int e, int contact, double q, long *count);

#endif
