// fclib_seed FILE.hdf5 OUT: write an FCLIB local problem (as anakata run --export-fclib writes
// it) in the record form of fclib_records.h, the input of fuzz_fclib: the fuzzer's seeds.
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/fuzz/fclib_records.h"

static int index_of(const char *name) {
    for (int k = 0; k < AK_FCLIB_NNAMES; k++)
        if (!strcmp(AK_FCLIB_NAMES[k], name)) return k;
    return -1;
}

static FILE *out;

static herr_t visit(hid_t g, const char *name, const H5O_info_t *info, void *data) {
    (void)data;
    char full[512];
    snprintf(full, sizeof full, "/%s", name);
    int k = index_of(full);
    if (k < 0 || info->type != H5O_TYPE_DATASET) return 0;
    hid_t ds = H5Dopen2(g, name, H5P_DEFAULT), t = H5Dget_type(ds), sp = H5Dget_space(ds);
    H5T_class_t cl = H5Tget_class(t);
    hssize_t n = H5Sget_simple_extent_npoints(sp);
    int rank = H5Sget_simple_extent_ndims(sp);
    unsigned char rec[5] = { (unsigned char)k, 0, (unsigned char)rank, 0, 0 };
    size_t cnt = (size_t)n, es = 8;
    hid_t mt = H5T_NATIVE_DOUBLE;
    if (cl == H5T_INTEGER)
        rec[1] = 0, es = 4, mt = H5T_NATIVE_INT;
    else if (cl == H5T_FLOAT)
        rec[1] = 1;
    else
        rec[1] = 2, cnt = H5Tget_size(t), es = 1, mt = t;
    if (cnt > 65535) cnt = 65535;
    rec[3] = (unsigned char)(cnt & 255), rec[4] = (unsigned char)(cnt >> 8);
    unsigned char *buf = calloc((size_t)(cl == H5T_STRING ? cnt : (size_t)n) * es + 1, 1);
    if (buf && H5Dread(ds, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) >= 0) {
        fwrite(rec, 1, 5, out);
        fwrite(buf, 1, cnt * es, out);
    }
    free(buf);
    H5Sclose(sp), H5Tclose(t), H5Dclose(ds);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: fclib_seed FILE.hdf5 OUT\n");
        return 2;
    }
    hid_t f = H5Fopen(argv[1], H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0 || !(out = fopen(argv[2], "wb"))) {
        fprintf(stderr, "fclib_seed: cannot open %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    H5Ovisit(f, H5_INDEX_NAME, H5_ITER_INC, visit, NULL);
    H5Fclose(f);
    return fclose(out) == 0 ? 0 : 1;
}
