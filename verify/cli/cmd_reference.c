// anakata reference [--update] [--verbose] [--manifest FILE] [SCENE...]
// anakata reference --oracle SCENE_FILE --trace FILE [--duration T]
// anakata reference --make SCENE_FILE [--manifest FILE] [--name N] [--duration T] [--horizon T] [--tol N=V]...
// anakata reference --measure-horizon [--manifest FILE] [SCENE...]
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
               "       anakata reference --make SCENE_FILE [--manifest FILE] [--name NAME] [--duration T]\n"
               "                         [--horizon T] [--tol NAME=VALUE]... [--record-every K]\n"
               "                         [--downsample K --dense-until T]\n"
               "       anakata reference --measure-horizon [--manifest FILE] [SCENE...]\n"
               "       anakata reference --oracle SCENE_FILE --trace FILE [--duration T]\n\n"
               "Checks the committed reference outputs (default %s):\n"
               "for each scene (all, or those named), the committed trace and its invariants summary\n"
               "agree, and a fresh run (the world step of anakata run, or the GSL free-body oracle),\n"
               "downsampled the same way, matches the committed trace within the entry's\n"
               "drift_tolerances. Exit 1 when the engine drifted.\n"
               "  --update      regenerate the traces, summaries, mass properties and engine_version\n"
               "  --verbose     print every compared quantity (always printed for a failing scene)\n"
               "  --oracle F    write the GSL free-body oracle's trace of scene F (free bodies only)\n"
               "  --make F      add an entry for any scene file F to the manifest (created if missing): the\n"
               "                trace by the most accurate integrator, mass properties, gravity, default\n"
               "                tolerances (--tol overrides, as for compare), and the measured predictability\n"
               "                horizon (--horizon gives it instead)\n"
               "  --measure-horizon  measure the predictability horizon of the entries (perturb the initial\n"
               "                state by 1e-9, run twice, find where the runs separate beyond the state\n"
               "                tolerances) and store it in the manifest\n"
               "docs/compare.md describes the files.\n",
            ak_ref_default_manifest());
}

int ak_cmd_reference(int argc, char **argv) {
    const char *manifest = ak_ref_default_manifest(), *oracle = NULL, *trace = NULL, *make = NULL, *name = NULL;
    double duration = 0, horizon = NAN, dense_until = 0;
    int record_every = 0, downsample = 0, ntol = 0;
    const char *tols[64];
    bool update = false, verbose = false, measure = false;
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
        else if (!strcmp(a, "--make") && has_next) make = argv[++i];
        else if (!strcmp(a, "--name") && has_next) name = argv[++i];
        else if (!strcmp(a, "--horizon") && has_next) horizon = atof(argv[++i]);
        else if (!strcmp(a, "--tol") && has_next && ntol < 64) tols[ntol++] = argv[++i];
        else if (!strcmp(a, "--record-every") && has_next) record_every = atoi(argv[++i]);
        else if (!strcmp(a, "--downsample") && has_next) downsample = atoi(argv[++i]);
        else if (!strcmp(a, "--dense-until") && has_next) dense_until = atof(argv[++i]);
        else if (!strcmp(a, "--measure-horizon")) measure = true;
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
    if (make) {
        if (!(duration >= 0) || (!isnan(horizon) && !(horizon >= 0)) || record_every < 0 || downsample < 0) {
            fprintf(stderr, "anakata reference: --make: --duration, --horizon, --record-every and --downsample must not "
                            "be negative\n");
            return AK_EXIT_USAGE;
        }
        ak_ref_make_opts mo = {make, name, duration, horizon, record_every, downsample, dense_until, tols, ntol};
        if (ak_ref_make(manifest, &mo, ak_self_exe(), err, sizeof err)) {
            fprintf(stderr, "anakata reference: --make %s: %s\n", make, err);
            return AK_EXIT_USAGE;
        }
        printf("added an entry for %s to %s (trace, invariants, mass properties, predictability horizon)\n",
               make, manifest);
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
        if (measure) {
            double h;
            char what[512];
            if (ak_ref_measure_entry(manifest, names[i], 1e-9, &h, what, sizeof what, err, sizeof err)) {
                printf("FAIL  %-28s horizon not measured: %s\n", names[i], err);
                failed++;
            } else printf("ok    %-28s predictability horizon %g s: %s\n", names[i], h, what);
            continue;
        }
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
    printf("reference: %d scenes %s, %d failed\n", checked,
           measure ? "measured" : update ? "checked and updated" : "checked", failed);
    return failed ? AK_EXIT_FAIL : AK_EXIT_OK;
}
