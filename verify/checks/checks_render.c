// Checks of group 'render': SDFs (T-E.*) against independent distances, the published SDF and
// renderer errata with counterexamples, sphere-tracer hits against analytic ray intersections,
// tetrahedral meshes and slices (B-8slice) against analytic volumes, GLSL against C, and the
// golden images (CPU reference tracer) against the Vulkan renderer.
#include "verify/checks/checks_render_common.h"

ak_check_group ak_group_render(void) {
    static const ak_check_topic *const topics[] = {
        &ak_topic_render_sdf,    &ak_topic_render_published, &ak_topic_render_tracer,
        &ak_topic_render_meshes, &ak_topic_render_glsl,
    };
    static ak_check store[AK_GROUP_MAX_CHECKS];
    static size_t n = 0;
    return ak_group_of_topics("render", topics, sizeof topics / sizeof topics[0], store, &n);
}
