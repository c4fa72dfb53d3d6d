// ten Bosch 2020, §3-§4: printed equations evaluated "=" by "=" in Cl(n,0,0), n = 2..5. See
// tenbosch_lines.h. Only ref/ga/cl.h is used (the oracles' rule).
#include "verify/oracles/tenbosch_lines.h"

#include <gsl/gsl_linalg.h>
#include <math.h>

#include "ref/ga/cl.h"

const ak_tbl_chain ak_tbl_chains[AK_TBL_NCHAINS] = {
    [AK_TBL_B3] = { "B-3",
                    "§3, the rates of the state and the point velocity",
                    4,
                    { "-2 R_t R~ (differences) is a bivector omega",
                      "R_t (differences) = -1/2 omega R (omega = A + R C R~)",
                      "d/dt (R r R~) (differences) = (R r R~) . omega (world frame)",
                      "in the body frame: R~ (d/dt R r R~) R = r . (R~ omega R)" } },
    [AK_TBL_EQ3] = { "B-eq3",
                     "§4, eq. (3), [r]* the matrix of a -> r ^ a (lexicographic basis)",
                     2,
                     { "r ^ a = [r]* a", "r . omega = [r]*^T omega" } },
    [AK_TBL_I] = { "B-I",
                   "§4, the inertia matrix (point masses for the integral)",
                   2,
                   { "I(omega) = sum m r ^ (r . omega) = sum m [r]* [r]*^T omega",
                     "... = I omega (I the k x k matrix)" } },
    [AK_TBL_EQ1] = { "B-eq1",
                     "§3, eq. (1), omega the body-frame rate",
                     1,
                     { "L = sum m x ^ xdot (world points, xdot by differences) = R I(omega) R~" } },
    [AK_TBL_EQ2] = { "B-eq2",
                     "§3, eq. (2), body frame, tau = L_t",
                     1,
                     { "R~ L_t R (differences) = I(omega_t) - omega x I(omega), x = 1/2 (AB - "
                       "BA)" } },
    [AK_TBL_EQ4] = { "B-eq4",
                     "§4, eq. (4), [R]_2 the matrix of B -> R B R~",
                     2,
                     { "[R]_2 I [R]_2^T omega = R I(R~ omega R) R~",
                       "R I(R~ omega R) R~ = L (world points, by differences)" } },
    [AK_TBL_EQ5] = { "B-eq5",
                     "§4, eq. (5), world frame, tau = L_t",
                     1,
                     { "L_t (differences) = I' omega_t - omega x I' omega" } },
    [AK_TBL_B5] = { "B-5",
                    "§5, n-simplices against the vertex formula for int x x^T dV",
                    6,
                    { "C_xx = 2/(n+2)!, C_xy = 1/(n+2)! (canonical simplex)",
                      "C' = det(M) M C M^T (a simplex with a vertex at the origin)",
                      "[r]* = sum r_i [e_i]*",
                      "mesh: sum over the outward boundary cells of rho det(M)/n! = the simplex's "
                      "mass",
                      "mesh: sum over the cells of sum C'_ij [e_i]*[e_j]*^T = int [r]*[r]*^T dV of "
                      "the simplex",
                      "a diagonal C gives a diagonal I" } },
    [AK_TBL_B6] = { "B-6",
                    "§6, an impulse j at r on a body of 5 point masses (I about the centroid)",
                    3,
                    { "I^-1(r ^ j) = I^-1 [r]* j",
                      "the point velocity v + r . w after v += j/m, w += I^-1(r ^ j): u_0 - u = K "
                      "j, "
                      "K = delta/m + [r]*^T I^-1 [r]*",
                      "L_0 - L = sum m_i (x_i - c) ^ (v_0 + (x_i - c) . w_0) - ... = r ^ j (the "
                      "angular impulse of j at r)" } },
};

typedef ak_cl_mv mv;
static int N; // the dimension of the current instance
static double uni(gsl_rng *r) { return 2.0 * gsl_rng_uniform(r) - 1.0; }
static mv zero(void) {
    mv a;
    ak_cl_zero(&a, N, 0, 0);
    return a;
}
static mv add(mv a, mv b) {
    mv o;
    ak_cl_add(&o, &a, &b);
    return o;
}
static mv sub(mv a, mv b) {
    mv o;
    ak_cl_sub(&o, &a, &b);
    return o;
}
static mv scl(mv a, double s) {
    mv o;
    ak_cl_scale(&o, &a, s);
    return o;
}
static mv gp(mv a, mv b) {
    mv o;
    ak_cl_gp(&o, &a, &b);
    return o;
}
static mv op(mv a, mv b) {
    mv o;
    ak_cl_op(&o, &a, &b);
    return o;
}
static mv lc(mv a, mv b) {
    mv o;
    ak_cl_lc(&o, &a, &b);
    return o;
}
static mv rev(mv a) {
    mv o;
    ak_cl_reverse(&o, &a);
    return o;
}
static mv ex(mv a) {
    mv o;
    ak_cl_exp(&o, &a);
    return o;
}
static mv sand(mv R, mv X) { return gp(gp(R, X), rev(R)); }
static mv comm(mv a, mv b) { return scl(sub(gp(a, b), gp(b, a)), 0.5); }
static double dist(mv a, mv b) { return ak_cl_dist(&a, &b); }
static mv rvec(gsl_rng *r) {
    mv v = zero();
    for (int i = 0; i < N; i++) v.c[1u << i] = uni(r);
    return v;
}
// the lexicographic bivector basis: k = n(n-1)/2 masks
static int biv_masks(unsigned m[]) {
    int k = 0;
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++) m[k++] = (1u << i) | (1u << j);
    return k;
}
static mv rbiv(gsl_rng *r) {
    unsigned m[10];
    int k = biv_masks(m);
    mv b = zero();
    for (int q = 0; q < k; q++) b.c[m[q]] = uni(r);
    return b;
}
static void biv_to(double o[], mv b) {
    unsigned m[10];
    int k = biv_masks(m);
    for (int q = 0; q < k; q++) o[q] = b.c[m[q]];
}
static mv biv_from(const double o[]) {
    unsigned m[10];
    int k = biv_masks(m);
    mv b = zero();
    for (int q = 0; q < k; q++) b.c[m[q]] = o[q];
    return b;
}
// [r]*: k x n, column c = r ^ e_c (eq. (3) as the definition)
static void rstar(double S[10][5], mv r) {
    for (int c = 0; c < N; c++) {
        mv e = zero();
        e.c[1u << c] = 1.0;
        double col[10];
        biv_to(col, op(r, e));
        for (int q = 0; q < 10; q++) S[q][c] = q < N * (N - 1) / 2 ? col[q] : 0.0;
    }
}

// ---- §5 helpers: determinants, the printed covariance transform and expansion, and the
// independent vertex formula for the second moments of a simplex
static double mat_det(gsl_matrix *D) {
    int sgn;
    gsl_permutation *p = gsl_permutation_alloc(D->size1);
    gsl_linalg_LU_decomp(D, p, &sgn);
    double d = gsl_linalg_LU_det(D, sgn);
    gsl_permutation_free(p);
    return d;
}
static double det_of(int n, double M[5][5]) {
    gsl_matrix *D = gsl_matrix_alloc((size_t)n, (size_t)n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) gsl_matrix_set(D, (size_t)i, (size_t)j, M[i][j]);
    double d = mat_det(D);
    gsl_matrix_free(D);
    return d;
}
static void cov_transform(int n, double M[5][5], double det, double C[5][5], double out[5][5]) {
    for (int i = 0; i < n; i++) // C' = det(M) M C M^T, as printed
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) s += M[i][a] * C[a][b] * M[j][b];
            out[i][j] = det * s;
        }
}
static void vertex_moment(int n, double P[6][5], double V, double X[5][5]) {
    double s[5] = { 0 };
    for (int a = 0; a <= n; a++)
        for (int i = 0; i < n; i++) s[i] += P[a][i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double q = s[i] * s[j];
            for (int a = 0; a <= n; a++) q += P[a][i] * P[a][j];
            X[i][j] = V / ((n + 1.0) * (n + 2.0)) * q;
        }
}
static void expand_inertia(int n, double C[5][5], double I[10][10]) { // sum C_ij [e_i]*[e_j]*^T
    int kk = n * (n - 1) / 2;
    for (int p = 0; p < kk; p++)
        for (int q = 0; q < kk; q++) I[p][q] = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            mv ei = zero(), ej = zero();
            ei.c[1u << i] = 1.0, ej.c[1u << j] = 1.0;
            double Si[10][5], Sj[10][5];
            rstar(Si, ei);
            rstar(Sj, ej);
            for (int p = 0; p < kk; p++)
                for (int q = 0; q < kk; q++)
                    for (int c = 0; c < n; c++) I[p][q] += C[i][j] * Si[p][c] * Sj[q][c];
        }
}

typedef struct bodyn {
    int n;
    double m[5];
    mv r[5];
} bodyn;
static bodyn rbodyn(gsl_rng *r) {
    bodyn b = { .n = 5 };
    for (int i = 0; i < b.n; i++) b.m[i] = 0.5 + gsl_rng_uniform(r), b.r[i] = rvec(r);
    return b;
}
static mv Imap(const bodyn *b, mv w) { // L(omega) = sum m r ^ (r . omega)
    mv s = zero();
    for (int i = 0; i < b->n; i++) s = add(s, scl(op(b->r[i], lc(b->r[i], w)), b->m[i]));
    return s;
}
static void Imat(const bodyn *b, double I[10][10]) { // sum m [r]* [r]*^T
    int k = N * (N - 1) / 2;
    for (int p = 0; p < k; p++)
        for (int q = 0; q < k; q++) I[p][q] = 0.0;
    for (int i = 0; i < b->n; i++) {
        double S[10][5];
        rstar(S, b->r[i]);
        for (int p = 0; p < k; p++)
            for (int q = 0; q < k; q++)
                for (int c = 0; c < N; c++) I[p][q] += b->m[i] * S[p][c] * S[q][c];
    }
}
static mv matvec(double A[10][10], mv w) {
    int k = N * (N - 1) / 2;
    double x[10], y[10] = { 0 };
    biv_to(x, w);
    for (int p = 0; p < k; p++)
        for (int q = 0; q < k; q++) y[p] += A[p][q] * x[q];
    return biv_from(y);
}

typedef struct rmot {
    mv A, R0, C;
} rmot;
static mv Rt(const rmot *q, double t) {
    return gp(gp(ex(scl(q->A, -0.5 * t)), q->R0), ex(scl(q->C, -0.5 * t)));
}
static mv wworld(const rmot *q, double t) { return add(q->A, sand(Rt(q, t), q->C)); }
static mv wbody(const rmot *q, double t) { return sand(rev(Rt(q, t)), wworld(q, t)); }
enum { F_R, F_X, F_L, F_WB, F_WW };
typedef struct fctx {
    const rmot *q;
    const bodyn *b;
    mv r;
    int what;
} fctx;
static mv Lworld(const fctx *k, double t);
static mv eval(const fctx *k, double t) {
    switch (k->what) {
        case F_R: return Rt(k->q, t);
        case F_X: return sand(Rt(k->q, t), k->r);
        case F_L: return Lworld(k, t);
        case F_WB: return wbody(k->q, t);
        case F_WW: return wworld(k->q, t);
        default: return zero();
    }
}
static mv ddt(const fctx *k, double t) {
    const double h = 1e-3;
    mv a = eval(k, t - 2 * h), b = eval(k, t - h), c = eval(k, t + h), d = eval(k, t + 2 * h);
    return scl(add(sub(scl(c, 8.0), scl(b, 8.0)), sub(a, d)), 1.0 / (12.0 * h));
}
static mv Lworld(const fctx *k, double t) { // R I(omega_b) R~ (eq. (1))
    mv R = Rt(k->q, t);
    return sand(R, Imap(k->b, wbody(k->q, t)));
}

int ak_tbl_residuals(int chain, gsl_rng *r, double res[]) {
    N = 2 + (int)gsl_rng_uniform_int(r, 4);
    rmot q = { rbiv(r), ex(rbiv(r)), rbiv(r) };
    const double t = 0.3 + 0.5 * gsl_rng_uniform(r);
    fctx k = { .q = &q, .what = F_R };
    mv R = Rt(&q, t), w = wworld(&q, t);
    switch (chain) {
        case AK_TBL_B3: {
            mv Rd = ddt(&k, t), W = scl(gp(Rd, rev(R)), -2.0), W2;
            ak_cl_grade_part(&W2, &W, 2);
            res[0] = dist(W, W2);
            res[1] = dist(Rd, scl(gp(w, R), -0.5));
            k.r = rvec(r);
            k.what = F_X;
            mv xd = ddt(&k, t), x = sand(R, k.r);
            res[2] = dist(xd, lc(x, w));
            res[3] = dist(sand(rev(R), xd), lc(k.r, sand(rev(R), w)));
            return 4;
        }
        case AK_TBL_EQ3: {
            mv rv = rvec(r), a = rvec(r), om = rbiv(r);
            double S[10][5], x[10], y[5] = { 0 }, z[10] = { 0 };
            int kk = N * (N - 1) / 2;
            rstar(S, rv);
            for (int c = 0; c < N; c++)
                for (int p = 0; p < kk; p++) z[p] += S[p][c] * a.c[1u << c];
            res[0] = dist(op(rv, a), biv_from(z));
            biv_to(x, om);
            for (int c = 0; c < N; c++)
                for (int p = 0; p < kk; p++) y[c] += S[p][c] * x[p];
            mv yv = zero();
            for (int c = 0; c < N; c++) yv.c[1u << c] = y[c];
            res[1] = dist(lc(rv, om), yv);
            return 2;
        }
        case AK_TBL_I: {
            bodyn b = rbodyn(r);
            mv om = rbiv(r), s = zero();
            for (int i = 0; i < b.n; i++) {
                double S[10][5], x[10], y[5] = { 0 }, z[10] = { 0 };
                int kk = N * (N - 1) / 2;
                rstar(S, b.r[i]);
                biv_to(x, om);
                for (int c = 0; c < N; c++)
                    for (int p = 0; p < kk; p++) y[c] += S[p][c] * x[p];
                for (int p = 0; p < kk; p++)
                    for (int c = 0; c < N; c++) z[p] += S[p][c] * y[c];
                s = add(s, scl(biv_from(z), b.m[i]));
            }
            double I[10][10];
            Imat(&b, I);
            res[0] = dist(Imap(&b, om), s);
            res[1] = dist(s, matvec(I, om));
            return 2;
        }
        case AK_TBL_EQ1:
        case AK_TBL_EQ4: {
            bodyn b = rbodyn(r);
            mv L = zero();
            for (int i = 0; i < b.n; i++) {
                fctx kx = { .q = &q, .r = b.r[i], .what = F_X };
                mv xd = ddt(&kx, t), x = sand(R, b.r[i]);
                L = add(L, scl(op(x, xd), b.m[i]));
            }
            mv RIR = sand(R, Imap(&b, sand(rev(R), w)));
            if (chain == AK_TBL_EQ1) {
                res[0] = dist(L, sand(R, Imap(&b, wbody(&q, t))));
                return 1;
            }
            double I[10][10], R2[10][10], Ip[10][10];
            unsigned m[10];
            int kk = biv_masks(m);
            Imat(&b, I);
            for (int c = 0; c < kk; c++) { // column c of [R]_2: R e_c R~
                mv e = zero();
                e.c[m[c]] = 1.0;
                double col[10];
                biv_to(col, sand(R, e));
                for (int p = 0; p < kk; p++) R2[p][c] = col[p];
            }
            for (int p = 0; p < kk; p++)
                for (int s2 = 0; s2 < kk; s2++) {
                    Ip[p][s2] = 0.0;
                    for (int a2 = 0; a2 < kk; a2++)
                        for (int c2 = 0; c2 < kk; c2++)
                            Ip[p][s2] += R2[p][a2] * I[a2][c2] * R2[s2][c2];
                }
            res[0] = dist(matvec(Ip, w), RIR);
            res[1] = dist(RIR, L);
            return 2;
        }
        case AK_TBL_EQ2:
        case AK_TBL_EQ5: {
            bodyn b = rbodyn(r);
            k.b = &b;
            k.what = F_L;
            mv Lt = ddt(&k, t);
            if (chain == AK_TBL_EQ2) {
                k.what = F_WB;
                mv wbd = ddt(&k, t), wb = wbody(&q, t);
                res[0] = dist(sand(rev(R), Lt), sub(Imap(&b, wbd), comm(wb, Imap(&b, wb))));
                return 1;
            }
            k.what = F_WW;
            mv wd = ddt(&k, t);
            // I' omega = R I(R~ omega R) R~ (eq. (4), checked above)
            mv Ipwd = sand(R, Imap(&b, sand(rev(R), wd))), Ipw = sand(R, Imap(&b, sand(rev(R), w)));
            res[0] = dist(Lt, sub(Ipwd, comm(w, Ipw)));
            return 1;
        }
        case AK_TBL_B5: {
            // independent reference: int_T x x^T dV = V/((n+1)(n+2)) (sum_a p_a p_a^T + s s^T),
            // s = sum_a p_a, over the n + 1 vertices p_a of an n-simplex T of volume V
            int n = N, kk = n * (n - 1) / 2;
            double fact = 1.0;
            for (int i = 2; i <= n + 2; i++) fact *= i; // (n+2)!
            double nfact = 1.0;
            for (int i = 2; i <= n; i++) nfact *= i;
            double Cc[5][5];
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) Cc[i][j] = i == j ? 2.0 / fact : 1.0 / fact; // printed
            double P[6][5];
            for (;;) { // a positively oriented simplex p_0 .. p_n
                for (int a = 0; a <= n; a++)
                    for (int i = 0; i < n; i++) P[a][i] = uni(r);
                gsl_matrix *D = gsl_matrix_alloc((size_t)n, (size_t)n);
                for (int i = 0; i < n; i++)
                    for (int a = 1; a <= n; a++)
                        gsl_matrix_set(D, (size_t)i, (size_t)(a - 1), P[a][i] - P[0][i]);
                double det = mat_det(D);
                gsl_matrix_free(D);
                if (fabs(det) < 0.05) continue;
                if (det < 0) // swap two vertices
                    for (int i = 0; i < n; i++) {
                        double tmp = P[1][i];
                        P[1][i] = P[2 % (n + 1)][i];
                        P[2 % (n + 1)][i] = tmp;
                    }
                break;
            }
            // (0) the printed constants against the vertex formula on the canonical simplex
            {
                double Pc[6][5] = { { 0 } }, X[5][5];
                for (int a = 1; a <= n; a++) Pc[a][a - 1] = 1.0;
                vertex_moment(n, Pc, 1.0 / nfact, X);
                double e = 0.0;
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) e = fmax(e, fabs(X[i][j] - Cc[i][j]));
                res[0] = e * fact; // relative to 1/(n+2)!
            }
            // (1) C' = det(M) M C M^T for the simplex with vertices 0, p_1 - p_0 ... (columns of M)
            {
                double M[5][5], Q[6][5] = { { 0 } }, X[5][5], Cp[5][5];
                for (int i = 0; i < n; i++)
                    for (int a = 1; a <= n; a++)
                        M[i][a - 1] = P[a][i] - P[0][i], Q[a][i] = M[i][a - 1];
                double det = det_of(n, M);
                cov_transform(n, M, det, Cc, Cp);
                vertex_moment(n, Q, det / nfact, X);
                double e = 0.0;
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) e = fmax(e, fabs(X[i][j] - Cp[i][j]));
                res[1] = e;
            }
            // (2) [r]* = sum r_i [e_i]*
            {
                mv rv = rvec(r);
                double S[10][5], Si[10][5], acc[10][5] = { { 0 } };
                rstar(S, rv);
                for (int i = 0; i < n; i++) {
                    mv e = zero();
                    e.c[1u << i] = 1.0;
                    rstar(Si, e);
                    for (int p2 = 0; p2 < kk; p2++)
                        for (int c2 = 0; c2 < n; c2++) acc[p2][c2] += rv.c[1u << i] * Si[p2][c2];
                }
                double e = 0.0;
                for (int p2 = 0; p2 < kk; p2++)
                    for (int c2 = 0; c2 < n; c2++) e = fmax(e, fabs(acc[p2][c2] - S[p2][c2]));
                res[2] = e;
            }
            // (3), (4) the boundary mesh of the simplex: cell a omits p_a, its vertices in order,
            // the first two swapped for odd a (outward), coned to the origin
            {
                double mass = 0.0, Cs[5][5] = { { 0 } }, X[5][5], M[5][5], Cp[5][5];
                for (int a = 0; a <= n; a++) {
                    int col = 0;
                    for (int b2 = 0; b2 <= n; b2++) {
                        if (b2 == a) continue;
                        for (int i = 0; i < n; i++) M[i][col] = P[b2][i];
                        col++;
                    }
                    if (a % 2)
                        for (int i = 0; i < n; i++) {
                            double tmp = M[i][0];
                            M[i][0] = M[i][1];
                            M[i][1] = tmp;
                        }
                    double det = det_of(n, M);
                    mass += det / nfact; // rho = 1
                    cov_transform(n, M, det, Cc, Cp);
                    for (int i = 0; i < n; i++)
                        for (int j = 0; j < n; j++) Cs[i][j] += Cp[i][j];
                }
                double Mv[5][5];
                for (int i = 0; i < n; i++)
                    for (int a = 1; a <= n; a++) Mv[i][a - 1] = P[a][i] - P[0][i];
                double V = det_of(n, Mv) / nfact;
                res[3] = fabs(mass - V);
                vertex_moment(n, P, V, X);
                double Im[10][10], Ix[10][10];
                expand_inertia(n, Cs, Im);
                expand_inertia(n, X, Ix);
                double e = 0.0;
                for (int p2 = 0; p2 < kk; p2++)
                    for (int q2 = 0; q2 < kk; q2++) e = fmax(e, fabs(Im[p2][q2] - Ix[p2][q2]));
                res[4] = e;
            }
            // (5) a diagonal covariance gives a diagonal inertia
            {
                double D[5][5] = { { 0 } }, Id[10][10], e = 0.0;
                for (int i = 0; i < n; i++) D[i][i] = gsl_rng_uniform(r);
                expand_inertia(n, D, Id);
                for (int p2 = 0; p2 < kk; p2++)
                    for (int q2 = 0; q2 < kk; q2++)
                        if (p2 != q2) e = fmax(e, fabs(Id[p2][q2]));
                res[5] = e;
            }
            return 6;
        }
        case AK_TBL_B6: {
            bodyn b = rbodyn(r);
            double msum = 0.0;
            mv cen = zero();
            for (int i = 0; i < b.n; i++) msum += b.m[i], cen = add(cen, scl(b.r[i], b.m[i]));
            cen = scl(cen, 1.0 / msum);
            for (int i = 0; i < b.n; i++) b.r[i] = sub(b.r[i], cen); // about the centroid
            int kk = N * (N - 1) / 2;
            double I[10][10];
            Imat(&b, I);
            gsl_matrix *A = gsl_matrix_alloc((size_t)kk, (size_t)kk);
            for (int p2 = 0; p2 < kk; p2++)
                for (int q2 = 0; q2 < kk; q2++)
                    gsl_matrix_set(A, (size_t)p2, (size_t)q2, I[p2][q2]);
            gsl_permutation *perm = gsl_permutation_alloc((size_t)kk);
            int sgn;
            gsl_linalg_LU_decomp(A, perm, &sgn);
            double Iinv[10][10];
            for (int q2 = 0; q2 < kk; q2++) { // columns of I^-1
                gsl_vector *e = gsl_vector_calloc((size_t)kk), *x = gsl_vector_alloc((size_t)kk);
                gsl_vector_set(e, (size_t)q2, 1.0);
                gsl_linalg_LU_solve(A, perm, e, x);
                for (int p2 = 0; p2 < kk; p2++) Iinv[p2][q2] = gsl_vector_get(x, (size_t)p2);
                gsl_vector_free(e);
                gsl_vector_free(x);
            }
            gsl_permutation_free(perm);
            gsl_matrix_free(A);
            mv rv = rvec(r), j = rvec(r), v = rvec(r), w0 = rbiv(r);
            double S[10][5], rj[10] = { 0 };
            rstar(S, rv);
            for (int p2 = 0; p2 < kk; p2++)
                for (int c2 = 0; c2 < N; c2++) rj[p2] += S[p2][c2] * j.c[1u << c2];
            mv dw1 = matvec(Iinv, op(rv, j)), dw2 = matvec(Iinv, biv_from(rj));
            res[0] = dist(dw1, dw2);
            // K j, as printed
            double Kj[5] = { 0 }, t1[10] = { 0 };
            for (int p2 = 0; p2 < kk; p2++)
                for (int q2 = 0; q2 < kk; q2++) t1[p2] += Iinv[p2][q2] * rj[q2];
            for (int c2 = 0; c2 < N; c2++) {
                Kj[c2] = j.c[1u << c2] / msum;
                for (int p2 = 0; p2 < kk; p2++) Kj[c2] += S[p2][c2] * t1[p2];
            }
            mv v0 = add(v, scl(j, 1.0 / msum)), w1 = add(w0, dw1);
            mv du = sub(add(v0, lc(rv, w1)), add(v, lc(rv, w0))), Kjv = zero();
            for (int c2 = 0; c2 < N; c2++) Kjv.c[1u << c2] = Kj[c2];
            res[1] = dist(du, Kjv);
            // the angular momentum of the points about the centroid changes by r ^ j
            mv L0 = zero(), L1 = zero();
            for (int i = 0; i < b.n; i++) {
                L0 = add(L0, scl(op(b.r[i], add(v, lc(b.r[i], w0))), b.m[i]));
                L1 = add(L1, scl(op(b.r[i], add(v0, lc(b.r[i], w1))), b.m[i]));
            }
            res[2] = dist(sub(L1, L0), op(rv, j));
            return 3;
        }
        default: return 0;
    }
}
