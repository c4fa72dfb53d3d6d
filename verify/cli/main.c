// anakata: the command-line front end of the verification suite.
#include <stdio.h>
#include <string.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/common/plot.h"

#ifndef AK_VERSION
#define AK_VERSION "unknown"
#endif

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const ak_cmd_spec *spec;
    const char *summary;
} COMMANDS[] = {
    { "verify", ak_cmd_verify, &AK_SPEC_VERIFY, "run the verification checks and print the table" },
    { "mass", ak_cmd_mass, &AK_SPEC_MASS, "print each body's mass properties" },
    { "run", ak_cmd_run, &AK_SPEC_RUN, "simulate a scene and write a trace" },
    { "plot", ak_cmd_plot, &AK_SPEC_PLOT, "plot a trace (omega, energy, momentum)" },
    { "contacts", ak_cmd_contacts, &AK_SPEC_CONTACTS,
      "list the contacts at a scene's initial state" },
    { "step", ak_cmd_step, &AK_SPEC_STEP, "advance a scene one step at a time, with explanations" },
    { "render", ak_cmd_render, &AK_SPEC_RENDER, "render a 3D slice of a scene to PNG" },
    { "compare", ak_cmd_compare, &AK_SPEC_COMPARE,
      "compare another engine's trace with a reference" },
    { "reference", ak_cmd_reference, &AK_SPEC_REFERENCE,
      "check or regenerate the reference outputs" },
    { "view", ak_cmd_view, &AK_SPEC_VIEW,
      "step a scene in the browser: its 3D slice, dragging, the formulas" },
    { "sweep", ak_cmd_sweep, &AK_SPEC_SWEEP,
      "run a parameter sweep (threads, MPI, checkpoints) into a CSV" },
    { "fclib", ak_cmd_fclib, &AK_SPEC_FCLIB,
      "solve or check contact problems in FCLIB form (HDF5)" },
};

static int find_command(const char *name) {
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (!strcmp(name, COMMANDS[i].name)) return (int)i;
    return -1;
}

int ak_cmd_unavailable(const char *name, const char *why) {
    fprintf(stderr, "anakata %s: not available (%s)\n", name, why);
    return AK_EXIT_USAGE;
}

static void usage(FILE *f) {
    fprintf(f, "usage: anakata COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(f, "  %-10s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(
        f,
        "\n'anakata COMMAND --help' describes each command. For scripts and tests:\n"
        "  anakata --list-options COMMAND       the command's options: name, kind, a valid value\n"
        "  anakata --parse-only COMMAND ARGS    parse ARGS as COMMAND would, print what it read, "
        "stop\n");
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
    if (!strcmp(argv[1], "--list-options") || !strcmp(argv[1], "--parse-only")) {
        int k = argc > 2 ? find_command(argv[2]) : -1;
        if (k < 0) {
            fprintf(stderr, "anakata %s: expected a command name, got '%s'\n", argv[1],
                    argc > 2 ? argv[2] : "");
            return AK_EXIT_USAGE;
        }
        if (argv[1][2] == 'l') {
            ak_cli_list_options(COMMANDS[k].spec, stdout);
            return AK_EXIT_OK;
        }
        ak_cli c;
        int rc;
        if (!ak_cli_parse(COMMANDS[k].spec, argc - 2, argv + 2, &c, &rc)) return rc;
        ak_cli_print_parsed(&c, stdout);
        return AK_EXIT_OK;
    }
    int k = find_command(argv[1]);
    if (k >= 0) {
        int rc = COMMANDS[k].fn(argc - 1, argv + 1);
        ak_plot_fonts_release(); // fontconfig's caches, so that a leak checker sees none
        return rc;
    }
    fprintf(stderr, "anakata: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return AK_EXIT_USAGE;
}
