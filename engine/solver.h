/// @file solver.h
/// The contact stages of the world step, one function per stage (after Box2D's contact
/// solver), run by ak_world_step between the velocity and the position stages:
///   BROADPHASE   ak_broadphase             sweep and prune (broadphase.h)
///   NARROWPHASE  ak_narrowphase            ref/collide manifolds (narrowphase.h)
///   CACHE        ak_contact_cache_match    impulses of the previous step by feature id
///   SOLVER       ak_solver_prepare         lever arms, K matrix, effective masses, bias
///                ak_solver_warm_start      apply the cached impulses
///                ak_solver_iterate         one sequential-impulse sweep (x iterations)
///                ak_solver_restitution     bounce with a velocity threshold
///                ak_solver_store           keep the impulses for the next step
/// Variants (scene "solver"): variant "corrected" (default, this file) or "published"
/// (solver_published.h, the thesis' solver as printed); method "vector" (default), "pga"
/// (solver_pga.h, the PGA notes' collision response P-2.6.1) or "converged" (solver_converged.h,
/// the reference solver with certified residuals).
/// Derivation and formula IDs: top of solver.c and docs/formulas/world.md.
#ifndef AK_ENGINE_SOLVER_H
#define AK_ENGINE_SOLVER_H

#include <stddef.h>

#include "engine/contact_cache.h"
#include "engine/model.h"
#include "engine/narrowphase.h"
#include "engine/ref_inline.h"

/// Contact pairs are generated when the separation is at most this (speculative contacts).
#define AK_SOLVER_MARGIN 0.02
/// A point whose slip speed before the solve is at most this (m/s) uses the static friction
/// coefficient this step, otherwise the kinetic one.
#define AK_SOLVER_STICK_SPEED 0.05
/// The Baumgarte bias never asks for a separating speed above this (m/s): deep initial
/// overlaps are pushed apart over several steps instead of exploding (Box2D's max correction).
#define AK_SOLVER_MAX_BIAS 4.0

/// Per-step statistics of the contact stages (for `anakata step` and the checks).
typedef struct ak_solver_stats {
    int npair;        ///< broadphase pairs
    int npoint;       ///< contact points
    int nmatched;     ///< points warm-started from the cache
    int nsliding;     ///< points whose friction impulse hit the kinetic disc
    long broad_tests; ///< AABB tests of the broadphase
} ak_solver_stats;

/// SOLVER stage 1: world inverse inertias of the bodies in contact, lever arms, tangent basis,
/// K = K_a + K_b (B-6), normal mass 1/(n^T K n), the tangent block inverse, Baumgarte bias
/// (T-5.b), combined materials, and the pre-solve normal velocity (for restitution).
/// Uses the rotation matrices c->rot that ak_broadphase computed in this step.
void ak_solver_prepare(const ak_model *m, const ak_data *d, ak_contact_cache *c, double h);
/// ak_solver_prepare's per-point geometry for n = 3, 4 runs on inline copies of the ref/ kernels
/// (the same bits); m->paths.prepare_fast = false makes it call the kernels (for test
/// perf.prepare_fast_equals_plain).
/// SOLVER stage 2: apply the cached impulses jn n + jt (projected on the new tangent plane);
/// with warm starting off the impulses are zeroed instead.
void ak_solver_warm_start(const ak_model *m, ak_data *d, ak_contact_cache *c);
/// SOLVER stage 3: one Gauss-Seidel sweep over the points: friction over the whole tangent
/// space clamped to the disc |jt| <= mu jn (static / kinetic), then the accumulated, clamped
/// normal impulse (T-Alg12, T-Alg13 corrected). Returns the number of sliding points.
int ak_solver_iterate(const ak_model *m, ak_data *d, ak_contact_cache *c);
/// SOLVER stage 4: restitution: every point that carried a normal impulse and approached
/// faster than the threshold gets the normal velocity -e vn0 (P-2.32, accumulated, clamped).
void ak_solver_restitution(const ak_model *m, ak_data *d, ak_contact_cache *c);
/// Contact graph levels (Guendelman et al., cited by ten Bosch §6): BFS over the contact pairs
/// from the static bodies; c->step.level[b] = 0 for a body touching a static body (plane or fixed),
/// 1 for a body touching a level-0 body, ...; -1 for a body not connected to a static one.
void ak_solver_contact_levels(const ak_model *m, ak_contact_cache *c);
/// Optional SOLVER stage 3b (settings.shock_propagation): after the iterations, one more set of
/// sweeps over the points ordered by level, in which the lower-level body of each contact is
/// frozen (infinite mass), so that the support of a stack is propagated upwards and the upper
/// bodies cannot push the lower ones down. Points between bodies of equal level (or with an
/// unconnected body) are solved as usual.  [B-6 (Guendelman shock propagation)]
void ak_solver_shock_propagation(const ak_model *m, ak_data *d, ak_contact_cache *c);
/// SOLVER stage 5: store the impulses in the cache. Returns 0 or -1 (allocation).
int ak_solver_store(ak_contact_cache *c);
/// The order in which the last packed sweeps (ak_solver_corrected_solve, n = 3, 4) took the
/// points: a permutation of 0 .. *np - 1 in which the points of each moving body keep their order
/// (solver.c: the same bits as the given order). NULL and *np = 0 if none was made.
const int *ak_solver_row_order(const ak_contact_cache *c, int *np);
/// How many pairs of rows the last packed sweeps (n = 3, 4, in the order above) ran as one pair of
/// independent rows (solver.c: iterate_pair; the same bits as one row after the other): 0 if none.
int ak_solver_row_pairs(const ak_model *m, const ak_contact_cache *c);
/// The corrected variant as a whole (solver_variant.h): prepare, warm start, the scene's
/// iterations, shock propagation when asked, restitution. Returns the sliding points of the
/// last sweep.
int ak_solver_corrected_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h);

/// All contact stages for one step of length h (creates d->contacts on first use), with the
/// scene's solver variant from the table of solver_variant.h (contact_step.c).
/// Returns 0, or -1 with err filled. stats may be NULL.
int ak_world_contacts(const ak_model *m, ak_data *d, double h, ak_solver_stats *stats, char *err,
                      size_t errlen);

/// True when body b takes part in the dynamics (not fixed, finite mass, not a plane).
/// (Inline: the contact stages ask it per pair and per point.)
static inline int ak_solver_body_moves(const ak_model *m, int b) {
    const ak_body *bd = &m->bodies[b];
    return !bd->fixed && bd->inv_mass > 0.0 && bd->shape.type != AK_SHAPE_HYPERPLANE;
}
/// Body b's inverse mass, 0 for a body that does not move.
static inline double ak_solver_inv_mass(const ak_model *m, int b) {
    return ak_solver_body_moves(m, b) ? m->bodies[b].inv_mass : 0.0;
}
/// Body b's world inverse inertia (k x k, from ak_solver_prepare), NULL for a body that does not move.
static inline const double *ak_solver_inv_iw(const ak_model *m, const ak_contact_cache *c, int b) {
    int k = m->dim * (m->dim - 1) / 2;
    return ak_solver_body_moves(m, b) ? c->step.inv_iw + (size_t)b * (size_t)(k * k) : NULL;
}
/// Apply the impulse +P to body a and -P to body b at the contact point (bodies that do not move
/// are left alone). Shared by the corrected and the converged solvers.
void ak_solver_apply(const ak_model *m, ak_data *d, const ak_contact_cache *c,
                     const ak_contact_point *p, const double P[]);
/// Relative velocity u = (v_a + r_a _| w_a) - (v_b + r_b _| w_b) at contact point p (T-5.1 .. T-5.3);
/// a fixed body contributes nothing. Shared by the corrected, published and PGA solvers.
void ak_solver_rel_velocity(const ak_model *m, const ak_data *d, const ak_contact_point *p,
                            double u[]);

/// ak_solver_rel_velocity on ak_inline_point_velocity (ref_inline.h: bit for bit its ref/
/// kernel), for the solvers' loops with n a constant; ma, mb: whether a and b move
/// (ak_solver_body_moves).
static inline __attribute__((always_inline)) void
ak_solver_rel_velocity_fast(int n, const ak_data *d, const ak_contact_point *p, int ma, int mb,
                            double u[]) {
    double ua[AK_MAX_DIM] = { 0 }, ub[AK_MAX_DIM] = { 0 };
    if (ma)
        ak_inline_point_velocity(n, ua, d->v + (size_t)p->a * AK_MAX_DIM,
                                 d->w + (size_t)p->a * AK_MAX_BIV, p->ra);
    if (mb)
        ak_inline_point_velocity(n, ub, d->v + (size_t)p->b * AK_MAX_DIM,
                                 d->w + (size_t)p->b * AK_MAX_BIV, p->rb);
    for (int i = 0; i < n; i++) u[i] = ua[i] - ub[i];
}

/// ak_solver_apply on ak_inline_contact_apply (ref_inline.h: bit for bit its ref/ kernel), for
/// the solvers' loops with n a constant.
static inline __attribute__((always_inline)) void
ak_solver_apply_fast(int n, const ak_model *m, ak_data *d, const ak_contact_cache *c,
                     const ak_contact_point *p, const double P[]) {
    if (ak_solver_body_moves(m, p->a))
        ak_inline_contact_apply(n, d->v + (size_t)p->a * AK_MAX_DIM,
                                d->w + (size_t)p->a * AK_MAX_BIV, ak_solver_inv_mass(m, p->a),
                                ak_solver_inv_iw(m, c, p->a), p->ra, P, 1.0);
    if (ak_solver_body_moves(m, p->b))
        ak_inline_contact_apply(n, d->v + (size_t)p->b * AK_MAX_DIM,
                                d->w + (size_t)p->b * AK_MAX_BIV, ak_solver_inv_mass(m, p->b),
                                ak_solver_inv_iw(m, c, p->b), p->rb, P, -1.0);
}

#endif
