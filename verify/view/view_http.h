/// @file view_http.h
/// The request policy of `anakata view`, kept free of the HTTP library so that it can be tested
/// and fuzzed on its own (verify/fuzz/fuzz_view_request.c): which Host and Origin headers name
/// the server (no DNS rebinding), and which file a request path may reach (no traversal).
#ifndef AK_VIEW_HTTP_H
#define AK_VIEW_HTTP_H

#include <stdbool.h>
#include <stddef.h>

/// Longest request path accepted (bytes, before and after decoding).
#define AK_VIEW_PATH_MAX 256

/// What a path names.
typedef enum ak_view_route {
    AK_ROUTE_BAD = 0, ///< refused (traversal, odd characters, too long, unknown prefix)
    AK_ROUTE_WEB,     ///< a file under the web root ("/" is index.html)
    AK_ROUTE_DOC,     ///< a file under docs/ (".md" is rendered to HTML)
    AK_ROUTE_API,     ///< /api/<name>
    AK_ROUTE_GEN      ///< /gen/<name>: generated at build time, held in memory
} ak_view_route;

/// Host header check: host must be exactly "NAME:PORT" where NAME is one of the names[] (e.g.
/// "127.0.0.1", "localhost") and PORT the server's port. NULL or anything else: false.
bool ak_view_host_ok(const char *host, const char *const names[], size_t nnames, unsigned port);

/// Origin header check: absent (NULL) is accepted; otherwise it must be "http://" followed by a
/// Host that ak_view_host_ok accepts ("null" and every other origin are refused).
bool ak_view_origin_ok(const char *origin, const char *const names[], size_t nnames, unsigned port);

/// Decode a request path (percent escapes, once) and map it to a route and a relative path
/// under that route's root, written to rel (at most relsize bytes, NUL-terminated):
///   "/"             -> WEB  "index.html"
///   "/web/A/B.js"   -> WEB  "A/B.js"
///   "/docs/A/B.md"  -> DOC  "A/B.md"
///   "/api/NAME"     -> API  "NAME"
///   "/gen/NAME"     -> GEN  "NAME"
/// Refused (AK_ROUTE_BAD): a path not starting with '/', longer than AK_VIEW_PATH_MAX, with a
/// bad or encoded-NUL escape, a query or fragment left in it, an empty segment ("//"), a segment
/// starting with '.' (so "." and ".." and hidden files), a byte outside [A-Za-z0-9._-] in a
/// segment, or a route other than the ones above. The result never leaves the root by its text;
/// symbolic links are the caller's to refuse (ak_view_open_under).
ak_view_route ak_view_route_path(const char *path, char *rel, size_t relsize);

/// Open root/rel for reading only when its real path (symbolic links resolved) lies under the
/// real path of root and it is a regular file. Returns a file descriptor, or -1.
int ak_view_open_under(const char *root, const char *rel);

#endif
