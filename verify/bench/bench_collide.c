// Collision benchmark: ak_collide queries per second for every pair type in 4D (random poses,
// about half of them overlapping), printed as a table and written as CSV.
// usage: bench_collide [out.csv] [seconds per pair, default 0.5]
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ref/collide/collide.h"
#include "verify/bench/bench_args.h"
#include "verify/bench/bench_clock.h"

#define NPOSE 512

static void rotation(gsl_rng *r, int n, double R[]) {
    double Q[AK_MAX_DIM][AK_MAX_DIM];
    for (int j = 0; j < n; j++) {
        double l;
        do {
            for (int i = 0; i < n; i++) Q[j][i] = gsl_ran_gaussian(r, 1);
            for (int k = 0; k < j; k++) {
                double t = 0;
                for (int i = 0; i < n; i++) t += Q[j][i] * Q[k][i];
                for (int i = 0; i < n; i++) Q[j][i] -= t * Q[k][i];
            }
            l = 0;
            for (int i = 0; i < n; i++) l += Q[j][i] * Q[j][i];
            l = sqrt(l);
        } while (l < 1e-6);
        for (int i = 0; i < n; i++) Q[j][i] /= l;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) R[i * n + j] = Q[j][i]; // det may be -1: fine for timing
}

static double verts[2][NPOSE][12 * 4];

static void shape(gsl_rng *r, ak_shape_type t, ak_shape *s, double *vb) {
    memset(s, 0, sizeof *s);
    s->type = t;
    s->dim = 4;
    s->radius = 0.3 + 0.3 * gsl_rng_uniform(r);
    s->half_length = 0.3 + 0.3 * gsl_rng_uniform(r);
    for (int i = 0; i < 4; i++) s->half_extents[i] = 0.3 + 0.3 * gsl_rng_uniform(r);
    s->radii[0] = 0.3 + 0.3 * gsl_rng_uniform(r);
    s->radii[1] = 0.3 + 0.3 * gsl_rng_uniform(r);
    s->normal[1] = 1;
    if (t == AK_SHAPE_CONVEX) {
        for (int k = 0; k < 12; k++)
            for (int i = 0; i < 4; i++) vb[k * 4 + i] = gsl_ran_gaussian(r, 0.4);
        s->nverts = 12;
        s->verts = vb;
    }
}

int main(int argc, char **argv) {
    const char *csv = argc > 1 ? argv[1] : "bench_collide.csv";
    double per = 0.5;
    if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: bench_collide [out.csv] [seconds per pair, default 0.5]\n");
        return argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? 0 : 2;
    }
    if (argc > 2 && bench_real("bench_collide", "seconds per pair", argv[2], 1e-3, 3600.0, &per))
        return 2;
    static const ak_shape_type T[6] = { AK_SHAPE_HYPERSPHERE, AK_SHAPE_HYPERCAPSULE,
                                        AK_SHAPE_HYPERBOX,    AK_SHAPE_HYPERPLANE,
                                        AK_SHAPE_CONVEX,      AK_SHAPE_DUOCYLINDER };
    FILE *f = fopen(csv, "w");
    if (!f) {
        fprintf(stderr, "bench_collide: cannot write %s\n", csv);
        return 2;
    }
    fprintf(f, "pair,dim,queries,seconds,queries_per_second,overlapping_fraction,mean_contacts\n");
    printf("%-26s %12s %12s %10s %10s\n", "pair (4D)", "queries/s", "us/query", "overlap",
           "contacts");
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    static ak_shape A[NPOSE], B[NPOSE];
    static ak_pose PA[NPOSE], PB[NPOSE];
    for (int ia = 0; ia < 6; ia++)
        for (int ib = ia; ib < 6; ib++) {
            if (T[ia] == AK_SHAPE_HYPERPLANE && T[ib] == AK_SHAPE_HYPERPLANE) continue;
            for (int k = 0; k < NPOSE; k++) {
                shape(r, T[ia], &A[k], verts[0][k]);
                shape(r, T[ib], &B[k], verts[1][k]);
                PA[k] = ak_pose_identity(4);
                PB[k] = ak_pose_identity(4);
                rotation(r, 4, PA[k].rot);
                rotation(r, 4, PB[k].rot);
                for (int i = 0; i < 4; i++) PB[k].pos[i] = 1.6 * (gsl_rng_uniform(r) - 0.5);
                if (T[ib] == AK_SHAPE_HYPERPLANE)
                    B[k].offset = PA[k].pos[1] - 0.6 + 0.6 * gsl_rng_uniform(r);
            }
            long q = 0;
            int over = 0;
            long contacts = 0;
            double t0 = bench_seconds(CLOCK_MONOTONIC), t;
            ak_manifold m;
            do {
                for (int k = 0; k < NPOSE; k++, q++) {
                    int c = ak_collide(&m, &A[k], &PA[k], &B[k], &PB[k], 0.0);
                    if (q < NPOSE) over += m.separation<0, contacts += c> 0 ? c : 0;
                }
                t = bench_seconds(CLOCK_MONOTONIC) - t0;
            } while (t < per);
            char name[64];
            snprintf(name, sizeof name, "%s-%s", ak_shape_type_name(T[ia]),
                     ak_shape_type_name(T[ib]));
            printf("%-26s %12.0f %12.3f %9.0f%% %10.2f\n", name, q / t, 1e6 * t / q,
                   100.0 * over / NPOSE, (double)contacts / NPOSE);
            fprintf(f, "%s,4,%ld,%.6f,%.1f,%.4f,%.3f\n", name, q, t, q / t, (double)over / NPOSE,
                    (double)contacts / NPOSE);
        }
    gsl_rng_free(r);
    fclose(f);
    printf("written %s\n", csv);
    return 0;
}
