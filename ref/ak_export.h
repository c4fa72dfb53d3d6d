/// @file ak_export.h
/// AK_API marks the functions that the shared libraries (libanakata_ref, libanakata_engine,
/// libanakata_render) export: the declarations of the installed headers. The libraries are
/// built with hidden visibility, so everything else (the engine's stages, the fast copies, the
/// bundled volk loader) stays inside them; the anakata program and the tests link the static
/// libraries, which hold every function.
#ifndef AK_EXPORT_H
#define AK_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define AK_API __attribute__((visibility("default")))
#else
#define AK_API
#endif

#endif
