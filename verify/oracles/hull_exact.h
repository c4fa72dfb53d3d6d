// The exact convex hull of a small 3D point set in double precision, by brute force (every plane
// through three of the points with all points behind it is a facet plane), with its volume,
// centroid and inertia from its tetrahedra: ground truth for Hodges' hull listings (G-4, G-6;
// checks_printed_hodges_shapes.c), sharing no code with ref/published or ref/geom.
#ifndef AK_VERIFY_HULL_EXACT_H
#define AK_VERIFY_HULL_EXACT_H

typedef struct {
    double vol, cm[3], I[9]; // volume, centroid, inertia about the centroid per unit mass
    int nfaces, nverts;      // facet planes, extreme points (distinct points on >= 3 facets)
    double verts[256][3];
    double fn[512][3], fo[512]; // the facet planes n . x = o, n outward
    double eps;
} hull_exact;

/// The hull of p[0..n) (n <= 128) into e: its facet planes, extreme points (distinct points on at
/// least three facet planes), volume, centroid and inertia about the centroid per unit mass
/// (each facet polygon fanned and coned to the points' mean). Returns 0, or -1 when n > 128 or
/// out of memory.
int hull_exact_of(const double (*p)[3], int n, hull_exact *e);

#endif
