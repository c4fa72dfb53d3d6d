// The self-contained HTML verification report (see report.h).
#include "verify/report/report.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <math.h>
#include <md4c-html.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "verify/common/strbuf.h"
#include "verify/common/files.h"
#include "verify/checks/harness.h"
#include "verify/common/plot.h"
#include "verify/report/traceability.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif
#ifndef AK_VERSION
#define AK_VERSION "unknown"
#endif

#define IMAGE_MAX_BYTES (4u << 20) // larger artefacts are linked, not embedded

void ak_base64(char *out, const unsigned char *in, size_t n) {
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)in[i] << 16;
        if (i + 1 < n) v |= (unsigned)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[o++] = A[(v >> 18) & 63];
        out[o++] = A[(v >> 12) & 63];
        out[o++] = i + 1 < n ? A[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? A[v & 63] : '=';
    }
    out[o] = '\0';
}

static void esc(FILE *f, const char *s) {
    for (; s && *s; s++) {
        switch (*s) {
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '&': fputs("&amp;", f); break;
            case '"': fputs("&quot;", f); break;
            case '\n': fputs("<br>", f); break;
            default: fputc(*s, f);
        }
    }
}

// A fragment-safe anchor: characters outside [A-Za-z0-9._-] become '_' + hex. '_' itself passes
// through, so that a check id (letters, digits, '.', '_', '-') is its own anchor and docs can link
// to #check-<id> as written.
static void anchor(FILE *f, const char *prefix, const char *s) {
    fputs(prefix, f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
            ch == '.' || ch == '-' || ch == '_')
            fputc(ch, f);
        else
            fprintf(f, "_%02X", ch);
    }
}

static const char *jstr(const cJSON *o, const char *k) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : "";
}
static double jnum(const cJSON *o, const char *k) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}
static bool jtrue(const cJSON *o, const char *k) {
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, k));
}

static bool embed_png(FILE *f, const char *path, const char *caption) {
    size_t n;
    char *data = ak_read_file(path, &n);
    if (!data) return false;
    if (n < 8 || memcmp(data, "\x89PNG", 4) != 0 || n > IMAGE_MAX_BYTES) {
        free(data);
        return false;
    }
    char *b64 = malloc(4 * ((n + 2) / 3) + 1);
    if (!b64) {
        free(data);
        return false;
    }
    ak_base64(b64, (const unsigned char *)data, n);
    fputs("<figure><img alt=\"", f);
    esc(f, caption);
    fputs("\" src=\"data:image/png;base64,", f);
    fputs(b64, f);
    fputs("\"><figcaption>", f);
    esc(f, caption);
    fputs("</figcaption></figure>\n", f);
    free(b64);
    free(data);
    return true;
}

static bool has_suffix(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

// The check's registered artefacts, then any other PNG in its artefact directory.
static void check_images(FILE *f, const cJSON *chk) {
    const cJSON *arts = cJSON_GetObjectItemCaseSensitive(chk, "artifacts"), *a;
    bool any = false;
    cJSON_ArrayForEach(a, arts) {
        const char *p = jstr(a, "path");
        if (!has_suffix(p, ".png")) continue;
        if (!any) fputs("<div class=figs>", f);
        any = true;
        if (!embed_png(f, p, *jstr(a, "caption") ? jstr(a, "caption") : p)) {
            fputs("<p class=warn>artefact not embedded (missing, not a PNG, or over 4 MiB): ", f);
            esc(f, p);
            fputs("</p>", f);
        }
    }
    const char *dir = jstr(chk, "artifact_dir");
    DIR *d = *dir ? opendir(dir) : NULL;
    if (d) {
        char *names[256];
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(d)) != NULL && n < 256)
            if (has_suffix(e->d_name, ".png")) names[n++] = strdup(e->d_name);
        closedir(d);
        for (size_t i = 0; i < n; i++) {
            if (!names[i]) continue;
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir, names[i]);
            bool listed = false;
            cJSON_ArrayForEach(a, arts) listed = listed || !strcmp(jstr(a, "path"), path);
            if (!listed) {
                if (!any) fputs("<div class=figs>", f);
                any = true;
                embed_png(f, path, names[i]);
            }
            free(names[i]);
        }
    }
    if (any) fputs("</div>\n", f);
}

static const char CSS[] =
    "body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:0 "
    "18px;color:#222}"
    "h1{margin:18px 0 4px}h2{border-bottom:2px solid #ccd;padding-bottom:3px;margin-top:34px}"
    "table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border:1px solid "
    "#dde;padding:3px 6px;"
    "vertical-align:top;text-align:left;overflow-wrap:break-word}th{background:#eef0f6;position:"
    "sticky;top:0}"
    "td.num{text-align:right;font-family:ui-monospace,monospace;white-space:nowrap}"
    "td.mono{min-width:9em}td.pass,td.fail{white-space:nowrap}.pass{color:#176f2c;font-weight:600}."
    "fail{color:#b00020;font-weight:700}.gap{color:#9a5b00;font-weight:700}.fv{white-space:nowrap}."
    "fv-wrong,.fv-incomplete{color:#b00020}.fv-slip,.fv-approximate{color:#9a5b00}.fv-correct{"
    "color:#176f2c}"
    ".notrun{color:#666}tr.failrow{background:#fff0f0}tr.gaprow{background:#fff8e6}"
    ".note{white-space:pre-wrap;color:#444;font-size:13px}.meta{color:#555}"
    ".figs{display:flex;flex-wrap:wrap;gap:10px}figure{margin:6px 0}figure "
    "img{max-width:640px;width:100%;"
    "border:1px solid #ccd}figcaption{font-size:12px;color:#555}.warn{color:#9a5b00}"
    "code,.mono{font-family:ui-monospace,monospace;font-size:12.5px;overflow-wrap:anywhere}nav "
    "a{margin-right:12px}"
    ".cards{display:flex;gap:12px;flex-wrap:wrap}.card{border:1px solid "
    "#dde;border-radius:6px;padding:8px 14px;"
    "min-width:120px}.card b{font-size:22px;display:block}.thumbs figure "
    "img{max-width:200px}table.fixed{table-layout:fixed}"
    "table.fixed td{overflow-wrap:anywhere}";

typedef struct check_ref {
    const char *id;
    const cJSON *result; // NULL when the check did not run in this report
} check_ref;

// The registered checks citing formula ID fid, with their results when they ran.
static size_t checks_citing(const char *fid, const cJSON *jchecks, check_ref out[], size_t max) {
    size_t ng, n = 0;
    const ak_check_group *g = ak_check_groups(&ng);
    for (size_t i = 0; i < ng; i++)
        for (size_t j = 0; j < g[i].count; j++) {
            const ak_check *c = &g[i].checks[j];
            if (!c->formulas) continue;
            // Whole-word match in the check's formula list (the harness' --only rule).
            bool cites = false;
            size_t len = strlen(fid);
            for (const char *p = c->formulas; (p = strstr(p, fid)) != NULL; p += len)
                if ((p == c->formulas || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
                    cites = true;
            if (!cites) continue;
            const cJSON *r = NULL, *x;
            cJSON_ArrayForEach(x, jchecks) if (!strcmp(jstr(x, "id"), c->id)) r = x;
            if (n < max) out[n++] = (check_ref){ c->id, r };
        }
    return n;
}

static void check_link(FILE *f, const check_ref *r) {
    const char *cls = !r->result ? "notrun" : jtrue(r->result, "pass") ? "pass" : "fail";
    fputs("<a class=", f);
    fputs(cls, f);
    fputs(" href=\"#", f);
    anchor(f, "check-", r->id);
    fputs("\">", f);
    esc(f, r->id);
    fputs(!r->result ? " (not run)" : jtrue(r->result, "pass") ? " ✓" : " ✗", f);
    fputs("</a><br>", f);
}

static void formula_links(FILE *f, const char *list, const ak_formula_list *fl) {
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (!strcmp(t, "-")) { // a check of no published formula
            fputs("— ", f);
            continue;
        }
        if (fl && ak_formulas_find(fl, t) >= 0) {
            fputs("<a href=\"#", f);
            anchor(f, "F-", t);
            fputs("\">", f);
            esc(f, t);
            fputs("</a> ", f);
        } else {
            fputs("<span class=gap title=\"not in the formula catalogue\">", f);
            esc(f, t);
            fputs("?</span> ", f);
        }
    }
}

// An ID whose formula-page verdict starts with "not implementable" (a claim, a restatement, a
// derivation step: the page gives the reason) cannot have code and a check of its own; every other
// ID is implementable. The card counts the implementable IDs that have both an implementing
// citation and at least one registered check naming them (a check of their own).
static bool not_implementable(const ak_formula *x) {
    return !strncmp(x->verdict, "not implementable", 17);
}

// The entry of the as-printed table (checks/checks_printed.c) for fid whose check is registered
// and cites fid, or NULL: then the verdict rests on a re-derived form.
static const ak_as_printed *as_printed(const char *fid, const check_ref refs[], size_t nc) {
    size_t n;
    const ak_as_printed *t = ak_as_printed_table(&n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].id, fid))
            for (size_t k = 0; k < nc; k++)
                if (!strcmp(refs[k].id, t[i].check)) return &t[i];
    return NULL;
}

// anakata's own IDs (the catalogue says so in the description) have no printed form: their formula
// page is their specification.
static bool own_id(const ak_formula *x) { return strstr(x->desc, "anakata's own ID") != NULL; }

// IDs whose source describes a method in prose and prints no formula (the catalogue says so in the
// description): there is nothing printed to evaluate; the verdict judges the described method as
// the formula page says.
static bool prose_id(const ak_formula *x) {
    return strstr(x->desc, "described in prose, no printed formula") != NULL;
}

// A verdict that claims the printed form was evaluated: correct, wrong or slip (of a source
// document's formula printed as a formula, not one of anakata's own IDs nor a prose method).
static bool printed_verdict(const ak_formula *x) {
    if (own_id(x) || prose_id(x)) return false;
    const char *k = ak_verdict_kind(x->verdict);
    return !strcmp(k, "correct") || !strcmp(k, "wrong") || !strcmp(k, "slip");
}

static void own_check_card(FILE *f, const ak_formula_list *fl, const cJSON *jchecks) {
    enum { MAXC = 64 };
    check_ref refs[MAXC];
    size_t impl = 0, own = 0, notimpl = 0, verdicts = 0, printed = 0;
    for (size_t i = 0; i < fl->n; i++) {
        const ak_formula *x = &fl->items[i];
        if (not_implementable(x)) {
            notimpl++;
            continue;
        }
        impl++;
        size_t nc = checks_citing(x->id, jchecks, refs, MAXC);
        own += x->nimpl > 0 && nc > 0;
        if (printed_verdict(x)) {
            verdicts++;
            printed += as_printed(x->id, refs, nc) != NULL;
        }
    }
    fprintf(f,
            "<div class=cards><div class=card><b class=%s>%zu of %zu</b>implementable IDs with "
            "code and a check of "
            "their own</div><div class=card><b>%zu</b>not implementable (claims, restatements, "
            "derivation steps: "
            "the reason is on the formula page)</div><div class=card><b class=%s>%zu of "
            "%zu</b>implementable IDs "
            "with verdict correct, wrong or slip evaluated as printed (%zu rest on a re-derived "
            "form)</div></div>\n",
            own == impl ? "pass" : "gap", own, impl, notimpl, printed == verdicts ? "pass" : "gap",
            printed, verdicts, verdicts - printed);
}

static void matrix(FILE *f, const ak_formula_list *fl, const cJSON *jchecks,
                   const ak_errata *errata) {
    size_t n_impl = 0, n_chk = 0, n_gap = 0, n_fail = 0;
    enum { MAXC = 64 };
    check_ref refs[MAXC];
    for (size_t i = 0; i < fl->n; i++) {
        size_t nc = checks_citing(fl->items[i].id, jchecks, refs, MAXC);
        n_impl += fl->items[i].nimpl > 0;
        n_chk += nc > 0;
        n_gap += fl->items[i].nimpl == 0 || nc == 0;
        for (size_t k = 0; k < nc; k++) n_fail += refs[k].result && !jtrue(refs[k].result, "pass");
    }
    fprintf(f,
            "<div class=cards><div class=card><b>%zu</b>formula IDs</div><div "
            "class=card><b>%zu</b>with an "
            "implementation</div><div class=card><b>%zu</b>covered by a check</div><div "
            "class=card><b class=gap>%zu"
            "</b>gaps</div><div class=card><b class=%s>%zu</b>failing citations</div></div>\n",
            fl->n, n_impl, n_chk, n_gap, n_fail ? "fail" : "pass", n_fail);
    own_check_card(f, fl, jchecks);
    fputs("<p class=meta>Implementation: where a comment in ref/, engine/ or render/ cites the ID, "
          "and the "
          "function declared there. Checks: every registered check whose formula list names the ID "
          "(✓ passed, ✗ failed in this run). Verdict: the checks' outcome, and the verdict written "
          "in the ID's "
          "entry on its formula page (docs/formulas/*.md: a heading naming the ID, then a "
          "<code>Verdict:</code> "
          "line). Evaluated as printed: the check that evaluates the document's formula as printed "
          "(every member of a "
          "printed chain), and the transcription it evaluates; \"no\" means the verdict rests on a "
          "re-derived form. "
          "An ID that has no implementation or no check is a <span "
          "class=gap>gap</span>.</p>\n<table><tr><th>ID</th>"
          "<th>description (catalogue)</th><th>implementation</th><th>checks</th><th>evaluated as "
          "printed</th>"
          "<th>verdict</th></tr>\n",
          f);
    const char *section = "";
    for (size_t i = 0; i < fl->n; i++) {
        const ak_formula *x = &fl->items[i];
        size_t nc = checks_citing(x->id, jchecks, refs, MAXC);
        bool fail = false, run = false;
        for (size_t k = 0; k < nc; k++) {
            run = run || refs[k].result;
            fail = fail || (refs[k].result && !jtrue(refs[k].result, "pass"));
        }
        bool gap = x->nimpl == 0 || nc == 0;
        if (strcmp(section, x->section)) {
            section = x->section;
            fputs("<tr><th colspan=6>", f);
            esc(f, section);
            fputs("</th></tr>\n", f);
        }
        fprintf(f, "<tr class=\"%s\" id=\"", fail ? "failrow" : gap ? "gaprow" : "");
        anchor(f, "F-", x->id);
        fputs("\"><td class=mono>", f);
        esc(f, x->id);
        fputs("</td><td>", f);
        esc(f, x->desc);
        if (x->from_range) fputs(" <span class=meta>(from a range)</span>", f);
        fputs("</td><td class=mono>", f);
        for (int s = 0; s < x->nimpl; s++) {
            if (x->impl[s].function[0]) {
                esc(f, x->impl[s].function);
                fputs(" — ", f);
            }
            esc(f, x->impl[s].file);
            fprintf(f, ":%d<br>", x->impl[s].line);
        }
        if (x->nimpl_total > x->nimpl) fprintf(f, "(+%d more)", x->nimpl_total - x->nimpl);
        if (!x->nimpl) fputs("<span class=gap>gap: no implementation cites it</span>", f);
        fputs("</td><td class=mono>", f);
        for (size_t k = 0; k < nc; k++) check_link(f, &refs[k]);
        if (!nc) fputs("<span class=gap>gap: no check</span>", f);
        fputs("</td><td>", f);
        const ak_as_printed *ap = as_printed(x->id, refs, nc);
        if (ap) {
            fputs("yes — <a href=\"#", f);
            anchor(f, "check-", ap->check);
            fputs("\" class=mono>", f);
            esc(f, ap->check);
            fputs("</a>: ", f);
            esc(f, ap->how);
        } else if (printed_verdict(x) && !not_implementable(x)) {
            fputs("<span class=gap>no: the verdict rests on a re-derived form</span>", f);
        } else if (own_id(x)) {
            fputs("— (anakata's own ID: no printed form)", f);
        } else if (prose_id(x)) {
            fputs("— (described in prose: no printed formula; the verdict judges the described "
                  "method)",
                  f);
        } else {
            fputs("no", f);
        }
        fputs("</td><td>", f);
        bool erratum = false;
        for (size_t e = 0; e < errata->n; e++)
            for (int k = 0; k < errata->items[e].nids; k++)
                if (!strcmp(errata->items[e].ids[k], x->id)) erratum = true;
        if (fail)
            fputs("<span class=fail>FAIL</span>", f);
        else if (gap)
            fprintf(f, "<span class=gap>gap (%s)</span>",
                    !x->nimpl && !nc ? "no code, no check"
                    : !x->nimpl      ? "no code"
                                     : "no check");
        else if (!run)
            fputs("<span class=notrun>not run</span>", f);
        else
            fputs("<span class=pass>checked ✓</span>", f);
        if (erratum) fputs(" · <a href=\"#errata\">published form wrong (erratum)</a>", f);
        if (x->verdict[0]) {
            fprintf(f, "<br><span class=meta>formula page:</span> <b class=\"fv fv-%s\">%s</b> — ",
                    ak_verdict_kind(x->verdict), ak_verdict_kind(x->verdict));
            esc(f, x->verdict);
            fputs(" <span class=mono>(docs/", f);
            esc(f, x->doc);
            fputs(")</span>", f);
        } else {
            fputs("<br><span class=meta>no verdict on a formula page yet</span>", f);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    // Checks citing IDs that the catalogue does not list: shown so that typos cannot hide.
    size_t ng;
    const ak_check_group *g = ak_check_groups(&ng);
    bool head = false;
    for (size_t i = 0; i < ng; i++)
        for (size_t j = 0; j < g[i].count; j++) {
            char buf[512];
            snprintf(buf, sizeof buf, "%s", g[i].checks[j].formulas ? g[i].checks[j].formulas : "");
            for (char *save = NULL, *t = strtok_r(buf, " ", &save); t;
                 t = strtok_r(NULL, " ", &save)) {
                if (!strcmp(t, "-") || ak_formulas_find(fl, t) >= 0) continue;
                if (!head)
                    fputs("<p class=warn>Formula IDs cited by checks but not listed in "
                          "docs/formulas/catalogue.md: ",
                          f);
                head = true;
                fputs("<code>", f);
                esc(f, t);
                fputs("</code> (", f);
                esc(f, g[i].checks[j].id);
                fputs(") ", f);
            }
        }
    if (head) fputs("</p>\n", f);
}

// ---- Markdown from the docs, rendered (md4c) -----------------------------------------------------

// Markdown text of the docs (an errata field, a note) as inline HTML: code spans, emphasis and
// links read as text instead of raw backticks and asterisks. Raw HTML in the source is escaped
// (MD_FLAG_NOHTML); a single paragraph loses its <p> wrapper so that it sits in a table cell.
// Falls back to the escaped text if md4c fails.
static void md_inline(FILE *f, const char *md) {
    ak_strbuf b = { 0 };
    if (md_html(md, (MD_SIZE)strlen(md), ak_strbuf_sink, &b,
                MD_FLAG_NOHTML | MD_FLAG_STRIKETHROUGH | MD_FLAG_TABLES, 0) != 0 ||
        b.oom || !b.p) {
        esc(f, md);
        free(b.p);
        return;
    }
    char *t = b.p;
    size_t n = b.n;
    while (n && (t[n - 1] == '\n')) t[--n] = '\0';
    if (!strncmp(t, "<p>", 3) && n >= 7 && !strcmp(t + n - 4, "</p>") && !strstr(t + 3, "<p>")) {
        t[n - 4] = '\0';
        t += 3;
    }
    fputs(t, f);
    free(b.p);
}

static void errata_table(FILE *f, const ak_errata *er, const cJSON *jchecks, const char *path,
                         bool loaded) {
    if (!loaded) {
        fputs("<p class=warn>No errata file at ", f);
        esc(f, path);
        fputs(".</p>\n", f);
        return;
    }
    if (er->n == 0) {
        fputs("<p class=meta>docs/errata.md has no entries yet (an entry is a <code>### ID: "
              "title</code> heading "
              "with <code>- **Published:**</code>, <code>- **Correct:**</code>, <code>- "
              "**Evidence:**</code> and "
              "<code>- **Counterexample:**</code> lines).</p>\n",
              f);
        return;
    }
    fputs("<table class=fixed><colgroup><col style=\"width:18%\"><col style=\"width:16%\"><col "
          "style=\"width:16%\">"
          "<col style=\"width:22%\"><col style=\"width:15%\"><col style=\"width:13%\"></colgroup>"
          "<tr><th>formula</th><th>published form</th><th>correct form</th><th>evidence</th>"
          "<th>minimal counterexample</th><th>checks (this run)</th></tr>\n",
          f);
    enum { MAXC = 32 };
    check_ref refs[MAXC];
    const char *area = NULL;
    for (size_t i = 0; i < er->n; i++) {
        const ak_erratum *e = &er->items[i];
        if (!area || strcmp(area, e->area)) {
            area = e->area;
            fputs("<tr><th colspan=6>", f);
            esc(f, area);
            fputs("</th></tr>\n", f);
        }
        fputs("<tr><td><b>", f);
        md_inline(f, e->title);
        fputs("</b><br>", f);
        for (int k = 0; k < e->nids; k++) {
            fputs("<a class=mono href=\"#", f);
            anchor(f, "F-", e->ids[k]);
            fputs("\">", f);
            esc(f, e->ids[k]);
            fputs("</a> ", f);
        }
        const char *cols[] = { e->published, e->correct, e->evidence, e->counterexample };
        for (int c = 0; c < 4; c++) {
            fputs("</td><td>", f);
            md_inline(f, cols[c]);
            if (c == 0 && e->other[0]) {
                fputs("<div class=note>", f);
                md_inline(f, e->other);
                fputs("</div>", f);
            }
        }
        fputs("</td><td class=mono>", f);
        const char *shown[MAXC];
        size_t nshown = 0;
        for (int k = 0; k < e->nids; k++) {
            size_t nc = checks_citing(e->ids[k], jchecks, refs, MAXC);
            for (size_t c = 0; c < nc; c++) {
                bool dup = false;
                for (size_t q = 0; q < nshown; q++) dup = dup || !strcmp(shown[q], refs[c].id);
                if (dup || nshown >= MAXC) continue;
                shown[nshown++] = refs[c].id;
                check_link(f, &refs[c]);
            }
        }
        if (!nshown) fputs("<span class=gap>no check cites these IDs</span>", f);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void fmt_num(char *b, size_t n, double v) {
    if (isnan(v))
        snprintf(b, n, "–");
    else
        snprintf(b, n, "%.3g", v);
}

static void checks_section(FILE *f, const cJSON *results, const ak_formula_list *fl) {
    const cJSON *jgroups = cJSON_GetObjectItemCaseSensitive(results, "groups"), *g;
    const cJSON *jchecks = cJSON_GetObjectItemCaseSensitive(results, "checks"), *c;
    cJSON_ArrayForEach(g, jgroups) {
        const char *gn = jstr(g, "name");
        fputs("<h3 id=\"", f);
        anchor(f, "group-", gn);
        fprintf(f, "\">%s <span class=meta>(%g passed, %g failed, %.2f s)</span></h3>\n", gn,
                jnum(g, "passed"), jnum(g, "failed"), jnum(g, "seconds"));
        fputs("<table><tr><th title=\"whether the check's measurement holds\">check</th>"
              "<th title=\"what the formula pages say about the formulas this check "
              "covers\">formula verdict</th>"
              "<th>check id</th><th>formulas</th><th>what vs what</th><th>measured</th>"
              "<th>error</th><th>tolerance</th><th>s</th></tr>\n",
              f);
        cJSON_ArrayForEach(c, jchecks) {
            if (strcmp(jstr(c, "group"), gn)) continue;
            bool pass = jtrue(c, "pass");
            char e[32], t[32];
            fmt_num(e, sizeof e, jnum(c, "error"));
            fmt_num(t, sizeof t, jnum(c, "tolerance"));
            fprintf(f, "<tr class=\"%s\" id=\"", pass ? "" : "failrow");
            anchor(f, "check-", jstr(c, "id"));
            fprintf(f, "\"><td class=%s>%s</td>", pass ? "pass" : "fail", pass ? "pass" : "FAIL");
            char word[32];
            ak_check_verdict(fl, jstr(c, "formulas"), word, sizeof word);
            fprintf(f, "<td class=\"fv fv-%s\">%s</td><td class=mono>", word, word);
            esc(f, jstr(c, "id"));
            fputs("</td><td class=mono>", f);
            formula_links(f, jstr(c, "formulas"), fl);
            fputs("</td><td>", f);
            esc(f, jstr(c, "what"));
            fputs("</td><td>", f);
            esc(f, jstr(c, "measured"));
            const char *notes = jstr(c, "notes");
            if (*notes) {
                fputs("<div class=note>", f);
                esc(f, notes);
                fputs("</div>", f);
            }
            const cJSON *vals = cJSON_GetObjectItemCaseSensitive(c, "values"), *v;
            if (cJSON_GetArraySize(vals) > 0) {
                fputs("<div class=\"note mono\">", f);
                cJSON_ArrayForEach(v, vals) {
                    esc(f, v->string);
                    fprintf(f, " = %.6g; ", v->valuedouble);
                }
                fputs("</div>", f);
            }
            check_images(f, c);
            fprintf(f,
                    "</td><td class=num>%s</td><td class=num>%s</td><td class=num>%.2f</td></tr>\n",
                    e, t, jnum(c, "seconds"));
        }
        fputs("</table>\n", f);
    }
}

// Two summary plots from the results: seconds per group, and the distribution of error/tolerance.
static void summary_plots(FILE *f, const cJSON *results, const char *report_dir) {
    if (!report_dir) return;
    char dir[1024], p1[1100], p2[1100], err[256];
    snprintf(dir, sizeof dir, "%s/artifacts/_report", report_dir);
    if (ak_mkdir_p(dir) != 0) return;
    const cJSON *jgroups = cJSON_GetObjectItemCaseSensitive(results, "groups"), *g;
    const char *labels[32];
    double secs[32];
    size_t ng = 0;
    cJSON_ArrayForEach(g, jgroups) if (ng < 32) {
        labels[ng] = jstr(g, "name");
        secs[ng++] = jnum(g, "seconds");
    }
    snprintf(p1, sizeof p1, "%s/group_seconds.png", dir);
    snprintf(p2, sizeof p2, "%s/error_ratio.png", dir);
    fputs("<div class=figs>", f);
    if (ng && ak_plot_bars(p1, "Run time per group", "seconds", labels, secs, ng, false, err,
                           sizeof err) == 0)
        embed_png(f, p1, "Run time per check group (this run)");
    const cJSON *jchecks = cJSON_GetObjectItemCaseSensitive(results, "checks"), *c;
    size_t n = 0, cap = (size_t)cJSON_GetArraySize(jchecks) + 1;
    double *r = malloc(cap * sizeof *r);
    if (r) {
        cJSON_ArrayForEach(c, jchecks) {
            double e = jnum(c, "error"), t = jnum(c, "tolerance");
            if (isfinite(e) && isfinite(t) && t > 0 && e > 0) r[n++] = log10(e / t);
        }
        if (n &&
            ak_plot_histogram(p2, "Measured error / tolerance over all checks",
                              "log10(error / tolerance)", r, n, 24, false, err, sizeof err) == 0)
            embed_png(f, p2,
                      "log10(error/tolerance) of every check that measured a nonzero error: a "
                      "check passes "
                      "at or left of 0");
        free(r);
    }
    fputs("</div>\n", f);
}

// Thumbnails of the committed golden images (verify/golden/*.png); diff images of failing
// comparisons are artefacts of the render checks and appear in their rows.
static void golden_section(FILE *f, const char *src, const cJSON *jchecks) {
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/verify/golden", src);
    DIR *d = opendir(dir);
    if (!d) return;
    char *names[128];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 128)
        if (has_suffix(e->d_name, ".png")) names[n++] = strdup(e->d_name);
    closedir(d);
    fputs("<h2 id=golden>Golden images</h2>\n<p class=meta>The committed reference renders in "
          "<code>verify/golden/</code>. The render checks compare the CPU tracer and the Vulkan "
          "renderer with "
          "them; a failing comparison adds its diff image to the check's row",
          f);
    const cJSON *c;
    bool first = true;
    cJSON_ArrayForEach(c, jchecks) {
        if (strcmp(jstr(c, "group"), "render") || !strstr(jstr(c, "id"), "golden")) continue;
        fputs(first ? " (" : ", ", f);
        first = false;
        fputs("<a href=\"#", f);
        anchor(f, "check-", jstr(c, "id"));
        fputs("\">", f);
        esc(f, jstr(c, "id"));
        fputs(jtrue(c, "pass") ? "</a> ✓" : "</a> ✗", f);
    }
    fputs(first ? ".</p>\n<div class=\"figs thumbs\">" : ").</p>\n<div class=\"figs thumbs\">", f);
    for (size_t i = 0; i < n; i++) {
        if (!names[i]) continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        embed_png(f, path, names[i]);
        free(names[i]);
    }
    fputs("</div>\n", f);
}

// A path as the report shows it: relative to the source root when it lies inside it (the
// catalogue is docs/formulas/catalogue.md wherever the tree was built), else as given.
static const char *repo_path(const char *path, const char *src) {
    size_t n = strlen(src);
    while (n > 1 && src[n - 1] == '/') n--;
    if (!strncmp(path, src, n) && path[n] == '/') return path + n + 1;
    return path;
}

int ak_report_write(const cJSON *results, const ak_report_opts *o, char *err, size_t errlen) {
    const char *src = o->source_dir ? o->source_dir : AK_SOURCE_DIR;
    char fpath[1024], epath[1024];
    if (o->formulas_path)
        snprintf(fpath, sizeof fpath, "%s", o->formulas_path);
    else
        snprintf(fpath, sizeof fpath, "%s/" AK_CATALOGUE, src);
    if (o->errata_path)
        snprintf(epath, sizeof epath, "%s", o->errata_path);
    else
        snprintf(epath, sizeof epath, "%s/docs/errata.md", src);

    ak_formula_list fl;
    char ferr[512] = "";
    bool have_f = ak_formulas_load(fpath, &fl, ferr, sizeof ferr) == 0;
    if (have_f) {
        static const char *const DIRS[] = { "ref", "engine", "render" };
        ak_formulas_scan_sources(&fl, src, DIRS, 3);
        char docs[1100];
        snprintf(docs, sizeof docs, "%s/docs", src);
        ak_formulas_scan_docs(&fl, docs);
    }
    ak_errata er;
    bool have_e = ak_errata_load(epath, &er, NULL, 0) == 0;

    FILE *f = fopen(o->html_path, "w");
    if (!f) {
        if (err) snprintf(err, errlen, "%s: cannot open for writing", o->html_path);
        if (have_f) ak_formulas_free(&fl);
        ak_errata_free(&er);
        return -1;
    }
    const cJSON *jchecks = cJSON_GetObjectItemCaseSensitive(results, "checks");
    const cJSON *jgroups = cJSON_GetObjectItemCaseSensitive(results, "groups"), *g;
    double passed = jnum(results, "passed"), failed = jnum(results, "failed");
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    fprintf(f,
            "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>anakata verification "
            "report</title>"
            "<style>%s</style></head><body>\n",
            CSS);
    fprintf(
        f,
        "<h1>anakata verification report</h1>\n<p class=meta>anakata %s · %s mode · generated %s · "
        "reproduce with <code>anakata verify%s</code></p>\n",
        AK_VERSION, jtrue(results, "quick") ? "quick" : "full", date,
        jtrue(results, "quick") ? " --quick" : "");
    fputs("<nav><a href=\"#summary\">summary</a><a href=\"#matrix\">traceability matrix</a><a "
          "href=\"#errata\">"
          "errata</a><a href=\"#checks\">checks</a><a href=\"#golden\">golden images</a></nav>\n",
          f);
    fputs("<h2 id=summary>Summary</h2>\n", f);
    fprintf(f,
            "<div class=cards><div class=card><b class=pass>%g</b>checks passed</div><div "
            "class=card><b class=%s>"
            "%g</b>checks failed</div><div class=card><b>%.1f s</b>run time</div></div>\n",
            passed, failed > 0 ? "fail" : "pass", failed, jnum(results, "seconds"));
    fputs("<table><tr><th>group</th><th>passed</th><th>failed</th><th>seconds</th></tr>\n", f);
    cJSON_ArrayForEach(g, jgroups) {
        fputs("<tr><td><a href=\"#", f);
        anchor(f, "group-", jstr(g, "name"));
        fputs("\">", f);
        esc(f, jstr(g, "name"));
        fprintf(f,
                "</a></td><td class=num>%g</td><td class=\"num %s\">%g</td><td "
                "class=num>%.2f</td></tr>\n",
                jnum(g, "passed"), jnum(g, "failed") > 0 ? "fail" : "", jnum(g, "failed"),
                jnum(g, "seconds"));
    }
    fputs("</table>\n", f);
    summary_plots(f, results, o->report_dir);

    fputs("<h2 id=matrix>Traceability matrix</h2>\n", f);
    if (have_f) {
        fputs("<p class=meta>From <code>", f);
        esc(f, repo_path(fpath, src));
        fputs("</code>; ranges such as <code>T-2.1 … T-2.4</code> are expanded to every number "
              "between "
              "their ends.</p>\n",
              f);
        matrix(f, &fl, jchecks, &er);
    } else {
        fputs("<p class=fail>", f);
        esc(f, ferr);
        fputs(" — pass <code>--formulas FILE</code>. Without it no formula can be traced.</p>\n",
              f);
    }
    fputs("<h2 id=errata>Errata</h2>\n<p class=meta>Generated from <code>", f);
    esc(f, repo_path(epath, src));
    fputs("</code>.</p>\n", f);
    errata_table(f, &er, jchecks, repo_path(epath, src), have_e);
    fputs("<h2 id=checks>Checks</h2>\n", f);
    checks_section(f, results, have_f ? &fl : NULL);
    golden_section(f, src, jchecks);
    fputs("</body></html>\n", f);
    bool ok = !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (have_f) ak_formulas_free(&fl);
    ak_errata_free(&er);
    if (!ok) {
        if (err) snprintf(err, errlen, "%s: write error", o->html_path);
        return -1;
    }
    return 0;
}
