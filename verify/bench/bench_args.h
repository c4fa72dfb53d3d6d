/// @file bench_args.h
/// Numbers on the benchmark programs' command lines (verify/bench): a number outside its range,
/// or text that is not one, gets the program, the option and what was expected.
/// Header-only.
#ifndef AK_VERIFY_BENCH_ARGS_H
#define AK_VERIFY_BENCH_ARGS_H

#include <stdio.h>
#include <stdlib.h>

/// The whole decimal number in text, from lo to hi, into *out: 0, or -1 with a message on
/// stderr naming prog (the benchmark) and what (the option or argument).
static inline int bench_count(const char *prog, const char *what, const char *text, long lo,
                              long hi, long *out) {
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "%s: %s '%s': expected a whole number from %ld to %ld\n", prog, what, text,
                lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/// bench_count into an int (lo and hi within int's range).
static inline int bench_int(const char *prog, const char *what, const char *text, long lo, long hi,
                            int *out) {
    long v;
    if (bench_count(prog, what, text, lo, hi, &v)) return -1;
    *out = (int)v;
    return 0;
}

/// The decimal number in text, from lo to hi, into *out: 0, or -1 with a message on stderr
/// naming prog and what (as bench_count).
static inline int bench_real(const char *prog, const char *what, const char *text, double lo,
                             double hi, double *out) {
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "%s: %s '%s': expected a number from %g to %g\n", prog, what, text, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

#endif
