/// @file files.h
/// Small file helpers shared by the rooms of verify/.
#ifndef AK_VERIFY_FILES_H
#define AK_VERIFY_FILES_H

#include <stddef.h>

/// Read a whole file into a NUL-terminated malloc'd buffer (NULL on failure; *len may be NULL).
char *ak_read_file(const char *path, size_t *len);

/// mkdir -p; returns 0 when the directory exists afterwards.
int ak_mkdir_p(const char *path);

#endif
