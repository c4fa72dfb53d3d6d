/// @file scene.h
/// The scene loader: reads an `anakata-scene/1` JSON file (docs/scene-format.md, schema in
/// docs/scene.schema.json) into an ak_model (constant) and an ak_data (initial state).
///
/// The loader validates everything and never aborts: on bad input it returns NULL and writes one
/// message into the caller's buffer, either `file:line:column: ...` for a JSON syntax error or
/// `file: path.to.field: expected ..., got ...` for a bad value. Unknown keys are errors (keys
/// that start with '_' are comments and are ignored).
///
/// It does not compute mass properties: a body keeps `mass` (or `density`) as given, and
/// volume, centroid, inertia and the inverses are left zero for ak_model_compute_mass (ref/mass
/// area). Convex vertices are copied, as given, into model->verts.
#ifndef AK_ENGINE_SCENE_H
#define AK_ENGINE_SCENE_H

#include "ref/ak_export.h"
#include <stddef.h>

#include "engine/model.h"

#define AK_SCENE_FORMAT "anakata-scene/1"
/// A rotor R is accepted when every component of R R~ - 1 is within this of zero (the rounding
/// of a rotor printed with about 7 digits); it is then normalised. Anything further is rejected.
#define AK_SCENE_ROTOR_TOL 1e-6
/// A hyperplane normal or light direction shorter than this is rejected as zero.
#define AK_SCENE_MIN_NORMAL 1e-9
/// Bodies per scene. Memory is the real bound: about 2.2 kB per body (model and state), so a
/// million bodies take about 2.2 GB, and a 64 MiB file holds about a million of the smallest body
/// objects; a scene beyond memory fails with "out of memory".
#define AK_SCENE_MAX_BODIES 1000000
/// Vertices per convex body. Its hull (for the mass properties) may have at most
/// AK_MASS_HULL_MAX_FACETS (1024) facets of at most AK_MASS_HULL_MAX_VERTS (64) vertices each:
/// the 120-cell (600 vertices, 120 facets of 20) loads.
#define AK_SCENE_MAX_VERTS 1024
#define AK_SCENE_MAX_BYTES (64L << 20) ///< largest scene file ak_scene_load reads

/// Load a scene file. Returns the model (free with ak_model_free) and, when data is not NULL,
/// the initial state in *data (free with ak_data_free). On failure returns NULL, sets *data to
/// NULL and writes a message of at most errlen-1 bytes into err (err may be NULL).
AK_API ak_model *ak_scene_load(const char *path, ak_data **data, char *err, size_t errlen);

/// Parse a scene from memory: text[0..len) need not be NUL-terminated and may hold any bytes.
/// filename is used in messages and stored in model->source (NULL means "<scene>").
AK_API ak_model *ak_scene_parse(const char *text, size_t len, const char *filename, ak_data **data,
                                char *err, size_t errlen);

/// The names of the options the engine switches on (model.h), the one table of them: the loader
/// reads the scene's keys through it, and every program that turns text into an option uses
/// these functions. parse: 0 and *out set, or -1 for a name that is not one of the list (NULL
/// included; *out is then left alone). name: the value's name, or "?" for a value out of range.
/// names: the accepted names for messages, comma separated ("thesis, catto, rk4, exp, gsl").
AK_API int ak_integrator_parse(const char *name, ak_integrator *out);
AK_API const char *ak_integrator_name(ak_integrator i);
AK_API const char *ak_integrator_names(void);
AK_API int ak_solver_method_parse(const char *name, ak_solver_method *out);
AK_API const char *ak_solver_method_name(ak_solver_method m);
AK_API const char *ak_solver_method_names(void);
AK_API int ak_variant_parse(const char *name, ak_variant *out);
AK_API const char *ak_variant_name(ak_variant v);
AK_API const char *ak_variant_names(void);
AK_API int ak_order_parse(const char *name, ak_order *out);
AK_API const char *ak_order_name(ak_order o);
AK_API const char *ak_order_names(void);

#endif
