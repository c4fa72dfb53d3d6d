/// @file sphere_pile.h
/// bench_vs_ode's sphere pile, shared with bench_solver (which times the solver alone on one
/// step of the same pile): N spheres (hyperspheres in 4D) of radius 0.5 and mass 1 on a grid
/// 1.1 apart with a deterministic jitter of +-0.01, at most MAXLAYERS layers, over a ground plane
/// inside 2 (dim - 1) walls; friction 0.5, no restitution, 60 Hz, 10 iterations. Header-only
/// (static functions) for the benchmark programs of verify/bench.
#ifndef AK_VERIFY_BENCH_SPHERE_PILE_H
#define AK_VERIFY_BENCH_SPHERE_PILE_H

#include <math.h>
#include <stdio.h>

#include "engine/world.h"
#include "verify/common/world_checks_util.h"

#define RADIUS 0.5
#define SPACING 1.1
#define DT (1.0 / 60.0)
#define MU 0.5

// Deterministic jitter in [-0.01, 0.01].
static inline double jitter(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return 0.02 * ((*seed >> 16) % 1000 / 1000.0 - 0.5);
}

// Grid position of sphere b (dim 3 or 4). side: cells per horizontal axis.
static inline void grid_pos(int dim, int side, int b, unsigned *seed, double x[4]) {
    int per = dim == 3 ? side * side : side * side * side;
    int layer = b / per, i = b % per;
    double L = 0.5 * SPACING * side;
    x[0] = -L + 0.5 * SPACING + SPACING * (i % side);
    x[2] = -L + 0.5 * SPACING + SPACING * ((i / side) % side);
    x[3] = dim == 4 ? -L + 0.5 * SPACING + SPACING * (i / (side * side)) : 0.0;
    x[1] = RADIUS + 0.05 + SPACING * layer;
    x[0] += jitter(seed);
    x[2] += jitter(seed);
    if (dim == 4) x[3] += jitter(seed);
}

// Cells per horizontal axis: a cube (3D) or hypercube (4D) of cells, widened so that the pile
// is at most MAXLAYERS layers high (the 100,000-sphere cube would be 47 layers, dropped from
// 50 m: a pile of impacts at 30 m/s rather than a pile).
#define MAXLAYERS 20
static inline int side_for(int dim, int N) {
    int s = (int)ceil(dim == 3 ? cbrt((double)N) : pow((double)N, 0.25));
    while (dim == 3 ? s * s * s < N : s * s * s * s < N) s++;
    while ((long)(dim == 3 ? s * s : s * s * s) * MAXLAYERS < N) s++;
    return s;
}

typedef struct ak_pile {
    ak_model *m;
    ak_data *d;
    ak_world_opts o;
    int N;
} ak_pile;

// The anakata pile of N spheres in dim 3 or 4 (p->o left to the caller, after its own settings:
// ak_world_default_opts). prog names the program in the error message. 0, or -1.
static inline int ak_pile_create(ak_pile *p, int dim, int N, const char *prog) {
    int side = side_for(dim, N), nwall = 1 + 2 * (dim - 1);
    double L = 0.5 * SPACING * side + 0.05;
    p->N = N;
    p->m = ak_model_create(dim, N + nwall);
    if (!p->m) return -1;
    p->d = ak_data_create(p->m);
    if (!p->d) return -1;
    double up[4] = { 0, 1, 0, 0 };
    ak_shape g = ak_wc_plane(dim, up, 0.0);
    ak_wc_set_body(p->m, p->d, N, &g, 0, NULL);
    int axes[3] = { 0, 2, 3 }, w = N + 1;
    for (int a = 0; a < dim - 1; a++)
        for (int s = 0; s < 2; s++) {
            double nr[4] = { 0 };
            nr[axes[a]] = s ? -1 : 1;
            ak_shape pl = ak_wc_plane(dim, nr, -L);
            ak_wc_set_body(p->m, p->d, w++, &pl, 0, NULL);
        }
    unsigned seed = 12345;
    for (int b = 0; b < N; b++) {
        double x[4];
        grid_pos(dim, side, b, &seed, x);
        ak_shape s = ak_wc_sphere(dim, RADIUS);
        ak_wc_set_body(p->m, p->d, b, &s, 1.0, x);
    }
    char err[256];
    if (ak_wc_fill_mass(p->m, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return -1;
    }
    for (int b = 0; b < N + nwall; b++)
        p->m->bodies[b].material.friction = MU, p->m->bodies[b].material.static_friction = MU,
        p->m->bodies[b].material.restitution = 0.0;
    p->m->gravity[1] = -9.81;
    p->m->timestep = DT;
    p->m->solver.iterations = 10;
    return 0;
}

// One world step of the pile; 0, or -1 with the engine's message on stderr.
static inline int ak_pile_step(ak_pile *p, const char *prog) {
    char err[512];
    if (ak_world_step(p->m, p->d, &p->o, err, sizeof err)) {
        fprintf(stderr, "%s: anakata %dD, %d bodies: %s\n", prog, p->m->dim, p->N, err);
        return -1;
    }
    return 0;
}

#endif
