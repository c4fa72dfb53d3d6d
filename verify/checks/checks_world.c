// Checks of group 'world': the contact solver and the full world step.
// Tolerances are named constants; references are analytic (momentum, energy, elastic
// collisions, e^2 h rebound, incline acceleration, rolling) or a second computation.
#include "verify/checks/checks_world_common.h"

ak_check_group ak_group_world(void) {
    static const ak_check_topic *const topics[] = {
        &ak_topic_world_contacts,  &ak_topic_world_scenes, &ak_topic_world_broadphase,
        &ak_topic_world_polytopes, &ak_topic_world_ccd,    &ak_topic_world_converged,
        &ak_topic_world_sleep,     &ak_topic_world_fclib,
    };
    static ak_check store[AK_GROUP_MAX_CHECKS];
    static size_t n = 0;
    return ak_group_of_topics("world", topics, sizeof topics / sizeof topics[0], store, &n);
}
