// libFuzzer target for the FCLIB reader (verify/fclib/fclib_io.c): any file described by the
// records of fclib_records.h must give a problem or a message, never a crash, a leak, undefined
// behaviour, or an exit of the process (libfclib exits on an HDF5 error, so the layout check must
// stop every file it would fail on). A problem that reads is consistent (block pattern within
// range, every number finite, mu >= 0) and, when small, is solved for a few sweeps.
#include <hdf5.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "verify/fclib/fclib_io.h"
#include "verify/fuzz/fclib_records.h"
#include "engine/solver_converged.h"

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size);

static char path[64];

static void cleanup(void) {
    if (path[0]) unlink(path);
}

// Build the file the records describe (objects whose creation fails are left out).
static void build(const uint8_t *b, size_t size) {
    hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    if (f < 0) return;
    hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
    H5Pset_create_intermediate_group(lcpl, 1);
    size_t at = 0;
    while (at + 5 <= size) {
        int name = b[at] % AK_FCLIB_NNAMES, type = b[at + 1] % AK_REC_NTYPES, rank = b[at + 2] % 3;
        size_t count = (size_t)b[at + 3] | (size_t)b[at + 4] << 8;
        at += 5;
        const char *nm = AK_FCLIB_NAMES[name];
        if (H5Lexists(f, nm, H5P_DEFAULT) != 0)
            continue; // the name exists (or its parent is not a group)
        if (type == AK_REC_GROUP) {
            hid_t g = H5Gcreate2(f, nm, lcpl, H5P_DEFAULT, H5P_DEFAULT);
            if (g >= 0) H5Gclose(g);
            continue;
        }
        size_t es = type == AK_REC_INT32 || type == AK_REC_FLOAT32 ? 4
                    : type == AK_REC_STRING                        ? 1
                                                                   : 8;
        hid_t t = type == AK_REC_INT32     ? H5Tcopy(H5T_STD_I32LE)
                  : type == AK_REC_INT64   ? H5Tcopy(H5T_STD_I64LE)
                  : type == AK_REC_FLOAT32 ? H5Tcopy(H5T_IEEE_F32LE)
                  : type == AK_REC_DOUBLE  ? H5Tcopy(H5T_IEEE_F64LE)
                                           : H5Tcopy(H5T_C_S1);
        size_t nval = type == AK_REC_STRING ? 1 : count,
               nbytes = type == AK_REC_STRING ? count : count * es;
        if (type == AK_REC_STRING)
            H5Tset_size(t, count > 0 ? count : 1), rank = 0, nbytes = count > 0 ? count : 1;
        hsize_t dims[2] = { nval, 1 };
        hid_t sp = rank == 0 ? (nval == 1 ? H5Screate(H5S_SCALAR) : -1)
                             : H5Screate_simple(rank, dims, NULL);
        unsigned char *buf = calloc(nbytes ? nbytes : 1, 1);
        size_t have = size - at < nbytes ? size - at : nbytes;
        if (buf) memcpy(buf, b + at, have);
        at += have;
        if (sp >= 0 && buf) {
            hid_t ds = H5Dcreate2(f, nm, t, sp, lcpl, H5P_DEFAULT, H5P_DEFAULT);
            if (ds >= 0) {
                H5Dwrite(ds, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
                H5Dclose(ds);
            }
        }
        free(buf);
        if (sp >= 0) H5Sclose(sp);
        H5Tclose(t);
    }
    H5Pclose(lcpl);
    H5Fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/fuzz_fclib_%ld.hdf5", (long)getpid());
        atexit(cleanup);
        H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    }
    build(bytes, size);
    ak_contact_problem p;
    int has = 0;
    char err[1024], title[64];
    if (ak_fclib_read(path, &p, &has, title, sizeof title, err, sizeof err) == 0) {
        if (p.dim < 2 || p.dim > 5 || p.npoint < 1 || p.row_start[0] != 0 ||
            p.row_start[p.npoint] != p.nblock)
            __builtin_trap();
        for (int i = 0; i < p.npoint; i++) {
            if (p.row_start[i + 1] < p.row_start[i] || p.col[p.row_start[i]] != i) __builtin_trap();
            for (int z = p.row_start[i]; z < p.row_start[i + 1]; z++)
                if (p.col[z] < 0 || p.col[z] >= p.npoint) __builtin_trap();
            if (!(p.mu[i] >= 0.0) || !isfinite(p.mu[i])) __builtin_trap();
        }
        size_t k = (size_t)p.npoint * (size_t)p.dim;
        for (size_t a = 0; a < k; a++)
            if (!isfinite(p.q[a])) __builtin_trap();
        if (k <= 30) { // a few sweeps and a polish: no crash whatever W is
            double *r = calloc(k, sizeof(double));
            ak_problem_stats st;
            if (r) ak_solver_converged_solve_problem(&p, 1e-10, 60, r, &st);
            free(r);
        }
        ak_contact_problem_free(&p);
    } else if (!strstr(err, path)) {
        __builtin_trap(); // every message names the file
    }
    return 0;
}
