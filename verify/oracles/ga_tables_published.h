/// @file ga_tables_published.h
/// Test-only transcriptions of the published 4D GA component tables, exactly as printed in the
/// documents: Torres 2022 (Into Another Dimension), App. A (T-A.1 ... T-A.7), and ten Bosch 2020
/// (N-Dimensional Rigid Body Dynamics), App. A (B-A.2D/3D/4D). The strings are the tables' LaTeX
/// as printed, pasted unchanged; a small parser
/// turns them into coefficient tables that the `ga.thesis.*` and `ga.tenbosch.*` checks compare
/// with the correct products from the generic algebra (ref/ga/cl.h).
#ifndef AK_VERIFY_GA_TABLES_PUBLISHED_H
#define AK_VERIFY_GA_TABLES_PUBLISHED_H

#include <stddef.h>

/// Operand kinds: 4D vector (x,y,z,w), bivector (xy..zw), rotor (s, xy..zw, xyzw).
typedef enum { AK_PUB_VEC = 4, AK_PUB_BIV = 6, AK_PUB_ROT = 8 } ak_pub_kind;

/// Which correct product a table claims to show.
typedef enum {
    AK_PUB_OP,      ///< outer product, printed as trivector components
    AK_PUB_OP_DUAL, ///< outer product, printed as the vector <(a^b) I>_1 (thesis' dual, T-2.dual)
    AK_PUB_LC,      ///< left contraction
    AK_PUB_GP,      ///< geometric product (even result: all 8 components)
    AK_PUB_GP_DUAL  ///< geometric product with the trivector part replaced by its dual:
                    ///< printed vector = <P>_1 + <<P>_3 I>_1 (what the thesis computes)
} ak_pub_product;

typedef struct ak_pub_table {
    const char *id;    ///< formula ID, e.g. "T-A.5"
    const char *where; ///< where in the document
    const char *claim; ///< what the printed table states
    char left, right;  ///< operand letters as printed
    ak_pub_kind lk, rk;
    int swap; ///< 1: the printed product is right*left (e.g. "ba" with a the vector)
    ak_pub_product product;
    int ncomp;           ///< number of output components (0: one blade-carrying sum in expr[0])
    const char *comp[8]; ///< output component names: "x".."w", "xyz"..., "s".."xyzw"
    const char *expr[8]; ///< the printed expression of each component
} ak_pub_table;

extern const ak_pub_table ak_pub_thesis_tables[];
extern const size_t ak_pub_thesis_table_count;

/// Largest number of output blades (4D: 16), operand components (8).
#define AK_PUB_NOUT 16
#define AK_PUB_NOP 8

/// Parse a table into coef[out blade mask][left index][right index] (zeroed first). Printed
/// oddities are listed in slips (a stray basis factor is read as a typo and ignored; an operand
/// component that does not exist drops its term). Returns the number of slips, or -1 on a
/// syntax error (message in slips).
int ak_pub_parse(const ak_pub_table *t, double coef[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP],
                 char *slips, size_t len);

/// Blade mask of a component name of a 4D basis blade ("xy" -> 0x3, "s" -> 0), with *sign for
/// names out of canonical order ("yx" -> 0x3, -1). Returns -1 for an unknown name.
int ak_pub_blade(const char *name, double *sign);

/// ten Bosch App. A: the [r]* and Delta I matrices in 2D, 3D and 4D, entries as printed
/// (polynomials in x, y, z, w; "" for a blank cell).
typedef struct ak_pub_matrix {
    const char *id;   ///< "B-A.2D" ...
    const char *name; ///< "[r]*" or "Delta I"
    int n;            ///< dimension of the space
    int rows, cols;   ///< as printed
    const char *entry[36];
} ak_pub_matrix;

extern const ak_pub_matrix ak_pub_tenbosch_matrices[];
extern const size_t ak_pub_tenbosch_matrix_count;

/// Parse a printed polynomial of degree <= 2 in x, y, z, w ("-y", "x^2 + y^2", "-wx", "0", "")
/// into lin[4] and quad[4][4] (quad[i][j] for i <= j; the monomial x_i x_j). Returns 0, or -1 on a
/// syntax error.
int ak_pub_poly(const char *s, double lin[4], double quad[4][4]);

#endif
