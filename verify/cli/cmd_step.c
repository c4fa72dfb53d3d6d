// anakata step SCENE [--explain] [--body NAME] [--steps N] [--variant V] [--method M]
// [--integrator I] [--shock-propagation]: advance a scene one step at a time,
// printing the contacts, their impulses and the energy after each step. Interactive on a
// terminal (Enter = next step, q = quit); a plain listing of --steps N steps (default 10)
// otherwise. --explain adds the formula IDs each step evaluated (its formula record,
// engine/formula_record.h) with their docs page and anchor.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "engine/integrate.h"
#include "engine/scene.h" // the options' names
#include "engine/contact_cache.h"
#include "engine/solver_variant.h"
#include "engine/formula_record.h"
#include "engine/step_explain.h"
#include "engine/world.h"
#include "verify/common/world_checks_util.h"

static const ak_opt OPTS[] = {
    { "--explain", AK_ARG_NONE, NULL,
      "print the formula IDs each step evaluated (its formula record)\nwith their docs page and "
      "anchor",
      0, 0, 0, NULL, NULL },
    { "--body", AK_ARG_TEXT, "NAME", "print only this body's state and contacts", 0, 0, 0,
      "body name", NULL },
    { "--steps", AK_ARG_INT, "N",
      "list N steps without asking (default 10 when the output is\nnot a terminal)", 0, 1, 1e12,
      "a whole number from 1 to 10^12", NULL },
    AK_OPT_DT,
    AK_OPT_INTEGRATOR,
    AK_OPT_METHOD,
    AK_OPT_VARIANT,
    AK_OPT_ITERATIONS,
    AK_OPT_SHOCK,
    AK_OPT_ORDER,
    AK_OPT_WARM,
    AK_OPT_TOLERANCE,
    AK_OPT_MAX_ITERATIONS,
};

const ak_cmd_spec AK_SPEC_STEP = {
    "step",
    "SCENE [--explain] [--body NAME] [--steps N] [solver settings]",
    "Advance SCENE (a scene file or a bundled scene's name) one step at a time, printing the\n"
    "contacts, their impulses and the energy after each step: Enter = next step, q = quit on a\n"
    "terminal; a listing of N steps (default 10) when the output is not a terminal or --steps is\n"
    "given. The solver settings override the scene's \"solver\" section, as for anakata run; with\n"
    "the converged solver every step prints its residuals.",
    "SCENE",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

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
    if (!c)
        why =
            d->step == 0 ? " (before the first step)" : " (no contact stage: one free body alone)";
    printf("  %d contact point%s%s\n", shown, shown == 1 ? "" : "s", why);
    if (c && c->stats.res.valid)
        printf("  residuals (converged solver, %d sweeps, %d impacts, %s): normal %.3e m/s, "
               "complementarity %.3e, cone %.3e N s, dissipation %.3e\n",
               c->stats.res.iterations, c->stats.res.impacts,
               c->stats.res.converged ? "converged" : "NOT converged", c->stats.res.normal,
               c->stats.res.complementarity, c->stats.res.cone, c->stats.res.dissipation);
    if (c && c->stats.res.valid)
        printf("  position stage (converged solver, %d penetrating points, %d sweeps): normal %.3e "
               "m/s, "
               "complementarity %.3e\n",
               c->stats.res.pos_points, c->stats.res.pos_iterations, c->stats.res.pos_normal,
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

// The formulas the step just taken evaluated, from its record (engine/formula_record.h).
static void explain(const ak_model *m, const ak_data *d, ak_integrator integ) {
    const ak_explain_entry *e[AK_RAN_COUNT];
    int cnt = ak_step_explain(d, e, AK_RAN_COUNT);
    printf("  formulas this step evaluated (solver variant %s, method %s, integrator %s):\n",
           ak_variant_name(m->solver.variant), ak_solver_method_name(m->solver.method),
           ak_integrator_name(integ));
    if (ak_integrator_is_split(integ)) printf("  solver row: %s\n", ak_solver_variant_for(m)->what);
    for (int i = 0; i < cnt && i < AK_RAN_COUNT; i++)
        printf("    %-12s %-16s %-60s %s\n", e[i]->stage, e[i]->formula, e[i]->what, e[i]->doc);
    if (cnt == 0) printf("    (none recorded: this build has the formula record off)\n");
}

int ak_cmd_step(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_STEP, argc, argv, &c, &prc)) return prc;
    const char *path = c.pos[0], *bname = ak_cli_str(&c, "--body", NULL);
    int do_explain = ak_cli_has(&c, "--explain");
    long steps = ak_cli_get_long(&c, "--steps", -1);
    char scene_buf[4096];
    ak_cli_scene_path(path, scene_buf, sizeof scene_buf);
    char err[1024];
    ak_data *d = NULL;
    ak_model *m = ak_wc_load(scene_buf, &d, err, sizeof err);
    if (!m) {
        fprintf(stderr, "anakata step: %s\n", err);
        return AK_EXIT_USAGE;
    }
    ak_cli_apply_solver(&c, m);
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
    if (ak_cli_has(&c, "--integrator")) {
        ak_integrator_parse(ak_cli_str(&c, "--integrator", ""),
                            &o.integrator); // checked by the parser
        m->integrator = o.integrator;
    }
    if (ak_cli_has(&c, "--dt")) o.dt = ak_cli_get_num(&c, "--dt", o.dt);
    if (!ak_integrator_is_split(o.integrator) && ak_world_can_contact(m)) {
        fprintf(stderr,
                "anakata step: %s: integrator '%s' has no contact stage, and this scene "
                "can have contacts; use --integrator with one of %s\n",
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
        if (do_explain) explain(m, d, o.integrator);
    }
    ak_model_free(m);
    ak_data_free(d);
    return rc;
}
