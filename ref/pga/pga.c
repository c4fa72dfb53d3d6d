// PGA Cl(d,0,1) on bitmask blades (bit 0 = e0, the null vector). Products follow
// e_A e_B = s(A,B) e_{A xor B} with s the sign of sorting the concatenated factors, and 0 when
// both contain e0 (Dorst & De Keninck, ch. 1; same construction as ref/ga/nd.c plus the
// degenerate metric). Sparse loops skip zero coefficients: motors and bivectors are sparse.
#include "ref/pga/pga.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "ref/ga/nd.h"

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
            if (b[y] != 0.0 && !(x & y))
                out[x | y] += reorder_sign((unsigned)x, (unsigned)y) * a[x] * b[y];
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
    double tmp[AK_PGA_MAX] = { 0 };
    for (int x = 0; x < N; x++)
        tmp[F ^ (unsigned)x] = reorder_sign((unsigned)x, F ^ (unsigned)x) * a[x];
    memcpy(out, tmp, sizeof(double) * (size_t)N);
}

void ak_pga_undual(int d, double out[], const double a[]) {
    int N = ak_pga_size(d);
    unsigned F = (unsigned)N - 1;
    double tmp[AK_PGA_MAX] = { 0 };
    for (int c = 0; c < N; c++) {
        unsigned x = F ^ (unsigned)c; // dual(e_x) = s e_c  =>  undual(e_c) = s e_x
        tmp[x] = reorder_sign(x, (unsigned)c) * a[c];
    }
    memcpy(out, tmp, sizeof(double) * (size_t)N);
}

void ak_pga_join(int d, double out[], const double a[], const double b[]) {
    double da[AK_PGA_MAX] = { 0 }, db[AK_PGA_MAX] = { 0 }, w[AK_PGA_MAX] = { 0 };
    ak_pga_dual(d, da, a);
    ak_pga_dual(d, db, b);
    ak_pga_wedge(d, w, da, db);
    ak_pga_undual(d, out, w);
}

void ak_pga_commutator(int d, double out[], const double a[], const double b[]) {
    double ab[AK_PGA_MAX] = { 0 }, ba[AK_PGA_MAX] = { 0 };
    ak_pga_mul(d, ab, a, b);
    ak_pga_mul(d, ba, b, a);
    for (int x = 0; x < ak_pga_size(d); x++) out[x] = 0.5 * (ab[x] - ba[x]);
}

void ak_pga_sandwich(int d, double out[], const double M[], const double X[]) {
    double t[AK_PGA_MAX] = { 0 }, Mr[AK_PGA_MAX] = { 0 };
    ak_pga_mul(d, t, M, X);
    ak_pga_reverse(d, Mr, M);
    ak_pga_mul(d, out, t, Mr);
}

void ak_pga_point(int d, double X[], const double x[]) {
    double v[AK_PGA_MAX] = { 0 };
    v[1] = 1.0;
    for (int i = 0; i < d; i++) v[1u << (i + 1)] = x[i];
    ak_pga_dual(d, X, v);
}

void ak_pga_point_coords(int d, double x[], const double X[]) {
    double v[AK_PGA_MAX] = { 0 };
    ak_pga_undual(d, v, X);
    for (int i = 0; i < d; i++) x[i] = v[1u << (i + 1)] / v[1];
}

void ak_pga_motor_from(int d, double M[], const double R[], const double x[]) {
    double T[AK_PGA_MAX] = { 0 }, Rp[AK_PGA_MAX] = { 0 };
    T[0] = 1.0;
    for (int i = 0; i < d; i++) T[1u | (1u << (i + 1))] = -0.5 * x[i]; // 1 - 1/2 e0 x
    for (int k = 0; k < ak_nd_neven(d); k++) Rp[ak_nd_even_mask(d, k) << 1] = R[k];
    ak_pga_mul(d, M, T, Rp);
}

void ak_pga_motor_to(int d, double R[], double x[], const double M[]) {
    // R: the Euclidean blades of M; x: the image of the origin.
    for (int k = 0; k < ak_nd_neven(d); k++) R[k] = M[ak_nd_even_mask(d, k) << 1];
    double O[AK_PGA_MAX] = { 0 }, W[AK_PGA_MAX] = { 0 }, z[AK_MAX_DIM] = { 0 };
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

// The Euclidean bivector components of a PGA bivector, in nd pair order, and back.
static void euc_part(int d, double be[], const double B[]) {
    for (int q = 0; q < ak_nd_nbiv(d); q++) be[q] = B[biv_mask(d, q)];
}

static bool diagonal(int k, const double I[]) {
    for (int a = 0; a < k; a++)
        for (int b = 0; b < k; b++)
            if (a != b && I[a * k + b] != 0.0) return false;
    return true;
}

void ak_pga_inertia(int d, double P[], const double inertia[], double mass, const double B[]) {
    // I_b[B_e + e0 v] = dual(I_C(B_e) + m e0 v), I_C the full k x k vector-GA inertia (P-A.4 with
    // the classical map written as a matrix; P-2.30 when I_C is diagonal).
    int k = ak_nd_nbiv(d);
    double S[AK_PGA_MAX] = { 0 }, be[AK_MAX_BIV];
    euc_part(d, be, B);
    for (int a = 0; a < k; a++) {
        double t = 0.0;
        for (int b = 0; b < k; b++) t += inertia[a * k + b] * be[b];
        S[biv_mask(d, a)] = t;
    }
    for (int i = 0; i < d; i++) S[1u | (1u << (i + 1))] = mass * B[1u | (1u << (i + 1))];
    ak_pga_dual(d, P, S);
}

// Solve I x = b for a symmetric positive definite k x k I by Cholesky (I = L L^T); false when a
// pivot is not positive. Plain loops: no state, no allocation (k <= 10).
static bool cholesky_solve(int k, double x[], const double I[], const double b[]) {
    double L[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, y[AK_MAX_BIV];
    for (int j = 0; j < k; j++) {
        double dsum = I[j * k + j];
        for (int p = 0; p < j; p++) dsum -= L[j * k + p] * L[j * k + p];
        if (!(dsum > 0.0)) return false;
        L[j * k + j] = sqrt(dsum);
        for (int i = j + 1; i < k; i++) {
            double t = I[i * k + j];
            for (int p = 0; p < j; p++) t -= L[i * k + p] * L[j * k + p];
            L[i * k + j] = t / L[j * k + j];
        }
    }
    for (int i = 0; i < k; i++) { // L y = b
        double t = b[i];
        for (int p = 0; p < i; p++) t -= L[i * k + p] * y[p];
        y[i] = t / L[i * k + i];
    }
    for (int i = k - 1; i >= 0; i--) { // L^T x = y
        double t = y[i];
        for (int p = i + 1; p < k; p++) t -= L[p * k + i] * x[p];
        x[i] = t / L[i * k + i];
    }
    return true;
}

void ak_pga_inertia_inv(int d, double B[], const double inertia[], double mass, const double P[]) {
    // undual, then the ideal part / m and the Euclidean part solved with I_C (P-A.5): a division
    // for diagonal I_C, a Cholesky solve otherwise.
    int k = ak_nd_nbiv(d);
    double U[AK_PGA_MAX] = { 0 }, be[AK_MAX_BIV], x[AK_MAX_BIV];
    ak_pga_undual(d, U, P);
    euc_part(d, be, U);
    if (diagonal(k, inertia)) {
        for (int a = 0; a < k; a++) x[a] = be[a] / inertia[a * k + a];
    } else if (!cholesky_solve(k, x, inertia, be)) {
        for (int a = 0; a < k; a++) x[a] = NAN; // not positive definite: no inverse
    }
    zero(d, B);
    for (int a = 0; a < k; a++) B[biv_mask(d, a)] = x[a];
    for (int i = 0; i < d; i++) B[1u | (1u << (i + 1))] = U[1u | (1u << (i + 1))] / mass;
}

void ak_pga_derivs(int d, double Mdot[], double Bdot[], const double M[], const double B[],
                   const double inertia[], double mass, const double Fb[]) {
    double P[AK_PGA_MAX] = { 0 }, C[AK_PGA_MAX] = { 0 };
    ak_pga_inertia(d, P, inertia, mass, B);
    ak_pga_commutator(d, C, B, P);
    if (Fb)
        for (int x = 0; x < ak_pga_size(d); x++) C[x] += Fb[x];
    ak_pga_inertia_inv(d, Bdot, inertia, mass, C);
    ak_pga_mul(d, Mdot, M, B);
    for (int x = 0; x < ak_pga_size(d); x++) Mdot[x] *= -0.5;
}

void ak_pga_forque_gravity(int d, double F[], const double M[], const double g[], double mass) {
    double A[AK_PGA_MAX] = { 0 }, Mr[AK_PGA_MAX] = { 0 }, Ab[AK_PGA_MAX] = { 0 };
    for (int i = 0; i < d; i++) A[1u | (1u << (i + 1))] = g[i];
    ak_pga_reverse(d, Mr, M);
    ak_pga_sandwich(d, Ab, Mr, A); // M~ A M
    double ones[AK_MAX_BIV * AK_MAX_BIV] = { 0 };
    ak_pga_inertia(d, F, ones, mass, Ab); // only the ideal part is nonzero: lambda = mass
}

void ak_pga_forque_hooke(int d, double F[], const double M[], const double pb[], const double aw[],
                         double k) {
    double Pb[AK_PGA_MAX] = { 0 }, Aw[AK_PGA_MAX] = { 0 }, Ab[AK_PGA_MAX] = { 0 },
           Mr[AK_PGA_MAX] = { 0 };
    ak_pga_point(d, Pb, pb);
    ak_pga_point(d, Aw, aw);
    ak_pga_reverse(d, Mr, M);
    ak_pga_sandwich(d, Ab, Mr, Aw);
    ak_pga_join(d, F, Pb, Ab);
    for (int x = 0; x < ak_pga_size(d); x++) F[x] *= k;
}

void ak_pga_forque_damp(int d, double F[], const double B[], double alpha) {
    double t[AK_PGA_MAX] = { 0 };
    for (int x = 0; x < ak_pga_size(d); x++) t[x] = -alpha * B[x];
    ak_pga_dual(d, F, t);
}

double ak_pga_kinetic_energy(int d, const double B[], const double inertia[], double mass) {
    double P[AK_PGA_MAX] = { 0 }, W[AK_PGA_MAX] = { 0 };
    ak_pga_inertia(d, P, inertia, mass, B);
    ak_pga_wedge(d, W, B, P);
    return 0.5 * W[ak_pga_size(d) - 1];
}

// ---- Motor exponential and logarithm ------------------------------------------------------------
//
// B = Be + e0 v (Euclidean split, Dorst & De Keninck 2023, eq. 1.6), Be = th1 U1 + th2 U2 the
// invariant decomposition of the Euclidean part (ak_nd_biv_split), R = exp(Be) = R1 R2 with
// R_k = cos th_k + sin th_k U_k. Because (e0 v)(.)(e0 v) = 0, the exponential is exactly its
// first-order expansion in e0 v:
//   exp(Be + e0 v) = R + int_0^1 exp((1-s) Be) e0 v exp(s Be) ds.
// e0 commutes with even Euclidean elements; the part v_k of v in plane k anticommutes with U_k
// and commutes with the other plane's U_j; the rest v_perp commutes with both. The integral is
// then elementary (int_0^1 exp((1-2s) th U) ds = sin th / th):
//   exp(B) = R + e0 (sum_k sinc(th_k) R_(not k) v_k + R v_perp),                          (X)
// R_(not k) the factor of the other plane. No division by |Be| and no threshold on the angles:
// sinc uses its Taylor series below 1e-4. The logarithm inverts (X): with Be = log R and
// y = <R~ X>_1 = sum_k sinc(th_k) exp(-th_k U_k) v_k + v_perp, each plane gives
//   v_k = (th_k / sin th_k) exp(th_k U_k) y_k = th_k cot(th_k) y_k + th_k U_k y_k,
// and v_perp = y_perp.

static double sinc_(double t) {
    if (fabs(t) < 1e-4) return 1.0 - t * t / 6.0 * (1.0 - t * t / 20.0);
    return sin(t) / t;
}

static double tcot(double t) { // t cot t
    if (fabs(t) < 1e-4) return 1.0 - t * t / 3.0 * (1.0 + t * t / 15.0);
    return t * cos(t) / sin(t);
}

// Euclidean even element of nd layout -> PGA multivector (and back).
static void even_in(int d, double out[], const double R[]) {
    zero(d, out);
    for (int k = 0; k < ak_nd_neven(d); k++) out[ak_nd_even_mask(d, k) << 1] = R[k];
}

static void vec_in(int d, double out[], const double v[]) {
    zero(d, out);
    for (int i = 0; i < d; i++) out[1u << (i + 1)] = v[i];
}

// Plane projection of a vector: y_k = -((y _| U) _| U), and U y_k = -(y_k _| U).
static void plane_part(int d, double yk[], double Uyk[], const double y[], const double U[]) {
    double t[AK_MAX_DIM];
    ak_nd_contract(d, t, y, U);
    ak_nd_contract(d, yk, t, U);
    for (int i = 0; i < d; i++) yk[i] = -yk[i];
    if (Uyk) {
        ak_nd_contract(d, Uyk, yk, U);
        for (int i = 0; i < d; i++) Uyk[i] = -Uyk[i];
    }
}

static void plane_rotor(int d, double R[], double th, const double U[]) {
    for (int k = 0; k < ak_nd_neven(d); k++) R[k] = 0.0;
    R[0] = cos(th);
    double s = sin(th);
    for (int q = 0; q < ak_nd_nbiv(d); q++) R[1 + q] = s * U[q]; // bivectors follow the scalar
}

void ak_pga_motor_exp(int d, double M[], const double B[]) {
    double be[AK_MAX_BIV], v[AK_MAX_DIM], U[2][AK_MAX_BIV], th[2];
    ak_pga_rate_to(d, be, v, B);
    ak_nd_biv_split(d, U, th, be);
    double Rk[2][AK_MAX_EVEN], R[AK_MAX_EVEN];
    for (int k = 0; k < 2; k++) plane_rotor(d, Rk[k], th[k], U[k]);
    ak_nd_rotor_mul(d, R, Rk[0], Rk[1]);
    double X[AK_PGA_MAX] = { 0 }, vp[AK_MAX_DIM], P[AK_PGA_MAX] = { 0 }, V[AK_PGA_MAX] = { 0 },
           T[AK_PGA_MAX] = { 0 };
    memcpy(vp, v, sizeof(double) * (size_t)d);
    for (int k = 0; k < 2; k++) {
        double vk[AK_MAX_DIM];
        plane_part(d, vk, NULL, v, U[k]);
        for (int i = 0; i < d; i++) vp[i] -= vk[i];
        double sc = sinc_(th[k]);
        for (int i = 0; i < d; i++) vk[i] *= sc;
        even_in(d, P, Rk[1 - k]);
        vec_in(d, V, vk);
        ak_pga_mul(d, T, P, V);
        for (int x = 0; x < ak_pga_size(d); x++) X[x] += T[x];
    }
    even_in(d, P, R);
    vec_in(d, V, vp);
    ak_pga_mul(d, T, P, V);
    for (int x = 0; x < ak_pga_size(d); x++) X[x] += T[x];
    even_in(d, M, R);
    for (int x = 0; x < ak_pga_size(d); x++)
        if (!(x & 1) && X[x] != 0.0) M[x | 1] += X[x]; // e0 e_A = e_{0A}: e0 is the first factor
}

void ak_pga_motor_log(int d, double B[], const double M[]) {
    double R[AK_MAX_EVEN], be[AK_MAX_BIV], U[2][AK_MAX_BIV], th[2];
    for (int k = 0; k < ak_nd_neven(d); k++) R[k] = M[ak_nd_even_mask(d, k) << 1];
    ak_nd_rotor_log(d, be, R);
    ak_nd_biv_split(d, U, th, be);
    // y = <R~ X>_1 with X the Euclidean factor of the ideal part (e0 X).
    double X[AK_PGA_MAX] = { 0 }, Rr[AK_MAX_EVEN], P[AK_PGA_MAX] = { 0 }, Y[AK_PGA_MAX] = { 0 };
    for (int x = 0; x < ak_pga_size(d); x++)
        if (x & 1) X[x & ~1] = M[x];
    ak_nd_rotor_reverse(d, Rr, R);
    even_in(d, P, Rr);
    ak_pga_mul(d, Y, P, X);
    double y[AK_MAX_DIM], v[AK_MAX_DIM];
    for (int i = 0; i < d; i++) y[i] = v[i] = Y[1u << (i + 1)];
    // The cut: the principal angles satisfy th1 + th2 <= pi, so th1 = pi means R = -1 (a full
    // turn of the points), whose plane is not determined by R. Taken within 256 eps of pi (below
    // that R's bivector part is rounding). Then the plane is chosen orthogonal to y, so that the
    // whole translation is along the fixed space (d >= 3); in 2D no plane is orthogonal to y and
    // -T(x), x != 0, is not an exponential at all (exp(th U + e0 v) -> -1 as th -> pi for every
    // v): the log then returns the full turn without translation.
    bool cut = sin(th[0]) <= 256.0 * DBL_EPSILON && th[0] > 1.0;
    if (cut) {
        th[1] = 0.0;
        if (d >= 3) {
            double f[2][AK_MAX_DIM];
            int got = 0;
            double yy = 0.0;
            for (int i = 0; i < d; i++) yy += y[i] * y[i];
            for (int a = 0; a < d && got < 2; a++) { // Gram-Schmidt of the axes against y, f_0
                double e[AK_MAX_DIM] = { 0 };
                e[a] = 1.0;
                if (yy > 0.0)
                    for (int i = 0; i < d; i++) e[i] -= y[a] * y[i] / yy;
                for (int g = 0; g < got; g++) {
                    double p = 0.0;
                    for (int i = 0; i < d; i++) p += e[i] * f[g][i];
                    for (int i = 0; i < d; i++) e[i] -= p * f[g][i];
                }
                double l = 0.0;
                for (int i = 0; i < d; i++) l += e[i] * e[i];
                if (l < 0.25) continue; // keep well-conditioned directions only
                for (int i = 0; i < d; i++) f[got][i] = e[i] / sqrt(l);
                got++;
            }
            ak_nd_wedge(d, U[0], f[0], f[1]);
            for (int q = 0; q < ak_nd_nbiv(d); q++) be[q] = th[0] * U[0][q];
        }
    }
    for (int k = 0; k < 2; k++) {
        double yk[AK_MAX_DIM], Uyk[AK_MAX_DIM];
        plane_part(d, yk, Uyk, y, U[k]);
        bool kcut = cut && k == 0; // in-plane translation of the full turn: not determined, 0
        double a = kcut ? 0.0 : tcot(th[k]), b = kcut ? 0.0 : th[k];
        for (int i = 0; i < d; i++) v[i] += a * yk[i] + b * Uyk[i] - yk[i];
    }
    ak_pga_rate_from(d, B, be, v);
}

// ---- Kinematics, momentum, forques, energy and power (the notes' ch. 2) ------------------------

static void scale_add(int d, double out[], const double a[], double s) {
    for (int x = 0; x < ak_pga_size(d); x++) out[x] += s * a[x];
}

void ak_pga_rate_from_motor(int d, double B[], const double M[], const double Mdot[], bool body) {
    double Mr[AK_PGA_MAX] = { 0 };
    ak_pga_reverse(d, Mr, M);
    if (body)
        ak_pga_mul(d, B, Mr, Mdot);
    else
        ak_pga_mul(d, B, Mdot, Mr);
    for (int x = 0; x < ak_pga_size(d); x++) B[x] *= -2.0;
}

void ak_pga_reverse_derivative(int d, double out[], const double M[], const double Mdot[]) {
    double Mr[AK_PGA_MAX] = { 0 }, T[AK_PGA_MAX] = { 0 };
    ak_pga_reverse(d, Mr, M);
    ak_pga_mul(d, T, Mr, Mdot);
    ak_pga_mul(d, out, T, Mr);
    for (int x = 0; x < ak_pga_size(d); x++) out[x] = -out[x];
}

void ak_pga_motor_derivative_world(int d, double Mdot[], const double M[], const double Bw[]) {
    ak_pga_mul(d, Mdot, Bw, M);
    for (int x = 0; x < ak_pga_size(d); x++) Mdot[x] *= -0.5;
}

void ak_pga_rate_to_world(int d, double Bw[], const double M[], const double Bb[]) {
    ak_pga_sandwich(d, Bw, M, Bb);
}

void ak_pga_point_velocity(int d, double Xdot[], const double Xw[], const double Bw[],
                           const double M[], const double Xbdot[]) {
    ak_pga_commutator(d, Xdot, Xw, Bw);
    if (Xbdot) {
        double T[AK_PGA_MAX] = { 0 };
        ak_pga_sandwich(d, T, M, Xbdot);
        scale_add(d, Xdot, T, 1.0);
    }
}

void ak_pga_inertia_points(int d, double P[], int n, const double m[], const double X[],
                           const double B[]) {
    int N = ak_pga_size(d);
    zero(d, P);
    for (int i = 0; i < n; i++) {
        double C[AK_PGA_MAX] = { 0 }, J[AK_PGA_MAX] = { 0 };
        ak_pga_commutator(d, C, X + (size_t)i * (size_t)N, B); // Xdot_i = X_i x B (P-2.8)
        ak_pga_join(d, J, X + (size_t)i * (size_t)N, C);
        scale_add(d, P, J, m[i]);
    }
}

void ak_pga_inertia_world(int d, double P[], const double M[], const double inertia[], double mass,
                          const double Bw[]) {
    double Mr[AK_PGA_MAX] = { 0 }, Bb[AK_PGA_MAX] = { 0 }, Pb[AK_PGA_MAX] = { 0 };
    ak_pga_reverse(d, Mr, M);
    ak_pga_sandwich(d, Bb, Mr, Bw);
    ak_pga_inertia(d, Pb, inertia, mass, Bb);
    ak_pga_sandwich(d, P, M, Pb);
}

void ak_pga_momentum_world_rate(int d, double Pdot[], const double M[], const double inertia[],
                                double mass, const double Bb[], const double Bbdot[]) {
    double Pb[AK_PGA_MAX] = { 0 }, C[AK_PGA_MAX] = { 0 }, Q[AK_PGA_MAX] = { 0 };
    ak_pga_inertia(d, Pb, inertia, mass, Bb);
    ak_pga_commutator(d, C, Pb, Bb);
    ak_pga_inertia(d, Q, inertia, mass, Bbdot); // P-2.23: d/dt I_b[B_b] = I_b[Bdot_b]
    scale_add(d, C, Q, 1.0);
    ak_pga_sandwich(d, Pdot, M, C);
}

// Left contraction a _| b: the grade |B| - |A| part of each blade product.
static void lcontract(int d, double out[], const double a[], const double b[]) {
    int N = ak_pga_size(d);
    zero(d, out);
    for (int x = 0; x < N; x++) {
        if (a[x] == 0.0) continue;
        for (int y = 0; y < N; y++) {
            if (b[y] == 0.0 || (x & y & 1) || (x & ~y)) continue; // only x inside y survives
            out[x ^ y] += reorder_sign((unsigned)x, (unsigned)y) * a[x] * b[y];
        }
    }
}

void ak_pga_force_line(int d, double F[], const double f[], const double q[]) {
    double Q[AK_PGA_MAX] = { 0 }, V[AK_PGA_MAX] = { 0 };
    ak_pga_point(d, Q, q);
    vec_in(d, V, f);
    lcontract(d, F, V, Q);
}

void ak_pga_forque_total(int d, double F[], int n, const double f[], const double q[]) {
    zero(d, F);
    for (int i = 0; i < n; i++) {
        double Fi[AK_PGA_MAX] = { 0 };
        ak_pga_force_line(d, Fi, f + (size_t)i * AK_MAX_DIM, q + (size_t)i * AK_MAX_DIM);
        scale_add(d, F, Fi, 1.0);
    }
}

double ak_pga_kinetic_energy_join(int d, const double B[], const double inertia[], double mass) {
    double P[AK_PGA_MAX] = { 0 }, J[AK_PGA_MAX] = { 0 };
    ak_pga_inertia(d, P, inertia, mass, B);
    ak_pga_join(d, J, B, P);
    return 0.5 * J[0];
}

double ak_pga_power(int d, const double B[], const double F[]) {
    double W[AK_PGA_MAX] = { 0 };
    ak_pga_wedge(d, W, B, F);
    return W[ak_pga_size(d) - 1];
}

double ak_pga_power_join(int d, const double B[], const double F[]) {
    double J[AK_PGA_MAX] = { 0 };
    ak_pga_join(d, J, B, F);
    return J[0];
}

void ak_pga_chain_rate(int d, double out[], const double M[], const double B3[], const double M1b[],
                       const double B2b[], const double B1b[]) {
    // -2 Mdot = B3 M + M (M1'~ B2' M1') + M B1' for M = M3 M0 M2' M1'  (C.5, first form)
    double T[AK_PGA_MAX] = { 0 }, M1r[AK_PGA_MAX] = { 0 }, U[AK_PGA_MAX] = { 0 };
    ak_pga_mul(d, out, B3, M);
    ak_pga_reverse(d, M1r, M1b);
    ak_pga_sandwich(d, U, M1r, B2b);
    ak_pga_mul(d, T, M, U);
    scale_add(d, out, T, 1.0);
    ak_pga_mul(d, T, M, B1b);
    scale_add(d, out, T, 1.0);
}

void ak_pga_inertia_classical(int d, double IC[], int n, const double m[], const double r[]) {
    int k = ak_nd_nbiv(d);
    for (int q = 0; q < k; q++) {
        double e[AK_MAX_BIV] = { 0 }, col[AK_MAX_BIV] = { 0 };
        e[q] = 1.0;
        for (int i = 0; i < n; i++) {
            double t[AK_MAX_DIM], w[AK_MAX_BIV];
            ak_nd_contract(d, t, r + (size_t)i * AK_MAX_DIM, e);
            ak_nd_wedge(d, w, r + (size_t)i * AK_MAX_DIM, t);
            for (int p = 0; p < k; p++) col[p] += m[i] * w[p];
        }
        for (int p = 0; p < k; p++) IC[p * k + q] = col[p];
    }
}

void ak_pga_centroid(int d, double C[], int n, const double m[], const double X[]) {
    int N = ak_pga_size(d);
    double mass = 0.0;
    zero(d, C);
    for (int i = 0; i < n; i++) {
        mass += m[i];
        scale_add(d, C, X + (size_t)i * (size_t)N, m[i]);
    }
    for (int x = 0; x < N; x++) C[x] /= mass;
}

void ak_pga_symmetric_top(int d, double M[], const double M0[], const double Pm[],
                          const double Lb[], const double A[], double t) {
    // M = M_p M0 M_Lb M_A, each factor exp(-X t/2) by the closed-form motor exponential
    double X[AK_PGA_MAX] = { 0 }, Mp[AK_PGA_MAX] = { 0 }, ML[AK_PGA_MAX] = { 0 },
           MA[AK_PGA_MAX] = { 0 }, T[AK_PGA_MAX] = { 0 }, U[AK_PGA_MAX] = { 0 };
    int N = ak_pga_size(d);
    for (int x = 0; x < N; x++) X[x] = -0.5 * t * Pm[x];
    ak_pga_motor_exp(d, Mp, X);
    for (int x = 0; x < N; x++) X[x] = -0.5 * t * Lb[x];
    ak_pga_motor_exp(d, ML, X);
    for (int x = 0; x < N; x++) X[x] = -0.5 * t * A[x];
    ak_pga_motor_exp(d, MA, X);
    ak_pga_mul(d, T, Mp, M0);
    ak_pga_mul(d, U, T, ML);
    ak_pga_mul(d, M, U, MA);
}

void ak_pga_free_top_components(double Bdot[3], const double i[3], const double B[3]) {
    // Bdot_k = w_k B_(k+1) B_(k+2), w_k = (i_(k+1) - i_(k+2)) / i_k, indices mod 3 (B.17, B.18)
    for (int k = 0; k < 3; k++) {
        int a = (k + 1) % 3, b = (k + 2) % 3;
        Bdot[k] = (i[a] - i[b]) / i[k] * B[a] * B[b];
    }
}
