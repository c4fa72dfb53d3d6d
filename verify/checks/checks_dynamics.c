// Checks of group 'dynamics': the n-D equations of motion, the integrators, conservation,
// convergence, rotor drift, analytic tops, B-9 and the 4D Dzhanibekov effect (B-9fig5).
// Every reference is independent of the code under test: GSL odeiv2 rk8pd (abs = rel = 1e-12),
// closed-form motors (P-B.6, P-B.15), complete elliptic integrals (gsl_sf_ellint_Kcomp), and
// conservation laws. docs/formulas/dynamics.md quotes the numbers these checks print.
#include "verify/checks/checks_dynamics_common.h"

ak_check_group ak_group_dynamics(void) {
    static const ak_check_topic *const topics[] = {
        &ak_topic_dynamics_integrators,
        &ak_topic_dynamics_dzhanibekov,
        &ak_topic_dynamics_pga,
        &ak_topic_dynamics_forces,
    };
    static ak_check store[AK_GROUP_MAX_CHECKS];
    static size_t n = 0;
    return ak_group_of_topics("dynamics", topics, sizeof topics / sizeof topics[0], store, &n);
}
