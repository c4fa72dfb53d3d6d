// anakata compare REFERENCE OTHER [--manifest FILE] [--scene NAME] [--json] [--report FILE]
#include <cjson/cJSON.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/common/files.h"
#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/compare/compare.h"
#include "verify/common/plot.h"
#include "verify/report/report.h"
#include "verify/compare/trace_read.h"
#include "verify/compare/stepwise.h"
#include "verify/report/traceability.h"

static const ak_opt OPTS[] = {
    { "--manifest", AK_ARG_TEXT, "FILE",
      "the reference manifest (default: manifest.json next to REFERENCE)", 0, 0, 0, "file name",
      NULL },
    { "--scene", AK_ARG_TEXT, "NAME", "the manifest entry to use (an unknown name is an error)", 0,
      0, 0, "name", NULL },
    { "--tol", AK_ARG_TEXT, "N=V",
      "override one tolerance (position, velocity, rotor, angular_velocity,\n"
      "energy_initial, energy_drift, energy_final, energy_gain, momentum_drift,\n"
      "angular_momentum_drift, end_position, end_rotor, contacts_mean, kinematics,\n"
      "centroid, event; V a number or 'off'); repeatable",
      AK_OPT_REPEAT, 0, 0, "NAME=VALUE", NULL },
    { "--horizon", AK_ARG_NUM, "T", "compare states over [t0, t0 + T] (overrides the manifest)", 0,
      0, 1e300, "a number of seconds >= 0", NULL },
    { "--stepwise", AK_ARG_NONE, NULL,
      "step SCENE once from each recorded state of OTHER and compare with OTHER's\n"
      "next state (docs/compare.md, 'Stepwise comparison'); then --solver NAME\n"
      "picks the contact solver variant (corrected, published, pga, ...), --tol\n"
      "position|velocity|rotor|angular_velocity=V the per-step tolerances, --worst N\n"
      "how many worst steps to list (default 10)",
      0, 0, 0, NULL, NULL },
    { "--solver", AK_ARG_TEXT, "NAME", "--stepwise: the contact solver variant", 0, 0, 0,
      "solver name", NULL },
    { "--worst", AK_ARG_INT, "N", "--stepwise: how many worst steps to list (default 10)", 0, 0,
      1e6, NULL, NULL },
    { "--laws", AK_ARG_NONE, NULL,
      "judge the laws only (what every correct engine obeys: x' = v, the\n"
      "orientation follows w, the initial state, momentum in free flight, no energy\n"
      "gained); the measurements of modelling choices are left out",
      0, 0, 0, NULL, NULL },
    { "--json", AK_ARG_NONE, NULL, "print the result as JSON instead of the table", 0, 0, 0, NULL,
      NULL },
    { "--report", AK_ARG_TEXT, "FILE", "also write a self-contained HTML page with plots", 0, 0, 0,
      "file name", NULL },
};

const ak_cmd_spec AK_SPEC_COMPARE = {
    "compare",
    "REFERENCE OTHER [--manifest FILE] [--scene NAME] [--tol NAME=VALUE]...\n"
    "REFERENCE OTHER [--horizon T] [--laws] [--json] [--report FILE]\n"
    "--stepwise SCENE OTHER [--solver VARIANT] [--json] [--worst N]",
    "Compares the trace OTHER (another engine's, format anakata-trace/1; 3D traces may have\n"
    "quaternion qw,qx,qy,qz and axis-vector wx,wy,wz columns, 2D ones angle and omega) with the\n"
    "trace REFERENCE. States are compared within the scene's predictability horizon (measured,\n"
    "in the manifest); laws (x' = v, the centroid of isolated systems, energy, momenta), events\n"
    "(impacts, bounce apexes, first contacts, flips), end states and contact statistics over the\n"
    "whole run. Tolerances and mass properties come from the manifest entry of the scene\n"
    "(default: manifest.json next to REFERENCE, matched by the reference's file name, then by\n"
    "its scene name); without one, default tolerances apply. With --stepwise the first argument\n"
    "is a scene (a file or a bundled scene's name).",
    "trace",
    2,
    2,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    "Exit status: 0 the traces agree (with --laws: no law is violated), 1 they differ (or\n"
    "nothing could be compared), 2 bad usage, or a malformed or broken trace or manifest (the\n"
    "message names file, line and column).\n"
    "docs/compare.md describes the workflow and the trace format."
};

// A trace's '#' metadata as JSON (docs/trace-metadata.schema.json): dim an integer, timestep a
// number, every other key its text; "columns" says which rotor and angular velocity columns the
// trace had (docs/conventions.md).
static cJSON *meta_json(const ak_tracefile *t) {
    cJSON *m = cJSON_CreateObject();
    for (int i = 0; i < t->nmeta; i++) {
        if (cJSON_GetObjectItemCaseSensitive(m, t->meta_key[i])) continue;
        if (!strcmp(t->meta_key[i], "dim"))
            cJSON_AddNumberToObject(m, "dim", t->dim);
        else if (!strcmp(t->meta_key[i], "timestep") && isfinite(t->timestep))
            cJSON_AddNumberToObject(m, "timestep", t->timestep);
        else
            cJSON_AddStringToObject(m, t->meta_key[i], t->meta_value[i]);
    }
    if (!cJSON_GetObjectItemCaseSensitive(m, "columns"))
        cJSON_AddStringToObject(m, "columns",
                                t->columns[0] ? t->columns : "rotor and bivector (the contract's)");
    return m;
}

static cJSON *result_json(const ak_tracefile *ref, const ak_tracefile *o, const ak_compare_spec *s,
                          const ak_compare_result *r) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "format", "anakata-compare/1");
    cJSON_AddStringToObject(root, "reference", ref->path);
    cJSON_AddStringToObject(root, "other", o->path);
    cJSON_AddStringToObject(root, "scene", s->scene[0] ? s->scene : ref->scene);
    cJSON_AddItemToObject(root, "reference_metadata", meta_json(ref));
    cJSON_AddItemToObject(root, "other_metadata", meta_json(o));
    cJSON_AddNumberToObject(root, "horizon", s->horizon);
    if (isfinite(s->horizon_measured))
        cJSON_AddNumberToObject(root, "horizon_measured", s->horizon_measured);
    cJSON_AddBoolToObject(root, "pass", r->nfail == 0 && r->npass > 0);
    cJSON_AddNumberToObject(root, "passed", r->npass);
    cJSON_AddNumberToObject(root, "failed", r->nfail);
    cJSON_AddNumberToObject(root, "laws_violated", r->nlaw_fail);
    cJSON_AddBoolToObject(root, "laws_only", s->laws_only);
    cJSON *items = cJSON_AddArrayToObject(root, "quantities");
    for (int i = 0; i < r->n; i++) {
        const ak_compare_item *it = &r->items[i];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddStringToObject(j, "quantity", it->quantity);
        cJSON_AddStringToObject(j, "verdict",
                                it->verdict == AK_CMP_PASS   ? "pass"
                                : it->verdict == AK_CMP_FAIL ? "fail"
                                                             : "skip");
        cJSON_AddStringToObject(j, "kind", it->kind == AK_CMP_LAW ? "law" : "measurement");
        if (isfinite(it->other)) cJSON_AddNumberToObject(j, "other", it->other);
        if (isfinite(it->reference)) cJSON_AddNumberToObject(j, "reference", it->reference);
        if (it->verdict != AK_CMP_SKIP && isfinite(it->error))
            cJSON_AddNumberToObject(j, "error", it->error);
        if (it->verdict != AK_CMP_SKIP && isfinite(it->tol))
            cJSON_AddNumberToObject(j, "tolerance", it->tol);
        cJSON_AddStringToObject(j, "detail", it->detail);
        cJSON_AddItemToArray(items, j);
    }
    return root;
}

static void html_esc(FILE *f, const char *s) {
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else
            fputc(*s, f);
    }
}

static void embed(FILE *f, const char *png, const char *caption) {
    size_t n;
    char *d = ak_read_file(png, &n);
    char *b = d ? malloc(4 * ((n + 2) / 3) + 1) : NULL;
    if (b) {
        ak_base64(b, (unsigned char *)d, n);
        fprintf(f, "<figure><img src=\"data:image/png;base64,%s\"><figcaption>", b);
        html_esc(f, caption);
        fputs("</figcaption></figure>\n", f);
    }
    free(b);
    free(d);
    unlink(png);
}

// The HTML page: the table and two plots (energy over the run; position error over the horizon).
static int write_html(const char *path, const ak_tracefile *ref, const ak_tracefile *o,
                      const ak_compare_spec *s, const ak_compare_result *r) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>anakata "
          "compare</title><style>"
          "body{font:14px system-ui,sans-serif;max-width:1200px;margin:auto;padding:0 "
          "16px}table{border-collapse:"
          "collapse}td,th{border:1px solid #ccd;padding:3px "
          "6px;text-align:left;vertical-align:top}.pass{color:#176f2c}"
          ".fail{color:#b00020;font-weight:700}.skip{color:#777}img{max-width:640px}</style></"
          "head><body>\n",
          f);
    fprintf(f, "<h1>anakata compare: %s</h1>\n<p>reference <code>",
            r->nfail == 0 && r->npass > 0 ? "pass" : "FAIL");
    html_esc(f, ref->path);
    fputs("</code>, other <code>", f);
    html_esc(f, o->path);
    fputs("</code></p>\n<table><tr><th>verdict</th><th>quantity</th><th>other</th><th>reference</"
          "th><th>error</th>"
          "<th>tolerance</th><th>detail</th></tr>\n",
          f);
    for (int i = 0; i < r->n; i++) {
        const ak_compare_item *it = &r->items[i];
        const char *v = it->verdict == AK_CMP_PASS   ? "pass"
                        : it->verdict == AK_CMP_FAIL ? "fail"
                                                     : "skip";
        char e[32], t[32];
        ak_compare_fmt_pair(it->error, it->tol, e, t, sizeof e);
        fprintf(f,
                "<tr><td "
                "class=%s>%s</td><td>%s</td><td>%.6g</td><td>%.6g</td><td>%s</td><td>%s</td><td>",
                v, v, it->quantity, it->other, it->reference, e, t);
        html_esc(f, it->detail);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    ak_invariants ir, io;
    char png[64], err[256];
    if (ak_invariants_compute(ref, s, &ir) == 0 && ak_invariants_compute(o, s, &io) == 0) {
        if (ir.has_energy && io.has_energy) {
            ak_plot_series sr[2] = { { "reference", ir.t, ir.E, (size_t)ir.n },
                                     { "other", io.t, io.E, (size_t)io.n } };
            snprintf(png, sizeof png, "/tmp/ak_compare_%d_e.png", (int)getpid());
            if (ak_plot_lines(png, "Total energy", "t [s]", "E", sr, 2, false, false, err,
                              sizeof err) == 0)
                embed(f, png, "Total energy over the run, both traces");
        }
        ak_invariants_free(&ir);
        ak_invariants_free(&io);
    }
    // Position error of each body over the reference's horizon, log scale.
    long n = 0;
    while (n < ref->nsteps && ref->t[n] <= ref->t[0] + s->horizon + 1e-12) n++;
    if (n > 1 && ref->nbody <= 16) {
        double *e = calloc((size_t)(n * ref->nbody), sizeof *e);
        ak_plot_series ser[16];
        int ns = 0;
        for (int b = 0; e && b < ref->nbody; b++) {
            int ob = ak_tracefile_body(o, ref->body[b]);
            if (ob < 0) continue; // a fixed body the other trace leaves out
            for (long i = 0; i < n; i++) {
                // nearest sample of the other trace at or before the reference time
                long k = 0;
                while (k + 1 < o->nsteps && o->t[k + 1] <= ref->t[i] + 1e-12) k++;
                const double *a = ak_tracefile_x(ref, i, b), *c = ak_tracefile_x(o, k, ob);
                double d = 0;
                for (int q = 0; q < ref->dim; q++) d += (a[q] - c[q]) * (a[q] - c[q]);
                e[b * n + i] = sqrt(d);
            }
            ser[ns++] = (ak_plot_series){ ref->body[b], ref->t, e + b * n, (size_t)n };
        }
        snprintf(png, sizeof png, "/tmp/ak_compare_%d_x.png", (int)getpid());
        if (e && ns > 0 &&
            ak_plot_lines(png, "Position error over the horizon", "t [s]", "|x - x_ref|", ser,
                          (size_t)ns, false, true, err, sizeof err) == 0)
            embed(f, png,
                  "Position error of each body over the compared horizon (log scale; zero errors "
                  "not drawn)");
        free(e);
    }
    fputs("</body></html>\n", f);
    return fclose(f) == 0 ? 0 : -1;
}

// anakata compare --stepwise SCENE OTHER: see compare/stepwise.h.
static int ak_cmd_compare_stepwise(const char *scene, const char *other, const char *const *tols,
                                   int ntol, const char *solver, bool json, int worst) {
    char err[1024];
    ak_tracefile o;
    if (ak_tracefile_read(other, &o, err, sizeof err)) {
        fprintf(stderr, "anakata compare: trace rejected: %s\n", err);
        return AK_EXIT_USAGE;
    }
    double tol[AK_SW_Q] = { NAN, NAN, NAN, NAN };
    static const char *const names[AK_SW_Q] = { "position", "velocity", "rotor",
                                                "angular_velocity" };
    for (int k = 0; k < ntol; k++) {
        const char *eq = strchr(tols[k], '=');
        int q = -1;
        for (int j = 0; eq && j < AK_SW_Q; j++)
            if (strlen(names[j]) == (size_t)(eq - tols[k]) &&
                !strncmp(tols[k], names[j], (size_t)(eq - tols[k])))
                q = j;
        char *end = NULL;
        double v = eq ? strtod(eq + 1, &end) : NAN;
        if (q < 0 || !end || *end || end == eq + 1 || !(v >= 0)) {
            fprintf(stderr,
                    "anakata compare: --stepwise --tol '%s': expected "
                    "position|velocity|rotor|angular_velocity=NUMBER\n",
                    tols[k]);
            ak_tracefile_free(&o);
            return AK_EXIT_USAGE;
        }
        tol[q] = v;
    }
    ak_stepwise_result r;
    if (ak_stepwise_run(scene, &o, solver, tol, &r, err, sizeof err)) {
        fprintf(stderr, "anakata compare: %s\n", err);
        ak_tracefile_free(&o);
        return AK_EXIT_USAGE;
    }
    if (json) {
        cJSON *root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "format", "anakata-compare-stepwise/1");
        cJSON_AddStringToObject(root, "scene", scene);
        cJSON_AddStringToObject(root, "other", o.path);
        cJSON_AddStringToObject(root, "solver", r.solver);
        cJSON_AddNumberToObject(root, "substeps", r.nsub);
        cJSON_AddBoolToObject(root, "pass", r.nfail == 0 && r.n > 0);
        cJSON_AddNumberToObject(root, "compared_steps", (double)r.n);
        cJSON_AddNumberToObject(root, "steps_over_tolerance", (double)r.nfail);
        {
            char law[600];
            int lk, lq;
            ak_stepwise_law(&r, &lk, &lq, law, sizeof law);
            cJSON *jl = cJSON_AddObjectToObject(root, "law");
            cJSON_AddStringToObject(jl, "steps", lk < 0 ? "none" : lk ? "contact" : "free");
            cJSON_AddStringToObject(jl, "law",
                                    lk < 0 ? "none"
                                    : lk
                                        ? "contact"
                                        : (lq == AK_SW_R || lq == AK_SW_W ? "rotation" : "linear"));
            if (lk >= 0) cJSON_AddStringToObject(jl, "quantity", names[lq]);
            cJSON_AddStringToObject(jl, "text", law);
        }
        cJSON *jt = cJSON_AddObjectToObject(root, "tolerances");
        for (int q = 0; q < AK_SW_Q; q++) cJSON_AddNumberToObject(jt, names[q], r.tol[q]);
        cJSON *sum = cJSON_AddObjectToObject(root, "summary");
        static const char *const kinds[3] = { "all", "free", "contact" };
        for (int c = -1; c < 2; c++) {
            cJSON *jk = cJSON_AddObjectToObject(sum, kinds[c + 1]);
            for (int q = 0; q < AK_SW_Q; q++) {
                long cnt;
                double med = ak_stepwise_quantile(&r, q, c, 0.5, &cnt);
                cJSON *jq = cJSON_AddObjectToObject(jk, names[q]);
                cJSON_AddNumberToObject(jq, "count", (double)cnt);
                if (cnt == 0) continue;
                cJSON_AddNumberToObject(jq, "median", med);
                cJSON_AddNumberToObject(jq, "p90", ak_stepwise_quantile(&r, q, c, 0.9, NULL));
                cJSON_AddNumberToObject(jq, "p99", ak_stepwise_quantile(&r, q, c, 0.99, NULL));
                cJSON_AddNumberToObject(jq, "max", ak_stepwise_quantile(&r, q, c, 1.0, NULL));
            }
        }
        cJSON *steps = cJSON_AddArrayToObject(root, "steps");
        for (long i = 0; i < r.n; i++) {
            const ak_sw_step *st = &r.steps[i];
            cJSON *js = cJSON_CreateObject();
            cJSON_AddNumberToObject(js, "t", st->t);
            cJSON_AddNumberToObject(js, "contacts", st->contacts);
            if (!isnan(st->other_contacts))
                cJSON_AddNumberToObject(js, "other_contacts", st->other_contacts);
            for (int q = 0; q < AK_SW_Q; q++) {
                char key[48];
                cJSON_AddNumberToObject(js, names[q], st->e[q]);
                snprintf(key, sizeof key, "%s_body", names[q]);
                cJSON_AddStringToObject(js, key, o.body[st->body[q]]);
            }
            cJSON *ov = cJSON_AddArrayToObject(js, "over_tolerance");
            for (int j = 0; j < st->nover && j < AK_SW_OVER_MAX; j++)
                cJSON_AddItemToArray(ov, cJSON_CreateString(o.body[st->over[j]]));
            cJSON_AddItemToArray(steps, js);
        }
        char *txt = cJSON_Print(root);
        if (txt) puts(txt);
        free(txt);
        cJSON_Delete(root);
    } else {
        printf("scene: %s; other: %s (%ld steps, t = %g..%g s, integrator '%s')\n", scene, o.path,
               o.nsteps, o.t[0], o.t[o.nsteps - 1], o.integrator);
        ak_stepwise_print(&r, &o, worst, stdout);
    }
    int rc = r.nfail == 0 && r.n > 0 ? AK_EXIT_OK : AK_EXIT_FAIL;
    ak_stepwise_free(&r);
    ak_tracefile_free(&o);
    return rc;
}

// Whether PATH is a committed reference trace: the manifest.json beside it has an entry whose
// "trace" is PATH's file name. Writes the entry's scene and the manifest's path.
static bool is_reference_trace(const char *path, char *scene, size_t sn, char *mpath, size_t mn) {
    char tmp[1024], base[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    snprintf(base, sizeof base, "%s", basename(tmp));
    snprintf(tmp, sizeof tmp, "%s", path);
    snprintf(mpath, mn, "%.1000s/manifest.json", dirname(tmp));
    char *text = ak_read_file(mpath, NULL);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    bool found = false;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "scenes")) {
        const cJSON *tr = cJSON_GetObjectItemCaseSensitive(e, "trace"),
                    *sc = cJSON_GetObjectItemCaseSensitive(e, "scene");
        if (cJSON_IsString(tr) && !strcmp(tr->valuestring, base)) {
            snprintf(scene, sn, "%s", cJSON_IsString(sc) ? sc->valuestring : "?");
            found = true;
            break;
        }
    }
    cJSON_Delete(root);
    return found;
}

int ak_cmd_compare(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_COMPARE, argc, argv, &c, &prc)) return prc;
    const char *paths[2] = { c.pos[0], c.pos[1] };
    const char *manifest = ak_cli_str(&c, "--manifest", NULL),
               *scene = ak_cli_str(&c, "--scene", NULL);
    const char *html = ak_cli_str(&c, "--report", NULL),
               *horizon = ak_cli_str(&c, "--horizon", NULL);
    const char *tols[64], *solver = ak_cli_str(&c, "--solver", NULL);
    int ntol = ak_cli_values(&c, "--tol", tols, 64),
        worst_n = (int)ak_cli_get_long(&c, "--worst", 10);
    bool json = ak_cli_has(&c, "--json"), stepwise = ak_cli_has(&c, "--stepwise"),
         laws = ak_cli_has(&c, "--laws");
    char scene_buf[4096];
    if (stepwise) {
        ak_cli_scene_path(paths[0], scene_buf, sizeof scene_buf);
        paths[0] = scene_buf;
    }
    char err[1024];
    if (stepwise)
        return ak_cmd_compare_stepwise(paths[0], paths[1], tols, ntol, solver, json, worst_n);
    // the reference comes first: a committed reference given second, after a trace that is not one,
    // is a swap, refused rather than compared the wrong way round
    char sc0[256], sc1[256], mp0[1100], mp1[1100];
    if (!is_reference_trace(paths[0], sc0, sizeof sc0, mp0, sizeof mp0) &&
        is_reference_trace(paths[1], sc1, sizeof sc1, mp1, sizeof mp1)) {
        fprintf(stderr,
                "anakata compare: the arguments look swapped: the second, OTHER '%s', is the "
                "committed reference of "
                "scene '%s' (%s), and the first, REFERENCE '%s', is not a reference; the reference "
                "comes first:\n"
                "  anakata compare %s %s\n",
                paths[1], sc1, mp1, paths[0], paths[1], paths[0]);
        return AK_EXIT_USAGE;
    }
    ak_tracefile ref, oth;
    if (ak_tracefile_read(paths[0], &ref, err, sizeof err)) {
        fprintf(stderr, "anakata compare: reference trace rejected: %s\n", err);
        return AK_EXIT_USAGE;
    }
    if (ak_tracefile_read(paths[1], &oth, err, sizeof err)) {
        fprintf(stderr, "anakata compare: trace rejected: %s\n", err);
        ak_tracefile_free(&ref);
        return AK_EXIT_USAGE;
    }
    char mpath[1024];
    if (!manifest) {
        char tmp[1024];
        snprintf(tmp, sizeof tmp, "%s", paths[0]);
        snprintf(mpath, sizeof mpath, "%s/manifest.json", dirname(tmp));
        if (access(mpath, R_OK) == 0) manifest = mpath;
    }
    ak_compare_spec spec;
    ak_compare_spec_default(&spec);
    const char *source = "no manifest: default tolerances";
    if (manifest) {
        char tmp[1024];
        snprintf(tmp, sizeof tmp, "%s", paths[0]);
        const char *keys[3] = { scene, basename(tmp), ref.scene };
        int rc = 1;
        for (int k = 0; k < 3 && rc == 1; k++)
            if (keys[k] && *keys[k]) {
                rc = ak_manifest_load(manifest, keys[k], &spec, err, sizeof err);
                if (k == 0 && rc == 1) { // --scene names an entry: a mistyped name is an error
                    snprintf(err, sizeof err,
                             "%.400s has no scene '%.200s' (--scene names an entry's \"scene\" or "
                             "\"trace\")",
                             manifest, scene);
                    rc = -1;
                }
            }
        if (rc < 0) {
            fprintf(stderr, "anakata compare: %s\n", err);
            ak_tracefile_free(&ref);
            ak_tracefile_free(&oth);
            return AK_EXIT_USAGE;
        }
        source =
            rc == 0 ? "manifest entry" : "manifest has no entry for this scene: default tolerances";
    }
    char scene_note[1400] = "";
    if (strcmp(source, "manifest entry") != 0) {
        // no manifest entry (a trace from `anakata run --trace`): the scene file the reference
        // names gives the gravity and the mass properties, so impacts and energy are judged too
        char sp[1024], serr[512];
        if (ak_compare_scene_path(&spec, &ref, sp, sizeof sp) == 0) {
            if (ak_compare_spec_from_scene(&spec, sp, serr, sizeof serr)) {
                fprintf(stderr, "anakata compare: the reference's scene %s: %s\n", sp, serr);
                ak_compare_spec_free(&spec);
                ak_tracefile_free(&ref);
                ak_tracefile_free(&oth);
                return AK_EXIT_USAGE;
            }
            snprintf(scene_note, sizeof scene_note,
                     "; gravity, mass properties and shapes from the scene file %s", sp);
        }
    }
    if (scene && !manifest) {
        fprintf(stderr, "anakata compare: --scene %s: no manifest (give --manifest FILE)\n", scene);
        ak_tracefile_free(&ref);
        ak_tracefile_free(&oth);
        return AK_EXIT_USAGE;
    }
    for (int k = 0; k < ntol + (horizon ? 1 : 0); k++) {
        char as[256];
        if (k < ntol)
            snprintf(as, sizeof as, "%s", tols[k]);
        else
            snprintf(as, sizeof as, "horizon=%s", horizon);
        if (ak_compare_spec_override(&spec, as, err, sizeof err)) {
            fprintf(stderr, "anakata compare: %s\n", err);
            ak_compare_spec_free(&spec);
            ak_tracefile_free(&ref);
            ak_tracefile_free(&oth);
            return AK_EXIT_USAGE;
        }
    }
    spec.laws_only = laws;
    {
        // the shapes (rest orientations modulo symmetry); without the scene file end.rotor says so
        char serr[512];
        if (ak_compare_spec_shapes_for(&spec, &ref, serr, sizeof serr)) spec.nshape = 0;
    }
    if (spec.dim && spec.dim != ref.dim) {
        fprintf(stderr,
                "anakata compare: the manifest says scene '%s' has dim %d, the reference trace has "
                "dim %d\n",
                spec.scene, spec.dim, ref.dim);
        ak_compare_spec_free(&spec);
        ak_tracefile_free(&ref);
        ak_tracefile_free(&oth);
        return AK_EXIT_USAGE;
    }
    ak_compare_result res;
    if (ak_compare_traces(&ref, &oth, &spec, &res, err, sizeof err)) {
        fprintf(stderr, "anakata compare: traces not comparable: %s\n", err);
        ak_compare_spec_free(&spec);
        ak_tracefile_free(&ref);
        ak_tracefile_free(&oth);
        return AK_EXIT_USAGE;
    }
    if (json) {
        cJSON *j = result_json(&ref, &oth, &spec, &res);
        char from[2048];
        snprintf(from, sizeof from, "%s%s", source, scene_note);
        cJSON_AddStringToObject(j, "tolerances_from", from);
        char *s = cJSON_Print(j);
        if (s) puts(s);
        free(s);
        cJSON_Delete(j);
    } else {
        printf("reference: %s (scene '%s', dim %d, %d bodies, %ld steps, t = %g..%g s, integrator "
               "'%s', version '%s')\n",
               ref.path, ref.scene, ref.dim, ref.nbody, ref.nsteps, ref.t[0], ref.t[ref.nsteps - 1],
               ref.integrator, ref.version);
        printf("other:     %s (scene '%s', dim %d, %d bodies, %ld steps, t = %g..%g s, integrator "
               "'%s', version '%s')\n",
               oth.path, oth.scene, oth.dim, oth.nbody, oth.nsteps, oth.t[0], oth.t[oth.nsteps - 1],
               oth.integrator, oth.version);
        printf("tolerances: %s%s%s%s\n\n", source, manifest ? " in " : "", manifest ? manifest : "",
               scene_note);
        if (!ak_compare_same_scene(ref.scene, ref.path, oth.scene, oth.path))
            printf("warning: the traces name different scenes ('%s' and '%s')\n", ref.scene,
                   oth.scene);
        ak_compare_print(&res, stdout);
        if (res.npass == 0)
            printf("compare: nothing could be compared, which counts as a failure\n");
    }
    int rc = res.nfail == 0 && res.npass > 0 ? AK_EXIT_OK : AK_EXIT_FAIL;
    if (html && write_html(html, &ref, &oth, &spec, &res)) {
        fprintf(stderr, "anakata compare: cannot write %s\n", html);
        rc = AK_EXIT_USAGE;
    }
    ak_compare_spec_free(&spec);
    ak_tracefile_free(&ref);
    ak_tracefile_free(&oth);
    return rc;
}
