/// @file experiments.h
/// The built-in experiments of `anakata sweep` and their metrics (docs/sweep.md lists them).
/// Evaluating a sample is a pure function of the spec and the sample index: no shared state,
/// safe to call from any thread, and bit-identical wherever it runs.
#ifndef AK_VERIFY_SWEEP_EXPERIMENTS_H
#define AK_VERIFY_SWEEP_EXPERIMENTS_H

#include <stddef.h>

#include "verify/sweep/spec.h"

enum {
    // free_body
    AK_M_FLIPS,
    AK_M_FIRST_FLIP,
    AK_M_FLIP_PERIOD,
    AK_M_MIN_DOMINANT,
    AK_M_MAX_OFFPLANE,
    AK_M_ENERGY_DRIFT,
    AK_M_MOMENTUM_DRIFT,
    AK_M_ERROR_VS_GSL,
    AK_M_LAMBDA,
    AK_M_PERIOD_ELLIPTIC,
    // stack
    AK_M_STAND_TIME,
    AK_M_STOOD,
    AK_M_MAX_DRIFT,
    AK_M_STATICS_STABLE,
    // collide
    AK_M_TRUTH_SEP,
    AK_M_PUB_HIT,
    AK_M_PUB_SEP,
    AK_M_HIT_WRONG,
    AK_M_DEPTH_ERROR,
    AK_M_FAIL,
    AK_M_COUNT
};

/// Name of metric id ("flips", ...).
const char *ak_sweep_metric_name(int id);
/// Metric id by name for an experiment, or -1.
int ak_sweep_metric_find(int experiment, const char *name);
/// The experiment's metric names, comma separated (for messages).
const char *ak_sweep_metric_list(int experiment);

/// Evaluate sample i: out[j] is the value of the spec's j-th metric (NAN where it does not
/// apply, e.g. a flip period without two flips). Returns 0, or -1 with err filled (the base
/// scene no longer loads, out of memory): an error, not a result.
int ak_sweep_eval(const ak_sweep_spec *s, long i, double out[], char *err, size_t errlen);

#endif
