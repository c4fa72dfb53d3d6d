// Group "ga": the helpers its topic files share (checks_ga_common.h).
#include "verify/checks/checks_ga_common.h"

// ---- random inputs ------------------------------------------------------------------------------

double ga_uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }

void ga_rand_vec(gsl_rng *r, int n, double v[]) {
    for (int i = 0; i < n; i++) v[i] = ga_uni(r);
}

void ga_rand_biv(gsl_rng *r, int n, double b[]) {
    for (int k = 0; k < ak_nd_nbiv(n); k++) b[k] = ga_uni(r);
}

void ga_rand_even(gsl_rng *r, int n, double e[]) {
    for (int k = 0; k < ak_nd_neven(n); k++) e[k] = ga_uni(r);
}

// A random unit rotor of Cl(n,0,0), as the product of four random unit vectors (every rotation
// of R^n, n <= 5, is a product of at most four reflections), built in the generic algebra.
void ga_rand_rotor_cl(gsl_rng *r, int n, ak_cl_mv *R) {
    ak_cl_zero(R, n, 0, 0);
    R->c[0] = 1.0;
    for (int f = 0; f < 4; f++) {
        double v[AK_MAX_DIM], len = 0.0;
        do {
            ga_rand_vec(r, n, v);
            len = 0.0;
            for (int i = 0; i < n; i++) len += v[i] * v[i];
        } while (len < 1e-2);
        for (int i = 0; i < n; i++) v[i] /= sqrt(len);
        ak_cl_mv V;
        ak_cl_from_vec(&V, n, v);
        ak_cl_gp(R, R, &V);
    }
}

void ga_rand_rotor(gsl_rng *r, int n, double R[]) {
    ak_cl_mv M;
    ga_rand_rotor_cl(r, n, &M);
    ak_cl_to_even(R, n, &M);
}

double ga_maxdiff(int len, const double a[], const double b[]) {
    double m = 0.0;
    for (int i = 0; i < len; i++) m = fmax(m, fabs(a[i] - b[i]));
    return m;
}

gsl_rng *ga_rng_new(unsigned long seed) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, seed);
    return r;
}

// ---- hand-written 4D types against the generic algebra ------------------------------------------

ak_vec4 ga_v4(const double a[4]) { return (ak_vec4){ a[0], a[1], a[2], a[3] }; }

ak_rotor4 ga_r4(const double a[8]) {
    return (ak_rotor4){ a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7] };
}

void ga_from_v4(double o[4], ak_vec4 v) { memcpy(o, &v, sizeof v); }

void ga_from_b4(double o[6], ak_biv4 v) { memcpy(o, &v, sizeof v); }

// ---- published statements: holds / fails, as expected ---------------------------------------------

// Records whether a statement holds (max deviation <= tol) and asserts the expected ga_verdict.
void ga_verdict(ak_check_ctx *c, bool expect_holds, double dev, double tol, const char *what) {
    bool holds = dev <= tol;
    ak_expect(c, holds == expect_holds, "%s: %s (max deviation %.3g, tolerance %.0e; expected: %s)",
              what, holds ? "holds" : "FAILS", dev, tol, expect_holds ? "holds" : "fails");
}
