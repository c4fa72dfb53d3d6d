// anakata run SCENE [--duration T | --steps N] [--dt h] [--integrator NAME] [--trace FILE]
//                   [--every K] [--no-renorm] [solver settings: --method M --variant V
//                   --iterations N --shock-propagation on|off --tolerance X --max-iterations N
//                   --warm-start on|off --residuals FILE]
//                   [sleeping: --sleep on|off --sleep-linear V --sleep-angular W --sleep-time T]
// Simulates a scene with the world step (engine/world.h) and writes a trace (engine/trace.h,
// docs/trace-format.md). Prints a summary: steps, energy and angular momentum drift.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "contact_cache.h"
#include "common/dyn_scenes.h"
#include "ga/nd.h"
#include "integrate.h"
#include "scene.h" // the options' names
#include "island.h"
#include "trace.h"
#include "world.h"

static void usage(FILE *f) {
    fprintf(f,
            "usage: anakata run SCENE [--duration T | --steps N] [--dt h] [--integrator NAME]\n"
            "                         [--trace FILE] [--every K] [--no-renorm]\n\n"
            "Simulate SCENE (a scene JSON file) with the world step and print a summary: energy and\n"
            "angular momentum before and after. The integrators %s run the contact stage\n"
            "(broadphase, narrowphase, solver) inside each step; the full-state ones (rk4, gsl) have\n"
            "none and are refused (exit 2) for a scene that can have contacts (two or more bodies,\n"
            "one of them free).\n"
            "  --duration T     simulated seconds (default: the scene's \"duration\", else 10)\n"
            "  --steps N        number of steps instead of a duration\n"
            "  --dt h           step size (default: the scene's \"timestep\")\n"
            "  --integrator X   one of %s (default: the scene's \"integrator\", else catto)\n"
            "  --trace FILE     write a CSV trace (format anakata-trace/1, docs/trace-format.md)\n"
            "  --every K        record every K-th step in the trace (default 1)\n"
            "  --no-renorm      do not renormalise rotors (to see the drift, B-4.renorm)\n"
            "Contact solver settings (override the scene's \"solver\" section, docs/scene-format.md):\n"
            "  --method M            vector (game-style sequential impulses, default), pga, or\n"
            "                        converged (the reference solver: every step solved to the\n"
            "                        tolerance, its residuals reported; exit 1 if a step fails)\n"
            "  --variant V           corrected (default) or published (the thesis' solver)\n"
            "  --iterations N        velocity iterations of the vector solver (default 10)\n"
            "  --shock-propagation on|off   contact-graph shock propagation (vector solver)\n"
            "  --order O             vector solver: sequential (default) or coloured (graph\n"
            "                        colouring, each colour's points in parallel: a different\n"
            "                        Gauss-Seidel order, docs/performance.md)\n"
            "  --warm-start on|off   apply the previous step's impulses first (default on)\n"
            "  --tolerance X         converged: largest residual allowed (default 1e-10)\n"
            "  --max-iterations N    converged: sweep limit per step (default 100000)\n"
            "  --residuals FILE      converged: write every step's residuals as CSV (columns step,\n"
            "                        t, points, iterations (sweeps), impacts, the four residuals,\n"
            "                        the position stage's pos_points (penetrating points),\n"
            "                        pos_iterations (sweeps), pos_normal, pos_complementarity,\n"
            "                        converged, wall_s: the step's wall-clock seconds), one row\n"
            "                        flushed per step, so a long run shows its progress\n"
            "Sleeping (override the scene's \"sleep\" section; engine/island.h):\n"
            "  --sleep on|off        contact islands that stay still sleep (default off)\n"
            "  --sleep-linear V      still below this speed, m/s (default 0.05)\n"
            "  --sleep-angular W     ... and below this angular speed, rad/s (default 0.5)\n"
            "  --sleep-time T        an island sleeps after T s still (default 0.5)\n",
            ak_world_contact_integrators(), ak_integrator_names());
}

static int parse_double(const char *s, double *out) {
    char *end;
    *out = strtod(s, &end);
    return (*s && !*end && isfinite(*out)) ? 0 : -1;
}

// A whole number in [1, 10^12] written in decimal digits only.
static int parse_count(const char *s, long *out) {
    char *end;
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 13) return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < 1 || v > 1000000000000L) return -1;
    *out = v;
    return 0;
}

int ak_cmd_run(int argc, char **argv) {
    const char *scene = NULL, *trace_path = NULL;
    double duration = -1, dt = -1;
    long steps = -1, every = 1;
    bool renorm = true;
    const char *res_path = NULL;
    bool has_integ = false, has_method = false, has_variant = false, has_order = false;
    ak_integrator integ = AK_INT_CATTO;
    ak_solver_method method = AK_SOLVER_VECTOR;
    ak_variant variant = AK_VARIANT_CORRECTED;
    ak_order order = AK_ORDER_SEQUENTIAL;
    long iters = -1, max_iters = -1;
    int shock = -1, warm = -1, sleep = -1;
    double tol = -1, sleep_lin = -1, sleep_ang = -1, sleep_time = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool takes = !strcmp(a, "--duration") || !strcmp(a, "--steps") || !strcmp(a, "--dt") ||
                     !strcmp(a, "--integrator") || !strcmp(a, "--trace") || !strcmp(a, "--every") ||
                     !strcmp(a, "--method") || !strcmp(a, "--variant") ||
                     !strcmp(a, "--iterations") || !strcmp(a, "--shock-propagation") ||
                     !strcmp(a, "--tolerance") || !strcmp(a, "--max-iterations") ||
                     !strcmp(a, "--warm-start") || !strcmp(a, "--residuals") ||
                     !strcmp(a, "--sleep") || !strcmp(a, "--sleep-linear") ||
                     !strcmp(a, "--sleep-angular") || !strcmp(a, "--sleep-time") || !strcmp(a, "--order");
        if (takes && i + 1 >= argc) return ak_cli_bad_usage("run", "%s needs a value", a);
        const char *val = takes ? argv[++i] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else if (!strcmp(a, "--duration")) {
            if (parse_double(val, &duration) || !(duration > 0))
                return ak_cli_bad_usage("run", "--duration: expected a positive number of seconds, got '%s'", val);
        } else if (!strcmp(a, "--steps")) {
            if (parse_count(val, &steps))
                return ak_cli_bad_usage("run", "--steps: expected a whole number from 1 to 10^12, got '%s'", val);
        } else if (!strcmp(a, "--dt")) {
            if (parse_double(val, &dt) || !(dt > 0))
                return ak_cli_bad_usage("run", "--dt: expected a positive step size in seconds, got '%s'", val);
        } else if (!strcmp(a, "--integrator")) {
            if (ak_integrator_parse(val, &integ))
                return ak_cli_bad_usage("run", "--integrator: unknown integrator '%s', expected one of %s", val,
                                        ak_integrator_names());
            has_integ = true;
        } else if (!strcmp(a, "--trace")) {
            if (!*val) return ak_cli_bad_usage("run", "--trace: empty file name");
            trace_path = val;
        } else if (!strcmp(a, "--every")) {
            if (parse_count(val, &every))
                return ak_cli_bad_usage("run", "--every: expected a whole number from 1 to 10^12, got '%s'", val);
        } else if (!strcmp(a, "--no-renorm")) {
            renorm = false;
        } else if (!strcmp(a, "--method")) {
            if (ak_solver_method_parse(val, &method))
                return ak_cli_bad_usage("run", "--method: expected one of %s, got '%s'", ak_solver_method_names(), val);
            has_method = true;
        } else if (!strcmp(a, "--order")) {
            if (ak_order_parse(val, &order))
                return ak_cli_bad_usage("run", "--order: expected one of %s, got '%s'", ak_order_names(), val);
            has_order = true;
        } else if (!strcmp(a, "--variant")) {
            if (ak_variant_parse(val, &variant))
                return ak_cli_bad_usage("run", "--variant: expected one of %s, got '%s'", ak_variant_names(), val);
            has_variant = true;
        } else if (!strcmp(a, "--iterations")) {
            if (parse_count(val, &iters) || iters > 10000)
                return ak_cli_bad_usage("run", "--iterations: expected a whole number from 1 to 10000, got '%s'", val);
        } else if (!strcmp(a, "--max-iterations")) {
            if (parse_count(val, &max_iters) || max_iters > 100000000)
                return ak_cli_bad_usage("run", "--max-iterations: expected a whole number from 1 to 10^8, got '%s'", val);
        } else if (!strcmp(a, "--shock-propagation") || !strcmp(a, "--warm-start")) {
            int on = !strcmp(val, "on") ? 1 : !strcmp(val, "off") ? 0 : -1;
            if (on < 0) return ak_cli_bad_usage("run", "%s: expected on or off, got '%s'", a, val);
            if (a[2] == 's') shock = on;
            else warm = on;
        } else if (!strcmp(a, "--sleep")) {
            sleep = !strcmp(val, "on") ? 1 : !strcmp(val, "off") ? 0 : -1;
            if (sleep < 0) return ak_cli_bad_usage("run", "--sleep: expected on or off, got '%s'", val);
        } else if (!strcmp(a, "--sleep-linear") || !strcmp(a, "--sleep-angular")) {
            double *out = a[8] == 'l' ? &sleep_lin : &sleep_ang;
            if (parse_double(val, out) || !(*out >= 0))
                return ak_cli_bad_usage("run", "%s: expected a non-negative number, got '%s'", a, val);
        } else if (!strcmp(a, "--sleep-time")) {
            if (parse_double(val, &sleep_time) || !(sleep_time > 0))
                return ak_cli_bad_usage("run", "--sleep-time: expected a positive number of seconds, got '%s'", val);
        } else if (!strcmp(a, "--tolerance")) {
            if (parse_double(val, &tol) || !(tol >= 1e-15 && tol <= 1))
                return ak_cli_bad_usage("run", "--tolerance: expected a number in [1e-15, 1], got '%s'", val);
        } else if (!strcmp(a, "--residuals")) {
            if (!*val) return ak_cli_bad_usage("run", "--residuals: empty file name");
            res_path = val;
        } else if (a[0] == '-' && a[1] != '\0') {
            return ak_cli_bad_usage("run", "unknown option '%s'", a);
        } else if (scene) {
            return ak_cli_bad_usage("run", "one scene at a time: got '%s' and '%s'", scene, a);
        } else {
            scene = a;
        }
    }
    if (!scene) {
        usage(stderr);
        return ak_cli_bad_usage("run", "no SCENE given");
    }
    if (steps > 0 && duration > 0) return ak_cli_bad_usage("run", "give --duration or --steps, not both");
    ak_model *m;
    ak_data *d;
    char err[AK_ERR_MAX];
    if (ak_dyn_scene_load(scene, &m, &d, err, sizeof err) != 0) {
        fprintf(stderr, "anakata run: %s\n", err);
        return AK_EXIT_USAGE;
    }
    ak_world_opts o = ak_world_default_opts(m);
    if (has_integ) o.integrator = integ;
    if (!ak_integrator_is_split(o.integrator) && ak_world_can_contact(m)) {
        fprintf(stderr,
                "anakata run: %s: integrator '%s' has no contact stage, and this scene can have "
                "contacts (%d bodies, one or more free); use --integrator with one of %s\n",
                scene, ak_integrator_name(o.integrator), m->nbody, ak_world_contact_integrators());
        ak_data_free(d);
        ak_model_free(m);
        return AK_EXIT_USAGE;
    }
    if (dt > 0) o.dt = dt;
    o.renormalize = renorm;
    ak_solver_settings *ss = &m->solver;
    if (has_method) ss->method = method;
    if (has_variant) ss->variant = variant;
    if (has_order) ss->order = order;
    if (iters > 0) ss->iterations = (int)iters;
    if (max_iters > 0) ss->max_iterations = (int)max_iters;
    if (shock >= 0) ss->shock_propagation = shock;
    if (sleep >= 0) m->sleep.enabled = sleep;
    if (sleep_lin >= 0) m->sleep.linear = sleep_lin;
    if (sleep_ang >= 0) m->sleep.angular = sleep_ang;
    if (sleep_time > 0) m->sleep.time = sleep_time;
    if (warm >= 0) ss->warm_start = warm;
    if (tol > 0) ss->tolerance = tol;
    bool converged = ss->method == AK_SOLVER_CONVERGED;
    if (res_path && !converged) {
        ak_data_free(d);
        ak_model_free(m);
        return ak_cli_bad_usage("run", "--residuals needs the converged solver (--method converged or "
                                       "the scene's \"solver\": {\"method\": \"converged\"})");
    }
    FILE *resf = NULL;
    if (res_path && !(resf = fopen(res_path, "w"))) {
        fprintf(stderr, "anakata run: cannot open residuals file '%s' for writing: %s\n", res_path,
                strerror(errno));
        ak_data_free(d);
        ak_model_free(m);
        return AK_EXIT_USAGE;
    }
    if (resf) fprintf(resf, "step,t,points,iterations,impacts,normal,complementarity,cone,dissipation,"
                          "pos_points,pos_iterations,pos_normal,pos_complementarity,converged,wall_s\n");
    ak_solver_residuals worst = {0};
    double pos_worst = 0;
    long pos_step = 0, pos_max_iter = 0, pos_sum_iter = 0, pos_nsteps = 0;
    long worst_step = 0, nconv_fail = 0, first_fail = 0, max_iter_seen = 0, sum_iter = 0, nres = 0;
    if (steps < 0) steps = lround((duration > 0 ? duration : m->duration) / o.dt);
    ak_trace_writer *tr = NULL;
    if (trace_path) {
        tr = ak_trace_writer_open(trace_path, m, ak_integrator_name(o.integrator), o.dt, err, sizeof err);
        if (!tr) {
            fprintf(stderr, "anakata run: %s\n", err);
            ak_data_free(d);
            ak_model_free(m);
            return AK_EXIT_USAGE;
        }
    }
    int n = m->dim, k = ak_nd_nbiv(n);
    double E0 = ak_world_kinetic_energy(m, d) + ak_world_potential_energy(m, d);
    double p0[AK_MAX_DIM], J0[AK_MAX_BIV], p[AK_MAX_DIM], J[AK_MAX_BIV];
    ak_world_momentum(m, d, p0, J0);
    int rc = AK_EXIT_OK;
    if (tr && ak_trace_writer_write(tr, m, d) != 0) rc = AK_EXIT_FAIL;
    for (long s = 1; s <= steps && rc == AK_EXIT_OK; s++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int step_rc = ak_world_step(m, d, &o, err, sizeof err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (step_rc != 0) {
            fprintf(stderr, "anakata run: step %ld: %s\n", s, err);
            rc = AK_EXIT_FAIL;
            break;
        }
        const ak_contact_cache *cc = d->contacts;
        if (converged && cc && cc->stats.res.valid) {
            const ak_solver_residuals *r = &cc->stats.res;
            double wr = fmax(fmax(r->normal, r->complementarity), fmax(r->cone, r->dissipation));
            double ww = fmax(fmax(worst.normal, worst.complementarity), fmax(worst.cone, worst.dissipation));
            if (wr > ww || !worst_step) worst = *r, worst_step = s;
            double pr = fmax(r->pos_normal, r->pos_complementarity);
            if (pr > pos_worst || !pos_step) pos_worst = pr, pos_step = s;
            if (r->pos_iterations > pos_max_iter) pos_max_iter = r->pos_iterations;
            pos_sum_iter += r->pos_iterations;
            pos_nsteps += r->pos_iterations > 0;
            if (!r->converged && !nconv_fail++) first_fail = s;
            if (r->iterations > max_iter_seen) max_iter_seen = r->iterations;
            sum_iter += r->iterations;
            nres++;
            if (resf) {
                double wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
                fprintf(resf, "%ld,%.17g,%d,%d,%d,%.6e,%.6e,%.6e,%.6e,%d,%d,%.6e,%.6e,%d,%.6f\n", s, d->t,
                        cc->step.npoint, r->iterations, r->impacts, r->normal, r->complementarity, r->cone,
                        r->dissipation, r->pos_points, r->pos_iterations, r->pos_normal,
                        r->pos_complementarity, r->converged ? 1 : 0, wall);
                fflush(resf); // a long run shows each step as it ends
            }
        }
        if (tr && (s % every == 0 || s == steps) && ak_trace_writer_write(tr, m, d) != 0) {
            fprintf(stderr, "anakata run: writing the trace failed\n");
            rc = AK_EXIT_FAIL;
        }
    }
    if (tr && ak_trace_writer_close(tr) != 0 && rc == AK_EXIT_OK) {
        fprintf(stderr, "anakata run: writing the trace failed\n");
        rc = AK_EXIT_FAIL;
    }
    double E = ak_world_kinetic_energy(m, d) + ak_world_potential_energy(m, d);
    ak_world_momentum(m, d, p, J);
    double dJ = 0, nJ = 0;
    for (int q = 0; q < k; q++) dJ += (J[q] - J0[q]) * (J[q] - J0[q]), nJ += J0[q] * J0[q];
    printf("scene       %s%s%s\n", scene, m->title[0] ? " - " : "", m->title);
    printf("integrator  %s, dt %g, %ld steps, t = %.6g s, renormalisation %s\n",
           ak_integrator_name(o.integrator), o.dt, d->step, d->t,
           o.integrator == AK_INT_GSL ? "none (reference)" : renorm ? "on" : "off");
    printf("energy      %.12g -> %.12g (relative change %.3e)\n", E0, E,
           E0 != 0 ? (E - E0) / fabs(E0) : E - E0);
    double nJ1 = 0;
    for (int q = 0; q < k; q++) nJ1 += J[q] * J[q];
    printf("|J| origin  %.12g -> %.12g (|J - J0| / |J0| = %.3e)\n", sqrt(nJ), sqrt(nJ1),
           nJ > 0 ? sqrt(dJ / nJ) : sqrt(dJ));
    if (m->sleep.enabled)
        printf("sleep       on (|v| <= %g m/s, |w| <= %g rad/s for %g s): %d of %d bodies asleep at the end\n",
               m->sleep.linear, m->sleep.angular, m->sleep.time, ak_sleep_count(m, d), m->nbody);
    if (converged) {
        printf("solver      converged, tolerance %g, max %d sweeps: %ld steps with contacts, sweeps "
               "mean %.1f, max %ld\n", ss->tolerance, ss->max_iterations, nres,
               nres ? (double)sum_iter / (double)nres : 0.0, max_iter_seen);
        printf("residuals   largest at step %ld: normal %.3e m/s, complementarity %.3e, cone %.3e N s, "
               "dissipation %.3e\n", worst_step, worst.normal, worst.complementarity, worst.cone,
               worst.dissipation);
        printf("position    stage ran in %ld steps, sweeps mean %.1f, max %ld; largest residual (normal or "
               "complementarity) %.3e at step %ld\n", pos_nsteps,
               pos_nsteps ? (double)pos_sum_iter / (double)pos_nsteps : 0.0, pos_max_iter, pos_worst, pos_step);
        if (nconv_fail) {
            fprintf(stderr, "anakata run: the converged solver missed the tolerance %g in %ld steps "
                            "(first: step %ld)\n", ss->tolerance, nconv_fail, first_fail);
            if (rc == AK_EXIT_OK) rc = AK_EXIT_FAIL;
        }
    } else {
        printf("solver      %s %s%s, %d iterations, shock propagation %s, warm start %s\n",
               ak_solver_method_name(ss->method), ak_variant_name(ss->variant),
               ss->order == AK_ORDER_COLOURED ? " (coloured order)" : "",
               ss->iterations, ss->shock_propagation ? "on" : "off",
               ss->warm_start ? "on" : "off");
    }
    if (resf && fclose(resf) != 0 && rc == AK_EXIT_OK) rc = AK_EXIT_FAIL;
    if (trace_path && rc == AK_EXIT_OK) printf("trace       %s\n", trace_path);
    ak_data_free(d);
    ak_model_free(m);
    return rc;
}
