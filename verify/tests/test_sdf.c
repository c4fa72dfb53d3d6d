// Unit tests of ref/sdf: exact values at chosen points (hand-computed), poses, bad input.
#include <criterion/criterion.h>
#include <math.h>

#include "ref/sdf/sdf.h"

#define TOL 1e-14

Test(sdf, hypersphere_values) {
    double p[4] = { 3, 4, 0, 0 };
    cr_assert(fabs(ak_sdf_hypersphere(4, p, 1.0) - 4.0) < TOL);
    double o[4] = { 0, 0, 0, 0 };
    cr_assert(fabs(ak_sdf_hypersphere(4, o, 2.0) + 2.0) < TOL);
}

Test(sdf, hypercapsule_top_and_side) {
    double top[4] = { 0, 1.0 + 0.5, 0, 0 }; // half length 1, radius 0.5: the top point
    cr_assert(fabs(ak_sdf_hypercapsule(4, top, 0.5, 1.0)) < TOL);
    double side[4] = { 0, 0.3, 0, 2.0 };
    cr_assert(fabs(ak_sdf_hypercapsule(4, side, 0.5, 1.0) - 1.5) < TOL);
    double centre[3] = { 0, 0, 0 };
    cr_assert(fabs(ak_sdf_hypercapsule(3, centre, 0.5, 1.0) + 0.5) < TOL);
}

Test(sdf, hyperbox_corner_and_inside) {
    double h[4] = { 1, 1, 1, 1 };
    double corner[4] = { 2, 2, 2, 2 }; // |(1,1,1,1)| = 2
    cr_assert(fabs(ak_sdf_hyperbox(4, corner, h) - 2.0) < TOL);
    double in[4] = { 0.5, 0, 0, 0.9 };
    cr_assert(fabs(ak_sdf_hyperbox(4, in, h) + 0.1) < 1e-12);
}

Test(sdf, hyperplane_non_unit_normal) {
    double n[4] = { 0, 2, 0, 0 }, x[4] = { 5, 3, 1, 1 };
    cr_assert(fabs(ak_sdf_hyperplane(4, x, n, 2.0) - 2.0) < TOL); // plane y = 1
}

Test(sdf, duocylinder_regions) {
    double out[4] = { 2, 0, 0, 1.5 }; // 1 outside the xy disk (r 1), 1 outside the zw disk (r .5)
    cr_assert(fabs(ak_sdf_duocylinder(out, 1.0, 0.5) - sqrt(2.0)) < TOL);
    double in[4] = { 0.2, 0, 0.1, 0 };
    cr_assert(fabs(ak_sdf_duocylinder(in, 1.0, 0.5) + 0.4) < 1e-12);
}

Test(sdf, union_is_min) { cr_assert_eq(ak_sdf_union(0.3, -0.2), -0.2); }

Test(sdf, shape_with_pose) {
    ak_shape s = { .type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = { 1, 0.5, 0.5, 0.5 } };
    ak_pose p = ak_pose_identity(4);
    // rotate 90 degrees in xy: body x lies along world y
    p.rot[0] = 0, p.rot[1] = -1, p.rot[4] = 1, p.rot[5] = 0;
    p.pos[0] = 10;
    double x[4] = { 10, 1.5, 0, 0 };
    cr_assert(fabs(ak_sdf_shape(&s, &p, x, 0, NULL, NULL) - 0.5) < TOL);
}

Test(sdf, bad_input_gives_nan) {
    ak_shape s = { .type = AK_SHAPE_DUOCYLINDER, .dim = 3, .radii = { 1, 1 } };
    ak_pose p = ak_pose_identity(3);
    double x[3] = { 0, 0, 0 };
    cr_assert(isnan(ak_sdf_shape(&s, &p, x, 0, NULL, NULL)));
    ak_shape c = { .type = AK_SHAPE_CONVEX, .dim = 4 };
    ak_pose p4 = ak_pose_identity(4);
    double x4[4] = { 0 };
    cr_assert(isnan(ak_sdf_shape(&c, &p4, x4, 0, NULL, NULL)));
    ak_shape bad = { .type = (ak_shape_type)99, .dim = 4 };
    cr_assert(isnan(ak_sdf_shape(&bad, &p4, x4, 0, NULL, NULL)));
}
