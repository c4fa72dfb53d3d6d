/// @file view_module.h
/// The server of `anakata view` as a module, anakata_view.so, loaded when `anakata view` starts
/// serving (verify/common/module.h): libmicrohttpd and the TLS libraries it brings (10 shared
/// libraries) are then not loaded at every other start of the program. The module holds
/// view_server.c (with what it calls of the rest) and exports this table (view_module.c);
/// view_loader.c, linked into the program, defines view_server.h's functions and forwards them.
#ifndef AK_VIEW_MODULE_H
#define AK_VIEW_MODULE_H
#include "verify/common/module.h"
#include "verify/view/view_server.h"

/// Raised whenever the table changes.
#define AK_VIEW_MODULE_VERSION 1
/// The one symbol the module exports.
#define AK_VIEW_MODULE_SYMBOL "ak_view_module_api"

typedef struct ak_view_module_table {
    ak_module_head head; ///< AK_VIEW_MODULE_VERSION, sizeof(ak_view_module_table)
    int (*server_start)(ak_view_server **, const ak_view_config *, char *, size_t);
    unsigned (*server_port)(const ak_view_server *);
    void (*server_stop)(ak_view_server *);
} ak_view_module_table;

#endif
