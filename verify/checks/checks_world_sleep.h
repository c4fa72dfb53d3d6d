/// @file checks_world_sleep.h
/// The world group's checks of contact islands and sleeping (checks_world_sleep.c; engine/island.h,
/// G-SLEEP.1 .. G-SLEEP.5). checks_world_sleep.c makes its topic table of
/// AK_WORLD_SLEEP_CHECKS; checks_world.c puts it in the group's table.
#ifndef AK_VERIFY_CHECKS_WORLD_SLEEP_H
#define AK_VERIFY_CHECKS_WORLD_SLEEP_H

#include "verify/checks/checks.h"

void ak_check_sleep_pile(ak_check_ctx *c);
void ak_check_sleep_frozen(ak_check_ctx *c);
void ak_check_sleep_wake_ball(ak_check_ctx *c);
void ak_check_sleep_impulse(ak_check_ctx *c);

#define AK_WORLD_SLEEP_CHECKS                                                                      \
    { "world.sleep_pile", "G-SLEEP.1 G-SLEEP.2 G-SLEEP.3",                                         \
      "piles (3D 75 cubes, 4D 32 hypercubes) asleep within 12 s; bit for bit the plain step "      \
      "until the first "                                                                           \
      "sleep; the plain pile at rest then",                                                        \
      ak_check_sleep_pile },                                                                       \
        { "world.sleep_frozen", "G-SLEEP.3",                                                       \
          "a sleeping pile is bit for bit frozen and forms no pair, point or AABB test",           \
          ak_check_sleep_frozen },                                                                 \
        { "world.sleep_wake_ball", "G-SLEEP.1 G-SLEEP.4 G-SLEEP.5",                                \
          "ball dropped on one of two sleeping piles: wakes that island only, no later than "      \
          "contact; "                                                                              \
          "motion bit for bit the plain run's from the waking step",                               \
          ak_check_sleep_wake_ball },                                                              \
        { "world.sleep_impulse", "G-SLEEP.4 B-6",                                                  \
          "an API impulse wakes the island (v = P/m, |w| = |r x P|/I); a written velocity wakes",  \
          ak_check_sleep_impulse },

#endif
