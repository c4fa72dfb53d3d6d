// bench_fclib: the converged solver's contact-phase algorithm on matrices
// (ak_solver_converged_solve_problem) against Siconos Numerics' solvers, in one process.
//
//   bench_fclib [OPTIONS] [SCENE [FIRST [LAST]]]  the velocity problems of steps FIRST..LAST of
//                                                 SCENE (default scenes/pile_1000_3d.json,
//                                                 8..12), extracted in the process as
//                                                 --export-fclib writes them
//   bench_fclib [OPTIONS] FILE.hdf5...            FCLIB files (anakata run --export-fclib DIR
//                                                 writes DIR/step_*.hdf5)
//   --siconos NAME[:N][@TOL][+NAME[:N][@TOL]...]
//                        a Siconos solver to run (default NSGS), or a chain of them, each
//                        stage from the reactions the stage before it ended with (the first
//                        from zero); NAME: NSGS, NSN-FB, NSN-AC, NSN-NM, NSN-AC-HYBRID, ADMM,
//                        ADMM-RB, PROX, VI-EG, VI-FPP, NSGS-SHUFFLE, NSGS-PLI, NSGS-NSN
//                        (docs/fclib.md); N: its own iteration cap (default:
//                        --max-iterations); TOL: the tolerance on its own relative measure
//                        (default 1e-10; a chain's last stage decides whether it converged);
//                        @B: the bound 1e-10 sqrt(points) on the absolute ||F||_2 instead: the
//                        stage runs to the relative tolerance bound / max(||q||, ||r||, ||u||)
//                        (the norms where it starts), then again from where it ended with the
//                        tolerance tightened by the factor it missed by, twice over, while it
//                        converged and the bound is not met (at most 4 runs, iterations summed;
//                        the check inside the time); "ok" then means the bound is met;
//                        ,iK=V / ,dK=V: Siconos' iparam[K] / dparam[K] set to V after the
//                        name's settings (its own indices: Friction_cst.h, SolverOptions.h);
//                        ,IK=V / ,DK=V: the same in its internal solver (NSGS's local
//                        solver, PROX's Newton); ,scale: the stage solves the problem
//                        diagonally scaled per point (ak_sic_scale: W' = D W D, q' = D q, the
//                        same cone and mu), its reactions mapped in and out (r = D r'), its
//                        tolerance on Siconos' measure of the scaled problem;
//                        repeat --siconos for more (at most 8)
//   --describe           (FILE mode) print each problem's size, the connected components of
//                        W's block graph, the spread of its diagonal blocks and ||q||; no solve
//   --scale              every stage of every --siconos as with ,scale
//   --max-iterations N   each Siconos solver's iteration cap (default 100000)
//   --repeat N           solve each problem N times with each solver (default 1), in rounds that
//                        alternate the order (anakata first, then the Siconos solvers; the next
//                        round the Siconos solvers first, in reverse), and print each solver's
//                        median time; a solver whose first solve took more than --repeat-below
//                        seconds is not repeated (its one time is printed)
//   --repeat-below S     (default 0.5)
//   --siconos-verbose L  Siconos' own progress prints (numerics_set_verbose; 1: each
//                        iteration's residual), mixed into the table's output
//   --no-anakata         run the Siconos solvers only (for the long runs of solvers whose
//                        times do not depend on anakata's code; anakata's columns say "not run")
//   --steps-only     (SCENE mode) only step the world with the converged solver and print each
//                    step's CPU seconds (the solver over bodies: impact phase, warm start,
//                    sweeps and polishes, position stage), its points and sweeps
//
// Times are CPU seconds of the process (CLOCK_PROCESS_CPUTIME_ID), for both, timed the same
// way: the problem is in memory (read from its file, or extracted from the world) before
// either clock starts, and each solver's time includes its own setup from those arrays
// (anakata: ak_solver_converged_solve_problem whole, with its column index and components;
// Siconos: building its block-sparse NumericsMatrix and problem, the driver, and freeing them)
// and the impulses' start from zero; the residual ||F||_2 is computed after the clock stops.
// Each problem is solved from zero impulses: anakata to its four residuals <= 1e-10, each
// Siconos solver to its own relative measure <= 1e-10 (or the stage's TOL); every solution is
// measured on the original problem by Siconos' natural map (docs/fclib.md): the absolute
// ||F||_2 (ak_sic_residual), Siconos' relative measure ||F||_2 / max(||q||, ||r||, ||u||), and
// "in" when the absolute one is at most the bound 1e-10 sqrt(points) that the check
// world.fclib_siconos holds solutions to ("OUT" else). "ok"/"miss" is the solver's own verdict
// (anakata's four residuals; the last Siconos stage's info). Prints one row per problem, the
// totals, and the hardest problem (the largest time of any solver) with every solver's time.
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/contact_cache.h"
#include "engine/solver_converged.h"
#include "engine/world.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"
#include "verify/bench/bench_median.h"
#include "verify/common/dyn_scenes.h"
#include "verify/fclib/fclib_io.h"
#include "verify/fclib/siconos_solve.h"

#define MAX_SIC 8      // --siconos options
#define MAX_STAGE 4    // stages of one chain
#define MAX_SET 8      // Siconos parameters set by one stage
#define BOUND_ROUNDS 4 // runs of a stage with the tolerance @B

// The clock of every time below: CPU time of the process (both solvers run on one thread); on a
// machine shared with other jobs the wall time measures the load more than the solver.
#define SOLVE_CLOCK CLOCK_PROCESS_CPUTIME_ID

/// One --siconos: its stages run one after the other, each from the reactions of the one before.
typedef struct chain {
    int n;                      ///< stages
    ak_sic_solver s[MAX_STAGE]; ///< each stage's solver
    int cap[MAX_STAGE];         ///< its iteration cap (0: --max-iterations)
    double tol[MAX_STAGE];      ///< its tolerance on Siconos' own measure
    int nset[MAX_STAGE];        ///< its Siconos parameters set (,iK=V ,dK=V)
    bool scaled[MAX_STAGE];     ///< on the diagonally scaled problem (,scale; --scale)
    ak_sic_param set[MAX_STAGE][MAX_SET];
    const char *spec; ///< as given
} chain;

/// A chain's solve: the last stage's info, the iterations of every stage.
typedef struct chain_result {
    int info, iterations[MAX_STAGE];
} chain_result;

typedef struct bench {
    int nsic, max_iter;
    int repeat;          ///< solves per solver and problem (the median is printed)
    bool no_anakata;     ///< the Siconos solvers only
    double repeat_below; ///< a solver slower than this (s) is solved once
    chain sic[MAX_SIC];
    double ta, ts[MAX_SIC], hard, ha, hs[MAX_SIC];
    int miss_a, miss_s[MAX_SIC], hpts, count;
    int over_a, over_s[MAX_SIC]; ///< solutions above the bound 1e-10 sqrt(points)
    char hname[256];
} bench;

// The solution r's measures (u receives W r + q): the absolute ||F||_2 of Siconos' natural map
// (ak_sic_residual) into *abs, Siconos' own relative measure ||F||_2 / max(||q||, ||r||, ||u||)
// (what its solvers stop on) into *rel; true when the absolute one meets the bound
// 1e-10 sqrt(points) (the bound world.fclib_siconos holds solutions to, docs/fclib.md).
static bool measure(const ak_sic_problem *p, const double r[], double u[], double *abs,
                    double *rel) {
    *abs = ak_sic_residual(p, r, u);
    size_t k = (size_t)p->np * (size_t)p->dim;
    double qq = 0, rr = 0, uu = 0;
    for (size_t i = 0; i < k; i++) qq += p->q[i] * p->q[i], rr += r[i] * r[i], uu += u[i] * u[i];
    double m = sqrt(fmax(qq, fmax(rr, uu)));
    *rel = m > 0 ? *abs / m : *abs;
    return *abs >= 0 && *abs <= 1e-10 * sqrt((double)p->np);
}

static void *alloc_or_die(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "bench_fclib: out of memory\n");
        exit(1);
    }
    return p;
}

// One solve of p by solver s (-1: anakata, else Siconos chain b->sic[s]) from zero impulses
// into r; returns its CPU seconds. The start from zero is inside the clock for both; a chain's
// stages all are (each builds its own Siconos problem from the arrays).
static double solve_once(const bench *b, int s, const ak_contact_problem *p,
                         const ak_sic_problem *sp, size_t k, double r[], double u[], int *rc,
                         ak_problem_stats *st, chain_result *cr) {
    double t0 = bench_seconds(SOLVE_CLOCK);
    memset(r, 0, sizeof(double) * k);
    if (s < 0) {
        *rc = ak_solver_converged_solve_problem(p, 1e-10, 100000, r, st);
    } else {
        const chain *c = &b->sic[s];
        double *d = NULL, bound = 1e-10 * sqrt((double)sp->np), fa = 0.0, fr;
        for (int g = 0; g < c->n; g++) {
            // @B: the tolerance on Siconos' relative measure that the bound asks for, from the
            // norms where the stage starts; then again from where it ended, tightened by the
            // factor it missed by (twice over), while the solver converged and the absolute
            // ||F||_2 is above the bound: at most BOUND_ROUNDS runs, their iterations summed
            bool to_bound = c->tol[g] < 0.0;
            double tol = c->tol[g];
            if (to_bound) {
                measure(sp, r, u, &fa, &fr);
                tol = fa > 0.0 ? bound * fr / fa : bound; // bound / max(||q||, ||r||, ||u||)
            }
            cr->iterations[g] = 0;
            for (int round = 0; round < (to_bound ? BOUND_ROUNDS : 1); round++) {
                ak_sic_result sr;
                int cap = c->cap[g] ? c->cap[g] : b->max_iter, bad;
                if (c->scaled[g]) {
                    if (!d) { // the scaling factors, once a stage asks for them
                        d = alloc_or_die(sizeof(double) * (size_t)sp->np);
                        ak_sic_scale_factors(sp, d);
                    }
                    bad = ak_sic_solve_scaled(sp, d, c->s[g], c->set[g], c->nset[g], tol, cap, r, u,
                                              &sr);
                } else {
                    bad =
                        ak_sic_solve_with(sp, c->s[g], c->set[g], c->nset[g], tol, cap, r, u, &sr);
                }
                if (bad) {
                    fprintf(stderr,
                            "bench_fclib: --siconos %s: Siconos could not be set up (expected "
                            "each ,iK= and ,dK= index inside the solver's iparam and dparam)\n",
                            c->spec);
                    exit(2);
                }
                cr->info = sr.info;
                cr->iterations[g] += sr.iterations;
                if (!to_bound) break;
                bool in = measure(sp, r, u, &fa, &fr);
                cr->info = !in;
                if (in || sr.info) break;
                tol *= 0.5 * bound / fa;
            }
        }
        free(d);
    }
    return bench_seconds(SOLVE_CLOCK) - t0;
}

// A chain's iterations, stage by stage: "5000+12".
static const char *iterations_of(const chain *c, const chain_result *cr, char *buf, size_t n) {
    size_t at = 0;
    buf[0] = 0;
    for (int g = 0; g < c->n && at < n; g++)
        at += (size_t)snprintf(buf + at, n - at, "%s%d", g ? "+" : "", cr->iterations[g]);
    return buf;
}

// Parse one --siconos: NAME[,iK=V|,dK=V|,IK=V|,DK=V...][:N][@TOL] stages joined by '+'; false when
// malformed.
static bool parse_chain(const char *spec, chain *c) {
    *c = (chain){ .spec = spec };
    const char *at = spec;
    for (;;) {
        if (c->n >= MAX_STAGE) return false;
        size_t len = strcspn(at, ",:@+");
        int v = ak_sic_solver_parse(at, len);
        if (v < 0) return false;
        c->s[c->n] = (ak_sic_solver)v;
        c->tol[c->n] = 1e-10;
        at += len;
        while (*at == ',') {
            if (!strncmp(at, ",scale", 6) && strchr(",:@+", at[6])) { // at[6] may be the end
                c->scaled[c->n] = true;
                at += 6;
                continue;
            }
            if (c->nset[c->n] >= MAX_SET || !strchr("idID", at[1]) || !at[1]) return false;
            ak_sic_param *q = &c->set[c->n][c->nset[c->n]++];
            q->is_double = at[1] == 'd' || at[1] == 'D';
            q->internal = at[1] == 'I' || at[1] == 'D';
            char *end = NULL;
            long idx = strtol(at + 2, &end, 10);
            if (end == at + 2 || *end != '=' || idx < 0 || idx > 1000) return false;
            q->index = (int)idx;
            at = end + 1;
            if (q->is_double) {
                q->value = strtod(at, &end);
                if (!(q->value == q->value) || q->value - q->value != 0.0) return false;
            } else {
                long iv = strtol(at, &end, 10);
                if (iv < -1000000000L || iv > 1000000000L) return false;
                q->value = (double)iv;
            }
            if (end == at) return false;
            at = end;
        }
        if (*at == ':') {
            char *end = NULL;
            long cap = strtol(at + 1, &end, 10);
            if (end == at + 1 || cap < 1 || cap > 100000000) return false;
            c->cap[c->n] = (int)cap;
            at = end;
        }
        if (at[0] == '@' && at[1] == 'B') {
            c->tol[c->n] = -1.0; // the bound: solve_once
            at += 2;
        } else if (*at == '@') {
            char *end = NULL;
            double tol = strtod(at + 1, &end);
            if (end == at + 1 || !(tol > 0.0 && tol < 1.0)) return false;
            c->tol[c->n] = tol;
            at = end;
        }
        c->n++;
        if (*at == 0) return true;
        if (*at != '+') return false;
        at++;
    }
}

static int find_root(int parent[], int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

// --describe: what the problem is, without solving it: its points and blocks, the connected
// components of W's block graph (points linked by a nonzero block), the spread of the diagonal
// blocks' mean diagonals (the scaling's factors are 1 / sqrt of them) and ||q||.
static void describe(const char *name, const ak_contact_problem *p) {
    int np = p->npoint, n = p->dim, *parent = alloc_or_die(sizeof(int) * (size_t)np),
        *size = alloc_or_die(sizeof(int) * (size_t)np);
    double lo = INFINITY, hi = 0.0, qq = 0.0;
    for (int i = 0; i < np; i++) parent[i] = i, size[i] = 0;
    for (int i = 0; i < np; i++)
        for (int z = p->row_start[i]; z < p->row_start[i + 1]; z++) {
            const double *B = p->W + (size_t)z * (size_t)(n * n);
            bool any = false;
            for (int e = 0; e < n * n; e++) any |= B[e] != 0.0;
            if (p->col[z] == i) {
                double m = 0.0;
                for (int a = 0; a < n; a++) m += B[a * n + a];
                m /= n;
                if (m < lo) lo = m;
                if (m > hi) hi = m;
            } else if (any) {
                int a = find_root(parent, i), c = find_root(parent, p->col[z]);
                if (a != c) parent[a] = c;
            }
        }
    int ncomp = 0, big = 0;
    for (int i = 0; i < np; i++) size[find_root(parent, i)]++;
    for (int i = 0; i < np; i++)
        if (size[i]) ncomp++, big = size[i] > big ? size[i] : big;
    for (size_t k = 0; k < (size_t)np * (size_t)n; k++) qq += p->q[k] * p->q[k];
    printf("%-16s %6d points, %7d blocks, %5d components (largest %d points), mean diagonal of "
           "the diagonal blocks %.3e..%.3e (ratio %.3g), ||q|| %.3e\n",
           name, np, p->nblock, ncomp, big, lo, hi, hi / lo, sqrt(qq));
    free(parent), free(size);
}

// Solve p with anakata and every Siconos solver of b (b->repeat rounds, alternating the
// order; medians); one row.
static void run_problem(bench *b, const char *name, const ak_contact_problem *p) {
    size_t k = (size_t)p->npoint * (size_t)p->dim;
    int ns = b->nsic + 1, nr = b->repeat; // solver 0 anakata, 1.. the Siconos solvers
    double *ra = alloc_or_die(sizeof(double) * k), *rs = alloc_or_die(sizeof(double) * k * MAX_SIC),
           *u = alloc_or_die(sizeof(double) * k),
           *t = alloc_or_die(sizeof(double) * (size_t)(ns * nr));
    ak_sic_problem sp = { p->dim, p->npoint, p->row_start, p->col, p->W, p->q, p->mu };
    ak_problem_stats st = { 0 };
    chain_result sr[MAX_SIC];
    char its[64];
    int rca = 0, done[MAX_SIC + 1] = { 0 };
    for (int round = 0; round < nr; round++)
        for (int o = 0; o < ns; o++) {
            int v = round % 2 ? ns - 1 - o : o; // this round's solver
            if ((v == 0 && b->no_anakata) ||
                (done[v] && (done[v] >= nr || t[v * nr] > b->repeat_below)))
                continue;
            double *r = v ? rs + k * (size_t)(v - 1) : ra;
            t[v * nr + done[v]++] =
                solve_once(b, v - 1, p, &sp, k, r, u, &rca, &st, &sr[v ? v - 1 : 0]);
        }
    double da = done[0] ? bench_median(t, done[0]) : 0.0, ds[MAX_SIC], most = da, fa, fr;
    if (done[0]) {
        bool in = measure(&sp, ra, u, &fa, &fr);
        printf("%-16s %6d | %s %6d %3d %8.4f %.2e %.2e %s", name, p->npoint, rca ? "miss" : "ok  ",
               st.sweeps, st.polishes, da, fa, fr, in ? "in " : "OUT");
        b->over_a += !in;
    } else {
        printf("%-16s %6d | not run %38s", name, p->npoint, "");
    }
    b->ta += da;
    b->miss_a += rca != 0;
    for (int s = 0; s < b->nsic; s++) {
        ds[s] = bench_median(t + (size_t)(s + 1) * nr, done[s + 1]);
        bool in = measure(&sp, rs + k * (size_t)s, u, &fa, &fr);
        printf(" | %s %6s %8.4f %.2e %.2e %s", sr[s].info ? "miss" : "ok  ",
               iterations_of(&b->sic[s], &sr[s], its, sizeof its), ds[s], fa, fr,
               in ? "in " : "OUT");
        b->over_s[s] += !in;
        b->ts[s] += ds[s];
        b->miss_s[s] += sr[s].info != 0;
        if (ds[s] > most) most = ds[s];
    }
    if (nr > 1) {
        printf(" | solves");
        for (int v = 0; v < ns; v++) printf(" %d", done[v]);
    }
    printf("\n");
    fflush(stdout);
    if (most > b->hard) {
        b->hard = most, b->ha = da, b->hpts = p->npoint;
        for (int s = 0; s < b->nsic; s++) b->hs[s] = ds[s];
        snprintf(b->hname, sizeof b->hname, "%s", name);
    }
    b->count++;
    free(ra), free(rs), free(u), free(t);
}

// The whole value of option opt, lo..hi, into *out (an int); 0, or -1 with a message on stderr.
int main(int argc, char **argv) {
    bench b = { .max_iter = 100000, .hard = -1, .repeat = 1, .repeat_below = 0.5 };
    const char *pos[3] = { NULL, NULL, NULL };
    int npos = 0, first_file = 0, steps_only = 0, scale_all = 0, describe_only = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--siconos") && a + 1 < argc) {
            if (b.nsic >= MAX_SIC || !parse_chain(argv[++a], &b.sic[b.nsic])) {
                fprintf(stderr,
                        "bench_fclib: --siconos: expected "
                        "NAME[,iK=V|,dK=V|,IK=V|,DK=V|,scale...][:N][@TOL] or "
                        "stages of them joined by '+' (at most %d stages, %d parameters a "
                        "stage, %d options), NAME one of %s, K an index of Siconos' iparam or "
                        "dparam, V its value (an integer for iparam), N a positive iteration "
                        "cap, TOL a tolerance between 0 and 1 or B (the bound); found '%s'\n",
                        MAX_STAGE, MAX_SET, MAX_SIC, ak_sic_solver_names(), argv[a]);
                return 2;
            }
            b.nsic++;
        } else if (!strcmp(argv[a], "--repeat") && a + 1 < argc) {
            if (bench_int("bench_fclib", "--repeat", argv[++a], 1, 1000, &b.repeat)) return 2;
        } else if (!strcmp(argv[a], "--repeat-below") && a + 1 < argc) {
            if (bench_real("bench_fclib", "--repeat-below", argv[++a], 0.0, 1e9, &b.repeat_below))
                return 2;
        } else if (!strcmp(argv[a], "--siconos-verbose") && a + 1 < argc) {
            int v;
            if (bench_int("bench_fclib", "--siconos-verbose", argv[++a], 0, 3, &v)) return 2;
            ak_sic_set_verbose(v);
        } else if (!strcmp(argv[a], "--describe")) {
            describe_only = 1;
        } else if (!strcmp(argv[a], "--scale")) {
            scale_all = 1;
        } else if (!strcmp(argv[a], "--no-anakata")) {
            b.no_anakata = true;
        } else if (!strcmp(argv[a], "--steps-only")) {
            steps_only = 1;
        } else if (!strcmp(argv[a], "--max-iterations") && a + 1 < argc) {
            if (bench_int("bench_fclib", "--max-iterations", argv[++a], 1, 100000000, &b.max_iter))
                return 2;
        } else if (strlen(argv[a]) > 5 && !strcmp(argv[a] + strlen(argv[a]) - 5, ".hdf5")) {
            first_file = a;
            break;
        } else if (argv[a][0] == '-') { // an option not above (or one without its value)
            fprintf(stderr,
                    "usage: bench_fclib [OPTIONS] [SCENE [FIRST [LAST]]]\n"
                    "       bench_fclib [OPTIONS] FILE.hdf5...\n"
                    "(the options: the comment at the top of verify/bench/bench_fclib.c)\n");
            return !strcmp(argv[a], "-h") || !strcmp(argv[a], "--help") ? 0 : 2;
        } else if (npos < 3) {
            pos[npos++] = argv[a];
        } else {
            fprintf(stderr, "bench_fclib: unexpected argument '%s'\n", argv[a]);
            return 2;
        }
    }
    if (b.nsic == 0) parse_chain("NSGS", &b.sic[b.nsic++]);
    for (int s = 0; scale_all && s < b.nsic; s++)
        for (int g = 0; g < b.sic[s].n; g++) b.sic[s].scaled[g] = true;
    if (describe_only && !first_file) {
        fprintf(stderr, "bench_fclib: --describe: expected FCLIB files (FILE.hdf5...)\n");
        return 2;
    }
    if (!describe_only) {
        printf("problem          points | anakata: sweeps polishes s ||F||_2 rel bound");
        for (int s = 0; s < b.nsic; s++)
            printf(" | Siconos %s: iterations s ||F||_2 rel bound", b.sic[s].spec);
        printf("\n");
    }
    char err[1024];
    if (first_file) {
        for (int a = first_file; a < argc; a++) {
            ak_contact_problem p;
            int has;
            if (ak_fclib_read(argv[a], &p, &has, NULL, 0, err, sizeof err)) {
                fprintf(stderr, "bench_fclib: %s\n", err);
                return 2;
            }
            const char *base = strrchr(argv[a], '/');
            if (describe_only)
                describe(base ? base + 1 : argv[a], &p);
            else if (p.npoint > 0 && p.dim <= 3)
                run_problem(&b, base ? base + 1 : argv[a], &p);
            ak_contact_problem_free(&p);
        }
    } else {
        const char *scene = pos[0] ? pos[0] : AK_SOURCE_DIR "/scenes/pile_1000_3d.json";
        int first = 8, last = 12;
        if ((pos[1] && bench_int("bench_fclib", "FIRST", pos[1], 1, 1000000, &first)) ||
            (pos[2] && bench_int("bench_fclib", "LAST", pos[2], first, 1000000, &last)))
            return 2;
        ak_model *m;
        ak_data *d;
        if (ak_dyn_scene_load(scene, &m, &d, err, sizeof err)) {
            fprintf(stderr, "bench_fclib: %s\n", err);
            return 2;
        }
        m->solver.method = AK_SOLVER_CONVERGED;
        ak_world_opts o = ak_world_default_opts(m);
        double tw = 0.0, hw = -1.0;
        int hws = 0;
        for (int s = 1; s <= last; s++) {
            double t0 = bench_seconds(SOLVE_CLOCK);
            if (ak_world_step(m, d, &o, err, sizeof err)) {
                fprintf(stderr, "bench_fclib: step %d: %s\n", s, err);
                return 1;
            }
            double dt = bench_seconds(SOLVE_CLOCK) - t0;
            if (steps_only) {
                const ak_contact_cache *cc = d->contacts;
                bool ok = cc && cc->stats.res.valid;
                printf("step %3d: %8.3f s CPU, %5d points, %6d sweeps, %s\n", s, dt,
                       ok ? cc->step.npoint : 0, ok ? cc->stats.res.iterations : 0,
                       !ok                       ? "no contacts"
                       : cc->stats.res.converged ? "converged"
                                                 : "MISSED");
                fflush(stdout);
                if (s >= first) {
                    tw += dt;
                    if (dt > hw) hw = dt, hws = s;
                }
                if (s == last)
                    printf("steps %d-%d: %.3f s CPU; hardest step %d, %.3f s\n", first, last, tw,
                           hws, hw);
                continue;
            }
            if (s < first) continue;
            ak_contact_problem p;
            if (ak_solver_converged_problem(m, d, &p) || p.npoint == 0 || p.dim > 3) {
                ak_contact_problem_free(&p);
                continue;
            }
            char name[32];
            snprintf(name, sizeof name, "step %d", s);
            run_problem(&b, name, &p);
            ak_contact_problem_free(&p);
        }
        ak_data_free(d);
        ak_model_free(m);
    }
    if (steps_only || describe_only) return 0;
    printf("total (%d problems): anakata %.3f s (%d missed, %d out of the bound)", b.count, b.ta,
           b.miss_a, b.over_a);
    for (int s = 0; s < b.nsic; s++)
        printf(", Siconos %s %.3f s (%d missed, %d out of the bound)", b.sic[s].spec, b.ts[s],
               b.miss_s[s], b.over_s[s]);
    printf("\nhardest: %s (%d points): anakata %.3f s", b.hname, b.hpts, b.ha);
    for (int s = 0; s < b.nsic; s++) printf(", Siconos %s %.3f s", b.sic[s].spec, b.hs[s]);
    printf("\n");
    return 0;
}
