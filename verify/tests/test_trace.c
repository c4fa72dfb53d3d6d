// Unit tests of the trace reader: the contract is accepted in every dimension, with extra
// columns and any metadata style; each kind of malformed trace is rejected with a message that
// names the file, the line and the column.
#include <criterion/criterion.h>
#include <math.h>

#include "verify/tests/trace_fixture.h"
#include "verify/compare/trace_read.h"

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
    cr_assert_eq(ak_tracefile_parse(text, "bad.csv", &t, err, sizeof err), -1,
                 "accepted a malformed trace");
    cr_assert(strstr(err, want1), "message '%s' lacks '%s'", err, want1);
    if (want2) cr_assert(strstr(err, want2), "message '%s' lacks '%s'", err, want2);
    cr_assert(!strncmp(err, "bad.csv:", 8), "message '%s' does not start with the file name", err);
}

Test(trace, accepts_contract_in_every_dim) {
    for (int dim = 2; dim <= 5; dim++) {
        char *s = fixture_trace(dim, NSTEPS, DT, 0, 0);
        ak_tracefile t;
        char err[1024];
        cr_assert_eq(ak_tracefile_parse(s, "ok.csv", &t, err, sizeof err), 0, "dim %d: %s", dim,
                     err);
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

Test(trace, accepts_utf8_bom) {
    char *s = fixture_trace(3, NSTEPS, DT, 0, 0);
    size_t n = strlen(s);
    char *b = malloc(n + 4);
    memcpy(b, "\xEF\xBB\xBF", 3);
    memcpy(b + 3, s, n + 1);
    ak_tracefile t, u;
    char err[512];
    cr_assert_eq(ak_tracefile_parse(b, "bom.csv", &t, err, sizeof err), 0, "a BOM is rejected: %s",
                 err);
    cr_assert_eq(ak_tracefile_parse(s, "plain.csv", &u, err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.nsteps, u.nsteps);
    cr_assert_eq(memcmp(t.state, u.state, sizeof(double) * (size_t)(t.nsteps * t.nbody * t.nstate)),
                 0);
    ak_tracefile_free(&t);
    ak_tracefile_free(&u);
    free(b);
    free(s);
}

// The textbook rotation matrix of a unit quaternion (w, x, y, z), v' = q v q*.
static void quat_matrix(const double q[4], double M[9]) {
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double m[9] = { 1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                    2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                    2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y) };
    memcpy(M, m, sizeof m);
}

// docs/conventions.md, "Other engines' conventions": a 3D body written with quaternion and
// axis-vector columns reads back as the rotor and bivector whose rotation matrix and point
// velocities match the quaternion's matrix and w x r, computed independently here; a 2D angle
// and omega likewise. The worked example's numbers are the ones the page prints.
Test(trace, quaternion_axis_vector_and_angle_columns) {
    const double q[4] = { 0.8, 0.2, -0.4, 0.4 }; // |q| = 1
    const double om[3] = { 0.3, -1.2, 2.0 };     // rad/s, world frame
    char text[1024];
    snprintf(
        text, sizeof text,
        "# format: anakata-trace/1\n# dim: 3\nstep,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz\n"
        "0,0,box,1,2,3,0,0,0,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n",
        q[0], q[1], q[2], q[3], om[0], om[1], om[2]);
    ak_tracefile t;
    char err[512];
    cr_assert_eq(ak_tracefile_parse(text, "quat.csv", &t, err, sizeof err), 0, "%s", err);
    cr_assert(strstr(t.columns, "quaternion"), "%s", t.columns);
    const double *R = ak_tracefile_R(&t, 0, 0), *w = ak_tracefile_w(&t, 0, 0);
    // worked example of docs/conventions.md
    const double wantR[4] = { 0.8, -0.4, -0.4, -0.2 }, wantw[3] = { 2.0, 1.2, 0.3 };
    for (int k = 0; k < 4; k++) cr_assert_float_eq(R[k], wantR[k], 1e-15, "r[%d] = %g", k, R[k]);
    for (int k = 0; k < 3; k++) cr_assert_float_eq(w[k], wantw[k], 1e-15, "w[%d] = %g", k, w[k]);
    double Mq[9], Mr[9];
    quat_matrix(q, Mq);
    ak_nd_rotor_to_matrix(3, Mr, R);
    for (int k = 0; k < 9; k++)
        cr_assert_float_eq(Mr[k], Mq[k], 1e-15, "matrix entry %d: %g vs %g", k, Mr[k], Mq[k]);
    const double doc[9] = {
        0.36, -0.80, -0.48, 0.48, 0.60, -0.64, 0.80, 0.00, 0.60
    }; // as the page prints it
    for (int k = 0; k < 9; k++)
        cr_assert_float_eq(Mq[k], doc[k], 1e-15, "docs/conventions.md matrix entry %d", k);
    // a body point r moves with w x r (axis vector) = r _| w (bivector)
    const double pts[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0.3, -0.7, 2.0 } };
    for (int i = 0; i < 3; i++) {
        const double *r = pts[i];
        double cross[3] = { om[1] * r[2] - om[2] * r[1], om[2] * r[0] - om[0] * r[2],
                            om[0] * r[1] - om[1] * r[0] };
        double c[3];
        ak_nd_contract(3, c, r, w);
        for (int a = 0; a < 3; a++)
            cr_assert_float_eq(c[a], cross[a], 1e-15, "point %d axis %d", i, a);
    }
    ak_tracefile_free(&t);
    // 2D: angle th turns x towards y; omega is the rate of th
    const double th = 0.7, omega = -1.3;
    snprintf(text, sizeof text,
             "# format: anakata-trace/1\n# dim: "
             "2\nstep,t,body,x0,x1,v0,v1,angle,omega\n0,0,disc,0,0,0,0,%.17g,%.17g\n",
             th, omega);
    cr_assert_eq(ak_tracefile_parse(text, "angle.csv", &t, err, sizeof err), 0, "%s", err);
    double M2[4];
    ak_nd_rotor_to_matrix(2, M2, ak_tracefile_R(&t, 0, 0));
    const double want2[4] = { cos(th), -sin(th), sin(th), cos(th) };
    for (int k = 0; k < 4; k++) cr_assert_float_eq(M2[k], want2[k], 1e-15);
    double c[2];
    ak_nd_contract(2, c, (const double[]){ 1, 0 }, ak_tracefile_w(&t, 0, 0));
    cr_assert_float_eq(c[0], 0, 1e-15);
    cr_assert_float_eq(c[1], omega, 1e-15, "the point (1, 0) moves with (0, omega)");
    ak_tracefile_free(&t);
    // a half-converted header is an error that names the alternatives
    expect_reject("# format: anakata-trace/1\n# dim: "
                  "3\nstep,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,w_xy,wy,wz\n",
                  "header column 15 is 'wy', expected 'w_xz'", "or wx,wy,wz");
    expect_reject(
        "# format: anakata-trace/1\n# dim: 3\nstep,t,body,x0,x1,x2,v0,v1,v2,qw,qy,qx,qz,wx,wy,wz\n",
        "header column 11 is 'qy', expected 'qx'", NULL);
}
