/// @file engine.h
/// anakata engine: public entry point.
#ifndef AK_ENGINE_H
#define AK_ENGINE_H

/// The library version, "MAJOR.MINOR.PATCH".
const char *ak_engine_version(void);

#endif
