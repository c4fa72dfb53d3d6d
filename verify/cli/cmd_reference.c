// anakata reference [--update] [--verbose] [--manifest FILE] [SCENE...]
// anakata reference --oracle SCENE_FILE --trace FILE [--duration T]
// anakata reference --make SCENE_FILE [--manifest FILE] [--name N] [--duration T] [--horizon T] [--tol N=V]...
// anakata reference --measure-horizon [--manifest FILE] [SCENE...]
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/compare/compare.h"
#include "verify/oracles/free_body.h"
#include "verify/compare/reference_set.h"

#define MAX_SCENES 256

static const ak_opt OPTS[] = {
    { "--update", AK_ARG_NONE, NULL,
      "regenerate the traces, summaries, mass properties and engine_version", 0, 0, 0, NULL, NULL },
    { "--verbose", AK_ARG_NONE, NULL,
      "print every compared quantity (always printed for a failing scene)", 0, 0, 0, NULL, NULL },
    { "-v", AK_ARG_NONE, NULL, "the same as --verbose", 0, 0, 0, NULL, NULL },
    { "--manifest", AK_ARG_TEXT, "FILE",
      "the manifest (default: verify/reference/manifest.json of the checkout\n"
      "the command runs in)",
      0, 0, 0, "file name", NULL },
    { "--out", AK_ARG_TEXT, "DIR",
      "the manifest DIR/manifest.json, its traces beside it (instead of --manifest)", 0, 0, 0,
      "directory", NULL },
    { "--make", AK_ARG_TEXT, "SCENE",
      "add an entry for any scene (a file or a bundled scene's name) to the\n"
      "manifest (created if missing): the trace by the most accurate integrator,\nmass properties, "
      "gravity, default "
      "tolerances (--tol overrides, as for\ncompare), and the measured predictability horizon "
      "(--horizon gives it\n"
      "instead)",
      0, 0, 0, "scene", NULL },
    { "--name", AK_ARG_TEXT, "NAME", "--make: the entry's name (default: the scene file's name)", 0,
      0, 0, "name", NULL },
    { "--duration", AK_ARG_NUM, "T", "--make, --oracle: simulated seconds", 0, 0, 1e300,
      "a number of seconds >= 0", NULL },
    { "--horizon", AK_ARG_NUM, "T", "--make: the predictability horizon instead of measuring it", 0,
      0, 1e300, "a number of seconds >= 0", NULL },
    { "--tol", AK_ARG_TEXT, "N=V", "--make: override one tolerance (as for compare); repeatable",
      AK_OPT_REPEAT, 0, 0, "NAME=VALUE", NULL },
    { "--record-every", AK_ARG_INT, "K", "--make: record every K-th step", 0, 1, 1e12, NULL, NULL },
    { "--downsample", AK_ARG_INT, "K", "--make: keep every K-th recorded row after --dense-until",
      0, 1, 1e12, NULL, NULL },
    { "--dense-until", AK_ARG_NUM, "T", "--make: keep every row until T seconds", 0, 0, 1e300, NULL,
      NULL },
    { "--measure-horizon", AK_ARG_NONE, NULL,
      "measure the predictability horizon of the entries (perturb the initial\n"
      "state by 1e-9, run twice, find where the runs separate beyond the state\ntolerances) and "
      "store it in the "
      "manifest",
      0, 0, 0, NULL, NULL },
    { "--oracle", AK_ARG_TEXT, "SCENE",
      "write the GSL free-body oracle's trace of the scene (free bodies only)", 0, 0, 0, "scene",
      NULL },
    { "--trace", AK_ARG_TEXT, "FILE", "--oracle: the trace to write", 0, 0, 0, "file name", NULL },
};

const ak_cmd_spec AK_SPEC_REFERENCE = {
    "reference",
    "[--update] [--verbose] [--manifest FILE] [SCENE...]\n"
    "--make SCENE [--manifest FILE] [--name NAME] [--duration T] [--horizon T] [--tol "
    "NAME=VALUE]...\n"
    "--measure-horizon [--manifest FILE] [SCENE...]\n"
    "--oracle SCENE --trace FILE [--duration T]",
    "Checks the committed reference outputs (verify/reference/manifest.json of the checkout the\n"
    "command runs in; outside a checkout, of the source tree the program was built from, read "
    "only):\n"
    "for each scene (all, or those named), the committed trace and its invariants summary\n"
    "agree, and a fresh run (the world step of anakata run, or the GSL free-body oracle),\n"
    "downsampled the same way, matches the committed trace within the entry's\n"
    "drift_tolerances. Exit 1 when the engine drifted.",
    "SCENE",
    0,
    -1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    "--make, --update and --measure-horizon write only where they are told: the manifest of the\n"
    "checkout the command runs in, else --manifest FILE or --out DIR; never the tree the program\n"
    "was built from. --make refuses to replace an entry of the same name unless --update is "
    "given.\n"
    "docs/compare.md describes the files."
};

// The manifest to use: --manifest, --out DIR, the current checkout's, or (reading only) the source
// tree's. Returns NULL, with a message printed, when a writing mode has none.
static const char *choose_manifest(const ak_cli *c, bool writes, char *buf, size_t n) {
    if (ak_cli_has(c, "--manifest") && ak_cli_has(c, "--out")) {
        ak_cli_bad_usage("reference", "give --manifest FILE or --out DIR, not both");
        return NULL;
    }
    if (ak_cli_has(c, "--manifest")) return ak_cli_str(c, "--manifest", NULL);
    if (ak_cli_has(c, "--out")) {
        snprintf(buf, n, "%.4000s/manifest.json", ak_cli_str(c, "--out", "."));
        return buf;
    }
    char root[4096], cwd[4096];
    if (ak_cli_checkout_root(root, sizeof root)) {
        if (getcwd(cwd, sizeof cwd) && !strcmp(cwd, root))
            snprintf(buf, n, "verify/reference/manifest.json");
        else
            snprintf(buf, n, "%.4000s/verify/reference/manifest.json", root);
        return buf;
    }
    if (writes) {
        ak_cli_bad_usage(
            "reference",
            "not inside an anakata checkout: say where to write with --manifest FILE or "
            "--out DIR");
        return NULL;
    }
    return ak_ref_default_manifest();
}

int ak_cmd_reference(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_REFERENCE, argc, argv, &c, &prc)) return prc;
    char mbuf[4200];
    bool writes = ak_cli_has(&c, "--make") || ak_cli_has(&c, "--update") ||
                  ak_cli_has(&c, "--measure-horizon");
    const char *manifest =
        ak_cli_has(&c, "--oracle") ? "" : choose_manifest(&c, writes, mbuf, sizeof mbuf);
    if (!manifest) return AK_EXIT_USAGE;
    const char *oracle = ak_cli_str(&c, "--oracle", NULL), *trace = ak_cli_str(&c, "--trace", NULL);
    const char *make = ak_cli_str(&c, "--make", NULL), *name = ak_cli_str(&c, "--name", NULL);
    double duration = ak_cli_get_num(&c, "--duration", 0),
           horizon = ak_cli_get_num(&c, "--horizon", NAN);
    double dense_until = ak_cli_get_num(&c, "--dense-until", 0);
    int record_every = (int)ak_cli_get_long(&c, "--record-every", 0),
        downsample = (int)ak_cli_get_long(&c, "--downsample", 0);
    const char *tols[64];
    int ntol = ak_cli_values(&c, "--tol", tols, 64);
    bool update = ak_cli_has(&c, "--update"),
         verbose = ak_cli_has(&c, "--verbose") || ak_cli_has(&c, "-v");
    bool measure = ak_cli_has(&c, "--measure-horizon");
    const char *const *only = (const char *const *)c.pos;
    int nonly = c.npos;
    char make_buf[4096], oracle_buf[4096];
    if (make) ak_cli_scene_path(make, make_buf, sizeof make_buf), make = make_buf;
    if (oracle) ak_cli_scene_path(oracle, oracle_buf, sizeof oracle_buf), oracle = oracle_buf;
    char err[2048] = "";
    if (oracle) {
        if (!trace) return ak_cli_missing(&c, "--trace", "with --oracle");
        if (ak_free_body_oracle(oracle, duration, trace, NULL, err, sizeof err)) {
            fprintf(stderr, "anakata reference: %s\n", err);
            return AK_EXIT_USAGE;
        }
        printf("wrote %s\n", trace);
        return AK_EXIT_OK;
    }
    if (make) {
        if (!(duration >= 0) || (!isnan(horizon) && !(horizon >= 0)) || record_every < 0 ||
            downsample < 0) {
            fprintf(stderr, "anakata reference: --make: --duration, --horizon, --record-every and "
                            "--downsample must not "
                            "be negative\n");
            return AK_EXIT_USAGE;
        }
        ak_ref_make_opts mo = { make,       name,        duration, horizon, record_every,
                                downsample, dense_until, tols,     ntol,    update };
        if (ak_ref_make(manifest, &mo, ak_self_exe(), err, sizeof err)) {
            fprintf(stderr, "anakata reference: --make %s: %s\n", make, err);
            return AK_EXIT_USAGE;
        }
        printf("%s an entry for %s %s %s (trace, invariants, mass properties, predictability "
               "horizon)\n",
               update ? "wrote" : "added", make, update ? "into" : "to", manifest);
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
            if (ak_ref_measure_entry(manifest, names[i], 1e-9, &h, what, sizeof what, err,
                                     sizeof err)) {
                printf("FAIL  %-28s horizon not measured: %s\n", names[i], err);
                failed++;
            } else
                printf("ok    %-28s predictability horizon %g s: %s\n", names[i], h, what);
            continue;
        }
        if (update) {
            if (ak_ref_update(manifest, names[i], exe, err, sizeof err)) {
                printf("FAIL  %-28s not updated: %s\n", names[i], err);
                failed++;
            } else
                printf("ok    %-28s updated\n", names[i]);
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
            if (r.items[k].verdict != AK_CMP_SKIP && r.items[k].tol > 0)
                worst = fmax(worst, r.items[k].error / r.items[k].tol);
        printf("%-4s  %-28s committed files agree to %.3g (relative); fresh run: %d of %d "
               "quantities within "
               "drift_tolerances, worst error/tolerance %.3g\n",
               ok ? "ok" : "FAIL", names[i], files_err, r.npass, r.npass + r.nfail, worst);
        if (!ok || verbose) ak_compare_print(&r, stdout);
        failed += !ok;
    }
    printf("reference: %d scenes %s, %d failed\n", checked,
           measure  ? "measured"
           : update ? "checked and updated"
                    : "checked",
           failed);
    return failed ? AK_EXIT_FAIL : AK_EXIT_OK;
}
