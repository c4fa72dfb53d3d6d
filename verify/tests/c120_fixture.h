/// @file c120_fixture.h
/// The 600 vertices of the 120-cell (circumradius 2 sqrt 2, edge 3 - sqrt 5 = 2 / phi^2), from
/// the classical coordinates (Coxeter, Regular Polytopes, Table I(ii)): all permutations and sign
/// changes of (0, 0, 2, 2), (1, 1, 1, sqrt 5), (phi^-2, phi, phi, phi), (phi^-1, phi^-1, phi^-1,
/// phi^2), and the even permutations with all sign changes of (0, phi^-2, 1, phi^2),
/// (0, phi^-1, phi, sqrt 5), (phi^-1, 1, phi, 2). Closed forms for edge a: volume
/// (15/4)(105 + 47 sqrt 5) a^4; boundary 120 regular dodecahedra of (15 + 7 sqrt 5)/4 a^3 each.
#ifndef AK_TEST_C120_FIXTURE_H
#define AK_TEST_C120_FIXTURE_H

#include <math.h>
#include <stdbool.h>
#include <string.h>

// Fills v (600 x 4) scaled by s; returns the vertex count (600).
static inline int c120_vertices(double v[], double s) {
    const double phi = (1 + sqrt(5.0)) / 2, r5 = sqrt(5.0);
    const double all[4][4] = { { 0, 0, 2, 2 },
                               { 1, 1, 1, r5 },
                               { 1 / (phi * phi), phi, phi, phi },
                               { 1 / phi, 1 / phi, 1 / phi, phi * phi } };
    const double even[3][4] = { { 0, 1 / (phi * phi), 1, phi * phi },
                                { 0, 1 / phi, phi, r5 },
                                { 1 / phi, 1, phi, 2 } };
    int n = 0;
    for (int b = 0; b < 7; b++) {
        const double *base = b < 4 ? all[b] : even[b - 4];
        for (int p = 0; p < 24; p++) {
            int perm[4] = { 0, 1, 2, 3 }, q = p;
            for (int i = 0; i < 4; i++) { // the p-th permutation (factorial number system)
                int f = 1;
                for (int k = 1; k < 4 - i; k++) f *= k;
                int j = i + q / f;
                q %= f;
                int t = perm[j];
                for (int k = j; k > i; k--) perm[k] = perm[k - 1];
                perm[i] = t;
            }
            int inv = 0;
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++) inv += perm[i] > perm[j];
            if (b >= 4 && inv % 2) continue;
            for (int sg = 0; sg < 16; sg++) {
                double x[4];
                for (int i = 0; i < 4; i++) x[i] = (sg >> i & 1 ? -1 : 1) * base[perm[i]] * s;
                bool dup = false;
                for (int k = 0; k < n && !dup; k++)
                    dup = fabs(v[4 * k] - x[0]) + fabs(v[4 * k + 1] - x[1]) +
                              fabs(v[4 * k + 2] - x[2]) + fabs(v[4 * k + 3] - x[3]) <
                          1e-9 * s;
                if (!dup && n < 600) memcpy(v + 4 * n++, x, sizeof x);
            }
        }
    }
    return n;
}

#endif
