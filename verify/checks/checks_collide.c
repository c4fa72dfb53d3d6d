// Checks of group 'collide': ref/collide and ref/geom against a ground truth that shares no code
// with them (collide_truth.c: own support functions, sep = max_u -h_A(u) - h_B(-u) by GSL
// multimin), analytic configurations, and the published algorithms (ref/published) measured on
// the same samples.
#include "verify/checks/checks_collide_common.h"

ak_check_group ak_group_collide(void) {
    static const ak_check_topic *const topics[] = {
        &ak_topic_collide_pairs,     &ak_topic_collide_gjk_manifolds,
        &ak_topic_collide_ccd_hulls, &ak_topic_collide_errata_scenes,
        &ak_topic_collide_polytopes, &ak_topic_collide_features,
    };
    static ak_check store[AK_GROUP_MAX_CHECKS];
    static size_t n = 0;
    return ak_group_of_topics("collide", topics, sizeof topics / sizeof topics[0], store, &n);
}
