// Helpers of the world checks (see world_checks_util.h).
#include "verify/common/world_checks_util.h"

#include <stdio.h>
#include <string.h>

#include "engine/model_mass.h"
#include "engine/scene.h"

void ak_wc_random_bodies(ak_model *m, ak_data *d, int N, unsigned seed, double L) {
    int n = m->dim;
    for (int b = 0; b < N; b++) {
        ak_shape s = b % 3 ? ak_wc_sphere(n, 0.3 + 0.2 * (b % 5) / 4.0) : ak_wc_box(n, 0.3);
        double x[AK_MAX_DIM] = { 0 }, B[AK_MAX_BIV];
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            x[i] = L * ((seed >> 8) % 100000) / 100000.0;
        }
        x[1] += 0.8;
        ak_wc_set_body(m, d, b, &s, 1.0, x);
        for (int q = 0; q < ak_nd_nbiv(n); q++) {
            seed = seed * 1103515245u + 12345u;
            B[q] = 3.0 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
            d->w[(size_t)b * AK_MAX_BIV + q] = B[q];
        }
        ak_nd_rotor_exp(n, d->R + (size_t)b * AK_MAX_EVEN, B);
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            d->v[(size_t)b * AK_MAX_DIM + i] = 4.0 * (((seed >> 8) % 1000) / 1000.0 - 0.5);
        }
    }
}

int ak_wc_fill_mass(ak_model *m, char *err, size_t errlen) {
    return ak_model_compute_mass(m, NULL, err, errlen); // engine/model_mass.h
}

ak_model *ak_wc_load(const char *path, ak_data **d, char *err, size_t errlen) {
    return ak_scene_load(path, d, err, errlen); // the loader fills the mass properties
}

void ak_wc_set_body(ak_model *m, ak_data *d, int b, const ak_shape *s, double mass,
                    const double x[]) {
    ak_body *bd = &m->bodies[b];
    snprintf(bd->name, sizeof bd->name, "body%d", b);
    bd->shape = *s;
    bd->fixed = mass <= 0.0 || s->type == AK_SHAPE_HYPERPLANE;
    bd->mass = bd->fixed ? 0.0 : mass;
    bd->inv_mass = 0.0;
    for (int i = 0; i < m->dim; i++) d->x[(size_t)b * AK_MAX_DIM + i] = x ? x[i] : 0.0;
}

ak_shape ak_wc_sphere(int n, double r) {
    ak_shape s = { .type = AK_SHAPE_HYPERSPHERE, .dim = n, .radius = r };
    return s;
}
ak_shape ak_wc_box(int n, double h) {
    ak_shape s = { .type = AK_SHAPE_HYPERBOX, .dim = n };
    for (int i = 0; i < n; i++) s.half_extents[i] = h;
    return s;
}
ak_shape ak_wc_box3(int n, const double half[]) {
    ak_shape s = { .type = AK_SHAPE_HYPERBOX, .dim = n };
    for (int i = 0; i < n; i++) s.half_extents[i] = half[i];
    return s;
}
ak_shape ak_wc_plane(int n, const double nrm[], double offset) {
    ak_shape s = { .type = AK_SHAPE_HYPERPLANE, .dim = n, .offset = offset };
    for (int i = 0; i < n; i++) s.normal[i] = nrm[i];
    return s;
}

int ak_wc_run(const ak_model *m, ak_data *d, long k, char *err, size_t errlen) {
    ak_world_opts o = ak_world_default_opts(m);
    for (long s = 0; s < k; s++)
        if (ak_world_step(m, d, &o, err, errlen)) return -1;
    return 0;
}

static uint64_t fnv(uint64_t h, const void *p, size_t len) {
    const unsigned char *c = p;
    for (size_t i = 0; i < len; i++) h = (h ^ c[i]) * 1099511628211ULL;
    return h;
}

uint64_t ak_wc_hash(const ak_model *m, const ak_data *d, uint64_t h) {
    if (!h) h = 14695981039346656037ULL;
    size_t nb = (size_t)m->nbody;
    h = fnv(h, d->x, nb * AK_MAX_DIM * sizeof(double));
    h = fnv(h, d->v, nb * AK_MAX_DIM * sizeof(double));
    h = fnv(h, d->R, nb * AK_MAX_EVEN * sizeof(double));
    h = fnv(h, d->w, nb * AK_MAX_BIV * sizeof(double));
    return h;
}
