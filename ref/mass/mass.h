/// @file mass.h
/// Mass properties of n-dimensional rigid bodies (n = 2..5): volume, boundary measure, centroid,
/// the n x n covariance (second moment) and the k x k bivector inertia about the centroid.
///
/// Conventions (docs/conventions.md, docs/formulas/mass.md):
/// - The inertia is I = integral [r]* [r]*^T dm (ten Bosch §4, B-I), k = n(n-1)/2, rows and
///   columns in lexicographic bivector order (4D: xy, xz, xw, yz, yw, zw). Its diagonal entry for
///   the plane uv is integral (u^2 + v^2) dm.
/// - The covariance is C = integral r r^T dm about the centroid. I follows from C linearly
///   (B-5: I = sum_ij C_ij [e_i]* [e_j]*^T), so every shape below computes C and then I.
/// - Matrices are row-major and compact: C has stride n, I has stride k.
/// - Every function is pure: outputs first, no allocation, no I/O, no global state. Bad
///   parameters return AK_MASS_EBADPARAM (or another negative code) and fill err (if given).
///
/// Formula IDs (docs/formulas/catalogue.md): T-3.1 .. T-3.7, T-3.hs, T-3.hb, T-3.hc, T-C.1 .. T-C.3
/// (thesis, in their corrected n-D forms; the printed forms are in published/mass_published.h),
/// B-I, B-5 (ten Bosch), G-5, G-14, G-15, G-16.1 .. G-16.5 (Hodges, generalised to n-D).
#ifndef AK_MASS_MASS_H
#define AK_MASS_MASS_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

#include "ref/ga/nd.h"
#include "ref/geom/shape.h"

/// Status codes.
enum {
    AK_MASS_OK = 0,
    AK_MASS_EBADPARAM = -1,   ///< a parameter out of range (negative radius, zero extent, ...)
    AK_MASS_EDEGENERATE = -2, ///< fewer than n+1 affinely independent vertices
    AK_MASS_ELIMIT = -3,      ///< more vertices or facets than the fixed-size buffers allow
    AK_MASS_ENUMERIC = -4,    ///< a numerical routine (GSL) failed
};

/// Limits of the convex-hull routines (no allocation: fixed stack buffers).
#define AK_MASS_HULL_MAX_VERTS 64    ///< vertices per hull (bitmask width)
#define AK_MASS_HULL_MAX_FACETS 1024 ///< facets per face level of the recursion

typedef struct ak_mass_props {
    int dim;                                 ///< n
    double volume;                           ///< n-volume
    double boundary;                         ///< (n-1)-measure of the boundary
    double mass;                             ///< density * volume
    double centroid[AK_MAX_DIM];             ///< centre of mass, body frame
    double cov[AK_MAX_DIM * AK_MAX_DIM];     ///< n x n: integral r r^T dm about the centroid
    double inertia[AK_MAX_BIV * AK_MAX_BIV]; ///< k x k: integral [r]*[r]*^T dm about the centroid
} ak_mass_props;

// ---- building blocks -------------------------------------------------------------------------

/// Volume of the unit n-ball, pi^(n/2) / Gamma(n/2 + 1), for n = 0..AK_MAX_DIM+1.  [T-3.2]
double ak_mass_unit_ball_volume(int n);

/// I = sum_ij C_ij [e_i]* [e_j]*^T (ten Bosch §5, the [e_i]* expansion).  [B-5 B-I; the n-D
/// bivector form of the inertia definition G-17, sum m (r.r delta_ij - x_i x_j) in 3D]
/// C is n x n (stride n), I is k x k (stride k).
void ak_mass_inertia_from_cov(int n, double I[], const double C[]);

/// Covariance of the canonical n-simplex (vertices 0, e_1, .., e_n) about the origin:
/// C_ii = 2/(n+2)!, C_ij = 1/(n+2)! (ten Bosch §5).  [B-5]
void ak_mass_simplex_canonical_cov(int n, double C[]);

/// Parallel-axis shift of the bivector inertia: the inertia about the point `point` of a body
/// whose inertia about its centroid is p->inertia: I_point = I_c + m [d]*[d]*^T with
/// d = centroid - point. I_out is k x k.  [B-I]
void ak_mass_inertia_about(double I_out[], const ak_mass_props *p, const double point[]);

/// Rigidly move a body's properties: centroid' = rot centroid + pos, C' = rot C rot^T, I from C'.
/// rot is n x n row-major (a rotation). Used to place parts of a compound body.
void ak_mass_transform(ak_mass_props *out, const ak_mass_props *in, const double rot[],
                       const double pos[]);

/// Compound body: total mass and volume, mass-weighted centroid, C and I about the new centroid
/// (sum of the parts' C shifted by the parallel-axis rule). All parts share one frame and dim.
/// The boundary of the union is not known in general; it is set to the sum of the parts'.
int ak_mass_combine(ak_mass_props *out, const ak_mass_props parts[], int nparts, char *err,
                    size_t errlen);

/// Principal frame (ten Bosch §5 diagonalisation): the eigenvectors of the n x n covariance
/// (gsl_eigen_symmv), sorted by decreasing covariance eigenvalue, as the columns of frame
/// (n x n, a proper rotation: det = +1). In that frame C is diagonal (eigenvalues cov_eig) and
/// so is I, with the principal moments moments[ab] = cov_eig[a] + cov_eig[b] in lexicographic
/// pair order. A body-frame point r has principal coordinates frame^T r. rotor (2^(n-1)
/// components) is the rotor of the frame, R e_i R~ = column i of frame (ak_nd_rotor_from_frame).
/// Any output may be NULL.  [B-5]
int ak_mass_principal(double moments[], double frame[], double rotor[], double cov_eig[],
                      const ak_mass_props *p, char *err, size_t errlen);

// ---- analytic shapes (all centred as described; density > 0) ---------------------------------

/// n-ball of radius r at the origin.  [T-3.1 T-3.2 T-3.3 T-3.hs T-C.1 G-16.3]
int ak_mass_ball(ak_mass_props *out, int n, double radius, double density, char *err,
                 size_t errlen);
/// Hyperbox with half extents a[0..n-1], centred at the origin.  [T-3.6 T-3.7 T-3.hb T-C.3 G-16.1]
int ak_mass_box(ak_mass_props *out, int n, const double half_extents[], double density, char *err,
                size_t errlen);
/// Spherinder (n-D cylinder): the (n-1)-ball of radius r in the coordinates other than y,
/// times the segment |y| <= half_length.  [T-C.2.1 G-16.2]
int ak_mass_spherinder(ak_mass_props *out, int n, double radius, double half_length, double density,
                       char *err, size_t errlen);
/// Half n-ball {|x| <= r, y >= 0}: flat base in the plane y = 0, dome towards +y. Its centroid
/// is (0, D, 0, ..) with D = 2 V_{n-1} r / ((n+1) V_n) (4D: 16 r / (15 pi)).  [T-C.2.2 G-16.4]
int ak_mass_half_ball(ak_mass_props *out, int n, double radius, double density, char *err,
                      size_t errlen);
/// Hypercapsule: spherinder of half length h along y plus two half n-balls at y = +-h.
/// [T-3.4 T-3.5 T-3.hc T-C.2 G-16.5]
int ak_mass_capsule(ak_mass_props *out, int n, double radius, double half_length, double density,
                    char *err, size_t errlen);
/// Duocylinder (4D only): the disk of radius r_xy in the xy plane times the disk of radius
/// r_zw in the zw plane.
int ak_mass_duocylinder(ak_mass_props *out, double r_xy, double r_zw, double density, char *err,
                        size_t errlen);

// ---- simplices, meshes and convex hulls ------------------------------------------------------

/// n-simplex with vertices v[0..n] (each n doubles, row-major (n+1) x n). Mass |det M|/n!
/// times density; second moment |det M| M C M^T from the canonical C.  [B-5 G-15]
int ak_mass_simplex(ak_mass_props *out, int n, const double verts[], double density, char *err,
                    size_t errlen);

/// Ten Bosch's simplicial-mesh method: the body bounded by the closed, consistently oriented
/// (n-1)-simplex mesh cells[ncells][n] (vertex indices into verts[nverts][n]); each cell forms a
/// signed n-simplex with the origin (signed det M). A cell (c_1..c_n) is outward-oriented when
/// det[c_1, .., c_n] > 0 for a cell seen from an interior origin. The boundary measure is the sum
/// of the cells' (n-1)-volumes.  [B-5]
int ak_mass_mesh(ak_mass_props *out, int n, const double verts[], int nverts, const int cells[],
                 int ncells, double density, char *err, size_t errlen);

/// Convex hull of points verts[nverts][n] (interior points are allowed): exact, by splitting the
/// hull into simplices (each facet, recursively each face, is coned from its vertex average).
/// Up to AK_MASS_HULL_MAX_VERTS (64) points, facets are found by brute force over the n-subsets
/// of points (the cost grows like C(nverts, n): keep nverts <= ~32 in 5D); above, by gift
/// wrapping, for hulls of at most AK_MASS_HULL_MAX_FACETS facets of at most 64 points each (the
/// 120-cell: 600 vertices, 120 facets of 20).
/// [G-4 G-15 B-5]
int ak_mass_convex(ak_mass_props *out, int n, const double verts[], int nverts, double density,
                   char *err, size_t errlen);

/// The facets of the convex hull of verts as half-spaces normal . x <= offset (unit normals,
/// outward). normals is max_facets x n. Returns the number of facets (>= 0) or a negative status.
int ak_mass_hull_halfspaces(double normals[], double offsets[], int max_facets, int n,
                            const double verts[], int nverts, char *err, size_t errlen);

/// Convex polytope from its vertices and facet planes (rows: unit outward normal, offset; e.g.
/// from ak_convex_facets): the union of the cones from the origin over the facets, each base's
/// moments from ak_mass_convex in n - 1 dimensions (G-POLY.3). No limit on the vertex count of
/// the whole polytope (the 120-cell has 600); each facet has at most AK_MASS_HULL_MAX_VERTS.
int ak_mass_polytope(ak_mass_props *out, int n, const double verts[], int nverts,
                     const double planes[], int nfacets, double density, char *err, size_t errlen);

/// Mass properties of a scene shape (body frame). Hyperplanes have no finite mass: error.
int ak_mass_shape(ak_mass_props *out, const ak_shape *s, double density, char *err, size_t errlen);

// ---- Monte Carlo (G-14, generalised to n-D) --------------------------------------------------

/// Raw moments about the body-frame origin estimated by uniform sampling of a box, each with
/// its standard error (the sample standard deviation of the per-sample contribution over sqrt N).
typedef struct ak_mass_mc {
    int dim;
    long samples;
    long hits;
    double mass, mass_se;                           ///< integral dm
    double first[AK_MAX_DIM], first_se[AK_MAX_DIM]; ///< integral r dm
    double second[AK_MAX_DIM * AK_MAX_DIM];         ///< integral r r^T dm (n x n)
    double second_se[AK_MAX_DIM * AK_MAX_DIM];
    ak_mass_props props; ///< derived: about the estimated centroid
} ak_mass_mc;

/// Point-membership test of a solid: nonzero when x is inside.
typedef int (*ak_mass_inside_fn)(const double x[], const void *ctx);

/// Monte Carlo estimator: nsamples uniform points in the box [lo, hi] (which must contain the
/// solid), drawn from the caller's GSL generator. The caller owns rng (no state here).  [G-14]
int ak_mass_monte_carlo(ak_mass_mc *out, int n, const double lo[], const double hi[],
                        ak_mass_inside_fn inside, const void *ctx, double density, gsl_rng *rng,
                        long nsamples, char *err, size_t errlen);

/// Grid estimate (Hodges ch. 5, "the inertia of a hull, revisited", generalised to n-D): the
/// bounding box of verts cut into cells_per_axis^n cells; the centres of the cells inside the
/// convex hull of verts (its half-spaces, ak_mass_hull_halfspaces) each carry density * cell
/// volume; centroid and covariance from those centres, inertia by the B-5 map. Volume and mass
/// are the kept cells' (the boundary is NAN). The centres are tested a line of cells at a time
/// (the same centres as a per-cell test).  [G-5 B-5]
int ak_mass_grid(ak_mass_props *out, int n, const double verts[], int nverts, int cells_per_axis,
                 double density, char *err, size_t errlen);

/// The same grid estimate for any solid given by a membership test, over the box [lo, hi]
/// (which must contain it): cells_per_axis^n centres, each tested.  [G-5]
int ak_mass_grid_region(ak_mass_props *out, int n, const double lo[], const double hi[],
                        ak_mass_inside_fn inside, const void *ctx, int cells_per_axis,
                        double density, char *err, size_t errlen);

/// Membership test for a scene shape (ctx = const ak_shape *; a convex shape is tested against
/// its vertices' hull with ak_mass_hull_halfspaces, so pass an ak_mass_hull_ctx instead).
int ak_mass_shape_inside(const double x[], const void *shape);

/// Half-space representation for fast membership tests of a hull: fill it with
/// ak_mass_hull_halfspaces, then use ak_mass_hull_inside.
typedef struct ak_mass_hull_ctx {
    int dim;
    int nfacets;
    double normals[AK_MASS_HULL_MAX_FACETS * AK_MAX_DIM];
    double offsets[AK_MASS_HULL_MAX_FACETS];
} ak_mass_hull_ctx;
int ak_mass_hull_inside(const double x[], const void *hull_ctx);

#endif
