#include "engine/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref/dyn/dyn.h"
#include "engine/engine.h"
#include "engine/world.h"

struct ak_trace_writer {
    FILE *f;
    int failed;
};

ak_trace_writer *ak_trace_writer_open(const char *path, const ak_model *m, const char *integrator,
                                      double dt, char *err, size_t errlen) {
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot open trace file '%s' for writing: %s", path, strerror(errno));
        return NULL;
    }
    ak_trace_writer *t = calloc(1, sizeof *t);
    if (!t) {
        fclose(f);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    t->f = f;
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    fprintf(f, "# format: %s\n# scene: %s\n# dim: %d\n# timestep: %.17g\n# integrator: %s\n",
            AK_TRACE_FORMAT, m->source[0] ? m->source : "(built in code)", n, dt, integrator);
    fprintf(f, "# version: %s\n", ak_engine_version());
    fprintf(f, "step,t,body");
    for (int i = 0; i < n; i++) fprintf(f, ",x%d", i);
    for (int i = 0; i < n; i++) fprintf(f, ",v%d", i);
    for (int q = 0; q < ne; q++) {
        char name[8];
        ak_nd_even_name(n, q, name);
        fprintf(f, q == 0 ? ",r" : ",r_%s", name);
    }
    for (int q = 0; q < k; q++) fprintf(f, ",w_%s", ak_nd_biv_name(n, q));
    for (int q = 0; q < k; q++) fprintf(f, ",wb_%s", ak_nd_biv_name(n, q));
    fprintf(f, ",ke");
    for (int q = 0; q < k; q++) fprintf(f, ",J_%s", ak_nd_biv_name(n, q));
    fprintf(f, ",energy\n");
    if (ferror(f)) t->failed = 1;
    return t;
}

int ak_trace_writer_write(ak_trace_writer *t, const ak_model *m, const ak_data *d) {
    int n = m->dim, k = ak_nd_nbiv(n), ne = ak_nd_neven(n);
    double E = ak_world_kinetic_energy(m, d) + ak_world_potential_energy(m, d);
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        const double *x = d->x + (size_t)b * AK_MAX_DIM, *v = d->v + (size_t)b * AK_MAX_DIM;
        const double *R = d->R + (size_t)b * AK_MAX_EVEN, *w = d->w + (size_t)b * AK_MAX_BIV;
        double wb[AK_MAX_BIV], J[AK_MAX_BIV];
        ak_dyn_biv_to_body(n, wb, R, w);
        ak_dyn_angular_momentum(n, J, bd->mass, bd->inertia, R, x, v, w);
        double ke = ak_dyn_kinetic_energy(n, bd->mass, bd->inertia, R, v, w);
        fprintf(t->f, "%ld,%.17g,%s", d->step, d->t, bd->name);
        for (int i = 0; i < n; i++) fprintf(t->f, ",%.17g", x[i]);
        for (int i = 0; i < n; i++) fprintf(t->f, ",%.17g", v[i]);
        for (int q = 0; q < ne; q++) fprintf(t->f, ",%.17g", R[q]);
        for (int q = 0; q < k; q++) fprintf(t->f, ",%.17g", w[q]);
        for (int q = 0; q < k; q++) fprintf(t->f, ",%.17g", wb[q]);
        fprintf(t->f, ",%.17g", ke);
        for (int q = 0; q < k; q++) fprintf(t->f, ",%.17g", J[q]);
        fprintf(t->f, ",%.17g\n", E);
    }
    if (ferror(t->f)) t->failed = 1;
    return t->failed ? -1 : 0;
}

int ak_trace_writer_close(ak_trace_writer *t) {
    if (!t) return 0;
    int rc = t->failed;
    if (fclose(t->f) != 0) rc = 1;
    free(t);
    return rc ? -1 : 0;
}
