// Sequential impulses with warm starting: the corrected contact solver (see solver.h).
//
// Derivation. For a contact point p between bodies a and b with unit normal n (from b to a)
// and levers ra = p - xa, rb = p - xb, the relative velocity is (T-5.1, T-5.2)
//     u = (va + ra _| wa) - (vb + rb _| wb).
// An impulse P applied +P to a and -P to b at p changes u by K P with (B-6, ref/contact)
//     K = (1/ma + 1/mb) delta + [ra]*^T Iwa^-1 [ra]* + [rb]*^T Iwb^-1 [rb]*,
// Iw^-1 = [R]_2 I^-1 [R]_2^T the world inverse inertia (B-eq4). The constraints of one step are
//     normal:   u.n >= bias,  jn >= 0,  jn (u.n - bias) = 0   (bias: Baumgarte, T-5.b)
//     friction: jt in the tangent space (n - 1 dimensions), |jt| <= mu jn, opposing the slip.
// Gauss-Seidel over the points (Catto's sequential impulses): each row solves its own
// constraint exactly with the others' impulses frozen, and the *accumulated* impulse of the
// row is clamped (T-Alg12, T-Alg13), not the increment:
//     normal:   jn <- max(jn - (u.n - bias) / (n^T K n), 0)
//     friction: jt <- jt - (T K T^T)^-1 T u   (the whole tangent block, T the tangent basis),
//               kept if |jt| <= mu jn; else, for a point that slipped before the solve,
//               jt = -mu jn T u / |T u| (opposite the slip: maximal dissipation), and for a
//               point at the static limit the radial projection onto the disc. mu = mu_s for a point that was not slipping before the
//               solve (slip <= AK_SOLVER_STICK_SPEED), else mu_k.
// The thesis (T-Alg13) clamps along one tangent t fixed by the pre-solve slip (T-5.10); the
// disc clamp is its n-D correction (docs/errata.md "Contact resolution"). Warm starting
// applies the previous step's accumulated impulses first (matched by feature ids), so that the
// iterations start near the solution of a resting contact; the thesis leaves it out.
// Restitution (P-2.32, P-2.33 via the Euclidean split of the PGA notes' A.14): points that
// carried an impulse and approached faster than the threshold get u.n = -e vn0, solved by the
// same accumulated, clamped rows after the velocity iterations (Box2D's "relax, restitution").
#include "engine/formula_record.h"
#include "engine/solver.h"

#include "engine/colouring.h"
#include "engine/ref_inline.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/broadphase.h"
#include "ref/contact/contact.h"
#include "ref/dyn/dyn.h"
#include "engine/narrowphase.h"

// From the point's K matrix (B-6): the normal effective mass 1/(n^T K n) and the inverse of the
// (n-1) x (n-1) tangent block T^T K T over p->tangent (zero where singular).
// Relative velocity u of the point (a relative to b), T-5.1 .. T-5.3 in n-D.
void ak_solver_rel_velocity(const ak_model *m, const ak_data *d, const ak_contact_point *p,
                            double u[]) {
    int n = m->dim;
    double ua[AK_MAX_DIM] = { 0 }, ub[AK_MAX_DIM] = { 0 };
    if (ak_solver_body_moves(m, p->a))
        ak_contact_point_velocity(n, ua, d->v + (size_t)p->a * AK_MAX_DIM,
                                  d->w + (size_t)p->a * AK_MAX_BIV, p->ra);
    if (ak_solver_body_moves(m, p->b))
        ak_contact_point_velocity(n, ub, d->v + (size_t)p->b * AK_MAX_DIM,
                                  d->w + (size_t)p->b * AK_MAX_BIV, p->rb);
    for (int i = 0; i < n; i++) u[i] = ua[i] - ub[i];
}

// +P on a, -P on b at the point.
void ak_solver_apply(const ak_model *m, ak_data *d, const ak_contact_cache *c,
                     const ak_contact_point *p, const double P[]) {
    int n = m->dim;
    if (ak_solver_body_moves(m, p->a))
        ak_contact_apply(n, d->v + (size_t)p->a * AK_MAX_DIM, d->w + (size_t)p->a * AK_MAX_BIV,
                         ak_solver_inv_mass(m, p->a), ak_solver_inv_iw(m, c, p->a), p->ra, P, 1.0);
    if (ak_solver_body_moves(m, p->b))
        ak_contact_apply(n, d->v + (size_t)p->b * AK_MAX_DIM, d->w + (size_t)p->b * AK_MAX_BIV,
                         ak_solver_inv_mass(m, p->b), ak_solver_inv_iw(m, c, p->b), p->rb, P, -1.0);
}

// ---- prepare for n = 3, 4 (performance) ------------------------------------------------------
// The per-point part of ak_solver_prepare with the ref/ kernels it calls (ak_contact_k_add with
// ak_nd_rstar, ak_contact_k_add_iso, ak_contact_tangent_basis, ak_dyn_solve) as their inline
// copies (ref_inline.h), so that with n a constant the loops unroll; the results are bit for bit
// those of the calls (tests perf.prepare_fast_equals_plain, ref_inline).

// From the point's K matrix (B-6): K n, the normal effective mass 1/(n^T K n) and the inverse of
// the (n-1) x (n-1) tangent block T^T K T over p->tangent (zero where singular). The products are
// K n, n.(K n) and T^T (K T) (n^2 (n + 1) instead of n^2 (n^2 + 1)). fast: the tangent block is
// inverted by ak_inline_solve_multi (ref_inline.h; n = 3, 4: one elimination for the nt columns
// of 1), else column by column by ak_dyn_solve (ref/dyn; the same operations for each column).
static inline __attribute__((always_inline)) void masses_k(int n, int fast, const double K[],
                                                           const ak_contact_point *p, double *mn,
                                                           double kt_inv[], double kvec[]) {
    int nt = n - 1;
    double knn = 0.0;
    for (int i = 0; i < n; i++) { // K n (K is symmetric: also n^T K)
        double acc = 0.0;
        for (int j = 0; j < n; j++) acc += K[i * n + j] * p->normal[j];
        kvec[i] = acc;
        knn += p->normal[i] * acc;
    }
    *mn = knn > 0.0 ? 1.0 / knn : 0.0;
    double KT[AK_MAX_TAN * AK_MAX_DIM], Kt[AK_MAX_TAN * AK_MAX_TAN];
    for (int q = 0; q < nt; q++)
        for (int i = 0; i < n; i++) {
            double acc = 0.0;
            for (int j = 0; j < n; j++) acc += K[i * n + j] * p->tangent[q * n + j];
            KT[q * n + i] = acc;
        }
    for (int r = 0; r < nt; r++)
        for (int q = 0; q < nt; q++) {
            double acc = 0.0;
            for (int i = 0; i < n; i++) acc += p->tangent[r * n + i] * KT[q * n + i];
            Kt[r * nt + q] = acc;
        }
    if (fast) { // the columns of 1 at once: each column's bits are its own solve's
        double E[AK_MAX_TAN * AK_MAX_TAN];
        for (int r = 0; r < nt; r++)
            for (int q = 0; q < nt; q++) E[r * nt + q] = r == q ? 1.0 : 0.0;
        if (ak_inline_solve_multi(nt, nt, kt_inv, Kt, E) != 0)
            for (int q = 0; q < nt * nt; q++) kt_inv[q] = 0.0;
        return;
    }
    for (int q = 0; q < nt; q++) { // inverse column by column
        double e[AK_MAX_TAN] = { 0 }, col[AK_MAX_TAN];
        e[q] = 1.0;
        if (ak_dyn_solve(nt, col, Kt, e) != 0) memset(col, 0, sizeof col);
        for (int r = 0; r < nt; r++) kt_inv[r * nt + q] = col[r];
    }
}

// K += K_body of body b at lever r with the ref/ kernels: ak_contact_k_add_iso where the world
// inverse inertia is iso 1, else ak_contact_k_add.
static void k_add_body(const ak_model *m, const ak_contact_cache *c, int b, double K[],
                       const double r[]) {
    const double *iw = ak_solver_inv_iw(m, c, b);
    if (iw && c->step.iso[b] > 0.0)
        ak_contact_k_add_iso(m->dim, K, ak_solver_inv_mass(m, b), c->step.iso[b], r);
    else
        ak_contact_k_add(m->dim, K, ak_solver_inv_mass(m, b), iw, r);
}

// One point's lever arms, K, tangent basis and masses; fast: the inline kernels (n = 3, 4).
static inline __attribute__((always_inline)) void
prepare_geometry(int n, int fast, const ak_model *m, const ak_data *d, const ak_contact_cache *c,
                 ak_contact_point *p) {
    for (int j = 0; j < n; j++) {
        p->ra[j] = p->point[j] - d->x[(size_t)p->a * AK_MAX_DIM + j];
        p->rb[j] = p->point[j] - d->x[(size_t)p->b * AK_MAX_DIM + j];
    }
    double K[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
    p->nt = n - 1;
    if (fast) {
        const double *iwa = ak_solver_inv_iw(m, c, p->a), *iwb = ak_solver_inv_iw(m, c, p->b);
        ak_inline_k_add(n, K, ak_solver_inv_mass(m, p->a), iwa, iwa ? c->step.iso[p->a] : 0.0,
                        p->ra);
        ak_inline_k_add(n, K, ak_solver_inv_mass(m, p->b), iwb, iwb ? c->step.iso[p->b] : 0.0,
                        p->rb);
        ak_inline_tangent_basis(n, p->tangent, p->normal);
        masses_k(n, 1, K, p, &p->mn, p->kt_inv, p->kn);
    } else {
        k_add_body(m, c, p->a, K, p->ra);
        k_add_body(m, c, p->b, K, p->rb);
        ak_contact_tangent_basis(n, p->tangent, p->normal);
        masses_k(n, 0, K, p, &p->mn, p->kt_inv, p->kn);
    }
}

// The combined materials of the last two materials a preparation pass met (ok: set): a point whose
// bodies' materials have the same bits takes them instead of combining again (the combinations
// are functions of those bits alone; a pile of one material combines once per pass).
typedef struct mat_memo {
    int ok;
    double in[6]; // a's friction, static friction, restitution, then b's
    double mu_k, mu_s, e;
} mat_memo;

static inline void point_materials(const ak_material *A, const ak_material *B, mat_memo *mm,
                                   ak_contact_point *p) {
    double in[6] = { A->friction, A->static_friction, A->restitution,
                     B->friction, B->static_friction, B->restitution };
    if (!mm->ok || memcmp(in, mm->in, sizeof in)) {
        mm->mu_k = ak_contact_combine_friction(in[0], in[3]);
        mm->mu_s = ak_contact_combine_friction(in[1], in[4]);
        if (mm->mu_s < mm->mu_k) mm->mu_s = mm->mu_k;
        mm->e = ak_contact_combine_restitution(in[2], in[5]);
        memcpy(mm->in, in, sizeof in);
        mm->ok = 1;
    }
    p->mu_k = mm->mu_k, p->mu_s = mm->mu_s, p->e = mm->e;
}

// One point's whole preparation: the geometry, the bias, the materials and the velocity before
// the solve. Each point reads only its own fields and the bodies' state, which nothing here
// changes, and writes only its own fields: one pass over the points gives the bits of one pass
// per stage, and so does a parallel pass on any number of threads.
static inline __attribute__((always_inline)) void
prepare_point(int n, int fast, const ak_model *m, const ak_data *d, const ak_contact_cache *c,
              ak_contact_point *p, double h, mat_memo *mm) {
    const ak_solver_settings *s = &m->solver;
    prepare_geometry(n, fast, m, d, c, p);
    p->bias = fmin(ak_contact_bias(p->separation, h, s->baumgarte, s->slop), AK_SOLVER_MAX_BIAS);
    point_materials(&m->bodies[p->a].material, &m->bodies[p->b].material, mm, p);
    double u[AK_MAX_DIM];
    if (fast) // ak_solver_rel_velocity on ak_inline_point_velocity (the same bits)
        ak_solver_rel_velocity_fast(n, d, p, ak_solver_body_moves(m, p->a),
                                    ak_solver_body_moves(m, p->b), u);
    else
        ak_solver_rel_velocity(m, d, p, u);
    p->vn0 = 0.0;
    for (int j = 0; j < n; j++) p->vn0 += u[j] * p->normal[j];
    double slip = 0.0;
    for (int j = 0; j < n; j++) slip += pow(u[j] - p->vn0 * p->normal[j], 2);
    slip = sqrt(slip);
    p->mu = ak_contact_friction_coefficient(slip, AK_SOLVER_STICK_SPEED, p->mu_s, p->mu_k);
    p->slipping = slip > AK_SOLVER_STICK_SPEED;
    p->jn_max = 0.0;
}

// Body b's world inverse inertia (B-eq4 via the compound of the broadphase's rotation matrix)
// and whether it is a scalar.
// An isotropic inverse inertia is copied here as ak_contact_world_inv_inertia_m copies it
// (its world_isotropic), without that function's second scan of the k^2 entries.
static void prepare_body(const ak_model *m, ak_contact_cache *c, int b) {
    int n = m->dim, k = n * (n - 1) / 2;
    double *iw = c->step.inv_iw + (size_t)b * (size_t)(k * k);
    c->step.iso[b] = ak_dyn_inertia_scalar(n, m->bodies[b].inv_inertia);
    if (c->step.iso[b] > 0.0)
        memcpy(iw, m->bodies[b].inv_inertia, sizeof(double) * (size_t)(k * k));
    else
        ak_contact_world_inv_inertia_m(n, iw, m->bodies[b].inv_inertia,
                                       c->keep.rot + (size_t)b * AK_MAX_DIM * AK_MAX_DIM);
}

// Prefetch distance of the preparation pass, in points.
#define PF_POINTS 4

// A hint to the processor to load what prepare_point reads of body b: its position, velocity and
// angular velocity, its flags, masses and material in the model, its inertia scalar.
static inline __attribute__((always_inline)) void prefetch_body(const ak_model *m, const ak_data *d,
                                                                const ak_contact_cache *c, int b) {
    const ak_body *bd = &m->bodies[b];
    __builtin_prefetch(&bd->fixed, 0, 3);
    __builtin_prefetch(&bd->inv_mass, 0, 3);
    __builtin_prefetch(&bd->material, 0, 3);
    __builtin_prefetch(d->x + (size_t)b * AK_MAX_DIM, 0, 3);
    __builtin_prefetch(d->v + (size_t)b * AK_MAX_DIM, 0, 3);
    __builtin_prefetch(d->w + (size_t)b * AK_MAX_BIV, 0, 3);
    __builtin_prefetch(d->w + (size_t)b * AK_MAX_BIV + AK_MAX_BIV - 1, 0, 3);
    __builtin_prefetch(c->step.iso + b, 0, 3);
}

// The same for both bodies of point i, if there is one.
static inline __attribute__((always_inline)) void
prefetch_point(const ak_model *m, const ak_data *d, const ak_contact_cache *c, int i) {
    if (i < 0 || i >= c->step.npoint) return;
    prefetch_body(m, d, c, c->step.pts[i].a);
    prefetch_body(m, d, c, c->step.pts[i].b);
}

// prepare_point on point i with the bodies of the point PF_POINTS ahead prefetched (performance:
// in piles of thousands of bodies they are not in the cache; a prefetch reads nothing into the
// arithmetic, so the same bits).
static inline __attribute__((always_inline)) void prepare_points(int n, int fast, const ak_model *m,
                                                                 const ak_data *d,
                                                                 const ak_contact_cache *c, int i,
                                                                 int pf, double h, mat_memo *mm) {
    if (pf) prefetch_point(m, d, c, i + PF_POINTS);
    prepare_point(n, fast, m, d, c, &c->step.pts[i], h, mm);
}

void ak_solver_prepare(const ak_model *m, const ak_data *d, ak_contact_cache *c, double h) {
    int n = m->dim, np = c->step.npoint, nb = m->nbody, pf = ak_prefetch_on(m);
    int nth = ak_parallel_threads(m, nb); // per-body threshold, as the other stages
    (void)nth;
    // the bodies' inertias: of every moving body when the points are many (a pile: nearly all
    // are in contact, and no pass over the points is needed to find them), else of the bodies
    // of the points; a body's values do not depend on which others are computed
    if (np >= nb / 2) {
#pragma omp parallel for schedule(static) num_threads(nth) if (nth > 1)
        for (int b = 0; b < nb; b++)
            if (ak_solver_body_moves(m, b)) prepare_body(m, c, b);
    } else {
        for (int b = 0; b < nb; b++) c->step.order[b] = 0;
        for (int i = 0; i < np; i++) {
            int ab[2] = { c->step.pts[i].a, c->step.pts[i].b };
            for (int q = 0; q < 2; q++)
                if (ak_solver_body_moves(m, ab[q]) && !c->step.order[ab[q]])
                    c->step.order[ab[q]] = 1, prepare_body(m, c, ab[q]);
        }
    }
    // each thread its own memo of the materials (the values do not depend on it)
#pragma omp parallel num_threads(nth) if (nth > 1)
    {
        mat_memo mm = { 0 };
        if (m->paths.prepare_fast && n == 3) {
#pragma omp for schedule(static)
            for (int i = 0; i < np; i++) prepare_points(3, 1, m, d, c, i, pf, h, &mm);
        } else if (m->paths.prepare_fast && n == 4) {
#pragma omp for schedule(static)
            for (int i = 0; i < np; i++) prepare_points(4, 1, m, d, c, i, pf, h, &mm);
        } else {
#pragma omp for schedule(static)
            for (int i = 0; i < np; i++) prepare_point(n, 0, m, d, c, &c->step.pts[i], h, &mm);
        }
    }
}

void ak_solver_warm_start(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    int n = m->dim;
    for (int i = 0; i < c->step.npoint; i++) {
        ak_contact_point *p = &c->step.pts[i];
        if (!m->solver.warm_start) {
            p->jn = 0.0;
            memset(p->jt, 0, sizeof p->jt);
            continue;
        }
        if (!(p->mu > 0.0)) memset(p->jt, 0, sizeof p->jt); // no friction row will undo it
        double dn = 0.0;                                    // keep jt in the new tangent plane
        for (int j = 0; j < n; j++) dn += p->jt[j] * p->normal[j];
        double P[AK_MAX_DIM];
        for (int j = 0; j < n; j++) {
            p->jt[j] -= dn * p->normal[j];
            P[j] = p->jn * p->normal[j] + p->jt[j];
        }
        ak_solver_apply(m, d, c, p, P);
        p->jn_max = p->jn;
    }
}

// ---- the velocity iterations' inner loop (performance; docs/performance.md) ----------------
// max(x, 0) as glibc's fmax(x, 0.0) returns it on x86-64 (maxsd) and aarch64 (fmaxnm): x when
// x > 0, else +0.0 (also for x = -0.0 and NaN); inline, where fmax is a libm call.
static inline double clamp0(double x) { return x > 0.0 ? x : 0.0; }

// ak_solver_apply() on the inline copy of ak_contact_apply (ref_inline.h: bit for bit the calls,
// -ffp-contract=off; ak_solver_rel_velocity_fast likewise); the dimension is a constant in the
// instances for n = 3 and 4 so that the loops unroll. The reference scenes' traces are unchanged
// (anakata reference).

// ak_inline_contact_apply for a body whose world inverse inertia is exactly iso 1 (iso > 0,
// ak_dyn_inertia_scalar; ak_contact_world_inv_inertia_m copies it): the row sum above adds
// the +-0 products of the zeros to 0.0 and one iso L[a], so 0.0 + iso L[a] is the same bits.
static inline __attribute__((always_inline)) void fast_apply_iso(int n, double v[], double w[],
                                                                 double im, const double iw[],
                                                                 double iso, const double r[],
                                                                 const double P[], double s) {
    if (!(iso > 0.0)) {
        ak_inline_contact_apply(n, v, w, im, iw, r, P, s);
        return;
    }
    for (int i = 0; i < n; i++) v[i] += s * im * P[i]; // ak_contact_apply
    int q = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, q++) w[q] += s * (0.0 + iso * (r[i] * P[j] - r[j] * P[i]));
}

static inline __attribute__((always_inline)) void fast_apply(int n, const ak_model *m, ak_data *d,
                                                             const ak_contact_cache *c,
                                                             const ak_contact_point *p, int ma,
                                                             int mb, const double P[]) {
    int k = n * (n - 1) / 2;
    if (ma)
        ak_inline_contact_apply(n, d->v + (size_t)p->a * AK_MAX_DIM,
                                d->w + (size_t)p->a * AK_MAX_BIV, m->bodies[p->a].inv_mass,
                                c->step.inv_iw + (size_t)p->a * (size_t)(k * k), p->ra, P, 1.0);
    if (mb)
        ak_inline_contact_apply(n, d->v + (size_t)p->b * AK_MAX_DIM,
                                d->w + (size_t)p->b * AK_MAX_BIV, m->bodies[p->b].inv_mass,
                                c->step.inv_iw + (size_t)p->b * (size_t)(k * k), p->rb, P, -1.0);
}

// One sweep over the points (sequential impulses, T-Alg12 and T-Alg13 corrected;
// docs/formulas/world.md, T-Alg12): per point one relative velocity u and one application of
// the point's whole impulse change. The friction block solves first with u; the normal row then
// needs u.n after the friction impulse P_t, which is n.u + kn.P_t (u changes by K P_t, B-6,
// and K is symmetric), and P_t + dj n is applied once.
static inline __attribute__((always_inline)) int iterate_n(int n, const ak_model *m, ak_data *d,
                                                           ak_contact_cache *c) {
    int sliding = 0;
    for (int i = 0; i < c->step.npoint; i++) {
        ak_contact_point *p = &c->step.pts[i];
        int nt = n - 1; // p->nt (ak_solver_prepare sets it to n - 1)
        int ma = ak_solver_body_moves(m, p->a), mb = ak_solver_body_moves(m, p->b);
        double u[AK_MAX_DIM], P[AK_MAX_DIM];
        ak_solver_rel_velocity_fast(n, d, p, ma, mb, u);
        double vn = 0.0;
        for (int j = 0; j < n; j++) vn += u[j] * p->normal[j];
        // friction first (the normal row, solved last, matters most for non-penetration)
        if (p->mu > 0.0) {
            double ut[AK_MAX_TAN], old[AK_MAX_TAN], nw[AK_MAX_TAN];
            for (int r = 0; r < nt; r++) {
                ut[r] = old[r] = 0.0;
                for (int j = 0; j < n; j++) {
                    ut[r] += p->tangent[r * n + j] * u[j];
                    old[r] += p->tangent[r * n + j] * p->jt[j];
                }
            }
            for (int r = 0; r < nt; r++) {
                nw[r] = old[r];
                for (int q = 0; q < nt; q++) nw[r] -= p->kt_inv[r * nt + q] * ut[q];
            }
            sliding += ak_contact_friction_clamp(nt, nw, ut, p->jn, p->mu, p->slipping);
            for (int j = 0; j < n; j++) {
                double jt = 0.0;
                for (int r = 0; r < nt; r++) jt += p->tangent[r * n + j] * nw[r];
                P[j] = jt - p->jt[j];
                p->jt[j] = jt;
            }
            for (int j = 0; j < n; j++) vn += p->kn[j] * P[j];
        } else
            for (int j = 0; j < n; j++) P[j] = 0.0;
        double jn = clamp0(p->jn - p->mn * (vn - p->bias)); // accumulated and clamped
        double dj = jn - p->jn;
        p->jn = jn;
        if (jn > p->jn_max) p->jn_max = jn;
        for (int j = 0; j < n; j++) P[j] += dj * p->normal[j];
        fast_apply(n, m, d, c, p, ma, mb, P);
    }
    return sliding;
}

// ---- packed rows: what the iterations read, contiguous (performance) --------------------------
// The velocity iterations of ak_solver_corrected_solve for n = 3 and 4 run on a compact copy of
// each point (a row: 256 bytes in 3D, 384 in 4D, where ak_contact_point has 704) and on the
// bodies' velocity records below (with the inverse masses, which otherwise cost a cache line of
// ak_body each), then copy jn, jt and jn_max back. The arithmetic is iterate_n's, on copies of
// the same values: the same bits.
typedef struct srow {
    int a, b;
    unsigned char ma, mb, slipping;
    double mu, mn, bias, jn, jn_max;
    double v[]; // n-dependent: normal, ra, rb, jt, kn (n each), tangent (nt x n), kt_inv (nt x nt)
} srow;
// A row's bytes for dimension n (3D rows are 256 bytes, 4D rows 384), the row i of an array of
// them, and its vectors: n is a constant in the n = 3, 4 instances, so the offsets are too.
#define ROW_BYTES(n)                                                                               \
    (sizeof(srow) + sizeof(double) * (size_t)(5 * (n) + ((n)-1) * (n) + ((n)-1) * ((n)-1)))
#define ROW_AT(rows, i, n) ((srow *)((char *)(rows) + (size_t)(i)*ROW_BYTES(n)))
#define R_NORMAL(p, n) ((p)->v)
#define R_RA(p, n) ((p)->v + (n))
#define R_RB(p, n) ((p)->v + 2 * (n))
#define R_JT(p, n) ((p)->v + 3 * (n))
#define R_KN(p, n) ((p)->v + 4 * (n))
#define R_TAN(p, n) ((p)->v + 5 * (n))
#define R_KTI(p, n) ((p)->v + 5 * (n) + ((n)-1) * (n))

// The iterations' bodies: one record per body of v (n), w (k), the inverse mass and iso (of
// fast_apply_iso, ak_dyn_inertia_scalar), SB_STRIDE(n) doubles apart and 64-byte aligned (3D:
// one cache line per body, where d->v and d->w cost two or more, and the rows need not carry
// the masses), loaded after the warm start, v and w stored back after the iterations: the same
// values.
#define SB_STRIDE(n) ((n) == 3 ? 8 : 16)
static inline double *sb_at(double *sb, int n, int b) { return sb + (size_t)b * SB_STRIDE(n); }

static inline __attribute__((always_inline)) void
row_apply(int n, double *sb, const ak_contact_cache *c, const srow *p, const double P[]) {
    int k = n * (n - 1) / 2;
    if (p->ma)
        fast_apply_iso(n, sb_at(sb, n, p->a), sb_at(sb, n, p->a) + n, sb_at(sb, n, p->a)[n + k],
                       c->step.inv_iw + (size_t)p->a * (size_t)(k * k),
                       sb_at(sb, n, p->a)[n + k + 1], R_RA(p, n), P, 1.0);
    if (p->mb)
        fast_apply_iso(n, sb_at(sb, n, p->b), sb_at(sb, n, p->b) + n, sb_at(sb, n, p->b)[n + k],
                       c->step.inv_iw + (size_t)p->b * (size_t)(k * k),
                       sb_at(sb, n, p->b)[n + k + 1], R_RB(p, n), P, -1.0);
}

static inline __attribute__((always_inline)) void row_rel_velocity(int n, double *sb, const srow *p,
                                                                   double u[]) {
    double ua[AK_MAX_DIM] = { 0 }, ub[AK_MAX_DIM] = { 0 };
    if (p->ma)
        ak_inline_point_velocity(n, ua, sb_at(sb, n, p->a), sb_at(sb, n, p->a) + n, R_RA(p, n));
    if (p->mb)
        ak_inline_point_velocity(n, ub, sb_at(sb, n, p->b), sb_at(sb, n, p->b) + n, R_RB(p, n));
    for (int i = 0; i < n; i++) u[i] = ua[i] - ub[i];
}

// The records' memory (room for nbody 4D records, kept in the cache); -1 if out of memory.
static int sb_alloc(ak_contact_cache *c) {
    if (c->step.sbody) return 0;
    size_t bytes = sizeof(double) * (size_t)SB_STRIDE(4) * (size_t)(c->nbody > 0 ? c->nbody : 1);
    c->step.sbody = aligned_alloc(64, (bytes + 63) / 64 * 64);
    return c->step.sbody ? 0 : -1;
}

// Load (store 0) or store back (store 1) the moving bodies' velocities.
static void sb_sync(const ak_model *m, ak_data *d, ak_contact_cache *c, int store) {
    int n = m->dim, k = n * (n - 1) / 2;
    for (int b = 0; b < m->nbody; b++) {
        if (!ak_solver_body_moves(m, b)) continue;
        double *v = d->v + (size_t)b * AK_MAX_DIM, *w = d->w + (size_t)b * AK_MAX_BIV,
               *r = sb_at(c->step.sbody, n, b);
        if (!store) {
            memcpy(r, v, sizeof(double) * (size_t)n), memcpy(r + n, w, sizeof(double) * (size_t)k);
            r[n + k] = m->bodies[b].inv_mass;
            r[n + k + 1] = c->step.iso[b]; // set by ak_solver_prepare for the bodies of the points
        } else
            memcpy(v, r, sizeof(double) * (size_t)n), memcpy(w, r + n, sizeof(double) * (size_t)k);
    }
}

// iterate_n on packed rows: the same operations in the same order.
static inline __attribute__((always_inline)) int
iterate_rows(int n, double *sb, const ak_contact_cache *c, srow *rows, int npoint) {
    int sliding = 0, nt = n - 1;
    for (int i = 0; i < npoint; i++) {
        srow *p = ROW_AT(rows, i, n);
        double u[AK_MAX_DIM], P[AK_MAX_DIM];
        row_rel_velocity(n, sb, p, u);
        double vn = 0.0;
        for (int j = 0; j < n; j++) vn += u[j] * R_NORMAL(p, n)[j];
        if (p->mu > 0.0) {
            double ut[AK_MAX_TAN], old[AK_MAX_TAN], nw[AK_MAX_TAN];
            for (int r = 0; r < nt; r++) {
                ut[r] = old[r] = 0.0;
                for (int j = 0; j < n; j++) {
                    ut[r] += R_TAN(p, n)[r * n + j] * u[j];
                    old[r] += R_TAN(p, n)[r * n + j] * R_JT(p, n)[j];
                }
            }
            for (int r = 0; r < nt; r++) {
                nw[r] = old[r];
                for (int q = 0; q < nt; q++) nw[r] -= R_KTI(p, n)[r * nt + q] * ut[q];
            }
            sliding += ak_inline_friction_clamp(nt, nw, ut, p->jn, p->mu, p->slipping);
            for (int j = 0; j < n; j++) {
                double jt = 0.0;
                for (int r = 0; r < nt; r++) jt += R_TAN(p, n)[r * n + j] * nw[r];
                P[j] = jt - R_JT(p, n)[j];
                R_JT(p, n)[j] = jt;
            }
            for (int j = 0; j < n; j++) vn += R_KN(p, n)[j] * P[j];
        } else
            for (int j = 0; j < n; j++) P[j] = 0.0;
        double jn = clamp0(p->jn - p->mn * (vn - p->bias)); // accumulated and clamped
        double dj = jn - p->jn;
        p->jn = jn;
        if (jn > p->jn_max) p->jn_max = jn;
        for (int j = 0; j < n; j++) P[j] += dj * R_NORMAL(p, n)[j];
        row_apply(n, sb, c, p, P);
    }
    return sliding;
}

// ---- coloured order (opt-in: solver setting "order": "coloured"; colouring.h) ----------------
#ifdef _OPENMP
#include <omp.h>
#endif

// clang-format off
static void pack_row(int n, const ak_model *m, const ak_contact_point *p,
                     srow *r) {
    int nt = n - 1;
    r->a = p->a, r->b = p->b;
    r->ma = ak_solver_body_moves(m, p->a), r->mb = ak_solver_body_moves(m, p->b);
    r->slipping = p->slipping;
    r->mu = p->mu, r->mn = p->mn, r->bias = p->bias, r->jn = p->jn, r->jn_max = p->jn_max;
    for (int j = 0; j < n; j++)
        R_NORMAL(r, n)[j] = p->normal[j], R_RA(r, n)[j] = p->ra[j], R_RB(r, n)[j] = p->rb[j],
        R_JT(r, n)[j] = p->jt[j], R_KN(r, n)[j] = p->kn[j];
    for (int q = 0; q < nt * n; q++) R_TAN(r, n)[q] = p->tangent[q];
    for (int q = 0; q < nt * nt; q++) R_KTI(r, n)[q] = p->kt_inv[q];
}
// clang-format on

static int ensure_rows(ak_contact_cache *c, int np) {
    if (np > c->step.rowcap) {
        void *q = realloc(c->step.rows, (size_t)np * ROW_BYTES(4)); // room for the largest rows
        if (!q) return -1;
        c->step.rows = q;
        c->step.rowcap = np;
    }
    return 0;
}

// The iterations in coloured order on packed rows (n = 3, 4). Returns the last sweep's sliding
// count, or -1 (the caller falls back to the sequential order).
static int iterate_coloured(const ak_model *m, ak_data *d, ak_contact_cache *c, int iterations) {
    int n = m->dim, np = c->step.npoint;
    if ((n != 3 && n != 4) || np == 0 || ensure_rows(c, np) || sb_alloc(c)) return -1;
    int *perm = malloc(sizeof(int) * (size_t)np), start[AK_COLOURS + 1];
    unsigned char *slid = malloc((size_t)np);
    int ncol = perm && slid ? ak_colour_points(m, c, perm, start) : -1;
    if (ncol < 0) {
        free(perm), free(slid);
        return -1;
    }
    srow *rows = c->step.rows;
    for (int k = 0; k < np; k++) pack_row(n, m, &c->step.pts[perm[k]], ROW_AT(rows, k, n));
    sb_sync(m, d, c, 0);
    double *sb = c->step.sbody;
    // one parallel region; a barrier after each colour (the end of each omp for / single)
#ifdef _OPENMP
    int nth = ak_parallel_threads(m, np);
#pragma omp parallel num_threads(nth) if (nth > 1)
#endif
    for (int it = 0; it < iterations; it++)
        for (int k = 0; k < ncol; k++) {
            int s = start[k], e = start[k + 1];
            if (k == AK_COLOURS - 1) { // points that found no colour: one after the other
#pragma omp single
                for (int r = s; r < e; r++)
                    slid[r] =
                        (unsigned char)(n == 3 ? iterate_rows(3, sb, c, ROW_AT(rows, r, 3), 1)
                                               : iterate_rows(4, sb, c, ROW_AT(rows, r, 4), 1));
                continue;
            }
#pragma omp for schedule(static)
            for (int r = s; r < e; r++)
                slid[r] = (unsigned char)(n == 3 ? iterate_rows(3, sb, c, ROW_AT(rows, r, 3), 1)
                                                 : iterate_rows(4, sb, c, ROW_AT(rows, r, 4), 1));
        }
    sb_sync(m, d, c, 1);
    int sliding = 0;
    for (int k = 0; k < np; k++) {
        ak_contact_point *p = &c->step.pts[perm[k]];
        const srow *r = ROW_AT(rows, k, n);
        p->jn = r->jn, p->jn_max = r->jn_max;
        for (int j = 0; j < n; j++) p->jt[j] = R_JT(r, n)[j];
        sliding += slid[k];
    }
    free(perm), free(slid);
    return sliding;
}

// ak_solver_warm_start's work on one point for n = 3, 4: the same operations in the same order,
// with fast_apply_iso for ak_solver_apply (bit for bit, see fast_apply_iso), so that it runs in
// the pass that packs the rows instead of a pass of its own over the points.
static inline __attribute__((always_inline)) void warm_start_point(int n, const ak_model *m,
                                                                   ak_data *d,
                                                                   const ak_contact_cache *c,
                                                                   ak_contact_point *p) {
    if (!m->solver.warm_start) {
        p->jn = 0.0;
        memset(p->jt, 0, sizeof p->jt);
        return;
    }
    if (!(p->mu > 0.0)) memset(p->jt, 0, sizeof p->jt);
    double dn = 0.0;
    for (int j = 0; j < n; j++) dn += p->jt[j] * p->normal[j];
    double P[AK_MAX_DIM];
    for (int j = 0; j < n; j++) {
        p->jt[j] -= dn * p->normal[j];
        P[j] = p->jn * p->normal[j] + p->jt[j];
    }
    int k = n * (n - 1) / 2;
    if (ak_solver_body_moves(m, p->a))
        fast_apply_iso(n, d->v + (size_t)p->a * AK_MAX_DIM, d->w + (size_t)p->a * AK_MAX_BIV,
                       m->bodies[p->a].inv_mass, c->step.inv_iw + (size_t)p->a * (size_t)(k * k),
                       c->step.iso[p->a], p->ra, P, 1.0);
    if (ak_solver_body_moves(m, p->b))
        fast_apply_iso(n, d->v + (size_t)p->b * AK_MAX_DIM, d->w + (size_t)p->b * AK_MAX_BIV,
                       m->bodies[p->b].inv_mass, c->step.inv_iw + (size_t)p->b * (size_t)(k * k),
                       c->step.iso[p->b], p->rb, P, -1.0);
    p->jn_max = p->jn;
}

// ---- the rows' order within a sweep (performance) ---------------------------------------------
// A row reads and writes only its own fields and the records of its moving bodies (a body that
// does not move is read by no row). So a sweep computes the same bits in any order of the rows in
// which, for every moving body, the rows that touch it keep their given order: each row then finds
// its bodies as the given order leaves them, and the sliding count is a sum of integers. The given
// order (pairs sorted by body) puts the rows of one body next to each other, so that each row
// waits for the one just before it; the order below places a row, where it can, at least
// SCHED_LAG places after the rows it waits for, choosing among the SCHED_WINDOW rows from the
// first one not yet placed, so that the processor overlaps the arithmetic of independent rows.
// The order depends only on the rows' moving bodies: it is kept and made again only when they
// differ from the last step's (a resting pile keeps its points).
#define SCHED_LAG 2
#define SCHED_WINDOW 8

// Room in c->step.sched for np rows: the layout, for R = c->step.schedrows, is last (nbody),
// dep (2 R), pos (R), perm (R), key (2 R), the kept order's key (2 R). -1 if out of memory.
static int ensure_sched(ak_contact_cache *c, int np) {
    if (np <= c->step.schedrows) return 0;
    int rows = np + np / 2;
    int *q = malloc(sizeof(int) * ((size_t)c->nbody + 8 * (size_t)rows));
    if (!q) return -1;
    free(c->step.sched);
    c->step.sched = q, c->step.schedrows = rows, c->step.nsched = -1;
    return 0;
}
static inline int *sched_key(const ak_contact_cache *c, int kept) {
    return c->step.sched + c->nbody + (4 + 2 * kept) * (size_t)c->step.schedrows;
}
static inline int *sched_perm(const ak_contact_cache *c) {
    return c->step.sched + c->nbody + 3 * (size_t)c->step.schedrows;
}

// The order of the np rows whose moving bodies are key (2 np: a or -1, b or -1), into perm; a
// row is ready when the rows it waits for are placed (the first row not yet placed always is).
static void schedule_rows(int nbody, int R, int *sched, const int *key, int np, int *perm) {
    int *last = sched, *dep = last + nbody, *pos = dep + 2 * (size_t)R;
    for (int b = 0; b < nbody; b++) last[b] = -1;
    for (int r = 0; r < np; r++) {
        for (int q = 0; q < 2; q++) {
            int b = key[2 * r + q];
            dep[2 * r + q] = b >= 0 ? last[b] : -1;
            if (b >= 0) last[b] = r;
        }
        pos[r] = -1;
    }
    for (int t = 0, lo = 0; t < np; t++) {
        while (pos[lo] >= 0) lo++;
        int pick = lo, hi = lo + SCHED_WINDOW < np ? lo + SCHED_WINDOW : np;
        for (int r = lo; r < hi; r++) {
            int d0 = dep[2 * r], d1 = dep[2 * r + 1];
            if (pos[r] < 0 && (d0 < 0 || (pos[d0] >= 0 && pos[d0] <= t - SCHED_LAG)) &&
                (d1 < 0 || (pos[d1] >= 0 && pos[d1] <= t - SCHED_LAG))) {
                pick = r;
                break;
            }
        }
        pos[pick] = t;
        perm[t] = pick;
    }
}

// The sweeps' order for this step's rows (their key filled): the kept one if the rows' bodies are
// the kept order's, else a new one, kept.
static const int *rows_order(ak_contact_cache *c, int np) {
    int *key = sched_key(c, 0), *kept = sched_key(c, 1), *perm = sched_perm(c);
    if (c->step.nsched == np && !memcmp(key, kept, sizeof(int) * 2 * (size_t)np)) return perm;
    schedule_rows(c->nbody, c->step.schedrows, c->step.sched, key, np, perm);
    memcpy(kept, key, sizeof(int) * 2 * (size_t)np);
    c->step.nsched = np;
    return perm;
}

// ---- two rows at once (performance) ------------------------------------------------------------
// Two rows that share no moving body are independent: a sweep that takes them one after the other
// computes the same bits as one that takes them together. iterate_pair runs two such rows as the
// two lanes of vectors of two doubles (GCC's and Clang's vector extension: each lane gets the
// operation that iterate_rows gives its row, an IEEE add, subtract or multiply, in the same
// order; the build has -ffp-contract=off), so that one instruction does the arithmetic of both
// rows and the processor has two independent chains to overlap. Only rows in the common case
// are paired (pair_ok): both with friction (mu > 0) and every moving body of both isotropic
// (fast_apply_iso's iso branch). The friction clamp, a branch and a square root, runs lane by
// lane on ak_inline_friction_clamp. A lane whose body does not move reads zeros, its results
// are masked to the +0.0 that iterate_rows leaves there, and its writes go to scratch.
typedef double v2d __attribute__((vector_size(16)));
typedef long long v2l __attribute__((vector_size(16)));

// (m ? x : +0.0) lane by lane, m a comparison's mask (all ones or zero).
static inline v2d v2_and(v2l m, v2d x) { return (v2d)(m & (v2l)x); }
// (m ? x : y) lane by lane.
static inline v2d v2_sel(v2l m, v2d x, v2d y) { return (v2d)((m & (v2l)x) | (~m & (v2l)y)); }

// Whether rows p and q can run as one pair: no moving body in common, both with friction, and
// every moving body isotropic (its record's iso > 0).
static inline __attribute__((always_inline)) int pair_ok(int n, const double *sb, const srow *p,
                                                         const srow *q) {
    int k = n * (n - 1) / 2;
    if (!(p->mu > 0.0) || !(q->mu > 0.0)) return 0;
    int pa = p->ma ? p->a : -1, pb = p->mb ? p->b : -2, qa = q->ma ? q->a : -3,
        qb = q->mb ? q->b : -4;
    if (pa == qa || pa == qb || pb == qa || pb == qb) return 0;
    if (p->ma && !(sb_at((double *)sb, n, p->a)[n + k + 1] > 0.0)) return 0;
    if (p->mb && !(sb_at((double *)sb, n, p->b)[n + k + 1] > 0.0)) return 0;
    if (q->ma && !(sb_at((double *)sb, n, q->a)[n + k + 1] > 0.0)) return 0;
    if (q->mb && !(sb_at((double *)sb, n, q->b)[n + k + 1] > 0.0)) return 0;
    return 1;
}

// ak_inline_point_velocity on two lanes: v + (r _| w), the same operations in the same order.
static inline __attribute__((always_inline)) void
pair_point_velocity(int n, v2d out[], const v2d v[], const v2d w[], const v2d r[]) {
    const v2d Z = { 0.0, 0.0 };
    v2d c[AK_MAX_DIM];
    for (int q = 0; q < n; q++) c[q] = Z;
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, k++) {
            c[j] += r[i] * w[k];
            c[i] -= r[j] * w[k];
        }
    for (int i = 0; i < n; i++) out[i] = v[i] + c[i];
}

// iterate_rows on the rows p (lane 0) and q (lane 1), which pair_ok accepts; returns their
// sliding count. scratch: a record of zeros (SB_STRIDE(n) doubles) for the lanes whose body does
// not move, trash one that takes their writes.
static inline __attribute__((always_inline)) int iterate_pair(int n, double *sb, srow *p, srow *q,
                                                              const double *zero, double *trash) {
    enum { KM = AK_MAX_BIV };
    int nt = n - 1, k = n * (n - 1) / 2, sliding = 0;
    const v2d Z = { 0.0, 0.0 };
    srow *row[2] = { p, q };
    // the bodies' records: a and b of each lane (zeros to read and scratch to write where the
    // body does not move)
    const double *ra[2], *rb[2];
    double *wa[2], *wb[2];
    for (int l = 0; l < 2; l++) {
        ra[l] = row[l]->ma ? sb_at(sb, n, row[l]->a) : zero;
        rb[l] = row[l]->mb ? sb_at(sb, n, row[l]->b) : zero;
        wa[l] = row[l]->ma ? sb_at(sb, n, row[l]->a) : trash;
        wb[l] = row[l]->mb ? sb_at(sb, n, row[l]->b) : trash;
    }
    v2l ma = { -(long long)(p->ma != 0), -(long long)(q->ma != 0) };
    v2l mb = { -(long long)(p->mb != 0), -(long long)(q->mb != 0) };
#define PAIR(expr_p, expr_q) ((v2d){ (expr_p), (expr_q) })
#define RV(F, i) PAIR(F(p, n)[i], F(q, n)[i])
    v2d va[AK_MAX_DIM], vb[AK_MAX_DIM], wva[KM], wvb[KM], rA[AK_MAX_DIM], rB[AK_MAX_DIM];
    for (int i = 0; i < n; i++) {
        va[i] = PAIR(ra[0][i], ra[1][i]), vb[i] = PAIR(rb[0][i], rb[1][i]);
        rA[i] = RV(R_RA, i), rB[i] = RV(R_RB, i);
    }
    for (int i = 0; i < k; i++)
        wva[i] = PAIR(ra[0][n + i], ra[1][n + i]), wvb[i] = PAIR(rb[0][n + i], rb[1][n + i]);
    v2d ua[AK_MAX_DIM], ub[AK_MAX_DIM], u[AK_MAX_DIM], P[AK_MAX_DIM];
    pair_point_velocity(n, ua, va, wva, rA);
    pair_point_velocity(n, ub, vb, wvb, rB);
    for (int i = 0; i < n; i++) u[i] = v2_and(ma, ua[i]) - v2_and(mb, ub[i]);
    v2d vn = Z;
    for (int j = 0; j < n; j++) vn += u[j] * RV(R_NORMAL, j);
    // friction (both rows have mu > 0)
    v2d ut[AK_MAX_TAN], old[AK_MAX_TAN], nw[AK_MAX_TAN], T[AK_MAX_TAN * AK_MAX_DIM], JT[AK_MAX_DIM];
    for (int j = 0; j < n; j++) JT[j] = RV(R_JT, j);
    for (int r = 0; r < nt; r++) {
        ut[r] = old[r] = Z;
        for (int j = 0; j < n; j++) {
            T[r * n + j] = RV(R_TAN, r * n + j);
            ut[r] += T[r * n + j] * u[j];
            old[r] += T[r * n + j] * JT[j];
        }
    }
    for (int r = 0; r < nt; r++) {
        nw[r] = old[r];
        for (int s = 0; s < nt; s++) nw[r] -= RV(R_KTI, r * nt + s) * ut[s];
    }
    for (int l = 0; l < 2; l++) { // the clamp, lane by lane
        double a[AK_MAX_TAN], b[AK_MAX_TAN];
        for (int r = 0; r < nt; r++) a[r] = nw[r][l], b[r] = ut[r][l];
        if (ak_inline_friction_clamp(nt, a, b, row[l]->jn, row[l]->mu, row[l]->slipping)) {
            sliding++;
            for (int r = 0; r < nt; r++) nw[r][l] = a[r];
        }
    }
    for (int j = 0; j < n; j++) {
        v2d jt = Z;
        for (int r = 0; r < nt; r++) jt += T[r * n + j] * nw[r];
        P[j] = jt - JT[j];
        R_JT(p, n)[j] = jt[0], R_JT(q, n)[j] = jt[1];
    }
    for (int j = 0; j < n; j++) vn += RV(R_KN, j) * P[j];
    v2d jn0 = PAIR(p->jn, q->jn);
    v2d x = jn0 - PAIR(p->mn, q->mn) * (vn - PAIR(p->bias, q->bias));
    v2d jn = v2_and(x > Z, x); // clamp0
    v2d dj = jn - jn0;
    v2d jmax = PAIR(p->jn_max, q->jn_max);
    jmax = v2_sel(jn > jmax, jn, jmax);
    p->jn = jn[0], q->jn = jn[1], p->jn_max = jmax[0], q->jn_max = jmax[1];
    for (int j = 0; j < n; j++) P[j] += dj * RV(R_NORMAL, j);
    // fast_apply_iso's iso branch on a (s = 1) and b (s = -1)
    const v2d one = { 1.0, 1.0 }, mone = { -1.0, -1.0 };
    v2d ima = PAIR(ra[0][n + k], ra[1][n + k]), imb = PAIR(rb[0][n + k], rb[1][n + k]);
    v2d isa = PAIR(ra[0][n + k + 1], ra[1][n + k + 1]),
        isb = PAIR(rb[0][n + k + 1], rb[1][n + k + 1]);
    for (int i = 0; i < n; i++) {
        v2d xa = va[i] + one * ima * P[i], xb = vb[i] + mone * imb * P[i];
        wa[0][i] = xa[0], wa[1][i] = xa[1], wb[0][i] = xb[0], wb[1][i] = xb[1];
    }
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++, s++) {
            v2d xa = wva[s] + one * (Z + isa * (rA[i] * P[j] - rA[j] * P[i]));
            v2d xb = wvb[s] + mone * (Z + isb * (rB[i] * P[j] - rB[j] * P[i]));
            wa[0][n + s] = xa[0], wa[1][n + s] = xa[1], wb[0][n + s] = xb[0], wb[1][n + s] = xb[1];
        }
#undef RV
#undef PAIR
    return sliding;
}

const int *ak_solver_row_order(const ak_contact_cache *c, int *np) {
    *np = c->step.nsched > 0 ? c->step.nsched : 0;
    return *np ? sched_perm(c) : NULL;
}

int ak_solver_row_pairs(const ak_model *m, const ak_contact_cache *c) {
    int n = m->dim, np = c->step.nsched, pairs = 0;
    if ((n != 3 && n != 4) || np <= 0 || !c->step.rows || !c->step.sbody) return 0;
    const int *perm = sched_perm(c);
    for (int k = 0; k + 1 < np;)
        if (n == 3 ? pair_ok(3, c->step.sbody, ROW_AT(c->step.rows, perm[k], 3),
                             ROW_AT(c->step.rows, perm[k + 1], 3))
                   : pair_ok(4, c->step.sbody, ROW_AT(c->step.rows, perm[k], 4),
                             ROW_AT(c->step.rows, perm[k + 1], 4)))
            pairs++, k += 2;
        else
            k++;
    return pairs;
}

// Prefetch distances of iterate_order, in rows of the order: the rows themselves this far ahead,
// their bodies' records half as far (by then the row, whose body indices the prefetch reads, has
// arrived).
#define PF_ROWS 8
#define PF_BODIES 4

// A hint to the processor to load row p's cache lines (3D: 4 or 5 lines, 4D: 6 or 7).
static inline __attribute__((always_inline)) void prefetch_row(int n, const srow *p) {
    const char *e = (const char *)p + ROW_BYTES(n);
    for (const char *a = (const char *)((uintptr_t)p & ~(uintptr_t)63); a < e; a += 64)
        __builtin_prefetch(a, 1, 3);
}

// The same for the records of row p's moving bodies (one line each in 3D, two in 4D).
static inline __attribute__((always_inline)) void prefetch_bodies(int n, const double *sb,
                                                                  const srow *p) {
    if (p->ma)
        for (int l = 0; l < SB_STRIDE(n); l += 8)
            __builtin_prefetch(sb_at((double *)sb, n, p->a) + l, 1, 3);
    if (p->mb)
        for (int l = 0; l < SB_STRIDE(n); l += 8)
            __builtin_prefetch(sb_at((double *)sb, n, p->b) + l, 1, 3);
}

// iterate_rows over the rows in the order perm; two rows next to each other in it that pair_ok
// accepts run as one pair (the order's lag makes most neighbours independent). The rows and the
// bodies' records a few places ahead in the order are prefetched (performance: in piles of
// thousands of bodies the rows and records are not in the cache, and the order is not a stream
// that the processor foresees); a prefetch reads nothing into the arithmetic, so the same bits.
static inline __attribute__((always_inline)) int iterate_order(int n, double *sb,
                                                               const ak_contact_cache *c,
                                                               srow *rows, const int *perm, int np,
                                                               int pf) {
    int sliding = 0, pr = pf ? 0 : np, pb = pf ? 0 : np; // (pf 0: no prefetch)
    double zero[SB_STRIDE(4)] = { 0 }, trash[SB_STRIDE(4)];
    for (int k = 0; k < np;) {
        for (; pr < np && pr < k + PF_ROWS; pr++) prefetch_row(n, ROW_AT(rows, perm[pr], n));
        for (; pb < np && pb < k + PF_BODIES; pb++)
            prefetch_bodies(n, sb, ROW_AT(rows, perm[pb], n));
        srow *p = ROW_AT(rows, perm[k], n);
        if (k + 1 < np) {
            srow *q = ROW_AT(rows, perm[k + 1], n);
            if (pair_ok(n, sb, p, q)) {
                sliding += iterate_pair(n, sb, p, q, zero, trash);
                k += 2;
                continue;
            }
        }
        sliding += iterate_rows(n, sb, c, p, 1);
        k++;
    }
    return sliding;
}

// The iterations on packed rows; returns the last sweep's sliding count, or -1 when it cannot
// (n not 3 or 4, no points, or no memory: then it has changed nothing, and the caller runs
// ak_solver_iterate instead). With warm set it also does ak_solver_warm_start, point by point
// before each point is packed (the warm start only reads and writes the points' impulses and
// the bodies' velocities, and packing reads neither velocities nor other points: the same bits
// as the warm start pass followed by the packing pass).
static int iterate_packed(const ak_model *m, ak_data *d, ak_contact_cache *c, int iterations,
                          bool warm) {
    int n = m->dim, np = c->step.npoint, pf = ak_prefetch_on(m);
    if ((n != 3 && n != 4) || np == 0) return -1;
    if (ensure_rows(c, np) || sb_alloc(c) || ensure_sched(c, np)) return -1;
    srow *rows = c->step.rows;
    // (with pf the bodies of the point PF_POINTS ahead prefetched: no change of the bits)
    if (warm && n == 3)
        for (int i = 0; i < np; i++)
            prefetch_point(m, d, c, pf ? i + PF_POINTS : -1),
                warm_start_point(3, m, d, c, &c->step.pts[i]),
                pack_row(3, m, &c->step.pts[i], ROW_AT(rows, i, 3));
    else if (warm)
        for (int i = 0; i < np; i++)
            prefetch_point(m, d, c, pf ? i + PF_POINTS : -1),
                warm_start_point(4, m, d, c, &c->step.pts[i]),
                pack_row(4, m, &c->step.pts[i], ROW_AT(rows, i, 4));
    else
        for (int i = 0; i < np; i++) pack_row(n, m, &c->step.pts[i], ROW_AT(rows, i, n));
    int *key = sched_key(c, 0);
    for (int i = 0; i < np; i++) {
        const srow *r = ROW_AT(rows, i, n);
        key[2 * i] = r->ma ? r->a : -1, key[2 * i + 1] = r->mb ? r->b : -1;
    }
    const int *perm = rows_order(c, np);
    sb_sync(m, d, c, 0); // after the warm start
    double *sb = c->step.sbody;
    int sliding = 0;
    for (int it = 0; it < iterations; it++)
        sliding = n == 3 ? iterate_order(3, sb, c, rows, perm, np, pf)
                         : iterate_order(4, sb, c, rows, perm, np, pf);
    sb_sync(m, d, c, 1);
    for (int i = 0; i < np; i++) {
        ak_contact_point *p = &c->step.pts[i];
        const srow *r = ROW_AT(rows, i, n);
        p->jn = r->jn, p->jn_max = r->jn_max;
        for (int j = 0; j < n; j++) p->jt[j] = R_JT(r, n)[j];
    }
    return sliding;
}

int ak_solver_iterate(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    switch (m->dim) { // the same code with n a constant (unrolled loops)
        case 3: return iterate_n(3, m, d, c);
        case 4: return iterate_n(4, m, d, c);
        default: return iterate_n(m->dim, m, d, c);
    }
}

void ak_solver_restitution(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    int n = m->dim;
    bool any = false;
    for (int i = 0; i < c->step.npoint && !any; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        any = p->e > 0.0 && p->vn0 < -m->solver.restitution_threshold && p->jn_max > 0.0;
    }
    if (!any) return;
    AK_RAN_IF(d, AK_RAN_RESTITUTION, m->solver.iterations > 0);
    for (int it = 0; it < m->solver.iterations; it++) {
        for (int i = 0; i < c->step.npoint; i++) {
            ak_contact_point *p = &c->step.pts[i];
            if (!(p->e > 0.0 && p->vn0 < -m->solver.restitution_threshold && p->jn_max > 0.0))
                continue;
            double u[AK_MAX_DIM], P[AK_MAX_DIM], vn = 0.0;
            ak_solver_rel_velocity(m, d, p, u);
            for (int j = 0; j < n; j++) vn += u[j] * p->normal[j];
            double jn = fmax(p->jn - p->mn * (vn + p->e * p->vn0), 0.0); // target -e vn0
            double dj = jn - p->jn;
            p->jn = jn;
            for (int j = 0; j < n; j++) P[j] = dj * p->normal[j];
            ak_solver_apply(m, d, c, p, P);
        }
    }
}

void ak_solver_contact_levels(const ak_model *m, ak_contact_cache *c) {
    for (int b = 0; b < m->nbody; b++) c->step.level[b] = ak_solver_body_moves(m, b) ? -1 : -2;
    for (int lev = 0;; lev++) { // relax: bodies touching a body of level lev-1 (or static)
        int changed = 0;
        for (int i = 0; i < c->step.npoint; i++) {
            int a = c->step.pts[i].a, b = c->step.pts[i].b;
            for (int q = 0; q < 2; q++) {
                int x = q ? b : a, y = q ? a : b; // x gets a level from y
                if (c->step.level[x] != -1) continue;
                int ly = c->step.level[y];
                if ((lev == 0 && ly == -2) || (lev > 0 && ly == lev - 1)) {
                    c->step.level[x] = lev;
                    changed = 1;
                }
            }
        }
        if (!changed) break;
    }
}

// Effective mass of the normal row and the tangent block with body `frozen` made immovable.
static void frozen_masses(const ak_model *m, const ak_contact_cache *c, const ak_contact_point *p,
                          int frozen, double *mn, double kt_inv[], double kn[]) {
    int n = m->dim;
    double K[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
    if (p->a != frozen) k_add_body(m, c, p->a, K, p->ra);
    if (p->b != frozen) k_add_body(m, c, p->b, K, p->rb);
    masses_k(n, 0, K, p, mn, kt_inv, kn);
}

static int level_cmp_key(const ak_contact_cache *c, const ak_contact_point *p) {
    int la = c->step.level[p->a], lb = c->step.level[p->b];
    if (la < 0) la = la == -2 ? -1 : 1 << 20;
    if (lb < 0) lb = lb == -2 ? -1 : 1 << 20;
    return la < lb ? la : lb;
}

void ak_solver_shock_propagation(const ak_model *m, ak_data *d, ak_contact_cache *c) {
    ak_solver_contact_levels(m, c);
    int maxlev = -1;
    for (int b = 0; b < m->nbody; b++)
        if (c->step.level[b] > maxlev) maxlev = c->step.level[b];
    for (int it = 0; it < m->solver.iterations; it++)
        for (int lev = -1; lev <= maxlev; lev++) // bottom up
            for (int i = 0; i < c->step.npoint; i++) {
                ak_contact_point *p = &c->step.pts[i];
                if (level_cmp_key(c, p) != lev) continue;
                int la = c->step.level[p->a], lb = c->step.level[p->b], frozen = -1;
                if (la >= 0 && lb >= 0 && la != lb) frozen = la < lb ? p->a : p->b;
                if (frozen < 0) continue; // ground contacts and equal levels: done already
                double mn0 = p->mn, kt0[AK_MAX_TAN * AK_MAX_TAN], kn0[AK_MAX_DIM];
                memcpy(kt0, p->kt_inv, sizeof kt0);
                memcpy(kn0, p->kn, sizeof kn0);
                frozen_masses(m, c, p, frozen, &p->mn, p->kt_inv, p->kn);
                // solve this point's rows with the frozen body: its velocity is not changed
                double save_v[AK_MAX_DIM], save_w[AK_MAX_BIV];
                memcpy(save_v, d->v + (size_t)frozen * AK_MAX_DIM, sizeof save_v);
                memcpy(save_w, d->w + (size_t)frozen * AK_MAX_BIV, sizeof save_w);
                ak_contact_cache one = *c; // a one-point view of the cache
                one.step.pts = p;
                one.step.npoint = 1;
                ak_solver_iterate(m, d, &one);
                memcpy(d->v + (size_t)frozen * AK_MAX_DIM, save_v, sizeof save_v);
                memcpy(d->w + (size_t)frozen * AK_MAX_BIV, save_w, sizeof save_w);
                p->mn = mn0;
                memcpy(p->kt_inv, kt0, sizeof kt0);
                memcpy(p->kn, kn0, sizeof kn0);
            }
}

int ak_solver_store(ak_contact_cache *c) { return ak_contact_cache_store(c); }

int ak_solver_corrected_solve(const ak_model *m, ak_data *d, ak_contact_cache *c, double h) {
    int sliding = 0;
    ak_solver_prepare(m, d, c, h);
    AK_RAN_PREPARE(d, c->step.npoint);
    int its = m->solver.iterations;
    // the rows of the warm start and the iterations, whichever of the paths below serves them
    AK_RAN_IF(d, AK_RAN_WARM, c->step.npoint > 0 && m->solver.warm_start);
    AK_RAN_IF(d, AK_RAN_ITER_NORMAL, c->step.npoint > 0 && its > 0);
    AK_RAN_IF(d, AK_RAN_ITER_FRICTION, c->step.npoint > 0 && its > 0);
    AK_RAN_IF(d, AK_RAN_ITER_APPLY, c->step.npoint > 0 && (its > 0 || m->solver.warm_start));
    bool coloured = its > 0 && m->solver.order == AK_ORDER_COLOURED;
    // sequential order on packed rows: the warm start runs in the packing pass
    // (-1: n other than 3, 4, no points or no memory, and nothing was changed)
    sliding = its > 0 && !coloured ? iterate_packed(m, d, c, its, true) : -1;
    if (sliding < 0) {
        ak_solver_warm_start(m, d, c);
        sliding = its == 0 ? 0 : coloured ? iterate_coloured(m, d, c, its) : -1;
        if (coloured && sliding < 0) sliding = iterate_packed(m, d, c, its, false);
    }
    if (sliding < 0)
        for (int it = 0; it < its; it++) sliding = ak_solver_iterate(m, d, c);
    if (m->solver.shock_propagation) ak_solver_shock_propagation(m, d, c);
    ak_solver_restitution(m, d, c);
    return sliding;
}
