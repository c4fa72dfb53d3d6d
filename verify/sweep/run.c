// Running a sweep (run.h): threads, checkpoint, progress, CSV in sample order.
#include "verify/sweep/run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/model.h"
#include "verify/sweep/experiments.h"

#define ROW_MAX 2048
#define CKPT_MAGIC "anakata-sweep-checkpoint/1"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int put(char *buf, size_t len, size_t *k, const char *fmt, double x) {
    char t[40];
    if (isnan(x))
        snprintf(t, sizeof t, "nan");
    else if (isinf(x))
        snprintf(t, sizeof t, x > 0 ? "inf" : "-inf");
    else
        snprintf(t, sizeof t, fmt, x);
    size_t l = strlen(t);
    if (*k + l + 2 >= len) return -1;
    memcpy(buf + *k, t, l);
    *k += l;
    return 0;
}

int ak_sweep_header(const ak_sweep_spec *s, char *buf, size_t len) {
    size_t k = 0;
    int w = snprintf(buf, len, "sample");
    if (w < 0 || (size_t)w >= len) return -1;
    k = (size_t)w;
    for (int p = 0; p < s->nparam; p++) {
        w = snprintf(buf + k, len - k, ",%s", s->params[p].name);
        if (w < 0 || (size_t)w >= len - k) return -1;
        k += (size_t)w;
    }
    for (int j = 0; j < s->nmetric; j++) {
        w = snprintf(buf + k, len - k, ",%s", ak_sweep_metric_name(s->metrics[j]));
        if (w < 0 || (size_t)w >= len - k) return -1;
        k += (size_t)w;
    }
    return (int)k;
}

int ak_sweep_format_row(const ak_sweep_spec *s, long i, const double m[], char *buf, size_t len) {
    int w = snprintf(buf, len, "%ld", i);
    if (w < 0 || (size_t)w >= len) return -1;
    size_t k = (size_t)w;
    for (int p = 0; p < s->nparam; p++) {
        buf[k++] = ',';
        double x = ak_sweep_param_value(s, i, p);
        if (s->params[p].is_string) {
            const ak_sweep_param *pp = &s->params[p];
            const char *name = "?";
            for (int q = 0; q < pp->count; q++)
                if (pp->values[q] == x) name = pp->names[q];
            size_t l = strlen(name);
            if (k + l + 2 >= len) return -1;
            memcpy(buf + k, name, l);
            k += l;
        } else if (put(buf, len, &k, "%.10g", x)) {
            return -1;
        }
    }
    for (int j = 0; j < s->nmetric; j++) {
        buf[k++] = ',';
        if (put(buf, len, &k, "%.10g", m[j])) return -1;
    }
    buf[k] = '\0';
    return (int)k;
}

static uint32_t crc(long i, const char *row, size_t len) {
    uint32_t h = 2166136261u;
    for (int b = 0; b < 8; b++)
        h = (h ^ (uint32_t)((unsigned long)i >> (8 * b) & 0xff)) * 16777619u;
    for (size_t q = 0; q < len; q++) h = (h ^ (unsigned char)row[q]) * 16777619u;
    return h;
}

// ---------------------------------------------------------------------------------------------
// checkpoint

typedef struct results {
    long n;
    char **row; ///< n entries, NULL when not done
} results;

static void header_line(const ak_sweep_spec *s, char *buf, size_t len) {
    snprintf(buf, len, CKPT_MAGIC " %016llx %ld\n", (unsigned long long)s->hash, s->nsamples);
}

// Read one checkpoint part; fills r. *valid receives the length of its valid prefix (0 when
// the header is missing or cut). Returns 0, or 2 with err (another spec).
static int read_part(const ak_sweep_spec *s, const char *path, results *r, off_t *valid, char *err,
                     size_t errlen) {
    *valid = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char want[128];
    header_line(s, want, sizeof want);
    char *line = NULL;
    size_t cap = 0;
    ssize_t got = getline(&line, &cap, f);
    int rc = 0;
    if (got > 0 && line[got - 1] == '\n') {
        if (strcmp(line, want) != 0) {
            if (strncmp(line, CKPT_MAGIC " ", strlen(CKPT_MAGIC) + 1) == 0) {
                snprintf(
                    err, errlen,
                    "%s: checkpoint of another sweep spec (or another version of %s); remove it or "
                    "give another --checkpoint",
                    path, s->file);
            } else {
                snprintf(err, errlen,
                         "%s: not a sweep checkpoint (expected a first line '" CKPT_MAGIC " ...')",
                         path);
            }
            rc = 2;
        } else {
            off_t pos = got;
            *valid = pos;
            while ((got = getline(&line, &cap, f)) > 0) {
                pos += got;
                if (line[got - 1] != '\n') break; // cut by a kill
                char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
                if (!t1 || !t2) continue;
                char *end;
                errno = 0;
                long i = strtol(line, &end, 10);
                if (end != t1 || errno || i < 0 || i >= s->nsamples) continue;
                unsigned long c = strtoul(t2 + 1, &end, 16);
                if (*end != '\n' || (uint32_t)c != crc(i, t1 + 1, (size_t)(t2 - t1 - 1))) continue;
                *valid = pos;
                if (r->row[i]) continue; // the same sample twice (two runs at once): keep one
                r->row[i] = strndup(t1 + 1, (size_t)(t2 - t1 - 1));
            }
        }
    }
    free(line);
    fclose(f);
    return rc;
}

static void part_path(const char *base, int rank, char *out, size_t len) {
    if (rank == 0)
        snprintf(out, len, "%s", base);
    else
        snprintf(out, len, "%s.%d", base, rank);
}

// Read every part: base and base.<digits> in base's directory.
static int read_checkpoint(const ak_sweep_spec *s, const char *base, results *r, int rank,
                           off_t *own_valid, char *err, size_t errlen) {
    char dir[1024], name[512];
    snprintf(dir, sizeof dir, "%s", base);
    char *slash = strrchr(dir, '/');
    if (slash) {
        snprintf(name, sizeof name, "%s", slash + 1);
        if (slash == dir)
            dir[1] = '\0';
        else
            *slash = '\0';
    } else {
        snprintf(name, sizeof name, "%s", base);
        snprintf(dir, sizeof dir, ".");
    }
    *own_valid = 0;
    off_t v;
    int rc = read_part(s, base, r, &v, err, errlen);
    if (rc) return rc;
    if (rank == 0) *own_valid = v;
    DIR *dd = opendir(dir);
    if (!dd) return 0;
    struct dirent *e;
    size_t nl = strlen(name);
    while ((e = readdir(dd))) {
        if (strncmp(e->d_name, name, nl) || e->d_name[nl] != '.' || !e->d_name[nl + 1]) continue;
        const char *q = e->d_name + nl + 1;
        bool digits = true;
        for (const char *c = q; *c; c++) digits &= *c >= '0' && *c <= '9';
        if (!digits || strlen(q) > 6) continue;
        char p[1600];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        rc = read_part(s, p, r, &v, err, errlen);
        if (rc) break;
        if (atoi(q) == rank) *own_valid = v;
    }
    closedir(dd);
    return rc;
}

// ---------------------------------------------------------------------------------------------

static void progress(long done, long total, double t0, long base) {
    double el = now() - t0, rate = (double)(done - base) / fmax(el, 1e-9);
    double eta = rate > 0 ? (double)(total - done) / rate : NAN;
    fprintf(stderr, "\rsweep: %ld/%ld samples (%.1f%%), %.1f s elapsed, ETA %s%.0f s   ", done,
            total, 100.0 * (double)done / (double)total, el, isnan(eta) ? "~" : "",
            isnan(eta) ? 0.0 : eta);
    fflush(stderr);
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w, n -= (size_t)w;
    }
    return 0;
}

int ak_sweep_run(const ak_sweep_spec *s, const ak_sweep_run_opts *o, ak_sweep_run_stats *st,
                 char *err, size_t errlen) {
    int rank = o->comm ? o->comm->rank : 0, size = o->comm ? o->comm->size : 1;
    memset(st, 0, sizeof *st);
    st->total = s->nsamples;
    results r = { s->nsamples, calloc((size_t)s->nsamples, sizeof(char *)) };
    if (!r.row) {
        snprintf(err, errlen, "out of memory for %ld samples", s->nsamples);
        return -1;
    }
    int rc = 0, fd = -1;
    off_t own_valid = 0;
    char own[1100] = "";
    if (o->checkpoint) {
        rc = read_checkpoint(s, o->checkpoint, &r, rank, &own_valid, err, errlen);
        if (o->comm) rc = o->comm->max_int(rc);
        if (rc && !err[0])
            snprintf(err, errlen, "%s: checkpoint rejected by another process", o->checkpoint);
    }
    if (o->comm) o->comm->barrier(); // everyone has read before anyone appends
    if (!rc && o->checkpoint) {
        part_path(o->checkpoint, rank, own, sizeof own);
        fd = open(own, O_WRONLY | O_CREAT, 0644);
        if (fd < 0 || ftruncate(fd, own_valid) != 0 || lseek(fd, 0, SEEK_END) < 0) {
            snprintf(err, errlen, "%s: cannot write the checkpoint: %s", own, strerror(errno));
            rc = 2;
        } else if (own_valid == 0) {
            char h[128];
            header_line(s, h, sizeof h);
            if (write_all(fd, h, strlen(h))) {
                snprintf(err, errlen, "%s: cannot write the checkpoint: %s", own, strerror(errno));
                rc = 2;
            }
        }
        if (o->comm) {
            int all = o->comm->max_int(rc);
            if (all && !rc)
                snprintf(err, errlen, "%s: another process could not write its checkpoint part",
                         own);
            rc = all;
        }
    }
    // this process's share of the samples still to do
    long npend = 0, nmine = 0;
    for (long i = 0; i < s->nsamples; i++) st->resumed += r.row[i] != NULL;
    long *mine = malloc(sizeof(long) * (size_t)(s->nsamples - st->resumed + 1));
    char **myrow = calloc((size_t)(s->nsamples - st->resumed + 1), sizeof(char *));
    if (!mine || !myrow) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    for (long i = 0; !rc && i < s->nsamples; i++)
        if (!r.row[i]) {
            if (npend % size == rank) mine[nmine++] = i;
            npend++;
        }
    double t0 = now(), last = 0;
    long done = 0;
    int failed = 0;
    char ferr[AK_ERR_MAX + 64] = "";
#ifdef _OPENMP
    if (o->threads > 0) omp_set_num_threads(o->threads);
#endif
    if (!rc) {
#pragma omp parallel for schedule(dynamic, 1)
        for (long j = 0; j < nmine; j++) {
            int stop;
#pragma omp atomic read
            stop = failed;
            if (stop) continue;
            long i = mine[j];
            double m[AK_SWEEP_MAX_METRICS];
            char row[ROW_MAX + 32], e2[AK_ERR_MAX - 64];
            int len = -1;
            if (ak_sweep_eval(s, i, m, e2, sizeof e2) == 0)
                len = ak_sweep_format_row(s, i, m, row, ROW_MAX);
            else
                len = -2;
#pragma omp critical(sweep_out)
            {
                if (len < 0) {
                    if (!failed) {
                        if (len == -2)
                            snprintf(ferr, sizeof ferr, "sample %ld: %s", i, e2);
                        else
                            snprintf(ferr, sizeof ferr, "sample %ld: row longer than %d bytes", i,
                                     ROW_MAX);
                    }
#pragma omp atomic write
                    failed = 1;
                } else {
                    myrow[j] = strdup(row);
                    if (fd >= 0) {
                        char line[ROW_MAX + 64];
                        int l = snprintf(line, sizeof line, "%ld\t%s\t%08x\n", i, row,
                                         crc(i, row, (size_t)len));
                        if (l > 0 && write_all(fd, line, (size_t)l)) {
                            snprintf(ferr, sizeof ferr, "%s: checkpoint write failed: %s", own,
                                     strerror(errno));
#pragma omp atomic write
                            failed = 1;
                        }
                    }
                    done++;
                    if (o->progress && rank == 0 && now() - last > 0.5) {
                        last = now();
                        progress(st->resumed + done * size, s->nsamples, t0, st->resumed);
                    }
                }
            }
        }
    }
    st->computed = done;
    st->seconds = now() - t0;
    if (o->progress && rank == 0 && !rc) {
        progress(st->resumed + done * size > s->nsamples ? s->nsamples : st->resumed + done * size,
                 s->nsamples, t0, st->resumed);
        fputc('\n', stderr);
    }
    if (fd >= 0) close(fd);
    if (!rc && failed) {
        snprintf(err, errlen, "%s", ferr);
        rc = -1;
    }
    if (o->comm) {
        int all = o->comm->max_int(rc == -1 ? 3 : rc);
        if (all && !rc) snprintf(err, errlen, "another process failed (its message is above)");
        rc = all == 3 ? -1 : all;
    }
    // gather to rank 0
    if (!rc && o->comm && size > 1) {
        size_t len = 0;
        for (long j = 0; j < nmine; j++) len += strlen(myrow[j]) + 1;
        char *text = malloc(len + 1), *q = text;
        for (long j = 0; text && j < nmine; j++) {
            size_t l = strlen(myrow[j]);
            memcpy(q, myrow[j], l);
            q[l] = '\n';
            q += l + 1;
        }
        long nall = 0, *idx_all = NULL;
        char *text_all = NULL;
        size_t len_all = 0;
        if (!text ||
            o->comm->gather(nmine, mine, text, len, &nall, &idx_all, &text_all, &len_all)) {
            snprintf(err, errlen, "gathering the rows failed");
            rc = -1;
        } else if (rank == 0) {
            char *p = text_all;
            for (long j = 0; j < nall; j++) {
                char *nl = memchr(p, '\n', len_all - (size_t)(p - text_all));
                if (!nl) break;
                free(r.row[idx_all[j]]);
                r.row[idx_all[j]] = strndup(p, (size_t)(nl - p));
                p = nl + 1;
            }
        }
        free(text);
        free(idx_all);
        free(text_all);
    } else if (!rc) {
        for (long j = 0; j < nmine; j++) r.row[mine[j]] = myrow[j], myrow[j] = NULL;
    }
    // rank 0 writes the CSV (to a temporary file, renamed when complete)
    if (!rc && rank == 0) {
        char tmp[1100];
        FILE *f = stdout;
        if (o->out) {
            snprintf(tmp, sizeof tmp, "%s.tmp%ld", o->out, (long)getpid());
            f = fopen(tmp, "wb");
            if (!f) {
                snprintf(err, errlen, "cannot open '%s' for writing: %s", o->out, strerror(errno));
                rc = 2;
            }
        }
        if (!rc) {
            char h[ROW_MAX];
            ak_sweep_header(s, h, sizeof h);
            fprintf(f, "%s\n", h);
            for (long i = 0; i < s->nsamples; i++) {
                if (!r.row[i]) {
                    snprintf(err, errlen, "sample %ld has no row (internal error)", i);
                    rc = -1;
                    break;
                }
                fprintf(f, "%s\n", r.row[i]);
            }
            if (o->out) {
                if (fclose(f) != 0 && !rc) {
                    snprintf(err, errlen, "cannot write '%s': %s", o->out, strerror(errno));
                    rc = 2;
                }
                if (!rc && rename(tmp, o->out) != 0) {
                    snprintf(err, errlen, "cannot write '%s': %s", o->out, strerror(errno));
                    rc = 2;
                }
                if (rc) unlink(tmp);
            } else {
                fflush(f);
            }
        }
    }
    for (long i = 0; i < s->nsamples; i++) free(r.row[i]);
    free(r.row);
    for (long j = 0; myrow && j < nmine; j++) free(myrow[j]);
    free(myrow);
    free(mine);
    return rc;
}

int ak_sweep_table(const ak_sweep_spec *s, int threads, double table[], char *err, size_t errlen) {
    int failed = 0;
    char ferr[AK_ERR_MAX + 64] = "";
#ifdef _OPENMP
    if (threads > 0) omp_set_num_threads(threads);
#else
    (void)threads;
#endif
#pragma omp parallel for schedule(dynamic, 1)
    for (long i = 0; i < s->nsamples; i++) {
        char e2[AK_ERR_MAX - 64];
        if (ak_sweep_eval(s, i, table + (size_t)i * (size_t)s->nmetric, e2, sizeof e2)) {
#pragma omp critical(sweep_table)
            {
                if (!failed) snprintf(ferr, sizeof ferr, "sample %ld: %s", i, e2);
                failed = 1;
            }
        }
    }
    if (failed) snprintf(err, errlen, "%s", ferr);
    return failed ? -1 : 0;
}
