// Contact cache: feature-id matching of contact points between steps (see contact_cache.h).
#include "engine/contact_cache.h"

#include <stdlib.h>
#include <string.h>

ak_contact_cache *ak_contact_cache_create(const ak_model *m) {
    ak_contact_cache *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    size_t nb = (size_t)(m->nbody > 0 ? m->nbody : 1);
    int k = ak_nd_nbiv(m->dim);
    c->nbody = m->nbody;
    c->keep.aabb = calloc(nb * 2 * AK_MAX_DIM, sizeof(double));
    c->step.order = calloc(nb, sizeof(int));
    c->step.inv_iw = calloc(nb * (size_t)(k * k), sizeof(double));
    c->step.iso = calloc(nb, sizeof(double));
    c->keep.tree = calloc(2 * nb, sizeof(ak_tree_node));
    c->step.count = calloc(nb + 1, sizeof(int));
    c->step.F = calloc(nb * AK_MAX_DIM, sizeof(double));
    c->step.tau = calloc(nb * AK_MAX_BIV, sizeof(double));
    c->keep.rot = calloc(nb * AK_MAX_DIM * AK_MAX_DIM, sizeof(double));
    c->step.level = calloc(nb, sizeof(int));
    c->keep.fat = calloc(nb * 2 * AK_MAX_DIM, sizeof(double));
    c->step.esc = calloc(nb, 1);
    if (!c->keep.fat || !c->step.esc || !c->keep.aabb || !c->step.order || !c->step.inv_iw ||
        !c->step.iso || !c->keep.tree || !c->step.count || !c->step.F || !c->step.tau ||
        !c->keep.rot || !c->step.level) {
        ak_contact_cache_free(c);
        return NULL;
    }
    return c;
}

void ak_contact_cache_free(ak_contact_cache *c) {
    if (!c) return;
    free(c->step.pts);
    free(c->keep.prev);
    free(c->step.claimed);
    free(c->step.pairs);
    free(c->keep.aabb);
    free(c->step.order);
    free(c->step.inv_iw);
    free(c->step.iso);
    free(c->keep.tree);
    free(c->step.count);
    free(c->step.pairtmp);
    free(c->step.F);
    free(c->step.tau);
    free(c->step.rows);
    free(c->step.sbody);
    free(c->step.sched);
    if (c->step.free_cv_sparse) c->step.free_cv_sparse(c->step.cv_sparse);
    for (int t = 0; t < AK_MAX_THREADS; t++) free(c->step.tbuf[t].p);
    free(c->keep.rot);
    free(c->step.level);
    free(c->keep.fat);
    free(c->step.esc);
    free(c->keep.fat_pairs.p);
    for (int q = 0; q < AK_WS_SLOTS; q++) free(c->step.ws.p[q]);
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

void *ak_workspace_get(ak_workspace *w, int slot, size_t bytes) {
    if (bytes == 0) bytes = 1;
    if (w->cap[slot] <
        bytes) { // at least 1.5 times: a slowly growing need does not allocate every step
        size_t nc = w->cap[slot] + w->cap[slot] / 2;
        if (nc < bytes) nc = bytes;
        free(w->p[slot]);
        w->p[slot] = malloc(nc);
        w->cap[slot] = w->p[slot] ? nc : 0;
    }
    return w->p[slot];
}

int ak_contact_cache_reserve(ak_contact_cache *c, int n) {
    return grow((void **)&c->step.pts, &c->step.cap, n, sizeof(ak_contact_point));
}

int ak_contact_cache_copy(ak_contact_cache *dst, const ak_contact_cache *src) {
    if (grow((void **)&dst->keep.prev, &dst->keep.prevcap, src->keep.nprev,
             sizeof(ak_contact_memory)) ||
        grow((void **)&dst->step.pts, &dst->step.cap, src->step.npoint, sizeof(ak_contact_point)))
        return -1;
    if (src->keep.nprev)
        memcpy(dst->keep.prev, src->keep.prev, (size_t)src->keep.nprev * sizeof(ak_contact_memory));
    if (src->step.npoint)
        memcpy(dst->step.pts, src->step.pts, (size_t)src->step.npoint * sizeof(ak_contact_point));
    dst->keep.nprev = src->keep.nprev;
    dst->step.npoint = src->step.npoint;
    dst->stats.nmatched = src->stats.nmatched;
    dst->stats.res = src->stats.res;
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
    int lo = 0, hi = c->keep.nprev; // first element with key >= (a, b, 0)
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (key_cmp(c->keep.prev[mid].a, c->keep.prev[mid].b, c->keep.prev[mid].id, a, b, 0) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->keep.nprev && c->keep.prev[lo].a == a && c->keep.prev[lo].b == b ? lo : -1;
}

static void inherit(ak_contact_cache *c, ak_contact_point *p, const ak_contact_memory *q) {
    p->jn = q->jn;
    memcpy(p->jt, q->jt, sizeof p->jt);
    p->matched = true;
    c->stats.nmatched++;
}

// First index of c->keep.prev whose key is >= (a, b, id) in [lo, c->step.nprev) (binary search).
static int lower_bound(const ak_contact_cache *c, int lo, int a, int b, uint64_t id) {
    int hi = c->keep.nprev;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (key_cmp(c->keep.prev[mid].a, c->keep.prev[mid].b, c->keep.prev[mid].id, a, b, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// Every point inherits from the first previous point with its key (c->keep.prev is sorted). That is
// the lower bound of the key in c->keep.prev: found from the last point's lower bound by a few steps
// forward when the points come in key order (the usual case: the pairs in order, ids in order
// within a pair), else by binary search. The first previous point with an equal key either way.
#define AK_MATCH_WALK 8
void ak_contact_cache_match(ak_contact_cache *c) {
    c->stats.nmatched = 0;
    // claimed[j] for the first previous point j of each key: a point of this step has that key
    // (the fallback below skips those); without the scratch (no memory) it scans the points
    unsigned char *claimed = grow((void **)&c->step.claimed, &c->step.claimcap, c->keep.nprev, 1)
                                 ? NULL
                                 : c->step.claimed;
    if (claimed && c->keep.nprev) memset(claimed, 0, (size_t)c->keep.nprev);
    int hint = 0; // the last point's lower bound
    for (int i = 0; i < c->step.npoint; i++) {
        ak_contact_point *p = &c->step.pts[i];
        p->jn = 0.0;
        memset(p->jt, 0, sizeof p->jt);
        p->matched = false;
        int lb;
        if (hint == 0 || key_cmp(c->keep.prev[hint - 1].a, c->keep.prev[hint - 1].b,
                                 c->keep.prev[hint - 1].id, p->a, p->b, p->id) < 0) {
            // every previous point below hint has a smaller key: step forward, then search
            int t = hint,
                e = hint + AK_MATCH_WALK < c->keep.nprev ? hint + AK_MATCH_WALK : c->keep.nprev;
            while (t < e && key_cmp(c->keep.prev[t].a, c->keep.prev[t].b, c->keep.prev[t].id, p->a,
                                    p->b, p->id) < 0)
                t++;
            lb = t < e ? t : lower_bound(c, t, p->a, p->b, p->id);
        } else
            lb = lower_bound(c, 0, p->a, p->b, p->id);
        if (lb < c->keep.nprev && !key_cmp(c->keep.prev[lb].a, c->keep.prev[lb].b,
                                           c->keep.prev[lb].id, p->a, p->b, p->id)) {
            inherit(c, p, &c->keep.prev[lb]);
            if (claimed) claimed[lb] = 1;
        }
        hint = lb;
    }
    // Fallback for points whose feature id changed (a manifold that picked another reference
    // face, rounding at a tie): the nearest previous point of the same pair within
    // AK_CACHE_MATCH_DIST whose id no point of this step claimed. A point of this step with
    // that id matched it above (every point whose key c->keep.prev has does), so claimed[] of the
    // first previous point of the key says it; a point matched here has a key c->keep.prev lacks.
    for (int i = 0; i < c->step.npoint; i++) {
        ak_contact_point *p = &c->step.pts[i];
        if (p->matched) continue;
        int s0 = pair_start(c, p->a, p->b);
        if (s0 < 0) continue;
        int best = -1, run = s0; // run: the first previous point with prev[j]'s key
        double bd = AK_CACHE_MATCH_DIST * AK_CACHE_MATCH_DIST;
        for (int j = s0;
             j < c->keep.nprev && c->keep.prev[j].a == p->a && c->keep.prev[j].b == p->b; j++) {
            if (j > s0 && c->keep.prev[j].id != c->keep.prev[j - 1].id) run = j;
            bool taken = false;
            if (claimed)
                taken = claimed[run];
            else
                for (int t = 0; t < c->step.npoint && !taken; t++)
                    taken = c->step.pts[t].matched && c->step.pts[t].a == p->a &&
                            c->step.pts[t].b == p->b && c->step.pts[t].id == c->keep.prev[j].id;
            if (taken) continue;
            double d2 = 0.0;
            for (int k = 0; k < AK_MAX_DIM; k++)
                d2 += (c->keep.prev[j].point[k] - p->point[k]) *
                      (c->keep.prev[j].point[k] - p->point[k]);
            if (d2 < bd) bd = d2, best = j;
        }
        if (best >= 0) inherit(c, p, &c->keep.prev[best]);
    }
}

// Sort c->keep.prev by point_cmp, stably, as glibc's qsort (a merge sort at these sizes) did: a
// stable sort's result is unique. The points come as a sorted run (the narrowphase's, in pair
// order) followed by the rest (the CCD stage's): the rest is merge sorted into a buffer of the
// workspace, then merged with the run from the back (equal keys: the earlier point first), instead
// of qsort's buffer of the whole array, allocated and freed at every call. 0, or -1 (allocation).
static int sort_memory(ak_contact_cache *c) {
    int n = c->keep.nprev, k = 1;
    ak_contact_memory *p = c->keep.prev;
    while (k < n && point_cmp(&p[k - 1], &p[k]) <= 0) k++;
    if (k >= n) return 0;
    int m = n - k;
    ak_contact_memory *t = ak_workspace_get(&c->step.ws, AK_WS_STORE, sizeof *t * (size_t)m);
    if (!t) return -1;
    ak_contact_memory *src = p + k, *dst = t;
    for (int width = 1; width < m; width *= 2) {
        for (int lo = 0; lo < m; lo += 2 * width) {
            int mid = lo + width < m ? lo + width : m, hi = lo + 2 * width < m ? lo + 2 * width : m;
            int i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                dst[o++] = point_cmp(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
            while (i < mid) dst[o++] = src[i++];
            while (j < hi) dst[o++] = src[j++];
        }
        ak_contact_memory *x = src;
        src = dst, dst = x;
    }
    if (src != t) memcpy(t, src, sizeof *t * (size_t)m);
    // p[0..k) and t[0..m) into p[0..n), largest first: a run's element goes after every equal
    // element of the other only when it is the later (t's)
    int i = k - 1, j = m - 1, o = n - 1;
    while (j >= 0) p[o--] = i >= 0 && point_cmp(&p[i], &t[j]) > 0 ? p[i--] : t[j--];
    return 0;
}

int ak_contact_cache_store(ak_contact_cache *c) {
    if (grow((void **)&c->keep.prev, &c->keep.prevcap, c->step.npoint, sizeof(ak_contact_memory)))
        return -1;
    for (int i = 0; i < c->step.npoint; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        ak_contact_memory *q = &c->keep.prev[i];
        q->a = p->a, q->b = p->b, q->id = p->id, q->jn = p->jn;
        memcpy(q->point, p->point, sizeof q->point);
        memcpy(q->jt, p->jt, sizeof q->jt);
    }
    c->keep.nprev = c->step.npoint;
    // equal keys only occur when a manifold repeats an id, and then the first one is used on
    // both sides; the points usually come sorted already (pairs in order, one point per pair or
    // ids in order), and the sort (stable) leaves them as they are
    return sort_memory(c);
}
