// Hyperbox features for any n (T-B.1..T-B.4 generalised), SAT over the complete axis set of
// ten Bosch 7.2 (B-7.2, B-7.2box) and the clipping manifold (T-Alg16..T-Alg21 corrected:
// docs/errata.md). Derivations: docs/formulas/collide.md.
#include <math.h>
#include <string.h>

#include "ref/collide/collide.h"
#include "ref/collide/internal.h"
#include "ref/geom/linalg.h"

static int popcount(unsigned x) {
    int c = 0;
    for (; x; x &= x - 1) c++;
    return c;
}

static int binom(int n, int k) {
    if (k < 0 || k > n) return 0;
    int r = 1;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

int ak_box_face_count(int n, int k) { return binom(n, k) * (1 << (n - k)); }

void ak_box_face(int n, int k, int f, unsigned *free_mask, unsigned *sign_mask) {
    int per = 1 << (n - k), which = f / per, sg = f % per, seen = 0;
    for (unsigned m = 0; m < (1u << n); m++) {
        if (popcount(m) != k) continue;
        if (seen++ == which) {
            *free_mask = m;
            // spread the (n-k) sign bits over the fixed axes
            unsigned s = 0;
            int b = 0;
            for (int i = 0; i < n; i++)
                if (!(m & (1u << i))) {
                    if (sg & (1 << b)) s |= 1u << i;
                    b++;
                }
            *sign_mask = s;
            return;
        }
    }
    *free_mask = 0;
    *sign_mask = 0;
}

int ak_box_face_index(int n, unsigned free_mask, unsigned sign_mask) {
    int k = popcount(free_mask), which = 0;
    for (unsigned m = 0; m < free_mask; m++)
        if (popcount(m) == k) which++;
    int sg = 0, b = 0;
    for (int i = 0; i < n; i++)
        if (!(free_mask & (1u << i))) {
            if (sign_mask & (1u << i)) sg |= 1 << b;
            b++;
        }
    return which * (1 << (n - k)) + sg;
}

void ak_box_vertex(int n, double out[], const double half[], unsigned v) {
    for (int i = 0; i < n; i++) out[i] = (v & (1u << i)) ? half[i] : -half[i];
}

// Column j of the pose's rotation: the box's axis j in the world.
static void axis(int n, double out[], const ak_pose *p, int j) {
    for (int i = 0; i < n; i++) out[i] = p->rot[i * n + j];
}

// Next k-subset of {0..n-1} as a bitmask in increasing numeric order; 0 when done.
static unsigned next_subset(unsigned m, int n, int k) {
    for (unsigned x = m + 1; x < (1u << n); x++)
        if (popcount(x) == k) return x;
    return 0;
}

double ak_box_sat(int n, double normal[], int *naxes, const ak_shape *a, const ak_pose *pa,
                  const ak_shape *b, const ak_pose *pb) {
    ak_sat_info info;
    double s = ak_box_sat_info(&info, a, pa, b, pb);
    memcpy(normal, info.normal, sizeof(double) * (size_t)n);
    if (naxes) *naxes = info.naxes;
    return s;
}

double ak_box_sat_info(ak_sat_info *out, const ak_shape *a, const ak_pose *pa, const ak_shape *b,
                       const ak_pose *pb) {
    int n = a->dim;
    double A[AK_MAX_DIM][AK_MAX_DIM], B[AK_MAX_DIM][AK_MAX_DIM], d[AK_MAX_DIM];
    for (int j = 0; j < n; j++) axis(n, A[j], pa, j), axis(n, B[j], pb, j);
    for (int i = 0; i < n; i++) d[i] = pa->pos[i] - pb->pos[i];
    double best = -INFINITY, second = -INFINITY;
    int count = 0;
    memset(out, 0, sizeof *out);
    // m_a = n-1 .. 0: facets of a first, then mixed pairings, facets of b last.
    for (int ma = n - 1; ma >= 0; ma--) {
        int mb = n - 1 - ma;
        unsigned sa = ma ? next_subset(0, n, ma) : 0;
        do {
            unsigned sb = mb ? next_subset(0, n, mb) : 0;
            do {
                double E[AK_MAX_DIM * AK_MAX_DIM], u[AK_MAX_DIM];
                int r = 0;
                for (int j = 0; j < n; j++)
                    if (sa & (1u << j)) memcpy(E + (r++) * n, A[j], sizeof(double) * (size_t)n);
                for (int j = 0; j < n; j++)
                    if (sb & (1u << j)) memcpy(E + (r++) * n, B[j], sizeof(double) * (size_t)n);
                double len = ak_la_normal(n, u, E);
                count++;
                if (len > 1e-9) {
                    double ra = 0, rb = 0, du = ak_la_dot(n, d, u);
                    for (int j = 0; j < n; j++) {
                        ra += a->half_extents[j] * fabs(ak_la_dot(n, A[j], u));
                        rb += b->half_extents[j] * fabs(ak_la_dot(n, B[j], u));
                    }
                    double s = fabs(du) - ra - rb;
                    double sg = du >= 0 ? 1.0 : -1.0;
                    if (s > best) {
                        second = best;
                        best = s;
                        for (int i = 0; i < n; i++) out->normal[i] = sg * u[i];
                        out->ma = ma;
                        out->sa = sa;
                        out->sb = sb;
                    } else if (s > second)
                        second = s;
                }
                sb = mb ? next_subset(sb, n, mb) : 0;
            } while (sb);
            sa = ma ? next_subset(sa, n, ma) : 0;
        } while (sa);
    }
    out->naxes = count;
    out->separation = best;
    out->second = second;
    return best;
}

// Clip the incident facet of box `inc` against the side hyperplanes of the reference facet of
// box `ref` (all of it: the (n-1)-dimensional cell, not only its 2-faces, see T-Alg21 in
// docs/errata.md), by enumerating the vertices of the clipped cell: every choice of n-1 of the
// 4(n-1) bounding half-spaces within the incident facet's hyperplane.
int ak_box_clip(ak_manifold *m, const ak_shape *ref, const ak_pose *pr, int ref_axis,
                double ref_sign, const ak_shape *inc, const ak_pose *pi, int ref_is_a,
                double margin) {
    int n = ref->dim;
    double R[AK_MAX_DIM][AK_MAX_DIM], I[AK_MAX_DIM][AK_MAX_DIM], nr[AK_MAX_DIM];
    for (int j = 0; j < n; j++) axis(n, R[j], pr, j), axis(n, I[j], pi, j);
    for (int i = 0; i < n; i++) nr[i] = ref_sign * R[ref_axis][i];
    // incident facet: most anti-parallel to nr
    int ia = 0;
    double bd = 0;
    for (int j = 0; j < n; j++) {
        double t = fabs(ak_la_dot(n, I[j], nr));
        if (t > bd) bd = t, ia = j;
    }
    double is = ak_la_dot(n, I[ia], nr) > 0 ? -1.0 : 1.0;
    // half-spaces g.x <= h: incident facet's bounds (axes != ia), reference sides (!= ref_axis)
    double G[4 * AK_MAX_DIM][AK_MAX_DIM], H[4 * AK_MAX_DIM];
    int ng = 0;
    for (int j = 0; j < n; j++) {
        if (j == ia) continue;
        double c = ak_la_dot(n, I[j], pi->pos);
        for (int s = 0; s < 2; s++) {
            double sg = s ? -1 : 1;
            for (int i = 0; i < n; i++) G[ng][i] = sg * I[j][i];
            H[ng++] = sg * c + inc->half_extents[j];
        }
    }
    for (int j = 0; j < n; j++) {
        if (j == ref_axis) continue;
        double c = ak_la_dot(n, R[j], pr->pos);
        for (int s = 0; s < 2; s++) {
            double sg = s ? -1 : 1;
            for (int i = 0; i < n; i++) G[ng][i] = sg * R[j][i];
            H[ng++] = sg * c + ref->half_extents[j];
        }
    }
    double plane_c =
        is * ak_la_dot(n, I[ia], pi->pos) + inc->half_extents[ia]; // (is I_ia).x = plane_c
    double ref_off = ak_la_dot(n, nr, pr->pos) + ref->half_extents[ref_axis];
    double scale = 1;
    for (int j = 0; j < n; j++)
        scale = fmax(scale, fmax(ref->half_extents[j], inc->half_extents[j]));
    double tol = 1e-9 * scale;
    int ref_facet = 2 * ref_axis + (ref_sign > 0), inc_facet = 2 * ia + (is > 0);
    int cnt = 0;
    ak_contact buf[4 * AK_MAX_CONTACTS];
    int k = n - 1;
    // iterate over k-subsets of ng constraints
    int idx[AK_MAX_DIM];
    for (int i = 0; i < k; i++) idx[i] = i;
    while (1) {
        double M[AK_MAX_DIM * AK_MAX_DIM], rhs[AK_MAX_DIM], x[AK_MAX_DIM];
        for (int r = 0; r < k; r++) {
            for (int i = 0; i < n; i++) M[r * n + i] = G[idx[r]][i];
            rhs[r] = H[idx[r]];
        }
        for (int i = 0; i < n; i++) M[k * n + i] = is * I[ia][i];
        rhs[k] = plane_c;
        if (ak_la_solve(n, M, rhs, x, 1e-9)) {
            int feas = 1;
            for (int g = 0; g < ng && feas; g++)
                if (ak_la_dot(n, G[g], x) > H[g] + tol) feas = 0;
            if (feas) {
                int dup = 0;
                for (int q = 0; q < cnt && !dup; q++) {
                    double e = 0;
                    for (int i = 0; i < n; i++) e = fmax(e, fabs(buf[q].point_a[i] - x[i]));
                    if (e <= tol) dup = 1;
                }
                double s = ak_la_dot(n, nr, x) - ref_off;
                if (!dup && s <= margin && cnt < 4 * AK_MAX_CONTACTS) {
                    ak_contact *c = &buf[cnt++];
                    unsigned mask = 0;
                    for (int r = 0; r < k; r++) mask |= 1u << idx[r];
                    memcpy(c->point_a, x, sizeof x); // the incident point; fixed below
                    c->separation = s;
                    c->feature_a = (uint32_t)ref_facet;
                    c->feature_b = (uint32_t)mask | ((uint32_t)inc_facet << 16);
                }
            }
        }
        int p = k - 1;
        while (p >= 0 && idx[p] == ng - k + p) p--;
        if (p < 0) break;
        idx[p]++;
        for (int q = p + 1; q < k; q++) idx[q] = idx[q - 1] + 1;
    }
    // more than ak_poly_cap(n) points: the deepest and the extremes of the cell (G-CLIP.4),
    // the same reduction as the general polytope clipping
    if (cnt > ak_poly_cap(n)) {
        double X[4 * AK_MAX_CONTACTS * AK_MAX_DIM], S[4 * AK_MAX_CONTACTS];
        int keep[AK_POLY_MAX_CAND];
        for (int q = 0; q < cnt; q++) {
            memcpy(X + q * n, buf[q].point_a, sizeof(double) * (size_t)n);
            S[q] = buf[q].separation;
        }
        int nk = ak_poly_reduce(n, X, S, cnt, ak_poly_cap(n), keep);
        ak_contact kept[AK_MAX_CONTACTS];
        for (int q = 0; q < nk; q++) kept[q] = buf[keep[q]];
        for (int q = 0; q < nk; q++) buf[q] = kept[q];
        cnt = nk;
    }
    // deepest first (insertion sort by separation)
    for (int i = 1; i < cnt; i++) {
        ak_contact t = buf[i];
        int j = i - 1;
        while (j >= 0 && buf[j].separation > t.separation) buf[j + 1] = buf[j], j--;
        buf[j + 1] = t;
    }
    if (cnt > AK_MAX_CONTACTS) cnt = AK_MAX_CONTACTS;
    m->count = 0;
    for (int q = 0; q < cnt; q++) {
        ak_contact c = buf[q];
        double x[AK_MAX_DIM] = { 0 }, y[AK_MAX_DIM] = { 0 };
        memcpy(x, c.point_a, sizeof x);
        for (int i = 0; i < n; i++) y[i] = x[i] - c.separation * nr[i]; // on the reference facet
        uint32_t fr = c.feature_a, fi = c.feature_b;
        if (ref_is_a) {
            memcpy(c.point_a, y, sizeof y);
            memcpy(c.point_b, x, sizeof x);
            c.feature_a = fr | 0x80000000u;
            c.feature_b = fi;
            for (int i = 0; i < n; i++) c.normal[i] = -nr[i];
        } else {
            memcpy(c.point_a, x, sizeof x);
            memcpy(c.point_b, y, sizeof y);
            c.feature_a = fi;
            c.feature_b = fr | 0x80000000u;
            for (int i = 0; i < n; i++) c.normal[i] = nr[i];
        }
        c.id = ((uint64_t)c.feature_a << 32) | c.feature_b;
        m->contacts[m->count++] = c;
    }
    return m->count;
}
