// anakata: the command-line front end of the verification suite.
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

#ifndef AK_VERSION
#define AK_VERSION "unknown"
#endif

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *summary;
} COMMANDS[] = {
    {"verify", ak_cmd_verify, "run the verification checks and print the table"},
    {"mass", ak_cmd_mass, "print each body's mass properties"},
    {"run", ak_cmd_run, "simulate a scene and write a trace"},
    {"plot", ak_cmd_plot, "plot a trace (omega, energy, momentum)"},
    {"contacts", ak_cmd_contacts, "list the contacts at a scene's initial state"},
    {"step", ak_cmd_step, "advance a scene one step at a time, with explanations"},
    {"render", ak_cmd_render, "render a 3D slice of a scene to PNG"},
    {"compare", ak_cmd_compare, "compare another engine's trace with a reference"},
    {"reference", ak_cmd_reference, "check or regenerate the reference outputs"},
    {"view", ak_cmd_view, "step a scene in the browser: its 3D slice, dragging, the formulas"},
    {"sweep", ak_cmd_sweep, "run a parameter sweep (threads, MPI, checkpoints) into a CSV"},
};

int ak_cmd_unavailable(const char *name, const char *why) {
    fprintf(stderr, "anakata %s: not available (%s)\n", name, why);
    return AK_EXIT_USAGE;
}

static void usage(FILE *f) {
    fprintf(f, "usage: anakata COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(f, "  %-10s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(f, "\n'anakata COMMAND --help' describes each command.\n");
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return AK_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return AK_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("anakata %s\n", AK_VERSION);
        return AK_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (!strcmp(argv[1], COMMANDS[i].name)) return COMMANDS[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "anakata: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return AK_EXIT_USAGE;
}
