/// @file polytope.h
/// The regular polytopes as vertex sets: the five Platonic solids (3D) and the six regular
/// convex 4-polytopes, from their standard coordinates (all or even permutations and sign
/// changes of a few base vectors, with the golden ratio phi = (1 + sqrt 5) / 2), scaled to a
/// given circumradius. Coxeter, Regular Polytopes (1973), §8.7 and Table I; the 120- and 600-cell
/// coordinates as in the usual even-permutation construction. Docs:
/// docs/formulas/collide.md#regular-polytopes (G-POLY.1).
#ifndef AK_GEOM_POLYTOPE_H
#define AK_GEOM_POLYTOPE_H

/// Facts of a named regular polytope.
typedef struct ak_polytope_info {
    const char *name;   ///< "5-cell", "8-cell", "16-cell", "24-cell", "120-cell", "600-cell",
                        ///< "tetrahedron", "cube", "octahedron", "dodecahedron", "icosahedron"
    int dim;            ///< 3 or 4
    int nverts;         ///< vertex count
    int nfacets;        ///< facet (cell / face) count
    const char *dual;   ///< name of the dual polytope (its vertex directions are our facet normals)
    double edge_over_r; ///< edge length / circumradius (closed form)
} ak_polytope_info;

/// Number of named polytopes, and the i-th one's facts.
int ak_polytope_count(void);
const ak_polytope_info *ak_polytope_at(int i);
/// Facts by name (also "tesseract" = "8-cell", "hexadecachoron"... no: only the names above and
/// "tesseract"); NULL when unknown.
const ak_polytope_info *ak_polytope_find(const char *name);

/// Vertices of the named polytope with circumradius r (centred on the origin), written to
/// out (nverts x dim, row-major, at most max vertices). Returns the vertex count, or -1 when the
/// name is unknown, r is not positive and finite, or max is too small.  [G-POLY.1]
int ak_polytope_vertices(const char *name, double r, double out[], int max);

/// Vertices of the dual in the orientation whose vertex directions are the facet normals of
/// the named polytope (any circumradius; only the directions matter). Same returns.  [G-POLY.2]
int ak_polytope_facet_normals(const char *name, double out[], int max);

#endif
