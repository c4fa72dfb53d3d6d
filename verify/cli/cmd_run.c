// anakata run SCENE [--duration T | --steps N] [--dt h] [--integrator NAME] [--trace FILE]
//                   [--every K] [--no-renorm]
// Simulates a scene with the world step (engine/world.h) and writes a trace (engine/trace.h,
// docs/trace-format.md). Prints a summary: steps, energy and angular momentum drift.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "common/dyn_scenes.h"
#include "ga/nd.h"
#include "integrate.h"
#include "trace.h"
#include "world.h"

static void usage(FILE *f) {
    fprintf(f,
            "usage: anakata run SCENE [--duration T | --steps N] [--dt h] [--integrator NAME]\n"
            "                         [--trace FILE] [--every K] [--no-renorm]\n\n"
            "Simulate SCENE (a scene JSON file) with the world step and print a summary: energy and\n"
            "angular momentum before and after. The integrators %s run the contact stage\n"
            "(broadphase, narrowphase, solver) inside each step; the full-state ones (rk4, gsl) have\n"
            "none and are refused (exit 2) for a scene that can have contacts (two or more bodies,\n"
            "one of them free).\n"
            "  --duration T     simulated seconds (default: the scene's \"duration\", else 10)\n"
            "  --steps N        number of steps instead of a duration\n"
            "  --dt h           step size (default: the scene's \"timestep\")\n"
            "  --integrator X   one of %s (default: the scene's \"integrator\", else catto)\n"
            "  --trace FILE     write a CSV trace (format anakata-trace/1, docs/trace-format.md)\n"
            "  --every K        record every K-th step in the trace (default 1)\n"
            "  --no-renorm      do not renormalise rotors (to see the drift, B-4.renorm)\n",
            ak_world_contact_integrators(), ak_integrator_names());
}

static int parse_double(const char *s, double *out) {
    char *end;
    *out = strtod(s, &end);
    return (*s && !*end && isfinite(*out)) ? 0 : -1;
}

// A whole number in [1, 10^12] written in decimal digits only.
static int parse_count(const char *s, long *out) {
    char *end;
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 13) return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < 1 || v > 1000000000000L) return -1;
    *out = v;
    return 0;
}

int ak_cmd_run(int argc, char **argv) {
    const char *scene = NULL, *trace_path = NULL, *integ = NULL;
    double duration = -1, dt = -1;
    long steps = -1, every = 1;
    bool renorm = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool takes = !strcmp(a, "--duration") || !strcmp(a, "--steps") || !strcmp(a, "--dt") ||
                     !strcmp(a, "--integrator") || !strcmp(a, "--trace") || !strcmp(a, "--every");
        if (takes && i + 1 >= argc) return ak_cli_bad_usage("run", "%s needs a value", a);
        const char *val = takes ? argv[++i] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return AK_EXIT_OK;
        } else if (!strcmp(a, "--duration")) {
            if (parse_double(val, &duration) || !(duration > 0))
                return ak_cli_bad_usage("run", "--duration: expected a positive number of seconds, got '%s'", val);
        } else if (!strcmp(a, "--steps")) {
            if (parse_count(val, &steps))
                return ak_cli_bad_usage("run", "--steps: expected a whole number from 1 to 10^12, got '%s'", val);
        } else if (!strcmp(a, "--dt")) {
            if (parse_double(val, &dt) || !(dt > 0))
                return ak_cli_bad_usage("run", "--dt: expected a positive step size in seconds, got '%s'", val);
        } else if (!strcmp(a, "--integrator")) {
            integ = val;
        } else if (!strcmp(a, "--trace")) {
            if (!*val) return ak_cli_bad_usage("run", "--trace: empty file name");
            trace_path = val;
        } else if (!strcmp(a, "--every")) {
            if (parse_count(val, &every))
                return ak_cli_bad_usage("run", "--every: expected a whole number from 1 to 10^12, got '%s'", val);
        } else if (!strcmp(a, "--no-renorm")) {
            renorm = false;
        } else if (a[0] == '-' && a[1] != '\0') {
            return ak_cli_bad_usage("run", "unknown option '%s'", a);
        } else if (scene) {
            return ak_cli_bad_usage("run", "one scene at a time: got '%s' and '%s'", scene, a);
        } else {
            scene = a;
        }
    }
    if (!scene) {
        usage(stderr);
        return ak_cli_bad_usage("run", "no SCENE given");
    }
    if (steps > 0 && duration > 0) return ak_cli_bad_usage("run", "give --duration or --steps, not both");
    ak_model *m;
    ak_data *d;
    char err[AK_ERR_MAX];
    if (ak_dyn_scene_load(scene, &m, &d, err, sizeof err) != 0) {
        fprintf(stderr, "anakata run: %s\n", err);
        return AK_EXIT_USAGE;
    }
    ak_world_opts o = ak_world_default_opts(m);
    if (integ) {
        int ig = ak_integrator_from_name(integ);
        if (ig < 0) {
            fprintf(stderr, "anakata run: unknown integrator '%s' (one of %s)\n", integ,
                    ak_integrator_names());
            ak_data_free(d);
            ak_model_free(m);
            return AK_EXIT_USAGE;
        }
        o.integrator = (ak_integrator)ig;
    }
    if (!ak_integrator_is_split(o.integrator) && ak_world_can_contact(m)) {
        fprintf(stderr,
                "anakata run: %s: integrator '%s' has no contact stage, and this scene can have "
                "contacts (%d bodies, one or more free); use --integrator with one of %s\n",
                scene, ak_integrator_name(o.integrator), m->nbody, ak_world_contact_integrators());
        ak_data_free(d);
        ak_model_free(m);
        return AK_EXIT_USAGE;
    }
    if (dt > 0) o.dt = dt;
    o.renormalize = renorm;
    if (steps < 0) steps = lround((duration > 0 ? duration : m->duration) / o.dt);
    ak_trace_writer *tr = NULL;
    if (trace_path) {
        tr = ak_trace_writer_open(trace_path, m, ak_integrator_name(o.integrator), o.dt, err, sizeof err);
        if (!tr) {
            fprintf(stderr, "anakata run: %s\n", err);
            ak_data_free(d);
            ak_model_free(m);
            return AK_EXIT_USAGE;
        }
    }
    int n = m->dim, k = ak_nd_nbiv(n);
    double E0 = ak_world_kinetic_energy(m, d) + ak_world_potential_energy(m, d);
    double p0[AK_MAX_DIM], J0[AK_MAX_BIV], p[AK_MAX_DIM], J[AK_MAX_BIV];
    ak_world_momentum(m, d, p0, J0);
    int rc = AK_EXIT_OK;
    if (tr && ak_trace_writer_write(tr, m, d) != 0) rc = AK_EXIT_FAIL;
    for (long s = 1; s <= steps && rc == AK_EXIT_OK; s++) {
        if (ak_world_step(m, d, &o, err, sizeof err) != 0) {
            fprintf(stderr, "anakata run: step %ld: %s\n", s, err);
            rc = AK_EXIT_FAIL;
            break;
        }
        if (tr && (s % every == 0 || s == steps) && ak_trace_writer_write(tr, m, d) != 0) {
            fprintf(stderr, "anakata run: writing the trace failed\n");
            rc = AK_EXIT_FAIL;
        }
    }
    if (tr && ak_trace_writer_close(tr) != 0 && rc == AK_EXIT_OK) {
        fprintf(stderr, "anakata run: writing the trace failed\n");
        rc = AK_EXIT_FAIL;
    }
    double E = ak_world_kinetic_energy(m, d) + ak_world_potential_energy(m, d);
    ak_world_momentum(m, d, p, J);
    double dJ = 0, nJ = 0;
    for (int q = 0; q < k; q++) dJ += (J[q] - J0[q]) * (J[q] - J0[q]), nJ += J0[q] * J0[q];
    printf("scene       %s%s%s\n", scene, m->title[0] ? " - " : "", m->title);
    printf("integrator  %s, dt %g, %ld steps, t = %.6g s, renormalisation %s\n",
           ak_integrator_name(o.integrator), o.dt, d->step, d->t,
           o.integrator == AK_INT_GSL ? "none (reference)" : renorm ? "on" : "off");
    printf("energy      %.12g -> %.12g (relative change %.3e)\n", E0, E,
           E0 != 0 ? (E - E0) / fabs(E0) : E - E0);
    double nJ1 = 0;
    for (int q = 0; q < k; q++) nJ1 += J[q] * J[q];
    printf("|J| origin  %.12g -> %.12g (|J - J0| / |J0| = %.3e)\n", sqrt(nJ), sqrt(nJ1),
           nJ > 0 ? sqrt(dJ / nJ) : sqrt(dJ));
    if (trace_path && rc == AK_EXIT_OK) printf("trace       %s\n", trace_path);
    ak_data_free(d);
    ak_model_free(m);
    return rc;
}
