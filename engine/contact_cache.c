// Contact cache: feature-id matching of contact points between steps (see contact_cache.h).
#include "contact_cache.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

int ak_parallel_threads(const ak_model *m, int work) {
#ifdef _OPENMP
    int par_min = m->paths.parallel_min < 1 ? AK_PAR_MIN : m->paths.parallel_min;
    if (work < par_min) return 1;
    int t = omp_get_max_threads();
    return t < 1 ? 1 : t > AK_MAX_THREADS ? AK_MAX_THREADS : t;
#else
    (void)m, (void)work;
    return 1;
#endif
}

ak_contact_cache *ak_contact_cache_create(const ak_model *m) {
    ak_contact_cache *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    size_t nb = (size_t)(m->nbody > 0 ? m->nbody : 1);
    int k = ak_nd_nbiv(m->dim);
    c->nbody = m->nbody;
    c->aabb = calloc(nb * 2 * AK_MAX_DIM, sizeof(double));
    c->order = calloc(nb, sizeof(int));
    c->inv_iw = calloc(nb * (size_t)(k * k), sizeof(double));
    c->iso = calloc(nb, sizeof(double));
    c->tree = calloc(2 * nb, sizeof(ak_tree_node));
    c->count = calloc(nb + 1, sizeof(int));
    c->F = calloc(nb * AK_MAX_DIM, sizeof(double));
    c->tau = calloc(nb * AK_MAX_BIV, sizeof(double));
    c->rot = calloc(nb * AK_MAX_DIM * AK_MAX_DIM, sizeof(double));
    c->level = calloc(nb, sizeof(int));
    c->fat = calloc(nb * 2 * AK_MAX_DIM, sizeof(double));
    c->esc = calloc(nb, 1);
    if (!c->fat || !c->esc || !c->aabb || !c->order || !c->inv_iw || !c->iso || !c->tree || !c->count || !c->F || !c->tau || !c->rot || !c->level) {
        ak_contact_cache_free(c);
        return NULL;
    }
    return c;
}

void ak_contact_cache_free(ak_contact_cache *c) {
    if (!c) return;
    free(c->pts);
    free(c->prev);
    free(c->claimed);
    free(c->pairs);
    free(c->aabb);
    free(c->order);
    free(c->inv_iw);
    free(c->iso);
    free(c->tree);
    free(c->count);
    free(c->pairtmp);
    free(c->F);
    free(c->tau);
    free(c->rows);
    free(c->sbody);
    for (int t = 0; t < AK_MAX_THREADS; t++) free(c->tbuf[t].p);
    free(c->rot);
    free(c->level);
    free(c->fat);
    free(c->esc);
    free(c->fat_pairs.p);
    free(c);
}

static int grow(void **p, int *cap, int need, size_t size) {
    if (need <= *cap) return 0;
    int nc = *cap ? *cap : 64;
    while (nc < need) nc *= 2;
    void *q = realloc(*p, (size_t)nc * size);
    if (!q) return -1;
    *p = q;
    *cap = nc;
    return 0;
}

int ak_contact_cache_reserve(ak_contact_cache *c, int n) {
    return grow((void **)&c->pts, &c->cap, n, sizeof(ak_contact_point));
}

int ak_contact_cache_copy(ak_contact_cache *dst, const ak_contact_cache *src) {
    if (grow((void **)&dst->prev, &dst->prevcap, src->nprev, sizeof(ak_contact_memory)) ||
        grow((void **)&dst->pts, &dst->cap, src->npoint, sizeof(ak_contact_point)))
        return -1;
    if (src->nprev) memcpy(dst->prev, src->prev, (size_t)src->nprev * sizeof(ak_contact_memory));
    if (src->npoint) memcpy(dst->pts, src->pts, (size_t)src->npoint * sizeof(ak_contact_point));
    dst->nprev = src->nprev;
    dst->npoint = src->npoint;
    dst->nmatched = src->nmatched;
    dst->res = src->res;
    return 0;
}

static int key_cmp(int a1, int b1, uint64_t i1, int a2, int b2, uint64_t i2) {
    if (a1 != a2) return a1 < a2 ? -1 : 1;
    if (b1 != b2) return b1 < b2 ? -1 : 1;
    if (i1 != i2) return i1 < i2 ? -1 : 1;
    return 0;
}

static int point_cmp(const void *x, const void *y) {
    const ak_contact_memory *p = x, *q = y;
    return key_cmp(p->a, p->b, p->id, q->a, q->b, q->id);
}

// First index of the previous points of pair (a, b), or -1.
static int pair_start(const ak_contact_cache *c, int a, int b) {
    int lo = 0, hi = c->nprev; // first element with key >= (a, b, 0)
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (key_cmp(c->prev[mid].a, c->prev[mid].b, c->prev[mid].id, a, b, 0) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo < c->nprev && c->prev[lo].a == a && c->prev[lo].b == b ? lo : -1;
}

static void inherit(ak_contact_cache *c, ak_contact_point *p, const ak_contact_memory *q) {
    p->jn = q->jn;
    memcpy(p->jt, q->jt, sizeof p->jt);
    p->matched = true;
    c->nmatched++;
}

// First index of c->prev whose key is >= (a, b, id) in [lo, c->nprev) (binary search).
static int lower_bound(const ak_contact_cache *c, int lo, int a, int b, uint64_t id) {
    int hi = c->nprev;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (key_cmp(c->prev[mid].a, c->prev[mid].b, c->prev[mid].id, a, b, id) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

// Every point inherits from the first previous point with its key (c->prev is sorted). That is
// the lower bound of the key in c->prev: found from the last point's lower bound by a few steps
// forward when the points come in key order (the usual case: the pairs in order, ids in order
// within a pair), else by binary search. The first previous point with an equal key either way.
#define AK_MATCH_WALK 8
void ak_contact_cache_match(ak_contact_cache *c) {
    c->nmatched = 0;
    // claimed[j] for the first previous point j of each key: a point of this step has that key
    // (the fallback below skips those); without the scratch (no memory) it scans the points
    unsigned char *claimed = grow((void **)&c->claimed, &c->claimcap, c->nprev, 1) ? NULL : c->claimed;
    if (claimed && c->nprev) memset(claimed, 0, (size_t)c->nprev);
    int hint = 0; // the last point's lower bound
    for (int i = 0; i < c->npoint; i++) {
        ak_contact_point *p = &c->pts[i];
        p->jn = 0.0;
        memset(p->jt, 0, sizeof p->jt);
        p->matched = false;
        int lb;
        if (hint == 0 || key_cmp(c->prev[hint - 1].a, c->prev[hint - 1].b, c->prev[hint - 1].id, p->a, p->b, p->id) < 0) {
            // every previous point below hint has a smaller key: step forward, then search
            int t = hint, e = hint + AK_MATCH_WALK < c->nprev ? hint + AK_MATCH_WALK : c->nprev;
            while (t < e && key_cmp(c->prev[t].a, c->prev[t].b, c->prev[t].id, p->a, p->b, p->id) < 0) t++;
            lb = t < e ? t : lower_bound(c, t, p->a, p->b, p->id);
        } else
            lb = lower_bound(c, 0, p->a, p->b, p->id);
        if (lb < c->nprev && !key_cmp(c->prev[lb].a, c->prev[lb].b, c->prev[lb].id, p->a, p->b, p->id)) {
            inherit(c, p, &c->prev[lb]);
            if (claimed) claimed[lb] = 1;
        }
        hint = lb;
    }
    // Fallback for points whose feature id changed (a manifold that picked another reference
    // face, rounding at a tie): the nearest previous point of the same pair within
    // AK_CACHE_MATCH_DIST whose id no point of this step claimed. A point of this step with
    // that id matched it above (every point whose key c->prev has does), so claimed[] of the
    // first previous point of the key says it; a point matched here has a key c->prev lacks.
    for (int i = 0; i < c->npoint; i++) {
        ak_contact_point *p = &c->pts[i];
        if (p->matched) continue;
        int s0 = pair_start(c, p->a, p->b);
        if (s0 < 0) continue;
        int best = -1, run = s0; // run: the first previous point with prev[j]'s key
        double bd = AK_CACHE_MATCH_DIST * AK_CACHE_MATCH_DIST;
        for (int j = s0; j < c->nprev && c->prev[j].a == p->a && c->prev[j].b == p->b; j++) {
            if (j > s0 && c->prev[j].id != c->prev[j - 1].id) run = j;
            bool taken = false;
            if (claimed) taken = claimed[run];
            else
                for (int t = 0; t < c->npoint && !taken; t++)
                    taken = c->pts[t].matched && c->pts[t].a == p->a && c->pts[t].b == p->b &&
                            c->pts[t].id == c->prev[j].id;
            if (taken) continue;
            double d2 = 0.0;
            for (int k = 0; k < AK_MAX_DIM; k++)
                d2 += (c->prev[j].point[k] - p->point[k]) * (c->prev[j].point[k] - p->point[k]);
            if (d2 < bd) bd = d2, best = j;
        }
        if (best >= 0) inherit(c, p, &c->prev[best]);
    }
}

int ak_contact_cache_store(ak_contact_cache *c) {
    if (grow((void **)&c->prev, &c->prevcap, c->npoint, sizeof(ak_contact_memory))) return -1;
    for (int i = 0; i < c->npoint; i++) {
        const ak_contact_point *p = &c->pts[i];
        ak_contact_memory *q = &c->prev[i];
        q->a = p->a, q->b = p->b, q->id = p->id, q->jn = p->jn;
        memcpy(q->point, p->point, sizeof q->point);
        memcpy(q->jt, p->jt, sizeof q->jt);
    }
    c->nprev = c->npoint;
    // stable order for equal keys: qsort is not stable, but equal keys only occur when a
    // manifold repeats an id, and then the first one is used on both sides.
    // the points usually come sorted already (pairs in order, one point per pair or ids in
    // order); glibc's qsort is a stable merge sort here, so it would leave them as they are
    bool sorted = true;
    for (int i = 1; i < c->nprev && sorted; i++) sorted = point_cmp(&c->prev[i - 1], &c->prev[i]) <= 0;
    if (!sorted) qsort(c->prev, (size_t)c->nprev, sizeof(ak_contact_memory), point_cmp);
    return 0;
}
