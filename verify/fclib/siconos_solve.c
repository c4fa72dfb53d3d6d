// Siconos Numerics on a contact problem in FCLIB's local form (see siconos_solve.h).
#include "verify/fclib/siconos_solve.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <FrictionContactProblem.h>
#include <Friction_cst.h>
#include <NonSmoothDrivers.h>
#include <NumericsMatrix.h>
#include <SolverOptions.h>
#include <SparseBlockMatrix.h>
#include <fc2d_compute_error.h>
#include <fc3d_compute_error.h>
#include <NumericsVerbose.h>

// Debian's Siconos Numerics calls OpenBLAS (its pthread build), which keeps worker threads and
// lets them spin between calls; that time counts in the process' CPU time, which bench_fclib
// measures (pile_1000_3d step 56, Siconos' chain V: 2.73 s of CPU before this, 2.06 s after;
// docs/performance.md), and the contact problems' BLAS calls are too small to gain from a
// second thread. So, when the module is loaded and the user has not chosen a count
// (OPENBLAS_NUM_THREADS), BLAS runs on the calling thread. Weak: another BLAS has no such call.
extern void openblas_set_num_threads(int) __attribute__((weak));
__attribute__((constructor)) static void blas_on_one_thread(void) {
    if (openblas_set_num_threads && !getenv("OPENBLAS_NUM_THREADS")) openblas_set_num_threads(1);
}

static const char *const NAMES[AK_SIC_COUNT] = {
    [AK_SIC_NSN_AC] = "NSN-AC",
    [AK_SIC_NSN_FB] = "NSN-FB",
    [AK_SIC_NSGS] = "NSGS",
    [AK_SIC_NSN_NM] = "NSN-NM",
    [AK_SIC_NSN_AC_VIEG] = "NSN-AC-HYBRID",
    [AK_SIC_ADMM] = "ADMM",
    [AK_SIC_ADMM_RB] = "ADMM-RB",
    [AK_SIC_PROX] = "PROX",
    [AK_SIC_VI_EG] = "VI-EG",
    [AK_SIC_VI_FPP] = "VI-FPP",
    [AK_SIC_NSGS_SHUFFLE] = "NSGS-SHUFFLE",
    [AK_SIC_NSGS_PLI] = "NSGS-PLI",
    [AK_SIC_NSGS_NSN] = "NSGS-NSN",
};

// Siconos' solver of each (3D)
static const int IDS[AK_SIC_COUNT] = {
    [AK_SIC_NSN_AC] = SICONOS_FRICTION_3D_NSN_AC,      [AK_SIC_NSN_FB] = SICONOS_FRICTION_3D_NSN_FB,
    [AK_SIC_NSGS] = SICONOS_FRICTION_3D_NSGS,          [AK_SIC_NSN_NM] = SICONOS_FRICTION_3D_NSN_NM,
    [AK_SIC_NSN_AC_VIEG] = SICONOS_FRICTION_3D_NSN_AC, [AK_SIC_ADMM] = SICONOS_FRICTION_3D_ADMM,
    [AK_SIC_ADMM_RB] = SICONOS_FRICTION_3D_ADMM,       [AK_SIC_PROX] = SICONOS_FRICTION_3D_PROX,
    [AK_SIC_VI_EG] = SICONOS_FRICTION_3D_VI_EG,        [AK_SIC_VI_FPP] = SICONOS_FRICTION_3D_VI_FPP,
    [AK_SIC_NSGS_SHUFFLE] = SICONOS_FRICTION_3D_NSGS,  [AK_SIC_NSGS_PLI] = SICONOS_FRICTION_3D_NSGS,
    [AK_SIC_NSGS_NSN] = SICONOS_FRICTION_3D_NSGS,
};

const char *ak_sic_solver_name(ak_sic_solver s) {
    return (int)s >= 0 && s < AK_SIC_COUNT ? NAMES[s] : "?";
}

void ak_sic_set_verbose(int level) { numerics_set_verbose(level); }

int ak_sic_solver_parse(const char *name, size_t len) {
    for (int s = 0; s < AK_SIC_COUNT; s++)
        if (strlen(NAMES[s]) == len && !strncmp(NAMES[s], name, len)) return s;
    return -1;
}

const char *ak_sic_solver_names(void) {
    static char all[512];
    if (!all[0])
        for (int s = 0; s < AK_SIC_COUNT; s++) {
            size_t at = strlen(all);
            snprintf(all + at, sizeof all - at, "%s%s", s ? ", " : "", NAMES[s]);
        }
    return all;
}

// What the name says beyond Siconos' defaults for the solver (IDS).
static void set_variant(SolverOptions *o, ak_sic_solver s) {
    switch (s) {
        case AK_SIC_NSN_AC_VIEG:
            o->iparam[SICONOS_FRICTION_3D_NSN_HYBRID_STRATEGY] =
                SICONOS_FRICTION_3D_NSN_HYBRID_STRATEGY_VI_EG_NSN;
            break;
        case AK_SIC_ADMM_RB:
            o->iparam[SICONOS_FRICTION_3D_ADMM_IPARAM_INITIAL_RHO] =
                SICONOS_FRICTION_3D_ADMM_INITIAL_RHO_NORM_INF;
            o->iparam[SICONOS_FRICTION_3D_ADMM_IPARAM_RHO_STRATEGY] =
                SICONOS_FRICTION_3D_ADMM_RHO_STRATEGY_SCALED_RESIDUAL_BALANCING;
            break;
        case AK_SIC_NSGS_SHUFFLE:
            o->iparam[SICONOS_FRICTION_3D_NSGS_SHUFFLE] =
                SICONOS_FRICTION_3D_NSGS_SHUFFLE_TRUE_EACH_LOOP;
            o->iparam[SICONOS_FRICTION_3D_NSGS_SHUFFLE_SEED] = 1;
            break;
        case AK_SIC_NSGS_PLI:
            solver_options_update_internal(
                o, 0, SICONOS_FRICTION_3D_ONECONTACT_ProjectionOnConeWithLocalIteration);
            break;
        case AK_SIC_NSGS_NSN:
            solver_options_update_internal(o, 0, SICONOS_FRICTION_3D_ONECONTACT_NSN);
            break;
        default: break;
    }
}

// W as Siconos' sparse block matrix: blocks column-major (Siconos' dense storage), the blocks of
// a row in ascending column order, row pointers index1_data and column indices index2_data.
static NumericsMatrix *block_matrix(const ak_sic_problem *p) {
    int n = p->dim, np = p->np, nb = p->row_start[np];
    SparseBlockStructuredMatrix *M = SBM_new();
    if (!M) return NULL;
    M->nbblocks = (unsigned)nb;
    M->blocknumber0 = M->blocknumber1 = (unsigned)np;
    M->blocksize0 = malloc(sizeof(unsigned) * (size_t)np);
    M->blocksize1 = malloc(sizeof(unsigned) * (size_t)np);
    M->index1_data = malloc(sizeof(size_t) * ((size_t)np + 1));
    M->index2_data = malloc(sizeof(size_t) * (size_t)(nb ? nb : 1));
    M->block = malloc(sizeof(double *) * (size_t)(nb ? nb : 1));
    M->filled1 = (size_t)np + 1;
    M->filled2 = (size_t)nb;
    int *ord = malloc(sizeof(int) * (size_t)(nb ? nb : 1));
    if (!M->blocksize0 || !M->blocksize1 || !M->index1_data || !M->index2_data || !M->block ||
        !ord) {
        free(ord);
        SBM_clear(M);
        return NULL;
    }
    for (int i = 0; i < np; i++) M->blocksize0[i] = M->blocksize1[i] = (unsigned)((i + 1) * n);
    size_t at = 0;
    for (int i = 0; i < np; i++) {
        M->index1_data[i] = at;
        int s = p->row_start[i], cnt = p->row_start[i + 1] - s;
        for (int z = 0; z < cnt; z++) ord[z] = s + z;
        for (int a = 1; a < cnt; a++)
            for (int b = a; b > 0 && p->col[ord[b - 1]] > p->col[ord[b]]; b--) {
                int t = ord[b];
                ord[b] = ord[b - 1], ord[b - 1] = t;
            }
        for (int z = 0; z < cnt; z++, at++) {
            const double *B = p->W + (size_t)ord[z] * (size_t)(n * n);
            double *C = malloc(sizeof(double) * (size_t)(n * n));
            M->block[at] = C;
            if (!C) {
                M->nbblocks = (unsigned)at, M->filled2 = at;
                free(ord);
                SBM_clear(M);
                return NULL;
            }
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) C[b * n + a] = B[a * n + b];
            M->index2_data[at] = (size_t)p->col[ord[z]];
        }
    }
    M->index1_data[np] = at;
    free(ord);
    NumericsMatrix *NM = NM_create_from_data(NM_SPARSE_BLOCK, np * n, np * n, M);
    if (!NM) SBM_clear(M);
    return NM;
}

static FrictionContactProblem *problem_of(const ak_sic_problem *p) {
    NumericsMatrix *M = block_matrix(p);
    if (!M) return NULL;
    FrictionContactProblem *fc = frictionContactProblem_new();
    size_t k = (size_t)p->np * (size_t)p->dim;
    double *q = malloc(sizeof(double) * k), *mu = malloc(sizeof(double) * (size_t)p->np);
    if (!fc || !q || !mu) {
        free(q), free(mu);
        if (fc) frictionContactProblem_free(fc);
        NM_free(M);
        return NULL;
    }
    memcpy(q, p->q, sizeof(double) * k);
    memcpy(mu, p->mu, sizeof(double) * (size_t)p->np);
    fc->dimension = p->dim;
    fc->numberOfContacts = p->np;
    fc->M = M;
    fc->q = q;
    fc->mu = mu;
    return fc;
}

double ak_sic_error(const ak_sic_problem *p, const double r[], double u[]) {
    if (p->dim != 2 && p->dim != 3) return -1.0;
    FrictionContactProblem *fc = problem_of(p);
    if (!fc) return -1.0;
    size_t k = (size_t)p->np * (size_t)p->dim;
    double *z = malloc(sizeof(double) * k), err = -1.0;
    if (z) {
        memcpy(z, r, sizeof(double) * k);
        if (p->dim == 3) {
            SolverOptions *o = solver_options_create(SICONOS_FRICTION_3D_NSGS);
            if (o) fc3d_compute_error(fc, z, u, 0.0, o, 1.0, &err);
            if (o) solver_options_delete(o);
        } else {
            // fc2d_compute_error takes u as given: u = W r + q first
            memcpy(u, p->q, sizeof(double) * k);
            NM_gemv(1.0, fc->M, z, 1.0, u);
            fc2d_compute_error(fc, z, u, 0.0, 1.0, &err);
        }
        free(z);
    }
    frictionContactProblem_free(fc);
    return err;
}

double ak_sic_residual(const ak_sic_problem *p, const double r[], double u[]) {
    double e = ak_sic_error(p, r, u);
    if (!(e >= 0)) return -1.0;
    size_t k = (size_t)p->np * (size_t)p->dim;
    double rr = 0, uu = 0;
    for (size_t i = 0; i < k; i++) rr += r[i] * r[i], uu += u[i] * u[i];
    return e * fmax(1.0, fmax(sqrt(rr), sqrt(uu)));
}

int ak_sic_solve(const ak_sic_problem *p, ak_sic_solver s, double tol, int max_iter, double r[],
                 double u[], ak_sic_result *res) {
    return ak_sic_solve_with(p, s, NULL, 0, tol, max_iter, r, u, res);
}

int ak_sic_solve_with(const ak_sic_problem *p, ak_sic_solver s, const ak_sic_param set[], int nset,
                      double tol, int max_iter, double r[], double u[], ak_sic_result *res) {
    *res = (ak_sic_result){ .info = -1 };
    if (p->dim != 2 && p->dim != 3) return -1;
    FrictionContactProblem *fc = problem_of(p);
    if (!fc) return -1;
    if ((int)s < 0 || s >= AK_SIC_COUNT) {
        frictionContactProblem_free(fc);
        return -1;
    }
    int id = p->dim == 3 ? IDS[s] : SICONOS_FRICTION_2D_NSGS;
    res->used = p->dim == 3 ? ak_sic_solver_name(s) : "NSGS (fc2d)";
    SolverOptions *o = solver_options_create(id);
    if (!o) {
        frictionContactProblem_free(fc);
        return -1;
    }
    if (p->dim == 3) set_variant(o, s);
    for (int i = 0; i < nset; i++) {
        SolverOptions *t =
            set[i].internal ? (o->numberOfInternalSolvers > 0 ? o->internalSolvers[0] : NULL) : o;
        if (!t || set[i].index < 0 || set[i].index >= (set[i].is_double ? t->dSize : t->iSize)) {
            solver_options_delete(o);
            frictionContactProblem_free(fc);
            return -1;
        }
        if (set[i].is_double)
            t->dparam[set[i].index] = set[i].value;
        else
            t->iparam[set[i].index] = (int)set[i].value;
    }
    o->iparam[SICONOS_IPARAM_MAX_ITER] = max_iter;
    o->dparam[SICONOS_DPARAM_TOL] = tol;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    res->info = p->dim == 3 ? fc3d_driver(fc, r, u, o) : fc2d_driver(fc, r, u, o);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    res->iterations = o->iparam[SICONOS_IPARAM_ITER_DONE];
    res->residual = o->dparam[SICONOS_DPARAM_RESIDU];
    solver_options_delete(o);
    frictionContactProblem_free(fc);
    return 0;
}

void ak_sic_scale_factors(const ak_sic_problem *p, double d[]) {
    int n = p->dim;
    for (int i = 0; i < p->np; i++) {
        d[i] = 1.0;
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            if (p->col[z] != i) continue;
            const double *B = p->W + (size_t)z * (size_t)(n * n);
            double m = 0.0;
            for (int a = 0; a < n; a++) m += B[a * n + a];
            m /= n;
            if (m > 0.0 && isfinite(m)) d[i] = 1.0 / sqrt(m);
            break;
        }
    }
}

void ak_sic_scale(const ak_sic_problem *p, const double d[], double W2[], double q2[],
                  ak_sic_problem *out) {
    int n = p->dim, nn = n * n;
    for (int i = 0; i < p->np; i++) {
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            double f = d[i] * d[p->col[z]];
            for (int e = 0; e < nn; e++)
                W2[(size_t)z * (size_t)nn + (size_t)e] =
                    f * p->W[(size_t)z * (size_t)nn + (size_t)e];
        }
        for (int a = 0; a < n; a++)
            q2[(size_t)i * (size_t)n + (size_t)a] = d[i] * p->q[(size_t)i * (size_t)n + (size_t)a];
    }
    *out = *p;
    out->W = W2;
    out->q = q2;
}

void ak_sic_scale_map(const ak_sic_problem *p, const double d[], int to_scaled, double r[],
                      double u[]) {
    int n = p->dim;
    for (int i = 0; i < p->np; i++)
        for (int a = 0; a < n; a++) {
            size_t k = (size_t)i * (size_t)n + (size_t)a;
            if (r) r[k] = to_scaled ? r[k] / d[i] : r[k] * d[i];
            if (u) u[k] = to_scaled ? u[k] * d[i] : u[k] / d[i];
        }
}

int ak_sic_solve_scaled(const ak_sic_problem *p, const double d[], ak_sic_solver s,
                        const ak_sic_param set[], int nset, double tol, int max_iter, double r[],
                        double u[], ak_sic_result *res) {
    *res = (ak_sic_result){ .info = -1 };
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    size_t nb = (size_t)p->row_start[p->np], k = (size_t)p->np * (size_t)p->dim;
    double *W2 = malloc(sizeof(double) * (nb ? nb : 1) * (size_t)(p->dim * p->dim)),
           *q2 = malloc(sizeof(double) * (k ? k : 1));
    if (!W2 || !q2) {
        free(W2), free(q2);
        return -1;
    }
    ak_sic_problem ps;
    ak_sic_scale(p, d, W2, q2, &ps);
    ak_sic_scale_map(p, d, 1, r, NULL);
    int rc = ak_sic_solve_with(&ps, s, set, nset, tol, max_iter, r, u, res);
    ak_sic_scale_map(p, d, 0, r, u);
    free(W2), free(q2);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!rc)
        res->seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return rc;
}
