// P-2.5.8 evaluated as printed: Dorst & De Keninck 2023, §2.5.8 (the optimised 3D case), each
// printed formula on its own (ref/published/pga_printed_published.c) against the generic algebra
// Cl(3,0,1) (ref/ga/cl.h): the coefficient chain of M M~, the normalisation, the optimised Bdot
// and gravity forque, the inertia bivector C and the code's maps A and Ai against the body-point
// sum of a cuboid, and the printed RK4 against a GSL integration of the notes' law.
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "ref/published/pga_printed_published.h"
#include "verify/checks/checks_printed.h"
#include "verify/oracles/cl301.h"

// the notes' motor [1, e01, e02, e03, e12, e31, e23, e0123] and bivector [e01 .. e23] as blade
// masks (bit k = e_k) and signs (e31 = -e13)
static const unsigned NM[8] = { 0, 3, 5, 9, 6, 10, 12, 15 };
static const double NS[8] = { 1, 1, 1, 1, 1, -1, 1, 1 };
// the library's basis [1, e0, e1, e2, e3, e01, e02, e03, e12, e13, e23, e012, e013, e023, e123,
// e0123]: canonical blades, the same signs
static const unsigned GMK[16] = { 0, 1, 2, 4, 8, 3, 5, 9, 6, 10, 12, 7, 11, 13, 14, 15 };

static mv from_notes_motor(const double m[8]) {
    mv a = zero();
    for (int k = 0; k < 8; k++) a.c[NM[k]] += NS[k] * m[k];
    return a;
}
static void to_notes_motor(double m[8], mv a) {
    for (int k = 0; k < 8; k++) m[k] = NS[k] * a.c[NM[k]];
}
static mv from_notes_biv(const double b[6]) {
    mv a = zero();
    for (int k = 0; k < 6; k++) a.c[NM[k + 1]] += NS[k + 1] * b[k];
    return a;
}
static void to_notes_biv(double b[6], mv a) {
    for (int k = 0; k < 6; k++) b[k] = NS[k + 1] * a.c[NM[k + 1]];
}
static mv from_lib(const double x[16]) {
    mv a = zero();
    for (int i = 0; i < 16; i++) a.c[GMK[i]] = x[i];
    return a;
}
static void to_lib(double x[16], mv a) {
    for (int i = 0; i < 16; i++) x[i] = a.c[GMK[i]];
}
// the right complement (the notes' Hodge dual): e_A ^ *e_A = e0123
static mv star(mv a) {
    mv o = zero();
    for (unsigned m = 0; m < 16; m++)
        if (a.c[m] != 0.0) o.c[15u ^ m] += a.c[m] * op(blade(m, 1.0), blade(15u ^ m, 1.0)).c[15];
    return o;
}
static mv unstar(mv a) {
    mv o = zero();
    for (unsigned m = 0; m < 16; m++)
        if (a.c[m] != 0.0) o.c[15u ^ m] += a.c[m] / op(blade(15u ^ m, 1.0), blade(m, 1.0)).c[15];
    return o;
}
static double maxabs(mv a) {
    double r = 0;
    for (int m = 0; m < 16; m++) r = fmax(r, fabs(a.c[m]));
    return r;
}
static mv rnd_even(gsl_rng *r) {
    mv a = zero();
    for (int k = 0; k < 8; k++) a.c[NM[k]] = uni(r);
    return a;
}
static mv rnd_biv(gsl_rng *r) {
    mv a = zero();
    for (int k = 1; k < 7; k++) a.c[NM[k]] = uni(r);
    return a;
}
static mv rnd_motor(gsl_rng *r) { // exp of a random bivector: a normalised motor
    mv B = rnd_biv(r), M;
    B = scl(B, 1.5);
    ak_cl_exp(&M, &B);
    return M;
}
static mv point3(const double x[3]) { // O + x𝓘 = e123 + x^k e_k e0123
    mv X = blade(14, 1.0);
    for (int k = 0; k < 3; k++) X = add(X, gp(blade(1u << (k + 1), x[k]), blade(15, 1.0)));
    return X;
}

// a solid cuboid of mass m and sides w, h, d (x, y, z) as 8 point masses m/8 at
// (+-w, +-h, +-d)/(2 sqrt 3): the same second moments (m s^2/12 per axis), so the body-point sum
// is the cuboid's inertia map
typedef struct cuboid {
    double m, s[3];
    mv X[8];
} cuboid;
static cuboid make_cuboid(double m, double w, double h, double d) {
    cuboid c = { m, { w, h, d }, { { 0 } } };
    for (int p = 0; p < 8; p++) {
        double x[3];
        for (int k = 0; k < 3; k++) x[k] = ((p >> k & 1) ? 0.5 : -0.5) * c.s[k] / sqrt(3.0);
        c.X[p] = point3(x);
    }
    return c;
}
static mv inertia(const cuboid *c, mv B) { // sum m_i X_i v (X_i x B)
    mv s = zero();
    for (int p = 0; p < 8; p++) s = add(s, scl(join(c->X[p], comm(c->X[p], B)), c->m / 8));
    return s;
}

// ---- the notes' law for the reference: Mdot = -1/2 M B, Bdot = I^-1[B x I[B]], the inertia
// map as a 6 x 6 matrix on [e01, e02, e03, e12, e13, e23] (cl blades)
static const unsigned BV[6] = { 3, 5, 9, 6, 10, 12 };
typedef struct law {
    double Im[36], Iinv[36];
} law;
static void law_init(law *L, const cuboid *c) {
    gsl_matrix *A = gsl_matrix_alloc(6, 6), *Ai = gsl_matrix_alloc(6, 6);
    gsl_permutation *p = gsl_permutation_alloc(6);
    for (int j = 0; j < 6; j++) {
        mv col = inertia(c, blade(BV[j], 1.0));
        for (int i = 0; i < 6; i++)
            gsl_matrix_set(A, (size_t)i, (size_t)j, L->Im[6 * i + j] = col.c[BV[i]]);
    }
    int sg;
    gsl_linalg_LU_decomp(A, p, &sg);
    gsl_linalg_LU_invert(A, p, Ai);
    for (int i = 0; i < 36; i++) L->Iinv[i] = gsl_matrix_get(Ai, (size_t)(i / 6), (size_t)(i % 6));
    gsl_matrix_free(A), gsl_matrix_free(Ai);
    gsl_permutation_free(p);
}
static mv apply6(const double A[36], mv B) {
    mv o = zero();
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) o.c[BV[i]] += A[6 * i + j] * B.c[BV[j]];
    return o;
}
static int law_deriv(double t, const double y[], double f[], void *params) {
    (void)t;
    const law *L = params;
    mv M = zero(), B = zero();
    for (int k = 0; k < 8; k++) M.c[NM[k]] = y[k];
    for (int k = 0; k < 6; k++) B.c[BV[k]] = y[8 + k];
    mv dM = scl(gp(M, B), -0.5), dB = apply6(L->Iinv, comm(B, apply6(L->Im, B)));
    for (int k = 0; k < 8; k++) f[k] = dM.c[NM[k]];
    for (int k = 0; k < 6; k++) f[8 + k] = dB.c[BV[k]];
    return GSL_SUCCESS;
}

void ak_check_printed_pga_258(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 258);
    const int N = (int)ak_samples(c, 400, 100);
    double e_exp = 0, e_one = 0, e_zero = 1e300, e_last = 0, e_dir = 0, e_mid = 0, e_bdot = 0,
           e_grav = 0, e_grav_fix = 0, e_bdot_fix = 0;
    for (int t = 0; t < N; t++) {
        // "1 = M M~ = m^2 + ... + 2(...) e0123 = 0": each "=" on its own
        mv M = rnd_even(r), MM = gp(M, rev(M));
        double m[8], ex[2];
        to_notes_motor(m, M);
        ak_pub_p258_mrev(ex, m);
        mv X = add(blade(0, ex[0]), blade(15, ex[1]));
        e_exp = fmax(e_exp, maxabs(sub(MM, X)));
        mv U = rnd_motor(r);
        double u[8], ux[2];
        to_notes_motor(u, U);
        ak_pub_p258_mrev(ux, u);
        e_one = fmax(e_one, maxabs(sub(gp(U, rev(U)), blade(0, 1.0))));
        e_zero = fmin(e_zero, fabs(ux[0])); // "... = 0": the printed expansion of a motor is 1
        // the normalisation of M = lambda U + delta (a scaled motor off the manifold)
        double lam = 0.5 + 2.0 * gsl_rng_uniform(r);
        mv Mp = add(scl(U, lam), scl(rnd_even(r), 0.05));
        double mp[8], nn[8], nm[8];
        to_notes_motor(mp, Mp);
        ak_pub_p258_normalize(nn, mp);
        ak_pub_p258_normalize_middle(nm, mp);
        mv Nl = from_notes_motor(nn), Nm = from_notes_motor(nm);
        e_last = fmax(e_last, maxabs(sub(gp(Nl, rev(Nl)), blade(0, 1.0))));
        // the same motor: N M~ is a Study number with a positive scalar
        mv q = gp(Nl, rev(Mp));
        double st = q.c[0];
        q.c[0] = 0, q.c[15] = 0;
        e_dir = fmax(e_dir, fmax(maxabs(q), st > 0 ? 0.0 : 1.0));
        double dm = maxabs(sub(gp(Nm, rev(Nm)), blade(0, 1.0)));
        e_mid = fmax(e_mid, dm);
        // Bdot = *^-1(B x *B), the printed coefficients
        mv B = rnd_biv(r);
        double b[6], bd[6], want[6];
        to_notes_biv(b, B);
        ak_pub_p258_bdot(bd, b);
        to_notes_biv(want, unstar(comm(B, star(B))));
        double bfix[6] = {
            b[1] * b[3] - b[2] * b[4], b[2] * b[5] - b[0] * b[3], b[0] * b[4] - b[1] * b[5], 0, 0, 0
        };
        for (int k = 0; k < 6; k++) {
            e_bdot = fmax(e_bdot, fabs(bd[k] - want[k]));
            e_bdot_fix = fmax(e_bdot_fix, fabs(bfix[k] - want[k]));
        }
        // gravity: *(M~ e02 M) for a rotor (the e0k part of a motor does not move an ideal line)
        mv R = rnd_motor(r);
        for (unsigned k = 0; k < 16; k++)
            if (k & 1u) R.c[k] = 0.0;
        R = scl(R, 1.0 / sqrt(gp(R, rev(R)).c[0]));
        double rm[8], gv[6], gw[6];
        to_notes_motor(rm, R);
        ak_pub_p258_gravity(gv, rm);
        to_notes_biv(gw, star(gp(gp(rev(R), blade(5, 1.0)), R)));
        double fix[3] = { 2.0 * (rm[0] * rm[6] + rm[4] * rm[5]),
                          1.0 - 2.0 * (rm[4] * rm[4] + rm[6] * rm[6]),
                          2.0 * (rm[5] * rm[6] - rm[0] * rm[4]) };
        for (int k = 0; k < 3; k++) {
            e_grav = fmax(e_grav, fabs(gv[3 + k] - gw[3 + k]));
            e_grav_fix = fmax(e_grav_fix, fabs(fix[k] - gw[3 + k]));
        }
        for (int k = 0; k < 3; k++) e_grav = fmax(e_grav, fabs(gv[k] - gw[k]));
    }
    ak_measure(c, e_exp, 1e-13, "M M~ = the printed expansion (scalar + e0123), %d random even M",
               N);
    ak_measure(c, e_one, 1e-13, "1 = M M~ for motors exp(B)");
    ak_expect(c, e_zero > 0.999,
              "'... = 0': the printed expansion of a motor is 1 (smallest %.6g), only its e0123 "
              "coefficient is 0 (a slip in the chain)",
              e_zero);
    ak_measure(c, e_last, 1e-12,
               "the printed s(M + d(m23 e01 + m31 e02 + m12 e03 - m e0123)): N N~ = 1 for M = "
               "lambda U + 0.05 E, lambda in [0.5, 2.5]");
    ak_measure(c, e_dir, 1e-12,
               "... N M~ is a Study number with positive scalar: N = M/sqrt(M M~)");
    ak_expect(c, e_mid > 0.5,
              "the printed middle member M/(M M~) is not normalised: |P P~ - 1| up to %.3g (it is "
              "M/sqrt(M M~); a slip)",
              e_mid);
    ak_expect(c, e_bdot > 0.1,
              "Bdot = *^-1(B x *B): the printed coefficients are off by %.3g (e02: -b01 b12 - b03 "
              "b23 printed; a slip)",
              e_bdot);
    ak_measure(c, e_bdot_fix, 1e-13,
               "corrected: (b02 b12 - b03 b31) e01 + (b03 b23 - b01 b12) e02 + (b01 b31 - b02 "
               "b23) e03 = *^-1(B x *B)");
    ak_value(c, "bdot_error", e_bdot);
    ak_expect(c, e_grav > 0.1,
              "the printed gravity expression vs *(M~ e02 M) on unit rotors: off by %.3g (third "
              "coefficient 2(m31 - m m12))",
              e_grav);
    ak_measure(c, e_grav_fix, 1e-13,
               "corrected: 2(m m23 + m12 m31) e12 + (1 - 2(m12^2 + m23^2)) e31 + 2(m31 m23 - m "
               "m12) e23 = *(M~ e02 M)");
    ak_value(c, "expansion_residual", e_exp);
    ak_value(c, "motor_norm_residual", e_one);
    ak_value(c, "last_member_residual", fmax(e_last, e_dir));
    ak_value(c, "bdot_corrected_residual", e_bdot_fix);
    ak_value(c, "gravity_corrected_residual", e_grav_fix);
    ak_value(c, "mid_member_error", e_mid);
    ak_value(c, "gravity_error", e_grav);

    // the inertia: the printed bivector C and the code's I, A, Ai against the body-point sum of
    // a cuboid (w, h, d) = (1, 2, 3), m = 2
    cuboid cb = make_cuboid(2.0, 1.0, 2.0, 3.0);
    double Ilib[16], Cn[6];
    ak_pub_p258_I(Ilib, cb.m, cb.s, 0);
    ak_pub_p258_C(Cn, cb.m, cb.s[0], cb.s[1], cb.s[2]);
    double e_A = 0, e_Ai = 0, e_C = 0, e_C_fix = 0;
    for (int t = 0; t < N; t++) {
        mv B = rnd_biv(r), want = inertia(&cb, B);
        double x[16], a[16], ai[16];
        to_lib(x, B);
        ak_pub_p258_A(a, Ilib, x, 0);
        e_A = fmax(e_A, maxabs(sub(from_lib(a), want)));
        double w16[16];
        to_lib(w16, want);
        ak_pub_p258_Ai(ai, Ilib, w16, 0);
        e_Ai = fmax(e_Ai, maxabs(sub(from_lib(ai), B)));
        // C as printed: per coefficient multiplication of *B in the notes' basis
        double sb[6], cfix[6] = { Cn[2], Cn[1], Cn[0], Cn[3], Cn[4], Cn[5] };
        to_notes_biv(sb, star(B));
        for (int k = 0; k < 6; k++) sb[k] *= Cn[k];
        e_C = fmax(e_C, maxabs(sub(from_notes_biv(sb), want)));
        to_notes_biv(sb, star(B));
        for (int k = 0; k < 6; k++) sb[k] *= cfix[k];
        e_C_fix = fmax(e_C_fix, maxabs(sub(from_notes_biv(sb), want)));
    }
    ak_measure(c, e_A, 1e-13,
               "the code's A = x.Dual.map(x*(I[i]||1)) = the cuboid's inertia map (body-point "
               "sum), (w, h, d) = (1, 2, 3), m = 2");
    ak_measure(c, e_Ai, 1e-13, "the code's Ai = A^-1 on the cuboid's momenta");
    ak_expect(c, e_C > 0.1,
              "the printed C = m((h^2+d^2)/12 e03 + (w^2+d^2)/12 e02 + (w^2+h^2)/12 e01 + ...): "
              "off by %.4g (the e01 and e03 moments swapped)",
              e_C);
    ak_measure(c, e_C_fix, 1e-13,
               "C with (h^2+d^2)/12 on e01 and (w^2+h^2)/12 on e03 (as the code has it)");
    ak_value(c, "A_residual", fmax(e_A, e_Ai));
    ak_value(c, "C_corrected_residual", e_C_fix);
    ak_value(c, "C_error", e_C);

    // RK4 as printed on the free cuboid vs GSL rk8pd (1e-13) of the notes' law, t = 1
    law L;
    law_init(&L, &cb);
    double y0[14] = { 0 }, yref[14];
    mv M0 = rnd_motor(r), B0 = scl(rnd_biv(r), 2.0);
    for (int k = 0; k < 8; k++) y0[k] = M0.c[NM[k]];
    for (int k = 0; k < 6; k++) y0[8 + k] = B0.c[BV[k]];
    memcpy(yref, y0, sizeof y0);
    gsl_odeiv2_system sys = { law_deriv, NULL, 14, &L };
    gsl_odeiv2_driver *drv =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-13, 1e-13);
    double t0 = 0;
    int st = gsl_odeiv2_driver_apply(drv, &t0, 1.0, yref);
    gsl_odeiv2_driver_free(drv);
    ak_expect(c, st == GSL_SUCCESS, "GSL reference integration");
    static const double hs[3] = { 0.1, 0.05, 0.025 };
    double err[4];
    for (int f32 = 0; f32 < 2; f32++) {
        int nh = f32 ? 1 : 3;
        for (int k = 0; k < nh; k++) {
            double h = f32 ? 1.0 / 600.0 : hs[k], y[32];
            int steps = (int)lround(1.0 / h);
            mv M = zero(), B = zero();
            for (int q = 0; q < 8; q++) M.c[NM[q]] = y0[q];
            for (int q = 0; q < 6; q++) B.c[BV[q]] = y0[8 + q];
            to_lib(y, M), to_lib(y + 16, B);
            double If[16];
            ak_pub_p258_I(If, cb.m, cb.s, f32);
            for (int s = 0; s < steps; s++) ak_pub_p258_rk4(y, If, 0.0, h, f32);
            mv Me = from_lib(y), Be = from_lib(y + 16);
            double e = 0;
            for (int q = 0; q < 8; q++) e = fmax(e, fabs(Me.c[NM[q]] - yref[q]));
            for (int q = 0; q < 6; q++) e = fmax(e, fabs(Be.c[BV[q]] - yref[8 + q]));
            err[f32 ? 3 : k] = e;
        }
    }
    double o1 = log2(err[0] / err[1]), o2 = log2(err[1] / err[2]);
    ak_measure(c, fabs(o2 - 4.0), 0.3,
               "RK4 as printed (y + (h/3)(k2 + k3 + (k1 + k4)/2)), free cuboid, t = 1 vs GSL: "
               "errors %.3g, %.3g, %.3g at h = 0.1, 0.05, 0.025: order %.3f, %.3f",
               err[0], err[1], err[2], o1, o2);
    ak_measure(c, err[3], 1e-4,
               "... with the library's Float32Array storage at h = 1/600: %.3g (float rounding)",
               err[3]);
    ak_value(c, "rk4_order", o2);
    ak_value(c, "rk4_float_error", err[3]);
    gsl_rng_free(r);
}
