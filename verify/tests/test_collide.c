// Unit tests of ref/collide: exact configurations and API edges.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ref/collide/collide.h"

#define EXACT 1e-12

static ak_shape sphere(int n, double r) {
    ak_shape s = { 0 };
    s.type = AK_SHAPE_HYPERSPHERE, s.dim = n, s.radius = r;
    return s;
}

static ak_shape box(int n, double h) {
    ak_shape s = { 0 };
    s.type = AK_SHAPE_HYPERBOX, s.dim = n;
    for (int i = 0; i < n; i++) s.half_extents[i] = h;
    return s;
}

Test(collide, sphere_sphere_normal_from_b_to_a) {
    ak_shape a = sphere(4, 1), b = sphere(4, 1);
    ak_pose pa = ak_pose_identity(4), pb = ak_pose_identity(4);
    pa.pos[3] = 1.5;
    ak_manifold m;
    cr_assert_eq(ak_collide(&m, &a, &pa, &b, &pb, 0), 1);
    cr_assert_float_eq(m.separation, -0.5, EXACT);
    cr_assert_float_eq(m.normal[3], 1, EXACT);
    cr_assert_float_eq(m.contacts[0].point_a[3] - m.contacts[0].point_b[3], -0.5, EXACT);
}

Test(collide, margin_controls_contacts) {
    ak_shape a = sphere(3, 1), b = sphere(3, 1);
    ak_pose pa = ak_pose_identity(3), pb = ak_pose_identity(3);
    pa.pos[0] = 2.25;
    ak_manifold m;
    cr_assert_eq(ak_collide(&m, &a, &pa, &b, &pb, 0), 0);
    cr_assert_float_eq(m.separation, 0.25, EXACT);
    cr_assert_eq(ak_collide(&m, &a, &pa, &b, &pb, 0.3), 1);
}

Test(collide, swapped_order_flips_normal) {
    ak_shape a = box(4, 0.5), pl = { 0 };
    pl.type = AK_SHAPE_HYPERPLANE, pl.dim = 4, pl.normal[1] = 1;
    ak_pose pa = ak_pose_identity(4);
    pa.pos[1] = 0.4;
    ak_manifold m1, m2;
    cr_assert_eq(ak_collide(&m1, &a, &pa, &pl, NULL, 0), 8);
    cr_assert_eq(ak_collide(&m2, &pl, NULL, &a, &pa, 0), 8);
    cr_assert_float_eq(m1.normal[1], 1, EXACT);
    cr_assert_float_eq(m2.normal[1], -1, EXACT);
    cr_assert_float_eq(m1.separation, -0.1, EXACT);
}

Test(collide, box_box_sat_depth_exact) {
    ak_shape a = box(4, 1), b = box(4, 1);
    ak_pose pa = ak_pose_identity(4), pb = ak_pose_identity(4);
    pa.pos[2] = 1.75;
    ak_manifold m;
    cr_assert_eq(ak_collide(&m, &a, &pa, &b, &pb, 0), 8);
    cr_assert_float_eq(m.separation, -0.25, EXACT);
    cr_assert_float_eq(m.normal[2], 1, EXACT);
}

Test(collide, bad_input_returns_status) {
    ak_shape a = sphere(4, 1), b = sphere(3, 1), p1 = { 0 };
    ak_pose pa = ak_pose_identity(4), pb = ak_pose_identity(3);
    ak_manifold m;
    char err[128];
    cr_assert_lt(ak_collide_ex(&m, &a, &pa, &b, &pb, 0, err, sizeof err), 0);
    cr_assert(strlen(err) > 0);
    p1.type = AK_SHAPE_HYPERPLANE, p1.dim = 4, p1.normal[0] = 1;
    cr_assert_eq(ak_collide(&m, &p1, NULL, &p1, NULL, 0), AK_COLLIDE_EPLANEPAIR);
    a.radius = -1;
    cr_assert_lt(ak_collide(&m, &a, &pa, &a, &pa, 0), 0);
}

Test(collide, simplex_closest_tetrahedron_face) {
    // origin below the face z = 1 of a tetrahedron in 3D: distance 1
    double P[12] = { -1, -1, 1, 2, -1, 1, -1, 2, 1, 0, 0, 3 }, lam[4];
    cr_assert_float_eq(ak_collide_simplex_closest(3, lam, P, 4), 1, EXACT);
    cr_assert_float_eq(lam[3], 0, EXACT);
}

Test(collide, hull_of_5cell_volume) {
    double P[20] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    int f[5 * 4];
    double nrm[20], off[5];
    int nf = ak_collide_hull(4, f, nrm, off, 5, P, 5);
    cr_assert_eq(nf, 5);
    cr_assert_float_eq(ak_collide_hull_volume(4, f, nf, P, 5), 1.0 / 24, EXACT);
}

Test(collide, box_face_counts) {
    cr_assert_eq(ak_box_face_count(4, 0), 16);
    cr_assert_eq(ak_box_face_count(4, 1), 32);
    cr_assert_eq(ak_box_face_count(4, 2), 24);
    cr_assert_eq(ak_box_face_count(4, 3), 8);
    cr_assert_eq(ak_box_face_count(5, 4), 10);
}

Test(collide, toi_head_on_spheres) {
    ak_shape a = sphere(4, 0.5), b = sphere(4, 0.5);
    ak_pose pa = ak_pose_identity(4), pb = ak_pose_identity(4);
    pb.pos[0] = 3;
    double va[4] = { 1, 0, 0, 0 }, vb[4] = { -1, 0, 0, 0 }, t;
    cr_assert_eq(ak_collide_toi(&t, &a, &pa, va, NULL, &b, &pb, vb, NULL, 5, 1e-10), 1);
    cr_assert_float_eq(t, 1.0, 1e-9);
}

// ---- degenerate campaign (also under ASan / UBSan in CI), polytope manifolds ----
#include "verify/common/degenerate.h"
#include "ref/geom/polytope.h"

Test(collide, degenerate_campaign_small) {
    static ak_degen_stats st;
    long bad = ak_degen_campaign(&st, 400, 20, 77, 0);
    cr_expect_eq(bad, 0, "degenerate configurations broke a rule: %s", st.first);
    for (int p = 0; p < AK_DEGEN_PAIRS; p++) cr_expect_gt(st.runs[p], 0);
    cr_expect_lt(st.worst_unit, 1e-12);
}

// The campaign's result does not depend on the number of threads: the same configurations
// (chunked generators), so the same counts, contacts and worst normal, bit for bit.
Test(collide, degenerate_campaign_thread_independent) {
    static ak_degen_stats s1, s3;
    long b1 = ak_degen_campaign(&s1, 1200, 40, 5, 1);
    long b3 = ak_degen_campaign(&s3, 1200, 40, 5, 3);
    cr_expect_eq(b1, b3);
    cr_expect_eq(s1.contacts, s3.contacts);
    cr_expect(s1.worst_unit == s3.worst_unit);
    cr_expect_str_eq(s1.first, s3.first);
    for (int p = 0; p < AK_DEGEN_PAIRS; p++) {
        cr_expect_eq(s1.runs[p], s3.runs[p]);
        cr_expect_eq(s1.bad[p], s3.bad[p]);
    }
    cr_expect_gt(s1.contacts, 0);
}

// A convex tesseract on a hyperbox: the 8 corners of the resting cell, like the hyperbox.
Test(collide, convex_tesseract_manifold) {
    double v[16 * 4];
    for (unsigned k = 0; k < 16; k++)
        for (int i = 0; i < 4; i++) v[k * 4 + i] = ((k >> i) & 1u) ? 0.5 : -0.5;
    ak_shape cv = { 0 }, bx = box(4, 0.5), table = { 0 };
    cv.type = AK_SHAPE_CONVEX, cv.dim = 4, cv.nverts = 16, cv.verts = v;
    table.type = AK_SHAPE_HYPERBOX, table.dim = 4;
    for (int i = 0; i < 4; i++) table.half_extents[i] = 2.0;
    table.half_extents[1] = 0.5;
    ak_pose pc = ak_pose_identity(4), pt = ak_pose_identity(4);
    pc.pos[1] = 1.0 - 1e-3;
    pt.pos[1] = 0.0;
    ak_manifold m1, m2;
    cr_assert_eq(ak_collide(&m1, &cv, &pc, &table, &pt, 0.0), 8);
    cr_assert_eq(ak_collide(&m2, &bx, &pc, &table, &pt, 0.0), 8);
    for (int k = 0; k < 8; k++) {
        cr_expect_float_eq(m1.contacts[k].separation, -1e-3, EXACT);
        for (int i = 0; i < 4; i++) {
            cr_expect_float_eq(m1.contacts[k].point_a[i], m2.contacts[k].point_a[i], EXACT);
            cr_expect_float_eq(m1.contacts[k].point_b[i], m2.contacts[k].point_b[i], EXACT);
        }
    }
}

Test(collide, regular_polytope_facets) {
    static double v[600 * 4], c[600 * 4], pl[600 * 5];
    for (int t = 0; t < ak_polytope_count(); t++) {
        const ak_polytope_info *P = ak_polytope_at(t);
        int nv = ak_polytope_vertices(P->name, 1.0, v, 600),
            nc = ak_polytope_facet_normals(P->name, c, 600);
        cr_assert_eq(nv, P->nverts, "%s", P->name);
        cr_assert_eq(ak_convex_facets_from_normals(P->dim, pl, 600, v, nv, c, nc), P->nfacets, "%s",
                     P->name);
    }
    cr_expect_null(ak_polytope_find("7-cell"));
    cr_expect_eq(ak_polytope_vertices("24-cell", -1.0, v, 600), -1);
    cr_expect_eq(ak_polytope_vertices("120-cell", 1.0, v, 10), -1);
}
