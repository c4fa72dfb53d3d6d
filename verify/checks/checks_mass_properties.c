// Group "mass": properties
#include "verify/checks/checks_mass_common.h"

// ---- properties --------------------------------------------------------------------------------

// Every inertia and covariance is symmetric positive definite; the principal moments from the
// covariance eigen-decomposition equal the eigenvalues of the k x k inertia (gsl_eigen_symm), and
// rotating the body into the principal frame makes I diagonal.  [B-5 B-I]
static void check_spd_principal(ak_check_ctx *c) {
    char err[256];
    ak_mass_props list[8];
    int m = 0;
    double half[5] = { 0.3, 0.7, 1.1, 0.45, 0.9 };
    ak_mass_ball(&list[m++], 4, 0.7, 1.3, err, sizeof err);
    ak_mass_box(&list[m++], 4, half, 2.0, err, sizeof err);
    ak_mass_capsule(&list[m++], 4, 0.4, 0.9, 1.0, err, sizeof err);
    ak_mass_half_ball(&list[m++], 4, 0.4, 1.0, err, sizeof err);
    ak_mass_duocylinder(&list[m++], 0.4, 0.9, 1.0, err, sizeof err);
    ak_mass_box(&list[m++], 5, half, 2.0, err, sizeof err);
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, 7);
    double v[(AK_MAX_DIM + 1) * AK_MAX_DIM];
    mass_random_simplex(rng, 4, v);
    ak_mass_simplex(&list[m++], 4, v, 1.0, err, sizeof err);
    mass_random_simplex(rng, 5, v);
    ak_mass_simplex(&list[m++], 5, v, 1.0, err, sizeof err);
    gsl_rng_free(rng);
    double worst_sym = 0, min_eig = INFINITY, worst_pm = 0, worst_off = 0, worst_rot = 0;
    for (int b = 0; b < m; b++) {
        ak_mass_props *p = &list[b];
        int n = p->dim, k = ak_nd_nbiv(n);
        double Imax = 0;
        for (int i = 0; i < k; i++) Imax = fmax(Imax, p->inertia[i * k + i]);
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++)
                worst_sym =
                    fmax(worst_sym, fabs(p->inertia[i * k + j] - p->inertia[j * k + i]) / Imax);
        double A[AK_MAX_BIV * AK_MAX_BIV], ev[AK_MAX_BIV];
        memcpy(A, p->inertia, sizeof A);
        gsl_matrix_view Av = gsl_matrix_view_array(A, (size_t)k, (size_t)k);
        gsl_vector_view evv = gsl_vector_view_array(ev, (size_t)k);
        gsl_eigen_symm_workspace *ws = gsl_eigen_symm_alloc((size_t)k);
        int st = gsl_eigen_symm(&Av.matrix, &evv.vector, ws);
        gsl_eigen_symm_free(ws);
        if (st) {
            ak_expect(c, false, "gsl_eigen_symm failed");
            return;
        }
        gsl_sort(ev, 1, (size_t)k);
        for (int i = 0; i < k; i++) min_eig = fmin(min_eig, ev[i] / Imax);
        double pm[AK_MAX_BIV], frame[AK_MAX_DIM * AK_MAX_DIM], rotor[AK_MAX_EVEN];
        double rm[AK_MAX_DIM * AK_MAX_DIM];
        if (ak_mass_principal(pm, frame, rotor, NULL, p, err, sizeof err)) {
            ak_expect(c, false, "principal: %s", err);
            return;
        }
        ak_nd_rotor_to_matrix(n, rm, rotor);
        for (int i = 0; i < n * n; i++) worst_rot = fmax(worst_rot, fabs(rm[i] - frame[i]));
        gsl_sort(pm, 1, (size_t)k);
        for (int i = 0; i < k; i++) worst_pm = fmax(worst_pm, fabs(pm[i] - ev[i]) / Imax);
        // rotate into the principal frame: r' = frame^T r
        double rt[AK_MAX_DIM * AK_MAX_DIM], zero[AK_MAX_DIM] = { 0 };
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) rt[i * n + j] = frame[j * n + i];
        ak_mass_props q;
        ak_mass_transform(&q, p, rt, zero);
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++)
                if (i != j) worst_off = fmax(worst_off, fabs(q.inertia[i * k + j]) / Imax);
    }
    ak_measure(c, worst_sym, EXACT_TOL, "%d bodies: max |I - I^T| / max I %.1e", m, worst_sym);
    ak_expect(c, min_eig > 0, "smallest inertia eigenvalue / max moment = %.3g > 0 (SPD)", min_eig);
    ak_measure(c, worst_pm, EXACT_TOL,
               "principal moments (cov eigenvalue sums) vs gsl_eigen_symm of I: rel %.1e",
               worst_pm);
    ak_measure(c, worst_off, EXACT_TOL, "off-diagonal of I in the principal frame: rel %.1e",
               worst_off);
    ak_measure(c, worst_rot, EXACT_TOL, "matrix of the principal rotor vs the frame: %.1e",
               worst_rot);
}

// Compound bodies: two boxes side by side form one box (exact); the compound centroid is the
// mass-weighted mean of the parts'.
static void check_compound(ak_check_ctx *c) {
    char err[256];
    const double a[4] = { 0.8, 0.35, 0.6, 0.45 };
    const double rho = 1.9;
    double split = 0.3; // the plane x = split cuts the box [-a, a]
    double a1[4], a2[4];
    memcpy(a1, a, sizeof a1);
    memcpy(a2, a, sizeof a2);
    a1[0] = 0.5 * (split + a[0]);
    a2[0] = 0.5 * (a[0] - split);
    ak_mass_props parts[2], whole, comp;
    ak_mass_box(&parts[0], 4, a1, rho, err, sizeof err);
    ak_mass_box(&parts[1], 4, a2, rho, err, sizeof err);
    ak_mass_box(&whole, 4, a, rho, err, sizeof err);
    double I4[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    double p1[4] = { -a[0] + a1[0], 0, 0, 0 }, p2[4] = { split + a2[0], 0, 0, 0 };
    ak_mass_transform(&parts[0], &parts[0], I4, p1);
    ak_mass_transform(&parts[1], &parts[1], I4, p2);
    if (ak_mass_combine(&comp, parts, 2, err, sizeof err)) {
        ak_expect(c, false, "combine: %s", err);
        return;
    }
    double em, ec, eI;
    mass_props_diff(&comp, &whole, &em, &ec, &eI);
    ak_measure(c, fmax(em, fmax(ec, eI)), EXACT_TOL,
               "two boxes vs one: mass %.15g vs %.15g, I rel %.1e", comp.mass, whole.mass, eI);
    // mass-weighted mean, with a rotated capsule and a ball
    ak_mass_props q[3], cq;
    ak_mass_capsule(&q[0], 4, 0.3, 0.6, 1.2, err, sizeof err);
    ak_mass_ball(&q[1], 4, 0.5, 0.8, err, sizeof err);
    ak_mass_half_ball(&q[2], 4, 0.45, 2.1, err, sizeof err);
    double Rm[16], Rr[AK_MAX_EVEN];
    ak_nd_rotor_plane(4, Rr, 1, 3, 0.7);
    ak_nd_rotor_to_matrix(4, Rm, Rr);
    double t0[4] = { 0.4, -0.2, 0.9, 0.1 }, t1[4] = { -0.5, 0.3, 0.2, -0.8 },
           t2[4] = { 0, 1, 0, 0.3 };
    ak_mass_transform(&q[0], &q[0], Rm, t0);
    ak_mass_transform(&q[1], &q[1], I4, t1);
    ak_mass_transform(&q[2], &q[2], Rm, t2);
    ak_mass_combine(&cq, q, 3, err, sizeof err);
    double worst = 0;
    for (int i = 0; i < 4; i++) {
        double mean = (q[0].mass * q[0].centroid[i] + q[1].mass * q[1].centroid[i] +
                       q[2].mass * q[2].centroid[i]) /
                      (q[0].mass + q[1].mass + q[2].mass);
        worst = fmax(worst, fabs(cq.centroid[i] - mean));
    }
    ak_measure(c, worst, EXACT_TOL, "capsule+ball+half ball: centroid vs mass-weighted mean %.1e",
               worst);
}

// Parallel-axis shift vs direct quadrature of the inertia about another point.
static void check_parallel_axis(ak_check_ctx *c) {
    char err[256], label[96];
    const double pt[AK_MAX_DIM] = { 0.31, -0.72, 0.18, 0.55, -0.4 };
    for (int which = 0; which < 2; which++) {
        int n = 4, k = 6;
        ak_mass_props p;
        region g;
        memset(&g, 0, sizeof g);
        g.n = n;
        if (which == 0) {
            ak_mass_capsule(&p, n, 0.6, 0.4, 1.3, err, sizeof err);
            g.kind = RG_CAPSULE, g.R = 0.6, g.h = 0.4;
        } else {
            ak_mass_half_ball(&p, n, 0.8, 0.9, err, sizeof err);
            g.kind = RG_HALF_BALL, g.R = 0.8;
        }
        double I[AK_MAX_BIV * AK_MAX_BIV], Iq[AK_MAX_BIV * AK_MAX_BIV], Imax = 0, worst = 0;
        ak_mass_inertia_about(I, &p, pt);
        raw_moments r = mass_quad_moments(&g, p.mass / p.volume, pt);
        mass_inertia_of_cov(n, Iq, r.S); // second moment about pt, not centred
        for (int i = 0; i < k; i++) Imax = fmax(Imax, Iq[i * k + i]);
        for (int i = 0; i < k * k; i++) worst = fmax(worst, fabs(I[i] - Iq[i]) / Imax);
        snprintf(label, sizeof label, "%s about (%g,%g,%g,%g)", which ? "half ball" : "capsule",
                 pt[0], pt[1], pt[2], pt[3]);
        ak_measure(c, r.ok ? worst : NAN, QUAD_TOL, "%s: I_xy %.10g vs quad %.10g, worst rel %.1e",
                   label, I[0], Iq[0], worst);
    }
}

// Bad parameters are rejected with a status and a message, never a crash.
static void check_bad_input(ak_check_ctx *c) {
    char err[256];
    ak_mass_props p;
    double bad_half[4] = { 0.5, 0.0, 0.5, 0.5 };
    double flat[5 * 4] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0.5, 0.5, 0, 0 };
    struct {
        int st;
        const char *what;
    } cases[] = {
        { ak_mass_ball(&p, 4, -1.0, 1.0, err, sizeof err), "negative radius" },
        { ak_mass_box(&p, 4, bad_half, 1.0, err, sizeof err), "zero extent" },
        { ak_mass_capsule(&p, 4, 0.5, -0.1, 1.0, err, sizeof err), "negative half_length" },
        { ak_mass_ball(&p, 4, 1.0, NAN, err, sizeof err), "NaN density" },
        { ak_mass_convex(&p, 4, flat, 5, 1.0, err, sizeof err), "5 coplanar vertices in 4D" },
        { ak_mass_convex(&p, 4, flat, 3, 1.0, err, sizeof err), "3 vertices in 4D" },
        { ak_mass_simplex(&p, 4, flat, 1.0, err, sizeof err), "flat simplex" },
        { ak_mass_duocylinder(&p, 0.5, 0.0, 1.0, err, sizeof err), "zero duocylinder radius" },
        { ak_mass_ball(&p, 7, 1.0, 1.0, err, sizeof err), "dim 7" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ak_expect(c, cases[i].st < 0, "%s rejected (status %d)", cases[i].what, cases[i].st);
    ak_mass_convex(&p, 4, flat, 5, 1.0, err, sizeof err);
    ak_note(c, "e.g. \"%s\"", err);
}

static const ak_check CHECKS[] = {
    { "mass.props.spd_principal", "B-5 B-I",
      "SPD inertia; principal moments vs gsl_eigen_symm; diagonal in the principal frame",
      check_spd_principal },
    { "mass.props.compound", "B-I", "compound bodies: split box; centroid = mass-weighted mean",
      check_compound },
    { "mass.props.parallel_axis", "B-I", "parallel-axis shift vs quadrature about another point",
      check_parallel_axis },
    { "mass.bad_input", "", "bad parameters give a status and a message", check_bad_input },
};

AK_TOPIC(mass_properties, CHECKS)
