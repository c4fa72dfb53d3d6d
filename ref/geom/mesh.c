// Tetrahedral boundary meshes and slicing (B-8slice). Pure functions; see mesh.h.
#include "ref/geom/mesh.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static double dot4(const double a[4], const double b[4]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}
static double det3(double a0, double a1, double a2, double b0, double b1, double b2, double c0,
                   double c1, double c2) {
    return a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
}

void ak_mesh_cross4(double out[4], const double a[4], const double b[4], const double c[4]) {
    // Cofactor expansion of det(a, b, c, y) along y (the last row).
    int cols[4][3] = { { 1, 2, 3 }, { 0, 2, 3 }, { 0, 1, 3 }, { 0, 1, 2 } };
    for (int i = 0; i < 4; i++) {
        const int *k = cols[i];
        double m =
            det3(a[k[0]], a[k[1]], a[k[2]], b[k[0]], b[k[1]], b[k[2]], c[k[0]], c[k[1]], c[k[2]]);
        out[i] = ((i + 3) % 2 == 0 ? 1.0 : -1.0) * m;
    }
}

int ak_mesh_polytope_vertices(double verts[], int max, ak_mesh_polytope kind) {
    double tmp[4];
    int count = 0;
#define PUT(x0, x1, x2, x3)                                                                        \
    do {                                                                                           \
        tmp[0] = (x0), tmp[1] = (x1), tmp[2] = (x2), tmp[3] = (x3);                                \
        if (count < max) memcpy(verts + 4 * count, tmp, sizeof tmp);                               \
        count++;                                                                                   \
    } while (0)
    switch (kind) {
        case AK_POLYTOPE_5CELL: {
            // Regular simplex on the unit 3-sphere: the pole e_w and a regular tetrahedron at
            // w = -1/4 (|xyz| = sqrt(15)/4); every edge is sqrt(5/2).
            double r = sqrt(15.0) / 4.0, t = r / sqrt(3.0);
            PUT(0, 0, 0, 1);
            PUT(t, t, t, -0.25);
            PUT(t, -t, -t, -0.25);
            PUT(-t, t, -t, -0.25);
            PUT(-t, -t, t, -0.25);
            break;
        }
        case AK_POLYTOPE_8CELL:
            for (int m = 0; m < 16; m++)
                PUT((m & 1) ? 0.5 : -0.5, (m & 2) ? 0.5 : -0.5, (m & 4) ? 0.5 : -0.5,
                    (m & 8) ? 0.5 : -0.5);
            break;
        case AK_POLYTOPE_16CELL:
            for (int i = 0; i < 4; i++)
                for (int s = -1; s <= 1; s += 2) {
                    double v[4] = { 0, 0, 0, 0 };
                    v[i] = s;
                    PUT(v[0], v[1], v[2], v[3]);
                }
            break;
        case AK_POLYTOPE_24CELL:
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++)
                    for (int si = -1; si <= 1; si += 2)
                        for (int sj = -1; sj <= 1; sj += 2) {
                            double v[4] = { 0, 0, 0, 0 };
                            v[i] = si;
                            v[j] = sj;
                            PUT(v[0], v[1], v[2], v[3]);
                        }
            break;
        case AK_POLYTOPE_600CELL: {
            // 8 of (+-1,0,0,0), 16 of (+-1/2,...), 96 even permutations of (+-phi, +-1, +-1/phi, 0)/2.
            double phi = (1.0 + sqrt(5.0)) / 2.0;
            for (int i = 0; i < 4; i++)
                for (int s = -1; s <= 1; s += 2) {
                    double v[4] = { 0, 0, 0, 0 };
                    v[i] = s;
                    PUT(v[0], v[1], v[2], v[3]);
                }
            for (int m = 0; m < 16; m++)
                PUT((m & 1) ? 0.5 : -0.5, (m & 2) ? 0.5 : -0.5, (m & 4) ? 0.5 : -0.5,
                    (m & 8) ? 0.5 : -0.5);
            static const int even[12][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 },
                                             { 1, 0, 3, 2 }, { 1, 2, 0, 3 }, { 1, 3, 2, 0 },
                                             { 2, 0, 1, 3 }, { 2, 1, 3, 0 }, { 2, 3, 0, 1 },
                                             { 3, 0, 2, 1 }, { 3, 1, 0, 2 }, { 3, 2, 1, 0 } };
            double base[4] = { phi / 2, 0.5, 0.5 / phi, 0.0 };
            for (int p = 0; p < 12; p++)
                for (int sm = 0; sm < 8; sm++) {
                    double v[4];
                    double b[3] = { (sm & 1) ? -base[0] : base[0], (sm & 2) ? -base[1] : base[1],
                                    (sm & 4) ? -base[2] : base[2] };
                    double src[4] = { b[0], b[1], b[2], 0.0 };
                    // position k of the output takes the source entry even[p][k]
                    for (int k = 0; k < 4; k++) v[k] = src[even[p][k]];
                    PUT(v[0], v[1], v[2], v[3]);
                }
            break;
        }
        default: break;
    }
#undef PUT
    return count;
}

static void sub4(double o[4], const double a[4], const double b[4]) {
    for (int i = 0; i < 4; i++) o[i] = a[i] - b[i];
}

#define AK_MESH_FACET_MAX 64 // vertices per facet handled by the triangulation

// Is (a, b, c, d) (a < b < c < d) the canonical 4-subset of a hull facet: the points span a
// supporting hyperplane and, among the facet's points, they are the lexicographically first
// affinely independent choice (matroid greedy)? Then each facet is found exactly once.
// Returns 1 and the outward unit normal n, offset o and the facet's points on[] (non);
// 0 when not canonical or not a facet; -1 when all points lie in one hyperplane; -2 when a
// facet holds more than AK_MESH_FACET_MAX points.
static int canonical_facet(double n[4], double *o_out, int on[], int *non_out, const double verts[],
                           int nverts, int a, int b, int c, int d, double tol) {
    const double *A = verts + 4 * a;
    double u[4], v[4], w[4];
    sub4(u, verts + 4 * b, A);
    sub4(v, verts + 4 * c, A);
    sub4(w, verts + 4 * d, A);
    ak_mesh_cross4(n, u, v, w);
    double len = sqrt(dot4(n, n));
    if (len < tol) return 0;
    for (int i = 0; i < 4; i++) n[i] /= len;
    double o = dot4(n, A);
    int pos = 0, neg = 0, non = 0;
    for (int q = 0; q < nverts && !(pos && neg); q++) {
        double s = dot4(n, verts + 4 * q) - o;
        if (s > tol)
            pos = 1;
        else if (s < -tol)
            neg = 1;
        else if (non < AK_MESH_FACET_MAX)
            on[non++] = q;
        else
            return -2; // a facet with more points than the triangulation handles
    }
    if (pos && neg) return 0;
    if (!pos && !neg) return -1;
    if (on[0] != a) return 0;
    int sel[4] = { on[0], -1, -1, -1 }, ns = 1;
    for (int q = 1; q < non && ns < 4; q++) {
        double e[3][4], g[3][3];
        sel[ns] = on[q];
        for (int k = 1; k <= ns; k++) sub4(e[k - 1], verts + 4 * sel[k], verts + 4 * sel[0]);
        for (int i = 0; i < ns; i++)
            for (int j = 0; j < ns; j++) g[i][j] = dot4(e[i], e[j]);
        double det = ns == 1   ? g[0][0]
                     : ns == 2 ? g[0][0] * g[1][1] - g[0][1] * g[1][0]
                               : det3(g[0][0], g[0][1], g[0][2], g[1][0], g[1][1], g[1][2], g[2][0],
                                      g[2][1], g[2][2]);
        if (det > tol * tol) ns++;
    }
    if (ns < 4 || sel[1] != b || sel[2] != c || sel[3] != d) return 0;
    if (pos) { // make the normal point out (all points on its negative side)
        for (int i = 0; i < 4; i++) n[i] = -n[i];
        o = -o;
    }
    *o_out = o;
    *non_out = non;
    return 1;
}

int ak_mesh_hull_facets4(double normals[], double offsets[], int max, const double verts[],
                         int nverts, double tol) {
    if (nverts < 5) return -1;
    int count = 0, on[AK_MESH_FACET_MAX], non;
    for (int a = 0; a < nverts; a++)
        for (int b = a + 1; b < nverts; b++)
            for (int c = b + 1; c < nverts; c++)
                for (int d = c + 1; d < nverts; d++) {
                    double n[4], o;
                    int r = canonical_facet(n, &o, on, &non, verts, nverts, a, b, c, d, tol);
                    if (r < 0) return r;
                    if (r == 0) continue;
                    if (count < max) {
                        memcpy(normals + 4 * count, n, sizeof n);
                        offsets[count] = o;
                    }
                    count++;
                }
    return count > 0 ? count : -1; // no supporting hyperplane: the points are degenerate
}

// Orient tet (a, b, c, d) so that cross(b-a, c-a, d-a) . dir > 0 and store it.
static void put_tet(double tets[], int idx, int max, const double a[4], const double b[4],
                    const double c[4], const double d[4], const double dir[4]) {
    if (idx >= max) return;
    double u[4], v[4], w[4], n[4];
    sub4(u, b, a);
    sub4(v, c, a);
    sub4(w, d, a);
    ak_mesh_cross4(n, u, v, w);
    double *t = tets + 16 * idx;
    memcpy(t, a, 4 * sizeof(double));
    if (dot4(n, dir) >= 0) {
        memcpy(t + 4, b, 4 * sizeof(double));
        memcpy(t + 8, c, 4 * sizeof(double));
    } else {
        memcpy(t + 4, c, 4 * sizeof(double));
        memcpy(t + 8, b, 4 * sizeof(double));
    }
    memcpy(t + 12, d, 4 * sizeof(double));
}

int ak_mesh_hull_tets4(double tets[], int max, const double verts[], int nverts, double tol) {
    if (nverts < 5) return -1;
    int count = 0;
    for (int a = 0; a < nverts; a++)
        for (int b = a + 1; b < nverts; b++)
            for (int c = b + 1; c < nverts; c++)
                for (int d = c + 1; d < nverts; d++) {
                    double n[4], o;
                    int on[AK_MESH_FACET_MAX], non;
                    int r = canonical_facet(n, &o, on, &non, verts, nverts, a, b, c, d, tol);
                    if (r < 0) return r;
                    if (r == 0) continue;
                    double outward[4];
                    memcpy(outward, n, sizeof outward);
                    // Facet centroid.
                    double cen[4] = { 0, 0, 0, 0 };
                    for (int q = 0; q < non; q++)
                        for (int i = 0; i < 4; i++) cen[i] += verts[4 * on[q] + i] / non;
                    // 2-faces of the facet: planes (within the facet) through 3 of its points.
                    uint64_t seen[256];
                    int nseen = 0;
                    for (int i = 0; i < non; i++)
                        for (int j = i + 1; j < non; j++)
                            for (int k = j + 1; k < non; k++) {
                                const double *P = verts + 4 * on[i];
                                double e1[4], e2[4], m[4];
                                sub4(e1, verts + 4 * on[j], P);
                                sub4(e2, verts + 4 * on[k], P);
                                ak_mesh_cross4(m, outward, e1, e2);
                                double ml = sqrt(dot4(m, m));
                                if (ml < tol) continue;
                                for (int q = 0; q < 4; q++) m[q] /= ml;
                                int fp = 0, fn = 0;
                                uint64_t mask = 0;
                                for (int q = 0; q < non; q++) {
                                    double e[4];
                                    sub4(e, verts + 4 * on[q], P);
                                    double s = dot4(m, e);
                                    if (s > tol)
                                        fp = 1;
                                    else if (s < -tol)
                                        fn = 1;
                                    else
                                        mask |= (uint64_t)1 << q;
                                }
                                if (fp && fn) continue;
                                int dup = 0;
                                for (int q = 0; q < nseen; q++)
                                    if (seen[q] == mask) dup = 1;
                                if (dup || nseen >= 256) continue;
                                seen[nseen++] = mask;
                                // Order the face's points by angle about its centroid.
                                int idx[AK_MESH_FACET_MAX], nf = 0;
                                double g[4] = { 0, 0, 0, 0 };
                                for (int q = 0; q < non; q++)
                                    if (mask >> q & 1) idx[nf++] = on[q];
                                for (int q = 0; q < nf; q++)
                                    for (int r = 0; r < 4; r++) g[r] += verts[4 * idx[q] + r] / nf;
                                double ax[4], ay[4];
                                sub4(ax, verts + 4 * idx[0], g);
                                double axl = sqrt(dot4(ax, ax));
                                for (int r = 0; r < 4; r++) ax[r] /= axl;
                                ak_mesh_cross4(ay, outward, m, ax);
                                double ang[AK_MESH_FACET_MAX];
                                for (int q = 0; q < nf; q++) {
                                    double e[4];
                                    sub4(e, verts + 4 * idx[q], g);
                                    ang[q] = atan2(dot4(e, ay), dot4(e, ax));
                                }
                                for (int q = 1; q < nf; q++) // insertion sort by angle
                                    for (int r = q; r > 0 && ang[r] < ang[r - 1]; r--) {
                                        double ta = ang[r];
                                        ang[r] = ang[r - 1];
                                        ang[r - 1] = ta;
                                        int ti = idx[r];
                                        idx[r] = idx[r - 1];
                                        idx[r - 1] = ti;
                                    }
                                for (int q = 1; q + 1 < nf; q++)
                                    put_tet(tets, count++, max, cen, verts + 4 * idx[0],
                                            verts + 4 * idx[q], verts + 4 * idx[q + 1], outward);
                            }
                }
    return count > 0 ? count : -1;
}

// Distance from the origin to the shape's boundary along the unit direction u.
static double radial_dist(const ak_shape *s, const double u[4]) {
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE: return s->radius;
        case AK_SHAPE_HYPERBOX: {
            double t = INFINITY;
            for (int i = 0; i < 4; i++)
                if (fabs(u[i]) > 0) t = fmin(t, s->half_extents[i] / fabs(u[i]));
            return t;
        }
        case AK_SHAPE_DUOCYLINDER: {
            double a = hypot(u[0], u[1]), b = hypot(u[2], u[3]);
            double t = INFINITY;
            if (a > 0) t = fmin(t, s->radii[0] / a);
            if (b > 0) t = fmin(t, s->radii[1] / b);
            return t;
        }
        case AK_SHAPE_HYPERCAPSULE: {
            double h = s->half_length, r = s->radius;
            double perp = sqrt(fmax(0.0, 1.0 - u[1] * u[1]));
            if (perp > 0) {
                double t = r / perp;
                if (fabs(t * u[1]) <= h) return t;
            }
            double hy = h * fabs(u[1]);
            return hy + sqrt(hy * hy - h * h + r * r);
        }
        default: return NAN;
    }
}

int ak_mesh_radial4(double tets[], int max, const ak_shape *s, int k) {
    if (s->dim != 4 || k < 1) return -1;
    if (s->type != AK_SHAPE_HYPERSPHERE && s->type != AK_SHAPE_HYPERBOX &&
        s->type != AK_SHAPE_DUOCYLINDER && s->type != AK_SHAPE_HYPERCAPSULE)
        return -1;
    static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                     { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    int count = 0;
    for (int axis = 0; axis < 4; axis++)
        for (int sg = -1; sg <= 1; sg += 2) {
            int other[3], no = 0;
            for (int i = 0; i < 4; i++)
                if (i != axis) other[no++] = i;
            for (int i0 = 0; i0 < k; i0++)
                for (int i1 = 0; i1 < k; i1++)
                    for (int i2 = 0; i2 < k; i2++)
                        for (int p = 0; p < 6; p++) {
                            if (count >= max) {
                                count++;
                                continue;
                            }
                            int g[3] = { i0, i1, i2 };
                            double pts[4][4];
                            for (int step = 0; step < 4; step++) {
                                if (step > 0) g[perms[p][step - 1]]++;
                                double v[4];
                                v[axis] = sg;
                                for (int q = 0; q < 3; q++) v[other[q]] = -1.0 + 2.0 * g[q] / k;
                                double len = sqrt(dot4(v, v));
                                for (int q = 0; q < 4; q++) v[q] /= len;
                                double t = radial_dist(s, v);
                                for (int q = 0; q < 4; q++) pts[step][q] = t * v[q];
                            }
                            double dir[4] = { 0, 0, 0, 0 };
                            for (int q = 0; q < 4; q++)
                                dir[q] = (pts[0][q] + pts[1][q] + pts[2][q] + pts[3][q]) / 4;
                            put_tet(tets, count, max, pts[0], pts[1], pts[2], pts[3], dir);
                            count++;
                        }
        }
    return count;
}

int ak_mesh_slice(double tris[], int max, double basis_out[12], const double tets[], int ntets,
                  const double m[4], double c) {
    double mm = dot4(m, m);
    if (!(mm > 0)) return -1;
    double mu[4], foot[4], basis[3][4];
    for (int i = 0; i < 4; i++) {
        mu[i] = m[i] / sqrt(mm);
        foot[i] = c * m[i] / mm;
    }
    // Orthonormal basis of m's complement: Gram-Schmidt on the axes, least aligned first.
    int order[4] = { 0, 1, 2, 3 };
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && fabs(mu[order[j]]) < fabs(mu[order[j - 1]]); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    // keep axis order stable for the three least aligned axes
    int ax3[3] = { order[0], order[1], order[2] };
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && ax3[j] < ax3[j - 1]; j--) {
            int t = ax3[j];
            ax3[j] = ax3[j - 1];
            ax3[j - 1] = t;
        }
    for (int b = 0; b < 3; b++) {
        double v[4] = { 0, 0, 0, 0 };
        v[ax3[b]] = 1.0;
        double p = dot4(v, mu);
        for (int i = 0; i < 4; i++) v[i] -= p * mu[i];
        for (int q = 0; q < b; q++) {
            double pq = dot4(v, basis[q]);
            for (int i = 0; i < 4; i++) v[i] -= pq * basis[q][i];
        }
        double l = sqrt(dot4(v, v));
        for (int i = 0; i < 4; i++) basis[b][i] = v[i] / l;
    }
    // Keep a right-handed (x, y, z, m) frame so that orientation is preserved.
    {
        double n[4];
        ak_mesh_cross4(n, basis[0], basis[1], basis[2]);
        if (dot4(n, mu) < 0)
            for (int i = 0; i < 4; i++) basis[2][i] = -basis[2][i];
    }
    if (basis_out) memcpy(basis_out, basis, sizeof basis);
    int count = 0;
    for (int t = 0; t < ntets; t++) {
        const double *P = tets + 16 * t;
        double s[4];
        for (int v = 0; v < 4; v++) s[v] = dot4(m, P + 4 * v) - c;
        int above[4], na = 0, below[4], nb = 0;
        for (int v = 0; v < 4; v++) {
            if (s[v] >= 0)
                above[na++] = v;
            else
                below[nb++] = v;
        }
        if (na == 0 || nb == 0) continue;
        double e1[4], e2[4], e3[4], nrm[4];
        sub4(e1, P + 4, P);
        sub4(e2, P + 8, P);
        sub4(e3, P + 12, P);
        ak_mesh_cross4(nrm, e1, e2, e3);
        double n3[3];
        for (int b = 0; b < 3; b++) n3[b] = dot4(nrm, basis[b]);
        // Edge crossing points in slice coordinates.
        double pts[4][3];
        int np = 0;
        int pairs[4][2];
        if (na == 1 || nb == 1) {
            int lone = na == 1 ? above[0] : below[0];
            int *rest = na == 1 ? below : above;
            for (int q = 0; q < 3; q++) pairs[q][0] = lone, pairs[q][1] = rest[q];
            np = 3;
        } else {
            // quad: a0-b0, a0-b1, a1-b1, a1-b0 in cyclic order
            pairs[0][0] = above[0], pairs[0][1] = below[0];
            pairs[1][0] = above[0], pairs[1][1] = below[1];
            pairs[2][0] = above[1], pairs[2][1] = below[1];
            pairs[3][0] = above[1], pairs[3][1] = below[0];
            np = 4;
        }
        for (int q = 0; q < np; q++) {
            int i = pairs[q][0], j = pairs[q][1];
            double lam = s[i] / (s[i] - s[j]);
            double x[4];
            for (int r = 0; r < 4; r++)
                x[r] = P[4 * i + r] + lam * (P[4 * j + r] - P[4 * i + r]) - foot[r];
            for (int b = 0; b < 3; b++) pts[q][b] = dot4(x, basis[b]);
        }
        for (int tri = 0; tri + 2 < np; tri++) {
            const double *A = pts[0], *B = pts[tri + 1], *C = pts[tri + 2];
            double u[3] = { B[0] - A[0], B[1] - A[1], B[2] - A[2] };
            double v[3] = { C[0] - A[0], C[1] - A[1], C[2] - A[2] };
            double cr[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                             u[0] * v[1] - u[1] * v[0] };
            int flip = cr[0] * n3[0] + cr[1] * n3[1] + cr[2] * n3[2] < 0;
            if (count < max) {
                double *o = tris + 9 * count;
                memcpy(o, A, 3 * sizeof(double));
                memcpy(o + 3, flip ? C : B, 3 * sizeof(double));
                memcpy(o + 6, flip ? B : C, 3 * sizeof(double));
            }
            count++;
        }
    }
    return count;
}

double ak_mesh_tri_volume(const double tris[], int ntris) {
    double v = 0.0;
    for (int t = 0; t < ntris; t++) {
        const double *a = tris + 9 * t, *b = a + 3, *c = a + 6;
        v += det3(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]);
    }
    return v / 6.0;
}

double ak_mesh_inner_radius(const double tets[], int ntets) {
    double r = INFINITY;
    for (int t = 0; t < ntets; t++) {
        const double *P = tets + 16 * t;
        double e1[4], e2[4], e3[4], n[4];
        sub4(e1, P + 4, P);
        sub4(e2, P + 8, P);
        sub4(e3, P + 12, P);
        ak_mesh_cross4(n, e1, e2, e3);
        double l = sqrt(dot4(n, n));
        if (l > 0) r = fmin(r, fabs(dot4(n, P)) / l);
    }
    return r;
}
