/// @file spec.h
/// The sweep spec (`anakata-sweep/1`, docs/sweep.md, schema docs/sweep.schema.json): which
/// built-in experiment to run, its fixed settings ("base"), the parameters that vary, how to
/// sample them (grid, random with a seed, Sobol by gsl_qrng) and the metrics to record.
///
/// The reader validates everything and never aborts: on bad input it returns NULL and writes
/// one message, `file:line:column: JSON syntax error` or `file: path.to.field: expected ...,
/// got ...` (the scene loader's style). Unknown keys are errors; keys that start with '_' are
/// comments.
///
/// Samples are numbered 0 .. nsamples-1. The values of sample i are a pure function of the
/// spec and i (grid: mixed radix, the last parameter fastest; random: a counter-based hash of
/// (seed, i, parameter); Sobol: point i of the sequence), so any process or thread can
/// evaluate any sample and the results do not depend on who evaluated them.
#ifndef AK_VERIFY_SWEEP_SPEC_H
#define AK_VERIFY_SWEEP_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ref/ga/nd.h"

#define AK_SWEEP_FORMAT "anakata-sweep/1"
#define AK_SWEEP_MAX_PARAMS 8
#define AK_SWEEP_MAX_VALUES 64
#define AK_SWEEP_MAX_METRICS 16
#define AK_SWEEP_MAX_SAMPLES 1000000000L ///< 10^9
#define AK_SWEEP_MAX_SOBOL 10000000L     ///< Sobol points are precomputed: at most 10^7
#define AK_SWEEP_MAX_BYTES (1L << 20)    ///< largest spec file

typedef enum ak_sweep_experiment {
    AK_SWEEP_FREE_BODY, ///< one torque-free body (a hyperbox by side lengths, or a scene's body 0)
    AK_SWEEP_STACK,     ///< a stack of hypercubes on a ground plane under gravity
    AK_SWEEP_COLLIDE,   ///< one collision pair, the thesis' tests as published vs ground truth
    AK_SWEEP_NEXP
} ak_sweep_experiment;

typedef enum ak_sweep_sampling {
    AK_SAMPLE_GRID,
    AK_SAMPLE_RANDOM,
    AK_SAMPLE_SOBOL
} ak_sweep_sampling;

/// Collision pairs of the collide experiment.
typedef enum ak_sweep_pair {
    AK_PAIR_SPHERE_BOX,
    AK_PAIR_CAPSULE_CAPSULE,
    AK_PAIR_BOX_BOX,
    AK_PAIR_COUNT
} ak_sweep_pair;

/// Every setting of every experiment; "base" sets them, parameters vary them.
typedef struct ak_sweep_config {
    // common
    double dt, duration;
    int integrator; ///< ak_integrator
    // free_body
    int dim;
    double sides[AK_MAX_DIM], mass;
    double omega[AK_MAX_BIV]; ///< body rate at t = 0 before plane / pair / perturbation
    bool has_omega;           ///< base "omega" given (else a base scene's own rate is used)
    double pdir[AK_MAX_BIV];  ///< perturbation direction (default: 1 on every component)
    bool has_pdir;
    int plane;               ///< dominant plane (bivector index) or -1
    double magnitude;        ///< rate in the dominant plane (or the pair), default 1
    double perturbation;     ///< added as perturbation * pdir to the other components
    int pair[2];             ///< base "pair": two planes, or -1
    double pair_angle;       ///< omega_pair = magnitude (cos a, sin a); NAN when unset
    double comp[AK_MAX_BIV]; ///< "omega.<plane>" overrides, NAN when unset
    // stack
    int height, iterations;
    bool shock;
    int method;  ///< 0 vector, 1 pga
    int variant; ///< 0 corrected, 1 published
    double lean, friction, restitution, half;
    // collide
    int shapes; ///< ak_sweep_pair
    double distance, angle, angle2;
} ak_sweep_config;

/// One varying parameter: a list of values (numbers or names), or a range [lo, hi].
typedef struct ak_sweep_param {
    char name[32];
    int setting; ///< index in the settings table (spec.c)
    int comp;    ///< for "omega.<plane>": the bivector index
    bool is_range, log_scale, is_string;
    double lo, hi;
    long count; ///< grid points (range) or the number of values
    double values[AK_SWEEP_MAX_VALUES];
    char names[AK_SWEEP_MAX_VALUES][16];
} ak_sweep_param;

typedef struct ak_sweep_spec {
    char file[512];
    char title[256];
    ak_sweep_experiment experiment;
    char scene[512]; ///< free_body: a scene file whose body 0 is used, or ""
    ak_sweep_config base;
    int nparam;
    ak_sweep_param params[AK_SWEEP_MAX_PARAMS];
    ak_sweep_sampling sampling;
    long nsamples;
    uint64_t seed;
    double *sobol; ///< nsamples x nparam points in [0, 1) (Sobol only)
    int nmetric;
    int metrics[AK_SWEEP_MAX_METRICS]; ///< metric ids (experiments.h)
    uint64_t hash;                     ///< FNV-1a of the canonical (unformatted) JSON
} ak_sweep_spec;

/// Read a spec file. Returns NULL with err filled on any problem.
ak_sweep_spec *ak_sweep_spec_load(const char *path, char *err, size_t errlen);
/// Parse a spec from memory (text need not be NUL-terminated). filename is used in messages;
/// a relative "scene" is resolved against base_dir (NULL: the current directory).
ak_sweep_spec *ak_sweep_spec_parse(const char *text, size_t len, const char *filename,
                                   const char *base_dir, char *err, size_t errlen);
void ak_sweep_spec_free(ak_sweep_spec *s);

/// The value of parameter p in sample i: a number, or (string parameters) the index of the name.
double ak_sweep_param_value(const ak_sweep_spec *s, long i, int p);
/// The configuration of sample i: base with the parameters of sample i applied.
void ak_sweep_sample_config(const ak_sweep_spec *s, long i, ak_sweep_config *cfg);
/// The initial body rate of a free_body configuration (k = dim(dim-1)/2 components).
void ak_sweep_config_omega(const ak_sweep_config *cfg, double w[]);

/// Name of bivector k in n dimensions ("xy", ...), independent of ref/ga.
const char *ak_sweep_plane_name(int n, int k);
/// Bivector index of a plane name in n dimensions, or -1.
int ak_sweep_plane_index(int n, const char *name);

#endif
