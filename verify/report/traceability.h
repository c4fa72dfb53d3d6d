/// @file traceability.h
/// From formula IDs to code, checks and errata: the data behind the report's traceability matrix
/// and errata table.
///
/// The formula catalogue itself (IDs, ranges, descriptions) is read by common/formulas.h.
#ifndef AK_VERIFY_TRACEABILITY_H
#define AK_VERIFY_TRACEABILITY_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/common/formulas.h"

/// Scan the sources under root/dir for each dir in dirs (recursively; .c .h .comp .glsl files)
/// and record, for every ID of the list, where a comment cites it and the function declared
/// there. Returns the number of files scanned, or -1 when root cannot be read.
int ak_formulas_scan_sources(ak_formula_list *l, const char *root, const char *const dirs[],
                             size_t ndirs);

/// Verdicts from the formula pages. In every docs_dir/formulas/*.md, a heading (`##` or deeper)
/// that names IDs opens that ID's entry, up to the next heading of the same or a higher level.
/// Within an entry, each list item ("- " and its indented continuation lines) or paragraph is
/// read whole:
/// - one that starts (after "- ", "*" or "**") with "Verdict" and then ':' is a statement: the
///   text after the colon up to the item's next field (a sentence "Evidence: ...": a capitalised
///   word and at most two more, then ':'). Clauses of it that begin with IDs of the entry, at its
///   start or after "; ", ". " or ": " ("Verdicts: T-Alg16 ... (**slip**); T-Alg17 correct;
///   ..."), give those IDs their clause; IDs between "Verdict" and ':' ("Verdict T-Tab4.1: ...;
///   B-7.2 / B-7.2box: correct") open the first clause; the text before the first clause (the
///   whole statement when there is none) goes to the entry's other IDs;
/// - a list item that starts with IDs ("- T-2.7 ...: **wrong for r = 2**", "- T-2.14, T-2.15
///   ...") gives those IDs the item's first bold span;
/// - otherwise a "Verdict:" later in the block gives the entry's IDs the sentence after it.
/// A Markdown table whose header has a column named "verdict" gives the IDs in each row's first
/// cell that column's text; a table without one (measurements) gives nothing. A verdict that
/// names the ID (a table row, an item, a clause) is specific: the first one on the pages (read in
/// name order, a page from the top) stays; one shared by an entry's IDs fills only an ID that has
/// no verdict yet, and a specific one replaces it. The verdict is kept whole (up to the size of
/// ak_formula.verdict), without Markdown emphasis. The entry's address is the page plus the
/// heading's GitHub-style slug. Returns the number of IDs given a verdict, or -1 when
/// docs_dir/formulas cannot be read.
int ak_formulas_scan_docs(ak_formula_list *l, const char *docs_dir);

/// The kind of a formula page's verdict, one word: "wrong" (also "ill-typed", "not reproduced"),
/// "incomplete", "slip" (also "typo"), "approximate", "correct" (also "holds", "reproduced"),
/// "gap", or "other" (none of these words); "" for an empty verdict. The most severe word found
/// anywhere in the text decides, in that order ("perpendicular correct; parallel wrong" is wrong),
/// except that "gap" comes before "correct" ("gap for motors; the rotor form is correct" is a gap).
const char *ak_verdict_kind(const char *verdict);

/// The formula verdict of a check that covers the space-separated IDs in `formulas`: the most
/// severe kind among those IDs' verdicts (wrong, incomplete, slip, approximate, correct, other,
/// gap in that order: a check that covers a wrong formula and a correct one proves the wrong one
/// wrong); "-" when no ID has a verdict. Written into word.
void ak_check_verdict(const ak_formula_list *l, const char *formulas, char *word, size_t wordlen);

/// One erratum from docs/errata.md, in an area's `## ` section, in either of two forms:
/// - a `### ` heading (its formula IDs and title), whose fields are the lines that start (after
///   an optional "- " and "**") with "Published", "Correct", "Evidence" or "Counterexample"
///   followed by ':'; text that belongs to no field goes to `other`;
/// - a list item starting "- **" (continued by indented lines): its first sentence is the title
///   with the IDs; each later sentence or ';'-clause goes to the field its first word names
///   (printed/published, correct, counterexample, check/checks/evidence), or continues the
///   previous one.
typedef struct ak_erratum {
    char area[96];
    char title[256];
    char ids[8][AK_FID_MAX];
    int nids;
    char published[1024], correct[1024], evidence[1024], counterexample[1024], other[1024];
} ak_erratum;

typedef struct ak_errata {
    ak_erratum *items;
    size_t n, cap;
} ak_errata;

/// Parse docs/errata.md. A missing file gives an empty list and -1 (err says so).
int ak_errata_load(const char *path, ak_errata *out, char *err, size_t errlen);
int ak_errata_parse(const char *text, ak_errata *out);
void ak_errata_free(ak_errata *e);

#endif
