/// @file engine.h
/// anakata engine: public entry point.
#ifndef AK_ENGINE_H
#define AK_ENGINE_H

#include "ref/ak_export.h"
/// The library version, "MAJOR.MINOR.PATCH".
AK_API const char *ak_engine_version(void);

#endif
