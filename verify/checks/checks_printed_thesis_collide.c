// Torres' thesis, ch. 4 (Into Another Dimension, Princeton 2022), §4.2, §4.4, §4.7 evaluated as
// printed: eqs. 4.1-4.5 (the closest point of a segment) and Algorithms 2, 5 and 8, through their
// line-by-line transcriptions in ref/published/ (ak_pub_closest_on_segment,
// ak_pub_alg2_sphere_capsule, ak_pub_alg5_sphere_plane, ak_pub_alg8_capsule_plane), run on
// cases with known answers and on random 4D poses against an independent reference: the closest
// point of a segment by its optimality conditions and by a ternary search on |p - (l_a + t v)|,
// the distance of a point to a hyperplane with a unit normal, p.n - o.
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdbool.h>

#include "verify/checks/checks_printed.h"
#include "ref/published/collide_published.h"

static double dot4(const double a[4], const double b[4]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

static void rand4(gsl_rng *r, double v[4], double scale) {
    for (int i = 0; i < 4; i++) v[i] = scale * (2.0 * gsl_rng_uniform(r) - 1.0);
}

// The distance from p to the segment [la, lb] by a ternary search on t in [0, 1] (the squared
// distance is convex in t), and the closest point.
static double seg_dist_search(double q[4], const double p[4], const double la[4],
                              const double lb[4]) {
    double lo = 0, hi = 1;
    for (int it = 0; it < 200; it++) {
        double t1 = lo + (hi - lo) / 3, t2 = hi - (hi - lo) / 3, f1 = 0, f2 = 0;
        for (int i = 0; i < 4; i++) {
            double d1 = p[i] - (la[i] + t1 * (lb[i] - la[i]));
            double d2 = p[i] - (la[i] + t2 * (lb[i] - la[i]));
            f1 += d1 * d1, f2 += d2 * d2;
        }
        if (f1 <= f2)
            hi = t2;
        else
            lo = t1;
    }
    double t = 0.5 * (lo + hi), d2 = 0;
    for (int i = 0; i < 4; i++) {
        q[i] = la[i] + t * (lb[i] - la[i]);
        d2 += (p[i] - q[i]) * (p[i] - q[i]);
    }
    return sqrt(d2);
}

// Eqs. 4.1-4.5: exact cases (interior, both clamps), the optimality conditions on random 4D
// segments (interior: (p - c).v = 0; t = 0: (p - l_a).v <= 0; t = 1: (p - l_b).v >= 0), the
// search, and the zero-length segment (printed: 0/0).
static void t4_segment(ak_check_ctx *c, gsl_rng *r, long N) {
    const double la[4] = { 0, 0, 0, 0 }, lb[4] = { 4, 0, 0, 0 };
    const struct {
        double p[4], want[4];
    } ex[] = {
        { { 1, 2, 0, 0 }, { 1, 0, 0, 0 } },  // s = 1, t = 1/4
        { { -3, 1, 0, 0 }, { 0, 0, 0, 0 } }, // t = -3/4 clamped to 0
        { { 6, -1, 2, 5 }, { 4, 0, 0, 0 } }, // t = 3/2 clamped to 1
        { { 3, 0, 0, 7 }, { 3, 0, 0, 0 } },  // t = 3/4
    };
    double dex = 0;
    for (size_t k = 0; k < sizeof ex / sizeof ex[0]; k++) {
        double q[4];
        ak_pub_closest_on_segment(4, q, ex[k].p, la, lb);
        for (int i = 0; i < 4; i++) dex = fmax(dex, fabs(q[i] - ex[k].want[i]));
    }
    ak_measure(c, dex, 0.0,
               "T-4.1..T-4.5 as printed, segment (0,0,0,0)-(4,0,0,0): the closest points of "
               "(1,2,0,0), (-3,1,0,0), (6,-1,2,5), (3,0,0,7) exact (max error %.3g)",
               dex);
    double dkkt = 0, dsearch = 0;
    long clamped0 = 0, clamped1 = 0, inner = 0;
    for (long s = 0; s < N; s++) {
        double a[4], b[4], p[4], q[4], g[4], v[4], w[4];
        rand4(r, a, 2);
        rand4(r, b, 2);
        rand4(r, p, 3);
        ak_pub_closest_on_segment(4, q, p, a, b);
        for (int i = 0; i < 4; i++) v[i] = b[i] - a[i], w[i] = p[i] - q[i];
        double vv = dot4(v, v);
        double da = 0, db = 0;
        for (int i = 0; i < 4; i++)
            da = fmax(da, fabs(q[i] - a[i])), db = fmax(db, fabs(q[i] - b[i]));
        double wv = dot4(w, v) / sqrt(vv);
        if (da == 0.0)
            clamped0++, dkkt = fmax(dkkt, fmax(0.0, wv)); // t = 0
        else if (db == 0.0)
            clamped1++, dkkt = fmax(dkkt, fmax(0.0, -wv)); // t = 1
        else
            inner++, dkkt = fmax(dkkt, fabs(wv));
        double dq = sqrt(dot4(w, w));
        dsearch = fmax(dsearch, fabs(dq - seg_dist_search(g, p, a, b)));
    }
    ak_measure(c, dkkt, 1e-12,
               "T-4.1..T-4.5 as printed on %ld random 4D segments (%ld interior, %ld at l_a, %ld "
               "at l_b): optimality conditions hold to %.3g",
               N, inner, clamped0, clamped1, dkkt);
    ak_measure(c, dsearch, 1e-9,
               "T-4.1..T-4.5 as printed: |p - c| against a ternary search on t, max difference "
               "%.3g",
               dsearch);
    ak_expect(c, inner > 0 && clamped0 > 0 && clamped1 > 0,
              "every branch of the clamp taken (%ld, %ld, %ld)", inner, clamped0, clamped1);
    // the zero-length segment (a legal capsule: a hypersphere): (4.3) and (4.4) divide 0 by 0
    double q[4], p[4] = { 1, 2, 3, 4 }, z[4] = { 0.5, 0, 0, 0 };
    ak_pub_closest_on_segment(4, q, p, z, z);
    ak_expect(c, isnan(q[0]) && isnan(q[3]),
              "T-4.3/T-4.4 as printed on a zero-length segment: s = 0/0, t = NaN, c = (%g, ...) "
              "(the correct closest point is l_a)",
              q[0]);
}

// Algorithm 2 (hypersphere against hypercapsule): exact cases, random poses against the search,
// and the two cases where it returns a NaN normal (zero-length core; the sphere's centre on it).
static void alg2(ak_check_ctx *c, gsl_rng *r, long N) {
    const double la[4] = { 0, 0, 0, 0 }, lb[4] = { 4, 0, 0, 0 };
    // sphere r = 1 at (2, 1.5, 0, 0), capsule r = 0.75: s = 1.5 - 1.75 = -0.25, n = e_y,
    // p = midpoint of (2, 0.5, 0, 0) and (2, 0.75, 0, 0)
    double cs[4] = { 2, 1.5, 0, 0 };
    ak_pub_contact cp = ak_pub_alg2_sphere_capsule(cs, 1.0, la, lb, 0.75);
    ak_expect(c,
              cp.hit && cp.s == -0.25 && cp.n[0] == 0 && cp.n[1] == 1 && cp.p[0] == 2 &&
                  cp.p[1] == 0.625,
              "T-Alg2 as printed, sphere (2,1.5,0,0) r 1, core (0,0,0,0)-(4,0,0,0) r 0.75: hit %d, "
              "s %g (exact -0.25), n (%g, %g, ...), p (%g, %g, ...) (exact (2, 0.625, 0, 0))",
              cp.hit, cp.s, cp.n[0], cp.n[1], cp.p[0], cp.p[1]);
    double cs2[4] = { 6, 0, 0, 1 }; // beyond l_b: distance sqrt(5)
    cp = ak_pub_alg2_sphere_capsule(cs2, 0.5, la, lb, 0.5);
    ak_expect(c, !cp.hit, "T-Alg2 as printed: sphere (6,0,0,1) r 0.5 apart (exact separation %g)",
              sqrt(5.0) - 1.0);
    double dsep = 0, dn = 0, dp = 0;
    long hits = 0, misses = 0, wrong_detect = 0;
    for (long s = 0; s < N; s++) {
        double a[4], b[4], p[4], g[4];
        rand4(r, a, 1.5);
        rand4(r, b, 1.5);
        rand4(r, p, 2);
        double rs = 0.1 + gsl_rng_uniform(r), rc = 0.1 + gsl_rng_uniform(r);
        double d = seg_dist_search(g, p, a, b), truth = d - rs - rc;
        cp = ak_pub_alg2_sphere_capsule(p, rs, a, b, rc);
        if (fabs(truth) < 1e-9) continue;
        if (cp.hit != (truth <= 0)) {
            wrong_detect++;
            continue;
        }
        if (!cp.hit) {
            misses++;
            continue;
        }
        hits++;
        dsep = fmax(dsep, fabs(cp.s - truth));
        for (int i = 0; i < 4; i++) {
            double n = (p[i] - g[i]) / d; // from the capsule to the sphere (Algorithm 1's v)
            dn = fmax(dn, fabs(cp.n[i] - n));
            double mid = 0.5 * ((p[i] - rs * n) + (g[i] + rc * n));
            dp = fmax(dp, fabs(cp.p[i] - mid));
        }
    }
    ak_expect(c, wrong_detect == 0 && hits > 0 && misses > 0,
              "T-Alg2 as printed on %ld random 4D poses: %ld contacts, %ld apart, %ld wrong "
              "detections",
              N, hits, misses, wrong_detect);
    ak_measure(c, fmax(dsep, fmax(dn, dp)), 1e-7,
               "T-Alg2 as printed: separation, normal (capsule to sphere) and midpoint against the "
               "search (whose t is good to about sqrt(eps)): max errors %.3g, %.3g, %.3g",
               dsep, dn, dp);
    // the NaN cases of the docs' verdict (inherited from eqs. 4.3/4.4 and Algorithm 1, line 14)
    double z[4] = { 1, 1, 1, 1 }, pz[4] = { 1.5, 1, 1, 1 }, on[4] = { 2, 0, 0, 0 };
    ak_pub_contact c0 = ak_pub_alg2_sphere_capsule(pz, 0.5, z, z, 0.5);
    ak_pub_contact c1 = ak_pub_alg2_sphere_capsule(on, 0.5, la, lb, 0.5);
    ak_expect(c, !(c0.hit && isfinite(c0.s)) && c1.hit && isnan(c1.n[0]),
              "T-Alg2 as printed: zero-length core: hit %d, s %g (exact -0.5); centre on the core: "
              "s %g, n = (%g, ...)",
              c0.hit, c0.s, c1.s, c1.n[0]);
}

// Algorithm 5 (hypersphere against hyperplane) and Algorithm 8 (hypercapsule against
// hyperplane): for unit normals, separation c.n - o - r and the contact point c - r n (the point
// of the sphere deepest along -n); Algorithm 8: one contact per end of the core that touches.
static void alg5_alg8(ak_check_ctx *c, gsl_rng *r, long N) {
    double d5 = 0, d8 = 0;
    long hit5 = 0, counts[3] = { 0 };
    for (long s = 0; s < N; s++) {
        double n[4], cs[4], lb[4];
        rand4(r, n, 1);
        double l = sqrt(dot4(n, n));
        if (l < 0.1) continue;
        for (int i = 0; i < 4; i++) n[i] /= l;
        rand4(r, cs, 2);
        rand4(r, lb, 2);
        double o = gsl_rng_uniform(r) - 0.5, rs = 0.1 + gsl_rng_uniform(r);
        double truth = dot4(cs, n) - o - rs;
        ak_pub_contact cp = ak_pub_alg5_sphere_plane(cs, rs, n, o);
        if (fabs(truth) > 1e-9) {
            if (cp.hit != (truth <= 0)) d5 = INFINITY;
            if (cp.hit) {
                hit5++;
                d5 = fmax(d5, fabs(cp.s - truth));
                for (int i = 0; i < 4; i++)
                    d5 = fmax(d5, fmax(fabs(cp.p[i] - (cs[i] - rs * n[i])), fabs(cp.n[i] - n[i])));
            }
        }
        // Algorithm 8 on the core cs..lb with radius rs
        double ta = truth, tb = dot4(lb, n) - o - rs;
        if (fabs(ta) < 1e-9 || fabs(tb) < 1e-9) continue;
        ak_pub_contacts cl = ak_pub_alg8_capsule_plane(cs, lb, rs, n, o);
        int want = (ta <= 0) + (tb <= 0);
        if (cl.count != want)
            d8 = INFINITY;
        else {
            counts[want]++;
            int k = 0;
            if (ta <= 0) d8 = fmax(d8, fabs(cl.cp[k++].s - ta));
            if (tb <= 0) d8 = fmax(d8, fabs(cl.cp[k].s - tb));
        }
    }
    ak_measure(c, d5, 1e-12,
               "T-Alg5 as printed, unit normals, %ld random 4D poses (%ld contacts): detection, "
               "separation c.n - o - r, point c - r n and normal, max error %.3g",
               N, hit5, d5);
    ak_measure(c, d8, 1e-12,
               "T-Alg8 as printed, unit normals: one contact per touching end (0, 1, 2 contacts: "
               "%ld, %ld, %ld poses), separations max error %.3g",
               counts[0], counts[1], counts[2], d8);
    ak_expect(c, counts[0] > 0 && counts[1] > 0 && counts[2] > 0,
              "T-Alg8: 0, 1 and 2 contacts all occur");
    // the exact case: plane y = 0 (n = e_y, o = 0), sphere r 1 at (0, 0.5, 0, 0): s = -0.5,
    // p = (0, -0.5, 0, 0); a non-unit normal (T-3.8's |n|^2): n = 2 e_y, o = 0 gives d = 0.25
    double n1[4] = { 0, 1, 0, 0 }, n2[4] = { 0, 2, 0, 0 }, cs[4] = { 0, 0.5, 0, 0 };
    ak_pub_contact e1 = ak_pub_alg5_sphere_plane(cs, 1.0, n1, 0.0);
    ak_pub_contact e2 = ak_pub_alg5_sphere_plane(cs, 1.0, n2, 0.0);
    ak_expect(c, e1.hit && e1.s == -0.5 && e1.p[1] == -0.5,
              "T-Alg5 as printed: sphere (0,0.5,0,0) r 1 on y = 0: s %g (exact -0.5), p_y %g "
              "(exact -0.5)",
              e1.s, e1.p[1]);
    ak_expect(c, e2.hit && e2.s == -0.75 && e2.p[1] == -1.5,
              "T-Alg5 as printed with the same plane written n = 2 e_y, o = 0: s %g, p_y %g "
              "(exact -0.5, -0.5: line 9 divides by |n|^2 (T-3.8), line 14 does not normalise: "
              "correct for unit normals only, the only ones a scene can hold)",
              e2.s, e2.p[1]);
    double la[4] = { -1, 0.5, 0, 0 }, lb[4] = { 1, 2, 0, 0 };
    ak_pub_contacts e8 = ak_pub_alg8_capsule_plane(la, lb, 1.0, n1, 0.0);
    ak_expect(c, e8.count == 1 && e8.cp[0].s == -0.5 && e8.cp[0].p[0] == -1,
              "T-Alg8 as printed: core (-1,0.5,0,0)-(1,2,0,0) r 1 on y = 0: %d contact, s %g "
              "(exact: one, -0.5 at the end (-1, 0.5))",
              e8.count, e8.count ? e8.cp[0].s : NAN);
}

void ak_check_printed_thesis_ch4(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 4042);
    long N = ak_samples(c, 20000, 2000);
    t4_segment(c, r, N);
    alg2(c, r, N);
    alg5_alg8(c, r, N);
    gsl_rng_free(r);
}

// The 8 cell normals of a hyperbox with rotation matrix A (row-major; column j is A_j), in the
// order of Table B.4 (c_1 -A_4, c_2 A_4, c_3 -A_3, c_4 A_3, c_5 -A_2, c_6 A_2, c_7 -A_1, c_8 A_1).
static void cell_normals(double cn[8][4], const double A[16]) {
    for (int k = 0; k < 8; k++) {
        int ax = 3 - k / 2;
        double sg = (k % 2) ? 1.0 : -1.0;
        for (int i = 0; i < 4; i++) cn[k][i] = sg * A[i * 4 + ax];
    }
}

static void rand_rot(gsl_rng *r, double A[16]) {
    double q[4][4];
    for (int j = 0; j < 4; j++)
        for (;;) {
            rand4(r, q[j], 1);
            for (int k = 0; k < j; k++) {
                double d = dot4(q[j], q[k]);
                for (int i = 0; i < 4; i++) q[j][i] -= d * q[k][i];
            }
            double l = sqrt(dot4(q[j], q[j]));
            if (l > 1e-2) {
                for (int i = 0; i < 4; i++) q[j][i] /= l;
                break;
            }
        }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) A[i * 4 + j] = q[j][i];
}

// App. D, Algorithms 16, 17, 19 and 20 as printed (ref/published/), each on its own: 16 and 17
// against the brute-force extreme cell normal of random hyperboxes; 19 as printed (no increment:
// it never returns), with the increment, and with Algorithm 18 corrected against the exact
// clipping of a square by a half-space; 20 against the vertices with negative distance.
void ak_check_printed_thesis_appd(ak_check_ctx *c) {
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 1700);
    long N = ak_samples(c, 5000, 500);
    long bad16 = 0, bad17 = 0;
    for (long s = 0; s < N; s++) {
        double A[16], cn[8][4], n[4];
        rand_rot(r, A);
        cell_normals(cn, A);
        rand4(r, n, 3); // not unit: line 7 normalises
        int j = 0;
        double best = 0;
        for (int a = 0; a < 4; a++) {
            double d = 0;
            for (int i = 0; i < 4; i++) d += A[i * 4 + a] * n[i];
            if (fabs(d) > fabs(best)) best = d, j = a;
        }
        int want_par = 2 * (3 - j) + (best > 0), want_anti = 2 * (3 - j) + (best < 0);
        bad16 += ak_pub_alg16_most_parallel((const double(*)[4])cn, 8, n) != want_par;
        bad17 += ak_pub_alg17_most_antiparallel((const double(*)[4])cn, 8, n) != want_anti;
    }
    ak_expect(c, bad16 == 0,
              "T-Alg16 as printed (line 7's undefined v read as n) on %ld random hyperboxes and "
              "normals: %ld cells differ from the brute-force most parallel normal",
              N, bad16);
    ak_expect(c, bad17 == 0,
              "T-Alg17 as printed: %ld cells differ from the brute-force most anti-parallel normal",
              bad17);
    // Algorithm 19: a square of side 2 in a random 2-plane, clipped by a hyperplane through its
    // centre offset by o along a direction in the plane
    long never = 0, passes = 0, bad_fixed = 0, off_plane = 0, tried = 0;
    double worst_fixed = 0, printed18_off = 0;
    for (long s = 0; s < N; s++) {
        double A[16], V[4][4], ctr[4], cn[4], cx[4];
        rand_rot(r, A);
        rand4(r, ctr, 2);
        static const double cyc[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
        for (int v = 0; v < 4; v++)
            for (int i = 0; i < 4; i++)
                V[v][i] = ctr[i] + cyc[v][0] * A[i * 4] + cyc[v][1] * A[i * 4 + 1];
        double th = 6.283185307179586 * gsl_rng_uniform(r), o = 1.6 * gsl_rng_uniform(r) - 0.8;
        for (int i = 0; i < 4; i++) {
            cn[i] = cos(th) * A[i * 4] + sin(th) * A[i * 4 + 1];
            cx[i] = ctr[i] + o * cn[i];
        }
        double U[64][4];
        long np = 0;
        int full = ak_pub_alg19_clip_face(U, 64, cn, cx, (const double(*)[4])V, 4, 0, 0, 1000, &np);
        // as printed the loop ends only at the transcription's stops: the pass cap, or U full
        never += np == 1000 || full >= 63;
        passes = np > passes ? np : passes;
        // corrected increment and Algorithm 18: Sutherland-Hodgman's polygon; each output vertex
        // is a kept vertex (d < 0) or lies on the hyperplane on its edge
        int nu = ak_pub_alg19_clip_face(U, 64, cn, cx, (const double(*)[4])V, 4, 1, 1, 1000, &np);
        int inside = 0, crossings = 0;
        for (int v = 0; v < 4; v++) {
            double di = dot4(cn, V[v]) - dot4(cn, cx), dj = dot4(cn, V[(v + 1) % 4]) - dot4(cn, cx);
            inside += di < 0;
            crossings += (di < 0) != (dj < 0);
        }
        if (nu != inside + crossings || np != 4) bad_fixed++;
        for (int k = 0; k < nu; k++) {
            double d = dot4(cn, U[k]) - dot4(cn, cx);
            worst_fixed = fmax(worst_fixed, fmax(0.0, d)); // never outside
        }
        // with Algorithm 18 as printed (p := v1 + t n) the intersection points leave the plane
        int nu2 = ak_pub_alg19_clip_face(U, 64, cn, cx, (const double(*)[4])V, 4, 1, 0, 1000, &np);
        if (crossings) {
            tried++;
            double m = 0;
            for (int k = 0; k < nu2; k++) {
                int is_vertex = 0;
                for (int v = 0; v < 4; v++) {
                    double e = 0;
                    for (int i = 0; i < 4; i++) e = fmax(e, fabs(U[k][i] - V[v][i]));
                    is_vertex |= e == 0.0;
                }
                if (!is_vertex) {
                    double w[4], ww;
                    // distance of the point from the square's plane (span of A_1, A_2 at ctr)
                    for (int i = 0; i < 4; i++) w[i] = U[k][i] - ctr[i];
                    for (int a = 0; a < 2; a++) {
                        double d = 0;
                        for (int i = 0; i < 4; i++) d += w[i] * A[i * 4 + a];
                        for (int i = 0; i < 4; i++) w[i] -= d * A[i * 4 + a];
                    }
                    ww = sqrt(dot4(w, w));
                    double dpl = fabs(dot4(cn, U[k]) - dot4(cn, cx));
                    m = fmax(m, fmax(ww, dpl));
                }
            }
            printed18_off = fmax(printed18_off, m);
            off_plane += m > 1e-9;
        }
    }
    ak_expect(
        c, never == N,
        "T-Alg19 as printed (i never incremented): in %ld of %ld faces the loop ran until the "
        "transcription's stop (1000 passes, or U full of copies from the first edge; up to %ld "
        "passes): it never ends",
        never, N, passes);
    ak_expect(c, bad_fixed == 0,
              "T-Alg19 with i := i + 1 (and Algorithm 18 with u): %ld of %ld clipped squares with "
              "the wrong vertex count (kept vertices + crossings) or pass count",
              bad_fixed, N);
    ak_measure(c, worst_fixed, 1e-12,
               "T-Alg19 corrected: no output vertex outside the hyperplane (max d %.3g)",
               worst_fixed);
    ak_expect(c, off_plane > 0,
              "T-Alg19 with the increment but T-Alg18 as printed: the 'intersection' points leave "
              "the clipping hyperplane or the face in %ld of %ld clipped squares (by up to %.3g)",
              off_plane, tried, printed18_off);
    // Algorithm 20: the vertices of three faces against a hyperplane
    long bad20 = 0;
    for (long s = 0; s < N; s++) {
        double verts[12][4], n[4], x[4];
        int nv[3] = { 4, 5, 3 };
        for (int k = 0; k < 12; k++) rand4(r, verts[k], 2);
        rand4(r, n, 1);
        double l = sqrt(dot4(n, n));
        for (int i = 0; i < 4; i++) n[i] /= l;
        rand4(r, x, 1);
        ak_pub_contact out[16];
        int m = ak_pub_alg20_remove_outside(out, 16, n, x, (const double(*)[4])verts, nv, 3);
        int k = 0;
        for (int v = 0; v < 12; v++) {
            double d = dot4(n, verts[v]) - dot4(n, x);
            if (d < 0) {
                if (k >= m || fabs(out[k].s - d) > 1e-14 || out[k].p[0] != verts[v][0] ||
                    out[k].n[1] != n[1])
                    bad20++;
                k++;
            }
        }
        bad20 += k != m;
    }
    ak_expect(c, bad20 == 0,
              "T-Alg20 as printed (line 16's undefined p read as the vertex v) on %ld random "
              "faces: %ld contacts differ from the vertices with negative distance",
              N, bad20);
    gsl_rng_free(r);
}
