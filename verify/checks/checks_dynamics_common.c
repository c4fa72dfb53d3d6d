// Group "dynamics": the helpers its topic files share (checks_dynamics_common.h).
#include "verify/checks/checks_dynamics_common.h"

// ---------------------------------------------------------------------------------------------
// helpers

int dynamics_step_n(const ak_model *m, ak_data *d, ak_integrator ig, double dt, long n, bool renorm,
                    ak_check_ctx *c) {
    char err[AK_ERR_MAX];
    for (long s = 0; s < n; s++)
        if (ak_integrate_step(m, d, ig, dt, renorm, ak_world_forces, NULL, err, sizeof err) != 0) {
            ak_expect(c, false, "integration failed: %s", err);
            return -1;
        }
    return 0;
}

double dynamics_biv_norm(int n, const double B[]) {
    double s = 0.0;
    for (int q = 0; q < ak_nd_nbiv(n); q++) s += B[q] * B[q];
    return sqrt(s);
}
