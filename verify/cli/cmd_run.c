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

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#ifdef AK_HAVE_FCLIB
#include "verify/fclib/fclib_export.h"
#endif
#include "engine/contact_cache.h"
#include "verify/common/dyn_scenes.h"
#include "ref/ga/nd.h"
#include "engine/integrate.h"
#include "engine/scene.h" // the options' names
#include "engine/island.h"
#include "engine/trace.h"
#include "engine/world.h"

static const ak_opt OPTS[] = {
    { "--duration", AK_ARG_NUM, "T",
      "simulated seconds (default: the scene's \"duration\", else 10)", AK_OPT_GT_MIN, 0, 1e300,
      "a positive number of seconds", NULL },
    AK_OPT_STEPS,
    AK_OPT_DT,
    AK_OPT_INTEGRATOR,
    { "--trace", AK_ARG_TEXT, "FILE",
      "write a CSV trace (format anakata-trace/1, docs/trace-format.md)", 0, 0, 0, "file name",
      NULL },
    { "--every", AK_ARG_INT, "K", "record every K-th step in the trace (default 1)", 0, 1, 1e12,
      "a whole number from 1 to 10^12", NULL },
    { "--no-renorm", AK_ARG_NONE, NULL, "do not renormalise rotors (to see the drift, B-4.renorm)",
      0, 0, 0, NULL, NULL },
    AK_OPT_METHOD,
    AK_OPT_VARIANT,
    AK_OPT_ITERATIONS,
    AK_OPT_SHOCK,
    AK_OPT_ORDER,
    AK_OPT_WARM,
    AK_OPT_TOLERANCE,
    AK_OPT_MAX_ITERATIONS,
    { "--residuals", AK_ARG_TEXT, "FILE",
      "converged: write every step's residuals as CSV (columns step,\n"
      "t, points, iterations (sweeps), impacts, the four residuals,\n"
      "the position stage's pos_points (penetrating points),\n"
      "pos_iterations (sweeps), pos_normal, pos_complementarity,\n"
      "converged, wall_s: the step's wall-clock seconds), one row\n"
      "flushed per step, so a long run shows its progress",
      0, 0, 0, "file name", NULL },
    { "--export-fclib", AK_ARG_TEXT, "DIR",
      "converged: write each step's contact problem and anakata's solution\n"
      "as an FCLIB local problem, DIR/step_NNNNNN.hdf5 (docs/fclib.md)",
      0, 0, 0, "folder name", NULL },
    { "--sleep", AK_ARG_ONOFF, "on|off",
      "contact islands that stay still sleep (default off; engine/island.h)", 0, 0, 0, NULL, NULL },
    { "--sleep-linear", AK_ARG_NUM, "V", "still below this speed, m/s (default 0.05)", 0, 0, 1e300,
      "a non-negative number", NULL },
    { "--sleep-angular", AK_ARG_NUM, "W", "... and below this angular speed, rad/s (default 0.5)",
      0, 0, 1e300, "a non-negative number", NULL },
    { "--sleep-time", AK_ARG_NUM, "T", "an island sleeps after T s still (default 0.5)",
      AK_OPT_GT_MIN, 0, 1e300, "a positive number of seconds", NULL },
};

const ak_cmd_spec AK_SPEC_RUN = {
    "run",
    "SCENE [--duration T | --steps N] [--dt h] [--integrator NAME] [--trace FILE]\n"
    "SCENE [solver settings] [sleeping settings]",
    "Simulate SCENE (a scene file, or a bundled scene's name: stack_4d for scenes/stack_4d.json)\n"
    "with the world step and print a summary: energy and angular momentum before and after.\n"
    "The integrators thesis, catto, exp run the contact stage (broadphase, narrowphase, solver)\n"
    "inside each step; the full-state ones (rk4, gsl) have none and are refused (exit 2) for a\n"
    "scene that can have contacts (two or more bodies, one of them free). The solver and sleeping\n"
    "settings override the scene's \"solver\" and \"sleep\" sections (docs/scene-format.md); with\n"
    "--method converged the run exits 1 if a step misses the tolerance.",
    "SCENE",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

int ak_cmd_run(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_RUN, argc, argv, &c, &prc)) return prc;
    char scene_buf[4096];
    ak_cli_scene_path(c.pos[0], scene_buf, sizeof scene_buf);
    const char *scene = c.pos[0];
    const char *trace_path = ak_cli_str(&c, "--trace", NULL),
               *integ = ak_cli_str(&c, "--integrator", NULL);
    double duration = ak_cli_get_num(&c, "--duration", -1), dt = ak_cli_get_num(&c, "--dt", -1);
    long steps = ak_cli_get_long(&c, "--steps", -1), every = ak_cli_get_long(&c, "--every", 1);
    bool renorm = !ak_cli_has(&c, "--no-renorm");
    const char *res_path = ak_cli_str(&c, "--residuals", NULL);
    const char *fclib_dir = ak_cli_str(&c, "--export-fclib", NULL);
    int sleep = ak_cli_get_onoff(&c, "--sleep", -1);
    double sleep_lin = ak_cli_get_num(&c, "--sleep-linear", -1),
           sleep_ang = ak_cli_get_num(&c, "--sleep-angular", -1);
    double sleep_time = ak_cli_get_num(&c, "--sleep-time", -1);
    if (steps > 0 && duration > 0)
        return ak_cli_bad_usage("run", "give --duration or --steps, not both");
    ak_model *m;
    ak_data *d;
    char err[AK_ERR_MAX];
    if (ak_dyn_scene_load(scene_buf, &m, &d, err, sizeof err) != 0) {
        fprintf(stderr, "anakata run: %s\n", err);
        return AK_EXIT_USAGE;
    }
    ak_world_opts o = ak_world_default_opts(m);
    if (integ) ak_integrator_parse(integ, &o.integrator); // checked by the parser
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
    ak_cli_apply_solver(&c, m);
    if (sleep >= 0) m->sleep.enabled = sleep;
    if (sleep_lin >= 0) m->sleep.linear = sleep_lin;
    if (sleep_ang >= 0) m->sleep.angular = sleep_ang;
    if (sleep_time > 0) m->sleep.time = sleep_time;
    bool converged = ss->method == AK_SOLVER_CONVERGED;
    if (res_path && !converged) {
        ak_data_free(d);
        ak_model_free(m);
        return ak_cli_bad_usage("run",
                                "--residuals needs the converged solver (--method converged or "
                                "the scene's \"solver\": {\"method\": \"converged\"})");
    }
    if (fclib_dir && (!converged || m->sleep.enabled)) {
        ak_data_free(d);
        ak_model_free(m);
        return ak_cli_bad_usage(
            "run", "--export-fclib needs the converged solver (--method converged) and "
                   "sleeping off (a sleeping body skips the contact stage)");
    }
#ifndef AK_HAVE_FCLIB
    if (fclib_dir) {
        ak_data_free(d);
        ak_model_free(m);
        return ak_cmd_unavailable("run --export-fclib",
                                  "built without libfclib: install libfclib-dev and rebuild");
    }
#else
    if (fclib_dir && ak_fclib_export_prepare(fclib_dir, err, sizeof err) != 0) {
        fprintf(stderr, "anakata run: %s\n", err);
        ak_data_free(d);
        ak_model_free(m);
        return AK_EXIT_USAGE;
    }
#endif
    long nexported = 0;
    FILE *resf = NULL;
    if (res_path && !(resf = fopen(res_path, "w"))) {
        fprintf(stderr, "anakata run: cannot open residuals file '%s' for writing: %s\n", res_path,
                strerror(errno));
        ak_data_free(d);
        ak_model_free(m);
        return AK_EXIT_USAGE;
    }
    if (resf)
        fprintf(resf,
                "step,t,points,iterations,impacts,normal,complementarity,cone,dissipation,"
                "pos_points,pos_iterations,pos_normal,pos_complementarity,converged,wall_s\n");
    ak_solver_residuals worst = { 0 };
    double pos_worst = 0;
    long pos_step = 0, pos_max_iter = 0, pos_sum_iter = 0, pos_nsteps = 0;
    long worst_step = 0, nconv_fail = 0, first_fail = 0, max_iter_seen = 0, sum_iter = 0, nres = 0;
    if (steps < 0) steps = lround((duration > 0 ? duration : m->duration) / o.dt);
    ak_trace_writer *tr = NULL;
    if (trace_path) {
        tr = ak_trace_writer_open(trace_path, m, ak_integrator_name(o.integrator), o.dt, err,
                                  sizeof err);
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
            double ww = fmax(fmax(worst.normal, worst.complementarity),
                             fmax(worst.cone, worst.dissipation));
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
                double wall =
                    (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
                fprintf(resf, "%ld,%.17g,%d,%d,%d,%.6e,%.6e,%.6e,%.6e,%d,%d,%.6e,%.6e,%d,%.6f\n", s,
                        d->t, cc->step.npoint, r->iterations, r->impacts, r->normal,
                        r->complementarity, r->cone, r->dissipation, r->pos_points,
                        r->pos_iterations, r->pos_normal, r->pos_complementarity,
                        r->converged ? 1 : 0, wall);
                fflush(resf); // a long run shows each step as it ends
            }
        }
#ifdef AK_HAVE_FCLIB
        if (fclib_dir) {
            int e = ak_fclib_export_step(fclib_dir, scene, m, d, s, err, sizeof err);
            if (e < 0) {
                fprintf(stderr, "anakata run: step %ld: %s\n", s, err);
                rc = AK_EXIT_FAIL;
                break;
            }
            nexported += e;
        }
#endif
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
           o.integrator == AK_INT_GSL ? "none (reference)"
           : renorm                   ? "on"
                                      : "off");
    printf("energy      %.12g -> %.12g (relative change %.3e)\n", E0, E,
           E0 != 0 ? (E - E0) / fabs(E0) : E - E0);
    double nJ1 = 0;
    for (int q = 0; q < k; q++) nJ1 += J[q] * J[q];
    printf("|J| origin  %.12g -> %.12g (|J - J0| / |J0| = %.3e)\n", sqrt(nJ), sqrt(nJ1),
           nJ > 0 ? sqrt(dJ / nJ) : sqrt(dJ));
    if (m->sleep.enabled)
        printf("sleep       on (|v| <= %g m/s, |w| <= %g rad/s for %g s): %d of %d bodies asleep "
               "at the end\n",
               m->sleep.linear, m->sleep.angular, m->sleep.time, ak_sleep_count(m, d), m->nbody);
    if (converged) {
        printf(
            "solver      converged, tolerance %g, max %d sweeps: %ld steps with contacts, sweeps "
            "mean %.1f, max %ld\n",
            ss->tolerance, ss->max_iterations, nres, nres ? (double)sum_iter / (double)nres : 0.0,
            max_iter_seen);
        printf("residuals   largest at step %ld: normal %.3e m/s, complementarity %.3e, cone %.3e "
               "N s, "
               "dissipation %.3e\n",
               worst_step, worst.normal, worst.complementarity, worst.cone, worst.dissipation);
        printf("position    stage ran in %ld steps, sweeps mean %.1f, max %ld; largest residual "
               "(normal or "
               "complementarity) %.3e at step %ld\n",
               pos_nsteps, pos_nsteps ? (double)pos_sum_iter / (double)pos_nsteps : 0.0,
               pos_max_iter, pos_worst, pos_step);
        if (nconv_fail) {
            fprintf(stderr,
                    "anakata run: the converged solver missed the tolerance %g in %ld steps "
                    "(first: step %ld)\n",
                    ss->tolerance, nconv_fail, first_fail);
            if (rc == AK_EXIT_OK) rc = AK_EXIT_FAIL;
        }
    } else {
        printf("solver      %s %s%s, %d iterations, shock propagation %s, warm start %s\n",
               ak_solver_method_name(ss->method), ak_variant_name(ss->variant),
               ss->order == AK_ORDER_COLOURED ? " (coloured order)" : "", ss->iterations,
               ss->shock_propagation ? "on" : "off", ss->warm_start ? "on" : "off");
    }
    if (resf && fclose(resf) != 0 && rc == AK_EXIT_OK) rc = AK_EXIT_FAIL;
    if (trace_path && rc == AK_EXIT_OK) printf("trace       %s\n", trace_path);
    if (fclib_dir) printf("fclib       %ld problems written to %s\n", nexported, fclib_dir);
    ak_data_free(d);
    ak_model_free(m);
    return rc;
}
