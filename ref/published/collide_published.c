// Torres (2022) Ch. 3.4, Ch. 4, App. B and D, transcribed as printed (see the header). Every
// deviation from the correct form is marked "as printed" and listed in docs/errata.md.
#include "ref/published/collide_published.h"

#include <math.h>
#include <string.h>

static double dot4(const double a[4], const double b[4]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}
static double norm4(const double a[4]) { return sqrt(dot4(a, a)); }

double ak_pub_t38_plane_distance(const double p[4], const double n[4], double o) {
    return (dot4(p, n) - o) / dot4(n, n); // as printed: |n|^2
}

double ak_pub_t39_plane_distance(const double p[4], const double n[4], const double x[4]) {
    return (dot4(p, n) - dot4(n, x)) / dot4(n, n); // as printed: |n|^2
}

void ak_pub_closest_on_segment(int n, double c[], const double p[], const double la[],
                               const double lb[]) {
    double v[8], u[8], uv = 0, vv = 0;
    for (int i = 0; i < n; i++) v[i] = lb[i] - la[i], u[i] = p[i] - la[i]; // (4.1), (4.2)
    for (int i = 0; i < n; i++) uv += u[i] * v[i], vv += v[i] * v[i];
    double s = uv / sqrt(vv);        // (4.3)
    double t = s / sqrt(vv);         // (4.4) as printed: 0/0 for a zero-length segment
    t = t < 0 ? 0 : (t > 1 ? 1 : t); // clamp (text after 4.4); NaN passes through
    for (int i = 0; i < n; i++) c[i] = la[i] + t * v[i]; // (4.5)
}

ak_pub_contact ak_pub_alg1_sphere_sphere(const double c1[4], double r1, const double c2[4],
                                         double r2) {
    ak_pub_contact cp = { 0 };
    double v[4];
    for (int i = 0; i < 4; i++) v[i] = c1[i] - c2[i];
    double s = norm4(v) - (r1 + r2);
    if (s > 0) return cp;
    double l = norm4(v); // as printed: 0 for coincident centres, n = NaN
    double p1[4], p2[4];
    for (int i = 0; i < 4; i++) {
        cp.n[i] = v[i] / l;
        p1[i] = c1[i] - r1 * cp.n[i];
        p2[i] = c2[i] + r2 * cp.n[i];
        cp.p[i] = 0.5 * (p1[i] + p2[i]);
    }
    cp.s = s;
    cp.hit = 1;
    return cp;
}

ak_pub_contact ak_pub_alg2_sphere_capsule(const double cs[4], double rs, const double la[4],
                                          const double lb[4], double rc) {
    double cc[4];
    ak_pub_closest_on_segment(4, cc, cs, la, lb);
    return ak_pub_alg1_sphere_sphere(cs, rs, cc, rc);
}

// x -> R x for a row-major matrix; the reverse rotor R~ x R is R^T x.
static void rot(double out[4], const double R[16], const double x[4], int transpose) {
    double t[4];
    for (int i = 0; i < 4; i++) {
        t[i] = 0;
        for (int j = 0; j < 4; j++) t[i] += (transpose ? R[j * 4 + i] : R[i * 4 + j]) * x[j];
    }
    memcpy(out, t, sizeof t);
}

void ak_pub_alg3_closest_on_box(double out[4], const double p[4], const double c[4],
                                const double s[4], const double R[16]) {
    double pb[4];
    rot(pb, R, p, 1); // line 9 as printed: the centre c is not subtracted first
    for (int i = 0; i < 4; i++) {
        double h = s[i] / 2;
        pb[i] = pb[i] < -h ? -h : (pb[i] > h ? h : pb[i]); // lines 10-13
    }
    rot(out, R, pb, 0);
    for (int i = 0; i < 4; i++) out[i] += c[i]; // line 14
}

ak_pub_contact ak_pub_alg4_sphere_box(const double cs[4], double rs, const double cb[4],
                                      const double s[4], const double R[16]) {
    ak_pub_contact cp = { 0 };
    double pB[4], v[4];
    ak_pub_alg3_closest_on_box(pB, cs, cb, s, R);
    for (int i = 0; i < 4; i++) v[i] = cs[i] - pB[i];
    double sep = norm4(v) - rs;
    if (sep > 0) return cp;
    double l = norm4(v); // centre inside the box: v = 0, n = NaN, and sep = -rs whatever the depth
    double pS[4];
    for (int i = 0; i < 4; i++) {
        cp.n[i] = v[i] / l;
        pS[i] = cs[i] - rs * cp.n[i];
        cp.p[i] = 0.5 * (pS[i] + pB[i]);
    }
    cp.s = sep;
    cp.hit = 1;
    return cp;
}

ak_pub_contact ak_pub_alg5_sphere_plane(const double cs[4], double rs, const double np[4],
                                        double op) {
    ak_pub_contact cp = { 0 };
    double d = (dot4(cs, np) - op) / dot4(np, np); // T-3.8 as printed
    double s = d - rs;
    if (s > 0) return cp;
    for (int i = 0; i < 4; i++) cp.p[i] = cs[i] - rs * np[i], cp.n[i] = np[i];
    cp.s = s;
    cp.hit = 1;
    return cp;
}

static double dist4(const double a[4], const double b[4]) {
    double d[4];
    for (int i = 0; i < 4; i++) d[i] = a[i] - b[i];
    return norm4(d);
}

ak_pub_contact ak_pub_alg6_capsule_capsule(const double l1a[4], const double l1b[4], double r1,
                                           const double l2a[4], const double l2b[4], double r2) {
    double d1 = dist4(l2a, l1a), d2 = dist4(l2b, l1a), d3 = dist4(l2a, l1b), d4 = dist4(l2b, l1b);
    double c1[4], c2[4];
    if (d3 < d1 || d3 < d2 || d4 < d1 || d4 < d2)
        memcpy(c1, l1b, sizeof c1); // line 15 as printed
    else
        memcpy(c1, l1a, sizeof c1);
    ak_pub_closest_on_segment(4, c2, c1, l2a, l2b);
    ak_pub_closest_on_segment(4, c1, c2, l1a, l1b);
    return ak_pub_alg1_sphere_sphere(c1, r1, c2, r2);
}

ak_pub_contact ak_pub_alg7_capsule_box(const double la[4], const double lb[4], double rc,
                                       const double cb[4], const double s[4], const double R[16]) {
    double cc[4];
    ak_pub_closest_on_segment(4, cc, cb, la, lb); // the segment point nearest the box CENTRE
    return ak_pub_alg4_sphere_box(cc, rc, cb, s, R);
}

ak_pub_contacts ak_pub_alg8_capsule_plane(const double la[4], const double lb[4], double rc,
                                          const double np[4], double op) {
    ak_pub_contacts out = { 0 };
    ak_pub_contact c1 = ak_pub_alg5_sphere_plane(la, rc, np, op);
    if (c1.hit) out.cp[out.count++] = c1;
    ak_pub_contact c2 = ak_pub_alg5_sphere_plane(lb, rc, np, op);
    if (c2.hit) out.cp[out.count++] = c2;
    return out;
}

// Dual of a ^ b ^ c in 4D: the vector orthogonal to all three (generalised cross product).
static void dual_trivector(double out[4], const double a[4], const double b[4], const double c[4]) {
    double M[3][4];
    memcpy(M[0], a, sizeof M[0]);
    memcpy(M[1], b, sizeof M[1]);
    memcpy(M[2], c, sizeof M[2]);
    for (int i = 0; i < 4; i++) {
        int cols[3], k = 0;
        for (int j = 0; j < 4; j++)
            if (j != i) cols[k++] = j;
        double det =
            M[0][cols[0]] * (M[1][cols[1]] * M[2][cols[2]] - M[1][cols[2]] * M[2][cols[1]]) -
            M[0][cols[1]] * (M[1][cols[0]] * M[2][cols[2]] - M[1][cols[2]] * M[2][cols[0]]) +
            M[0][cols[2]] * (M[1][cols[0]] * M[2][cols[1]] - M[1][cols[1]] * M[2][cols[0]]);
        out[i] = (i & 1) ? -det : det;
    }
}

int ak_pub_tab41_axes(double axes[][4], const double A[16], const double B[16]) {
    double a[4][4], b[4][4];
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) a[j][i] = A[i * 4 + j], b[j][i] = B[i * 4 + j];
    int k = 0;
    for (int j = 0; j < 4; j++) memcpy(axes[k++], a[j], sizeof a[j]);
    for (int j = 0; j < 4; j++) memcpy(axes[k++], b[j], sizeof b[j]);
    static const int pairs[6][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };
    for (int q = 0; q < 6; q++)
        for (int j = 0; j < 4; j++) dual_trivector(axes[k++], a[j], b[pairs[q][0]], b[pairs[q][1]]);
    return k; // 32: the B_i ^ (A_j ^ A_k) half of B-7.2box is missing
}

double ak_pub_alg9_separation_along_axis(const double a[4], const double V1[][4], int n1,
                                         const double V2[][4], int n2) {
    double min1 = INFINITY, max1 = -INFINITY, min2 = INFINITY, max2 = -INFINITY;
    for (int k = 0; k < n1; k++) {
        double d = dot4(V1[k], a);
        min1 = fmin(min1, d), max1 = fmax(max1, d);
    }
    for (int k = 0; k < n2; k++) {
        double d = dot4(V2[k], a);
        min2 = fmin(min2, d), max2 = fmax(max2, d);
    }
    double l1 = max1 - min1, l2 = max2 - min2, l3 = fmax(max1, max2) - fmin(min1, min2);
    return (l1 + l2) - l3; // as printed: the overlap, positive when the projections overlap
}

ak_pub_contact ak_pub_alg10_box_box(const double axes[][4], int naxes, const double p1[4],
                                    const double V1[][4], const double p2[4],
                                    const double V2[][4]) {
    ak_pub_contact cp = { 0 };
    double amin[4], smin = INFINITY;
    memcpy(amin, axes[0], sizeof amin);
    for (int k = 0; k < naxes; k++) {
        double s = ak_pub_alg9_separation_along_axis(axes[k], V1, 16, V2, 16);
        if (s > 0)
            return cp; // as printed: "the current axis separates the hyperboxes"
        else if (s < smin) {
            memcpy(amin, axes[k], sizeof amin);
            smin = s;
        }
    }
    double d[4];
    for (int i = 0; i < 4; i++) d[i] = p1[i] - p2[i];
    if (dot4(d, amin) < 0)
        for (int i = 0; i < 4; i++) amin[i] = -amin[i];
    memcpy(cp.n, amin, sizeof amin);
    cp.s = smin;
    cp.hit = 1;
    return cp;
}

void ak_pub_tb1_vertex(double out[4], int k, const double c[4], const double s[4],
                       const double A[16]) {
    // sign patterns of Table B.1, v_1 .. v_16 (bit i set = +s_i)
    static const unsigned signs[16] = { 0x0, 0x1, 0x2, 0x4, 0x8, 0x3, 0x5, 0x9,
                                        0x6, 0xA, 0xC, 0x7, 0xB, 0xD, 0xE, 0xF };
    double l[4];
    for (int i = 0; i < 4; i++) l[i] = (signs[k - 1] & (1u << i)) ? s[i] : -s[i];
    rot(out, A, l, 0);
    for (int i = 0; i < 4; i++) out[i] += c[i];
}

ak_pub_contacts ak_pub_alg11_box_plane(const double c[4], const double half[4], const double A[16],
                                       const double np[4], double op) {
    ak_pub_contacts out = { 0 };
    double V[16][4];
    for (int k = 0; k < 16; k++)
        ak_pub_tb1_vertex(V[k], k + 1, c, half, A); // T-B.1 with s = half extents
    double mn = INFINITY, mx = -INFINITY;
    for (int k = 0; k < 16; k++) {
        double d = dot4(V[k], np);
        mn = fmin(mn, d), mx = fmax(mx, d);
    }
    if (op < mn || op > mx) return out; // as printed: a box wholly below the plane is "none"
    // GETMOSTANTIPARALLEL over the 3-cells (normals +-A_j, T-B.4), then REMOVEOUTSIDEVERTICES
    int bj = 0;
    double bs = INFINITY, sg = 1;
    for (int j = 0; j < 4; j++)
        for (int q = 0; q < 2; q++) {
            double sgn = q ? -1.0 : 1.0, dn = 0;
            for (int i = 0; i < 4; i++) dn += sgn * A[i * 4 + j] * np[i];
            if (dn < bs) bs = dn, bj = j, sg = sgn;
        }
    for (int k = 0; k < 16; k++) {
        double l[4];
        rot(l, A, (double[4]){ V[k][0] - c[0], V[k][1] - c[1], V[k][2] - c[2], V[k][3] - c[3] }, 1);
        if (l[bj] * sg <= 0) continue; // vertex not in the incident cell
        double s = (dot4(V[k], np) - op) / dot4(np, np);
        if (s < 0 && out.count < AK_PUB_MAX_CP) {
            ak_pub_contact *cp = &out.cp[out.count++];
            memcpy(cp->n, np, sizeof cp->n);
            memcpy(cp->p, V[k],
                   sizeof cp->p); // line 16 of T-Alg20 sets p to the undefined "p": read v
            cp->s = s;
            cp->hit = 1;
        }
    }
    return out;
}

void ak_pub_alg18_intersect(double out[4], const double n[4], const double x[4], const double v1[4],
                            const double v2[4]) {
    double u[4];
    for (int i = 0; i < 4; i++) u[i] = v2[i] - v1[i];
    double d = dot4(n, x);
    double t = (d - dot4(n, v1)) / dot4(n, u);
    for (int i = 0; i < 4; i++) out[i] = v1[i] + t * n[i]; // as printed: t n, not t u
}

// One 4D box cell: outward normal sg * A_ax through the point c + sg h_ax A_ax.
static void cell_plane(double nrm[4], double pt[4], const double c[4], const double h[4],
                       const double A[16], int ax, double sg) {
    for (int i = 0; i < 4; i++)
        nrm[i] = sg * A[i * 4 + ax], pt[i] = c[i] + sg * h[ax] * A[i * 4 + ax];
}

int ak_pub_alg21_face_clipping(double out[][4], const double n[4], const double c1[4],
                               const double h1[4], const double A1[16], const double c2[4],
                               const double h2[4], const double A2[16]) {
    // T-Alg16 for each box: the cell with the largest c.n . n
    int ax1 = 0, ax2 = 0;
    double s1 = -INFINITY, s2 = -INFINITY, g1 = 1, g2 = 1;
    for (int j = 0; j < 4; j++)
        for (int q = 0; q < 2; q++) {
            double sg = q ? -1.0 : 1.0, d1 = 0, d2 = 0;
            for (int i = 0; i < 4; i++)
                d1 += sg * A1[i * 4 + j] * n[i], d2 += sg * A2[i * 4 + j] * n[i];
            if (d1 > s1) s1 = d1, ax1 = j, g1 = sg;
            if (d2 > s2) s2 = d2, ax2 = j, g2 = sg;
        }
    // T-Alg21 lines 10-16: reference = the more parallel (strict >, so ties go to box 2)
    const double *cr, *hr, *Ar, *ci, *hi, *Ai;
    int axr;
    double gr;
    if (s1 > s2)
        cr = c1, hr = h1, Ar = A1, axr = ax1, gr = g1, ci = c2, hi = h2, Ai = A2;
    else
        cr = c2, hr = h2, Ar = A2, axr = ax2, gr = g2, ci = c1, hi = h1, Ai = A1;
    // T-Alg17 on the other box: the most anti-parallel cell
    int axi = 0;
    double si = INFINITY, gi = 1;
    for (int j = 0; j < 4; j++)
        for (int q = 0; q < 2; q++) {
            double sg = q ? -1.0 : 1.0, d = 0;
            for (int i = 0; i < 4; i++) d += sg * Ai[i * 4 + j] * n[i];
            if (d < si) si = d, axi = j, gi = sg;
        }
    int others[3], no = 0;
    for (int j = 0; j < 4; j++)
        if (j != axi) others[no++] = j;
    double rn[4], rp[4];
    cell_plane(rn, rp, cr, hr, Ar, axr, gr);
    int count = 0;
    // the six 2-faces of the incident cell, each a cyclic quadrilateral
    for (int fixed = 0; fixed < 3; fixed++)
        for (int q = 0; q < 2; q++) {
            int ja = others[(fixed + 1) % 3], jb = others[(fixed + 2) % 3];
            double poly[64][4];
            int np = 0;
            static const double cyc[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
            for (int v = 0; v < 4; v++, np++)
                for (int i = 0; i < 4; i++)
                    poly[np][i] = ci[i] + gi * hi[axi] * Ai[i * 4 + axi] +
                                  (q ? -1 : 1) * hi[others[fixed]] * Ai[i * 4 + others[fixed]] +
                                  cyc[v][0] * hi[ja] * Ai[i * 4 + ja] +
                                  cyc[v][1] * hi[jb] * Ai[i * 4 + jb];
            // T-Alg19 against each neighbour cell of the reference (axes != axr)
            for (int j = 0; j < 4 && np > 0; j++) {
                if (j == axr) continue;
                for (int sgi = 0; sgi < 2 && np > 0; sgi++) {
                    double cn[4], cp[4], U[64][4];
                    int nu = 0;
                    cell_plane(cn, cp, cr, hr, Ar, j, sgi ? -1.0 : 1.0);
                    for (int a = 0; a < np; a++) {
                        const double *vi = poly[a], *vj = poly[(a + 1) % np];
                        double di = 0, dj = 0;
                        for (int i = 0; i < 4; i++)
                            di += cn[i] * (vi[i] - cp[i]), dj += cn[i] * (vj[i] - cp[i]);
                        double x[4];
                        if (di < 0 || dj < 0) {
                            double t = di / (di - dj);
                            for (int i = 0; i < 4; i++)
                                x[i] = vi[i] + t * (vj[i] - vi[i]); // T-Alg18 with u
                        }
                        if (di < 0 && dj < 0)
                            memcpy(U[nu++], vi, sizeof U[0]);
                        else if (di < 0)
                            memcpy(U[nu++], vi, sizeof U[0]), memcpy(U[nu++], x, sizeof U[0]);
                        else if (dj < 0)
                            memcpy(U[nu++], x, sizeof U[0]);
                        if (nu > 60) break;
                    }
                    memcpy(poly, U, sizeof(double) * 4 * (size_t)nu);
                    np = nu;
                }
            }
            // T-Alg20: the vertices below the reference cell
            for (int a = 0; a < np; a++) {
                double s = 0;
                for (int i = 0; i < 4; i++) s += rn[i] * (poly[a][i] - rp[i]);
                if (s >= 0) continue;
                int dup = 0;
                for (int k = 0; k < count && !dup; k++) {
                    double e = 0;
                    for (int i = 0; i < 4; i++) e = fmax(e, fabs(out[k][i] - poly[a][i]));
                    dup = e < 1e-12;
                }
                if (!dup && count < AK_PUB_MAX_CP) memcpy(out[count++], poly[a], sizeof out[0]);
            }
        }
    return count;
}

int ak_pub_alg16_most_parallel(const double cell_n[][4], int ncells, const double n_in[4]) {
    double n[4], l = norm4(n_in); // line 7, v read as n
    for (int i = 0; i < 4; i++) n[i] = n_in[i] / l;
    int best = 0; // line 8: c+ := C[0]
    double smax = -INFINITY;
    for (int k = 0; k < ncells; k++) {
        double s = dot4(cell_n[k], n); // line 11
        if (s > smax) smax = s, best = k;
    }
    return best;
}

int ak_pub_alg17_most_antiparallel(const double cell_n[][4], int ncells, const double n[4]) {
    int best = 0;
    double smin = INFINITY;
    for (int k = 0; k < ncells; k++) {
        double s = dot4(cell_n[k], n);
        if (s < smin) smin = s, best = k;
    }
    return best;
}

int ak_pub_alg19_clip_face(double U[][4], int maxU, const double cn[4], const double cx[4],
                           const double V[][4], int nv, int fix_increment, int fix_alg18,
                           long max_passes, long *passes) {
    int nu = 0, i = 0; // line 11
    long pass = 0;
    do {
        if (nv == 0 || pass >= max_passes || nu + 2 > maxU) break;
        pass++;
        int j = (i + 1) % nv; // line 13
        const double *vi = V[i], *vj = V[j];
        double di = ak_pub_t39_plane_distance(vi, cn, cx),
               dj = ak_pub_t39_plane_distance(vj, cn, cx);
        double x[4];
        if (di < 0 || dj < 0) {
            if (fix_alg18) { // v1 + t u
                double u[4];
                for (int k = 0; k < 4; k++) u[k] = vj[k] - vi[k];
                double t = (dot4(cn, cx) - dot4(cn, vi)) / dot4(cn, u);
                for (int k = 0; k < 4; k++) x[k] = vi[k] + t * u[k];
            } else {
                ak_pub_alg18_intersect(x, cn, cx, vi, vj);
            }
        }
        if (di < 0 && dj < 0) { // lines 18-25
            memcpy(U[nu++], vi, sizeof U[0]);
        } else if (di < 0) {
            memcpy(U[nu++], vi, sizeof U[0]);
            memcpy(U[nu++], x, sizeof U[0]);
        } else if (dj < 0) {
            memcpy(U[nu++], x, sizeof U[0]);
        }
        if (fix_increment) i++; // as printed: i is never incremented
    } while (i != nv);          // line 26
    if (passes) *passes = pass;
    return nu;
}

int ak_pub_alg20_remove_outside(ak_pub_contact out[], int maxout, const double n[4],
                                const double x[4], const double verts[][4], const int nv[],
                                int nfaces) {
    int count = 0, at = 0;
    for (int f = 0; f < nfaces; f++)
        for (int k = 0; k < nv[f]; k++, at++) {
            double s = ak_pub_t39_plane_distance(verts[at], n, x); // line 12
            if (s < 0 && count < maxout) {
                ak_pub_contact *cp = &out[count++];
                memcpy(cp->n, n, sizeof cp->n);
                memcpy(cp->p, verts[at], sizeof cp->p); // line 16: p read as v
                cp->s = s;
                cp->hit = 1;
            }
        }
    return count;
}
