// Stage CCD of the world step (ccd_step.h): speculative contacts at the time of impact of fast
// pairs. Formulas G-CCD.1 .. G-CCD.3, docs/formulas/collide.md#ccd-in-the-world-step.
#include "engine/ccd_step.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/broadphase.h"
#include "engine/parallel.h"
#include "ref/collide/collide.h"
#ifdef _OPENMP
#include <omp.h>
#endif

static int moves(const ak_model *m, int b) {
    const ak_body *bd = &m->bodies[b];
    return !bd->fixed && bd->inv_mass > 0.0 && bd->shape.type != AK_SHAPE_HYPERPLANE;
}

static double wnorm(const ak_model *m, const ak_data *d, int b) {
    int k = ak_nd_nbiv(m->dim);
    double s = 0;
    for (int q = 0; q < k; q++)
        s += d->w[(size_t)b * AK_MAX_BIV + q] * d->w[(size_t)b * AK_MAX_BIV + q];
    return sqrt(s);
}

// Motion bound of body b over the step: |v| h + |w| r h  [G-CCD.1]
static double motion_bound(const ak_model *m, const ak_data *d, int b, double h) {
    if (!moves(m, b)) return 0.0;
    int n = m->dim;
    double v = 0;
    for (int i = 0; i < n; i++)
        v += d->v[(size_t)b * AK_MAX_DIM + i] * d->v[(size_t)b * AK_MAX_DIM + i];
    return (sqrt(v) + wnorm(m, d, b) * ak_collide_bounding_radius(&m->bodies[b].shape)) * h;
}

// The pose of body b: from the rotation matrices the broadphase computed this step when rot is
// given (the contact stage and the position clamp run after it, positions unchanged), else
// from the rotor.
static ak_pose body_pose(const ak_model *m, const ak_data *d, const double *rot, int b) {
    if (!rot) return ak_body_pose(m, d, b);
    int n = m->dim;
    ak_pose p = ak_pose_identity(n);
    for (int i = 0; i < n; i++) p.pos[i] = d->x[(size_t)b * AK_MAX_DIM + i];
    if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE)
        memcpy(p.rot, rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM, sizeof(double) * (size_t)(n * n));
    return p;
}

int ak_ccd_is_fast(const ak_model *m, const ak_data *d, int b, double h, double margin) {
    return motion_bound(m, d, b, h) > 0.5 * margin;
}

// Swept box of body b over the step: its AABB grown by its motion bound.
static void swept_box(const ak_model *m, const ak_data *d, const double *rot, int b, double h,
                      double lo[], double hi[]) {
    int n = m->dim;
    if (rot) {
        ak_pose p = body_pose(m, d, rot, b);
        ak_geom_aabb(n, lo, hi, &m->bodies[b].shape, &p);
    } else
        ak_body_aabb(m, d, b, lo, hi);
    double L = motion_bound(m, d, b, h);
    for (int i = 0; i < n; i++) lo[i] -= L, hi[i] += L;
}

// Smallest half-width of a shape along its body axes, (h(e_i) + h(-e_i)) / 2: a body moving
// less than half of this (relative to the other) within a step cannot pass through it.
static double half_width(const ak_model *m, int b) {
    const ak_shape *s = &m->bodies[b].shape;
    if (s->type == AK_SHAPE_HYPERPLANE) return INFINITY;
    // a hypersphere: r exactly (each support below is r * 1 / 1, and 0.5 (r + r) = r); the fast
    // path skips the 2n support evaluations
    if (m->paths.ccd_fast && s->type == AK_SHAPE_HYPERSPHERE && s->radius >= 0 &&
        s->radius <= 1e300)
        return s->radius;
    int n = s->dim;
    double w = INFINITY;
    for (int i = 0; i < n; i++) {
        double e[AK_MAX_DIM] = { 0 }, x[AK_MAX_DIM];
        e[i] = 1;
        double hp = ak_geom_support_local(n, x, s, e);
        e[i] = -1;
        double hm = ak_geom_support_local(n, x, s, e);
        w = fmin(w, 0.5 * (hp + hm));
    }
    return w;
}

static int swept_overlap(const ak_model *m, const ak_data *d, int a, int b, double h) {
    if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE ||
        m->bodies[b].shape.type == AK_SHAPE_HYPERPLANE)
        return 1;
    double la[AK_MAX_DIM], ha[AK_MAX_DIM], lb[AK_MAX_DIM], hb[AK_MAX_DIM];
    swept_box(m, d, NULL, a, h, la, ha);
    swept_box(m, d, NULL, b, h, lb, hb);
    for (int i = 0; i < m->dim; i++)
        if (ha[i] < lb[i] || hb[i] < la[i]) return 0;
    return 1;
}

static int pair_toi_raw(const ak_model *m, const ak_data *d, const double *rot, int a, int b,
                        double h, double margin, double *toi);

int ak_ccd_pair_toi(const ak_model *m, const ak_data *d, int a, int b, double h, double margin,
                    double *toi) {
    if (!ak_ccd_is_fast(m, d, a, h, margin) && !ak_ccd_is_fast(m, d, b, h, margin)) return 0;
    const ak_shape *sa = &m->bodies[a].shape, *sb = &m->bodies[b].shape;
    if (sa->type == AK_SHAPE_HYPERPLANE && sb->type == AK_SHAPE_HYPERPLANE) return 0;
    if (!swept_overlap(m, d, a, b, h)) return 0;
    return pair_toi_raw(m, d, NULL, a, b, h, margin, toi);
}

// A pair of hyperspheres, or a hypersphere and a hyperplane, that provably gets no impact from
// ak_collide_toi within [0, h]: its separation stays above tol over the whole linear motion of
// the centres (a sphere's rotation does not move its surface). Conservative advancement only
// reports an impact when the separation it evaluates at some t in [0, h] is <= tol; that value is
// the true separation at t up to rounding (a few ulp of the coordinates), and the closed-form
// minimum below is at least the true minimum up to the same rounding; eps covers both by six
// orders of magnitude. Anything non-finite fails the test (NaN compares false): the generic path
// runs.  [G-CCD.1 G-13]
static int toi_impossible(const ak_model *m, const ak_data *d, int a, int b, double h, double tol) {
    const ak_shape *sa = &m->bodies[a].shape, *sb = &m->bodies[b].shape;
    if (sa->type == AK_SHAPE_HYPERPLANE) {
        int t = a;
        a = b, b = t;
        const ak_shape *ts = sa;
        sa = sb, sb = ts;
    }
    if (sa->type != AK_SHAPE_HYPERSPHERE) return 0;
    int n = m->dim;
    static const double zero[AK_MAX_DIM] = { 0 };
    const double *xa = d->x + (size_t)a * AK_MAX_DIM,
                 *va = moves(m, a) ? d->v + (size_t)a * AK_MAX_DIM : zero;
    if (sb->type == AK_SHAPE_HYPERPLANE) {
        // s(t) = n.(x + t v) - offset - r is linear in t: its minimum is at t = 0 or t = h
        double s0 = 0, s1 = 0, sc = 1 + fabs(sb->offset) + sa->radius;
        for (int i = 0; i < n; i++) {
            double x1 = xa[i] + va[i] * h;
            s0 += sb->normal[i] * xa[i];
            s1 += sb->normal[i] * x1;
            sc += fabs(xa[i]) + fabs(x1);
        }
        double eps = 1e-9 * sc;
        return s0 - sb->offset - sa->radius > tol + eps && s1 - sb->offset - sa->radius > tol + eps;
    }
    if (sb->type != AK_SHAPE_HYPERSPHERE) return 0;
    const double *xb = d->x + (size_t)b * AK_MAX_DIM,
                 *vb = moves(m, b) ? d->v + (size_t)b * AK_MAX_DIM : zero;
    double D[AK_MAX_DIM], U[AK_MAX_DIM], du = 0, uu = 0, sc = 1 + sa->radius + sb->radius;
    for (int i = 0; i < n; i++) {
        D[i] = xa[i] - xb[i];
        U[i] = va[i] - vb[i];
        du += D[i] * U[i];
        uu += U[i] * U[i];
        sc += fabs(xa[i]) + fabs(xb[i]) + (fabs(va[i]) + fabs(vb[i])) * h;
    }
    // |D + t U| is smallest at t = -D.U / U.U clamped to [0, h]; any t gives at least the minimum
    double t = uu > 0 ? -du / uu : 0;
    if (!(t > 0)) t = 0;
    if (t > h) t = h;
    double l2 = 0;
    for (int i = 0; i < n; i++) {
        double p = D[i] + t * U[i];
        l2 += p * p;
    }
    return sqrt(l2) - sa->radius - sb->radius > tol + 1e-9 * sc;
}

// The time of impact of a candidate pair (no fast / overlap tests).  [G-CCD.1 G-13]
static int pair_toi_raw(const ak_model *m, const ak_data *d, const double *rot, int a, int b,
                        double h, double margin, double *toi) {
    if (m->paths.ccd_fast && toi_impossible(m, d, a, b, h, 0.25 * margin)) return 0;
    const ak_shape *sa = &m->bodies[a].shape, *sb = &m->bodies[b].shape;
    ak_pose pa = body_pose(m, d, rot, a), pb = body_pose(m, d, rot, b);
    static const double zero[AK_MAX_DIM > AK_MAX_BIV ? AK_MAX_DIM : AK_MAX_BIV] = { 0 };
    const double *va = moves(m, a) ? d->v + (size_t)a * AK_MAX_DIM : zero;
    const double *wa = moves(m, a) ? d->w + (size_t)a * AK_MAX_BIV : zero;
    const double *vb = moves(m, b) ? d->v + (size_t)b * AK_MAX_DIM : zero;
    const double *wb = moves(m, b) ? d->w + (size_t)b * AK_MAX_BIV : zero;
    // stop at a quarter of the margin: the next step's narrowphase then sees the pair  [G-CCD.1]
    return ak_collide_toi(toi, sa, &pa, va, wa, sb, &pb, vb, wb, h, 0.25 * margin) == 1;
}

// ---- candidate pairs: sweep and prune over the swept boxes (G-CCD.1) ----
// A pair is a candidate when one of its bodies is fast and their swept boxes overlap (a plane:
// every fast body). The swept boxes are sorted along the axis of largest spread and each fast
// body queries the window of boxes that can overlap its own: O(N log N + fast x neighbours).

typedef struct sweep_item {
    double lo, hi;
    int b;
    int q; // unsorted_pairs: the item's index among the unsorted items
} sweep_item;

// Candidate pairs per parallel pass (the passes' per-pair slots are this many, not one per pair).
#define AK_CCD_CHUNK 16384

// Most threads of the candidate search (each has its own stamps, hits and pair list).
#define AK_CCD_THREADS 8

// The stage's buffers: slots of the contact cache's workspace (contact_cache.h), kept between
// steps and shared by the contact stage's call (ak_ccd_contacts) and the position stage's
// (ak_ccd_clamp_begin), which run one after the other; a call without a cache (no contact stage
// ran) has its own set, freed at its end.
enum {
    W_IT,      // nbody sweep items
    W_BOX,     // nbody swept boxes
    W_FAST,    // nbody: fast this call
    W_MB,      // nbody motion bounds [G-CCD.1]
    W_WD,      // nbody widths along the sweep axis
    W_BIG,     // nbody big items
    W_ISBIG,   // nbody flags
    W_MV,      // nbody: moves
    W_START,   // grid buckets + 1
    W_ENTRIES, // grid entries
    W_EBOX,    // grid entries' boxes (lo then hi, n each)
    W_STAMP,   // grid: per thread and item, the last query
    W_HITS,    // grid: per thread, one query's result
    W_BK,      // grid: each item's bucket
    W_FILL,    // grid: bucket fill
    W_FI,      // unsorted_pairs: fast items
    W_HIT,     // unsorted_pairs: per thread, one fast item's partners (no grid)
    W_BI,      // unsorted_pairs: big items
    W_TMINS,   // clamp: each body's earliest impact
    W_KEYS,    // the hash set of the pairs with contact points
    W_LIST,    // the candidate pairs
    W_PTOI,    // per candidate pair: its time of impact, or the clamp's earliest time
    W_PHIT,    // per candidate pair: has an impact
    W_CLBODY,  // clamp: the clamped bodies (ak_ccd_clamp.body)
    W_CLSAVED, // clamp: their saved velocities (ak_ccd_clamp.saved)
    W_SORT,    // merge sort's second buffer (sort_items)
    W_TL,      // unsorted_pairs: each thread's candidate pairs (AK_CCD_THREADS slots)
    W_NBUF = W_TL + AK_CCD_THREADS
};
_Static_assert(W_NBUF <= AK_WS_STORE, "the CCD stage needs more workspace slots");
typedef ak_workspace ccd_ws;

static void ws_free(ccd_ws *w) {
    for (int q = 0; q < W_NBUF; q++) free(w->p[q]);
}

static void *ws_get(ccd_ws *w, int slot, size_t bytes) { return ak_workspace_get(w, slot, bytes); }

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

// Do the swept boxes of a and b (rows of box: lo then hi, AK_MAX_DIM each) overlap?
static int overlap(int n, const double *box, int a, int b) {
    const double *la = box + (size_t)a * 2 * AK_MAX_DIM, *lb = box + (size_t)b * 2 * AK_MAX_DIM;
    for (int k = 0; k < n; k++)
        if (la[AK_MAX_DIM + k] < lb[k] || lb[AK_MAX_DIM + k] < la[k]) return 0;
    return 1;
}

static int cmp_item(const void *x, const void *y) {
    const sweep_item *a = x, *b = y;
    return a->lo < b->lo ? -1 : a->lo > b->lo ? 1 : a->b - b->b;
}

// Sort n items by cmp_item with the workspace's W_SORT buffer (a bottom-up merge sort): glibc's
// qsort allocates and frees a buffer of the array's size at every call. cmp_item is a total order
// on items of distinct bodies, so the result is qsort's. 0, or -1 (allocation).
static int sort_items(sweep_item *a, int n, ccd_ws *w) {
    if (n < 2) return 0;
    if (n <= 16) { // insertion sort
        for (int i = 1; i < n; i++) {
            sweep_item x = a[i];
            int j = i;
            while (j > 0 && cmp_item(&a[j - 1], &x) > 0) a[j] = a[j - 1], j--;
            a[j] = x;
        }
        return 0;
    }
    sweep_item *t = ws_get(w, W_SORT, sizeof *t * (size_t)n);
    if (!t) return -1;
    sweep_item *src = a, *dst = t;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                dst[o++] = cmp_item(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
            while (i < mid) dst[o++] = src[i++];
            while (j < hi) dst[o++] = src[j++];
        }
        sweep_item *x = src;
        src = dst, dst = x;
    }
    if (src != a) memcpy(a, src, sizeof *a * (size_t)n);
    return 0;
}

typedef struct cand_list {
    int n, cap;
    int *ab;   // 2 x n
    ccd_ws *w; // ab is its buffer `slot`
    int slot;
} cand_list;

static cand_list cand_list_of(ccd_ws *w, int slot) {
    return (cand_list){ 0, (int)(w->cap[slot] / (2 * sizeof(int))), w->p[slot], w, slot };
}

static int push_cand(cand_list *L, int a, int b) {
    if (L->n == L->cap) {
        int nc = L->cap ? 2 * L->cap : 64;
        int *q = realloc(L->ab, sizeof(int) * 2 * (size_t)nc);
        if (!q) return -1;
        L->ab = q;
        L->cap = nc;
        L->w->p[L->slot] = q;
        L->w->cap[L->slot] = sizeof(int) * 2 * (size_t)nc;
    }
    L->ab[2 * L->n] = a;
    L->ab[2 * L->n + 1] = b;
    L->n++;
    return 0;
}

// More fast bodies than this: unsorted_pairs finds their partners through the grid, not by a pass
// over all items per fast body.
#define AK_CCD_FEW 32

// The k-th smallest of x[0..n) (x is reordered): the value a sort puts at index k. No NaN.
static double select_kth(double *x, int n, int k) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        double piv = x[lo + (hi - lo) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (x[i] < piv) i++;
            while (x[j] > piv) j--;
            if (i <= j) {
                double t = x[i];
                x[i] = x[j], x[j] = t;
                i++, j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return x[k];
    }
    return x[k];
}

// ---- the same candidate pairs through a uniform grid (fast path of the window scan) ----
// Every box that is not "big" goes into the cell of its lower corner, cells W wide (W: the
// largest width of those boxes along any axis). A box o that overlaps box f has, on every axis,
// lo_o <= hi_f and lo_o >= hi_o - W >= lo_f - W, so its cell lies in the cells of
// [lo_f - W', hi_f] (W' = W plus a relative 1e-9 against rounding; floor(x / W) is monotone in
// x). The cells' boxes are then filtered by exactly the scan's tests (the window along the sweep
// axis, the body conditions, the overlap) and put in the scan's order (their rank in the sorted
// items): the output is the scan's, pair for pair (test perf.ccd_fast_equals_plain).
typedef struct cand_grid {
    double cs;     // cell width W
    unsigned mask; // buckets - 1
    int ax;        // the sweep axis
    int *start;    // bucket b: entries[start[b] .. start[b + 1])
    int *entries;  // sorted item indices
    double *ebox;  // per entry: its item's swept box, lo then hi (n each), copied from box: the
                   // window and overlap tests read the bucket's entries in a row, not the
                   // items at random
    int *stamp;    // per thread and item: the last query that saw it (buckets can collide)
    int *hits;     // per thread: one query's result
    int nthread;   // stamp and hits hold nthread rows of ni
} cand_grid;

static int grid_cell(double x, double cs, long long *c) {
    double y = floor(x / cs);
    if (!(fabs(y) < 1e15)) return -1;
    *c = (long long)y;
    return 0;
}

// The bucket of cell c is a hash of its coordinates along axes 1..n-1 plus its coordinate along
// axis 0: the cells of a row along axis 0 are consecutive buckets, so that a query reads each
// row's entries in one run (grid_query).
static unsigned long long row_hash(int n, const long long c[]) {
    static const unsigned long long P[AK_MAX_DIM] = { 0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full,
                                                      0x165667B19E3779F9ull, 0xD6E8FEB86659FD93ull,
                                                      0xFF51AFD7ED558CCDull };
    unsigned long long h = 0;
    for (int k = 1; k < n; k++) h += (unsigned long long)c[k] * P[k];
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    return h;
}

static unsigned grid_bucket(int n, const long long c[], unsigned mask) {
    return (unsigned)(row_hash(n, c) + (unsigned long long)c[0]) & mask;
}

// 0, or -1 (allocation, non-finite or far boxes: the caller scans instead).
static int grid_build(cand_grid *g, int n, const double *box, const sweep_item *it, int ni,
                      const char *isbig, int ax, ccd_ws *w, int nthread) {
    double W = 0;
    for (int q = 0; q < ni; q++) {
        if (isbig[it[q].b]) continue;
        const double *lo = box + (size_t)it[q].b * 2 * AK_MAX_DIM;
        for (int k = 0; k < n; k++) {
            double w = lo[AK_MAX_DIM + k] - lo[k];
            if (!(w >= 0) || !isfinite(lo[k]) || !isfinite(lo[AK_MAX_DIM + k])) return -1;
            W = fmax(W, w);
        }
    }
    if (!(W > 0) || !isfinite(W)) return -1;
    unsigned nb = 1;
    while (nb < 2u * (unsigned)ni) nb <<= 1;
    g->cs = W;
    g->mask = nb - 1;
    g->start = ws_get(w, W_START, sizeof(int) * ((size_t)nb + 1));
    g->entries = ws_get(w, W_ENTRIES, sizeof(int) * (size_t)ni);
    g->ax = ax;
    g->ebox = ws_get(w, W_EBOX, sizeof(double) * 2 * (size_t)n * (size_t)ni);
    g->nthread = nthread;
    g->stamp = ws_get(w, W_STAMP, sizeof(int) * (size_t)ni * (size_t)nthread);
    g->hits = ws_get(w, W_HITS, sizeof(int) * (size_t)ni * (size_t)nthread);
    unsigned *bk = ws_get(w, W_BK, sizeof(unsigned) * (size_t)ni);
    if (!g->start || !g->entries || !g->ebox || !g->stamp || !g->hits || !bk) return -1;
    memset(g->start, 0, sizeof(int) * ((size_t)nb + 1));
    for (int q = 0; q < ni; q++) {
        for (int t = 0; t < nthread; t++) g->stamp[(size_t)t * (size_t)ni + (size_t)q] = -1;
        bk[q] = nb; // not in the grid
        if (isbig[it[q].b]) continue;
        const double *lo = box + (size_t)it[q].b * 2 * AK_MAX_DIM;
        long long c[AK_MAX_DIM];
        for (int k = 0; k < n; k++)
            if (grid_cell(lo[k], W, &c[k])) return -1;
        bk[q] = grid_bucket(n, c, g->mask);
        g->start[bk[q] + 1]++;
    }
    for (unsigned b = 0; b < nb; b++) g->start[b + 1] += g->start[b];
    int *fill = ws_get(w, W_FILL, sizeof(int) * (size_t)nb);
    if (!fill) return -1;
    memcpy(fill, g->start, sizeof(int) * (size_t)nb);
    for (int q = 0; q < ni; q++) {
        if (bk[q] >= nb) continue;
        const double *lo = box + (size_t)it[q].b * 2 * AK_MAX_DIM;
        double *eb = g->ebox + (size_t)fill[bk[q]] * 2 * (size_t)n;
        for (int k = 0; k < n; k++) eb[k] = lo[k], eb[n + k] = lo[AK_MAX_DIM + k];
        g->entries[fill[bk[q]]++] = q;
    }
    return 0;
}

// The scan's pairs of the fast body f (item q; window [lo, hi] along the sweep axis) as item
// indices in g->hits, in the scan's order (cmp_item); returns their count, or -1 when the cell range is too large or far (the
// caller scans instead).
static inline __attribute__((always_inline)) int
grid_query_n(const cand_grid *g, int t, int n, const double *box, const sweep_item *it, int ni,
             int f, int q, double lo, double hi, const char *fast, const char *isbig,
             const char *mv) {
    int *stamp = g->stamp + (size_t)t * (size_t)ni, *hits = g->hits + (size_t)t * (size_t)ni;
    const double *bf = box + (size_t)f * 2 * AK_MAX_DIM;
    const int ax = g->ax;
    long long c0[AK_MAX_DIM], c1[AK_MAX_DIM], c[AK_MAX_DIM];
    double cells = 1;
    for (int k = 0; k < n; k++) {
        double l = bf[k], u = bf[AK_MAX_DIM + k];
        double Wp = g->cs + 1e-9 * (fabs(l) + fabs(u) + g->cs);
        if (grid_cell(l - Wp, g->cs, &c0[k]) || grid_cell(u, g->cs, &c1[k])) return -1;
        cells *= (double)(c1[k] - c0[k] + 1);
        c[k] = c0[k];
    }
    if (cells > 4.0 * ni + 64) return -1;
    int cnt = 0;
    unsigned long long nb = (unsigned long long)g->mask + 1,
                       len = (unsigned long long)(c1[0] - c0[0] + 1);
    for (;;) { // the rows: c[1..n-1] over the cell range, c[0] = c0[0]
        unsigned long long b0 = (row_hash(n, c) + (unsigned long long)c0[0]) & g->mask;
        // the row's buckets b0 .. b0 + len - 1 modulo nb: one run of entries, two when it wraps
        unsigned long long r0[2] = { b0, 0 }, r1[2] = { b0 + len, 0 };
        if (len >= nb)
            r0[0] = 0, r1[0] = nb;
        else if (b0 + len > nb)
            r1[0] = nb, r1[1] = b0 + len - nb;
        for (int part = 0; part < 2; part++)
            for (int e = g->start[r0[part]]; e < g->start[r1[part]]; e++) {
                // the window test (it[r].lo is eb[ax]) and the overlap test first, from the
                // entry's copy of the box, without a branch per axis: an item that fails them
                // fails them at every visit, so whether its stamp is set does not change the hits
                const double *eb = g->ebox + (size_t)e * 2 * (size_t)n;
                int ok = (eb[ax] >= lo) & (eb[ax] <= hi);
                for (int k = 0; k < n; k++) // overlap(n, box, f, o), the same comparisons
                    ok &= !(bf[AK_MAX_DIM + k] < eb[k]) & !(eb[n + k] < bf[k]);
                if (!ok) continue;
                int r = g->entries[e];
                if (stamp[r] == q) continue;
                stamp[r] = q;
                // the scan's remaining tests
                int o = it[r].b;
                if (o == f || isbig[o] || (fast[o] && o < f)) continue;
                if (!mv[f] && !mv[o]) continue;
                // insert r in the scan's order (cmp_item; the index order when the items are sorted)
                int j = cnt++;
                while (j > 0 && cmp_item(&it[hits[j - 1]], &it[r]) > 0) hits[j] = hits[j - 1], j--;
                hits[j] = r;
            }
        int k = 1;
        while (k < n && c[k] == c1[k]) c[k] = c0[k], k++;
        if (k == n) break;
        c[k]++;
    }
    return cnt;
}

// grid_query_n with n a constant for 3 and 4 dimensions (the same operations).
static int grid_query(const cand_grid *g, int t, int n, const double *box, const sweep_item *it,
                      int ni, int f, int q, double lo, double hi, const char *fast,
                      const char *isbig, const char *mv) {
    if (n == 3) return grid_query_n(g, t, 3, box, it, ni, f, q, lo, hi, fast, isbig, mv);
    if (n == 4) return grid_query_n(g, t, 4, box, it, ni, f, q, lo, hi, fast, isbig, mv);
    return grid_query_n(g, t, n, box, it, ni, f, q, lo, hi, fast, isbig, mv);
}

// The scan's pairs from the unsorted items (no sort of all of them): each fast item's window
// [lo - maxw, hi] and tests are the scan's; the fast items, their partners and the big items
// are put in the sorted order (cmp_item: a total order) that the scan visits them in. A fast
// item's partners come from the grid g when given (grid_query: the same pairs), else (or when
// its cell range is too large) from a pass over all items.
static int unsorted_pairs(const ak_model *m, int n, const double *box, const sweep_item *it, int ni,
                          const int *big, int nbig, double maxw, const char *fast,
                          const char *isbig, cand_grid *g, const char *mv, ccd_ws *w,
                          cand_list *L) {
    // one thread without the grid; with it, g->nthread threads, each over a contiguous range of
    // the sorted fast items into its own list, the lists concatenated in thread order
    int nt = g ? g->nthread : 1;
    size_t NI = (size_t)(ni > 0 ? ni : 1);
    sweep_item *fi = ws_get(w, W_FI, sizeof *fi * NI);
    sweep_item *hit = ws_get(w, W_HIT, sizeof *hit * NI * (size_t)nt);
    sweep_item *bi = ws_get(w, W_BI, sizeof *bi * (size_t)(nbig > 0 ? nbig : 1));
    if (!fi || !hit || !bi) return -1;
    int nf = 0, rc = 0;
    for (int q = 0; q < ni; q++)
        if (fast[it[q].b]) fi[nf] = it[q], fi[nf++].q = q;
    if (sort_items(fi, nf, w)) return -1;
    (void)big; // the same set as the items marked isbig, with their sweep coordinates here
    for (int q = 0, r = 0; q < ni && r < nbig; q++)
        if (isbig[it[q].b]) bi[r++] = it[q];
    if (sort_items(bi, nbig, w)) return -1;
    cand_list TL[AK_CCD_THREADS];
    for (int t = 0; t < nt; t++) TL[t] = nt == 1 ? *L : cand_list_of(w, W_TL + t);
#pragma omp parallel num_threads(nt) reduction(| : rc) if (nt > 1)
    {
        int t = 0;
#ifdef _OPENMP
        t = omp_get_thread_num();
#endif
        cand_list *Lt = &TL[t];
        sweep_item *hitt = hit + (size_t)t * NI;
        int e0 = (int)((long long)nf * t / nt), e1 = (int)((long long)nf * (t + 1) / nt);
        for (int e = e0; e < e1 && !rc; e++) {
            int f = fi[e].b, nh = 0;
            double lo = fi[e].lo - maxw, hi = fi[e].hi;
            int cnt =
                g ? grid_query(g, t, n, box, it, ni, f, fi[e].q, lo, hi, fast, isbig, mv) : -1;
            const int *hits = g ? g->hits + (size_t)t * (size_t)ni : NULL;
            for (int r = 0; r < cnt && !rc; r++) rc = push_cand(Lt, f, it[hits[r]].b);
            for (int q = 0; q < ni && cnt < 0; q++) {
                if (!(it[q].lo >= lo) || !(it[q].lo <= hi)) continue;
                int o = it[q].b;
                if (o == f || isbig[o] || (fast[o] && o < f)) continue;
                if (!moves(m, f) && !moves(m, o)) continue;
                if (overlap(n, box, f, o)) hitt[nh++] = it[q];
            }
            qsort(hitt, (size_t)nh, sizeof *hitt, cmp_item);
            for (int r = 0; r < nh && !rc; r++) rc = push_cand(Lt, f, hitt[r].b);
            for (int r = 0; r < nbig && !rc; r++) {
                int o = bi[r].b;
                if (o == f || (fast[o] && o < f)) continue;
                if (overlap(n, box, f, o)) rc = push_cand(Lt, f, o);
            }
        }
    }
    if (nt == 1) {
        *L = TL[0];
        return rc;
    }
    for (int t = 0; t < nt && !rc; t++)
        for (int e = 0; e < TL[t].n && !rc; e++)
            rc = push_cand(L, TL[t].ab[2 * e], TL[t].ab[2 * e + 1]);
    return rc;
}

// Swept box of body b given its motion bound L (swept_box's box; the closed form of a
// hypersphere's box, the centre -+ r, written out on the fast path as ak_geom_aabb and
// ak_body_aabb compute it).
static void swept_box_mb(const ak_model *m, const ak_data *d, const double *rot, int b, double L,
                         double lo[], double hi[]) {
    int n = m->dim;
    const ak_shape *s = &m->bodies[b].shape;
    if (m->paths.ccd_fast && s->type == AK_SHAPE_HYPERSPHERE) {
        const double *x = d->x + (size_t)b * AK_MAX_DIM;
        for (int i = 0; i < n; i++) lo[i] = x[i] - s->radius, hi[i] = x[i] + s->radius;
    } else if (rot) {
        ak_pose p = body_pose(m, d, rot, b);
        ak_geom_aabb(n, lo, hi, s, &p);
    } else
        ak_body_aabb(m, d, b, lo, hi);
    for (int i = 0; i < n; i++) lo[i] -= L, hi[i] += L;
}

// The height of body b's lowest point above plane pl (the plane pass below): -h(-normal) -
// offset from ak_geom_support. For a hypersphere with the broadphase's rotation matrices (rot)
// the same operations in the same order, without building the pose (fast path).
static double plane_gap(const ak_model *m, const ak_data *d, const double *rot, int b,
                        const ak_shape *pl) {
    int n = m->dim;
    const ak_shape *s = &m->bodies[b].shape;
    double mn[AK_MAX_DIM], x[AK_MAX_DIM];
    for (int i = 0; i < n; i++) mn[i] = -pl->normal[i];
    if (!(m->paths.ccd_fast && rot && s->type == AK_SHAPE_HYPERSPHERE)) {
        ak_pose pb = body_pose(m, d, rot, b);
        return -ak_geom_support(n, x, s, &pb, mn) - pl->offset;
    }
    const double *M = rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM,
                 *pos = d->x + (size_t)b * AK_MAX_DIM;
    double dl[AK_MAX_DIM], l2 = 0, hs = 0, hp = 0;
    for (int j = 0; j < n; j++) { // ak_pose_dir_to_local
        double t = 0;
        for (int i = 0; i < n; i++) t += M[i * n + j] * mn[i];
        dl[j] = t;
    }
    for (int i = 0; i < n; i++) l2 += dl[i] * dl[i]; // ball_support
    double l = sqrt(l2);
    for (int i = 0; i < n; i++) x[i] = l > 0 ? s->radius * dl[i] / l : 0.0;
    for (int i = 0; i < n; i++) hs += dl[i] * x[i]; // ak_geom_support_local's dot
    for (int i = 0; i < n; i++) hp += mn[i] * pos[i];
    return -(hs + hp) - pl->offset;
}

// The bound of the candidates' plane pass (fast path, m->paths.ccd_plane_bound; the broadphase's
// bounded plane pass, broadphase.c, has the same rule): plane_gap's support term hs of a
// hypersphere (radius r >= 0) is r |M^T normal| (up to rounding) <= r ||M||_F |normal| = H for
// any matrix M, and its height term is -(n . x) exactly (the same products and sums, negated), so
// a body whose centre's height above the plane exceeds lim = Lb + margin by more than H has
// plane_gap > lim: no candidate pair, as plane_gap would decide. The rounding of plane_gap's
// sums, a few ulp of the magnitudes involved, is covered by a slack of 1e-9 times them (plus 1e-9
// against underflow). Anything non-finite fails the test (NaN compares false): plane_gap decides.
// r ||M||_F of body b (NaN: no bound, for a body that is not a hypersphere).
#define AK_CCD_PLANE_BOUND 32
static double plane_bound_h0(const ak_model *m, const double *rot, int b) {
    const ak_shape *s = &m->bodies[b].shape;
    if (s->type != AK_SHAPE_HYPERSPHERE || !(s->radius >= 0)) return NAN;
    int n = m->dim;
    const double *M = rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM;
    double f2 = 0.0;
    for (int i = 0; i < n * n; i++) f2 += M[i] * M[i];
    return s->radius * sqrt(f2);
}

// Is plane_gap of the body at x (its bound H = r ||M||_F |normal|) surely above lim = Lb + margin?
static int plane_far(int n, const ak_shape *pl, const double *x, double H, double lim, double Lb,
                     double margin) {
    double cx = 0.0;
    for (int i = 0; i < n; i++) cx += pl->normal[i] * x[i];
    return cx - pl->offset - H >
           lim + 1e-9 * (1.0 + fabs(cx) + fabs(pl->offset) + H + fabs(Lb) + fabs(margin));
}

// Candidate pairs (fast body first when only one is fast). 0 or -1 (allocation). Leaves each
// body's motion bound in the W_MB buffer and its fast flag in W_FAST (when a body is fast).
static int candidates(const ak_model *m, const ak_data *d, const double *rot, double h,
                      double margin, ccd_ws *w, cand_list *L) {
    int n = m->dim, N = m->nbody, nfast = 0;
    size_t NB = (size_t)(N > 0 ? N : 1);
    L->n = 0;
    double *mb = ws_get(w, W_MB, sizeof(double) * NB);
    char *fast = ws_get(w, W_FAST, NB);
    if (!mb || !fast) return -1;
    for (int b = 0; b < N; b++) {
        mb[b] = motion_bound(m, d, b, h);
        fast[b] = (char)(mb[b] > 0.5 * margin); // ak_ccd_is_fast
        nfast += fast[b];
    }
    if (!nfast) return 0;
    sweep_item *it = ws_get(w, W_IT, sizeof(sweep_item) * NB);
    double *box = ws_get(w, W_BOX, sizeof(double) * 2 * AK_MAX_DIM * NB);
    if (!it || !box) return -1;
    int ni = 0, rc = 0;
    double mean[AK_MAX_DIM] = { 0 }, var[AK_MAX_DIM] = { 0 };
    for (int b = 0; b < N; b++) {
        if (m->bodies[b].shape.type == AK_SHAPE_HYPERPLANE) continue;
        double *lo = box + (size_t)b * 2 * AK_MAX_DIM, *hi = lo + AK_MAX_DIM;
        swept_box_mb(m, d, rot, b, mb[b], lo, hi);
        it[ni++].b = b;
        for (int k = 0; k < n; k++) mean[k] += 0.5 * (lo[k] + hi[k]);
    }
    // sweep along the axis of largest spread of the box centres
    int ax = 0;
    for (int q = 0; q < ni; q++) {
        const double *lo = box + (size_t)it[q].b * 2 * AK_MAX_DIM;
        for (int k = 0; k < n; k++)
            var[k] += pow(0.5 * (lo[k] + lo[AK_MAX_DIM + k]) - mean[k] / ni, 2);
    }
    for (int k = 1; k < n; k++)
        if (var[k] > var[ax]) ax = k;
    for (int q = 0; q < ni; q++) {
        const double *lo = box + (size_t)it[q].b * 2 * AK_MAX_DIM;
        it[q].lo = lo[ax];
        it[q].hi = lo[AK_MAX_DIM + ax];
    }
    // the fast path (finite boxes): the items are not sorted; the fast bodies' pairs are found
    // by a pass over all items (few fast bodies: a pile at rest) or through the grid, and put in
    // the order the sorted scan gives (unsorted_pairs below)
    int nfast_all = nfast, unsorted = m->paths.ccd_fast;
    for (int q = 0; q < ni && unsorted; q++)
        if (!isfinite(it[q].lo) || !isfinite(it[q].hi)) unsorted = 0;
    if (!unsorted) qsort(it, (size_t)ni, sizeof *it, cmp_item);
    // widths along the axis: boxes much wider than the median (a ground slab, a wall) are kept
    // aside and tested against every fast body; the others bound the query window
    double *wd = ws_get(w, W_WD, sizeof(double) * NB);
    int *big = ws_get(w, W_BIG, sizeof(int) * NB);
    char *isbig = ws_get(w, W_ISBIG, NB);
    char *mv = ws_get(w, W_MV, NB);
    if (!wd || !big || !isbig || !mv) return -1;
    memset(isbig, 0, NB);
    double maxw = 0;
    int nbig = 0;
    if (ni > 0) {
        for (int q = 0; q < ni; q++) wd[q] = it[q].hi - it[q].lo;
        double med;
        if (unsorted)
            med = select_kth(wd, ni, ni / 2); // the value qsort puts at ni / 2
        else {
            qsort(wd, (size_t)ni, sizeof *wd, cmp_double);
            med = wd[ni / 2];
        }
        double lim = 4.0 * med;
        for (int q = 0; q < ni; q++) {
            double wq = it[q].hi - it[q].lo;
            if (wq > lim)
                big[nbig++] = it[q].b, isbig[it[q].b] = 1;
            else
                maxw = fmax(maxw, wq);
        }
    }
    if (unsorted) {
        int with_mv = nfast_all > AK_CCD_FEW;
        cand_grid g = { 0 };
        for (int b = 0; b < N && with_mv; b++) mv[b] = (char)moves(m, b);
        // the threads by the work: the fast bodies' queries (a pile at rest has few), not the
        // body count
        int nt = ak_parallel_threads(m, nfast_all);
        if (nt > AK_CCD_THREADS) nt = AK_CCD_THREADS;
        int use_grid = with_mv && ni > 0 && grid_build(&g, n, box, it, ni, isbig, ax, w, nt) == 0;
        rc = unsorted_pairs(m, n, box, it, ni, big, nbig, maxw, fast, isbig, use_grid ? &g : NULL,
                            with_mv ? mv : NULL, w, L);
        goto planes;
    }
    // pairs (fast f, other o): o's box starts within [lo_f - maxw, hi_f] along the axis; a pair of
    // two fast bodies once (from the lower index). The grid finds the same pairs in the same
    // order; the scan below is the plain path and the fallback.
    cand_grid g = { 0 };
    for (int b = 0; b < N; b++) mv[b] = (char)moves(m, b);
    int use_grid =
        m->paths.ccd_fast && ni > 0 && grid_build(&g, n, box, it, ni, isbig, ax, w, 1) == 0;
    for (int q = 0; q < ni && !rc; q++) {
        int f = it[q].b;
        if (!fast[f]) continue;
        double lo = it[q].lo - maxw, hi = it[q].hi;
        int a0 = 0, a1 = ni; // first index with it[].lo >= lo
        while (a0 < a1) {
            int mid = (a0 + a1) / 2;
            if (it[mid].lo < lo)
                a0 = mid + 1;
            else
                a1 = mid;
        }
        int done = 0;
        if (use_grid) {
            int cnt = grid_query(&g, 0, n, box, it, ni, f, q, lo, hi, fast, isbig, mv);
            if (cnt >= 0) {
                for (int e = 0; e < cnt && !rc; e++) rc = push_cand(L, f, it[g.hits[e]].b);
                done = 1;
            }
        }
        for (int r = a0; !done && r < ni && it[r].lo <= hi && !rc; r++) {
            int o = it[r].b;
            if (o == f || isbig[o] || (fast[o] && o < f)) continue;
            if (!mv[f] && !mv[o]) continue;
            if (overlap(n, box, f, o)) rc = push_cand(L, f, o);
        }
        for (int r = 0; r < nbig && !rc; r++) {
            int o = big[r];
            if (o == f || (fast[o] && o < f)) continue;
            if (overlap(n, box, f, o)) rc = push_cand(L, f, o);
        }
    }
planes:; // (a label needs a statement before a declaration in C17)
    // every fast body against every hyperplane (their indices collected once)
    int np = 0;
    for (int p = 0; p < N; p++)
        if (m->bodies[p].shape.type == AK_SHAPE_HYPERPLANE) it[np++].b = p; // it[] is free now
    // the bound (fast path, m->paths.ccd_plane_bound): each plane's |normal|, for the first
    // AK_CCD_PLANE_BOUND planes (the others: plane_gap only)
    double nn[AK_CCD_PLANE_BOUND];
    int bound = m->paths.ccd_fast && m->paths.ccd_plane_bound && rot;
    for (int q = 0; q < np && q < AK_CCD_PLANE_BOUND && bound; q++) {
        const double *nr = m->bodies[it[q].b].shape.normal;
        double s2 = 0.0;
        for (int i = 0; i < n; i++) s2 += nr[i] * nr[i];
        nn[q] = sqrt(s2);
    }
    for (int b = 0; b < N && !rc && np; b++) {
        if (!fast[b]) continue;
        double Lb = mb[b];
        double H0 = bound ? plane_bound_h0(m, rot, b) : NAN;
        for (int q = 0; q < np && !rc; q++) {
            const ak_shape *pl = &m->bodies[it[q].b].shape;
            if (bound && q < AK_CCD_PLANE_BOUND &&
                plane_far(n, pl, d->x + (size_t)b * AK_MAX_DIM, H0 * nn[q], Lb + margin, Lb,
                          margin))
                continue;
            // the body's lowest point above the plane: farther than its motion, no impact
            double gap = plane_gap(m, d, rot, b, pl);
            if (gap > Lb + margin) continue;
            rc = push_cand(L, b, it[q].b);
        }
    }
    return rc;
}

// The pairs with contact points in c, as keys min * N + max in an open-addressing hash set
// (membership only: has_key).
typedef struct key_set {
    long long *k; // -1: empty
    size_t mask;
} key_set;

static size_t key_slot(long long key, size_t mask) {
    unsigned long long h = (unsigned long long)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 29)) & mask;
}

static int point_keys(const ak_model *m, const ak_contact_cache *c, ccd_ws *w, key_set *ks) {
    size_t T = 16;
    while (2 * T < 3 * (size_t)c->step.npoint) T <<= 1; // load at most 2/3
    ks->k = ws_get(w, W_KEYS, sizeof(long long) * T);
    if (!ks->k) return -1;
    ks->mask = T - 1;
    memset(ks->k, 0xff, sizeof(long long) * T);
    int pf = ak_prefetch_on(m);
    for (int q = 0; q < c->step.npoint; q++) {
        if (pf && q + 8 < c->step.npoint) { // the point 8 ahead's slot, prefetched (performance)
            int a8 = c->step.pts[q + 8].a, b8 = c->step.pts[q + 8].b;
            long long key8 = (long long)(a8 < b8 ? a8 : b8) * m->nbody + (a8 < b8 ? b8 : a8);
            __builtin_prefetch(ks->k + key_slot(key8, ks->mask), 1, 3);
        }
        int a = c->step.pts[q].a, b = c->step.pts[q].b;
        long long key = (long long)(a < b ? a : b) * m->nbody + (a < b ? b : a);
        size_t s = key_slot(key, ks->mask);
        while (ks->k[s] != -1 && ks->k[s] != key) s = (s + 1) & ks->mask;
        ks->k[s] = key;
    }
    return 0;
}

static int has_key(const key_set *ks, const ak_model *m, int a, int b) {
    long long key = (long long)(a < b ? a : b) * m->nbody + (a < b ? b : a);
    for (size_t s = key_slot(key, ks->mask);; s = (s + 1) & ks->mask) {
        if (ks->k[s] == key) return 1;
        if (ks->k[s] == -1) return 0;
    }
}

// A hypersphere or a hyperplane: a body whose separation from a hypersphere or hyperplane does
// not depend on its orientation.
static bool round_body(const ak_model *m, int b) {
    ak_shape_type t = m->bodies[b].shape.type;
    return t == AK_SHAPE_HYPERSPHERE || t == AK_SHAPE_HYPERPLANE;
}

// Body b's pose p with its position moved to time t and its orientation kept (pose_at's
// position).
static ak_pose pose_moved(const ak_model *m, const ak_data *d, int b, ak_pose p, double t) {
    if (!moves(m, b) || t == 0) return p;
    for (int i = 0; i < m->dim; i++) p.pos[i] += t * d->v[(size_t)b * AK_MAX_DIM + i];
    return p;
}

// Pose of body b at time t of the step's motion (x + t v, exp(-t w / 2) R, as T-5.16 / T-5.17).
static ak_pose pose_at(const ak_model *m, const ak_data *d, const double *rot, int b, double t) {
    int n = m->dim;
    ak_pose p = body_pose(m, d, rot, b);
    if (!moves(m, b) || t == 0) return p;
    double B[AK_MAX_BIV], R[AK_MAX_EVEN], Rt[AK_MAX_EVEN];
    int k = ak_nd_nbiv(n);
    for (int q = 0; q < k; q++) B[q] = -0.5 * t * d->w[(size_t)b * AK_MAX_BIV + q];
    ak_nd_rotor_exp(n, R, B);
    ak_nd_rotor_mul(n, Rt, R, d->R + (size_t)b * AK_MAX_EVEN);
    ak_nd_rotor_to_matrix(n, p.rot, Rt);
    return pose_moved(m, d, b, p, t);
}

// The material point of body b that is at world x at time t, where it is now.
static void point_now(const ak_model *m, const ak_data *d, const double *rot, int b, double t,
                      const double x[], double out[]) {
    int n = m->dim;
    if (!moves(m, b) || t == 0) {
        memcpy(out, x, sizeof(double) * (size_t)n);
        return;
    }
    ak_pose pt = pose_at(m, d, rot, b, t), p0 = body_pose(m, d, rot, b);
    double xl[AK_MAX_DIM];
    ak_pose_to_local(n, xl, &pt, x);
    ak_pose_to_world(n, out, &p0, xl);
}

// ak_ccd_contacts with the call's buffers w.
static int contacts_find(const ak_model *m, const ak_data *d, ak_contact_cache *c, double h,
                         double margin, char *err, size_t errlen, ccd_ws *w) {
    int n = m->dim, npairs = 0;
    cand_list L = cand_list_of(w, W_LIST);
    key_set keys;
    const double *rot = c->keep.rot;
    if (candidates(m, d, rot, h, margin, w, &L)) {
        snprintf(err, errlen, "ccd: out of memory");
        return -1;
    }
    if (L.n == 0) return 0; // no candidate pair: nothing to look up
    if (point_keys(m, c, w, &keys)) {
        snprintf(err, errlen, "ccd: out of memory");
        return -1;
    }
    // the times of impact of the pairs not in contact, pair by pair (on the engine's threads:
    // each pair's slots alone), then the points in the pairs' order
    // (AK_CCD_CHUNK pairs at a time)
    double *ptoi = ws_get(w, W_PTOI, sizeof(double) * AK_CCD_CHUNK);
    char *phit = ws_get(w, W_PHIT, AK_CCD_CHUNK);
    if (!ptoi || !phit) {
        snprintf(err, errlen, "ccd: out of memory");
        return -1;
    }
    const int *ab = L.ab;
    // the threads by the work: the candidate pairs, not the body count (no parallel region for
    // a few pairs)
    int nt = ak_parallel_threads(m, L.n), rc = 0;
    (void)nt; // read by the OpenMP pragmas only (a build without OpenMP has none)
    for (int e0 = 0; e0 < L.n && rc == 0; e0 += AK_CCD_CHUNK) {
        int e1 = L.n - e0 < AK_CCD_CHUNK ? L.n : e0 + AK_CCD_CHUNK;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
        for (int e = e0; e < e1; e++) {
            int f = ab[2 * e], o = ab[2 * e + 1];
            phit[e - e0] =
                !has_key(&keys, m, f, o) && pair_toi_raw(m, d, rot, f, o, h, margin, &ptoi[e - e0]);
        }
        for (int e = e0; e < e1 && rc == 0; e++) {
            int f = L.ab[2 * e], o = L.ab[2 * e + 1];
            {
                if (!phit[e - e0]) continue;
                double toi = ptoi[e - e0];
                // body order as the narrowphase: a plane is b; else the lower index is a
                int a = f, b = o;
                if (m->bodies[a].shape.type == AK_SHAPE_HYPERPLANE ||
                    (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE && b < a)) {
                    a = o;
                    b = f;
                }
                ak_pose pa = pose_at(m, d, rot, a, toi), pb = pose_at(m, d, rot, b, toi);
                ak_manifold man;
                char cerr[256] = "";
                int cnt = ak_collide_ex(&man, &m->bodies[a].shape, &pa, &m->bodies[b].shape, &pb,
                                        margin, cerr, (int)sizeof cerr);
                if (cnt < 0) {
                    snprintf(err, errlen, "ccd: bodies '%s' and '%s': %s", m->bodies[a].name,
                             m->bodies[b].name, cerr);
                    rc = -1;
                    break;
                }
                if (cnt == 0) continue;
                if (ak_contact_cache_reserve(c, c->step.npoint + cnt)) {
                    snprintf(err, errlen, "ccd: out of memory");
                    rc = -1;
                    break;
                }
                for (int q = 0; q < cnt; q++) {
                    const ak_contact *ct = &man.contacts[q];
                    double xa[AK_MAX_DIM], xb[AK_MAX_DIM], mid[AK_MAX_DIM];
                    // each body's contact point where that material point is now
                    point_now(m, d, rot, a, toi, ct->point_a, xa);
                    point_now(m, d, rot, b, toi, ct->point_b, xb);
                    for (int i = 0; i < n; i++) mid[i] = 0.5 * (xa[i] + xb[i]);
                    // [G-CCD.2] separation now along the impact normal: what the bodies cover
                    // until t* plus what is left at t*; the row u.n >= -sep / h then stops them
                    // at the surface
                    double sep = ct->separation;
                    for (int i = 0; i < n; i++)
                        sep += (xa[i] - xb[i]) * ct->normal[i] -
                               (ct->point_a[i] - ct->point_b[i]) * ct->normal[i];
                    if (!(sep > 0)) sep = ct->separation > 0 ? ct->separation : 0.0;
                    ak_contact_point *cp = &c->step.pts[c->step.npoint++];
                    memset(cp, 0, sizeof *cp);
                    cp->a = a;
                    cp->b = b;
                    cp->id =
                        ct->id ^ 0x4343440000000000ull; // "CCD": never matched with a resting point
                    cp->separation = sep;
                    for (int i = 0; i < n; i++)
                        cp->normal[i] = ct->normal[i], cp->point[i] = mid[i];
                }
                npairs++;
            }
        }
    }
    return rc ? -1 : npairs;
}

int ak_ccd_contacts(const ak_model *m, const ak_data *d, ak_contact_cache *c, double h,
                    double margin, char *err, size_t errlen) {
    return contacts_find(m, d, c, h, margin, err, errlen, &c->step.ws);
}

static int clamp_find(const ak_model *m, ak_data *d, double h, double margin, ccd_ws *w,
                      ak_ccd_clamp *cl, int k, int n);

int ak_ccd_clamp_begin(const ak_model *m, ak_data *d, double h, double margin, ak_ccd_clamp *cl) {
    cl->count = 0;
    cl->body = NULL;
    cl->saved = NULL;
    cl->owned = 0;
    int k = ak_nd_nbiv(m->dim), n = m->dim;
    if (d->contacts) return clamp_find(m, d, h, margin, &d->contacts->step.ws, cl, k, n);
    ccd_ws w = { 0 }; // no contact stage ran: the call's own buffers; the clamp's are kept
    int rc = clamp_find(m, d, h, margin, &w, cl, k, n);
    if (cl->body) {
        w.p[W_CLBODY] = w.p[W_CLSAVED] = NULL;
        cl->owned = 1;
    }
    ws_free(&w);
    return rc;
}

// ak_ccd_clamp_begin with the stage's buffers w.
static int clamp_find(const ak_model *m, ak_data *d, double h, double margin, ccd_ws *w,
                      ak_ccd_clamp *cl, int k, int n) {
    cand_list L = cand_list_of(w, W_LIST);
    const double *rot = d->contacts ? d->contacts->keep.rot : NULL;
    if (candidates(m, d, rot, h, margin, w, &L)) return -1;
    if (L.n == 0) return 0;
    const double *mb = w->p[W_MB]; // candidates' motion bounds and fast flags
    const char *fast = w->p[W_FAST];
    // the pairs in contact this step: the contact stage's points (positions have not moved)
    key_set keys;
    ak_contact_cache empty = { 0 };
    size_t NB = (size_t)(m->nbody > 0 ? m->nbody : 1);
    double *tmins = ws_get(w, W_TMINS, sizeof(double) * NB);
    double *ptm = ws_get(w, W_PTOI, sizeof(double) * AK_CCD_CHUNK);
    if (!tmins || !ptm || point_keys(m, d->contacts ? d->contacts : &empty, w, &keys)) return -1;
    const int *ab = L.ab;
    int nt = ak_parallel_threads(m, L.n); // by the candidate pairs, as contacts_find
    (void)nt;                             // read by the OpenMP pragmas only
    // each pair's earliest time (on the engine's threads: each pair's slot alone), then each
    // body's in the pairs' order (AK_CCD_CHUNK pairs at a time)
    for (int b = 0; b < m->nbody; b++) tmins[b] = h;
    for (int e0 = 0; e0 < L.n; e0 += AK_CCD_CHUNK) {
        int e1 = L.n - e0 < AK_CCD_CHUNK ? L.n : e0 + AK_CCD_CHUNK;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
        for (int e = e0; e < e1; e++) {
            int f = ab[2 * e], o = ab[2 * e + 1];
            // the earliest impact of the pair: both bodies stop there when fast
            double tmin = h;
            ptm[e - e0] = h;
            {
                double toi;
                if (!has_key(&keys, m, f, o)) {
                    // not touching (no contact point within the margin this step)
                    if (pair_toi_raw(m, d, rot, f, o, h, margin, &toi) && toi < tmin) tmin = toi;
                } else {
                    // a pass-through needs a motion of at least half the thinner body's half-width
                    double Lm = mb[f] + mb[o];
                    if (!(Lm > 0.5 * fmin(half_width(m, f), half_width(m, o)))) continue;
                    ak_pose pf = body_pose(m, d, rot, f), po = body_pose(m, d, rot, o);
                    ak_manifold man;
                    if (ak_collide(&man, &m->bodies[f].shape, &pf, &m->bodies[o].shape, &po,
                                   -INFINITY) < 0)
                        continue;
                    // touching: the contact rows hold the points in contact, but a fast turn can carry
                    // other features through a thin body within the step. Sample the motion so that no
                    // point moves more than a quarter of the margin between samples (at most
                    // AK_CCD_MAX_SAMPLES) and stop before the first sample deeper than that.  [G-CCD.3]
                    // (compared as a double: a huge motion would overflow the int)
                    double Kd = ceil(Lm / (0.25 * margin));
                    int K = Kd < AK_CCD_MAX_SAMPLES ? (int)Kd : AK_CCD_MAX_SAMPLES;
                    // two hyperspheres, or one and a hyperplane: the separation is the centres'
                    // alone (sphere_pair, plane_pair), so the samples move the centres and keep
                    // the orientations (the same separations; a rotor exponential and matrix per
                    // body and sample saved: 47 bodies of a mutated duocylinder_on_spheres, two
                    // balls grown to radius 5.25, took 8 s for 30 steps under the sanitizers)
                    bool round = round_body(m, f) && round_body(m, o);
                    for (int q = 1; q <= K; q++) {
                        double t = h * q / K;
                        ak_pose qf = round ? pose_moved(m, d, f, pf, t) : pose_at(m, d, rot, f, t),
                                qo = round ? pose_moved(m, d, o, po, t) : pose_at(m, d, rot, o, t);
                        ak_manifold mt;
                        if (ak_collide(&mt, &m->bodies[f].shape, &qf, &m->bodies[o].shape, &qo,
                                       -INFINITY) < 0)
                            break;
                        if (mt.separation < fmin(man.separation, 0.0) - 0.25 * margin) {
                            tmin = h * (q - 1) / K;
                            break;
                        }
                    }
                }
            }
            ptm[e - e0] = tmin;
        }
        for (int e = e0; e < e1; e++) {
            int f = ab[2 * e], o = ab[2 * e + 1];
            double tmin = ptm[e - e0];
            if (tmin < tmins[f]) tmins[f] = tmin;
            if (fast[o] && tmin < tmins[o]) tmins[o] = tmin; // ak_ccd_is_fast
        }
    }
    int nclamp = 0;
    for (int f = 0; f < m->nbody; f++) nclamp += tmins[f] < h;
    if (!nclamp) return 0;
    cl->body = ws_get(w, W_CLBODY, sizeof(int) * (size_t)nclamp);
    cl->saved = ws_get(w, W_CLSAVED, sizeof(double) * (size_t)nclamp * (AK_MAX_DIM + AK_MAX_BIV));
    if (!cl->body || !cl->saved) {
        cl->body = NULL, cl->saved = NULL;
        return -1;
    }
    for (int f = 0; f < m->nbody; f++) {
        double tmin = tmins[f];
        if (!(tmin < h)) continue;
        double *sv = cl->saved + (size_t)cl->count * (AK_MAX_DIM + AK_MAX_BIV);
        memcpy(sv, d->v + (size_t)f * AK_MAX_DIM, sizeof(double) * AK_MAX_DIM);
        memcpy(sv + AK_MAX_DIM, d->w + (size_t)f * AK_MAX_BIV, sizeof(double) * AK_MAX_BIV);
        cl->body[cl->count++] = f;
        double sc = tmin / h; // [G-CCD.3]
        for (int i = 0; i < n; i++) d->v[(size_t)f * AK_MAX_DIM + i] *= sc;
        for (int q = 0; q < k; q++) d->w[(size_t)f * AK_MAX_BIV + q] *= sc;
    }
    return 0;
}

void ak_ccd_clamp_end(const ak_model *m, ak_data *d, ak_ccd_clamp *cl) {
    (void)m;
    for (int q = 0; q < cl->count; q++) {
        int f = cl->body[q];
        const double *sv = cl->saved + (size_t)q * (AK_MAX_DIM + AK_MAX_BIV);
        memcpy(d->v + (size_t)f * AK_MAX_DIM, sv, sizeof(double) * AK_MAX_DIM);
        memcpy(d->w + (size_t)f * AK_MAX_BIV, sv + AK_MAX_DIM, sizeof(double) * AK_MAX_BIV);
    }
    if (cl->owned) {
        free(cl->body);
        free(cl->saved);
    }
    cl->owned = 0;
    cl->body = NULL;
    cl->saved = NULL;
    cl->count = 0;
}
