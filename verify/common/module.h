/// @file module.h
/// Parts of the program built as modules and loaded at their first use, so that the shared
/// libraries only they need are not loaded at every start of `anakata` and of every test process
/// (docs/fclib.md, "The module"). A module exports one table of its functions, which starts with
/// ak_module_head; a loader (verify/fclib/fclib_loader.c, verify/view/view_loader.c) defines the
/// functions the rest of the program calls and forwards each to the table.
#ifndef AK_VERIFY_COMMON_MODULE_H
#define AK_VERIFY_COMMON_MODULE_H
#include <stddef.h>

/// The start of every module's table: its build's version of the table and the table's size,
/// so that a program never calls a module of another build.
typedef struct ak_module_head {
    int version;
    size_t size;
} ak_module_head;

/// The table `symbol` of the module `file` (for example "anakata_fclib.so"): for a program that
/// runs from the build tree, the module at build_path (the build tree's, compiled in); else the
/// installed one in libdir/anakata, found from the program's own directory (so that a staged or
/// moved installation finds its own). The table's head must match version and size. A module
/// that cannot be loaded or does not match ends the process with exit status 1 and a message
/// that names `what`, its path and the reason: it is part of the installation.
const void *ak_module_load(const char *what, const char *build_path, const char *file,
                           const char *symbol, int version, size_t size);

#endif
