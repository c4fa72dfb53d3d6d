// The converged reference contact solver (see solver_converged.h).
//
// The contact problem of one step. With the velocities after the force stage, the relative
// velocity of point i is u_i = u_i* + sum_j K_ij P_j (T-5.2; K_ii the point's K of B-6, K_ij the
// coupling through a shared body), P_j = lambda_n,j n_j + lambda_t,j. Find the impulses with
//   Signorini   lambda_n >= 0,  v_n - target >= 0,  lambda_n (v_n - target) = 0    (T-Alg12)
//   Coulomb     |lambda_t| <= mu lambda_n, and lambda_t maximises the dissipation
//               -lambda_t . u_t over that disc: u_t = 0 inside it, lambda_t = -mu lambda_n
//               u_t / |u_t| on its rim                                            (T-Alg13, B-6)
// with target the Baumgarte bias (T-5.b; -gap/h for a speculative point). The residuals
// (ak_solver_residuals_eval; docs/formulas/world.md#converged-solver) measure each condition:
//   normal          max(0, target - v_n)
//   complementarity |lambda_n (v_n - target)|
//   cone            max(0, |lambda_t| - mu lambda_n)
//   dissipation     |mu lambda_n |u_t| + lambda_t . u_t|   (0 exactly when the friction impulse
//                   is on the rim and opposite the slip, or the point sticks)
// Method: block projected Gauss-Seidel over the points, repeated until every residual is at
// most the tolerance. Per point, the friction block with lambda_n fixed is the convex problem
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
#include "solver_converged.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contact/contact.h"
#include "solver.h"

// Cholesky factor L (lower, row-major nt x nt) of A + a I; 0, or -1 if not positive definite.
static int chol(int nt, const double A[], double a, double L[]) {
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

static void fwd(int nt, const double L[], const double b[], double y[]) {
    for (int i = 0; i < nt; i++) {
        double s = b[i];
        for (int k = 0; k < i; k++) s -= L[i * nt + k] * y[k];
        y[i] = s / L[i * nt + i];
    }
}

static void bwd(int nt, const double L[], const double y[], double x[]) {
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

// The friction block: minimise 1/2 x^T Kt x + g^T x over |x| <= r (see the top of the file).
void ak_solver_friction_block(int nt, const double Kt[], const double g[], double r, double x[]) {
    double L[AK_MAX_TAN * AK_MAX_TAN], y[AK_MAX_TAN], mg[AK_MAX_TAN];
    for (int i = 0; i < nt; i++) mg[i] = -g[i];
    if (!(r > 0.0) || chol(nt, Kt, 0.0, L)) {
        memset(x, 0, sizeof(double) * (size_t)nt);
        return;
    }
    fwd(nt, L, mg, y);
    bwd(nt, L, y, x);
    double nx = norm(nt, x);
    if (nx <= r) return; // sticks: u_t = 0
    double a = 0.0;
    for (int it = 0; it < 60; it++) { // Newton on 1/|x(a)| - 1/r: monotone from a = 0
        double q[AK_MAX_TAN];
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

// Kt = T K T^T of point p (the tangent block of B-6's K).
static void tangent_block(const ak_model *m, const ak_contact_cache *c, const ak_contact_point *p,
                          double Kt[]) {
    int n = m->dim, nt = n - 1;
    double K[AK_MAX_DIM * AK_MAX_DIM] = {0};
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

double ak_solver_converged_target(const ak_model *m, double s, double h) {
    (void)m;
    return fmin(-s / h, AK_SOLVER_MAX_BIAS); // close the gap (or the overlap) within the step
}

static double normal_velocity(const ak_model *m, const ak_data *d, const ak_contact_point *p) {
    double u[AK_MAX_DIM], vn = 0.0;
    ak_solver_rel_velocity(m, d, p, u);
    for (int j = 0; j < m->dim; j++) vn += u[j] * p->normal[j];
    return vn;
}

// One block Gauss-Seidel sweep over points [s, e): friction block, then the normal row.
static void sweep(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                  const double target[], const double bound[], int s, int e) {
    int n = m->dim, nt = n - 1;
    for (int i = s; i < e; i++) {
        ak_contact_point *p = &c->pts[i];
        double u[AK_MAX_DIM], P[AK_MAX_DIM];
        if (p->mu > 0.0) {
            ak_solver_rel_velocity(m, d, p, u);
            const double *K = Kt + (size_t)i * AK_MAX_TAN * AK_MAX_TAN;
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
            ak_solver_friction_block(nt, K, g, bound[i], x);
            for (int j = 0; j < n; j++) {
                double jt = 0.0;
                for (int r = 0; r < nt; r++) jt += p->tangent[r * n + j] * x[r];
                P[j] = jt - p->jt[j];
                p->jt[j] = jt;
            }
            ak_solver_apply(m, d, c, p, P);
        }
        double vn = normal_velocity(m, d, p);
        double jn = fmax(p->jn - p->mn * (vn - target[i]), 0.0);
        double dj = jn - p->jn;
        p->jn = jn;
        for (int j = 0; j < n; j++) P[j] = dj * p->normal[j];
        ak_solver_apply(m, d, c, p, P);
    }
}

// bound: NULL for the residuals of the contact problem (friction bound mu lambda_n); else the
// fixed friction bounds of the inner (Tresca) problem.
static void residuals_range(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                            const double target[], const double bound[], int s, int e,
                            ak_solver_residuals *r) {
    int n = m->dim;
    r->normal = r->complementarity = r->cone = r->dissipation = 0.0;
    for (int i = s; i < e; i++) {
        const ak_contact_point *p = &c->pts[i];
        double u[AK_MAX_DIM], vn = 0.0, ut[AK_MAX_DIM], jtu = 0.0;
        ak_solver_rel_velocity(m, d, p, u);
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

void ak_solver_residuals_eval(const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                              const double target[], ak_solver_residuals *r) {
    residuals_range(m, d, c, target, NULL, 0, c->npoint, r);
    r->valid = true;
}

static double worst(const ak_solver_residuals *r) {
    return fmax(fmax(r->normal, r->complementarity), fmax(r->cone, r->dissipation));
}

// Iterate sweeps over [s, e) until every residual is at most tol; returns the sweeps used
// (max + 1 when the tolerance was not reached). The friction bounds are held fixed while the
// sweeps solve the convex problem they define (a Tresca problem, on which block Gauss-Seidel
// converges), and set to mu lambda_n again whenever that problem is solved (staggered
// fixed point on the bounds); sweeping with bounds that follow lambda_n at every row can cycle.
static int solve_range(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                       const double target[], double bound[], int s, int e,
                       ak_solver_residuals *r) {
    const ak_solver_settings *st = &m->solver;
    int n = m->dim, w = n + 1, np = e - s, rc = st->max_iterations + 1;
    for (int i = s; i < e; i++) bound[i] = c->pts[i].mu > 0.0 ? c->pts[i].mu * c->pts[i].jn : 0.0;
    // nonsmooth nonlinear conjugate gradients (Silcowitz, Niebe and Erleben 2009): the sweep's
    // change of the impulses is the descent direction, with Fletcher-Reeves momentum; restart
    // when beta > 1 and whenever the friction radii change
    double *x0 = malloc(sizeof(double) * (size_t)(2 * np * w)), *pd = x0 ? x0 + (size_t)np * w : NULL;
    double g_prev = 0.0;
    bool momentum = false;
    for (int it = 1; it <= st->max_iterations; it++) {
        if (x0)
            for (int i = s; i < e; i++) {
                x0[(size_t)(i - s) * w] = c->pts[i].jn;
                memcpy(x0 + (size_t)(i - s) * w + 1, c->pts[i].jt, sizeof(double) * (size_t)n);
            }
        sweep(m, d, c, Kt, target, bound, s, e);
        residuals_range(m, d, c, target, NULL, s, e, r);
        if (worst(r) <= st->tolerance) {
            rc = it;
            break;
        }
        ak_solver_residuals in;
        residuals_range(m, d, c, target, bound, s, e, &in);
        // the inner problem is solved well enough (to a tenth of the outer residual): new bounds
        if (worst(&in) <= fmax(0.25 * st->tolerance, 0.1 * worst(r))) {
            for (int i = s; i < e; i++)
                bound[i] = c->pts[i].mu > 0.0 ? c->pts[i].mu * c->pts[i].jn : 0.0;
            momentum = false;
            continue;
        }
        if (!x0) continue;
        double g = 0.0; // |x_k+1 - x_k|^2, the gradient's norm
        for (int i = s; i < e; i++) {
            double *xi = x0 + (size_t)(i - s) * w;
            xi[0] = c->pts[i].jn - xi[0];
            for (int j = 0; j < n; j++) xi[1 + j] = c->pts[i].jt[j] - xi[1 + j];
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
                ak_contact_point *p = &c->pts[i];
                double *dx = x0 + (size_t)(i - s) * w, *pp = pd + (size_t)(i - s) * w;
                double P[AK_MAX_DIM], step[AK_MAX_DIM + 1] = {0};
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
    return rc;
}

// Impact phase (see the top of the file). Returns the binary impacts solved.
static int impacts(const ak_model *m, ak_data *d, ak_contact_cache *c, const double *Kt,
                   double target[], double bound[], bool *ok) {
    int np = c->npoint, count = 0, npair = 0;
    double thr = m->solver.restitution_threshold;
    for (int i = 0; i < np; i++)
        if (i == 0 || c->pts[i].a != c->pts[i - 1].a || c->pts[i].b != c->pts[i - 1].b) npair++;
    int cap = AK_SOLVER_IMPACT_ROUNDS * npair + 16;
    double *save = malloc(sizeof(double) * (size_t)np * (AK_MAX_DIM + 1));
    if (!save) return 0;
    for (int i = 0; i < np; i++) target[i] = c->pts[i].bias;
    for (int round = 0; round < cap; round++) {
        int best = -1;
        double bestv = 0.0;
        for (int i = 0; i < np; i++) {
            const ak_contact_point *p = &c->pts[i];
            if (!(p->e > 0.0)) continue;
            double vn = normal_velocity(m, d, p);
            if (vn < -thr && vn < p->bias && (best < 0 || vn < bestv)) best = i, bestv = vn;
        }
        if (best < 0) break;
        int s = best, e = best + 1;
        while (s > 0 && c->pts[s - 1].a == c->pts[best].a && c->pts[s - 1].b == c->pts[best].b) s--;
        while (e < np && c->pts[e].a == c->pts[best].a && c->pts[e].b == c->pts[best].b) e++;
        for (int i = s; i < e; i++) { // this impact's impulses start from zero
            ak_contact_point *p = &c->pts[i];
            double vn = normal_velocity(m, d, p);
            target[i] = p->e > 0.0 && vn < -thr && vn < p->bias ? fmax(p->bias, -p->e * vn) : p->bias;
            save[(size_t)i * (AK_MAX_DIM + 1)] = p->jn;
            memcpy(save + (size_t)i * (AK_MAX_DIM + 1) + 1, p->jt, sizeof p->jt);
            p->jn = 0.0;
            memset(p->jt, 0, sizeof p->jt);
        }
        ak_solver_residuals r;
        if (solve_range(m, d, c, Kt, target, bound, s, e, &r) > m->solver.max_iterations) *ok = false;
        for (int i = s; i < e; i++) { // back to the contact phase's warm-start impulses
            ak_contact_point *p = &c->pts[i];
            p->jn = save[(size_t)i * (AK_MAX_DIM + 1)];
            memcpy(p->jt, save + (size_t)i * (AK_MAX_DIM + 1) + 1, sizeof p->jt);
            target[i] = p->bias;
        }
        count++;
    }
    free(save);
    return count;
}

int ak_solver_converged_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h) {
    int n = m->dim, np = c->npoint;
    ak_solver_prepare(m, d, c, h);
    for (int i = 0; i < np; i++) c->pts[i].bias = ak_solver_converged_target(m, c->pts[i].separation, h);
    c->res = (ak_solver_residuals){.valid = true, .converged = true};
    if (np == 0) return 0;
    double *Kt = malloc(sizeof(double) * (size_t)np * AK_MAX_TAN * AK_MAX_TAN);
    double *target = malloc(sizeof(double) * (size_t)np * 2), *bound = target + np;
    if (!Kt || !target) {
        free(Kt);
        free(target);
        c->res.converged = false;
        return 0;
    }
    for (int i = 0; i < np; i++) tangent_block(m, c, &c->pts[i], Kt + (size_t)i * AK_MAX_TAN * AK_MAX_TAN);
    bool ok = true;
    if (!m->solver.warm_start)
        for (int i = 0; i < np; i++) {
            c->pts[i].jn = 0.0;
            memset(c->pts[i].jt, 0, sizeof c->pts[i].jt);
        }
    c->res.impacts = impacts(m, d, c, Kt, target, bound, &ok);
    for (int i = 0; i < np; i++) { // warm start: the previous step's contact-phase impulses
        ak_contact_point *p = &c->pts[i];
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
    int it = 0;
    if (worst(&r) > m->solver.tolerance) it = solve_range(m, d, c, Kt, target, bound, 0, np, &r);
    if (it > m->solver.max_iterations) ok = false, it = m->solver.max_iterations;
    int impacts_done = c->res.impacts, sliding = 0;
    c->res = r;
    c->res.valid = true;
    c->res.converged = ok;
    c->res.iterations = it;
    c->res.impacts = impacts_done;
    for (int i = 0; i < np; i++) {
        ak_contact_point *p = &c->pts[i];
        p->jn_max = p->jn;
        double jt = 0.0;
        for (int j = 0; j < n; j++) jt += p->jt[j] * p->jt[j];
        if (p->mu > 0.0 && p->jn > 0.0 && sqrt(jt) >= p->mu * p->jn * (1.0 - 1e-12)) sliding++;
    }
    free(Kt);
    free(target);
    return sliding;
}
