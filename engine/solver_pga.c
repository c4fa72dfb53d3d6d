// PGA collision response, P-2.32 / P-2.33 / P-2.6.1 (see solver_pga.h).
#include "engine/solver_pga.h"

#include "ref/contact/contact.h"
#include "engine/formula_record.h"
#include "engine/solver.h"

static double normal_velocity(const ak_model *m, const ak_data *d, const ak_contact_point *p) {
    double u[AK_MAX_DIM], vn = 0.0;
    ak_solver_rel_velocity(m, d, p, u);
    for (int i = 0; i < m->dim; i++) vn += u[i] * p->normal[i];
    return vn;
}

void ak_solver_pga_respond(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    int n = m->dim, k = ak_nd_nbiv(n);
    double h = m->timestep;
    AK_RAN_IF(d, AK_RAN_PGA_LOOP, c->step.npoint > 0);
    for (int s = 0; s < c->step.npoint;) {
        int e = s;
        while (e < c->step.npoint && c->step.pts[e].a == c->step.pts[s].a &&
               c->step.pts[e].b == c->step.pts[s].b)
            e++;
        for (int round = 0; round < AK_SOLVER_PGA_MAX_ROUNDS; round++) {
            int best = -1;
            double bestv = 0.0;
            for (int i = s; i < e; i++) { // colliding: approaching, and through by the step's end
                double vn = normal_velocity(m, d, &c->step.pts[i]);
                if (vn < bestv && c->step.pts[i].separation + vn * h <= 0.0) best = i, bestv = vn;
            }
            if (best < 0) break;
            AK_RAN(d, AK_RAN_PGA_IMPULSE);
            AK_RAN(d, AK_RAN_PGA_RATE);
            ak_contact_point *p = &c->step.pts[best];
            double j = ak_contact_restitution_impulse(bestv, 1.0 / p->mn, p->e); // P-2.32
            double P[AK_MAX_DIM];
            for (int i = 0; i < n; i++) P[i] = j * p->normal[i];
            p->jn += j;
            int ab[2] = { p->a, p->b };
            for (int q = 0; q < 2; q++) { // P-2.33: B+- <- B+- +- j I^-1[N]
                int b = ab[q];
                if (!ak_solver_body_moves(m, b)) continue;
                ak_contact_apply(n, d->v + (size_t)b * AK_MAX_DIM, d->w + (size_t)b * AK_MAX_BIV,
                                 m->bodies[b].inv_mass,
                                 c->step.inv_iw + (size_t)b * (size_t)(k * k), q ? p->rb : p->ra, P,
                                 q ? -1.0 : 1.0);
            }
        }
        s = e;
    }
}

int ak_solver_pga_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h) {
    ak_solver_prepare(m, d, c, h);
    AK_RAN_PREPARE(d, c->step.npoint);
    ak_solver_pga_respond(m, d, c);
    return 0;
}
