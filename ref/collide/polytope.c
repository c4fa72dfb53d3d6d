// Polytope contact manifolds in n-D (hyperbox and convex in any combination, capsule against a
// polytope) by clipping the incident facet against the side hyperplanes of the reference facet
// (ten Bosch 2020, §6-7; Torres 2022, App. D, T-Alg16..T-Alg21 corrected; Hodges, Game Physics:
// The Next Week, ch. on contact clipping), with a point reduction that keeps the extremes of
// the support region. IDs G-CLIP.1 .. G-CLIP.5; derivations in docs/formulas/collide.md
// ("Polytope manifolds").
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ref/collide/collide.h"
#include "ref/collide/internal.h"
#include "ref/geom/linalg.h"

#define HULL_SIMPLICES 3000 // the hull's workspace (ak_collide_hull's facet limit)

int ak_convex_facets(int n, double planes[], int max_facets, const double verts[], int nverts) {
    if (n < 2 || n > AK_MAX_DIM || nverts < n + 1 || !planes || !verts) return AK_GEOM_EBADSHAPE;
    int fac[HULL_SIMPLICES * AK_MAX_DIM];
    double nrm[HULL_SIMPLICES * AK_MAX_DIM], off[HULL_SIMPLICES];
    int ns = ak_collide_hull(n, fac, nrm, off, HULL_SIMPLICES, verts, nverts);
    if (ns < 0) return ns;
    double scale = 0;
    for (int i = 0; i < nverts * n; i++) scale = fmax(scale, fabs(verts[i]));
    int nf = 0;
    for (int f = 0; f < ns; f++) {
        int dup = 0;
        for (int g = 0; g < nf && !dup; g++)
            if (ak_la_dot(n, nrm + f * n, planes + g * (n + 1)) > 1 - 1e-9 &&
                fabs(off[f] - planes[g * (n + 1) + n]) <= 1e-9 * (1 + scale))
                dup = 1;
        if (dup) continue;
        if (nf >= max_facets) return AK_GEOM_EBADSHAPE;
        memcpy(planes + nf * (n + 1), nrm + f * n, sizeof(double) * (size_t)n);
        planes[nf * (n + 1) + n] = off[f];
        nf++;
    }
    return nf;
}

int ak_convex_facets_from_normals(int n, double planes[], int max_facets, const double verts[],
                                  int nverts, const double cand[], int ncand) {
    if (n < 2 || n > AK_MAX_DIM || nverts < n + 1 || !planes || !verts) return AK_GEOM_EBADSHAPE;
    double scale = 0;
    for (int i = 0; i < nverts * n; i++) scale = fmax(scale, fabs(verts[i]));
    double tol = 1e-9 * (1 + scale);
    int nf = 0;
    for (int c = 0; c < ncand; c++) {
        double u[AK_MAX_DIM], l = sqrt(ak_la_dot(n, cand + c * n, cand + c * n));
        if (!(l > 0)) continue;
        for (int i = 0; i < n; i++) u[i] = cand[c * n + i] / l;
        double h = -INFINITY;
        for (int v = 0; v < nverts; v++) h = fmax(h, ak_la_dot(n, u, verts + v * n));
        // a facet: the vertices on the supporting hyperplane span n - 1 dimensions
        double B[AK_MAX_DIM * AK_MAX_DIM], p0[AK_MAX_DIM];
        int nb = 0, first = -1;
        for (int v = 0; v < nverts && nb < n - 1; v++) {
            if (ak_la_dot(n, u, verts + v * n) < h - tol) continue;
            if (first < 0) {
                first = v;
                memcpy(p0, verts + v * n, sizeof(double) * (size_t)n);
                continue;
            }
            double e[AK_MAX_DIM];
            for (int i = 0; i < n; i++) e[i] = verts[v * n + i] - p0[i];
            for (int q = 0; q < nb; q++) {
                double t = ak_la_dot(n, e, B + q * n);
                for (int i = 0; i < n; i++) e[i] -= t * B[q * n + i];
            }
            double le = sqrt(ak_la_dot(n, e, e));
            if (le > 1e-9 * (1 + scale)) {
                for (int i = 0; i < n; i++) B[nb * n + i] = e[i] / le;
                nb++;
            }
        }
        if (nb < n - 1) continue;
        int dup = 0;
        for (int g = 0; g < nf && !dup; g++)
            if (ak_la_dot(n, u, planes + g * (n + 1)) > 1 - 1e-12) dup = 1;
        if (dup) continue;
        if (nf >= max_facets) return AK_GEOM_EBADSHAPE;
        memcpy(planes + nf * (n + 1), u, sizeof u[0] * (size_t)n);
        planes[nf * (n + 1) + n] = h;
        nf++;
    }
    return nf;
}

// --- a polytope in the world: vertices and facet planes -------------------------------------

typedef struct pview {
    int n, nv, nf;
    double V[AK_POLY_MAX_VERTS * AK_MAX_DIM];        // world vertices
    double F[AK_POLY_MAX_FACETS * (AK_MAX_DIM + 1)]; // world planes: normal, offset
    double radius;                                   // max |v - pos|
} pview;

// 0, or -1 when the shape has no usable facet planes (the caller falls back to one point).
static int view_build(pview *P, const ak_shape *s, const ak_pose *p) {
    int n = s->dim;
    P->n = n;
    P->radius = 0;
    const double *L = NULL;
    int nf = 0;
    double Fl[AK_POLY_MAX_FACETS * (AK_MAX_DIM + 1)];
    if (s->type == AK_SHAPE_HYPERBOX) {
        P->nv = 1 << n;
        for (unsigned v = 0; v < (1u << n); v++) {
            double xl[AK_MAX_DIM];
            ak_box_vertex(n, xl, s->half_extents, v);
            ak_pose_to_world(n, P->V + v * n, p, xl);
        }
        for (int j = 0; j < n; j++)
            for (int sg = 0; sg < 2; sg++) {
                double *f = Fl + (2 * j + sg) * (n + 1);
                memset(f, 0, sizeof(double) * (size_t)(n + 1));
                f[j] = sg ? 1.0 : -1.0;
                f[n] = s->half_extents[j];
            }
        L = Fl;
        nf = 2 * n;
    } else if (s->type == AK_SHAPE_CONVEX) {
        if (s->nverts > AK_POLY_MAX_VERTS) return -1;
        P->nv = s->nverts;
        for (int v = 0; v < s->nverts; v++) ak_pose_to_world(n, P->V + v * n, p, s->verts + v * n);
        if (s->nfacets > 0 && s->facets) {
            if (s->nfacets > AK_POLY_MAX_FACETS) return -1;
            L = s->facets;
            nf = s->nfacets;
        } else if (s->nverts <= AK_POLY_FLY_VERTS) {
            nf = ak_convex_facets(n, Fl, AK_POLY_MAX_FACETS, s->verts, s->nverts);
            if (nf <= 0) return -1;
            L = Fl;
        } else
            return -1;
    } else
        return -1;
    P->nf = nf;
    for (int f = 0; f < nf; f++) {
        double *w = P->F + f * (n + 1);
        ak_pose_dir_to_world(n, w, p, L + f * (n + 1));
        w[n] = L[f * (n + 1) + n] + ak_la_dot(n, w, p->pos);
    }
    for (int v = 0; v < P->nv; v++) {
        double r = 0;
        for (int i = 0; i < n; i++)
            r += (P->V[v * n + i] - p->pos[i]) * (P->V[v * n + i] - p->pos[i]);
        P->radius = fmax(P->radius, sqrt(r));
    }
    return 0;
}

// Facet of P whose outward normal is best aligned with d (largest d . normal).
static int best_facet(const pview *P, const double d[], double *al) {
    int n = P->n, best = 0;
    double b = -INFINITY;
    for (int f = 0; f < P->nf; f++) {
        double t = ak_la_dot(n, P->F + f * (n + 1), d);
        if (t > b) b = t, best = f;
    }
    *al = b;
    return best;
}

// Vertices of P on facet f (within tol): indices into out, returns the count.
static int facet_vertices(const pview *P, int f, double tol, int out[]) {
    int n = P->n, c = 0;
    const double *pl = P->F + f * (n + 1);
    for (int v = 0; v < P->nv; v++)
        if (fabs(ak_la_dot(n, pl, P->V + v * n) - pl[n]) <= tol) out[c++] = v;
    return c;
}

// Facets adjacent to facet f across a ridge: at least n - 1 of f's vertices lie on them.
// (A facet that only touches f in a lower face gives a valid but redundant constraint, so the
// test only saves work; it never changes the clipped cell.)
static int adjacent(const pview *P, int f, int j, const int fv[], int nfv, double tol) {
    int n = P->n, c = 0;
    const double *pl = P->F + j * (n + 1);
    for (int q = 0; q < nfv; q++)
        if (fabs(ak_la_dot(n, pl, P->V + fv[q] * n) - pl[n]) <= tol) c++;
    (void)f;
    return c >= n - 1;
}

static uint32_t fnv(uint32_t h, uint32_t x) {
    for (int k = 0; k < 4; k++) h = (h ^ ((x >> (8 * k)) & 0xffu)) * 16777619u;
    return h;
}

// The gap of a and b along the unit normal u (from b to a): min over a of x.u minus max over b.
static double gap_along(const pview *A, const pview *B, const double u[]) {
    int n = A->n;
    double lo = INFINITY, hi = -INFINITY;
    for (int v = 0; v < A->nv; v++) lo = fmin(lo, ak_la_dot(n, A->V + v * n, u));
    for (int v = 0; v < B->nv; v++) hi = fmax(hi, ak_la_dot(n, B->V + v * n, u));
    return lo - hi;
}

// The clipping manifold of two polytopes a, b whose manifold (normal, separation) is already
// in m. Returns the count (> 0), 0 when no facet is aligned with the normal (the caller keeps
// one point) or the clip found nothing, -1 when a shape has no facet planes.
int ak_poly_clip(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                 const ak_pose *pb, double margin, int prefer_b) {
    int n = a->dim;
    pview VA, VB;
    if (view_build(&VA, a, pa) || view_build(&VB, b, pb)) return -1;
    double mn[AK_MAX_DIM];
    for (int i = 0; i < n; i++) mn[i] = -m->normal[i];
    double al_a, al_b;
    int fa = best_facet(&VA, mn, &al_a), fb = best_facet(&VB, m->normal, &al_b);
    // [G-CLIP.1] reference facet: the facet best aligned with the normal, within AK_POLY_FACE_TOL;
    // ties go to the first body of the caller's order (as ak_box_clip does for box pairs)
    if (al_a < 1 - AK_POLY_FACE_TOL && al_b < 1 - AK_POLY_FACE_TOL) return 0;
    int ref_is_a = prefer_b ? (al_a > al_b + AK_POLY_FACE_TOL) : (al_a >= al_b - AK_POLY_FACE_TOL);
    const pview *R = ref_is_a ? &VA : &VB, *I = ref_is_a ? &VB : &VA;
    int fr = ref_is_a ? fa : fb;
    const double *nr = R->F + fr * (n + 1);
    double off_r = nr[n];
    double scale = fmax(1.0, fmax(VA.radius, VB.radius));
    double tol = 1e-9 * scale;
    // incident facet: the most anti-parallel facet of the other body
    double mnr[AK_MAX_DIM], dummy;
    for (int i = 0; i < n; i++) mnr[i] = -nr[i];
    int fi = best_facet(I, mnr, &dummy);
    const double *ni = I->F + fi * (n + 1);
    // [G-CLIP.2] constraints g.x <= h on the incident facet's hyperplane: the incident facet's own
    // sides (its adjacent facets) and the side hyperplanes of the reference facet's prism,
    // s_j = (nu_j - c nu_R) / L, h_j = (o_j - c o_R) / L with c = nu_j . nu_R
    int rv[AK_POLY_MAX_VERTS], iv[AK_POLY_MAX_VERTS];
    int nrv = facet_vertices(R, fr, tol, rv), niv = facet_vertices(I, fi, tol, iv);
    enum { MAXG = 64 };
    double G[MAXG][AK_MAX_DIM], H[MAXG];
    uint32_t gid[MAXG];
    int ng = 0;
    for (int j = 0; j < I->nf && ng < MAXG; j++) {
        if (j == fi || !adjacent(I, fi, j, iv, niv, tol)) continue;
        memcpy(G[ng], I->F + j * (n + 1), sizeof(double) * (size_t)n);
        H[ng] = I->F[j * (n + 1) + n];
        gid[ng++] = (uint32_t)j;
    }
    for (int j = 0; j < R->nf && ng < MAXG; j++) {
        if (j == fr || !adjacent(R, fr, j, rv, nrv, tol)) continue;
        const double *pj = R->F + j * (n + 1);
        double c = ak_la_dot(n, pj, nr), s[AK_MAX_DIM], L = 0;
        for (int i = 0; i < n; i++) s[i] = pj[i] - c * nr[i], L += s[i] * s[i];
        L = sqrt(L);
        if (!(L > 1e-9)) continue;
        for (int i = 0; i < n; i++) G[ng][i] = s[i] / L;
        H[ng] = (pj[n] - c * off_r) / L;
        gid[ng++] = 0x10000u + (uint32_t)j;
    }
    int k = n - 1;
    if (ng < k) return 0;
    // the work: C(ng, n-1) small solves; a documented bound keeps it finite
    double combos = 1;
    for (int i = 0; i < k; i++) combos = combos * (ng - i) / (i + 1);
    if (combos > AK_POLY_MAX_SUBSETS) return 0;
    // [G-CLIP.3] vertices of the clipped cell: every (n-1)-subset of the constraints with the
    // incident hyperplane, solved, kept when feasible and at most margin from the reference
    double X[AK_POLY_MAX_CAND * AK_MAX_DIM], S[AK_POLY_MAX_CAND];
    uint32_t fid[AK_POLY_MAX_CAND];
    int cnt = 0;
    int idx[AK_MAX_DIM];
    for (int i = 0; i < k; i++) idx[i] = i;
    for (;;) {
        double M[AK_MAX_DIM * AK_MAX_DIM], rhs[AK_MAX_DIM], x[AK_MAX_DIM];
        for (int r = 0; r < k; r++) {
            memcpy(M + r * n, G[idx[r]], sizeof(double) * (size_t)n);
            rhs[r] = H[idx[r]];
        }
        memcpy(M + k * n, ni, sizeof(double) * (size_t)n);
        rhs[k] = ni[n];
        if (ak_la_solve(n, M, rhs, x, 1e-9)) {
            int feas = 1;
            for (int g = 0; g < ng && feas; g++)
                if (ak_la_dot(n, G[g], x) > H[g] + tol) feas = 0;
            if (feas) {
                int dup = 0;
                for (int q = 0; q < cnt && !dup; q++) {
                    double e = 0;
                    for (int i = 0; i < n; i++) e = fmax(e, fabs(X[q * n + i] - x[i]));
                    if (e <= tol) dup = 1;
                }
                double s = ak_la_dot(n, nr, x) - off_r;
                if (!dup && s <= margin && cnt < AK_POLY_MAX_CAND) {
                    memcpy(X + cnt * n, x, sizeof(double) * (size_t)n);
                    S[cnt] = s + 0.0;
                    uint32_t h = fnv(2166136261u, (uint32_t)fi);
                    for (int r = 0; r < k; r++) h = fnv(h, gid[idx[r]]);
                    fid[cnt++] = h & 0x7fffffffu;
                }
            }
        }
        int p = k - 1;
        while (p >= 0 && idx[p] == ng - k + p) p--;
        if (p < 0) break;
        idx[p]++;
        for (int q = p + 1; q < k; q++) idx[q] = idx[q - 1] + 1;
    }
    if (cnt == 0) return 0;
    int keep[AK_POLY_MAX_CAND];
    int nk = ak_poly_reduce(n, X, S, cnt, ak_poly_cap(n), keep);
    m->count = 0;
    for (int q = 0; q < nk; q++) {
        int id = keep[q];
        ak_contact *c = &m->contacts[m->count++];
        memset(c, 0, sizeof *c);
        const double *x = X + id * n;
        double y[AK_MAX_DIM];
        for (int i = 0; i < n; i++) y[i] = x[i] - S[id] * nr[i]; // on the reference hyperplane
        c->separation = S[id];
        uint32_t fref = (uint32_t)fr | 0x80000000u;
        if (ref_is_a) {
            memcpy(c->point_a, y, sizeof y);
            memcpy(c->point_b, x, sizeof(double) * (size_t)n);
            for (int i = 0; i < n; i++) c->normal[i] = -nr[i];
            c->feature_a = fref;
            c->feature_b = fid[id];
        } else {
            memcpy(c->point_a, x, sizeof(double) * (size_t)n);
            memcpy(c->point_b, y, sizeof y);
            for (int i = 0; i < n; i++) c->normal[i] = nr[i];
            c->feature_a = fid[id];
            c->feature_b = fref;
        }
        c->id = ((uint64_t)c->feature_a << 32) | c->feature_b;
    }
    // the manifold's normal is the reference facet's exact normal; its closest points and
    // separation are the deepest contact's when that agrees with the pair's separation and the
    // facet normal attains it (the gap of the two bodies along it is that separation: a vertex of
    // the incident body beyond the reference facet's prism can reach deeper than every contact)
    int deep = 0;
    for (int q = 1; q < m->count; q++)
        if (m->contacts[q].separation < m->contacts[deep].separation) deep = q;
    if (fabs(m->contacts[deep].separation - m->separation) <= 1e-9 * scale &&
        fabs(gap_along(&VA, &VB, m->contacts[deep].normal) - m->separation) <= 1e-9 * scale) {
        memcpy(m->normal, m->contacts[deep].normal, sizeof m->normal);
        m->separation = m->contacts[deep].separation;
        memcpy(m->point_a, m->contacts[deep].point_a, sizeof m->point_a);
        memcpy(m->point_b, m->contacts[deep].point_b, sizeof m->point_b);
    }
    return m->count;
}

// Capsule a against polytope b: when a facet of b is aligned with the normal, clip the core
// segment to the facet's prism; both clipped ends within the margin are contacts (a capsule
// lying on the facet gets two, a tilted one its lower end and, once the upper end comes within
// the margin, both: no rocking on one point).  [G-CLIP.5]
int ak_poly_capsule(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                    const ak_pose *pb, double margin) {
    int n = a->dim;
    pview VB;
    if (view_build(&VB, b, pb)) return -1;
    double al;
    int fr = best_facet(&VB, m->normal, &al);
    if (al < 1 - AK_POLY_FACE_TOL) return 0;
    const double *nr = VB.F + fr * (n + 1);
    double e0[AK_MAX_DIM], e1[AK_MAX_DIM], u[AK_MAX_DIM], L = 0;
    ak_geom_capsule_segment(n, e0, e1, a, pa);
    for (int i = 0; i < n; i++) u[i] = e1[i] - e0[i], L += u[i] * u[i];
    L = sqrt(L);
    if (!(L > 0)) return 0;
    double tol = 1e-9 * fmax(1.0, VB.radius);
    int rv[AK_POLY_MAX_VERTS];
    int nrv = facet_vertices(&VB, fr, tol, rv);
    double lo = 0, hi = 1;
    for (int j = 0; j < VB.nf; j++) {
        if (j == fr || !adjacent(&VB, fr, j, rv, nrv, tol)) continue;
        const double *pj = VB.F + j * (n + 1);
        double c = ak_la_dot(n, pj, nr), s[AK_MAX_DIM], Ls = 0;
        for (int i = 0; i < n; i++) s[i] = pj[i] - c * nr[i], Ls += s[i] * s[i];
        Ls = sqrt(Ls);
        if (!(Ls > 1e-9)) continue;
        double h = (pj[n] - c * nr[n]) / Ls, g0 = ak_la_dot(n, s, e0) / Ls,
               gu = ak_la_dot(n, s, u) / Ls;
        // g0 + t gu <= h
        if (fabs(gu) < 1e-15) {
            if (g0 > h + tol) lo = 1, hi = 0;
            continue;
        }
        double t = (h - g0) / gu;
        if (gu > 0)
            hi = fmin(hi, t);
        else
            lo = fmax(lo, t);
    }
    if (!(hi - lo > 1e-9)) return 0;
    m->count = 0;
    for (int q = 0; q < 2; q++) {
        double t = q ? hi : lo, x[AK_MAX_DIM], pa_[AK_MAX_DIM], y[AK_MAX_DIM];
        for (int i = 0; i < n; i++) x[i] = e0[i] + t * u[i];
        double sep = ak_la_dot(n, nr, x) - nr[n] - a->radius;
        for (int i = 0; i < n; i++) pa_[i] = x[i] - a->radius * nr[i], y[i] = pa_[i] - sep * nr[i];
        if (sep > margin) continue;
        ak_contact *c = &m->contacts[m->count++];
        memset(c, 0, sizeof *c);
        memcpy(c->normal, nr, sizeof(double) * (size_t)n);
        memcpy(c->point_a, pa_, sizeof pa_);
        memcpy(c->point_b, y, sizeof y);
        c->separation = sep + 0.0;
        c->feature_a = 1u + (uint32_t)q;
        c->feature_b = (uint32_t)fr | 0x80000000u;
        c->id = ((uint64_t)c->feature_a << 32) | c->feature_b;
    }
    return m->count;
}

// --- contacts between lower-dimensional features (G-CLIP.6 .. G-CLIP.8) ---------------------

#define FEAT_MAX 64 // vertices of one contact feature (a k-face of a box has 2^k)
// [G-CLIP.6] a vertex belongs to the contact feature when its direction from the deepest
// vertex lies within this angle of the contact hyperplane (the angle whose 1 - cos is
// AK_POLY_FACE_TOL, the facet path's alignment tolerance), or within rounding of its height
#define FEAT_ANGLE 1.4142135623730951e-3

// Orthonormal rows Q (k of them, in m-D) spanning the differences X[i] - X[0] (Gram-Schmidt
// with a relative threshold); returns k.
static int span_basis(int m, double Q[], const double X[], int cnt, double tol) {
    int k = 0;
    for (int i = 1; i < cnt && k < m; i++) {
        double e[AK_MAX_DIM];
        for (int c = 0; c < m; c++) e[c] = X[i * m + c] - X[c];
        for (int pass = 0; pass < 2; pass++)
            for (int q = 0; q < k; q++) {
                double t = ak_la_dot(m, e, Q + q * m);
                for (int c = 0; c < m; c++) e[c] -= t * Q[q * m + c];
            }
        double l = sqrt(ak_la_dot(m, e, e));
        if (!(l > tol)) continue;
        for (int c = 0; c < m; c++) Q[k * m + c] = e[c] / l;
        k++;
    }
    return k;
}

// Complete orthonormal rows Q[0..k) of m-D to a basis by the coordinate axes; the new rows go
// to W (m - k of them). Returns m - k.
static int complement(int m, double W[], const double Q[], int k) {
    double B[AK_MAX_DIM * AK_MAX_DIM];
    memcpy(B, Q, sizeof(double) * (size_t)(k * m));
    int nb = k, nw = 0;
    for (int ax = 0; ax < m && nb < m; ax++) {
        double e[AK_MAX_DIM] = { 0 };
        e[ax] = 1;
        for (int pass = 0; pass < 2; pass++)
            for (int q = 0; q < nb; q++) {
                double t = ak_la_dot(m, e, B + q * m);
                for (int c = 0; c < m; c++) e[c] -= t * B[q * m + c];
            }
        double l = sqrt(ak_la_dot(m, e, e));
        if (l < 0.5) continue; // a new axis direction is at least 1/sqrt(m) out of the span
        for (int c = 0; c < m; c++) B[nb * m + c] = W[nw * m + c] = e[c] / l;
        nb++, nw++;
    }
    return nw;
}

typedef struct feat {
    int cnt, k;                        // vertices, dimension of their projection
    int vi[FEAT_MAX];                  // vertex indices in the view
    double P[FEAT_MAX * AK_MAX_DIM];   // projections on the contact hyperplane ((n-1)-D)
    double Q[AK_MAX_DIM * AK_MAX_DIM]; // orthonormal rows spanning the projection
    double W[AK_MAX_DIM * AK_MAX_DIM]; // and its complement in the hyperplane
    double G[256][AK_MAX_DIM];         // sides G.y <= H within the hyperplane
    double H[256];
    uint32_t gid[256];
    int ng;
    uint32_t id; // hash of the vertex set
} feat;

// The contact feature of view V facing direction w (its vertices within FEAT_ANGLE of the
// supporting hyperplane), projected on the hyperplane with orthonormal basis E (rows, n-1), and
// the sides of the projection's hull within its affine hull. 0, or -1 when unusable.
static int feature_build(feat *F, const pview *V, const double w[], const double E[], double tol) {
    int n = V->n, m = n - 1;
    double h = -INFINITY;
    int v0 = 0;
    for (int v = 0; v < V->nv; v++) {
        double t = ak_la_dot(n, V->V + v * n, w);
        if (t > h) h = t, v0 = v;
    }
    F->cnt = 0;
    F->id = 2166136261u;
    for (int v = 0; v < V->nv; v++) {
        double d[AK_MAX_DIM], p2 = 0;
        for (int i = 0; i < n; i++) d[i] = V->V[v * n + i] - V->V[v0 * n + i];
        for (int r = 0; r < m; r++) {
            double t = ak_la_dot(n, d, E + r * n);
            p2 += t * t;
        }
        if (h - ak_la_dot(n, V->V + v * n, w) > FEAT_ANGLE * sqrt(p2) + tol) continue;
        if (F->cnt >= FEAT_MAX) return -1;
        for (int r = 0; r < m; r++) F->P[F->cnt * m + r] = ak_la_dot(n, V->V + v * n, E + r * n);
        F->vi[F->cnt++] = v;
        F->id = fnv(F->id, (uint32_t)v);
    }
    F->k = span_basis(m, F->Q, F->P, F->cnt, tol);
    complement(m, F->W, F->Q, F->k);
    // sides: the hull of the projection in its own k coordinates, lifted back
    int k = F->k;
    F->ng = 0;
    if (k == 0) return 0;
    double C[FEAT_MAX * AK_MAX_DIM];
    for (int i = 0; i < F->cnt; i++)
        for (int q = 0; q < k; q++) {
            double t = 0;
            for (int r = 0; r < m; r++) t += (F->P[i * m + r] - F->P[r]) * F->Q[q * m + r];
            C[i * k + q] = t;
        }
    double pl[256 * (AK_MAX_DIM + 1)];
    int np;
    if (k == 1) {
        double lo = INFINITY, hi = -INFINITY;
        for (int i = 0; i < F->cnt; i++) lo = fmin(lo, C[i]), hi = fmax(hi, C[i]);
        pl[0] = 1, pl[1] = hi, pl[2] = -1, pl[3] = -lo;
        np = 2;
    } else {
        np = ak_convex_facets(k, pl, 256, C, F->cnt);
        if (np <= 0) return -1;
    }
    for (int f = 0; f < np; f++) {
        const double *g = pl + f * (k + 1);
        double G[AK_MAX_DIM] = { 0 };
        for (int q = 0; q < k; q++)
            for (int r = 0; r < m; r++) G[r] += g[q] * F->Q[q * m + r];
        // g.c <= o in hull coordinates: G.(y - P0) <= o
        memcpy(F->G[F->ng], G, sizeof G);
        F->H[F->ng] = g[k] + ak_la_dot(m, G, F->P);
        uint32_t id = 2166136261u; // the side's identity: the feature vertices on it
        for (int i = 0; i < F->cnt; i++) {
            double t = 0;
            for (int q = 0; q < k; q++) t += g[q] * C[i * k + q];
            if (fabs(t - g[k]) <= tol) id = fnv(id, (uint32_t)F->vi[i]);
        }
        F->gid[F->ng++] = id & 0x7fffffffu;
    }
    return 0;
}

// Where the line y + t u (y on the contact hyperplane) meets the polytope's surface: the lowest
// t (low = 1) or the highest (low = 0), from the facet planes g.x <= o facing along -u / +u.
static double surface_t(const pview *V, const double y[], const double u[], int low) {
    int n = V->n;
    double t = low ? -INFINITY : INFINITY;
    for (int f = 0; f < V->nf; f++) {
        const double *g = V->F + f * (n + 1);
        double gu = ak_la_dot(n, g, u);
        if (low ? !(gu < -1e-9) : !(gu > 1e-9)) continue;
        double s = (g[n] - ak_la_dot(n, g, y)) / gu;
        t = low ? fmax(t, s) : fmin(t, s);
    }
    return t;
}

// [G-CLIP.9] a capsule as the first body of the features path: its feature is its core segment
// (the two ends as the view's vertices, no facets), and a line y + t u meets its surface first
// at t = (x - y).u - sqrt(r^2 - rho^2), x the core point nearest the line (clamped to the
// segment), rho their distance across u; +inf when the line misses the capsule.
static void capsule_view(pview *P, const ak_shape *s, const ak_pose *p) {
    P->n = s->dim;
    P->nv = 2;
    P->nf = 0;
    ak_geom_capsule_segment(s->dim, P->V, P->V + s->dim, s, p);
    P->radius = s->half_length + s->radius;
}

static double capsule_t(const pview *V, double r, const double y[], const double u[]) {
    int n = V->n;
    double dl[AK_MAX_DIM], wl[AK_MAX_DIM], x[AK_MAX_DIM], e[AK_MAX_DIM];
    for (int i = 0; i < n; i++) dl[i] = V->V[n + i] - V->V[i], wl[i] = y[i] - V->V[i];
    double du = ak_la_dot(n, dl, u), wu = ak_la_dot(n, wl, u);
    for (int i = 0; i < n; i++) dl[i] -= du * u[i], wl[i] -= wu * u[i];
    double dd = ak_la_dot(n, dl, dl), sg = dd > 0 ? ak_la_dot(n, wl, dl) / dd : 0.0;
    sg = fmin(1.0, fmax(0.0, sg));
    for (int i = 0; i < n; i++) x[i] = V->V[i] + sg * (V->V[n + i] - V->V[i]), e[i] = y[i] - x[i];
    double eu = ak_la_dot(n, e, u);
    for (int i = 0; i < n; i++) e[i] -= eu * u[i];
    double rho2 = ak_la_dot(n, e, e);
    if (rho2 > r * r) return INFINITY;
    return -eu - sqrt(r * r - rho2);
}

int ak_poly_features(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                     const ak_pose *pb, double margin) {
    int n = a->dim, md = n - 1;
    pview VA, VB;
    feat FA, FB;
    int cap = a->type == AK_SHAPE_HYPERCAPSULE;
    if (cap)
        capsule_view(&VA, a, pa);
    else if (view_build(&VA, a, pa))
        return -1;
    if (view_build(&VB, b, pb)) return -1;
    const double *u = m->normal; // from b to a
    double scale = fmax(1.0, fmax(VA.radius, VB.radius)), tol = 1e-9 * scale;
    // [G-CLIP.6] the contact hyperplane's basis E (rows orthogonal to u)
    double E[AK_MAX_DIM * AK_MAX_DIM], mu[AK_MAX_DIM];
    if (complement(n, E, u, 1) != md) return 0;
    for (int i = 0; i < n; i++) mu[i] = -u[i];
    if (feature_build(&FA, &VA, mu, E, tol) || feature_build(&FB, &VB, u, E, tol)) return 0;
    if (FA.k == 0 || FB.k == 0) return 0; // a vertex: the single contact is the region
    // [G-CLIP.7] the region: y in both affine hulls (equalities W.y = W.P0) and on the inner
    // side of both hulls' sides. Equalities orthonormalised; nearly dependent ones (features
    // parallel within FEAT_ANGLE) dropped.
    double Qe[AK_MAX_DIM * AK_MAX_DIM], re[AK_MAX_DIM];
    int r = 0;
    for (int s = 0; s < 2; s++) {
        const feat *F = s ? &FB : &FA;
        for (int j = 0; j < md - F->k; j++) {
            double e[AK_MAX_DIM], rhs = ak_la_dot(md, F->W + j * md, F->P);
            memcpy(e, F->W + j * md, sizeof(double) * (size_t)md);
            for (int q = 0; q < r; q++) {
                double t = ak_la_dot(md, e, Qe + q * md);
                for (int c = 0; c < md; c++) e[c] -= t * Qe[q * md + c];
                rhs -= t * re[q];
            }
            double l = sqrt(ak_la_dot(md, e, e));
            if (!(l > FEAT_ANGLE)) continue;
            for (int c = 0; c < md; c++) Qe[r * md + c] = e[c] / l;
            re[r++] = rhs / l;
        }
    }
    int d = md - r;
    if (d <= 0) return 0; // the features cross in one point
    double yp[AK_MAX_DIM] = { 0 }, N[AK_MAX_DIM * AK_MAX_DIM];
    for (int q = 0; q < r; q++)
        for (int c = 0; c < md; c++) yp[c] += re[q] * Qe[q * md + c];
    if (complement(md, N, Qe, r) != d) return 0;
    // inequalities in the d coordinates t of y = yp + N t
    enum { MAXI = 512 };
    double A[MAXI][AK_MAX_DIM], B[MAXI];
    uint32_t cid[MAXI];
    int ni = 0;
    for (int s = 0; s < 2; s++) {
        const feat *F = s ? &FB : &FA;
        for (int g = 0; g < F->ng; g++) {
            double a_[AK_MAX_DIM], l = 0;
            for (int q = 0; q < d; q++)
                a_[q] = ak_la_dot(md, F->G[g], N + q * md), l += a_[q] * a_[q];
            double bb = F->H[g] - ak_la_dot(md, F->G[g], yp);
            if (!(sqrt(l) > 1e-9)) {
                if (bb < -tol) return 0; // the features' hulls miss each other
                continue;
            }
            if (ni >= MAXI) return 0;
            memcpy(A[ni], a_, sizeof a_);
            B[ni] = bb;
            cid[ni++] = F->gid[g] ^ (s ? 0x40000000u : 0u);
        }
    }
    if (ni < d) return 0;
    double combos = 1;
    for (int i = 0; i < d; i++) combos = combos * (ni - i) / (i + 1);
    if (combos > AK_POLY_MAX_SUBSETS) return 0;
    // [G-CLIP.8] the region's vertices: every d-subset of the sides solved, kept when inside all
    double X[AK_POLY_MAX_CAND * AK_MAX_DIM], S[AK_POLY_MAX_CAND], PA[AK_POLY_MAX_CAND * AK_MAX_DIM];
    uint32_t fid[AK_POLY_MAX_CAND];
    int cnt = 0, idx[AK_MAX_DIM];
    for (int i = 0; i < d; i++) idx[i] = i;
    for (;;) {
        double M[AK_MAX_DIM * AK_MAX_DIM], rhs[AK_MAX_DIM], t[AK_MAX_DIM];
        for (int q = 0; q < d; q++) {
            memcpy(M + q * d, A[idx[q]], sizeof(double) * (size_t)d);
            rhs[q] = B[idx[q]];
        }
        if (ak_la_solve(d, M, rhs, t, 1e-9)) {
            int feas = 1;
            for (int g = 0; g < ni && feas; g++) {
                double v = 0;
                for (int q = 0; q < d; q++) v += A[g][q] * t[q];
                if (v > B[g] + tol) feas = 0;
            }
            if (feas) {
                double y[AK_MAX_DIM], Y[AK_MAX_DIM] = { 0 };
                for (int c = 0; c < md; c++) {
                    y[c] = yp[c];
                    for (int q = 0; q < d; q++) y[c] += N[q * md + c] * t[q];
                }
                for (int c = 0; c < md; c++)
                    for (int i = 0; i < n; i++) Y[i] += y[c] * E[c * n + i];
                double ta = cap ? capsule_t(&VA, a->radius, Y, u) : surface_t(&VA, Y, u, 1);
                double tb = surface_t(&VB, Y, u, 0);
                double x[AK_MAX_DIM], xa[AK_MAX_DIM];
                for (int i = 0; i < n; i++) x[i] = Y[i] + tb * u[i], xa[i] = Y[i] + ta * u[i];
                int dup = 0;
                for (int q = 0; q < cnt && !dup; q++) {
                    double e = 0;
                    for (int i = 0; i < n; i++) e = fmax(e, fabs(X[q * n + i] - x[i]));
                    if (e <= tol) dup = 1;
                }
                double s = ta - tb;
                if (!dup && isfinite(s) && s <= margin && cnt < AK_POLY_MAX_CAND) {
                    memcpy(X + cnt * n, x, sizeof(double) * (size_t)n);
                    memcpy(PA + cnt * n, xa, sizeof(double) * (size_t)n);
                    S[cnt] = s + 0.0;
                    uint32_t hh = fnv(2166136261u, FB.id);
                    for (int q = 0; q < d; q++) hh = fnv(hh, cid[idx[q]]);
                    fid[cnt++] = hh & 0x7fffffffu;
                }
            }
        }
        int p = d - 1;
        while (p >= 0 && idx[p] == ni - d + p) p--;
        if (p < 0) break;
        idx[p]++;
        for (int q = p + 1; q < d; q++) idx[q] = idx[q - 1] + 1;
    }
    if (cnt < 2) return 0;
    int keep[AK_POLY_MAX_CAND];
    int nk = ak_poly_reduce(n, X, S, cnt, ak_poly_cap(n), keep);
    m->count = 0;
    for (int q = 0; q < nk; q++) {
        int id = keep[q];
        ak_contact *c = &m->contacts[m->count++];
        memset(c, 0, sizeof *c);
        memcpy(c->point_a, PA + id * n, sizeof(double) * (size_t)n);
        memcpy(c->point_b, X + id * n, sizeof(double) * (size_t)n);
        memcpy(c->normal, u, sizeof(double) * (size_t)n);
        c->separation = S[id];
        c->feature_a = (FA.id & 0x3fffffffu) | 0x40000000u;
        c->feature_b = fid[id];
        c->id = ((uint64_t)c->feature_a << 32) | c->feature_b;
    }
    return m->count;
}
