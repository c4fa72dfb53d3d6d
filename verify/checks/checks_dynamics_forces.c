// Group "dynamics": forces (gravity in any direction, drag, a spring) against closed forms
#include "verify/checks/checks_dynamics_common.h"

// ---------------------------------------------------------------------------------------------
// Forces: gravity in any direction (B-8grav), drag, a spring; against closed forms.

static void check_forces(ak_check_ctx *c) {
    double h[4] = { 0.5, 0.5, 0.5, 0.5 };
    ak_model *m = ak_dyn_box_model(4, CUBOID, 2.0);
    (void)h;
    ak_data *d = ak_data_create(m);
    double g[4] = { 0.3, -9.81, 0.2, 1.5 }, v0[4] = { 1, 2, -1, 0.5 };
    memcpy(m->gravity, g, sizeof g);
    memcpy(d->v, v0, sizeof v0);
    dynamics_step_n(m, d, AK_INT_RK4, 0.01, 200, true, c);
    double e = 0;
    for (int i = 0; i < 4; i++) e = fmax(e, fabs(d->x[i] - (v0[i] * 2.0 + 0.5 * g[i] * 4.0)));
    ak_measure(c, e, TOL_ROUND * 10,
               "gravity (0.3, -9.81, 0.2, 1.5), RK4 2 s: |x - (v0 t + g t^2/2)| %.1e", e);
    // linear drag: v(t) = v0 exp(-c t / m)
    memset(m->gravity, 0, sizeof m->gravity);
    m->forces.linear_drag = 0.7;
    ak_data *d2 = ak_data_create(m);
    memcpy(d2->v, v0, sizeof v0);
    dynamics_step_n(m, d2, AK_INT_GSL, 0.1, 20, false, c);
    e = 0;
    for (int i = 0; i < 4; i++) e = fmax(e, fabs(d2->v[i] - v0[i] * exp(-0.7 * 2.0 / 2.0)));
    ak_measure(c, e, TOL_GSL_CONSERVE,
               "linear drag c = 0.7, m = 2, 2 s (GSL): |v - v0 e^{-ct/m}| %.1e", e);
    // spring from the centroid to a world anchor: x(t) harmonic with omega = sqrt(k/m)
    m->forces.linear_drag = 0.0;
    m->forces.nspring = 1;
    m->forces.springs[0] =
        (ak_spring){ .body = 0, .other = -1, .stiffness = 8.0, .rest_length = 0.0 };
    ak_data *d3 = ak_data_create(m);
    d3->x[1] = 0.4;
    dynamics_step_n(m, d3, AK_INT_GSL, 0.1, 30, false, c);
    double want = 0.4 * cos(sqrt(8.0 / 2.0) * 3.0);
    e = fabs(d3->x[1] - want);
    ak_measure(c, e, TOL_GSL_CONSERVE,
               "spring k = 8 at the centroid, m = 2, 3 s (GSL): |y - y0 cos wt| %.1e", e);
    // spring off the centroid + gravity: total energy conserved (torque from r ^ F)
    m->forces.springs[0] = (ak_spring){ .body = 0,
                                        .point = { 0.5, 0.1, -0.3, 0.2 },
                                        .other = -1,
                                        .anchor = { 0, 1, 0, 0 },
                                        .stiffness = 20.0,
                                        .rest_length = 0.3 };
    m->gravity[1] = -9.81;
    ak_data *d4 = ak_data_create(m);
    ak_dyn_biv_to_world(4, d4->w, d4->R, GENERIC_W);
    double E0 = ak_world_kinetic_energy(m, d4) + ak_world_potential_energy(m, d4);
    dynamics_step_n(m, d4, AK_INT_GSL, 0.1, 50, false, c);
    double E1 = ak_world_kinetic_energy(m, d4) + ak_world_potential_energy(m, d4);
    ak_measure(c, fabs(E1 - E0) / fabs(E0), TOL_GSL_CONSERVE,
               "off-centre spring + gravity, 5 s (GSL): relative energy drift %.1e (torque r^F "
               "consistent with the potential)",
               fabs(E1 - E0) / fabs(E0));
    ak_data_free(d);
    ak_data_free(d2);
    ak_data_free(d3);
    ak_data_free(d4);
    ak_model_free(m);
}

static const ak_check CHECKS[] = {
    { "dynamics.forces", "B-8grav B-3", "gravity, drag and springs against closed forms and energy",
      check_forces },
};

AK_TOPIC(dynamics_forces, CHECKS)
