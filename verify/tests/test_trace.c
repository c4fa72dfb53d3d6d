// Unit tests of the trace reader: the contract is accepted in every dimension, with extra
// columns and any metadata style; each kind of malformed trace is rejected with a message that
// names the file, the line and the column.
#include <criterion/criterion.h>
#include <math.h>

#include "trace_fixture.h"
#include "compare/trace_read.h"

#define NSTEPS 20
#define DT 0.01

// Replace the first occurrence of from (after position start) with to; returns a new string.
static char *replace(const char *s, const char *from, const char *to, size_t start) {
    const char *at = strstr(s + start, from);
    cr_assert(at, "fixture lacks '%s'", from);
    size_t n = strlen(s) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    snprintf(out, n, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
    return out;
}

// Line number (1-based) of the first line starting with prefix.
static int line_of(const char *s, const char *prefix) {
    int line = 1;
    for (const char *p = s; *p; line++) {
        if (!strncmp(p, prefix, strlen(prefix))) return line;
        const char *nl = strchr(p, '\n');
        if (!nl) break;
        p = nl + 1;
    }
    return -1;
}

static void expect_reject(const char *text, const char *want1, const char *want2) {
    ak_tracefile t;
    char err[1024] = "";
    cr_assert_eq(ak_tracefile_parse(text, "bad.csv", &t, err, sizeof err), -1, "accepted a malformed trace");
    cr_assert(strstr(err, want1), "message '%s' lacks '%s'", err, want1);
    if (want2) cr_assert(strstr(err, want2), "message '%s' lacks '%s'", err, want2);
    cr_assert(!strncmp(err, "bad.csv:", 8), "message '%s' does not start with the file name", err);
}

Test(trace, accepts_contract_in_every_dim) {
    for (int dim = 2; dim <= 5; dim++) {
        char *s = fixture_trace(dim, NSTEPS, DT, 0, 0);
        ak_tracefile t;
        char err[1024];
        cr_assert_eq(ak_tracefile_parse(s, "ok.csv", &t, err, sizeof err), 0, "dim %d: %s", dim, err);
        cr_assert_eq(t.dim, dim);
        cr_assert_eq(t.nbody, 2);
        cr_assert_eq(t.nsteps, NSTEPS);
        cr_assert_eq(t.nstate, 2 * dim + (1 << (dim - 1)) + dim * (dim - 1) / 2);
        cr_assert_str_eq(t.body[1], "box");
        cr_assert_str_eq(t.scene, "fixture");
        cr_assert_str_eq(t.integrator, "analytic");
        cr_assert_float_eq(t.timestep, DT, 1e-15);
        cr_assert_eq(t.nextra, 1);
        cr_assert_eq(ak_tracefile_extra_col(&t, "contacts"), 0);
        // a value read back equals the value written (x0 of body 1 at step 3: 1 - 0.3 t)
        cr_assert_float_eq(ak_tracefile_x(&t, 3, 1)[0], 1.0 - 0.3 * 3 * DT, 1e-15);
        cr_assert_float_eq(t.t[NSTEPS - 1], (NSTEPS - 1) * DT, 1e-15);
        ak_tracefile_free(&t);
        free(s);
    }
}

Test(trace, metadata_styles_crlf_comments_and_body_order) {
    char *s = fixture_trace(4, 3, DT, 0, 0);
    char *a = replace(s, "# dim: 4", "#dim=4", 0);
    char *b = replace(a, "# scene: fixture", "# scene fixture", 0);
    // swap the two rows of step 1 (any body order within a step is fine)
    char *r1 = strstr(b, "\n1,");
    char *r2 = strchr(r1 + 1, '\n');
    char *r3 = strchr(r2 + 1, '\n');
    size_t l1 = (size_t)(r2 - r1), l2 = (size_t)(r3 - r2);
    char *tmp = malloc(l1 + l2);
    memcpy(tmp, r2, l2);
    memcpy(tmp + l2, r1, l1);
    memcpy(r1, tmp, l1 + l2);
    free(tmp);
    // CRLF everywhere, and a comment line between rows
    size_t n = strlen(b);
    char *c = malloc(2 * n + 64), *q = c;
    for (size_t i = 0; i < n; i++) {
        if (b[i] == '\n') *q++ = '\r';
        *q++ = b[i];
    }
    strcpy(q, "# a comment at the end\r\n\r\n");
    ak_tracefile t;
    char err[1024];
    cr_assert_eq(ak_tracefile_parse(c, "crlf.csv", &t, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.dim, 4);
    cr_assert_str_eq(t.scene, "fixture");
    cr_assert_eq(t.nsteps, 3);
    // body order comes from step 0; step 1's rows were swapped but land in the right slots
    cr_assert_float_eq(ak_tracefile_x(&t, 1, 0)[0], -1.0 + 0.5 * DT, 1e-15);
    ak_tracefile_free(&t);
    free(s), free(a), free(b), free(c);
}

Test(trace, rejects_missing_format_and_dim) {
    char *s = fixture_trace(4, 3, DT, 0, 0);
    char *a = replace(s, "# format: anakata-trace/1\n", "", 0);
    expect_reject(a, "format", "anakata-trace/1");
    char *b = replace(s, "anakata-trace/1", "anakata-trace/2", 0);
    expect_reject(b, "'anakata-trace/2'", NULL);
    char *c = replace(s, "# dim: 4\n", "", 0);
    expect_reject(c, "dim", NULL);
    char *d = replace(s, "# dim: 4", "# dim: 7", 0);
    expect_reject(d, "bad.csv:3:", "2 to 5");
    free(s), free(a), free(b), free(c), free(d);
}

Test(trace, rejects_wrong_columns_and_wrong_dim) {
    char *s = fixture_trace(4, 3, DT, 0, 0);
    int hl = line_of(s, "step,");
    char want[64];
    snprintf(want, sizeof want, "bad.csv:%d:", hl);
    char *a = replace(s, ",v2,", ",vz,", 0);
    expect_reject(a, want, "column 10 is 'vz', expected 'v2'");
    // a 3D trace that claims dim 4: the header is too short for dim 4 at x3
    char *s3 = fixture_trace(3, 3, DT, 0, 0);
    char *b = replace(s3, "# dim: 3", "# dim: 4", 0);
    expect_reject(b, "column 7 is 'v0', expected 'x3'", "dim 4");
    // a repeated extra column name
    char *c = replace(s, ",contacts\n", ",contacts,contacts\n", 0);
    expect_reject(c, "repeats column", NULL);
    free(s), free(s3), free(a), free(b), free(c);
}

Test(trace, rejects_bad_rows) {
    char *s = fixture_trace(4, 4, DT, 0, 0);
    int l2 = line_of(s, "2,");
    char want[64];
    snprintf(want, sizeof want, "bad.csv:%d:", l2);
    // NaN in a state column, with the column named
    const char *row = strstr(s, "\n2,") + 1;
    char *a;
    {
        // replace the 4th field (x0) of the first row of step 2
        const char *f = row;
        for (int k = 0; k < 3; k++) f = strchr(f, ',') + 1;
        const char *e = strchr(f, ',');
        size_t n = strlen(s) + 8;
        a = malloc(n);
        snprintf(a, n, "%.*snan%s", (int)(f - s), s, e);
    }
    expect_reject(a, want, "column 'x0' (field 4), body 'ball': not a finite number: 'nan'");
    // a missing field
    char *b = replace(s, ",0\n2,", "\n2,", 0); // drop the last field of the row before step 2
    expect_reject(b, "fields, the header has", NULL);
    // a non-integer step
    char *c = replace(s, "\n2,", "\n2.5,", 0);
    expect_reject(c, "column 'step' (field 1)", "'2.5'");
    free(s), free(a), free(b), free(c);
}

Test(trace, rejects_unsorted_steps_and_time) {
    char *s = fixture_trace(4, 4, DT, 0, 0);
    // step 3 relabelled as step 1: goes backwards
    char *a = replace(s, "\n3,", "\n1,", 0);
    expect_reject(a, "step 1 after step 2", NULL);
    // time going backwards between steps
    char *t3 = malloc(64), *t1 = malloc(64);
    snprintf(t3, 64, "\n3,%.17g,", 3 * DT);
    snprintf(t1, 64, "\n3,%.17g,", 1 * DT);
    char *b = replace(s, t3, t1, 0);
    expect_reject(b, "column 't' (field 2)", "before");
    free(s), free(a), free(b), free(t3), free(t1);
}

Test(trace, rejects_missing_duplicate_and_unknown_bodies) {
    char *s = fixture_trace(4, 4, DT, 0, 0);
    // drop body 'box' from step 2
    const char *r = strstr(s, "\n2,");
    r = strchr(r + 1, '\n'); // the start of step 2's second row ("\n2,...,box,...")
    const char *e = strchr(r + 1, '\n');
    size_t n = strlen(s) + 1;
    char *a = malloc(n);
    snprintf(a, n, "%.*s%s", (int)(r - s), s, e);
    expect_reject(a, "no row for body 'box'", "step 2");
    // the last step missing a body
    char *last = strdup(s);
    char *end = last + strlen(last) - 1; // drop the final row
    *end = '\0';
    *(strrchr(last, '\n') + 1) = '\0';
    expect_reject(last, "last step 3 has no row for body 'box'", NULL);
    // a body twice in one step
    char *b = replace(s, ",box,", ",ball,", strstr(s, "\n1,") - s);
    expect_reject(b, "body 'ball' appears twice in step 1", NULL);
    // an unknown body
    char *c = replace(s, ",box,", ",crate,", strstr(s, "\n1,") - s);
    expect_reject(c, "body 'crate' is not one of the 2 bodies", NULL);
    free(s), free(a), free(last), free(b), free(c);
}

Test(trace, rejects_empty_and_headerless) {
    expect_reject("", "empty trace", NULL);
    expect_reject("# format: anakata-trace/1\n# dim: 3\n", "no header row", NULL);
    char *s = fixture_trace(2, 1, DT, 0, 0);
    *(strstr(s, "\n0,") + 1) = '\0';
    expect_reject(s, "no data rows", NULL);
    free(s);
}

Test(trace, read_file_errors_name_the_file) {
    ak_tracefile t;
    char err[256];
    cr_assert_eq(ak_tracefile_read("/nonexistent/x.csv", &t, err, sizeof err), -1);
    cr_assert(strstr(err, "/nonexistent/x.csv"), "%s", err);
}
