// anakata compare: not implemented yet; the open issue for this area adds it.
#include "cli.h"

int ak_cmd_compare(int argc, char **argv) {
    (void)argc;
    (void)argv;
    return ak_cmd_unavailable("compare", "this command is planned but not implemented in this version");
}
