/// @file plot.h
/// Small cairo plots written as PNG files, for the report and the `anakata plot` command.
///
/// Every function writes one PNG (default 640 x 400 pixels) and returns 0 on success, or -1 with
/// a message in err (err may be NULL). Non-finite points are skipped (they break a line); on a
/// log axis non-positive values are skipped too. Colours cycle through a fixed palette, in series
/// order; in line plots earlier series are drawn wider, so coinciding curves stay visible (put the
/// reference first). Nothing here allocates beyond cairo's surface; data are never modified.
///
/// Example:
///     double t[100], e[100];  ...
///     ak_plot_series s = {"energy", t, e, 100};
///     ak_plot_lines("out/energy.png", "Energy drift", "t [s]", "|E - E0| / E0", &s, 1, false, true, err, sizeof err);
#ifndef AK_VERIFY_PLOT_H
#define AK_VERIFY_PLOT_H

#include <stdbool.h>
#include <stddef.h>

/// One curve: n points (x[i], y[i]), drawn as a polyline and named in the legend.
typedef struct ak_plot_series {
    const char *label; ///< legend text, or NULL for none
    const double *x;
    const double *y;
    size_t n;
} ak_plot_series;

/// Line plot of nseries curves; logx / logy make the axis logarithmic (base 10).
int ak_plot_lines(const char *path, const char *title, const char *xlabel, const char *ylabel,
                  const ak_plot_series series[], size_t nseries, bool logx, bool logy, char *err,
                  size_t errlen);

/// Log-log plot: ak_plot_lines with both axes logarithmic and point markers (convergence orders).
int ak_plot_loglog(const char *path, const char *title, const char *xlabel, const char *ylabel,
                   const ak_plot_series series[], size_t nseries, char *err, size_t errlen);

/// Histogram of n values in nbins equal bins between the data's min and max (logy: log counts).
int ak_plot_histogram(const char *path, const char *title, const char *xlabel,
                      const double values[], size_t n, int nbins, bool logy, char *err,
                      size_t errlen);

/// Bar chart: one bar per label with height values[i], its value printed above it (logy:
/// logarithmic value axis).
int ak_plot_bars(const char *path, const char *title, const char *ylabel,
                 const char *const labels[], const double values[], size_t n, bool logy, char *err,
                 size_t errlen);

/// Marks that this process drew text with cairo (the plots here and `anakata plot`'s own).
void ak_plot_fonts_in_use(void);
/// At the end of a process that drew text: cairo's and fontconfig's process-wide font caches
/// released (cairo_debug_reset_static_data, FcFini), so that a leak checker finds nothing held;
/// nothing when no text was drawn. No cairo object may be alive, and no plot drawn after it.
void ak_plot_fonts_release(void);

#endif
