// libFuzzer target for anakata view's request policy (verify/view/view_http.c): any bytes, read
// as "PATH\0HOST\0ORIGIN", must give a route whose relative path cannot leave its root, and
// Host / Origin answers that only ever accept the server's own names; never a crash, a leak or
// undefined behaviour (built with -Dfuzz=true, clang, ASan and UBSan; see .ci/run).
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "verify/view/view_http.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

static bool safe_byte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-' || c == '/';
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char *buf = malloc(size + 3); // three NUL-terminated fields, however many NULs the input has
    if (!buf) return 0;
    memcpy(buf, bytes, size);
    buf[size] = buf[size + 1] = buf[size + 2] = '\0';
    const char *path = buf;
    const char *host = path + strlen(path) + 1;
    const char *origin = host + strlen(host) + 1;
    if ((size_t)(origin - buf) > size + 2) origin = buf + size + 2;
    if ((size_t)(host - buf) > size + 1) host = buf + size + 1;

    char rel[AK_VIEW_PATH_MAX + 1];
    memset(rel, 'X', sizeof rel);
    ak_view_route r = ak_view_route_path(path, rel, sizeof rel);
    size_t n = strnlen(rel, sizeof rel);
    if (n == sizeof rel) __builtin_trap(); // always terminated
    if (r == AK_ROUTE_BAD) {
        if (n != 0) __builtin_trap(); // nothing left behind on refusal
    } else {
        // Relative, non-empty, safe bytes only, every segment non-empty and not starting with
        // '.' (so no "." or ".."), no '/' at all for the flat routes.
        if (n == 0 || rel[0] == '/') __builtin_trap();
        for (size_t i = 0; i < n; i++)
            if (!safe_byte(rel[i])) __builtin_trap();
        for (const char *p = rel;;) {
            if (*p == '/' || *p == '.' || *p == '\0') __builtin_trap();
            const char *e = strchr(p, '/');
            if (!e) break;
            p = e + 1;
        }
        if ((r == AK_ROUTE_API || r == AK_ROUTE_GEN) && strchr(rel, '/')) __builtin_trap();
    }

    static const char *const names[] = { "127.0.0.1", "localhost" };
    bool h = ak_view_host_ok(host, names, 2, 8470), o = ak_view_origin_ok(origin, names, 2, 8470);
    if (h && strcmp(host, "127.0.0.1:8470") && strcmp(host, "localhost:8470")) __builtin_trap();
    if (o && strcmp(origin, "http://127.0.0.1:8470") && strcmp(origin, "http://localhost:8470"))
        __builtin_trap();
    free(buf);
    return 0;
}
