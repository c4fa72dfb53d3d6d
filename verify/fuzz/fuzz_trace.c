// libFuzzer target for the trace reader (verify/compare/trace_read.c): it reads files that other
// engines write, so any bytes must give either a trace or a message naming the file and line,
// never a crash, a leak or undefined behaviour. A trace it accepts keeps the reader's promises:
// dim 2..5, the layout of that dim, finite core values, non-decreasing times, every step with the
// same bodies, and unit quaternions where the file had qw,qx,qy,qz columns. (Built with
// -Dfuzz=true, clang, ASan and UBSan; see verify/fuzz/meson.build and .ci/run.)
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "verify/compare/trace_read.h"
#include "ref/ga/nd.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char *text = malloc(size + 1), err[1024];
    if (!text) return 0;
    memcpy(text, bytes, size);
    text[size] = '\0'; // the reader takes a C string: an embedded NUL ends the text
    ak_tracefile t;
    err[0] = '\0';
    if (ak_tracefile_parse(text, "fuzz.csv", &t, err, sizeof err) == 0) {
        if (t.dim < 2 || t.dim > AK_MAX_DIM || t.nbiv != ak_nd_nbiv(t.dim) ||
            t.neven != ak_nd_neven(t.dim) || t.nstate != 2 * t.dim + t.neven + t.nbiv ||
            t.nsteps < 1 || t.nbody < 1)
            __builtin_trap();
        for (long s = 0; s < t.nsteps; s++) {
            if (!isfinite(t.t[s]) || (s > 0 && (t.t[s] < t.t[s - 1] || t.step[s] <= t.step[s - 1])))
                __builtin_trap();
            for (int b = 0; b < t.nbody; b++) {
                const double *x = ak_tracefile_x(&t, s, b);
                for (int k = 0; k < t.nstate; k++)
                    if (!isfinite(x[k])) __builtin_trap();
                if (!strncmp(t.columns, "quaternion", 10)) {
                    const double *R = ak_tracefile_R(&t, s, b);
                    double n2 = R[0] * R[0] + R[1] * R[1] + R[2] * R[2] + R[3] * R[3];
                    if (!(fabs(sqrt(n2) - 1) <= 2 * AK_TRACE_QUAT_NORM_TOL)) __builtin_trap();
                }
            }
        }
        ak_tracefile_free(&t);
    } else if (strncmp(err, "fuzz.csv", 8) != 0)
        __builtin_trap(); // every message names the file
    free(text);
    return 0;
}
