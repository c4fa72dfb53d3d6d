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
///   contact  Signorini with the target of T-CV.4 (0 at touching or penetrating points, -s/h
///            across a speculative gap) and Coulomb friction over the whole
///            (n-1)-dimensional tangent space, with the K matrix of B-6: block projected
///            Gauss-Seidel, warm started from the previous step, swept until every residual is
///            at most the tolerance. The friction block of a point is solved exactly on the disc
///            |lambda_t| <= mu lambda_n (the trust-region problem of the tangent block of K,
///            Newton on the secular equation), so that its fixed point satisfies maximal
///            dissipation, which the radial clamp of the game-style solver (T-Alg13 corrected)
///            does not. After 50 sweeps and every 500, a semismooth Newton polish on the
///            natural map (Alart-Curnier) of all points when they are one connected component
///            of the contact graph with at most 2,048 unknowns, else of each component that misses the
///            tolerance, kept when it lowers the residuals [T-CV.2]; a component of at most
///            2,048 unknowns still above the tolerance is polished again with its sticking,
///            slipping points started on the rim opposite their slip [T-CV.3]; a larger
///            component gets the sparse polish (block_lu.h, minimum-fill block LU; projected,
///            nonmonotone line search; its first pass seeds the rim at a plateau [T-CV.3];
///            where both its passes miss at a few points, the floor cure, then the finishing
///            steps) [T-CV.6]. When 3,050 sweeps from the warm start (half of max_iterations if
///            that is fewer) miss the tolerance, the sweeps start again
///            from zero impulses (cold restart, at most 6,100 sweeps; the rest of
///            max_iterations then go on from whichever end has the smaller residual).
///   position after the position integration (world.c), the overlap is removed with
///            pseudo-velocities that are never added to the bodies' velocities: a normal-only,
///            frictionless problem of the same points to the same tolerance [T-CV.5]
///            (ak_solver_converged_positions).
/// Docs, residual definitions and measurements: docs/formulas/world.md#converged-solver.
#ifndef AK_ENGINE_SOLVER_CONVERGED_H
#define AK_ENGINE_SOLVER_CONVERGED_H

#include <stddef.h>

#include "engine/contact_cache.h"
#include "engine/integrate.h"
#include "engine/model.h"

/// Impact rounds per step at most this many times the number of contact pairs (+ 16).
#define AK_SOLVER_IMPACT_ROUNDS 64

/// A point whose separation is at most this (m) touches, for the velocity problem's target
/// [T-CV.4]: the separations of resting points scatter around 0 by picometres after the
/// position stage (its linearisation), and a kink of the target among them (0 on one side,
/// -s/h on the other) makes the normal rows of a face inconsistent at the size of the
/// tolerance (pile_1000_3d step 45 stalled at 1.9e-10 so, docs/formulas/world.md).
#define AK_SOLVER_TOUCH 1e-9

/// The velocity problem's normal target of a point with separation s in a step of length h (the
/// contact phase's Signorini condition is v_n >= target) [T-CV.4]: 0 where the point touches or
/// penetrates (s <= AK_SOLVER_TOUCH), -(s - AK_SOLVER_TOUCH)/h across a speculative gap (closed
/// to AK_SOLVER_TOUCH within the step). At the
/// resting points of a pair every target is 0, those of a rigid motion with no relative
/// velocity, so the points can all stick (with -s/h everywhere, T-CV.1, points of one pair
/// with different separations cannot: docs/formulas/world.md). The overlap is removed by the
/// position stage (ak_solver_converged_positions).
double ak_solver_converged_target(const ak_model *m, double s, double h);

/// The position stage's target of a point [T-CV.5]: -(s + h v_n)/h, the linearised separation
/// after the position integration closed within one step, capped at AK_SOLVER_MAX_BIAS.
double ak_solver_converged_position_target(double s, double vn, double h);

/// The position stage [T-CV.5], after the position integration of a step whose contacts the
/// converged solver solved (its row in solver_variant.c; nothing when the step had none): the normal-only, frictionless problem of the step's
/// points in pseudo-velocities (from zero; targets ak_solver_converged_position_target at the
/// final velocities), solved to the tolerance by the same sweeps and polish; each point's
/// pseudo impulse is left in jp, the residuals in c->stats.res.pos_*. The pseudo-velocities move the
/// positions and rotors by the integrator's position update (integ, renormalize) and are then
/// discarded (the bodies' velocities are restored). 0, or -1 with err filled.
int ak_solver_converged_positions(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                                  bool renormalize, char *err, size_t errlen);

/// The converged variant as a whole (a row of solver_variant.h): prepare (solver.h), impact
/// phase, contact phase; fills c->stats.res. Returns the points that slide (|lambda_t| = mu lambda_n
/// and |u_t| > 0) at the end.
int ak_solver_converged_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h);

/// The friction block of one point with lambda_n fixed: x minimising 1/2 x^T Kt x + g^T x over
/// |x| <= r (Kt symmetric positive definite, nt x nt row-major, nt <= AK_MAX_TAN): -Kt^-1 g if
/// inside, else -(Kt + a I)^-1 g with |x| = r, a by Newton on 1/|x(a)| = 1/r (Moré-Sorensen).
/// x = 0 when r <= 0 or Kt is not positive definite.
void ak_solver_friction_block(int nt, const double Kt[], const double g[], double r, double x[]);

/// Residuals of the contact problem at the current velocities and impulses (c->step.pts jn, jt),
/// with the normal targets target[i] (NULL: each point's bias). Fills everything in *r except
/// iterations, impacts and converged. Used by the solver and by the checks (independently of
/// how the impulses were found).
void ak_solver_residuals_eval(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                              const double target[], ak_solver_residuals *r);

/// The velocity problem of the step just taken, as the contact phase saw it, in the local
/// frames of its points (normal first, then the n - 1 tangent directions of the point's
/// tangent basis): u = W r + q with r the contact phase's impulses and u the relative
/// velocity minus the normal target, so that the law is the standard one (FCLIB's local form,
/// docs/fclib.md): r_n >= 0, u_n >= 0, r_n u_n = 0, |r_t| <= mu r_n with maximal dissipation.
/// W is stored by point blocks (two points couple when they share a moving body).
typedef struct ak_contact_problem {
    int dim; ///< n: unknowns per point
    int npoint;
    int nblock; ///< n x n blocks of W
    int *
        row_start; ///< npoint + 1: the blocks of point i's rows are [row_start[i], row_start[i + 1])
    int *col;      ///< nblock: each block's column point (the diagonal block first in its row)
    double *W;     ///< nblock x n x n, each block row-major
    double *q;     ///< npoint x n: the velocities before the contact phase's impulses (after
                   ///< the impact phase) minus (target, 0)
    double *mu;    ///< npoint: the point's friction coefficient this step
    double *r;     ///< npoint x n: the contact phase's impulses (the solution)
    double *u;     ///< npoint x n: the bodies' relative velocities after the step minus (target, 0)
    double *target; ///< npoint: the normal target folded into q and u [T-CV.4]
} ak_contact_problem;

/// Fill *p (caller-owned; free with ak_contact_problem_free) with the velocity problem of the
/// step that the converged solver just solved (ak_world_step's contact stage), read back from
/// the contact points and the bodies' velocities: W from unit impulses (as the Newton polish
/// builds it), u from the bodies' velocities, q = u - W r. The velocities are changed while W
/// is built and restored bit for bit. 0 (p->npoint = 0 when the step had no contacts), or -1
/// when out of memory.
int ak_solver_converged_problem(const ak_model *m, ak_data *d, ak_contact_problem *p);
void ak_contact_problem_free(ak_contact_problem *p);

/// The world step's few-point floor cure [T-CV.6] (the one its sparse polish runs where its
/// passes leave a component above the tolerance at a few points) on the points idx[0 .. np) of
/// the contact points in c (their targets: each point's bias), from the current impulses and
/// velocities: the points above the tolerance (none, or more than the cure takes: nothing is
/// done) and every point on the moving bodies they touch are solved as their own problem by the
/// dense Newton polish, the other impulses held. Returns 1 when those points meet the
/// tolerance after it, else 0. For the unit tests.
int ak_solver_converged_cure(const ak_model *m, ak_data *d, ak_contact_cache *c, const int idx[],
                             int np);
/// The same cure with its sub-problem capped at max_unknowns unknowns (n per point), as the
/// dense branch of the world step's component polish runs it (DENSE_CURE_MAX): where the points
/// above the tolerance and the points on their moving bodies are more, nothing is done (0).
int ak_solver_converged_cure_max(const ak_model *m, ak_data *d, ak_contact_cache *c,
                                 const int idx[], int np, int max_unknowns);

/// What ak_solver_converged_solve_problem did.
typedef struct ak_problem_stats {
    int sweeps;          ///< block Gauss-Seidel sweeps
    int polishes;        ///< Newton polishes kept
    long factorisations; ///< block LU factorisations of the sparse polish (its Newton matrices)
    double worst;        ///< the largest of the four residuals at the end
} ak_problem_stats;

/// The contact phase's algorithm on a problem given as matrices (an FCLIB file; p's W, q, mu;
/// targets already in q): from r (in: start, out: solution), block projected Gauss-Seidel on u =
/// W r + q with the exact friction block (ak_solver_friction_block on the tangent part of W's
/// diagonal block) and the normal row with 1 / W_nn, the staggered friction radii and the NNCG
/// momentum of the sweeps over bodies, and the world step's per-component polish on W's connected
/// components (solver_converged.c, problem_polish_parts): after 10 sweeps (the components of at
/// most 200 unknowns), after 50 and every 500, each component above tol alone: up to 200
/// unknowns the dense Newton polish of the natural map [T-CV.2] (Levenberg-Marquardt fallback,
/// rho cycling), again from the rim (T-CV.3) when still above tol; larger ones the sparse
/// polish of T-CV.6 (block LU of the Newton matrix in the component's block pattern, the
/// monotone then the projected pass; alternately with the early end, kept when it lowers the
/// largest residual a hundredfold, and as the world step's, kept when it lowers it); until the
/// four residuals (largest over the points, with target 0) are at most tol, at most max_it
/// sweeps, with the world step's restart policy (ak_solver_converged_solve): from a start other
/// than zero its warm-start sweeps, then a cold restart from zero impulses, then the rest of
/// max_it from the better end, the polish schedule counted afresh in each part (from zero: one
/// part, all of max_it). Within that, when the first 550 sweeps have not converged and a sparse
/// polish ran in them, first a late proximal stage (the sweeps on with no polish until the
/// natural map's |F| at rho = 1 / W_nn is at most 1e-3 of max(|q|, |r|, |u|), at most 2,000
/// more; then each large component's proximal point pass at alpha = 10 W_nn x the relative |F|
/// with full Newton steps, the projected pass, the finishing steps and the floor; modelled on
/// Siconos' chain of NSGS and its proximal point solver; not where the largest residual after
/// sweep 550 is already at most 1e-4, a floor), back to the state after sweep 550 when it
/// misses; then the world step's first try (at most 1,550 sweeps from the start, the
/// nonmonotone search in the sparse polish; it starts from the path's state after sweep 49,
/// which its own sweeps would repeat bit for bit, and skips on to the path's state after sweep
/// 549 where its polish after sweep 50 leaves the path's state); if it misses, the path goes on
/// from its sweep 550. The first try's first sparse polish (after its sweep 50) runs at once,
/// right after the path's own: where it meets tol that is the answer, and where it keeps
/// something the first try goes on to its end before the path's sweeps 51-550 (the path goes
/// on from its sweep 50 when the first try misses). The first try's nonmonotone passes run
/// past 60 Newton steps (the longer budget of a component with cheap factorisations) only
/// while they find a new lowest |F|^2 within 30 steps. Where the first try goes on at once and
/// its polish after sweep 550 misses too with its largest residual above 1e-4, the late stage
/// runs from the path's state after sweep 50 before the first try's later sweeps (back to the
/// first try's state when it misses).
/// 0 when converged, 1 when not, -1 when out of memory or a diagonal block has W_nn <= 0.
int ak_solver_converged_solve_problem(const ak_contact_problem *p, double tol, int max_it,
                                      double r[], ak_problem_stats *st);

/// The proximal point polish of the sparse polish [T-CV.6] alone, on the whole problem p (W
/// by point blocks, each row's diagonal block first; targets in q) from r (in: start, out: the
/// best point it met by |F|^2 of the natural map with rho = 1 / W_nn): outer iterations on W +
/// alpha I and q - alpha r_k, each subproblem by Newton steps on the block LU of p's pattern,
/// at most max_newton factorisations in all (solver_converged.c, sparse_prox). For the unit
/// tests; the matrix form's late stage runs the pass with its own alpha
/// (ak_solver_converged_prox_late). 0, or -1 when out of memory, a pattern
/// block_lu refuses, or a diagonal block with W_nn <= 0.
int ak_solver_converged_prox(const ak_contact_problem *p, int max_newton, double r[]);

/// The same proximal point pass as the matrix form's late proximal stage runs it (after its
/// sweeps reached a relative measure of 1e-3 where its first 550 sweeps missed; modelled on
/// Siconos Numerics' proximal point solver): alpha = 10 x W_nn (mean) x |F| / max(|x|, |F|)
/// with no floor, and each subproblem's full Newton steps not cut short when |F| rises. From
/// r (in: start, out: the best point by |F|^2 at rho = 1 / W_nn), at most max_newton
/// factorisations. For the unit tests. 0, or -1 as ak_solver_converged_prox.
int ak_solver_converged_prox_late(const ak_contact_problem *p, int max_newton, double r[]);

/// The finishing steps of the sparse polish [T-CV.6] alone, on the whole problem p (as
/// ak_solver_converged_prox) from r (in: start, out: the best iterate, projected onto the
/// cones, by the larger of the four residuals and the natural map's largest |F_i| at rho =
/// 1 / W_nn; unchanged when none is better): full Newton steps without a line search, the
/// first with the rim points' slip directions held (solver_converged.c, sparse_finish), until
/// an iterate is a hundredth of tol. For the unit tests; the solvers run it inside their
/// polish. 0, or -1 as ak_solver_converged_prox.
int ak_solver_converged_finish(const ak_contact_problem *p, double tol, double r[]);

/// The few-point floor's cure of the matrix form's polish alone, on the whole problem p (as
/// ak_solver_converged_prox) from r (in: start, out: the result, unchanged when not kept):
/// where the largest residual is above tol and at most 1e-4 with at most 6 points above a
/// hundredth of it, the branches (separated, sticking, sliding) of those points and the points
/// coupled to them enumerated on the small problem they make with the other impulses held,
/// the best patterns polished there by dense Newton steps and the sparse polish resumed on p;
/// kept when the largest residual and the natural map's largest |F_i| both shrink
/// (solver_converged.c, problem_floor). For the unit tests; the matrix form runs it inside its
/// polish. 0, or -1 as ak_solver_converged_prox.
int ak_solver_converged_floor(const ak_contact_problem *p, double tol, double r[]);

/// The projected pass of the sparse polish [T-CV.6] alone, as the matrix form's component
/// polish runs it, on the whole problem p (as ak_solver_converged_prox) from r (in: start, out:
/// the best point it met by |F|^2 of the natural map with rho = 1 / W_nn, projected onto the
/// cones): projected backtracking, full Newton steps where it stalls, the stop at rounding level
/// and after 10 Newton steps without a new best point (solver_converged.c, BEST_STALL). When
/// steps is not NULL, *steps: the Newton steps taken. For the unit tests. 0, or -1 as
/// ak_solver_converged_prox.
int ak_solver_converged_projected(const ak_contact_problem *p, double r[], int *steps);

#endif
