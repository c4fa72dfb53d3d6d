// Group "reference": the committed reference outputs (verify/reference/), the engine against
// them, the free-body oracle behind them, and `anakata compare` on a foreign engine
// (verify/examples/published_engine.c).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "verify/checks/checks.h"
#include "verify/compare/compare.h"
#include "verify/oracles/free_body.h"
#include "verify/common/plot.h"
#include "verify/compare/reference_set.h"
#include "verify/compare/trace_read.h"

#ifndef AK_EXAMPLE_ENGINE
#define AK_EXAMPLE_ENGINE ""
#endif

#define FILES_REL_TOL 1e-12 // committed summary vs recomputed: same numbers, printed with %.17g
#define ORACLE_CLOSED_FORM_TOL 1e-9 // GSL rk8pd at 1e-12 against exp(-w t / 2) over 5 s
#define MAX_SCENES 64

static int scenes(ak_check_ctx *c, char (*names)[256]) {
    char err[512];
    int n = ak_ref_scenes(ak_ref_default_manifest(), names, MAX_SCENES, err, sizeof err);
    if (n < 0)
        ak_expect(c, false, "%s", err);
    else if (n == 0)
        ak_expect(c, false, "the manifest lists no scene");
    return n;
}

// In --quick mode the checks that rerun scenes take every third manifest scene and leave out the
// scenes of more than QUICK_MAX_BODIES bodies (the 1,000-body piles: 13 s of the full run); same
// tolerances. Full mode takes them all.
#define QUICK_MAX_BODIES 100
static bool selected(const ak_check_ctx *c, int i, const char *scene) {
    if (!ak_quick(c)) return true;
    if (i % 3 != 0) return false;
    ak_compare_spec s;
    char err[256];
    if (ak_manifest_load(ak_ref_default_manifest(), scene, &s, err, sizeof err) != 0)
        return true; // reported later
    bool small = s.nbody <= QUICK_MAX_BODIES;
    ak_compare_spec_free(&s);
    return small;
}

// Is the program running this check the anakata program (needed to run engine scenes)?
static const char *anakata_exe(void) {
    const char *e = ak_self_exe();
    const char *b = e ? strrchr(e, '/') : NULL;
    return b && !strcmp(b + 1, "anakata") ? e : NULL;
}

// One measurement per scene: the compared quantity with the largest error/tolerance; every
// failing quantity is also noted with its detail.
static void record_worst(ak_check_ctx *c, const ak_compare_result *r, const char *scene,
                         const char *what) {
    const ak_compare_item *worst = NULL;
    double wr = -1;
    int n = 0;
    for (int k = 0; k < r->n; k++) {
        const ak_compare_item *it = &r->items[k];
        if (it->verdict == AK_CMP_SKIP) continue;
        n++;
        double ratio = it->tol > 0 ? it->error / it->tol : (it->error > 0 ? INFINITY : 0);
        // run.coverage counts only when it fails: the worst physical quantity is the news
        if (!strcmp(it->quantity, "run.coverage") && it->verdict != AK_CMP_FAIL) continue;
        if (!(ratio <= wr)) wr = ratio, worst = it;
        if (it->verdict == AK_CMP_FAIL)
            ak_note(c, "%s %s: %.3g > %.3g (%s)", scene, it->quantity, it->error, it->tol,
                    it->detail);
    }
    if (!worst) {
        ak_expect(c, false, "%s: nothing compared (%s)", scene, what);
        return;
    }
    ak_measure(c, worst->error, worst->tol, "%s: %s, %d quantities, worst %s", scene, what, n,
               worst->quantity);
}

static void committed_files(ak_check_ctx *c) {
    static char names[MAX_SCENES][256];
    int n = scenes(c, names);
    for (int i = 0; i < n; i++) {
        double files_err;
        char err[1024] = "";
        if (ak_ref_check(ak_ref_default_manifest(), names[i], anakata_exe(), &files_err, NULL, err,
                         sizeof err)) {
            ak_expect(c, false, "%s: %s", names[i], err);
            continue;
        }
        ak_measure(c, files_err, FILES_REL_TOL,
                   "%s: committed invariants vs recomputed from the committed trace", names[i]);
    }
}

static void engine_drift(ak_check_ctx *c) {
    static char names[MAX_SCENES][256];
    int n = scenes(c, names);
    for (int i = 0; i < n; i++) {
        if (!selected(c, i, names[i])) continue;
        double files_err;
        ak_compare_result r;
        char err[1024] = "";
        if (ak_ref_check(ak_ref_default_manifest(), names[i], anakata_exe(), &files_err, &r, err,
                         sizeof err)) {
            ak_expect(c, false, "%s: %s", names[i], err);
            continue;
        }
        record_worst(c, &r, names[i], "fresh run vs committed trace");
    }
}

// The oracle on bodies whose rotation has a closed form: isotropic inertia (a hypersphere), so
// w stays constant and R(t) = exp(-w t / 2) exactly (B-3 with constant w), in 3D, 4D and 5D.
static void oracle_closed_form(ak_check_ctx *c) {
    for (int n = 3; n <= 5; n++) {
        char scene[64], trace[64], err[512];
        snprintf(scene, sizeof scene, "/tmp/ak_oracle_scene_%d_%d.json", (int)getpid(), n);
        snprintf(trace, sizeof trace, "/tmp/ak_oracle_trace_%d_%d.csv", (int)getpid(), n);
        int k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
        double w[AK_MAX_BIV];
        FILE *f = fopen(scene, "w");
        if (!f) {
            ak_expect(c, false, "cannot write %s", scene);
            return;
        }
        fprintf(f,
                "{\"format\":\"anakata-scene/"
                "1\",\"dim\":%d,\"timestep\":0.05,\"duration\":5,\"gravity\":[0,-9.81",
                n);
        for (int a = 2; a < n; a++) fprintf(f, ",0");
        fprintf(f, "],\"bodies\":[{\"name\":\"ball\",\"shape\":{\"type\":\"hypersphere\","
                   "\"radius\":0.7},\"mass\":"
                   "2,\"position\":[0,1");
        for (int a = 2; a < n; a++) fprintf(f, ",0");
        fprintf(f, "],\"angular_velocity\":[");
        for (int q = 0; q < k; q++) {
            w[q] = 0.3 + 0.4 * q - 0.05 * q * q;
            fprintf(f, "%s%.17g", q ? "," : "", w[q]);
        }
        fprintf(f, "]}]}\n");
        fclose(f);
        ak_tracefile t;
        if (ak_free_body_oracle(scene, 0, trace, NULL, err, sizeof err) ||
            ak_tracefile_read(trace, &t, err, sizeof err)) {
            ak_expect(c, false, "n = %d: %s", n, err);
            unlink(scene);
            unlink(trace);
            continue;
        }
        double worst = 0;
        for (long s = 0; s < t.nsteps; s++) {
            double B[AK_MAX_BIV], R[AK_MAX_EVEN];
            for (int q = 0; q < k; q++) B[q] = -0.5 * w[q] * t.t[s];
            ak_nd_rotor_exp(n, R, B);
            const double *Rt = ak_tracefile_R(&t, s, 0);
            for (int q = 0; q < ne; q++) worst = fmax(worst, fabs(Rt[q] - R[q]));
            const double *x = ak_tracefile_x(&t, s, 0);
            worst = fmax(worst, fabs(x[1] - (1 - 0.5 * 9.81 * t.t[s] * t.t[s])));
        }
        ak_measure(c, worst, ORACLE_CLOSED_FORM_TOL,
                   "n = %d: oracle rotor and height vs exp(-w t/2), 1 - g t^2/2 over 5 s", n);
        ak_tracefile_free(&t);
        unlink(scene);
        unlink(trace);
    }
}

// Body-frame angular velocity w_b = [R]_2^T w (B-eq4) of body 0 at every step, component k.
static double *body_omega(const ak_tracefile *t, int k);

// The six (n = 4) body-frame angular velocity components of a reference trace, as a panel: for
// the Dzhanibekov scenes these are the counterparts of ten Bosch's Fig. 5 a-d.
static void plot_body_omega(ak_check_ctx *c, const ak_tracefile *t, const char *scene) {
    const char *dir = ak_artifact_dir(c);
    if (!dir || t->nbody < 1) return;
    ak_plot_series s[AK_MAX_BIV];
    double *buf[AK_MAX_BIV] = { 0 };
    char labels[AK_MAX_BIV][16];
    bool ok = true;
    for (int k = 0; k < t->nbiv; k++) {
        buf[k] = body_omega(t, k);
        ok = ok && buf[k];
        snprintf(labels[k], sizeof labels[k], "w_%s", ak_nd_biv_name(t->dim, k));
        s[k] = (ak_plot_series){ labels[k], t->t, buf[k], (size_t)t->nsteps };
    }
    char path[1200], err[256], title[300];
    int w1 = snprintf(path, sizeof path, "%s/%s_omega_body.png", dir, scene);
    int w2 = snprintf(title, sizeof title, "%.200s: body-frame angular velocity", scene);
    if (w1 < 0 || (size_t)w1 >= sizeof path || w2 < 0) ok = false;
    const char *fig = strstr(scene, "dzhanibekov_") && strlen(scene) == strlen("dzhanibekov_a")
                          ? scene + 12
                          : NULL;
    if (ok && ak_plot_lines(path, title, "t [s]", "w_b [rad/s]", s, (size_t)t->nbiv, false, false,
                            err, sizeof err) == 0) {
        if (fig)
            ak_artifact(c, path,
                        "%s: the engine's reference trace (integrator '%s'), body-frame w of ten "
                        "Bosch's cuboid "
                        "(1.1, 0.3, 2.5, 0.7); compare ten Bosch Fig. 5%s, 'Angular velocity over "
                        "time (in seconds) for "
                        "a 4D cuboid of size (1.1, 0.3, 2.5, 0.7) in various initial conditions' "
                        "(the paper gives no "
                        "numbers for the initial conditions; see scenes/README.md)",
                        scene, t->integrator, fig);
        else
            ak_artifact(c, path,
                        "%s: body-frame w of the engine's reference trace (integrator '%s')", scene,
                        t->integrator);
    }
    for (int k = 0; k < t->nbiv; k++) free(buf[k]);
}

// Engine references of free-body scenes against the independent GSL oracle, over the whole run.
// Both integrate at 1e-12; near a flip, differences grow like e^(lambda t) with lambda ~ 0.54/s
// (dynamics.dzhanibekov_growth), a factor ~5e4 over 20 s: 1e-12 * 5e4 ~ 5e-8 is the expected
// size of an honest disagreement, hence 1e-7 for the states.
#define ENGINE_ORACLE_STATE_TOL 1e-7
#define ENGINE_ORACLE_ENERGY_TOL 1e-10
static void engine_vs_oracle(ak_check_ctx *c) {
    static char names[MAX_SCENES][256];
    int n = scenes(c, names), compared = 0;
    const char *manifest = ak_ref_default_manifest();
    for (int i = 0; i < n; i++) {
        if (!selected(c, i, names[i])) continue;
        ak_compare_spec s;
        char err[1024] = "", scene[2048], refpath[2048], tmp[64];
        if (ak_manifest_load(manifest, names[i], &s, err, sizeof err) != 0) {
            ak_expect(c, false, "%s: %s", names[i], err);
            continue;
        }
        if (strcmp(s.source, "engine") != 0) {
            ak_compare_spec_free(&s);
            continue;
        }
        snprintf(scene, sizeof scene, "%s/%s", AK_SOURCE_DIR, s.scene_file);
        snprintf(refpath, sizeof refpath, "%s/verify/reference/%s", AK_SOURCE_DIR, s.trace);
        snprintf(tmp, sizeof tmp, "/tmp/ak_engine_oracle_%d.csv", (int)getpid());
        ak_tracefile ref, orc;
        if (ak_free_body_oracle(scene, s.duration, tmp, NULL, err, sizeof err) != 0) {
            ak_note(c, "%s: not compared with the oracle (%s)", names[i], err);
            ak_compare_spec_free(&s);
            continue;
        }
        if (ak_tracefile_read(refpath, &ref, err, sizeof err) ||
            ak_tracefile_read(tmp, &orc, err, sizeof err)) {
            ak_expect(c, false, "%s: %s", names[i], err);
        } else {
            s.horizon = s.duration > 0 ? s.duration : 1e300;
            s.tol_position = s.tol_velocity = s.tol_rotor = s.tol_angular_velocity =
                ENGINE_ORACLE_STATE_TOL;
            s.tol_energy_initial = s.tol_energy_drift = ENGINE_ORACLE_ENERGY_TOL;
            s.tol_momentum_drift = s.tol_angular_momentum_drift = ENGINE_ORACLE_ENERGY_TOL;
            // the laws and events over the whole run, held as tightly as the states
            s.tol_kinematics = s.tol_centroid = s.tol_event = ENGINE_ORACLE_STATE_TOL;
            ak_compare_result r;
            if (ak_compare_traces(&ref, &orc, &s, &r, err, sizeof err))
                ak_expect(c, false, "%s: %s", names[i], err);
            else {
                compared++;
                plot_body_omega(c, &ref, names[i]);
                char what[160];
                snprintf(what, sizeof what, "engine '%s' vs oracle over %g s", ref.integrator,
                         s.duration);
                record_worst(c, &r, names[i], what);
            }
            ak_tracefile_free(&orc);
        }
        if (ref.path[0]) ak_tracefile_free(&ref);
        unlink(tmp);
        ak_compare_spec_free(&s);
    }
    ak_value(c, "scenes_compared", compared);
    ak_expect(c, compared > 0, "%d engine reference scenes compared with the oracle", compared);
}

static int run_example(const char *out, bool corrected) {
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (corrected)
            execl(AK_EXAMPLE_ENGINE, AK_EXAMPLE_ENGINE, "--corrected", "-o", out, (char *)NULL);
        else
            execl(AK_EXAMPLE_ENGINE, AK_EXAMPLE_ENGINE, "-o", out, (char *)NULL);
        _exit(127);
    }
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static double *body_omega(const ak_tracefile *t, int k) {
    double *out = malloc((size_t)t->nsteps * sizeof *out);
    int nb = t->nbiv;
    for (long s = 0; out && s < t->nsteps; s++) {
        double M2[AK_MAX_BIV * AK_MAX_BIV];
        ak_nd_rotor_biv_matrix(t->dim, M2, ak_tracefile_R(t, s, 0));
        const double *w = ak_tracefile_w(t, s, 0);
        out[s] = 0;
        for (int r = 0; r < nb; r++) out[s] += M2[r * nb + k] * w[r];
    }
    return out;
}

// Plot the body-frame w_zw (the dominant spin, which flips: the 4D Dzhanibekov effect of ten
// Bosch section 9) and w_xz of the reference and the two example traces.
static void plot_example(ak_check_ctx *c, const ak_tracefile *ref, const ak_tracefile *pub,
                         const ak_tracefile *cor) {
    const char *dir = ak_artifact_dir(c);
    if (!dir) return;
    const ak_tracefile *tr[3] = { ref, pub, cor };
    const char *lab[3] = { "reference (GSL oracle)", "as published (T-5.16/5.17)",
                           "corrected example" };
    static const struct {
        int k;
        const char *file, *title, *ylabel, *caption;
    } P[2] = { { 5, "omega_body_zw.png", "Tumbling cuboid: body-frame w_zw", "w_zw (body) [rad/s]",
                 "Body-frame w_zw of the tumbling cuboid: the spin near the zw plane flips (the 4D "
                 "Dzhanibekov effect); "
                 "the published update keeps the world-frame w constant, so its body-frame w only "
                 "turns with the body "
                 "and never flips; the corrected example follows the reference" },
               { 1, "omega_body_xz.png", "Tumbling cuboid: body-frame w_xz", "w_xz (body) [rad/s]",
                 "Body-frame w_xz of the tumbling cuboid, same three runs" } };
    for (int p = 0; p < 2; p++) {
        ak_plot_series s[3];
        double *buf[3] = { 0 };
        bool ok = true;
        for (int i = 0; i < 3; i++) {
            buf[i] = body_omega(tr[i], P[p].k);
            ok = ok && buf[i];
            s[i] = (ak_plot_series){ lab[i], tr[i]->t, buf[i], (size_t)tr[i]->nsteps };
        }
        char path[1200], err[256];
        snprintf(path, sizeof path, "%s/%s", dir, P[p].file);
        if (ok && ak_plot_lines(path, P[p].title, "t [s]", P[p].ylabel, s, 3, false, false, err,
                                sizeof err) == 0)
            ak_artifact(c, path, "%s", P[p].caption);
        for (int i = 0; i < 3; i++) free(buf[i]);
    }
}

static void published_example(ak_check_ctx *c) {
    const char *manifest = ak_ref_default_manifest();
    char err[1024], refpath[2048], pubp[64], corp[64];
    ak_compare_spec s;
    if (access(AK_EXAMPLE_ENGINE, X_OK) != 0) {
        ak_expect(c, false, "the example program %s is not built", AK_EXAMPLE_ENGINE);
        return;
    }
    if (ak_manifest_load(manifest, "tumbling_cuboid", &s, err, sizeof err) != 0) {
        ak_expect(c, false, "manifest entry tumbling_cuboid: %s", err[0] ? err : "missing");
        return;
    }
    snprintf(refpath, sizeof refpath, "%s/verify/reference/%s", AK_SOURCE_DIR, s.trace);
    snprintf(pubp, sizeof pubp, "/tmp/ak_example_pub_%d.csv", (int)getpid());
    snprintf(corp, sizeof corp, "/tmp/ak_example_cor_%d.csv", (int)getpid());
    ak_tracefile ref, pub, cor;
    bool ok = ak_tracefile_read(refpath, &ref, err, sizeof err) == 0;
    if (!ok) ak_expect(c, false, "%s", err);
    if (ok && (run_example(pubp, false) || run_example(corp, true))) {
        ak_expect(c, false, "the example program failed");
        ok = false;
        ak_tracefile_free(&ref);
    }
    if (ok && ak_tracefile_read(pubp, &pub, err, sizeof err)) {
        ak_expect(c, false, "the example's published trace is rejected: %s", err);
        ok = false;
        ak_tracefile_free(&ref);
    }
    if (ok && ak_tracefile_read(corp, &cor, err, sizeof err)) {
        ak_expect(c, false, "the example's corrected trace is rejected: %s", err);
        ak_tracefile_free(&pub);
        ak_tracefile_free(&ref);
        ok = false;
    }
    unlink(pubp);
    unlink(corp);
    if (!ok) {
        ak_compare_spec_free(&s);
        return;
    }
    ak_compare_result rp, rc;
    if (ak_compare_traces(&ref, &pub, &s, &rp, err, sizeof err) ||
        ak_compare_traces(&ref, &cor, &s, &rc, err, sizeof err))
        ak_expect(c, false, "%s", err);
    else {
        // The corrected foreign engine passes every quantity within the manifest's tolerances ...
        record_worst(c, &rc, "corrected example", "vs reference, manifest tolerances");
        // ... and compare catches the published one where the published algorithms go wrong.
        // ... and the flip it misses (no gyroscopic term: the spin near zw never flips)
        static const char *const CAUGHT[] = { "state.angular_velocity", "state.rotor",
                                              "energy.drift", "angular_momentum.drift",
                                              "events.time" };
        for (size_t q = 0; q < sizeof CAUGHT / sizeof CAUGHT[0]; q++)
            for (int k = 0; k < rp.n; k++)
                if (!strcmp(rp.items[k].quantity, CAUGHT[q])) {
                    ak_expect(c, rp.items[k].verdict == AK_CMP_FAIL,
                              "published example: %s caught (%.3g > %.3g)", CAUGHT[q],
                              rp.items[k].error, rp.items[k].tol);
                    char key[48];
                    snprintf(key, sizeof key, "published_%s", CAUGHT[q]);
                    ak_value(c, key, rp.items[k].error);
                    ak_note(c, "published %s: %s", CAUGHT[q], rp.items[k].detail);
                }
        plot_example(c, &ref, &pub, &cor);
    }
    ak_tracefile_free(&ref);
    ak_tracefile_free(&pub);
    ak_tracefile_free(&cor);
    ak_compare_spec_free(&s);
}

static const ak_check CHECKS[] = {
    { "reference.committed_files", "B-eq1 B-eq4",
      "committed reference traces vs their invariants summaries (energy, momentum) and themselves",
      committed_files },
    { "reference.engine_drift", "B-3 B-eq5",
      "fresh runs of every reference scene vs the committed traces, within drift_tolerances",
      engine_drift },
    { "reference.engine_vs_oracle", "B-eq1 B-eq2 B-eq5",
      "engine reference traces of free-body scenes vs the GSL free-body oracle over the whole run",
      engine_vs_oracle },
    { "reference.oracle_closed_form", "B-3 B-eq1",
      "GSL free-body oracle vs closed-form rotation exp(-w t/2) and free fall, n = 3..5",
      oracle_closed_form },
    { "reference.published_example", "T-5.16 T-5.17 T-3.hb B-eq5",
      "anakata compare on a foreign engine: thesis algorithms as published fail, corrected pass",
      published_example },
};

AK_GROUP(reference, CHECKS)
