#include "ref/published/dyn_published.h"

#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "ref/pga/pga.h"

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
    double W[AK_MAX_EVEN] = { 0 }, T[AK_MAX_EVEN];
    for (int q = 0; q < ak_nd_nbiv(n); q++) W[1 + q] = 0.5 * dt * w[q];
    ak_nd_rotor_mul(n, T, W, R);
    for (int q = 0; q < ak_nd_neven(n); q++) R[q] -= T[q];
}

// ---- Dorst & De Keninck 2023, App. B.2, B.3: the free tops' motors as printed ----------------

static void motor_of(int d, double out[], const double X[], double t) { // exp(-X t/2)
    double Y[AK_PGA_MAX];
    int N = ak_pga_size(d);
    for (int q = 0; q < N; q++) Y[q] = -0.5 * t * X[q];
    ak_pga_motor_exp(d, out, Y);
}

void ak_pub_pga_B6_first(int d, double M[], const double M0[], const double Pm[], const double Lb[],
                         double t) {
    // M = e^{-(eps p/m)t/2} M0 e^{-(L_b/i)t/2}
    double Mp[AK_PGA_MAX], ML[AK_PGA_MAX], T[AK_PGA_MAX];
    motor_of(d, Mp, Pm, t);
    motor_of(d, ML, Lb, t);
    ak_pga_mul(d, T, Mp, M0);
    ak_pga_mul(d, M, T, ML);
}

void ak_pub_pga_B6_second(int d, double M[], const double M0[], const double Pm[], const double L[],
                          double t) {
    // M = e^{-(eps p/m)t/2} e^{-(L/i)t/2} M0
    double Mp[AK_PGA_MAX], ML[AK_PGA_MAX], T[AK_PGA_MAX];
    motor_of(d, Mp, Pm, t);
    motor_of(d, ML, L, t);
    ak_pga_mul(d, T, Mp, ML);
    ak_pga_mul(d, M, T, M0);
}

void ak_pub_pga_euclidean_L(int d, double L[], const double M0[], const double Lb[]) {
    // 𝓘 L = M0 (𝓘 L_b) M0~: 𝓘 times a Euclidean basis 2-blade e_ab is +-1 times one ideal blade,
    // so L is read off blade by blade
    int N = ak_pga_size(d), top = N - 1;
    double Ip[AK_PGA_MAX] = { 0 }, X[AK_PGA_MAX], Y[AK_PGA_MAX];
    Ip[top] = 1.0;
    ak_pga_mul(d, X, Ip, Lb);
    ak_pga_sandwich(d, Y, M0, X);
    for (int q = 0; q < N; q++) L[q] = 0.0;
    for (int a = 1; a <= d; a++)
        for (int b = a + 1; b <= d; b++) {
            double E[AK_PGA_MAX] = { 0 }, IE[AK_PGA_MAX];
            E[(1 << a) | (1 << b)] = 1.0;
            ak_pga_mul(d, IE, Ip, E);
            for (int q = 0; q < N; q++)
                if (IE[q] != 0.0) L[(1 << a) | (1 << b)] = Y[q] / IE[q];
        }
}

void ak_pub_pga_B15_second(int d, double M[], const double M0[], const double Pm[],
                           const double L[], const double A[], double t) {
    // M = M_p M_L M0 M_A
    double Mp[AK_PGA_MAX], ML[AK_PGA_MAX], MA[AK_PGA_MAX], T[AK_PGA_MAX], U[AK_PGA_MAX];
    motor_of(d, Mp, Pm, t);
    motor_of(d, ML, L, t);
    motor_of(d, MA, A, t);
    ak_pga_mul(d, T, Mp, ML);
    ak_pga_mul(d, U, T, M0);
    ak_pga_mul(d, M, U, MA);
}

void ak_pub_pga_B1_motor_rate(int d, double out[], const double M[], const double Bdot[]) {
    // Mdot = -1/2 M Bdot_b
    double T[AK_PGA_MAX];
    ak_pga_mul(d, T, M, Bdot);
    for (int q = 0; q < ak_pga_size(d); q++) out[q] = -0.5 * T[q];
}

void ak_pub_pga_B2_motor(int d, double M[], const double M0[], const double Pb[], const double Lb[],
                         double t) {
    // M = M0 M_v M_B0, M_v = exp(-1/2 eps v_0 t/2), M_B0 = exp(-B_0 t/2)
    double Y[AK_PGA_MAX], Mv[AK_PGA_MAX], MB[AK_PGA_MAX], T[AK_PGA_MAX];
    int N = ak_pga_size(d);
    for (int q = 0; q < N; q++) Y[q] = -0.5 * Pb[q] * t / 2.0;
    ak_pga_motor_exp(d, Mv, Y);
    motor_of(d, MB, Lb, t);
    ak_pga_mul(d, T, M0, Mv);
    ak_pga_mul(d, M, T, MB);
}
