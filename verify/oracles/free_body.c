// GSL oracle for free-body scenes (see free_body.h).
#include "verify/oracles/free_body.h"

#include <cjson/cJSON.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/common/files.h"
#include "ref/ga/nd.h"

#define ORACLE_EPS 1e-12
#define ORACLE_DEFAULT_DURATION 5.0
#define ORACLE_MAX_BODIES 64

typedef struct fb_body {
    char name[AK_TRACEFILE_NAME_MAX];
    double mass, inertia[AK_MAX_BIV]; // diagonal in the body frame
    double x0[AK_MAX_DIM], v0[AK_MAX_DIM], R0[AK_MAX_EVEN], w0[AK_MAX_BIV], L[AK_MAX_BIV];
} fb_body;

typedef struct fb_scene {
    int n, nbody;
    double g[AK_MAX_DIM], dt, duration;
    fb_body b[ORACLE_MAX_BODIES];
} fb_scene;

static int numbers(const cJSON *a, double *out, int want, const char *what, const char *body,
                   char *err, size_t errlen) {
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != want) {
        snprintf(err, errlen, "body '%s': \"%s\" must be an array of %d numbers", body, what, want);
        return -1;
    }
    for (int i = 0; i < want; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(v)) {
            snprintf(err, errlen, "body '%s': \"%s\"[%d] is not a number", body, what, i);
            return -1;
        }
        out[i] = v->valuedouble;
    }
    return 0;
}

// w = M2 I^-1 M2^T L for body b at rotor R.
static void omega(int n, const fb_body *b, const double R[], double w[]) {
    int k = ak_nd_nbiv(n);
    double M2[AK_MAX_BIV * AK_MAX_BIV], lb[AK_MAX_BIV];
    ak_nd_rotor_biv_matrix(n, M2, R);
    for (int c = 0; c < k; c++) {
        lb[c] = 0;
        for (int r = 0; r < k; r++) lb[c] += M2[r * k + c] * b->L[r];
        lb[c] /= b->inertia[c];
    }
    for (int r = 0; r < k; r++) {
        w[r] = 0;
        for (int c = 0; c < k; c++) w[r] += M2[r * k + c] * lb[c];
    }
}

typedef struct fb_ctx {
    const fb_scene *s;
} fb_ctx;

// y = the rotors of all bodies; R_t = -1/2 w R.
static int deriv(double t, const double y[], double dy[], void *params) {
    (void)t;
    const fb_scene *s = ((fb_ctx *)params)->s;
    int n = s->n, ne = ak_nd_neven(n), k = ak_nd_nbiv(n);
    for (int i = 0; i < s->nbody; i++) {
        double w[AK_MAX_BIV], W[AK_MAX_EVEN] = { 0 }, WR[AK_MAX_EVEN];
        omega(n, &s->b[i], y + i * ne, w);
        for (int q = 0; q < k; q++)
            W[1 + q] = w[q]; // grade 2 follows the scalar in the even layout
        ak_nd_rotor_mul(n, WR, W, y + i * ne);
        for (int q = 0; q < ne; q++) dy[i * ne + q] = -0.5 * WR[q];
    }
    return GSL_SUCCESS;
}

static int load_scene(const char *path, fb_scene *s, char *err, size_t errlen) {
    char *text = ak_read_file(path, NULL);
    if (!text) {
        snprintf(err, errlen, "%s: cannot read the scene", path);
        return -1;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 0);
    int line = 1, col = 1; // where cJSON stopped, for a syntax error
    for (const char *p = text; !root && end && p < end && *p; p++) {
        if (*p == '\n')
            line++, col = 1;
        else
            col++;
    }
    free(text);
    char e2[400] = "";
    int rc = -1;
    const cJSON *v;
    memset(s, 0, sizeof *s);
    if (!root) {
        snprintf(err, errlen, "%s:%d:%d: JSON syntax error", path, line, col);
        return -1;
    }
    v = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!cJSON_IsString(v) || strcmp(v->valuestring, "anakata-scene/1")) {
        snprintf(e2, sizeof e2, "\"format\" must be \"anakata-scene/1\"");
        goto done;
    }
    v = cJSON_GetObjectItemCaseSensitive(root, "dim");
    s->n = cJSON_IsNumber(v) ? v->valueint : 0;
    if (s->n < 2 || s->n > AK_MAX_DIM) {
        snprintf(e2, sizeof e2, "\"dim\" must be 2..%d", AK_MAX_DIM);
        goto done;
    }
    v = cJSON_GetObjectItemCaseSensitive(root, "timestep");
    s->dt = cJSON_IsNumber(v) ? v->valuedouble : 0;
    if (!(s->dt > 0)) {
        snprintf(e2, sizeof e2, "\"timestep\" must be a positive number");
        goto done;
    }
    v = cJSON_GetObjectItemCaseSensitive(root, "duration");
    s->duration = cJSON_IsNumber(v) ? v->valuedouble : ORACLE_DEFAULT_DURATION;
    if (cJSON_GetObjectItemCaseSensitive(root, "gravity") &&
        numbers(cJSON_GetObjectItemCaseSensitive(root, "gravity"), s->g, s->n, "gravity", "(scene)",
                e2, sizeof e2))
        goto done;
    static const char *const UNSUPPORTED[] = { "forces", "springs" };
    for (int i = 0; i < 2; i++)
        if (cJSON_GetObjectItemCaseSensitive(root, UNSUPPORTED[i])) {
            snprintf(e2, sizeof e2, "section \"%s\": the free-body oracle handles gravity only",
                     UNSUPPORTED[i]);
            goto done;
        }
    const cJSON *bodies = cJSON_GetObjectItemCaseSensitive(root, "bodies"), *b;
    int n = s->n, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    cJSON_ArrayForEach(b, bodies) {
        if (s->nbody >= ORACLE_MAX_BODIES) {
            snprintf(e2, sizeof e2, "more than %d bodies", ORACLE_MAX_BODIES);
            goto done;
        }
        fb_body *fb = &s->b[s->nbody];
        const cJSON *nm = cJSON_GetObjectItemCaseSensitive(b, "name");
        snprintf(fb->name, sizeof fb->name, "%s", cJSON_IsString(nm) ? nm->valuestring : "");
        if (!fb->name[0]) {
            snprintf(e2, sizeof e2, "body %d has no name", s->nbody + 1);
            goto done;
        }
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(b, "fixed"))) {
            snprintf(e2, sizeof e2,
                     "body '%s' is fixed: the free-body oracle handles free bodies only", fb->name);
            goto done;
        }
        const cJSON *shape = cJSON_GetObjectItemCaseSensitive(b, "shape");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(shape, "type");
        v = cJSON_GetObjectItemCaseSensitive(b, "mass");
        fb->mass = cJSON_IsNumber(v) ? v->valuedouble : 0;
        if (!(fb->mass > 0)) {
            snprintf(e2, sizeof e2, "body '%s': the oracle needs a positive \"mass\"", fb->name);
            goto done;
        }
        if (cJSON_IsString(type) && !strcmp(type->valuestring, "hyperbox")) {
            double a[AK_MAX_DIM];
            if (numbers(cJSON_GetObjectItemCaseSensitive(shape, "half_extents"), a, n,
                        "half_extents", fb->name, e2, sizeof e2))
                goto done;
            for (int q = 0; q < k; q++) {
                int i, j;
                ak_nd_biv_pair(n, q, &i, &j);
                fb->inertia[q] = fb->mass * (a[i] * a[i] + a[j] * a[j]) / 3.0;
            }
        } else if (cJSON_IsString(type) && !strcmp(type->valuestring, "hypersphere")) {
            v = cJSON_GetObjectItemCaseSensitive(shape, "radius");
            double r = cJSON_IsNumber(v) ? v->valuedouble : 0;
            for (int q = 0; q < k; q++) fb->inertia[q] = 2.0 * fb->mass * r * r / (n + 2);
        } else {
            snprintf(e2, sizeof e2,
                     "body '%s': shape type must be hyperbox or hypersphere for the oracle",
                     fb->name);
            goto done;
        }
        for (int q = 0; q < k; q++)
            if (!(fb->inertia[q] > 0)) {
                snprintf(e2, sizeof e2, "body '%s': degenerate shape", fb->name);
                goto done;
            }
        fb->R0[0] = 1;
        if (cJSON_GetObjectItemCaseSensitive(b, "position") && // default: the origin
            numbers(cJSON_GetObjectItemCaseSensitive(b, "position"), fb->x0, n, "position",
                    fb->name, e2, sizeof e2))
            goto done;
        if (cJSON_GetObjectItemCaseSensitive(b, "velocity") &&
            numbers(cJSON_GetObjectItemCaseSensitive(b, "velocity"), fb->v0, n, "velocity",
                    fb->name, e2, sizeof e2))
            goto done;
        if (cJSON_GetObjectItemCaseSensitive(b, "rotor") &&
            numbers(cJSON_GetObjectItemCaseSensitive(b, "rotor"), fb->R0, ne, "rotor", fb->name, e2,
                    sizeof e2))
            goto done;
        if (cJSON_GetObjectItemCaseSensitive(b, "rotations")) {
            snprintf(e2, sizeof e2,
                     "body '%s': give \"rotor\" (the oracle does not read \"rotations\")",
                     fb->name);
            goto done;
        }
        if (cJSON_GetObjectItemCaseSensitive(b, "angular_velocity") &&
            numbers(cJSON_GetObjectItemCaseSensitive(b, "angular_velocity"), fb->w0, k,
                    "angular_velocity", fb->name, e2, sizeof e2))
            goto done;
        // L = I_w w0 with I_w = M2 I M2^T
        double M2[AK_MAX_BIV * AK_MAX_BIV], wb[AK_MAX_BIV];
        ak_nd_rotor_biv_matrix(n, M2, fb->R0);
        for (int c = 0; c < k; c++) {
            wb[c] = 0;
            for (int r = 0; r < k; r++) wb[c] += M2[r * k + c] * fb->w0[r];
            wb[c] *= fb->inertia[c];
        }
        for (int r = 0; r < k; r++) {
            fb->L[r] = 0;
            for (int c = 0; c < k; c++) fb->L[r] += M2[r * k + c] * wb[c];
        }
        s->nbody++;
    }
    if (s->nbody == 0) {
        snprintf(e2, sizeof e2, "no bodies");
        goto done;
    }
    rc = 0;
done:
    if (rc) snprintf(err, errlen, "%s: %s", path, e2);
    cJSON_Delete(root);
    return rc;
}

int ak_free_body_oracle(const char *scene_path, double duration, const char *trace_path,
                        ak_free_body_info *spec, char *err, size_t errlen) {
    gsl_set_error_handler_off();
    fb_scene *s = malloc(sizeof *s);
    if (!s) return -1;
    if (load_scene(scene_path, s, err, errlen)) {
        free(s);
        return -1;
    }
    if (duration <= 0) duration = s->duration > 0 ? s->duration : ORACLE_DEFAULT_DURATION;
    int n = s->n, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    FILE *f = fopen(trace_path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", trace_path);
        free(s);
        return -1;
    }
    char hdr[4096];
    ak_tracefile_header(n, hdr, sizeof hdr);
    const char *base = strrchr(scene_path, '/');
    char scene[256];
    snprintf(scene, sizeof scene, "%s", base ? base + 1 : scene_path);
    char *dot = strrchr(scene, '.');
    if (dot) *dot = '\0';
    fprintf(f,
            "# format: anakata-trace/1\n# scene: %s\n# dim: %d\n# timestep: %.17g\n"
            "# integrator: gsl-rk8pd-1e-12 (free-body oracle)\n# version: anakata %s\n%s\n",
            scene, n, s->dt, AK_VERSION, hdr);
    size_t dimy = (size_t)(s->nbody * ne);
    double *y = malloc(dimy * sizeof *y);
    fb_ctx ctx = { s };
    gsl_odeiv2_system sys = { deriv, NULL, dimy, &ctx };
    gsl_odeiv2_driver *drv =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, ORACLE_EPS, ORACLE_EPS);
    int rc = 0;
    if (!y || !drv) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
        goto done;
    }
    for (int i = 0; i < s->nbody; i++) memcpy(y + i * ne, s->b[i].R0, (size_t)ne * sizeof *y);
    long steps = lround(duration / s->dt);
    double t = 0;
    for (long st = 0; st <= steps; st++) {
        double ti = st * s->dt;
        if (ti > t) {
            int status = gsl_odeiv2_driver_apply(drv, &t, ti, y);
            if (status != GSL_SUCCESS) {
                snprintf(err, errlen, "GSL odeiv2 failed at t = %g: %s", t, gsl_strerror(status));
                rc = -1;
                goto done;
            }
        }
        for (int i = 0; i < s->nbody; i++) {
            const fb_body *b = &s->b[i];
            double w[AK_MAX_BIV];
            omega(n, b, y + i * ne, w);
            fprintf(f, "%ld,%.17g,%s", st, ti, b->name);
            for (int a = 0; a < n; a++)
                fprintf(f, ",%.17g", b->x0[a] + b->v0[a] * ti + 0.5 * s->g[a] * ti * ti);
            for (int a = 0; a < n; a++) fprintf(f, ",%.17g", b->v0[a] + s->g[a] * ti);
            for (int q = 0; q < ne; q++) fprintf(f, ",%.17g", y[i * ne + q]);
            for (int q = 0; q < k; q++) fprintf(f, ",%.17g", w[q]);
            fputc('\n', f);
        }
    }
    if (spec) {
        memset(spec, 0, sizeof *spec);
        spec->dim = n;
        memcpy(spec->gravity, s->g, sizeof s->g);
        spec->bodies = calloc((size_t)s->nbody, sizeof *spec->bodies);
        if (!spec->bodies) {
            rc = -1;
            goto done;
        }
        spec->nbody = s->nbody;
        for (int i = 0; i < s->nbody; i++) {
            snprintf(spec->bodies[i].name, sizeof spec->bodies[i].name, "%s", s->b[i].name);
            spec->bodies[i].mass = s->b[i].mass;
            memcpy(spec->bodies[i].inertia, s->b[i].inertia, sizeof s->b[i].inertia);
        }
        spec->duration = duration;
    }
done:
    if (drv) gsl_odeiv2_driver_free(drv);
    free(y);
    if (fclose(f) != 0 && rc == 0) {
        snprintf(err, errlen, "%s: write error", trace_path);
        rc = -1;
    }
    free(s);
    return rc;
}

void ak_free_body_info_free(ak_free_body_info *info) {
    free(info->bodies);
    info->bodies = NULL;
    info->nbody = 0;
}
