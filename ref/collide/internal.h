// Internal interfaces of ref/collide shared between its .c files (not installed).
#ifndef AK_COLLIDE_INTERNAL_H
#define AK_COLLIDE_INTERNAL_H

#include "ref/collide/collide.h"

typedef struct ak_sat_info {
    double separation;         ///< max over axes of the separation along the axis
    double second;             ///< the next largest (the normal is unique when well below)
    double normal[AK_MAX_DIM]; ///< from b to a
    int ma;                    ///< dimension of a's face in the winning pair (n-1: a facet of a)
    unsigned sa, sb;           ///< axis subsets of a and b spanning the winning pair
    int naxes;
} ak_sat_info;

double ak_box_sat_info(ak_sat_info *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                       const ak_pose *pb);

/// Clipping manifold (T-Alg16..T-Alg21 corrected) with the reference facet 2 ref_axis + (sign>0)
/// of box ref. Fills m->contacts, returns the count.
int ak_box_clip(ak_manifold *m, const ak_shape *ref, const ak_pose *pr, int ref_axis,
                double ref_sign, const ak_shape *inc, const ak_pose *pi, int ref_is_a,
                double margin);

/// Clipping manifold of two polytopes (hyperbox / convex) with m's normal and separation set
/// (polytope.c, G-CLIP.1..4). prefer_b: on a tie of the two facets' alignment take b's facet as
/// the reference (the caller swapped the pair). Returns the count, 0 (no facet aligned: keep one
/// point) or -1 (no facet planes).
int ak_poly_clip(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                 const ak_pose *pb, double margin, int prefer_b);
/// Capsule a against polytope b lying along a facet: two contacts (G-CLIP.5). Same returns.
int ak_poly_capsule(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                    const ak_pose *pb, double margin);

/// Contacts between lower-dimensional features (G-CLIP.6..8): when no facet is aligned with
/// m's normal, the features of a and b facing each other (an edge, a 2-face, ...; vertices
/// within FEAT_ANGLE of the supporting hyperplanes) projected on the contact hyperplane; the
/// vertices of the intersection of the projections' hulls, each lifted to both surfaces along
/// the normal. a may be a capsule: its feature is then its core segment, lifted to its surface
/// (G-CLIP.9). Returns the count (>= 2), 0 (the region is a point: keep one contact) or -1.
int ak_poly_features(ak_manifold *m, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                     const ak_pose *pb, double margin);

/// Reduce cnt points (rows of X, separations s) to at most cap (G-CLIP.4; reduce.c): the deepest, then
/// farthest-point selection. keep[] receives the indices; returns their count. cnt <= AK_POLY_MAX_CAND.
int ak_poly_reduce(int n, const double X[], const double s[], int cnt, int cap, int keep[]);

#endif
