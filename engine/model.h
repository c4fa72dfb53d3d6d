/// @file model.h
/// The engine's two halves, after MuJoCo: ak_model is constant during a run (shapes, masses,
/// inertia, settings), ak_data changes (positions, rotors, velocities, time, contact cache).
/// Areas extend these structs in their own sub-structs; engine/ never parses text (the scene
/// loader is the one exception the design allows: engine/scene.c builds a model from JSON).
#ifndef AK_ENGINE_MODEL_H
#define AK_ENGINE_MODEL_H

#include "ref/ak_export.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ref/ga/nd.h"
#include "ref/geom/shape.h"

#define AK_NAME_MAX 64
#define AK_ERR_MAX 512

typedef struct ak_material {
    double friction;        ///< kinetic (Coulomb) coefficient, default 0.5
    double static_friction; ///< static coefficient, default = friction
    double restitution;     ///< default 0
} ak_material;

/// A body as the model holds it. The body's reference point is its centroid: x in ak_data is
/// the centroid's world position, and shape coordinates are relative to it (the loader shifts
/// convex vertices by their centroid and moves the position with them).
typedef struct ak_body {
    char name[AK_NAME_MAX];
    ak_shape shape;  ///< in the body frame (a plane is in the world frame)
    bool fixed;      ///< fixed bodies (and every hyperplane) never move
    double mass;     ///< total mass; 0 for fixed bodies
    double inv_mass; ///< 0 for fixed bodies
    double density;  ///< mass / volume
    double volume;
    double shape_centroid[AK_MAX_DIM]; ///< centroid of the shape as given, before re-centring
    /// k x k (k = n(n-1)/2) about the centroid, body frame, row-major; points into the model's
    /// inertia storage (ak_model.inertia_store), sized for the model's dimension
    double *inertia;
    double *inv_inertia; ///< its inverse, k x k (0 for fixed bodies); the model's storage too
    ak_material material;
    double color[3]; ///< linear RGB for the renderers, default from the body index
} ak_body;

#define AK_MAX_SPRINGS 64
#define AK_MAX_LIGHTS 4

/// A damped Hooke spring between a body point and a world point (other < 0) or a point of
/// another body. Scene section "forces.springs".
typedef struct ak_spring {
    int body;                  ///< body index
    double point[AK_MAX_DIM];  ///< attachment in the body frame (relative to the centroid)
    int other;                 ///< other body index, or -1 for a world anchor
    double anchor[AK_MAX_DIM]; ///< world point, or the attachment in the other body's frame
    double stiffness;          ///< k >= 0
    double damping;            ///< c >= 0, on the relative velocity along the spring
    double rest_length;        ///< >= 0
} ak_spring;

/// Scene section "forces" (gravity stays top-level, B-8grav).
typedef struct ak_forces {
    double linear_drag;    ///< F = -c v  (default 0)
    double quadratic_drag; ///< F = -c |v| v (default 0)
    double angular_drag;   ///< torque = -c w (default 0)
    int nspring;
    ak_spring springs[AK_MAX_SPRINGS];
} ak_forces;

/// The options the engine switches on. They are values, never names: the one table of names
/// (scene keys and command-line values) is in the scene loader (engine/scene.h:
/// ak_integrator_parse, ak_integrator_name, ak_integrator_names and the same for the others).
/// A value outside its range is refused by ak_world_step with an error, never mapped to a default.

/// Time integrator (scene "integrator"; the schemes are in engine/integrate.h).
typedef enum ak_integrator {
    AK_INT_THESIS, ///< "thesis"
    AK_INT_CATTO,  ///< "catto" (default)
    AK_INT_RK4,    ///< "rk4"
    AK_INT_EXP,    ///< "exp"
    AK_INT_GSL,    ///< "gsl"
    AK_INT_COUNT
} ak_integrator;

/// Contact solver method (scene "solver.method").
typedef enum ak_solver_method {
    AK_SOLVER_VECTOR,    ///< "vector" (default): sequential impulses, solver.c / solver_published.c
    AK_SOLVER_PGA,       ///< "pga": the PGA notes' collision response, solver_pga.c
    AK_SOLVER_CONVERGED, ///< "converged": the reference solver, solver_converged.c
    AK_SOLVER_METHOD_COUNT
} ak_solver_method;

/// Variant of the vector method (scene "solver.variant").
typedef enum ak_variant {
    AK_VARIANT_CORRECTED, ///< "corrected" (default)
    AK_VARIANT_PUBLISHED, ///< "published": the thesis' solver as printed
    AK_VARIANT_COUNT
} ak_variant;

/// Order of the vector solver's velocity iterations (scene "solver.order").
typedef enum ak_order {
    AK_ORDER_SEQUENTIAL, ///< "sequential" (default): the points in cache order
    AK_ORDER_COLOURED,   ///< "coloured": by colours of the contact graph, each colour in parallel
    AK_ORDER_COUNT
} ak_order;

/// Scene section "solver": contact solver settings (engine/world).
typedef struct ak_solver_settings {
    int iterations;               ///< velocity iterations, default 10
    double baumgarte;             ///< position-error bias factor beta, default 0.2
    double slop;                  ///< allowed penetration, default 0.005
    bool warm_start;              ///< default true
    double restitution_threshold; ///< below this approach speed no bounce, default 1.0
    ak_variant variant;           ///< "corrected" (default) or "published" (the thesis' solver)
    ak_solver_method method;      ///< "vector" (default), "pga" or "converged" (the reference
                                  ///< solver with certified residuals, engine/solver_converged.h)
    bool shock_propagation;       ///< world area: final pass over the contact graph's levels with
                                  ///< the lower body of each contact frozen (Guendelman, B-6);
                                  ///< default false; scene key "shock_propagation"
    ak_order order;     ///< order of the vector solver's velocity iterations: "sequential"
                        ///< (default: the points in cache order, what the reference
                        ///< computes) or "coloured" (a deterministic colouring of the
                        ///< contact graph, each colour's points in parallel; a different
                        ///< Gauss-Seidel order, docs/performance.md); scene key "order"
    double tolerance;   ///< "converged": every residual at most this, default 1e-10
    int max_iterations; ///< "converged": sweep limit per step, default 100000
} ak_solver_settings;

/// Defaults of the scene section "sleep".
#define AK_SLEEP_LINEAR 0.05
#define AK_SLEEP_ANGULAR 0.5
#define AK_SLEEP_TIME 0.5

/// Scene section "sleep": contact islands and sleeping (engine/island.h; G-SLEEP.1 .. G-SLEEP.5).
/// Off by default: with enabled false the world step is bit for bit the step without the feature.
typedef struct ak_sleep_settings {
    bool enabled;   ///< default false
    double linear;  ///< a body is still below this speed |v| (m/s), default 0.05
    double angular; ///< ... and below this angular speed |w| (rad/s), default 0.5
    double time;    ///< an island sleeps when all its bodies were still this long (s), default 0.5
} ak_sleep_settings;

/// Scene sections "camera" and "lights", for the renderers (4D camera; T-6.1cam corrected).
typedef struct ak_view {
    bool has_camera;
    double position[AK_MAX_DIM];
    double rotor[AK_MAX_EVEN]; ///< camera orientation, camera looks along its -z, up is +y
    double fov_deg;            ///< vertical field of view, default 60
    double slice;              ///< offset of the 3D slice along the camera's own w axis
    int nlight;
    double light_dir[AK_MAX_LIGHTS][AK_MAX_DIM]; ///< direction towards the light, world frame
    double light_intensity[AK_MAX_LIGHTS];
} ak_view;

/// Default of ak_engine_paths.parallel_min: below this many bodies the engine's per-body loops
/// run on one thread (on a shared machine, waiting for a descheduled thread at each loop's
/// barrier costs more than the loop; docs/performance.md).
#define AK_PAR_MIN 4096

/// Default of ak_engine_paths.prefetch_min: from this many bodies on, the loops over contact
/// points, solver rows and pairs prefetch what they read of the bodies a few items ahead (below
/// it the bodies' data stays in the cache and the prefetches cost more than they save;
/// docs/performance.md).
#define AK_PREFETCH_MIN 2048

/// Switches of the engine's fast paths, held per model so that two worlds in one process can
/// differ and a test can flip one for one world. Every fast path computes the same bits as the
/// plain path it replaces (the tests named below run both); the switches exist for those tests
/// and for benchmarks. ak_model_create (and so the scene loader) sets every switch on,
/// parallel_min to AK_PAR_MIN and prefetch_min to AK_PREFETCH_MIN. Not a scene key.
typedef struct ak_engine_paths {
    bool broad_self_query; ///< one thread: the broadphase queries its AABB tree against itself
        ///< instead of once per body (perf.broadphase_tree_refit_equals_all_pairs)
    bool broad_incremental; ///< without a sleep mask the broadphase keeps fat boxes and their
                            ///< pairs between steps and re-queries only the bodies that left them
                            ///< (G-BP.1, broadphase.h)
    bool broad_fast_matrix; ///< rotation matrices of finite rotors from a table of their non-zero
                            ///< terms (perf.rotor_matrix_table_equals_plain)
    bool ccd_fast;          ///< CCD's early-outs and grid (perf.ccd_fast_equals_plain)
    bool narrow_fast;       ///< narrowphase without poses and manifolds for the shapes it knows
                            ///< (perf.narrowphase_fast_equals_plain)
    bool prepare_fast;      ///< the solver's per-point geometry for n = 3, 4 on inline copies of
                            ///< the ref/ kernels (perf.prepare_fast_equals_plain)
    bool broad_plane_bound; ///< the broadphase's plane pass skips a hypersphere farther from a
                            ///< plane than a bound of its support (perf.plane_bound_equals_plain)
    bool renorm_bound;      ///< the position integrator's rotor projection (n <= 4) knows that the
                            ///< defect is below its limit from |R|^2 without forming R R~
                            ///< (perf.renorm_bound_equals_plain)
    bool ccd_plane_bound;   ///< with ccd_fast, the CCD candidates' plane pass skips a fast
                            ///< hypersphere farther from a plane than a bound of its support plus
                            ///< its motion (perf.ccd_plane_bound_equals_plain)
    int parallel_min;       ///< per-body loops run on one thread below this many items
                            ///< (ak_parallel_threads, contact_cache.h); < 1 means AK_PAR_MIN
    int prefetch_min;       ///< from this many bodies on, the loops over points, rows and pairs
                            ///< prefetch the bodies' data ahead (ak_prefetch_on; a prefetch
                            ///< changes no value: perf.prefetch_equals_plain); < 1 means
                            ///< AK_PREFETCH_MIN
} ak_engine_paths;

typedef struct ak_model {
    int dim; ///< n, 2..5
    double gravity[AK_MAX_DIM];
    double timestep;
    ak_integrator integrator; ///< the time integrator (engine/integrate.h), default catto
    int nbody;
    ak_body *bodies; ///< nbody
    /// nbody x 2 x k x k: each body's inertia and inverse inertia, the storage that
    /// ak_body.inertia and .inv_inertia point into (allocated by ak_model_create; a body copied
    /// into another model with ak_model_set_body keeps that model's storage)
    double *inertia_store;
    double *verts; ///< storage for convex vertices (bodies' shapes point here)
    int nverts_total;
    char source[1024]; ///< the scene file it came from, or ""
    char title[256];   ///< the scene's "title", or ""
    double duration;   ///< default run length in seconds ("duration"), default 10
    ak_forces forces;
    ak_solver_settings solver;
    ak_sleep_settings sleep; ///< scene section "sleep" (engine/island.h)
    ak_view view;
    ak_engine_paths paths; ///< fast-path switches (not a scene key; all on by default)
} ak_model;

/// Whether the engine's loops over points, rows and pairs prefetch ahead for model m (m->nbody
/// at least m->paths.prefetch_min, AK_PREFETCH_MIN when that is below 1).
static inline bool ak_prefetch_on(const ak_model *m) {
    return m->nbody >= (m->paths.prefetch_min < 1 ? AK_PREFETCH_MIN : m->paths.prefetch_min);
}

typedef struct ak_data {
    double t;
    long step;
    double *x; ///< nbody x AK_MAX_DIM: centroid positions (world)
    double *v; ///< nbody x AK_MAX_DIM: linear velocities (world)
    double *R; ///< nbody x AK_MAX_EVEN: rotors, x_world = x + R x_body R~
    double *w; ///< nbody x AK_MAX_BIV: angular velocities, world-frame bivectors
    /// Contact state (engine/contact_cache.h: points and their accumulated impulses for warm
    /// starting). NULL until the first step with contact stages; owned, freed and copied with
    /// the data. (world area)
    struct ak_contact_cache *contacts;
    /// Sleep state (engine/island.h): which bodies sleep, their still time, the sleeping islands'
    /// contact points. NULL while sleeping is off; owned, freed and copied with the data.
    struct ak_sleep_state *sleep;
    /// The formula record of the last step (engine/formula_record.h): bit r set when the step
    /// evaluated row r of the explain table. Cleared at the start of each step; copied with the
    /// data; never read by the step itself.
    uint64_t ran;
} ak_data;

/// Allocate data for a model, with every body at rest at the origin with the identity rotor.
AK_API ak_data *ak_data_create(const ak_model *m);
/// Copy the state of src into dst (same model).
AK_API void ak_data_copy(const ak_model *m, ak_data *dst, const ak_data *src);
AK_API void ak_data_free(ak_data *d);
/// Allocate an empty model for n dimensions with nbody zeroed bodies (defaults filled in).
AK_API ak_model *ak_model_create(int dim, int nbody);
AK_API void ak_model_free(ak_model *m);
/// Copy body src into body b of m: every field, and the k x k inertia and inverse inertia into
/// b's own storage (a plain struct assignment would share src's).
AK_API void ak_model_set_body(ak_model *m, int b, const ak_body *src);
/// The pose of body b (position and rotation matrix) for geometry code.
AK_API ak_pose ak_body_pose(const ak_model *m, const ak_data *d, int b);

#endif
