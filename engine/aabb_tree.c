// The broadphase's AABB tree: build, refit, self query, update (see aabb_tree.h).
#define _GNU_SOURCE // qsort_r (glibc; POSIX.1-2024)
#include "engine/aabb_tree.h"

#include <math.h>
#include <stdlib.h>

#include "engine/contact_cache.h"

// as broadphase.c: a hyperplane is never in the tree; a body that cannot move is static
static bool is_plane(const ak_body *b) { return b->shape.type == AK_SHAPE_HYPERPLANE; }
static bool is_static(const ak_body *b) { return b->fixed || b->inv_mass <= 0.0 || is_plane(b); }

// The sort's keys, passed to the comparator (qsort_r): no static state.
typedef struct cen_ctx {
    const double *key; // the cache's aabb array
    int axis;
} cen_ctx;
// A total order (ties by body index), so the sorted order does not depend on the sort algorithm.
static int cen_cmp(const void *x, const void *y, void *ctx) {
    const double *cen_key = ((const cen_ctx *)ctx)->key;
    int cen_axis = ((const cen_ctx *)ctx)->axis;
    int i = *(const int *)x, j = *(const int *)y;
    const double *A = cen_key + (size_t)i * 2 * AK_MAX_DIM,
                 *B = cen_key + (size_t)j * 2 * AK_MAX_DIM;
    double a = A[cen_axis] + A[AK_MAX_DIM + cen_axis], b = B[cen_axis] + B[AK_MAX_DIM + cen_axis];
    if (a != b) return a < b ? -1 : 1;
    return (i > j) - (i < j);
}

// Build the subtree over order[s..e); returns its node index.
static int build(int n, ak_contact_cache *c, int s, int e, int *next) {
    int id = (*next)++;
    ak_tree_node *nd = &c->keep.tree[id];
    double clo[AK_MAX_DIM], chi[AK_MAX_DIM];
    for (int i = 0; i < n; i++) clo[i] = INFINITY, chi[i] = -INFINITY;
    for (int t = s; t < e; t++) {
        const double *B = c->keep.aabb + (size_t)c->step.order[t] * 2 * AK_MAX_DIM;
        for (int i = 0; i < n; i++) {
            double ctr = B[i] + B[AK_MAX_DIM + i];
            clo[i] = fmin(clo[i], ctr), chi[i] = fmax(chi[i], ctr);
        }
    }
    if (e - s == 1) {
        nd->left = nd->right = -1;
        nd->body = c->step.order[s];
        return id;
    }
    int axis = 0;
    for (int i = 1; i < n; i++)
        if (chi[i] - clo[i] > chi[axis] - clo[axis]) axis = i;
    cen_ctx ctx = { c->keep.aabb, axis };
    qsort_r(c->step.order + s, (size_t)(e - s), sizeof(int), cen_cmp, &ctx);
    int mid = s + (e - s) / 2;
    int l = build(n, c, s, mid, next);
    int r = build(n, c, mid, e, next);
    nd = &c->keep.tree[id];
    nd->left = l;
    nd->right = r;
    nd->body = -1;
    return id;
}

// Refit every node to the current AABBs (children have larger indices than their parent);
// returns the total extent of the internal nodes, the tree's cost measure. Every node also gets
// its own extent (ext) and every leaf the static flag of its body, for the self query.
static double refit(const ak_model *m, int n, ak_contact_cache *c) {
    double ext = 0.0;
    for (int id = c->keep.ntree - 1; id >= 0; id--) {
        ak_tree_node *nd = &c->keep.tree[id];
        double e = 0.0;
        if (nd->body >= 0) {
            const double *B = c->keep.aabb + (size_t)nd->body * 2 * AK_MAX_DIM;
            for (int i = 0; i < n; i++) nd->lo[i] = B[i], nd->hi[i] = B[AK_MAX_DIM + i];
            for (int i = 0; i < n; i++) e += nd->hi[i] - nd->lo[i];
            nd->ext = e;
            nd->stat = is_static(&m->bodies[nd->body]);
            continue;
        }
        const ak_tree_node *L = &c->keep.tree[nd->left], *R = &c->keep.tree[nd->right];
        for (int i = 0; i < n; i++) {
            nd->lo[i] = L->lo[i] < R->lo[i] ? L->lo[i] : R->lo[i];
            nd->hi[i] = L->hi[i] > R->hi[i] ? L->hi[i] : R->hi[i];
            ext += nd->hi[i] - nd->lo[i];
            e += nd->hi[i] - nd->lo[i];
        }
        nd->ext = e;
        nd->stat = 0;
    }
    return ext;
}

// The tree against itself (one thread): a simultaneous descent of node pairs, each pair of
// overlapping leaves once, as (lower body, higher body). The leaves' boxes are the bodies'
// AABBs and the test is overlap_node's, so the pairs are exactly those of the per-body query
// (which visits each pair from its lower body); the list is sorted afterwards (sort_pairs), so
// the result is the same list. A pair of distinct nodes is tested when it is made (the children
// of a descent), and only an overlapping one goes on the stack; the count of box tests is that
// of testing every pair when taken off the stack. n is a constant in the instances for 3 and 4
// dimensions (self_query below), so the loops over the axes unroll. Returns 0, 1 (stack too
// small: the caller queries per body) or -1 (allocation).
#define AK_SELF_STACK 2048
static inline __attribute__((always_inline)) bool nodes_overlap_n(int n, const ak_tree_node *A,
                                                                  const ak_tree_node *B) {
    for (int i = 0; i < n; i++)
        if (B->hi[i] < A->lo[i] || A->hi[i] < B->lo[i]) return false;
    return true;
}

static inline __attribute__((always_inline)) int self_query_n(int n, ak_contact_cache *c,
                                                              ak_pair_buf *pb) {
    int stack[2 * AK_SELF_STACK], sp = 0;
    const ak_tree_node *tree = c->keep.tree;
    long tests = 0;
    pb->n = 0;
    pb->tests = 0;
    stack[sp++] = 0, stack[sp++] = 0;
    while (sp > 0) {
        int ib = stack[--sp], ia = stack[--sp];
        const ak_tree_node *A = &tree[ia], *B = &tree[ib];
        if (ia == ib) { // a node with itself: its children with themselves and each other
            if (A->body >= 0) continue;
            if (sp + 6 > 2 * AK_SELF_STACK) {
                pb->tests = tests;
                return 1;
            }
            int l = A->left, r = A->right;
            stack[sp++] = r, stack[sp++] = r;
            stack[sp++] = l, stack[sp++] = l;
            tests++;
            if (nodes_overlap_n(n, &tree[l], &tree[r])) stack[sp++] = l, stack[sp++] = r;
            continue;
        }
        // an overlapping pair of distinct nodes (tested when made)
        if (A->body >= 0 && B->body >= 0) {
            if (A->stat && B->stat) continue;
            int a = A->body < B->body ? A->body : B->body,
                b = A->body < B->body ? B->body : A->body;
            if (ak_pair_buf_push(pb, a, b)) return -1;
            continue;
        }
        // descend the internal node with the larger box (a leaf never)
        if (sp + 4 > 2 * AK_SELF_STACK) {
            pb->tests = tests;
            return 1;
        }
        if (B->body >= 0 || (A->body < 0 && A->ext >= B->ext)) {
            int l = A->left, r = A->right;
            tests += 2;
            if (nodes_overlap_n(n, &tree[l], B)) stack[sp++] = l, stack[sp++] = ib;
            if (nodes_overlap_n(n, &tree[r], B)) stack[sp++] = r, stack[sp++] = ib;
        } else {
            int l = B->left, r = B->right;
            tests += 2;
            if (nodes_overlap_n(n, A, &tree[l])) stack[sp++] = ia, stack[sp++] = l;
            if (nodes_overlap_n(n, A, &tree[r])) stack[sp++] = ia, stack[sp++] = r;
        }
    }
    pb->tests = tests;
    return 0;
}

int ak_tree_self_query(const ak_model *m, ak_contact_cache *c, ak_pair_buf *pb) {
    if (m->dim == 3) return self_query_n(3, c, pb);
    if (m->dim == 4) return self_query_n(4, c, pb);
    return self_query_n(m->dim, c, pb);
}

// Refit the tree to the current AABBs, or rebuild it (see AK_TREE_REBUILD; use_tests: also
// when the last query needed too many box tests).
void ak_tree_update(const ak_model *m, ak_contact_cache *c, int cnt, bool use_tests) {
    int n = m->dim;
    double ext = c->keep.ntree == 2 * cnt - 1 ? refit(m, n, c) : INFINITY;
    if (!(ext <= AK_TREE_REBUILD * c->keep.tree_extent) ||
        (use_tests &&
         c->keep.tree_last_tests > AK_TREE_REBUILD * c->keep.tree_tests)) { // (re)build
        cnt = 0;
        for (int b = 0; b < m->nbody; b++)
            if (!is_plane(&m->bodies[b])) c->step.order[cnt++] = b;
        int next = 0;
        build(n, c, 0, cnt, &next);
        c->keep.ntree = next;
        c->keep.tree_extent = refit(m, n, c);
        c->stats.tree_builds++;
        c->keep.tree_tests = -1;
    }
}
