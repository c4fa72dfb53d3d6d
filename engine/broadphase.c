// Broadphase: sweep and prune over n-D AABBs (see broadphase.h).
#define _GNU_SOURCE // qsort_r (glibc; POSIX.1-2024)
#include "engine/broadphase.h"

#include "engine/aabb_tree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "ref/geom/support.h"
#ifdef _OPENMP
#include <omp.h>
#endif

static bool is_plane(const ak_body *b) { return b->shape.type == AK_SHAPE_HYPERPLANE; }
static bool is_static(const ak_body *b) { return b->fixed || b->inv_mass <= 0.0 || is_plane(b); }

static void aabb_m(const ak_model *m, const ak_data *d, int b, const double M[], double lo[],
                   double hi[]) {
    int n = m->dim;
    const ak_shape *s = &m->bodies[b].shape;
    const double *x = d->x + (size_t)b * AK_MAX_DIM;
    if (s->type == AK_SHAPE_HYPERSPHERE) { // fast path: the support is the radius in every axis
        for (int i = 0; i < n; i++) lo[i] = x[i] - s->radius, hi[i] = x[i] + s->radius;
        return;
    }
    double dir[AK_MAX_DIM], sp[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        // world direction e_i in the body frame is row i of M (x_world = M x_body)
        for (int j = 0; j < n; j++) dir[j] = M[i * n + j];
        double hp = ak_geom_support_local(n, sp, s, dir);
        for (int j = 0; j < n; j++) dir[j] = -dir[j];
        double hm = ak_geom_support_local(n, sp, s, dir);
        lo[i] = x[i] - hm;
        hi[i] = x[i] + hp;
    }
}

void ak_body_aabb(const ak_model *m, const ak_data *d, int b, double lo[], double hi[]) {
    double M[AK_MAX_DIM * AK_MAX_DIM];
    ak_nd_rotor_to_matrix(m->dim, M, d->R + (size_t)b * AK_MAX_EVEN);
    aabb_m(m, d, b, M, lo, hi);
}

// Signed distance of body b's shape below plane p (support distance along -normal). A
// hypersphere's support is ak_geom_support_local's (ball_support, then the dot product) written
// out here with the same operations in the same order.
static inline __attribute__((always_inline)) double plane_distance_n(int n, const ak_model *m,
                                                                     const ak_data *d,
                                                                     const ak_contact_cache *c,
                                                                     int b, const ak_shape *pl) {
    const double *M = c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM;
    double dir[AK_MAX_DIM], sp[AK_MAX_DIM];
    for (int j = 0; j < n; j++) { // -normal in the body frame: M^T (-nrm)
        dir[j] = 0.0;
        for (int i = 0; i < n; i++) dir[j] -= M[i * n + j] * pl->normal[i];
    }
    const ak_shape *s = &m->bodies[b].shape;
    double h; // max of -nrm . r
    if (s->type == AK_SHAPE_HYPERSPHERE) {
        double l2 = 0;
        for (int i = 0; i < n; i++) l2 += dir[i] * dir[i];
        double l = sqrt(l2);
        for (int i = 0; i < n; i++) sp[i] = l > 0 ? s->radius * dir[i] / l : 0.0;
        h = 0;
        for (int i = 0; i < n; i++) h += dir[i] * sp[i];
    } else
        h = ak_geom_support_local(n, sp, s, dir);
    double cx = 0.0;
    for (int i = 0; i < n; i++) cx += pl->normal[i] * d->x[(size_t)b * AK_MAX_DIM + i];
    return cx - h - pl->offset; // lowest point's height above the plane
}

static int push_pair(ak_contact_cache *c, int a, int b) {
    if (c->step.npair + 1 > c->step.paircap) {
        int nc = c->step.paircap ? 2 * c->step.paircap : 256;
        int *q = realloc(c->step.pairs, (size_t)nc * 2 * sizeof(int));
        if (!q) return -1;
        c->step.pairs = q;
        c->step.paircap = nc;
    }
    c->step.pairs[2 * c->step.npair] = a < b ? a : b;
    c->step.pairs[2 * c->step.npair + 1] = a < b ? b : a;
    c->step.npair++;
    return 0;
}

static int pair_cmp(const void *x, const void *y) {
    const int *p = x, *q = y;
    if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
    return (p[1] > q[1]) - (p[1] < q[1]);
}

// The sort's keys, passed to the comparator (qsort_r): the cache's aabb array and the axis.
typedef struct order_ctx {
    const double *key;
    int axis;
} order_ctx;
// A total order (ties by body index), so the sorted order does not depend on the sort algorithm.
static int order_cmp(const void *x, const void *y, void *ctx) {
    const double *sort_key = ((const order_ctx *)ctx)->key;
    int sort_axis = ((const order_ctx *)ctx)->axis;
    int i = *(const int *)x, j = *(const int *)y;
    double a = sort_key[(size_t)i * 2 * AK_MAX_DIM + sort_axis];
    double b = sort_key[(size_t)j * 2 * AK_MAX_DIM + sort_axis];
    if (a != b) return a < b ? -1 : 1;
    return (i > j) - (i < j);
}

// Most planes the bounded plane pass below takes (more: the plain pass).
#define AK_PLANE_BOUND_MAX 32

// The bounded plane pass (fast path, m->paths.broad_plane_bound): body by body, a hypersphere
// (radius r >= 0) skips a plane without plane_distance_n when its centre's height above the
// plane exceeds the margin by more than H = r ||M||_F |normal|, a bound of its support along
// -normal: the support is r |M^T (-normal)| <= r ||M||_F |normal| for any matrix M, and the
// rounding of plane_distance_n's sums, a few ulp of the magnitudes involved, is covered
// by a slack of 1e-9 times them (plus 1e-9 against underflow). A skipped body is then one whose
// plane_distance_n is above the margin: the same pairs as the plain pass, pushed body by body
// instead of plane by plane (sort_pairs and the other passes' sorts order them; a pair is pushed
// once). Anything non-finite fails the skip test (NaN compares false): plane_distance_n decides.
// Test perf.plane_bound_equals_plain.
static inline __attribute__((always_inline)) int
plane_pairs_bounded(int n, const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                    const int *list, int nl, const int *planes, int npl) {
    double nn[AK_PLANE_BOUND_MAX];
    for (int q = 0; q < npl; q++) {
        const double *nr = m->bodies[planes[q]].shape.normal;
        double s2 = 0.0;
        for (int i = 0; i < n; i++) s2 += nr[i] * nr[i];
        nn[q] = sqrt(s2);
    }
    for (int k = 0; k < nl; k++) {
        int b = list[k];
        const ak_shape *s = &m->bodies[b].shape;
        const double *x = d->x + (size_t)b * AK_MAX_DIM;
        double H0 = NAN; // r ||M||_F: NaN, no skip
        if (s->type == AK_SHAPE_HYPERSPHERE && s->radius >= 0) {
            const double *M = c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM;
            double f2 = 0.0;
            for (int i = 0; i < n * n; i++) f2 += M[i] * M[i];
            H0 = s->radius * sqrt(f2);
        }
        for (int q = 0; q < npl; q++) {
            const ak_shape *pl = &m->bodies[planes[q]].shape;
            double cx = 0.0;
            for (int i = 0; i < n; i++) cx += pl->normal[i] * x[i];
            double H = H0 * nn[q];
            if (cx - pl->offset - H >
                margin + 1e-9 * (1.0 + fabs(cx) + fabs(pl->offset) + H + fabs(margin)))
                continue;
            if (plane_distance_n(n, m, d, c, b, pl) <= margin && push_pair(c, b, planes[q]))
                return -1;
        }
    }
    return 0;
}

// asleep (NULL: none): sleeping bodies get no plane pair (engine/island.h). The bodies that
// can pair with a plane are listed once (in c->step.count, free until sort_pairs) and each plane
// goes through the list in body order, as a loop over all bodies would (or the bounded pass
// above). n = 3 as a constant.
static inline __attribute__((always_inline)) int plane_pairs_n(int n, const ak_model *m,
                                                               const ak_data *d,
                                                               ak_contact_cache *c, double margin,
                                                               const unsigned char *asleep) {
    int *list = c->step.count, nl = -1;
    if (m->paths.broad_plane_bound) {
        int planes[AK_PLANE_BOUND_MAX], npl = 0;
        for (int p = 0; p < m->nbody && npl <= AK_PLANE_BOUND_MAX; p++)
            if (is_plane(&m->bodies[p])) {
                if (npl < AK_PLANE_BOUND_MAX) planes[npl] = p;
                npl++;
            }
        if (npl == 0) return 0;
        if (npl <= AK_PLANE_BOUND_MAX) {
            nl = 0;
            for (int b = 0; b < m->nbody; b++)
                if (!is_static(&m->bodies[b]) && !(asleep && asleep[b])) list[nl++] = b;
            return plane_pairs_bounded(n, m, d, c, margin, list, nl, planes, npl);
        }
    }
    for (int p = 0; p < m->nbody; p++) {
        if (!is_plane(&m->bodies[p])) continue;
        if (nl < 0) {
            nl = 0;
            for (int b = 0; b < m->nbody; b++)
                if (!is_static(&m->bodies[b]) && !(asleep && asleep[b])) list[nl++] = b;
        }
        for (int k = 0; k < nl; k++) {
            int b = list[k];
            if (plane_distance_n(n, m, d, c, b, &m->bodies[p].shape) <= margin &&
                push_pair(c, b, p))
                return -1;
        }
    }
    return 0;
}

static int plane_pairs_masked(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                              double margin, const unsigned char *asleep) {
    // (n = 4 as a constant measured slower here: gcc's code for it took twice the time)
    if (m->dim == 3) return plane_pairs_n(3, m, d, c, margin, asleep);
    return plane_pairs_n(m->dim, m, d, c, margin, asleep);
}

static int plane_pairs(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin) {
    return plane_pairs_masked(m, d, c, margin, NULL);
}

// ak_nd_rotor_to_matrix (ref/ga/nd.c: M e_j = R e_j R~ by two products of full multivectors
// on bitmasks) with the products cut to the terms that can be non-zero, every remaining
// operation the same and in the same order, so the same bits (test perf.rotor_matrix_exact):
// T = A e_j has one term per even blade x (x ^ e_j gets s(x, e_j) A_x, added to +0.0), and
// (T Ar)_i sums s(x, y) T_x Ar_y over x ascending with y = x ^ e_i.
static inline double blade_sign(unsigned a, unsigned b) {
    int swaps = 0;
    for (a >>= 1; a; a >>= 1) // the set bits of a & b (at most AK_MAX_DIM; no libgcc call)
        for (unsigned x = a & b; x; x &= x - 1) swaps++;
    return (swaps & 1) ? -1.0 : 1.0;
}

// The even blade masks in ak_nd_even_mask's order (grade by grade, lexicographic in a grade).
static void subsets(int n, int from, int g, unsigned prefix, unsigned masks[], int *count) {
    if (g == 0) {
        masks[(*count)++] = prefix;
        return;
    }
    for (int i = from; i <= n - g; i++) subsets(n, i + 1, g - 1, prefix | (1u << i), masks, count);
}

static void rotor_matrix_plain(int n, double M[], const double R[]) {
    enum { FULLM = 1u << AK_MAX_DIM };
    double A[FULLM] = { 0 }, Ar[FULLM] = { 0 }, Rr[AK_MAX_EVEN];
    unsigned full = 1u << n;
    ak_nd_rotor_reverse(n, Rr, R);
    unsigned masks[AK_MAX_EVEN];
    int ne = 0;
    for (int g = 0; g <= n; g += 2) subsets(n, 0, g, 0u, masks, &ne);
    for (int k = 0; k < ne; k++) {
        A[masks[k]] = R[k];
        Ar[masks[k]] = Rr[k];
    }
    for (int j = 0; j < n; j++) {
        unsigned ej = 1u << j;
        double T[FULLM];
        for (unsigned x = 0; x < full; x++) T[x] = 0.0;
        for (unsigned x = 0; x < full; x++) {
            if (A[x] == 0.0) continue;
            T[x ^ ej] += blade_sign(x, ej) * A[x] * 1.0;
        }
        for (int i = 0; i < n; i++) {
            unsigned ei = 1u << i;
            double acc = 0.0;
            for (unsigned x = 0; x < full; x++) {
                if (T[x] == 0.0) continue;
                unsigned y = x ^ ei;
                if (Ar[y] != 0.0) acc += blade_sign(x, y) * T[x] * Ar[y];
            }
            M[i * n + j] = acc;
        }
    }
}

// The same matrix from a table of its terms (fast path). For a finite rotor every term the
// plain path leaves out is a product with a zero factor, +-0, and adding +-0 to the sum (which
// starts at +0.0 and is never -0.0) leaves it as it is; every other term is T_x Ar_y =
// (s(x ^ e_j, e_j) A_(x ^ e_j)) (rev_y A_y), that is +-(R_k R_l) exactly (the signs are +-1, the
// rounding of a product is symmetric in sign), added in the same order (x ascending). So the
// table gives the plain path's bits for any finite rotor; a rotor with a non-finite component
// takes the plain path. Test perf.rotor_matrix_table_equals_plain.
enum { RM_TERMS = AK_MAX_EVEN }; // odd blades x: 2^(n-1) terms per entry
typedef struct rm_table {
    unsigned char k[AK_MAX_DIM][AK_MAX_DIM][RM_TERMS], l[AK_MAX_DIM][AK_MAX_DIM][RM_TERMS];
    signed char neg[AK_MAX_DIM][AK_MAX_DIM][RM_TERMS];
    int nt[AK_MAX_DIM][AK_MAX_DIM];
} rm_table;
// A per-process cache of constants: the tables depend on n only, are built once (call_once) on
// the first use and only read after that, the same for every world.
static rm_table rm_tables[AK_MAX_DIM + 1];
static once_flag rm_once = ONCE_FLAG_INIT;

static void rm_build(void) {
    for (int n = 1; n <= AK_MAX_DIM; n++) {
        rm_table *tb = &rm_tables[n];
        unsigned full = 1u << n, masks[AK_MAX_EVEN];
        int ne = 0, idx[1u << AK_MAX_DIM];
        for (int g = 0; g <= n; g += 2) subsets(n, 0, g, 0u, masks, &ne);
        for (unsigned x = 0; x < full; x++) idx[x] = -1;
        for (int k = 0; k < ne; k++) idx[masks[k]] = k;
        for (int j = 0; j < n; j++) {
            unsigned ej = 1u << j;
            for (int i = 0; i < n; i++) {
                unsigned ei = 1u << i;
                int t = 0;
                for (unsigned x = 0; x < full; x++) {
                    unsigned src = x ^ ej, y = x ^ ei;
                    if (idx[src] < 0 || idx[y] < 0) continue; // a structural zero of T or Ar
                    int g = __builtin_popcount(y);
                    double rev = (g / 2) % 2 ? -1.0 : 1.0; // grade 2 mod 4 flips (reversion)
                    double sg = blade_sign(src, ej) * blade_sign(x, y) * rev;
                    tb->k[i][j][t] = (unsigned char)idx[src];
                    tb->l[i][j][t] = (unsigned char)idx[y];
                    tb->neg[i][j][t] = sg < 0;
                    t++;
                }
                tb->nt[i][j] = t;
            }
        }
    }
}

static inline __attribute__((always_inline)) void rotor_matrix_table(int n, double M[],
                                                                     const double R[]) {
    const rm_table *tb = &rm_tables[n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double acc = 0.0;
            for (int t = 0; t < tb->nt[i][j]; t++) {
                double p = R[tb->k[i][j][t]] * R[tb->l[i][j][t]];
                acc += tb->neg[i][j][t] ? -p : p;
            }
            M[i * n + j] = acc;
        }
}

void ak_broadphase_rotor_matrix(int n, double M[], const double R[], bool fast) {
    int ne = 1 << (n - 1), finite = fast && n >= 1 && n <= AK_MAX_DIM;
    for (int k = 0; k < ne && finite; k++) finite = isfinite(R[k]);
    if (!finite) {
        rotor_matrix_plain(n, M, R);
        return;
    }
    call_once(&rm_once, rm_build);
    if (n == 3)
        rotor_matrix_table(3, M, R);
    else if (n == 4)
        rotor_matrix_table(4, M, R);
    else
        rotor_matrix_table(n, M, R);
}

// skip (NULL: none): bodies whose box and matrix are kept from an earlier step (sleeping bodies)
static void fill_aabbs_masked(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                              double margin, const unsigned char *skip) {
    int n = m->dim;
#pragma omp parallel for schedule(static) num_threads(ak_parallel_threads(m, m->nbody))
    for (int b = 0; b < m->nbody; b++) {
        if (is_plane(&m->bodies[b]) || (skip && skip[b])) continue; // (ends this iteration only)
        double *M = c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM;
        ak_broadphase_rotor_matrix(n, M, d->R + (size_t)b * AK_MAX_EVEN,
                                   m->paths.broad_fast_matrix);
        double *lo = c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM, *hi = lo + AK_MAX_DIM;
        aabb_m(m, d, b, M, lo, hi);
        for (int i = 0; i < n; i++) lo[i] -= 0.5 * margin, hi[i] += 0.5 * margin;
    }
}

static void fill_aabbs(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin) {
    fill_aabbs_masked(m, d, c, margin, NULL);
}

static bool overlap(int n, const double *A, const double *B) {
    for (int i = 0; i < n; i++)
        if (A[AK_MAX_DIM + i] < B[i] || B[AK_MAX_DIM + i] < A[i]) return false;
    return true;
}

int ak_broadphase_sap(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin) {
    int n = m->dim, cnt = 0;
    c->step.npair = 0;
    c->stats.broad_tests = 0;
    fill_aabbs(m, d, c, margin);
    double mean[AK_MAX_DIM] = { 0 }, var[AK_MAX_DIM] = { 0 };
    for (int b = 0; b < m->nbody; b++) {
        if (is_plane(&m->bodies[b])) continue;
        c->step.order[cnt++] = b;
        const double *lo = c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM;
        for (int i = 0; i < n; i++) {
            double ctr = 0.5 * (lo[i] + lo[AK_MAX_DIM + i]);
            mean[i] += ctr, var[i] += ctr * ctr;
        }
    }
    int axis = 0;
    for (int i = 0; i < n && cnt > 0; i++) {
        double v = var[i] / cnt - (mean[i] / cnt) * (mean[i] / cnt);
        double v0 = var[axis] / cnt - (mean[axis] / cnt) * (mean[axis] / cnt);
        if (v > v0) axis = i;
    }
    order_ctx ctx = { c->keep.aabb, axis };
    if (cnt > 1) qsort_r(c->step.order, (size_t)cnt, sizeof(int), order_cmp, &ctx);
    for (int s = 0; s < cnt; s++) {
        int a = c->step.order[s];
        const double *A = c->keep.aabb + (size_t)a * 2 * AK_MAX_DIM;
        for (int t = s + 1; t < cnt; t++) {
            int b = c->step.order[t];
            const double *B = c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM;
            if (B[axis] > A[AK_MAX_DIM + axis]) break; // sorted: no later box can overlap
            c->stats.broad_tests++;
            if (is_static(&m->bodies[a]) && is_static(&m->bodies[b])) continue;
            if (overlap(n, A, B) && push_pair(c, a, b)) return -1;
        }
    }
    if (plane_pairs(m, d, c, margin)) return -1;
    if (c->step.npair > 1) qsort(c->step.pairs, (size_t)c->step.npair, 2 * sizeof(int), pair_cmp);
    return 0;
}

int ak_broadphase_all_pairs(const ak_model *m, const ak_data *d, ak_contact_cache *c,
                            double margin) {
    int n = m->dim;
    c->step.npair = 0;
    c->stats.broad_tests = 0;
    fill_aabbs(m, d, c, margin);
    for (int a = 0; a < m->nbody; a++) {
        if (is_plane(&m->bodies[a])) continue;
        for (int b = a + 1; b < m->nbody; b++) {
            if (is_plane(&m->bodies[b])) continue;
            c->stats.broad_tests++;
            if (is_static(&m->bodies[a]) && is_static(&m->bodies[b])) continue;
            if (overlap(n, c->keep.aabb + (size_t)a * 2 * AK_MAX_DIM,
                        c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM) &&
                push_pair(c, a, b))
                return -1;
        }
    }
    if (plane_pairs(m, d, c, margin)) return -1;
    if (c->step.npair > 1) qsort(c->step.pairs, (size_t)c->step.npair, 2 * sizeof(int), pair_cmp);
    return 0;
}

// Sort the pair list by (a, b): counting sort on a (pairs have a < b), then insertion sort of
// each run on b (runs are short: a body's neighbours). Same order as qsort with pair_cmp.
static int sort_pairs(const ak_model *m, ak_contact_cache *c) {
    int np = c->step.npair, nb = m->nbody;
    if (np < 2) return 0;
    if (np > c->step.pairtmpcap) {
        int *q = realloc(c->step.pairtmp, (size_t)np * 2 * sizeof(int));
        if (!q) return -1;
        c->step.pairtmp = q;
        c->step.pairtmpcap = np;
    }
    int *cnt = c->step.count;
    memset(cnt, 0, sizeof(int) * (size_t)(nb + 1));
    for (int p = 0; p < np; p++) cnt[c->step.pairs[2 * p] + 1]++;
    for (int b = 0; b < nb; b++) cnt[b + 1] += cnt[b];
    for (int p = 0; p < np; p++) {
        int a = c->step.pairs[2 * p], at = cnt[a]++;
        c->step.pairtmp[2 * at] = a;
        c->step.pairtmp[2 * at + 1] = c->step.pairs[2 * p + 1];
    }
    // cnt[a] is now the end of run a; runs are contiguous from 0
    int s = 0;
    for (int a = 0; a < nb; a++) {
        int e = cnt[a];
        for (int i = s + 1; i < e; i++) {
            int v = c->step.pairtmp[2 * i + 1], j = i - 1;
            while (j >= s && c->step.pairtmp[2 * j + 1] > v) {
                c->step.pairtmp[2 * (j + 1) + 1] = c->step.pairtmp[2 * j + 1];
                j--;
            }
            c->step.pairtmp[2 * (j + 1) + 1] = v;
        }
        s = e;
    }
    int *t = c->step.pairs;
    int cap = c->step.paircap;
    c->step.pairs = c->step.pairtmp;
    c->step.paircap = c->step.pairtmpcap;
    c->step.pairtmp = t;
    c->step.pairtmpcap = cap;
    return 0;
}

// ---- incremental: fat boxes (G-BP.1) -------------------------------------------------------
// Each body that moves gets a fat box, its AABB grown by a slack of AK_FAT_SLACK times its
// largest extent on every side (a body that cannot move: no slack), and c->keep.fat_pairs holds every
// pair of non-plane bodies whose fat boxes overlap. While a body's AABB stays inside its fat
// box its fat box does not change; a body that leaves it (or every body, the first time) gets
// a new fat box, its old fat pairs are dropped and it is queried again: the tree over the
// AABBs, with its fat box grown by the largest slack (an AABB lies inside its fat box, which
// lies inside the AABB grown by the slack, so every fat box that meets the query's fat box is
// found), then the fat boxes are tested. Every pair of overlapping AABBs is a pair of
// overlapping fat boxes, so the pairs of the step are the fat pairs whose AABBs overlap: the
// same set as the queries above, sorted the same way (sort_pairs). A resting pile re-queries
// almost no body (test perf.broadphase_tree_refit_equals_all_pairs).
#define AK_FAT_SLACK 0.05
#define AK_FAT_MASS 4 // more than 1 in AK_FAT_MASS bodies left their fat box: query every body

// Mark in c->step.esc the bodies whose AABB left its fat box (every body while the fat boxes are not
// valid); returns their count.
static int count_escapes(const ak_model *m, ak_contact_cache *c) {
    int n = m->dim, ne = 0;
    for (int b = 0; b < m->nbody; b++) {
        c->step.esc[b] = 0;
        if (is_plane(&m->bodies[b])) continue;
        const double *A = c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM,
                     *F = c->keep.fat + (size_t)b * 2 * AK_MAX_DIM;
        bool inside = c->keep.fat_boxes_ok;
        for (int i = 0; i < n && inside; i++)
            inside = A[i] >= F[i] && A[AK_MAX_DIM + i] <= F[AK_MAX_DIM + i];
        if (!inside) c->step.esc[b] = 1, ne++;
    }
    return ne;
}

// The fat box of body b from its AABB.
static void fat_box(const ak_model *m, ak_contact_cache *c, int b) {
    int n = m->dim;
    const double *A = c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM;
    double *F = c->keep.fat + (size_t)b * 2 * AK_MAX_DIM, ext = 0.0;
    for (int i = 0; i < n; i++) ext = fmax(ext, A[AK_MAX_DIM + i] - A[i]);
    double sl = is_static(&m->bodies[b]) ? 0.0 : AK_FAT_SLACK * ext;
    if (!(sl <= 1e300)) sl = 0.0; // a non-finite box: no slack (its tests fail anyway)
    c->keep.fat_dmax = fmax(c->keep.fat_dmax, sl);
    for (int i = 0; i < n; i++) F[i] = A[i] - sl, F[AK_MAX_DIM + i] = A[AK_MAX_DIM + i] + sl;
}

// The step's pairs from the kept fat pairs; c->step.esc marks the bodies to query again (all of them
// when the fat pairs are not valid).
static int incremental(const ak_model *m, ak_contact_cache *c, int cnt) {
    int n = m->dim, N = m->nbody, ne = 0;
    long tests = 0;
    for (int b = 0; b < N; b++) {
        if (!c->keep.fat_ok && !is_plane(&m->bodies[b])) c->step.esc[b] = 1;
        ne += c->step.esc[b];
    }
    if (!c->keep.fat_ok) c->keep.fat_pairs.n = 0;
    if (ne > 0) {
        // new fat boxes for the bodies that left theirs; drop their pairs
        for (int b = 0; b < N; b++)
            if (c->step.esc[b]) fat_box(m, c, b);
        int k = 0;
        for (int q = 0; q < c->keep.fat_pairs.n; q++) {
            int a = c->keep.fat_pairs.p[2 * q], b = c->keep.fat_pairs.p[2 * q + 1];
            if (c->step.esc[a] || c->step.esc[b]) continue;
            c->keep.fat_pairs.p[2 * k] = a, c->keep.fat_pairs.p[2 * k + 1] = b, k++;
        }
        c->keep.fat_pairs.n = k;
        ak_tree_update(m, c, cnt, false);
        for (int e = 0; e < N; e++) {
            if (!c->step.esc[e]) continue;
            c->stats.fat_requeries++;
            const double *Fe = c->keep.fat + (size_t)e * 2 * AK_MAX_DIM;
            double Q[2 * AK_MAX_DIM];
            for (int i = 0; i < n; i++)
                Q[i] = Fe[i] - c->keep.fat_dmax,
                Q[AK_MAX_DIM + i] = Fe[AK_MAX_DIM + i] + c->keep.fat_dmax;
            int stack[128], sp = 0;
            stack[sp++] = 0;
            while (sp > 0) {
                const ak_tree_node *nd = &c->keep.tree[stack[--sp]];
                tests++;
                if (!ak_tree_overlaps_box(n, Q, nd)) continue;
                int o = nd->body;
                if (o < 0) {
                    stack[sp++] = nd->left;
                    stack[sp++] = nd->right;
                    continue;
                }
                if (o == e || (c->step.esc[o] && o < e))
                    continue; // a pair of two re-queried bodies once
                if (!overlap(n, Fe, c->keep.fat + (size_t)o * 2 * AK_MAX_DIM)) continue;
                if (ak_pair_buf_push(&c->keep.fat_pairs, e < o ? e : o, e < o ? o : e)) return -1;
            }
        }
    }
    c->keep.fat_ok = c->keep.fat_boxes_ok = 1;
    // the step's pairs: fat pairs whose AABBs overlap, of bodies not both static
    int total = 0;
    if (c->keep.fat_pairs.n > c->step.paircap) {
        int *q = realloc(c->step.pairs, (size_t)c->keep.fat_pairs.n * 2 * sizeof(int));
        if (!q) return -1;
        c->step.pairs = q;
        c->step.paircap = c->keep.fat_pairs.n;
    }
    // each body's static flag read once into c->step.count (free until the plane pass and
    // sort_pairs), not from two bodies' records per pair
    int *st = c->step.count, pf = ak_prefetch_on(m);
    for (int b = 0; b < N; b++) st[b] = is_static(&m->bodies[b]);
    for (int q = 0; q < c->keep.fat_pairs.n; q++) {
        if (pf && q + 8 < c->keep.fat_pairs.n) { // the box of the pair 8 ahead (performance)
            const double *B8 =
                c->keep.aabb + (size_t)c->keep.fat_pairs.p[2 * q + 17] * 2 * AK_MAX_DIM;
            __builtin_prefetch(B8, 0, 3), __builtin_prefetch(B8 + 2 * AK_MAX_DIM - 1, 0, 3);
        }
        int a = c->keep.fat_pairs.p[2 * q], b = c->keep.fat_pairs.p[2 * q + 1];
        tests++;
        if (st[a] && st[b]) continue;
        if (!overlap(n, c->keep.aabb + (size_t)a * 2 * AK_MAX_DIM,
                     c->keep.aabb + (size_t)b * 2 * AK_MAX_DIM))
            continue;
        c->step.pairs[2 * total] = a, c->step.pairs[2 * total + 1] = b, total++;
    }
    c->step.npair = total;
    c->stats.broad_tests = tests;
    return 0;
}

int ak_broadphase(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin) {
    return ak_broadphase_masked(m, d, c, margin, NULL, false);
}

int ak_broadphase_masked(const ak_model *m, const ak_data *d, ak_contact_cache *c, double margin,
                         const unsigned char *asleep, bool fill_asleep) {
    int n = m->dim, cnt = 0;
    c->step.npair = 0;
    c->stats.broad_tests = 0;
    fill_aabbs_masked(m, d, c, margin, fill_asleep ? NULL : asleep);
    for (int b = 0; b < m->nbody; b++)
        if (!is_plane(&m->bodies[b])) cnt++;
    if (cnt > 1 && m->paths.broad_incremental && !asleep) {
        // few bodies left their fat box: the kept pairs; many (a falling pile): the query of
        // every body below (in parallel where the engine uses threads), and every body a fresh
        // fat box, whose pairs the next step with few escapes computes
        if (AK_FAT_MASS * count_escapes(m, c) <= cnt) {
            if (incremental(m, c, cnt)) return -1;
            if (plane_pairs_masked(m, d, c, margin, asleep)) return -1;
            return sort_pairs(m, c);
        }
        for (int b = 0; b < m->nbody; b++)
            if (!is_plane(&m->bodies[b])) fat_box(m, c, b);
        c->keep.fat_boxes_ok = 1;
        c->keep.fat_ok = 0;
    } else
        c->keep.fat_ok = c->keep.fat_boxes_ok = 0; // the other paths keep neither
    if (cnt > 1) {
        ak_tree_update(m, c, cnt, true);
        // query every body against the tree, in parallel: each thread fills its own list, the
        // lists are concatenated and sorted below, so the result does not depend on the threads
        int nt = ak_parallel_threads(m, m->nbody), fail = 0, per_body = 1;
        // one thread: the tree against itself (half the box tests of the per-body query); not
        // with a sleep mask, where the per-body query skips the sleeping bodies' descents (a
        // sleeping pile costs no box test) and keeps the mask's pairs
        if (nt == 1 && m->paths.broad_self_query && !asleep)
            per_body = ak_tree_self_query(m, c, &c->step.tbuf[0]);
        if (per_body < 0) return -1;
        for (int t = 0; t < nt && per_body; t++) c->step.tbuf[t].n = 0, c->step.tbuf[t].tests = 0;
#pragma omp parallel num_threads(nt) reduction(| : fail) if (per_body)
        if (per_body) {
            int t = 0;
#ifdef _OPENMP
            t = omp_get_thread_num();
#endif
            ak_pair_buf *pb = &c->step.tbuf[t];
#pragma omp for schedule(static)
            for (int a = 0; a < m->nbody; a++) {
                if (fail || is_plane(&m->bodies[a]) || (asleep && asleep[a])) continue;
                const double *A = c->keep.aabb + (size_t)a * 2 * AK_MAX_DIM;
                bool sa = is_static(&m->bodies[a]);
                int stack[128], sp = 0;
                stack[sp++] = 0;
                while (sp > 0) {
                    const ak_tree_node *nd = &c->keep.tree[stack[--sp]];
                    pb->tests++;
                    if (!ak_tree_overlaps_box(n, A, nd)) continue;
                    int body = nd->body;
                    if (body >= 0) {
                        // with a sleep mask, a sleeping body makes no query: an awake body
                        // pairs with every sleeping one it meets, a static body with none
                        bool keep =
                            !asleep ? body > a && !(sa && is_static(&m->bodies[body]))
                                    : body != a && (body > a || asleep[body]) &&
                                          !(sa && (is_static(&m->bodies[body]) || asleep[body]));
                        if (keep) {
                            if (pb->n + 1 > pb->cap) {
                                int nc = pb->cap ? 2 * pb->cap : 256;
                                int *q = realloc(pb->p, (size_t)nc * 2 * sizeof(int));
                                if (!q) {
                                    fail = 1;
                                    break;
                                }
                                pb->p = q;
                                pb->cap = nc;
                            }
                            pb->p[2 * pb->n] = a < body ? a : body;
                            pb->p[2 * pb->n + 1] = a < body ? body : a;
                            pb->n++;
                        }
                        continue;
                    }
                    stack[sp++] = nd->left;
                    stack[sp++] = nd->right;
                }
            }
        }
        if (fail) return -1;
        int total = 0;
        for (int t = 0; t < nt; t++)
            total += c->step.tbuf[t].n, c->stats.broad_tests += c->step.tbuf[t].tests;
        if (total > c->step.paircap) {
            int *q = realloc(c->step.pairs, (size_t)total * 2 * sizeof(int));
            if (!q) return -1;
            c->step.pairs = q;
            c->step.paircap = total;
        }
        for (int t = 0; t < nt; t++) {
            if (c->step.tbuf[t].n)
                memcpy(c->step.pairs + 2 * (size_t)c->step.npair, c->step.tbuf[t].p,
                       sizeof(int) * 2 * (size_t)c->step.tbuf[t].n);
            c->step.npair += c->step.tbuf[t].n;
        }
    }
    c->keep.tree_last_tests = c->stats.broad_tests;
    if (c->keep.tree_tests < 0) c->keep.tree_tests = c->stats.broad_tests;
    if (plane_pairs_masked(m, d, c, margin, asleep)) return -1;
    return sort_pairs(m, c);
}
