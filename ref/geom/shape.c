#include "ref/geom/shape.h"

#include <string.h>

const char *ak_shape_type_name(ak_shape_type t) {
    static const char *names[AK_SHAPE_COUNT] = { "hypersphere", "hypercapsule", "hyperbox",
                                                 "hyperplane",  "convex",       "duocylinder" };
    return (t >= 0 && t < AK_SHAPE_COUNT) ? names[t] : NULL;
}

ak_pose ak_pose_identity(int dim) {
    ak_pose p;
    memset(&p, 0, sizeof p);
    p.dim = dim;
    for (int i = 0; i < dim; i++) p.rot[i * dim + i] = 1.0;
    return p;
}
