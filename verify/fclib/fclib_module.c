// The module's one export: its functions' table (fclib_module.h). Built only into
// anakata_fclib.so, with fclib_io.c, fclib_export.c and siconos_solve.c.
#include "verify/fclib/fclib_module.h"

extern const ak_fclib_module_table ak_fclib_module_api;
const ak_fclib_module_table ak_fclib_module_api = {
    .head = { AK_FCLIB_MODULE_VERSION, sizeof(ak_fclib_module_table) },
#ifdef AK_HAVE_SICONOS
    .has_siconos = 1,
#endif
    .fclib_write = ak_fclib_write,
    .fclib_read = ak_fclib_read,
    .fclib_check_layout = ak_fclib_check_layout,
    .export_prepare = ak_fclib_export_prepare,
    .export_step = ak_fclib_export_step,
#ifdef AK_HAVE_SICONOS
    .sic_solver_name = ak_sic_solver_name,
    .sic_solver_parse = ak_sic_solver_parse,
    .sic_solver_names = ak_sic_solver_names,
    .sic_set_verbose = ak_sic_set_verbose,
    .sic_error = ak_sic_error,
    .sic_residual = ak_sic_residual,
    .sic_solve = ak_sic_solve,
    .sic_solve_with = ak_sic_solve_with,
    .sic_scale_factors = ak_sic_scale_factors,
    .sic_scale = ak_sic_scale,
    .sic_scale_map = ak_sic_scale_map,
    .sic_solve_scaled = ak_sic_solve_scaled,
#endif
};
