// The thesis' Ch. 5 impulse formulas as printed (see solver_published.h for the reading).
#include "ref/published/solver_published.h"

#include <math.h>

#include "ref/ga/nd.h"

double ak_published_solver_inv_inertia_scalar(int n, const double I[]) {
    int k = ak_nd_nbiv(n);
    double tr = 0.0;
    for (int i = 0; i < k; i++) tr += I[i * k + i];
    return tr > 0.0 ? k / tr : 0.0;
}

// [I^-1 (r _| (r ^ u))] . u with the scalar reading of I^-1.
static double term(int n, double inv_I_s, const double r[], const double u[]) {
    double B[AK_MAX_BIV], c[AK_MAX_DIM];
    ak_nd_wedge(n, B, r, u);
    ak_nd_contract(n, c, r, B); // r _| (r ^ u)  (T-2.18 triple product)
    double s = 0.0;
    for (int i = 0; i < n; i++) s += inv_I_s * c[i] * u[i];
    return s;
}

double ak_published_solver_mass(int n, double inv_mass_a, double inv_I_s_a, const double ra[],
                                double inv_mass_b, double inv_I_s_b, const double rb[],
                                const double u[]) {
    double den = inv_mass_a + term(n, inv_I_s_a, ra, u) + inv_mass_b + term(n, inv_I_s_b, rb, u);
    return den != 0.0 ? 1.0 / den : 0.0;
}

double ak_published_solver_tangent(int n, double t[], const double dv[], const double nrm[]) {
    double dn = 0.0, len = 0.0;
    for (int i = 0; i < n; i++) dn += dv[i] * nrm[i];
    for (int i = 0; i < n; i++) t[i] = dv[i] - dn * nrm[i], len += t[i] * t[i];
    len = sqrt(len);
    for (int i = 0; i < n; i++) t[i] = len > 0.0 ? t[i] / len : 0.0;
    return len;
}

double ak_published_solver_baumgarte(double f, double dT, double s, double a) {
    return -f * (1.0 / dT) * fmin(0.0, s + a);
}

double ak_published_solver_alg12(double jn_prev, double b, double dvn, double mn) {
    return fmax(jn_prev + (b - dvn) * mn, 0.0);
}

double ak_published_solver_alg13(double jt_prev, double dvt, double mt, double mu, double jn) {
    double j = jt_prev - dvt * mt;
    return fmin(fmax(j, -mu * jn), mu * jn);
}

double ak_published_solver_t511(double mu, double dvt_len, double mt) { return -mu * dvt_len * mt; }

void ak_published_solver_point_velocity_3d(double out[3], const double v[3], const double r[3],
                                           const double w[3]) {
    out[0] = v[0] + r[1] * w[2] - r[2] * w[1];
    out[1] = v[1] + r[2] * w[0] - r[0] * w[2];
    out[2] = v[2] + r[0] * w[1] - r[1] * w[0];
}

double ak_published_pga_impulse(double vn, double k_plus, double k_minus, double rho) {
    return -(1.0 + rho) * vn / (k_plus - k_minus);
}

void ak_published_solver_t51_point_velocity(int n, double out[], const double v[], const double r[],
                                            const double w[]) {
    for (int i = 0; i < n; i++) out[i] = v[i];
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, k++) { // r _| (w_ij e_i ^ e_j) = w_ij (r_i e_j - r_j e_i)
            out[j] += w[k] * r[i];
            out[i] -= w[k] * r[j];
        }
}

double ak_published_solver_t52_t53(int n, double dv[], const double va[], const double ra[],
                                   const double wa[], const double vb[], const double rb[],
                                   const double wb[], const double nrm[]) {
    double pa[AK_MAX_DIM], pb[AK_MAX_DIM], dn = 0.0;
    ak_published_solver_t51_point_velocity(n, pa, va, ra, wa);
    ak_published_solver_t51_point_velocity(n, pb, vb, rb, wb);
    for (int i = 0; i < n; i++) dv[i] = pa[i] - pb[i], dn += dv[i] * nrm[i]; // (5.2), (5.3)
    return dn;
}

// w += sign I^-1 (r ^ (j u))
static void turn(int n, double w[], const double inv_I[], const double r[], const double ju[],
                 double sign) {
    int k = ak_nd_nbiv(n);
    double B[AK_MAX_BIV];
    ak_nd_wedge(n, B, r, ju);
    for (int a = 0; a < k; a++) {
        double s = 0.0;
        for (int b = 0; b < k; b++) s += inv_I[a * k + b] * B[b];
        w[a] += sign * s;
    }
}

void ak_published_solver_apply_impulse(int n, double j, const double u[], double inv_mass_a,
                                       const double inv_I_a[], const double ra[], double va[],
                                       double wa[], double inv_mass_b, const double inv_I_b[],
                                       const double rb[], double vb[], double wb[]) {
    double ju[AK_MAX_DIM];
    for (int i = 0; i < n; i++) ju[i] = j * u[i];
    for (int i = 0; i < n; i++) va[i] += ju[i] * inv_mass_a; // (5.5) / (5.12)
    for (int i = 0; i < n; i++) vb[i] -= ju[i] * inv_mass_b; // (5.6) / (5.13)
    if (inv_I_a) turn(n, wa, inv_I_a, ra, ju, 1.0);          // (5.7) / (5.14)
    if (inv_I_b) turn(n, wb, inv_I_b, rb, ju, -1.0);         // (5.8) / (5.15)
}

void ak_published_solver_t516_position(int n, double p[], const double v[], double dT) {
    for (int i = 0; i < n; i++) p[i] += v[i] * dT;
}
