/// @file hodges_lines.h
/// Test-only evaluation of Hodges, Game Physics: The Next Week (v1.07), ch. 17 (the derivation of
/// the inertia tensor, eq. 27) as printed: each "=" of the chain on its own, in 3D vectors, for a
/// rigid set of point masses centred on the origin and turning at ω (positions by Rodrigues'
/// rotation, velocities by five-point differences, h = 1e-3).
#ifndef AK_VERIFY_HODGES_LINES_H
#define AK_VERIFY_HODGES_LINES_H

#include <gsl/gsl_rng.h>

enum { AK_HDG17_NEQS = 7 };
/// The printed "=" evaluated, in order.
extern const char *const ak_hdg17_eqs[AK_HDG17_NEQS];
/// The residual of each "=" on one random instance drawn from r; returns AK_HDG17_NEQS.
int ak_hdg17_residuals(gsl_rng *r, double res[]);

#endif
