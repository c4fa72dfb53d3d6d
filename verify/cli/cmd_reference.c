// anakata reference [--update] [--verbose] [--manifest FILE] [SCENE...]
// anakata reference --oracle SCENE_FILE --trace FILE [--duration T]
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "compare/compare.h"
#include "oracles/free_body.h"
#include "compare/reference_set.h"

#define MAX_SCENES 256

static void usage(FILE *f) {
    fprintf(f, "usage: anakata reference [--update] [--verbose] [--manifest FILE] [SCENE...]\n"
               "       anakata reference --oracle SCENE_FILE --trace FILE [--duration T]\n\n"
               "Checks the committed reference outputs (default %s):\n"
               "for each scene (all, or those named), the committed trace and its invariants summary\n"
               "agree, and a fresh run (the world step of anakata run, or the GSL free-body oracle),\n"
               "downsampled the same way, matches the committed trace within the entry's\n"
               "drift_tolerances. Exit 1 when the engine drifted.\n"
               "  --update      regenerate the traces, summaries, mass properties and engine_version\n"
               "  --verbose     print every compared quantity (always printed for a failing scene)\n"
               "  --oracle F    write the GSL free-body oracle's trace of scene F (free bodies only)\n"
               "docs/compare.md describes the files.\n",
            ak_ref_default_manifest());
}

int ak_cmd_reference(int argc, char **argv) {
    const char *manifest = ak_ref_default_manifest(), *oracle = NULL, *trace = NULL;
    double duration = 0;
    bool update = false, verbose = false;
    const char *only[MAX_SCENES];
    int nonly = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_next = i + 1 < argc;
        if (!strcmp(a, "--update")) update = true;
        else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) verbose = true;
        else if (!strcmp(a, "--manifest") && has_next) manifest = argv[++i];
        else if (!strcmp(a, "--oracle") && has_next) oracle = argv[++i];
        else if (!strcmp(a, "--trace") && has_next) trace = argv[++i];
        else if (!strcmp(a, "--duration") && has_next) duration = atof(argv[++i]);
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else if (a[0] != '-' && nonly < MAX_SCENES) only[nonly++] = a;
        else {
            fprintf(stderr, "anakata reference: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return AK_EXIT_USAGE;
        }
    }
    char err[2048] = "";
    if (oracle) {
        if (!trace) {
            fprintf(stderr, "anakata reference: --oracle needs --trace FILE\n");
            return AK_EXIT_USAGE;
        }
        if (ak_free_body_oracle(oracle, duration, trace, NULL, err, sizeof err)) {
            fprintf(stderr, "anakata reference: %s\n", err);
            return AK_EXIT_USAGE;
        }
        printf("wrote %s\n", trace);
        return AK_EXIT_OK;
    }
    static char names[MAX_SCENES][256];
    int n = ak_ref_scenes(manifest, names, MAX_SCENES, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "anakata reference: %s\n", err);
        return AK_EXIT_USAGE;
    }
    for (int k = 0; k < nonly; k++) {
        bool found = false;
        for (int i = 0; i < n; i++) found = found || !strcmp(names[i], only[k]);
        if (!found) {
            fprintf(stderr, "anakata reference: %s has no scene '%s'\n", manifest, only[k]);
            return AK_EXIT_USAGE;
        }
    }
    const char *exe = ak_self_exe();
    int failed = 0, checked = 0;
    for (int i = 0; i < n; i++) {
        bool selected = nonly == 0;
        for (int k = 0; k < nonly; k++) selected = selected || !strcmp(names[i], only[k]);
        if (!selected) continue;
        checked++;
        err[0] = '\0';
        if (update) {
            if (ak_ref_update(manifest, names[i], exe, err, sizeof err)) {
                printf("FAIL  %-28s not updated: %s\n", names[i], err);
                failed++;
            } else printf("ok    %-28s updated\n", names[i]);
            continue;
        }
        double files_err;
        ak_compare_result r;
        int rc = ak_ref_check(manifest, names[i], exe, &files_err, &r, err, sizeof err);
        if (rc) {
            printf("FAIL  %-28s %s\n", names[i], err);
            failed++;
            continue;
        }
        bool ok = r.nfail == 0 && r.npass > 0 && files_err <= 1e-12;
        double worst = 0;
        for (int k = 0; k < r.n; k++)
            if (r.items[k].verdict != AK_CMP_SKIP && r.items[k].tol > 0) worst = fmax(worst, r.items[k].error / r.items[k].tol);
        printf("%-4s  %-28s committed files agree to %.3g (relative); fresh run: %d of %d quantities within "
               "drift_tolerances, worst error/tolerance %.3g\n",
               ok ? "ok" : "FAIL", names[i], files_err, r.npass, r.npass + r.nfail, worst);
        if (!ok || verbose) ak_compare_print(&r, stdout);
        failed += !ok;
    }
    printf("reference: %d scenes checked%s, %d failed\n", checked, update ? " and updated" : "", failed);
    return failed ? AK_EXIT_FAIL : AK_EXIT_OK;
}
