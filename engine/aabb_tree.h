/// @file aabb_tree.h
/// The broadphase's AABB tree (stage BROADPHASE, broadphase.h; docs/formulas/world.md).
/// A persistent tree (c->keep.tree, c->keep.ntree nodes, node 0 the root, children after their
/// parent) over the non-plane bodies. It is built by median splits (build) and then, every step, refitted
/// bottom-up to the bodies' new AABBs (O(N)): a refitted node still bounds every box below it,
/// so the query finds exactly the overlapping pairs whatever the tree's shape. The shape only
/// decides the cost; the tree is rebuilt when the refitted nodes' total extent has grown by
/// more than AK_TREE_REBUILD over the extent at build time (bodies moved far), when the last
/// query needed more than AK_TREE_REBUILD times the box tests of the query right after the build
/// (the tree fits the bodies worse), or when the set of bodies differs (another model).
#ifndef AK_ENGINE_AABB_TREE_H
#define AK_ENGINE_AABB_TREE_H

#include <stdbool.h>
#include <stdlib.h>

#include "engine/model.h"

struct ak_contact_cache;

/// A pair list of the broadphase query (one per thread, and the incremental broadphase's fat pairs).
typedef struct ak_pair_buf {
    int *p; ///< 2 x n body indices
    int n, cap;
    long tests; ///< box tests
} ak_pair_buf;

/// A node of the AABB tree: a leaf holds one body.
typedef struct ak_tree_node {
    double lo[AK_MAX_DIM], hi[AK_MAX_DIM];
    double ext;      ///< sum of hi[i] - lo[i] over i ascending from 0.0 (refit; the self query's
                     ///< choice of the node to descend)
    int left, right; ///< children (-1 for a leaf)
    int body;        ///< the leaf's body, -1 for an internal node
    int stat;        ///< a leaf whose body never moves (fixed or no inverse mass; set at build)
} ak_tree_node;

#define AK_TREE_REBUILD 1.5

/// Refit the tree (c->keep.tree) to the current AABBs (c->keep.aabb) of the cnt non-plane
/// bodies, or rebuild it (see AK_TREE_REBUILD; use_tests: also when the last query needed too
/// many box tests). Counts the builds in c->stats.tree_builds.
void ak_tree_update(const ak_model *m, struct ak_contact_cache *c, int cnt, bool use_tests);

/// The tree against itself (one thread): every pair of overlapping leaves once, as (lower body,
/// higher body), not sorted, not two static bodies; the box tests in pb->tests. Returns 0, 1
/// (its stack too small: the caller queries per body) or -1 (allocation).
int ak_tree_self_query(const ak_model *m, struct ak_contact_cache *c, ak_pair_buf *pb);

/// Box A (lo at A, hi at A + AK_MAX_DIM) overlaps node nd's box (closed boxes).
static inline bool ak_tree_overlaps_box(int n, const double *A, const ak_tree_node *nd) {
    for (int i = 0; i < n; i++)
        if (nd->hi[i] < A[i] || A[AK_MAX_DIM + i] < nd->lo[i]) return false;
    return true;
}

/// Append the pair (a, b) to pb (grows it); 0, or -1 on allocation failure.
static inline int ak_pair_buf_push(ak_pair_buf *pb, int a, int b) {
    if (pb->n + 1 > pb->cap) {
        int nc = pb->cap ? 2 * pb->cap : 256;
        int *q = realloc(pb->p, (size_t)nc * 2 * sizeof(int));
        if (!q) return -1;
        pb->p = q;
        pb->cap = nc;
    }
    pb->p[2 * pb->n] = a;
    pb->p[2 * pb->n + 1] = b;
    pb->n++;
    return 0;
}

#endif
