/// @file world.h
/// The world step, one function per stage (after Box2D's solver stages):
///   AK_STAGE_FORCES      gravity (B-8grav), drag, springs           ak_world_forces
///   AK_STAGE_VELOCITIES  velocity half of a split integrator          ak_integrate_velocities
///   AK_STAGE_CONTACTS    broadphase, narrowphase, contact cache, solver (prepare, warm start,
///                        iterate, restitution, store): ak_world_contacts (engine/solver.h;
///                        world area), they change v and w
///   AK_STAGE_POSITIONS   position half of a split integrator          ak_integrate_positions
///   AK_STAGE_CHECK       NaN / Inf check with the body's name          ak_world_check
///                        then, with sleeping on (scene "sleep"), islands and sleep
///                        (ak_sleep_update, engine/island.h); the step starts with
///                        ak_sleep_begin and the contact stage skips sleeping bodies
/// Full-state schemes (rk4, gsl) run the forces inside the step and cannot host contact stages
/// between velocities and positions: ak_world_step runs them as one stage, and only for a model
/// that cannot have contacts (ak_world_can_contact false); for any other it refuses with an
/// error that names the integrators with a contact stage (never a silent skip).
#ifndef AK_ENGINE_WORLD_H
#define AK_ENGINE_WORLD_H

#include "ref/ak_export.h"
#include <stdbool.h>
#include <stddef.h>

#include "engine/integrate.h"
#include "engine/model.h"

typedef enum ak_world_stage {
    AK_STAGE_FORCES,
    AK_STAGE_VELOCITIES,
    AK_STAGE_CONTACTS, ///< world area: engine/solver.h
    AK_STAGE_POSITIONS,
    AK_STAGE_CHECK,
    AK_STAGE_COUNT
} ak_world_stage;

/// Options of a run: integrator, step, renormalisation (defaults from the model).
typedef struct ak_world_opts {
    ak_integrator integrator;
    double dt;
    bool renormalize;
} ak_world_opts;

/// Defaults: the model's integrator, its timestep, renormalisation on.
AK_API ak_world_opts ak_world_default_opts(const ak_model *m);

/// The options the step switches on (o->integrator, the model's solver method, variant and
/// order) each within its enum (model.h): 0, or -1 with err naming the field and the accepted
/// names. ak_world_step calls it first, so a value out of range is an error, never a default.
AK_API int ak_world_check_options(const ak_model *m, const ak_world_opts *o, char *err,
                                  size_t errlen);

/// Stage FORCES: world forces F (nbody x AK_MAX_DIM) and torques tau (nbody x AK_MAX_BIV) at d:
/// gravity m g (B-8grav), linear drag -c v, quadratic drag -c |v| v, angular drag -c w,
/// damped Hooke springs between a body point and a world point or a point of another body
/// (force at the attachment p with lever r = p - x gives the torque r ^ F, B-3).
/// Matches ak_force_fn (ctx unused).
AK_API void ak_world_forces(const ak_model *m, const ak_data *d, double F[], double tau[],
                            void *ctx);

/// Potential energy of gravity (-m g.x) and springs (1/2 k (l - l0)^2).
AK_API double ak_world_potential_energy(const ak_model *m, const ak_data *d);
/// Kinetic energy of all bodies (ak_dyn_kinetic_energy).
AK_API double ak_world_kinetic_energy(const ak_model *m, const ak_data *d);
/// Total linear momentum p[n] and angular momentum about the origin J[k] (x ^ p + L). [B-3]
AK_API void ak_world_momentum(const ak_model *m, const ak_data *d, double p[], double J[]);

/// Stage CHECK: returns 0, or -1 and names the first body with a non-finite x, v, R or w.
AK_API int ak_world_check(const ak_model *m, const ak_data *d, char *err, size_t errlen);

/// True when the model can have contacts: two or more bodies, one or more of them free (a free
/// body can meet any other body). Such a model needs an integrator with a contact stage.
AK_API bool ak_world_can_contact(const ak_model *m);
/// The integrators whose world step has the contact stage (the split ones), comma separated.
AK_API const char *ak_world_contact_integrators(void);

/// One world step: forces, velocities, contacts (split integrators), positions, check.
/// A full-state integrator (rk4, gsl) on a model that can have contacts is refused (-1, err
/// names the integrators that can); so is an option out of range (ak_world_check_options).
/// Returns 0, or -1 with err filled (the state is then left as the failing stage wrote it).
AK_API int ak_world_step(const ak_model *m, ak_data *d, const ak_world_opts *o, char *err,
                         size_t errlen);

/// Apply the impulse P (world vector) at the world point `point` to body b: v += P / m,
/// w += Iw^-1 (r ^ P) with r = point - x (B-6). Wakes b's island when it sleeps (engine/island.h,
/// G-SLEEP.4 d). Returns 0, or -1 for a body that does not move or an index out of range.
AK_API int ak_world_apply_impulse(const ak_model *m, ak_data *d, int b, const double P[],
                                  const double point[]);

#endif
