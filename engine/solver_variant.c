// The table of contact solver variants (see solver_variant.h). Rows are tried in order.
#include "engine/solver_variant.h"

#include "engine/solver.h"
#include "engine/solver_converged.h"
#include "engine/solver_pga.h"
#include "engine/solver_published.h"

#define ANY (-1)

static const ak_solver_variant VARIANTS[] = {
    { AK_SOLVER_CONVERGED, ANY,
      "converged reference solver: sequential impacts (P-2.6.1, P-2.32), then block projected "
      "Gauss-Seidel to the tolerance with certified residuals (solver_converged.c)",
      ak_solver_converged_solve, ak_solver_converged_positions },
    { AK_SOLVER_PGA, ANY, "PGA collision response, P-2.32 / P-2.33 / P-2.6.1 (solver_pga.c)",
      ak_solver_pga_solve, NULL },
    { AK_SOLVER_VECTOR, AK_VARIANT_PUBLISHED,
      "the thesis' sequential impulses as printed, T-Alg12 / T-Alg13 (solver_published.c)",
      ak_solver_published_solve, NULL },
    { AK_SOLVER_VECTOR, AK_VARIANT_CORRECTED,
      "corrected sequential impulses with warm starting (solver.c)", ak_solver_corrected_solve,
      NULL },
};

const ak_solver_variant *ak_solver_variant_for(const ak_model *m) {
    const ak_solver_settings *s = &m->solver;
    if ((unsigned)s->method >= AK_SOLVER_METHOD_COUNT || (unsigned)s->variant >= AK_VARIANT_COUNT)
        return NULL;
    for (size_t i = 0; i < sizeof VARIANTS / sizeof VARIANTS[0]; i++)
        if ((int)s->method == VARIANTS[i].method &&
            (VARIANTS[i].variant == ANY || (int)s->variant == VARIANTS[i].variant))
            return &VARIANTS[i];
    return NULL;
}
