/// @file report.h
/// The HTML verification report that `anakata verify` writes in full mode: one self-contained
/// page (inline CSS, images embedded as base64 data URIs, no scripts, opens without a server).
///
/// Sections, in order: summary (per group passed / failed / seconds, total run time), summary
/// plots, the traceability matrix (every ID of docs/formulas/catalogue.md, its implementing functions found by
/// scanning ref/ engine/ render/ for the ID, the checks that cite it and their verdicts; gaps
/// are listed, never hidden), the errata table (parsed from docs/errata.md, with the verdicts of
/// the checks that cite each erratum's IDs), then every check that ran (formula IDs, what vs what,
/// measured text, error, tolerance, verdict, notes, values, and its PNG artefacts).
///
/// Anchors: `#summary`, `#matrix`, `#errata`, `#checks`, `#golden`, `#group-<group>`, `#check-<check id>` and
/// `#F-<formula ID>` (the formula's row in the matrix), so docs can link into the page.
#ifndef AK_VERIFY_REPORT_H
#define AK_VERIFY_REPORT_H

#include <stddef.h>

struct cJSON;

typedef struct ak_report_opts {
    const char *html_path;     ///< the page to write
    const char *report_dir;    ///< where summary plots go (<report_dir>/artifacts/_report), or NULL
    const char *formulas_path; ///< NULL: <source_dir>/docs/formulas/catalogue.md (AK_CATALOGUE)
    const char *source_dir;    ///< NULL: AK_SOURCE_DIR (scanned for implementations)
    const char *errata_path;   ///< NULL: <source_dir>/docs/errata.md
} ak_report_opts;

/// Write the page from the results object that ak_verify_run builds (format anakata-verify/1).
/// Missing inputs (no catalogue, no errata) are shown as such on the page, not errors.
/// Returns 0, or -1 with a message in err when the page cannot be written.
int ak_report_write(const struct cJSON *results, const ak_report_opts *opts, char *err,
                    size_t errlen);

/// Base64 (RFC 4648, with padding) of n bytes into out, which holds 4*((n+2)/3)+1 bytes.
void ak_base64(char *out, const unsigned char *in, size_t n);

#endif
