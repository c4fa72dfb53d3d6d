// anakata view [SCENE...] [--port N] [--bind ADDR] [--open]: a local web server with a page that
// steps a scene, shows its 3D slice (WebGL2 sphere tracing of the render/ shaders), lets one
// drag bodies, and shows the formulas of each step beside the rendered docs (docs/viewer.md).
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "view/view_server.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

static void usage(FILE *f) {
    fprintf(f, "usage: anakata view [SCENE ...] [--trace FILE] [--port N] [--bind ADDR] [--open]\n"
               "  Serve the viewer on http://127.0.0.1:N/ (default port 8470; 0 picks a free one)\n"
               "  and print its URL; Ctrl-C stops it. SCENE: scene files it may load (the first\n"
               "  is opened), besides the bundled scenes (scenes/NAME.json, by NAME).\n"
               "  --bind ADDR  listen on another IPv4 address (a warning: anyone who can reach it\n"
               "               can drive the simulation and read the docs)\n"
               "  --trace FILE replay a trace (docs/trace-format.md) of the first SCENE, else of the\n"
               "               trace's own scene; the reference's bodies (verify/reference/) are\n"
               "               drawn as pale ghosts when there is one\n"
               "  --open       open the URL in a browser (xdg-open)\n");
}

int ak_cmd_view(int argc, char **argv) {
    const char *bind = "127.0.0.1";
    long port = 8470;
    int open_browser = 0;
    const char *trace = NULL;
    const char *scenes[64];
    int nscene = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else if (!strcmp(argv[i], "--port") && i + 1 < argc) {
            char *end;
            errno = 0;
            port = strtol(argv[++i], &end, 10);
            if (*end || errno || port < 0 || port > 65535)
                return ak_cli_bad_usage("view", "--port needs a number from 0 to 65535, got '%s'", argv[i]);
        } else if (!strcmp(argv[i], "--bind") && i + 1 < argc) {
            bind = argv[++i];
        } else if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
            trace = argv[++i];
            if (access(trace, R_OK))
                return ak_cli_bad_usage("view", "%s: cannot read the trace (%s)", trace, strerror(errno));
        } else if (!strcmp(argv[i], "--open")) {
            open_browser = 1;
        } else if (argv[i][0] == '-') {
            return ak_cli_bad_usage("view", "unexpected argument '%s'", argv[i]);
        } else {
            if (nscene == 64) return ak_cli_bad_usage("view", "at most 64 scenes");
            if (access(argv[i], R_OK))
                return ak_cli_bad_usage("view", "%s: cannot read the scene file (%s)", argv[i], strerror(errno));
            scenes[nscene++] = argv[i];
        }
    }
    if (strcmp(bind, "127.0.0.1"))
        fprintf(stderr, "anakata view: warning: listening on %s, not only on this machine's loopback: "
                        "anyone who can reach it can drive the simulation and read the docs\n", bind);

    // Ctrl-C and SIGTERM are taken by sigwait below, never by a handler in a server thread.
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGINT, SIG_DFL); // a shell starts background jobs with SIGINT ignored: take it back
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_IGN);

    ak_view_config cfg = {
        .bind = bind,
        .port = (unsigned)port,
        .web_root = AK_SOURCE_DIR "/web",
        .docs_root = AK_SOURCE_DIR "/docs",
        .scenes_dir = AK_SOURCE_DIR "/scenes",
        .extra_scenes = scenes,
        .nextra = nscene,
        .initial = nscene ? scenes[0] : "stack_4d",
        .trace = trace,
        .trace_scene = trace && nscene ? scenes[0] : NULL,
        .source_root = AK_SOURCE_DIR,
    };
    char trace_name[1100];
    if (trace) {
        snprintf(trace_name, sizeof trace_name, "trace:%s", trace);
        cfg.initial = trace_name;
    }
    char err[1024];
    ak_view_server *srv;
    int r = ak_view_server_start(&srv, &cfg, err, sizeof err);
    if (r != AK_VIEW_OK) {
        fprintf(stderr, "anakata view: %s\n", err);
        return AK_EXIT_USAGE;
    }
    char url[128];
    snprintf(url, sizeof url, "http://%s:%u/", strcmp(bind, "0.0.0.0") ? bind : "127.0.0.1",
             ak_view_server_port(srv));
    printf("anakata view: serving %s on %s (Ctrl-C stops)\n", cfg.initial, url);
    fflush(stdout);
    if (open_browser) {
        pid_t pid = fork();
        if (pid == 0) {
            pthread_sigmask(SIG_UNBLOCK, &sigs, NULL);
            execlp("xdg-open", "xdg-open", url, (char *)NULL);
            fprintf(stderr, "anakata view: --open: cannot run xdg-open (%s); open %s yourself\n",
                    strerror(errno), url);
            _exit(127);
        }
    }
    int sig = 0;
    sigwait(&sigs, &sig);
    fprintf(stderr, "anakata view: %s, stopping\n", sig == SIGINT ? "interrupted" : "terminated");
    ak_view_server_stop(srv);
    return AK_EXIT_OK;
}
