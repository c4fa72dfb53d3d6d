// Unit tests of ref/ga/nd: index tables and identities with exact expected values.
#include <criterion/criterion.h>
#include <math.h>

#include "ga/nd.h"

Test(nd, bivector_order_is_lexicographic) {
    const char *want4[] = {"xy", "xz", "xw", "yz", "yw", "zw"};
    for (int k = 0; k < 6; k++) cr_assert_str_eq(ak_nd_biv_name(4, k), want4[k]);
    double s;
    cr_assert_eq(ak_nd_biv_index(4, 2, 1, &s), 3);
    cr_assert_eq(s, -1.0);
    cr_assert_eq(ak_nd_biv_index(5, 3, 4, &s), 9);
}

Test(nd, rotor_layout_4d) {
    const char *want[] = {"s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw"};
    char name[8];
    for (int k = 0; k < 8; k++) {
        ak_nd_even_name(4, k, name);
        cr_assert_str_eq(name, want[k]);
    }
    ak_nd_even_name(5, 15, name);
    cr_assert_str_eq(name, "yzwv");
}

Test(nd, rstar_matches_ten_bosch_appendix_4d) {
    // ten Bosch App. A, 4D: rows xy, xz, xw, yz, yw, zw; columns x, y, z, w.
    double r[4] = {2, 3, 5, 7}, S[24];
    ak_nd_rstar(4, S, r);
    double x = 2, y = 3, z = 5, w = 7;
    double want[24] = {-y, x, 0, 0, -z, 0, x, 0, -w, 0, 0, x, 0, -z, y, 0, 0, -w, 0, y, 0, 0, -w, z};
    for (int i = 0; i < 24; i++) cr_assert_eq(S[i], want[i], "entry %d", i);
}
