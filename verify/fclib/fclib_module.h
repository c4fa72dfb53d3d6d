/// @file fclib_module.h
/// The FCLIB and Siconos code as a module, loaded at its first use (docs/fclib.md, "The
/// module"). libfclib, HDF5 and Siconos Numerics bring 42 of the program's 88 shared libraries,
/// and loading them cost about 35 ms of CPU at every start of `anakata` (and of every unit
/// test), while few starts read or write an FCLIB file. So fclib_io.c, fclib_export.c and
/// siconos_solve.c are built into anakata_fclib.so, which exports one table of their functions
/// (fclib_module.c); fclib_loader.c, linked into the program, the tests and the benchmarks,
/// defines every function of fclib_io.h, fclib_export.h and siconos_solve.h, each calling the
/// module's through the table, loading the module at the first call.
#ifndef AK_VERIFY_FCLIB_MODULE_H
#define AK_VERIFY_FCLIB_MODULE_H
#include <stddef.h>

#include "verify/common/module.h"
#include "verify/fclib/fclib_export.h"
#include "verify/fclib/fclib_io.h"
#ifdef AK_HAVE_SICONOS
#include "verify/fclib/siconos_solve.h"
#endif

/// Raised whenever the table changes, so that a program never calls a module of another build.
#define AK_FCLIB_MODULE_VERSION 1
/// The one symbol the module exports.
#define AK_FCLIB_MODULE_SYMBOL "ak_fclib_module_api"

typedef struct ak_fclib_module_table {
    ak_module_head head; ///< AK_FCLIB_MODULE_VERSION, sizeof(ak_fclib_module_table)
    int has_siconos;     ///< the module was built with Siconos Numerics (the sic_ entries set)
    int (*fclib_write)(const char *, const ak_contact_problem *, const ak_fclib_info *, char *,
                       size_t);
    int (*fclib_read)(const char *, ak_contact_problem *, int *, char *, size_t, char *, size_t);
    int (*fclib_check_layout)(const char *, char *, size_t);
    int (*export_prepare)(const char *, char *, size_t);
    int (*export_step)(const char *, const char *, const ak_model *, ak_data *, long, char *,
                       size_t);
#ifdef AK_HAVE_SICONOS
    const char *(*sic_solver_name)(ak_sic_solver);
    int (*sic_solver_parse)(const char *, size_t);
    const char *(*sic_solver_names)(void);
    void (*sic_set_verbose)(int);
    double (*sic_error)(const ak_sic_problem *, const double[], double[]);
    double (*sic_residual)(const ak_sic_problem *, const double[], double[]);
    int (*sic_solve)(const ak_sic_problem *, ak_sic_solver, double, int, double[], double[],
                     ak_sic_result *);
    int (*sic_solve_with)(const ak_sic_problem *, ak_sic_solver, const ak_sic_param[], int, double,
                          int, double[], double[], ak_sic_result *);
    void (*sic_scale_factors)(const ak_sic_problem *, double[]);
    void (*sic_scale)(const ak_sic_problem *, const double[], double[], double[], ak_sic_problem *);
    void (*sic_scale_map)(const ak_sic_problem *, const double[], int, double[], double[]);
    int (*sic_solve_scaled)(const ak_sic_problem *, const double[], ak_sic_solver,
                            const ak_sic_param[], int, double, int, double[], double[],
                            ak_sic_result *);
#endif
} ak_fclib_module_table;

#endif
