// The world step without contacts: one function per stage (see world.h).
#include "engine/world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref/dyn/dyn.h"
#include "engine/contact_cache.h"
#include "engine/solver.h" // world area: contact stages
#include "engine/solver_variant.h"
#include "engine/ccd_step.h"
#include "engine/island.h" // sleeping (off by default)
#include "engine/scene.h"  // the options' names, for messages
#include "ref/contact/contact.h"
#include "engine/formula_record.h"

static bool moves(const ak_body *b) {
    return !b->fixed && b->inv_mass > 0.0 && b->shape.type != AK_SHAPE_HYPERPLANE;
}

ak_world_opts ak_world_default_opts(const ak_model *m) {
    return (ak_world_opts){ .integrator = m->integrator, .dt = m->timestep, .renormalize = true };
}

// World position and velocity of an attachment point given in body b's frame (b < 0: world).
static void attach_point(const ak_model *m, const ak_data *d, int b, const double pb[], double p[],
                         double pv[], double r[]) {
    int n = m->dim;
    if (b < 0) {
        for (int i = 0; i < n; i++) p[i] = pb[i], pv[i] = 0.0, r[i] = 0.0;
        return;
    }
    ak_nd_rotor_apply(n, r, d->R + (size_t)b * AK_MAX_EVEN, pb);
    double rv[AK_MAX_DIM];
    ak_nd_contract(n, rv, r, d->w + (size_t)b * AK_MAX_BIV); // point velocity v + r _| w (B-3)
    for (int i = 0; i < n; i++) {
        p[i] = d->x[(size_t)b * AK_MAX_DIM + i] + r[i];
        pv[i] = d->v[(size_t)b * AK_MAX_DIM + i] + rv[i];
    }
}

static void add_force_at(const ak_model *m, int b, const double r[], const double f[], double F[],
                         double tau[]) {
    if (b < 0 || !moves(&m->bodies[b])) return;
    int n = m->dim, k = ak_nd_nbiv(n);
    double t[AK_MAX_BIV];
    ak_nd_wedge(n, t, r, f);
    for (int i = 0; i < n; i++) F[(size_t)b * AK_MAX_DIM + i] += f[i];
    for (int q = 0; q < k; q++) tau[(size_t)b * AK_MAX_BIV + q] += t[q];
}

void ak_world_forces(const ak_model *m, const ak_data *d, double F[], double tau[], void *ctx) {
    (void)ctx;
    int n = m->dim, k = ak_nd_nbiv(n);
    const ak_forces *fo = &m->forces;
    memset(F, 0, sizeof(double) * (size_t)m->nbody * AK_MAX_DIM);
    memset(tau, 0, sizeof(double) * (size_t)m->nbody * AK_MAX_BIV);
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        if (!moves(bd)) continue;
        const double *v = d->v + (size_t)b * AK_MAX_DIM, *w = d->w + (size_t)b * AK_MAX_BIV;
        double *f = F + (size_t)b * AK_MAX_DIM, *t = tau + (size_t)b * AK_MAX_BIV;
        double speed = 0.0;
        for (int i = 0; i < n; i++) speed += v[i] * v[i];
        speed = sqrt(speed);
        for (int i = 0; i < n; i++)
            f[i] += bd->mass * m->gravity[i] - fo->linear_drag * v[i] -
                    fo->quadratic_drag * speed * v[i];
        for (int q = 0; q < k; q++) t[q] -= fo->angular_drag * w[q];
    }
    for (int s = 0; s < fo->nspring; s++) {
        const ak_spring *sp = &fo->springs[s];
        double pa[AK_MAX_DIM], va[AK_MAX_DIM], ra[AK_MAX_DIM];
        double pb[AK_MAX_DIM], vb[AK_MAX_DIM], rb[AK_MAX_DIM];
        attach_point(m, d, sp->body, sp->point, pa, va, ra);
        attach_point(m, d, sp->other, sp->anchor, pb, vb, rb);
        double dl[AK_MAX_DIM], len = 0.0;
        for (int i = 0; i < n; i++) dl[i] = pb[i] - pa[i], len += dl[i] * dl[i];
        len = sqrt(len);
        if (!(len > 0.0)) continue; // no direction: no force (the spring is at a point)
        double vrel = 0.0;
        for (int i = 0; i < n; i++) vrel += (vb[i] - va[i]) * dl[i] / len;
        double mag = sp->stiffness * (len - sp->rest_length) + sp->damping * vrel;
        double fa[AK_MAX_DIM], fb[AK_MAX_DIM];
        for (int i = 0; i < n; i++) fa[i] = mag * dl[i] / len, fb[i] = -fa[i];
        add_force_at(m, sp->body, ra, fa, F, tau);
        add_force_at(m, sp->other, rb, fb, F, tau);
    }
}

double ak_world_potential_energy(const ak_model *m, const ak_data *d) {
    int n = m->dim;
    double V = 0.0;
    for (int b = 0; b < m->nbody; b++) {
        if (!moves(&m->bodies[b])) continue;
        for (int i = 0; i < n; i++)
            V -= m->bodies[b].mass * m->gravity[i] * d->x[(size_t)b * AK_MAX_DIM + i];
    }
    for (int s = 0; s < m->forces.nspring; s++) {
        const ak_spring *sp = &m->forces.springs[s];
        double pa[AK_MAX_DIM], va[AK_MAX_DIM], ra[AK_MAX_DIM];
        double pb[AK_MAX_DIM], vb[AK_MAX_DIM], rb[AK_MAX_DIM];
        attach_point(m, d, sp->body, sp->point, pa, va, ra);
        attach_point(m, d, sp->other, sp->anchor, pb, vb, rb);
        double len = 0.0;
        for (int i = 0; i < n; i++) len += (pb[i] - pa[i]) * (pb[i] - pa[i]);
        double e = sqrt(len) - sp->rest_length;
        V += 0.5 * sp->stiffness * e * e;
    }
    return V;
}

double ak_world_kinetic_energy(const ak_model *m, const ak_data *d) {
    double T = 0.0;
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        if (!moves(bd)) continue;
        T += ak_dyn_kinetic_energy(m->dim, bd->mass, bd->inertia, d->R + (size_t)b * AK_MAX_EVEN,
                                   d->v + (size_t)b * AK_MAX_DIM, d->w + (size_t)b * AK_MAX_BIV);
    }
    return T;
}

void ak_world_momentum(const ak_model *m, const ak_data *d, double p[], double J[]) {
    int n = m->dim, k = ak_nd_nbiv(n);
    for (int i = 0; i < n; i++) p[i] = 0.0;
    for (int q = 0; q < k; q++) J[q] = 0.0;
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        if (!moves(bd)) continue;
        double Jb[AK_MAX_BIV];
        const double *v = d->v + (size_t)b * AK_MAX_DIM;
        ak_dyn_angular_momentum(n, Jb, bd->mass, bd->inertia, d->R + (size_t)b * AK_MAX_EVEN,
                                d->x + (size_t)b * AK_MAX_DIM, v, d->w + (size_t)b * AK_MAX_BIV);
        for (int i = 0; i < n; i++) p[i] += bd->mass * v[i];
        for (int q = 0; q < k; q++) J[q] += Jb[q];
    }
}

int ak_world_check(const ak_model *m, const ak_data *d, char *err, size_t errlen) {
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    for (int b = 0; b < m->nbody; b++) {
        bool ok = true;
        for (int i = 0; i < n; i++)
            ok = ok && isfinite(d->x[(size_t)b * AK_MAX_DIM + i]) &&
                 isfinite(d->v[(size_t)b * AK_MAX_DIM + i]);
        for (int q = 0; q < ne; q++) ok = ok && isfinite(d->R[(size_t)b * AK_MAX_EVEN + q]);
        for (int q = 0; q < k; q++) ok = ok && isfinite(d->w[(size_t)b * AK_MAX_BIV + q]);
        if (!ok) {
            snprintf(err, errlen, "body '%s' has a non-finite state at step %ld (t = %g)",
                     m->bodies[b].name, d->step, d->t);
            return -1;
        }
        // Finite but past the range where |x|^2, |v|^2, the kinetic energy or the angular momentum
        // m |x| |v| can be formed: overflow to infinity stops the run like NaN does.
        double sx = 0, sv = 0, ax = 0, av = 0;
        for (int i = 0; i < n; i++) {
            double xi = d->x[(size_t)b * AK_MAX_DIM + i], vi = d->v[(size_t)b * AK_MAX_DIM + i];
            sx += xi * xi;
            sv += vi * vi;
        }
        double mass = moves(&m->bodies[b]) ? m->bodies[b].mass : 1.0;
        if (!isfinite(sx) || !isfinite(sv) || !isfinite(mass * sv) ||
            !isfinite(mass * sqrt(sx) * sqrt(sv))) {
            for (int i = 0; i < n; i++) { // the largest components, for the message only
                ax = fmax(ax, fabs(d->x[(size_t)b * AK_MAX_DIM + i]));
                av = fmax(av, fabs(d->v[(size_t)b * AK_MAX_DIM + i]));
            }
            snprintf(err, errlen,
                     "body '%s' overflows at step %ld (t = %g): position component %g, velocity "
                     "component %g: "
                     "past what double precision can square (energy or angular momentum would be "
                     "infinite)",
                     m->bodies[b].name, d->step, d->t, ax, av);
            return -1;
        }
    }
    return 0;
}

bool ak_world_can_contact(const ak_model *m) {
    bool any_moves = false;
    for (int b = 0; b < m->nbody; b++) any_moves = any_moves || moves(&m->bodies[b]);
    return any_moves && m->nbody >= 2;
}

// The split integrators (ak_integrator_is_split) by their scene names, in enum order: a constant,
// so that no process-wide buffer is filled on first use. Test scene.contact_integrators rebuilds
// the list from ak_integrator_is_split and ak_integrator_name and compares.
_Static_assert(AK_INT_COUNT == 5, "an integrator was added: update ak_world_contact_integrators");
const char *ak_world_contact_integrators(void) { return "thesis, catto, exp"; }

int ak_world_check_options(const ak_model *m, const ak_world_opts *o, char *err, size_t errlen) {
    const ak_solver_settings *s = &m->solver;
    const char *what = NULL, *names = NULL;
    int value = 0;
    if ((unsigned)o->integrator >= AK_INT_COUNT)
        what = "integrator", value = (int)o->integrator, names = ak_integrator_names();
    else if ((unsigned)s->method >= AK_SOLVER_METHOD_COUNT)
        what = "solver.method", value = (int)s->method, names = ak_solver_method_names();
    else if ((unsigned)s->variant >= AK_VARIANT_COUNT)
        what = "solver.variant", value = (int)s->variant, names = ak_variant_names();
    else if ((unsigned)s->order >= AK_ORDER_COUNT)
        what = "solver.order", value = (int)s->order, names = ak_order_names();
    if (!what) return 0;
    snprintf(err, errlen, "%s: %d is not an option (the values are those of %s)", what, value,
             names);
    return -1;
}

int ak_world_step(const ak_model *m, ak_data *d, const ak_world_opts *o, char *err, size_t errlen) {
    AK_RAN_CLEAR(d);
    if (ak_world_check_options(m, o, err, errlen)) return -1;
    if (!ak_integrator_is_split(o->integrator)) {
        if (ak_world_can_contact(m)) { // no silent skip of the contact stage
            snprintf(err, errlen,
                     "integrator '%s' has no contact stage and this scene can have contacts "
                     "(%d bodies, one or more free); use one of %s",
                     ak_integrator_name(o->integrator), m->nbody, ak_world_contact_integrators());
            return -1;
        }
        if (ak_integrate_step(m, d, o->integrator, o->dt, o->renormalize, ak_world_forces, NULL,
                              err, errlen) != 0)
            return -1;
        AK_RAN(d, AK_RAN_CHECK);
        return ak_world_check(m, d, err, errlen);
    }
    // the force arrays live in the contact cache (allocated once, not every step)
    if (!d->contacts) d->contacts = ak_contact_cache_create(m);
    if (!d->contacts) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    double *F = d->contacts->step.F, *tau = d->contacts->step.tau;
    int rc = 0;
    // island.h: with sleeping off d->sleep stays NULL and the stages run as without the feature
    if (m->sleep.enabled && ak_sleep_begin(m, d, (int)o->integrator, o->dt, err, errlen)) return -1;
    for (int stage = 0; rc == 0 && stage < AK_STAGE_COUNT; stage++) {
        switch ((ak_world_stage)stage) {
            case AK_STAGE_FORCES:
                ak_world_forces(m, d, F, tau, NULL);
                for (int b = 0; b < m->nbody; b++)
                    AK_RAN_IF(d, AK_RAN_FORCES, moves(&m->bodies[b]));
                break;
            case AK_STAGE_VELOCITIES:
                rc = ak_integrate_velocities(m, d, o->integrator, o->dt, F, tau, err, errlen);
                break;
            case AK_STAGE_CONTACTS: // world area: broadphase .. store impulses (solver.h)
                rc = ak_world_contacts(m, d, o->dt, NULL, err, errlen);
                break;
            case AK_STAGE_POSITIONS: {
                ak_ccd_clamp cl; // fast bodies stop at their time of impact (ccd_step.h)
                if (ak_ccd_clamp_begin(m, d, o->dt, AK_SOLVER_MARGIN, &cl)) {
                    snprintf(err, errlen, "ccd: out of memory");
                    rc = -1;
                    break;
                }
                rc =
                    ak_integrate_positions(m, d, o->integrator, o->dt, o->renormalize, err, errlen);
                ak_ccd_clamp_end(m, d, &cl);
                // the solver variant's stage after the move (the converged solver's position stage,
                // T-CV.5; the others have none)
                const ak_solver_variant *sv = ak_solver_variant_for(m);
                if (rc == 0 && sv && sv->positions)
                    rc = sv->positions(m, d, o->integrator, o->dt, o->renormalize, err, errlen);
                if (rc == 0) {
                    d->t += o->dt;
                    d->step++;
                }
                break;
            }
            case AK_STAGE_CHECK:
                AK_RAN(d, AK_RAN_CHECK);
                rc = ak_world_check(m, d, err, errlen);
                if (rc == 0 && m->sleep.enabled) rc = ak_sleep_update(m, d, o->dt, err, errlen);
                break;
            default: break;
        }
    }
    return rc;
}

int ak_world_apply_impulse(const ak_model *m, ak_data *d, int b, const double P[],
                           const double point[]) {
    if (b < 0 || b >= m->nbody || !moves(&m->bodies[b])) return -1;
    ak_sleep_wake_body(m, d, b); // G-SLEEP.4 d
    int n = m->dim, k = ak_nd_nbiv(n);
    double M[AK_MAX_DIM * AK_MAX_DIM], iw[AK_MAX_BIV * AK_MAX_BIV], r[AK_MAX_DIM];
    ak_nd_rotor_to_matrix(n, M, d->R + (size_t)b * AK_MAX_EVEN);
    ak_contact_world_inv_inertia_m(n, iw, m->bodies[b].inv_inertia, M);
    for (int i = 0; i < n; i++) r[i] = point[i] - d->x[(size_t)b * AK_MAX_DIM + i];
    (void)k;
    ak_contact_apply(n, d->v + (size_t)b * AK_MAX_DIM, d->w + (size_t)b * AK_MAX_BIV,
                     m->bodies[b].inv_mass, iw, r, P, 1.0);
    return 0;
}
