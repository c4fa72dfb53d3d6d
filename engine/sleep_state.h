/// @file sleep_state.h
/// The sleep state of the data (d->sleep; engine/island.h describes islands and sleeping): its
/// layout, the question "does body b sleep" that the stages ask, and its life (create, free,
/// copy with the data). It sits below the integrator and the island stages, so that the
/// integrator can skip sleeping bodies without including the stages that call it.
#ifndef AK_ENGINE_SLEEP_STATE_H
#define AK_ENGINE_SLEEP_STATE_H

#include <stdbool.h>

#include "engine/contact_cache.h"
#include "engine/model.h"

typedef struct ak_sleep_state {
    int nbody;
    unsigned char *asleep;    ///< nbody: 1 while the body sleeps (read by the stages)
    double *still;            ///< nbody: how long the body has been still (s)  [G-SLEEP.2]
    int *island;              ///< nbody: label of the body's island at the last update, -1 static
    int *parent;              ///< nbody: union-find scratch
    unsigned char *mark;      ///< nbody: scratch (islands to wake, bodies woken)
    unsigned char *only;      ///< nbody: scratch mask (velocity stage of the woken bodies)
    ak_contact_memory *saved; ///< the sleeping islands' contact points, sorted by (a, b, id)
    int nsaved, savedcap;
    ak_contact_memory *tmp; ///< merge scratch
    int tmpcap;
    bool boxes_valid;   ///< the cache's AABBs and rotation matrices of the sleeping bodies
                        ///< are this data's (false after a copy into a new cache)
    int integrator;     ///< this step's integrator (ak_integrator)
    double h;           ///< this step's length
    int nasleep;        ///< bodies asleep now
    long islands_slept; ///< islands put to sleep since the start (counter)
    long islands_woken; ///< islands woken since the start (counter)
} ak_sleep_state;

/// True when body b sleeps (false while sleeping is off).
static inline bool ak_sleep_asleep(const ak_data *d, int b) {
    return d->sleep && d->sleep->asleep[b];
}

/// Create the sleep state for a model (every body awake); NULL on allocation failure.
ak_sleep_state *ak_sleep_create(const ak_model *m);
void ak_sleep_free(ak_sleep_state *s);
/// Copy src's sleep state into dst (same model): dst gets NULL when src has none. The copy's
/// cached boxes are marked for recomputation.
void ak_sleep_copy(const ak_model *m, ak_data *dst, const ak_data *src);

/// Grow *p (capacity *cap) to hold need points; 0, or -1 on allocation failure (*p kept).
int ak_sleep_grow(ak_contact_memory **p, int *cap, int need);

#endif
