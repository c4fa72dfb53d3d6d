/// @file bench_clock.h
/// A clock's reading in seconds, for the benchmark programs of verify/bench: CLOCK_MONOTONIC
/// for wall time, CLOCK_PROCESS_CPUTIME_ID or CLOCK_THREAD_CPUTIME_ID for CPU time.
/// Header-only.
#ifndef AK_VERIFY_BENCH_CLOCK_H
#define AK_VERIFY_BENCH_CLOCK_H

#include <time.h>

/// clock_gettime(id) in seconds.
static inline double bench_seconds(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#endif
