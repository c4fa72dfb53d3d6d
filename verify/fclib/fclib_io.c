// FCLIB local problems in and out (see fclib_io.h and docs/fclib.md).
#include "verify/fclib/fclib_io.h"

#include <fclib.h>
#include <hdf5.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Largest count of any vector or matrix field we accept (entries): a dataset's extent can be
/// far larger than the file (HDF5 fill values), and libfclib allocates what it declares.
#define FCLIB_MAX_ENTRIES (1L << 27)

static int fail(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

// ---- writing ---------------------------------------------------------------------------------

// W as compressed rows: every entry of every block, the blocks of a row in ascending column order.
static int csr_of_blocks(const ak_contact_problem *p, int **rp, int **ci, double **x) {
    int n = p->dim, np = p->npoint, m = np * n;
    size_t nnz = (size_t)p->nblock * (size_t)n * (size_t)n;
    *rp = malloc(sizeof(int) * ((size_t)m + 1));
    *ci = malloc(sizeof(int) * (nnz ? nnz : 1));
    *x = malloc(sizeof(double) * (nnz ? nnz : 1));
    int *ord = malloc(sizeof(int) * (size_t)(p->nblock ? p->nblock : 1));
    if (!*rp || !*ci || !*x || !ord) {
        free(ord);
        return -1;
    }
    size_t at = 0;
    for (int i = 0; i < np; i++) {
        int s = p->row_start[i], e = p->row_start[i + 1], cnt = e - s;
        for (int z = 0; z < cnt; z++) ord[z] = s + z;
        for (int a = 1; a < cnt; a++) // insertion sort by column (rows have few blocks)
            for (int b = a; b > 0 && p->col[ord[b - 1]] > p->col[ord[b]]; b--) {
                int t = ord[b];
                ord[b] = ord[b - 1], ord[b - 1] = t;
            }
        for (int a = 0; a < n; a++) {
            (*rp)[i * n + a] = (int)at;
            for (int z = 0; z < cnt; z++) {
                const double *B = p->W + (size_t)ord[z] * (size_t)(n * n);
                for (int b = 0; b < n; b++) {
                    (*ci)[at] = p->col[ord[z]] * n + b;
                    (*x)[at] = B[a * n + b];
                    at++;
                }
            }
        }
    }
    (*rp)[m] = (int)at;
    free(ord);
    return 0;
}

static herr_t put(hid_t loc, const char *name, hid_t type, hsize_t count, const void *data) {
    hid_t sp = H5Screate_simple(1, &count, NULL);
    if (sp < 0) return -1;
    hid_t ds = H5Dcreate2(loc, name, type == H5T_NATIVE_INT ? H5T_STD_I32LE : H5T_IEEE_F64LE, sp,
                          H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = ds < 0 ? -1 : H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
    if (ds >= 0) H5Dclose(ds);
    H5Sclose(sp);
    return rc;
}

static herr_t put_string(hid_t loc, const char *name, const char *s) {
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, strlen(s) + 1);
    hid_t sp = H5Screate(H5S_SCALAR);
    hid_t ds = H5Dcreate2(loc, name, t, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = ds < 0 ? -1 : H5Dwrite(ds, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, s);
    if (ds >= 0) H5Dclose(ds);
    H5Sclose(sp);
    H5Tclose(t);
    return rc;
}

static hid_t group(hid_t loc, const char *name) {
    return H5Gcreate2(loc, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
}

// 4D and 5D: FCLIB's layout written here (libfclib's writer accepts only spacedim 2 and 3).
static int write_own(const char *path, const ak_contact_problem *p, const ak_fclib_info *info,
                     const int *rp, const int *ci, const double *x) {
    int n = p->dim, m = p->npoint * n, nzmax = rp[m], nz = -2;
    hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    if (f < 0) return -1;
    herr_t rc = 0;
    hid_t g = group(f, "/fclib_local");
    rc |= g < 0 ? -1 : put(g, "spacedim", H5T_NATIVE_INT, 1, &n);
    hid_t w = group(f, "/fclib_local/W");
    if (w < 0)
        rc = -1;
    else {
        rc |= put(w, "nzmax", H5T_NATIVE_INT, 1, &nzmax);
        rc |= put(w, "m", H5T_NATIVE_INT, 1, &m);
        rc |= put(w, "n", H5T_NATIVE_INT, 1, &m);
        rc |= put(w, "nz", H5T_NATIVE_INT, 1, &nz);
        rc |= put(w, "p", H5T_NATIVE_INT, (hsize_t)m + 1, rp);
        rc |= put(w, "i", H5T_NATIVE_INT, (hsize_t)nzmax, ci);
        rc |= put(w, "x", H5T_NATIVE_DOUBLE, (hsize_t)nzmax, x);
        H5Gclose(w);
    }
    hid_t v = group(f, "/fclib_local/vectors");
    if (v < 0)
        rc = -1;
    else {
        rc |= put(v, "q", H5T_NATIVE_DOUBLE, (hsize_t)m, p->q);
        rc |= put(v, "mu", H5T_NATIVE_DOUBLE, (hsize_t)p->npoint, p->mu);
        H5Gclose(v);
    }
    if (info) {
        hid_t in = group(f, "/fclib_local/info");
        if (in < 0)
            rc = -1;
        else {
            if (info->title) rc |= put_string(in, "title", info->title);
            if (info->description) rc |= put_string(in, "description", info->description);
            if (info->math_info) rc |= put_string(in, "math_info", info->math_info);
            H5Gclose(in);
        }
    }
    if (g >= 0) H5Gclose(g);
    hid_t s = group(f, "/solution");
    if (s < 0)
        rc = -1;
    else {
        rc |= put(s, "u", H5T_NATIVE_DOUBLE, (hsize_t)m, p->u);
        rc |= put(s, "r", H5T_NATIVE_DOUBLE, (hsize_t)m, p->r);
        H5Gclose(s);
    }
    if (H5Fclose(f) < 0) rc = -1;
    return rc < 0 ? -1 : 0;
}

int ak_fclib_write(const char *path, const ak_contact_problem *p, const ak_fclib_info *info,
                   char *err, size_t errlen) {
    int n = p->dim, m = p->npoint * n;
    if (p->npoint < 1)
        return fail(err, errlen, "%s: a problem with no contact points is not written", path);
    if ((double)p->nblock * n * n > (double)INT_MAX)
        return fail(err, errlen, "%s: W has more entries than FCLIB's int indices hold", path);
    int *rp, *ci;
    double *x;
    if (csr_of_blocks(p, &rp, &ci, &x)) {
        free(rp), free(ci), free(x);
        return fail(err, errlen, "%s: out of memory", path);
    }
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    // libfclib appends to an existing file (and refuses a second problem): start from none
    if (unlink(path) != 0 && access(path, F_OK) == 0) {
        free(rp), free(ci), free(x);
        return fail(err, errlen, "%s: cannot replace the existing file", path);
    }
    int rc;
    if (n == 2 || n == 3) {
        struct fclib_matrix W = {
            .nzmax = rp[m], .m = m, .n = m, .p = rp, .i = ci, .x = x, .nz = -2
        };
        struct fclib_info fi = { info ? (char *)info->title : NULL,
                                 info ? (char *)info->description : NULL,
                                 info ? (char *)info->math_info : NULL };
        struct fclib_local L = {
            .W = &W, .mu = p->mu, .q = p->q, .spacedim = n, .info = info ? &fi : NULL
        };
        struct fclib_solution S = { .u = p->u, .r = p->r };
        rc = fclib_write_local(&L, path) == 1 && fclib_write_solution(&S, path) == 1 ? 0 : -1;
    } else {
        rc = write_own(path, p, info, rp, ci, x);
    }
    free(rp), free(ci), free(x);
    return rc ? fail(err, errlen, "%s: writing the FCLIB problem failed", path) : 0;
}

// ---- the layout check ------------------------------------------------------------------------

typedef enum { K_INT, K_DOUBLE, K_STRING } kind;

// The dataset loc/name: exists, has the kind's class, and (numbers) exactly count entries
// (count < 0: any count, returned in *got). 0, or -1 with err naming file, field, expectation.
static int check_dataset(hid_t f, const char *path, const char *name, kind k, long count, long *got,
                         char *err, size_t errlen) {
    if (H5Lexists(f, name, H5P_DEFAULT) <= 0)
        return fail(err, errlen, "%s: field %s: missing (expected a dataset of %s)", path, name,
                    k == K_INT      ? "integers"
                    : k == K_DOUBLE ? "doubles"
                                    : "a string");
    H5O_info_t oi;
    if (H5Oget_info_by_name(f, name, &oi, H5P_DEFAULT) < 0 || oi.type != H5O_TYPE_DATASET)
        return fail(err, errlen, "%s: field %s: expected a dataset, found another kind of object",
                    path, name);
    hid_t ds = H5Dopen2(f, name, H5P_DEFAULT);
    if (ds < 0) return fail(err, errlen, "%s: field %s: cannot be opened", path, name);
    hid_t sp = H5Dget_space(ds), t = H5Dget_type(ds);
    int rc = 0;
    if (sp < 0 || t < 0) {
        rc = fail(err, errlen, "%s: field %s: unreadable dataspace or type", path, name);
    } else {
        H5T_class_t cl = H5Tget_class(t);
        int rank = H5Sget_simple_extent_ndims(sp);
        hssize_t npts = H5Sget_simple_extent_npoints(sp);
        if (k == K_STRING) {
            if (cl != H5T_STRING || H5Tis_variable_str(t) != 0 || rank != 0)
                rc = fail(err, errlen, "%s: field %s: expected a fixed-length string (scalar)",
                          path, name);
            else if (H5Tget_size(t) < 1 || H5Tget_size(t) > 65536)
                rc = fail(err, errlen, "%s: field %s: expected a string of 1 to 65536 bytes", path,
                          name);
        } else if (cl != (k == K_INT ? H5T_INTEGER : H5T_FLOAT) ||
                   H5Tget_size(t) != (k == K_INT ? 4u : 8u)) {
            rc = fail(err, errlen, "%s: field %s: expected %s", path, name,
                      k == K_INT ? "32-bit integers" : "64-bit floating-point numbers");
        } else if (rank != 1 || npts < 0 || npts > FCLIB_MAX_ENTRIES) {
            rc = fail(err, errlen,
                      "%s: field %s: expected a one-dimensional dataset of at most %ld entries",
                      path, name, FCLIB_MAX_ENTRIES);
        } else if (count >= 0 && npts != count) {
            rc = fail(err, errlen, "%s: field %s: expected %ld entries, found %lld", path, name,
                      count, (long long)npts);
        } else if (got) {
            *got = (long)npts;
        }
    }
    if (t >= 0) H5Tclose(t);
    if (sp >= 0) H5Sclose(sp);
    H5Dclose(ds);
    return rc;
}

static int read_int(hid_t f, const char *path, const char *name, int *v, char *err, size_t errlen) {
    if (check_dataset(f, path, name, K_INT, 1, NULL, err, errlen)) return -1;
    hid_t ds = H5Dopen2(f, name, H5P_DEFAULT);
    herr_t rc = H5Dread(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
    H5Dclose(ds);
    return rc < 0 ? fail(err, errlen, "%s: field %s: unreadable", path, name) : 0;
}

static int is_group(hid_t f, const char *name) {
    if (H5Lexists(f, name, H5P_DEFAULT) <= 0) return 0;
    H5O_info_t oi;
    return H5Oget_info_by_name(f, name, &oi, H5P_DEFAULT) >= 0 && oi.type == H5O_TYPE_GROUP ? 1
                                                                                            : -1;
}

static int need_group(hid_t f, const char *path, const char *name, char *err, size_t errlen) {
    int g = is_group(f, name);
    if (g == 1) return 0;
    return fail(err, errlen, "%s: field %s: %s", path, name,
                g == 0 ? "missing (expected a group)" : "expected a group");
}

static int check_open(hid_t f, const char *path, char *err, size_t errlen, int *spacedim) {
    if (need_group(f, path, "/fclib_local", err, errlen)) {
        if (is_group(f, "/fclib_global") == 1)
            return fail(err, errlen,
                        "%s: field /fclib_local: missing (the file holds a global problem, "
                        "/fclib_global; expected a local one)",
                        path);
        return -1;
    }
    int sd, m, nn, nzmax, nz;
    if (read_int(f, path, "/fclib_local/spacedim", &sd, err, errlen)) return -1;
    if (sd < 2 || sd > 5)
        return fail(err, errlen, "%s: field /fclib_local/spacedim: expected 2 to 5, found %d", path,
                    sd);
    if (need_group(f, path, "/fclib_local/W", err, errlen) ||
        read_int(f, path, "/fclib_local/W/m", &m, err, errlen) ||
        read_int(f, path, "/fclib_local/W/n", &nn, err, errlen) ||
        read_int(f, path, "/fclib_local/W/nzmax", &nzmax, err, errlen) ||
        read_int(f, path, "/fclib_local/W/nz", &nz, err, errlen))
        return -1;
    if (m < 1 || m > FCLIB_MAX_ENTRIES / 8 || m % sd != 0)
        return fail(err, errlen,
                    "%s: field /fclib_local/W/m: expected a positive multiple of spacedim %d (at "
                    "most %ld), "
                    "found %d",
                    path, sd, FCLIB_MAX_ENTRIES / 8, m);
    if (nn != m)
        return fail(err, errlen, "%s: field /fclib_local/W/n: expected %d (W square), found %d",
                    path, m, nn);
    if (nzmax < 0 || nzmax > FCLIB_MAX_ENTRIES)
        return fail(err, errlen, "%s: field /fclib_local/W/nzmax: expected 0 to %ld, found %d",
                    path, FCLIB_MAX_ENTRIES, nzmax);
    if (nz < -2 || nz > nzmax)
        return fail(
            err, errlen,
            "%s: field /fclib_local/W/nz: expected -2 (rows), -1 (columns) or 0 to nzmax %d "
            "(triplets), found %d",
            path, nzmax, nz);
    long np_ = nz >= 0 ? nz : (long)m + 1, ni = nz >= 0 ? nz : nzmax;
    if (check_dataset(f, path, "/fclib_local/W/p", K_INT, np_, NULL, err, errlen) ||
        check_dataset(f, path, "/fclib_local/W/i", K_INT, ni, NULL, err, errlen) ||
        check_dataset(f, path, "/fclib_local/W/x", K_DOUBLE, nzmax, NULL, err, errlen))
        return -1;
    if (H5Lexists(f, "/fclib_local/W/conditioning", H5P_DEFAULT) > 0 ||
        H5Lexists(f, "/fclib_local/W/comment", H5P_DEFAULT) > 0)
        return fail(
            err, errlen,
            "%s: field /fclib_local/W/conditioning: matrix info is not read (expected none)", path);
    if (H5Lexists(f, "/fclib_local/V", H5P_DEFAULT) > 0 ||
        H5Lexists(f, "/fclib_local/R", H5P_DEFAULT) > 0)
        return fail(err, errlen,
                    "%s: field /fclib_local/V: equality constraints (V, R, s) are not supported "
                    "(expected none)",
                    path);
    if (need_group(f, path, "/fclib_local/vectors", err, errlen) ||
        check_dataset(f, path, "/fclib_local/vectors/q", K_DOUBLE, m, NULL, err, errlen) ||
        check_dataset(f, path, "/fclib_local/vectors/mu", K_DOUBLE, m / sd, NULL, err, errlen))
        return -1;
    int g = is_group(f, "/fclib_local/info");
    if (g < 0) return fail(err, errlen, "%s: field /fclib_local/info: expected a group", path);
    if (g == 1) {
        static const char *const names[] = { "/fclib_local/info/title",
                                             "/fclib_local/info/description",
                                             "/fclib_local/info/math_info" };
        for (int k = 0; k < 3; k++)
            if (H5Lexists(f, names[k], H5P_DEFAULT) > 0 &&
                check_dataset(f, path, names[k], K_STRING, -1, NULL, err, errlen))
                return -1;
    }
    g = is_group(f, "/solution");
    if (g < 0) return fail(err, errlen, "%s: field /solution: expected a group", path);
    if (g == 1 && (check_dataset(f, path, "/solution/u", K_DOUBLE, m, NULL, err, errlen) ||
                   check_dataset(f, path, "/solution/r", K_DOUBLE, m, NULL, err, errlen)))
        return -1;
    if (g == 1 && (H5Lexists(f, "/solution/v", H5P_DEFAULT) > 0 ||
                   H5Lexists(f, "/solution/l", H5P_DEFAULT) > 0))
        return fail(err, errlen,
                    "%s: field /solution/v: a local problem's solution has only u and r", path);
    *spacedim = sd;
    return g;
}

// 0 (no solution), 1 (a solution), -1.
static int check_layout(const char *path, int *spacedim, char *err, size_t errlen) {
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    FILE *probe = fopen(path, "rb");
    if (!probe) return fail(err, errlen, "%s: cannot open the file", path);
    fclose(probe);
    htri_t h5 = H5Fis_hdf5(path);
    if (h5 <= 0)
        return fail(err, errlen, "%s: not an HDF5 file (expected an FCLIB problem in HDF5)", path);
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return fail(err, errlen, "%s: the HDF5 library cannot open the file", path);
    int rc = check_open(f, path, err, errlen, spacedim);
    H5Fclose(f);
    return rc;
}

int ak_fclib_check_layout(const char *path, char *err, size_t errlen) {
    int sd;
    return check_layout(path, &sd, err, errlen) < 0 ? -1 : 0;
}

// ---- reading ---------------------------------------------------------------------------------

static double *read_doubles(hid_t f, const char *name, size_t count) {
    double *v = malloc(sizeof(double) * (count ? count : 1));
    hid_t ds = v ? H5Dopen2(f, name, H5P_DEFAULT) : -1;
    herr_t rc = ds < 0 ? -1 : H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
    if (ds >= 0) H5Dclose(ds);
    if (rc < 0) free(v), v = NULL;
    return v;
}

static int *read_ints(hid_t f, const char *name, size_t count) {
    int *v = malloc(sizeof(int) * (count ? count : 1));
    hid_t ds = v ? H5Dopen2(f, name, H5P_DEFAULT) : -1;
    herr_t rc = ds < 0 ? -1 : H5Dread(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
    if (ds >= 0) H5Dclose(ds);
    if (rc < 0) free(v), v = NULL;
    return v;
}

// The parts of a problem, whoever read them.
typedef struct raw {
    int sd, m, nzmax, nz;
    int *p, *i;
    double *x, *q, *mu, *u, *r;
    char *title;
} raw;

static void raw_free(raw *w) {
    free(w->p), free(w->i), free(w->x), free(w->q), free(w->mu), free(w->u), free(w->r),
        free(w->title);
}

// 4D, 5D: read here (libfclib's reader takes any spacedim, but keep it to the forms it knows).
static int read_own(const char *path, raw *w, bool sol) {
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return -1;
    int ok = read_int(f, path, "/fclib_local/W/m", &w->m, NULL, 0) == 0 &&
             read_int(f, path, "/fclib_local/W/nzmax", &w->nzmax, NULL, 0) == 0 &&
             read_int(f, path, "/fclib_local/W/nz", &w->nz, NULL, 0) == 0;
    if (ok) {
        size_t np_ = w->nz >= 0 ? (size_t)w->nz : (size_t)w->m + 1,
               ni = w->nz >= 0 ? (size_t)w->nz : (size_t)w->nzmax;
        w->p = read_ints(f, "/fclib_local/W/p", np_);
        w->i = read_ints(f, "/fclib_local/W/i", ni);
        w->x = read_doubles(f, "/fclib_local/W/x", (size_t)w->nzmax);
        w->q = read_doubles(f, "/fclib_local/vectors/q", (size_t)w->m);
        w->mu = read_doubles(f, "/fclib_local/vectors/mu", (size_t)(w->m / w->sd));
        if (sol)
            w->u = read_doubles(f, "/solution/u", (size_t)w->m),
            w->r = read_doubles(f, "/solution/r", (size_t)w->m);
        ok = w->p && w->i && w->x && w->q && w->mu && (!sol || (w->u && w->r));
    }
    H5Fclose(f);
    return ok ? 0 : -1;
}

// The info title (checked: a fixed-length string), NUL-terminated whatever its padding.
static char *read_title(const char *path) {
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0) return NULL;
    char *s = NULL;
    if (H5Lexists(f, "/fclib_local/info", H5P_DEFAULT) > 0 &&
        H5Lexists(f, "/fclib_local/info/title", H5P_DEFAULT) > 0) {
        hid_t ds = H5Dopen2(f, "/fclib_local/info/title", H5P_DEFAULT), t = H5Dget_type(ds);
        size_t sz = H5Tget_size(t);
        s = calloc(sz + 1, 1);
        if (s && H5Dread(ds, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, s) < 0) free(s), s = NULL;
        H5Tclose(t);
        H5Dclose(ds);
    }
    H5Fclose(f);
    return s;
}

// 2D, 3D: libfclib (after the layout check). Its structures are taken over and freed here.
static int read_lib(const char *path, raw *w, bool sol) {
    struct fclib_local *L = fclib_read_local(path);
    if (!L) return -1;
    w->m = L->W->m, w->nzmax = L->W->nzmax, w->nz = L->W->nz;
    w->p = L->W->p, w->i = L->W->i, w->x = L->W->x, w->q = L->q, w->mu = L->mu;
    if (L->W->info) free(L->W->info->comment), free(L->W->info);
    free(L->W);
    if (L->info)
        free(L->info->title), free(L->info->description), free(L->info->math_info), free(L->info);
    free(L->s);
    free(L);
    if (sol) {
        struct fclib_solution *S = fclib_read_solution(path);
        if (!S) return -1;
        w->u = S->u, w->r = S->r;
        free(S->v), free(S->l), free(S);
    }
    return 0;
}

// W's entries into point blocks (any of FCLIB's three storages). 0, or -1 with err filled.
static int to_blocks(const char *path, const raw *w, ak_contact_problem *p, char *err,
                     size_t errlen) {
    int sd = w->sd, np = w->m / sd, nn = sd * sd;
    long cnt = w->nz >= 0 ? w->nz : w->p[w->nz == -2 ? w->m : w->m];
    if (w->nz < 0) {
        if (w->p[0] != 0)
            return fail(err, errlen, "%s: field /fclib_local/W/p: expected p[0] = 0, found %d",
                        path, w->p[0]);
        for (int a = 0; a < w->m; a++)
            if (w->p[a + 1] < w->p[a] || w->p[a + 1] > w->nzmax)
                return fail(err, errlen,
                            "%s: field /fclib_local/W/p: expected nondecreasing pointers from 0 to "
                            "nzmax %d, "
                            "found p[%d] = %d after %d",
                            path, w->nzmax, a + 1, w->p[a + 1], w->p[a]);
    }
    // row and column of entry e
#define ROW_COL(e, rr, cc)                                                                         \
    do {                                                                                           \
        if (w->nz >= 0)                                                                            \
            rr = w->p[e], cc = w->i[e];                                                            \
        else if (w->nz == -2)                                                                      \
            cc = w->i[e], rr = owner[e];                                                           \
        else                                                                                       \
            rr = w->i[e], cc = owner[e];                                                           \
    } while (0)
    int *owner = malloc(sizeof(int) * (size_t)(cnt > 0 ? cnt : 1));
    int *stamp = malloc(sizeof(int) * (size_t)np);
    if (!owner || !stamp) {
        free(owner), free(stamp);
        return fail(err, errlen, "%s: out of memory", path);
    }
    if (w->nz < 0)
        for (int a = 0; a < w->m; a++)
            for (int e = w->p[a]; e < w->p[a + 1]; e++) owner[e] = a;
    for (long e = 0; e < cnt; e++) {
        int rr, cc;
        ROW_COL(e, rr, cc);
        if (rr < 0 || rr >= w->m || cc < 0 || cc >= w->m) {
            free(owner), free(stamp);
            return fail(err, errlen,
                        "%s: field /fclib_local/W/%s: entry %ld: expected indices in [0, %d), "
                        "found row %d, "
                        "column %d",
                        path, w->nz >= 0 ? "p, i" : "i", e, w->m, rr, cc);
        }
        if (!isfinite(w->x[e])) {
            free(owner), free(stamp);
            return fail(err, errlen,
                        "%s: field /fclib_local/W/x: entry %ld: expected a finite number", path, e);
        }
    }
    // the block pattern: point i's rows couple to point j when any entry lies in block (i, j);
    // the diagonal block always (first in its row)
    // the entries of each block row as a linked list (head, next)
    int *head = malloc(sizeof(int) * (size_t)np),
        *next = malloc(sizeof(int) * (size_t)(cnt > 0 ? cnt : 1));
    if (!head || !next) {
        free(owner), free(stamp), free(head), free(next);
        return fail(err, errlen, "%s: out of memory", path);
    }
    for (int i = 0; i < np; i++) head[i] = -1, stamp[i] = -1;
    for (long e = cnt - 1; e >= 0; e--) {
        int rr, cc;
        ROW_COL(e, rr, cc);
        (void)cc;
        next[e] = head[rr / sd], head[rr / sd] = (int)e;
    }
    long nb = 0;
    for (int pass = 0; pass < 2; pass++) {
        nb = 0;
        for (int i = 0; i < np; i++) {
            if (pass) p->row_start[i] = (int)nb;
            if (pass) p->col[nb] = i;
            nb++, stamp[i] = i + pass * np;
            for (int e = head[i]; e >= 0; e = next[e]) {
                int rr, cc;
                ROW_COL(e, rr, cc);
                (void)rr;
                int j = cc / sd;
                if (stamp[j] == i + pass * np) continue;
                stamp[j] = i + pass * np;
                if (pass) p->col[nb] = j;
                nb++;
            }
        }
        if (!pass) {
            for (int i = 0; i < np; i++) stamp[i] = -1;
            p->dim = sd, p->npoint = np, p->nblock = (int)nb;
            p->row_start = malloc(sizeof(int) * ((size_t)np + 1));
            p->col = malloc(sizeof(int) * (size_t)nb);
            p->W = calloc((size_t)nb * (size_t)nn, sizeof(double));
            if (!p->row_start || !p->col || !p->W) break;
        }
    }
    if (!p->row_start || !p->col || !p->W) {
        free(owner), free(stamp), free(head), free(next);
        return fail(err, errlen, "%s: out of memory", path);
    }
    p->row_start[np] = (int)nb;
    for (int i = 0; i < np; i++)
        for (int e = head[i]; e >= 0; e = next[e]) {
            int rr, cc;
            ROW_COL(e, rr, cc);
            int j = cc / sd, at = p->row_start[i];
            while (p->col[at] != j) at++;
            p->W[(size_t)at * (size_t)nn + (size_t)(rr % sd) * (size_t)sd + (size_t)(cc % sd)] +=
                w->x[e];
        }
#undef ROW_COL
    free(owner), free(stamp), free(head), free(next);
    return 0;
}

int ak_fclib_read(const char *path, ak_contact_problem *p, int *has_solution, char *title,
                  size_t titlelen, char *err, size_t errlen) {
    *p = (ak_contact_problem){ 0 };
    if (title && titlelen) title[0] = '\0';
    int sd;
    int sol = check_layout(path, &sd, err, errlen);
    if (sol < 0) return -1;
    raw w = { .sd = sd };
    if ((sd <= 3 ? read_lib(path, &w, sol == 1) : read_own(path, &w, sol == 1)) != 0) {
        raw_free(&w);
        return fail(err, errlen, "%s: reading the FCLIB problem failed", path);
    }
    w.sd = sd;
    w.title = read_title(path);
    int np = w.m / sd;
    for (int a = 0; a < w.m; a++)
        if (!isfinite(w.q[a])) {
            raw_free(&w);
            return fail(err, errlen,
                        "%s: field /fclib_local/vectors/q: entry %d: expected a finite number",
                        path, a);
        }
    for (int i = 0; i < np; i++)
        if (!(w.mu[i] >= 0.0) || !isfinite(w.mu[i])) {
            raw_free(&w);
            return fail(
                err, errlen,
                "%s: field /fclib_local/vectors/mu: entry %d: expected a finite number >= 0, "
                "found %g",
                path, i, w.mu[i]);
        }
    if (to_blocks(path, &w, p, err, errlen)) {
        raw_free(&w);
        ak_contact_problem_free(p);
        return -1;
    }
    size_t k = (size_t)w.m;
    p->q = w.q, w.q = NULL;
    p->mu = w.mu, w.mu = NULL;
    p->r = w.r ? w.r : calloc(k, sizeof(double)), w.r = NULL;
    p->u = w.u ? w.u : calloc(k, sizeof(double)), w.u = NULL;
    p->target = calloc((size_t)np, sizeof(double));
    if (title && titlelen && w.title) snprintf(title, titlelen, "%s", w.title);
    raw_free(&w);
    if (!p->r || !p->u || !p->target) {
        ak_contact_problem_free(p);
        return fail(err, errlen, "%s: out of memory", path);
    }
    if (has_solution) *has_solution = sol;
    return 0;
}
