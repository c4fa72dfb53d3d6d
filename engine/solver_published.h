/// @file solver_published.h
/// The thesis' sequential impulse solver as published (Torres 2022, §5.3, T-Alg12, T-Alg13),
/// selected by "solver": {"variant": "published"}: no warm start, one tangent per point fixed
/// by the pre-solve slip (T-5.9, T-5.10), the printed effective masses T-5.mn / T-5.mt (scalar
/// reading, ref/published/solver_published.h), friction clamped to [-mu jn, mu jn] along that
/// tangent with the kinetic coefficient, Baumgarte as T-5.b, normal row before the tangent row,
/// no restitution. The impulses are applied with T-5.5 .. T-5.8 / T-5.12 .. T-5.15 (the world
/// inverse inertia, which those equations apply to a bivector, as they should).
#ifndef AK_ENGINE_SOLVER_PUBLISHED_H
#define AK_ENGINE_SOLVER_PUBLISHED_H

#include "engine/contact_cache.h"
#include "engine/model.h"

/// Precompute (T-5.3 "Precomputing collision constants"): r_A, r_B, t, m_n, m_t, b.
void ak_solver_published_prepare(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                                 double h);
/// One pass of T-Alg12 then T-Alg13 over the points.
void ak_solver_published_iterate(const ak_model *m, ak_data *d, ak_contact_cache *c);

/// The variant as a whole (solver_variant.h): the published prepare, then the scene's number of published sweeps. Returns 0 (no sliding count).
int ak_solver_published_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h);

#endif
