// Test fixture: an analytic trace of two free bodies with isotropic inertia (so the world-frame
// angular velocity is constant) under uniform gravity:
//   x(t) = x0 + v0 t + g t^2 / 2,  v(t) = v0 + g t,  R(t) = exp(-w t / 2) R0  (B-3, R_t = -1/2 w R).
// Perturbations model a foreign engine's errors: pos_eps adds pos_eps * t to body 0's x0, and
// vel_gain scales body 1's velocity by (1 + vel_gain * t) (an energy gain).
#ifndef AK_TEST_TRACE_FIXTURE_H
#define AK_TEST_TRACE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref/ga/nd.h"

#define FIX_MASS0 2.0
#define FIX_MASS1 3.0
#define FIX_INERTIA0 0.4
#define FIX_INERTIA1 0.9
#define FIX_G (-9.81)

__attribute__((unused)) static char *fixture_trace(int dim, int nsteps, double dt, double pos_eps,
                                                   double vel_gain) {
    size_t cap = 4096 + (size_t)nsteps * 2 * 64 * 24;
    char *s = malloc(cap), *p = s;
    int nb = ak_nd_nbiv(dim), ne = ak_nd_neven(dim);
    p += sprintf(p,
                 "# format: anakata-trace/1\n# scene: fixture\n# dim: %d\n# timestep: %g\n"
                 "# integrator: analytic\n# version: test\n",
                 dim, dt);
    // the header from the contract's naming (ak_nd names), not from the reader's own function
    p += sprintf(p, "step,t,body");
    for (int i = 0; i < dim; i++) p += sprintf(p, ",x%d", i);
    for (int i = 0; i < dim; i++) p += sprintf(p, ",v%d", i);
    p += sprintf(p, ",r");
    for (int k = 1; k < ne; k++) {
        char nm[8];
        ak_nd_even_name(dim, k, nm);
        p += sprintf(p, ",r_%s", nm);
    }
    for (int k = 0; k < nb; k++) p += sprintf(p, ",w_%s", ak_nd_biv_name(dim, k));
    p += sprintf(p, ",contacts\n");
    for (int i = 0; i < nsteps; i++) {
        double t = i * dt;
        for (int b = 0; b < 2; b++) {
            double x[5] = { 0 }, v[5] = { 0 }, w[10] = { 0 }, B[10], R[16];
            x[0] = b ? 1.0 : -1.0;
            x[1] = 2.0;
            v[0] = b ? -0.3 : 0.5;
            v[dim - 1] = 0.2;
            w[0] = b ? 1.5 : 0.7;
            w[nb - 1] = b ? -0.4 : 2.0;
            for (int a = 0; a < dim; a++) x[a] += v[a] * t;
            x[1] += 0.5 * FIX_G * t * t;
            v[1] += FIX_G * t;
            if (b == 0) x[0] += pos_eps * t;
            if (b == 1)
                for (int a = 0; a < dim; a++) v[a] *= 1 + vel_gain * t;
            for (int k = 0; k < nb; k++) B[k] = -0.5 * w[k] * t;
            ak_nd_rotor_exp(dim, R, B);
            p += sprintf(p, "%d,%.17g,%s", i, t, b ? "box" : "ball");
            for (int a = 0; a < dim; a++) p += sprintf(p, ",%.17g", x[a]);
            for (int a = 0; a < dim; a++) p += sprintf(p, ",%.17g", v[a]);
            for (int k = 0; k < ne; k++) p += sprintf(p, ",%.17g", R[k]);
            for (int k = 0; k < nb; k++) p += sprintf(p, ",%.17g", w[k]);
            p += sprintf(p, ",%d\n", b == 0 && i > nsteps / 2);
        }
    }
    return s;
}

// A manifest entry for the fixture (mass properties and tolerances), as JSON text.
__attribute__((unused)) static char *fixture_manifest(int dim, const char *extra_tols) {
    int nb = ak_nd_nbiv(dim);
    char *s = malloc(16384), *p = s;
    p += sprintf(p,
                 "{\"format\":\"anakata-reference/"
                 "1\",\"engine_version\":\"test\",\"scenes\":[{\"scene\":\"fixture\","
                 "\"trace\":\"fixture.csv\",\"dim\":%d,\"gravity\":[0,%g",
                 dim, FIX_G);
    for (int a = 2; a < dim; a++) p += sprintf(p, ",0");
    p += sprintf(p, "],\"bodies\":[");
    for (int b = 0; b < 2; b++) {
        p += sprintf(p, "%s{\"name\":\"%s\",\"mass\":%g,\"inertia\":[", b ? "," : "",
                     b ? "box" : "ball", b ? FIX_MASS1 : FIX_MASS0);
        for (int r = 0; r < nb; r++) {
            p += sprintf(p, "%s[", r ? "," : "");
            for (int c = 0; c < nb; c++)
                p += sprintf(p, "%s%g", c ? "," : "",
                             r == c ? (b ? FIX_INERTIA1 : FIX_INERTIA0) : 0.0);
            p += sprintf(p, "]");
        }
        p += sprintf(p, "]}");
    }
    p += sprintf(p, "],\"tolerances\":{\"horizon\":0.5%s%s}}]}", extra_tols ? "," : "",
                 extra_tols ? extra_tols : "");
    return s;
}

__attribute__((unused)) static void fixture_write(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

#endif
