/// @file bench_median.h
/// The median of a sample (sorted in place, ascending), for the benchmark programs of
/// verify/bench. Header-only.
#ifndef AK_VERIFY_BENCH_MEDIAN_H
#define AK_VERIFY_BENCH_MEDIAN_H

#include <stdlib.h>

/// qsort's comparison of two doubles, ascending.
static inline int bench_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// The median of v[0 .. n), n >= 1; v is left sorted.
static inline double bench_median(double v[], int n) {
    qsort(v, (size_t)n, sizeof(double), bench_cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#endif
