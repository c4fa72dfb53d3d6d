// The converged solver against an independent solver (docs/fclib.md): every step's velocity
// problem of a few bundled scenes is written as an FCLIB file (ak_solver_converged_problem,
// ak_fclib_write), read back by libfclib (ak_fclib_read), and handed to Siconos Numerics, which
// (1) computes the residual of anakata's stored solution from W, q, mu and r alone
// (fc3d_compute_error / fc2d_compute_error: nothing of anakata's residual code takes part),
// (2) solves the problem itself from zero impulses (NSN-AC in 3D, block-sparse W; NSGS in 2D)
// and its solution's residual is measured the same way, and (3) where W is positive definite
// and small enough for a dense eigensolve, the two solutions' velocities are compared with the
// error bound of a strongly monotone problem. Registered in the world group (its topic table,
// ak_topic_world_fclib, goes into checks_world.c's). Needs libfclib and Siconos Numerics; without
// them the check is skipped, and with CI set it fails.
#include "verify/checks/checks_world_fclib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/contact_cache.h"
#include "engine/solver_converged.h"
#include "engine/world.h"
#include "verify/common/dyn_scenes.h"

#if defined(AK_HAVE_FCLIB) && defined(AK_HAVE_SICONOS)
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>

#include "verify/fclib/fclib_io.h"
#include "verify/fclib/siconos_solve.h"

/// The solver's tolerance on the four residuals (largest over the points) of every step of
/// these scenes (their "tolerance", and `--tolerance` default).
#define TOL 1e-10
/// Siconos' residual is ||F||_2 over the points, each F_i an impulse-sized vector: a problem
/// whose points each meet TOL in every residual is held to TOL times the root of the points
/// (rms per point TOL; docs/fclib.md, "Residuals"). The absolute ||F||_2 (ak_sic_residual):
/// Siconos' error measure divides it by max(1, ||r||, ||u||), up to 40 on the pile's steps.
#define SIC_TOL(np) (TOL * sqrt((double)(np)))
/// Siconos' own stopping tolerance (on its relative measure, docs/fclib.md); its solution is
/// then measured by the absolute ||F||_2 against SIC_TOL like anakata's.
#define SIC_SOLVE_TOL TOL
/// Siconos' nonsmooth Newton (NSN-AC) up to this many points; NSGS above (NSN-AC did not finish
/// a 804-point problem of pile_1000_3d in 100 s, NSGS takes 0.1 s: docs/fclib.md).
#define SIC_NEWTON_MAX 200
/// Dense eigensolve of W for the velocity comparison up to this many unknowns.
#define EIG_MAX 600

// Steps first .. steps (--quick: first .. quick_steps) of each scene are exported and solved.
typedef struct scene_run {
    const char *file;
    int first, steps, quick_steps;
} scene_run;

static const scene_run SCENES[] = {
    { "stack3_3d.json", 1, 60, 10 },
    { "stack10_3d_converged.json", 1, 60, 10 },
    { "bounce_cube_3d.json", 290, 600,
      360 }, // 1/600 s steps: the first landing at step 299, impacts
    { "stack_2d.json", 1, 60, 10 },
    { "pile_1000_3d.json", 8, 12, 9 }, // from step 8 the sweeps have work (603 .. 804 points)
};

// Smallest eigenvalue of W's symmetric part and the largest |eigenvalue| of it (for the bound).
static int eig_range(const ak_contact_problem *p, double *lmin, double *lmax) {
    int n = p->dim, k = p->npoint * n, nn = n * n;
    gsl_matrix *A = gsl_matrix_calloc((size_t)k, (size_t)k);
    gsl_vector *ev = gsl_vector_alloc((size_t)k);
    gsl_eigen_symm_workspace *ws = gsl_eigen_symm_alloc((size_t)k);
    if (!A || !ev || !ws) {
        if (A) gsl_matrix_free(A);
        if (ev) gsl_vector_free(ev);
        if (ws) gsl_eigen_symm_free(ws);
        return -1;
    }
    for (int i = 0; i < p->npoint; i++)
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++)
            for (int a = 0; a < n; a++)
                for (int b = 0; b < n; b++) {
                    double v = 0.5 * p->W[(size_t)z * nn + a * n + b];
                    size_t ra = (size_t)(i * n + a), cb = (size_t)(p->col[z] * n + b);
                    gsl_matrix_set(A, ra, cb, gsl_matrix_get(A, ra, cb) + v);
                    gsl_matrix_set(A, cb, ra, gsl_matrix_get(A, cb, ra) + v);
                }
    gsl_eigen_symm(A, ev, ws);
    *lmin = gsl_vector_min(ev);
    *lmax = fmax(fabs(gsl_vector_max(ev)), fabs(*lmin));
    gsl_matrix_free(A);
    gsl_vector_free(ev);
    gsl_eigen_symm_free(ws);
    return 0;
}

static bool same(const double *a, const double *b, size_t n) {
    return memcmp(a, b, sizeof(double) * n) == 0;
}

void ak_check_fclib_siconos(ak_check_ctx *c) {
    char dir[] = "/tmp/anakata_fclib_XXXXXX";
    if (!mkdtemp(dir)) {
        ak_expect(c, false, "a temporary directory for the FCLIB files");
        return;
    }
    double worst_a = 0, worst_s = 0, worst_du = 0, worst_ratio_a = 0, worst_ratio_s = 0;
    long nprob = 0, nroundtrip_bad = 0, nsic_fail = 0, ncompared = 0;
    for (size_t sc = 0; sc < sizeof SCENES / sizeof SCENES[0]; sc++) {
        char path[1024], err[1024];
        snprintf(path, sizeof path, "%s/%s", ak_scenes_dir(c), SCENES[sc].file);
        ak_model *m;
        ak_data *d;
        if (ak_dyn_scene_load(path, &m, &d, err, sizeof err)) {
            ak_expect(c, false, "%s loads: %s", SCENES[sc].file, err);
            continue;
        }
        m->solver.method = AK_SOLVER_CONVERGED;
        m->solver.tolerance = TOL;
        ak_world_opts o = ak_world_default_opts(m);
        int steps = ak_quick(c) ? SCENES[sc].quick_steps : SCENES[sc].steps;
        double sa = 0, ss = 0;
        for (int s = 1; s <= steps; s++) {
            if (ak_world_step(m, d, &o, err, sizeof err)) {
                ak_expect(c, false, "%s step %d: %s", SCENES[sc].file, s, err);
                break;
            }
            if (s < SCENES[sc].first) continue;
            if (!d->contacts || !d->contacts->stats.res.converged) {
                if (d->contacts && d->contacts->stats.res.valid)
                    ak_expect(c, false, "%s step %d: the converged solver met its tolerance",
                              SCENES[sc].file, s);
                continue;
            }
            ak_contact_problem p, q;
            if (ak_solver_converged_problem(m, d, &p)) {
                ak_expect(c, false, "%s step %d: the problem extracted", SCENES[sc].file, s);
                break;
            }
            if (p.npoint == 0) continue;
            char file[1200];
            snprintf(file, sizeof file, "%s/step_%06d.hdf5", dir, s);
            ak_fclib_info info = { SCENES[sc].file, "world.fclib_siconos", NULL };
            int has = 0;
            if (ak_fclib_write(file, &p, &info, err, sizeof err) ||
                ak_fclib_read(file, &q, &has, NULL, 0, err, sizeof err)) {
                ak_expect(c, false, "%s step %d: FCLIB file written and read back: %s",
                          SCENES[sc].file, s, err);
                ak_contact_problem_free(&p);
                break;
            }
            unlink(file);
            size_t k = (size_t)p.npoint * (size_t)p.dim;
            // the file holds what the solver saw, bit for bit (libfclib's reading of it)
            bool rt = has && q.npoint == p.npoint && q.dim == p.dim && same(q.q, p.q, k) &&
                      same(q.mu, p.mu, (size_t)p.npoint) && same(q.r, p.r, k) &&
                      same(q.u, p.u, k) && q.nblock == p.nblock;
            if (!rt) nroundtrip_bad++;
            ak_sic_problem sp = { q.dim, q.npoint, q.row_start, q.col, q.W, q.q, q.mu };
            double *u = malloc(sizeof(double) * k * 3), *rs = u ? u + k : NULL,
                   *us = rs ? rs + k : NULL;
            if (!u) {
                ak_contact_problem_free(&p), ak_contact_problem_free(&q);
                break;
            }
            double ea = ak_sic_residual(&sp, q.r, u); // anakata's solution, Siconos' residual
            memset(rs, 0, sizeof(double) * k);
            ak_sic_result sr;
            double es = -1;
            if (ak_sic_solve(&sp,
                             q.dim == 3 && q.npoint <= SIC_NEWTON_MAX ? AK_SIC_NSN_AC : AK_SIC_NSGS,
                             SIC_SOLVE_TOL, 100000, rs, us, &sr) == 0)
                es = ak_sic_residual(&sp, rs, us);
            double tol = SIC_TOL(p.npoint);
            if (!(ea >= 0 && ea <= tol)) {
                ak_expect(
                    c, false,
                    "%s step %d (%d points): anakata's solution, Siconos' residual %.3e <= %.3e",
                    SCENES[sc].file, s, p.npoint, ea, tol);
            }
            if (!(es >= 0 && es <= tol)) {
                nsic_fail++;
                ak_expect(c, false,
                          "%s step %d (%d points): Siconos' solution (info %d, %d iterations), its "
                          "residual "
                          "%.3e <= %.3e",
                          SCENES[sc].file, s, p.npoint, sr.info, sr.iterations, es, tol);
            }
            worst_a = fmax(worst_a, ea), worst_s = fmax(worst_s, es);
            worst_ratio_a = fmax(worst_ratio_a, ea / tol),
            worst_ratio_s = fmax(worst_ratio_s, es / tol);
            sa = fmax(sa, ea), ss = fmax(ss, es);
            nprob++;
            // velocities where W is positive definite: for a strongly monotone problem with
            // constant lmin and W's norm lmax, two points whose natural-map residuals are ea and
            // es are at most (1 + lmax) / lmin (ea + es) apart in r, so lmax times that in u
            double lmin, lmax;
            if ((int)k <= EIG_MAX && eig_range(&q, &lmin, &lmax) == 0 && lmin > 1e-9 * lmax) {
                double du = 0;
                for (size_t a = 0; a < k; a++) du = fmax(du, fabs(u[a] - us[a]));
                double bound = lmax * (1.0 + lmax) / lmin * (ea + es);
                if (!(du <= bound))
                    ak_expect(
                        c, false,
                        "%s step %d: |u_anakata - u_siconos| %.3e <= %.3e (W positive definite, "
                        "eigenvalues %.3e .. %.3e)",
                        SCENES[sc].file, s, du, bound, lmin, lmax);
                worst_du = fmax(worst_du, du);
                ncompared++;
            }
            free(u);
            ak_contact_problem_free(&p), ak_contact_problem_free(&q);
        }
        ak_note(c,
                "%s: steps %d to %d, largest Siconos residual of anakata's solutions %.3e, of "
                "Siconos' own %.3e",
                SCENES[sc].file, SCENES[sc].first, steps, sa, ss);
        ak_data_free(d);
        ak_model_free(m);
    }
    rmdir(dir);
    ak_expect(c, nprob > 0, "problems solved by both: %ld", nprob);
    ak_expect(c, nroundtrip_bad == 0,
              "FCLIB files read back by libfclib bit for bit: %ld of %ld differ", nroundtrip_bad,
              nprob);
    ak_measure(c, worst_ratio_a, 1.0,
               "anakata's stored solutions under Siconos' residual, largest absolute ||F||_2 / "
               "(1e-10 sqrt(points)) over %ld "
               "problems (largest ||F||_2 %.3e)",
               nprob, worst_a);
    ak_measure(c, worst_ratio_s, 1.0,
               "Siconos' solutions (NSN-AC 3D up to 200 points, else NSGS), the same ratio "
               "(largest ||F||_2 %.3e)",
               worst_s);
    ak_value(c, "problems", (double)nprob);
    ak_value(c, "siconos_residual_anakata_max", worst_a);
    ak_value(c, "siconos_residual_siconos_max", worst_s);
    ak_value(c, "velocity_diff_max", worst_du);
    ak_value(c, "velocity_compared", (double)ncompared);
    ak_note(
        c,
        "velocities compared on %ld problems with W positive definite: largest difference %.3e m/s",
        ncompared, worst_du);
    (void)nsic_fail;
}
#else
void ak_check_fclib_siconos(ak_check_ctx *c) {
    const char *ci = getenv("CI");
    ak_expect(c, !(ci && *ci),
              "libfclib and Siconos Numerics are needed (libfclib-dev, libsiconos-numerics-dev); "
              "with CI set their "
              "absence is a failure");
    ak_note(c, "skipped: built without libfclib or Siconos Numerics (install libfclib-dev "
               "libsiconos-numerics-dev)");
}
#endif

static const ak_check CHECKS[] = { AK_WORLD_FCLIB_CHECKS };

AK_TOPIC(world_fclib, CHECKS)
