// bench_vs_ode: the classic ODE pile, side by side in ODE 0.16 quickstep, anakata 3D and
// anakata 4D, interleaved step by step in one process. Figures go to docs/performance.md
// ("Against ODE").
//
// The pile: N spheres (hyperspheres in 4D) of radius 0.5 and mass 1 on a grid 1.1 apart
// (deterministic jitter of +-0.01 so that the columns do not stand as perfect stacks), dropped
// into a box with a ground and walls, gravity -9.81 along y, dt = 1/60, 10 solver iterations,
// friction 0.5, no restitution. 3D grid: side = ceil(N^(1/3)) columns along x and z, layers along
// y; 4D grid: side = ceil(N^(1/4)) along x, z and w; side grows where the pile would have more
// than 20 layers (N > 8,000 in 3D, N > 160,000 in 4D). Each engine takes its step in turn (the
// order rotates every step), timed apart. Three figures per engine: the landing (mean ms/step over
// the first half of the steps, 600 by default: the pile falls, impacts, new contact points), the
// settled pile (mean over the second half) and the whole run (seconds for all the steps), each
// with the ratio anakata 3D / ODE and 4D / 3D.
//
// Memory (the first table, --no-memory leaves it out): each engine runs the whole pile alone in a
// child process (this program started again with --child ENGINE N; nothing else is allocated
// there), and the peak resident set of that process (getrusage of the child, ru_maxrss) is
// printed beside the ratio anakata / ODE. A baseline child that creates nothing gives the
// program's own floor, printed in the header.
//
// Sleeping (second table, engine/island.h, docs/performance.md "Sleeping piles"): the same pile
// with anakata's sleeping on (3D and 4D, thresholds SLEEP_LIN m/s, SLEEP_ANG rad/s, SLEEP_TIME s)
// against ODE as is and ODE with its auto-disable on at the same thresholds (dWorldSetAutoDisable*:
// linear and angular speed, idle time and the same number of idle steps, one sample), all four
// interleaved; printed: ms/step, the ratios to both ODE runs, and the mean number of awake bodies
// over the measured steps (ODE: dBodyIsEnabled; anakata: bodies not asleep).
//
// Separate processes (--separate R, docs/performance.md "Sixth round"): instead of the step-by-step
// interleaving above, each engine's whole run goes to its own child process (this program again
// with --child-timed), one engine after the other, R rounds with the engines' order rotating
// every round; each child times its own steps (the same clock and phases) and reports them, and
// the table prints, per engine, the median over the rounds of each phase (the same columns; the
// ratios are ratios of the medians). Interleaved, each engine's step finds the caches and TLB
// filled with the other engines' data; in its own process it finds its own, as in a harness
// that runs one engine after the other.
//
// usage: bench_vs_ode [--steps S] [--sizes N,N,...] [--big] [--huge] [--no-ode] [--no-4d]
//        [--threads T] [--par-min N] [--no-sleep | --sleep-only] [--coloured] [--no-memory]
//        [--separate R] [--cpu-time]
//   default sizes 250,1000,4000,8000; --big adds 16000; --huge adds 100000 (with --steps 60 it
//   takes a few minutes). Prints per size ms/step of each engine, the ratios anakata 3D / ODE and
//   4D / 3D, the contact counts and the mean final height (the piles should agree roughly),
//   and the scaling exponent of each engine over the sizes run. --threads sets the OpenMP
//   threads, --par-min the body count from which the engine's per-body loops use them
//   (the model's paths.parallel_min; default AK_PAR_MIN). The first table (sleeping off, as before) and then
//   the sleeping table are printed; --no-sleep leaves out the second, --sleep-only the first.
//   --coloured runs anakata's velocity iterations in the opt-in coloured order (solver "order":
//   "coloured"; parallel from --par-min points). --cpu-time times the steps (both modes) by the
//   process's CPU time instead of the wall clock (on a loaded machine: the time a step waited
//   for a core does not count). The memory and sleeping tables are as without --separate.
#define _DEFAULT_SOURCE // wait4 (the peak memory of each child process)
#include <math.h>
#include <ode/ode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/contact_cache.h"
#include "engine/island.h"
#include "engine/world.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"
#include "verify/bench/bench_median.h"
#include "verify/bench/sphere_pile.h"
#include "verify/common/world_checks_util.h"

#define MAXSIZES 16
#define SLEEP_LIN 0.05
#define SLEEP_ANG 0.5
#define SLEEP_TIME 0.5

// The clock of the per-step times: the wall clock, or with --cpu-time the process's CPU time (on
// a loaded machine the time a step was descheduled does not count; with --threads 1 it is the
// step's own CPU time, with more threads it also counts OpenMP's workers spinning at barriers).
static clockid_t step_clock = CLOCK_MONOTONIC;

// ---- ODE ---------------------------------------------------------------------------------
typedef struct ode_pile {
    dWorldID world;
    dSpaceID space;
    dJointGroupID contacts;
    dBodyID *bodies;
    int N, ncontact;
} ode_pile;

static void ode_near(void *data, dGeomID g1, dGeomID g2) {
    ode_pile *p = data;
    dBodyID b1 = dGeomGetBody(g1), b2 = dGeomGetBody(g2);
    if (!b1 && !b2) return;
    dContact c[4];
    int n = dCollide(g1, g2, 4, &c[0].geom, sizeof(dContact));
    for (int i = 0; i < n; i++) {
        c[i].surface.mode = dContactApprox1;
        c[i].surface.mu = MU;
        dJointID j = dJointCreateContact(p->world, p->contacts, &c[i]);
        dJointAttach(j, b1, b2);
        p->ncontact++;
    }
}

static void ode_create(ode_pile *p, int N, int autodisable) {
    int side = side_for(3, N);
    double L = 0.5 * SPACING * side + 0.05;
    p->N = N;
    p->world = dWorldCreate();
    p->space = dHashSpaceCreate(0);
    p->contacts = dJointGroupCreate(0);
    dWorldSetGravity(p->world, 0, -9.81, 0);
    dWorldSetQuickStepNumIterations(p->world, 10);
    if (autodisable) { // the thresholds of anakata's sleeping rows
        dWorldSetAutoDisableFlag(p->world, 1);
        dWorldSetAutoDisableLinearThreshold(p->world, SLEEP_LIN);
        dWorldSetAutoDisableAngularThreshold(p->world, SLEEP_ANG);
        dWorldSetAutoDisableTime(p->world, SLEEP_TIME);
        dWorldSetAutoDisableSteps(p->world, (int)lround(SLEEP_TIME / DT));
        dWorldSetAutoDisableAverageSamplesCount(p->world, 1);
    }
    dCreatePlane(p->space, 0, 1, 0, 0);
    dCreatePlane(p->space, 1, 0, 0, -L);
    dCreatePlane(p->space, -1, 0, 0, -L);
    dCreatePlane(p->space, 0, 0, 1, -L);
    dCreatePlane(p->space, 0, 0, -1, -L);
    p->bodies = malloc(sizeof(dBodyID) * (size_t)N);
    unsigned seed = 12345;
    for (int b = 0; b < N; b++) {
        double x[4];
        grid_pos(3, side, b, &seed, x);
        dBodyID body = dBodyCreate(p->world);
        dMass mass;
        dMassSetSphereTotal(&mass, 1.0, RADIUS);
        dBodySetMass(body, &mass);
        dBodySetPosition(body, x[0], x[1], x[2]);
        dGeomID g = dCreateSphere(p->space, RADIUS);
        dGeomSetBody(g, body);
        p->bodies[b] = body;
    }
}

static void ode_step(ode_pile *p) {
    p->ncontact = 0;
    dSpaceCollide(p->space, p, ode_near);
    dWorldQuickStep(p->world, DT);
    dJointGroupEmpty(p->contacts);
}

static double ode_mean_y(const ode_pile *p) {
    double s = 0;
    for (int b = 0; b < p->N; b++) s += dBodyGetPosition(p->bodies[b])[1];
    return s / p->N;
}

static int ode_awake(const ode_pile *p) {
    int k = 0;
    for (int b = 0; b < p->N; b++) k += dBodyIsEnabled(p->bodies[b]) ? 1 : 0;
    return k;
}

static void ode_free(ode_pile *p) {
    dJointGroupDestroy(p->contacts);
    dSpaceDestroy(p->space);
    dWorldDestroy(p->world);
    free(p->bodies);
}

// ---- anakata -----------------------------------------------------------------------------
static int par_min = AK_PAR_MIN; // --par-min: each model's paths.parallel_min
static int coloured;             // --coloured: the opt-in coloured order of the velocity iterations

static int ak_create(ak_pile *p, int dim, int N, int sleep) {
    if (ak_pile_create(p, dim, N, "bench_vs_ode")) return -1;
    if (sleep)
        p->m->sleep = (ak_sleep_settings){
            .enabled = true, .linear = SLEEP_LIN, .angular = SLEEP_ANG, .time = SLEEP_TIME
        };
    p->m->paths.parallel_min = par_min;
    if (coloured) p->m->solver.order = AK_ORDER_COLOURED;
    p->o = ak_world_default_opts(p->m);
    return 0;
}

static int ak_step(ak_pile *p) { return ak_pile_step(p, "bench_vs_ode"); }

static double ak_mean_y(const ak_pile *p) {
    double s = 0;
    for (int b = 0; b < p->N; b++) s += p->d->x[(size_t)b * AK_MAX_DIM + 1];
    return s / p->N;
}

static int ak_awake(const ak_pile *p) { return p->N - ak_sleep_count(p->m, p->d); }

static void ak_free(ak_pile *p) {
    ak_model_free(p->m);
    ak_data_free(p->d);
}

// ---- main --------------------------------------------------------------------------------
static double fit_exponent(int n, const double *N, const double *ms) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!(ms[i] > 0)) continue;
        double x = log(N[i]), y = log(ms[i]);
        sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
    }
    return k > 1 ? (k * sxy - sx * sy) / (k * sxx - sx * sx) : NAN;
}

// The sleeping table: ODE as is, ODE with auto-disable, anakata 3D and 4D with sleeping on,
// interleaved (the order rotates every step); awake counts averaged over the measured steps.
static int sleep_rows(int steps, int nsizes, const int *sizes, int do_ode, int do_4d) {
    printf("# sleeping: anakata sleep on (|v| <= %g m/s, |w| <= %g rad/s for %g s, whole islands); "
           "ODE auto-disable at the same thresholds (%d idle steps, 1 sample)\n",
           SLEEP_LIN, SLEEP_ANG, SLEEP_TIME, (int)lround(SLEEP_TIME / DT));
    printf("%8s %9s %9s %9s %9s %9s %9s %9s %8s %8s %8s %7s %7s %7s\n", "N", "ODE", "ODEad",
           "ak3Ds", "ak4Ds", "3Ds/ODE", "3Ds/ODEad", "4Ds/ODEad", "awODEad", "awak3Ds", "awak4Ds",
           "ODEad_y", "ak3s_y", "ak4s_y");
    for (int k = 0; k < nsizes; k++) {
        int N = sizes[k], rc = 0;
        ode_pile o0 = { 0 }, oa = { 0 };
        ak_pile p3 = { 0 }, p4 = { 0 };
        if (do_ode) ode_create(&o0, N, 0), ode_create(&oa, N, 1);
        if (ak_create(&p3, 3, N, 1) || (do_4d && ak_create(&p4, 4, N, 1))) {
            fprintf(stderr, "bench_vs_ode: cannot create the %d-body pile\n", N);
            return 1;
        }
        double acc[4] = { 0 }, aw[3] = { 0 };
        for (int s = 0; s < steps && !rc; s++) {
            for (int e = 0; e < 4 && !rc; e++) {
                int which = (s + e) % 4;
                double t0 = bench_seconds(step_clock);
                if (which == 0 && do_ode)
                    ode_step(&o0);
                else if (which == 1 && do_ode)
                    ode_step(&oa);
                else if (which == 2)
                    rc = ak_step(&p3);
                else if (which == 3 && do_4d)
                    rc = ak_step(&p4);
                double dt = bench_seconds(step_clock) - t0;
                if (s >= steps / 2) acc[which] += dt;
            }
            if (s >= steps / 2) {
                aw[0] += do_ode ? ode_awake(&oa) : 0;
                aw[1] += ak_awake(&p3);
                aw[2] += do_4d ? ak_awake(&p4) : 0;
            }
        }
        if (rc) return rc;
        int timed = steps - steps / 2;
        double t[4];
        for (int e = 0; e < 4; e++) t[e] = 1e3 * acc[e] / timed;
        if (!do_ode) t[0] = t[1] = NAN;
        if (!do_4d) t[3] = NAN;
        printf(
            "%8d %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %8.1f %8.1f %8.1f %7.2f %7.2f %7.2f\n",
            N, t[0], t[1], t[2], t[3], t[2] / t[0], t[2] / t[1], t[3] / t[1], aw[0] / timed,
            aw[1] / timed, do_4d ? aw[2] / timed : NAN, do_ode ? ode_mean_y(&oa) : NAN,
            ak_mean_y(&p3), do_4d ? ak_mean_y(&p4) : NAN);
        fflush(stdout);
        if (do_ode) ode_free(&o0), ode_free(&oa);
        ak_free(&p3);
        if (do_4d) ak_free(&p4);
    }
    return 0;
}

// ---- memory: each engine alone in a child process ------------------------------------------
// --child ENGINE N STEPS: run one pile (ENGINE ode, ak3, ak4 or none) for STEPS steps and exit.
static int child_run(const char *engine, int N, int steps) {
    if (!strcmp(engine, "none")) return 0;
    if (!strcmp(engine, "ode")) {
        ode_pile op = { 0 };
        ode_create(&op, N, 0);
        for (int s = 0; s < steps; s++) ode_step(&op);
        ode_free(&op);
        return 0;
    }
    int dim = !strcmp(engine, "ak3") ? 3 : !strcmp(engine, "ak4") ? 4 : 0;
    if (!dim) {
        fprintf(stderr, "bench_vs_ode: --child takes ode, ak3, ak4 or none, not '%s'\n", engine);
        return 2;
    }
    ak_pile p = { 0 };
    if (ak_create(&p, dim, N, 0)) return 1;
    for (int s = 0; s < steps; s++)
        if (ak_step(&p)) return 1;
    ak_free(&p);
    return 0;
}

// --child-timed ENGINE N STEPS PARMIN COLOURED THREADS CPU (--separate; THREADS 0: OpenMP's
// default; CPU 1: --cpu-time): run one pile (ode, ak3 or ak4) for
// STEPS steps, timing each step as the interleaved table does, and print one line: the seconds of
// the landing (steps 1 .. STEPS/2) and of the settled half, the contact count of the last step
// and the mean height.
static int child_timed(const char *engine, int N, int steps) {
    double acc[2] = { 0, 0 }, y = NAN, t0;
    int cnt = 0;
    if (!strcmp(engine, "ode")) {
        ode_pile op = { 0 };
        ode_create(&op, N, 0);
        for (int s = 0; s < steps; s++) {
            t0 = bench_seconds(step_clock);
            ode_step(&op);
            acc[s >= steps / 2] += bench_seconds(step_clock) - t0;
        }
        cnt = op.ncontact, y = ode_mean_y(&op);
        ode_free(&op);
    } else {
        int dim = !strcmp(engine, "ak3") ? 3 : !strcmp(engine, "ak4") ? 4 : 0;
        if (!dim) {
            fprintf(stderr, "bench_vs_ode: --child-timed takes ode, ak3 or ak4, not '%s'\n",
                    engine);
            return 2;
        }
        ak_pile p = { 0 };
        if (ak_create(&p, dim, N, 0)) return 1;
        for (int s = 0; s < steps; s++) {
            t0 = bench_seconds(step_clock);
            if (ak_step(&p)) return 1;
            acc[s >= steps / 2] += bench_seconds(step_clock) - t0;
        }
        cnt = p.d->contacts ? p.d->contacts->step.npoint : 0, y = ak_mean_y(&p);
        ak_free(&p);
    }
    printf("%.9f %.9f %d %.9f\n", acc[0], acc[1], cnt, y);
    return 0;
}

// Run `self --child-timed engine N steps par_min coloured threads cpu` and read its line:
// out[0] landing s, out[1] settled s, out[2] contacts, out[3] mean height. 0, or -1 when the
// child fails.
static int child_times(const char *self, const char *engine, int N, int steps, int threads,
                       double out[4]) {
    char nb[32], sb[32], pb[32], cb[8], tb[32], kb[8];
    snprintf(nb, sizeof nb, "%d", N);
    snprintf(sb, sizeof sb, "%d", steps);
    snprintf(pb, sizeof pb, "%d", par_min);
    snprintf(cb, sizeof cb, "%d", coloured);
    snprintf(tb, sizeof tb, "%d", threads);
    snprintf(kb, sizeof kb, "%d", step_clock == CLOCK_PROCESS_CPUTIME_ID);
    int fd[2];
    fflush(stdout);
    if (pipe(fd)) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]), close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        close(fd[0]);
        if (dup2(fd[1], STDOUT_FILENO) < 0) _exit(127);
        close(fd[1]);
        execl("/proc/self/exe", self, "--child-timed", engine, nb, sb, pb, cb, tb, kb,
              (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "r");
    int got = f ? fscanf(f, "%lf %lf %lf %lf", &out[0], &out[1], &out[2], &out[3]) : 0;
    if (f)
        fclose(f);
    else
        close(fd[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        got != 4) {
        fprintf(stderr, "bench_vs_ode: the timed %s child (%d bodies) failed\n", engine, N);
        return -1;
    }
    return 0;
}

#define MAXROUNDS 64
// The table of the interleaved mode from separate processes (--separate R): per size, R rounds of
// one child per engine, the order rotating by one engine every round; medians over the rounds.
static int separate_rows(const char *self, int steps, int rounds, int threads, int nsizes,
                         const int *sizes, int do_ode, int do_4d) {
    const char *names[3] = { "ode", "ak3", "ak4" };
    int use[3] = { do_ode, 1, do_4d };
    printf("# separate processes: each engine's whole run alone in a child process, %d rounds, "
           "the engines' order rotating; medians over the rounds (per engine: the landing, the "
           "settled half and the whole run; the ratios are the medians')\n",
           rounds);
    printf("%7s %8s %8s %8s %8s %8s %8s %8s %8s %8s %7s %7s %7s %7s %7s %7s %6s %6s %6s\n", "N",
           "ODEland", "ak3land", "ak4land", "ODEsett", "ak3sett", "ak4sett", "ODEwhole", "ak3whole",
           "ak4whole", "3/ODEl", "3/ODEs", "3/ODEw", "4/3w", "ODEcnt", "ak3cnt", "ODE_y", "ak3_y",
           "ak4_y");
    for (int k = 0; k < nsizes; k++) {
        int N = sizes[k];
        double land[3][MAXROUNDS], sett[3][MAXROUNDS], whole[3][MAXROUNDS], last[3][4];
        for (int r = 0; r < rounds; r++)
            for (int j = 0; j < 3; j++) {
                int e = (r + j) % 3; // rotate the order
                if (!use[e]) continue;
                double o[4];
                if (child_times(self, names[e], N, steps, threads, o)) return 1;
                land[e][r] = o[0], sett[e][r] = o[1], whole[e][r] = o[0] + o[1];
                memcpy(last[e], o, sizeof o);
            }
        printf("# N %d, whole run of each round (s):", N);
        for (int e = 0; e < 3; e++) {
            if (!use[e]) continue;
            printf(" %s", names[e]);
            for (int r = 0; r < rounds; r++) printf(" %.3f", whole[e][r]);
        }
        printf("\n");
        int nl = steps / 2, ns = steps - steps / 2;
        double l[3] = { NAN, NAN, NAN }, st[3] = { NAN, NAN, NAN }, w[3] = { NAN, NAN, NAN };
        for (int e = 0; e < 3; e++) {
            if (!use[e]) continue;
            l[e] = 1e3 * bench_median(land[e], rounds) / nl;
            st[e] = 1e3 * bench_median(sett[e], rounds) / ns;
            w[e] = bench_median(whole[e], rounds);
        }
        printf("%7d %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %7.3f %7.3f %7.3f %7.3f "
               "%7d %7d %6.2f %6.2f %6.2f\n",
               N, l[0], l[1], l[2], st[0], st[1], st[2], w[0], w[1], w[2], l[1] / l[0],
               st[1] / st[0], w[1] / w[0], w[2] / w[1], do_ode ? (int)last[0][2] : 0,
               (int)last[1][2], do_ode ? last[0][3] : NAN, last[1][3], do_4d ? last[2][3] : NAN);
        fflush(stdout);
    }
    return 0;
}

// Peak RSS (MB) of `self --child engine N steps`, or NAN when the child fails.
static double child_peak_mb(const char *self, const char *engine, int N, int steps) {
    char nb[32], sb[32];
    snprintf(nb, sizeof nb, "%d", N);
    snprintf(sb, sizeof sb, "%d", steps);
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return NAN;
    if (pid == 0) {
        execl("/proc/self/exe", self, "--child", engine, nb, sb, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_vs_ode: the %s child (%d bodies) failed\n", engine, N);
        return NAN;
    }
    return ru.ru_maxrss / 1024.0; // kB on Linux
}

static int memory_rows(const char *self, int steps, int nsizes, const int *sizes, int do_ode,
                       int do_4d) {
    double base = child_peak_mb(self, "none", 0, 0);
    printf("# peak memory: each engine alone in a child process for all %d steps (getrusage "
           "ru_maxrss, MB; the program's floor, a child that creates nothing: %.1f MB)\n",
           steps, base);
    if (isnan(base)) return 1;
    printf("%7s %9s %9s %9s %9s %9s\n", "N", "ODE_MB", "ak3_MB", "ak4_MB", "ak3/ODE", "ak4/ODE");
    for (int k = 0; k < nsizes; k++) {
        int N = sizes[k];
        double o = do_ode ? child_peak_mb(self, "ode", N, steps) : NAN;
        double a3 = child_peak_mb(self, "ak3", N, steps);
        double a4 = do_4d ? child_peak_mb(self, "ak4", N, steps) : NAN;
        if (isnan(a3) || (do_ode && isnan(o)) || (do_4d && isnan(a4))) return 1;
        printf("%7d %9.1f %9.1f %9.1f %9.3f %9.3f\n", N, o, a3, a4, a3 / o, a4 / o);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv) {
    int steps = 600, do_ode = 1, do_4d = 1, threads = 0, do_plain = 1, do_sleep = 1, rc = 0;
    int do_memory = 1;
    if (argc == 5 && !strcmp(argv[1], "--child")) {
        dInitODE2(0);
        int r = child_run(argv[2], atoi(argv[3]), atoi(argv[4]));
        dCloseODE();
        return r;
    }
    if (argc == 9 && !strcmp(argv[1], "--child-timed")) {
        if (atoi(argv[8])) step_clock = CLOCK_PROCESS_CPUTIME_ID;
        par_min = atoi(argv[5]) < 1 ? AK_PAR_MIN : atoi(argv[5]);
        coloured = atoi(argv[6]);
#ifdef _OPENMP
        if (atoi(argv[7]) > 0) omp_set_num_threads(atoi(argv[7]));
#endif
        dInitODE2(0);
        int r = child_timed(argv[2], atoi(argv[3]), atoi(argv[4]));
        dCloseODE();
        return r;
    }
    int separate = 0; // --separate R: rounds of separate processes instead of the interleaving
    int sizes[MAXSIZES] = { 250, 1000, 4000, 8000 }, nsizes = 4;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
            if (bench_int("bench_vs_ode", "--steps", argv[++i], 2, 10000000, &steps)) return 2;
        } else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = 0;
            for (char *t = strtok(argv[++i], ","); t; t = strtok(NULL, ",")) {
                if (nsizes == MAXSIZES) {
                    fprintf(stderr, "bench_vs_ode: --sizes: at most %d sizes\n", MAXSIZES);
                    return 2;
                }
                if (bench_int("bench_vs_ode", "--sizes", t, 1, 1000000, &sizes[nsizes++])) return 2;
            }
        } else if (!strcmp(argv[i], "--big") && nsizes < MAXSIZES)
            sizes[nsizes++] = 16000;
        else if (!strcmp(argv[i], "--huge") && nsizes < MAXSIZES)
            sizes[nsizes++] = 100000;
        else if (!strcmp(argv[i], "--no-ode"))
            do_ode = 0;
        else if (!strcmp(argv[i], "--no-4d"))
            do_4d = 0;
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            if (bench_int("bench_vs_ode", "--threads", argv[++i], 1, 1024, &threads)) return 2;
        } else if (!strcmp(argv[i], "--par-min") && i + 1 < argc) {
            if (bench_int("bench_vs_ode", "--par-min", argv[++i], 1, 100000000, &par_min)) return 2;
        } else if (!strcmp(argv[i], "--no-sleep"))
            do_sleep = 0;
        else if (!strcmp(argv[i], "--sleep-only"))
            do_plain = 0;
        else if (!strcmp(argv[i], "--coloured"))
            coloured = 1;
        else if (!strcmp(argv[i], "--no-memory"))
            do_memory = 0;
        else if (!strcmp(argv[i], "--cpu-time"))
            step_clock = CLOCK_PROCESS_CPUTIME_ID;
        else if (!strcmp(argv[i], "--separate") && i + 1 < argc) {
            if (bench_int("bench_vs_ode", "--separate", argv[++i], 1, MAXROUNDS, &separate))
                return 2;
        } else {
            fprintf(stderr, "usage: bench_vs_ode [--steps S] [--sizes N,N,...] [--big] [--huge] "
                            "[--no-ode] [--no-4d] [--threads T] [--par-min N] "
                            "[--no-sleep | --sleep-only] [--coloured] [--no-memory] "
                            "[--separate R] [--cpu-time]\n");
            return 2;
        }
    }
    if (steps < 2 || nsizes < 1) {
        fprintf(stderr, "bench_vs_ode: --steps must be >= 2 and --sizes non-empty\n");
        return 2;
    }
    for (int k = 0; k < nsizes; k++)
        if (sizes[k] < 1) {
            fprintf(stderr, "bench_vs_ode: sizes must be positive\n");
            return 2;
        }
#ifdef _OPENMP
    if (threads > 0) omp_set_num_threads(threads);
    int nthreads = omp_get_max_threads();
#else
    int nthreads = 1;
#endif
    dInitODE2(0);
    printf("# ODE %s quickstep (hash space) vs anakata (library step, catto integrator), %d steps, "
           "mean ms/step over the last %d; anakata threads: %d from %d bodies; step times by %s\n",
           dGetConfiguration(), steps, steps - steps / 2, nthreads, par_min,
           step_clock == CLOCK_MONOTONIC ? "the wall clock" : "the process's CPU time");
    // Memory first, while this process is small: a child's ru_maxrss also counts the pages it
    // had from this process before its exec.
    if (do_memory && (rc = memory_rows(argv[0], steps, nsizes, sizes, do_ode, do_4d))) goto done;
    if (!do_plain) goto sleep_table;
    if (separate) {
        rc = separate_rows(argv[0], steps, separate, threads, nsizes, sizes, do_ode, do_4d);
        goto sleep_table;
    }
    printf("# landing: mean ms/step over steps 1-%d; settled: over steps %d-%d; whole: s for all "
           "%d steps\n",
           steps / 2, steps / 2 + 1, steps, steps);
    printf("%7s %8s %8s %8s %8s %8s %8s %8s %8s %8s %7s %7s %7s %7s %7s %7s %6s %6s %6s\n", "N",
           "ODEland", "ak3land", "ak4land", "ODEsett", "ak3sett", "ak4sett", "ODEwhole", "ak3whole",
           "ak4whole", "3/ODEl", "3/ODEs", "3/ODEw", "4/3w", "ODEcnt", "ak3cnt", "ODE_y", "ak3_y",
           "ak4_y");
    double xs[MAXSIZES], t_ode[MAXSIZES], t3[MAXSIZES], t4[MAXSIZES];
    for (int k = 0; k < nsizes && !rc; k++) {
        int N = sizes[k];
        ode_pile op = { 0 };
        ak_pile p3 = { 0 }, p4 = { 0 };
        if (do_ode) ode_create(&op, N, 0);
        if (ak_create(&p3, 3, N, 0) || (do_4d && ak_create(&p4, 4, N, 0))) {
            fprintf(stderr, "bench_vs_ode: cannot create the %d-body pile\n", N);
            return 1;
        }
        double acc[2][3] = { { 0 } }, t0; // [landing, settled][engine]
        for (int s = 0; s < steps && !rc; s++) {
            for (int e = 0; e < 3 && !rc; e++) {
                int which = (s + e) % 3; // rotate the order
                t0 = bench_seconds(step_clock);
                if (which == 0 && do_ode)
                    ode_step(&op);
                else if (which == 1)
                    rc = ak_step(&p3);
                else if (which == 2 && do_4d)
                    rc = ak_step(&p4);
                acc[s >= steps / 2][which] += bench_seconds(step_clock) - t0;
            }
        }
        int nl = steps / 2, ns = steps - steps / 2;
        double l[3], st[3], w[3];
        for (int e = 0; e < 3; e++)
            l[e] = 1e3 * acc[0][e] / nl, st[e] = 1e3 * acc[1][e] / ns, w[e] = acc[0][e] + acc[1][e];
        if (!do_ode) l[0] = st[0] = w[0] = NAN;
        if (!do_4d) l[2] = st[2] = w[2] = NAN;
        xs[k] = N;
        t_ode[k] = st[0], t3[k] = st[1], t4[k] = st[2];
        printf("%7d %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %7.3f %7.3f %7.3f %7.3f "
               "%7d %7d %6.2f %6.2f %6.2f\n",
               N, l[0], l[1], l[2], st[0], st[1], st[2], w[0], w[1], w[2], l[1] / l[0],
               st[1] / st[0], w[1] / w[0], w[2] / w[1], do_ode ? op.ncontact : 0,
               p3.d->contacts ? p3.d->contacts->step.npoint : 0, do_ode ? ode_mean_y(&op) : NAN,
               ak_mean_y(&p3), do_4d ? ak_mean_y(&p4) : NAN);
        fflush(stdout);
        if (do_ode) ode_free(&op);
        ak_free(&p3);
        if (do_4d) ak_free(&p4);
    }
    if (nsizes > 1 && !rc)
        printf("scaling exponent of the settled step (least squares, ms/step ~ N^p): ODE %.3f, "
               "anakata 3D %.3f, anakata 4D %.3f\n",
               fit_exponent(nsizes, xs, t_ode), fit_exponent(nsizes, xs, t3),
               fit_exponent(nsizes, xs, t4));
sleep_table:
    if (do_sleep && !rc) rc = sleep_rows(steps, nsizes, sizes, do_ode, do_4d);
done:
    dCloseODE();
    return rc ? 1 : 0;
}
