// Unit tests of render/ and ref/geom/mesh: camera, PNG round trip, image comparison, built-in
// scenes, meshes and slices, and the Vulkan entry point's failure modes.
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "geom/mesh.h"
#include "scene.h"
#include "tracer.h"
#include "vk.h"

#define TOL 1e-12

static ak_render_scene S;

Test(render, camera_centre_ray_is_forward) {
    ak_render_scene_init(&S);
    double target[4] = {1, 2, 3, 4};
    ak_render_camera_orbit(&S.cam, target, 5.0, 30.0, 20.0, 10.0);
    double o[4], d[4], r[4], u[4], b[4], a[4];
    // 2x2 image: average the four pixel rays is -back only for symmetric pixels; use 1x1
    ak_render_camera_ray(&S, 1, 1, 0, 0, o, d);
    ak_render_camera_frame(&S.cam, r, u, b, a);
    for (int i = 0; i < 4; i++) cr_assert(fabs(d[i] + b[i]) < TOL);
    // the camera looks at the target
    for (int i = 0; i < 4; i++) cr_assert(fabs(o[i] + 5.0 * d[i] - target[i]) < 1e-12);
}

Test(render, png_round_trip) {
    ak_render_image a, b;
    cr_assert(ak_render_image_alloc(&a, 7, 5));
    for (int i = 0; i < 7 * 5 * 3; i++) a.rgb[i] = (unsigned char)(i * 37);
    char path[64], err[256];
    snprintf(path, sizeof path, "/tmp/ak_test_render_%ld.png", (long)getpid());
    cr_assert(ak_render_png_write(path, &a, err, sizeof err), "%s", err);
    cr_assert(ak_render_png_read(path, &b, err, sizeof err), "%s", err);
    remove(path);
    cr_assert_eq(b.width, 7);
    cr_assert_eq(b.height, 5);
    cr_assert(memcmp(a.rgb, b.rgb, 7 * 5 * 3) == 0);
    ak_render_diff st;
    cr_assert(ak_render_image_compare(&st, &a, &b, 8, NULL));
    cr_assert_eq(st.max_abs, 0);
    b.rgb[0] = (unsigned char)(a.rgb[0] + 20);
    cr_assert(ak_render_image_compare(&st, &a, &b, 8, NULL));
    cr_assert(fabs(st.frac_over - 1.0 / 35) < TOL);
    cr_assert_eq(st.max_abs, 20);
    ak_render_image d;
    cr_assert(ak_render_image_alloc(&d, 7, 5));
    cr_assert(ak_render_image_compare(&st, &a, &b, 8, &d));
    cr_assert(d.rgb[0] == 255 && d.rgb[1] == 0 && d.rgb[2] == 0, "the differing pixel is red in the diff image");
    ak_render_image_free(&d);
    ak_render_image_free(&a);
    ak_render_image_free(&b);
    cr_assert(!ak_render_png_read("/nonexistent/x.png", &a, err, sizeof err));
}

Test(render, builtin_scenes_build) {
    char err[256];
    for (const char *const *n = ak_render_builtin_names(); *n; n++)
        cr_assert(ak_render_builtin(&S, *n, 0.0, err, sizeof err), "%s: %s", *n, err);
    cr_assert(!ak_render_builtin(&S, "no-such-scene", 0.0, err, sizeof err));
    cr_assert(strstr(err, "no-such-scene") != NULL);
}

Test(render, scene_add_rejects_bad_shapes) {
    char err[256];
    ak_render_scene_init(&S);
    ak_shape s3 = {.type = AK_SHAPE_HYPERSPHERE, .dim = 3, .radius = 1};
    ak_pose p3 = ak_pose_identity(3);
    double col[3] = {1, 1, 1};
    cr_assert_eq(ak_render_scene_add(&S, &s3, &p3, col, err, sizeof err), -1);
    double flat[5 * 4] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0}; // w = 0
    ak_shape cv = {.type = AK_SHAPE_CONVEX, .dim = 4, .nverts = 5, .verts = flat};
    ak_pose p4 = ak_pose_identity(4);
    cr_assert_eq(ak_render_scene_add(&S, &cv, &p4, col, err, sizeof err), -1);
}

Test(render, trace_hits_sphere_head_on) {
    char err[256];
    ak_render_scene_init(&S);
    ak_shape s = {.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1};
    ak_pose p = ak_pose_identity(4);
    double col[3] = {1, 1, 1};
    cr_assert(ak_render_scene_add(&S, &s, &p, col, err, sizeof err) == 0);
    double o[4] = {0, 0, 5, 0}, v[4] = {0, 0, -1, 0}, t;
    int obj, steps;
    cr_assert(ak_render_trace(&S, o, v, &t, &obj, &steps));
    cr_assert(fabs(t - 4.0) < 1e-9);
    cr_assert_eq(obj, 0);
    double miss[4] = {0, 1, 0, 0};
    cr_assert(!ak_render_trace(&S, o, miss, &t, &obj, &steps));
}

Test(render, mesh_counts_and_slice) {
    static double tets[2000 * 16], tris[4000 * 9];
    double v[16 * 4];
    int nv = ak_mesh_polytope_vertices(v, 16, AK_POLYTOPE_8CELL);
    cr_assert_eq(nv, 16);
    int need = ak_mesh_hull_tets4(NULL, 0, v, nv, 1e-9);
    int nt = ak_mesh_hull_tets4(tets, 2000, v, nv, 1e-9);
    cr_assert_eq(need, nt);
    double m[4] = {0, 0, 0, 1};
    int ntri = ak_mesh_slice(tris, 4000, NULL, tets, nt, m, 0.1);
    cr_assert(ntri > 0);
    cr_assert(fabs(ak_mesh_tri_volume(tris, ntri) - 1.0) < 1e-12);
    ak_shape s = {.type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1};
    cr_assert_eq(ak_mesh_radial4(NULL, 0, &s, 3), 48 * 27);
    ak_shape pl = {.type = AK_SHAPE_HYPERPLANE, .dim = 4};
    cr_assert_eq(ak_mesh_radial4(NULL, 0, &pl, 3), -1);
    double flat[5 * 4] = {0};
    cr_assert_eq(ak_mesh_hull_facets4(NULL, NULL, 0, flat, 5, 1e-9), -1);
    double zero[4] = {0, 0, 0, 0};
    cr_assert_eq(ak_mesh_slice(NULL, 0, NULL, tets, nt, zero, 0.0), -1);
}

// Vulkan: either it renders, or it says why (no loader / no device). In CI it must render.
Test(render, vulkan_renders_or_says_why) {
    char err[512], dev[256];
    ak_render_image img;
    cr_assert(ak_render_image_alloc(&img, 16, 12));
    ak_render_builtin(&S, "spheres", 0.0, err, sizeof err);
    int rc = ak_render_vk(&S, &img, -1, dev, sizeof dev, err, sizeof err);
    const char *ci = getenv("CI");
    if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
        cr_assert(!(ci && *ci), "CI is set but Vulkan is unavailable: %s", err);
        cr_assert(strlen(err) > 0);
    } else {
        cr_assert_eq(rc, AK_VK_OK, "%s", err);
        ak_render_image cpu;
        cr_assert(ak_render_image_alloc(&cpu, 16, 12));
        ak_render_cpu(&S, &cpu);
        ak_render_diff st;
        ak_render_image_compare(&st, &cpu, &img, 8, NULL);
        cr_assert(st.frac_over <= 0.05, "CPU vs Vulkan on a 16x12 image: %.3f over 8/255", st.frac_over);
        ak_render_image_free(&cpu);
    }
    // a device index that does not exist is an error with a message, not a crash
    rc = ak_render_vk(&S, &img, 99, dev, sizeof dev, err, sizeof err);
    cr_assert(rc != AK_VK_OK);
    cr_assert(strlen(err) > 0);
    ak_render_image_free(&img);
}
