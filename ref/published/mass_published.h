/// @file mass_published.h
/// Mass-property formulas transcribed AS PUBLISHED, wrong ones included, so that every verdict
/// in docs/formulas/mass.md stays executable. Do not use these in the engine: the correct forms
/// are in mass/mass.h. Each function names its formula ID and its source location, and says
/// whether the printed form is right (the checks in verify/checks/checks_mass.c assert each verdict).
///
/// Thesis notation (Torres 2022, Ch. 3 and App. C): M mass, R radius, H the height of the
/// hypercapsule's spherinder (H = 2 half_length), s the hyperbox's scale vector = full edge
/// lengths (s_i = 2 half_extents[i]). 4D inertia arrays are the 6 diagonal entries in the order
/// the thesis prints them, I_11 .. I_66 = xy, xz, xw, yz, yw, zw (the same lexicographic order).
/// Hodges (G-16): 3D inertia tensors about axes, I_00 = integral (y^2 + z^2) dm etc.
#ifndef AK_PUBLISHED_MASS_PUBLISHED_H
#define AK_PUBLISHED_MASS_PUBLISHED_H

// ---- thesis Ch. 3 ------------------------------------------------------------------------------

/// T-3.1 (Ch. 3.1, eq 3.1): S_hs = 2 pi^2 R^3. Correct.
double ak_pub_mass_T3_1_hypersphere_surface(double R);
/// T-3.2 (eq 3.2): V_hs = 1/2 pi^2 R^4. Correct.
double ak_pub_mass_T3_2_hypersphere_volume(double R);
/// T-3.3 (eq 3.3): rho = 2 M / (pi^2 R^4). Correct.
double ak_pub_mass_T3_3_hypersphere_density(double M, double R);
/// T-3.hs (Ch. 3.1, unnumbered): I_11 = .. = I_66 = 1/3 M R^2. Correct.
void ak_pub_mass_T3_hs_hypersphere_inertia(double I[6], double M, double R);
/// T-3.4 (Ch. 3.2, eq 3.4): S_hc = 4 pi R^2 H + 2 pi^2 R^3. Correct.
double ak_pub_mass_T3_4_hypercapsule_surface(double R, double H);
/// T-3.5 (eq 3.5): V_hc = 4/3 pi R^3 H + 1/2 pi^2 R^4. Correct.
double ak_pub_mass_T3_5_hypercapsule_volume(double R, double H);
/// T-3.hc (Ch. 3.2, unnumbered; same as App. C.2): with M_s, M_c from eqs C.1, C.2,
/// I_11 = I_44 = I_55 = 1/3 M_s (2/5 R^2 + H^2/4) + 2 M_c (1/3 R^2 + H^2/4 + 16 R H / (15 pi)),
/// I_22 = I_33 = I_66 = 2/5 M_s R^2 + 2/3 M_c R^2.
/// WRONG (docs/errata.md): the spherinder term 2/15 R^2 should be R^2/5 (T-C.2.1), and M_s, M_c
/// are wrong (eqs C.1, C.2).
void ak_pub_mass_T3_hc_hypercapsule_inertia(double I[6], double M, double R, double H);
/// T-3.6 (Ch. 3.3, eq 3.6): S_hb = 2 (s_x s_y + s_x s_z + s_x s_w + s_y s_z + s_y s_w + s_z s_w).
/// WRONG: that is the 2-face sum of a 3D-style box; the 3-measure of the boundary of a hyperbox
/// is 2 (s_x s_y s_z + s_x s_y s_w + s_x s_z s_w + s_y s_z s_w) (eight 3D cells).
double ak_pub_mass_T3_6_hyperbox_surface(const double s[4]);
/// T-3.7 (eq 3.7): V_hb = s_x s_y s_z s_w. Correct.
double ak_pub_mass_T3_7_hyperbox_volume(const double s[4]);
/// T-3.hb (Ch. 3.3, unnumbered; same as the table ending App. C.3): I_ab = 1/3 M (s_a^2 + s_b^2).
/// WRONG by a factor of 4: with s the full edge lengths the moment is 1/12 M (s_a^2 + s_b^2)
/// (which the App. C.3 derivation itself reaches before its final table).
void ak_pub_mass_T3_hb_hyperbox_inertia(double I[6], double M, const double s[4]);

// ---- thesis App. C -----------------------------------------------------------------------------

/// T-C.1 (App. C.1): dM = 4 M r^3 / R^4 dr (differential mass of the shell at radius r). Correct.
double ak_pub_mass_TC1_hypersphere_dM_dr(double M, double R, double r);
/// T-C.1 (App. C.1): I_cm = (12 M / R^4) (R^6 / 6) / 6 = 1/3 M R^2 for every plane. Correct.
double ak_pub_mass_TC1_hypersphere_inertia(double M, double R);
/// T-C.2(V) (App. C.2): "the hypervolume of a hypercapsule is 4/3 pi R^2 H + 1/2 pi^2 R^4".
/// WRONG (transcription slip, R^2 for R^3; eq 3.5 has it right), and C.1, C.2 inherit it.
double ak_pub_mass_TC2V_hypercapsule_volume(double R, double H);
/// Eq C.1: M_s = M / (1 + 3 pi R^2 / (8 H)), "the mass of the spherinder".
/// WRONG: R^2 for R (from T-C.2(V)); correct M_s = M / (1 + 3 pi R / (8 H)).
double ak_pub_mass_C1_Ms(double M, double R, double H);
/// Eq C.2: M_c = M / (8 H / (3 pi R^2) + 1), "the mass of one half-hypersphere cap".
/// WRONG twice: R^2 for R (from T-C.2(V)), and it is the mass of BOTH caps (V_c is taken as the
/// whole hypersphere 1/2 pi^2 R^4; M_s + M_c = M). Correct, one cap:
/// M_c = M / (2 (1 + 8 H / (3 pi R))).
double ak_pub_mass_C2_Mc(double M, double R, double H);
/// T-C.2 (App. C.2): the hypercapsule inertia assembled from I_s + 2 I_c; identical to T-3.hc.
void ak_pub_mass_TC2_hypercapsule_inertia(double I[6], double M, double R, double H);
/// T-C.2.1 (App. C.2.1), spherinder of mass M, radius R, height H along y:
/// perpendicular planes (xz, xw, zw): 2/5 M R^2. Correct.
double ak_pub_mass_TC21_spherinder_perp(double M, double R);
/// T-C.2.1, parallel planes (xy, yz, yw): 1/3 M (2/5 R^2 + 1/4 H^2).
/// WRONG: the generalised perpendicular-axis step "dI_perp = 3 (dI_par - dM h^2)" is off: for a
/// slice, dI_xy + dI_yz + dI_yw - 3 h^2 dM = integral (x^2+z^2+w^2) dm = 3/2 dI_perp, so
/// dI_par = 1/2 dI_perp + h^2 dM (not 1/3); correct: M (R^2/5 + H^2/12).
double ak_pub_mass_TC21_spherinder_par(double M, double R, double H);
/// T-C.2.2 (App. C.2.2): "V = 1/2 * 1/2 pi^2 R^4 = 1/3 pi^2 R^4" (half-hypersphere volume).
/// WRONG (arithmetic slip: 1/4 pi^2 R^4; the next line, dM_y, uses 1/4 correctly).
double ak_pub_mass_TC22_half_volume(double R);
/// T-C.2.2: D = 16 R / (15 pi), centroid distance from the base. Correct.
double ak_pub_mass_TC22_D(double R);
/// T-C.2.2: I_base = 1/3 M R^2 for every plane through the base centre. Correct.
double ak_pub_mass_TC22_base_inertia(double M, double R);
/// T-C.2.2: one cap of mass M about the capsule centre (cap base at height H/2), planes
/// containing y: M (1/3 R^2 + H^2/4 + 16 R H / (15 pi)). Correct (with the correct cap mass).
/// (The displayed Steiner shifts name the planes xz, xw, zw where xy, yz, yw are meant: a
/// labelling slip that the final formula does not inherit.)
double ak_pub_mass_TC22_cap_par(double M, double R, double H);
/// T-C.2.2: one cap, planes perpendicular to y: 1/3 M R^2. Correct.
double ak_pub_mass_TC22_cap_perp(double M, double R);
/// T-C.3 (App. C.3), last line of the derivation: I_xy = 1/12 M (s_x^2 + s_y^2). Correct.
double ak_pub_mass_TC3_derivation_xy(double M, double sx, double sy);
/// T-C.3, final table: I_ab = 1/3 M (s_a^2 + s_b^2). WRONG by a factor of 4 (= T-3.hb).
void ak_pub_mass_TC3_table(double I[6], double M, const double s[4]);

// ---- Hodges ch. 16 (3D) ------------------------------------------------------------------------

/// G-16.1 (eq 11, = eq 1 of ch. 3): box with dimensions (w, d, h) along (x, y, z):
/// diag(M(h^2+d^2)/12, M(w^2+d^2)/12, M(w^2+h^2)/12).
/// WRONG: I_11 and I_22 are swapped; the text's own integrals (and the book's ShapeBox code)
/// give I_11 = M(w^2+h^2)/12, I_22 = M(w^2+d^2)/12.
void ak_pub_mass_G16_1_box(double I[3], double M, double w, double d, double h);
/// G-16.2 (eq 12): cylinder radius R, height h along z: diag(M(3R^2+h^2)/12 (twice), M R^2/2).
/// Correct.
void ak_pub_mass_G16_2_cylinder(double I[3], double M, double R, double h);
/// G-16.3 (eq 13): sphere: 2/5 M R^2 on the diagonal. Correct.
void ak_pub_mass_G16_3_sphere(double I[3], double M, double R);
/// G-16.3, the printed integrand of I_22 in spherical coordinates (r, theta, phi):
/// (M/V) r^4 sin^3(phi) r. WRONG (slip): one factor r too many (the Jacobian is r^2 sin phi);
/// integrated it gives M R^3 / 3, not eq 13's 2/5 M R^2.
double ak_pub_mass_G16_3_integrand_I22(double M, double R, double r, double theta, double phi);
/// G-16.4 (eq 14): half sphere about the centre of its base: 2/5 M R^2 on the diagonal. Correct.
/// Centroid at 3/8 R (z). Eq 21: about the centroid, M R^2 diag(2/5 - (3/8)^2 twice, 2/5).
/// Correct.
void ak_pub_mass_G16_4_half_sphere_base(double I[3], double M, double R);
double ak_pub_mass_G16_4_centroid(double R);
void ak_pub_mass_G16_4_half_sphere_cm(double I[3], double M, double R);
/// G-16.4, the printed integrand of I_00 over the half sphere:
/// (M/V) (r^2 sin^2(theta) sin^2(phi) + r^2 cos^2(theta) cos^2(phi)) r^2 sin(phi).
/// WRONG (slip): z^2 = r^2 cos^2(phi), no cos^2(theta); integrated it gives 3/10 M R^2, not 2/5.
double ak_pub_mass_G16_4_integrand_I00(double M, double R, double r, double theta, double phi);
/// G-16.5 (final matrix): capsule, cylinder height h along z, M_cy the cylinder mass, M_hs the
/// mass of ONE half sphere: I_00 = I_11 = M_cy (R^2/4 + h^2/12) + M_hs (4/5 R^2 + h^2/2 + 3/4 h R),
/// I_22 = (M_cy/2 + 4/5 M_hs) R^2. Correct.
void ak_pub_mass_G16_5_capsule(double I[3], double M_cy, double M_hs, double R, double h);

/// G-5 (Hodges ch. 5, CalculateCenterOfMass and CalculateInertiaTensor), as printed, in single
/// precision: per axis `for (float x = mins.x; x < maxs.x; x += dx)`, dx = (maxs - mins) /
/// (float)numSamples, i.e. the points mins + k dx accumulated in float, numSamples or
/// numSamples + 1 of them depending on rounding; the points in front of no facet
/// ((pt - a) . n > 0 for none, a = offset n) are kept; cm their mean accumulated in float
/// (eq 5) and tensor = sum (r.r delta_ij - x_i x_j) / count about cm (eq 4, per unit mass, float
/// sums), row-major 3x3, returned as doubles. WRONG (slip of method) for bodies with facets on
/// their bounding box when an axis gets numSamples points (the cells' lower corners: the min
/// face is sampled, the max face is not, cm at -d/2 on that axis); when the float loop takes
/// numSamples + 1 points the bias vanishes. Cell centres remove it (ref/mass/grid.c). Returns the
/// number of points kept, or -1 for more than 512 facets.
long ak_pub_mass_G5_grid(double cm[3], double tensor[9], const double normals[],
                         const double offsets[], int nfacets, const double mins[3],
                         const double maxs[3], int numSamples);
/// G-5, one axis of the printed loop: how many values `for (float x = mins; x < maxs; x += dx)`
/// visits with dx = (maxs - mins) / (float)numSamples.
int ak_pub_mass_G5_axis_samples(float mins, float maxs, int numSamples);

/// G-5 and G-14, the lines ch. 5 and ch. 14 print alike: one sample pt (relative to the centre of
/// mass) added to the float tensor sums T (row-major 3x3), in the printed order and types.
static inline void ak_pub_mass_hodges_tensor_add(float T[9], const float pt[3]) {
    T[0] += pt[1] * pt[1] + pt[2] * pt[2];
    T[4] += pt[2] * pt[2] + pt[0] * pt[0];
    T[8] += pt[0] * pt[0] + pt[1] * pt[1];
    T[1] += -1.0f * pt[0] * pt[1];
    T[2] += -1.0f * pt[0] * pt[2];
    T[5] += -1.0f * pt[1] * pt[2];
    T[3] += -1.0f * pt[0] * pt[1];
    T[6] += -1.0f * pt[0] * pt[2];
    T[7] += -1.0f * pt[1] * pt[2];
}

#endif
