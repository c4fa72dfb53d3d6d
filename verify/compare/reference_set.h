/// @file reference_set.h
/// The committed reference outputs under verify/reference/ (docs/compare.md):
///   manifest.json            format anakata-reference/1: engine_version, and per scene the scene
///                            file, how the trace is made ("source": "engine" runs `anakata run`,
///                            "oracle" the GSL free-body oracle), duration, downsampling, gravity,
///                            the bodies' mass properties, "settles", "tolerances" (for other
///                            engines) and "drift_tolerances" (the engine against itself);
///   <scene>.csv              the reference trace, downsampled (every step up to dense_until,
///                            then every k-th, and the last);
///   <scene>.invariants.json  energy and momentum summary of that committed trace.
/// Used by `anakata reference` and the checks of group "reference".
#ifndef AK_VERIFY_REFERENCE_SET_H
#define AK_VERIFY_REFERENCE_SET_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/compare/compare.h"
#include "verify/compare/trace_read.h"

struct cJSON;

/// The source tree's verify/reference/manifest.json: what the checks read. The program's
/// `reference` command uses the manifest of the checkout it runs in instead (cli/cmd_reference.c).
/// A manifest's relative "scene_file" paths are relative to the checkout's root when the manifest is
/// a checkout's verify/reference/manifest.json, else to the manifest's folder.
const char *ak_ref_default_manifest(void);

/// Scene names listed in the manifest (at most max). Returns the count or -1.
int ak_ref_scenes(const char *manifest, char (*names)[256], int max, char *err, size_t errlen);

/// Produce a fresh trace for a manifest entry at out_path: the oracle, or for "engine" entries
/// the world step of `anakata run SCENE --duration D [--integrator X] [--every record_every]`,
/// in-process, with the extra column "contacts" (contact points per body) and without the fixed
/// bodies. exe is not used (kept for callers).
int ak_ref_generate(const char *manifest, const ak_compare_spec *e, const char *exe,
                    const char *out_path, char *err, size_t errlen);

/// The invariants summary of a trace (energy at start and end, drifts, rotor norm error).
struct cJSON *ak_ref_invariants(const ak_tracefile *t, const ak_compare_spec *s);

/// Regenerate one entry: trace, downsampled copy, invariants file, and the manifest's
/// engine_version (and mass properties for engine entries, from `exe mass SCENE --json`).
int ak_ref_update(const char *manifest, const char *scene, const char *exe, char *err,
                  size_t errlen);

/// Check one entry. files: the committed trace parses, compares equal with itself, and its
/// invariants match the committed summary (result in files_err: the largest relative
/// difference). drift: a freshly generated trace, downsampled like the committed one, compared
/// with it under "drift_tolerances" (result in *drift; skipped when drift is NULL). Returns 0, or
/// -1 with err set when the entry cannot be checked at all (missing files, generator failed).
int ak_ref_check(const char *manifest, const char *scene, const char *exe, double *files_err,
                 ak_compare_result *drift, char *err, size_t errlen);

/// The predictability horizon of a scene (docs/compare.md, "Predictability horizon"): run it twice
/// with e's integrator, the second time with x, v (first axis) and w (first plane) of every moving
/// body moved by eps, and return the last time before the two runs differ by more than e's state
/// tolerances (position, velocity, rotor, angular velocity) in any body (e->duration when never).
/// what says where they separated.
int ak_ref_measure_horizon(const char *scene_path, const ak_compare_spec *e, double eps,
                           double *horizon, char *what, size_t whatlen, char *err, size_t errlen);
/// Measure the horizon of a manifest entry and store it, with how it was measured, as the entry's
/// "predictability" (which compare then uses instead of tolerances.horizon).
int ak_ref_measure_entry(const char *manifest, const char *scene, double eps, double *horizon,
                         char *what, size_t whatlen, char *err, size_t errlen);

/// `anakata reference --make SCENE_FILE`: options.
typedef struct ak_ref_make_opts {
    const char *scene_file; ///< any scene file
    const char *name;       ///< entry name (default: the file name without .json)
    double duration;        ///< 0: the scene's
    double horizon;         ///< NaN: measure it
    int record_every, downsample;
    double dense_until;
    const char *const *tol; ///< "NAME=VALUE" overrides of the default tolerances
    int ntol;
    bool replace; ///< replace an entry of the same name (--make ... --update); refused otherwise
} ak_ref_make_opts;
/// Add a manifest entry for a scene file (the manifest is created if missing): the most accurate
/// integrator (GSL's rk8pd for a single free body, the scene's split integrator otherwise), mass
/// properties, gravity, "isolated", default tolerances with the overrides, then the trace and
/// invariants (as --update), "settles" (final kinetic energy below 1e-4 of its largest) and the
/// measured predictability horizon.
int ak_ref_make(const char *manifest, const ak_ref_make_opts *mo, const char *exe, char *err,
                size_t errlen);

/// Path of the running program (from /proc/self/exe), or NULL.
const char *ak_self_exe(void);

#endif
