/// @file siconos_solve.h
/// Siconos Numerics as an independent solver and residual of a contact problem in FCLIB's local
/// form (u = W r + q; per point the normal, then the tangents; 2D and 3D only): plain arrays in,
/// no anakata type, so nothing of anakata's solver or residuals takes part (docs/fclib.md).
/// Built when libsiconos-numerics is found: AK_HAVE_SICONOS.
#ifndef AK_VERIFY_SICONOS_SOLVE_H
#define AK_VERIFY_SICONOS_SOLVE_H

#include <stddef.h>

/// A problem: dim 2 or 3, np points; W by point blocks (row i's blocks are
/// [row_start[i], row_start[i + 1]), block z's column point col[z], dim x dim row-major in W).
typedef struct ak_sic_problem {
    int dim, np;
    const int *row_start, *col;
    const double *W, *q, *mu;
} ak_sic_problem;

/// Siconos' solvers used here (3D; a 2D problem gets Siconos' fc2d NSGS whatever is asked), each
/// Siconos' solver with its defaults but for what the name says (docs/fclib.md, "Siconos' solvers"):
typedef enum {
    AK_SIC_NSN_AC,       ///< "NSN-AC": nonsmooth Newton on Alart-Curnier's function
    AK_SIC_NSN_FB,       ///< "NSN-FB": nonsmooth Newton on Fischer-Burmeister's
    AK_SIC_NSGS,         ///< "NSGS": Gauss-Seidel over the points, local Newton (NSN_GP_HYBRID)
    AK_SIC_NSN_NM,       ///< "NSN-NM": nonsmooth Newton on the natural map
    AK_SIC_NSN_AC_VIEG,  ///< "NSN-AC-HYBRID": NSN-AC after 50 VI extragradient iterations
    AK_SIC_ADMM,         ///< "ADMM": with acceleration and restarts, rho 1
    AK_SIC_ADMM_RB,      ///< "ADMM-RB": ADMM, rho from W's largest entry, scaled residual balancing
    AK_SIC_PROX,         ///< "PROX": proximal point iterations, each solved by NSN-AC
    AK_SIC_VI_EG,        ///< "VI-EG": extragradient on the variational inequality
    AK_SIC_VI_FPP,       ///< "VI-FPP": fixed-point projection on it
    AK_SIC_NSGS_SHUFFLE, ///< "NSGS-SHUFFLE": NSGS visiting the points in a new random order
                         ///< each sweep (seed 1)
    AK_SIC_NSGS_PLI,     ///< "NSGS-PLI": NSGS with the projection on the cone with local
                         ///< iterations as its local solver
    AK_SIC_NSGS_NSN,     ///< "NSGS-NSN": NSGS with the local Alart-Curnier Newton (ONECONTACT_NSN)
    AK_SIC_COUNT
} ak_sic_solver;
/// The solver's name (as above), or "?" for a value out of range.
const char *ak_sic_solver_name(ak_sic_solver s);
/// The solver named by the len characters at name, or -1 when none is.
int ak_sic_solver_parse(const char *name, size_t len);
/// Every name, separated by ", " (for messages).
const char *ak_sic_solver_names(void);
/// Siconos' own progress prints on stdout (numerics_set_verbose): 0 none (its default), 1 each
/// iteration's residual, 2 more.
void ak_sic_set_verbose(int level);

typedef struct ak_sic_result {
    int info;         ///< the driver's return: 0 converged
    int iterations;   ///< the solver's iterations
    double residual;  ///< the solver's own residual at the end (its dparam[1])
    double seconds;   ///< wall time of the driver
    const char *used; ///< the solver that ran (2D: Siconos' fc2d NSGS whatever was asked)
} ak_sic_result;

/// Siconos' residual of (r, u := W r + q, recomputed by Siconos) for the problem:
/// ||F||_2 over all points, F_i = r_i - proj_K_mu(r_i - (u_i + mu |u_t,i| e_n)), divided by
/// max(1, ||r||, ||u||) (fc3d_compute_error, fc2d_compute_error with norm 1: they divide by the
/// largest of the norm passed, ||r|| and ||u||; so absolute only where ||r||, ||u|| <= 1,
/// docs/fclib.md). u receives Siconos' W r + q. -1 on failure.
double ak_sic_error(const ak_sic_problem *p, const double r[], double u[]);

/// The absolute ||F||_2 of Siconos' natural map above (no division): ak_sic_error times
/// max(1, ||r||, ||u||), the norms of r and of Siconos' u = W r + q, which is what Siconos 4.4
/// divided by. u receives W r + q. -1 on failure.
double ak_sic_residual(const ak_sic_problem *p, const double r[], double u[]);

/// Solve with Siconos' solver s (block-sparse W) to the tolerance tol (Siconos' own relative
/// measure; see docs/fclib.md) in at most max_iter iterations, from r (in: start, out: solution);
/// u receives the velocities. 0, or -1 when Siconos could not be set up.
int ak_sic_solve(const ak_sic_problem *p, ak_sic_solver s, double tol, int max_iter, double r[],
                 double u[], ak_sic_result *res);

/// One of Siconos' own parameters of the solver, set after the name's (Siconos' iparam or dparam
/// index, as its headers number them: Friction_cst.h, SolverOptions.h).
typedef struct ak_sic_param {
    int is_double; ///< dparam (else iparam)
    int internal;  ///< of the solver's first internal solver (NSGS's local solver, PROX's
                   ///< Newton) instead of its own
    int index;
    double value;
} ak_sic_param;

/// ak_sic_solve with the nset parameters of set applied last; -1 also when an index is outside
/// the solver's iparam or dparam, or an internal one is set for a solver without one.
int ak_sic_solve_with(const ak_sic_problem *p, ak_sic_solver s, const ak_sic_param set[], int nset,
                      double tol, int max_iter, double r[], double u[], ak_sic_result *res);

/// Diagonal scaling of a problem by one positive scalar per point (docs/fclib.md, "Scaling the
/// problem for Siconos"):
/// with D = diag(d_i I) (each point's dim unknowns scaled alike), r = D r' and u = D^-1 u' turn
/// u = W r + q into u' = W' r' + q' with W' = D W D (block ij times d_i d_j) and q' = D q, the
/// same mu. K_mu and its dual are cones (closed under multiplication by d_i > 0) and r_i . u_i =
/// r'_i . u'_i, so (r', u') solves the scaled problem exactly when (r, u) solves the original:
/// the same law, the same mu, the same solutions; only the conditioning Siconos sees changes.
/// The factors: d_i = 1 / sqrt(m_i), m_i the mean of the diagonal of W's block ii (each point's
/// diagonal block then has mean diagonal 1); d_i = 1 where m_i is not positive and finite.
void ak_sic_scale_factors(const ak_sic_problem *p, double d[]);

/// The scaled problem of p by d into *out: its W (p's block count times dim^2 entries) in W2,
/// its q (np dim entries) in q2; out shares p's block structure and mu.
void ak_sic_scale(const ak_sic_problem *p, const double d[], double W2[], double q2[],
                  ak_sic_problem *out);

/// Map reactions and velocities between p and its scaled problem: to_scaled r' = r / d and u' =
/// d u; else r = d r' and u = u' / d (per point; either pointer may be NULL).
void ak_sic_scale_map(const ak_sic_problem *p, const double d[], int to_scaled, double r[],
                      double u[]);

/// ak_sic_solve_with on the scaled problem of p by d (ak_sic_scale), r mapped in and out: r
/// (in: start, out: solution) and u are p's (the original problem's); the tolerance is Siconos'
/// relative measure on the scaled problem. The scaling is inside res->seconds. 0, or -1 as
/// ak_sic_solve_with (or out of memory).
int ak_sic_solve_scaled(const ak_sic_problem *p, const double d[], ak_sic_solver s,
                        const ak_sic_param set[], int nset, double tol, int max_iter, double r[],
                        double u[], ak_sic_result *res);

#endif
