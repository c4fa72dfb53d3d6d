/// @file compare.h
/// Comparing a trace from another engine with a reference trace (`anakata compare`), and the
/// invariants (energy, momentum) both are judged by. docs/compare.md explains the workflow.
///
/// What is compared (each item has its own tolerance; a NaN tolerance means "not compared").
/// Nothing of the other trace goes unjudged at any time of the run:
/// - state.*: within the scene's predictability horizon [t0, t0 + horizon] (measured by
///   `anakata reference --measure-horizon` and stored as the entry's "predictability", else the
///   tolerances' "horizon"), positions, velocities, rotors (sign-blind: min |R - R_ref|,
///   |R + R_ref|) and angular velocities, the other trace linearly interpolated to the
///   reference's times (rotors with the nearer sign); the worst over bodies and times. From an
///   impact of a body on, a one-step shift of the other trace is allowed. A rotor or angular
///   velocity that fails gets the convention hypotheses tested (ak_compare_convention_hint).
/// - kinematics.x_dot_v: over the whole run, every position change of the other trace is
///   explained by its velocities (no jump, no teleport).
/// - centroid.motion: isolated scenes, the centre of mass moves as X0 + V0 t + g t^2/2 (B-3).
/// - energy.initial: |E_o(t0) - E_r(t0)| / E_scale (same initial state => same energy).
/// - energy.drift: max_t |E(t) - E(t0)| / E_scale over the whole run, other vs reference: the
///   error is the other's drift in excess of the reference's (drifting less is never a failure).
/// - energy.gain: dissipative (settling) scenes, the largest rise max_{s<t} E(t) - E(s), in excess
///   of the reference's.
/// - energy.final: |E_o(T) - E_r(T)| / E_scale at the last common time T (dissipative scenes).
/// - momentum.drift: max_t |p(t) - p(t0) - M g (t - t0)| / p_scale (free scenes: uniform
///   gravity changes p by exactly M g t); angular_momentum.drift: max_t |L_cm(t) - L_cm(t0)| /
///   L_scale, L_cm about the centre of mass (uniform gravity exerts no torque about it); both
///   judged like energy.drift.
/// - end.position / end.rotor: states at the last common time (scenes that settle).
/// - contacts.mean: time-weighted mean (trapezoid over the recorded times) of the sum of the
///   "contacts" column over bodies, when both traces have it: |mean_o - mean_r| / max(mean_r, 1).
/// - events.time / events.outcome: impacts, bounce apexes, first contacts and flips of both
///   traces, matched in order (ak_compare_events).
/// - run.coverage: the other trace must reach the reference's end time (within one timestep).
/// Fixed bodies (at rest in every row of the reference) may be missing from the other trace.
///
/// Energy and momentum come from the states and the bodies' mass properties (mass, k x k body
/// inertia about the centroid, as `anakata mass --json` prints them) and the gravity, all taken
/// from the reference manifest. Without mass properties, a trace's extra column "energy" (the
/// system's total, the same on every row of a step: read once per step) is used; without either,
/// the energy items are skipped and say why.
///   E = sum_b 1/2 m |v|^2 + 1/2 w . (I_w w) - m g . x,  I_w = [R]_2 I [R]_2^T  (B-eq4, B-I)
///   p = sum_b m v,  L_cm = sum_b m (x - X) ^ (v - V) + I_w w  (B-3, B-eq1)
/// E_scale = max_t KE_ref(t) + (max_t PE_ref - min_t PE_ref) (1 if that is 0): the energy that
/// actually moves, so that the zero of the potential does not matter.
#ifndef AK_VERIFY_COMPARE_H
#define AK_VERIFY_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "ref/ga/nd.h"
#include "verify/compare/trace_read.h"

/// Default tolerances when no manifest entry applies (named, never loosened per run).
#define AK_CMP_DEFAULT_HORIZON 0.5
#define AK_CMP_DEFAULT_STATE_TOL 1e-3
#define AK_CMP_DEFAULT_ENERGY_INITIAL_TOL 1e-6
#define AK_CMP_DEFAULT_ENERGY_DRIFT_TOL 1e-2
#define AK_CMP_DEFAULT_MOMENTUM_DRIFT_TOL 1e-6
/// x' = v over the whole run (metres): a position change that the velocities cannot explain
#define AK_CMP_DEFAULT_KINEMATICS_TOL 1e-3
/// events: the outcome (velocity after an impact, relative to the speed before it)
#define AK_CMP_DEFAULT_EVENT_TOL 0.05
/// initial.state: the other trace's first sample equals the scene's initial state (the
/// reference's first sample) to this, in m, m/s, rotor units and rad/s
#define AK_CMP_DEFAULT_INITIAL_TOL 1e-6
/// kinematics.rotation: the angular velocity that the orientation change over each sample
/// interval implies (R' = -1/2 w R) differs from the recorded w by at most this (rad/s), beyond
/// half the change of w over the interval (what any integrator's choice of w within the step may
/// take)
#define AK_CMP_DEFAULT_ROTATION_TOL 1e-2

/// contacts.rest_depth: bodies slower than this (m/s) at the last common time count as at rest;
/// a rest depth over AK_CMP_SOFT_DEPTH (m) means soft contacts; the measurement's tolerance (m)
#define AK_CMP_REST_SPEED 0.05
#define AK_CMP_SOFT_DEPTH 1e-4
#define AK_CMP_REST_DEPTH_TOL 1e-3

/// What an item is (docs/compare.md, "Laws and measurements"): a law every correct rigid-body
/// engine obeys whatever its modelling choices (violated: a bug), or a measurement of a modelling
/// choice (integrator, contact softness, restitution model), reported beside the reference's.
enum { AK_CMP_LAW = 0, AK_CMP_MEASUREMENT = 1 };
/// The kind of an item by its quantity name.
int ak_compare_kind(const char *quantity);

typedef struct ak_body_props {
    char name[AK_TRACEFILE_NAME_MAX];
    double mass;
    double inertia[AK_MAX_BIV * AK_MAX_BIV]; ///< k x k, row-major, body frame, about the centroid
} ak_body_props;

/// A scene's entry in verify/reference/manifest.json, or the defaults.
typedef struct ak_compare_spec {
    char scene[256];
    char trace[256];      ///< reference trace file name (relative to the manifest)
    char scene_file[512]; ///< the scene, relative to the source tree
    int dim;              ///< 0 when unknown
    bool has_gravity;
    double gravity[AK_MAX_DIM];
    int nbody;
    ak_body_props *bodies; ///< nbody, or NULL (energy from trace columns then)
    bool settles;
    bool isolated;      ///< no contacts, springs or drag: the centroid moves as X0 + V0 t + g t^2/2
    double duration;    ///< run length of the reference, seconds (0: unknown)
    int downsample;     ///< reference traces keep every k-th step after dense_until (1: all)
    double dense_until; ///< ... and every step up to t0 + dense_until (seconds)
    int record_every;   ///< engine entries: the run records every k-th step (and the last) before
                        ///< downsampling (`anakata run --every k`; 1: every step)
    char source[16];    ///< how the reference trace is made: "engine" (anakata run) or "oracle"
    char integrator
        [32]; ///< engine entries: `anakata run --integrator` (e.g. "gsl"), or "" for the scene's
    char method[32]; ///< engine entries: the solver method that makes the reference, the entry's
                     ///< "solver": {"method": ...} (`anakata run --method`), or "" for the scene's
    double horizon;  ///< state comparison window, seconds (the measured predictability horizon
                     ///< when the manifest has one, else tolerances.horizon)
    double horizon_measured; ///< NaN when the manifest has none
    double tol_position, tol_velocity, tol_rotor, tol_angular_velocity;
    double tol_energy_initial, tol_energy_drift, tol_energy_final;
    double tol_momentum_drift, tol_angular_momentum_drift;
    double tol_end_position, tol_end_rotor;
    double tol_contacts_mean;
    double tol_kinematics;  ///< kinematics.x_dot_v, metres (default AK_CMP_DEFAULT_KINEMATICS_TOL)
    double tol_centroid;    ///< centroid.motion for isolated scenes, metres (default: tol_position)
    double tol_energy_gain; ///< energy.gain for dissipative (settling) scenes, relative to E_scale
    double tol_event;       ///< events.* outcome, relative (NaN: events not compared)
    double tol_initial;     ///< initial.state (AK_CMP_DEFAULT_INITIAL_TOL)
    double tol_rotation;    ///< kinematics.rotation, rad/s (AK_CMP_DEFAULT_ROTATION_TOL)
    bool laws_only;         ///< `--laws`: judge the laws only (measurements are left out)
    int nshape; ///< shapes of the scene's bodies (for rest states modulo symmetry), or 0
    struct ak_cmp_shape {
        char name[AK_TRACEFILE_NAME_MAX];
        int type;                ///< AK_CMP_SHAPE_*
        double half[AK_MAX_DIM]; ///< hyperbox half extents
    } * shapes;
} ak_compare_spec;
enum { AK_CMP_SHAPE_OTHER = 0, AK_CMP_SHAPE_BOX, AK_CMP_SHAPE_SPHERE };
/// Read the shapes of the scene file (an `anakata-scene/1` file) into s->shapes, so that rest
/// orientations are compared modulo each shape's symmetry. Returns 0, or -1 with err.
int ak_compare_spec_load_shapes(ak_compare_spec *s, const char *scene_path, char *err,
                                size_t errlen);
/// Without a manifest entry (a trace from `anakata run --trace`, say): the dimension, gravity,
/// mass properties of the moving bodies and shapes from the scene file itself, and whether the
/// scene settles (bodies on fixed ground under gravity, no springs) or is isolated (no fixed
/// body, springs or drag). Returns 0, or -1 with err.
int ak_compare_spec_from_scene(ak_compare_spec *s, const char *scene_path, char *err,
                               size_t errlen);
/// The scene file of the manifest entry (scene_file) or of the reference trace's "scene" line,
/// found as given, next to the trace, or in the source tree: 0 and its path, or -1.
int ak_compare_scene_path(const ak_compare_spec *s, const ak_tracefile *ref, char *out, size_t n);
/// The same for the scene of the manifest entry (scene_file) or of the reference trace's "scene"
/// line, found as given, next to the trace, or in the source tree.
int ak_compare_spec_shapes_for(ak_compare_spec *s, const ak_tracefile *ref, char *err,
                               size_t errlen);

enum { AK_CMP_PASS = 0, AK_CMP_FAIL = 1, AK_CMP_SKIP = 2 };

typedef struct ak_compare_item {
    char quantity[48];       ///< e.g. "state.position"
    double other, reference; ///< the compared values (NaN where the item is an error only)
    double error, tol;
    int verdict; ///< AK_CMP_PASS / FAIL / SKIP
    int kind;    ///< AK_CMP_LAW or AK_CMP_MEASUREMENT
    char detail
        [1280]; ///< where the worst error is, when the tolerance is first exceeded, why skipped
} ak_compare_item;

#define AK_CMP_ITEMS_MAX 32

typedef struct ak_compare_result {
    int n, nfail, npass;
    int nlaw_fail; ///< of nfail, the laws violated
    ak_compare_item items[AK_CMP_ITEMS_MAX];
} ak_compare_result;

/// Energy and momenta along a trace (arrays of nsteps; NULL/false where unavailable).
typedef struct ak_invariants {
    long n;
    bool has_energy, has_momentum;
    double *t, *E, *KE, *PE;
    double *p;     ///< n x dim
    double *L;     ///< n x nbiv, about the centre of mass
    char why[256]; ///< why energy or momentum is unavailable
} ak_invariants;

/// The defaults above, every other tolerance NaN (not compared).
void ak_compare_spec_default(ak_compare_spec *s);
void ak_compare_spec_free(ak_compare_spec *s);
/// Load the manifest entry whose "scene" or "trace" equals key (a scene name or a trace file
/// name), with its "tolerances" object (for other engines). Returns 0, 1 when the manifest has no
/// such entry (spec = defaults), -1 on a bad manifest (err says where).
int ak_manifest_load(const char *path, const char *key, ak_compare_spec *out, char *err,
                     size_t errlen);
/// The same with another tolerance object of the entry, e.g. "drift_tolerances" (the engine
/// against its own reference; tighter). A missing object leaves the defaults.
int ak_manifest_load_tol(const char *path, const char *key, const char *tolerances_key,
                         ak_compare_spec *out, char *err, size_t errlen);
/// The same on the manifest's text in memory (path is used in messages); key NULL: the first entry.
int ak_manifest_parse(const char *text, const char *path, const char *key,
                      const char *tolerances_key, ak_compare_spec *out, char *err, size_t errlen);

int ak_invariants_compute(const ak_tracefile *t, const ak_compare_spec *s, ak_invariants *out);
void ak_invariants_free(ak_invariants *inv);

/// Compare other with ref. Returns 0 when the traces are comparable (then see res->nfail), or
/// -1 with a message when they are not (different dim, a reference body missing in other).
int ak_compare_traces(const ak_tracefile *ref, const ak_tracefile *other, const ak_compare_spec *s,
                      ak_compare_result *res, char *err, size_t errlen);

/// Do two traces' scene names (metadata "scene") name the same scene? The same file reached by
/// two paths (relative to the working directory, to the trace, or to the source tree) does;
/// names that are not files here are compared without directories and ".json". Empty: true.
bool ak_compare_same_scene(const char *a, const char *a_trace, const char *b, const char *b_trace);
/// Apply "NAME=VALUE" (a tolerance key of the manifest, or "horizon"; VALUE a number or "off").
/// Returns 0, or -1 with err naming the option.
int ak_compare_spec_override(ak_compare_spec *s, const char *assignment, char *err, size_t errlen);

/// Print the result table (one row per item, with its kind) to f, then the summary: "laws
/// violated: ..." and "differs from the reference in: ..." (with the numbers), then
/// "compare: N passed, M failed, K skipped".
void ak_compare_print(const ak_compare_result *res, void *file);
/// The summary lines alone.
void ak_compare_print_summary(const ak_compare_result *res, void *file);
/// error and tol printed with the fewest significant digits (at least 3) that tell them apart,
/// so that 1.00016e-3 over a tolerance of 1e-3 prints as "0.00100016" against "0.001".
void ak_compare_fmt_pair(double error, double tol, char *e, char *t, size_t n);

/// Body b's state block (offset off, length len within x, v, R, w) of trace tr at time x, linearly
/// interpolated between samples; the rotor block with the sign of the later sample that is nearer
/// the earlier one (R and -R are the same rotation).
void ak_compare_interp(const ak_tracefile *tr, int b, double x, int off, int len, double *out);
/// Time-weighted mean (trapezoid over the recorded times) of the per-step sum of extra column col.
double ak_compare_contacts_mean(const ak_tracefile *t, int col);

/// Events (docs/compare.md, "Events"): impacts (falling faster than AK_CMP_IMPACT_MIN_SPEED and
/// than 3 |g| h along the gravity, h the trace's timestep, and losing more than half of that speed
/// over a window of consecutive decelerating samples, at most AK_CMP_IMPACT_WINDOW steps: a soft
/// contact takes several; the impact's time is where the ballistic paths before and after it
/// meet, so that it does not depend on how densely the trace is sampled), bounce
/// apexes (the upward speed crosses zero smoothly after rising faster than the minimum speed),
/// first contacts (the "contacts" column turns positive) and, in isolated scenes, flips (sign
/// changes of the body-frame angular velocity component largest at t0: Dzhanibekov's flip).
enum { AK_EVENT_IMPACT, AK_EVENT_APEX, AK_EVENT_FIRST_CONTACT, AK_EVENT_FLIP, AK_EVENT_KINDS };
#define AK_CMP_EVENT_MIN_SPEED 0.1  ///< m/s: apexes follow a rise faster than this
#define AK_CMP_IMPACT_MIN_SPEED 0.5 ///< m/s: slower approaches are resting contact, not impacts
#define AK_CMP_IMPACT_WINDOW 30     ///< steps: the longest deceleration that counts as one impact
/// events.time: an event of the other trace may be this many of its steps (or the reference's,
/// whichever is longer) from the reference's, plus half the other's impact window
#define AK_CMP_EVENT_STEPS 2
/// contact events (other than the first impact after it) are judged up to the entry's dense_until
/// after t0, or this many seconds without one (the bundled references' value)
#define AK_CMP_EVENT_DENSE_DEFAULT 0.5
typedef struct ak_cmp_event {
    int kind, body; ///< body: index into the caller's body list
    double t; ///< event time (interpolated for apexes and flips; the first sample after an impact)
    long i;   ///< sample at or after the event
    double pre;    ///< impacts: falling speed before
    double value;  ///< apexes: height
    double t0, t1; ///< impacts: the window [last sample before, first sample after] over which the
                   ///< body decelerates (several steps for a soft contact)
} ak_cmp_event;
/// Events of trace t for the bodies bodies[0..nbody) (trace indices; -1 entries skipped); first
/// contacts only when contacts is true; *out is malloc'ed (free it). Returns the count.
int ak_compare_events(const ak_tracefile *t, const ak_compare_spec *s, const int *bodies, int nbody,
                      bool contacts, ak_cmp_event **out);
const char *ak_cmp_event_name(int kind);
/// The convention hypotheses for a rotor (rotor = true) or angular velocity that differs from the
/// reference at time at (the first sample over tolerance): reversed rotor, quaternion written as
/// rotor, conjugate quaternion; opposite sign, body frame, axis vector written as bivector. Writes
/// "; likely a convention mistake: ..." when one of them brings the error within tol there, else "".
void ak_compare_convention_hint(const ak_tracefile *ref, const ak_tracefile *o, const int map[],
                                bool rotor, double tol, double at, char *out, size_t outlen);

#endif
