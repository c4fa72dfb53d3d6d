/// @file contact_cache.h
/// Contact points of the world step and their persistent impulses (stage 3 of the contact
/// pipeline, see solver.h). Each point carries the feature id that ref/collide gives it
/// (collide.h: id = feature_a << 32 | feature_b); a point of this step that has the same
/// (body a, body b, id) as a point of the previous step inherits that point's accumulated
/// normal and tangent impulses, which the solver then applies first (warm starting, which the
/// thesis leaves out, T-5.3 text). Docs: docs/formulas/world.md#contact-cache.
#ifndef AK_ENGINE_CONTACT_CACHE_H
#define AK_ENGINE_CONTACT_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/aabb_tree.h"
#include "engine/model.h"
#include "engine/parallel.h"

#define AK_MAX_TAN (AK_MAX_DIM - 1)
/// Largest distance (m) between a point and an unmatched point of the previous step of the same
/// pair for the fallback match (when the feature id changed).
#define AK_CACHE_MATCH_DIST 0.05

/// One contact point between bodies a and b (normal from b to a).
typedef struct ak_contact_point {
    int a, b;                  ///< body indices
    uint64_t id;               ///< feature id from ref/collide
    double normal[AK_MAX_DIM]; ///< unit, from b to a
    double point[AK_MAX_DIM];  ///< world point (midpoint of the two closest points)
    double separation;         ///< signed distance (negative: penetration)
    // persistent: accumulated impulses (stored at the end of the step, warm start source)
    double jn;             ///< accumulated normal impulse, >= 0
    double jt[AK_MAX_DIM]; ///< accumulated friction impulse, world vector _|_ normal
    bool matched;          ///< inherited its impulses from the previous step
    // solver temporaries (filled by ak_solver_prepare)
    double ra[AK_MAX_DIM], rb[AK_MAX_DIM];   ///< lever arms from the centroids
    int nt;                                  ///< tangent dimension n - 1
    double tangent[AK_MAX_TAN * AK_MAX_DIM]; ///< orthonormal tangent basis, nt x n
    double mn;                               ///< normal effective mass 1 / (n^T K n)  [B-6]
    double kt_inv[AK_MAX_TAN * AK_MAX_TAN];  ///< (T^T K T)^-1, the tangent block  [B-6]
    double kn[AK_MAX_DIM];                   ///< K n: an impulse P changes u.n by kn . P  [B-6]
    double bias;                             ///< velocity target of the normal row  [T-5.b]
    double vn0;                              ///< relative normal velocity before the solve
    double mu_s, mu_k, e;                    ///< combined materials (solver.h)
    double mu;     ///< this step's coefficient: mu_s if sticking, else mu_k
    int slipping;  ///< slip speed before the solve > AK_SOLVER_STICK_SPEED
    double jn_max; ///< largest normal impulse during the iterations
    // published variant (T-Alg13): one tangent and its effective mass
    double t1[AK_MAX_DIM];
    double mt;
    double jt1;
    // converged solver's position stage [T-CV.5] (solver_converged.h): the point's pseudo
    // impulse along the normal (>= 0), applied to pseudo-velocities only, never to the bodies'
    double jp;
} ak_contact_point;

/// What a step keeps of a contact point for the next one (the contact cache's memory, matched by
/// (a, b, id)): a small record, so that storing and matching do not stream whole points.
typedef struct ak_contact_memory {
    int a, b;                 ///< body indices
    uint64_t id;              ///< feature id
    double point[AK_MAX_DIM]; ///< world point (fallback match by distance)
    double jn;                ///< accumulated normal impulse
    double jt[AK_MAX_DIM];    ///< accumulated friction impulse
} ak_contact_memory;

/// Residuals of the last step's contact problem (solver "converged", engine/solver_converged.h;
/// largest over the points; docs/formulas/world.md#converged-solver). valid is false for the
/// other solvers, which do not compute them.
typedef struct ak_solver_residuals {
    bool valid;             ///< computed this step
    bool converged;         ///< every residual <= the tolerance within max_iterations sweeps
    int iterations;         ///< sweeps of the contact phase
    int impacts;            ///< binary impacts of the impact phase
    double normal;          ///< max(0, target - v_n)  (m/s)            [W-cv.n]
    double complementarity; ///< |lambda_n (v_n - target)|  (N s m/s) [W-cv.c]
    double cone;            ///< max(0, |lambda_t| - mu lambda_n)  (N s) [W-cv.f]
    double dissipation;     ///< |mu lambda_n |u_t| + lambda_t . u_t|  (N s m/s) [W-cv.d]
    // the position stage [T-CV.5] (after the position integration; converged covers both)
    int pos_points;             ///< points with a positive position target (penetrating)
    int pos_iterations;         ///< sweeps of the position stage (0: nothing to correct)
    double pos_normal;          ///< max(0, target_p - v_n,p) over the points  (m/s)
    double pos_complementarity; ///< |lambda_p (v_n,p - target_p)|  (N s m/s)
} ak_solver_residuals;

/// What survives a step: the contact memory for warm starting and the broadphase's structures
/// that the next step reuses. Owned by ak_contact_cache (below), freed with it; the memory
/// (prev, nprev) is what ak_contact_cache_copy copies and what makes two runs differ.
typedef struct ak_contact_persistent {
    int nprev, prevcap;
    ak_contact_memory *prev; ///< the previous step's points, sorted by (a, b, id)
    ak_tree_node *tree;   ///< AABB tree, 2 nbody - 1 nodes at most, refitted or rebuilt each step
    int ntree;            ///< nodes in use (0: no tree yet)
    double tree_extent;   ///< total extent of the internal nodes when the tree was built
    long tree_tests;      ///< box tests of the first query after the last build (the
                          ///< rebuild rule reads it, so it is state, not a statistic)
    long tree_last_tests; ///< box tests of the last query (the same)
    double *aabb;         ///< nbody x 2 x AK_MAX_DIM (min, max); a sleeping body's box is
                          ///< kept from the step it fell asleep in (broadphase.h)
    double *rot;          ///< nbody x n x n rotation matrices (broadphase; a sleeping body's
                          ///< kept as its box)
    // the incremental broadphase (broadphase.c): fat boxes and the pairs of overlapping fat boxes
    double *fat;           ///< nbody x 2 x AK_MAX_DIM: each body's AABB grown by its slack
    ak_pair_buf fat_pairs; ///< the pairs whose fat boxes overlap (a < b)
    int fat_ok;            ///< fat boxes and fat_pairs are valid for the last step's bodies
    int fat_boxes_ok;      ///< the fat boxes are valid (their pairs may not be)
    double fat_dmax;       ///< largest slack given to any body (the query's extra reach)
} ak_contact_persistent;

/// Buffers that the stages borrow within a step and keep between steps, so that a step does not
/// allocate, free and fault in its large buffers again (glibc gives a freed heap top back to the
/// system): slot q holds cap[q] bytes, grown geometrically (to at least 1.5 times its size),
/// never shrunk by a step, freed with the cache. The stages that use it run one after another
/// and share the slots (ccd_step.c: the candidate search, the pair passes and the motion clamp
/// of the contact and position stages), so the area is the largest stage's, not their sum.
/// What a slot holds is never read before it is written in the same call.
#define AK_WS_SLOTS 40
/// The slots: ccd_step.c's from 0 (its enum checks that they end below AK_WS_STORE), then the
/// contact cache's store (the merge sort's second buffer, ak_contact_cache_store).
#define AK_WS_STORE (AK_WS_SLOTS - 1)
typedef struct ak_workspace {
    void *p[AK_WS_SLOTS];
    size_t cap[AK_WS_SLOTS];
} ak_workspace;
/// Slot `slot` of w with room for `bytes` (0 counts as 1); its contents are not kept when it grows.
/// NULL on allocation failure.
void *ak_workspace_get(ak_workspace *w, int slot, size_t bytes);

/// What a step fills and uses: rewritten by every step, never read before it is written in the
/// same step (except that this step's points stay readable after the step, until the next one,
/// for traces, the viewer and checks, and that the solver keeps its order of the rows, a function
/// of the rows' bodies alone, for a step whose rows have the same bodies: sched). Owned by
/// ak_contact_cache; the buffers grow and are kept only to save allocations.
typedef struct ak_contact_scratch {
    int npoint, cap;
    ak_contact_point *pts;  ///< this step's points, in pair order
    unsigned char *claimed; ///< match scratch, nprev: a point of this step has prev[i]'s key
    int claimcap;
    int npair, paircap;
    int *pairs;     ///< broadphase output: 2 x npair body indices, sorted
    int *order;     ///< nbody, sweep order
    double *inv_iw; ///< nbody x k x k world inverse inertia  [B-eq4]
    double *iso;    ///< nbody: s where inv_iw is exactly s 1 (ak_dyn_inertia_scalar), else 0
    int *level;     ///< nbody: contact-graph level (0 touches a static body; -1 none)
    int *count;     ///< nbody + 1 counters (pair sort)
    int *pairtmp, pairtmpcap;         ///< second pair buffer (pair sort)
    ak_pair_buf tbuf[AK_MAX_THREADS]; ///< per-thread pair lists of the query
    void *rows;                       ///< the solver's packed rows (solver.c), rowcap of them
    int rowcap;
    double *sbody; ///< the iterations' body velocities (solver.c): nbody records of v, w
    /// the converged solver's sparse polish data of this step (solver_converged.c): made by its
    /// velocity stage, used again and freed by its position stage; freed with free_cv_sparse
    void *cv_sparse;
    void (*free_cv_sparse)(void *);
    int *sched;         ///< the sweeps' order of the packed rows and its scratch (solver.c)
    int schedrows;      ///< rows that sched has room for (0: none)
    int nsched;         ///< rows of the order kept in sched (-1 or 0: none), which is
                        ///< recomputed whenever the rows' bodies differ from those it was made for
    double *F, *tau;    ///< nbody x AK_MAX_DIM forces, nbody x AK_MAX_BIV torques: the
                        ///< world step's force arrays (world.c)
    unsigned char *esc; ///< nbody: left its fat box this step
    ak_workspace ws;    ///< the stages' shared buffers (above), kept between steps
} ak_contact_scratch;

/// What is measured: cost counters and the solver's residuals, written by the stages and read by
/// checks, benchmarks and the trace writer; nothing in the step reads them back.
typedef struct ak_contact_stats {
    int nmatched;            ///< points that inherited impulses this step
    long tree_builds;        ///< how many times the tree was (re)built
    long broad_tests;        ///< AABB overlap tests of the last broadphase
    long fat_requeries;      ///< bodies re-queried since the cache was created
    ak_solver_residuals res; ///< the last step's residuals (solver "converged")
    /// the converged solver's sparse polishes in the last step (its velocity and position
    /// stages): block LU factorisations and their multiply-adds, a cost that, like the sweeps,
    /// depends on the path only, not on the machine (bench_converged prints both)
    long sparse_factorisations;
    double sparse_multiply_adds;
} ak_contact_stats;

/// The contact state of a world: one per ak_data (d->contacts), created on the first step with
/// contacts, owned and freed by the data (ak_data_free), copied by ak_data_copy (the persistent
/// part and this step's points). Its three parts have three lifetimes: keep survives the step,
/// step is this step's scratch, stats is what the step measured.
typedef struct ak_contact_cache {
    int nbody;                  ///< the model's body count (sizes of the per-body arrays)
    ak_contact_persistent keep; ///< survives a step
    ak_contact_scratch step;    ///< this step's points, pairs, rows and buffers
    ak_contact_stats stats;     ///< cost counters and residuals of the last step
} ak_contact_cache;

/// Create an empty cache for a model (NULL on allocation failure).
ak_contact_cache *ak_contact_cache_create(const ak_model *m);
void ak_contact_cache_free(ak_contact_cache *c);
/// Copy the persistent part (points and impulses) of src into dst (same model): 0 or -1.
int ak_contact_cache_copy(ak_contact_cache *dst, const ak_contact_cache *src);
/// Make room for n points in c->step.pts (0, or -1 on allocation failure).
int ak_contact_cache_reserve(ak_contact_cache *c, int n);

/// Stage CACHE: give every point of this step the impulses of the previous step's point with
/// the same (a, b, id); a point whose id has no match takes the nearest unclaimed previous point
/// of the same pair within AK_CACHE_MATCH_DIST; else zero. Counts c->step.nmatched.
void ak_contact_cache_match(ak_contact_cache *c);
/// Store this step's points (with their final impulses) as the previous step's, sorted.
/// Returns 0, or -1 on allocation failure.
int ak_contact_cache_store(ak_contact_cache *c);

#endif
