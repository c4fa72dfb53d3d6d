// Simplices (ten Bosch B-5), simplicial meshes and convex hulls (Hodges G-15, in n-D).
//
// Simplex with vertices p_0..p_n, M = [p_1 - p_0, .., p_n - p_0] (columns):
//   V = |det M| / n!,  integral (x - p_0)(x - p_0)^T dV = |det M| M C M^T,
// with C the covariance of the canonical simplex (C_ii = 2/(n+2)!, C_ij = 1/(n+2)!) [B-5];
// the second moment about the origin follows by expanding x = p_0 + (x - p_0).
//
// Convex hull: no hull structure is stored. The hull of a point set P of affine dimension d is
// split into simplices by coning from the vertex average c(P) (a relative-interior point) over
// the facets of P, each facet split the same way one dimension lower, down to single vertices.
// Every simplex is a flag (P, facet, ridge, .., edge, vertex) with vertices
// (c(P), c(facet), .., c(edge), vertex). Facets of P are found by brute force: every d-subset of
// P's points spans a candidate hyperplane inside P's affine hull; it is a facet when all points
// lie on one side, and its points are those on the hyperplane (deduplicated by bitmask).
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ref/mass/mass.h"
#include "ref/mass/mass_internal.h"

#define REL_EPS 1e-10 // coplanarity tolerance, relative to the point cloud's size

typedef struct raw {
    double V, F[AK_MAX_DIM], S[AK_MAX_DIM * AK_MAX_DIM], B;
} raw;

int ak_mass_from_raw(ak_mass_props *out, int n, double V, const double F[], const double S[],
                     double boundary, double density, char *err, size_t errlen) {
    if (!(V > 0.0) || !isfinite(V))
        return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                            "volume is %g (not positive): degenerate or inside-out body", V);
    ak_mass_props r;
    memset(&r, 0, sizeof r);
    r.dim = n;
    r.volume = V;
    r.boundary = boundary;
    r.mass = density * V;
    for (int i = 0; i < n; i++) r.centroid[i] = F[i] / V;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            r.cov[i * n + j] = density * (S[i * n + j] - V * r.centroid[i] * r.centroid[j]);
    // symmetrise the rounding
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double m = 0.5 * (r.cov[i * n + j] + r.cov[j * n + i]);
            r.cov[i * n + j] = r.cov[j * n + i] = m;
        }
    ak_mass_inertia_from_cov(n, r.inertia, r.cov);
    *out = r;
    return AK_MASS_OK;
}

// Add the simplex p[0..n] to acc. signed_det: use det M with its sign (mesh method), else |det M|.
static void simplex_acc(raw *acc, int n, const double *p[], int signed_det) {
    double M[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, C[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
    for (int r = 0; r < n; r++)
        for (int j = 0; j < n; j++) M[r * n + j] = p[j + 1][r] - p[0][r];
    double det = ak_mass_det(n, M);
    double w = signed_det ? det : fabs(det);
    double vol = w / ak_mass_factorial(n);
    ak_mass_simplex_canonical_cov(n, C);
    double mean[AK_MAX_DIM], U[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int j = 0; j <= n; j++) s += p[j][i];
        mean[i] = s / (n + 1);
        U[i] = vol * (mean[i] - p[0][i]);
    }
    acc->V += vol;
    for (int i = 0; i < n; i++) acc->F[i] += vol * mean[i];
    // MC = M C, then S_u = w (M C) M^T
    double MC[AK_MAX_DIM * AK_MAX_DIM];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int a = 0; a < n; a++) s += M[i * n + a] * C[a * n + j];
            MC[i * n + j] = s;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double su = 0.0;
            for (int a = 0; a < n; a++) su += MC[i * n + a] * M[j * n + a];
            acc->S[i * n + j] += w * su + vol * p[0][i] * p[0][j] + p[0][i] * U[j] + U[i] * p[0][j];
        }
}

// (m)-volume of the m-simplex q[0..m] embedded in R^n: sqrt(det Gram) / m!.
static double simplex_measure(int n, int m, const double *q[]) {
    if (m == 0) return 1.0;
    double E[AK_MAX_DIM][AK_MAX_DIM], G[AK_MAX_DIM * AK_MAX_DIM];
    for (int j = 0; j < m; j++)
        for (int i = 0; i < n; i++) E[j][i] = q[j + 1][i] - q[0][i];
    for (int a = 0; a < m; a++)
        for (int b = 0; b < m; b++) {
            double s = 0.0;
            for (int i = 0; i < n; i++) s += E[a][i] * E[b][i];
            G[a * m + b] = s;
        }
    double g = ak_mass_det(m, G);
    return sqrt(g > 0.0 ? g : 0.0) / ak_mass_factorial(m);
}

int ak_mass_simplex(ak_mass_props *out, int n, const double verts[], double density, char *err,
                    size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if (!verts) return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "simplex: no vertices");
    for (int i = 0; i < (n + 1) * n; i++)
        if (!isfinite(verts[i]))
            return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "simplex: vertex %d is not finite",
                                i / n);
    const double *p[AK_MAX_DIM + 1];
    for (int j = 0; j <= n; j++) p[j] = verts + j * n;
    raw acc;
    memset(&acc, 0, sizeof acc);
    simplex_acc(&acc, n, p, 0);
    double scale = 0.0;
    for (int j = 1; j <= n; j++)
        for (int i = 0; i < n; i++) scale = fmax(scale, fabs(p[j][i] - p[0][i]));
    if (scale == 0.0 || !(acc.V > REL_EPS * pow(scale, n)))
        return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                            "simplex: fewer than n+1 = %d affinely independent vertices", n + 1);
    // boundary: the n+1 facets (drop vertex f)
    for (int f = 0; f <= n; f++) {
        const double *q[AK_MAX_DIM];
        int m = 0;
        for (int j = 0; j <= n; j++)
            if (j != f) q[m++] = p[j];
        acc.B += simplex_measure(n, n - 1, q);
    }
    return ak_mass_from_raw(out, n, acc.V, acc.F, acc.S, acc.B, density, err, errlen);
}

int ak_mass_mesh(ak_mass_props *out, int n, const double verts[], int nverts, const int cells[],
                 int ncells, double density, char *err, size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if (!verts || !cells || nverts < n || ncells < n + 1)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "mesh: need >= %d vertices and >= %d cells, got %d and %d", n, n + 1,
                            nverts, ncells);
    raw acc;
    memset(&acc, 0, sizeof acc);
    const double origin[AK_MAX_DIM] = { 0 };
    for (int c = 0; c < ncells; c++) {
        const double *p[AK_MAX_DIM + 1];
        p[0] = origin;
        for (int j = 0; j < n; j++) {
            int v = cells[c * n + j];
            if (v < 0 || v >= nverts)
                return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                    "mesh: cell %d refers to vertex %d of %d", c, v, nverts);
            p[j + 1] = verts + (size_t)v * (size_t)n;
        }
        simplex_acc(&acc, n, p, 1);
        acc.B += simplex_measure(n, n - 1, p + 1);
    }
    return ak_mass_from_raw(out, n, acc.V, acc.F, acc.S, acc.B, density, err, errlen);
}

// ---- convex hull -----------------------------------------------------------------------------

typedef struct hull {
    int n, np;
    const double *v; // np x n
    double eps;      // absolute coplanarity tolerance
    raw acc;
    const double *chain[AK_MAX_DIM + 1];
    double cent[AK_MAX_DIM + 1][AK_MAX_DIM]; // storage for the chain's face centroids
    int status;
} hull;

// Orthonormal basis (rows of B, d of them) of the affine hull of the points in mask, around their
// average c. Returns the rank found.
static int affine_basis(const hull *h, uint64_t mask, double c[], double B[][AK_MAX_DIM]) {
    int n = h->n, cnt = 0, d = 0;
    for (int i = 0; i < n; i++) c[i] = 0.0;
    for (int p = 0; p < h->np; p++)
        if (mask >> p & 1) {
            for (int i = 0; i < n; i++) c[i] += h->v[p * n + i];
            cnt++;
        }
    for (int i = 0; i < n; i++) c[i] /= cnt;
    for (int p = 0; p < h->np && d < n; p++) {
        if (!(mask >> p & 1)) continue;
        double u[AK_MAX_DIM];
        for (int pass = 0; pass < 2; pass++) { // Gram-Schmidt, twice for stability
            if (pass == 0)
                for (int i = 0; i < n; i++) u[i] = h->v[p * n + i] - c[i];
            for (int b = 0; b < d; b++) {
                double s = 0.0;
                for (int i = 0; i < n; i++) s += u[i] * B[b][i];
                for (int i = 0; i < n; i++) u[i] -= s * B[b][i];
            }
        }
        double nn = 0.0;
        for (int i = 0; i < n; i++) nn += u[i] * u[i];
        nn = sqrt(nn);
        if (nn > h->eps) {
            for (int i = 0; i < n; i++) B[d][i] = u[i] / nn;
            d++;
        }
    }
    return d;
}

// Facets of the d-dimensional point set mask (d >= 1). Fills masks[] and, when normals is not
// NULL, the outward unit normals (in R^n) and offsets. Returns the count or a negative status.
static int find_facets(hull *h, uint64_t mask, int d, uint64_t masks[], double *normals,
                       double *offsets, int max) {
    int n = h->n;
    double c[AK_MAX_DIM], B[AK_MAX_DIM][AK_MAX_DIM];
    int rank = affine_basis(h, mask, c, B);
    if (rank != d) return AK_MASS_EDEGENERATE;
    int idx[AK_MASS_HULL_MAX_VERTS], np = 0;
    double q[AK_MASS_HULL_MAX_VERTS][AK_MAX_DIM];
    for (int p = 0; p < h->np; p++)
        if (mask >> p & 1) {
            idx[np] = p;
            for (int b = 0; b < d; b++) {
                double s = 0.0;
                for (int i = 0; i < n; i++) s += (h->v[p * n + i] - c[i]) * B[b][i];
                q[np][b] = s;
            }
            np++;
        }
    int count = 0;
    int comb[AK_MAX_DIM];
    for (int i = 0; i < d; i++) comb[i] = i;
    for (;;) {
        // normal of the hyperplane through q[comb[0..d-1]] within R^d: cofactors of the
        // (d-1) x d matrix of differences.
        double nrm[AK_MAX_DIM], D[AK_MAX_DIM][AK_MAX_DIM];
        for (int r = 1; r < d; r++)
            for (int j = 0; j < d; j++) D[r - 1][j] = q[comb[r]][j] - q[comb[0]][j];
        double len = 0.0;
        for (int j = 0; j < d; j++) {
            double minor[AK_MAX_DIM * AK_MAX_DIM];
            int m = d - 1;
            for (int r = 0; r < m; r++) {
                int cc = 0;
                for (int jj = 0; jj < d; jj++)
                    if (jj != j) minor[r * m + cc++] = D[r][jj];
            }
            double cof = (m == 0) ? 1.0 : ak_mass_det(m, minor);
            nrm[j] = (j % 2 ? -cof : cof);
            len += nrm[j] * nrm[j];
        }
        len = sqrt(len);
        // the cofactor vector's length is the (d-1)-volume spanned (times (d-1)!); skip flat ones
        double minlen = h->eps * pow(h->eps / REL_EPS, d - 2); // eps * scale^(d-2)
        if (len > minlen) {
            for (int j = 0; j < d; j++) nrm[j] /= len;
            double off = 0.0;
            for (int j = 0; j < d; j++) off += nrm[j] * q[comb[0]][j];
            int pos = 0, neg = 0;
            uint64_t fm = 0;
            for (int p = 0; p < np; p++) {
                double s = -off;
                for (int j = 0; j < d; j++) s += nrm[j] * q[p][j];
                if (s > h->eps)
                    pos++;
                else if (s < -h->eps)
                    neg++;
                else
                    fm |= (uint64_t)1 << idx[p];
            }
            if (!(pos && neg) && (pos || neg)) {
                int dup = 0;
                for (int f = 0; f < count && !dup; f++) dup = (masks[f] == fm);
                if (!dup) {
                    if (count >= max) return AK_MASS_ELIMIT;
                    masks[count] = fm;
                    if (normals) {
                        double sg = pos ? -1.0 : 1.0; // outward: away from the other points
                        double *o = normals + (size_t)count * (size_t)n;
                        for (int i = 0; i < n; i++) {
                            double s = 0.0;
                            for (int j = 0; j < d; j++) s += sg * nrm[j] * B[j][i];
                            o[i] = s;
                        }
                        double oc = 0.0;
                        for (int i = 0; i < n; i++) oc += o[i] * c[i];
                        offsets[count] = oc + sg * off;
                    }
                    count++;
                }
            }
        }
        // next combination
        int i = d - 1;
        while (i >= 0 && comb[i] == np - d + i) i--;
        if (i < 0) break;
        comb[i]++;
        for (int j = i + 1; j < d; j++) comb[j] = comb[j - 1] + 1;
    }
    return count;
}

static void hull_rec(hull *h, uint64_t mask, int d, int depth) {
    if (h->status) return;
    int n = h->n;
    double *c = h->cent[depth];
    int cnt = 0;
    for (int i = 0; i < n; i++) c[i] = 0.0;
    for (int p = 0; p < h->np; p++)
        if (mask >> p & 1) {
            for (int i = 0; i < n; i++) c[i] += h->v[p * n + i];
            cnt++;
        }
    for (int i = 0; i < n; i++) c[i] /= cnt;
    h->chain[depth] = c;
    if (d == 0) {
        simplex_acc(&h->acc, n, h->chain, 0);
        h->acc.B += simplex_measure(n, n - 1, h->chain + 1);
        return;
    }
    uint64_t masks[AK_MASS_HULL_MAX_FACETS];
    int nf;
    if (d == 1) { // a segment: its two end points, extreme along the segment
        double cc[AK_MAX_DIM], B[AK_MAX_DIM][AK_MAX_DIM];
        if (affine_basis(h, mask, cc, B) != 1) {
            h->status = AK_MASS_EDEGENERATE;
            return;
        }
        double lo = INFINITY, hi = -INFINITY;
        int ilo = -1, ihi = -1;
        for (int p = 0; p < h->np; p++)
            if (mask >> p & 1) {
                double s = 0.0;
                for (int i = 0; i < n; i++) s += (h->v[p * n + i] - cc[i]) * B[0][i];
                if (s < lo) lo = s, ilo = p;
                if (s > hi) hi = s, ihi = p;
            }
        masks[0] = (uint64_t)1 << ilo;
        masks[1] = (uint64_t)1 << ihi;
        nf = 2;
    } else {
        nf = find_facets(h, mask, d, masks, NULL, NULL, AK_MASS_HULL_MAX_FACETS);
    }
    if (nf < 0) {
        h->status = nf;
        return;
    }
    for (int f = 0; f < nf; f++) hull_rec(h, masks[f], d - 1, depth + 1);
}

// ---- more points than a bitmask holds: facets by gift wrapping -------------------------------
//
// Above AK_MASS_HULL_MAX_VERTS points the facets of the whole set are found by gift wrapping
// instead of brute force: a first facet by rotating a supporting hyperplane until it holds n
// affinely independent points, then, for every ridge of a known facet (the facets of the facet's
// own point set, found by brute force as above), the neighbouring facet by rotating the facet's
// hyperplane about the ridge by the smallest angle that meets another point. Each facet (at most
// AK_MASS_HULL_MAX_VERTS points) is then split into simplices as above, coned from the vertex
// average of all points. Facets are kept as inward unit normals a and offsets (a.x >= o inside).

typedef struct wrap {
    int n, np;
    const double *v;
    double eps;
    int nf;
    double a[AK_MASS_HULL_MAX_FACETS][AK_MAX_DIM], o[AK_MASS_HULL_MAX_FACETS];
} wrap;

static double wdot(int n, const double a[], const double b[]) {
    double s = 0.0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

// The points on the hyperplane a.x = o (within eps), as indices; returns their count or -1 when
// more than max.
static int on_plane(const wrap *w, const double a[], double o, int idx[], int max) {
    int k = 0;
    for (int p = 0; p < w->np; p++)
        if (fabs(wdot(w->n, a, w->v + (size_t)p * (size_t)w->n) - o) <= w->eps) {
            if (k >= max) return -1;
            idx[k++] = p;
        }
    return k;
}

// Rotate the supporting hyperplane (inward normal a, through point x0) towards -e (e unit, e
// orthogonal to a) by the smallest angle that meets a point off the plane; a is updated. Returns
// false when no point lies on the positive side of e.
static bool wrap_rotate(const wrap *w, double a[], const double x0[], const double e[]) {
    int n = w->n;
    double best = INFINITY, bh = 0, bg = 0;
    for (int p = 0; p < w->np; p++) {
        double d[AK_MAX_DIM];
        for (int i = 0; i < n; i++) d[i] = w->v[(size_t)p * (size_t)n + i] - x0[i];
        double h = wdot(n, a, d), g = wdot(n, e, d);
        if (h <= w->eps) continue; // on the plane already
        double th = atan2(h, g);
        if (th < best) best = th, bh = h, bg = g;
    }
    if (!isfinite(best)) return false;
    // the rotated normal cos(t) a - sin(t) e with t = atan2(h, g): 0 on the point found, >= 0 on
    // every other point (t is the smallest such angle)
    double l = sqrt(bh * bh + bg * bg), c = bg / l, s = bh / l;
    double nrm = 0.0;
    for (int i = 0; i < n; i++) {
        a[i] = c * a[i] - s * e[i];
        nrm += a[i] * a[i];
    }
    nrm = sqrt(nrm);
    for (int i = 0; i < n; i++) a[i] /= nrm;
    return true;
}

static int wrap_add(wrap *w, const double a[], double o) {
    for (int f = 0; f < w->nf; f++) {
        double d = 0.0;
        for (int i = 0; i < w->n; i++) d = fmax(d, fabs(a[i] - w->a[f][i]));
        if (d < 1e-9 && fabs(o - w->o[f]) <= w->eps) return 0; // known
    }
    if (w->nf >= AK_MASS_HULL_MAX_FACETS) return AK_MASS_ELIMIT;
    memcpy(w->a[w->nf], a, sizeof(double) * (size_t)w->n);
    w->o[w->nf++] = o;
    return 1;
}

// A hull over the points idx[0..k) of w (copied into pts), for the bitmask routines.
static void sub_hull(hull *s, const wrap *w, const int idx[], int k, double pts[]) {
    memset(s, 0, sizeof *s);
    s->n = w->n;
    s->np = k;
    for (int q = 0; q < k; q++)
        memcpy(pts + (size_t)q * (size_t)w->n, w->v + (size_t)idx[q] * (size_t)w->n,
               sizeof(double) * (size_t)w->n);
    s->v = pts;
    s->eps = w->eps;
}

static uint64_t all_mask(int k) { return k == 64 ? ~(uint64_t)0 : (((uint64_t)1 << k) - 1); }

// Every facet of the hull of w's points. Returns the count or a negative status.
static int wrap_facets(wrap *w) {
    int n = w->n;
    // a first supporting hyperplane: the lowest point along x_0, normal e_0
    int p0 = 0;
    for (int p = 1; p < w->np; p++)
        if (w->v[(size_t)p * (size_t)n] < w->v[(size_t)p0 * (size_t)n]) p0 = p;
    const double *x0 = w->v + (size_t)p0 * (size_t)n;
    double a[AK_MAX_DIM] = { 0 };
    a[0] = 1.0;
    int idx[AK_MASS_HULL_MAX_VERTS];
    double pts[AK_MASS_HULL_MAX_VERTS * AK_MAX_DIM];
    for (int round = 0; round < n; round++) {
        int k = on_plane(w, a, wdot(n, a, x0), idx, AK_MASS_HULL_MAX_VERTS);
        if (k < 0) return AK_MASS_ELIMIT;
        hull s;
        sub_hull(&s, w, idx, k, pts);
        double c[AK_MAX_DIM], B[AK_MAX_DIM][AK_MAX_DIM];
        int rank = affine_basis(&s, all_mask(k), c, B);
        if (rank >= n - 1) break;
        // e: a unit direction orthogonal to a and to the face's affine hull
        double e[AK_MAX_DIM];
        bool found = false;
        for (int ax = 0; ax < n && !found; ax++) {
            for (int i = 0; i < n; i++) e[i] = (i == ax);
            for (int pass = 0; pass < 2; pass++) {
                double t = wdot(n, e, a);
                for (int i = 0; i < n; i++) e[i] -= t * a[i];
                for (int b = 0; b < rank; b++) {
                    t = wdot(n, e, B[b]);
                    for (int i = 0; i < n; i++) e[i] -= t * B[b][i];
                }
            }
            double l = sqrt(wdot(n, e, e));
            if (l > 1e-3) {
                for (int i = 0; i < n; i++) e[i] /= l;
                found = true;
            }
        }
        if (!found) return AK_MASS_EDEGENERATE;
        if (!wrap_rotate(w, a, x0, e)) {
            for (int i = 0; i < n; i++) e[i] = -e[i];
            if (!wrap_rotate(w, a, x0, e)) return AK_MASS_EDEGENERATE;
        }
    }
    w->nf = 0;
    int st = wrap_add(w, a, wdot(n, a, x0));
    if (st < 0) return st;
    for (int f = 0; f < w->nf; f++) { // breadth first over the facets found
        double af[AK_MAX_DIM];
        memcpy(af, w->a[f], sizeof af);
        double of = w->o[f];
        int k = on_plane(w, af, of, idx, AK_MASS_HULL_MAX_VERTS);
        if (k < 0) return AK_MASS_ELIMIT;
        if (k < n) return AK_MASS_EDEGENERATE;
        hull s;
        sub_hull(&s, w, idx, k, pts);
        uint64_t masks[AK_MASS_HULL_MAX_FACETS];
        double rn[AK_MASS_HULL_MAX_FACETS * AK_MAX_DIM], ro[AK_MASS_HULL_MAX_FACETS];
        int nr = find_facets(&s, all_mask(k), n - 1, masks, rn, ro, AK_MASS_HULL_MAX_FACETS);
        if (nr < 0) return nr;
        for (int r = 0; r < nr; r++) {
            // a point of the ridge, and its outward normal within the facet
            int q = 0;
            while (!(masks[r] >> q & 1)) q++;
            const double *xr = pts + (size_t)q * (size_t)n;
            double an[AK_MAX_DIM];
            memcpy(an, af, sizeof an);
            if (!wrap_rotate(w, an, xr, rn + (size_t)r * (size_t)n)) return AK_MASS_EDEGENERATE;
            st = wrap_add(w, an, wdot(n, an, xr));
            if (st < 0) return st;
        }
    }
    return w->nf;
}

static int convex_many(ak_mass_props *out, int n, const double verts[], int nverts, double density,
                       char *err, size_t errlen) {
    wrap w; // 48 kB of stack
    memset(&w, 0, sizeof w);
    w.n = n;
    w.np = nverts;
    w.v = verts;
    double scale = 0.0;
    for (int p = 0; p < nverts; p++)
        for (int i = 0; i < n; i++) {
            if (!isfinite(verts[p * n + i]))
                return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                    "convex: vertices[%d][%d] is not finite", p, i);
            scale = fmax(scale, fabs(verts[p * n + i] - verts[i]));
        }
    if (!(scale > 0.0))
        return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                            "convex: fewer than n+1 = %d affinely independent vertices", n + 1);
    w.eps = REL_EPS * scale;
    int nf = wrap_facets(&w);
    if (nf == AK_MASS_ELIMIT)
        return ak_mass_fail(err, errlen, nf,
                            "convex: %d vertices: a facet holds more than %d of them, or the hull "
                            "has more than %d facets",
                            nverts, AK_MASS_HULL_MAX_VERTS, AK_MASS_HULL_MAX_FACETS);
    if (nf < 0)
        return ak_mass_fail(err, errlen, nf,
                            "convex: fewer than n+1 = %d affinely independent vertices", n + 1);
    // cone every facet from the vertex average of all points
    double c0[AK_MAX_DIM] = { 0 };
    for (int p = 0; p < nverts; p++)
        for (int i = 0; i < n; i++) c0[i] += verts[p * n + i] / nverts;
    raw acc;
    memset(&acc, 0, sizeof acc);
    int idx[AK_MASS_HULL_MAX_VERTS];
    double pts[AK_MASS_HULL_MAX_VERTS * AK_MAX_DIM];
    for (int f = 0; f < nf; f++) {
        int k = on_plane(&w, w.a[f], w.o[f], idx, AK_MASS_HULL_MAX_VERTS);
        hull s;
        sub_hull(&s, &w, idx, k, pts);
        memcpy(s.cent[0], c0, sizeof c0);
        s.chain[0] = s.cent[0];
        hull_rec(&s, all_mask(k), n - 1, 1);
        if (s.status)
            return ak_mass_fail(err, errlen, s.status, "convex: degenerate face found (status %d)",
                                s.status);
        acc.V += s.acc.V;
        acc.B += s.acc.B;
        for (int i = 0; i < n; i++) acc.F[i] += s.acc.F[i];
        for (int i = 0; i < n * n; i++) acc.S[i] += s.acc.S[i];
    }
    return ak_mass_from_raw(out, n, acc.V, acc.F, acc.S, acc.B, density, err, errlen);
}

static int hull_init(hull *h, int n, const double verts[], int nverts, char *err, size_t errlen) {
    if (!verts || nverts < n + 1)
        return ak_mass_fail(
            err, errlen, AK_MASS_EDEGENERATE,
            "convex: %d vertices, fewer than n+1 = %d affinely independent vertices", nverts,
            n + 1);
    if (nverts > AK_MASS_HULL_MAX_VERTS)
        return ak_mass_fail(err, errlen, AK_MASS_ELIMIT,
                            "convex: %d vertices, at most %d supported", nverts,
                            AK_MASS_HULL_MAX_VERTS);
    memset(h, 0, sizeof *h);
    h->n = n;
    h->np = nverts;
    h->v = verts;
    double scale = 0.0;
    for (int p = 0; p < nverts; p++)
        for (int i = 0; i < n; i++) {
            if (!isfinite(verts[p * n + i]))
                return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                    "convex: vertices[%d][%d] is not finite", p, i);
            scale = fmax(scale, fabs(verts[p * n + i] - verts[i]));
        }
    h->eps = REL_EPS * (scale > 0.0 ? scale : 1.0);
    uint64_t all = (nverts == 64) ? ~(uint64_t)0 : (((uint64_t)1 << nverts) - 1);
    double c[AK_MAX_DIM], B[AK_MAX_DIM][AK_MAX_DIM];
    if (scale == 0.0 || affine_basis(h, all, c, B) < n)
        return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                            "convex: fewer than n+1 = %d affinely independent vertices", n + 1);
    return AK_MASS_OK;
}

int ak_mass_convex(ak_mass_props *out, int n, const double verts[], int nverts, double density,
                   char *err, size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if (verts && nverts > AK_MASS_HULL_MAX_VERTS)
        return convex_many(out, n, verts, nverts, density, err, errlen);
    hull h;
    if ((st = hull_init(&h, n, verts, nverts, err, errlen))) return st;
    uint64_t all = (nverts == 64) ? ~(uint64_t)0 : (((uint64_t)1 << nverts) - 1);
    hull_rec(&h, all, n, 0);
    if (h.status == AK_MASS_ELIMIT)
        return ak_mass_fail(err, errlen, h.status, "convex: more than %d facets on one face level",
                            AK_MASS_HULL_MAX_FACETS);
    if (h.status)
        return ak_mass_fail(err, errlen, h.status, "convex: degenerate face found (status %d)",
                            h.status);
    return ak_mass_from_raw(out, n, h.acc.V, h.acc.F, h.acc.S, h.acc.B, density, err, errlen);
}

int ak_mass_hull_halfspaces(double normals[], double offsets[], int max_facets, int n,
                            const double verts[], int nverts, char *err, size_t errlen) {
    if (n < 2 || n > AK_MAX_DIM)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "dimension %d is not in 2..%d", n,
                            AK_MAX_DIM);
    hull h;
    int st = hull_init(&h, n, verts, nverts, err, errlen);
    if (st) return st;
    uint64_t all = (nverts == 64) ? ~(uint64_t)0 : (((uint64_t)1 << nverts) - 1);
    uint64_t masks[AK_MASS_HULL_MAX_FACETS];
    int cap = max_facets < AK_MASS_HULL_MAX_FACETS ? max_facets : AK_MASS_HULL_MAX_FACETS;
    int nf = find_facets(&h, all, n, masks, normals, offsets, cap);
    if (nf == AK_MASS_ELIMIT)
        return ak_mass_fail(err, errlen, nf, "convex: more than %d facets", cap);
    if (nf < 0) return ak_mass_fail(err, errlen, nf, "convex: degenerate point set");
    return nf;
}
