// The view module's one export: its functions' table (view_module.h). Built only into
// anakata_view.so, with view_server.c.
#include "verify/view/view_module.h"

extern const ak_view_module_table ak_view_module_api;
const ak_view_module_table ak_view_module_api = {
    .head = { AK_VIEW_MODULE_VERSION, sizeof(ak_view_module_table) },
    .server_start = ak_view_server_start,
    .server_port = ak_view_server_port,
    .server_stop = ak_view_server_stop,
};
