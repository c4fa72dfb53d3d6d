// Unit tests of the trace comparison: a trace compared with itself passes; each kind of foreign
// error (a position offset, an energy gain) fails the quantity that should catch it and no
// other state item spuriously; the invariants match closed forms on an analytic trace.
#include <criterion/criterion.h>
#include <math.h>
#include <limits.h>
#include <unistd.h>

#include "verify/compare/compare.h"
#include "verify/compare/stepwise.h"
#include "verify/tests/trace_fixture.h"
#include "verify/compare/trace_read.h"

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
        if (nb == 1)
            w0 = 2.0 * 2.0, w1 = 0.4 * 0.4; // one plane: the second value overwrites the first
        double v0 = 0.5 * 0.5 + 0.2 * 0.2, v1 = 0.3 * 0.3 + 0.2 * 0.2;
        double ke = 0.5 * FIX_MASS0 * v0 + 0.5 * FIX_MASS1 * v1 + 0.5 * FIX_INERTIA0 * w0 +
                    0.5 * FIX_INERTIA1 * w1;
        double pe = -(FIX_MASS0 + FIX_MASS1) * FIX_G * 2.0;
        cr_assert_float_eq(inv.KE[0], ke, 1e-12, "dim %d: KE %.17g vs %.17g", dim, inv.KE[0], ke);
        cr_assert_float_eq(inv.PE[0], pe, 1e-12);
        for (long i = 0; i < inv.n; i++)
            cr_assert_float_eq(inv.E[i], inv.E[0], ENERGY_CONSERVED_TOL * fabs(inv.E[0]),
                               "dim %d step %ld", dim, i);
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
    spec_for(&s, 4,
             "\"end_position\":1e-9,\"end_rotor\":1e-9,\"contacts_mean\":0,\"energy_final\":1e-12");
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.nfail, 0);
    for (int i = 0; i < r.n;
         i++) // nothing skipped when mass properties and contacts exist, but the
        // outcome of events: the fixture's only events are first contacts, which have none
        cr_assert(r.items[i].verdict == AK_CMP_PASS ||
                      !strcmp(r.items[i].quantity, "events.outcome"),
                  "%s: %s", r.items[i].quantity, r.items[i].detail);
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
    cr_assert_eq(ak_manifest_load(path, "fixture.csv", &s, err, sizeof err), 0,
                 "matched by trace name");
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
                const char *c1 = memchr(p, ',', len),
                           *c2 = memchr(c1 + 1, ',', (size_t)(p + len - c1 - 1));
                w += (size_t)snprintf(out + w, cap - w, "%.*sground", (int)(c2 - p + 1), p);
                for (int k = 3; k < ncol; k++)
                    w += (size_t)snprintf(out + w, cap - w, ",%.17g",
                                          k == rcol    ? 1.0
                                          : k == v0col ? v0
                                                       : 0.0);
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
    for (long i = 0; i < a.n; i++)
        cr_assert_eq(b.E[i], a.E[i], "step %ld: the resting body adds energy", i);
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

// ---- bugs, laws over the whole run, events, conventions -----------------------------------

// A trace written and read back keeping only the steps keep[] marks.
static void resample(const ak_tracefile *t, const unsigned char *keep, ak_tracefile *out) {
    char path[64], err[512];
    snprintf(path, sizeof path, "/tmp/ak_resample_%d.csv", (int)getpid());
    cr_assert_eq(ak_tracefile_write(path, t, keep), 0);
    cr_assert_eq(ak_tracefile_read(path, out, err, sizeof err), 0, "%s", err);
    unlink(path);
}

Test(compare, contacts_mean_is_time_weighted) {
    // the fixture's contacts column is 1 for the ball from t = 1.01 s on: a step function in time
    ak_tracefile a, b;
    load(&a, 4, 0, 0);
    unsigned char keep[NSTEPS];
    ak_tracefile_downsample(&a, 0.5, 10, keep); // dense to 0.5 s, then every 10th: like a reference
    resample(&a, keep, &b);
    int ca = ak_tracefile_extra_col(&a, "contacts"), cb = ak_tracefile_extra_col(&b, "contacts");
    double ma = ak_compare_contacts_mean(&a, ca), mb = ak_compare_contacts_mean(&b, cb);
    // exact time averages of the step function, by hand: contact from the first sample at or after
    // the switch, linearly blended over the interval before it (trapezoid)
    double T = (NSTEPS - 1) * DT, on = 101 * DT;
    cr_assert_float_eq(ma, (T - on + 0.5 * DT) / T, 1e-12, "dense: %.17g", ma);
    cr_assert_float_eq(mb, (T - 1.1 + 0.5 * 0.1) / T, 1e-12, "resampled: %.17g", mb);
    // the two samplings agree to the resolution of the coarse one (the plain mean over rows
    // gave 0.495 against 0.136)
    cr_assert_lt(fabs(ma - mb), 0.1 / T);
    ak_compare_spec s;
    spec_for(&s, 4, "\"contacts_mean\":0.05");
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(find(&r, "contacts.mean")->verdict, AK_CMP_PASS, "%g vs %g",
                 find(&r, "contacts.mean")->other, find(&r, "contacts.mean")->reference);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

Test(compare, rotor_interpolation_is_sign_safe) {
    // the other trace: the same motion sampled half a step later, every other rotor negated
    // (R and -R are the same rotation), running 2 samples past the reference's end
    ak_tracefile a;
    load(&a, 4, 0, 0);
    char *txt = fixture_trace(4, NSTEPS + 2, DT, 0, 0);
    ak_tracefile full;
    char err[512];
    cr_assert_eq(ak_tracefile_parse(txt, "full.csv", &full, err, sizeof err), 0, "%s", err);
    free(txt);
    // shift the times by DT/2 with the states interpolated exactly: use the analytic fixture at
    // t + DT/2 by building it with a shifted clock
    for (long i = 0; i < full.nsteps; i++) full.t[i] -= 0.5 * DT;
    for (long i = 0; i < full.nsteps; i++) {
        // analytic state at the shifted time: rebuild from the fixture's formulas
        double t = full.t[i];
        for (int bb = 0; bb < 2; bb++) {
            int dim = 4, nb = 6;
            double w[10] = { 0 }, B[10], R[16];
            w[0] = bb ? 1.5 : 0.7;
            w[nb - 1] = bb ? -0.4 : 2.0;
            for (int k = 0; k < nb; k++) B[k] = -0.5 * w[k] * t;
            ak_nd_rotor_exp(dim, R, B);
            double sign = (i % 2) ? -1 : 1;
            double *Rt =
                (double *)ak_tracefile_R(&full, i, ak_tracefile_body(&full, bb ? "box" : "ball"));
            for (int k = 0; k < 8; k++) Rt[k] = sign * R[k];
        }
    }
    ak_compare_spec s;
    spec_for(&s, 4, "\"end_rotor\":1e-3");
    ak_compare_result r;
    cr_assert_eq(ak_compare_traces(&a, &full, &s, &r, err, sizeof err), 0, "%s", err);
    // linear blending of two rotors DT apart errs by O((w DT)^2) ~ 1e-4, not by O(1)
    cr_assert_eq(find(&r, "state.rotor")->verdict, AK_CMP_PASS, "state.rotor %g",
                 find(&r, "state.rotor")->error);
    cr_assert_lt(find(&r, "state.rotor")->error, 1e-3);
    cr_assert_eq(find(&r, "end.rotor")->verdict, AK_CMP_PASS, "end.rotor %g",
                 find(&r, "end.rotor")->error);
    double mid[8];
    ak_compare_interp(&full, 0, full.t[3] + 0.5 * DT, 2 * 4, 8, mid);
    cr_assert_gt(ak_nd_rotor_norm2(4, mid), 0.99, "the blend of R and -R' must not cancel");
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&full);
}

Test(compare, manifest_entry_without_dim) {
    char path[64], err[512];
    snprintf(path, sizeof path, "/tmp/ak_manifest_nodim_%d.json", (int)getpid());
    char *m = fixture_manifest(3, NULL);
    char *d = strstr(m, "\"dim\":3,");
    cr_assert(d);
    memmove(d, d + 8, strlen(d + 8) + 1);
    fixture_write(path, m);
    free(m);
    ak_compare_spec s;
    cr_assert_eq(ak_manifest_load(path, "fixture", &s, err, sizeof err), 0, "%s", err);
    cr_assert_eq(s.dim, 3, "the gravity's length says the dimension");
    cr_assert_eq(s.nbody, 2);
    ak_compare_spec_free(&s);
    unlink(path);
}

Test(compare, same_scene_by_two_paths) {
    char abs[PATH_MAX + 32];
    snprintf(abs, sizeof abs, "%s/scenes/stack_4d.json",
             getenv("AK_SOURCE_DIR") ? getenv("AK_SOURCE_DIR") : ".");
    cr_assert(ak_compare_same_scene("scenes/stack_4d.json", "verify/reference/stack_4d.csv", abs,
                                    "/tmp/other.csv"));
    cr_assert(ak_compare_same_scene("scenes/stack_4d.json", "x.csv", "../../scenes/stack_4d.json",
                                    "verify/reference/other.csv"));
    cr_assert(ak_compare_same_scene("scenes/stack_4d.json", "x.csv", "stack_4d", "y.csv"),
              "names that are not files");
    cr_assert(
        !ak_compare_same_scene("scenes/stack_4d.json", "x.csv", "scenes/stack_3d.json", "y.csv"));
}

Test(compare, tolerance_display_shows_why) {
    char e[32], t[32];
    ak_compare_fmt_pair(1.00016e-3, 1e-3, e, t, sizeof e);
    cr_assert_str_neq(e, t, "an error over its tolerance printed as the tolerance: %s %s", e, t);
    cr_assert_str_eq(e, "0.0010002");
    ak_compare_fmt_pair(2.5e-3, 1e-3, e, t, sizeof e);
    cr_assert_str_eq(e, "0.0025");
    cr_assert_str_eq(t, "0.001");
}

Test(compare, energy_column_is_the_system_total) {
    // two bodies, the column holds the total (the same on both rows): E is that, not twice it
    const char *txt =
        "# format: anakata-trace/1\n# dim: 2\nstep,t,body,x0,x1,v0,v1,r,r_xy,w_xy,energy\n"
        "0,0,a,0,0,1,0,1,0,0,5\n0,0,b,1,0,0,0,1,0,0,5\n"
        "1,0.1,a,0.1,0,1,0,1,0,0,5\n1,0.1,b,1,0,0,0,1,0,0,5\n";
    ak_tracefile t;
    char err[512];
    cr_assert_eq(ak_tracefile_parse(txt, "e.csv", &t, err, sizeof err), 0, "%s", err);
    ak_compare_spec s;
    ak_compare_spec_default(&s);
    ak_invariants inv;
    cr_assert_eq(ak_invariants_compute(&t, &s, &inv), 0);
    cr_assert(inv.has_energy, "%s", inv.why);
    cr_assert_eq(inv.E[0], 5, "E = %g: summed over bodies", inv.E[0]);
    ak_invariants_free(&inv);
    ak_tracefile_free(&t);
    // per-body values (rows differ) are rejected with the reason
    const char *bad =
        "# format: anakata-trace/1\n# dim: 2\nstep,t,body,x0,x1,v0,v1,r,r_xy,w_xy,energy\n"
        "0,0,a,0,0,1,0,1,0,0,2\n0,0,b,1,0,0,0,1,0,0,3\n";
    cr_assert_eq(ak_tracefile_parse(bad, "e2.csv", &t, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_invariants_compute(&t, &s, &inv), 0);
    cr_assert(!inv.has_energy);
    cr_assert(strstr(inv.why, "system's total energy"), "%s", inv.why);
    ak_invariants_free(&inv);
    ak_tracefile_free(&t);
}

Test(compare, teleport_after_the_horizon_fails) {
    // body 'ball' jumps by 0.5 m at t >= 1 s (after the 0.5 s horizon); its velocity is untouched
    ak_tracefile a, b;
    load(&a, 3, 0, 0);
    load(&b, 3, 0, 0);
    int ball = ak_tracefile_body(&b, "ball");
    for (long i = 0; i < b.nsteps; i++)
        if (b.t[i] >= 1.0) ((double *)ak_tracefile_x(&b, i, ball))[0] += 0.5;
    ak_compare_spec s;
    spec_for(&s, 3, NULL);
    ak_compare_result r;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(find(&r, "state.position")->verdict, AK_CMP_PASS,
                 "within the horizon nothing differs");
    const ak_compare_item *k = find(&r, "kinematics.x_dot_v");
    cr_assert_eq(k->verdict, AK_CMP_FAIL);
    cr_assert(k->error > 0.49 && k->error <= 0.5, "%g", k->error);
    cr_assert(strstr(k->detail, "'ball' at t = 1 s"), "%s", k->detail);
    cr_assert_gt(r.nfail, 0);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

// A ball dropped from y = 1 onto a floor at y = 0.2 under g = -9.81, symplectic Euler with step
// DT, restitution 0.5, recorded every step: the reference bounces in the first step that reaches
// the floor, the other `late` steps later (a soft contact that penetrates first). One step later
// the ball falls for one more step, so it leaves the floor 0.5 g DT = 0.049 m/s faster: the
// velocity tolerance is 0.1 m/s.
static char *bounce_trace(int late, int nsteps) {
    size_t cap = (size_t)nsteps * 200 + 512;
    char *s = malloc(cap), *p = s;
    p += sprintf(p,
                 "# format: anakata-trace/1\n# dim: 2\n# timestep: "
                 "%g\nstep,t,body,x0,x1,v0,v1,r,r_xy,w_xy\n",
                 DT);
    double y = 1, v = 0;
    int wait = -1;
    for (int i = 0; i < nsteps; i++) {
        p += sprintf(p, "%d,%.17g,ball,0,%.17g,0,%.17g,1,0,0\n", i, i * DT, y, v);
        v += FIX_G * DT;
        if (y + v * DT < 0.2 && v < 0 && wait < 0) wait = late;
        if (wait == 0) v = -0.5 * v;
        if (wait >= 0) wait--;
        y += v * DT;
    }
    return s;
}

static const char *bounce_manifest =
    "{\"format\":\"anakata-reference/"
    "1\",\"scenes\":[{\"scene\":\"ball\",\"dim\":2,\"gravity\":[0,-9.81],"
    "\"settles\":true,\"tolerances\":{\"horizon\":1.0,\"position\":0.01,\"velocity\":0.1,\"rotor\":"
    "0.001,"
    "\"angular_velocity\":0.001}}]}";

Test(compare, bounce_one_step_later_passes_with_the_event) {
    char path[64], err[512];
    snprintf(path, sizeof path, "/tmp/ak_manifest_ball_%d.json", (int)getpid());
    fixture_write(path, bounce_manifest);
    ak_compare_spec s;
    cr_assert_eq(ak_manifest_load(path, "ball", &s, err, sizeof err), 0, "%s", err);
    unlink(path);
    char *ta = bounce_trace(0, 100), *tb = bounce_trace(1, 100), *tc = bounce_trace(3, 100);
    ak_tracefile a, b, c;
    cr_assert_eq(ak_tracefile_parse(ta, "ref.csv", &a, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_tracefile_parse(tb, "late1.csv", &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_tracefile_parse(tc, "late3.csv", &c, err, sizeof err), 0, "%s", err);
    ak_compare_result r;
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    const ak_compare_item *et = find(&r, "events.time"), *eo = find(&r, "events.outcome");
    cr_assert_eq(et->verdict, AK_CMP_PASS, "%s", et->detail);
    cr_assert(strstr(et->detail, "2 impacts"), "the impacts are reported: %s", et->detail);
    // the impact is timed where the ballistic paths before and after it meet: the reference's near
    // the analytic time at which the ball falls from 1 m to 0.2 m, sqrt(2 * 0.8 / g) (the fixture
    // integrates by symplectic Euler, which falls up to one step earlier), the other's one step later
    const char *fi = strstr(et->detail, "first impact: 'ball' at t = ");
    cr_assert(fi, "%s", et->detail);
    double tr = NAN, to = NAN;
    cr_assert_eq(sscanf(fi, "first impact: 'ball' at t = %lf s, other t = %lf s", &tr, &to), 2,
                 "%s", fi);
    cr_assert(fabs(tr - sqrt(2 * 0.8 / -FIX_G)) <= 1.5 * DT, "reference impact at %g s", tr);
    cr_assert(fabs(to - tr - DT) <= 0.1 * DT, "one step later: %g s and %g s", tr, to);
    cr_assert(strstr(fi, "(+1 steps)"), "%s", fi);
    cr_assert_eq(eo->verdict, AK_CMP_PASS, "outcome %g: %s", eo->error, eo->detail);
    cr_assert_eq(find(&r, "state.velocity")->verdict, AK_CMP_PASS,
                 "the one-step shift is allowed: %s", find(&r, "state.velocity")->detail);
    // three steps later is not the same bounce
    cr_assert_eq(ak_compare_traces(&a, &c, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(find(&r, "events.time")->verdict, AK_CMP_FAIL, "%s",
                 find(&r, "events.time")->detail);
    cr_assert_eq(find(&r, "state.velocity")->verdict, AK_CMP_FAIL);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
    ak_tracefile_free(&c);
    free(ta);
    free(tb);
    free(tc);
    ak_compare_spec_free(&s);
}

// The 3D fixture with its rotor columns rewritten by f (each row's R and w in place).
static void rewrite3(ak_tracefile *t, int what) {
    for (long i = 0; i < t->nsteps; i++)
        for (int b = 0; b < t->nbody; b++) {
            double *R = (double *)ak_tracefile_R(t, i, b), *w = (double *)ak_tracefile_w(t, i, b);
            double c[4];
            if (what ==
                0) { // a quaternion written as it is: (w, x, y, z) = (r, -r_yz, r_xz, -r_xy)
                c[0] = R[0], c[1] = -R[3], c[2] = R[2], c[3] = -R[1];
                memcpy(R, c, sizeof c);
            } else if (what == 1) { // the reversed rotor
                for (int k = 1; k < 4; k++) R[k] = -R[k];
            } else { // an axis vector written as it is: (wx, wy, wz) = (w_yz, -w_xz, w_xy)
                c[0] = w[2], c[1] = -w[1], c[2] = w[0];
                memcpy(w, c, 3 * sizeof *c);
            }
        }
}

Test(compare, convention_mistakes_are_named) {
    static const char *const want[3] = { "quaternion (w, x, y, z) written as it is",
                                         "the rotor is reversed",
                                         "an axis vector (wx, wy, wz) written as it is" };
    for (int what = 0; what < 3; what++) {
        ak_tracefile a, b;
        // a fixture whose rotors are not the identity at t0: start at t = 0.3 s
        char *txt = fixture_trace(3, NSTEPS, DT, 0, 0);
        char err[512];
        cr_assert_eq(ak_tracefile_parse(txt, "ref.csv", &a, err, sizeof err), 0, "%s", err);
        cr_assert_eq(ak_tracefile_parse(txt, "other.csv", &b, err, sizeof err), 0, "%s", err);
        free(txt);
        for (long i = 0; i < a.nsteps; i++) { // rotate both by a fixed rotor so that R(t0) != 1
            for (int bb = 0; bb < 2; bb++) {
                double P[4], Q[4], P1[4], P2[4], P3[4];
                ak_nd_rotor_plane(3, P1, 0, 1, 0.5);
                ak_nd_rotor_plane(3, P2, 1, 2, 0.9);
                ak_nd_rotor_plane(3, P3, 0, 2, 0.3);
                ak_nd_rotor_mul(3, Q, P2, P1);
                ak_nd_rotor_mul(3, P, P3, Q);
                for (int k = 0; k < 2; k++) {
                    ak_tracefile *t = k ? &b : &a;
                    double *R = (double *)ak_tracefile_R(t, i, bb);
                    ak_nd_rotor_mul(3, Q, R, P);
                    memcpy(R, Q, sizeof Q);
                }
            }
        }
        rewrite3(&b, what);
        ak_compare_spec s;
        spec_for(&s, 3, NULL);
        ak_compare_result r;
        cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
        const ak_compare_item *it = find(&r, what == 2 ? "state.angular_velocity" : "state.rotor");
        cr_assert_eq(it->verdict, AK_CMP_FAIL);
        cr_assert(strstr(it->detail, want[what]), "case %d: %s", what, it->detail);
        ak_compare_spec_free(&s);
        ak_tracefile_free(&a);
        ak_tracefile_free(&b);
    }
}

Test(compare, quaternion_trace_compares_equal) {
    // the 3D fixture written with qw,qx,qy,qz and wx,wy,wz columns compares equal with itself in
    // rotor form
    ak_tracefile a, b;
    load(&a, 3, 0, 0);
    size_t cap = 1 << 20;
    char *txt = malloc(cap), *p = txt;
    p += sprintf(p,
                 "# format: anakata-trace/1\n# dim: 3\n# timestep: "
                 "%g\nstep,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz\n",
                 DT);
    for (long i = 0; i < a.nsteps; i++)
        for (int bb = 0; bb < a.nbody; bb++) {
            const double *x = ak_tracefile_x(&a, i, bb), *v = ak_tracefile_v(&a, i, bb);
            const double *R = ak_tracefile_R(&a, i, bb), *w = ak_tracefile_w(&a, i, bb);
            p += sprintf(p,
                         "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,"
                         "%.17g,%.17g,%.17g\n",
                         a.step[i], a.t[i], a.body[bb], x[0], x[1], x[2], v[0], v[1], v[2], R[0],
                         -R[3], R[2], -R[1], w[2], -w[1], w[0]);
        }
    char err[512];
    cr_assert_eq(ak_tracefile_parse(txt, "quat.csv", &b, err, sizeof err), 0, "%s", err);
    free(txt);
    ak_compare_spec s;
    spec_for(&s, 3, NULL);
    ak_compare_result r;
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    for (int i = 0; i < r.n; i++)
        cr_assert_neq(r.items[i].verdict, AK_CMP_FAIL, "%s: %s", r.items[i].quantity,
                      r.items[i].detail);
    cr_assert_eq(find(&r, "state.rotor")->error, 0);
    cr_assert_eq(find(&r, "state.angular_velocity")->error, 0);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

Test(compare, fixed_body_may_be_missing_from_either_trace) {
    // the reference lists the ground (at rest in every row), the other trace does not, and the
    // other way round: both compare, and a moving body that is missing is still an error
    char *base = fixture_trace(4, NSTEPS, DT, 0, 0);
    char *g = with_ground(base, 0), *gm = with_ground(base, 1e-3);
    ak_tracefile plain, ground, moving;
    char err[512];
    cr_assert_eq(ak_tracefile_parse(base, "plain.csv", &plain, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_tracefile_parse(g, "ground.csv", &ground, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ak_tracefile_parse(gm, "moving.csv", &moving, err, sizeof err), 0, "%s", err);
    ak_compare_spec s;
    spec_for(&s, 4, NULL);
    ak_compare_result r;
    cr_assert_eq(ak_compare_traces(&ground, &plain, &s, &r, err, sizeof err), 0,
                 "reference lists the ground: %s", err);
    cr_assert_eq(r.nfail, 0);
    cr_assert_eq(ak_compare_traces(&plain, &ground, &s, &r, err, sizeof err), 0,
                 "other lists the ground: %s", err);
    cr_assert_eq(r.nfail, 0);
    cr_assert_eq(ak_compare_traces(&moving, &plain, &s, &r, err, sizeof err), -1,
                 "a moving body left out");
    cr_assert(strstr(err, "no body 'ground'") && strstr(err, "at rest"), "%s", err);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&plain);
    ak_tracefile_free(&ground);
    ak_tracefile_free(&moving);
    free(base);
    free(g);
    free(gm);
}

// ---- laws and measurements -----------------------------------------------------------------
// A tilted unit cube (half extents 0.5, mass 1, isotropic inertia 1/6) spinning at w = (w_xy,
// w_xz, w_yz) = (9, 2, 1) rad/s (world frame; constant: isotropic, and the frictionless floor's
// impulse acts through the centroid) dropped from y = 2 onto a floor at y = floor_y + 0.5. The
// reference is rigid (restitution 0.5, the velocity reverses within one step) and records every
// step up to 0.5 s, then every 60th; the honest other engine's contact is soft (a spring-damper:
// k = g / 2 mm, damping for e = 0.5, about 27 steps of contact, rest depth 2 mm) and records every
// step. Both integrate by symplectic Euler at h = 1/600 s and write quaternion and axis-vector
// columns (docs/conventions.md). Doctorings: a teleport, w in the body frame, the quaternion in
// (x, y, z, w) order, a quaternion of norm 2.
#define AK_TEST_PI 3.14159265358979323846
#define DROP_H (1.0 / 600)
#define DROP_STEPS 1800
typedef struct drop_opts {
    bool soft, sparse; // soft contact; the reference's sampling
    double floor_y;    // the floor's shift (m): -1.27 makes the impact about 120 steps later
    double e;          // restitution
    double teleport;   // added to x0 from t = 1 s on
    bool body_frame, xyzw;
    double qscale;    // quaternion written times this (1: honest)
    double y0;        // the start height (0: 2 m)
    bool no_contacts; // leave out the contacts column
    double depth;     // the soft contact's rest depth g / k (0: 2 mm)
} drop_opts;

static char *drop_trace(drop_opts o) {
    size_t cap = (size_t)DROP_STEPS * 400 + 1024;
    char *s = malloc(cap), *p = s;
    p += sprintf(p,
                 "# format: anakata-trace/1\n# scene: drop\n# dim: 3\n# timestep: %.17g\n"
                 "step,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz%s\n",
                 DROP_H, o.no_contacts ? "" : ",contacts");
    const double g = -FIX_G, w[3] = { 9, 2, 1 }, k = g / (o.depth > 0 ? o.depth : 0.002),
                 zeta = -log(o.e) / sqrt(AK_TEST_PI * AK_TEST_PI + log(o.e) * log(o.e));
    const double c = 2 * zeta * sqrt(k), yf = 0.5 + o.floor_y;
    double y = o.y0 > 0 ? o.y0 : 2, v = 0, R0[4], P[4], Q[4];
    ak_nd_rotor_plane(3, P, 0, 1, 0.4);
    ak_nd_rotor_plane(3, Q, 1, 2, 0.7);
    ak_nd_rotor_mul(3, R0, Q, P);
    for (int i = 0; i < DROP_STEPS; i++) {
        double t = i * DROP_H;
        bool keep = !o.sparse || t <= 0.5 + 1e-9 || i % 60 == 0 || i == DROP_STEPS - 1;
        if (keep) {
            double B[3], E[4], R[4], wb[3];
            for (int a = 0; a < 3; a++) B[a] = -0.5 * w[a] * t;
            ak_nd_rotor_exp(3, E, B);
            ak_nd_rotor_mul(3, R, E, R0);
            memcpy(wb, w, sizeof wb);
            if (o.body_frame) { // w_body = [R]_2^T w_world
                double M2[9];
                ak_nd_rotor_biv_matrix(3, M2, R);
                for (int a = 0; a < 3; a++)
                    wb[a] = M2[0 * 3 + a] * w[0] + M2[1 * 3 + a] * w[1] + M2[2 * 3 + a] * w[2];
            }
            double q[4] = { R[0], -R[3], R[2], -R[1] }; // (w, x, y, z)
            if (o.xyzw) {
                double x4[4] = { q[1], q[2], q[3], q[0] };
                memcpy(q, x4, sizeof q);
            }
            for (int a = 0; a < 4; a++) q[a] *= o.qscale;
            p += sprintf(p,
                         "%d,%.17g,cube,%.17g,%.17g,0,0,%.17g,0,%.17g,%.17g,%.17g,%.17g,%.17g,%."
                         "17g,%.17g",
                         i, t, t >= 1 ? o.teleport : 0, y, v, q[0], q[1], q[2], q[3], wb[2], -wb[1],
                         wb[0]);
            p += o.no_contacts ? sprintf(p, "\n") : sprintf(p, ",%d\n", y <= yf + 1e-9);
        }
        // one step (symplectic Euler)
        if (o.soft) {
            double f = y < yf ? k * (yf - y) - c * v : 0;
            if (y < yf && f < 0) f = 0; // a contact pushes, never pulls
            v += (f - g) * DROP_H;
            y += v * DROP_H;
        } else {
            v -= g * DROP_H;
            if (y + v * DROP_H < yf && v < 0) v = -o.e * v;
            y += v * DROP_H;
        }
    }
    return s;
}

static const char *drop_manifest =
    "{\"format\":\"anakata-reference/"
    "1\",\"scenes\":[{\"scene\":\"drop\",\"dim\":3,\"gravity\":[0,-9.81,0],"
    "\"settles\":true,\"bodies\":[{\"name\":\"cube\",\"mass\":1,\"inertia\":[[0.16666666666666666,"
    "0,0],"
    "[0,0.16666666666666666,0],[0,0,0.16666666666666666]]}],\"tolerances\":{\"horizon\":0,"
    "\"event\":0.1,"
    "\"energy_final\":0.05,\"end_position\":0.01}}]}";

static void drop_spec(ak_compare_spec *s) {
    char path[64], err[512];
    snprintf(path, sizeof path, "/tmp/ak_manifest_drop_%d.json", (int)getpid());
    fixture_write(path, drop_manifest);
    cr_assert_eq(ak_manifest_load(path, "drop", s, err, sizeof err), 0, "%s", err);
    unlink(path);
}

static void drop_parse(drop_opts o, const char *name, ak_tracefile *t) {
    char *txt = drop_trace(o), err[512];
    cr_assert_eq(ak_tracefile_parse(txt, name, t, err, sizeof err), 0, "%s: %s", name, err);
    free(txt);
}

static const drop_opts DROP_REF = { .soft = false, .sparse = true, .e = 0.5, .qscale = 1 };
static const drop_opts DROP_SOFT = { .soft = true, .e = 0.5, .qscale = 1 };

// Compare other (options o) with the reference (options ro); laws_only as given.
static void drop_compare_with(drop_opts ro, drop_opts o, bool laws_only, ak_compare_result *r) {
    ak_tracefile a, b;
    drop_parse(ro, "ref.csv", &a);
    drop_parse(o, "other.csv", &b);
    ak_compare_spec s;
    drop_spec(&s);
    s.laws_only = laws_only;
    char err[512];
    cr_assert_eq(ak_compare_traces(&a, &b, &s, r, err, sizeof err), 0, "%s", err);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&a);
    ak_tracefile_free(&b);
}

// Compare other (options o) with the rigid, sparse reference; laws_only as given.
static void drop_compare(drop_opts o, bool laws_only, ak_compare_result *r) {
    drop_compare_with(DROP_REF, o, laws_only, r);
}

static void print_items(const ak_compare_result *r) {
    for (int i = 0; i < r->n; i++)
        fprintf(stderr, "  %s %s: %g / %g: %s\n",
                r->items[i].verdict == AK_CMP_FAIL ? "FAIL" : "ok", r->items[i].quantity,
                r->items[i].error, r->items[i].tol, r->items[i].detail);
}

Test(compare, honest_soft_contact_violates_no_law) {
    ak_compare_result r;
    drop_compare(DROP_SOFT, true, &r);
    if (r.nfail) print_items(&r);
    cr_assert_eq(r.nfail, 0, "a soft contact is a modelling choice, not a bug");
    cr_assert_eq(r.nlaw_fail, 0);
    for (int i = 0; i < r.n; i++)
        cr_assert_eq(r.items[i].kind, AK_CMP_LAW, "--laws leaves out %s", r.items[i].quantity);
    find(&r, "kinematics.rotation");
    find(&r, "initial.state");
    find(&r, "energy.gain");
    // in full, the softness is measured (rest depth 2 mm) and the impact paired with the rigid one
    drop_compare(DROP_SOFT, false, &r);
    cr_assert_eq(r.nlaw_fail, 0);
    const ak_compare_item *d = find(&r, "contacts.rest_depth");
    cr_assert_eq(d->kind, AK_CMP_MEASUREMENT);
    cr_assert(fabs(d->other - 0.002) < 2e-4, "rest depth %g m, the spring's g / k = 2 mm: %s",
              d->other, d->detail);
    cr_assert(strstr(d->detail, "contacts are soft"), "%s", d->detail);
    const ak_compare_item *et = find(&r, "events.time");
    cr_assert_eq(et->verdict, AK_CMP_PASS, "%s", et->detail);
    // the rebound is a measurement: the spring-damper's restitution is 0.5 by its damping ratio
    // when gravity is left out, so it comes out near the rigid one's, not equal
    const ak_compare_item *eo = find(&r, "events.outcome");
    cr_assert_eq(eo->kind, AK_CMP_MEASUREMENT);
    cr_assert(eo->error < 0.3, "%g: %s", eo->error, eo->detail);
}

// A soft contact stores energy while it is compressed and returns it as it relaxes. A contact too
// long to be an impact (a softer spring, rest depth 8 mm: 54 steps of contact, an impact's
// deceleration takes at most 30) must not read as a gain: the rise from its deepest compression,
// where the cube is slow and holds 3 J in the spring, is energy returned (MuJoCo's edge landings
// of bounce_cube_3d are such contacts: the centroid falls slower than an impact's 0.5 m/s,
// docs/compare.md 9.3). A contact that returns more than it took (negative damping: e = 1.5) is
// a gain, caught between the samples without contact before and after it.
Test(compare, energy_stored_in_a_soft_contact_is_no_gain) {
    ak_compare_result r;
    drop_opts o = DROP_SOFT;
    o.depth = 0.008;
    drop_compare(o, true, &r);
    const ak_compare_item *it = find(&r, "energy.gain");
    cr_assert_eq(it->verdict, AK_CMP_PASS, "%g: %s", it->error, it->detail);
    cr_assert(strstr(it->detail, "moving contact"), "%s", it->detail);
    // the same trace without the contacts column: nothing says where the spring is loaded, and
    // the energy it returns reads as a gain
    o.no_contacts = true;
    drop_compare(o, true, &r);
    it = find(&r, "energy.gain");
    cr_assert_eq(it->verdict, AK_CMP_FAIL, "without contacts: %g: %s", it->error, it->detail);
    // negative damping creates energy in every contact: a law violated
    o = DROP_SOFT;
    o.e = 1.5;
    drop_compare(o, true, &r);
    it = find(&r, "energy.gain");
    cr_assert_eq(it->verdict, AK_CMP_FAIL, "%g: %s", it->error, it->detail);
    cr_assert(it->error > 0.1, "%g: %s", it->error, it->detail);
}

Test(compare, doctored_traces_fail_naming_the_cause) {
    ak_compare_result r;
    const ak_compare_item *it;
    // a 0.05 m teleport at t = 1 s: the law x' = v
    drop_opts o = DROP_SOFT;
    o.teleport = 0.05;
    drop_compare(o, true, &r);
    it = find(&r, "kinematics.x_dot_v");
    cr_assert_eq(it->verdict, AK_CMP_FAIL);
    cr_assert(fabs(it->error - 0.05) < 1e-3 && strstr(it->detail, "teleport") &&
                  strstr(it->detail, "t = 1 s"),
              "%s", it->detail);
    // w written in the body frame: the orientations do not follow it
    o = DROP_SOFT;
    o.body_frame = true;
    drop_compare(o, true, &r);
    it = find(&r, "kinematics.rotation");
    cr_assert_eq(it->verdict, AK_CMP_FAIL);
    cr_assert(strstr(it->detail, "body frame"), "%s", it->detail);
    cr_assert_eq(find(&r, "initial.state")->verdict, AK_CMP_FAIL,
                 "and the initial w is not the scene's");
    // the quaternion in (x, y, z, w) order: named at the initial state
    o = DROP_SOFT;
    o.xyzw = true;
    drop_compare(o, true, &r);
    it = find(&r, "initial.state");
    cr_assert_eq(it->verdict, AK_CMP_FAIL);
    cr_assert(strstr(it->detail, "(x, y, z, w) order") &&
                  strstr(it->detail, "body 'cube', orientation"),
              "%s", it->detail);
    cr_assert(!strstr(it->detail, "r_xy"),
              "no hint blames rotor columns the trace does not have: %s", it->detail);
    // the bounce removed (restitution 0): a measurement, the impact's outcome
    o = DROP_SOFT;
    o.e = 1e-9;
    drop_compare(o, false, &r);
    cr_assert_eq(r.nlaw_fail, 0, "no law is broken by a dead contact");
    it = find(&r, "events.outcome");
    cr_assert_eq(it->verdict, AK_CMP_FAIL);
    cr_assert(strstr(it->detail, "impact 1 of 'cube'"), "%s", it->detail);
    // the impact about 120 steps late (the floor 1.27 m lower), where the reference records only
    // every 60th step: events.time, counted in steps of the engines
    o = DROP_SOFT;
    o.floor_y = -1.27;
    drop_compare(o, false, &r);
    it = find(&r, "events.time");
    cr_assert_eq(it->verdict, AK_CMP_FAIL, "%s", it->detail);
    const char *fi = strstr(it->detail, "first impact: 'cube'");
    cr_assert(fi, "%s", it->detail);
    double tr, to, steps;
    cr_assert_eq(sscanf(fi, "first impact: 'cube' at t = %lf s, other t = %lf s (%lf steps)", &tr,
                        &to, &steps),
                 3, "%s", fi);
    cr_assert(steps > 110 && steps < 135, "%g steps late: %s", steps, fi);
}

Test(compare, quaternion_of_wrong_norm_is_rejected) {
    drop_opts o = DROP_SOFT;
    o.qscale = 2;
    char *txt = drop_trace(o), err[512];
    ak_tracefile t;
    cr_assert_eq(ak_tracefile_parse(txt, "norm2.csv", &t, err, sizeof err), -1);
    cr_assert(strstr(err, "norm2.csv:") && strstr(err, "qw,qx,qy,qz") && strstr(err, "norm 2"),
              "%s", err);
    free(txt);
    o.qscale = 1 + 2e-6; // just over the limit
    txt = drop_trace(o);
    cr_assert_eq(ak_tracefile_parse(txt, "norm.csv", &t, err, sizeof err), -1,
                 "a norm off by 2e-6 is rejected");
    free(txt);
    o.qscale = 1 + 5e-7;
    txt = drop_trace(o);
    cr_assert_eq(ak_tracefile_parse(txt, "norm.csv", &t, err, sizeof err), 0, "%s", err);
    ak_tracefile_free(&t);
    free(txt);
}

Test(compare, rest_orientation_modulo_the_shape_symmetry) {
    // a cube resting a quarter turn about its vertical axis (the same state) passes end.rotor; a
    // 2 x 1 x 1 box turned a quarter turn about its long axis (x) rests on another face of the
    // same size: the same state; about y its long axis points elsewhere: a different state
    for (int dim = 2; dim <= 5; dim++) {
        ak_compare_spec s;
        ak_compare_spec_default(&s);
        s.nshape = 1;
        s.shapes = calloc(1, sizeof *s.shapes);
        snprintf(s.shapes[0].name, sizeof s.shapes[0].name, "ball");
        s.shapes[0].type = AK_CMP_SHAPE_BOX;
        for (int a = 0; a < dim; a++) s.shapes[0].half[a] = 0.5;
        s.tol_end_rotor = 1e-9;
        ak_tracefile a, b;
        load(&a, dim, 0, 0);
        load(&b, dim, 0, 0);
        double Q[16], R[16];
        ak_nd_rotor_plane(dim, Q, 0, 1, AK_TEST_PI / 2); // a quarter turn in the body's xy plane
        for (long i = 0; i < b.nsteps; i++) {
            double *Rb = (double *)ak_tracefile_R(&b, i, 0);
            ak_nd_rotor_mul(dim, R, Rb, Q);
            memcpy(Rb, R, sizeof(double) * (size_t)ak_nd_neven(dim));
        }
        ak_compare_result r;
        char err[512];
        s.tol_rotor = NAN; // the states differ by the turn; only the rest state is judged here
        cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(find(&r, "end.rotor")->verdict, AK_CMP_PASS, "dim %d, cube: %s", dim,
                     find(&r, "end.rotor")->detail);
        s.shapes[0].half[0] = 1; // x is now the long axis: a turn in xy is no symmetry
        cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(find(&r, "end.rotor")->verdict, AK_CMP_FAIL, "dim %d, long box", dim);
        if (dim >= 3) { // a turn in yz keeps the long x axis: a symmetry
            ak_tracefile c;
            load(&c, dim, 0, 0);
            ak_nd_rotor_plane(dim, Q, 1, 2, AK_TEST_PI / 2);
            for (long i = 0; i < c.nsteps; i++) {
                double *Rc = (double *)ak_tracefile_R(&c, i, 0);
                ak_nd_rotor_mul(dim, R, Rc, Q);
                memcpy(Rc, R, sizeof(double) * (size_t)ak_nd_neven(dim));
            }
            cr_assert_eq(ak_compare_traces(&a, &c, &s, &r, err, sizeof err), 0, "%s", err);
            cr_assert_eq(find(&r, "end.rotor")->verdict, AK_CMP_PASS,
                         "dim %d, long box turned about it: %s", dim,
                         find(&r, "end.rotor")->detail);
            ak_tracefile_free(&c);
        }
        s.shapes[0].type = AK_CMP_SHAPE_SPHERE; // any rotation
        cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(find(&r, "end.rotor")->verdict, AK_CMP_PASS);
        ak_compare_spec_free(&s);
        ak_tracefile_free(&a);
        ak_tracefile_free(&b);
    }
}

Test(compare, stepwise_names_the_law_that_failed_first) {
    // a run that blew up in its contacts: its first step over a tolerance is a contact step (|dv|
    // 50 x tolerance), then 90 free steps of bodies thrown about with w differing by 100 x the
    // tolerance. The median of the free steps is the larger, but the law that failed is the contact
    // law. Without the contact failure first, the same free steps name the rotational update.
    ak_stepwise_result r = { 0 };
    r.n = 100;
    r.steps = calloc((size_t)r.n, sizeof *r.steps);
    for (int q = 0; q < AK_SW_Q; q++) r.tol[q] = 1e-3;
    for (long i = 0; i < r.n; i++) {
        ak_sw_step *st = &r.steps[i];
        st->k = i;
        st->t = 0.01 * (double)i;
        st->other_contacts = NAN;
        if (i < 5) st->contacts = 4; // contact steps that agree
        if (i == 5) st->contacts = 4, st->e[AK_SW_V] = 0.05, st->nover = 1;
        if (i > 5 && i < 10) st->contacts = 4, st->e[AK_SW_V] = 0.002, st->nover = 1;
        if (i >= 10) st->e[AK_SW_W] = 0.1, st->nover = 1;
    }
    int kind, q;
    char txt[600];
    ak_stepwise_law(&r, &kind, &q, txt, sizeof txt);
    cr_assert_eq(kind, 1, "%s", txt);
    cr_assert_eq(q, AK_SW_V, "%s", txt);
    cr_assert(strstr(txt, "the contact law") && strstr(txt, "t = 0.05 s"), "%s", txt);
    r.steps[5].e[AK_SW_V] = 0, r.steps[5].nover = 0; // no contact failure: the free steps' law
    for (long i = 6; i < 10; i++) r.steps[i].e[AK_SW_V] = 0, r.steps[i].nover = 0;
    ak_stepwise_law(&r, &kind, &q, txt, sizeof txt);
    cr_assert_eq(kind, 0, "%s", txt);
    cr_assert(strstr(txt, "rotational update"), "%s", txt);
    free(r.steps);
}

// kinematics.rotation and a scheme that evaluates its forces within the step (MuJoCo's RK4 on
// bounce_cube_3d): w rises at 50 rad/s^2 until the middle of one step, where a contact turns it
// down at 60 rad/s^2, so over that step w averages 0.11 rad/s above (w0 + w1)/2 while
// |w1 - w0|/2 is 0.025 rad/s. The rate of w changes by 0.55 rad/s per step there, and half of it
// is allowed: the honest trace passes. An orientation that turns twice as fast as w says still
// fails (by about w itself, 3 rad/s).
static char *kink_trace(double turn) {
    const double h = 0.01, W = 3, a = 50, c = -60, tk = 0.055; // the kink: middle of step 5
    char *s = malloc(64 * 1024), *p = s;
    p += sprintf(p,
                 "# format: anakata-trace/1\n# scene: kink\n# dim: 3\n# timestep: %.17g\n"
                 "step,t,body,x0,x1,x2,v0,v1,v2,r,r_xy,r_xz,r_yz,w_xy,w_xz,w_yz\n",
                 h);
    for (int i = 0; i <= 12; i++) {
        double t = i * h, w, th; // w(t) and its integral, exactly
        if (t <= tk)
            w = W + a * t, th = W * t + 0.5 * a * t * t;
        else {
            double wk = W + a * tk, u = t - tk;
            w = wk + c * u, th = W * tk + 0.5 * a * tk * tk + wk * u + 0.5 * c * u * u;
        }
        th *= turn; // R = exp(-th/2 e_xy): r = cos(th/2), r_xy = -sin(th/2)
        p += sprintf(p, "%d,%.17g,box,0,0,0,0,0,0,%.17g,%.17g,0,0,%.17g,0,0\n", i, t, cos(th / 2),
                     -sin(th / 2), w);
    }
    return s;
}

Test(compare, rotation_law_allows_a_kink_of_w_within_the_step) {
    char err[512];
    ak_tracefile ref, o;
    ak_compare_spec s;
    ak_compare_spec_default(&s);
    for (int q = 0; q < 2; q++) {
        char *ta = kink_trace(1), *tb = kink_trace(q ? 2 : 1);
        cr_assert_eq(ak_tracefile_parse(ta, "ref.csv", &ref, err, sizeof err), 0, "%s", err);
        cr_assert_eq(ak_tracefile_parse(tb, "other.csv", &o, err, sizeof err), 0, "%s", err);
        ak_compare_result r;
        cr_assert_eq(ak_compare_traces(&ref, &o, &s, &r, err, sizeof err), 0, "%s", err);
        const ak_compare_item *it = find(&r, "kinematics.rotation");
        if (q == 0)
            cr_assert_eq(it->verdict, AK_CMP_PASS, "honest kink: %g: %s", it->error, it->detail);
        else
            cr_assert(it->verdict == AK_CMP_FAIL && it->error > 2, "turning twice as fast: %g: %s",
                      it->error, it->detail);
        ak_tracefile_free(&ref);
        ak_tracefile_free(&o);
        free(ta);
        free(tb);
    }
    ak_compare_spec_free(&s);
}
