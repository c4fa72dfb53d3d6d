// Checks of group 'mass' (none registered yet: see the open issue for this area).
#include "checks.h"

AK_GROUP_EMPTY(mass)
