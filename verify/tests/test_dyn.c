// Unit tests of ref/dyn and engine/integrate: identities against independent computations.
#include <criterion/criterion.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <string.h>

#include "ref/contact/contact.h"
#include "ref/dyn/dyn.h"
#include "ref/ga/nd.h"
#include "engine/integrate.h"
#include "ref/published/dyn_published.h"

#define TOL_ROUND 1e-13
#define TOL_QUAD 1e-12

static gsl_rng *rng;
static void setup(void) { rng = gsl_rng_alloc(gsl_rng_mt19937); }
static void teardown(void) { gsl_rng_free(rng); }
static double u(void) { return 2.0 * gsl_rng_uniform(rng) - 1.0; }

static void random_rotor(int n, double R[]) {
    double B[AK_MAX_BIV];
    for (int q = 0; q < ak_nd_nbiv(n); q++) B[q] = 1.5 * u();
    ak_nd_rotor_exp(n, R, B);
}

TestSuite(dyn, .init = setup, .fini = teardown);

// Hyperbox inertia I_ab = m (h_a^2 + h_b^2)/3, diagonal: checked against a tensor Gauss-Legendre
// quadrature of integral [r]* [r]*^T dm over the box (exact for this quadratic integrand).
Test(dyn, hyperbox_inertia_by_quadrature) {
    gsl_integration_glfixed_table *gl = gsl_integration_glfixed_table_alloc(3);
    cr_assert_not_null(gl);
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        double h[AK_MAX_DIM] = { 0.55, 0.15, 1.25, 0.35, 0.8 }, mass = 1.7, vol = 1.0;
        for (int i = 0; i < n; i++) vol *= 2 * h[i];
        int k = ak_nd_nbiv(n), npts = 1;
        for (int i = 0; i < n; i++) npts *= 3;
        double I[AK_MAX_BIV * AK_MAX_BIV] = { 0 };
        for (int p = 0; p < npts; p++) {
            double r[AK_MAX_DIM], wgt = mass / vol, S[AK_MAX_BIV * AK_MAX_DIM];
            for (int i = 0, c = p; i < n; i++, c /= 3) {
                double xi, wi;
                gsl_integration_glfixed_point(-h[i], h[i], (size_t)(c % 3), &xi, &wi, gl);
                r[i] = xi;
                wgt *= wi;
            }
            ak_nd_rstar(n, S, r);
            for (int a = 0; a < k; a++)
                for (int b = 0; b < k; b++)
                    for (int j = 0; j < n; j++) I[a * k + b] += wgt * S[a * n + j] * S[b * n + j];
        }
        double Iref[AK_MAX_BIV * AK_MAX_BIV];
        ak_dyn_hyperbox_inertia(n, Iref, NULL, mass, h);
        for (int a = 0; a < k; a++)
            for (int b = 0; b < k; b++) {
                double want = Iref[a * k + b];
                cr_assert(fabs(I[a * k + b] - want) < TOL_QUAD, "n=%d (%d,%d): %g vs %g", n, a, b,
                          I[a * k + b], want);
            }
    }
    gsl_integration_glfixed_table_free(gl);
}

// B-eq1 (R I(R~ w R) R~) equals B-eq4 ([R]_2 I [R]_2^T w), and the world Euler equation (B-eq5)
// gives R wdot_b R~ where wdot_b comes from the body form (B-eq2).
Test(dyn, world_and_body_forms_agree) {
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n);
        double I[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, Iinv[AK_MAX_BIV * AK_MAX_BIV] = { 0 };
        for (int q = 0; q < k; q++)
            I[q * k + q] = 0.5 + q * 0.37, Iinv[q * k + q] = 1 / I[q * k + q];
        for (int s = 0; s < 50; s++) {
            double R[AK_MAX_EVEN], w[AK_MAX_BIV], tau[AK_MAX_BIV], L1[AK_MAX_BIV], L2[AK_MAX_BIV];
            double Iw[AK_MAX_BIV * AK_MAX_BIV], Iwinv[AK_MAX_BIV * AK_MAX_BIV];
            random_rotor(n, R);
            for (int q = 0; q < k; q++) w[q] = u(), tau[q] = u();
            ak_dyn_spin(n, L1, I, R, w);
            ak_dyn_world_inertia(n, Iw, I, R);
            ak_dyn_world_inertia(n, Iwinv, Iinv, R);
            ak_dyn_biv_matvec(n, L2, Iw, w);
            for (int q = 0; q < k; q++) cr_assert(fabs(L1[q] - L2[q]) < TOL_ROUND);
            double wb[AK_MAX_BIV], tb[AK_MAX_BIV], db[AK_MAX_BIV], dw[AK_MAX_BIV], dww[AK_MAX_BIV];
            ak_dyn_biv_to_body(n, wb, R, w);
            ak_dyn_biv_to_body(n, tb, R, tau);
            ak_dyn_euler_body(n, db, I, Iinv, wb, tb);
            ak_dyn_biv_to_world(n, dw, R, db);
            ak_dyn_euler_world(n, dww, Iw, Iwinv, w, tau);
            for (int q = 0; q < k; q++) cr_assert(fabs(dw[q] - dww[q]) < 1e-12);
        }
    }
}

// An isotropic inertia s 1 (a hypersphere, a hypercube) is recognised exactly and only then;
// its world form is the body form (checked against [R]_2 I [R]_2^T of ak_dyn_world_inertia,
// which has no shortcut, to rounding) and its gyroscopic step leaves w unchanged (against the
// Newton step of an inertia 1e-9 away from isotropic, whose change is O(1e-9 h |w|^2)).
Test(dyn, isotropic_inertia_shortcuts) {
    for (int n = 2; n <= AK_MAX_DIM; n++) {
        int k = ak_nd_nbiv(n);
        double I[AK_MAX_BIV * AK_MAX_BIV] = { 0 }, J[AK_MAX_BIV * AK_MAX_BIV];
        for (int q = 0; q < k; q++) I[q * k + q] = 0.37;
        cr_assert_eq(ak_dyn_inertia_scalar(n, I), 0.37);
        memcpy(J, I, sizeof J);
        J[(k - 1) * k + k - 1] = nextafter(0.37, 1.0);
        if (k > 1)
            cr_assert_eq(ak_dyn_inertia_scalar(n, J), 0.0, "n = %d: one diagonal 1 ulp off", n);
        memcpy(J, I, sizeof J);
        if (k > 1) {
            J[1] = 1e-300;
            cr_assert_eq(ak_dyn_inertia_scalar(n, J), 0.0, "n = %d: an off-diagonal 1e-300", n);
        }
        memcpy(J, I, sizeof J);
        for (int q = 0; q < k; q++) J[q * k + q] = -0.37;
        cr_assert_eq(ak_dyn_inertia_scalar(n, J), 0.0, "n = %d: negative", n);
        for (int s = 0; s < 20; s++) {
            double R[AK_MAX_EVEN], W[AK_MAX_BIV * AK_MAX_BIV], C[AK_MAX_BIV * AK_MAX_BIV];
            random_rotor(n, R);
            ak_dyn_world_inertia(n, W, I, R);
            ak_contact_world_inv_inertia(n, C, I, R);
            for (int q = 0; q < k * k; q++) {
                cr_assert_eq(C[q], I[q], "n = %d: the world form is not the body form exactly", n);
                cr_assert(fabs(W[q] - I[q]) < TOL_ROUND, "n = %d: [R]_2 s 1 [R]_2^T = %g, not s 1",
                          n, W[q]);
            }
            double w[AK_MAX_BIV], w2[AK_MAX_BIV], w3[AK_MAX_BIV], h = 1.0 / 60;
            for (int q = 0; q < k; q++) w[q] = 3 * u();
            cr_assert_eq(ak_dyn_gyro_implicit_body(n, w2, I, w, h), 0);
            cr_assert_eq(ak_integrate_gyro_implicit_body(n, w3, I, w, h), 0);
            memcpy(J, I, sizeof J);
            J[0] *= 1.0 + 1e-9;
            double wn[AK_MAX_BIV];
            cr_assert_eq(ak_dyn_gyro_implicit_body(n, wn, J, w, h), 0);
            for (int q = 0; q < k; q++) {
                cr_assert_eq(w2[q], w[q]);
                cr_assert_eq(w3[q], w[q]);
                cr_assert(fabs(wn[q] - w[q]) < 1e-9 * h * 9 * k + TOL_ROUND, "n = %d: %g", n,
                          wn[q] - w[q]);
            }
        }
    }
}

// Projection as the integrators use it (ak_nd_rotor_renormalize after each step): a perturbed
// rotor becomes a unit rotor (all grades of R R~ - 1) and moves by no more than the perturbation.
Test(dyn, rotor_projection) {
    for (int n = 2; n <= AK_MAX_DIM; n++)
        for (int s = 0; s < 50; s++) {
            double R[AK_MAX_EVEN], P[AK_MAX_EVEN];
            random_rotor(n, R);
            cr_assert(ak_nd_rotor_defect(n, R) < 1e-14);
            for (int q = 0; q < ak_nd_neven(n); q++) P[q] = R[q] + 1e-4 * u();
            cr_assert_eq(ak_nd_rotor_renormalize(n, P), AK_GA_OK);
            cr_assert(ak_nd_rotor_defect(n, P) < 1e-15, "n=%d defect %g", n,
                      ak_nd_rotor_defect(n, P));
            for (int q = 0; q < ak_nd_neven(n); q++) cr_assert(fabs(P[q] - R[q]) < 1e-3);
        }
    double far[AK_MAX_EVEN] = { 3.0 };
    cr_assert_eq(ak_nd_rotor_renormalize(5, far), AK_GA_EZERO);
}

// The Newton step of B-4.int leaves a residual of order h^2 |w|^3 in f(w2) = I(w2-w1) - h w2 x I w2.
Test(dyn, implicit_gyroscopic_residual) {
    int n = 4, k = 6;
    double I[36] = { 0 };
    for (int q = 0; q < k; q++) I[q * k + q] = 0.3 + 0.2 * q;
    double w1[6] = { 0.3, -1.1, 0.7, 0.2, 0.5, -0.4 };
    for (double h = 0.1; h > 1e-3; h /= 10) {
        double w2[6], Iw[6], c[6], r = 0;
        cr_assert_eq(ak_dyn_gyro_implicit_body(n, w2, I, w1, h), 0);
        ak_dyn_biv_matvec(n, Iw, I, w2);
        ak_nd_commutator(n, c, w2, Iw);
        for (int q = 0; q < k; q++) r = fmax(r, fabs(I[q * k + q] * (w2[q] - w1[q]) - h * c[q]));
        cr_assert(r < 10 * h * h, "h=%g residual %g", h, r);
    }
}

// B-9 as printed is the negative of the commutator form (diagonal 4D inertia).
Test(dyn, b9_printed_is_negated_commutator_form) {
    double Id[6] = { 0.108, 0.622, 0.142, 0.528, 0.048, 0.562 }, Iinv[36] = { 0 }, I[36] = { 0 };
    for (int q = 0; q < 6; q++) I[q * 6 + q] = Id[q], Iinv[q * 6 + q] = 1 / Id[q];
    double w[6] = { 0.3, -1.1, 0.7, 0.2, 0.5, -0.4 }, a[6], b[6];
    ak_published_b9_euler4(a, Id, w);
    ak_dyn_euler_body(4, b, I, Iinv, w, NULL);
    for (int q = 0; q < 6; q++) cr_assert(fabs(a[q] + b[q]) < TOL_ROUND);
}

// The integrators' names are tested with the other options' names (test_scene.c, option_names).
