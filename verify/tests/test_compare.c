// Unit tests of the trace comparison: a trace compared with itself passes; each kind of foreign
// error (a position offset, an energy gain) fails the quantity that should catch it and no
// other state item spuriously; the invariants match closed forms on an analytic trace.
#include <criterion/criterion.h>
#include <math.h>
#include <unistd.h>

#include "compare/compare.h"
#include "trace_fixture.h"
#include "compare/trace_read.h"

#define NSTEPS 200
#define DT 0.01
#define ENERGY_CONSERVED_TOL 1e-11 // the analytic fixture conserves E to rounding
#define POS_EPS 1.2e-2             // a foreign position error of 1.2 cm/s: over 1e-3 after 0.083 s
#define VEL_GAIN 0.05              // a foreign energy gain of ~10 % per second

static void load(ak_tracefile *t, int dim, double pos_eps, double vel_gain) {
    char *s = fixture_trace(dim, NSTEPS, DT, pos_eps, vel_gain);
    char err[512];
    cr_assert_eq(ak_tracefile_parse(s, "fixture.csv", t, err, sizeof err), 0, "%s", err);
    free(s);
}

static void spec_for(ak_compare_spec *s, int dim, const char *tols) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/ak_manifest_%d.json", (int)getpid());
    char *m = fixture_manifest(dim, tols);
    fixture_write(path, m);
    free(m);
    char err[512];
    cr_assert_eq(ak_manifest_load(path, "fixture", s, err, sizeof err), 0, "%s", err);
    unlink(path);
}

static const ak_compare_item *find(const ak_compare_result *r, const char *q) {
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->items[i].quantity, q)) return &r->items[i];
    cr_assert_fail("no item %s", q);
    return NULL;
}

Test(compare, invariants_match_closed_form) {
    for (int dim = 2; dim <= 5; dim++) {
        ak_tracefile t;
        load(&t, dim, 0, 0);
        ak_compare_spec s;
        spec_for(&s, dim, NULL);
        ak_invariants inv;
        cr_assert_eq(ak_invariants_compute(&t, &s, &inv), 0);
        cr_assert(inv.has_energy && inv.has_momentum);
        // closed form at t = 0 (see trace_fixture.h): isotropic inertia, KE_rot = 1/2 c |w|^2
        int nb = ak_nd_nbiv(dim);
        double w0 = 0.7 * 0.7 + (nb > 1 ? 2.0 * 2.0 : 0), w1 = 1.5 * 1.5 + (nb > 1 ? 0.4 * 0.4 : 0);
        if (nb == 1) w0 = 2.0 * 2.0, w1 = 0.4 * 0.4; // one plane: the second value overwrites the first
        double v0 = 0.5 * 0.5 + 0.2 * 0.2, v1 = 0.3 * 0.3 + 0.2 * 0.2;
        double ke = 0.5 * FIX_MASS0 * v0 + 0.5 * FIX_MASS1 * v1 + 0.5 * FIX_INERTIA0 * w0 + 0.5 * FIX_INERTIA1 * w1;
        double pe = -(FIX_MASS0 + FIX_MASS1) * FIX_G * 2.0;
        cr_assert_float_eq(inv.KE[0], ke, 1e-12, "dim %d: KE %.17g vs %.17g", dim, inv.KE[0], ke);
        cr_assert_float_eq(inv.PE[0], pe, 1e-12);
        for (long i = 0; i < inv.n; i++)
            cr_assert_float_eq(inv.E[i], inv.E[0], ENERGY_CONSERVED_TOL * fabs(inv.E[0]), "dim %d step %ld", dim, i);
        ak_invariants_free(&inv);
        ak_compare_spec_free(&s);
        ak_tracefile_free(&t);
    }
}

Test(compare, reference_against_itself_passes) {
    ak_tracefile a, b;
    load(&a, 4, 0, 0);
    load(&b, 4, 0, 0);
    ak_compare_spec s;
    spec_for(&s, 4, "\"end_position\":1e-9,\"end_rotor\":1e-9,\"contacts_mean\":0,\"energy_final\":1e-12");
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.nfail, 0);
    cr_assert_eq(r.npass, r.n, "nothing skipped when mass properties and contacts exist");
    cr_assert_geq(r.n, 12);
    cr_assert_eq(find(&r, "state.position")->error, 0);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

Test(compare, position_error_is_caught_with_time_and_body) {
    ak_tracefile a, b;
    load(&a, 4, 0, 0);
    load(&b, 4, POS_EPS, 0);
    ak_compare_spec s;
    spec_for(&s, 4, NULL);
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    const ak_compare_item *p = find(&r, "state.position");
    cr_assert_eq(p->verdict, AK_CMP_FAIL);
    cr_assert_float_eq(p->error, POS_EPS * 0.5, 1e-12, "worst at the end of the 0.5 s horizon");
    cr_assert(strstr(p->detail, "'ball'"), "%s", p->detail);
    cr_assert(strstr(p->detail, "first over tolerance at t = 0.09 s"), "%s", p->detail);
    cr_assert_eq(find(&r, "state.rotor")->verdict, AK_CMP_PASS);
    cr_assert_eq(find(&r, "state.velocity")->verdict, AK_CMP_PASS, "the fixture offsets x only");
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

Test(compare, energy_gain_is_caught_by_drift_and_momentum) {
    ak_tracefile a, b;
    load(&a, 4, 0, 0);
    load(&b, 4, 0, VEL_GAIN);
    ak_compare_spec s;
    spec_for(&s, 4, NULL);
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(find(&r, "energy.drift")->verdict, AK_CMP_FAIL);
    cr_assert_lt(find(&r, "energy.drift")->reference, ENERGY_CONSERVED_TOL);
    cr_assert_eq(find(&r, "energy.initial")->verdict, AK_CMP_PASS, "same initial state");
    cr_assert_eq(find(&r, "momentum.drift")->verdict, AK_CMP_FAIL);
    // the gain changes the box's velocity relative to the centre of mass, so L_cm drifts too
    cr_assert_eq(find(&r, "angular_momentum.drift")->verdict, AK_CMP_FAIL);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

Test(compare, energy_from_columns_or_skipped_with_reason) {
    ak_tracefile a;
    load(&a, 3, 0, 0);
    ak_compare_spec s;
    ak_compare_spec_default(&s);
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &a, &s, &r, err, sizeof err), 0, "%s", err);
    const ak_compare_item *e = find(&r, "energy.drift");
    cr_assert_eq(e->verdict, AK_CMP_SKIP);
    cr_assert(strstr(e->detail, "no mass properties"), "%s", e->detail);
    cr_assert_eq(r.nfail, 0);
    ak_tracefile_free(&a);
}

Test(compare, incomparable_traces_are_errors) {
    ak_tracefile a, b;
    load(&a, 4, 0, 0);
    load(&b, 3, 0, 0);
    ak_compare_spec s;
    ak_compare_spec_default(&s);
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), -1);
    cr_assert(strstr(err, "dim 3") && strstr(err, "dim 4"), "%s", err);
    ak_tracefile_free(&b);
    char *txt = fixture_trace(4, 5, DT, 0, 0);
    char *p;
    while ((p = strstr(txt, ",box,")) != NULL) memcpy(p, ",bax,", 5);
    cr_assert_eq(ak_tracefile_parse(txt, "renamed.csv", &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), -1);
    cr_assert(strstr(err, "no body 'box'"), "%s", err);
    free(txt);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

Test(compare, manifest_errors_and_missing_entries) {
    char path[64], err[512];
    snprintf(path, sizeof path, "/tmp/ak_manifest_bad_%d.json", (int)getpid());
    fixture_write(path, "{\"format\":\"other\"}");
    ak_compare_spec s;
    cr_assert_eq(ak_manifest_load(path, "x", &s, err, sizeof err), -1);
    cr_assert(strstr(err, "anakata-reference/1"), "%s", err);
    char *m = fixture_manifest(4, NULL);
    fixture_write(path, m);
    free(m);
    cr_assert_eq(ak_manifest_load(path, "unknown-scene", &s, err, sizeof err), 1);
    cr_assert_float_eq(s.tol_position, AK_CMP_DEFAULT_STATE_TOL, 0);
    cr_assert_eq(ak_manifest_load(path, "fixture.csv", &s, err, sizeof err), 0, "matched by trace name");
    cr_assert_eq(s.nbody, 2);
    ak_compare_spec_free(&s);
    unlink(path);
}

// The fixture trace with one more body, "ground", on every step: at rest (every velocity 0) or,
// with v0 != 0, moving. The manifest has no mass properties for it.
static char *with_ground(const char *text, double v0) {
    size_t n = strlen(text), cap = 3 * n + 1, w = 0;
    char *out = malloc(cap);
    cr_assert(out);
    const char *p = text;
    int ncol = 0, rcol = -1, v0col = -1;
    long last_step = -1;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        memcpy(out + w, p, len);
        w += len;
        out[w++] = '\n';
        if (*p != '#' && ncol == 0) { // header: count the columns, find r and v0
            for (const char *q = p; q < p + len; q++) ncol += *q == ',';
            ncol++;
            int k = 0;
            for (const char *q = p; q < p + len; k++) {
                const char *c = memchr(q, ',', (size_t)(p + len - q));
                size_t l = c ? (size_t)(c - q) : (size_t)(p + len - q);
                if (l == 1 && q[0] == 'r') rcol = k;
                if (l == 2 && !strncmp(q, "v0", 2)) v0col = k;
                q += l + (c ? 1 : 0);
                if (!c) break;
            }
        } else if (*p != '#' && ncol > 0) {
            long step = strtol(p, NULL, 10);
            if (step != last_step) { // one ground row per step, after the step's first row
                last_step = step;
                const char *c1 = memchr(p, ',', len), *c2 = memchr(c1 + 1, ',', (size_t)(p + len - c1 - 1));
                w += (size_t)snprintf(out + w, cap - w, "%.*sground", (int)(c2 - p + 1), p);
                for (int k = 3; k < ncol; k++)
                    w += (size_t)snprintf(out + w, cap - w, ",%.17g", k == rcol ? 1.0 : k == v0col ? v0 : 0.0);
                out[w++] = '\n';
            }
        }
        p += len + (e ? 1 : 0);
    }
    out[w] = '\0';
    return out;
}

Test(compare, resting_body_without_mass_properties_is_massless) {
    char *base = fixture_trace(4, NSTEPS, DT, 0, 0);
    ak_compare_spec s;
    spec_for(&s, 4, NULL);
    char err[512];
    ak_tracefile t0, t1, t2;
    cr_assert_eq(ak_tracefile_parse(base, "fixture.csv", &t0, err, sizeof err), 0, "%s", err);
    for (int moving = 0; moving < 2; moving++) {
        char *g = with_ground(base, moving ? 1e-3 : 0);
        ak_tracefile *t = moving ? &t2 : &t1;
        cr_assert_eq(ak_tracefile_parse(g, "ground.csv", t, err, sizeof err), 0, "%s", err);
        free(g);
        cr_assert_eq(t->nbody, t0.nbody + 1);
    }
    ak_invariants a, b, c;
    cr_assert_eq(ak_invariants_compute(&t0, &s, &a), 0);
    cr_assert_eq(ak_invariants_compute(&t1, &s, &b), 0);
    cr_assert_eq(ak_invariants_compute(&t2, &s, &c), 0);
    cr_assert(b.has_energy && b.has_momentum, "a resting body without mass properties: %s", b.why);
    for (long i = 0; i < a.n; i++) cr_assert_eq(b.E[i], a.E[i], "step %ld: the resting body adds energy", i);
    cr_assert(!c.has_momentum, "a moving body without mass properties must not count as massless");
    cr_assert(strstr(c.why, "'ground'"), "why: %s", c.why);
    ak_invariants_free(&a);
    ak_invariants_free(&b);
    ak_invariants_free(&c);
    ak_tracefile_free(&t0);
    ak_tracefile_free(&t1);
    ak_tracefile_free(&t2);
    ak_compare_spec_free(&s);
    free(base);
}
