/// @file collide_published.h
/// Torres (2022), Ch. 3.4, Ch. 4 and App. D: the collision tests transcribed AS PRINTED, wrong
/// parts included, so that every erratum stays executable (docs/errata.md, "Collision
/// detection"). Do not use these in the engine: ref/collide has the corrected forms.
/// Conventions of the thesis: 4D; a contact has normal n (from object 2 to object 1), point p,
/// separation s; "none" is hit = 0. The thesis' hyperbox "scale vector" s is the vector of edge
/// lengths (Ch. 3.3: "edges parallel to x have length s_x").
#ifndef AK_PUBLISHED_COLLIDE_H
#define AK_PUBLISHED_COLLIDE_H

#define AK_PUB_MAX_CP 16

typedef struct ak_pub_contact {
    int hit;     ///< 0: "return none"
    double n[4]; ///< collision normal
    double p[4]; ///< contact point
    double s;    ///< separation
} ak_pub_contact;

typedef struct ak_pub_contacts {
    int count;
    ak_pub_contact cp[AK_PUB_MAX_CP];
} ak_pub_contacts;

/// T-3.8: d = ((p . n) - o) / |n|^2 (as printed; the distance needs |n|, not |n|^2).
double ak_pub_t38_plane_distance(const double p[4], const double n[4], double o);
/// T-3.9: d = ((p . n) - (n . x)) / |n|^2 (as printed).
double ak_pub_t39_plane_distance(const double p[4], const double n[4], const double x[4]);
/// T-4.1 .. T-4.5: closest point on segment [la, lb] to p, n-D (as printed: no guard for a
/// zero-length segment).
void ak_pub_closest_on_segment(int n, double c[], const double p[], const double la[],
                               const double lb[]);
/// T-Alg1 sphere-sphere.
ak_pub_contact ak_pub_alg1_sphere_sphere(const double c1[4], double r1, const double c2[4],
                                         double r2);
/// T-Alg2 sphere-capsule (capsule segment la..lb).
ak_pub_contact ak_pub_alg2_sphere_capsule(const double cs[4], double rs, const double la[4],
                                          const double lb[4], double rc);
/// T-Alg3 closest point on a hyperbox: line 9 p_B := R~ p R (the centre is not subtracted),
/// clamp to +-s/2, line 14 back to the world. R is given as the rotation matrix (row-major).
void ak_pub_alg3_closest_on_box(double out[4], const double p[4], const double c[4],
                                const double s[4], const double R[16]);
/// T-Alg4 sphere-box.
ak_pub_contact ak_pub_alg4_sphere_box(const double cs[4], double rs, const double cb[4],
                                      const double s[4], const double R[16]);
/// T-Alg5 sphere-plane.
ak_pub_contact ak_pub_alg5_sphere_plane(const double cs[4], double rs, const double np[4],
                                        double op);
/// T-Alg6 capsule-capsule (endpoint heuristic, then two projections).
ak_pub_contact ak_pub_alg6_capsule_capsule(const double l1a[4], const double l1b[4], double r1,
                                           const double l2a[4], const double l2b[4], double r2);
/// T-Alg7 capsule-box (closest point of the segment to the box centre, then T-Alg4).
ak_pub_contact ak_pub_alg7_capsule_box(const double la[4], const double lb[4], double rc,
                                       const double cb[4], const double s[4], const double R[16]);
/// T-Alg8 capsule-plane: T-Alg5 at both endpoints.
ak_pub_contacts ak_pub_alg8_capsule_plane(const double la[4], const double lb[4], double rc,
                                          const double np[4], double op);
/// T-Tab4.1: the 32 axes A_i, B_i, A_i ^ (B_j ^ B_k). A trivector is not an axis: the thesis does
/// not say how to turn it into one; we take its dual (the unnormalised normal vector). A, B are
/// the rotation matrices (columns = edge directions). Returns the count (32).
int ak_pub_tab41_axes(double axes[][4], const double A[16], const double B[16]);
/// T-Alg9: "separation" along axis a = (l1 + l2) - l3 from the two vertex lists (as printed:
/// this is the overlap, positive when the projections overlap).
double ak_pub_alg9_separation_along_axis(const double a[4], const double V1[][4], int n1,
                                         const double V2[][4], int n2);
/// T-Alg10 box-box: SAT over the given axes with T-Alg9, "if s > 0 return none" (as printed),
/// minimum translation vector with the sign fix. The contact's s is s_min, n the axis; the
/// manifold (CLIPHYPERBOXES) is not part of this transcription.
ak_pub_contact ak_pub_alg10_box_box(const double axes[][4], int naxes, const double p1[4],
                                    const double V1[][4], const double p2[4], const double V2[][4]);
/// T-Alg11 box-plane: none when o_P < min or o_P > max of the vertices along n_P, else the
/// vertices of the most anti-parallel 3-cell with negative distance (T-Alg17, T-Alg20).
/// V: the 16 vertices in T-B.1 order generated from half extents; A the rotation matrix.
ak_pub_contacts ak_pub_alg11_box_plane(const double c[4], const double half[4], const double A[16],
                                       const double np[4], double op);
/// T-B.1 vertex k (1..16) as printed: c + A [+-s_x, +-s_y, +-s_z, +-s_w]^T.
void ak_pub_tb1_vertex(double out[4], int k, const double c[4], const double s[4],
                       const double A[16]);
/// T-Alg18 edge-hyperplane intersection as printed: p := v1 + t n (the edge direction u is
/// computed but unused; the intersection is v1 + t u).
void ak_pub_alg18_intersect(double out[4], const double n[4], const double x[4], const double v1[4],
                            const double v2[4]);

/// T-Alg21 (CLIPHYPERBOXES, with T-Alg16, T-Alg17, T-Alg19, T-Alg20) for two 4D hyperboxes (half
/// extents h, centre c, rotation matrix A), with the slips corrected (i incremented in T-Alg19,
/// T-Alg18 with the edge direction, the vertex as the contact point, c.n . n for line 10) so
/// that only the method remains: the reference cell is the most parallel cell of either box
/// (ties to box 2), the incident cell the most anti-parallel of the other box, and only the
/// incident cell's six 2-faces are clipped against the reference cell's six neighbours. Returns
/// the number of distinct contact points (out, at most AK_PUB_MAX_CP) below the reference cell.
int ak_pub_alg21_face_clipping(double out[][4], const double n[4], const double c1[4],
                               const double h1[4], const double A1[16], const double c2[4],
                               const double h2[4], const double A2[16]);

/// T-Alg16 as printed: the index of the cell whose normal has the largest c.n . n (strict >:
/// the first on ties, C[0] if none exceeds -inf). Line 7 `n := v / |v|` names an undefined v;
/// it is read as v = n (normalising the given normal).  [T-Alg16]
int ak_pub_alg16_most_parallel(const double cell_n[][4], int ncells, const double n[4]);
/// T-Alg17 as printed: the index of the cell whose normal has the smallest c.n . n.  [T-Alg17]
int ak_pub_alg17_most_antiparallel(const double cell_n[][4], int ncells, const double n[4]);
/// T-Alg19 as printed: clip the face V (nv vertices in order) by the hyperplane of a cell with
/// normal cn through cx, keeping d < 0 (DISTANCEFROMPLANE as T-3.9). As printed the index i is
/// never incremented, so `until i == LENGTH(V)` never holds for a face with a vertex: the
/// transcription stops after max_passes passes (*passes says how many ran) or when U is full;
/// fix_increment = 1 adds the missing i := i + 1. INTERSECTINGPOINT is T-Alg18 as printed
/// (p := v1 + t n) unless fix_alg18 = 1 (p := v1 + t u). Returns the number of vertices in U.
/// [T-Alg19]
int ak_pub_alg19_clip_face(double U[][4], int maxU, const double cn[4], const double cx[4],
                           const double V[][4], int nv, int fix_increment, int fix_alg18,
                           long max_passes, long *passes);
/// T-Alg20 as printed: for each vertex of the clipped faces (nv[k] vertices of face k, stored
/// one after another in verts), s := DISTANCEFROMHYPERPLANE(n, x, v) (as T-3.9); if s < 0, a
/// contact with normal n, separation s and point p, where line 16's p is undefined: read as the
/// vertex v. Returns the number of contacts (at most maxout).  [T-Alg20]
int ak_pub_alg20_remove_outside(ak_pub_contact out[], int maxout, const double n[4],
                                const double x[4], const double verts[][4], const int nv[],
                                int nfaces);

#endif
