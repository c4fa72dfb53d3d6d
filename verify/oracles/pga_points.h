/// @file pga_points.h
/// The point-mass bodies and the PGA elements (points, translators, the origin, random vectors
/// and bivectors) that the two oracles of the PGA notes' printed chains share
/// (pga_appendix_lines.c, pga_chapter2.c), over cl301.h's value helpers. pga_appendix_a.c keeps
/// its own variants (other random draws), so it does not include this header.
#ifndef AK_ORACLES_PGA_POINTS_H
#define AK_ORACLES_PGA_POINTS_H

#include <gsl/gsl_rng.h>

#include "ref/ga/cl.h"
#include "verify/oracles/cl301.h"

// points, vectors and bodies
static inline mv sand(mv M, mv X) { return gp(gp(M, X), rev(M)); }
static inline double dist(mv a, mv b) { return ak_cl_dist(&a, &b); }
static inline mv vec(double a, double b, double c) {
    mv v = zero();
    v.c[2] = a, v.c[4] = b, v.c[8] = c;
    return v;
}
static inline mv rvec(gsl_rng *r) { return vec(uni(r), uni(r), uni(r)); }
static inline mv rbiv(gsl_rng *r) {
    mv a = zero();
    a.c[6] = uni(r), a.c[10] = uni(r), a.c[12] = uni(r);
    return a;
}
static inline mv eps(void) { return blade(E0, 1.0); }
static inline mv Ip(void) { return blade(IP, 1.0); }
static inline mv O(void) { return blade(I3, 1.0); }
static inline mv point(mv x) { return add(O(), gp(x, Ip())); }
static inline mv translator(mv c) { return sub(blade(0, 1.0), scl(gp(eps(), c), 0.5)); }
// a body of n point masses with its centroid at the origin
typedef struct body {
    int n;
    double m[6], M;
    mv r[6];
} body;
static inline body rbody(gsl_rng *r) {
    body b = { .n = 6, .M = 0 };
    double c[3] = { 0 }, x[6][3];
    for (int i = 0; i < b.n; i++) {
        b.m[i] = 0.5 + gsl_rng_uniform(r);
        b.M += b.m[i];
        for (int k = 0; k < 3; k++) x[i][k] = uni(r), c[k] += b.m[i] * x[i][k];
    }
    for (int i = 0; i < b.n; i++)
        b.r[i] = vec(x[i][0] - c[0] / b.M, x[i][1] - c[1] / b.M, x[i][2] - c[2] / b.M);
    return b;
}
// a body whose classical inertia is diagonal on e23, e31, e12: mass pairs at +-a_k e_k
static inline body rprincipal(gsl_rng *r) {
    body b = { .n = 6, .M = 0 };
    for (int k = 0; k < 3; k++) {
        double a = 0.3 + gsl_rng_uniform(r), m = 0.5 + gsl_rng_uniform(r);
        double x[3] = { 0, 0, 0 };
        x[k] = a;
        b.r[2 * k] = vec(x[0], x[1], x[2]);
        b.r[2 * k + 1] = scl(b.r[2 * k], -1.0);
        b.m[2 * k] = b.m[2 * k + 1] = m;
        b.M += 2 * m;
    }
    return b;
}
static inline mv IC(const body *b, mv B) { // A.3
    mv s = zero();
    for (int i = 0; i < b->n; i++) s = add(s, scl(op(b->r[i], lc(b->r[i], B)), b->m[i]));
    return s;
}
static inline mv euc(mv B) {
    mv e = B;
    for (int m = 0; m < AK_CL_SIZE; m++)
        if (m & E0) e.c[m] = 0;
    return e;
}
static inline mv ideal_vec(mv B) { // the vector v of the ideal part eps v of a bivector
    mv v = zero();
    for (int i = 1; i <= 3; i++) v.c[1u << i] = B.c[1u | (1u << i)];
    return v;
}

#endif
