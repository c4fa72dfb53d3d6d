/// @file pga_appendix_lines.h
/// Test-only, line-by-line evaluation of printed chains of Dorst & De Keninck 2023, App. A, that
/// pga_appendix_a.c compares only end to end or not at all: each "=" of a chain on its own,
/// member k against member k + 1, in the generic algebra Cl(3,0,1) (ref/ga/cl.h) with the
/// notation of pga_appendix_a.h (O = I_3 = e123, 𝓘 = eps I_3 = e0123, X = O + x𝓘, "." the left
/// contraction, "x" the commutator, "v" the join, T_q = 1 - eps q/2).
#ifndef AK_VERIFY_PGA_APPENDIX_LINES_H
#define AK_VERIFY_PGA_APPENDIX_LINES_H

#include <gsl/gsl_rng.h>

/// The chains: an ID, the printed members (plain text), and how many there are.
typedef struct ak_appl_chain {
    const char *id;    ///< formula ID of the chain
    const char *where; ///< where it is printed
    int nmembers;
    const char *members[8]; ///< the printed members, in order
} ak_appl_chain;

enum {
    AK_APPL_PA9PGA,
    AK_APPL_PA8_3D_EPS,
    AK_APPL_PA8_3D_E1,
    AK_APPL_PA22_SPLIT,
    AK_APPL_PA4,
    AK_APPL_PA9,
    AK_APPL_PA12,
    AK_APPL_PA20,
    AK_APPL_PA22,
    AK_APPL_PA25,
    AK_APPL_PA26,
    AK_APPL_PB17,
    AK_APPL_NCHAINS
};
extern const ak_appl_chain ak_appl_chains[AK_APPL_NCHAINS];

/// |member k - member k+1| for k = 0 .. nmembers-2 on one random instance from r (res must hold
/// nmembers - 1 values). Returns the number of residuals written.
int ak_appl_residuals(int chain, gsl_rng *r, double res[]);
/// The corrected member, where a member is wrong: |corrected - member k-1| (its left neighbour);
/// -1 when the chain has no correction for member k.
double ak_appl_corrected(int chain, int k, gsl_rng *r);

#endif
