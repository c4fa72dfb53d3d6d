// Small cairo plots to PNG (see plot.h): one frame type (axes, ticks, labels, legend) shared by
// line plots, histograms and bar charts.
#include "verify/common/plot.h"

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define PLOT_W 640
#define PLOT_H 400
#define MARGIN_L 78.0
#define MARGIN_R 20.0
#define MARGIN_T 34.0
#define MARGIN_B 52.0
#define NTICKS 6
#define PI 3.14159265358979323846

// Twelve distinguishable colours: the largest plot (the price of iteration, 11 scenes) repeats none.
static const double PALETTE[][3] = {
    { 0.12, 0.47, 0.71 }, { 0.85, 0.37, 0.01 }, { 0.17, 0.63, 0.17 }, { 0.84, 0.15, 0.16 },
    { 0.58, 0.40, 0.74 }, { 0.55, 0.34, 0.29 }, { 0.89, 0.47, 0.76 }, { 0.50, 0.50, 0.50 },
    { 0.74, 0.74, 0.13 }, { 0.09, 0.75, 0.81 }, { 0.05, 0.05, 0.05 }, { 0.00, 0.40, 0.40 }
};
#define NPALETTE (sizeof PALETTE / sizeof PALETTE[0])

static atomic_bool fonts_used; // text drawn: fontconfig holds its caches until released

void ak_plot_fonts_in_use(void) { atomic_store(&fonts_used, true); }

void ak_plot_fonts_release(void) {
    if (!atomic_exchange(&fonts_used, false)) return;
    cairo_debug_reset_static_data();
    FcFini();
}

typedef struct frame {
    cairo_surface_t *surf;
    cairo_t *cr;
    double x0, x1, y0, y1; // data range (log10 of it on a log axis)
    bool logx, logy;
} frame;

static void set_err(char *err, size_t len, const char *msg, const char *path) {
    if (err && len) snprintf(err, len, "%s: %s", path ? path : "(plot)", msg);
}

static bool usable(double v, bool logaxis) { return isfinite(v) && (!logaxis || v > 0); }
static double tr(double v, bool logaxis) { return logaxis ? log10(v) : v; }

static double px(const frame *f, double x) {
    return MARGIN_L + (tr(x, f->logx) - f->x0) / (f->x1 - f->x0) * (PLOT_W - MARGIN_L - MARGIN_R);
}
static double py(const frame *f, double y) {
    return PLOT_H - MARGIN_B -
           (tr(y, f->logy) - f->y0) / (f->y1 - f->y0) * (PLOT_H - MARGIN_T - MARGIN_B);
}

// Widen a degenerate range; pad a linear one by 5 % and a logarithmic one by 4 % (of its
// decades), so that no point sits on the frame.
static void settle_range(double *lo, double *hi, bool logaxis) {
    if (!(*lo <= *hi)) {
        *lo = 0;
        *hi = 1;
    }
    if (*hi - *lo < 1e-300 + 1e-12 * fabs(*hi)) {
        double d = logaxis ? 0.5 : (fabs(*hi) > 0 ? 0.1 * fabs(*hi) : 1.0);
        *lo -= d;
        *hi += d;
    } else {
        double d = (logaxis ? 0.04 : 0.05) * (*hi - *lo);
        *lo -= d;
        *hi += d;
    }
}

static void text(cairo_t *cr, double x, double y, const char *s, double align, double size,
                 bool vertical) {
    if (!s || !*s) return;
    cairo_save(cr);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, x, y);
    if (vertical) cairo_rotate(cr, -PI / 2);
    cairo_rel_move_to(cr, -align * e.x_advance, 0);
    cairo_show_text(cr, s);
    cairo_restore(cr);
}

static int frame_begin(frame *f, const char *path, double x0, double x1, double y0, double y1,
                       bool logx, bool logy, char *err, size_t errlen) {
    memset(f, 0, sizeof *f);
    f->logx = logx;
    f->logy = logy;
    settle_range(&x0, &x1, logx);
    settle_range(&y0, &y1, logy);
    f->x0 = x0;
    f->x1 = x1;
    f->y0 = y0;
    f->y1 = y1;
    f->surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, PLOT_W, PLOT_H);
    if (cairo_surface_status(f->surf) != CAIRO_STATUS_SUCCESS) {
        set_err(err, errlen, "cannot create a cairo surface", path);
        cairo_surface_destroy(f->surf);
        return -1;
    }
    f->cr = cairo_create(f->surf);
    cairo_set_source_rgb(f->cr, 1, 1, 1);
    cairo_paint(f->cr);
    ak_plot_fonts_in_use();
    cairo_select_font_face(f->cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    return 0;
}

// Ticks at "nice" positions; on a log axis at the integer powers of ten.
static void ticks(double lo, double hi, bool logaxis, double out[], int *n) {
    *n = 0;
    if (logaxis) {
        double step = ceil((hi - lo) / NTICKS);
        if (step < 1) step = 1;
        for (double e = ceil(lo / step) * step; e <= hi + 1e-9 && *n < 2 * NTICKS; e += step)
            out[(*n)++] = e;
        return;
    }
    double raw = (hi - lo) / NTICKS, mag = pow(10, floor(log10(raw))), r = raw / mag;
    double step = (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
    for (double v = ceil(lo / step) * step; v <= hi + 1e-9 * step && *n < 2 * NTICKS + 2; v += step)
        out[(*n)++] = fabs(v) < 1e-12 * step ? 0 : v;
}

static void tick_label(char *buf, size_t len, double v, bool logaxis) {
    if (logaxis)
        snprintf(buf, len, "1e%d", (int)lround(v));
    else
        snprintf(buf, len, "%.4g", v);
}

static void draw_axes(frame *f, const char *title, const char *xlabel, const char *ylabel,
                      bool xticks) {
    cairo_t *cr = f->cr;
    double l = MARGIN_L, r = PLOT_W - MARGIN_R, t = MARGIN_T, b = PLOT_H - MARGIN_B;
    double tv[4 * NTICKS];
    int nt;
    char buf[32];
    cairo_set_line_width(cr, 1);
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
    ticks(f->y0, f->y1, f->logy, tv, &nt);
    for (int i = 0; i < nt; i++) {
        double y = py(f, f->logy ? pow(10, tv[i]) : tv[i]);
        cairo_move_to(cr, l, y);
        cairo_line_to(cr, r, y);
    }
    double xv[4 * NTICKS];
    int nx = 0;
    if (xticks) {
        ticks(f->x0, f->x1, f->logx, xv, &nx);
        for (int i = 0; i < nx; i++) {
            double x = px(f, f->logx ? pow(10, xv[i]) : xv[i]);
            cairo_move_to(cr, x, t);
            cairo_line_to(cr, x, b);
        }
    }
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_rectangle(cr, l, t, r - l, b - t);
    cairo_stroke(cr);
    for (int i = 0; i < nt; i++) {
        tick_label(buf, sizeof buf, tv[i], f->logy);
        text(cr, l - 5, py(f, f->logy ? pow(10, tv[i]) : tv[i]) + 4, buf, 1.0, 11, false);
    }
    for (int i = 0; i < nx; i++) {
        tick_label(buf, sizeof buf, xv[i], f->logx);
        text(cr, px(f, f->logx ? pow(10, xv[i]) : xv[i]), b + 15, buf, 0.5, 11, false);
    }
    text(cr, PLOT_W / 2.0, 22, title, 0.5, 15, false);
    text(cr, (l + r) / 2, PLOT_H - 12, xlabel, 0.5, 12, false);
    text(cr, 16, (t + b) / 2, ylabel, 0.5, 12, true);
}

#define LEGEND_W 150.0

#define LEGEND_PLACES 6

// Top-left corner of the legend box of n entries at place k: 0 top right, 1 bottom right,
// 2 top left, 3 bottom left, 4 middle right, 5 middle left.
static void legend_origin(size_t n, int k, double *x, double *y) {
    double h = 15.0 * (double)n + 6;
    *x = (k % 4 < 2 && k != 5) ? PLOT_W - MARGIN_R - LEGEND_W - 4 : MARGIN_L + 6;
    if (k >= 4)
        *y = (MARGIN_T + PLOT_H - MARGIN_B - h) / 2;
    else
        *y = (k % 2 == 0) ? MARGIN_T + 4 : PLOT_H - MARGIN_B - h - 4;
}

static void legend(frame *f, const char *const labels[], size_t n, int corner) {
    cairo_t *cr = f->cr;
    size_t shown = 0;
    for (size_t i = 0; i < n; i++) shown += labels[i] && *labels[i];
    double x0, y0;
    legend_origin(shown, corner, &x0, &y0);
    if (shown) { // a translucent white box, so that curves under it do not hide the text
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
        cairo_rectangle(cr, x0, y0, LEGEND_W, 15.0 * (double)shown + 6);
        cairo_fill(cr);
    }
    double y = y0 + 14;
    for (size_t i = 0; i < n; i++) {
        if (!labels[i] || !*labels[i]) continue;
        const double *c = PALETTE[i % NPALETTE];
        cairo_set_source_rgb(cr, c[0], c[1], c[2]);
        cairo_rectangle(cr, x0 + 4, y - 8, 14, 8);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text(cr, x0 + 24, y, labels[i], 0, 11, false);
        y += 15;
    }
}

static int frame_end(frame *f, const char *path, char *err, size_t errlen) {
    cairo_surface_flush(f->surf);
    cairo_status_t st = cairo_surface_write_to_png(f->surf, path);
    cairo_destroy(f->cr);
    cairo_surface_destroy(f->surf);
    if (st != CAIRO_STATUS_SUCCESS) {
        set_err(err, errlen, cairo_status_to_string(st), path);
        return -1;
    }
    return 0;
}

static int lines(const char *path, const char *title, const char *xlabel, const char *ylabel,
                 const ak_plot_series series[], size_t nseries, bool logx, bool logy, bool markers,
                 char *err, size_t errlen) {
    if (!path || (nseries > 0 && !series)) {
        set_err(err, errlen, "no output path or no series", path);
        return -1;
    }
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (size_t s = 0; s < nseries; s++)
        for (size_t i = 0; i < series[s].n; i++) {
            double x = series[s].x[i], y = series[s].y[i];
            if (!usable(x, logx) || !usable(y, logy)) continue;
            x0 = fmin(x0, tr(x, logx));
            x1 = fmax(x1, tr(x, logx));
            y0 = fmin(y0, tr(y, logy));
            y1 = fmax(y1, tr(y, logy));
        }
    frame f;
    if (frame_begin(&f, path, x0, x1, y0, y1, logx, logy, err, errlen)) return -1;
    draw_axes(&f, title, xlabel, ylabel, true);
    cairo_t *cr = f.cr;
    cairo_rectangle(cr, MARGIN_L, MARGIN_T, PLOT_W - MARGIN_L - MARGIN_R,
                    PLOT_H - MARGIN_T - MARGIN_B);
    cairo_clip(cr);
    const char *labels[64] = { 0 };
    for (size_t s = 0; s < nseries; s++) {
        const double *c = PALETTE[s % NPALETTE];
        // Earlier series are wider, so that a later one drawn on top of it leaves it visible.
        size_t rank = nseries - 1 - s;
        cairo_set_line_width(cr, 1.5 + 0.9 * (double)(rank < 3 ? rank : 3));
        if (s < 64) labels[s] = series[s].label;
        cairo_set_source_rgb(cr, c[0], c[1], c[2]);
        bool pen = false;
        for (size_t i = 0; i < series[s].n; i++) {
            double x = series[s].x[i], y = series[s].y[i];
            if (!usable(x, logx) || !usable(y, logy)) {
                pen = false;
                continue;
            }
            if (pen)
                cairo_line_to(cr, px(&f, x), py(&f, y));
            else
                cairo_move_to(cr, px(&f, x), py(&f, y));
            pen = true;
        }
        cairo_stroke(cr);
        if (markers)
            for (size_t i = 0; i < series[s].n; i++) {
                double x = series[s].x[i], y = series[s].y[i];
                if (!usable(x, logx) || !usable(y, logy)) continue;
                cairo_arc(cr, px(&f, x), py(&f, y), 3, 0, 2 * PI);
                cairo_fill(cr);
            }
    }
    cairo_reset_clip(cr);
    // the legend goes where it covers the fewest data points (the first place on ties)
    size_t nl = nseries < 64 ? nseries : 64, shown = 0;
    for (size_t s = 0; s < nl; s++) shown += labels[s] && *labels[s];
    int best = 0;
    long best_count = -1;
    for (int k = 0; k < LEGEND_PLACES && shown; k++) {
        double lx, ly;
        legend_origin(shown, k, &lx, &ly);
        long count = 0;
        for (size_t s = 0; s < nseries; s++) {
            size_t stride = series[s].n > 4000 ? series[s].n / 4000 : 1;
            for (size_t i = 0; i < series[s].n; i += stride) {
                double x = series[s].x[i], y = series[s].y[i];
                if (!usable(x, logx) || !usable(y, logy)) continue;
                double X = px(&f, x), Y = py(&f, y);
                count += X >= lx - 4 && X <= lx + LEGEND_W + 4 && Y >= ly - 4 &&
                         Y <= ly + 15.0 * (double)shown + 10;
            }
        }
        if (best_count < 0 || count < best_count) best = k, best_count = count;
    }
    legend(&f, labels, nl, best);
    return frame_end(&f, path, err, errlen);
}

int ak_plot_lines(const char *path, const char *title, const char *xlabel, const char *ylabel,
                  const ak_plot_series series[], size_t nseries, bool logx, bool logy, char *err,
                  size_t errlen) {
    return lines(path, title, xlabel, ylabel, series, nseries, logx, logy, false, err, errlen);
}

int ak_plot_loglog(const char *path, const char *title, const char *xlabel, const char *ylabel,
                   const ak_plot_series series[], size_t nseries, char *err, size_t errlen) {
    return lines(path, title, xlabel, ylabel, series, nseries, true, true, true, err, errlen);
}

// Shared by histograms and bar charts: n bars of the given heights over slots 0..n.
static int bars(const char *path, const char *title, const char *xlabel, const char *ylabel,
                const double h[], size_t n, bool logy, const char *const labels[], double xlo,
                double xhi, char *err, size_t errlen) {
    double y0 = logy ? INFINITY : 0, y1 = logy ? -INFINITY : 0;
    for (size_t i = 0; i < n; i++) {
        if (!usable(h[i], logy)) continue;
        y0 = fmin(y0, tr(h[i], logy));
        y1 = fmax(y1, tr(h[i], logy));
    }
    if (logy && y0 <= y1) y0 -= 0.5;
    frame f;
    bool numeric_x = labels == NULL;
    if (frame_begin(&f, path, numeric_x ? xlo : 0, numeric_x ? xhi : (double)n, y0, y1, false, logy,
                    err, errlen))
        return -1;
    if (numeric_x) { // histograms: bars exactly across the bins, no padding
        f.x0 = xlo;
        f.x1 = xhi > xlo ? xhi : xlo + 1;
    } else {
        f.x0 = 0;
        f.x1 = n > 0 ? (double)n : 1;
    }
    if (!logy) f.y0 = 0;
    draw_axes(&f, title, xlabel, ylabel, numeric_x);
    cairo_t *cr = f.cr;
    double w = (f.x1 - f.x0) / (n > 0 ? (double)n : 1.0);
    double base = logy ? PLOT_H - MARGIN_B : py(&f, 0);
    for (size_t i = 0; i < n; i++) {
        const double *c = PALETTE[numeric_x ? 0 : i % NPALETTE];
        double a = px(&f, f.x0 + w * (double)i), b = px(&f, f.x0 + w * (double)(i + 1));
        if (usable(h[i], logy)) {
            double top = py(&f, h[i]);
            cairo_set_source_rgb(cr, c[0], c[1], c[2]);
            cairo_rectangle(cr, a + (numeric_x ? 0.5 : 0.15 * (b - a)), top,
                            (b - a) * (numeric_x ? 1 : 0.7) - 0.5, base - top);
            cairo_fill(cr);
        }
        if (!numeric_x && isfinite(h[i])) { // the value above its bar (a zero bar is still read)
            char v[32];
            snprintf(v, sizeof v, "%.3g", h[i]);
            double top = usable(h[i], logy) ? py(&f, h[i]) : base;
            if (top < MARGIN_T + 14) top = MARGIN_T + 14;
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            text(cr, (a + b) / 2, top - 4, v, 0.5, n > 8 ? 9 : 11, false);
        }
        if (!numeric_x && labels[i]) {
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            text(cr, (a + b) / 2, PLOT_H - MARGIN_B + 15, labels[i], 0.5, n > 8 ? 9 : 11, false);
        }
    }
    return frame_end(&f, path, err, errlen);
}

int ak_plot_histogram(const char *path, const char *title, const char *xlabel,
                      const double values[], size_t n, int nbins, bool logy, char *err,
                      size_t errlen) {
    enum { MAX_BINS = 512 };
    if (!path || nbins < 1 || nbins > MAX_BINS || (n > 0 && !values)) {
        set_err(err, errlen, "bad histogram arguments (path, 1..512 bins, values)", path);
        return -1;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++)
        if (isfinite(values[i])) {
            lo = fmin(lo, values[i]);
            hi = fmax(hi, values[i]);
        }
    if (!(lo <= hi)) lo = 0, hi = 1;
    if (hi == lo) hi = lo + 1;
    double count[MAX_BINS] = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(values[i])) continue;
        int b = (int)((values[i] - lo) / (hi - lo) * nbins);
        if (b >= nbins) b = nbins - 1;
        if (b < 0) b = 0;
        count[b] += 1;
    }
    return bars(path, title, xlabel, logy ? "count (log)" : "count", count, (size_t)nbins, logy,
                NULL, lo, hi, err, errlen);
}

int ak_plot_bars(const char *path, const char *title, const char *ylabel,
                 const char *const labels[], const double values[], size_t n, bool logy, char *err,
                 size_t errlen) {
    if (!path || (n > 0 && (!values || !labels))) {
        set_err(err, errlen, "bad bar chart arguments", path);
        return -1;
    }
    return bars(path, title, "", ylabel, values, n, logy, labels, 0, (double)n, err, errlen);
}
