// Unit tests of the cairo plotting module: each plot kind writes a PNG of the documented size,
// and bad arguments give an error, not a crash.
#include <cairo.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/common/plot.h"

#define PLOT_WIDTH 640
#define PLOT_HEIGHT 400

static void tmp_png(char *out, size_t n, const char *name) {
    snprintf(out, n, "/tmp/ak_plot_%d_%s.png", getpid(), name);
}

// The PNG exists, has the documented size, and is not a blank canvas.
static void assert_png(const char *path) {
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS, "%s not readable", path);
    cr_assert_eq(cairo_image_surface_get_width(s), PLOT_WIDTH);
    cr_assert_eq(cairo_image_surface_get_height(s), PLOT_HEIGHT);
    const unsigned char *d = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    long nonwhite = 0;
    for (int y = 0; y < PLOT_HEIGHT; y++)
        for (int x = 0; x < PLOT_WIDTH; x++) {
            const unsigned char *p = d + y * stride + 4 * x;
            nonwhite += (p[0] < 250 || p[1] < 250 || p[2] < 250);
        }
    cr_assert_gt(nonwhite, 1000, "%s looks blank", path);
    cairo_surface_destroy(s);
    unlink(path);
}

Test(plot, lines_loglog_histogram_bars) {
    double x[50], y[50], z[50];
    for (int i = 0; i < 50; i++) {
        x[i] = 0.1 * (i + 1);
        y[i] = sin(x[i]);
        z[i] = x[i] * x[i];
    }
    y[10] = NAN; // a gap in the line, not an error
    ak_plot_series s[2] = { { "sin", x, y, 50 }, { "x^2", x, z, 50 } };
    char p[256], err[256];
    tmp_png(p, sizeof p, "lines");
    cr_assert_eq(ak_plot_lines(p, "lines", "x", "y", s, 2, false, false, err, sizeof err), 0, "%s",
                 err);
    assert_png(p);
    tmp_png(p, sizeof p, "loglog");
    cr_assert_eq(ak_plot_loglog(p, "loglog", "h", "error", &s[1], 1, err, sizeof err), 0, "%s",
                 err);
    assert_png(p);
    tmp_png(p, sizeof p, "logy_negative");
    cr_assert_eq(ak_plot_lines(p, "log of negatives", "x", "y", s, 1, false, true, err, sizeof err),
                 0, "%s", err);
    unlink(p);
    tmp_png(p, sizeof p, "hist");
    cr_assert_eq(ak_plot_histogram(p, "hist", "value", y, 50, 10, false, err, sizeof err), 0, "%s",
                 err);
    assert_png(p);
    const char *labels[3] = { "a", "b", "c" };
    double v[3] = { 1, 10, 100 };
    tmp_png(p, sizeof p, "bars");
    cr_assert_eq(ak_plot_bars(p, "bars", "value", labels, v, 3, true, err, sizeof err), 0, "%s",
                 err);
    assert_png(p);
}

Test(plot, bad_arguments_are_errors) {
    char err[256] = "";
    double v[1] = { 1 };
    cr_assert_eq(ak_plot_histogram("/tmp/x.png", "h", "x", v, 1, 0, false, err, sizeof err), -1);
    cr_assert_neq(err[0], '\0');
    cr_assert_eq(ak_plot_lines(NULL, "t", "x", "y", NULL, 0, false, false, err, sizeof err), -1);
    ak_plot_series s = { "a", v, v, 1 };
    cr_assert_eq(ak_plot_lines("/nonexistent-dir/x.png", "t", "x", "y", &s, 1, false, false, err,
                               sizeof err),
                 -1);
    cr_assert(strstr(err, "/nonexistent-dir/x.png"), "%s", err);
}
