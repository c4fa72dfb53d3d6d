// The registry of check groups, in the order the report shows them.
#include "verify/checks/checks.h"

const ak_check_group *ak_check_groups(size_t *count) {
    static ak_check_group groups[16];
    static size_t n = 0;
    if (n == 0) {
        groups[n++] = ak_group_ga();
        groups[n++] = ak_group_mass();
        groups[n++] = ak_group_dynamics();
        groups[n++] = ak_group_collide();
        groups[n++] = ak_group_world();
        groups[n++] = ak_group_render();
        groups[n++] = ak_group_reference();
        groups[n++] = ak_group_sweep();
        groups[n++] = ak_group_docs();
        groups[n++] = ak_group_printed();
    }
    *count = n;
    return groups;
}
