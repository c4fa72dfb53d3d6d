/// @file hodges_lines.h
/// Test-only evaluation of Hodges, Game Physics: The Next Week (v1.07), ch. 17 (the derivation of
/// the inertia tensor, eq. 27) as printed: each "=" of the chain on its own, in 3D vectors, for a
/// rigid set of point masses centred on the origin and turning at ω (positions by Rodrigues'
/// rotation, velocities by five-point differences, h = 1e-3).
#ifndef AK_VERIFY_HODGES_LINES_H
#define AK_VERIFY_HODGES_LINES_H

#include <gsl/gsl_rng.h>

enum { AK_HDG17_NEQS = 7 };
/// The printed "=" evaluated, in order.
extern const char *const ak_hdg17_eqs[AK_HDG17_NEQS];
/// The residual of each "=" on one random instance drawn from r; returns AK_HDG17_NEQS.
int ak_hdg17_residuals(gsl_rng *r, double res[]);

/// Ch. 15's exact inertia of a convex hull, the printed code transcribed with its float types
/// (TetrahedronVolume, CalculateCenterOfMassTetrahedron, InertiaTensorTetrahedron,
/// CalculateInertiaTensorTetrahedron; Mat3::Determinant, from the first book, as the float
/// cofactor expansion). pts: nverts points (x, y, z); tris: ntris index triples. Writes the centre
/// of mass cm[3] and the tensor per unit mass I[9] (row major), both as the code returns them.
void ak_hdg15_hull(const float pts[][3], int nverts, const int tris[][3], int ntris, float cm[3],
                   float I[9]);
enum { AK_HDG15_NEQS = 6 };
/// The cases: a box, an octahedron (|x|/a + |y|/b + |z|/c <= 1) and a tetrahedron, at random sizes
/// and offsets; the "=" evaluated: the code's centre of mass and tensor per unit mass against the
/// closed forms (box: (b^2 + c^2)/12 ..., octahedron: (b^2 + c^2)/10 ..., for full sides / semi
/// axes) and, for the tetrahedron, the vertex formula; the residuals are relative.
extern const char *const ak_hdg15_eqs[AK_HDG15_NEQS];
int ak_hdg15_residuals(gsl_rng *r, double res[]);

#endif
