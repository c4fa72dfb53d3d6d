#include "engine/model_mass.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <stdio.h>
#include <string.h>

#include "ref/mass/mass.h"

// Inverse of a symmetric positive definite k x k matrix (Cholesky). Returns 0 or -1.
static int spd_inverse(int k, double out[], const double in[]) {
    double a[AK_MAX_BIV * AK_MAX_BIV];
    memcpy(a, in, sizeof(double) * (size_t)(k * k));
    gsl_matrix_view A = gsl_matrix_view_array(a, (size_t)k, (size_t)k);
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int st = gsl_linalg_cholesky_decomp1(&A.matrix);
    if (st == GSL_SUCCESS) st = gsl_linalg_cholesky_invert(&A.matrix);
    gsl_set_error_handler(old);
    if (st != GSL_SUCCESS) return -1;
    memcpy(out, a, sizeof(double) * (size_t)(k * k));
    return 0;
}

int ak_model_compute_mass(ak_model *m, ak_data *d, char *err, size_t errlen) {
    int n = m->dim, k = ak_nd_nbiv(n);
    for (int b = 0; b < m->nbody; b++) {
        ak_body *bd = &m->bodies[b];
        memset(bd->inv_inertia, 0, sizeof(double) * (size_t)(k * k));
        bd->inv_mass = 0.0;
        if (bd->shape.type == AK_SHAPE_HYPERPLANE) {
            bd->fixed = true;
            bd->mass = bd->volume = 0.0;
            memset(bd->inertia, 0, sizeof(double) * (size_t)(k * k));
            continue;
        }
        // Properties at unit density, then scaled: mass = density * volume, inertia likewise.
        ak_mass_props p;
        char why[256] = "";
        if (ak_mass_shape(&p, &bd->shape, 1.0, why, sizeof why) != AK_MASS_OK) {
            snprintf(err, errlen, "%s: bodies[%d] (%s).shape: %s",
                     m->source[0] ? m->source : "<model>", b, bd->name, why);
            return -1;
        }
        double density = bd->mass > 0.0 ? bd->mass / p.volume : bd->density;
        if (bd->fixed && !(density > 0.0)) density = 1.0; // fixed bodies need no mass
        bd->volume = p.volume;
        bd->density = density;
        bd->mass = bd->fixed ? 0.0 : density * p.volume;
        for (int i = 0; i < k * k; i++) bd->inertia[i] = density * p.inertia[i];
        if (bd->shape.type != AK_SHAPE_CONVEX)
            for (int i = 0; i < n; i++) bd->shape_centroid[i] = p.centroid[i];
        if (bd->shape.type == AK_SHAPE_CONVEX) {
            // Accumulate, so that a second call (vertices already centred, p.centroid ~ 0)
            // keeps the original centroid instead of overwriting it with ~0.
            for (int i = 0; i < n; i++) bd->shape_centroid[i] += p.centroid[i];
            // Re-centre the vertices on the centroid; move the position to keep the geometry.
            double *v = m->verts + (bd->shape.verts - m->verts);
            for (int j = 0; j < bd->shape.nverts; j++)
                for (int i = 0; i < n; i++) v[j * n + i] -= p.centroid[i];
            if (d) {
                double shift[AK_MAX_DIM];
                ak_nd_rotor_apply(n, shift, d->R + (size_t)b * AK_MAX_EVEN, p.centroid);
                for (int i = 0; i < n; i++) d->x[(size_t)b * AK_MAX_DIM + i] += shift[i];
            }
        }
        if (bd->fixed) continue;
        bd->inv_mass = 1.0 / bd->mass;
        if (spd_inverse(k, bd->inv_inertia, bd->inertia) != 0) {
            snprintf(err, errlen, "%s: bodies[%d] (%s): inertia is not positive definite",
                     m->source[0] ? m->source : "<model>", b, bd->name);
            return -1;
        }
    }
    return 0;
}
