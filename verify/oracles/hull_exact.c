// The exact hull by brute force (see hull_exact.h).
#include "verify/oracles/hull_exact.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void d_cross(const double a[3], const double b[3], double o[3]) {
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}
static double d_dot(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// Every plane through three of the points with all points behind it (within eps) is a facet
// plane; each facet's points are ordered by angle, fanned and coned to the mean point.
int hull_exact_of(const double (*p)[3], int n, hull_exact *e) {
    enum { MAXF = 512 };
    double(*fn)[3] = malloc(MAXF * sizeof *fn), *fo = malloc(MAXF * sizeof *fo);
    uint64_t(*fon)[2] = malloc(MAXF * sizeof *fon);
    if (!fn || !fo || !fon || n > 128) {
        free(fn), free(fo), free(fon);
        return -1;
    }
    double scale = 0, c0[3] = { 0, 0, 0 };
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) scale = fmax(scale, fabs(p[i][k])), c0[k] += p[i][k] / n;
    const double eps = 1e-9 * (1 + scale);
    int nf = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int k = j + 1; k < n; k++) {
                double u[3], v[3], nn[3];
                for (int a = 0; a < 3; a++) u[a] = p[j][a] - p[i][a], v[a] = p[k][a] - p[i][a];
                d_cross(u, v, nn);
                double l = sqrt(d_dot(nn, nn));
                if (l < 1e-12 * (1 + scale * scale)) continue;
                for (int a = 0; a < 3; a++) nn[a] /= l;
                double o = d_dot(nn, p[i]), lo = 0, hi = 0;
                for (int m = 0; m < n && !(hi > eps && lo < -eps); m++) {
                    double s = d_dot(nn, p[m]) - o;
                    lo = fmin(lo, s), hi = fmax(hi, s);
                }
                if (hi > eps && lo < -eps) continue; // points on both sides
                if (hi > eps)
                    for (int a = 0; a < 3; a++) nn[a] = -nn[a];
                o = d_dot(nn, p[i]);
                // the same facet found again: the same set of points on its plane
                uint64_t on[2] = { 0, 0 };
                for (int m = 0; m < n && m < 128; m++)
                    if (fabs(d_dot(nn, p[m]) - o) <= eps) on[m >> 6] |= (uint64_t)1 << (m & 63);
                int dup = 0;
                for (int f = 0; f < nf && !dup; f++) dup = fon[f][0] == on[0] && fon[f][1] == on[1];
                if (!dup && nf < MAXF) {
                    memcpy(fn[nf], nn, sizeof nn);
                    fon[nf][0] = on[0], fon[nf][1] = on[1];
                    fo[nf++] = o;
                }
            }
    memset(e, 0, sizeof *e);
    e->nfaces = nf;
    e->eps = eps;
    memcpy(e->fn, fn, (size_t)nf * sizeof fn[0]);
    memcpy(e->fo, fo, (size_t)nf * sizeof fo[0]);
    double S[9] = { 0 }, m1[3] = { 0, 0, 0 };
    for (int f = 0; f < nf; f++) {
        int idx[256], ni = 0;
        for (int m = 0; m < n && ni < 256; m++) {
            if (fabs(d_dot(fn[f], p[m]) - fo[f]) > eps) continue;
            int dup = 0;
            for (int q = 0; q < ni && !dup; q++) {
                double d2 = 0;
                for (int a = 0; a < 3; a++)
                    d2 += (p[m][a] - p[idx[q]][a]) * (p[m][a] - p[idx[q]][a]);
                dup = d2 < eps * eps;
            }
            if (!dup) idx[ni++] = m;
        }
        // the face polygon: the 2D convex hull (monotone chain) of its points in a basis of the
        // plane, counter-clockwise
        double b1[3], b2[3], u[256], v[256];
        for (int a = 0; a < 3; a++) b1[a] = p[idx[1 % ni]][a] - p[idx[0]][a];
        double l = sqrt(d_dot(b1, b1));
        for (int a = 0; a < 3; a++) b1[a] /= l;
        d_cross(fn[f], b1, b2);
        for (int q = 0; q < ni; q++) u[q] = d_dot(p[idx[q]], b1), v[q] = d_dot(p[idx[q]], b2);
        for (int q = 1; q < ni; q++) // insertion sort by (u, v)
            for (int t = q; t > 0 && (u[t] < u[t - 1] || (u[t] == u[t - 1] && v[t] < v[t - 1]));
                 t--) {
                double tu = u[t], tv = v[t];
                u[t] = u[t - 1], v[t] = v[t - 1], u[t - 1] = tu, v[t - 1] = tv;
                int ti = idx[t];
                idx[t] = idx[t - 1], idx[t - 1] = ti;
            }
        int poly[512], np = 0;
        for (int pass = 0; pass < 2; pass++) {
            const int start = np;
            for (int qq = 0; qq < ni; qq++) {
                const int q = pass ? ni - 1 - qq : qq;
                while (np >= start + 2) {
                    const int o1 = poly[np - 2], o2 = poly[np - 1];
                    const double cr =
                        (u[o2] - u[o1]) * (v[q] - v[o1]) - (v[o2] - v[o1]) * (u[q] - u[o1]);
                    if (cr > eps * (1 + scale)) break;
                    np--;
                }
                poly[np++] = q;
            }
            np--; // the last point starts the other chain
        }
        for (int q = 0; q < np; q++) poly[q] = idx[poly[q]];
        ni = np;
        for (int q = 0; q < ni; q++) idx[q] = poly[q];
        for (int q = 1; q + 1 < ni; q++) {
            const double *P[4] = { c0, p[idx[0]], p[idx[q]], p[idx[q + 1]] };
            double u[3], v[3], w[3], x[3];
            for (int a = 0; a < 3; a++)
                u[a] = P[1][a] - P[0][a], v[a] = P[2][a] - P[0][a], w[a] = P[3][a] - P[0][a];
            d_cross(v, w, x);
            double V = fabs(d_dot(u, x)) / 6, s[3] = { 0, 0, 0 };
            for (int t = 0; t < 4; t++)
                for (int a = 0; a < 3; a++) s[a] += P[t][a];
            e->vol += V;
            for (int a = 0; a < 3; a++) m1[a] += V * s[a] / 4;
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    double pp = s[a] * s[b];
                    for (int t = 0; t < 4; t++) pp += P[t][a] * P[t][b];
                    S[3 * a + b] += V / 20 * pp; // integral x_a x_b over the tetrahedron
                }
        }
    }
    for (int a = 0; a < 3; a++) e->cm[a] = m1[a] / e->vol;
    double C[9];
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) C[3 * a + b] = S[3 * a + b] / e->vol - e->cm[a] * e->cm[b];
    const double tr = C[0] + C[4] + C[8];
    for (int a = 0; a < 9; a++) e->I[a] = (a % 4 == 0 ? tr : 0) - C[a];
    // extreme points: distinct points on at least three facet planes
    for (int m = 0; m < n; m++) {
        int on = 0;
        for (int f = 0; f < nf; f++) on += fabs(d_dot(fn[f], p[m]) - fo[f]) <= eps;
        if (on < 3) continue;
        int dup = 0;
        for (int q = 0; q < e->nverts && !dup; q++) {
            double d2 = 0;
            for (int a = 0; a < 3; a++)
                d2 += (p[m][a] - e->verts[q][a]) * (p[m][a] - e->verts[q][a]);
            dup = d2 < eps * eps;
        }
        if (!dup && e->nverts < 256) memcpy(e->verts[e->nverts++], p[m], sizeof p[m]);
    }
    free(fn), free(fo), free(fon);
    return 0;
}
