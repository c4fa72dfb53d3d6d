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
    m->paths = (ak_engine_paths){ true, true, true, true, true, true, AK_PAR_MIN };
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
    free(m->verts);
    free(m);
}

ak_pose ak_body_pose(const ak_model *m, const ak_data *d, int b) {
    ak_pose p = ak_pose_identity(m->dim);
    for (int i = 0; i < m->dim; i++) p.pos[i] = d->x[(size_t)b * AK_MAX_DIM + i];
    ak_nd_rotor_to_matrix(m->dim, p.rot, &d->R[(size_t)b * AK_MAX_EVEN]);
    return p;
}
