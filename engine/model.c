#include "engine/model.h"

#include <stdlib.h>
#include <string.h>

ak_model *ak_model_create(int dim, int nbody) {
    if (dim < 2 || dim > AK_MAX_DIM || nbody < 0) return NULL;
    ak_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->dim = dim;
    m->timestep = 0.01;
    m->integrator = AK_INT_CATTO;
    m->duration = 10.0;
    m->solver = (ak_solver_settings){ .iterations = 10,
                                      .baumgarte = 0.2,
                                      .slop = 0.005,
                                      .warm_start = true,
                                      .restitution_threshold = 1.0,
                                      .tolerance = 1e-10,
                                      .max_iterations = 100000,
                                      .variant = AK_VARIANT_CORRECTED,
                                      .method = AK_SOLVER_VECTOR,
                                      .order = AK_ORDER_SEQUENTIAL };
    m->sleep = (ak_sleep_settings){ .enabled = false,
                                    .linear = AK_SLEEP_LINEAR,
                                    .angular = AK_SLEEP_ANGULAR,
                                    .time = AK_SLEEP_TIME };
    m->paths = (ak_engine_paths){ .broad_self_query = true,
                                  .broad_incremental = true,
                                  .broad_fast_matrix = true,
                                  .ccd_fast = true,
                                  .narrow_fast = true,
                                  .prepare_fast = true,
                                  .broad_plane_bound = true,
                                  .ccd_plane_bound = true,
                                  .renorm_bound = true,
                                  .parallel_min = AK_PAR_MIN,
                                  .prefetch_min = AK_PREFETCH_MIN };
    m->view.fov_deg = 60.0;
    m->view.rotor[0] = 1.0;
    m->nbody = nbody;
    m->bodies = nbody ? calloc((size_t)nbody, sizeof *m->bodies) : NULL;
    size_t kk = (size_t)ak_nd_nbiv(dim) * (size_t)ak_nd_nbiv(dim);
    m->inertia_store = nbody ? calloc((size_t)nbody * 2 * kk, sizeof *m->inertia_store) : NULL;
    if (nbody && (!m->bodies || !m->inertia_store)) {
        free(m->bodies);
        free(m->inertia_store);
        free(m);
        return NULL;
    }
    for (int b = 0; b < nbody; b++) {
        ak_body *bd = &m->bodies[b];
        bd->inertia = m->inertia_store + (size_t)b * 2 * kk;
        bd->inv_inertia = bd->inertia + kk;
        bd->shape.dim = dim;
        bd->material = (ak_material){ 0.5, 0.5, 0.0 };
        bd->color[0] = 0.8;
        bd->color[1] = 0.8;
        bd->color[2] = 0.8;
    }
    return m;
}

void ak_model_free(ak_model *m) {
    if (!m) return;
    free(m->bodies);
    free(m->inertia_store);
    free(m->verts);
    free(m);
}

void ak_model_set_body(ak_model *m, int b, const ak_body *src) {
    ak_body *bd = &m->bodies[b];
    double *I = bd->inertia, *J = bd->inv_inertia;
    size_t kk = (size_t)ak_nd_nbiv(m->dim) * (size_t)ak_nd_nbiv(m->dim);
    memmove(I, src->inertia, kk * sizeof *I);
    memmove(J, src->inv_inertia, kk * sizeof *J);
    *bd = *src;
    bd->inertia = I;
    bd->inv_inertia = J;
}

ak_pose ak_body_pose(const ak_model *m, const ak_data *d, int b) {
    ak_pose p = ak_pose_identity(m->dim);
    for (int i = 0; i < m->dim; i++) p.pos[i] = d->x[(size_t)b * AK_MAX_DIM + i];
    ak_nd_rotor_to_matrix(m->dim, p.rot, &d->R[(size_t)b * AK_MAX_EVEN]);
    return p;
}
