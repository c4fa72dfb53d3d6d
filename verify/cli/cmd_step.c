// anakata step SCENE [--explain] [--body NAME] [--steps N] [--variant V] [--method M]
// [--shock-propagation]: advance a scene one step at a time,
// printing the contacts, their impulses and the energy after each step. Interactive on a
// terminal (Enter = next step, q = quit); a plain listing of --steps N steps (default 10)
// otherwise. --explain adds the formula IDs of each stage with their docs page and anchor.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "contact_cache.h"
#include "scene.h" // the options' names
#include "solver_variant.h"
#include "step_explain.h"
#include "world.h"
#include "common/world_checks_util.h"

static void usage(FILE *f) {
    fprintf(f, "usage: anakata step SCENE [--explain] [--body NAME] [--steps N]\n"
               "                    [--variant corrected|published] [--method vector|pga|converged]\n"
               "                    [--shock-propagation] [--iterations N] [--tolerance X]\n"
               "  Enter = next step, q = quit (on a terminal); a listing of N steps (default 10)\n"
               "  when the output is not a terminal or --steps is given. --variant, --method and\n"
               "  --shock-propagation, --iterations and --tolerance override the scene's \"solver\"\n"
               "  section. With the converged solver every step prints its residuals.\n");
}

static void print_vec(int n, const double *v) {
    printf("(");
    for (int i = 0; i < n; i++) printf("%s%.6g", i ? ", " : "", ak_cli_num(v[i]));
    printf(")");
}

static void print_step(const ak_model *m, const ak_data *d, int body) {
    int n = m->dim;
    double T = ak_world_kinetic_energy(m, d), V = ak_world_potential_energy(m, d);
    printf("step %ld  t = %.6f  energy: kinetic %.9g  potential %.9g  total %.9g\n", d->step, d->t,
           T, V, T + V);
    if (body >= 0) {
        printf("  %s: x = ", m->bodies[body].name);
        print_vec(n, d->x + (size_t)body * AK_MAX_DIM);
        printf("  v = ");
        print_vec(n, d->v + (size_t)body * AK_MAX_DIM);
        printf("\n");
    }
    const ak_contact_cache *c = d->contacts;
    int np = c ? c->step.npoint : 0, shown = 0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        if (body >= 0 && p->a != body && p->b != body) continue;
        double jt = 0.0;
        for (int j = 0; j < n; j++) jt += p->jt[j] * p->jt[j];
        printf("  contact %s-%s id %016llx sep %+.3e  n = ", m->bodies[p->a].name,
               m->bodies[p->b].name, (unsigned long long)p->id, p->separation);
        print_vec(n, p->normal);
        printf("  jn %.6e |jt| %.6e%s\n", p->jn, sqrt(jt), p->matched ? "  (warm)" : "");
        shown++;
    }
    const char *why = "";
    if (!c) why = d->step == 0 ? " (before the first step)" : " (no contact stage: one free body alone)";
    printf("  %d contact point%s%s\n", shown, shown == 1 ? "" : "s", why);
    if (c && c->stats.res.valid)
        printf("  residuals (converged solver, %d sweeps, %d impacts, %s): normal %.3e m/s, "
               "complementarity %.3e, cone %.3e N s, dissipation %.3e\n", c->stats.res.iterations,
               c->stats.res.impacts, c->stats.res.converged ? "converged" : "NOT converged", c->stats.res.normal,
               c->stats.res.complementarity, c->stats.res.cone, c->stats.res.dissipation);
    if (c && c->stats.res.valid)
        printf("  position stage (converged solver, %d penetrating points, %d sweeps): normal %.3e m/s, "
               "complementarity %.3e\n", c->stats.res.pos_points, c->stats.res.pos_iterations, c->stats.res.pos_normal,
               c->stats.res.pos_complementarity);
}

// The method that serves each contact pair of the coming step (step_explain.h).
static void explain_pairs(const ak_model *m, const ak_data *d) {
    ak_explain_pair pr[64];
    int np = ak_step_explain_pairs(m, d, pr, 64);
    if (np <= 0) return;
    printf("  narrowphase of the next step, per pair:\n");
    for (int i = 0; i < np && i < 64; i++) {
        char pair[2 * AK_NAME_MAX + 2];
        snprintf(pair, sizeof pair, "%s-%s", m->bodies[pr[i].a].name, m->bodies[pr[i].b].name);
        printf("    %-24s %-20s %-34s %s\n", pair, pr[i].method, pr[i].formula, pr[i].doc);
    }
    if (np > 64) printf("    ... and %d more pairs\n", np - 64);
}

static void explain(const ak_model *m) {
    int cnt = 0;
    const ak_explain_entry *e = ak_step_explain(m, &cnt);
    printf("  formulas of this step (solver variant %s, method %s, integrator %s):\n",
           ak_variant_name(m->solver.variant), ak_solver_method_name(m->solver.method),
           ak_integrator_name(m->integrator));
    printf("  solver row: %s\n", ak_solver_variant_for(m)->what);
    for (int i = 0; i < cnt; i++)
        printf("    %-12s %-16s %-60s %s\n", e[i].stage, e[i].formula, e[i].what, e[i].doc);
}

int ak_cmd_step(int argc, char **argv) {
    const char *path = NULL, *bname = NULL;
    bool has_variant = false, has_method = false;
    ak_variant variant = AK_VARIANT_CORRECTED;
    ak_solver_method method = AK_SOLVER_VECTOR;
    int do_explain = 0, shock = 0;
    long iters = -1;
    double tol = -1;
    long steps = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--explain")) do_explain = 1;
        else if (!strcmp(argv[i], "--body") && i + 1 < argc) bname = argv[++i];
        else if (!strcmp(argv[i], "--shock-propagation")) shock = 1;
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc) {
            char *end;
            iters = strtol(argv[++i], &end, 10);
            if (*end || iters < 1 || iters > 10000) {
                fprintf(stderr, "anakata step: --iterations needs a count from 1 to 10000, got '%s'\n", argv[i]);
                return AK_EXIT_USAGE;
            }
        } else if (!strcmp(argv[i], "--tolerance") && i + 1 < argc) {
            char *end;
            tol = strtod(argv[++i], &end);
            if (*end || !(tol >= 1e-15 && tol <= 1)) {
                fprintf(stderr, "anakata step: --tolerance needs a number in [1e-15, 1], got '%s'\n", argv[i]);
                return AK_EXIT_USAGE;
            }
        }
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc) {
            if (ak_variant_parse(argv[++i], &variant)) {
                fprintf(stderr, "anakata step: --variant: expected one of %s, got '%s'\n", ak_variant_names(),
                        argv[i]);
                return AK_EXIT_USAGE;
            }
            has_variant = true;
        } else if (!strcmp(argv[i], "--method") && i + 1 < argc) {
            if (ak_solver_method_parse(argv[++i], &method)) {
                fprintf(stderr, "anakata step: --method: expected one of %s, got '%s'\n",
                        ak_solver_method_names(), argv[i]);
                return AK_EXIT_USAGE;
            }
            has_method = true;
        }
        else if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
            char *end;
            steps = strtol(argv[++i], &end, 10);
            if (*end || steps < 0) {
                fprintf(stderr, "anakata step: --steps needs a count >= 0, got '%s'\n", argv[i]);
                return AK_EXIT_USAGE;
            }
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else if (argv[i][0] == '-' || path) {
            fprintf(stderr, "anakata step: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return AK_EXIT_USAGE;
        } else path = argv[i];
    }
    if (!path) {
        usage(stderr);
        return AK_EXIT_USAGE;
    }
    char err[1024];
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(path, &d, err, sizeof err);
    if (!m) {
        fprintf(stderr, "anakata step: %s\n", err);
        return AK_EXIT_USAGE;
    }
    if (has_variant) m->solver.variant = variant;
    if (has_method) m->solver.method = method;
    if (shock) m->solver.shock_propagation = true;
    if (iters > 0) m->solver.iterations = (int)iters;
    if (tol > 0) m->solver.tolerance = tol;
    int body = -1;
    if (bname) {
        for (int b = 0; b < m->nbody; b++)
            if (!strcmp(m->bodies[b].name, bname)) body = b;
        if (body < 0) {
            fprintf(stderr, "anakata step: no body named '%s' in %s\n", bname, path);
            ak_model_free(m);
            ak_data_free(d);
            return AK_EXIT_USAGE;
        }
    }
    int interactive = steps < 0 && isatty(0) && isatty(1);
    if (steps < 0) steps = 10;
    ak_world_opts o = ak_world_default_opts(m);
    if (!ak_integrator_is_split(o.integrator) && ak_world_can_contact(m)) {
        fprintf(stderr, "anakata step: %s: integrator '%s' has no contact stage, and this scene "
                        "can have contacts; the scene's \"integrator\" must be one of %s\n",
                path, ak_integrator_name(o.integrator), ak_world_contact_integrators());
        ak_model_free(m);
        ak_data_free(d);
        return AK_EXIT_USAGE;
    }
    printf("%s: %s (%dD, %d bodies, dt %g)\n", path, m->title[0] ? m->title : "untitled", m->dim,
           m->nbody, o.dt);
    print_step(m, d, body);
    int rc = AK_EXIT_OK;
    for (long s = 0; interactive || s < steps; s++) {
        if (interactive) {
            printf("[Enter] next step, q quit > ");
            fflush(stdout);
            char line[64];
            if (!fgets(line, sizeof line, stdin) || line[0] == 'q') break;
        }
        if (do_explain) explain_pairs(m, d);
        if (ak_world_step(m, d, &o, err, sizeof err)) {
            fprintf(stderr, "anakata step: %s\n", err);
            rc = AK_EXIT_FAIL;
            break;
        }
        print_step(m, d, body);
        if (do_explain) explain(m);
    }
    ak_model_free(m);
    ak_data_free(d);
    return rc;
}
