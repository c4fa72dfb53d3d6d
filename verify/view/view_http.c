// Request policy of anakata view: Host / Origin checks and path routing (see view_http.h).
#define _DEFAULT_SOURCE // realpath
#include "verify/view/view_http.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool ak_view_host_ok(const char *host, const char *const names[], size_t nnames, unsigned port) {
    if (!host) return false;
    char want[128];
    for (size_t i = 0; i < nnames; i++) {
        int k = snprintf(want, sizeof want, "%s:%u", names[i], port);
        if (k > 0 && (size_t)k < sizeof want && !strcmp(host, want)) return true;
    }
    return false;
}

bool ak_view_origin_ok(const char *origin, const char *const names[], size_t nnames,
                       unsigned port) {
    if (!origin) return true;
    if (strncmp(origin, "http://", 7)) return false;
    return ak_view_host_ok(origin + 7, names, nnames, port);
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool seg_char_ok(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
}

ak_view_route ak_view_route_path(const char *path, char *rel, size_t relsize) {
    if (!rel || relsize == 0) return AK_ROUTE_BAD;
    rel[0] = '\0';
    if (!path || path[0] != '/') return AK_ROUTE_BAD;
    size_t n = strnlen(path, AK_VIEW_PATH_MAX + 1);
    if (n > AK_VIEW_PATH_MAX) return AK_ROUTE_BAD;
    char dec[AK_VIEW_PATH_MAX + 1];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = path[i];
        if (c == '%') {
            if (i + 2 >= n) return AK_ROUTE_BAD;
            int hi = hexval(path[i + 1]), lo = hexval(path[i + 2]);
            if (hi < 0 || lo < 0) return AK_ROUTE_BAD;
            c = (char)(hi * 16 + lo);
            if (c == '\0') return AK_ROUTE_BAD;
            i += 2;
        }
        dec[k++] = c;
    }
    dec[k] = '\0';
    if (!strcmp(dec, "/")) {
        if (relsize < sizeof "index.html") return AK_ROUTE_BAD;
        memcpy(rel, "index.html", sizeof "index.html");
        return AK_ROUTE_WEB;
    }
    // Every segment after the leading '/': non-empty, no leading '.', only safe bytes.
    const char *s = dec + 1;
    for (const char *p = s;;) {
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == 0 || p[0] == '.') return AK_ROUTE_BAD;
        for (size_t j = 0; j < len; j++)
            if (!seg_char_ok(p[j])) return AK_ROUTE_BAD;
        if (!e) break;
        p = e + 1;
    }
    static const struct {
        const char *prefix;
        ak_view_route route;
        bool nested; // may the rest hold further '/'
    } R[] = { { "web/", AK_ROUTE_WEB, true },
              { "docs/", AK_ROUTE_DOC, true },
              { "api/", AK_ROUTE_API, false },
              { "gen/", AK_ROUTE_GEN, false } };
    for (size_t r = 0; r < sizeof R / sizeof R[0]; r++) {
        size_t pl = strlen(R[r].prefix);
        if (strncmp(s, R[r].prefix, pl)) continue;
        const char *rest = s + pl;
        if (!*rest || (!R[r].nested && strchr(rest, '/'))) return AK_ROUTE_BAD;
        size_t rl = strlen(rest);
        if (rl + 1 > relsize) return AK_ROUTE_BAD;
        memcpy(rel, rest, rl + 1);
        return R[r].route;
    }
    return AK_ROUTE_BAD;
}

int ak_view_open_under(const char *root, const char *rel) {
    char rroot[PATH_MAX], full[PATH_MAX], rfull[PATH_MAX];
    if (!root || !rel || !realpath(root, rroot)) return -1;
    int k = snprintf(full, sizeof full, "%s/%s", rroot, rel);
    if (k < 0 || (size_t)k >= sizeof full) return -1;
    if (!realpath(full, rfull)) return -1;
    size_t rl = strlen(rroot);
    if (strncmp(rfull, rroot, rl) || rfull[rl] != '/') return -1;
    int fd = open(rfull, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    return fd;
}
