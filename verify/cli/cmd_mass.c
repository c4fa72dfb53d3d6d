// anakata mass SCENE [--json]
// Loads a scene (engine/scene.h, which computes the mass properties with engine/model_mass.h)
// and prints each body's mass, volume, centroid, principal moments and full k x k bivector
// inertia about the centroid in the body frame (B-I, ten Bosch §4), with the basis labels.
// --json prints the format of docs/formulas/mass.md#anakata-mass:
// {"bodies":[{"name","mass","volume","centroid":[..],"inertia_basis":["xy",..],
//             "inertia":[[..]],"principal_moments":[..]}]}
#include <cjson/cJSON.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "ref/ga/nd.h"
#include "ref/mass/mass.h"
#include "engine/model.h"
#include "engine/scene.h"

static const ak_opt OPTS[] = {
    { "--json", AK_ARG_NONE, NULL, "machine-readable output (docs/formulas/mass.md#anakata-mass)",
      0, 0, 0, NULL, NULL },
};

const ak_cmd_spec AK_SPEC_MASS = {
    "mass",
    "SCENE [--json]",
    "Print each body's mass properties: mass, volume, centroid (in the shape's own frame,\n"
    "as given in the scene), principal moments and the full k x k bivector inertia\n"
    "I = integral [r]*[r]*^T dm about the centroid, in the body frame (before the rotor).\n"
    "Fixed bodies have mass 0; hyperplanes have infinite volume (null in --json). SCENE is a\n"
    "scene file or a bundled scene's name.",
    "SCENE",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

static int cmp_desc(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

// Principal moments (sorted, largest first) and the principal rotor of body b. A body with no
// finite mass (hyperplane) or a fixed body gets zeros. Returns 0 or -1 with err.
static int principal(const ak_model *m, const ak_body *bd, double pm[], double rotor[], char *err,
                     size_t errlen) {
    int n = m->dim, k = ak_nd_nbiv(n);
    for (int i = 0; i < k; i++) pm[i] = 0.0;
    ak_nd_rotor_identity(n, rotor);
    if (bd->shape.type == AK_SHAPE_HYPERPLANE || bd->fixed || !(bd->mass > 0)) return 0;
    ak_mass_props p;
    if (ak_mass_shape(&p, &bd->shape, bd->density, err, errlen) != AK_MASS_OK) return -1;
    if (ak_mass_principal(pm, NULL, rotor, NULL, &p, err, errlen) != AK_MASS_OK) return -1;
    qsort(pm, (size_t)k, sizeof pm[0], cmp_desc);
    return 0;
}

static int print_json(const ak_model *m) {
    int n = m->dim, k = ak_nd_nbiv(n);
    cJSON *root = cJSON_CreateObject(), *bodies = cJSON_AddArrayToObject(root, "bodies");
    char err[AK_ERR_MAX];
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        bool plane = bd->shape.type == AK_SHAPE_HYPERPLANE;
        double pm[AK_MAX_BIV], rotor[AK_MAX_EVEN];
        if (principal(m, bd, pm, rotor, err, sizeof err)) {
            fprintf(stderr, "anakata mass: bodies[%d] (%s): %s\n", b, bd->name, err);
            cJSON_Delete(root);
            return AK_EXIT_USAGE;
        }
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", bd->name);
        cJSON_AddNumberToObject(o, "mass", bd->mass);
        if (plane)
            cJSON_AddNullToObject(o, "volume"); // infinite
        else
            cJSON_AddNumberToObject(o, "volume", bd->volume);
        if (plane)
            cJSON_AddNullToObject(o, "centroid");
        else
            cJSON_AddItemToObject(o, "centroid", cJSON_CreateDoubleArray(bd->shape_centroid, n));
        cJSON *basis = cJSON_AddArrayToObject(o, "inertia_basis");
        for (int i = 0; i < k; i++)
            cJSON_AddItemToArray(basis, cJSON_CreateString(ak_nd_biv_name(n, i)));
        cJSON *I = cJSON_AddArrayToObject(o, "inertia");
        double zero[AK_MAX_BIV] = { 0 };
        for (int r = 0; r < k; r++)
            cJSON_AddItemToArray(
                I, cJSON_CreateDoubleArray(bd->fixed ? zero : bd->inertia + r * k, k));
        cJSON_AddItemToObject(o, "principal_moments", cJSON_CreateDoubleArray(pm, k));
        cJSON_AddItemToArray(bodies, o);
    }
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text) {
        fprintf(stderr, "anakata mass: out of memory\n");
        return AK_EXIT_FAIL;
    }
    printf("%s\n", text);
    free(text);
    return AK_EXIT_OK;
}

static int print_text(const ak_model *m) {
    int n = m->dim, k = ak_nd_nbiv(n);
    char err[AK_ERR_MAX];
    printf("scene %s: dim %d, %d bodies. Inertia I = integral [r]*[r]*^T dm about the centroid,\n"
           "body frame (I_uv,uv = integral u^2 + v^2 dm); centroid in the shape's own frame.\n",
           m->source, n, m->nbody);
    for (int b = 0; b < m->nbody; b++) {
        const ak_body *bd = &m->bodies[b];
        printf("\n[%d] %s: %s", b, bd->name, ak_shape_type_name(bd->shape.type));
        if (bd->shape.type == AK_SHAPE_HYPERPLANE) {
            printf(", fixed: infinite volume, no mass properties\n");
            continue;
        }
        double pm[AK_MAX_BIV], rotor[AK_MAX_EVEN];
        if (principal(m, bd, pm, rotor, err, sizeof err)) {
            fprintf(stderr, "anakata mass: bodies[%d] (%s): %s\n", b, bd->name, err);
            return AK_EXIT_USAGE;
        }
        if (bd->fixed) {
            printf(", fixed (mass 0, never moves)\n  volume   %.10g\n", bd->volume);
            continue;
        }
        printf("\n  mass     %.10g\n  volume   %.10g\n  density  %.10g\n  centroid [", bd->mass,
               bd->volume, bd->density);
        for (int i = 0; i < n; i++)
            printf("%s%.10g", i ? ", " : "", ak_cli_num(bd->shape_centroid[i]));
        printf("]\n  principal moments (largest first):");
        for (int i = 0; i < k; i++) printf(" %.10g", pm[i]);
        printf("\n  principal frame rotor [");
        for (int i = 0; i < ak_nd_neven(n); i++) {
            char nm[8];
            ak_nd_even_name(n, i, nm);
            printf("%s%s %.6g", i ? ", " : "", nm, fabs(rotor[i]) < 1e-14 ? 0.0 : rotor[i]);
        }
        printf("]\n  inertia (%d x %d):\n      ", k, k);
        for (int j = 0; j < k; j++) printf(" %14s", ak_nd_biv_name(n, j));
        printf("\n");
        for (int i = 0; i < k; i++) {
            printf("  %4s", ak_nd_biv_name(n, i));
            for (int j = 0; j < k; j++) printf(" %14.8g", ak_cli_num(bd->inertia[i * k + j]));
            printf("\n");
        }
    }
    return AK_EXIT_OK;
}

int ak_cmd_mass(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_MASS, argc, argv, &c, &prc)) return prc;
    char scene[4096];
    ak_cli_scene_path(c.pos[0], scene, sizeof scene);
    bool json = ak_cli_has(&c, "--json");
    gsl_set_error_handler_off();
    char err[AK_ERR_MAX];
    ak_model *m = ak_scene_load(scene, NULL, err, sizeof err);
    if (!m) {
        fprintf(stderr, "anakata mass: %s\n", err);
        return AK_EXIT_USAGE;
    }
    int rc = json ? print_json(m) : print_text(m);
    ak_model_free(m);
    return rc;
}
