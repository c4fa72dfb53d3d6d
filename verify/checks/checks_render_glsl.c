// Group "render": GLSL against C, golden images
#include "verify/checks/checks_render_common.h"

// ---- GLSL against C, golden images ---------------------------------------------------

static bool vk_must_run(void) {
    const char *ci = getenv("CI");
    return ci && *ci;
}

static void check_glsl_sdf(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    char err[512];
    long n = ak_samples(c, 10000, 2000);
    double *pts = malloc(sizeof(double) * 4 * (size_t)n), *gd = malloc(sizeof(double) * (size_t)n);
    const char *names[3] = { "mixed", "polytopes", "capsules" };
    double worst = 0;
    int ran = 0;
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    for (int q = 0; q < 3 && pts && gd; q++) {
        ak_render_builtin(s, names[q], 0.0, err, sizeof err);
        for (long k = 0; k < 4 * n; k++) pts[k] = render_urand(r, -4, 4);
        int rc = ak_render_vk_sdf_probe(s, pts, (int)n, gd, err, sizeof err);
        if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
            if (vk_must_run())
                ak_expect(c, false, "Vulkan needed in CI (CI is set): %s", err);
            else
                ak_note(c, "GLSL comparison skipped: %s (CI not set)", err);
            break;
        }
        ak_expect(c, rc == AK_VK_OK, "GLSL SDF probe on scene %s: %s", names[q],
                  rc == AK_VK_OK ? "ran" : err);
        if (rc != AK_VK_OK) break;
        ran++;
        for (long k = 0; k < n; k++) {
            float pf[4] = { (float)pts[4 * k], (float)pts[4 * k + 1], (float)pts[4 * k + 2],
                            (float)pts[4 * k + 3] };
            double pd[4] = { pf[0], pf[1], pf[2], pf[3] }; // the point the GPU saw
            double d = ak_render_scene_sdf(s, pd, NULL);
            worst = fmax(worst, fabs(d - gd[k]));
        }
    }
    gsl_rng_free(r);
    free(pts);
    free(gd);
    // The CPU side always measures something: the scene SDF at a known point.
    ak_render_builtin(s, "spheres", 0.0, err, sizeof err);
    double x[4] = { -1.7, 0.7, 0, 0 };
    ak_measure(c, fabs(ak_render_scene_sdf(s, x, NULL) + 0.7), TOL_ROUNDOFF,
               "C scene SDF at the red sphere's centre is -r");
    if (ran)
        ak_measure(c, worst, TOL_GLSL_SDF,
                   "GLSL (float) against C (double) scene SDF, %d scenes x %ld points in [-4,4]^4",
                   ran, n);
    ak_value(c, "glsl_max_abs_diff", worst);
}

static void write_diff(ak_check_ctx *c, const char *name, const ak_render_image *a,
                       const ak_render_image *b) {
    ak_render_image d;
    if (!ak_render_image_alloc(&d, a->width, a->height)) return;
    ak_render_diff st;
    ak_render_image_compare(&st, a, b, GOLD_THRESHOLD, &d);
    const char *dir = ak_artifact_dir(c);
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/render-diff-%s.png", dir ? dir : ".", name);
    if (ak_render_png_write(path, &d, err, sizeof err)) ak_note(c, "diff image written: %s", path);
    ak_render_image_free(&d);
}

static void check_golden(ak_check_ctx *c) {
    const char *const *names = ak_render_builtin_names();
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    char err[512], path[1024];
    const char *src = getenv("AK_SOURCE_DIR");
#ifdef AK_SOURCE_DIR
    if (!src) src = AK_SOURCE_DIR;
#endif
    bool gpu_skip = false;
    ak_vk_renderer *vk = NULL;
    double worst_frac = 0, worst_mean = 0, cpu_worst = 0;
    int worst_max = 0, n = 0;
    int limit = ak_quick(c) ? 1 : 100;
    for (int q = 0; names[q] && q < limit; q++) {
        snprintf(path, sizeof path, "%s/verify/golden/%s.png", src ? src : ".", names[q]);
        ak_render_image gold, img;
        if (!ak_render_png_read(path, &gold, err, sizeof err)) {
            ak_expect(c, false, "golden image %s: %s", names[q], err);
            continue;
        }
        ak_render_builtin(s, names[q], 0.0, err, sizeof err);
        ak_render_image_alloc(&img, gold.width, gold.height);
        // 1. the CPU reference tracer reproduces its golden image
        ak_render_cpu(s, &img);
        ak_render_diff st;
        ak_render_image_compare(&st, &gold, &img, GOLD_THRESHOLD, NULL);
        cpu_worst = fmax(cpu_worst, st.frac_over);
        ak_measure(c, st.frac_over, GOLD_FRAC,
                   "%s: CPU tracer vs golden: %.4f%% of pixels over %d/255, mean %.5f, max %d",
                   names[q], 100 * st.frac_over, GOLD_THRESHOLD, st.mean_abs, st.max_abs);
        // 2. Vulkan against the golden image (one renderer for all scenes)
        if (!gpu_skip && !vk) {
            int rc = ak_render_vk_open(&vk, -1, err, sizeof err);
            if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
                gpu_skip = true;
                if (vk_must_run())
                    ak_expect(c, false, "Vulkan device needed in CI (CI is set): %s", err);
                else
                    ak_note(c, "Vulkan comparison skipped: %s (CI not set)", err);
            } else if (rc != AK_VK_OK) {
                gpu_skip = true;
                ak_expect(c, false, "Vulkan: %s", err);
            }
        }
        if (vk) {
            int rc = ak_render_vk_draw(vk, s, &img, err, sizeof err);
            if (rc != AK_VK_OK) {
                ak_expect(c, false, "Vulkan render of %s: %s", names[q], err);
            } else {
                const char *dev = ak_render_vk_device_name(vk);
                ak_render_image_compare(&st, &gold, &img, GOLD_THRESHOLD, NULL);
                bool pass = st.frac_over <= GOLD_FRAC && st.mean_abs <= GOLD_MEAN;
                if (!pass) write_diff(c, names[q], &gold, &img);
                ak_measure(c, st.frac_over, GOLD_FRAC,
                           "%s: Vulkan (%s) vs golden: %.4f%% of pixels over %d/255", names[q], dev,
                           100 * st.frac_over, GOLD_THRESHOLD);
                ak_measure(
                    c, st.mean_abs, GOLD_MEAN,
                    "%s: Vulkan vs golden: mean absolute difference %.5f (8-bit steps), max %d",
                    names[q], st.mean_abs, st.max_abs);
                worst_frac = fmax(worst_frac, st.frac_over);
                worst_mean = fmax(worst_mean, st.mean_abs);
                if (st.max_abs > worst_max) worst_max = st.max_abs;
                n++;
            }
        }
        ak_render_image_free(&img);
        ak_render_image_free(&gold);
    }
    ak_render_vk_close(vk);
    // The metric can fail: the spheres scene with its slice moved by 0.05 along w.
    snprintf(path, sizeof path, "%s/verify/golden/spheres.png", src ? src : ".");
    ak_render_image gold, img;
    if (ak_render_png_read(path, &gold, err, sizeof err)) {
        ak_render_builtin(s, "spheres", 0.0, err, sizeof err);
        s->cam.slice += 0.05;
        ak_render_image_alloc(&img, gold.width, gold.height);
        ak_render_cpu(s, &img);
        ak_render_diff st;
        ak_render_image_compare(&st, &gold, &img, GOLD_THRESHOLD, NULL);
        ak_value(c, "sensitivity_frac_over", st.frac_over);
        ak_value(c, "sensitivity_mean_abs", st.mean_abs);
        ak_expect(c, st.frac_over > GOLD_FRAC,
                  "sensitivity: slice moved by 0.05 gives %.3f%% of pixels over %d/255 (> %.1f%%: "
                  "detected)",
                  100 * st.frac_over, GOLD_THRESHOLD, 100 * GOLD_FRAC);
        ak_render_image_free(&img);
        ak_render_image_free(&gold);
    }
    ak_value(c, "gpu_scenes", n);
    ak_value(c, "gpu_worst_frac_over", worst_frac);
    ak_value(c, "gpu_worst_mean_abs", worst_mean);
    ak_value(c, "gpu_worst_max_abs", worst_max);
    ak_value(c, "cpu_worst_frac_over", cpu_worst);
}

// The six regular 4-polytopes from their facet planes over a ground hyperplane added last, the
// camera low enough that the far ground meets the sky (the bundled scene regular_polytopes_4d):
// Vulkan against the CPU reference tracer by the golden rule. Horizon rays sphere-trace the
// ground at a grazing angle for up to AK_RT_MAX_STEPS steps; lavapipe ends every loop of an
// invocation after 65535 loop iterations in all, so a shader that runs each polytope's facet loop
// (773 planes here) at every step stops those rays early: before the fix, a band of sky and of the
// first object's colour along the horizon: 8.6% of the pixels over the threshold, mean 4.5.
static bool add_regular_polytope(ak_render_scene *s, const char *name, double x,
                                 const double col[3], char *err, size_t errlen) {
    const ak_polytope_info *info = ak_polytope_find(name);
    if (!info) {
        snprintf(err, errlen, "%s is not in ref/geom/polytope", name);
        return false;
    }
    int nv = info->nverts, nf = info->nfacets;
    double *v = malloc(sizeof(double) * 4 * (size_t)nv),
           *nrm = malloc(sizeof(double) * 4 * (size_t)nf);
    double *pl = malloc(sizeof(double) * 5 * (size_t)nf);
    bool ok = v && nrm && pl && ak_polytope_vertices(name, 0.5, v, nv) == nv &&
              ak_polytope_facet_normals(name, nrm, nf) == nf &&
              ak_convex_facets_from_normals(4, pl, nf, v, nv, nrm, nf) == nf;
    if (!ok) snprintf(err, errlen, "%s: vertices or facet planes not computed", name);
    if (ok) {
        // turned by 0.3 in xy and 0.2 in zw (commuting plane rotations), centre (x, 1, 0, 0)
        ak_pose pose = ak_pose_identity(4);
        double a = 0.3, b = 0.2;
        pose.rot[0] = cos(a), pose.rot[1] = -sin(a), pose.rot[4] = sin(a), pose.rot[5] = cos(a);
        pose.rot[10] = cos(b), pose.rot[11] = -sin(b), pose.rot[14] = sin(b), pose.rot[15] = cos(b);
        pose.pos[0] = x, pose.pos[1] = 1.0;
        ak_shape sh = {
            .type = AK_SHAPE_CONVEX, .dim = 4, .nverts = nv, .verts = v, .nfacets = nf, .facets = pl
        };
        ok = ak_render_scene_add(s, &sh, &pose, col, err, errlen) >= 0;
    }
    free(v), free(nrm), free(pl);
    return ok;
}

static void check_polytopes_horizon(ak_check_ctx *c) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        ak_expect(c, false, "out of memory for a render scene");
        return;
    }
    char err[512], dev[256];
    static const char *const names[6] = { "5-cell",  "8-cell",   "16-cell",
                                          "24-cell", "120-cell", "600-cell" };
    static const double cols[6][3] = { { 0.55, 0.25, 0.08 }, { 0.05, 0.45, 0.65 },
                                       { 0.85, 0.65, 0.1 },  { 0.55, 0.25, 0.75 },
                                       { 0.45, 0.65, 0.2 },  { 0.35, 0.7, 0.85 } };
    ak_render_scene_init(s);
    s->nobj = 0;
    bool ok = true;
    for (int k = 0; k < 6 && ok; k++)
        ok = add_regular_polytope(s, names[k], -3.75 + 1.5 * k, cols[k], err, sizeof err);
    ak_shape g = { .type = AK_SHAPE_HYPERPLANE, .dim = 4, .normal = { 0, 1, 0, 0 }, .offset = 0 };
    ak_pose id = ak_pose_identity(4);
    double gcol[3] = { 0.72, 0.72, 0.68 };
    if (ok) ok = ak_render_scene_add(s, &g, &id, gcol, err, sizeof err) >= 0;
    ak_expect(c, ok && s->nplanes == 5 + 8 + 16 + 24 + 120 + 600,
              "scene: six regular polytopes (%d facet planes) and the ground: %s", s->nplanes,
              ok ? "built" : err);
    if (!ok) return;
    double tg[4] = { 0, 0.8, 0, 0 };
    ak_render_camera_orbit(&s->cam, tg, 7.5, 0.0, 8.0, 0.0);
    ak_render_image cpu, gpu;
    if (!ak_render_image_alloc(&cpu, GOLD_W, GOLD_H) ||
        !ak_render_image_alloc(&gpu, GOLD_W, GOLD_H)) {
        ak_expect(c, false, "image allocation");
        return;
    }
    ak_render_cpu(s, &cpu);
    // the CPU image shows both sides of the horizon: sky above, ground below, in every column
    long sky_top = 0, ground_bottom = 0;
    for (int x = 0; x < GOLD_W; x++) {
        const unsigned char *top = cpu.rgb + 3 * (size_t)x,
                            *bot = cpu.rgb + 3 * ((size_t)(GOLD_H - 1) * GOLD_W + x);
        sky_top += top[2] > top[0] + 20;                      // the sky is blue
        ground_bottom += abs((int)bot[2] - (int)bot[0]) < 20; // the ground is grey
    }
    ak_expect(
        c, sky_top == GOLD_W && ground_bottom == GOLD_W,
        "the view holds the horizon: sky in %ld/%d top pixels, ground in %ld/%d bottom pixels",
        sky_top, GOLD_W, ground_bottom, GOLD_W);
    int rc = ak_render_vk(s, &gpu, -1, dev, sizeof dev, err, sizeof err);
    if (rc == AK_VK_NO_LOADER || rc == AK_VK_NO_DEVICE) {
        if (vk_must_run())
            ak_expect(c, false, "Vulkan device needed in CI (CI is set): %s", err);
        else
            ak_note(c, "Vulkan comparison skipped: %s (CI not set)", err);
    } else if (rc != AK_VK_OK) {
        ak_expect(c, false, "Vulkan render: %s", err);
    } else {
        ak_render_diff st;
        ak_render_image_compare(&st, &cpu, &gpu, GOLD_THRESHOLD, NULL);
        if (st.frac_over > GOLD_FRAC || st.mean_abs > GOLD_MEAN)
            write_diff(c, "polytopes_horizon", &cpu, &gpu);
        ak_measure(c, st.frac_over, GOLD_FRAC,
                   "regular polytopes at the horizon: Vulkan (%s) vs CPU tracer: %.4f%% of pixels "
                   "over %d/255",
                   dev, 100 * st.frac_over, GOLD_THRESHOLD);
        ak_measure(
            c, st.mean_abs, GOLD_MEAN,
            "regular polytopes at the horizon: mean absolute difference %.5f (8-bit steps), max %d",
            st.mean_abs, st.max_abs);
        ak_value(c, "horizon_frac_over", st.frac_over);
        ak_value(c, "horizon_mean_abs", st.mean_abs);
    }
    ak_render_image_free(&cpu);
    ak_render_image_free(&gpu);
}

static const ak_check CHECKS[] = {
    { "render.glsl.sdf", "T-E.union",
      "GLSL scene SDF (Vulkan, float) vs C (double) on 10^4 points per scene", check_glsl_sdf },
    { "render.golden", "T-6.1 T-6.2.2 T-Alg14 T-Alg15",
      "bundled scenes: CPU tracer and Vulkan vs golden PNGs", check_golden },
    { "render.golden.polytopes_horizon", "T-Alg14 T-6.1",
      "six regular 4-polytopes (facet planes) at the horizon: Vulkan vs CPU tracer by the golden "
      "rule",
      check_polytopes_horizon },
};

AK_TOPIC(render_glsl, CHECKS)
