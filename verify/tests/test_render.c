// Unit tests of render/ and ref/geom/mesh: camera, PNG round trip, image comparison, built-in
// scenes, meshes and slices, and the Vulkan entry point's failure modes.
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ref/geom/mesh.h"
#include "engine/scene.h"
#include "render/tracer.h"
#include "render/vk.h"

#define TOL 1e-12

static ak_render_scene S;

Test(render, camera_centre_ray_is_forward) {
    ak_render_scene_init(&S);
    double target[4] = { 1, 2, 3, 4 };
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
    cr_assert(d.rgb[0] == 255 && d.rgb[1] == 0 && d.rgb[2] == 0,
              "the differing pixel is red in the diff image");
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
    ak_shape s3 = { .type = AK_SHAPE_HYPERSPHERE, .dim = 3, .radius = 1 };
    ak_pose p3 = ak_pose_identity(3);
    double col[3] = { 1, 1, 1 };
    cr_assert_eq(ak_render_scene_add(&S, &s3, &p3, col, err, sizeof err), -1);
    double flat[5 * 4] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0 }; // w = 0
    ak_shape cv = { .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = 5, .verts = flat };
    ak_pose p4 = ak_pose_identity(4);
    cr_assert_eq(ak_render_scene_add(&S, &cv, &p4, col, err, sizeof err), -1);
}

Test(render, trace_hits_sphere_head_on) {
    char err[256];
    ak_render_scene_init(&S);
    ak_shape s = { .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1 };
    ak_pose p = ak_pose_identity(4);
    double col[3] = { 1, 1, 1 };
    cr_assert(ak_render_scene_add(&S, &s, &p, col, err, sizeof err) == 0);
    double o[4] = { 0, 0, 5, 0 }, v[4] = { 0, 0, -1, 0 }, t;
    int obj, steps;
    cr_assert(ak_render_trace(&S, o, v, &t, &obj, &steps));
    cr_assert(fabs(t - 4.0) < 1e-9);
    cr_assert_eq(obj, 0);
    double miss[4] = { 0, 1, 0, 0 };
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
    double m[4] = { 0, 0, 0, 1 };
    int ntri = ak_mesh_slice(tris, 4000, NULL, tets, nt, m, 0.1);
    cr_assert(ntri > 0);
    cr_assert(fabs(ak_mesh_tri_volume(tris, ntri) - 1.0) < 1e-12);
    ak_shape s = { .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 1 };
    cr_assert_eq(ak_mesh_radial4(NULL, 0, &s, 3), 48 * 27);
    ak_shape pl = { .type = AK_SHAPE_HYPERPLANE, .dim = 4 };
    cr_assert_eq(ak_mesh_radial4(NULL, 0, &pl, 3), -1);
    double flat[5 * 4] = { 0 };
    cr_assert_eq(ak_mesh_hull_facets4(NULL, NULL, 0, flat, 5, 1e-9), -1);
    double zero[4] = { 0, 0, 0, 0 };
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
        cr_assert(st.frac_over <= 0.05, "CPU vs Vulkan on a 16x12 image: %.3f over 8/255",
                  st.frac_over);
        ak_render_image_free(&cpu);
    }
    // a device index that does not exist is an error with a message, not a crash
    rc = ak_render_vk(&S, &img, 99, dev, sizeof dev, err, sizeof err);
    cr_assert(rc != AK_VK_OK);
    cr_assert(strlen(err) > 0);
    ak_render_image_free(&img);
}

// --frames: the PNG sequence always, the MP4 only when ffmpeg is on the PATH (it is optional).
// These run the anakata executable (build/verify/anakata, beside this test's directory).
#include <sys/stat.h>
#include <sys/wait.h>

static bool file_nonempty(const char *dir, const char *name) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    struct stat st;
    return stat(p, &st) == 0 && st.st_size > 0;
}

static void remove_frames(const char *dir, int n) {
    char p[512];
    for (int f = 0; f < n; f++) {
        snprintf(p, sizeof p, "%s/frame_%05d.png", dir, f);
        remove(p);
    }
    const char *other[] = { "movie.mp4", "stderr.txt", "empty" };
    for (int k = 0; k < 3; k++) {
        snprintf(p, sizeof p, "%s/%s", dir, other[k]);
        remove(p);
    }
    rmdir(dir);
}

// Runs `anakata render tesseract --frames 3 --fps 10 --size SIZE -o DIR` with stderr in
// DIR/stderr.txt; with no_ffmpeg the PATH is an empty directory. Returns the exit status.
static int render_frames(const char *dir, const char *size, bool no_ffmpeg) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 32);
    cr_assert(n > 0, "cannot find this test's executable");
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    cr_assert_not_null(slash);
    strcpy(slash, "/../anakata");
    char cmd[9000];
    if (no_ffmpeg) {
        char empty[600];
        snprintf(empty, sizeof empty, "%s/empty", dir);
        cr_assert_eq(mkdir(empty, 0700), 0);
        snprintf(cmd, sizeof cmd,
                 "PATH='%s' '%s' render tesseract --frames 3 --fps 10 --size %s -o '%s' "
                 "2>'%s/stderr.txt'",
                 empty, exe, size, dir, dir);
    } else {
        snprintf(cmd, sizeof cmd,
                 "'%s' render tesseract --frames 3 --fps 10 --size %s -o '%s' 2>'%s/stderr.txt'",
                 exe, size, dir, dir);
    }
    int st = system(cmd);
    if (no_ffmpeg) {
        snprintf(cmd, sizeof cmd, "%s/empty", dir);
        rmdir(cmd);
    }
    return st == -1 ? -1 : WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

// Every bundled scene renders: 2D ones (slabs about z = 0) and the 1000-body piles included.
Test(render, every_bundled_scene_renders) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 32);
    cr_assert(n > 0);
    exe[n] = 0;
    strcpy(strrchr(exe, '/'), "/../anakata");
    const char *names[] = { "stack_2d", "stack_3d", "stack_4d", "pile_1000_3d", "pile_1000_4d" };
    char dir[] = "/tmp/ak_render_scenes_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    for (int k = 0; k < 5; k++) {
        char cmd[9000], png[600];
        snprintf(png, sizeof png, "%s/out.png", dir);
        snprintf(cmd, sizeof cmd, "'%s' render %s --size 16x12 -o '%s' 2>/dev/null", exe, names[k],
                 png);
        int st = system(cmd);
        struct stat sb;
        bool ok = stat(png, &sb) == 0 && sb.st_size > 0;
        remove(png);
        cr_expect(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0 && ok, "anakata render %s",
                  names[k]);
    }
    rmdir(dir);
}

static void read_stderr(const char *dir, char *buf, size_t n) {
    char p[512];
    snprintf(p, sizeof p, "%s/stderr.txt", dir);
    buf[0] = 0;
    FILE *f = fopen(p, "r");
    if (!f) return;
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = 0;
    fclose(f);
}

Test(render, frames_without_ffmpeg_skip_the_mp4) {
    char dir[] = "/tmp/ak_render_frames_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    int rc = render_frames(dir, "32x24", true);
    char buf[4096];
    read_stderr(dir, buf, sizeof buf);
    bool frames = file_nonempty(dir, "frame_00000.png") && file_nonempty(dir, "frame_00002.png");
    bool mp4 = file_nonempty(dir, "movie.mp4");
    remove_frames(dir, 3);
    cr_assert_eq(rc, 0, "exit status %d without ffmpeg; stderr: %s", rc, buf);
    cr_assert(frames, "the PNG frames are written without ffmpeg");
    cr_assert(!mp4, "no MP4 without ffmpeg");
    cr_assert(strstr(buf, "skipped the MP4") != NULL, "it says it skipped the MP4; stderr was: %s",
              buf);
}

Test(render, frames_with_ffmpeg_write_an_mp4) {
    if (system("command -v ffmpeg >/dev/null 2>&1") != 0) {
        // .ci/run installs ffmpeg, so in CI the MP4 path is always tested.
        cr_assert_null(getenv("CI"), "CI is set but ffmpeg is not installed");
        cr_skip_test(
            "ffmpeg is not installed (it is optional): the MP4 path is not tested on this machine");
    }
    char dir[] = "/tmp/ak_render_frames_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    int rc = render_frames(dir, "33x25", false); // odd sizes: the MP4 step pads them to even
    char buf[4096];
    read_stderr(dir, buf, sizeof buf);
    bool frames = file_nonempty(dir, "frame_00000.png") && file_nonempty(dir, "frame_00002.png");
    bool mp4 = file_nonempty(dir, "movie.mp4");
    remove_frames(dir, 3);
    cr_assert_eq(rc, 0, "exit status %d with ffmpeg; stderr: %s", rc, buf);
    cr_assert(frames, "the PNG frames are written");
    cr_assert(mp4, "movie.mp4 exists and is not empty when ffmpeg is on the PATH; stderr: %s", buf);
}
