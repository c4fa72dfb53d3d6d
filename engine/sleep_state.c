// The sleep state's life (see sleep_state.h).
#include "engine/sleep_state.h"

#include <stdlib.h>
#include <string.h>

static bool moves(const ak_body *b) {
    return !b->fixed && b->inv_mass > 0.0 && b->shape.type != AK_SHAPE_HYPERPLANE;
}

ak_sleep_state *ak_sleep_create(const ak_model *m) {
    ak_sleep_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    size_t nb = (size_t)(m->nbody > 0 ? m->nbody : 1);
    s->nbody = m->nbody;
    s->asleep = calloc(nb, 1);
    s->still = calloc(nb, sizeof(double));
    s->island = malloc(nb * sizeof(int));
    s->parent = malloc(nb * sizeof(int));
    s->mark = calloc(nb, 1);
    s->only = calloc(nb, 1);
    if (!s->asleep || !s->still || !s->island || !s->parent || !s->mark || !s->only) {
        ak_sleep_free(s);
        return NULL;
    }
    for (int b = 0; b < m->nbody; b++) s->island[b] = moves(&m->bodies[b]) ? b : -1;
    return s;
}

void ak_sleep_free(ak_sleep_state *s) {
    if (!s) return;
    free(s->asleep);
    free(s->still);
    free(s->island);
    free(s->parent);
    free(s->mark);
    free(s->only);
    free(s->saved);
    free(s->tmp);
    free(s);
}

int ak_sleep_grow(ak_contact_memory **p, int *cap, int need) {
    if (need <= *cap) return 0;
    int nc = *cap ? *cap : 64;
    while (nc < need) nc *= 2;
    ak_contact_memory *q = realloc(*p, (size_t)nc * sizeof *q);
    if (!q) return -1;
    *p = q;
    *cap = nc;
    return 0;
}

void ak_sleep_copy(const ak_model *m, ak_data *dst, const ak_data *src) {
    if (!src->sleep) {
        ak_sleep_free(dst->sleep);
        dst->sleep = NULL;
        return;
    }
    if (!dst->sleep) dst->sleep = ak_sleep_create(m);
    ak_sleep_state *t = dst->sleep;
    const ak_sleep_state *s = src->sleep;
    if (!t) return; // out of memory: the copy runs awake (every body's v and w are copied)
    if (ak_sleep_grow(&t->saved, &t->savedcap, s->nsaved)) {
        ak_sleep_free(t);
        dst->sleep = NULL;
        return;
    }
    size_t nb = (size_t)m->nbody;
    memcpy(t->asleep, s->asleep, nb);
    memcpy(t->still, s->still, nb * sizeof(double));
    memcpy(t->island, s->island, nb * sizeof(int));
    if (s->nsaved) memcpy(t->saved, s->saved, (size_t)s->nsaved * sizeof *t->saved);
    t->nsaved = s->nsaved;
    t->boxes_valid = false; // dst's cache has not seen the sleeping bodies' boxes
    t->integrator = s->integrator;
    t->h = s->h;
    t->nasleep = s->nasleep;
    t->islands_slept = s->islands_slept;
    t->islands_woken = s->islands_woken;
}
