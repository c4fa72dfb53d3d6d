// The core columns of the trace format anakata-trace/1 (see trace_format.h).
#include "verify/common/trace_format.h"

#include <stdio.h>

#include "ref/ga/nd.h"

int ak_tracefile_header(int dim, char *out, size_t outlen) {
    if (dim < 2 || dim > AK_MAX_DIM) return -1;
    size_t n = 0;
    int w = snprintf(out, outlen, "step,t,body");
    if (w < 0 || (size_t)w >= outlen) return -1;
    n = (size_t)w;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        w = snprintf(out + n, outlen - n, __VA_ARGS__);                                            \
        if (w < 0 || (size_t)w >= outlen - n) return -1;                                           \
        n += (size_t)w;                                                                            \
    } while (0)
    for (int i = 0; i < dim; i++) PUT(",x%d", i);
    for (int i = 0; i < dim; i++) PUT(",v%d", i);
    for (int k = 0; k < ak_nd_neven(dim); k++) {
        char name[8];
        ak_nd_even_name(dim, k, name);
        if (k == 0)
            PUT(",r");
        else
            PUT(",r_%s", name);
    }
    for (int k = 0; k < ak_nd_nbiv(dim); k++) PUT(",w_%s", ak_nd_biv_name(dim, k));
#undef PUT
    return 0;
}
