/// @file formula_record.h
/// The formula record of one world step: which rows of the explain table
/// (engine/step_explain.h) the step evaluated. Each engine function that implements a formula
/// ID records its row when it evaluates it (at least once in the step: a stage with no body or
/// no contact point to work on records nothing), into a bitset held in the caller's ak_data
/// (model.h: ak_data.ran). ak_world_step and ak_integrate_step clear it first. A record is one
/// store (an OR into a word the step owns): no allocation, no lock; parallel loops record
/// outside the loop. Built in by default; meson -Dformula_record=false defines
/// AK_FORMULA_RECORD=0 and every record compiles to nothing (the explain table is then empty).
/// ref/ records nothing: the rows are recorded at the engine's call sites.
#ifndef AK_ENGINE_FORMULA_RECORD_H
#define AK_ENGINE_FORMULA_RECORD_H

#include <stdint.h>

#ifndef AK_FORMULA_RECORD
#define AK_FORMULA_RECORD 1
#endif

/// The recordable rows, in the order the explain table lists them (one table maps each to its
/// stage, formula ID, one line and docs anchor: step_explain.c).
typedef enum ak_ran_row {
    AK_RAN_FORCES,        ///< B-8grav: gravity, drag, springs (ak_world_forces)
    AK_RAN_VEL_CATTO,     ///< B-4.int, anisotropic body (ak_integrate_velocities, catto/exp)
    AK_RAN_VEL_ISO,       ///< B-4.int, isotropic body (no gyroscopic term)
    AK_RAN_VEL_THESIS,    ///< B-eq5 explicit Euler (thesis)
    AK_RAN_FULL_RK4,      ///< classical RK4 on the full state (step_full)
    AK_RAN_FULL_GSL,      ///< GSL rk8pd on the full state (step_full)
    AK_RAN_RHS_EULER,     ///< B-eq2 in the right-hand side (ak_integrate_rhs)
    AK_RAN_RHS_ROTOR,     ///< B-3 R_t = -1/2 R w_b in the right-hand side
    AK_RAN_BROADPHASE,    ///< AABB tree
    AK_RAN_NARROWPHASE,   ///< ref/collide manifolds
    AK_RAN_CCD,           ///< G-CCD speculative contacts
    AK_RAN_CACHE,         ///< feature-id match
    AK_RAN_PREP_POINTVEL, ///< T-5.1 (ak_solver_prepare)
    AK_RAN_PREP_RELVEL,   ///< T-5.2
    AK_RAN_PREP_K,        ///< B-6
    AK_RAN_PREP_MN,       ///< T-5.mn (corrected)
    AK_RAN_PREP_BIAS,     ///< T-5.b
    AK_RAN_WARM,          ///< T-Alg12 warm start
    AK_RAN_ITER_FRICTION, ///< T-Alg13 (corrected)
    AK_RAN_ITER_NORMAL,   ///< T-Alg12 (corrected)
    AK_RAN_ITER_APPLY,    ///< T-5.5..T-5.8
    AK_RAN_RESTITUTION,   ///< P-2.32 (corrected solver's restitution pass)
    AK_RAN_PUB_TANGENT,   ///< T-5.10 as printed
    AK_RAN_PUB_MN,        ///< T-5.mn as printed
    AK_RAN_PUB_MT,        ///< T-5.mt as printed
    AK_RAN_PUB_BIAS,      ///< T-5.b as printed
    AK_RAN_PUB_ALG12,     ///< T-Alg12 as printed
    AK_RAN_PUB_ALG13,     ///< T-Alg13 as printed
    AK_RAN_PGA_LOOP,      ///< P-2.6.1
    AK_RAN_PGA_IMPULSE,   ///< P-2.32
    AK_RAN_PGA_RATE,      ///< P-2.33
    AK_RAN_CV_TARGET,     ///< T-CV.4 targets and tangent blocks
    AK_RAN_CV_IMPACTS,    ///< P-2.6.1 sequential impacts
    AK_RAN_CV_NEWTON,     ///< P-2.32 Newton restitution per impact
    AK_RAN_CV_SIGNORINI,  ///< T-Alg12 rows swept to the tolerance
    AK_RAN_CV_FRICTION,   ///< T-Alg13 friction blocks swept to the tolerance
    AK_RAN_POS_X,         ///< T-5.16
    AK_RAN_POS_ROTOR,     ///< T-5.17
    AK_RAN_POS_EXP,       ///< rotor exponential (exp integrator)
    AK_RAN_RENORM,        ///< B-4.renorm
    AK_RAN_CV_POSITIONS,  ///< T-CV.5
    AK_RAN_CHECK,         ///< NaN / Inf check
    AK_RAN_COUNT
} ak_ran_row;

_Static_assert(AK_RAN_COUNT <= 64, "ak_data.ran is one 64-bit word");

#if AK_FORMULA_RECORD
/// Record row r in the step's record of d (an ak_data *).
#define AK_RAN(d, r) ((d)->ran |= (uint64_t)1 << (r))
/// Record row r when cond holds.
#define AK_RAN_IF(d, r, cond) ((cond) ? (void)AK_RAN(d, r) : (void)0)
#define AK_RAN_CLEAR(d) ((d)->ran = 0)
/// The rows of ak_solver_prepare (solver.h), recorded by its callers (it takes a const ak_data)
/// when it had np > 0 points to prepare.
#define AK_RAN_PREPARE(d, np)                                                                      \
    ((np) > 0                                                                                      \
         ? (void)((d)->ran |= (uint64_t)1 << AK_RAN_PREP_POINTVEL |                                \
                              (uint64_t)1 << AK_RAN_PREP_RELVEL | (uint64_t)1 << AK_RAN_PREP_K |   \
                              (uint64_t)1 << AK_RAN_PREP_MN | (uint64_t)1 << AK_RAN_PREP_BIAS)     \
         : (void)0)
#else
#define AK_RAN(d, r) ((void)(d), (void)(r))
#define AK_RAN_IF(d, r, cond) ((void)(d), (void)(r), (void)(cond))
#define AK_RAN_CLEAR(d) ((void)(d))
#define AK_RAN_PREPARE(d, np) ((void)(d), (void)(np))
#endif

#endif
