// Ground truth for the collision checks, sharing no code with ref/collide or ref/geom: its own
// support functions, its own inside tests, and the signed separation
//   sep = max over unit u of (-h_A(u) - h_B(-u))
// maximised with GSL multimin (Nelder-Mead) from many starts. Only the plain data types
// ak_shape / ak_pose are shared.
#ifndef AK_VERIFY_COLLIDE_TRUTH_H
#define AK_VERIFY_COLLIDE_TRUTH_H

#include <gsl/gsl_rng.h>

#include "ref/geom/shape.h"

/// Support value h(u) = max_{x in S} u.x of a posed shape (own implementation).
double gt_support(const ak_shape *s, const ak_pose *p, const double u[]);
/// f(u) = -h_A(u) - h_B(-u): the gap along u (u points from a to b).
double gt_gap(const ak_shape *a, const ak_pose *pa, const ak_shape *b, const ak_pose *pb,
              const double u[]);
/// The signed separation and the maximising u (from a to b; the normal from b to a is -u).
/// Exact for two hyperspheres and for hyperplane pairs; multimin otherwise. Returns 0 or a GSL
/// error status.
int gt_separation(double *sep, double u_out[], const ak_shape *a, const ak_pose *pa,
                  const ak_shape *b, const ak_pose *pb, gsl_rng *rng);
/// The same with a chosen effort: ncand pre-scan directions (axes, centre line, random) and
/// Nelder-Mead runs from the nstarts best of them, then tangent-plane polishes (gt_separation:
/// 48 and 2; up to 8 starts the runs are short, more starts run every polish to 3000 iterations).
int gt_separation_effort(double *sep, double u_out[], const ak_shape *a, const ak_pose *pa,
                         const ak_shape *b, const ak_pose *pb, gsl_rng *rng, int ncand,
                         int nstarts);
/// Refine a direction u (in/out) and its gap *f (in/out) with long tangent-plane polishes
/// (steps 1e-4 .. 1e-10). Used where the direction itself is compared.
int gt_refine(double *f, double u[], const ak_shape *a, const ak_pose *pa, const ak_shape *b,
              const ak_pose *pb);
/// Signed "inside" measure: <= tol means the point is in the shape (own implementation; the
/// convex polytope uses max over its hull facets is not available: returns NAN there).
double gt_outside(const ak_shape *s, const ak_pose *p, const double x[]);
/// Random rotation (Haar, det +1) as a row-major matrix.
void gt_random_rotation(gsl_rng *rng, int n, double R[]);

#endif
