// Checks of group 'ga': the rigid-body GA types (nd.h, ga4.h) against the generic Clifford
// algebra (cl.h), GA identities, and the published GA tables and formulas (thesis Ch. 2 and
// App. A, ten Bosch sec. 3-4 and App. A) compared with the correct products.
#include "verify/checks/checks_ga_common.h"

ak_check_group ak_group_ga(void) {
    static const ak_check_topic *const topics[] = {
        &ak_topic_ga_generic,    &ak_topic_ga_nd,  &ak_topic_ga_decomposition,
        &ak_topic_ga_appendix_a, &ak_topic_ga_ga4, &ak_topic_ga_tables,
        &ak_topic_ga_statements,
    };
    static ak_check store[AK_GROUP_MAX_CHECKS];
    static size_t n = 0;
    return ak_group_of_topics("ga", topics, sizeof topics / sizeof topics[0], store, &n);
}
