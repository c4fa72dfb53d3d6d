/// @file hodges_shapes_published.h
/// Hodges, *Game Physics: The Next Week*, ch. 2-4, 6 and 7 (G-2, G-3, G-4, G-6, G-7),
/// transcribed AS PRINTED: the book's C++ listings in C, in 3D, with the book's single-precision
/// `float` arithmetic, its loops, loop bounds, erase-and-step-back idiom, strict comparisons and
/// constants (the 1 cm "too close" rule, numSamples = 100), slips included. Nothing here is used
/// by the engine; the checks in verify/checks/checks_printed_hodges_shapes.c evaluate them and
/// docs/formulas/collide.md (G-2 ... G-7) and docs/errata.md give the verdicts.
///
/// Not printed in this book (they come from its predecessor) and so written here in the plainest
/// form: Vec3 arithmetic, Vec3::Normalize (a guarded scale: a zero vector stays zero),
/// Quat(axis, angle) and Quat::RotatePoint (q p q^-1), and Bounds (Clear: mins = +1e6,
/// maxs = -1e6; Expand: component-wise min / max).
#ifndef AK_PUBLISHED_HODGES_SHAPES_PUBLISHED_H
#define AK_PUBLISHED_HODGES_SHAPES_PUBLISHED_H

/// The book's Vec3 (float).
typedef struct {
    float x, y, z;
} ak_pub_hv3;
/// The book's Quat (float), w the scalar part.
typedef struct {
    float x, y, z, w;
} ak_pub_hquat;
/// The book's Bounds.
typedef struct {
    ak_pub_hv3 mins, maxs;
} ak_pub_hbounds;
/// The book's tri_t: indices into the hull's points, counter-clockwise seen from outside.
typedef struct {
    int a, b, c;
} ak_pub_htri;

/// Quat( axis, angle ) of the book's predecessor: (axis sin(angle/2), cos(angle/2)), in float.
ak_pub_hquat ak_pub_hodges_quat(ak_pub_hv3 axis, float angle);
/// Quat::RotatePoint: q (0, p) q^-1, in float.
ak_pub_hv3 ak_pub_hodges_rotate(ak_pub_hquat q, ak_pub_hv3 p);

// ---- G-2 (ch. 2): the shape interface and the sphere ----------------------------------------

/// ShapeSphere::Support as printed: pos + dir * (m_radius + bias), dir assumed normalised.
ak_pub_hv3 ak_pub_hodges_G2_sphere_support(float radius, ak_pub_hv3 dir, ak_pub_hv3 pos,
                                           float bias);
/// Shape::FastestLinearSpeed's printed default (the sphere keeps it): 0.0f.
float ak_pub_hodges_G2_default_fastest_speed(ak_pub_hv3 angularVelocity, ak_pub_hv3 dir);

// ---- G-3 (ch. 3): the box --------------------------------------------------------------------

/// ShapeBox's members: m_points (8 after Build), m_bounds, m_centerOfMass.
typedef struct {
    ak_pub_hv3 points[8];
    int npoints;
    ak_pub_hbounds bounds;
    ak_pub_hv3 centerOfMass;
} ak_pub_hodges_box;

/// ShapeBox::Build as printed: bounds of the points, the eight corners, cm = (maxs + mins) 0.5f.
void ak_pub_hodges_G3_box_build(ak_pub_hodges_box *box, const ak_pub_hv3 *pts, int num);
/// ShapeBox::InertiaTensor as printed (row-major T[9], per unit mass): diagonal
/// (dy^2 + dz^2) / 12 ..., plus the "parallel axis" tensor with R = 0 - cm,
/// rows (R2 - Rx Rx, Rx Ry, Rx Rz), (Ry Rx, R2 - Ry Ry, Ry Rz), (Rz Rx, Rz Ry, R2 - Rz Rz).
void ak_pub_hodges_G3_box_inertia(const ak_pub_hodges_box *box, float T[9]);
/// ShapeBox::Support as printed: the rotated corner of largest dir . pt (strict >, first wins),
/// plus normalised dir * bias.
ak_pub_hv3 ak_pub_hodges_G3_box_support(const ak_pub_hodges_box *box, ak_pub_hv3 dir,
                                        ak_pub_hv3 pos, ak_pub_hquat orient, float bias);
/// ShapeBox::GetBounds( pos, orient ) as printed: the eight corners of m_bounds rotated, moved
/// and expanded into a cleared Bounds.
ak_pub_hbounds ak_pub_hodges_G3_box_bounds(const ak_pub_hodges_box *box, ak_pub_hv3 pos,
                                           ak_pub_hquat orient);
/// ShapeBox::FastestLinearSpeed (and ShapeConvex's, the same listing) as printed: max(0, max over
/// m_points of dir . (angularVelocity x (pt - m_centerOfMass))). No orientation enters.
float ak_pub_hodges_G3_fastest_speed(const ak_pub_hv3 *points, int npoints, ak_pub_hv3 cm,
                                     ak_pub_hv3 angularVelocity, ak_pub_hv3 dir);

// ---- G-4 (ch. 4): building the convex hull ---------------------------------------------------

enum { AK_PUB_HULL_MAXP = 1024, AK_PUB_HULL_MAXT = 4096 };

/// The hull's std::vectors (fixed capacity here).
typedef struct {
    ak_pub_hv3 pts[AK_PUB_HULL_MAXP];
    int npts;
    ak_pub_htri tris[AK_PUB_HULL_MAXT];
    int ntris;
    int overflow; ///< set when a capacity was exceeded (the transcription's limit, not the book's)
} ak_pub_hodges_hull;

/// DistanceFromTriangle as printed: (pt - a) . normalize((b - a) x (c - a)).
float ak_pub_hodges_G4_distance_from_triangle(ak_pub_hv3 a, ak_pub_hv3 b, ak_pub_hv3 c,
                                              ak_pub_hv3 pt);
/// Corrections to apply (a bit set; 0 = everything as printed), for the errata's evidence:
/// AK_PUB_G4_FIX_REMOVE: RemoveUnreferencedVerts with the test its prose describes,
/// `if ( isUsed ) continue;` (printed: `if ( !isUsed ) continue;`, which erases the points that
/// ARE used); AK_PUB_G4_FIX_START: BuildTetrahedron's second point the one furthest from
/// points[0] (printed: furthest in the direction -points[0], which is points[0] itself when
/// points[0] is the cloud's point nearest the origin, e.g. the origin, and no earlier point ties).
enum { AK_PUB_G4_FIX_REMOVE = 1, AK_PUB_G4_FIX_START = 2 };

/// BuildTetrahedron as printed (furthest in +x; furthest in -points[0]; furthest from that line;
/// furthest from that triangle, |dist|; swap 0 and 1 when the fourth is in front; four triangles).
void ak_pub_hodges_G4_build_tetrahedron(const ak_pub_hv3 *verts, int num, ak_pub_hodges_hull *h,
                                        int fix);
/// ExpandConvexHull as printed, with RemoveInternalPoints (strict dist > 0.0f, then the 1 cm
/// rule: |hullPt - pt|^2 < 0.01f * 0.01f), AddPoint and IsEdgeUnique, and at the end
/// RemoveUnreferencedVerts (fix as above).
void ak_pub_hodges_G4_expand_convex_hull(ak_pub_hodges_hull *h, const ak_pub_hv3 *verts, int num,
                                         int fix);
/// RemoveUnreferencedVerts alone (fix as above).
void ak_pub_hodges_G4_remove_unreferenced(ak_pub_hodges_hull *h, int fix);
/// BuildConvexHull as printed: nothing for fewer than 4 points, else the two calls above.
void ak_pub_hodges_G4_build_convex_hull(const ak_pub_hv3 *verts, int num, ak_pub_hodges_hull *h,
                                        int fix);
/// IsExternal (ch. 5, the same test as RemoveInternalPoints): in front (dist > 0.0f) of any
/// triangle.
int ak_pub_hodges_G4_is_external(const ak_pub_hodges_hull *h, ak_pub_hv3 pt);

// ---- G-6 (ch. 6): finishing the hull shape --------------------------------------------------

/// ShapeConvex::Build as printed: copy the points, BuildConvexHull (fix: as above), m_points =
/// hullPoints, m_bounds cleared and expanded by m_points, m_centerOfMass = CalculateCenterOfMass,
/// m_inertiaTensor = CalculateInertiaTensor (ch. 5's float grid, numSamples per axis, IsExternal
/// on the hull's triangles; 100 as printed; DistanceFromTriangle's normal is computed once per
/// triangle by the same float operations, which gives the same bits). With no point kept the
/// printed cm is (0, 0, 0) / 0.0f = NaN. T: row-major, per unit mass. Returns the number of grid points kept.
int ak_pub_hodges_G6_convex_build(const ak_pub_hv3 *pts, int num, int fix, int numSamples,
                                  ak_pub_hodges_hull *h, ak_pub_hbounds *bounds, ak_pub_hv3 *cm,
                                  float T[9]);
/// The book's diamond (FillDiamond, ch. 6): 7 points rotated 8 times by 2 pi / 8 in float
/// through an accumulated Quat. out: 56 points.
void ak_pub_hodges_G6_fill_diamond(ak_pub_hv3 out[56]);

// ---- G-7 (ch. 7): Minkowski sums ---------------------------------------------------------------

/// Eq. 6 on point sets: out[i nb + j] = A[i] + s B[j] in float (s = -1: the "difference"
/// A + (-B) of the text). out holds na nb points.
void ak_pub_hodges_G7_minkowski(const ak_pub_hv3 *A, int na, const ak_pub_hv3 *B, int nb, float s,
                                ak_pub_hv3 *out);

#endif
