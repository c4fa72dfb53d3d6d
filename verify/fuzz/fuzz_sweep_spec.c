// libFuzzer target for the sweep spec reader (verify/sweep/spec.c): any bytes must give either a
// spec or a message, never a crash, a leak or undefined behaviour; an accepted spec must be
// consistent, and evaluating the parameters of its first and last samples must stay in range.
// Built with -Dfuzz=true, clang, ASan and UBSan (verify/fuzz/meson.build, .ci/run).
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "verify/sweep/experiments.h"
#include "verify/sweep/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char err[1024];
    err[0] = '\0';
    // base_dir NULL: a "scene" is looked up relative to the working directory (it rarely exists)
    ak_sweep_spec *s =
        ak_sweep_spec_parse((const char *)bytes, size, "fuzz.json", NULL, err, sizeof err);
    if (!s) {
        if (!err[0] || strlen(err) >= sizeof err) __builtin_trap(); // a failure always says why
        return 0;
    }
    if (s->nsamples < 1 || s->nsamples > AK_SWEEP_MAX_SAMPLES || s->nparam < 1 ||
        s->nparam > AK_SWEEP_MAX_PARAMS || s->nmetric < 1 || s->nmetric > AK_SWEEP_MAX_METRICS)
        __builtin_trap();
    for (int j = 0; j < s->nmetric; j++)
        if (s->metrics[j] < 0 || s->metrics[j] >= AK_M_COUNT) __builtin_trap();
    long idx[2] = { 0, s->nsamples - 1 };
    for (int q = 0; q < 2; q++) {
        ak_sweep_config cfg;
        ak_sweep_sample_config(s, idx[q], &cfg);
        for (int p = 0; p < s->nparam; p++) {
            double x = ak_sweep_param_value(s, idx[q], p);
            if (!isfinite(x)) __builtin_trap();
            const ak_sweep_param *pp = &s->params[p];
            if (pp->is_range &&
                (x < pp->lo - 1e-9 * fabs(pp->lo) - 0.5 || x > pp->hi + 1e-9 * fabs(pp->hi) + 0.5))
                __builtin_trap(); // (+-0.5: integer settings are rounded)
        }
        if (s->experiment == AK_SWEEP_FREE_BODY && !(cfg.dt > 0 && cfg.duration > 0))
            __builtin_trap();
    }
    ak_sweep_spec_free(s);
    return 0;
}
