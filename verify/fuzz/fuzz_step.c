// libFuzzer target for the world step: any scene the loader accepts is stepped 30 times (or for
// STEP_BUDGET_S of CPU time, whichever ends first) with the engine's invariant checks on (built
// with -Dfuzz=true -Dvalidate=true, clang, ASan and UBSan; see verify/fuzz/meson.build and
// .ci/run); scenes with the converged solver get fewer steps and bodies (MAX_BODIES_CONVERGED).
// A step either succeeds with a finite state or returns -1 with an error message; a crash, a
// sanitizer report, a broken invariant (validate.c aborts naming it), an error without a message
// or a non-finite state without an error is a failure (abort).
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/scene.h"
#include "engine/world.h"
#include "ref/collide/collide.h"

#ifndef AK_VALIDATE
#error "fuzz_step needs the invariant checks: configure the fuzz build with -Dvalidate=true"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

#define STEPS 30
/// Scenes with more bodies are valid but are not stepped: the bundled 1000-body piles take
/// seconds per step under ASan and UBSan, so a corpus holding them would spend the run on a
/// few inputs. The loader still parses them (fuzz_scene covers the loader alone).
#define MAX_BODIES 64
/// The converged solver solves each step's contact problem to its tolerance (dense Newton steps,
/// O(k^3) in the number of contact rows k, and up to max_iterations sweeps): a valid mutated
/// 11-body 4D stack takes 4 minutes for 30 steps in a release build. Scenes with that method are
/// stepped fewer times, only up to this many bodies, and with at most this many sweeps per step
/// (a step that does not converge then returns an error with a message, which is allowed), so
/// that a valid but expensive input cannot reach the per-input time limit.
#define MAX_BODIES_CONVERGED 8
#define STEPS_CONVERGED 3
#define MAX_SWEEPS_CONVERGED 100
/// Time of impact by conservative advancement (ref/collide/ccd.c) bounds a rotating body's
/// approach speed by its bounding radius times its angular speed, and advances by the gap over
/// that bound, up to 10,000 times a pair: with a body of bounding radius r resting on others, the
/// steps shrink as r grows. The 10 hypercubes of stack10_4d with one stretched along w to a half
/// extent of 1e6 take 1.7 s for 30 steps in a release build, 1e9 74 s, 6.7e11 53 s (where the
/// fuzzer met it, past its 10 s limit under ASan). Such scenes are valid and the step is
/// correct, only slow (a known limit, docs/formulas/collide.md, G-CCD.1); they are not stepped
/// here.
#define MAX_RADIUS 1e4
/// A valid input can still be slow for its size: bodies of a few metres overlapping deeply at the
/// start make the motion clamp sample each fast touching pair up to 64 times a step (G-CCD.3),
/// each sample a penetration depth; with a duocylinder or capsule that is EPA and its
/// Nelder-Mead refinement (ref/collide/gjk.c). all_shapes_4d with a capsule of radius 5.25 and
/// half-length 1.5 and a duocylinder of radii (5.5, 0.3) took 21 s for 30 steps under the
/// sanitizers (0.7 s a step, 1.5 s for all 30 in a release build), past the fuzzer's 10 s per
/// input. Each step is bounded; an input is stepped until STEPS or until it has used this much
/// CPU time, whichever comes first, so a step that does not end still meets the per-input
/// limit.
#define STEP_BUDGET_S 3.0

static void fail(const char *what, int step) {
    fprintf(stderr, "fuzz_step: %s at step %d\n", what, step);
    abort();
}

// Every position, velocity, rotor and angular velocity of every body is finite.
static int state_finite(const ak_model *m, const ak_data *d) {
    int n = m->dim, k = ak_nd_nbiv(n), e = ak_nd_neven(n);
    for (int b = 0; b < m->nbody; b++) {
        for (int i = 0; i < n; i++)
            if (!isfinite(d->x[(size_t)b * AK_MAX_DIM + i]) ||
                !isfinite(d->v[(size_t)b * AK_MAX_DIM + i]))
                return 0;
        for (int i = 0; i < k; i++)
            if (!isfinite(d->w[(size_t)b * AK_MAX_BIV + i])) return 0;
        for (int i = 0; i < e; i++)
            if (!isfinite(d->R[(size_t)b * AK_MAX_EVEN + i])) return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    char err[AK_ERR_MAX];
    ak_data *d = NULL;
    ak_model *m = ak_scene_parse((const char *)bytes, size, "fuzz.json", &d, err, sizeof err);
    if (!m) return 0;
    bool converged = m->solver.method == AK_SOLVER_CONVERGED, small = true;
    for (int b = 0; b < m->nbody; b++)
        if (m->bodies[b].shape.type != AK_SHAPE_HYPERPLANE &&
            !(ak_collide_bounding_radius(&m->bodies[b].shape) <= MAX_RADIUS))
            small = false;
    if (small && m->nbody <= (converged ? MAX_BODIES_CONVERGED : MAX_BODIES)) {
        ak_world_opts o = ak_world_default_opts(m);
        int steps = converged ? STEPS_CONVERGED : STEPS;
        if (converged && m->solver.max_iterations > MAX_SWEEPS_CONVERGED)
            m->solver.max_iterations = MAX_SWEEPS_CONVERGED;
        clock_t start = clock();
        for (int s = 0; s < steps && (double)(clock() - start) < STEP_BUDGET_S * CLOCKS_PER_SEC;
             s++) {
            err[0] = '\0';
            if (ak_world_step(m, d, &o, err, sizeof err) != 0) {
                if (!err[0]) fail("ak_world_step returned an error without a message", s);
                break;
            }
            if (!state_finite(m, d)) fail("a non-finite state without an error", s);
        }
    }
    ak_data_free(d);
    ak_model_free(m);
    return 0;
}
