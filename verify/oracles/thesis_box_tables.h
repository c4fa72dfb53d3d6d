/// @file thesis_box_tables.h
/// Test-only transcription of Torres 2022 (Into Another Dimension), App. B, Tables B.2-B.4 and
/// the 3-cell normals under Table B.4, exactly as printed: the edges as pairs of vertex numbers,
/// the faces as clockwise-ordered quadruples of vertex numbers, the 3-cells as sets of six face
/// numbers, each cell's normal as +-A_j (a column of the hyperbox's rotation matrix A). Numbers
/// are 1-based as printed (v_1 .. v_16 of Table B.1, f_1 .. f_24, c_1 .. c_8). The
/// `printed.thesis_appb` check evaluates them against Table B.1's vertices.
#ifndef AK_VERIFY_THESIS_BOX_TABLES_H
#define AK_VERIFY_THESIS_BOX_TABLES_H

/// Table B.2: e_k = {v_a, v_b}.
extern const int ak_thesis_tb2_edges[32][2];
/// Table B.3: f_k = (v_a, v_b, v_c, v_d), clockwise-ordered.
extern const int ak_thesis_tb3_faces[24][4];
/// Table B.4: c_k = {f_a, ..., f_f}.
extern const int ak_thesis_tb4_cells[8][6];
/// The normals printed under Table B.4: normal of c_k = sign * A_axis (axis 1..4, sign +-1).
extern const int ak_thesis_tb4_normal_axis[8];
extern const int ak_thesis_tb4_normal_sign[8];

#endif
