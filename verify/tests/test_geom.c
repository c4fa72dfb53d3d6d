// Unit tests of ref/geom/support: supports, bounds and closest points with exact expected values.
#include <criterion/criterion.h>
#include <math.h>

#include "ref/geom/support.h"

#define EXACT 1e-15

static ak_shape box4(double hx, double hy, double hz, double hw) {
    ak_shape s = { 0 };
    s.type = AK_SHAPE_HYPERBOX;
    s.dim = 4;
    s.half_extents[0] = hx, s.half_extents[1] = hy, s.half_extents[2] = hz, s.half_extents[3] = hw;
    return s;
}

Test(geom, box_support_is_a_vertex) {
    ak_shape b = box4(1, 2, 3, 4);
    ak_pose p = ak_pose_identity(4);
    p.pos[0] = 10;
    double d[4] = { 1, -1, 1, -1 }, x[4];
    double h = ak_geom_support(4, x, &b, &p, d);
    cr_assert_float_eq(x[0], 11, EXACT);
    cr_assert_float_eq(x[1], -2, EXACT);
    cr_assert_float_eq(x[3], -4, EXACT);
    cr_assert_float_eq(h, 11 + 2 + 3 + 4, EXACT);
}

Test(geom, capsule_and_duocylinder_support) {
    ak_shape c = { 0 };
    c.type = AK_SHAPE_HYPERCAPSULE, c.dim = 4, c.radius = 0.5, c.half_length = 2;
    double d[4] = { 0, 1, 0, 0 }, x[4];
    cr_assert_float_eq(ak_geom_support_local(4, x, &c, d), 2.5, EXACT);
    ak_shape u = { 0 };
    u.type = AK_SHAPE_DUOCYLINDER, u.dim = 4, u.radii[0] = 1, u.radii[1] = 2;
    double e[4] = { 3, 4, 0, 5 };
    // h = r1 |(3,4)| + r2 |(0,5)| = 5 + 10
    cr_assert_float_eq(ak_geom_support_local(4, x, &u, e), 15, EXACT);
}

Test(geom, closest_point_box_outside_and_inside) {
    ak_shape b = box4(1, 1, 1, 1);
    ak_pose p = ak_pose_identity(4);
    double x[4] = { 3, 0.5, 0, 0 }, q[4], n[4], d;
    cr_assert_eq(ak_geom_closest_point(4, q, n, &d, &b, &p, x), AK_GEOM_OK);
    cr_assert_float_eq(d, 2, EXACT);
    cr_assert_float_eq(q[0], 1, EXACT);
    cr_assert_float_eq(n[0], 1, EXACT);
    double y[4] = { 0.2, 0.9, 0, 0 };
    ak_geom_closest_point(4, q, n, &d, &b, &p, y);
    cr_assert_float_eq(d, -0.1, 1e-15);
    cr_assert_float_eq(n[1], 1, EXACT);
}

Test(geom, closest_point_duocylinder_inside_uses_nearer_rim) {
    ak_shape u = { 0 };
    u.type = AK_SHAPE_DUOCYLINDER, u.dim = 4, u.radii[0] = 1, u.radii[1] = 2;
    ak_pose p = ak_pose_identity(4);
    double x[4] = { 0.5, 0, 0.1, 0 }, q[4], n[4], d;
    ak_geom_closest_point(4, q, n, &d, &u, &p, x);
    cr_assert_float_eq(d, -0.5, EXACT);
    cr_assert_float_eq(q[0], 1, EXACT);
}

Test(geom, segment_segment_crossing_and_parallel) {
    double a0[4] = { -1, 0, 0, 0 }, a1[4] = { 1, 0, 0, 0 }, b0[4] = { 0, -1, 2, 0 },
           b1[4] = { 0, 1, 2, 0 };
    double s, t, c1[4], c2[4];
    cr_assert_float_eq(ak_geom_segment_segment(4, &s, &t, c1, c2, a0, a1, b0, b1), 4, EXACT);
    cr_assert_float_eq(s, 0.5, EXACT);
    // parallel, overlapping on x in [0, 1]: the middle of the overlap, distance 3
    double p0[4] = { 0, 0, 0, 0 }, p1[4] = { 2, 0, 0, 0 }, q0[4] = { -1, 3, 0, 0 },
           q1[4] = { 1, 3, 0, 0 };
    cr_assert_float_eq(ak_geom_segment_segment(4, &s, &t, c1, c2, p0, p1, q0, q1), 9, EXACT);
    cr_assert_float_eq(c1[0], 0.5, EXACT);
    // zero-length segments
    cr_assert_float_eq(ak_geom_segment_segment(4, &s, &t, c1, c2, p0, p0, q0, q0), 10, EXACT);
}

Test(geom, validate_rejects_bad_input) {
    ak_shape u = { 0 };
    u.type = AK_SHAPE_DUOCYLINDER, u.dim = 3, u.radii[0] = 1, u.radii[1] = 1;
    char err[64];
    cr_assert_lt(ak_geom_validate(&u, NULL, err, sizeof err), 0);
    ak_shape s = { 0 };
    s.type = AK_SHAPE_HYPERSPHERE, s.dim = 4, s.radius = NAN;
    cr_assert_lt(ak_geom_validate(&s, NULL, err, sizeof err), 0);
}

Test(geom, aabb_of_rotated_capsule) {
    ak_shape c = { 0 };
    c.type = AK_SHAPE_HYPERCAPSULE, c.dim = 2, c.radius = 0.5, c.half_length = 1;
    ak_pose p = ak_pose_identity(2);
    p.rot[0] = 0, p.rot[1] = -1, p.rot[2] = 1, p.rot[3] = 0; // local y -> world -x
    double lo[2], hi[2];
    ak_geom_aabb(2, lo, hi, &c, &p);
    cr_assert_float_eq(hi[0], 1.5, EXACT);
    cr_assert_float_eq(hi[1], 0.5, EXACT);
}
