// Test-only transcriptions of the published 4D GA tables (see ga_tables_published.h). The
// strings below are the documents' LaTeX as we have it, unchanged (typos included); only '\' is escaped.
#include "verify/oracles/ga_tables_published.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const ak_pub_table ak_pub_thesis_tables[] = {
    { "T-A.1",
      "thesis App. A.1, the simplified trivector sum",
      "a ^ b for vector a, bivector b (trivector form)",
      'a',
      'b',
      AK_PUB_VEC,
      AK_PUB_BIV,
      0,
      AK_PUB_OP,
      0,
      { "" },
      { "a_x b_{yz} e_{xyz} + a_x b_{yw} e_{xyw} + a_x b_{zw} e_{xzw} - a_y b_{xz} e_{xyz} - a_y "
        "b_{xw} e_{xyw} + a_y b_{zw} e_{yzw}  + a_z b_{xy} e_{xyz} - a_z b_{xw} e_{xzw} - a_z "
        "b_{yw} e_{yzw} + a_w b_{xy} e_{xyw} + a_w b_{xz} e_{xzw} + a_w b_{yz} e_{yzw}" } },
    { "T-A.1",
      "thesis App. A.1, the final column vector",
      "a ^ b (its trivector replaced by the dual vector, T-2.dual)",
      'a',
      'b',
      AK_PUB_VEC,
      AK_PUB_BIV,
      0,
      AK_PUB_OP_DUAL,
      4,
      { "x", "y", "z", "w" },
      { "a_y b_{zw} - a_z b_{yw} + a_w b_{yz}", "-a_x b_{zw} + a_z b_{xw} - a_w b_{xz}",
        "a_x b_{yw} - a_y b_{xw} + a_w b_{xy}", "-a_x b_{yz} + a_y b_{xz} - a_z b_{xy}" } },
    { "T-A.2",
      "thesis App. A.2, the final column vector",
      "a _| b for vector a, bivector b",
      'a',
      'b',
      AK_PUB_VEC,
      AK_PUB_BIV,
      0,
      AK_PUB_LC,
      4,
      { "x", "y", "z", "w" },
      { "-a_y b_{xy} - a_z b_{xz} e_x - a_w b_{xw}", "a_x b_{xy} - a_z b_{yz} - a_w b_{yw}",
        "a_x b_{xz} + a_y b_{yz} - a_w b_{zw}", "a_x b_{xw} + a_y b_{yw} + a_z b_w" } },
    { "T-A.3",
      "thesis App. A.3, column vector 'ab'",
      "ab for vector a, bivector b, printed as one 4D vector",
      'a',
      'b',
      AK_PUB_VEC,
      AK_PUB_BIV,
      0,
      AK_PUB_GP_DUAL,
      4,
      { "x", "y", "z", "w" },
      { "-a_y b_{xy} + a_y b_{zw} - a_z b_{xz} - a_z b_{yw} - a_w b_{xw} + a_w b_{yz}",
        "a_x b_{xy} - a_x b_{zw} + a_z b_{xw} - a_z b_{yz} - a_w b_{xz} - a_w b_{yw}",
        "a_x b_{xz} + a_x b_{yw} - a_y b_{xw} + a_y b_{yz} + a_w b_{xy} - a_w b_{zw}",
        "a_x b_{xw} - a_x b_{yz} + a_y b_{xz} + a_y b_{yw} - a_z b_{xy} + a_z b_{zw}" } },
    { "T-A.3",
      "thesis App. A.3, column vector 'ba'",
      "ba for vector a, bivector b, printed as one 4D vector",
      'a',
      'b',
      AK_PUB_VEC,
      AK_PUB_BIV,
      1,
      AK_PUB_GP_DUAL,
      4,
      { "x", "y", "z", "w" },
      { "a_y b_{xy} + a_y b_{zw} + a_z b_{xz} - a_z b_{yw} + a_w b_{xw} + a_w b_{yz}",
        "-a_x b_{xy} - a_x b_{zw} + a_z b_{xw} + a_z b_{yz} - a_w b_{xz} + a_w b_{yw}",
        "-a_x b_{xz} + a_x b_{yw} - a_y b_{xw} - a_y b_{yz} + a_w b_{xy} + a_w b_{zw}",
        "-a_x b_{xw} - a_x b_{yz} + a_y b_{xz} - a_y b_{yw} - a_z b_{xy} - a_z b_{zw}" } },
    { "T-A.4",
      "thesis App. A.4, column vector 'ar'",
      "ar for vector a, rotor r, printed as one 4D vector",
      'a',
      'r',
      AK_PUB_VEC,
      AK_PUB_ROT,
      0,
      AK_PUB_GP_DUAL,
      4,
      { "x", "y", "z", "w" },
      { "a_x r_s - a_y r_{xy} + a_y r_{zw} - a_z r_{xz} - a_z r_{yw} - a_w r_{xw} + a_w r_{yz} + "
        "a_x r_{xyzw}",
        "a_y r_s + a_x r_{xy} - a_x r_{zw} + a_z r_{xw} - a_z r_{yz} - a_w r_{xz} - a_w r_{yw} + "
        "a_y r_{xyzw}",
        "a_z r_s + a_x r_{xz} + a_x r_{yw} - a_y r_{xw} + a_y r_{yz} + a_w r_{xy} - a_w r_{zw} + "
        "a_z r_{xyzw}",
        "a_w r_s + a_x r_{xw} - a_x r_{yz} + a_y r_{xz} + a_y r_{yw} - a_z r_{xy} + a_z r_{zw} + "
        "a_w r_{xyzw}" } },
    { "T-A.4",
      "thesis App. A.4, column vector 'ra'",
      "ra for vector a, rotor r, printed as one 4D vector",
      'a',
      'r',
      AK_PUB_VEC,
      AK_PUB_ROT,
      1,
      AK_PUB_GP_DUAL,
      4,
      { "x", "y", "z", "w" },
      { "a_x r_s + a_y r_{xy} + a_y r_{zw} + a_z r_{xz} - a_z r_{yw} + a_w r_{xw} + a_w r_{yz} - "
        "a_x r_{xyzw}",
        "a_y r_s - a_x r_{xy} - a_x r_{zw} + a_z r_{xw} + a_z r_{yz} - a_w r_{xz} + a_w r_{yw} - "
        "a_y r_{xyzw}",
        "a_z r_s - a_x r_{xz} + a_x r_{yw} - a_y r_{xw} - a_y r_{yz} + a_w r_{xy} + a_w r_{zw} - "
        "a_z r_{xyzw}",
        "a_w r_s - a_x r_{xw} - a_x r_{yz} + a_y r_{xz} - a_y r_{yw} - a_z r_{xy} - a_z r_{zw} - "
        "a_w r_{xyzw}" } },
    { "T-A.5",
      "thesis App. A.5, the final grouped sum",
      "ab for bivectors a, b",
      'a',
      'b',
      AK_PUB_BIV,
      AK_PUB_BIV,
      0,
      AK_PUB_GP,
      8,
      { "s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw" },
      { "a_{xy}b_{xy} - a_{xz}b_{xz} - a_{xw}b_{xw} - a_{yz}b_{yz} - a_{yw}b_{yw} - a_{zw}b_{zw}",
        "-a_{xz}b_{yz} - a_{xw}b_{yw} + a_{yz}b_{xz} + a_{yw}b_{xw}",
        "a_{xy}b_{yz} - a_{xw}b_{zw} - a_{yz}b_{xy} + a_{zw}b_{xw}",
        "a_{xy}b_{yw} + a_{xz}b_{zw} - a_{yw}b_{xy} - a_{zw}b_{xz}",
        "-a_{xy}b_{xz} + a_{xz}b_{xy} - a_{yw}b_{zw} + a_{zw}b_{yw}",
        "-a_{xy}b_{xw} + a_{xw}b_{xy} + a_{yz}b_{zw} - a_{zw}b_{yz}",
        "-a_{xz}b_{xw} + a_{xw}b_{xz} - a_{yz}b_{yw} + a_{yw}b_{yz}",
        "a_{xy}b_{zw} - a_{xz}b_{yw} + a_{xw}b_{yz} + a_{yz}b_{xw} - a_{yw}b_{xz} + "
        "a_{zw}b_{xy}" } },
    { "T-A.6",
      "thesis App. A.6, the final grouped sum",
      "br for bivector b, rotor r",
      'b',
      'r',
      AK_PUB_BIV,
      AK_PUB_ROT,
      0,
      AK_PUB_GP,
      8,
      { "s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw" },
      { "b_{xy}r_{xy} - b_{xz}r_{xz} - b_{xw}r_{xw} - b_{yz}r_{yz} - b_{yw}r_{yw} - b_{zw}r_{zw}",
        "b_{xy}r_s - b_{xz}r_{yz} - b_{xw}r_{yw} + b_{yz}r_{xz} + b_{yw}r_{xw} - b_{zw}r_{xyzw}",
        "b_{xy}r_{yz} + b_{xz}r_s - b_{xw}r_{zw} - b_{yz}r_{xy} + b_{yw}r_{xyzw} + b_{zw}r_{xw}",
        "b_{xy}r_{yw} + b_{xz}r_{zw} + b_{xw}r_s - b_{yz}r_{xyzw} - b_{yw}r_{xy} - b_{zw}r_{xz}",
        "-b_{xy}r_{xz} + b_{xz}r_{xy} - b_{xw}r_{xyzw} + b_{yz}r_s - b_{yw}r_{zw} + b_{zw}r_{yw}",
        "-b_{xy}r_{xw} + b_{xz}r_{xyzw} + b_{xw}r_{xy} + b_{yz}r_{zw} + b_{yw}r_s - b_{zw}r_{yz}",
        "-b_{xy}r_{xyzw} - b_{xz}r_{xw} + b_{xw}r_{xz} - b_{yz}r_{yw} + b_{yw}r_{yz} + b_{zw}r_s",
        "b_{xy}r_{zw} - b_{xz}r_{yw} + b_{xw}r_{yz} + b_{yz}r_{xw} - b_{yw}r_{xz} + "
        "b_{zw}r_{xy}" } },
    { "T-A.7",
      "thesis App. A.7, the final grouped sum",
      "pq for rotors p, q",
      'p',
      'q',
      AK_PUB_ROT,
      AK_PUB_ROT,
      0,
      AK_PUB_GP,
      8,
      { "s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw" },
      { "p_sq_s - p_{xy}q_{xy} - p_{xz}q_{xz} - p_{xw}q_{xw} - p_{yz}q_{yz} - p_{yw}q_{yw} - "
        "p_{zw}q_{zw} + p_{xyzw}q_{xyzw}",
        "p_sq_{xy} + p_{xy}q_s - p_{xz}q_{yz} - p_{xw}q_{yw} + p_{yz}q_{xz} + p_{yw}q_{xw} - "
        "p_{zw}q_{xyzw} - p_{xyzw}q_{zw}",
        "p_sq_{xz} + p_{xz}q_s - p_{xw}q_{zw} - p_{yz}q_{xy} + p_{yw}q_{xyzw} + p_{zw}q_{xw} + "
        "p_{xyzw}q_{yw}",
        "p_sq_{xw} + p_{xw}q_s - p_{yz}q_{xyzw} - p_{yw}q_{xy} - p_{zw}q_{xz} - p_{xyzw}q_{yz}",
        "p_sq_{yz} + p_{yz}q_s - p_{xw}q_{xyzw} + p_{xz}q_{xy} - p_{yw}q_{zw} + p_{zw}q_{yw} - "
        "p_{xyzw}q_{xw}",
        "p_sq_{yw} + p_{yw}q_s - p_{xz}q_{xyzw} + p_{xw}q_{xy} + p_{yz}q_{zw} + p_{zw}q_{yz} - "
        "p_{xyzw}q_{xz}",
        "p_sq_{zw} + p_{zw}q_s - p_{xz}q_{xw} + p_{xw}q_{xz} - p_{yz}q_{yw} + p_{yw}q_{yz} + "
        "p_{zw}q_{yz} - p_{xyzw}q_{xy}",
        "p_sq_{xyzw} + p_{xyzw}q_s - p_{xz}q_{yw} + p_{xw}q_{yz} + p_{yz}q_{xw} - p_{yw}q_{xz} + "
        "p_{zw}q_{xy} + p_{xyzw}q_s" } },
};
const size_t ak_pub_thesis_table_count =
    sizeof ak_pub_thesis_tables / sizeof ak_pub_thesis_tables[0];

// ten Bosch 2020, App. A, rows as printed; a short row is padded with blank cells.
const ak_pub_matrix
    ak_pub_tenbosch_matrices[] = {
        { "B-A.2D", "[r]*", 2, 2, 2, { "-y", "x", "-z", "0" } },
        { "B-A.2D", "Delta I", 2, 2, 2, { "x^2 + y^2", "", "", "" } },
        { "B-A.3D", "[r]*", 3, 3, 3, { "-y", "x", "0", "-z", "0", "x", "0", "-z", "y" } },
        { "B-A.3D",
          "Delta I",
          3,
          3,
          3,
          { "x^2 + y^2", "yz", "-xz", "yz", "x^2 + z^2", "xy", "-xz", "xy", "y^2 + z^2" } },
        { "B-A.4D", "[r]*", 4, 6, 4, { "-y", "x",  "0", "0", "-z", "0",  "x",  "0",
                                       "-w", "0",  "0", "x", "0",  "-z", "y",  "0",
                                       "0",  "-w", "0", "y", "0",  "0",  "-w", "z" } },
        { "B-A.4D", "Delta I", 4, 6, 6, { "x^2 + y^2", "yz", "yw",  "-xz", "-xw", "0",   "yz",
                                          "x^2 + z^2", "zw", "xy",  "0",   "-xw", "yw",  "zw",
                                          "w^2 + x^2", "0",  "xy",  "xz",  "-xz", "xy",  "0",
                                          "y^2 + z^2", "zw", "-yw", "-xw", "0",   "xy",  "zw",
                                          "w^2 + y^2", "yz", "0",   "-wx", "xz",  "-yw", "yz",
                                          "w^2 + z^2" } },
    };
const size_t ak_pub_tenbosch_matrix_count =
    sizeof ak_pub_tenbosch_matrices / sizeof ak_pub_tenbosch_matrices[0];

static int axis_bit(char ch) {
    switch (ch) {
        case 'x': return 0;
        case 'y': return 1;
        case 'z': return 2;
        case 'w': return 3;
    }
    return -1;
}

int ak_pub_blade(const char *name, double *sign) {
    *sign = 1.0;
    if (strcmp(name, "s") == 0 || name[0] == '\0') return 0;
    unsigned mask = 0;
    for (const char *p = name; *p; p++) {
        int b = axis_bit(*p);
        if (b < 0) return -1;
        // Move e_b left past the factors of higher index already in the product.
        for (int k = b + 1; k < 4; k++)
            if (mask & (1u << k)) *sign = -*sign;
        mask ^= 1u << b; // e_b e_b = 1
    }
    return (int)mask;
}

static const char *const VEC_NAMES[] = { "x", "y", "z", "w" };
static const char *const BIV_NAMES[] = { "xy", "xz", "xw", "yz", "yw", "zw" };
static const char *const ROT_NAMES[] = { "s", "xy", "xz", "xw", "yz", "yw", "zw", "xyzw" };

static int operand_index(ak_pub_kind k, const char *name) {
    const char *const *names = k == AK_PUB_VEC   ? VEC_NAMES
                               : k == AK_PUB_BIV ? BIV_NAMES
                                                 : ROT_NAMES;
    for (int i = 0; i < (int)k; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

static void add_slip(char *slips, size_t len, const char *fmt, const char *a, const char *b) {
    size_t used = strlen(slips);
    if (used + 1 >= len) return;
    if (used) snprintf(slips + used, len - used, "; ");
    used = strlen(slips);
    snprintf(slips + used, len - used, fmt, a, b);
}

// Reads "_x" or "_{xyz}" after a letter; returns the pointer after it, or NULL.
static const char *read_sub(const char *p, char out[8]) {
    if (*p != '_') return NULL;
    p++;
    int n = 0;
    if (*p == '{') {
        p++;
        while (*p && *p != '}' && n < 7) out[n++] = *p++;
        if (*p != '}') return NULL;
        p++;
    } else if (isalpha((unsigned char)*p)) {
        out[n++] = *p++;
    } else {
        return NULL;
    }
    out[n] = '\0';
    return p;
}

int ak_pub_parse(const ak_pub_table *t, double coef[AK_PUB_NOUT][AK_PUB_NOP][AK_PUB_NOP],
                 char *slips, size_t len) {
    memset(coef, 0, sizeof(double) * AK_PUB_NOUT * AK_PUB_NOP * AK_PUB_NOP);
    if (len) slips[0] = '\0';
    int nslips = 0, ncomp = t->ncomp ? t->ncomp : 1;
    for (int k = 0; k < ncomp; k++) {
        double base_sign = 1.0;
        int base = t->ncomp ? ak_pub_blade(t->comp[k], &base_sign) : 0;
        const char *p = t->expr[k];
        while (*p) {
            while (*p == ' ') p++;
            if (!*p) break;
            double sign = 1.0;
            if (*p == '+' || *p == '-') {
                sign = (*p == '-') ? -1.0 : 1.0;
                p++;
            }
            int li = -2, ri = -2, out = base, drop = 0;
            double s = sign * base_sign;
            const char *term_start = p;
            while (*p && *p != '+' && *p != '-') {
                if (*p == ' ') {
                    p++;
                    continue;
                }
                char letter = *p, sub[8];
                const char *q = read_sub(p + 1, sub);
                if (!q) {
                    snprintf(slips, len, "syntax error at '%.20s' in %s", p, t->id);
                    return -1;
                }
                p = q;
                if (letter == 'e') {
                    double bs;
                    int m = ak_pub_blade(sub, &bs);
                    if (m < 0) {
                        snprintf(slips, len, "bad blade e_%s in %s", sub, t->id);
                        return -1;
                    }
                    if (t->ncomp) { // a stray basis factor inside a component: read as a typo
                        add_slip(slips, len, "component %s: stray factor e_%s ignored", t->comp[k],
                                 sub);
                        nslips++;
                    } else {
                        out = m;
                        s *= bs;
                    }
                } else if (letter == t->left && li == -2) {
                    li = operand_index(t->lk, sub);
                    if (li < 0) {
                        add_slip(slips, len,
                                 "%s_%s is not a component of the left operand: term dropped",
                                 (const char[]){ letter, 0 }, sub);
                        nslips++;
                        drop = 1;
                    }
                } else if (letter == t->right && ri == -2) {
                    ri = operand_index(t->rk, sub);
                    if (ri < 0) {
                        add_slip(slips, len,
                                 "%s_%s is not a component of the right operand: term dropped",
                                 (const char[]){ letter, 0 }, sub);
                        nslips++;
                        drop = 1;
                    }
                } else {
                    add_slip(slips, len, "unexpected factor %s_%s: term dropped",
                             (const char[]){ letter, 0 }, sub);
                    nslips++;
                    drop = 1;
                }
            }
            if (li == -2 || ri == -2) {
                snprintf(slips, len, "term '%.30s' of %s lacks an operand", term_start, t->id);
                return -1;
            }
            if (!drop) coef[out][li][ri] += s;
        }
    }
    return nslips;
}

int ak_pub_poly(const char *s, double lin[4], double quad[4][4]) {
    memset(lin, 0, 4 * sizeof(double));
    memset(quad, 0, 16 * sizeof(double));
    const char *p = s;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        double c = 1.0;
        if (*p == '+' || *p == '-') {
            c = (*p == '-') ? -1.0 : 1.0;
            p++;
            while (*p == ' ') p++;
        }
        if (isdigit((unsigned char)*p)) {
            double v = 0;
            while (isdigit((unsigned char)*p)) v = 10 * v + (*p++ - '0');
            c *= v;
        }
        int vars[2], nv = 0;
        while (*p && *p != '+' && *p != '-' && *p != ' ') {
            int b = axis_bit(*p);
            if (b < 0 || nv >= 2) return -1;
            p++;
            vars[nv++] = b;
            if (*p == '^') {
                if (p[1] != '2' || nv >= 2) return -1;
                vars[nv++] = b;
                p += 2;
            }
        }
        if (nv == 1) {
            lin[vars[0]] += c;
        } else if (nv == 2) {
            int i = vars[0] < vars[1] ? vars[0] : vars[1],
                j = vars[0] < vars[1] ? vars[1] : vars[0];
            quad[i][j] += c;
        } else if (c != 0.0) {
            return -1; // a constant other than 0 has no place in these tables
        }
    }
    return 0;
}
