// Formula IDs -> implementing code, checks and errata (see traceability.h for the rules).
#include "verify/common/files.h"
#include "verify/report/traceability.h"

#include <ctype.h>
#include <stddef.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

// Copy with truncation (never overflows, always terminates).
static void scopy(char *dst, size_t cap, const char *src) {
    size_t n = strlen(src);
    if (n >= cap) n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

// ---- source scan ----------------------------------------------------------------------------

static bool source_ext(const char *name) {
    const char *dot = strrchr(name, '.');
    return dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h") || !strcmp(dot, ".comp") ||
                   !strcmp(dot, ".glsl"));
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

// Brace depth at the start of each line, ignoring comments, strings and character literals.
static int *line_depths(const char *t, int nlines) {
    int *d = calloc((size_t)nlines + 2, sizeof *d);
    if (!d) return NULL;
    int depth = 0, line = 0;
    d[0] = 0;
    for (const char *p = t; *p; p++) {
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') p++;
            if (!*p) break;
        } else if (p[0] == '/' && p[1] == '*') {
            p += 2;
            while (*p && !(p[0] == '*' && p[1] == '/')) {
                if (*p == '\n' && line < nlines) d[++line] = depth;
                p++;
            }
            if (!*p) break;
            p++;
            continue;
        } else if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q && *p != '\n') {
                if (*p == '\\' && p[1]) p++;
                p++;
            }
            if (!*p) break;
            if (*p == '\n') p--;
            continue;
        }
        if (*p == '{') depth++;
        if (*p == '}' && depth > 0) depth--;
        if (*p == '\n' && line < nlines) d[++line] = depth;
    }
    return d;
}

static const char *line_start(const char *const *lines, int i) { return lines[i]; }

// The identifier right before the first '(' of a code line (not a comment, not a keyword).
static bool function_on_line(const char *l, const char *end, char *out, size_t outlen) {
    while (l < end && (*l == ' ' || *l == '\t')) l++;
    if (l >= end || *l == '#' || *l == '*' || (l[0] == '/' && (l[1] == '/' || l[1] == '*')))
        return false;
    const char *par = memchr(l, '(', (size_t)(end - l));
    if (!par) return false;
    const char *e = par;
    while (e > l && e[-1] == ' ') e--;
    const char *s = e;
    while (s > l && (isalnum((unsigned char)s[-1]) || s[-1] == '_')) s--;
    if (s == e || isdigit((unsigned char)*s)) return false;
    static const char *const KW[] = { "if",     "for",    "while",   "switch",
                                      "return", "sizeof", "defined", "AK_GROUP" };
    for (size_t k = 0; k < sizeof KW / sizeof KW[0]; k++)
        if ((size_t)(e - s) == strlen(KW[k]) && !strncmp(s, KW[k], (size_t)(e - s))) return false;
    // A definition or declaration: the name follows a type (something before it on the line).
    if (s == l) return false;
    snprintf(out, outlen, "%.*s", (int)(e - s), s);
    return true;
}

static void scan_file(ak_formula_list *l, const char *path, const char *rel) {
    size_t len;
    char *t = ak_read_file(path, &len);
    if (!t) return;
    int nlines = 1;
    for (size_t i = 0; i < len; i++) nlines += t[i] == '\n';
    const char **lines = malloc(((size_t)nlines + 1) * sizeof *lines);
    int *depth = line_depths(t, nlines);
    if (!lines || !depth) goto done;
    lines[0] = t;
    for (int i = 0, k = 1; i < (int)len; i++)
        if (t[i] == '\n') lines[k++] = t + i + 1;
    lines[nlines] = t + len;
    int line = 0;
    char prev = '\n';
    for (const char *p = t; *p; prev = *p, p++) {
        while (line + 1 < nlines && p >= lines[line + 1]) line++;
        size_t n;
        long hits[AK_RANGE_MAX + 1];
        int nh = ak_formula_ids_at(l, p, prev, hits, AK_RANGE_MAX + 1, &n);
        if (!n) continue;
        p += n - 1;
        if (nh == 0) continue;
        // Skip repeated citations of the same ID in the same function.
        char fn[96] = "";
        if (depth[line] > 0) { // inside a body: the enclosing definition starts at column 0
            for (int i = line; i >= 0 && !fn[0]; i--) {
                const char *ls = line_start(lines, i);
                if (*ls != ' ' && *ls != '\t' && *ls != '{' && *ls != '}' && depth[i] == 0)
                    function_on_line(ls, lines[i + 1], fn, sizeof fn);
            }
        } else { // a comment before (or on) a declaration
            for (int i = line; i < nlines && i < line + 12 && !fn[0]; i++) {
                const char *ls = lines[i], *le = lines[i + 1];
                if (i == line) { // code before a trailing comment on the citing line
                    const char *c = strstr(ls, "//");
                    if (c && c < le) le = c;
                }
                function_on_line(ls, le, fn, sizeof fn);
            }
        }
        for (int h = 0; h < nh; h++) {
            ak_formula *f = &l->items[hits[h]];
            bool dup = false;
            for (int s = 0; s < f->nimpl; s++)
                if (!strcmp(f->impl[s].file, rel) && !strcmp(f->impl[s].function, fn) && fn[0])
                    dup = true;
            if (dup) continue;
            f->nimpl_total++;
            if (f->nimpl < AK_IMPL_MAX) {
                ak_impl_site *s = &f->impl[f->nimpl++];
                scopy(s->file, sizeof s->file, rel);
                s->line = line + 1;
                scopy(s->function, sizeof s->function, fn);
            }
        }
    }
done:
    free(depth);
    free(lines);
    free(t);
}

static int scan_dir(ak_formula_list *l, const char *root, const char *rel) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    DIR *d = opendir(path);
    if (!d) return 0;
    char *names[1024];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 1024)
        if (e->d_name[0] != '.') names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    int files = 0;
    for (size_t i = 0; i < n; i++) {
        if (!names[i]) continue;
        char r2[1024], p2[2048];
        snprintf(r2, sizeof r2, "%s/%s", rel, names[i]);
        snprintf(p2, sizeof p2, "%s/%s", root, r2);
        struct stat st;
        if (stat(p2, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                files += scan_dir(l, root, r2);
            else if (S_ISREG(st.st_mode) && source_ext(names[i])) {
                scan_file(l, p2, r2);
                files++;
            }
        }
        free(names[i]);
    }
    return files;
}

int ak_formulas_scan_sources(ak_formula_list *l, const char *root, const char *const dirs[],
                             size_t ndirs) {
    struct stat st;
    if (!root || stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) return -1;
    int files = 0;
    for (size_t i = 0; i < ndirs; i++) files += scan_dir(l, root, dirs[i]);
    return files;
}

// ---- formula pages ------------------------------------------------------------------------

// Copy s[0..n) without Markdown emphasis ('*', '`') and without surrounding spaces and a final '.'.
static void clean_verdict(const char *s, size_t n, char *out, size_t outlen) {
    while (n > 0 && (*s == ' ' || *s == '*')) s++, n--;
    size_t k = 0, i = 0;
    for (; i < n && k + 1 < outlen; i++)
        if (s[i] != '*' && s[i] != '`') out[k++] = s[i];
    if (i < n) { // cut: drop a UTF-8 sequence the cut split
        size_t j = k;
        while (j > 0 && ((unsigned char)out[j - 1] & 0xC0) == 0x80) j--;
        if (j > 0 && ((unsigned char)out[j - 1] & 0x80)) {
            unsigned char lead = (unsigned char)out[j - 1];
            size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            if (k - (j - 1) < need) k = j - 1;
        }
    }
    while (k > 0 && (out[k - 1] == ' ' || out[k - 1] == '.')) k--;
    out[k] = '\0';
}

// The n-th cell (0-based) of a Markdown table row "| a | b |": start and length, or false.
static bool table_cell(const char *ls, const char *le, int n, const char **cs, size_t *cn) {
    const char *p = ls;
    if (p >= le || *p != '|') return false;
    for (int i = 0;; i++) {
        const char *q = p + 1;
        while (q < le && *q != '|') q++;
        if (q >= le) return false;
        if (i == n) {
            *cs = p + 1;
            *cn = (size_t)(q - p - 1);
            return true;
        }
        p = q;
    }
}

// A table whose header names a "verdict" column: the IDs in the row's first cell get that cell.
// Give formula k the verdict v. A specific verdict (a table row, a list item or a clause that
// names the ID) is the first one a page states for the ID and is never replaced; a shared one (an
// entry's "Verdict:" for all of its heading's IDs) fills only an empty verdict, and a specific
// one replaces it. spec[k] records that k's verdict is specific.
static void give_verdict(ak_formula_list *l, long k, const char *v, size_t vn, bool specific,
                         bool *spec, int *count) {
    ak_formula *f = &l->items[k];
    if (!vn) return;
    if (specific) {
        if (spec[k]) return;
        spec[k] = true;
    } else if (f->verdict[0]) {
        return;
    }
    if (!f->verdict[0]) (*count)++;
    clean_verdict(v, vn, f->verdict, sizeof f->verdict);
}

static void table_row_verdict(ak_formula_list *l, const char *ls, const char *le, int vcol,
                              bool *spec, int *count) {
    const char *ids, *vs;
    size_t idn, vn;
    if (!table_cell(ls, le, 0, &ids, &idn) || !table_cell(ls, le, vcol, &vs, &vn)) return;
    char v[sizeof l->items[0].verdict];
    clean_verdict(vs, vn, v, sizeof v);
    if (!v[0]) return;
    char prev = ' ';
    for (const char *p = ids; p < ids + idn; prev = *p, p++) {
        size_t m;
        long hits[AK_RANGE_MAX + 1];
        int nh = ak_formula_ids_at(l, p, prev, hits, AK_RANGE_MAX + 1, &m);
        if (!m || p + m > ids + idn) continue;
        for (int i = 0; i < nh; i++) give_verdict(l, hits[i], v, strlen(v), true, spec, count);
        p += m - 1;
    }
}

// The block of a page that starts at ls: a list item ("- " and its indented continuation lines)
// or a paragraph (up to a blank line, a heading, a table row or a list item), its lines joined by
// one space without their indentation, in a new string. *next is where the next block starts.
static char *block_text(const char *ls, const char **next) {
    bool item = ls[0] == '-' && ls[1] == ' ';
    size_t cap = 0;
    const char *e = ls;
    for (bool first = true;; first = false) {
        const char *le = strchr(e, '\n');
        if (!le) le = e + strlen(e);
        bool blank = true;
        for (const char *q = e; q < le; q++)
            if (!isspace((unsigned char)*q)) blank = false;
        if (!first &&
            (blank || (item ? *e != ' ' : (*e == '#' || *e == '|' || !strncmp(e, "- ", 2)))))
            break;
        cap += (size_t)(le - e) + 1;
        e = *le ? le + 1 : le;
        if (!*e) break;
    }
    *next = e;
    char *out = malloc(cap + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (const char *p = ls; p < e;) {
        const char *le = strchr(p, '\n');
        if (!le || le > e) le = e;
        const char *s = p;
        while (s < le && (*s == ' ' || *s == '\t')) s++;
        if (k && s < le) out[k++] = ' ';
        memcpy(out + k, s, (size_t)(le - s));
        k += (size_t)(le - s);
        p = le < e ? le + 1 : e;
    }
    while (k && (out[k - 1] == '\n' || out[k - 1] == ' ' || out[k - 1] == '\r')) k--;
    out[k] = '\0';
    return out;
}

// The IDs a text starts with, joined by ", ", " and ", " / " or " or " (ranges expanded), into
// hits; returns how many and sets *len to the text they take (0: the text starts with none).
static int leading_ids(const ak_formula_list *l, const char *p, long hits[], int max, size_t *len) {
    int nh = 0;
    const char *s = p;
    *len = 0;
    for (;;) {
        size_t m;
        int got = ak_formula_ids_at(l, p, p == s ? ' ' : p[-1], hits + nh, max - nh, &m);
        if (!m) break;
        nh += got;
        p += m;
        *len = (size_t)(p - s);
        static const char *const SEP[] = { ", and ", ", ", " and ", " / ", " or " };
        size_t k = 0;
        for (; k < sizeof SEP / sizeof SEP[0]; k++)
            if (!strncmp(p, SEP[k], strlen(SEP[k])) && ak_formula_id_len(p + strlen(SEP[k]), ' '))
                break;
        if (k == sizeof SEP / sizeof SEP[0]) break;
        p += strlen(SEP[k]);
    }
    return nh;
}

static bool in_list(const long *ids, int n, long k) {
    for (int i = 0; i < n; i++)
        if (ids[i] == k) return true;
    return false;
}

// An entry's "Verdict: ..." statement (emphasis removed), for the entry's IDs cur[0..ncur).
// It ends where the item's next field begins (a sentence "Evidence: ...": a capitalised word and
// at most two more, then ':'). A statement whose clauses begin with IDs of the entry, at its
// start or after "; ", ". " or ": " ("T-Alg16 ... (slip); T-Alg17 correct; ..."), gives each of
// those IDs its own clause (specific); the text before the first such clause, or the whole
// statement when there is none, goes to the entry's other IDs (shared).
static void verdict_statement(ak_formula_list *l, const long *cur, int ncur, const char *s,
                              bool *spec, int *count) {
    size_t n = strlen(s);
    for (size_t i = 1; i + 2 < n; i++) { // the next field
        if (s[i - 1] != '.' || s[i] != ' ' || !isupper((unsigned char)s[i + 1])) continue;
        size_t j = i + 2, words = 0;
        while (j < n && isalpha((unsigned char)s[j])) j++;
        while (words < 2 && j + 1 < n && s[j] == ' ' && islower((unsigned char)s[j + 1])) {
            j++;
            while (j < n && isalpha((unsigned char)s[j])) j++;
            words++;
        }
        if (j < n && s[j] == ':' && (j + 1 == n || s[j + 1] == ' ')) {
            n = i - 1 + 1; // keep the '.'
            break;
        }
    }
    enum { MAXC = 16 };
    size_t at[MAXC], body[MAXC];
    long ids[MAXC][AK_RANGE_MAX + 1];
    int nids[MAXC], nc = 0;
    for (size_t i = 0; i < n && nc < MAXC; i++) {
        if (i &&
            !(i >= 2 && s[i - 1] == ' ' && (s[i - 2] == ';' || s[i - 2] == '.' || s[i - 2] == ':')))
            continue;
        size_t m;
        long hits[AK_RANGE_MAX + 1];
        int nh = leading_ids(l, s + i, hits, AK_RANGE_MAX + 1, &m);
        int k = 0;
        for (int h = 0; h < nh; h++)
            if (in_list(cur, ncur, hits[h])) ids[nc][k++] = hits[h];
        if (!k || i + m > n) continue;
        at[nc] = i;
        body[nc] = i + m;
        while (body[nc] < n && (s[body[nc]] == ' ' || s[body[nc]] == ':' || s[body[nc]] == ','))
            body[nc]++;
        nids[nc++] = k;
        i += m - 1;
    }
    for (int c = 0; c < nc; c++) {
        size_t e = c + 1 < nc ? at[c + 1] : n;
        while (e > body[c] && (s[e - 1] == ' ' || s[e - 1] == ';')) e--;
        for (int k = 0; k < nids[c]; k++)
            give_verdict(l, ids[c][k], s + body[c], e - body[c], true, spec, count);
    }
    size_t head = nc ? at[0] : n;
    while (head > 0 && (s[head - 1] == ' ' || s[head - 1] == ';')) head--;
    for (int i = 0; i < ncur; i++) {
        bool named = false;
        for (int c = 0; c < nc; c++) named = named || in_list(ids[c], nids[c], cur[i]);
        if (!named) give_verdict(l, cur[i], s, head, false, spec, count);
    }
}

static void scan_page(ak_formula_list *l, const char *path, const char *rel, bool *spec,
                      int *count) {
    char *t = ak_read_file(path, NULL);
    if (!t) return;
    long cur[AK_RANGE_MAX + 1];
    int ncur = 0, level = 0;
    int vcol = -1; // the verdict column of the table being read, or -1
    bool in_table = false;
    for (char *ls = t; *ls;) {
        char *le = strchr(ls, '\n');
        if (!le) le = ls + strlen(ls);
        size_t n = (size_t)(le - ls);
        if (n > 0 && ls[0] == '|') {
            if (!in_table) { // the header row: find a column named "verdict"
                in_table = true;
                vcol = -1;
                const char *cs;
                size_t cn;
                for (int c = 0; table_cell(ls, le, c, &cs, &cn); c++) {
                    char h[32];
                    clean_verdict(cs, cn, h, sizeof h);
                    if (!strcasecmp(h, "verdict")) vcol = c;
                }
            } else if (vcol > 0 && strncmp(ls, "|---", 4) && strncmp(ls, "| ---", 5)) {
                table_row_verdict(l, ls, le, vcol, spec, count);
            }
            ls = *le ? le + 1 : le;
            continue;
        }
        in_table = false;
        int hl = 0;
        while ((size_t)hl < n && ls[hl] == '#') hl++;
        if (hl >= 1 && (size_t)hl < n && ls[hl] == ' ') {
            // A heading that names IDs opens their entry; one that names none closes the current
            // entry only at the same or a higher level (a "### detail" stays inside it).
            long found[AK_RANGE_MAX + 1];
            int nfound = 0;
            if (hl >= 2) {
                const char *h = ls + hl + 1;
                size_t hn = n - (size_t)hl - 1;
                char slug[160];
                ak_md_slug(h, hn, slug, sizeof slug);
                char prev = ' ';
                for (const char *p = h; p < h + hn; prev = *p, p++) {
                    size_t m;
                    long hits[AK_RANGE_MAX + 1];
                    int nh = ak_formula_ids_at(l, p, prev, hits, AK_RANGE_MAX + 1, &m);
                    if (!m || p + m > h + hn) continue;
                    for (int q = 0; q < nh && nfound < AK_RANGE_MAX + 1; q++) {
                        long k = hits[q];
                        found[nfound++] = k;
                        if (!l->items[k].doc[0]) {
                            int w = snprintf(l->items[k].doc, sizeof l->items[k].doc, "%s#%s", rel,
                                             slug);
                            if (w < 0 || (size_t)w >= sizeof l->items[k].doc)
                                l->items[k].doc[0] = '\0';
                        }
                    }
                    p += m - 1;
                }
            }
            if (nfound) {
                memcpy(cur, found, (size_t)nfound * sizeof cur[0]);
                ncur = nfound;
                level = hl;
            } else if (hl <= level) {
                ncur = 0;
            }
        } else if (ncur > 0) {
            // a list item or a paragraph of the entry, whole (its continuation lines too)
            const char *next;
            char *raw = block_text(ls, &next);
            if (!raw) break;
            const char *p = raw;
            bool item = p[0] == '-' && p[1] == ' ';
            if (item) p += 2;
            size_t m;
            long hits[AK_RANGE_MAX + 1];
            int nh = item ? leading_ids(l, p, hits, AK_RANGE_MAX + 1, &m) : 0;
            while (*p == ' ' || *p == '*') p++;
            const char *colon = !strncasecmp(p, "verdict", 7) ? strchr(p, ':') : NULL;
            if (nh > 0) {
                // "- T-2.7 ...: **wrong for r = 2**": the item's first bold span, for its IDs
                const char *b1 = strstr(p, "**");
                const char *b2 = b1 ? strstr(b1 + 2, "**") : NULL;
                if (b2 && b2 > b1 + 2)
                    for (int i = 0; i < nh; i++)
                        give_verdict(l, hits[i], b1 + 2, (size_t)(b2 - b1 - 2), true, spec, count);
            } else if (colon && colon - p < 24) {
                // "- Verdict: ...", "- **Verdict:** ...", "- Verdicts: T-Alg16 ...; T-Alg17 ...",
                // "- Verdict T-Tab4.1: ...": IDs between "Verdict" and ':' open the first clause
                char *s = malloc(strlen(p) + 4);
                if (s) {
                    size_t k = 0;
                    const char *v = colon + 1;
                    size_t m2;
                    long h2[AK_RANGE_MAX + 1];
                    const char *q = p + 7;
                    while (q < colon && (*q == 's' || *q == ' ' || *q == '*')) q++;
                    if (q < colon && leading_ids(l, q, h2, AK_RANGE_MAX + 1, &m2) > 0) v = q;
                    for (; *v; v++)
                        if (*v != '*' && *v != '`' && !(k == 0 && *v == ' ')) s[k++] = *v;
                    s[k] = '\0';
                    verdict_statement(l, cur, ncur, s, spec, count);
                    free(s);
                }
            } else {
                // "- Source: ... . Verdict: correct. More text": the sentence after "Verdict:"
                const char *v = NULL;
                for (const char *q = raw; *q && !v; q++)
                    if ((q == raw || q[-1] == ' ' || q[-1] == '*') &&
                        !strncasecmp(q, "verdict:", 8))
                        v = q + 8;
                if (v) {
                    const char *e = v;
                    while (*e && !(e[0] == '.' && (e[1] == '\0' || e[1] == ' '))) e++;
                    for (int i = 0; i < ncur; i++)
                        give_verdict(l, cur[i], v, (size_t)(e - v), false, spec, count);
                }
            }
            free(raw);
            ls = (char *)next;
            continue;
        }
        ls = *le ? le + 1 : le;
    }
    free(t);
}

int ak_formulas_scan_docs(ak_formula_list *l, const char *docs_dir) {
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/formulas", docs_dir);
    DIR *d = opendir(dir);
    if (!d) return -1;
    char *names[256];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 3 && !strcmp(e->d_name + len - 3, ".md")) names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    int count = 0;
    bool *spec = calloc(l->n + 1, sizeof *spec); // which IDs have a specific verdict
    for (size_t i = 0; i < n; i++) {
        if (!names[i]) continue;
        if (!spec) {
            free(names[i]);
            continue;
        }
        char path[1400], rel[300];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(rel, sizeof rel, "formulas/%s", names[i]);
        scan_page(l, path, rel, spec, &count);
        free(names[i]);
    }
    bool ok = spec != NULL;
    free(spec);
    return ok ? count : -1;
}

// ---- verdict kinds ---------------------------------------------------------------------------

// True when w occurs in text (ignoring case) at the start of a word.
static bool has_word(const char *text, const char *w) {
    size_t n = strlen(w);
    for (const char *p = text; *p; p++)
        if ((p == text || !isalpha((unsigned char)p[-1])) && !strncasecmp(p, w, n)) return true;
    return false;
}

const char *ak_verdict_kind(const char *v) {
    if (!v || !v[0]) return "";
    if (has_word(v, "wrong") || has_word(v, "ill-typed") || has_word(v, "not reproduced") ||
        has_word(v, "incorrect"))
        return "wrong";
    if (has_word(v, "incomplete")) return "incomplete";
    if (has_word(v, "slip") || has_word(v, "typo")) return "slip";
    if (has_word(v, "approximat")) return "approximate";
    if (has_word(v, "gap")) return "gap";
    if (has_word(v, "correct") || has_word(v, "holds") || has_word(v, "reproduced"))
        return "correct";
    return "other";
}

void ak_check_verdict(const ak_formula_list *l, const char *formulas, char *word, size_t wordlen) {
    static const char *const ORDER[] = { "wrong",   "incomplete", "slip", "approximate",
                                         "correct", "other",      "gap" };
    int best = -1;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", formulas ? formulas : "");
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        long k = l ? ak_formulas_find(l, t) : -1;
        if (k < 0) continue;
        const char *kind = ak_verdict_kind(l->items[k].verdict);
        for (int r = 0; r < (int)(sizeof ORDER / sizeof ORDER[0]); r++)
            if (!strcmp(kind, ORDER[r]) && (best < 0 || r < best)) best = r;
    }
    snprintf(word, wordlen, "%s", best < 0 ? "-" : ORDER[best]);
}

// ---- errata ---------------------------------------------------------------------------------

static void append_text(char *dst, size_t cap, const char *s, size_t n) {
    size_t len = strlen(dst);
    if (len && len + 1 < cap) dst[len++] = ' ', dst[len] = '\0';
    if (len + 1 >= cap) return;
    if (n > cap - len - 1) n = cap - len - 1;
    memcpy(dst + len, s, n);
    dst[len + n] = '\0';
}

// Which field a line opens, and where its text starts; NULL when it opens none.
static char *field_of(ak_erratum *e, const char *ls, const char *le, const char **text) {
    const char *p = ls;
    while (p < le && (*p == ' ' || *p == '-' || *p == '*')) p++;
    static const char *const NAMES[] = { "published", "correct", "evidence",
                                         "minimal counterexample", "counterexample" };
    char *fields[] = { e->published, e->correct, e->evidence, e->counterexample,
                       e->counterexample };
    for (size_t k = 0; k < 5; k++) {
        size_t n = strlen(NAMES[k]);
        if ((size_t)(le - p) < n || strncasecmp(p, NAMES[k], n)) continue;
        const char *c = memchr(p + n, ':', (size_t)(le - p - n));
        if (!c || c - (p + n) > 24) continue;
        c++;
        while (c < le && (*c == '*' || *c == ' ')) c++;
        *text = c;
        return fields[k];
    }
    return NULL;
}

static ak_erratum *new_erratum(ak_errata *out, const char *area) {
    if (out->n == out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 16;
        ak_erratum *it = realloc(out->items, cap * sizeof *it);
        if (!it) return NULL;
        out->items = it;
        out->cap = cap;
    }
    ak_erratum *e = &out->items[out->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->area, sizeof e->area, "%s", area);
    return e;
}

static void ids_of(ak_erratum *e, const char *text) {
    char prev = ' ';
    for (const char *p = text; *p; prev = *p, p++) {
        size_t m = ak_formula_id_len(p, prev);
        if (m && e->nids < 8) {
            char id[AK_FID_MAX];
            snprintf(id, sizeof id, "%.*s", (int)m, p);
            bool dup = false;
            for (int k = 0; k < e->nids; k++) dup = dup || !strcmp(e->ids[k], id);
            if (!dup) snprintf(e->ids[e->nids++], AK_FID_MAX, "%s", id);
            p += m - 1;
        }
    }
}

// A list-item erratum ("- **T-A.5** (...), wrong. Printed ...; correct ... Counterexample: ...
// Check `...`."): the first sentence is the title (with the IDs); every later sentence or
// ';'-clause goes to the field its first word names: printed/published, correct, counterexample,
// check/checks/evidence; a sentence without such a word continues the previous field. Sentences
// end at ". " outside `code` and parentheses.
static void classify_item(ak_erratum *e, const char *raw) {
    size_t n = strlen(raw);
    bool code = false, first = true;
    int depth = 0; // parentheses: "(thesis App. A.5, ...)" is not a sentence end
    size_t a = 0;
    char *last = e->other;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && raw[i] == '`') code = !code;
        if (i < n && !code && raw[i] == '(') depth++;
        if (i < n && !code && raw[i] == ')' && depth > 0) depth--;
        bool stop = i < n && raw[i] == '.' && (raw[i + 1] == ' ' || raw[i + 1] == '\0') &&
                    !(i >= 2 && raw[i - 2] == '.'); // "i.e. " and "e.g. " are not sentence ends
        bool semi = i < n && raw[i] == ';' && raw[i + 1] == ' ' && !first;
        bool end = i == n || (!code && depth == 0 && (stop || semi));
        if (!end) continue;
        size_t b = i < n ? i + 1 : i; // keep the '.' or ';
        const char *seg = raw + a;
        size_t len = b - a;
        while (len && (*seg == ' ' || *seg == ';')) seg++, len--;
        a = i + 1;
        if (!len) continue;
        if (first) {
            char t[256];
            size_t k = 0;
            for (size_t j = 0; j < len && k + 1 < sizeof t; j++)
                if (seg[j] != '*') t[k++] = seg[j];
            t[k] = '\0';
            snprintf(e->title, sizeof e->title, "%s", t);
            ids_of(e, t);
            first = false;
            continue;
        }
        static const struct {
            const char *word;
            size_t off;
        } W[] = { { "printed", offsetof(ak_erratum, published) },
                  { "published", offsetof(ak_erratum, published) },
                  { "correct", offsetof(ak_erratum, correct) },
                  { "counterexample", offsetof(ak_erratum, counterexample) },
                  { "minimal counterexample", offsetof(ak_erratum, counterexample) },
                  { "check", offsetof(ak_erratum, evidence) },
                  { "evidence", offsetof(ak_erratum, evidence) } };
        char *dst = NULL;
        for (size_t w = 0; w < sizeof W / sizeof W[0] && !dst; w++) {
            size_t wl = strlen(W[w].word);
            if (len >= wl && !strncasecmp(seg, W[w].word, wl) && !isalpha((unsigned char)seg[wl]) &&
                !(seg[wl] == 's' && isalpha((unsigned char)seg[wl + 1])))
                dst = (char *)e + W[w].off;
            else if (len > wl && !strncasecmp(seg, W[w].word, wl) && seg[wl] == 's' &&
                     !isalpha((unsigned char)seg[wl + 1]))
                dst = (char *)e + W[w].off; // "checks"
        }
        if (!dst)
            dst = last == e->other ? e->other : last; // a sentence without a keyword continues
        append_text(dst, 1024, seg, len);
        last = dst;
    }
}

int ak_errata_parse(const char *text, ak_errata *out) {
    memset(out, 0, sizeof *out);
    char area[96] = "";
    ak_erratum *cur = NULL;
    bool item = false; // cur is a list-item erratum whose text is still being collected
    char raw[4096] = "";
    char *field = NULL;
#define FLUSH_ITEM()                                                                               \
    do {                                                                                           \
        if (cur && item) classify_item(cur, raw);                                                  \
        item = false;                                                                              \
        raw[0] = '\0';                                                                             \
    } while (0)
    for (const char *ls = text; *ls;) {
        const char *le = strchr(ls, '\n');
        if (!le) le = ls + strlen(ls);
        size_t n = (size_t)(le - ls);
        bool blank = true;
        for (const char *p = ls; p < le; p++)
            if (!isspace((unsigned char)*p)) blank = false;
        if (n >= 3 && !strncmp(ls, "## ", 3)) {
            FLUSH_ITEM();
            snprintf(area, sizeof area, "%.*s", (int)(n - 3), ls + 3);
            cur = NULL;
        } else if (n >= 4 && !strncmp(ls, "### ", 4)) {
            FLUSH_ITEM();
            if (!(cur = new_erratum(out, area))) return -1;
            snprintf(cur->title, sizeof cur->title, "%.*s", (int)(n - 4), ls + 4);
            ids_of(cur, cur->title);
            field = NULL;
        } else if (area[0] && (!cur || item) && n > 4 && !strncmp(ls, "- **", 4)) {
            FLUSH_ITEM();
            if (!(cur = new_erratum(out, area))) return -1;
            item = true;
            append_text(raw, sizeof raw, ls + 2, n - 2);
        } else if (item) {
            if (blank || ls[0] != ' ') {
                FLUSH_ITEM();
                cur = NULL;
            } else {
                const char *s = ls;
                while (s < le && *s == ' ') s++;
                append_text(raw, sizeof raw, s, (size_t)(le - s));
            }
        } else if (cur) {
            const char *t;
            char *f = field_of(cur, ls, le, &t);
            if (f) {
                field = f;
                append_text(f, 1024, t, (size_t)(le - t));
            } else if (blank) {
                field = NULL;
            } else {
                const char *s = ls;
                while (s < le && *s == ' ') s++;
                append_text(field ? field : cur->other, 1024, s, (size_t)(le - s));
            }
        }
        ls = *le ? le + 1 : le;
    }
    FLUSH_ITEM();
#undef FLUSH_ITEM
    return 0;
}

int ak_errata_load(const char *path, ak_errata *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    char *t = ak_read_file(path, NULL);
    if (!t) {
        if (err) snprintf(err, errlen, "%s: cannot read the errata", path ? path : "(null)");
        return -1;
    }
    int rc = ak_errata_parse(t, out);
    free(t);
    if (rc && err) snprintf(err, errlen, "%s: out of memory", path);
    return rc;
}

void ak_errata_free(ak_errata *e) {
    free(e->items);
    memset(e, 0, sizeof *e);
}
