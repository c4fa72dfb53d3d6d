// A small "foreign" 4D engine, written the way a reader of the thesis (Torres 2022) would write
// it, to show `anakata compare` at work. It simulates one scene, verify/examples/
// tumbling_cuboid.json (the values are repeated below; this program reads no JSON), and writes
// an anakata-trace/1 file. It shares no code with anakata: its own 4D geometric algebra, its own
// inertia, its own integrator. Only libm.
//
//   published_engine [--corrected] [--dt H] [--duration T] [-o FILE]
//
// As published (the default):
// - inertia of a hyperbox as printed in thesis section 3.3 (T-3.hb): I_ij = M (s_i^2 + s_j^2) / 3
//   with s the edge lengths;
// - position update T-5.16: p <- p + v dt;
// - rotor update T-5.17: R <- R - (1/2 w dt) R, with no renormalisation;
// - the angular velocity changes only through contact impulses (thesis ch. 5): with no contact
//   it stays constant, i.e. there is no gyroscopic term (ten Bosch B-eq2/B-eq5 has one).
// --corrected:
// - inertia M (a_i^2 + a_j^2) / 3 with a the half extents (= M (s_i^2 + s_j^2) / 12);
// - the world angular momentum L is conserved; w = I_w^-1 L with I_w = [R]_2 I [R]_2^T (B-eq4);
// - rotor update by the exact exponential at the midpoint (second order):
//   w1 = w(R), R_mid = exp(-w1 dt/4) R, w2 = w(R_mid), R <- exp(-w2 dt/2) R.
// Both write an extra column "energy": the kinetic energy with the program's own inertia.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4
#define NB 6 // bivectors xy xz xw yz yw zw
#define NE 8 // even blades s xy xz xw yz yw zw xyzw
#define FULL 16

// The scene (verify/examples/tumbling_cuboid.json).
static const double MASS = 1.0;
static const double HALF[N] = { 0.55, 0.15, 1.25, 0.35 };
static const double X0[N] = { 0, 1, 0, 0 };
static const double V0[N] = { 0.3, 0, 0, -0.2 };
static const double W0[NB] = { 0.05, 0.02, 0.03, 0.04, 0.01, 2.0 };

static const unsigned EVEN_MASK[NE] = { 0x0, 0x3, 0x5, 0x9, 0x6, 0xA, 0xC, 0xF };
static const int PAIR[NB][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };

// Sign of the product of basis blades a and b (Euclidean metric): (-1)^(number of swaps).
static double blade_sign(unsigned a, unsigned b) {
    int swaps = 0;
    for (a >>= 1; a; a >>= 1) swaps += __builtin_popcount(a & b);
    return (swaps & 1) ? -1.0 : 1.0;
}

static void mv_mul(double out[FULL], const double a[FULL], const double b[FULL]) {
    double r[FULL] = { 0 };
    for (unsigned i = 0; i < FULL; i++)
        if (a[i] != 0)
            for (unsigned j = 0; j < FULL; j++)
                if (b[j] != 0) r[i ^ j] += blade_sign(i, j) * a[i] * b[j];
    memcpy(out, r, sizeof r);
}

static void even_to_mv(double mv[FULL], const double e[NE]) {
    memset(mv, 0, FULL * sizeof *mv);
    for (int k = 0; k < NE; k++) mv[EVEN_MASK[k]] = e[k];
}
static void mv_to_even(double e[NE], const double mv[FULL]) {
    for (int k = 0; k < NE; k++) e[k] = mv[EVEN_MASK[k]];
}
static void biv_to_mv(double mv[FULL], const double b[NB]) {
    memset(mv, 0, FULL * sizeof *mv);
    for (int k = 0; k < NB; k++) mv[(1u << PAIR[k][0]) | (1u << PAIR[k][1])] = b[k];
}

// out = B R for a bivector B and an even R.
static void biv_times_rotor(double out[NE], const double B[NB], const double R[NE]) {
    double a[FULL], b[FULL], c[FULL];
    biv_to_mv(a, B);
    even_to_mv(b, R);
    mv_mul(c, a, b);
    mv_to_even(out, c);
}

// exp(B) by scaling and squaring of the Taylor series (B a bivector).
static void rotor_exp(double R[NE], const double B[NB]) {
    double nrm = 0;
    for (int k = 0; k < NB; k++) nrm += B[k] * B[k];
    nrm = sqrt(nrm);
    int s = 0;
    while (nrm / ldexp(1.0, s) > 0.25) s++;
    double b[FULL], term[FULL] = { 0 }, sum[FULL] = { 0 };
    biv_to_mv(b, B);
    for (int i = 0; i < FULL; i++) b[i] = ldexp(b[i], -s);
    term[0] = sum[0] = 1;
    for (int t = 1; t < 25; t++) {
        mv_mul(term, term, b);
        for (int i = 0; i < FULL; i++) term[i] /= t, sum[i] += term[i];
    }
    for (int q = 0; q < s; q++) mv_mul(sum, sum, sum);
    mv_to_even(R, sum);
}

static void rotor_mul(double out[NE], const double a[NE], const double b[NE]) {
    double x[FULL], y[FULL], z[FULL];
    even_to_mv(x, a);
    even_to_mv(y, b);
    mv_mul(z, x, y);
    mv_to_even(out, z);
}

// Rotation matrix M (row-major) with M v = R v R~.
static void rotor_matrix(double M[N * N], const double R[NE]) {
    double r[FULL], rr[FULL], e[FULL], t[FULL];
    even_to_mv(r, R);
    for (int i = 0; i < FULL; i++) rr[i] = r[i] * ((__builtin_popcount((unsigned)i) == 2) ? -1 : 1);
    for (int j = 0; j < N; j++) {
        memset(e, 0, sizeof e);
        e[1u << j] = 1;
        mv_mul(t, r, e);
        mv_mul(t, t, rr);
        for (int i = 0; i < N; i++) M[i * N + j] = t[1u << i];
    }
}

// [R]_2: bivector components of R (e_i ^ e_j) R~ = (M e_i) ^ (M e_j).
static void rotor_biv_matrix(double M2[NB * NB], const double R[NE]) {
    double M[N * N];
    rotor_matrix(M, R);
    for (int r = 0; r < NB; r++)
        for (int c = 0; c < NB; c++) {
            int k = PAIR[r][0], l = PAIR[r][1], i = PAIR[c][0], j = PAIR[c][1];
            M2[r * NB + c] = M[k * N + i] * M[l * N + j] - M[l * N + i] * M[k * N + j];
        }
}

// World-frame angular velocity from world angular momentum: w = M2 I^-1 M2^T L.
static void omega_from_L(double w[NB], const double R[NE], const double I[NB], const double L[NB]) {
    double M2[NB * NB], lb[NB];
    rotor_biv_matrix(M2, R);
    for (int c = 0; c < NB; c++) {
        lb[c] = 0;
        for (int r = 0; r < NB; r++) lb[c] += M2[r * NB + c] * L[r];
        lb[c] /= I[c];
    }
    for (int r = 0; r < NB; r++) {
        w[r] = 0;
        for (int c = 0; c < NB; c++) w[r] += M2[r * NB + c] * lb[c];
    }
}

static double kinetic_energy(const double v[N], const double w[NB], const double R[NE],
                             const double I[NB]) {
    double M2[NB * NB], e = 0;
    rotor_biv_matrix(M2, R);
    for (int c = 0; c < NB; c++) { // body-frame w_b = M2^T w
        double wb = 0;
        for (int r = 0; r < NB; r++) wb += M2[r * NB + c] * w[r];
        e += 0.5 * I[c] * wb * wb;
    }
    for (int i = 0; i < N; i++) e += 0.5 * MASS * v[i] * v[i];
    return e;
}

static void write_row(FILE *f, long step, double t, const double x[N], const double v[N],
                      const double R[NE], const double w[NB], double energy) {
    fprintf(f, "%ld,%.17g,cuboid", step, t);
    for (int i = 0; i < N; i++) fprintf(f, ",%.17g", x[i]);
    for (int i = 0; i < N; i++) fprintf(f, ",%.17g", v[i]);
    for (int i = 0; i < NE; i++) fprintf(f, ",%.17g", R[i]);
    for (int i = 0; i < NB; i++) fprintf(f, ",%.17g", w[i]);
    fprintf(f, ",%.17g\n", energy);
}

int main(int argc, char **argv) {
    int corrected = 0;
    double dt = 0.01, duration = 12.0; // the scene's timestep and duration
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--corrected"))
            corrected = 1;
        else if (!strcmp(argv[i], "--dt") && i + 1 < argc)
            dt = atof(argv[++i]);
        else if (!strcmp(argv[i], "--duration") && i + 1 < argc)
            duration = atof(argv[++i]);
        else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            out = argv[++i];
        else {
            fprintf(stderr,
                    "usage: published_engine [--corrected] [--dt H] [--duration T] [-o FILE]\n");
            return 2;
        }
    }
    if (!(dt > 0) || !(duration > 0)) {
        fprintf(stderr, "published_engine: --dt and --duration must be positive\n");
        return 2;
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "published_engine: cannot write %s\n", out);
        return 2;
    }
    double I[NB];
    for (int k = 0; k < NB; k++) {
        double a = HALF[PAIR[k][0]], b = HALF[PAIR[k][1]];
        if (corrected)
            I[k] = MASS * (a * a + b * b) / 3.0;
        else
            I[k] =
                MASS * ((2 * a) * (2 * a) + (2 * b) * (2 * b)) / 3.0; // T-3.hb as printed, s = 2a
    }
    double x[N], v[N], w[NB], R[NE] = { 1, 0, 0, 0, 0, 0, 0, 0 }, L[NB];
    memcpy(x, X0, sizeof x);
    memcpy(v, V0, sizeof v);
    memcpy(w, W0, sizeof w);
    { // L = I_w w at the start (R = 1: I_w = I)
        for (int k = 0; k < NB; k++) L[k] = I[k] * w[k];
    }
    fprintf(f,
            "# format: anakata-trace/1\n# scene: tumbling_cuboid\n# dim: 4\n# timestep: %.17g\n"
            "# integrator: %s\n# version: published_engine example 1\n",
            dt, corrected ? "corrected-midpoint-exp" : "thesis-T-5.16-T-5.17");
    fprintf(f, "step,t,body,x0,x1,x2,x3,v0,v1,v2,v3,r,r_xy,r_xz,r_xw,r_yz,r_yw,r_zw,r_xyzw,"
               "w_xy,w_xz,w_xw,w_yz,w_yw,w_zw,energy\n");
    long steps = lround(duration / dt);
    for (long s = 0; s <= steps; s++) {
        write_row(f, s, s * dt, x, v, R, w, kinetic_energy(v, w, R, I));
        if (s == steps) break;
        for (int i = 0; i < N; i++) x[i] += v[i] * dt; // T-5.16 (no force acts)
        if (!corrected) {
            double wR[NE];
            biv_times_rotor(wR, w, R); // T-5.17: R <- R - (1/2 w dt) R
            for (int k = 0; k < NE; k++) R[k] -= 0.5 * dt * wR[k];
        } else {
            double B[NB], E[NE], Rm[NE], w2[NB];
            omega_from_L(w, R, I, L);
            for (int k = 0; k < NB; k++) B[k] = -0.25 * dt * w[k];
            rotor_exp(E, B);
            rotor_mul(Rm, E, R);
            omega_from_L(w2, Rm, I, L);
            for (int k = 0; k < NB; k++) B[k] = -0.5 * dt * w2[k];
            rotor_exp(E, B);
            rotor_mul(Rm, E, R);
            memcpy(R, Rm, sizeof R);
            omega_from_L(w, R, I, L);
        }
    }
    if (out && fclose(f) != 0) {
        fprintf(stderr, "published_engine: write error on %s\n", out);
        return 2;
    }
    return 0;
}
