// Group "world": the helpers its topic files share (checks_world_common.h).
#include "verify/checks/checks_world_common.h"

void world_load_fail(ak_check_ctx *c, const char *what, const char *err) {
    ak_expect(c, false, "%s: %s", what, err);
}

char *world_scene_path(ak_check_ctx *c, const char *name, char *buf, size_t len) {
    snprintf(buf, len, "%s/%s", ak_scenes_dir(c), name);
    return buf;
}

double world_tall_stack_n(int n, int count, int iters, bool shock, double secs, double *speed) {
    ak_model *m = ak_model_create(n, count + 1);
    ak_data *d = ak_data_create(m);
    double up[AK_MAX_DIM] = { 0, 1, 0, 0 };
    ak_shape g = ak_wc_plane(n, up, 0.0), b = ak_wc_box(n, 0.5);
    ak_wc_set_body(m, d, count, &g, 0.0, NULL);
    for (int i = 0; i < count; i++) {
        double x[AK_MAX_DIM] = { 0, 0.5 + i, 0, 0 };
        ak_wc_set_body(m, d, i, &b, 1.0, x);
        m->bodies[i].material.friction = m->bodies[i].material.static_friction = 0.6;
    }
    char err[256];
    ak_wc_fill_mass(m, err, sizeof err);
    m->gravity[1] = -G;
    m->timestep = 1.0 / 60;
    m->solver.iterations = iters;
    m->solver.shock_propagation = shock;
    ak_world_opts o = ak_world_default_opts(m);
    long steps = lround(secs / o.dt);
    *speed = 0;
    double top = -1;
    for (long s = 0; s < steps; s++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            *speed = INFINITY;
            break;
        }
        if (s >= steps - lround(1.0 / o.dt))
            for (int i = 0; i < count; i++)
                *speed = fmax(*speed, world_vec_norm(n, d->v + (size_t)i * AK_MAX_DIM));
    }
    top = (0.5 + (count - 1)) - d->x[(size_t)(count - 1) * AK_MAX_DIM + 1];
    ak_model_free(m);
    ak_data_free(d);
    return top;
}

// ---- random two-body contacts -------------------------------------------------------------

double world_urand(gsl_rng *r, double lo, double hi) { return lo + (hi - lo) * gsl_rng_uniform(r); }

ak_shape world_random_shape(gsl_rng *r, int n, int kind) {
    ak_shape s;
    if (kind == 0)
        s = ak_wc_sphere(n, world_urand(r, 0.3, 0.7));
    else if (kind == 1) {
        double h[AK_MAX_DIM];
        for (int i = 0; i < n; i++) h[i] = world_urand(r, 0.2, 0.6);
        s = ak_wc_box3(n, h);
    } else {
        s = (ak_shape){ .type = AK_SHAPE_HYPERCAPSULE,
                        .dim = n,
                        .radius = world_urand(r, 0.2, 0.4),
                        .half_length = world_urand(r, 0.2, 0.5) };
    }
    return s;
}

void world_random_rotor(gsl_rng *r, int n, double R[]) {
    double B[AK_MAX_BIV];
    for (int q = 0; q < ak_nd_nbiv(n); q++) B[q] = world_urand(r, -1.5, 1.5);
    ak_nd_rotor_exp(n, R, B);
}

double world_vec_norm(int n, const double *v) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i] * v[i];
    return sqrt(s);
}

// ---- hyperbox on an incline -----------------------------------------------------------------

// Returns the displacement along the slope after t1 and the acceleration from v(t2) - v(t1).
// trace (optional, for the report): displacement along the slope after every step (t2 / dt values).
int world_incline_run(ak_check_ctx *c, double theta, double mu_s, double mu_k, int method,
                      int variant, double *disp, double *acc, double *trace) {
    int n = 4;
    ak_model *m = ak_model_create(n, 2);
    ak_data *d = ak_data_create(m);
    double nrm[AK_MAX_DIM] = { -sin(theta), cos(theta), 0, 0 };
    double down[AK_MAX_DIM] = { -cos(theta), -sin(theta), 0, 0 }; // along the slope, downhill
    double hh = 0.25, x[AK_MAX_DIM];
    for (int i = 0; i < n; i++) x[i] = hh * nrm[i];
    ak_shape bx = ak_wc_box(n, hh), pl = ak_wc_plane(n, nrm, 0.0);
    ak_wc_set_body(m, d, 0, &bx, 1.0, x);
    ak_wc_set_body(m, d, 1, &pl, 0.0, NULL);
    char err[512];
    ak_wc_fill_mass(m, err, sizeof err);
    ak_nd_rotor_plane(n, d->R, 1, 0, -theta); // turns e_y onto the plane normal
    m->bodies[0].material = m->bodies[1].material = (ak_material){ mu_k, mu_s, 0 };
    // method, variant: -1 for the scene's
    if (method == AK_SOLVER_CONVERGED)
        m->solver.method = AK_SOLVER_CONVERGED, m->solver.tolerance = 1e-13;
    if (variant >= 0) m->solver.variant = (ak_variant)variant;
    m->gravity[1] = -G;
    m->timestep = 1.0 / 240;
    m->solver.iterations = 20;
    ak_world_opts o = ak_world_default_opts(m);
    double v1 = 0, t1 = 0.5, t2 = 1.5;
    int ok = 1;
    for (long k = 1; k <= lround(t2 / o.dt); k++) {
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            ak_expect(c, false, "%s", err);
            ok = 0;
            break;
        }
        double vs = 0;
        for (int i = 0; i < n; i++) vs += d->v[i] * down[i];
        if (trace && k <= lround(1.5 * 240)) { // the report's buffer: 1.5 s at 240 Hz
            trace[k - 1] = 0;
            for (int i = 0; i < n; i++) trace[k - 1] += (d->x[i] - x[i]) * down[i];
        }
        if (k == lround(t1 / o.dt)) v1 = vs;
        if (k == lround(t2 / o.dt)) *acc = (vs - v1) / (t2 - t1);
    }
    *disp = 0;
    for (int i = 0; i < n; i++) *disp += (d->x[i] - x[i]) * down[i];
    ak_model_free(m);
    ak_data_free(d);
    return ok;
}

ak_model *world_parse_text(ak_check_ctx *c, const char *text, ak_data **d) {
    char err[1024];
    ak_model *m = ak_scene_parse(text, strlen(text), "<check>", d, err, sizeof err);
    if (!m) world_load_fail(c, "scene", err);
    return m;
}
