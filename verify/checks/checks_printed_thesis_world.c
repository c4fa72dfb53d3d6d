// Torres' thesis, ch. 5 (Into Another Dimension, Princeton 2022), evaluated as printed through
// the transcriptions of ref/published/solver_published.c:
// - eqs. 5.1-5.3 (point and relative velocity) against central differences of the material
//   points moved by the thesis' own kinematics (x + v t, R(t) = exp(-w t/2) R, the flow of its
//   eq. 5.17), in the generic algebra;
// - eqs. 5.5-5.8 and 5.12-5.15 (applying an impulse) against the conservation of the total
//   linear momentum and of the angular momentum about the origin, each body a cloud of point
//   masses whose inertia map and angular momentum come from the generic algebra;
// - m_t of §5.3 (T-5.mt) in its one numeric reading against 1 / (t^T K t) from the point clouds;
// - the Baumgarte term b of §5.3 against the decay of the excess penetration it prescribes;
// - Algorithm 12 as a projected Gauss-Seidel iteration against the exact solution of small
//   linear complementarity problems (every active set tried);
// - eq. 5.16 against the exact motion (constant velocity: exact; under gravity: first order).
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "verify/checks/checks_printed.h"
#include "verify/checks/checks_ga_common.h"
#include "ref/published/solver_published.h"

enum { N4 = 4, K4 = 6 };

// A body: centre x, velocity v, angular velocity w, and 16 point masses at x + R p_i R~ (the
// vertices of a box of half extents h, turned by R), their world offsets r_i.
typedef struct body {
    double x[4], v[4], w[6], m[16], r[16][4], mass;
    double Iw[36], inv_Iw[36]; // world inertia map on bivectors (row-major) and its inverse
} body;

static void make_body(gsl_rng *g, body *b, const double h[4]) {
    ak_cl_mv R, Rd;
    ga_rand_rotor_cl(g, 4, &R);
    ak_cl_reverse(&Rd, &R);
    ga_rand_vec(g, 4, b->x);
    ga_rand_vec(g, 4, b->v);
    ga_rand_biv(g, 4, b->w);
    b->mass = 0;
    for (int i = 0; i < 16; i++) {
        double p[4];
        for (int a = 0; a < 4; a++) p[a] = (i >> a & 1) ? h[a] : -h[a];
        ak_cl_mv P, t;
        ak_cl_from_vec(&P, 4, p);
        ak_cl_gp(&t, &R, &P);
        ak_cl_gp(&t, &t, &Rd);
        ak_cl_to_vec(b->r[i], 4, &t);
        b->m[i] = 0.25 + 0.0 * gsl_rng_uniform(g); // equal masses: the centroid is the centre
        b->mass += b->m[i];
    }
    // I[B] = sum m_i r_i ^ (r_i _| B), column by column on the basis bivectors
    for (int k = 0; k < K4; k++) {
        double e[6] = { 0 }, col[6] = { 0 };
        e[k] = 1.0;
        ak_cl_mv E;
        ak_cl_from_biv(&E, 4, e);
        for (int i = 0; i < 16; i++) {
            ak_cl_mv X, t;
            double l[6];
            ak_cl_from_vec(&X, 4, b->r[i]);
            ak_cl_lc(&t, &X, &E);
            ak_cl_op(&t, &X, &t);
            ak_cl_to_biv(l, 4, &t);
            for (int a = 0; a < K4; a++) col[a] += b->m[i] * l[a];
        }
        for (int a = 0; a < K4; a++) b->Iw[a * K4 + k] = col[a];
    }
    gsl_matrix_view A = gsl_matrix_view_array(memcpy(b->inv_Iw, b->Iw, sizeof b->Iw), K4, K4);
    gsl_matrix *inv = gsl_matrix_alloc(K4, K4);
    gsl_permutation *perm = gsl_permutation_alloc(K4);
    int sgn;
    gsl_linalg_LU_decomp(&A.matrix, perm, &sgn);
    gsl_linalg_LU_invert(&A.matrix, perm, inv);
    for (int a = 0; a < K4; a++)
        for (int c = 0; c < K4; c++) b->inv_Iw[a * K4 + c] = gsl_matrix_get(inv, a, c);
    gsl_matrix_free(inv);
    gsl_permutation_free(perm);
}

// Total linear momentum and angular momentum about the origin of a body (point masses:
// sum m_i (x + r_i) ^ (v + r_i _| w)).
static void momenta(const body *b, double P[4], double L[6]) {
    ak_cl_mv W;
    ak_cl_from_biv(&W, 4, b->w);
    for (int a = 0; a < 4; a++) P[a] = 0;
    for (int a = 0; a < 6; a++) L[a] = 0;
    for (int i = 0; i < 16; i++) {
        double pos[4], vel[4], l[6];
        ak_cl_mv X, t, V;
        ak_cl_from_vec(&X, 4, b->r[i]);
        ak_cl_lc(&t, &X, &W);
        ak_cl_to_vec(vel, 4, &t);
        for (int a = 0; a < 4; a++) pos[a] = b->x[a] + b->r[i][a], vel[a] += b->v[a];
        for (int a = 0; a < 4; a++) P[a] += b->m[i] * vel[a];
        ak_cl_from_vec(&X, 4, pos);
        ak_cl_from_vec(&V, 4, vel);
        ak_cl_op(&t, &X, &V);
        ak_cl_to_biv(l, 4, &t);
        for (int a = 0; a < 6; a++) L[a] += b->m[i] * l[a];
    }
}

// The material point x + R(t) r0 R(t)~ + t v at time t, R(t) = exp(-w t/2) R0.
static void material_point(double out[4], const double x[4], const double v[4], const double w[6],
                           const ak_cl_mv *R0, const double r0[4], double t) {
    double hw[6];
    for (int k = 0; k < 6; k++) hw[k] = -0.5 * t * w[k];
    ak_cl_mv B, E, R, Rd, X, y;
    ak_cl_from_biv(&B, 4, hw);
    ak_cl_exp(&E, &B);
    ak_cl_gp(&R, &E, R0);
    ak_cl_reverse(&Rd, &R);
    ak_cl_from_vec(&X, 4, r0);
    ak_cl_gp(&y, &R, &X);
    ak_cl_gp(&y, &y, &Rd);
    ak_cl_to_vec(out, 4, &y);
    for (int i = 0; i < 4; i++) out[i] += x[i] + t * v[i];
}

static void t5_1_3(ak_check_ctx *c, gsl_rng *g, long N) {
    const double h = 1e-4;
    double d1 = 0, d2 = 0, d3 = 0;
    for (long s = 0; s < N; s++) {
        double x[2][4], v[2][4], w[2][6], r0[2][4], r[2][4], vp[2][4], nrm[4];
        ak_cl_mv R0[2];
        for (int b = 0; b < 2; b++) {
            ga_rand_vec(g, 4, x[b]);
            ga_rand_vec(g, 4, v[b]);
            ga_rand_biv(g, 4, w[b]);
            ga_rand_vec(g, 4, r0[b]);
            ga_rand_rotor_cl(g, 4, &R0[b]);
            double p0[4];
            material_point(p0, x[b], v[b], w[b], &R0[b], r0[b], 0.0);
            for (int i = 0; i < 4; i++) r[b][i] = p0[i] - x[b][i]; // the world lever r
        }
        ga_rand_vec(g, 4, nrm);
        double fd[2][4];
        for (int b = 0; b < 2; b++) {
            double pp[4], pm[4], p2[4], m2[4];
            material_point(pp, x[b], v[b], w[b], &R0[b], r0[b], h);
            material_point(pm, x[b], v[b], w[b], &R0[b], r0[b], -h);
            material_point(p2, x[b], v[b], w[b], &R0[b], r0[b], 2 * h);
            material_point(m2, x[b], v[b], w[b], &R0[b], r0[b], -2 * h);
            for (int i = 0; i < 4; i++)
                fd[b][i] = (8 * (pp[i] - pm[i]) - (p2[i] - m2[i])) / (12 * h);
            ak_published_solver_t51_point_velocity(4, vp[b], v[b], r[b], w[b]);
            for (int i = 0; i < 4; i++) d1 = fmax(d1, fabs(vp[b][i] - fd[b][i]));
        }
        double dv[4], fdn = 0;
        double dvn = ak_published_solver_t52_t53(4, dv, v[0], r[0], w[0], v[1], r[1], w[1], nrm);
        for (int i = 0; i < 4; i++) {
            d2 = fmax(d2, fabs(dv[i] - (fd[0][i] - fd[1][i])));
            fdn += (fd[0][i] - fd[1][i]) * nrm[i];
        }
        d3 = fmax(d3, fabs(dvn - fdn));
    }
    // five-point differences, h = 1e-4: truncation h^4 |w|^5 |r| / 30 ~ 1e-15, rounding
    // 1e-16 / h ~ 1e-12
    ak_measure(c, d1, 1e-9,
               "T-5.1 v_p = v + r _| w as printed against five-point differences (h = 1e-4) of "
               "the material point under R(t) = exp(-w t/2) R0 (eq. 5.17's flow), %ld bodies: %.3g",
               2 * N, d1);
    ak_measure(c, d2, 1e-9, "T-5.2 dv_p = (v_A + r_A _| w_A) - (v_B + r_B _| w_B): %.3g", d2);
    ak_measure(c, d3, 1e-9, "T-5.3 dv_n = dv_p . n: %.3g", d3);
}

static void t5_impulses(ak_check_ctx *c, gsl_rng *g, long N) {
    double dP = 0, dL = 0, dfix = 0, flipped = INFINITY;
    for (long s = 0; s < N; s++) {
        body A, B;
        double hA[4], hB[4];
        for (int i = 0; i < 4; i++)
            hA[i] = 0.2 + gsl_rng_uniform(g), hB[i] = 0.2 + gsl_rng_uniform(g);
        make_body(g, &A, hA);
        make_body(g, &B, hB);
        double p[4], u[4], rA[4], rB[4], P0[2][4], L0[2][6], P1[2][4], L1[2][6];
        ga_rand_vec(g, 4, p);
        ga_rand_vec(g, 4, u);
        double j = 2.0 * gsl_rng_uniform(g) - 1.0;
        for (int i = 0; i < 4; i++) rA[i] = p[i] - A.x[i], rB[i] = p[i] - B.x[i];
        momenta(&A, P0[0], L0[0]);
        momenta(&B, P0[1], L0[1]);
        body A1 = A, B1 = B;
        ak_published_solver_apply_impulse(4, j, u, 1.0 / A.mass, A.inv_Iw, rA, A1.v, A1.w,
                                          1.0 / B.mass, B.inv_Iw, rB, B1.v, B1.w);
        momenta(&A1, P1[0], L1[0]);
        momenta(&B1, P1[1], L1[1]);
        double scale = 1e-300;
        for (int i = 0; i < 4; i++) {
            dP = fmax(dP, fabs(P1[0][i] + P1[1][i] - P0[0][i] - P0[1][i]));
            scale = fmax(scale, fabs(P0[0][i]) + fabs(P0[1][i]));
        }
        for (int i = 0; i < 6; i++) dL = fmax(dL, fabs(L1[0][i] + L1[1][i] - L0[0][i] - L0[1][i]));
        // body A alone receives +j u at p: its momentum changes by j u, its angular momentum
        // about the origin by p ^ (j u)
        double ju[4], pju[6];
        for (int i = 0; i < 4; i++) ju[i] = j * u[i];
        ak_nd_wedge(4, pju, p, ju);
        for (int i = 0; i < 4; i++) dP = fmax(dP, fabs(P1[0][i] - P0[0][i] - ju[i]));
        for (int i = 0; i < 6; i++) dL = fmax(dL, fabs(L1[0][i] - L0[0][i] - pju[i]));
        // a fixed body B (1/m = 0, rotation fixed): unchanged
        body B2 = B;
        A1 = A;
        ak_published_solver_apply_impulse(4, j, u, 1.0 / A.mass, A.inv_Iw, rA, A1.v, A1.w, 0.0,
                                          NULL, rB, B2.v, B2.w);
        for (int i = 0; i < 4; i++) dfix = fmax(dfix, fabs(B2.v[i] - B.v[i]));
        for (int i = 0; i < 6; i++) dfix = fmax(dfix, fabs(B2.w[i] - B.w[i]));
        // control: the sign of eq. 5.7 flipped breaks the balance of angular momentum
        A1 = A, B1 = B;
        double nju[4];
        for (int i = 0; i < 4; i++) nju[i] = -j * u[i];
        ak_published_solver_apply_impulse(4, j, u, 1.0 / A.mass, NULL, rA, A1.v, A1.w, 1.0 / B.mass,
                                          B.inv_Iw, rB, B1.v, B1.w);
        ak_published_solver_apply_impulse(4, 1.0, nju, 0.0, A.inv_Iw, rA, A1.v, A1.w, 0.0, NULL, rB,
                                          B1.v, B1.w);
        momenta(&A1, P1[0], L1[0]);
        momenta(&B1, P1[1], L1[1]);
        double bad = 0;
        for (int i = 0; i < 6; i++)
            bad = fmax(bad, fabs(L1[0][i] + L1[1][i] - L0[0][i] - L0[1][i]));
        if (fabs(j) > 0.1) flipped = fmin(flipped, bad);
        (void)scale;
    }
    ak_measure(c, fmax(dP, dL), 1e-12,
               "T-5.5..T-5.8 / T-5.12..T-5.15 as printed (I^-1 the world-frame inverse inertia) "
               "on %ld random pairs of 4D point-mass boxes: total momentum kept to %.3g, angular "
               "momentum about the origin to %.3g; body A alone gains j u and p ^ (j u)",
               N, dP, dL);
    ak_measure(c, dfix, 0.0, "T-5.5..T-5.8: a fixed body (1/m = 0, no I^-1) is not updated: %.3g",
               dfix);
    ak_expect(c, flipped > 1e-6,
              "control: with the sign of eq. 5.7 flipped the angular momentum is off by at least "
              "%.3g (the check can tell)",
              flipped);
}

// T-5.mt: the printed m_t in its scalar reading of I^-1 against 1 / (t^T K t), K from the point
// clouds (1/m + (r ^ t) . Iw^-1 (r ^ t) per body).
static void t5_mt(ak_check_ctx *c, gsl_rng *g, long N) {
    double cube = 0, worst = 0;
    for (long s = 0; s < N; s++) {
        for (int kind = 0; kind < 2; kind++) {
            body A, B;
            double hA[4], hB[4];
            for (int i = 0; i < 4; i++) {
                hA[i] = kind ? 0.2 + gsl_rng_uniform(g) : 0.5;
                hB[i] = kind ? 0.2 + gsl_rng_uniform(g) : 0.7;
            }
            make_body(g, &A, hA);
            make_body(g, &B, hB);
            double p[4], t[4], rA[4], rB[4], l = 0;
            ga_rand_vec(g, 4, p);
            ga_rand_vec(g, 4, t);
            for (int i = 0; i < 4; i++) l += t[i] * t[i];
            for (int i = 0; i < 4; i++) t[i] /= sqrt(l);
            for (int i = 0; i < 4; i++) rA[i] = p[i] - A.x[i], rB[i] = p[i] - B.x[i];
            double k = 1.0 / A.mass + 1.0 / B.mass;
            const body *bb[2] = { &A, &B };
            const double *rr[2] = { rA, rB };
            for (int b = 0; b < 2; b++) {
                double W[6];
                ak_nd_wedge(4, W, rr[b], t);
                for (int x = 0; x < 6; x++)
                    for (int y = 0; y < 6; y++) k += W[x] * bb[b]->inv_Iw[x * 6 + y] * W[y];
            }
            double mt = ak_published_solver_mass(
                4, 1.0 / A.mass, ak_published_solver_inv_inertia_scalar(4, A.Iw), rA, 1.0 / B.mass,
                ak_published_solver_inv_inertia_scalar(4, B.Iw), rB, t);
            double rel = fabs(mt * k - 1.0);
            if (kind == 0)
                cube = fmax(cube, rel);
            else
                worst = fmax(worst, rel);
        }
    }
    ak_measure(c, cube, 1e-12,
               "T-5.mt as printed (scalar reading of I^-1) for two hypercubes (inertia a multiple "
               "of the identity): 1/(t^T K t) to %.3g",
               cube);
    ak_expect(c, worst > 0.05,
              "T-5.mt as printed for non-cubic boxes: off 1/(t^T K t) by up to %.1f%% (ill-typed: "
              "I^-1 maps bivectors, the printed term applies it to a vector)",
              100 * worst);
    ak_value(c, "T-5.mt_worst_relative_error", worst);
}

// T-5.b: b = -f/dT min(0, s + a). A contact penetrating by d > a, moved apart at b for one step
// of dT at a time, keeps an excess d - a that decays as (1 - f)^k; exact cases.
static void t5_b(ak_check_ctx *c) {
    const double f = 0.2, dT = 1.0 / 60.0, a = 0.005;
    double s = -0.105, dev = 0;
    for (int k = 1; k <= 50; k++) {
        s += ak_published_solver_baumgarte(f, dT, s, a) * dT;
        dev = fmax(dev, fabs((-s - a) - 0.1 * pow(1 - f, k)));
    }
    ak_measure(c, dev, 1e-15,
               "T-5.b as printed: the excess penetration (0.1 beyond a = 0.005) decays as "
               "0.1 (1 - f)^k over 50 steps (f = 0.2, dT = 1/60): %.3g",
               dev);
    ak_expect(c,
              ak_published_solver_baumgarte(f, dT, -0.004, a) == 0.0 &&
                  ak_published_solver_baumgarte(f, dT, 0.3, a) == 0.0 &&
                  fabs(ak_published_solver_baumgarte(f, dT, -0.055, a) - 0.6) < 1e-14,
              "T-5.b as printed: 0 within the allowance and when apart; b = 0.2 * 60 * 0.05 = 0.6 "
              "for s = -0.055");
}

// T-Alg12 repeated over the contacts (projected Gauss-Seidel), each contact's dv_n the current
// relative normal velocity v0 + K P, against the exact solution of the linear complementarity
// problem w = K P + v0 - b, P >= 0, w >= 0, P.w = 0, found by trying every active set.
static int lcp_exact(int m, const double K[], const double q[], double P[]) {
    for (unsigned set = 0; set < (1u << m); set++) {
        double A[16], rhs[4];
        int idx[4], na = 0;
        for (int i = 0; i < m; i++)
            if (set >> i & 1) idx[na++] = i;
        for (int i = 0; i < na; i++) {
            rhs[i] = -q[idx[i]];
            for (int j = 0; j < na; j++) A[i * na + j] = K[idx[i] * m + idx[j]];
        }
        double x[4] = { 0 };
        if (na) {
            gsl_matrix_view Am = gsl_matrix_view_array(A, na, na);
            gsl_vector_view bv = gsl_vector_view_array(rhs, na), xv = gsl_vector_view_array(x, na);
            gsl_permutation *perm = gsl_permutation_alloc(na);
            int sgn;
            gsl_linalg_LU_decomp(&Am.matrix, perm, &sgn);
            gsl_linalg_LU_solve(&Am.matrix, perm, &bv.vector, &xv.vector);
            gsl_permutation_free(perm);
        }
        double full[4] = { 0 };
        int ok = 1;
        for (int i = 0; i < na; i++) full[idx[i]] = x[i], ok &= x[i] >= -1e-12;
        for (int i = 0; i < m && ok; i++) {
            double w = q[i];
            for (int j = 0; j < m; j++) w += K[i * m + j] * full[j];
            if (!(set >> i & 1)) ok &= w >= -1e-12;
        }
        if (ok) {
            memcpy(P, full, (size_t)m * sizeof(double));
            return 1;
        }
    }
    return 0;
}

static void t_alg12(ak_check_ctx *c, gsl_rng *g, long N) {
    double dev = 0;
    long solved = 0, with_zero = 0;
    for (long s = 0; s < N; s++) {
        int m = 2 + (int)(s % 3);
        double G[16], K[16], v0[4], bb[4], q[4], P[4] = { 0 }, Pex[4];
        for (int i = 0; i < m * m; i++) G[i] = 2.0 * gsl_rng_uniform(g) - 1.0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) {
                K[i * m + j] = i == j ? 0.5 : 0.0; // SPD, well conditioned
                for (int k = 0; k < m; k++) K[i * m + j] += G[i * m + k] * G[j * m + k];
            }
        for (int i = 0; i < m; i++) {
            v0[i] = 2.0 * gsl_rng_uniform(g) - 1.5;
            bb[i] = 0.2 * gsl_rng_uniform(g);
            q[i] = v0[i] - bb[i];
        }
        if (!lcp_exact(m, K, q, Pex)) continue;
        solved++;
        for (int it = 0; it < 2000; it++)
            for (int i = 0; i < m; i++) {
                double dvn = v0[i];
                for (int j = 0; j < m; j++) dvn += K[i * m + j] * P[j];
                P[i] = ak_published_solver_alg12(P[i], bb[i], dvn, 1.0 / K[i * m + i]);
            }
        for (int i = 0; i < m; i++) {
            dev = fmax(dev, fabs(P[i] - Pex[i]));
            with_zero += Pex[i] == 0.0;
        }
    }
    ak_measure(
        c, dev, 1e-9,
        "T-Alg12 as printed, swept 2000 times over 2..4 contacts (m_n = 1/K_ii), against the "
        "exact complementarity solution of %ld random problems (%ld contacts with zero "
        "impulse): %.3g",
        solved, with_zero, dev);
    ak_expect(c, with_zero > 0 && solved > N / 2, "both active and inactive contacts occur");
    // the exact case K = [[2,1],[1,2]], dv = (-1, -1), b = 0: P = (1/3, 1/3)
    double K2[4] = { 2, 1, 1, 2 }, P2[2] = { 0, 0 };
    for (int it = 0; it < 200; it++)
        for (int i = 0; i < 2; i++) {
            double dvn = -1.0 + K2[i * 2] * P2[0] + K2[i * 2 + 1] * P2[1];
            P2[i] = ak_published_solver_alg12(P2[i], 0.0, dvn, 0.5);
        }
    ak_expect(c, fabs(P2[0] - 1.0 / 3) < 1e-14 && fabs(P2[1] - 1.0 / 3) < 1e-14,
              "T-Alg12: K = [[2,1],[1,2]], dv_n = (-1,-1): P = (%.15g, %.15g) (exact 1/3, 1/3)",
              P2[0], P2[1]);
}

// T-5.16: p += v dT. Constant velocity: exact (to rounding) after any number of steps; under
// gravity with the velocity updated first (§5.3's order) the error after t is g t dT / 2: first
// order (halving dT halves it).
static void t5_16(ak_check_ctx *c) {
    double p[4] = { 1, 2, 3, 4 }, v[4] = { 0.5, -1.25, 2, 0.75 };
    for (int k = 0; k < 64; k++) ak_published_solver_t516_position(4, p, v, 1.0 / 64);
    double d = 0;
    for (int i = 0; i < 4; i++) d = fmax(d, fabs(p[i] - ((double)(i + 1) + v[i])));
    ak_measure(c, d, 1e-14, "T-5.16 as printed, constant velocity, 64 steps of 1/64: %.3g", d);
    double err[2];
    for (int r = 0; r < 2; r++) {
        int steps = r ? 200 : 100;
        double dT = 1.0 / steps, y[4] = { 0 }, vy[4] = { 0 };
        for (int k = 0; k < steps; k++) {
            vy[1] -= 10.0 * dT; // gravity, 10 m/s^2 along -y (§5.3)
            ak_published_solver_t516_position(4, y, vy, dT);
        }
        err[r] = fabs(y[1] - (-5.0));
    }
    ak_measure(
        c, fabs(err[0] / err[1] - 2.0), 1e-9,
        "T-5.16 under gravity (1 s): error %.6g with dT = 1/100, %.6g with 1/200 (= g t dT / "
        "2: first order, ratio 2)",
        err[0], err[1]);
}

// The relative velocity at the contact of body A (lever r) with the fixed ground, after adding
// the impulse P at the contact: u = v + r _| w (T-5.1, the ground at rest).
static void contact_u(double u[4], const body *A, const double r[4]) {
    ak_published_solver_t51_point_velocity(4, u, A->v, r, A->w);
}

// K u for a unit impulse direction: the change of the contact velocity per unit impulse along d
// (eqs. 5.5, 5.7 on A; the ground fixed).
static void response(double Kd[4], const body *A, const double r[4], const double d[4]) {
    body B = *A;
    double u0[4], u1[4], dummy_v[4] = { 0 }, dummy_w[6] = { 0 };
    contact_u(u0, A, r);
    ak_published_solver_apply_impulse(4, 1.0, d, 1.0 / A->mass, A->inv_Iw, r, B.v, B.w, 0.0, NULL,
                                      r, dummy_v, dummy_w);
    contact_u(u1, &B, r);
    for (int i = 0; i < 4; i++) Kd[i] = u1[i] - u0[i];
}

// T-Alg13 (with T-Alg12) as printed, swept over one contact with the fixed ground (n = e_y):
// (a) a particle (rotation fixed): the exact Coulomb outcome, stick below the cone, slide on it;
// (b) a 4D box pressed with P_n = 100, mu = 10 (it should stick): one update of Algorithm 13
// along the tangent t of T-5.10 (m_t from the exact K) stops the slip along t and leaves the slip
// that the coupling of K puts across t; the 3 x 3 tangent block of K stops all of it inside the
// cone.
static void t_alg13(ak_check_ctx *c, gsl_rng *g, long N) {
    double dpart = 0, worst_left = 0, fixed_ok = 0, block_left = 0;
    int in_cone = 1;
    long stick = 0, slide = 0, incomplete = 0, pressed = 0;
    for (long s = 0; s < N; s++) {
        // (a) particle of mass m: u0 = (vt, vn) along (t, n)
        double m = 0.5 + gsl_rng_uniform(g), vn = -0.1 - gsl_rng_uniform(g),
               vt = 2.0 * gsl_rng_uniform(g) - 1.0, mu = gsl_rng_uniform(g);
        double jn = 0, jt = 0;
        for (int it = 0; it < 50; it++) {
            double dvn = vn + jn / m, dvt = vt + jt / m;
            jn = ak_published_solver_alg12(jn, 0.0, dvn, m);
            dvt = vt + jt / m;
            jt = ak_published_solver_alg13(jt, dvt, m, mu, jn);
        }
        double jn_x = -m * vn,
               jt_x = fabs(m * vt) <= mu * jn_x ? -m * vt : -copysign(mu * jn_x, vt);
        stick += fabs(m * vt) <= mu * jn_x, slide += fabs(m * vt) > mu * jn_x;
        dpart = fmax(dpart, fmax(fabs(jn - jn_x), fabs(jt - jt_x)));
        // (b) a 4D box on the ground
        body A;
        double h[4];
        for (int i = 0; i < 4; i++) h[i] = 0.2 + gsl_rng_uniform(g);
        make_body(g, &A, h);
        double r[4], n[4] = { 0, 1, 0, 0 }, u[4], t[4], Kt[4];
        ga_rand_vec(g, 4, r);
        r[1] = -fabs(r[1]) - 0.2;
        contact_u(u, &A, r);
        if (u[1] >= -0.05) continue; // approaching only
        ak_published_solver_tangent(4, t, u, n);
        response(Kt, &A, r, t);
        double mt = 1.0 / (Kt[0] * t[0] + Kt[1] * t[1] + Kt[2] * t[2] + Kt[3] * t[3]);
        // the normal impulse given and large (P_n = 100, mu = 10: the cone is not in the way);
        // one update of Algorithm 13 along t
        const double Pn = 100.0;
        body B = A;
        double dummy_v[4] = { 0 }, dummy_w[6] = { 0 }, q[4];
        double ut = u[0] * t[0] + u[1] * t[1] + u[2] * t[2] + u[3] * t[3];
        double pt = ak_published_solver_alg13(0.0, ut, mt, 10.0, Pn);
        ak_published_solver_apply_impulse(4, pt, t, 1.0 / A.mass, A.inv_Iw, r, B.v, B.w, 0.0, NULL,
                                          r, dummy_v, dummy_w);
        contact_u(q, &B, r);
        double qt = q[0] * t[0] + q[1] * t[1] + q[2] * t[2] + q[3] * t[3];
        fixed_ok = fmax(fixed_ok, fabs(qt)); // along t: stopped exactly
        double x2 = 0;
        for (int i = 0; i < 4; i++) {
            double x = (i == 1 ? 0.0 : q[i]) - qt * t[i]; // the slip across t (t has no y part)
            x2 += x * x;
        }
        double across = sqrt(x2);
        worst_left = fmax(worst_left, across);
        incomplete += across > 1e-6;
        pressed++;
        // the whole tangent space (e_x, e_z, e_w): the 3 x 3 tangent block of K stops the slip
        // with an impulse inside the cone
        const int tb[3] = { 0, 2, 3 };
        double Kb[9], rhs[3], P3[3];
        for (int a2 = 0; a2 < 3; a2++) {
            double d[4] = { 0 }, Kd[4];
            d[tb[a2]] = 1.0;
            response(Kd, &A, r, d);
            for (int b2 = 0; b2 < 3; b2++) Kb[b2 * 3 + a2] = Kd[tb[b2]];
            rhs[a2] = -u[tb[a2]];
        }
        gsl_matrix_view Km = gsl_matrix_view_array(Kb, 3, 3);
        gsl_vector_view bv = gsl_vector_view_array(rhs, 3), xv = gsl_vector_view_array(P3, 3);
        gsl_permutation *perm = gsl_permutation_alloc(3);
        int sgn;
        gsl_linalg_LU_decomp(&Km.matrix, perm, &sgn);
        gsl_linalg_LU_solve(&Km.matrix, perm, &bv.vector, &xv.vector);
        gsl_permutation_free(perm);
        body C = A;
        for (int a2 = 0; a2 < 3; a2++) {
            double d[4] = { 0 };
            d[tb[a2]] = 1.0;
            ak_published_solver_apply_impulse(4, P3[a2], d, 1.0 / A.mass, A.inv_Iw, r, C.v, C.w,
                                              0.0, NULL, r, dummy_v, dummy_w);
        }
        contact_u(q, &C, r);
        block_left = fmax(block_left, sqrt(q[0] * q[0] + q[2] * q[2] + q[3] * q[3]));
        in_cone &= sqrt(P3[0] * P3[0] + P3[1] * P3[1] + P3[2] * P3[2]) <= 10.0 * Pn;
    }
    ak_measure(
        c, dpart, 1e-12,
        "T-Alg13 (with T-Alg12) as printed, one tangent, a particle on the ground: the exact "
        "Coulomb impulses (%ld sticking, %ld sliding) to %.3g",
        stick, slide, dpart);
    ak_measure(c, fixed_ok, 1e-12,
               "T-Alg13 as printed, one update on a 4D box contact (P_n = 100, mu = 10): the slip "
               "along t stopped to %.3g",
               fixed_ok);
    ak_measure(c, block_left, 1e-12,
               "the whole tangent space (the 3 x 3 tangent block of K): slip stopped to %.3g with "
               "the impulse inside the cone (%s)",
               block_left, in_cone ? "yes" : "NO");
    ak_expect(c, in_cone, "the tangent-block impulse lies inside the cone");
    ak_expect(c, incomplete > 0,
              "T-Alg13 as printed in 4D (one tangent t of T-5.10; the contact should stick): slip "
              "left across t in %ld of %ld box contacts, up to %.3g (incomplete: the friction "
              "impulse needs the whole tangent space)",
              incomplete, pressed, worst_left);
    ak_value(c, "T-Alg13_slip_left", worst_left);
}

void ak_check_printed_thesis_ch5(ak_check_ctx *c) {
    gsl_rng *g = ga_rng_new(5055);
    long N = ak_samples(c, 400, 50);
    t5_1_3(c, g, N);
    t5_impulses(c, g, N);
    t5_mt(c, g, N);
    t5_b(c);
    t_alg12(c, g, N);
    t_alg13(c, g, N);
    t5_16(c);
    gsl_rng_free(g);
}
