// libFuzzer target for the reference manifest reader (verify/compare/compare.c,
// ak_manifest_parse): manifests are written by `anakata reference --make` and by hand, and read by
// every compare. Any bytes give an entry, "no such entry" or a message naming the file, never a
// crash, a leak or undefined behaviour; an entry it accepts has a dim of 0 (unknown) or 2..5, at
// least one downsampling step and a non-negative horizon. (Built with -Dfuzz=true, clang, ASan and
// UBSan; see verify/fuzz/meson.build and .ci/run.)
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "verify/compare/compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char *text = malloc(size + 1), err[1024];
    if (!text) return 0;
    memcpy(text, bytes, size);
    text[size] = '\0';
    static const char *const keys[2] = { NULL, "bounce_cube_3d" };
    static const char *const tolkeys[2] = { "tolerances", "drift_tolerances" };
    for (int k = 0; k < 2; k++) {
        ak_compare_spec s;
        err[0] = '\0';
        int rc = ak_manifest_parse(text, "fuzz.json", keys[k], tolkeys[k], &s, err, sizeof err);
        if (rc == 0) {
            if ((s.dim != 0 && (s.dim < 2 || s.dim > AK_MAX_DIM)) || s.downsample < 1 ||
                !(s.horizon >= 0) || s.nbody < 0)
                __builtin_trap();
        } else if (rc < 0 && strncmp(err, "fuzz.json", 9) != 0)
            __builtin_trap();
        ak_compare_spec_free(&s);
    }
    free(text);
    return 0;
}
