// Trace comparison and trace invariants (see compare.h for what is compared and why).
#define _XOPEN_SOURCE 700 // realpath
#include "verify/common/files.h"
#include "verify/compare/compare.h"
#include "engine/model_mass.h"
#include "engine/scene.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ak_compare_spec_default(ak_compare_spec *s) {
    memset(s, 0, sizeof *s);
    s->horizon = AK_CMP_DEFAULT_HORIZON;
    s->downsample = 1;
    s->tol_position = s->tol_velocity = s->tol_rotor = s->tol_angular_velocity =
        AK_CMP_DEFAULT_STATE_TOL;
    s->tol_energy_initial = AK_CMP_DEFAULT_ENERGY_INITIAL_TOL;
    s->tol_energy_drift = AK_CMP_DEFAULT_ENERGY_DRIFT_TOL;
    s->tol_momentum_drift = s->tol_angular_momentum_drift = AK_CMP_DEFAULT_MOMENTUM_DRIFT_TOL;
    s->tol_energy_final = s->tol_end_position = s->tol_end_rotor = s->tol_contacts_mean = NAN;
    s->tol_kinematics = AK_CMP_DEFAULT_KINEMATICS_TOL;
    s->tol_centroid = AK_CMP_DEFAULT_STATE_TOL;
    s->tol_energy_gain = AK_CMP_DEFAULT_ENERGY_DRIFT_TOL;
    s->tol_event = AK_CMP_DEFAULT_EVENT_TOL;
    s->tol_initial = AK_CMP_DEFAULT_INITIAL_TOL;
    s->tol_rotation = AK_CMP_DEFAULT_ROTATION_TOL;
    s->horizon_measured = NAN;
}

int ak_compare_kind(const char *q) {
    // the laws: what every correct rigid-body engine obeys whatever its modelling choices
    static const char *const laws[] = { "run.coverage",        "initial.state",
                                        "energy.initial",      "kinematics.x_dot_v",
                                        "kinematics.rotation", "centroid.motion",
                                        "momentum.drift",      "energy.gain" };
    for (size_t i = 0; i < sizeof laws / sizeof laws[0]; i++)
        if (!strcmp(q, laws[i])) return AK_CMP_LAW;
    return AK_CMP_MEASUREMENT;
}

// The dimension whose bivector count is k (1 -> 2, 3 -> 3, 6 -> 4, 10 -> 5), or 0.
static int dim_of_nbiv(int k) {
    for (int n = 2; n <= AK_MAX_DIM; n++)
        if (ak_nd_nbiv(n) == k) return n;
    return 0;
}

void ak_compare_spec_free(ak_compare_spec *s) {
    free(s->bodies);
    s->bodies = NULL;
    s->nbody = 0;
    free(s->shapes);
    s->shapes = NULL;
    s->nshape = 0;
}

static double norm(const double *a, int n);
int ak_compare_spec_load_shapes(ak_compare_spec *s, const char *scene_path, char *err,
                                size_t errlen) {
    ak_model *m = ak_scene_load(scene_path, NULL, err, errlen);
    if (!m) return -1;
    free(s->shapes);
    s->nshape = 0;
    s->shapes = calloc((size_t)(m->nbody > 0 ? m->nbody : 1), sizeof *s->shapes);
    if (!s->shapes) {
        ak_model_free(m);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int b = 0; b < m->nbody; b++) {
        struct ak_cmp_shape *c = &s->shapes[s->nshape++];
        snprintf(c->name, sizeof c->name, "%s", m->bodies[b].name);
        const ak_shape *sh = &m->bodies[b].shape;
        c->type = sh->type == AK_SHAPE_HYPERBOX      ? AK_CMP_SHAPE_BOX
                  : sh->type == AK_SHAPE_HYPERSPHERE ? AK_CMP_SHAPE_SPHERE
                                                     : AK_CMP_SHAPE_OTHER;
        for (int a = 0; a < m->dim && a < AK_MAX_DIM; a++) c->half[a] = sh->half_extents[a];
    }
    ak_model_free(m);
    return 0;
}

int ak_compare_spec_from_scene(ak_compare_spec *s, const char *scene_path, char *err,
                               size_t errlen) {
    ak_data *d = NULL;
    ak_model *m = ak_scene_load(scene_path, &d, err, errlen);
    if (!m) return -1;
    if (ak_model_compute_mass(m, d, err, errlen)) {
        ak_data_free(d);
        ak_model_free(m);
        return -1;
    }
    int k = ak_nd_nbiv(m->dim), nmove = 0;
    bool fixed = false, drag = m->forces.linear_drag != 0 || m->forces.quadratic_drag != 0 ||
                               m->forces.angular_drag != 0;
    for (int b = 0; b < m->nbody; b++) {
        fixed = fixed || m->bodies[b].fixed;
        nmove += !m->bodies[b].fixed;
    }
    free(s->bodies);
    s->bodies = calloc((size_t)(nmove > 0 ? nmove : 1), sizeof *s->bodies);
    if (!s->bodies) {
        ak_data_free(d);
        ak_model_free(m);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->nbody = 0;
    for (int b = 0; b < m->nbody; b++) {
        if (m->bodies[b].fixed) continue;
        ak_body_props *p = &s->bodies[s->nbody++];
        snprintf(p->name, sizeof p->name, "%s", m->bodies[b].name);
        p->mass = m->bodies[b].mass;
        memcpy(p->inertia, m->bodies[b].inertia, sizeof(double) * (size_t)(k * k));
    }
    s->dim = m->dim;
    s->has_gravity = true;
    for (int a = 0; a < m->dim; a++) s->gravity[a] = m->gravity[a];
    double g = norm(m->gravity, m->dim);
    // the scene's kind, as the manifest would say it: bodies on fixed ground under gravity, no
    // springs, settle (dissipative); free bodies without springs or drag are an isolated system
    s->settles = fixed && g > 0 && m->forces.nspring == 0;
    s->isolated = !fixed && !drag && m->forces.nspring == 0;
    // contacts with the ground and springs exchange momentum: its drift is no law there, and a
    // drift in excess of the reference's is no measurement of anything either
    if (!s->isolated) s->tol_momentum_drift = s->tol_angular_momentum_drift = NAN;
    snprintf(s->scene_file, sizeof s->scene_file, "%s", scene_path);
    ak_data_free(d);
    ak_model_free(m);
    return ak_compare_spec_load_shapes(s, scene_path, err, errlen);
}

// The smallest rotor distance between R_o and R_r S over the proper symmetries S of body's shape
// (hyperbox: the signed permutations of axes with equal half extents; hypersphere: any rotation,
// distance 0); plain rotor distance for other shapes or unknown ones. *nsym counts the symmetries.
static double rotor_dist(const double *a, const double *b, int n);
static double sym_rotor_dist(const ak_compare_spec *s, const char *body, int n, const double *Ro,
                             const double *Rr, int *nsym) {
    int ne = ak_nd_neven(n);
    *nsym = 1;
    const struct ak_cmp_shape *c = NULL;
    for (int i = 0; i < s->nshape; i++)
        if (!strcmp(s->shapes[i].name, body)) c = &s->shapes[i];
    if (!c || c->type == AK_CMP_SHAPE_OTHER) return rotor_dist(Ro, Rr, ne);
    if (c->type == AK_CMP_SHAPE_SPHERE) {
        *nsym = -1;
        return 0;
    }
    int perm[AK_MAX_DIM];
    for (int a = 0; a < n; a++) perm[a] = a;
    double best = rotor_dist(Ro, Rr, ne);
    int count = 0;
    // every permutation (Heap's algorithm would do; n <= 5: iterate over n^n and keep bijections)
    int total = 1;
    for (int a = 0; a < n; a++) total *= n;
    for (int code = 0; code < total; code++) {
        int x = code, used = 0, ok = 1;
        for (int a = 0; a < n; a++, x /= n) {
            perm[a] = x % n;
            if (used & (1 << perm[a])) ok = 0;
            used |= 1 << perm[a];
            // axis a goes to axis perm[a]: only between equal half extents
            if (fabs(c->half[a] - c->half[perm[a]]) > 1e-9 * fmax(1, fabs(c->half[a]))) ok = 0;
        }
        if (!ok) continue;
        for (int sg = 0; sg < (1 << n); sg++) {
            double M[AK_MAX_DIM * AK_MAX_DIM] = { 0 };
            for (int a = 0; a < n; a++)
                M[perm[a] * n + a] = (sg >> a) & 1 ? -1 : 1; // column a = image of e_a
            double S[AK_MAX_EVEN], RS[AK_MAX_EVEN];
            if (ak_nd_rotor_from_frame(n, S, M) != AK_GA_OK) continue; // improper (a reflection)
            count++;
            ak_nd_rotor_mul(n, RS, Rr, S);
            best = fmin(best, rotor_dist(Ro, RS, ne));
        }
    }
    *nsym = count;
    return best;
}

// A tolerance from the manifest: a number, or null / absent for "not compared".
static double tol_of(const cJSON *tols, const char *key, double dflt) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(tols, key);
    if (!v) return dflt;
    return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

static int entry_from_json(const cJSON *e, ak_compare_spec *s, const char *path, const char *tolkey,
                           char *err, size_t errlen) {
    const cJSON *v;
#define STR(key, dst)                                                                              \
    if ((v = cJSON_GetObjectItemCaseSensitive(e, key)) && cJSON_IsString(v))                       \
    snprintf(dst, sizeof dst, "%s", v->valuestring)
    STR("scene", s->scene);
    STR("trace", s->trace);
    STR("scene_file", s->scene_file);
#undef STR
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "dim")) && cJSON_IsNumber(v)) s->dim = v->valueint;
    // An entry without "dim" (hand-written, or made before the field existed): the gravity's
    // length, or the size of the first body's inertia, says it.
    if (!s->dim && (v = cJSON_GetObjectItemCaseSensitive(e, "gravity")) && cJSON_IsArray(v))
        s->dim = cJSON_GetArraySize(v);
    if (!s->dim && (v = cJSON_GetObjectItemCaseSensitive(e, "bodies")) && cJSON_IsArray(v)) {
        const cJSON *I = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(v, 0), "inertia");
        if (cJSON_IsArray(I)) s->dim = dim_of_nbiv(cJSON_GetArraySize(I));
    }
    if (s->dim && (s->dim < 2 || s->dim > AK_MAX_DIM)) {
        snprintf(err, errlen, "%s: scene '%s': dim %d is not 2..%d", path, s->scene, s->dim,
                 AK_MAX_DIM);
        return -1;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "settles"))) s->settles = cJSON_IsTrue(v);
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "isolated"))) s->isolated = cJSON_IsTrue(v);
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "duration")) && cJSON_IsNumber(v))
        s->duration = v->valuedouble;
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "downsample")) && cJSON_IsObject(v)) {
        const cJSON *ev = cJSON_GetObjectItemCaseSensitive(v, "every"),
                    *du = cJSON_GetObjectItemCaseSensitive(v, "dense_until");
        if (cJSON_IsNumber(ev)) s->downsample = ev->valueint;
        if (cJSON_IsNumber(du)) s->dense_until = du->valuedouble;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "record_every")) && cJSON_IsNumber(v))
        s->record_every = v->valueint;
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "source")) && cJSON_IsString(v))
        snprintf(s->source, sizeof s->source, "%s", v->valuestring);
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "integrator")) && cJSON_IsString(v))
        snprintf(s->integrator, sizeof s->integrator, "%s", v->valuestring);
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "solver"))) {
        const cJSON *me = cJSON_GetObjectItemCaseSensitive(v, "method");
        if (!cJSON_IsObject(v) || !cJSON_IsString(me) || !me->valuestring[0]) {
            snprintf(err, errlen,
                     "%s: scene '%s': field \"solver\" must be an object with a string "
                     "\"method\" (the solver method that makes the reference, as anakata run "
                     "--method)",
                     path, s->scene);
            return -1;
        }
        snprintf(s->method, sizeof s->method, "%s", me->valuestring);
    }
    if (s->downsample < 1) s->downsample = 1;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(e, "gravity");
    if (cJSON_IsArray(g)) {
        if (cJSON_GetArraySize(g) != s->dim) {
            snprintf(err, errlen, "%s: scene '%s': gravity has %d components, dim is %d", path,
                     s->scene, cJSON_GetArraySize(g), s->dim);
            return -1;
        }
        for (int i = 0; i < s->dim; i++) s->gravity[i] = cJSON_GetArrayItem(g, i)->valuedouble;
        s->has_gravity = true;
    }
    const cJSON *bodies = cJSON_GetObjectItemCaseSensitive(e, "bodies"), *b;
    if (cJSON_IsArray(bodies) && cJSON_GetArraySize(bodies) > 0) {
        int k = ak_nd_nbiv(s->dim ? s->dim : 2);
        s->bodies = calloc((size_t)cJSON_GetArraySize(bodies), sizeof *s->bodies);
        if (!s->bodies) return -1;
        cJSON_ArrayForEach(b, bodies) {
            ak_body_props *p = &s->bodies[s->nbody];
            const cJSON *nm = cJSON_GetObjectItemCaseSensitive(b, "name");
            const cJSON *m = cJSON_GetObjectItemCaseSensitive(b, "mass");
            const cJSON *I = cJSON_GetObjectItemCaseSensitive(b, "inertia");
            if (!cJSON_IsString(nm) || !cJSON_IsNumber(m) || !cJSON_IsArray(I) ||
                cJSON_GetArraySize(I) != k) {
                snprintf(err, errlen,
                         "%s: scene '%s': body %d needs \"name\", \"mass\" and a %dx%d \"inertia\"",
                         path, s->scene, s->nbody + 1, k, k);
                return -1;
            }
            snprintf(p->name, sizeof p->name, "%s", nm->valuestring);
            p->mass = m->valuedouble;
            for (int r = 0; r < k; r++) {
                const cJSON *row = cJSON_GetArrayItem(I, r);
                if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != k) {
                    snprintf(err, errlen,
                             "%s: scene '%s': body '%s': inertia row %d is not %d numbers", path,
                             s->scene, p->name, r + 1, k);
                    return -1;
                }
                for (int c = 0; c < k; c++)
                    p->inertia[r * k + c] = cJSON_GetArrayItem(row, c)->valuedouble;
            }
            s->nbody++;
        }
    }
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(e, tolkey);
    if (t) {
        s->horizon = tol_of(t, "horizon", s->horizon);
        s->tol_position = tol_of(t, "position", s->tol_position);
        s->tol_velocity = tol_of(t, "velocity", s->tol_velocity);
        s->tol_rotor = tol_of(t, "rotor", s->tol_rotor);
        s->tol_angular_velocity = tol_of(t, "angular_velocity", s->tol_angular_velocity);
        s->tol_energy_initial = tol_of(t, "energy_initial", s->tol_energy_initial);
        s->tol_energy_drift = tol_of(t, "energy_drift", s->tol_energy_drift);
        s->tol_energy_final = tol_of(t, "energy_final", s->tol_energy_final);
        s->tol_momentum_drift = tol_of(t, "momentum_drift", s->tol_momentum_drift);
        s->tol_angular_momentum_drift =
            tol_of(t, "angular_momentum_drift", s->tol_angular_momentum_drift);
        s->tol_end_position = tol_of(t, "end_position", s->tol_end_position);
        s->tol_end_rotor = tol_of(t, "end_rotor", s->tol_end_rotor);
        s->tol_contacts_mean = tol_of(t, "contacts_mean", s->tol_contacts_mean);
        s->tol_kinematics = tol_of(t, "kinematics", s->tol_kinematics);
        s->tol_centroid = tol_of(t, "centroid", s->tol_position);
        s->tol_energy_gain = tol_of(t, "energy_gain", s->tol_energy_gain);
        s->tol_event = tol_of(t, "event", s->tol_event);
        s->tol_initial = tol_of(t, "initial", s->tol_initial);
        s->tol_rotation = tol_of(t, "rotation", s->tol_rotation);
    }
    // The measured predictability horizon (ak_ref_measure_horizon) replaces the chosen one for
    // other engines; the engine against itself ("drift_tolerances") keeps its own.
    const cJSON *pred = cJSON_GetObjectItemCaseSensitive(e, "predictability"), *ph;
    if ((ph = cJSON_GetObjectItemCaseSensitive(pred, "horizon")) && cJSON_IsNumber(ph)) {
        s->horizon_measured = ph->valuedouble;
        if (!strcmp(tolkey, "tolerances")) s->horizon = ph->valuedouble;
    }
    if (!(s->horizon >= 0)) s->horizon = 0;
    return 0;
}

int ak_manifest_load(const char *path, const char *key, ak_compare_spec *out, char *err,
                     size_t errlen) {
    return ak_manifest_load_tol(path, key, "tolerances", out, err, errlen);
}

int ak_manifest_load_tol(const char *path, const char *key, const char *tolkey,
                         ak_compare_spec *out, char *err, size_t errlen) {
    char *text = ak_read_file(path, NULL);
    if (!text) {
        ak_compare_spec_default(out);
        snprintf(err, errlen, "%s: cannot read the manifest", path);
        return -1;
    }
    int rc = ak_manifest_parse(text, path, key, tolkey, out, err, errlen);
    free(text);
    return rc;
}

int ak_manifest_parse(const char *text, const char *path, const char *key, const char *tolkey,
                      ak_compare_spec *out, char *err, size_t errlen) {
    ak_compare_spec_default(out);
    cJSON *root = cJSON_Parse(text);
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!root || !cJSON_IsString(fmt) || strcmp(fmt->valuestring, "anakata-reference/1")) {
        snprintf(err, errlen,
                 "%s: not a reference manifest (needs \"format\": \"anakata-reference/1\")", path);
        cJSON_Delete(root);
        return -1;
    }
    const cJSON *scenes = cJSON_GetObjectItemCaseSensitive(root, "scenes"), *e;
    int rc = 1;
    cJSON_ArrayForEach(e, scenes) {
        const cJSON *sc = cJSON_GetObjectItemCaseSensitive(e, "scene"),
                    *tr = cJSON_GetObjectItemCaseSensitive(e, "trace");
        bool match = !key || (cJSON_IsString(sc) && !strcmp(sc->valuestring, key)) ||
                     (cJSON_IsString(tr) && !strcmp(tr->valuestring, key));
        if (!match) continue;
        rc = entry_from_json(e, out, path, tolkey, err, errlen) ? -1 : 0;
        break;
    }
    cJSON_Delete(root);
    if (rc < 0) ak_compare_spec_free(out);
    return rc;
}

// ---- invariants -----------------------------------------------------------------------------

void ak_invariants_free(ak_invariants *inv) {
    free(inv->t);
    free(inv->E);
    free(inv->KE);
    free(inv->PE);
    free(inv->p);
    free(inv->L);
    memset(inv, 0, sizeof *inv);
}

static const ak_body_props *props_of(const ak_compare_spec *s, const char *name) {
    for (int i = 0; i < s->nbody; i++)
        if (!strcmp(s->bodies[i].name, name)) return &s->bodies[i];
    return NULL;
}

int ak_invariants_compute(const ak_tracefile *t, const ak_compare_spec *s, ak_invariants *o) {
    memset(o, 0, sizeof *o);
    int n = t->dim, k = t->nbiv;
    o->n = t->nsteps;
    o->t = calloc((size_t)o->n, sizeof *o->t);
    o->E = calloc((size_t)o->n, sizeof *o->E);
    o->KE = calloc((size_t)o->n, sizeof *o->KE);
    o->PE = calloc((size_t)o->n, sizeof *o->PE);
    o->p = calloc((size_t)o->n * (size_t)n, sizeof *o->p);
    o->L = calloc((size_t)o->n * (size_t)k, sizeof *o->L);
    if (!o->t || !o->E || !o->KE || !o->PE || !o->p || !o->L) {
        ak_invariants_free(o);
        return -1;
    }
    for (long i = 0; i < o->n; i++) o->t[i] = t->t[i];
    // Mass properties for every body of the trace, or the "energy" column.
    bool props = s && s->nbody > 0 && (s->dim == 0 || s->dim == n);
    const ak_body_props **bp = calloc((size_t)(t->nbody > 0 ? t->nbody : 1), sizeof *bp);
    if (!bp) {
        ak_invariants_free(o);
        return -1;
    }
    // A fixed body (the ground: velocity and angular velocity exactly zero at every recorded
    // step) without mass properties counts as massless: it adds nothing to E, p or L.
    static const ak_body_props fixed_body = { .mass = 0 };
    for (int b = 0; props && b < t->nbody; b++) {
        bp[b] = props_of(s, t->body[b]);
        bool still = true;
        for (long i = 0; !bp[b] && still && i < t->nsteps; i++) {
            const double *v = ak_tracefile_v(t, i, b), *w = ak_tracefile_w(t, i, b);
            for (int a = 0; a < n; a++) still = still && v[a] == 0;
            for (int a = 0; a < k; a++) still = still && w[a] == 0;
        }
        if (!bp[b] && still) bp[b] = &fixed_body;
        if (!bp[b]) {
            snprintf(o->why, sizeof o->why, "the manifest has no mass properties for body '%s'",
                     t->body[b]);
            props = false;
        }
    }
    if (props) {
        o->has_energy = o->has_momentum = true;
        for (long i = 0; i < o->n; i++) {
            double M = 0, X[AK_MAX_DIM] = { 0 }, V[AK_MAX_DIM] = { 0 };
            for (int b = 0; b < t->nbody; b++) {
                const double *x = ak_tracefile_x(t, i, b), *v = ak_tracefile_v(t, i, b);
                M += bp[b]->mass;
                for (int a = 0; a < n; a++) X[a] += bp[b]->mass * x[a], V[a] += bp[b]->mass * v[a];
            }
            for (int a = 0; a < n && M > 0; a++) X[a] /= M, V[a] /= M;
            double *p = o->p + i * n, *L = o->L + i * k;
            for (int b = 0; b < t->nbody; b++) {
                const double m = bp[b]->mass;
                const double *x = ak_tracefile_x(t, i, b), *v = ak_tracefile_v(t, i, b);
                const double *R = ak_tracefile_R(t, i, b), *w = ak_tracefile_w(t, i, b);
                double M2[AK_MAX_BIV * AK_MAX_BIV], Iw[AK_MAX_BIV * AK_MAX_BIV],
                    tmp[AK_MAX_BIV * AK_MAX_BIV];
                ak_nd_rotor_biv_matrix(n, M2, R);
                // I_w = M2 I M2^T (B-eq4)
                for (int r = 0; r < k; r++)
                    for (int c = 0; c < k; c++) {
                        double acc = 0;
                        for (int q = 0; q < k; q++)
                            acc += M2[r * k + q] * bp[b]->inertia[q * k + c];
                        tmp[r * k + c] = acc;
                    }
                for (int r = 0; r < k; r++)
                    for (int c = 0; c < k; c++) {
                        double acc = 0;
                        for (int q = 0; q < k; q++) acc += tmp[r * k + q] * M2[c * k + q];
                        Iw[r * k + c] = acc;
                    }
                double ke = 0, pe = 0, v2 = 0;
                for (int a = 0; a < n; a++) {
                    v2 += v[a] * v[a];
                    if (s->has_gravity) pe -= m * s->gravity[a] * x[a];
                    p[a] += m * v[a];
                }
                double Lw[AK_MAX_BIV];
                for (int r = 0; r < k; r++) {
                    Lw[r] = 0;
                    for (int c = 0; c < k; c++) Lw[r] += Iw[r * k + c] * w[c];
                    ke += 0.5 * w[r] * Lw[r];
                }
                ke += 0.5 * m * v2;
                double rx[AK_MAX_DIM], rv[AK_MAX_DIM], wedge[AK_MAX_BIV];
                for (int a = 0; a < n; a++) rx[a] = x[a] - X[a], rv[a] = v[a] - V[a];
                ak_nd_wedge(n, wedge, rx, rv);
                for (int r = 0; r < k; r++) L[r] += m * wedge[r] + Lw[r];
                o->KE[i] += ke;
                o->PE[i] += pe;
            }
            o->E[i] = o->KE[i] + o->PE[i];
        }
        free(bp);
        return 0;
    }
    free(bp);
    int col = ak_tracefile_extra_col(t, "energy");
    if (col >= 0) {
        // The column is the system's total energy, the same on every row of a step
        // (docs/trace-format.md): read it once per step, never summed over bodies.
        o->has_energy = true;
        for (long i = 0; i < o->n && o->has_energy; i++) {
            o->E[i] = ak_tracefile_extra(t, i, 0, col);
            o->KE[i] = o->E[i]; // unsplit: the scale is then the range of E
            if (!isfinite(o->E[i])) {
                o->has_energy = false;
                snprintf(o->why, sizeof o->why,
                         "the 'energy' column has an empty or non-numeric cell at t = %g s",
                         t->t[i]);
            }
            for (int b = 1; b < t->nbody && o->has_energy; b++) {
                double e = ak_tracefile_extra(t, i, b, col);
                if (!(fabs(e - o->E[i]) <= 1e-12 * fmax(1, fabs(o->E[i])))) {
                    o->has_energy = false;
                    snprintf(o->why, sizeof o->why,
                             "the 'energy' column differs between the rows of t = %g s ('%s' %.6g, "
                             "'%s' %.6g): it must "
                             "be the system's total energy, the same on every row of a step",
                             t->t[i], t->body[0], o->E[i], t->body[b], e);
                }
            }
        }
        if (o->has_energy)
            snprintf(o->why, sizeof o->why,
                     "no mass properties in the manifest, so no momentum (its energy is its "
                     "'energy' column)");
        return 0;
    }
    if (!o->why[0])
        snprintf(o->why, sizeof o->why,
                 "no mass properties in the manifest and no 'energy' column in the trace");
    return 0;
}

// ---- comparison -----------------------------------------------------------------------------

static ak_compare_item *item(ak_compare_result *r, const char *q) {
    if (r->n >= AK_CMP_ITEMS_MAX) return NULL;
    ak_compare_item *it = &r->items[r->n++];
    memset(it, 0, sizeof *it);
    snprintf(it->quantity, sizeof it->quantity, "%s", q);
    it->kind = ak_compare_kind(q);
    it->other = it->reference = it->error = it->tol = NAN;
    return it;
}

static void judge(ak_compare_result *r, ak_compare_item *it) {
    it->verdict = (isfinite(it->error) && it->error <= it->tol) ? AK_CMP_PASS : AK_CMP_FAIL;
    if (it->verdict == AK_CMP_PASS)
        r->npass++;
    else
        r->nfail++, r->nlaw_fail += it->kind == AK_CMP_LAW;
}

static void skip(ak_compare_item *it, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void skip(ak_compare_item *it, const char *fmt, ...) {
    it->verdict = AK_CMP_SKIP;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->detail, sizeof it->detail, fmt, ap);
    va_end(ap);
}

static void append(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t n, const char *fmt, ...) {
    size_t l = strlen(buf);
    if (l + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + l, n - l, fmt, ap);
    va_end(ap);
}

// Index i with t[i] <= x < t[i+1] (clamped), and the interpolation weight.
static long locate(const double *t, long n, double x, double *w) {
    long lo = 0, hi = n - 1;
    if (n == 1 || x <= t[0]) {
        *w = 0;
        return 0;
    }
    if (x >= t[n - 1]) {
        *w = 0;
        return n - 1;
    }
    while (hi - lo > 1) {
        long mid = (lo + hi) / 2;
        if (t[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    double d = t[hi] - t[lo];
    *w = d > 0 ? (x - t[lo]) / d : 0;
    return lo;
}

void ak_compare_interp(const ak_tracefile *tr, int b, double x, int off, int len, double *out) {
    double w;
    long i = locate(tr->t, tr->nsteps, x, &w);
    const double *a = ak_tracefile_x(tr, i, b) + off;
    const double *c = i + 1 < tr->nsteps ? ak_tracefile_x(tr, i + 1, b) + off : a;
    // R and -R are the same rotation: blend the rotor block with the sign of c that is nearer a,
    // so that a trace whose sign flips between samples interpolates the rotation it describes.
    double sign = 1;
    if (off == 2 * tr->dim && len == tr->neven) {
        double dot = 0;
        for (int k = 0; k < len; k++) dot += a[k] * c[k];
        if (dot < 0) sign = -1;
    }
    for (int k = 0; k < len; k++) out[k] = (1 - w) * a[k] + w * sign * c[k];
}
#define interp ak_compare_interp

static double dist(const double *a, const double *b, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(s);
}
static double rotor_dist(const double *a, const double *b, int n) {
    double s = 0, t = 0;
    for (int i = 0; i < n; i++)
        s += (a[i] - b[i]) * (a[i] - b[i]), t += (a[i] + b[i]) * (a[i] + b[i]);
    return sqrt(fmin(s, t));
}

static double norm(const double *a, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * a[i];
    return sqrt(s);
}

// The sampling interval of a trace around sample i (the larger of the two neighbouring gaps).
static double gap_at(const ak_tracefile *t, long i) {
    double g = 0;
    if (i > 0) g = fmax(g, t->t[i] - t->t[i - 1]);
    if (i + 1 < t->nsteps) g = fmax(g, t->t[i + 1] - t->t[i]);
    return g;
}
static double gap_at_time(const ak_tracefile *t, double x) {
    double w;
    long i = locate(t->t, t->nsteps, x, &w);
    return fmax(gap_at(t, i), i + 1 < t->nsteps ? gap_at(t, i + 1) : 0);
}

// ---- events ---------------------------------------------------------------------------------

int ak_compare_events(const ak_tracefile *t, const ak_compare_spec *s, const int *bodies, int nbody,
                      bool contacts, ak_cmp_event **out) {
    *out = NULL;
    int n = 0, cap = 0, dim = t->dim, k = t->nbiv;
    double gn = 0, gh[AK_MAX_DIM] = { 0 };
    if (s->has_gravity) {
        gn = norm(s->gravity, dim);
        for (int a = 0; a < dim && gn > 0; a++) gh[a] = s->gravity[a] / gn;
    }
    int ccol = contacts ? ak_tracefile_extra_col(t, "contacts") : -1;
    // the engine's step (not the sampling: a reference that records every 10th step must detect
    // the same impacts as a trace of every step)
    double hstep = isfinite(t->timestep) ? t->timestep : INFINITY;
    if (!isfinite(hstep))
        for (long i = 0; i + 1 < t->nsteps; i++) hstep = fmin(hstep, t->t[i + 1] - t->t[i]);
    if (!isfinite(hstep)) hstep = 0;
    const double vmin = AK_CMP_EVENT_MIN_SPEED;
#define PUSH(kind_, b_, t_, i_)                                                                    \
    do {                                                                                           \
        if (n == cap) {                                                                            \
            cap = cap ? 2 * cap : 16;                                                              \
            ak_cmp_event *nn = realloc(*out, (size_t)cap * sizeof **out);                          \
            if (!nn) return n;                                                                     \
            *out = nn;                                                                             \
        }                                                                                          \
        (*out)[n] = (ak_cmp_event){ .kind = (kind_), .body = (b_), .t = (t_), .i = (i_) };         \
        n++;                                                                                       \
    } while (0)
    for (int q = 0; q < nbody; q++) {
        int b = bodies[q];
        if (b < 0) continue;
        // first contact: the first recorded step after t0 with a contact on the body
        if (ccol >= 0 && !(ak_tracefile_extra(t, 0, b, ccol) > 0))
            for (long i = 1; i < t->nsteps; i++)
                if (ak_tracefile_extra(t, i, b, ccol) > 0) {
                    PUSH(AK_EVENT_FIRST_CONTACT, q, t->t[i], i);
                    break;
                }
        if (gn > 0) {
            bool rose = false; // since the last impact the body rose faster than vmin
            // impact: falling faster than AK_CMP_IMPACT_MIN_SPEED and than three steps of gravity
            // (a resting or soft contact arrests g h every step, and a stack may settle over a
            // few), then decelerating over consecutive samples (one for a rigid contact, several
            // for a soft one, at most AK_CMP_IMPACT_WINDOW steps) until more than half of that
            // speed is gone (gravity alone would have added g h per step)
            const double vi = fmax(AK_CMP_IMPACT_MIN_SPEED, 3 * gn * hstep);
            const double wmax = AK_CMP_IMPACT_WINDOW * hstep + 1e-12;
            for (long i = 0; i + 1 < t->nsteps; i++) {
                const double *v0 = ak_tracefile_v(t, i, b), *v1 = ak_tracefile_v(t, i + 1, b);
                double u0 = 0, u1 = 0, h = t->t[i + 1] - t->t[i];
                for (int a = 0; a < dim; a++) u0 += v0[a] * gh[a], u1 += v1[a] * gh[a];
                if (u0 > vi && u1 < u0) {
                    long e = i + 1;
                    double ue = u1;
                    while (e + 1 < t->nsteps && t->t[e + 1] - t->t[i] <= wmax) {
                        const double *vn = ak_tracefile_v(t, e + 1, b);
                        double un = 0;
                        for (int a = 0; a < dim; a++) un += vn[a] * gh[a];
                        if (!(un < ue)) break;
                        ue = un, e++;
                    }
                    if (u0 - ue > fmax(0.5 * u0, vi)) {
                        // the time where the ballistic paths before (from sample i) and after (from
                        // sample e) meet: the centroid's path is continuous through an impact, and
                        // the two parabolas share g, so the condition is linear in tau
                        const double *xi = ak_tracefile_x(t, i, b), *xe = ak_tracefile_x(t, e, b);
                        double di = 0, de = 0, ti = t->t[i], te = t->t[e];
                        for (int a = 0; a < dim; a++) di += xi[a] * gh[a], de += xe[a] * gh[a];
                        // di + u0 (tau - ti) + g/2 (tau - ti)^2 = de + ue (tau - te) + g/2 (tau - te)^2
                        double A = u0 - ue + gn * (te - ti);
                        double Bc = de - di + u0 * ti - ue * te + 0.5 * gn * (te * te - ti * ti);
                        double tau = fabs(A) > 1e-12 ? Bc / A : 0.5 * (ti + te);
                        if (!(tau >= ti)) tau = ti;
                        if (!(tau <= te)) tau = te;
                        PUSH(AK_EVENT_IMPACT, q, tau, e);
                        (*out)[n - 1].pre = u0;
                        (*out)[n - 1].t0 = ti;
                        (*out)[n - 1].t1 = te;
                        rose = false;
                        i = e - 1;
                        continue;
                    }
                }
                if (u1 < -vmin) rose = true;
                // apex: the upward speed crosses zero without a jump
                if (rose && u0 < 0 && u1 >= 0 && u1 - u0 <= 2 * gn * h + vmin) {
                    double f = u1 > u0 ? -u0 / (u1 - u0) : 0;
                    PUSH(AK_EVENT_APEX, q, t->t[i] + f * h, i);
                    const double *x0 = ak_tracefile_x(t, i, b), *x1 = ak_tracefile_x(t, i + 1, b);
                    double h0 = 0, h1 = 0;
                    for (int a = 0; a < dim; a++) h0 -= x0[a] * gh[a], h1 -= x1[a] * gh[a];
                    (*out)[n - 1].value = h0 + f * (h1 - h0);
                    rose = false;
                }
            }
        }
        if (s->isolated) {
            // flips: sign changes of the body-frame angular velocity component that is largest
            // at t0 (the intermediate-axis flip of Dzhanibekov's body), w_body = [R]_2^T w (B-eq4)
            double M2[AK_MAX_BIV * AK_MAX_BIV], prev = 0;
            int axis = -1;
            for (long i = 0; i < t->nsteps; i++) {
                const double *R = ak_tracefile_R(t, i, b), *w = ak_tracefile_w(t, i, b);
                ak_nd_rotor_biv_matrix(dim, M2, R);
                double wb[AK_MAX_BIV];
                for (int c = 0; c < k; c++) {
                    wb[c] = 0;
                    for (int r = 0; r < k; r++) wb[c] += M2[r * k + c] * w[r];
                }
                if (i == 0) {
                    double best = 0;
                    for (int c = 0; c < k; c++)
                        if (fabs(wb[c]) > best) best = fabs(wb[c]), axis = c;
                    if (best < 1e-9) break;
                    prev = wb[axis];
                    continue;
                }
                double cur = wb[axis];
                if ((prev < 0) != (cur < 0) && cur != 0) {
                    double f = prev / (prev - cur), h = t->t[i] - t->t[i - 1];
                    PUSH(AK_EVENT_FLIP, q, t->t[i - 1] + f * h, i);
                }
                prev = cur;
            }
        }
    }
#undef PUSH
    return n;
}

const char *ak_cmp_event_name(int kind) {
    switch (kind) {
        case AK_EVENT_IMPACT: return "impact";
        case AK_EVENT_APEX: return "bounce apex";
        case AK_EVENT_FIRST_CONTACT: return "first contact";
        case AK_EVENT_FLIP: return "flip";
    }
    return "event";
}

// The j-th event of (kind, body q) in ev, or NULL.
static const ak_cmp_event *nth_event(const ak_cmp_event *ev, int n, int kind, int q, int j) {
    for (int i = 0; i < n; i++)
        if (ev[i].kind == kind && ev[i].body == q && j-- == 0) return &ev[i];
    return NULL;
}
static int count_events(const ak_cmp_event *ev, int n, int kind, int q) {
    int c = 0;
    for (int i = 0; i < n; i++) c += ev[i].kind == kind && ev[i].body == q;
    return c;
}

// The outcome of an event, relative: impacts compare the velocity after the impact (relative to
// the speed before it), apexes the height (relative to the height range of the body), flips the
// body-frame angular velocity one sample after (relative to its size).
static double event_outcome(const ak_tracefile *ref, const ak_tracefile *o,
                            const ak_compare_spec *s, int br, int bo, const ak_cmp_event *er,
                            const ak_cmp_event *eo, double hscale) {
    switch (er->kind) {
        case AK_EVENT_IMPACT: {
            // the velocities just after the impact: each trace's first sample after its window, taken
            // back ballistically to the impact's time (a sparse trace's next sample may come long after)
            const double *vr = ak_tracefile_v(ref, er->i, br), *vo = ak_tracefile_v(o, eo->i, bo);
            double ar[AK_MAX_DIM], ao[AK_MAX_DIM];
            for (int a = 0; a < ref->dim; a++) {
                double g = s->has_gravity ? s->gravity[a] : 0;
                ar[a] = vr[a] - g * (ref->t[er->i] - er->t);
                ao[a] = vo[a] - g * (o->t[eo->i] - eo->t);
            }
            return dist(ar, ao, ref->dim) / fmax(er->pre, AK_CMP_EVENT_MIN_SPEED);
        }
        case AK_EVENT_APEX: return fabs(er->value - eo->value) / fmax(hscale, 1e-9);
        case AK_EVENT_FLIP: {
            // at the reference's first sample after both flips (exact there), the other trace
            // interpolated to it
            long i = er->i;
            while (i + 1 < ref->nsteps && ref->t[i] < eo->t) i++;
            const double *wr = ak_tracefile_w(ref, i, br);
            double wo[AK_MAX_BIV];
            interp(o, bo, ref->t[i], 2 * o->dim + o->neven, o->nbiv, wo);
            return dist(wr, wo, ref->nbiv) / fmax(norm(wr, ref->nbiv), 1e-12);
        }
    }
    return 0;
}

static void event_items(ak_compare_result *r, const ak_tracefile *ref, const ak_tracefile *o,
                        const int map[], const ak_compare_spec *s, const ak_cmp_event *er, int ner,
                        const ak_cmp_event *eo, int neo) {
    if (isnan(s->tol_event)) return;
    ak_compare_item *it = item(r, "events.time"), *io = item(r, "events.outcome");
    if (!it || !io) return;
    if (ner == 0 && neo == 0) {
        skip(it, "no impacts, bounce apexes, first contacts or flips in either trace");
        skip(io, "no events");
        return;
    }
    double step_o = isfinite(o->timestep) ? o->timestep : 0,
           step_r = isfinite(ref->timestep) ? ref->timestep : 0;
    double worst_t = 0, worst_o = 0;
    char wt[200] = "", wo[200] = "", miss[200] = "", first[200] = "";
    double first_t = INFINITY, t_hor = ref->t[0] + s->horizon + 1e-9;
    int judged = 0, noutcome = 0;
    // the densely sampled start of the reference: sample gaps within 1.5 times the smallest and
    // at most 10 timesteps (a reference of the start and the end only resolves no event)
    double gmin = INFINITY, t_dense = ref->t[0];
    for (long i = 0; i + 1 < ref->nsteps; i++) gmin = fmin(gmin, ref->t[i + 1] - ref->t[i]);
    double gmax = fmin(1.5 * gmin, step_r > 0 ? 10 * step_r : INFINITY);
    for (long i = 0; i + 1 < ref->nsteps && ref->t[i + 1] - ref->t[i] <= gmax * (1 + 1e-9); i++)
        t_dense = ref->t[i + 1];
    // ... and never beyond the entry's dense_until (AK_CMP_EVENT_DENSE_DEFAULT without one), so that a
    // reference recorded at every step (`reference --make`, `anakata run --trace`) judges the same
    // events as the bundled one of the same scene
    double t_sampled = t_dense; // where the reference actually records densely
    t_dense =
        fmin(t_dense,
             ref->t[0] + (s->dense_until > 0 ? s->dense_until : AK_CMP_EVENT_DENSE_DEFAULT) + 1e-9);
    int matched = 0, counts[AK_EVENT_KINDS] = { 0 };
    for (int q = 0; q < ref->nbody; q++) {
        if (map[q] < 0) continue;
        double hmin = INFINITY, hmax = -INFINITY,
               gn = s->has_gravity ? norm(s->gravity, ref->dim) : 0;
        for (long i = 0; gn > 0 && i < ref->nsteps; i++) {
            double h = 0;
            for (int a = 0; a < ref->dim; a++)
                h -= ak_tracefile_x(ref, i, q)[a] * s->gravity[a] / gn;
            hmin = fmin(hmin, h), hmax = fmax(hmax, h);
        }
        for (int kind = 0; kind < AK_EVENT_KINDS; kind++) {
            // Which reference events are judged: flips (isolated bodies) always; contact events
            // within the horizon, and the first one after it where the reference is sampled
            // densely. Later contact events of a tumbling body are as unpredictable as its state
            // (they are reported, not judged).
            // Contact events are judged only where the reference is sampled densely enough to
            // resolve them (a reference that keeps every 10th sample hides most impacts).
            int cr = count_events(er, ner, kind, q), co = count_events(eo, neo, kind, q), nj = 0,
                co_h = 0, cr_h = 0;
            // Impacts are timed where the ballistic paths before and after them meet, which a sparse
            // reference resolves too: the first impact after the dense part is judged wherever the
            // reference samples it (later ones may share a sparse interval with others); apexes and
            // first contacts are seen at a sample, so only where the reference records densely.
            bool timed = kind == AK_EVENT_IMPACT;
            double t_win = fmin(t_hor, t_dense);
            bool after = false;
            for (int j = 0; j < cr; j++) {
                const ak_cmp_event *a = nth_event(er, ner, kind, q, j);
                if (kind == AK_EVENT_FLIP || a->t <= t_win)
                    nj = j + 1, cr_h += a->t <= t_win;
                else if (!after) {
                    after = true;
                    if (timed || a->t <= t_sampled) nj = j + 1;
                }
            }
            for (int j = 0; j < co; j++) co_h += nth_event(eo, neo, kind, q, j)->t <= t_win;
            counts[kind] += cr;
            judged += nj;
            if ((co < nj || (kind != AK_EVENT_FLIP && co_h > cr_h + (nj > cr_h ? 1 : 0)) ||
                 (kind == AK_EVENT_FLIP && co != cr)) &&
                !miss[0])
                snprintf(miss, sizeof miss,
                         "%s '%s': %d in the reference, %d in the other trace (%d and %d up to t = "
                         "%g s)",
                         ak_cmp_event_name(kind), ref->body[q], cr, co, cr_h, co_h, t_win);
            // pairs by time: each judged reference event with the nearest unpaired event of the
            // same kind and body in the other trace (flips in order: their times drift apart)
            unsigned char used[256] = { 0 };
            double period = 0;
            for (int j = 0; j < nj; j++) {
                const ak_cmp_event *a = nth_event(er, ner, kind, q, j), *c = NULL;
                int cj = -1;
                for (int jj = 0; jj < co && jj < 256; jj++) {
                    const ak_cmp_event *x = nth_event(eo, neo, kind, q, jj);
                    if (used[jj]) continue;
                    if (kind == AK_EVENT_FLIP) {
                        c = x, cj = jj;
                        break;
                    }
                    if (!c || fabs(x->t - a->t) < fabs(c->t - a->t)) c = x, cj = jj;
                }
                if (!c) {
                    if (!miss[0])
                        snprintf(miss, sizeof miss,
                                 "%s %d of '%s' (t = %.6g s) has no counterpart in the other trace",
                                 ak_cmp_event_name(kind), j + 1, ref->body[q], a->t);
                    continue;
                }
                used[cj] = 1;
                // time allowance in steps of the engines, never in the reference's sampling (an impact's
                // time is where the ballistic paths before and after it meet, whatever the sampling):
                // AK_CMP_EVENT_STEPS steps of the coarser engine step, plus half the other's impact
                // window (a soft contact decelerates over several steps); first contacts and apexes are
                // seen at a sample, so their allowance has the samplings' gaps (first contacts also
                // two engine steps: a speculative contact counts a step before the touch, a soft one
                // a step after)
                double hs = fmax(step_o, step_r), go = gap_at_time(o, c->t),
                       gr = gap_at_time(ref, a->t);
                double allow = AK_CMP_EVENT_STEPS * hs + 1e-9;
                if (kind == AK_EVENT_IMPACT) allow += 0.5 * fmax(0, (c->t1 - c->t0) - go);
                if (kind == AK_EVENT_FIRST_CONTACT) // engines count a contact from a step apart
                    allow = AK_CMP_EVENT_STEPS * hs + fmin(go, gr) + fabs(gr - go) + 1e-9;
                if (kind == AK_EVENT_APEX) allow = fmax(hs, fmin(go, gr)) + fabs(gr - go) + 1e-9;
                // an apex after an impact resolved one step later comes up to two steps later:
                // the step itself, and the e g h more rebound speed it gains (e <= 1)
                if (kind == AK_EVENT_APEX) allow += hs;
                if (kind == AK_EVENT_FLIP && j > 0) {
                    // a flip is as predictable as its period: allow tol_event of it
                    period = a->t - nth_event(er, ner, kind, q, j - 1)->t;
                    allow = fmax(allow, s->tol_event * period);
                }
                double e = fabs(c->t - a->t) / allow;
                if (kind == AK_EVENT_IMPACT && a->t < first_t)
                    first_t = a->t,
                    snprintf(first, sizeof first,
                             "first impact: '%s' at t = %.6g s, other t = %.6g s (%+.3g steps)",
                             ref->body[q], a->t, c->t, step_o > 0 ? (c->t - a->t) / step_o : 0);
                if (e > worst_t)
                    worst_t = e,
                    snprintf(wt, sizeof wt,
                             "%s %d of '%s' at t = %.6g s, other t = %.6g s (%+.3g s)",
                             ak_cmp_event_name(kind), j + 1, ref->body[q], a->t, c->t, c->t - a->t);
                if (kind != AK_EVENT_FIRST_CONTACT) {
                    noutcome++;
                    double out = event_outcome(ref, o, s, q, map[q], a, c, hmax - hmin);
                    if (out > worst_o)
                        worst_o = out, snprintf(wo, sizeof wo, "%s %d of '%s' at t = %.6g s",
                                                ak_cmp_event_name(kind), j + 1, ref->body[q], a->t);
                }
                matched++;
            }
        }
    }
    if (judged == 0 && !miss[0]) {
        skip(it,
             "%d events in the reference, none that it resolves: its samples after t = %g s are "
             "too far apart, "
             "and it has no flips",
             ner, t_dense);
        skip(io, "no events judged");
        return;
    }
    it->tol = 1;
    it->error = miss[0] ? INFINITY : worst_t;
    snprintf(it->detail, sizeof it->detail,
             "%d events in the reference (%d impacts, %d apexes, %d first contacts, %d flips), %d "
             "judged (flips; "
             "contact events up to the horizon where the reference records densely, t <= %g s, and "
             "the first "
             "after that: an impact wherever sampled, others where dense), each paired with the "
             "nearest in time; |t_other - t_ref| / (%d engine steps + half the other's "
             "impact window; impacts timed where the paths before and after meet)%s%s%s%s%s%s",
             ner, counts[AK_EVENT_IMPACT], counts[AK_EVENT_APEX], counts[AK_EVENT_FIRST_CONTACT],
             counts[AK_EVENT_FLIP], judged, t_dense, AK_CMP_EVENT_STEPS, first[0] ? "; " : "",
             first, wt[0] ? "; worst: " : "", wt, miss[0] ? "; count differs: " : "", miss);
    judge(r, it);
    if (noutcome == 0) {
        skip(io, matched ? "only first contacts (no outcome to compare)" : "no events matched");
        return;
    }
    io->tol = s->tol_event;
    io->error = worst_o;
    snprintf(io->detail, sizeof io->detail,
             "each at its own time: velocity after an impact / speed before, apex height / height "
             "range, body "
             "angular velocity after a flip / its size%s%s",
             wo[0] ? "; worst: " : "", wo);
    judge(r, io);
}

// ---- states and laws ------------------------------------------------------------------------

// Does body q's state at t follow an impact or first contact of the reference (from win before
// it on)? Then the other engine may run one step ahead or behind: an impact resolved one step
// later shifts the rest of the trajectory by that step.
static bool after_event(const ak_cmp_event *ev, int n, int q, double t, double win) {
    for (int i = 0; i < n; i++)
        if (ev[i].body == q &&
            (ev[i].kind == AK_EVENT_IMPACT || ev[i].kind == AK_EVENT_FIRST_CONTACT) &&
            t >= ev[i].t - win)
            return true;
    return false;
}

// The duration of the other trace's impact of body q whose window (widened by win) holds t, or
// 0: around a soft impact, states are compared with shifts of up to that duration.
static double impact_window_at(const ak_cmp_event *ev, int n, int q, double t, double win) {
    double d = 0;
    for (int i = 0; i < n; i++)
        if (ev[i].body == q && ev[i].kind == AK_EVENT_IMPACT && t >= ev[i].t0 - win &&
            t <= ev[i].t1 + win)
            d = fmax(d, ev[i].t1 - ev[i].t0);
    return d;
}

static void state_items(ak_compare_result *r, const ak_tracefile *ref, const ak_tracefile *o,
                        const int map[], const ak_compare_spec *s, const ak_cmp_event *ev, int nev,
                        const ak_cmp_event *evo, int nevo) {
    static const char *const Q[4] = { "state.position", "state.velocity", "state.rotor",
                                      "state.angular_velocity" };
    const double tols[4] = { s->tol_position, s->tol_velocity, s->tol_rotor,
                             s->tol_angular_velocity };
    const int n = ref->dim, off[4] = { 0, n, 2 * n, 2 * n + ref->neven },
              len[4] = { n, n, ref->neven, ref->nbiv };
    double t0 = ref->t[0], t_end = t0 + s->horizon;
    double step_o = isfinite(o->timestep) ? o->timestep : 0,
           gn = s->has_gravity ? norm(s->gravity, n) : 0;
    for (int q = 0; q < 4; q++) {
        if (isnan(tols[q])) continue;
        ak_compare_item *it = item(r, Q[q]);
        if (!it) return;
        it->tol = tols[q];
        double worst = 0, worst_t = t0, first_t = NAN;
        int worst_b = 0;
        long count = 0, shifted = 0, windowed = 0;
        for (long i = 0; i < ref->nsteps && ref->t[i] <= t_end + 1e-12; i++) {
            if (ref->t[i] > o->t[o->nsteps - 1] + 1e-9) break;
            for (int b = 0; b < ref->nbody; b++) {
                if (map[b] < 0) continue;
                double val[AK_MAX_EVEN];
                interp(o, map[b], ref->t[i], off[q], len[q], val);
                const double *rv = ak_tracefile_x(ref, i, b) + off[q];
                double e = q == 2 ? rotor_dist(val, rv, len[q]) : dist(val, rv, len[q]);
                // from an impact on, the other engine may be one step earlier or later; within
                // one of its impacts (a soft contact decelerates over several steps), by as much
                // as the impact's window
                double h = fmax(step_o, gap_at_time(o, ref->t[i]));
                double dur = e > it->tol ? impact_window_at(evo, nevo, b, ref->t[i], h) : 0;
                if (e > it->tol &&
                    (dur > 0 || after_event(ev, nev, b, ref->t[i], 2 * h + gap_at(ref, i)))) {
                    int ns = (int)fmin(40, ceil((h + dur) / fmax(h, 1e-12) - 1e-9));
                    for (int k = 1; k <= ns; k++)
                        for (int sh = -1; sh <= 1; sh += 2) {
                            double d = sh * fmin(k * h, h + dur);
                            interp(o, map[b], ref->t[i] + d, off[q], len[q], val);
                            double e2 =
                                q == 2 ? rotor_dist(val, rv, len[q]) : dist(val, rv, len[q]);
                            // falling one step longer (or shorter) changes the speed by g h before
                            // the impact and by at most e g h <= g h after it
                            if (q == 1) e2 = fmax(0, e2 - 2 * gn * h);
                            if (e2 < e) e = e2;
                        }
                    shifted++;
                    windowed += dur > 0;
                }
                if (e > worst) worst = e, worst_t = ref->t[i], worst_b = b;
                if (e > it->tol && isnan(first_t)) first_t = ref->t[i];
            }
            count++;
        }
        it->error = worst;
        snprintf(it->detail, sizeof it->detail,
                 "max over %ld samples in t = [%g, %g] s: worst body '%s' at t = %g s", count, t0,
                 fmin(t_end, ref->t[ref->nsteps - 1]), ref->body[worst_b], worst_t);
        if (shifted)
            append(it->detail, sizeof it->detail,
                   "; %ld body samples after an impact compared with a one-step shift%s", shifted,
                   windowed
                       ? " (within the other's impacts, a shift of up to the impact's duration)"
                       : "");
        if (!isnan(first_t))
            append(it->detail, sizeof it->detail, "; first over tolerance at t = %g s", first_t);
        if (count == 0)
            skip(it, "the traces share no time within the horizon");
        else
            judge(r, it);
    }
}

// Convention hypotheses (docs/conventions.md): readings of the other trace's rotor Ro or angular
// velocity wo (as the reader converted them) that would turn them into what the reference has.
// The names speak of the columns the other trace actually has (t->columns), so that no hint
// blames a column the trace does not use. Returns the number of hypotheses; what[h] names each,
// and fix(h, ...) applies it.
enum { NHYP = 4 };
static bool quat_cols(const ak_tracefile *o) { return !strncmp(o->columns, "quaternion", 10); }
static bool axis_cols(const ak_tracefile *o) { return strstr(o->columns, "axis-vector") != NULL; }
static int hypotheses(const ak_tracefile *o, bool rotor, const char *what[NHYP], int id[NHYP]) {
    int nh = 0, n = o->dim;
    if (rotor) {
        if (n == 3 && quat_cols(o)) {
            what[nh] = "the quaternion is in (x, y, z, w) order in the columns qw,qx,qy,qz "
                       "(Bullet, Eigen, glm and "
                       "Unity store w last; the columns want (w, x, y, z))";
            id[nh++] = 3;
            what[nh] = "the quaternion is conjugated (world-to-body instead of v' = q v q*)";
            id[nh++] = 0;
        } else {
            what[nh] = "the rotor is reversed (R~ written for R: world-to-body instead of x_world "
                       "= R x_body R~)";
            id[nh++] = 0;
            if (n == 3) {
                what[nh] = "a quaternion (w, x, y, z) written as it is into r, r_xy, r_xz, r_yz "
                           "(the mapping is "
                           "r = w, r_xy = -z, r_xz = y, r_yz = -x, or use the columns qw,qx,qy,qz)";
                id[nh++] = 1;
                what[nh] =
                    "a conjugate quaternion (w, -x, -y, -z) written into r, r_xy, r_xz, r_yz";
                id[nh++] = 2;
            }
        }
    } else {
        what[nh] =
            axis_cols(o)
                ? "the axis vector wx,wy,wz has the opposite sign"
                : "the angular velocity has the opposite sign (R_t = +1/2 w R instead of -1/2 w R)";
        id[nh++] = 10;
        what[nh] =
            axis_cols(o)
                ? "the axis vector wx,wy,wz is in the body frame (the columns want the world frame)"
                : "the angular velocity is in the body frame (anakata's w is the world-frame "
                  "bivector)";
        id[nh++] = 11;
        if (n == 3) {
            what[nh] = axis_cols(o) ? "the scene's angular_velocity, a bivector (w_xy, w_xz, "
                                      "w_yz), read as an axis vector (its "
                                      "axis vector is wx = w_yz, wy = -w_xz, wz = w_xy)"
                                    : "an axis vector (wx, wy, wz) written as it is into w_xy, "
                                      "w_xz, w_yz (its dual is w_xy = "
                                      "wz, w_xz = -wy, w_yz = wx, or use the columns wx,wy,wz)";
            id[nh++] = 12;
        }
    }
    return nh;
}
// Apply hypothesis id to the other's rotor Ro or angular velocity wo; Rr is the reference's rotor
// at the same time (for the body frame).
static void fix(int id, int n, const double *Ro, const double *wo, const double *Rr, double *c) {
    int k = ak_nd_nbiv(n);
    switch (id) {
        case 0: ak_nd_rotor_reverse(n, c, Ro); break;
        case 1: c[0] = Ro[0], c[1] = -Ro[3], c[2] = Ro[2], c[3] = -Ro[1]; break;
        case 2: c[0] = Ro[0], c[1] = Ro[3], c[2] = -Ro[2], c[3] = Ro[1]; break;
        case 3: { // the columns qw,qx,qy,qz held (x, y, z, w): undo the reader's mapping, reorder, redo it
            double f[4] = { Ro[0], -Ro[3], Ro[2], -Ro[1] }; // the file's (qw, qx, qy, qz)
            double w = f[3], x = f[0], y = f[1], z = f[2];
            c[0] = w, c[1] = -z, c[2] = y, c[3] = -x;
            break;
        }
        case 10:
            for (int a = 0; a < k; a++) c[a] = -wo[a];
            break;
        case 11: { // w_world = [R]_2 w_body
            double M2[AK_MAX_BIV * AK_MAX_BIV];
            ak_nd_rotor_biv_matrix(n, M2, Rr);
            for (int a = 0; a < k; a++) {
                c[a] = 0;
                for (int q = 0; q < k; q++) c[a] += M2[a * k + q] * wo[q];
            }
            break;
        }
        case 12: c[0] = wo[2], c[1] = -wo[1], c[2] = wo[0]; break;
    }
}

// Convention hypotheses for a rotor or angular velocity that differs at time at: the error each
// would leave, and a suggestion when one of them explains the difference.
void ak_compare_convention_hint(const ak_tracefile *ref, const ak_tracefile *o, const int map[],
                                bool rotor, double tol, double at, char *out, size_t outlen) {
    out[0] = '\0';
    double wgt;
    long si = locate(ref->t, ref->nsteps, at, &wgt);
    int n = ref->dim, k = ref->nbiv, ne = ref->neven;
    const char *what[NHYP];
    int id[NHYP];
    double worst[NHYP] = { 0 };
    int nh = hypotheses(o, rotor, what, id);
    for (int b = 0; b < ref->nbody; b++) {
        if (map[b] < 0) continue;
        const double *Rr = ak_tracefile_R(ref, si, b), *wr = ak_tracefile_w(ref, si, b);
        double Ro[AK_MAX_EVEN], wo[AK_MAX_BIV];
        interp(o, map[b], ref->t[si], 2 * n, ne, Ro);
        interp(o, map[b], ref->t[si], 2 * n + ne, k, wo);
        for (int h = 0; h < nh; h++) {
            double c[AK_MAX_EVEN];
            fix(id[h], n, Ro, wo, Rr, c);
            worst[h] = fmax(worst[h], rotor ? rotor_dist(c, Rr, ne) : dist(c, wr, k));
        }
    }
    for (int h = 0; h < nh; h++)
        if (worst[h] <= tol) {
            snprintf(
                out, outlen,
                "; likely a convention mistake: %s (that reading leaves an error of %.2g at t = %g "
                "s; docs/conventions.md)",
                what[h], worst[h], ref->t[si]);
            return;
        }
}

// A state block printed as the other trace's columns have it (quaternion (w, x, y, z), axis
// vector, angle) or as the contract's components.
static void fmt_block(const ak_tracefile *o, int blk, const double *val, char *out, size_t n) {
    int d = o->dim, len = blk < 2 ? d : blk == 2 ? o->neven : o->nbiv;
    double q[AK_MAX_EVEN];
    const char *names = "";
    if (blk == 2 && d == 3 && quat_cols(o)) {
        q[0] = val[0], q[1] = -val[3], q[2] = val[2], q[3] = -val[1], len = 4,
        names = "qw,qx,qy,qz ";
        val = q;
    } else if (blk == 3 && d == 3 && axis_cols(o)) {
        q[0] = val[2], q[1] = -val[1], q[2] = val[0], len = 3, names = "wx,wy,wz ";
        val = q;
    }
    snprintf(out, n, "%s(", names);
    for (int a = 0; a < len; a++) append(out, n, "%s%.6g", a ? ", " : "", val[a] + 0.0); // no "-0"
    append(out, n, ")");
}

// initial.state: the other trace's first sample is the scene's initial state, which is the
// reference's first sample; a difference names the body and the scene field, and the convention
// that explains it when one does.
static void initial_item(ak_compare_result *r, const ak_tracefile *ref, const ak_tracefile *o,
                         const int map[], const ak_compare_spec *s) {
    ak_compare_item *it;
    if (isnan(s->tol_initial) || !(it = item(r, "initial.state"))) return;
    it->tol = s->tol_initial;
    if (fabs(o->t[0] - ref->t[0]) > 1e-9 * fmax(1, fabs(ref->t[0]))) {
        it->error = INFINITY;
        snprintf(it->detail, sizeof it->detail,
                 "the other trace starts at t = %g s, the scene (the reference's first sample) at "
                 "t = %g s: record "
                 "the initial state as step 0",
                 o->t[0], ref->t[0]);
        judge(r, it);
        return;
    }
    static const char *const field[4] = { "position", "velocity", "rotor (or rotations)",
                                          "angular_velocity" };
    static const char *const what[4] = { "position", "velocity", "orientation",
                                         "angular velocity" };
    int n = ref->dim, off[4] = { 0, n, 2 * n, 2 * n + ref->neven },
        len[4] = { n, n, ref->neven, ref->nbiv };
    double worst = 0;
    int wb = -1, wq = 0;
    for (int b = 0; b < ref->nbody; b++) {
        if (map[b] < 0) continue;
        for (int q = 0; q < 4; q++) {
            const double *a = ak_tracefile_x(ref, 0, b) + off[q],
                         *c = ak_tracefile_x(o, 0, map[b]) + off[q];
            double e = q == 2 ? rotor_dist(a, c, len[q]) : dist(a, c, len[q]);
            if (e > worst) worst = e, wb = b, wq = q;
        }
    }
    it->error = worst;
    if (wb < 0 || worst <= it->tol)
        snprintf(it->detail, sizeof it->detail,
                 "the first sample (t = %g s) is the scene's initial state: position, velocity, "
                 "orientation and "
                 "angular velocity of every body",
                 ref->t[0]);
    else {
        const double *a = ak_tracefile_x(ref, 0, wb) + off[wq],
                     *c = ak_tracefile_x(o, 0, map[wb]) + off[wq];
        char sa[200], sc[200];
        fmt_block(o, wq, a, sa, sizeof sa);
        fmt_block(o, wq, c, sc, sizeof sc);
        snprintf(it->detail, sizeof it->detail,
                 "the initial state differs from the scene's: body '%s', %s (scene field \"%s\"): "
                 "the scene's is %s, "
                 "the other trace has %s",
                 ref->body[wb], what[wq], field[wq], sa, sc);
        if (wq >= 2) {
            const char *hw[NHYP];
            int id[NHYP];
            int nh = hypotheses(o, wq == 2, hw, id);
            const double *Rr = ak_tracefile_R(ref, 0, wb), *Ro = ak_tracefile_R(o, 0, map[wb]);
            const double *wo = ak_tracefile_w(o, 0, map[wb]);
            for (int h = 0; h < nh; h++) {
                double cc[AK_MAX_EVEN];
                fix(id[h], n, Ro, wo, Rr, cc);
                double e = wq == 2 ? rotor_dist(cc, a, len[wq]) : dist(cc, a, len[wq]);
                if (e <= it->tol) {
                    append(it->detail, sizeof it->detail,
                           "; likely a convention mistake: %s (docs/conventions.md)", hw[h]);
                    break;
                }
            }
        }
    }
    judge(r, it);
}

// kinematics.rotation: over each sample interval of the other trace, the orientation change is
// the one its angular velocity makes (R' = -1/2 w R, world-frame w): the angular velocity that the
// change implies, w_imp = -2 log(R1 R0~) / h, differs from the mean of the recorded ones, (w0 +
// w1) / 2, by at most |w1 - w0| / 2 (any integrator's choice of w within the step, an impulse at
// any time within the interval) plus the tolerance. Intervals over which a body turns by more than
// 2 rad are too coarse to tell and are counted, not judged.
static void rotation_item(ak_compare_result *r, const ak_tracefile *ref, const ak_tracefile *o,
                          const int map[], const ak_compare_spec *s) {
    ak_compare_item *it;
    if (isnan(s->tol_rotation) || !(it = item(r, "kinematics.rotation"))) return;
    int n = o->dim, k = o->nbiv, ne = o->neven;
    double worst = 0, at = o->t[0], wimp[AK_MAX_BIV] = { 0 }, wrec[AK_MAX_BIV] = { 0 };
    long coarse = 0, judged = 0, wi = 0, sparse = 0;
    int wb = -1;
    double step = isfinite(o->timestep) ? o->timestep : INFINITY;
    if (!isfinite(step))
        for (long i = 0; i + 1 < o->nsteps; i++) step = fmin(step, o->t[i + 1] - o->t[i]);
    for (int q = 0; q < ref->nbody; q++) {
        int b = map[q];
        if (b < 0) continue;
        for (long i = 0; i + 1 < o->nsteps; i++) {
            double h = o->t[i + 1] - o->t[i];
            if (!(h > 0)) continue;
            // an interval of several steps: w may change in any way within it when a contact or a
            // spring acts (a resting body's w chatters), so it is judged only in isolated scenes
            if (h > 1.5 * step && !s->isolated) {
                sparse++;
                continue;
            }
            double R0[AK_MAX_EVEN], R1[AK_MAX_EVEN], R0r[AK_MAX_EVEN], D[AK_MAX_EVEN],
                B[AK_MAX_BIV];
            memcpy(R0, ak_tracefile_R(o, i, b), sizeof(double) * (size_t)ne);
            memcpy(R1, ak_tracefile_R(o, i + 1, b), sizeof(double) * (size_t)ne);
            if (!(ak_nd_rotor_norm2(n, R0) > 0) || !(ak_nd_rotor_norm2(n, R1) > 0)) continue;
            ak_nd_rotor_normalize(n, R0);
            ak_nd_rotor_normalize(n, R1);
            ak_nd_rotor_reverse(n, R0r, R0);
            ak_nd_rotor_mul(n, D, R1, R0r);
            if (D[0] < 0)
                for (int a = 0; a < ne; a++) D[a] = -D[a];
            ak_nd_rotor_log(n, B, D);
            const double *w0 = ak_tracefile_w(o, i, b), *w1 = ak_tracefile_w(o, i + 1, b);
            double mid[AK_MAX_BIV], dw[AK_MAX_BIV], imp[AK_MAX_BIV];
            for (int a = 0; a < k; a++)
                mid[a] = 0.5 * (w0[a] + w1[a]), dw[a] = w1[a] - w0[a], imp[a] = -2 * B[a] / h;
            if (fmax(norm(w0, k), norm(w1, k)) * h > 2 || 2 * norm(B, k) > 2) {
                coarse++;
                continue;
            }
            judged++;
            // plus a first-order rotor update's own error, R1 = (R0 - h/2 w R0) / |..|: it turns by
            // 2 atan(h |w| / 2) instead of h |w|, a rate error of |w| (h |w|)^2 / 12 (twice that allowed)
            double wm = norm(mid, k);
            // plus half the change of w's rate at this interval's ends (|w_{i+1} - 2 w_i + w_{i-1}|
            // and the same one interval on): a scheme that evaluates its forces within the step
            // (RK4's stages) may keep the previous interval's rate for part of the step before a
            // contact that engages within it turns w, so w within the step leaves the range of its
            // ends; a mean of w over the step then differs from (w0 + w1)/2 by at most half the
            // change of rate times h (a path that keeps the rate a, then turns to reach w1: the
            // triangle above the chord has a mean of at most h |a - (w1 - w0)/h| / 2)
            double curv = 0;
            for (int side = 0; side < 2; side++) {
                long j = side ? i + 1 : i; // the middle sample of the three
                if (j < 1 || j + 1 >= o->nsteps) continue;
                double ha = o->t[j] - o->t[j - 1], hb = o->t[j + 1] - o->t[j];
                if (!(ha > 0) || !(hb > 0) || ha > 1.5 * step || hb > 1.5 * step) continue;
                const double *wa = ak_tracefile_w(o, j - 1, b), *wj = ak_tracefile_w(o, j, b),
                             *wc = ak_tracefile_w(o, j + 1, b);
                double d2[AK_MAX_BIV];
                for (int a = 0; a < k; a++)
                    d2[a] = (wc[a] - wj[a]) / hb * h - (wj[a] - wa[a]) / ha * h;
                curv = fmax(curv, 0.5 * norm(d2, k));
            }
            double e = fmax(0, dist(imp, mid, k) - 0.5 * norm(dw, k) -
                                   wm * (h * wm) * (h * wm) / 6 - curv);
            if (e > worst) {
                worst = e, at = o->t[i + 1], wb = q, wi = i;
                memcpy(wimp, imp, sizeof wimp);
                memcpy(wrec, mid, sizeof wrec);
            }
        }
    }
    it->error = worst;
    it->tol = s->tol_rotation;
    snprintf(it->detail, sizeof it->detail,
             "over the whole run (%ld sample intervals%s%s): the angular velocity each orientation "
             "change implies (R' = -1/2 w "
             "R, w_imp = -2 log(R1 R0~) / h) minus the recorded (w0 + w1)/2, beyond |w1 - w0|/2, "
             "half the change of w's rate at the interval's ends and a first-order update's "
             "|w| (h |w|)^2 / 6 [rad/s]",
             judged, coarse ? "; intervals turning more than 2 rad not judged" : "",
             sparse ? "; intervals of several steps not judged (not an isolated scene)" : "");
    if (wb >= 0) {
        char si[200], sr[200];
        fmt_block(o, 3, wimp, si, sizeof si);
        fmt_block(o, 3, wrec, sr, sizeof sr);
        append(it->detail, sizeof it->detail,
               "; worst body '%s' at t = %g s: implied %s, recorded %s", ref->body[wb], at, si, sr);
        if (worst > it->tol) {
            // which reading of w would the orientations follow? (the body frame, the opposite sign)
            const char *hw[NHYP];
            int id[NHYP];
            int nh = hypotheses(o, false, hw, id);
            const double *R0 = ak_tracefile_R(o, wi, map[wb]),
                         *R1 = ak_tracefile_R(o, wi + 1, map[wb]);
            const double *w0 = ak_tracefile_w(o, wi, map[wb]),
                         *w1 = ak_tracefile_w(o, wi + 1, map[wb]);
            for (int h = 0; h < nh; h++) {
                if (id[h] == 12) continue; // a relabelling of the scene's field, not of the motion
                double c0[AK_MAX_BIV], c1[AK_MAX_BIV], m[AK_MAX_BIV], d[AK_MAX_BIV];
                fix(id[h], n, R0, w0, R0, c0);
                fix(id[h], n, R1, w1, R1, c1);
                for (int a = 0; a < k; a++) m[a] = 0.5 * (c0[a] + c1[a]), d[a] = c1[a] - c0[a];
                if (fmax(0, dist(wimp, m, k) - 0.5 * norm(d, k)) <= it->tol) {
                    append(it->detail, sizeof it->detail,
                           "; the orientations follow w if %s: likely a convention mistake "
                           "(docs/conventions.md)",
                           hw[h]);
                    break;
                }
            }
        }
    }
    judge(r, it);
}

// Centroid of the bodies of trace t at sample i (mass-weighted with the spec's masses, or the
// plain position of a single body). Returns false when the masses are unknown.
static bool centroid(const ak_tracefile *t, long i, const int *bodies, int nb,
                     const ak_compare_spec *s, double *X) {
    double M = 0;
    for (int a = 0; a < t->dim; a++) X[a] = 0;
    int counted = 0;
    for (int q = 0; q < nb; q++) {
        int b = bodies[q];
        if (b < 0) continue;
        double m = NAN;
        for (int j = 0; j < s->nbody; j++)
            if (!strcmp(s->bodies[j].name, t->body[b])) m = s->bodies[j].mass;
        if (isnan(m)) {
            if (nb != 1) return false;
            m = 1;
        }
        const double *x = ak_tracefile_x(t, i, b);
        for (int a = 0; a < t->dim; a++) X[a] += m * x[a];
        M += m;
        counted++;
    }
    if (!(M > 0) || !counted) return false;
    for (int a = 0; a < t->dim; a++) X[a] /= M;
    return true;
}

static void law_items(ak_compare_result *r, const ak_tracefile *ref, const ak_tracefile *o,
                      const int map[], const ak_compare_spec *s) {
    const int n = ref->dim;
    double gn = s->has_gravity ? norm(s->gravity, n) : 0;
    ak_compare_item *it;
    // x' = v: every position change of the other trace is explained by its velocities. Between
    // consecutive steps, |dx - h (v_k + v_k+1)/2| <= h |v_k+1 - v_k| / 2 + h^2 |g| / 2 for any
    // scheme whose velocity changes monotonically within the step (symplectic Euler gives exactly
    // the first term); across samples that skip steps, h times twice the body's top speed more.
    if (!isnan(s->tol_kinematics) && (it = item(r, "kinematics.x_dot_v"))) {
        double step = isfinite(o->timestep) ? o->timestep : INFINITY;
        if (!isfinite(step))
            for (long i = 0; i + 1 < o->nsteps; i++) step = fmin(step, o->t[i + 1] - o->t[i]);
        double worst = 0, at = o->t[0];
        int wb = 0;
        for (int q = 0; q < ref->nbody; q++) {
            int b = map[q];
            if (b < 0) continue;
            double vmax = 0;
            for (long i = 0; i < o->nsteps; i++)
                vmax = fmax(vmax, norm(ak_tracefile_v(o, i, b), n));
            for (long i = 0; i + 1 < o->nsteps; i++) {
                double h = o->t[i + 1] - o->t[i], d[AK_MAX_DIM], dv[AK_MAX_DIM];
                const double *x0 = ak_tracefile_x(o, i, b), *x1 = ak_tracefile_x(o, i + 1, b);
                const double *v0 = ak_tracefile_v(o, i, b), *v1 = ak_tracefile_v(o, i + 1, b);
                for (int a = 0; a < n; a++)
                    d[a] = x1[a] - x0[a] - 0.5 * h * (v0[a] + v1[a]), dv[a] = v1[a] - v0[a];
                double allow = 0.5 * h * norm(dv, n) + 0.5 * h * h * gn;
                if (h > 1.5 * step) allow += 2 * h * vmax;
                double e = fmax(0, norm(d, n) - allow);
                if (e > worst) worst = e, at = o->t[i + 1], wb = q;
            }
        }
        it->error = worst;
        it->tol = s->tol_kinematics;
        snprintf(it->detail, sizeof it->detail,
                 "over the whole run: position changes that the velocities cannot explain (a jump, "
                 "a teleport); "
                 "worst body '%s' at t = %g s [m]",
                 ref->body[wb], at);
        judge(r, it);
    }
    // Centroid of an isolated system: X(t) = X0 + V0 (t - t0) + g (t - t0)^2 / 2 exactly (B-3),
    // with X0, V0 from the reference's first sample, over the whole run.
    if (s->isolated && !isnan(s->tol_centroid) && (it = item(r, "centroid.motion"))) {
        int *all = malloc(sizeof(int) * (size_t)(ref->nbody > 0 ? ref->nbody : 1));
        if (!all) return;
        for (int q = 0; q < ref->nbody; q++) all[q] = q;
        double X0[AK_MAX_DIM], V0[AK_MAX_DIM] = { 0 }, M = 0, X[AK_MAX_DIM];
        bool ok = centroid(ref, 0, all, ref->nbody, s, X0);
        for (int q = 0; ok && q < ref->nbody; q++) {
            double m = ref->nbody == 1 ? 1 : NAN;
            for (int j = 0; j < s->nbody; j++)
                if (!strcmp(s->bodies[j].name, ref->body[q])) m = s->bodies[j].mass;
            const double *v = ak_tracefile_v(ref, 0, q);
            for (int a = 0; a < n; a++) V0[a] += m * v[a];
            M += m;
        }
        for (int a = 0; ok && a < n; a++) V0[a] /= M;
        double wr = 0, wo = 0, at = ref->t[0];
        for (long i = 0; ok && i < ref->nsteps; i++) {
            double tt = ref->t[i] - ref->t[0], L[AK_MAX_DIM];
            for (int a = 0; a < n; a++)
                L[a] = X0[a] + V0[a] * tt + 0.5 * (s->has_gravity ? s->gravity[a] : 0) * tt * tt;
            if (centroid(ref, i, all, ref->nbody, s, X)) wr = fmax(wr, dist(X, L, n));
        }
        for (long i = 0; ok && i < o->nsteps; i++) {
            double tt = o->t[i] - ref->t[0], L[AK_MAX_DIM];
            for (int a = 0; a < n; a++)
                L[a] = X0[a] + V0[a] * tt + 0.5 * (s->has_gravity ? s->gravity[a] : 0) * tt * tt;
            if (!centroid(o, i, map, ref->nbody, s, X)) {
                ok = false;
                break;
            }
            double e = dist(X, L, n);
            if (e > wo) wo = e, at = o->t[i];
        }
        free(all);
        if (!ok)
            skip(it, "no masses for the bodies in the manifest");
        else {
            it->other = wo;
            it->reference = wr;
            it->error = wo;
            it->tol = s->tol_centroid;
            snprintf(it->detail, sizeof it->detail,
                     "isolated system, over the whole run: max |X(t) - X0 - V0 t - g t^2/2| [m], "
                     "worst at t = %g s",
                     at);
            judge(r, it);
        }
    }
}

// max_t |f(t) - f(t0)| over a vector quantity, relative to scale.
static double drift_vec(const double *f, long n, int dim, double scale, const double *g_corr,
                        const double *t, double *at) {
    double worst = 0;
    *at = t[0];
    for (long i = 0; i < n; i++) {
        double s = 0;
        for (int a = 0; a < dim; a++) {
            double d = f[i * dim + a] - f[a] - (g_corr ? g_corr[a] * (t[i] - t[0]) : 0);
            s += d * d;
        }
        if (sqrt(s) > worst) worst = sqrt(s), *at = t[i];
    }
    return worst / scale;
}

// The largest energy gain max_{s < t} E(t) - E(s), relative to scale, over the samples outside
// the impact windows of ev and outside the samples marked loaded (the energy a soft contact stores
// while it decelerates a body is not lost, and its release is no gain).
static double energy_gain(const double *E, const double *t, long n, double scale,
                          const ak_cmp_event *ev, int nev, const bool *loaded, double *at) {
    double lo = INFINITY, worst = 0;
    *at = t[0];
    for (long i = 0; i < n; i++) {
        bool inside = loaded && loaded[i];
        for (int j = 0; j < nev && !inside; j++)
            inside =
                ev[j].kind == AK_EVENT_IMPACT && t[i] > ev[j].t0 + 1e-12 && t[i] < ev[j].t1 - 1e-12;
        if (inside) continue;
        lo = fmin(lo, E[i]);
        if (E[i] - lo > worst) worst = E[i] - lo, *at = t[i];
    }
    return worst / scale;
}

// The samples at which a contact may hold energy that the state does not show: some body has
// contacts (the trace's "contacts" column: the points of the step that led to the sample) and
// the bodies move (kinetic energy at least that of all of them at AK_CMP_REST_SPEED; at rest, a
// soft contact stores at most m g d, which energy.gain allows separately). A soft contact (a
// spring, a compliant constraint) stores energy while it is compressed and returns it as it
// relaxes, so a rise from such a sample is energy returned, not created; a sample without
// contacts stores none, so a gain between two of them (or from one to any later sample) is
// judged. The edge landings of a rocking cube are contacts of this kind that are not impacts
// (the centroid falls slower than an impact's 0.5 m/s). Returns NULL (no sample marked) when
// the trace has no contacts column, *nloaded the number marked.
static bool *loaded_samples(const ak_tracefile *t, const ak_invariants *inv,
                            const ak_compare_spec *s, long *nloaded) {
    *nloaded = 0;
    int col = ak_tracefile_extra_col(t, "contacts");
    if (col < 0) return NULL;
    bool *L = calloc((size_t)(t->nsteps > 0 ? t->nsteps : 1), sizeof *L);
    if (!L) return NULL;
    double M = 0;
    for (int b = 0; b < t->nbody; b++) {
        const ak_body_props *bp = props_of(s, t->body[b]);
        if (bp) M += bp->mass;
    }
    double ke_rest = 0.5 * M * AK_CMP_REST_SPEED * AK_CMP_REST_SPEED;
    for (long i = 0; i < t->nsteps; i++) {
        bool touching = false;
        for (int b = 0; b < t->nbody && !touching; b++) {
            double c = ak_tracefile_extra(t, i, b, col);
            touching = isfinite(c) && c > 0;
        }
        bool moving = !(inv->KE[i] < ke_rest);
        if (!(M > 0)) { // no masses (the energy column): judge the speeds
            moving = false;
            for (int b = 0; b < t->nbody && !moving; b++)
                moving = norm(ak_tracefile_v(t, i, b), t->dim) >= AK_CMP_REST_SPEED;
        }
        L[i] = touching && moving;
        *nloaded += L[i];
    }
    return L;
}

static double value_at(const ak_invariants *inv, const double *f, double x) {
    double w;
    long i = locate(inv->t, inv->n, x, &w);
    return i + 1 < inv->n ? (1 - w) * f[i] + w * f[i + 1] : f[i];
}

// Time-weighted mean of the per-step sum of the "contacts" column (trapezoid rule over the
// recorded times), so that a trace sampled densely at the start and sparsely later has the same
// mean as one recorded at every step.
double ak_compare_contacts_mean(const ak_tracefile *t, int col) {
    double *c = calloc((size_t)t->nsteps, sizeof *c);
    if (!c) return NAN;
    for (long i = 0; i < t->nsteps; i++)
        for (int b = 0; b < t->nbody; b++) {
            double v = ak_tracefile_extra(t, i, b, col);
            if (isfinite(v)) c[i] += v;
        }
    double T = t->t[t->nsteps - 1] - t->t[0], acc = 0;
    for (long i = 0; i + 1 < t->nsteps; i++)
        acc += 0.5 * (c[i] + c[i + 1]) * (t->t[i + 1] - t->t[i]);
    double m = T > 0 ? acc / T : c[0];
    free(c);
    return m;
}

// Is body b of t at rest over the whole trace (v and w exactly zero)?
static bool at_rest(const ak_tracefile *t, int b) {
    for (long i = 0; i < t->nsteps; i++) {
        const double *v = ak_tracefile_v(t, i, b), *w = ak_tracefile_w(t, i, b);
        for (int a = 0; a < t->dim; a++)
            if (v[a] != 0) return false;
        for (int a = 0; a < t->nbiv; a++)
            if (w[a] != 0) return false;
    }
    return true;
}

int ak_compare_traces(const ak_tracefile *ref, const ak_tracefile *o, const ak_compare_spec *s,
                      ak_compare_result *r, char *err, size_t errlen) {
    memset(r, 0, sizeof *r);
    if (ref->dim != o->dim) {
        snprintf(err, errlen, "%s has dim %d but the reference %s has dim %d", o->path, o->dim,
                 ref->path, ref->dim);
        return -1;
    }
    int *map = calloc((size_t)ref->nbody + 1, sizeof *map);
    if (!map) return -1;
    int nmapped = 0;
    for (int b = 0; b < ref->nbody; b++) {
        map[b] = ak_tracefile_body(o, ref->body[b]);
        // a fixed body (at rest over the whole reference) may be left out of the other trace
        if (map[b] < 0 && !at_rest(ref, b)) {
            snprintf(err, errlen,
                     "%s has no body '%s' (the reference %s has %d bodies; names must match; only "
                     "bodies at rest over the whole reference may be left out)",
                     o->path, ref->body[b], ref->path, ref->nbody);
            free(map);
            return -1;
        }
        nmapped += map[b] >= 0;
    }
    if (nmapped == 0) {
        snprintf(err, errlen, "%s shares no moving body with the reference %s", o->path, ref->path);
        free(map);
        return -1;
    }
    double dt = isfinite(ref->timestep) ? ref->timestep : 0;
    double t_common = fmin(ref->t[ref->nsteps - 1], o->t[o->nsteps - 1]);
    ak_compare_item *it = item(r, "run.coverage");
    it->reference = ref->t[ref->nsteps - 1];
    it->other = o->t[o->nsteps - 1];
    it->error = fmax(0, it->reference - it->other);
    it->tol = dt + 1e-9 * fabs(it->reference);
    snprintf(it->detail, sizeof it->detail,
             "the other trace ends at t = %g s, the reference at t = %g s", it->other,
             it->reference);
    judge(r, it);
    initial_item(r, ref, o, map, s);

    // events of both traces (body index = the reference's)
    int *ident = malloc(sizeof(int) * (size_t)(ref->nbody + 1));
    ak_cmp_event *er = NULL, *eo = NULL;
    int ner = 0, neo = 0;
    if (ident) {
        for (int b = 0; b < ref->nbody; b++) ident[b] = map[b] >= 0 ? b : -1;
        // first contacts only when both traces count contacts
        bool cc = ak_tracefile_extra_col(ref, "contacts") >= 0 &&
                  ak_tracefile_extra_col(o, "contacts") >= 0;
        ner = ak_compare_events(ref, s, ident, ref->nbody, cc, &er);
        neo = ak_compare_events(o, s, map, ref->nbody, cc, &eo);
    }
    state_items(r, ref, o, map, s, er, ner, eo, neo);
    // a rotor or angular velocity that fails: test the convention hypotheses where it first
    // fails (a rotor that starts at the identity looks right at t0 whatever the convention)
    for (int q = 0; q < r->n; q++) {
        ak_compare_item *x = &r->items[q];
        bool rot = !strcmp(x->quantity, "state.rotor"),
             om = !strcmp(x->quantity, "state.angular_velocity");
        const char *ft = strstr(x->detail, "first over tolerance at t = ");
        if ((rot || om) && x->verdict == AK_CMP_FAIL && ft) {
            char hint[400];
            ak_compare_convention_hint(ref, o, map, rot, x->tol,
                                       strtod(ft + strlen("first over tolerance at t = "), NULL),
                                       hint, sizeof hint);
            append(x->detail, sizeof x->detail, "%s", hint);
        }
    }
    law_items(r, ref, o, map, s);
    rotation_item(r, ref, o, map, s);

    ak_invariants ir, io;
    if (ak_invariants_compute(ref, s, &ir) || ak_invariants_compute(o, s, &io)) {
        free(map);
        free(ident);
        free(er);
        free(eo);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    bool energy = ir.has_energy && io.has_energy;
    double kmax = 0, pmin = INFINITY, pmax = -INFINITY;
    for (long i = 0; i < ir.n; i++) {
        kmax = fmax(kmax, ir.KE[i]);
        pmin = fmin(pmin, ir.PE[i]);
        pmax = fmax(pmax, ir.PE[i]);
    }
    double escale = kmax + (pmax - pmin);
    if (!(escale > 0)) escale = 1;
    // a skip names the trace it is about: the two traces may lack different things
    char why[700];
    snprintf(why, sizeof why, "%s trace: %s", !ir.has_energy ? "the reference" : "the other",
             !ir.has_energy ? ir.why : io.why);
    // Rest depth (scenes that settle): how much lower than the reference's the other trace's bodies
    // rest at the last common time (both at rest there). Soft contacts (a penalty or compliant
    // constraint) rest at a depth > 0; the energy they store is at most m g d per body, which the
    // energy items then allow.
    double stored = 0, stored_signed = 0, dmax = 0;
    int dbody = -1, nrest = 0;
    double gnorm = s->has_gravity ? norm(s->gravity, ref->dim) : 0;
    if (s->settles && gnorm > 0) {
        for (int b = 0; b < ref->nbody; b++) {
            if (map[b] < 0) continue;
            double xr[AK_MAX_DIM], xo[AK_MAX_DIM], vr[AK_MAX_DIM], vo[AK_MAX_DIM];
            interp(ref, b, t_common, 0, ref->dim, xr);
            interp(o, map[b], t_common, 0, ref->dim, xo);
            interp(ref, b, t_common, ref->dim, ref->dim, vr);
            interp(o, map[b], t_common, ref->dim, ref->dim, vo);
            if (!(norm(vr, ref->dim) < AK_CMP_REST_SPEED && norm(vo, ref->dim) < AK_CMP_REST_SPEED))
                continue;
            double d = 0;
            for (int a = 0; a < ref->dim; a++) d += (xo[a] - xr[a]) * s->gravity[a] / gnorm;
            const ak_body_props *bp = props_of(s, ref->body[b]);
            double m = bp ? bp->mass : 0;
            // the energy a soft contact may store: m g times the deepest the body sinks below the
            // reference at any time the reference's body rests and the other's is slow (a soft
            // stack sinks, then its constraint stabilisation pushes it back out: that rise is
            // stored energy returned, not a gain)
            double dm = fmax(d, 0);
            for (long i = 0; i < o->nsteps; i++) {
                double yr[AK_MAX_DIM], wr2[AK_MAX_DIM];
                const double *yo = ak_tracefile_x(o, i, map[b]),
                             *wo2 = ak_tracefile_v(o, i, map[b]);
                interp(ref, b, o->t[i], 0, ref->dim, yr);
                interp(ref, b, o->t[i], ref->dim, ref->dim, wr2);
                if (!(norm(wr2, ref->dim) < AK_CMP_REST_SPEED &&
                      norm(wo2, ref->dim) < 10 * AK_CMP_REST_SPEED))
                    continue;
                double di = 0;
                for (int a = 0; a < ref->dim; a++) di += (yo[a] - yr[a]) * s->gravity[a] / gnorm;
                dm = fmax(dm, di);
            }
            stored += m * gnorm * dm;
            stored_signed += m * gnorm * d;
            if (fabs(d) > fabs(dmax)) dmax = d, dbody = b;
            nrest++;
        }
    }
    bool soft = dmax > AK_CMP_SOFT_DEPTH;
    if (!isnan(s->tol_energy_initial) && (it = item(r, "energy.initial"))) {
        if (!energy)
            skip(it, "%s", why);
        else {
            it->reference = ir.E[0];
            it->other = io.E[0];
            it->error = fabs(io.E[0] - ir.E[0]) / escale;
            it->tol = s->tol_energy_initial;
            snprintf(it->detail, sizeof it->detail, "E(t0) relative to the energy scale %.6g",
                     escale);
            judge(r, it);
            for (int q = 0; it->verdict == AK_CMP_FAIL && q < r->n; q++)
                if (!strcmp(r->items[q].quantity, "initial.state") &&
                    r->items[q].verdict == AK_CMP_FAIL)
                    append(it->detail, sizeof it->detail,
                           "; the initial state differs (initial.state names the field)");
        }
    }
    if (!isnan(s->tol_energy_drift) && (it = item(r, "energy.drift"))) {
        if (!energy)
            skip(it, "%s", why);
        else {
            double at_r, at_o;
            it->reference = drift_vec(ir.E, ir.n, 1, escale, NULL, ir.t, &at_r);
            it->other = drift_vec(io.E, io.n, 1, escale, NULL, io.t, &at_o);
            it->error =
                fmax(0, it->other - it->reference); // the drift in excess of the reference's
            it->tol = s->tol_energy_drift;
            snprintf(it->detail, sizeof it->detail,
                     "max |E(t) - E(t0)| / %.6g over the run: other %.3g (worst at t = %g s), "
                     "reference %.3g (at t = "
                     "%g s); allowed: reference + %.3g",
                     escale, it->other, at_o, it->reference, at_r, s->tol_energy_drift);
            judge(r, it);
        }
    }
    // a dissipative scene never gains energy (beyond what the reference itself gains)
    if (s->settles && !isnan(s->tol_energy_gain) && (it = item(r, "energy.gain"))) {
        if (!energy)
            skip(it, "%s", why);
        else {
            double at_r, at_o;
            long nlr = 0, nlo = 0;
            bool *lr = loaded_samples(ref, &ir, s, &nlr), *lo = loaded_samples(o, &io, s, &nlo);
            it->reference = energy_gain(ir.E, ir.t, ir.n, escale, er, ner, lr, &at_r);
            it->other = energy_gain(io.E, io.t, io.n, escale, eo, neo, lo, &at_o);
            free(lr);
            free(lo);
            it->error = fmax(0, it->other - it->reference - stored / escale);
            it->tol = s->tol_energy_gain;
            snprintf(it->detail, sizeof it->detail,
                     "dissipative scene, over the whole run outside impacts and moving contacts: "
                     "max_{s<t} E(t) - "
                     "E(s), / %.6g: other %.3g "
                     "(at t = %g s), reference %.3g; allowed: reference + %.3g",
                     escale, it->other, at_o, it->reference, s->tol_energy_gain);
            if (stored > 0)
                append(it->detail, sizeof it->detail,
                       " + what the soft contacts store at rest, sum m g d = %.3g J", stored);
            if (nlo > 0)
                append(it->detail, sizeof it->detail,
                       "; %ld samples of the other trace in moving contact (their contacts may "
                       "store energy) are not judged",
                       nlo);
            judge(r, it);
        }
    }
    if (!isnan(s->tol_energy_final) && (it = item(r, "energy.final"))) {
        if (!energy)
            skip(it, "%s", why);
        else {
            it->reference = value_at(&ir, ir.E, t_common);
            it->other = value_at(&io, io.E, t_common);
            it->error = fabs(it->other - it->reference + (soft ? stored_signed : 0)) / escale;
            it->tol = s->tol_energy_final;
            snprintf(it->detail, sizeof it->detail,
                     "E at the last common time t = %g s, relative to %.6g", t_common, escale);
            if (soft)
                append(it->detail, sizeof it->detail,
                       "; soft contacts: the potential energy of the rest depth (sum m g d = %.3g "
                       "J) is not counted",
                       stored_signed);
            judge(r, it);
        }
    }
    bool mom = ir.has_momentum && io.has_momentum;
    for (int q = 0; q < 2; q++) {
        double tol = q == 0 ? s->tol_momentum_drift : s->tol_angular_momentum_drift;
        if (isnan(tol) || !(it = item(r, q == 0 ? "momentum.drift" : "angular_momentum.drift")))
            continue;
        if (!s->isolated) it->kind = AK_CMP_MEASUREMENT; // a law of isolated systems only
        if (!mom) {
            skip(it, "%s trace: %s", !ir.has_momentum ? "the reference" : "the other",
                 !ir.has_momentum ? ir.why : io.why);
            continue;
        }
        int d = q == 0 ? ref->dim : ref->nbiv;
        const double *fr = q == 0 ? ir.p : ir.L, *fo = q == 0 ? io.p : io.L;
        double Mg[AK_MAX_DIM] = { 0 }, M = 0;
        for (int b = 0; b < s->nbody; b++) M += s->bodies[b].mass;
        for (int a = 0; a < ref->dim && s->has_gravity; a++) Mg[a] = M * s->gravity[a];
        // Scale: the largest momentum magnitude in the reference (1 if it never moves).
        double scale = 0;
        for (long i = 0; i < ir.n; i++) {
            double m2 = 0;
            for (int a = 0; a < d; a++) m2 += fr[i * d + a] * fr[i * d + a];
            scale = fmax(scale, sqrt(m2));
        }
        if (!(scale > 0)) scale = 1;
        double at_r, at_o;
        it->reference = drift_vec(fr, ir.n, d, scale, q == 0 ? Mg : NULL, ir.t, &at_r);
        it->other = drift_vec(fo, io.n, d, scale, q == 0 ? Mg : NULL, io.t, &at_o);
        it->error = fmax(0, it->other - it->reference);
        it->tol = tol;
        snprintf(it->detail, sizeof it->detail,
                 "max |%s| / %.6g over the run: other %.3g (worst at t = %g s), reference %.3g; "
                 "allowed: reference + "
                 "%.3g",
                 q == 0 ? "p(t) - p(t0) - M g (t - t0)" : "L_cm(t) - L_cm(t0)", scale, it->other,
                 at_o, it->reference, tol);
        judge(r, it);
    }
    for (int q = 0; q < 2; q++) {
        double tol = q == 0 ? s->tol_end_position : s->tol_end_rotor;
        if (isnan(tol) || !(it = item(r, q == 0 ? "end.position" : "end.rotor"))) continue;
        int off = q == 0 ? 0 : 2 * ref->dim, len = q == 0 ? ref->dim : ref->neven;
        double worst = 0;
        int wb = 0, nsym = 0;
        for (int b = 0; b < ref->nbody; b++) {
            if (map[b] < 0) continue;
            double a[AK_MAX_EVEN], c[AK_MAX_EVEN];
            interp(ref, b, t_common, off, len, a);
            interp(o, map[b], t_common, off, len, c);
            int ns = 1;
            double e =
                q == 0 ? dist(a, c, len) : sym_rotor_dist(s, ref->body[b], ref->dim, c, a, &ns);
            if (q == 1 && ns != 1) nsym++;
            if (e > worst) worst = e, wb = b;
        }
        it->error = worst;
        it->tol = tol;
        snprintf(it->detail, sizeof it->detail, "at the last common time t = %g s; worst body '%s'",
                 t_common, ref->body[wb]);
        if (q == 1)
            append(it->detail, sizeof it->detail, "%s",
                   nsym ? "; modulo each shape's symmetry (a hyperbox's signed permutations of "
                          "equal axes, any "
                          "rotation of a hypersphere)"
                   : s->nshape ? ""
                               : "; the scene's shapes are unknown (no scene file found): rest "
                                 "orientations are "
                                 "compared as they are, not modulo symmetry");
        judge(r, it);
    }
    if (!isnan(s->tol_contacts_mean) && (it = item(r, "contacts.mean"))) {
        int cr = ak_tracefile_extra_col(ref, "contacts"),
            co = ak_tracefile_extra_col(o, "contacts");
        if (cr < 0 || co < 0)
            skip(it, "no 'contacts' column in the %s trace", cr < 0 ? "reference" : "other");
        else {
            it->reference = ak_compare_contacts_mean(ref, cr);
            it->other = ak_compare_contacts_mean(o, co);
            it->error = fabs(it->other - it->reference) / fmax(it->reference, 1);
            it->tol = s->tol_contacts_mean;
            snprintf(it->detail, sizeof it->detail,
                     "time-weighted mean number of contacts (sum over bodies) over the run");
            judge(r, it);
        }
    }
    if (s->settles && gnorm > 0 && (it = item(r, "contacts.rest_depth"))) {
        if (nrest == 0)
            skip(it, "no body is at rest in both traces at the last common time t = %g s",
                 t_common);
        else {
            it->other = dmax;
            it->reference = 0;
            it->error = fabs(dmax);
            it->tol = AK_CMP_REST_DEPTH_TOL;
            snprintf(it->detail, sizeof it->detail,
                     "how much deeper (along g) the other's bodies rest than the reference's at t "
                     "= %g s, %d bodies at "
                     "rest in both; worst body '%s' [m]%s",
                     t_common, nrest, ref->body[dbody < 0 ? 0 : dbody],
                     soft ? "; the other engine's contacts are soft (rest depth > 0): energy items "
                            "allow m g d"
                          : "");
            judge(r, it);
        }
    }
    event_items(r, ref, o, map, s, er, ner, eo, neo);
    if (s->laws_only) { // `--laws`: the measurements are left out
        int m = 0;
        r->npass = r->nfail = r->nlaw_fail = 0;
        for (int q = 0; q < r->n; q++) {
            if (r->items[q].kind != AK_CMP_LAW) continue;
            if (m != q) r->items[m] = r->items[q];
            r->npass += r->items[m].verdict == AK_CMP_PASS;
            r->nfail += r->items[m].verdict == AK_CMP_FAIL;
            r->nlaw_fail += r->items[m].verdict == AK_CMP_FAIL;
            m++;
        }
        r->n = m;
    }
    ak_invariants_free(&ir);
    ak_invariants_free(&io);
    free(er);
    free(eo);
    free(ident);
    free(map);
    return 0;
}

void ak_compare_fmt_pair(double error, double tol, char *e, char *t, size_t n) {
    // the fewest significant digits (at least 3) that show why the verdict is what it is: an
    // error just over its tolerance must not print as the tolerance
    if (!e || !t || n == 0) return;
    for (int p = 3; p <= 17; p++) {
        snprintf(e, n, "%.*g", p, error);
        snprintf(t, n, "%.*g", p, tol);
        if (error == tol || strcmp(e, t) != 0 || !isfinite(error) || !isfinite(tol)) return;
    }
}

void ak_compare_print_summary(const ak_compare_result *r, void *file) {
    FILE *f = file;
    for (int kind = 0; kind < 2; kind++) {
        fputs(kind == AK_CMP_LAW ? "laws violated: " : "differs from the reference in: ", f);
        int c = 0;
        for (int i = 0; i < r->n; i++) {
            const ak_compare_item *it = &r->items[i];
            if (it->kind != kind || it->verdict != AK_CMP_FAIL) continue;
            char e[32], t[32];
            ak_compare_fmt_pair(it->error, it->tol, e, t, sizeof e);
            fprintf(f, "%s%s (%s > %s)", c++ ? ", " : "", it->quantity, e, t);
        }
        bool any = false;
        for (int i = 0; i < r->n; i++) any = any || r->items[i].kind == kind;
        fputs(c ? "\n" : any ? "none\n" : "not judged (--laws)\n", f);
    }
    fprintf(f, "compare: %d passed, %d failed, %d skipped\n", r->npass, r->nfail,
            r->n - r->npass - r->nfail);
}

void ak_compare_print(const ak_compare_result *r, void *file) {
    FILE *f = file;
    fprintf(f, "%-4s  %-24s %-11s %12s %12s %11s %11s  %s\n", "", "quantity", "kind", "other",
            "reference", "error", "tolerance", "detail");
    for (int i = 0; i < r->n; i++) {
        const ak_compare_item *it = &r->items[i];
        const char *v = it->verdict == AK_CMP_PASS   ? "ok"
                        : it->verdict == AK_CMP_FAIL ? "FAIL"
                                                     : "skip";
        char o[32] = "-", ref[32] = "-", e[32] = "-", t[32] = "-";
        if (!isnan(it->other)) snprintf(o, sizeof o, "%.6g", it->other);
        if (!isnan(it->reference)) snprintf(ref, sizeof ref, "%.6g", it->reference);
        if (it->verdict != AK_CMP_SKIP) ak_compare_fmt_pair(it->error, it->tol, e, t, sizeof e);
        fprintf(f, "%-4s  %-24s %-11s %12s %12s %11s %11s  %s\n", v, it->quantity,
                it->kind == AK_CMP_LAW ? "law" : "measurement", o, ref, e, t, it->detail);
    }
    ak_compare_print_summary(r, f);
}

// ---- scenes named by two traces -------------------------------------------------------------

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

// The canonical path of a trace's scene name: as given (relative to the working directory), next
// to the trace, or in the source tree; "" when none exists.
static void scene_realpath(const char *scene, const char *trace_path, char *out, size_t n) {
    out[0] = '\0';
    char cand[3][2048], dir[1024];
    snprintf(dir, sizeof dir, "%s", trace_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(cand[0], sizeof cand[0], "%s", scene);
    snprintf(cand[1], sizeof cand[1], "%s/%s", dir, scene);
    snprintf(cand[2], sizeof cand[2], "%s/%s", AK_SOURCE_DIR, scene);
    for (int i = 0; i < 3; i++) {
        if (i > 0 && scene[0] == '/') break;
        char buf[PATH_MAX];
        if (realpath(cand[i], buf)) {
            snprintf(out, n, "%s", buf);
            return;
        }
    }
}

int ak_compare_scene_path(const ak_compare_spec *s, const ak_tracefile *ref, char *out, size_t n) {
    out[0] = '\0';
    if (s->scene_file[0]) scene_realpath(s->scene_file, ref->path, out, n);
    if (!out[0] && ref->scene[0]) scene_realpath(ref->scene, ref->path, out, n);
    return out[0] ? 0 : -1;
}

int ak_compare_spec_shapes_for(ak_compare_spec *s, const ak_tracefile *ref, char *err,
                               size_t errlen) {
    char path[PATH_MAX] = "";
    if (s->scene_file[0]) scene_realpath(s->scene_file, ref->path, path, sizeof path);
    if (!path[0] && ref->scene[0]) scene_realpath(ref->scene, ref->path, path, sizeof path);
    if (!path[0]) {
        snprintf(err, errlen, "no scene file found for '%s'",
                 s->scene_file[0] ? s->scene_file : ref->scene);
        return -1;
    }
    return ak_compare_spec_load_shapes(s, path, err, errlen);
}

bool ak_compare_same_scene(const char *a, const char *a_trace, const char *b, const char *b_trace) {
    if (!a[0] || !b[0] || !strcmp(a, b)) return true;
    char ra[PATH_MAX], rb[PATH_MAX];
    scene_realpath(a, a_trace, ra, sizeof ra);
    scene_realpath(b, b_trace, rb, sizeof rb);
    if (ra[0] && rb[0]) return !strcmp(ra, rb);
    // one of them is not a file here: compare the names without directories and ".json"
    const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
    ba = ba ? ba + 1 : a;
    bb = bb ? bb + 1 : b;
    size_t la = strlen(ba), lb = strlen(bb);
    if (la > 5 && !strcmp(ba + la - 5, ".json")) la -= 5;
    if (lb > 5 && !strcmp(bb + lb - 5, ".json")) lb -= 5;
    return la == lb && !strncmp(ba, bb, la);
}

int ak_compare_spec_override(ak_compare_spec *s, const char *as, char *err, size_t errlen) {
    const char *eq = strchr(as, '=');
    char key[64];
    if (!eq || eq == as || (size_t)(eq - as) >= sizeof key) {
        snprintf(err, errlen,
                 "--tol '%s': expected NAME=VALUE (e.g. position=1e-3, horizon=2, end_rotor=off)",
                 as);
        return -1;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - as), as);
    double v;
    char *end;
    if (!strcmp(eq + 1, "off"))
        v = NAN;
    else {
        v = strtod(eq + 1, &end);
        if (end == eq + 1 || *end || !(v >= 0) || !isfinite(v)) {
            snprintf(err, errlen, "--tol %s: '%s' is not a non-negative number or 'off'", key,
                     eq + 1);
            return -1;
        }
    }
    static const struct {
        const char *name;
        size_t off;
    } K[] = {
#define F(n, f) { n, offsetof(ak_compare_spec, f) }
        F("horizon", horizon),
        F("position", tol_position),
        F("velocity", tol_velocity),
        F("rotor", tol_rotor),
        F("angular_velocity", tol_angular_velocity),
        F("energy_initial", tol_energy_initial),
        F("energy_drift", tol_energy_drift),
        F("energy_final", tol_energy_final),
        F("energy_gain", tol_energy_gain),
        F("momentum_drift", tol_momentum_drift),
        F("angular_momentum_drift", tol_angular_momentum_drift),
        F("end_position", tol_end_position),
        F("end_rotor", tol_end_rotor),
        F("contacts_mean", tol_contacts_mean),
        F("kinematics", tol_kinematics),
        F("centroid", tol_centroid),
        F("event", tol_event),
        F("initial", tol_initial),
        F("rotation", tol_rotation),
#undef F
    };
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++)
        if (!strcmp(K[i].name, key)) {
            if (!strcmp(key, "horizon") && isnan(v)) v = 0;
            *(double *)((char *)s + K[i].off) = v;
            return 0;
        }
    char names[512] = "";
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++)
        append(names, sizeof names, "%s%s", i ? ", " : "", K[i].name);
    snprintf(err, errlen, "--tol: unknown name '%s' (one of: %s)", key, names);
    return -1;
}
