// Group "ga": PGA notes, App. A: the splits into classical terms, as printed
#include "verify/checks/checks_ga_common.h"

// ---- PGA notes, App. A: the splits into classical terms, as printed ------------------------------

// One check per transcribed equation (A.n): the check id ends in the number. Every "=" of the
// printed chain is evaluated in the generic algebra Cl(3,0,1) (oracles/pga_appendix_a.c) on random
// point-mass bodies, motors, rates and forces. A.2 is compared with central differences of the
// moved point (h = 1e-6: O(h^2) truncation, eps/h rounding, hence its own tolerance). A printed
// slip (A.1's middle line, A.9's last line) is measured too and must show (docs/errata.md).
static void check_appa(ak_check_ctx *c) {
    const char *id = ak_check_id(c), *dot = strrchr(id, '.');
    int eq = dot ? atoi(dot + 1) : 0;
    gsl_rng *r = ga_rng_new(300 + (unsigned long)eq);
    long samples = ak_samples(c, 1000, 100);
    double worst = 0.0, slip = INFINITY;
    bool has_slip = false;
    for (long s = 0; s < samples; s++) {
        worst = fmax(worst, ak_appa_residual(eq, r));
        double p = ak_appa_printed_slip(eq, r);
        if (p >= 0.0) has_slip = true, slip = fmin(slip, p);
    }
    gsl_rng_free(r);
    const ak_appa_eq *e = &ak_appa_eqs[eq - 1];
    double tol = eq == 2 ? 1e-8 : TOL_TRANSCEND;
    ak_value(c, "max_residual", worst);
    ak_measure(c, worst, tol,
               "(A.%d) %s: max |left - right| = %.2g over %ld random instances in Cl(3,0,1)%s", eq,
               e->printed, worst, samples,
               eq == 2 ? " (vs central differences of the moved point)" : "");
    if (has_slip)
        ak_expect(c, slip > 1e-3,
                  "the printed line with the slip is wrong: smallest |left - right| %.3g (erratum)",
                  slip);
}

static const ak_check CHECKS[] = {
    { "ga.pga.A.1", "P-A.1",
      "PGA notes (A.1) as printed, generic Cl(3,0,1): point velocity X x B_w = (v_w + x.B_w)I",
      check_appa },
    { "ga.pga.A.2", "P-A.2",
      "PGA notes (A.2) as printed, generic Cl(3,0,1): xdot = v_w + x.B_w vs finite differences",
      check_appa },
    { "ga.pga.A.3", "P-A.3",
      "PGA notes (A.3) as printed, generic Cl(3,0,1): classical inertia sum m r^(r.B) vs the "
      "tensor form",
      check_appa },
    { "ga.pga.A.4", "P-A.4",
      "PGA notes (A.4) as printed, generic Cl(3,0,1): PGA body inertia: sum m X v (X x B) = m v.O "
      "- I_C[B]I",
      check_appa },
    { "ga.pga.A.5", "P-A.5",
      "PGA notes (A.5) as printed, generic Cl(3,0,1): inverse inertia eps v/m + I_C^-1[B]",
      check_appa },
    { "ga.pga.A.6", "P-A.6",
      "PGA notes (A.6) as printed, generic Cl(3,0,1): the inertia map (A.4 as a map)", check_appa },
    { "ga.pga.A.7", "P-A.7",
      "PGA notes (A.7) as printed, generic Cl(3,0,1): eigenblades: I_b[E_k] = -i_k E_k I = i_k "
      "*E_k",
      check_appa },
    { "ga.pga.A.8", "P-A.8",
      "PGA notes (A.8) as printed, generic Cl(3,0,1): I_b[eps e_k] = m e_k.O = m *(eps e_k)",
      check_appa },
    { "ga.pga.A.9", "P-A.9", "PGA notes (A.9) as printed, generic Cl(3,0,1): parallel axis theorem",
      check_appa },
    { "ga.pga.A.12", "P-A.12",
      "PGA notes (A.12) as printed, generic Cl(3,0,1): world rate split under M = T_c R",
      check_appa },
    { "ga.pga.A.13", "P-A.13", "PGA notes (A.13) as printed, generic Cl(3,0,1): B_w = R B_b R~",
      check_appa },
    { "ga.pga.A.14", "P-A.14",
      "PGA notes (A.14) as printed, generic Cl(3,0,1): v_w = R v_b R~ - c.(R B_b R~)", check_appa },
    { "ga.pga.A.15", "P-A.15",
      "PGA notes (A.15) as printed, generic Cl(3,0,1): M (I_C[B]I) M~ = R I_C[B] R~ I",
      check_appa },
    { "ga.pga.A.16", "P-A.16",
      "PGA notes (A.16) as printed, generic Cl(3,0,1): total forque split f.O - T_O I",
      check_appa },
    { "ga.pga.A.20", "P-A.20",
      "PGA notes (A.20) as printed, generic Cl(3,0,1): forque point split at C", check_appa },
    { "ga.pga.A.21", "P-A.21",
      "PGA notes (A.21) as printed, generic Cl(3,0,1): forque Euclidean split", check_appa },
    { "ga.pga.A.22", "P-A.22",
      "PGA notes (A.22) as printed, generic Cl(3,0,1): world inertia on Bdot_w, point split at C",
      check_appa },
    { "ga.pga.A.25", "P-A.25",
      "PGA notes (A.25) as printed, generic Cl(3,0,1): kinetic energy split", check_appa },
    { "ga.pga.A.26", "P-A.26",
      "PGA notes (A.26) as printed, generic Cl(3,0,1): power split B_w ^ F_w", check_appa },
    { "ga.pga.A.27", "P-A.27",
      "PGA notes (A.27) as printed, generic Cl(3,0,1): power with T = x ^ f", check_appa },
    { "ga.pga.A.28", "P-A.28", "PGA notes (A.28) as printed, generic Cl(3,0,1): power = xdot . f",
      check_appa },
};

AK_TOPIC(ga_appendix_a, CHECKS)
