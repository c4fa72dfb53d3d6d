// Scenes for the dynamics checks, `anakata run` and the reference set (see dyn_scenes.h).
#include "verify/common/dyn_scenes.h"

#include <stdio.h>
#include <string.h>

#include "verify/common/world_checks_util.h"
#include "ref/dyn/dyn.h"
#include "engine/integrate.h"

ak_model *ak_dyn_box_model(int n, const double sides[], double mass) {
    ak_model *m = ak_model_create(n, 1);
    if (!m) return NULL;
    ak_body *b = &m->bodies[0];
    strcpy(b->name, "cuboid");
    b->shape.type = AK_SHAPE_HYPERBOX;
    double vol = 1.0;
    for (int i = 0; i < n; i++) b->shape.half_extents[i] = 0.5 * sides[i], vol *= sides[i];
    b->mass = mass;
    b->inv_mass = 1.0 / mass;
    b->volume = vol;
    b->density = mass / vol;
    ak_dyn_hyperbox_inertia(n, b->inertia, b->inv_inertia, mass, b->shape.half_extents);
    return m;
}

int ak_dyn_scene_load(const char *path, ak_model **mo, ak_data **da, char *err, size_t errlen) {
    *da = NULL;
    *mo = ak_wc_load(path, da, err,
                     errlen); // engine/scene.h (it refuses an unknown integrator) + ref/mass
    return *mo ? 0 : -1;
}
