// Formula IDs of each stage of the world step, for `anakata step --explain`.
#include "step_explain.h"

#include "broadphase.h"
#include "ccd_step.h"
#include "collide/collide.h"
#include "contact_cache.h"
#include "solver.h"

#define COMMON_HEAD_ROWS \
    {"forces", "B-8grav", "gravity m g on every free body", "docs/formulas/world.md#integration-stages"}, \
    {"velocities", "B-4.int", "symplectic Euler, gyroscopic term implicit (Catto)", \
     "docs/formulas/world.md#integration-stages"}, \
    {"velocities", "B-eq5", "world-frame Euler equation", "docs/formulas/world.md#integration-stages"}, \
    {"broadphase", "-", "AABB tree over n-D boxes (not all pairs)", \
     "docs/formulas/world.md#broadphase"}, \
    {"narrowphase", "T-Alg1..T-Alg11", "contact manifolds by ref/collide (corrected)", \
     "docs/formulas/world.md#narrowphase"}, \
    {"narrowphase", "G-CLIP.1..5", "polytope clipping manifolds (per pair below)", \
     "docs/formulas/collide.md#polytope-manifolds"}, \
    {"ccd", "G-CCD.1..3", "speculative contacts at the time of impact, motion clamp", \
     "docs/formulas/collide.md#ccd-in-the-world-step"}, \
    {"cache", "-", "impulses matched by feature ids (warm start)", \
     "docs/formulas/world.md#contact-cache"},
#define CORRECTED_ROWS \
    {"prepare", "T-5.1", "point velocity v + r _| w", "docs/formulas/world.md#t-51"}, \
    {"prepare", "T-5.2", "relative velocity at the contact", "docs/formulas/world.md#t-52"}, \
    {"prepare", "B-6", "K = delta/m + [r]*^T Iw^-1 [r]*, full bivector inertia", \
     "docs/formulas/world.md#b-6"}, \
    {"prepare", "T-5.mn", "normal mass 1/(n^T K n) (corrected)", "docs/formulas/world.md#t-5mn"}, \
    {"prepare", "T-5.b", "Baumgarte bias with slop", "docs/formulas/world.md#t-5b"}, \
    {"warm start", "T-Alg12", "cached accumulated impulses applied first", \
     "docs/formulas/world.md#t-alg12"}, \
    {"iterate", "T-Alg13", "friction over the (n-1)-D tangent space, disc clamp", \
     "docs/formulas/world.md#t-alg13"}, \
    {"iterate", "T-Alg12", "accumulated, clamped normal impulse", "docs/formulas/world.md#t-alg12"}, \
    {"iterate", "T-5.5..T-5.8", "impulse application", "docs/formulas/world.md#t-55-t-56-t-57-t-58"}, \
    {"restitution", "P-2.32", "bounce to -e vn0 above the threshold", \
     "docs/formulas/world.md#p-232"},
#define PUBLISHED_ROWS \
    {"prepare", "T-5.mn", "normal mass as printed (scalar reading)", "docs/formulas/world.md#t-5mn"}, \
    {"prepare", "T-5.mt", "tangent mass as printed", "docs/formulas/world.md#t-5mt"}, \
    {"prepare", "T-5.10", "one tangent from the pre-solve slip", "docs/formulas/world.md#t-510"}, \
    {"prepare", "T-5.b", "Baumgarte bias with slop", "docs/formulas/world.md#t-5b"}, \
    {"iterate", "T-Alg12", "accumulated, clamped normal impulse (no warm start)", \
     "docs/formulas/world.md#t-alg12"}, \
    {"iterate", "T-Alg13", "tangent impulse clamped along one tangent", \
     "docs/formulas/world.md#t-alg13"},
#define PGA_ROWS \
    {"respond", "P-2.32", "impulse with restitution (denominator sign corrected)", \
     "docs/formulas/world.md#p-232"}, \
    {"respond", "P-2.33", "rate update B +- j I^-1[N]", "docs/formulas/world.md#p-233"}, \
    {"respond", "P-2.6.1", "while-colliding loop, one point at a time", \
     "docs/formulas/world.md#p-261"},
#define CONVERGED_ROWS \
    {"prepare", "B-6", "K = delta/m + [r]*^T Iw^-1 [r]*, tangent block T K T^T", \
     "docs/formulas/world.md#converged-solver"}, \
    {"impact", "P-2.6.1", "sequential binary impacts, fastest-approaching pair first", \
     "docs/formulas/world.md#converged-solver"}, \
    {"impact", "P-2.32", "Newton restitution v_n+ >= -e v_n- per point", \
     "docs/formulas/world.md#converged-solver"}, \
    {"contact", "T-Alg12", "Signorini rows, swept until the residuals meet the tolerance", \
     "docs/formulas/world.md#converged-solver"}, \
    {"contact", "T-Alg13", "friction block solved exactly on the disc (max. dissipation)", \
     "docs/formulas/world.md#converged-solver"},
#define COMMON_TAIL_ROWS \
    {"positions", "T-5.16", "x += h v", "docs/formulas/world.md#t-516"}, \
    {"positions", "T-5.17", "R -= 1/2 h w R, then projection (B-4.renorm)", \
     "docs/formulas/world.md#t-517"}, \
    {"check", "-", "NaN / Inf check", "docs/formulas/world.md#nan-check"},

// One const table per solver configuration: the common head, the solver's rows, the common tail.
// Nothing is written at run time, so any number of threads may ask at once.
#define ENTRIES(mid) {COMMON_HEAD_ROWS mid##_ROWS COMMON_TAIL_ROWS}
static const ak_explain_entry CORRECTED[] = ENTRIES(CORRECTED);
static const ak_explain_entry PUBLISHED[] = ENTRIES(PUBLISHED);
static const ak_explain_entry PGA[] = ENTRIES(PGA);
static const ak_explain_entry CONVERGED[] = ENTRIES(CONVERGED);

#define NE(a) ((int)(sizeof(a) / sizeof(a[0])))

const ak_explain_entry *ak_step_explain(const ak_model *m, int *count) {
    const ak_explain_entry *e = CORRECTED;
    int n = NE(CORRECTED);
    if (m->solver.method == AK_SOLVER_PGA) e = PGA, n = NE(PGA);
    else if (m->solver.method == AK_SOLVER_CONVERGED) e = CONVERGED, n = NE(CONVERGED);
    else if (m->solver.variant == AK_VARIANT_PUBLISHED) e = PUBLISHED, n = NE(PUBLISHED);
    *count = n;
    return e;
}

static void describe(ak_explain_pair *e, const ak_manifold *man) {
    switch (man->method) {
    case AK_METHOD_SAT:
        e->method = man->count > 1 ? "SAT + clipping" : "SAT";
        e->formula = man->count > 1 ? "B-7.2 T-Alg16..21 G-CLIP.4" : "B-7.2 G-10";
        e->doc = man->count > 1 ? "docs/formulas/collide.md#method-clip" : "docs/formulas/collide.md#method-sat";
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
        if (ak_collide(&man, &m->bodies[a].shape, &pa, &m->bodies[b].shape, &pb, AK_SOLVER_MARGIN) <= 0) continue;
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
            if (ak_collide(&man, &m->bodies[f].shape, &pf, &m->bodies[o].shape, &po, AK_SOLVER_MARGIN) != 0) continue;
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
