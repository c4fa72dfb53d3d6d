// Generic Clifford algebra Cl(p,q,r) on bitmask blades (the test oracle).
//
// e_A e_B = s(A,B) m(A,B) e_{A xor B}, where s(A,B) = (-1)^#{(i in A, j in B) : i > j} is the
// sign of sorting the concatenated factors, and m(A,B) is the product of the squares of the
// shared basis vectors. Everything else is defined blade by blade from this one rule: outer
// product, contractions and scalar product keep the blade pairs whose result has the grade the
// definition asks for (Dorst, Fontijne & Mann 2007, sec. 3.1 and 19.1).
#include "ref/ga/cl.h"

#include <math.h>
#include <string.h>

static int dim_of(const ak_cl_mv *a) { return a->p + a->q + a->r; }
static unsigned size_of(const ak_cl_mv *a) { return 1u << dim_of(a); }

int ak_cl_grade(unsigned mask) {
    int g = 0;
    for (; mask; mask >>= 1) g += (int)(mask & 1u);
    return g;
}

int ak_cl_dim(const ak_cl_mv *a) { return dim_of(a); }

double ak_cl_basis_square(const ak_cl_mv *a, int i) {
    if (i < a->r) return 0.0;
    if (i < a->r + a->p) return 1.0;
    return -1.0;
}

// Sign of reordering e_A e_B into increasing index order: one transposition per pair
// (i in A, j in B) with i > j, i.e. for each factor e_i of A, the factors of B below index i.
static double reorder_sign(unsigned a, unsigned b) {
    int swaps = 0;
    for (int i = 1; i < AK_CL_MAX_DIM; i++)
        if (a & (1u << i)) swaps += ak_cl_grade(b & ((1u << i) - 1u));
    return (swaps % 2) ? -1.0 : 1.0;
}

double ak_cl_blade_product(const ak_cl_mv *alg, unsigned a, unsigned b) {
    double s = reorder_sign(a, b);
    unsigned common = a & b;
    for (int i = 0; i < dim_of(alg); i++)
        if (common & (1u << i)) s *= ak_cl_basis_square(alg, i);
    return s;
}

int ak_cl_zero(ak_cl_mv *out, int p, int q, int r) {
    memset(out, 0, sizeof *out);
    if (p < 0 || q < 0 || r < 0 || p + q + r > AK_CL_MAX_DIM) return AK_CL_EDIM;
    out->p = p;
    out->q = q;
    out->r = r;
    return AK_CL_OK;
}

int ak_cl_blade(ak_cl_mv *out, int p, int q, int r, unsigned mask, double s) {
    int st = ak_cl_zero(out, p, q, r);
    if (st != AK_CL_OK) return st;
    if (mask >= size_of(out)) return AK_CL_EDIM;
    out->c[mask] = s;
    return AK_CL_OK;
}

static int same_sig(const ak_cl_mv *a, const ak_cl_mv *b) {
    return a->p == b->p && a->q == b->q && a->r == b->r;
}

// Which blade pairs a product keeps.
typedef enum { KEEP_ALL, KEEP_OUTER, KEEP_LEFT, KEEP_RIGHT } keep_rule;

static int keep(keep_rule rule, unsigned a, unsigned b) {
    switch (rule) {
        case KEEP_ALL: return 1;
        case KEEP_OUTER: return (a & b) == 0;  // grade |A|+|B| only when no shared factor
        case KEEP_LEFT: return (a & ~b) == 0;  // grade |B|-|A| only when A is inside B
        case KEEP_RIGHT: return (b & ~a) == 0; // grade |A|-|B| only when B is inside A
    }
    return 0;
}

static int product(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b, keep_rule rule) {
    ak_cl_mv res;
    if (!same_sig(a, b)) {
        ak_cl_zero(out, a->p, a->q, a->r);
        return AK_CL_ESIG;
    }
    ak_cl_zero(&res, a->p, a->q, a->r);
    unsigned size = size_of(a);
    for (unsigned x = 0; x < size; x++) {
        if (a->c[x] == 0.0) continue;
        for (unsigned y = 0; y < size; y++) {
            if (b->c[y] == 0.0 || !keep(rule, x, y)) continue;
            res.c[x ^ y] += ak_cl_blade_product(a, x, y) * a->c[x] * b->c[y];
        }
    }
    *out = res;
    return AK_CL_OK;
}

int ak_cl_gp(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    return product(out, a, b, KEEP_ALL);
}
int ak_cl_op(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    return product(out, a, b, KEEP_OUTER);
}
int ak_cl_lc(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    return product(out, a, b, KEEP_LEFT);
}
int ak_cl_rc(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    return product(out, a, b, KEEP_RIGHT);
}

double ak_cl_sp(const ak_cl_mv *a, const ak_cl_mv *b) {
    ak_cl_mv t;
    if (ak_cl_gp(&t, a, b) != AK_CL_OK) return NAN;
    return t.c[0];
}

static int lincomb(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b, double sb) {
    if (!same_sig(a, b)) {
        ak_cl_zero(out, a->p, a->q, a->r);
        return AK_CL_ESIG;
    }
    ak_cl_mv res = *a;
    for (unsigned m = 0; m < size_of(a); m++) res.c[m] = a->c[m] + sb * b->c[m];
    *out = res;
    return AK_CL_OK;
}

int ak_cl_add(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    return lincomb(out, a, b, 1.0);
}
int ak_cl_sub(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    return lincomb(out, a, b, -1.0);
}

void ak_cl_scale(ak_cl_mv *out, const ak_cl_mv *a, double s) {
    ak_cl_mv res = *a;
    for (unsigned m = 0; m < size_of(a); m++) res.c[m] = s * a->c[m];
    *out = res;
}

// Multiply grade g by sign(g) for every blade.
static void per_grade(ak_cl_mv *out, const ak_cl_mv *a, double (*sign)(int g)) {
    ak_cl_mv res = *a;
    for (unsigned m = 0; m < size_of(a); m++) res.c[m] = sign(ak_cl_grade(m)) * a->c[m];
    *out = res;
}

static double rev_sign(int g) { return ((g * (g - 1) / 2) % 2) ? -1.0 : 1.0; }
static double inv_sign(int g) { return (g % 2) ? -1.0 : 1.0; }
static double conj_sign(int g) { return ((g * (g + 1) / 2) % 2) ? -1.0 : 1.0; }

void ak_cl_reverse(ak_cl_mv *out, const ak_cl_mv *a) { per_grade(out, a, rev_sign); }
void ak_cl_involute(ak_cl_mv *out, const ak_cl_mv *a) { per_grade(out, a, inv_sign); }
void ak_cl_conjugate(ak_cl_mv *out, const ak_cl_mv *a) { per_grade(out, a, conj_sign); }

void ak_cl_grade_part(ak_cl_mv *out, const ak_cl_mv *a, int g) {
    ak_cl_mv res = *a;
    for (unsigned m = 0; m < size_of(a); m++)
        if (ak_cl_grade(m) != g) res.c[m] = 0.0;
    *out = res;
}

double ak_cl_max_abs(const ak_cl_mv *a) {
    double mx = 0.0;
    for (unsigned m = 0; m < size_of(a); m++) mx = fmax(mx, fabs(a->c[m]));
    return mx;
}

double ak_cl_dist(const ak_cl_mv *a, const ak_cl_mv *b) {
    if (!same_sig(a, b)) return INFINITY;
    double mx = 0.0;
    for (unsigned m = 0; m < size_of(a); m++) mx = fmax(mx, fabs(a->c[m] - b->c[m]));
    return mx;
}

void ak_cl_dual(ak_cl_mv *out, const ak_cl_mv *a) {
    // dual(e_A) = s e_{~A} with e_A ^ (s e_{~A}) = I, i.e. s = reorder_sign(A, ~A).
    ak_cl_mv res = *a;
    unsigned full = size_of(a) - 1;
    for (unsigned m = 0; m <= full; m++) res.c[full ^ m] = reorder_sign(m, full ^ m) * a->c[m];
    *out = res;
}

void ak_cl_undual(ak_cl_mv *out, const ak_cl_mv *a) {
    // dual maps e_A to s_A e_{~A}, so undual maps e_B (B = ~A) to s_A e_A.
    ak_cl_mv res = *a;
    unsigned full = size_of(a) - 1;
    for (unsigned b = 0; b <= full; b++) res.c[full ^ b] = reorder_sign(full ^ b, b) * a->c[b];
    *out = res;
}

int ak_cl_rp(ak_cl_mv *out, const ak_cl_mv *a, const ak_cl_mv *b) {
    ak_cl_mv da, db, w;
    ak_cl_dual(&da, a);
    ak_cl_dual(&db, b);
    int st = ak_cl_op(&w, &da, &db);
    ak_cl_undual(out, &w);
    return st;
}

double ak_cl_norm(const ak_cl_mv *a) {
    ak_cl_mv r;
    ak_cl_reverse(&r, a);
    return sqrt(fabs(ak_cl_sp(a, &r)));
}

int ak_cl_versor_inverse(ak_cl_mv *out, const ak_cl_mv *v) {
    ak_cl_mv r, vr;
    ak_cl_reverse(&r, v);
    ak_cl_gp(&vr, v, &r);
    double s = vr.c[0];
    vr.c[0] = 0.0;
    if (s == 0.0 || !(ak_cl_max_abs(&vr) <= 1e-12 * fabs(s))) {
        ak_cl_zero(out, v->p, v->q, v->r);
        return AK_CL_ENOTVERSOR;
    }
    ak_cl_scale(out, &r, 1.0 / s);
    return AK_CL_OK;
}

void ak_cl_exp(ak_cl_mv *out, const ak_cl_mv *b) {
    // |xy|_1 <= |x|_1 |y|_1 because every blade product has a coefficient of magnitude <= 1.
    double norm1 = 0.0;
    for (unsigned m = 0; m < size_of(b); m++) norm1 += fabs(b->c[m]);
    int s = 0;
    while (ldexp(norm1, -s) > 0.25 && s < 1000) s++;
    ak_cl_mv x, term, sum;
    ak_cl_scale(&x, b, ldexp(1.0, -s));
    ak_cl_zero(&sum, b->p, b->q, b->r);
    sum.c[0] = 1.0;
    term = sum;
    for (int k = 1; k < 40; k++) {
        ak_cl_gp(&term, &term, &x);
        ak_cl_scale(&term, &term, 1.0 / k);
        ak_cl_add(&sum, &sum, &term);
        if (ak_cl_max_abs(&term) <= 1e-18 * ak_cl_max_abs(&sum)) break; // below rounding of the sum
    }
    for (int k = 0; k < s; k++) ak_cl_gp(&sum, &sum, &sum);
    *out = sum;
}

void ak_cl_from_vec(ak_cl_mv *out, int n, const double v[]) {
    ak_cl_zero(out, n, 0, 0);
    for (int i = 0; i < n; i++) out->c[1u << i] = v[i];
}

void ak_cl_to_vec(double v[], int n, const ak_cl_mv *a) {
    for (int i = 0; i < n; i++) v[i] = a->c[1u << i];
}

void ak_cl_from_biv(ak_cl_mv *out, int n, const double b[]) {
    ak_cl_zero(out, n, 0, 0);
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) out->c[(1u << i) | (1u << j)] = b[k++];
}

void ak_cl_to_biv(double b[], int n, const ak_cl_mv *a) {
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) b[k++] = a->c[(1u << i) | (1u << j)];
}

// Append the grade-g subsets of {from..n-1} (with prefix bits already set) in lexicographic order.
static void subsets(int n, int from, int g, unsigned prefix, unsigned masks[], int *count) {
    if (g == 0) {
        masks[(*count)++] = prefix;
        return;
    }
    for (int i = from; i <= n - g; i++) subsets(n, i + 1, g - 1, prefix | (1u << i), masks, count);
}

int ak_cl_even_masks(int n, unsigned masks[]) {
    int count = 0;
    for (int g = 0; g <= n; g += 2) subsets(n, 0, g, 0u, masks, &count);
    return count;
}

void ak_cl_from_even(ak_cl_mv *out, int n, const double r[]) {
    unsigned masks[AK_CL_SIZE];
    int k = ak_cl_even_masks(n, masks);
    ak_cl_zero(out, n, 0, 0);
    for (int i = 0; i < k; i++) out->c[masks[i]] = r[i];
}

void ak_cl_to_even(double r[], int n, const ak_cl_mv *a) {
    unsigned masks[AK_CL_SIZE];
    int k = ak_cl_even_masks(n, masks);
    for (int i = 0; i < k; i++) r[i] = a->c[masks[i]];
}
