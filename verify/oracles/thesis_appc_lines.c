// Torres 2022, App. C.1, transcribed member by member as printed (thesis_appc_lines.h).
#include "verify/oracles/thesis_appc_lines.h"

#include <gsl/gsl_integration.h>
#include <math.h>

static const double PI = 3.14159265358979323846;

double ak_tc1_rho(int member, double M, double R) {
    return member == 0 ? M / (0.5 * PI * PI * pow(R, 4)) : 2.0 * M / (PI * PI * pow(R, 4));
}

double ak_tc1_dV(double r) { return 2.0 * PI * PI * r * r * r; }

double ak_tc1_dM(int member, double M, double R, double r) {
    const double m = M; // the printed lower-case m
    switch (member) {
        case 0: return ak_tc1_rho(1, M, R) * ak_tc1_dV(r);
        case 1: return (2.0 * m / (PI * PI * pow(R, 4))) * 2.0 * PI * PI * r * r * r;
        default: return 4.0 * M * r * r * r / pow(R, 4);
    }
}

typedef struct tc1_par {
    int member;
    double M, R;
} tc1_par;

static double integrand(double r, void *p) {
    const tc1_par *q = p;
    const double m = q->M;
    switch (q->member) {
        case 0: return r * r * (4.0 * q->M * r * r * r / pow(q->R, 4)); // r^2 * dM
        case 1: return 4.0 * m * pow(r, 5) / pow(q->R, 4);
        case 2: return 4.0 * q->M * pow(r, 5) / pow(q->R, 4);
        default: return pow(r, 5);
    }
}

static double integrate(int member, double M, double R) {
    gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
    tc1_par p = { member, M, R };
    gsl_function F = { integrand, &p };
    double v = NAN, err;
    gsl_integration_qag(&F, 0, R, 0, 1e-13, 200, GSL_INTEG_GAUSS21, ws, &v, &err);
    gsl_integration_workspace_free(ws);
    return v;
}

double ak_tc1_six_I(int member, double M, double R) {
    switch (member) {
        case 0: return 3.0 * integrate(0, M, R);
        case 1: return 3.0 * integrate(1, M, R);
        case 2: return 3.0 * integrate(2, M, R);
        case 3: return 12.0 * M / pow(R, 4) * integrate(3, M, R);
        case 4: return 12.0 * M / pow(R, 4) * (pow(R, 6) / 6.0 - pow(0.0, 6) / 6.0);
        case 5: return 12.0 * M / pow(R, 4) * (pow(R, 6) / 6.0);
        default: return NAN;
    }
}

double ak_tc1_I(double M, double R) { return 1.0 / 3.0 * M * R * R; }

double ak_tc2_rho(double M, double R, double H) {
    return M / (4.0 / 3.0 * PI * R * R * H + 0.5 * PI * PI * pow(R, 4));
}

double ak_tc2_Ms(int member, double M, double R, double H) {
    switch (member) {
        case 0: return ak_tc2_rho(M, R, H) * (4.0 / 3.0 * PI * R * R * H);
        case 1:
            return M / (PI * R * R * (4.0 / 3.0 * H + 0.5 * PI * R * R)) *
                   (4.0 / 3.0 * PI * R * R * H);
        default: return M / (1.0 + 3.0 * PI * R * R / (8.0 * H));
    }
}

double ak_tc2_Mc(int member, double M, double R, double H) {
    switch (member) {
        case 0: return ak_tc2_rho(M, R, H) * (0.5 * PI * PI * pow(R, 4));
        case 1:
            return M / (PI * R * R * (4.0 / 3.0 * H + 0.5 * PI * R * R)) *
                   (0.5 * PI * PI * pow(R, 4));
        default: return M / (8.0 * H / (3.0 * PI * R * R) + 1.0);
    }
}

void ak_tc2_inertia(double I[6], double M, double R, double H) {
    double Ms = ak_tc2_Ms(2, M, R, H), Mc = ak_tc2_Mc(2, M, R, H);
    double with_y = 1.0 / 3.0 * Ms * (2.0 / 5.0 * R * R + H * H / 4.0) +
                    2.0 * Mc * (1.0 / 3.0 * R * R + H * H / 4.0 + 16.0 * R * H / (15.0 * PI));
    double without_y = 2.0 / 5.0 * Ms * R * R + 2.0 / 3.0 * Mc * R * R;
    I[0] = with_y;    // xy
    I[1] = without_y; // xz
    I[2] = without_y; // xw
    I[3] = with_y;    // yz
    I[4] = with_y;    // yw
    I[5] = without_y; // zw
}
