#include "model.h"

#include "contact_cache.h"
#include "island.h"

#include <stdlib.h>
#include <string.h>

ak_model *ak_model_create(int dim, int nbody) {
    if (dim < 2 || dim > AK_MAX_DIM || nbody < 0) return NULL;
    ak_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->dim = dim;
    m->timestep = 0.01;
    strcpy(m->integrator, "catto");
    m->duration = 10.0;
    m->solver = (ak_solver_settings){.iterations = 10, .baumgarte = 0.2, .slop = 0.005,
                                     .warm_start = true, .restitution_threshold = 1.0,
                                     .tolerance = 1e-10, .max_iterations = 100000};
    strcpy(m->solver.variant, "corrected");
    strcpy(m->solver.order, "sequential");
    strcpy(m->solver.method, "vector");
    m->sleep = (ak_sleep_settings){.enabled = false, .linear = AK_SLEEP_LINEAR,
                                   .angular = AK_SLEEP_ANGULAR, .time = AK_SLEEP_TIME};
    m->paths = (ak_engine_paths){true, true, true, true, true, true, AK_PAR_MIN};
    m->view.fov_deg = 60.0;
    m->view.rotor[0] = 1.0;
    m->nbody = nbody;
    m->bodies = nbody ? calloc((size_t)nbody, sizeof *m->bodies) : NULL;
    if (nbody && !m->bodies) {
        free(m);
        return NULL;
    }
    for (int b = 0; b < nbody; b++) {
        ak_body *bd = &m->bodies[b];
        bd->shape.dim = dim;
        bd->material = (ak_material){0.5, 0.5, 0.0};
        bd->color[0] = 0.8;
        bd->color[1] = 0.8;
        bd->color[2] = 0.8;
    }
    return m;
}

void ak_model_free(ak_model *m) {
    if (!m) return;
    free(m->bodies);
    free(m->verts);
    free(m);
}

ak_data *ak_data_create(const ak_model *m) {
    ak_data *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    size_t nb = (size_t)(m->nbody > 0 ? m->nbody : 1);
    d->x = calloc(nb * AK_MAX_DIM, sizeof(double));
    d->v = calloc(nb * AK_MAX_DIM, sizeof(double));
    d->R = calloc(nb * AK_MAX_EVEN, sizeof(double));
    d->w = calloc(nb * AK_MAX_BIV, sizeof(double));
    if (!d->x || !d->v || !d->R || !d->w) {
        ak_data_free(d);
        return NULL;
    }
    for (int b = 0; b < m->nbody; b++) d->R[(size_t)b * AK_MAX_EVEN] = 1.0;
    return d;
}

void ak_data_copy(const ak_model *m, ak_data *dst, const ak_data *src) {
    size_t nb = (size_t)m->nbody;
    dst->t = src->t;
    dst->step = src->step;
    memcpy(dst->x, src->x, nb * AK_MAX_DIM * sizeof(double));
    memcpy(dst->v, src->v, nb * AK_MAX_DIM * sizeof(double));
    memcpy(dst->R, src->R, nb * AK_MAX_EVEN * sizeof(double));
    memcpy(dst->w, src->w, nb * AK_MAX_BIV * sizeof(double));
    // contact cache (world area): the warm-start impulses are part of the state
    if (src->contacts) {
        if (!dst->contacts) dst->contacts = ak_contact_cache_create(m);
        if (dst->contacts) ak_contact_cache_copy(dst->contacts, src->contacts);
    } else if (dst->contacts) {
        dst->contacts->step.npoint = dst->contacts->keep.nprev = 0;
    }
    ak_sleep_copy(m, dst, src); // sleep state (engine/island.h)
}

void ak_data_free(ak_data *d) {
    if (!d) return;
    free(d->x);
    free(d->v);
    free(d->R);
    free(d->w);
    ak_contact_cache_free(d->contacts); // world area
    ak_sleep_free(d->sleep);
    free(d);
}

ak_pose ak_body_pose(const ak_model *m, const ak_data *d, int b) {
    ak_pose p = ak_pose_identity(m->dim);
    for (int i = 0; i < m->dim; i++) p.pos[i] = d->x[(size_t)b * AK_MAX_DIM + i];
    ak_nd_rotor_to_matrix(m->dim, p.rot, &d->R[(size_t)b * AK_MAX_EVEN]);
    return p;
}
