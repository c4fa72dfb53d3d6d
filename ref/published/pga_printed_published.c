// Dorst & De Keninck 2023, §2.5.8 and §2.6.1 as printed; see pga_printed_published.h.
#include "ref/published/pga_printed_published.h"

#include <math.h>
#include <string.h>

// ---- §2.5.8's coefficient formulas: motor [1, e01, e02, e03, e12, e31, e23, e0123]
enum { S, M01, M02, M03, M12, M31, M23, M0123 };

void ak_pub_p258_mrev(double out[2], const double m[8]) {
    out[0] = m[S] * m[S] + m[M12] * m[M12] + m[M31] * m[M31] + m[M23] * m[M23];
    out[1] = 2.0 * (m[S] * m[M0123] - m[M01] * m[M23] - m[M02] * m[M31] - m[M03] * m[M12]);
}

void ak_pub_p258_normalize(double out[8], const double m[8]) {
    double s = 1.0 / sqrt(m[S] * m[S] + m[M12] * m[M12] + m[M31] * m[M31] + m[M23] * m[M23]);
    double d = s * s * (m[S] * m[M0123] - m[M01] * m[M23] - m[M02] * m[M31] - m[M03] * m[M12]);
    double t[8];
    memcpy(t, m, sizeof t);
    t[M01] += d * m[M23];
    t[M02] += d * m[M31];
    t[M03] += d * m[M12];
    t[M0123] += -d * m[S];
    for (int k = 0; k < 8; k++) out[k] = s * t[k];
}

// M/(a + b e0123) = M (1/a - b/a^2 e0123): e0123 squares to 0, and M's even part times e0123
// keeps only the scalar (to e0123) and the Euclidean bivector (to e0k) parts
void ak_pub_p258_normalize_middle(double out[8], const double m[8]) {
    double ab[2];
    ak_pub_p258_mrev(ab, m);
    double u = 1.0 / ab[0], v = -ab[1] / (ab[0] * ab[0]);
    // e12 e0123 = -e03, e31 e0123 = -e02, e23 e0123 = -e01, 1 e0123 = e0123
    out[S] = u * m[S];
    out[M01] = u * m[M01] - v * m[M23];
    out[M02] = u * m[M02] - v * m[M31];
    out[M03] = u * m[M03] - v * m[M12];
    out[M12] = u * m[M12];
    out[M31] = u * m[M31];
    out[M23] = u * m[M23];
    out[M0123] = u * m[M0123] + v * m[S];
}

// bivector [e01, e02, e03, e12, e31, e23]
enum { B01, B02, B03, B12, B31, B23 };

void ak_pub_p258_bdot(double out[6], const double b[6]) {
    out[B01] = b[B02] * b[B12] - b[B03] * b[B31];
    out[B02] = -b[B01] * b[B12] - b[B03] * b[B23];
    out[B03] = b[B01] * b[B31] - b[B02] * b[B23];
    out[B12] = out[B31] = out[B23] = 0.0;
}

void ak_pub_p258_gravity(double out[6], const double m[8]) {
    out[B01] = out[B02] = out[B03] = 0.0;
    out[B12] = 2.0 * (m[S] * m[M23] + m[M12] * m[M31]);
    out[B31] = 1.0 - 2.0 * (m[M12] * m[M12] + m[M23] * m[M23]);
    out[B23] = 2.0 * (m[M31] - m[S] * m[M12]);
}

void ak_pub_p258_C(double out[6], double mass, double w, double h, double d) {
    out[B03] = mass * (h * h + d * d) / 12.0;
    out[B02] = mass * (w * w + d * d) / 12.0;
    out[B01] = mass * (w * w + h * h) / 12.0;
    out[B12] = out[B31] = out[B23] = mass;
}

// ---- the library's 3D PGA: basis [1, e0, e1, e2, e3, e01, e02, e03, e12, e13, e23, e012, e013,
// e023, e123, e0123], blade masks with bit k for e_k
static const unsigned GM[16] = { 0, 1, 2, 4, 8, 3, 5, 9, 6, 10, 12, 7, 11, 13, 14, 15 };
static int idx_of(unsigned mask) {
    for (int i = 0; i < 16; i++)
        if (GM[i] == mask) return i;
    return -1;
}
static int grade_of(int i) {
    unsigned m = GM[i];
    int g = 0;
    for (; m; m >>= 1) g += (int)(m & 1u);
    return g;
}
// the sign of e_a e_b reordered to e_{a xor b} (no metric)
static double reorder(unsigned a, unsigned b) {
    int swaps = 0;
    for (a >>= 1; a; a >>= 1)
        for (unsigned x = a & b; x; x >>= 1) swaps += (int)(x & 1u);
    return (swaps & 1) ? -1.0 : 1.0;
}
static void store(double out[16], const double r[16], int f32) {
    for (int i = 0; i < 16; i++) out[i] = f32 ? (double)(float)r[i] : r[i];
}

void ak_pub_pga_gp(double out[16], const double a[16], const double b[16], int f32) {
    double r[16] = { 0 };
    for (int i = 0; i < 16; i++) {
        if (a[i] == 0.0) continue;
        for (int j = 0; j < 16; j++) {
            if (b[j] == 0.0 || (GM[i] & GM[j] & 1u)) continue; // e0 e0 = 0
            r[idx_of(GM[i] ^ GM[j])] += reorder(GM[i], GM[j]) * a[i] * b[j];
        }
    }
    store(out, r, f32);
}
void ak_pub_pga_rev(double out[16], const double a[16], int f32) {
    double r[16];
    static const double sg[4] = { 1, 1, -1, -1 };
    for (int i = 0; i < 16; i++) r[i] = a[i] * sg[grade_of(i) % 4];
    store(out, r, f32);
}
// drms[i]: the sign of basis[15 - i] basis[i]
static double drms(int i) { return reorder(GM[15 - i], GM[i]); }
void ak_pub_pga_dual(double out[16], const double a[16], int f32) {
    double r[16];
    for (int i = 0; i < 16; i++) r[i] = a[15 - i] * drms(i);
    store(out, r, f32);
}
void ak_pub_pga_undual(double out[16], const double a[16], int f32) {
    double r[16];
    for (int i = 0; i < 16; i++) r[i] = a[15 - i] * drms(15 - i);
    store(out, r, f32);
}
static void wedge(double r[16], const double a[16], const double b[16]) {
    memset(r, 0, 16 * sizeof r[0]);
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            if (!(GM[i] & GM[j])) r[idx_of(GM[i] | GM[j])] += reorder(GM[i], GM[j]) * a[i] * b[j];
}
void ak_pub_pga_vee(double out[16], const double a[16], const double b[16], int f32) {
    double da[16], db[16], w[16];
    ak_pub_pga_dual(da, a, 0);
    ak_pub_pga_dual(db, b, 0);
    wedge(w, db, da);
    ak_pub_pga_undual(out, w, f32);
}
void ak_pub_pga_dot(double out[16], const double a[16], const double b[16], int f32) {
    double r[16] = { 0 };
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) {
            if (a[i] == 0.0 || b[j] == 0.0 || (GM[i] & GM[j] & 1u)) continue;
            int k = idx_of(GM[i] ^ GM[j]), d = grade_of(i) - grade_of(j);
            if (grade_of(k) == (d < 0 ? -d : d)) r[k] += reorder(GM[i], GM[j]) * a[i] * b[j];
        }
    store(out, r, f32);
}
void ak_pub_pga_sw(double out[16], const double a[16], const double b[16], int f32) {
    double t[16], ra[16];
    ak_pub_pga_gp(t, a, b, f32);
    ak_pub_pga_rev(ra, a, f32);
    ak_pub_pga_gp(out, t, ra, f32);
}
void ak_pub_pga_normalized(double out[16], const double m[16], int f32) {
    double rm[16], sq[16];
    ak_pub_pga_rev(rm, m, f32);
    ak_pub_pga_gp(sq, m, rm, f32);
    double s = sq[0], t = sq[15];
    if (s == 0.0) {
        store(out, m, f32);
        return;
    }
    sq[0] = 1.0 / sqrt(s);
    sq[15] = -t / (2.0 * pow(sqrt(s), 3));
    store(sq, sq, f32);
    ak_pub_pga_gp(out, m, sq, f32);
}

static void scale(double out[16], const double a[16], double s, int f32) {
    double r[16];
    for (int i = 0; i < 16; i++) r[i] = s * a[i];
    store(out, r, f32);
}
static void addv(double out[16], const double a[16], const double b[16], double sb, int f32) {
    double r[16];
    for (int i = 0; i < 16; i++) r[i] = a[i] + sb * b[i];
    store(out, r, f32);
}

// ---- §2.5.8's code
void ak_pub_p258_I(double I[16], double mass, const double size[3], int f32) {
    double r[16] = { 0 }, k = 1.0 / 12.0 * mass;
    r[5] = k * (size[1] * size[1] + size[2] * size[2]); // 1e01
    r[6] = k * (size[2] * size[2] + size[0] * size[0]); // 1e02
    r[7] = k * (size[0] * size[0] + size[1] * size[1]); // 1e03
    r[8] = k * 12.0, r[9] = k * 12.0, r[10] = k * 12.0; // 12e12 + 12e13 + 12e23
    store(I, r, f32);
}
void ak_pub_p258_A(double out[16], const double I[16], const double x[16], int f32) {
    double d[16];
    ak_pub_pga_dual(d, x, f32);
    for (int i = 0; i < 16; i++) d[i] = d[i] * (I[i] != 0.0 ? I[i] : 1.0);
    store(out, d, f32);
}
void ak_pub_p258_Ai(double out[16], const double I[16], const double x[16], int f32) {
    double d[16];
    for (int i = 0; i < 16; i++) d[i] = x[i] / (I[i] != 0.0 ? I[i] : 1.0);
    store(d, d, f32);
    ak_pub_pga_undual(out, d, f32);
}

// !(~M >>> -g e02)
static void gravity_forque(double F[16], const double M[16], double g, int f32) {
    double rm[16], e[16] = { 0 }, t[16];
    e[6] = -g;
    ak_pub_pga_rev(rm, M, f32);
    ak_pub_pga_sw(t, rm, e, f32);
    ak_pub_pga_dual(F, t, f32);
}

void ak_pub_p258_dstate(double dy[32], const double y[32], const double I[16], double g, int f32) {
    const double *M = y, *B = y + 16;
    double t[16], AB[16], p[16], q[16], F[16];
    scale(t, M, -0.5, f32);
    ak_pub_pga_gp(dy, t, B, f32); // -0.5*M*B
    ak_pub_p258_A(AB, I, B, f32);
    ak_pub_pga_gp(p, AB, B, f32);
    ak_pub_pga_gp(q, B, AB, f32);
    addv(p, p, q, -1.0, f32);
    scale(p, p, 0.5, f32);
    gravity_forque(F, M, g, f32);
    addv(p, F, p, -1.0, f32);
    ak_pub_p258_Ai(dy + 16, I, p, f32);
}

void ak_pub_p258_rk4(double y[32], const double I[16], double g, double h, int f32) {
    double k1[32], k2[32], k3[32], k4[32], t[32];
    ak_pub_p258_dstate(k1, y, I, g, f32);
    for (int i = 0; i < 32; i += 16) {
        scale(t + i, k1 + i, 0.5 * h, f32);
        addv(t + i, y + i, t + i, 1.0, f32);
    }
    ak_pub_p258_dstate(k2, t, I, g, f32);
    for (int i = 0; i < 32; i += 16) {
        scale(t + i, k2 + i, 0.5 * h, f32);
        addv(t + i, y + i, t + i, 1.0, f32);
    }
    ak_pub_p258_dstate(k3, t, I, g, f32);
    for (int i = 0; i < 32; i += 16) {
        scale(t + i, k3 + i, h, f32);
        addv(t + i, y + i, t + i, 1.0, f32);
    }
    ak_pub_p258_dstate(k4, t, I, g, f32);
    // y + (h/3)*(k2 + k3 + (k1 + k4)*0.5)
    for (int i = 0; i < 32; i += 16) {
        double a[16], b[16];
        addv(a, k1 + i, k4 + i, 1.0, f32);
        scale(a, a, 0.5, f32);
        addv(b, k2 + i, k3 + i, 1.0, f32);
        addv(b, b, a, 1.0, f32);
        scale(b, b, h / 3.0, f32);
        addv(y + i, y + i, b, 1.0, f32);
    }
}

// ---- §2.6.1
// Fig. 2.4's dS with unit inertia: [-0.5*M*B, (F - 0.5*(B.Dual*B - B*B.Dual)).UnDual]
static void dS(double dM[16], double dB[16], const double M[16], const double B[16], double g,
               int f32) {
    double t[16], D[16], p[16], q[16], F[16];
    scale(t, M, -0.5, f32);
    ak_pub_pga_gp(dM, t, B, f32);
    ak_pub_pga_dual(D, B, f32);
    ak_pub_pga_gp(p, D, B, f32);
    ak_pub_pga_gp(q, B, D, f32);
    addv(p, p, q, -1.0, f32);
    scale(p, p, 0.5, f32);
    gravity_forque(F, M, g, f32);
    addv(p, F, p, -1.0, f32);
    ak_pub_pga_undual(dB, p, f32);
}
static void commutator(double out[16], const double a[16], const double b[16], int f32) {
    double p[16], q[16];
    ak_pub_pga_gp(p, a, b, f32);
    ak_pub_pga_gp(q, b, a, f32);
    addv(p, p, q, -1.0, f32);
    scale(out, p, 0.5, f32);
}
static int colliding(const double M[16], const double (*pts)[16], int npts, const double floor[16],
                     int f32) {
    for (int k = 0; k < npts; k++) {
        double X[16], v[16];
        ak_pub_pga_sw(X, M, pts[k], f32);
        ak_pub_pga_vee(v, X, floor, f32);
        if (v[0] < 0.0) return k;
    }
    return -1;
}

void ak_pub_p261_frame(double M[16], double B[16], const double (*pts)[16], int npts,
                       const double floor[16], double rho, double g, int f32, int cap,
                       ak_pub_p261_stats *stats, ak_pub_p261_event *ev, int nev) {
    const double h = 1.0 / 600.0;
    for (int i = 0; i < 10; ++i) {
        double dM[16], dB[16];
        dS(dM, dB, M, B, g, f32);
        scale(dM, dM, h, f32), scale(dB, dB, h, f32);
        addv(M, M, dM, 1.0, f32), addv(B, B, dB, 1.0, f32);
        int q, rounds = 0;
        while ((q = colliding(M, pts, npts, floor, f32)) >= 0) {
            if (rounds == cap) {
                stats->capped = 1;
                break;
            }
            rounds++;
            addv(M, M, dM, -1.0, f32), addv(B, B, dB, -1.0, f32);
            const double *Q = pts[q];
            double rm[16], fb[16], N[16], cqb[16], Vm[16], Nu[16], cqn[16], W[16], num[16], den[16];
            ak_pub_pga_rev(rm, M, f32);
            ak_pub_pga_sw(fb, rm, floor, f32);
            ak_pub_pga_dot(N, fb, Q, f32); // N = ((~M >>> floor) | Q)
            commutator(cqb, Q, B, f32);
            ak_pub_pga_vee(Vm, Q, cqb, f32); // Vm = Q & comm(Q,B)
            ak_pub_pga_undual(Nu, N, f32);
            commutator(cqn, Q, Nu, f32);
            ak_pub_pga_vee(W, Q, cqn, f32);
            ak_pub_pga_dot(num, Vm, N, f32);
            ak_pub_pga_dot(den, W, N, f32);
            double j = -(1.0 + rho) * num[0] / den[0];
            if (f32) j = (double)(float)j;
            if (stats->impulses < nev && ev) {
                ak_pub_p261_event *e = &ev[stats->impulses];
                memcpy(e->M, M, sizeof e->M), memcpy(e->B, B, sizeof e->B);
                memcpy(e->Q, Q, sizeof e->Q), memcpy(e->N, N, sizeof e->N);
                e->j = j, e->point = q;
            }
            double jN[16];
            scale(jN, Nu, j, f32);
            addv(B, B, jN, 1.0, f32); // B.set(B + j*N.UnDual)
            if (stats->impulses < nev && ev)
                memcpy(ev[stats->impulses].Bafter, B, 16 * sizeof B[0]);
            stats->impulses++;
            dS(dM, dB, M, B, g, f32);
            scale(dM, dM, h, f32), scale(dB, dB, h, f32);
            addv(M, M, dM, 1.0, f32), addv(B, B, dB, 1.0, f32);
        }
        if (rounds > stats->longest) stats->longest = rounds;
        double Mn[16];
        ak_pub_pga_normalized(Mn, M, f32);
        memcpy(M, Mn, sizeof Mn);
        for (int k = 0; k < 16; k++)
            if (grade_of(k) != 2) B[k] = 0.0; // state[1].Grade(2)
    }
}
