// Group "dynamics": the integrators against closed forms: equations, conservation, convergence, rotor drift, tops
#include "verify/checks/checks_dynamics_common.h"

// max |a - b| over the rotor and the world rate of body 0 (and x, v when with_x)
static double state_diff(const ak_model *m, const ak_data *a, const ak_data *b, bool with_x) {
    int n = m->dim;
    double e = 0.0;
    for (int q = 0; q < ak_nd_neven(n); q++) e = fmax(e, fabs(a->R[q] - b->R[q]));
    for (int q = 0; q < ak_nd_nbiv(n); q++) e = fmax(e, fabs(a->w[q] - b->w[q]));
    if (with_x)
        for (int i = 0; i < n; i++)
            e = fmax(e, fmax(fabs(a->x[i] - b->x[i]), fabs(a->v[i] - b->v[i])));
    return e;
}

// ---------------------------------------------------------------------------------------------
// B-eq1 .. B-eq5: the GSL reference of B-eq2 + rotor kinematics conserves E and world L.

static void check_equations(ak_check_ctx *c) {
    double worstE = 0.0, worstL = 0.0;
    for (int n = 3; n <= AK_MAX_DIM; n++) {
        double sides[AK_MAX_DIM] = { 1.1, 0.3, 2.5, 0.7, 1.6 };
        ak_model *m = ak_dyn_box_model(n, sides, 1.0);
        ak_data *d = ak_data_create(m);
        double wb[AK_MAX_BIV];
        for (int q = 0; q < ak_nd_nbiv(n); q++) wb[q] = GENERIC_W[q % 6] * (1.0 + 0.1 * q);
        ak_nd_rotor_plane(n, d->R, 0, 2, 0.7);
        ak_dyn_biv_to_world(n, d->w, d->R, wb);
        double E0 = ak_world_kinetic_energy(m, d), p[AK_MAX_DIM], J0[AK_MAX_BIV], J[AK_MAX_BIV];
        ak_world_momentum(m, d, p, J0);
        if (dynamics_step_n(m, d, AK_INT_GSL, 0.5, 20, false, c) == 0) {
            ak_world_momentum(m, d, p, J);
            double dJ = 0.0;
            for (int q = 0; q < ak_nd_nbiv(n); q++) dJ = fmax(dJ, fabs(J[q] - J0[q]));
            worstE = fmax(worstE, fabs(ak_world_kinetic_energy(m, d) - E0) / E0);
            worstL = fmax(worstL, dJ / dynamics_biv_norm(n, J0));
        }
        ak_data_free(d);
        ak_model_free(m);
    }
    ak_measure(c, worstE, TOL_GSL_CONSERVE,
               "GSL rk8pd on B-eq2 + R_t = -1/2 R w_b, 10 s, n = 3..5: relative energy drift %.2e",
               worstE);
    ak_measure(c, worstL, TOL_GSL_CONSERVE,
               "same runs: relative drift of the world angular momentum R I(w_b) R~ %.2e", worstL);
    ak_value(c, "energy_drift", worstE);
    ak_value(c, "momentum_drift", worstL);
}

// ---------------------------------------------------------------------------------------------
// Conservation per integrator, torque-free cuboid, 100 s.

typedef struct drift {
    double e_max, e_gain, l_max;
} drift;

// trace (optional, for the report): |E - E0| / E0 after every `every` steps, N / every values.
static drift run_drift(ak_integrator ig, double dt, double T, ak_check_ctx *c, double *trace,
                       long every) {
    ak_model *m = ak_dyn_box_model(4, CUBOID, 1.0);
    ak_data *d = ak_data_create(m);
    ak_dyn_biv_to_world(4, d->w, d->R, GENERIC_W);
    double E0 = ak_world_kinetic_energy(m, d), p[4], J0[6], J[6];
    ak_world_momentum(m, d, p, J0);
    double L0 = dynamics_biv_norm(4, J0);
    drift r = { 0, -INFINITY, 0 };
    long N = lround(T / dt);
    for (long s = 0; s < N; s++) {
        if (dynamics_step_n(m, d, ig, dt, 1, true, c) != 0) break;
        double E = ak_world_kinetic_energy(m, d);
        ak_world_momentum(m, d, p, J);
        double dJ = 0.0;
        for (int q = 0; q < 6; q++) dJ = fmax(dJ, fabs(J[q] - J0[q]));
        r.e_max = fmax(r.e_max, fabs(E - E0) / E0);
        if (trace && (s + 1) % every == 0) trace[(s + 1) / every - 1] = fabs(E - E0) / E0;
        r.e_gain = fmax(r.e_gain, (E - E0) / E0);
        r.l_max = fmax(r.l_max, dJ / L0);
    }
    ak_data_free(d);
    ak_model_free(m);
    return r;
}

static void check_conservation(ak_check_ctx *c) {
    const double T = ak_quick(c) ? 20.0 : 100.0;
    const double dts[2] = { 0.01, 0.005 };
    int ndt = ak_quick(c) ? 1 : 2;
    const ak_integrator igs[4] = { AK_INT_THESIS, AK_INT_CATTO, AK_INT_EXP, AK_INT_RK4 };
    // Bounds measured at T = 100 s, dt = 0.01 (docs/formulas/dynamics.md), with a factor 2
    // margin; a shorter --quick run drifts less, so the same bounds hold.
    const double bound_e[4] = { 2.5, 0.75, 0.75, 2e-9 };
    const double bound_l[4] = { 0.75, 0.35, 0.35, 5e-9 };
    drift r[2][4];
    // report plot: relative energy drift over time per integrator at dt = 0.01
    const char *dir = ak_artifact_dir(c);
    const long every = 10, npts = lround(T / dts[0]) / every;
    double *tr = dir ? calloc((size_t)(5 * npts), sizeof(double)) : NULL;
    for (int j = 0; j < ndt; j++)
        for (int i = 0; i < 4; i++) {
            r[j][i] =
                run_drift(igs[i], dts[j], T, c, tr && j == 0 ? tr + (i + 1) * npts : NULL, every);
            const char *nm = ak_integrator_name(igs[i]);
            ak_note(c, "%s dt=%g T=%g: max |dE|/E %.3e, max gain %.3e, max |dJ|/|J| %.3e", nm,
                    dts[j], T, r[j][i].e_max, r[j][i].e_gain, r[j][i].l_max);
            char key[64];
            snprintf(key, sizeof key, "%s_dt%g_energy", nm, dts[j]);
            ak_value(c, key, r[j][i].e_max);
            snprintf(key, sizeof key, "%s_dt%g_momentum", nm, dts[j]);
            ak_value(c, key, r[j][i].l_max);
            ak_measure(c, r[j][i].e_max, bound_e[i], "%s dt=%g: max relative energy drift %.3e", nm,
                       dts[j], r[j][i].e_max);
            ak_measure(c, r[j][i].l_max, bound_l[i],
                       "%s dt=%g: max relative world angular momentum drift %.3e", nm, dts[j],
                       r[j][i].l_max);
        }
    ak_measure(c, fmax(r[0][1].e_gain, 0.0), 1e-12,
               "catto (implicit gyroscopic term) never gains energy: max gain %.3e",
               r[0][1].e_gain);
    ak_expect(c, r[0][3].e_max < r[0][1].e_max && r[0][1].e_max < r[0][0].e_max,
              "energy drift ordering rk4 (%.2e) < catto (%.2e) < thesis (%.2e) at dt=0.01",
              r[0][3].e_max, r[0][1].e_max, r[0][0].e_max);
    ak_expect(c, r[0][0].e_gain > 0.0, "the explicit thesis scheme gains energy (%.2e)",
              r[0][0].e_gain);
    if (ndt == 2)
        for (int i = 0; i < 3; i++)
            ak_expect(c, r[1][i].e_max < 0.7 * r[0][i].e_max,
                      "%s: halving dt reduces the energy drift (%.3e -> %.3e)",
                      ak_integrator_name(igs[i]), r[0][i].e_max, r[1][i].e_max);
    if (tr) {
        for (long k = 0; k < npts; k++) tr[k] = (double)((k + 1) * every) * dts[0];
        ak_plot_series ps[4];
        for (int i = 0; i < 4; i++)
            ps[i] = (ak_plot_series){ ak_integrator_name(igs[i]), tr, tr + (i + 1) * npts,
                                      (size_t)npts };
        char path[1200], err[256];
        snprintf(path, sizeof path, "%s/energy_drift.png", dir);
        if (ak_plot_lines(path, "Energy drift per integrator (4D cuboid, dt = 0.01)", "t [s]",
                          "|E - E0| / E0", ps, 4, false, true, err, sizeof err) == 0)
            ak_artifact(
                c, path,
                "Relative kinetic-energy error |E(t) - E0| / E0 of the torque-free 4D cuboid (1.1, "
                "0.3, 2.5, 0.7), "
                "dt = 0.01, T = %g s, per integrator (sampled every %ld steps; log scale); catto "
                "and exp coincide "
                "at this scale. The bounds this check asserts are on the maximum of each curve.",
                T, every);
        free(tr);
    }
}

// ---------------------------------------------------------------------------------------------
// Convergence order against the GSL reference at T = 10 s.

static void check_convergence(ak_check_ctx *c) {
    const double T = 10.0;
    int nh = ak_quick(c) ? 3 : 6;
    ak_model *m = ak_dyn_box_model(4, CUBOID, 1.0);
    ak_data *d0 = ak_data_create(m), *ref = ak_data_create(m), *d = ak_data_create(m);
    ak_nd_rotor_plane(4, d0->R, 1, 3, 0.4);
    ak_dyn_biv_to_world(4, d0->w, d0->R, GENERIC_W);
    ak_data_copy(m, ref, d0);
    dynamics_step_n(m, ref, AK_INT_GSL, T, 1, false, c);
    const ak_integrator igs[4] = { AK_INT_THESIS, AK_INT_CATTO, AK_INT_EXP, AK_INT_RK4 };
    const double h0[4] = { 0.01, 0.01, 0.01, 0.1 };
    const double want[4] = { 1, 1, 1, 4 };
    double errs[4][6] = { { 0 } }, hs[4][6] = { { 0 } }; // report plot
    char labs[4][64];
    for (int i = 0; i < 4; i++) {
        double err[6] = { 0 };
        char line[256];
        int len = 0;
        for (int j = 0; j < nh; j++) {
            double h = h0[i] / (1 << j);
            ak_data_copy(m, d, d0);
            dynamics_step_n(m, d, igs[i], h, lround(T / h), true, c);
            err[j] = state_diff(m, d, ref, false);
            len += snprintf(line + len, sizeof line - (size_t)len, " %.3e", err[j]);
        }
        double order = log2(err[nh - 2] / err[nh - 1]);
        for (int j = 0; j < nh; j++) errs[i][j] = err[j], hs[i][j] = h0[i] / (1 << j);
        snprintf(labs[i], sizeof labs[i], "%s (order %.2f)", ak_integrator_name(igs[i]), order);
        ak_note(c,
                "%s: error at T=10 s for dt = %g/2^j, j=0..%d:%s; order of the last halving %.3f",
                ak_integrator_name(igs[i]), h0[i], nh - 1, line, order);
        ak_value(c, ak_integrator_name(igs[i]), order);
        ak_measure(c, fabs(order - want[i]), 0.1 * want[i],
                   "%s: observed order %.3f (expected %.0f)", ak_integrator_name(igs[i]), order,
                   want[i]);
    }
    const char *dir = ak_artifact_dir(c);
    if (dir) {
        ak_plot_series ps[4];
        for (int i = 0; i < 4; i++) ps[i] = (ak_plot_series){ labs[i], hs[i], errs[i], (size_t)nh };
        char path[1200], e2[256];
        snprintf(path, sizeof path, "%s/convergence.png", dir);
        if (ak_plot_loglog(path, "Convergence against GSL rk8pd (4D cuboid, T = 10 s)", "dt [s]",
                           "max |state - reference| at T", ps, 4, e2, sizeof e2) == 0)
            ak_artifact(
                c, path,
                "Error of the rotor and world rate at T = 10 s against GSL rk8pd (1e-12) versus "
                "the step dt, "
                "log-log: the slope is the order (thesis, catto, exp: 1, their curves coincide; "
                "rk4: 4). The "
                "legend gives the order of the last halving, the number this check asserts.");
    }
    ak_data_free(d0);
    ak_data_free(ref);
    ak_data_free(d);
    ak_model_free(m);
}

// ---------------------------------------------------------------------------------------------
// Rotor drift over 10^6 steps of a double rotation (a cheap single-body loop, constant rate).

static void check_rotor_drift(ak_check_ctx *c) {
    long N = ak_samples(c, 1000000, 100000);
    const int n = 4;
    const double h = 0.01, w[6] = { 0.9, 0.0, 0.0, 0.0, 0.0, -1.3 }; // xy + zw: a double rotation
    double Rp[8], Re[8], Rt[8], Rs[8], E[8], B[6], T[8];
    for (int q = 0; q < 6; q++) B[q] = -0.5 * h * w[q];
    ak_nd_rotor_exp(n, E, B);
    ak_nd_rotor_identity(n, Rp);
    ak_nd_rotor_identity(n, Re);
    ak_nd_rotor_identity(n, Rt);
    ak_nd_rotor_identity(n, Rs);
    double worst_p = 0.0;
    for (long s = 0; s < N; s++) {
        ak_nd_rotor_mul(n, T, E, Rp); // exp update with projection every step
        memcpy(Rp, T, sizeof T);
        ak_nd_rotor_renormalize(n, Rp);
        worst_p = fmax(worst_p, ak_nd_rotor_defect(n, Rp));
        ak_nd_rotor_mul(n, T, E, Re); // exp update, never renormalised
        memcpy(Re, T, sizeof T);
        if (s < 100000) { // T-5.17 as published, with and without scale-only normalisation
            ak_published_t517_rotor(n, Rt, w, h);
            ak_published_t517_rotor(n, Rs, w, h);
            ak_nd_rotor_normalize(n, Rs);
        }
    }
    double de = ak_nd_rotor_defect(n, Re), dt = ak_nd_rotor_defect(n, Rt);
    // T-5.17 with constant w multiplies R R~ by (1 - h^2 w^2 / 4) each step; for
    // w = a e_xy + b e_zw, w^2 = -(a^2 + b^2) + 2ab e_xyzw: the grade-4 part grows too.
    long Nt = N < 100000 ? N : 100000;
    double a = w[0], b = w[5], s0 = 1.0 + 0.25 * h * h * (a * a + b * b), s4 = -0.5 * h * h * a * b;
    // (s0 + s4 I)^N with I^2 = 1: eigenvalues s0 +- s4
    double pred_s = 0.5 * (pow(s0 + s4, (double)Nt) + pow(s0 - s4, (double)Nt));
    double pred_4 = 0.5 * (pow(s0 + s4, (double)Nt) - pow(s0 - s4, (double)Nt));
    double N2[8], Rr[8];
    ak_nd_rotor_reverse(n, Rr, Rt);
    ak_nd_rotor_mul(n, N2, Rt, Rr);
    double Ns[8];
    ak_nd_rotor_reverse(n, Rr, Rs);
    ak_nd_rotor_mul(n, Ns, Rs, Rr);
    ak_measure(c, worst_p, TOL_ROTOR_RENORM,
               "exp update + projection, %ld steps: max defect of R R~ (all grades) %.2e", N,
               worst_p);
    ak_note(c,
            "without renormalisation: exp update defect after %ld steps %.2e; T-5.17 after %ld "
            "steps: <RR~>_0 - 1 = %.4e (predicted %.4e), <RR~>_4 = %.4e (predicted %.4e); "
            "T-5.17 + scale normalisation: <RR~>_4 = %.4e",
            N, de, Nt, N2[0] - 1.0, pred_s - 1.0, N2[7], pred_4, Ns[7]);
    ak_value(c, "defect_projected", worst_p);
    ak_value(c, "defect_exp_unnormalised", de);
    ak_value(c, "defect_t517", dt);
    ak_value(c, "grade4_t517_scale_normalised", Ns[7]);
    double rel = fabs(N2[0] - pred_s) / (pred_s - 1.0) + fabs(N2[7] - pred_4) / fabs(pred_4);
    ak_measure(c, rel, 1e-6,
               "T-5.17 drift of R R~ matches (1 - h^2 w^2/4)^N in grades 0 and 4: rel. error %.1e",
               rel);
    ak_expect(c, fabs(Ns[7]) > 1e-4,
              "scale-only normalisation leaves a grade-4 part %.3e in R R~ (ten Bosch's warning)",
              Ns[7]);
}

// ---------------------------------------------------------------------------------------------
// Analytic tops in 3D (P-B.6, P-B.15): RK4 at dt = 1e-3 against the closed-form motor.

static void top_closed_form(int n, double R[], double x[], const double R0[], const double x0[],
                            const double v0[], const double Lw[], double i, const double A[],
                            double t) {
    // R(t) = exp(-(L/i) t/2) R0 exp(-A t/2), x(t) = x0 + v0 t  (P-B.15; A = 0 gives P-B.6)
    int k = ak_nd_nbiv(n);
    double B1[AK_MAX_BIV], B2[AK_MAX_BIV], E1[AK_MAX_EVEN], E2[AK_MAX_EVEN], T[AK_MAX_EVEN];
    for (int q = 0; q < k; q++) B1[q] = -0.5 * t * Lw[q] / i, B2[q] = -0.5 * t * A[q];
    ak_nd_rotor_exp(n, E1, B1);
    ak_nd_rotor_exp(n, E2, B2);
    ak_nd_rotor_mul(n, T, E1, R0);
    ak_nd_rotor_mul(n, R, T, E2);
    for (int a = 0; a < n; a++) x[a] = x0[a] + v0[a] * t;
}

static double top_pga_err,
    top_second_form_x; // set by run_top: ref/pga's P-B.15 motor vs the oracle

static double run_top(ak_check_ctx *c, double i, double i3, double *b14_err) {
    top_pga_err = top_second_form_x = 0.0;
    const int n = 3;
    ak_model *m = ak_model_create(n, 1);
    ak_body *bd = &m->bodies[0];
    strcpy(bd->name, "top");
    bd->mass = 2.0;
    bd->inv_mass = 0.5;
    // symmetry axis z: E3 = e_xy; I_xy = i3, I_xz = I_yz = i
    double Id[3] = { i3, i, i };
    for (int q = 0; q < 3; q++)
        bd->inertia[q * 3 + q] = Id[q], bd->inv_inertia[q * 3 + q] = 1 / Id[q];
    ak_data *d = ak_data_create(m);
    double x0[3] = { 0.3, -0.2, 1.0 }, v0[3] = { 0.5, 0.1, -0.7 }, wb0[3] = { 1.3, -0.6, 0.8 };
    ak_nd_rotor_plane(n, d->R, 0, 2, 0.9);
    double R0[8];
    memcpy(R0, d->R, sizeof(double) * 4);
    memcpy(d->x, x0, sizeof x0);
    memcpy(d->v, v0, sizeof v0);
    ak_dyn_biv_to_world(n, d->w, d->R, wb0);
    double Lw[3], A[3] = { (1.0 - i3 / i) * wb0[0], 0, 0 }; // B-9: A = (1 - i3/i) [B0]_3 E3
    ak_dyn_spin(n, Lw, bd->inertia, d->R, d->w);
    // P-B.14, third line as printed: A = (i1 - i3) [L_b]_3 E3 (with i1 = i)
    double Lb3 = i3 * wb0[0];
    *b14_err = fabs((i - i3) * Lb3 - A[0]);
    const double h = 1e-3;
    double worst = 0.0;
    // ref/pga's motor form of P-B.15, M = M_p M0 M_Lb M_A (L_b = I w_b, body), and the notes'
    // second form M_p M_L M0 M_A with L_w the Euclidean 2-blade R0 L_b R0~ through the origin
    double M0[AK_PGA_MAX], Pm[AK_PGA_MAX], Lb[AK_PGA_MAX], Ab[AK_PGA_MAX], LwE[AK_PGA_MAX],
        zero3[3] = { 0 };
    double lb[3], lwi[3];
    for (int q = 0; q < 3; q++) lb[q] = bd->inertia[q * 3 + q] * wb0[q] / i, lwi[q] = Lw[q] / i;
    ak_pga_motor_from(n, M0, R0, x0);
    ak_pga_rate_from(n, Pm, zero3, v0);
    ak_pga_rate_from(n, Lb, lb, zero3);
    ak_pga_rate_from(n, Ab, A, zero3);
    ak_pga_rate_from(n, LwE, lwi, zero3);
    for (int s = 1; s <= 10000; s++) {
        if (dynamics_step_n(m, d, AK_INT_RK4, h, 1, true, c) != 0) break;
        if (s % 100) continue;
        double R[4], x[3];
        top_closed_form(n, R, x, R0, x0, v0, Lw, i, A, s * h);
        for (int q = 0; q < 4; q++) worst = fmax(worst, fabs(R[q] - d->R[q]));
        for (int a = 0; a < 3; a++) worst = fmax(worst, fabs(x[a] - d->x[a]));
        double M[AK_PGA_MAX], Rp[4], xp[3];
        ak_pga_symmetric_top(n, M, M0, Pm, Lb, Ab, s * h);
        ak_pga_motor_to(n, Rp, xp, M);
        for (int q = 0; q < 4; q++) top_pga_err = fmax(top_pga_err, fabs(Rp[q] - R[q]));
        for (int a = 0; a < 3; a++) top_pga_err = fmax(top_pga_err, fabs(xp[a] - x[a]));
        // second form with the 2-blade through the origin: M_p M_L M0 M_A
        double X[AK_PGA_MAX], Mp[AK_PGA_MAX], ML[AK_PGA_MAX], MA[AK_PGA_MAX], T[AK_PGA_MAX],
            U[AK_PGA_MAX], M2[AK_PGA_MAX];
        for (int q = 0; q < 16; q++) X[q] = -0.5 * s * h * Pm[q];
        ak_pga_motor_exp(n, Mp, X);
        for (int q = 0; q < 16; q++) X[q] = -0.5 * s * h * LwE[q];
        ak_pga_motor_exp(n, ML, X);
        for (int q = 0; q < 16; q++) X[q] = -0.5 * s * h * Ab[q];
        ak_pga_motor_exp(n, MA, X);
        ak_pga_mul(n, T, Mp, ML);
        ak_pga_mul(n, U, T, M0);
        ak_pga_mul(n, M2, U, MA);
        ak_pga_motor_to(n, Rp, xp, M2);
        double ex = 0.0;
        for (int a = 0; a < 3; a++) ex = fmax(ex, fabs(xp[a] - x[a]));
        top_second_form_x = fmax(top_second_form_x, ex);
    }
    ak_data_free(d);
    ak_model_free(m);
    return worst;
}

static void check_spherical_top(ak_check_ctx *c) {
    double b14;
    double e = run_top(c, 0.8, 0.8, &b14);
    ak_measure(c, e, TOL_ANALYTIC,
               "free spherical top, 3D: RK4 dt=1e-3 vs closed form M = e^{-(eps p/m)t/2} "
               "e^{-(L/i)t/2} M0 (P-B.6) over 10 s: max error %.2e",
               e);
    ak_measure(c, top_pga_err, TOL_ROUND,
               "ref/pga motor (ak_pga_symmetric_top, A = 0) vs the vector-GA closed form: %.2e",
               top_pga_err);
    ak_value(c, "max_error", e);
}

static void check_symmetric_top(ak_check_ctx *c) {
    double b14;
    double e = run_top(c, 0.8, 0.3, &b14);
    ak_measure(c, e, TOL_ANALYTIC,
               "free symmetric top, 3D (i = 0.8, i3 = 0.3): RK4 dt=1e-3 vs the closed form "
               "M = M_p M_L M0 M_A (P-B.15) over 10 s: max error %.2e",
               e);
    ak_value(c, "max_error", e);
    ak_measure(c, top_pga_err, TOL_ROUND,
               "ref/pga motor M = M_p M0 M_Lb M_A (ak_pga_symmetric_top, closed-form motor "
               "exponentials) vs the "
               "vector-GA closed form: max %.2e over the same samples",
               top_pga_err);
    ak_expect(c, top_second_form_x > 0.1,
              "the second form M_p M_L M0 M_A with L_w the Euclidean 2-blade R0 L_b R0~ (through "
              "the origin, as "
              "the text defines it) moves the centroid off x0 + v t by up to %.3f: it needs L_w = "
              "M0 L_b M0~",
              top_second_form_x);
    ak_expect(c, b14 > 0.1,
              "P-B.14 third line A = (i1 - i3)[L_b]_3 E3 as printed differs from its own first "
              "lines by %.3f rad/s (slip: should be (1/i3 - 1/i)[L_b]_3)",
              b14);
    ak_value(c, "b14_printed_error", b14);
}

static const ak_check CHECKS[] = {
    { "dynamics.equations", "B-3 B-eq1 B-eq2 B-eq4 B-eq5",
      "GSL rk8pd on the body-frame Euler equation conserves energy and world angular momentum",
      check_equations },
    { "dynamics.conservation", "B-4.int T-5.16 T-5.17 P-2.5.8 B-4.renorm",
      "energy and angular momentum drift per integrator, cuboid (1.1,0.3,2.5,0.7), 100 s",
      check_conservation },
    { "dynamics.convergence", "B-4.int T-5.17 P-2.5.8",
      "error at T = 10 s vs the GSL reference for dt halved five times: observed order",
      check_convergence },
    { "dynamics.rotor_drift", "B-4.renorm T-5.17",
      "rotor defect |R R~ - 1| over 10^6 steps with and without renormalisation",
      check_rotor_drift },
    { "dynamics.spherical_top", "P-B.6 P-2.5.8",
      "RK4 vs the closed-form motor of the free spherical top", check_spherical_top },
    { "dynamics.symmetric_top", "P-B.15 P-B.14 P-2.5.8",
      "RK4 vs the closed-form motor of the free symmetric top", check_symmetric_top },
};

AK_TOPIC(dynamics_integrators, CHECKS)
