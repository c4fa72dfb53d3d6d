/// @file solver_converged.h
/// The converged reference contact solver (scene "solver": {"method": "converged",
/// "tolerance": 1e-10, "max_iterations": N}; `anakata run --method converged`): it solves each
/// step's contact problem to a stated tolerance and certifies the solution with four residuals
/// per step (contact_cache.h ak_solver_residuals). Two phases:
///   impact   sequential binary impacts (P-2.6.1 applied per body pair to convergence): while a
///            point approaches faster than the restitution threshold and would close its gap in
///            this step, the pair with the fastest-approaching point is solved alone, its points
///            getting the Newton target v_n+ >= -e v_n- (P-2.32) with Coulomb friction. The
///            impulse of a chain of touching bodies then passes from body to body (the 4D
///            Newton's cradle passes 2.0 m/s through to the last ball).
///   contact  Signorini with Baumgarte target (T-5.b) and Coulomb friction over the whole
///            (n-1)-dimensional tangent space, with the K matrix of B-6: block projected
///            Gauss-Seidel, warm started from the previous step, swept until every residual is
///            at most the tolerance. The friction block of a point is solved exactly on the disc
///            |lambda_t| <= mu lambda_n (the trust-region problem of the tangent block of K,
///            Newton on the secular equation), so that its fixed point satisfies maximal
///            dissipation, which the radial clamp of the game-style solver (T-Alg13 corrected)
///            does not. After 50 sweeps and every 500, a semismooth Newton polish on the
///            natural map (Alart-Curnier) of all points when they are one connected component
///            of the contact graph with at most 2,048 unknowns, else of each component that misses the
///            tolerance (a block of 2,048 unknowns grown from the worst point for a larger
///            component), kept when it lowers the residuals [T-CV.2]; a component still above
///            the tolerance is polished again with its sticking, slipping points started on
///            the rim opposite their slip [T-CV.3].
/// Docs, residual definitions and measurements: docs/formulas/world.md#converged-solver.
#ifndef AK_ENGINE_SOLVER_CONVERGED_H
#define AK_ENGINE_SOLVER_CONVERGED_H

#include "contact_cache.h"
#include "model.h"

/// Impact rounds per step at most this many times the number of contact pairs (+ 16).
#define AK_SOLVER_IMPACT_ROUNDS 64

/// The normal target of a point with separation s in a step of length h (the contact phase's
/// Signorini condition is v_n >= target): -s/h, the gap (or the overlap) closes within the step,
/// capped at AK_SOLVER_MAX_BIAS for deep overlaps. Affine in s (up to the cap), so that the
/// targets of the points of one face are those of a rigid motion and the problem stays
/// consistent; a kink (slop, Baumgarte factor) where resting points sit makes the exact solution
/// lift some of them, which Gauss-Seidel reaches only by shifting the load between redundant
/// points by the residual per sweep.
double ak_solver_converged_target(const ak_model *m, double s, double h);

/// The converged variant as a whole (a row of solver_variant.h): prepare (solver.h), impact
/// phase, contact phase; fills c->res. Returns the points that slide (|lambda_t| = mu lambda_n
/// and |u_t| > 0) at the end.
int ak_solver_converged_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h);

/// The friction block of one point with lambda_n fixed: x minimising 1/2 x^T Kt x + g^T x over
/// |x| <= r (Kt symmetric positive definite, nt x nt row-major, nt <= AK_MAX_TAN): -Kt^-1 g if
/// inside, else -(Kt + a I)^-1 g with |x| = r, a by Newton on 1/|x(a)| = 1/r (Moré-Sorensen).
/// x = 0 when r <= 0 or Kt is not positive definite.
void ak_solver_friction_block(int nt, const double Kt[], const double g[], double r, double x[]);

/// Residuals of the contact problem at the current velocities and impulses (c->pts jn, jt),
/// with the normal targets target[i] (NULL: each point's bias). Fills everything in *r except
/// iterations, impacts and converged. Used by the solver and by the checks (independently of
/// how the impulses were found).
void ak_solver_residuals_eval(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                              const double target[], ak_solver_residuals *r);

#endif
