/// @file dyn_scenes.h
/// Scenes for the dynamics checks and `anakata run`: a programmatic cuboid, and scene loading
/// (engine/scene.h ak_scene_load, which refuses an integrator the engine does not have; mass
/// properties from ref/mass).
#ifndef AK_VERIFY_DYN_SCENES_H
#define AK_VERIFY_DYN_SCENES_H

#include <stddef.h>

#include "engine/model.h"

/// One free hyperbox body "cuboid" with full side lengths sides[n] and the given mass, at rest
/// at the origin (inertia from ak_dyn_hyperbox_inertia).
ak_model *ak_dyn_box_model(int n, const double sides[], double mass);

/// Load a scene file with its mass properties: returns 0, or -1 with err filled. *m and *d are
/// allocated (free with ak_model_free / ak_data_free).
int ak_dyn_scene_load(const char *path, ak_model **m, ak_data **d, char *err, size_t errlen);

#endif
