// Unit tests of the test-only table module (verify/ga_tables_published): the parser reads the
// printed LaTeX exactly, and the known printed oddities come out as slips.
#include <criterion/criterion.h>
#include <string.h>

#include "verify/oracles/ga_tables_published.h"

Test(tables, blade_names_and_signs) {
    double s;
    cr_assert_eq(ak_pub_blade("xy", &s), 3);
    cr_assert_eq(s, 1.0);
    cr_assert_eq(ak_pub_blade("yx", &s), 3);
    cr_assert_eq(s, -1.0);
    cr_assert_eq(ak_pub_blade("xwx", &s), 8); // e_x e_w e_x = -e_w
    cr_assert_eq(s, -1.0);
    cr_assert_eq(ak_pub_blade("s", &s), 0);
    cr_assert_eq(ak_pub_blade("q", &s), -1);
}

Test(tables, polynomials) {
    double lin[4], quad[4][4];
    cr_assert_eq(ak_pub_poly("x^2 + y^2", lin, quad), 0);
    cr_assert(quad[0][0] == 1 && quad[1][1] == 1 && quad[0][1] == 0);
    cr_assert_eq(ak_pub_poly("-wx", lin, quad), 0);
    cr_assert(quad[0][3] == -1);
    cr_assert_eq(ak_pub_poly("-y", lin, quad), 0);
    cr_assert(lin[1] == -1);
    cr_assert_eq(ak_pub_poly("", lin, quad), 0);
    cr_assert_eq(ak_pub_poly("0", lin, quad), 0);
    cr_assert_eq(ak_pub_poly("q", lin, quad), -1);
}

static const ak_pub_table *find(const char *id, const char *where) {
    for (size_t k = 0; k < ak_pub_thesis_table_count; k++)
        if (!strcmp(ak_pub_thesis_tables[k].id, id) && strstr(ak_pub_thesis_tables[k].where, where))
            return &ak_pub_thesis_tables[k];
    return NULL;
}

static double P[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP];

Test(tables, thesis_A5_scalar_sign_as_printed) {
    const ak_pub_table *t = find("T-A.5", "A.5");
    cr_assert_not_null(t);
    char slips[256];
    cr_assert_eq(ak_pub_parse(t, P, slips, sizeof slips), 0);
    cr_assert_eq(P[0][0][0], 1.0);  // printed +a_xy b_xy in the scalar part
    cr_assert_eq(P[0][1][1], -1.0); // -a_xz b_xz
    cr_assert_eq(P[15][0][5], 1.0); // +a_xy b_zw e_xyzw
}

Test(tables, thesis_A2_slips_are_reported) {
    const ak_pub_table *t = find("T-A.2", "A.2");
    char slips[256];
    cr_assert_eq(ak_pub_parse(t, P, slips, sizeof slips), 2);
    cr_assert(strstr(slips, "stray factor e_x"));
    cr_assert(strstr(slips, "b_w is not a component"));
    cr_assert_eq(P[1][2][1], -1.0); // x: -a_z b_xz (the stray e_x ignored)
}

Test(tables, thesis_A1_trivector_sum_uses_blade_signs) {
    const ak_pub_table *t = find("T-A.1", "trivector");
    char slips[256];
    cr_assert_eq(ak_pub_parse(t, P, slips, sizeof slips), 0);
    cr_assert_eq(P[7][1][1], -1.0); // -a_y b_xz e_xyz
    cr_assert_eq(P[14][0][0], 0.0);
}

Test(tables, every_table_parses) {
    char slips[512];
    for (size_t k = 0; k < ak_pub_thesis_table_count; k++)
        cr_assert_geq(ak_pub_parse(&ak_pub_thesis_tables[k], P, slips, sizeof slips), 0, "%s: %s",
                      ak_pub_thesis_tables[k].id, slips);
    for (size_t k = 0; k < ak_pub_tenbosch_matrix_count; k++) {
        const ak_pub_matrix *m = &ak_pub_tenbosch_matrices[k];
        double lin[4], quad[4][4];
        for (int i = 0; i < m->rows * m->cols; i++)
            cr_assert_eq(ak_pub_poly(m->entry[i], lin, quad), 0, "%s %s", m->id, m->entry[i]);
    }
}
