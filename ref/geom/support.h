/// @file support.h
/// Support functions, bounds and analytic closest-point queries for every shape of shape.h, in
/// any pose, for every n in which the shape exists (docs/formulas/collide.md).
/// Conventions: directions and points are world-frame; x_world = pos + rot x_body.
#ifndef AK_GEOM_SUPPORT_H
#define AK_GEOM_SUPPORT_H

#include "ref/ak_export.h"
#include "ref/geom/shape.h"

/// Status codes of the geometry and collision queries.
enum {
    AK_GEOM_OK = 0,
    AK_GEOM_EBADSHAPE = -1,   ///< invalid shape (dimension, negative size, NaN, ...)
    AK_GEOM_EUNBOUNDED = -2,  ///< the query has no finite answer (support of a hyperplane)
    AK_GEOM_EUNSUPPORTED = -3 ///< the query is not analytic for this shape (see ak_collide_point)
};

/// 0 when the shape and pose are valid (finite sizes >= 0, 2 <= dim <= AK_MAX_DIM, dims agree,
/// duocylinder only in 4D, convex with >= 1 vertex, hyperplane normal of unit length).
/// Otherwise a negative status and a message in err (may be NULL).
AK_API int ak_geom_validate(const ak_shape *s, const ak_pose *p, char *err, int errlen);

/// Body-frame support point of s in direction d (any length): out = argmax_{x in s} d.x;
/// returns h(d) = d.out. For d = 0 returns a fixed point of the shape (deterministic).
/// The hyperplane has no support point unless d is a negative multiple of its normal:
/// returns +INFINITY otherwise. The hyperbox case, sign(d_i) h_i, is the box shape's support.
/// [G-2 G-3]
AK_API double ak_geom_support_local(int n, double out[], const ak_shape *s, const double d[]);

/// World-frame support point: out = argmax_{x in pose(s)} d.x, returns d.out.  [G-2]
AK_API double ak_geom_support(int n, double out[], const ak_shape *s, const ak_pose *p,
                              const double d[]);

/// Axis-aligned bounds (world). For the hyperplane the box is infinite except along axes
/// parallel to it; returns AK_GEOM_EUNBOUNDED then (lo/hi still filled with +-INFINITY).
/// The hyperbox's bounds sum_j |R_ij| h_j are the box shape's bounds.  [G-2 G-3]
AK_API int ak_geom_aabb(int n, double lo[], double hi[], const ak_shape *s, const ak_pose *p);

/// World point -> body point and back; body direction <-> world direction.
AK_API void ak_pose_to_local(int n, double out[], const ak_pose *p, const double x[]);
AK_API void ak_pose_to_world(int n, double out[], const ak_pose *p, const double x[]);
AK_API void ak_pose_dir_to_local(int n, double out[], const ak_pose *p, const double d[]);
AK_API void ak_pose_dir_to_world(int n, double out[], const ak_pose *p, const double d[]);

/// Closest point query for the shapes with an analytic answer (hypersphere, hypercapsule,
/// hyperbox, hyperplane, duocylinder): out = the closest point of the shape's boundary to x,
/// normal = the unit outward normal there (pointing from the shape towards x when x is
/// outside, away from x when inside), *dist = signed distance of x (negative inside).
/// Convex polytopes return AK_GEOM_EUNSUPPORTED (use ak_collide_point). When the normal is
/// not unique (x at a sphere's centre, on a box's medial surface) a deterministic choice is
/// made: the lowest-index axis.
AK_API int ak_geom_closest_point(int n, double out[], double normal[], double *dist,
                                 const ak_shape *s, const ak_pose *p, const double x[]);

/// The endpoints of a hypercapsule's core segment in the world (local -h e_1 and +h e_1).
AK_API void ak_geom_capsule_segment(int n, double a[], double b[], const ak_shape *s,
                                    const ak_pose *p);

/// Closest points between segments [p0,p1] and [q0,q1] in n-D, exact including parallel and
/// degenerate (zero-length) segments: *s, *t in [0,1] with c1 = p0 + s (p1-p0),
/// c2 = q0 + t (q1-q0); returns |c1 - c2|^2. For parallel overlapping segments the pair at the
/// middle of the overlap is returned (deterministic).  [T-4.1..T-4.5 corrected, docs/errata.md]
AK_API double ak_geom_segment_segment(int n, double *s, double *t, double c1[], double c2[],
                                      const double p0[], const double p1[], const double q0[],
                                      const double q1[]);

/// Closest point on segment [a,b] to x; returns the parameter t in [0,1]. Zero-length segments
/// give t = 0.  [T-4.1..T-4.5]
AK_API double ak_geom_segment_point(int n, double out[], const double a[], const double b[],
                                    const double x[]);

#endif
