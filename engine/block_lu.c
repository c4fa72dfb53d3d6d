// Sparse block LU with a minimum-degree or minimum-fill order (see block_lu.h) [T-CV.6].
//
// Ordering: minimum degree on the block graph (George and Liu, Computer Solution of Large Sparse
// Positive Definite Systems, 1981, ch. 5): eliminate the block with the fewest neighbours in the
// elimination graph, join its neighbours into a clique, repeat. The graph is kept as one bit set
// per block (np^2 / 8 bytes), exact degrees, ties to the lowest index, so the order depends on
// the pattern only. Since 30 Nov 2026 the pivot comes from a heap keyed (degree, index) and each
// neighbour's degree from the bits of N_p its row gains (over the nonzero words of p's row),
// instead of a scan of all blocks and a count of the whole row per step: the same order
// (test_solver's block_lu_min_degree_by_definition; the world step bit for bit), pile_1000_3d's
// 60 converged steps 3 % faster. The neighbours of pivot p when it is eliminated, N_p, are the
// block pattern of its column of L and its row of U (the clique makes every update A_ab, a, b
// in N_p, land on a block of the filled pattern).
// Minimum fill (minimum deficiency; Tinney and Walker, Proc. IEEE 55, 1967, their scheme 3):
// eliminate the block whose neighbours lack the fewest links among them (the blocks its
// elimination fills), ties to the lower degree, then the lowest index. When p is eliminated
// the fill counts of N_p are counted again, and a node outside N_p loses one for each new edge
// between two of its neighbours (since 30 Nov 2026; the ordering of pile_1000_3d step 59's
// largest component 0.05 s instead of 0.16, and the counts exact: test_solver's
// block_lu_min_fill_by_definition).
// The matrix form's polish (ak_solver_converged_solve_problem) orders its components so since
// 29 Nov 2026 (one ordering per component and solve, a factorisation per Newton step), the
// world step's sparse polish since 30 Nov 2026 (one ordering per component and polish, shared
// by its passes; other rounding than minimum degree's, so other paths: judged over 17 of them,
// docs/performance.md, issue 28, "Built once per component, ordered by minimum fill").
// Numeric: for each pivot p in order, D = A_pp is factored with partial pivoting within the
// block, U_pb = D^-1 A_pb for b in N_p, and A_ab -= A_ap U_pb for a, b in N_p; forward
// z_p = D^-1 b_p, b_a -= A_ap z_p; backward x_p = z_p - sum_b U_pb x_b. No pivoting across
// blocks: the Newton matrices of the contact problem have dominant diagonal blocks (K of each
// point, or the identity rows of inactive unknowns); the polish keeps a step only if it lowers
// the residuals, so an inaccurate solve costs time, never correctness.
// All-zero blocks (since 30 Nov 2026): a separated point's rows of a Newton matrix are the
// identity, so its U blocks are zero, and many L blocks are; each L and U block is flagged when
// it is final, and the updates and the solves skip the flagged ones (an all-zero L or U block
// adds +-0 to each target, which changes nothing but a target of -0 to +0). On pile_1000_3d
// step 59's Newton matrices a quarter to a third of the block updates have a zero U block and a
// fifth a zero L block; the factorisation takes 0.8-0.87 of its time, the solves 0.83
// (docs/performance.md, issue 28). The zero entries within a block are not skipped (until 30
// Nov 2026 they were, one by one: a branch per entry that cost more than the products it saved).
// A zero entry adds +-0 as a zero block does, so the results are the same (pile_1000_3d's 60
// converged steps: the same trace).
// Supernodes (since 29 Nov 2026): runs of consecutive steps whose neighbours are nested,
// N_s = {perm[s + 1]} u N_s+1 (the points of one body pair, which share their neighbours, and
// the dense end of the elimination), are factored together on a dense copy of their L and U
// blocks (factor_n): every entry takes the same terms in the same order as in the step-by-step
// elimination, so the factors are the same bits, 1.6 times faster on the components of
// pile_1000_3d steps 47-60 (docs/performance.md, issue 28, the world step's fifth round).
#include "engine/block_lu.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ak_block_lu {
    int np, n, nn;
    int *perm;         ///< elimination order (block index of step s)
    int *nst;          ///< np + 1: step s's later neighbours are nbr[nst[s] .. nst[s+1])
    int *nbr;          ///< ... as block indices
    int *ublk;         ///< LU block of (p, nbr) for each neighbour (U)
    int *lblk;         ///< LU block of (nbr, p) (L)
    size_t *ust;       ///< np + 1: step s's updates upd[ust[s] .. ust[s+1]), |N_p|^2 of them
    int *upd;          ///< LU block of (a, b) for a, b in N_p, row-major over N_p
    int *dblk;         ///< LU block of (p, p) by block index
    int *amap;         ///< LU block of each input block (in the input's order)
    long nin;          ///< input blocks
    long nblk;         ///< LU blocks
    double *lu;        ///< nblk n x n blocks
    int *piv;          ///< np n: row swaps within each pivot block
    int *rank;         ///< elimination step of each block
    int nsn;           ///< supernodes
    int *snst;         ///< nsn + 1: supernode t holds the steps snst[t] .. snst[t + 1]
    int *fq;           ///< scratch: a supernode's L and U block indices by front position
    int *fpos;         ///< scratch: the front position of each outer neighbour (np)
    double *fd;        ///< scratch: a supernode's front, its L and U blocks dense
    unsigned char *fz; ///< scratch: whether each L and U block of a front is all zero
    unsigned char *zb; ///< whether each L and U block of the last factorisation is all zero
    double flops;
    long nfactor; ///< factorisations made with this ordering (ak_block_lu_factorisations)
};

void ak_block_lu_free(ak_block_lu *f) {
    if (!f) return;
    free(f->perm), free(f->nst), free(f->nbr), free(f->ublk), free(f->lblk), free(f->ust),
        free(f->upd);
    free(f->dblk), free(f->amap), free(f->lu), free(f->piv), free(f->rank), free(f->snst),
        free(f->fq), free(f->fpos), free(f->fd), free(f->fz), free(f->zb);
    free(f);
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

// Index of column c in the sorted row cols[0 .. len), or -1.
static int find(const int *cols, int len, int c) {
    int lo = 0, hi = len - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cols[mid] == c) return mid;
        if (cols[mid] < c)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

// Fill of eliminating node i now: the pairs of its neighbours that are not adjacent. Over the
// nonzero words of i's row only; the bits counted with the popcount instruction where the CPU
// has it (node_fill_popcnt), else one by one (the rows are sparse, and the build's target
// has no popcount instruction, whose software form is slower here): the same counts.
static inline __attribute__((always_inline)) long
node_fill_body(const uint64_t *g, int np, size_t words, int i, int *nb, bool hw) {
    const uint64_t *gi = g + (size_t)i * words;
    int m = 0, nw = 0, *wl = nb + np; // nb: the neighbours, wl: the nonzero words
    for (size_t w = 0; w < words; w++) {
        if (gi[w]) wl[nw++] = (int)w;
        for (uint64_t b = gi[w]; b; b &= b - 1)
            nb[m++] = (int)(w * 64 + (size_t)__builtin_ctzll(b));
    }
    long c = 0;
    for (int z = 0; z < m; z++) {
        const uint64_t *ga = g + (size_t)nb[z] * words;
        for (int v = 0; v < nw; v++)
            if (hw)
                c += __builtin_popcountll(gi[wl[v]] & ~ga[wl[v]]);
            else
                for (uint64_t x = gi[wl[v]] & ~ga[wl[v]]; x; x &= x - 1) c++;
        c -= 1; // nb[z] itself, in N_i but not its own neighbour
    }
    return c / 2;
}

static long node_fill(const uint64_t *g, int np, size_t words, int i, int *nb) {
    return node_fill_body(g, np, words, i, nb, false);
}

// (on x86 the popcount instruction is an extension, used where the running CPU has it; other
// targets count with their own instruction or their compiler's fallback)
#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("popcnt")))
#endif
static long
node_fill_popcnt(const uint64_t *g, int np, size_t words, int i, int *nb) {
    return node_fill_body(g, np, words, i, nb, true);
}

// The fill counter for this CPU (node_fill_popcnt where x86 has the instruction).
static long (*fill_counter(void))(const uint64_t *, int, size_t, int, int *) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("popcnt") ? node_fill_popcnt : node_fill;
#else
    (void)node_fill; // the one-by-one count is x86's fallback only
    return node_fill_popcnt;
#endif
}

// The minimum-degree order's queue: a binary heap of the live nodes keyed (degree, index), pos
// each node's place in it (so the pivot is the lowest index of the lowest degree, as a scan in
// index order picks it, in O(log np) a step instead of O(np)).
typedef struct {
    int *heap, *pos, n, np;
    const int *deg;
} deg_heap;

static inline long heap_key(const deg_heap *h, int i) { return (long)h->deg[i] * h->np + i; }

static void heap_swap(deg_heap *h, int a, int b) {
    int t = h->heap[a];
    h->heap[a] = h->heap[b], h->heap[b] = t;
    h->pos[h->heap[a]] = a, h->pos[h->heap[b]] = b;
}

static void heap_up(deg_heap *h, int k) {
    while (k > 0 && heap_key(h, h->heap[k]) < heap_key(h, h->heap[(k - 1) / 2]))
        heap_swap(h, k, (k - 1) / 2), k = (k - 1) / 2;
}

static void heap_down(deg_heap *h, int k) {
    for (;;) {
        int l = 2 * k + 1, r = l + 1, m = k;
        if (l < h->n && heap_key(h, h->heap[l]) < heap_key(h, h->heap[m])) m = l;
        if (r < h->n && heap_key(h, h->heap[r]) < heap_key(h, h->heap[m])) m = r;
        if (m == k) return;
        heap_swap(h, k, m), k = m;
    }
}

// The lowest key out of the heap.
static int heap_pop(deg_heap *h) {
    int p = h->heap[0];
    heap_swap(h, 0, --h->n);
    heap_down(h, 0);
    return p;
}

// Node i's degree changed: its place again.
static void heap_fix(deg_heap *h, int i) {
    heap_up(h, h->pos[i]);
    heap_down(h, h->pos[i]);
}

ak_block_lu *ak_block_lu_new(int np, int n, const int rs[], const int col[]) {
    return ak_block_lu_new_order(np, n, rs, col, AK_BLU_MIN_DEGREE);
}

ak_block_lu *ak_block_lu_new_order(int np, int n, const int rs[], const int col[],
                                   ak_block_lu_order order) {
    if (np <= 0 || n <= 0) return NULL;
    ak_block_lu *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->np = np, f->n = n, f->nn = n * n, f->nin = rs[np];
    size_t words = ((size_t)np + 63) / 64;
    uint64_t *g = calloc((size_t)np * words, sizeof *g);
    int *deg = calloc((size_t)np, sizeof *deg), *rank = malloc(sizeof(int) * (size_t)np);
    char *dead = calloc((size_t)np, 1);
    bool mf = order == AK_BLU_MIN_FILL;
    long (*fill_of)(const uint64_t *, int, size_t, int, int *) = fill_counter();
    int *edges = NULL; // the new edges of one elimination, pairs
    size_t ecap = 0;
    long *fil = mf ? malloc(sizeof(long) * (size_t)np) : NULL;
    int *nbs = mf ? malloc(sizeof(int) * ((size_t)np + words)) : NULL;
    int *heap = malloc(sizeof(int) * (size_t)np), *hpos = malloc(sizeof(int) * (size_t)np);
    int *nbs_w = malloc(sizeof(int) * words);
    if ((mf && (!fil || !nbs)) || !heap || !hpos || !nbs_w) {
        free(fil), free(nbs), free(g), free(deg), free(rank), free(dead), free(f), free(heap),
            free(hpos), free(nbs_w);
        return NULL;
    }
    f->perm = malloc(sizeof(int) * (size_t)np);
    f->nst = malloc(sizeof(int) * ((size_t)np + 1));
    f->dblk = malloc(sizeof(int) * (size_t)np);
    f->piv = malloc(sizeof(int) * (size_t)np * (size_t)n);
    f->amap = malloc(sizeof(int) * (size_t)(f->nin > 0 ? f->nin : 1));
    size_t cap = (size_t)rs[np] + (size_t)np;
    f->nbr = malloc(sizeof(int) * cap);
    bool ok =
        g && deg && rank && dead && f->perm && f->nst && f->dblk && f->piv && f->amap && f->nbr;
    // the graph, checked for symmetry and diagonals
    for (int i = 0; ok && i < np; i++) {
        bool diag = false;
        for (int q = rs[i]; q < rs[i + 1]; q++) {
            int j = col[q];
            if (j < 0 || j >= np)
                ok = false;
            else if (j == i)
                diag = true;
            else
                g[(size_t)i * words + (size_t)j / 64] |= 1ull << (j % 64);
        }
        if (!diag) ok = false;
    }
    for (int i = 0; ok && i < np; i++)
        for (int q = rs[i]; q < rs[i + 1]; q++) {
            int j = col[q];
            if (j != i && !(g[(size_t)j * words + (size_t)i / 64] >> (i % 64) & 1)) ok = false;
        }
    for (int i = 0; ok && i < np; i++) { // (the rows are sparse: their bits one by one)
        int c = 0;
        for (size_t w = 0; w < words; w++)
            for (uint64_t b = g[(size_t)i * words + w]; b; b &= b - 1) c++;
        deg[i] = c;
    }
    for (int i = 0; ok && mf && i < np; i++) fil[i] = fill_of(g, np, words, i, nbs);
    // minimum degree (the heap), or minimum fill (a scan; ties to the lower degree, then the
    // lowest index)
    deg_heap dh = { .heap = heap, .pos = hpos, .n = 0, .np = np, .deg = deg };
    if (ok && !mf) {
        for (int i = 0; i < np; i++) heap[i] = i, hpos[i] = i;
        dh.n = np;
        for (int k = np / 2 - 1; k >= 0; k--) heap_down(&dh, k);
    }
    int *wl = nbs_w; // the nonzero words of the pivot's row
    size_t nnb = 0;
    for (int s = 0; ok && s < np; s++) {
        int p = -1;
        if (!mf)
            p = heap_pop(&dh);
        else
            for (int i = 0; i < np; i++)
                if (!dead[i] && (p < 0 || fil[i] < fil[p] || (fil[i] == fil[p] && deg[i] < deg[p])))
                    p = i;
        dead[p] = 1;
        f->perm[s] = p;
        rank[p] = s;
        f->nst[s] = (int)nnb;
        const uint64_t *gp = g + (size_t)p * words;
        if (nnb + (size_t)deg[p] > cap) {
            size_t nc = 2 * cap + (size_t)deg[p];
            int *nb = realloc(f->nbr, sizeof(int) * nc);
            if (!nb) {
                ok = false;
                break;
            }
            f->nbr = nb, cap = nc;
        }
        for (size_t w = 0; w < words; w++)
            for (uint64_t b = gp[w]; b; b &= b - 1)
                f->nbr[nnb++] = (int)(w * 64 + (size_t)__builtin_ctzll(b));
        int nwl = 0;
        for (size_t w = 0; w < words; w++)
            if (gp[w]) wl[nwl++] = (int)w;
        size_t ne = 0;
        for (size_t z = (size_t)f->nst[s]; ok && z < nnb; z++) {
            int a = f->nbr[z];
            uint64_t *ga = g + (size_t)a * words;
            for (size_t w = (size_t)a / 64; mf && w < words; w++) { // new edges (a, b), b > a
                uint64_t nw = gp[w] & ~ga[w];
                if (w == (size_t)a / 64) nw &= ~((2ull << (a % 64)) - 1);
                for (; nw; nw &= nw - 1) {
                    if (ne == ecap) {
                        size_t nc = 2 * ecap + 64;
                        int *e2 = realloc(edges, sizeof(int) * 2 * nc);
                        if (!e2) {
                            ok = false;
                            break;
                        }
                        edges = e2, ecap = nc;
                    }
                    edges[2 * ne] = a;
                    edges[2 * ne + 1] = (int)(w * 64 + (size_t)__builtin_ctzll(nw));
                    ne++;
                }
            }
            // a's row joins p's (a and p themselves out): its degree gains the bits of p's row
            // it lacked, but a, and loses p (the same count as counting the row again)
            int gained = 0;
            for (int v = 0; v < nwl; v++) {
                size_t w = (size_t)wl[v];
                for (uint64_t b = gp[w] & ~ga[w]; b; b &= b - 1) gained++;
                ga[w] |= gp[w];
            }
            ga[(size_t)a / 64] &= ~(1ull << (a % 64));
            ga[(size_t)p / 64] &= ~(1ull << (p % 64));
            deg[a] += gained - 2; // a itself (in p's row, not in its own), and p
            if (!mf) heap_fix(&dh, a);
        }
        // The fill changes for N_p (each lost p and gained the others of N_p: counted again)
        // and for the nodes outside N_p with two neighbours that the elimination joined (one
        // pair fewer for each such new edge; their neighbours are unchanged). Counting again
        // every neighbour of N_p instead, as before 30 Nov 2026, left a pivot's only neighbour
        // with its old count (it is no neighbour of itself): not the minimum fill.
        for (size_t e = 0; mf && e < ne; e++) {
            const uint64_t *gx = g + (size_t)edges[2 * e] * words;
            const uint64_t *gy = g + (size_t)edges[2 * e + 1] * words;
            for (size_t w = 0; w < words; w++)
                for (uint64_t b = gx[w] & gy[w] & ~gp[w]; b; b &= b - 1)
                    fil[w * 64 + (size_t)__builtin_ctzll(b)]--;
        }
        for (size_t z = (size_t)f->nst[s]; mf && z < nnb; z++)
            fil[f->nbr[z]] = fill_of(g, np, words, f->nbr[z], nbs);
    }
    free(g), free(deg), free(dead), free(fil), free(nbs), free(edges), free(heap), free(hpos),
        free(nbs_w);
    if (!ok) {
        free(rank);
        ak_block_lu_free(f);
        return NULL;
    }
    f->nst[np] = (int)nnb;
    // the filled pattern by rows: {i} u N_i u {p : i in N_p}, sorted
    int *rcnt = calloc((size_t)np + 1, sizeof(int));
    f->ublk = malloc(sizeof(int) * (nnb ? nnb : 1));
    f->lblk = malloc(sizeof(int) * (nnb ? nnb : 1));
    f->ust = malloc(sizeof(size_t) * ((size_t)np + 1));
    if (!rcnt || !f->ublk || !f->lblk || !f->ust) {
        free(rank), free(rcnt);
        ak_block_lu_free(f);
        return NULL;
    }
    for (int s = 0; s < np; s++) {
        int p = f->perm[s];
        rcnt[p + 1] += 1 + (f->nst[s + 1] - f->nst[s]);
        for (int z = f->nst[s]; z < f->nst[s + 1]; z++) rcnt[f->nbr[z] + 1]++;
    }
    for (int i = 0; i < np; i++) rcnt[i + 1] += rcnt[i];
    f->nblk = rcnt[np];
    int *rcol = malloc(sizeof(int) * (size_t)f->nblk), *fill = malloc(sizeof(int) * (size_t)np);
    size_t nupd = 0;
    for (int s = 0; s < np; s++) {
        size_t d = (size_t)(f->nst[s + 1] - f->nst[s]);
        f->ust[s] = nupd;
        nupd += d * d;
    }
    f->ust[np] = nupd;
    f->upd = malloc(sizeof(int) * (nupd ? nupd : 1));
    f->lu = malloc(sizeof(double) * (size_t)f->nblk * (size_t)f->nn);
    if (!rcol || !fill || !f->upd || !f->lu) {
        free(rank), free(rcnt), free(rcol), free(fill);
        ak_block_lu_free(f);
        return NULL;
    }
    for (int i = 0; i < np; i++) fill[i] = rcnt[i], rcol[fill[i]++] = i;
    for (int s = 0; s < np; s++) {
        int p = f->perm[s];
        for (int z = f->nst[s]; z < f->nst[s + 1]; z++) {
            int a = f->nbr[z];
            rcol[fill[p]++] = a;
            rcol[fill[a]++] = p;
        }
    }
    for (int i = 0; i < np; i++)
        qsort(rcol + rcnt[i], (size_t)(rcnt[i + 1] - rcnt[i]), sizeof(int), cmp_int);
#define BLK(r, c) (rcnt[r] + find(rcol + rcnt[r], rcnt[(r) + 1] - rcnt[r], c))
    for (int i = 0; i < np; i++) f->dblk[i] = BLK(i, i);
    double nc = (double)n * n * n;
    for (int s = 0; s < np; s++) {
        int p = f->perm[s], d = f->nst[s + 1] - f->nst[s];
        const int *nb = f->nbr + f->nst[s];
        for (int z = 0; z < d; z++) {
            f->ublk[f->nst[s] + z] = BLK(p, nb[z]);
            f->lblk[f->nst[s] + z] = BLK(nb[z], p);
            for (int y = 0; y < d; y++) f->upd[f->ust[s] + (size_t)z * d + y] = BLK(nb[z], nb[y]);
        }
        f->flops += nc * (1.0 + d + (double)d * d);
    }
    for (int i = 0; i < np; i++)
        for (int q = rs[i]; q < rs[i + 1]; q++) f->amap[q] = BLK(i, col[q]);
#undef BLK
    free(rcnt), free(rcol), free(fill);
    f->rank = rank;
    // supernodes: consecutive steps s, s + 1 whose neighbours are N_s = {perm[s + 1]} u N_s+1
    // (the same outer pattern; points of one body pair, and the dense end of the elimination)
    f->snst = malloc(sizeof(int) * ((size_t)np + 1));
    if (!f->snst) {
        ak_block_lu_free(f);
        return NULL;
    }
    size_t panmax = 0;
    for (int s = 0; s < np;) {
        int e = s + 1;
        while (e < np) {
            int d0 = f->nst[e] - f->nst[e - 1], d1 = f->nst[e + 1] - f->nst[e];
            if (d0 != d1 + 1) break;
            const int *A = f->nbr + f->nst[e - 1], *B = f->nbr + f->nst[e];
            int i = 0, j = 0;
            bool same = true;
            for (; i < d0 && same; i++) {
                if (A[i] == f->perm[e]) continue;
                same = j < d1 && A[i] == B[j];
                j++;
            }
            if (!same) break;
            e++;
        }
        f->snst[f->nsn++] = s;
        size_t w = (size_t)(e - s), m = w + (size_t)(f->nst[e] - f->nst[e - 1]);
        if (w > 1 && 2 * w * m > panmax) panmax = 2 * w * m;
        s = e;
    }
    f->snst[f->nsn] = np;
    f->fz = malloc(panmax ? panmax : 1);
    f->zb = malloc((size_t)f->nblk);
    f->fq = malloc(sizeof(int) * (panmax ? panmax : 1));
    f->fpos = malloc(sizeof(int) * (size_t)np);
    f->fd = malloc(sizeof(double) * (panmax ? panmax : 1) * (size_t)f->nn);
    if (!f->fq || !f->fpos || !f->fd || !f->fz || !f->zb) {
        ak_block_lu_free(f);
        return NULL;
    }
    return f;
}

double ak_block_lu_flops(const ak_block_lu *f) { return f->flops; }

long ak_block_lu_factorisations(const ak_block_lu *f) { return f->nfactor; }

long ak_block_lu_blocks(const ak_block_lu *f) { return f->nblk; }

int ak_block_lu_supernodes(const ak_block_lu *f, int *widest) {
    if (widest) {
        *widest = 0;
        for (int t = 0; t < f->nsn; t++)
            if (f->snst[t + 1] - f->snst[t] > *widest) *widest = f->snst[t + 1] - f->snst[t];
    }
    return f->nsn;
}

// The kernels below take the block size n as an argument and are inlined into one copy per
// n of the contact problems (2 to 5, then a generic one): with n a constant the compiler
// unrolls the n x n loops. The arithmetic and its order are those of the loops as written, so
// every copy gives the same bits (no contraction: -ffp-contract=off).
#define AK_INLINE static inline __attribute__((always_inline))
#define AK_BLU_MAXNN 25 ///< the deferred updates' target in registers: blocks up to 5 x 5

// x := D^-1 x for the factored pivot block D (unit-lower L and U in place, row swaps piv), x a
// column of stride st.
AK_INLINE void dsolve(int n, const double *D, const int *piv, double *x, int st) {
    for (int j = 0; j < n; j++)
        if (piv[j] != j) {
            double t = x[j * st];
            x[j * st] = x[piv[j] * st];
            x[piv[j] * st] = t;
        }
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++) x[i * st] -= D[i * n + j] * x[j * st];
    for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++) x[i * st] -= D[i * n + j] * x[j * st];
        x[i * st] /= D[i * n + i];
    }
}

// The pivot block of step s: D = P L U with partial pivoting within the block, then
// U_pb = D^-1 A_pb for its neighbours b; 0, or -1 for a zero pivot.
// D = P L U in place with partial pivoting within the block (row swaps pv); 0, or -1 for a
// zero pivot.
AK_INLINE int pivot_block(int n, double *D, int *pv) {
    for (int j = 0; j < n; j++) {
        int r = j;
        for (int i = j + 1; i < n; i++)
            if (fabs(D[i * n + j]) > fabs(D[r * n + j])) r = i;
        pv[j] = r;
        if (r != j)
            for (int k = 0; k < n; k++) {
                double t = D[j * n + k];
                D[j * n + k] = D[r * n + k];
                D[r * n + k] = t;
            }
        if (D[j * n + j] == 0.0) return -1;
        for (int i = j + 1; i < n; i++) {
            double l = D[i * n + j] /= D[j * n + j];
            for (int k = j + 1; k < n; k++) D[i * n + k] -= l * D[j * n + k];
        }
    }
    return 0;
}

// The pivot block of step s factored (pivot_block), then U_pb = D^-1 A_pb for its neighbours b.
AK_INLINE int pivot_n(ak_block_lu *f, int n, int s) {
    int nn = n * n, p = f->perm[s], d = f->nst[s + 1] - f->nst[s], *pv = f->piv + (size_t)p * n;
    double *D = f->lu + (size_t)f->dblk[p] * nn;
    if (pivot_block(n, D, pv)) return -1;
    for (int z = 0; z < d; z++) { // U_pb = D^-1 A_pb, column by column
        double *U = f->lu + (size_t)f->ublk[f->nst[s] + z] * nn;
        for (int k = 0; k < n; k++) dsolve(n, D, pv, U + k, n);
    }
    return 0;
}

// Whether the n x n block is all zero (its updates skipped: an all-zero L or U adds +-0 to each
// target, which would change nothing but a target of -0 to +0).
AK_INLINE bool zero_block(int nn, const double *X) {
    for (int z = 0; z < nn; z++)
        if (X[z] != 0.0) return false;
    return true;
}

// B -= L U for n x n blocks, term by term (k ascending)
AK_INLINE void block_update(int n, double *B, const double *L, const double *U) {
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double l = L[i * n + k];
            for (int j = 0; j < n; j++) B[i * n + j] -= l * U[k * n + j];
        }
}

// acc -= L U for n x n blocks, term by term (k ascending)
AK_INLINE void acc_update(int n, double *acc, const double *L, const double *U) {
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double l = L[i * n + k];
            for (int j = 0; j < n; j++) acc[i * n + j] -= l * U[k * n + j];
        }
}

// Supernode by supernode. A supernode of w steps s0 .. s1 - 1 has the front s0 .. s1 - 1, then
// its outer neighbours N_s1-1 (common to all its steps): m = w + |N_s1-1| blocks, and step i's
// neighbours are the front's positions after i. Step i's row (D and U) and column (L) take the
// terms of the steps before it (left-looking), then its pivot is factored; the blocks between
// the outer neighbours take all the supernode's terms at its end. Each target block is loaded
// into registers, takes its terms in the order of the steps (k ascending within each), and is
// stored once: the same operations in the same order for every entry as the step-by-step
// elimination (pivot_n and block_update for every pair of its neighbours), so the same bits,
// with one load and store of each target per supernode instead of one per step.
AK_INLINE int factor_n(ak_block_lu *f, int n) {
    int nn = n * n;
    for (int t = 0; t < f->nsn; t++) {
        int s0 = f->snst[t], s1 = f->snst[t + 1], w = s1 - s0;
        if (w == 1 || nn > AK_BLU_MAXNN) { // step by step
            for (int s = s0; s < s1; s++) {
                if (pivot_n(f, n, s)) return -1;
                int d = f->nst[s + 1] - f->nst[s];
                const int *ub = f->ublk + f->nst[s], *lb = f->lblk + f->nst[s];
                for (int y = 0; y < d; y++) {
                    f->zb[ub[y]] = zero_block(nn, f->lu + (size_t)ub[y] * nn);
                    f->zb[lb[y]] = zero_block(nn, f->lu + (size_t)lb[y] * nn);
                }
                for (int z = 0; z < d; z++) { // A_ab -= A_ap U_pb
                    const double *L = f->lu + (size_t)lb[z] * nn;
                    if (f->zb[lb[z]]) continue;
                    const int *upd = f->upd + f->ust[s] + (size_t)z * d;
                    for (int y = 0; y < d; y++)
                        if (!f->zb[ub[y]])
                            block_update(n, f->lu + (size_t)upd[y] * nn, L,
                                         f->lu + (size_t)f->ublk[f->nst[s] + y] * nn);
                }
            }
            continue;
        }
        int dx = f->nst[s1] - f->nst[s1 - 1], m = w + dx;
        const int *ext = f->nbr + f->nst[s1 - 1];
        // Lq[i m + q], Uq[i m + q]: the L block (q, i) and the U block (i, q) of step s0 + i at
        // front position q > i (LU block indices)
        int *Lq = f->fq, *Uq = f->fq + (size_t)w * m;
        for (int z = 0; z < dx; z++) f->fpos[ext[z]] = w + z;
        for (int i = 0; i < w; i++) {
            int s = s0 + i;
            for (int q = f->nst[s]; q < f->nst[s + 1]; q++) {
                int a = f->nbr[q], r = f->rank[a], pos = r < s1 ? r - s0 : f->fpos[a];
                Lq[(size_t)i * m + pos] = f->lblk[q], Uq[(size_t)i * m + pos] = f->ublk[q];
            }
        }
        // the front gathered: Uf (i, q) = block (i, q) for q >= i (D at q = i), Lf (q, i) =
        // block (q, i) for q > i, both dense (Lf by rows q, Uf by rows i)
        double *Lf = f->fd, *Uf = f->fd + (size_t)m * w * nn;
#define LF(q, j) (Lf + ((size_t)(q)*w + (size_t)(j)) * nn)
#define UF(j, q) (Uf + ((size_t)(j)*m + (size_t)(q)) * nn)
#define LQ(i, q) (f->lu + (size_t)Lq[(size_t)(i)*m + (q)] * nn)
#define UQ(i, q)                                                                                   \
    (f->lu + (size_t)(q == i ? f->dblk[f->perm[s0 + i]] : Uq[(size_t)(i)*m + (q)]) * nn)
        for (int i = 0; i < w; i++) {
            for (int q = i; q < m; q++) memcpy(UF(i, q), UQ(i, q), sizeof(double) * (size_t)nn);
            for (int q = i + 1; q < m; q++) memcpy(LF(q, i), LQ(i, q), sizeof(double) * (size_t)nn);
        }
        unsigned char *lz = f->fz, *uz = f->fz + (size_t)m * w; // LZ(q, j), UZ(j, q)
#define LZ(q, j) lz[(size_t)(q)*w + (size_t)(j)]
#define UZ(j, q) uz[(size_t)(j)*m + (size_t)(q)]
        for (int i = 0; i < w; i++) {
            double acc[AK_BLU_MAXNN];
            for (int q = i; q < m; q++) { // row i: D (q = i) and U_iq
                double *B = UF(i, q);
                for (int z = 0; z < nn; z++) acc[z] = B[z];
                for (int j = 0; j < i; j++)
                    if (!LZ(i, j) && !UZ(j, q)) acc_update(n, acc, LF(i, j), UF(j, q));
                for (int z = 0; z < nn; z++) B[z] = acc[z];
            }
            for (int q = i + 1; q < m; q++) { // column i: L_qi
                double *B = LF(q, i);
                for (int z = 0; z < nn; z++) acc[z] = B[z];
                for (int j = 0; j < i; j++)
                    if (!LZ(q, j) && !UZ(j, i)) acc_update(n, acc, LF(q, j), UF(j, i));
                for (int z = 0; z < nn; z++) B[z] = acc[z];
                LZ(q, i) = zero_block(nn, B);
            }
            // the pivot block D = P L U, then U_iq = D^-1 A_iq
            int *pv = f->piv + (size_t)f->perm[s0 + i] * n;
            if (pivot_block(n, UF(i, i), pv)) return -1;
            for (int q = i + 1; q < m; q++) {
                for (int k = 0; k < n; k++) dsolve(n, UF(i, i), pv, UF(i, q) + k, n);
                UZ(i, q) = zero_block(nn, UF(i, q));
            }
        }
        for (int i = 0; i < w; i++) {
            for (int q = i; q < m; q++) memcpy(UQ(i, q), UF(i, q), sizeof(double) * (size_t)nn);
            for (int q = i + 1; q < m; q++) memcpy(LQ(i, q), LF(q, i), sizeof(double) * (size_t)nn);
            for (int q = i + 1; q < m; q++)
                f->zb[Uq[(size_t)i * m + q]] = UZ(i, q), f->zb[Lq[(size_t)i * m + q]] = LZ(q, i);
        }
        const int *upd = f->upd + f->ust[s1 - 1]; // the outer blocks, N_s1-1 x N_s1-1
        for (int za = 0; za < dx; za++)
            for (int zb = 0; zb < dx; zb++) {
                double *B = f->lu + (size_t)upd[(size_t)za * dx + zb] * nn, acc[AK_BLU_MAXNN];
                for (int z = 0; z < nn; z++) acc[z] = B[z];
                for (int j = 0; j < w; j++)
                    if (!LZ(w + za, j) && !UZ(j, w + zb))
                        acc_update(n, acc, LF(w + za, j), UF(j, w + zb));
                for (int z = 0; z < nn; z++) B[z] = acc[z];
            }
#undef LF
#undef UF
#undef LZ
#undef UZ
#undef LQ
#undef UQ
    }
    return 0;
}

int ak_block_lu_factor(ak_block_lu *f, const double val[], double eps) {
    int n = f->n, nn = f->nn;
    f->nfactor++;
    memset(f->lu, 0, sizeof(double) * (size_t)f->nblk * (size_t)nn);
    for (long q = 0; q < f->nin; q++) {
        double *b = f->lu + (size_t)f->amap[q] * nn;
        for (int z = 0; z < nn; z++) b[z] += val[(size_t)q * nn + z];
    }
    for (int i = 0; i < f->np; i++)
        for (int j = 0; j < n; j++) f->lu[(size_t)f->dblk[i] * nn + (size_t)j * n + j] += eps;
    switch (n) {
        case 2: return factor_n(f, 2);
        case 3: return factor_n(f, 3);
        case 4: return factor_n(f, 4);
        case 5: return factor_n(f, 5);
        default: return factor_n(f, n);
    }
}

AK_INLINE void solve_n(const ak_block_lu *f, int n, double x[]) {
    int nn = n * n;
    for (int s = 0; s < f->np; s++) {
        int p = f->perm[s];
        double *xp = x + (size_t)p * n;
        dsolve(n, f->lu + (size_t)f->dblk[p] * nn, f->piv + (size_t)p * n, xp, 1);
        for (int z = f->nst[s]; z < f->nst[s + 1]; z++) {
            if (f->zb[f->lblk[z]]) continue;
            const double *L = f->lu + (size_t)f->lblk[z] * nn;
            double *xa = x + (size_t)f->nbr[z] * n;
            for (int i = 0; i < n; i++)
                for (int k = 0; k < n; k++) xa[i] -= L[i * n + k] * xp[k];
        }
    }
    for (int s = f->np - 1; s >= 0; s--) {
        int p = f->perm[s];
        double *xp = x + (size_t)p * n;
        for (int z = f->nst[s]; z < f->nst[s + 1]; z++) {
            if (f->zb[f->ublk[z]]) continue;
            const double *U = f->lu + (size_t)f->ublk[z] * nn;
            const double *xb = x + (size_t)f->nbr[z] * n;
            for (int i = 0; i < n; i++)
                for (int k = 0; k < n; k++) xp[i] -= U[i * n + k] * xb[k];
        }
    }
}

void ak_block_lu_solve(const ak_block_lu *f, double x[]) {
    switch (f->n) {
        case 2: solve_n(f, 2, x); break;
        case 3: solve_n(f, 3, x); break;
        case 4: solve_n(f, 4, x); break;
        case 5: solve_n(f, 5, x); break;
        default: solve_n(f, f->n, x); break;
    }
}
