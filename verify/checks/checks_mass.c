// Checks of group 'mass': every mass-property formula against an independent computation.
//
// The oracle is GSL nested adaptive quadrature (gsl_integration_qag, Gauss-Kronrod 21) over the
// region, one level per coordinate, with the limits of each level computed from the region's
// definition (|x| <= R, |x_i| <= a_i, ...). On levels whose limits are curved, the substitution
// x = mid + half sin(t) removes the square-root behaviour at the ends, so that each level
// converges fast; it is a change of variables, not a shape formula. The code under test is never
// used to produce a reference value. Monte Carlo (GSL mt19937) checks the convex hulls.
#include "verify/checks/checks_mass_common.h"

ak_check_group ak_group_mass(void) {
    static const ak_check_topic *const topics[] = {
        &ak_topic_mass_exact,
        &ak_topic_mass_estimates,
        &ak_topic_mass_properties,
        &ak_topic_mass_published,
    };
    static ak_check store[AK_GROUP_MAX_CHECKS];
    static size_t n = 0;
    return ak_group_of_topics("mass", topics, sizeof topics / sizeof topics[0], store, &n);
}
