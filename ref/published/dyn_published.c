#include "dyn_published.h"

#include "dyn/dyn.h"
#include "ga/nd.h"

static double comp(const double w[6], int a, int b) {
    double s;
    int q = ak_nd_biv_index(4, a, b, &s);
    return s * w[q];
}

static double diag(const double I[6], int a, int b) {
    double s;
    return I[ak_nd_biv_index(4, a, b, &s)];
}

void ak_published_b9_euler4(double wdot[6], const double Idiag[6], const double w[6]) {
    for (int q = 0; q < 6; q++) {
        int i, j, o[2], no = 0;
        ak_nd_biv_pair(4, q, &i, &j);
        for (int a = 0; a < 4; a++)
            if (a != i && a != j) o[no++] = a;
        int k = o[0], m = o[1];
        double rhs = (diag(Idiag, j, k) - diag(Idiag, i, k)) * comp(w, i, k) * comp(w, j, k) +
                     (diag(Idiag, j, m) - diag(Idiag, i, m)) * comp(w, i, m) * comp(w, j, m);
        wdot[q] = rhs / Idiag[q];
    }
}

void ak_published_t517_rotor(int n, double R[], const double w[], double dt) {
    double W[AK_MAX_EVEN] = {0}, T[AK_MAX_EVEN];
    for (int q = 0; q < ak_nd_nbiv(n); q++) W[1 + q] = 0.5 * dt * w[q];
    ak_nd_rotor_mul(n, T, W, R);
    for (int q = 0; q < ak_nd_neven(n); q++) R[q] -= T[q];
}
