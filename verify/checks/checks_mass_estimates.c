// Group "mass": Monte Carlo and the grid estimate (G-5, Hodges ch. 5)
#include "verify/checks/checks_mass_common.h"

// ---- Monte Carlo -------------------------------------------------------------------------------

// Compare raw moments about the origin from exact props with a Monte Carlo estimate.
static void compare_mc(ak_check_ctx *c, const char *label, const ak_mass_props *p,
                       const ak_mass_mc *mc) {
    int n = p->dim;
    double S[AK_MAX_DIM * AK_MAX_DIM], F[AK_MAX_DIM], smax = 0;
    for (int i = 0; i < n; i++) F[i] = p->mass * p->centroid[i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            S[i * n + j] = p->cov[i * n + j] + p->mass * p->centroid[i] * p->centroid[j];
    for (int i = 0; i < n; i++) smax = fmax(smax, S[i * n + i]);
    double fscale = sqrt(p->mass * smax);
    double zmax = fabs(mc->mass - p->mass) / mc->mass_se, semax = mc->mass_se / p->mass;
    for (int i = 0; i < n; i++) {
        zmax = fmax(zmax, fabs(mc->first[i] - F[i]) / mc->first_se[i]);
        semax = fmax(semax, mc->first_se[i] / fscale);
        for (int j = i; j < n; j++) {
            zmax =
                fmax(zmax, fabs(mc->second[i * n + j] - S[i * n + j]) / mc->second_se[i * n + j]);
            semax = fmax(semax, mc->second_se[i * n + j] / smax);
        }
    }
    ak_measure(c, zmax, MC_NSIGMA,
               "%s: mass exact %.8g vs MC %.8g +- %.2g; worst |exact-MC|/SE over all moments %.2f",
               label, p->mass, mc->mass, mc->mass_se, zmax);
    ak_measure(c, semax, MC_MAX_REL_SE, "largest relative SE %.2e (%ld samples)", semax,
               mc->samples);
}

// Convex hulls of random clouds: exact (hull split into simplices) vs Monte Carlo.  [G-14 G-15]
static void check_hull_mc(ak_check_ctx *c) {
    static const int NPTS[AK_MAX_DIM + 1] = { 0, 0, 9, 16, 24, 28 };
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 2024);
    char err[256], label[64];
    static ak_mass_hull_ctx hc;           // large: keep it off the stack
    int n0 = 3, n1 = ak_quick(c) ? 3 : 5; // --quick: the 3D cloud only (same tolerance)
    for (int n = n0; n <= n1; n++) {
        int np = NPTS[n];
        double v[64 * AK_MAX_DIM], lo[AK_MAX_DIM], hi[AK_MAX_DIM];
        for (int i = 0; i < n; i++) lo[i] = INFINITY, hi[i] = -INFINITY;
        for (int p = 0; p < np; p++)
            for (int i = 0; i < n; i++) {
                // an elongated, off-centre cloud
                v[p * n + i] = (0.4 + 0.3 * i) * (2 * gsl_rng_uniform(rng) - 1) + 0.25 * i;
                lo[i] = fmin(lo[i], v[p * n + i]);
                hi[i] = fmax(hi[i], v[p * n + i]);
            }
        ak_mass_props p;
        if (ak_mass_convex(&p, n, v, np, 1.7, err, sizeof err)) {
            ak_expect(c, false, "ak_mass_convex: %s", err);
            break;
        }
        hc.dim = n;
        hc.nfacets = ak_mass_hull_halfspaces(hc.normals, hc.offsets, AK_MASS_HULL_MAX_FACETS, n, v,
                                             np, err, sizeof err);
        if (hc.nfacets < 0) {
            ak_expect(c, false, "halfspaces: %s", err);
            break;
        }
        ak_mass_mc mc;
        long N = n == 5 ? 30000000 : n == 4 ? 14000000 : 8000000;
        if (ak_mass_monte_carlo(&mc, n, lo, hi, ak_mass_hull_inside, &hc, 1.7, rng, N, err,
                                sizeof err)) {
            ak_expect(c, false, "monte carlo: %s", err);
            break;
        }
        snprintf(label, sizeof label, "n=%d, %d points, %d facets", n, np, hc.nfacets);
        compare_mc(c, label, &p, &mc);
    }
    gsl_rng_free(rng);
}

// ---- G-5: the grid estimate (Hodges ch. 5) -----------------------------------------------------

// Relative error of an estimate q against the exact p: the worst of the volume's relative error,
// the centroid's distance over the radius of gyration sqrt(tr C / M), and the largest inertia
// entry error over the largest exact entry.
static double grid_rel_error(const ak_mass_props *q, const ak_mass_props *p) {
    int n = p->dim, k = n * (n - 1) / 2;
    double e = fabs(q->volume - p->volume) / p->volume;
    double tr = 0.0, d2 = 0.0, imax = 0.0, ierr = 0.0;
    for (int i = 0; i < n; i++) {
        tr += p->cov[i * n + i];
        d2 += (q->centroid[i] - p->centroid[i]) * (q->centroid[i] - p->centroid[i]);
    }
    e = fmax(e, sqrt(d2) / sqrt(tr / p->mass));
    for (int i = 0; i < k * k; i++) {
        imax = fmax(imax, fabs(p->inertia[i]));
        ierr = fmax(ierr, fabs(q->inertia[i] - p->inertia[i]));
    }
    return fmax(e, ierr / imax);
}

// Least-squares slope of -log(err) against log(N): the measured convergence order.
static double grid_order(int m, const int N[], const double e[]) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < m; i++) {
        double x = log((double)N[i]), y = -log(e[i]);
        sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

#define GRID_MIN_ORDER 0.8 // midpoint-in-cell rule on a body with a curved or oblique boundary

typedef struct grid_ball {
    int n;
    double centre[AK_MAX_DIM], radius;
} grid_ball;

static int grid_ball_inside(const double x[], const void *ctx) {
    const grid_ball *b = ctx;
    double s = 0.0;
    for (int i = 0; i < b->n; i++) s += (x[i] - b->centre[i]) * (x[i] - b->centre[i]);
    return s <= b->radius * b->radius;
}

// Grid estimate (G-5, ak_mass_grid) vs the exact hull (G-15) for random hulls in 3D and 4D, at
// several resolutions: the error must fall at order >= 0.8 and the finest be below a tolerance;
// the line-at-a-time hull test equals the per-cell test; a box and a ball against closed forms.
static void check_hull_grid(ak_check_ctx *c) {
    static const int NPTS[AK_MAX_DIM + 1] = { 0, 0, 9, 16, 24, 28 };
    bool quick = ak_quick(c);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 505);
    char err[256];
    static ak_mass_hull_ctx hc; // large: keep it off the stack
    for (int n = 3; n <= 4; n++) {
        int np = NPTS[n];
        double v[64 * AK_MAX_DIM], lo[AK_MAX_DIM], hi[AK_MAX_DIM];
        for (int i = 0; i < n; i++) lo[i] = INFINITY, hi[i] = -INFINITY;
        for (int p = 0; p < np; p++)
            for (int i = 0; i < n; i++) {
                v[p * n + i] = (0.4 + 0.3 * i) * (2 * gsl_rng_uniform(rng) - 1) + 0.25 * i;
                lo[i] = fmin(lo[i], v[p * n + i]);
                hi[i] = fmax(hi[i], v[p * n + i]);
            }
        ak_mass_props ex, g, gr;
        if (ak_mass_convex(&ex, n, v, np, 1.7, err, sizeof err)) {
            ak_expect(c, false, "ak_mass_convex: %s", err);
            break;
        }
        // resolutions: 3D 32..512 (quick 16..128), 4D 16..128 (quick 8..64), doubling
        int m = n == 3 ? (quick ? 4 : 5) : 4, N[5];
        double e[5];
        for (int r = 0; r < m; r++) N[r] = (n == 3 ? (quick ? 16 : 32) : (quick ? 8 : 16)) << r;
        bool ok = true;
        for (int r = 0; r < m && ok; r++) {
            ok = ak_mass_grid(&g, n, v, np, N[r], 1.7, err, sizeof err) == 0;
            if (!ok)
                ak_expect(c, false, "ak_mass_grid N=%d: %s", N[r], err);
            else
                e[r] = grid_rel_error(&g, &ex);
        }
        if (!ok) break;
        double order = grid_order(m, N, e);
        double tol = n == 3 ? (quick ? 1e-4 : 5e-6) : (quick ? 1e-4 : 3e-5); // ~4x the measured
        ak_measure(c, GRID_MIN_ORDER / order, 1.0,
                   "random %dD hull (%d points): error %.2e at N=%d .. %.2e at N=%d, fitted "
                   "order %.2f (>= %.1f)",
                   n, np, e[0], N[0], e[m - 1], N[m - 1], order, GRID_MIN_ORDER);
        ak_measure(c, e[m - 1], tol, "random %dD hull: finest (N=%d) relative error %.2e", n,
                   N[m - 1], e[m - 1]);
        char key[32];
        snprintf(key, sizeof key, "order_hull%dd", n);
        ak_value(c, key, order);
        // the line-at-a-time test keeps exactly the cells a per-cell half-space test keeps
        hc.dim = n;
        hc.nfacets = ak_mass_hull_halfspaces(hc.normals, hc.offsets, AK_MASS_HULL_MAX_FACETS, n, v,
                                             np, err, sizeof err);
        int Nc = n == 3 ? 24 : 12;
        if (hc.nfacets < 0 || ak_mass_grid(&g, n, v, np, Nc, 1.7, err, sizeof err) ||
            ak_mass_grid_region(&gr, n, lo, hi, ak_mass_hull_inside, &hc, Nc, 1.7, err,
                                sizeof err)) {
            ak_expect(c, false, "per-cell grid: %s", err);
            break;
        }
        double cellvol = 1.0;
        for (int i = 0; i < n; i++) cellvol *= (hi[i] - lo[i]) / Nc;
        ak_expect(c, g.volume == gr.volume,
                  "%dD, N=%d: the line test keeps %.0f cells, the per-cell test %.0f", n, Nc,
                  g.volume / cellvol, gr.volume / cellvol);
        ak_measure(c, grid_rel_error(&g, &gr), 1e-12,
                   "%dD, N=%d: line-at-a-time vs per-cell test, relative difference %.1e", n, Nc,
                   grid_rel_error(&g, &gr));
    }
    // box: every cell centre is inside, so the midpoint rule has the closed form
    // V exact, centroid exact, C_ii = M (a_i^2/3 - h_i^2/12) with h_i = 2 a_i / N
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        double a[AK_MAX_DIM], off[AK_MAX_DIM], v[32 * AK_MAX_DIM];
        for (int i = 0; i < n; i++) a[i] = 0.35 + 0.2 * i, off[i] = 0.1 * i - 0.05;
        for (int p = 0; p < (1 << n); p++)
            for (int i = 0; i < n; i++) v[p * n + i] = off[i] + ((p >> i) & 1 ? a[i] : -a[i]);
        int Nb = n == 2 ? 64 : n == 3 ? 40 : n == 4 ? 16 : 10;
        ak_mass_props g, ex;
        if (ak_mass_grid(&g, n, v, 1 << n, Nb, 2.5, err, sizeof err)) {
            ak_expect(c, false, "box grid: %s", err);
            break;
        }
        memset(&ex, 0, sizeof ex);
        ex.dim = n;
        ex.volume = 1.0;
        for (int i = 0; i < n; i++) ex.volume *= 2 * a[i];
        ex.mass = 2.5 * ex.volume;
        for (int i = 0; i < n; i++) {
            double h = 2 * a[i] / Nb;
            ex.centroid[i] = off[i];
            ex.cov[i * n + i] = ex.mass * (a[i] * a[i] / 3 - h * h / 12);
        }
        ak_mass_inertia_from_cov(n, ex.inertia, ex.cov);
        double eb = grid_rel_error(&g, &ex);
        ak_measure(c, eb, 1e-12,
                   "%dD box, N=%d: grid vs closed-form midpoint sums M(a^2/3 - h^2/12), "
                   "relative error %.1e",
                   n, Nb, eb);
    }
    // bad parameters: an error status and a message, never a crash
    {
        double v2[6] = { 0, 0, 1, 0, 0, 1 };
        ak_mass_props g;
        err[0] = 0;
        int s0 = ak_mass_grid(&g, 2, v2, 3, 0, 1.0, err, sizeof err);
        ak_expect(c, s0 == AK_MASS_EBADPARAM && err[0], "0 cells per axis: status %d (%s)", s0,
                  err);
        err[0] = 0;
        int s1 = ak_mass_grid(&g, 5, v2, 1, 1000000, 1.0, err, sizeof err);
        ak_expect(c, s1 < 0 && err[0], "a degenerate 5D cloud, 1e6 cells per axis: status %d (%s)",
                  s1, err);
        err[0] = 0;
        int s2 = ak_mass_grid(&g, 2, v2, 3, 8, -1.0, err, sizeof err);
        ak_expect(c, s2 == AK_MASS_EBADPARAM && err[0], "density -1: status %d (%s)", s2, err);
    }
    // ball: closed forms V_3 = 4 pi R^3 / 3, V_4 = pi^2 R^4 / 2, C = M R^2 / (n + 2)
    for (int n = 3; n <= 4; n++) {
        grid_ball b = { .n = n, .radius = 0.8 };
        double lo[AK_MAX_DIM], hi[AK_MAX_DIM];
        for (int i = 0; i < n; i++) {
            b.centre[i] = 0.3 - 0.17 * i;
            lo[i] = b.centre[i] - b.radius * 1.0001; // the box need not hug the ball
            hi[i] = b.centre[i] + b.radius * 1.0001;
        }
        ak_mass_props ex, g;
        memset(&ex, 0, sizeof ex);
        ex.dim = n;
        double R = b.radius;
        ex.volume = n == 3 ? 4.0 * PI * R * R * R / 3.0 : PI * PI * R * R * R * R / 2.0;
        ex.mass = 0.9 * ex.volume;
        for (int i = 0; i < n; i++) {
            ex.centroid[i] = b.centre[i];
            ex.cov[i * n + i] = ex.mass * R * R / (n + 2);
        }
        ak_mass_inertia_from_cov(n, ex.inertia, ex.cov);
        int m = n == 3 ? (quick ? 3 : 4) : 3, N[4];
        double e[4];
        bool ok = true;
        for (int r = 0; r < m && ok; r++) {
            N[r] = (n == 3 ? 24 : (quick ? 8 : 12)) << r;
            ok = ak_mass_grid_region(&g, n, lo, hi, grid_ball_inside, &b, N[r], 0.9, err,
                                     sizeof err) == 0;
            if (!ok)
                ak_expect(c, false, "ball grid: %s", err);
            else
                e[r] = grid_rel_error(&g, &ex);
        }
        if (!ok) break;
        double order = grid_order(m, N, e);
        double tol = n == 3 ? (quick ? 3e-3 : 5e-4) : (quick ? 1.5e-2 : 3e-3); // ~3x the measured
        ak_measure(c, GRID_MIN_ORDER / order, 1.0,
                   "%dD ball: error %.2e at N=%d .. %.2e at N=%d, fitted order %.2f (>= %.1f)", n,
                   e[0], N[0], e[m - 1], N[m - 1], order, GRID_MIN_ORDER);
        ak_measure(c, e[m - 1], tol, "%dD ball: finest (N=%d) relative error %.2e", n, N[m - 1],
                   e[m - 1]);
    }
    gsl_rng_free(rng);
}

// G-5 as printed (Hodges ch. 5, the float loop: 100 or 101 points per axis) vs the exact hull
// (G-15) for a random hull, which touches its bounding box in vertices only; the cell centres of
// ak_mass_grid likewise. The per-unit-mass tensor agrees with the exact inertia / mass.
static void check_published_g5(ak_check_ctx *c) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 5);
    char err[256];
    const int n = 3, np = 16, NS = 100;
    double v[16 * 3], lo[3] = { INFINITY, INFINITY, INFINITY },
                      hi[3] = { -INFINITY, -INFINITY, -INFINITY };
    for (int p = 0; p < np; p++)
        for (int i = 0; i < n; i++) {
            v[p * n + i] = (0.4 + 0.3 * i) * (2 * gsl_rng_uniform(rng) - 1) + 0.25 * i;
            lo[i] = fmin(lo[i], v[p * n + i]);
            hi[i] = fmax(hi[i], v[p * n + i]);
        }
    gsl_rng_free(rng);
    static ak_mass_hull_ctx hc;
    ak_mass_props ex, g;
    hc.nfacets = ak_mass_hull_halfspaces(hc.normals, hc.offsets, AK_MASS_HULL_MAX_FACETS, n, v, np,
                                         err, sizeof err);
    if (hc.nfacets < 0 || ak_mass_convex(&ex, n, v, np, 1.0, err, sizeof err) ||
        ak_mass_grid(&g, n, v, np, NS, 1.0, err, sizeof err)) {
        ak_expect(c, false, "hull: %s", err);
        return;
    }
    double cm[3], T[9];
    long kept = ak_pub_mass_G5_grid(cm, T, hc.normals, hc.offsets, hc.nfacets, lo, hi, NS);
    // distances in units of half a cell diagonal |h|/2
    double h2 = 0.0, dpub = 0.0, dgrid = 0.0;
    for (int i = 0; i < 3; i++) {
        double h = (hi[i] - lo[i]) / NS;
        h2 += h * h;
        dpub += (cm[i] - ex.centroid[i]) * (cm[i] - ex.centroid[i]);
        dgrid += (g.centroid[i] - ex.centroid[i]) * (g.centroid[i] - ex.centroid[i]);
    }
    double u = sqrt(h2) / 2;
    dpub = sqrt(dpub) / u, dgrid = sqrt(dgrid) / u;
    // a generic hull touches its bounding box in vertices only: the corner lattice is as good
    // as the centre lattice there
    ak_measure(c, dpub, 0.1,
               "random hull: printed cm (%ld points) %.3f half cell diagonals from the exact "
               "centroid",
               kept, dpub);
    ak_measure(c, dgrid, 0.1, "random hull: cell centres (ak_mass_grid, N=%d): %.3f", NS, dgrid);
    // the book's boxes (facets on the bounding box) are checked in printed.g5_float_loop
    // tensor per unit mass: I_xx = I_yz,yz / M, I_yy = I_xz,xz / M, I_zz = I_xy,xy / M; the
    // off-diagonal -int x y = -C_xy / M
    double Tex[9] = { ex.inertia[8], -ex.cov[1], -ex.cov[2], -ex.cov[1],   ex.inertia[4],
                      -ex.cov[5],    -ex.cov[2], -ex.cov[5], ex.inertia[0] };
    double tmax = 0.0, terr = 0.0;
    for (int i = 0; i < 9; i++) {
        Tex[i] /= ex.mass;
        tmax = fmax(tmax, fabs(Tex[i]));
        terr = fmax(terr, fabs(T[i] - Tex[i]));
    }
    ak_measure(c, terr / tmax, 1e-3,
               "printed per-unit-mass tensor vs exact inertia / mass: relative error %.2e",
               terr / tmax);
    ak_note(c, "erratum G-5: see printed.g5_float_loop for the book's boxes");
}

// Monte Carlo (ak_mass_monte_carlo with ak_mass_shape_inside) vs the analytic shapes.  [G-14]
static void check_mc_shapes(ak_check_ctx *c) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 77);
    char err[256], label[64];
    int nshape = ak_quick(c) ? 1 : 3;
    for (int w = 0; w < nshape; w++) {
        ak_shape sh;
        memset(&sh, 0, sizeof sh);
        sh.dim = 4;
        ak_mass_props p;
        double lo[4], hi[4];
        int st = 0;
        if (w == 0) {
            sh.type = AK_SHAPE_HYPERCAPSULE, sh.radius = 0.6, sh.half_length = 0.9;
            st = ak_mass_shape(&p, &sh, 1.5, err, sizeof err);
            for (int i = 0; i < 4; i++) lo[i] = -0.6, hi[i] = 0.6;
            lo[1] = -1.5, hi[1] = 1.5;
        } else if (w == 1) {
            sh.type = AK_SHAPE_DUOCYLINDER, sh.radii[0] = 0.8, sh.radii[1] = 0.45;
            st = ak_mass_shape(&p, &sh, 0.7, err, sizeof err);
            lo[0] = lo[1] = -0.8, hi[0] = hi[1] = 0.8, lo[2] = lo[3] = -0.45, hi[2] = hi[3] = 0.45;
        } else {
            sh.type = AK_SHAPE_HYPERSPHERE, sh.radius = 1.3;
            st = ak_mass_shape(&p, &sh, 2.0, err, sizeof err);
            for (int i = 0; i < 4; i++) lo[i] = -1.3, hi[i] = 1.3;
        }
        if (st) {
            ak_expect(c, false, "shape: %s", err);
            break;
        }
        ak_mass_mc mc;
        if (ak_mass_monte_carlo(&mc, 4, lo, hi, ak_mass_shape_inside, &sh, p.mass / p.volume, rng,
                                8000000, err, sizeof err)) {
            ak_expect(c, false, "monte carlo: %s", err);
            break;
        }
        snprintf(label, sizeof label, "%s", ak_shape_type_name(sh.type));
        compare_mc(c, label, &p, &mc);
    }
    gsl_rng_free(rng);
}

static const ak_check CHECKS[] = {
    { "mass.shapes.mc", "G-14",
      "4D capsule, duocylinder, ball: analytic vs Monte Carlo (membership tests)",
      check_mc_shapes },
    { "mass.hull.mc", "G-14 G-15", "convex hulls of random clouds: exact vs Monte Carlo",
      check_hull_mc },
    { "mass.published.g5", "G-5",
      "Hodges ch. 5 grid as printed (float loop) vs the exact centroid and inertia of a random "
      "hull",
      check_published_g5 },
    { "mass.hull.grid", "G-5",
      "grid estimate of hulls (Hodges ch. 5) vs exact hulls, a box and a ball", check_hull_grid },
};

AK_TOPIC(mass_estimates, CHECKS)
