/// @file cl301.h
/// Value-style helpers over the generic algebra Cl(3,0,1) (ref/ga/cl.h) for the oracles that
/// evaluate the PGA notes' printed chains (pga_appendix_a.c, pga_appendix_lines.c): a
/// multivector by value, the products and the blade constants E0 = e0, I3 = e123, IP = e0123.
#ifndef AK_ORACLES_CL301_H
#define AK_ORACLES_CL301_H

#include <gsl/gsl_rng.h>

#include "ref/ga/cl.h"

typedef ak_cl_mv mv;
enum { E0 = 1, I3 = 14, IP = 15 };

static inline double uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }
static inline mv zero(void) {
    mv a;
    ak_cl_zero(&a, 3, 0, 1);
    return a;
}
static inline mv blade(unsigned m, double s) {
    mv a;
    ak_cl_blade(&a, 3, 0, 1, m, s);
    return a;
}
static inline mv add(mv a, mv b) {
    mv o;
    ak_cl_add(&o, &a, &b);
    return o;
}
static inline mv sub(mv a, mv b) {
    mv o;
    ak_cl_sub(&o, &a, &b);
    return o;
}
static inline mv scl(mv a, double s) {
    mv o;
    ak_cl_scale(&o, &a, s);
    return o;
}
static inline mv gp(mv a, mv b) {
    mv o;
    ak_cl_gp(&o, &a, &b);
    return o;
}
static inline mv op(mv a, mv b) {
    mv o;
    ak_cl_op(&o, &a, &b);
    return o;
}
static inline mv lc(mv a, mv b) {
    mv o;
    ak_cl_lc(&o, &a, &b);
    return o;
}
static inline mv join(mv a, mv b) {
    mv o;
    ak_cl_rp(&o, &a, &b);
    return o;
}
static inline mv rev(mv a) {
    mv o;
    ak_cl_reverse(&o, &a);
    return o;
}
static inline mv comm(mv a, mv b) { return scl(sub(gp(a, b), gp(b, a)), 0.5); }

#endif
