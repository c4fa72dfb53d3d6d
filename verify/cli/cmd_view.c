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

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/view/view_server.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

static const ak_opt OPTS[] = {
    { "--port", AK_ARG_INT, "N", "the port (default 8470; 0 picks a free one)", 0, 0, 65535, NULL,
      NULL },
    { "--bind", AK_ARG_TEXT, "ADDR",
      "listen on another IPv4 address (a warning: anyone who can reach it\n"
      "can drive the simulation and read the docs)",
      0, 0, 0, "address", NULL },
    { "--trace", AK_ARG_TEXT, "FILE",
      "replay a trace (docs/trace-format.md) of the first SCENE, else of the\n"
      "trace's own scene; the reference's bodies (verify/reference/) are\ndrawn as pale ghosts "
      "when there is one",
      0, 0, 0, "file name", NULL },
    { "--open", AK_ARG_NONE, NULL, "open the URL in a browser (xdg-open)", 0, 0, 0, NULL, NULL },
};

const ak_cmd_spec AK_SPEC_VIEW = {
    "view",
    "[SCENE ...] [--trace FILE] [--port N] [--bind ADDR] [--open]",
    "Serve the viewer on http://127.0.0.1:N/ and print its URL; Ctrl-C stops it. SCENE: scene\n"
    "files it may load, or bundled scenes' names (stack_4d for scenes/stack_4d.json); the first "
    "is\n"
    "opened. The bundled scenes can always be loaded.",
    "SCENE",
    0,
    64,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

int ak_cmd_view(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_VIEW, argc, argv, &c, &prc)) return prc;
    const char *bind = ak_cli_str(&c, "--bind", "127.0.0.1");
    long port = ak_cli_get_long(&c, "--port", 8470);
    int open_browser = ak_cli_has(&c, "--open");
    const char *trace = ak_cli_str(&c, "--trace", NULL);
    if (trace && access(trace, R_OK))
        return ak_cli_bad_usage("view", "%s: cannot read the trace (%s)", trace, strerror(errno));
    const char *scenes[64];
    int nscene = 0;
    const char *initial = NULL,
               *initial_path = NULL; // the first SCENE: its name in the server, its file
    static char paths[64][4096];
    for (int i = 0; i < c.npos; i++) {
        const char *a = c.pos[i];
        if (access(a, R_OK) == 0) { // a file
            scenes[nscene++] = a;
            if (!initial) initial = initial_path = a;
        } else if (!strchr(a, '/') && !strstr(a, ".json") &&
                   ak_cli_scene_path(a, paths[i], sizeof paths[i]) == 0) {
            // a bundled scene's name: the server lists the bundled scenes by name already
            char b[4200];
            snprintf(b, sizeof b, "%s/scenes/%s.json", AK_SOURCE_DIR, a);
            if (access(b, R_OK) == 0) {
                if (!initial) initial = a, initial_path = paths[i];
            } else { // bundled in this checkout, not in the source tree: load it as a file
                scenes[nscene++] = paths[i];
                if (!initial) initial = initial_path = paths[i];
            }
        } else {
            return ak_cli_bad_usage(
                "view",
                "%s: cannot read the scene file (%s), and there is no bundled scene of "
                "that name",
                a, strerror(errno));
        }
    }
    if (strcmp(bind, "127.0.0.1"))
        fprintf(stderr,
                "anakata view: warning: listening on %s, not only on this machine's loopback: "
                "anyone who can reach it can drive the simulation and read the docs\n",
                bind);

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
        .initial = initial ? initial : "stack_4d",
        .trace = trace,
        .trace_scene = trace && initial_path ? initial_path : NULL,
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
