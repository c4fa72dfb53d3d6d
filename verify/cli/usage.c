// The one way a subcommand reports bad usage (cli.h): the command, what is wrong, where the usage
// is, exit status 2. Apart from main.c, which calls the subcommands that call it.
#include <stdarg.h>
#include <stdio.h>

#include "verify/cli/cli.h"

int ak_cli_bad_usage(const char *name, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "anakata %s: ", name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(anakata %s --help shows the usage)\n", name);
    return AK_EXIT_USAGE;
}
