// Trace comparison and trace invariants (see compare.h for what is compared and why).
#include "common/files.h"
#include "compare/compare.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


void ak_compare_spec_default(ak_compare_spec *s) {
    memset(s, 0, sizeof *s);
    s->horizon = AK_CMP_DEFAULT_HORIZON;
    s->downsample = 1;
    s->tol_position = s->tol_velocity = s->tol_rotor = s->tol_angular_velocity = AK_CMP_DEFAULT_STATE_TOL;
    s->tol_energy_initial = AK_CMP_DEFAULT_ENERGY_INITIAL_TOL;
    s->tol_energy_drift = AK_CMP_DEFAULT_ENERGY_DRIFT_TOL;
    s->tol_momentum_drift = s->tol_angular_momentum_drift = AK_CMP_DEFAULT_MOMENTUM_DRIFT_TOL;
    s->tol_energy_final = s->tol_end_position = s->tol_end_rotor = s->tol_contacts_mean = NAN;
}

void ak_compare_spec_free(ak_compare_spec *s) {
    free(s->bodies);
    s->bodies = NULL;
    s->nbody = 0;
}

// A tolerance from the manifest: a number, or null / absent for "not compared".
static double tol_of(const cJSON *tols, const char *key, double dflt) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(tols, key);
    if (!v) return dflt;
    return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

static int entry_from_json(const cJSON *e, ak_compare_spec *s, const char *path, const char *tolkey, char *err,
                           size_t errlen) {
    const cJSON *v;
#define STR(key, dst)                                                                                                  \
    if ((v = cJSON_GetObjectItemCaseSensitive(e, key)) && cJSON_IsString(v)) snprintf(dst, sizeof dst, "%s", v->valuestring)
    STR("scene", s->scene);
    STR("trace", s->trace);
    STR("scene_file", s->scene_file);
#undef STR
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "dim")) && cJSON_IsNumber(v)) s->dim = v->valueint;
    if (s->dim && (s->dim < 2 || s->dim > AK_MAX_DIM)) {
        snprintf(err, errlen, "%s: scene '%s': dim %d is not 2..%d", path, s->scene, s->dim, AK_MAX_DIM);
        return -1;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "settles"))) s->settles = cJSON_IsTrue(v);
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "duration")) && cJSON_IsNumber(v)) s->duration = v->valuedouble;
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "downsample")) && cJSON_IsObject(v)) {
        const cJSON *ev = cJSON_GetObjectItemCaseSensitive(v, "every"), *du = cJSON_GetObjectItemCaseSensitive(v, "dense_until");
        if (cJSON_IsNumber(ev)) s->downsample = ev->valueint;
        if (cJSON_IsNumber(du)) s->dense_until = du->valuedouble;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "record_every")) && cJSON_IsNumber(v)) s->record_every = v->valueint;
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "source")) && cJSON_IsString(v))
        snprintf(s->source, sizeof s->source, "%s", v->valuestring);
    if ((v = cJSON_GetObjectItemCaseSensitive(e, "integrator")) && cJSON_IsString(v))
        snprintf(s->integrator, sizeof s->integrator, "%s", v->valuestring);
    if (s->downsample < 1) s->downsample = 1;
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(e, "gravity");
    if (cJSON_IsArray(g)) {
        if (cJSON_GetArraySize(g) != s->dim) {
            snprintf(err, errlen, "%s: scene '%s': gravity has %d components, dim is %d", path, s->scene,
                     cJSON_GetArraySize(g), s->dim);
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
            if (!cJSON_IsString(nm) || !cJSON_IsNumber(m) || !cJSON_IsArray(I) || cJSON_GetArraySize(I) != k) {
                snprintf(err, errlen, "%s: scene '%s': body %d needs \"name\", \"mass\" and a %dx%d \"inertia\"", path,
                         s->scene, s->nbody + 1, k, k);
                return -1;
            }
            snprintf(p->name, sizeof p->name, "%s", nm->valuestring);
            p->mass = m->valuedouble;
            for (int r = 0; r < k; r++) {
                const cJSON *row = cJSON_GetArrayItem(I, r);
                if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != k) {
                    snprintf(err, errlen, "%s: scene '%s': body '%s': inertia row %d is not %d numbers", path, s->scene,
                             p->name, r + 1, k);
                    return -1;
                }
                for (int c = 0; c < k; c++) p->inertia[r * k + c] = cJSON_GetArrayItem(row, c)->valuedouble;
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
        s->tol_angular_momentum_drift = tol_of(t, "angular_momentum_drift", s->tol_angular_momentum_drift);
        s->tol_end_position = tol_of(t, "end_position", s->tol_end_position);
        s->tol_end_rotor = tol_of(t, "end_rotor", s->tol_end_rotor);
        s->tol_contacts_mean = tol_of(t, "contacts_mean", s->tol_contacts_mean);
    }
    if (!(s->horizon >= 0)) s->horizon = 0;
    return 0;
}

int ak_manifest_load(const char *path, const char *key, ak_compare_spec *out, char *err, size_t errlen) {
    return ak_manifest_load_tol(path, key, "tolerances", out, err, errlen);
}

int ak_manifest_load_tol(const char *path, const char *key, const char *tolkey, ak_compare_spec *out, char *err,
                         size_t errlen) {
    ak_compare_spec_default(out);
    char *text = ak_read_file(path, NULL);
    if (!text) {
        snprintf(err, errlen, "%s: cannot read the manifest", path);
        return -1;
    }
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!root || !cJSON_IsString(fmt) || strcmp(fmt->valuestring, "anakata-reference/1")) {
        snprintf(err, errlen, "%s: not a reference manifest (needs \"format\": \"anakata-reference/1\")", path);
        cJSON_Delete(root);
        return -1;
    }
    const cJSON *scenes = cJSON_GetObjectItemCaseSensitive(root, "scenes"), *e;
    int rc = 1;
    cJSON_ArrayForEach(e, scenes) {
        const cJSON *sc = cJSON_GetObjectItemCaseSensitive(e, "scene"), *tr = cJSON_GetObjectItemCaseSensitive(e, "trace");
        bool match = (cJSON_IsString(sc) && !strcmp(sc->valuestring, key)) ||
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
    static const ak_body_props fixed_body = {.mass = 0};
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
            snprintf(o->why, sizeof o->why, "the manifest has no mass properties for body '%s'", t->body[b]);
            props = false;
        }
    }
    if (props) {
        o->has_energy = o->has_momentum = true;
        for (long i = 0; i < o->n; i++) {
            double M = 0, X[AK_MAX_DIM] = {0}, V[AK_MAX_DIM] = {0};
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
                double M2[AK_MAX_BIV * AK_MAX_BIV], Iw[AK_MAX_BIV * AK_MAX_BIV], tmp[AK_MAX_BIV * AK_MAX_BIV];
                ak_nd_rotor_biv_matrix(n, M2, R);
                // I_w = M2 I M2^T (B-eq4)
                for (int r = 0; r < k; r++)
                    for (int c = 0; c < k; c++) {
                        double acc = 0;
                        for (int q = 0; q < k; q++) acc += M2[r * k + q] * bp[b]->inertia[q * k + c];
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
        o->has_energy = true;
        for (long i = 0; i < o->n; i++) {
            for (int b = 0; b < t->nbody; b++) o->E[i] += ak_tracefile_extra(t, i, b, col);
            o->KE[i] = o->E[i]; // unsplit: the scale is then the range of E
            if (!isfinite(o->E[i])) o->has_energy = false;
        }
        snprintf(o->why, sizeof o->why, "%s",
                 o->has_energy ? "no mass properties: energy from the trace's 'energy' column, no momentum"
                               : "the 'energy' column has empty or non-numeric cells");
        return 0;
    }
    if (!o->why[0])
        snprintf(o->why, sizeof o->why, "no mass properties in the manifest and no 'energy' column in the trace");
    return 0;
}

// ---- comparison -----------------------------------------------------------------------------

static ak_compare_item *item(ak_compare_result *r, const char *q) {
    if (r->n >= AK_CMP_ITEMS_MAX) return NULL;
    ak_compare_item *it = &r->items[r->n++];
    memset(it, 0, sizeof *it);
    snprintf(it->quantity, sizeof it->quantity, "%s", q);
    it->other = it->reference = it->error = it->tol = NAN;
    return it;
}

static void judge(ak_compare_result *r, ak_compare_item *it) {
    it->verdict = (isfinite(it->error) && it->error <= it->tol) ? AK_CMP_PASS : AK_CMP_FAIL;
    if (it->verdict == AK_CMP_PASS) r->npass++;
    else r->nfail++;
}

static void skip(ak_compare_item *it, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void skip(ak_compare_item *it, const char *fmt, ...) {
    it->verdict = AK_CMP_SKIP;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->detail, sizeof it->detail, fmt, ap);
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
        if (t[mid] <= x) lo = mid;
        else hi = mid;
    }
    double d = t[hi] - t[lo];
    *w = d > 0 ? (x - t[lo]) / d : 0;
    return lo;
}

// State block (offset, length) of body b of trace tr, interpolated at time x.
static void interp(const ak_tracefile *tr, int b, double x, int off, int len, double *out) {
    double w;
    long i = locate(tr->t, tr->nsteps, x, &w);
    const double *a = ak_tracefile_x(tr, i, b) + off;
    const double *c = i + 1 < tr->nsteps ? ak_tracefile_x(tr, i + 1, b) + off : a;
    for (int k = 0; k < len; k++) out[k] = (1 - w) * a[k] + w * c[k];
}

static double dist(const double *a, const double *b, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(s);
}
static double rotor_dist(const double *a, const double *b, int n) {
    double s = 0, t = 0;
    for (int i = 0; i < n; i++) s += (a[i] - b[i]) * (a[i] - b[i]), t += (a[i] + b[i]) * (a[i] + b[i]);
    return sqrt(fmin(s, t));
}

static void state_items(ak_compare_result *r, const ak_tracefile *ref, const ak_tracefile *o, const int map[],
                        const ak_compare_spec *s) {
    static const char *const Q[4] = {"state.position", "state.velocity", "state.rotor", "state.angular_velocity"};
    const double tols[4] = {s->tol_position, s->tol_velocity, s->tol_rotor, s->tol_angular_velocity};
    const int n = ref->dim, off[4] = {0, n, 2 * n, 2 * n + ref->neven}, len[4] = {n, n, ref->neven, ref->nbiv};
    double t0 = ref->t[0], t_end = t0 + s->horizon;
    for (int q = 0; q < 4; q++) {
        if (isnan(tols[q])) continue;
        ak_compare_item *it = item(r, Q[q]);
        if (!it) return;
        it->tol = tols[q];
        double worst = 0, worst_t = t0, first_t = NAN;
        int worst_b = 0;
        long count = 0;
        for (long i = 0; i < ref->nsteps && ref->t[i] <= t_end + 1e-12; i++) {
            if (ref->t[i] > o->t[o->nsteps - 1] + 1e-9) break;
            for (int b = 0; b < ref->nbody; b++) {
                double val[AK_MAX_EVEN];
                interp(o, map[b], ref->t[i], off[q], len[q], val);
                const double *rv = ak_tracefile_x(ref, i, b) + off[q];
                double e = q == 2 ? rotor_dist(val, rv, len[q]) : dist(val, rv, len[q]);
                if (e > worst) worst = e, worst_t = ref->t[i], worst_b = b;
                if (e > it->tol && isnan(first_t)) first_t = ref->t[i];
            }
            count++;
        }
        it->error = worst;
        snprintf(it->detail, sizeof it->detail, "max over %ld samples in t = [%g, %g] s: worst %s '%s' at t = %g s%s",
                 count, t0, fmin(t_end, ref->t[ref->nsteps - 1]), "body", ref->body[worst_b], worst_t, "");
        if (!isnan(first_t)) {
            size_t l = strlen(it->detail);
            snprintf(it->detail + l, sizeof it->detail - l, "; first over tolerance at t = %g s", first_t);
        }
        if (count == 0) skip(it, "the traces share no time within the horizon");
        else judge(r, it);
    }
}

// max_t |f(t) - f(t0)| over a vector quantity, relative to scale.
static double drift_vec(const double *f, long n, int dim, double scale, const double *g_corr, const double *t,
                        double *at) {
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

static double value_at(const ak_invariants *inv, const double *f, double x) {
    double w;
    long i = locate(inv->t, inv->n, x, &w);
    return i + 1 < inv->n ? (1 - w) * f[i] + w * f[i + 1] : f[i];
}

int ak_compare_traces(const ak_tracefile *ref, const ak_tracefile *o, const ak_compare_spec *s, ak_compare_result *r,
                      char *err, size_t errlen) {
    memset(r, 0, sizeof *r);
    if (ref->dim != o->dim) {
        snprintf(err, errlen, "%s has dim %d but the reference %s has dim %d", o->path, o->dim, ref->path, ref->dim);
        return -1;
    }
    int *map = calloc((size_t)ref->nbody + 1, sizeof *map);
    if (!map) return -1;
    for (int b = 0; b < ref->nbody; b++) {
        map[b] = ak_tracefile_body(o, ref->body[b]);
        if (map[b] < 0) {
            snprintf(err, errlen, "%s has no body '%s' (the reference %s has %d bodies; names must match)", o->path,
                     ref->body[b], ref->path, ref->nbody);
            free(map);
            return -1;
        }
    }
    double dt = isfinite(ref->timestep) ? ref->timestep : 0;
    double t_common = fmin(ref->t[ref->nsteps - 1], o->t[o->nsteps - 1]);
    ak_compare_item *it = item(r, "run.coverage");
    it->reference = ref->t[ref->nsteps - 1];
    it->other = o->t[o->nsteps - 1];
    it->error = fmax(0, it->reference - it->other);
    it->tol = dt + 1e-9 * fabs(it->reference);
    snprintf(it->detail, sizeof it->detail, "the other trace ends at t = %g s, the reference at t = %g s", it->other,
             it->reference);
    judge(r, it);

    state_items(r, ref, o, map, s);

    ak_invariants ir, io;
    if (ak_invariants_compute(ref, s, &ir) || ak_invariants_compute(o, s, &io)) {
        free(map);
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
    const char *why = !ir.has_energy ? ir.why : io.why;
    if (!isnan(s->tol_energy_initial) && (it = item(r, "energy.initial"))) {
        if (!energy) skip(it, "%s", why);
        else {
            it->reference = ir.E[0];
            it->other = io.E[0];
            it->error = fabs(io.E[0] - ir.E[0]) / escale;
            it->tol = s->tol_energy_initial;
            snprintf(it->detail, sizeof it->detail, "E(t0) relative to the energy scale %.6g", escale);
            judge(r, it);
        }
    }
    if (!isnan(s->tol_energy_drift) && (it = item(r, "energy.drift"))) {
        if (!energy) skip(it, "%s", why);
        else {
            double at_r, at_o;
            it->reference = drift_vec(ir.E, ir.n, 1, escale, NULL, ir.t, &at_r);
            it->other = drift_vec(io.E, io.n, 1, escale, NULL, io.t, &at_o);
            it->error = fmax(0, it->other - it->reference); // the drift in excess of the reference's
            it->tol = s->tol_energy_drift;
            snprintf(it->detail, sizeof it->detail,
                     "max |E(t) - E(t0)| / %.6g over the run: other %.3g (worst at t = %g s), reference %.3g (at t = "
                     "%g s); allowed: reference + %.3g",
                     escale, it->other, at_o, it->reference, at_r, s->tol_energy_drift);
            judge(r, it);
        }
    }
    if (!isnan(s->tol_energy_final) && (it = item(r, "energy.final"))) {
        if (!energy) skip(it, "%s", why);
        else {
            it->reference = value_at(&ir, ir.E, t_common);
            it->other = value_at(&io, io.E, t_common);
            it->error = fabs(it->other - it->reference) / escale;
            it->tol = s->tol_energy_final;
            snprintf(it->detail, sizeof it->detail, "E at the last common time t = %g s, relative to %.6g", t_common,
                     escale);
            judge(r, it);
        }
    }
    bool mom = ir.has_momentum && io.has_momentum;
    for (int q = 0; q < 2; q++) {
        double tol = q == 0 ? s->tol_momentum_drift : s->tol_angular_momentum_drift;
        if (isnan(tol) || !(it = item(r, q == 0 ? "momentum.drift" : "angular_momentum.drift"))) continue;
        if (!mom) {
            skip(it, "%s", !ir.has_momentum ? ir.why : io.why);
            continue;
        }
        int d = q == 0 ? ref->dim : ref->nbiv;
        const double *fr = q == 0 ? ir.p : ir.L, *fo = q == 0 ? io.p : io.L;
        double Mg[AK_MAX_DIM] = {0}, M = 0;
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
                 "max |%s| / %.6g over the run: other %.3g (worst at t = %g s), reference %.3g; allowed: reference + "
                 "%.3g",
                 q == 0 ? "p(t) - p(t0) - M g (t - t0)" : "L_cm(t) - L_cm(t0)", scale, it->other, at_o, it->reference,
                 tol);
        judge(r, it);
    }
    for (int q = 0; q < 2; q++) {
        double tol = q == 0 ? s->tol_end_position : s->tol_end_rotor;
        if (isnan(tol) || !(it = item(r, q == 0 ? "end.position" : "end.rotor"))) continue;
        int off = q == 0 ? 0 : 2 * ref->dim, len = q == 0 ? ref->dim : ref->neven;
        double worst = 0;
        int wb = 0;
        for (int b = 0; b < ref->nbody; b++) {
            double a[AK_MAX_EVEN], c[AK_MAX_EVEN];
            interp(ref, b, t_common, off, len, a);
            interp(o, map[b], t_common, off, len, c);
            double e = q == 0 ? dist(a, c, len) : rotor_dist(a, c, len);
            if (e > worst) worst = e, wb = b;
        }
        it->error = worst;
        it->tol = tol;
        snprintf(it->detail, sizeof it->detail, "at the last common time t = %g s; worst body '%s'", t_common,
                 ref->body[wb]);
        judge(r, it);
    }
    if (!isnan(s->tol_contacts_mean) && (it = item(r, "contacts.mean"))) {
        int cr = ak_tracefile_extra_col(ref, "contacts"), co = ak_tracefile_extra_col(o, "contacts");
        if (cr < 0 || co < 0) skip(it, "no 'contacts' column in the %s trace", cr < 0 ? "reference" : "other");
        else {
            double mr = 0, mo = 0;
            for (long i = 0; i < ref->nsteps; i++)
                for (int b = 0; b < ref->nbody; b++) {
                    double v = ak_tracefile_extra(ref, i, b, cr);
                    if (isfinite(v)) mr += v;
                }
            for (long i = 0; i < o->nsteps; i++)
                for (int b = 0; b < o->nbody; b++) {
                    double v = ak_tracefile_extra(o, i, b, co);
                    if (isfinite(v)) mo += v;
                }
            it->reference = mr / (double)ref->nsteps;
            it->other = mo / (double)o->nsteps;
            it->error = fabs(it->other - it->reference) / fmax(it->reference, 1);
            it->tol = s->tol_contacts_mean;
            snprintf(it->detail, sizeof it->detail, "mean number of contacts per recorded step (sum over bodies)");
            judge(r, it);
        }
    }
    ak_invariants_free(&ir);
    ak_invariants_free(&io);
    free(map);
    return 0;
}

void ak_compare_print(const ak_compare_result *r, void *file) {
    FILE *f = file;
    fprintf(f, "%-4s  %-24s %12s %12s %11s %11s  %s\n", "", "quantity", "other", "reference", "error", "tolerance",
            "detail");
    for (int i = 0; i < r->n; i++) {
        const ak_compare_item *it = &r->items[i];
        const char *v = it->verdict == AK_CMP_PASS ? "ok" : it->verdict == AK_CMP_FAIL ? "FAIL" : "skip";
        char o[32] = "-", ref[32] = "-", e[32] = "-", t[32] = "-";
        if (!isnan(it->other)) snprintf(o, sizeof o, "%.6g", it->other);
        if (!isnan(it->reference)) snprintf(ref, sizeof ref, "%.6g", it->reference);
        if (it->verdict != AK_CMP_SKIP) {
            snprintf(e, sizeof e, "%.3g", it->error);
            snprintf(t, sizeof t, "%.3g", it->tol);
        }
        fprintf(f, "%-4s  %-24s %12s %12s %11s %11s  %s\n", v, it->quantity, o, ref, e, t, it->detail);
    }
    fprintf(f, "compare: %d passed, %d failed, %d skipped\n", r->npass, r->nfail, r->n - r->npass - r->nfail);
}
