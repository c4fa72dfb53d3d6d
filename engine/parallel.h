/// @file parallel.h
/// The engine's thread helpers: how many OpenMP threads a per-body loop uses. The engine's
/// parallel loops write disjoint slots or per-thread lists merged in a fixed order, so their
/// results do not depend on the number of threads (tests perf.threads_bitwise,
/// sleep.threads_bitwise). (Named parallel, not threads: with engine/ on the include path a
/// threads.h here would hide C11's <threads.h>.)
#ifndef AK_ENGINE_PARALLEL_H
#define AK_ENGINE_PARALLEL_H

#include "engine/model.h"

/// Most threads the engine's parallel stages use (OpenMP; the results do not depend on it).
#define AK_MAX_THREADS 64

/// Threads for a parallel per-body loop over `work` items: 1 below m->paths.parallel_min (< 1:
/// AK_PAR_MIN, model.h) or without OpenMP, else omp_get_max_threads() (at most AK_MAX_THREADS).
/// The engine's parallel loops write disjoint slots or per-thread lists merged in a fixed order,
/// so the results are the same for any number of threads (test perf).
int ak_parallel_threads(const ak_model *m, int work);

#endif
