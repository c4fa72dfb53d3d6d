#include "engine/engine.h"

const char *ak_engine_version(void) { return AK_VERSION; }
