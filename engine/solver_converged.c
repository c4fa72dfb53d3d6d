// The converged reference contact solver (see solver_converged.h).
//
// The contact problem of one step. With the velocities after the force stage, the relative
// velocity of point i is u_i = u_i* + sum_j K_ij P_j (T-5.2; K_ii the point's K of B-6, K_ij the
// coupling through a shared body), P_j = lambda_n,j n_j + lambda_t,j. Find the impulses with
//   Signorini   lambda_n >= 0,  v_n - target >= 0,  lambda_n (v_n - target) = 0    (T-Alg12)
//   Coulomb     |lambda_t| <= mu lambda_n, and lambda_t maximises the dissipation
//               -lambda_t . u_t over that disc: u_t = 0 inside it, lambda_t = -mu lambda_n
//               u_t / |u_t| on its rim                                            (T-Alg13, B-6)
// with target 0 at a point that touches or penetrates and -gap/h across a speculative gap
// [T-CV.4]; the overlap is removed after the position integration by the position stage
// [T-CV.5] (at the end of the file), in pseudo-velocities that the bodies never keep. The residuals
// (ak_solver_residuals_eval; docs/formulas/world.md#converged-solver) measure each condition:
//   normal          max(0, target - v_n)
//   complementarity |lambda_n (v_n - target)|
//   cone            max(0, |lambda_t| - mu lambda_n)
//   dissipation     |mu lambda_n |u_t| + lambda_t . u_t|   (0 exactly when the friction impulse
//                   is on the rim and opposite the slip, or the point sticks)
// Method: block projected Gauss-Seidel over the points, repeated until every residual is at
// most the tolerance, with a semismooth Newton polish of the whole problem (or per component)
// after 50 sweeps and every 500 [T-CV.2] (below). Per point, the friction block with lambda_n fixed is the convex problem
//   min 1/2 x^T Kt x + g^T x  over |x| <= mu lambda_n     (Kt = T K T^T, g = u_t - Kt lambda_t)
// solved exactly: the unconstrained minimiser -Kt^-1 g if inside the disc, else
// x = -(Kt + a I)^-1 g with |x| = mu lambda_n, a > 0 found by Newton's method on the secular
// equation 1/|x(a)| = 1/(mu lambda_n) (Moré and Sorensen's trust-region iteration); then
// u_t = -a x opposes the impulse, so a fixed point satisfies maximal dissipation. The normal
// row is the accumulated, clamped update of T-Alg12.
// Impact phase (before the contact phase; the impact law for simultaneous collisions): the
// notes' collision-response loop P-2.6.1, run per body pair and to convergence: while some
// point with e > 0 approaches faster than the restitution threshold and faster than its target
// allows (it would close its gap in this step), the pair holding the fastest-approaching point
// is solved alone with Newton's law v_n+ >= -e v_n- (P-2.32) at its approaching points and
// Coulomb friction, by the same block iteration. Binary impacts in sequence pass the impulse of
// a chain of touching bodies from one body to the next, as in a Newton's cradle; a simultaneous
// solve of all points spreads it over the chain instead.
#include "engine/formula_record.h"
#include "engine/solver_converged.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/block_lu.h"
#include "ref/contact/contact.h"
#include "engine/solver.h"

#define AK_CV_INLINE static inline __attribute__((always_inline))

// CALL with N the dimension nv as a constant (2 to 5; a generic copy for any other), so that an
// always-inline kernel is compiled once per n of the contact problems with its loops unrolled:
// the same arithmetic in every copy.
#define AK_CV_PER_DIM(nv, N, CALL)                                                                 \
    do {                                                                                           \
        switch (nv) {                                                                              \
            case 2: {                                                                              \
                enum { N = 2 };                                                                    \
                CALL;                                                                              \
            } break;                                                                               \
            case 3: {                                                                              \
                enum { N = 3 };                                                                    \
                CALL;                                                                              \
            } break;                                                                               \
            case 4: {                                                                              \
                enum { N = 4 };                                                                    \
                CALL;                                                                              \
            } break;                                                                               \
            case 5: {                                                                              \
                enum { N = 5 };                                                                    \
                CALL;                                                                              \
            } break;                                                                               \
            default: {                                                                             \
                const int N = (nv);                                                                \
                CALL;                                                                              \
            } break;                                                                               \
        }                                                                                          \
    } while (0)

// Cholesky factor L (lower, row-major nt x nt) of A + a I; 0, or -1 if not positive definite.
AK_CV_INLINE int chol(int nt, const double A[], double a, double L[]) {
    for (int i = 0; i < nt; i++)
        for (int j = 0; j <= i; j++) {
            double s = A[i * nt + j] + (i == j ? a : 0.0);
            for (int k = 0; k < j; k++) s -= L[i * nt + k] * L[j * nt + k];
            if (i == j) {
                if (!(s > 0.0)) return -1;
                L[i * nt + i] = sqrt(s);
            } else {
                L[i * nt + j] = s / L[j * nt + j];
            }
        }
    return 0;
}

AK_CV_INLINE void fwd(int nt, const double L[], const double b[], double y[]) {
    for (int i = 0; i < nt; i++) {
        double s = b[i];
        for (int k = 0; k < i; k++) s -= L[i * nt + k] * y[k];
        y[i] = s / L[i * nt + i];
    }
}

AK_CV_INLINE void bwd(int nt, const double L[], const double y[], double x[]) {
    for (int i = nt - 1; i >= 0; i--) {
        double s = y[i];
        for (int k = i + 1; k < nt; k++) s -= L[k * nt + i] * x[k];
        x[i] = s / L[i * nt + i];
    }
}

static double norm(int k, const double x[]) {
    double s = 0.0;
    for (int i = 0; i < k; i++) s += x[i] * x[i];
    return sqrt(s);
}

// Each point's tangent block Kt (nt x nt, row-major) and its Cholesky factor at a = 0 (L0,
// from chol; L0[0] = 0 where Kt is not positive definite), KT_STRIDE doubles per point: the
// factor made once per step or problem instead of once per sweep (the same arithmetic).
#define KT_STRIDE (2 * AK_MAX_TAN * AK_MAX_TAN)

static void kt_factor(int nt, double K[]) {
    double *L0 = K + AK_MAX_TAN * AK_MAX_TAN;
    if (chol(nt, K, 0.0, L0)) L0[0] = 0.0;
}

// The friction block: minimise 1/2 x^T Kt x + g^T x over |x| <= r (see the top of the file),
// with Kt's factor L0 (kt_factor). One copy per nt (friction_block), the loops unrolled with nt
// a constant: the same arithmetic in each.
AK_CV_INLINE void friction_block_n(int nt, const double Kt[], const double L0[], const double g[],
                                   double r, double x[]) {
    double L[AK_MAX_TAN * AK_MAX_TAN], y[AK_MAX_TAN], mg[AK_MAX_TAN];
    for (int i = 0; i < nt; i++) mg[i] = -g[i];
    if (!(r > 0.0) || !(L0[0] > 0.0)) {
        memset(x, 0, sizeof(double) * (size_t)nt);
        return;
    }
    fwd(nt, L0, mg, y);
    bwd(nt, L0, y, x);
    double nx = norm(nt, x);
    if (nx <= r) return; // sticks: u_t = 0
    memcpy(L, L0, sizeof(double) * (size_t)nt * (size_t)nt);
    double a = 0.0;
    for (int it = 0; it < 60; it++) { // Newton on 1/|x(a)| - 1/r: monotone from a = 0
        double q[AK_MAX_TAN] = { 0 };
        fwd(nt, L, x, q);
        double nq = norm(nt, q);
        double da = (nx / nq) * (nx / nq) * (nx - r) / r;
        a += da;
        if (chol(nt, Kt, a, L)) break;
        fwd(nt, L, mg, y);
        bwd(nt, L, y, x);
        nx = norm(nt, x);
        if (fabs(nx - r) <= 1e-15 * r || !(da > 1e-300)) break;
    }
    if (nx > 0.0)
        for (int i = 0; i < nt; i++) x[i] *= r / nx; // on the rim to rounding
}

static void friction_block(int nt, const double Kt[], const double L0[], const double g[], double r,
                           double x[]) {
    AK_CV_PER_DIM(nt + 1, N, friction_block_n(N - 1, Kt, L0, g, r, x));
}

void ak_solver_friction_block(int nt, const double Kt[], const double g[], double r, double x[]) {
    double K[KT_STRIDE];
    memcpy(K, Kt, sizeof(double) * (size_t)nt * (size_t)nt);
    kt_factor(nt, K);
    friction_block(nt, K, K + AK_MAX_TAN * AK_MAX_TAN, g, r, x);
}

// Kt = T K T^T of point p (the tangent block of B-6's K).
static void tangent_block(const ak_model *m, const ak_contact_cache *c, const ak_contact_point *p,
                          double Kt[]) {
    int n = m->dim, nt = n - 1;
    double K[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
    ak_contact_k_add(n, K, ak_solver_inv_mass(m, p->a), ak_solver_inv_iw(m, c, p->a), p->ra);
    ak_contact_k_add(n, K, ak_solver_inv_mass(m, p->b), ak_solver_inv_iw(m, c, p->b), p->rb);
    for (int r = 0; r < nt; r++)
        for (int q = 0; q < nt; q++) {
            double acc = 0.0;
            for (int x = 0; x < n; x++)
                for (int y = 0; y < n; y++)
                    acc += p->tangent[r * n + x] * K[x * n + y] * p->tangent[q * n + y];
            Kt[r * nt + q] = acc;
        }
}

// The velocity problem's normal target [T-CV.4] (was -s/h at every point, T-CV.1): 0 where
// the point touches or penetrates (s <= AK_SOLVER_TOUCH), so that the targets of the resting
// points of a pair are those of a rigid motion (no relative motion at all) and sticking at all
// of them is consistent; -(s - AK_SOLVER_TOUCH)/h across a speculative gap (the bodies may
// close it within the step). The overlap is removed by the position stage [T-CV.5] instead,
// with pseudo-velocities.
double ak_solver_converged_target(const ak_model *m, double s, double h) {
    (void)m;
    return s > AK_SOLVER_TOUCH ? -(s - AK_SOLVER_TOUCH) / h : 0.0;
}

// The position stage's target [T-CV.5]: the linearised separation after the position
// integration, s + h v_n, closed within one step, capped like T-CV.1 for deep overlaps.
double ak_solver_converged_position_target(double s, double vn, double h) {
    return fmin(-(s + h * vn) / h, AK_SOLVER_MAX_BIAS);
}

// ak_solver_rel_velocity_fast with the bodies' motion looked up (solver.h)
AK_CV_INLINE void cv_rel_velocity(int n, const ak_model *m, const ak_data *d,
                                  const ak_contact_point *p, double u[]) {
    ak_solver_rel_velocity_fast(n, d, p, ak_solver_body_moves(m, p->a),
                                ak_solver_body_moves(m, p->b), u);
}

// The normal relative velocity at p (n a constant in the sweep's copies).
AK_CV_INLINE double normal_velocity_n(int n, const ak_model *m, const ak_data *d,
                                      const ak_contact_point *p) {
    double u[AK_MAX_DIM], vn = 0.0;
    cv_rel_velocity(n, m, d, p, u);
    for (int j = 0; j < n; j++) vn += u[j] * p->normal[j];
    return vn;
}

static double normal_velocity(const ak_model *m, const ak_data *d, const ak_contact_point *p) {
    return normal_velocity_n(m->dim, m, d, p);
}

// One block Gauss-Seidel sweep over points [s, e): friction block, then the normal row. One
// copy per n (sweep), the loops unrolled with n a constant: the same arithmetic in each.
AK_CV_INLINE void sweep_n(int n, const ak_model *m, ak_data *d, ak_contact_cache *c,
                          const double *Kt, const double target[], const double bound[], int s,
                          int e) {
    int nt = n - 1;
    for (int i = s; i < e; i++) {
        ak_contact_point *p = &c->step.pts[i];
        double u[AK_MAX_DIM], P[AK_MAX_DIM] = { 0 };
        if (p->mu > 0.0) {
            cv_rel_velocity(n, m, d, p, u);
            const double *K = Kt + (size_t)i * KT_STRIDE;
            double ut[AK_MAX_TAN], old[AK_MAX_TAN], g[AK_MAX_TAN], x[AK_MAX_TAN];
            for (int r = 0; r < nt; r++) {
                ut[r] = old[r] = 0.0;
                for (int j = 0; j < n; j++) {
                    ut[r] += p->tangent[r * n + j] * u[j];
                    old[r] += p->tangent[r * n + j] * p->jt[j];
                }
            }
            for (int r = 0; r < nt; r++) {
                g[r] = ut[r];
                for (int q = 0; q < nt; q++) g[r] -= K[r * nt + q] * old[q];
            }
            friction_block_n(nt, K, K + AK_MAX_TAN * AK_MAX_TAN, g, bound[i], x);
            for (int j = 0; j < n; j++) {
                double jt = 0.0;
                for (int r = 0; r < nt; r++) jt += p->tangent[r * n + j] * x[r];
                P[j] = jt - p->jt[j];
                p->jt[j] = jt;
            }
            ak_solver_apply_fast(n, m, d, c, p, P);
        }
        double vn = normal_velocity_n(n, m, d, p);
        double jn = fmax(p->jn - p->mn * (vn - target[i]), 0.0);
        double dj = jn - p->jn;
        p->jn = jn;
        for (int j = 0; j < n; j++) P[j] = dj * p->normal[j];
        ak_solver_apply_fast(n, m, d, c, p, P);
    }
}

static void sweep(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                  const double target[], const double bound[], int s, int e) {
    AK_CV_PER_DIM(m->dim, N, sweep_n(N, m, d, c, Kt, target, bound, s, e));
}

// bound: NULL for the residuals of the contact problem (friction bound mu lambda_n); else the
// fixed friction bounds of the inner (Tresca) problem.
AK_CV_INLINE void residuals_range_n(int n, const ak_model *m, const ak_data *d,
                                    const ak_contact_cache *c, const double target[],
                                    const double bound[], int s, int e, ak_solver_residuals *r) {
    r->normal = r->complementarity = r->cone = r->dissipation = 0.0;
    for (int i = s; i < e; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        double u[AK_MAX_DIM], vn = 0.0, ut[AK_MAX_DIM] = { 0 }, jtu = 0.0;
        cv_rel_velocity(n, m, d, p, u);
        for (int j = 0; j < n; j++) vn += u[j] * p->normal[j];
        for (int j = 0; j < n; j++) ut[j] = u[j] - vn * p->normal[j];
        for (int j = 0; j < n; j++) jtu += p->jt[j] * ut[j];
        double t = target ? target[i] : p->bias;
        double rad = bound ? bound[i] : p->mu > 0.0 ? p->mu * p->jn : 0.0;
        r->normal = fmax(r->normal, t - vn);
        r->complementarity = fmax(r->complementarity, fabs(p->jn * (vn - t)));
        r->cone = fmax(r->cone, norm(n, p->jt) - rad);
        r->dissipation = fmax(r->dissipation, fabs(rad * norm(n, ut) + jtu));
    }
}

static void residuals_range(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                            const double target[], const double bound[], int s, int e,
                            ak_solver_residuals *r) {
    AK_CV_PER_DIM(m->dim, N, residuals_range_n(N, m, d, c, target, bound, s, e, r));
}

void ak_solver_residuals_eval(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                              const double target[], ak_solver_residuals *r) {
    residuals_range(m, d, c, target, NULL, 0, c->step.npoint, r);
    r->valid = true;
}

static double worst(const ak_solver_residuals *r) {
    return fmax(fmax(r->normal, r->complementarity), fmax(r->cone, r->dissipation));
}

// Residuals of the points idx[0 .. np) (the largest of each, as residuals_range).
static void residuals_idx(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                          const double target[], const int idx[], int np, ak_solver_residuals *r) {
    *r = (ak_solver_residuals){ 0 };
    for (int i = 0; i < np; i++) {
        ak_solver_residuals ri;
        residuals_range(m, d, c, target, NULL, idx[i], idx[i] + 1, &ri);
        r->normal = fmax(r->normal, ri.normal);
        r->complementarity = fmax(r->complementarity, ri.complementarity);
        r->cone = fmax(r->cone, ri.cone);
        r->dissipation = fmax(r->dissipation, ri.dissipation);
    }
}

// ---- semismooth Newton polish on the natural map of the whole problem [T-CV.2] -------------
// The contact problem of points [s, e) in the unknowns x_i = (lambda_n, lambda_t in the tangent
// basis) is the root of the natural map (Alart and Curnier 1991) with rho_i = m_n,i:
//   F_n = lambda_n - max(0, lambda_n - rho (v_n - target))
//   F_t = lambda_t - proj_{|.| <= mu max(0, lambda_n)} (lambda_t - rho u_t)
// F = 0 exactly when Signorini holds and lambda_t is on the disc with u_t = 0 inside it, or on
// its rim opposite u_t (maximal dissipation). The velocities are affine in x, u = u0 + W (x -
// x0), with W the Delassus matrix (the point velocities of unit impulses, built column by
// column with ak_solver_apply). Newton steps (J + eps I) dx = -F on an element J of the
// generalized Jacobian; eps makes the step defined where J is singular (the redundant points
// of a face: their normal rows of W are dependent), and moves the impulses along the null
// space by the inconsistency of the rows over eps, so that a point whose target the others
// over-satisfy reaches lambda_n = 0 (lifts off) in a few steps. Backtracking (Armijo) on
// |F|^2. The result is kept only when its residuals, measured at the bodies' velocities after
// the impulses are applied (residuals_range), are smaller: the polish never certifies anything
// itself.
#define NEWTON_MAX_UNKNOWNS                                                                        \
    2048                 ///< dense W, J and its LU: at most this many unknowns (n per point)
#define NEWTON_AFTER 50  ///< first Newton polish after this many sweeps
#define NEWTON_EVERY 500 ///< then again every this many sweeps
#define NEWTON_STEPS 60  ///< Newton steps per polish at most
#define NEWTON_COMPONENT_STEPS 2000 ///< ... of a small component at most (polish)
#define NEWTON_WORK 2e8             ///< ... while steps times unknowns^3 stay below this
#define NEWTON_EPS 1e-8             ///< the regularization of the Newton matrix (J + eps I)
#define NONMONO_MERITS 5            ///< first try: Armijo against the largest of the last merits
#define FIRST_DENSE_MAX 600 ///< first try: the dense polish for components up to this many unknowns

// rho of the natural map times these in turn (another rho moves the kinks of F where a
// polish stalled)
static const double RHO_FACTOR[5] = { 1.0, 0.1, 10.0, 0.01, 100.0 };

// Solve A x = b in place (A destroyed), Gaussian elimination with partial pivoting; -1 if singular
// (or out of memory). The Newton matrices are sparse (W couples only the points that share a
// body): each elimination step updates only the columns where the pivot row is nonzero and the
// rows where the pivot column is, the same arithmetic as the dense loops without the zeros. The
// rows where a column may be nonzero are kept as one bit set per column (set for the entries of
// A and for each fill; a row swap exchanges the bits of the columns where either row is
// nonzero), so that the pivot search and the elimination visit those rows only, in ascending
// order as the dense loops do (the same pivots, ties to the lowest row).
static int lu_solve(int k, double A[], double b[]) {
    size_t words = ((size_t)k + 63) / 64;
    int *nz = malloc(sizeof(int) * (size_t)(k > 0 ? k : 1));
    uint64_t *cb = calloc((size_t)(k > 0 ? k : 1) * words, sizeof(uint64_t));
    if (!nz || !cb) {
        free(nz), free(cb);
        return -1;
    }
    for (int i = 0; i < k; i++) {
        const double *ai = A + (size_t)i * k;
        for (int q = 0; q < k; q++)
            if (ai[q] != 0.0) cb[(size_t)q * words + (size_t)i / 64] |= 1ull << (i % 64);
    }
    for (int j = 0; j < k; j++) {
        uint64_t *cj = cb + (size_t)j * words;
        int piv = j;
        double best = fabs(A[(size_t)j * k + j]);
        for (size_t w = (size_t)(j + 1) / 64; w < words; w++) {
            uint64_t bits = cj[w];
            if (w == (size_t)(j + 1) / 64) bits &= ~0ull << ((j + 1) % 64);
            for (; bits; bits &= bits - 1) {
                int i = (int)(w * 64 + (size_t)__builtin_ctzll(bits));
                if (fabs(A[(size_t)i * k + j]) > best) best = fabs(A[(size_t)i * k + j]), piv = i;
            }
        }
        if (!(best > 0.0)) {
            free(nz), free(cb);
            return -1;
        }
        if (piv != j) {
            for (int q = 0; q < k; q++) {
                double t = A[(size_t)j * k + q], v = A[(size_t)piv * k + q];
                if (t == 0.0 && v == 0.0) continue; // both rows' bits may stay as they are
                A[(size_t)j * k + q] = v;
                A[(size_t)piv * k + q] = t;
                uint64_t *cq = cb + (size_t)q * words, mj = 1ull << (j % 64),
                         mp = 1ull << (piv % 64);
                cq[j / 64] = v != 0.0 ? cq[j / 64] | mj : cq[j / 64] & ~mj;
                cq[piv / 64] = t != 0.0 ? cq[piv / 64] | mp : cq[piv / 64] & ~mp;
            }
            double t = b[j];
            b[j] = b[piv];
            b[piv] = t;
        }
        const double *aj = A + (size_t)j * k;
        int cnt = 0;
        for (int q = j + 1; q < k; q++)
            if (aj[q] != 0.0) nz[cnt++] = q;
        for (size_t w = (size_t)(j + 1) / 64; w < words; w++) {
            uint64_t bits = cj[w];
            if (w == (size_t)(j + 1) / 64) bits &= ~0ull << ((j + 1) % 64);
            for (; bits; bits &= bits - 1) {
                int i = (int)(w * 64 + (size_t)__builtin_ctzll(bits));
                double *ai = A + (size_t)i * k, f = ai[j] / aj[j];
                if (f == 0.0) continue;
                ai[j] -= f * aj[j];
                uint64_t mi = 1ull << (i % 64);
                for (int z = 0; z < cnt; z++) {
                    ai[nz[z]] -= f * aj[nz[z]];
                    cb[(size_t)nz[z] * words + (size_t)i / 64] |= mi;
                }
                b[i] -= f * b[j];
            }
        }
    }
    free(nz), free(cb);
    for (int i = k - 1; i >= 0; i--) {
        double acc = b[i];
        for (int q = i + 1; q < k; q++) acc -= A[(size_t)i * k + q] * b[q];
        b[i] = acc / A[(size_t)i * k + i];
    }
    return 0;
}

// g = -J^T F (J k x k row-major), row by row (contiguous reads).
static void jt_f(int k, const double J[], const double F[], double g[]) {
    memset(g, 0, sizeof(double) * (size_t)k);
    for (int q = 0; q < k; q++) {
        const double *jq = J + (size_t)q * k;
        double fq = F[q];
        if (fq == 0.0) continue;
        for (int a = 0; a < k; a++) g[a] -= jq[a] * fq;
    }
}

// N = J^T J (k x k, row-major), the sum of the outer products of J's rows over their nonzeros;
// -1 if out of memory.
static int jt_j(int k, const double J[], double N[]) {
    int *nz = malloc(sizeof(int) * (size_t)(k > 0 ? k : 1));
    if (!nz) return -1;
    memset(N, 0, sizeof(double) * (size_t)k * (size_t)k);
    for (int q = 0; q < k; q++) {
        const double *jq = J + (size_t)q * k;
        int cnt = 0;
        for (int a = 0; a < k; a++)
            if (jq[a] != 0.0) nz[cnt++] = a;
        for (int z = 0; z < cnt; z++) {
            double *na = N + (size_t)nz[z] * k, v = jq[nz[z]];
            for (int y = 0; y < cnt; y++) na[nz[y]] += v * jq[nz[y]];
        }
    }
    free(nz);
    return 0;
}

// One point's part of the natural map (both polishes): F_i, and which branch each part took,
// for the Jacobian: the normal part active (follows the velocity) or not (follows lambda_n);
// the tangent part frictionless, inside the disc, or on the rim (with r, |y| and y/|y|).
typedef struct point_map {
    double rho, r, ny, yh[AK_MAX_TAN];
    bool normal_active;
    int tangent; ///< 0 frictionless, 1 inside the disc, 2 on the rim
} point_map;

static point_map natural_map_point(int n, const ak_contact_point *p, double target, double rf,
                                   const double xi[], const double ui[], double Fi[]) {
    int nt = n - 1;
    point_map pm = { 0 };
    pm.rho = rf * p->mn;
    double rho = pm.rho, yn = xi[0] - rho * (ui[0] - target);
    pm.normal_active = yn > 0.0;
    Fi[0] = pm.normal_active ? rho * (ui[0] - target) : xi[0];
    double r = p->mu > 0.0 ? p->mu * fmax(xi[0], 0.0) : 0.0, yt[AK_MAX_TAN] = { 0 };
    for (int t = 0; t < nt; t++) yt[t] = xi[1 + t] - rho * ui[1 + t];
    double ny = norm(nt, yt);
    pm.r = r, pm.ny = ny;
    if (!(p->mu > 0.0)) {
        pm.tangent = 0;
        for (int t = 0; t < nt; t++) Fi[1 + t] = xi[1 + t];
    } else if (ny <= r) { // inside the disc: F_t = rho u_t
        pm.tangent = 1;
        for (int t = 0; t < nt; t++) Fi[1 + t] = rho * ui[1 + t];
    } else { // on the rim: F_t = lambda_t - r y/|y|
        pm.tangent = 2;
        for (int t = 0; t < nt; t++) pm.yh[t] = yt[t] / ny;
        for (int t = 0; t < nt; t++) Fi[1 + t] = xi[1 + t] - r * pm.yh[t];
    }
    return pm;
}

// F(x) at velocities u (both k = np n, point-major: normal first); Jacobian rows into J if not NULL.
static double natural_map(int np, int n, const ak_contact_point *const pts[], const double target[],
                          double rf, const double x[], const double u[], const double W[],
                          double F[], double J[]) {
    int nt = n - 1, k = np * n;
    double f2 = 0.0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = pts[i];
        const double *xi = x + (size_t)i * n;
        double *Fi = F + (size_t)i * n;
        point_map pm = natural_map_point(n, p, target[i], rf, xi, u + (size_t)i * n, Fi);
        double rho = pm.rho;
        size_t row = (size_t)i * n;
        if (J && pm.normal_active)
            for (int q = 0; q < k; q++) J[row * k + q] = rho * W[row * k + q];
        else if (J) {
            memset(J + row * k, 0, sizeof(double) * (size_t)k);
            J[row * k + row] = 1.0;
        }
        if (J && pm.tangent == 0)
            for (int t = 0; t < nt; t++) {
                memset(J + (row + 1 + t) * k, 0, sizeof(double) * (size_t)k);
                J[(row + 1 + t) * k + row + 1 + t] = 1.0;
            }
        else if (J && pm.tangent == 1)
            for (int t = 0; t < nt; t++)
                for (int q = 0; q < k; q++)
                    J[(row + 1 + t) * k + q] = rho * W[(row + 1 + t) * k + q];
        else if (J) { // on the rim
            double A[AK_MAX_TAN * AK_MAX_TAN];
            const double *yh = pm.yh;
            for (int a = 0; a < nt; a++)
                for (int b = 0; b < nt; b++)
                    A[a * nt + b] = (pm.r / pm.ny) * ((a == b) - yh[a] * yh[b]);
            // dF_t = (I - A) dlambda_t + A rho W_t dx - yh mu [lambda_n > 0] dlambda_n
            for (int a = 0; a < nt; a++) {
                double *Ja = J + (row + 1 + a) * k;
                for (int q = 0; q < k; q++) {
                    double acc = 0.0;
                    for (int b = 0; b < nt; b++) acc += A[a * nt + b] * W[(row + 1 + b) * k + q];
                    Ja[q] = rho * acc;
                }
                for (int b = 0; b < nt; b++) Ja[row + 1 + b] += (a == b) - A[a * nt + b];
                if (xi[0] > 0.0) Ja[row] -= yh[a] * p->mu;
            }
        }
        for (int q = 0; q < n; q++) f2 += Fi[q] * Fi[q];
    }
    return f2;
}

// Local velocities (normal, tangents) of the points idx[0 .. np) into u.
static void local_velocities(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                             const int idx[], int np, double u[]) {
    int n = m->dim, nt = n - 1;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = &c->step.pts[idx[i]];
        double w[AK_MAX_DIM], *ui = u + (size_t)i * n;
        ak_solver_rel_velocity(m, d, p, w);
        ui[0] = 0.0;
        for (int j = 0; j < n; j++) ui[0] += w[j] * p->normal[j];
        for (int t = 0; t < nt; t++) {
            ui[1 + t] = 0.0;
            for (int j = 0; j < n; j++) ui[1 + t] += w[j] * p->tangent[t * n + j];
        }
    }
}

// Set the impulses of the points idx[0 .. np) to x (lambda_n clamped at 0, lambda_t projected
// on the disc) and apply the differences to the bodies.
static void set_impulses(const ak_model *m, ak_data *d, ak_contact_cache *c, const int idx[],
                         int np, const double x[]) {
    int n = m->dim, nt = n - 1;
    for (int i = 0; i < np; i++) {
        ak_contact_point *p = &c->step.pts[idx[i]];
        const double *xi = x + (size_t)i * n;
        double jn = fmax(xi[0], 0.0), lt[AK_MAX_TAN] = { 0 }, jt[AK_MAX_DIM] = { 0 }, P[AK_MAX_DIM];
        if (p->mu > 0.0) {
            double r = p->mu * jn, nl = norm(nt, xi + 1);
            for (int t = 0; t < nt; t++) lt[t] = nl > r ? xi[1 + t] * (r / nl) : xi[1 + t];
        }
        for (int j = 0; j < n; j++) {
            for (int t = 0; t < nt; t++) jt[j] += p->tangent[t * n + j] * lt[t];
            P[j] = (jn - p->jn) * p->normal[j] + jt[j] - p->jt[j];
        }
        p->jn = jn;
        memcpy(p->jt, jt, sizeof jt);
        ak_solver_apply(m, d, c, p, P);
    }
}

// The points of the polish: all of [s, e) when they have at most NEWTON_MAX_UNKNOWNS unknowns;
// else a block grown from the point with the largest residual through the contact graph
// (points sharing a moving body), breadth first, up to that size (the others' impulses are
// held; the sweeps go on over all points). Returns the count, idx filled.
static int polish_points(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                         const double target[], int s, int e, int idx[], char mark[]) {
    int n = m->dim, np = e - s, cap = NEWTON_MAX_UNKNOWNS / n;
    if (np <= cap) {
        for (int i = 0; i < np; i++) idx[i] = s + i;
        return np;
    }
    int seed = s;
    double wmax = -1.0;
    for (int i = s; i < e; i++) {
        ak_solver_residuals ri;
        residuals_range(m, d, c, target, NULL, i, i + 1, &ri);
        if (worst(&ri) > wmax) wmax = worst(&ri), seed = i;
    }
    memset(mark, 0, (size_t)np);
    int cnt = 0, head = 0;
    idx[cnt++] = seed;
    mark[seed - s] = 1;
    while (head < cnt && cnt < cap) {
        const ak_contact_point *q = &c->step.pts[idx[head++]];
        for (int i = s; i < e && cnt < cap; i++) {
            const ak_contact_point *p = &c->step.pts[i];
            if (mark[i - s]) continue;
            bool share = (ak_solver_body_moves(m, q->a) && (p->a == q->a || p->b == q->a)) ||
                         (ak_solver_body_moves(m, q->b) && (p->a == q->b || p->b == q->b));
            if (share) mark[i - s] = 1, idx[cnt++] = i;
        }
    }
    return cnt;
}

// The Delassus matrix's columns (both polishes): apply a unit impulse along the point's normal
// (q = 0) or its tangent q - 1 to bodies at rest, read the velocities, then set the two bodies
// at rest again.
static void unit_impulse(const ak_model *m, ak_data *d, const ak_contact_cache *c,
                         const ak_contact_point *pj, int q) {
    int n = m->dim;
    double P[AK_MAX_DIM];
    for (int j = 0; j < n; j++) P[j] = q == 0 ? pj->normal[j] : pj->tangent[(q - 1) * n + j];
    ak_solver_apply(m, d, c, pj, P);
}

// A polish not kept: the bodies' velocities back from sv, sw and the points' impulses from saved
// (np records of jn then jt).
static void undo_polish(ak_data *d, ak_contact_cache *c, int nb, const double *sv, const double *sw,
                        const int idx[], int np, const double *saved) {
    memcpy(d->v, sv, sizeof(double) * (size_t)nb * AK_MAX_DIM);
    memcpy(d->w, sw, sizeof(double) * (size_t)nb * AK_MAX_BIV);
    for (int i = 0; i < np; i++) {
        c->step.pts[idx[i]].jn = saved[(size_t)i * (AK_MAX_DIM + 1)];
        memcpy(c->step.pts[idx[i]].jt, saved + (size_t)i * (AK_MAX_DIM + 1) + 1,
               sizeof c->step.pts[idx[i]].jt);
    }
}

// Keep the bodies' velocities in sv, sw and set every body at rest.
static void save_at_rest(ak_data *d, int nb, double *sv, double *sw) {
    memcpy(sv, d->v, sizeof(double) * (size_t)nb * AK_MAX_DIM);
    memcpy(sw, d->w, sizeof(double) * (size_t)nb * AK_MAX_BIV);
    memset(d->v, 0, sizeof(double) * (size_t)nb * AK_MAX_DIM);
    memset(d->w, 0, sizeof(double) * (size_t)nb * AK_MAX_BIV);
}

static void bodies_at_rest(ak_data *d, const ak_contact_point *pj) {
    int ab[2] = { pj->a, pj->b };
    for (int z = 0; z < 2; z++) {
        memset(d->v + (size_t)ab[z] * AK_MAX_DIM, 0, sizeof(double) * AK_MAX_DIM);
        memset(d->w + (size_t)ab[z] * AK_MAX_BIV, 0, sizeof(double) * AK_MAX_BIV);
    }
}

// The points' impulses as the polish's unknowns: lambda_n, then lambda_t in the tangent basis.
static void impulses_to_x(int np, int n, const ak_contact_point *const pp[], double x[]);

// After W: the bodies' velocities back from sv, sw; the unknowns x = x0 from the impulses and
// the local velocities u = u0 at them (both polishes).
static void polish_start(const ak_model *m, ak_data *d, const ak_contact_cache *c, const int idx[],
                         const ak_contact_point *const pp[], int np, const double *sv,
                         const double *sw, double x[], double x0[], double u[], double u0[]) {
    int n = m->dim, nb = m->nbody, k = np * n;
    memcpy(d->v, sv, sizeof(double) * (size_t)nb * AK_MAX_DIM);
    memcpy(d->w, sw, sizeof(double) * (size_t)nb * AK_MAX_BIV);
    impulses_to_x(np, n, pp, x);
    memcpy(x0, x, sizeof(double) * (size_t)k);
    local_velocities(m, d, c, idx, np, u0);
    memcpy(u, u0, sizeof(double) * (size_t)k);
}

static void impulses_to_x(int np, int n, const ak_contact_point *const pp[], double x[]) {
    int nt = n - 1;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = pp[i];
        x[(size_t)i * n] = p->jn;
        for (int t = 0; t < nt; t++) {
            double acc = 0.0;
            for (int j = 0; j < n; j++) acc += p->tangent[t * n + j] * p->jt[j];
            x[(size_t)i * n + 1 + t] = acc;
        }
    }
}

// [T-CV.3] rim seeding: the points of x (impulses, n per point) that stick and slip at the
// velocities u (inside the disc |x_t| < mu x_n, dissipation residual mu x_n |u_t| + x_t . u_t
// above tol) start on the rim opposite their slip, x_t = -mu x_n u_t / |u_t|.
static int rim_seed(int np, int n, const ak_contact_point *const pp[], const double u[], double tol,
                    double x[]) {
    int nt = n - 1, moved = 0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = pp[i];
        double *xi = x + (size_t)i * n, rad = p->mu * xi[0];
        const double *ui = u + (size_t)i * n;
        double nu = norm(nt, ui + 1), nx = norm(nt, xi + 1), dot = 0.0;
        for (int t = 0; t < nt; t++) dot += xi[1 + t] * ui[1 + t];
        if (!(p->mu > 0.0 && xi[0] > 0.0 && nu > 0.0 && nx < rad && rad * nu + dot > tol)) continue;
        for (int t = 0; t < nt; t++) xi[1 + t] = -rad * ui[1 + t] / nu;
        moved++;
    }
    return moved;
}

// u = u0 + W (x - x0) for the dense k x k W (row-major) over its nonzeros only (wrs/wcol: row
// a's nonzero columns wcol[wrs[a] .. wrs[a + 1]), ascending): the sums of the dense product in
// the same order without its zero terms (W couples only the points that share a body).
static void dense_affine(int k, const double W[], const int wrs[], const int wcol[],
                         const double u0[], const double x[], const double x0[], double u[]) {
    for (int a = 0; a < k; a++) {
        double acc = u0[a];
        const double *wa = W + (size_t)a * k;
        for (int z = wrs[a]; z < wrs[a + 1]; z++) {
            int q = wcol[z];
            acc += wa[q] * (x[q] - x0[q]);
        }
        u[a] = acc;
    }
}

// A component polish (newton_polish with the points given) stops where it creeps below the
// tolerance: no halving of |F|^2 in the last CREEP_STEPS Newton steps, and the iterate at most
// CREEP_MARGIN times the tolerance by finish_measure (the four residuals and the natural map's
// largest |F_i| at rho factor 1, at the velocities u = u0 + W (x - x0)). Without it a polish of
// a component that starts just above the tolerance ran on to its step cap (up to
// NEWTON_COMPONENT_STEPS) at a linear rate: pile_1000_4d step 10, about 30 components of 16
// points each, 762 Newton steps each from |F|^2 1e-16..1e-20 to 1e-23..1e-25, with the iterate
// a tenth below the tolerance after 1 to 54 of them; 7.8 s of the step's 8 s
// (docs/performance.md, the world step's eighth round). The result is measured as before (kept
// only when the component's residuals at the bodies' velocities shrink).
#define CREEP_STEPS 3
#define CREEP_MARGIN 0.1
// ... and where it creeps at the tolerance's size: no halving of |F|^2 in the last
// CREEP_STALL_STEPS Newton steps and |F|^2 at most the tolerance squared times max(1, rf^2)
// (the natural map's velocity rows are rho (u - target), rho = rf m_n: at rho factor rf a
// velocity residual of the tolerance's size is rf times larger in F). pile_1000_4d step 13:
// 52 of its 708 component polishes ran 20 or more steps past their last halving, 8.8 of their
// 10.1 s, many to their step cap (226 on 24-point components) at |F|^2 1e-21 to 1e-19 (rho
// factor 1) and 1e-19 to 6e-15 (the floor cure's factors 10 to 10,000), the finishing measure
// above a tenth of the tolerance. Without a bound on |F|^2 the stop changed pile_1000_3d's path
// (steps 51 and 59 took 1,550 and 1,050 sweeps, the hardest step 5.2 s); with this one
// pile_1000_3d kept its sweeps on all 60 steps and pile_1000_4d step 13 took 5.0-5.6 s instead
// of 9.7-11.5 (docs/performance.md, the world step's ninth round).
#define CREEP_STALL_STEPS 20
static double finish_measure(int np, int n, const ak_contact_point *const pp[], const double tg[],
                             const double x[], const double u[], double F[]);

// Newton polish of the points [s, e) (or of a block of them, polish_points) from the current
// impulses (seed: with the sticking, slipping points started on the rim [T-CV.3]). Keeps the
// result when the residuals of [s, e) (measured at the bodies' velocities, residuals_range) are
// smaller than *r's, and updates *r; returns whether it kept it. again (with seed): the caller
// has just run the same polish without the seed from these impulses and kept nothing; where the
// seed then moves no point, this polish would be that one again (the same start, the same
// steps, nothing kept), so it returns false at once (pile_1000_4d step 13: 187 of its 708
// component polishes, 2.9 of their 10.1 s; docs/performance.md, the world step's ninth round).
static bool newton_polish(const ak_model *m, ak_data *d, ak_contact_cache *c, const double target[],
                          int s, int e, const int given[], int ngiven, double rf, bool seed,
                          bool again, ak_solver_residuals *r) {
    int n = m->dim, nb = m->nbody;
    int *idx = malloc(sizeof(int) * (size_t)(e - s));
    char *mark = malloc((size_t)(e - s));
    const ak_contact_point **pp = malloc(sizeof *pp * (size_t)(e - s));
    double *tg = malloc(sizeof(double) * (size_t)(e - s));
    if (!idx || !mark || !pp || !tg) {
        free(idx), free(mark), free(pp), free(tg);
        return false;
    }
    int np = given ? ngiven : polish_points(m, d, c, target, s, e, idx, mark), k = np * n;
    if (given) memcpy(idx, given, sizeof(int) * (size_t)ngiven);
    for (int i = 0; i < np; i++) pp[i] = &c->step.pts[idx[i]], tg[i] = target[idx[i]];
    free(mark);
    size_t kk = (size_t)k * (size_t)k;
    double *W =
        malloc(sizeof(double) * (kk * 3 + (size_t)k * 8 + (size_t)nb * (AK_MAX_DIM + AK_MAX_BIV)));
    if (!W) {
        free(idx), free(pp), free(tg);
        return false;
    }
    double *J = W + kk, *N = J + kk, *x = N + kk, *x0 = x + k, *u = x0 + k, *u0 = u + k,
           *F = u0 + k, *g = F + k, *dx = g + k, *xt = dx + k;
    double *sv = xt + k, *sw = sv + (size_t)nb * AK_MAX_DIM;
    // W column by column: the local velocities a unit impulse gives, all bodies at rest
    save_at_rest(d, nb, sv, sw);
    for (int jj = 0; jj < np; jj++) {
        const ak_contact_point *pj = pp[jj];
        for (int q = 0; q < n; q++) {
            unit_impulse(m, d, c, pj, q);
            size_t col = (size_t)jj * n + (size_t)q;
            for (int i = 0; i < np; i++) {
                const ak_contact_point *pi = pp[i];
                bool share = pi->a == pj->a || pi->a == pj->b || pi->b == pj->a || pi->b == pj->b;
                double ui[AK_MAX_DIM] = { 0 };
                if (share) local_velocities(m, d, c, idx + i, 1, ui);
                for (int t = 0; t < n; t++) W[((size_t)i * n + (size_t)t) * k + col] = ui[t];
            }
            bodies_at_rest(d, pj);
        }
    }
    polish_start(m, d, c, idx, pp, np, sv, sw, x, x0, u, u0);
    // W's nonzeros by rows, for u = u0 + W (x - x0)
    size_t wnz = 0;
    for (size_t z = 0; z < kk; z++) wnz += W[z] != 0.0;
    int *wrs = malloc(sizeof(int) * ((size_t)k + 1) + sizeof(int) * (wnz > 0 ? wnz : 1));
    if (!wrs) {
        free(W), free(idx), free(pp), free(tg);
        return false;
    }
    int *wcol = wrs + k + 1;
    wrs[0] = 0;
    for (int a = 0, nz = 0; a < k; a++) {
        const double *wa = W + (size_t)a * k;
        for (int q = 0; q < k; q++)
            if (wa[q] != 0.0) wcol[nz++] = q;
        wrs[a + 1] = nz;
    }
    // [T-CV.3] rim seeding: the points that stick and slip (inside the disc, dissipation residual
    // above the tolerance) start on the rim opposite their slip
    if (seed) {
        if (!rim_seed(np, n, pp, u0, m->solver.tolerance, x) && again) {
            free(wrs), free(W), free(idx), free(pp), free(tg);
            return false;
        }
        dense_affine(k, W, wrs, wcol, u0, x, x0, u);
    }
    double f2 = natural_map(np, n, pp, tg, rf, x, u, W, F, J);
    // a component polish may take more steps while they are cheap (about NEWTON_WORK flops)
    double kc = (double)k * k * k + 1.0;
    int steps = given ? (int)fmax(NEWTON_STEPS, fmin(NEWTON_COMPONENT_STEPS, NEWTON_WORK / kc))
                      : NEWTON_STEPS;
    double f2half = f2; // the creep stop: |F|^2 at the last halving, and its step
    int halved = 0;
    for (int step = 0; step < steps && f2 > 0.0; step++) {
        jt_f(k, J, F, g); // g = -J^T F for the line search's slope
        // try 0: the regularized Newton step (J + eps I) dx = -F, LU with partial pivoting.
        // try 1 (component polish only, when try 0 failed or stalled, alpha < 2^-10): the
        // Levenberg-Marquardt step (J^T J + |F| I) dx = -J^T F, a descent direction of |F|^2
        // where the Newton step is not (at a kink of F)
        double alpha = 1.0, f2new = INFINITY, f2ref = f2;
        for (int tries = 0; tries < (given ? 2 : 1); tries++) {
            if (tries == 0) {
                memcpy(N, J, sizeof(double) * kk);
                for (int a = 0; a < k; a++) N[(size_t)a * k + a] += NEWTON_EPS, dx[a] = -F[a];
            } else {
                if (jt_j(k, J, N)) break;
                for (int a = 0; a < k; a++) N[(size_t)a * k + a] += sqrt(f2), dx[a] = g[a];
            }
            if (lu_solve(k, N, dx)) break;
            double slope = 0.0; // d/dalpha of |F|^2 / 2 along dx: -g . dx
            for (int a = 0; a < k; a++) slope -= g[a] * dx[a];
            alpha = 1.0, f2new = INFINITY;
            for (int ls = 0; ls < 40; ls++, alpha *= 0.5) {
                for (int a = 0; a < k; a++) xt[a] = x[a] + alpha * dx[a];
                dense_affine(k, W, wrs, wcol, u0, xt, x0, u); // u = u0 + W (xt - x0)
                f2new = natural_map(np, n, pp, tg, rf, xt, u, W, F, NULL);
                if (f2new <= f2 + 1e-4 * alpha * 2.0 * slope) break;
            }
            if (f2new < f2 && alpha >= 0x1p-10) break;
            if (given && tries == 0 && f2new < f2) { // stalled: keep it unless LM does better
                memcpy(x, xt, sizeof(double) * (size_t)k);
                f2 = natural_map(np, n, pp, tg, rf, x, u, W, F, J);
                jt_f(k, J, F, g);
            }
        }
        if (!(f2new < f2ref)) break;
        if (f2new < f2) memcpy(x, xt, sizeof(double) * (size_t)k);
        // u for x (the last evaluation may have been of a rejected trial)
        dense_affine(k, W, wrs, wcol, u0, x, x0, u);
        f2 = natural_map(np, n, pp, tg, rf, x, u, W, F, J);
        if (f2 < 0.5 * f2half) f2half = f2, halved = step + 1;
        if (given && step + 1 - halved >= CREEP_STALL_STEPS &&
            f2 <= m->solver.tolerance * m->solver.tolerance * fmax(1.0, rf * rf))
            break;
        if (given && step + 1 - halved >= CREEP_STEPS && // xt: scratch here
            finish_measure(np, n, pp, tg, x, u, xt) <= CREEP_MARGIN * m->solver.tolerance)
            break;
    }
    free(wrs);
    // apply, keep if better
    double *saved = malloc(sizeof(double) * (size_t)np * (AK_MAX_DIM + 1));
    bool keep = false;
    if (saved) {
        for (int i = 0; i < np; i++) {
            saved[(size_t)i * (AK_MAX_DIM + 1)] = pp[i]->jn;
            memcpy(saved + (size_t)i * (AK_MAX_DIM + 1) + 1, pp[i]->jt, sizeof pp[i]->jt);
        }
        ak_solver_residuals rn, r0;
        if (given) residuals_idx(m, d, c, target, idx, np, &r0);
        set_impulses(m, d, c, idx, np, x);
        if (given) { // the other points' velocities did not change: compare the component's
            residuals_idx(m, d, c, target, idx, np, &rn);
            keep = worst(&rn) < worst(&r0);
            if (keep) residuals_range(m, d, c, target, NULL, s, e, r);
        } else {
            residuals_range(m, d, c, target, NULL, s, e, &rn);
            keep = worst(&rn) < worst(r);
            if (keep) *r = rn;
        }
        if (keep) {
        } else {
            undo_polish(d, c, nb, sv, sw, idx, np, saved);
        }
        free(saved);
    }
    free(W);
    free(idx), free(pp), free(tg);
    return keep;
}

// ---- the sparse Newton polish of a large component [T-CV.6] ---------------------------------
// The polish of T-CV.2 for a connected component above NEWTON_MAX_UNKNOWNS unknowns, whose dense
// W, J and LU would not fit (a connected pile of 2,000 points: 6,000 unknowns in 3D). W couples
// two points only when they share a moving body, so it is stored by point blocks (n x n) in
// the block pattern of the point graph, and the Newton matrix is J = R W + P with R and P block
// diagonal (R_i the rows of the natural map's derivative that follow the velocities, P_i those
// that follow the point's own impulses): the same pattern. (J + eps I) dx = -F is solved by the
// sparse block LU of block_lu.h (minimum-degree order, partial pivoting within the point
// blocks) and one step of iterative refinement; u = u0 + W (x - x0) by the block product.
// Two passes (polish): first the dense polish's line search (Armijo backtracking on |F|^2,
// monotone); if the component is still above the tolerance, a robust pass: the backtracking is
// projected (lambda_n >= 0, lambda_t on the disc), so that one step crosses the kinks of many
// points, and where it stalls (no decrease, or a step below 2^-10) the full projected Newton
// step is taken anyway, at most SPARSE_FULL_STEPS times and while |F|^2 stays within
// SPARSE_FULL_GROWTH of the best point, which is what the pass returns (nonmonotone). Each pass
// alone left steps of pile_1000_3d above the tolerance that the other solved (world.md,
// T-CV.6). No pass from the rim (T-CV.3: a third pass from the rim, measured, certified no more
// steps of pile_1000_3d and took 5:37 instead of 3:08 for its 60 steps; the world step's first
// pass seeds only the slipping points, at a plateau, SEED_F2 below) and no
// Levenberg-Marquardt step (J^T J couples points two bodies apart: much more fill; with it
// step 56 ran for more than 6 minutes). A pass is kept only when the component's
// residuals, measured at the bodies' velocities, shrink. On the matrices (the FCLIB form,
// early = true; in the world step the projected pass only, since 29 Nov 2026) a pass ends early
// where it cannot gain: the monotone pass after STALL_STEPS steps in a row below 2^-10 that lower |F|^2 by
// less than a thousandth, the projected pass when a full step is wanted a second time without
// a better point since the last one (the full steps cycle: pile_1000_3d step 29 went from
// |F|^2 1.2e-11 to 1.2e-2 and back to 1.3e-11 every 11 steps, 30 times).
#define SPARSE_FULL_STEPS 30   ///< nonmonotone full Newton steps per sparse polish at most
#define SPARSE_FULL_GROWTH 1e4 ///< ... while |F|^2 is at most this times the best so far
#define SPARSE_EVERY 500       ///< the sparse polish of the matrix form every this many sweeps
#define SPARSE_KEEP 0.01       ///< ... kept when it lowers the largest residual at least this much
#define STALL_STEPS 3 ///< monotone pass: stop after this many stalled steps in a row (early)
// The matrix form's projected pass (robust, in problem_polish_parts) stops after BEST_STALL
// Newton steps without a new best point, |F|^2 below BEST_GAIN times the best so far (it returns
// its best point). On pile_1000_3d steps 59 and 60 (exported at a59e553) such passes ran their
// 46-60 Newton steps (one factorisation each, about 20 ms at 2,500 points) with the best point
// at step 1 or 2; with it (and the rounding stop below) the Newton steps of steps 50, 56, 59
// and 60 went from 331, 459, 246, 207 to 279, 400, 157, 146, and every step of 38-60 kept its
// sweeps and polishes (docs/performance.md, the matrix form's failing polishes). A strict "new
// best" (BEST_GAIN 1) missed the floors' passes that creep by a per cent a step (step 56: 60
// steps from |F|^2 2.9e-21).
#define BEST_STALL 10
#define BEST_GAIN 0.9
// The world step's sparse polish stops where |F| is at rounding level: |F|^2 at most ROUND_F2
// |x|^2 (|F| within 1e-13 of the impulses' size, a thousand ulps) and no halving of |F|^2 in
// the last ROUND_STEPS Newton steps. Without it a pass ran on to its step cap (60, up to 2,000
// on a small component) after it had converged: pile_1000_3d, 225 points, 1,994 Newton steps
// (one factorisation each) with the last halving at step 10, and every |F|^2 below 1e-29;
// the position stage's polish of step 58, 60 steps with the last halving at step 3 (the world
// step's sixth round in docs/performance.md). The matrix form's component polish stops so too
// (since 29 Nov 2026; before, only its first try): its monotone pass after sweep 550 ran 822 and
// 828 Newton steps on components of 396 and 666 points of pile_1000_3d steps 38 and 40, |F|^2
// below 1e-30 after 5 to 20 of them (all sparse passes of steps 38 and 40: 983 -> 120 and
// 979 -> 132 Newton steps, the same sweeps; docs/performance.md, the matrix form's failing
// polishes).
#define ROUND_F2 1e-26
#define ROUND_STEPS 3
// The world step's first pass (pass (1) of the first try, sparse_newton_nm's nm) seeds the rim
// at a plateau [T-CV.3]: where |F|^2 has been at most SEED_F2 and has not fallen by a tenth
// (BEST_GAIN) in SEED_WAIT Newton steps, the points that stick but slip (rim_seed: dissipation
// residual above the tolerance) start on the rim opposite their slip, at most SEED_MAX times a
// pass. Such a point's slip is in the near null space of J (its body rests on other points,
// whose rows fix its velocity), so the Newton steps move lambda_t along that null space and
// leave u_t where it is. Inside the disc F_t = rho u_t is small (rho = m_n: 1.4e-11 at a slip
// of 9e-10 m/s), while the dissipation residual mu lambda_n |u_t| + lambda_t . u_t is 2.8e-10.
// On the rim opposite the slip both are 0 at once, and the pass goes on from there (its merits
// and best point start again). pile_1000_3d step 59 as given, the polish at sweep 550: 60
// Newton steps at |F|^2 3.8e-22 with that point at 2.4e-10, two projected passes and a
// proximal try, then the floor cure; seeded at Newton step 18 (two points), the pass reached
// |F|^2 3e-31 at step 24, the component below the tolerance (docs/performance.md, issue 28,
// "Seeding the rim at a plateau").
#define SEED_F2 1e-20
#define SEED_WAIT 3
#define SEED_MAX 3
// The matrix form's first try (problem_polish_sparse, nonmono): its nonmonotone pass runs past
// NEWTON_STEPS Newton steps (the longer budget of a component whose factorisations are cheap,
// NEWTON_WORK) only while it finds a new lowest |F|^2 (BEST_GAIN) within the last PAST_STALL
// steps; it returns its best point, as at its step cap. pile_1000_3d step 41 (exported at
// 21c73ac; a component of 1,560 points, a budget of 311 steps): the first try's first two passes
// took 250 and 262 factorisations (the first one's |F|^2 near 9e-6 from step 50, its lowest
// 3.7e-6 at step 19), about 1.5 of the problem's 1.9 s; with the stop, 60 each, the same sweeps
// and answer. On the five exports of docs/performance.md (the first try's stop past its budget)
// every problem takes the same sweeps. Not in the world step's first try (the same sweeps on
// its 60 steps, 1,832 -> 1,773 factorisations, no faster in all). A stop within the first
// NEWTON_STEPS (30 steps without a new lowest) cut passes that were about to converge: two
// exports' step 53 from 551 sweeps to 2,051.
#define PAST_STALL 30

// F(x) at velocities u (as natural_map), with each point's R_i and P_i (n x n, row-major, R
// then P, into RP when not NULL): row block i of J is R_i W_i. + P_i at the diagonal block.
// hold: the rim points' rows with their slip direction yh held (A = 0: dF_t = dlambda_t - yh mu
// dlambda_n; the finishing steps, sparse_finish), else the natural map's own.
static double natural_map_blocks_h(int np, int n, const ak_contact_point *const pts[],
                                   const double target[], double rf, bool hold, const double x[],
                                   const double u[], double F[], double RP[]) {
    int nt = n - 1, nn = n * n;
    double f2 = 0.0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = pts[i];
        const double *xi = x + (size_t)i * n;
        double *Fi = F + (size_t)i * n;
        point_map pm = natural_map_point(n, p, target[i], rf, xi, u + (size_t)i * n, Fi);
        double rho = pm.rho, *R = RP ? RP + (size_t)i * 2 * nn : NULL, *P = R ? R + nn : NULL;
        if (R) {
            memset(R, 0, sizeof(double) * 2 * (size_t)nn);
            if (pm.normal_active)
                R[0] = rho;
            else
                P[0] = 1.0;
            for (int t = 0; t < nt && pm.tangent == 0; t++) P[(1 + t) * n + 1 + t] = 1.0;
            for (int t = 0; t < nt && pm.tangent == 1; t++) R[(1 + t) * n + 1 + t] = rho;
            for (int a = 0; a < nt && pm.tangent == 2; a++) { // on the rim
                // dF_t = (I - A) dlambda_t + A rho W_t dx - yh mu [lambda_n > 0] dlambda_n
                for (int b = 0; b < nt; b++) {
                    double A = hold ? 0.0 : (pm.r / pm.ny) * ((a == b) - pm.yh[a] * pm.yh[b]);
                    R[(1 + a) * n + 1 + b] = rho * A;
                    P[(1 + a) * n + 1 + b] = (a == b) - A;
                }
                if (xi[0] > 0.0) P[(1 + a) * n] = -pm.yh[a] * p->mu;
            }
        }
        for (int q = 0; q < n; q++) f2 += Fi[q] * Fi[q];
    }
    return f2;
}

static double natural_map_blocks(int np, int n, const ak_contact_point *const pts[],
                                 const double target[], double rf, const double x[],
                                 const double u[], double F[], double RP[]) {
    return natural_map_blocks_h(np, n, pts, target, rf, false, x, u, F, RP);
}

// y = y0 + M (x - x0) for the block matrix M (pattern rs/col, n x n blocks val); inlined once
// per n (2 to 5, then a generic copy) so that the n x n loops unroll: the same arithmetic in the
// same order in every copy, so the same bits.
static inline __attribute__((always_inline)) void
block_affine_n(int np, int n, const int rs[], const int col[], const double val[],
               const double y0[], const double x[], const double x0[], double y[]) {
    int nn = n * n;
    for (int i = 0; i < np; i++) {
        double *yi = y + (size_t)i * n;
        memcpy(yi, y0 + (size_t)i * n, sizeof(double) * (size_t)n);
        for (int q = rs[i]; q < rs[i + 1]; q++) {
            const double *B = val + (size_t)q * nn;
            const double *xj = x + (size_t)col[q] * n, *x0j = x0 + (size_t)col[q] * n;
            for (int a = 0; a < n; a++) {
                double acc = 0.0;
                for (int b = 0; b < n; b++) acc += B[a * n + b] * (xj[b] - x0j[b]);
                yi[a] += acc;
            }
        }
    }
}

static void block_affine(int np, int n, const int rs[], const int col[], const double val[],
                         const double y0[], const double x[], const double x0[], double y[]) {
    AK_CV_PER_DIM(n, N, block_affine_n(np, N, rs, col, val, y0, x, x0, y));
}

// The sparse polish's Newton matrix J = R W + P block by block (RP: each point's R_i then P_i,
// as natural_map_blocks gives them) into Jv, and g -= J^T F; inlined once per n, 2 to 5, then a
// generic copy (the same arithmetic in the same order in every copy).
static inline __attribute__((always_inline)) void
newton_matrix_n(int np, int n, const int rs[], const int col[], const double W[], const double RP[],
                const double F[], double Jv[], double g[]) {
    int nn = n * n;
    for (int i = 0; i < np; i++) {
        const double *R = RP + (size_t)i * 2 * nn, *P = R + nn, *Fi = F + (size_t)i * n;
        for (int z = rs[i]; z < rs[i + 1]; z++) {
            const double *B = W + (size_t)z * nn;
            double *Jb = Jv + (size_t)z * nn, *gj = g + (size_t)col[z] * n;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) {
                    double acc = col[z] == i ? P[a * n + b] : 0.0;
                    for (int t = 0; t < n; t++) acc += R[a * n + t] * B[t * n + b];
                    Jb[a * n + b] = acc;
                }
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) gj[b] -= Jb[a * n + b] * Fi[a];
        }
    }
}

static void newton_matrix(int np, int n, const int rs[], const int col[], const double W[],
                          const double RP[], const double F[], double Jv[], double g[]) {
    AK_CV_PER_DIM(n, N, newton_matrix_n(np, N, rs, col, W, RP, F, Jv, g));
}

// lambda_n >= 0 and lambda_t on the disc |lambda_t| <= mu lambda_n, point by point (x as the polish's)
static void project_impulses(int np, int n, const ak_contact_point *const pts[], double x[]) {
    for (int i = 0; i < np; i++) {
        double *xi = x + (size_t)i * n;
        xi[0] = fmax(xi[0], 0.0);
        double r = pts[i]->mu > 0.0 ? pts[i]->mu * xi[0] : 0.0, nl = norm(n - 1, xi + 1);
        if (nl > r)
            for (int t = 1; t < n; t++) xi[t] = nl > 0.0 ? xi[t] * (r / nl) : 0.0;
    }
}

// The Newton direction of the sparse passes: J = R W + P block by block (newton_matrix; g = -J^T
// F), factored with the shift eps, dx = -(J + eps I)^-1 F and one step of iterative refinement
// (res = -F - (J + eps I) dx, dx += (J + eps I)^-1 res). -1 when the factorisation fails.
static int newton_direction(int np, int n, const int rs[], const int col[], const double W[],
                            const double RP[], const double F[], double eps, double Jv[],
                            double g[], ak_block_lu *lu, const double zero[], double dx[],
                            double res[]) {
    int k = np * n;
    memset(g, 0, sizeof(double) * (size_t)k);
    newton_matrix(np, n, rs, col, W, RP, F, Jv, g);
    if (ak_block_lu_factor(lu, Jv, eps)) return -1;
    for (int a = 0; a < k; a++) dx[a] = -F[a];
    ak_block_lu_solve(lu, dx);
    block_affine(np, n, rs, col, Jv, zero, dx, zero, res);
    for (int a = 0; a < k; a++) res[a] = -F[a] - res[a] - eps * dx[a];
    ak_block_lu_solve(lu, res);
    for (int a = 0; a < k; a++) dx[a] += res[a];
    return 0;
}

// The Newton iteration of the sparse polish [T-CV.6] on u = u0 + W (x - x0) (W by blocks in
// the pattern rs/col, lu its symbolic factorisation): from x (u = u0 + W (x - x0) on entry) to
// the result in x (u scratch). Returns 0, or -1 when out of memory.
// best_stall > 0 (the matrix form's projected pass): the pass ends after best_stall Newton
// steps in a row without a new best point (|F|^2 below BEST_GAIN times the best so far); the
// pass returns its best point either way, so where no better point would have come the result
// is the same, in fewer steps.
// nonmono (the world step's first try, ak_solver_converged_solve; the matrix form keeps the
// monotone search, sparse_newton): the Armijo condition is taken against the largest |F|^2 of
// the last NONMONO_MERITS Newton steps instead of the current one (the nonmonotone line search
// of Grippo, Lampariello and Lucidi, 1986); in the first pass (robust false) a step is taken
// when it lowers that largest value, and the pass returns the best point it met (the robust
// pass keeps its own rule: a step that lowers |F|^2, else the full step). |F|^2 of the natural
// map has kinks wherever a point changes branch, and the monotone search cut nearly every step
// there to 1/8 or less (pile_1000_3d step 47: 60 Newton steps, |F|^2 lowered a few per cent
// each); a step that may rise for a while crosses them. In that first pass the Newton matrix is
// also shifted: J + eps I with eps = max(NEWTON_EPS, |F|^2) at the current point (a
// Levenberg-Marquardt shift on J itself: the same pattern, no fill). The step of
// J + NEWTON_EPS I is dominated by the near null space of J (W is singular on a box resting on
// four points), so the line search cut it to 6e-11 to 3e-5 of its length in the first polish
// of every hard step (docs/performance.md, issue 28, the world step's Newton passes); shifted,
// most first polishes converge. Kept with the finishing steps in the world step's sparse polish
// (polish), judged over rounding-level copies of pile_1000_3d (bench_converged;
// docs/performance.md, issue 28, "The hardest step is a draw").
static int sparse_newton_nm(int np, int n, const ak_contact_point *const pp[], const double tg[],
                            double rf, bool robust, bool early, bool nonmono, bool round_stop,
                            int best_stall, int past_stall, double seed_tol, const int rs[],
                            const int col[], const double W[], ak_block_lu *lu, const double x0[],
                            const double u0[], double x[], double u[], int *taken) {
    int k = np * n, nn = n * n;
    size_t nz = (size_t)rs[np];
    double *Jv = malloc(sizeof(double) * (nz * (size_t)nn + (size_t)k * 7 + (size_t)np * 2 * nn));
    if (!Jv) return -1;
    double *F = Jv + nz * nn, *g = F + k, *dx = g + k, *xt = dx + k, *res = xt + k, *zero = res + k,
           *RP = zero + k;
    memset(zero, 0, sizeof(double) * (size_t)k);
    double f2 = natural_map_blocks(np, n, pp, tg, rf, x, u, F, RP);
    int steps = (int)fmax(
        NEWTON_STEPS, fmin(NEWTON_COMPONENT_STEPS, NEWTON_WORK / (ak_block_lu_flops(lu) + 1.0)));
    int full = 0, stall = 0, cycle = 0; // full steps taken (nonmonotone), stalled steps, cycles
    int halved = 0;                     // round_stop: the step of the last halving of |F|^2
    int lowest = 0;                     // best_stall, seeds: the step of the last new lowest |F|^2
    int seeds = 0;                      // rim seeds at a plateau (seed_tol > 0, nm)
    double f2low = f2;                  // ... and that |F|^2
    double f2best = INFINITY, *xbest = NULL, merits[NONMONO_MERITS], f2half = f2;
    bool nm = nonmono && !robust;
    if (taken) *taken = 0;
    for (int step = 0; step < steps && f2 > 0.0; step++) {
        if (taken) ++*taken;
        // J = R W + P, block by block; g = -J^T F; dx = -(J + eps I)^-1 F; in the first try's
        // pass (1) (nm) eps = max(NEWTON_EPS, |F|^2), the shift described above
        double eps = nm ? fmax(NEWTON_EPS, f2) : NEWTON_EPS;
        if (newton_direction(np, n, rs, col, W, RP, F, eps, Jv, g, lu, zero, dx, res)) break;
        // projected backtracking: x + alpha dx with lambda_n >= 0 and lambda_t on the disc, so
        // that one step can cross the kinks of every point it lifts off or puts on the rim
        double slope = 0.0, alpha = 1.0, f2new = INFINITY;
        for (int a = 0; a < k; a++) slope -= g[a] * dx[a];
        double fref = f2; // the Armijo reference: f2, or the largest of the last merits
        if (nonmono) {
            merits[step % NONMONO_MERITS] = f2;
            for (int z = 0; z < NONMONO_MERITS && z <= step; z++) fref = fmax(fref, merits[z]);
        }
        // each trial leaves its u, F and RP (J is built for this step already), so that an
        // accepted trial needs no second evaluation below
        for (int ls = 0; ls < 40; ls++, alpha *= 0.5) {
            for (int a = 0; a < k; a++) xt[a] = x[a] + alpha * dx[a];
            if (robust) project_impulses(np, n, pp, xt);
            block_affine(np, n, rs, col, W, u0, xt, x0, u);
            f2new = natural_map_blocks(np, n, pp, tg, rf, xt, u, F, RP);
            if (f2new <= fref + 1e-4 * alpha * 2.0 * slope) break;
        }
        if (robust && !(f2new < f2 && alpha >= 0x1p-10) && full < SPARSE_FULL_STEPS &&
            f2 <= SPARSE_FULL_GROWTH * f2best) {
            // stalled at a kink: the full (projected) Newton step, nonmonotone, the best point kept
            if (!xbest && !(xbest = malloc(sizeof(double) * (size_t)k))) break;
            // a cycle: twice a full step wanted where the last one led to nothing better
            if (f2 < f2best)
                f2best = f2, memcpy(xbest, x, sizeof(double) * (size_t)k);
            else if (early && ++cycle >= 2)
                break;
            for (int a = 0; a < k; a++) x[a] += dx[a];
            project_impulses(np, n, pp, x);
            full++;
            block_affine(np, n, rs, col, W, u0, x, x0, u);
            f2 = natural_map_blocks(np, n, pp, tg, rf, x, u, F, RP);
        } else {
            if (!(f2new < (nm ? fref : f2))) break;
            if (nm && f2 < f2best) { // the best point so far, which the pass returns
                if (!xbest && !(xbest = malloc(sizeof(double) * (size_t)k))) break;
                f2best = f2, memcpy(xbest, x, sizeof(double) * (size_t)k);
            }
            memcpy(x, xt, sizeof(double) * (size_t)k);
            // stalled: steps below 2^-10 that lower |F|^2 by less than a thousandth each
            stall = alpha < 0x1p-10 && f2new > 0.999 * f2 ? stall + 1 : 0;
            if (early && stall >= STALL_STEPS) break;
            f2 = f2new; // x is the last trial: u, F and RP are its own
        }
        if (f2 < 0.5 * f2half) f2half = f2, halved = step + 1;
        if (f2 < BEST_GAIN * f2low) f2low = f2, lowest = step + 1;
        if (nm && seed_tol > 0.0 && seeds < SEED_MAX && f2low <= SEED_F2 &&
            step + 1 - lowest >= SEED_WAIT && rim_seed(np, n, pp, u, seed_tol, x) > 0) {
            seeds++; // on from the seeded point: its merits, best point and plateau anew
            block_affine(np, n, rs, col, W, u0, x, x0, u);
            f2 = natural_map_blocks(np, n, pp, tg, rf, x, u, F, RP);
            for (int z = 0; z < NONMONO_MERITS; z++) merits[z] = f2;
            f2best = INFINITY, f2low = f2half = f2, lowest = halved = step + 1;
        }
        if (best_stall > 0 && step + 1 - lowest >= best_stall) break; // the best point is kept
        if (nm && past_stall > 0 && step + 1 >= NEWTON_STEPS && step + 1 - lowest >= past_stall)
            break; // past its NEWTON_STEPS without a new lowest: the best point is kept
        if (round_stop && step + 1 - halved >= ROUND_STEPS) { // converged to rounding: stop
            double x2 = 0.0;
            for (int a = 0; a < k; a++) x2 += x[a] * x[a];
            if (fmin(f2, f2best) <= ROUND_F2 * x2) break;
        }
    }
    if (xbest && f2best < f2) memcpy(x, xbest, sizeof(double) * (size_t)k);
    free(xbest);
    free(Jv);
    return 0;
}

static int sparse_newton(int np, int n, const ak_contact_point *const pp[], const double tg[],
                         double rf, bool robust, bool early, bool round_stop, int best_stall,
                         const int rs[], const int col[], const double W[], ak_block_lu *lu,
                         const double x0[], const double u0[], double x[], double u[]) {
    return sparse_newton_nm(np, n, pp, tg, rf, robust, early, false, round_stop, best_stall, 0, 0.0,
                            rs, col, W, lu, x0, u0, x, u, NULL);
}

// ---- the proximal point pass of the sparse polish [T-CV.6] ------------------------------
// W is singular on a pile (a box resting on four points: twelve unknowns, six degrees of
// freedom), so the Newton matrix J + eps I of the natural map is near singular there, and the
// sparse polish's passes creep or stall (pile_1000_3d steps 47-60: the first polish, 60
// Newton steps from sweep 50, ends at |F|^2 1e-5 to 0.2). The proximal point method
// (Rockafellar 1976; as Siconos Numerics' PROX solver applies it to frictional contact)
// solves instead, from x_k, the problem with W + alpha I and q - alpha x_k:
//   u_alpha(x) = u_k + (W + alpha I)(x - x_k) = u(x) + alpha (x - x_k),
// whose Newton matrix R (W + alpha I) + P is regular where R W + P is not; its solution is
// x_k+1, and a fixed point (x_k+1 = x_k, so u_alpha = u) solves the original problem. Each
// subproblem: full Newton steps from x_k (no line search, the impulses not projected) until
// |F_alpha|^2 <= PROX_INNER |F(x_k)|^2 (a relative inner tolerance, as Siconos' internal
// error ratio of 10 on |F|), at most PROX_INNER_STEPS, and no further once |F_alpha|^2 exceeds
// PROX_DIVERGE |F(x_k)|^2; x_k+1 is the best point of the subproblem. alpha = W_nn (mean over
// the points) times max(PROX_ALPHA, PROX_SIGMA |F| / max(|x|, |F|)) (Siconos' variable rule,
// sigma |error|, floored at its fixed 1e-5), times a factor that grows tenfold when a
// subproblem's Newton gains nothing from x_k (alpha too small for it) and falls tenfold (not
// below 1) when the outer step gains less than PROX_SLOW (alpha too large: the outer rate is
// about alpha / (alpha + lambda)). The outer iterations end at max_newton factorisations, at
// rounding level (ROUND_F2, as the other passes), or after PROX_STALL outer steps in a row
// without a new best |F|^2; the pass returns the best point by the original |F|^2. Run by the
// matrix form's late stage (problem_prox_late) and ak_solver_converged_prox; the world step's
// polish ran it from 29 to 30 Nov 2026 (see polish).
#define PROX_ALPHA 1e-5
#define PROX_SIGMA 5.0
#define PROX_INNER 1e-2
#define PROX_INNER_STEPS 8
#define PROX_DIVERGE 1e3
#define PROX_SLOW 0.5
#define PROX_STALL 3

static int sparse_prox(int np, int n, const ak_contact_point *const pp[], const double tg[],
                       double rf, double amin, double sigma, double diverge, int max_newton,
                       const int rs[], const int col[], const double W[], ak_block_lu *lu,
                       const double x0[], const double u0[], double x[], double u[]) {
    int k = np * n, nn = n * n;
    size_t nz = (size_t)rs[np];
    double *Wa =
        malloc(sizeof(double) * (2 * nz * (size_t)nn + (size_t)k * 9 + (size_t)np * 2 * nn));
    if (!Wa) return -1;
    double *Jv = Wa + nz * nn, *F = Jv + nz * nn, *g = F + k, *dx = g + k, *xk = dx + k,
           *uk = xk + k, *res = uk + k, *zero = res + k, *xbest = zero + k, *xin = xbest + k,
           *RP = xin + k;
    memset(zero, 0, sizeof(double) * (size_t)k);
    double wnn = 0.0;
    for (int i = 0; i < np; i++) wnn += W[(size_t)rs[i] * nn]; // the diagonal block is first
    wnn /= np > 0 ? np : 1;
    double f2 = natural_map_blocks(np, n, pp, tg, rf, x, u, F, RP);
    double f2best = f2, grow = 1.0;
    memcpy(xbest, x, sizeof(double) * (size_t)k);
    int newton = 0, stall = 0;
    while (newton < max_newton && f2 > 0.0) {
        double x2 = 0.0;
        for (int a = 0; a < k; a++) x2 += x[a] * x[a];
        double alpha = wnn * grow * fmax(amin, sigma * sqrt(f2 / fmax(x2, f2)));
        memcpy(Wa, W, sizeof(double) * nz * (size_t)nn);
        for (int i = 0; i < np; i++)
            for (int a = 0; a < n; a++) Wa[(size_t)rs[i] * nn + (size_t)a * n + a] += alpha;
        memcpy(xk, x, sizeof(double) * (size_t)k);
        memcpy(uk, u, sizeof(double) * (size_t)k);
        memcpy(xin, x, sizeof(double) * (size_t)k);
        // F_alpha(x_k) = F(x_k) (u_alpha(x_k) = u_k): F and RP hold it
        double f2k = f2, f2in = f2;
        for (int in = 0; in < PROX_INNER_STEPS && newton < max_newton; in++) {
            memset(g, 0, sizeof(double) * (size_t)k);
            newton_matrix(np, n, rs, col, Wa, RP, F, Jv, g);
            if (ak_block_lu_factor(lu, Jv, NEWTON_EPS)) break;
            newton++;
            for (int a = 0; a < k; a++) dx[a] = -F[a];
            ak_block_lu_solve(lu, dx);
            // one step of iterative refinement, as the other passes
            block_affine(np, n, rs, col, Jv, zero, dx, zero, res);
            for (int a = 0; a < k; a++) res[a] = -F[a] - res[a] - NEWTON_EPS * dx[a];
            ak_block_lu_solve(lu, res);
            for (int a = 0; a < k; a++) x[a] += dx[a] + res[a];
            block_affine(np, n, rs, col, Wa, uk, x, xk, u); // u_alpha(x)
            double f2a = natural_map_blocks(np, n, pp, tg, rf, x, u, F, RP);
            if (f2a < f2in) f2in = f2a, memcpy(xin, x, sizeof(double) * (size_t)k);
            if (f2a <= PROX_INNER * f2k || !(f2a <= diverge * f2k)) break;
        }
        memcpy(x, xin, sizeof(double) * (size_t)k);    // the subproblem's best point
        block_affine(np, n, rs, col, W, uk, x, xk, u); // the original problem at x
        f2 = natural_map_blocks(np, n, pp, tg, rf, x, u, F, RP);
        if (!(f2in < f2k))
            grow *= 10.0;
        else if (f2 > PROX_SLOW * f2k)
            grow = fmax(1.0, grow * 0.1);
        if (f2 < f2best) {
            f2best = f2, stall = 0;
            memcpy(xbest, x, sizeof(double) * (size_t)k);
        } else if (++stall >= PROX_STALL)
            break;
        if (f2best <= ROUND_F2 * x2) break;
    }
    if (f2best < f2 || !(f2 == f2)) {
        memcpy(x, xbest, sizeof(double) * (size_t)k);
        block_affine(np, n, rs, col, W, u0, x, x0, u);
    }
    free(Wa);
    return 0;
}

// ---- the finishing steps of the sparse polish [T-CV.6] -------------------------------------
// Where the passes above leave a component just above the tolerance (its largest residual at
// most FINISH_MAX), they stop at a floor that no line search passes: pile_1000_3d step 56
// (exported at 72a0737) ended every polish at 8e-9 to 8e-7 while the sweeps between polishes
// drifted away again (67,600 sweeps, 207 s): the natural map with rho = m_n x 0.01 is blind to
// the slip direction of a point whose slip is 2e-8 m/s (F_t moves by rho |u_t| x the angle,
// 1e-21 in |F|^2, where its dissipation residual is mu lambda_n |u_t| x the angle, 1e-9), and
// the line search takes steps of 1e-4 there. What passes it: full Newton steps without a line
// search, each iterate projected onto the cones and measured (finish_measure), the best
// kept: FINISH_HOLD steps at the pass's rho with the rim points' slip directions held (a linear
// problem on the current branches; the other points reach rounding level), then FINISH_FULL on
// the natural map's own Jacobian at rho factor 1 (which turns the slip directions), until an
// iterate is a hundredth of tol. The iterates may cycle between branches (full steps at a
// kink); only the best is returned.
#define FINISH_MAX 1e-6
#define FINISH_HOLD 4
#define FINISH_FULL 6
#define FINISH_MARGIN 1e-2 ///< the steps go on until an iterate is this far below tol

// The largest of the four residuals of x at u (as residuals_range; targets tg).
static double block_worst(int np, int n, const ak_contact_point *const pp[], const double tg[],
                          const double x[], const double u[]) {
    int nt = n - 1;
    double w = 0.0;
    for (int i = 0; i < np; i++) {
        const double *xi = x + (size_t)i * n, *ui = u + (size_t)i * n;
        double rad = pp[i]->mu > 0.0 ? pp[i]->mu * xi[0] : 0.0, rtu = 0.0;
        for (int t = 1; t <= nt; t++) rtu += xi[t] * ui[t];
        w = fmax(w, tg[i] - ui[0]);
        w = fmax(w, fabs(xi[0] * (ui[0] - tg[i])));
        w = fmax(w, norm(nt, xi + 1) - rad);
        w = fmax(w, fabs(rad * norm(nt, ui + 1) + rtu));
    }
    return w;
}

// What the finishing steps measure an iterate by: the four residuals and the largest |F_i| of
// the natural map at rho factor 1 (F scratch, n np), whichever is larger. The four residuals
// alone let the slip direction of a fast point drift (its dissipation residual is of second
// order in the angle, F_t of first): on step 56 an iterate with residuals 7.7e-12 left
// Siconos' ||F||_2 at 9.7e-9, twice the bound 1e-10 sqrt(points).
static double finish_measure(int np, int n, const ak_contact_point *const pp[], const double tg[],
                             const double x[], const double u[], double F[]) {
    double w = block_worst(np, n, pp, tg, x, u);
    natural_map_blocks(np, n, pp, tg, 1.0, x, u, F, NULL);
    for (int i = 0; i < np; i++) w = fmax(w, norm(n, F + (size_t)i * n));
    return w;
}

// From x (u = u0 + W (x - x0) on entry) to the best iterate in x, u (projected; unchanged when
// none is better). Returns 0, or -1 when out of memory.
static int sparse_finish(int np, int n, const ak_contact_point *const pp[], const double tg[],
                         double rf, double tol, const int rs[], const int col[], const double W[],
                         ak_block_lu *lu, const double x0[], const double u0[], double x[],
                         double u[]) {
    int k = np * n, nn = n * n;
    size_t nz = (size_t)rs[np];
    double *Jv = malloc(sizeof(double) * (nz * (size_t)nn + (size_t)k * 8 + (size_t)np * 2 * nn));
    if (!Jv) return -1;
    double *F = Jv + nz * nn, *g = F + k, *dx = g + k, *res = dx + k, *zero = res + k,
           *xi = zero + k, *ui = xi + k, *xp = ui + k, *RP = xp + k;
    memset(zero, 0, sizeof(double) * (size_t)k);
    double best = finish_measure(np, n, pp, tg, x, u, F);
    memcpy(xi, x, sizeof(double) * (size_t)k);
    for (int step = 0; step < FINISH_HOLD + FINISH_FULL && best > FINISH_MARGIN * tol; step++) {
        bool hold = step < FINISH_HOLD;
        if (step == FINISH_HOLD) memcpy(xi, x, sizeof(double) * (size_t)k); // from the best
        block_affine(np, n, rs, col, W, u0, xi, x0, ui);
        natural_map_blocks_h(np, n, pp, tg, hold ? rf : 1.0, hold, xi, ui, F, RP);
        if (newton_direction(np, n, rs, col, W, RP, F, NEWTON_EPS, Jv, g, lu, zero, dx, res)) break;
        for (int a = 0; a < k; a++) xi[a] += dx[a];
        memcpy(xp, xi, sizeof(double) * (size_t)k);
        project_impulses(np, n, pp, xp);
        block_affine(np, n, rs, col, W, u0, xp, x0, ui);
        double w = finish_measure(np, n, pp, tg, xp, ui, F);
        if (w < best) {
            best = w;
            memcpy(x, xp, sizeof(double) * (size_t)k);
            memcpy(u, ui, sizeof(double) * (size_t)k);
        }
    }
    free(Jv);
    return 0;
}

// The kinds of pass of the world step's sparse polish (newton_polish_sparse): the Newton passes
// (sparse_newton_nm) and the finishing steps (sparse_finish).
typedef enum { SPARSE_NEWTON, SPARSE_FINISH } sparse_pass;

// What the passes of one component's polish share (polish): the block pattern of W (rs, col),
// its ordering and symbolic factorisation (lu), and W itself, with a pass's scratch after it
// (buf). They depend on the component's points, the bodies' masses and this step's world
// inverse inertia only, which no pass changes, so the first pass of the points builds them
// (sparse_build) and the later passes take them as they are: the same bits as building them
// again (the order depends on the pattern only, W on the unit impulses at rest, and every
// factorisation starts from W's blocks). pile_1000_3d: the hard steps' polishes run 4 to 8
// passes of one component. The order is minimum fill (block_lu.c; minimum degree before 30 Nov
// 2026): fewer multiply-adds per factorisation for a dearer ordering, which the passes now
// share (docs/performance.md, issue 28, "Built once per component, ordered by minimum fill").
typedef struct sparse_shared {
    int *rs, *col;
    ak_block_lu *lu;
    double *buf; ///< W (rs[np] n x n blocks), then x, x0, u, u0 (np n each) and sv, sw (bodies)
} sparse_shared;

// The factorisations of sh made after its first `counted` added to the step's stats; returns
// how many sh has made in all.
static long sparse_shared_count(ak_contact_cache *c, const sparse_shared *sh, long counted) {
    long all = sh->lu ? ak_block_lu_factorisations(sh->lu) : 0, f = all - counted;
    c->stats.sparse_factorisations += f;
    if (f) c->stats.sparse_multiply_adds += (double)f * ak_block_lu_flops(sh->lu);
    return all;
}

static void sparse_shared_free(sparse_shared *sh) {
    ak_block_lu_free(sh->lu);
    free(sh->rs), free(sh->col), free(sh->buf);
    *sh = (sparse_shared){ 0 };
}

// sh's factorisations counted into the step's stats, then sh freed (polish, after a component
// whose sh is its own; a step's cached ones: sparse_cache_count, sparse_cache_free)
static void sparse_shared_done(ak_contact_cache *c, sparse_shared *sh) {
    sparse_shared_count(c, sh, 0);
    sparse_shared_free(sh);
}

// The sparse_shared of each component a step's polishes took sparsely, kept over the world
// step's velocity stage (ak_solver_converged_solve: the first try, the warm start, the cold
// restart and the rest) and its position stage (ak_solver_converged_positions): their polishes
// see the same points and the same components (from the points' bodies), the same masses and
// world inverse inertia (c->step, from ak_solver_prepare), so each polish would build the same
// pattern, ordering and W (sparse_build) again (W does not depend on mu, which the position
// stage sets to zero, nor on the velocities). A component is known by its first point and its
// count (the components partition the points). The same bits as building them in each polish;
// pile_1000_3d step 53 (five polishes of one component of 2,228 points): a build took 0.035 s
// of each polish's 0.07 to 0.8 s (docs/performance.md, issue 28, "One build a step").
typedef struct sparse_entry {
    int first, cnt; ///< the component: its first point and its count
    long counted;   ///< factorisations already counted into the stats
    sparse_shared sh;
} sparse_entry;

typedef struct sparse_cache {
    int len, cap;
    sparse_entry *e;
} sparse_cache;

// The entry of the component whose first point is first and whose count is cnt, made empty
// when new; NULL when sc is NULL or out of memory (the caller then uses a sparse_shared of its
// own and frees it after the component).
static sparse_shared *sparse_cache_get(sparse_cache *sc, int first, int cnt) {
    if (!sc) return NULL;
    for (int i = 0; i < sc->len; i++)
        if (sc->e[i].first == first && sc->e[i].cnt == cnt) return &sc->e[i].sh;
    if (sc->len == sc->cap) {
        int cap = sc->cap ? 2 * sc->cap : 8;
        sparse_entry *e = realloc(sc->e, sizeof *e * (size_t)cap);
        if (!e) return NULL;
        sc->e = e, sc->cap = cap;
    }
    sc->e[sc->len] = (sparse_entry){ .first = first, .cnt = cnt };
    return &sc->e[sc->len++].sh;
}

// The factorisations made since the last count added to the step's stats (as
// sparse_shared_done adds them), at the end of each stage: the stats are whole whether or not
// the position stage runs.
static void sparse_cache_count(ak_contact_cache *c, sparse_cache *sc) {
    for (int i = 0; i < sc->len; i++)
        sc->e[i].counted = sparse_shared_count(c, &sc->e[i].sh, sc->e[i].counted);
}

// Frees sc and its entries (c->step.free_cv_sparse; their factorisations counted before).
static void sparse_cache_free(void *p) {
    sparse_cache *sc = p;
    if (!sc) return;
    for (int i = 0; i < sc->len; i++) sparse_shared_free(&sc->e[i].sh);
    free(sc->e);
    free(sc);
}

// The step's cache (c->step.cv_sparse) dropped: by the velocity stage before it begins, and by
// the position stage when it is done with it or has nothing to correct.
static void sparse_cache_drop(ak_contact_cache *c) {
    sparse_cache_free(c->step.cv_sparse);
    c->step.cv_sparse = NULL;
}

// Builds sh for the points idx[0 .. np) (pp: their points). 0, or -1 when out of memory or the
// pattern is refused (sh is then left empty). The bodies' velocities are as on entry.
static int sparse_build(const ak_model *m, ak_data *d, const ak_contact_cache *c, const int idx[],
                        int np, const ak_contact_point *const pp[], sparse_shared *sh) {
    int n = m->dim, nb = m->nbody, k = np * n, nn = n * n;
    // the point graph: points sharing a moving body (body -> local points, counting sort)
    int *bst = calloc((size_t)nb + 1, sizeof(int)),
        *bpt = malloc(sizeof(int) * (size_t)(2 * np + 1));
    int *stamp = malloc(sizeof(int) * (size_t)np), *rs = malloc(sizeof(int) * ((size_t)np + 1));
    int *col = NULL;
    if (!bst || !bpt || !stamp || !rs) {
        free(bst), free(bpt), free(stamp), free(rs);
        return -1;
    }
    for (int i = 0; i < np; i++) {
        if (ak_solver_body_moves(m, pp[i]->a)) bst[pp[i]->a + 1]++;
        if (ak_solver_body_moves(m, pp[i]->b) && pp[i]->b != pp[i]->a) bst[pp[i]->b + 1]++;
    }
    for (int b = 0; b < nb; b++) bst[b + 1] += bst[b];
    {
        int *fillb = malloc(sizeof(int) * (size_t)(nb > 0 ? nb : 1));
        if (!fillb) {
            free(bst), free(bpt), free(stamp), free(rs);
            return -1;
        }
        memcpy(fillb, bst, sizeof(int) * (size_t)nb);
        for (int i = 0; i < np; i++) {
            if (ak_solver_body_moves(m, pp[i]->a)) bpt[fillb[pp[i]->a]++] = i;
            if (ak_solver_body_moves(m, pp[i]->b) && pp[i]->b != pp[i]->a)
                bpt[fillb[pp[i]->b]++] = i;
        }
        free(fillb);
    }
    for (int pass = 0; pass < 2; pass++) { // count, then fill the rows (diagonal first)
        int nz = 0;
        for (int i = 0; i < np; i++) stamp[i] = -1;
        for (int i = 0; i < np; i++) {
            rs[i] = nz;
            if (pass) col[nz] = i;
            nz++, stamp[i] = i;
            int ab[2] = { pp[i]->a, pp[i]->b };
            for (int z = 0; z < 2; z++) {
                if (!ak_solver_body_moves(m, ab[z])) continue;
                for (int q = bst[ab[z]]; q < bst[ab[z] + 1]; q++) {
                    int j = bpt[q];
                    if (stamp[j] == i) continue;
                    stamp[j] = i;
                    if (pass) col[nz] = j;
                    nz++;
                }
            }
        }
        rs[np] = nz;
        if (!pass) {
            col = malloc(sizeof(int) * (size_t)(nz > 0 ? nz : 1));
            if (!col) break;
        }
    }
    free(bst), free(bpt), free(stamp);
    ak_block_lu *lu = col ? ak_block_lu_new_order(np, n, rs, col, AK_BLU_MIN_FILL) : NULL;
    size_t nz = (size_t)rs[np];
    double *W = lu ? malloc(sizeof(double) * (nz * (size_t)nn + (size_t)k * 4 +
                                              (size_t)nb * (AK_MAX_DIM + AK_MAX_BIV)))
                   : NULL;
    if (!W) {
        ak_block_lu_free(lu);
        free(col), free(rs);
        return -1;
    }
    double *sv = W + nz * nn + (size_t)k * 4, *sw = sv + (size_t)nb * AK_MAX_DIM;
    // W block by block: column q of W_ij is the local velocity of point i that a unit impulse
    // along direction q of point j gives, all bodies at rest
    save_at_rest(d, nb, sv, sw);
    for (int jj = 0; jj < np; jj++) {
        const ak_contact_point *pj = pp[jj];
        for (int q = 0; q < n; q++) {
            unit_impulse(m, d, c, pj, q);
            for (int z = rs[jj]; z < rs[jj + 1];
                 z++) { // the rows i of the points that couple to jj
                int i = col[z], at = rs[i];
                while (col[at] != jj) at++;
                double ui[AK_MAX_DIM];
                local_velocities(m, d, c, idx + i, 1, ui);
                for (int t = 0; t < n; t++) W[(size_t)at * nn + (size_t)t * n + q] = ui[t];
            }
            bodies_at_rest(d, pj);
        }
    }
    memcpy(d->v, sv, sizeof(double) * (size_t)nb * AK_MAX_DIM);
    memcpy(d->w, sw, sizeof(double) * (size_t)nb * AK_MAX_BIV);
    *sh = (sparse_shared){ .rs = rs, .col = col, .lu = lu, .buf = W };
    return 0;
}

// Sparse Newton polish of the points given[0 .. ngiven) (a connected component) from the
// current impulses, by a pass of the given kind; robust: the second Newton pass (projected,
// nonmonotone); nonmono: the Armijo condition against the last merits (sparse_newton_nm, the
// world step's first try); sh: the points' pattern, factorisation and W (built here when
// empty; the caller frees it). Returns 1 when kept (*r updated over [s, e)), 0 when not, -1
// when it could not run (out of memory, or a pattern block_lu refuses).
static int newton_polish_sparse(const ak_model *m, ak_data *d, ak_contact_cache *c,
                                const double target[], int s, int e, const int given[], int ngiven,
                                double rf, bool robust, bool nonmono, sparse_pass kind,
                                sparse_shared *sh, ak_solver_residuals *r) {
    int n = m->dim, nb = m->nbody, np = ngiven, k = np * n, nn = n * n;
    const int *idx = given;
    const ak_contact_point **pp = malloc(sizeof *pp * (size_t)np);
    double *tg = malloc(sizeof(double) * (size_t)np);
    if (!pp || !tg) {
        free(pp), free(tg);
        return -1;
    }
    for (int i = 0; i < np; i++) pp[i] = &c->step.pts[idx[i]], tg[i] = target[idx[i]];
    if (!sh->lu && sparse_build(m, d, c, idx, np, pp, sh)) {
        free(pp), free(tg);
        return -1;
    }
    const int *rs = sh->rs, *col = sh->col;
    ak_block_lu *lu = sh->lu;
    size_t nz = (size_t)rs[np];
    double *W = sh->buf, *x = W + nz * nn, *x0 = x + k, *u = x0 + k, *u0 = u + k;
    double *sv = u0 + k, *sw = sv + (size_t)nb * AK_MAX_DIM;
    memcpy(sv, d->v, sizeof(double) * (size_t)nb * AK_MAX_DIM); // for undo_polish
    memcpy(sw, d->w, sizeof(double) * (size_t)nb * AK_MAX_BIV);
    polish_start(m, d, c, idx, pp, np, sv, sw, x, x0, u, u0);
    // the projected pass (robust) ends early where it cannot gain, as the matrix form's does: a
    // full step wanted a second time without a better point since the last one, or STALL_STEPS
    // stalled steps in a row (pile_1000_3d steps 1-60: 28 projected passes took 4.3 s, 4.0 s of
    // it in passes whose |F|^2 never halved after their first step; 61.1 s -> 55.5 s of CPU for
    // the 60 steps, the same sweeps on every step; docs/performance.md, the world step's sixth
    // round)
    int ran =
        kind == SPARSE_FINISH
            ? sparse_finish(np, n, pp, tg, rf, m->solver.tolerance, rs, col, W, lu, x0, u0, x, u)
            : sparse_newton_nm(np, n, pp, tg, rf, robust, robust, nonmono, true, 0, 0,
                               m->solver.tolerance, rs, col, W, lu, x0, u0, x, u, NULL);
    if (ran) {
        free(pp), free(tg);
        return -1;
    }
    // apply, keep if the component's residuals shrink
    double *saved = malloc(sizeof(double) * (size_t)np * (AK_MAX_DIM + 1));
    int keep = 0;
    if (saved) {
        for (int i = 0; i < np; i++) {
            saved[(size_t)i * (AK_MAX_DIM + 1)] = pp[i]->jn;
            memcpy(saved + (size_t)i * (AK_MAX_DIM + 1) + 1, pp[i]->jt, sizeof pp[i]->jt);
        }
        ak_solver_residuals rn, r0;
        residuals_idx(m, d, c, target, idx, np, &r0);
        set_impulses(m, d, c, idx, np, x);
        residuals_idx(m, d, c, target, idx, np, &rn);
        keep = worst(&rn) < worst(&r0);
        if (keep) {
            residuals_range(m, d, c, target, NULL, s, e, r);
        } else {
            undo_polish(d, c, nb, sv, sw, idx, np, saved);
        }
        free(saved);
    }
    free(pp), free(tg);
    return keep;
}

// ---- the few-point floor cure of the world step's sparse polish [T-CV.6] -------------------
// Where the sparse polish's passes leave a component above the tolerance at a few points only,
// they have met a floor that no Newton step of the whole component passes: pile_1000_3d step
// 44, a light body whose face rests on four points, rocking between two edges (the face's
// sliding normal system singular to within friction; every polish ended on the wrong edge, the
// step took 2,600 sweeps). There, when at most CURE_MAX_BAD points are above the tolerance,
// those points and every point on the moving bodies they touch are solved as their own
// problem, the other impulses held (their effect in u0): the dense polish (newton_polish with
// the points given: its Levenberg-Marquardt step where the Newton step stalls, up to
// NEWTON_COMPONENT_STEPS steps while they are cheap), at each rho factor in turn, first from
// the current impulses and then with the sticking, slipping points on the rim [T-CV.3], until
// the points meet the tolerance. Each polish is kept only when the points' residuals shrink
// (newton_polish's rule). The sub-problem's impulses move the bodies at its edge, whose other
// points it does not contain, so the caller polishes the whole component again from there.
// Nothing is done where the sub-problem has more than max_sub unknowns (the dense branch of
// polish: DENSE_CURE_MAX; the sparse branch: no cap). Returns whether the points met the
// tolerance.
#define CURE_MAX_BAD 12
// The cure in the dense branch of the component polish (polish): its sub-problem at most this
// many unknowns (there it is often the whole component, and each of its ten dense polishes
// costs as the cube of its unknowns)
#define DENSE_CURE_MAX 128

static bool floor_cure(const ak_model *m, ak_data *d, ak_contact_cache *c, const double target[],
                       int s, int e, const int comp[], int cnt, double rf, int max_sub, bool tried,
                       ak_solver_residuals *r) {
    int *bad = malloc(sizeof(int) * (size_t)(cnt > 0 ? cnt : 1)),
        *sub = malloc(sizeof(int) * (size_t)(cnt > 0 ? cnt : 1));
    char *mark = calloc((size_t)(m->nbody > 0 ? m->nbody : 1), 1);
    bool met = false;
    int nbad = 0, nsub = 0;
    if (!bad || !sub || !mark) goto out;
    for (int z = 0; z < cnt; z++) { // the points above the tolerance
        ak_solver_residuals ri;
        residuals_range(m, d, c, target, NULL, comp[z], comp[z] + 1, &ri);
        if (worst(&ri) > m->solver.tolerance) bad[nbad++] = comp[z];
    }
    if (nbad == 0 || nbad > CURE_MAX_BAD) goto out;
    for (int z = 0; z < nbad; z++) { // their moving bodies
        const ak_contact_point *p = &c->step.pts[bad[z]];
        if (ak_solver_body_moves(m, p->a)) mark[p->a] = 1;
        if (ak_solver_body_moves(m, p->b)) mark[p->b] = 1;
    }
    for (int z = 0; z < cnt; z++) { // every point on them
        const ak_contact_point *p = &c->step.pts[comp[z]];
        if ((ak_solver_body_moves(m, p->a) && mark[p->a]) ||
            (ak_solver_body_moves(m, p->b) && mark[p->b]))
            sub[nsub++] = comp[z];
    }
    if (nsub * m->dim > max_sub) goto out;
    // tried: the caller has just run the dense polish of comp at rf from these impulses, from
    // them and from the rim seeds, and kept neither; where the sub-problem is comp itself (the
    // same points in the same order) the first two tries would repeat those two polishes bit
    // for bit, so they are skipped (the same result; pile_1000_4d step 13: 24-point components
    // that both polishes leave above the tolerance, 0.2-0.4 s a polish)
    bool kept = true; // the last polish's
    for (int t = tried && nsub == cnt ? 2 : 0; t < 10 && !met; t++) {
        ak_solver_residuals rc;
        kept = newton_polish(m, d, c, target, s, e, sub, nsub, rf * RHO_FACTOR[t / 2], t % 2 == 1,
                             t % 2 == 1 && !kept, r);
        residuals_idx(m, d, c, target, sub, nsub, &rc);
        met = worst(&rc) <= m->solver.tolerance;
    }
out:
    free(bad), free(sub), free(mark);
    return met;
}

int ak_solver_converged_cure(const ak_model *m, ak_data *d, ak_contact_cache *c, const int idx[],
                             int np) {
    return ak_solver_converged_cure_max(m, d, c, idx, np, INT_MAX);
}

int ak_solver_converged_cure_max(const ak_model *m, ak_data *d, ak_contact_cache *c,
                                 const int idx[], int np, int max_unknowns) {
    int npt = c->step.npoint;
    double *target = malloc(sizeof(double) * (size_t)(npt > 0 ? npt : 1));
    if (!target) return 0;
    for (int i = 0; i < npt; i++) target[i] = c->step.pts[i].bias;
    ak_solver_residuals r;
    residuals_range(m, d, c, target, NULL, 0, npt, &r);
    int met = floor_cure(m, d, c, target, 0, npt, idx, np, 1.0, max_unknowns, false, &r);
    free(target);
    return met;
}

// The polish of [s, e): all of it when it is one connected component of the contact graph with
// at most NEWTON_MAX_UNKNOWNS unknowns. Else per connected component (points joined through a
// shared moving body; the impulses of one component do not change the velocities of another,
// and the dense work of a polish grows as the cube of its unknowns): each component with a
// residual above the tolerance and at most NEWTON_MAX_UNKNOWNS unknowns is polished alone, kept
// when its own residuals shrink; a larger component gets the sparse polish of the whole
// component [T-CV.6] (newton_polish_sparse), or, if that cannot run (out of memory), the block
// polish grown from the worst point (polish_points). nonmono (the world step's first try): the
// components above FIRST_DENSE_MAX unknowns get the sparse polish with the nonmonotone search,
// and *sparse_ran (when not NULL) is set where one does (the only place where the first try's
// polish differs from the path of before's). Returns whether anything was kept (then *r is
// measured again).
static bool polish(const ak_model *m, ak_data *d, ak_contact_cache *c, const double target[], int s,
                   int e, double rf, bool nonmono, bool *sparse_ran, sparse_cache *sc,
                   ak_solver_residuals *r) {
    int n = m->dim, np = e - s, nb = m->nbody;
    int *root = malloc(sizeof(int) * (size_t)nb), *order = malloc(sizeof(int) * (size_t)np),
        *key = malloc(sizeof(int) * (size_t)np), *start = malloc(sizeof(int) * ((size_t)nb + 1));
    bool kept = false, big = false;
    if (!root || !order || !key || !start) {
        free(root), free(order), free(key), free(start);
        return newton_polish(m, d, c, target, s, e, NULL, 0, rf, false, false, r);
    }
    for (int b = 0; b < nb; b++) root[b] = b;
    for (int i = s; i < e; i++) { // union-find over the moving bodies
        const ak_contact_point *p = &c->step.pts[i];
        if (!ak_solver_body_moves(m, p->a) || !ak_solver_body_moves(m, p->b)) continue;
        int ra = p->a, rb = p->b;
        while (root[ra] != ra) ra = root[ra] = root[root[ra]];
        while (root[rb] != rb) rb = root[rb] = root[root[rb]];
        if (ra != rb) root[ra > rb ? ra : rb] = ra < rb ? ra : rb;
    }
    memset(start, 0, sizeof(int) * ((size_t)nb + 1));
    for (int i = s; i < e; i++) { // component of a point: the root of its moving body
        const ak_contact_point *p = &c->step.pts[i];
        int b = ak_solver_body_moves(m, p->a) ? p->a : p->b;
        while (root[b] != b) b = root[b];
        key[i - s] = b;
        start[b + 1]++;
    }
    for (int b = 0; b < nb; b++) start[b + 1] += start[b];
    for (int i = s; i < e; i++) order[start[key[i - s]]++] = i; // counting sort by component
    for (int b = nb; b > 0; b--) start[b] = start[b - 1];
    start[0] = 0;
    int ncomp = 0;
    for (int b = 0; b < nb; b++) ncomp += start[b + 1] > start[b];
    // the world step's first try (nonmono) polishes components above FIRST_DENSE_MAX unknowns
    // sparsely: a dense polish of a component just under NEWTON_MAX_UNKNOWNS costs seconds
    // (pile_1000_3d step 39: 50 sweeps and one polish, 6.5 s; 1.7 s with the sparse polish)
    int dense_max = nonmono ? FIRST_DENSE_MAX : NEWTON_MAX_UNKNOWNS;
    if (ncomp <= 1 && np * n <= NEWTON_MAX_UNKNOWNS) { // one component: the whole problem
        free(root), free(order), free(key), free(start);
        return newton_polish(m, d, c, target, s, e, NULL, 0, rf, false, false, r);
    }
    for (int b = 0; b < nb; b++) {
        int cnt = start[b + 1] - start[b];
        if (cnt == 0) continue;
        ak_solver_residuals rc;
        residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
        if (worst(&rc) <= m->solver.tolerance) continue;
        if (cnt * n > dense_max) { // the sparse polish [T-CV.6]; the block if it cannot run
            if (nonmono && sparse_ran) *sparse_ran = true; // where the first try differs
            // the passes' pattern, factorisation and W, built once a step (sc) or a polish
            sparse_shared own = { 0 }, *shp = sparse_cache_get(sc, order[start[b]], cnt);
            bool mine = !shp; // freed after the component: no cache, or none to be had
            if (mine) shp = &own;
            int rc1 = newton_polish_sparse(m, d, c, target, s, e, order + start[b], cnt, rf, false,
                                           nonmono, SPARSE_NEWTON, shp, r);
            if (rc1 < 0) {
                big = true;
                if (mine) sparse_shared_done(c, shp); // a cached one stays for the next polish
                continue;
            }
            kept |= rc1 > 0;
            // still above the tolerance: again with the projected, nonmonotone line search
            residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
            if (!(worst(&rc) > m->solver.tolerance)) {
                if (mine) sparse_shared_done(c, shp);
                continue;
            }
            if (newton_polish_sparse(m, d, c, target, s, e, order + start[b], cnt, rf, true,
                                     nonmono, SPARSE_NEWTON, shp, r) > 0)
                kept = true;
            // (no proximal point pass here since 30 Nov 2026: from 29 Nov it ran from the first
            // pass's end where both passes missed, kept only with the projected pass after it
            // meeting the tolerance; over three paths of pile_1000_3d 27 such tries took 644
            // factorisations and one met the tolerance. Over 17 paths without it: the same
            // sweeps on 16, 500 more on one, 12 % fewer factorisations; docs/performance.md,
            // issue 28, "Seeding the rim at a plateau". The matrix form's late stage keeps it.)
            // still above at a few points: the floor cure, then both passes of the whole
            // component again from its end (pile_1000_3d steps 41, 44, 45 and 47 of main's
            // path met the tolerance there; docs/performance.md, the seventh round)
            residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
            if (worst(&rc) > m->solver.tolerance &&
                floor_cure(m, d, c, target, s, e, order + start[b], cnt, rf, INT_MAX, false, r)) {
                kept = true;
                residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
                for (int pass = 0; pass < 2 && worst(&rc) > m->solver.tolerance; pass++) {
                    newton_polish_sparse(m, d, c, target, s, e, order + start[b], cnt, rf,
                                         pass == 1, nonmono, SPARSE_NEWTON, shp, r);
                    residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
                }
            }
            // still above, but at most FINISH_MAX: the finishing steps (sparse_finish, as the
            // matrix form's), kept when they lower the component's residuals. The passes stop
            // at such floors just above the tolerance: with the shifted first polish,
            // pile_1000_3d with the gravity 8 units in the last place further from zero
            // (bench_converged's k = -8) ended most polishes of step 60 at 3e-10 to 2e-8 (39,250
            // sweeps, 241 s); with the finishing steps 554 sweeps (docs/performance.md, issue
            // 28, the hardest step is a draw)
            residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
            if (worst(&rc) > m->solver.tolerance && worst(&rc) <= FINISH_MAX &&
                newton_polish_sparse(m, d, c, target, s, e, order + start[b], cnt, rf, false,
                                     nonmono, SPARSE_FINISH, shp, r) > 0)
                kept = true;
            if (mine) sparse_shared_done(c, shp);
            continue;
        }
        bool k0 = newton_polish(m, d, c, target, s, e, order + start[b], cnt, rf, false, false, r),
             k1 = false;
        kept |= k0;
        residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
        // still above the tolerance: again from the points that stick and slip put on the rim
        // opposite their slip [T-CV.3] (the active sticking points of one pair must share their
        // separation, so the exact solution slides where the sweeps have points stick)
        if (worst(&rc) > m->solver.tolerance &&
            (k1 = newton_polish(m, d, c, target, s, e, order + start[b], cnt, rf, true, !k0, r)))
            kept = true;
        // still above: the few-point floor cure on a sub-problem of at most DENSE_CURE_MAX
        // unknowns, then both polishes of the component again from its end (as the sparse
        // branch above; pile_1000_4d steps 1-30 with the creep stop: 47.3 -> 41.4 s, step 13
        // 8,786 -> 3,601 sweeps; docs/performance.md, the world step's eighth round)
        residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
        if (worst(&rc) > m->solver.tolerance &&
            floor_cure(m, d, c, target, s, e, order + start[b], cnt, rf, DENSE_CURE_MAX, !k0 && !k1,
                       r)) {
            kept = true;
            residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
            for (int pass = 0, kp = 1; pass < 2 && worst(&rc) > m->solver.tolerance; pass++) {
                kp = newton_polish(m, d, c, target, s, e, order + start[b], cnt, rf, pass == 1,
                                   pass == 1 && !kp, r);
                residuals_idx(m, d, c, target, order + start[b], cnt, &rc);
            }
        }
    }
    free(root), free(order), free(key), free(start);
    if (big && newton_polish(m, d, c, target, s, e, NULL, 0, rf, false, false, r)) kept = true;
    if (kept) residuals_range(m, d, c, target, NULL, s, e, r);
    return kept;
}

// Iterate sweeps over [s, e) until every residual is at most tol; returns the sweeps used
// (max + 1 when the tolerance was not reached). The friction bounds are held fixed while the
// sweeps solve the convex problem they define (a Tresca problem, on which block Gauss-Seidel
// converges), and set to mu lambda_n again whenever that problem is solved (staggered
// fixed point on the bounds); sweeping with bounds that follow lambda_n at every row can cycle.
// nonmono: the world step's first try (polish). go_on (when not NULL and *go_on > max_it):
// where the first try misses after max_it sweeps and no polish of it took the first try's
// sparse polish (polish's sparse_ran), its sweeps were the path of before's (nonmono false) bit
// for bit, so it goes on as that path up to *go_on sweeps in all and returns the sweeps counted
// from its start (*go_on + 1 on a miss); *go_on is set to 0 where it did not go on.
static int solve_range_max(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                           const double target[], double bound[], int s, int e,
                           ak_solver_residuals *r, int max_it, bool nonmono, int *go_on,
                           sparse_cache *sc) {
    const ak_solver_settings *st = &m->solver;
    int n = m->dim, w = n + 1, np = e - s, rc = max_it + 1;
    for (int i = s; i < e; i++)
        bound[i] = c->step.pts[i].mu > 0.0 ? c->step.pts[i].mu * c->step.pts[i].jn : 0.0;
    // nonsmooth nonlinear conjugate gradients (Silcowitz, Niebe and Erleben 2009): the sweep's
    // change of the impulses is the descent direction, with Fletcher-Reeves momentum; restart
    // when beta > 1 and whenever the friction radii change
    double *x0 = malloc(sizeof(double) * (size_t)(2 * np * w)),
           *pd = x0 ? x0 + (size_t)np * w : NULL;
    double g_prev = 0.0;
    bool momentum = false, sparse_ran = false, continue_as_path = false;
    for (int it = 1;; it++) {
        if (it > max_it) {
            if (!nonmono || sparse_ran || !go_on || *go_on <= max_it) break;
            nonmono = false, max_it = *go_on, rc = max_it + 1; // on as the path of before
            continue_as_path = true;
        }
        if (x0)
            for (int i = s; i < e; i++) {
                x0[(size_t)(i - s) * w] = c->step.pts[i].jn;
                memcpy(x0 + (size_t)(i - s) * w + 1, c->step.pts[i].jt, sizeof(double) * (size_t)n);
            }
        sweep(m, d, c, Kt, target, bound, s, e);
        residuals_range(m, d, c, target, NULL, s, e, r);
        if (worst(r) <= st->tolerance) {
            rc = it;
            break;
        }
        if (it >= NEWTON_AFTER && (it - NEWTON_AFTER) % NEWTON_EVERY == 0 &&
            polish(m, d, c, target, s, e, RHO_FACTOR[((it - NEWTON_AFTER) / NEWTON_EVERY) % 5],
                   nonmono, &sparse_ran, sc, r)) {
            if (worst(r) <= st->tolerance) {
                rc = it;
                break;
            }
            for (int i = s; i < e; i++)
                bound[i] = c->step.pts[i].mu > 0.0 ? c->step.pts[i].mu * c->step.pts[i].jn : 0.0;
            momentum = false;
            continue;
        }
        ak_solver_residuals in;
        residuals_range(m, d, c, target, bound, s, e, &in);
        // the inner problem is solved well enough (to a tenth of the outer residual): new bounds
        if (worst(&in) <= fmax(0.25 * st->tolerance, 0.1 * worst(r))) {
            for (int i = s; i < e; i++)
                bound[i] = c->step.pts[i].mu > 0.0 ? c->step.pts[i].mu * c->step.pts[i].jn : 0.0;
            momentum = false;
            continue;
        }
        if (!x0) continue;
        double g = 0.0; // |x_k+1 - x_k|^2, the gradient's norm
        for (int i = s; i < e; i++) {
            double *xi = x0 + (size_t)(i - s) * w;
            xi[0] = c->step.pts[i].jn - xi[0];
            for (int j = 0; j < n; j++) xi[1 + j] = c->step.pts[i].jt[j] - xi[1 + j];
            for (int j = 0; j < w; j++) g += xi[j] * xi[j];
        }
        double beta = momentum && g_prev > 0.0 ? g / g_prev : 0.0;
        g_prev = g;
        if (!(beta <= 1.0)) beta = 0.0;
        for (int i = s; i < e; i++) { // p_k+1 = beta p_k + (x_k+1 - x_k)
            double *dx = x0 + (size_t)(i - s) * w, *pp = pd + (size_t)(i - s) * w;
            for (int j = 0; j < w; j++) pp[j] = momentum ? beta * pp[j] + dx[j] : dx[j];
        }
        if (momentum && beta > 0.0) {
            for (int i = s; i < e; i++) {
                ak_contact_point *p = &c->step.pts[i];
                double *dx = x0 + (size_t)(i - s) * w, *pp = pd + (size_t)(i - s) * w;
                double P[AK_MAX_DIM], step[AK_MAX_DIM + 1] = { 0 };
                for (int j = 0; j < w; j++) step[j] = pp[j] - dx[j]; // = beta p_k
                p->jn += step[0];
                for (int j = 0; j < n; j++) {
                    p->jt[j] += step[1 + j];
                    P[j] = step[0] * p->normal[j] + step[1 + j];
                }
                ak_solver_apply(m, d, c, p, P);
            }
        }
        momentum = true;
    }
    free(x0);
    if (go_on && !continue_as_path) *go_on = 0;
    return rc;
}

static int solve_range(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                       const double target[], double bound[], int s, int e, sparse_cache *sc,
                       ak_solver_residuals *r) {
    return solve_range_max(m, d, c, Kt, target, bound, s, e, r, m->solver.max_iterations, false,
                           NULL, sc);
}

// Impact phase (see the top of the file). Returns the binary impacts solved.
static int impacts(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                   double target[], double bound[], bool *ok) {
    int np = c->step.npoint, count = 0, npair = 0;
    double thr = m->solver.restitution_threshold;
    for (int i = 0; i < np; i++)
        if (i == 0 || c->step.pts[i].a != c->step.pts[i - 1].a ||
            c->step.pts[i].b != c->step.pts[i - 1].b)
            npair++;
    int cap = AK_SOLVER_IMPACT_ROUNDS * npair + 16;
    double *save = malloc(sizeof(double) * (size_t)np * (AK_MAX_DIM + 1));
    if (!save) return 0;
    for (int i = 0; i < np; i++) target[i] = c->step.pts[i].bias;
    for (int round = 0; round < cap; round++) {
        int best = -1;
        double bestv = 0.0;
        for (int i = 0; i < np; i++) {
            const ak_contact_point *p = &c->step.pts[i];
            if (!(p->e > 0.0)) continue;
            double vn = normal_velocity(m, d, p);
            if (vn < -thr && vn < p->bias && (best < 0 || vn < bestv)) best = i, bestv = vn;
        }
        if (best < 0) break;
        int s = best, e = best + 1;
        while (s > 0 && c->step.pts[s - 1].a == c->step.pts[best].a &&
               c->step.pts[s - 1].b == c->step.pts[best].b)
            s--;
        while (e < np && c->step.pts[e].a == c->step.pts[best].a &&
               c->step.pts[e].b == c->step.pts[best].b)
            e++;
        for (int i = s; i < e; i++) { // this impact's impulses start from zero
            ak_contact_point *p = &c->step.pts[i];
            double vn = normal_velocity(m, d, p);
            target[i] =
                p->e > 0.0 && vn < -thr && vn < p->bias ? fmax(p->bias, -p->e * vn) : p->bias;
            save[(size_t)i * (AK_MAX_DIM + 1)] = p->jn;
            memcpy(save + (size_t)i * (AK_MAX_DIM + 1) + 1, p->jt, sizeof p->jt);
            p->jn = 0.0;
            memset(p->jt, 0, sizeof p->jt);
        }
        ak_solver_residuals r;
        if (solve_range(m, d, c, Kt, target, bound, s, e, NULL, &r) > m->solver.max_iterations)
            *ok = false;
        for (int i = s; i < e; i++) { // back to the contact phase's warm-start impulses
            ak_contact_point *p = &c->step.pts[i];
            p->jn = save[(size_t)i * (AK_MAX_DIM + 1)];
            memcpy(p->jt, save + (size_t)i * (AK_MAX_DIM + 1) + 1, sizeof p->jt);
            target[i] = p->bias;
        }
        count++;
    }
    free(save);
    return count;
}

// Sweeps from the warm start before the cold restart: up to and including the polish after
// sweep NEWTON_AFTER + 6 NEWTON_EVERY (seven polishes, each of the five rho factors tried at
// least once; pile_1000_3d step 29 converges from the warm start in 2,550). pile_1000_3d step 45 ran 50,000 warm-started sweeps (half of max_iterations,
// 74 s of CPU) without reaching the tolerance, and from zero impulses it converged in 550.
#define WARM_SWEEPS (NEWTON_AFTER + 6 * NEWTON_EVERY)
// Sweeps of the cold restart when the warm start missed, before the rest of max_iterations go
// on from the better of the two ends (pile_1000_3d step 47: the warm start converges after
// 19,050 sweeps, from zero impulses 10,000 did not; `dominoes_4d` step 101: the warm start
// stalls, from zero it converged in 3,064).
#define COLD_SWEEPS (2 * WARM_SWEEPS)
// The first try from the warm start: up to and including the polish after sweep NEWTON_AFTER +
// 3 NEWTON_EVERY (four polishes), with the nonmonotone line search in the sparse polish
// (sparse_newton_nm) and the sparse polish for components above FIRST_DENSE_MAX unknowns. If it misses, the velocities and impulses go back to the
// warm start and the path of before runs from there with the rest of max_iterations (the same
// sweeps and polishes as without the first try): the first try can cost these sweeps, never a
// step that the path of before certifies. pile_1000_3d step 47 from the state of main's step 46:
// 22,200 sweeps, 48.0 s with the path of before; 1,550 sweeps, 4.0 s in the first try. With the
// nonmonotone search in every sweep and no return, step 44 missed both the warm start's 3,050
// sweeps and the cold restart's 6,100; the path of before converges there in 1,550.
#define FIRST_SWEEPS (NEWTON_AFTER + 3 * NEWTON_EVERY)
// ... only when max_iterations leaves the path of before at least this many sweeps after it
#define FIRST_MIN_REST (WARM_SWEEPS + COLD_SWEEPS)

// The world step's state for a return to it: the velocities (nv, then nw values) and each
// point's impulses (jn, then jt), AK_MAX_DIM + 1 values a point after them.
static void state_save(const ak_data *d, const ak_contact_cache *c, size_t nv, size_t nw,
                       double *buf) {
    size_t rec = AK_MAX_DIM + 1;
    memcpy(buf, d->v, sizeof(double) * nv);
    memcpy(buf + nv, d->w, sizeof(double) * nw);
    for (int i = 0; i < c->step.npoint; i++) {
        buf[nv + nw + (size_t)i * rec] = c->step.pts[i].jn;
        memcpy(buf + nv + nw + (size_t)i * rec + 1, c->step.pts[i].jt, sizeof c->step.pts[i].jt);
    }
}

static void state_load(ak_data *d, ak_contact_cache *c, size_t nv, size_t nw, const double *buf) {
    size_t rec = AK_MAX_DIM + 1;
    memcpy(d->v, buf, sizeof(double) * nv);
    memcpy(d->w, buf + nv, sizeof(double) * nw);
    for (int i = 0; i < c->step.npoint; i++) {
        c->step.pts[i].jn = buf[nv + nw + (size_t)i * rec];
        memcpy(c->step.pts[i].jt, buf + nv + nw + (size_t)i * rec + 1, sizeof c->step.pts[i].jt);
    }
}

int ak_solver_converged_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h) {
    int n = m->dim, np = c->step.npoint;
    sparse_cache_drop(c); // the last step's, where its position stage did not drop it
    ak_solver_prepare(m, d, c, h);
    AK_RAN_PREPARE(d, np);
    AK_RAN_IF(d, AK_RAN_CV_TARGET, np > 0);
    for (int i = 0; i < np; i++) {
        c->step.pts[i].bias = ak_solver_converged_target(m, c->step.pts[i].separation, h);
        c->step.pts[i].jp = 0.0;
    }
    c->stats.res = (ak_solver_residuals){ .valid = true, .converged = true };
    if (np == 0) return 0;
    double *Kt = malloc(sizeof(double) * (size_t)np * KT_STRIDE);
    double *target = malloc(sizeof(double) * (size_t)np * 2), *bound = target + np;
    if (!Kt || !target) {
        free(Kt);
        free(target);
        c->stats.res.converged = false;
        return 0;
    }
    for (int i = 0; i < np; i++) {
        tangent_block(m, c, &c->step.pts[i], Kt + (size_t)i * KT_STRIDE);
        kt_factor(n - 1, Kt + (size_t)i * KT_STRIDE);
    }
    bool ok = true;
    if (!m->solver.warm_start)
        for (int i = 0; i < np; i++) {
            c->step.pts[i].jn = 0.0;
            memset(c->step.pts[i].jt, 0, sizeof c->step.pts[i].jt);
        }
    c->stats.res.impacts = impacts(m, d, c, Kt, target, bound, &ok);
    AK_RAN_IF(d, AK_RAN_CV_IMPACTS, c->stats.res.impacts > 0);
    AK_RAN_IF(d, AK_RAN_CV_NEWTON, c->stats.res.impacts > 0);
    // the velocities before the warm start, for the cold restart below
    size_t nv = (size_t)m->nbody * AK_MAX_DIM, nw = (size_t)m->nbody * AK_MAX_BIV;
    double *vsave = m->solver.warm_start ? malloc(sizeof(double) * (nv + nw)) : NULL;
    if (vsave) {
        memcpy(vsave, d->v, sizeof(double) * nv);
        memcpy(vsave + nv, d->w, sizeof(double) * nw);
    }
    AK_RAN(d, AK_RAN_ITER_APPLY);  // np > 0 here: every point's impulse is applied (T-5.5..T-5.8)
    for (int i = 0; i < np; i++) { // warm start: the previous step's contact-phase impulses
        ak_contact_point *p = &c->step.pts[i];
        if (!(p->mu > 0.0)) memset(p->jt, 0, sizeof p->jt);
        double dn = 0.0, P[AK_MAX_DIM];
        for (int j = 0; j < n; j++) dn += p->jt[j] * p->normal[j];
        for (int j = 0; j < n; j++) {
            p->jt[j] -= dn * p->normal[j];
            P[j] = p->jn * p->normal[j] + p->jt[j];
        }
        ak_solver_apply(m, d, c, p, P);
        target[i] = p->bias;
    }
    ak_solver_residuals r;
    residuals_range(m, d, c, target, NULL, 0, np, &r);
    int it = 0, first_used = 0, max_it = m->solver.max_iterations;
    size_t rec = AK_MAX_DIM + 1;
    double *fsave =
        vsave && worst(&r) > m->solver.tolerance && max_it - FIRST_SWEEPS >= FIRST_MIN_REST
            ? malloc(sizeof(double) * (nv + nw + (size_t)np * rec))
            : NULL;
    // went_on: the first try missed but no polish of it took its own sparse polish, so its
    // sweeps were the path of before's warm-started ones, and it went on as them up to
    // WARM_SWEEPS (solve_range_max's go_on) instead of going back to the warm start and running
    // the same sweeps and polishes again (pile_1000_4d step 13: components of at most 24
    // points, all polished dense in both; its first 1,550 sweeps and 4 polishes, 6.9 of its 19
    // s of CPU, ran twice; docs/performance.md, the world step's ninth round). The same
    // results; the sweeps counted once.
    bool went_on = false;
    // the sparse polishes' patterns, orderings and W, built once a step (NULL when out of
    // memory: each polish then builds its own)
    sparse_cache *sc = calloc(1, sizeof *sc);
    if (fsave) { // the first try (FIRST_SWEEPS); if it misses, back to the warm start
        state_save(d, c, nv, nw, fsave);
        // max_it - FIRST_SWEEPS >= FIRST_MIN_REST here, so the path of before's warm-started
        // part would be WARM_SWEEPS sweeps (below)
        int go_on = WARM_SWEEPS;
        int f =
            solve_range_max(m, d, c, Kt, target, bound, 0, np, &r, FIRST_SWEEPS, true, &go_on, sc);
        if (f <= FIRST_SWEEPS) {
            it = f;
        } else if (go_on) {
            it = f, went_on = true;
        } else {
            first_used = FIRST_SWEEPS, max_it -= FIRST_SWEEPS;
            state_load(d, c, nv, nw, fsave);
            residuals_range(m, d, c, target, NULL, 0, np, &r);
        }
        free(fsave);
    }
    if (went_on || (it == 0 && worst(&r) > m->solver.tolerance)) {
        // warm started: WARM_SWEEPS sweeps (half of max_iterations when that is fewer); if they
        // do not reach the tolerance, from zero impulses (cold restart; `dominoes_4d` steps
        // 101-102 stall from the warm start)
        int first = went_on ? WARM_SWEEPS
                    : vsave ? (max_it / 2 < WARM_SWEEPS ? max_it / 2 : WARM_SWEEPS)
                            : max_it;
        if (!went_on)
            it = solve_range_max(m, d, c, Kt, target, bound, 0, np, &r, first, false, NULL, sc);
        if (it > first && vsave && max_it - first > 0) {
            // the cold restart gets at most COLD_SWEEPS; if it misses too, the rest of the
            // sweeps go on from whichever of the two ends has the smaller largest residual
            int cold = max_it - first > COLD_SWEEPS ? COLD_SWEEPS : max_it - first;
            int rest = max_it - first - cold;
            double *wsave = rest > 0 ? malloc(sizeof(double) * (nv + nw + (size_t)np * rec)) : NULL;
            ak_solver_residuals rw = r;
            if (wsave) { // the warm-started sweeps' end
                state_save(d, c, nv, nw, wsave);
            } else {
                cold += rest, rest = 0;
            }
            memcpy(d->v, vsave, sizeof(double) * nv);
            memcpy(d->w, vsave + nv, sizeof(double) * nw);
            for (int i = 0; i < np; i++) {
                c->step.pts[i].jn = 0.0;
                memset(c->step.pts[i].jt, 0, sizeof c->step.pts[i].jt);
            }
            residuals_range(m, d, c, target, NULL, 0, np, &r);
            int more =
                worst(&r) > m->solver.tolerance
                    ? solve_range_max(m, d, c, Kt, target, bound, 0, np, &r, cold, false, NULL, sc)
                    : 0;
            it = more > cold ? max_it + 1 : first + more;
            if (more > cold && rest > 0) {
                if (worst(&rw) < worst(&r)) { // back to the warm-started sweeps' end
                    state_load(d, c, nv, nw, wsave);
                    r = rw;
                }
                int last =
                    solve_range_max(m, d, c, Kt, target, bound, 0, np, &r, rest, false, NULL, sc);
                it = last > rest ? max_it + 1 : first + cold + last;
            }
            free(wsave);
        }
    }
    free(vsave);
    if (sc) { // kept for the position stage
        sparse_cache_count(c, sc);
        c->step.cv_sparse = sc, c->step.free_cv_sparse = sparse_cache_free;
    }
    it += first_used; // the first try's sweeps count (a miss stays above max_iterations)
    AK_RAN_IF(d, AK_RAN_CV_SIGNORINI, it > 0);
    AK_RAN_IF(d, AK_RAN_CV_FRICTION, it > 0);
    if (it > m->solver.max_iterations) ok = false, it = m->solver.max_iterations;
    int impacts_done = c->stats.res.impacts, sliding = 0;
    c->stats.res = r;
    c->stats.res.valid = true;
    c->stats.res.converged = ok;
    c->stats.res.iterations = it;
    c->stats.res.impacts = impacts_done;
    for (int i = 0; i < np; i++) {
        ak_contact_point *p = &c->step.pts[i];
        p->jn_max = p->jn;
        double jt = 0.0;
        for (int j = 0; j < n; j++) jt += p->jt[j] * p->jt[j];
        if (p->mu > 0.0 && p->jn > 0.0 && sqrt(jt) >= p->mu * p->jn * (1.0 - 1e-12)) sliding++;
    }
    free(Kt);
    free(target);
    return sliding;
}

// ---- the position stage [T-CV.5] ---------------------------------------------------------
// After the velocity problem (T-CV.4) and the position integration: the normal-only,
// frictionless problem of the same points (the same normals, lever arms and world inverse
// inertia as the velocity problem: the linearised separation s + h v_n after the move, v_n at
// the final velocities) in pseudo-velocities that start from zero:
//   lambda_p >= 0,  v_n,p - target_p >= 0,  lambda_p (v_n,p - target_p) = 0,
//   target_p = -(s + h v_n) / h  (capped at AK_SOLVER_MAX_BIAS)
// solved by the same sweeps and Newton polish (solve_range, with mu = 0) to the same
// tolerance. The pseudo-velocities move the positions and rotors through the integrator's own
// position update (ak_integrate_positions) and are then discarded: the bodies' velocities are
// those of the velocity problem, so the correction adds no kinetic energy. The targets are
// affine in s (every point, penetrating or not: a point with a gap may close it), so the
// normal rows of a face stay consistent; there is no friction, so no tangential consistency
// is asked for.
int ak_solver_converged_positions(const ak_model *m, ak_data *d, ak_integrator integ, double h,
                                  bool renormalize, char *err, size_t errlen) {
    ak_contact_cache *c = d->contacts;
    if (!c || !c->stats.res.valid) return 0; // no contacts solved this step
    int n = m->dim, np = c->step.npoint, nb = m->nbody;
    c->stats.res.pos_points = c->stats.res.pos_iterations = 0;
    c->stats.res.pos_normal = c->stats.res.pos_complementarity = 0.0;
    if (np == 0) return 0;
    AK_RAN(d, AK_RAN_CV_POSITIONS);
    double *target = malloc(sizeof(double) * (size_t)np * 2), *bound = target ? target + np : NULL;
    if (!target) {
        snprintf(err, errlen, "converged solver, position stage: out of memory");
        return -1;
    }
    double most = 0.0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        target[i] = ak_solver_converged_position_target(p->separation, normal_velocity(m, d, p), h);
        c->step.pts[i].jp = 0.0;
        if (target[i] > 0.0) c->stats.res.pos_points++;
        most = fmax(most, target[i]);
    }
    c->stats.res.pos_normal = most;    // the residual at zero pseudo-impulses
    if (most <= m->solver.tolerance) { // nothing to correct (within the tolerance)
        sparse_cache_drop(c);
        free(target);
        return 0;
    }
    size_t nv = (size_t)nb * AK_MAX_DIM, nw = (size_t)nb * AK_MAX_BIV, w1 = (size_t)n + 2;
    double *save = malloc(sizeof(double) * (nv + nw + (size_t)np * w1));
    if (!save) {
        sparse_cache_drop(c);
        free(target);
        snprintf(err, errlen, "converged solver, position stage: out of memory");
        return -1;
    }
    double *pv = save + nv + nw;
    memcpy(save, d->v, sizeof(double) * nv);
    memcpy(save + nv, d->w, sizeof(double) * nw);
    memset(d->v, 0, sizeof(double) * nv); // pseudo-velocities start from zero
    memset(d->w, 0, sizeof(double) * nw);
    for (int i = 0; i < np; i++) { // frictionless, cold start; the velocity impulses kept aside
        ak_contact_point *p = &c->step.pts[i];
        pv[(size_t)i * w1] = p->jn;
        pv[(size_t)i * w1 + 1] = p->mu;
        memcpy(pv + (size_t)i * w1 + 2, p->jt, sizeof(double) * (size_t)n);
        p->jn = p->mu = 0.0;
        memset(p->jt, 0, sizeof p->jt);
    }
    ak_solver_residuals r;
    sparse_cache *sc = c->step.cv_sparse; // the velocity stage's (NULL: each polish builds)
    int it = solve_range(m, d, c, NULL, target, bound, 0, np, sc, &r);
    if (sc) sparse_cache_count(c, sc);
    sparse_cache_drop(c);
    bool ok = it <= m->solver.max_iterations;
    for (int i = 0; i < np; i++) {
        ak_contact_point *p = &c->step.pts[i];
        p->jp = p->jn;
        p->jn = pv[(size_t)i * w1];
        p->mu = pv[(size_t)i * w1 + 1];
        memcpy(p->jt, pv + (size_t)i * w1 + 2, sizeof(double) * (size_t)n);
    }
    // the pseudo-velocities move the bodies as the integrator moves them, then are discarded
    int rc = ak_integrate_positions(m, d, integ, h, renormalize, err, errlen);
    memcpy(d->v, save, sizeof(double) * nv);
    memcpy(d->w, save + nv, sizeof(double) * nw);
    free(save);
    free(target);
    c->stats.res.pos_iterations = ok ? it : m->solver.max_iterations;
    c->stats.res.pos_normal = r.normal;
    c->stats.res.pos_complementarity = r.complementarity;
    if (!ok) c->stats.res.converged = false;
    return rc;
}

// ---- the step's velocity problem for export (FCLIB, verify/fclib) -------------------------

void ak_contact_problem_free(ak_contact_problem *p) {
    if (!p) return;
    free(p->row_start), free(p->col), free(p->W), free(p->q), free(p->mu), free(p->r), free(p->u),
        free(p->target);
    *p = (ak_contact_problem){ 0 };
}

int ak_solver_converged_problem(const ak_model *m, ak_data *d, ak_contact_problem *p) {
    int n = m->dim, nb = m->nbody, nn = n * n;
    *p = (ak_contact_problem){ .dim = n };
    const ak_contact_cache *c = d->contacts;
    if (!c || !c->stats.res.valid || c->step.npoint == 0) return 0;
    int np = c->step.npoint;
    // the point graph (points sharing a moving body), as newton_polish_sparse builds it
    int *bst = calloc((size_t)nb + 1, sizeof(int)),
        *bpt = malloc(sizeof(int) * (size_t)(2 * np + 1));
    int *stamp = malloc(sizeof(int) * (size_t)np), *idx = malloc(sizeof(int) * (size_t)np);
    double *sv = malloc(sizeof(double) * (size_t)nb * (AK_MAX_DIM + AK_MAX_BIV));
    p->row_start = malloc(sizeof(int) * ((size_t)np + 1));
    bool fail = !bst || !bpt || !stamp || !idx || !sv || !p->row_start;
    for (int i = 0; !fail && i < np; i++) {
        const ak_contact_point *pi = &c->step.pts[i];
        idx[i] = i;
        if (ak_solver_body_moves(m, pi->a)) bst[pi->a + 1]++;
        if (ak_solver_body_moves(m, pi->b) && pi->b != pi->a) bst[pi->b + 1]++;
    }
    for (int b = 0; !fail && b < nb; b++) bst[b + 1] += bst[b];
    if (!fail) {
        int *fillb = malloc(sizeof(int) * (size_t)(nb > 0 ? nb : 1));
        if (!fillb)
            fail = true;
        else {
            memcpy(fillb, bst, sizeof(int) * (size_t)nb);
            for (int i = 0; i < np; i++) {
                const ak_contact_point *pi = &c->step.pts[i];
                if (ak_solver_body_moves(m, pi->a)) bpt[fillb[pi->a]++] = i;
                if (ak_solver_body_moves(m, pi->b) && pi->b != pi->a) bpt[fillb[pi->b]++] = i;
            }
            free(fillb);
        }
    }
    for (int pass = 0; !fail && pass < 2; pass++) { // count, then fill (diagonal first)
        int nz = 0;
        for (int i = 0; i < np; i++) stamp[i] = -1;
        for (int i = 0; i < np; i++) {
            p->row_start[i] = nz;
            if (pass) p->col[nz] = i;
            nz++, stamp[i] = i;
            int ab[2] = { c->step.pts[i].a, c->step.pts[i].b };
            for (int z = 0; z < 2; z++) {
                if (!ak_solver_body_moves(m, ab[z])) continue;
                for (int q = bst[ab[z]]; q < bst[ab[z] + 1]; q++) {
                    int j = bpt[q];
                    if (stamp[j] == i) continue;
                    stamp[j] = i;
                    if (pass) p->col[nz] = j;
                    nz++;
                }
            }
        }
        p->row_start[np] = nz;
        if (!pass) {
            p->nblock = nz;
            p->col = malloc(sizeof(int) * (size_t)nz);
            p->W = malloc(sizeof(double) * (size_t)nz * (size_t)nn);
            p->q = malloc(sizeof(double) * (size_t)np * (size_t)n);
            p->r = malloc(sizeof(double) * (size_t)np * (size_t)n);
            p->u = malloc(sizeof(double) * (size_t)np * (size_t)n);
            p->mu = malloc(sizeof(double) * (size_t)np);
            p->target = malloc(sizeof(double) * (size_t)np);
            fail = !p->col || !p->W || !p->q || !p->r || !p->u || !p->mu || !p->target;
        }
    }
    free(bst), free(bpt), free(stamp);
    if (fail) {
        free(idx), free(sv);
        ak_contact_problem_free(p);
        return -1;
    }
    p->npoint = np;
    ak_contact_cache *cw = d->contacts; // ak_solver_apply takes the cache for the inverse inertia
    const ak_contact_point **pp = malloc(sizeof *pp * (size_t)np);
    if (!pp) {
        free(idx), free(sv);
        ak_contact_problem_free(p);
        return -1;
    }
    for (int i = 0; i < np; i++) pp[i] = &cw->step.pts[i];
    // W block by block from unit impulses on bodies at rest (as newton_polish_sparse)
    double *sw = sv + (size_t)nb * AK_MAX_DIM;
    save_at_rest(d, nb, sv, sw);
    for (int j = 0; j < np; j++) {
        for (int q = 0; q < n; q++) {
            unit_impulse(m, d, cw, pp[j], q);
            for (int z = p->row_start[j]; z < p->row_start[j + 1]; z++) {
                int i = p->col[z], at = p->row_start[i];
                while (p->col[at] != j) at++;
                double ui[AK_MAX_DIM];
                local_velocities(m, d, cw, idx + i, 1, ui);
                for (int t = 0; t < n; t++) p->W[(size_t)at * nn + (size_t)t * n + q] = ui[t];
            }
            bodies_at_rest(d, pp[j]);
        }
    }
    memcpy(d->v, sv, sizeof(double) * (size_t)nb * AK_MAX_DIM); // the velocities back, bit for bit
    memcpy(d->w, sw, sizeof(double) * (size_t)nb * AK_MAX_BIV);
    impulses_to_x(np, n, pp, p->r);
    local_velocities(m, d, cw, idx, np, p->u);
    for (int i = 0; i < np; i++) {
        p->mu[i] = cw->step.pts[i].mu > 0.0 ? cw->step.pts[i].mu : 0.0;
        p->target[i] = cw->step.pts[i].bias;
        p->u[(size_t)i * n] -= p->target[i];
    }
    for (int i = 0; i < np; i++) { // q = u - W r
        double *qi = p->q + (size_t)i * n;
        memcpy(qi, p->u + (size_t)i * n, sizeof(double) * (size_t)n);
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            const double *B = p->W + (size_t)z * nn, *rj = p->r + (size_t)p->col[z] * n;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) qi[a] -= B[a * n + b] * rj[b];
        }
    }
    free(pp), free(idx), free(sv);
    return 0;
}

// ---- the contact phase's algorithm on a problem given as matrices (FCLIB import) ----------

// The four residuals (largest over the points) of r at u, target 0; bound: NULL for mu r_n,
// else the fixed radii of the inner (Tresca) problem.
// Point i's four residuals folded into res (its largest so far).
static void problem_point_residuals(const ak_contact_problem *p, int i, const double r[],
                                    const double u[], const double bound[],
                                    ak_solver_residuals *res) {
    int n = p->dim, nt = n - 1;
    const double *ri = r + (size_t)i * n, *ui = u + (size_t)i * n;
    double rad = bound ? bound[i] : p->mu[i] > 0.0 ? p->mu[i] * ri[0] : 0.0, rtu = 0.0;
    for (int t = 1; t <= nt; t++) rtu += ri[t] * ui[t];
    res->normal = fmax(res->normal, -ui[0]);
    res->complementarity = fmax(res->complementarity, fabs(ri[0] * ui[0]));
    res->cone = fmax(res->cone, norm(nt, ri + 1) - rad);
    res->dissipation = fmax(res->dissipation, fabs(rad * norm(nt, ui + 1) + rtu));
}

static void problem_residuals(const ak_contact_problem *p, const double r[], const double u[],
                              const double bound[], ak_solver_residuals *res) {
    res->normal = res->complementarity = res->cone = res->dissipation = 0.0;
    for (int i = 0; i < p->npoint; i++) problem_point_residuals(p, i, r, u, bound, res);
}

// r_j += dr (n entries) and u += W[:, j] dr through j's column blocks (cz: the blocks of column
// j, cs the column starts); one copy per n of the contact problems (2 to 5, then a generic one),
// the loops unrolled with n a constant.
static inline __attribute__((always_inline)) void
problem_apply_n(int n, const double *W, const int cs[], const int cz[], const int crow[], int j,
                const double dr[], double r[], double u[]) {
    int nn = n * n;
    for (int b = 0; b < n; b++) r[(size_t)j * n + b] += dr[b];
    for (int z = cs[j]; z < cs[j + 1]; z++) {
        const double *B = W + (size_t)cz[z] * nn;
        double *ui = u + (size_t)crow[z] * n;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) ui[a] += B[a * n + b] * dr[b];
    }
}

static void problem_apply(const ak_contact_problem *p, const int cs[], const int cz[],
                          const int crow[], int j, const double dr[], double r[], double u[]) {
    AK_CV_PER_DIM(p->dim, N, problem_apply_n(N, p->W, cs, cz, crow, j, dr, r, u));
}

static void problem_u(const ak_contact_problem *p, const double r[], double u[]) {
    int n = p->dim, nn = n * n;
    for (int i = 0; i < p->npoint; i++) {
        double *ui = u + (size_t)i * n;
        memcpy(ui, p->q + (size_t)i * n, sizeof(double) * (size_t)n);
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            const double *B = p->W + (size_t)z * nn, *rj = r + (size_t)p->col[z] * n;
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) ui[a] += B[a * n + b] * rj[b];
        }
    }
}

// lambda_n >= 0 and lambda_t on the disc |lambda_t| <= mu lambda_n, point by point (p's mu)
static void problem_project(const ak_contact_problem *p, double x[]) {
    int n = p->dim;
    for (int i = 0; i < p->npoint; i++) {
        double *xi = x + (size_t)i * n;
        xi[0] = fmax(xi[0], 0.0);
        double rad = p->mu[i] > 0.0 ? p->mu[i] * xi[0] : 0.0, nl = norm(n - 1, xi + 1);
        for (int t = 1; t < n; t++)
            xi[t] = p->mu[i] > 0.0 ? (nl > rad ? xi[t] * (rad / nl) : xi[t]) : 0.0;
    }
}

// A polish's end x (projected): u = W x + q into uu, its residuals; x and uu replace r and u
// (and res) when the largest residual is below factor times the current one. Returns whether.
static bool problem_keep(const ak_contact_problem *p, const double x[], double uu[], double factor,
                         double r[], double u[], ak_solver_residuals *res) {
    size_t k = (size_t)p->npoint * (size_t)p->dim;
    problem_u(p, x, uu);
    ak_solver_residuals rn;
    problem_residuals(p, x, uu, NULL, &rn);
    bool keep = worst(&rn) < factor * worst(res);
    if (keep) {
        memcpy(r, x, sizeof(double) * k);
        memcpy(u, uu, sizeof(double) * k);
        *res = rn;
    }
    return keep;
}

// The dense Newton polish [T-CV.2] of a component (k <= PROBLEM_DENSE_MAX, as its own problem p)
// from r, with the component polish's Levenberg-Marquardt try and step budget, from the rim
// when seed [T-CV.3]; pts carry mn and mu for the natural map. It stops one step after the
// projected x meets tol (the world step's runs its whole budget). Replaces r (and u) when the
// residuals shrink; returns whether it did.
static bool problem_polish(const ak_contact_problem *p, const ak_contact_point *const pts[],
                           const double zero[], double rf, bool seed, double tol, double r[],
                           double u[], ak_solver_residuals *res) {
    int n = p->dim, np = p->npoint, k = np * n, nn = n * n;
    size_t kk = (size_t)k * (size_t)k;
    double *W = calloc(kk * 3 + (size_t)k * 7, sizeof(double));
    if (!W) return false;
    double *J = W + kk, *N = J + kk, *x = N + kk, *uu = x + k, *F = uu + k, *g = F + k, *dx = g + k,
           *xt = dx + k, *xm = xt + k;
    for (int i = 0; i < np; i++)
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++)
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++)
                    W[((size_t)i * n + a) * k + (size_t)p->col[z] * n + b] +=
                        p->W[(size_t)z * nn + a * n + b];
    memcpy(x, r, sizeof(double) * (size_t)k);
    memcpy(uu, u, sizeof(double) * (size_t)k);
    // [T-CV.3] rim seeding (rim_seed, as newton_polish's); pts carry p's mu
    if (seed) {
        rim_seed(np, n, pts, u, tol, x);
        problem_u(p, x, uu);
    }
    double f2 = natural_map(np, n, pts, zero, rf, x, uu, W, F, J);
    int steps = (int)fmax(NEWTON_STEPS,
                          fmin(NEWTON_COMPONENT_STEPS, NEWTON_WORK / ((double)k * k * k + 1.0)));
    bool met = false; // x, projected, met tol after the last step (then xm is x, wmet its residual)
    double wmet = INFINITY;
    for (int step = 0; step < steps && f2 > 0.0; step++) {
        jt_f(k, J, F, g);
        double alpha = 1.0, f2new = INFINITY, f2ref = f2;
        for (int tries = 0; tries < 2; tries++) {
            if (tries == 0) {
                memcpy(N, J, sizeof(double) * kk);
                for (int a = 0; a < k; a++) N[(size_t)a * k + a] += NEWTON_EPS, dx[a] = -F[a];
            } else {
                if (jt_j(k, J, N)) break;
                for (int a = 0; a < k; a++) N[(size_t)a * k + a] += sqrt(f2), dx[a] = g[a];
            }
            if (lu_solve(k, N, dx)) break;
            double slope = 0.0;
            for (int a = 0; a < k; a++) slope -= g[a] * dx[a];
            alpha = 1.0, f2new = INFINITY;
            for (int ls = 0; ls < 40; ls++, alpha *= 0.5) {
                for (int a = 0; a < k; a++) xt[a] = x[a] + alpha * dx[a];
                problem_u(p, xt, uu);
                f2new = natural_map(np, n, pts, zero, rf, xt, uu, W, F, NULL);
                if (f2new <= f2 + 1e-4 * alpha * 2.0 * slope) break;
            }
            if (f2new < f2 && alpha >= 0x1p-10) break;
            if (tries == 0 && f2new < f2) {
                memcpy(x, xt, sizeof(double) * (size_t)k);
                problem_u(p, x, uu);
                f2 = natural_map(np, n, pts, zero, rf, x, uu, W, F, J);
                jt_f(k, J, F, g);
            }
        }
        if (!(f2new < f2ref)) break;
        if (f2new < f2) memcpy(x, xt, sizeof(double) * (size_t)k);
        problem_u(p, x, uu);
        f2 = natural_map(np, n, pts, zero, rf, x, uu, W, F, J);
        // done when x, projected, meets tol (the steps after it are the cost of a small
        // component that stalls at rounding level: up to NEWTON_COMPONENT_STEPS of them)
        // (one Newton step more once it does: near a solution it gains digits, and the
        // better of the two is kept)
        memcpy(xt, x, sizeof(double) * (size_t)k);
        problem_project(p, xt);
        problem_u(p, xt, F + k);
        ak_solver_residuals rt;
        problem_residuals(p, xt, F + k, NULL, &rt);
        if (met) {
            if (!(worst(&rt) < wmet)) memcpy(x, xm, sizeof(double) * (size_t)k);
            break;
        }
        if (worst(&rt) <= tol)
            met = true, wmet = worst(&rt), memcpy(xm, x, sizeof(double) * (size_t)k);
    }
    // the impulses projected (lambda_n >= 0, lambda_t on the disc) as set_impulses does
    problem_project(p, x);
    bool keep = problem_keep(p, x, uu, 1.0, r, u, res);
    free(W);
    return keep;
}

// The sparse polish [T-CV.6] on the matrices (more than NEWTON_MAX_UNKNOWNS unknowns): the
// Newton iteration of newton_polish_sparse (sparse_newton) from r on u = W r + q with p's W by
// blocks and the symbolic factorisation lu of its pattern, then lambda_n >= 0 and lambda_t on
// the disc; replaces r (and u) when the largest residual shrinks by SPARSE_KEEP at least;
// returns whether it did. Why not whenever it shrinks: on step 20 of pile_1000_3d (1,027
// points) polishes that ended near |F| = 1e-7 were kept, and the sweeps after them missed the
// tolerance in 100,000 sweeps (27 s of CPU), where the sweeps alone converge in 5,855 and with
// this rule in 10,313 (2.3 s; `anakata fclib solve` on the exported file, 28 Nov 2026).
// nonmono: the first try's search (sparse_newton_nm with the nonmonotone Armijo reference, as
// the world step's first try runs it; ak_solver_converged_solve_problem).
// cut: the component polish's passes (problem_polish_parts; not the floor cure's resumed ones):
// each pass stops at rounding level (round_stop, as the world step's and the first try's), and
// the projected pass after BEST_STALL Newton steps without a new best point (best_stall).
static bool problem_polish_sparse(const ak_contact_problem *p, const ak_contact_point *const pts[],
                                  const double zero[], ak_block_lu *lu, double rf, bool robust,
                                  bool early, bool nonmono, bool cut, double r[], double u[],
                                  ak_solver_residuals *res) {
    int n = p->dim, np = p->npoint, k = np * n;
    double *x = malloc(sizeof(double) * (size_t)k * 2);
    if (!x) return false;
    double *uu = x + k;
    memcpy(x, r, sizeof(double) * (size_t)k);
    memcpy(uu, u, sizeof(double) * (size_t)k);
    int stall = cut && robust ? BEST_STALL : 0;
    if (nonmono
            ? sparse_newton_nm(np, n, pts, zero, rf, robust, early, true, true, stall, PAST_STALL,
                               0.0, p->row_start, p->col, p->W, lu, r, u, x, uu, NULL)
            : sparse_newton(np, n, pts, zero, rf, robust, early, cut, stall, p->row_start, p->col,
                            p->W, lu, r, u, x, uu)) {
        free(x);
        return false;
    }
    project_impulses(np, n, pts, x);
    bool keep = problem_keep(p, x, uu, early ? SPARSE_KEEP : 1.0, r, u, res);
    free(x);
    return keep;
}

// The finishing steps [T-CV.6] (sparse_finish) on the matrices from r (u = W r + q); replaces r
// (and u) when the largest residual shrinks; returns whether it did.
static bool problem_finish_sparse(const ak_contact_problem *p, const ak_contact_point *const pts[],
                                  const double zero[], ak_block_lu *lu, double rf, double tol,
                                  double r[], double u[], ak_solver_residuals *res) {
    int n = p->dim, np = p->npoint, k = np * n;
    double *x = malloc(sizeof(double) * (size_t)k * 2);
    if (!x) return false;
    double *uu = x + k;
    memcpy(x, r, sizeof(double) * (size_t)k);
    memcpy(uu, u, sizeof(double) * (size_t)k);
    if (sparse_finish(np, n, pts, zero, rf, tol, p->row_start, p->col, p->W, lu, r, u, x, uu)) {
        free(x);
        return false;
    }
    bool keep = problem_keep(p, x, uu, 1.0, r, u, res); // sparse_finish projected x
    free(x);
    return keep;
}

// The matrix form's component polish (problem_polish_parts): a component of at most this many
// unknowns gets the dense polish (problem_polish), a larger one the sparse polish. Lower than
// NEWTON_MAX_UNKNOWNS (the world step's bound): on pile_1000_3d steps 38 and 39 (components
// just under 2,048 unknowns) the dense polish took 2.5 s and 8.8 s of CPU, the sparse 0.19 s
// and 0.53 s (verify/bench/bench_fclib, docs/performance.md, 28 Nov 2026).
#define PROBLEM_DENSE_MAX 200
// ... and a first polish of the components of at most PROBLEM_DENSE_MAX unknowns after this
// many sweeps (before the one after NEWTON_AFTER): the easy problems of pile_1000_3d (steps
// 12-16, 21, 29, 33-35) converged at it instead of after 50 sweeps.
#define PROBLEM_FIRST 10
// ... and the sweeps of the path of before after which the first try runs
// (ak_solver_converged_solve_problem)
#define FIRST_AFTER (NEWTON_AFTER + NEWTON_EVERY)

// The few-point floor [T-CV.6]: where the sparse polish and its finishing steps leave a
// component with a few points above the tolerance, the points' branches are chosen by
// enumeration on a small problem instead of by a Newton step that sees all of them at once.
// Why: on pile_1000_3d step 44 a light body rests on a face of four points whose sliding
// normal system is singular to within friction (det -0.005); every polish ends with the wrong
// edge of the face carrying the body (the other edge separated but penetrating, u_n = -6e-5)
// and no Newton step leads from there to the other edge (docs/performance.md, the floor).
// The small problem: the points above tol and every point coupled to them by W (the points on
// the bodies they touch), the other impulses held (their velocities folded into q). The
// enumerated points: those above tol and, for each, its rocking partner (the coupled point
// with the most negative W_nn(i, j): pressing one lifts the other). Each enumerated point is
// separated (r = 0), sticking (u = 0) or sliding along its current slip (u_n = 0, r_t = -mu
// r_n s); the small problem's other points keep their current branches. Each pattern is a
// linear solve (each row scaled by 1 / W_nn, the matrix shifted by NEWTON_EPS: a face's
// normal rows are dependent), its slip directions updated from the solution and solved again
// (FLOOR_TURNS times); the FLOOR_TRY best patterns after projection onto the cones go to the
// dense Newton polish (problem_polish) of the small problem, and the best of those is put back
// and the component's sparse polish (both passes, and the finishing steps just above tol)
// resumed from it. Kept only when both the largest residual and the natural map's largest
// |F_i| (rho factor 1) end smaller than before.
#define FLOOR_MAX 1e-4    ///< the cure runs when the component's largest residual is at most this
#define FLOOR_BAD 6       ///< ... and at most this many points are above FLOOR_REL of it
#define FLOOR_REL 1e-2    ///< (the points just above tol are left to the resumed polish)
#define FLOOR_ENUM 10     ///< enumerated points at most
#define FLOOR_COUPLE 0.25 ///< (see en in problem_floor)
#define FLOOR_POINTS 66   ///< points of the small problem at most (3 x 66 <= PROBLEM_DENSE_MAX)
#define FLOOR_GAIN 0.5    ///< a pattern's polished small problem must beat the current state so
#define FLOOR_TURNS 6     ///< linear solves a pattern (the slip directions updated between)
#define FLOOR_TRY 2       ///< patterns given to the dense polish

// One point's largest residual (of the four of problem_residuals).
static double problem_point_worst(const ak_contact_problem *p, int i, const double r[],
                                  const double u[]) {
    ak_solver_residuals res = { 0 };
    problem_point_residuals(p, i, r, u, NULL, &res);
    return worst(&res);
}

// The natural map's largest |F_i| at rho factor 1 (F scratch, n np).
static double problem_map_worst(const ak_contact_problem *p, const ak_contact_point *const pts[],
                                const double zero[], const double r[], const double u[],
                                double F[]) {
    int n = p->dim;
    double w = 0.0;
    natural_map_blocks(p->npoint, n, pts, zero, 1.0, r, u, F, NULL);
    for (int i = 0; i < p->npoint; i++) w = fmax(w, norm(n, F + (size_t)i * n));
    return w;
}

enum { FLOOR_SEP, FLOOR_STICK, FLOOR_SLIDE };

// One pattern's linear system on the small problem sp (dense W d, ks unknowns): per point its
// branch br[] (slide: direction s[], n - 1 entries a point); x out. Returns -1 when singular.
static int floor_branch_solve(const ak_contact_problem *sp, const ak_contact_point *const pts[],
                              const double d[], const int br[], const double s[], double M[],
                              double x[]) {
    int n = sp->dim, nt = n - 1, np = sp->npoint, ks = np * n;
    memset(M, 0, sizeof(double) * (size_t)ks * (size_t)ks);
    for (int i = 0; i < np; i++) {
        size_t row = (size_t)i * n;
        double rho = pts[i]->mn; // rows of W scaled to O(1)
        bool fric = sp->mu[i] > 0.0;
        if (br[i] == FLOOR_SEP) {
            for (int a = 0; a < n; a++) M[(row + a) * ks + row + a] = 1.0, x[row + a] = 0.0;
            continue;
        }
        // the normal row: u_n = 0
        for (int q = 0; q < ks; q++) M[row * ks + q] = rho * d[row * ks + q];
        x[row] = -rho * sp->q[row];
        for (int t = 0; t < nt; t++) {
            double *Mt = M + (row + 1 + t) * ks;
            if (!fric) { // frictionless: r_t = 0
                Mt[row + 1 + t] = 1.0, x[row + 1 + t] = 0.0;
            } else if (br[i] == FLOOR_STICK) { // u_t = 0
                for (int q = 0; q < ks; q++) Mt[q] = rho * d[(row + 1 + t) * ks + q];
                x[row + 1 + t] = -rho * sp->q[row + 1 + t];
            } else { // sliding along s: r_t + mu r_n s = 0
                Mt[row + 1 + t] = 1.0, Mt[row] = sp->mu[i] * s[(size_t)i * nt + t];
                x[row + 1 + t] = 0.0;
            }
        }
    }
    for (int a = 0; a < ks; a++) M[(size_t)a * ks + a] += NEWTON_EPS;
    return lu_solve(ks, M, x);
}

// The cure above on the component p (pts: its natural-map points; lu: its symbolic
// factorisation) from r, u (*res their residuals). Replaces them when kept; returns whether.
static bool problem_floor(const ak_contact_problem *p, const ak_contact_point *const pts[],
                          const double zero[], ak_block_lu *lu, double tol, double r[], double u[],
                          ak_solver_residuals *res) {
    int n = p->dim, nt = n - 1, np = p->npoint, k = np * n, nn = n * n;
    if (!(worst(res) > tol && worst(res) <= FLOOR_MAX)) return false;
    int bad[FLOOR_BAD], nbad = 0;
    double above = fmax(tol, FLOOR_REL * worst(res));
    for (int i = 0; i < np; i++)
        if (problem_point_worst(p, i, r, u) > above) {
            if (nbad == FLOOR_BAD) return false;
            bad[nbad++] = i;
        }
    if (nbad == 0) return false;
    // the small problem's points (ascending, local index in loc) and the enumerated ones
    int *loc = malloc(sizeof(int) * (size_t)np);
    if (!loc) return false;
    for (int i = 0; i < np; i++) loc[i] = -1;
    // en: the enumerated points, the first nen3 with three states (the points above and their
    // rocking partners), the others two (separated, or active on their current branch: the
    // points strongly coupled to a point above, |W_nn(i, j)| >= FLOOR_COUPLE W_nn(i, i))
    int en[FLOOR_ENUM], nen = 0, nen3 = 0, ns = 0;
    bool ok = true;
    for (int pass = 0; pass < 2 && ok; pass++) {
        for (int b = 0; b < nbad && ok; b++) {
            int i = bad[b], partner = -1, cand[AK_MAX_DIM * 64], ncand = 0;
            double most = 0.0, wii = 1.0 / pts[i]->mn; // W_nn(i, i)
            for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
                int j = p->col[z];
                if (pass == 0 && loc[j] < 0) loc[j] = 0, ns++;
                double wij = p->W[(size_t)z * nn];
                bool is_bad = false;
                for (int c = 0; c < nbad; c++) is_bad |= bad[c] == j;
                if (j != i && !is_bad && wij < most) most = wij, partner = j;
                if (pass == 1 && j != i && fabs(wij) >= FLOOR_COUPLE * wii &&
                    ncand < 64 * AK_MAX_DIM)
                    cand[ncand++] = j;
            }
            if (pass == 0) cand[0] = i, cand[1] = partner, ncand = 2;
            for (int a = 0; a < ncand && ok; a++) {
                bool have = cand[a] < 0;
                for (int c = 0; c < nen; c++) have |= en[c] == cand[a];
                if (have) continue;
                if (nen == FLOOR_ENUM)
                    ok = pass == 1; // the two-state points as many as fit
                else
                    en[nen++] = cand[a];
                if (nen == FLOOR_ENUM && pass == 1) break;
            }
        }
        if (pass == 0) nen3 = nen;
    }
    if (!ok || ns > FLOOR_POINTS) {
        free(loc);
        return false;
    }
    int *spt = malloc(sizeof(int) * (size_t)ns);
    ak_contact_problem sp = { .dim = n, .npoint = ns };
    int nz = 0;
    for (int i = 0, a = 0; spt && i < np; i++)
        if (loc[i] >= 0) {
            loc[i] = a, spt[a++] = i;
            for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) nz += loc[p->col[z]] >= 0;
        }
    int ks = ns * n, npat = 1;
    for (int c = 0; c < nen; c++) npat *= c < nen3 ? 3 : 2;
    size_t kks = (size_t)ks * (size_t)ks;
    sp.nblock = nz;
    sp.row_start = malloc(sizeof(int) * ((size_t)ns + 1));
    sp.col = malloc(sizeof(int) * (size_t)(nz > 0 ? nz : 1));
    sp.W = malloc(sizeof(double) * (size_t)(nz > 0 ? nz : 1) * (size_t)nn);
    sp.q = malloc(sizeof(double) * (size_t)ks);
    sp.mu = malloc(sizeof(double) * (size_t)ns);
    const ak_contact_point **spp = malloc(sizeof *spp * (size_t)ns);
    int *br = malloc(sizeof(int) * (size_t)ns * 2), *br0 = br ? br + ns : NULL;
    double *buf = malloc(sizeof(double) * (kks * 2 + (size_t)ks * (4 + 2 * FLOOR_TRY) +
                                           (size_t)ns * nt * 2 + (size_t)k * 3));
    bool kept = false;
    if (!spt || !sp.row_start || !sp.col || !sp.W || !sp.q || !sp.mu || !spp || !br || !buf)
        goto out;
    double *d = buf, *M = d + kks, *x = M + kks, *uu = x + ks, *xs = uu + ks, *us = xs + ks,
           *cand = us + ks, *s = cand + (size_t)ks * 2 * FLOOR_TRY, *s0 = s + (size_t)ns * nt,
           *rt = s0 + (size_t)ns * nt, *ut = rt + k, *Fk = ut + k;
    double cw[FLOOR_TRY];
    int ncand = 0;
    // sp: the rows and columns of the small set; q with the held impulses' velocities folded
    // in (q_S = u_S - W_SS r_S), so that at r_S the velocities are u_S
    nz = 0;
    memset(d, 0, sizeof(double) * kks);
    for (int a = 0; a < ns; a++) {
        int i = spt[a];
        sp.row_start[a] = nz;
        memcpy(sp.q + (size_t)a * n, u + (size_t)i * n, sizeof(double) * (size_t)n);
        sp.mu[a] = p->mu[i], spp[a] = pts[i];
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            int b = loc[p->col[z]];
            if (b < 0) continue;
            const double *B = p->W + (size_t)z * nn, *rj = r + (size_t)p->col[z] * n;
            sp.col[nz] = b;
            memcpy(sp.W + (size_t)nz * nn, B, sizeof(double) * (size_t)nn);
            nz++;
            for (int e = 0; e < n; e++)
                for (int f = 0; f < n; f++) {
                    sp.q[(size_t)a * n + e] -= B[e * n + f] * rj[f];
                    d[((size_t)a * n + e) * ks + (size_t)b * n + f] = B[e * n + f];
                }
        }
    }
    sp.row_start[ns] = nz;
    // the current branches and slip directions (sliding along u_t, or against r_t)
    for (int a = 0; a < ns; a++) {
        int i = spt[a];
        const double *ri = r + (size_t)i * n, *ui = u + (size_t)i * n;
        double Fi[AK_MAX_DIM];
        point_map pm = natural_map_point(n, pts[i], 0.0, 1.0, ri, ui, Fi);
        br0[a] = !pm.normal_active ? FLOOR_SEP : pm.tangent == 2 ? FLOOR_SLIDE : FLOOR_STICK;
        double nu = norm(nt, ui + 1), nr = norm(nt, ri + 1);
        for (int t = 0; t < nt; t++)
            s0[(size_t)a * nt + t] = nu > 0.0 ? ui[1 + t] / nu : nr > 0.0 ? -ri[1 + t] / nr : 0.0;
        if (br0[a] == FLOOR_SLIDE && pm.ny > 0.0)
            for (int t = 0; t < nt; t++) s0[(size_t)a * nt + t] = -pm.yh[t];
    }
    for (int pat = 0; pat < npat; pat++) {
        memcpy(br, br0, sizeof(int) * (size_t)ns);
        memcpy(s, s0, sizeof(double) * (size_t)ns * nt);
        bool skip = false;
        for (int c = 0, code = pat; c < nen; c++) {
            int a = loc[en[c]], base = c < nen3 ? 3 : 2;
            if (base == 3)
                br[a] = code % 3;
            else if (code % 2 == 0)
                br[a] = FLOOR_SEP;
            else if (br0[a] == FLOOR_SEP) // active from separated: sliding along its u_t
                br[a] = sp.mu[a] > 0.0 && norm(nt, s + (size_t)a * nt) > 0.0 ? FLOOR_SLIDE
                                                                             : FLOOR_STICK;
            code /= base;
            // sliding needs a direction and friction
            if (br[a] == FLOOR_SLIDE &&
                (!(sp.mu[a] > 0.0) || !(norm(nt, s + (size_t)a * nt) > 0.0)))
                skip = true;
        }
        if (skip) continue;
        bool solved = true;
        for (int turn = 0; turn < FLOOR_TURNS && solved; turn++) {
            if (floor_branch_solve(&sp, spp, d, br, s, M, x)) solved = false;
            if (!solved || turn + 1 == FLOOR_TURNS) break;
            problem_u(&sp, x, uu);
            for (int a = 0; a < ns; a++) { // the slip directions from the solution's u_t
                if (br[a] != FLOOR_SLIDE) continue;
                double nu = norm(nt, uu + (size_t)a * n + 1);
                if (nu > 0.0)
                    for (int t = 0; t < nt; t++)
                        s[(size_t)a * nt + t] = uu[(size_t)a * n + 1 + t] / nu;
            }
        }
        if (!solved) continue;
        // the pattern's consistency (velocity units: impulses times W_nn): separated points do
        // not approach, active ones push, sticking ones inside the disc, sliding ones along s
        problem_u(&sp, x, uu);
        double w = 0.0;
        for (int a = 0; a < ns; a++) {
            const double *xa = x + (size_t)a * n, *ua = uu + (size_t)a * n;
            double wn = 1.0 / spp[a]->mn;
            if (br[a] == FLOOR_SEP) {
                w = fmax(w, -ua[0]);
                continue;
            }
            w = fmax(w, -xa[0] * wn);
            if (br[a] == FLOOR_STICK && sp.mu[a] > 0.0)
                w = fmax(w, (norm(nt, xa + 1) - sp.mu[a] * xa[0]) * wn);
            if (br[a] == FLOOR_SLIDE) {
                double us = 0.0;
                for (int t = 0; t < nt; t++) us += ua[1 + t] * s[(size_t)a * nt + t];
                w = fmax(w, -us);
            }
        }
        problem_project(&sp, x);
        problem_u(&sp, x, uu);
        // keep the FLOOR_TRY best (insertion into the sorted candidates)
        int at = ncand < FLOOR_TRY ? ncand : FLOOR_TRY - 1;
        if (ncand == FLOOR_TRY && !(w < cw[at])) continue;
        while (at > 0 && w < cw[at - 1]) {
            cw[at] = cw[at - 1];
            memcpy(cand + (size_t)at * 2 * ks, cand + (size_t)(at - 1) * 2 * ks,
                   sizeof(double) * 2 * (size_t)ks);
            at--;
        }
        cw[at] = w;
        memcpy(cand + (size_t)at * 2 * ks, x, sizeof(double) * (size_t)ks);
        memcpy(cand + (size_t)at * 2 * ks + ks, uu, sizeof(double) * (size_t)ks);
        if (ncand < FLOOR_TRY) ncand++;
    }
    double before_w = worst(res), before_f = problem_map_worst(p, pts, zero, r, u, Fk);
    // the resumed polish at rho factor 1, whatever the schedule's (on pile_1000_3d step 44 at
    // the schedule's 0.1 and 10 it went back to the floor, at 1 and 0.01 it met the tolerance)
    double frf = 1.0;
    double now_small; // the current state's largest residual on the small problem
    {
        for (int a = 0; a < ns; a++) {
            memcpy(xs + (size_t)a * n, r + (size_t)spt[a] * n, sizeof(double) * (size_t)n);
            memcpy(us + (size_t)a * n, u + (size_t)spt[a] * n, sizeof(double) * (size_t)n);
        }
        ak_solver_residuals rn;
        problem_residuals(&sp, xs, us, NULL, &rn);
        now_small = worst(&rn);
    }
    for (int c = 0; c < ncand; c++) {
        // the dense Newton polish of the small problem from the pattern's solution
        memcpy(xs, cand + (size_t)c * 2 * ks, sizeof(double) * (size_t)ks);
        memcpy(us, cand + (size_t)c * 2 * ks + ks, sizeof(double) * (size_t)ks);
        ak_solver_residuals rs;
        problem_residuals(&sp, xs, us, NULL, &rs);
        problem_polish(&sp, spp, zero, 1.0, false, tol, xs, us, &rs);
        if (!(worst(&rs) < FLOOR_GAIN * now_small)) continue;
        // put back, and the component's sparse polish resumed from there
        memcpy(rt, r, sizeof(double) * (size_t)k);
        for (int a = 0; a < ns; a++)
            memcpy(rt + (size_t)spt[a] * n, xs + (size_t)a * n, sizeof(double) * (size_t)n);
        problem_u(p, rt, ut);
        ak_solver_residuals rr;
        problem_residuals(p, rt, ut, NULL, &rr);
        if (worst(&rr) > tol) {
            problem_polish_sparse(p, pts, zero, lu, frf, false, false, false, false, rt, ut, &rr);
            if (worst(&rr) > tol)
                problem_polish_sparse(p, pts, zero, lu, frf, true, false, false, false, rt, ut,
                                      &rr);
            if (worst(&rr) > tol && worst(&rr) <= FINISH_MAX)
                problem_finish_sparse(p, pts, zero, lu, frf, tol, rt, ut, &rr);
        }
        double fw = problem_map_worst(p, pts, zero, rt, ut, Fk);
        if (worst(&rr) < before_w && fw < before_f) {
            memcpy(r, rt, sizeof(double) * (size_t)k);
            memcpy(u, ut, sizeof(double) * (size_t)k);
            *res = rr, kept = true;
            before_w = worst(&rr), before_f = fw;
            if (worst(&rr) <= tol) break;
        }
    }
out:
    free(loc), free(spt), free(sp.row_start), free(sp.col), free(sp.W), free(sp.q), free(sp.mu),
        free(spp), free(br), free(buf);
    return kept;
}

// A connected component of the matrix problem (points joined by a block of W), as its own
// problem in local indices, for the component polish (problem_polish_parts).
typedef struct problem_part {
    ak_contact_problem sub;      ///< the component's rows and columns of W, its q and mu
    const int *pt;               ///< its points (indices into p), ascending
    const ak_contact_point **pp; ///< their mn and mu for the natural map
    ak_block_lu *lu;             ///< the sparse polish's symbolic factorisation, when needed
} problem_part;

static void problem_parts_free(problem_part parts[], int nparts) {
    if (!parts) return;
    for (int c = 0; c < nparts; c++) {
        ak_block_lu_free(parts[c].lu);
        if (nparts > 1) ak_contact_problem_free(&parts[c].sub);
    }
    free(parts);
}

// p's connected components (union-find over W's blocks; as polish's over the bodies: the
// impulses of one component do not change the velocities of another): *nparts parts, their
// points in order (np entries, component after component, ascending within each) and their
// natural-map points in ppo. With one component the part is p itself (not copied). NULL when
// out of memory.
static problem_part *problem_parts(const ak_contact_problem *p, const ak_contact_point *pts,
                                   int order[], const ak_contact_point *ppo[], int *nparts) {
    int n = p->dim, nn = n * n, np = p->npoint;
    int *root = malloc(sizeof(int) * (size_t)np), *start = calloc((size_t)np + 1, sizeof(int)),
        *loc = malloc(sizeof(int) * (size_t)np);
    problem_part *parts = NULL;
    if (!root || !start || !loc) goto fail;
    for (int i = 0; i < np; i++) root[i] = i;
    for (int i = 0; i < np; i++)
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            int a = i, b = p->col[z];
            while (root[a] != a) a = root[a] = root[root[a]];
            while (root[b] != b) b = root[b] = root[root[b]];
            if (a != b) root[a > b ? a : b] = a < b ? a : b;
        }
    int ncomp = 0;
    for (int i = 0; i < np; i++) { // the root of a component is its smallest point
        int a = i;
        while (root[a] != a) a = root[a];
        root[i] = a;
        if (a == i) loc[i] = ncomp++; // the component's number, for now
        start[loc[a] + 1]++;
    }
    for (int c = 0; c < ncomp; c++) start[c + 1] += start[c];
    parts = calloc((size_t)ncomp, sizeof *parts);
    if (!parts) goto fail;
    {
        int *fill = malloc(sizeof(int) * ((size_t)ncomp + 1));
        if (!fill) goto fail;
        memcpy(fill, start, sizeof(int) * (size_t)ncomp);
        for (int i = 0; i < np; i++) order[fill[loc[root[i]]]++] = i;
        free(fill);
    }
    for (int c = 0; c < ncomp; c++)
        for (int a = start[c]; a < start[c + 1]; a++) loc[order[a]] = a - start[c];
    for (int a = 0; a < np; a++) ppo[a] = &pts[order[a]];
    for (int c = 0; c < ncomp; c++) {
        problem_part *pc = &parts[c];
        pc->pt = order + start[c], pc->pp = ppo + start[c];
        if (ncomp == 1) {
            pc->sub = *p;
            break;
        }
        int cnt = start[c + 1] - start[c], nz = 0;
        for (int a = 0; a < cnt; a++) nz += p->row_start[pc->pt[a] + 1] - p->row_start[pc->pt[a]];
        ak_contact_problem *sp = &pc->sub;
        *sp = (ak_contact_problem){ .dim = n, .npoint = cnt, .nblock = nz };
        sp->row_start = malloc(sizeof(int) * ((size_t)cnt + 1));
        sp->col = malloc(sizeof(int) * (size_t)(nz > 0 ? nz : 1));
        sp->W = malloc(sizeof(double) * (size_t)(nz > 0 ? nz : 1) * (size_t)nn);
        sp->q = malloc(sizeof(double) * (size_t)cnt * (size_t)n);
        sp->mu = malloc(sizeof(double) * (size_t)cnt);
        if (!sp->row_start || !sp->col || !sp->W || !sp->q || !sp->mu) {
            problem_parts_free(parts, ncomp);
            parts = NULL;
            goto fail;
        }
        nz = 0;
        for (int a = 0; a < cnt; a++) {
            int i = pc->pt[a];
            sp->row_start[a] = nz;
            for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++, nz++) {
                sp->col[nz] = loc[p->col[z]];
                memcpy(sp->W + (size_t)nz * nn, p->W + (size_t)z * nn, sizeof(double) * (size_t)nn);
            }
            memcpy(sp->q + (size_t)a * n, p->q + (size_t)i * n, sizeof(double) * (size_t)n);
            sp->mu[a] = p->mu[i];
        }
        sp->row_start[cnt] = nz;
    }
    *nparts = ncomp;
fail:
    free(root), free(start), free(loc);
    return parts;
}

// The matrix form's late proximal stage (ak_solver_converged_solve_problem), modelled on
// Siconos Numerics' chain of NSGS on the scaled problem to relative 1e-6 and then its proximal
// point solver with alpha = sigma x error (sigma 10, nu 1) and Newton steps without a line
// search: where the path's first 550 sweeps (with their polishes after sweeps 50 and 550) miss,
// the sweeps go on with no polish until the relative measure of their state (problem_rel) is at
// most HOLD_REL, checked every HOLD_CHECK sweeps, or for at most HOLD_SWEEPS; then each
// component above the tolerance gets one proximal pass (sparse_prox at alpha = VPROX_SIGMA x
// the relative |F|, no floor on alpha, full Newton steps that go on however far |F| rises
// within a subproblem, at most VPROX_NEWTON factorisations), then the projected pass, the
// finishing steps and the few-point floor as the component polish. If that misses, the path
// goes back to its state after sweep 550 and on as before (the first try), so a problem pays
// at most the stage. Why: on pile_1000_3d steps 50, 51, 56, 59 and 60 every polish that failed
// (0.1-0.7 s each, 40-70 factorisations) started where the sweeps' largest residual was 1e-3
// to 1e-1; from sweeps at relative 1e-3 the stage converges in 4 to 40 factorisations, the
// Newton steps needing no line search once the state is that close (a divergence test that
// ended a subproblem when |F|^2 rose a thousandfold stopped it on steps 56 and 59 at the
// first step from a kink; docs/performance.md, chain V's schedule). HOLD_REL: anakata's
// measure at rho = 1 / W_nn; 1e-3, 3e-4 and 1e-4 measured, 1e-3 the fastest on 59 and 60.
#define HOLD_REL 1e-3
#define HOLD_CHECK 10
#define HOLD_SWEEPS 2000
#define VPROX_SIGMA 10.0
#define VPROX_NEWTON 40

// The late proximal stage's pass on one large component (see HOLD_REL): sparse_prox from rc,
// uc at alpha = VPROX_SIGMA x the relative |F| with no floor and full Newton steps, kept (rc,
// uc and *rr updated) when it lowers the largest residual. Returns whether it kept it.
static bool problem_prox_late(const ak_contact_problem *sp, const problem_part *pc,
                              const double zero[], double rc[], double uc[],
                              ak_solver_residuals *rr) {
    int kc = sp->npoint * sp->dim;
    double *x = malloc(sizeof(double) * (size_t)kc * 2);
    if (!x) return false;
    double *uu = x + kc;
    bool kept = false;
    memcpy(x, rc, sizeof(double) * (size_t)kc);
    memcpy(uu, uc, sizeof(double) * (size_t)kc);
    if (!sparse_prox(sp->npoint, sp->dim, pc->pp, zero, 1.0, 0.0, VPROX_SIGMA, INFINITY,
                     VPROX_NEWTON, sp->row_start, sp->col, sp->W, pc->lu, rc, uc, x, uu)) {
        project_impulses(sp->npoint, sp->dim, pc->pp, x);
        kept = problem_keep(sp, x, uu, 1.0, rc, uc, rr);
    }
    free(x);
    return kept;
}

// The component polish on the matrices (as polish's over the bodies): each component of p with
// a residual above tol is polished alone from r (u = W r + q), kept when its own residuals
// shrink: at most PROBLEM_DENSE_MAX unknowns the dense polish (problem_polish), and if still
// above tol again from the rim [T-CV.3]; more, the sparse polish [T-CV.6] (its two passes);
// only_small: the small components only. early: the sparse passes end early where they cannot
// gain and are kept when they lower the largest residual SPARSE_KEEP-fold; else (every other
// polish) they run as the world step's (newton_polish_sparse) and are kept when it shrinks at
// all: on pile_1000_3d step 46 the early polishes alone missed in 100,000 sweeps, the world
// step's rule converged in 550 (the first polish kept at 0.18 from 0.22), and the early
// ones are what makes steps 36-40 cheap. nonmono: the sparse passes take the first try's
// nonmonotone search (problem_polish_sparse); *sparse_ran (when not NULL) is set when a sparse
// polish ran. late: the late stage's polish (see HOLD_REL): a large component's first pass is
// the proximal one (problem_prox_late) in place of the sparse polish's first. buf: 2 k scratch.
// Returns whether anything was kept (then *res is measured again).
static bool problem_polish_parts(const ak_contact_problem *p, problem_part parts[], int nparts,
                                 const double zero[], double rf, double tol, bool only_small,
                                 bool early, bool nonmono, bool late, bool *sparse_ran, double r[],
                                 double u[], double buf[], ak_solver_residuals *res) {
    int n = p->dim, k = p->npoint * n;
    bool kept = false;
    for (int c = 0; c < nparts; c++) {
        problem_part *pc = &parts[c];
        const ak_contact_problem *sp = &pc->sub;
        int cnt = sp->npoint, kc = cnt * n;
        double *rc = r, *uc = u;
        if (nparts > 1) {
            rc = buf, uc = buf + k;
            for (int a = 0; a < cnt; a++) {
                memcpy(rc + (size_t)a * n, r + (size_t)pc->pt[a] * n, sizeof(double) * (size_t)n);
                memcpy(uc + (size_t)a * n, u + (size_t)pc->pt[a] * n, sizeof(double) * (size_t)n);
            }
        }
        ak_solver_residuals rr;
        problem_residuals(sp, rc, uc, NULL, &rr);
        if (worst(&rr) <= tol) continue;
        bool any = false;
        if (only_small && kc > PROBLEM_DENSE_MAX) continue;
        if (kc <= PROBLEM_DENSE_MAX) {
            any = problem_polish(sp, pc->pp, zero, rf, false, tol, rc, uc, &rr);
            if (worst(&rr) > tol && problem_polish(sp, pc->pp, zero, rf, true, tol, rc, uc, &rr))
                any = true;
        } else if (pc->lu || (pc->lu = ak_block_lu_new_order(cnt, n, sp->row_start, sp->col,
                                                             AK_BLU_MIN_FILL))) {
            // (the proximal point pass, which the world step's polish ran from 29 to 30 Nov
            // 2026 (see polish), is not tried here: on
            // pile_1000_3d steps 40-60 it made the matrix form 1.39 times slower in all, its
            // failed tries costing more than its wins on steps 40, 41 and 44 saved;
            // docs/performance.md, the proximal polish; the late stage's pass, see HOLD_REL,
            // runs only from sweeps at relative 1e-3)
            if (late) {
                any = problem_prox_late(sp, pc, zero, rc, uc, &rr);
            } else {
                if (sparse_ran) *sparse_ran = true;
                any = problem_polish_sparse(sp, pc->pp, zero, pc->lu, rf, false, early, nonmono,
                                            true, rc, uc, &rr);
            }
            if (worst(&rr) > tol && problem_polish_sparse(sp, pc->pp, zero, pc->lu, rf, true, early,
                                                          nonmono, true, rc, uc, &rr))
                any = true;
            // just above tol: the finishing steps
            if (worst(&rr) > tol && worst(&rr) <= FINISH_MAX &&
                problem_finish_sparse(sp, pc->pp, zero, pc->lu, rf, tol, rc, uc, &rr))
                any = true;
            // a few points left above tol: their branches enumerated (problem_floor)
            if (worst(&rr) > tol && problem_floor(sp, pc->pp, zero, pc->lu, tol, rc, uc, &rr))
                any = true;
        }
        if (any && nparts > 1)
            for (int a = 0; a < cnt; a++) {
                memcpy(r + (size_t)pc->pt[a] * n, rc + (size_t)a * n, sizeof(double) * (size_t)n);
                memcpy(u + (size_t)pc->pt[a] * n, uc + (size_t)a * n, sizeof(double) * (size_t)n);
            }
        kept |= any;
    }
    if (kept) problem_residuals(p, r, u, NULL, res);
    return kept;
}

// What the sweeps of the matrix form share between the segments of a solve (problem_sweeps):
// the column access of W, the points' 1 / W_nn and mu, the tangent blocks, the friction radii,
// the components (made when first polished, with their symbolic factorisations) and scratch.
typedef struct problem_run {
    const ak_contact_problem *p;
    double tol;
    const int *cs, *cz, *crow;      ///< W's blocks by columns (problem_apply)
    const int *cdiag;               ///< each column's diagonal block (its place in cz, crow)
    const double *Kt;               ///< each point's tangent block of W's diagonal block
    const ak_contact_point *pts;    ///< each point's 1 / W_nn (mn) and mu
    const ak_contact_point **pp;    ///< the points in the components' order (problem_parts)
    int *order, nparts;             ///< the components' points
    problem_part *parts;            ///< the components, NULL until the first polish
    double *bound, *zero, *x0, *pd; ///< friction radii, zero targets, 3 k scratch (x0, pd)
    ak_problem_stats *st;
    bool nonmono;    ///< the first try: the sparse polish's nonmonotone search
    bool sparse_ran; ///< a sparse polish ran (problem_polish_parts)
    double g_prev;   ///< the NNCG momentum's last |dx|^2, kept for a part that goes on
    bool momentum;   ///< ... and whether pd holds a direction
    double hold_rel; ///< > 0: no polish after NEWTON_AFTER; stop at this relative measure
} problem_run;

// The relative measure of the sweeps' state, anakata's counterpart of Siconos' ||F||_2 /
// max(||q||, ||r||, ||u||): the natural map at rho = 1 / W_nn (rho factor 1, zero targets).
static double problem_rel(const ak_contact_problem *p, const ak_contact_point *pts,
                          const double r[], const double u[]) {
    int n = p->dim, np = p->npoint;
    double f2 = 0.0, q2 = 0.0, r2 = 0.0, u2 = 0.0, Fi[AK_MAX_DIM];
    for (int i = 0; i < np; i++) {
        const double *xi = r + (size_t)i * n, *ui = u + (size_t)i * n, *qi = p->q + (size_t)i * n;
        natural_map_point(n, &pts[i], 0.0, 1.0, xi, ui, Fi);
        for (int a = 0; a < n; a++)
            f2 += Fi[a] * Fi[a], q2 += qi[a] * qi[a], r2 += xi[a] * xi[a], u2 += ui[a] * ui[a];
    }
    double m2 = fmax(q2, fmax(r2, u2));
    return m2 > 0.0 ? sqrt(f2 / m2) : sqrt(f2);
}

// One point's update of the matrix form's sweep: the friction block (the tangents), then the
// normal row, then u += W[:, i] dr in one pass over column i's blocks. Every entry of u takes
// the same terms in the same order as in two passes (the tangents' over the column, then the
// normal's): the point's own entries take the tangents' terms before its normal row reads u_i.
// Terms of a part of dr that did not move (a separated point staying separated, a point with
// mu = 0) are not added: they are +-0, and could change at most a -0 to +0. One copy per n.
static inline __attribute__((always_inline)) void sweep_point(int n, const problem_run *pr, int i,
                                                              double r[], double u[]) {
    const ak_contact_problem *p = pr->p;
    int nt = n - 1, nn = n * n;
    double *ri = r + (size_t)i * n, *ui = u + (size_t)i * n, dr[AK_MAX_DIM] = { 0 };
    const double *Bi = p->W + (size_t)pr->cz[pr->cdiag[i]] * nn;
    bool tan = false;
    if (p->mu[i] > 0.0) {
        const double *K = pr->Kt + (size_t)i * KT_STRIDE;
        double g[AK_MAX_TAN], x[AK_MAX_TAN];
        for (int a = 0; a < nt; a++) {
            g[a] = ui[1 + a];
            for (int b = 0; b < nt; b++) g[a] -= K[a * nt + b] * ri[1 + b];
        }
        friction_block(nt, K, K + AK_MAX_TAN * AK_MAX_TAN, g, pr->bound[i], x);
        for (int a = 0; a < nt; a++) tan |= (dr[1 + a] = x[a] - ri[1 + a]) != 0.0;
    }
    if (tan) {
        for (int b = 1; b < n; b++) ri[b] += dr[b];
        for (int a = 0; a < n; a++)
            for (int b = 1; b < n; b++) ui[a] += Bi[a * n + b] * dr[b];
    }
    double jn = fmax(ri[0] - pr->pts[i].mn * ui[0], 0.0);
    dr[0] = jn - ri[0];
    bool nor = dr[0] != 0.0;
    if (!tan && !nor) return;
    ri[0] += dr[0];
    for (int z = pr->cs[i]; z < pr->cs[i + 1]; z++) {
        const double *B = p->W + (size_t)pr->cz[z] * nn;
        double *uj = u + (size_t)pr->crow[z] * n;
        bool own = z == pr->cdiag[i];
        for (int a = 0; a < n; a++) {
            if (tan && !own)
                for (int b = 1; b < n; b++) uj[a] += B[a * n + b] * dr[b];
            if (nor) uj[a] += B[a * n] * dr[0];
        }
    }
}

// The sweeps of the contact phase on the matrices from r (u = W r + q, *res its residuals), at
// most max_it of them, with the polish schedule counted from this call's first sweep (as
// solve_range_max's, which the world step's cold restart calls again): the NNCG momentum and
// the friction radii start afresh. done > 0: the part goes on after its first done sweeps (the
// last call on pr ran them, and r, u are where it ended), with the schedule, the radii and the
// momentum as they were: the same sweeps as one call. Returns the sweeps used (max_it + 1 when
// the tolerance was not reached).
static int problem_sweeps(problem_run *pr, double r[], double u[], int done, int max_it,
                          ak_solver_residuals *res) {
    const ak_contact_problem *p = pr->p;
    int n = p->dim, np = p->npoint, k = np * n, w = n;
    double *bound = pr->bound, *x0 = pr->x0, *pd = pr->pd, tol = pr->tol;
    if (done == 0) {
        for (int i = 0; i < np; i++) bound[i] = p->mu[i] > 0.0 ? p->mu[i] * r[(size_t)i * n] : 0.0;
        pr->g_prev = 0.0, pr->momentum = false;
    }
    double g_prev = pr->g_prev;
    bool momentum = pr->momentum;
    for (int it = done + 1; it <= max_it; it++) {
        memcpy(x0, r, sizeof(double) * (size_t)k);
        AK_CV_PER_DIM(n, N, for (int i = 0; i < np; i++) sweep_point(N, pr, i, r, u)); // the sweep
        pr->st->sweeps++;
        problem_residuals(p, r, u, NULL, res);
        if (worst(res) <= tol) return it;
        bool polished = false;
        int every = k > NEWTON_MAX_UNKNOWNS ? SPARSE_EVERY : NEWTON_EVERY;
        if (pr->hold_rel > 0.0 && it % HOLD_CHECK == 0) {
            if (problem_rel(p, pr->pts, r, u) <= pr->hold_rel) {
                pr->g_prev = g_prev, pr->momentum = momentum;
                return max_it + 1;
            }
        }
        bool hold = pr->hold_rel > 0.0 && it >= NEWTON_AFTER; // no polish while held
        if (!hold &&
            (it == PROBLEM_FIRST || (it >= NEWTON_AFTER && (it - NEWTON_AFTER) % every == 0))) {
            double rf = it < NEWTON_AFTER ? 1.0 : RHO_FACTOR[((it - NEWTON_AFTER) / every) % 5];
            if (!pr->parts) pr->parts = problem_parts(p, pr->pts, pr->order, pr->pp, &pr->nparts);
            // early: every other polish, never in the first try (its polishes as the world step's)
            if (pr->parts)
                polished = problem_polish_parts(
                    p, pr->parts, pr->nparts, pr->zero, rf, tol, it < NEWTON_AFTER,
                    !pr->nonmono && ((it - NEWTON_AFTER) / every) % 2 == 0, pr->nonmono, false,
                    &pr->sparse_ran, r, u, pd + k, res);
        }
        if (polished) {
            pr->st->polishes++;
            if (worst(res) <= tol) return it;
            for (int i = 0; i < np; i++)
                bound[i] = p->mu[i] > 0.0 ? p->mu[i] * r[(size_t)i * n] : 0.0;
            momentum = false;
            continue;
        }
        ak_solver_residuals in;
        problem_residuals(p, r, u, bound, &in);
        if (worst(&in) <= fmax(0.25 * tol, 0.1 * worst(res))) {
            for (int i = 0; i < np; i++)
                bound[i] = p->mu[i] > 0.0 ? p->mu[i] * r[(size_t)i * n] : 0.0;
            momentum = false;
            continue;
        }
        double g = 0.0;
        for (int a = 0; a < k; a++) x0[a] = r[a] - x0[a], g += x0[a] * x0[a];
        double beta = momentum && g_prev > 0.0 ? g / g_prev : 0.0;
        g_prev = g;
        if (!(beta <= 1.0)) beta = 0.0;
        for (int a = 0; a < k; a++) pd[a] = momentum ? beta * pd[a] + x0[a] : x0[a];
        if (momentum && beta > 0.0)
            for (int i = 0; i < np; i++) {
                double step[AK_MAX_DIM];
                for (int b = 0; b < w; b++) step[b] = pd[(size_t)i * n + b] - x0[(size_t)i * n + b];
                problem_apply(p, pr->cs, pr->cz, pr->crow, i, step, r, u);
            }
        momentum = true;
    }
    pr->g_prev = g_prev, pr->momentum = momentum;
    return max_it + 1;
}

// The sweeps' state after a sweep of problem_sweeps (the impulses, velocities, NNCG direction,
// friction radii, momentum and residuals), saved so that the first try can start where the
// path's state is the same (ak_solver_converged_solve_problem). buf: 3 k + np doubles.
typedef struct sweep_state {
    double *buf, g_prev;
    bool momentum;
    ak_solver_residuals res;
} sweep_state;

static void sweep_save(sweep_state *s, const problem_run *pr, const double r[], const double u[],
                       const ak_solver_residuals *res) {
    size_t k = (size_t)pr->p->npoint * (size_t)pr->p->dim;
    memcpy(s->buf, r, sizeof(double) * k);
    memcpy(s->buf + k, u, sizeof(double) * k);
    memcpy(s->buf + 2 * k, pr->pd, sizeof(double) * k);
    memcpy(s->buf + 3 * k, pr->bound, sizeof(double) * (size_t)pr->p->npoint);
    s->g_prev = pr->g_prev, s->momentum = pr->momentum, s->res = *res;
}

static void sweep_load(const sweep_state *s, problem_run *pr, double r[], double u[],
                       ak_solver_residuals *res) {
    size_t k = (size_t)pr->p->npoint * (size_t)pr->p->dim;
    memcpy(r, s->buf, sizeof(double) * k);
    memcpy(u, s->buf + k, sizeof(double) * k);
    memcpy(pr->pd, s->buf + 2 * k, sizeof(double) * k);
    memcpy(pr->bound, s->buf + 3 * k, sizeof(double) * (size_t)pr->p->npoint);
    pr->g_prev = s->g_prev, pr->momentum = s->momentum, *res = s->res;
}

// Whether the state is bit for bit the saved one (then the sweeps after it repeat the ones after
// the saved state).
static bool sweep_same(const sweep_state *s, const problem_run *pr, const double r[],
                       const double u[]) {
    size_t k = (size_t)pr->p->npoint * (size_t)pr->p->dim;
    return s->g_prev == pr->g_prev && s->momentum == pr->momentum &&
           !memcmp(r, s->buf, sizeof(double) * k) && !memcmp(u, s->buf + k, sizeof(double) * k) &&
           !memcmp(pr->pd, s->buf + 2 * k, sizeof(double) * k) &&
           !memcmp(pr->bound, s->buf + 3 * k, sizeof(double) * (size_t)pr->p->npoint);
}

// The late proximal stage (HOLD_REL) from the sweeps' state after sweep `from`: the sweeps on
// with no polish until the relative measure is at most HOLD_REL (at most HOLD_SWEEPS), then
// the late stage's polish (problem_polish_parts with late: each large component's proximal pass,
// then the projected pass, the finishing steps and the floor). Returns 0 when it met tol, else 1
// (the state is then the stage's end).
static int problem_late(problem_run *pr, int from, double r[], double u[],
                        ak_solver_residuals *res) {
    const ak_contact_problem *p = pr->p;
    pr->hold_rel = HOLD_REL;
    int rc = problem_sweeps(pr, r, u, from, from + HOLD_SWEEPS, res) > from + HOLD_SWEEPS;
    pr->hold_rel = 0.0;
    if (rc) {
        problem_polish_parts(p, pr->parts, pr->nparts, pr->zero, 1.0, pr->tol, false, false, false,
                             true, NULL, r, u, pr->pd + (size_t)p->npoint * (size_t)p->dim, res);
        rc = worst(res) > pr->tol;
    }
    return rc;
}

int ak_solver_converged_solve_problem(const ak_contact_problem *p, double tol, int max_it,
                                      double r[], ak_problem_stats *st) {
    int n = p->dim, nt = n - 1, np = p->npoint, k = np * n, nn = n * n;
    *st = (ak_problem_stats){ 0 };
    if (np == 0) return 0;
    // column access: for each column point j, its blocks and their rows
    int nb = p->row_start[np];
    int *cs = calloc((size_t)np + 1, sizeof(int)), *cz = malloc(sizeof(int) * (size_t)nb),
        *crow = malloc(sizeof(int) * (size_t)nb), *diag = malloc(sizeof(int) * (size_t)np * 2);
    int *cdiag = diag ? diag + np : NULL;
    double *u = malloc(sizeof(double) * (size_t)k * 10),
           *bound = malloc(sizeof(double) * (size_t)np * 3);
    double *Kt = malloc(sizeof(double) * (size_t)np * KT_STRIDE);
    ak_contact_point *pts = calloc((size_t)np, sizeof *pts);
    const ak_contact_point **pp = malloc(sizeof *pp * (size_t)np);
    int *order = malloc(sizeof(int) * (size_t)np);
    problem_run pr = { .p = p,
                       .tol = tol,
                       .cs = cs,
                       .cz = cz,
                       .crow = crow,
                       .cdiag = cdiag,
                       .Kt = Kt,
                       .pts = pts,
                       .pp = pp,
                       .order = order,
                       .bound = bound,
                       .st = st };
    // the path's states saved for the first try (sweep_state, below)
    double *pbuf = malloc(sizeof(double) * ((size_t)k * 3 + (size_t)np) * 4);
    int rc = -1;
    if (!cs || !cz || !crow || !diag || !u || !bound || !Kt || !pts || !pp || !order || !pbuf)
        goto out;
    // u, then x0, pd (with 2 k of the polish's scratch after it), then the saved end (r, u)
    // and the first part's state (r, u, pd) for the first try; bound: the radii, zero
    // targets, the first part's radii
    pr.x0 = u + k, pr.pd = pr.x0 + k, pr.zero = bound + np;
    double *rsave = pr.pd + 3 * k, *usave = rsave + k;
    double *rpart = usave + k, *upart = rpart + k, *pdpart = upart + k, *bpart = pr.zero + np;
    memset(pr.zero, 0, sizeof(double) * (size_t)np);
    for (int z = 0; z < nb; z++) cs[p->col[z] + 1]++;
    for (int j = 0; j < np; j++) cs[j + 1] += cs[j];
    {
        int *fill = malloc(sizeof(int) * (size_t)np);
        if (!fill) goto out;
        memcpy(fill, cs, sizeof(int) * (size_t)np);
        for (int i = 0; i < np; i++) {
            diag[i] = -1;
            for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
                int j = p->col[z];
                if (j == i) diag[i] = z, cdiag[i] = fill[j];
                cz[fill[j]] = z, crow[fill[j]++] = i;
            }
        }
        free(fill);
    }
    for (int i = 0; i < np; i++) {
        const double *D = diag[i] >= 0 ? p->W + (size_t)diag[i] * nn : NULL;
        if (!D || !(D[0] > 0.0)) goto out;
        pts[i].mn = 1.0 / D[0];
        pts[i].mu = p->mu[i];
        pp[i] = &pts[i];
        double *K = Kt + (size_t)i * KT_STRIDE;
        for (int a = 0; a < nt; a++)
            for (int b = 0; b < nt; b++) K[a * nt + b] = D[(1 + a) * n + 1 + b];
        kt_factor(nt, K);
    }
    bool given = false;            // a start other than zero (a warm start)
    for (int i = 0; i < np; i++) { // start: lambda_n >= 0, lambda_t on the disc
        double *ri = r + (size_t)i * n;
        ri[0] = fmax(ri[0], 0.0);
        double rad = p->mu[i] > 0.0 ? p->mu[i] * ri[0] : 0.0, nl = norm(nt, ri + 1);
        for (int t = 1; t < n; t++)
            ri[t] = p->mu[i] > 0.0 ? (nl > rad ? ri[t] * (rad / nl) : ri[t]) : 0.0;
        for (int t = 0; t < n; t++) given |= ri[t] != 0.0;
    }
    problem_u(p, r, u);
    ak_solver_residuals res = { 0 };
    problem_residuals(p, r, u, NULL, &res);
    rc = worst(&res) <= tol ? 0 : 1;
    // The world step's policy (ak_solver_converged_solve): from a given start WARM_SWEEPS
    // sweeps (half of max_it when that is fewer); if they miss, a cold restart from zero
    // impulses with at most COLD_SWEEPS; if that misses too, the rest of max_it from whichever
    // end has the smaller largest residual, the schedule counted afresh. From zero there is one
    // part, the whole budget: the cold part with no other end to return to. (Tried: from zero
    // the cold part's COLD_SWEEPS, then the rest from its end with a fresh schedule:
    // pile_1000_3d step 47 converged after 17,650 sweeps instead of 96,550, 25.6 s of CPU
    // instead of 150.9, but step 56 after 30,650 instead of 12,050, 222.8 s instead of 68.3;
    // verify/bench/bench_fclib, docs/performance.md.)
    // Within it, the world step's first try (FIRST_SWEEPS sweeps with the nonmonotone search
    // of sparse_newton_nm in the sparse polish, each sparse polish run and kept as the world
    // step's, without the early end; back to the start on a miss), run where the
    // path above has not converged after its first FIRST_AFTER sweeps (up to and including its
    // polish after NEWTON_AFTER + NEWTON_EVERY) and a sparse polish ran in them (a component
    // above PROBLEM_DENSE_MAX unknowns; elsewhere the search changes nothing), only when max_it
    // leaves FIRST_MIN_REST after it. If it misses, the path above goes on from its sweep
    // FIRST_AFTER (its state kept: impulses, velocities, friction radii, momentum) with max_it
    // less FIRST_SWEEPS; all sweeps count in st. So a problem the path above solves within
    // NEWTON_AFTER sweeps (FIRST_AFTER until 30 Nov 2026, below) runs the same sweeps as without
    // the first try, and any other pays at most FIRST_SWEEPS more. Why not from the start as the
    // world step: the nonmonotone search's polishes take more Newton steps where the monotone
    // ones converge (pile_1000_3d step 38, one polish after 550 sweeps: 1.09 s against 0.19 s;
    // steps 33-37, 0.08-0.51 s against 0.03-0.15 s), and on step 33 it missed where the
    // monotone one converged at sweep 550 (2,100 sweeps against 550).
    // Since 30 Nov 2026 the first try's first sparse polish (its sweep NEWTON_AFTER) runs as
    // soon as the path has run its own, from the same state; where it keeps something the
    // first try goes on to its end then, before the path's sweeps NEWTON_AFTER + 1 to
    // FIRST_AFTER and its late stage (below). The same answer where the first try met the
    // tolerance before, found without the path's sweeps 51-550 and its late stage; a problem
    // the path solves by sweep FIRST_AFTER pays the first try's polish, or the whole first try
    // where that polish keeps something (pile_1000_3d's 60 problems exported at 21c73ac: CPU
    // seconds in all 22.1 -> 13.5, the slowest problem 2.42 -> 1.59 s, step 41 0.22 -> 1.50 s;
    // less in all on four copies with the gravity moved by 1 or 2 units in the last place too;
    // docs/performance.md, issue 28, "The first try's first polish at once").
    // The first try's sweeps repeat the path's bit for bit up to its first sparse polish (after
    // NEWTON_AFTER sweeps; the polish after PROBLEM_FIRST is the small components' dense one,
    // the same in both), and from there as long as neither keeps anything: the path's state is
    // saved after sweeps NEWTON_AFTER - 1, NEWTON_AFTER and FIRST_AFTER - 1 (pst), and the first
    // try starts from the first of them and skips to the third when its state after sweep
    // NEWTON_AFTER is the path's. The same sweeps and results as running them again, fewer of
    // them: pile_1000_3d step 51 (neither keeps anything before sweep FIRST_AFTER) 548 fewer.
    // Since 1 Dec 2026, where the first try goes on at once and its polish after sweep
    // FIRST_AFTER misses too, not at a floor (its largest residual above FLOOR_MAX), the late
    // stage (problem_late) runs from the path's state after sweep NEWTON_AFTER before the first
    // try's later sweeps; where it misses, the first try goes on from its own state, the stage's
    // sweeps taken from max_it. pile_1000_3d's five exports of docs/performance.md ("The late
    // stage after the first try's miss"): step 33 1,551 -> 561 sweeps on all five, 51 1,551 ->
    // 1,161 on three, 57 1,551 -> 1,291 on two and 1,551 -> 2,361 on one (the stage missed), every
    // other problem the same sweeps. Without the floor condition the stage also ran where the
    // first try's polish had reached 1.5e-10 to 1.9e-10 and missed there (steps 56 and 59 of
    // three exports, 600 to 830 sweeps more each); right after the first try's first polish
    // instead, it missed on seven problems that the first try solves at its polish after sweep
    // 550 (38, 42, 44, 48, 49, 53, 57).
    int done = 0;
    sweep_state pst[4] = { { 0 } }; // [3]: the first try's state kept over the late stage
    // same_first: the first try's sweep NEWTON_AFTER has run and left the path's state;
    // first_done: the first try has run to its end (and missed)
    bool same_first = false, first_done = false;
    if (rc && max_it - FIRST_SWEEPS >= FIRST_MIN_REST) {
        for (int a = 0; a < 4; a++) pst[a].buf = pbuf + ((size_t)k * 3 + (size_t)np) * (size_t)a;
        const int at[3] = { NEWTON_AFTER - 1, NEWTON_AFTER, FIRST_AFTER - 1 };
        pr.sparse_ran = false;
        int from = 0;
        for (int a = 0; a < 3 && rc; a++) { // the path, in parts (the same sweeps as one call)
            rc = problem_sweeps(&pr, r, u, from, at[a], &res) > at[a];
            if (rc) sweep_save(&pst[a], &pr, r, u, &res), from = at[a];
            if (rc && a == 1 && pr.sparse_ran) {
                // the first try's sweep NEWTON_AFTER (its first sparse polish) at once, from the
                // path's state after sweep NEWTON_AFTER - 1. Where it keeps something, the
                // first try goes on to its end at once; where that misses, the path goes on
                // from its state after sweep NEWTON_AFTER and the first try is not run again
                // below (its sweeps taken from max_it there). Where it keeps nothing, the state
                // is the path's, and the first try below goes on from the path's state after
                // sweep FIRST_AFTER - 1, as it would after running this sweep again.
                sweep_load(&pst[0], &pr, r, u, &res);
                pr.nonmono = true;
                rc = problem_sweeps(&pr, r, u, NEWTON_AFTER - 1, NEWTON_AFTER, &res) > NEWTON_AFTER;
                same_first = rc && sweep_same(&pst[1], &pr, r, u);
                if (rc && !same_first) {
                    rc = problem_sweeps(&pr, r, u, NEWTON_AFTER, FIRST_AFTER, &res) > FIRST_AFTER;
                    if (rc && worst(&res) > FLOOR_MAX) {
                        // the first try's polish after sweep FIRST_AFTER missed, not at a floor:
                        // the late stage from the path's state after sweep NEWTON_AFTER; where
                        // it misses, back to the first try's state, its sweeps taken from max_it
                        int swept = st->sweeps;
                        sweep_save(&pst[3], &pr, r, u, &res);
                        sweep_load(&pst[1], &pr, r, u, &res);
                        pr.nonmono = false;
                        rc = problem_late(&pr, NEWTON_AFTER, r, u, &res);
                        pr.nonmono = true;
                        if (rc) sweep_load(&pst[3], &pr, r, u, &res), max_it -= st->sweeps - swept;
                    }
                    if (rc)
                        rc = problem_sweeps(&pr, r, u, FIRST_AFTER, FIRST_SWEEPS, &res) >
                             FIRST_SWEEPS;
                    first_done = true;
                }
                pr.nonmono = false;
                if (!rc) break;
                sweep_load(&pst[1], &pr, r, u, &res);
            }
        }
        if (rc) rc = problem_sweeps(&pr, r, u, from, FIRST_AFTER, &res) > FIRST_AFTER;
        if (rc) done = FIRST_AFTER;
        if (rc && pr.sparse_ran) {
            ak_solver_residuals rp = res;
            double g_prev = pr.g_prev;
            bool momentum = pr.momentum;
            memcpy(rpart, r, sizeof(double) * (size_t)k);
            memcpy(upart, u, sizeof(double) * (size_t)k);
            memcpy(pdpart, pr.pd, sizeof(double) * (size_t)k);
            memcpy(bpart, pr.bound, sizeof(double) * (size_t)np);
            // the late proximal stage (HOLD_REL); back to this state when it misses, its sweeps
            // taken from max_it. Not where the path's polishes already brought the largest
            // residual to FLOOR_MAX or below (their floor cure included): a floor, which the
            // proximal pass does not pass (pile_1000_3d step 44: 6.2e-5 after sweep 550; the
            // stage ended at 3.4e-5 and cost 5 % of the step; docs/performance.md)
            int swept = st->sweeps;
            bool late = worst(&res) > FLOOR_MAX;
            if (late) rc = problem_late(&pr, FIRST_AFTER, r, u, &res);
            if (rc && late) {
                memcpy(r, rpart, sizeof(double) * (size_t)k);
                memcpy(u, upart, sizeof(double) * (size_t)k);
                memcpy(pr.pd, pdpart, sizeof(double) * (size_t)k);
                memcpy(pr.bound, bpart, sizeof(double) * (size_t)np);
                pr.g_prev = g_prev, pr.momentum = momentum, res = rp;
                max_it -= st->sweeps - swept;
            }
        }
        if (rc && first_done) max_it -= FIRST_SWEEPS;
        if (rc && pr.sparse_ran && !first_done) {
            ak_solver_residuals rp = res;
            double g_prev = pr.g_prev;
            bool momentum = pr.momentum;
            // the first try from the path's state after sweep NEWTON_AFTER - 1; its sweep
            // NEWTON_AFTER (its first sparse polish), and if that leaves the path's state, on
            // from the path's state after sweep FIRST_AFTER - 1 (straight there where that
            // sweep ran above and left the path's state)
            pr.nonmono = true;
            if (same_first) {
                sweep_load(&pst[2], &pr, r, u, &res), from = FIRST_AFTER - 1;
            } else {
                sweep_load(&pst[0], &pr, r, u, &res);
                rc = problem_sweeps(&pr, r, u, NEWTON_AFTER - 1, NEWTON_AFTER, &res) > NEWTON_AFTER;
                from = NEWTON_AFTER;
                if (rc && sweep_same(&pst[1], &pr, r, u))
                    sweep_load(&pst[2], &pr, r, u, &res), from = FIRST_AFTER - 1;
            }
            if (rc) rc = problem_sweeps(&pr, r, u, from, FIRST_SWEEPS, &res) > FIRST_SWEEPS;
            pr.nonmono = false;
            if (rc) { // back to the path above, after its sweep FIRST_AFTER
                memcpy(r, rpart, sizeof(double) * (size_t)k);
                memcpy(u, upart, sizeof(double) * (size_t)k);
                memcpy(pr.pd, pdpart, sizeof(double) * (size_t)k);
                memcpy(pr.bound, bpart, sizeof(double) * (size_t)np);
                pr.g_prev = g_prev, pr.momentum = momentum, res = rp;
                max_it -= FIRST_SWEEPS;
            }
        }
    }
    int first = given ? (max_it / 2 < WARM_SWEEPS ? max_it / 2 : WARM_SWEEPS) : 0;
    int cold = !given ? max_it : max_it - first > COLD_SWEEPS ? COLD_SWEEPS : max_it - first;
    int rest = max_it - first - cold;
    ak_solver_residuals rw = res;
    bool saved = false;
    if (rc && first > 0) {
        rc = problem_sweeps(&pr, r, u, done, first, &res) > first;
        done = 0;
        if (rc) { // the warm start's end, then from zero
            memcpy(rsave, r, sizeof(double) * (size_t)k);
            memcpy(usave, u, sizeof(double) * (size_t)k);
            rw = res, saved = true;
            memset(r, 0, sizeof(double) * (size_t)k);
            problem_u(p, r, u);
            problem_residuals(p, r, u, NULL, &res);
            rc = worst(&res) <= tol ? 0 : 1;
        }
    }
    if (rc && cold > 0) rc = problem_sweeps(&pr, r, u, done, cold, &res) > cold;
    if (rc && rest > 0) {
        if (saved && worst(&rw) < worst(&res)) { // back to the warm start's end
            memcpy(r, rsave, sizeof(double) * (size_t)k);
            memcpy(u, usave, sizeof(double) * (size_t)k);
            res = rw;
        }
        rc = problem_sweeps(&pr, r, u, 0, rest, &res) > rest;
    }
    st->worst = worst(&res);
out:
    for (int c = 0; c < pr.nparts; c++)
        if (pr.parts[c].lu) st->factorisations += ak_block_lu_factorisations(pr.parts[c].lu);
    free(pbuf);
    problem_parts_free(pr.parts, pr.nparts);
    free(order), free(cs), free(cz), free(crow), free(diag), free(u), free(bound), free(Kt),
        free(pts), free(pp);
    return rc;
}

// One pass of the sparse polish alone on the whole problem p from r (the public entry points
// below, for the unit tests): the points from W's diagonal blocks (m_n = 1 / W_nn, mu), then
// sparse_prox (pass 0; max_newton), sparse_finish (pass 1; tol), problem_floor (pass 2; tol),
// the component polish's projected pass (pass 3; *steps its Newton steps) or sparse_prox as the
// matrix form's late proximal stage runs it (pass 4; max_newton).
static int problem_pass(const ak_contact_problem *p, int pass, int max_newton, double tol,
                        double r[], int *steps) {
    int n = p->dim, np = p->npoint, k = np * n, nn = n * n;
    if (np == 0) return 0;
    ak_contact_point *pts = calloc((size_t)np, sizeof *pts);
    const ak_contact_point **pp = malloc(sizeof *pp * (size_t)np);
    double *buf = malloc(sizeof(double) * ((size_t)k * 3 + (size_t)np));
    ak_block_lu *lu = ak_block_lu_new(np, n, p->row_start, p->col);
    int rc = -1;
    if (!pts || !pp || !buf || !lu) goto out;
    double *x0 = buf, *u0 = x0 + k, *u = u0 + k, *zero = u + k;
    for (int i = 0; i < np; i++) {
        // the diagonal block first in its row (ak_block_lu_new checked that it is there)
        const double *D = p->W + (size_t)p->row_start[i] * nn;
        if (p->col[p->row_start[i]] != i || !(D[0] > 0.0)) goto out;
        pts[i].mn = 1.0 / D[0], pts[i].mu = p->mu[i], pp[i] = &pts[i], zero[i] = 0.0;
    }
    memcpy(x0, r, sizeof(double) * (size_t)k);
    problem_u(p, r, u0);
    memcpy(u, u0, sizeof(double) * (size_t)k);
    if (pass == 2) {
        ak_solver_residuals res;
        problem_residuals(p, r, u, NULL, &res);
        problem_floor(p, pp, zero, lu, tol, r, u, &res);
        rc = 0;
        goto out;
    }
    if (pass == 3) {
        rc = sparse_newton_nm(np, n, pp, zero, 1.0, true, false, false, true, BEST_STALL, 0, 0.0,
                              p->row_start, p->col, p->W, lu, x0, u0, r, u, steps);
        if (!rc) project_impulses(np, n, pp, r);
        goto out;
    }
    if (pass == 4) { // the late proximal stage's pass (HOLD_REL)
        rc = sparse_prox(np, n, pp, zero, 1.0, 0.0, VPROX_SIGMA, INFINITY, max_newton, p->row_start,
                         p->col, p->W, lu, x0, u0, r, u);
        goto out;
    }
    rc = pass == 1 ? sparse_finish(np, n, pp, zero, 1.0, tol, p->row_start, p->col, p->W, lu, x0,
                                   u0, r, u)
                   : sparse_prox(np, n, pp, zero, 1.0, PROX_ALPHA, PROX_SIGMA, PROX_DIVERGE,
                                 max_newton, p->row_start, p->col, p->W, lu, x0, u0, r, u);
out:
    ak_block_lu_free(lu);
    free(pts), free(pp), free(buf);
    return rc;
}

int ak_solver_converged_prox(const ak_contact_problem *p, int max_newton, double r[]) {
    return problem_pass(p, 0, max_newton, 0.0, r, NULL);
}

int ak_solver_converged_prox_late(const ak_contact_problem *p, int max_newton, double r[]) {
    return problem_pass(p, 4, max_newton, 0.0, r, NULL);
}

int ak_solver_converged_finish(const ak_contact_problem *p, double tol, double r[]) {
    return problem_pass(p, 1, 0, tol, r, NULL);
}

int ak_solver_converged_floor(const ak_contact_problem *p, double tol, double r[]) {
    return problem_pass(p, 2, 0, tol, r, NULL);
}

int ak_solver_converged_projected(const ak_contact_problem *p, double r[], int *steps) {
    return problem_pass(p, 3, 0, 0.0, r, steps);
}
