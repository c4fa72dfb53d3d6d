// anakata plot TRACE --quantity omega_body|energy|momentum -o FILE.svg|png [--body NAME]
// Draws time series from a trace (docs/trace-format.md) with cairo.
//   omega_body  the body-frame rate bivector wb_* of one body (default: the first body); when the
//               trace has no wb_* columns, w_b = R~ w R from the core columns R and w
//   energy      the system's total energy (column "energy"); without that column, the kinetic energy
//               from the masses and inertias (below)
//   momentum    the components J_* of the total angular momentum about the origin, summed over
//               the bodies, and its norm |J|; when the trace has no J_* columns, computed from x,
//               v, R, w and each body's mass and inertia, taken from --scene FILE, else the
//               reference manifest beside the trace (manifest.json), else the scene the trace
//               names ("# scene:", as a path or relative to the source tree)
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "verify/common/files.h"
#include "verify/common/plot.h"
#include "verify/compare/trace_read.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "engine/model.h"
#include "engine/scene.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

#define MAX_SERIES 12

static double nice_step(double span, int target) {
    double raw = span / target, p = pow(10, floor(log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

static const double COLORS[MAX_SERIES][3] = {
    { 0.12, 0.47, 0.71 }, { 1.0, 0.5, 0.05 },   { 0.17, 0.63, 0.17 }, { 0.84, 0.15, 0.16 },
    { 0.58, 0.40, 0.74 }, { 0.55, 0.34, 0.29 }, { 0.89, 0.47, 0.76 }, { 0.5, 0.5, 0.5 },
    { 0.74, 0.74, 0.13 }, { 0.09, 0.75, 0.81 }, { 0.0, 0.0, 0.0 },    { 0.6, 0.0, 0.3 }
};

static void draw(cairo_t *cr, int W, int H, const char *title, int ns, char names[][32],
                 double *const x, double *const y[], size_t np) {
    const double L = 80, R = 130, T = 50, B = 55;
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (size_t i = 0; i < np; i++) {
        x0 = fmin(x0, x[i]), x1 = fmax(x1, x[i]);
        for (int s = 0; s < ns; s++)
            if (isfinite(y[s][i])) y0 = fmin(y0, y[s][i]), y1 = fmax(y1, y[s][i]);
    }
    if (!(x1 > x0)) x1 = x0 + 1;
    if (!(y1 > y0)) {
        double c = isfinite(y0) ? y0 : 0, d = fmax(fabs(c) * 1e-6, 1e-12);
        y0 = c - d, y1 = c + d;
    }
    double pad = 0.05 * (y1 - y0);
    y0 -= pad, y1 += pad;
    double pw = W - L - R, ph = H - T - B;
#define PX(v) (L + ((v)-x0) / (x1 - x0) * pw)
#define PY(v) (T + (y1 - (v)) / (y1 - y0) * ph)
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    ak_plot_fonts_in_use();
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 12);
    cairo_set_line_width(cr, 1);
    double sx = nice_step(x1 - x0, 10), sy = nice_step(y1 - y0, 8);
    char lab[64];
    for (double v = ceil(x0 / sx) * sx; v <= x1 + 1e-9 * sx; v += sx) {
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
        cairo_move_to(cr, PX(v), T);
        cairo_line_to(cr, PX(v), T + ph);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        snprintf(lab, sizeof lab, "%g", fabs(v) < 1e-12 * sx ? 0.0 : v);
        cairo_move_to(cr, PX(v) - 8, T + ph + 18);
        cairo_show_text(cr, lab);
    }
    for (double v = ceil(y0 / sy) * sy; v <= y1 + 1e-9 * sy; v += sy) {
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
        cairo_move_to(cr, L, PY(v));
        cairo_line_to(cr, L + pw, PY(v));
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        snprintf(lab, sizeof lab, "%.6g", fabs(v) < 1e-12 * sy ? 0.0 : v);
        cairo_text_extents_t te;
        cairo_text_extents(cr, lab, &te);
        cairo_move_to(cr, L - 6 - te.width, PY(v) + 4);
        cairo_show_text(cr, lab);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_rectangle(cr, L, T, pw, ph);
    cairo_stroke(cr);
    cairo_move_to(cr, L + pw / 2 - 15, H - 15);
    cairo_show_text(cr, "t (s)");
    cairo_set_font_size(cr, 14);
    cairo_move_to(cr, L, 30);
    cairo_show_text(cr, title);
    cairo_set_font_size(cr, 12);
    cairo_set_line_width(cr, 1.5);
    for (int s = 0; s < ns; s++) {
        cairo_set_source_rgb(cr, COLORS[s][0], COLORS[s][1], COLORS[s][2]);
        bool pen = false;
        for (size_t i = 0; i < np; i++) {
            if (!isfinite(y[s][i])) {
                pen = false;
                continue;
            }
            if (pen)
                cairo_line_to(cr, PX(x[i]), PY(y[s][i]));
            else
                cairo_move_to(cr, PX(x[i]), PY(y[s][i]));
            pen = true;
        }
        cairo_stroke(cr);
        cairo_move_to(cr, L + pw + 15, T + 15 + 20 * s);
        cairo_line_to(cr, L + pw + 40, T + 15 + 20 * s);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, L + pw + 46, T + 19 + 20 * s);
        cairo_show_text(cr, names[s]);
    }
#undef PX
#undef PY
}

// Mass and inertia of every body of t (mass[b], I[b * AK_MAX_BIV * AK_MAX_BIV]: k x k, body frame,
// about the centroid). Sources in order: scene_arg, manifest.json beside the trace, the trace's
// "# scene:". Returns 0, or -1 with a message in err.
static int mass_props(const ak_tracefile *t, const char *trace_path, const char *scene_arg,
                      double *mass, double *I, char *err, size_t errlen) {
    int k = t->nbiv;
    size_t II = (size_t)AK_MAX_BIV * AK_MAX_BIV;
    // the reference manifest beside the trace
    if (!scene_arg) {
        char dir[1024], mpath[1100];
        snprintf(dir, sizeof dir, "%s", trace_path);
        char *slash = strrchr(dir, '/');
        const char *base = slash ? slash + 1 : trace_path;
        if (slash)
            *slash = '\0';
        else
            snprintf(dir, sizeof dir, ".");
        snprintf(mpath, sizeof mpath, "%s/manifest.json", dir);
        char *text = ak_read_file(mpath, NULL);
        cJSON *root = text ? cJSON_Parse(text) : NULL;
        free(text);
        const cJSON *sc, *entry = NULL;
        cJSON_ArrayForEach(sc, cJSON_GetObjectItemCaseSensitive(root, "scenes")) {
            const cJSON *tr = cJSON_GetObjectItemCaseSensitive(sc, "trace");
            if (cJSON_IsString(tr) && !strcmp(tr->valuestring, base)) entry = sc;
        }
        int found = 0;
        if (entry)
            for (int b = 0; b < t->nbody; b++) {
                const cJSON *jb;
                cJSON_ArrayForEach(jb, cJSON_GetObjectItemCaseSensitive(entry, "bodies")) {
                    const cJSON *nm = cJSON_GetObjectItemCaseSensitive(jb, "name");
                    const cJSON *jm = cJSON_GetObjectItemCaseSensitive(jb, "mass");
                    const cJSON *ji = cJSON_GetObjectItemCaseSensitive(jb, "inertia");
                    if (!cJSON_IsString(nm) || strcmp(nm->valuestring, t->body[b]) ||
                        !cJSON_IsNumber(jm) || cJSON_GetArraySize(ji) != k)
                        continue;
                    mass[b] = jm->valuedouble;
                    bool ok = true;
                    for (int i = 0; i < k; i++) {
                        const cJSON *row = cJSON_GetArrayItem(ji, i);
                        ok = ok && cJSON_GetArraySize(row) == k;
                        for (int j = 0; ok && j < k; j++) {
                            const cJSON *v = cJSON_GetArrayItem(row, j);
                            ok = cJSON_IsNumber(v);
                            if (ok) I[(size_t)b * II + (size_t)(i * k + j)] = v->valuedouble;
                        }
                    }
                    if (ok) found++;
                    break;
                }
            }
        cJSON_Delete(root);
        if (entry && found == t->nbody) return 0;
    }
    // a scene file
    const char *scene = scene_arg ? scene_arg : t->scene;
    if (!scene || !scene[0]) {
        snprintf(err, errlen,
                 "no masses and inertias to compute the momentum or energy from: give "
                 "--scene FILE");
        return -1;
    }
    char path[1400];
    snprintf(path, sizeof path, "%.1300s", scene);
    FILE *f = fopen(path, "r");
    if (!f && !scene_arg && scene[0] != '/') {
        snprintf(path, sizeof path, "%s/%s", AK_SOURCE_DIR, scene);
        f = fopen(path, "r");
    }
    if (!f) {
        snprintf(err, errlen,
                 "for the masses and inertias, cannot open the scene '%.300s' "
                 "(give --scene FILE)",
                 scene);
        return -1;
    }
    fclose(f);
    char e[512];
    ak_model *m = ak_scene_load(path, NULL, e, sizeof e);
    if (!m) {
        snprintf(err, errlen, "%.500s", e);
        return -1;
    }
    for (int b = 0; b < t->nbody; b++) {
        int mb = -1;
        for (int q = 0; q < m->nbody; q++)
            if (!strcmp(m->bodies[q].name, t->body[b])) mb = q;
        if (mb < 0 || m->dim != t->dim) {
            snprintf(err, errlen, "%.600s: no %dD body '%.100s' of the trace in this scene", path,
                     t->dim, t->body[b]);
            ak_model_free(m);
            return -1;
        }
        mass[b] = m->bodies[mb].mass;
        memcpy(I + (size_t)b * II, m->bodies[mb].inertia, (size_t)k * (size_t)k * sizeof(double));
    }
    ak_model_free(m);
    return 0;
}

static const ak_opt OPTS[] = {
    { "--quantity", AK_ARG_CHOICE, "Q",
      "omega_body: the body-frame rate bivector of one body;\n"
      "energy: the total energy; momentum: the total angular momentum\n"
      "about the origin, per component and its norm |J|. Traces\n"
      "without wb_* or J_* columns (e.g. verify/reference/*.csv) are\n"
      "plotted from x, v, R and w: w_b = R~ w R, and J from each\n"
      "body's mass and inertia (--scene, else manifest.json beside the\n"
      "trace, else the scene the trace names)",
      AK_OPT_REQUIRED, 0, 0, NULL, "omega_body|energy|momentum" },
    { "-o", AK_ARG_TEXT, "FILE", "output file; .svg or .png", AK_OPT_REQUIRED, 0, 0, "file name",
      NULL },
    { "--scene", AK_ARG_TEXT, "SCENE",
      "the scene for the masses and inertias (a file or a bundled\nscene's name)", 0, 0, 0, "scene",
      NULL },
    { "--body", AK_ARG_TEXT, "NAME", "the body for omega_body (default: the first body)", 0, 0, 0,
      "body name", NULL },
    { "--title", AK_ARG_TEXT, "TEXT", "the plot's title (default: quantity, scene, integrator)", 0,
      0, 0, "title", NULL },
};

const ak_cmd_spec AK_SPEC_PLOT = {
    "plot",
    "TRACE --quantity omega_body|energy|momentum -o FILE.svg|png [--body NAME] [--title TEXT]",
    "Draw a time series from TRACE (written by anakata run --trace, docs/trace-format.md).",
    "TRACE",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

int ak_cmd_plot(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_PLOT, argc, argv, &c, &prc)) return prc;
    const char *path = c.pos[0], *qty = ak_cli_str(&c, "--quantity", NULL),
               *out = ak_cli_str(&c, "-o", NULL);
    const char *body = ak_cli_str(&c, "--body", NULL), *title_arg = ak_cli_str(&c, "--title", NULL);
    char scene_buf[4096];
    const char *scene_arg = NULL;
    if (ak_cli_has(&c, "--scene")) {
        ak_cli_scene_path(ak_cli_str(&c, "--scene", ""), scene_buf, sizeof scene_buf);
        scene_arg = scene_buf;
    }
    size_t ol = strlen(out);
    bool svg = ol > 4 && !strcmp(out + ol - 4, ".svg"),
         png = ol > 4 && !strcmp(out + ol - 4, ".png");
    if (!svg && !png)
        return ak_cli_bad_usage("plot", "-o: the file name must end in .svg or .png, got '%s'",
                                out);
    FILE *in = fopen(path, "r"); // the OS reason first; ak_tracefile_read only says it cannot read
    if (!in) {
        fprintf(stderr, "anakata plot: cannot open '%s': %s\n", path, strerror(errno));
        return AK_EXIT_USAGE;
    }
    struct stat st;
    bool is_dir = fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode);
    fclose(in);
    if (is_dir) {
        fprintf(stderr, "anakata plot: '%s' is a directory, not a trace file\n", path);
        return AK_EXIT_USAGE;
    }
    ak_tracefile t;
    char err[1024];
    if (ak_tracefile_read(path, &t, err, sizeof err) !=
        0) { // verify/compare/trace_read.h: validates too
        fprintf(stderr, "anakata plot: %s\n", err);
        return AK_EXIT_USAGE;
    }
    int bi = body ? ak_tracefile_body(&t, body) : 0;
    if (bi < 0) {
        fprintf(stderr, "anakata plot: no body '%s' in the trace\n", body);
        ak_tracefile_free(&t);
        return AK_EXIT_USAGE;
    }
    body = t.body[bi];
    // the series: extra columns wb_* (omega_body), J_* (momentum) or energy
    int ns = 0, cols[MAX_SERIES];
    char names[MAX_SERIES][32];
    const char *prefix = !strcmp(qty, "omega_body") ? "wb_"
                         : !strcmp(qty, "momentum") ? "J_"
                                                    : NULL;
    if (prefix) {
        for (int c = 0; c < t.nextra && ns < MAX_SERIES - 1; c++)
            if (!strncmp(t.extra_name[c], prefix, strlen(prefix))) {
                cols[ns] = c;
                snprintf(names[ns++], 32, "%s", t.extra_name[c]);
            }
    } else if ((cols[0] = ak_tracefile_extra_col(&t, "energy")) >= 0) {
        ns = 1;
        snprintf(names[0], 32, "energy");
    }
    // No wb_* / J_* columns: computed from the core columns (derived = true, cols unused).
    bool derived = false;
    double *mass = NULL, *inertia = NULL;
    bool ke_only = false;
    if (ns == 0 && (prefix || !strcmp(qty, "energy")) && t.nbiv <= MAX_SERIES - 1) {
        const char *p2 = !strcmp(qty, "momentum") ? "J_" : "wb_";
        for (int j = 0; j < t.nbiv; j++)
            snprintf(names[j], 32, "%s%s", p2, ak_nd_biv_name(t.dim, j));
        ns = t.nbiv;
        derived = true;
        if (!prefix) { // no energy column: the kinetic energy (the potential needs the forces)
            ke_only = true;
            ns = 1;
            snprintf(names[0], 32, "kinetic energy");
        }
        if (strcmp(qty, "omega_body")) {
            mass = calloc((size_t)t.nbody, sizeof *mass);
            inertia = calloc((size_t)t.nbody * AK_MAX_BIV * AK_MAX_BIV, sizeof *inertia);
            if (!mass || !inertia ||
                mass_props(&t, path, scene_arg, mass, inertia, err, sizeof err) != 0) {
                fprintf(stderr, "anakata plot: %s: %s\n", path,
                        mass && inertia ? err : "out of memory");
                free(mass);
                free(inertia);
                ak_tracefile_free(&t);
                return AK_EXIT_USAGE;
            }
        }
    }
    if (ns == 0) {
        fprintf(stderr, "anakata plot: the trace has no columns for '%s'\n", qty);
        ak_tracefile_free(&t);
        return AK_EXIT_USAGE;
    }
    FILE *probe = fopen(out, "wb"); // the output must be writable before we draw
    if (!probe) {
        fprintf(stderr, "anakata plot: cannot write '%s': %s\n", out, strerror(errno));
        ak_tracefile_free(&t);
        return AK_EXIT_USAGE;
    }
    fclose(probe);
    // one point per recorded step: the chosen body's value (omega_body, energy) or the sum over
    // the bodies (momentum) and its norm
    bool is_mom = !strcmp(qty, "momentum");
    size_t np = (size_t)t.nsteps;
    double *ys[MAX_SERIES] = { 0 };
    int nalloc = ns + 1;
    bool oom = false;
    for (int s = 0; s < nalloc; s++) oom |= !(ys[s] = calloc(np, sizeof(double)));
    if (oom) {
        fprintf(stderr, "anakata plot: out of memory\n");
        for (int q = 0; q < nalloc; q++) free(ys[q]);
        ak_tracefile_free(&t);
        return AK_EXIT_FAIL;
    }
    for (long st_i = 0; derived && st_i < t.nsteps; st_i++) {
        double v[AK_MAX_BIV];
        if (!is_mom) { // w_b = R~ w R = [R]_2^T w
            double M2[AK_MAX_BIV * AK_MAX_BIV];
            const double *w = ak_tracefile_w(&t, st_i, bi);
            ak_nd_rotor_biv_matrix(t.dim, M2, ak_tracefile_R(&t, st_i, bi));
            for (int j = 0; j < ns; j++) {
                v[j] = 0;
                for (int i = 0; i < ns; i++) v[j] += M2[i * ns + j] * w[i];
                ys[j][st_i] = v[j];
            }
            continue;
        }
        for (int b = 0; ke_only && b < t.nbody; b++)
            if (mass[b] > 0)
                ys[0][st_i] += ak_dyn_kinetic_energy(
                    t.dim, mass[b], inertia + (size_t)b * AK_MAX_BIV * AK_MAX_BIV,
                    ak_tracefile_R(&t, st_i, b), ak_tracefile_v(&t, st_i, b),
                    ak_tracefile_w(&t, st_i, b));
        for (int b = 0; !ke_only && b < t.nbody; b++) {
            if (!(mass[b] > 0)) continue; // fixed bodies carry no momentum
            ak_dyn_angular_momentum(t.dim, v, mass[b],
                                    inertia + (size_t)b * AK_MAX_BIV * AK_MAX_BIV,
                                    ak_tracefile_R(&t, st_i, b), ak_tracefile_x(&t, st_i, b),
                                    ak_tracefile_v(&t, st_i, b), ak_tracefile_w(&t, st_i, b));
            for (int j = 0; j < ns; j++) ys[j][st_i] += v[j];
        }
    }
    free(mass);
    free(inertia);
    for (long st_i = 0; !derived && st_i < t.nsteps; st_i++)
        for (int s = 0; s < ns; s++) {
            if (!is_mom) {
                ys[s][st_i] = ak_tracefile_extra(&t, st_i, bi, cols[s]);
                continue;
            }
            for (int b = 0; b < t.nbody; b++)
                ys[s][st_i] += ak_tracefile_extra(&t, st_i, b, cols[s]);
        }
    if (is_mom) {
        for (size_t i = 0; i < np; i++) {
            double n2 = 0;
            for (int s = 0; s < ns; s++) n2 += ys[s][i] * ys[s][i];
            ys[ns][i] = sqrt(n2);
        }
        snprintf(names[ns++], 32, "|J|");
    }
    int rc = AK_EXIT_OK;
    char title[700];
    if (title_arg)
        snprintf(title, sizeof title, "%s", title_arg);
    else
        snprintf(title, sizeof title, "%s%s%s - %s (%s)", qty, prefix && !is_mom ? " of " : "",
                 prefix && !is_mom ? body : "", t.scene, t.integrator);
    const int W = 1000, H = 520;
    cairo_surface_t *surf = svg ? cairo_svg_surface_create(out, W, H)
                                : cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cairo_t *cr = cairo_create(surf);
    draw(cr, W, H, title, ns, names, t.t, (double *const *)ys, np);
    cairo_destroy(cr);
    if (png && cairo_surface_write_to_png(surf, out) != CAIRO_STATUS_SUCCESS) rc = AK_EXIT_FAIL;
    cairo_surface_finish(surf);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) rc = AK_EXIT_FAIL;
    cairo_surface_destroy(surf);
    cairo_debug_reset_static_data(); // release cairo's font caches (quiet leak checkers)
    if (rc != AK_EXIT_OK)
        fprintf(stderr, "anakata plot: writing '%s' failed\n", out);
    else
        printf("wrote %s (%zu points, %d series)\n", out, np, ns);
    for (int s = 0; s < nalloc; s++) free(ys[s]);
    ak_tracefile_free(&t);
    return rc;
}
