/// @file render.h
/// anakata renderer: public entry point.
#ifndef AK_RENDER_H
#define AK_RENDER_H

/// The renderer's name and version.
const char *ak_render_version(void);

#endif
