// Unit tests of ref/mass and engine/model_mass: closed-form values written out here (not taken
// from the code under test), error paths, and the model fill. The numerical evidence (GSL
// quadrature, Monte Carlo) is in verify/checks/checks_mass.c (`anakata verify --only mass`).
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ref/mass/mass.h"
#include "engine/model.h"
#include "engine/model_mass.h"
#include "ref/published/mass_published.h"

#define TOL 1e-12
#define PI 3.14159265358979323846

static bool close(double a, double b) { return fabs(a - b) <= TOL * fmax(1.0, fabs(b)); }

Test(mass, unit_ball_volumes) {
    const double want[] = { 1, 2, PI, 4 * PI / 3, PI * PI / 2, 8 * PI * PI / 15 };
    for (int n = 0; n <= 5; n++) cr_assert(close(ak_mass_unit_ball_volume(n), want[n]), "n=%d", n);
}

Test(mass, hypersphere_4d_is_third_m_r2) {
    // T-3.hs: I = M R^2 / 3 on every plane, V = pi^2 R^4 / 2, S = 2 pi^2 R^3.
    ak_mass_props p;
    char err[128];
    double R = 0.7, rho = 1.3;
    cr_assert_eq(ak_mass_ball(&p, 4, R, rho, err, sizeof err), AK_MASS_OK);
    double V = PI * PI * pow(R, 4) / 2, M = rho * V;
    cr_assert(close(p.volume, V));
    cr_assert(close(p.boundary, 2 * PI * PI * pow(R, 3)));
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            cr_assert(close(p.inertia[i * 6 + j], i == j ? M * R * R / 3 : 0.0));
}

Test(mass, hyperbox_4d_twelfth_of_full_edges) {
    // I_ab = M (s_a^2 + s_b^2) / 12 with s = 2 a (T-C.3's derivation; T-3.hb prints 1/3).
    const double a[4] = { 0.3, 0.7, 1.1, 0.45 };
    ak_mass_props p;
    char err[128];
    cr_assert_eq(ak_mass_box(&p, 4, a, 2.0, err, sizeof err), AK_MASS_OK);
    double M = 2.0 * 16 * a[0] * a[1] * a[2] * a[3];
    cr_assert(close(p.mass, M));
    int k = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++, k++)
            cr_assert(close(p.inertia[k * 6 + k], M * (4 * a[i] * a[i] + 4 * a[j] * a[j]) / 12));
    double pub[6], s[4] = { 2 * a[0], 2 * a[1], 2 * a[2], 2 * a[3] };
    ak_pub_mass_T3_hb_hyperbox_inertia(pub, M, s);
    cr_assert(close(pub[0] / p.inertia[0], 4.0), "the thesis' hyperbox moment is 4 times too big");
}

Test(mass, capsule_3d_matches_hodges_g16_5) {
    double R = 0.6, h = 1.1; // cylinder height h
    ak_mass_props p;
    char err[128];
    cr_assert_eq(ak_mass_capsule(&p, 3, R, h / 2, 1.0, err, sizeof err), AK_MASS_OK);
    double Mcy = PI * R * R * h, Mhs = 2.0 / 3 * PI * R * R * R;
    double trans = Mcy * (R * R / 4 + h * h / 12) + Mhs * (0.8 * R * R + h * h / 2 + 0.75 * h * R);
    double axial = (0.5 * Mcy + 0.8 * Mhs) * R * R;
    // our axis is y: the plane xz is perpendicular to it, xy contains it
    cr_assert(close(p.inertia[1 * 3 + 1], axial));
    cr_assert(close(p.inertia[0], trans));
    cr_assert(close(p.mass, Mcy + 2 * Mhs));
}

Test(mass, half_ball_centroid_4d) {
    ak_mass_props p;
    char err[128];
    cr_assert_eq(ak_mass_half_ball(&p, 4, 1.5, 1.0, err, sizeof err), AK_MASS_OK);
    cr_assert(close(p.centroid[1], 16 * 1.5 / (15 * PI)));
    cr_assert_eq(ak_mass_half_ball(&p, 3, 2.0, 1.0, err, sizeof err), AK_MASS_OK);
    cr_assert(close(p.centroid[1], 3.0 / 8 * 2.0));
}

Test(mass, canonical_simplex_constants) {
    double C[25];
    ak_mass_simplex_canonical_cov(4, C);
    cr_assert(close(C[0], 2.0 / 720) && close(C[1], 1.0 / 720));
}

Test(mass, unit_simplex_props) {
    // 4D unit simplex: V = 1/24, centroid 1/5 each.
    double v[5 * 4] = { 0 };
    for (int i = 0; i < 4; i++) v[(i + 1) * 4 + i] = 1.0;
    ak_mass_props p;
    char err[128];
    cr_assert_eq(ak_mass_simplex(&p, 4, v, 1.0, err, sizeof err), AK_MASS_OK);
    cr_assert(close(p.volume, 1.0 / 24));
    for (int i = 0; i < 4; i++) cr_assert(close(p.centroid[i], 0.2));
    // covariance about the centroid: V (C_ii - c^2) with C_ii = 2/6!*... = E[x^2] = 2/30
    cr_assert(close(p.cov[0], (1.0 / 24) * (2.0 / 30 - 0.04)));
}

Test(mass, hull_of_cube_vertices_is_the_box) {
    const double a[4] = { 0.4, 0.3, 0.5, 0.35 };
    double v[16 * 4];
    for (int q = 0; q < 16; q++)
        for (int i = 0; i < 4; i++) v[q * 4 + i] = (q >> i & 1) ? a[i] : -a[i];
    ak_mass_props h, b;
    char err[128];
    cr_assert_eq(ak_mass_convex(&h, 4, v, 16, 1.0, err, sizeof err), AK_MASS_OK, "%s", err);
    cr_assert_eq(ak_mass_box(&b, 4, a, 1.0, err, sizeof err), AK_MASS_OK);
    for (int i = 0; i < 36; i++) cr_assert(fabs(h.inertia[i] - b.inertia[i]) < 1e-13);
    cr_assert(close(h.boundary, b.boundary));
    double nrm[64 * 4], off[64];
    cr_assert_eq(ak_mass_hull_halfspaces(nrm, off, 64, 4, v, 16, err, sizeof err), 8);
}

Test(mass, bad_parameters_fail_with_a_message) {
    ak_mass_props p;
    char err[128] = "";
    cr_assert_eq(ak_mass_ball(&p, 4, -1, 1, err, sizeof err), AK_MASS_EBADPARAM);
    cr_assert(strstr(err, "radius") != NULL, "%s", err);
    double flat[5 * 4] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0.3, 0.6, 0, 0 };
    cr_assert_eq(ak_mass_convex(&p, 4, flat, 5, 1, err, sizeof err), AK_MASS_EDEGENERATE);
    cr_assert(strstr(err, "affinely independent") != NULL, "%s", err);
    ak_shape plane = { .type = AK_SHAPE_HYPERPLANE, .dim = 4 };
    cr_assert_eq(ak_mass_shape(&p, &plane, 1, err, sizeof err), AK_MASS_EBADPARAM);
    cr_assert_eq(ak_mass_ball(&p, 4, 1, 1, NULL, 0), AK_MASS_OK); // err may be NULL
    cr_assert_eq(ak_mass_ball(&p, 4, INFINITY, 1, NULL, 0), AK_MASS_EBADPARAM);
}

Test(mass, parallel_axis_adds_m_rstar_squared) {
    ak_mass_props p;
    char err[128];
    ak_mass_ball(&p, 3, 1.0, 1.0, err, sizeof err);
    double I[9], pt[3] = { 0, 0, 2.0 };
    ak_mass_inertia_about(I, &p, pt);
    // about a point 2 along z: planes xz and yz gain M * 4, xy unchanged
    cr_assert(close(I[0], p.inertia[0]));
    cr_assert(close(I[4], p.inertia[4] + 4 * p.mass));
    cr_assert(close(I[8], p.inertia[8] + 4 * p.mass));
}

Test(mass, model_fill_mass_density_fixed_convex) {
    ak_model *m = ak_model_create(4, 4);
    cr_assert_not_null(m);
    ak_body *b = m->bodies;
    b[0].shape = (ak_shape){ .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 0.5 };
    b[0].mass = 2.0;
    b[1].shape =
        (ak_shape){ .type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = { 0.5, 0.5, 0.5, 0.5 } };
    b[1].density = 3.0;
    b[2].shape = (ak_shape){ .type = AK_SHAPE_HYPERPLANE, .dim = 4, .normal = { 0, 1, 0, 0 } };
    b[2].fixed = true;
    m->verts = malloc(5 * 4 * sizeof(double));
    double v[20] = { 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2 };
    memcpy(m->verts, v, sizeof v);
    m->nverts_total = 5;
    b[3].shape = (ak_shape){ .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = 5, .verts = m->verts };
    b[3].mass = 1.0;
    char err[256];
    cr_assert_eq(ak_model_compute_mass(m, NULL, err, sizeof err), 0, "%s", err);
    cr_assert(close(b[0].inv_mass, 0.5));
    cr_assert(close(b[0].inertia[0], 2.0 * 0.25 / 3));
    cr_assert(close(b[1].mass, 3.0));
    cr_assert_eq(b[2].inv_mass, 0.0);
    for (int i = 0; i < 36; i++) cr_assert_eq(b[2].inv_inertia[i], 0.0);
    for (int i = 0; i < 4; i++) cr_assert(close(b[3].shape_centroid[i], 1.2));
    // I * I^-1 = 1
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            double s = 0;
            for (int q = 0; q < 6; q++) s += b[3].inertia[i * 6 + q] * b[3].inv_inertia[q * 6 + j];
            cr_assert(fabs(s - (i == j)) < 1e-9);
        }
    // idempotent: a second call keeps the original centroid
    cr_assert_eq(ak_model_compute_mass(m, NULL, err, sizeof err), 0, "%s", err);
    for (int i = 0; i < 4; i++) cr_assert(close(b[3].shape_centroid[i], 1.2));
    ak_model_free(m);
}

// ---- hulls of more than AK_MASS_HULL_MAX_VERTS points (gift wrapping) ------------------------

#include "verify/tests/c120_fixture.h"

// A 5D box given by its 32 corners and 100 more points on its faces and inside (132 points):
// the hull is the box, whose mass properties are closed forms (ak_mass_box).
Test(mass, hull_of_many_points_is_the_box) {
    const double a[5] = { 0.4, 0.3, 0.5, 0.35, 0.6 };
    enum { N = 132 };
    double v[N * 5];
    for (int q = 0; q < 32; q++)
        for (int i = 0; i < 5; i++) v[q * 5 + i] = (q >> i & 1) ? a[i] : -a[i];
    unsigned s = 12345;
    for (int q = 32; q < N; q++)
        for (int i = 0; i < 5; i++) {
            s = s * 1103515245u + 12345u;
            double u = (double)(s >> 8 & 0xffff) / 65535.0 * 2 - 1; // in [-1, 1]
            v[q * 5 + i] = u * a[i];
            if (q % 3 == 0 && i == q % 5) v[q * 5 + i] = (q % 2 ? 1 : -1) * a[i]; // on a facet
        }
    ak_mass_props h, b;
    char err[256];
    cr_assert_eq(ak_mass_convex(&h, 5, v, N, 1.3, err, sizeof err), AK_MASS_OK, "%s", err);
    cr_assert_eq(ak_mass_box(&b, 5, a, 1.3, err, sizeof err), AK_MASS_OK);
    cr_assert(fabs(h.volume - b.volume) < 1e-13 * b.volume, "%.17g vs %.17g", h.volume, b.volume);
    cr_assert(fabs(h.boundary - b.boundary) < 1e-12 * b.boundary, "%.17g vs %.17g", h.boundary,
              b.boundary);
    for (int i = 0; i < 5; i++) cr_assert(fabs(h.centroid[i]) < 1e-14);
    for (int i = 0; i < 100; i++)
        cr_assert(fabs(h.inertia[i] - b.inertia[i]) < 1e-13, "entry %d", i);
}

// The 120-cell (600 vertices, 120 dodecahedral facets): volume and boundary against their closed
// forms, and an isotropic inertia (its symmetry group acts irreducibly on bivectors).
Test(mass, hull_of_the_120_cell) {
    double v[600 * 4];
    cr_assert_eq(c120_vertices(v, 0.25), 600);
    ak_mass_props h;
    char err[256];
    cr_assert_eq(ak_mass_convex(&h, 4, v, 600, 1.0, err, sizeof err), AK_MASS_OK, "%s", err);
    double e = 0.25 * (3 - sqrt(5.0));
    double vol = 15.0 / 4 * (105 + 47 * sqrt(5.0)) * pow(e, 4),
           bnd = 120 * (15 + 7 * sqrt(5.0)) / 4 * pow(e, 3);
    cr_assert(fabs(h.volume - vol) < 1e-12 * vol, "volume %.17g vs %.17g", h.volume, vol);
    cr_assert(fabs(h.boundary - bnd) < 1e-12 * bnd, "boundary %.17g vs %.17g", h.boundary, bnd);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            cr_assert(fabs(h.inertia[i * 6 + j] - (i == j ? h.inertia[0] : 0.0)) < 1e-13,
                      "I[%d][%d]", i, j);
}
