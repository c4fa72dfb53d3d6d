// Contact islands and sleeping (see island.h; docs/formulas/world.md#islands-and-sleeping).
#include "engine/island.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/broadphase.h"
#include "engine/integrate.h"
#include "engine/validate.h"

static bool moves(const ak_body *b) {
    return !b->fixed && b->inv_mass > 0.0 && b->shape.type != AK_SHAPE_HYPERPLANE;
}

static void clear_marks(ak_sleep_state *s) {
    for (int b = 0; b < s->nbody; b++) s->mark[b] = 0;
}

static int key_cmp(const ak_contact_memory *p, const ak_contact_memory *q) {
    if (p->a != q->a) return p->a < q->a ? -1 : 1;
    if (p->b != q->b) return p->b < q->b ? -1 : 1;
    if (p->id != q->id) return p->id < q->id ? -1 : 1;
    return 0;
}

// Merge the sorted lists A (na) and B (nb) into out (stable: A first among equal keys).
static void merge(ak_contact_memory *out, const ak_contact_memory *A, int na,
                  const ak_contact_memory *B, int nb) {
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb) out[k++] = key_cmp(&B[j], &A[i]) < 0 ? B[j++] : A[i++];
    while (i < na) out[k++] = A[i++];
    while (j < nb) out[k++] = B[j++];
}

// The island label of body b for point ownership: the moving body of the point.
static int point_body(const ak_model *m, const ak_contact_memory *p) {
    return moves(&m->bodies[p->a]) ? p->a : p->b;
}

// Wake every sleeping body whose mark[island] is set (mark indexed by island label); their
// saved points go back to c->keep.prev (sorted merge). The woken bodies get only[b] = 1.
// Returns the number of bodies woken, or -1 (allocation).
static int wake_marked(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    ak_sleep_state *s = d->sleep;
    int woken = 0;
    for (int b = 0; b < m->nbody; b++) {
        s->only[b] = 0;
        if (s->asleep[b] && s->mark[s->island[b]]) {
            s->asleep[b] = 0;
            s->still[b] = 0.0; // a woken island stays awake at least `time`  [G-SLEEP.4]
            s->only[b] = 1;
            woken++;
        }
    }
    for (int b = 0; b < m->nbody; b++)
        if (s->mark[b] && s->island[b] == b) s->islands_woken++;
    clear_marks(s);
    s->nasleep -= woken;
    if (!woken) return 0;
    // the woken islands' points back into the cache (their impulses warm-start the next solve)
    int nback = 0, keep = 0;
    for (int i = 0; i < s->nsaved; i++)
        if (s->only[point_body(m, &s->saved[i])]) nback++;
    if (nback && c) {
        if (ak_sleep_grow(&s->tmp, &s->tmpcap, nback)) return -1;
        int k = 0;
        for (int i = 0; i < s->nsaved; i++) {
            if (s->only[point_body(m, &s->saved[i])])
                s->tmp[k++] = s->saved[i];
            else
                s->saved[keep++] = s->saved[i];
        }
        s->nsaved = keep;
        int total = c->keep.nprev + nback;
        ak_contact_memory *out = malloc((size_t)total * sizeof *out);
        if (!out) return -1;
        merge(out, c->keep.prev, c->keep.nprev, s->tmp, nback);
        if (total > c->keep.prevcap) {
            ak_contact_memory *q = realloc(c->keep.prev, (size_t)total * sizeof *q);
            if (!q) {
                free(out);
                return -1;
            }
            c->keep.prev = q;
            c->keep.prevcap = total;
        }
        memcpy(c->keep.prev, out, (size_t)total * sizeof *out);
        c->keep.nprev = total;
        free(out);
    } else if (nback) { // no cache yet: the points are dropped (the solve starts cold)
        for (int i = 0; i < s->nsaved; i++)
            if (!s->only[point_body(m, &s->saved[i])]) s->saved[keep++] = s->saved[i];
        s->nsaved = keep;
    }
    return woken;
}

int ak_sleep_wake_body(const ak_model *m, ak_data *d, int b) {
    if (!d->sleep || b < 0 || b >= m->nbody || !d->sleep->asleep[b]) return 0;
    d->sleep->mark[d->sleep->island[b]] = 1;
    int w = wake_marked(m, d, d->contacts);
    return w < 0 ? 0 : w;
}

int ak_sleep_count(const ak_model *m, const ak_data *d) {
    (void)m;
    return d->sleep ? d->sleep->nasleep : 0;
}

int ak_sleep_begin(const ak_model *m, ak_data *d, int integrator, double h, char *err,
                   size_t errlen) {
    if (!d->sleep) d->sleep = ak_sleep_create(m);
    if (!d->sleep) {
        snprintf(err, errlen, "sleep: out of memory");
        return -1;
    }
    ak_sleep_state *s = d->sleep;
    s->integrator = integrator;
    s->h = h;
    if (!s->nasleep) return 0;
    // G-SLEEP.4 c: a velocity given to a sleeping body (through the data) wakes its island
    int n = m->dim, k = ak_nd_nbiv(n), any = 0;
    for (int b = 0; b < m->nbody; b++) {
        if (!s->asleep[b]) continue;
        bool moving = false;
        for (int i = 0; i < n; i++) moving = moving || d->v[(size_t)b * AK_MAX_DIM + i] != 0.0;
        for (int q = 0; q < k; q++) moving = moving || d->w[(size_t)b * AK_MAX_BIV + q] != 0.0;
        if (moving) s->mark[s->island[b]] = 1, any = 1;
    }
    if (any && wake_marked(m, d, d->contacts) < 0) {
        snprintf(err, errlen, "sleep: out of memory");
        return -1;
    }
    return 0;
}

int ak_sleep_broadphase(const ak_model *m, ak_data *d, ak_contact_cache *c, double margin) {
    if (!d->sleep) return ak_broadphase(m, d, c, margin);
    ak_sleep_state *s = d->sleep;
    int rc = ak_broadphase_masked(m, d, c, margin, s->asleep, !s->boxes_valid);
    if (rc == 0) s->boxes_valid = true;
    return rc;
}

int ak_sleep_wake_touched(const ak_model *m, ak_data *d, ak_contact_cache *c, char *err,
                          size_t errlen) {
    ak_sleep_state *s = d->sleep;
    if (!s || !s->nasleep) return 0;
    int islands = 0;
    // G-SLEEP.4 a, b: a contact point of the narrowphase (separation within the speculative
    // margin) or of the CCD stage between a sleeping body and an awake one (the broadphase pairs a
    // sleeping body only with awake moving ones, and CCD points have a fast, hence awake, body).
    // A pair without points does not wake: two still islands whose boxes overlap but that do not
    // touch would otherwise wake each other in turn for ever.
    for (int i = 0; i < c->step.npoint; i++) {
        int ab[2] = { c->step.pts[i].a, c->step.pts[i].b };
        for (int q = 0; q < 2; q++) {
            int b = ab[q];
            if (s->asleep[b] && !s->mark[s->island[b]]) s->mark[s->island[b]] = 1, islands++;
        }
    }
    if (!islands) return 0;
    if (wake_marked(m, d, c) < 0) {
        snprintf(err, errlen, "sleep: out of memory");
        return -1;
    }
    // the woken bodies' velocity stage of this step (the forces of the step are in c->step.F, c->step.tau:
    // the force stage computes them for every body); the other bodies are masked out
    unsigned char *asleep = s->asleep;
    for (int b = 0; b < m->nbody; b++) s->only[b] = !s->only[b];
    s->asleep = s->only;
    int rc = ak_integrate_velocities(m, d, (ak_integrator)s->integrator, s->h, c->step.F,
                                     c->step.tau, err, errlen);
    s->asleep = asleep;
    return rc < 0 ? -1 : islands;
}

// Union-find with the smaller index as the root (deterministic labels).
static int find(int *parent, int b) {
    while (parent[b] != b) {
        parent[b] = parent[parent[b]];
        b = parent[b];
    }
    return b;
}

static void unite(int *parent, int a, int b) {
    a = find(parent, a);
    b = find(parent, b);
    if (a == b) return;
    if (a < b)
        parent[b] = a;
    else
        parent[a] = b;
}

int ak_sleep_update(const ak_model *m, ak_data *d, double h, char *err, size_t errlen) {
    ak_sleep_state *s = d->sleep;
    if (!s) return 0;
    int n = m->dim, k = ak_nd_nbiv(n), nb = m->nbody;
    const ak_sleep_settings *st = &m->sleep;
    const ak_contact_cache *c = d->contacts;
    // G-SLEEP.2: still times of the awake moving bodies
    for (int b = 0; b < nb; b++) {
        s->parent[b] = b;
        if (!moves(&m->bodies[b]) || s->asleep[b]) continue;
        double v2 = 0.0, w2 = 0.0;
        for (int i = 0; i < n; i++)
            v2 += d->v[(size_t)b * AK_MAX_DIM + i] * d->v[(size_t)b * AK_MAX_DIM + i];
        for (int q = 0; q < k; q++)
            w2 += d->w[(size_t)b * AK_MAX_BIV + q] * d->w[(size_t)b * AK_MAX_BIV + q];
        bool still = sqrt(v2) <= st->linear && sqrt(w2) <= st->angular;
        s->still[b] = still ? s->still[b] + h : 0.0;
    }
    // G-SLEEP.1: islands of the awake moving bodies over this step's contact points (c->keep.prev
    // holds them after the store stage) and the springs between two bodies
    if (c)
        for (int i = 0; i < c->keep.nprev; i++) {
            int a = c->keep.prev[i].a, b = c->keep.prev[i].b;
            if (moves(&m->bodies[a]) && moves(&m->bodies[b])) unite(s->parent, a, b);
        }
    for (int i = 0; i < m->forces.nspring; i++) {
        const ak_spring *sp = &m->forces.springs[i];
        if (sp->other >= 0 && moves(&m->bodies[sp->body]) && moves(&m->bodies[sp->other]))
            unite(s->parent, sp->body, sp->other);
    }
    // G-SLEEP.3: an island sleeps when its least still body has been still for `time`; the
    // island's smallest still time is gathered at its root (mark: the root has a moving body
    // that is not still long enough)
    for (int b = 0; b < nb; b++) {
        if (!moves(&m->bodies[b]) || s->asleep[b]) continue;
        int r = find(s->parent, b);
        s->island[b] = r;
        if (!(s->still[b] >= st->time)) s->mark[r] = 1;
    }
    AK_VALIDATE_ISLANDS(m, d);
    int newly = 0;
    for (int b = 0; b < nb; b++) {
        if (!moves(&m->bodies[b]) || s->asleep[b]) continue;
        int r = s->island[b];
        if (s->mark[r]) continue;
        newly++;
        if (r == b) s->islands_slept++;
    }
    if (newly) {
        // put the sleeping islands' points aside (sorted, as c->keep.prev is) and freeze the bodies
        int nput = 0;
        if (c)
            for (int i = 0; i < c->keep.nprev; i++) {
                int b = point_body(m, &c->keep.prev[i]);
                if (!s->asleep[b] && s->island[b] >= 0 && !s->mark[s->island[b]]) nput++;
            }
        if (nput) {
            if (ak_sleep_grow(&s->tmp, &s->tmpcap, nput) ||
                ak_sleep_grow(&s->saved, &s->savedcap, s->nsaved + nput)) {
                clear_marks(s);
                snprintf(err, errlen, "sleep: out of memory");
                return -1;
            }
            int t = 0;
            for (int i = 0; i < c->keep.nprev; i++) {
                int b = point_body(m, &c->keep.prev[i]);
                if (!s->asleep[b] && s->island[b] >= 0 && !s->mark[s->island[b]])
                    s->tmp[t++] = c->keep.prev[i];
            }
            ak_contact_memory *out = malloc((size_t)(s->nsaved + nput) * sizeof *out);
            if (!out) {
                clear_marks(s);
                snprintf(err, errlen, "sleep: out of memory");
                return -1;
            }
            merge(out, s->saved, s->nsaved, s->tmp, nput);
            memcpy(s->saved, out, (size_t)(s->nsaved + nput) * sizeof *out);
            s->nsaved += nput;
            free(out);
        }
        for (int b = 0; b < nb; b++) {
            if (!moves(&m->bodies[b]) || s->asleep[b] || s->mark[s->island[b]]) continue;
            s->asleep[b] = 1;
            memset(d->v + (size_t)b * AK_MAX_DIM, 0, sizeof(double) * AK_MAX_DIM);
            memset(d->w + (size_t)b * AK_MAX_BIV, 0, sizeof(double) * AK_MAX_BIV);
        }
        s->nasleep += newly;
    }
    clear_marks(s);
    return 0;
}
