// Group "ga": published tables: exact verdicts
#include "verify/checks/checks_ga_common.h"

// ---- published tables: exact verdicts -------------------------------------------------------------

static const char *const PUB_VEC[] = { "x", "y", "z", "w" };
static const char *const PUB_BIV[] = { "xy", "xz", "xw", "yz", "yw", "zw" };
static const char *const PUB_ROT[] = { "s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw" };

static void blade_name(unsigned mask, char out[8]) {
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (mask & (1u << i)) out[n++] = "xyzw"[i];
    if (n == 0) out[n++] = 's';
    out[n] = '\0';
}

static void pub_operand(ak_cl_mv *out, ak_pub_kind k, int idx) {
    double v[8] = { 0 };
    v[idx] = 1.0;
    if (k == AK_PUB_VEC)
        ak_cl_from_vec(out, 4, v);
    else if (k == AK_PUB_BIV)
        ak_cl_from_biv(out, 4, v);
    else
        ak_cl_from_even(out, 4, v);
}

static const char *const *pub_names(ak_pub_kind k) {
    return k == AK_PUB_VEC ? PUB_VEC : k == AK_PUB_BIV ? PUB_BIV : PUB_ROT;
}

// The correct coefficient table of what a published table claims to show. *mixed gets the
// largest trivector coefficient that a GP_DUAL table folds into its vector.
static void pub_correct(const ak_pub_table *t, double C[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP],
                        double *mixed) {
    memset(C, 0, sizeof(double) * AK_PUB_NOUT * AK_PUB_NOP * AK_PUB_NOP);
    *mixed = 0.0;
    ak_cl_mv I;
    ak_cl_blade(&I, 4, 0, 0, 15u, 1.0);
    for (int i = 0; i < (int)t->lk; i++)
        for (int j = 0; j < (int)t->rk; j++) {
            ak_cl_mv A, B, P, g1, g3;
            pub_operand(&A, t->lk, i);
            pub_operand(&B, t->rk, j);
            const ak_cl_mv *x = t->swap ? &B : &A, *y = t->swap ? &A : &B;
            switch (t->product) {
                case AK_PUB_OP: ak_cl_op(&P, x, y); break;
                case AK_PUB_OP_DUAL:
                    ak_cl_op(&P, x, y);
                    ak_cl_gp(&P, &P, &I);
                    ak_cl_grade_part(&P, &P, 1);
                    break;
                case AK_PUB_LC: ak_cl_lc(&P, x, y); break;
                case AK_PUB_GP: ak_cl_gp(&P, x, y); break;
                case AK_PUB_GP_DUAL:
                    ak_cl_gp(&P, x, y);
                    ak_cl_grade_part(&g1, &P, 1);
                    ak_cl_grade_part(&g3, &P, 3);
                    *mixed = fmax(*mixed, ak_cl_max_abs(&g3));
                    ak_cl_gp(&g3, &g3, &I);
                    ak_cl_add(&P, &g1, &g3);
                    break;
            }
            for (unsigned m = 0; m < AK_PUB_NOUT; m++) C[m][i][j] = P.c[m];
        }
}

// Verdict: "correct", or for each wrong component the published minus the correct terms.
static int pub_verdict(const ak_pub_table *t, double P[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP],
                       double C[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP], char *out, size_t len) {
    const char *const *ln = pub_names(t->lk), *const *rn = pub_names(t->rk);
    int wrong = 0;
    out[0] = '\0';
    for (unsigned m = 0; m < AK_PUB_NOUT; m++) {
        int first = 1;
        for (int i = 0; i < (int)t->lk; i++)
            for (int j = 0; j < (int)t->rk; j++) {
                double d = P[m][i][j] - C[m][i][j];
                if (d == 0.0) continue;
                size_t u = strlen(out);
                if (first) {
                    char name[8];
                    blade_name(m, name);
                    snprintf(out + u, len - u, "%s%s:", wrong ? "; " : "", name);
                    u = strlen(out);
                    wrong++;
                    first = 0;
                }
                snprintf(out + u, len - u, " %+g %c_%s %c_%s", d, t->left, ln[i], t->right, rn[j]);
            }
    }
    if (!wrong) snprintf(out, len, "correct");
    return wrong;
}

// Largest component error of the printed table on random inputs in [-1, 1] (how much it is off).
static double pub_random_error(const ak_pub_table *t, double P[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP],
                               double C[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP], long samples) {
    gsl_rng *r = ga_rng_new(300);
    double worst = 0;
    for (long s = 0; s < samples; s++) {
        double a[8], b[8];
        for (int i = 0; i < 8; i++) {
            a[i] = ga_uni(r);
            b[i] = ga_uni(r);
        }
        for (unsigned m = 0; m < AK_PUB_NOUT; m++) {
            double e = 0;
            for (int i = 0; i < (int)t->lk; i++)
                for (int j = 0; j < (int)t->rk; j++) e += (P[m][i][j] - C[m][i][j]) * a[i] * b[j];
            worst = fmax(worst, fabs(e));
        }
    }
    gsl_rng_free(r);
    return worst;
}

// The expected ga_verdict of each printed table, worked out by hand from e_A e_B (docs/formulas/ga.md
// shows the working); the check asserts the measured ga_verdict equals it exactly.
typedef struct pub_expect {
    const char *id, *where_prefix, *ga_verdict, *slips;
} pub_expect;

static const pub_expect PUB_EXPECT[] = {
    { "T-A.1", "thesis App. A.1, the simplified", "correct", "" },
    { "T-A.1", "thesis App. A.1, the final", "correct", "" },
    { "T-A.2", "thesis App. A.2", "w: -1 a_z b_zw",
      "component x: stray factor e_x ignored; b_w is not a component of the right operand: term "
      "dropped" },
    { "T-A.3", "thesis App. A.3, column vector 'ab'", "correct", "" },
    { "T-A.3", "thesis App. A.3, column vector 'ba'", "correct", "" },
    { "T-A.4", "thesis App. A.4, column vector 'ar'", "correct", "" },
    { "T-A.4", "thesis App. A.4, column vector 'ra'", "correct", "" },
    { "T-A.5", "thesis App. A.5", "s: +2 a_xy b_xy", "" },
    { "T-A.6", "thesis App. A.6", "s: +2 b_xy r_xy", "" },
    { "T-A.7", "thesis App. A.7",
      "xz: -1 p_xy q_yz; yz: +1 p_xy q_xz; xw: -1 p_xy q_yw -1 p_xz q_zw; yw: +1 p_xy q_xw -2 p_xz "
      "q_xyzw +2 p_zw q_yz "
      "-2 p_xyzw q_xz; zw: +1 p_xy q_xyzw +1 p_zw q_yz; xyzw: -1 p_xy q_zw +1 p_xyzw q_s",
      "" },
};

static void check_pub_table(ak_check_ctx *c, const char *id) {
    long samples = ak_samples(c, 10000, 1000);
    int found = 0;
    for (size_t k = 0; k < ak_pub_thesis_table_count; k++) {
        const ak_pub_table *t = &ak_pub_thesis_tables[k];
        if (strcmp(t->id, id) != 0) continue;
        found++;
        static double P[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP],
            C[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP];
        char slips[1024], ga_verdict[2048];
        int ns = ak_pub_parse(t, P, slips, sizeof slips);
        if (ns < 0) {
            ak_expect(c, false, "%s: parse error: %s", t->where, slips);
            continue;
        }
        double mixed;
        pub_correct(t, C, &mixed);
        int wrong = pub_verdict(t, P, C, ga_verdict, sizeof ga_verdict);
        double err = pub_random_error(t, P, C, samples);
        const pub_expect *want = NULL;
        for (size_t e = 0; e < sizeof PUB_EXPECT / sizeof PUB_EXPECT[0]; e++)
            if (!strcmp(PUB_EXPECT[e].id, id) &&
                !strncmp(t->where, PUB_EXPECT[e].where_prefix, strlen(PUB_EXPECT[e].where_prefix)))
                want = &PUB_EXPECT[e];
        ak_expect(c, want && !strcmp(ga_verdict, want->ga_verdict) && !strcmp(slips, want->slips),
                  "%s (%s): verdict [%s], %d wrong component(s), max error %.3g on random inputs "
                  "in [-1,1]; slips [%s]",
                  t->where, t->claim, ga_verdict, wrong, err, slips);
        if (t->product == AK_PUB_GP_DUAL) {
            // The printed components are right as <P>_1 + <<P>_3 I>_1, but P has a trivector part
            // (so "ab = this vector" is a grade error): assert that it is there.
            ak_expect(c, mixed >= 1.0,
                      "%s: the product has a trivector part (largest basis coefficient %.3g), "
                      "which the printed 4D vector replaces by its dual",
                      t->where, mixed);
            ak_note(
                c,
                "%s: the printed vector is <P>_1 + <<P>_3 I>_1, not the product P itself, whose "
                "trivector part reaches %.3g per unit input: ab is a vector plus a trivector",
                t->where, mixed);
        }
        char key[64];
        snprintf(key, sizeof key, "wrong_components_%zu", k);
        ak_value(c, key, wrong);
    }
    ak_expect(c, found > 0, "%d printed form(s) of %s found", found, id);
}

static void check_T_A_1(ak_check_ctx *c) { check_pub_table(c, "T-A.1"); }
static void check_T_A_2(ak_check_ctx *c) { check_pub_table(c, "T-A.2"); }
static void check_T_A_3(ak_check_ctx *c) { check_pub_table(c, "T-A.3"); }
static void check_T_A_4(ak_check_ctx *c) { check_pub_table(c, "T-A.4"); }
static void check_T_A_5(ak_check_ctx *c) { check_pub_table(c, "T-A.5"); }
static void check_T_A_6(ak_check_ctx *c) { check_pub_table(c, "T-A.6"); }
static void check_T_A_7(ak_check_ctx *c) { check_pub_table(c, "T-A.7"); }

static const ak_check CHECKS[] = {
    { "ga.thesis.T-A.1", "T-A.1", "printed a^b (vector^bivector) vs the correct outer product",
      check_T_A_1 },
    { "ga.thesis.T-A.2", "T-A.2", "printed a_|b vs the correct left contraction", check_T_A_2 },
    { "ga.thesis.T-A.3", "T-A.3",
      "printed ab, ba (vector, bivector) vs the correct geometric product", check_T_A_3 },
    { "ga.thesis.T-A.4", "T-A.4", "printed ar, ra (vector, rotor) vs the correct geometric product",
      check_T_A_4 },
    { "ga.thesis.T-A.5", "T-A.5", "printed ab (bivectors) vs the correct geometric product",
      check_T_A_5 },
    { "ga.thesis.T-A.6", "T-A.6", "printed br (bivector, rotor) vs the correct geometric product",
      check_T_A_6 },
    { "ga.thesis.T-A.7", "T-A.7", "printed pq (rotors) vs the correct geometric product",
      check_T_A_7 },
};

AK_TOPIC(ga_tables, CHECKS)
