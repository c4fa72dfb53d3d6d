// Private helpers shared by the files of ref/mass (not installed).
#ifndef AK_MASS_INTERNAL_H
#define AK_MASS_INTERNAL_H

#include <stddef.h>

#include "ref/mass/mass.h"

#define AK_MASS_PI 3.14159265358979323846

/// Fill err (if given) with a formatted message and return code.
int ak_mass_fail(char *err, size_t errlen, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/// Determinant of the m x m row-major matrix A (m <= AK_MAX_DIM), by Gaussian elimination with
/// partial pivoting on a copy.
double ak_mass_det(int m, const double A[]);
/// n!
double ak_mass_factorial(int n);
/// Check dim in 2..AK_MAX_DIM and density finite and > 0.
int ak_mass_check_common(int n, double density, char *err, size_t errlen);
/// Fill the derived fields of out from raw moments about the origin: volume V, first moment
/// F = integral x dV, second moment S = integral x x^T dV (all per unit density).
int ak_mass_from_raw(ak_mass_props *out, int n, double V, const double F[], const double S[],
                     double boundary, double density, char *err, size_t errlen);

#endif
