// Trace reader and validator (see trace_read.h for the rules it enforces).
#include "verify/compare/trace_read.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/common/files.h"
#include "verify/common/trace_format.h"
#include "ref/ga/nd.h"

#define MAX_FIELDS 512

typedef struct parser {
    const char *name;
    char *err;
    size_t errlen;
    long line;
} parser;

static int fail(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(parser *p, const char *fmt, ...) {
    if (!p->err || !p->errlen) return -1;
    int n = snprintf(p->err, p->errlen, "%s:%ld: ", p->name, p->line);
    if (n < 0 || (size_t)n >= p->errlen) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

// Split a line (no newline) at commas in place; trims spaces and one pair of double quotes.
static int split(char *line, char *fields[], int max) {
    int n = 0;
    char *p = line;
    for (;;) {
        char *c = strchr(p, ',');
        if (c) *c = '\0';
        while (*p == ' ' || *p == '\t') p++;
        size_t len = strlen(p);
        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t')) p[--len] = '\0';
        if (len >= 2 && p[0] == '"' && p[len - 1] == '"') {
            p[len - 1] = '\0';
            p++;
        }
        if (n < max) fields[n] = p;
        n++;
        if (!c) break;
        p = c + 1;
    }
    return n;
}

static bool parse_double(const char *s, double *v) {
    if (!*s) return false;
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return *end == '\0' && end != s;
}

static void set_meta(ak_tracefile *t, const char *key, const char *val) {
#define COPY(dst) snprintf(dst, sizeof dst, "%s", val)
    if (!strcmp(key, "format"))
        COPY(t->format);
    else if (!strcmp(key, "scene"))
        COPY(t->scene);
    else if (!strcmp(key, "integrator"))
        COPY(t->integrator);
    else if (!strcmp(key, "version"))
        COPY(t->version);
#undef COPY
    if (t->nmeta < AK_TRACEFILE_META_MAX) {
        snprintf(t->meta_key[t->nmeta], sizeof t->meta_key[0], "%s", key);
        snprintf(t->meta_value[t->nmeta], sizeof t->meta_value[0], "%s", val);
        t->nmeta++;
    }
}

// "# key: value", "# key = value" or "# key value". Lines without a key are comments.
static int parse_meta(parser *p, ak_tracefile *t, char *line) {
    char *s = line + 1;
    while (*s == ' ' || *s == '\t' || *s == '#') s++;
    char *k = s;
    while (*s && (isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.')) s++;
    if (s == k) return 0;
    char key[32];
    snprintf(key, sizeof key, "%.*s", (int)(s - k), k);
    while (*s == ' ' || *s == '\t') s++;
    if (*s == ':' || *s == '=') s++;
    while (*s == ' ' || *s == '\t') s++;
    size_t len = strlen(s);
    while (len > 0 && isspace((unsigned char)s[len - 1])) s[--len] = '\0';
    for (char *c = key; *c; c++) *c = (char)tolower((unsigned char)*c);
    if (!strcmp(key, "dim")) {
        char *end;
        long d = strtol(s, &end, 10);
        if (*end || end == s || d < 2 || d > AK_MAX_DIM)
            return fail(p, "metadata 'dim': expected an integer from 2 to %d, found '%s'",
                        AK_MAX_DIM, s);
        t->dim = (int)d;
    } else if (!strcmp(key, "timestep")) {
        double v;
        if (!parse_double(s, &v) || !isfinite(v) || v <= 0)
            return fail(p, "metadata 'timestep': expected a positive number, found '%s'", s);
        t->timestep = v;
    }
    set_meta(t, key, s);
    return 0;
}

typedef struct growbuf {
    void *data;
    size_t n, cap, elem;
} growbuf;

static void *grow(growbuf *g, size_t add) {
    if (g->n + add > g->cap) {
        size_t cap = g->cap ? g->cap : 256;
        while (cap < g->n + add) cap *= 2;
        void *d = realloc(g->data, cap * g->elem);
        if (!d) return NULL;
        g->data = d;
        g->cap = cap;
    }
    void *r = (char *)g->data + g->n * g->elem;
    g->n += add;
    return r;
}

void ak_tracefile_convert_row(int dim, int rot_mode, int w_mode, const double *raw, double *st) {
    int n = dim, ne = ak_nd_neven(n), nb = ak_nd_nbiv(n), k = 0, o = 0;
    for (; k < 2 * n; k++) st[o++] = raw[k];
    if (rot_mode == 1) { // quaternion (w, x, y, z) -> (r, r_xy, r_xz, r_yz) = (w, -z, y, -x)
        st[o++] = raw[k], st[o++] = -raw[k + 3], st[o++] = raw[k + 2], st[o++] = -raw[k + 1];
        k += 4;
    } else if (rot_mode == 2) { // angle th (x towards y) -> (cos th/2, -sin th/2)
        st[o++] = cos(0.5 * raw[k]), st[o++] = -sin(0.5 * raw[k]);
        k += 1;
    } else
        for (int j = 0; j < ne; j++) st[o++] = raw[k++];
    if (w_mode == 1) { // axis vector (wx, wy, wz) -> (w_xy, w_xz, w_yz) = (wz, -wy, wx)
        st[o++] = raw[k + 2], st[o++] = -raw[k + 1], st[o++] = raw[k];
    } else if (w_mode == 2)
        st[o++] = raw[k];
    else
        for (int j = 0; j < nb; j++) st[o++] = raw[k++];
}

int ak_tracefile_parse(const char *text, const char *name, ak_tracefile *t, char *err,
                       size_t errlen) {
    memset(t, 0, sizeof *t);
    t->timestep = NAN;
    snprintf(t->path, sizeof t->path, "%s", name ? name : "(trace)");
    parser p = { t->path, err, errlen, 0 };
    char *buf = strdup(text ? text : "");
    char **fields = malloc(MAX_FIELDS * sizeof *fields);
    growbuf steps = { .elem = sizeof(long) }, times = { .elem = sizeof(double) };
    growbuf state = { .elem = sizeof(double) }, extra = { .elem = sizeof(double) };
    int *seen = NULL;
    int rc = -1, ncols = 0, ncore = 0;
    char core[MAX_FIELDS][AK_TRACEFILE_NAME_MAX];
    bool header = false;
    long cur_step = -1;
    double cur_t = -INFINITY;
    int nin_step = 0; // bodies listed so far in the current step
    long first_step_end = -1;
    growbuf names = { .elem = AK_TRACEFILE_NAME_MAX };
    if (!buf || !fields) {
        fail(&p, "out of memory");
        goto done;
    }
    char *next = buf;
    // a UTF-8 byte order mark (spreadsheet programs and some Windows editors write one)
    if (next && !strncmp(next, "\xEF\xBB\xBF", 3)) next += 3;
    int rot_mode = 0,
        w_mode = 0; // 0: rotor / bivector columns; 1: quaternion / axis vector; 2: angle / omega
    int ncf = 0;    // core columns in the file (3 + 2 dim + rotor block + angular velocity block)
    char fcore[MAX_FIELDS][AK_TRACEFILE_NAME_MAX];
    while (next) {
        char *line = next;
        char *nl = strchr(line, '\n');
        if (nl) {
            *nl = '\0';
            next = nl + 1;
        } else
            next = NULL;
        p.line++;
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] == '\r') line[--len] = '\0';
        bool blank = true;
        for (char *c = line; *c; c++)
            if (!isspace((unsigned char)*c)) blank = false;
        if (blank) continue;
        if (line[0] == '#') {
            if (!header && parse_meta(&p, t, line)) goto done;
            continue;
        }
        if (!header) { // the header row: check metadata first, then the columns
            if (strcmp(t->format, "anakata-trace/1") != 0) {
                fail(&p,
                     t->format[0] ? "metadata 'format' is '%s', expected 'anakata-trace/1'"
                                  : "%sno '# format: anakata-trace/1' line before the header",
                     t->format);
                goto done;
            }
            if (t->dim == 0) {
                fail(&p,
                     "no '# dim: N' line before the header (the dimension decides the columns)");
                goto done;
            }
            t->nbiv = ak_nd_nbiv(t->dim);
            t->neven = ak_nd_neven(t->dim);
            t->nstate = 2 * t->dim + t->neven + t->nbiv;
            ncore = 3 + t->nstate;
            char hdr[4096];
            if (ak_tracefile_header(t->dim, hdr, sizeof hdr)) {
                fail(&p, "internal: header too long");
                goto done;
            }
            char *want[MAX_FIELDS];
            split(hdr, want, MAX_FIELDS);
            for (int i = 0; i < ncore; i++) snprintf(core[i], sizeof core[i], "%s", want[i]);
            ncols = split(line, fields, MAX_FIELDS);
            if (ncols > MAX_FIELDS) {
                fail(&p, "header has %d columns; at most %d are supported", ncols, MAX_FIELDS);
                goto done;
            }
            // step, t, body, x, v: as the contract names them; then the rotor block (r, r_<blades>;
            // dim 3 also qw,qx,qy,qz; dim 2 also angle) and the angular velocity block (w_<planes>;
            // dim 3 also wx,wy,wz; dim 2 also omega): docs/conventions.md gives the mappings
            const int nlin = 3 + 2 * t->dim;
            static const char *const quat[4] = { "qw", "qx", "qy", "qz" }, *const axis[3] = {
                "wx", "wy", "wz"
            };
            int pos = 0;
            for (int i = 0; i < nlin; i++, pos++) {
                if (i >= ncols) {
                    fail(&p,
                         "header ends after %d columns; column %d should be '%s' (dim %d needs %d "
                         "core columns)",
                         ncols, i + 1, core[i], t->dim, ncore);
                    goto done;
                }
                if (strcmp(fields[i], core[i]) != 0) {
                    fail(&p,
                         "header column %d is '%s', expected '%s' (dim %d: the core columns are "
                         "step,t,body,"
                         "x0..x%d,v0..v%d,r,r_<even blades>,w_<bivectors>)",
                         i + 1, fields[i], core[i], t->dim, t->dim - 1, t->dim - 1);
                    goto done;
                }
                snprintf(fcore[pos], sizeof fcore[pos], "%s", core[i]);
            }
            for (int blk = 0; blk < 2; blk++) {
                const int c0 = blk == 0 ? nlin : nlin + t->neven,
                          cn = blk == 0 ? t->neven : t->nbiv;
                const char *first = pos < ncols ? fields[pos] : "";
                int mode = 0, width = cn;
                if (t->dim == 3 && !strcmp(first, blk == 0 ? "qw" : "wx"))
                    mode = 1, width = blk == 0 ? 4 : 3;
                else if (t->dim == 2 && !strcmp(first, blk == 0 ? "angle" : "omega"))
                    mode = 2, width = 1;
                for (int j = 0; j < width; j++, pos++) {
                    const char *want = mode == 0   ? core[c0 + j]
                                       : mode == 2 ? (blk == 0 ? "angle" : "omega")
                                       : blk == 0  ? quat[j]
                                                   : axis[j];
                    const char *alt = t->dim == 3 ? (blk == 0 ? " or qw,qx,qy,qz" : " or wx,wy,wz")
                                      : t->dim == 2 ? (blk == 0 ? " or angle" : " or omega")
                                                    : "";
                    if (pos >= ncols) {
                        fail(&p,
                             "header ends after %d columns; column %d should be '%s' (dim %d: %s "
                             "columns %s%s)",
                             ncols, pos + 1, want, t->dim, blk == 0 ? "rotor" : "angular velocity",
                             blk == 0 ? "r,r_<even blades>" : "w_<bivectors>", alt);
                        goto done;
                    }
                    if (strcmp(fields[pos], want) != 0) {
                        fail(&p,
                             "header column %d is '%s', expected '%s' (dim %d: the core columns "
                             "are step,t,body,"
                             "x0..x%d,v0..v%d, then %s%s)",
                             pos + 1, fields[pos], want, t->dim, t->dim - 1, t->dim - 1,
                             blk == 0 ? "the rotor r,r_<even blades>"
                                      : "the angular velocity w_<bivectors>",
                             alt);
                        goto done;
                    }
                    snprintf(fcore[pos], sizeof fcore[pos], "%s", want);
                }
                if (blk == 0)
                    rot_mode = mode;
                else
                    w_mode = mode;
            }
            ncf = pos;
            if (rot_mode || w_mode)
                snprintf(t->columns, sizeof t->columns, "%s%s%s, converted (docs/conventions.md)",
                         rot_mode == 1   ? "quaternion qw,qx,qy,qz"
                         : rot_mode == 2 ? "angle"
                                         : "",
                         rot_mode && w_mode ? " and " : "",
                         w_mode == 1   ? "axis-vector wx,wy,wz"
                         : w_mode == 2 ? "scalar omega"
                                       : "");
            ncore = ncf;
            t->nextra = ncols - ncore;
            t->extra_name = calloc((size_t)(t->nextra > 0 ? t->nextra : 1), sizeof *t->extra_name);
            if (!t->extra_name) {
                fail(&p, "out of memory");
                goto done;
            }
            for (int i = 0; i < t->nextra; i++) {
                const char *nm = fields[ncore + i];
                if (!*nm) {
                    fail(&p, "header column %d has an empty name", ncore + i + 1);
                    goto done;
                }
                for (int j = 0; j < ncore + i; j++)
                    if (!strcmp(j < ncore ? fcore[j] : t->extra_name[j - ncore], nm)) {
                        fail(&p, "header column %d '%s' repeats column %d", ncore + i + 1, nm,
                             j + 1);
                        goto done;
                    }
                snprintf(t->extra_name[i], AK_TRACEFILE_NAME_MAX, "%s", nm);
            }
            header = true;
            continue;
        }
        int nf = split(line, fields, MAX_FIELDS);
        if (nf != ncols) {
            fail(&p, "%d fields, the header has %d columns", nf, ncols);
            goto done;
        }
        double stepv;
        if (!parse_double(fields[0], &stepv) || stepv < 0 || stepv != floor(stepv) ||
            stepv > 9e15) {
            fail(&p, "column 'step' (field 1): expected a non-negative integer, found '%s'",
                 fields[0]);
            goto done;
        }
        double tv;
        if (!parse_double(fields[1], &tv) || !isfinite(tv)) {
            fail(&p, "column 't' (field 2): not a finite number: '%s'", fields[1]);
            goto done;
        }
        const char *body = fields[2];
        if (!*body) {
            fail(&p, "column 'body' (field 3): empty body name");
            goto done;
        }
        long sv = (long)stepv;
        bool new_step = sv != cur_step;
        if (new_step) {
            if (cur_step >= 0 && sv < cur_step) {
                fail(&p,
                     "column 'step' (field 1): step %ld after step %ld: steps must increase (rows "
                     "of a step "
                     "are consecutive)",
                     sv, cur_step);
                goto done;
            }
            if (cur_step >= 0 && nin_step != t->nbody) {
                for (int b = 0; b < t->nbody; b++)
                    if (!seen[b]) {
                        p.line--; // the missing body belongs to the step that just ended
                        fail(&p,
                             "step %ld (ending here) has no row for body '%s' (every step must "
                             "list the "
                             "%d bodies of the first step)",
                             cur_step, ((char(*)[AK_TRACEFILE_NAME_MAX])names.data)[b], t->nbody);
                        break;
                    }
                goto done;
            }
            if (tv < cur_t) {
                fail(&p,
                     "column 't' (field 2): t = %.17g at step %ld is before t = %.17g of step %ld",
                     tv, sv, cur_t, cur_step);
                goto done;
            }
            if (cur_step >= 0 && first_step_end < 0) {
                first_step_end = t->nsteps;
                t->body = names.data;
                seen = calloc((size_t)t->nbody, sizeof *seen);
                if (!seen) {
                    fail(&p, "out of memory");
                    goto done;
                }
            }
            if (seen) memset(seen, 0, (size_t)t->nbody * sizeof *seen);
            cur_step = sv;
            cur_t = tv;
            nin_step = 0;
            long *sp = grow(&steps, 1);
            double *tp = grow(&times, 1);
            if (!sp || !tp) {
                fail(&p, "out of memory");
                goto done;
            }
            *sp = sv;
            *tp = tv;
            t->nsteps++;
            if (t->nsteps > 1) {
                double *st = grow(&state, (size_t)t->nbody * (size_t)t->nstate);
                double *ex =
                    t->nextra ? grow(&extra, (size_t)t->nbody * (size_t)(t->nextra)) : NULL;
                if (!st || (t->nextra && !ex)) {
                    fail(&p, "out of memory");
                    goto done;
                }
            }
        } else if (tv != cur_t) {
            fail(&p,
                 "column 't' (field 2): t = %.17g differs from t = %.17g in the other rows of step "
                 "%ld",
                 tv, cur_t, sv);
            goto done;
        }
        int b;
        if (t->nsteps == 1) { // the first step defines the bodies
            for (b = 0; b < t->nbody; b++)
                if (!strcmp(((char(*)[AK_TRACEFILE_NAME_MAX])names.data)[b], body)) {
                    fail(&p, "column 'body' (field 3): body '%s' appears twice in step %ld", body,
                         sv);
                    goto done;
                }
            char *nm = grow(&names, 1);
            double *st = grow(&state, (size_t)t->nstate);
            double *ex = t->nextra ? grow(&extra, (size_t)t->nextra) : NULL;
            if (!nm || !st || (t->nextra && !ex)) {
                fail(&p, "out of memory");
                goto done;
            }
            snprintf(nm, AK_TRACEFILE_NAME_MAX, "%s", body);
            b = t->nbody++;
        } else {
            for (b = 0; b < t->nbody; b++)
                if (!strcmp(t->body[b], body)) break;
            if (b == t->nbody) {
                fail(&p,
                     "column 'body' (field 3): body '%s' is not one of the %d bodies of the first "
                     "step",
                     body, t->nbody);
                goto done;
            }
            if (seen[b]) {
                fail(&p, "column 'body' (field 3): body '%s' appears twice in step %ld", body, sv);
                goto done;
            }
            seen[b] = 1;
        }
        nin_step++;
        double *st = (double *)state.data +
                     ((size_t)(t->nsteps - 1) * (size_t)t->nbody + (size_t)b) * (size_t)t->nstate;
        if (t->nsteps == 1) st = (double *)state.data + (size_t)b * (size_t)t->nstate;
        double raw[MAX_FIELDS];
        for (int k = 0; k < ncf - 3; k++) {
            const char *f = fields[3 + k];
            if (!parse_double(f, &raw[k]) || !isfinite(raw[k])) {
                fail(&p, "column '%s' (field %d), body '%s': %s: '%s'", fcore[3 + k], 4 + k, body,
                     *f ? "not a finite number" : "empty", f);
                goto done;
            }
        }
        if (rot_mode ==
            1) { // a unit quaternion: |q| = 1 (a scaled one is no rotation of the contract)
            const double *qv = raw + 2 * t->dim;
            double qn = sqrt(qv[0] * qv[0] + qv[1] * qv[1] + qv[2] * qv[2] + qv[3] * qv[3]);
            if (!(fabs(qn - 1) <= AK_TRACE_QUAT_NORM_TOL)) {
                fail(&p,
                     "columns 'qw,qx,qy,qz' (fields %d-%d), body '%s': the quaternion has norm "
                     "%.9g, a unit "
                     "quaternion's is 1 (within %g): normalise it before writing",
                     4 + 2 * t->dim, 7 + 2 * t->dim, body, qn, AK_TRACE_QUAT_NORM_TOL);
                goto done;
            }
        }
        ak_tracefile_convert_row(t->dim, rot_mode, w_mode, raw, st);
        for (int k = 0; k < t->nextra; k++) {
            double *e = (double *)extra.data +
                        (t->nsteps == 1 ? (size_t)b * (size_t)t->nextra
                                        : ((size_t)(t->nsteps - 1) * (size_t)t->nbody + (size_t)b) *
                                              (size_t)t->nextra) +
                        (size_t)k;
            if (!parse_double(fields[ncore + k], e)) *e = NAN;
        }
    }
    if (!header) {
        fail(&p, t->format[0] ? "no header row"
                              : "empty trace: no '# format: anakata-trace/1' line and no header");
        goto done;
    }
    if (t->nsteps == 0) {
        fail(&p, "no data rows after the header");
        goto done;
    }
    if (t->nsteps > 1 && nin_step != t->nbody) {
        for (int b = 0; b < t->nbody; b++)
            if (!seen[b]) {
                fail(&p,
                     "the last step %ld has no row for body '%s' (every step must list the %d "
                     "bodies of the "
                     "first step)",
                     cur_step, t->body[b], t->nbody);
                goto done;
            }
    }
    t->body = names.data;
    names.data = NULL;
    t->step = steps.data;
    steps.data = NULL;
    t->t = times.data;
    times.data = NULL;
    t->state = state.data;
    state.data = NULL;
    t->extra = extra.data;
    extra.data = NULL;
    rc = 0;
done:
    free(seen);
    free(fields);
    free(buf);
    free(steps.data);
    free(times.data);
    free(state.data);
    free(extra.data);
    if (rc != 0) {
        if (t->body == names.data) t->body = NULL;
        free(names.data);
        free(t->extra_name);
        memset(t, 0, sizeof *t);
    }
    return rc;
}

int ak_tracefile_read(const char *path, ak_tracefile *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    char *text = ak_read_file(path, NULL);
    if (!text) {
        if (err) snprintf(err, errlen, "%s: cannot read the trace", path ? path : "(null)");
        return -1;
    }
    int rc = ak_tracefile_parse(text, path, out, err, errlen);
    free(text);
    return rc;
}

void ak_tracefile_free(ak_tracefile *t) {
    free(t->body);
    free(t->extra_name);
    free(t->step);
    free(t->t);
    free(t->state);
    free(t->extra);
    memset(t, 0, sizeof *t);
}

static const double *row(const ak_tracefile *t, long s, int b) {
    return t->state + ((size_t)s * (size_t)t->nbody + (size_t)b) * (size_t)t->nstate;
}
const double *ak_tracefile_x(const ak_tracefile *t, long s, int b) { return row(t, s, b); }
const double *ak_tracefile_v(const ak_tracefile *t, long s, int b) { return row(t, s, b) + t->dim; }
const double *ak_tracefile_R(const ak_tracefile *t, long s, int b) {
    return row(t, s, b) + 2 * t->dim;
}
const double *ak_tracefile_w(const ak_tracefile *t, long s, int b) {
    return row(t, s, b) + 2 * t->dim + t->neven;
}

int ak_tracefile_body(const ak_tracefile *t, const char *name) {
    for (int b = 0; b < t->nbody; b++)
        if (!strcmp(t->body[b], name)) return b;
    return -1;
}
int ak_tracefile_extra_col(const ak_tracefile *t, const char *name) {
    for (int k = 0; k < t->nextra; k++)
        if (!strcmp(t->extra_name[k], name)) return k;
    return -1;
}
double ak_tracefile_extra(const ak_tracefile *t, long s, int b, int c) {
    return t->extra[((size_t)s * (size_t)t->nbody + (size_t)b) * (size_t)t->nextra + (size_t)c];
}
const char *ak_tracefile_meta(const ak_tracefile *t, const char *key) {
    for (int i = 0; i < t->nmeta; i++)
        if (!strcmp(t->meta_key[i], key)) return t->meta_value[i];
    return NULL;
}

int ak_tracefile_write(const char *path, const ak_tracefile *t, const unsigned char *keep) {
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    bool has_format = false;
    for (int i = 0; i < t->nmeta; i++) {
        fprintf(f, "# %s: %s\n", t->meta_key[i], t->meta_value[i]);
        has_format = has_format || !strcmp(t->meta_key[i], "format");
    }
    if (!has_format) fprintf(f, "# format: anakata-trace/1\n# dim: %d\n", t->dim);
    char hdr[4096];
    ak_tracefile_header(t->dim, hdr, sizeof hdr);
    fputs(hdr, f);
    for (int k = 0; k < t->nextra; k++) fprintf(f, ",%s", t->extra_name[k]);
    fputc('\n', f);
    for (long s = 0; s < t->nsteps; s++) {
        if (keep && !keep[s]) continue;
        for (int b = 0; b < t->nbody; b++) {
            fprintf(f, "%ld,%.17g,%s", t->step[s], t->t[s], t->body[b]);
            const double *st = ak_tracefile_x(t, s, b);
            for (int k = 0; k < t->nstate; k++) fprintf(f, ",%.17g", st[k]);
            for (int k = 0; k < t->nextra; k++) {
                double v = ak_tracefile_extra(t, s, b, k);
                if (isnan(v))
                    fputc(',', f);
                else
                    fprintf(f, ",%.17g", v);
            }
            fputc('\n', f);
        }
    }
    return fclose(f) == 0 ? 0 : -1;
}

long ak_tracefile_downsample(const ak_tracefile *t, double dense_until, int every,
                             unsigned char *keep) {
    long n = 0, since = 0;
    if (every < 1) every = 1;
    for (long s = 0; s < t->nsteps; s++) {
        bool k = t->t[s] <= t->t[0] + dense_until + 1e-12 || s == t->nsteps - 1 || ++since >= every;
        if (k && t->t[s] > t->t[0] + dense_until + 1e-12) since = 0;
        keep[s] = k;
        n += k;
    }
    return n;
}
