/// @file world_checks_util.h
/// Helpers of the world checks, `anakata step` and the world benchmark: programmatic scenes
/// (mass properties by engine/model_mass.h), loading, stepping, hashing.
#ifndef AK_VERIFY_WORLD_CHECKS_UTIL_H
#define AK_VERIFY_WORLD_CHECKS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model.h"
#include "engine/world.h"

/// Mass properties of a programmatic model: ak_model_compute_mass. 0, or -1 with err.
int ak_wc_fill_mass(ak_model *m, char *err, size_t errlen);
/// ak_scene_load (which fills the mass properties).
ak_model *ak_wc_load(const char *path, ak_data **d, char *err, size_t errlen);

/// Set body b to a shape with mass (or fixed when mass <= 0) at position x (rest, identity).
/// Bodies 0..N-1 of m (of dimension m->dim): spheres (radius 0.3..0.5) and, every third, boxes
/// of half-extent 0.3, mass 1, at random places in [0, L)^n lifted 0.8 along y, with random
/// rotors (exp of bivectors in [-1.5, 1.5]), the same bivectors as angular velocities, and
/// velocities in [-2, 2]. Deterministic: a linear congruential generator from seed.
void ak_wc_random_bodies(ak_model *m, ak_data *d, int N, unsigned seed, double L);

void ak_wc_set_body(ak_model *m, ak_data *d, int b, const ak_shape *s, double mass,
                    const double x[]);
ak_shape ak_wc_sphere(int n, double r);
ak_shape ak_wc_box(int n, double h);
ak_shape ak_wc_box3(int n, const double half[]);
ak_shape ak_wc_plane(int n, const double nrm[], double offset);

/// Step k times; returns 0 or -1 (err).
int ak_wc_run(const ak_model *m, ak_data *d, long k, char *err, size_t errlen);
/// FNV-1a hash of the state bits (x, v, R, w of every body).
uint64_t ak_wc_hash(const ak_model *m, const ak_data *d, uint64_t h);

#endif
