// Formula IDs of each stage of the world step, for `anakata step --explain`.
#include "engine/step_explain.h"

#include "engine/broadphase.h"
#include "engine/formula_record.h"
#include "engine/ccd_step.h"
#include "ref/collide/collide.h"
#include "engine/contact_cache.h"
#include "engine/solver.h"

#define AK_W "docs/formulas/world.md"
// The one table of recordable rows (formula_record.h), indexed by ak_ran_row: stage, formula
// ID, one line, docs anchor. A row appears in `anakata step --explain` and the viewer's explain
// panel only when the step recorded it.
static const ak_explain_entry ROWS[AK_RAN_COUNT] = {
    [AK_RAN_FORCES] = { "forces", "B-8grav", "gravity m g, drag and springs on every free body",
                        AK_W "#integration-stages" },
    [AK_RAN_VEL_CATTO] = { "velocities", "B-4.int",
                           "symplectic Euler, gyroscopic term implicit (Catto)",
                           AK_W "#integration-stages" },
    [AK_RAN_VEL_ISO] = { "velocities", "B-4.int",
                         "symplectic Euler, isotropic body (no gyroscopic term)",
                         AK_W "#integration-stages" },
    [AK_RAN_VEL_THESIS] = { "velocities", "B-eq5", "explicit Euler on the Euler equation (thesis)",
                            AK_W "#integration-stages" },
    [AK_RAN_FULL_RK4] = { "integrate", "-", "classical RK4 on the full state (x, v, R, w_b)",
                          AK_W "#integration-stages" },
    [AK_RAN_FULL_GSL] = { "integrate", "-",
                          "GSL rk8pd on the full state (x, v, R, w_b), tolerance 1e-12",
                          AK_W "#integration-stages" },
    [AK_RAN_RHS_EULER] = { "rhs", "B-eq2", "body-frame Euler equation for w_b",
                           AK_W "#integration-stages" },
    [AK_RAN_RHS_ROTOR] = { "rhs", "B-3", "rotor rate R_t = -1/2 R w_b",
                           AK_W "#integration-stages" },
    [AK_RAN_BROADPHASE] = { "broadphase", "-", "AABB tree over n-D boxes (not all pairs)",
                            AK_W "#broadphase" },
    [AK_RAN_NARROWPHASE] = { "narrowphase", "T-Alg1..T-Alg11",
                             "contact manifolds by ref/collide (per pair below)",
                             AK_W "#narrowphase" },
    [AK_RAN_CCD] = { "ccd", "G-CCD.1..3", "speculative contacts at the time of impact",
                     "docs/formulas/collide.md#ccd-in-the-world-step" },
    [AK_RAN_CACHE] = { "cache", "-", "impulses matched by feature ids (warm start)",
                       AK_W "#contact-cache" },
    [AK_RAN_PREP_POINTVEL] = { "prepare", "T-5.1", "point velocity v + r _| w", AK_W "#t-51" },
    [AK_RAN_PREP_RELVEL] = { "prepare", "T-5.2", "relative velocity at the contact", AK_W "#t-52" },
    [AK_RAN_PREP_K] = { "prepare", "B-6", "K = delta/m + [r]*^T Iw^-1 [r]*, full bivector inertia",
                        AK_W "#b-6" },
    [AK_RAN_PREP_MN] = { "prepare", "T-5.mn", "normal mass 1/(n^T K n) (corrected)",
                         AK_W "#t-5mn" },
    [AK_RAN_PREP_BIAS] = { "prepare", "T-5.b", "Baumgarte bias with slop", AK_W "#t-5b" },
    [AK_RAN_WARM] = { "warm start", "T-Alg12", "cached accumulated impulses applied first",
                      AK_W "#t-alg12" },
    [AK_RAN_ITER_FRICTION] = { "iterate", "T-Alg13",
                               "friction over the (n-1)-D tangent space, disc clamp",
                               AK_W "#t-alg13" },
    [AK_RAN_ITER_NORMAL] = { "iterate", "T-Alg12", "accumulated, clamped normal impulse",
                             AK_W "#t-alg12" },
    [AK_RAN_ITER_APPLY] = { "iterate", "T-5.5..T-5.8", "impulse application",
                            AK_W "#t-55-t-56-t-57-t-58" },
    [AK_RAN_RESTITUTION] = { "restitution", "P-2.32", "bounce to -e vn0 above the threshold",
                             AK_W "#p-232" },
    [AK_RAN_PUB_TANGENT] = { "prepare", "T-5.10",
                             "one tangent from the pre-solve slip (as printed)", AK_W "#t-510" },
    [AK_RAN_PUB_MN] = { "prepare", "T-5.mn", "normal mass as printed (scalar reading)",
                        AK_W "#t-5mn" },
    [AK_RAN_PUB_MT] = { "prepare", "T-5.mt", "tangent mass as printed", AK_W "#t-5mt" },
    [AK_RAN_PUB_BIAS] = { "prepare", "T-5.b", "Baumgarte bias as printed", AK_W "#t-5b" },
    [AK_RAN_PUB_ALG12] = { "iterate", "T-Alg12",
                           "accumulated, clamped normal impulse as printed (no warm start)",
                           AK_W "#t-alg12" },
    [AK_RAN_PUB_ALG13] = { "iterate", "T-Alg13",
                           "tangent impulse clamped along one tangent (as printed)",
                           AK_W "#t-alg13" },
    [AK_RAN_PGA_LOOP] = { "respond", "P-2.6.1", "while-colliding loop, one point at a time",
                          AK_W "#p-261" },
    [AK_RAN_PGA_IMPULSE] = { "respond", "P-2.32",
                             "impulse with restitution (denominator sign corrected)",
                             AK_W "#p-232" },
    [AK_RAN_PGA_RATE] = { "respond", "P-2.33", "rate update B +- j I^-1[N]", AK_W "#p-233" },
    [AK_RAN_CV_TARGET] = { "prepare", "T-CV.4", "rigid-consistent targets, tangent block T K T^T",
                           AK_W "#t-cv4" },
    [AK_RAN_CV_IMPACTS] = { "impact", "P-2.6.1",
                            "sequential binary impacts, fastest-approaching pair first",
                            AK_W "#converged-solver" },
    [AK_RAN_CV_NEWTON] = { "impact", "P-2.32", "Newton restitution v_n+ >= -e v_n- per point",
                           AK_W "#converged-solver" },
    [AK_RAN_CV_SIGNORINI] = { "contact", "T-Alg12",
                              "Signorini rows, swept until the residuals meet the tolerance",
                              AK_W "#converged-solver" },
    [AK_RAN_CV_FRICTION] = { "contact", "T-Alg13",
                             "friction block solved exactly on the disc (max. dissipation)",
                             AK_W "#converged-solver" },
    [AK_RAN_POS_X] = { "positions", "T-5.16", "x += h v", AK_W "#t-516" },
    [AK_RAN_POS_ROTOR] = { "positions", "T-5.17", "R -= 1/2 h w R", AK_W "#t-517" },
    [AK_RAN_POS_EXP] = { "positions", "-", "R <- exp(-1/2 h w) R (rotor exponential)",
                         AK_W "#integration-stages" },
    [AK_RAN_RENORM] = { "positions", "B-4.renorm", "rotor projection to unit norm",
                        AK_W "#integration-stages" },
    [AK_RAN_CV_POSITIONS] = { "positions", "T-CV.5", "position stage in pseudo-velocities",
                              AK_W "#t-cv5" },
    [AK_RAN_CHECK] = { "check", "-", "NaN / Inf check", AK_W "#nan-check" },
};

const ak_explain_entry *ak_explain_table(int *count) {
    *count = AK_RAN_COUNT;
    return ROWS;
}

int ak_step_explain(const ak_data *d, const ak_explain_entry **out, int max) {
    int k = 0;
    for (int r = 0; r < AK_RAN_COUNT; r++)
        if (d->ran >> r & 1) {
            if (k < max) out[k] = &ROWS[r];
            k++;
        }
    return k;
}

static void describe(ak_explain_pair *e, const ak_manifold *man) {
    switch (man->method) {
        case AK_METHOD_SAT:
            e->method = man->count > 1 ? "SAT + clipping" : "SAT";
            e->formula = man->count > 1 ? "B-7.2 T-Alg16..21 G-CLIP.4" : "B-7.2 G-10";
            e->doc = man->count > 1 ? "docs/formulas/collide.md#method-clip"
                                    : "docs/formulas/collide.md#method-sat";
            break;
        case AK_METHOD_GJK:
            e->method = "GJK";
            e->formula = "G-9 G-11 G-12";
            e->doc = "docs/formulas/collide.md#method-gjk";
            break;
        case AK_METHOD_EPA:
            e->method = "EPA";
            e->formula = "G-9 G-10";
            e->doc = "docs/formulas/collide.md#method-epa";
            break;
        case AK_METHOD_CLIP:
            e->method = "GJK/EPA + clipping";
            e->formula = "G-9 G-10 G-CLIP.1..5";
            e->doc = "docs/formulas/collide.md#method-clip";
            break;
        default:
            e->method = "analytic";
            e->formula = "T-Alg1..T-Alg11 (corrected) B-7.1";
            e->doc = "docs/formulas/collide.md#method-analytic";
    }
    e->points = man->count;
}

int ak_step_explain_pairs(const ak_model *m, const ak_data *d, ak_explain_pair *out, int max) {
    ak_contact_cache *c = ak_contact_cache_create(m);
    if (!c) return -1;
    if (ak_broadphase(m, d, c, AK_SOLVER_MARGIN)) {
        ak_contact_cache_free(c);
        return -1;
    }
    int k = 0;
    double h = m->timestep;
    for (int p = 0; p < c->step.npair; p++) {
        int a = c->step.pairs[2 * p], b = c->step.pairs[2 * p + 1];
        if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE) {
            int t = a;
            a = b;
            b = t;
        }
        ak_pose pa = ak_body_pose(m, d, a), pb = ak_body_pose(m, d, b);
        ak_manifold man;
        if (ak_collide(&man, &m->bodies[a].shape, &pa, &m->bodies[b].shape, &pb,
                       AK_SOLVER_MARGIN) <= 0)
            continue;
        if (k < max) {
            out[k].a = a;
            out[k].b = b;
            describe(&out[k], &man);
        }
        k++;
    }
    ak_contact_cache_free(c);
    // fast pairs that the CCD stage serves (no contact within the margin, impact in the step)
    for (int f = 0; f < m->nbody; f++) {
        if (!ak_ccd_is_fast(m, d, f, h, AK_SOLVER_MARGIN)) continue;
        for (int o = 0; o < m->nbody; o++) {
            if (o == f || (o < f && ak_ccd_is_fast(m, d, o, h, AK_SOLVER_MARGIN))) continue;
            ak_pose pf = ak_body_pose(m, d, f), po = ak_body_pose(m, d, o);
            ak_manifold man;
            if (ak_collide(&man, &m->bodies[f].shape, &pf, &m->bodies[o].shape, &po,
                           AK_SOLVER_MARGIN) != 0)
                continue;
            double toi;
            if (!ak_ccd_pair_toi(m, d, f, o, h, AK_SOLVER_MARGIN, &toi)) continue;
            if (k < max) {
                out[k].a = f;
                out[k].b = o;
                out[k].method = "CCD";
                out[k].formula = "G-CCD.1 G-CCD.2 G-CCD.3 G-13";
                out[k].doc = "docs/formulas/collide.md#method-ccd";
                out[k].points = 0;
            }
            k++;
        }
    }
    return k;
}
