// Unit tests of the report writer and the traceability parsing behind it.
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/common/files.h"
#include "verify/checks/harness.h"
#include "verify/common/plot.h"
#include "verify/report/report.h"
#include "verify/report/traceability.h"

static const char *src_dir(void) {
    const char *s = getenv("AK_SOURCE_DIR");
    return s ? s : AK_SOURCE_DIR;
}

Test(report, formula_id_tokens) {
    cr_assert_eq(ak_formula_id_len("T-2.1 x", ' '), 5);
    cr_assert_eq(ak_formula_id_len("T-C.2(V) x", ' '), 8);
    cr_assert_eq(ak_formula_id_len("T-5.1(3D),", ' '), 9);
    cr_assert_eq(ak_formula_id_len("B-eq4.", ' '), 5, "a trailing dot is punctuation");
    cr_assert_eq(ak_formula_id_len("T-A.7sym)", '('), 8);
    cr_assert_eq(ak_formula_id_len("T-2.1", 'x'), 0, "inside a word");
    cr_assert_eq(ak_formula_id_len("B-", ' '), 0);
    cr_assert_eq(ak_formula_id_len("X-2", ' '), 0);
    cr_assert_eq(ak_formula_id_len("T-3.hb (x)", ' '), 6, "a spaced parenthesis is a description");
    cr_assert_eq(ak_formula_id_len("T-2.1..T-2.4]", ' '), 5, "'..' starts a range");
}

Test(report, ranges_expand_and_descriptions_attach) {
    const char *text = "intro T-9.9 is an example\n\n## T - thesis\n- T-2.1 \xe2\x80\xa6 T-2.4 "
                       "(outer product axioms),\n"
                       "  T-3.hs (hypersphere\n  inertia), P-A.1 ... P-A.3, T-x.1 \xe2\x80\xa6 "
                       "T-y.2, T-2.2 again\n";
    ak_formula_list l;
    char err[256];
    cr_assert_eq(ak_formulas_parse(text, &l, err, sizeof err), 0, "%s", err);
    const char *want[] = { "T-2.1", "T-2.2", "T-2.3", "T-2.4", "T-3.hs",
                           "P-A.1", "P-A.2", "P-A.3", "T-x.1", "T-y.2" };
    cr_assert_eq(l.n, sizeof want / sizeof want[0], "got %zu IDs", l.n);
    for (size_t i = 0; i < l.n; i++) cr_assert_str_eq(l.items[i].id, want[i]);
    cr_assert_eq(ak_formulas_find(&l, "T-9.9"), -1, "the introduction is not read");
    cr_assert_str_eq(l.items[2].desc, "outer product axioms");
    cr_assert(l.items[2].from_range);
    cr_assert_str_eq(l.items[4].desc, "hypersphere inertia");
    cr_assert(strstr(l.items[8].desc, "could not be expanded"));
    cr_assert_str_eq(l.items[0].section, "T - thesis");
    ak_formulas_free(&l);
}

// The catalogue is part of the repository (docs/formulas/catalogue.md): it is always there, every
// ID that it lists by name is found, the ranges expand to their members, and each ID sits in the
// section of its source document.
Test(report, real_catalogue_parses) {
    char path[1024];
    snprintf(path, sizeof path, "%s/" AK_CATALOGUE, src_dir());
    ak_formula_list l;
    char err[256];
    cr_assert_eq(ak_formulas_load(path, &l, err, sizeof err), 0, "%s", err);
    const char *must[] = { "T-2.1",   "T-2.3", "T-2.GP",   "T-C.2(V)", "T-5.1(3D)",
                           "T-Alg21", "B-eq5", "B-9fig5",  "G-16.3",   "P-2.15",
                           "P-A.17",  "P-C.5", "T-A.7sym", "B-A.4D",   "T-E.union" };
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        cr_assert_geq(ak_formulas_find(&l, must[i]), 0, "%s missing", must[i]);
    cr_assert_eq(ak_formulas_find(&l, "T-C.2(V"), -1);
    cr_assert_geq(l.n, 235, "%zu IDs", l.n); // 235 when the catalogue moved into the repository
    for (size_t i = 0; i < l.n; i++) {
        const ak_formula *f = &l.items[i];
        cr_assert_eq(f->section[0], f->id[0], "%s is listed under \"%s\"", f->id, f->section);
        cr_assert_not(strstr(f->desc, "could not be expanded"), "%s: %s", f->id, f->desc);
    }
    ak_formulas_free(&l);
}

// In the repository alone, every catalogue ID gets a verdict from its formula page, and the
// anchors that docs/index.md links to are written into the report.
Test(report, every_catalogue_id_has_a_verdict) {
    char path[1024], docs[1024];
    snprintf(path, sizeof path, "%s/" AK_CATALOGUE, src_dir());
    snprintf(docs, sizeof docs, "%s/docs", src_dir());
    ak_formula_list l;
    cr_assert_eq(ak_formulas_load(path, &l, NULL, 0), 0);
    cr_assert_geq(ak_formulas_scan_docs(&l, docs), 0);
    for (size_t i = 0; i < l.n; i++)
        cr_expect(l.items[i].verdict[0], "%s has no verdict on a formula page", l.items[i].id);
    ak_formulas_free(&l);
}

// Every implementable catalogue ID (its verdict does not start with "not implementable") is
// cited by code in ref/, engine/ or render/ and by a registered check of its own (a whole word of
// the check's formula list), as the report's own-check card counts.
Test(report, every_implementable_id_has_code_and_a_check) {
    char path[1024], docs[1024];
    snprintf(path, sizeof path, "%s/" AK_CATALOGUE, src_dir());
    snprintf(docs, sizeof docs, "%s/docs", src_dir());
    ak_formula_list l;
    cr_assert_eq(ak_formulas_load(path, &l, NULL, 0), 0);
    static const char *const DIRS[] = { "ref", "engine", "render" };
    ak_formulas_scan_sources(&l, src_dir(), DIRS, 3);
    cr_assert_geq(ak_formulas_scan_docs(&l, docs), 0);
    size_t ng, impl = 0;
    const ak_check_group *g = ak_check_groups(&ng);
    for (size_t i = 0; i < l.n; i++) {
        const ak_formula *f = &l.items[i];
        if (!strncmp(f->verdict, "not implementable", 17)) continue;
        impl++;
        size_t len = strlen(f->id);
        bool cited = false;
        for (size_t a = 0; a < ng && !cited; a++)
            for (size_t b = 0; b < g[a].count && !cited; b++) {
                const char *fl = g[a].checks[b].formulas;
                for (const char *p = fl; fl && (p = strstr(p, f->id)) != NULL; p += len)
                    if ((p == fl || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
                        cited = true;
            }
        cr_expect(f->nimpl > 0, "%s is implementable but no code cites it", f->id);
        cr_expect(cited, "%s is implementable but no registered check names it", f->id);
    }
    cr_expect_gt(impl, 200, "%zu implementable IDs", impl);
    ak_formulas_free(&l);
}

Test(report, source_scan_finds_function) {
    char dir[] = "/tmp/ak_trace_src_XXXXXX";
    cr_assert(mkdtemp(dir));
    char sub[1100], file[1200];
    snprintf(sub, sizeof sub, "%s/ref", dir);
    cr_assert_eq(ak_mkdir_p(sub), 0);
    snprintf(file, sizeof file, "%s/x.c", sub);
    FILE *f = fopen(file, "w");
    fputs("/// Doc.  [B-eq3]\nvoid ak_x_thing(int n);\n\nstatic int helper(int a) {\n    // T-2.1 "
          "here\n"
          "    return a;\n}\n/// a ^ b.  [B-3, T-2.1..T-2.2]\nvoid ak_y(void);\n",
          f);
    fclose(f);
    ak_formula_list l;
    cr_assert_eq(ak_formulas_parse("\n## A\nB-eq3, T-2.1, T-2.2, T-2.3\n", &l, NULL, 0), 0);
    const char *dirs[] = { "ref" };
    cr_assert_eq(ak_formulas_scan_sources(&l, dir, dirs, 1), 1);
    cr_assert_eq(l.items[0].nimpl, 1);
    cr_assert_str_eq(l.items[0].impl[0].function, "ak_x_thing");
    cr_assert_str_eq(l.items[0].impl[0].file, "ref/x.c");
    cr_assert_eq(l.items[0].impl[0].line, 1);
    cr_assert_str_eq(l.items[1].impl[0].function, "helper");
    cr_assert_eq(l.items[1].impl[0].line, 5);
    cr_assert_eq(l.items[1].nimpl, 2, "T-2.1 in helper() and in the range T-2.1..T-2.2");
    cr_assert_eq(l.items[2].nimpl, 1, "T-2.2 from the range");
    cr_assert_str_eq(l.items[2].impl[0].function, "ak_y");
    cr_assert_eq(l.items[3].nimpl, 0);
    ak_formulas_free(&l);
    unlink(file);
    rmdir(sub);
    rmdir(dir);
}

Test(report, errata_entries_and_fields) {
    const char *t =
        "# Errata\n\n## Mass\n\n(entries)\n\n### T-3.hc, T-C.2: capsule inertia\n"
        "- **Published:** I = a\n  continued\n- **Correct:** I = b\n- Evidence: 1 vs 2\n"
        "- **Minimal counterexample:** r = 1\n\nfree text\n## Render\n";
    ak_errata e;
    cr_assert_eq(ak_errata_parse(t, &e), 0);
    cr_assert_eq(e.n, 1);
    cr_assert_str_eq(e.items[0].area, "Mass");
    cr_assert_eq(e.items[0].nids, 2);
    cr_assert_str_eq(e.items[0].ids[1], "T-C.2");
    cr_assert_str_eq(e.items[0].published, "I = a continued");
    cr_assert_str_eq(e.items[0].correct, "I = b");
    cr_assert_str_eq(e.items[0].evidence, "1 vs 2");
    cr_assert_str_eq(e.items[0].counterexample, "r = 1");
    cr_assert_str_eq(e.items[0].other, "free text");
    ak_errata_free(&e);
    const char *t2 =
        "## GA\n\nDetails elsewhere.\n\n- **T-A.5** (thesis App. A.5, bivector), wrong. Printed `a "
        "b`;\n"
        "  correct `-a b` (e.g. here). Counterexample: a = b = e_xy. Check `ga.x`: 1.99. More.\n"
        "- **T-2.7, T-2.10**, wrong: x.\n\n## Mass\n";
    cr_assert_eq(ak_errata_parse(t2, &e), 0);
    cr_assert_eq(e.n, 2);
    cr_assert_str_eq(e.items[0].title, "T-A.5 (thesis App. A.5, bivector), wrong.");
    cr_assert_str_eq(e.items[0].ids[0], "T-A.5");
    cr_assert_str_eq(e.items[0].published, "Printed `a b`;");
    cr_assert_str_eq(e.items[0].correct, "correct `-a b` (e.g. here).");
    cr_assert_str_eq(e.items[0].counterexample, "Counterexample: a = b = e_xy.");
    cr_assert_str_eq(e.items[0].evidence, "Check `ga.x`: 1.99. More.");
    cr_assert_eq(e.items[1].nids, 2);
    cr_assert_str_eq(e.items[1].area, "GA");
    ak_errata_free(&e);
}

Test(report, base64_rfc4648_vectors) {
    char out[16];
    const char *in[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
    const char *want[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy" };
    for (int i = 0; i < 7; i++) {
        ak_base64(out, (const unsigned char *)in[i], strlen(in[i]));
        cr_assert_str_eq(out, want[i]);
    }
}

static char *slurp(const char *p) { return ak_read_file(p, NULL); }

// A results object with one passing check (with a PNG artefact) and one failing check: the page
// names both, embeds the image, lists every catalogue ID, and marks gaps.
Test(report, page_has_summary_matrix_checks_and_images) {
    char dir[] = "/tmp/ak_report_XXXXXX";
    cr_assert(mkdtemp(dir));
    char png[1100], html[1100], formulas[1100], errata[1100];
    snprintf(png, sizeof png, "%s/plot.png", dir);
    snprintf(html, sizeof html, "%s/index.html", dir);
    snprintf(formulas, sizeof formulas, "%s/F.md", dir);
    snprintf(errata, sizeof errata, "%s/E.md", dir);
    double x[3] = { 1, 2, 3 }, y[3] = { 1, 4, 9 };
    ak_plot_series s = { "y", x, y, 3 };
    char err[256];
    cr_assert_eq(ak_plot_lines(png, "t", "x", "y", &s, 1, false, false, err, sizeof err), 0, "%s",
                 err);
    FILE *f = fopen(formulas, "w");
    fputs("# F\n## T\nT-1.1 (first), T-1.2 \xe2\x80\xa6 T-1.4\n", f);
    fclose(f);
    f = fopen(errata, "w");
    fputs("## Area\n### T-1.3: wrong\n- **Published:** a<b\n", f);
    fclose(f);
    const char *json =
        "{\"format\":\"anakata-verify/"
        "1\",\"quick\":false,\"passed\":1,\"failed\":1,\"seconds\":0.5,"
        "\"groups\":[{\"name\":\"zz\",\"passed\":1,\"failed\":1,\"seconds\":0.5}],\"checks\":["
        "{\"id\":\"zz.good\",\"group\":\"zz\",\"formulas\":\"T-1.1\",\"what\":\"a vs "
        "b\",\"pass\":true,"
        "\"error\":1e-9,\"tolerance\":1e-6,\"measured\":\"m1\",\"notes\":\"n1\",\"seconds\":0.1,"
        "\"values\":{\"k\":2},\"artifacts\":[{\"path\":\"PNG\",\"caption\":\"cap1\"}]},"
        "{\"id\":\"zz.bad\",\"group\":\"zz\",\"formulas\":\"T-1.3 T-9\",\"what\":\"c vs "
        "d\",\"pass\":false,"
        "\"error\":1,\"tolerance\":1e-6,\"measured\":\"m2\",\"notes\":\"\",\"seconds\":0.1,"
        "\"values\":{},\"artifacts\":[]}]}";
    cJSON *root = cJSON_Parse(json);
    cr_assert(root);
    cJSON *arts = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "checks"), 0),
                                      "artifacts");
    cJSON_SetValuestring(cJSON_GetObjectItem(cJSON_GetArrayItem(arts, 0), "path"), png);
    ak_report_opts o = {
        .html_path = html, .report_dir = dir, .formulas_path = formulas, .errata_path = errata
    };
    cr_assert_eq(ak_report_write(root, &o, err, sizeof err), 0, "%s", err);
    char *page = slurp(html);
    cr_assert(page);
    const char *want[] = { "id=summary",
                           "id=matrix",
                           "id=errata",
                           "id=\"check-zz.good\"",
                           "id=\"check-zz.bad\"",
                           "id=\"F-T-1.1\"",
                           "id=\"F-T-1.2\"",
                           "id=\"F-T-1.3\"",
                           "id=\"F-T-1.4\"",
                           "data:image/png;base64,iVBORw0KGgo",
                           "cap1",
                           "a&lt;b",
                           "gap: no check",
                           "FAIL",
                           "n1" };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(page, want[i]), "missing %s", want[i]);
    cr_assert_null(strstr(page, "<script"), "the page needs no scripts");
    cr_assert_null(strstr(page, "src=\"http"), "the page loads nothing from outside");
    free(page);
    cJSON_Delete(root);
}

Test(report, formula_page_verdicts_and_slugs) {
    char slug[64];
    ak_md_slug("T-3.hb: Hyperbox inertia (App. C.3)", 35, slug, sizeof slug);
    cr_assert_str_eq(slug, "t-3hb-hyperbox-inertia-app-c3");
    char dir[] = "/tmp/ak_docs_XXXXXX";
    cr_assert(mkdtemp(dir));
    char sub[1100], file[1200];
    snprintf(sub, sizeof sub, "%s/formulas", dir);
    cr_assert_eq(ak_mkdir_p(sub), 0);
    snprintf(file, sizeof file, "%s/mass.md", sub);
    FILE *f = fopen(file, "w");
    fputs("# Mass\n\n## T-3.1, T-3.2: measure\n\n- **Verdict:** correct\n\n### detail\n\nVerdict: "
          "not this one\n"
          "## T-3.hb: box\nsome text\n- Verdict: **wrong** (factor 4).\n## T-3.9 no verdict here\n"
          "### T-3.5 ... T-3.7 (range)\n- Verdict: correct\n## T-3.3 ... T-3.4 items\n"
          "- T-3.4 (the density): **wrong for n = 5**, see errata\n",
          f);
    fclose(f);
    ak_formula_list l;
    cr_assert_eq(ak_formulas_parse("\n## A\nT-3.1, T-3.2, T-3.hb, T-3.9, T-3.8, T-3.6, T-3.4\n", &l,
                                   NULL, 0),
                 0);
    cr_assert_eq(ak_formulas_scan_docs(&l, dir), 5);
    cr_assert_str_eq(l.items[6].verdict, "wrong for n = 5");
    cr_assert_str_eq(l.items[6].doc, "formulas/mass.md#t-33--t-34-items");
    cr_assert_str_eq(l.items[5].verdict, "correct", "T-3.6 inside the heading's range");
    cr_assert_str_eq(l.items[0].verdict, "correct");
    cr_assert_str_eq(l.items[1].verdict, "correct");
    cr_assert_str_eq(l.items[0].doc, "formulas/mass.md#t-31-t-32-measure");
    cr_assert_str_eq(l.items[2].verdict, "wrong (factor 4)");
    cr_assert_str_eq(l.items[3].verdict, "");
    cr_assert_str_eq(l.items[3].doc, "formulas/mass.md#t-39-no-verdict-here");
    cr_assert_str_eq(l.items[4].doc, "");
    ak_formulas_free(&l);
    unlink(file);
    rmdir(sub);
    rmdir(dir);
}

// The verdict column's word: the most severe kind named anywhere in a formula page's verdict.
Test(report, verdict_kinds) {
    cr_assert_str_eq(ak_verdict_kind("correct"), "correct");
    cr_assert_str_eq(ak_verdict_kind("wrong by a factor of 4"), "wrong");
    cr_assert_str_eq(ak_verdict_kind("perpendicular correct; parallel wrong (-MR^2/15)"), "wrong");
    cr_assert_str_eq(ak_verdict_kind("ill-typed. I^-1 maps bivectors"), "wrong");
    cr_assert_str_eq(ak_verdict_kind("(c) reproduced; (a), (b) not reproduced"), "wrong");
    cr_assert_str_eq(ak_verdict_kind("correct except the slip V = pi^2 R^4/3"), "slip");
    cr_assert_str_eq(ak_verdict_kind("incomplete in n-D"), "incomplete");
    cr_assert_str_eq(ak_verdict_kind("gap for PGA motors; the rotor form is correct"), "gap");
    cr_assert_str_eq(ak_verdict_kind("description, no formula"), "other");
    cr_assert_str_eq(ak_verdict_kind("correctly incorrect"), "wrong",
                     "a word start, not the middle of a word");
    cr_assert_str_eq(ak_verdict_kind(""), "");
    ak_formula_list l;
    cr_assert_eq(ak_formulas_parse("\n## T\nT-1.1, T-1.2, T-1.3, T-1.4\n", &l, NULL, 0), 0);
    snprintf(l.items[0].verdict, sizeof l.items[0].verdict, "correct");
    snprintf(l.items[1].verdict, sizeof l.items[1].verdict, "wrong sign");
    snprintf(l.items[2].verdict, sizeof l.items[2].verdict, "gap (not implemented)");
    char w[32];
    ak_check_verdict(&l, "T-1.1 T-1.2", w, sizeof w);
    cr_assert_str_eq(w, "wrong", "a check covering a wrong formula shows it");
    ak_check_verdict(&l, "T-1.3 T-1.1", w, sizeof w);
    cr_assert_str_eq(w, "correct", "a gap ID does not hide a correct one");
    ak_check_verdict(&l, "T-1.4 X-9", w, sizeof w);
    cr_assert_str_eq(w, "-", "no verdict");
    ak_formulas_free(&l);
}

// Formula pages: verdict tables, "- T-2.14, T-2.15: **correct**" lists, and a mid-line Verdict:.
Test(report, verdicts_from_tables_lists_and_sentences) {
    char dir[] = "/tmp/ak_verdicts_XXXXXX";
    cr_assert(mkdtemp(dir));
    char sub[1100], file[1200];
    snprintf(sub, sizeof sub, "%s/formulas", dir);
    cr_assert_eq(ak_mkdir_p(sub), 0);
    snprintf(file, sizeof file, "%s/p.md", sub);
    FILE *f = fopen(file, "w");
    fputs("# Page\n\n| ID | verdict | check |\n|---|---|---|\n| T-1.1, T-1.2 | **wrong** sign | x "
          "|\n\n"
          "## T-1.3 ... T-1.4 (pair)\n- T-1.3 and T-1.4: **correct** both\n\n"
          "## T-1.5 - thing\n- Source: Torres 2022, §1. Verdict: slip in the index. More text.\n",
          f);
    fclose(f);
    ak_formula_list l;
    cr_assert_eq(ak_formulas_parse("\n## T\nT-1.1 ... T-1.5\n", &l, NULL, 0), 0);
    cr_assert_eq(ak_formulas_scan_docs(&l, dir), 5);
    cr_assert_str_eq(l.items[0].verdict, "wrong sign");
    cr_assert_str_eq(l.items[1].verdict, "wrong sign");
    cr_assert_str_eq(l.items[2].verdict, "correct");
    cr_assert_str_eq(l.items[3].verdict, "correct");
    cr_assert_str_eq(l.items[4].verdict, "slip in the index");
    ak_formulas_free(&l);
    unlink(file);
    rmdir(sub);
    rmdir(dir);
}

// Issue 27: a shared "Verdicts:" line naming several IDs gives each its own clause; "Verdict
// T-x: ...; T-y: ..." likewise; a statement ends where the item's next field ("Evidence:")
// begins and runs over its continuation lines; a verdict that names the ID (a table row, an item,
// a clause) is not replaced by the entry's shared one, wherever either comes on the pages.
Test(report, verdicts_per_id_from_shared_lines) {
    char dir[] = "/tmp/ak_verdicts_XXXXXX";
    cr_assert(mkdtemp(dir));
    char sub[1100], file[1200];
    snprintf(sub, sizeof sub, "%s/formulas", dir);
    cr_assert_eq(ak_mkdir_p(sub), 0);
    snprintf(file, sizeof file, "%s/p.md", sub);
    FILE *f = fopen(file, "w");
    fputs("# Page\n\n| ID | wrong | missed |\n|---|---|---|\n| T-1.1 | 3 | 0 |\n\n"
          "## T-1.1 - one\n- Verdict: correct (two contacts). Evidence: 0 of 6000 wrong;\n"
          "  more evidence.\n\n"
          "## T-1.2 ... T-1.5 - many\n- Source: somewhere.\n"
          "- Verdicts: T-1.2 line 7 uses v (**slip**; harmless);\n  T-1.3 correct; T-1.4 "
          "`p := v` (**wrong**: u);\n  T-1.5 loops (**slip**), and it misses corners "
          "(**wrong**).\n\n"
          "## T-1.6, T-1.7, T-1.8 - sat\n- Verdict T-1.6: **incomplete** (half missing).\n"
          "  T-1.7 / T-1.8: correct.\n\n"
          "## T-1.9, T-1.10 - as code\n- Verdict: **correct**.\n"
          "- T-1.10 as code: **not implementable** (an identity)\n\n"
          "## T-1.11 - long\n- Verdict: **correct** (consistent). The line before it\n"
          "  has the opposite sign: a **typo**.\n",
          f);
    fclose(f);
    snprintf(file, sizeof file, "%s/q.md", sub);
    f = fopen(file, "w");
    fputs("# Another page\n\n## T-1.3 - again\n- Verdict: **wrong** (a shared line on a later "
          "page does not replace the clause)\n",
          f);
    fclose(f);
    ak_formula_list l;
    cr_assert_eq(ak_formulas_parse("\n## T\nT-1.1 ... T-1.11\n", &l, NULL, 0), 0);
    cr_assert_eq(ak_formulas_scan_docs(&l, dir), 11);
    cr_assert_str_eq(l.items[0].verdict, "correct (two contacts)",
                     "a table of counts is no verdict");
    cr_assert_str_eq(l.items[1].verdict, "line 7 uses v (slip; harmless)");
    cr_assert_str_eq(l.items[2].verdict, "correct");
    cr_assert_str_eq(l.items[3].verdict, "p := v (wrong: u)");
    cr_assert_str_eq(l.items[4].verdict, "loops (slip), and it misses corners (wrong)");
    cr_assert_str_eq(ak_verdict_kind(l.items[4].verdict), "wrong",
                     "the continuation line belongs to the clause");
    cr_assert_str_eq(l.items[5].verdict, "incomplete (half missing)");
    cr_assert_str_eq(l.items[6].verdict, "correct");
    cr_assert_str_eq(l.items[7].verdict, "correct");
    cr_assert_str_eq(l.items[8].verdict, "correct");
    cr_assert_str_eq(l.items[9].verdict, "not implementable");
    cr_assert_str_eq(ak_verdict_kind(l.items[10].verdict), "slip",
                     "the statement runs over the item's continuation lines");
    ak_formulas_free(&l);
    unlink(file);
    snprintf(file, sizeof file, "%s/p.md", sub);
    unlink(file);
    rmdir(sub);
    rmdir(dir);
}

// Every formula ID a registered check cites is in the catalogue ("-": a check of no published
// formula), so the report shows no "?" next to a check.
Test(report, every_check_cites_catalogue_ids) {
    char path[1024];
    snprintf(path, sizeof path, "%s/" AK_CATALOGUE, src_dir());
    ak_formula_list l;
    cr_assert_eq(ak_formulas_load(path, &l, NULL, 0), 0);
    size_t ng;
    size_t total = 0;
    const ak_check_group *g = ak_check_groups(&ng);
    for (size_t i = 0; i < ng; i++)
        for (size_t j = 0; j < g[i].count; j++) {
            char buf[512];
            snprintf(buf, sizeof buf, "%s", g[i].checks[j].formulas ? g[i].checks[j].formulas : "");
            for (char *save = NULL, *t = strtok_r(buf, " ", &save); t;
                 t = strtok_r(NULL, " ", &save))
                cr_expect(!strcmp(t, "-") || ak_formulas_find(&l, t) >= 0,
                          "%s cites '%s', not in the catalogue", g[i].checks[j].id, t);
            total++;
        }
    cr_assert_gt(total, 100, "only %zu registered checks seen", total);
    ak_formulas_free(&l);
}

// The report names the catalogue and the errata by their paths in the repository, never by the
// absolute path of the machine that ran it, and the matrix has the "evaluated as printed" column.
Test(report, repository_paths_and_as_printed_column) {
    char dir[] = "/tmp/ak_report_src_XXXXXX";
    cr_assert(mkdtemp(dir));
    char sub[1100], cat[1200], err_md[1200], html[1200];
    snprintf(sub, sizeof sub, "%s/docs/formulas", dir);
    cr_assert_eq(ak_mkdir_p(sub), 0);
    snprintf(cat, sizeof cat, "%s/catalogue.md", sub);
    snprintf(err_md, sizeof err_md, "%s/docs/errata.md", dir);
    snprintf(html, sizeof html, "%s/index.html", dir);
    FILE *f = fopen(cat, "w");
    fputs("# F\n## G\nG-5 (a grid)\n", f);
    fclose(f);
    f = fopen(err_md, "w");
    fputs("## Area\n### G-5: slip\n- **Published:** x\n", f);
    fclose(f);
    cJSON *root =
        cJSON_Parse("{\"format\":\"anakata-verify/1\",\"quick\":true,\"passed\":0,\"failed\":0,"
                    "\"seconds\":0,\"groups\":[],\"checks\":[]}");
    cr_assert(root);
    ak_report_opts o = { .html_path = html, .report_dir = dir, .source_dir = dir };
    char err[256];
    cr_assert_eq(ak_report_write(root, &o, err, sizeof err), 0, "%s", err);
    char *page = slurp(html);
    cr_assert(page);
    cr_assert(strstr(page, "From <code>docs/formulas/catalogue.md</code>"),
              "catalogue by its repository path");
    cr_assert(strstr(page, "Generated from <code>docs/errata.md</code>"),
              "errata by its repository path");
    cr_assert_null(strstr(page, "From <code>/tmp/"), "no absolute path of the machine");
    cr_assert(strstr(page, "<th>evaluated as printed</th>"));
    cr_assert(strstr(page, "printed.g5_float_loop"),
              "G-5 names the check that evaluates its printed loop");
    free(page);
    cJSON_Delete(root);
}

// An ID whose source describes a method in prose and prints no formula (the catalogue says so) is
// not counted among the verdicts that need the printed form evaluated, and its row says why; a
// printed formula with a verdict and no as-printed check is counted and shown as a gap.
Test(report, prose_ids_are_not_printed_formulas) {
    char dir[] = "/tmp/ak_report_prose_XXXXXX";
    cr_assert(mkdtemp(dir));
    char sub[1100], cat[1200], page_md[1200], html[1200];
    snprintf(sub, sizeof sub, "%s/docs/formulas", dir);
    cr_assert_eq(ak_mkdir_p(sub), 0);
    snprintf(cat, sizeof cat, "%s/catalogue.md", sub);
    snprintf(page_md, sizeof page_md, "%s/dynamics.md", sub);
    snprintf(html, sizeof html, "%s/index.html", dir);
    FILE *f = fopen(cat, "w");
    fputs("# F\n## B\nB-4.int (a step; described in prose, no printed formula)\n"
          "B-eq99 (a printed formula)\n",
          f);
    fclose(f);
    f = fopen(page_md, "w");
    fputs("# D\n## B-4.int\n- Verdict: correct.\n## B-eq99\n- Verdict: correct.\n", f);
    fclose(f);
    cJSON *root =
        cJSON_Parse("{\"format\":\"anakata-verify/1\",\"quick\":true,\"passed\":0,\"failed\":0,"
                    "\"seconds\":0,\"groups\":[],\"checks\":[]}");
    cr_assert(root);
    ak_report_opts o = { .html_path = html, .report_dir = dir, .source_dir = dir };
    char err[256];
    cr_assert_eq(ak_report_write(root, &o, err, sizeof err), 0, "%s", err);
    char *page = slurp(html);
    cr_assert(page);
    cr_assert(strstr(page, "described in prose: no printed formula"), "the prose ID's row says so");
    cr_assert(strstr(page, "0 of 1</b>implementable IDs with verdict correct, wrong or slip"),
              "only the printed formula is counted");
    cr_assert(strstr(page, "no: the verdict rests on a re-derived form"),
              "the printed formula without an as-printed check is a gap");
    free(page);
    cJSON_Delete(root);
}
