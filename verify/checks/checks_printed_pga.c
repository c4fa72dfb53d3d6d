// The PGA notes' free tops evaluated as printed (Dorst & De Keninck 2023, App. B.2, B.3): both
// lines of eq. B.6 and the second form of eq. B.15, through their transcriptions in
// ref/published/dyn_published.c, against an RK4 integration of the notes' own law of motion
// (Mdot = -1/2 M B_b, Bdot_b = I_b^-1[B_b x I_b[B_b]], ak_pga_derivs) in 3D.
#include <math.h>
#include <string.h>

#include "verify/checks/checks_printed.h"
#include "ref/ga/nd.h"
#include "ref/pga/pga.h"
#include "ref/published/dyn_published.h"

// largest distance between the centroids the two motors place (the image of the origin)
static double centroid_dist(int d, const double A[], const double B[]) {
    double R[16], xa[AK_MAX_DIM], xb[AK_MAX_DIM], e = 0.0;
    ak_pga_motor_to(d, R, xa, A);
    ak_pga_motor_to(d, R, xb, B);
    for (int a = 0; a < d; a++) e = fmax(e, fabs(xa[a] - xb[a]));
    return e;
}

// largest component difference of two motors, up to the sign (M and -M are the same motion)
static double motor_dist(int d, const double A[], const double B[]) {
    double ep = 0.0, em = 0.0;
    for (int q = 0; q < ak_pga_size(d); q++) {
        ep = fmax(ep, fabs(A[q] - B[q]));
        em = fmax(em, fabs(A[q] + B[q]));
    }
    return fmin(ep, em);
}

static void rk4(int d, double M[], double B[], const double I[], double m, double h) {
    int N = ak_pga_size(d);
    double k1M[AK_PGA_MAX], k1B[AK_PGA_MAX], k2M[AK_PGA_MAX], k2B[AK_PGA_MAX], k3M[AK_PGA_MAX],
        k3B[AK_PGA_MAX], k4M[AK_PGA_MAX], k4B[AK_PGA_MAX], tM[AK_PGA_MAX], tB[AK_PGA_MAX];
    ak_pga_derivs(d, k1M, k1B, M, B, I, m, NULL);
    for (int q = 0; q < N; q++) tM[q] = M[q] + 0.5 * h * k1M[q], tB[q] = B[q] + 0.5 * h * k1B[q];
    ak_pga_derivs(d, k2M, k2B, tM, tB, I, m, NULL);
    for (int q = 0; q < N; q++) tM[q] = M[q] + 0.5 * h * k2M[q], tB[q] = B[q] + 0.5 * h * k2B[q];
    ak_pga_derivs(d, k3M, k3B, tM, tB, I, m, NULL);
    for (int q = 0; q < N; q++) tM[q] = M[q] + h * k3M[q], tB[q] = B[q] + h * k3B[q];
    ak_pga_derivs(d, k4M, k4B, tM, tB, I, m, NULL);
    for (int q = 0; q < N; q++) {
        M[q] += h / 6 * (k1M[q] + 2 * k2M[q] + 2 * k3M[q] + k4M[q]);
        B[q] += h / 6 * (k1B[q] + 2 * k2B[q] + 2 * k3B[q] + k4B[q]);
    }
}

void ak_check_printed_pb6(ak_check_ctx *c) {
    const int d = 3, N = ak_pga_size(d);
    const double i = 0.8, m = 2.0, h = 1e-3;
    const int steps = (int)ak_samples(c, 10000, 3000);
    double Id[9] = { i, 0, 0, 0, i, 0, 0, 0, i }; // i3 = i: the spherical top
    double x0[3] = { 0.3, -0.2, 1.0 }, vw[3] = { 0.5, 0.1, -0.7 }, wb0[3] = { 1.3, -0.6, 0.8 },
           zero[3] = { 0, 0, 0 };
    double R0[4];
    ak_nd_rotor_plane(d, R0, 0, 2, 0.9);
    double M0[AK_PGA_MAX], Pm[AK_PGA_MAX], Lb[AK_PGA_MAX], L[AK_PGA_MAX], Lw[AK_PGA_MAX],
        M0r[AK_PGA_MAX], Pb[AK_PGA_MAX];
    ak_pga_motor_from(d, M0, R0, x0);
    ak_pga_rate_from(d, Pm, zero, vw);    // eps p/m
    ak_pga_rate_from(d, Lb, wb0, zero);   // L_b/i = B_b0 (Euclidean part)
    ak_pub_pga_euclidean_L(d, L, M0, Lb); // the printed L: 𝓘L = M0(𝓘L_b)M0~
    ak_pga_sandwich(d, Lw, M0, Lb);       // corrected: the line M0 L_b M0~
    // initial body rate: B_b = -2 M~ Mdot at t = 0 of either line = L_b/i + M0~ (eps p/m) M0
    double M[AK_PGA_MAX], B[AK_PGA_MAX];
    ak_pga_reverse(d, M0r, M0);
    ak_pga_sandwich(d, Pb, M0r, Pm);
    for (int q = 0; q < N; q++) B[q] = Lb[q] + Pb[q];
    memcpy(M, M0, sizeof M);
    double e1 = 0.0, e2 = 0.0, ec = 0.0, x2 = 0.0, ev = INFINITY, evc = 0.0, ek = INFINITY,
           ekc = 0.0;
    for (int s = 1; s <= steps; s++) {
        rk4(d, M, B, Id, m, h);
        if (s % 50) continue;
        double t = s * h, F1[AK_PGA_MAX], F2[AK_PGA_MAX], Fc[AK_PGA_MAX], Fv[AK_PGA_MAX],
               Pb2[AK_PGA_MAX];
        // B.2, before B.6: M = M0 M_v M_B0 with the printed M_v = exp(-1/2 eps v_0 t/2), and with
        // exp(-eps v_0 t/2) (the same transcription at twice the velocity)
        ak_pub_pga_B2_motor(d, Fv, M0, Pb, Lb, t);
        ev = fmin(ev, motor_dist(d, Fv, M));
        for (int q = 0; q < N; q++) Pb2[q] = 2.0 * Pb[q];
        ak_pub_pga_B2_motor(d, Fv, M0, Pb2, Lb, t);
        evc = fmax(evc, motor_dist(d, Fv, M));
        // B.1/B.2's kinematics as printed, Mdot = -1/2 M Bdot_b, against Mdot of the law
        double Md[AK_PGA_MAX], Bd[AK_PGA_MAX], Mk[AK_PGA_MAX], e = 0.0, ec2 = 0.0, Mb[AK_PGA_MAX];
        ak_pga_derivs(d, Md, Bd, M, B, Id, m, NULL);
        ak_pub_pga_B1_motor_rate(d, Mk, M, Bd);
        ak_pub_pga_B1_motor_rate(d, Mb, M, B); // with B_b for Bdot_b
        for (int q = 0; q < N; q++)
            e = fmax(e, fabs(Mk[q] - Md[q])), ec2 = fmax(ec2, fabs(Mb[q] - Md[q]));
        ek = fmin(ek, e), ekc = fmax(ekc, ec2);
        ak_pub_pga_B6_first(d, F1, M0, Pm, Lb, t);
        ak_pub_pga_B6_second(d, F2, M0, Pm, L, t);
        ak_pub_pga_B6_second(d, Fc, M0, Pm, Lw, t); // second line with the corrected L_w
        e1 = fmax(e1, motor_dist(d, F1, M));
        e2 = fmax(e2, motor_dist(d, F2, M));
        x2 = fmax(x2, centroid_dist(d, F2, M));
        ec = fmax(ec, motor_dist(d, Fc, M));
    }
    ak_measure(c, e1, 1e-8,
               "P-B.6 first line e^{-(eps p/m)t/2} M0 e^{-(L_b/i)t/2} as printed vs RK4 (h = 1e-3, "
               "%.0f s) of the notes' law: max motor difference %.2e",
               steps * h, e1);
    ak_expect(c, e2 > 0.1,
              "P-B.6 second line e^{-(eps p/m)t/2} e^{-(L/i)t/2} M0 as printed (L the Euclidean "
              "2-blade, 𝓘L = M0(𝓘L_b)M0~): max motor difference %.3f, centroid off by up to %.3f "
              "(wrong)",
              e2, x2);
    ak_measure(c, ec, 1e-8,
               "second line with L_w = M0 L_b M0~ (the line through the centroid): %.2e", ec);
    ak_expect(c, ev > 0.01,
              "P-B.6Mv: M = M0 M_v M_B0 with M_v = exp(-1/2 eps v_0 t/2) as printed: off the "
              "integration by at "
              "least %.3g at every sample from t = 0.05 s (half the velocity)",
              ev);
    ak_measure(c, evc, 1e-8, "P-B.6Mv with M_v = exp(-eps v_0 t/2): %.2e", evc);
    ak_expect(c, ek > 0.1,
              "P-B.1kin: Mdot = -1/2 M Bdot_b as printed (B.1, B.2) differs from the law's Mdot by "
              "at least %.3g "
              "at every sample",
              ek);
    ak_measure(c, ekc, 1e-15, "Mdot = -1/2 M B_b (as B.3 writes it) equals the law's Mdot: %.2e",
               ekc);
    ak_value(c, "first_line_error", e1);
    ak_value(c, "second_line_printed_error", e2);
    ak_value(c, "second_line_printed_centroid_error", x2);
    ak_value(c, "second_line_corrected_error", ec);
    // counterexample: M0 a translation by e1, L_b/i = e12, p = 0, t = pi: the body should spin
    // in place; the printed second line carries the centroid half way round the origin
    {
        double Rid[4] = { 1, 0, 0, 0 }, xe[3] = { 1, 0, 0 }, w12[3] = { 1, 0, 0 };
        double T0[AK_PGA_MAX], P0[AK_PGA_MAX] = { 0 }, L12[AK_PGA_MAX], Lp[AK_PGA_MAX],
                               F[AK_PGA_MAX], R[4], xp[3], xq[3];
        ak_pga_motor_from(d, T0, Rid, xe);
        ak_pga_rate_from(d, L12, w12, zero);
        ak_pub_pga_euclidean_L(d, Lp, T0, L12);
        ak_pub_pga_B6_second(d, F, T0, P0, Lp, 3.14159265358979323846);
        ak_pga_motor_to(d, R, xp, F);
        ak_pub_pga_B6_first(d, F, T0, P0, L12, 3.14159265358979323846);
        ak_pga_motor_to(d, R, xq, F);
        ak_measure(c, fabs(xq[0] - 1) + fabs(xq[1]) + fabs(xq[2]), 1e-12,
                   "counterexample M0 = translation by e1, L_b/i = e12, p = 0, t = pi: first line "
                   "keeps the centroid at (%.3f, %.3f, %.3f)",
                   xq[0], xq[1], xq[2]);
        ak_expect(c, fabs(xp[0] + 1) < 1e-12 && fabs(xp[1]) < 1e-12,
                  "printed second line moves it to (%.3f, %.3f, %.3f): turned about the origin",
                  xp[0], xp[1], xp[2]);
    }
    ak_note(c, "erratum P-B.6: the second line needs L_w = M0 L_b M0~, as P-B.15's second form");
}

// P-B.15's second form as printed (i = 0.8, i3 = 0.3), against the same integration; the first
// form is ak_pga_symmetric_top (checked in dynamics.symmetric_top)
void ak_check_printed_pb15(ak_check_ctx *c) {
    const int d = 3, N = ak_pga_size(d);
    const double i = 0.8, i3 = 0.3, m = 2.0, h = 1e-3;
    const int steps = (int)ak_samples(c, 10000, 3000);
    double Id[9] = { i3, 0, 0, 0, i, 0, 0, 0, i }; // xy (E3) = i3; xz, yz = i
    double x0[3] = { 0.3, -0.2, 1.0 }, vw[3] = { 0.5, 0.1, -0.7 }, wb0[3] = { 1.3, -0.6, 0.8 },
           zero[3] = { 0, 0, 0 };
    double R0[4];
    ak_nd_rotor_plane(d, R0, 0, 2, 0.9);
    double lb[3] = { i3 * wb0[0] / i, wb0[1], wb0[2] }, a[3] = { (1 - i3 / i) * wb0[0], 0, 0 };
    double M0[AK_PGA_MAX], Pm[AK_PGA_MAX], Lb[AK_PGA_MAX], A[AK_PGA_MAX], L[AK_PGA_MAX],
        Lw[AK_PGA_MAX], M0r[AK_PGA_MAX], Pb[AK_PGA_MAX], W0[AK_PGA_MAX];
    ak_pga_motor_from(d, M0, R0, x0);
    ak_pga_rate_from(d, Pm, zero, vw);
    ak_pga_rate_from(d, Lb, lb, zero); // L_b / i
    ak_pga_rate_from(d, A, a, zero);   // B.14 first lines: (1 - i3/i)[B0]_3 E3
    ak_pga_rate_from(d, W0, wb0, zero);
    ak_pub_pga_euclidean_L(d, L, M0, Lb);
    ak_pga_sandwich(d, Lw, M0, Lb);
    double M[AK_PGA_MAX], B[AK_PGA_MAX];
    ak_pga_reverse(d, M0r, M0);
    ak_pga_sandwich(d, Pb, M0r, Pm);
    for (int q = 0; q < N; q++) B[q] = W0[q] + Pb[q];
    memcpy(M, M0, sizeof M);
    double e1 = 0.0, e2 = 0.0, ec = 0.0, x2 = 0.0;
    for (int s = 1; s <= steps; s++) {
        rk4(d, M, B, Id, m, h);
        if (s % 50) continue;
        double t = s * h, F1[AK_PGA_MAX], F2[AK_PGA_MAX], Fc[AK_PGA_MAX];
        ak_pga_symmetric_top(d, F1, M0, Pm, Lb, A, t);
        ak_pub_pga_B15_second(d, F2, M0, Pm, L, A, t);
        ak_pub_pga_B15_second(d, Fc, M0, Pm, Lw, A, t);
        e1 = fmax(e1, motor_dist(d, F1, M));
        e2 = fmax(e2, motor_dist(d, F2, M));
        x2 = fmax(x2, centroid_dist(d, F2, M));
        ec = fmax(ec, motor_dist(d, Fc, M));
    }
    ak_measure(c, e1, 1e-8, "P-B.15 first form M_p M0 M_Lb M_A vs RK4 of the notes' law: %.2e", e1);
    ak_expect(c, e2 > 0.1,
              "P-B.15 second form M_p M_L M0 M_A as printed (L the Euclidean 2-blade): max motor "
              "difference %.3f, centroid off by up to %.3f (wrong)",
              e2, x2);
    ak_measure(c, ec, 1e-8, "second form with L_w = M0 L_b M0~: %.2e", ec);
    ak_value(c, "first_form_error", e1);
    ak_value(c, "second_form_printed_error", e2);
    ak_value(c, "second_form_printed_centroid_error", x2);
    ak_value(c, "second_form_corrected_error", ec);
}
