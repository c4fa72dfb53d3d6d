// Helpers shared by the files of ref/mass (mass.c, hull.c, mc.c): error messages, determinants,
// factorials, the common argument check, and the B-5 covariance-to-inertia map with the canonical
// simplex covariance it is applied to.
#include "ref/mass/mass.h"
#include "ref/geom/linalg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ref/mass/mass_internal.h"

int ak_mass_fail(char *err, size_t errlen, int code, const char *fmt, ...) {
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

double ak_mass_det(int m, const double A[]) {
    double a[AK_MAX_DIM * AK_MAX_DIM];
    memcpy(a, A, sizeof(double) * (size_t)(m * m));
    return ak_la_det(m, a); // Gaussian elimination with partial pivoting (ref/geom/linalg.h)
}

double ak_mass_factorial(int n) {
    double f = 1.0;
    for (int i = 2; i <= n; i++) f *= i;
    return f;
}

int ak_mass_check_common(int n, double density, char *err, size_t errlen) {
    if (n < 2 || n > AK_MAX_DIM)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "dimension %d is not in 2..%d", n,
                            AK_MAX_DIM);
    if (!isfinite(density) || density <= 0.0)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "density: expected a positive number, got %g", density);
    return AK_MASS_OK;
}
void ak_mass_inertia_from_cov(int n, double I[], const double C[]) {
    int k = ak_nd_nbiv(n);
    double E[AK_MAX_DIM][AK_MAX_BIV * AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        double e[AK_MAX_DIM] = { 0 };
        e[i] = 1.0;
        ak_nd_rstar(n, E[i], e);
    }
    for (int p = 0; p < k; p++)
        for (int q = 0; q < k; q++) {
            double s = 0.0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    double cij = C[i * n + j];
                    if (cij == 0.0) continue;
                    double eij = 0.0; // ([e_i]* [e_j]*^T)_pq
                    for (int c = 0; c < n; c++) eij += E[i][p * n + c] * E[j][q * n + c];
                    s += cij * eij;
                }
            I[p * k + q] = s;
        }
}

void ak_mass_simplex_canonical_cov(int n, double C[]) {
    double f = ak_mass_factorial(n + 2);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) C[i * n + j] = (i == j ? 2.0 : 1.0) / f;
}
