// Brute-force ground truth for the checks of Hodges' ch. 8-13 (see the header).
#include "verify/oracles/hodges_gjk_truth.h"

#include <math.h>
#include <string.h>

static double dot3(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// solve the k x k system G y = r (k <= 3) by Gaussian elimination with partial pivoting;
// 0 when singular (relative pivot below 1e-13)
static int solve(int k, double G[3][3], double r[3], double y[3]) {
    double scale = 0;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) scale = fmax(scale, fabs(G[i][j]));
    if (scale == 0) return 0;
    for (int c = 0; c < k; c++) {
        int piv = c;
        for (int i = c + 1; i < k; i++)
            if (fabs(G[i][c]) > fabs(G[piv][c])) piv = i;
        if (fabs(G[piv][c]) < 1e-13 * scale) return 0;
        for (int j = 0; j < k; j++) {
            const double t = G[c][j];
            G[c][j] = G[piv][j], G[piv][j] = t;
        }
        const double t = r[c];
        r[c] = r[piv], r[piv] = t;
        for (int i = c + 1; i < k; i++) {
            const double f = G[i][c] / G[c][c];
            for (int j = c; j < k; j++) G[i][j] -= f * G[c][j];
            r[i] -= f * r[c];
        }
    }
    for (int i = k - 1; i >= 0; i--) {
        double s = r[i];
        for (int j = i + 1; j < k; j++) s -= G[i][j] * y[j];
        y[i] = s / G[i][i];
    }
    return 1;
}

double hgt_simplex_closest(const double (*p)[3], int m, double x[3], double lambda[4]) {
    double best = INFINITY, bx[3] = { 0, 0, 0 }, bl[4] = { 0, 0, 0, 0 };
    for (int mask = 1; mask < (1 << m); mask++) {
        int idx[4], k = 0;
        for (int i = 0; i < m; i++)
            if (mask & (1 << i)) idx[k++] = i;
        // x = p0 + sum_{j>=1} y_j (p_j - p0); minimise |x|^2: G y = -E^T p0
        double l[4] = { 0, 0, 0, 0 };
        if (k == 1) {
            l[0] = 1;
        } else {
            double E[3][3], G[3][3], r[3], y[3];
            for (int j = 1; j < k; j++)
                for (int c = 0; c < 3; c++) E[j - 1][c] = p[idx[j]][c] - p[idx[0]][c];
            for (int a = 0; a < k - 1; a++) {
                for (int b = 0; b < k - 1; b++) G[a][b] = dot3(E[a], E[b]);
                r[a] = -dot3(E[a], p[idx[0]]);
            }
            if (!solve(k - 1, G, r, y)) continue; // degenerate face: its sub-faces cover it
            double s = 0;
            for (int j = 1; j < k; j++) l[j] = y[j - 1], s += y[j - 1];
            l[0] = 1 - s;
            int ok = 1;
            for (int j = 0; j < k; j++) ok &= l[j] >= 0;
            if (!ok) continue;
        }
        double q[3] = { 0, 0, 0 };
        for (int j = 0; j < k; j++)
            for (int c = 0; c < 3; c++) q[c] += l[j] * p[idx[j]][c];
        const double d = sqrt(dot3(q, q));
        if (d < best) {
            best = d;
            memcpy(bx, q, sizeof bx);
            for (int j = 0; j < 4; j++) bl[j] = 0;
            for (int j = 0; j < k; j++) bl[idx[j]] = l[j];
        }
    }
    if (x) memcpy(x, bx, sizeof bx);
    if (lambda) memcpy(lambda, bl, sizeof bl);
    return best;
}

double hgt_hull_separation(const double (*A)[3], int na, const double (*B)[3], int nb,
                           double u[3]) {
    enum { MAXD = 64 * 64 };
    double D[MAXD][3];
    int n = 0;
    double scale = 0;
    for (int i = 0; i < na && i < 64; i++)
        for (int j = 0; j < nb && j < 64; j++) {
            if (n >= MAXD) break;
            for (int c = 0; c < 3; c++) D[n][c] = A[i][c] - B[j][c];
            scale = fmax(scale, sqrt(dot3(D[n], D[n])));
            n++;
        }
    const double tol = 1e-12 * (1 + scale);
    double minoff = INFINITY, dmin = INFINITY, un[3] = { 0, 0, 0 }, ud[3] = { 0, 0, 0 };
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int k = j + 1; k < n; k++) {
                double e1[3], e2[3], nn[3];
                for (int c = 0; c < 3; c++) e1[c] = D[j][c] - D[i][c], e2[c] = D[k][c] - D[i][c];
                nn[0] = e1[1] * e2[2] - e1[2] * e2[1];
                nn[1] = e1[2] * e2[0] - e1[0] * e2[2];
                nn[2] = e1[0] * e2[1] - e1[1] * e2[0];
                const double nl = sqrt(dot3(nn, nn));
                if (nl < 1e-12 * (1 + scale * scale)) continue;
                for (int c = 0; c < 3; c++) nn[c] /= nl;
                const double o = dot3(nn, D[i]);
                int above = 0, below = 0;
                for (int l = 0; l < n && !(above && below); l++) {
                    const double s = dot3(nn, D[l]) - o;
                    above |= s > tol, below |= s < -tol;
                }
                if (above && below) continue;
                double sgn = above ? -1.0 : 1.0; // outward normal: every point below the plane
                const double off = sgn * o;
                if (off < minoff) {
                    minoff = off;
                    for (int c = 0; c < 3; c++) un[c] = sgn * nn[c];
                }
                const double tri[3][3] = { { D[i][0], D[i][1], D[i][2] },
                                           { D[j][0], D[j][1], D[j][2] },
                                           { D[k][0], D[k][1], D[k][2] } };
                double x[3];
                const double d = hgt_simplex_closest(tri, 3, x, NULL);
                if (d < dmin) {
                    dmin = d;
                    for (int c = 0; c < 3; c++) ud[c] = d > 0 ? -x[c] / d : 0;
                }
            }
    if (minoff > 0) { // the origin is inside: depth along the least supporting plane
        // A - B reaches depth minoff along its outward normal n: A reaches into B along n, so
        // n is the direction from A to B
        if (u) memcpy(u, un, sizeof un);
        return -minoff;
    }
    if (u) memcpy(u, ud, sizeof ud);
    return dmin;
}
