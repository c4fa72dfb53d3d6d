// Unit tests of the trace comparison: a trace compared with itself passes; each kind of foreign
// error (a position offset, an energy gain) fails the quantity that should catch it and no
// other state item spuriously; the invariants match closed forms on an analytic trace.
#include <criterion/criterion.h>
#include <math.h>
#include <limits.h>
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
    for (int i = 0; i < r.n; i++) // nothing skipped when mass properties and contacts exist, but the
        // outcome of events: the fixture's only events are first contacts, which have none
        cr_assert(r.items[i].verdict == AK_CMP_PASS || !strcmp(r.items[i].quantity, "events.outcome"), "%s: %s",
                  r.items[i].quantity, r.items[i].detail);
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
    cr_assert_eq(find(&r, "contacts.mean")->verdict, AK_CMP_PASS, "%g vs %g", find(&r, "contacts.mean")->other,
                 find(&r, "contacts.mean")->reference);
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
            double w[10] = {0}, B[10], R[16];
            w[0] = bb ? 1.5 : 0.7;
            w[nb - 1] = bb ? -0.4 : 2.0;
            for (int k = 0; k < nb; k++) B[k] = -0.5 * w[k] * t;
            ak_nd_rotor_exp(dim, R, B);
            double sign = (i % 2) ? -1 : 1;
            double *Rt = (double *)ak_tracefile_R(&full, i, ak_tracefile_body(&full, bb ? "box" : "ball"));
            for (int k = 0; k < 8; k++) Rt[k] = sign * R[k];
        }
    }
    ak_compare_spec s;
    spec_for(&s, 4, "\"end_rotor\":1e-3");
    ak_compare_result r;
    cr_assert_eq(ak_compare_traces(&a, &full, &s, &r, err, sizeof err), 0, "%s", err);
    // linear blending of two rotors DT apart errs by O((w DT)^2) ~ 1e-4, not by O(1)
    cr_assert_eq(find(&r, "state.rotor")->verdict, AK_CMP_PASS, "state.rotor %g", find(&r, "state.rotor")->error);
    cr_assert_lt(find(&r, "state.rotor")->error, 1e-3);
    cr_assert_eq(find(&r, "end.rotor")->verdict, AK_CMP_PASS, "end.rotor %g", find(&r, "end.rotor")->error);
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
    snprintf(abs, sizeof abs, "%s/scenes/stack_4d.json", getenv("AK_SOURCE_DIR") ? getenv("AK_SOURCE_DIR") : ".");
    cr_assert(ak_compare_same_scene("scenes/stack_4d.json", "verify/reference/stack_4d.csv", abs, "/tmp/other.csv"));
    cr_assert(ak_compare_same_scene("scenes/stack_4d.json", "x.csv", "../../scenes/stack_4d.json",
                                    "verify/reference/other.csv"));
    cr_assert(ak_compare_same_scene("scenes/stack_4d.json", "x.csv", "stack_4d", "y.csv"), "names that are not files");
    cr_assert(!ak_compare_same_scene("scenes/stack_4d.json", "x.csv", "scenes/stack_3d.json", "y.csv"));
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
    const char *txt = "# format: anakata-trace/1\n# dim: 2\nstep,t,body,x0,x1,v0,v1,r,r_xy,w_xy,energy\n"
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
    const char *bad = "# format: anakata-trace/1\n# dim: 2\nstep,t,body,x0,x1,v0,v1,r,r_xy,w_xy,energy\n"
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
    cr_assert_eq(find(&r, "state.position")->verdict, AK_CMP_PASS, "within the horizon nothing differs");
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
    p += sprintf(p, "# format: anakata-trace/1\n# dim: 2\n# timestep: %g\nstep,t,body,x0,x1,v0,v1,r,r_xy,w_xy\n", DT);
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
    "{\"format\":\"anakata-reference/1\",\"scenes\":[{\"scene\":\"ball\",\"dim\":2,\"gravity\":[0,-9.81],"
    "\"settles\":true,\"tolerances\":{\"horizon\":1.0,\"position\":0.01,\"velocity\":0.1,\"rotor\":0.001,"
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
    cr_assert(strstr(et->detail, "first impact: 'ball' at t = 0.4 s, other t = 0.41 s (+1 steps)"), "%s", et->detail);
    cr_assert_eq(eo->verdict, AK_CMP_PASS, "outcome %g: %s", eo->error, eo->detail);
    cr_assert_eq(find(&r, "state.velocity")->verdict, AK_CMP_PASS, "the one-step shift is allowed: %s",
                 find(&r, "state.velocity")->detail);
    // three steps later is not the same bounce
    cr_assert_eq(ak_compare_traces(&a, &c, &s, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(find(&r, "events.time")->verdict, AK_CMP_FAIL, "%s", find(&r, "events.time")->detail);
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
            if (what == 0) { // a quaternion written as it is: (w, x, y, z) = (r, -r_yz, r_xz, -r_xy)
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
    static const char *const want[3] = {"quaternion (w, x, y, z) written as it is", "the rotor is reversed",
                                        "an axis vector (wx, wy, wz) written as it is"};
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
    p += sprintf(p, "# format: anakata-trace/1\n# dim: 3\n# timestep: %g\nstep,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz\n",
                 DT);
    for (long i = 0; i < a.nsteps; i++)
        for (int bb = 0; bb < a.nbody; bb++) {
            const double *x = ak_tracefile_x(&a, i, bb), *v = ak_tracefile_v(&a, i, bb);
            const double *R = ak_tracefile_R(&a, i, bb), *w = ak_tracefile_w(&a, i, bb);
            p += sprintf(p, "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n",
                         a.step[i], a.t[i], a.body[bb], x[0], x[1], x[2], v[0], v[1], v[2], R[0], -R[3], R[2], -R[1],
                         w[2], -w[1], w[0]);
        }
    char err[512];
    cr_assert_eq(ak_tracefile_parse(txt, "quat.csv", &b, err, sizeof err), 0, "%s", err);
    free(txt);
    ak_compare_spec s;
    spec_for(&s, 3, NULL);
    ak_compare_result r;
    cr_assert_eq(ak_compare_traces(&a, &b, &s, &r, err, sizeof err), 0, "%s", err);
    for (int i = 0; i < r.n; i++)
        cr_assert_neq(r.items[i].verdict, AK_CMP_FAIL, "%s: %s", r.items[i].quantity, r.items[i].detail);
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
    cr_assert_eq(ak_compare_traces(&ground, &plain, &s, &r, err, sizeof err), 0, "reference lists the ground: %s", err);
    cr_assert_eq(r.nfail, 0);
    cr_assert_eq(ak_compare_traces(&plain, &ground, &s, &r, err, sizeof err), 0, "other lists the ground: %s", err);
    cr_assert_eq(r.nfail, 0);
    cr_assert_eq(ak_compare_traces(&moving, &plain, &s, &r, err, sizeof err), -1, "a moving body left out");
    cr_assert(strstr(err, "no body 'ground'") && strstr(err, "at rest"), "%s", err);
    ak_compare_spec_free(&s);
    ak_tracefile_free(&plain);
    ak_tracefile_free(&ground);
    ak_tracefile_free(&moving);
    free(base);
    free(g);
    free(gm);
}
