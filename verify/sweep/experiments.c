// The built-in experiments of `anakata sweep` (experiments.h): a torque-free body, a stack of
// hypercubes, a collision pair. Each sample builds its own model and data and frees them.
#include "verify/sweep/experiments.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "verify/common/dyn_scenes.h"
#include "verify/common/world_checks_util.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "engine/integrate.h"
#include "engine/model.h"
#include "verify/oracles/collide_truth.h"
#include "ref/published/collide_published.h"
#include "verify/sweep/stability.h"
#include "engine/world.h"

// ---------------------------------------------------------------------------------------------
// free_body

static double norm(int k, const double v[]) {
    double s = 0;
    for (int q = 0; q < k; q++) s += v[q] * v[q];
    return sqrt(s);
}

// The plane of n = 4 that shares no axis with plane q (its dual), or -1.
static int dual_plane(int n, int q) {
    if (n != 4) return -1;
    static const int DUAL[6] = { 5, 4, 3, 2, 1, 0 }; // xy-zw, xz-yw, xw-yz
    return DUAL[q];
}

static int free_body(const ak_sweep_spec *s, const ak_sweep_config *cfg, const bool want[],
                     double v[], char *err, size_t errlen) {
    ak_model *m = NULL;
    ak_data *d = NULL;
    if (s->scene[0]) {
        if (ak_dyn_scene_load(s->scene, &m, &d, err, errlen)) return -1;
        m->nbody = 1; // body 0 alone, free of contacts and of the others
        memset(m->gravity, 0, sizeof m->gravity);
        memset(&m->forces, 0, sizeof m->forces);
        memset(d->x, 0, sizeof(double) * AK_MAX_DIM);
        memset(d->v, 0, sizeof(double) * AK_MAX_DIM);
    } else {
        m = ak_dyn_box_model(cfg->dim, cfg->sides, cfg->mass);
        d = m ? ak_data_create(m) : NULL;
        if (!d) {
            ak_model_free(m);
            snprintf(err, errlen, "%s: out of memory", s->file);
            return -1;
        }
    }
    int n = m->dim, k = ak_nd_nbiv(n);
    ak_sweep_config c2 = *cfg;
    c2.dim = n;
    if (s->scene[0] && !cfg->has_omega)
        ak_dyn_biv_to_body(n, c2.omega, d->R, d->w); // the scene's own rate
    double w0[AK_MAX_BIV];
    ak_sweep_config_omega(&c2, w0);
    ak_dyn_biv_to_world(n, d->w, d->R, w0);
    const double *I = m->bodies[0].inertia;
    int p = 0;
    for (int q = 1; q < k; q++)
        if (fabs(w0[q]) > fabs(w0[p])) p = q;
    double wp0 = w0[p];

    // predictions (no simulation)
    if (want[AK_M_LAMBDA]) {
        double ws[AK_MAX_BIV] = { 0 }, lam = NAN;
        ws[p] = w0[p];
        int dq = dual_plane(n, p);
        if (dq >= 0) ws[dq] = w0[dq];
        if (ak_sweep_linear_growth(n, I, ws, &lam, NULL)) lam = NAN;
        v[AK_M_LAMBDA] = lam;
    }
    if (want[AK_M_PERIOD_ELLIPTIC]) v[AK_M_PERIOD_ELLIPTIC] = ak_sweep_elliptic_period(n, I, w0);

    bool sim = false;
    for (int q = AK_M_FLIPS; q <= AK_M_MOMENTUM_DRIFT; q++) sim |= want[q];
    long N = lround(cfg->duration / cfg->dt);
    if (N < 1) N = 1;
    ak_data *d0 = want[AK_M_ERROR_VS_GSL] ? ak_data_create(m) : NULL;
    if (d0) ak_data_copy(m, d0, d);
    if (sim || want[AK_M_ERROR_VS_GSL]) {
        double E0 = ak_world_kinetic_energy(m, d), pl[AK_MAX_DIM], J0[AK_MAX_BIV], J[AK_MAX_BIV];
        ak_world_momentum(m, d, pl, J0);
        long flips = 0;
        double t_first = NAN, t_last = NAN, prev = wp0, min_dom = 1.0, max_off = 0.0;
        bool failed = false;
        char ierr[AK_ERR_MAX];
        for (long st = 0; st < N; st++) {
            if (ak_integrate_step(m, d, (ak_integrator)cfg->integrator, cfg->dt, true,
                                  ak_world_forces, NULL, ierr, sizeof ierr)) {
                failed = true;
                break;
            }
            double wb[AK_MAX_BIV];
            ak_dyn_biv_to_body(n, wb, d->R, d->w);
            if (!isfinite(wb[p])) {
                failed = true;
                break;
            }
            double cur = wb[p];
            if (wp0 != 0.0 && ((cur < 0) != (prev < 0)) && cur != prev) {
                double t =
                    (double)st * cfg->dt + cfg->dt * prev / (prev - cur); // linear interpolation
                if (flips == 0) t_first = t;
                t_last = t;
                flips++;
            }
            prev = cur;
            if (wp0 != 0.0) min_dom = fmin(min_dom, cur / wp0);
            for (int q = 0; q < k; q++)
                if (q != p) max_off = fmax(max_off, fabs(wb[q]));
        }
        ak_world_momentum(m, d, pl, J);
        double dJ[AK_MAX_BIV];
        for (int q = 0; q < k; q++) dJ[q] = J[q] - J0[q];
        v[AK_M_FLIPS] = failed ? NAN : (double)flips;
        v[AK_M_FIRST_FLIP] = failed ? NAN : t_first;
        v[AK_M_FLIP_PERIOD] =
            failed || flips < 2 ? NAN : 2.0 * (t_last - t_first) / (double)(flips - 1);
        v[AK_M_MIN_DOMINANT] = failed || wp0 == 0.0 ? NAN : min_dom;
        v[AK_M_MAX_OFFPLANE] = failed || wp0 == 0.0 ? NAN : max_off / fabs(wp0);
        v[AK_M_ENERGY_DRIFT] = failed ? NAN : fabs(ak_world_kinetic_energy(m, d) - E0) / E0;
        v[AK_M_MOMENTUM_DRIFT] = failed ? NAN : norm(k, dJ) / norm(k, J0);
        if (d0) {
            // the reference: GSL rk8pd (abs = rel = 1e-12) over the same time in 1 s steps
            double T = (double)N * cfg->dt, H = T / ceil(T);
            bool ok = !failed;
            for (long st = 0; ok && st < (long)ceil(T); st++)
                ok = ak_integrate_step(m, d0, AK_INT_GSL, H, false, ak_world_forces, NULL, ierr,
                                       sizeof ierr) == 0;
            double a[AK_MAX_BIV], b[AK_MAX_BIV], e = 0;
            ak_dyn_biv_to_body(n, a, d->R, d->w);
            ak_dyn_biv_to_body(n, b, d0->R, d0->w);
            for (int q = 0; q < k; q++) e = fmax(e, fabs(a[q] - b[q]) / norm(k, w0));
            for (int q = 0; q < ak_nd_neven(n); q++) e = fmax(e, fabs(d->R[q] - d0->R[q]));
            v[AK_M_ERROR_VS_GSL] = ok ? e : NAN;
        }
    }
    ak_data_free(d0);
    ak_data_free(d);
    ak_model_free(m);
    return 0;
}

// ---------------------------------------------------------------------------------------------
// stack: hypercubes of half extent h, box i shifted along x by i * lean * 2h, on the plane y = 0

static int stack(const ak_sweep_spec *s, const ak_sweep_config *cfg, const bool want[], double v[],
                 char *err, size_t errlen) {
    int n = cfg->dim, H = cfg->height;
    double h = cfg->half;
    ak_model *m = ak_model_create(n, H + 1);
    ak_data *d = m ? ak_data_create(m) : NULL;
    if (!d) {
        ak_model_free(m);
        snprintf(err, errlen, "%s: out of memory", s->file);
        return -1;
    }
    double up[AK_MAX_DIM] = { 0 }, x[AK_MAX_DIM] = { 0 };
    up[1] = 1.0;
    ak_shape plane = ak_wc_plane(n, up, 0.0), box = ak_wc_box(n, h);
    ak_wc_set_body(m, d, 0, &plane, 0.0, NULL);
    for (int b = 1; b <= H; b++) {
        x[0] = (double)(b - 1) * cfg->lean * 2.0 * h;
        x[1] = h + 2.0 * h * (double)(b - 1);
        ak_wc_set_body(m, d, b, &box, 1.0, x);
    }
    for (int b = 0; b <= H; b++) {
        m->bodies[b].material.friction = cfg->friction;
        m->bodies[b].material.static_friction = cfg->friction;
        m->bodies[b].material.restitution = cfg->restitution;
    }
    m->gravity[1] = -9.81;
    m->timestep = cfg->dt;
    m->integrator = (ak_integrator)cfg->integrator;
    m->solver.iterations = cfg->iterations;
    m->solver.shock_propagation = cfg->shock;
    m->solver.method = cfg->method ? AK_SOLVER_PGA : AK_SOLVER_VECTOR;
    m->solver.variant = cfg->variant ? AK_VARIANT_PUBLISHED : AK_VARIANT_CORRECTED;
    if (ak_wc_fill_mass(m, err, errlen)) {
        ak_data_free(d);
        ak_model_free(m);
        return -1;
    }
    ak_world_opts o = ak_world_default_opts(m);
    o.integrator = (ak_integrator)cfg->integrator;
    o.dt = cfg->dt;
    double x0[41 * AK_MAX_DIM]; // height <= 40
    memcpy(x0, d->x, sizeof(double) * (size_t)(H + 1) * AK_MAX_DIM);
    long N = lround(cfg->duration / cfg->dt);
    double fell = NAN, drift = 0.0;
    char werr[AK_ERR_MAX];
    bool sim = want[AK_M_STAND_TIME] || want[AK_M_STOOD] || want[AK_M_MAX_DRIFT];
    for (long st = 0; sim && st < N; st++) {
        if (ak_world_step(m, d, &o, werr, sizeof werr)) {
            fell = (double)st * cfg->dt; // a blown-up state counts as fallen
            drift = INFINITY;
            break;
        }
        for (int b = 1; b <= H; b++) {
            double side = 0.0;
            for (int i = 0; i < n; i++)
                if (i != 1)
                    side = fmax(side, fabs(d->x[b * AK_MAX_DIM + i] - x0[b * AK_MAX_DIM + i]));
            double drop = x0[b * AK_MAX_DIM + 1] - d->x[b * AK_MAX_DIM + 1];
            drift = fmax(drift, fmax(side, fabs(drop)));
            if (isnan(fell) &&
                (side > 0.5 * h || drop > 0.5 * h || !isfinite(side) || !isfinite(drop)))
                fell = (double)(st + 1) * cfg->dt;
        }
    }
    v[AK_M_STAND_TIME] = isnan(fell) ? (double)N * cfg->dt : fell;
    v[AK_M_STOOD] = isnan(fell) ? 1.0 : 0.0;
    v[AK_M_MAX_DRIFT] = drift;
    // statics (independent of the engine): the centre of mass of the boxes above box j lies over
    // box j's top face iff the mean shift of the m boxes above, lean 2h (m + 1) / 2, is at most h;
    // the bottom box (m = H - 1) is the worst: stable iff lean H <= 1.
    v[AK_M_STATICS_STABLE] = cfg->lean * (double)H <= 1.0 ? 1.0 : 0.0;
    ak_data_free(d);
    ak_model_free(m);
    return 0;
}

// ---------------------------------------------------------------------------------------------
// collide: A at C0 (off the origin), B at C0 + distance e_x (capsules: e_y), B rotated by angle
// in xz and angle2 in yw. The ground truth is computed here for sphere-box (exact closest point on the box) and
// capsule-capsule (ternary search of a convex function); box-box uses the collision oracle.

static const double C0[4] = { 0.3, -0.2, 0.1, 0.4 };

static void rotation(double R[16], double a, double b) {
    // R = rot_xz(a) * rot_yw(b), row-major
    double ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b);
    double A[16] = { ca, 0, -sa, 0, 0, 1, 0, 0, sa, 0, ca, 0, 0, 0, 0, 1 };
    double B[16] = { 1, 0, 0, 0, 0, cb, 0, -sb, 0, 0, 1, 0, 0, sb, 0, cb };
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            double t = 0;
            for (int q = 0; q < 4; q++) t += A[i * 4 + q] * B[q * 4 + j];
            R[i * 4 + j] = t;
        }
}

static double dist_point_segment(const double p[4], const double a[4], const double b[4]) {
    double ab[4], ap[4], ab2 = 0, t = 0;
    for (int i = 0; i < 4; i++)
        ab[i] = b[i] - a[i], ap[i] = p[i] - a[i], ab2 += ab[i] * ab[i], t += ap[i] * ab[i];
    t = ab2 > 0 ? fmin(1.0, fmax(0.0, t / ab2)) : 0.0;
    double s = 0;
    for (int i = 0; i < 4; i++) s += (ap[i] - t * ab[i]) * (ap[i] - t * ab[i]);
    return sqrt(s);
}

static int collide(const ak_sweep_spec *s, const ak_sweep_config *cfg, double v[], char *err,
                   size_t errlen) {
    double R[16], cb[4];
    rotation(R, cfg->angle, cfg->angle2);
    int dir = cfg->shapes == AK_PAIR_CAPSULE_CAPSULE ? 1 : 0; // capsules are offset along y
    for (int i = 0; i < 4; i++) cb[i] = C0[i] + (i == dir ? cfg->distance : 0.0);
    double truth = NAN;
    ak_pub_contact pc = { 0 };
    bool depth_defined = true;
    if (cfg->shapes == AK_PAIR_SPHERE_BOX) {
        // sphere radius 0.5 at cb, box at C0 with half extents H, rotated by R
        const double Hh[4] = { 0.5, 0.4, 0.3, 0.6 }, full[4] = { 1.0, 0.8, 0.6, 1.2 }, r = 0.5;
        double loc[4], out = 0, in = INFINITY;
        for (int j = 0; j < 4; j++) { // R^T (cs - c)
            loc[j] = 0;
            for (int i = 0; i < 4; i++) loc[j] += R[i * 4 + j] * (cb[i] - C0[i]);
        }
        for (int j = 0; j < 4; j++) {
            double e = fabs(loc[j]) - Hh[j];
            if (e > 0) out += e * e;
            in = fmin(in, -e);
        }
        truth = (out > 0 ? sqrt(out) : -in) - r;
        pc = ak_pub_alg4_sphere_box(cb, r, C0, full, R);
    } else if (cfg->shapes == AK_PAIR_CAPSULE_CAPSULE) {
        // A along x, half length 0.5, radius 0.2 at C0; B along R e_x, half length 0.5, radius 0.2,
        // at cb = C0 + distance e_y (parallel to A at angle 0; their closest points are interior)
        double a0[4], a1[4], b0[4], b1[4];
        for (int i = 0; i < 4; i++) {
            a0[i] = C0[i] - (i == 0 ? 0.5 : 0.0), a1[i] = C0[i] + (i == 0 ? 0.5 : 0.0);
            b0[i] = cb[i] - 0.5 * R[i * 4 + 0], b1[i] = cb[i] + 0.5 * R[i * 4 + 0];
        }
        double lo = 0, hi = 1; // distance from a point of B's segment to A's segment: convex in t
        for (int it = 0; it < 200; it++) {
            double t1 = lo + (hi - lo) / 3, t2 = hi - (hi - lo) / 3, p1[4], p2[4];
            for (int i = 0; i < 4; i++)
                p1[i] = b0[i] + t1 * (b1[i] - b0[i]), p2[i] = b0[i] + t2 * (b1[i] - b0[i]);
            if (dist_point_segment(p1, a0, a1) < dist_point_segment(p2, a0, a1))
                hi = t2;
            else
                lo = t1;
        }
        double pm[4];
        for (int i = 0; i < 4; i++) pm[i] = b0[i] + 0.5 * (lo + hi) * (b1[i] - b0[i]);
        truth = dist_point_segment(pm, a0, a1) - 0.4;
        pc = ak_pub_alg6_capsule_capsule(a0, a1, 0.2, b0, b1, 0.2);
    } else {
        // two boxes, half extents H (A unrotated at C0, B rotated by R at cb); T-Alg10 with the
        // Table 4.1 axes and T-B.1 vertices as the thesis gives them
        const double Hh[4] = { 0.5, 0.4, 0.3, 0.6 };
        double I4[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }, axes[32][4], V1[16][4],
               V2[16][4];
        int na = ak_pub_tab41_axes(axes, I4, R);
        for (int q = 0; q < 16; q++) {
            ak_pub_tb1_vertex(V1[q], q + 1, C0, Hh, I4);
            ak_pub_tb1_vertex(V2[q], q + 1, cb, Hh, R);
        }
        pc = ak_pub_alg10_box_box((const double(*)[4])axes, na, C0, (const double(*)[4])V1, cb,
                                  (const double(*)[4])V2);
        depth_defined = false; // T-Alg10's s is an overlap along one axis, not a signed distance
        ak_shape sa = { .type = AK_SHAPE_HYPERBOX, .dim = 4 }, sb = sa;
        memcpy(sa.half_extents, Hh, sizeof Hh);
        memcpy(sb.half_extents, Hh, sizeof Hh);
        ak_pose pa = { .dim = 4 }, pb = { .dim = 4 };
        memcpy(pa.pos, C0, sizeof C0);
        memcpy(pb.pos, cb, sizeof cb);
        memcpy(pa.rot, I4, sizeof I4);
        memcpy(pb.rot, R, sizeof R);
        gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
        if (!rng) {
            snprintf(err, errlen, "%s: out of memory", s->file);
            return -1;
        }
        gsl_rng_set(rng, 12345); // fixed: the truth of a pose must not depend on who computes it
        double u[4];
        if (gt_separation(&truth, u, &sa, &pa, &sb, &pb, rng)) truth = NAN;
        gsl_rng_free(rng);
    }
    bool truth_hit = truth < 0;
    v[AK_M_TRUTH_SEP] = truth;
    v[AK_M_PUB_HIT] = pc.hit ? 1.0 : 0.0;
    v[AK_M_PUB_SEP] = pc.hit ? pc.s : NAN;
    // poses within 1e-9 of touching are not judged
    v[AK_M_HIT_WRONG] = fabs(truth) < 1e-9 || isnan(truth) ? NAN
                        : (truth_hit != (pc.hit != 0))     ? 1.0
                                                           : 0.0;
    v[AK_M_DEPTH_ERROR] = depth_defined && pc.hit && truth_hit ? fabs(pc.s - truth) : NAN;
    double de = v[AK_M_DEPTH_ERROR];
    v[AK_M_FAIL] =
        isnan(v[AK_M_HIT_WRONG]) ? NAN
        : (v[AK_M_HIT_WRONG] == 1.0 || (isfinite(de) && de > 1e-6) || (pc.hit && !isfinite(pc.s)))
            ? 1.0
            : 0.0;
    return 0;
}

int ak_sweep_eval(const ak_sweep_spec *s, long i, double out[], char *err, size_t errlen) {
    ak_sweep_config cfg;
    ak_sweep_sample_config(s, i, &cfg);
    bool want[AK_M_COUNT] = { false };
    double v[AK_M_COUNT];
    for (int q = 0; q < AK_M_COUNT; q++) v[q] = NAN;
    for (int j = 0; j < s->nmetric; j++) want[s->metrics[j]] = true;
    int rc = 0;
    switch (s->experiment) {
        case AK_SWEEP_FREE_BODY: rc = free_body(s, &cfg, want, v, err, errlen); break;
        case AK_SWEEP_STACK: rc = stack(s, &cfg, want, v, err, errlen); break;
        case AK_SWEEP_COLLIDE: rc = collide(s, &cfg, v, err, errlen); break;
        default: rc = -1; break;
    }
    for (int j = 0; j < s->nmetric; j++) out[j] = v[s->metrics[j]];
    return rc;
}
