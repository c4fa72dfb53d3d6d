// G-14 evaluated as printed: Hodges ch. 14's Monte Carlo centre of mass and inertia tensor, in
// single precision with the book's generator (std::mt19937 seeded 0, uniform_real_distribution<
// float>) reproduced in C (ref/published/hodges_mc_published.c). The generator is held to the C++
// standard's check value and to the book's own printed Pi_MonteCarlo output; the estimates are held
// to the exact inertia of the shapes (closed forms) within their Monte Carlo standard error, and a
// replay of the same samples accumulated in double measures what the float sums add.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ref/published/hodges_mc_published.h"
#include "verify/checks/checks_printed.h"

enum { G14_MAXP = 8, G14_MAXT = 12 };

typedef struct g14_shape {
    const char *name;
    int kind; // 0: box [lo, hi]; 1: octahedron |x| + |y| + |z| <= a about the origin
    double lo[3], hi[3], a;
    float pts[G14_MAXP][3];
    int tris[G14_MAXT][3];
    int npts, ntris;
    double cm[3], I[3]; // exact centroid and principal moments of unit mass
} g14_shape;

// triangles wound outwards ((b - a) x (c - a) away from the centroid), as the book's hulls are
static void g14_orient(g14_shape *s) {
    double c[3] = { 0, 0, 0 };
    for (int p = 0; p < s->npts; p++)
        for (int i = 0; i < 3; i++) c[i] += s->pts[p][i] / s->npts;
    for (int t = 0; t < s->ntris; t++) {
        const float *a = s->pts[s->tris[t][0]], *b = s->pts[s->tris[t][1]],
                    *d = s->pts[s->tris[t][2]];
        double u[3], v[3], w[3];
        for (int i = 0; i < 3; i++) u[i] = b[i] - a[i], v[i] = d[i] - a[i], w[i] = a[i] - c[i];
        double n[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                        u[0] * v[1] - u[1] * v[0] };
        if (n[0] * w[0] + n[1] * w[1] + n[2] * w[2] < 0) {
            int k = s->tris[t][1];
            s->tris[t][1] = s->tris[t][2], s->tris[t][2] = k;
        }
    }
}

static void g14_box(g14_shape *s, const char *name, const double lo[3], const double hi[3]) {
    memset(s, 0, sizeof *s);
    s->name = name, s->kind = 0;
    for (int i = 0; i < 3; i++) s->lo[i] = lo[i], s->hi[i] = hi[i];
    s->npts = 8;
    for (int p = 0; p < 8; p++)
        for (int i = 0; i < 3; i++) s->pts[p][i] = (float)((p >> i & 1) ? hi[i] : lo[i]);
    // two triangles per face: the face normal to axis i at side b
    int t = 0;
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 2; b++) {
            int j = (i + 1) % 3, k = (i + 2) % 3, q[4];
            for (int c = 0; c < 4; c++)
                q[c] = (b << i) | ((c == 1 || c == 2) << j) | ((c >= 2) << k);
            s->tris[t][0] = q[0], s->tris[t][1] = q[1], s->tris[t][2] = q[2], t++;
            s->tris[t][0] = q[0], s->tris[t][1] = q[2], s->tris[t][2] = q[3], t++;
        }
    s->ntris = t;
    g14_orient(s);
    double e[3];
    for (int i = 0; i < 3; i++) s->cm[i] = 0.5 * (lo[i] + hi[i]), e[i] = hi[i] - lo[i];
    for (int i = 0; i < 3; i++)
        s->I[i] = (e[(i + 1) % 3] * e[(i + 1) % 3] + e[(i + 2) % 3] * e[(i + 2) % 3]) / 12.0;
}

static void g14_octahedron(g14_shape *s, const char *name, double a) {
    memset(s, 0, sizeof *s);
    s->name = name, s->kind = 1, s->a = a;
    s->npts = 6;
    for (int i = 0; i < 3; i++) {
        s->pts[2 * i][i] = (float)a;
        s->pts[2 * i + 1][i] = (float)-a;
    }
    int t = 0;
    for (int sg = 0; sg < 8; sg++) {
        s->tris[t][0] = (sg & 1) ? 1 : 0;
        s->tris[t][1] = (sg & 2) ? 3 : 2;
        s->tris[t][2] = (sg & 4) ? 5 : 4;
        t++;
    }
    s->ntris = t;
    g14_orient(s);
    // per unit mass: <x^2> = a^2 / 10 over the solid octahedron, so I = 2 a^2 / 10
    for (int i = 0; i < 3; i++) s->cm[i] = 0.0, s->I[i] = a * a / 5.0;
}

static int g14_inside(const g14_shape *s, const double p[3]) {
    if (s->kind == 1) return fabs(p[0]) + fabs(p[1]) + fabs(p[2]) <= s->a;
    for (int i = 0; i < 3; i++)
        if (p[i] < s->lo[i] || p[i] > s->hi[i]) return 0;
    return 1;
}

// the bounds of the shape's points (the book's Bounds, in float)
static void g14_bounds(const g14_shape *s, float mins[3], float w[3]) {
    float mx[3] = { -1e6f, -1e6f, -1e6f };
    for (int i = 0; i < 3; i++) mins[i] = 1e6f;
    for (int p = 0; p < s->npts; p++)
        for (int i = 0; i < 3; i++) {
            if (s->pts[p][i] < mins[i]) mins[i] = s->pts[p][i];
            if (s->pts[p][i] > mx[i]) mx[i] = s->pts[p][i];
        }
    for (int i = 0; i < 3; i++) w[i] = mx[i] - mins[i];
}

// A replay of one printed call's 10000 draws in double: the same floats from the same generator
// state, membership by exact geometry, sums in double. mode 0: the centroid's mean and standard
// error; mode 1: the three moments about cm and their standard errors, and (off, offse, when
// not NULL) the products -x y, -x z, -y z and theirs.
static int g14_replay(ak_pub_g14_rng g, const g14_shape *s, int mode, const double cm[3],
                      double mean[3], double se[3], double off[3], double offse[3]) {
    double s1[3] = { 0, 0, 0 }, s2[3] = { 0, 0, 0 }, o1[3] = { 0, 0, 0 }, o2[3] = { 0, 0, 0 };
    float mins[3], w[3];
    g14_bounds(s, mins, w);
    int n = 0;
    for (int k = 0; k < 10000; k++) {
        double p[3];
        for (int i = 0; i < 3; i++) p[i] = (double)(mins[i] + ak_pub_g14_get(&g) * w[i]);
        if (!g14_inside(s, p)) continue;
        n++;
        for (int i = 0; i < 3; i++) {
            double v;
            if (mode == 0)
                v = p[i];
            else {
                double y = p[(i + 1) % 3] - cm[(i + 1) % 3], z = p[(i + 2) % 3] - cm[(i + 2) % 3];
                v = y * y + z * z;
            }
            s1[i] += v, s2[i] += v * v;
        }
        static const int PI_[3] = { 0, 0, 1 }, PJ[3] = { 1, 2, 2 };
        for (int k = 0; k < 3 && mode == 1; k++) {
            double v = -(p[PI_[k]] - cm[PI_[k]]) * (p[PJ[k]] - cm[PJ[k]]);
            o1[k] += v, o2[k] += v * v;
        }
    }
    for (int k = 0; k < 3 && off; k++) {
        off[k] = o1[k] / n;
        double var = (o2[k] - n * off[k] * off[k]) / (n - 1);
        offse[k] = sqrt(var > 0 ? var / n : 0);
    }
    for (int i = 0; i < 3; i++) {
        mean[i] = s1[i] / n;
        double var = (s2[i] - n * mean[i] * mean[i]) / (n - 1);
        se[i] = sqrt(var > 0 ? var / n : 0);
    }
    return n;
}

void ak_check_printed_hodges_g14(ak_check_ctx *c) {
    ak_pub_g14_rng g;
    // the generator: the C++ standard's check value for std::mt19937 (10000th output, default
    // seed 5489), then the book's printed TestPI output (its Monte Carlo column, seed 0, one
    // generator for the whole run)
    ak_pub_g14_seed(&g, 5489u);
    for (int k = 0; k < 9999; k++) ak_pub_g14_next(&g);
    uint32_t v10000 = ak_pub_g14_next(&g);
    ak_expect(c, v10000 == 4123659995u, "mt19937: 10000th output %u (the standard: 4123659995)",
              (unsigned)v10000);
    ak_pub_g14_seed(&g, 0u);
    static const int ns[4] = { 100, 10000, 1000000, 100000000 };
    static const char *book[4] = { "3.000000", "3.155200", "3.140840", "3.141635" };
    int npi = ak_quick(c) ? 3 : 4; // the fourth takes 2e8 draws (about a second)
    for (int k = 0; k < npi; k++) {
        char got[32];
        snprintf(got, sizeof got, "%f", (double)ak_pub_g14_pi(&g, ns[k]));
        ak_expect(c, !strcmp(got, book[k]), "Pi_MonteCarlo(%d) as printed: %s; the book prints %s",
                  ns[k], got, book[k]);
    }

    // the shapes: the book's beam (ch. 6, 6 x 0.5 x 0.5), a box off the origin, an octahedron
    // (1/6 of its bounds kept)
    g14_shape sh[3];
    g14_box(&sh[0], "beam", (const double[3]){ -3, -0.25, -0.25 },
            (const double[3]){ 3, 0.25, 0.25 });
    g14_box(&sh[1], "box", (const double[3]){ 1, 2, -1 }, (const double[3]){ 3, 2.5, 0 });
    g14_octahedron(&sh[2], "octahedron", 1.0);
    ak_pub_g14_seed(&g, 0u); // the book's program: one static generator, seeded 0
    double worst_z = 0, worst_float = 0;
    for (int b = 0; b < 3; b++) {
        const g14_shape *s = &sh[b];
        ak_pub_g14_hull h = { (const float(*)[3])s->pts, s->npts, (const int(*)[3])s->tris,
                              s->ntris };
        ak_pub_g14_rng g0 = g;
        float cmf[3], T[9];
        int n1 = ak_pub_g14_center_of_mass(&g, cmf, &h);
        ak_pub_g14_rng g1 = g;
        int n2 = ak_pub_g14_inertia(&g, T, &h, cmf);
        double cm[3] = { cmf[0], cmf[1], cmf[2] }, rmean[3], rse[3], imean[3], ise[3];
        int r1 = g14_replay(g0, s, 0, cm, rmean, rse, NULL, NULL);
        double off[3], offse[3];
        int r2 = g14_replay(g1, s, 1, cm, imean, ise, off, offse);
        ak_expect(
            c, n1 == r1 && n2 == r2,
            "%s: the printed code keeps %d and %d of 10000 points, exact membership %d and %d",
            s->name, n1, n2, r1, r2);
        for (int i = 0; i < 3; i++) {
            double zc = (cm[i] - s->cm[i]) / rse[i];
            double zi = (T[4 * i] - s->I[i]) / ise[i];
            double fl = fabs(T[4 * i] - imean[i]) / ise[i];
            worst_z = fmax(worst_z, fmax(fabs(zc), fabs(zi)));
            worst_float = fmax(worst_float, fl);
            ak_measure(
                c, fabs(zi), 4.0,
                "%s I_%c%c: printed %.7g, exact %.7g, %+.2f standard errors (SE %.2g); cm_%c "
                "%.6g vs %.6g, %+.2f SE",
                s->name, "xyz"[i], "xyz"[i], (double)T[4 * i], s -> I[i], zi, ise[i], "xyz"[i],
                cm[i], s -> cm[i], zc);
            ak_measure(c, fabs(zc), 4.0, "%s cm_%c within 4 standard errors", s->name, "xyz"[i]);
            ak_measure(c, fl, 0.05,
                       "%s I_%c%c: float sums %.9g vs the same samples in double %.9g: %.2g SE",
                       s->name, "xyz"[i], "xyz"[i], (double)T[4 * i], imean[i], fl);
        }
        // the printed off-diagonal sums (rows 01, 02, 12, mirrored): exact 0 for these shapes
        static const int OI[3] = { 0, 0, 1 }, OJ[3] = { 1, 2, 2 };
        for (int k = 0; k < 3; k++) {
            int i = OI[k], j = OJ[k];
            ak_expect(c, T[3 * i + j] == T[3 * j + i], "%s: T%d%d == T%d%d (mirrored sums)",
                      s->name, i, j, j, i);
            double z = T[3 * i + j] / offse[k];
            worst_z = fmax(worst_z, fabs(z));
            ak_measure(c, fabs(z), 4.0, "%s: T%d%d = %.3g (exact 0), %+.2f standard errors",
                       s->name, i, j, (double)T[3 * i + j], z);
        }
    }
    ak_value(c, "worst_standard_errors", worst_z);
    ak_value(c, "worst_float_effect_in_se", worst_float);

    // bias: R independent runs of the beam (the generator continuing): the mean of the moments'
    // standardised errors is 0 within 4 / sqrt(R) for an unbiased estimator
    const int R = (int)ak_samples(c, 400, 60);
    double zsum[3] = { 0, 0, 0 };
    ak_pub_g14_hull hb = { (const float(*)[3])sh[0].pts, sh[0].npts, (const int(*)[3])sh[0].tris,
                           sh[0].ntris };
    for (int r = 0; r < R; r++) {
        float cmf[3], T[9];
        ak_pub_g14_center_of_mass(&g, cmf, &hb);
        ak_pub_g14_rng g1 = g;
        ak_pub_g14_inertia(&g, T, &hb, cmf);
        double cm[3] = { cmf[0], cmf[1], cmf[2] }, imean[3], ise[3];
        g14_replay(g1, &sh[0], 1, cm, imean, ise, NULL, NULL);
        for (int i = 0; i < 3; i++) zsum[i] += (T[4 * i] - sh[0].I[i]) / ise[i];
    }
    for (int i = 0; i < 3; i++) {
        double zm = zsum[i] / R;
        ak_measure(c, fabs(zm) * sqrt((double)R), 4.0,
                   "beam, %d runs: mean standardised error of I_%c%c %+.3f (0 +- %.3f: no bias)", R,
                   "xyz"[i], "xyz"[i], zm, 1.0 / sqrt((double)R));
    }
    ak_note(c,
            "G-14 as printed: the generator reproduces the book's TestPI output; the 10000-sample "
            "estimates lie within 4 standard errors of the exact inertia (worst %.2f), the float "
            "sums change them by at most %.2g standard errors",
            worst_z, worst_float);
}
