/// @file formulas.h
/// The formula catalogue (docs/formulas/catalogue.md) read into a list of formula IDs: shared by
/// the report's traceability matrix (report/traceability.h) and the docs checks.
///
/// Formula IDs (docs/formulas/catalogue.md): a token `X-rest` where X is T, B, G or P, not preceded by a letter,
/// digit or '-', and `rest` is letters, digits and dots (a trailing dot is punctuation, not part
/// of the ID), optionally followed directly by one parenthesised group of letters and digits:
/// `T-2.1`, `T-A.7sym`, `T-C.2(V)`, `T-5.1(3D)`, `B-eq4`, `P-forque`.
///
/// Ranges: `A … B` (U+2026) or `A ... B` between two IDs whose text is the same up to a trailing
/// integer (`T-2.1 … T-2.4`, `P-A.1 … P-A.28`) stands for every ID of that stem from the first
/// number to the last (at most AK_RANGE_MAX of them). A range whose ends differ in more than
/// the trailing number is kept as its two ends only, and flagged. A parenthesised description
/// directly after an ID (or after the last ID of a range) becomes that ID's description.
///
/// Only the part of the catalogue after its first `## ` heading is read (the introduction quotes
/// IDs as examples).
#ifndef AK_VERIFY_FORMULAS_H
#define AK_VERIFY_FORMULAS_H

#include <stdbool.h>
#include <stddef.h>

/// The catalogue of formula IDs, relative to the source root.
#define AK_CATALOGUE "docs/formulas/catalogue.md"

#define AK_FID_MAX 32
#define AK_RANGE_MAX 100
#define AK_IMPL_MAX 4

typedef struct ak_impl_site {
    char file[256];    ///< path relative to the source root, e.g. "ref/ga/nd.h"
    int line;          ///< 1-based line of the comment citing the ID
    char function[96]; ///< the ak_* function declared at or below the citation, or ""
} ak_impl_site;

typedef struct ak_formula {
    char id[AK_FID_MAX];
    char section[96]; ///< the "## " heading it was listed under
    char desc[160];   ///< parenthesised description from the catalogue, or ""
    bool from_range;  ///< produced by expanding a range
    int nimpl;        ///< citations found (capped at AK_IMPL_MAX; see nimpl_total)
    int nimpl_total;
    ak_impl_site impl[AK_IMPL_MAX];
    char verdict[1024]; ///< from its formula page (docs/formulas/*.md), or ""
    char doc[192];      ///< that entry: "formulas/mass.md#slug", relative to docs/, or ""
} ak_formula;

typedef struct ak_formula_list {
    ak_formula *items;
    size_t n, cap;
} ak_formula_list;

/// Length of the formula ID starting at text[0] (0 if none starts there). `prev` is the
/// character before it ('\0' at the start of the text).
size_t ak_formula_id_len(const char *text, char prev);

/// Parse a formula catalogue file (docs/formulas/catalogue.md). Returns 0, or -1 with a message (the path and the reason) in err.
int ak_formulas_load(const char *path, ak_formula_list *out, char *err, size_t errlen);
/// Parse catalogue text (what ak_formulas_load does after reading the file).
int ak_formulas_parse(const char *text, ak_formula_list *out, char *err, size_t errlen);
void ak_formulas_free(ak_formula_list *l);
/// Index of id in the list, or -1.
long ak_formulas_find(const ak_formula_list *l, const char *id);
/// The list's IDs named at p: one ID, or every listed ID of a range "A … B" / "A ... B" / "A..B"
/// with a common stem, as indices into l. Returns how many (at most max) and sets *len to the
/// text consumed (0: none). `prev` is the character before p.
int ak_formula_ids_at(const ak_formula_list *l, const char *p, char prev, long out[], int max,
                      size_t *len);

/// GitHub-style anchor of a Markdown heading text: lower case, spaces to '-', ASCII punctuation
/// other than '-' and '_' dropped, other bytes kept.
void ak_md_slug(const char *heading, size_t len, char *out, size_t outlen);

#endif
