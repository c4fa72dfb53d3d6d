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
