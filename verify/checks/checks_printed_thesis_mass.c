// Torres' thesis, App. C.1 (Into Another Dimension, Princeton 2022): the hypersphere's moment of
// inertia, every member of every printed chain on its own, through the member-by-member
// transcription verify/oracles/thesis_appc_lines.c, against the nested GSL quadrature of the
// mass group (checks_mass_common.h) over the 4-ball: the volume, the second moments, the six
// plane moments I_uv = integral (u^2 + v^2) dM.
#include <math.h>
#include <string.h>

#include "verify/checks/checks_printed.h"
#include "verify/checks/checks_mass_common.h"
#include "verify/oracles/thesis_appc_lines.h"

static double ball_volume(double R) {
    region g;
    memset(&g, 0, sizeof g);
    g.kind = RG_BALL, g.n = 4, g.R = R;
    moment m = { .p = -1, .q = -1, .rho = 1.0 };
    return mass_region_integral(&g, mass_moment_fn, &m, 1.0, NULL);
}

void ak_check_printed_thesis_appc1(ak_check_ctx *c) {
    static const double TM[3] = { 2.5, 0.8, 13.0 }, TR[3] = { 0.6, 1.4, 0.35 };
    double drho = 0, dV = 0, dM = 0, dMint = 0, dfirst = 0, dlater = 0, dres = 0, dtable = 0;
    int nsets = mass_nsets(c);
    for (int s = 0; s < nsets; s++) {
        double M = TM[s], R = TR[s];
        double V = ball_volume(R);
        // rho = M / (1/2 pi^2 R^4) = 2M / (pi^2 R^4), against M / V (quadrature)
        drho = fmax(drho, fmax(mass_relerr(ak_tc1_rho(0, M, R), M / V),
                               mass_relerr(ak_tc1_rho(1, M, R), M / V)));
        // dV = 2 pi^2 r^3 dr: its integral from 0 to r is the quadrature volume of radius r
        for (int k = 1; k <= 2; k++) {
            double r = R * k / 2.0, sum = 0;
            const int n = 2000; // Simpson on the printed integrand (a cubic: exact)
            for (int i = 0; i <= n; i++) {
                double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
                sum += w * ak_tc1_dV(r * i / n);
            }
            dV = fmax(dV, mass_relerr(sum * r / n / 3.0, ball_volume(r)));
        }
        // dM: the three members equal, and the printed dM integrates to M
        for (int i = 1; i <= 9; i++) {
            double r = R * i / 10.0, m2 = ak_tc1_dM(2, M, R, r);
            dM = fmax(dM, fmax(mass_relerr(ak_tc1_dM(0, M, R, r), m2),
                               mass_relerr(ak_tc1_dM(1, M, R, r), m2)));
        }
        {
            double sum = 0;
            const int n = 2000;
            for (int i = 0; i <= n; i++) {
                double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
                sum += w * ak_tc1_dM(2, M, R, R * i / n);
            }
            dMint = fmax(dMint, mass_relerr(sum * R / n / 3.0, M));
        }
        // 6 I_cm: the first four members by quadrature over the ball
        region g;
        memset(&g, 0, sizeof g);
        g.kind = RG_BALL, g.n = 4, g.R = R;
        raw_moments q = mass_quad_moments(&g, M / V, NULL);
        double C[16], I[36];
        memcpy(C, q.S, sizeof C); // about the centre (the origin): the covariance is S
        mass_inertia_of_cov(4, I, C);
        double m1 = 0, m2 = 0, m3 = 0;
        for (int k = 0; k < 6; k++) m1 += I[k * 6 + k]; // I_cm,xy + ... + I_cm,zw
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) m2 += q.S[a * 4 + a] + q.S[b * 4 + b];
        for (int a = 0; a < 4; a++) m3 += 3.0 * q.S[a * 4 + a]; // = 3 int (x^2+y^2+z^2+w^2) dM
        dfirst = fmax(dfirst, fmax(mass_relerr(m2, m1), mass_relerr(m3, m1)));
        // the later members (printed dM, closed forms), each against the quadrature's 6 I_cm
        for (int k = 0; k <= 5; k++) dlater = fmax(dlater, mass_relerr(ak_tc1_six_I(k, M, R), m1));
        // I_cm = 1/3 M R^2 = (the last member) / 6, and the printed table: all six moments
        dres = fmax(dres, fmax(mass_relerr(ak_tc1_I(M, R), ak_tc1_six_I(5, M, R) / 6.0),
                               mass_relerr(ak_tc1_I(M, R), m1 / 6.0)));
        for (int k = 0; k < 6; k++)
            dtable = fmax(dtable, mass_relerr(ak_tc1_I(M, R), I[k * 6 + k]));
    }
    ak_measure(c, drho, QUAD_TOL,
               "T-C.1 rho = M/(1/2 pi^2 R^4) = 2M/(pi^2 R^4) against M/V (quadrature): %.3g", drho);
    ak_measure(c, dV, QUAD_TOL,
               "T-C.1 dV = 2 pi^2 r^3 dr: its integral against the quadrature volume: %.3g", dV);
    ak_measure(c, dM, 1e-14,
               "T-C.1 dM = rho dV = (2m/(pi^2 R^4)) 2 pi^2 r^3 dr = 4 M r^3 dr/R^4, each \"=\" "
               "(m read as M): %.3g",
               dM);
    ak_measure(c, dMint, QUAD_TOL, "T-C.1 the printed dM integrates to M over [0, R]: %.3g", dMint);
    ak_measure(c, dfirst, QUAD_TOL,
               "T-C.1 6 I_cm = sum of the six I_cm,uv = sum of int (u^2+v^2) dM = int (3x^2+3y^2+"
               "3z^2+3w^2) dM = 3 int (x^2+...+w^2) dM (quadrature): %.3g",
               dfirst);
    ak_measure(c, dlater, QUAD_TOL,
               "T-C.1 the six later members (3 int r^2 dM ... (12M/R^4)(R^6/6)) against the "
               "quadrature's 6 I_cm: %.3g",
               dlater);
    ak_measure(c, dres, QUAD_TOL, "T-C.1 I_cm = 1/3 M R^2 = (12M/R^4)(R^6/6)/6: %.3g", dres);
    ak_measure(c, dtable, QUAD_TOL,
               "T-C.1 the printed table (all six plane moments 1/3 M R^2) against quadrature: %.3g",
               dtable);
}

// App. C.2 (T-C.2): eqs. C.1 and C.2 member by member, and each of the six chains
// I_uv = I_s,uv + 2 I_c,uv = (closed form) with each "=" on its own: the first against the
// quadrature of the hypercapsule and of its parts (spherinder about its centre, one cap about the
// capsule's centre, same density), the second with the printed masses.
void ak_check_printed_thesis_appc2(ak_check_ctx *c) {
    static const double TM[3] = { 2.5, 0.8, 13.0 }, TR[3] = { 0.6, 1.4, 0.35 },
                        TH[3] = { 1.1, 0.5, 2.6 };
    double dMs = 0, dMc = 0, dsplit = 0, least_third = INFINITY, worst_mass = 0;
    int nsets = mass_nsets(c);
    for (int s = 0; s < nsets; s++) {
        double M = TM[s], R = TR[s], H = TH[s], h = H / 2;
        region gcap, gs, gc;
        memset(&gcap, 0, sizeof gcap);
        memset(&gs, 0, sizeof gs);
        memset(&gc, 0, sizeof gc);
        gcap.kind = RG_CAPSULE, gcap.n = 4, gcap.R = R, gcap.h = h;
        gs.kind = RG_SPHERINDER, gs.n = 4, gs.R = R, gs.h = h;
        gc.kind = RG_HALF_BALL, gc.n = 4, gc.R = R;
        moment m1 = { .p = -1, .q = -1, .rho = 1.0 };
        double V = mass_region_integral(&gcap, mass_moment_fn, &m1, 1.0, NULL);
        double rho = M / V, about[4] = { 0, -h, 0, 0 };
        raw_moments qc = mass_quad_moments(&gcap, rho, NULL),
                    qs = mass_quad_moments(&gs, rho, NULL), qh = mass_quad_moments(&gc, rho, about);
        double Icap[36], Is[36], Ic[36], P[6];
        mass_inertia_of_cov(4, Icap, qc.S);
        mass_inertia_of_cov(4, Is, qs.S);
        mass_inertia_of_cov(4, Ic, qh.S);
        ak_tc2_inertia(P, M, R, H);
        for (int k = 0; k < 6; k++) {
            double first = Icap[k * 6 + k], second = Is[k * 6 + k] + 2 * Ic[k * 6 + k];
            dsplit = fmax(dsplit, mass_relerr(second, first));
            least_third = fmin(least_third, mass_relerr(P[k], second));
        }
        for (int m = 0; m < 2; m++) {
            dMs = fmax(dMs, mass_relerr(ak_tc2_Ms(m, M, R, H), ak_tc2_Ms(2, M, R, H)));
            dMc = fmax(dMc, mass_relerr(ak_tc2_Mc(m, M, R, H), ak_tc2_Mc(2, M, R, H)));
        }
        worst_mass = fmax(worst_mass, fmax(mass_relerr(ak_tc2_Ms(2, M, R, H), qs.mass),
                                           mass_relerr(ak_tc2_Mc(2, M, R, H), qh.mass)));
    }
    ak_measure(c, fmax(dMs, dMc), 1e-14,
               "T-C.2 eqs. C.1, C.2: rho V = M/(pi R^2 (4/3 H + 1/2 pi R^2)) V = the closed form, "
               "each \"=\" (with the printed V_s, V_c): %.3g",
               fmax(dMs, dMc));
    ak_expect(c, worst_mass > 0.1,
              "T-C.2: the printed M_s, M_c against the quadrature masses of the spherinder and one "
              "cap: off by up to %.3g (relative; the R^2 of the printed volume, and V_c the whole "
              "hypersphere)",
              worst_mass);
    ak_measure(c, dsplit, QUAD_TOL,
               "T-C.2 first \"=\" of the six chains, I_uv = I_s,uv + 2 I_c,uv (quadrature of the "
               "parts about the capsule's centre): %.3g",
               dsplit);
    ak_expect(c, least_third > 0.01,
              "T-C.2 second \"=\" (the printed closed forms) against I_s,uv + 2 I_c,uv: off by at "
              "least %.3g (relative) on every component and parameter set: wrong",
              least_third);
    ak_value(c, "T-C.2_least_error_of_closed_form", least_third);
}
