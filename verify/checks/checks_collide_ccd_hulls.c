// Group "collide": CCD (G-13); hulls and Minkowski sums (G-4, G-6, G-7)
#include "verify/checks/checks_collide_common.h"

// --- CCD (G-13) -------------------------------------------------------------------------------
static void check_ccd(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    long samples = ak_samples(c, 1000, 100);
    double worst_s = 0, worst_b = 0;
    long hits_s = 0, hits_b = 0, miss = 0;
    const double tol = 1e-9;
    for (long k = 0; k < samples; k++) {
        int n = 4;
        // spheres: |d + t v| = r1 + r2, smallest root
        ak_shape a = { 0 }, b = { 0 };
        a.type = b.type = AK_SHAPE_HYPERSPHERE;
        a.dim = b.dim = n;
        a.radius = 0.2 + 0.5 * gsl_rng_uniform(r);
        b.radius = 0.2 + 0.5 * gsl_rng_uniform(r);
        ak_pose pa = ak_pose_identity(n), pb = ak_pose_identity(n);
        double va[AK_MAX_DIM], vb[AK_MAX_DIM] = { 0 };
        for (int i = 0; i < n; i++)
            pa.pos[i] = 4 * (gsl_rng_uniform(r) - 0.5), pb.pos[i] = 4 * (gsl_rng_uniform(r) - 0.5);
        for (int i = 0; i < n; i++) va[i] = (pb.pos[i] - pa.pos[i]) + 0.5 * gsl_ran_gaussian(r, 1);
        double d[AK_MAX_DIM], dd = 0, dv = 0, vv = 0, R = a.radius + b.radius;
        for (int i = 0; i < n; i++)
            d[i] = pa.pos[i] - pb.pos[i], dd += d[i] * d[i], dv += d[i] * va[i],
            vv += va[i] * va[i];
        if (dd <= R * R) continue;
        double disc = dv * dv - vv * (dd - R * R), t_exact = INFINITY;
        if (disc >= 0) t_exact = (-dv - sqrt(disc)) / vv;
        double toi;
        int hit = ak_collide_toi(&toi, &a, &pa, va, NULL, &b, &pb, vb, NULL, 1.0, tol);
        int want = t_exact >= 0 && t_exact <= 1.0;
        if (hit != want)
            miss++;
        else if (hit)
            worst_s = fmax(worst_s, fabs(toi - t_exact)), hits_s++;
        // boxes with a common rotation: slabs in the shared frame
        ak_shape A = { 0 }, B = { 0 };
        A.type = B.type = AK_SHAPE_HYPERBOX;
        A.dim = B.dim = n;
        for (int i = 0; i < n; i++)
            A.half_extents[i] = 0.2 + 0.4 * gsl_rng_uniform(r),
            B.half_extents[i] = 0.2 + 0.4 * gsl_rng_uniform(r);
        gt_random_rotation(r, n, pa.rot);
        memcpy(pb.rot, pa.rot, sizeof pa.rot);
        double tin = 0, tout = INFINITY;
        for (int j = 0; j < n; j++) {
            // coordinates along axis j
            double dj = 0, vj = 0, H = A.half_extents[j] + B.half_extents[j];
            for (int i = 0; i < n; i++)
                dj += pa.rot[i * n + j] * d[i], vj += pa.rot[i * n + j] * va[i];
            if (fabs(vj) < 1e-15) {
                if (fabs(dj) > H) tin = INFINITY;
                continue;
            }
            double t0 = (-H - dj) / vj, t1 = (H - dj) / vj;
            tin = fmax(tin, fmin(t0, t1));
            tout = fmin(tout, fmax(t0, t1));
        }
        double inside0 = 1;
        for (int j = 0; j < n; j++) {
            double dj = 0;
            for (int i = 0; i < n; i++) dj += pa.rot[i * n + j] * d[i];
            if (fabs(dj) > A.half_extents[j] + B.half_extents[j]) inside0 = 0;
        }
        if (inside0) continue;
        int wantb = tin <= tout && tin >= 0 && tin <= 1.0;
        int hitb = ak_collide_toi(&toi, &A, &pa, va, NULL, &B, &pb, vb, NULL, 1.0, tol);
        if (hitb != wantb)
            miss++;
        else if (hitb)
            worst_b = fmax(worst_b, fabs(toi - tin)), hits_b++;
    }
    gsl_rng_free(r);
    ak_expect(c, miss == 0, "CCD hit / no hit agrees with the analytic answer (%ld disagreements)",
              miss);
    ak_measure(
        c, worst_s, 1e-6,
        "moving 4D spheres: max |toi - analytic| = %.2e over %ld impacts (stop at separation 1e-9)",
        worst_s, hits_s);
    ak_measure(c, worst_b, 1e-6,
               "translating 4D boxes: max |toi - analytic slab time| = %.2e over %ld impacts",
               worst_b, hits_b);
}

// --- hulls and Minkowski sums (G-4, G-6, G-7) ------------------------------------------------
static void check_hulls(ak_check_ctx *c) {
    double pts[800 * 4];
    int facets[4000 * 4];
    double normals[4000 * 4], offs[4000];
    double worst = 0;
    char buf[256] = "";
    // tesseract [-1,1]^4: 16; 16-cell (+-e_i): 2^4/4! = 2/3; 24-cell (perms of (+-1,+-1,0,0)): 8;
    // 5-cell: the simplex {0, e_i}: 1/24
    int m = 16;
    for (unsigned v = 0; v < 16; v++)
        for (int i = 0; i < 4; i++) pts[v * 4 + i] = (v & (1u << i)) ? 1 : -1;
    struct {
        const char *name;
        int m;
        double want;
    } cases[4];
    int nc = 0;
    int nf = ak_collide_hull(4, facets, normals, offs, 4000, pts, m);
    double vol = ak_collide_hull_volume(4, facets, nf, pts, m);
    worst = fmax(worst, fabs(vol - 16));
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "tesseract %.15g (16), ", vol);
    (void)cases;
    (void)nc;
    m = 0;
    for (int i = 0; i < 4; i++)
        for (int s = -1; s <= 1; s += 2) {
            for (int j = 0; j < 4; j++) pts[m * 4 + j] = (i == j) ? s : 0;
            m++;
        }
    nf = ak_collide_hull(4, facets, normals, offs, 4000, pts, m);
    vol = ak_collide_hull_volume(4, facets, nf, pts, m);
    worst = fmax(worst, fabs(vol - 2.0 / 3.0));
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "16-cell %.15g (2/3), ", vol);
    m = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            for (int si = -1; si <= 1; si += 2)
                for (int sj = -1; sj <= 1; sj += 2) {
                    for (int q = 0; q < 4; q++) pts[m * 4 + q] = 0;
                    pts[m * 4 + i] = si, pts[m * 4 + j] = sj;
                    m++;
                }
    nf = ak_collide_hull(4, facets, normals, offs, 4000, pts, m);
    vol = ak_collide_hull_volume(4, facets, nf, pts, m);
    worst = fmax(worst, fabs(vol - 8));
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "24-cell %.15g (8), ", vol);
    // random interior points plus the corners of [0,1]x[0,2]x[0,3]x[0,1]: volume 6
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    m = 0;
    double ext[4] = { 1, 2, 3, 1 };
    for (unsigned v = 0; v < 16; v++, m++)
        for (int i = 0; i < 4; i++) pts[m * 4 + i] = (v & (1u << i)) ? ext[i] : 0;
    for (; m < 300; m++)
        for (int i = 0; i < 4; i++) pts[m * 4 + i] = ext[i] * gsl_rng_uniform(r);
    nf = ak_collide_hull(4, facets, normals, offs, 4000, pts, m);
    vol = ak_collide_hull_volume(4, facets, nf, pts, m);
    worst = fmax(worst, fabs(vol - 6) / 6);
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "box+284 inner points %.15g (6), ", vol);
    // Minkowski sum of two boxes is a box with summed half extents (G-7)
    double A[16 * 4], B[16 * 4], h1[4] = { 0.3, 0.5, 0.2, 0.4 }, h2[4] = { 0.1, 0.2, 0.6, 0.3 };
    for (unsigned v = 0; v < 16; v++) {
        ak_box_vertex(4, A + v * 4, h1, v);
        ak_box_vertex(4, B + v * 4, h2, v);
    }
    ak_collide_minkowski(4, pts, A, 16, B, 16);
    nf = ak_collide_hull(4, facets, normals, offs, 4000, pts, 256);
    vol = ak_collide_hull_volume(4, facets, nf, pts, 256);
    double want = 16 * (0.4 * 0.7 * 0.8 * 0.7);
    worst = fmax(worst, fabs(vol - want) / want);
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "box (+) box %.15g (%.15g)", vol, want);
    // random point sets in 3D, 4D and 5D against the mass module's independent hull volume
    // (brute-force facets, ref/mass ak_mass_convex)
    double worst_mass = 0;
    long nsets = 0;
    for (int n = 3; n <= 5; n++)
        for (int k = 0; k < ak_samples(c, 40, 8); k++) {
            int mm = n + 2 + (int)gsl_rng_uniform_int(r, n == 5 ? 12 : 20);
            for (int q = 0; q < mm * n; q++) pts[q] = gsl_ran_gaussian(r, 1);
            int nf2 = ak_collide_hull(n, facets, normals, offs, 4000, pts, mm);
            ak_mass_props mp;
            char err[128];
            if (nf2 < 0 || ak_mass_convex(&mp, n, pts, mm, 1.0, err, sizeof err)) {
                worst_mass = INFINITY;
                continue;
            }
            double v = ak_collide_hull_volume(n, facets, nf2, pts, mm);
            worst_mass = fmax(worst_mass, fabs(v - mp.volume) / mp.volume);
            nsets++;
        }
    gsl_rng_free(r);
    ak_measure(c, worst, TOL_ROUND, "4D hull volumes (relative error) %s", buf);
    ak_measure(c, worst_mass, TOL_ROUND,
               "hull volume vs the mass module (ak_mass_convex), %ld random point sets in 3D-5D: "
               "max relative error %.2e",
               nsets, worst_mass);
}

static const ak_check CHECKS[] = {
    { "collide.ccd", "G-13", "time of impact vs analytic (moving spheres, translating boxes)",
      check_ccd },
    { "collide.hull", "G-4 G-6 G-7",
      "hull volumes vs exact (tesseract, 16-cell, 24-cell, box with inner points, box (+) box) and "
      "vs ak_mass_convex",
      check_hulls },
};

AK_TOPIC(collide_ccd_hulls, CHECKS)
