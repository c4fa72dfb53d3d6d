/// @file view_server.h
/// The HTTP server of `anakata view` (libmicrohttpd): the page's files, the rendered docs, the
/// JSON API on one simulation (view_sim.h) and a server-sent-events stream while it plays.
#ifndef AK_VIEW_SERVER_H
#define AK_VIEW_SERVER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ak_view_server ak_view_server;

typedef struct ak_view_config {
    const char *bind;                ///< address to listen on (default "127.0.0.1")
    unsigned port;                   ///< 0: any free port (the one chosen is ak_view_server_port)
    const char *web_root;            ///< the page's files (web/)
    const char *docs_root;           ///< docs/ (served; .md rendered to HTML)
    const char *scenes_dir;          ///< scenes/ (the bundled scenes the picker offers)
    const char *const *extra_scenes; ///< scene files named on the command line
    int nextra;
    const char *initial;     ///< the scene to open first (one of the above), or NULL
    const char *trace;       ///< a trace to replay (opened first; offered as "trace:FILE"), or NULL
    const char *trace_scene; ///< the scene file of that trace, or NULL for the trace's own
    const char *source_root; ///< where verify/reference/ is (the ghosts of a replay)
} ak_view_config;

/// Exit-status-like results of ak_view_server_start.
enum { AK_VIEW_OK = 0, AK_VIEW_EPORT = 1, AK_VIEW_EOTHER = 2 };

/// Bind, listen and start serving (threads of its own). On failure *out is NULL, err says why
/// and the result is AK_VIEW_EPORT when the port is taken, AK_VIEW_EOTHER otherwise.
int ak_view_server_start(ak_view_server **out, const ak_view_config *cfg, char *err, size_t errlen);
unsigned ak_view_server_port(const ak_view_server *s);
/// Stop serving (ends the event streams, joins the threads) and free everything.
void ak_view_server_stop(ak_view_server *s);

/// Largest request body accepted (bytes); a larger one gets 413.
#define AK_VIEW_BODY_MAX 65536
/// Per-connection memory for the request line and headers (bytes); more gets 431 / 414.
#define AK_VIEW_CONN_MEMORY 32768
/// Seconds a connection may stay silent (libmicrohttpd's inactivity timeout): a request whose
/// headers do not arrive in that time is dropped, and so is an idle keep-alive connection, so that
/// half-open connections cannot hold the connection slots. Event streams stay open: they write a
/// heartbeat every AK_VIEW_SSE_HEARTBEAT seconds.
#define AK_VIEW_IDLE_TIMEOUT 4
/// Seconds between heartbeats (": ping") of an event stream without a state change.
#define AK_VIEW_SSE_HEARTBEAT 1.0

#endif
