/// @file collide.h
/// Narrow-phase collision detection in n dimensions (n = 2..5): contact manifolds for every
/// pair of shapes in shape.h, GJK / EPA for general convex pairs, SAT for hyperbox pairs,
/// clipping manifolds, n-D convex hulls, Minkowski sums and conservative-advancement CCD.
/// Formula and algorithm IDs are from docs/formulas/catalogue.md; derivations, verdicts and evidence are in
/// docs/formulas/collide.md, published errors in docs/errata.md ("Collision detection").
///
/// Conventions (every function):
/// - the normal is a unit vector pointing from b to a (the direction in which a must move to
///   separate); separation is the signed distance: the Euclidean distance when apart, minus the
///   penetration depth (the shortest separating translation) when overlapping;
/// - point_a - point_b = separation * normal for the pair's closest (or deepest) points;
/// - feature ids identify the features that produced a contact point, so that the same
///   geometric contact keeps its id from step to step (warm starting).
#ifndef AK_COLLIDE_COLLIDE_H
#define AK_COLLIDE_COLLIDE_H

#include "ref/ak_export.h"
#include <stdint.h>

#include "ref/geom/shape.h"
#include "ref/geom/support.h"

#define AK_MAX_CONTACTS 32

/// One contact point.
typedef struct ak_contact {
    double normal[AK_MAX_DIM];  ///< unit, from b to a (equal to the manifold's normal)
    double separation;          ///< signed distance at this point (negative: penetration)
    double point_a[AK_MAX_DIM]; ///< point on (or in) a, world frame
    double point_b[AK_MAX_DIM]; ///< point on (or in) b, world frame; a - b = separation * normal
    uint32_t feature_a;         ///< feature of a (see "Feature ids" in docs/formulas/collide.md)
    uint32_t feature_b;         ///< feature of b
    uint64_t id;                ///< (feature_a << 32) | feature_b: stable under small motions
} ak_contact;

/// The contact manifold of one pair.
typedef struct ak_manifold {
    int dim;
    double normal[AK_MAX_DIM];  ///< unit, from b to a
    double separation;          ///< signed distance of the pair (always filled on success)
    double point_a[AK_MAX_DIM]; ///< closest / deepest point on a
    double point_b[AK_MAX_DIM]; ///< closest / deepest point on b
    int normal_unique;          ///< 1 when the normal is unique (0: any of several would do)
    int method;                 ///< which algorithm decided the pair (ak_collide_method)
    int count;                  ///< number of contacts (0 when separation > margin)
    ak_contact contacts[AK_MAX_CONTACTS];
} ak_manifold;

typedef enum ak_collide_method {
    AK_METHOD_ANALYTIC = 0, ///< closed form (sphere pairs, segment pairs, planes)
    AK_METHOD_SAT,          ///< separating axes (box-box penetration)
    AK_METHOD_GJK,          ///< GJK distance (apart)
    AK_METHOD_EPA,          ///< EPA penetration depth
    AK_METHOD_CLIP          ///< GJK / EPA normal, then the polytope clipping manifold (G-CLIP)
} ak_collide_method;

/// Status codes (besides AK_GEOM_*): a pair of two hyperplanes has no contact.
enum { AK_COLLIDE_EPLANEPAIR = -10 };

/// Contact manifold of shapes a, b in poses pa, pb. Contacts are generated when the pair's
/// separation is <= margin. Returns the number of contacts (>= 0) and fills out->separation,
/// normal and closest points in every case; returns a negative status on bad input (shapes of
/// different dimension, invalid sizes, two hyperplanes) and leaves out->count = 0.
/// Hyperplane poses are ignored (a hyperplane's normal and offset are world-frame).
AK_API int ak_collide(ak_manifold *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                      const ak_pose *pb, double margin);

/// Same as ak_collide with an error message.
AK_API int ak_collide_ex(ak_manifold *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                         const ak_pose *pb, double margin, char *err, int errlen);

/// Signed distance from a point to any shape (convex via GJK / EPA against a point):
/// out = closest boundary point, normal = unit normal from the shape towards x (outward).
AK_API int ak_collide_point(int n, double out[], double normal[], double *dist, const ak_shape *s,
                            const ak_pose *p, const double x[]);

// --- GJK / EPA (G-8, G-9, G-10, G-11) -------------------------------------------------------

/// Result of GJK on the Minkowski difference A - B.
typedef struct ak_gjk_result {
    int intersect;              ///< 1 when the sets overlap (distance 0)
    double distance;            ///< distance between the sets (0 when intersecting)
    double point_a[AK_MAX_DIM]; ///< closest points (G-11)
    double point_b[AK_MAX_DIM];
    int iterations;
    int nsimplex; ///< final simplex, for EPA
    double simplex_a[(AK_MAX_DIM + 1) * AK_MAX_DIM];
    double simplex_b[(AK_MAX_DIM + 1) * AK_MAX_DIM];
} ak_gjk_result;

/// When core is 1, spheres and capsules are replaced by their core point and segment (their
/// radius is then added by the caller); otherwise the full shapes are used.  [G-9, G-11]
AK_API int ak_collide_gjk(ak_gjk_result *out, const ak_shape *a, const ak_pose *pa,
                          const ak_shape *b, const ak_pose *pb, int core);

/// EPA from a GJK result with intersect = 1: penetration depth, normal (b to a) and the
/// deepest points (point_a - point_b = -depth * normal).  [G-10, G-11]
AK_API int ak_collide_epa(double *depth, double normal[], double point_a[], double point_b[],
                          const ak_gjk_result *g, const ak_shape *a, const ak_pose *pa,
                          const ak_shape *b, const ak_pose *pb, int core);

/// Closest point of the convex hull of m <= n+1 points (m x n, row-major) to the origin:
/// barycentric weights lambda[m] (zero for the points not in the supporting face), returns the
/// squared distance. Exact recursive sub-simplex projection (signed volumes, G-8 generalised).
AK_API double ak_collide_simplex_closest(int n, double lambda[], const double pts[], int m);

// --- Hyperbox features (T-B.1 .. T-B.4 for any n) and SAT (B-7.2, B-7.2box) ----------------

/// Number of k-faces of the n-cube: C(n,k) 2^(n-k).
AK_API int ak_box_face_count(int n, int k);
/// Face f of dimension k: its free axes (bitmask) and the signs of the fixed axes (bitmask over
/// the fixed ones: bit i set = +h_i). Faces are numbered by free-axis mask (increasing subsets
/// in colex order) then by sign mask. Vertices (k = 0) are numbered by sign mask.  [T-B.1..T-B.4]
AK_API void ak_box_face(int n, int k, int f, unsigned *free_mask, unsigned *sign_mask);
/// Index of the face with the given free-axis and sign masks.
AK_API int ak_box_face_index(int n, unsigned free_mask, unsigned sign_mask);
/// Body-frame vertex with sign mask v.
AK_API void ak_box_vertex(int n, double out[], const double half[], unsigned v);
/// Facet (k = n-1) 2 i + (s > 0) has the outward normal s e_i; adjacent facets share an
/// (n-2)-face: every facet with a different axis.

/// Separating-axis test of two hyperboxes over the complete axis set of B-7.2: every
/// m_a + m_b = n - 1 pairing of an m_a-face of a with an m_b-face of b (4D: 8 + 48 axes).
/// Returns the largest separation over the axes (exact penetration when < 0; a lower bound
/// of the distance when > 0), the axis as a normal from b to a, and the axis count.
AK_API double ak_box_sat(int n, double normal[], int *naxes, const ak_shape *a, const ak_pose *pa,
                         const ak_shape *b, const ak_pose *pb);

// --- Hulls, Minkowski sums, CCD (G-4, G-6, G-7, G-13) --------------------------------------

/// Convex hull of m points in n-D by beneath-beyond insertion (G-4), finalised by dropping
/// interior points (G-6). facets: at most max_facets facets of n vertex indices each, with
/// outward unit normals (max_facets x n) and offsets (normal . x <= offset inside).
/// Returns the facet count, or a negative status (degenerate input: fewer than n+1 affinely
/// independent points; capacity exceeded).
AK_API int ak_collide_hull(int n, int facets[], double normals[], double offsets[], int max_facets,
                           const double pts[], int m);
/// Volume of a hull from its facets (sum of simplex volumes to the centroid of the points).
AK_API double ak_collide_hull_volume(int n, const int facets[], int nfacets, const double pts[],
                                     int m);
/// Minkowski sum A (+) B of two point sets: out = all a_i + b_j (ma*mb x n). The hull of out is
/// the sum of the hulls.  [G-7]
AK_API void ak_collide_minkowski(int n, double out[], const double a[], int ma, const double b[],
                                 int mb);

/// Largest distance of a shape's points from its body origin (+inf for the hyperplane): the
/// radius that bounds the speed |w| r of its points under rotation (G-13, G-CCD.1).
AK_API double ak_collide_bounding_radius(const ak_shape *s);

/// Time of impact by conservative advancement (G-13) for bodies moving with constant linear
/// velocities va, vb and angular velocities wa, wb (bivectors, world frame, rotation about the
/// body origin) over t in [0, tmax]. Returns 1 and *toi when the separation falls below tol,
/// 0 when no impact happens before tmax, negative on bad input.
AK_API int ak_collide_toi(double *toi, const ak_shape *a, const ak_pose *pa, const double va[],
                          const double wa[], const ak_shape *b, const ak_pose *pb,
                          const double vb[], const double wb[], double tmax, double tol);

// --- Polytope manifolds (G-CLIP.1 .. G-CLIP.5) -------------------------------------------------

#define AK_POLY_MAX_VERTS 1024  ///< vertices of a convex shape the clipping handles
#define AK_POLY_MAX_FACETS 1024 ///< facet planes of a convex shape the clipping handles
#define AK_POLY_FLY_VERTS 64    ///< convex shapes without facet planes: hull on the fly up to this
#define AK_POLY_FACE_TOL 1e-6   ///< a facet is the reference when 1 - nu.n <= this
#define AK_POLY_MAX_SUBSETS 20000 ///< clipping work bound: C(constraints, n-1) solves
#define AK_POLY_MAX_CAND 256      ///< clipped-cell vertices considered before the reduction

/// Facet planes of the hull of nverts points (n-D): rows of n + 1 numbers (unit outward normal,
/// offset), coplanar hull simplices merged into one row. Returns the count, or a negative
/// status (degenerate set, more than max_facets facets, more than ak_collide_hull handles).
AK_API int ak_convex_facets(int n, double planes[], int max_facets, const double verts[],
                            int nverts);

/// The same from candidate normals (for instance the vertices of the dual polytope): every
/// candidate direction u whose supporting hyperplane max_v u.v touches vertices spanning n - 1
/// dimensions is a facet (duplicates dropped). For hulls too large for ak_convex_facets.
AK_API int ak_convex_facets_from_normals(int n, double planes[], int max_facets,
                                         const double verts[], int nverts, const double cand[],
                                         int ncand);

/// Largest number of contacts a polytope clipping manifold keeps in n-D: min(2^n, 32).
AK_API int ak_poly_cap(int n);

#endif
