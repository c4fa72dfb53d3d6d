/// @file pga_collision.h
/// Test-only evaluation of Dorst & De Keninck 2023, §2.6, eq. 2.33 as printed: after a frictionless
/// contact at the point Q with the normal line N = n·Q (out of the "+" body, the plane contact
/// object, into the "−" body, the point contact object), B₊ ← B₊ + jI₊⁻¹[N] and
/// B₋ ← B₋ − jI₋⁻¹[N], with j from eq. 2.32's numerator and the corrected denominator
/// (Q ∨ Q × (I₊⁻¹[N] + I₋⁻¹[N]))·Ñ (docs/formulas/world.md, P-2.32). Generic algebra Cl(3,0,1)
/// (cl301.h); the bodies are point masses, I_w[B] = Σ mᵢXᵢ ∨ (Xᵢ × B) (eq. 2.13) inverted as a
/// 6 × 6 matrix; the velocities of the points are five-point central differences (h = 1e-3) of
/// X(t) = exp(−Bt/2) X exp(Bt/2), so the checks are Euclidean and independent of the PGA forms.
#ifndef AK_VERIFY_PGA_COLLISION_H
#define AK_VERIFY_PGA_COLLISION_H

#include <gsl/gsl_rng.h>

enum {
    AK_PCOL_RESTITUTION, ///< |(u₋′ − u₊′)·n + ρ(u₋ − u₊)·n| at Q, u by differences
    AK_PCOL_LINEAR,      ///< |Δ Σ m ẋ| over both bodies (equal and opposite impulses)
    AK_PCOL_ANGULAR,     ///< |Δ Σ m x ∧ ẋ| over both bodies
    AK_PCOL_LINE, ///< the "−" body's change is an impulse along n through Q: |Δp₋ ∧ n|,
                  ///< |ΔL₋ − q ∧ Δp₋|
    AK_PCOL_NRES
};

/// One random instance (two bodies of six point masses, random rates, approaching at Q,
/// ρ in [0, 1]): the residuals above, and *apart = (Δp₋·n > 0), the "−" body pushed out of the
/// plane. Returns 0, or -1 when the inertia matrix is singular.
int ak_pcol_residuals(gsl_rng *r, double res[AK_PCOL_NRES], int *apart);

#endif
