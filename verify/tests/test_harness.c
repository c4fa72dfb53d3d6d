// Unit tests of the verification harness itself.
#include <criterion/criterion.h>

#include "verify/checks/harness.h"

static void dummy(ak_check_ctx *c) { (void)c; }

Test(harness, matches_group_glob_and_formula) {
    ak_check chk = { "mass.box.inertia", "T-3.hb B-I", "x", dummy };
    cr_assert(ak_check_matches(&chk, NULL));
    cr_assert(ak_check_matches(&chk, "mass"));
    cr_assert(ak_check_matches(&chk, "mass.*"));
    cr_assert(ak_check_matches(&chk, "T-3.hb"));
    cr_assert(ak_check_matches(&chk, "B-I"));
    cr_assert_not(ak_check_matches(&chk, "mas"));
    cr_assert_not(ak_check_matches(&chk, "T-3.h"));
    cr_assert_not(ak_check_matches(&chk, "ga"));
}

Test(harness, every_registered_check_is_complete_and_unique) {
    size_t ng;
    const ak_check_group *g = ak_check_groups(&ng);
    cr_assert_geq(ng, 6);
    for (size_t i = 0; i < ng; i++)
        for (size_t j = 0; j < g[i].count; j++) {
            const ak_check *c = &g[i].checks[j];
            cr_assert(c->id && c->formulas && c->what && c->run, "check %zu of %s incomplete", j,
                      g[i].name);
            size_t len = strlen(g[i].name);
            cr_assert(!strncmp(c->id, g[i].name, len) && c->id[len] == '.', "%s not in group %s",
                      c->id, g[i].name);
            for (size_t k = 0; k < ng; k++)
                for (size_t l = 0; l < g[k].count; l++)
                    if (k != i || l != j)
                        cr_assert_str_neq(c->id, g[k].checks[l].id, "duplicate id %s", c->id);
        }
}
