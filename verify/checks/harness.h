/// @file harness.h
/// The verification harness behind `anakata verify`: a check is a function that measures
/// something against an independent reference and records the error and the tolerance.
#ifndef AK_VERIFY_HARNESS_H
#define AK_VERIFY_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

typedef struct ak_check_ctx ak_check_ctx;
typedef void (*ak_check_fn)(ak_check_ctx *ctx);

typedef struct ak_check {
    const char *id; ///< "group.name", e.g. "ga.rotor4.mul_vs_generic"
    const char *
        formulas; ///< space-separated formula IDs from docs/formulas/catalogue.md, e.g. "B-eq3 B-eq4"
    const char *what; ///< one line: what is measured against what
    ak_check_fn run;
} ak_check;

/// A group's checks. Each checks_<group>.c defines one of these.
typedef struct ak_check_group {
    const char *name;
    const ak_check *checks;
    size_t count;
} ak_check_group;

/// A group split into topic files (checks_<group>_<topic>.c): each topic file ends with its
/// table, AK_TOPIC(group_topic, table) defines ak_topic_group_topic, and the group file builds
/// the group's table from its topics, in order, with ak_group_of_topics.
typedef struct ak_check_topic {
    const ak_check *checks;
    size_t count;
} ak_check_topic;
#define AK_TOPIC(name, table)                                                                      \
    const ak_check_topic ak_topic_##name = { table, sizeof(table) / sizeof(table[0]) };
/// Most checks of one group.
#define AK_GROUP_MAX_CHECKS 128
/// The group `name` of the topics' checks, in order, copied into store (AK_GROUP_MAX_CHECKS
/// entries) the first time (*n == 0; *n is then the count). Aborts when store is too small.
ak_check_group ak_group_of_topics(const char *name, const ak_check_topic *const topics[],
                                  size_t ntopics, ak_check store[], size_t *n);

/// True in --quick mode: checks use fewer samples (never looser tolerances).
bool ak_quick(const ak_check_ctx *c);
/// full in full mode, quick in --quick mode.
long ak_samples(const ak_check_ctx *c, long full, long quick);
/// Directory of the bundled scenes (--scenes, else the source tree's scenes/).
const char *ak_scenes_dir(const ak_check_ctx *c);
/// Directory where this check may write artefacts (plots, diff images): <artifact root>/<check id>,
/// created on first use. The root is --artifacts DIR, else <report dir>/artifacts in full mode.
/// NULL when no root is set (--quick without --artifacts/--report) or it cannot be created:
/// a check must then skip writing its plots, never fail for it.
const char *ak_artifact_dir(const ak_check_ctx *c);
/// The registered groups this run runs (what ak_check_groups gave the runner): a check that
/// looks at the registry itself (the docs links to report anchors) reads it here, so that no
/// group file calls the registry that calls it.
const ak_check_group *ak_run_groups(const ak_check_ctx *c, size_t *count);
/// The id of the running check ("group.name").
const char *ak_check_id(const ak_check_ctx *c);
/// Register a file the check wrote (a PNG plot, a diff image) with a caption for the report.
/// A relative path is taken relative to ak_artifact_dir(c). Any other PNG left in the check's
/// artefact directory is embedded too, captioned by its file name. At most AK_ARTIFACTS_MAX.
void ak_artifact(ak_check_ctx *c, const char *path, const char *caption_fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define AK_ARTIFACTS_MAX 16

/// Record a measurement: passes when error <= tol and error is not NaN. Several calls are
/// combined: the check passes only if all pass, and the table shows the worst error/tol ratio.
void ak_measure(ak_check_ctx *c, double error, double tol, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/// Record a yes/no assertion with its description.
void ak_expect(ak_check_ctx *c, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/// Attach a named number to the result (appears in --json and the report).
void ak_value(ak_check_ctx *c, const char *key, double v);
/// Attach a free-text note (an erratum's details, a counterexample).
void ak_note(ak_check_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// The formula verdict of a check: what the formula pages (docs/formulas/) say about the formulas
/// it covers, as one word ("correct", "wrong", "slip", ...; "-" for none) for the table and the
/// results. Supplied by the caller (the harness does not read the docs); see ak_check_verdict in
/// report/traceability.h.
typedef void (*ak_formula_verdict_fn)(const ak_check *chk, void *ctx, char *word, size_t wordlen);

/// Options of one verify run.
typedef struct ak_verify_opts {
    bool quick;
    const char *only;      ///< pattern, or NULL for all
    const char *json_path; ///< write results here, or NULL
    const char *scenes_dir;
    const char *artifact_dir;
    bool list; ///< list the checks instead of running them
    bool verbose;
    const char *report_dir; ///< write results.json here, or NULL (the caller writes the page)
    ak_formula_verdict_fn formula_verdict; ///< NULL: the verdict column shows "-"
    void *formula_verdict_ctx;
} ak_verify_opts;

/// How many registered checks match the --only pattern (NULL: all).
int ak_check_count(const char *pattern);

/// A formula ID evaluated as printed: the check that does it and how (its transcription).
typedef struct ak_as_printed {
    const char *id;    ///< formula ID
    const char *check; ///< the check id that evaluates the printed form
    const char *how;   ///< the transcription it evaluates, in a few words
} ak_as_printed;
/// The IDs evaluated as printed (verify/checks/checks_printed.c).
const ak_as_printed *ak_as_printed_table(size_t *n);

/// All registered groups, in report order.
const ak_check_group *ak_check_groups(size_t *count);
/// True when check id (with its formula list) matches the --only pattern.
bool ak_check_matches(const ak_check *chk, const char *pattern);
/// Run the matching checks, print the table, write the results (format anakata-verify/1) to
/// json_path and report_dir/results.json; returns the number of failures (or -1 on error). When
/// results is not NULL it receives the results object (the caller frees it with cJSON_Delete;
/// NULL after an error); the report page is written from it by report/report.h.
int ak_verify_run(const ak_verify_opts *opts, cJSON **results);

#endif
