// The sweep spec reader (spec.h). Structure after the scene loader (engine/scene.c): one reader
// per section, each given its JSON node and field path; the first problem fills the message
// "file: path: expected ..., got ..." and the reader returns false.
#include "verify/sweep/spec.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <gsl/gsl_qrng.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/integrate.h"
#include "engine/model.h"
#include "engine/scene.h"
#include "verify/sweep/experiments.h"

#define PATHLEN 96

typedef struct ctx {
    const char *file;
    char *err;
    size_t errlen;
    int dim; // free_body dimension once known (for plane names)
} ctx;

static bool fail(ctx *c, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(ctx *c, const char *path, const char *fmt, ...) {
    if (!c->err || c->errlen == 0) return false;
    char msg[AK_SWEEP_MAX_VALUES * 8];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (path && path[0])
        snprintf(c->err, c->errlen, "%s: %s: %s", c->file, path, msg);
    else
        snprintf(c->err, c->errlen, "%s: %s", c->file, msg);
    return false;
}

static void describe(char *out, size_t n, const cJSON *v) {
    if (!v) {
        snprintf(out, n, "nothing");
    } else if (cJSON_IsNumber(v)) {
        if (isfinite(v->valuedouble))
            snprintf(out, n, "%.15g", v->valuedouble);
        else
            snprintf(out, n, "a non-finite number");
    } else if (cJSON_IsString(v)) {
        size_t k = 0;
        out[k++] = '"';
        const unsigned char *s = (const unsigned char *)v->valuestring;
        for (int shown = 0; s && *s && k + 5 < n; s++, shown++) {
            if (shown == 40) {
                memcpy(out + k, "...", 3);
                k += 3;
                break;
            }
            out[k++] = (*s >= 32 && *s < 127) ? (char)*s : '?';
        }
        out[k++] = '"';
        out[k] = '\0';
    } else if (cJSON_IsBool(v)) {
        snprintf(out, n, cJSON_IsTrue(v) ? "true" : "false");
    } else if (cJSON_IsNull(v)) {
        snprintf(out, n, "null");
    } else if (cJSON_IsArray(v)) {
        snprintf(out, n, "an array of %d", cJSON_GetArraySize(v));
    } else if (cJSON_IsObject(v)) {
        snprintf(out, n, "an object");
    } else {
        snprintf(out, n, "an invalid value");
    }
}

static bool fail_got(ctx *c, const char *path, const char *expected, const cJSON *v) {
    char got[96];
    describe(got, sizeof got, v);
    return fail(c, path, "expected %s, got %s", expected, got);
}

static void path_key(char out[PATHLEN], const char *base, const char *key) {
    int w = base && base[0] ? snprintf(out, PATHLEN, "%s.%s", base, key)
                            : snprintf(out, PATHLEN, "%s", key);
    if (w >= PATHLEN) memcpy(out + PATHLEN - 4, "...", 4);
}

static void path_index(char out[PATHLEN], const char *base, int i) {
    int w = snprintf(out, PATHLEN, "%s[%d]", base, i);
    if (w >= PATHLEN) memcpy(out + PATHLEN - 4, "...", 4);
}

// Unknown keys (not starting with '_') are errors.
static bool check_keys(ctx *c, const cJSON *obj, const char *path, const char *const keys[]) {
    for (const cJSON *e = obj->child; e; e = e->next) {
        if (!e->string) continue;
        if (e->string[0] == '_') continue;
        bool known = false;
        for (int i = 0; keys[i]; i++) known |= strcmp(e->string, keys[i]) == 0;
        if (!known) {
            char p[PATHLEN], list[400] = "";
            path_key(p, path, e->string);
            for (int i = 0; keys[i]; i++) {
                strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, keys[i], sizeof list - strlen(list) - 1);
            }
            return fail(c, p, "unknown key (expected one of: %s)", list);
        }
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// planes

static const char AXES[] = "xyzwv";

const char *ak_sweep_plane_name(int n, int k) {
    static const char *const NAMES[4][AK_MAX_BIV] = { { "xy" },
                                                      { "xy", "xz", "yz" },
                                                      { "xy", "xz", "xw", "yz", "yw", "zw" },
                                                      { "xy", "xz", "xw", "xv", "yz", "yw", "yv",
                                                        "zw", "zv", "wv" } };
    if (n < 2 || n > 5 || k < 0 || k >= n * (n - 1) / 2) return "?";
    return NAMES[n - 2][k];
}

int ak_sweep_plane_index(int n, const char *name) {
    if (!name || strlen(name) != 2) return -1;
    const char *a = strchr(AXES, name[0]), *b = strchr(AXES, name[1]);
    if (!a || !b || !name[0] || !name[1]) return -1;
    int i = (int)(a - AXES), j = (int)(b - AXES);
    if (i >= j || j >= n) return -1;
    int k = 0;
    for (int p = 0; p < n; p++)
        for (int q = p + 1; q < n; q++, k++)
            if (p == i && q == j) return k;
    return -1;
}

// ---------------------------------------------------------------------------------------------
// settings

enum { ST_NUM, ST_INT, ST_BOOL, ST_STR };
enum { FB = 1 << AK_SWEEP_FREE_BODY, SK = 1 << AK_SWEEP_STACK, CO = 1 << AK_SWEEP_COLLIDE };

static const char *const SHAPES[] = { "sphere_box", "capsule_capsule", "box_box", NULL };

typedef struct setting {
    const char *name;
    int type, exps;
    double lo, hi; ///< numbers: lo < v <= hi when open_lo, else lo <= v <= hi
    bool open_lo;
    const char *const *choices; ///< NULL for the engine's options (names from engine/scene.h)
    const char *what;           ///< for messages
} setting;

enum {
    S_DT,
    S_DURATION,
    S_INTEGRATOR,
    S_MASS,
    S_PLANE,
    S_MAGNITUDE,
    S_PERTURBATION,
    S_PAIR_ANGLE,
    S_OMEGA_COMP,
    S_DIM,
    S_HEIGHT,
    S_ITERATIONS,
    S_SHOCK,
    S_METHOD,
    S_VARIANT,
    S_LEAN,
    S_FRICTION,
    S_RESTITUTION,
    S_HALF,
    S_SHAPES,
    S_DISTANCE,
    S_ANGLE,
    S_ANGLE2,
    S_COUNT
};

static const setting SETTINGS[S_COUNT] = {
    [S_DT] = { "dt", ST_NUM, FB | SK, 0, 10, true, NULL, "a time step in (0, 10] s" },
    [S_DURATION] = { "duration", ST_NUM, FB | SK, 0, 1e6, true, NULL, "a duration in (0, 1e6] s" },
    [S_INTEGRATOR] = { "integrator", ST_STR, FB | SK, 0, 0, false, NULL, NULL },
    [S_MASS] = { "mass", ST_NUM, FB, 0, 1e9, true, NULL, "a mass in (0, 1e9]" },
    [S_PLANE] = { "plane", ST_STR, FB, 0, 0, false, NULL, NULL },
    [S_MAGNITUDE] = { "magnitude", ST_NUM, FB, -1e3, 1e3, false, NULL,
                      "a rate in [-1000, 1000] rad/s" },
    [S_PERTURBATION] = { "perturbation", ST_NUM, FB, -1e3, 1e3, false, NULL,
                         "a rate in [-1000, 1000] rad/s" },
    [S_PAIR_ANGLE] = { "pair_angle", ST_NUM, FB, -100, 100, false, NULL,
                       "an angle in [-100, 100] rad" },
    [S_OMEGA_COMP] = { "omega.<plane>", ST_NUM, FB, -1e3, 1e3, false, NULL,
                       "a rate in [-1000, 1000] rad/s" },
    [S_DIM] = { "dim", ST_INT, SK, 2, 5, false, NULL, "an integer in [2, 5]" },
    [S_HEIGHT] = { "height", ST_INT, SK, 1, 40, false, NULL, "an integer in [1, 40]" },
    [S_ITERATIONS] = { "iterations", ST_INT, SK, 1, 1000, false, NULL, "an integer in [1, 1000]" },
    [S_SHOCK] = { "shock_propagation", ST_BOOL, SK, 0, 1, false, NULL, "true, false, 0 or 1" },
    [S_METHOD] = { "method", ST_STR, SK, 0, 0, false, NULL, NULL },
    [S_VARIANT] = { "variant", ST_STR, SK, 0, 0, false, NULL, NULL },
    [S_LEAN] = { "lean", ST_NUM, SK, 0, 1, false, NULL, "a fraction of the box width in [0, 1]" },
    [S_FRICTION] = { "friction", ST_NUM, SK, 0, 10, false, NULL, "a coefficient in [0, 10]" },
    [S_RESTITUTION] = { "restitution", ST_NUM, SK, 0, 1, false, NULL, "a coefficient in [0, 1]" },
    [S_HALF] = { "half", ST_NUM, SK, 0, 10, true, NULL, "a half extent in (0, 10] m" },
    [S_SHAPES] = { "shapes", ST_STR, CO, 0, 0, false, SHAPES, NULL },
    [S_DISTANCE] = { "distance", ST_NUM, CO, 0, 100, false, NULL, "a distance in [0, 100] m" },
    [S_ANGLE] = { "angle", ST_NUM, CO, -100, 100, false, NULL, "an angle in [-100, 100] rad" },
    [S_ANGLE2] = { "angle2", ST_NUM, CO, -100, 100, false, NULL, "an angle in [-100, 100] rad" },
};

static const char *const EXPERIMENTS[] = { "free_body", "stack", "collide", NULL };

static int choice_index(const char *const list[], const char *s) {
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], s) == 0) return i;
    return -1;
}

static void choices_text(char *out, size_t n, const char *const list[]) {
    out[0] = '\0';
    for (int i = 0; list[i]; i++) {
        char q[40];
        snprintf(q, sizeof q, "%s\"%s\"", i ? (list[i + 1] ? ", " : " or ") : "", list[i]);
        strncat(out, q, n - strlen(out) - 1);
    }
}

// The names of an engine option (engine/scene.h, in the enum's order, so the index is the value),
// as a NULL-terminated list in list[]: the integrators, the methods of the stack experiment
// (vector, pga: the converged solver is not one of its settings) and the variants.
static const char *const *option_list(const char *list[AK_INT_COUNT + 1], int s) {
    int k = 0;
    if (s == S_INTEGRATOR)
        for (int i = 0; i < AK_INT_COUNT; i++) list[k++] = ak_integrator_name((ak_integrator)i);
    else if (s == S_METHOD)
        for (int i = 0; i < AK_SOLVER_CONVERGED; i++)
            list[k++] = ak_solver_method_name((ak_solver_method)i);
    else if (s == S_VARIANT)
        for (int i = 0; i < AK_VARIANT_COUNT; i++) list[k++] = ak_variant_name((ak_variant)i);
    list[k] = NULL;
    return list;
}
_Static_assert((int)AK_SOLVER_METHOD_COUNT <= (int)AK_INT_COUNT &&
                   (int)AK_VARIANT_COUNT <= (int)AK_INT_COUNT,
               "option_list's room");

// Find a setting by name for an experiment (omega.<plane> maps to S_OMEGA_COMP with *comp).
static int find_setting(ctx *c, int exp, const char *name, int *comp, const char *path) {
    *comp = -1;
    if (strncmp(name, "omega.", 6) == 0 && exp == AK_SWEEP_FREE_BODY) {
        int k = ak_sweep_plane_index(c->dim, name + 6);
        if (k < 0) {
            fail(c, path,
                 "\"%s\": expected omega.<plane> with a plane of two axes from \"%.*s\" in order "
                 "(\"xy\", \"zw\", ...)",
                 name, c->dim, AXES);
            return -2;
        }
        *comp = k;
        return S_OMEGA_COMP;
    }
    for (int s = 0; s < S_COUNT; s++)
        if (s != S_OMEGA_COMP && strcmp(SETTINGS[s].name, name) == 0) {
            if (!(SETTINGS[s].exps & (1 << exp))) {
                fail(c, path, "\"%s\" is not a setting of experiment \"%s\"", name,
                     EXPERIMENTS[exp]);
                return -2;
            }
            return s;
        }
    return -1;
}

// Check a number for setting s; returns the value through *out.
static bool read_number(ctx *c, int s, const cJSON *v, const char *path, double *out) {
    const setting *st = &SETTINGS[s];
    if (st->type == ST_BOOL) {
        if (cJSON_IsBool(v)) {
            *out = cJSON_IsTrue(v) ? 1 : 0;
            return true;
        }
        if (cJSON_IsNumber(v) && (v->valuedouble == 0 || v->valuedouble == 1)) {
            *out = v->valuedouble;
            return true;
        }
        return fail_got(c, path, st->what, v);
    }
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble)) return fail_got(c, path, st->what, v);
    double x = v->valuedouble;
    if ((st->open_lo ? x <= st->lo : x < st->lo) || x > st->hi)
        return fail_got(c, path, st->what, v);
    if (st->type == ST_INT && x != floor(x)) return fail_got(c, path, st->what, v);
    *out = x;
    return true;
}

// A name for string setting s; returns its index (plane: the bivector index).
static bool read_name(ctx *c, int s, const cJSON *v, const char *path, int *out) {
    if (s == S_PLANE) {
        char want[96];
        snprintf(want, sizeof want, "a plane of two axes from \"%.*s\" in order (\"xy\", ...)",
                 c->dim, AXES);
        if (!cJSON_IsString(v) || (*out = ak_sweep_plane_index(c->dim, v->valuestring)) < 0)
            return fail_got(c, path, want, v);
        return true;
    }
    const char *opt[AK_INT_COUNT + 1];
    const char *const *choices = SETTINGS[s].choices ? SETTINGS[s].choices : option_list(opt, s);
    char want[200] = "one of ";
    choices_text(want + 7, sizeof want - 7, choices);
    if (!cJSON_IsString(v) || (*out = choice_index(choices, v->valuestring)) < 0)
        return fail_got(c, path, want, v);
    return true;
}

// Apply a value to a configuration.
static void apply(ak_sweep_config *cfg, int s, int comp, double x) {
    switch (s) {
        case S_DT: cfg->dt = x; break;
        case S_DURATION: cfg->duration = x; break;
        case S_INTEGRATOR: cfg->integrator = (int)x; break;
        case S_MASS: cfg->mass = x; break;
        case S_PLANE: cfg->plane = (int)x; break;
        case S_MAGNITUDE: cfg->magnitude = x; break;
        case S_PERTURBATION: cfg->perturbation = x; break;
        case S_PAIR_ANGLE: cfg->pair_angle = x; break;
        case S_OMEGA_COMP: cfg->comp[comp] = x; break;
        case S_DIM: cfg->dim = (int)x; break;
        case S_HEIGHT: cfg->height = (int)x; break;
        case S_ITERATIONS: cfg->iterations = (int)x; break;
        case S_SHOCK: cfg->shock = x != 0; break;
        case S_METHOD: cfg->method = (int)x; break;
        case S_VARIANT: cfg->variant = (int)x; break;
        case S_LEAN: cfg->lean = x; break;
        case S_FRICTION: cfg->friction = x; break;
        case S_RESTITUTION: cfg->restitution = x; break;
        case S_HALF: cfg->half = x; break;
        case S_SHAPES: cfg->shapes = (int)x; break;
        case S_DISTANCE: cfg->distance = x; break;
        case S_ANGLE: cfg->angle = x; break;
        case S_ANGLE2: cfg->angle2 = x; break;
        default: break;
    }
}

static void defaults(ak_sweep_config *cfg) {
    memset(cfg, 0, sizeof *cfg);
    cfg->dt = 0.01;
    cfg->duration = 10.0;
    cfg->integrator = AK_INT_RK4;
    cfg->dim = 4;
    const double sides[AK_MAX_DIM] = { 1.1, 0.3, 2.5, 0.7, 1.6 }; // ten Bosch §9's cuboid (+ a 5th)
    memcpy(cfg->sides, sides, sizeof sides);
    cfg->mass = 1.0;
    cfg->plane = -1;
    cfg->magnitude = 1.0;
    cfg->pair[0] = cfg->pair[1] = -1;
    cfg->pair_angle = NAN;
    for (int k = 0; k < AK_MAX_BIV; k++) cfg->comp[k] = NAN, cfg->pdir[k] = 1.0;
    cfg->height = 3;
    cfg->iterations = 10;
    cfg->friction = 0.5;
    cfg->half = 0.5;
    cfg->distance = 1.0;
}

// A fixed-length array of numbers (within [lo, hi]).
static bool read_array(ctx *c, const cJSON *v, const char *path, int len, double out[], double lo,
                       double hi, bool open_lo, const char *what) {
    char want[160];
    snprintf(want, sizeof want, "an array of %d numbers, each %s", len, what);
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != len) return fail_got(c, path, want, v);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        char p[PATHLEN];
        path_index(p, path, i);
        if (!cJSON_IsNumber(e) || !isfinite(e->valuedouble) ||
            (open_lo ? e->valuedouble <= lo : e->valuedouble < lo) || e->valuedouble > hi)
            return fail_got(c, p, what, e);
        out[i] = e->valuedouble;
    }
    return true;
}

static bool read_base(ctx *c, ak_sweep_spec *s, const cJSON *base) {
    const char *path = "base";
    if (!cJSON_IsObject(base)) return fail_got(c, path, "an object of settings", base);
    ak_sweep_config *cfg = &s->base;
    int k = c->dim * (c->dim - 1) / 2;
    for (const cJSON *e = base->child; e; e = e->next) {
        if (!e->string || e->string[0] == '_') continue;
        char p[PATHLEN];
        path_key(p, path, e->string);
        if (s->experiment == AK_SWEEP_FREE_BODY) {
            if (!strcmp(e->string, "sides")) continue; // read before (it sets the dimension)
            if (!strcmp(e->string, "omega")) {
                if (!read_array(c, e, p, k, cfg->omega, -1e3, 1e3, false,
                                "a rate in [-1000, 1000] rad/s"))
                    return false;
                cfg->has_omega = true;
                continue;
            }
            if (!strcmp(e->string, "perturbation_dir")) {
                if (!read_array(c, e, p, k, cfg->pdir, -1e3, 1e3, false,
                                "a number in [-1000, 1000]"))
                    return false;
                cfg->has_pdir = true;
                continue;
            }
            if (!strcmp(e->string, "pair")) {
                char want[120];
                snprintf(want, sizeof want,
                         "an array of two different planes of axes from \"%.*s\"", c->dim, AXES);
                if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2) return fail_got(c, p, want, e);
                for (int i = 0; i < 2; i++) {
                    const cJSON *q = cJSON_GetArrayItem(e, i);
                    char pi[PATHLEN];
                    path_index(pi, p, i);
                    if (!cJSON_IsString(q) ||
                        (cfg->pair[i] = ak_sweep_plane_index(c->dim, q->valuestring)) < 0)
                        return fail_got(c, pi, want, q);
                }
                if (cfg->pair[0] == cfg->pair[1])
                    return fail(c, p, "expected two different planes, got the same twice");
                continue;
            }
        }
        int comp, st = find_setting(c, (int)s->experiment, e->string, &comp, p);
        if (st == -2) return false;
        if (st < 0) {
            return fail(c, p, "unknown setting for experiment \"%s\" (docs/sweep.md lists them)",
                        EXPERIMENTS[s->experiment]);
        }
        double x;
        if (SETTINGS[st].type == ST_STR) {
            int idx;
            if (!read_name(c, st, e, p, &idx)) return false;
            x = idx;
        } else if (!read_number(c, st, e, p, &x)) {
            return false;
        }
        apply(cfg, st, comp, x);
    }
    return true;
}

static bool read_param(ctx *c, ak_sweep_spec *s, const cJSON *v, const char *path,
                       ak_sweep_param *pp) {
    static const char *const keys[] = { "name", "values", "range", "count", "scale", NULL };
    if (!cJSON_IsObject(v))
        return fail_got(c, path, "an object {\"name\", \"values\" or \"range\"}", v);
    if (!check_keys(c, v, path, keys)) return false;
    char p[PATHLEN];
    path_key(p, path, "name");
    const cJSON *nm = cJSON_GetObjectItemCaseSensitive(v, "name");
    if (!cJSON_IsString(nm) || !nm->valuestring[0] || strlen(nm->valuestring) >= sizeof pp->name)
        return fail_got(c, p, "a setting name (a string of at most 31 characters)", nm);
    snprintf(pp->name, sizeof pp->name, "%s", nm->valuestring);
    int comp, st = find_setting(c, (int)s->experiment, pp->name, &comp, p);
    if (st == -2) return false;
    if (st < 0)
        return fail(c, p, "unknown setting \"%s\" for experiment \"%s\" (docs/sweep.md lists them)",
                    pp->name, EXPERIMENTS[s->experiment]);
    pp->setting = st;
    pp->comp = comp;
    pp->is_string = SETTINGS[st].type == ST_STR;
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(v, "values");
    const cJSON *range = cJSON_GetObjectItemCaseSensitive(v, "range");
    const cJSON *count = cJSON_GetObjectItemCaseSensitive(v, "count");
    const cJSON *scale = cJSON_GetObjectItemCaseSensitive(v, "scale");
    if (!!values == !!range)
        return fail(c, path, "expected exactly one of \"values\" and \"range\"");
    if (values) {
        path_key(p, path, "values");
        if (count || scale)
            return fail(c, path, "\"count\" and \"scale\" go with \"range\", not with \"values\"");
        char want[64];
        snprintf(want, sizeof want, "an array of 1 to %d values", AK_SWEEP_MAX_VALUES);
        int nv = cJSON_IsArray(values) ? cJSON_GetArraySize(values) : 0;
        if (nv < 1 || nv > AK_SWEEP_MAX_VALUES) return fail_got(c, p, want, values);
        int i = 0;
        for (const cJSON *e = values->child; e; e = e->next, i++) {
            char pi[PATHLEN];
            path_index(pi, p, i);
            if (pp->is_string) {
                int idx;
                if (!read_name(c, st, e, pi, &idx)) return false;
                pp->values[i] = idx;
                snprintf(pp->names[i], sizeof pp->names[i], "%s", e->valuestring);
            } else if (!read_number(c, st, e, pi, &pp->values[i])) {
                return false;
            }
        }
        pp->count = nv;
        return true;
    }
    path_key(p, path, "range");
    if (pp->is_string || SETTINGS[st].type == ST_BOOL)
        return fail(c, p, "\"%s\" takes \"values\", not a range", pp->name);
    if (!cJSON_IsArray(range) || cJSON_GetArraySize(range) != 2)
        return fail_got(c, p, "an array of two numbers [lo, hi] with lo < hi", range);
    double lohi[2];
    for (int i = 0; i < 2; i++) {
        char pi[PATHLEN];
        path_index(pi, p, i);
        if (!read_number(c, st, cJSON_GetArrayItem(range, i), pi, &lohi[i])) return false;
    }
    if (!(lohi[0] < lohi[1]))
        return fail_got(c, p, "an array of two numbers [lo, hi] with lo < hi", range);
    pp->is_range = true;
    pp->lo = lohi[0], pp->hi = lohi[1];
    if (scale) {
        path_key(p, path, "scale");
        if (!cJSON_IsString(scale) ||
            (strcmp(scale->valuestring, "linear") && strcmp(scale->valuestring, "log")))
            return fail_got(c, p, "\"linear\" or \"log\"", scale);
        pp->log_scale = !strcmp(scale->valuestring, "log");
        if (pp->log_scale && pp->lo <= 0)
            return fail(c, p, "a log scale needs a range above 0, got lo = %g", pp->lo);
    }
    if (count) {
        path_key(p, path, "count");
        if (!cJSON_IsNumber(count) || count->valuedouble != floor(count->valuedouble) ||
            count->valuedouble < 2 || count->valuedouble > 1e6)
            return fail_got(c, p, "a whole number of grid points from 2 to 10^6", count);
        pp->count = (long)count->valuedouble;
    } else if (SETTINGS[st].type == ST_INT) {
        pp->count = (long)(pp->hi - pp->lo) + 1; // every integer
    }
    return true;
}

static bool read_sampling(ctx *c, ak_sweep_spec *s, const cJSON *v) {
    static const char *const keys[] = { "method", "count", "seed", NULL };
    const char *path = "sampling";
    if (!cJSON_IsObject(v))
        return fail_got(c, path, "an object {\"method\": \"grid\" | \"random\" | \"sobol\", ...}",
                        v);
    if (!check_keys(c, v, path, keys)) return false;
    char p[PATHLEN];
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(v, "method");
    path_key(p, path, "method");
    static const char *const METHODS_S[] = { "grid", "random", "sobol", NULL };
    int mi = cJSON_IsString(m) ? choice_index(METHODS_S, m->valuestring) : -1;
    if (mi < 0) return fail_got(c, p, "one of \"grid\", \"random\" or \"sobol\"", m);
    s->sampling = (ak_sweep_sampling)mi;
    const cJSON *cnt = cJSON_GetObjectItemCaseSensitive(v, "count");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(v, "seed");
    if (s->sampling == AK_SAMPLE_GRID) {
        if (cnt || seed)
            return fail(c, path,
                        "a grid takes no \"count\" or \"seed\" (each parameter gives its points)");
        long n = 1;
        for (int i = 0; i < s->nparam; i++) {
            const ak_sweep_param *pp = &s->params[i];
            char pi[PATHLEN];
            snprintf(pi, sizeof pi, "parameters[%d]", i);
            if (pp->count < 1)
                return fail(c, pi, "a range in a grid needs \"count\" (the number of grid points)");
            if (n > AK_SWEEP_MAX_SAMPLES / pp->count)
                return fail(c, "parameters", "the grid has more than 10^9 samples");
            n *= pp->count;
        }
        s->nsamples = n;
        return true;
    }
    path_key(p, path, "count");
    long maxn = s->sampling == AK_SAMPLE_SOBOL ? AK_SWEEP_MAX_SOBOL : AK_SWEEP_MAX_SAMPLES;
    if (!cJSON_IsNumber(cnt) || cnt->valuedouble != floor(cnt->valuedouble) ||
        cnt->valuedouble < 1 || cnt->valuedouble > (double)maxn)
        return fail_got(c, p,
                        s->sampling == AK_SAMPLE_SOBOL ? "a whole number of samples from 1 to 10^7"
                                                       : "a whole number of samples from 1 to 10^9",
                        cnt);
    s->nsamples = (long)cnt->valuedouble;
    if (s->sampling == AK_SAMPLE_RANDOM) {
        path_key(p, path, "seed");
        if (!cJSON_IsNumber(seed) || seed->valuedouble != floor(seed->valuedouble) ||
            seed->valuedouble < 0 || seed->valuedouble > 9007199254740992.0)
            return fail_got(c, p, "a whole number from 0 to 2^53", seed);
        s->seed = (uint64_t)seed->valuedouble;
    } else if (seed) {
        return fail(c, path, "\"seed\" goes with \"random\" (a Sobol sequence has none)");
    }
    return true;
}

static bool read_metrics(ctx *c, ak_sweep_spec *s, const cJSON *v) {
    const char *path = "metrics";
    char want[600];
    snprintf(want, sizeof want, "an array of 1 to %d metric names of experiment \"%s\" (%s)",
             AK_SWEEP_MAX_METRICS, EXPERIMENTS[s->experiment],
             ak_sweep_metric_list((int)s->experiment));
    int n = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : 0;
    if (n < 1 || n > AK_SWEEP_MAX_METRICS) return fail_got(c, path, want, v);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        char p[PATHLEN];
        path_index(p, path, i);
        int id = cJSON_IsString(e) ? ak_sweep_metric_find((int)s->experiment, e->valuestring) : -1;
        if (id < 0) {
            snprintf(want, sizeof want, "a metric of experiment \"%s\" (%s)",
                     EXPERIMENTS[s->experiment], ak_sweep_metric_list((int)s->experiment));
            return fail_got(c, p, want, e);
        }
        for (int j = 0; j < i; j++)
            if (s->metrics[j] == id)
                return fail(c, p, "metric \"%s\" is listed twice", e->valuestring);
        s->metrics[i] = id;
    }
    s->nmetric = n;
    return true;
}

static uint64_t fnv64(const char *t) {
    uint64_t h = 14695981039346656037ULL;
    for (; *t; t++) h = (h ^ (unsigned char)*t) * 1099511628211ULL;
    return h;
}

static bool read_spec(ctx *c, ak_sweep_spec *s, const cJSON *root, const char *base_dir) {
    static const char *const keys[] = { "format",     "title",    "experiment", "scene", "base",
                                        "parameters", "sampling", "metrics",    NULL };
    if (!cJSON_IsObject(root))
        return fail_got(c, NULL, "a JSON object (an anakata-sweep/1 spec)", root);
    if (!check_keys(c, root, "", keys)) return false;
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, AK_SWEEP_FORMAT))
        return fail_got(c, "format", "\"" AK_SWEEP_FORMAT "\"", fmt);
    const cJSON *title = cJSON_GetObjectItemCaseSensitive(root, "title");
    if (title) {
        if (!cJSON_IsString(title)) return fail_got(c, "title", "a string", title);
        snprintf(s->title, sizeof s->title, "%s", title->valuestring);
    }
    const cJSON *ex = cJSON_GetObjectItemCaseSensitive(root, "experiment");
    int ei = cJSON_IsString(ex) ? choice_index(EXPERIMENTS, ex->valuestring) : -1;
    if (ei < 0)
        return fail_got(c, "experiment", "one of \"free_body\", \"stack\" or \"collide\"", ex);
    s->experiment = (ak_sweep_experiment)ei;
    const cJSON *base = cJSON_GetObjectItemCaseSensitive(root, "base");
    const cJSON *scene = cJSON_GetObjectItemCaseSensitive(root, "scene");
    c->dim = 4;
    if (scene) {
        if (s->experiment != AK_SWEEP_FREE_BODY)
            return fail(c, "scene",
                        "a base scene goes with experiment \"free_body\" (its body 0), not \"%s\"",
                        EXPERIMENTS[ei]);
        if (!cJSON_IsString(scene) || !scene->valuestring[0] || strlen(scene->valuestring) > 400)
            return fail_got(c, "scene", "a scene file name (at most 400 characters)", scene);
        if (scene->valuestring[0] != '/' && base_dir && base_dir[0])
            snprintf(s->scene, sizeof s->scene, "%s/%s", base_dir, scene->valuestring);
        else
            snprintf(s->scene, sizeof s->scene, "%s", scene->valuestring);
        if (cJSON_IsObject(base) && cJSON_GetObjectItemCaseSensitive(base, "sides"))
            return fail(c, "base.sides", "give a scene or side lengths, not both");
        if (cJSON_IsObject(base) && cJSON_GetObjectItemCaseSensitive(base, "dim"))
            return fail(c, "base.dim", "the scene gives the dimension");
    }
    if (s->experiment == AK_SWEEP_FREE_BODY && cJSON_IsObject(base)) {
        const cJSON *sides = cJSON_GetObjectItemCaseSensitive(base, "sides");
        if (sides) {
            int n = cJSON_IsArray(sides) ? cJSON_GetArraySize(sides) : 0;
            if (n < 3 || n > AK_MAX_DIM)
                return fail_got(c, "base.sides", "an array of 3 to 5 side lengths (the dimension)",
                                sides);
            if (!read_array(c, sides, "base.sides", n, s->base.sides, 0, 1e3, true,
                            "a side length in (0, 1000] m"))
                return false;
            c->dim = n;
        }
    }
    if (s->experiment == AK_SWEEP_FREE_BODY && scene) {
        // The scene gives the dimension (plane names depend on it); its bodies are read again,
        // with their mass properties, when the sweep runs (experiments.c).
        char serr[AK_ERR_MAX];
        struct stat sst;
        if (stat(s->scene, &sst) != 0)
            return fail(c, "scene", "cannot load the base scene: %s: %s", s->scene,
                        strerror(errno));
        if (!S_ISREG(sst.st_mode)) return fail(c, "scene", "%s is not a regular file", s->scene);
        ak_model *m = ak_scene_load(s->scene, NULL, serr, sizeof serr);
        if (!m) return fail(c, "scene", "cannot load the base scene: %s", serr);
        int dim = m->dim, nb = m->nbody, moving = nb > 0 && !m->bodies[0].fixed;
        ak_model_free(m);
        if (dim < 3 || !moving)
            return fail(
                c, "scene",
                "expected a scene of dim 3 to 5 whose body 0 moves, got dim %d with %d bodies", dim,
                nb);
        c->dim = dim;
    }
    s->base.dim = c->dim;
    if (base && !read_base(c, s, base)) return false;
    if (s->experiment == AK_SWEEP_STACK) c->dim = s->base.dim;
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(root, "parameters");
    char want[80];
    snprintf(want, sizeof want, "an array of 1 to %d parameters", AK_SWEEP_MAX_PARAMS);
    int np = cJSON_IsArray(params) ? cJSON_GetArraySize(params) : 0;
    if (np < 1 || np > AK_SWEEP_MAX_PARAMS) return fail_got(c, "parameters", want, params);
    int i = 0;
    for (const cJSON *e = params->child; e; e = e->next, i++) {
        char p[PATHLEN];
        path_index(p, "parameters", i);
        if (!read_param(c, s, e, p, &s->params[i])) return false;
        for (int j = 0; j < i; j++)
            if (!strcmp(s->params[j].name, s->params[i].name))
                return fail(c, p, "parameter \"%s\" is listed twice", s->params[i].name);
        if (s->params[i].setting == S_PAIR_ANGLE && s->base.pair[0] < 0)
            return fail(c, p, "\"pair_angle\" needs base.pair (the two planes it mixes)");
    }
    s->nparam = np;
    if (s->experiment == AK_SWEEP_STACK)
        for (int j = 0; j < np; j++)
            if (s->params[j].setting == S_DIM) {
                char p[PATHLEN];
                path_index(p, "parameters", j);
                // the dimension fixes the model's shape; it stays one value per sweep
                return fail(c, p, "\"dim\" is a base setting, not a parameter");
            }
    const cJSON *sampling = cJSON_GetObjectItemCaseSensitive(root, "sampling");
    if (!sampling)
        return fail(c, "sampling",
                    "missing: expected {\"method\": \"grid\" | \"random\" | \"sobol\", ...}");
    if (!read_sampling(c, s, sampling)) return false;
    if (!read_metrics(c, s, cJSON_GetObjectItemCaseSensitive(root, "metrics"))) return false;
    if (s->experiment == AK_SWEEP_STACK) {
        bool split_ok = true;
        if (s->base.integrator != AK_INT_THESIS && s->base.integrator != AK_INT_CATTO &&
            s->base.integrator != AK_INT_EXP)
            split_ok = false;
        for (int j = 0; j < np; j++)
            if (s->params[j].setting == S_INTEGRATOR) {
                split_ok = true;
                for (int q = 0; q < s->params[j].count; q++) {
                    int ig = (int)s->params[j].values[q];
                    if (ig != AK_INT_THESIS && ig != AK_INT_CATTO && ig != AK_INT_EXP)
                        split_ok = false;
                }
            }
        bool base_set = base && cJSON_GetObjectItemCaseSensitive(base, "integrator");
        bool param_set = false;
        for (int j = 0; j < np; j++) param_set |= s->params[j].setting == S_INTEGRATOR;
        if ((base_set || param_set) && !split_ok)
            return fail(c, param_set ? "parameters" : "base.integrator",
                        "a stack needs a split integrator (\"thesis\", \"catto\" or \"exp\") so "
                        "that contacts "
                        "act between the velocity and position stages");
        if (!base_set && !param_set) s->base.integrator = AK_INT_CATTO;
    }
    char *canon = cJSON_PrintUnformatted(root);
    if (!canon) return fail(c, NULL, "out of memory");
    s->hash = fnv64(canon);
    cJSON_free(canon);
    if (s->sampling == AK_SAMPLE_SOBOL) {
        if (s->nparam > 40)
            return fail(c, "parameters", "a Sobol sequence takes at most 40 parameters");
        gsl_qrng *q = gsl_qrng_alloc(gsl_qrng_sobol, (unsigned)s->nparam);
        s->sobol = malloc((size_t)s->nsamples * (size_t)s->nparam * sizeof(double));
        if (!q || !s->sobol) {
            if (q) gsl_qrng_free(q);
            return fail(c, "sampling.count", "out of memory for %ld Sobol points", s->nsamples);
        }
        for (long j = 0; j < s->nsamples; j++)
            gsl_qrng_get(q, s->sobol + (size_t)j * (size_t)s->nparam);
        gsl_qrng_free(q);
    }
    return true;
}

static void line_col(const char *text, size_t len, size_t off, int *line, int *col) {
    *line = 1, *col = 1;
    for (size_t i = 0; i < off && i < len; i++) {
        if (text[i] == '\n')
            (*line)++, *col = 1;
        else
            (*col)++;
    }
}

ak_sweep_spec *ak_sweep_spec_parse(const char *text, size_t len, const char *filename,
                                   const char *base_dir, char *err, size_t errlen) {
    ctx c = { filename ? filename : "<sweep>", err, errlen, 4 };
    if (err && errlen) err[0] = '\0';
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
    if (!root) {
        size_t off = end ? (size_t)(end - text) : 0;
        int line, col;
        line_col(text, len, off, &line, &col);
        if (err && errlen) snprintf(err, errlen, "%s:%d:%d: JSON syntax error", c.file, line, col);
        return NULL;
    }
    ak_sweep_spec *s = calloc(1, sizeof *s);
    if (!s) {
        cJSON_Delete(root);
        fail(&c, NULL, "out of memory");
        return NULL;
    }
    snprintf(s->file, sizeof s->file, "%s", c.file);
    defaults(&s->base);
    bool ok = read_spec(&c, s, root, base_dir);
    cJSON_Delete(root);
    if (!ok) {
        ak_sweep_spec_free(s);
        return NULL;
    }
    return s;
}

ak_sweep_spec *ak_sweep_spec_load(const char *path, char *err, size_t errlen) {
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory, not a sweep spec", path);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(AK_SWEEP_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, AK_SWEEP_MAX_BYTES + 1, f) : 0;
    fclose(f);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    if (n > AK_SWEEP_MAX_BYTES) {
        free(buf);
        snprintf(err, errlen, "%s: larger than %ld bytes: not a sweep spec", path,
                 AK_SWEEP_MAX_BYTES);
        return NULL;
    }
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        dir[0] = '\0';
    ak_sweep_spec *s = ak_sweep_spec_parse(buf, n, path, dir, err, errlen);
    free(buf);
    return s;
}

void ak_sweep_spec_free(ak_sweep_spec *s) {
    if (!s) return;
    free(s->sobol);
    free(s);
}

// ---------------------------------------------------------------------------------------------
// samples

static uint64_t splitmix64(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static double unit(const ak_sweep_spec *s, long i, int p) {
    if (s->sampling == AK_SAMPLE_SOBOL) return s->sobol[(size_t)i * (size_t)s->nparam + (size_t)p];
    uint64_t h = splitmix64(s->seed ^ splitmix64((uint64_t)i * AK_SWEEP_MAX_PARAMS + (uint64_t)p));
    return (double)(h >> 11) * 0x1.0p-53;
}

static double from_unit(const ak_sweep_param *pp, double u) {
    if (!pp->is_range) {
        long k = (long)floor(u * (double)pp->count);
        if (k >= pp->count) k = pp->count - 1;
        return pp->values[k];
    }
    double x = pp->log_scale ? exp(log(pp->lo) + u * (log(pp->hi) - log(pp->lo)))
                             : pp->lo + u * (pp->hi - pp->lo);
    return x;
}

double ak_sweep_param_value(const ak_sweep_spec *s, long i, int p) {
    const ak_sweep_param *pp = &s->params[p];
    double x;
    if (s->sampling == AK_SAMPLE_GRID) {
        long idx = i;
        for (int q = s->nparam - 1; q > p; q--) idx /= s->params[q].count;
        idx %= pp->count;
        if (!pp->is_range)
            x = pp->values[idx];
        else {
            double u = pp->count > 1 ? (double)idx / (double)(pp->count - 1) : 0.0;
            x = pp->log_scale ? exp(log(pp->lo) + u * (log(pp->hi) - log(pp->lo)))
                              : pp->lo + u * (pp->hi - pp->lo);
            if (idx == pp->count - 1) x = pp->hi;
        }
    } else if (pp->is_range && SETTINGS[pp->setting].type == ST_INT) {
        // every integer of [lo, hi] equally likely
        x = fmin(pp->hi, floor(pp->lo + unit(s, i, p) * (pp->hi - pp->lo + 1.0)));
    } else {
        x = from_unit(pp, unit(s, i, p));
    }
    if (SETTINGS[pp->setting].type == ST_INT) x = round(x);
    return x;
}

void ak_sweep_sample_config(const ak_sweep_spec *s, long i, ak_sweep_config *cfg) {
    *cfg = s->base;
    for (int p = 0; p < s->nparam; p++)
        apply(cfg, s->params[p].setting, s->params[p].comp, ak_sweep_param_value(s, i, p));
}

void ak_sweep_config_omega(const ak_sweep_config *cfg, double w[]) {
    int k = cfg->dim * (cfg->dim - 1) / 2;
    bool set[AK_MAX_BIV] = { false };
    for (int q = 0; q < k; q++) w[q] = cfg->omega[q], set[q] = cfg->omega[q] != 0.0;
    if (cfg->plane >= 0 && cfg->plane < k) w[cfg->plane] = cfg->magnitude, set[cfg->plane] = true;
    if (cfg->pair[0] >= 0 && cfg->pair[1] < k && !isnan(cfg->pair_angle)) {
        w[cfg->pair[0]] = cfg->magnitude * cos(cfg->pair_angle);
        w[cfg->pair[1]] = cfg->magnitude * sin(cfg->pair_angle);
        set[cfg->pair[0]] = set[cfg->pair[1]] = true;
    }
    if (cfg->perturbation != 0.0)
        for (int q = 0; q < k; q++)
            if (!set[q] || cfg->has_pdir) w[q] += cfg->perturbation * cfg->pdir[q];
    for (int q = 0; q < k; q++)
        if (!isnan(cfg->comp[q])) w[q] = cfg->comp[q];
}
