/// @file pga_chapter2.h
/// Test-only, line-by-line evaluation of the printed equations and chains of Dorst & De Keninck
/// 2023, ch. 2 (§2.1 kinematics, §2.2 momentum and inertia, §2.3 forques, §2.4 the law of motion,
/// §2.5.6 the free hypercube, §2.7 energy and power): each "=" on its own, member k against member
/// k + 1, in the generic algebra Cl(3,0,1) (ref/ga/cl.h), with the notation of
/// pga_appendix_lines.h (ε = e0, O = 𝐈_3 = e123, 𝓘 = ε𝐈_3 = e0123, X = O + x𝓘, "." the left
/// contraction, "x" the commutator ½(PQ − QP), "v" the join). Time derivatives that a member
/// writes as a derivative (d/dt, a dot over a motor or a point) are five-point central differences
/// (h = 1e-3) of the moving quantity, so a member that names a rate is measured, not derived.
/// The motions are M(t) = exp(−B₁t/2) M₀ exp(−B₂t/2): a world rate and a body rate at once, so
/// that B_w, B_b and the rate of B_b are all non-constant (Ṁ = −½(B₁M + MB₂) exactly).
#ifndef AK_VERIFY_PGA_CHAPTER2_H
#define AK_VERIFY_PGA_CHAPTER2_H

#include <gsl/gsl_rng.h>

/// A printed equation or chain: its formula ID, where it is printed, and each "=" it evaluates
/// (as printed, "..." standing for the member before).
typedef struct ak_pch2_chain {
    const char *id;
    const char *where;
    int neqs;
    const char *eqs[12];
} ak_pch2_chain;

enum {
    AK_PCH2_21,     ///< eq. 2.1: Ṁ = −½BM, B = −2ṀM~ for M = exp(−Bt/2)M₀
    AK_PCH2_21P,    ///< §2.1.1 the paradox: d/dt exp(−Bt/2) = −½B exp(−Bt/2) = −½BM
    AK_PCH2_22,     ///< eq. 2.2: Ṁ = −½MB′, B′ = −2M~Ṁ for M = M₀exp(−B′t/2)
    AK_PCH2_22W,    ///< after eq. 2.2: B = MB′M~ when exp(−Bt/2)M₀ = M₀exp(−B′t/2)
    AK_PCH2_23,     ///< eq. 2.3 and the grade argument: B = −2ṀM~ = 2MṀ~ = 2(ṀM~)~ = −B~
    AK_PCH2_24,     ///< eq. 2.4: ṀM~ = −MṀ~ and Ṁ~ = −M~ṀM~
    AK_PCH2_XDOT,   ///< §2.1.2 step 2: the chain Ẋ = ... = X × B, with 2.5's commutator
    AK_PCH2_26,     ///< eq. 2.6: Ṁ = −½B_wM
    AK_PCH2_27,     ///< eq. 2.7: Ṁ = −½MB_b with B_b = M~B_wM, and B_w = MB_bM~
    AK_PCH2_28,     ///< eq. 2.8: Ẋ_w = X_w × B_w
    AK_PCH2_29,     ///< eq. 2.9: the chain for a moving X_b
    AK_PCH2_210,    ///< eq. 2.10: d/dt(O + x𝓘) = ẋ𝓘 = X × B_w
    AK_PCH2_PMASS,  ///< §2.2.1: P ≡ mX ∨ Ẋ = mX ∨ (ẋ𝓘) = mẋ·X
    AK_PCH2_PSPLIT, ///< §2.2.1: the point split P = mv·X = ... = mv·Y − (r ∧ mv)𝓘
    AK_PCH2_212,    ///< eqs. 2.11-2.13: P = ΣP_i = Σm_iX_i ∨ Ẋ_i = Σm_iX_i ∨ (X_i × B_w)
    AK_PCH2_214,    ///< eq. 2.14: I_b[B_b] ≡ M~ I_w[MB_bM~] M, the body-point sum
    AK_PCH2_215,    ///< eq. 2.15: the centroid chain
    AK_PCH2_216,    ///< eq. 2.16 and §2.2.5 step 1: I_C[aI_3]/I_3 is the classical tensor
    AK_PCH2_217,    ///< eqs. 2.17, 2.19: B_b ≡ 𝐁_b + ε𝐯_b = Σ[B]_ij e_ij + Σ[B]_0k e_0k
    AK_PCH2_218,    ///< eq. 2.18: I_b[𝐁_b + ε𝐯_b] = m𝐯_b·O − I_C[𝐁_b]𝓘
    AK_PCH2_220,    ///< eq. 2.20: the swapped eigen-coefficients
    AK_PCH2_221,    ///< eq. 2.21: the inverse, I_b^-1[I_b[B]] = B
    AK_PCH2_222,    ///< eqs. 2.22/2.30: the Hodge form Σλ_ij[B]_ij ⋆e_ij
    AK_PCH2_223,    ///< eq. 2.23: d/dt I_b[B_b] = I_b[Ḃ_b]
    AK_PCH2_224,    ///< eq. 2.24: the chain for d/dt I_w[B_w]
    AK_PCH2_225,    ///< eq. 2.25: F = Q ∨ (f𝓘) = f·Q
    AK_PCH2_226,    ///< eq. 2.26: the point split of a force line
    AK_PCH2_FORQUE, ///< §2.3.3: F = ΣF_i = Σf_i·Q_i, and the aside's internal forces
    AK_PCH2_227,    ///< eq. 2.27 and Table 2.1's Ṗ = F (differences of P)
    AK_PCH2_228,    ///< eq. 2.28: Ḃ_b = I_b^-1[B_b × I_b[B_b] + F_b]
    AK_PCH2_229,    ///< eq. 2.29: Ṁ = −½MB_b
    AK_PCH2_256,    ///< §2.5.6: the unit-inertia state derivative and dState as printed
    AK_PCH2_234,    ///< eq. 2.34: T𝓘 = ½B_b ∧ I_b[B_b]
    AK_PCH2_235,    ///< eq. 2.35: T = ½B_b ∨ I_b[B_b]
    AK_PCH2_236,    ///< eq. 2.36: Π𝓘 = B ∧ F
    AK_PCH2_237,    ///< eq. 2.37: Π = B ∨ F
    AK_PCH2_254,    ///< §2.5.4: e^{αB̄} = 1 + αB̄, cos α + B̄ sin α, cosh α + B̄ sinh α
    AK_PCH2_231,    ///< §2.5.7, eq. 2.31: F_g = ⋆(M~(−9.81e₀₂)M)
    AK_PCH2_HOOKE,  ///< §2.5.7: F_H = k(P_b ∨ (M~A_wM))
    AK_PCH2_DAMP,   ///< §2.5.7: F_d = ⋆(−αB)
    AK_PCH2_B2,     ///< App. B.1, eqs. B.1 and B.2: the free body in the Euclidean split
    AK_PCH2_A10,    ///< App. A.8, eq. A.10 and the lines after A.14: P = p·C − L𝓘
    AK_PCH2_A11,    ///< App. A.8, eq. A.11: P = M(m𝐯_b·O − I_C[𝐁_b]𝓘)M~
    AK_PCH2_15,     ///< §1.5, Fig. 1.3: the exp and log code of 3D PGA as printed
    AK_PCH2_C2,     ///< App. C.2, eq. C.13 and the Chasles split after it
    AK_PCH2_C5,     ///< App. C.5: the three forms of a motor chain and of −2Ṁ
    AK_PCH2_255,    ///< §2.5.5: points ⋆(ε + xⁱeᵢ), the origin ⋆ε
    AK_PCH2_B14,    ///< App. B.3, eqs. B.7 and B.14: the symmetric top's A
    AK_PCH2_NCHAINS
};
extern const ak_pch2_chain ak_pch2_chains[AK_PCH2_NCHAINS];

/// The residual |left − right| of each "=" (eqs[k]) on one random instance drawn from r (res must
/// hold neqs values). Returns the number of residuals written (neqs).
int ak_pch2_residuals(int chain, gsl_rng *r, double res[]);
/// Where "=" k is printed wrong: |left − corrected right| on a random instance; −1 when the chain
/// has no correction for "=" k.
double ak_pch2_corrected(int chain, int k, gsl_rng *r);

#endif
