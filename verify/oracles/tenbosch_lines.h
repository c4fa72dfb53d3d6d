/// @file tenbosch_lines.h
/// Test-only evaluation of ten Bosch 2020 (N-Dimensional Rigid Body Dynamics), §3 to §6, as
/// printed: the state's rates (§3), eq. (1), eq. (2), eq. (3) with r·ω = [r]⋆ᵀω, the inertia
/// matrix I = ∫[r]⋆[r]⋆ᵀ dV (point masses), eqs. (4), (5), §5's simplex covariance and §6, each
/// "=" on its own in the generic algebra Cl(n,0,0), n = 2..5 (ref/ga/cl.h), bivectors as vectors
/// on the lexicographic basis (e_xy, e_xz, ...). §5 is measured against the vertex formula
/// ∫_T x xᵀ dV = V/((n+1)(n+2)) (Σ_a p_a p_aᵀ + s sᵀ), s = Σ_a p_a, over an n-simplex's vertices. Time derivatives that a member writes as a rate are five-point
/// central differences (h = 1e-3) of the moving quantity; the motions are
/// R(t) = exp(−At/2) R₀ exp(−Ct/2), so the world rate ω = A + RCR~ and the body rate both change.
#ifndef AK_VERIFY_TENBOSCH_LINES_H
#define AK_VERIFY_TENBOSCH_LINES_H

#include <gsl/gsl_rng.h>

/// A printed equation or chain: its formula ID, where it is printed, each "=" it evaluates.
typedef struct ak_tbl_chain {
    const char *id;
    const char *where;
    int neqs;
    const char *eqs[8];
} ak_tbl_chain;

enum {
    AK_TBL_B3,  ///< §3: R_t = −½ωR with ω a bivector; the point velocity r·ω
    AK_TBL_EQ3, ///< §4, eq. (3): r ∧ a = [r]⋆a and r·ω = [r]⋆ᵀω
    AK_TBL_I, ///< §4: I(ω) = ∫[r]⋆[r]⋆ᵀ dV ω = Iω, against L(ω) = ∫ r ∧ (r·ω) dV
    AK_TBL_EQ1, ///< §3, eq. (1): L(ω) = R I(ω) R~, against Σ m x ∧ ẋ of the moving points
    AK_TBL_EQ2, ///< §3, eq. (2): I(ω_t) − ω × I(ω) = τ in the body frame (τ = L_t)
    AK_TBL_EQ4, ///< §4, eq. (4): I′ = [R]₂ I [R]₂ᵀ, R I(R~ωR) R~ = I′ω
    AK_TBL_EQ5, ///< §4, eq. (5): I′ω_t − ω × I′ω = τ in the world frame
    AK_TBL_B5, ///< §5: the canonical covariance, C′ = det(M) M C Mᵀ, the [r]⋆ expansion, the mesh
    AK_TBL_B6, ///< §6: v₀ = v ± j/m, ω₀ = ω ± I⁻¹(r ∧ j) = ω ± I⁻¹[r]⋆j, u₀ = u ± Kj
    AK_TBL_NCHAINS
};
extern const ak_tbl_chain ak_tbl_chains[AK_TBL_NCHAINS];

/// The residual |left − right| of each "=" on one random instance (a random n in 2..5) drawn
/// from r; returns neqs (res must hold 8 values).
int ak_tbl_residuals(int chain, gsl_rng *r, double res[]);

#endif
