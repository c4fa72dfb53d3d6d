// The reduction of a clipping manifold's candidate points to the contact cap [G-CLIP.4], shared
// by the box-box clipping (box.c), the polytope clipping (polytope.c) and the hyperbox vertex
// manifold (collide.c). It lives below all three so that none of them calls another for it.
#include <math.h>

#include "ref/collide/collide.h"
#include "ref/collide/internal.h" // ak_poly_reduce

// Reduce cnt candidate points (rows of X, n-D, separations s) to at most cap: the deepest one,
// then repeatedly the point farthest from the ones kept (max-min distance), so that the kept
// set spans the support region.  [G-CLIP.4]
int ak_poly_reduce(int n, const double X[], const double s[], int cnt, int cap, int keep[]) {
    if (cnt <= cap) {
        for (int i = 0; i < cnt; i++) keep[i] = i;
        return cnt;
    }
    // Ties are broken geometrically, never by the candidates' order, so that two representations
    // of one shape (a hyperbox and its vertex list) keep the same points: the coordinates and
    // depths are rounded to a grid of tol, the candidates sorted lexicographically on the grid,
    // and every comparison below is exact on grid values, scanning in that order (a comparison
    // with a tolerance is not transitive, and the scan order then decided near-ties).
    double scale = 1;
    for (int i = 0; i < cnt * n; i++) scale = fmax(scale, fabs(X[i]));
    double tol = 1e-9 * scale;
    double Q[AK_POLY_MAX_CAND * (AK_MAX_DIM + 1)];
    int ord[AK_POLY_MAX_CAND] = { 0 };
    for (int i = 0; i < cnt; i++) {
        for (int c = 0; c < n; c++) Q[i * (n + 1) + c] = nearbyint(X[i * n + c] / tol);
        Q[i * (n + 1) + n] = nearbyint(s[i] / tol);
        ord[i] = i;
    }
    for (int a = 1; a < cnt; a++) { // insertion sort on the grid coordinates (cnt is small)
        int v = ord[a], b = a - 1;
        while (b >= 0) {
            const double *x = Q + v * (n + 1), *y = Q + ord[b] * (n + 1);
            int c = 0;
            while (c < n && x[c] == y[c]) c++;
            if (c == n || x[c] > y[c]) break;
            ord[b + 1] = ord[b];
            b--;
        }
        ord[b + 1] = v;
    }
    int deep = ord[0];
    for (int r = 1; r < cnt; r++)
        if (Q[ord[r] * (n + 1) + n] < Q[deep * (n + 1) + n]) deep = ord[r];
    double dmin[AK_POLY_MAX_CAND];
    int k = 0;
    keep[k++] = deep;
    for (int i = 0; i < cnt; i++) {
        double d2 = 0;
        for (int c = 0; c < n; c++) {
            double e = Q[i * (n + 1) + c] - Q[deep * (n + 1) + c];
            d2 += e * e;
        }
        dmin[i] = d2; // squared grid distance: the same bits for the same grid points
    }
    while (k < cap) {
        int far = -1;
        for (int r = 0; r < cnt; r++) {
            int i = ord[r];
            if (!(dmin[i] > 0)) continue;
            if (far < 0 || dmin[i] > dmin[far]) far = i;
        }
        if (far < 0) break;
        keep[k++] = far;
        for (int i = 0; i < cnt; i++) {
            double d2 = 0;
            for (int c = 0; c < n; c++) {
                double e = Q[i * (n + 1) + c] - Q[far * (n + 1) + c];
                d2 += e * e;
            }
            if (d2 < dmin[i]) dmin[i] = d2;
        }
    }
    return k;
}

int ak_poly_cap(int n) { return (1 << n) < AK_MAX_CONTACTS ? (1 << n) : AK_MAX_CONTACTS; }
