// The verification harness: runs registered checks, prints a table, writes JSON.
#include "verify/checks/harness.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <fnmatch.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "verify/common/files.h"

#define AK_TEXT_MAX 2048
// a check's measurements: room for every scene of the largest checks (world.converged_residuals
// writes about 8 KB), so that no measurement, failed or not, is cut from the report
#define AK_MEASURED_MAX 32768
#define AK_VALUES_MAX 64

struct ak_check_ctx {
    const ak_verify_opts *opts;
    const ak_check_group *groups; // the registry being run (ak_check_groups)
    size_t ngroups;
    const char *id;
    char artifact_dir[1024]; // <root>/<id>, or "" when there is no artefact root
    int nartifacts;
    char artifact_path[AK_ARTIFACTS_MAX][1024];
    char artifact_caption[AK_ARTIFACTS_MAX][640];
    bool pass;
    bool any;          // at least one measurement or expectation was recorded
    bool measured_any; // at least one ak_measure (the table shows the worst of these)
    double error, tol; // the worst measurement (largest error/tol)
    double worst_ratio;
    char measured[AK_MEASURED_MAX];
    char notes[AK_TEXT_MAX];
    int nvalues;
    char keys[AK_VALUES_MAX][48];
    double values[AK_VALUES_MAX];
};

bool ak_quick(const ak_check_ctx *c) { return c->opts->quick; }
long ak_samples(const ak_check_ctx *c, long full, long quick) {
    return c->opts->quick ? quick : full;
}
const char *ak_scenes_dir(const ak_check_ctx *c) { return c->opts->scenes_dir; }
const char *ak_check_id(const ak_check_ctx *c) { return c->id; }

// Remove the files a previous run left in a check's artefact directory (stale plots would be
// embedded in the report as if this run had made them). Only regular files directly inside.
static void clear_artifacts(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char path[2048];
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode)) unlink(path);
    }
    closedir(d);
}

const char *ak_artifact_dir(const ak_check_ctx *c) {
    if (!c->artifact_dir[0]) return NULL;
    return ak_mkdir_p(c->artifact_dir) == 0 ? c->artifact_dir : NULL;
}

void ak_artifact(ak_check_ctx *c, const char *path, const char *caption_fmt, ...) {
    if (!path || c->nartifacts >= AK_ARTIFACTS_MAX) return;
    int k = c->nartifacts++;
    int len;
    // Relative to the check's artefact directory, unless the path already names a file
    // (absolute, or relative to the working directory, e.g. built from ak_artifact_dir()).
    if (path[0] == '/' || !c->artifact_dir[0] || access(path, F_OK) == 0)
        len = snprintf(c->artifact_path[k], sizeof c->artifact_path[k], "%s", path);
    else
        len = snprintf(c->artifact_path[k], sizeof c->artifact_path[k], "%s/%s", c->artifact_dir,
                       path);
    if (len < 0 || len >= (int)sizeof c->artifact_path[k]) {
        c->nartifacts--; // a truncated path would name another file
        return;
    }
    c->artifact_caption[k][0] = '\0';
    if (!caption_fmt) return;
    va_list ap;
    va_start(ap, caption_fmt);
    vsnprintf(c->artifact_caption[k], sizeof c->artifact_caption[k], caption_fmt, ap);
    va_end(ap);
}

static void append(char *buf, size_t cap, const char *sep, const char *fmt, va_list ap) {
    size_t len = strlen(buf);
    if (len >= cap - 1) return;
    if (len > 0) {
        snprintf(buf + len, cap - len, "%s", sep);
        len = strlen(buf);
    }
    vsnprintf(buf + len, cap - len, fmt, ap);
}

void ak_measure(ak_check_ctx *c, double error, double tol, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    append(c->measured, sizeof c->measured, "; ", fmt, ap);
    va_end(ap);
    bool ok = !isnan(error) && error <= tol;
    double ratio = isnan(error) ? INFINITY : (tol > 0 ? error / tol : (error > 0 ? INFINITY : 0));
    if (!c->measured_any || ratio > c->worst_ratio || (!ok && c->pass)) {
        c->worst_ratio = ratio;
        c->error = error;
        c->tol = tol;
    }
    c->any = true;
    c->measured_any = true;
    c->pass = c->pass && ok;
}

void ak_expect(ak_check_ctx *c, bool ok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char tmp[AK_TEXT_MAX] = "";
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    size_t len = strlen(c->measured);
    snprintf(c->measured + len, sizeof c->measured - len, "%s%s%s", len ? "; " : "",
             ok ? "" : "FAILED: ", tmp);
    c->any = true;
    c->pass = c->pass && ok;
}

void ak_value(ak_check_ctx *c, const char *key, double v) {
    if (c->nvalues >= AK_VALUES_MAX) return;
    snprintf(c->keys[c->nvalues], sizeof c->keys[0], "%s", key);
    c->values[c->nvalues++] = v;
}

void ak_note(ak_check_ctx *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    append(c->notes, sizeof c->notes, "\n", fmt, ap);
    va_end(ap);
}

bool ak_check_matches(const ak_check *chk, const char *pattern) {
    if (!pattern || !*pattern) return true;
    if (fnmatch(pattern, chk->id, 0) == 0) return true;
    size_t n = strlen(pattern);
    if (strncmp(chk->id, pattern, n) == 0 && (chk->id[n] == '.' || chk->id[n] == '\0')) return true;
    // A formula ID: match it as a whole word of the formula list.
    const char *f = chk->formulas;
    while (f && (f = strstr(f, pattern)) != NULL) {
        bool start = (f == chk->formulas || f[-1] == ' ');
        bool end = (f[n] == ' ' || f[n] == '\0');
        if (start && end) return true;
        f += n;
    }
    return false;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void group_of(const char *id, char out[64]) {
    size_t i = 0;
    while (id[i] && id[i] != '.' && i < 63) {
        out[i] = id[i];
        i++;
    }
    out[i] = '\0';
}

ak_check_group ak_group_of_topics(const char *name, const ak_check_topic *const topics[],
                                  size_t ntopics, ak_check store[], size_t *n) {
    if (*n == 0) {
        size_t k = 0;
        for (size_t t = 0; t < ntopics; t++)
            for (size_t i = 0; i < topics[t]->count; i++) {
                if (k == AK_GROUP_MAX_CHECKS) {
                    fprintf(stderr, "group %s: more than AK_GROUP_MAX_CHECKS (%d) checks\n", name,
                            AK_GROUP_MAX_CHECKS);
                    abort();
                }
                store[k++] = topics[t]->checks[i];
            }
        *n = k;
    }
    return (ak_check_group){ name, store, *n };
}

const ak_check_group *ak_run_groups(const ak_check_ctx *c, size_t *count) {
    *count = c->ngroups;
    return c->groups;
}

int ak_check_count(const char *pattern) {
    size_t ngroups;
    const ak_check_group *groups = ak_check_groups(&ngroups);
    int n = 0;
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].count; i++)
            n += ak_check_matches(&groups[g].checks[i], pattern);
    return n;
}

int ak_verify_run(const ak_verify_opts *opts, cJSON **results) {
    gsl_set_error_handler_off(); // every GSL status is checked by the caller; never abort
    size_t ngroups;
    const ak_check_group *groups = ak_check_groups(&ngroups);
    if (!opts->list && ak_check_count(opts->only) == 0) { // an error, and no empty table after it
        fprintf(stderr,
                "anakata verify: no check matches '%s' (anakata verify --list shows them)\n",
                opts->only ? opts->only : "");
        return -1;
    }
    cJSON *root = cJSON_CreateObject();
    cJSON *jchecks = cJSON_AddArrayToObject(root, "checks");
    cJSON *jgroups = cJSON_AddArrayToObject(root, "groups");
    cJSON_AddStringToObject(root, "format", "anakata-verify/1");
    cJSON_AddBoolToObject(root, "quick", opts->quick);
    int total = 0, failed = 0;
    double t_all = now_s();

    if (!opts->list)
        printf("%-4s  %-11s  %-44s  %-22s  %10s  %10s  %s\n", "", "formula", "check", "formulas",
               "error", "tolerance", "measured");
    for (size_t g = 0; g < ngroups; g++) {
        int gtotal = 0, gfailed = 0;
        double t0 = now_s();
        for (size_t i = 0; i < groups[g].count; i++) {
            const ak_check *chk = &groups[g].checks[i];
            if (!ak_check_matches(chk, opts->only)) continue;
            if (opts->list) {
                printf("%-44s  %-22s  %s\n", chk->id, chk->formulas, chk->what);
                gtotal++;
                continue;
            }
            ak_check_ctx *c = calloc(1, sizeof *c);
            if (!c) return -1;
            c->opts = opts;
            c->groups = groups;
            c->ngroups = ngroups;
            c->id = chk->id;
            c->pass = true;
            if (opts->artifact_dir) {
                int len = snprintf(c->artifact_dir, sizeof c->artifact_dir, "%s/%s",
                                   opts->artifact_dir, chk->id);
                if (len < 0 || len >= (int)sizeof c->artifact_dir)
                    c->artifact_dir[0] = '\0';
                else
                    clear_artifacts(c->artifact_dir);
            }
            double tc = now_s();
            chk->run(c);
            double dt = now_s() - tc;
            if (!c->any) {
                c->pass = false;
                snprintf(c->measured, sizeof c->measured,
                         "FAILED: the check recorded no measurement");
            }
            gtotal++;
            if (!c->pass) gfailed++;
            char err[32] = "-", tol[32] = "-";
            if (c->worst_ratio == c->worst_ratio && (c->error != 0 || c->tol != 0)) {
                snprintf(err, sizeof err, "%.3g", c->error);
                snprintf(tol, sizeof tol, "%.3g", c->tol);
            }
            char verdict[32] = "-";
            if (opts->formula_verdict)
                opts->formula_verdict(chk, opts->formula_verdict_ctx, verdict, sizeof verdict);
            printf("%-4s  %-11s  %-44s  %-22.22s  %10s  %10s  %s\n", c->pass ? "ok" : "FAIL",
                   verdict, chk->id, chk->formulas, err, tol, c->measured);
            if (opts->verbose && c->notes[0]) printf("      note: %s\n", c->notes);
            fflush(stdout);
            cJSON *j = cJSON_CreateObject();
            char gname[64];
            group_of(chk->id, gname);
            cJSON_AddStringToObject(j, "id", chk->id);
            cJSON_AddStringToObject(j, "group", gname);
            cJSON_AddStringToObject(j, "formulas", chk->formulas);
            cJSON_AddStringToObject(j, "what", chk->what);
            cJSON_AddBoolToObject(j, "pass", c->pass);
            cJSON_AddStringToObject(j, "formula_verdict", verdict);
            if (isfinite(c->error)) cJSON_AddNumberToObject(j, "error", c->error);
            if (isfinite(c->tol)) cJSON_AddNumberToObject(j, "tolerance", c->tol);
            cJSON_AddStringToObject(j, "measured", c->measured);
            cJSON_AddStringToObject(j, "notes", c->notes);
            cJSON_AddNumberToObject(j, "seconds", dt);
            if (c->artifact_dir[0]) cJSON_AddStringToObject(j, "artifact_dir", c->artifact_dir);
            cJSON *arts = cJSON_AddArrayToObject(j, "artifacts");
            for (int a = 0; a < c->nartifacts; a++) {
                cJSON *ja = cJSON_CreateObject();
                cJSON_AddStringToObject(ja, "path", c->artifact_path[a]);
                cJSON_AddStringToObject(ja, "caption", c->artifact_caption[a]);
                cJSON_AddItemToArray(arts, ja);
            }
            cJSON *vals = cJSON_AddObjectToObject(j, "values");
            for (int v = 0; v < c->nvalues; v++)
                if (isfinite(c->values[v])) cJSON_AddNumberToObject(vals, c->keys[v], c->values[v]);
            cJSON_AddItemToArray(jchecks, j);
            free(c);
        }
        if (gtotal == 0 || opts->list) {
            total += gtotal;
            continue;
        }
        double gdt = now_s() - t0;
        cJSON *jg = cJSON_CreateObject();
        cJSON_AddStringToObject(jg, "name", groups[g].name);
        cJSON_AddNumberToObject(jg, "passed", gtotal - gfailed);
        cJSON_AddNumberToObject(jg, "failed", gfailed);
        cJSON_AddNumberToObject(jg, "seconds", gdt);
        cJSON_AddItemToArray(jgroups, jg);
        total += gtotal;
        failed += gfailed;
    }
    double elapsed = now_s() - t_all;
    cJSON_AddNumberToObject(root, "passed", total - failed);
    cJSON_AddNumberToObject(root, "failed", failed);
    cJSON_AddNumberToObject(root, "seconds", elapsed);

    if (opts->list) {
        printf("%d checks\n", total);
    } else {
        printf("\n%-12s %8s %8s %10s\n", "group", "passed", "failed", "seconds");
        cJSON *jg;
        cJSON_ArrayForEach(jg, jgroups) {
            printf("%-12s %8d %8d %10.2f\n", cJSON_GetObjectItem(jg, "name")->valuestring,
                   cJSON_GetObjectItem(jg, "passed")->valueint,
                   cJSON_GetObjectItem(jg, "failed")->valueint,
                   cJSON_GetObjectItem(jg, "seconds")->valuedouble);
        }
        printf("%-12s %8d %8d %10.2f\n", "total", total - failed, failed, elapsed);
        if (total == 0) {
            fprintf(stderr, "anakata verify: no check matches '%s'\n",
                    opts->only ? opts->only : "");
            cJSON_Delete(root);
            return -1;
        }
        printf("verify: %d passed, %d failed\n", total - failed, failed);
    }
    char report_json[1100] = "";
    if (opts->report_dir && !opts->list) {
        if (ak_mkdir_p(opts->report_dir) != 0) {
            fprintf(stderr, "anakata verify: cannot create the report directory %s\n",
                    opts->report_dir);
            cJSON_Delete(root);
            return -1;
        }
        snprintf(report_json, sizeof report_json, "%s/results.json", opts->report_dir);
    }
    const char *json_out[2] = { opts->json_path, report_json[0] ? report_json : NULL };
    for (int k = 0; k < 2; k++) {
        if (!json_out[k]) continue;
        char *text = cJSON_Print(root);
        FILE *f = text ? fopen(json_out[k], "w") : NULL;
        bool ok = f && fputs(text, f) >= 0;
        if (f && fclose(f) != 0) ok = false;
        free(text);
        if (!ok) {
            fprintf(stderr, "anakata verify: cannot write %s\n", json_out[k]);
            cJSON_Delete(root);
            return -1;
        }
    }
    if (results)
        *results = root;
    else
        cJSON_Delete(root);
    return failed;
}
