// Narrowphase: ref/collide manifolds to contact points (see narrowphase.h).
#include "narrowphase.h"

#include <stdio.h>
#include <string.h>

#include "collide/collide.h"

// The pose from the rotation matrix the broadphase computed this step.
static ak_pose pose_of(const ak_model *m, const ak_data *d, const ak_contact_cache *c, int b) {
    int n = m->dim;
    ak_pose p = ak_pose_identity(n);
    for (int i = 0; i < n; i++) p.pos[i] = d->x[(size_t)b * AK_MAX_DIM + i];
    if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE)
        memcpy(p.rot, c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM, sizeof(double) * (size_t)(n * n));
    return p;
}

int ak_narrowphase(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                   char *err, size_t errlen) {
    int n = m->dim;
    c->step.npoint = 0;
    for (int p = 0; p < c->step.npair; p++) {
        int a = c->step.pairs[2 * p], b = c->step.pairs[2 * p + 1];
        // a plane is always body b, so that the normal points out of the plane into a
        if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE) {
            int t = a;
            a = b;
            b = t;
        }
        ak_pose pa = pose_of(m, d, c, a), pb = pose_of(m, d, c, b);
        ak_manifold man;
        char cerr[256] = "";
        int cnt = ak_collide_ex(&man, &m->bodies[a].shape, &pa, &m->bodies[b].shape, &pb, margin,
                                cerr, (int)sizeof cerr);
        if (cnt < 0) {
            snprintf(err, errlen, "narrowphase: bodies '%s' and '%s': %s", m->bodies[a].name,
                     m->bodies[b].name, cerr);
            return -1;
        }
        if (cnt == 0) continue;
        if (ak_contact_cache_reserve(c, c->step.npoint + cnt)) {
            snprintf(err, errlen, "narrowphase: out of memory");
            return -1;
        }
        for (int q = 0; q < cnt; q++) {
            const ak_contact *ct = &man.contacts[q];
            ak_contact_point *cp = &c->step.pts[c->step.npoint++];
            memset(cp, 0, sizeof *cp);
            cp->a = a;
            cp->b = b;
            cp->id = ct->id;
            cp->separation = ct->separation;
            for (int i = 0; i < n; i++) {
                cp->normal[i] = ct->normal[i];
                cp->point[i] = 0.5 * (ct->point_a[i] + ct->point_b[i]);
            }
        }
    }
    return 0;
}
