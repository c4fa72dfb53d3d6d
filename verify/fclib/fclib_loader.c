// fclib_io.h, fclib_export.h and siconos_solve.h for the program, the tests and the benchmarks:
// each function calls the module's (anakata_fclib.so, fclib_module.h), which is loaded at the
// first call (verify/common/module.h says where it is looked for; its build-tree path is
// AK_FCLIB_MODULE_BUILD).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "verify/fclib/fclib_module.h"

static const ak_fclib_module_table *loaded;

static void load(void) {
    const ak_fclib_module_table *t =
        ak_module_load("FCLIB/Siconos", AK_FCLIB_MODULE_BUILD, "anakata_fclib.so",
                       AK_FCLIB_MODULE_SYMBOL, AK_FCLIB_MODULE_VERSION, sizeof *t);
#ifdef AK_HAVE_SICONOS
    if (!t->has_siconos) {
        fprintf(stderr, "anakata: the FCLIB/Siconos module was built without Siconos Numerics, "
                        "the program with it (rebuild or reinstall)\n");
        exit(1);
    }
#endif
    loaded = t;
}

// The module's table, loaded once (the checks may call from several threads).
static const ak_fclib_module_table *api(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    return loaded;
}

int ak_fclib_write(const char *path, const ak_contact_problem *p, const ak_fclib_info *info,
                   char *err, size_t errlen) {
    return api()->fclib_write(path, p, info, err, errlen);
}
int ak_fclib_read(const char *path, ak_contact_problem *p, int *has_solution, char *title,
                  size_t titlelen, char *err, size_t errlen) {
    return api()->fclib_read(path, p, has_solution, title, titlelen, err, errlen);
}
int ak_fclib_check_layout(const char *path, char *err, size_t errlen) {
    return api()->fclib_check_layout(path, err, errlen);
}
int ak_fclib_export_prepare(const char *dir, char *err, size_t errlen) {
    return api()->export_prepare(dir, err, errlen);
}
int ak_fclib_export_step(const char *dir, const char *scene, const ak_model *m, ak_data *d,
                         long step, char *err, size_t errlen) {
    return api()->export_step(dir, scene, m, d, step, err, errlen);
}

#ifdef AK_HAVE_SICONOS
const char *ak_sic_solver_name(ak_sic_solver s) { return api()->sic_solver_name(s); }
int ak_sic_solver_parse(const char *name, size_t len) { return api()->sic_solver_parse(name, len); }
const char *ak_sic_solver_names(void) { return api()->sic_solver_names(); }
void ak_sic_set_verbose(int level) { api()->sic_set_verbose(level); }
double ak_sic_error(const ak_sic_problem *p, const double r[], double u[]) {
    return api()->sic_error(p, r, u);
}
double ak_sic_residual(const ak_sic_problem *p, const double r[], double u[]) {
    return api()->sic_residual(p, r, u);
}
int ak_sic_solve(const ak_sic_problem *p, ak_sic_solver s, double tol, int max_iter, double r[],
                 double u[], ak_sic_result *res) {
    return api()->sic_solve(p, s, tol, max_iter, r, u, res);
}
int ak_sic_solve_with(const ak_sic_problem *p, ak_sic_solver s, const ak_sic_param set[], int nset,
                      double tol, int max_iter, double r[], double u[], ak_sic_result *res) {
    return api()->sic_solve_with(p, s, set, nset, tol, max_iter, r, u, res);
}
void ak_sic_scale_factors(const ak_sic_problem *p, double d[]) { api()->sic_scale_factors(p, d); }
void ak_sic_scale(const ak_sic_problem *p, const double d[], double W2[], double q2[],
                  ak_sic_problem *out) {
    api()->sic_scale(p, d, W2, q2, out);
}
void ak_sic_scale_map(const ak_sic_problem *p, const double d[], int to_scaled, double r[],
                      double u[]) {
    api()->sic_scale_map(p, d, to_scaled, r, u);
}
int ak_sic_solve_scaled(const ak_sic_problem *p, const double d[], ak_sic_solver s,
                        const ak_sic_param set[], int nset, double tol, int max_iter, double r[],
                        double u[], ak_sic_result *res) {
    return api()->sic_solve_scaled(p, d, s, set, nset, tol, max_iter, r, u, res);
}
#endif
