// Modules loaded at their first use (module.h). The program's build root and the installed
// modules' directory relative to the installed program (bindir to libdir/anakata) come from
// the build: AK_BUILD_ROOT, AK_MODULE_DIR_RELATIVE (absolute when bindir or libdir is).
#define _XOPEN_SOURCE 700 // realpath
#include "verify/common/module.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The directory of the running executable, into dir (empty when /proc/self/exe cannot be read).
static void exe_dir(char *dir, size_t len) {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    dir[0] = '\0';
    if (n <= 0) return;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash) return;
    *slash = '\0';
    snprintf(dir, len, "%s", buf);
}

const void *ak_module_load(const char *what, const char *build_path, const char *file,
                           const char *symbol, int version, size_t size) {
    char dir[PATH_MAX], root[PATH_MAX], path[2 * PATH_MAX];
    exe_dir(dir, sizeof dir);
    size_t nb = realpath(AK_BUILD_ROOT, root) ? strlen(root) : 0;
    if (nb && !strncmp(dir, root, nb) && (dir[nb] == '/' || dir[nb] == '\0'))
        snprintf(path, sizeof path, "%s", build_path);
    else if (AK_MODULE_DIR_RELATIVE[0] == '/')
        snprintf(path, sizeof path, "%s/%s", AK_MODULE_DIR_RELATIVE, file);
    else
        snprintf(path, sizeof path, "%s/%s/%s", dir, AK_MODULE_DIR_RELATIVE, file);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const char *why = NULL;
    const ak_module_head *t = NULL;
    if (!h)
        why = dlerror();
    else if (!(t = (const ak_module_head *)dlsym(h, symbol)))
        why = "it does not export its table";
    else if (t->version != version || t->size != size)
        why = "it is from another build of anakata (its table's version or size differs)";
    if (why) {
        fprintf(stderr,
                "anakata: cannot load the %s module %s: %s\n"
                "  (it is built and installed with anakata; rebuild or reinstall)\n",
                what, path, why);
        exit(1);
    }
    return t;
}
