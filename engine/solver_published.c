// The thesis' solver as published (see solver_published.h).
#include "engine/solver_published.h"

#include <string.h>

#include "ref/contact/contact.h"
#include "ref/published/solver_published.h"
#include "engine/formula_record.h"
#include "engine/solver.h"

static void push(const ak_model *m, ak_data *d, const ak_contact_cache *c,
                 const ak_contact_point *p, const double P[]) {
    int n = m->dim, k = ak_nd_nbiv(n);
    int ab[2] = { p->a, p->b };
    for (int q = 0; q < 2; q++) {
        int b = ab[q];
        if (!ak_solver_body_moves(m, b)) continue;
        ak_contact_apply(n, d->v + (size_t)b * AK_MAX_DIM, d->w + (size_t)b * AK_MAX_BIV,
                         m->bodies[b].inv_mass, c->step.inv_iw + (size_t)b * (size_t)(k * k),
                         q ? p->rb : p->ra, P, q ? -1.0 : 1.0); // T-5.5..5.8, T-5.12..5.15
    }
}

static void published_prepare(const ak_model *m, const ak_data *d, ak_contact_cache *c, double h) {
    int n = m->dim;
    ak_solver_prepare(m, d, c, h); // levers, world inverse inertias, materials
    for (int i = 0; i < c->step.npoint; i++) {
        ak_contact_point *p = &c->step.pts[i];
        double ia = 0, ib = 0, sa = 0, sb = 0;
        if (ak_solver_body_moves(m, p->a)) {
            ia = m->bodies[p->a].inv_mass;
            sa = ak_published_solver_inv_inertia_scalar(n, m->bodies[p->a].inertia);
        }
        if (ak_solver_body_moves(m, p->b)) {
            ib = m->bodies[p->b].inv_mass;
            sb = ak_published_solver_inv_inertia_scalar(n, m->bodies[p->b].inertia);
        }
        double u[AK_MAX_DIM];
        ak_solver_rel_velocity(m, d, p, u);                  // T-5.2
        ak_published_solver_tangent(n, p->t1, u, p->normal); // T-5.9, T-5.10
        p->mn = ak_published_solver_mass(n, ia, sa, p->ra, ib, sb, p->rb, p->normal); // T-5.mn
        p->mt = ak_published_solver_mass(n, ia, sa, p->ra, ib, sb, p->rb, p->t1);     // T-5.mt
        p->bias = ak_published_solver_baumgarte(m->solver.baumgarte, h, p->separation,
                                                m->solver.slop); // T-5.b
        p->jn = 0.0;                                             // no warm start
        p->matched = false;
        p->jt1 = 0.0;
        memset(p->jt, 0, sizeof p->jt);
    }
}

void ak_solver_published_iterate(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    int n = m->dim;
    for (int i = 0; i < c->step.npoint; i++) {
        ak_contact_point *p = &c->step.pts[i];
        double u[AK_MAX_DIM], P[AK_MAX_DIM], dvn = 0.0, dvt = 0.0;
        ak_solver_rel_velocity(m, d, p, u); // T-5.2
        for (int j = 0; j < n; j++) dvn += u[j] * p->normal[j];
        double jn = ak_published_solver_alg12(p->jn, p->bias, dvn, p->mn); // T-Alg12
        double dj = jn - p->jn;
        p->jn = jn;
        if (jn > p->jn_max) p->jn_max = jn;
        for (int j = 0; j < n; j++) P[j] = dj * p->normal[j];
        push(m, d, c, p, P);
        ak_solver_rel_velocity(m, d, p, u); // T-5.2
        for (int j = 0; j < n; j++) dvt += u[j] * p->t1[j];
        double jt = ak_published_solver_alg13(p->jt1, dvt, p->mt, p->mu_k, p->jn); // T-Alg13
        dj = jt - p->jt1;
        p->jt1 = jt;
        for (int j = 0; j < n; j++) {
            P[j] = dj * p->t1[j];
            p->jt[j] = jt * p->t1[j];
        }
        push(m, d, c, p, P);
    }
}

// The rows of the preparation as printed are recorded here (the function takes a const data).
void ak_solver_published_prepare(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                                 double h) {
    published_prepare(m, d, c, h);
}

int ak_solver_published_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h) {
    published_prepare(m, d, c, h);
    int np = c->step.npoint;
    AK_RAN_PREPARE(d, np); // ak_solver_prepare ran first (levers, inverse inertias, materials)
    AK_RAN_IF(d, AK_RAN_PUB_TANGENT, np > 0);
    AK_RAN_IF(d, AK_RAN_PUB_MN, np > 0);
    AK_RAN_IF(d, AK_RAN_PUB_MT, np > 0);
    AK_RAN_IF(d, AK_RAN_PUB_BIAS, np > 0);
    AK_RAN_IF(d, AK_RAN_PUB_ALG12, np > 0 && m->solver.iterations > 0);
    AK_RAN_IF(d, AK_RAN_PUB_ALG13, np > 0 && m->solver.iterations > 0);
    AK_RAN_IF(d, AK_RAN_ITER_APPLY, np > 0 && m->solver.iterations > 0);
    for (int it = 0; it < m->solver.iterations; it++) ak_solver_published_iterate(m, d, c);
    return 0;
}
