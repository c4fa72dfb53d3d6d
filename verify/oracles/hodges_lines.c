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

// ---- ch. 15, as printed (float)
typedef struct v3 {
    float x, y, z;
} v3;
static v3 mk(float x, float y, float z) {
    v3 v = { x, y, z };
    return v;
}
static v3 vsub(v3 a, v3 b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
static v3 vadd(v3 a, v3 b) { return mk(a.x + b.x, a.y + b.y, a.z + b.z); }
static v3 vscl(v3 a, float s) { return mk(a.x * s, a.y * s, a.z * s); }
static float vdot(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static v3 vcross(v3 a, v3 b) {
    return mk(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static float det3f(const float m[3][3]) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}
static float TetrahedronVolume(v3 a, v3 b, v3 c, v3 d) {
    const v3 ad = vsub(d, a);
    const v3 bd = vsub(d, b);
    const v3 cd = vsub(d, c);
    float numerator = vdot(ad, vcross(bd, cd));
    float volume = numerator / 6.0f;
    return fabsf(volume);
}
static void InertiaTensorTetrahedron(v3 ptA, v3 ptB, v3 ptC, v3 ptD, float out[3][3]) {
    const v3 pts[4] = { ptA, ptB, ptC, ptD };
    float mat[3][3] = { { pts[1].x - pts[0].x, pts[2].x - pts[0].x, pts[3].x - pts[0].x },
                        { pts[1].y - pts[0].y, pts[2].y - pts[0].y, pts[3].y - pts[0].y },
                        { pts[1].z - pts[0].z, pts[2].z - pts[0].z, pts[3].z - pts[0].z } };
    const float DetJ = fabsf(det3f(mat));
    const float density = 1.0f;
    const float mu = density;
    float xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0;
    for (int i = 0; i < 4; i++) {
        for (int j = i; j < 4; j++) {
            xx += pts[i].x * pts[j].x;
            yy += pts[i].y * pts[j].y;
            zz += pts[i].z * pts[j].z;
            xy += pts[i].x * pts[j].y + pts[j].x * pts[i].y;
            xz += pts[i].x * pts[j].z + pts[j].x * pts[i].z;
            yz += pts[i].y * pts[j].z + pts[j].y * pts[i].z;
        }
    }
    const float a = mu * DetJ * (yy + zz) / 60.0f;
    const float b = mu * DetJ * (xx + zz) / 60.0f;
    const float c = mu * DetJ * (xx + yy) / 60.0f;
    const float aprime = mu * DetJ * yz / 120.0f;
    const float bprime = mu * DetJ * xz / 120.0f;
    const float cprime = mu * DetJ * xy / 120.0f;
    out[0][0] = a, out[0][1] = -cprime, out[0][2] = -bprime;
    out[1][0] = -cprime, out[1][1] = b, out[1][2] = -aprime;
    out[2][0] = -bprime, out[2][1] = -aprime, out[2][2] = c;
}

void ak_hdg15_hull(const float P[][3], int nverts, const int T[][3], int ntris, float cmo[3],
                   float Io[9]) {
    // CalculateCenterOfMassTetrahedron
    float totalVolume = 0.0f;
    v3 centerish = mk(0.0f, 0.0f, 0.0f), acc = mk(0.0f, 0.0f, 0.0f);
    for (int i = 0; i < nverts; i++) centerish = vadd(centerish, mk(P[i][0], P[i][1], P[i][2]));
    centerish = vscl(centerish, 1.0f / (float)nverts);
    for (int i = 0; i < ntris; i++) {
        const v3 ptA = centerish, ptB = mk(P[T[i][0]][0], P[T[i][0]][1], P[T[i][0]][2]),
                 ptC = mk(P[T[i][1]][0], P[T[i][1]][1], P[T[i][1]][2]),
                 ptD = mk(P[T[i][2]][0], P[T[i][2]][1], P[T[i][2]][2]);
        const v3 com = vscl(vadd(vadd(vadd(ptA, ptB), ptC), ptD), 0.25f);
        const float volume = TetrahedronVolume(ptA, ptB, ptC, ptD);
        acc = vadd(acc, vscl(com, volume)); // cm += cms[i] * volumes[i] (in the same order)
        totalVolume += volume;
    }
    v3 cm = vscl(acc, 1.0f / totalVolume);
    // CalculateInertiaTensorTetrahedron
    float it[3][3] = { { 0 } };
    float tv = 0.0f;
    for (int i = 0; i < ntris; i++) {
        const v3 ptA = vsub(cm, cm);
        const v3 ptB = vsub(mk(P[T[i][0]][0], P[T[i][0]][1], P[T[i][0]][2]), cm);
        const v3 ptC = vsub(mk(P[T[i][1]][0], P[T[i][1]][1], P[T[i][1]][2]), cm);
        const v3 ptD = vsub(mk(P[T[i][2]][0], P[T[i][2]][1], P[T[i][2]][2]), cm);
        float tensor[3][3];
        InertiaTensorTetrahedron(ptA, ptB, ptC, ptD, tensor);
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) it[a][b] += tensor[a][b];
        tv += TetrahedronVolume(ptA, ptB, ptC, ptD);
    }
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) Io[3 * a + b] = it[a][b] * (1.0f / tv);
    cmo[0] = cm.x, cmo[1] = cm.y, cmo[2] = cm.z;
}

const char *const ak_hdg15_eqs[AK_HDG15_NEQS] = {
    "box: the code's centre of mass = the box centre",
    "box: the code's tensor per unit mass = diag(b^2 + c^2, a^2 + c^2, a^2 + b^2)/12",
    "octahedron: the code's centre of mass = its centre",
    "octahedron: the code's tensor per unit mass = diag(b^2 + c^2, a^2 + c^2, a^2 + b^2)/10",
    "tetrahedron: the code's centre of mass = the vertex average",
    ("tetrahedron: the code's tensor per unit mass = tr(S) 1 - S, S = int (x - c)(x - c)^T dV / V "
     "(vertex formula)"),
};

static double relmax(const float *a, const double *b, int n, double scale) {
    double e = 0.0;
    for (int i = 0; i < n; i++) e = fmax(e, fabs((double)a[i] - b[i]));
    return e / scale;
}

int ak_hdg15_residuals(gsl_rng *r, double res[]) {
    double o[3] = { 3 * uni(r), 3 * uni(r), 3 * uni(r) }, A = 0.5 + 2 * gsl_rng_uniform(r),
           B = 0.5 + 2 * gsl_rng_uniform(r), C = 0.5 + 2 * gsl_rng_uniform(r);
    float cm[3], I[9];
    { // the box [o - (A, B, C)/2, o + (A, B, C)/2], 12 triangles
        float P[8][3];
        for (int v = 0; v < 8; v++) {
            P[v][0] = (float)(o[0] + ((v & 1) ? 0.5 : -0.5) * A);
            P[v][1] = (float)(o[1] + ((v & 2) ? 0.5 : -0.5) * B);
            P[v][2] = (float)(o[2] + ((v & 4) ? 0.5 : -0.5) * C);
        }
        static const int T[12][3] = { { 0, 1, 3 }, { 0, 3, 2 }, { 4, 6, 7 }, { 4, 7, 5 },
                                      { 0, 4, 5 }, { 0, 5, 1 }, { 2, 3, 7 }, { 2, 7, 6 },
                                      { 0, 2, 6 }, { 0, 6, 4 }, { 1, 5, 7 }, { 1, 7, 3 } };
        ak_hdg15_hull(P, 8, T, 12, cm, I);
        double want[9] = { (B * B + C * C) / 12, 0, 0, 0, (A * A + C * C) / 12, 0, 0, 0,
                           (A * A + B * B) / 12 };
        res[0] = relmax(cm, o, 3, fmax(fmax(A, B), C));
        res[1] = relmax(I, want, 9, fmax(fmax(want[0], want[4]), want[8]));
    }
    { // the octahedron with semi axes A, B, C about o, 8 triangles
        float P[6][3];
        for (int v = 0; v < 6; v++) {
            double d[3] = { 0, 0, 0 }, s = (v % 2) ? -1.0 : 1.0, ax[3] = { A, B, C };
            d[v / 2] = s * ax[v / 2];
            for (int k = 0; k < 3; k++) P[v][k] = (float)(o[k] + d[k]);
        }
        static const int T[8][3] = { { 0, 2, 4 }, { 0, 4, 3 }, { 0, 3, 5 }, { 0, 5, 2 },
                                     { 1, 2, 5 }, { 1, 5, 3 }, { 1, 3, 4 }, { 1, 4, 2 } };
        ak_hdg15_hull(P, 6, T, 8, cm, I);
        double want[9] = { (B * B + C * C) / 10, 0, 0, 0, (A * A + C * C) / 10, 0, 0, 0,
                           (A * A + B * B) / 10 };
        res[2] = relmax(cm, o, 3, fmax(fmax(A, B), C));
        res[3] = relmax(I, want, 9, fmax(fmax(want[0], want[4]), want[8]));
    }
    { // a random tetrahedron
        double p[4][3];
        float P[4][3];
        for (;;) { // well shaped: volume at least 0.05 (edges up to 4), so float rounding stays
                   // near its unit
            for (int v = 0; v < 4; v++)
                for (int k = 0; k < 3; k++) p[v][k] = o[k] + 2 * uni(r), P[v][k] = (float)p[v][k];
            double e[3][3];
            for (int v = 1; v < 4; v++)
                for (int k = 0; k < 3; k++) e[v - 1][k] = p[v][k] - p[0][k];
            double det = e[0][0] * (e[1][1] * e[2][2] - e[1][2] * e[2][1]) -
                         e[0][1] * (e[1][0] * e[2][2] - e[1][2] * e[2][0]) +
                         e[0][2] * (e[1][0] * e[2][1] - e[1][1] * e[2][0]);
            if (fabs(det) / 6.0 >= 0.05) break;
        }
        static const int T[4][3] = { { 1, 2, 3 }, { 0, 3, 2 }, { 0, 1, 3 }, { 0, 2, 1 } };
        ak_hdg15_hull(P, 4, T, 4, cm, I);
        double c[3] = { 0 }, S[3][3], q[4][3], s[3] = { 0 };
        for (int v = 0; v < 4; v++)
            for (int k = 0; k < 3; k++) c[k] += 0.25 * (double)P[v][k];
        for (int v = 0; v < 4; v++)
            for (int k = 0; k < 3; k++) q[v][k] = (double)P[v][k] - c[k], s[k] += q[v][k];
        for (int a = 0; a < 3; a++) // per unit volume: (sum q q^T + s s^T)/20
            for (int b = 0; b < 3; b++) {
                double t = s[a] * s[b];
                for (int v = 0; v < 4; v++) t += q[v][a] * q[v][b];
                S[a][b] = t / 20.0;
            }
        double tr = S[0][0] + S[1][1] + S[2][2], want[9];
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) want[3 * a + b] = (a == b) * tr - S[a][b];
        double sc = fmax(fmax(want[0], want[4]), want[8]), ext = 0.0;
        for (int v = 0; v < 4; v++)
            for (int k = 0; k < 3; k++) ext = fmax(ext, fabs(q[v][k]));
        res[4] = relmax(cm, c, 3, ext);
        res[5] = relmax(I, want, 9, sc);
    }
    return AK_HDG15_NEQS;
}
