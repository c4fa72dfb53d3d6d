// Dorst & De Keninck 2023, App. A, evaluated as printed in the generic algebra Cl(3,0,1).
// See pga_appendix_a.h for the notation. Only ref/ga/cl.h is used (the oracles' rule).
#include "verify/oracles/pga_appendix_a.h"

#include <math.h>
#include <string.h>

#include "ref/ga/cl.h"
#include "verify/oracles/cl301.h"

const ak_appa_eq ak_appa_eqs[28] = {
    { 1,
      "Xdot = X x B_w = (O + x𝓘) x (B_w + eps v_w) = 1/2(O eps v_w - eps v_w O + x𝓘 B_w + B_w x𝓘) "
      "= (v_w + x.B_w)𝓘 [the middle line needs - B_w x𝓘]",
      1, NULL },
    { 2, "xdot_w = v_w + x.B_w (the Euclidean factor of A.1's result)", 1, NULL },
    { 3, "I_C[B_b] = sum_i m_i r_i ^ (r_i . B_b)", 1, NULL },
    { 4, "I_b[B_b] = sum_i m_i (O + r_i𝓘) v ((O + r_i𝓘) x B_b) = m v_b.O - I_C[B_b]𝓘", 1, NULL },
    { 5, "I_b^-1[v.O - B𝓘] = eps v/m + I_C^-1[B]", 1, NULL },
    { 6, "B_b = B_b + eps v_b -> I_b[B_b] = m v_b.O - I_C[B_b]𝓘 (A.4 restated as a map)", 1, NULL },
    { 7,
      "I_b[E_k] = -i_k E_k 𝓘 = i_k *E_k (E_k eigen-2-blades of I_C, * the Hodge dual X(*X) = X X~ "
      "𝓘)",
      1, NULL },
    { 8, "I_b[eps e_k] = m e_k.O = m *(eps e_k)", 1, NULL },
    { 9,
      "I_C[B_b]' = sum_i m_i r'_i ^ (r'_i . B_b) = ... = I_C[B_b] + q ^ (q . B_b)  (r'_i = r_i - "
      "q) [the text says m q ^ (q . B_b); the printed last line drops m]",
      1, NULL },
    { 10, "P = p.C - L𝓘", 0,
      "a point split of the total momentum P of eq. (2.11), which is a sum over moving mass points "
      "that no ref/ code forms; its two parts are A.12-A.15 (checked) applied to A.4" },
    { 11, "P = I_w[B_w] = M (m v_b.O - I_C[B_b]𝓘) M~", 0,
      "the definition I_w[B_w] = M I_b[M~ B_w M] M~ with A.4 substituted; the substituted pieces "
      "are checked as A.4 and A.12-A.15" },
    { 12, "B_w = M B_b M~ = R B_b R~ + eps(R v_b R~ - c.(R B_b R~)) (M = T_c R)", 1, NULL },
    { 13, "B_w = R B_b R~ (the Euclidean part of A.12)", 1, NULL },
    { 14, "v_w = R v_b R~ - c.(R B_b R~) (the ideal part of A.12)", 1, NULL },
    { 15, "M (I_C[B_b]𝓘) M~ = R I_C[B_b] R~ 𝓘", 1, NULL },
    { 16, "F = sum_i f_i.Q_i = sum_i (f_i.O - T_i𝓘) = f.O - T_O𝓘, T_O = sum_i q_i ^ f_i", 1, NULL },
    { 17, "F_b = Pdot_b = I_b[Bdot_b]", 0,
      "the body-frame law of motion P-2.28 without the commutator term (B_b x I_b[B_b] dropped for "
      "the split); the full law is P-2.28, checked by dynamics.pga_vs_vga" },
    { 18, "m vdot_b = f_b", 0,
      "the ideal part of A.17 after A.4: a statement of Newton's law read off A.4 (checked) by "
      "Theorem 1 of App. C.4" },
    { 19, "I_C[Bdot_b] = T_b", 0, "the Euclidean part of A.17 after A.4, as A.18" },
    { 20, "F_w = M F_b M~ = f_w.C - T_wC 𝓘 (point split at C = M O M~)", 1, NULL },
    { 21, "F_w = f_w.O - (c ^ f_w + T_wC)𝓘 (Euclidean split)", 1, NULL },
    { 22, "I_w[Bdot_w] = M I_b[M~ Bdot_w M] M~ = m (vdot_w + c.Bdot_w).C - R I_C[R~ Bdot_w R] R~ 𝓘",
      1, NULL },
    { 23, "m (vdot_w + c.Bdot_w) = f_w", 0,
      "read off A.20 and A.22 (both checked) by Theorem 1 of App. C.4" },
    { 24, "R I_C[R~ Bdot_w R] R~ = T_wC", 0, "read off A.20 and A.22 (both checked), as A.23" },
    { 25, "B_b ^ I_b[B_b] = (m v_b^2 - B_b.I_C[B_b])𝓘 = (1/2 m v_b^2 + 1/2 sum_k i_k w_k^2)(2𝓘)", 1,
      NULL },
    { 26, "B_w ^ F_w = (B_w + eps v_w) ^ (f_w.O - T_wO 𝓘) = (v_w.f_w - B_w.T_wO)𝓘", 1, NULL },
    { 27, "B_w ^ F_w = (v_w.f_w - B_w.(x ^ f_w))𝓘 (force f_w at the point X: T_wO = x ^ f_w)", 1,
      NULL },
    { 28, "B_w ^ F_w = ((v_w + x.B_w).f_w)𝓘 = (xdot_w.f_w)𝓘", 1, NULL },
};

// ---- Cl(3,0,1) helpers ---------------------------------------------------------------------------

// the Cl(3,0,1) helpers: verify/oracles/cl301.h
static mv sand(mv M, mv X) { return gp(gp(M, X), rev(M)); }
static double dist(mv a, mv b) { return ak_cl_dist(&a, &b); }

static mv evec(const double x[3]) { // Euclidean vector x1 e1 + x2 e2 + x3 e3
    mv a = zero();
    for (int i = 0; i < 3; i++) a.c[1u << (i + 1)] = x[i];
    return a;
}
static mv rvec(gsl_rng *r) {
    double x[3] = { uni(r), uni(r), uni(r) };
    return evec(x);
}
static mv rbiv(gsl_rng *r) { // Euclidean bivector
    mv a = zero();
    a.c[6] = uni(r), a.c[10] = uni(r), a.c[12] = uni(r);
    return a;
}
static mv eps(void) { return blade(E0, 1.0); }
static mv Ip(void) { return blade(IP, 1.0); }
static mv O(void) { return blade(I3, 1.0); }
static mv point(mv x) { return add(O(), gp(x, Ip())); } // X = O + x𝓘
static mv rotor(gsl_rng *r) {                           // exp of a random Euclidean bivector
    mv B = rbiv(r), R;
    ak_cl_exp(&R, &B);
    return R;
}
static mv translator(mv c) {
    mv T = blade(0, 1.0);
    return sub(T, scl(gp(eps(), c), 0.5));
} // 1 - eps c/2

// A body of 6 point masses with its centroid at the origin.
typedef struct body {
    int n;
    double m[6], M;
    mv r[6];
} body;

static body rbody(gsl_rng *r) {
    body b = { .n = 6, .M = 0 };
    double c[3] = { 0 };
    double x[6][3];
    for (int i = 0; i < b.n; i++) {
        b.m[i] = 0.5 + gsl_rng_uniform(r);
        b.M += b.m[i];
        for (int k = 0; k < 3; k++) x[i][k] = uni(r), c[k] += b.m[i] * x[i][k];
    }
    for (int i = 0; i < b.n; i++) {
        for (int k = 0; k < 3; k++) x[i][k] -= c[k] / b.M;
        b.r[i] = evec(x[i]);
    }
    return b;
}

static mv IC(const body *b, mv B) { // A.3
    mv s = zero();
    for (int i = 0; i < b->n; i++) s = add(s, scl(op(b->r[i], lc(b->r[i], B)), b->m[i]));
    return s;
}

static mv Ib_sum(const body *b, mv B) { // A.4, first line: sum m_i X_i v (X_i x B)
    mv s = zero();
    for (int i = 0; i < b->n; i++) {
        mv X = point(b->r[i]);
        s = add(s, scl(join(X, comm(X, B)), b->m[i]));
    }
    return s;
}

static mv euc(mv B) {
    mv e = B;
    for (int m = 0; m < AK_CL_SIZE; m++)
        if (m & E0) e.c[m] = 0;
    return e;
}
// The ideal part eps v of a bivector, as the vector v.
static mv ideal_vec(mv B) {
    mv v = zero();
    for (int i = 1; i <= 3; i++) v.c[1u << i] = B.c[1u | (1u << i)];
    return v;
}

static mv Ib_split(const body *b, mv B) { // A.4, last line: m v.O - I_C[B]𝓘
    return sub(scl(lc(ideal_vec(B), O()), b->M), gp(IC(b, euc(B)), Ip()));
}

static mv rbivp(gsl_rng *r) { return add(rbiv(r), gp(eps(), rvec(r))); } // B + eps v

// The 3 x 3 matrix of I_C on the basis e23, e31, e12 (masks 12, 10 with sign, 6).
static const unsigned BM[3] = { 12, 10, 6 };
static const double BS[3] = { 1, -1, 1 }; // e31 = -e13
static void ic_matrix(const body *b, double A[9]) {
    for (int j = 0; j < 3; j++) {
        mv E = blade(BM[j], BS[j]), Y = IC(b, E);
        for (int i = 0; i < 3; i++) A[i * 3 + j] = Y.c[BM[i]] * BS[i];
    }
}

static void solve3(const double A[9], const double y[3], double x[3]) { // Cramer
    double d = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
               A[2] * (A[3] * A[7] - A[4] * A[6]);
    for (int k = 0; k < 3; k++) {
        double B[9];
        memcpy(B, A, sizeof B);
        for (int i = 0; i < 3; i++) B[i * 3 + k] = y[i];
        x[k] = (B[0] * (B[4] * B[8] - B[5] * B[7]) - B[1] * (B[3] * B[8] - B[5] * B[6]) +
                B[2] * (B[3] * B[7] - B[4] * B[6])) /
               d;
    }
}

// Eigenvectors of the symmetric 3x3 I_C by Jacobi rotations (columns of V), eigenvalues w.
static void eig3(double A[9], double V[9], double w[3]) {
    for (int i = 0; i < 9; i++) V[i] = (i % 4 == 0);
    for (int sweep = 0; sweep < 50; sweep++) {
        double off = fabs(A[1]) + fabs(A[2]) + fabs(A[5]);
        if (off < 1e-300) break;
        for (int p = 0; p < 2; p++)
            for (int q = p + 1; q < 3; q++) {
                if (A[p * 3 + q] == 0.0) continue;
                double th = 0.5 * atan2(2 * A[p * 3 + q], A[q * 3 + q] - A[p * 3 + p]), c = cos(th),
                       s = sin(th);
                for (int k = 0; k < 3; k++) { // A <- J^T A J, V <- V J
                    double akp = A[k * 3 + p], akq = A[k * 3 + q];
                    A[k * 3 + p] = c * akp - s * akq;
                    A[k * 3 + q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; k++) {
                    double apk = A[p * 3 + k], aqk = A[q * 3 + k];
                    A[p * 3 + k] = c * apk - s * aqk;
                    A[q * 3 + k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; k++) {
                    double vkp = V[k * 3 + p], vkq = V[k * 3 + q];
                    V[k * 3 + p] = c * vkp - s * vkq;
                    V[k * 3 + q] = s * vkp + c * vkq;
                }
            }
    }
    for (int i = 0; i < 3; i++) w[i] = A[i * 4];
}

double ak_appa_residual(int eq, gsl_rng *r) {
    switch (eq) {
        case 1:
        case 2: {
            mv x = rvec(r), Bw = rbiv(r), vw = rvec(r), X = point(x), B = add(Bw, gp(eps(), vw));
            mv l1 = comm(X, B);
            mv xdot = add(vw, lc(x, Bw)), l3 = gp(xdot, Ip());
            if (eq == 1) return dist(l1, l3);
            // A.2: the velocity read off A.1 equals the finite-difference velocity of the point moved
            // by exp(-B h/2) (world-frame kinematics, eq. 2.8): Xdot = (d/dh) M X M~ at h = 0
            double h = 1e-6;
            mv Mp, Mm, hb = scl(B, -0.5 * h), mb = scl(B, 0.5 * h);
            ak_cl_exp(&Mp, &hb);
            ak_cl_exp(&Mm, &mb);
            mv Xp = sand(Mp, X), Xm = sand(Mm, X), fd = scl(sub(Xp, Xm), 1.0 / (2 * h));
            // a point O + y𝓘 has Euclidean factor y: compare fd with xdot 𝓘
            return dist(fd, l3); // central difference: O(h^2) truncation, eps/h rounding
        }
        case 3: {
            body b = rbody(r);
            mv B = rbiv(r), s = zero();
            for (int i = 0; i < b.n; i++) { // I_C as the classical inertia: angular momentum of the
                // points moving with xdot_i = r_i . B, sum m_i r_i ^ xdot_i
                s = add(s, scl(op(b.r[i], lc(b.r[i], B)), b.m[i]));
            }
            // compare with the tensor form: for B = w I_3, I_C[B] = (J w) I_3, J = sum m (r^2 1 - r r^T)
            mv w = gp(B, scl(O(), -1.0)); // B = w I_3 -> w = -B I_3 (I_3^2 = -1)
            double J[9] = { 0 }, wv[3] = { w.c[2], w.c[4], w.c[8] }, Jw[3] = { 0 };
            for (int i = 0; i < b.n; i++) {
                double x[3] = { b.r[i].c[2], b.r[i].c[4], b.r[i].c[8] },
                       r2 = x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
                for (int p = 0; p < 3; p++)
                    for (int q = 0; q < 3; q++)
                        J[p * 3 + q] += b.m[i] * ((p == q) * r2 - x[p] * x[q]);
            }
            for (int p = 0; p < 3; p++)
                for (int q = 0; q < 3; q++) Jw[p] += J[p * 3 + q] * wv[q];
            mv want = gp(evec(Jw), O());
            return fmax(dist(s, IC(&b, B)), dist(IC(&b, B), want));
        }
        case 4:
        case 6: {
            body b = rbody(r);
            mv B = rbivp(r);
            return dist(Ib_sum(&b, B), Ib_split(&b, B));
        }
        case 5: {
            body b = rbody(r);
            mv v = rvec(r), Bb = rbiv(r);
            mv arg = sub(lc(v, O()), gp(Bb, Ip()));
            double A[9], y[3], x[3];
            ic_matrix(&b, A);
            for (int i = 0; i < 3; i++) y[i] = Bb.c[BM[i]] * BS[i];
            solve3(A, y, x);
            mv ICinv = zero();
            for (int i = 0; i < 3; i++) ICinv.c[BM[i]] = x[i] * BS[i];
            mv rhs = add(scl(gp(eps(), v), 1.0 / b.M), ICinv);
            // I_b^-1[arg] = rhs  <=>  I_b[rhs] = arg (I_b is invertible): check through A.4's sum form
            return dist(Ib_sum(&b, rhs), arg);
        }
        case 7: {
            body b = rbody(r);
            double A[9], V[9], w[3];
            ic_matrix(&b, A);
            eig3(A, V, w);
            double e = 0.0;
            for (int k = 0; k < 3; k++) {
                mv E = zero();
                for (int i = 0; i < 3; i++) E.c[BM[i]] = V[i * 3 + k] * BS[i];
                mv l = Ib_sum(&b, E), m1 = scl(gp(E, Ip()), -w[k]), st = scl(gp(E, Ip()), -1.0);
                // *E = -E𝓘 (the text, for a unit Euclidean 2-blade), checked against the definition
                // E(*E) = E E~ 𝓘 below
                e = fmax(e, fmax(dist(l, m1), dist(l, scl(st, w[k]))));
                e = fmax(e, dist(gp(E, st), gp(gp(E, rev(E)), Ip())));
            }
            return e;
        }
        case 8: {
            body b = rbody(r);
            double e = 0.0;
            for (int k = 1; k <= 3; k++) {
                mv ek = blade(1u << k, 1.0), X = gp(eps(), ek);
                mv l = Ib_sum(&b, X), m1 = scl(lc(ek, O()), b.M);
                mv st =
                    gp(ek,
                       O()); // the text: *(eps e_k) = e_k I_d; check X(*X) = Xe Xe~ 𝓘 with Xe = e_k
                e = fmax(e, fmax(dist(l, m1), dist(l, scl(st, b.M))));
                e = fmax(e, dist(gp(X, st), gp(gp(ek, rev(ek)), Ip())));
            }
            return e;
        }
        case 9: {
            body b = rbody(r);
            mv q = rvec(r), B = rbiv(r), s = zero();
            for (int i = 0; i < b.n; i++) {
                mv rp = sub(b.r[i], q);
                s = add(s, scl(op(rp, lc(rp, B)), b.m[i]));
            }
            return dist(s, add(IC(&b, B), scl(op(q, lc(q, B)), b.M))); // the text's m q ^ (q . B)
        }
        case 12:
        case 13:
        case 14: {
            mv R = rotor(r), c = rvec(r), Bb = rbiv(r), vb = rvec(r);
            mv M = gp(translator(c), R), Bw = sand(M, add(Bb, gp(eps(), vb)));
            mv RBR = sand(R, Bb), vw = sub(sand(R, vb), lc(c, RBR));
            if (eq == 13) return dist(euc(Bw), RBR);
            if (eq == 14) return dist(ideal_vec(Bw), vw);
            return dist(Bw, add(RBR, gp(eps(), vw)));
        }
        case 15: {
            mv R = rotor(r), c = rvec(r), Y = rbiv(r), M = gp(translator(c), R);
            return dist(sand(M, gp(Y, Ip())), gp(sand(R, Y), Ip()));
        }
        case 16: {
            mv F = zero(), f = zero(), T = zero(), F2 = zero();
            for (int i = 0; i < 4; i++) {
                mv fi = rvec(r), qi = rvec(r), Qi = point(qi), Ti = op(qi, fi);
                F = add(F, lc(fi, Qi));
                F2 = add(F2, sub(lc(fi, O()), gp(Ti, Ip())));
                f = add(f, fi);
                T = add(T, Ti);
            }
            return fmax(dist(F, F2), dist(F, sub(lc(f, O()), gp(T, Ip()))));
        }
        case 20:
        case 21: {
            mv R = rotor(r), c = rvec(r), M = gp(translator(c), R), fb = rvec(r), Tb = rbiv(r);
            mv Fb = sub(lc(fb, O()), gp(Tb, Ip())), Fw = sand(M, Fb);
            mv fw = sand(R, fb), TwC = sand(R, Tb), C = sand(M, O());
            mv p20 = sub(lc(fw, C), gp(TwC, Ip())),
               p21 = sub(lc(fw, O()), gp(add(op(c, fw), TwC), Ip()));
            // C = M O M~ should be the point at c: O + c𝓘
            double ec = dist(C, point(c));
            return eq == 20 ? fmax(dist(Fw, p20), ec) : dist(Fw, p21);
        }
        case 22: {
            body b = rbody(r);
            mv R = rotor(r), c = rvec(r), M = gp(translator(c), R), Bd = rbiv(r), vd = rvec(r);
            mv Bdw = add(Bd, gp(eps(), vd)); // world Bdot_w = Bdot_w + eps vdot_w
            mv lhs = sand(M, Ib_sum(&b, sand(rev(M), Bdw)));
            mv C = sand(M, O()), RtBR = sand(rev(R), Bd);
            mv rhs = sub(lc(scl(add(vd, lc(c, Bd)), b.M), C), gp(sand(R, IC(&b, RtBR)), Ip()));
            return dist(lhs, rhs);
        }
        case 25: {
            body b = rbody(r);
            mv B = rbivp(r), Bb = euc(B), vb = ideal_vec(B);
            mv lhs = op(B, Ib_sum(&b, B));
            double v2 = gp(vb, vb).c[0];
            mv mid = scl(Ip(), b.M * v2 - lc(Bb, IC(&b, Bb)).c[0]);
            // the classical form: 1/2 m v^2 + 1/2 w.J w with B_b = w I_3 (the text says "w 𝓘_3")
            mv w = gp(Bb, scl(O(), -1.0));
            double A[9], wv[3] = { w.c[2], w.c[4], w.c[8] }, wJw = 0.0;
            // J from I_C on e23, e31, e12 (B = w I_3: w1 e1 I_3 = w1 e1 e123 = w1 e23, ...)
            ic_matrix(&b, A);
            for (int p = 0; p < 3; p++)
                for (int q = 0; q < 3; q++) wJw += wv[p] * A[p * 3 + q] * wv[q];
            mv last = scl(Ip(), 2.0 * (0.5 * b.M * v2 + 0.5 * wJw));
            return fmax(dist(lhs, mid), dist(lhs, last));
        }
        case 26:
        case 27:
        case 28: {
            mv Bw = rbiv(r), vw = rvec(r), fw = rvec(r), x = rvec(r), X = point(x);
            mv B = add(Bw, gp(eps(), vw)), Fw = lc(fw, X); // the force line f_w . X through X
            mv TwO = op(x, fw);                            // its moment about O (A.16)
            mv lhs = op(B, Fw);
            if (eq == 26) {
                mv mid = op(B, sub(lc(fw, O()), gp(TwO, Ip())));
                mv last = scl(Ip(), lc(vw, fw).c[0] - lc(Bw, TwO).c[0]);
                return fmax(dist(lhs, mid), dist(lhs, last));
            }
            if (eq == 27) return dist(lhs, scl(Ip(), lc(vw, fw).c[0] - lc(Bw, op(x, fw)).c[0]));
            mv xdot = add(vw, lc(x, Bw));
            return dist(lhs, scl(Ip(), lc(xdot, fw).c[0]));
        }
        default: return -1.0;
    }
}

double ak_appa_printed_slip(int eq, gsl_rng *r) {
    if (eq == 1) { // the printed middle line, with + B_w x𝓘
        mv x = rvec(r), Bw = rbiv(r), vw = rvec(r), X = point(x), B = add(Bw, gp(eps(), vw));
        mv mid = scl(add(sub(gp(O(), gp(eps(), vw)), gp(gp(eps(), vw), O())),
                         add(gp(gp(x, Ip()), Bw), gp(Bw, gp(x, Ip())))),
                     0.5);
        return dist(comm(X, B), mid);
    }
    if (eq == 9) { // the printed last line, without m
        body b = rbody(r);
        mv q = rvec(r), B = rbiv(r), s = zero();
        for (int i = 0; i < b.n; i++) {
            mv rp = sub(b.r[i], q);
            s = add(s, scl(op(rp, lc(rp, B)), b.m[i]));
        }
        return dist(s, add(IC(&b, B), op(q, lc(q, B))));
    }
    return -1.0;
}
