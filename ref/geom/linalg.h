// Small dense linear algebra shared inside ref/ (collide, mass): internal, n <= AK_MAX_DIM + 1.
#ifndef AK_GEOM_LINALG_H
#define AK_GEOM_LINALG_H

#include <math.h>
#include <string.h>

static inline double ak_la_dot(int n, const double a[], const double b[]) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

/// Solve A x = b (m x m, row-major, destroyed) with partial pivoting. Returns 0 when a pivot
/// falls below tol_rel * (largest |A_ij|), i.e. A is numerically singular.
static inline int ak_la_solve(int m, double A[], double b[], double x[], double tol_rel) {
    double amax = 0;
    for (int i = 0; i < m * m; i++) amax = fmax(amax, fabs(A[i]));
    if (!(amax > 0)) return 0;
    for (int k = 0; k < m; k++) {
        int p = k;
        for (int i = k + 1; i < m; i++)
            if (fabs(A[i * m + k]) > fabs(A[p * m + k])) p = i;
        if (!(fabs(A[p * m + k]) > tol_rel * amax)) return 0;
        if (p != k) {
            for (int j = 0; j < m; j++) {
                double t = A[k * m + j];
                A[k * m + j] = A[p * m + j];
                A[p * m + j] = t;
            }
            double t = b[k];
            b[k] = b[p];
            b[p] = t;
        }
        for (int i = k + 1; i < m; i++) {
            double f = A[i * m + k] / A[k * m + k];
            for (int j = k; j < m; j++) A[i * m + j] -= f * A[k * m + j];
            b[i] -= f * b[k];
        }
    }
    for (int i = m - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < m; j++) s -= A[i * m + j] * x[j];
        x[i] = s / A[i * m + i];
    }
    return 1;
}

/// Determinant of an m x m matrix (row-major, destroyed).
static inline double ak_la_det(int m, double A[]) {
    double det = 1;
    for (int k = 0; k < m; k++) {
        int p = k;
        for (int i = k + 1; i < m; i++)
            if (fabs(A[i * m + k]) > fabs(A[p * m + k])) p = i;
        if (A[p * m + k] == 0) return 0;
        if (p != k) {
            for (int j = 0; j < m; j++) {
                double t = A[k * m + j];
                A[k * m + j] = A[p * m + j];
                A[p * m + j] = t;
            }
            det = -det;
        }
        det *= A[k * m + k];
        for (int i = k + 1; i < m; i++) {
            double f = A[i * m + k] / A[k * m + k];
            for (int j = k; j < m; j++) A[i * m + j] -= f * A[k * m + j];
        }
    }
    return det;
}

/// Unit normal of the hyperplane spanned by the n-1 rows of E (n-1 x n): the generalised cross
/// product N_i = (-1)^i det(E without column i), normalised. Returns its length before
/// normalisation (0: the rows are dependent).
static inline double ak_la_normal(int n, double N[], const double E[]) {
    if (n == 1) {
        N[0] = 1;
        return 1;
    }
    double M[(6) * (6)];
    double len2 = 0;
    for (int i = 0; i < n; i++) {
        for (int r = 0; r < n - 1; r++) {
            int c2 = 0;
            for (int c = 0; c < n; c++)
                if (c != i) M[r * (n - 1) + c2++] = E[r * n + c];
        }
        N[i] = ((i & 1) ? -1.0 : 1.0) * ak_la_det(n - 1, M);
        len2 += N[i] * N[i];
    }
    double l = sqrt(len2);
    if (l > 0)
        for (int i = 0; i < n; i++) N[i] /= l;
    return l;
}

#endif
