// Hodges ch. 17: the printed derivation of the inertia tensor, "=" by "=". See hodges_lines.h.
// libm and GSL's generator only (the oracles' rule).
#include "verify/oracles/hodges_lines.h"

#include <math.h>

const char *const ak_hdg17_eqs[AK_HDG17_NEQS] = {
    "L = sum m_k r_k x dr_k/dt (differences) = sum m_k r_k x (w x r_k)",
    "a x (b x c) = (a . c) b - (a . b) c (a = r_k, b = w, c = r_k)",
    "sum m_k r_k x (w x r_k) = sum m_k [(r_k . r_k) w - (r_k . w) r_k]",
    "(r . r) w = diag(r_x r_x + r_y r_y + r_z r_z) w (the printed matrix)",
    "(r . w) r = [[r_x r_x, r_y r_x, r_z r_x], [r_x r_y, r_y r_y, r_z r_y], [r_x r_z, r_y r_z, "
    "r_z r_z]] w",
    "(r . r) w - (r . w) r = [[r_y r_y + r_z r_z, -r_y r_x, -r_z r_x], ...] w = (r . r delta_ij - "
    "x_i x_j) w",
    "L = I . w with I_ij = sum_k m_k (r_k . r_k delta_ij - x_i x_j) (eq. 27)",
};

static double uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }
static void cross(double o[3], const double a[3], const double b[3]) {
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}
static double dot(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
static double dist3(const double a[3], const double b[3]) {
    return fmax(fabs(a[0] - b[0]), fmax(fabs(a[1] - b[1]), fabs(a[2] - b[2])));
}
// Rodrigues: r0 turned by |w| t about w
static void turned(double o[3], const double r0[3], const double w[3], double t) {
    double n = sqrt(dot(w, w)), k[3] = { w[0] / n, w[1] / n, w[2] / n }, th = n * t, kx[3];
    cross(kx, k, r0);
    double kd = dot(k, r0);
    for (int i = 0; i < 3; i++)
        o[i] = r0[i] * cos(th) + kx[i] * sin(th) + k[i] * kd * (1.0 - cos(th));
}
static void matvec(double o[3], double A[3][3], const double v[3]) {
    for (int i = 0; i < 3; i++) o[i] = A[i][0] * v[0] + A[i][1] * v[1] + A[i][2] * v[2];
}

int ak_hdg17_residuals(gsl_rng *r, double res[]) {
    enum { K = 6 };
    double m[K], r0[K][3], c[3] = { 0 }, M = 0.0, w[3] = { uni(r), uni(r), uni(r) };
    for (int k = 0; k < K; k++) {
        m[k] = 0.5 + gsl_rng_uniform(r), M += m[k];
        for (int i = 0; i < 3; i++) r0[k][i] = uni(r), c[i] += m[k] * r0[k][i];
    }
    for (int k = 0; k < K; k++) // centre of mass at the origin
        for (int i = 0; i < 3; i++) r0[k][i] -= c[i] / M;
    const double t = 0.3 + gsl_rng_uniform(r), h = 1e-3;
    double L0[3] = { 0 }, L1[3] = { 0 }, L2[3] = { 0 }, I[3][3] = { { 0 } };
    for (int i = 0; i < AK_HDG17_NEQS; i++) res[i] = 0.0;
    for (int k = 0; k < K; k++) {
        double rk[3], a[3], b[3], cc[3], d[3], rd[3], wr[3], rwr[3];
        turned(rk, r0[k], w, t);
        turned(a, r0[k], w, t - 2 * h);
        turned(b, r0[k], w, t - h);
        turned(cc, r0[k], w, t + h);
        turned(d, r0[k], w, t + 2 * h);
        for (int i = 0; i < 3; i++) rd[i] = (8.0 * (cc[i] - b[i]) + a[i] - d[i]) / (12.0 * h);
        double rxrd[3];
        cross(rxrd, rk, rd);
        cross(wr, w, rk);
        cross(rwr, rk, wr);
        double rr = dot(rk, rk), rw = dot(rk, w), tp[3];
        for (int i = 0; i < 3; i++) {
            L0[i] += m[k] * rxrd[i];
            L1[i] += m[k] * rwr[i];
            tp[i] = rr * w[i] - rw * rk[i];
            L2[i] += m[k] * tp[i];
        }
        res[1] = fmax(res[1], dist3(rwr, tp));
        // the printed matrices, entries as printed
        double x = rk[0], y = rk[1], z = rk[2];
        double D[3][3] = { { x * x + y * y + z * z, 0, 0 },
                           { 0, x * x + y * y + z * z, 0 },
                           { 0, 0, x * x + y * y + z * z } };
        double P[3][3] = { { x * x, y * x, z * x },
                           { x * y, y * y, z * y },
                           { x * z, y * z, z * z } };
        double Dm[3][3] = { { y * y + z * z, -y * x, -z * x },
                            { -x * y, x * x + z * z, -z * y },
                            { -x * z, -y * z, x * x + y * y } };
        double rrw[3], rwrv[3], Dw[3], Pw[3], Dmw[3], dw[3], Tw[3];
        for (int i = 0; i < 3; i++) rrw[i] = rr * w[i], rwrv[i] = rw * rk[i];
        matvec(Dw, D, w);
        matvec(Pw, P, w);
        matvec(Dmw, Dm, w);
        double T[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                T[i][j] = rr * (i == j) - rk[i] * rk[j];
                I[i][j] += m[k] * T[i][j];
            }
        matvec(Tw, T, w);
        for (int i = 0; i < 3; i++) dw[i] = rrw[i] - rwrv[i];
        res[3] = fmax(res[3], dist3(rrw, Dw));
        res[4] = fmax(res[4], dist3(rwrv, Pw));
        res[5] = fmax(res[5], fmax(dist3(dw, Dmw), dist3(Dmw, Tw)));
    }
    double Iw[3];
    matvec(Iw, I, w);
    res[0] = dist3(L0, L1);
    res[2] = dist3(L1, L2);
    res[6] = fmax(dist3(L2, Iw), dist3(L0, Iw));
    return AK_HDG17_NEQS;
}
