/// @file sdf.h
/// Signed distance functions (T-E.*, corrected and generalised to n dimensions).
/// Every function takes the query point p in the shape's own frame (body frame; the caller
/// applies the inverse pose, see ak_sdf_shape) and returns the signed Euclidean distance to
/// the solid's boundary: positive outside, negative inside, zero on the surface.
/// "Exact" means equal to the true signed distance; "bound" means |value| <= |true distance|
/// with the same sign (safe for sphere tracing). docs/formulas/render.md has the evidence.
#ifndef AK_SDF_SDF_H
#define AK_SDF_SDF_H

#include "ref/geom/shape.h"

/// Hypersphere of radius r at the origin, any n. Exact.  [T-E.sphere]
double ak_sdf_hypersphere(int n, const double p[], double radius);

/// Hypercapsule: points within radius of the segment from -half_length e_1 to +half_length e_1
/// (local y axis, the scene contract), any n >= 2. Exact.  [T-E.capsule, corrected: the thesis
/// segment runs from 0 to h on the wrong side of the centre, see docs/errata.md]
double ak_sdf_hypercapsule(int n, const double p[], double radius, double half_length);

/// Axis-aligned hyperbox with half extents h[n], any n. Exact.  [T-E.box: correct when b is
/// read as the half extents]
double ak_sdf_hyperbox(int n, const double p[], const double half[]);

/// Half-space {x : normal . x <= offset}. Exact when |normal| = 1; the normal is divided by
/// its length here so that any non-zero normal gives the exact distance.  [T-E.plane]
double ak_sdf_hyperplane(int n, const double p[], const double normal[], double offset);

/// Duocylinder (4D): the product of the disk of radius r_xy in the xy plane and the disk of
/// radius r_zw in the zw plane. Exact (distance to a product of convex sets is the 2D box SDF
/// of the two disk distances).
double ak_sdf_duocylinder(const double p[4], double r_xy, double r_zw);

/// Convex polytope given as the intersection of half-spaces normals[i] . x <= offsets[i]
/// (unit normals, nplanes x n row-major). Bound: exact inside and wherever the closest
/// boundary point lies in a facet's interior; elsewhere outside it is a lower bound.
double ak_sdf_halfspaces(int n, const double p[], int nplanes, const double normals[],
                         const double offsets[]);

/// Union of two solids: min(d1, d2). Exact outside both; inside, a bound.  [T-E.union]
double ak_sdf_union(double d1, double d2);

/// Signed distance from the world point x to a shape in pose (pose->rot is the body-to-world
/// rotation). For AK_SHAPE_CONVEX the caller passes the half-space form of the hull
/// (nplanes, normals, offsets in the body frame; see ak_mesh_hull_facets), else 0/NULL.
/// Returns NAN for an unknown type or a dimension the shape does not exist in.
double ak_sdf_shape(const ak_shape *s, const ak_pose *pose, const double x[], int nplanes,
                    const double normals[], const double offsets[]);

#endif
