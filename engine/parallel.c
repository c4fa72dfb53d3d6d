// Thread helpers of the engine's parallel loops (see parallel.h).
#include "engine/parallel.h"

#ifdef _OPENMP
#include <omp.h>
#endif

int ak_parallel_threads(const ak_model *m, int work) {
#ifdef _OPENMP
    int par_min = m->paths.parallel_min < 1 ? AK_PAR_MIN : m->paths.parallel_min;
    if (work < par_min) return 1;
    int t = omp_get_max_threads();
    return t < 1 ? 1 : t > AK_MAX_THREADS ? AK_MAX_THREADS : t;
#else
    (void)m, (void)work;
    return 1;
#endif
}
