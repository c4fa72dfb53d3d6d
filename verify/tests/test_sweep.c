// Unit tests of verify/sweep: the spec reader's sampling, the row format, and the independent
// predictions (linear stability, elliptic periods) against closed forms and conservation laws.
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ref/ga/nd.h"
#include "verify/sweep/experiments.h"
#include "verify/sweep/run.h"
#include "verify/sweep/spec.h"
#include "verify/sweep/stability.h"

static ak_sweep_spec *parse(const char *text) {
    char err[512];
    ak_sweep_spec *s = ak_sweep_spec_parse(text, strlen(text), "t.json", NULL, err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    return s;
}

// The moments of ten Bosch's cuboid (side lengths 1.1, 0.3, 2.5, 0.7, mass 1): I_ab = (s_a^2 + s_b^2) / 12.
static void cuboid_inertia(double I[36]) {
    const double s[4] = { 1.1, 0.3, 2.5, 0.7 };
    memset(I, 0, 36 * sizeof(double));
    int k = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++, k++) I[k * 6 + k] = (s[a] * s[a] + s[b] * s[b]) / 12.0;
}

Test(sweep, plane_names_match_ref_ga) {
    for (int n = 2; n <= 5; n++)
        for (int k = 0; k < n * (n - 1) / 2; k++) {
            cr_expect_str_eq(ak_sweep_plane_name(n, k), ak_nd_biv_name(n, k), "n = %d, k = %d", n,
                             k);
            cr_expect_eq(ak_sweep_plane_index(n, ak_sweep_plane_name(n, k)), k);
        }
    cr_expect_eq(ak_sweep_plane_index(4, "yx"), -1);
    cr_expect_eq(ak_sweep_plane_index(4, "xv"), -1);
    cr_expect_eq(ak_sweep_plane_index(5, "xv"), 3);
}

Test(sweep, grid_order_last_parameter_fastest) {
    ak_sweep_spec *s =
        parse("{\"format\": \"anakata-sweep/1\", \"experiment\": \"collide\", \"parameters\": ["
              "{\"name\": \"distance\", \"values\": [1, 2, 3]},"
              "{\"name\": \"angle\", \"range\": [0, 1], \"count\": 5}],"
              "\"sampling\": {\"method\": \"grid\"}, \"metrics\": [\"fail\"]}");
    cr_assert_eq(s->nsamples, 15);
    for (long i = 0; i < 15; i++) {
        cr_expect_eq(ak_sweep_param_value(s, i, 0), (double)(1 + i / 5));
        cr_expect_float_eq(ak_sweep_param_value(s, i, 1), (double)(i % 5) / 4.0, 1e-15);
    }
    cr_expect_eq(ak_sweep_param_value(s, 4, 1), 1.0); // the end point exactly
    ak_sweep_spec_free(s);
}

Test(sweep, random_is_deterministic_and_in_range) {
    const char *t =
        "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\", \"parameters\": ["
        "{\"name\": \"dt\", \"range\": [0.001, 0.1], \"scale\": \"log\"},"
        "{\"name\": \"plane\", \"values\": [\"xy\", \"zw\"]}],"
        "\"sampling\": {\"method\": \"random\", \"count\": 2000, \"seed\": 3}, \"metrics\": "
        "[\"flips\"]}";
    ak_sweep_spec *a = parse(t), *b = parse(t);
    int below = 0, zw = 0;
    for (long i = 0; i < 2000; i++) {
        double x = ak_sweep_param_value(a, i, 0);
        cr_assert(x >= 0.001 && x <= 0.1, "dt %g", x);
        cr_expect_eq(x, ak_sweep_param_value(b, i, 0));
        below += x < 0.01; // log-uniform: half the samples below the geometric mean 0.01
        zw += ak_sweep_param_value(a, i, 1) == 5.0;
    }
    cr_expect(abs(below - 1000) < 150, "%d of 2000 below 0.01", below); // 6.7 sigma
    cr_expect(abs(zw - 1000) < 150, "%d of 2000 zw", zw);
    ak_sweep_spec_free(a);
    ak_sweep_spec_free(b);
}

// A Sobol sequence's first 2^m points put exactly one point in each of 2^m equal bins of every
// coordinate (a (0, m, 1)-net), which random points do not. GSL leaves out the sequence's first
// point (0, ..., 0): its first 63 points fill every bin but the first.
Test(sweep, sobol_stratifies) {
    ak_sweep_spec *s = parse(
        "{\"format\": \"anakata-sweep/1\", \"experiment\": \"collide\", \"parameters\": ["
        "{\"name\": \"distance\", \"range\": [0, 1]}, {\"name\": \"angle\", \"range\": [0, 1]}],"
        "\"sampling\": {\"method\": \"sobol\", \"count\": 63}, \"metrics\": [\"fail\"]}");
    for (int p = 0; p < 2; p++) {
        int bins[64] = { 0 };
        for (long i = 0; i < 63; i++) {
            int b = (int)floor(ak_sweep_param_value(s, i, p) * 64.0);
            cr_assert(b >= 0 && b < 64);
            bins[b]++;
        }
        for (int b = 0; b < 64; b++)
            cr_expect_eq(bins[b], b > 0, "coordinate %d bin %d holds %d", p, b, bins[b]);
    }
    ak_sweep_spec_free(s);
}

Test(sweep, row_format) {
    ak_sweep_spec *s =
        parse("{\"format\": \"anakata-sweep/1\", \"experiment\": \"stack\", \"parameters\": ["
              "{\"name\": \"method\", \"values\": [\"vector\", \"pga\"]}],"
              "\"sampling\": {\"method\": \"grid\"}, \"metrics\": [\"stood\", \"max_drift\"]}");
    char buf[256];
    double m[2] = { 1.0, NAN };
    cr_assert(ak_sweep_header(s, buf, sizeof buf) > 0);
    cr_expect_str_eq(buf, "sample,method,stood,max_drift");
    cr_assert(ak_sweep_format_row(s, 1, m, buf, sizeof buf) > 0);
    cr_expect_str_eq(buf, "1,pga,1,nan");
    m[1] = 0.1;
    ak_sweep_format_row(s, 0, m, buf, sizeof buf);
    cr_expect_str_eq(buf, "0,vector,1,0.1");
    cr_expect_eq(ak_sweep_format_row(s, 0, m, buf, 8), -1); // too small: refused, not cut
    ak_sweep_spec_free(s);
}

// The matrix-form Euler equation conserves 2E = w . I w and |L|^2 (its derivatives vanish).
Test(sweep, euler_rhs_conserves) {
    double I[36], w[6] = { 0.9, -0.35, 0.6, 0.45, -0.8, 0.3 }, wd[6];
    cuboid_inertia(I);
    cr_assert_eq(ak_sweep_euler_rhs(4, I, w, wd), 0);
    double dE = 0, dL = 0, scale = 0;
    for (int q = 0; q < 6; q++) {
        dE += w[q] * I[q * 6 + q] * wd[q];
        dL += I[q * 6 + q] * w[q] * I[q * 6 + q] * wd[q];
        scale += fabs(wd[q]);
    }
    cr_expect(scale > 0.1, "the right-hand side is not trivial");
    cr_expect(fabs(dE) < 1e-15 && fabs(dL) < 1e-15, "dE/dt %g, d|L|^2/dt %g", dE, dL);
}

// Rotation W in one plane p: the linearisation splits into the two 3D triples through p; each
// gives the intermediate-axis rate W sqrt((I_a - I_p)(I_p - I_b) / (I_a I_b)) when p is between
// the other two moments, 0 otherwise (the 3D theorem, e.g. Landau & Lifshitz §37).
Test(sweep, linear_growth_closed_form) {
    double I[36];
    cuboid_inertia(I);
    // triples through each plane: (p, a, b) with [p, a] ~ b
    static const int TRI[6][2][2] = {
        { { 1, 3 }, { 2, 4 } }, // xy: (xz, yz), (xw, yw)
        { { 0, 3 }, { 2, 5 } }, // xz: (xy, yz), (xw, zw)
        { { 0, 4 }, { 1, 5 } }, // xw: (xy, yw), (xz, zw)
        { { 0, 1 }, { 4, 5 } }, // yz: (xy, xz), (yw, zw)
        { { 0, 2 }, { 3, 5 } }, // yw: (xy, xw), (yz, zw)
        { { 1, 2 }, { 3, 4 } }, // zw: (xz, xw), (yz, yw)
    };
    const double W = 1.3;
    int unstable = 0;
    for (int p = 0; p < 6; p++) {
        double want = 0;
        for (int t = 0; t < 2; t++) {
            double Ip = I[p * 7], Ia = I[TRI[p][t][0] * 7], Ib = I[TRI[p][t][1] * 7];
            double q = (Ia - Ip) * (Ip - Ib) / (Ia * Ib);
            if (q > 0) want = fmax(want, W * sqrt(q));
        }
        double w[6] = { 0 }, lam, im;
        w[p] = W;
        cr_assert_eq(ak_sweep_linear_growth(4, I, w, &lam, &im), 0);
        cr_expect(fabs(lam - want) < 1e-8, "plane %s: lambda %.12g, closed form %.12g",
                  ak_sweep_plane_name(4, p), lam, want);
        unstable += want > 0;
    }
    cr_expect_eq(unstable, 3, "xy, yz and zw are intermediate in some triple");
}

// The elliptic period applies only inside one 3D subalgebra.
Test(sweep, elliptic_period_domain) {
    double I[36];
    cuboid_inertia(I);
    double in[6] = { 0.01, 0.01, 0, 1, 0, 0 }, out[6] = { 0.01, 0.01, 0.01, 1, 0, 0 },
           one[6] = { 0, 0, 0, 1, 0, 0 };
    double T = ak_sweep_elliptic_period(4, I, in);
    cr_expect(T > 30 && T < 40, "period %g", T); // docs/dzhanibekov.md: 34.478 s
    cr_expect(fabs(T - 34.47822) < 1e-4, "period %.6f vs 34.47822 (checks_dynamics.c's value)", T);
    cr_expect(isnan(ak_sweep_elliptic_period(4, I, out)));
    cr_expect(isnan(ak_sweep_elliptic_period(4, I, one)));
}

Test(sweep, bad_spec_messages) {
    char err[512];
    const char *t =
        "{\"format\": \"anakata-sweep/1\", \"experiment\": \"free_body\", \"parameters\": ["
        "{\"name\": \"dt\", \"values\": [0]}], \"sampling\": {\"method\": \"grid\"}, \"metrics\": "
        "[\"flips\"]}";
    cr_expect_null(ak_sweep_spec_parse(t, strlen(t), "b.json", NULL, err, sizeof err));
    cr_expect_str_eq(err,
                     "b.json: parameters[0].values[0]: expected a time step in (0, 10] s, got 0");
    const char *u = "{\n  \"format\": }"; // the value missing at line 2, column 13
    cr_expect_null(ak_sweep_spec_parse(u, strlen(u), "c.json", NULL, err, sizeof err));
    cr_expect_str_eq(err, "c.json:2:13: JSON syntax error");
}

// A random integer range gives every integer the same chance (the end points included).
Test(sweep, random_integers_uniform) {
    ak_sweep_spec *s =
        parse("{\"format\": \"anakata-sweep/1\", \"experiment\": \"stack\", \"parameters\": ["
              "{\"name\": \"height\", \"range\": [1, 3]}],"
              "\"sampling\": {\"method\": \"random\", \"count\": 3000, \"seed\": 1}, \"metrics\": "
              "[\"stood\"]}");
    int n[4] = { 0 };
    for (long i = 0; i < 3000; i++) {
        double h = ak_sweep_param_value(s, i, 0);
        cr_assert(h == 1 || h == 2 || h == 3, "height %g", h);
        n[(int)h]++;
    }
    for (int h = 1; h <= 3; h++)
        cr_expect(abs(n[h] - 1000) < 150, "height %d drawn %d times of 3000", h, n[h]); // 5.8 sigma
    ak_sweep_spec_free(s);
}
