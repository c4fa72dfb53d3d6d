// anakata render: render a 3D slice of a 4D scene to PNG (CPU reference tracer or Vulkan),
// image sequences, device listing, and the slicing display (OBJ export of mesh slices).
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/common/render_embed.h"
#include "verify/common/dyn_scenes.h"
#include "ref/ga/nd.h"
#include "engine/model.h"
#include "engine/world.h"
#include "ref/geom/mesh.h"
#include "engine/scene.h"
#include "render/tracer.h"
#include "render/vk.h"

#define MESH_K 8 // tessellation of smooth shapes for the slicing display: 48 k^3 tetrahedra

static const ak_opt OPTS[] = {
    { "-o", AK_ARG_TEXT, "FILE", "the PNG to write; with --frames a directory or NAME.mp4",
      AK_OPT_REQUIRED, 0, 0, "file name", NULL },
    { "-t", AK_ARG_NUM, "TIME", "pose the scene at TIME seconds (default 0)", 0, 0, 1e300, NULL,
      NULL },
    { "--size", AK_ARG_TEXT, "WxH", "image size (default 640x480)", 0, 0, 0, NULL, NULL },
    { "--camera", AK_ARG_TEXT, "Y,P,D[,A]",
      "orbit camera: yaw, pitch (degrees), distance, slice tilt into w", 0, 0, 0, NULL, NULL },
    { "--target", AK_ARG_TEXT, "x,y,z,w", "point the orbit camera looks at (default the scene's)",
      0, 0, 0, NULL, NULL },
    { "--fov", AK_ARG_NUM, "DEG", "vertical field of view", AK_OPT_GT_MIN, 1, 178.999999,
      "a number > 1 and < 179", NULL },
    { "--slice", AK_ARG_NUM, "W", "offset of the 3D slice along the camera's own w axis", 0, -1e300,
      1e300, "a number", NULL },
    { "--cpu", AK_ARG_NONE, NULL, "CPU reference tracer (default)", 0, 0, 0, NULL, NULL },
    { "--gpu", AK_ARG_NONE, NULL, "Vulkan compute tracer", 0, 0, 0, NULL, NULL },
    { "--device", AK_ARG_INT, "N", "Vulkan device index (--list-devices)", 0, 0, 1000, NULL, NULL },
    { "--no-shadows", AK_ARG_NONE, NULL, "no shadows", 0, 0, 0, NULL, NULL },
    { "--no-grid", AK_ARG_NONE, NULL, "no ground grid", 0, 0, 0, NULL, NULL },
    { "--frames", AK_ARG_INT, "N",
      "N frames at t = TIME + i/F: -o DIR writes DIR/frame_00000.png ...\n"
      "(and DIR/movie.mp4 when ffmpeg is installed); -o NAME.mp4 writes\nonly that video (needs "
      "ffmpeg)",
      0, 1, 100000, NULL, NULL },
    { "--fps", AK_ARG_NUM, "F", "frames per second of --frames (default 30)", AK_OPT_GT_MIN, 0,
      1e300, NULL, NULL },
    { "--obj", AK_ARG_TEXT, "FILE",
      "also write the slice of every shape's tetrahedral boundary mesh\n"
      "through the camera's slice as OBJ (slicing display, B-8slice)",
      0, 0, 0, "file name", NULL },
    { "--mesh-view", AK_ARG_NONE, NULL,
      "draw that slicing display through the same camera instead of\n"
      "sphere tracing (compare the two side by side)",
      0, 0, 0, NULL, NULL },
    { "--list-devices", AK_ARG_NONE, NULL, "list the Vulkan devices and the CPU tracer",
      AK_OPT_ALONE, 0, 0, NULL, NULL },
    { "--list-scenes", AK_ARG_NONE, NULL, "list the built-in scenes", AK_OPT_ALONE, 0, 0, NULL,
      NULL },
};

const ak_cmd_spec AK_SPEC_RENDER = {
    "render",
    "SCENE [options] -o out.png\nSCENE --frames N [--fps F] -o DIR | -o movie.mp4\n--list-devices "
    "| --list-scenes",
    "Render a 3D slice of SCENE to PNG. SCENE is a scene file (anakata-scene/1 JSON, e.g.\n"
    "scenes/stack_4d.json), the name of a bundled scene (stack_4d for scenes/stack_4d.json), or a\n"
    "built-in scene name (--list-scenes).",
    "SCENE",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

static bool parse_list(const char *s, double *out, int min, int max, int *count) {
    int n = 0;
    const char *p = s;
    while (*p && n < max) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno || !isfinite(v)) return false;
        out[n++] = v;
        if (*end == ',')
            p = end + 1;
        else if (*end == 0)
            p = end;
        else
            return false;
    }
    if (*p) return false;
    if (count) *count = n;
    return n >= min;
}

typedef struct render_opts {
    const char *scene, *out, *obj;
    double t, fps;
    int width, height, frames, device;
    bool gpu, mesh_view, no_shadows, no_grid, has_camera, has_target, has_fov, has_slice;
    double camera[4], target[4], fov, slice;
    int ncam;
} render_opts;

// Where the scene comes from: a built-in scene (posed analytically) or a scene file loaded
// with engine/scene.h and advanced with the world step (engine/world.h).
typedef struct scene_source {
    ak_model *m;
    ak_data *d;
    ak_world_opts wo;
} scene_source;

static scene_source g_src;

// Open the scene file PATH (the caller resolved a bundled scene's name with ak_cli_scene_path).
// Built-in names are tried first by the caller.
static bool source_open(const char *path, char *err, size_t n) {
    char e[AK_ERR_MAX];
    if (ak_dyn_scene_load(path, &g_src.m, &g_src.d, e, sizeof e) != 0) {
        snprintf(err, n, "%.800s", e); // e names the file
        return false;
    }
    if (g_src.m->dim < 2 || g_src.m->dim > 4) {
        snprintf(err, n, "%.300s: the renderer draws 2D, 3D and 4D scenes (this one is %dD)", path,
                 g_src.m->dim);
        return false;
    }
    g_src.wo = ak_world_default_opts(g_src.m);
    return true;
}

static void source_close(void) {
    if (g_src.d) ak_data_free(g_src.d);
    if (g_src.m) ak_model_free(g_src.m);
    memset(&g_src, 0, sizeof g_src);
}

// Advance the loaded scene with the world step until its time reaches t (never backwards).
static bool source_advance(double t, char *err, size_t n) {
    long target = lround(t / g_src.wo.dt);
    char e[AK_ERR_MAX];
    while (g_src.d->step < target) {
        if (ak_world_step(g_src.m, g_src.d, &g_src.wo, e, sizeof e) != 0) {
            snprintf(err, n, "world step %ld: %.400s", g_src.d->step + 1, e);
            return false;
        }
    }
    return true;
}

// The model's bodies as render objects (4D; a 3D scene is embedded at w = 0 so that its slice
// w = 0 is the 3D scene itself; a 2D scene is drawn as slabs of half-thickness EMBED_2D_HALF
// about z = 0 in that slice: disks as duocylinders (r, EMBED_2D_HALF), boxes and convex prisms
// with a thin z extent and a long w extent, hyperplanes as walls along z; 2D capsules have no
// 4D shape with the same cross-section and are refused).
static bool scene_from_model(ak_render_scene *s, const ak_model *m, const ak_data *d, char *err,
                             size_t n) {
    ak_render_scene_init(s);
    snprintf(s->name, sizeof s->name, "%.63s", m->title[0] ? m->title : m->source);
    const int dim = m->dim;
    double lo[4] = { INFINITY, INFINITY, INFINITY, INFINITY },
           hi[4] = { -INFINITY, -INFINITY, -INFINITY, -INFINITY };
    int nsolid = 0;
    static double verts[2 * AK_RENDER_MAX_VERTS][4]; // embedded convex vertices of one body
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        ak_shape sh = bd->shape;
        ak_pose p4 = ak_embed_pose4(m, d, b);
        if (sh.type != AK_SHAPE_HYPERPLANE) {
            double r = 0; // bounding radius for the automatic camera
            switch (sh.type) {
                case AK_SHAPE_HYPERSPHERE: r = sh.radius; break;
                case AK_SHAPE_HYPERCAPSULE: r = sh.radius + sh.half_length; break;
                case AK_SHAPE_HYPERBOX:
                    for (int i = 0; i < dim; i++) r += sh.half_extents[i] * sh.half_extents[i];
                    r = sqrt(r);
                    break;
                case AK_SHAPE_DUOCYLINDER: r = hypot(sh.radii[0], sh.radii[1]); break;
                case AK_SHAPE_CONVEX:
                    for (int v = 0; v < sh.nverts; v++) {
                        double q = 0;
                        for (int i = 0; i < dim; i++)
                            q += sh.verts[v * dim + i] * sh.verts[v * dim + i];
                        r = fmax(r, sqrt(q));
                    }
                    break;
                default: break;
            }
            for (int i = 0; i < 4; i++) {
                lo[i] = fmin(lo[i], p4.pos[i] - r);
                hi[i] = fmax(hi[i], p4.pos[i] + r);
            }
            nsolid++;
        }
        // the renderer's limits on convex bodies (vertices after embedding in 4D)
        const int maxv = dim == 2 ? 16 : dim == 3 ? 32 : 120;
        if (sh.type == AK_SHAPE_CONVEX && sh.nverts > maxv &&
            !(dim == 4 && sh.nfacets > 0)) { // 4D: facet planes
            snprintf(err, n,
                     "body '%s': %s convex shapes with more than %d vertices are not rendered",
                     bd->name,
                     dim == 2   ? "2D"
                     : dim == 3 ? "3D"
                                : "4D",
                     maxv);
            return false;
        }
        int vused = 0;
        if (ak_embed_shape4(dim, &sh, verts, 2 * AK_RENDER_MAX_VERTS, &vused) != 0) {
            snprintf(err, n, "body '%s': 2D %s shapes are not rendered", bd->name,
                     ak_shape_type_name(sh.type));
            return false;
        }
        char e[256];
        if (ak_render_scene_add(s, &sh, &p4, bd->color, e, sizeof e) < 0) {
            snprintf(err, n, "body '%.63s': %.255s", bd->name, e);
            return false;
        }
    }
    const ak_view *v = &m->view;
    if (v->has_camera && dim >= 3) {
        for (int i = 0; i < dim; i++) s->cam.pos[i] = v->position[i];
        s->cam.pos[3] = dim == 4 ? v->position[3] : 0.0;
        double R[AK_MAX_EVEN] = { 0 };
        if (dim == 4)
            memcpy(R, v->rotor, 8 * sizeof(double));
        else { // 3D (s, xy, xz, yz) into 4D (s, xy, xz, xw, yz, yw, zw, xyzw)
            R[0] = v->rotor[0], R[1] = v->rotor[1], R[2] = v->rotor[2], R[4] = v->rotor[3];
        }
        memcpy(s->cam.rotor, R, 8 * sizeof(double));
        if (v->fov_deg > 0) s->cam.fov_deg = v->fov_deg;
        s->cam.slice = v->slice;
    } else if (nsolid > 0) {
        double tg[4], ext = 0;
        for (int i = 0; i < 4; i++) {
            tg[i] = 0.5 * (lo[i] + hi[i]);
            ext = fmax(ext, hi[i] - lo[i]);
        }
        tg[3] = 0.0;
        if (dim == 2) tg[2] = 0.0; // a 2D scene is seen face on, a little from above
        ak_render_camera_orbit(&s->cam, tg,
                               0.75 * ext / tan(0.5 * s->cam.fov_deg * M_PI / 180.0) + 1.0, 0.0,
                               dim == 2 ? 8.0 : 15.0, 0.0);
    }
    ak_embed_lights(s, m);
    return true;
}

static bool build_scene(const render_opts *o, double t, ak_render_scene *s, char *err, size_t n) {
    if (g_src.m) {
        if (!source_advance(t, err, n) || !scene_from_model(s, g_src.m, g_src.d, err, n))
            return false;
    } else if (!ak_render_builtin(s, o->scene, t, err, n)) {
        return false;
    }
    if (o->has_camera || o->has_target) {
        double tg[4] = { 0, 0.8, 0, 0 };
        if (o->has_target) memcpy(tg, o->target, sizeof tg);
        double yaw = 0, pitch = 15, dist = 6, ana = 0;
        if (o->has_camera) {
            yaw = o->camera[0], pitch = o->camera[1], dist = o->camera[2];
            if (o->ncam > 3) ana = o->camera[3];
        } else {
            // keep the scene's camera orientation, re-aim at the target
            double r[4], u[4], b[4], a[4];
            ak_render_camera_frame(&s->cam, r, u, b, a);
            double d2 = 0;
            for (int i = 0; i < 4; i++) d2 += (s->cam.pos[i] - tg[i]) * (s->cam.pos[i] - tg[i]);
            for (int i = 0; i < 4; i++) s->cam.pos[i] = tg[i] + sqrt(d2) * b[i];
        }
        if (o->has_camera) ak_render_camera_orbit(&s->cam, tg, dist, yaw, pitch, ana);
    }
    if (o->has_fov) s->cam.fov_deg = o->fov;
    if (o->has_slice) s->cam.slice = o->slice;
    if (o->no_shadows) s->shadows = false;
    if (o->no_grid) s->grid = false;
    return true;
}

// The slicing display: every object's boundary mesh cut by the camera's 3D slice, as OBJ.
static int write_obj(const ak_render_scene *s, const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "anakata render: cannot write %s\n", path);
        return AK_EXIT_USAGE;
    }
    fprintf(f, "# anakata slice of scene '%s' by the camera's 3D slice (B-8slice)\n", s->name);
    long vbase = 1;
    int total = 0;
    for (int i = 0; i < s->nobj; i++) {
        double *tris, basis[12], foot[4];
        int ntri = ak_render_object_slice(s, i, MESH_K, &tris, basis, foot);
        if (ntri < 0) {
            fprintf(stderr, "anakata render: cannot mesh object %d\n", i);
            free(tris);
            fclose(f);
            return AK_EXIT_FAIL;
        }
        if (ntri == 0) {
            free(tris);
            continue;
        }
        if (vbase == 1) {
            fprintf(f, "# coordinates (x, y, z) in the slice basis; world point = foot + x b0 + y "
                       "b1 + z b2\n");
            fprintf(f, "# foot %.9g %.9g %.9g %.9g\n", foot[0], foot[1], foot[2], foot[3]);
            for (int b = 0; b < 3; b++)
                fprintf(f, "# b%d %.9g %.9g %.9g %.9g\n", b, basis[4 * b], basis[4 * b + 1],
                        basis[4 * b + 2], basis[4 * b + 3]);
        }
        fprintf(f, "o object%d_%s\n", i, ak_shape_type_name(s->obj[i].shape.type));
        for (int q = 0; q < 3 * ntri; q++)
            fprintf(f, "v %.9g %.9g %.9g\n", tris[3 * q], tris[3 * q + 1], tris[3 * q + 2]);
        for (int q = 0; q < ntri; q++)
            fprintf(f, "f %ld %ld %ld\n", vbase + 3 * q, vbase + 3 * q + 1, vbase + 3 * q + 2);
        vbase += 3L * ntri;
        total += ntri;
        free(tris);
    }
    fclose(f);
    fprintf(stderr, "wrote %s (%d triangles)\n", path, total);
    return AK_EXIT_OK;
}

static ak_vk_renderer *g_vk; // opened on the first --gpu frame, reused by the next frames
static int render_main(render_opts *op);

static int render_one(const render_opts *o, double t, const char *path) {
    static ak_render_scene *slot; // on the heap: see ak_render_scene_slot
    ak_render_scene *s = ak_render_scene_slot(&slot);
    if (!s) {
        fprintf(stderr, "anakata render: out of memory for the scene\n");
        return AK_EXIT_USAGE;
    }
    char err[512];
    if (!build_scene(o, t, s, err, sizeof err)) {
        fprintf(stderr, "anakata render: %s\n", err);
        return AK_EXIT_USAGE;
    }
    ak_render_image img;
    if (!ak_render_image_alloc(&img, o->width, o->height)) {
        fprintf(stderr, "anakata render: cannot allocate a %dx%d image\n", o->width, o->height);
        return AK_EXIT_USAGE;
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    const char *dev = "CPU reference tracer (double)";
    char devname[256];
    if (o->gpu) {
        int rc = g_vk ? AK_VK_OK : ak_render_vk_open(&g_vk, o->device, err, sizeof err);
        if (rc == AK_VK_OK) {
            snprintf(devname, sizeof devname, "%s (Vulkan)", ak_render_vk_device_name(g_vk));
            rc = ak_render_vk_draw(g_vk, s, &img, err, sizeof err);
        }
        if (rc != AK_VK_OK) {
            fprintf(stderr, "anakata render: Vulkan: %s\n", err);
            ak_render_image_free(&img);
            return AK_EXIT_FAIL;
        }
        dev = devname;
    } else if (o->mesh_view) {
        if (!ak_render_mesh_view(s, &img, MESH_K, NULL)) {
            fprintf(stderr, "anakata render: out of memory in the slicing display\n");
            ak_render_image_free(&img);
            return AK_EXIT_FAIL;
        }
        dev = "slicing display (tetrahedral meshes, B-8slice)";
    } else {
        ak_render_cpu(s, &img);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) * 1e-6;
    bool ok = ak_render_png_write(path, &img, err, sizeof err);
    ak_render_image_free(&img);
    if (!ok) {
        fprintf(stderr, "anakata render: %s\n", err);
        return AK_EXIT_USAGE;
    }
    fprintf(stderr, "wrote %s (%dx%d, scene %s, t=%g, %s, %.1f ms)\n", path, o->width, o->height,
            o->scene, t, dev, ms);
    if (o->obj) return write_obj(s, o->obj);
    return AK_EXIT_OK;
}

int ak_cmd_render(int argc, char **argv) {
    render_opts o = { .width = 640, .height = 480, .fps = 30, .device = -1 };
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_RENDER, argc, argv, &c, &prc)) return prc;
    if (ak_cli_has(&c, "--list-devices")) {
        char err[512];
        int rc = ak_render_vk_list_devices(stdout, err, sizeof err);
        printf("cpu: CPU reference tracer (double precision, OpenMP)\n");
        if (rc != AK_VK_OK) {
            fprintf(stderr, "anakata render: Vulkan: %s\n", err);
            return AK_EXIT_FAIL;
        }
        return AK_EXIT_OK;
    }
    if (ak_cli_has(&c, "--list-scenes")) {
        for (const char *const *n = ak_render_builtin_names(); *n; n++) printf("%s\n", *n);
        return AK_EXIT_OK;
    }
    o.scene = c.pos[0];
    o.out = ak_cli_str(&c, "-o", NULL);
    o.obj = ak_cli_str(&c, "--obj", NULL);
    o.t = ak_cli_get_num(&c, "-t", 0);
    o.gpu = ak_cli_has(&c, "--gpu");
    if (o.gpu && ak_cli_has(&c, "--cpu"))
        return ak_cli_bad_usage("render", "give --cpu or --gpu, not both");
    o.device = (int)ak_cli_get_long(&c, "--device", -1);
    o.mesh_view = ak_cli_has(&c, "--mesh-view");
    o.no_shadows = ak_cli_has(&c, "--no-shadows");
    o.no_grid = ak_cli_has(&c, "--no-grid");
    o.frames = (int)ak_cli_get_long(&c, "--frames", 0);
    o.fps = ak_cli_get_num(&c, "--fps", 30);
    if ((o.has_fov = ak_cli_has(&c, "--fov"))) o.fov = ak_cli_get_num(&c, "--fov", 0);
    if ((o.has_slice = ak_cli_has(&c, "--slice"))) o.slice = ak_cli_get_num(&c, "--slice", 0);
    const char *v;
    if ((v = ak_cli_str(&c, "--size", NULL)) &&
        (sscanf(v, "%dx%d", &o.width, &o.height) != 2 || o.width <= 0 || o.height <= 0 ||
         o.width > 16384 || o.height > 16384))
        return ak_cli_bad_usage(
            "render", "--size: expected WxH (two whole numbers from 1 to 16384), got '%s'", v);
    if ((v = ak_cli_str(&c, "--camera", NULL))) {
        if (!parse_list(v, o.camera, 3, 4, &o.ncam) || !(o.camera[2] > 0))
            return ak_cli_bad_usage(
                "render",
                "--camera: expected yaw,pitch,distance[,tilt] with distance > 0, got '%s'", v);
        o.has_camera = true;
    }
    if ((v = ak_cli_str(&c, "--target", NULL))) {
        if (!parse_list(v, o.target, 4, 4, NULL))
            return ak_cli_bad_usage("render", "--target: expected four numbers x,y,z,w, got '%s'",
                                    v);
        o.has_target = true;
    }
    char scene_buf[4096];
    bool builtin = false;
    for (const char *const *nm = ak_render_builtin_names(); *nm; nm++)
        if (!strcmp(*nm, o.scene)) builtin = true;
    if (!builtin) {
        char err[AK_ERR_MAX + 512];
        if (ak_cli_scene_path(o.scene, scene_buf, sizeof scene_buf) != 0) {
            fprintf(stderr,
                    "anakata render: '%s' is neither a built-in scene (--list-scenes), a file, nor "
                    "a bundled "
                    "scene (scenes/%s.json)\n",
                    o.scene, o.scene);
            return AK_EXIT_USAGE;
        }
        if (!source_open(scene_buf, err, sizeof err)) {
            fprintf(stderr, "anakata render: %s\n", err);
            source_close();
            return AK_EXIT_USAGE;
        }
    }
    int rc = render_main(&o);
    source_close();
    ak_render_vk_close(g_vk);
    g_vk = NULL;
    return rc;
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcasecmp(s + n - m, suffix);
}

// --frames with -o NAME.mp4: the frames go to a temporary directory beside NAME, ffmpeg encodes
// them into NAME, and the frames are removed. Without ffmpeg the request is refused up front.
static int render_mp4(render_opts o) {
    if (system("command -v ffmpeg >/dev/null 2>&1") != 0) {
        fprintf(stderr,
                "anakata render: -o '%s': writing an MP4 needs ffmpeg on PATH (not found); give a "
                "directory "
                "to get the PNG frames instead\n",
                o.out);
        return AK_EXIT_USAGE;
    }
    if (strchr(o.out, '\'')) {
        fprintf(stderr, "anakata render: -o '%s': the file name has a quote\n", o.out);
        return AK_EXIT_USAGE;
    }
    struct stat st;
    if (stat(o.out, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "anakata render: -o '%s': is a directory, not an MP4 file\n", o.out);
        return AK_EXIT_USAGE;
    }
    char dir[4200];
    snprintf(dir, sizeof dir, "%s.frames-XXXXXX", o.out);
    if (!mkdtemp(dir)) {
        fprintf(stderr,
                "anakata render: -o '%s': cannot create a directory for the frames beside it: %s\n",
                o.out, strerror(errno));
        return AK_EXIT_USAGE;
    }
    o.obj = NULL;
    int rc = AK_EXIT_OK;
    for (int f = 0; f < o.frames && rc == AK_EXIT_OK; f++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/frame_%05d.png", dir, f);
        rc = render_one(&o, o.t + f / o.fps, path);
    }
    if (rc == AK_EXIT_OK) {
        char cmd[9000];
        snprintf(cmd, sizeof cmd,
                 "ffmpeg -nostdin -loglevel error -y -framerate %.17g -i '%s/frame_%%05d.png' "
                 "-vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' -pix_fmt yuv420p -f mp4 '%s'",
                 o.fps, dir, o.out);
        if (system(cmd) != 0) {
            fprintf(stderr, "anakata render: ffmpeg failed to write %s\n", o.out);
            rc = AK_EXIT_USAGE;
        } else {
            fprintf(stderr, "wrote %s (%d frames)\n", o.out, o.frames);
        }
    }
    for (int f = 0; f < o.frames; f++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/frame_%05d.png", dir, f);
        unlink(path);
    }
    rmdir(dir);
    return rc;
}

static int render_main(render_opts *op) {
    render_opts o = *op;
    if (o.frames == 0) return render_one(&o, o.t, o.out);
    if (ends_with(o.out, ".mp4")) return render_mp4(o);
    static const char *const FILE_EXT[] = { ".png",  ".svg", ".jpg", ".jpeg", ".gif",
                                            ".webm", ".mkv", ".avi", ".mov" };
    for (size_t k = 0; k < sizeof FILE_EXT / sizeof FILE_EXT[0]; k++)
        if (ends_with(o.out, FILE_EXT[k])) {
            fprintf(stderr,
                    "anakata render: -o '%s': --frames writes a directory of PNG frames or an .mp4 "
                    "file, "
                    "not a %s file\n",
                    o.out, FILE_EXT[k]);
            return AK_EXIT_USAGE;
        }
    if (mkdir(o.out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "anakata render: cannot create directory %s\n", o.out);
        return AK_EXIT_USAGE;
    }
    const char *obj = o.obj;
    o.obj = NULL;
    for (int f = 0; f < o.frames; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/frame_%05d.png", o.out, f);
        int rc = render_one(&o, o.t + f / o.fps, path);
        if (rc != AK_EXIT_OK) return rc;
    }
    (void)obj;
    // MP4 when ffmpeg is installed (it is optional). yuv420p needs even sizes: pad odd ones by
    // one pixel. The frames are kept either way.
    if (strchr(o.out, '\'')) {
        fprintf(stderr,
                "anakata render: the directory name has a quote: skipped the MP4 (the %d PNG "
                "frames are written)\n",
                o.frames);
    } else if (system("command -v ffmpeg >/dev/null 2>&1") == 0) {
        char cmd[8400];
        snprintf(cmd, sizeof cmd,
                 "ffmpeg -nostdin -loglevel error -y -framerate %.17g -i '%s/frame_%%05d.png' "
                 "-vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' -pix_fmt yuv420p '%s/movie.mp4'",
                 o.fps, o.out, o.out);
        if (system(cmd) != 0)
            fprintf(stderr, "anakata render: ffmpeg failed; the PNG frames are kept\n");
        else
            fprintf(stderr, "wrote %s/movie.mp4\n", o.out);
    } else {
        fprintf(stderr,
                "anakata render: ffmpeg not found on PATH: skipped the MP4 (the %d PNG frames are "
                "written)\n",
                o.frames);
    }
    return AK_EXIT_OK;
}
