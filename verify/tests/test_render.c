// Unit tests of render/ and ref/geom/mesh: camera, PNG round trip, image comparison, built-in
// scenes, meshes and slices, and the Vulkan entry point's failure modes.
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ref/geom/mesh.h"
#include "engine/scene.h"
#include "ref/sdf/sdf.h"
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

// ---- ak_render_cpu's normal from the hit object alone, and its closed-form plane steps ----

static uint64_t nrm_rng = 0x9e3779b97f4a7c15u;
static double nrm_unif(double a, double b) { // xorshift64*, uniform in [a, b)
    nrm_rng ^= nrm_rng >> 12, nrm_rng ^= nrm_rng << 25, nrm_rng ^= nrm_rng >> 27;
    return a + (b - a) * (double)((nrm_rng * 2685821657736338717u) >> 11) * 0x1.0p-53;
}

// A random rotation: the product of the six plane rotations by random angles (det +1).
static void nrm_random_pose(ak_pose *p) {
    *p = ak_pose_identity(4);
    for (int a = 0; a < 4; a++) p->pos[a] = nrm_unif(-1.0, 1.0);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            double th = nrm_unif(0.0, 6.283185307179586), c = cos(th), s = sin(th);
            for (int r = 0; r < 4; r++) { // rot = rot G_ij
                double a = p->rot[4 * r + i], b = p->rot[4 * r + j];
                p->rot[4 * r + i] = c * a - s * b;
                p->rot[4 * r + j] = s * a + c * b;
            }
        }
}

// The unit gradient of object i's SDF at p by central differences of ak_sdf_shape (ref/sdf,
// not the tracer's code) with step h.
static void nrm_fd(const ak_render_scene *s, int i, const double p[4], double h, double g[4]) {
    const ak_render_object *o = &s->obj[i];
    double len2 = 0.0;
    for (int a = 0; a < 4; a++) {
        double x[4] = { p[0], p[1], p[2], p[3] };
        x[a] = p[a] + h;
        double dp = ak_sdf_shape(&o->shape, &o->pose, x, o->nplanes,
                                 s->plane_n + 4 * o->plane_first, s->plane_o + o->plane_first);
        x[a] = p[a] - h;
        double dm = ak_sdf_shape(&o->shape, &o->pose, x, o->nplanes,
                                 s->plane_n + 4 * o->plane_first, s->plane_o + o->plane_first);
        g[a] = (dp - dm) / (2.0 * h);
        len2 += g[a] * g[a];
    }
    for (int a = 0; a < 4; a++) g[a] /= sqrt(len2);
}

// On random points within 1.5 of each object (every shape kind, random poses), where the SDF
// is smooth (its central-difference gradients at steps 1e-5 and 1e-2 agree within 1e-3: away
// from a box's edges and medial creases, a convex hull's facet edges, a sphere's centre), the
// tracer's normal (ak_render_object_normal) equals the unit central-difference gradient of
// ak_sdf_shape at step 1e-5: within 1e-7 for the closed forms (hyperplane, hypersphere,
// hyperbox; the difference quotient's own error is about 1e-10), within 1e-4 for the shapes
// the tracer differentiates itself at AK_RT_NORMAL_H = 1e-3 (error O(h^2) over the curvature
// radius, >= 0.1 at these points). At least 60 % of each kind's points must be smooth ones.
Test(render, object_normal_matches_sdf_gradient) {
    char err[256];
    static double cverts[16 * 4];
    for (int v = 0; v < 16; v++)
        for (int a = 0; a < 4; a++)
            cverts[4 * v + a] = ((v >> a) & 1 ? 0.4 : -0.3) * (1.0 + 0.1 * a);
    ak_shape shapes[] = {
        { .type = AK_SHAPE_HYPERPLANE, .dim = 4, .normal = { 0.3, 1.1, -0.2, 0.4 }, .offset = 0.2 },
        { .type = AK_SHAPE_HYPERSPHERE, .dim = 4, .radius = 0.6 },
        { .type = AK_SHAPE_HYPERBOX, .dim = 4, .half_extents = { 0.5, 0.3, 0.7, 0.4 } },
        { .type = AK_SHAPE_HYPERCAPSULE, .dim = 4, .radius = 0.3, .half_length = 0.5 },
        { .type = AK_SHAPE_DUOCYLINDER, .dim = 4, .radii = { 0.5, 0.4 } },
        { .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = 16, .verts = cverts },
    };
    int nk = (int)(sizeof shapes / sizeof shapes[0]);
    double col[3] = { 1, 1, 1 };
    for (int k = 0; k < nk; k++) {
        bool closed = k <= 2;
        double tol = closed ? 1e-7 : 1e-4;
        ak_render_scene_init(&S);
        S.nobj = 0;
        ak_pose pose;
        nrm_random_pose(&pose);
        if (k == 0) pose = ak_pose_identity(4); // a hyperplane is in the world frame
        int i = ak_render_scene_add(&S, &shapes[k], &pose, col, err, sizeof err);
        cr_assert(i == 0, "shape %d: %s", k, err);
        int used = 0, n = 400;
        double worst = 0.0;
        for (int s = 0; s < n; s++) {
            double p[4], g[4], g2[4], nr[4], e = 0.0, e2 = 0.0;
            for (int a = 0; a < 4; a++) p[a] = pose.pos[a] + nrm_unif(-1.5, 1.5);
            nrm_fd(&S, i, p, 1e-5, g);
            nrm_fd(&S, i, p, 1e-2, g2);
            for (int a = 0; a < 4; a++) e2 = fmax(e2, fabs(g[a] - g2[a]));
            if (!(e2 < 1e-3)) continue; // not smooth within 1e-2 of p
            used++;
            ak_render_object_normal(&S, i, p, nr);
            for (int a = 0; a < 4; a++) e = fmax(e, fabs(nr[a] - g[a]));
            worst = fmax(worst, e);
            cr_assert(e < tol, "shape %d at (%g %g %g %g): normal off by %g (tolerance %g)", k,
                      p[0], p[1], p[2], p[3], e, tol);
        }
        cr_assert(used >= 0.6 * n, "shape %d: only %d of %d points smooth", k, used, n);
        cr_log_info("shape %d: %d points, largest component difference %.3g", k, used, worst);
    }
}

// ak_render_plane_steps against the march it replaces: from random heights above a tilted
// hyperplane along random downward directions, stepping t += d (d the plane's distance at
// o + t v, computed from the point) until d < AK_RT_HIT_EPS max(t, 1) or AK_RT_MAX_STEPS
// evaluations: the same number of steps (or both out of steps) and the same t within
// 1e-9 max(t, 1) (the march's sums round; the hit epsilon is 2e-4 max(t, 1)).
Test(render, plane_steps_match_the_march) {
    double n[4] = { 0.2, 0.9, -0.1, 0.3 }, off = -0.4, nn = 0.0;
    for (int a = 0; a < 4; a++) nn += n[a] * n[a];
    for (int a = 0; a < 4; a++) n[a] /= sqrt(nn);
    int hits = 0, capped = 0, cases = 20000;
    for (int c = 0; c < cases; c++) {
        double o[4], v[4], vv = 0.0;
        for (int a = 0; a < 4; a++) o[a] = nrm_unif(-3.0, 3.0);
        for (int a = 0; a < 4; a++) v[a] = nrm_unif(-1.0, 1.0), vv += v[a] * v[a];
        for (int a = 0; a < 4; a++) v[a] /= sqrt(vv);
        double d0 = o[0] * n[0] + o[1] * n[1] + o[2] * n[2] + o[3] * n[3] - off;
        double nl = v[0] * n[0] + v[1] * n[1] + v[2] * n[2] + v[3] * n[3];
        if (d0 <= 0.0) // above the plane
            for (int a = 0; a < 4; a++) o[a] += (0.01 - d0) * n[a] + nrm_unif(0.0, 4.0) * n[a];
        if (nl >= 0.0) { // downwards, sometimes grazing
            for (int a = 0; a < 4; a++) v[a] = -v[a];
            nl = -nl;
        }
        if (nl > -1e-6) continue;
        double t = 0.0, d = 0.0;
        int i = 0;
        bool hit = false;
        for (; i < AK_RT_MAX_STEPS; i++) {
            double x[4];
            for (int a = 0; a < 4; a++) x[a] = o[a] + t * v[a];
            d = x[0] * n[0] + x[1] * n[1] + x[2] * n[2] + x[3] * n[3] - off;
            if (d < AK_RT_HIT_EPS * fmax(t, 1.0)) {
                hit = true;
                break;
            }
            t += d;
        }
        double dstart = o[0] * n[0] + o[1] * n[1] + o[2] * n[2] + o[3] * n[3] - off, th = -1.0;
        int j = ak_render_plane_steps(0.0, dstart, nl, &th);
        if (!hit) {
            cr_assert(j < 0, "case %d: the march runs out of steps, closed form %d steps", c, j);
            capped++;
            continue;
        }
        hits++;
        cr_assert_eq(j, i, "case %d (nl %g, d %g): %d steps in closed form, %d marched", c, nl,
                     dstart, j, i);
        cr_assert(fabs(th - t) <= 1e-9 * fmax(t, 1.0), "case %d: t %.17g vs %.17g", c, th, t);
    }
    cr_assert(hits > cases / 2 && capped > 0, "%d hits, %d out of steps", hits, capped);
    cr_log_info("%d hits, %d out of steps", hits, capped);
}
