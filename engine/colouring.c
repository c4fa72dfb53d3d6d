// The contact graph's colouring for the coloured order of the velocity iterations (see
// colouring.h).
#include "engine/colouring.h"

#include <stdint.h>
#include <stdlib.h>

// a body that takes part in the dynamics: ak_solver_body_moves's test (solver.h; this file does
// not include the solver's header, which includes this one's)
static int moves(const ak_model *m, int b) {
    const ak_body *bd = &m->bodies[b];
    return !bd->fixed && bd->inv_mass > 0.0 && bd->shape.type != AK_SHAPE_HYPERPLANE;
}

// perm: the points by colour (stable), start[0..ncol]: the colours' ranges. Returns ncol or -1.
int ak_colour_points(const ak_model *m, const ak_contact_cache *c, int *perm, int *start) {
    int np = c->step.npoint;
    uint64_t *used = calloc((size_t)(m->nbody > 0 ? m->nbody : 1), sizeof *used);
    unsigned char *col = malloc((size_t)(np > 0 ? np : 1));
    if (!used || !col) {
        free(used), free(col);
        return -1;
    }
    int count[AK_COLOURS + 1] = { 0 }, ncol = 0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        int ma = moves(m, p->a), mb = moves(m, p->b);
        uint64_t mask = (ma ? used[p->a] : 0) | (mb ? used[p->b] : 0);
        int k = AK_COLOURS - 1; // the last colour: sequential
        for (int q = 0; q < AK_COLOURS - 1; q++)
            if (!(mask >> q & 1u)) {
                k = q;
                break;
            }
        if (k < AK_COLOURS - 1) {
            if (ma) used[p->a] |= (uint64_t)1 << k;
            if (mb) used[p->b] |= (uint64_t)1 << k;
        }
        col[i] = (unsigned char)k;
        count[k + 1]++;
        if (k + 1 > ncol) ncol = k + 1;
    }
    for (int k = 0; k < AK_COLOURS; k++) count[k + 1] += count[k];
    for (int k = 0; k <= ncol; k++) start[k] = count[k];
    for (int i = 0; i < np; i++) perm[count[col[i]]++] = i;
    free(used), free(col);
    return ncol;
}
