// P-2.6.1 evaluated as printed: Dorst & De Keninck 2023, §2.6.1, the collision-response loop
// (ak_pub_p261_frame, ref/published/pga_printed_published.c: the printed ganja.js loop, its order
// of operations, 10 substeps of 1/600, the impulse j and B + j*N.UnDual, the renormalisation) on
// a unit cube (unit mass, unit inertia: the notes' Hodge-dual inertia) under the printed gravity
// forque above a floor y = 0. Against what the loop must give: the contact point's normal velocity
// reversed times rho, measured by differences of the moving points (Cl(3,0,1), ref/ga/cl.h); the
// change of the centroid velocity and the rotation rate predicted by a classical impulse
// computation (m = 1, I = identity); kinetic energy kept for rho = 1; and a cube at rest on the
// floor staying at rest.
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "ref/published/pga_printed_published.h"
#include "verify/checks/checks_printed.h"
#include "verify/oracles/cl301.h"

static const unsigned GMK[16] = { 0, 1, 2, 4, 8, 3, 5, 9, 6, 10, 12, 7, 11, 13, 14, 15 };
static mv lib2cl(const double x[16]) {
    mv a = zero();
    for (int i = 0; i < 16; i++) a.c[GMK[i]] = x[i];
    return a;
}
static void cl2lib(double x[16], mv a) {
    for (int i = 0; i < 16; i++) x[i] = a.c[GMK[i]];
}
// the point O + x𝓘 (e123 + x^k e_k e0123) and its coordinates
static mv clpoint(const double x[3]) {
    mv X = blade(14, 1.0);
    for (int k = 0; k < 3; k++) X = add(X, gp(blade(1u << (k + 1), x[k]), blade(15, 1.0)));
    return X;
}
static void coords(double x[3], mv X) {
    double w = X.c[14];
    for (int k = 0; k < 3; k++) {
        unsigned m = 15u ^ (1u << (k + 1));
        x[k] = X.c[m] / gp(blade(1u << (k + 1), 1.0), blade(15, 1.0)).c[m] / w;
    }
}
// world position at time t of body point X for the state (M, B) moving freely: M exp(-Bt/2)
static void pos_at(double p[3], mv M, mv B, mv X, double t) {
    mv E, Bt = scl(B, -0.5 * t);
    ak_cl_exp(&E, &Bt);
    mv Mt = gp(M, E);
    coords(p, gp(gp(Mt, X), rev(Mt)));
}
// world velocity of body point X by five-point differences
static void vel(double v[3], mv M, mv B, mv X) {
    const double h = 1e-4, w[4] = { 1, -8, 8, -1 }, t[4] = { -2, -1, 1, 2 };
    for (int k = 0; k < 3; k++) v[k] = 0;
    for (int s = 0; s < 4; s++) {
        double p[3];
        pos_at(p, M, B, X, t[s] * h);
        for (int k = 0; k < 3; k++) v[k] += w[s] * p[k] / (12 * h);
    }
}
// the centroid velocity, the world rotation rate (from three body axes) and the centroid
static void rigid(double vc[3], double om[3], double c[3], mv M, mv B) {
    static const double O3[3] = { 0, 0, 0 };
    mv C = clpoint(O3);
    vel(vc, M, B, C);
    pos_at(c, M, B, C, 0);
    double va[3][3], pa[3][3];
    for (int a = 0; a < 3; a++) {
        double e[3] = { 0, 0, 0 };
        e[a] = 1;
        vel(va[a], M, B, clpoint(e));
        pos_at(pa[a], M, B, clpoint(e), 0);
        for (int k = 0; k < 3; k++) va[a][k] -= vc[k], pa[a][k] -= c[k];
    }
    // v_a = om x r_a for orthonormal r_a: om = 1/2 sum r_a x v_a
    for (int k = 0; k < 3; k++) om[k] = 0;
    for (int a = 0; a < 3; a++) {
        const double *r = pa[a], *v = va[a];
        om[0] += 0.5 * (r[1] * v[2] - r[2] * v[1]);
        om[1] += 0.5 * (r[2] * v[0] - r[0] * v[2]);
        om[2] += 0.5 * (r[0] * v[1] - r[1] * v[0]);
    }
}

typedef struct cube {
    double pts[8][16], floor[16];
} cube;
static void make_cube(cube *q, double sign) {
    for (int p = 0; p < 8; p++) {
        double x[3];
        for (int k = 0; k < 3; k++) x[k] = (p >> k & 1) ? 0.5 : -0.5;
        cl2lib(q->pts[p], clpoint(x));
    }
    memset(q->floor, 0, sizeof q->floor);
    q->floor[3] = sign; // the plane y = 0 (e2), oriented by sign
}
static mv motor(const double c[3], const double biv[3]) { // T_c exp(rotation)
    mv R, E = zero();
    E.c[6] = biv[0], E.c[10] = biv[1], E.c[12] = biv[2];
    ak_cl_exp(&R, &E);
    mv T = blade(0, 1.0);
    for (int k = 0; k < 3; k++) T = add(T, gp(blade(1, -0.5), blade(1u << (k + 1), c[k])));
    return gp(T, R);
}

void ak_check_printed_pga_261(ak_check_ctx *c) {
    cube q;
    // orientation: the printed test (P & floor) < 0 means below; e2 or -e2, whichever the
    // library's regressive product makes positive above
    make_cube(&q, 1.0);
    {
        double up[3] = { 0, 1, 0 }, X[16], v[16];
        cl2lib(X, clpoint(up));
        ak_pub_pga_vee(v, X, q.floor, 0);
        if (v[0] < 0) make_cube(&q, -1.0);
        ak_pub_pga_vee(v, X, q.floor, 0);
        double dn[3] = { 0, -1, 0 }, Y[16], w[16];
        cl2lib(Y, clpoint(dn));
        ak_pub_pga_vee(w, Y, q.floor, 0);
        ak_expect(c, v[0] > 0 && w[0] < 0, "floor: P & floor is %g above, %g below", v[0], w[0]);
    }
    static const double O3[3] = { 0, 0, 0 };
    {
        double cc[3] = { 0.3, 2.0, -0.1 }, z[3] = { 0, 0, 0 }, p[3];
        pos_at(p, motor(cc, z), zero(), clpoint(O3), 0);
        ak_expect(c, fabs(p[0] - 0.3) + fabs(p[1] - 2.0) + fabs(p[2] + 0.1) < 1e-14,
                  "T_c moves the centroid to c");
    }
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 261);
    const int ndrops = (int)ak_samples(c, 40, 10);
    double e_rest = 0, e_imp = 0, e_tan = 0, e_energy = 0, e_rest32 = 0, e_imp32 = 0;
    int events = 0, capped = 0, longest = 0;
    for (int f32 = 0; f32 < 2; f32++)
        for (int d = 0; d < ndrops; d++) {
            // a tilted cube dropped with a spin: the first contact is one vertex
            double cc[3] = { uni(r), 0.9 + 0.3 * gsl_rng_uniform(r), uni(r) };
            double biv[3] = { 0.4 * uni(r), 0.4 * uni(r), 0.4 * uni(r) };
            double rho = (d % 4 == 3) ? 1.0 : 0.5 * (d % 3);
            double M[16], B[16];
            cl2lib(M, motor(cc, biv));
            mv B0 = zero();
            B0.c[6] = 2 * uni(r), B0.c[10] = 2 * uni(r), B0.c[12] = 2 * uni(r);
            cl2lib(B, B0);
            ak_pub_p261_event ev[1];
            ak_pub_p261_stats st = { 0, 0, 0 };
            for (int fr = 0; fr < 60 && st.impulses == 0; fr++)
                ak_pub_p261_frame(M, B, (const double(*)[16])q.pts, 8, q.floor, rho, 9.81, f32,
                                  1000, &st, ev, 1);
            capped += st.capped;
            longest = st.longest > longest ? st.longest : longest;
            if (st.impulses == 0) continue;
            events++;
            mv Mc = lib2cl(ev[0].M), Bb = lib2cl(ev[0].B), Ba = lib2cl(ev[0].Bafter),
               Q = lib2cl(ev[0].Q);
            double vb[3], va[3];
            vel(vb, Mc, Bb, Q);
            vel(va, Mc, Ba, Q);
            double er = fabs(va[1] + rho * vb[1]) / fabs(vb[1]);
            // the classical impulse at the contact point p, normal n = e_y, m = 1, I = 1
            double vc0[3], om0[3], cen[3], vc1[3], om1[3], cen1[3], p[3];
            rigid(vc0, om0, cen, Mc, Bb);
            rigid(vc1, om1, cen1, Mc, Ba);
            pos_at(p, Mc, Bb, Q, 0);
            double rr[3] = { p[0] - cen[0], p[1] - cen[1], p[2] - cen[2] };
            double rxn[3] = { -rr[2], 0, rr[0] }; // r x e_y
            double vn = vb[1];
            double jc = -(1 + rho) * vn / (1 + rxn[0] * rxn[0] + rxn[2] * rxn[2]);
            double dv[3] = { 0, jc, 0 }, dw[3] = { jc * rxn[0], 0, jc * rxn[2] };
            double ei = 0;
            for (int k = 0; k < 3; k++)
                ei = fmax(ei, fmax(fabs(vc1[k] - vc0[k] - dv[k]), fabs(om1[k] - om0[k] - dw[k])));
            ei /= fabs(jc);
            if (f32) {
                e_rest32 = fmax(e_rest32, er), e_imp32 = fmax(e_imp32, ei);
                continue;
            }
            e_rest = fmax(e_rest, er), e_imp = fmax(e_imp, ei);
            e_tan = fmax(e_tan, fmax(fabs(vc1[0] - vc0[0]), fabs(vc1[2] - vc0[2])) / fabs(jc));
            if (rho == 1.0) {
                double T0 = 0, T1 = 0;
                for (int k = 0; k < 3; k++)
                    T0 += 0.5 * (vc0[k] * vc0[k] + om0[k] * om0[k]),
                        T1 += 0.5 * (vc1[k] * vc1[k] + om1[k] * om1[k]);
                e_energy = fmax(e_energy, fabs(T1 - T0) / T0);
            }
        }
    ak_expect(c, events >= ndrops, "%d of %d drops (double and float storage) hit the floor",
              events, 2 * ndrops);
    ak_measure(c, e_rest, 1e-8,
               "first impulse: the contact point's normal velocity after = -rho x before "
               "(differences), rho = 0, 0.5, 1: largest relative error %.2g",
               e_rest);
    ak_measure(c, e_imp, 1e-7,
               "... the centroid velocity and rotation rate change as the classical impulse "
               "j = -(1 + rho) v_n / (1/m + |r x n|^2) predicts: %.2g (relative to j)",
               e_imp);
    ak_measure(c, e_tan, 1e-7, "... the tangential momentum kept: %.2g", e_tan);
    ak_measure(c, e_energy, 1e-7, "... rho = 1: kinetic energy kept to %.2g", e_energy);
    ak_measure(c, e_rest32, 1e-4,
               "with the library's Float32Array storage: restitution %.2g, impulse %.2g", e_rest32,
               e_imp32);
    ak_measure(c, e_imp32, 1e-4, "... the classical impulse with float storage");

    // a cube at rest on the floor (bottom face at y = 0), rho = 0.5, 10 s (quick: 1 s)
    const int frames = (int)ak_samples(c, 600, 60);
    double rest[2][4];
    for (int f32 = 0; f32 < 2; f32++) {
        double cc[3] = { 0, 0.5, 0 }, z[3] = { 0, 0, 0 }, M[16], B[16] = { 0 };
        cl2lib(M, motor(cc, z));
        ak_pub_p261_stats st = { 0, 0, 0 };
        double hmax = 0, tilt = 0;
        for (int fr = 0; fr < frames; fr++) {
            ak_pub_p261_frame(M, B, (const double(*)[16])q.pts, 8, q.floor, 0.5, 9.81, f32, 1000,
                              &st, NULL, 0);
            double p[3], e1[3] = { 1, 0, 0 }, px[3];
            pos_at(p, lib2cl(M), zero(), clpoint(O3), 0);
            pos_at(px, lib2cl(M), zero(), clpoint(e1), 0);
            hmax = fmax(hmax, fabs(p[1] - 0.5));
            tilt = fmax(tilt, fabs(px[1] - p[1]));
        }
        double vc[3], om[3], cen[3];
        rigid(vc, om, cen, lib2cl(M), lib2cl(B));
        rest[f32][0] = hmax, rest[f32][1] = tilt;
        rest[f32][2] = sqrt(vc[0] * vc[0] + vc[1] * vc[1] + vc[2] * vc[2]);
        rest[f32][3] = st.impulses;
        capped += st.capped;
        longest = st.longest > longest ? st.longest : longest;
    }
    ak_expect(c, capped == 0, "the printed while loop ended every time (longest run %d rounds)",
              longest);
    // the impulse method has no resting contact: each substep gravity pulls the face through the
    // floor and an impulse throws it back; the cube stays at rest to the order of one substep's
    // fall, g h^2 in height and tilt (the bound: 10 g h^2 = 2.7e-4) and g h in speed
    const double gh2 = 9.81 / (600.0 * 600.0), gh = 9.81 / 600.0;
    for (int f32 = 0; f32 < 2; f32++) {
        ak_measure(c, fmax(rest[f32][0], rest[f32][1]) / gh2, 10.0,
                   "cube at rest on the floor (%s), rho = 0.5, %d frames: centroid height within "
                   "%.3g of 0.5 (%.2f g h^2), tilt %.3g, %g impulses in %d substeps",
                   f32 ? "float storage" : "double", frames, rest[f32][0], rest[f32][0] / gh2,
                   rest[f32][1], rest[f32][3], 10 * frames);
        ak_measure(c, rest[f32][2] / gh, 2.0, "... speed at the end %.3g (%.2f g h)", rest[f32][2],
                   rest[f32][2] / gh);
    }
    ak_value(c, "restitution_error", e_rest);
    ak_value(c, "impulse_error", e_imp);
    ak_value(c, "rest_height", rest[0][0]);
    gsl_rng_free(r);
}
