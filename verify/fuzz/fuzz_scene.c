// libFuzzer target for the scene loader: any bytes must give either a model or a message, never
// a crash, a leak or undefined behaviour (built with -Dfuzz=true, clang, ASan and UBSan; see
// verify/fuzz/meson.build and .ci/run).
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "scene.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char err[AK_ERR_MAX];
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse((const char *)bytes, size, "fuzz.json", &d, err, sizeof err);
    if (m) {
        // A loaded model is consistent: data for every body, convex shapes inside the store.
        if (!d || m->dim < 2 || m->dim > AK_MAX_DIM) __builtin_trap();
        int at = 0;
        for (int b = 0; b < m->nbody; b++) {
            const ak_shape *s = &m->bodies[b].shape;
            if (s->type != AK_SHAPE_CONVEX) continue;
            if (s->verts != m->verts + (size_t)at * (size_t)m->dim) __builtin_trap();
            at += s->nverts;
        }
        if (at != m->nverts_total) __builtin_trap();
        ak_data_free(d);
        ak_model_free(m);
    } else {
        // A failure always says why, and the message names the file.
        if (d || strncmp(err, "fuzz.json", 9) != 0) __builtin_trap();
    }
    return 0;
}
