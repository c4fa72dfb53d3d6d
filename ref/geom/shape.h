/// @file shape.h
/// Shape and pose descriptions shared by ref/ (mass, collide, sdf), engine/ and render/.
/// Plain values: a shape never owns memory (a convex shape points at caller-owned vertices).
#ifndef AK_GEOM_SHAPE_H
#define AK_GEOM_SHAPE_H

#include "ref/ak_export.h"
#include "ref/ga/nd.h"

typedef enum ak_shape_type {
    AK_SHAPE_HYPERSPHERE = 0, ///< radius
    AK_SHAPE_HYPERCAPSULE,    ///< radius, half_length: segment from -h to +h along local y (e_1)
    AK_SHAPE_HYPERBOX,        ///< half_extents[n]
    AK_SHAPE_HYPERPLANE,      ///< normal[n] (unit), offset: the solid is {x : normal . x <= offset}
    AK_SHAPE_CONVEX,          ///< nverts vertices (nverts x n, row-major), the hull is the solid
    AK_SHAPE_DUOCYLINDER,     ///< radii[0] in the xy disk times radii[1] in the zw disk (4D only)
    AK_SHAPE_COUNT
} ak_shape_type;

typedef struct ak_shape {
    ak_shape_type type;
    int dim;                         ///< n, 2..5
    double radius;                   ///< hypersphere, hypercapsule
    double half_length;              ///< hypercapsule
    double half_extents[AK_MAX_DIM]; ///< hyperbox
    double normal[AK_MAX_DIM];       ///< hyperplane, world frame
    double offset;                   ///< hyperplane
    double radii[2];                 ///< duocylinder: r_xy, r_zw
    int nverts;                      ///< convex
    const double *verts;             ///< convex: nverts x dim, body frame, not owned
    /// convex, optional: the hull's facet planes, nfacets x (dim + 1) (unit outward normal, then
    /// the offset: normal . x <= offset inside), body frame, one row per facet (coplanar
    /// simplices merged), not owned; ak_convex_facets (collide.h) computes them. 0: ref/collide
    /// computes them on the fly for up to AK_POLY_FLY_VERTS vertices (collide.h), else the
    /// polytope pairs fall back to one contact point.
    int nfacets;
    const double *facets;
} ak_shape;

/// A rigid pose: x_world = pos + rot x_body. rot is the dim x dim row-major rotation matrix
/// of the body's rotor (ak_nd_rotor_to_matrix), so that geometry code needs no rotors.
typedef struct ak_pose {
    int dim;
    double pos[AK_MAX_DIM];
    double rot[AK_MAX_DIM * AK_MAX_DIM];
} ak_pose;

/// Scene-file name of a shape type ("hypersphere", ...), or NULL.
AK_API const char *ak_shape_type_name(ak_shape_type t);

/// The identity pose in n dimensions.
AK_API ak_pose ak_pose_identity(int dim);

#endif
