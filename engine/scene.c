// Scene loader: anakata-scene/1 JSON -> ak_model + ak_data. The format, every default and every
// error are documented in docs/scene-format.md; docs/scene.schema.json is the same contract as a
// JSON Schema, and verify/tests/test_scene.c asserts each message.
//
// Structure: one reader per section. Each reader receives the JSON node and the field path of
// that node ("bodies[2].shape"), checks the node's keys against the allowed list, reads the
// fields with the typed helpers below, and on the first problem writes
// "file: path: expected ..., got ..." and returns false. Nothing is written to the model that
// has not been validated, and the model is freed on any failure.
#include "engine/scene.h"
#include "engine/model_mass.h"
#include "ref/collide/collide.h"
#include "ref/geom/polytope.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PATHLEN 192

typedef struct ctx {
    const char *file;
    char *err;
    size_t errlen;
    int dim;
} ctx;

// ---------------------------------------------------------------------------------------------
// Messages

static void set_err(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || errlen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/// "file: path: message". Always returns false so that readers can `return fail(...)`.
static bool fail(ctx *c, const char *path, const char *fmt, ...) {
    if (!c->err || c->errlen == 0) return false;
    char msg[AK_ERR_MAX];
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

static void fmt_number(char *out, size_t n, double v) {
    if (isnan(v))
        snprintf(out, n, "nan");
    else if (isinf(v))
        snprintf(out, n, v > 0 ? "inf" : "-inf");
    else
        snprintf(out, n, "%.15g", v);
}

/// A short description of a JSON value for "got ...": -1, "abc", true, null, an array of 3,
/// an object.
static void describe(char *out, size_t n, const cJSON *v) {
    if (!v) {
        snprintf(out, n, "nothing");
    } else if (cJSON_IsNumber(v)) {
        fmt_number(out, n, v->valuedouble);
    } else if (cJSON_IsString(v)) {
        // Quote and show printable ASCII only, cut at 40 characters.
        size_t k = 0;
        if (k + 1 < n) out[k++] = '"';
        const unsigned char *s = (const unsigned char *)v->valuestring;
        int shown = 0;
        for (; s && *s && k + 5 < n; s++) {
            if (shown == 40) {
                out[k++] = '.';
                out[k++] = '.';
                out[k++] = '.';
                break;
            }
            out[k++] = (*s >= 32 && *s < 127) ? (char)*s : '?';
            shown++;
        }
        if (k + 1 < n) out[k++] = '"';
        out[k < n ? k : n - 1] = '\0';
    } else if (cJSON_IsTrue(v)) {
        snprintf(out, n, "true");
    } else if (cJSON_IsFalse(v)) {
        snprintf(out, n, "false");
    } else if (cJSON_IsNull(v)) {
        snprintf(out, n, "null");
    } else if (cJSON_IsArray(v)) {
        int len = 0;
        for (const cJSON *e = v->child; e; e = e->next) len++;
        snprintf(out, n, "an array of %d", len);
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

// Paths are bounded (the deepest is forces.springs[63].anchor[4]), but a key given in the file
// may be long: a path that does not fit ends in "...".
static void path_fit(char out[PATHLEN], int written) {
    if (written >= PATHLEN) memcpy(out + PATHLEN - 4, "...", 4);
}

static void path_key(char out[PATHLEN], const char *base, const char *key) {
    if (base && base[0])
        path_fit(out, snprintf(out, PATHLEN, "%s.%s", base, key));
    else
        path_fit(out, snprintf(out, PATHLEN, "%s", key));
}

static void path_index(char out[PATHLEN], const char *base, int i) {
    path_fit(out, snprintf(out, PATHLEN, "%s[%d]", base, i));
}

typedef struct name_ref {
    const char *name;
    int idx;
} name_ref;

static int cmp_name_ref(const void *x, const void *y) {
    const name_ref *a = x, *b = y;
    int r = strcmp(a->name, b->name);
    return r ? r : (a->idx > b->idx) - (a->idx < b->idx);
}

static int array_len(const cJSON *a) {
    int n = 0;
    for (const cJSON *e = a->child; e; e = e->next) n++;
    return n;
}

// ---------------------------------------------------------------------------------------------
// Typed readers. Each takes the parent object, its path and the key; "opt" variants leave *out
// unchanged when the key is absent and report through *present.

/// Every key of obj must be in allowed (or start with '_'), and no key may appear twice.
/// what names the object in the message ("a body", "a hypersphere shape").
static bool check_keys(ctx *c, const cJSON *obj, const char *path, const char *const allowed[],
                       const char *what) {
    unsigned seen = 0; // allowed lists have fewer than 32 entries
    for (const cJSON *e = obj->child; e; e = e->next) {
        const char *k = e->string ? e->string : "";
        if (k[0] == '_') continue;
        int idx = -1;
        for (int i = 0; allowed[i]; i++)
            if (strcmp(k, allowed[i]) == 0) idx = i;
        char p[PATHLEN];
        path_key(p, path, k);
        if (idx < 0) {
            char list[400] = "";
            size_t used = 0;
            for (int i = 0; allowed[i] && used + 1 < sizeof list; i++) {
                int w =
                    snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", allowed[i]);
                if (w < 0) break;
                used += (size_t)w;
            }
            char shown[96];
            cJSON tmp = { 0 };
            tmp.type = cJSON_String;
            tmp.valuestring = (char *)k;
            describe(shown, sizeof shown, &tmp);
            return fail(c, path, "unknown key %s (%s has: %s)", shown, what, list);
        }
        if (seen & (1u << idx)) return fail(c, p, "duplicate key");
        seen |= 1u << idx;
    }
    return true;
}

static bool require_object(ctx *c, const cJSON *v, const char *path) {
    if (!cJSON_IsObject(v)) return fail_got(c, path, "an object", v);
    return true;
}

typedef struct range {
    double lo, hi;
    bool lo_open, hi_open;
    const char *what; // "a positive number"
} range;

static const range ANY = { -INFINITY, INFINITY, false, false, "a number" };
static const range POSITIVE = { 0.0, INFINITY, true, false, "a positive number" };
static const range NONNEG = { 0.0, INFINITY, false, false, "a non-negative number" };
static const range UNIT = { 0.0, 1.0, false, false, "a number in [0, 1]" };
static const range TIMESTEP = { 0.0, 1.0, true, false, "a number in (0, 1] (seconds)" };
static const range FOV = { 0.0, 180.0, true, true, "a number in (0, 180) (degrees)" };

static bool in_range(double x, const range *r) {
    if (r->lo_open ? !(x > r->lo) : !(x >= r->lo)) return false;
    if (r->hi_open ? !(x < r->hi) : !(x <= r->hi)) return false;
    return true;
}

/// Check a number node (path is the node's own path).
static bool number_value(ctx *c, const cJSON *v, const char *path, const range *r, double *out) {
    if (!cJSON_IsNumber(v)) return fail_got(c, path, r->what, v);
    double x = v->valuedouble;
    if (!isfinite(x)) return fail_got(c, path, "a finite number", v);
    if (!in_range(x, r)) return fail_got(c, path, r->what, v);
    *out = x;
    return true;
}

static bool get_number(ctx *c, const cJSON *obj, const char *path, const char *key, bool required,
                       const range *r, double *out, bool *present) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[PATHLEN];
    path_key(p, path, key);
    if (present) *present = v != NULL;
    if (!v) return required ? fail(c, p, "required field is missing (expected %s)", r->what) : true;
    return number_value(c, v, p, r, out);
}

static bool get_int(ctx *c, const cJSON *obj, const char *path, const char *key, bool required,
                    int lo, int hi, int *out) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[PATHLEN], what[64];
    path_key(p, path, key);
    snprintf(what, sizeof what, "an integer in [%d, %d]", lo, hi);
    if (!v) return required ? fail(c, p, "required field is missing (expected %s)", what) : true;
    if (!cJSON_IsNumber(v)) return fail_got(c, p, what, v);
    double x = v->valuedouble;
    if (!isfinite(x) || x != floor(x) || x < lo || x > hi) return fail_got(c, p, what, v);
    *out = (int)x;
    return true;
}

static bool get_bool(ctx *c, const cJSON *obj, const char *path, const char *key, bool *out,
                     bool *present) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (present) *present = v != NULL;
    if (!v) return true;
    char p[PATHLEN];
    path_key(p, path, key);
    if (!cJSON_IsBool(v)) return fail_got(c, p, "true or false", v);
    *out = cJSON_IsTrue(v);
    return true;
}

/// A string field copied into out[cap]; present is set when the key exists.
static bool get_string(ctx *c, const cJSON *obj, const char *path, const char *key, bool required,
                       char *out, size_t cap, bool *present) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[PATHLEN];
    path_key(p, path, key);
    if (present) *present = v != NULL;
    if (!v) return required ? fail(c, p, "required field is missing (expected a string)") : true;
    if (!cJSON_IsString(v) || !v->valuestring) return fail_got(c, p, "a string", v);
    size_t n = strlen(v->valuestring);
    if (n + 1 > cap)
        return fail(c, p, "expected a string of at most %zu characters, got %zu", cap - 1, n);
    memcpy(out, v->valuestring, n + 1);
    return true;
}

// ---- the names of the options (model.h), the one name <-> value table --------------------------
// Each list gives the names in the enum's order; the comma-separated list for messages is made
// from the same list by the preprocessor.
#define INTEGRATORS(X) X("thesis") X("catto") X("rk4") X("exp") X("gsl")
#define METHODS(X) X("vector") X("pga") X("converged")
#define VARIANTS(X) X("corrected") X("published")
#define ORDERS(X) X("sequential") X("coloured")
#define NAME_ENTRY(s) s,
#define NAME_ITEM(s) ", " s

typedef struct option_names {
    const char *const *names;
    int count;
    const char *list; ///< "a, b, c"
} option_names;

static const char *const INTEGRATOR_NAMES[] = { INTEGRATORS(NAME_ENTRY) };
static const char *const METHOD_NAMES[] = { METHODS(NAME_ENTRY) };
static const char *const VARIANT_NAMES[] = { VARIANTS(NAME_ENTRY) };
static const char *const ORDER_NAMES[] = { ORDERS(NAME_ENTRY) };
#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))
_Static_assert(COUNT_OF(INTEGRATOR_NAMES) == AK_INT_COUNT, "a name for every integrator");
_Static_assert(COUNT_OF(METHOD_NAMES) == AK_SOLVER_METHOD_COUNT, "a name for every method");
_Static_assert(COUNT_OF(VARIANT_NAMES) == AK_VARIANT_COUNT, "a name for every variant");
_Static_assert(COUNT_OF(ORDER_NAMES) == AK_ORDER_COUNT, "a name for every order");

// The lists skip the leading ", " of the first item ([2]).
static const option_names INTEGRATOR_OPT = { INTEGRATOR_NAMES, AK_INT_COUNT,
                                             &(INTEGRATORS(NAME_ITEM))[2] };
static const option_names METHOD_OPT = { METHOD_NAMES, AK_SOLVER_METHOD_COUNT,
                                         &(METHODS(NAME_ITEM))[2] };
static const option_names VARIANT_OPT = { VARIANT_NAMES, AK_VARIANT_COUNT,
                                          &(VARIANTS(NAME_ITEM))[2] };
static const option_names ORDER_OPT = { ORDER_NAMES, AK_ORDER_COUNT, &(ORDERS(NAME_ITEM))[2] };

static int option_parse(const option_names *o, const char *name) {
    if (!name) return -1;
    for (int i = 0; i < o->count; i++)
        if (strcmp(name, o->names[i]) == 0) return i;
    return -1;
}

static const char *option_name(const option_names *o, int i) {
    return i >= 0 && i < o->count ? o->names[i] : "?";
}

int ak_integrator_parse(const char *name, ak_integrator *out) {
    int i = option_parse(&INTEGRATOR_OPT, name);
    if (i < 0) return -1;
    *out = (ak_integrator)i;
    return 0;
}
const char *ak_integrator_name(ak_integrator i) { return option_name(&INTEGRATOR_OPT, (int)i); }
const char *ak_integrator_names(void) { return INTEGRATOR_OPT.list; }

int ak_solver_method_parse(const char *name, ak_solver_method *out) {
    int i = option_parse(&METHOD_OPT, name);
    if (i < 0) return -1;
    *out = (ak_solver_method)i;
    return 0;
}
const char *ak_solver_method_name(ak_solver_method m) { return option_name(&METHOD_OPT, (int)m); }
const char *ak_solver_method_names(void) { return METHOD_OPT.list; }

int ak_variant_parse(const char *name, ak_variant *out) {
    int i = option_parse(&VARIANT_OPT, name);
    if (i < 0) return -1;
    *out = (ak_variant)i;
    return 0;
}
const char *ak_variant_name(ak_variant v) { return option_name(&VARIANT_OPT, (int)v); }
const char *ak_variant_names(void) { return VARIANT_OPT.list; }

int ak_order_parse(const char *name, ak_order *out) {
    int i = option_parse(&ORDER_OPT, name);
    if (i < 0) return -1;
    *out = (ak_order)i;
    return 0;
}
const char *ak_order_name(ak_order o) { return option_name(&ORDER_OPT, (int)o); }
const char *ak_order_names(void) { return ORDER_OPT.list; }

/// One of an option's names (absent: *out keeps its default). An unknown name is refused with
/// the field and the accepted names.
static bool get_option(ctx *c, const cJSON *obj, const char *path, const char *key,
                       const option_names *o, int *out) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) return true;
    char p[PATHLEN], what[160] = "one of";
    path_key(p, path, key);
    for (int i = 0; i < o->count; i++) {
        size_t u = strlen(what);
        snprintf(what + u, sizeof what - u, "%s \"%s\"", i ? "," : "", o->names[i]);
    }
    int i = cJSON_IsString(v) ? option_parse(o, v->valuestring) : -1;
    if (i < 0) return fail_got(c, p, what, v);
    *out = i;
    return true;
}

/// An array of exactly n finite numbers. note explains n in the message ("dim is 4").
static bool vec_value(ctx *c, const cJSON *v, const char *path, int n, const char *note,
                      double out[]) {
    char what[96];
    snprintf(what, sizeof what, "an array of %d numbers (%s)", n, note);
    if (!cJSON_IsArray(v) || array_len(v) != n) return fail_got(c, path, what, v);
    int i = 0;
    double tmp[AK_MAX_EVEN];
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        char p[PATHLEN];
        path_index(p, path, i);
        if (!number_value(c, e, p, &ANY, &tmp[i])) return false;
    }
    memcpy(out, tmp, (size_t)n * sizeof(double));
    return true;
}

static bool get_vec(ctx *c, const cJSON *obj, const char *path, const char *key, bool required,
                    int n, const char *note, double out[], bool *present) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[PATHLEN];
    path_key(p, path, key);
    if (present) *present = v != NULL;
    if (!v) {
        if (!required) return true;
        return fail(c, p, "required field is missing (expected an array of %d numbers)", n);
    }
    return vec_value(c, v, p, n, note, out);
}

static void dim_note(char *out, size_t n, int dim) { snprintf(out, n, "dim is %d", dim); }

/// A point or direction: dim numbers.
static bool get_point(ctx *c, const cJSON *obj, const char *path, const char *key, bool required,
                      double out[], bool *present) {
    char note[32];
    dim_note(note, sizeof note, c->dim);
    return get_vec(c, obj, path, key, required, c->dim, note, out, present);
}

/// Euclidean length of v[0..n), scaled so that squaring cannot overflow or underflow
/// (a normal of [1e200, 0, 0, 0] has length 1e200, not infinity).
static double vec_length(int n, const double v[]) {
    double big = 0.0;
    for (int i = 0; i < n; i++)
        if (fabs(v[i]) > big) big = fabs(v[i]);
    if (big == 0.0) return 0.0;
    double s = 0.0;
    for (int i = 0; i < n; i++) s += (v[i] / big) * (v[i] / big);
    return big * sqrt(s);
}

/// A direction: dim numbers, not zero, normalised on return.
static bool get_direction(ctx *c, const cJSON *obj, const char *path, const char *key,
                          bool required, double out[], bool *present) {
    double d[AK_MAX_DIM];
    bool here = false;
    if (!get_point(c, obj, path, key, required, d, &here)) return false;
    if (present) *present = here;
    if (!here) return true;
    double len = vec_length(c->dim, d);
    char p[PATHLEN];
    path_key(p, path, key);
    if (!(len >= AK_SCENE_MIN_NORMAL))
        return fail(c, p, "expected a non-zero vector, got length %g", len);
    for (int i = 0; i < c->dim; i++) out[i] = d[i] / len;
    return true;
}

// ---------------------------------------------------------------------------------------------
// Orientation: "rotor" (2^(n-1) numbers) or "rotations" (a list of plane rotations).

static int axis_index(char ch) {
    static const char axes[] = "xyzwv";
    const char *p = strchr(axes, ch);
    return (ch && p) ? (int)(p - axes) : -1;
}

static bool rotation_list(ctx *c, const cJSON *v, const char *path, double R[]) {
    int n = c->dim;
    if (!cJSON_IsArray(v))
        return fail_got(c, path, "an array of {\"plane\", \"angle\"} objects", v);
    double acc[AK_MAX_EVEN], step[AK_MAX_EVEN], tmp[AK_MAX_EVEN];
    ak_nd_rotor_identity(n, acc);
    int idx = 0;
    for (const cJSON *e = v->child; e; e = e->next, idx++) {
        char p[PATHLEN], pp[PATHLEN];
        path_index(p, path, idx);
        if (!require_object(c, e, p)) return false;
        static const char *const keys[] = { "plane", "angle", NULL };
        if (!check_keys(c, e, p, keys, "a rotation")) return false;
        char plane[8];
        if (!get_string(c, e, p, "plane", true, plane, sizeof plane, NULL)) {
            // a too-long string is still an unknown plane: say so in the plane's terms
            const cJSON *pl = cJSON_GetObjectItemCaseSensitive(e, "plane");
            if (!cJSON_IsString(pl)) return false;
            path_key(pp, p, "plane");
            return fail_got(c, pp, "a plane name of two different axes from \"xyzwv\"", pl);
        }
        path_key(pp, p, "plane");
        int i = axis_index(plane[0]), j = i >= 0 ? axis_index(plane[1]) : -1;
        if (strlen(plane) != 2 || i < 0 || j < 0 || i == j) {
            const cJSON *pl = cJSON_GetObjectItemCaseSensitive(e, "plane");
            return fail_got(c, pp, "a plane name of two different axes from \"xyzwv\"", pl);
        }
        if (i >= n || j >= n) {
            static const char axes[] = "xyzwv";
            return fail(c, pp, "plane \"%s\" is not in dim %d (its axes are %.*s)", plane, n, n,
                        axes);
        }
        double angle = 0.0;
        if (!get_number(c, e, p, "angle", true, &ANY, &angle, NULL)) return false;
        // The first listed rotation is applied first: R = R_k ... R_2 R_1.
        ak_nd_rotor_plane(n, step, i, j, angle);
        ak_nd_rotor_mul(n, tmp, step, acc);
        memcpy(acc, tmp, sizeof acc);
    }
    ak_nd_rotor_normalize(n, acc); // a long list must not drift from unit length
    memcpy(R, acc, (size_t)ak_nd_neven(n) * sizeof(double));
    return true;
}

static bool rotor_value(ctx *c, const cJSON *v, const char *path, double R[]) {
    int n = c->dim, ne = ak_nd_neven(n);
    char note[48];
    snprintf(note, sizeof note, "a rotor in dim %d", n);
    double r[AK_MAX_EVEN], rr[AK_MAX_EVEN], p[AK_MAX_EVEN];
    if (!vec_value(c, v, path, ne, note, r)) return false;
    // A rotor satisfies R R~ = 1 exactly (every component, not only the scalar part: in 4D an
    // even element with R R~ = 1 + a xyzw is not a rotation).
    ak_nd_rotor_reverse(n, rr, r);
    ak_nd_rotor_mul(n, p, r, rr);
    double worst = 0.0;
    for (int k = 0; k < ne; k++) {
        double d = fabs(p[k] - (k == 0 ? 1.0 : 0.0));
        if (d > worst) worst = d;
    }
    if (!(worst <= AK_SCENE_ROTOR_TOL)) {
        char got[40];
        fmt_number(got, sizeof got, worst);
        return fail(c, path,
                    "expected a unit rotor (R R~ = 1 within %g), but R R~ - 1 has a component "
                    "of size %s",
                    AK_SCENE_ROTOR_TOL, got);
    }
    ak_nd_rotor_normalize(n, r); // removes the rounding of the printed digits
    memcpy(R, r, (size_t)ne * sizeof(double));
    return true;
}

/// Reads "rotor" or "rotations" of obj into R (left unchanged when neither is present).
static bool get_orientation(ctx *c, const cJSON *obj, const char *path, double R[], bool *present) {
    const cJSON *rotor = cJSON_GetObjectItemCaseSensitive(obj, "rotor");
    const cJSON *rots = cJSON_GetObjectItemCaseSensitive(obj, "rotations");
    char p[PATHLEN];
    if (present) *present = rotor || rots;
    if (rotor && rots) return fail(c, path, "give either \"rotor\" or \"rotations\", not both");
    if (rotor) {
        path_key(p, path, "rotor");
        return rotor_value(c, rotor, p, R);
    }
    if (rots) {
        path_key(p, path, "rotations");
        return rotation_list(c, rots, p, R);
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Bodies

static const char *const SHAPE_KEYS[AK_SHAPE_COUNT][4] = {
    [AK_SHAPE_HYPERSPHERE] = { "type", "radius", NULL },
    [AK_SHAPE_HYPERCAPSULE] = { "type", "radius", "half_length", NULL },
    [AK_SHAPE_HYPERBOX] = { "type", "half_extents", NULL },
    [AK_SHAPE_HYPERPLANE] = { "type", "normal", "offset", NULL },
    [AK_SHAPE_CONVEX] = { "type", "vertices", NULL },
    [AK_SHAPE_DUOCYLINDER] = { "type", "radii", NULL },
};

/// Append count vertices (n-D) to *verts, growing it; returns the destination or NULL.
static double *grow_verts(double **verts, int *nverts_total, int *cap, int count, int n) {
    if (*nverts_total + count > *cap) {
        int ncap = (*cap ? *cap : 64);
        while (ncap < *nverts_total + count) ncap *= 2;
        double *nv = realloc(*verts, (size_t)ncap * AK_MAX_DIM * sizeof(double));
        if (!nv) return NULL;
        *verts = nv;
        *cap = ncap;
    }
    return *verts + (size_t)*nverts_total * (size_t)n;
}

/// A regular polytope by name (geom/polytope.h), size = circumradius: becomes a convex shape
/// with the generated vertices and its facet planes (normals from the dual's vertices, G-POLY.2).
/// The planes are kept in a temporary allocation on the shape until read_scene moves them
/// into model->verts (fix_facets).
static bool read_polytope(ctx *c, const cJSON *v, const char *path, ak_shape *s, double **verts,
                          int *nverts_total, int *cap) {
    static const char *const KEYS[] = { "type", "name", "size", NULL };
    int n = c->dim;
    char p[PATHLEN], name[32];
    if (!check_keys(c, v, path, KEYS, "a polytope shape")) return false;
    path_key(p, path, "name");
    const char *names =
        "one of \"5-cell\", \"8-cell\" (or \"tesseract\"), \"16-cell\", \"24-cell\", "
        "\"120-cell\", \"600-cell\" (4D), \"tetrahedron\", \"cube\", \"octahedron\", "
        "\"dodecahedron\", \"icosahedron\" (3D)";
    const cJSON *nm = cJSON_GetObjectItemCaseSensitive(v, "name");
    if (!nm) return fail(c, p, "required field is missing (expected %s)", names);
    if (!cJSON_IsString(nm) || !nm->valuestring || strlen(nm->valuestring) >= sizeof name)
        return fail_got(c, p, names, nm);
    snprintf(name, sizeof name, "%s", nm->valuestring);
    const ak_polytope_info *info = ak_polytope_find(name);
    if (!info) return fail_got(c, p, names, nm);
    if (info->dim != n)
        return fail(c, p, "a %s is %d-dimensional (this scene has dim %d)", info->name, info->dim,
                    n);
    double size = 0;
    if (!get_number(c, v, path, "size", true, &POSITIVE, &size, NULL)) return false;
    double *dst = grow_verts(verts, nverts_total, cap, info->nverts, n);
    double *nrm = malloc(sizeof(double) * (size_t)info->nfacets * (size_t)n);
    double *pl = malloc(sizeof(double) * (size_t)info->nfacets * (size_t)(n + 1));
    int nf = -1;
    if (dst && nrm && pl &&
        ak_polytope_vertices(info->name, size, dst, info->nverts) == info->nverts &&
        ak_polytope_facet_normals(info->name, nrm, info->nfacets) == info->nfacets)
        nf = ak_convex_facets_from_normals(n, pl, info->nfacets, dst, info->nverts, nrm,
                                           info->nfacets);
    free(nrm);
    if (nf != info->nfacets) {
        free(pl);
        path_key(p, path, "type");
        return fail(c, p,
                    dst ? "internal error: the %s has %d facets, expected %d" : "out of memory",
                    info->name, nf, info->nfacets);
    }
    s->type = AK_SHAPE_CONVEX;
    s->dim = n;
    s->nverts = info->nverts;
    s->verts = NULL; // fixed up in read_scene, like every convex shape
    s->nfacets = nf;
    s->facets = pl; // temporary, see fix_facets
    *nverts_total += info->nverts;
    return true;
}

/// Reads a shape. Convex vertices are appended to *verts (grown as needed).
static bool read_shape(ctx *c, const cJSON *v, const char *path, ak_shape *s, double **verts,
                       int *nverts_total, int *cap) {
    int n = c->dim;
    char p[PATHLEN], what[96], note[32];
    if (!require_object(c, v, path)) return false;
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(v, "type");
    path_key(p, path, "type");
    const char *kinds = "one of \"hypersphere\", \"hypercapsule\", \"hyperbox\", \"hyperplane\", "
                        "\"convex\", \"duocylinder\", \"polytope\"";
    if (!type) return fail(c, p, "required field is missing (expected %s)", kinds);
    if (cJSON_IsString(type) && type->valuestring && !strcmp(type->valuestring, "polytope"))
        return read_polytope(c, v, path, s, verts, nverts_total, cap);
    int t = -1;
    if (cJSON_IsString(type) && type->valuestring)
        for (int k = 0; k < AK_SHAPE_COUNT; k++)
            if (strcmp(type->valuestring, ak_shape_type_name((ak_shape_type)k)) == 0) t = k;
    if (t < 0) {
        if (!cJSON_IsString(type)) return fail_got(c, p, kinds, type);
        char got[96];
        describe(got, sizeof got, type);
        return fail(c, p, "unknown shape type %s (expected %s)", got, kinds);
    }
    snprintf(what, sizeof what, "a %s shape", ak_shape_type_name((ak_shape_type)t));
    if (!check_keys(c, v, path, SHAPE_KEYS[t], what)) return false;
    s->type = (ak_shape_type)t;
    s->dim = n;
    dim_note(note, sizeof note, n);
    switch (s->type) {
        case AK_SHAPE_HYPERSPHERE:
            return get_number(c, v, path, "radius", true, &POSITIVE, &s->radius, NULL);
        case AK_SHAPE_HYPERCAPSULE:
            return get_number(c, v, path, "radius", true, &POSITIVE, &s->radius, NULL) &&
                   get_number(c, v, path, "half_length", true, &POSITIVE, &s->half_length, NULL);
        case AK_SHAPE_HYPERBOX: {
            if (!get_vec(c, v, path, "half_extents", true, n, note, s->half_extents, NULL))
                return false;
            path_key(p, path, "half_extents");
            for (int i = 0; i < n; i++) {
                char pi[PATHLEN];
                path_index(pi, p, i);
                if (!(s->half_extents[i] > 0.0)) {
                    char got[40];
                    fmt_number(got, sizeof got, s->half_extents[i]);
                    return fail(c, pi, "expected a positive number, got %s", got);
                }
            }
            return true;
        }
        case AK_SHAPE_HYPERPLANE: {
            double nrm[AK_MAX_DIM];
            if (!get_vec(c, v, path, "normal", true, n, note, nrm, NULL)) return false;
            double off = 0.0;
            if (!get_number(c, v, path, "offset", false, &ANY, &off, NULL)) return false;
            double len = vec_length(n, nrm);
            path_key(p, path, "normal");
            if (!(len >= AK_SCENE_MIN_NORMAL))
                return fail(c, p, "expected a non-zero normal, got length %g", len);
            // {x : n.x <= d} is the same set as {x : (n/|n|).x <= d/|n|}: normalising both is exact.
            for (int i = 0; i < n; i++) s->normal[i] = nrm[i] / len;
            s->offset = off / len;
            if (!isfinite(s->offset)) {
                path_key(p, path, "offset");
                return fail(c, p, "offset / |normal| overflows (offset %g, |normal| %g)", off, len);
            }
            return true;
        }
        case AK_SHAPE_DUOCYLINDER: {
            path_key(p, path, "type");
            if (n != 4)
                return fail(c, p, "a duocylinder exists only in dim 4 (this scene has dim %d)", n);
            if (!get_vec(c, v, path, "radii", true, 2, "r_xy, r_zw", s->radii, NULL)) return false;
            path_key(p, path, "radii");
            for (int i = 0; i < 2; i++) {
                char pi[PATHLEN];
                path_index(pi, p, i);
                if (!(s->radii[i] > 0.0)) {
                    char got[40];
                    fmt_number(got, sizeof got, s->radii[i]);
                    return fail(c, pi, "expected a positive number, got %s", got);
                }
            }
            return true;
        }
        case AK_SHAPE_CONVEX: {
            const cJSON *vs = cJSON_GetObjectItemCaseSensitive(v, "vertices");
            path_key(p, path, "vertices");
            snprintf(what, sizeof what, "an array of at least %d vertices (n+1 in dim %d)", n + 1,
                     n);
            if (!vs) return fail(c, p, "required field is missing (expected %s)", what);
            if (!cJSON_IsArray(vs)) return fail_got(c, p, what, vs);
            int count = array_len(vs);
            if (count < n + 1) return fail_got(c, p, what, vs);
            if (count > AK_SCENE_MAX_VERTS)
                return fail(c, p, "expected at most %d vertices, got %d", AK_SCENE_MAX_VERTS,
                            count);
            double *dst = grow_verts(verts, nverts_total, cap, count, n);
            if (!dst) return fail(c, p, "out of memory");
            int i = 0;
            for (const cJSON *e = vs->child; e; e = e->next, i++) {
                char pi[PATHLEN];
                path_index(pi, p, i);
                if (!vec_value(c, e, pi, n, note, dst + (size_t)i * (size_t)n)) return false;
            }
            // The shape's pointer is fixed up once all bodies are read (verts may still move);
            // until then nverts_total marks where this body's vertices start.
            s->nverts = count;
            s->verts = NULL;
            *nverts_total += count;
            return true;
        }
        default: return fail(c, path, "internal error: shape type %d", t);
    }
}

static bool valid_name_char(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_' || ch == '-' || ch == '.';
}

static const char *const BODY_KEYS[] = { "name",      "shape",    "mass",
                                         "density",   "position", "rotor",
                                         "rotations", "velocity", "angular_velocity",
                                         "fixed",     "material", "color",
                                         NULL };

/// The default colour of body b: a fixed palette, cycled (linear RGB).
static void default_color(int b, double rgb[3]) {
    static const double pal[8][3] = { { 0.85, 0.33, 0.10 }, { 0.00, 0.45, 0.74 },
                                      { 0.93, 0.69, 0.13 }, { 0.49, 0.18, 0.56 },
                                      { 0.47, 0.67, 0.19 }, { 0.30, 0.75, 0.93 },
                                      { 0.64, 0.08, 0.18 }, { 0.60, 0.60, 0.60 } };
    memcpy(rgb, pal[b % 8], sizeof pal[0]);
}

static bool read_material(ctx *c, const cJSON *v, const char *path, ak_material *mat) {
    if (!require_object(c, v, path)) return false;
    static const char *const keys[] = { "friction", "static_friction", "restitution", NULL };
    if (!check_keys(c, v, path, keys, "a material")) return false;
    if (!get_number(c, v, path, "friction", false, &NONNEG, &mat->friction, NULL)) return false;
    mat->static_friction = mat->friction; // default: the kinetic coefficient
    if (!get_number(c, v, path, "static_friction", false, &NONNEG, &mat->static_friction, NULL))
        return false;
    return get_number(c, v, path, "restitution", false, &UNIT, &mat->restitution, NULL);
}

static bool read_body(ctx *c, const cJSON *v, const char *path, int b, ak_model *m, ak_data *d,
                      int *cap) {
    int n = c->dim;
    ak_body *bd = &m->bodies[b];
    char p[PATHLEN], note[32];
    if (!require_object(c, v, path)) return false;
    if (!check_keys(c, v, path, BODY_KEYS, "a body")) return false;

    // name: default "body<index>"; letters, digits, '_', '-', '.' (they go into CSV columns).
    snprintf(bd->name, sizeof bd->name, "body%d", b);
    bool has_name = false;
    if (!get_string(c, v, path, "name", false, bd->name, sizeof bd->name, &has_name)) return false;
    if (has_name) {
        path_key(p, path, "name");
        bool ok = bd->name[0] != '\0';
        for (const char *s = bd->name; *s; s++) ok = ok && valid_name_char(*s);
        if (!ok)
            return fail_got(c, p, "a non-empty name of letters, digits, '_', '-' and '.'",
                            cJSON_GetObjectItemCaseSensitive(v, "name"));
    }

    // shape (required)
    const cJSON *shape = cJSON_GetObjectItemCaseSensitive(v, "shape");
    path_key(p, path, "shape");
    if (!shape) return fail(c, p, "required field is missing (expected an object)");
    if (!read_shape(c, shape, p, &bd->shape, &m->verts, &m->nverts_total, cap)) return false;

    bool plane = bd->shape.type == AK_SHAPE_HYPERPLANE;
    bool has_fixed = false;
    bd->fixed = plane;
    if (!get_bool(c, v, path, "fixed", &bd->fixed, &has_fixed)) return false;
    if (plane && !bd->fixed) {
        path_key(p, path, "fixed");
        return fail(c, p, "a hyperplane is always fixed (remove \"fixed\": false)");
    }

    // mass or density: exactly one for a movable body, neither for a fixed one.
    const cJSON *mass = cJSON_GetObjectItemCaseSensitive(v, "mass");
    const cJSON *density = cJSON_GetObjectItemCaseSensitive(v, "density");
    if (bd->fixed) {
        const char *k = mass ? "mass" : density ? "density" : NULL;
        if (k) {
            path_key(p, path, k);
            return fail(c, p, "a fixed body has no mass or density (it never moves); remove \"%s\"",
                        k);
        }
    } else {
        if (mass && density) return fail(c, path, "give either \"mass\" or \"density\", not both");
        if (!mass && !density)
            return fail(c, path,
                        "a movable body needs \"mass\" or \"density\" (or \"fixed\": true)");
        if (mass && !get_number(c, v, path, "mass", true, &POSITIVE, &bd->mass, NULL)) return false;
        if (density && !get_number(c, v, path, "density", true, &POSITIVE, &bd->density, NULL))
            return false;
    }

    // pose and velocities
    double *x = &d->x[(size_t)b * AK_MAX_DIM], *vel = &d->v[(size_t)b * AK_MAX_DIM];
    double *R = &d->R[(size_t)b * AK_MAX_EVEN], *w = &d->w[(size_t)b * AK_MAX_BIV];
    if (plane) {
        // A hyperplane is placed by its normal and offset in the world frame.
        static const char *const pose_keys[] = { "position", "rotor", "rotations", NULL };
        for (int k = 0; pose_keys[k]; k++)
            if (cJSON_GetObjectItemCaseSensitive(v, pose_keys[k])) {
                path_key(p, path, pose_keys[k]);
                return fail(c, p,
                            "a hyperplane is placed by its normal and offset (world frame); "
                            "remove \"%s\"",
                            pose_keys[k]);
            }
    }
    if (!get_point(c, v, path, "position", false, x, NULL)) return false;
    if (!get_orientation(c, v, path, R, NULL)) return false;
    dim_note(note, sizeof note, n);
    bool has_v = false, has_w = false;
    if (!get_vec(c, v, path, "velocity", false, n, note, vel, &has_v)) return false;
    char bnote[48];
    snprintf(bnote, sizeof bnote, "a bivector in dim %d", n);
    if (!get_vec(c, v, path, "angular_velocity", false, ak_nd_nbiv(n), bnote, w, &has_w))
        return false;
    if (bd->fixed) {
        // A fixed body never moves: a velocity other than zero would be silently dropped.
        for (int i = 0; i < n; i++)
            if (vel[i] != 0.0) {
                path_key(p, path, "velocity");
                return fail(c, p, "a fixed body never moves; its velocity must be zero");
            }
        for (int k = 0; k < ak_nd_nbiv(n); k++)
            if (w[k] != 0.0) {
                path_key(p, path, "angular_velocity");
                return fail(c, p, "a fixed body never moves; its angular velocity must be zero");
            }
    }

    const cJSON *mat = cJSON_GetObjectItemCaseSensitive(v, "material");
    if (mat) {
        path_key(p, path, "material");
        if (!read_material(c, mat, p, &bd->material)) return false;
    }

    default_color(b, bd->color);
    const cJSON *col = cJSON_GetObjectItemCaseSensitive(v, "color");
    if (col) {
        path_key(p, path, "color");
        double rgb[3];
        if (!vec_value(c, col, p, 3, "linear RGB", rgb)) return false;
        for (int i = 0; i < 3; i++)
            if (!(rgb[i] >= 0.0 && rgb[i] <= 1.0)) {
                char pi[PATHLEN], got[40];
                path_index(pi, p, i);
                fmt_number(got, sizeof got, rgb[i]);
                return fail(c, pi, "expected a number in [0, 1], got %s", got);
            }
        memcpy(bd->color, rgb, sizeof rgb);
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Other sections

static int find_body(const ak_model *m, const char *name) {
    for (int b = 0; b < m->nbody; b++)
        if (strcmp(m->bodies[b].name, name) == 0) return b;
    return -1;
}

static bool body_ref(ctx *c, const cJSON *obj, const char *path, const char *key, bool required,
                     const ak_model *m, int *out) {
    char name[AK_NAME_MAX] = "", p[PATHLEN];
    bool here = false;
    path_key(p, path, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (v && (!cJSON_IsString(v) || !v->valuestring || strlen(v->valuestring) >= AK_NAME_MAX)) {
        if (!cJSON_IsString(v)) return fail_got(c, p, "a body name", v);
        return fail_got(c, p, "the name of a body in \"bodies\"", v);
    }
    if (!get_string(c, obj, path, key, required, name, sizeof name, &here)) return false;
    if (!here) return true;
    int b = find_body(m, name);
    if (b < 0) return fail_got(c, p, "the name of a body in \"bodies\"", v);
    *out = b;
    return true;
}

static bool read_forces(ctx *c, const cJSON *v, ak_model *m) {
    const char *path = "forces";
    if (!require_object(c, v, path)) return false;
    static const char *const keys[] = { "drag", "springs", NULL };
    if (!check_keys(c, v, path, keys, "\"forces\"")) return false;
    const cJSON *drag = cJSON_GetObjectItemCaseSensitive(v, "drag");
    if (drag) {
        const char *dp = "forces.drag";
        if (!require_object(c, drag, dp)) return false;
        static const char *const dkeys[] = { "linear", "quadratic", "angular", NULL };
        if (!check_keys(c, drag, dp, dkeys, "\"drag\"")) return false;
        if (!get_number(c, drag, dp, "linear", false, &NONNEG, &m->forces.linear_drag, NULL) ||
            !get_number(c, drag, dp, "quadratic", false, &NONNEG, &m->forces.quadratic_drag,
                        NULL) ||
            !get_number(c, drag, dp, "angular", false, &NONNEG, &m->forces.angular_drag, NULL))
            return false;
    }
    const cJSON *springs = cJSON_GetObjectItemCaseSensitive(v, "springs");
    if (springs) {
        const char *sp = "forces.springs";
        char what[64];
        snprintf(what, sizeof what, "an array of at most %d springs", AK_MAX_SPRINGS);
        if (!cJSON_IsArray(springs) || array_len(springs) > AK_MAX_SPRINGS)
            return fail_got(c, sp, what, springs);
        int i = 0;
        for (const cJSON *e = springs->child; e; e = e->next, i++) {
            char p[PATHLEN];
            path_index(p, sp, i);
            if (!require_object(c, e, p)) return false;
            static const char *const skeys[] = { "body",      "point",   "anchor",      "other",
                                                 "stiffness", "damping", "rest_length", NULL };
            if (!check_keys(c, e, p, skeys, "a spring")) return false;
            ak_spring s = { .body = -1, .other = -1 };
            if (!body_ref(c, e, p, "body", true, m, &s.body) ||
                !body_ref(c, e, p, "other", false, m, &s.other))
                return false;
            if (s.other == s.body) {
                char po[PATHLEN];
                path_key(po, p, "other");
                return fail(c, po, "a spring joins two different bodies (both are \"%s\")",
                            m->bodies[s.body].name);
            }
            if (!get_point(c, e, p, "point", false, s.point, NULL) ||
                !get_point(c, e, p, "anchor", false, s.anchor, NULL) ||
                !get_number(c, e, p, "stiffness", true, &NONNEG, &s.stiffness, NULL) ||
                !get_number(c, e, p, "damping", false, &NONNEG, &s.damping, NULL) ||
                !get_number(c, e, p, "rest_length", false, &NONNEG, &s.rest_length, NULL))
                return false;
            m->forces.springs[m->forces.nspring++] = s;
        }
    }
    return true;
}

static bool read_solver(ctx *c, const cJSON *v, ak_model *m) {
    const char *path = "solver";
    if (!require_object(c, v, path)) return false;
    static const char *const keys[] = { "iterations",
                                        "baumgarte",
                                        "slop",
                                        "warm_start",
                                        "restitution_threshold",
                                        "variant",
                                        "method",
                                        "shock_propagation",
                                        "tolerance",
                                        "max_iterations",
                                        "order",
                                        NULL };
    static const range TOLR = { 1e-15, 1.0, false, false, "a number in [1e-15, 1]" };
    ak_solver_settings *s = &m->solver;
    int variant = (int)s->variant, method = (int)s->method, order = (int)s->order;
    bool ok = check_keys(c, v, path, keys, "\"solver\"") &&
              get_int(c, v, path, "iterations", false, 1, 10000, &s->iterations) &&
              get_number(c, v, path, "baumgarte", false, &UNIT, &s->baumgarte, NULL) &&
              get_number(c, v, path, "slop", false, &NONNEG, &s->slop, NULL) &&
              get_bool(c, v, path, "warm_start", &s->warm_start, NULL) &&
              get_number(c, v, path, "restitution_threshold", false, &NONNEG,
                         &s->restitution_threshold, NULL) &&
              get_option(c, v, path, "variant", &VARIANT_OPT, &variant) &&
              get_option(c, v, path, "method", &METHOD_OPT, &method) &&
              get_option(c, v, path, "order", &ORDER_OPT, &order) &&
              get_bool(c, v, path, "shock_propagation", &s->shock_propagation, NULL) &&
              get_number(c, v, path, "tolerance", false, &TOLR, &s->tolerance, NULL) &&
              get_int(c, v, path, "max_iterations", false, 1, 100000000, &s->max_iterations);
    s->variant = (ak_variant)variant;
    s->method = (ak_solver_method)method;
    s->order = (ak_order)order;
    return ok;
}

// Section "sleep": contact islands and sleeping (engine/island.h, G-SLEEP.1 .. 5), off by default.
static bool read_sleep(ctx *c, const cJSON *v, ak_model *m) {
    const char *path = "sleep";
    if (!require_object(c, v, path)) return false;
    static const char *const keys[] = { "enabled", "linear", "angular", "time", NULL };
    ak_sleep_settings *s = &m->sleep;
    return check_keys(c, v, path, keys, "\"sleep\"") &&
           get_bool(c, v, path, "enabled", &s->enabled, NULL) &&
           get_number(c, v, path, "linear", false, &NONNEG, &s->linear, NULL) &&
           get_number(c, v, path, "angular", false, &NONNEG, &s->angular, NULL) &&
           get_number(c, v, path, "time", false, &POSITIVE, &s->time, NULL);
}

static bool read_camera(ctx *c, const cJSON *v, ak_model *m) {
    const char *path = "camera";
    if (!require_object(c, v, path)) return false;
    static const char *const keys[] = { "position", "rotor", "rotations", "fov", "slice", NULL };
    ak_view *view = &m->view;
    view->has_camera = true;
    return check_keys(c, v, path, keys, "\"camera\"") &&
           get_point(c, v, path, "position", false, view->position, NULL) &&
           get_orientation(c, v, path, view->rotor, NULL) &&
           get_number(c, v, path, "fov", false, &FOV, &view->fov_deg, NULL) &&
           get_number(c, v, path, "slice", false, &ANY, &view->slice, NULL);
}

static bool read_lights(ctx *c, const cJSON *v, ak_model *m) {
    const char *path = "lights";
    char what[64];
    snprintf(what, sizeof what, "an array of at most %d lights", AK_MAX_LIGHTS);
    if (!cJSON_IsArray(v) || array_len(v) > AK_MAX_LIGHTS) return fail_got(c, path, what, v);
    int i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        char p[PATHLEN];
        path_index(p, path, i);
        if (!require_object(c, e, p)) return false;
        static const char *const keys[] = { "direction", "intensity", NULL };
        double intensity = 1.0;
        if (!check_keys(c, e, p, keys, "a light") ||
            !get_direction(c, e, p, "direction", true, m->view.light_dir[i], NULL) ||
            !get_number(c, e, p, "intensity", false, &NONNEG, &intensity, NULL))
            return false;
        m->view.light_intensity[i] = intensity;
        m->view.nlight = i + 1;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Top level

static const char *const TOP_KEYS[] = { "$schema",     "format",  "dim",      "title",
                                        "description", "gravity", "timestep", "integrator",
                                        "duration",    "bodies",  "forces",   "solver",
                                        "sleep",       "camera",  "lights",   NULL };

/// Line and column (1-based; the column counts bytes) of offset off in text.
static void line_col(const char *text, size_t off, int *line, int *col) {
    int l = 1, cc = 1;
    for (size_t i = 0; i < off; i++) {
        if (text[i] == '\n') {
            l++;
            cc = 1;
        } else {
            cc++;
        }
    }
    *line = l;
    *col = cc;
}

static void syntax_error(ctx *c, const char *text, size_t len, size_t off, const char *what) {
    int line, col;
    if (off > len) off = len;
    line_col(text, off, &line, &col);
    char near[24];
    size_t k = 0;
    for (size_t i = off; i < len && k < 16 && text[i] != '\n' && text[i] != '\r'; i++)
        near[k++] = (text[i] >= 32 && text[i] < 127) ? text[i] : '?';
    near[k] = '\0';
    if (k)
        set_err(c->err, c->errlen, "%s:%d:%d: %s near '%s'", c->file, line, col, what, near);
    else if (off < len) // the position is a line break, not the end
        set_err(c->err, c->errlen, "%s:%d:%d: %s at the end of line %d", c->file, line, col, what,
                line);
    else
        set_err(c->err, c->errlen, "%s:%d:%d: %s at the end of the input", c->file, line, col,
                what);
}

// Whether offset k of a JSON text is where an object's key should start: after '{' or ',' (and
// white space), with an object, not an array, the innermost open bracket before it.
static bool at_object_key(const char *text, size_t k) {
    size_t q = k;
    while (q > 0 && strchr(" \t\r\n", text[q - 1])) q--;
    if (q == 0 || (text[q - 1] != '{' && text[q - 1] != ',')) return false;
    char stack[256];
    int depth = 0;
    bool in = false;
    for (size_t i = 0; i < q; i++) {
        char ch = text[i];
        if (in) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                in = false;
        } else if (ch == '"') {
            in = true;
        } else if (ch == '{' || ch == '[') {
            if (depth < (int)sizeof stack) stack[depth] = ch;
            depth++;
        } else if ((ch == '}' || ch == ']') && depth > 0) {
            depth--;
        }
    }
    return !in && depth > 0 && depth <= (int)sizeof stack && stack[depth - 1] == '{';
}

// The first string of a JSON text that holds a raw line break (JSON forbids control characters in
// strings; cJSON accepts them): a string whose closing quote is missing runs on to the next quote,
// and cJSON then fails lines later, where the text no longer makes sense. Returns the offset of
// that string's opening quote, or len when every string ends on its own line.
static size_t first_multiline_string(const char *text, size_t len) {
    bool in = false;
    size_t open = 0;
    for (size_t i = 0; i < len; i++) {
        char ch = text[i];
        if (!in) {
            if (ch == '"') in = true, open = i;
        } else if (ch == '\\') {
            i++; // the escaped character
        } else if (ch == '"') {
            in = false;
        } else if (ch == '\n' || ch == '\r') {
            return open;
        }
    }
    return len;
}

// Before fix_facets, a convex shape's facets are a temporary allocation (or NULL).
static void free_temp_facets(ak_model *m) {
    for (int b = 0; b < m->nbody; b++) {
        ak_shape *s = &m->bodies[b].shape;
        if (s->type == AK_SHAPE_CONVEX && s->facets) free((void *)s->facets);
        s->facets = NULL;
        s->nfacets = 0;
    }
}

/// Move the facet planes of the polytope shapes into model->verts after the vertices, so that
/// the model owns them. (Convex vertex lists have none: ref/collide computes their planes on the
/// fly, up to AK_POLY_FLY_VERTS vertices, and ref/mass uses the hull, up to 64.) The offsets are relative to the vertices as
/// given; ak_scene_parse shifts them with the vertices when these are centred on the centroid.
static bool fix_facets(ctx *c, ak_model *m) {
    int n = m->dim;
    size_t total = 0;
    for (int b = 0; b < m->nbody; b++) {
        ak_shape *s = &m->bodies[b].shape;
        if (s->type != AK_SHAPE_CONVEX) continue;
        total += (size_t)s->nfacets * (size_t)(n + 1);
    }
    size_t base = (size_t)m->nverts_total * (size_t)n;
    if (total == 0) return true;
    double *nv = realloc(m->verts, sizeof(double) * (base + total));
    if (!nv) {
        free_temp_facets(m);
        return fail(c, "bodies", "out of memory");
    }
    m->verts = nv;
    size_t at = base;
    for (int b = 0; b < m->nbody; b++) {
        ak_shape *s = &m->bodies[b].shape;
        if (s->type != AK_SHAPE_CONVEX || !s->facets) continue;
        size_t k = (size_t)s->nfacets * (size_t)(n + 1);
        memcpy(m->verts + at, s->facets, sizeof(double) * k);
        free((void *)s->facets);
        s->facets = m->verts + at;
        at += k;
    }
    return true;
}

static bool read_scene(ctx *c, const cJSON *root, ak_model **out_m, ak_data **out_d) {
    if (!cJSON_IsObject(root)) return fail_got(c, "", "a JSON object at the top level", root);
    if (!check_keys(c, root, "", TOP_KEYS, "a scene")) return false;

    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!fmt)
        return fail(c, "format", "required field is missing (expected \"%s\")", AK_SCENE_FORMAT);
    if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, AK_SCENE_FORMAT) != 0)
        return fail_got(c, "format", "\"" AK_SCENE_FORMAT "\"", fmt);

    int dim = 0;
    if (!get_int(c, root, "", "dim", true, 2, AK_MAX_DIM, &dim)) return false;
    c->dim = dim;

    const cJSON *bodies = cJSON_GetObjectItemCaseSensitive(root, "bodies");
    char what[64];
    snprintf(what, sizeof what, "an array of at most %d bodies", AK_SCENE_MAX_BODIES);
    if (!bodies) return fail(c, "bodies", "required field is missing (expected an array)");
    if (!cJSON_IsArray(bodies) || array_len(bodies) > AK_SCENE_MAX_BODIES)
        return fail_got(c, "bodies", what, bodies);
    int nbody = array_len(bodies);

    ak_model *m = ak_model_create(dim, nbody);
    ak_data *d = m ? ak_data_create(m) : NULL;
    if (!m || !d) {
        ak_model_free(m);
        return fail(c, "", "out of memory");
    }
    bool ok = true;
    ok = ok && get_string(c, root, "", "title", false, m->title, sizeof m->title, NULL);
    const cJSON *dsc = cJSON_GetObjectItemCaseSensitive(root, "description");
    if (ok && dsc && !cJSON_IsString(dsc)) ok = fail_got(c, "description", "a string", dsc);
    ok = ok && get_point(c, root, "", "gravity", false, m->gravity, NULL);
    ok = ok && get_number(c, root, "", "timestep", false, &TIMESTEP, &m->timestep, NULL);
    ok = ok && get_number(c, root, "", "duration", false, &POSITIVE, &m->duration, NULL);
    if (ok) {
        int integ = (int)m->integrator;
        ok = get_option(c, root, "", "integrator", &INTEGRATOR_OPT, &integ);
        m->integrator = (ak_integrator)integ;
    }

    int cap = 0, b = 0;
    for (const cJSON *e = bodies->child; ok && e; e = e->next, b++) {
        char p[PATHLEN];
        path_index(p, "bodies", b);
        ok = read_body(c, e, p, b, m, d, &cap);
    }
    // Facet planes of the convex shapes after their vertices in model->verts (G-CLIP, G-POLY).
    bool facets_fixed = false;
    if (ok) {
        ok = fix_facets(c, m);
        facets_fixed = ok;
    }
    // Convex shapes point into model->verts, now that it no longer moves.
    if (ok) {
        int at = 0;
        for (b = 0; b < nbody; b++) {
            ak_shape *s = &m->bodies[b].shape;
            if (s->type != AK_SHAPE_CONVEX) continue;
            s->verts = m->verts + (size_t)at * (size_t)dim;
            at += s->nverts;
        }
    }
    // Names are unique (springs, traces and reports refer to bodies by name). Sorted by name, so
    // that 10^5 bodies take milliseconds; the error names the first body (in file order) whose
    // name an earlier body has, and the first such earlier body.
    if (ok && nbody > 1) {
        name_ref *byname = malloc((size_t)nbody * sizeof *byname);
        if (!byname) ok = fail(c, "", "out of memory");
        for (b = 0; ok && b < nbody; b++) byname[b] = (name_ref){ m->bodies[b].name, b };
        if (ok) qsort(byname, (size_t)nbody, sizeof *byname, cmp_name_ref);
        int dup_b = nbody, dup_a = -1;
        for (b = 1; ok && b < nbody; b++)
            if (!strcmp(byname[b].name, byname[b - 1].name) &&
                (b < 2 || strcmp(byname[b - 1].name, byname[b - 2].name)) &&
                byname[b].idx < dup_b) // the second of a group of equal names
                dup_b = byname[b].idx, dup_a = byname[b - 1].idx;
        free(byname);
        if (ok && dup_a >= 0) {
            char p[PATHLEN];
            snprintf(p, sizeof p, "bodies[%d].name", dup_b);
            ok =
                fail(c, p, "duplicate name \"%s\" (also bodies[%d])", m->bodies[dup_b].name, dup_a);
        }
    }

    const cJSON *sec;
    if (ok && (sec = cJSON_GetObjectItemCaseSensitive(root, "forces"))) ok = read_forces(c, sec, m);
    if (ok && (sec = cJSON_GetObjectItemCaseSensitive(root, "solver"))) ok = read_solver(c, sec, m);
    if (ok && (sec = cJSON_GetObjectItemCaseSensitive(root, "sleep"))) ok = read_sleep(c, sec, m);
    if (ok && (sec = cJSON_GetObjectItemCaseSensitive(root, "camera"))) ok = read_camera(c, sec, m);
    if (ok && (sec = cJSON_GetObjectItemCaseSensitive(root, "lights"))) ok = read_lights(c, sec, m);

    if (!ok) {
        if (!facets_fixed) free_temp_facets(m);
        ak_data_free(d);
        ak_model_free(m);
        return false;
    }
    *out_m = m;
    *out_d = d;
    return true;
}

ak_model *ak_scene_parse(const char *text, size_t len, const char *filename, ak_data **data,
                         char *err, size_t errlen) {
    if (data) *data = NULL;
    if (err && errlen) err[0] = '\0';
    ctx c = { .file = filename ? filename : "<scene>", .err = err, .errlen = errlen };
    if (!text && len) {
        set_err(err, errlen, "%s: no text", c.file);
        return NULL;
    }
    // cJSON reads a NUL-terminated copy, so that nothing can read past the caller's bytes.
    char *buf = malloc(len + 1);
    if (!buf) {
        set_err(err, errlen, "%s: out of memory", c.file);
        return NULL;
    }
    if (len) memcpy(buf, text, len);
    buf[len] = '\0';
    // JSON has no raw control characters: a NUL byte anywhere is an error at that byte.
    size_t nul = strlen(buf);
    if (nul < len) {
        syntax_error(&c, buf, len, nul, "JSON syntax error (a NUL byte)");
        free(buf);
        return NULL;
    }
    if (len == 0) {
        set_err(err, errlen, "%s:1:1: empty input, expected a JSON object", c.file);
        free(buf);
        return NULL;
    }
    // The length given to cJSON includes the terminating NUL, as cJSON_ParseWithOpts does, so
    // that running out of text is reported at the end rather than at the last character.
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(buf, len + 1, &end, 0);
    // A string that runs over a line break is reported where it starts (a missing closing quote),
    // not where cJSON stopped, which can be many lines on.
    size_t ml = first_multiline_string(buf, len);
    size_t stop = !root ? (end ? (size_t)(end - buf) : 0) : len;
    if (ml < len && ml <= stop) {
        cJSON_Delete(root);
        syntax_error(&c, buf, len, ml,
                     "JSON syntax error: a string not closed on its line (a missing '\"'?)");
        free(buf);
        return NULL;
    }
    if (!root) {
        // cJSON's error position (the pointer cJSON_GetErrorPtr also returns, but per call). Where an
        // object's key should start but something else does ({"a": 1, {...), cJSON points one past
        // that character, which can be the line's end: step back onto it.
        if (stop > 0 && stop <= len && !strchr(" \t\r\n\"", buf[stop - 1]) &&
            at_object_key(buf, stop - 1))
            stop--;
        syntax_error(&c, buf, len, stop, "JSON syntax error");
        free(buf);
        return NULL;
    }
    // Only whitespace may follow the value.
    size_t off = end ? (size_t)(end - buf) : len;
    while (off < len &&
           (buf[off] == ' ' || buf[off] == '\t' || buf[off] == '\n' || buf[off] == '\r'))
        off++;
    if (off < len) {
        syntax_error(&c, buf, len, off, "unexpected text after the JSON value");
        cJSON_Delete(root);
        free(buf);
        return NULL;
    }
    ak_model *m = NULL;
    ak_data *d = NULL;
    bool ok = read_scene(&c, root, &m, &d);
    cJSON_Delete(root);
    free(buf);
    if (!ok) return NULL;
    snprintf(m->source, sizeof m->source, "%s", filename ? filename : "");
    // Mass properties from the shapes (ref/mass); degenerate convex vertices fail here.
    if (ak_model_compute_mass(m, d, err, errlen) != 0) {
        ak_model_free(m);
        ak_data_free(d);
        return NULL;
    }
    // The mass set-up centred the convex vertices on their centroid: move the planes with them.
    for (int b = 0; b < m->nbody; b++) {
        ak_body *bd = &m->bodies[b];
        if (bd->shape.type != AK_SHAPE_CONVEX || !bd->shape.facets) continue;
        double *pl = m->verts + (bd->shape.facets - m->verts);
        for (int f = 0; f < bd->shape.nfacets; f++) {
            double t = 0;
            for (int i = 0; i < m->dim; i++) t += pl[f * (m->dim + 1) + i] * bd->shape_centroid[i];
            pl[f * (m->dim + 1) + m->dim] -= t;
        }
    }
    if (data)
        *data = d;
    else
        ak_data_free(d);
    return m;
}

ak_model *ak_scene_load(const char *path, ak_data **data, char *err, size_t errlen) {
    if (data) *data = NULL;
    if (!path) {
        set_err(err, errlen, "(null): no scene path given");
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        set_err(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        set_err(err, errlen, "%s: is a directory, not a scene file", path);
        fclose(f);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (len == cap) {
            if (cap >= (size_t)AK_SCENE_MAX_BYTES) {
                set_err(err, errlen, "%s: file is larger than %ld bytes", path,
                        (long)AK_SCENE_MAX_BYTES);
                ok = false;
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                ok = false;
                set_err(err, errlen, "%s: out of memory", path);
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) {
                set_err(err, errlen, "%s: read error: %s", path, strerror(errno));
                ok = false;
            }
            break;
        }
    }
    if (!buf) set_err(err, errlen, "%s: out of memory", path);
    fclose(f);
    ak_model *m = ok ? ak_scene_parse(buf, len, path, data, err, errlen) : NULL;
    free(buf);
    return m;
}
