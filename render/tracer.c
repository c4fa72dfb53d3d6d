// CPU reference sphere tracer. The GLSL twin is shaders/trace.comp; both read
// shaders/ak_render_constants.h. Formula IDs: T-6.1cam, T-Alg14, T-Alg15, T-6.1, T-6.2.2, T-E.*.
#include "tracer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sdf/sdf.h"

static double dot4(const double a[4], const double b[4]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

bool ak_render_image_alloc(ak_render_image *img, int width, int height) {
    img->width = img->height = 0;
    img->rgb = NULL;
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) return false;
    img->rgb = calloc((size_t)width * (size_t)height * 3, 1);
    if (!img->rgb) return false;
    img->width = width;
    img->height = height;
    return true;
}

void ak_render_image_free(ak_render_image *img) {
    free(img->rgb);
    img->rgb = NULL;
    img->width = img->height = 0;
}

double ak_render_scene_sdf(const ak_render_scene *s, const double x[4], int *obj) {
    double best = INFINITY;
    int bi = -1;
    for (int i = 0; i < s->nobj; i++) {
        const ak_render_object *o = &s->obj[i];
        if (o->bound < INFINITY) {
            // Lower bound from the bounding ball: when it cannot beat the best distance so far,
            // the exact SDF cannot either (the result is unchanged, only faster).
            double e[4] = {x[0] - o->pose.pos[0], x[1] - o->pose.pos[1], x[2] - o->pose.pos[2], x[3] - o->pose.pos[3]};
            double lb = sqrt(dot4(e, e)) - o->bound * AK_RT_BOUND_SLACK - AK_RT_BOUND_SLACK_ABS;
            if (lb >= best) continue;
        }
        double d = ak_sdf_shape(&o->shape, &o->pose, x, o->nplanes, s->plane_n + 4 * o->plane_first,
                                s->plane_o + o->plane_first);
        if (d < best) { // T-E.union: min
            best = d;
            bi = i;
        }
    }
    if (obj) *obj = bi;
    return best;
}

void ak_render_camera_ray(const ak_render_scene *s, int width, int height, double px, double py,
                          double origin[4], double dir[4]) {
    double right[4], up[4], back[4], ana[4];
    ak_render_camera_frame(&s->cam, right, up, back, ana);
    double th = tan(0.5 * s->cam.fov_deg * M_PI / 180.0);
    double aspect = (double)width / (double)height;
    double u = (2.0 * (px + 0.5) / width - 1.0) * th * aspect;
    double v = (1.0 - 2.0 * (py + 0.5) / height) * th;
    double len2 = 0.0;
    for (int i = 0; i < 4; i++) {
        origin[i] = s->cam.pos[i] + s->cam.slice * ana[i];
        dir[i] = u * right[i] + v * up[i] - back[i];
        len2 += dir[i] * dir[i];
    }
    double inv = 1.0 / sqrt(len2);
    for (int i = 0; i < 4; i++) dir[i] *= inv;
}

static double sdf_along(const ak_render_scene *s, const double o[4], const double v[4], double t) {
    double p[4];
    for (int i = 0; i < 4; i++) p[i] = o[i] + t * v[i];
    return ak_render_scene_sdf(s, p, NULL);
}

bool ak_render_trace(const ak_render_scene *s, const double o[4], const double dir[4], double *t_out,
                     int *obj, int *steps) {
    double t = 0.0;
    bool hit = false;
    int i = 0, which = -1;
    for (; i < AK_RT_MAX_STEPS; i++) {
        double p[4];
        for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
        double d = ak_render_scene_sdf(s, p, &which);
        if (d < AK_RT_HIT_EPS * fmax(t, 1.0)) {
            hit = true;
            break;
        }
        t += d;
        if (t > AK_RT_MAX_DIST) break;
    }
    if (hit) {
        for (int k = 0; k < AK_RT_REFINE_STEPS; k++) {
            double h = AK_RT_NORMAL_H;
            double d = sdf_along(s, o, dir, t);
            double slope = (sdf_along(s, o, dir, t + h) - sdf_along(s, o, dir, t - h)) / (2.0 * h);
            if (slope > -AK_RT_REFINE_MIN_SLOPE) break;
            double tn = t - d / slope;
            if (tn < 0.0) break;
            t = tn;
        }
        double p[4];
        for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
        ak_render_scene_sdf(s, p, &which);
    }
    *t_out = t;
    if (obj) *obj = hit ? which : -1;
    if (steps) *steps = i;
    return hit;
}

void ak_render_normal(const ak_render_scene *s, const double p[4], double n[4]) {
    const double h = AK_RT_NORMAL_H;
    double len2 = 0.0;
    for (int a = 0; a < 4; a++) {
        double q[4] = {p[0], p[1], p[2], p[3]};
        q[a] = p[a] + h;
        double dp = ak_render_scene_sdf(s, q, NULL);
        q[a] = p[a] - h;
        double dm = ak_render_scene_sdf(s, q, NULL);
        n[a] = (dp - dm) / (2.0 * h);
        len2 += n[a] * n[a];
    }
    double inv = len2 > 0 ? 1.0 / sqrt(len2) : 0.0;
    for (int a = 0; a < 4; a++) n[a] *= inv;
}

double ak_render_soft_shadow(const ak_render_scene *s, const double p[4], const double l[4]) {
    double res = 1.0, t = AK_RT_SHADOW_TMIN;
    for (int i = 0; i < AK_RT_SHADOW_STEPS; i++) {
        double d = sdf_along(s, p, l, t);
        res = fmin(res, AK_RT_SHADOW_K * d / t);
        if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) break;
        t += fmin(fmax(d, AK_RT_SHADOW_STEP_MIN), AK_RT_SHADOW_STEP_MAX);
    }
    return fmin(fmax(res, 0.0), 1.0);
}

// Grid lines on a hyperplane: one family per world axis that lies (mostly) in the plane and
// varies across the camera's slice (in the slice w = const every point is on a w line).
// Lines widen with distance t (footprint AK_RT_GRID_FOOTPRINT per unit) and fade to keep the
// mean darkening, a cheap anti-aliasing.
static void grid_tint(const ak_render_scene *s, const ak_render_object *o, const double p[4],
                      double t, double albedo[3]) {
    static const double tint[4][3] = {{0.45, 0.45, 0.45}, {0.45, 0.45, 0.45},
                                      {0.45, 0.45, 0.45}, {0.30, 0.40, 0.95}};
    double right[4], up[4], back[4], ana[4];
    ak_render_camera_frame(&s->cam, right, up, back, ana);
    double hw = fmax(AK_RT_GRID_HALF_WIDTH, AK_RT_GRID_FOOTPRINT * t);
    double amount = AK_RT_GRID_HALF_WIDTH / hw;
    for (int a = 0; a < 4; a++) {
        if (fabs(o->shape.normal[a]) > 0.5) continue;
        if (fabs(ana[a]) > AK_RT_GRID_MIN_SPAN) continue;
        double q = p[a] / AK_RT_GRID_SPACING;
        double f = fabs(q - floor(q + 0.5)) * AK_RT_GRID_SPACING;
        if (f < hw)
            for (int c = 0; c < 3; c++) albedo[c] *= 1.0 - amount * (1.0 - tint[a][c]);
    }
}

void ak_render_shade(const ak_render_scene *s, const double o[4], const double dir[4],
                     double rgb[3]) {
    double t;
    int obj;
    if (!ak_render_trace(s, o, dir, &t, &obj, NULL) || obj < 0) {
        double up = fmax(dir[1], 0.0);
        for (int c = 0; c < 3; c++) rgb[c] = s->sky[c] * (1.0 - 0.35 * up);
        return;
    }
    const ak_render_object *ob = &s->obj[obj];
    double p[4], n[4];
    for (int k = 0; k < 4; k++) p[k] = o[k] + t * dir[k];
    ak_render_normal(s, p, n);
    double albedo[3] = {ob->color[0], ob->color[1], ob->color[2]};
    if (s->grid && ob->shape.type == AK_SHAPE_HYPERPLANE) grid_tint(s, ob, p, t, albedo);
    double lin[3] = {s->ambient[0], s->ambient[1], s->ambient[2]};
    double lift = 4.0 * AK_RT_HIT_EPS * fmax(t, 1.0);
    double ps[4];
    for (int k = 0; k < 4; k++) ps[k] = p[k] + lift * n[k];
    for (int li = 0; li < s->nlight; li++) {
        double l[4];
        double ll = sqrt(dot4(s->light[li].dir, s->light[li].dir));
        for (int k = 0; k < 4; k++) l[k] = s->light[li].dir[k] / ll;
        double ndl = fmax(dot4(n, l), 0.0); // T-6.1 corrected: clamped at zero
        if (ndl <= 0.0) continue;
        double sh = s->shadows ? ak_render_soft_shadow(s, ps, l) : 1.0;
        for (int c = 0; c < 3; c++) lin[c] += s->light[li].color[c] * ndl * sh;
    }
    for (int c = 0; c < 3; c++) rgb[c] = albedo[c] * lin[c];
}

unsigned char ak_render_encode(double linear) {
    double c = fmin(fmax(linear, 0.0), 1.0);
    return (unsigned char)floor(pow(c, 1.0 / AK_RT_GAMMA) * 255.0 + 0.5);
}

void ak_render_cpu(const ak_render_scene *s, ak_render_image *img) {
    int w = img->width, h = img->height;
#pragma omp parallel for schedule(dynamic, 1)
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double o[4], d[4], rgb[3];
            ak_render_camera_ray(s, w, h, x, y, o, d);
            ak_render_shade(s, o, d, rgb);
            unsigned char *px = img->rgb + 3 * ((size_t)y * w + x);
            for (int c = 0; c < 3; c++) px[c] = ak_render_encode(rgb[c]);
        }
}

bool ak_render_image_compare(ak_render_diff *out, const ak_render_image *a, const ak_render_image *b,
                             int threshold, ak_render_image *diff_img) {
    memset(out, 0, sizeof *out);
    if (a->width != b->width || a->height != b->height) return false;
    long n = (long)a->width * a->height, over = 0;
    double sum = 0;
    for (long i = 0; i < n; i++) {
        int m = 0;
        for (int c = 0; c < 3; c++) {
            int d = abs((int)a->rgb[3 * i + c] - (int)b->rgb[3 * i + c]);
            sum += d;
            if (d > m) m = d;
        }
        if (m > out->max_abs) out->max_abs = m;
        if (m > threshold) over++;
        if (diff_img && diff_img->rgb) {
            unsigned char *px = diff_img->rgb + 3 * i;
            int g = (a->rgb[3 * i] + a->rgb[3 * i + 1] + a->rgb[3 * i + 2]) / 6;
            if (m > threshold) px[0] = 255, px[1] = 0, px[2] = 0;
            else if (m > 0) px[0] = 255, px[1] = 200, px[2] = (unsigned char)g;
            else px[0] = px[1] = px[2] = (unsigned char)g;
        }
    }
    out->npixels = n;
    out->frac_over = (double)over / n;
    out->mean_abs = sum / (3.0 * n);
    return true;
}
