// Internal interfaces of ref/collide shared between its .c files (not installed).
#ifndef AK_COLLIDE_INTERNAL_H
#define AK_COLLIDE_INTERNAL_H

#include "collide/collide.h"

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
int ak_box_clip(ak_manifold *m, const ak_shape *ref, const ak_pose *pr, int ref_axis, double ref_sign,
                const ak_shape *inc, const ak_pose *pi, int ref_is_a, double margin);

#endif
