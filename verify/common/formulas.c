// The formula catalogue's reader (formulas.h): formula IDs, ranges and descriptions.
#include "verify/common/formulas.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/common/files.h"

static bool id_body(char ch) { return isalnum((unsigned char)ch) || ch == '.'; }

size_t ak_formula_id_len(const char *t, char prev) {
    if (!strchr("TBGP", t[0]) || t[0] == '\0' || t[1] != '-') return 0;
    if (isalnum((unsigned char)prev) || prev == '-' || prev == '_') return 0;
    if (!isalnum((unsigned char)t[2])) return 0;
    size_t n = 2;
    while (id_body(t[n]) && !(t[n] == '.' && t[n + 1] == '.')) n++; // ".." starts a range
    if (t[n] == '(') { // a directly attached group: T-C.2(V), T-5.1(3D)
        size_t k = n + 1;
        while (isalnum((unsigned char)t[k])) k++;
        if (k > n + 1 && t[k] == ')') n = k + 1;
    }
    while (n > 2 && t[n - 1] == '.') n--; // sentence punctuation
    if (n >= AK_FID_MAX) return 0;
    return n;
}

long ak_formulas_find(const ak_formula_list *l, const char *id) {
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->items[i].id, id)) return (long)i;
    return -1;
}

static ak_formula *add_id(ak_formula_list *l, const char *id, size_t len, const char *section,
                          bool from_range) {
    char buf[AK_FID_MAX];
    snprintf(buf, sizeof buf, "%.*s", (int)len, id);
    long k = ak_formulas_find(l, buf);
    if (k >= 0) return &l->items[k];
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        ak_formula *it = realloc(l->items, cap * sizeof *it);
        if (!it) return NULL;
        l->items = it;
        l->cap = cap;
    }
    ak_formula *f = &l->items[l->n++];
    memset(f, 0, sizeof *f);
    snprintf(f->id, sizeof f->id, "%s", buf);
    snprintf(f->section, sizeof f->section, "%s", section);
    f->from_range = from_range;
    return f;
}

// Split an ID into stem and trailing integer ("P-A.28" -> "P-A.", 28); false if none.
static bool split_num(const char *id, size_t len, size_t *stem_len, long *num) {
    size_t k = len;
    while (k > 0 && isdigit((unsigned char)id[k - 1])) k--;
    if (k == len || k < 2) return false;
    *stem_len = k;
    *num = strtol(id + k, NULL, 10);
    return true;
}

// After position p (just past an ID): whitespace, then a range marker? Returns the position past
// the marker and following whitespace, or NULL.
static const char *range_marker(const char *p) {
    while (*p == ' ' || *p == '\n' || *p == '\t') p++;
    if (!strncmp(p, "\xe2\x80\xa6", 3))
        p += 3;
    else if (!strncmp(p, "...", 3))
        p += 3;
    else if (!strncmp(p, "..", 2))
        p += 2;
    else
        return NULL;
    while (*p == ' ' || *p == '\n' || *p == '\t') p++;
    return p;
}

// The list's IDs named at p: one ID, or every listed ID of a range "A … B" / "A ... B" / "A..B"
// with a common stem. Returns how many (at most max) and sets *len to the text consumed (0: none).
int ak_formula_ids_at(const ak_formula_list *l, const char *p, char prev, long out[], int max,
                      size_t *len) {
    size_t n = ak_formula_id_len(p, prev);
    *len = n;
    if (!n) return 0;
    int k = 0;
    char id[AK_FID_MAX];
    const char *q = range_marker(p + n);
    size_t m = q ? ak_formula_id_len(q, ' ') : 0;
    size_t s1, s2;
    long a, b;
    if (m && split_num(p, n, &s1, &a) && split_num(q, m, &s2, &b) && s1 == s2 &&
        !strncmp(p, q, s1) && a < b && b - a <= AK_RANGE_MAX) {
        for (long i = a; i <= b && k < max; i++) {
            snprintf(id, sizeof id, "%.*s%ld", (int)s1, p, i);
            long f = ak_formulas_find(l, id);
            if (f >= 0) out[k++] = f;
        }
        *len = (size_t)(q + m - p);
        return k;
    }
    snprintf(id, sizeof id, "%.*s", (int)n, p);
    long f = ak_formulas_find(l, id);
    if (f >= 0) out[k++] = f;
    return k;
}

// A parenthesised description right after p (skipping spaces): copy it (a line break and the next
// line's indentation as one space).
static void paren_desc(const char *p, char *out, size_t outlen) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (*p != '(') return;
    int depth = 0;
    size_t n = 0;
    for (const char *q = p; *q; q++) {
        if (*q == '(') depth++;
        if (*q == ')' && --depth == 0) break;
        if (q == p) continue;
        if (n + 1 < outlen) out[n++] = (*q == '\n') ? ' ' : *q;
        if (*q == '\n' && q[1] == '\n') break; // never run past a paragraph
        if (*q == '\n')
            while (q[1] == ' ' || q[1] == '\t') q++;
    }
    out[n] = '\0';
}

int ak_formulas_parse(const char *text, ak_formula_list *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    const char *p = strstr(text, "\n## ");
    if (!p) {
        if (err) snprintf(err, errlen, "no '## ' section heading: not a formula catalogue");
        return -1;
    }
    char section[96] = "";
    char prev = '\n';
    while (*p) {
        if (prev == '\n' && !strncmp(p, "## ", 3)) {
            const char *e = strchr(p, '\n');
            size_t len = e ? (size_t)(e - p - 3) : strlen(p + 3);
            snprintf(section, sizeof section, "%.*s", (int)len, p + 3);
            p += 3 + len;
            prev = ' ';
            continue;
        }
        size_t n = ak_formula_id_len(p, prev);
        if (!n) {
            prev = *p++;
            continue;
        }
        const char *after = p + n;
        const char *q = range_marker(after);
        size_t m = q ? ak_formula_id_len(q, ' ') : 0;
        if (m) {
            size_t s1, s2;
            long a, b;
            bool ok = split_num(p, n, &s1, &a) && split_num(q, m, &s2, &b) && s1 == s2 &&
                      !strncmp(p, q, s1) && a < b && b - a <= AK_RANGE_MAX;
            char desc[160] = "";
            paren_desc(q + m, desc, sizeof desc);
            if (ok) {
                for (long i = a; i <= b; i++) {
                    char id[AK_FID_MAX];
                    snprintf(id, sizeof id, "%.*s%ld", (int)s1, p, i);
                    ak_formula *f = add_id(out, id, strlen(id), section, i != a && i != b);
                    if (!f) goto oom;
                    if (!f->desc[0]) snprintf(f->desc, sizeof f->desc, "%s", desc);
                }
            } else {
                ak_formula *f1 = add_id(out, p, n, section, false),
                           *f2 = add_id(out, q, m, section, false);
                if (!f1 || !f2) goto oom;
                snprintf(f1->desc, sizeof f1->desc, "start of a range that could not be expanded");
                snprintf(f2->desc, sizeof f2->desc, "end of a range that could not be expanded");
            }
            prev = ' ';
            p = q + m;
            continue;
        }
        ak_formula *f = add_id(out, p, n, section, false);
        if (!f) goto oom;
        if (!f->desc[0]) paren_desc(after, f->desc, sizeof f->desc);
        prev = p[n - 1];
        p += n;
    }
    return 0;
oom:
    if (err) snprintf(err, errlen, "out of memory");
    ak_formulas_free(out);
    return -1;
}

int ak_formulas_load(const char *path, ak_formula_list *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    char *text = ak_read_file(path, NULL);
    if (!text) {
        if (err)
            snprintf(err, errlen, "%s: cannot read the formula catalogue", path ? path : "(null)");
        return -1;
    }
    char e2[256] = "";
    int rc = ak_formulas_parse(text, out, e2, sizeof e2);
    if (rc && err) snprintf(err, errlen, "%s: %s", path, e2);
    free(text);
    return rc;
}

void ak_formulas_free(ak_formula_list *l) {
    free(l->items);
    memset(l, 0, sizeof *l);
}

void ak_md_slug(const char *h, size_t len, char *out, size_t outlen) {
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < outlen; i++) {
        unsigned char ch = (unsigned char)h[i];
        if (ch == ' ')
            out[n++] = '-';
        else if (isalnum(ch) || ch == '-' || ch == '_' || ch >= 0x80)
            out[n++] = (char)tolower(ch);
    }
    out[n] = '\0';
}
