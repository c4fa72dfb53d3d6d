// Group "dynamics": PGA against the vector-GA form; PGA kinematics, momentum, forques and power
#include "verify/checks/checks_dynamics_common.h"

// ---------------------------------------------------------------------------------------------
// PGA (Table 2.1) against the vector-GA form, d = 2..5: both integrated by GSL rk8pd 1e-12
// (RK4 at the same step differs by its discretisation error, ~1e-7 at h = 2e-3, since the two
// forms use different coordinates).

typedef struct pga_case {
    int d;
    double mass, inertia[AK_MAX_BIV * AK_MAX_BIV], g[AK_MAX_DIM], pb[AK_MAX_DIM], aw[AK_MAX_DIM];
    double k, alpha;
} pga_case;

static void pga_rhs(const pga_case *pc, const double M[], const double B[], double dM[],
                    double dB[]) {
    int d = pc->d, N = ak_pga_size(d);
    double F[AK_PGA_MAX] = { 0 }, t[AK_PGA_MAX];
    ak_pga_forque_gravity(d, t, M, pc->g, pc->mass);
    for (int x = 0; x < N; x++) F[x] += t[x];
    if (pc->k != 0.0) {
        ak_pga_forque_hooke(d, t, M, pc->pb, pc->aw, pc->k);
        for (int x = 0; x < N; x++) F[x] += t[x];
    }
    if (pc->alpha != 0.0) {
        ak_pga_forque_damp(d, t, B, pc->alpha);
        for (int x = 0; x < N; x++) F[x] += t[x];
    }
    ak_pga_derivs(d, dM, dB, M, B, pc->inertia, pc->mass, F);
}

static int pga_gsl_rhs(double t, const double y[], double dydt[], void *params) {
    (void)t;
    const pga_case *pc = params;
    int N = ak_pga_size(pc->d);
    pga_rhs(pc, y, y + N, dydt, dydt + N);
    return GSL_SUCCESS;
}

// rotated: the body frame is turned by a fixed rotor Q against the box's principal axes, so the
// inertia in that frame is the full symmetric I' = [Q]_2 I [Q]_2^T (and I'^-1 = [Q]_2 I^-1 [Q]_2^T,
// [Q]_2 being orthogonal); both sides then work with the full matrix.
static double pga_vs_vga_run(int d, bool forces, double T, double h, double *ke_err,
                             ak_check_ctx *c, bool rotated) {
    double sides[AK_MAX_DIM] = { 1.1, 0.3, 2.5, 0.7, 1.6 };
    ak_model *m = ak_dyn_box_model(d, sides, 1.3);
    if (rotated) {
        int k = ak_nd_nbiv(d);
        double Bq[AK_MAX_BIV], Q[AK_MAX_EVEN], Q2[AK_MAX_BIV * AK_MAX_BIV],
            I2[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, J2[AK_MAX_BIV * AK_MAX_BIV] = { 0 };
        for (int q = 0; q < k; q++) Bq[q] = 0.4 + 0.13 * q - 0.05 * q * q;
        ak_nd_rotor_exp(d, Q, Bq);
        ak_nd_rotor_biv_matrix(d, Q2, Q);
        ak_body *bd = &m->bodies[0];
        for (int a = 0; a < k; a++)
            for (int b = 0; b < k; b++)
                for (int e = 0; e < k; e++) {
                    I2[a * k + b] += Q2[a * k + e] * bd->inertia[e * k + e] * Q2[b * k + e];
                    J2[a * k + b] += Q2[a * k + e] * bd->inv_inertia[e * k + e] * Q2[b * k + e];
                }
        memcpy(bd->inertia, I2, sizeof(double) * (size_t)(k * k));
        memcpy(bd->inv_inertia, J2, sizeof(double) * (size_t)(k * k));
    }
    ak_data *dd = ak_data_create(m);
    pga_case pc = { .d = d, .mass = 1.3 };
    memcpy(pc.inertia, m->bodies[0].inertia,
           sizeof(double) * (size_t)(ak_nd_nbiv(d) * ak_nd_nbiv(d)));
    double x0[AK_MAX_DIM] = { 0.3, 1.0, -0.4, 0.2, 0.1 },
           v0[AK_MAX_DIM] = { 0.5, -0.2, 0.3, -0.1, 0.4 };
    if (forces) {
        double g[AK_MAX_DIM] = { 0, -9.81, 0, 0, 0 }, pb[AK_MAX_DIM] = { 0.4, 0.1, -0.3, 0.2, 0.1 };
        double aw[AK_MAX_DIM] = { 0.0, 2.0, 0.5, 0.0, 0.0 };
        memcpy(pc.g, g, sizeof g);
        memcpy(pc.pb, pb, sizeof pb);
        memcpy(pc.aw, aw, sizeof aw);
        pc.k = 12.0;
        pc.alpha = 0.25;
        memcpy(m->gravity, g, sizeof g);
        m->forces.nspring = 1;
        m->forces.springs[0] = (ak_spring){ .body = 0, .other = -1, .stiffness = pc.k };
        memcpy(m->forces.springs[0].point, pb, sizeof pb);
        memcpy(m->forces.springs[0].anchor, aw, sizeof aw);
        m->forces.linear_drag = pc.alpha;
        m->forces.angular_drag = pc.alpha;
    }
    memcpy(dd->x, x0, sizeof(double) * (size_t)d);
    memcpy(dd->v, v0, sizeof(double) * (size_t)d);
    ak_nd_rotor_plane(d, dd->R, 0, 1, 0.6);
    double wb[AK_MAX_BIV], vb[AK_MAX_DIM];
    for (int q = 0; q < ak_nd_nbiv(d); q++) wb[q] = GENERIC_W[q % 6] * (1.0 + 0.05 * q);
    ak_dyn_biv_to_world(d, dd->w, dd->R, wb);
    // PGA state: motor and body rate B = w_b + e0 ^ v_b with v_b = R~ v R
    double M[AK_PGA_MAX], B[AK_PGA_MAX], Rr[AK_MAX_EVEN];
    ak_pga_motor_from(d, M, dd->R, dd->x);
    ak_nd_rotor_reverse(d, Rr, dd->R);
    double Mr[AK_MAX_DIM * AK_MAX_DIM];
    ak_nd_rotor_to_matrix(d, Mr, Rr);
    for (int i = 0; i < d; i++) {
        vb[i] = 0;
        for (int j = 0; j < d; j++) vb[i] += Mr[i * d + j] * dd->v[j];
    }
    ak_pga_rate_from(d, B, wb, vb);
    int N = ak_pga_size(d);
    double y[2 * AK_PGA_MAX];
    memcpy(y, M, sizeof(double) * (size_t)N);
    memcpy(y + N, B, sizeof(double) * (size_t)N);
    gsl_odeiv2_system sys = { pga_gsl_rhs, NULL, (size_t)(2 * N), &pc };
    gsl_odeiv2_driver *drv =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-12, 1e-12);
    double t = 0.0, worst = 0.0;
    (void)h;
    for (int s = 1; drv && s <= (int)lround(T / 0.5); s++) {
        int st = gsl_odeiv2_driver_apply(drv, &t, 0.5 * s, y);
        if (st != GSL_SUCCESS) {
            ak_expect(c, false, "GSL on the PGA system failed: %s", gsl_strerror(st));
            break;
        }
        if (dynamics_step_n(m, dd, AK_INT_GSL, 0.5, 1, false, c) != 0) break;
        double R[AK_MAX_EVEN], x[AK_MAX_DIM], w2[AK_MAX_BIV], v2[AK_MAX_DIM], wbe[AK_MAX_BIV];
        ak_pga_motor_to(d, R, x, y);
        ak_pga_rate_to(d, w2, v2, y + N);
        ak_dyn_biv_to_body(d, wbe, dd->R, dd->w);
        for (int q = 0; q < ak_nd_neven(d); q++) worst = fmax(worst, fabs(R[q] - dd->R[q]));
        for (int i = 0; i < d; i++) worst = fmax(worst, fabs(x[i] - dd->x[i]));
        for (int q = 0; q < ak_nd_nbiv(d); q++) worst = fmax(worst, fabs(w2[q] - wbe[q]));
        double Tp = ak_pga_kinetic_energy(d, y + N, pc.inertia, pc.mass); // P-2.34
        double Tv = ak_world_kinetic_energy(m, dd);
        *ke_err = fmax(*ke_err, fabs(Tp - Tv) / fabs(Tv));
    }
    if (drv)
        gsl_odeiv2_driver_free(drv);
    else
        ak_expect(c, false, "gsl_odeiv2_driver_alloc_y_new failed");
    ak_data_free(dd);
    ak_model_free(m);
    return worst;
}

static void check_pga_vs_vga(ak_check_ctx *c) {
    int d0 = ak_quick(c) ? 4 : 2, d1 = ak_quick(c) ? 4 : 5;
    double ke = 0.0;
    for (int d = d0; d <= d1; d++)
        for (int f = 0; f < 2; f++) {
            double e = pga_vs_vga_run(d, f, 10.0, 2e-3, &ke, c, false);
            ak_measure(
                c, e, TOL_GSL_CONSERVE,
                "d=%d %s, both by GSL rk8pd 1e-12, 10 s: max |PGA - vector GA| over R, x, w_b %.2e",
                d, f ? "gravity + Hooke spring + damping" : "torque-free", e);
        }
    ak_measure(c, ke, TOL_GSL_CONSERVE,
               "kinetic energy 1/2 B ^ I[B] (P-2.34) vs 1/2 m v.v + 1/2 w_b.I w_b along the same "
               "runs: max relative difference %.2e",
               ke);
}

// The full inertia map (any symmetric positive I_C, P-A.4): the same comparison with the body frame
// turned against the principal axes, so that I_C has off-diagonal terms on both sides.
static void check_pga_full_inertia(ak_check_ctx *c) {
    int d0 = ak_quick(c) ? 4 : 2, d1 = ak_quick(c) ? 4 : 5;
    double ke = 0.0;
    for (int d = d0; d <= d1; d++)
        for (int f = 0; f < 2; f++) {
            double e = pga_vs_vga_run(d, f, 10.0, 2e-3, &ke, c, true);
            ak_measure(c, e, TOL_GSL_CONSERVE,
                       "d=%d rotated body (full I_C) %s, both by GSL rk8pd 1e-12, 10 s: max |PGA - "
                       "vector GA| over R, x, w_b %.2e",
                       d, f ? "gravity + Hooke spring + damping" : "torque-free", e);
        }
    ak_measure(c, ke, TOL_GSL_CONSERVE,
               "kinetic energy (P-2.34) with full I_C vs the vector-GA energy: max relative "
               "difference %.2e",
               ke);
}

// T-5.2 on its own, with spin: the relative contact velocity u = (v_a + r_a _| w_a) - (v_b + r_b _| w_b)
// of ak_solver_rel_velocity against central differences of the two material points that sit at
// p at t = 0, each carried by its body's motion x(t) = x + v t, R(t) = exp(-w t/2) R (exp by the
// series of ak_nd_rotor_exp, the point by R r_body R~): no contraction formula on the reference
// side. Random bodies, rates |w_ij| <= 2 and points, n = 2..5.
static void check_rel_velocity(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 52);
    long samples = ak_samples(c, 400, 40);
    double worst = 0.0, wmax = 0.0;
    for (int n = 2; n <= 5; n++) {
        double sides[AK_MAX_DIM] = { 1, 1, 1, 1, 1 };
        ak_model *m = ak_dyn_box_model(n, sides, 1.0);
        ak_model *m2 = ak_model_create(n, 2);
        ak_model_set_body(m2, 0, &m->bodies[0]); // each with m2's own inertia storage
        ak_model_set_body(m2, 1, &m->bodies[0]);
        ak_data *d = ak_data_create(m2);
        int k = ak_nd_nbiv(n);
        for (long s = 0; s < samples; s++) {
            ak_contact_point p = { .a = 0, .b = 1 };
            double xs[2][AK_MAX_DIM], B[AK_MAX_BIV];
            for (int b = 0; b < 2; b++) {
                for (int i = 0; i < n; i++) {
                    xs[b][i] = 2.0 * gsl_rng_uniform(r) - 1.0;
                    d->x[b * AK_MAX_DIM + i] = xs[b][i];
                    d->v[b * AK_MAX_DIM + i] = 2.0 * gsl_rng_uniform(r) - 1.0;
                }
                for (int q = 0; q < k; q++) {
                    B[q] = 2.0 * gsl_rng_uniform(r) - 1.0;
                    d->w[b * AK_MAX_BIV + q] = 4.0 * gsl_rng_uniform(r) - 2.0;
                    wmax = fmax(wmax, fabs(d->w[b * AK_MAX_BIV + q]));
                }
                ak_nd_rotor_exp(n, d->R + b * AK_MAX_EVEN, B);
            }
            for (int i = 0; i < n; i++) {
                p.point[i] = 2.0 * gsl_rng_uniform(r) - 1.0;
                p.ra[i] = p.point[i] - xs[0][i];
                p.rb[i] = p.point[i] - xs[1][i];
            }
            double u[AK_MAX_DIM], fd[AK_MAX_DIM] = { 0 }, h = 1e-4;
            ak_solver_rel_velocity(m2, d, &p, u);
            // five-point central difference: truncation h^4 |w|^5 |r| / 30, rounding ~ eps |x| / h
            static const double off[4] = { -2, -1, 1, 2 }, wt[4] = { 1, -8, 8, -1 };
            for (int b = 0; b < 2; b++) {
                const double *R = d->R + b * AK_MAX_EVEN, *w = d->w + b * AK_MAX_BIV,
                             *v = d->v + b * AK_MAX_DIM;
                double Rr[AK_MAX_EVEN], rb[AK_MAX_DIM], rw[AK_MAX_DIM];
                ak_nd_rotor_reverse(n, Rr, R);
                for (int i = 0; i < n; i++) rw[i] = p.point[i] - xs[b][i];
                ak_nd_rotor_apply(n, rb, Rr, rw); // the material point in body coordinates
                for (int o = 0; o < 4; o++) {
                    double E[AK_MAX_EVEN], Rt[AK_MAX_EVEN], Bh[AK_MAX_BIV], y[AK_MAX_DIM],
                        t = off[o] * h;
                    for (int q = 0; q < k; q++) Bh[q] = -0.5 * t * w[q];
                    ak_nd_rotor_exp(n, E, Bh);
                    ak_nd_rotor_mul(n, Rt, E, R);
                    ak_nd_rotor_apply(n, y, Rt, rb);
                    for (int i = 0; i < n; i++)
                        fd[i] +=
                            (b == 0 ? 1.0 : -1.0) * wt[o] * (xs[b][i] + t * v[i] + y[i]) / (12 * h);
                }
            }
            for (int i = 0; i < n; i++) worst = fmax(worst, fabs(u[i] - fd[i]));
        }
        ak_data_free(d);
        ak_model_free(m2);
        ak_model_free(m);
    }
    gsl_rng_free(r);
    ak_value(c, "max_err", worst);
    ak_measure(c, worst, 1e-10,
               "relative contact velocity with spin (|w_ij| up to %.2f) vs five-point differences "
               "(h = 1e-4) of the "
               "two material points: max %.2e over %ld contacts per n = 2..5",
               wmax, worst, samples);
}

// T-5.9 on its own: the published tangent t = dvt/|dvt|, dvt = dv - (dv.n) n, against the GA
// rejection (dv ^ n) n of the generic algebra: t is unit, orthogonal to n, and |dvt| t equals the
// rejection; dv parallel to n returns 0 with t = 0 (the printed formula divides by zero).
static void check_tangent_direction(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 59);
    long samples = ak_samples(c, 2000, 200);
    double worst = 0.0, e_unit = 0.0;
    bool zero_ok = true;
    for (int n = 2; n <= 5; n++)
        for (long s = 0; s < samples; s++) {
            double dv[AK_MAX_DIM], nr[AK_MAX_DIM], t[AK_MAX_DIM], len = 0.0;
            for (int i = 0; i < n; i++)
                dv[i] = 2.0 * gsl_rng_uniform(r) - 1.0, nr[i] = 2.0 * gsl_rng_uniform(r) - 1.0;
            for (int i = 0; i < n; i++) len += nr[i] * nr[i];
            for (int i = 0; i < n; i++) nr[i] /= sqrt(len);
            double mag = ak_published_solver_tangent(n, t, dv, nr);
            ak_cl_mv A, N, W, J;
            ak_cl_from_vec(&A, n, dv);
            ak_cl_from_vec(&N, n, nr);
            ak_cl_op(&W, &A, &N);
            ak_cl_gp(&J, &W, &N); // rejection (a ^ n) n for unit n: a vector
            double rej[AK_MAX_DIM], tn = 0.0, tt = 0.0;
            ak_cl_to_vec(rej, n, &J);
            for (int i = 0; i < n; i++) {
                worst = fmax(worst, fabs(mag * t[i] - rej[i]));
                tn += t[i] * nr[i];
                tt += t[i] * t[i];
            }
            // t = dvt/|dvt| inherits the cancellation in dv - (dv.n)n: errors scale like |dv|/|dvt|
            double dd = 0.0;
            for (int i = 0; i < n; i++) dd += dv[i] * dv[i];
            e_unit = fmax(e_unit, fmax(fabs(tn), fabs(tt - 1.0)) * mag / sqrt(dd));
        }
    for (int n = 2; n <= 5; n++) { // dv exactly along n: no tangent, and no division by zero
        double e0[AK_MAX_DIM] = { 1.0 }, dpar[AK_MAX_DIM] = { 0.5 }, t0[AK_MAX_DIM];
        double m0 = ak_published_solver_tangent(n, t0, dpar, e0);
        for (int i = 0; i < n; i++) zero_ok = zero_ok && m0 == 0.0 && t0[i] == 0.0;
    }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_ROUND,
               "|dvt| t vs the generic rejection (dv ^ n) n: max %.2e over %ld cases per n = 2..5",
               worst, samples);
    ak_measure(c, e_unit, TOL_ROUND, "t unit and orthogonal to n: max defect x |dvt|/|dv| %.2e",
               e_unit);
    ak_expect(c, zero_ok, "dv parallel to n: |dvt| ~ 0 and t = 0 (no division by zero)");
}

// ---- PGA kinematics, momentum, forques and power (the notes' ch. 2) against finite differences ---
//
// Motions are generated with the generic exponential of Cl(d,0,1) (ref/ga/cl.h: same bitmask
// layout as ref/pga), so the reference side shares no formula with ref/pga beyond the products.
// Derivatives by five-point central differences, h = 1e-3 (truncation ~ h^4 |B|^5 / 30 ~ 1e-12 for
// |B| <= 3, rounding ~ eps / h ~ 1e-13).

#define TOL_FD5 1e-9 // five-point differences of O(1) motions, h = 1e-3

static void pga_exp_cl(int d, double out[], const double B[], double s) {
    ak_cl_mv b, e;
    ak_cl_zero(&b, d, 0, 1);
    for (int x = 0; x < ak_pga_size(d); x++) b.c[x] = s * B[x];
    ak_cl_exp(&e, &b);
    for (int x = 0; x < ak_pga_size(d); x++) out[x] = e.c[x];
}

static double urand(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }

static void rand_pga_biv(gsl_rng *r, int d, double B[]) {
    double w[AK_MAX_BIV], v[AK_MAX_DIM];
    for (int q = 0; q < ak_nd_nbiv(d); q++) w[q] = urand(r);
    for (int i = 0; i < d; i++) v[i] = urand(r);
    ak_pga_rate_from(d, B, w, v);
}

static void rand_pga_motor(gsl_rng *r, int d, double M[]) {
    double B[AK_PGA_MAX];
    rand_pga_biv(r, d, B);
    pga_exp_cl(d, M, B, 1.0);
}

static double pga_dist(int d, const double a[], const double b[]) {
    double m = 0.0;
    for (int x = 0; x < ak_pga_size(d); x++) m = fmax(m, fabs(a[x] - b[x]));
    return m;
}

// Five-point derivative at t = 0 of a PGA-valued function f(t).
typedef void (*pga_curve)(int d, double out[], double t, const void *ctx);
static void pga_fd(int d, double out[], pga_curve f, const void *ctx) {
    static const double off[4] = { -2, -1, 1, 2 }, wt[4] = { 1, -8, 8, -1 };
    double h = 1e-3, y[AK_PGA_MAX];
    for (int x = 0; x < ak_pga_size(d); x++) out[x] = 0.0;
    for (int o = 0; o < 4; o++) {
        f(d, y, off[o] * h, ctx);
        for (int x = 0; x < ak_pga_size(d); x++) out[x] += wt[o] * y[x] / (12 * h);
    }
}

typedef struct kin_ctx {
    const double *M0, *B, *Xb, *U, *B1, *B2, *B3, *inertia;
    double mass, t0;
    int mode;
} kin_ctx;

// The motions: mode 0: exp(-B t/2) M0; 1: M0 exp(-B t/2); 2: reverse of mode 0; 3: the moving
// point (mode 0 motor) M (X_b + t U) M~; 4: the world momentum I_w[M B_b(t) M~] along mode 1 with
// B_b(t) = B + t B1; 5: the chain M3 M0 M2' M1' at t0 + t.
static void kin_curve(int d, double out[], double t, const void *vp) {
    const kin_ctx *k = vp;
    double E[AK_PGA_MAX], M[AK_PGA_MAX], T[AK_PGA_MAX];
    int N = ak_pga_size(d);
    switch (k->mode) {
        case 0:
        case 2:
        case 3:
            pga_exp_cl(d, E, k->B, -0.5 * t);
            ak_pga_mul(d, M, E, k->M0);
            if (k->mode == 0)
                memcpy(out, M, sizeof(double) * (size_t)N);
            else if (k->mode == 2)
                ak_pga_reverse(d, out, M);
            else {
                double X[AK_PGA_MAX];
                for (int x = 0; x < N; x++) X[x] = k->Xb[x] + t * k->U[x];
                ak_pga_sandwich(d, out, M, X);
            }
            break;
        case 1:
        case 4:
            pga_exp_cl(d, E, k->B, -0.5 * t);
            ak_pga_mul(d, M, k->M0, E);
            if (k->mode == 1)
                memcpy(out, M, sizeof(double) * (size_t)N);
            else {
                double Bb[AK_PGA_MAX], Bw[AK_PGA_MAX];
                for (int x = 0; x < N; x++) Bb[x] = k->B[x] + t * k->B1[x];
                ak_pga_sandwich(d, Bw, M, Bb);
                ak_pga_inertia_world(d, out, M, k->inertia, k->mass, Bw);
            }
            break;
        case 5: {
            double M3[AK_PGA_MAX], M2[AK_PGA_MAX], M1[AK_PGA_MAX];
            pga_exp_cl(d, M3, k->B3, -0.5 * (k->t0 + t));
            pga_exp_cl(d, M2, k->B2, -0.5 * (k->t0 + t));
            pga_exp_cl(d, M1, k->B1, -0.5 * (k->t0 + t));
            ak_pga_mul(d, T, M3, k->M0);
            ak_pga_mul(d, E, T, M2);
            ak_pga_mul(d, out, E, M1);
            break;
        }
    }
}

// P-2.1 ... P-2.4, P-2.6 ... P-2.10: motor and point kinematics against finite differences.
static void check_pga_kinematics(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 71);
    long samples = ak_samples(c, 200, 20);
    double e[11] = { 0 };
    for (int d = 2; d <= 5; d++)
        for (long s = 0; s < samples; s++) {
            int N = ak_pga_size(d);
            double M0[AK_PGA_MAX], B[AK_PGA_MAX], fd[AK_PGA_MAX], got[AK_PGA_MAX], xb[AK_MAX_DIM],
                u[AK_MAX_DIM];
            double Xb[AK_PGA_MAX], U[AK_PGA_MAX], uv[AK_PGA_MAX] = { 0 };
            rand_pga_motor(r, d, M0);
            rand_pga_biv(r, d, B);
            for (int i = 0; i < d; i++) xb[i] = urand(r), u[i] = urand(r);
            ak_pga_point(d, Xb, xb);
            for (int i = 0; i < d; i++) uv[1u << (i + 1)] = u[i];
            ak_pga_dual(d, U, uv); // d/dt point(xb + t u) = dual(u): points are affine in x
            kin_ctx k = { .M0 = M0, .B = B, .Xb = Xb, .U = U, .mode = 0 };
            // world-frame motion exp(-B t/2) M0
            pga_fd(d, fd, kin_curve, &k);
            ak_pga_rate_from_motor(d, got, M0, fd, false);
            e[1] = fmax(e[1], pga_dist(d, got, B)); // P-2.1, P-2.3
            ak_pga_motor_derivative_world(d, got, M0, B);
            e[6] = fmax(e[6], pga_dist(d, got, fd)); // P-2.6
            double Mdot[AK_PGA_MAX];
            memcpy(Mdot, fd, sizeof(double) * (size_t)N);
            k.mode = 2;
            pga_fd(d, fd, kin_curve, &k);
            ak_pga_reverse_derivative(d, got, M0, Mdot);
            e[4] = fmax(e[4], pga_dist(d, got, fd)); // P-2.4
            // body-frame motion M0 exp(-B t/2)
            k.mode = 1;
            pga_fd(d, fd, kin_curve, &k);
            ak_pga_rate_from_motor(d, got, M0, fd, true);
            e[2] = fmax(e[2], pga_dist(d, got, B)); // P-2.2
            double Bw[AK_PGA_MAX], Bw2[AK_PGA_MAX];
            ak_pga_rate_from_motor(d, Bw, M0, fd, false);
            ak_pga_rate_to_world(d, Bw2, M0, B);
            e[7] = fmax(e[7], pga_dist(d, Bw, Bw2)); // B_w = M B_b M~
            // a body-fixed point and a point moving in the body (mode 0 motor, world rate B)
            k.mode = 3;
            double Xw[AK_PGA_MAX], Zero[AK_PGA_MAX] = { 0 };
            k.U = Zero;
            pga_fd(d, fd, kin_curve, &k);
            ak_pga_sandwich(d, Xw, M0, Xb);
            ak_pga_point_velocity(d, got, Xw, B, M0, NULL);
            e[8] = fmax(e[8], pga_dist(d, got, fd)); // P-2.8
            // P-2.10: Xdot = xdot 𝓘, i.e. dual(xdot) for X = dual(e0 + x) in these conventions
            double xd[AK_PGA_MAX] = { 0 }, Xd[AK_PGA_MAX], E[AK_PGA_MAX], Mt[AK_PGA_MAX],
                   Xt[AK_PGA_MAX], xt[AK_MAX_DIM];
            static const double off5[4] = { -2, -1, 1, 2 }, wt5[4] = { 1, -8, 8, -1 };
            for (int o = 0; o < 4; o++) { // five-point differences of the Euclidean coordinates
                pga_exp_cl(d, E, B, -0.5 * off5[o] * 1e-3);
                ak_pga_mul(d, Mt, E, M0);
                ak_pga_sandwich(d, Xt, Mt, Xb);
                ak_pga_point_coords(d, xt, Xt);
                for (int i = 0; i < d; i++) xd[1u << (i + 1)] += wt5[o] * xt[i] / (12 * 1e-3);
            }
            ak_pga_dual(d, Xd, xd);
            e[10] = fmax(e[10], pga_dist(d, got, Xd));
            k.U = U;
            pga_fd(d, fd, kin_curve, &k);
            ak_pga_point_velocity(d, got, Xw, B, M0, U);
            e[9] = fmax(e[9], pga_dist(d, got, fd)); // P-2.9
        }
    gsl_rng_free(r);
    ak_measure(c, e[1], TOL_FD5,
               "P-2.1/2.3: -2 Mdot M~ = B_w for exp(-B t/2) M0: %.2e (d = 2..5, %ld motions each)",
               e[1], samples);
    ak_measure(c, e[2], TOL_FD5, "P-2.2: -2 M~ Mdot = B_b for M0 exp(-B t/2): %.2e", e[2]);
    ak_measure(c, e[4], TOL_FD5, "P-2.4: d/dt M~ = -M~ Mdot M~: %.2e", e[4]);
    ak_measure(c, e[6], TOL_FD5, "P-2.6: Mdot = -1/2 B_w M: %.2e", e[6]);
    ak_measure(c, e[7], TOL_FD5, "B_w = M B_b M~ (the world rate of a body-frame motion): %.2e",
               e[7]);
    ak_measure(c, e[8], TOL_FD5, "P-2.8: Xdot_w = X_w x B_w for a body-fixed point: %.2e", e[8]);
    ak_measure(c, e[9], TOL_FD5,
               "P-2.9: Xdot_w = X_w x B_w + M Xdot_b M~ for a point moving in the body: %.2e",
               e[9]);
    ak_measure(c, e[10], TOL_FD5,
               "P-2.10: Xdot = xdot 𝓘 (= dual(xdot) here) vs five-point differences of the "
               "coordinates: %.2e",
               e[10]);
}

// I_C of a point set as the k x k vector-GA matrix: column q = sum m r ^ (r _| e_q).
static void ic_points(int d, double IC[], int n, const double m[], const double r[][AK_MAX_DIM]) {
    int k = ak_nd_nbiv(d);
    for (int q = 0; q < k; q++) {
        double e[AK_MAX_BIV] = { 0 }, col[AK_MAX_BIV] = { 0 };
        e[q] = 1.0;
        for (int i = 0; i < n; i++) {
            double t[AK_MAX_DIM], w[AK_MAX_BIV];
            ak_nd_contract(d, t, r[i], e);
            ak_nd_wedge(d, w, r[i], t);
            for (int p = 0; p < k; p++) col[p] += m[i] * w[p];
        }
        for (int p = 0; p < k; p++) IC[p * k + q] = col[p];
    }
}

// P-2.11 ... P-2.14, P-2.18, P-2.23, P-2.24: the momentum of a point set and the inertia maps.
static void check_pga_momentum(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 72);
    long samples = ak_samples(c, 100, 10);
    double e_sum = 0, e_world = 0, e_body = 0, e_rate = 0, e_ic = 0, e_cen = 0;
    for (int d = 2; d <= 5; d++)
        for (long s = 0; s < samples; s++) {
            enum { NP = 7 };
            int N = ak_pga_size(d);
            double m[NP], rr[NP][AK_MAX_DIM], cen[AK_MAX_DIM] = { 0 }, mass = 0.0;
            for (int i = 0; i < NP; i++) {
                m[i] = 0.5 + gsl_rng_uniform(r);
                mass += m[i];
                for (int j = 0; j < d; j++) rr[i][j] = urand(r), cen[j] += m[i] * rr[i][j];
            }
            for (int i = 0; i < NP; i++)
                for (int j = 0; j < d; j++)
                    rr[i][j] -= cen[j] / mass; // centroid at the body origin
            double IC[AK_MAX_BIV * AK_MAX_BIV], M[AK_PGA_MAX], Bw[AK_PGA_MAX], Bb[AK_PGA_MAX],
                Mr[AK_PGA_MAX];
            ic_points(d, IC, NP, m, rr);
            // P-2.16 in ref/pga against the check's own sum, and G-17: ak_mass_inertia_from_cov of the
            // second moment C = sum m r r^T is the same map (and, in 3D, the tensor sum m (r.r 1 - x x^T))
            double ICp[AK_MAX_BIV * AK_MAX_BIV], ICm[AK_MAX_BIV * AK_MAX_BIV],
                Cov[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
            double rflat[NP * AK_MAX_DIM] = { 0 };
            for (int i = 0; i < NP; i++)
                for (int j = 0; j < d; j++) {
                    rflat[i * AK_MAX_DIM + j] = rr[i][j];
                    for (int l = 0; l < d; l++) Cov[j * d + l] += m[i] * rr[i][j] * rr[i][l];
                }
            ak_pga_inertia_classical(d, ICp, NP, m, rflat);
            ak_mass_inertia_from_cov(d, ICm, Cov);
            int kk = ak_nd_nbiv(d);
            for (int a = 0; a < kk * kk; a++)
                e_ic = fmax(e_ic, fmax(fabs(ICp[a] - IC[a]), fabs(ICm[a] - IC[a])));
            if (d == 3) { // bivector basis xy, xz, yz <-> axes z, -y, x
                double J[9] = { 0 };
                static const int ax[3] = { 2, 1, 0 };
                static const double sg[3] = { 1, -1, 1 };
                for (int i = 0; i < NP; i++) {
                    double r2 = rr[i][0] * rr[i][0] + rr[i][1] * rr[i][1] + rr[i][2] * rr[i][2];
                    for (int a = 0; a < 3; a++)
                        for (int b = 0; b < 3; b++)
                            J[a * 3 + b] += m[i] * ((a == b) * r2 - rr[i][a] * rr[i][b]);
                }
                for (int a = 0; a < 3; a++)
                    for (int b = 0; b < 3; b++)
                        e_ic =
                            fmax(e_ic, fabs(ICm[a * 3 + b] - sg[a] * sg[b] * J[ax[a] * 3 + ax[b]]));
            }
            rand_pga_motor(r, d, M);
            rand_pga_biv(r, d, Bw);
            ak_pga_reverse(d, Mr, M);
            ak_pga_sandwich(d, Bb, Mr, Bw);
            double Xw[NP * AK_PGA_MAX], Xb[NP * AK_PGA_MAX], P1[AK_PGA_MAX], P2[AK_PGA_MAX],
                Pfd[AK_PGA_MAX] = { 0 };
            for (int i = 0; i < NP; i++) {
                ak_pga_point(d, Xb + i * N, rr[i]);
                ak_pga_sandwich(d, Xw + i * N, M, Xb + i * N);
                // P-2.11: P = sum m_i X_i v Xdot_i with Xdot_i from the moving points (differences)
                double Xd[AK_PGA_MAX], J[AK_PGA_MAX], Zero[AK_PGA_MAX] = { 0 };
                kin_ctx kp = { .M0 = M, .B = Bw, .Xb = Xb + i * N, .U = Zero, .mode = 3 };
                pga_fd(d, Xd, kin_curve, &kp);
                ak_pga_join(d, J, Xw + i * N, Xd);
                for (int x = 0; x < N; x++) Pfd[x] += m[i] * J[x];
            }
            ak_pga_inertia_points(d, P1, NP, m, Xw, Bw);
            e_sum = fmax(e_sum, pga_dist(d, P1, Pfd));
            ak_pga_inertia_world(d, P2, M, IC, mass, Bw);
            e_world = fmax(e_world, pga_dist(d, P1, P2));
            ak_pga_inertia_points(d, P1, NP, m, Xb, Bb);
            ak_pga_inertia(d, P2, IC, mass, Bb);
            e_body = fmax(e_body, pga_dist(d, P1, P2));
            // P-2.24 along M(t) = M exp(-B_b t/2), B_b(t) = B_b + t B1
            double B1[AK_PGA_MAX], fd[AK_PGA_MAX], got[AK_PGA_MAX];
            rand_pga_biv(r, d, B1);
            kin_ctx k = { .M0 = M, .B = Bb, .B1 = B1, .inertia = IC, .mass = mass, .mode = 4 };
            pga_fd(d, fd, kin_curve, &k);
            ak_pga_momentum_world_rate(d, got, M, IC, mass, Bb, B1);
            e_rate = fmax(e_rate, pga_dist(d, got, fd));
        }
    gsl_rng_free(r);
    ak_measure(c, e_sum, TOL_FD5,
               "P-2.11/2.12: sum m X v (X x B_w) = sum m X v Xdot (five-point differences of the "
               "moving points): %.2e over %ld 7-point bodies per d = 2..5",
               e_sum, samples);
    ak_measure(c, e_cen, TOL_ROUND, "P-2.15: centroid sum m X / sum m = M O M~: %.2e", e_cen);
    ak_measure(
        c, e_ic, TOL_ROUND,
        "P-2.16 and G-17: sum m r ^ (r . A) (ak_pga_inertia_classical, and the check's own sum) = "
        "ak_mass_inertia_from_cov(sum m r r^T) = in 3D the tensor sum m (r.r 1 - x x^T): %.2e",
        e_ic);
    ak_measure(c, e_world, TOL_FD5,
               "P-2.13/2.14: the point-set inertia equals M I_b[M~ B_w M] M~ with I_C from the "
               "points: %.2e",
               e_world);
    ak_measure(c, e_body, TOL_FD5,
               "P-2.18: in the body frame, the point-set inertia equals the split form m v.O - "
               "I_C[B]𝓘 (ak_pga_inertia): %.2e",
               e_body);
    ak_measure(
        c, e_rate, TOL_FD5,
        "P-2.23/2.24: d/dt I_w[B_w] = M(I_b[B_b] x B_b + I_b[Bdot_b])M~ vs differences: %.2e",
        e_rate);
}

// P-2.25, P-2.26, P-forque, P-2.34 ... P-2.37, P-2.5.6, P-B.2, P-C.5.
static void check_pga_forque_power(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 73);
    long samples = ak_samples(c, 200, 20);
    double min_printed = INFINITY, e_b18 = 0.0;
    bool b18_unstable = true;
    double e_line = 0, e_split = 0, e_total = 0, e_T = 0, e_P = 0, e_Pj = 0, e_free = 0, e_b2 = 0,
           e_chain = 0;
    for (int d = 2; d <= 5; d++)
        for (long s = 0; s < samples; s++) {
            int N = ak_pga_size(d), k = ak_nd_nbiv(d);
            double f[4][AK_MAX_DIM], q[4][AK_MAX_DIM], F[AK_PGA_MAX], Ftot[AK_PGA_MAX] = { 0 },
                                                                      Q[AK_PGA_MAX];
            double Ip[AK_PGA_MAX] = { 0 }, J[AK_PGA_MAX], fsum[AK_MAX_DIM] = { 0 },
                   TO[AK_MAX_BIV] = { 0 };
            Ip[N - 1] = 1.0;
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < d; j++) f[i][j] = urand(r), q[i][j] = urand(r);
            for (int i = 0; i < 4; i++) {
                ak_pga_force_line(d, F, f[i], q[i]);
                // P-2.25: f . Q = Q v (f 𝓘)
                double fv[AK_PGA_MAX] = { 0 }, fI[AK_PGA_MAX], w[AK_MAX_BIV];
                for (int j = 0; j < d; j++) fv[1u << (j + 1)] = f[i][j];
                ak_pga_mul(d, fI, fv, Ip);
                ak_pga_point(d, Q, q[i]);
                ak_pga_join(d, J, Q, fI);
                e_line = fmax(e_line, pga_dist(d, F, J));
                // P-2.26: point split about a point R. As printed, F = f . R - ((r - q) ^ f) 𝓘; the chain's
                // fourth line f . R + (f ^ (q - r)) 𝓘 is right and gives F = f . R - ((q - r) ^ f) 𝓘
                // (the moment about R of the force at Q): the printed fifth line flips the sign.
                double rp[AK_MAX_DIM], dq[AK_MAX_DIM], fR[AK_PGA_MAX], TR[AK_PGA_MAX] = { 0 },
                                                                       TI[AK_PGA_MAX];
                for (int j = 0; j < d; j++) rp[j] = urand(r), dq[j] = q[i][j] - rp[j];
                ak_pga_force_line(d, fR, f[i], rp);
                ak_nd_wedge(d, w, dq, f[i]);
                for (int p = 0; p < k; p++) {
                    int a, b;
                    ak_nd_biv_pair(d, p, &a, &b);
                    TR[(1u << (a + 1)) | (1u << (b + 1))] = w[p];
                }
                ak_pga_mul(d, TI, TR, Ip);
                double pr[AK_PGA_MAX];
                for (int x = 0; x < N; x++)
                    pr[x] = fR[x] + TI[x], fR[x] -= TI[x]; // printed: (r - q) ^ f = -(q - r) ^ f
                e_split = fmax(e_split, pga_dist(d, F, fR));
                min_printed = fmin(min_printed, pga_dist(d, F, pr));
                for (int x = 0; x < N; x++) Ftot[x] += F[x];
                for (int j = 0; j < d; j++) fsum[j] += f[i][j];
                ak_nd_wedge(d, w, q[i], f[i]);
                for (int p = 0; p < k; p++) TO[p] += w[p];
            }
            // P-forque: the total equals f . O - T_O 𝓘 with the summed force and moment
            double Ft[AK_PGA_MAX], ff[4 * AK_MAX_DIM], qq[4 * AK_MAX_DIM],
                zero_[AK_MAX_DIM] = { 0 }, TOm[AK_PGA_MAX] = { 0 }, TI[AK_PGA_MAX];
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < AK_MAX_DIM; j++)
                    ff[i * AK_MAX_DIM + j] = j < d ? f[i][j] : 0,
                                        qq[i * AK_MAX_DIM + j] = j < d ? q[i][j] : 0;
            ak_pga_forque_total(d, Ft, 4, ff, qq);
            ak_pga_force_line(d, F, fsum, zero_);
            for (int p = 0; p < k; p++) {
                int a, b;
                ak_nd_biv_pair(d, p, &a, &b);
                TOm[(1u << (a + 1)) | (1u << (b + 1))] = TO[p];
            }
            ak_pga_mul(d, TI, TOm, Ip);
            for (int x = 0; x < N; x++) F[x] -= TI[x];
            e_total = fmax(e_total, fmax(pga_dist(d, Ft, F), pga_dist(d, Ft, Ftot)));
            // power of that forque under a world rate B = w + e0 v: classical sum f_i . (v + q_i _| w)
            double B[AK_PGA_MAX], wv[AK_MAX_BIV], vv[AK_MAX_DIM], Pcl = 0.0;
            rand_pga_biv(r, d, B);
            ak_pga_rate_to(d, wv, vv, B);
            for (int i = 0; i < 4; i++) {
                double pv[AK_MAX_DIM];
                ak_nd_contract(d, pv, q[i], wv);
                for (int j = 0; j < d; j++) Pcl += f[i][j] * (vv[j] + pv[j]);
            }
            e_P = fmax(e_P, fabs(ak_pga_power(d, B, Ft) - Pcl));
            e_Pj = fmax(e_Pj, fabs(ak_pga_power_join(d, B, Ft) - Pcl));
            // kinetic energy, join form vs wedge form and the classical 1/2 m v.v + 1/2 w.I w
            double IC[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, mass = 0.5 + gsl_rng_uniform(r);
            for (int a = 0; a < k; a++) // a random symmetric positive I_C: A A^T + 0.5
                for (int b = 0; b < k; b++) {
                    IC[a * k + b] = a == b ? 0.5 : 0.0;
                }
            double A[AK_MAX_BIV * AK_MAX_BIV];
            for (int a = 0; a < k * k; a++) A[a] = urand(r);
            for (int a = 0; a < k; a++)
                for (int b = 0; b < k; b++)
                    for (int e = 0; e < k; e++) IC[a * k + b] += A[a * k + e] * A[b * k + e];
            double Tcl = 0.0;
            for (int j = 0; j < d; j++) Tcl += 0.5 * mass * vv[j] * vv[j];
            for (int a = 0; a < k; a++)
                for (int b = 0; b < k; b++) Tcl += 0.5 * wv[a] * IC[a * k + b] * wv[b];
            e_T = fmax(e_T, fmax(fabs(ak_pga_kinetic_energy_join(d, B, IC, mass) - Tcl),
                                 fabs(ak_pga_kinetic_energy(d, B, IC, mass) - Tcl)) /
                                Tcl);
            // P-2.5.6: unit mass, unit inertia: Bdot = undual(B x dual(B)) (the ganja dState)
            double one[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, Md[AK_PGA_MAX], Bd[AK_PGA_MAX],
                                    M0[AK_PGA_MAX], Db[AK_PGA_MAX], C[AK_PGA_MAX], want[AK_PGA_MAX];
            for (int a = 0; a < k; a++) one[a * k + a] = 1.0;
            rand_pga_motor(r, d, M0);
            ak_pga_derivs(d, Md, Bd, M0, B, one, 1.0, NULL);
            ak_pga_dual(d, Db, B);
            ak_pga_commutator(d, C, B, Db);
            ak_pga_undual(d, want, C);
            e_free = fmax(e_free, pga_dist(d, Bd, want));
            // P-B.2: the Euclidean split of the free law: vdot_b = -v_b . B_b, Bdot = I_C^-1[B x I_C[B]]
            ak_pga_derivs(d, Md, Bd, M0, B, IC, mass, NULL);
            double wd[AK_MAX_BIV], vd[AK_MAX_DIM], Iw[AK_MAX_BIV] = { 0 }, cm[AK_MAX_BIV],
                                                   vdw[AK_MAX_DIM];
            ak_pga_rate_to(d, wd, vd, Bd);
            for (int a = 0; a < k; a++)
                for (int b = 0; b < k; b++) Iw[a] += IC[a * k + b] * wv[b];
            ak_nd_commutator(d, cm, wv, Iw);
            double Icm[AK_MAX_BIV] = { 0 };
            for (int a = 0; a < k; a++) // I_C (I_C^-1[cm]) = cm: compare I_C wd with cm
                for (int b = 0; b < k; b++) Icm[a] += IC[a * k + b] * wd[b];
            ak_nd_contract(d, vdw, vv, wv);
            for (int a = 0; a < k; a++) e_b2 = fmax(e_b2, fabs(Icm[a] - cm[a]));
            for (int j = 0; j < d; j++) e_b2 = fmax(e_b2, fabs(vd[j] + vdw[j]));
            // P-B.18: the principal-frame components (B.17, B.18) against the unsplit law in 3D with
            // diagonal I_C, and the instability of the middle axis for i1 >= i2 >= i3: w1 w3 >= 0
            if (d == 3) {
                double ii[3], Bn[3], Bd3[3], one3[9] = { 0 }, B3d[AK_PGA_MAX], Md3[AK_PGA_MAX],
                                             Bdd[AK_PGA_MAX];
                for (int a = 0; a < 3; a++)
                    ii[a] = 0.5 + 2.0 * gsl_rng_uniform(r), Bn[a] = urand(r);
                // nd pair order xy, xz, yz: E1 = e23 = yz, E2 = e31 = -xz, E3 = e12 = xy
                one3[0] = ii[2], one3[4] = ii[1], one3[8] = ii[0];
                double wn[3] = { Bn[2], -Bn[1], Bn[0] }, z3[3] = { 0 }, wdn[3], vdn[3];
                ak_pga_rate_from(3, B3d, wn, z3);
                ak_pga_derivs(3, Md3, Bdd, M0, B3d, one3, 1.0, NULL);
                ak_pga_rate_to(3, wdn, vdn, Bdd);
                ak_pga_free_top_components(Bd3, ii, Bn);
                double got3[3] = { wdn[2], -wdn[1], wdn[0] };
                for (int a = 0; a < 3; a++) e_b18 = fmax(e_b18, fabs(got3[a] - Bd3[a]));
                double so[3] = { ii[0], ii[1], ii[2] };
                for (int a = 0; a < 3; a++) // sort descending
                    for (int b = a + 1; b < 3; b++)
                        if (so[b] > so[a]) {
                            double t = so[a];
                            so[a] = so[b];
                            so[b] = t;
                        }
                double w1 = (so[1] - so[2]) / so[0], w3 = (so[0] - so[1]) / so[2];
                b18_unstable = b18_unstable && w1 * w3 >= 0.0;
            }
            // P-C.5: M = M3 M0 M2' M1' at t0 = 0.7: -2 Mdot against differences
            double B1[AK_PGA_MAX], B2[AK_PGA_MAX], B3[AK_PGA_MAX], fd[AK_PGA_MAX], M[AK_PGA_MAX],
                M1[AK_PGA_MAX], got[AK_PGA_MAX];
            rand_pga_biv(r, d, B1);
            rand_pga_biv(r, d, B2);
            rand_pga_biv(r, d, B3);
            kin_ctx kc = { .M0 = M0, .B1 = B1, .B2 = B2, .B3 = B3, .t0 = 0.7, .mode = 5 };
            pga_fd(d, fd, kin_curve, &kc);
            kin_curve(d, M, 0.0, &kc);
            pga_exp_cl(d, M1, B1, -0.35);
            ak_pga_chain_rate(d, got, M, B3, M1, B2, B1);
            for (int x = 0; x < N; x++) fd[x] *= -2.0;
            e_chain = fmax(e_chain, pga_dist(d, got, fd));
        }
    gsl_rng_free(r);
    ak_measure(c, e_line, TOL_ROUND,
               "P-2.25: f . Q = Q v (f 𝓘): %.2e (d = 2..5, %ld x 4 forces each)", e_line, samples);
    ak_measure(c, e_split, TOL_ROUND,
               "P-2.26: point split f . Q = f . R - ((q - r) ^ f) 𝓘 (moment about R): %.2e",
               e_split);
    ak_expect(c, min_printed > 1e-3,
              "P-2.26 as printed, f . R - ((r - q) ^ f) 𝓘, has the wrong sign: it misses f . Q by "
              "at least %.3g (erratum)",
              min_printed);
    ak_measure(c, e_total, TOL_ROUND,
               "P-forque: sum of force lines = f . O - T_O 𝓘 (summed force and moment): %.2e",
               e_total);
    ak_measure(c, e_P, TOL_ROUND,
               "P-2.36: Pi 𝓘 = B ^ F equals the classical sum f_i . (v + q_i _| w): %.2e", e_P);
    ak_measure(c, e_Pj, TOL_ROUND, "P-2.37: Pi = B v F, same: %.2e", e_Pj);
    ak_measure(c, e_T, TOL_ROUND,
               "P-2.34/2.35: 1/2 B ^ I[B] and 1/2 B v I[B] vs 1/2 m v.v + 1/2 w.I_C w (full random "
               "I_C), relative: %.2e",
               e_T);
    ak_measure(c, e_free, TOL_ROUND,
               "P-2.5.6: unit mass and inertia: Bdot = undual(B x dual B), the notes' dState: %.2e",
               e_free);
    ak_measure(
        c, e_b2, TOL_ROUND,
        "P-B.2: the split of the free law: vdot_b = -v_b . B_b, I_C[Bdot] = B x I_C[B]: %.2e",
        e_b2);
    ak_measure(
        c, e_b18, TOL_ROUND,
        "P-B.18: Bdot_k = w_k B_(k+1) B_(k+2), w_k = (i_(k+1) - i_(k+2))/i_k, equals the law of "
        "ak_pga_derivs in 3D (diagonal I_C, random moments): %.2e",
        e_b18);
    ak_expect(c, b18_unstable,
              "P-B.18: for i1 >= i2 >= i3, w1 w3 >= 0 (the middle axis is unstable) for every "
              "drawn body");
    ak_measure(c, e_chain, TOL_FD5,
               "P-C.5: -2 Mdot = B3 M + M (M1'~ B2' M1') + M B1' for M = M3 M0 M2' M1' vs "
               "differences: %.2e",
               e_chain);
}

static const ak_check CHECKS[] = {
    { "dynamics.pga_vs_vga",
      "P-2.27 P-2.28 P-2.29 P-2.30 P-2.31 P-Hooke P-damp P-2.5.5 P-2.34 P-2.5 P-2.7 P-2.20 P-2.21 "
      "P-2.22 P-2.17 P-2.19",
      "PGA motor/forque dynamics against the vector-GA form, d = 2..5", check_pga_vs_vga },
    { "dynamics.rel_velocity", "T-5.2 T-5.1",
      "relative contact velocity with spin vs finite differences of the material points, n=2..5",
      check_rel_velocity },
    { "dynamics.tangent_direction", "T-5.9 T-5.10",
      "the published tangent direction vs the generic GA rejection, n=2..5",
      check_tangent_direction },
    { "dynamics.pga_kinematics", "P-2.1 P-2.2 P-2.3 P-2.4 P-2.6 P-2.7 P-2.8 P-2.9 P-2.10",
      "PGA motor and point kinematics against finite differences of generic exponentials, d=2..5",
      check_pga_kinematics },
    { "dynamics.pga_momentum",
      "P-2.11 P-2.12 P-2.13 P-2.14 P-2.15 P-2.16 P-2.18 P-2.23 P-2.24 G-17",
      "momentum of point sets, world and body inertia maps, momentum rate, d=2..5",
      check_pga_momentum },
    { "dynamics.pga_forque_power",
      "P-2.25 P-2.26 P-forque P-2.34 P-2.35 P-2.36 P-2.37 P-2.5.6 P-B.2 P-B.18 P-C.5 P-A.16 P-A.25 "
      "P-A.26 P-A.28",
      "force lines, total forque, power, kinetic energy forms, free law splits and motor chains, "
      "d=2..5",
      check_pga_forque_power },
    { "dynamics.pga_full_inertia", "P-A.4 P-A.5 P-A.6 P-2.28 P-2.30 P-2.34",
      "PGA dynamics with a full (rotated-frame) inertia against the vector-GA form, d = 2..5",
      check_pga_full_inertia },
};

AK_TOPIC(dynamics_pga, CHECKS)
