/// @file pga_appendix_a.h
/// Test-only transcription of Appendix A of Dorst & De Keninck, "May the Forque Be with You"
/// (2023): the Euclidean and point splits of the PGA quantities into classical terms, eqs.
/// (A.1) ... (A.28) (IDs P-A.1 ... P-A.28). Each transcribed equation is evaluated as printed, left
/// side against right side (every "=" of a printed chain), in the generic algebra Cl(3,0,1) of
/// ref/ga/cl.h on random inputs: point-mass bodies with their centroid at the origin, random
/// motors M = T_c R, random bivectors, forces and points.
///
/// Notation as in the notes (§1.3, A.2, A.11): e0 = epsilon (the null vector, bit 0), I_3 = e_123,
/// the PGA pseudoscalar 𝓘 = epsilon I_3 = e_0123, the origin point O = I_3, a point
/// X = O + x 𝓘; "a · b" is the left contraction, "×" the commutator (ab - ba)/2, "∨" the join
/// (ak_cl_rp), the translator T_c = 1 - epsilon c/2 (the notes' eq. for T_t, §1.1).
#ifndef AK_VERIFY_PGA_APPENDIX_A_H
#define AK_VERIFY_PGA_APPENDIX_A_H

#include <gsl/gsl_rng.h>
#include <stddef.h>

typedef struct ak_appa_eq {
    int eq;              ///< equation number n of (A.n)
    const char *printed; ///< the printed equation (plain-text transcription)
    int evaluated;       ///< 1: evaluated numerically here; 0: not an equation to evaluate
    const char *why_not; ///< when not evaluated: why (a restatement, a definition, ...)
} ak_appa_eq;

extern const ak_appa_eq ak_appa_eqs[28];

/// Largest |left - right| of equation (A.eq) on one random instance drawn from r: every "=" of the
/// printed chain, except the printed slips (below), where the text's own statement is used (A.1:
/// the endpoints; A.9: with the factor m that the text names). A.2 is compared with central
/// differences of the moved point (h = 1e-6). Returns -1 when the equation is not evaluated.
double ak_appa_residual(int eq, gsl_rng *r);
/// The residual of a printed line with a slip: A.1's middle line (+ B_w x𝓘 where the commutator
/// needs -), A.9's last line (m dropped); -1 for the other equations.
double ak_appa_printed_slip(int eq, gsl_rng *r);

#endif
