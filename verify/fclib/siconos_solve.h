/// @file siconos_solve.h
/// Siconos Numerics as an independent solver and residual of a contact problem in FCLIB's local
/// form (u = W r + q; per point the normal, then the tangents; 2D and 3D only): plain arrays in,
/// no anakata type, so nothing of anakata's solver or residuals takes part (docs/fclib.md).
/// Built when libsiconos-numerics is found: AK_HAVE_SICONOS.
#ifndef AK_VERIFY_SICONOS_SOLVE_H
#define AK_VERIFY_SICONOS_SOLVE_H

/// A problem: dim 2 or 3, np points; W by point blocks (row i's blocks are
/// [row_start[i], row_start[i + 1]), block z's column point col[z], dim x dim row-major in W).
typedef struct ak_sic_problem {
    int dim, np;
    const int *row_start, *col;
    const double *W, *q, *mu;
} ak_sic_problem;

/// Siconos' solvers used here.
typedef enum { AK_SIC_NSN_AC, AK_SIC_NSN_FB, AK_SIC_NSGS } ak_sic_solver;
const char *ak_sic_solver_name(ak_sic_solver s);

typedef struct ak_sic_result {
    int info;         ///< the driver's return: 0 converged
    int iterations;   ///< the solver's iterations
    double residual;  ///< the solver's own residual at the end (its dparam[1])
    double seconds;   ///< wall time of the driver
    const char *used; ///< the solver that ran (2D: Siconos' fc2d NSGS whatever was asked)
} ak_sic_result;

/// Siconos' residual of (r, u := W r + q, recomputed by Siconos) for the problem:
/// ||F||_2 over all points, F_i = r_i - proj_K_mu(r_i - (u_i + mu |u_t,i| e_n)) (fc3d_compute_error,
/// fc2d_compute_error with norm 1: absolute). u receives Siconos' W r + q. -1 on failure.
double ak_sic_error(const ak_sic_problem *p, const double r[], double u[]);

/// Solve with Siconos' solver s (block-sparse W) to the tolerance tol (Siconos' own relative
/// measure; see docs/fclib.md) in at most max_iter iterations, from r (in: start, out: solution);
/// u receives the velocities. 0, or -1 when Siconos could not be set up.
int ak_sic_solve(const ak_sic_problem *p, ak_sic_solver s, double tol, int max_iter, double r[],
                 double u[], ak_sic_result *res);

#endif
