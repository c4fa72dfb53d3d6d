// The table of contact solver variants (see solver_variant.h). Rows are tried in order.
#include "solver_variant.h"

#include <string.h>

#include "solver.h"
#include "solver_converged.h"
#include "solver_pga.h"
#include "solver_published.h"

static const ak_solver_variant VARIANTS[] = {
    {"converged", NULL,
     "converged reference solver: sequential impacts (P-2.6.1, P-2.32), then block projected "
     "Gauss-Seidel to the tolerance with certified residuals (solver_converged.c)",
     ak_solver_converged_solve, ak_solver_converged_positions},
    {"pga", NULL, "PGA collision response, P-2.32 / P-2.33 / P-2.6.1 (solver_pga.c)",
     ak_solver_pga_solve, NULL},
    {NULL, "published", "the thesis' sequential impulses as printed, T-Alg12 / T-Alg13 (solver_published.c)",
     ak_solver_published_solve, NULL},
    {NULL, NULL, "corrected sequential impulses with warm starting (solver.c)", ak_solver_corrected_solve, NULL},
};

static int matches(const char *want, const char *have) { return !want || !strcmp(want, have); }

const ak_solver_variant *ak_solver_variant_for(const ak_model *m) {
    size_t n = sizeof VARIANTS / sizeof VARIANTS[0];
    for (size_t i = 0; i + 1 < n; i++)
        if (matches(VARIANTS[i].method, m->solver.method) && matches(VARIANTS[i].variant, m->solver.variant))
            return &VARIANTS[i];
    return &VARIANTS[n - 1];
}
