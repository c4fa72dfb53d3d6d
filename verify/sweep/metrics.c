// Metric names of the sweep experiments (experiments.h): a table apart from the experiments so
// that the spec reader (and its fuzz target) needs nothing of the simulation.
#include <string.h>

#include "verify/sweep/experiments.h"

typedef struct metric_def {
    const char *name;
    int experiment;
} metric_def;

static const metric_def METRICS[AK_M_COUNT] = {
    [AK_M_FLIPS] = { "flips", AK_SWEEP_FREE_BODY },
    [AK_M_FIRST_FLIP] = { "first_flip", AK_SWEEP_FREE_BODY },
    [AK_M_FLIP_PERIOD] = { "flip_period", AK_SWEEP_FREE_BODY },
    [AK_M_MIN_DOMINANT] = { "min_dominant", AK_SWEEP_FREE_BODY },
    [AK_M_MAX_OFFPLANE] = { "max_offplane", AK_SWEEP_FREE_BODY },
    [AK_M_ENERGY_DRIFT] = { "energy_drift", AK_SWEEP_FREE_BODY },
    [AK_M_MOMENTUM_DRIFT] = { "momentum_drift", AK_SWEEP_FREE_BODY },
    [AK_M_ERROR_VS_GSL] = { "error_vs_gsl", AK_SWEEP_FREE_BODY },
    [AK_M_LAMBDA] = { "lambda_linear", AK_SWEEP_FREE_BODY },
    [AK_M_PERIOD_ELLIPTIC] = { "period_elliptic", AK_SWEEP_FREE_BODY },
    [AK_M_STAND_TIME] = { "stand_time", AK_SWEEP_STACK },
    [AK_M_STOOD] = { "stood", AK_SWEEP_STACK },
    [AK_M_MAX_DRIFT] = { "max_drift", AK_SWEEP_STACK },
    [AK_M_STATICS_STABLE] = { "statics_stable", AK_SWEEP_STACK },
    [AK_M_TRUTH_SEP] = { "truth_sep", AK_SWEEP_COLLIDE },
    [AK_M_PUB_HIT] = { "pub_hit", AK_SWEEP_COLLIDE },
    [AK_M_PUB_SEP] = { "pub_sep", AK_SWEEP_COLLIDE },
    [AK_M_HIT_WRONG] = { "hit_wrong", AK_SWEEP_COLLIDE },
    [AK_M_DEPTH_ERROR] = { "depth_error", AK_SWEEP_COLLIDE },
    [AK_M_FAIL] = { "fail", AK_SWEEP_COLLIDE },
};

const char *ak_sweep_metric_name(int id) {
    return id >= 0 && id < AK_M_COUNT ? METRICS[id].name : "?";
}

int ak_sweep_metric_find(int experiment, const char *name) {
    for (int i = 0; i < AK_M_COUNT; i++)
        if (METRICS[i].experiment == experiment && strcmp(METRICS[i].name, name) == 0) return i;
    return -1;
}

const char *ak_sweep_metric_list(int experiment) {
    static const char *const LISTS[AK_SWEEP_NEXP] = {
        ("flips, first_flip, flip_period, min_dominant, max_offplane, energy_drift, "
         "momentum_drift, "
         "error_vs_gsl, lambda_linear, period_elliptic"),
        "stand_time, stood, max_drift, statics_stable",
        "truth_sep, pub_hit, pub_sep, hit_wrong, depth_error, fail"
    };
    return experiment >= 0 && experiment < AK_SWEEP_NEXP ? LISTS[experiment] : "";
}
