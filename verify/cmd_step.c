// anakata step: not implemented yet; the open issue for this area adds it.
#include "cli.h"

int ak_cmd_step(int argc, char **argv) {
    (void)argc;
    (void)argv;
    return ak_cmd_unavailable("step", "this command is planned but not implemented in this version");
}
