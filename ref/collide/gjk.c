// GJK (G-9) with an exact n-D sub-simplex projection (G-8 generalised to the n-simplex),
// closest points (G-11), EPA with (n-1)-simplex facets (G-10) and the n-D convex hull
// (G-4, G-6). Derivations: docs/formulas/collide.md.
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ref/collide/collide.h"
#include "ref/geom/linalg.h"

#define GJK_MAX_ITER 256
#define GJK_REL_TOL 1e-15 // stop when |v|^2 - v.w <= tol |v|^2: distance error <= tol |v|

// --- sub-simplex projection (G-8 generalised) -----------------------------------------------
// The closest point of conv(P) to the origin. On the affine hull the optimum has barycentric
// coordinates lambda solving the Gram system (equivalently, ratios of signed volumes of the
// sub-simplices, Hodges ch. 8). When all lambda > 0 it is the answer; otherwise the answer lies
// in a facet opposite a vertex with lambda <= 0 (KKT: moving towards the affine optimum stays
// feasible otherwise), so recurse on those facets and keep the nearest. Affinely dependent sets
// recurse on all facets (Caratheodory: the hull is the union of the facets' hulls).
static double sub_project(int n, const double *P, unsigned mask, double lam[], int total) {
    int idx[AK_MAX_DIM + 1] = { 0 }, m = 0; // initialised: gcc -fsanitize cannot see m >= 1
    for (int i = 0; i < total; i++)
        if (mask & (1u << i)) idx[m++] = i;
    for (int i = 0; i < total; i++) lam[i] = 0;
    if (m == 1) {
        lam[idx[0]] = 1;
        return ak_la_dot(n, P + idx[0] * n, P + idx[0] * n);
    }
    const double *p0 = P + idx[0] * n;
    double E[AK_MAX_DIM * AK_MAX_DIM], G[AK_MAX_DIM * AK_MAX_DIM], rhs[AK_MAX_DIM], mu[AK_MAX_DIM];
    int k = m - 1;
    for (int j = 0; j < k; j++)
        for (int c = 0; c < n; c++) E[j * n + c] = P[idx[j + 1] * n + c] - p0[c];
    for (int i = 0; i < k; i++) {
        for (int j = 0; j < k; j++) G[i * k + j] = ak_la_dot(n, E + i * n, E + j * n);
        rhs[i] = -ak_la_dot(n, E + i * n, p0);
    }
    int ok = (k <= n) && ak_la_solve(k, G, rhs, mu, 1e-12);
    double l[AK_MAX_DIM + 1];
    int allpos = ok;
    if (ok) {
        double s = 0;
        for (int j = 0; j < k; j++) l[j + 1] = mu[j], s += mu[j];
        l[0] = 1 - s;
        for (int j = 0; j < m; j++)
            if (!(l[j] > 0)) allpos = 0;
    }
    if (allpos) {
        double x[AK_MAX_DIM] = { 0 };
        for (int j = 0; j < m; j++) {
            lam[idx[j]] = l[j];
            for (int c = 0; c < n; c++) x[c] += l[j] * P[idx[j] * n + c];
        }
        return ak_la_dot(n, x, x);
    }
    double best = INFINITY, tmp[AK_MAX_DIM + 1];
    for (int j = 0; j < m; j++) {
        if (ok && l[j] > 0) continue;
        double d = sub_project(n, P, mask & ~(1u << idx[j]), tmp, total);
        if (d < best) {
            best = d;
            memcpy(lam, tmp, sizeof(double) * (size_t)total);
        }
    }
    return best;
}

double ak_collide_simplex_closest(int n, double lambda[], const double pts[], int m) {
    if (m < 1 || m > n + 1) return NAN;
    return sub_project(n, pts, (1u << m) - 1, lambda, m);
}

// --- supports of the Minkowski difference --------------------------------------------------
static void core_support(int n, double out[], const ak_shape *s, const ak_pose *p, const double d[],
                         int core) {
    if (core && s->type == AK_SHAPE_HYPERSPHERE) {
        memcpy(out, p->pos, sizeof(double) * (size_t)n);
        return;
    }
    if (core && s->type == AK_SHAPE_HYPERCAPSULE) {
        double a[AK_MAX_DIM], b[AK_MAX_DIM], u = 0;
        ak_geom_capsule_segment(n, a, b, s, p);
        for (int i = 0; i < n; i++) u += d[i] * (b[i] - a[i]);
        memcpy(out, u >= 0 ? b : a, sizeof(double) * (size_t)n);
        return;
    }
    ak_geom_support(n, out, s, p, d);
}

typedef struct pair_ctx {
    int n, core;
    const ak_shape *a, *b;
    const ak_pose *pa, *pb;
} pair_ctx;

// w = s_A(d) - s_B(-d), the support of A - B in direction d.
static void md_support(const pair_ctx *c, double w[], double wa[], double wb[], const double d[]) {
    double nd[AK_MAX_DIM];
    for (int i = 0; i < c->n; i++) nd[i] = -d[i];
    core_support(c->n, wa, c->a, c->pa, d, c->core);
    core_support(c->n, wb, c->b, c->pb, nd, c->core);
    for (int i = 0; i < c->n; i++) w[i] = wa[i] - wb[i];
}

int ak_collide_gjk(ak_gjk_result *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                   const ak_pose *pb, int core) {
    int n = a->dim;
    memset(out, 0, sizeof *out);
    if (a->type == AK_SHAPE_HYPERPLANE || b->type == AK_SHAPE_HYPERPLANE || b->dim != n)
        return AK_GEOM_EUNSUPPORTED;
    pair_ctx c = { n, core, a, b, pa, pb };
    double W[(AK_MAX_DIM + 2) * AK_MAX_DIM], WA[(AK_MAX_DIM + 2) * AK_MAX_DIM],
        WB[(AK_MAX_DIM + 2) * AK_MAX_DIM];
    double d[AK_MAX_DIM], v[AK_MAX_DIM], lam[AK_MAX_DIM + 2];
    for (int i = 0; i < n; i++) d[i] = pb->pos[i] - pa->pos[i];
    if (ak_la_dot(n, d, d) == 0) d[0] = 1;
    md_support(&c, W, WA, WB, d);
    int m = 1;
    lam[0] = 1;
    memcpy(v, W, sizeof(double) * (size_t)n);
    double scale = sqrt(ak_la_dot(n, W, W));
    double vv = ak_la_dot(n, v, v);
    int it;
    for (it = 0; it < GJK_MAX_ITER; it++) {
        if (vv <= 1e-26 * (1 + scale * scale)) {
            out->intersect = 1;
            break;
        }
        double nd[AK_MAX_DIM], w[AK_MAX_DIM], wa[AK_MAX_DIM], wb[AK_MAX_DIM];
        for (int i = 0; i < n; i++) nd[i] = -v[i];
        md_support(&c, w, wa, wb, nd);
        scale = fmax(scale, sqrt(ak_la_dot(n, w, w)));
        double vw = ak_la_dot(n, v, w);
        if (vv - vw <= GJK_REL_TOL * vv) break; // converged: lower bound vw/|v| meets |v|
        int dup = 0;
        for (int j = 0; j < m; j++) {
            double e = 0;
            for (int i = 0; i < n; i++) e += fabs(W[j * n + i] - w[i]);
            if (e == 0) dup = 1;
        }
        if (dup) break;
        memcpy(W + m * n, w, sizeof w[0] * (size_t)n);
        memcpy(WA + m * n, wa, sizeof w[0] * (size_t)n);
        memcpy(WB + m * n, wb, sizeof w[0] * (size_t)n);
        m++;
        double l[AK_MAX_DIM + 2];
        double nvv = ak_collide_simplex_closest(n, l, W, m);
        // keep the supporting sub-simplex
        int k = 0;
        for (int j = 0; j < m; j++) {
            if (l[j] > 0) {
                memmove(W + k * n, W + j * n, sizeof(double) * (size_t)n);
                memmove(WA + k * n, WA + j * n, sizeof(double) * (size_t)n);
                memmove(WB + k * n, WB + j * n, sizeof(double) * (size_t)n);
                lam[k++] = l[j];
            }
        }
        m = k;
        for (int i = 0; i < n; i++) {
            v[i] = 0;
            for (int j = 0; j < m; j++) v[i] += lam[j] * W[j * n + i];
        }
        if (m == n + 1) {
            out->intersect = 1;
            vv = 0;
            break;
        }
        if (!(nvv < vv)) { // no progress (rounding): v is final
            vv = ak_la_dot(n, v, v);
            break;
        }
        vv = ak_la_dot(n, v, v);
    }
    out->iterations = it;
    out->nsimplex = m;
    memcpy(out->simplex_a, WA, sizeof(double) * (size_t)(m * n));
    memcpy(out->simplex_b, WB, sizeof(double) * (size_t)(m * n));
    for (int i = 0; i < n; i++) {
        out->point_a[i] = out->point_b[i] = 0;
        for (int j = 0; j < m; j++) {
            out->point_a[i] += lam[j] * WA[j * n + i];
            out->point_b[i] += lam[j] * WB[j * n + i];
        }
    }
    out->distance = out->intersect ? 0.0 : sqrt(vv);
    return AK_GEOM_OK;
}

// --- polytope with (n-1)-simplex facets, shared by EPA and the hull ------------------------
#define PT_MAX_V 400
#define PT_MAX_F 3000

typedef struct pt_facet {
    int v[AK_MAX_DIM];
    double nrm[AK_MAX_DIM];
    double dist; // nrm . x for x on the facet (outward from the interior point)
    int alive;
} pt_facet;

typedef struct polytope {
    int n, nv, nf;
    int orient_by_vertices; // EPA: orient new facets by the farthest vertex (see pt_plane)
    double *V;              // nv x n
    double interior[AK_MAX_DIM];
    pt_facet F[PT_MAX_F];
} polytope;

// Plane through the facet's vertices, oriented away from the interior point. 0 if degenerate:
// its volume over the product of its edge lengths (a sine) at most min_sine.
#define PT_MIN_SINE 1e-13
static int pt_plane(polytope *P, pt_facet *f, double min_sine) {
    int n = P->n;
    double E[AK_MAX_DIM * AK_MAX_DIM];
    const double *v0 = P->V + f->v[0] * n;
    double eprod = 1;
    for (int r = 1; r < n; r++) {
        double e2 = 0;
        for (int c = 0; c < n; c++) {
            E[(r - 1) * n + c] = P->V[f->v[r] * n + c] - v0[c];
            e2 += E[(r - 1) * n + c] * E[(r - 1) * n + c];
        }
        eprod *= sqrt(e2);
    }
    // scale-free degeneracy test: volume over the product of the edge lengths (a sine)
    double l = ak_la_normal(n, f->nrm, E);
    if (!(l > min_sine * eprod)) return 0;
    double side = 0, mag = 0;
    for (int c = 0; c < n; c++) {
        side += f->nrm[c] * (v0[c] - P->interior[c]);
        mag = fmax(mag, fabs(v0[c]) + fabs(P->interior[c]));
    }
    // The interior point lies strictly inside the convex polytope (EPA and the hull only grow
    // it), so where its distance to the plane is far above the rounding of that distance it
    // orients the facet exactly as the farthest vertex does (every vertex lies on the same side
    // as the interior point); only the near-plane case needs the O(vertices) scan below.
    if (P->orient_by_vertices && !(fabs(side) > 1e-9 * (mag + eprod))) {
        // Every vertex so far lies behind the new facet (convexity): the farthest one from its
        // plane fixes the orientation robustly even when the interior point is near the plane.
        double far = 0;
        for (int q = 0; q < P->nv; q++) {
            double d = 0;
            for (int c = 0; c < n; c++) d += f->nrm[c] * (P->V[q * n + c] - v0[c]);
            if (fabs(d) > fabs(far)) far = d;
        }
        if (far != 0) side = -far;
    }
    if (side < 0)
        for (int c = 0; c < n; c++) f->nrm[c] = -f->nrm[c];
    f->dist = ak_la_dot(n, f->nrm, v0);
    f->alive = 1;
    return 1;
}

static int cmp_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

// Insert vertex index w: remove the facets that see it (signed distance > eps), cone the
// horizon. Transactional: the new facets are built first and the polytope is changed only when
// all of them are proper. Returns 1 on success, 0 when nothing is visible, -1 when a new facet
// would be degenerate or the capacity is exceeded (the polytope is then unchanged).
static int pt_insert(polytope *P, int w, double eps) {
    int n = P->n;
    const double *x = P->V + w * n;
    int vis[PT_MAX_F], nvis = 0;
    for (int f = 0; f < P->nf; f++)
        if (P->F[f].alive && ak_la_dot(n, P->F[f].nrm, x) - P->F[f].dist > eps) vis[nvis++] = f;
    if (nvis == 0) return 0;
    // ridges of visible facets; horizon ridges appear once. Each ridge (n - 1 <= 4 sorted
    // vertex indices) packs into one 64-bit key; a sorted copy of the keys counts them
    // (binary search), and the ridges are kept in first-appearance order as before; a ridge's
    // vertices are read back from its key.
    enum { MAXR = 8192 };
    static const int maxr = MAXR;
    uint64_t key[MAXR], sorted[MAXR];
    int cnt[MAXR], nr = 0, nall = 0;
    for (int q = 0; q < nvis; q++) {
        const pt_facet *f = &P->F[vis[q]];
        for (int k = 0; k < n; k++) {
            int r[AK_MAX_DIM], m = 0;
            for (int j = 0; j < n; j++)
                if (j != k) {
                    int x = f->v[j], t = m++; // insertion sort (m <= 4)
                    while (t > 0 && r[t - 1] > x) r[t] = r[t - 1], t--;
                    r[t] = x;
                }
            uint64_t kk = 0;
            for (int j = 0; j < m; j++) kk = (kk << 16) | (uint64_t)(unsigned)r[j];
            if (nall >= maxr || r[m - 1] > 0xFFFF) return -1;
            sorted[nall++] = kk;
            key[nr] = kk;
            cnt[nr++] = 0;
        }
    }
    if (nall > 64)
        qsort(sorted, (size_t)nall, sizeof sorted[0], cmp_u64);
    else
        for (int i = 1; i < nall; i++) { // insertion sort: the usual few dozen keys
            uint64_t x = sorted[i];
            int t = i;
            while (t > 0 && sorted[t - 1] > x) sorted[t] = sorted[t - 1], t--;
            sorted[t] = x;
        }
    for (int s = 0; s < nr; s++) { // occurrences of key[s]: the equal run in the sorted copy
        int lo = 0, hi = nall;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (sorted[mid] < key[s])
                lo = mid + 1;
            else
                hi = mid;
        }
        int c = 0;
        while (lo + c < nall && sorted[lo + c] == key[s]) c++;
        cnt[s] = c;
    }
    enum { MAXNEW = 1024 };
    pt_facet nf[MAXNEW];
    int nnew = 0;
    for (int s = 0; s < nr; s++) {
        if (cnt[s] != 1) continue;
        if (nnew >= MAXNEW) return -1;
        pt_facet *f = &nf[nnew++];
        for (int j = 0; j < n - 1; j++)
            f->v[j] = (int)((key[s] >> (16 * (n - 2 - j))) & 0xFFFFu); // unpacked
        f->v[n - 1] = w;
        if (!pt_plane(P, f, PT_MIN_SINE)) {
            return -1;
        }
    }
    // commit: reuse the visible slots, then append
    int free_slots = nvis, used = 0;
    if (P->nf + (nnew > free_slots ? nnew - free_slots : 0) > PT_MAX_F) return -1;
    for (int q = 0; q < nvis; q++) P->F[vis[q]].alive = 0;
    for (int k = 0; k < nnew; k++) {
        int slot = used < free_slots ? vis[used++] : P->nf++;
        P->F[slot] = nf[k];
    }
    return 1;
}

// Start from an n-simplex (vertex indices s[0..n]); its facets must have a sine above min_sine.
static int pt_init(polytope *P, const int s[], double min_sine) {
    int n = P->n;
    for (int c = 0; c < n; c++) {
        P->interior[c] = 0;
        for (int k = 0; k <= n; k++) P->interior[c] += P->V[s[k] * n + c] / (n + 1);
    }
    P->nf = 0;
    for (int k = 0; k <= n; k++) {
        pt_facet *f = &P->F[P->nf++];
        int m = 0;
        for (int j = 0; j <= n; j++)
            if (j != k) f->v[m++] = s[j];
        if (!pt_plane(P, f, min_sine)) return 0;
    }
    return 1;
}

// Minimise h_{A-B}(u) over unit u near u (in/out) by Nelder-Mead on the tangent plane at the
// current point, restarted with shrinking steps. Returns the support value at the result.
static double h_md(const pair_ctx *c, const double u[]) {
    double w[AK_MAX_DIM], wa[AK_MAX_DIM], wb[AK_MAX_DIM];
    md_support(c, w, wa, wb, u);
    return ak_la_dot(c->n, u, w);
}

static double tangent_eval(const pair_ctx *c, const double u0[], const double T[][AK_MAX_DIM],
                           const double x[], double u[]) {
    int n = c->n;
    double l = 0;
    for (int i = 0; i < n; i++) {
        u[i] = u0[i];
        for (int k = 0; k < n - 1; k++) u[i] += x[k] * T[k][i];
        l += u[i] * u[i];
    }
    l = sqrt(l);
    for (int i = 0; i < n; i++) u[i] /= l;
    return h_md(c, u);
}

static double refine_min_support(const pair_ctx *c, double u[], double scale, int round0,
                                 int round1) {
    int n = c->n, m = n - 1;
    double hbest = h_md(c, u);
    const double steps[5] = { 0.1, 1e-2, 1e-4, 1e-6, 1e-8 };
    for (int round = round0; round < round1; round++) {
        // tangent basis at u
        double T[AK_MAX_DIM][AK_MAX_DIM];
        int nt = 0;
        for (int ax = 0; ax < n && nt < m; ax++) {
            double e[AK_MAX_DIM] = { 0 };
            e[ax] = 1;
            double d = ak_la_dot(n, e, u);
            for (int i = 0; i < n; i++) e[i] -= d * u[i];
            for (int k = 0; k < nt; k++) {
                double q = ak_la_dot(n, e, T[k]);
                for (int i = 0; i < n; i++) e[i] -= q * T[k][i];
            }
            double l = sqrt(ak_la_dot(n, e, e));
            if (l < 0.3) continue;
            for (int i = 0; i < n; i++) T[nt][i] = e[i] / l;
            nt++;
        }
        double u0[AK_MAX_DIM], X[AK_MAX_DIM + 1][AK_MAX_DIM], F[AK_MAX_DIM + 1], tmp[AK_MAX_DIM];
        memcpy(u0, u, sizeof u0);
        for (int v = 0; v <= m; v++) {
            for (int k = 0; k < m; k++) X[v][k] = (v == k + 1) ? steps[round] : 0.0;
            F[v] = tangent_eval(c, u0, (const double(*)[AK_MAX_DIM])T, X[v], tmp);
        }
        for (int it = 0; it < 400; it++) {
            // order: best first
            for (int a1 = 1; a1 <= m; a1++)
                for (int b1 = a1; b1 > 0 && F[b1] < F[b1 - 1]; b1--) {
                    double t = F[b1];
                    F[b1] = F[b1 - 1], F[b1 - 1] = t;
                    for (int k = 0; k < m; k++)
                        t = X[b1][k], X[b1][k] = X[b1 - 1][k], X[b1 - 1][k] = t;
                }
            double size = 0;
            for (int v = 1; v <= m; v++)
                for (int k = 0; k < m; k++) size = fmax(size, fabs(X[v][k] - X[0][k]));
            if (size < 1e-13 || F[m] - F[0] <= 1e-16 * (1 + scale)) break;
            double cen[AK_MAX_DIM] = { 0 }, xr[AK_MAX_DIM], xe[AK_MAX_DIM], xc[AK_MAX_DIM];
            for (int v = 0; v < m; v++)
                for (int k = 0; k < m; k++) cen[k] += X[v][k] / m;
            for (int k = 0; k < m; k++) xr[k] = cen[k] + (cen[k] - X[m][k]);
            double fr = tangent_eval(c, u0, (const double(*)[AK_MAX_DIM])T, xr, tmp);
            if (fr < F[0]) {
                for (int k = 0; k < m; k++) xe[k] = cen[k] + 2 * (cen[k] - X[m][k]);
                double fe = tangent_eval(c, u0, (const double(*)[AK_MAX_DIM])T, xe, tmp);
                if (fe < fr)
                    memcpy(X[m], xe, sizeof xe), F[m] = fe;
                else
                    memcpy(X[m], xr, sizeof xr), F[m] = fr;
            } else if (fr < F[m - 1]) {
                memcpy(X[m], xr, sizeof xr), F[m] = fr;
            } else {
                for (int k = 0; k < m; k++) xc[k] = cen[k] + 0.5 * (X[m][k] - cen[k]);
                double fc = tangent_eval(c, u0, (const double(*)[AK_MAX_DIM])T, xc, tmp);
                if (fc < F[m])
                    memcpy(X[m], xc, sizeof xc), F[m] = fc;
                else
                    for (int v = 1; v <= m; v++) {
                        for (int k = 0; k < m; k++) X[v][k] = X[0][k] + 0.5 * (X[v][k] - X[0][k]);
                        F[v] = tangent_eval(c, u0, (const double(*)[AK_MAX_DIM])T, X[v], tmp);
                    }
            }
        }
        int bi = 0;
        for (int v = 1; v <= m; v++)
            if (F[v] < F[bi]) bi = v;
        if (F[bi] < hbest) {
            hbest = tangent_eval(c, u0, (const double(*)[AK_MAX_DIM])T, X[bi], u);
        }
    }
    return hbest;
}

// --- EPA (G-10) ----------------------------------------------------------------------------
#define EPA_MAX_ITER 400
#define EPA_TOL 1e-11
// Pairs with a duocylinder: the curved rims never meet EPA_TOL, so EPA used to grow to
// PT_MAX_V vertices (~1 ms a query, most of it in pt_plane / pt_insert on a large polytope).
// Its facets only seed the Nelder-Mead refinement below, which fixes the depth; 150
// expansions keep the seeds good enough (collide.pair.*_duo unchanged within their tolerances;
// 64 was not: duo_duo missed the global minimum by 2e-3).
#define EPA_MAX_ITER_CURVED 150
// Nelder-Mead restarts (step <= 1e-2) only from starts whose first round ended within this
// (times 1 + scale) of the best: a start that far above sits in another basin.
#define NM_PRUNE 1e-3

typedef struct epa_ws {
    polytope P;
    double V[PT_MAX_V * AK_MAX_DIM], VA[PT_MAX_V * AK_MAX_DIM], VB[PT_MAX_V * AK_MAX_DIM];
} epa_ws;

int ak_collide_epa(double *depth, double normal[], double point_a[], double point_b[],
                   const ak_gjk_result *g, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                   const ak_pose *pb, int core) {
    int n = a->dim;
    pair_ctx c = { n, core, a, b, pa, pb };
    epa_ws ws;
    polytope *P = &ws.P;
    P->n = n;
    P->V = ws.V;
    P->orient_by_vertices = 0;
    int nv = 0;
    double scale = 0;
    for (int k = 0; k < g->nsimplex; k++) {
        for (int i = 0; i < n; i++) {
            ws.VA[nv * n + i] = g->simplex_a[k * n + i];
            ws.VB[nv * n + i] = g->simplex_b[k * n + i];
            ws.V[nv * n + i] = ws.VA[nv * n + i] - ws.VB[nv * n + i];
        }
        scale = fmax(scale, sqrt(ak_la_dot(n, ws.V + nv * n, ws.V + nv * n)));
        nv++;
    }
    // Blow the simplex up to a full n-simplex: add supports orthogonal to its affine hull.
    while (nv < n + 1) {
        double B[AK_MAX_DIM * AK_MAX_DIM];
        int nb = 0;
        for (int k = 1; k < nv; k++) {
            double e[AK_MAX_DIM];
            for (int i = 0; i < n; i++) e[i] = ws.V[k * n + i] - ws.V[i];
            for (int q = 0; q < nb; q++) {
                double t = ak_la_dot(n, e, B + q * n);
                for (int i = 0; i < n; i++) e[i] -= t * B[q * n + i];
            }
            double l = sqrt(ak_la_dot(n, e, e));
            if (l > 1e-12 * (1 + scale)) {
                for (int i = 0; i < n; i++) B[nb * n + i] = e[i] / l;
                nb++;
            }
        }
        double d[AK_MAX_DIM], best = -1;
        for (int ax = 0; ax < n; ax++) {
            double e[AK_MAX_DIM] = { 0 };
            e[ax] = 1;
            for (int q = 0; q < nb; q++) {
                double t = ak_la_dot(n, e, B + q * n);
                for (int i = 0; i < n; i++) e[i] -= t * B[q * n + i];
            }
            double l = ak_la_dot(n, e, e);
            if (l > best) {
                best = l;
                for (int i = 0; i < n; i++) d[i] = e[i] / sqrt(l);
            }
        }
        int added = 0;
        for (int sgn = 0; sgn < 2 && !added; sgn++) {
            double dd[AK_MAX_DIM], w[AK_MAX_DIM], wa[AK_MAX_DIM], wb[AK_MAX_DIM];
            for (int i = 0; i < n; i++) dd[i] = sgn ? -d[i] : d[i];
            md_support(&c, w, wa, wb, dd);
            double h = 0;
            for (int i = 0; i < n; i++) h += dd[i] * (w[i] - ws.V[i]);
            if (h > 1e-12 * (1 + scale)) {
                memcpy(ws.V + nv * n, w, sizeof w);
                memcpy(ws.VA + nv * n, wa, sizeof wa);
                memcpy(ws.VB + nv * n, wb, sizeof wb);
                nv++;
                added = 1;
            }
        }
        if (!added) {
            // A - B is flat: the origin is on its boundary, depth 0 along d.
            *depth = 0;
            for (int i = 0; i < n; i++) normal[i] = -d[i];
            memcpy(point_a, g->point_a, sizeof(double) * (size_t)n);
            memcpy(point_b, g->point_b, sizeof(double) * (size_t)n);
            return AK_GEOM_OK;
        }
    }
    int s[AK_MAX_DIM + 1];
    for (int k = 0; k <= n; k++) s[k] = k;
    P->nv = nv;
    // The start simplex is proper by construction (each vertex added above is off the affine
    // hull of the others), however thin: a thin Minkowski difference (a capsule's core through a
    // box 1e-4 its size, collide.degenerate) has facets of sine ~1e-14, and only a zero volume
    // is refused here; the growth keeps PT_MIN_SINE.
    if (!pt_init(P, s, 0.0)) return AK_GEOM_EUNSUPPORTED;
    P->orient_by_vertices = 1;
    int best = -1;
    int curved = a->type == AK_SHAPE_DUOCYLINDER || b->type == AK_SHAPE_DUOCYLINDER;
    int max_iter = curved ? EPA_MAX_ITER_CURVED : EPA_MAX_ITER;
    for (int it = 0; it < max_iter; it++) {
        best = -1;
        for (int f = 0; f < P->nf; f++)
            if (P->F[f].alive && (best < 0 || P->F[f].dist < P->F[best].dist)) best = f;
        if (best < 0) return AK_GEOM_EUNSUPPORTED;
        pt_facet *f = &P->F[best];
        double w[AK_MAX_DIM], wa[AK_MAX_DIM], wb[AK_MAX_DIM];
        md_support(&c, w, wa, wb, f->nrm);
        double gap = ak_la_dot(n, f->nrm, w) - f->dist;
        if (gap <= EPA_TOL * (1 + scale) || nv >= PT_MAX_V) {
            break;
        }
        memcpy(ws.V + nv * n, w, sizeof w);
        memcpy(ws.VA + nv * n, wa, sizeof wa);
        memcpy(ws.VB + nv * n, wb, sizeof wb);
        P->nv = ++nv;
        int r = pt_insert(P, nv - 1, 1e-14 * (1 + scale));
        if (r <= 0) {
            P->nv = --nv; // could not grow (rounding): keep the current best facet
            break;
        }
    }
    best = -1;
    for (int f = 0; f < P->nf; f++)
        if (P->F[f].alive && (best < 0 || P->F[f].dist < P->F[best].dist)) best = f;
    if (best < 0) return AK_GEOM_EUNSUPPORTED;
    // Coplanar facets tie on the distance (polytope pairs): take the one that contains the
    // projection of the origin, so that the closest points are consistent (G-11).
    double dmin = P->F[best].dist, lam[AK_MAX_DIM + 1], pts[(AK_MAX_DIM + 1) * AK_MAX_DIM],
           berr = INFINITY;
    int chosen = best;
    for (int q = 0; q < P->nf; q++) {
        pt_facet *f = &P->F[q];
        if (!f->alive || f->dist > dmin + 1e-9 * (1 + scale)) continue;
        double l[AK_MAX_DIM + 1], x[AK_MAX_DIM] = { 0 }, e = 0;
        for (int k = 0; k < n; k++)
            for (int i = 0; i < n; i++) pts[k * n + i] = ws.V[f->v[k] * n + i];
        ak_collide_simplex_closest(n, l, pts, n);
        for (int k = 0; k < n; k++)
            for (int i = 0; i < n; i++) x[i] += l[k] * pts[k * n + i];
        for (int i = 0; i < n; i++) e = fmax(e, fabs(x[i] - dmin * P->F[best].nrm[i]));
        if (e < berr) {
            berr = e;
            chosen = q;
            memcpy(lam, l, sizeof l);
        }
        if (e == 0) break;
    }
    pt_facet *f = &P->F[chosen];
    for (int i = 0; i < n; i++) {
        point_a[i] = point_b[i] = 0;
        for (int k = 0; k < n; k++) {
            point_a[i] += lam[k] * ws.VA[f->v[k] * n + i];
            point_b[i] += lam[k] * ws.VB[f->v[k] * n + i];
        }
        normal[i] = -P->F[best].nrm[i];
    }
    *depth = fmax(0.0, dmin);
    if (a->type == AK_SHAPE_DUOCYLINDER || b->type == AK_SHAPE_DUOCYLINDER) {
        // Curved and flat pieces together (duocylinder disks): the EPA polytope meets many
        // coplanar support points and may stop early. Refine min over unit u of h_{A-B}(u) by
        // Nelder-Mead in the tangent plane (handles the kinks), from the EPA normal and the
        // normals of the next lowest facets; the value kept is a support value (certified).
        // candidates: every EPA facet normal, both bodies' axes (both signs), the centre line;
        // Nelder-Mead from the 4 with the lowest support value
        enum { NST = 4 };
        double starts[NST][AK_MAX_DIM], hst[NST];
        int ns = 0;
        for (int k = 0; k < NST; k++) hst[k] = INFINITY;
        int ncand = P->nf + 4 * n + 1;
        for (int q = 0; q < ncand; q++) {
            double u[AK_MAX_DIM], l = 0;
            if (q < P->nf) {
                if (!P->F[q].alive) continue;
                memcpy(u, P->F[q].nrm, sizeof(double) * (size_t)n);
            } else if (q < P->nf + 4 * n) {
                int r = q - P->nf, ax = r / 4, which = r % 4;
                const ak_pose *pp = (which < 2) ? pa : pb;
                for (int i2 = 0; i2 < n; i2++) u[i2] = (which & 1 ? -1 : 1) * pp->rot[i2 * n + ax];
            } else {
                for (int i2 = 0; i2 < n; i2++) u[i2] = pb->pos[i2] - pa->pos[i2];
            }
            for (int i2 = 0; i2 < n; i2++) l += u[i2] * u[i2];
            if (!(l > 0)) continue;
            l = sqrt(l);
            for (int i2 = 0; i2 < n; i2++) u[i2] /= l;
            double h = h_md(&c, u);
            // keep the NST lowest, skipping near-duplicates of a kept one
            int dup = 0;
            for (int k = 0; k < ns && !dup; k++)
                if (ak_la_dot(n, u, starts[k]) > 0.999) {
                    dup = 1;
                    if (h < hst[k]) hst[k] = h, memcpy(starts[k], u, sizeof u);
                }
            if (dup) continue;
            int worst = 0;
            if (ns < NST)
                worst = ns++;
            else
                for (int k = 1; k < NST; k++)
                    if (hst[k] > hst[worst]) worst = k;
            if (h < hst[worst] || worst == ns - 1) {
                if (h < hst[worst]) hst[worst] = h, memcpy(starts[worst], u, sizeof u);
            }
        }
        // first round (step 0.1) from every start; the finer restarts only from the starts
        // that ended within NM_PRUNE of the best (a start that far above it sits in another
        // basin: the small restart steps do not leave it)
        double hbest = INFINITY, ubest[AK_MAX_DIM] = { 0 };
        for (int k = 0; k < ns; k++) {
            hst[k] = refine_min_support(&c, starts[k], scale, 0, 1);
            if (hst[k] < hbest) hbest = hst[k];
        }
        double cut = hbest + NM_PRUNE * (1 + scale);
        hbest = INFINITY;
        for (int k = 0; k < ns; k++) {
            if (!(hst[k] <= cut)) continue;
            double h = refine_min_support(&c, starts[k], scale, 1, 5);
            if (h < hbest) hbest = h, memcpy(ubest, starts[k], sizeof ubest);
        }
        *depth = fmax(0.0, hbest);
        // the refined direction is a unit vector up to the rounding of its tangent-plane steps;
        // normalise it so that the normal is unit to the last bit (collide.degenerate)
        double ul = 0;
        for (int i = 0; i < n; i++) ul += ubest[i] * ubest[i];
        ul = sqrt(ul);
        if (ul > 0)
            for (int i = 0; i < n; i++) ubest[i] /= ul;
        for (int i = 0; i < n; i++) normal[i] = -ubest[i];
        // witness points: A and B shifted by the penetration vector touch; GJK finds the pair
        ak_pose sb = *pb;
        for (int i = 0; i < n; i++) sb.pos[i] += hbest * ubest[i];
        ak_gjk_result t;
        ak_collide_gjk(&t, a, pa, b, &sb, core);
        for (int i = 0; i < n; i++) {
            point_a[i] = t.point_a[i];
            point_b[i] = t.point_a[i] - hbest * ubest[i]; // on B up to the GJK residual
        }
    }
    return AK_GEOM_OK;
}

// --- convex hull (G-4, G-6) ----------------------------------------------------------------

int ak_collide_hull(int n, int facets[], double normals[], double offsets[], int max_facets,
                    const double pts[], int m) {
    if (n < 2 || n > AK_MAX_DIM || m < n + 1) return AK_GEOM_EBADSHAPE;
    polytope hull; // workspace on the stack (no allocation, no state)
    polytope *P = &hull;
    P->n = n;
    P->V = (double *)pts;
    P->nv = m;
    P->orient_by_vertices = 0;
    double scale = 0;
    for (int i = 0; i < m * n; i++) scale = fmax(scale, fabs(pts[i]));
    // Initial simplex: greedily pick points that raise the affine dimension the most.
    int s[AK_MAX_DIM + 1];
    s[0] = 0;
    double B[AK_MAX_DIM * AK_MAX_DIM];
    int nb = 0;
    for (int k = 1; k <= n; k++) {
        double bestl = 0;
        int bi = -1;
        for (int j = 0; j < m; j++) {
            double e[AK_MAX_DIM];
            for (int i = 0; i < n; i++) e[i] = pts[j * n + i] - pts[s[0] * n + i];
            for (int q = 0; q < nb; q++) {
                double t = ak_la_dot(n, e, B + q * n);
                for (int i = 0; i < n; i++) e[i] -= t * B[q * n + i];
            }
            double l = sqrt(ak_la_dot(n, e, e));
            if (l > bestl) bestl = l, bi = j;
        }
        if (bi < 0 || !(bestl > 1e-12 * (1 + scale))) return AK_GEOM_EBADSHAPE;
        double e[AK_MAX_DIM];
        for (int i = 0; i < n; i++) e[i] = pts[bi * n + i] - pts[s[0] * n + i];
        for (int q = 0; q < nb; q++) {
            double t = ak_la_dot(n, e, B + q * n);
            for (int i = 0; i < n; i++) e[i] -= t * B[q * n + i];
        }
        for (int i = 0; i < n; i++) B[nb * n + i] = e[i] / bestl;
        nb++;
        s[k] = bi;
    }
    if (!pt_init(P, s, PT_MIN_SINE)) return AK_GEOM_EBADSHAPE;
    for (int j = 0; j < m; j++) {
        int r = pt_insert(P, j, 1e-12 * (1 + scale));
        if (r < 0) return AK_GEOM_EBADSHAPE;
    }
    int nf = 0;
    for (int f = 0; f < P->nf; f++) {
        if (!P->F[f].alive) continue;
        if (nf >= max_facets) return AK_GEOM_EBADSHAPE;
        for (int k = 0; k < n; k++) {
            facets[nf * n + k] = P->F[f].v[k];
            normals[nf * n + k] = P->F[f].nrm[k];
        }
        offsets[nf] = P->F[f].dist;
        nf++;
    }
    return nf;
}

double ak_collide_hull_volume(int n, const int facets[], int nfacets, const double pts[], int m) {
    double cen[AK_MAX_DIM] = { 0 };
    for (int j = 0; j < m; j++)
        for (int i = 0; i < n; i++) cen[i] += pts[j * n + i] / m;
    double fact = 1, vol = 0;
    for (int k = 2; k <= n; k++) fact *= k;
    for (int f = 0; f < nfacets; f++) {
        double M[AK_MAX_DIM * AK_MAX_DIM];
        for (int k = 0; k < n; k++)
            for (int i = 0; i < n; i++) M[k * n + i] = pts[facets[f * n + k] * n + i] - cen[i];
        vol += fabs(ak_la_det(n, M)) / fact;
    }
    return vol;
}

void ak_collide_minkowski(int n, double out[], const double a[], int ma, const double b[], int mb) {
    for (int i = 0; i < ma; i++)
        for (int j = 0; j < mb; j++)
            for (int c = 0; c < n; c++) out[(i * mb + j) * n + c] = a[i * n + c] + b[j * n + c];
}
