// Dorst & De Keninck 2023, App. A: printed chains evaluated "=" by "=" in Cl(3,0,1).
// See pga_appendix_lines.h. Only ref/ga/cl.h is used (the oracles' rule).
#include "verify/oracles/pga_appendix_lines.h"

#include <math.h>

#include "ref/ga/cl.h"
#include "verify/oracles/cl301.h"
#include "verify/oracles/pga_points.h"

const ak_appl_chain ak_appl_chains[AK_APPL_NCHAINS] = {
    { "P-A.9pga",
      "App. A.7, the PGA form of the parallel axis theorem (unnumbered, after eq. A.9)",
      5,
      { "I_b[T_q B_b T_q~]", "I_b[B_b - eps(q.B_b)]", "-m (q.B_b).(O + q𝓘) - I_C[B_b]𝓘",
        "-m (q.B_b).Q + m (q.B_b).(q𝓘) - I_C[B_b]𝓘", "-m (q.B_b).Q - (I_C[B_b] + m q^(q.B_b))𝓘" } },
    { "P-A.8(3D)",
      "App. A.6, the 3D inertia map in detail (after eq. A.8), first chain",
      5,
      { "I_b[E_1 𝓘_3]", "I_b[eps e_1]", "m e_1.I_3", "m e_23", "m E_1" } },
    { "P-A.8(3D)",
      "App. A.6, the 3D inertia map in detail (after eq. A.8), second chain",
      4,
      { "I_b[E_1]", "i_1 I_b[e_2 e_3]", "i_1 eps e_1", "i_1 E_1 𝓘_3" } },
    { "P-A.22",
      "App. A.10.2, the split of the body-frame acceleration (before eq. A.22)",
      5,
      { "M~ Bdot_w M", "M~ (Bdot_w + eps vdot_w) M", "R~ T_c~ (Bdot_w + eps vdot_w) T_c R",
        "R~ (Bdot_w + eps (vdot_w + c.Bdot_w)) R", "R~ Bdot_w R + eps R~ (vdot_w + c.Bdot_w)" } },
    { "P-A.4",
      "App. A.3, eq. A.4",
      7,
      { "M~ (sum m_i X_i v (X_i x (M B_b M~))) M", "sum m_i (M~X_iM) v ((M~X_iM) x B_b)",
        "sum m_i (O + r_i𝓘) v ((O + r_i𝓘) x B_b)",
        "sum m_i O v (O x B_b) + 0 + sum m_i (r_i𝓘) v ((r_i𝓘) x B_b)",
        "m O v (O x B_b) + sum m_i (r_i𝓘) v ((r_i𝓘) x B_b)",
        "m O v (O x (eps v_b)) - sum m_i r_i ^ (r_i . B_b) 𝓘", "m v_b . O - I_C[B_b]𝓘" } },
    { "P-A.9",
      "App. A.7, eq. A.9",
      4,
      { "sum m_i r'_i ^ (r'_i . B_b)", "sum m_i (r_i - q) ^ ((r_i - q) . B_b)",
        "sum m_i (r_i^(r_i.B_b) - q^(r_i.B_b) - r_i^(q.B_b) + q^(q.B_b))",
        "I_C[B_b] + q ^ (q . B_b)" } },
    { "P-A.12",
      "App. A.8, eq. A.12",
      5,
      { "M B_b M~", "T_c (R B_b R~) T_c~ + M eps v_b M~",
        "R B_b R~ - eps c.(R B_b R~) + M eps v_b M~", "R B_b R~ + eps (R v_b R~ - c.(R B_b R~))",
        "B_w + eps v_w" } },
    { "P-A.20",
      "App. A.10.2, eqs. A.20 and A.21",
      6,
      { "M F_b M~", "T_c R (f_b . O - T_bO 𝓘) R~ T_c~", "(T_c R f_b R~ T_c~) . C - (R T_bO R~)𝓘",
        "(T_c f_w T_c~) . C - T_wC 𝓘", "f_w . C - T_wC 𝓘", "f_w . O - (c ^ f_w + T_wC)𝓘" } },
    { "P-A.22",
      "App. A.10.2, eq. A.22",
      4,
      { "M I_b[M~ Bdot_w M] M~", "M I_b[R~ Bdot_w R + eps R~ (vdot_w + c.Bdot_w) R] M~",
        "m M ((R~ (vdot_w + c.Bdot_w) R) . O) M~ - R I_C[R~ Bdot_w R] R~ 𝓘",
        "m (vdot_w + c.Bdot_w) . C - R I_C[R~ Bdot_w R] R~ 𝓘" } },
    { "P-A.25",
      "App. A.12, eq. A.25",
      5,
      { "B_b ^ I_b[B_b]", "(B_b + eps v_b) ^ (m v_b . O - I_C[B_b]𝓘)",
        "m B_b ^ (v_b . O) + m (eps v_b) ^ (v_b . O) - B_b (I_C[B_b]𝓘)",
        "0 + (m v_b^2 - B_b . I_C[B_b])𝓘", "(1/2 m v_b^2 + 1/2 sum_k i_k w_k^2)(2𝓘)" } },
    { "P-A.26",
      "App. A.13, eqs. A.26-A.28 (a force f_w at the point X)",
      7,
      { "B_w ^ F_w", "(B_w + eps v_w) ^ (f_w . O - T_wO 𝓘)",
        "(eps v_w) ^ (f_w . O) - B_w ^ (T_wO 𝓘)", "(v_w . f_w - B_w . T_wO)𝓘",
        "(v_w . f_w - B_w . (x ^ f_w))𝓘", "((v_w + x . B_w) . f_w)𝓘", "(xdot_w . f_w)𝓘" } },
    { "P-B.18",
      "App. B.4, eqs. B.17 and B.18 (principal frame E_1 = e23, E_2 = e31, E_3 = e12)",
      5,
      { "I_C^-1[B x I_C[B]]",
        "I_C^-1[(B_1 E_1 + B_2 E_2 + B_3 E_3) x (i_1 B_1 E_1 + i_2 B_2 E_2 + i_3 B_3 E_3)]",
        "I_C^-1[(i_2 - i_3) B_2 B_3 E_1 + (i_3 - i_1) B_3 B_1 E_2 + (i_1 - i_2) B_1 B_2 E_3]",
        "(i_2 - i_3)/i_1 B_2 B_3 E_1 + (i_3 - i_1)/i_2 B_3 B_1 E_2 + (i_1 - i_2)/i_3 B_1 B_2 E_3",
        "w_1 B_2 B_3 E_1 + w_2 B_3 B_1 E_2 + w_3 B_1 B_2 E_3, w_1 = (i_2 - i_3)/i_1 and cyclic "
        "(B.18)" } },
};

static mv rotor(gsl_rng *r) {
    mv B = rbiv(r), R;
    ak_cl_exp(&R, &B);
    return R;
}

static mv Ib(const body *b, mv B) { // the definition (A.4, first line): sum m_i X_i v (X_i x B)
    mv s = zero();
    for (int i = 0; i < b->n; i++) {
        mv X = point(b->r[i]);
        s = add(s, scl(join(X, comm(X, B)), b->m[i]));
    }
    return s;
}

int ak_appl_residuals(int chain, gsl_rng *r, double res[]) {
    switch (chain) {
        case AK_APPL_PA9PGA: {
            body b = rbody(r);
            mv q = rvec(r), B = rbiv(r), Q = point(q), qB = lc(q, B), T = translator(q);
            mv m0 = Ib(&b, sand(T, B));
            mv m1 = Ib(&b, sub(B, gp(eps(), qB)));
            mv m2 = sub(scl(lc(qB, point(q)), -b.M), gp(IC(&b, B), Ip()));
            mv m3 =
                sub(add(scl(lc(qB, Q), -b.M), scl(lc(qB, gp(q, Ip())), b.M)), gp(IC(&b, B), Ip()));
            mv m4 = sub(scl(lc(qB, Q), -b.M), gp(add(IC(&b, B), scl(op(q, qB), b.M)), Ip()));
            mv m[5] = { m0, m1, m2, m3, m4 };
            for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
            return 4;
        }
        case AK_APPL_PA8_3D_EPS:
        case AK_APPL_PA8_3D_E1: {
            body b = rprincipal(r);
            mv E1 = blade(12, 1.0), e1 = blade(2, 1.0), I3p = Ip(); // E_1 = e23, 𝓘_3 = eps I_3
            double i1 = IC(&b, E1).c[12];
            if (chain == AK_APPL_PA8_3D_EPS) {
                mv m[5] = { Ib(&b, gp(E1, I3p)), Ib(&b, gp(eps(), e1)), scl(lc(e1, O()), b.M),
                            blade(12, b.M), scl(E1, b.M) };
                for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
                return 4;
            }
            mv m[4] = { Ib(&b, E1), scl(Ib(&b, blade(12, 1.0)), i1), scl(gp(eps(), e1), i1),
                        scl(gp(E1, I3p), i1) };
            for (int k = 0; k < 3; k++) res[k] = dist(m[k], m[k + 1]);
            return 3;
        }
        case AK_APPL_PA22_SPLIT: {
            mv R = rotor(r), c = rvec(r), T = translator(c), M = gp(T, R), Bd = rbiv(r),
               vd = rvec(r);
            mv Bdw = add(Bd, gp(eps(), vd));
            mv m0 = gp(gp(rev(M), Bdw), M);
            mv m1 = m0; // the same expression with the split written out
            mv m2 = gp(gp(rev(R), gp(gp(rev(T), Bdw), T)), R);
            mv m3 = gp(gp(rev(R), add(Bd, gp(eps(), add(vd, lc(c, Bd))))), R);
            mv m4 = add(gp(gp(rev(R), Bd), R), gp(eps(), gp(rev(R), add(vd, lc(c, Bd)))));
            mv m[5] = { m0, m1, m2, m3, m4 };
            for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
            return 4;
        }
        case AK_APPL_PA4: {
            body b = rbody(r);
            mv B = add(rbiv(r), gp(eps(), rvec(r))), Be = euc(B), v = ideal_vec(B);
            mv R = rotor(r), M = gp(translator(rvec(r)), R), Bw = sand(M, B);
            mv m[7];
            for (int k = 0; k < 7; k++) m[k] = zero();
            for (int i = 0; i < b.n; i++) {
                mv Xb = point(b.r[i]), Xw = sand(M, Xb), Xbb = sand(rev(M), Xw),
                   rI = gp(b.r[i], Ip());
                m[0] = add(m[0], scl(join(Xw, comm(Xw, Bw)), b.m[i]));
                m[1] = add(m[1], scl(join(Xbb, comm(Xbb, B)), b.m[i]));
                m[2] = add(m[2], scl(join(Xb, comm(Xb, B)), b.m[i]));
                m[3] = add(m[3], scl(add(join(O(), comm(O(), B)), join(rI, comm(rI, B))), b.m[i]));
                m[4] = add(m[4], scl(join(rI, comm(rI, Be)), b.m[i]));
            }
            m[0] = sand(rev(M), m[0]);
            m[4] = add(scl(join(O(), comm(O(), B)), b.M), m[4]);
            m[5] = sub(scl(join(O(), comm(O(), gp(eps(), v))), b.M), gp(IC(&b, Be), Ip()));
            m[6] = sub(scl(lc(v, O()), b.M), gp(IC(&b, Be), Ip()));
            for (int k = 0; k < 6; k++) res[k] = dist(m[k], m[k + 1]);
            return 6;
        }
        case AK_APPL_PA9: {
            body b = rbody(r);
            mv q = rvec(r), B = rbiv(r), m[4];
            for (int k = 0; k < 4; k++) m[k] = zero();
            for (int i = 0; i < b.n; i++) {
                mv rp = sub(b.r[i], q), ri = b.r[i];
                m[0] = add(m[0], scl(op(rp, lc(rp, B)), b.m[i]));
                m[1] = add(m[1], scl(op(sub(ri, q), lc(sub(ri, q), B)), b.m[i]));
                mv t = sub(sub(op(ri, lc(ri, B)), op(q, lc(ri, B))), op(ri, lc(q, B)));
                m[2] = add(m[2], scl(add(t, op(q, lc(q, B))), b.m[i]));
            }
            m[3] = add(IC(&b, B), op(q, lc(q, B)));
            for (int k = 0; k < 3; k++) res[k] = dist(m[k], m[k + 1]);
            return 3;
        }
        case AK_APPL_PA12: {
            mv R = rotor(r), c = rvec(r), T = translator(c), M = gp(T, R), Bb = rbiv(r),
               vb = rvec(r);
            mv RBR = sand(R, Bb), Mev = sand(M, gp(eps(), vb));
            mv m0 = sand(M, add(Bb, gp(eps(), vb)));
            mv m1 = add(sand(T, RBR), Mev);
            mv m2 = add(sub(RBR, gp(eps(), lc(c, RBR))), Mev);
            mv m3 = add(RBR, gp(eps(), sub(sand(R, vb), lc(c, RBR))));
            mv m4 = add(euc(m0), gp(eps(), ideal_vec(m0))); // B_w + eps v_w: the split of M B_b M~
            mv m[5] = { m0, m1, m2, m3, m4 };
            for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
            return 4;
        }
        case AK_APPL_PA20: {
            mv R = rotor(r), c = rvec(r), T = translator(c), M = gp(T, R), fb = rvec(r),
               Tb = rbiv(r);
            mv Fb = sub(lc(fb, O()), gp(Tb, Ip())), C = sand(M, O()), fw = sand(R, fb),
               TwC = sand(R, Tb);
            mv m0 = sand(M, Fb);
            mv m1 = gp(gp(T, sand(R, Fb)), rev(T));
            mv m2 = sub(lc(sand(T, sand(R, fb)), C), gp(sand(R, Tb), Ip()));
            mv m3 = sub(lc(sand(T, fw), C), gp(TwC, Ip()));
            mv m4 = sub(lc(fw, C), gp(TwC, Ip()));
            mv m5 = sub(lc(fw, O()), gp(add(op(c, fw), TwC), Ip()));
            mv m[6] = { m0, m1, m2, m3, m4, m5 };
            for (int k = 0; k < 5; k++) res[k] = dist(m[k], m[k + 1]);
            return 5;
        }
        case AK_APPL_PA22: {
            body b = rbody(r);
            mv R = rotor(r), c = rvec(r), M = gp(translator(c), R), Bd = rbiv(r), vd = rvec(r);
            mv Bdw = add(Bd, gp(eps(), vd)), u = add(vd, lc(c, Bd)), RtBR = sand(rev(R), Bd),
               C = sand(M, O());
            mv m0 = sand(M, Ib(&b, sand(rev(M), Bdw)));
            mv m1 = sand(M, Ib(&b, add(RtBR, gp(eps(), sand(rev(R), u)))));
            mv m2 =
                sub(scl(sand(M, lc(sand(rev(R), u), O())), b.M), gp(sand(R, IC(&b, RtBR)), Ip()));
            mv m3 = sub(scl(lc(u, C), b.M), gp(sand(R, IC(&b, RtBR)), Ip()));
            mv m[4] = { m0, m1, m2, m3 };
            for (int k = 0; k < 3; k++) res[k] = dist(m[k], m[k + 1]);
            return 3;
        }
        case AK_APPL_PA25: {
            body b = rbody(r);
            mv Bb = rbiv(r), v = rvec(r), B = add(Bb, gp(eps(), v)), ICB = IC(&b, Bb);
            mv m0 = op(B, Ib(&b, B));
            mv m1 = op(B, sub(scl(lc(v, O()), b.M), gp(ICB, Ip())));
            mv m2 = sub(add(scl(op(Bb, lc(v, O())), b.M), scl(op(gp(eps(), v), lc(v, O())), b.M)),
                        gp(Bb, gp(ICB, Ip())));
            double v2 = gp(v, v).c[0];
            mv m3 = scl(Ip(), b.M * v2 - lc(Bb, ICB).c[0]);
            // 1/2 sum i_k w_k^2 = 1/2 w.J w with B_b = w I_3: -1/2 B_b . I_C[B_b] (the scalar form)
            double wJw = 0.0;
            {
                mv w = gp(Bb, scl(O(), -1.0)); // w = -B_b I_3
                for (int p = 0; p < 3; p++)
                    for (int q = 0; q < 3; q++) {
                        mv Ep = gp(blade(2u << p, 1.0), O()), Eq = gp(blade(2u << q, 1.0), O());
                        double Jpq =
                            -gp(Ep, IC(&b, Eq)).c[0]; // J_pq = e_p I_3 . I_C[e_q I_3] (with sign)
                        wJw += w.c[2u << p] * Jpq * w.c[2u << q];
                    }
            }
            mv m4 = scl(Ip(), 2.0 * (0.5 * b.M * v2 + 0.5 * wJw));
            mv m[5] = { m0, m1, m2, m3, m4 };
            for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
            return 4;
        }
        case AK_APPL_PA26: {
            mv Bw = rbiv(r), vw = rvec(r), fw = rvec(r), x = rvec(r), X = point(x),
               B = add(Bw, gp(eps(), vw));
            mv Fw = lc(fw, X), TwO = op(x, fw), xdot = add(vw, lc(x, Bw));
            mv m0 = op(B, Fw);
            mv m1 = op(B, sub(lc(fw, O()), gp(TwO, Ip())));
            mv m2 = sub(op(gp(eps(), vw), lc(fw, O())), op(Bw, gp(TwO, Ip())));
            mv m3 = scl(Ip(), lc(vw, fw).c[0] - lc(Bw, TwO).c[0]);
            mv m4 = scl(Ip(), lc(vw, fw).c[0] - lc(Bw, op(x, fw)).c[0]);
            mv m5 = scl(Ip(), lc(add(vw, lc(x, Bw)), fw).c[0]);
            mv m6 = scl(Ip(), lc(xdot, fw).c[0]);
            mv m[7] = { m0, m1, m2, m3, m4, m5, m6 };
            for (int k = 0; k < 6; k++) res[k] = dist(m[k], m[k + 1]);
            return 6;
        }
        case AK_APPL_PB17: {
            body b = rprincipal(r); // I_C diagonal on E_1 = e23, E_2 = e31 (= -e13), E_3 = e12
            mv E[3] = { blade(12, 1.0), blade(10, -1.0), blade(6, 1.0) };
            double i[3], Bk[3];
            for (int k = 0; k < 3; k++)
                i[k] = gp(E[k], IC(&b, E[k])).c[0] * -1.0, Bk[k] = uni(r); // E_k^2 = -1
            mv B = zero(), IB = zero();
            for (int k = 0; k < 3; k++)
                B = add(B, scl(E[k], Bk[k])), IB = add(IB, scl(E[k], i[k] * Bk[k]));
            // I_C^-1 of a bivector sum_k c_k E_k is sum_k c_k / i_k E_k (diagonal)
            mv X = comm(B, IC(&b, B)), m0 = zero(), m1 = zero(), m2 = zero(), m3 = zero(),
               m4 = zero();
            mv Y = comm(B, IB);
            double c2[3] = { (i[1] - i[2]) * Bk[1] * Bk[2], (i[2] - i[0]) * Bk[2] * Bk[0],
                             (i[0] - i[1]) * Bk[0] * Bk[1] };
            for (int k = 0; k < 3; k++) {
                double xk = -gp(E[k], X).c[0], yk = -gp(E[k], Y).c[0]; // coordinate on E_k
                m0 = add(m0, scl(E[k], xk / i[k]));
                m1 = add(m1, scl(E[k], yk / i[k]));
                m2 = add(m2, scl(E[k], c2[k] / i[k]));
                m3 = add(m3, scl(E[k], c2[k] / i[k]));
                int a = (k + 1) % 3, bb = (k + 2) % 3;
                double w = (i[a] - i[bb]) / i[k];
                m4 = add(m4, scl(E[k], w * Bk[a] * Bk[bb]));
            }
            mv m[5] = { m0, m1, m2, m3, m4 };
            for (int k = 0; k < 4; k++) res[k] = dist(m[k], m[k + 1]);
            return 4;
        }
        default: return 0;
    }
}

double ak_appl_corrected(int chain, int k, gsl_rng *r) {
    if (chain == AK_APPL_PA9PGA && k == 2) { // -m (q.B).O - I_C[B]𝓘 (A.4 applied to line 2)
        body b = rbody(r);
        mv q = rvec(r), B = rbiv(r), qB = lc(q, B);
        mv m1 = Ib(&b, sub(B, gp(eps(), qB)));
        return dist(m1, sub(scl(lc(qB, O()), -b.M), gp(IC(&b, B), Ip())));
    }
    if (chain == AK_APPL_PA8_3D_EPS && k == 1) { // I_b[E_1 𝓘_3] = I_b[-eps e_1]: E_1 𝓘_3 = -eps e_1
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0);
        return dist(Ib(&b, gp(E1, Ip())), Ib(&b, scl(gp(eps(), e1), -1.0)));
    }
    if (chain == AK_APPL_PA8_3D_E1 &&
        k == 1) { // I_b[E_1] = I_b[e_2 e_3] = i_1 eps e_1 (no i_1 twice)
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0);
        double i1 = IC(&b, E1).c[12];
        return dist(Ib(&b, E1), scl(gp(eps(), e1), i1));
    }
    if (chain == AK_APPL_PA8_3D_E1 && k == 3) { // i_1 eps e_1 = -i_1 E_1 𝓘_3
        body b = rprincipal(r);
        mv E1 = blade(12, 1.0), e1 = blade(2, 1.0);
        double i1 = IC(&b, E1).c[12];
        return dist(scl(gp(eps(), e1), i1), scl(gp(E1, Ip()), -i1));
    }
    if (chain == AK_APPL_PA22_SPLIT && k == 4) { // R~ Bdot_w R + eps R~ (vdot_w + c.Bdot_w) R
        mv R = rotor(r), c = rvec(r), Bd = rbiv(r), vd = rvec(r);
        mv m3 = gp(gp(rev(R), add(Bd, gp(eps(), add(vd, lc(c, Bd))))), R);
        mv fix = add(gp(gp(rev(R), Bd), R), gp(eps(), gp(gp(rev(R), add(vd, lc(c, Bd))), R)));
        return dist(m3, fix);
    }
    if (chain == AK_APPL_PA9 && k == 3) { // I_C[B_b] + m q ^ (q . B_b), against the third member
        body b = rbody(r);
        mv q = rvec(r), B = rbiv(r), m2 = zero();
        for (int i = 0; i < b.n; i++) {
            mv ri = b.r[i];
            mv t = sub(sub(op(ri, lc(ri, B)), op(q, lc(ri, B))), op(ri, lc(q, B)));
            m2 = add(m2, scl(add(t, op(q, lc(q, B))), b.m[i]));
        }
        return dist(m2, add(IC(&b, B), scl(op(q, lc(q, B)), b.M)));
    }
    if (chain == AK_APPL_PA25 &&
        k == 2) { // - B_b ^ (I_C[B_b]𝓘): the outer product, as the first line has
        body b = rbody(r);
        mv Bb = rbiv(r), v = rvec(r), B = add(Bb, gp(eps(), v)), ICB = IC(&b, Bb);
        mv m1 = op(B, sub(scl(lc(v, O()), b.M), gp(ICB, Ip())));
        mv fix = sub(add(scl(op(Bb, lc(v, O())), b.M), scl(op(gp(eps(), v), lc(v, O())), b.M)),
                     op(Bb, gp(ICB, Ip())));
        return dist(m1, fix);
    }
    return -1.0;
}
