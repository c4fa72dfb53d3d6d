/// @file checks.h
/// One function per check group; each lives in checks_<group>.c.
#ifndef AK_VERIFY_CHECKS_H
#define AK_VERIFY_CHECKS_H

#include "verify/checks/harness.h"

ak_check_group ak_group_ga(void);
ak_check_group ak_group_mass(void);
ak_check_group ak_group_dynamics(void);
ak_check_group ak_group_collide(void);
ak_check_group ak_group_world(void);
ak_check_group ak_group_render(void);
ak_check_group ak_group_reference(void);
ak_check_group ak_group_sweep(void);
ak_check_group ak_group_docs(void);
ak_check_group ak_group_printed(void);

/// Helper for the group files: AK_GROUP(ga, table) defines ak_group_ga().
#define AK_GROUP(name, table)                                                                      \
    ak_check_group ak_group_##name(void) {                                                         \
        return (ak_check_group){ #name, table, sizeof(table) / sizeof(table[0]) };                 \
    }
#define AK_GROUP_EMPTY(name)                                                                       \
    ak_check_group ak_group_##name(void) { return (ak_check_group){ #name, 0, 0 }; }

#endif
