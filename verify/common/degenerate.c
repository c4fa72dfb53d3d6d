// The degenerate-contacts campaign (degenerate.h).
#include "verify/common/degenerate.h"

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "ref/collide/collide.h"

#define MARGIN 0.02
#define TOL_UNIT 1e-9

// A rotation: identity, a random product of half turns (exact +-1 entries), a quarter turn
// permutation, or a random rotation by Gram-Schmidt of a random matrix.
static void rotation(gsl_rng *r, int n, double R[], int kind) {
    memset(R, 0, sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < n; i++) R[i * n + i] = 1;
    if (kind == 0) return;
    if (kind == 1) { // half turns: flip two axes at a time
        int k = 1 + (int)gsl_rng_uniform_int(r, 3);
        for (int q = 0; q < k; q++) {
            int i = (int)gsl_rng_uniform_int(r, (unsigned long)n),
                j = (int)gsl_rng_uniform_int(r, (unsigned long)n);
            if (i == j) continue;
            R[i * n + i] = -R[i * n + i];
            R[j * n + j] = -R[j * n + j];
        }
        return;
    }
    if (kind == 2) { // quarter turn in a coordinate plane: an exact signed permutation
        int i = (int)gsl_rng_uniform_int(r, (unsigned long)n), j = (i + 1) % n;
        R[i * n + i] = R[j * n + j] = 0;
        R[i * n + j] = -1;
        R[j * n + i] = 1;
        return;
    }
    double A[AK_MAX_DIM * AK_MAX_DIM];
    for (int i = 0; i < n * n; i++) A[i] = gsl_rng_uniform(r) - 0.5;
    for (int c = 0; c < n; c++) // columns orthonormal: modified Gram-Schmidt, twice (once
        for (int pass = 0; pass < 2; pass++) { // leaves ~1e-12 on ill-conditioned draws)
            for (int p = 0; p < c; p++) {
                double t = 0;
                for (int i = 0; i < n; i++) t += A[i * n + c] * A[i * n + p];
                for (int i = 0; i < n; i++) A[i * n + c] -= t * A[i * n + p];
            }
            double l = 0;
            for (int i = 0; i < n; i++) l += A[i * n + c] * A[i * n + c];
            l = sqrt(l);
            for (int i = 0; i < n; i++) A[i * n + c] /= l;
        }
    // det +1
    double M[AK_MAX_DIM * AK_MAX_DIM];
    memcpy(M, A, sizeof M);
    double det = 1;
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(M[i * n + k]) > fabs(M[p * n + k])) p = i;
        if (p != k) {
            for (int j = 0; j < n; j++) {
                double t = M[k * n + j];
                M[k * n + j] = M[p * n + j];
                M[p * n + j] = t;
            }
            det = -det;
        }
        det *= M[k * n + k];
        for (int i = k + 1; i < n; i++) {
            double f = M[i * n + k] / M[k * n + k];
            for (int j = k; j < n; j++) M[i * n + j] -= f * M[k * n + j];
        }
    }
    if (det < 0)
        for (int i = 0; i < n; i++) A[i * n + 0] = -A[i * n + 0];
    memcpy(R, A, sizeof(double) * (size_t)(n * n));
}

// A shape of type t and size s (vertices into vb for convex: a box, a simplex or a cross
// polytope, all with coplanar and symmetric features).
static void make_shape(gsl_rng *r, int n, ak_shape_type t, double s, ak_shape *sh, double *vb) {
    memset(sh, 0, sizeof *sh);
    sh->type = t;
    sh->dim = n;
    int equal = gsl_rng_uniform(r) < 0.5; // equal extents: more parallel features
    switch (t) {
        case AK_SHAPE_HYPERSPHERE: sh->radius = s; break;
        case AK_SHAPE_HYPERCAPSULE:
            sh->radius = s * (equal ? 0.5 : 0.1 + 0.8 * gsl_rng_uniform(r));
            sh->half_length =
                gsl_rng_uniform(r) < 0.1 ? 0.0 : s * (equal ? 1.0 : 0.2 + gsl_rng_uniform(r));
            break;
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < n; i++)
                sh->half_extents[i] = s * (equal ? 1.0 : 0.2 + gsl_rng_uniform(r));
            break;
        case AK_SHAPE_HYPERPLANE: {
            int ax = (int)gsl_rng_uniform_int(r, (unsigned long)n);
            if (gsl_rng_uniform(r) < 0.5) {
                sh->normal[ax] = gsl_rng_uniform(r) < 0.5 ? 1 : -1;
            } else {
                double l = 0;
                for (int i = 0; i < n; i++)
                    sh->normal[i] = gsl_rng_uniform(r) - 0.5, l += sh->normal[i] * sh->normal[i];
                l = sqrt(l);
                for (int i = 0; i < n; i++) sh->normal[i] /= l;
            }
            sh->offset = 0;
            break;
        }
        case AK_SHAPE_CONVEX: {
            int kind = (int)gsl_rng_uniform_int(r, 3), m = 0;
            if (kind == 0) { // box
                for (unsigned v = 0; v < (1u << n); v++, m++)
                    for (int i = 0; i < n; i++) vb[m * n + i] = ((v >> i) & 1u) ? s : -s;
            } else if (kind == 1) { // cross polytope
                for (int i = 0; i < n; i++)
                    for (int sg = 0; sg < 2; sg++, m++) {
                        for (int j = 0; j < n; j++) vb[m * n + j] = 0;
                        vb[m * n + i] = sg ? s : -s;
                    }
            } else { // simplex: 0 and the axes, centred
                for (int k = 0; k <= n; k++, m++)
                    for (int j = 0; j < n; j++) vb[m * n + j] = (k == j + 1 ? s : 0) - s / (n + 1);
            }
            sh->nverts = m;
            sh->verts = vb;
            break;
        }
        case AK_SHAPE_DUOCYLINDER:
            sh->radii[0] = s * (equal ? 1.0 : 0.2 + gsl_rng_uniform(r));
            sh->radii[1] = s * (equal ? 1.0 : 0.2 + gsl_rng_uniform(r));
            break;
        default: break;
    }
}

static int finite_vec(int n, const double x[]) {
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) return 0;
    return 1;
}

static double unit_err(int n, const double x[]) {
    double l = 0;
    for (int i = 0; i < n; i++) l += x[i] * x[i];
    return fabs(sqrt(l) - 1);
}

// One configuration of pair type (ta, tb), sample index s, drawn from r and run through
// ak_collide: returns the broken rule or NULL; adds to *contacts and raises *worst.
static const char *one_config(gsl_rng *r, ak_shape_type ta, ak_shape_type tb, long s, int *n_out,
                              int *cls_out, double *sb_out, long *contacts, double *worst) {
    int duo = ta == AK_SHAPE_DUOCYLINDER || tb == AK_SHAPE_DUOCYLINDER;
    double va[64 * AK_MAX_DIM], vb[64 * AK_MAX_DIM];
    int n = duo ? 4 : 2 + (int)(s % 4);
    int cls = (int)(s % 6); // coincident, parallel, touching, nested, ratio, half turns
    double sa = 1.0, sb = 1.0;
    if (cls == 3) sb = pow(10.0, -1 - 3 * gsl_rng_uniform(r)); // nested: b tiny inside a
    if (cls == 4) sb = pow(10.0, -4 + 8 * gsl_rng_uniform(r));
    *n_out = n, *cls_out = cls, *sb_out = sb;
    ak_shape a, b;
    make_shape(r, n, ta, sa, &a, va);
    make_shape(r, n, tb, sb, &b, vb);
    ak_pose pa = ak_pose_identity(n), pb = ak_pose_identity(n);
    int rk = cls == 5   ? 1
             : cls == 1 ? (int)gsl_rng_uniform_int(r, 3)
                        : (int)gsl_rng_uniform_int(r, 4);
    rotation(r, n, pa.rot, rk);
    if (cls == 1 || gsl_rng_uniform(r) < 0.3)
        memcpy(pb.rot, pa.rot, sizeof pa.rot); // parallel
    else
        rotation(r, n, pb.rot, cls == 5 ? 1 : (int)gsl_rng_uniform_int(r, 4));
    // positions: coincident / nested at the same centre; otherwise along an axis or a
    // diagonal at exactly the touching distance (support sums), or a random offset
    int ax = (int)gsl_rng_uniform_int(r, (unsigned long)n);
    double u[AK_MAX_DIM] = { 0 };
    if (gsl_rng_uniform(r) < 0.6)
        u[ax] = gsl_rng_uniform(r) < 0.5 ? 1 : -1;
    else {
        for (int q = 0; q < n; q++) u[q] = (gsl_rng_uniform(r) < 0.5 ? 1 : -1) / sqrt((double)n);
    }
    if (cls != 0 && cls != 3) {
        double x1[AK_MAX_DIM], x2[AK_MAX_DIM], mu[AK_MAX_DIM];
        for (int q = 0; q < n; q++) mu[q] = -u[q];
        double ha = a.type == AK_SHAPE_HYPERPLANE ? 0 : ak_geom_support(n, x1, &a, &pa, u);
        double hb = b.type == AK_SHAPE_HYPERPLANE ? 0 : ak_geom_support(n, x2, &b, &pb, mu);
        double gap = (cls == 2) ? 0.0 : (gsl_rng_uniform(r) - 0.5) * 0.02 * fmax(sa, sb);
        for (int q = 0; q < n; q++) pb.pos[q] = u[q] * (ha + hb + gap);
    }
    ak_manifold m;
    int st = ak_collide(&m, &a, &pa, &b, &pb, MARGIN);
    if (st < 0) return "error status";
    if (!isfinite(m.separation) || !finite_vec(n, m.normal) || !finite_vec(n, m.point_a) ||
        !finite_vec(n, m.point_b))
        return "non-finite manifold";
    if (unit_err(n, m.normal) > TOL_UNIT) return "normal not unit";
    if (m.count < 0 || m.count > AK_MAX_CONTACTS || m.count != st) return "contact count";
    double w = unit_err(n, m.normal);
    for (int k = 0; k < m.count; k++) {
        const ak_contact *c = &m.contacts[k];
        if (!isfinite(c->separation) || !finite_vec(n, c->normal) || !finite_vec(n, c->point_a) ||
            !finite_vec(n, c->point_b))
            return "non-finite contact";
        if (unit_err(n, c->normal) > TOL_UNIT) return "contact normal not unit";
        if (c->separation > MARGIN) return "contact beyond the margin";
        w = fmax(w, unit_err(n, c->normal));
    }
    *worst = fmax(*worst, w);
    *contacts += m.count;
    return NULL;
}

// The configurations of a pair type are drawn in chunks of CHUNK samples, chunk k of pair p
// from its own generator seeded by (seed, p, k): the set of configurations, and so every
// result, is the same for any number of threads.
#define CHUNK 500

typedef struct chunk_out {
    long runs, bad, contacts, first_s;
    double worst, cpu;
    char first[200];
} chunk_out;

static double thread_cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

long ak_degen_campaign(ak_degen_stats *out, long per_pair, long per_duo, unsigned long seed,
                       int threads) {
    memset(out, 0, sizeof *out);
    static const ak_shape_type T[] = { AK_SHAPE_HYPERSPHERE, AK_SHAPE_HYPERCAPSULE,
                                       AK_SHAPE_HYPERBOX,    AK_SHAPE_HYPERPLANE,
                                       AK_SHAPE_CONVEX,      AK_SHAPE_DUOCYLINDER };
    long count[AK_DEGEN_PAIRS], first_chunk[AK_DEGEN_PAIRS + 1];
    int p = 0;
    first_chunk[0] = 0;
    for (int i = 0; i < 6; i++)
        for (int j = i; j < 6; j++) {
            if (T[i] == AK_SHAPE_HYPERPLANE && T[j] == AK_SHAPE_HYPERPLANE) continue;
            out->ta[p] = T[i];
            out->tb[p] = T[j];
            int duo = T[i] == AK_SHAPE_DUOCYLINDER || T[j] == AK_SHAPE_DUOCYLINDER;
            count[p] = duo ? per_duo : per_pair;
            if (count[p] < 0) count[p] = 0;
            first_chunk[p + 1] = first_chunk[p] + (count[p] + CHUNK - 1) / CHUNK;
            p++;
        }
    long nchunks = first_chunk[AK_DEGEN_PAIRS];
    chunk_out *co = calloc((size_t)(nchunks > 0 ? nchunks : 1), sizeof *co);
    if (!co) return -1;
#ifdef _OPENMP
    int nt = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
#else
    (void)threads;
#endif
    for (long k = 0; k < nchunks; k++) {
        int q = 0;
        while (first_chunk[q + 1] <= k) q++;
        long c = k - first_chunk[q], s0 = c * CHUNK,
             s1 = s0 + CHUNK < count[q] ? s0 + CHUNK : count[q];
        chunk_out *o = &co[k];
        o->first_s = -1;
        double t0 = thread_cpu();
        gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
        gsl_rng_set(r, seed * 1000003ul + (unsigned long)q * 7919ul * 1000003ul +
                           (unsigned long)c * 104729ul + 1);
        for (long s = s0; s < s1; s++) {
            int n, cls;
            double sb;
            const char *why =
                one_config(r, out->ta[q], out->tb[q], s, &n, &cls, &sb, &o->contacts, &o->worst);
            o->runs++;
            if (why) {
                if (o->bad++ == 0) {
                    o->first_s = s;
                    snprintf(o->first, sizeof o->first,
                             "%s-%s (%dD, class %d, sizes 1 / %g, sample %ld): %s",
                             ak_shape_type_name(out->ta[q]), ak_shape_type_name(out->tb[q]), n, cls,
                             sb, s, why);
                }
            }
        }
        gsl_rng_free(r);
        o->cpu = thread_cpu() - t0;
    }
    // reduce in chunk order: the same sums, maximum and first failure for any thread count
    long total_bad = 0;
    for (int q = 0; q < AK_DEGEN_PAIRS; q++)
        for (long k = first_chunk[q]; k < first_chunk[q + 1]; k++) {
            out->runs[q] += co[k].runs;
            out->bad[q] += co[k].bad;
            out->contacts += co[k].contacts;
            out->seconds[q] += co[k].cpu;
            out->worst_unit = fmax(out->worst_unit, co[k].worst);
            total_bad += co[k].bad;
            if (co[k].bad && !out->first[0])
                snprintf(out->first, sizeof out->first, "%s", co[k].first);
        }
    free(co);
    return total_bad;
}
