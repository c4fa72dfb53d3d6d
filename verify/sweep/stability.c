// Linear stability and elliptic periods of free rotation (stability.h). Independent of the
// engine and of ref/dyn: its own matrix form of the Euler equation, GSL linear algebra.
#include "verify/sweep/stability.h"

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <string.h>

#define NMAX 5
#define KMAX 10

static void pairs(int n, int pi[], int pj[]) {
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, k++) pi[k] = i, pj[k] = j;
}

int ak_sweep_euler_rhs(int n, const double I[], const double w[], double wdot[]) {
    int k = n * (n - 1) / 2, pi[KMAX], pj[KMAX];
    pairs(n, pi, pj);
    double L[KMAX] = { 0 }, W[NMAX][NMAX] = { { 0 } }, M[NMAX][NMAX] = { { 0 } };
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++) L[a] += I[a * k + b] * w[b];
    for (int a = 0; a < k; a++) {
        W[pi[a]][pj[a]] = w[a], W[pj[a]][pi[a]] = -w[a];
        M[pi[a]][pj[a]] = L[a], M[pj[a]][pi[a]] = -L[a];
    }
    double Ld[KMAX];
    for (int a = 0; a < k; a++) { // (L W - W L)_ij
        int i = pi[a], j = pj[a];
        double s = 0;
        for (int q = 0; q < n; q++) s += M[i][q] * W[q][j] - W[i][q] * M[q][j];
        Ld[a] = s;
    }
    // I wdot = Ld, by GSL LU
    double Ic[KMAX * KMAX];
    memcpy(Ic, I, sizeof(double) * (size_t)(k * k));
    gsl_matrix_view A = gsl_matrix_view_array(Ic, (size_t)k, (size_t)k);
    gsl_vector_view b = gsl_vector_view_array(Ld, (size_t)k);
    gsl_vector_view x = gsl_vector_view_array(wdot, (size_t)k);
    gsl_permutation *p = gsl_permutation_alloc((size_t)k);
    int sgn, rc = -1;
    if (p && gsl_linalg_LU_decomp(&A.matrix, p, &sgn) == 0 &&
        fabs(gsl_linalg_LU_det(&A.matrix, sgn)) > 0)
        rc = gsl_linalg_LU_solve(&A.matrix, p, &b.vector, &x.vector) == 0 ? 0 : -1;
    if (p) gsl_permutation_free(p);
    return rc;
}

int ak_sweep_linear_growth(int n, const double I[], const double w[], double *lambda, double *im) {
    int k = n * (n - 1) / 2;
    double J[KMAX * KMAX], scale = 0;
    for (int a = 0; a < k; a++) scale = fmax(scale, fabs(w[a]));
    double h = 1e-5 * fmax(scale, 1e-3);
    for (int b = 0; b < k; b++) { // column b by central differences
        double wp[KMAX], wm[KMAX], fp[KMAX], fm[KMAX];
        memcpy(wp, w, sizeof(double) * (size_t)k);
        memcpy(wm, w, sizeof(double) * (size_t)k);
        wp[b] += h, wm[b] -= h;
        if (ak_sweep_euler_rhs(n, I, wp, fp) || ak_sweep_euler_rhs(n, I, wm, fm)) return -1;
        for (int a = 0; a < k; a++) J[a * k + b] = (fp[a] - fm[a]) / (2 * h);
    }
    gsl_matrix_view A = gsl_matrix_view_array(J, (size_t)k, (size_t)k);
    gsl_vector_complex *ev = gsl_vector_complex_alloc((size_t)k);
    gsl_eigen_nonsymm_workspace *ws = gsl_eigen_nonsymm_alloc((size_t)k);
    int rc = -1;
    if (ev && ws && gsl_eigen_nonsymm(&A.matrix, ev, ws) == 0) {
        double best = -INFINITY, bim = 0;
        for (int a = 0; a < k; a++) {
            gsl_complex z = gsl_vector_complex_get(ev, (size_t)a);
            if (GSL_REAL(z) > best) best = GSL_REAL(z), bim = fabs(GSL_IMAG(z));
        }
        *lambda = best;
        if (im) *im = bim;
        rc = 0;
    }
    if (ws) gsl_eigen_nonsymm_free(ws);
    if (ev) gsl_vector_complex_free(ev);
    return rc;
}

double ak_sweep_elliptic_period(int n, const double I[], const double w[]) {
    int k = n * (n - 1) / 2, pi[KMAX], pj[KMAX];
    pairs(n, pi, pj);
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++)
            if (a != b && I[a * k + b] != 0.0) return NAN; // diagonal inertia only
    int nz = 0;
    for (int a = 0; a < k; a++) nz += w[a] != 0.0;
    if (nz < 2) return NAN;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int l = j + 1; l < n; l++) {
                int idx[3] = { -1, -1, -1 }, inside = 0;
                for (int a = 0; a < k; a++) {
                    int on = (pi[a] == i && pj[a] == j)   ? 0
                             : (pi[a] == i && pj[a] == l) ? 1
                             : (pi[a] == j && pj[a] == l) ? 2
                                                          : -1;
                    if (on >= 0) idx[on] = a, inside += w[a] != 0.0;
                }
                if (inside != nz) continue;
                // sort the three moments ascending, with their rates
                double m[3], r[3];
                for (int q = 0; q < 3; q++) m[q] = I[idx[q] * k + idx[q]], r[q] = w[idx[q]];
                for (int q = 0; q < 3; q++)
                    for (int p = q + 1; p < 3; p++)
                        if (m[p] < m[q]) {
                            double t = m[p];
                            m[p] = m[q], m[q] = t;
                            t = r[p], r[p] = r[q], r[q] = t;
                        }
                if (!(m[0] < m[1] && m[1] < m[2])) return NAN;
                double E2 = 0, M2 = 0; // 2E and |L|^2
                for (int q = 0; q < 3; q++)
                    E2 += m[q] * r[q] * r[q], M2 += m[q] * m[q] * r[q] * r[q];
                double I1 = m[0], I2 = m[1], I3 = m[2], k2, sc;
                if (M2 > E2 * I2) {
                    k2 = (I2 - I1) * (E2 * I3 - M2) / ((I3 - I2) * (M2 - E2 * I1));
                    sc = sqrt(I1 * I2 * I3 / ((I3 - I2) * (M2 - E2 * I1)));
                } else if (M2 < E2 * I2) {
                    k2 = (I3 - I2) * (M2 - E2 * I1) / ((I2 - I1) * (E2 * I3 - M2));
                    sc = sqrt(I1 * I2 * I3 / ((I2 - I1) * (E2 * I3 - M2)));
                } else {
                    return NAN; // the separatrix: infinite period
                }
                if (!(k2 >= 0 && k2 < 1)) return NAN;
                gsl_sf_result K;
                if (gsl_sf_ellint_Kcomp_e(sqrt(k2), GSL_PREC_DOUBLE, &K)) return NAN;
                return 4.0 * K.val * sc;
            }
    return NAN;
}
