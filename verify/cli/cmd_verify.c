// anakata verify [--quick] [--only PATTERN] [--json FILE] [--scenes DIR] [--list] [--verbose]
//                [--report DIR | --no-report] [--artifacts DIR] [--formulas FILE]
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "common/files.h"
#include "cli/cli.h"
#include "checks/harness.h"
#include "report/report.h"
#include "report/traceability.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

static void usage(FILE *f) {
    fprintf(f, "usage: anakata verify [--quick] [--only PATTERN] [--json FILE] [--scenes DIR]\n"
               "                      [--artifacts DIR] [--report DIR | --no-report] [--formulas FILE]\n"
               "                      [--list] [--verbose]\n\n"
               "Runs the registered checks and prints one row per check: ok or FAIL (whether the\n"
               "check's measurement holds), the formula verdict (what docs/formulas/ says about the\n"
               "formulas the check covers: correct, wrong, slip, incomplete, approximate, gap, other;\n"
               "a check that proves a published formula wrong reads 'ok  wrong'), id, formula IDs,\n"
               "the measured error, the tolerance, and what was measured. Exits 1 if any fails.\n"
               "  --quick       fewer samples per check (same tolerances)\n"
               "  --only P      checks whose id matches the glob P, whose group is P, or that cover\n"
               "                formula ID P (e.g. --only ga, --only 'mass.*', --only B-eq4)\n"
               "  --json FILE   write the results as JSON\n"
               "  --scenes DIR  the bundled scenes (default %s/scenes)\n"
               "  --artifacts D directory for plots and diff images (default: REPORT/artifacts in\n"
               "                full mode, none with --quick)\n"
               "  --report DIR  write DIR/index.html and DIR/results.json (default: 'report' for a\n"
               "                full run of every check; 'report-partial' with --only, so that a\n"
               "                partial run never replaces the full report; with --quick only when\n"
               "                given)\n"
               "  --no-report   write no report\n"
               "  --formulas F  the formula catalogue for the report's traceability matrix\n"
               "                (default %s/" AK_CATALOGUE ")\n"
               "  --list        list the checks without running them\n",
            AK_SOURCE_DIR, AK_SOURCE_DIR);
}

// Bad input found before any check runs: "anakata verify: MESSAGE", exit code 2.
static int bad_input(const char *what, const char *path, const char *why) {
    fprintf(stderr, "anakata verify: %s '%s': %s\n", what, path, why);
    return AK_EXIT_USAGE;
}

// The paths given on the command line, checked before the (possibly long) run.
static int check_paths(const ak_verify_opts *o, const char *formulas_path, bool scenes_given) {
    struct stat st;
    if (scenes_given) {
        if (stat(o->scenes_dir, &st) != 0) return bad_input("--scenes", o->scenes_dir, strerror(errno));
        if (!S_ISDIR(st.st_mode)) return bad_input("--scenes", o->scenes_dir, "not a directory");
    }
    if (formulas_path) {
        FILE *f = fopen(formulas_path, "r");
        if (!f) return bad_input("--formulas", formulas_path, strerror(errno));
        bool dir = fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
        fclose(f);
        if (dir) return bad_input("--formulas", formulas_path, "is a directory, not a file");
    }
    if (o->json_path) {
        if (stat(o->json_path, &st) == 0 && S_ISDIR(st.st_mode))
            return bad_input("--json", o->json_path, "is a directory, not a file");
        FILE *f = fopen(o->json_path, "a"); // probe only: the run rewrites the file
        if (!f) return bad_input("--json", o->json_path, strerror(errno));
        fclose(f);
    }
    if (o->report_dir && ak_mkdir_p(o->report_dir) != 0)
        return bad_input("cannot create the report directory", o->report_dir, strerror(errno));
    return AK_EXIT_OK;
}

// The formula verdict column: the verdicts of the check's formula IDs on the formula pages.
static void formula_verdict(const ak_check *chk, void *ctx, char *word, size_t wordlen) {
    ak_check_verdict(ctx, chk->formulas, word, wordlen);
}

int ak_cmd_verify(int argc, char **argv) {
    static char scenes[4096];
    snprintf(scenes, sizeof scenes, "%s/scenes", AK_SOURCE_DIR);
    ak_verify_opts o = {.scenes_dir = scenes};
    const char *report = NULL, *formulas_path = NULL;
    bool no_report = false, scenes_given = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_next = i + 1 < argc;
        if (!strcmp(a, "--quick")) o.quick = true;
        else if (!strcmp(a, "--list")) o.list = true;
        else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) o.verbose = true;
        else if (!strcmp(a, "--only") && has_next) o.only = argv[++i];
        else if (!strcmp(a, "--json") && has_next) o.json_path = argv[++i];
        else if (!strcmp(a, "--scenes") && has_next) o.scenes_dir = argv[++i], scenes_given = true;
        else if (!strcmp(a, "--artifacts") && has_next) o.artifact_dir = argv[++i];
        else if (!strcmp(a, "--report") && has_next) report = argv[++i];
        else if (!strcmp(a, "--no-report")) no_report = true;
        else if (!strcmp(a, "--formulas") && has_next) formulas_path = argv[++i];
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else {
            fprintf(stderr, "anakata verify: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return AK_EXIT_USAGE;
        }
    }
    if (!o.list && ak_check_count(o.only) == 0) { // before anything is created or printed
        fprintf(stderr, "anakata verify: no check matches '%s' (anakata verify --list shows them)\n", o.only);
        return AK_EXIT_USAGE;
    }
    // Full mode writes the report by default; --quick only when --report is given. A run of some
    // checks (--only) writes report-partial/, never over the full report.
    if (!no_report && !o.list && (report || !o.quick))
        o.report_dir = report ? report : o.only ? "report-partial" : "report";
    static char artifacts[4096];
    if (o.report_dir && !o.artifact_dir) {
        snprintf(artifacts, sizeof artifacts, "%s/artifacts", o.report_dir);
        o.artifact_dir = artifacts;
    }
    int bad = check_paths(&o, formulas_path, scenes_given);
    if (bad != AK_EXIT_OK) return bad;
    // The formula verdicts: the catalogue's IDs with the verdicts of their formula pages.
    ak_formula_list fl;
    char fpath[4200], docs[4200];
    snprintf(fpath, sizeof fpath, "%s", formulas_path ? formulas_path : AK_SOURCE_DIR "/" AK_CATALOGUE);
    snprintf(docs, sizeof docs, "%s/docs", AK_SOURCE_DIR);
    bool have_fl = ak_formulas_load(fpath, &fl, NULL, 0) == 0;
    if (have_fl) {
        ak_formulas_scan_docs(&fl, docs);
        o.formula_verdict = formula_verdict;
        o.formula_verdict_ctx = &fl;
    }
    cJSON *results = NULL;
    int failed = ak_verify_run(&o, &results);
    if (have_fl) ak_formulas_free(&fl);
    if (failed < 0) return AK_EXIT_USAGE;
    if (o.report_dir && results) { // the page, from the results the harness wrote
        char err[512] = "", html[4200], json[4200];
        snprintf(html, sizeof html, "%s/index.html", o.report_dir);
        snprintf(json, sizeof json, "%s/results.json", o.report_dir);
        ak_report_opts ro = {.html_path = html,
                             .report_dir = o.report_dir,
                             .formulas_path = formulas_path,
                             .source_dir = NULL,
                             .errata_path = NULL};
        if (ak_report_write(results, &ro, err, sizeof err) != 0) {
            fprintf(stderr, "anakata verify: report not written: %s\n", err);
            cJSON_Delete(results);
            return AK_EXIT_USAGE;
        }
        printf("report: %s (results: %s)\n", html, json);
    }
    cJSON_Delete(results);
    return failed == 0 ? AK_EXIT_OK : AK_EXIT_FAIL;
}
