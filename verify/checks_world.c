// Checks of group 'world' (none registered yet: see the open issue for this area).
#include "checks.h"

AK_GROUP_EMPTY(world)
