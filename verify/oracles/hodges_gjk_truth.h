// Ground truth for Hodges' ch. 8-13 listings (checks_printed_gjk.c), in double precision and by
// brute force, sharing no code with ref/collide or ref/published: the origin's projection onto a
// simplex by enumerating its faces, and the signed separation of two point sets' hulls by
// enumerating the supporting planes of their Minkowski difference.
#ifndef AK_VERIFY_HODGES_GJK_TRUTH_H
#define AK_VERIFY_HODGES_GJK_TRUTH_H

/// The point of conv(p[0..m-1]) (m = 1..4, 3D) nearest the origin, by trying every face (every
/// non-empty subset), its affine projection from the Gram system, kept when its weights are all
/// >= 0; returns the distance, the point in x and the weights in lambda (may be NULL).
double hgt_simplex_closest(const double (*p)[3], int m, double x[3], double lambda[4]);

/// The signed separation of conv(A) and conv(B) (na, nb <= 64): the distance between them when
/// apart, minus the penetration depth (the least support value of A - B over unit directions)
/// when they overlap. From the supporting planes of the hull of every a_i - b_j (a triple of
/// difference points spans one when every other point lies on one side within 1e-12 of the
/// scale): inside when every supporting plane has a positive offset, then -min offset; outside,
/// the least distance to a supporting triangle. u (may be NULL): the unit direction from A to B
/// (the penetration normal or the closest-point direction).
double hgt_hull_separation(const double (*A)[3], int na, const double (*B)[3], int nb, double u[3]);

#endif
