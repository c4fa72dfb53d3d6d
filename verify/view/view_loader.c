// view_server.h for the program: each function calls the view module's (anakata_view.so,
// view_module.h), loaded at the first call (verify/common/module.h says where it is looked for;
// its build-tree path is AK_VIEW_MODULE_BUILD). `anakata view` calls from its main thread only.
#include <stddef.h>

#include "verify/view/view_module.h"

static const ak_view_module_table *api(void) {
    static const ak_view_module_table *t;
    if (!t)
        t = ak_module_load("view", AK_VIEW_MODULE_BUILD, "anakata_view.so", AK_VIEW_MODULE_SYMBOL,
                           AK_VIEW_MODULE_VERSION, sizeof *t);
    return t;
}

int ak_view_server_start(ak_view_server **out, const ak_view_config *cfg, char *err,
                         size_t errlen) {
    return api()->server_start(out, cfg, err, errlen);
}
unsigned ak_view_server_port(const ak_view_server *s) { return api()->server_port(s); }
void ak_view_server_stop(ak_view_server *s) { api()->server_stop(s); }
