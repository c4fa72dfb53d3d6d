// Time integrators (see integrate.h for the table of schemes and renormalisation policies).
#include "engine/integrate.h"

#include <gsl/gsl_errno.h>
#include <limits.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/contact_cache.h" // ak_parallel_threads
#include "ref/dyn/dyn.h"
#include "engine/formula_record.h"
#include "engine/sleep_state.h" // ak_sleep_asleep

bool ak_integrator_is_split(ak_integrator i) {
    return i == AK_INT_THESIS || i == AK_INT_CATTO || i == AK_INT_EXP;
}

static bool body_moves(const ak_body *b) {
    return !b->fixed && b->inv_mass > 0.0 && b->shape.type != AK_SHAPE_HYPERPLANE;
}

// ak_dyn_gyro_implicit_body (ref/dyn/dyn.c) with the commutator and the commutator matrix of
// ref/ga/nd.c written out here on a table of the bivector pairs (the reference finds each pair
// and index by a search inside the double loop): the same operations in the same order, so the
// same bits (test perf.gyro_exact); the integrator spends most of its time here.
static void pairs_of(int n, int pi[], int pj[]) {
    int c = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++, c++) pi[c] = a, pj[c] = b;
}

static inline int biv_index(int n, int i, int j, double *sign) { // ak_nd_biv_index, i != j
    double s = 1.0;
    if (i > j) {
        int t = i;
        i = j;
        j = t;
        s = -1.0;
    }
    *sign = s;
    return i * (2 * n - i - 1) / 2 + (j - i - 1);
}

static void commutator(int n, const int pi[], const int pj[], double out[], const double a[],
                       const double b[]) {
    int k = n * (n - 1) / 2;
    for (int q = 0; q < k; q++) out[q] = 0.0;
    for (int p = 0; p < k; p++) {
        if (a[p] == 0.0) continue;
        int i = pi[p], j = pj[p];
        for (int q = 0; q < k; q++) {
            if (b[q] == 0.0) continue;
            int s = pi[q], t = pj[q];
            double ab = a[p] * b[q], sg;
            int r;
            if (j == s && i != t) {
                r = biv_index(n, i, t, &sg);
                out[r] += sg * ab;
            }
            if (i == s && j != t) {
                r = biv_index(n, j, t, &sg);
                out[r] -= sg * ab;
            }
            if (j == t && i != s) {
                r = biv_index(n, i, s, &sg);
                out[r] -= sg * ab;
            }
            if (i == t && j != s) {
                r = biv_index(n, j, s, &sg);
                out[r] += sg * ab;
            }
        }
    }
}

static void commutator_matrix(int n, const int pi[], const int pj[], double C[], const double a[]) {
    int k = n * (n - 1) / 2;
    double e[AK_MAX_BIV], col[AK_MAX_BIV];
    for (int q = 0; q < k; q++) {
        memset(e, 0, sizeof e);
        e[q] = 1.0;
        commutator(n, pi, pj, col, a, e);
        for (int r = 0; r < k; r++) C[r * k + q] = col[r];
    }
}

int ak_integrate_gyro_implicit_body(int n, double w2[], const double I[], const double w1[],
                                    double h) {
    int k = ak_nd_nbiv(n), pi[AK_MAX_BIV] = { 0 }, pj[AK_MAX_BIV] = { 0 }; // (= {0}: gcc -O3 warns)
    if (ak_dyn_inertia_scalar(n, I) > 0.0) { // as ref: no gyroscopic term, w2 = w1 exactly
        for (int q = 0; q < k; q++) w2[q] = w1[q];
        return 0;
    }
    pairs_of(n, pi, pj);
    double Iw[AK_MAX_BIV], f[AK_MAX_BIV], C1[AK_MAX_BIV * AK_MAX_BIV], C2[AK_MAX_BIV * AK_MAX_BIV];
    double J[AK_MAX_BIV * AK_MAX_BIV], dw[AK_MAX_BIV];
    ak_dyn_biv_matvec(n, Iw, I, w1);
    commutator(n, pi, pj, f, w1, Iw);
    for (int q = 0; q < k; q++) f[q] = -h * f[q];
    commutator_matrix(n, pi, pj, C1, w1);
    commutator_matrix(n, pi, pj, C2, Iw);
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++) {
            double ci = 0.0;
            for (int q = 0; q < k; q++) ci += C1[r * k + q] * I[q * k + c];
            J[r * k + c] = I[r * k + c] - h * (ci - C2[r * k + c]);
        }
    if (ak_dyn_solve(k, dw, J, f) != 0) return -1;
    for (int q = 0; q < k; q++) w2[q] = w1[q] - dw[q];
    return 0;
}

// The per-body loops below run in parallel for large models (ak_parallel_threads): each body's
// update reads and writes only that body's state, so the results do not depend on the number
// of threads. On failure the body with the lowest index is reported.
int ak_integrate_velocities(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                            const double F[], const double tau[], char *err, size_t errlen) {
    int n = m->dim, k = ak_nd_nbiv(n), failb = INT_MAX;
    uint64_t ran = 0; // the formula record, ORed over the bodies (formula_record.h)
#pragma omp parallel for schedule(static) num_threads(ak_parallel_threads(m, m->nbody))            \
    reduction(min                                                                                  \
              : failb) reduction(|                                                                 \
                                 : ran)
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        if (!body_moves(bd) || ak_sleep_asleep(d, b)) continue; // island.h: frozen while asleep
        double *v = d->v + (size_t)b * AK_MAX_DIM, *w = d->w + (size_t)b * AK_MAX_BIV;
        const double *R = d->R + (size_t)b * AK_MAX_EVEN;
        const double *f = F + (size_t)b * AK_MAX_DIM, *t = tau + (size_t)b * AK_MAX_BIV;
        double si;
        for (int i = 0; i < n; i++) v[i] += h * bd->inv_mass * f[i];
        if (integ == AK_INT_THESIS) {
            // explicit Euler on B-eq5 (the thesis itself has no gyroscopic term, see
            // docs/formulas/dynamics.md T-5.17)
            double wb[AK_MAX_BIV], tb[AK_MAX_BIV], wdot[AK_MAX_BIV], wdw[AK_MAX_BIV];
            ak_dyn_biv_to_body(n, wb, R, w);
            ak_dyn_biv_to_body(n, tb, R, t);
            ak_dyn_euler_body(n, wdot, bd->inertia, bd->inv_inertia, wb, tb);
            ak_dyn_biv_to_world(n, wdw, R, wdot);
            for (int q = 0; q < k; q++) w[q] += h * wdw[q];
            ran |= (uint64_t)1 << AK_RAN_VEL_THESIS;
        } else if ((si = ak_dyn_inertia_scalar(n, bd->inv_inertia)) > 0.0) {
            // B-4.int for an isotropic body (I^-1 = s 1, ak_dyn_inertia_scalar): the frame
            // change commutes with s 1 and the gyroscopic term w x s^-1 w is zero, so the step
            // is w += h s tau in the world frame, exactly, without turning w there and back
            for (int q = 0; q < k; q++) w[q] += h * (si * t[q]);
            ran |= (uint64_t)1 << AK_RAN_VEL_ISO;
        } else {
            // B-4.int: torque explicit, then the gyroscopic term implicit in the body frame
            double wb[AK_MAX_BIV], tb[AK_MAX_BIV], dw[AK_MAX_BIV], w2[AK_MAX_BIV];
            ak_dyn_biv_to_body(n, wb, R, w);
            ak_dyn_biv_to_body(n, tb, R, t);
            ak_dyn_biv_matvec(n, dw, bd->inv_inertia, tb);
            for (int q = 0; q < k; q++) wb[q] += h * dw[q];
            if (ak_integrate_gyro_implicit_body(n, w2, bd->inertia, wb, h) != 0) {
                if (b < failb) failb = b;
                continue;
            }
            ak_dyn_biv_to_world(n, w, R, w2);
            ran |= (uint64_t)1 << AK_RAN_VEL_CATTO;
        }
    }
#if AK_FORMULA_RECORD
    d->ran |= ran;
#else
    (void)ran;
#endif
    if (failb < INT_MAX) {
        snprintf(err, errlen, "body '%s': singular gyroscopic Jacobian", m->bodies[failb].name);
        return -1;
    }
    return 0;
}

// Renormalise R (ak_nd_rotor_renormalize, B-4.renorm), refusing a rotor whose defect is above
// 0.5: that is a blown-up state, not drift, and projecting it would hide the failure.
// Fast path (bound, m->paths.renorm_bound; n <= 4): the defect is the largest
// |component| of R R~ - 1, and for n <= 3 R R~ is the scalar sum_k R_k^2 (its other components
// cancel in exact arithmetic, and are at most a few ulp of that sum in floating point), so a rotor
// with 0.75 <= sum_k R_k^2 <= 1.25 has a defect of at most 0.25 plus rounding, below 0.5: the
// test's outcome is known without forming R R~. For n = 4, R = s + B + q I (I = e_xyzw, I^2 = 1,
// R~ = s - B + q I) gives R R~ = sum_k R_k^2 + P I with P = 2 (s q - B_xy B_zw + B_xz B_yw -
// B_xw B_yz) (-B^2 = |B|^2 - B ^ B; the bivector parts cancel as for n = 3), so the same holds
// with |P| <= 0.25 besides. R is not read otherwise (the renormalisation is the same call), so the
// same bits (test perf.renorm_bound_equals_plain).
static int project_rotor(int n, double R[], bool bound) {
    double s = 0.0;
    if (bound && n <= 3)
        for (int q = 0; q < (1 << (n - 1)); q++) s += R[q] * R[q];
    else if (bound && n == 4) {
        for (int q = 0; q < 8; q++) s += R[q] * R[q];
        double P = 2.0 * (R[0] * R[7] - R[1] * R[6] + R[2] * R[5] - R[3] * R[4]);
        if (!(fabs(P) <= 0.25)) s = 0.0; // (NaN too) the plain test decides
    }
    if (!(s >= 0.75 && s <= 1.25) && !(ak_nd_rotor_defect(n, R) <= 0.5)) return -1;
    return ak_nd_rotor_renormalize(n, R) == AK_GA_OK ? 0 : -1;
}

int ak_integrate_positions(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                           bool renormalize, char *err, size_t errlen) {
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n), failb = INT_MAX, moved = 0;
#pragma omp parallel for schedule(static) num_threads(ak_parallel_threads(m, m->nbody))            \
    reduction(min                                                                                  \
              : failb) reduction(|                                                                 \
                                 : moved)
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        if (!body_moves(bd) || ak_sleep_asleep(d, b)) continue; // island.h: frozen while asleep
        moved = 1;
        double *x = d->x + (size_t)b * AK_MAX_DIM, *R = d->R + (size_t)b * AK_MAX_EVEN;
        const double *v = d->v + (size_t)b * AK_MAX_DIM, *w = d->w + (size_t)b * AK_MAX_BIV;
        for (int i = 0; i < n; i++) x[i] += h * v[i]; // T-5.16
        if (integ == AK_INT_EXP) {
            double B[AK_MAX_BIV], E[AK_MAX_EVEN], T[AK_MAX_EVEN];
            for (int q = 0; q < k; q++) B[q] = -0.5 * h * w[q];
            ak_nd_rotor_exp(n, E, B);
            ak_nd_rotor_mul(n, T, E, R);
            memcpy(R, T, sizeof(double) * (size_t)ne);
        } else {
            double Rt[AK_MAX_EVEN]; // T-5.17: R <- R - 1/2 h w R
            ak_dyn_rotor_rate(n, Rt, R, w);
            for (int q = 0; q < ne; q++) R[q] += h * Rt[q];
        }
        if (renormalize && project_rotor(n, R, m->paths.renorm_bound) != 0 && b < failb) failb = b;
    }
    AK_RAN_IF(d, AK_RAN_POS_X, moved); // the rows of the branches above (one integrator per call)
    AK_RAN_IF(d, integ == AK_INT_EXP ? AK_RAN_POS_EXP : AK_RAN_POS_ROTOR, moved);
    AK_RAN_IF(d, AK_RAN_RENORM, moved && renormalize);
    if (failb < INT_MAX) {
        snprintf(err, errlen, "body '%s': rotor far from unit (defect %.3g), cannot project",
                 m->bodies[failb].name, ak_nd_rotor_defect(n, d->R + (size_t)failb * AK_MAX_EVEN));
        return -1;
    }
    return 0;
}

size_t ak_integrate_state_size(const ak_model *m) {
    int n = m->dim;
    return (size_t)m->nbody * (size_t)(2 * n + ak_nd_neven(n) + ak_nd_nbiv(n));
}

void ak_integrate_pack(const ak_model *m, const ak_data *d, double y[]) {
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    size_t o = 0;
    for (int b = 0; b < m->nbody; b++) {
        const double *R = d->R + (size_t)b * AK_MAX_EVEN;
        for (int i = 0; i < n; i++) y[o++] = d->x[(size_t)b * AK_MAX_DIM + i];
        for (int i = 0; i < n; i++) y[o++] = d->v[(size_t)b * AK_MAX_DIM + i];
        for (int q = 0; q < ne; q++) y[o++] = R[q];
        ak_dyn_biv_to_body(n, y + o, R, d->w + (size_t)b * AK_MAX_BIV);
        o += (size_t)k;
    }
}

void ak_integrate_unpack(const ak_model *m, ak_data *d, const double y[]) {
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    size_t o = 0;
    for (int b = 0; b < m->nbody; b++) {
        double *R = d->R + (size_t)b * AK_MAX_EVEN;
        for (int i = 0; i < n; i++) d->x[(size_t)b * AK_MAX_DIM + i] = y[o++];
        for (int i = 0; i < n; i++) d->v[(size_t)b * AK_MAX_DIM + i] = y[o++];
        for (int q = 0; q < ne; q++) R[q] = y[o++];
        ak_dyn_biv_to_world(n, d->w + (size_t)b * AK_MAX_BIV, R, y + o);
        o += (size_t)k;
    }
}

void ak_integrate_rhs(const ak_model *m, ak_data *scratch, const double y[], double dydt[],
                      ak_force_fn fn, void *ctx) {
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    size_t nb = (size_t)(m->nbody > 0 ? m->nbody : 1);
    double *F = calloc(nb * AK_MAX_DIM, sizeof(double));
    double *tau = calloc(nb * AK_MAX_BIV, sizeof(double));
    ak_integrate_unpack(m, scratch, y);
    if (fn && F && tau) fn(m, scratch, F, tau, ctx);
    size_t o = 0;
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        size_t len = (size_t)(2 * n + ne + k);
        if (!body_moves(bd)) {
            memset(dydt + o, 0, len * sizeof(double));
            o += len;
            continue;
        }
        const double *x = y + o, *v = x + n, *R = v + n, *wb = R + ne;
        double *dx = dydt + o, *dv = dx + n, *dR = dv + n, *dw = dR + ne;
        (void)x;
        for (int i = 0; i < n; i++) {
            dx[i] = v[i];
            dv[i] = F ? bd->inv_mass * F[(size_t)b * AK_MAX_DIM + i] : 0.0;
        }
        ak_dyn_rotor_rate_body(n, dR, R, wb);
        double tb[AK_MAX_BIV] = { 0 };
        if (tau) ak_dyn_biv_to_body(n, tb, R, tau + (size_t)b * AK_MAX_BIV);
        ak_dyn_euler_body(n, dw, bd->inertia, bd->inv_inertia, wb, tb);
        AK_RAN(scratch, AK_RAN_RHS_ROTOR);
        AK_RAN(scratch, AK_RAN_RHS_EULER);
        o += len;
    }
    AK_RAN_IF(scratch, AK_RAN_FORCES, fn && F && tau);
    free(F);
    free(tau);
}

typedef struct gsl_ctx {
    const ak_model *m;
    ak_data *scratch;
    ak_force_fn fn;
    void *ctx;
} gsl_ctx;

static int gsl_rhs(double t, const double y[], double dydt[], void *params) {
    (void)t;
    gsl_ctx *g = params;
    ak_integrate_rhs(g->m, g->scratch, y, dydt, g->fn, g->ctx);
    for (size_t i = 0; i < ak_integrate_state_size(g->m); i++)
        if (!isfinite(dydt[i])) return GSL_EBADFUNC;
    return GSL_SUCCESS;
}

static int step_full(const ak_model *m, ak_data *d, ak_integrator integ, double h, bool renormalize,
                     ak_force_fn fn, void *ctx, char *err, size_t errlen) {
    size_t N = ak_integrate_state_size(m);
    double *buf = calloc(6 * (N ? N : 1), sizeof(double));
    ak_data *scratch = ak_data_create(m);
    if (!buf || !scratch) {
        free(buf);
        ak_data_free(scratch);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    double *y = buf, *k1 = y + N, *k2 = k1 + N, *k3 = k2 + N, *k4 = k3 + N, *yt = k4 + N;
    ak_integrate_pack(m, d, y);
    AK_RAN(d, integ == AK_INT_RK4 ? AK_RAN_FULL_RK4 : AK_RAN_FULL_GSL);
    int rc = 0;
    if (integ == AK_INT_RK4) {
        ak_integrate_rhs(m, scratch, y, k1, fn, ctx);
        for (size_t i = 0; i < N; i++) yt[i] = y[i] + 0.5 * h * k1[i];
        ak_integrate_rhs(m, scratch, yt, k2, fn, ctx);
        for (size_t i = 0; i < N; i++) yt[i] = y[i] + 0.5 * h * k2[i];
        ak_integrate_rhs(m, scratch, yt, k3, fn, ctx);
        for (size_t i = 0; i < N; i++) yt[i] = y[i] + h * k3[i];
        ak_integrate_rhs(m, scratch, yt, k4, fn, ctx);
        for (size_t i = 0; i < N; i++) y[i] += h / 6.0 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    } else if (N > 0) { // GSL's driver refuses dimension 0 through its error handler (an abort)
        gsl_ctx g = { m, scratch, fn, ctx };
        gsl_odeiv2_system sys = { gsl_rhs, NULL, N, &g };
        gsl_odeiv2_driver *drv =
            gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, h, 1e-12, 1e-12);
        if (!drv) {
            snprintf(err, errlen, "gsl_odeiv2_driver_alloc_y_new failed");
            rc = -1;
        } else {
            double t = 0.0;
            int s = gsl_odeiv2_driver_apply(drv, &t, h, y);
            if (s != GSL_SUCCESS) {
                snprintf(err, errlen, "GSL odeiv2 rk8pd failed: %s", gsl_strerror(s));
                rc = -1;
            }
            gsl_odeiv2_driver_free(drv);
        }
    }
#if AK_FORMULA_RECORD
    d->ran |= scratch->ran; // the right-hand sides' rows (ak_integrate_rhs records into scratch)
#endif
    if (rc == 0) {
        ak_integrate_unpack(m, d, y);
        if (integ == AK_INT_RK4 && renormalize) {
            for (int b = 0; b < m->nbody; b++) {
                if (!body_moves(&m->bodies[b])) continue;
                AK_RAN(d, AK_RAN_RENORM);
                double *R = d->R + (size_t)b * AK_MAX_EVEN, wb[AK_MAX_BIV];
                // keep the body rate, which is what the state carries
                ak_dyn_biv_to_body(m->dim, wb, R, d->w + (size_t)b * AK_MAX_BIV);
                if (project_rotor(m->dim, R, m->paths.renorm_bound) != 0) {
                    snprintf(err, errlen, "body '%s': rotor far from unit, cannot project",
                             m->bodies[b].name);
                    rc = -1;
                    break;
                }
                ak_dyn_biv_to_world(m->dim, d->w + (size_t)b * AK_MAX_BIV, R, wb);
            }
        }
    }
    free(buf);
    ak_data_free(scratch);
    return rc;
}

int ak_integrate_step(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                      bool renormalize, ak_force_fn fn, void *ctx, char *err, size_t errlen) {
    if (integ < 0 || integ >= AK_INT_COUNT || !(h > 0.0) || !isfinite(h)) {
        snprintf(err, errlen, "bad integrator (%d) or step (%g)", (int)integ, h);
        return -1;
    }
    int rc;
    AK_RAN_CLEAR(d);
    if (ak_integrator_is_split(integ)) {
        size_t nb = (size_t)(m->nbody > 0 ? m->nbody : 1);
        double *F = calloc(nb * AK_MAX_DIM, sizeof(double));
        double *tau = calloc(nb * AK_MAX_BIV, sizeof(double));
        if (!F || !tau) {
            free(F);
            free(tau);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        if (fn) fn(m, d, F, tau, ctx);
        AK_RAN_IF(d, AK_RAN_FORCES, fn != NULL);
        rc = ak_integrate_velocities(m, d, integ, h, F, tau, err, errlen);
        if (rc == 0) rc = ak_integrate_positions(m, d, integ, h, renormalize, err, errlen);
        free(F);
        free(tau);
    } else {
        rc = step_full(m, d, integ, h, renormalize, fn, ctx, err, errlen);
    }
    if (rc == 0) {
        d->t += h;
        d->step++;
    }
    return rc;
}
