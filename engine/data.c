// The data's life: create, copy, free (model.h), with the contact cache and the sleep state
// the data owns. Apart from model.c so that the model's file needs neither.
#include "engine/model.h"

#include <stdlib.h>
#include <string.h>

#include "engine/contact_cache.h"
#include "engine/sleep_state.h"

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
    dst->ran = src->ran;
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
    ak_sleep_copy(m, dst, src); // sleep state (engine/sleep_state.h)
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
