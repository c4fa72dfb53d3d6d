/// @file hodges_gjk_published.h
/// Hodges, Game Physics: The Next Week, ch. 8-13, transcribed AS PRINTED in 3D single precision
/// (G-8 signed volumes, G-9 GJK, G-10 EPA, G-11 closest points, G-12 Intersect, G-13
/// conservative advance), so that every verdict in docs/formulas/collide.md stays executable. Do
/// not use these in the engine: ref/collide has anakata's n-D forms.
///
/// The book's types are kept: float Vec2/Vec3/Vec4, its epsilons (0.0001f * 0.0001f in
/// SimplexSignedVolumes, 1e-6f in GJK's HasPoint, 0.001f * 0.001f in EPA's HasPoint, the
/// sentinels 1e10), its loops and loop bounds (the do/while of GJK, EPA's while (1), conservative
/// advance's numIters > 10), and the order of operations where it gives code. std::vector is a
/// fixed array; EPA's unbounded loop gets a guard (AK_PUB_HDG_EPA_GUARD expansions) that the
/// printed code lacks, reported in its result so that a check can say the printed loop would not
/// have ended there.
///
/// Not printed in this book (the first book's vector library and Body::Update), taken as their
/// usual definitions: Vec3::Normalize leaves a zero vector unchanged; Vec3/Vec4 default to zero;
/// Mat4::Cofactor(i, j) = (-1)^(i+j) times the 3x3 minor; Quat::RotatePoint is q p q^-1;
/// Vec3::GetOrtho builds u, v orthogonal to the vector; Vec3::IsValid is "no NaN or inf";
/// Body::Update(dt) moves the position by v dt and turns the orientation by the quaternion of
/// w dt (exact for a spin about a principal axis, the only spins used in the checks).
#ifndef AK_PUBLISHED_HODGES_GJK_H
#define AK_PUBLISHED_HODGES_GJK_H

#include <stdbool.h>

#define AK_PUB_HDG_MAX_PTS 64
#define AK_PUB_HDG_EPA_MAX_PTS 512
#define AK_PUB_HDG_EPA_MAX_TRIS 2048
#define AK_PUB_HDG_EPA_GUARD 400

/// fix: 0 evaluates the listings as printed; these bits apply the corrections of docs/errata.md
/// (for the evidence that the corrected forms hold). AK_PUB_HDG_FIX_SIGNS: CompareSigns returns 1
/// for two negatives (G-8); AK_PUB_HDG_FIX_BIAS: Intersect moves the EPA points back by the bias
/// along the A -> B direction (G-12). Conservative advance (G-13): AK_PUB_HDG_FIX_CA_BOUND bounds
/// each body's angular contribution by |w| max |r - cm| instead of FastestLinearSpeed;
/// AK_PUB_HDG_FIX_CA_STOP stops at a separation below 1e-3 (a hit at that time) and allows 100
/// iterations instead of 10; AK_PUB_HDG_FIX_CA_FRAME only turns FastestLinearSpeed's model-space
/// points into the world frame (a partial repair, to tell the causes apart).
enum {
    AK_PUB_HDG_AS_PRINTED = 0,
    AK_PUB_HDG_FIX_SIGNS = 1,
    AK_PUB_HDG_FIX_BIAS = 2,
    AK_PUB_HDG_FIX_CA_BOUND = 4,
    AK_PUB_HDG_FIX_CA_STOP = 8,
    AK_PUB_HDG_FIX_CA_FRAME = 16
};

/// The book's shape types (ch. 2): SHAPE_SPHERE, SHAPE_BOX, SHAPE_CONVEX.
enum { AK_PUB_HDG_SPHERE = 0, AK_PUB_HDG_BOX = 1, AK_PUB_HDG_CONVEX = 2 };

/// A body: a shape (sphere radius, or the hull points in model space with their centre of mass),
/// position, orientation quaternion (x, y, z, w), linear and angular velocity (world frame).
typedef struct ak_pub_hdg_body {
    int type;
    float radius;
    int npts;
    float pts[AK_PUB_HDG_MAX_PTS][3];
    float cm[3];
    float pos[3];
    float q[4];
    float v[3];
    float w[3];
} ak_pub_hdg_body;

/// The book's contact_t (the fields ch. 12-13 use).
typedef struct ak_pub_hdg_contact {
    float ptOnA[3], ptOnB[3];
    float normal[3];
    float separationDistance;
    float timeOfImpact;
} ak_pub_hdg_contact;

/// What one run of the printed EPA did.
typedef struct ak_pub_hdg_epa_info {
    int expansions; ///< passes of EPA_Expand's while (1) that added a point
    int guard_hit;  ///< 1: stopped by the transcription's guard or capacity, not by the code
    float depth;    ///< EPA_Expand's return value |ptOnB - ptOnA|
} ak_pub_hdg_epa_info;

// ---- G-8 (ch. 8) ---------------------------------------------------------------------------
/// SignedVolume1D: barycentric coordinates of the origin's projection onto segment s1 s2.
void ak_pub_hdg_G8_sv1d(const float s1[3], const float s2[3], float lambdas[2]);
/// SignedVolume2D: the same for the triangle s1 s2 s3 (edges by SignedVolume1D).
void ak_pub_hdg_G8_sv2d(const float s1[3], const float s2[3], const float s3[3], float lambdas[3],
                        int fix);
/// SignedVolume3D: the same for the tetrahedron (cofactors of the last row; faces by 2D).
void ak_pub_hdg_G8_sv3d(const float s1[3], const float s2[3], const float s3[3], const float s4[3],
                        float lambdas[4], int fix);

// ---- G-9 (ch. 9) ---------------------------------------------------------------------------
/// GJK_DoesIntersect as printed in ch. 9 (no bias, no EPA). *iters (may be NULL): passes.
bool ak_pub_hdg_G9_gjk(const ak_pub_hdg_body *a, const ak_pub_hdg_body *b, int *iters, int fix);

// ---- G-10 (ch. 10) -------------------------------------------------------------------------
/// GJK_DoesIntersect as printed in ch. 10: the ch. 9 loop, the tetrahedron completed, expanded by
/// the bias, then EPA_Expand. Returns the GJK result; ptOnA, ptOnB from EPA when true.
bool ak_pub_hdg_G10_gjk_epa(const ak_pub_hdg_body *a, const ak_pub_hdg_body *b, float bias,
                            float ptOnA[3], float ptOnB[3], ak_pub_hdg_epa_info *info, int fix);

// ---- G-11 (ch. 11) -------------------------------------------------------------------------
/// GJK_ClosestPoints as printed.
void ak_pub_hdg_G11_closest_points(const ak_pub_hdg_body *a, const ak_pub_hdg_body *b,
                                   float ptOnA[3], float ptOnB[3], int fix);

// ---- G-12 (ch. 12) -------------------------------------------------------------------------
/// Intersect( bodyA, bodyB, contact ) as printed in ch. 12 (SphereSphereStatic for two spheres,
/// else GJK + EPA with bias 0.001f, else GJK_ClosestPoints). info (may be NULL): EPA's run.
bool ak_pub_hdg_G12_intersect(const ak_pub_hdg_body *a, const ak_pub_hdg_body *b,
                              ak_pub_hdg_contact *contact, ak_pub_hdg_epa_info *info, int fix);

// ---- G-13 (ch. 13) -------------------------------------------------------------------------
/// FastestLinearSpeed of ShapeBox/ShapeConvex (ch. 3/4, used by ch. 13): model-space points
/// minus the centre of mass, crossed with the angular velocity as given.
float ak_pub_hdg_fastest_linear_speed(const ak_pub_hdg_body *b, const float angularVelocity[3],
                                      const float dir[3]);
/// ConservativeAdvance as printed (numIters > 10 cap), on copies of the bodies (the printed
/// function moves them and unwinds the clock). *iters (may be NULL): numIters at the end.
bool ak_pub_hdg_G13_conservative_advance(const ak_pub_hdg_body *a, const ak_pub_hdg_body *b,
                                         float dt, ak_pub_hdg_contact *contact, int *iters,
                                         int fix);

/// Helpers for the checks: a box of half extents h (the 8 corners, ShapeBox), a hull of points.
void ak_pub_hdg_make_box(ak_pub_hdg_body *b, const float h[3]);
void ak_pub_hdg_make_convex(ak_pub_hdg_body *b, const float (*pts)[3], int n);
void ak_pub_hdg_make_sphere(ak_pub_hdg_body *b, float r);
/// Body::Update(dt) (first book): position += v dt, orientation turned by w dt.
void ak_pub_hdg_update(ak_pub_hdg_body *b, float dt);

#endif
