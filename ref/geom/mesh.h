/// @file mesh.h
/// Tetrahedral boundary meshes of 4D shapes (for the slicing display, B-8slice) and the slicing
/// itself. Pure: no allocation; every function writes into caller buffers and returns the
/// number of items it needs, so that a call with max = 0 is a size query.
/// A tetrahedron is 4 points x 4 coordinates (16 doubles), oriented so that the generalised
/// cross product of (b-a, c-a, d-a) points out of the solid.
#ifndef AK_GEOM_MESH_H
#define AK_GEOM_MESH_H

#include "ref/geom/shape.h"

typedef enum ak_mesh_polytope {
    AK_POLYTOPE_5CELL = 0, ///< regular simplex, 5 vertices on the unit 3-sphere
    AK_POLYTOPE_8CELL,     ///< tesseract (+-1/2, ...): 16 vertices, edge 1
    AK_POLYTOPE_16CELL,    ///< (+-1, 0, 0, 0) and permutations: 8 vertices
    AK_POLYTOPE_24CELL,    ///< (+-1, +-1, 0, 0) and permutations: 24 vertices
    AK_POLYTOPE_600CELL,   ///< 120 vertices on the sphere of radius 1 (golden-ratio form)
    AK_POLYTOPE_COUNT
} ak_mesh_polytope;

/// Vertices of a regular polytope (nverts x 4). Returns the vertex count (writes at most max).
int ak_mesh_polytope_vertices(double verts[], int max, ak_mesh_polytope kind);

/// Generalised cross product in 4D: the vector x with x . y = det(a, b, c, y).
void ak_mesh_cross4(double out[4], const double a[4], const double b[4], const double c[4]);

/// Facets of the convex hull of nverts 4D points (unit outward normals, offsets: n . x <= o).
/// Brute force over 4-point subsets (fine up to the 600-cell's 120 points). tol is the
/// coplanarity tolerance. Returns the facet count (writes at most max), -1 when the points
/// span less than 4 dimensions, or -2 when a facet holds more than 64 of the points.
int ak_mesh_hull_facets4(double normals[], double offsets[], int max, const double verts[],
                         int nverts, double tol);

/// Tetrahedral boundary mesh of the convex hull of nverts 4D points: each facet (a 3D
/// polytope) is cut into tetrahedra from its centroid to the triangulated 2-faces.
/// Returns the tetrahedron count (writes at most max), or -1 / -2 as ak_mesh_hull_facets4.
int ak_mesh_hull_tets4(double tets[], int max, const double verts[], int nverts, double tol);

/// Tessellated boundary of a smooth or star-shaped 4D shape (hypersphere, hypercapsule,
/// duocylinder, hyperbox) in its body frame: the tesseract's boundary, each cube cut into
/// k^3 cubes of 6 Kuhn tetrahedra, projected radially onto the shape's boundary.
/// Returns 48 k^3 (writes at most max), or -1 for another shape type or dimension.
int ak_mesh_radial4(double tets[], int max, const ak_shape *s, int k);

/// Slice a tetrahedral boundary mesh with the hyperplane m . x = c (m need not be unit).
/// basis_out (3 x 4, may be NULL) receives an orthonormal basis of the hyperplane's
/// directions; triangles are written as 3 points x 3 slice coordinates (9 doubles, relative
/// to the foot point c m/|m|^2) and oriented outwards. Returns the triangle count (writes at
/// most max), or -1 when m is zero.
int ak_mesh_slice(double tris[], int max, double basis_out[12], const double tets[], int ntets,
                  const double m[4], double c);

/// Volume enclosed by an outward-oriented closed triangle mesh (divergence theorem).
double ak_mesh_tri_volume(const double tris[], int ntris);

/// Smallest distance from the origin to the affine hull of any tetrahedron: for a mesh that
/// is star-shaped about the origin, the solid contains the ball of this radius.
double ak_mesh_inner_radius(const double tets[], int ntets);

#endif
