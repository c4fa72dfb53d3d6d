// Rigid-body geometric algebra for n = 2..5, Euclidean metric.
//
// Products are computed blade by blade on bitmasks: e_A e_B = s(A,B) e_{A xor B}, where s(A,B)
// is (-1) to the number of transpositions needed to sort the concatenated factors (every basis
// vector squares to +1). This is the textbook construction (Dorst, Fontijne & Mann 2007,
// ch. 19); the generic algebra in cl.c is the independent oracle these functions are tested
// against.
#include "ga/nd.h"

#include <math.h>
#include <string.h>

#define FULL (1u << AK_MAX_DIM)

static int popcount(unsigned m) {
    int c = 0;
    for (; m; m &= m - 1) c++;
    return c;
}

// Sign of e_a e_b for Euclidean blades given as bitmasks.
static double blade_sign(unsigned a, unsigned b) {
    int swaps = 0;
    for (a >>= 1; a; a >>= 1) swaps += popcount(a & b);
    return (swaps & 1) ? -1.0 : 1.0;
}

// Lexicographic comparison of the sorted index sets of two masks of the same grade.
static bool mask_before(unsigned a, unsigned b) {
    int ga = popcount(a), gb = popcount(b);
    if (ga != gb) return ga < gb;
    for (int i = 0; i < AK_MAX_DIM; i++) {
        unsigned ba = a & (1u << i), bb = b & (1u << i);
        if (ba != bb) return ba != 0; // the set that has the smaller index first comes first
    }
    return false;
}

int ak_nd_nbiv(int n) { return n * (n - 1) / 2; }
int ak_nd_neven(int n) { return 1 << (n - 1); }

unsigned ak_nd_even_mask(int n, int k) {
    // The k-th even mask in canonical order: count how many even masks come before each one.
    unsigned full = 1u << n;
    for (unsigned m = 0; m < full; m++) {
        if (popcount(m) & 1) continue;
        int rank = 0;
        for (unsigned o = 0; o < full; o++)
            if (!(popcount(o) & 1) && mask_before(o, m)) rank++;
        if (rank == k) return m;
    }
    return 0;
}

int ak_nd_even_index(int n, unsigned mask) {
    if (popcount(mask) & 1 || mask >= (1u << n)) return -1;
    int rank = 0;
    for (unsigned o = 0; o < (1u << n); o++)
        if (!(popcount(o) & 1) && mask_before(o, mask)) rank++;
    return rank;
}

void ak_nd_biv_pair(int n, int k, int *i, int *j) {
    int c = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++, c++)
            if (c == k) {
                *i = a;
                *j = b;
                return;
            }
    *i = *j = -1;
}

int ak_nd_biv_index(int n, int i, int j, double *sign) {
    double s = 1.0;
    if (i > j) {
        int t = i;
        i = j;
        j = t;
        s = -1.0;
    }
    if (sign) *sign = s;
    if (i == j || i < 0 || j >= n) return -1;
    // Pairs before row i: sum_{a<i} (n-1-a).
    return i * (2 * n - i - 1) / 2 + (j - i - 1);
}

static const char AXES[] = "xyzwv";

const char *ak_nd_biv_name(int n, int k) {
    static const char *names[AK_MAX_BIV] = {"xy", "xz", "xw", "xv", "yz", "yw", "yv", "zw", "zv", "wv"};
    // The table above is the 5D order; map the n-D component through its pair.
    int i, j;
    ak_nd_biv_pair(n, k, &i, &j);
    if (i < 0) return "?";
    double s;
    return names[ak_nd_biv_index(5, i, j, &s)];
}

void ak_nd_even_name(int n, int k, char out[8]) {
    unsigned m = ak_nd_even_mask(n, k);
    if (m == 0) {
        strcpy(out, "s");
        return;
    }
    int c = 0;
    for (int i = 0; i < n; i++)
        if (m & (1u << i)) out[c++] = AXES[i];
    out[c] = '\0';
}

void ak_nd_wedge(int n, double out[], const double a[], const double b[]) {
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) out[k++] = a[i] * b[j] - a[j] * b[i];
}

void ak_nd_rstar(int n, double out[], const double r[]) {
    // Row (ij) of [r]* picks (r ^ a)_ij = r_i a_j - r_j a_i.
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, k++) {
            for (int c = 0; c < n; c++) out[k * n + c] = 0.0;
            out[k * n + j] = r[i];
            out[k * n + i] = -r[j];
        }
}

void ak_nd_contract(int n, double out[], const double r[], const double w[]) {
    // (r _| w)_c = sum_k [r]*_{kc} w_k.
    for (int c = 0; c < n; c++) out[c] = 0.0;
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, k++) {
            out[j] += r[i] * w[k];
            out[i] -= r[j] * w[k];
        }
}

// Full multivectors indexed by bitmask, for the products below.
static void mv_mul(int n, double out[FULL], const double a[FULL], const double b[FULL]) {
    unsigned full = 1u << n;
    for (unsigned m = 0; m < full; m++) out[m] = 0.0;
    for (unsigned x = 0; x < full; x++) {
        if (a[x] == 0.0) continue;
        for (unsigned y = 0; y < full; y++)
            if (b[y] != 0.0) out[x ^ y] += blade_sign(x, y) * a[x] * b[y];
    }
}

static void even_to_mv(int n, double mv[FULL], const double R[]) {
    memset(mv, 0, sizeof(double) * FULL);
    for (int k = 0; k < ak_nd_neven(n); k++) mv[ak_nd_even_mask(n, k)] = R[k];
}

static void mv_to_even(int n, double R[], const double mv[FULL]) {
    for (int k = 0; k < ak_nd_neven(n); k++) R[k] = mv[ak_nd_even_mask(n, k)];
}

static void biv_to_mv(int n, double mv[FULL], const double B[]) {
    memset(mv, 0, sizeof(double) * FULL);
    for (int k = 0; k < ak_nd_nbiv(n); k++) {
        int i, j;
        ak_nd_biv_pair(n, k, &i, &j);
        mv[(1u << i) | (1u << j)] = B[k];
    }
}

static void mv_to_biv(int n, double B[], const double mv[FULL]) {
    for (int k = 0; k < ak_nd_nbiv(n); k++) {
        int i, j;
        ak_nd_biv_pair(n, k, &i, &j);
        B[k] = mv[(1u << i) | (1u << j)];
    }
}

void ak_nd_commutator(int n, double out[], const double a[], const double b[]) {
    double A[FULL], B[FULL], AB[FULL], BA[FULL], C[FULL];
    biv_to_mv(n, A, a);
    biv_to_mv(n, B, b);
    mv_mul(n, AB, A, B);
    mv_mul(n, BA, B, A);
    for (unsigned m = 0; m < (1u << n); m++) C[m] = 0.5 * (AB[m] - BA[m]);
    mv_to_biv(n, out, C);
}

void ak_nd_rotor_identity(int n, double R[]) {
    for (int k = 0; k < ak_nd_neven(n); k++) R[k] = 0.0;
    R[0] = 1.0;
}

void ak_nd_rotor_mul(int n, double out[], const double a[], const double b[]) {
    double A[FULL], B[FULL], C[FULL];
    even_to_mv(n, A, a);
    even_to_mv(n, B, b);
    mv_mul(n, C, A, B);
    mv_to_even(n, out, C);
}

void ak_nd_rotor_reverse(int n, double out[], const double R[]) {
    // Reversion negates grades 2 and 3 (mod 4): on even blades, grade 2 (and 6) flips.
    for (int k = 0; k < ak_nd_neven(n); k++) {
        int g = popcount(ak_nd_even_mask(n, k));
        out[k] = (g % 4 == 2) ? -R[k] : R[k];
    }
}

void ak_nd_rotor_plane(int n, double R[], int i, int j, double angle) {
    ak_nd_rotor_identity(n, R);
    double s;
    int k = ak_nd_biv_index(n, i, j, &s);
    R[0] = cos(0.5 * angle);
    R[1 + k] = -s * sin(0.5 * angle); // bivectors follow the scalar, in the same order
}

void ak_nd_rotor_exp(int n, double R[], const double B[]) {
    // exp(B) = exp(B / 2^s)^(2^s), with the Taylor series on the scaled bivector.
    double norm = 0.0;
    for (int k = 0; k < ak_nd_nbiv(n); k++) norm += B[k] * B[k];
    norm = sqrt(norm);
    int s = 0;
    while (norm / ldexp(1.0, s) > 0.25 && s < 60) s++;
    double Bs[FULL], term[FULL], sum[FULL], tmp[FULL];
    biv_to_mv(n, Bs, B);
    for (unsigned m = 0; m < FULL; m++) Bs[m] = ldexp(Bs[m], -s);
    memset(sum, 0, sizeof sum);
    memset(term, 0, sizeof term);
    sum[0] = term[0] = 1.0;
    for (int t = 1; t < 30; t++) {
        mv_mul(n, tmp, term, Bs);
        double mx = 0.0;
        for (unsigned m = 0; m < FULL; m++) {
            term[m] = tmp[m] / t;
            sum[m] += term[m];
            if (fabs(term[m]) > mx) mx = fabs(term[m]);
        }
        if (mx < 1e-18) break;
    }
    for (int q = 0; q < s; q++) {
        mv_mul(n, tmp, sum, sum);
        memcpy(sum, tmp, sizeof sum);
    }
    mv_to_even(n, R, sum);
}

void ak_nd_rotor_apply(int n, double out[], const double R[], const double x[]) {
    double A[FULL], X[FULL], Rr[AK_MAX_EVEN], Ar[FULL], T[FULL], Y[FULL];
    even_to_mv(n, A, R);
    ak_nd_rotor_reverse(n, Rr, R);
    even_to_mv(n, Ar, Rr);
    memset(X, 0, sizeof X);
    for (int i = 0; i < n; i++) X[1u << i] = x[i];
    mv_mul(n, T, A, X);
    mv_mul(n, Y, T, Ar);
    for (int i = 0; i < n; i++) out[i] = Y[1u << i];
}

void ak_nd_rotor_to_matrix(int n, double M[], const double R[]) {
    for (int j = 0; j < n; j++) {
        double e[AK_MAX_DIM] = {0}, c[AK_MAX_DIM];
        e[j] = 1.0;
        ak_nd_rotor_apply(n, c, R, e);
        for (int i = 0; i < n; i++) M[i * n + j] = c[i];
    }
}

void ak_nd_rotor_biv_matrix(int n, double M2[], const double R[]) {
    // R (e_i ^ e_j) R~ = (M e_i) ^ (M e_j): entry (kl, ij) = M_ki M_lj - M_li M_kj.
    double M[AK_MAX_DIM * AK_MAX_DIM];
    ak_nd_rotor_to_matrix(n, M, R);
    int nb = ak_nd_nbiv(n);
    for (int r = 0; r < nb; r++) {
        int k, l;
        ak_nd_biv_pair(n, r, &k, &l);
        for (int c = 0; c < nb; c++) {
            int i, j;
            ak_nd_biv_pair(n, c, &i, &j);
            M2[r * nb + c] = M[k * n + i] * M[l * n + j] - M[l * n + i] * M[k * n + j];
        }
    }
}

void ak_nd_biv_sandwich(int n, double out[], const double R[], const double B[]) {
    double M2[AK_MAX_BIV * AK_MAX_BIV];
    ak_nd_rotor_biv_matrix(n, M2, R);
    int nb = ak_nd_nbiv(n);
    for (int r = 0; r < nb; r++) {
        double s = 0.0;
        for (int c = 0; c < nb; c++) s += M2[r * nb + c] * B[c];
        out[r] = s;
    }
}

double ak_nd_rotor_norm2(int n, const double R[]) {
    // <R R~>_0 = sum over even blades of R_k^2 times (blade squared, reversed) = sum R_k^2.
    double s = 0.0;
    for (int k = 0; k < ak_nd_neven(n); k++) s += R[k] * R[k];
    return s;
}

void ak_nd_rotor_normalize(int n, double R[]) {
    double s = sqrt(ak_nd_rotor_norm2(n, R));
    if (s > 0.0)
        for (int k = 0; k < ak_nd_neven(n); k++) R[k] /= s;
}
