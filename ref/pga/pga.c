// PGA Cl(d,0,1) on bitmask blades (bit 0 = e0, the null vector). Products follow
// e_A e_B = s(A,B) e_{A xor B} with s the sign of sorting the concatenated factors, and 0 when
// both contain e0 (Dorst & De Keninck, ch. 1; same construction as ref/ga/nd.c plus the
// degenerate metric). Sparse loops skip zero coefficients: motors and bivectors are sparse.
#include "pga.h"

#include <math.h>
#include <string.h>

#include "ga/nd.h"

int ak_pga_size(int d) { return 1 << (d + 1); }

static int popc(unsigned m) {
    int c = 0;
    for (; m; m &= m - 1) c++;
    return c;
}

static double reorder_sign(unsigned a, unsigned b) {
    int s = 0;
    for (a >>= 1; a; a >>= 1) s += popc(a & b);
    return (s & 1) ? -1.0 : 1.0;
}

static void zero(int d, double out[]) { memset(out, 0, sizeof(double) * (size_t)ak_pga_size(d)); }

void ak_pga_mul(int d, double out[], const double a[], const double b[]) {
    int N = ak_pga_size(d);
    zero(d, out);
    for (int x = 0; x < N; x++) {
        if (a[x] == 0.0) continue;
        for (int y = 0; y < N; y++) {
            if (b[y] == 0.0 || (x & y & 1)) continue;
            out[x ^ y] += reorder_sign((unsigned)x, (unsigned)y) * a[x] * b[y];
        }
    }
}

void ak_pga_wedge(int d, double out[], const double a[], const double b[]) {
    int N = ak_pga_size(d);
    zero(d, out);
    for (int x = 0; x < N; x++) {
        if (a[x] == 0.0) continue;
        for (int y = 0; y < N; y++)
            if (b[y] != 0.0 && !(x & y)) out[x | y] += reorder_sign((unsigned)x, (unsigned)y) * a[x] * b[y];
    }
}

void ak_pga_reverse(int d, double out[], const double a[]) {
    for (int x = 0; x < ak_pga_size(d); x++) {
        int g = popc((unsigned)x);
        out[x] = ((g * (g - 1) / 2) & 1) ? -a[x] : a[x];
    }
}

void ak_pga_dual(int d, double out[], const double a[]) {
    int N = ak_pga_size(d);
    unsigned F = (unsigned)N - 1;
    double tmp[AK_PGA_MAX];
    for (int x = 0; x < N; x++) tmp[F ^ (unsigned)x] = reorder_sign((unsigned)x, F ^ (unsigned)x) * a[x];
    memcpy(out, tmp, sizeof(double) * (size_t)N);
}

void ak_pga_undual(int d, double out[], const double a[]) {
    int N = ak_pga_size(d);
    unsigned F = (unsigned)N - 1;
    double tmp[AK_PGA_MAX];
    for (int c = 0; c < N; c++) {
        unsigned x = F ^ (unsigned)c; // dual(e_x) = s e_c  =>  undual(e_c) = s e_x
        tmp[x] = reorder_sign(x, (unsigned)c) * a[c];
    }
    memcpy(out, tmp, sizeof(double) * (size_t)N);
}

void ak_pga_join(int d, double out[], const double a[], const double b[]) {
    double da[AK_PGA_MAX], db[AK_PGA_MAX], w[AK_PGA_MAX];
    ak_pga_dual(d, da, a);
    ak_pga_dual(d, db, b);
    ak_pga_wedge(d, w, da, db);
    ak_pga_undual(d, out, w);
}

void ak_pga_commutator(int d, double out[], const double a[], const double b[]) {
    double ab[AK_PGA_MAX], ba[AK_PGA_MAX];
    ak_pga_mul(d, ab, a, b);
    ak_pga_mul(d, ba, b, a);
    for (int x = 0; x < ak_pga_size(d); x++) out[x] = 0.5 * (ab[x] - ba[x]);
}

void ak_pga_sandwich(int d, double out[], const double M[], const double X[]) {
    double t[AK_PGA_MAX], Mr[AK_PGA_MAX];
    ak_pga_mul(d, t, M, X);
    ak_pga_reverse(d, Mr, M);
    ak_pga_mul(d, out, t, Mr);
}

void ak_pga_point(int d, double X[], const double x[]) {
    double v[AK_PGA_MAX] = {0};
    v[1] = 1.0;
    for (int i = 0; i < d; i++) v[1u << (i + 1)] = x[i];
    ak_pga_dual(d, X, v);
}

void ak_pga_point_coords(int d, double x[], const double X[]) {
    double v[AK_PGA_MAX];
    ak_pga_undual(d, v, X);
    for (int i = 0; i < d; i++) x[i] = v[1u << (i + 1)] / v[1];
}

void ak_pga_motor_from(int d, double M[], const double R[], const double x[]) {
    double T[AK_PGA_MAX] = {0}, Rp[AK_PGA_MAX] = {0};
    T[0] = 1.0;
    for (int i = 0; i < d; i++) T[1u | (1u << (i + 1))] = -0.5 * x[i]; // 1 - 1/2 e0 x
    for (int k = 0; k < ak_nd_neven(d); k++) Rp[ak_nd_even_mask(d, k) << 1] = R[k];
    ak_pga_mul(d, M, T, Rp);
}

void ak_pga_motor_to(int d, double R[], double x[], const double M[]) {
    // R: the Euclidean blades of M; x: the image of the origin.
    for (int k = 0; k < ak_nd_neven(d); k++) R[k] = M[ak_nd_even_mask(d, k) << 1];
    double O[AK_PGA_MAX], W[AK_PGA_MAX], z[AK_MAX_DIM] = {0};
    ak_pga_point(d, O, z);
    ak_pga_sandwich(d, W, M, O);
    ak_pga_point_coords(d, x, W);
}

static unsigned biv_mask(int d, int q) {
    int i, j;
    ak_nd_biv_pair(d, q, &i, &j);
    return (1u << (i + 1)) | (1u << (j + 1));
}

void ak_pga_rate_from(int d, double B[], const double wb[], const double vb[]) {
    zero(d, B);
    for (int q = 0; q < ak_nd_nbiv(d); q++) B[biv_mask(d, q)] = wb[q];
    for (int i = 0; i < d; i++) B[1u | (1u << (i + 1))] = vb[i];
}

void ak_pga_rate_to(int d, double wb[], double vb[], const double B[]) {
    for (int q = 0; q < ak_nd_nbiv(d); q++) wb[q] = B[biv_mask(d, q)];
    for (int i = 0; i < d; i++) vb[i] = B[1u | (1u << (i + 1))];
}

// lambda for bivector blade mask m: mass on e_0j, the vector-GA inertia on e_ij
static double lambda(int d, unsigned m, const double inertia[], double mass) {
    if (m & 1u) return mass;
    int k = ak_nd_nbiv(d);
    for (int q = 0; q < k; q++)
        if (biv_mask(d, q) == m) return inertia[q * k + q];
    return NAN;
}

void ak_pga_inertia(int d, double P[], const double inertia[], double mass, const double B[]) {
    double S[AK_PGA_MAX] = {0};
    for (int x = 0; x < ak_pga_size(d); x++)
        if (popc((unsigned)x) == 2 && B[x] != 0.0) S[x] = lambda(d, (unsigned)x, inertia, mass) * B[x];
    ak_pga_dual(d, P, S);
}

void ak_pga_inertia_inv(int d, double B[], const double inertia[], double mass, const double P[]) {
    ak_pga_undual(d, B, P);
    for (int x = 0; x < ak_pga_size(d); x++) {
        if (popc((unsigned)x) == 2)
            B[x] /= lambda(d, (unsigned)x, inertia, mass);
        else
            B[x] = 0.0;
    }
}

void ak_pga_derivs(int d, double Mdot[], double Bdot[], const double M[], const double B[],
                   const double inertia[], double mass, const double Fb[]) {
    double P[AK_PGA_MAX], C[AK_PGA_MAX];
    ak_pga_inertia(d, P, inertia, mass, B);
    ak_pga_commutator(d, C, B, P);
    if (Fb)
        for (int x = 0; x < ak_pga_size(d); x++) C[x] += Fb[x];
    ak_pga_inertia_inv(d, Bdot, inertia, mass, C);
    ak_pga_mul(d, Mdot, M, B);
    for (int x = 0; x < ak_pga_size(d); x++) Mdot[x] *= -0.5;
}

void ak_pga_forque_gravity(int d, double F[], const double M[], const double g[], double mass) {
    double A[AK_PGA_MAX] = {0}, Mr[AK_PGA_MAX], Ab[AK_PGA_MAX];
    for (int i = 0; i < d; i++) A[1u | (1u << (i + 1))] = g[i];
    ak_pga_reverse(d, Mr, M);
    ak_pga_sandwich(d, Ab, Mr, A); // M~ A M
    double ones[AK_MAX_BIV * AK_MAX_BIV] = {0};
    ak_pga_inertia(d, F, ones, mass, Ab); // only the ideal part is nonzero: lambda = mass
}

void ak_pga_forque_hooke(int d, double F[], const double M[], const double pb[],
                         const double aw[], double k) {
    double Pb[AK_PGA_MAX], Aw[AK_PGA_MAX], Ab[AK_PGA_MAX], Mr[AK_PGA_MAX];
    ak_pga_point(d, Pb, pb);
    ak_pga_point(d, Aw, aw);
    ak_pga_reverse(d, Mr, M);
    ak_pga_sandwich(d, Ab, Mr, Aw);
    ak_pga_join(d, F, Pb, Ab);
    for (int x = 0; x < ak_pga_size(d); x++) F[x] *= k;
}

void ak_pga_forque_damp(int d, double F[], const double B[], double alpha) {
    double t[AK_PGA_MAX];
    for (int x = 0; x < ak_pga_size(d); x++) t[x] = -alpha * B[x];
    ak_pga_dual(d, F, t);
}

double ak_pga_kinetic_energy(int d, const double B[], const double inertia[], double mass) {
    double P[AK_PGA_MAX], W[AK_PGA_MAX];
    ak_pga_inertia(d, P, inertia, mass, B);
    ak_pga_wedge(d, W, B, P);
    return 0.5 * W[ak_pga_size(d) - 1];
}
