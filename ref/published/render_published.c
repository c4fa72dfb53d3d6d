// Thesis Ch. 6 / App. E as published. Deliberately not corrected: see render_published.h.
#include "ref/published/render_published.h"

#include <math.h>

static double clampd(double x, double lo, double hi) { return fmin(fmax(x, lo), hi); }
static double len4(const double p[4]) {
    return sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3]);
}

double ak_pub_render_sd_hypersphere(const double p[4], double s) { return len4(p) - s; }

double ak_pub_render_sd_vertical_hypercapsule(const double p[4], double h, double r) {
    double q[4] = { p[0], p[1], p[2], p[3] };
    q[1] -= clampd(q[1], 0.0, h);
    return len4(q) - r;
}

double ak_pub_render_sd_hyperbox(const double p[4], const double b[4]) {
    double q[4], m[4];
    for (int i = 0; i < 4; i++) {
        q[i] = fabs(p[i]) - b[i];
        m[i] = fmax(q[i], 0.0);
    }
    return len4(m) + fmin(fmax(q[0], fmax(q[1], fmax(q[2], q[3]))), 0.0);
}

double ak_pub_render_sd_hyperplane(const double p[4], const double n[4], double offset) {
    return p[0] * n[0] + p[1] * n[1] + p[2] * n[2] + p[3] * n[3] - offset;
}

double ak_pub_render_op_union(double d1, double d2) { return fmin(d1, d2); }

void ak_pub_render_op_union_float4(float out[4], float d1, float d2) {
    float m = fminf(d1, d2);
    for (int i = 0; i < 4; i++) out[i] = m;
}

bool ak_pub_render_sphere_trace(double p_out[4], int *color, int *passes, const double o[4],
                                const double v[4], double d_max, int i_max, double hit_eps,
                                long safety_cap, ak_pub_render_dist_fn dist, const void *ctx) {
    bool h = false;
    double d_total = 0.0;
    int i = 0; // never incremented, as printed
    long pass = 0;
    double p[4] = { 0 };
    int c = -1;
    do {
        for (int k = 0; k < 4; k++) p[k] = o[k] + d_total * v[k];
        double d = dist(p, &c, ctx);
        if (d <= hit_eps) h = true;
        d_total += d;
        pass++;
    } while (!(i == i_max || d_total > d_max || h) && pass < safety_cap);
    for (int k = 0; k < 4; k++) p_out[k] = p[k];
    *color = c;
    *passes = (int)(pass > 2147483647L ? 2147483647L : pass);
    return h;
}

void ak_pub_render_normal(double n_out[4], const double p[4], ak_pub_render_dist_fn dist,
                          const void *ctx) {
    const double o = 0.0001;
    int c;
    for (int v = 0; v < 4; v++) {
        double po[4] = { p[0], p[1], p[2], p[3] };
        po[v] = p[v] + o;
        double dp = dist(po, &c, ctx);
        po[v] = p[v] - o;
        double dm = dist(po, &c, ctx);
        n_out[v] = dp - dm;
    }
}

double ak_pub_render_lambert(const double l[4], const double n[4], double c, double i) {
    return (l[0] * n[0] + l[1] * n[1] + l[2] * n[2] + l[3] * n[3]) * c * i;
}

void ak_pub_render_camera_ray(double origin[4], double dir[4], const double cam_pos[4],
                              const double cam_rot[16], const double pixel_view[3]) {
    double d3[4] = { 0.0 - pixel_view[0], 0.0 - pixel_view[1], 0.0 - pixel_view[2], 0.0 };
    for (int r = 0; r < 4; r++) {
        double s = 0.0;
        for (int k = 0; k < 4; k++) s += cam_rot[r * 4 + k] * d3[k];
        dir[r] = s;
        origin[r] = cam_pos[r];
    }
}
