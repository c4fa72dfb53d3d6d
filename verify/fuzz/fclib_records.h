/// @file fclib_records.h
/// The input of fuzz_fclib: an FCLIB file described as records, each one HDF5 object of a known
/// or unknown name with a type, a rank and a count chosen by the fuzzer, so that every input is
/// a valid HDF5 file (the HDF5 library's own parser is not what is fuzzed) and the layout check,
/// libfclib's reading and the block gathering of verify/fclib/fclib_io.c see any shape of file.
///   record: u8 name (index into AK_FCLIB_NAMES, modulo its size), u8 type (AK_REC_*), u8 rank
///           (0: scalar, 1, 2: count x 1), u16 count (little endian), count values (4 bytes for
///           int32 and float32, 8 for int64 and double, 1 per character for a string; missing
///           bytes are zero)
/// fclib_seed writes exported files in this form (the fuzzer's seeds).
#ifndef AK_FUZZ_FCLIB_RECORDS_H
#define AK_FUZZ_FCLIB_RECORDS_H

enum {
    AK_REC_INT32,
    AK_REC_DOUBLE,
    AK_REC_STRING,
    AK_REC_GROUP,
    AK_REC_INT64,
    AK_REC_FLOAT32,
    AK_REC_NTYPES
};

static const char *const AK_FCLIB_NAMES[] = { "/fclib_local/spacedim",
                                              "/fclib_local/W/m",
                                              "/fclib_local/W/n",
                                              "/fclib_local/W/nzmax",
                                              "/fclib_local/W/nz",
                                              "/fclib_local/W/p",
                                              "/fclib_local/W/i",
                                              "/fclib_local/W/x",
                                              "/fclib_local/vectors/q",
                                              "/fclib_local/vectors/mu",
                                              "/solution/u",
                                              "/solution/r",
                                              "/fclib_local/info/title",
                                              "/fclib_local/info/description",
                                              "/fclib_local/info/math_info",
                                              "/fclib_local/V/m",
                                              "/fclib_local/R/m",
                                              "/fclib_local/W/conditioning",
                                              "/fclib_global/spacedim",
                                              "/solution/v",
                                              "/fclib_local",
                                              "/fclib_local/W",
                                              "/fclib_local/vectors",
                                              "/solution",
                                              "/fclib_local/info",
                                              "/other/x" };
#define AK_FCLIB_NNAMES ((int)(sizeof AK_FCLIB_NAMES / sizeof AK_FCLIB_NAMES[0]))

#endif
