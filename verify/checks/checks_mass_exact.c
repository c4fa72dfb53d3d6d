// Group "mass": analytic shapes vs quadrature, boundary measures, exact methods against each other
#include "verify/checks/checks_mass_common.h"

// ---- analytic shapes vs quadrature -------------------------------------------------------------

// Parameter sets: asymmetric, non-unit. Full mode uses all three, --quick the first.
static const double RADII[3] = { 0.73, 1.9, 0.41 };
static const double HALFL[3] = { 0.55, 0.32, 1.7 };
static const double RHO[3] = { 2.3, 0.61, 7.9 };
static int maxdim(ak_check_ctx *c) { return (int)ak_samples(c, 5, 4); }

static void check_ball(ak_check_ctx *c) {
    char label[96], err[256];
    for (int n = 2; n <= maxdim(c); n++)
        for (int s = 0; s < (n == 5 ? 1 : mass_nsets(c)); s++) {
            ak_mass_props p;
            if (ak_mass_ball(&p, n, RADII[s], RHO[s], err, sizeof err)) {
                ak_expect(c, false, "ak_mass_ball: %s", err);
                return;
            }
            region g = { .kind = RG_BALL, .n = n, .R = RADII[s] };
            raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
            snprintf(label, sizeof label, "n=%d R=%g rho=%g", n, RADII[s], RHO[s]);
            mass_compare_props(c, label, &p, &r);
        }
}

static void check_box(ak_check_ctx *c) {
    char label[96], err[256];
    for (int n = 2; n <= maxdim(c); n++)
        for (int s = 0; s < (n == 5 ? 1 : mass_nsets(c)); s++) {
            ak_mass_props p;
            if (ak_mass_box(&p, n, HALF_EXT[s], RHO[s], err, sizeof err)) {
                ak_expect(c, false, "ak_mass_box: %s", err);
                return;
            }
            region g = { .kind = RG_BOX, .n = n };
            memcpy(g.a, HALF_EXT[s], sizeof g.a);
            raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
            snprintf(label, sizeof label, "n=%d a=(%g,%g,..) rho=%g", n, g.a[0], g.a[1], RHO[s]);
            mass_compare_props(c, label, &p, &r);
        }
}

static void check_spherinder(ak_check_ctx *c) {
    char label[96], err[256];
    for (int n = 2; n <= 4; n++)
        for (int s = 0; s < mass_nsets(c); s++) {
            ak_mass_props p;
            if (ak_mass_spherinder(&p, n, RADII[s], HALFL[s], RHO[s], err, sizeof err)) {
                ak_expect(c, false, "ak_mass_spherinder: %s", err);
                return;
            }
            region g = { .kind = RG_SPHERINDER, .n = n, .R = RADII[s], .h = HALFL[s] };
            raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
            snprintf(label, sizeof label, "n=%d R=%g h=%g", n, RADII[s], HALFL[s]);
            mass_compare_props(c, label, &p, &r);
        }
}

static void check_half_ball(ak_check_ctx *c) {
    char label[96], err[256];
    for (int n = 2; n <= 4; n++)
        for (int s = 0; s < mass_nsets(c); s++) {
            ak_mass_props p;
            if (ak_mass_half_ball(&p, n, RADII[s], RHO[s], err, sizeof err)) {
                ak_expect(c, false, "ak_mass_half_ball: %s", err);
                return;
            }
            region g = { .kind = RG_HALF_BALL, .n = n, .R = RADII[s], .cut = 0.0 };
            raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
            snprintf(label, sizeof label, "n=%d R=%g", n, RADII[s]);
            mass_compare_props(c, label, &p, &r);
            if (n == 4) ak_value(c, "D_over_R_4d", p.centroid[1] / RADII[s]);
        }
}

static void check_capsule(ak_check_ctx *c) {
    char label[96], err[256];
    for (int n = 2; n <= 4; n++)
        for (int s = 0; s < mass_nsets(c); s++) {
            ak_mass_props p;
            if (ak_mass_capsule(&p, n, RADII[s], HALFL[s], RHO[s], err, sizeof err)) {
                ak_expect(c, false, "ak_mass_capsule: %s", err);
                return;
            }
            region g = { .kind = RG_CAPSULE, .n = n, .R = RADII[s], .h = HALFL[s] };
            raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
            snprintf(label, sizeof label, "n=%d R=%g h=%g", n, RADII[s], HALFL[s]);
            mass_compare_props(c, label, &p, &r);
        }
}

static void check_duocylinder(ak_check_ctx *c) {
    static const double R1[3] = { 0.8, 1.6, 0.35 }, R2[3] = { 0.45, 0.7, 1.2 };
    char label[96], err[256];
    for (int s = 0; s < mass_nsets(c); s++) {
        ak_mass_props p;
        if (ak_mass_duocylinder(&p, R1[s], R2[s], RHO[s], err, sizeof err)) {
            ak_expect(c, false, "ak_mass_duocylinder: %s", err);
            return;
        }
        region g = { .kind = RG_DUOCYL, .n = 4, .R = R1[s], .R2 = R2[s] };
        raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
        snprintf(label, sizeof label, "r_xy=%g r_zw=%g", R1[s], R2[s]);
        mass_compare_props(c, label, &p, &r);
    }
}
static void simplex_region(region *g, int n, const double v[]) {
    memset(g, 0, sizeof *g);
    g->kind = RG_SIMPLEX;
    g->n = n;
    for (int i = 0; i < n; i++) g->v0[i] = v[i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) g->M[i * n + j] = v[(j + 1) * n + i] - v[i];
    // |det M| with GSL's LU (independent of ref/mass's determinant)
    gsl_matrix *A = gsl_matrix_alloc((size_t)n, (size_t)n);
    gsl_permutation *P = gsl_permutation_alloc((size_t)n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) gsl_matrix_set(A, (size_t)i, (size_t)j, g->M[i * n + j]);
    int sg;
    gsl_linalg_LU_decomp(A, P, &sg);
    g->absdet = fabs(gsl_linalg_LU_det(A, sg));
    gsl_matrix_free(A);
    gsl_permutation_free(P);
}

static void check_simplex(ak_check_ctx *c) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 1234);
    char label[96], err[256];
    for (int n = 2; n <= maxdim(c); n++)
        for (int s = 0; s < mass_nsets(c); s++) {
            double v[(AK_MAX_DIM + 1) * AK_MAX_DIM];
            mass_random_simplex(rng, n, v);
            ak_mass_props p;
            if (ak_mass_simplex(&p, n, v, RHO[s], err, sizeof err)) {
                ak_expect(c, false, "ak_mass_simplex: %s", err);
                break;
            }
            region g;
            simplex_region(&g, n, v);
            raw_moments r = mass_quad_moments(&g, RHO[s], NULL);
            snprintf(label, sizeof label, "n=%d random simplex %d", n, s);
            mass_compare_props(c, label, &p, &r);
        }
    gsl_rng_free(rng);
}

// B-5 constants: integral of x^2 and xy over the canonical simplex, by quadrature.
static void check_canonical_cov(ak_check_ctx *c) {
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        region g;
        memset(&g, 0, sizeof g);
        g.kind = RG_SIMPLEX;
        g.n = n;
        g.absdet = 1.0;
        for (int i = 0; i < n; i++) g.M[i * n + i] = 1.0;
        moment mxx = { .p = 0, .q = 0, .rho = 1.0 }, mxy = { .p = 0, .q = n - 1, .rho = 1.0 };
        double qxx = mass_region_integral(&g, mass_moment_fn, &mxx, 1.0, NULL);
        double qxy = mass_region_integral(&g, mass_moment_fn, &mxy, 1.0, NULL);
        double C[AK_MAX_DIM * AK_MAX_DIM];
        ak_mass_simplex_canonical_cov(n, C);
        ak_measure(c, mass_relerr(C[0], qxx), QUAD_TOL, "n=%d C_xx 2/(n+2)! = %.12g vs quad %.12g",
                   n, C[0], qxx);
        ak_measure(c, mass_relerr(C[n - 1], qxy), QUAD_TOL, "C_xy 1/(n+2)! = %.12g vs quad %.12g",
                   C[n - 1], qxy);
    }
}

// B-5 [e_i]* expansion vs direct integration of every entry of [r]*[r]*^T (with ak_nd_rstar).
typedef struct rstar_entry {
    int n, p, q;
    double c[AK_MAX_DIM];
} rstar_entry;
static double rstar_fn(const double x[], const void *ctx) {
    const rstar_entry *e = ctx;
    double r[AK_MAX_DIM], S[AK_MAX_BIV * AK_MAX_DIM];
    for (int i = 0; i < e->n; i++) r[i] = x[i] - e->c[i];
    ak_nd_rstar(e->n, S, r);
    double s = 0.0;
    for (int col = 0; col < e->n; col++) s += S[e->p * e->n + col] * S[e->q * e->n + col];
    return s;
}
static void check_b5_expansion(ak_check_ctx *c) {
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 99);
    char err[256];
    for (int n = 2; n <= maxdim(c); n++) {
        double v[(AK_MAX_DIM + 1) * AK_MAX_DIM];
        mass_random_simplex(rng, n, v);
        ak_mass_props p;
        if (ak_mass_simplex(&p, n, v, 1.0, err, sizeof err)) {
            ak_expect(c, false, "ak_mass_simplex: %s", err);
            break;
        }
        region g;
        simplex_region(&g, n, v);
        int k = ak_nd_nbiv(n);
        double worst = 0.0, Imax = 0.0, wa = 0, wq = 0;
        for (int i = 0; i < k; i++) Imax = fmax(Imax, p.inertia[i * k + i]);
        for (int a = 0; a < k; a++)
            for (int b = a; b < k; b++) {
                rstar_entry e = { .n = n, .p = a, .q = b };
                memcpy(e.c, p.centroid, sizeof e.c);
                double L = mass_region_size(&g);
                double q = mass_region_integral(&g, rstar_fn, &e, L * L, NULL);
                double d = fabs(q - p.inertia[a * k + b]) / Imax;
                if (!(d <= worst)) worst = d, wa = p.inertia[a * k + b], wq = q;
            }
        ak_measure(
            c, worst, QUAD_TOL,
            "n=%d: worst entry sum C_ij[e_i]*[e_j]*^T %.10g vs quad of [r]*[r]*^T %.10g (rel %.1e)",
            n, wa, wq, worst);
    }
    gsl_rng_free(rng);
}

// ---- boundary measures -------------------------------------------------------------------------

static double sin_pow(double t, void *p) { return pow(sin(t), *(const int *)p); }

// Surface measure of the (n-1)-sphere of radius R from the hyperspherical-angle Jacobian:
// 2 pi R^(n-1) prod_{k=1}^{n-2} integral_0^pi sin^k(phi) dphi, each factor by qag.
static double sphere_measure(int n, double R) {
    double S = 2.0 * PI * pow(R, n - 1);
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(QUAD_LIMIT);
    for (int kpow = 1; kpow <= n - 2; kpow++) {
        gsl_function F = { sin_pow, &kpow };
        double r, ae;
        if (gsl_integration_qag(&F, 0, PI, 0, 1e-13, QUAD_LIMIT, GSL_INTEG_GAUSS21, ws, &r, &ae))
            r = NAN;
        S *= r;
    }
    gsl_integration_workspace_free(ws);
    return S;
}

// Boundary measure: the ball's by the hyperspherical-angle integral; the half ball's as half
// that plus its flat base (an (n-1)-ball, volume by quadrature); the other shapes' by the
// Steiner-type derivative dV/d(eps) of the quadrature volume when every boundary piece moves
// out by eps along its normal (gsl_deriv_central).
static void check_boundary(ak_check_ctx *c) {
    char err[256];
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        double R = RADII[0], S = sphere_measure(n, R);
        ak_mass_props p;
        ak_mass_ball(&p, n, R, 1.0, err, sizeof err);
        ak_measure(c, mass_relerr(p.boundary, S), QUAD_TOL, "ball n=%d: %.12g vs angle quad %.12g",
                   n, p.boundary, S);
        if (n == 5) continue;
        region base = { .kind = RG_BALL, .n = n - 1, .R = R };
        moment m1 = { .p = -1, .q = -1, .rho = 1.0 };
        double Sh =
            0.5 * S +
            (n - 1 >= 1
                 ? (n == 2 ? 2 * R : mass_region_integral(&base, mass_moment_fn, &m1, 1.0, NULL))
                 : 0);
        ak_mass_half_ball(&p, n, R, 1.0, err, sizeof err);
        ak_measure(c, mass_relerr(p.boundary, Sh), QUAD_TOL,
                   "half ball n=%d: %.12g vs half sphere + base %.12g", n, p.boundary, Sh);
    }
    for (int n = 2; n <= 4; n++)
        for (int what = 0; what <= 3; what++) {
            if (what == 3 && n != 4) continue;
            inflate f;
            memset(&f, 0, sizeof f);
            f.what = what;
            f.g.n = n;
            ak_mass_props p;
            int st = 0;
            const char *name = "";
            switch (what) {
                case 0:
                    f.g.kind = RG_BOX;
                    memcpy(f.g.a, HALF_EXT[1], sizeof f.g.a);
                    st = ak_mass_box(&p, n, f.g.a, 1.0, err, sizeof err);
                    name = "box";
                    break;
                case 1:
                    f.g.kind = RG_SPHERINDER, f.g.R = RADII[0], f.g.h = HALFL[0];
                    st = ak_mass_spherinder(&p, n, f.g.R, f.g.h, 1.0, err, sizeof err);
                    name = "spherinder";
                    break;
                case 2:
                    f.g.kind = RG_CAPSULE, f.g.R = RADII[0], f.g.h = HALFL[0];
                    st = ak_mass_capsule(&p, n, f.g.R, f.g.h, 1.0, err, sizeof err);
                    name = "capsule";
                    break;
                case 3:
                    f.g.kind = RG_DUOCYL, f.g.R = 0.8, f.g.R2 = 0.45;
                    st = ak_mass_duocylinder(&p, 0.8, 0.45, 1.0, err, sizeof err);
                    name = "duocylinder";
                    break;
            }
            if (st) {
                ak_expect(c, false, "%s: %s", name, err);
                continue;
            }
            gsl_function F = { mass_inflated_volume, &f };
            double d, de;
            gsl_deriv_central(&F, 0.0, 0.02 * mass_region_size(&f.g), &d, &de);
            ak_measure(c, mass_relerr(p.boundary, d), QUAD_TOL, "%s n=%d: %.12g vs dV/deps %.12g",
                       name, n, p.boundary, d);
        }
}

static void box_vertices(int n, const double a[], double v[]) {
    for (int p = 0; p < (1 << n); p++)
        for (int i = 0; i < n; i++) v[p * n + i] = (p >> i & 1) ? a[i] : -a[i];
}

// Next permutation (lexicographic); returns 0 after the last.
static int next_perm(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (a[j] <= a[i]) j--;
    int t = a[i];
    a[i] = a[j], a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) t = a[l], a[l] = a[r], a[r] = t;
    return 1;
}

// Tesseract (and 3-, 5-cube) cut into n! simplices (Kuhn: 0 -> e_pi1 -> e_pi1+e_pi2 -> ...),
// summed with ak_mass_combine, vs the analytic hyperbox; and the vertex hull vs the box.
static void check_tesseract(ak_check_ctx *c) {
    char err[256];
    for (int n = 3; n <= AK_MAX_DIM; n++) {
        const double *a = HALF_EXT[0];
        double rho = RHO[0];
        ak_mass_props box, parts[120], kuhn, hull;
        ak_mass_box(&box, n, a, rho, err, sizeof err);
        int perm[AK_MAX_DIM], np = 0;
        for (int i = 0; i < n; i++) perm[i] = i;
        do {
            double v[(AK_MAX_DIM + 1) * AK_MAX_DIM];
            for (int i = 0; i < n; i++) v[i] = -a[i];
            for (int s = 1; s <= n; s++) {
                for (int i = 0; i < n; i++) v[s * n + i] = v[(s - 1) * n + i];
                v[s * n + perm[s - 1]] += 2 * a[perm[s - 1]];
            }
            if (ak_mass_simplex(&parts[np++], n, v, rho, err, sizeof err)) {
                ak_expect(c, false, "simplex: %s", err);
                return;
            }
        } while (next_perm(perm, n));
        if (ak_mass_combine(&kuhn, parts, np, err, sizeof err)) {
            ak_expect(c, false, "combine: %s", err);
            return;
        }
        double em, ec, eI;
        mass_props_diff(&kuhn, &box, &em, &ec, &eI);
        ak_measure(c, fmax(em, fmax(ec, eI)), EXACT_TOL,
                   "n=%d: %d Kuhn simplices vs box: mass %.15g vs %.15g, I rel %.1e", n, np,
                   kuhn.mass, box.mass, eI);
        double v[32 * AK_MAX_DIM];
        box_vertices(n, a, v);
        if (ak_mass_convex(&hull, n, v, 1 << n, rho, err, sizeof err)) {
            ak_expect(c, false, "convex: %s", err);
            return;
        }
        mass_props_diff(&hull, &box, &em, &ec, &eI);
        ak_measure(c, fmax(em, fmax(ec, eI)), EXACT_TOL, "hull of %d vertices vs box: I rel %.1e",
                   1 << n, eI);
        ak_measure(c, mass_relerr(hull.boundary, box.boundary), EXACT_TOL,
                   "hull boundary %.15g vs box %.15g", hull.boundary, box.boundary);
    }
}

// B-5 mesh method: the tesseract's boundary, 8 cubes x 6 Kuhn tetrahedra, oriented outward,
// with the origin outside the body (signed simplices), vs the analytic hyperbox.
static void check_mesh(ak_check_ctx *c) {
    const int n = 4;
    const double *a = HALF_EXT[2];
    const double off[4] = { 3.1, -2.2, 0.7, 5.3 }; // translation: the origin ends up outside
    double verts[8 * 6 * 4 * 4];
    int cells[8 * 6 * 4], nc = 0, nv = 0;
    for (int ax = 0; ax < n; ax++)
        for (int side = -1; side <= 1; side += 2) {
            int others[3], m = 0;
            for (int i = 0; i < n; i++)
                if (i != ax) others[m++] = i;
            int perm[3] = { 0, 1, 2 };
            do {
                double p[4][4];
                for (int i = 0; i < n; i++) p[0][i] = (i == ax) ? side * a[i] : -a[i];
                for (int s = 1; s <= 3; s++) {
                    memcpy(p[s], p[s - 1], sizeof p[s]);
                    p[s][others[perm[s - 1]]] += 2 * a[others[perm[s - 1]]];
                }
                // orientation: det[N, p1-p0, p2-p0, p3-p0] > 0 with N the outward normal
                double D[16];
                for (int r = 0; r < 4; r++) {
                    D[r * 4 + 0] = (r == ax) ? side : 0.0;
                    for (int s = 1; s <= 3; s++) D[r * 4 + s] = p[s][r] - p[0][r];
                }
                gsl_matrix_view Dv = gsl_matrix_view_array(D, 4, 4);
                gsl_permutation *P = gsl_permutation_alloc(4);
                int sg;
                gsl_linalg_LU_decomp(&Dv.matrix, P, &sg);
                double det = gsl_linalg_LU_det(&Dv.matrix, sg);
                gsl_permutation_free(P);
                int order[4] = { 0, 1, 2, 3 };
                if (det < 0) order[0] = 1, order[1] = 0;
                for (int s = 0; s < 4; s++) {
                    for (int i = 0; i < n; i++) verts[nv * 4 + i] = p[order[s]][i] + off[i];
                    cells[nc * 4 + s] = nv++;
                }
                nc++;
            } while (next_perm(perm, 3));
        }
    char err[256];
    ak_mass_props mesh, box;
    ak_mass_box(&box, n, a, RHO[2], err, sizeof err);
    for (int i = 0; i < n; i++) box.centroid[i] = off[i];
    if (ak_mass_mesh(&mesh, n, verts, nv, cells, nc, RHO[2], err, sizeof err)) {
        ak_expect(c, false, "ak_mass_mesh: %s", err);
        return;
    }
    double em, ec, eI;
    mass_props_diff(&mesh, &box, &em, &ec, &eI);
    ak_measure(c, em, EXACT_TOL, "%d boundary tetrahedra, origin outside: mass %.15g vs %.15g", nc,
               mesh.mass, box.mass);
    ak_measure(c, ec, EXACT_TOL, "centroid rel %.1e", ec);
    ak_measure(c, eI, EXACT_TOL, "I rel %.1e", eI);
    ak_measure(c, mass_relerr(mesh.boundary, box.boundary), EXACT_TOL, "boundary %.15g vs %.15g",
               mesh.boundary, box.boundary);
}

static const ak_check CHECKS[] = {
    { "mass.ball.quad", "T-3.2 T-3.hs T-C.1 G-16.3 B-I",
      "n-ball n=2..5: mass, centroid, k x k inertia vs nested quadrature", check_ball },
    { "mass.box.quad", "T-3.7 T-3.hb T-C.3 G-16.1 B-I", "hyperbox n=2..5 vs nested quadrature",
      check_box },
    { "mass.spherinder.quad", "T-C.2.1 G-16.2 B-I", "spherinder n=2..4 vs nested quadrature",
      check_spherinder },
    { "mass.half_ball.quad", "T-C.2.2 G-16.4 B-I", "half n-ball n=2..4 vs nested quadrature",
      check_half_ball },
    { "mass.capsule.quad", "T-3.5 T-3.hc T-C.2 G-16.5 B-I",
      "hypercapsule n=2..4 vs nested quadrature", check_capsule },
    { "mass.duocylinder.quad", "B-I", "duocylinder (4D) vs nested quadrature", check_duocylinder },
    { "mass.simplex.quad", "B-5 G-15", "random n-simplices n=2..5 (B-5 covariance) vs quadrature",
      check_simplex },
    { "mass.simplex.canonical_cov", "B-5", "C_xx = 2/(n+2)!, C_xy = 1/(n+2)! vs quadrature, n=2..5",
      check_canonical_cov },
    { "mass.b5.expansion", "B-5 B-I",
      "sum C_ij [e_i]*[e_j]*^T vs quadrature of every [r]*[r]*^T entry", check_b5_expansion },
    { "mass.boundary", "T-3.1 T-3.4 T-3.6", "boundary measures vs angle quadrature / dV/d(eps)",
      check_boundary },
    { "mass.tesseract", "G-15 B-5 T-3.7 T-3.hb",
      "n-cube as n! Kuhn simplices and as a vertex hull vs analytic box", check_tesseract },
    { "mass.mesh", "B-5", "ten Bosch boundary-mesh method (origin outside) vs analytic box",
      check_mesh },
};

AK_TOPIC(mass_exact, CHECKS)
