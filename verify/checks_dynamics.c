// Checks of group 'dynamics' (none registered yet: see the open issue for this area).
#include "checks.h"

AK_GROUP_EMPTY(dynamics)
