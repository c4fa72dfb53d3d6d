// Grid estimate of mass properties (Hodges, Game Physics: The Next Week, ch. 5, "Inertia Tensor
// Revisited", G-5), generalised to n-D.
//
// The book lays a regular grid of numSamples points per axis over the hull's bounding box,
// keeps the points inside the hull (IsExternal: in front of no facet), takes their mean as the
// centre of mass (its eq 5) and sums the point-mass inertia about it (its eq 4,
// sum (r.r delta_ij - x_i x_j)), divided by the number of points kept (an inertia per unit mass).
// Here, in n-D:
// - the box [lo, hi] is cut into N cells per axis (cell widths h_i = (hi_i - lo_i)/N) and each
//   cell is represented by its centre lo_i + (k + 1/2) h_i (the midpoint rule; the book's points
//   lo_i + k h_i are the cells' lower corners, which put the centre of mass of a body with
//   facets on its bounding box, a box, at -h/2 on every axis: docs/errata.md, G-5; the printed
//   form is ak_pub_mass_G5_grid in published/);
// - every kept centre carries the mass density * prod h_i, so mass = density * (kept cells) *
//   cell volume estimates the body's mass (the book's per-unit-mass tensor is this one divided
//   by the mass);
// - the centroid is the mean of the kept centres (eq 5); the covariance
//   C = sum m (x - c)(x - c)^T about it, and the inertia follows from C by the B-5 map
//   (ak_mass_inertia_from_cov), whose 3D form is the book's eq 4 (G-17).
// The boundary measure is not estimated (NAN).
//
// ak_mass_grid (hulls) tests the same cell centres as a per-cell half-space test would, but a
// whole line of cells along the last axis at once: on the line x(t) = (x_0 .. x_{n-2}, t) the
// half-spaces a.x <= b cut out one interval of t, and the kept centres and their sums of t and
// t^2 follow in closed form. The work is N^(n-1) lines times the facet count instead of N^n
// cells times the facet count. ak_mass_grid_region is the literal per-cell form for any
// membership test (a ball, a capsule, ...).
#include <math.h>
#include <string.h>

#include "ref/mass/mass.h"
#include "ref/mass/mass_internal.h"

#define GRID_MAX_CELLS_PER_AXIS 1000000
#define GRID_MAX_LINES 1e10 // N^(n-1): beyond, the estimate would run for hours

typedef struct grid_acc {
    int n;
    double count;                       // kept cells
    double s1[AK_MAX_DIM];              // sum of (x - box centre)
    double s2[AK_MAX_DIM * AK_MAX_DIM]; // sum of (x - box centre)(x - box centre)^T (upper)
} grid_acc;

static int grid_check(int n, const double lo[], const double hi[], int N, double density, char *err,
                      size_t errlen) {
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    if (N < 1 || N > GRID_MAX_CELLS_PER_AXIS)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                            "grid: cells_per_axis must be in 1..%d, got %d",
                            GRID_MAX_CELLS_PER_AXIS, N);
    if (pow((double)N, n - 1) > GRID_MAX_LINES)
        return ak_mass_fail(err, errlen, AK_MASS_ELIMIT,
                            "grid: %d cells per axis in %d-D is more than %.0e lines", N, n,
                            GRID_MAX_LINES);
    for (int i = 0; i < n; i++)
        if (!(hi[i] > lo[i]) || !isfinite(hi[i] - lo[i]))
            return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "grid: empty box on axis %d", i);
    return AK_MASS_OK;
}

// Props from the accumulated sums: centroid = box centre + mean, C = m (S2 - s1 s1^T / count).
static int grid_finish(ak_mass_props *out, const grid_acc *a, const double lo[], const double hi[],
                       int N, double density, char *err, size_t errlen) {
    int n = a->n;
    if (a->count < 1.0)
        return ak_mass_fail(err, errlen, AK_MASS_EDEGENERATE,
                            "grid: no cell centre inside the body (%d cells per axis)", N);
    double cellvol = 1.0;
    for (int i = 0; i < n; i++) cellvol *= (hi[i] - lo[i]) / N;
    double m = density * cellvol; // mass of one cell
    ak_mass_props p;
    memset(&p, 0, sizeof p);
    p.dim = n;
    p.volume = a->count * cellvol;
    p.mass = density * p.volume;
    p.boundary = NAN;
    double mean[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        mean[i] = a->s1[i] / a->count;
        p.centroid[i] = 0.5 * (lo[i] + hi[i]) + mean[i];
    }
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            double c = m * (a->s2[i * n + j] - a->count * mean[i] * mean[j]);
            p.cov[i * n + j] = p.cov[j * n + i] = c;
        }
    ak_mass_inertia_from_cov(n, p.inertia, p.cov);
    *out = p;
    return AK_MASS_OK;
}

int ak_mass_grid_region(ak_mass_props *out, int n, const double lo[], const double hi[],
                        ak_mass_inside_fn inside, const void *ctx, int cells_per_axis,
                        double density, char *err, size_t errlen) {
    if (!out || !lo || !hi || !inside)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "grid: null argument");
    int N = cells_per_axis;
    int st = grid_check(n, lo, hi, N, density, err, errlen);
    if (st) return st;
    grid_acc a;
    memset(&a, 0, sizeof a);
    a.n = n;
    double h[AK_MAX_DIM], mid[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        h[i] = (hi[i] - lo[i]) / N;
        mid[i] = 0.5 * (lo[i] + hi[i]);
    }
    int k[AK_MAX_DIM] = { 0 }; // odometer over the N^n cells
    for (;;) {
        double x[AK_MAX_DIM], r[AK_MAX_DIM];
        for (int i = 0; i < n; i++) {
            x[i] = lo[i] + (k[i] + 0.5) * h[i];
            r[i] = x[i] - mid[i];
        }
        if (inside(x, ctx)) {
            a.count += 1.0;
            for (int i = 0; i < n; i++) {
                a.s1[i] += r[i];
                for (int j = i; j < n; j++) a.s2[i * n + j] += r[i] * r[j];
            }
        }
        int d = n - 1;
        while (d >= 0 && ++k[d] == N) k[d--] = 0;
        if (d < 0) break;
    }
    return grid_finish(out, &a, lo, hi, N, density, err, errlen);
}

// sum_{k=0}^{K} k and k^2 as doubles (K < 2^26, exact).
static double sum_k(double K) { return K * (K + 1.0) / 2.0; }
static double sum_k2(double K) { return K * (K + 1.0) * (2.0 * K + 1.0) / 6.0; }

int ak_mass_grid(ak_mass_props *out, int n, const double verts[], int nverts, int cells_per_axis,
                 double density, char *err, size_t errlen) {
    if (!out || !verts || nverts < 1)
        return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM, "grid: no vertices");
    int st = ak_mass_check_common(n, density, err, errlen);
    if (st) return st;
    double lo[AK_MAX_DIM], hi[AK_MAX_DIM];
    for (int i = 0; i < n; i++) lo[i] = INFINITY, hi[i] = -INFINITY;
    for (int p = 0; p < nverts; p++)
        for (int i = 0; i < n; i++) {
            double v = verts[p * n + i];
            if (!isfinite(v))
                return ak_mass_fail(err, errlen, AK_MASS_EBADPARAM,
                                    "grid: vertex %d coordinate %d is not finite", p, i);
            lo[i] = fmin(lo[i], v);
            hi[i] = fmax(hi[i], v);
        }
    int N = cells_per_axis;
    st = grid_check(n, lo, hi, N, density, err, errlen);
    if (st) return st;
    // the hull as half-spaces a.x <= b, with x relative to the box centre (better conditioned)
    double normals[AK_MASS_HULL_MAX_FACETS * AK_MAX_DIM], offsets[AK_MASS_HULL_MAX_FACETS];
    int nf = ak_mass_hull_halfspaces(normals, offsets, AK_MASS_HULL_MAX_FACETS, n, verts, nverts,
                                     err, errlen);
    if (nf < 0) return nf;
    double h[AK_MAX_DIM], mid[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        h[i] = (hi[i] - lo[i]) / N;
        mid[i] = 0.5 * (lo[i] + hi[i]);
    }
    for (int f = 0; f < nf; f++) {
        double s = 0.0;
        for (int i = 0; i < n; i++) s += normals[f * n + i] * mid[i];
        offsets[f] -= s;
    }
    grid_acc a;
    memset(&a, 0, sizeof a);
    a.n = n;
    const int L = n - 1;               // the line axis
    const double t0 = -0.5 * N * h[L]; // lower end of the box on the line axis (relative)
    int k[AK_MAX_DIM] = { 0 };         // odometer over the N^(n-1) lines
    for (;;) {
        double r[AK_MAX_DIM];
        for (int i = 0; i < L; i++) r[i] = (k[i] + 0.5 - 0.5 * N) * h[i];
        // the interval of t with a.(r, t) <= b for every facet
        double tmin = -INFINITY, tmax = INFINITY;
        for (int f = 0; f < nf && tmin <= tmax; f++) {
            const double *nv = normals + f * n;
            double rhs = offsets[f];
            for (int i = 0; i < L; i++) rhs -= nv[i] * r[i];
            double aL = nv[L];
            if (aL > 0.0)
                tmax = fmin(tmax, rhs / aL);
            else if (aL < 0.0)
                tmin = fmax(tmin, rhs / aL);
            else if (rhs < 0.0)
                tmin = INFINITY; // parallel facet with the line outside
        }
        if (tmin <= tmax) {
            // centres t0 + (j + 1/2) h in [tmin, tmax], j in 0..N-1
            double jlo = fmax(0.0, ceil((tmin - t0) / h[L] - 0.5));
            double jhi = fmin((double)N - 1.0, floor((tmax - t0) / h[L] - 0.5));
            if (jhi >= jlo) {
                double cnt = jhi - jlo + 1.0;
                double sk = sum_k(jhi) - sum_k(jlo - 1.0);
                double sk2 = sum_k2(jhi) - sum_k2(jlo - 1.0);
                double c0 = t0 + 0.5 * h[L]; // t of the centre j = 0
                double st1 = cnt * c0 + h[L] * sk;
                double st2 = cnt * c0 * c0 + 2.0 * c0 * h[L] * sk + h[L] * h[L] * sk2;
                a.count += cnt;
                for (int i = 0; i < L; i++) {
                    a.s1[i] += cnt * r[i];
                    for (int j = i; j < L; j++) a.s2[i * n + j] += cnt * r[i] * r[j];
                    a.s2[i * n + L] += r[i] * st1;
                }
                a.s1[L] += st1;
                a.s2[L * n + L] += st2;
            }
        }
        int d = L - 1;
        while (d >= 0 && ++k[d] == N) k[d--] = 0;
        if (d < 0) break;
    }
    return grid_finish(out, &a, lo, hi, N, density, err, errlen);
}
