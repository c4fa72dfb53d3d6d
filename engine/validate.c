// Invariant checks of the contact stages (see validate.h); empty unless AK_VALIDATE.
#include "engine/validate.h"

#ifdef AK_VALIDATE
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sleep_state.h"

static void fail(const char *stage, const char *invariant, const char *what, long i) {
    fprintf(stderr, "anakata: invariant %s broken after stage %s: %s (index %ld)\n", invariant,
            stage, what, i);
    abort();
}

static int key_less(int a1, int b1, unsigned long long i1, int a2, int b2, unsigned long long i2) {
    if (a1 != a2) return a1 < a2;
    if (b1 != b2) return b1 < b2;
    return i1 < i2;
}

void ak_validate_contacts(const ak_model *m, const ak_contact_cache *c, const char *stage) {
    int nb = m->nbody, n = m->dim;
    bool solved = !strcmp(stage, "solver");
    for (int p = 0; p < c->step.npair; p++) {
        int a = c->step.pairs[2 * p], b = c->step.pairs[2 * p + 1];
        if (a < 0 || b >= nb || a >= b)
            fail(stage, "pairs-sorted", "a pair is not a < b of the model's bodies", p);
        if (p > 0 && !key_less(c->step.pairs[2 * p - 2], c->step.pairs[2 * p - 1], 0, a, b, 0))
            fail(stage, "pairs-sorted", "the pair list is not strictly increasing", p);
    }
    for (int i = 0; i < c->keep.nprev; i++) {
        const ak_contact_memory *q = &c->keep.prev[i];
        if (q->a < 0 || q->b < 0 || q->a >= nb || q->b >= nb)
            fail(stage, "memory-sorted", "a remembered point names a body the model lacks", i);
        if (i > 0 && key_less(q->a, q->b, q->id, c->keep.prev[i - 1].a, c->keep.prev[i - 1].b,
                              c->keep.prev[i - 1].id))
            fail(stage, "memory-sorted", "the contact memory is not sorted by (a, b, id)", i);
    }
    for (int id = 0; id < c->keep.ntree; id++) {
        const ak_tree_node *nd = &c->keep.tree[id];
        if (nd->body >= 0) continue;
        const ak_tree_node *ch[2] = { &c->keep.tree[nd->left], &c->keep.tree[nd->right] };
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < n; i++)
                if (!(nd->lo[i] <= ch[k]->lo[i] && ch[k]->hi[i] <= nd->hi[i]))
                    fail(stage, "tree-bounds", "a node does not contain its child's box", id);
    }
    for (int i = 0; i < c->step.npoint; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        if (p->a < 0 || p->b < 0 || p->a >= nb || p->b >= nb || p->a == p->b)
            fail(stage, "points-pairs", "a point does not name two bodies", i);
        if (solved) {
            // NaN only: an infinite impulse of an overflowing (valid but extreme) scene is reported
            // by the world step's state check with a message
            bool ok = !isnan(p->jn) && !(p->jn < 0.0);
            for (int k = 0; k < n && ok; k++) ok = !isnan(p->jt[k]);
            if (!ok)
                fail(stage, "rows-finite", "a point's accumulated impulse is NaN (or jn < 0)", i);
        }
    }
}

// A body that takes part in islands (as island.c: free, with mass, not a hyperplane).
static bool moves(const ak_body *b) {
    return !b->fixed && b->inv_mass > 0.0 && b->shape.type != AK_SHAPE_HYPERPLANE;
}

static bool awake_moving(const ak_model *m, const ak_sleep_state *s, int b) {
    return moves(&m->bodies[b]) && !s->asleep[b];
}

static void same_island(const ak_model *m, const ak_sleep_state *s, int a, int b, const char *what,
                        long i) {
    if (awake_moving(m, s, a) && awake_moving(m, s, b) && s->island[a] != s->island[b])
        fail("islands", "island-touching", what, i);
}

void ak_validate_islands(const ak_model *m, const ak_data *d) {
    const ak_sleep_state *s = d->sleep;
    int nb = m->nbody;
    for (int b = 0; b < nb; b++) {
        if (!awake_moving(m, s, b)) continue;
        int r = s->island[b];
        if (r < 0 || r > b)
            fail("islands", "island-labels", "a label is not a body index <= the body's own", b);
        if (s->island[r] != r || !awake_moving(m, s, r))
            fail("islands", "island-labels",
                 "a label is not an awake moving body labelled by itself", b);
    }
    const ak_contact_cache *c = d->contacts;
    if (c)
        for (int i = 0; i < c->keep.nprev; i++)
            same_island(m, s, c->keep.prev[i].a, c->keep.prev[i].b,
                        "two touching bodies carry different labels", i);
    for (int i = 0; i < m->forces.nspring; i++) {
        const ak_spring *sp = &m->forces.springs[i];
        if (sp->other >= 0)
            same_island(m, s, sp->body, sp->other,
                        "two bodies joined by a spring carry different labels", i);
    }
}
#else
typedef int ak_validate_unused; // (an empty translation unit is not ISO C)
#endif
