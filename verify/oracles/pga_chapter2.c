// Dorst & De Keninck 2023, ch. 2: printed equations and chains evaluated "=" by "=" in Cl(3,0,1).
// See pga_chapter2.h. Only ref/ga/cl.h is used (the oracles' rule).
#include "verify/oracles/pga_chapter2.h"

#include <math.h>

#include "ref/ga/cl.h"
#include "verify/oracles/cl301.h"
#include "verify/oracles/pga_points.h"

const ak_pch2_chain ak_pch2_chains[AK_PCH2_NCHAINS] = {
    [AK_PCH2_21] = { "P-2.1",
                     "§2.1.1, eq. 2.1, M(t) = exp(-Bt/2) M_0 with B constant",
                     2,
                     { "Mdot (differences) = -1/2 B M", "B = -2 Mdot M~" } },
    [AK_PCH2_21P] = { "P-2.1",
                      "§2.1.1, the paradox, M(t) = exp(-Bt/2)",
                      3,
                      { "d/dt M (differences) = -1/2 B exp(-Bt/2)", "-1/2 B exp(-Bt/2) = -1/2 B M",
                        "-1/2 B M = -1/2 M B (B and M commute)" } },
    [AK_PCH2_22] = { "P-2.2",
                     "§2.1.1, eq. 2.2, M(t) = M_0 exp(-B't/2)",
                     2,
                     { "Mdot (differences) = -1/2 M B'", "B' = -2 M~ Mdot" } },
    [AK_PCH2_22W] = { "P-2.2",
                      "§2.1.1 after eq. 2.2, B' = M_0~ B M_0",
                      2,
                      { "exp(-Bt/2) M_0 = M_0 exp(-B't/2)", "B = M B' M~" } },
    [AK_PCH2_23] = { "P-2.3",
                     "§2.1.2, eq. 2.3 and the grade argument, a time-dependent rate",
                     4,
                     { "B = -2 Mdot M~ = 2 M (M~)dot ((M~)dot by differences)",
                       "2 M (M~)dot = 2 (Mdot M~)~", "2 (Mdot M~)~ = -B~",
                       "-B~ = B is a bivector (B = <B>_2)" } },
    [AK_PCH2_24] = { "P-2.4",
                     "§2.1.2, eq. 2.4",
                     2,
                     { "Mdot M~ = -M (M~)dot", "(M~)dot (differences of M~) = -M~ Mdot M~" } },
    [AK_PCH2_XDOT] = { "P-2.3",
                       "§2.1.2 step 2, the chain for Xdot, with the commutator of eq. 2.5",
                       6,
                       { "d/dt (M X_0 M~) (differences) = Mdot X_0 M~ + M X_0 (M~)dot",
                         "... = Mdot X_0 M~ - M X_0 (M~ Mdot M~)",
                         "... = (Mdot M~)(M X_0 M~) - (M X_0 M~)(Mdot M~)",
                         "... = (-1/2 B) X(t) - X(t) (-1/2 B)", "... = X(t) x B",
                         "X x B = 1/2 (X B - B X) (eq. 2.5)" } },
    [AK_PCH2_26] = { "P-2.6",
                     "§2.1.3, eq. 2.6, a motion given by its body rate, B_w = M B_b M~",
                     1,
                     { "Mdot (differences) = -1/2 B_w M" } },
    [AK_PCH2_27] = { "P-2.7",
                     "§2.1.3, eq. 2.7, a motion given by its world rate, B_b = M~ B_w M",
                     2,
                     { "Mdot (differences) = -1/2 M B_b", "B_w = M B_b M~" } },
    [AK_PCH2_28] = { "P-2.8",
                     "§2.1.3, eq. 2.8, X_w = M X_0 M~, B_w = -2 Mdot M~",
                     1,
                     { "Xdot_w (differences) = X_w x B_w" } },
    [AK_PCH2_29] = { "P-2.9",
                     "§2.1.3, eq. 2.9, a point X_b(t) moving in the body",
                     3,
                     { "Xdot_w = d/dt (M X_b M~) (both differences)",
                       "d/dt (M X_b M~) = (M X_b M~) x B_w + M Xdot_b M~",
                       "... = X_w x B_w + (Xdot_b)_w" } },
    [AK_PCH2_210] = { "P-2.10",
                      "§2.1.4, eq. 2.10, a body point X = O + x𝓘",
                      2,
                      { "d/dt (O + x𝓘) (differences) = xdot 𝓘 (xdot: differences of x)",
                        "xdot 𝓘 = X x B_w" } },
    [AK_PCH2_PMASS] = { "P-2.11",
                        "§2.2.1, the momentum of a point mass (unnumbered)",
                        2,
                        { "m X v Xdot = m X v (xdot 𝓘) (Xdot by differences)",
                          "m X v (xdot 𝓘) = m xdot . X" } },
    [AK_PCH2_PSPLIT] = { "P-2.11",
                         "§2.2.1, its point split at Y, r = y - x (unnumbered)",
                         3,
                         { "m v . X = m v . Y + m v . (X - Y)",
                           "m v . Y + m v . (X - Y) = m v . Y + m v . (r𝓘)",
                           "m v . Y + m v . (r𝓘) = m v . Y - (r ^ m v)𝓘" } },
    [AK_PCH2_212] = { "P-2.12",
                      "§2.2.3, eqs. 2.11-2.13",
                      2,
                      { "sum P_i = sum m_i X_i v Xdot_i (differences) = sum m_i X_i v (X_i x B_w)",
                        "sum m_i X_i v (X_i x B_w) = I_w[B_w] (eq. 2.13 transcribed)" } },
    [AK_PCH2_214] = { "P-2.14",
                      "§2.2.4, eq. 2.14",
                      1,
                      { "M~ I_w[M B_b M~] M (world points) = sum m_i R_i v (R_i x B_b) (body "
                        "points)" } },
    [AK_PCH2_215] = { "P-2.15",
                      "§2.2.4, eq. 2.15, the centroidal body frame",
                      4,
                      { "O + c𝓘 = O + (sum m_i x_i / sum m_i)𝓘", "... = sum m_i X_i / sum m_i",
                        "... = sum m_i (M (O + r_i𝓘) M~) / sum m_i", "... = M O M~" } },
    [AK_PCH2_216] = { "P-2.16",
                      "§2.2.4, eq. 2.16 and §2.2.5 step 1",
                      1,
                      { "I_C[a I_3]/I_3 with I_C[A] = sum m_i r_i ^ (r_i . A) = J a, J = sum "
                        "m_i (r_i.r_i 1 - r_i r_i^T)" } },
    [AK_PCH2_217] = { "P-2.17",
                      "§2.2.4, eq. 2.17 and §2.2.5, eq. 2.19 (ij = 23, 31, 12)",
                      2,
                      { "B_b = 𝐁_b + eps 𝐯_b",
                        "𝐁_b + eps 𝐯_b = sum [B_b]_ij e_ij + sum [B_b]_0k e_0k" } },
    [AK_PCH2_218] = { "P-2.18",
                      "§2.2.4, eq. 2.18",
                      2,
                      { "I_b[B_b] = I_b[𝐁_b + eps 𝐯_b] (body-point sum)",
                        "I_b[𝐁_b + eps 𝐯_b] = m 𝐯_b . O - I_C[𝐁_b]𝓘" } },
    [AK_PCH2_220] = { "P-2.20",
                      "§2.2.5, eq. 2.20, a principal body",
                      1,
                      { "I_b[B_b] (body-point sum) = sum_ij m [B_b]_0k e_ij + sum_k i_ij "
                        "[B_b]_ij e_0k" } },
    [AK_PCH2_221] = { "P-2.21",
                      "§2.2.5, eq. 2.21, a principal body",
                      1,
                      { "I_b^-1[I_b[B]] = B with I_b^-1[B] = sum_ij 1/i_ij [B]_0k e_ij + sum_k "
                        "1/m [B]_ij e_0k" } },
    [AK_PCH2_222] = { "P-2.22",
                      "§2.2.6, eq. 2.22 (= eq. 2.30), a principal body",
                      1,
                      { "I_b[B] (body-point sum) = sum lambda_ij [B]_ij *e_ij" } },
    [AK_PCH2_223] = { "P-2.23",
                      "§2.2.9, eq. 2.23",
                      1,
                      { "d/dt I_b[B_b] = I_b[Bdot_b] (both differences)" } },
    [AK_PCH2_224] = { "P-2.24",
                      "§2.2.9, eq. 2.24",
                      3,
                      { "d/dt I_w[B_w] (world points) = d/dt (M I_b[B_b] M~) (differences)",
                        "... = (M I_b[B_b] M~) x B_w + M (d/dt I_b[B_b]) M~",
                        "... = M (I_b[B_b] x B_b + I_b[Bdot_b]) M~" } },
    [AK_PCH2_225] = { "P-2.25", "§2.3.1, eq. 2.25", 1, { "Q v (f𝓘) = f . Q" } },
    [AK_PCH2_226] = { "P-2.26",
                      "§2.3.1, eq. 2.26",
                      5,
                      { "f . Q = f . (R + (q - r)𝓘)", "... = f . R + f . ((q - r)𝓘)",
                        "... = f . R + (f ^ (q - r))𝓘", "... = f . R - ((r - q) ^ f)𝓘",
                        "... = f . R - T_R𝓘, T_R = (r - q) ^ f" } },
    [AK_PCH2_FORQUE] = { "P-forque",
                         "§2.3.3 and its physics aside, central internal pairs",
                         2,
                         { "sum f_i . Q_i (f_i = f'_i + internal) = sum f'_i . Q_i",
                           "sum f'_i . Q_i = (sum f'_i) . O - (sum q_i ^ f'_i)𝓘" } },
    [AK_PCH2_227] = { "P-2.27",
                      "§2.4.1, Table 2.1's Pdot = F and eq. 2.27",
                      1,
                      { "F_w = d/dt I_w[B_w] (world points, differences) = M (I_b[B_b] x B_b + "
                        "I_b[Bdot_b]) M~" } },
    [AK_PCH2_228] = { "P-2.28",
                      "§2.4.1, eq. 2.28, a principal body, I_b^-1 of eq. 2.21",
                      1,
                      { "Bdot_b (differences) = I_b^-1[B_b x I_b[B_b] + F_b], F_b = M~ F_w M, "
                        "F_w = Pdot" } },
    [AK_PCH2_229] = { "P-2.29", "§2.4.1, eq. 2.29", 1, { "Mdot (differences) = -1/2 M B_b" } },
    [AK_PCH2_256] = { "P-2.5.6",
                      "§2.5.6, unit mass and inertia (m = 1/6 at +-sqrt(3/2) e_k)",
                      3,
                      { "I_b^-1[B x I_b[B]] (eq. 2.28) = *^-1(B x *B)",
                        "*^-1(B x *B) = -0.5 * (B.Dual*B - B*B.Dual).UnDual (dState)",
                        "I_b[B] (body-point sum) = *B (the inertia map is the Hodge dual)" } },
    [AK_PCH2_234] = { "P-2.34",
                      "§2.7.2, eq. 2.34",
                      1,
                      { "T𝓘 (T = 1/2 sum m_i xdot_i^2, differences) = 1/2 B_b ^ I_b[B_b]" } },
    [AK_PCH2_235] = { "P-2.35",
                      "§2.7.2, eq. 2.35",
                      1,
                      { "T (1/2 sum m_i xdot_i^2, differences) = 1/2 B_b v I_b[B_b]" } },
    [AK_PCH2_236] = { "P-2.36",
                      "§2.7.3, eq. 2.36, a force f at a body point X, F = f . X",
                      1,
                      { "Pi𝓘 (Pi = f . xdot, differences) = B_w ^ F" } },
    [AK_PCH2_237] = { "P-2.37",
                      "§2.7.3, eq. 2.37, a force f at a body point X, F = f . X",
                      1,
                      { "Pi (f . xdot, differences) = B_w v F" } },
    [AK_PCH2_254] = { "P-2.5.4",
                      "§2.5.4, the exponential of a 2-blade (series in Cl(p,q,r))",
                      3,
                      { "e^{alpha B} = 1 + alpha B for B^2 = 0 (ideal, Cl(3,0,1))",
                        "e^{alpha B} = cos alpha + B sin alpha for B^2 = -1 (Euclidean, Cl(3,0,1))",
                        "e^{alpha B} = cosh alpha + B sinh alpha for B^2 = 1 (Cl(3,1,0))" } },
    [AK_PCH2_231] = { "P-2.31",
                      "§2.5.7, eq. 2.31, gravity -9.81 e_2 on every point",
                      2,
                      { "F_b = M~ (sum f_i . X_i) M (a unit-mass body) = *(M~(-9.81 e02)M)",
                        "F_b (a body of mass m) = *(M~(-9.81 e02)M)" } },
    [AK_PCH2_HOOKE] = { "P-Hooke",
                        "§2.5.7, a zero-rest-length spring from P_b to A_w",
                        1,
                        { "M~ ((k (a_w - p_w)) . P_w) M = k (P_b v (M~ A_w M))" } },
    [AK_PCH2_DAMP] = { "P-damp",
                       "§2.5.7, drag alpha on the centroid velocity and on the rate",
                       1,
                       { "M~ ((-alpha cdot) . C) M - (-alpha 𝐁_b)𝓘 (cdot by differences) = "
                         "*(-alpha B_b)" } },
    [AK_PCH2_B2] = { "P-B.2",
                     "App. B.1, eqs. B.1 and B.2, a principal body, no forque",
                     4,
                     { "I_b^-1[B_b x I_b[B_b]] = I_b^-1[m (-v_b . 𝐁_b) . O - 𝐁_b x I_C[𝐁_b]𝓘]",
                       "... = eps (-v_b . 𝐁_b) + I_C^-1[𝐁_b x I_C[𝐁_b]]",
                       "B.2: vdot_b (the eps part of Bdot_b, eq. 2.28) = -v_b . 𝐁_b",
                       "B.2: 𝐁dot (the Euclidean part) = I_C^-1[𝐁_b x I_C[𝐁_b]]" } },
    [AK_PCH2_A10] = { "P-A.10",
                      "App. A.8, eq. A.10 and its steps, p and L from the moving points",
                      3,
                      { "P (world points) = p . C - L𝓘, p = sum m_i xdot_i, L = sum m_i (x_i - c) "
                        "^ xdot_i (differences)",
                        "M (m v_b . O) M~ = m v_w . C (v_w of eq. A.14)",
                        "M (m v_b . O) M~ = p . C" } },
    [AK_PCH2_A11] = { "P-A.11",
                      "App. A.8, eq. A.11",
                      1,
                      { "P = I_w[B_w] (world points) = M (m v_b . O - I_C[𝐁_b]𝓘) M~" } },
    [AK_PCH2_15] = { "P-1.5",
                     "§1.5, Fig. 1.3, motor [1, e01, e02, e03, e12, e31, e23, e0123]",
                     2,
                     { "exp(B) (the printed code) = e^B (series), |𝐁| < pi",
                       "log(e^B) (the printed code) = B" } },
    [AK_PCH2_C2] = { "P-C.2",
                     "App. C.2, eq. C.13 and the Chasles split of B = 𝐁 + eps v",
                     11,
                     { "B = B(1 - 1/2 B^B~/(B.B~)) + 1/2 B (B^B~)/(B.B~) (eq. C.13)",
                       "the Euclidean line of C.13 is a 2-blade (X ^ X = 0)",
                       "the vanishing line of C.13 is a 2-blade", "the two parts commute",
                       "B.B~ = <(𝐁 + eps v)(𝐁~ - eps v)>_0", "... = 𝐁.𝐁~",
                       "B^B~ = <(𝐁 + eps v)(𝐁~ - eps v)>_4", "... = 2 eps (v ^ 𝐁~)",
                       "B (B^B~)/(2 B.B~) = (𝐁 + eps v) eps (v ^ 𝐁^-1)", "... = eps (v ^ 𝐁)/𝐁",
                       "B = (𝐁 + eps (v.𝐁)/𝐁) - eps (v ^ 𝐁)/𝐁" } },
    [AK_PCH2_C5] = { "P-C.5",
                     "App. C.5, M_i = exp(-B_i t/2), body-frame B' = M_0~ B M_0",
                     4,
                     { "M_3 M_0 M_2' M_1' = M_3 M_2 M_0 M_1'", "... = M_3 M_2 M_1 M_0",
                       "-2 Mdot (differences) = B_3 M + M (M_1'~ B_2' M_1') + M B_1'",
                       "... = B_3 M + (M_3 B_2 M_3~) M + M B_1' = B_3 M + (M_3 B_2 M_3~) M + M "
                       "(M_0~ B_1 M_0)" } },
    [AK_PCH2_255] = { "P-2.5.5",
                      "§2.5.5 (and §2.5.3's hypercube code), * the right complement",
                      3,
                      { "*eps = O (the origin)", "*(eps + x^i e_i) = O + x𝓘 (the point of ch. 1-2)",
                        "M *(eps + x) M~ = *(eps + R x R~ + c) for M = T_c R, T_c = 1 - eps "
                        "c/2" } },
    [AK_PCH2_B14] = { "P-B.14",
                      "App. B.3, a symmetric body of points (i_1 = i_2 = i)",
                      3,
                      { "B.7: I_C[B] (the point sum) = i B + (i_3 - i)[B]_3 E_3, [B]_3 = -B * E_3",
                        "B.14: B_0 - L_b/i = (1 - i_3/i)[B_0]_3 E_3, L_b = I_C[B_0]",
                        "B.14: (1 - i_3/i)[B_0]_3 E_3 = (i_1 - i_3)[L_b]_3 E_3" } },
};

static mv one(void) { return blade(0, 1.0); }
static mv ex(mv B) {
    mv R;
    ak_cl_exp(&R, &B);
    return R;
}
static mv rline(gsl_rng *r) { return add(rbiv(r), gp(eps(), rvec(r))); } // a general bivector
static mv rmotor(gsl_rng *r) { return gp(translator(rvec(r)), ex(rbiv(r))); }
static mv grade(mv a, int g) {
    mv o;
    ak_cl_grade_part(&o, &a, g);
    return o;
}
// the Euclidean coordinates x of a normalised point X = O + x𝓘
static mv coords(mv X) {
    mv x = zero();
    for (int k = 1; k <= 3; k++) {
        unsigned m = 15u ^ (1u << k);
        double s = gp(blade(1u << k, 1.0), Ip()).c[m];
        x.c[1u << k] = X.c[m] / s;
    }
    return x;
}
// the right complement (the notes' Hodge dual ⋆, ganja.js `!`): e_A ^ ⋆e_A = 𝓘 for a basis blade;
// ⋆ε = O as §2.5.5 has it
static mv star(mv a) {
    mv o = zero();
    for (unsigned m = 0; m < 16; m++) {
        if (a.c[m] == 0.0) continue;
        double s = op(blade(m, 1.0), blade(15u ^ m, 1.0)).c[15];
        o.c[15u ^ m] += a.c[m] * s;
    }
    return o;
}
static mv unstar(mv a) {
    mv o = zero();
    for (unsigned m = 0; m < 16; m++) {
        if (a.c[m] == 0.0) continue;
        unsigned n = 15u ^ m; // a.c[m] e_m = ⋆(x e_n) with ⋆e_n = s e_m
        double s = op(blade(n, 1.0), blade(m, 1.0)).c[15];
        o.c[n] += a.c[m] / s;
    }
    return o;
}

static mv Ib(const body *b, mv B) { // sum m_i R_i v (R_i x B), the body points R_i = O + r_i𝓘
    mv s = zero();
    for (int i = 0; i < b->n; i++) {
        mv X = point(b->r[i]);
        s = add(s, scl(join(X, comm(X, B)), b->m[i]));
    }
    return s;
}
static mv Iw(const body *b, mv M, mv Bw) { // eq. 2.13 with the world points X_i = M R_i M~
    mv s = zero();
    for (int i = 0; i < b->n; i++) {
        mv X = sand(M, point(b->r[i]));
        s = add(s, scl(join(X, comm(X, Bw)), b->m[i]));
    }
    return s;
}

// the principal basis as §2.2.5 writes it: e_ij for ij = 23, 31, 12 and e_0k for k = 1, 2, 3
static const unsigned EIJ[3] = { 12, 10, 6 };
static const double SIJ[3] = { 1, -1, 1 }; // e31 = -e13
static const unsigned E0K[3] = { 3, 5, 9 };
static double cij(mv B, int k) { return B.c[EIJ[k]] / SIJ[k]; } // [B]_ij
static double c0k(mv B, int k) { return B.c[E0K[k]]; }          // [B]_0k
static mv eij(int k) { return blade(EIJ[k], SIJ[k]); }
static mv e0k(int k) { return blade(E0K[k], 1.0); }
static void principal_moments(const body *b, double i[3]) {
    for (int k = 0; k < 3; k++) i[k] = cij(IC(b, eij(k)), k);
}
static mv Ib220(const body *b, mv B) { // eq. 2.20 as printed
    double i[3];
    principal_moments(b, i);
    mv s = zero();
    for (int k = 0; k < 3; k++)
        s = add(s, add(scl(eij(k), b->M * c0k(B, k)), scl(e0k(k), i[k] * cij(B, k))));
    return s;
}
static mv Ibinv221(const body *b, mv B) { // eq. 2.21 as printed
    double i[3];
    principal_moments(b, i);
    mv s = zero();
    for (int k = 0; k < 3; k++)
        s = add(s, add(scl(eij(k), c0k(B, k) / i[k]), scl(e0k(k), cij(B, k) / b->M)));
    return s;
}

// ---- motions M(t) = exp(-B1 t/2) M0 exp(-B2 t/2)
typedef struct motion {
    mv B1, M0, B2;
} motion;
static motion rmotion(gsl_rng *r) {
    motion q = { rline(r), rmotor(r), rline(r) };
    return q;
}
static mv Mt(const motion *q, double t) {
    return gp(gp(ex(scl(q->B1, -0.5 * t)), q->M0), ex(scl(q->B2, -0.5 * t)));
}
static mv Bw_t(const motion *q, double t) { // -2 Mdot M~ with Mdot = -1/2 (B1 M + M B2)
    return add(q->B1, sand(Mt(q, t), q->B2));
}
static mv Bb_t(const motion *q, double t) { return sand(rev(Mt(q, t)), Bw_t(q, t)); }

// five-point central differences of a function of time
typedef struct tctx {
    const motion *q;
    const body *b;
    mv X0, x0, x1, x2; // a constant element; a moving point's coefficients
    int what;
} tctx;
enum { T_M, T_MREV, T_XW, T_XMOV, T_XPT, T_IW, T_MIBM, T_IBB, T_BB, T_PX };
static mv xb_t(const tctx *k, double t) { // a body point moving in the body: x0 + x1 t + x2 t^2
    return add(add(k->x0, scl(k->x1, t)), scl(k->x2, t * t));
}
static mv eval(const tctx *k, double t) {
    const motion *q = k->q;
    switch (k->what) {
        case T_M: return Mt(q, t);
        case T_MREV: return rev(Mt(q, t));
        case T_XW: return sand(Mt(q, t), k->X0);
        case T_XMOV: return sand(Mt(q, t), point(xb_t(k, t)));
        case T_XPT: return point(xb_t(k, t));
        case T_IW: return Iw(k->b, Mt(q, t), Bw_t(q, t));
        case T_MIBM: return sand(Mt(q, t), Ib(k->b, Bb_t(q, t)));
        case T_IBB: return Ib(k->b, Bb_t(q, t));
        case T_BB: return Bb_t(q, t);
        case T_PX: return coords(sand(Mt(q, t), k->X0));
        default: return zero();
    }
}
static mv ddt(const tctx *k, double t) {
    const double h = 1e-3;
    mv a = eval(k, t - 2 * h), b = eval(k, t - h), c = eval(k, t + h), d = eval(k, t + 2 * h);
    return scl(add(sub(scl(c, 8.0), scl(b, 8.0)), sub(a, d)), 1.0 / (12.0 * h));
}

static int chain_out(const mv m[], int n, double res[]) {
    for (int k = 0; k + 1 < n; k++) res[k] = dist(m[k], m[k + 1]);
    return n - 1;
}

int ak_pch2_residuals(int chain, gsl_rng *r, double res[]) {
    motion q = rmotion(r);
    const double t = 0.3 + 0.5 * gsl_rng_uniform(r);
    tctx k = { .q = &q, .what = T_M };
    switch (chain) {
        case AK_PCH2_21: {
            mv B = rline(r), M0 = rmotor(r);
            motion c = { B, M0, zero() };
            tctx kc = { .q = &c, .what = T_M };
            mv M = Mt(&c, t), Md = ddt(&kc, t);
            res[0] = dist(Md, scl(gp(B, M), -0.5));
            res[1] = dist(scl(gp(Md, rev(M)), -2.0), B);
            return 2;
        }
        case AK_PCH2_21P: {
            mv B = rline(r);
            motion c = { B, one(), zero() };
            tctx kc = { .q = &c, .what = T_M };
            mv M = Mt(&c, t);
            mv m[4] = { ddt(&kc, t), scl(gp(B, ex(scl(B, -0.5 * t))), -0.5), scl(gp(B, M), -0.5),
                        scl(gp(M, B), -0.5) };
            return chain_out(m, 4, res);
        }
        case AK_PCH2_22: {
            mv Bp = rline(r), M0 = rmotor(r);
            motion c = { zero(), M0, Bp };
            tctx kc = { .q = &c, .what = T_M };
            mv M = Mt(&c, t), Md = ddt(&kc, t);
            res[0] = dist(Md, scl(gp(M, Bp), -0.5));
            res[1] = dist(scl(gp(rev(M), Md), -2.0), Bp);
            return 2;
        }
        case AK_PCH2_22W: {
            mv Bp = rline(r), M0 = rmotor(r), B = sand(M0, Bp);
            mv A = gp(ex(scl(B, -0.5 * t)), M0), C = gp(M0, ex(scl(Bp, -0.5 * t)));
            res[0] = dist(A, C);
            res[1] = dist(sand(C, Bp), B);
            return 2;
        }
        case AK_PCH2_23: {
            k.what = T_M;
            mv M = Mt(&q, t), Md = ddt(&k, t);
            k.what = T_MREV;
            mv Mrd = ddt(&k, t);
            mv B = scl(gp(Md, rev(M)), -2.0);
            mv m[5] = { B, scl(gp(M, Mrd), 2.0), scl(rev(gp(Md, rev(M))), 2.0), scl(rev(B), -1.0),
                        grade(B, 2) };
            return chain_out(m, 5, res);
        }
        case AK_PCH2_24: {
            k.what = T_M;
            mv M = Mt(&q, t), Md = ddt(&k, t);
            k.what = T_MREV;
            mv Mrd = ddt(&k, t);
            res[0] = dist(gp(Md, rev(M)), scl(gp(M, Mrd), -1.0));
            res[1] = dist(Mrd, scl(gp(gp(rev(M), Md), rev(M)), -1.0));
            return 2;
        }
        case AK_PCH2_XDOT: {
            k.X0 = point(rvec(r));
            k.what = T_XW;
            mv Xd = ddt(&k, t);
            k.what = T_M;
            mv M = Mt(&q, t), Md = ddt(&k, t);
            k.what = T_MREV;
            mv Mrd = ddt(&k, t), X0 = k.X0, X = sand(M, X0), Mr = rev(M);
            mv B = scl(gp(Md, Mr), -2.0); // eq. 2.3
            mv m[7] = { Xd,
                        add(gp(gp(Md, X0), Mr), gp(gp(M, X0), Mrd)),
                        sub(gp(gp(Md, X0), Mr), gp(gp(M, X0), gp(gp(Mr, Md), Mr))),
                        sub(gp(gp(Md, Mr), X), gp(X, gp(Md, Mr))),
                        sub(gp(scl(B, -0.5), X), gp(X, scl(B, -0.5))),
                        comm(X, B),
                        scl(sub(gp(X, B), gp(B, X)), 0.5) };
            return chain_out(m, 7, res);
        }
        case AK_PCH2_26: { // a motion given by a constant body rate: M = M0 exp(-B_b t/2)
            motion c = { zero(), rmotor(r), rline(r) };
            tctx kc = { .q = &c, .what = T_M };
            mv M = Mt(&c, t), Bw = sand(M, c.B2);
            res[0] = dist(ddt(&kc, t), scl(gp(Bw, M), -0.5));
            return 1;
        }
        case AK_PCH2_27: { // a motion given by a constant world rate: M = exp(-B_w t/2) M0
            motion c = { rline(r), rmotor(r), zero() };
            tctx kc = { .q = &c, .what = T_M };
            mv M = Mt(&c, t), Bb = sand(rev(M), c.B1);
            res[0] = dist(ddt(&kc, t), scl(gp(M, Bb), -0.5));
            res[1] = dist(sand(M, Bb), c.B1);
            return 2;
        }
        case AK_PCH2_28: {
            k.X0 = point(rvec(r));
            k.what = T_XW;
            mv Xw = sand(Mt(&q, t), k.X0);
            res[0] = dist(ddt(&k, t), comm(Xw, Bw_t(&q, t)));
            return 1;
        }
        case AK_PCH2_29: {
            k.x0 = rvec(r), k.x1 = rvec(r), k.x2 = rvec(r);
            k.what = T_XMOV;
            mv Xdw = ddt(&k, t), M = Mt(&q, t), Xb = point(xb_t(&k, t)), Bw = Bw_t(&q, t);
            k.what = T_XPT;
            mv Xdb = ddt(&k, t), Xw = sand(M, Xb);
            k.what = T_XMOV; // the same motion, differentiated as the product M X_b M~
            mv m[4] = { Xdw, ddt(&k, t), add(comm(sand(M, Xb), Bw), sand(M, Xdb)),
                        add(comm(Xw, Bw), sand(M, Xdb)) };
            return chain_out(m, 4, res);
        }
        case AK_PCH2_210: {
            k.X0 = point(rvec(r));
            k.what = T_XW;
            mv Xd = ddt(&k, t), X = sand(Mt(&q, t), k.X0);
            k.what = T_PX;
            mv xd = ddt(&k, t);
            mv m[3] = { Xd, gp(xd, Ip()), comm(X, Bw_t(&q, t)) };
            return chain_out(m, 3, res);
        }
        case AK_PCH2_PMASS: {
            k.x0 = rvec(r), k.x1 = rvec(r), k.x2 = rvec(r);
            double mass = 0.5 + gsl_rng_uniform(r);
            k.what = T_XPT;
            mv X = point(xb_t(&k, t)), Xd = ddt(&k, t);
            mv xd = add(k.x1, scl(k.x2, 2 * t));
            mv m[3] = { scl(join(X, Xd), mass), scl(join(X, gp(xd, Ip())), mass),
                        scl(lc(xd, X), mass) };
            return chain_out(m, 3, res);
        }
        case AK_PCH2_PSPLIT: {
            mv x = rvec(r), y = rvec(r), v = rvec(r), X = point(x), Y = point(y), rr = sub(y, x);
            double mass = 0.5 + gsl_rng_uniform(r);
            mv mvv = scl(v, mass);
            mv m[4] = { lc(mvv, X), add(lc(mvv, Y), lc(mvv, sub(X, Y))),
                        add(lc(mvv, Y), lc(mvv, gp(rr, Ip()))),
                        sub(lc(mvv, Y), gp(op(rr, mvv), Ip())) };
            return chain_out(m, 4, res);
        }
        case AK_PCH2_212: {
            body b = rbody(r);
            mv M = Mt(&q, t), Bw = Bw_t(&q, t), s0 = zero(), s1 = zero();
            for (int i = 0; i < b.n; i++) {
                k.X0 = point(b.r[i]);
                k.what = T_XW;
                mv X = sand(M, k.X0), Xd = ddt(&k, t);
                s0 = add(s0, scl(join(X, Xd), b.m[i]));
                s1 = add(s1, scl(join(X, comm(X, Bw)), b.m[i]));
            }
            mv m[3] = { s0, s1, Iw(&b, M, Bw) };
            return chain_out(m, 3, res);
        }
        case AK_PCH2_214: {
            body b = rbody(r);
            mv M = Mt(&q, t), Bb = rline(r);
            res[0] = dist(sand(rev(M), Iw(&b, M, sand(M, Bb))), Ib(&b, Bb));
            return 1;
        }
        case AK_PCH2_215: {
            body b = rbody(r);
            mv M = Mt(&q, t), sx = zero(), sX = zero(), sR = zero();
            for (int i = 0; i < b.n; i++) {
                mv X = sand(M, point(b.r[i]));
                sx = add(sx, scl(coords(X), b.m[i]));
                sX = add(sX, scl(X, b.m[i]));
                sR = add(sR, scl(sand(M, add(O(), gp(b.r[i], Ip()))), b.m[i]));
            }
            mv c = scl(sx, 1.0 / b.M);
            mv m[5] = { add(O(), gp(c, Ip())), add(O(), gp(scl(sx, 1.0 / b.M), Ip())),
                        scl(sX, 1.0 / b.M), scl(sR, 1.0 / b.M), sand(M, O()) };
            return chain_out(m, 5, res);
        }
        case AK_PCH2_216: {
            body b = rbody(r);
            mv a = rvec(r);
            mv lhs = gp(IC(&b, gp(a, O())), scl(O(), -1.0)); // /I_3: I_3^-1 = -I_3
            double J[3][3] = { { 0 } }, av[3] = { a.c[2], a.c[4], a.c[8] };
            for (int i = 0; i < b.n; i++) {
                double x[3] = { b.r[i].c[2], b.r[i].c[4], b.r[i].c[8] };
                double r2 = x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
                for (int p = 0; p < 3; p++)
                    for (int s = 0; s < 3; s++) J[p][s] += b.m[i] * ((p == s) * r2 - x[p] * x[s]);
            }
            double Ja[3] = { 0 };
            for (int p = 0; p < 3; p++)
                for (int s = 0; s < 3; s++) Ja[p] += J[p][s] * av[s];
            res[0] = dist(lhs, vec(Ja[0], Ja[1], Ja[2]));
            return 1;
        }
        case AK_PCH2_217: {
            mv B = rline(r), s = zero();
            for (int j = 0; j < 3; j++)
                s = add(s, add(scl(eij(j), cij(B, j)), scl(e0k(j), c0k(B, j))));
            mv m[3] = { B, add(euc(B), gp(eps(), ideal_vec(B))), s };
            return chain_out(m, 3, res);
        }
        case AK_PCH2_218: {
            body b = rbody(r);
            mv Bb = rbiv(r), v = rvec(r), B = add(Bb, gp(eps(), v));
            mv m[3] = { Ib(&b, B), Ib(&b, add(Bb, gp(eps(), v))),
                        sub(scl(lc(v, O()), b.M), gp(IC(&b, Bb), Ip())) };
            return chain_out(m, 3, res);
        }
        case AK_PCH2_220: {
            body b = rprincipal(r);
            mv B = rline(r);
            res[0] = dist(Ib(&b, B), Ib220(&b, B));
            return 1;
        }
        case AK_PCH2_221: {
            body b = rprincipal(r);
            mv B = rline(r);
            res[0] = dist(B, Ibinv221(&b, Ib(&b, B)));
            return 1;
        }
        case AK_PCH2_222: {
            body b = rprincipal(r);
            mv B = rline(r), s = zero();
            double i[3];
            principal_moments(&b, i);
            // every basis bivector e_ij, 0 <= i < j <= 3; lambda = m with a 0 index, else the
            // moment of the plane e_ij (e12: i_12 = i[2], e13: i[1], e23: i[0])
            const unsigned masks[6] = { 3, 5, 9, 6, 10, 12 };
            const double lam[6] = { b.M, b.M, b.M, i[2], i[1], i[0] };
            for (int j = 0; j < 6; j++)
                s = add(s, scl(star(blade(masks[j], 1.0)), lam[j] * B.c[masks[j]]));
            res[0] = dist(Ib(&b, B), s);
            return 1;
        }
        case AK_PCH2_223: {
            body b = rbody(r);
            k.b = &b;
            k.what = T_IBB;
            mv lhs = ddt(&k, t);
            k.what = T_BB;
            res[0] = dist(lhs, Ib(&b, ddt(&k, t)));
            return 1;
        }
        case AK_PCH2_224: {
            body b = rbody(r);
            k.b = &b;
            mv M = Mt(&q, t), Bw = Bw_t(&q, t), Bb = Bb_t(&q, t), IB = Ib(&b, Bb);
            k.what = T_IW;
            mv m0 = ddt(&k, t);
            k.what = T_MIBM;
            mv m1 = ddt(&k, t);
            k.what = T_IBB;
            mv dIB = ddt(&k, t);
            k.what = T_BB;
            mv Bbd = ddt(&k, t);
            mv m[4] = { m0, m1, add(comm(sand(M, IB), Bw), sand(M, dIB)),
                        sand(M, add(comm(IB, Bb), Ib(&b, Bbd))) };
            return chain_out(m, 4, res);
        }
        case AK_PCH2_225: {
            mv Q = point(rvec(r)), f = rvec(r);
            res[0] = dist(join(Q, gp(f, Ip())), lc(f, Q));
            return 1;
        }
        case AK_PCH2_226: {
            mv qv = rvec(r), rv = rvec(r), f = rvec(r), Q = point(qv), R = point(rv);
            mv d = sub(qv, rv), TR = op(sub(rv, qv), f);
            mv m[6] = { lc(f, Q),
                        lc(f, add(R, gp(d, Ip()))),
                        add(lc(f, R), lc(f, gp(d, Ip()))),
                        add(lc(f, R), gp(op(f, d), Ip())),
                        sub(lc(f, R), gp(op(sub(rv, qv), f), Ip())),
                        sub(lc(f, R), gp(TR, Ip())) };
            return chain_out(m, 6, res);
        }
        case AK_PCH2_FORQUE: {
            enum { NP = 5 };
            mv x[NP], fe[NP], ft[NP];
            for (int i = 0; i < NP; i++) x[i] = rvec(r), fe[i] = rvec(r), ft[i] = fe[i];
            for (int i = 0; i < NP; i++) // central internal pairs, f_ij = -f_ji along x_i - x_j
                for (int j = i + 1; j < NP; j++) {
                    mv fij = scl(sub(x[i], x[j]), uni(r));
                    ft[i] = add(ft[i], fij), ft[j] = sub(ft[j], fij);
                }
            mv s0 = zero(), s1 = zero(), fs = zero(), Ts = zero();
            for (int i = 0; i < NP; i++) {
                s0 = add(s0, lc(ft[i], point(x[i])));
                s1 = add(s1, lc(fe[i], point(x[i])));
                fs = add(fs, fe[i]), Ts = add(Ts, op(x[i], fe[i]));
            }
            mv m[3] = { s0, s1, sub(lc(fs, O()), gp(Ts, Ip())) };
            return chain_out(m, 3, res);
        }
        case AK_PCH2_227:
        case AK_PCH2_228: {
            body b = rprincipal(r);
            k.b = &b;
            mv M = Mt(&q, t), Bb = Bb_t(&q, t), IB = Ib(&b, Bb);
            k.what = T_IW;
            mv Fw = ddt(&k, t); // Newton/Euler, Table 2.1: F = Pdot
            k.what = T_BB;
            mv Bbd = ddt(&k, t);
            if (chain == AK_PCH2_227) {
                res[0] = dist(Fw, sand(M, add(comm(IB, Bb), Ib(&b, Bbd))));
                return 1;
            }
            mv Fb = sand(rev(M), Fw);
            res[0] = dist(Bbd, Ibinv221(&b, add(comm(Bb, IB), Fb)));
            return 1;
        }
        case AK_PCH2_229: {
            k.what = T_M;
            res[0] = dist(ddt(&k, t), scl(gp(Mt(&q, t), Bb_t(&q, t)), -0.5));
            return 1;
        }
        case AK_PCH2_256: {
            body b = { .n = 6, .M = 1.0 }; // unit mass, I_C = identity: m = 1/6 at +-sqrt(3/2) e_k
            for (int j = 0; j < 3; j++) {
                double x[3] = { 0, 0, 0 };
                x[j] = sqrt(1.5);
                b.r[2 * j] = vec(x[0], x[1], x[2]);
                b.r[2 * j + 1] = scl(b.r[2 * j], -1.0);
                b.m[2 * j] = b.m[2 * j + 1] = 1.0 / 6.0;
            }
            mv B = rline(r), sB = star(B);
            mv m[3] = { Ibinv221(&b, comm(B, Ib(&b, B))), unstar(comm(B, sB)),
                        unstar(scl(sub(gp(sB, B), gp(B, sB)), -0.5)) };
            int n = chain_out(m, 3, res);
            res[n++] = dist(Ib(&b, B), sB);
            return n;
        }
        case AK_PCH2_234:
        case AK_PCH2_235: {
            body b = rbody(r);
            mv M = Mt(&q, t), Bb = Bb_t(&q, t), IB = Ib(&b, Bb);
            double T = 0.0;
            for (int i = 0; i < b.n; i++) {
                k.X0 = point(b.r[i]);
                k.what = T_PX;
                mv xd = ddt(&k, t);
                T += 0.5 * b.m[i] * gp(xd, xd).c[0];
            }
            (void)M;
            if (chain == AK_PCH2_234)
                res[0] = dist(scl(Ip(), T), scl(op(Bb, IB), 0.5));
            else
                res[0] = dist(blade(0, T), scl(join(Bb, IB), 0.5));
            return 1;
        }
        case AK_PCH2_236:
        case AK_PCH2_237: {
            k.X0 = point(rvec(r));
            k.what = T_PX;
            mv xd = ddt(&k, t), X = sand(Mt(&q, t), k.X0), f = rvec(r), F = lc(f, X),
               Bw = Bw_t(&q, t);
            double Pi = lc(f, xd).c[0];
            if (chain == AK_PCH2_236)
                res[0] = dist(scl(Ip(), Pi), op(Bw, F));
            else
                res[0] = dist(blade(0, Pi), join(Bw, F));
            return 1;
        }
        case AK_PCH2_254: {
            double al = 3.0 * uni(r);
            mv a = rvec(r), b = rvec(r), Bn = gp(eps(), rvec(r)), Be = op(a, b), E, I1;
            Be = scl(Be, 1.0 / sqrt(-gp(Be, Be).c[0])); // a unit Euclidean 2-blade, B^2 = -1
            res[0] = dist(ex(scl(Bn, al)), add(one(), scl(Bn, al)));
            res[1] = dist(ex(scl(Be, al)), add(blade(0, cos(al)), scl(Be, sin(al))));
            // Cl(3,1,0): e_1 e_4 with e_4^2 = -1 squares to +1
            ak_cl_zero(&E, 3, 1, 0);
            int ineg = -1;
            for (int i = 0; i < 4; i++) {
                ak_cl_mv v;
                ak_cl_blade(&v, 3, 1, 0, 1u << i, 1.0);
                if (ak_cl_basis_square(&v, i) < 0) ineg = i;
            }
            unsigned ipos = ineg == 0 ? 2u : 1u;
            ak_cl_mv h, hs, c0, sum;
            ak_cl_blade(&h, 3, 1, 0, ipos | (1u << ineg), 1.0);
            ak_cl_gp(&hs, &h, &h);
            ak_cl_scale(&c0, &h, al);
            ak_cl_exp(&E, &c0);
            ak_cl_blade(&I1, 3, 1, 0, 0, cosh(al));
            ak_cl_scale(&c0, &h, sinh(al));
            ak_cl_add(&sum, &I1, &c0);
            res[2] = fabs(hs.c[0] - 1.0) > 1e-15 ? INFINITY : ak_cl_dist(&E, &sum);
            return 3;
        }
        case AK_PCH2_231: {
            body b = rbody(r);
            mv M = Mt(&q, t), g = blade(5, -9.81); // -9.81 e02
            double sc = 1.0 / b.M;
            mv F1 = zero(), Fm = zero();
            for (int i = 0; i < b.n; i++) {
                mv X = sand(M, point(b.r[i])), f = vec(0, -9.81, 0);
                F1 = add(F1, scl(lc(f, X), b.m[i] * sc)); // the same body scaled to unit mass
                Fm = add(Fm, scl(lc(f, X), b.m[i]));
            }
            mv pr = star(sand(rev(M), g));
            res[0] = dist(sand(rev(M), F1), pr);
            res[1] = dist(sand(rev(M), Fm), pr);
            return 2;
        }
        case AK_PCH2_HOOKE: {
            mv M = Mt(&q, t), pb = rvec(r), Aw = point(rvec(r)), Pb = point(pb), Pw = sand(M, Pb);
            double kk = 0.5 + 10.0 * gsl_rng_uniform(r);
            mv f = scl(sub(coords(Aw), coords(Pw)), kk);
            res[0] = dist(sand(rev(M), lc(f, Pw)), scl(join(Pb, sand(rev(M), Aw)), kk));
            return 1;
        }
        case AK_PCH2_DAMP: {
            k.X0 = O();
            k.what = T_PX;
            mv cd = ddt(&k, t), M = Mt(&q, t), C = sand(M, O()), Bb = Bb_t(&q, t);
            double al = 0.1 + gsl_rng_uniform(r);
            mv Fd = sub(sand(rev(M), lc(scl(cd, -al), C)), gp(scl(euc(Bb), -al), Ip()));
            res[0] = dist(Fd, star(scl(Bb, -al)));
            return 1;
        }
        case AK_PCH2_B2: {
            body b = rprincipal(r);
            double i[3];
            principal_moments(&b, i);
            mv B = rline(r), Be = euc(B), v = ideal_vec(B), ICB = IC(&b, Be), X = comm(Be, ICB);
            mv ICinvX = zero();
            for (int j = 0; j < 3; j++) ICinvX = add(ICinvX, scl(eij(j), cij(X, j) / i[j]));
            mv vB = lc(v, Be);
            mv m0 = Ibinv221(&b, comm(B, Ib(&b, B)));
            mv m1 = Ibinv221(&b, sub(lc(scl(vB, -b.M), O()), gp(X, Ip())));
            mv m2 = add(gp(eps(), scl(vB, -1.0)), ICinvX);
            res[0] = dist(m0, m1);
            res[1] = dist(m1, m2);
            res[2] = dist(ideal_vec(m0), scl(vB, -1.0));
            res[3] = dist(euc(m0), ICinvX);
            return 4;
        }
        case AK_PCH2_A10:
        case AK_PCH2_A11: {
            body b = rbody(r);
            mv M = Mt(&q, t), Bw = Bw_t(&q, t), Bb = Bb_t(&q, t), P = Iw(&b, M, Bw);
            mv Be = euc(Bb), vb = ideal_vec(Bb), C = sand(M, O());
            if (chain == AK_PCH2_A11) {
                res[0] = dist(P, sand(M, sub(scl(lc(vb, O()), b.M), gp(IC(&b, Be), Ip()))));
                return 1;
            }
            mv p = zero(), L = zero(), c = coords(C);
            for (int j = 0; j < b.n; j++) {
                k.X0 = point(b.r[j]);
                k.what = T_PX;
                mv xd = ddt(&k, t), x = coords(sand(M, k.X0));
                p = add(p, scl(xd, b.m[j]));
                L = add(L, scl(op(sub(x, c), xd), b.m[j]));
            }
            // v_w of eq. A.14: the ideal part of the world rate's Euclidean split
            mv vw = ideal_vec(Bw), lhs = sand(M, scl(lc(vb, O()), b.M));
            res[0] = dist(P, sub(lc(p, C), gp(L, Ip())));
            res[1] = dist(lhs, scl(lc(vw, C), b.M));
            res[2] = dist(lhs, lc(p, C));
            return 3;
        }
        case AK_PCH2_15: {
            // §1.5's code, on arrays: B = [e01, e02, e03, e12, e31, e23], a motor r = [1, e01,
            // e02, e03, e12, e31, e23, e0123]
            static const unsigned bm[6] = { 3, 5, 9, 6, 10, 12 };
            static const double bs[6] = { 1, 1, 1, 1, -1, 1 }; // e31 = -e13
            double Bv[6], rr[8], lg[6];
            mv Bm = zero();
            double th = 3.0 * gsl_rng_uniform(r); // |𝐁| < pi: the log's principal range
            mv u = rvec(r);
            u = scl(u, 1.0 / sqrt(gp(u, u).c[0]));
            mv Eb = scl(gp(u, O()), th); // a Euclidean bivector of norm th
            mv Bfull = add(Eb, gp(eps(), rvec(r)));
            for (int j = 0; j < 6; j++) Bv[j] = Bfull.c[bm[j]] / bs[j];
            for (int j = 0; j < 6; j++) Bm.c[bm[j]] += Bv[j] * bs[j];
            { // function exp(B)
                double *B = Bv;
                double l = (B[3] * B[3] + B[4] * B[4] + B[5] * B[5]);
                double m = (B[0] * B[5] + B[1] * B[4] + B[2] * B[3]), a = sqrt(l), c = cos(a),
                       sn = sin(a) / a, tt = m / l * (c - sn);
                double o[8] = { c,
                                sn * B[0] + tt * B[5],
                                sn * B[1] + tt * B[4],
                                sn * B[2] + tt * B[3],
                                sn * B[3],
                                sn * B[4],
                                sn * B[5],
                                m * sn };
                for (int j = 0; j < 8; j++) rr[j] = o[j];
            }
            mv Ecode = blade(0, rr[0]);
            for (int j = 0; j < 6; j++) Ecode.c[bm[j]] += rr[j + 1] * bs[j];
            Ecode.c[15] += rr[7];
            mv Es = ex(Bm);
            res[0] = dist(Ecode, Es);
            { // function log(r), on the series' motor
                double q8[8] = { Es.c[0] };
                for (int j = 0; j < 6; j++) q8[j + 1] = Es.c[bm[j]] / bs[j];
                q8[7] = Es.c[15];
                double *R = q8;
                if (R[0] == 1) {
                    double o[6] = { R[1], R[2], R[3], 0, 0, 0 };
                    for (int j = 0; j < 6; j++) lg[j] = o[j];
                } else {
                    double a = 1 / (1 - R[0] * R[0]), b = acos(R[0]) * sqrt(a),
                           c = a * R[7] * (1 - R[0] * b);
                    double o[6] = { c * R[6] + b * R[1],
                                    c * R[5] + b * R[2],
                                    c * R[4] + b * R[3],
                                    b * R[4],
                                    b * R[5],
                                    b * R[6] };
                    for (int j = 0; j < 6; j++) lg[j] = o[j];
                }
            }
            double e = 0.0;
            for (int j = 0; j < 6; j++) e = fmax(e, fabs(lg[j] - Bv[j]));
            res[1] = e;
            return 2;
        }
        case AK_PCH2_C2: {
            mv Bb = rbiv(r), v = rvec(r), ev = gp(eps(), v), B = add(Bb, ev), Bt = rev(B);
            double BB = gp(B, Bt).c[0];
            mv W = grade(gp(B, Bt), 4); // B ^ B~ (grade 4 of the product)
            mv eline = gp(B, sub(one(), scl(W, 0.5 / BB))), vline = scl(gp(B, W), 0.5 / BB);
            mv Bbinv = scl(rev(Bb), 1.0 / gp(Bb, rev(Bb)).c[0]);
            mv prod = gp(add(Bb, ev), sub(rev(Bb), ev));
            res[0] = dist(B, add(eline, vline));
            res[1] = dist(op(eline, eline), zero());
            res[2] = dist(op(vline, vline), zero());
            res[3] = dist(comm(eline, vline), zero());
            res[4] = fabs(BB - grade(prod, 0).c[0]);
            res[5] = fabs(grade(prod, 0).c[0] - gp(Bb, rev(Bb)).c[0]);
            res[6] = dist(W, grade(prod, 4));
            res[7] = dist(grade(prod, 4), scl(gp(eps(), op(v, rev(Bb))), 2.0));
            res[8] = dist(vline, gp(add(Bb, ev), gp(eps(), op(v, Bbinv))));
            res[9] =
                dist(gp(add(Bb, ev), gp(eps(), op(v, Bbinv))), gp(gp(eps(), op(v, Bb)), Bbinv));
            res[10] = dist(
                B, sub(add(Bb, gp(gp(eps(), lc(v, Bb)), Bbinv)), gp(gp(eps(), op(v, Bb)), Bbinv)));
            return 11;
        }
        case AK_PCH2_C5: {
            mv B1 = rline(r), B2 = rline(r), B3 = rline(r), M0 = rmotor(r);
            mv M0r = rev(M0), B1p = sand(M0r, B1), B2p = sand(M0r, B2);
            mv M1 = ex(scl(B1, -0.5 * t)), M2 = ex(scl(B2, -0.5 * t)), M3 = ex(scl(B3, -0.5 * t));
            mv M1p = ex(scl(B1p, -0.5 * t)), M2p = ex(scl(B2p, -0.5 * t));
            mv Ma = gp(gp(gp(M3, M0), M2p), M1p), Mb = gp(gp(gp(M3, M2), M0), M1p),
               Mc = gp(gp(gp(M3, M2), M1), M0);
            res[0] = dist(Ma, Mb);
            res[1] = dist(Mb, Mc);
            // -2 Mdot by differences of the first form
            const double h = 1e-3;
            mv Mt4[4];
            const double dt[4] = { -2 * h, -h, h, 2 * h };
            for (int j = 0; j < 4; j++) {
                double tj = t + dt[j];
                Mt4[j] = gp(gp(gp(ex(scl(B3, -0.5 * tj)), M0), ex(scl(B2p, -0.5 * tj))),
                            ex(scl(B1p, -0.5 * tj)));
            }
            mv Md = scl(add(sub(scl(Mt4[2], 8.0), scl(Mt4[1], 8.0)), sub(Mt4[0], Mt4[3])),
                        1.0 / (12.0 * h));
            mv M = Ma, f1 = add(add(gp(B3, M), gp(M, sand(rev(M1p), B2p))), gp(M, B1p));
            mv f2 = add(add(gp(B3, M), gp(sand(M3, B2), M)), gp(M, B1p));
            mv f3 = add(add(gp(B3, M), gp(sand(M3, B2), M)), gp(M, sand(M0r, B1)));
            res[2] = dist(scl(Md, -2.0), f1);
            res[3] = fmax(dist(f1, f2), dist(f2, f3));
            return 4;
        }
        case AK_PCH2_255: {
            mv x = rvec(r), R = ex(rbiv(r)), c = rvec(r), M = gp(translator(c), R);
            res[0] = dist(star(eps()), O());
            res[1] = dist(star(add(eps(), x)), point(x));
            res[2] = dist(sand(M, star(add(eps(), x))), star(add(eps(), add(sand(R, x), c))));
            return 3;
        }
        case AK_PCH2_B14: {
            // pairs +-a e_x, +-a e_y of equal mass and +-h e_z: i_1 = i_2 = i; sizes such that
            // i - i_3 > 1.6, i i_3 > 1.5 and |[B_0]_3| >= 0.5, so that the third line's error,
            // |[B_0]_3 (i - i_3)(i_3 - 1/i)|, is at least 0.14
            double a = 0.5 + 0.1 * gsl_rng_uniform(r), h = 1.2 + 0.3 * gsl_rng_uniform(r),
                   mxy = 0.5 + 0.5 * gsl_rng_uniform(r), mz = 1.0 + 0.5 * gsl_rng_uniform(r);
            body b = { .n = 6, .M = 4 * mxy + 2 * mz };
            b.r[0] = vec(a, 0, 0), b.r[1] = vec(-a, 0, 0), b.r[2] = vec(0, a, 0),
            b.r[3] = vec(0, -a, 0), b.r[4] = vec(0, 0, h), b.r[5] = vec(0, 0, -h);
            b.m[0] = b.m[1] = b.m[2] = b.m[3] = mxy, b.m[4] = b.m[5] = mz;
            double im[3];
            principal_moments(&b, im); // e23, e31, e12: E_1, E_2, E_3
            double i = im[0], i3 = im[2];
            mv E3 = eij(2), B0 = rbiv(r);
            B0.c[6] = (uni(r) < 0 ? -1.0 : 1.0) * (0.5 + gsl_rng_uniform(r)); // [B_0]_3
            mv L = IC(&b, B0);
            double B03 = -gp(B0, E3).c[0], L3 = -gp(L, E3).c[0];
            res[0] = dist(L, add(scl(B0, i), scl(E3, (i3 - i) * B03)));
            res[1] = dist(sub(B0, scl(L, 1.0 / i)), scl(E3, (1 - i3 / i) * B03));
            res[2] = dist(scl(E3, (1 - i3 / i) * B03), scl(E3, (im[0] - i3) * L3));
            return 3;
        }
        default: return 0;
    }
}

double ak_pch2_corrected(int chain, int k, gsl_rng *r) {
    if (chain == AK_PCH2_226 && k == 3) { // f.R - ((q - r) ^ f)𝓘: the moment of f at Q about R
        mv qv = rvec(r), rv = rvec(r), f = rvec(r), R = point(rv);
        mv d = sub(qv, rv);
        return dist(add(lc(f, R), gp(op(f, d), Ip())), sub(lc(f, R), gp(op(d, f), Ip())));
    }
    if (chain == AK_PCH2_PSPLIT && (k == 1 || k == 2)) {
        // X - Y = (x - y)𝓘 = -r𝓘: m v . Y - m v . (r𝓘) (k = 1), and the whole chain's result
        // m v . X = m v . Y + (r ^ m v)𝓘 = m v . Y - ((x - y) ^ m v)𝓘 (k = 2, against m v . X)
        mv x = rvec(r), y = rvec(r), v = rvec(r), X = point(x), Y = point(y), rr = sub(y, x);
        mv mvv = scl(v, 0.5 + gsl_rng_uniform(r));
        if (k == 1)
            return dist(add(lc(mvv, Y), lc(mvv, sub(X, Y))),
                        sub(lc(mvv, Y), lc(mvv, gp(rr, Ip()))));
        return dist(lc(mvv, X), add(lc(mvv, Y), gp(op(rr, mvv), Ip())));
    }
    if (chain == AK_PCH2_231 && k == 1) { // m *(M~(-9.81 e02)M): the forque scales with the mass
        motion q = rmotion(r);
        body b = rbody(r);
        mv M = Mt(&q, 0.5), Fm = zero();
        for (int i = 0; i < b.n; i++)
            Fm = add(Fm, scl(lc(vec(0, -9.81, 0), sand(M, point(b.r[i]))), b.m[i]));
        return dist(sand(rev(M), Fm), scl(star(sand(rev(M), blade(5, -9.81))), b.M));
    }
    if (chain == AK_PCH2_A10 && k == 1) { // m cdot . C with cdot = v_w + c . B_w (after A.14)
        motion q = rmotion(r);
        body b = rbody(r);
        const double t = 0.5;
        mv M = Mt(&q, t), Bw = Bw_t(&q, t), Bb = Bb_t(&q, t), C = sand(M, O()), c = coords(C);
        mv cdot = add(ideal_vec(Bw), lc(c, euc(Bw)));
        return dist(sand(M, scl(lc(ideal_vec(Bb), O()), b.M)), scl(lc(cdot, C), b.M));
    }
    if (chain == AK_PCH2_C2 && k == 10) { // B = (𝐁 + eps (v.𝐁)/𝐁) + eps (v ^ 𝐁)/𝐁
        mv Bb = rbiv(r), v = rvec(r), B = add(Bb, gp(eps(), v));
        mv Bbinv = scl(rev(Bb), 1.0 / gp(Bb, rev(Bb)).c[0]);
        return dist(B,
                    add(add(Bb, gp(gp(eps(), lc(v, Bb)), Bbinv)), gp(gp(eps(), op(v, Bb)), Bbinv)));
    }
    if (chain == AK_PCH2_B14 && k == 2) { // (1/i_3 - 1/i)[L_b]_3 E_3
        double a = 0.5 + 0.1 * gsl_rng_uniform(r), h = 1.2 + 0.3 * gsl_rng_uniform(r),
               mxy = 0.5 + 0.5 * gsl_rng_uniform(r), mz = 1.0 + 0.5 * gsl_rng_uniform(r);
        body b = { .n = 6, .M = 4 * mxy + 2 * mz };
        b.r[0] = vec(a, 0, 0), b.r[1] = vec(-a, 0, 0), b.r[2] = vec(0, a, 0),
        b.r[3] = vec(0, -a, 0), b.r[4] = vec(0, 0, h), b.r[5] = vec(0, 0, -h);
        b.m[0] = b.m[1] = b.m[2] = b.m[3] = mxy, b.m[4] = b.m[5] = mz;
        double im[3];
        principal_moments(&b, im);
        mv E3 = eij(2), B0 = rbiv(r), L = IC(&b, B0);
        double B03 = -gp(B0, E3).c[0], L3 = -gp(L, E3).c[0];
        return dist(scl(E3, (1 - im[2] / im[0]) * B03), scl(E3, (1 / im[2] - 1 / im[0]) * L3));
    }
    return -1.0;
}
