// libFuzzer target for the scene loader: any bytes must give either a model or a message, never
// a crash, a leak or undefined behaviour (built with -Dfuzz=true, clang, ASan and UBSan; see
// verify/fuzz/meson.build and .ci/run).
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine/scene.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

/// Rotors are accepted within 1e-6 and then normalised, normals normalised: to rounding.
#define UNIT_TOL 1e-12

static double norm(int n, const double v[]) {
    double big = 0.0, s = 0.0;
    for (int i = 0; i < n; i++) big = fabs(v[i]) > big ? fabs(v[i]) : big;
    if (big == 0.0) return 0.0;
    for (int i = 0; i < n; i++) s += (v[i] / big) * (v[i] / big);
    return big * sqrt(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char err[AK_ERR_MAX];
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse((const char *)bytes, size, "fuzz.json", &d, err, sizeof err);
    if (m) {
        // A loaded model is consistent: data for every body, convex shapes inside the store.
        if (!d || m->dim < 2 || m->dim > AK_MAX_DIM) __builtin_trap();
        // Every rotor the loader accepted is a unit rotor, every hyperplane normal and light
        // direction unit length, every number finite.
        for (int b = 0; b < m->nbody; b++) {
            const double *R = &d->R[(size_t)b * AK_MAX_EVEN];
            if (!(fabs(ak_nd_rotor_norm2(m->dim, R) - 1.0) < UNIT_TOL)) __builtin_trap();
            const ak_shape *s = &m->bodies[b].shape;
            if (s->type == AK_SHAPE_HYPERPLANE && !(fabs(norm(m->dim, s->normal) - 1.0) < UNIT_TOL))
                __builtin_trap();
            for (int i = 0; i < m->dim; i++)
                if (!isfinite(d->x[(size_t)b * AK_MAX_DIM + i]) ||
                    !isfinite(d->v[(size_t)b * AK_MAX_DIM + i]) || !isfinite(s->offset))
                    __builtin_trap();
        }
        for (int l = 0; l < m->view.nlight; l++)
            if (!(fabs(norm(m->dim, m->view.light_dir[l]) - 1.0) < UNIT_TOL)) __builtin_trap();
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
