// Dorst & De Keninck 2023, App. A: printed chains evaluated "=" by "=" in Cl(3,0,1).
// See pga_appendix_lines.h. Only ref/ga/cl.h is used (the oracles' rule).
#include "oracles/pga_appendix_lines.h"

#include <math.h>

#include "ga/cl.h"

const ak_appl_chain ak_appl_chains[AK_APPL_NCHAINS] = {
    {"P-A.9pga", "App. A.7, the PGA form of the parallel axis theorem (unnumbered, after eq. A.9)", 5,
     {"I_b[T_q B_b T_q~]", "I_b[B_b - eps(q.B_b)]", "-m (q.B_b).(O + q𝓘) - I_C[B_b]𝓘",
      "-m (q.B_b).Q + m (q.B_b).(q𝓘) - I_C[B_b]𝓘", "-m (q.B_b).Q - (I_C[B_b] + m q^(q.B_b))𝓘"}},
    {"P-A.8(3D)", "App. A.6, the 3D inertia map in detail (after eq. A.8), first chain", 5,
     {"I_b[E_1 𝓘_3]", "I_b[eps e_1]", "m e_1.I_3", "m e_23", "m E_1"}},
    {"P-A.8(3D)", "App. A.6, the 3D inertia map in detail (after eq. A.8), second chain", 4,
     {"I_b[E_1]", "i_1 I_b[e_2 e_3]", "i_1 eps e_1", "i_1 E_1 𝓘_3"}},
    {"P-A.22", "App. A.10.2, the split of the body-frame acceleration (before eq. A.22)", 5,
     {"M~ Bdot_w M", "M~ (Bdot_w + eps vdot_w) M", "R~ T_c~ (Bdot_w + eps vdot_w) T_c R",
      "R~ (Bdot_w + eps (vdot_w + c.Bdot_w)) R", "R~ Bdot_w R + eps R~ (vdot_w + c.Bdot_w)"}},
};

typedef ak_cl_mv mv;
enum { E0 = 1, I3 = 14, IP = 15 };

static double uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }
static mv zero(void) { mv a; ak_cl_zero(&a, 3, 0, 1); return a; }
static mv blade(unsigned m, double s) { mv a; ak_cl_blade(&a, 3, 0, 1, m, s); return a; }
static mv add(mv a, mv b) { mv o; ak_cl_add(&o, &a, &b); return o; }
static mv sub(mv a, mv b) { mv o; ak_cl_sub(&o, &a, &b); return o; }
static mv scl(mv a, double s) { mv o; ak_cl_scale(&o, &a, s); return o; }
static mv gp(mv a, mv b) { mv o; ak_cl_gp(&o, &a, &b); return o; }
static mv op(mv a, mv b) { mv o; ak_cl_op(&o, &a, &b); return o; }
static mv lc(mv a, mv b) { mv o; ak_cl_lc(&o, &a, &b); return o; }
static mv join(mv a, mv b) { mv o; ak_cl_rp(&o, &a, &b); return o; }
static mv rev(mv a) { mv o; ak_cl_reverse(&o, &a); return o; }
static mv comm(mv a, mv b) { return scl(sub(gp(a, b), gp(b, a)), 0.5); }
static mv sand(mv M, mv X) { return gp(gp(M, X), rev(M)); }
static double dist(mv a, mv b) { return ak_cl_dist(&a, &b); }
static mv vec(double a, double b, double c) {
    mv v = zero();
    v.c[2] = a, v.c[4] = b, v.c[8] = c;
    return v;
}
static mv rvec(gsl_rng *r) { return vec(uni(r), uni(r), uni(r)); }
static mv rbiv(gsl_rng *r) {
    mv a = zero();
    a.c[6] = uni(r), a.c[10] = uni(r), a.c[12] = uni(r);
    return a;
}
static mv eps(void) { return blade(E0, 1.0); }
static mv Ip(void) { return blade(IP, 1.0); }
static mv O(void) { return blade(I3, 1.0); }
static mv point(mv x) { return add(O(), gp(x, Ip())); }
static mv translator(mv c) { return sub(blade(0, 1.0), scl(gp(eps(), c), 0.5)); }
static mv rotor(gsl_rng *r) {
    mv B = rbiv(r), R;
    ak_cl_exp(&R, &B);
    return R;
}

// a body of n point masses with its centroid at the origin
typedef struct body {
    int n;
    double m[6], M;
    mv r[6];
} body;

static body rbody(gsl_rng *r) {
    body b = {.n = 6, .M = 0};
    double c[3] = {0}, x[6][3];
    for (int i = 0; i < b.n; i++) {
        b.m[i] = 0.5 + gsl_rng_uniform(r);
        b.M += b.m[i];
        for (int k = 0; k < 3; k++) x[i][k] = uni(r), c[k] += b.m[i] * x[i][k];
    }
    for (int i = 0; i < b.n; i++) b.r[i] = vec(x[i][0] - c[0] / b.M, x[i][1] - c[1] / b.M, x[i][2] - c[2] / b.M);
    return b;
}

// a body whose classical inertia is diagonal on e23, e31, e12: mass pairs at +-a_k e_k
static body rprincipal(gsl_rng *r) {
    body b = {.n = 6, .M = 0};
    for (int k = 0; k < 3; k++) {
        double a = 0.3 + gsl_rng_uniform(r), m = 0.5 + gsl_rng_uniform(r);
        double x[3] = {0, 0, 0};
        x[k] = a;
        b.r[2 * k] = vec(x[0], x[1], x[2]);
        b.r[2 * k + 1] = scl(b.r[2 * k], -1.0);
        b.m[2 * k] = b.m[2 * k + 1] = m;
        b.M += 2 * m;
    }
    return b;
}

static mv IC(const body *b, mv B) { // A.3
    mv s = zero();
    for (int i = 0; i < b->n; i++) s = add(s, scl(op(b->r[i], lc(b->r[i], B)), b->m[i]));
    return s;
}

static mv Ib(const body *b, mv B) { // the definition (A.4, first line): sum m_i X_i v (X_i x B)
    mv s = zero();
    for (int i = 0; i < b->n; i++) {
        mv X = point(b->r[i]);
        s = add(s, scl(join(X, comm(X, B)), b->m[i]));
    }
    return s;
}

int ak_appl_residuals(int chain, gsl_rng *r, double res[]) {
    switch (chain) {
    case AK_APPL_PA9PGA: {
        body b = rbody(r);
        mv q = rvec(r), B = rbiv(r), Q = point(q), qB = lc(q, B), T = translator(q);
        mv m0 = Ib(&b, sand(T, B));
        mv m1 = Ib(&b, sub(B, gp(eps(), qB)));
        mv m2 = sub(scl(lc(qB, point(q)), -b.M), gp(IC(&b, B), Ip()));
        mv m3 = sub(add(scl(lc(qB, Q), -b.M), scl(lc(qB, gp(q, Ip())), b.M)), gp(IC(&b, B), Ip()));
        mv m4 = sub(scl(lc(qB, Q), -b.M), gp(add(IC(&b, B), scl(op(q, qB), b.M)), Ip()));
        mv m[5] = {m0, m1, m2, m3, m4};
        for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
        return 4;
    }
    case AK_APPL_PA8_3D_EPS:
    case AK_APPL_PA8_3D_E1: {
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0), I3p = Ip(); // E_1 = e23, 𝓘_3 = eps I_3
        double i1 = IC(&b, E1).c[12];
        if (chain == AK_APPL_PA8_3D_EPS) {
            mv m[5] = {Ib(&b, gp(E1, I3p)), Ib(&b, gp(eps(), e1)), scl(lc(e1, O()), b.M), blade(12, b.M),
                       scl(E1, b.M)};
            for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
            return 4;
        }
        mv m[4] = {Ib(&b, E1), scl(Ib(&b, blade(12, 1.0)), i1), scl(gp(eps(), e1), i1), scl(gp(E1, I3p), i1)};
        for (int k = 0; k < 3; k++) res[k] = dist(m[k], m[k + 1]);
        return 3;
    }
    case AK_APPL_PA22_SPLIT: {
        mv R = rotor(r), c = rvec(r), T = translator(c), M = gp(T, R), Bd = rbiv(r), vd = rvec(r);
        mv Bdw = add(Bd, gp(eps(), vd));
        mv m0 = gp(gp(rev(M), Bdw), M);
        mv m1 = m0; // the same expression with the split written out
        mv m2 = gp(gp(rev(R), gp(gp(rev(T), Bdw), T)), R);
        mv m3 = gp(gp(rev(R), add(Bd, gp(eps(), add(vd, lc(c, Bd))))), R);
        mv m4 = add(gp(gp(rev(R), Bd), R), gp(eps(), gp(rev(R), add(vd, lc(c, Bd)))));
        mv m[5] = {m0, m1, m2, m3, m4};
        for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
        return 4;
    }
    default: return 0;
    }
}

double ak_appl_corrected(int chain, int k, gsl_rng *r) {
    if (chain == AK_APPL_PA9PGA && k == 2) { // -m (q.B).O - I_C[B]𝓘 (A.4 applied to line 2)
        body b = rbody(r);
        mv q = rvec(r), B = rbiv(r), qB = lc(q, B);
        mv m1 = Ib(&b, sub(B, gp(eps(), qB)));
        return dist(m1, sub(scl(lc(qB, O()), -b.M), gp(IC(&b, B), Ip())));
    }
    if (chain == AK_APPL_PA8_3D_EPS && k == 1) { // I_b[E_1 𝓘_3] = I_b[-eps e_1]: E_1 𝓘_3 = -eps e_1
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0);
        return dist(Ib(&b, gp(E1, Ip())), Ib(&b, scl(gp(eps(), e1), -1.0)));
    }
    if (chain == AK_APPL_PA8_3D_E1 && k == 1) { // I_b[E_1] = I_b[e_2 e_3] = i_1 eps e_1 (no i_1 twice)
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0);
        double i1 = IC(&b, E1).c[12];
        return dist(Ib(&b, E1), scl(gp(eps(), e1), i1));
    }
    if (chain == AK_APPL_PA8_3D_E1 && k == 3) { // i_1 eps e_1 = -i_1 E_1 𝓘_3
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0);
        double i1 = IC(&b, E1).c[12];
        return dist(scl(gp(eps(), e1), i1), scl(gp(E1, Ip()), -i1));
    }
    if (chain == AK_APPL_PA22_SPLIT && k == 4) { // R~ Bdot_w R + eps R~ (vdot_w + c.Bdot_w) R
        mv R = rotor(r), c = rvec(r), Bd = rbiv(r), vd = rvec(r);
        mv m3 = gp(gp(rev(R), add(Bd, gp(eps(), add(vd, lc(c, Bd))))), R);
        mv fix = add(gp(gp(rev(R), Bd), R), gp(eps(), gp(gp(rev(R), add(vd, lc(c, Bd))), R)));
        return dist(m3, fix);
    }
    return -1.0;
}
