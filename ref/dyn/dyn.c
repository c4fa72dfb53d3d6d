// Rigid-body equations of motion in n dimensions (ten Bosch §3-§4). Derivation of the
// body-frame Euler equation in our conventions (docs/formulas/dynamics.md, B-eq2):
//   L = R I(w_b) R~,  R_t = -1/2 w R = -1/2 R w_b,  R~_t = 1/2 w_b R~
//   L_t = R [ I(w_b,t) + 1/2 (I(w_b) w_b - w_b I(w_b)) ] R~ = R [ I(w_b,t) - w_b x I(w_b) ] R~
// so with tau_b = R~ tau R:  I(w_b,t) = tau_b + w_b x I(w_b).
// The same computation with I' = [R]_2 I [R]_2^T held at fixed w gives I'_t w = -w x I' w,
// hence the world form I' w_t - w x I' w = tau (B-eq5).
#include "ref/dyn/dyn.h"

#include <math.h>
#include <string.h>

void ak_dyn_commutator_matrix(int n, double C[], const double a[]) {
    int k = ak_nd_nbiv(n);
    double e[AK_MAX_BIV], col[AK_MAX_BIV];
    for (int q = 0; q < k; q++) {
        memset(e, 0, sizeof e);
        e[q] = 1.0;
        ak_nd_commutator(n, col, a, e);
        for (int r = 0; r < k; r++) C[r * k + q] = col[r];
    }
}

void ak_dyn_biv_matvec(int n, double y[], const double A[], const double x[]) {
    int k = ak_nd_nbiv(n);
    for (int r = 0; r < k; r++) {
        double s = 0.0;
        for (int c = 0; c < k; c++) s += A[r * k + c] * x[c];
        y[r] = s;
    }
}

void ak_dyn_world_inertia(int n, double Iw[], const double I[], const double R[]) {
    int k = ak_nd_nbiv(n);
    double M2[AK_MAX_BIV * AK_MAX_BIV], T[AK_MAX_BIV * AK_MAX_BIV];
    ak_nd_rotor_biv_matrix(n, M2, R);
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++) {
            double s = 0.0;
            for (int q = 0; q < k; q++) s += M2[r * k + q] * I[q * k + c];
            T[r * k + c] = s;
        }
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++) {
            double s = 0.0;
            for (int q = 0; q < k; q++) s += T[r * k + q] * M2[c * k + q];
            Iw[r * k + c] = s;
        }
}

void ak_dyn_biv_to_body(int n, double wb[], const double R[], const double w[]) {
    double Rr[AK_MAX_EVEN];
    ak_nd_rotor_reverse(n, Rr, R);
    ak_nd_biv_sandwich(n, wb, Rr, w);
}

void ak_dyn_biv_to_world(int n, double w[], const double R[], const double wb[]) {
    ak_nd_biv_sandwich(n, w, R, wb);
}

void ak_dyn_spin(int n, double L[], const double I[], const double R[], const double w[]) {
    double wb[AK_MAX_BIV], Lb[AK_MAX_BIV];
    ak_dyn_biv_to_body(n, wb, R, w);
    ak_dyn_biv_matvec(n, Lb, I, wb);
    ak_dyn_biv_to_world(n, L, R, Lb);
}

void ak_dyn_omega_from_spin(int n, double w[], const double Iinv[], const double R[],
                            const double L[]) {
    double Lb[AK_MAX_BIV], wb[AK_MAX_BIV];
    ak_dyn_biv_to_body(n, Lb, R, L);
    ak_dyn_biv_matvec(n, wb, Iinv, Lb);
    ak_dyn_biv_to_world(n, w, R, wb);
}

void ak_dyn_euler_body(int n, double wdot[], const double I[], const double Iinv[],
                       const double wb[], const double taub[]) {
    int k = ak_nd_nbiv(n);
    double Iw[AK_MAX_BIV], g[AK_MAX_BIV];
    ak_dyn_biv_matvec(n, Iw, I, wb);
    ak_nd_commutator(n, g, wb, Iw);
    for (int q = 0; q < k; q++) g[q] += taub ? taub[q] : 0.0;
    ak_dyn_biv_matvec(n, wdot, Iinv, g);
}

void ak_dyn_euler_world(int n, double wdot[], const double Iw[], const double Iwinv[],
                        const double w[], const double tau[]) {
    ak_dyn_euler_body(n, wdot, Iw, Iwinv, w, tau); // same algebra with I' in place of I
}

static void biv_to_even(int n, double E[], const double B[]) {
    memset(E, 0, sizeof(double) * (size_t)ak_nd_neven(n));
    for (int q = 0; q < ak_nd_nbiv(n); q++) E[1 + q] = B[q];
}

void ak_dyn_rotor_rate(int n, double Rt[], const double R[], const double w[]) {
    double W[AK_MAX_EVEN];
    biv_to_even(n, W, w);
    ak_nd_rotor_mul(n, Rt, W, R);
    for (int q = 0; q < ak_nd_neven(n); q++) Rt[q] *= -0.5;
}

void ak_dyn_rotor_rate_body(int n, double Rt[], const double R[], const double wb[]) {
    double W[AK_MAX_EVEN];
    biv_to_even(n, W, wb);
    ak_nd_rotor_mul(n, Rt, R, W);
    for (int q = 0; q < ak_nd_neven(n); q++) Rt[q] *= -0.5;
}

double ak_dyn_kinetic_energy(int n, double mass, const double I[], const double R[],
                             const double v[], const double w[]) {
    double wb[AK_MAX_BIV], Iw[AK_MAX_BIV], t = 0.0;
    for (int i = 0; i < n; i++) t += mass * v[i] * v[i];
    ak_dyn_biv_to_body(n, wb, R, w);
    ak_dyn_biv_matvec(n, Iw, I, wb);
    for (int q = 0; q < ak_nd_nbiv(n); q++) t += wb[q] * Iw[q];
    return 0.5 * t;
}

void ak_dyn_angular_momentum(int n, double J[], double mass, const double I[], const double R[],
                             const double x[], const double v[], const double w[]) {
    double p[AK_MAX_DIM], xp[AK_MAX_BIV];
    for (int i = 0; i < n; i++) p[i] = mass * v[i];
    ak_nd_wedge(n, xp, x, p);
    ak_dyn_spin(n, J, I, R, w);
    for (int q = 0; q < ak_nd_nbiv(n); q++) J[q] += xp[q];
}

int ak_dyn_solve(int k, double x[], const double A[], const double b[]) {
    double M[AK_MAX_BIV * (AK_MAX_BIV + 1)];
    int w = k + 1;
    for (int r = 0; r < k; r++) {
        for (int c = 0; c < k; c++) M[r * w + c] = A[r * k + c];
        M[r * w + k] = b[r];
    }
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(M[r * w + c]) > fabs(M[p * w + c])) p = r;
        if (M[p * w + c] == 0.0 || !isfinite(M[p * w + c])) return -1;
        if (p != c)
            for (int q = 0; q < w; q++) {
                double t = M[c * w + q];
                M[c * w + q] = M[p * w + q];
                M[p * w + q] = t;
            }
        for (int r = c + 1; r < k; r++) {
            double f = M[r * w + c] / M[c * w + c];
            for (int q = c; q < w; q++) M[r * w + q] -= f * M[c * w + q];
        }
    }
    for (int r = k - 1; r >= 0; r--) {
        double s = M[r * w + k];
        for (int q = r + 1; q < k; q++) s -= M[r * w + q] * x[q];
        x[r] = s / M[r * w + r];
    }
    return 0;
}

// Whether the k x k matrix I is s 1: no early exit and no division, a branch-free pass over the
// k^2 entries (called per body and step); with k a constant (3D, 4D) the pass unrolls.
static inline __attribute__((always_inline)) int not_scalar(int k, const double I[], double s) {
    int bad = 0;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) bad |= I[i * k + j] != (i == j ? s : 0.0);
    return bad;
}

double ak_dyn_inertia_scalar(int n, const double I[]) {
    int k = ak_nd_nbiv(n);
    double s = k > 0 ? I[0] : 0.0;
    if (!(s > 0.0)) return 0.0;
    int bad = k == 3 ? not_scalar(3, I, s) : k == 6 ? not_scalar(6, I, s) : not_scalar(k, I, s);
    return bad ? 0.0 : s;
}

int ak_dyn_gyro_implicit_body(int n, double w2[], const double I[], const double w1[], double h) {
    // f(w) = I(w - w1) - h w x I(w);  J = I - h (C(w) I - C(I w))   (Catto 2015, GDC slides,
    // written with the commutator instead of the 3D cross product; one Newton step from w1).
    int k = ak_nd_nbiv(n);
    if (ak_dyn_inertia_scalar(n, I) > 0.0) { // w x s w = 0: f = 0 exactly, w2 = w1
        for (int q = 0; q < k; q++) w2[q] = w1[q];
        return 0;
    }
    double Iw[AK_MAX_BIV], f[AK_MAX_BIV], C1[AK_MAX_BIV * AK_MAX_BIV], C2[AK_MAX_BIV * AK_MAX_BIV];
    double J[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, dw[AK_MAX_BIV];
    ak_dyn_biv_matvec(n, Iw, I, w1);
    ak_nd_commutator(n, f, w1, Iw);
    for (int q = 0; q < k; q++) f[q] = -h * f[q];
    ak_dyn_commutator_matrix(n, C1, w1);
    ak_dyn_commutator_matrix(n, C2, Iw);
    for (int r = 0; r < k; r++)
        for (int c = 0; c < k; c++) {
            double ci = 0.0;
            for (int q = 0; q < k; q++) ci += C1[r * k + q] * I[q * k + c];
            J[r * k + c] = I[r * k + c] - h * (ci - C2[r * k + c]);
        }
    if (ak_dyn_solve(k, dw, J, f) != 0) return -1;
    for (int q = 0; q < k; q++) w2[q] = w1[q] - dw[q];
    return 0;
}

void ak_dyn_hyperbox_inertia(int n, double I[], double Iinv[], double mass, const double h[]) {
    int k = ak_nd_nbiv(n);
    for (int q = 0; q < k * k; q++) {
        I[q] = 0.0;
        if (Iinv) Iinv[q] = 0.0;
    }
    for (int q = 0; q < k; q++) {
        int i, j;
        ak_nd_biv_pair(n, q, &i, &j);
        I[q * k + q] = mass * (h[i] * h[i] + h[j] * h[j]) / 3.0;
        if (Iinv) Iinv[q * k + q] = 1.0 / I[q * k + q];
    }
}
