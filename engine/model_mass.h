/// @file model_mass.h
/// Fills a model's mass properties from its shapes (ref/mass), after loading.
#ifndef AK_ENGINE_MODEL_MASS_H
#define AK_ENGINE_MODEL_MASS_H

#include "ref/ak_export.h"
#include <stddef.h>

#include "engine/model.h"

/// For every body: volume, density, mass, inertia about the centroid (body frame) and their
/// inverses, from its shape and the given mass (body->mass > 0) or density (body->density > 0).
/// Fixed bodies and hyperplanes get zero mass, zero inverse mass and zero inverse inertia.
/// Convex vertices are re-centred on their centroid (shape_centroid keeps the original
/// centroid) and, when d is given, the body's position moves by R centroid, so that the world
/// geometry is unchanged and x is the centroid (engine/model.h).
/// Calling it again is harmless (the vertices are already centred; shape_centroid is kept).
/// Returns 0, or -1 with err naming the body and the problem (e.g. degenerate vertices).
AK_API int ak_model_compute_mass(ak_model *m, ak_data *d, char *err, size_t errlen);

#endif
