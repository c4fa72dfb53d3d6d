// anakata fclib solve [--siconos SOLVER] [--tolerance X] [--max-iterations N] FILE...
// anakata fclib check FILE...
// Contact problems in FCLIB's local form (verify/fclib, docs/fclib.md): solve them with the
// converged solver's contact-phase algorithm (engine/solver_converged.h,
// ak_solver_converged_solve_problem) or Siconos Numerics, and print the residuals (anakata's
// four and Siconos' ||F||_2), iterations and time; check a file's stored solution under Siconos'
// residual.
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#ifdef AK_HAVE_FCLIB
#include "verify/fclib/fclib_io.h"
#include "engine/solver_converged.h"
#ifdef AK_HAVE_SICONOS
#include "verify/fclib/siconos_solve.h"
#endif
#endif

static const ak_opt OPTS[] = {
    { "--solver", AK_ARG_CHOICE, "NAME",
      "solve: the converged solver's contact-phase algorithm (anakata, default)\n"
      "or one of Siconos Numerics' solvers",
      0, 0, 0, NULL, "anakata|NSN-AC|NSN-FB|NSGS" },
    { "--tolerance", AK_ARG_NUM, "X",
      "solve: largest residual allowed (default 1e-10; for Siconos' solvers,\n"
      "their own relative measure)",
      0, 1e-15, 1, "a number in [1e-15, 1]", NULL },
    { "--max-iterations", AK_ARG_INT, "N", "solve: sweeps or iterations (default 100000)", 0, 1,
      1e8, "a whole number from 1 to 10^8", NULL },
};

const ak_cmd_spec AK_SPEC_FCLIB = {
    "fclib",
    "solve [--solver anakata|NSN-AC|NSN-FB|NSGS] [--tolerance X] [--max-iterations N] FILE...\n"
    "check FILE...",
    "Contact problems in FCLIB's local form (HDF5; docs/fclib.md): u = W r + q, per point the\n"
    "normal, then the tangents; r_n >= 0, u_n >= 0, r_n u_n = 0, |r_t| <= mu r_n, maximal\n"
    "dissipation. 2D and 3D are FCLIB's forms; 4D and 5D anakata's extension.\n"
    "  solve   solve each file from zero impulses, with the converged solver's contact-phase\n"
    "          algorithm (default) or one of Siconos Numerics' solvers, and print anakata's four\n"
    "          residuals (largest over the points), Siconos' ||F||_2 (2D, 3D), iterations and "
    "time;\n"
    "          exit 1 when a problem misses the tolerance\n"
    "  check   print the file's stored solution's residuals: anakata's four and Siconos'\n"
    "          ||F||_2 (computed by Siconos from W, q, mu and r alone)",
    "solve|check",
    1,
    -1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    "A bad file gets its name, the field and what was expected, and exit 2."
};

#ifdef AK_HAVE_FCLIB
// anakata's four residuals of (r, u) for the problem (largest over the points; docs/fclib.md).
static void residuals4(const ak_contact_problem *p, const double r[], const double u[],
                       double out[4]) {
    int n = p->dim, nt = n - 1;
    out[0] = out[1] = out[2] = out[3] = 0.0;
    for (int i = 0; i < p->npoint; i++) {
        const double *ri = r + (size_t)i * n, *ui = u + (size_t)i * n;
        double rt = 0.0, ut = 0.0, rtu = 0.0;
        for (int t = 1; t <= nt; t++)
            rt += ri[t] * ri[t], ut += ui[t] * ui[t], rtu += ri[t] * ui[t];
        double rad = p->mu[i] > 0.0 ? p->mu[i] * ri[0] : 0.0;
        out[0] = fmax(out[0], -ui[0]);
        out[1] = fmax(out[1], fabs(ri[0] * ui[0]));
        out[2] = fmax(out[2], sqrt(rt) - rad);
        out[3] = fmax(out[3], fabs(rad * sqrt(ut) + rtu));
    }
}

// u = W r + q (by the blocks).
static void velocities(const ak_contact_problem *p, const double r[], double u[]) {
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

#ifdef AK_HAVE_SICONOS
static ak_sic_problem sic_of(const ak_contact_problem *p) {
    return (ak_sic_problem){ p->dim, p->npoint, p->row_start, p->col, p->W, p->q, p->mu };
}
#endif

// Siconos' ||F||_2 of r, or NAN where it does not apply (4D, 5D, or built without Siconos).
static double siconos_error(const ak_contact_problem *p, const double r[]) {
#ifdef AK_HAVE_SICONOS
    if (p->dim > 3) return NAN;
    ak_sic_problem sp = sic_of(p);
    double *u = malloc(sizeof(double) * (size_t)p->npoint * (size_t)p->dim);
    double e = u ? ak_sic_error(&sp, r, u) : -1.0;
    free(u);
    return e < 0 ? NAN : e;
#else
    (void)p, (void)r;
    return NAN;
#endif
}

static void print_siconos(double e) {
    if (isnan(e))
        printf("  siconos -");
    else
        printf("  siconos %.3e", e);
}
#endif

int ak_cmd_fclib(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_FCLIB, argc, argv, &c, &prc)) return prc;
    bool solve = !strcmp(c.pos[0], "solve");
    if (!solve && strcmp(c.pos[0], "check"))
        return ak_cli_bad_usage("fclib", "expected solve or check, got '%s'", c.pos[0]);
    if (c.npos < 2) return ak_cli_bad_usage("fclib", "no FILE given");
    if (!solve && (ak_cli_has(&c, "--solver") || ak_cli_has(&c, "--tolerance") ||
                   ak_cli_has(&c, "--max-iterations")))
        return ak_cli_bad_usage(
            "fclib", "--solver, --tolerance and --max-iterations are for fclib solve only");
    const char *solver = ak_cli_str(&c, "--solver", "anakata");
    double tol = ak_cli_get_num(&c, "--tolerance", 1e-10);
    long max_it = ak_cli_get_long(&c, "--max-iterations", 100000);
#ifndef AK_HAVE_FCLIB
    (void)tol, (void)max_it;
    return ak_cmd_unavailable("fclib", "built without libfclib: install libfclib-dev and rebuild");
#else
#ifndef AK_HAVE_SICONOS
    if (strcmp(solver, "anakata"))
        return ak_cmd_unavailable(
            "fclib", "built without Siconos Numerics: install libsiconos-numerics-dev and rebuild");
#endif
    int rc = AK_EXIT_OK;
    for (int i = 1; i < c.npos; i++) {
        const char *a = c.pos[i];
        ak_contact_problem p;
        int has_sol = 0;
        char err[1024], title[256];
        if (ak_fclib_read(a, &p, &has_sol, title, sizeof title, err, sizeof err)) {
            fprintf(stderr, "anakata fclib: %s\n", err);
            return AK_EXIT_USAGE;
        }
        size_t k = (size_t)p.npoint * (size_t)p.dim;
        double *r = calloc(k, sizeof(double)), *u = malloc(sizeof(double) * k), res[4];
        if (!r || !u) {
            free(r), free(u), ak_contact_problem_free(&p);
            fprintf(stderr, "anakata fclib: %s: out of memory\n", a);
            return AK_EXIT_FAIL;
        }
        double qn = 0.0;
        for (size_t z = 0; z < k; z++) qn += p.q[z] * p.q[z];
        printf("%s: %dD, %d points, |q| %.3e%s%s%s\n", a, p.dim, p.npoint, sqrt(qn),
               title[0] ? " (" : "", title, title[0] ? ")" : "");
        if (!solve) {
            if (!has_sol) {
                printf("  no stored solution\n");
            } else {
                velocities(&p, p.r, u);
                residuals4(&p, p.r, u, res);
                printf("  stored solution: normal %.3e complementarity %.3e cone %.3e dissipation "
                       "%.3e",
                       res[0], res[1], res[2], res[3]);
                print_siconos(siconos_error(&p, p.r));
                printf("\n");
            }
        } else if (!strcmp(solver, "anakata")) {
            ak_problem_stats st;
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            int ok = ak_solver_converged_solve_problem(&p, tol, (int)max_it, r, &st);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
            velocities(&p, r, u);
            residuals4(&p, r, u, res);
            printf("  anakata: %s, %d sweeps, %d polishes, %ld factorisations, %.3f s; normal %.3e "
                   "complementarity %.3e cone %.3e dissipation %.3e",
                   ok == 0 ? "converged" : "missed the tolerance", st.sweeps, st.polishes,
                   st.factorisations, sec, res[0], res[1], res[2], res[3]);
            print_siconos(siconos_error(&p, r));
            printf("\n");
            if (ok != 0) rc = AK_EXIT_FAIL;
        } else {
#ifdef AK_HAVE_SICONOS
            if (p.dim > 3) {
                printf("  %s: Siconos solves 2D and 3D problems only\n", solver);
                rc = AK_EXIT_FAIL;
            } else {
                ak_sic_problem sp = sic_of(&p);
                ak_sic_solver s = !strcmp(solver, "NSN-AC")   ? AK_SIC_NSN_AC
                                  : !strcmp(solver, "NSN-FB") ? AK_SIC_NSN_FB
                                                              : AK_SIC_NSGS;
                ak_sic_result sr;
                if (ak_sic_solve(&sp, s, tol, (int)max_it, r, u, &sr) != 0) {
                    printf("  %s: Siconos could not be set up\n", solver);
                    rc = AK_EXIT_FAIL;
                } else {
                    velocities(&p, r, u);
                    residuals4(&p, r, u, res);
                    printf(
                        "  %s: %s (info %d), %d iterations, %.3f s, its residual %.3e; normal %.3e "
                        "complementarity %.3e cone %.3e dissipation %.3e",
                        sr.used, sr.info == 0 ? "converged" : "missed the tolerance", sr.info,
                        sr.iterations, sr.seconds, sr.residual, res[0], res[1], res[2], res[3]);
                    print_siconos(siconos_error(&p, r));
                    printf("\n");
                    if (sr.info != 0) rc = AK_EXIT_FAIL;
                }
            }
#endif
        }
        free(r), free(u);
        ak_contact_problem_free(&p);
    }
    return rc;
#endif
}
