/// @file render.h
/// anakata renderer: public entry point.
#ifndef AK_RENDER_H
#define AK_RENDER_H

#include "ref/ak_export.h"
/// The renderer's name and version.
AK_API const char *ak_render_version(void);

#endif
