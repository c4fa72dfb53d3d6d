// anakata verify [--quick] [--only PATTERN] [--json FILE] [--scenes DIR] [--list] [--verbose]
//                [--report DIR | --no-report] [--artifacts DIR] [--formulas FILE]
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "verify/common/files.h"
#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/checks/harness.h"
#include "verify/report/report.h"
#include "verify/report/traceability.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

static const ak_opt OPTS[] = {
    { "--quick", AK_ARG_NONE, NULL, "fewer samples per check (same tolerances)", 0, 0, 0, NULL,
      NULL },
    { "--only", AK_ARG_TEXT, "P",
      "checks whose id matches the glob P, whose group is P, or that cover\n"
      "formula ID P (e.g. --only ga, --only 'mass.*', --only B-eq4)",
      0, 0, 0, "pattern", NULL },
    { "--json", AK_ARG_TEXT, "FILE", "write the results as JSON", 0, 0, 0, "file name", NULL },
    { "--scenes", AK_ARG_TEXT, "DIR", "the bundled scenes (default: scenes/ of the source tree)", 0,
      0, 0, "directory", NULL },
    { "--artifacts", AK_ARG_TEXT, "DIR",
      "directory for plots and diff images (default: REPORT/artifacts in\n"
      "full mode, none with --quick)",
      0, 0, 0, "directory", NULL },
    { "--report", AK_ARG_TEXT, "DIR",
      "write DIR/index.html and DIR/results.json (default: 'report' for a\n"
      "full run of every check; 'report-partial' with --only, so that a\npartial run never "
      "replaces the full report; "
      "with --quick only when\ngiven)",
      0, 0, 0, "directory", NULL },
    { "--no-report", AK_ARG_NONE, NULL, "write no report", 0, 0, 0, NULL, NULL },
    { "--formulas", AK_ARG_TEXT, "FILE",
      "the formula catalogue for the report's traceability matrix\n"
      "(default: " AK_CATALOGUE " of the source tree)",
      0, 0, 0, "file name", NULL },
    { "--list", AK_ARG_NONE, NULL, "list the checks without running them", 0, 0, 0, NULL, NULL },
    { "--verbose", AK_ARG_NONE, NULL, "print every check's details", 0, 0, 0, NULL, NULL },
    { "-v", AK_ARG_NONE, NULL, "the same as --verbose", 0, 0, 0, NULL, NULL },
};

const ak_cmd_spec AK_SPEC_VERIFY = {
    "verify",
    "[--quick] [--only PATTERN] [--json FILE] [--scenes DIR] [--artifacts DIR]\n"
    "[--report DIR | --no-report] [--formulas FILE] [--list] [--verbose]",
    "Runs the registered checks and prints one row per check: ok or FAIL (whether the\n"
    "check's measurement holds), the formula verdict (what docs/formulas/ says about the\n"
    "formulas the check covers: correct, wrong, slip, incomplete, approximate, gap, other;\n"
    "a check that proves a published formula wrong reads 'ok  wrong'), id, formula IDs,\n"
    "the measured error, the tolerance, and what was measured. Exits 1 if any fails.",
    NULL,
    0,
    0,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

// Bad input found before any check runs: "anakata verify: MESSAGE", exit code 2.
static int bad_input(const char *what, const char *path, const char *why) {
    fprintf(stderr, "anakata verify: %s '%s': %s\n", what, path, why);
    return AK_EXIT_USAGE;
}

// The paths given on the command line, checked before the (possibly long) run.
static int check_paths(const ak_verify_opts *o, const char *formulas_path, bool scenes_given) {
    struct stat st;
    if (scenes_given) {
        if (stat(o->scenes_dir, &st) != 0)
            return bad_input("--scenes", o->scenes_dir, strerror(errno));
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
    ak_verify_opts o = { .scenes_dir = scenes };
    const char *report = NULL, *formulas_path = NULL;
    bool no_report = false, scenes_given = false;
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_VERIFY, argc, argv, &c, &prc)) return prc;
    o.quick = ak_cli_has(&c, "--quick");
    o.list = ak_cli_has(&c, "--list");
    o.verbose = ak_cli_has(&c, "--verbose") || ak_cli_has(&c, "-v");
    o.only = ak_cli_str(&c, "--only", NULL);
    o.json_path = ak_cli_str(&c, "--json", NULL);
    if ((scenes_given = ak_cli_has(&c, "--scenes")))
        o.scenes_dir = ak_cli_str(&c, "--scenes", scenes);
    o.artifact_dir = ak_cli_str(&c, "--artifacts", NULL);
    report = ak_cli_str(&c, "--report", NULL);
    no_report = ak_cli_has(&c, "--no-report");
    formulas_path = ak_cli_str(&c, "--formulas", NULL);
    if (!o.list && ak_check_count(o.only) == 0) { // before anything is created or printed
        fprintf(stderr,
                "anakata verify: no check matches '%s' (anakata verify --list shows them)\n",
                o.only);
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
    snprintf(fpath, sizeof fpath, "%s",
             formulas_path ? formulas_path : AK_SOURCE_DIR "/" AK_CATALOGUE);
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
        ak_report_opts ro = { .html_path = html,
                              .report_dir = o.report_dir,
                              .formulas_path = formulas_path,
                              .source_dir = NULL,
                              .errata_path = NULL };
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
