// Torres' thesis, App. B (Into Another Dimension, Princeton 2022): Tables B.2 (edges), B.3
// (clockwise-ordered faces), B.4 (3-cells) and the 3-cell normals printed under it, evaluated as
// printed: the tables are transcribed unchanged in verify/oracles/thesis_box_tables.c and held
// against the vertices of Table B.1 as printed (ak_pub_tb1_vertex, ref/published/) of random
// hyperboxes (centre, rotation, scale). An edge must join two vertices that differ along exactly
// one axis; a face's four vertices must span a 2-face with consecutive vertices joined by edges
// of Table B.2 (the cyclic order); a 3-cell's six faces must be the 2-faces of one facet; its
// printed normal must be the facet's outward unit normal; and the tables must list every edge,
// face and 3-cell of a hyperbox exactly once (32, 24, 8).
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "verify/checks/checks_printed.h"
#include "ref/published/collide_published.h"
#include "verify/oracles/thesis_box_tables.h"

// A random rotation matrix (row-major) by Gram-Schmidt on random columns.
static void rand_rotation(gsl_rng *r, double A[16]) {
    double q[4][4];
    for (int j = 0; j < 4; j++) {
        for (;;) {
            for (int i = 0; i < 4; i++) q[j][i] = 2.0 * gsl_rng_uniform(r) - 1.0;
            for (int k = 0; k < j; k++) {
                double d = 0;
                for (int i = 0; i < 4; i++) d += q[j][i] * q[k][i];
                for (int i = 0; i < 4; i++) q[j][i] -= d * q[k][i];
            }
            double l = 0;
            for (int i = 0; i < 4; i++) l += q[j][i] * q[j][i];
            if (l > 1e-3) {
                for (int i = 0; i < 4; i++) q[j][i] /= sqrt(l);
                break;
            }
        }
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) A[i * 4 + j] = q[j][i]; // column j is q[j]
}

// The local coordinates of world point x of the box (c, A): A^T (x - c).
static void local(double l[4], const double x[4], const double c[4], const double A[16]) {
    for (int j = 0; j < 4; j++) {
        l[j] = 0;
        for (int i = 0; i < 4; i++) l[j] += A[i * 4 + j] * (x[i] - c[i]);
    }
}

// The sign pattern (bit i: +s_i) of a vertex from its local coordinates, or -1 if it is not a
// corner of the box to within tol.
static int corner_bits(const double l[4], const double s[4], double tol) {
    int bits = 0;
    for (int i = 0; i < 4; i++) {
        if (fabs(l[i] - s[i]) <= tol)
            bits |= 1 << i;
        else if (fabs(l[i] + s[i]) > tol)
            return -1;
    }
    return bits;
}

static int popcount4(int x) { return (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1); }

static bool is_edge(int a, int b) {
    for (int k = 0; k < 32; k++)
        if ((ak_thesis_tb2_edges[k][0] == a && ak_thesis_tb2_edges[k][1] == b) ||
            (ak_thesis_tb2_edges[k][0] == b && ak_thesis_tb2_edges[k][1] == a))
            return true;
    return false;
}

void ak_check_printed_thesis_appb(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1400);
    long N = ak_samples(c, 200, 20);
    long bad_edges = 0, bad_faces = 0, bad_cycle = 0, bad_cells = 0;
    double normal_err = 0, edge_len_err = 0;
    int nedges = 0, nfaces = 0, ncells = 0;
    for (long t = 0; t < N; t++) {
        double A[16], cen[4], s[4], V[17][4];
        int bits[17];
        rand_rotation(r, A);
        for (int i = 0; i < 4; i++)
            cen[i] = 4.0 * gsl_rng_uniform(r) - 2.0, s[i] = 0.1 + gsl_rng_uniform(r);
        double tol = 1e-12;
        for (int k = 1; k <= 16; k++) {
            double l[4];
            ak_pub_tb1_vertex(V[k], k, cen, s, A);
            local(l, V[k], cen, A);
            bits[k] = corner_bits(l, s, tol);
        }
        // Table B.2: each e_k joins two corners differing along one axis; all 32 distinct
        unsigned seen_e[16] = { 0 };
        nedges = 0;
        for (int k = 0; k < 32; k++) {
            int a = ak_thesis_tb2_edges[k][0], b = ak_thesis_tb2_edges[k][1];
            if (bits[a] < 0 || bits[b] < 0 || popcount4(bits[a] ^ bits[b]) != 1) {
                bad_edges++;
                continue;
            }
            int axis = __builtin_ctz((unsigned)(bits[a] ^ bits[b]));
            int lo = bits[a] & ~(1 << axis);
            if (!(seen_e[lo] & (1u << axis))) nedges++;
            seen_e[lo] |= 1u << axis;
            double d = 0;
            for (int i = 0; i < 4; i++) d += (V[a][i] - V[b][i]) * (V[a][i] - V[b][i]);
            edge_len_err = fmax(edge_len_err, fabs(sqrt(d) - 2 * s[axis]));
        }
        // Table B.3: four distinct corners sharing two fixed axes; v_a -> v_b -> v_c -> v_d -> v_a
        // are edges of Table B.2; all 24 distinct
        int face_fixed[25], face_val[25];
        unsigned seen_f[16] = { 0 };
        nfaces = 0;
        for (int k = 0; k < 24; k++) {
            const int *f = ak_thesis_tb3_faces[k];
            int and_ = 15, or_ = 0, ok = 1;
            for (int q = 0; q < 4; q++) {
                if (bits[f[q]] < 0) ok = 0;
                and_ &= bits[f[q]];
                or_ |= bits[f[q]];
                for (int p = 0; p < q; p++) ok &= f[p] != f[q];
            }
            int fixed = 15 & ~(and_ ^ or_);
            if (!ok || popcount4(fixed) != 2) {
                bad_faces++;
                face_fixed[k + 1] = -1;
                continue;
            }
            face_fixed[k + 1] = fixed, face_val[k + 1] = and_ & fixed;
            for (int q = 0; q < 4; q++) bad_cycle += !is_edge(f[q], f[(q + 1) % 4]);
            if (!(seen_f[fixed] & (1u << face_val[k + 1]))) nfaces++;
            seen_f[fixed] |= 1u << face_val[k + 1];
        }
        // Table B.4: the six faces of c_k all lie in one facet (one axis fixed at one sign), are
        // distinct, and are all six 2-faces of it; the printed normal is that facet's outward
        // unit normal, sign * A_axis, against (facet centroid - centre) / |.|
        unsigned seen_c = 0;
        ncells = 0;
        for (int k = 0; k < 8; k++) {
            const int *cf = ak_thesis_tb4_cells[k];
            int and_ = 15, or_ = 0, ok = 1;
            for (int q = 0; q < 6; q++) {
                int fi = cf[q];
                if (face_fixed[fi] < 0) {
                    ok = 0;
                    break;
                }
                for (int p = 0; p < q; p++) ok &= cf[p] != fi;
                for (int v = 0; v < 4; v++) {
                    and_ &= bits[ak_thesis_tb3_faces[fi - 1][v]];
                    or_ |= bits[ak_thesis_tb3_faces[fi - 1][v]];
                }
            }
            int fixed = 15 & ~(and_ ^ or_);
            if (!ok || popcount4(fixed) != 1) {
                bad_cells++;
                continue;
            }
            int axis = __builtin_ctz((unsigned)fixed), sign = (and_ & fixed) ? 1 : -1;
            if (!(seen_c & (1u << (2 * axis + (sign > 0))))) ncells++;
            seen_c |= 1u << (2 * axis + (sign > 0));
            double cent[4] = { 0 }, l = 0;
            int nv = 0;
            for (int v = 1; v <= 16; v++)
                if (((bits[v] >> axis) & 1) == (sign > 0)) {
                    for (int i = 0; i < 4; i++) cent[i] += V[v][i];
                    nv++;
                }
            for (int i = 0; i < 4; i++) cent[i] = cent[i] / nv - cen[i], l += cent[i] * cent[i];
            int pa = ak_thesis_tb4_normal_axis[k] - 1, ps = ak_thesis_tb4_normal_sign[k];
            for (int i = 0; i < 4; i++)
                normal_err = fmax(normal_err, fabs(ps * A[i * 4 + pa] - cent[i] / sqrt(l)));
        }
    }
    gsl_rng_free(r);
    ak_expect(c, bad_edges == 0 && nedges == 32,
              "T-B.2 as printed: %d distinct edges of 32, %ld entries not joining two corners "
              "that differ along one axis",
              nedges, bad_edges);
    ak_measure(c, edge_len_err, 1e-12, "T-B.2: each edge has length 2 s_axis (max error %.3g)",
               edge_len_err);
    ak_expect(c, bad_faces == 0 && nfaces == 24,
              "T-B.3 as printed: %d distinct 2-faces of 24, %ld entries not a 2-face", nfaces,
              bad_faces);
    ak_expect(c, bad_cycle == 0,
              "T-B.3: consecutive vertices of every face (and the last to the first) are edges of "
              "Table B.2 (%ld are not)",
              bad_cycle);
    ak_expect(c, bad_cells == 0 && ncells == 8,
              "T-B.4 as printed: %d distinct 3-cells of 8, %ld entries not the six faces of one "
              "facet",
              ncells, bad_cells);
    ak_measure(
        c, normal_err, 1e-12,
        "T-B.4: the printed normals (c_1 -A_4, c_2 A_4, c_3 -A_3, c_4 A_3, c_5 -A_2, c_6 A_2, "
        "c_7 -A_1, c_8 A_1) against the outward normals of %ld random hyperboxes (max "
        "error %.3g)",
        N, normal_err);
}
