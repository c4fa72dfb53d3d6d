#include "render/render.h"

const char *ak_render_version(void) { return "anakata-render 0"; }
