// Checks of group 'sweep': the atlases of `anakata sweep` (docs/atlases.md). Full mode runs the
// shipped specs in sweeps/ as they are; --quick runs smaller versions of them (fewer samples,
// shorter runs, the same tolerances). Each check pins points of its atlas to values computed
// without the engine: closed-form instability rates of the 3D intermediate-axis theorem, the
// elliptic-integral period (Landau & Lifshitz §37), the statics of a leaning stack, exact
// distances of spheres, boxes and segments, and closed forms of the published algorithms' steps.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/checks/checks.h"
#include "verify/common/plot.h"
#include "engine/model.h"
#include "verify/sweep/experiments.h"
#include "verify/sweep/run.h"
#include "verify/sweep/spec.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

#define TOL_LAMBDA 1e-6 // finite-difference eigenvalue vs closed form (relative)
#define TOL_PERIOD 0.01 // flip period vs elliptic integral (relative), as dynamics.dzhanibekov_*
#define TOL_ORDER 0.1   // convergence order (relative), as dynamics.convergence
#define TOL_TRUTH 1e-9  // closed-form distances
#define TOL_TRUTH_ORACLE 1e-6 // box-box separation by the multimin oracle
#define TOL_ROUND 1e-12
#define PI_4 0.78539816339744830962 // pi / 4

// A sweep's table: the spec (full: sweeps/NAME.json; quick: the text given) and its metrics.
typedef struct atlas {
    ak_sweep_spec *s;
    double *t; // nsamples x nmetric
} atlas;

static int run_atlas(ak_check_ctx *c, const char *name, const char *quick_text, atlas *a) {
    char err[AK_ERR_MAX + 64], path[1024];
    a->t = NULL;
    if (ak_quick(c)) {
        snprintf(path, sizeof path, "%s (quick)", name);
        a->s = ak_sweep_spec_parse(quick_text, strlen(quick_text), path, NULL, err, sizeof err);
    } else {
        snprintf(path, sizeof path, "%s/sweeps/%s.json", AK_SOURCE_DIR, name);
        a->s = ak_sweep_spec_load(path, err, sizeof err);
    }
    if (!a->s) {
        ak_expect(c, false, "spec: %s", err);
        return -1;
    }
    a->t = malloc(sizeof(double) * (size_t)a->s->nsamples * (size_t)a->s->nmetric);
    if (!a->t || ak_sweep_table(a->s, 0, a->t, err, sizeof err)) {
        ak_expect(c, false, "%s: %s", name, a->t ? err : "out of memory");
        return -1;
    }
    ak_note(c, "%s: %ld samples (%s)", name, a->s->nsamples,
            ak_quick(c) ? "quick version" : "sweeps/*.json as shipped");
    return 0;
}

static void free_atlas(atlas *a) {
    ak_sweep_spec_free(a->s);
    free(a->t);
}

static double M(const atlas *a, long i, const char *metric) {
    for (int j = 0; j < a->s->nmetric; j++)
        if (!strcmp(ak_sweep_metric_name(a->s->metrics[j]), metric))
            return a->t[(size_t)i * (size_t)a->s->nmetric + (size_t)j];
    return NAN;
}

static double P(const atlas *a, long i, const char *param) {
    for (int p = 0; p < a->s->nparam; p++)
        if (!strcmp(a->s->params[p].name, param)) return ak_sweep_param_value(a->s, i, p);
    return NAN;
}

static void plot(ak_check_ctx *c, const char *file, const char *title, const char *xl,
                 const char *yl, const ak_plot_series *ps, size_t n, bool logx, bool logy,
                 const char *caption) {
    const char *dir = ak_artifact_dir(c);
    if (!dir) return;
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (ak_plot_lines(path, title, xl, yl, ps, n, logx, logy, err, sizeof err) == 0)
        ak_artifact(c, path, "%s", caption);
}

// ---------------------------------------------------------------------------------------------
// 4D Dzhanibekov atlas

// Closed-form growth rate of a rotation W in plane p of a body with diagonal moments I6 (order
// xy, xz, xw, yz, yw, zw): the plane lies in two 3D triples; in each, the intermediate-axis
// theorem gives W sqrt((I_a - I_p)(I_p - I_b) / (I_a I_b)) when p is intermediate, else 0.
static double closed_form_rate(const double I6[6], int p, double W) {
    static const int TRI[6][2][2] = { { { 1, 3 }, { 2, 4 } }, { { 0, 3 }, { 2, 5 } },
                                      { { 0, 4 }, { 1, 5 } }, { { 0, 1 }, { 4, 5 } },
                                      { { 0, 2 }, { 3, 5 } }, { { 1, 2 }, { 3, 4 } } };
    double r = 0;
    for (int t = 0; t < 2; t++) {
        double Ia = I6[TRI[p][t][0]], Ib = I6[TRI[p][t][1]],
               q = (Ia - I6[p]) * (I6[p] - Ib) / (Ia * Ib);
        if (q > 0) r = fmax(r, fabs(W) * sqrt(q));
    }
    return r;
}

static void cuboid_moments(const double sides[4], double mass, double I6[6]) {
    int k = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            I6[k++] = mass * (sides[a] * sides[a] + sides[b] * sides[b]) / 12.0;
}

static const char *Q_PLANES =
    "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\","
    " \"base\": {\"sides\": [1.1, 0.3, 2.5, 0.7], \"mass\": 1, \"magnitude\": 1, \"duration\": 60, "
    "\"dt\": 0.01, \"integrator\": \"rk4\"},"
    " \"parameters\": [{\"name\": \"plane\", \"values\": [\"xy\", \"xz\", \"xw\", \"yz\", \"yw\", "
    "\"zw\"]},"
    "                 {\"name\": \"perturbation\", \"values\": [0.001, 0.01]}],"
    " \"sampling\": {\"method\": \"grid\"},"
    " \"metrics\": [\"lambda_linear\", \"flips\", \"first_flip\", \"flip_period\", "
    "\"min_dominant\", \"max_offplane\", \"energy_drift\"]}";
static const char *Q_SUBSPACE =
    "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\","
    " \"base\": {\"sides\": [1.1, 0.3, 2.5, 0.7], \"mass\": 1, \"omega\": [0, 0, 0, 1, 0, 0], "
    "\"duration\": 80, \"dt\": 0.01, \"integrator\": \"rk4\"},"
    " \"parameters\": [{\"name\": \"omega.xy\", \"values\": [0.003, 0.3]}, {\"name\": "
    "\"omega.xz\", \"values\": [0.01, 0.1]}],"
    " \"sampling\": {\"method\": \"grid\"},"
    " \"metrics\": [\"flips\", \"first_flip\", \"flip_period\", \"period_elliptic\", "
    "\"min_dominant\", \"max_offplane\"]}";
static const char *Q_SUBSPACE_XYW =
    "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\","
    " \"base\": {\"sides\": [1.1, 0.3, 2.5, 0.7], \"mass\": 1, \"omega\": [1, 0, 0, 0, 0, 0], "
    "\"duration\": 80, \"dt\": 0.01, \"integrator\": \"rk4\"},"
    " \"parameters\": [{\"name\": \"omega.xw\", \"values\": [0.003, 0.3]}, {\"name\": "
    "\"omega.yw\", \"values\": [0.01, 0.1]}],"
    " \"sampling\": {\"method\": \"grid\"},"
    " \"metrics\": [\"flips\", \"first_flip\", \"flip_period\", \"period_elliptic\", "
    "\"min_dominant\", \"max_offplane\"]}";
#define Q_PAIR(a, b)                                                                               \
    "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\","                             \
    " \"base\": {\"sides\": [1.1, 0.3, 2.5, 0.7], \"mass\": 1, \"magnitude\": 1, \"pair\": [\"" a  \
    "\", \"" b "\"],"                                                                              \
    "  \"perturbation\": 0.01, \"duration\": 60, \"dt\": 0.01, \"integrator\": \"rk4\"},"          \
    " \"parameters\": [{\"name\": \"pair_angle\", \"range\": [0, 1.5707963267948966], \"count\": " \
    "9}],"                                                                                         \
    " \"sampling\": {\"method\": \"grid\"},"                                                       \
    " \"metrics\": [\"lambda_linear\", \"flips\", \"first_flip\", \"min_dominant\", "              \
    "\"max_offplane\"]}"

static void check_dzhanibekov_atlas(ak_check_ctx *c) {
    const double sides[4] = { 1.1, 0.3, 2.5, 0.7 };
    double I6[6];
    cuboid_moments(sides, 1.0, I6);
    // (1) simple rotations plus perturbations: stable planes never flip, unstable ones do
    atlas a;
    if (run_atlas(c, "dzhanibekov_planes", Q_PLANES, &a) == 0) {
        int stable_ok = 0, stable_n = 0, unstable_ok = 0, unstable_n = 0;
        double worst_dom = 1.0;
        double lam_bar[6] = { 0 }, flips_bar[6] = { 0 };
        for (long i = 0; i < a.s->nsamples; i++) {
            int p = (int)P(&a, i, "plane");
            double eps = P(&a, i, "perturbation"), rate = closed_form_rate(I6, p, 1.0);
            if (eps > 0.01 + 1e-12) continue; // the pins: perturbations up to 1 %
            if (rate == 0) {
                stable_n++;
                bool ok = M(&a, i, "flips") == 0 && M(&a, i, "min_dominant") > 0.99;
                stable_ok += ok;
                worst_dom = fmin(worst_dom, M(&a, i, "min_dominant"));
                if (!ok)
                    ak_note(c, "plane %s, perturbation %g: %g flips, min w_p/w_p(0) = %g",
                            ak_sweep_plane_name(4, p), eps, M(&a, i, "flips"),
                            M(&a, i, "min_dominant"));
            } else {
                unstable_n++;
                unstable_ok += M(&a, i, "flips") >= 1;
            }
            if (fabs(eps - 0.01) < 1e-12)
                lam_bar[p] = M(&a, i, "lambda_linear"), flips_bar[p] = M(&a, i, "flips");
        }
        ak_expect(c, stable_n > 0 && stable_ok == stable_n,
                  "rotation in a linearly stable plane (xz, xw, yw: extreme in both of its 3D "
                  "triples) plus a perturbation "
                  "<= 1%%: never flips in %g s (%d of %d samples; smallest w_p(t)/w_p(0) %.4f)",
                  a.s->base.duration, stable_ok, stable_n, worst_dom);
        ak_expect(c, unstable_n > 0 && unstable_ok == unstable_n,
                  "rotation in an unstable plane (xy, yz, zw) plus a perturbation <= 1%%: flips "
                  "(%d of %d samples)",
                  unstable_ok, unstable_n);
        const char *labels[6];
        for (int p = 0; p < 6; p++) labels[p] = ak_sweep_plane_name(4, p);
        const char *dir = ak_artifact_dir(c);
        if (dir) {
            char path[1200], err[256];
            snprintf(path, sizeof path, "%s/planes_lambda.png", dir);
            if (ak_plot_bars(path, "Linear growth rate of rotation in each plane (|w| = 1)",
                             "max Re(eigenvalue) [1/s]", labels, lam_bar, 6, false, err,
                             sizeof err) == 0)
                ak_artifact(
                    c, path,
                    "Largest real part of the eigenvalues of the linearised body-frame Euler "
                    "equations "
                    "(finite-difference Jacobian, GSL eigenvalues) about rotation in each "
                    "principal plane "
                    "of ten Bosch's cuboid: zero for xz, xw, yw (stable), positive for xy, zw (one "
                    "unstable triple each) and yz (both of its triples unstable).");
            snprintf(path, sizeof path, "%s/planes_flips.png", dir);
            if (ak_plot_bars(path, "Sign changes of the dominant rate, perturbation 0.01", "flips",
                             labels, flips_bar, 6, false, err, sizeof err) == 0)
                ak_artifact(c, path,
                            "Number of sign changes of the dominant body rate over the run (RK4, "
                            "dt = 0.01) "
                            "with every other component perturbed by 0.01: exactly the planes with "
                            "a positive "
                            "growth rate flip.");
        }
        free_atlas(&a);
    }
    // (2) inside a 3D subspace (xyz around yz; xyw around xy): the flip period is the
    // elliptic-integral period
    static const char *const SUB[2][3] = { { "dzhanibekov_subspace", "yz in xyz", "w_xy, w_xz" },
                                           { "dzhanibekov_subspace_xyw", "xy in xyw",
                                             "w_xw, w_yw" } };
    const char *const QSUB[2] = { Q_SUBSPACE, Q_SUBSPACE_XYW };
    for (int f = 0; f < 2; f++) {
        if (run_atlas(c, SUB[f][0], QSUB[f], &a)) continue;
        double worst = 0;
        int n = 0;
        for (long i = 0; i < a.s->nsamples; i++) {
            double T = M(&a, i, "flip_period"), Te = M(&a, i, "period_elliptic");
            if (isnan(Te) || isnan(T)) {
                ak_expect(c, false, "%s sample %ld: no flip period (%g) or no elliptic period (%g)",
                          SUB[f][0], i, T, Te);
                continue;
            }
            worst = fmax(worst, fabs(T / Te - 1.0));
            n++;
        }
        ak_measure(
            c, worst, TOL_PERIOD,
            "rotation near %s (%d samples, %s from 0.003 to 0.3): flip period of the engine (RK4, "
            "dt = 0.01) "
            "vs 4 K(k) sqrt(I1 I2 I3 / ...) by gsl_sf_ellint_Kcomp: worst relative difference %.2e",
            SUB[f][1], n, SUB[f][2], worst);
        ak_value(c, f ? "subspace_xyw_period_error" : "subspace_xyz_period_error", worst);
        free_atlas(&a);
    }
    // (3) double rotations in dual planes
    static const char *const PAIRS[3][2] = { { "xy", "zw" }, { "xz", "yw" }, { "xw", "yz" } };
    static const char *const QP[3] = { Q_PAIR("xy", "zw"), Q_PAIR("xz", "yw"), Q_PAIR("xw", "yz") };
    double xs[3][32], lam[3][32], fl[3][32];
    size_t np[3] = { 0, 0, 0 };
    char labs[3][32];
    for (int f = 0; f < 3; f++) {
        char name[64];
        snprintf(name, sizeof name, "dzhanibekov_pair_%s_%s", PAIRS[f][0], PAIRS[f][1]);
        snprintf(labs[f], sizeof labs[f], "%s + %s", PAIRS[f][0], PAIRS[f][1]);
        if (run_atlas(c, name, QP[f], &a)) continue;
        int pa = ak_sweep_plane_index(4, PAIRS[f][0]), pb = ak_sweep_plane_index(4, PAIRS[f][1]);
        for (long i = 0; i < a.s->nsamples && i < 32; i++) {
            double th = P(&a, i, "pair_angle");
            xs[f][i] = th, lam[f][i] = M(&a, i, "lambda_linear"), fl[f][i] = M(&a, i, "flips");
            np[f]++;
            // the ends of the family are simple rotations: closed-form rates
            if (th == 0.0 || i == a.s->nsamples - 1) {
                int p = th == 0.0 ? pa : pb;
                double want = closed_form_rate(I6, p, 1.0), got = lam[f][i];
                ak_measure(c, fabs(got - want) / fmax(want, 1.0), TOL_LAMBDA,
                           "rotation in %s alone: growth rate %.9f /s (eigenvalues) vs closed form "
                           "%.9f /s",
                           ak_sweep_plane_name(4, p), got, want);
            }
        }
        if (f == 0) {
            // the isoclinic double rotation w_xy = w_zw: both planes unstable alone, stable together
            long iso = -1;
            for (long i = 0; i < a.s->nsamples; i++)
                if (fabs(P(&a, i, "pair_angle") - PI_4) < 1e-9) iso = i;
            if (iso < 0) {
                ak_expect(c, false, "the xy + zw family has no sample at pi/4");
            } else {
                double l = M(&a, iso, "lambda_linear");
                ak_expect(c,
                          fabs(l) < TOL_LAMBDA && M(&a, iso, "flips") == 0 &&
                              M(&a, iso, "min_dominant") > 0.99,
                          "isoclinic xy + zw (w_xy = w_zw = 0.707, others 0.01): growth rate %.1e "
                          "(neutral) and no flip "
                          "in %g s (min w_xy(t)/w_xy(0) %.4f), though xy and zw alone flip",
                          l, a.s->base.duration, M(&a, iso, "min_dominant"));
                ak_value(c, "isoclinic_lambda", l);
            }
            // where this family is linearly stable (of the samples)
            double lo = NAN, hi = NAN;
            for (long i = 0; i < a.s->nsamples; i++)
                if (M(&a, i, "lambda_linear") < TOL_LAMBDA) {
                    double th = P(&a, i, "pair_angle");
                    if (isnan(lo)) lo = th;
                    hi = th;
                }
            ak_note(c,
                    "xy + zw: linearly stable for pair_angle in [%.4f, %.4f] rad of the samples "
                    "(isoclinic: %.4f)",
                    lo, hi, PI_4);
        }
        free_atlas(&a);
    }
    ak_plot_series ps[3], pf[3];
    for (int f = 0; f < 3; f++) {
        ps[f] = (ak_plot_series){ labs[f], xs[f], lam[f], np[f] };
        pf[f] = (ak_plot_series){ labs[f], xs[f], fl[f], np[f] };
    }
    plot(c, "pairs_lambda.png", "Double rotations w = cos(a) e_1 + sin(a) e_2: linear growth rate",
         "a [rad]", "max Re(eigenvalue) [1/s]", ps, 3, false, false,
         "Linear stability of the steady double rotation in a pair of dual planes against the "
         "mixing angle a (a = pi/4 "
         "is isoclinic). xy + zw: both planes unstable alone; the growth rate falls to zero at the "
         "isoclinic rotation, "
         "which alone is neutrally stable; xz + yw: stable throughout; xw + yz: stable while xw "
         "dominates, unstable "
         "as soon as yz does.");
    plot(c, "pairs_flips.png",
         "Double rotations plus a 1% perturbation: flips of the dominant rate", "a [rad]",
         "sign changes in the run", pf, 3, false, false,
         "Sign changes of the dominant body rate over the run (RK4, dt = 0.01), the same families: "
         "the simulation agrees "
         "with the linear prediction above (no flips where the growth rate is zero).");
}

// ---------------------------------------------------------------------------------------------
// Integrator atlas

static const char *Q_INTEG = "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\","
                             " \"base\": {\"sides\": [1.1, 0.3, 2.5, 0.7], \"mass\": 1, \"omega\": "
                             "[0.9, -0.35, 0.6, 0.45, -0.8, 0.3], \"duration\": 10},"
                             " \"parameters\": [{\"name\": \"integrator\", \"values\": "
                             "[\"thesis\", \"catto\", \"rk4\", \"exp\", \"gsl\"]},"
                             "                 {\"name\": \"dt\", \"range\": [0.0125, 0.05], "
                             "\"count\": 3, \"scale\": \"log\"}],"
                             " \"sampling\": {\"method\": \"grid\"}, \"metrics\": "
                             "[\"error_vs_gsl\", \"energy_drift\", \"momentum_drift\"]}";

static void check_integrator_atlas(ak_check_ctx *c) {
    atlas a;
    if (run_atlas(c, "integrators", Q_INTEG, &a)) return;
    static const char *const NAMES[5] = { "thesis", "catto", "rk4", "exp", "gsl" };
    static const double ORDER[5] = { 1, 1, 4, 1, 0 };
    double xs[5][16], err[5][16], en[5][16], mo[5][16];
    size_t n[5] = { 0 };
    char labs[5][48];
    for (long i = 0; i < a.s->nsamples; i++) {
        int g = (int)P(&a, i, "integrator");
        int slot = -1;
        for (int q = 0; q < 5; q++)
            if (g == q) slot = q; // ak_integrator order: thesis, catto, rk4, exp, gsl
        if (slot < 0 || n[slot] >= 16) continue;
        xs[slot][n[slot]] = P(&a, i, "dt");
        err[slot][n[slot]] = M(&a, i, "error_vs_gsl");
        en[slot][n[slot]] = M(&a, i, "energy_drift");
        mo[slot][n[slot]] = M(&a, i, "momentum_drift");
        n[slot]++;
    }
    for (int q = 0; q < 5; q++) {
        // least-squares slope of log(error) on log(dt) over the points clear of round-off (> 1e-9)
        // and of the non-asymptotic range (< 0.3)
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        int m = 0;
        for (size_t j = 0; j < n[q]; j++)
            if (err[q][j] > 1e-9 && err[q][j] < 0.3) {
                double x = log(xs[q][j]), y = log(err[q][j]);
                sx += x, sy += y, sxx += x * x, sxy += x * y, m++;
            }
        if (ORDER[q] == 0) {
            double worst = 0;
            for (size_t j = 0; j < n[q]; j++) worst = fmax(worst, err[q][j]);
            ak_measure(
                c, worst, 1e-9,
                "gsl (adaptive rk8pd, 1e-12): error at T = 10 s for every dt %.1e (dt only sets "
                "where it stops)",
                worst);
            snprintf(labs[q], sizeof labs[q], "gsl");
            continue;
        }
        double order = m >= 2 ? (m * sxy - sx * sy) / (m * sxx - sx * sx) : NAN;
        ak_measure(c, fabs(order - ORDER[q]) / ORDER[q], TOL_ORDER,
                   "%s: measured order %.3f from %d step sizes (theory %.0f)", NAMES[q], order, m,
                   ORDER[q]);
        ak_value(c, NAMES[q], order);
        snprintf(labs[q], sizeof labs[q], "%s (order %.2f)", NAMES[q], order);
    }
    ak_plot_series pe[5], pd[5], pm[5];
    for (int q = 0; q < 5; q++) {
        pe[q] = (ak_plot_series){ labs[q], xs[q], err[q], n[q] };
        pd[q] = (ak_plot_series){ NAMES[q], xs[q], en[q], n[q] };
        pm[q] = (ak_plot_series){ NAMES[q], xs[q], mo[q], n[q] };
    }
    const char *dir = ak_artifact_dir(c);
    if (dir) {
        char path[1200], e2[256];
        snprintf(path, sizeof path, "%s/integrator_error.png", dir);
        if (ak_plot_loglog(path, "Integrator atlas: error at T = 10 s vs dt", "dt [s]",
                           "max |state - GSL| at T", pe, 5, e2, sizeof e2) == 0)
            ak_artifact(c, path,
                        "Error of the body rate and rotor against the GSL reference after 10 s, "
                        "torque-free "
                        "4D cuboid, against dt; the legend gives the least-squares order.");
        snprintf(path, sizeof path, "%s/integrator_energy.png", dir);
        if (ak_plot_loglog(path, "Integrator atlas: energy drift at T = 10 s", "dt [s]",
                           "|E - E0| / E0", pd, 5, e2, sizeof e2) == 0)
            ak_artifact(c, path, "Relative kinetic-energy drift after 10 s against dt.");
        snprintf(path, sizeof path, "%s/integrator_momentum.png", dir);
        if (ak_plot_loglog(path, "Integrator atlas: angular-momentum drift at T = 10 s", "dt [s]",
                           "|L - L0| / |L0|", pm, 5, e2, sizeof e2) == 0)
            ak_artifact(
                c, path,
                "Relative drift of the world angular-momentum bivector after 10 s against dt.");
    }
    free_atlas(&a);
}

// ---------------------------------------------------------------------------------------------
// Solver atlas

static const char *Q_STACK =
    "{\"format\": \"anakata-sweep/1\", \"experiment\": \"stack\","
    " \"base\": {\"dim\": 4, \"half\": 0.5, \"duration\": 2, \"dt\": 0.016666666666666666, "
    "\"integrator\": \"catto\"},"
    " \"parameters\": [{\"name\": \"height\", \"values\": [1, 4, 8]}, {\"name\": \"iterations\", "
    "\"values\": [1, 8]},"
    "                 {\"name\": \"shock_propagation\", \"values\": [false, true]}],"
    " \"sampling\": {\"method\": \"grid\"}, \"metrics\": [\"stand_time\", \"stood\", "
    "\"max_drift\"]}";
static const char *Q_LEAN = "{\"format\": \"anakata-sweep/1\", \"experiment\": \"stack\","
                            " \"base\": {\"dim\": 4, \"half\": 0.5, \"duration\": 3, \"dt\": "
                            "0.016666666666666666, \"iterations\": 20},"
                            " \"parameters\": [{\"name\": \"height\", \"values\": [3]}, {\"name\": "
                            "\"lean\", \"values\": [0.1, 0.25, 0.4, 0.5]}],"
                            " \"sampling\": {\"method\": \"grid\"}, \"metrics\": [\"stand_time\", "
                            "\"stood\", \"statics_stable\", \"max_drift\"]}";

static void check_solver_atlas(ak_check_ctx *c) {
    atlas a;
    if (run_atlas(c, "solver_stack", Q_STACK, &a) == 0) {
        // one box on the plane is in equilibrium whatever the solver: it must stand
        int ones = 0, ones_ok = 0;
        double hs[2][8][16], st[2][8][16];
        size_t nn[2][8] = { { 0 } };
        double iters[8];
        int ni = 0;
        for (long i = 0; i < a.s->nsamples; i++) {
            if (P(&a, i, "height") == 1) ones++, ones_ok += M(&a, i, "stood") == 1;
            int sh = P(&a, i, "shock_propagation") != 0, it = (int)P(&a, i, "iterations"), k = -1;
            for (int q = 0; q < ni; q++)
                if (iters[q] == it) k = q;
            if (k < 0 && ni < 8) iters[k = ni++] = it;
            if (k < 0 || nn[sh][k] >= 16) continue;
            hs[sh][k][nn[sh][k]] = P(&a, i, "height");
            st[sh][k][nn[sh][k]++] = M(&a, i, "stand_time");
        }
        ak_expect(c, ones > 0 && ones == ones_ok,
                  "a single hypercube on the plane stands for every solver setting (%d of %d)",
                  ones_ok, ones);
        long stood = 0;
        for (long i = 0; i < a.s->nsamples; i++) stood += M(&a, i, "stood") == 1;
        ak_value(c, "stacks_standing", (double)stood);
        ak_note(c, "%ld of %ld stacks stand the whole run", stood, a.s->nsamples);
        char labs[2][8][32];
        ak_plot_series ps[2][8];
        for (int sh = 0; sh < 2; sh++) {
            for (int k = 0; k < ni; k++) {
                snprintf(labs[sh][k], sizeof labs[sh][k], "%d iterations", (int)iters[k]);
                ps[sh][k] = (ak_plot_series){ labs[sh][k], hs[sh][k], st[sh][k], nn[sh][k] };
            }
            char file[64], title[128], cap[400];
            snprintf(file, sizeof file, "stack_stand_time_shock%d.png", sh);
            snprintf(title, sizeof title,
                     "Solver atlas: how long a 4D stack stands (shock propagation %s)",
                     sh ? "on" : "off");
            snprintf(cap, sizeof cap,
                     "Time until a hypercube of the stack moves by more than half its half extent "
                     "(capped at the run's %g s) against the stack height, one curve per solver "
                     "iteration count, "
                     "shock propagation %s; catto at 60 Hz.",
                     a.s->base.duration, sh ? "on" : "off");
            plot(c, file, title, "height (boxes)", "stand time [s]", ps[sh], (size_t)ni, false,
                 false, cap);
        }
        free_atlas(&a);
    }
    // statics: a leaning stack stands iff lean * height <= 1 (away from the boundary)
    if (run_atlas(c, "solver_lean", Q_LEAN, &a) == 0) {
        int n = 0, agree = 0;
        for (long i = 0; i < a.s->nsamples; i++) {
            double lh = P(&a, i, "lean") * P(&a, i, "height");
            if (fabs(lh - 1.0) < 0.1) continue; // the boundary itself is decided by dynamics
            n++;
            bool ok = M(&a, i, "stood") == M(&a, i, "statics_stable");
            agree += ok;
            if (!ok)
                ak_note(c, "height %g lean %g: stood %g, statics says %g", P(&a, i, "height"),
                        P(&a, i, "lean"), M(&a, i, "stood"), M(&a, i, "statics_stable"));
        }
        ak_expect(c, n > 0 && agree == n,
                  "leaning stacks (20 iterations): the engine's stacks stand exactly where statics "
                  "says the centre of mass "
                  "of the boxes above each box lies over it (lean x height < 0.9 stands, > 1.1 "
                  "falls): %d of %d",
                  agree, n);
        free_atlas(&a);
    }
}

// ---------------------------------------------------------------------------------------------
// Published collision tests

static const char *Q_COLLIDE =
    "{\"format\": \"anakata-sweep/1\", \"experiment\": \"collide\","
    " \"parameters\": [{\"name\": \"shapes\", \"values\": [\"sphere_box\", \"capsule_capsule\", "
    "\"box_box\"]},"
    "                 {\"name\": \"distance\", \"range\": [0, 1.6], \"count\": 9},"
    "                 {\"name\": \"angle\", \"range\": [0, 1.5707963267948966], \"count\": 5}],"
    " \"sampling\": {\"method\": \"grid\"},"
    " \"metrics\": [\"truth_sep\", \"pub_hit\", \"pub_sep\", \"hit_wrong\", \"depth_error\", "
    "\"fail\"]}";

static void check_collide_atlas(ak_check_ctx *c) {
    atlas a;
    if (run_atlas(c, "collide_published", Q_COLLIDE, &a)) return;
    static const char *const NAMES[3] = { "T-Alg4 sphere-box", "T-Alg6 capsule-capsule",
                                          "T-Alg10 box-box" };
    double worst_truth = 0, worst_alg6 = 0, worst_box = 0;
    int alg6_hit_bad = 0, alg10_overlap = 0, alg10_overlap_fail = 0, alg10_sep = 0,
        alg10_sep_fail = 0;
    // failure fraction against distance and against angle, per pair
    double dvals[64], avals[64], fd[3][64], fa[3][64], nd[3][64], na[3][64];
    int ndv = 0, nav = 0;
    memset(fd, 0, sizeof fd), memset(fa, 0, sizeof fa), memset(nd, 0, sizeof nd),
        memset(na, 0, sizeof na);
    long judged[3] = { 0 }, failed[3] = { 0 };
    for (long i = 0; i < a.s->nsamples; i++) {
        int pair = (int)P(&a, i, "shapes");
        double d = P(&a, i, "distance"), th = P(&a, i, "angle"), truth = M(&a, i, "truth_sep");
        int di = -1, ai = -1;
        for (int q = 0; q < ndv; q++)
            if (dvals[q] == d) di = q;
        if (di < 0 && ndv < 64) dvals[di = ndv++] = d;
        for (int q = 0; q < nav; q++)
            if (avals[q] == th) ai = q;
        if (ai < 0 && nav < 64) avals[ai = nav++] = th;
        double f = M(&a, i, "fail");
        if (!isnan(f)) {
            judged[pair]++, failed[pair] += f == 1;
            if (di >= 0) fd[pair][di] += f, nd[pair][di]++;
            if (ai >= 0) fa[pair][ai] += f, na[pair][ai]++;
        }
        // closed-form truths
        if (pair == AK_PAIR_CAPSULE_CAPSULE &&
            th == 0) // parallel segments d apart, radii 0.2 + 0.2
            worst_truth = fmax(worst_truth, fabs(truth - (d - 0.4)));
        if (pair == AK_PAIR_SPHERE_BOX && th == 0 &&
            d >= 1.0) // along x: d - half extent 0.5 - radius 0.5
            worst_truth = fmax(worst_truth, fabs(truth - (d - 1.0)));
        if (pair == AK_PAIR_BOX_BOX && th == 0 &&
            d == 0) // coincident: overlap 2 x the least half extent 0.3
            worst_box = fmax(worst_box, fabs(truth + 0.6));
        if (pair == AK_PAIR_BOX_BOX && th == 0 && d >= 1.0) // aligned boxes along x: d - 2 x 0.5
            worst_box = fmax(worst_box, fabs(truth - (d - 1.0)));
        // T-Alg6's endpoint heuristic, worked by hand for this pose: from A's endpoint (0.5, 0) the
        // projection onto B gives t = 0.5 cos(a), back onto A x = 0.5 cos^2(a): distance
        // sqrt(d^2 + (0.5 cos a sin a)^2), then T-Alg1 subtracts the radii
        if (pair == AK_PAIR_CAPSULE_CAPSULE) {
            double s = sqrt(d * d + pow(0.5 * cos(th) * sin(th), 2)) - 0.4;
            bool hit = M(&a, i, "pub_hit") == 1;
            if (hit != (s <= 0) && fabs(s) > 1e-12) alg6_hit_bad++;
            if (hit) worst_alg6 = fmax(worst_alg6, fabs(M(&a, i, "pub_sep") - s));
        }
        // T-Alg10 as printed returns "none" as soon as one axis shows overlap: it never reports
        // overlapping boxes, and is right about separated ones
        if (pair == AK_PAIR_BOX_BOX && !isnan(M(&a, i, "hit_wrong"))) {
            if (truth < 0)
                alg10_overlap++, alg10_overlap_fail += M(&a, i, "fail") == 1;
            else
                alg10_sep++, alg10_sep_fail += M(&a, i, "fail") == 1;
        }
    }
    ak_measure(c, worst_truth, TOL_TRUTH,
               "ground truth vs closed forms (parallel capsules d - 0.4; sphere and box along x "
               "d - 1): worst difference %.1e",
               worst_truth);
    ak_measure(c, worst_box, TOL_TRUTH_ORACLE,
               "box-box ground truth (collision oracle, GSL multimin) vs closed forms "
               "(coincident -0.6; aligned d - 1): worst difference %.1e",
               worst_box);
    ak_measure(c, worst_alg6, TOL_ROUND * 100,
               "T-Alg6 as printed vs its endpoint heuristic worked by hand, "
               "sqrt(d^2 + (cos a sin a / 2)^2) - 0.4: worst difference %.1e",
               worst_alg6);
    ak_expect(
        c, alg6_hit_bad == 0,
        "T-Alg6 reports a hit exactly where the hand-worked heuristic does (%d disagreements)",
        alg6_hit_bad);
    ak_expect(c,
              alg10_overlap > 0 && alg10_overlap_fail == alg10_overlap && alg10_sep > 0 &&
                  alg10_sep_fail == 0,
              "T-Alg10 as printed ('if s > 0 return none' with s the overlap) misses every "
              "overlapping pose (%d of %d) "
              "and no separated one (%d of %d)",
              alg10_overlap_fail, alg10_overlap, alg10_sep_fail, alg10_sep);
    for (int p = 0; p < 3; p++) {
        double rate = judged[p] ? (double)failed[p] / (double)judged[p] : NAN;
        ak_note(c, "%s: fails at %ld of %ld poses (%.1f%%)", NAMES[p], failed[p], judged[p],
                100 * rate);
        static const char *const KEYS[3] = { "fail_rate_sphere_box", "fail_rate_capsule_capsule",
                                             "fail_rate_box_box" };
        ak_value(c, KEYS[p], rate);
    }
    double yd[3][64], ya[3][64];
    ak_plot_series ps[3], pa[3];
    for (int p = 0; p < 3; p++) {
        for (int q = 0; q < ndv; q++) yd[p][q] = nd[p][q] ? fd[p][q] / nd[p][q] : NAN;
        for (int q = 0; q < nav; q++) ya[p][q] = na[p][q] ? fa[p][q] / na[p][q] : NAN;
        ps[p] = (ak_plot_series){ NAMES[p], dvals, yd[p], (size_t)ndv };
        pa[p] = (ak_plot_series){ NAMES[p], avals, ya[p], (size_t)nav };
    }
    plot(c, "fail_vs_distance.png",
         "Published collision tests: failure rate against centre distance", "distance [m]",
         "fraction of orientations failing", ps, 3, false, false,
         "Fraction of the orientations at each centre distance where the as-published test gets "
         "the hit wrong or the "
         "depth wrong by more than 1e-6, against ground truth. Sphere-box (T-Alg3 forgets to "
         "subtract the box centre) "
         "fails wherever they touch; box-box (the overlap sign of T-Alg10) wherever they overlap; "
         "capsule-capsule "
         "(T-Alg6's endpoint heuristic) only while they overlap at an oblique angle.");
    plot(c, "fail_vs_angle.png", "Published collision tests: failure rate against orientation",
         "angle [rad]", "fraction of distances failing", pa, 3, false, false,
         "The same failures against the rotation angle of the second shape: T-Alg6 is exact for "
         "parallel (0) and "
         "perpendicular (pi/2) capsules and fails in between.");
    free_atlas(&a);
}

static const ak_check CHECKS[] = {
    { "sweep.dzhanibekov_atlas", "B-9fig5 B-eq2 P-B.18",
      "4D Dzhanibekov atlas: flips vs linear stability (closed forms), flip period vs elliptic "
      "integrals, double rotations",
      check_dzhanibekov_atlas },
    { "sweep.integrator_atlas", "B-4.int T-5.17 P-2.5.8",
      "integrator atlas: error and drift after 10 s vs dt for each integrator, measured orders vs "
      "theory",
      check_integrator_atlas },
    { "sweep.solver_atlas", "T-Alg12 T-Alg13 B-6",
      "solver atlas: stack height x iterations x shock propagation -> stand time; leaning stacks "
      "vs statics",
      check_solver_atlas },
    { "sweep.collide_atlas", "T-Alg1 T-Alg3 T-Alg4 T-Alg6 T-Alg9 T-Alg10 T-Tab4.1",
      "published collision tests over separation x orientation vs ground truth: where they fail",
      check_collide_atlas },
};

AK_GROUP(sweep, CHECKS)
