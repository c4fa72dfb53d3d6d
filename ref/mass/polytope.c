// Mass properties of a convex polytope from its facet planes (G-POLY.3): the polytope is the
// union of the cones from the origin over its facets; a cone of height d (the facet's offset,
// signed) over a base B has
//   V = d |B| / n,   integral x = d / (n+1) integral_B y,   integral x x^T = d / (n+2) integral_B y y^T
// (x = t y, dV = d t^(n-1) dt dA(y), t in [0, 1]). The base's moments come from its own mass
// properties in n-1 dimensions (ak_mass_convex on the facet's vertices in an orthonormal frame
// of the facet's hyperplane). No vertex limit on the whole polytope (the 120-cell has 600);
// each facet has at most AK_MASS_HULL_MAX_VERTS vertices.
#include <math.h>
#include <string.h>

#include "ref/mass/mass.h"
#include "ref/mass/mass_internal.h"

int ak_mass_polytope(ak_mass_props *out, int n, const double verts[], int nverts,
                     const double planes[], int nfacets, double density, char *err, size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if (!verts || !planes || nverts < n + 1 || nfacets < n + 1)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "polytope: need at least %d vertices and facets", n + 1);
    double scale = 0;
    for (int i = 0; i < nverts * n; i++) scale = fmax(scale, fabs(verts[i]));
    double tol = 1e-9 * (1 + scale);
    double V = 0, F[AK_MAX_DIM] = { 0 }, S[AK_MAX_DIM * AK_MAX_DIM] = { 0 }, B = 0;
    for (int f = 0; f < nfacets; f++) {
        const double *nu = planes + f * (n + 1);
        double off = nu[n];
        // orthonormal frame E (n-1 rows) of the facet's hyperplane: Gram-Schmidt on the axes
        double E[AK_MAX_DIM * AK_MAX_DIM];
        int ne = 0;
        for (int ax = 0; ax < n && ne < n - 1; ax++) {
            double e[AK_MAX_DIM] = { 0 };
            e[ax] = 1;
            double t = nu[ax];
            for (int i = 0; i < n; i++) e[i] -= t * nu[i];
            for (int q = 0; q < ne; q++) {
                double u = 0;
                for (int i = 0; i < n; i++) u += e[i] * E[q * n + i];
                for (int i = 0; i < n; i++) e[i] -= u * E[q * n + i];
            }
            double l = 0;
            for (int i = 0; i < n; i++) l += e[i] * e[i];
            l = sqrt(l);
            if (l < 1e-6) continue;
            for (int i = 0; i < n; i++) E[ne * n + i] = e[i] / l;
            ne++;
        }
        double c0[AK_MAX_DIM];
        for (int i = 0; i < n; i++) c0[i] = off * nu[i];
        double z[AK_MASS_HULL_MAX_VERTS * AK_MAX_DIM];
        int nz = 0;
        for (int v = 0; v < nverts; v++) {
            const double *x = verts + v * n;
            double h = 0;
            for (int i = 0; i < n; i++) h += nu[i] * x[i];
            if (fabs(h - off) > tol) continue;
            if (nz >= AK_MASS_HULL_MAX_VERTS)
                return ak_mass_fail(err, errlen, AK_MASS_ELIMIT,
                                    "polytope: facet %d has more than %d vertices", f,
                                    AK_MASS_HULL_MAX_VERTS);
            for (int q = 0; q < n - 1; q++) {
                double s = 0;
                for (int i = 0; i < n; i++) s += E[q * n + i] * (x[i] - c0[i]);
                z[nz * (n - 1) + q] = s;
            }
            nz++;
        }
        // the base's area A, centroid cz and covariance Cz (about cz) in n-1 dimensions
        double A, cz[AK_MAX_DIM] = { 0 }, Cz[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
        if (n == 2) {
            if (nz < 2)
                return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                                    "polytope: facet %d is degenerate", f);
            double lo = z[0], hi = z[0];
            for (int k = 1; k < nz; k++) lo = fmin(lo, z[k]), hi = fmax(hi, z[k]);
            A = hi - lo;
            cz[0] = 0.5 * (lo + hi);
            Cz[0] = A * A * A / 12.0;
        } else {
            ak_mass_props fp;
            char why[200] = "";
            int s2 = ak_mass_convex(&fp, n - 1, z, nz, 1.0, why, sizeof why);
            if (s2) return ak_mass_fail(err, errlen, s2, "polytope: facet %d: %s", f, why);
            A = fp.volume;
            memcpy(cz, fp.centroid, sizeof cz);
            memcpy(Cz, fp.cov, sizeof(double) * (size_t)((n - 1) * (n - 1)));
        }
        // integral over the base of y and y y^T, y = c0 + E^T z
        double yc[AK_MAX_DIM];
        for (int i = 0; i < n; i++) {
            yc[i] = c0[i];
            for (int q = 0; q < n - 1; q++) yc[i] += E[q * n + i] * cz[q];
        }
        double d = off;
        V += d * A / n;
        B += A;
        for (int i = 0; i < n; i++) F[i] += d / (n + 1) * A * yc[i];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double ec = 0;
                for (int p = 0; p < n - 1; p++)
                    for (int q = 0; q < n - 1; q++)
                        ec += E[p * n + i] * Cz[p * (n - 1) + q] * E[q * n + j];
                S[i * n + j] += d / (n + 2) * (A * yc[i] * yc[j] + ec);
            }
    }
    return ak_mass_from_raw(out, n, V, F, S, B, density, err, errlen);
}
