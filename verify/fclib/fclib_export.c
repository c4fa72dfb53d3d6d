// `anakata run --export-fclib DIR` (see fclib_export.h).
#include "verify/fclib/fclib_export.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "verify/fclib/fclib_io.h"
#include "engine/solver_converged.h"

int ak_fclib_export_prepare(const char *dir, char *err, size_t errlen) {
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return 0;
        snprintf(err, errlen, "--export-fclib %s: exists and is not a directory", dir);
        return -1;
    }
    if (mkdir(dir, 0777) != 0) {
        snprintf(err, errlen, "--export-fclib %s: cannot create the directory: %s", dir,
                 strerror(errno));
        return -1;
    }
    return 0;
}

int ak_fclib_export_step(const char *dir, const char *scene, const ak_model *m, ak_data *d,
                         long step, char *err, size_t errlen) {
    ak_contact_problem p;
    if (ak_solver_converged_problem(m, d, &p) != 0) {
        snprintf(err, errlen, "--export-fclib: out of memory");
        return -1;
    }
    if (p.npoint == 0) return 0;
    char path[4096], title[512], desc[1024];
    snprintf(path, sizeof path, "%s/step_%06ld.hdf5", dir, step);
    const char *base = strrchr(scene, '/');
    base = base ? base + 1 : scene;
    snprintf(title, sizeof title, "anakata %s step %ld", base, step);
    const ak_solver_residuals *r = &d->contacts->stats.res;
    snprintf(desc, sizeof desc,
             "scene=%s step=%ld t=%.17g dim=%d points=%d method=converged tolerance=%g "
             "residuals(normal,complementarity,cone,dissipation)=%.3e,%.3e,%.3e,%.3e converged=%d",
             base, step, d->t, m->dim, p.npoint, m->solver.tolerance, r->normal, r->complementarity,
             r->cone, r->dissipation, r->converged ? 1 : 0);
    ak_fclib_info info = {
        title, desc,
        "anakata velocity problem [T-CV.4] after the impact phase: u = W r + q, per point "
        "(normal, tangents); q and u have the normal target subtracted; docs/fclib.md"
    };
    int rc = ak_fclib_write(path, &p, &info, err, errlen);
    ak_contact_problem_free(&p);
    return rc ? -1 : 1;
}
