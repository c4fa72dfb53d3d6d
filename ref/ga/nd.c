// Rigid-body geometric algebra for n = 2..5, Euclidean metric.
//
// Products are computed blade by blade on bitmasks: e_A e_B = s(A,B) e_{A xor B}, where s(A,B)
// is (-1) to the number of transpositions needed to sort the concatenated factors (every basis
// vector squares to +1). This is the textbook construction (Dorst, Fontijne & Mann 2007,
// ch. 19); the generic algebra in cl.c is the independent oracle these functions are tested
// against.
#include "ref/ga/nd.h"

#include <math.h>
#include <string.h>

#include "ref/ga/even_tables.h"

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

int ak_nd_nbiv(int n) { return n * (n - 1) / 2; }
int ak_nd_neven(int n) { return 1 << (n - 1); }

// Append the grade-g subsets of {from..n-1} (prefix bits already set) in lexicographic order.
static void subsets(int n, int from, int g, unsigned prefix, unsigned masks[], int *count) {
    if (g == 0) {
        masks[(*count)++] = prefix;
        return;
    }
    for (int i = from; i <= n - g; i++) subsets(n, i + 1, g - 1, prefix | (1u << i), masks, count);
}

// The even blade masks in canonical order: grade by grade, lexicographic within a grade.
static int even_masks(int n, unsigned masks[AK_MAX_EVEN]) {
    int count = 0;
    for (int g = 0; g <= n; g += 2) subsets(n, 0, g, 0u, masks, &count);
    return count;
}

unsigned ak_nd_even_mask(int n, int k) {
    unsigned masks[AK_MAX_EVEN];
    if (n < 1 || n > AK_MAX_DIM || k < 0 || k >= even_masks(n, masks)) return 0;
    return masks[k];
}

int ak_nd_even_index(int n, unsigned mask) {
    unsigned masks[AK_MAX_EVEN];
    if (n < 1 || n > AK_MAX_DIM) return -1;
    int count = even_masks(n, masks);
    for (int k = 0; k < count; k++)
        if (masks[k] == mask) return k;
    return -1;
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
    static const char *names[AK_MAX_BIV] = { "xy", "xz", "xw", "xv", "yz",
                                             "yw", "yv", "zw", "zv", "wv" };
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
    unsigned masks[AK_MAX_EVEN];
    int count = even_masks(n, masks);
    memset(mv, 0, sizeof(double) * FULL);
    for (int k = 0; k < count; k++) mv[masks[k]] = R[k];
}

void ak_nd_commutator(int n, double out[], const double a[], const double b[]) {
    // Structure constants: e_ij x e_kl = d_jk e_il - d_ik e_jl - d_jl e_ik + d_il e_jk
    // (from e_ij e_jl = e_il and e_jl e_ij = -e_il for distinct i, j, l); no full products.
    int k = ak_nd_nbiv(n);
    for (int q = 0; q < k; q++) out[q] = 0.0;
    for (int p = 0; p < k; p++) {
        if (a[p] == 0.0) continue;
        int i, j;
        ak_nd_biv_pair(n, p, &i, &j);
        for (int q = 0; q < k; q++) {
            if (b[q] == 0.0) continue;
            int s, t;
            ak_nd_biv_pair(n, q, &s, &t);
            double ab = a[p] * b[q], sg;
            int r;
            if (j == s && i != t) {
                r = ak_nd_biv_index(n, i, t, &sg);
                out[r] += sg * ab;
            }
            if (i == s && j != t) {
                r = ak_nd_biv_index(n, j, t, &sg);
                out[r] -= sg * ab;
            }
            if (j == t && i != s) {
                r = ak_nd_biv_index(n, i, s, &sg);
                out[r] -= sg * ab;
            }
            if (i == t && j != s) {
                r = ak_nd_biv_index(n, j, s, &sg);
                out[r] += sg * ab;
            }
        }
    }
}

void ak_nd_rotor_identity(int n, double R[]) {
    for (int k = 0; k < ak_nd_neven(n); k++) R[k] = 0.0;
    R[0] = 1.0;
}

// Product and reversion tables of the even subalgebra for one n (ga/even_tables.h, generated
// by gen_even_tables.py from the same blade rule e_A e_B = s(A,B) e_{A xor B}).
static void even_tables(int n, const signed char **pidx, const signed char **psgn,
                        const signed char **rev) {
    switch (n) {
        case 2: *pidx = AK_EVEN_PIDX2, *psgn = AK_EVEN_PSGN2, *rev = AK_EVEN_REV2; break;
        case 3: *pidx = AK_EVEN_PIDX3, *psgn = AK_EVEN_PSGN3, *rev = AK_EVEN_REV3; break;
        case 4: *pidx = AK_EVEN_PIDX4, *psgn = AK_EVEN_PSGN4, *rev = AK_EVEN_REV4; break;
        default: *pidx = AK_EVEN_PIDX5, *psgn = AK_EVEN_PSGN5, *rev = AK_EVEN_REV5; break;
    }
}

// The product on the tables; ne a constant for n = 3, 4 (the loops unroll, the same operations).
static inline __attribute__((always_inline)) void rotor_mul_ne(int ne, const signed char *pidx,
                                                               const signed char *psgn,
                                                               double out[], const double a[],
                                                               const double b[]) {
    for (int q = 0; q < ne; q++) out[q] = 0.0;
    for (int i = 0; i < ne; i++) {
        if (a[i] == 0.0) continue;
        for (int j = 0; j < ne; j++) out[pidx[i * ne + j]] += psgn[i * ne + j] * a[i] * b[j];
    }
}

void ak_nd_rotor_mul(int n, double out[], const double a[], const double b[]) {
    const signed char *pidx, *psgn, *rev;
    even_tables(n, &pidx, &psgn, &rev);
    int ne = ak_nd_neven(n);
    if (ne == 4)
        rotor_mul_ne(4, pidx, psgn, out, a, b);
    else if (ne == 8)
        rotor_mul_ne(8, pidx, psgn, out, a, b);
    else
        rotor_mul_ne(ne, pidx, psgn, out, a, b);
}

void ak_nd_rotor_reverse(int n, double out[], const double R[]) {
    // Reversion negates grades 2 and 3 (mod 4): on even blades, grade 2 (and 6) flips.
    const signed char *pidx, *psgn, *rev;
    even_tables(n, &pidx, &psgn, &rev);
    for (int k = 0; k < ak_nd_neven(n); k++) out[k] = rev[k] * R[k];
}

void ak_nd_rotor_plane(int n, double R[], int i, int j, double angle) {
    ak_nd_rotor_identity(n, R);
    double s;
    int k = ak_nd_biv_index(n, i, j, &s);
    R[0] = cos(0.5 * angle);
    R[1 + k] = -s * sin(0.5 * angle); // bivectors follow the scalar, in the same order
}

void ak_nd_rotor_exp(int n, double R[], const double B[]) {
    // exp(B) = exp(B / 2^s)^(2^s), with the Taylor series on the scaled bivector; every term is
    // even, so the series runs in the even subalgebra.
    int ne = ak_nd_neven(n), k = ak_nd_nbiv(n);
    double norm = 0.0;
    for (int q = 0; q < k; q++) norm += B[q] * B[q];
    norm = sqrt(norm);
    int s = 0;
    while (norm / ldexp(1.0, s) > 0.25 && s < 60) s++;
    double Bs[AK_MAX_EVEN] = { 0 }, term[AK_MAX_EVEN] = { 0 }, sum[AK_MAX_EVEN] = { 0 },
           tmp[AK_MAX_EVEN];
    for (int q = 0; q < k; q++) Bs[1 + q] = ldexp(B[q], -s); // bivectors follow the scalar
    term[0] = sum[0] = 1.0;
    for (int t = 1; t < 30; t++) {
        ak_nd_rotor_mul(n, tmp, term, Bs);
        double mx = 0.0;
        for (int q = 0; q < ne; q++) {
            term[q] = tmp[q] / t;
            sum[q] += term[q];
            mx = fmax(mx, fabs(term[q]));
        }
        if (mx < 1e-18) break;
    }
    for (int r = 0; r < s; r++) {
        ak_nd_rotor_mul(n, tmp, sum, sum);
        memcpy(sum, tmp, sizeof(double) * (size_t)ne);
    }
    memcpy(R, sum, sizeof(double) * (size_t)ne);
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
        double e[AK_MAX_DIM] = { 0 }, c[AK_MAX_DIM];
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
    // Two even products, R B R~ (cheaper than building [R]_2 for one bivector).
    int k = ak_nd_nbiv(n);
    double E[AK_MAX_EVEN] = { 0 }, T[AK_MAX_EVEN], Rr[AK_MAX_EVEN], O[AK_MAX_EVEN];
    for (int q = 0; q < k; q++) E[1 + q] = B[q];
    ak_nd_rotor_mul(n, T, R, E);
    ak_nd_rotor_reverse(n, Rr, R);
    ak_nd_rotor_mul(n, O, T, Rr);
    for (int q = 0; q < k; q++) out[q] = O[1 + q];
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

const char *ak_ga_status_str(int status) {
    switch (status) {
        case AK_GA_OK: return "ok";
        case AK_GA_EDIM: return "dimension out of range (2..5)";
        case AK_GA_EFRAME: return "frame is not orthonormal";
        case AK_GA_EIMPROPER: return "frames have opposite orientation (no rotor exists)";
        case AK_GA_EZERO: return "rotor is zero or too far from a rotor";
    }
    return "unknown status";
}

static double dotn(int n, const double a[], const double b[]) {
    double s = 0.0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

static void column(int n, double out[], const double M[], int j) {
    for (int i = 0; i < n; i++) out[i] = M[i * n + j];
}

static bool orthonormal_columns(int n, const double M[]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double a[AK_MAX_DIM], b[AK_MAX_DIM];
            column(n, a, M, i);
            column(n, b, M, j);
            if (!(fabs(dotn(n, a, b) - (i == j ? 1.0 : 0.0)) <= AK_GA_FRAME_TOL)) return false;
        }
    return true;
}

// Rotor taking unit vector u to unit vector t in the plane u ^ t: (1 + t u)/|1 + t u|, i.e.
// R = t h with h the unit half-way vector (T-2.19: R = nm turns by twice the angle m to n);
// scalar 1 + t.u and bivector t ^ u, over sqrt(2 (1 + t.u)). Needs t.u well above -1.
static void rotor_between(int n, double R[], const double u[], const double t[]) {
    double c = 1.0 + dotn(n, t, u), w[AK_MAX_BIV];
    ak_nd_wedge(n, w, t, u);
    double norm = sqrt(2.0 * c);
    ak_nd_rotor_identity(n, R);
    R[0] = c / norm;
    for (int k = 0; k < ak_nd_nbiv(n); k++) R[1 + k] = w[k] / norm;
}

int ak_nd_rotor_from_frames(int n, double R[], const double A[], const double B[]) {
    if (n < 2 || n > AK_MAX_DIM) return AK_GA_EDIM;
    ak_nd_rotor_identity(n, R);
    if (!orthonormal_columns(n, A) || !orthonormal_columns(n, B)) return AK_GA_EFRAME;
    double cur[AK_MAX_EVEN], step[AK_MAX_EVEN], tmp[AK_MAX_EVEN];
    ak_nd_rotor_identity(n, cur);
    for (int i = 0; i < n; i++) {
        double a[AK_MAX_DIM], u[AK_MAX_DIM], t[AK_MAX_DIM];
        column(n, a, A, i);
        column(n, t, B, i);
        ak_nd_rotor_apply(n, u, cur, a);
        // u and t are unit and orthogonal to the targets b_0..b_{i-1} already reached, so a
        // rotor in the plane u ^ t leaves those fixed.
        if (dotn(n, u, t) >= 0.0) {
            rotor_between(n, step, u, t);
        } else {
            // Go through a unit m orthogonal to u (and to b_0..b_{i-1}), so that both steps turn
            // by at most 90 degrees: candidates are t and the targets still to come.
            double m[AK_MAX_DIM] = { 0 }, best = 0.0;
            for (int k = i; k < n; k++) {
                double cnd[AK_MAX_DIM];
                column(n, cnd, B, k);
                double cu = dotn(n, cnd, u);
                for (int q = 0; q < n; q++) cnd[q] -= cu * u[q];
                double len = sqrt(dotn(n, cnd, cnd));
                if (len > best) {
                    best = len;
                    for (int q = 0; q < n; q++) m[q] = cnd[q] / len;
                }
            }
            if (best < 1e-6) { // only the last axis can be reversed: opposite orientation
                ak_nd_rotor_identity(n, R);
                return AK_GA_EIMPROPER;
            }
            double s1[AK_MAX_EVEN], s2[AK_MAX_EVEN];
            rotor_between(n, s1, u, m);
            rotor_between(n, s2, m, t);
            ak_nd_rotor_mul(n, step, s2, s1);
        }
        ak_nd_rotor_mul(n, tmp, step, cur);
        memcpy(cur, tmp, sizeof(double) * (size_t)ak_nd_neven(n));
    }
    memcpy(R, cur, sizeof(double) * (size_t)ak_nd_neven(n));
    return AK_GA_OK;
}

int ak_nd_rotor_from_frame(int n, double R[], const double M[]) {
    if (n < 2 || n > AK_MAX_DIM) return AK_GA_EDIM;
    double I[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
    for (int i = 0; i < n; i++) I[i * n + i] = 1.0;
    return ak_nd_rotor_from_frames(n, R, I, M);
}

// The nearest unit rotor in 4D, in closed form: R -> (A, C) = ((s - q, 2u), (s + q, 2v)) with
// u, v the self-dual and anti-self-dual halves of the bivector part maps the 8 components to
// R^4 x R^4 with |A|^2 + |C|^2 = 2 |R|^2, and R is a unit rotor (R R~ = 1: no scalar and no xyzw
// drift) iff |A| = |C| = 1. Spin(4) is the product of these two 3-spheres, so the nearest unit
// rotor is (A/|A|, C/|C|): an exact projection (docs/conventions.md explains the choice).
// Components in the order s, xy, xz, xw, yz, yw, zw, xyzw.
void ak_nd_spin4_project(double R[8]) {
    const double s = R[0], xy = R[1], xz = R[2], xw = R[3], yz = R[4], yw = R[5], zw = R[6],
                 q = R[7];
    const double hu[3] = { 0.5 * (xy + zw), 0.5 * (xz - yw), 0.5 * (xw + yz) };
    const double hv[3] = { 0.5 * (xy - zw), 0.5 * (xz + yw), 0.5 * (xw - yz) };
    double A[4] = { s - q, 2 * hu[0], 2 * hu[1], 2 * hu[2] };
    double C[4] = { s + q, 2 * hv[0], 2 * hv[1], 2 * hv[2] };
    double na = sqrt(A[0] * A[0] + A[1] * A[1] + A[2] * A[2] + A[3] * A[3]);
    double nc = sqrt(C[0] * C[0] + C[1] * C[1] + C[2] * C[2] + C[3] * C[3]);
    for (int i = 0; i < 4; i++) {
        A[i] = na > 0.0 ? A[i] / na : (i == 0 ? 1.0 : 0.0);
        C[i] = nc > 0.0 ? C[i] / nc : (i == 0 ? 1.0 : 0.0);
    }
    double u[3] = { 0.5 * A[1], 0.5 * A[2], 0.5 * A[3] },
           v[3] = { 0.5 * C[1], 0.5 * C[2], 0.5 * C[3] };
    R[0] = 0.5 * (A[0] + C[0]);
    R[1] = u[0] + v[0];
    R[2] = u[1] + v[1];
    R[3] = u[2] + v[2];
    R[4] = u[2] - v[2];
    R[5] = v[1] - u[1];
    R[6] = u[0] - v[0];
    R[7] = 0.5 * (C[0] - A[0]);
}

int ak_nd_rotor_renormalize(int n, double R[]) {
    if (n < 2 || n > AK_MAX_DIM) return AK_GA_EDIM;
    double nr2 = ak_nd_rotor_norm2(n, R);
    if (!(nr2 > 0.0) || !isfinite(nr2)) return AK_GA_EZERO;
    if (n <= 3) {
        ak_nd_rotor_normalize(n, R);
        return AK_GA_OK;
    }
    if (n == 4) {
        ak_nd_spin4_project(R);
        return AK_GA_OK;
    }
    // n = 5: Newton-Schulz on the even element, R <- (1 - N/2) R with N = R R~ - 1.
    double d0 = ak_nd_rotor_defect(n, R);
    if (!(d0 <= 0.5)) return AK_GA_EZERO;
    int ne = ak_nd_neven(n);
    for (int it = 0; it < 8; it++) {
        double N[AK_MAX_EVEN], Rr[AK_MAX_EVEN], T[AK_MAX_EVEN];
        ak_nd_rotor_reverse(n, Rr, R);
        ak_nd_rotor_mul(n, N, R, Rr);
        N[0] -= 1.0;
        double d = 0.0;
        for (int q = 0; q < ne; q++) d = fmax(d, fabs(N[q]));
        if (d < 1e-15) break;
        for (int q = 0; q < ne; q++) N[q] = -0.5 * N[q];
        N[0] += 1.0;
        ak_nd_rotor_mul(n, T, N, R);
        memcpy(R, T, sizeof(double) * (size_t)ne);
    }
    return AK_GA_OK;
}

double ak_nd_rotor_defect(int n, const double R[]) {
    double N[AK_MAX_EVEN], Rr[AK_MAX_EVEN] = { 0 }; // (= {0}: gcc -O3 warns, wrongly)
    ak_nd_rotor_reverse(n, Rr, R);
    ak_nd_rotor_mul(n, N, R, Rr);
    N[0] -= 1.0;
    double d = 0.0;
    for (int q = 0; q < ak_nd_neven(n); q++) d = fmax(d, fabs(N[q]));
    return d;
}

// ---- Invariant decomposition and the rotor logarithm --------------------------------------------
//
// Every bivector of R^n, n <= 5, is the sum of at most two commuting 2-blades in orthogonal planes
// (Roelfs & De Keninck's invariant decomposition; Dorst & De Keninck 2023, §1.3.5 and App. C.2):
// B = th1 U1 + th2 U2, U_k^2 = -1, U1 U2 = U2 U1, and exp(B) = exp(th1 U1) exp(th2 U2) with
// exp(th U) = cos th + sin th U. n = 2, 3: B is itself a 2-blade. n = 4: the self-dual and
// anti-self-dual halves (below) give the split without dividing by th1^2 - th2^2, so it stays
// exact for isoclinic bivectors. n = 5: the plane pair lies in the 4-space orthogonal to the
// kernel w of B (a 5 x 5 skew matrix has rank <= 4); w comes from a one-sided Jacobi SVD (below),
// the problem is rotated into that 4-space and solved there as n = 4.

// The 4D halves: u = ((B_xy + B_zw), (B_xz - B_yw), (B_xw + B_yz))/2 and v likewise with the
// other signs; B = B+ + B-, B+ = u1 (e_xy + e_zw) + u2 (e_xz - e_yw) + u3 (e_xw + e_yz),
// B- = v1 (e_xy - e_zw) + v2 (e_xz + e_yw) + v3 (e_xw - e_yz); B+ B- = B- B+ = 0 as products of
// the central idempotents (1 -+ e_xyzw)/2, B+^2 = -(2|u|)^2 (1 - I)/2, B-^2 = -(2|v|)^2 (1 + I)/2.
static void halves4(const double b[6], double u[3], double v[3]) {
    u[0] = 0.5 * (b[0] + b[5]);
    u[1] = 0.5 * (b[1] - b[4]);
    u[2] = 0.5 * (b[2] + b[3]);
    v[0] = 0.5 * (b[0] - b[5]);
    v[1] = 0.5 * (b[1] + b[4]);
    v[2] = 0.5 * (b[2] - b[3]);
}

static void unhalves4(double b[6], const double u[3], const double v[3]) {
    b[0] = u[0] + v[0];
    b[1] = u[1] + v[1];
    b[2] = u[2] + v[2];
    b[3] = u[2] - v[2];
    b[4] = v[1] - u[1];
    b[5] = u[0] - v[0];
}

static double len3(const double a[3]) { return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

// Unit direction of a (any unit vector when a = 0).
static void dir3(double out[3], const double a[3]) {
    double l = len3(a);
    if (l > 0.0)
        for (int i = 0; i < 3; i++) out[i] = a[i] / l;
    else
        out[0] = 1.0, out[1] = out[2] = 0.0;
}

// n = 4: with N+ = B+/|u|, N- = B-/|v|: U1 = (N+ + N-)/2 and U2 = (N+ - N-)/2 are unit 2-blades,
// U1 U2 = e_xyzw, and B = (|u| + |v|) U1 + (|u| - |v|) U2. A negative th2 flips U2.
static void split4(double U[2][AK_MAX_BIV], double th[2], const double b[6]) {
    double u[3], v[3], du[3], dv[3], a[3], c[3];
    halves4(b, u, v);
    dir3(du, u);
    dir3(dv, v);
    double nu = len3(u), nv = len3(v), t2 = nu - nv;
    for (int i = 0; i < 3; i++) a[i] = 0.5 * du[i], c[i] = 0.5 * dv[i];
    unhalves4(U[0], a, c);
    for (int i = 0; i < 3; i++) c[i] = -c[i];
    unhalves4(U[1], a, c);
    th[0] = nu + nv;
    th[1] = fabs(t2);
    if (t2 < 0.0)
        for (int q = 0; q < 6; q++) U[1][q] = -U[1][q];
}

// A unit vector spanning the (numerical) kernel of the 5 x 5 matrix A: the right singular vector
// of the smallest singular value, by one-sided (Hestenes) Jacobi: plane rotations V make the
// columns of A V orthogonal; the column norms are then the singular values. High relative
// accuracy, no allocation, at most 60 sweeps (NaN input ends there too).
static void kernel5(double w[5], const double A[25]) {
    double a[25], v[25];
    memcpy(a, A, sizeof a);
    for (int i = 0; i < 25; i++) v[i] = (i % 6 == 0) ? 1.0 : 0.0;
    for (int sweep = 0; sweep < 60; sweep++) {
        bool rotated = false;
        for (int p = 0; p < 4; p++)
            for (int q = p + 1; q < 5; q++) {
                double alpha = 0.0, beta = 0.0, gamma = 0.0;
                for (int i = 0; i < 5; i++) {
                    alpha += a[i * 5 + p] * a[i * 5 + p];
                    beta += a[i * 5 + q] * a[i * 5 + q];
                    gamma += a[i * 5 + p] * a[i * 5 + q];
                }
                if (!(fabs(gamma) > 1e-15 * sqrt(alpha * beta)))
                    continue; // orthogonal enough (or NaN)
                rotated = true;
                double zeta = (beta - alpha) / (2.0 * gamma);
                double t = (zeta >= 0 ? 1.0 : -1.0) / (fabs(zeta) + sqrt(1.0 + zeta * zeta));
                double c = 1.0 / sqrt(1.0 + t * t), sn = c * t;
                for (int i = 0; i < 5; i++) {
                    double ap = a[i * 5 + p], aq = a[i * 5 + q];
                    a[i * 5 + p] = c * ap - sn * aq;
                    a[i * 5 + q] = sn * ap + c * aq;
                    double vp = v[i * 5 + p], vq = v[i * 5 + q];
                    v[i * 5 + p] = c * vp - sn * vq;
                    v[i * 5 + q] = sn * vp + c * vq;
                }
            }
        if (!rotated) break;
    }
    int m = 0;
    double best = INFINITY;
    for (int j = 0; j < 5; j++) {
        double nrm = 0.0;
        for (int i = 0; i < 5; i++) nrm += a[i * 5 + j] * a[i * 5 + j];
        if (nrm < best) best = nrm, m = j;
    }
    for (int i = 0; i < 5; i++) w[i] = v[i * 5 + m];
}

// The rotor Rq of an orthonormal frame Q with det +1 whose last column is +-w (a Householder
// reflection taking e_4 to -+w, with its first column negated).
static void frame_rotor5(double Rq[AK_MAX_EVEN], const double w[5]) {
    double u[5], Q[25], len = 0.0, sg = w[4] > 0.0 ? 1.0 : -1.0;
    for (int i = 0; i < 5; i++) u[i] = (i == 4 ? 1.0 : 0.0) + sg * w[i]; // e_4 - (-sg w)
    for (int i = 0; i < 5; i++) len += u[i] * u[i];
    for (int i = 0; i < 5; i++) u[i] /= sqrt(len);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) Q[i * 5 + j] = (i == j ? 1.0 : 0.0) - 2.0 * u[i] * u[j];
    for (int i = 0; i < 5; i++) Q[i * 5] = -Q[i * 5];
    ak_nd_rotor_from_frame(5, Rq, Q);
}

// 5D bivector indices of the 4D pairs (i < j < 4).
static int pair5(int q4) {
    int i, j;
    double s;
    ak_nd_biv_pair(4, q4, &i, &j);
    return ak_nd_biv_index(5, i, j, &s);
}

void ak_nd_biv_split(int n, double U[2][AK_MAX_BIV], double th[2], const double B[]) {
    int k = ak_nd_nbiv(n);
    for (int p = 0; p < 2; p++) {
        th[p] = 0.0;
        for (int q = 0; q < AK_MAX_BIV; q++) U[p][q] = 0.0;
    }
    if (n <= 3) {
        double l = 0.0;
        for (int q = 0; q < k; q++) l += B[q] * B[q];
        l = sqrt(l);
        th[0] = l;
        for (int q = 0; q < k; q++) U[0][q] = l > 0.0 ? B[q] / l : (q == 0 ? 1.0 : 0.0);
        return;
    }
    if (n == 4) {
        split4(U, th, B);
        return;
    }
    // n = 5: kernel w of the skew matrix, then the 4D split in the frame (Q e_0..Q e_3, w).
    double K[25] = { 0 }, w[5], Rq[AK_MAX_EVEN], Rr[AK_MAX_EVEN], Bp[AK_MAX_BIV], b4[6],
           U4[2][AK_MAX_BIV], t4[2];
    for (int q = 0; q < k; q++) {
        int i, j;
        ak_nd_biv_pair(5, q, &i, &j);
        K[i * 5 + j] = B[q];
        K[j * 5 + i] = -B[q];
    }
    kernel5(w, K);
    frame_rotor5(Rq, w);
    ak_nd_rotor_reverse(5, Rr, Rq);
    ak_nd_biv_sandwich(5, Bp, Rr, B); // B in the frame: its pairs with index 4 are ~0
    for (int q = 0; q < 6; q++) b4[q] = Bp[pair5(q)];
    split4(U4, t4, b4);
    // Both planes back in the world frame (what the frame change left in the pairs with index 4
    // is rounding: the kernel w is accurate to eps/th2 and couples with weight th2).
    for (int p = 0; p < 2; p++) {
        double P[AK_MAX_BIV] = { 0 };
        for (int q = 0; q < 6; q++) P[pair5(q)] = U4[p][q];
        ak_nd_biv_sandwich(5, U[p], Rq, P);
        th[p] = t4[p];
    }
}

// 4D principal logarithm by halves: R (1 - I)/2 = ((s - q) + B+) (1 - I)/2 is the unit
// quaternion (s - q, 2u) = (cos phi+, sin phi+ u/|u|) and likewise (s + q, 2v) for the other half;
// log R = B+ + B- with |2u_B| = phi+ = atan2(2|u|, s - q) in [0, pi], |2v_B| = phi- likewise.
static void log4(double B[6], const double R[8]) {
    double u[3], v[3], du[3], dv[3];
    halves4(R + 1, u, v);
    double pp = atan2(2.0 * len3(u), R[0] - R[7]), pm = atan2(2.0 * len3(v), R[0] + R[7]);
    dir3(du, u);
    dir3(dv, v);
    for (int i = 0; i < 3; i++) {
        u[i] = 0.5 * pp * du[i];
        v[i] = 0.5 * pm * dv[i];
    }
    unhalves4(B, u, v);
}

void ak_nd_rotor_log(int n, double B[], const double R[]) {
    int k = ak_nd_nbiv(n);
    if (n <= 3) {
        // R = cos th + sin th U: th = atan2(|<R>_2|, <R>_0) in [0, pi]; at th = pi with a zero
        // bivector part the plane is not determined and e_01 is returned.
        double l = 0.0;
        for (int q = 0; q < k; q++) l += R[1 + q] * R[1 + q];
        l = sqrt(l);
        double t = atan2(l, R[0]);
        for (int q = 0; q < k; q++) B[q] = l > 0.0 ? R[1 + q] * (t / l) : (q == 0 ? t : 0.0);
        return;
    }
    if (n == 4) {
        log4(B, R);
        return;
    }
    // n = 5: the rotation fixes an axis w (the kernel of M - 1, M the rotation matrix; its
    // singular values are 2|sin th_k|, so w is accurate to eps/sin th2 while the part of R that
    // couples to a misplaced w is of size sin th2); in the frame (Q e_0..Q e_3, w) the rotor lives
    // in the 4D even subalgebra of e_0..e_3, where log4 applies.
    double M[25], w[5], Rq[AK_MAX_EVEN], Rr[AK_MAX_EVEN], T[AK_MAX_EVEN], Rp[AK_MAX_EVEN], r4[8],
        b4[6];
    ak_nd_rotor_to_matrix(5, M, R);
    for (int i = 0; i < 5; i++) M[i * 5 + i] -= 1.0;
    kernel5(w, M);
    frame_rotor5(Rq, w);
    ak_nd_rotor_reverse(5, Rr, Rq);
    ak_nd_rotor_mul(5, T, Rr, R);
    ak_nd_rotor_mul(5, Rp, T, Rq); // R' = Rq~ R Rq
    for (int e = 0; e < 8; e++) r4[e] = Rp[ak_nd_even_index(5, ak_nd_even_mask(4, e))];
    log4(b4, r4);
    double P[AK_MAX_BIV] = { 0 };
    for (int q = 0; q < 6; q++) P[pair5(q)] = b4[q];
    ak_nd_biv_sandwich(5, B, Rq, P);
}
