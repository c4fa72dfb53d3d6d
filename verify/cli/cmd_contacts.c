// anakata contacts SCENE [--json] [--margin m]: the contacts of a scene at its initial state
// (details in docs/formulas/collide.md).
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/cli/cli.h"
#include "verify/cli/cli_opts.h"
#include "ref/collide/collide.h"
#include "verify/common/dyn_scenes.h"
#include "engine/model.h"

static const ak_opt OPTS[] = {
    { "--json", AK_ARG_NONE, NULL,
      "print "
      "{\"pairs\":[{\"a\",\"b\",\"normal\",\"separation\",\n\"points\":[{\"position\","
      "\"separation\"}]}]}",
      0, 0, 0, NULL, NULL },
    { "--margin", AK_ARG_NUM, "m", "report pairs with separation <= m (default 0)", 0, 0, 1e300,
      "a number >= 0", NULL },
};

const ak_cmd_spec AK_SPEC_CONTACTS = {
    "contacts",
    "SCENE [--json] [--margin m]",
    "Lists every pair of bodies of SCENE (a scene file or a bundled scene's name) whose signed\n"
    "separation is at most the margin at the scene's initial state: normal (unit, from b to a),\n"
    "separation (distance when apart, minus the penetration depth when overlapping) and the\n"
    "contact points.",
    "SCENE",
    1,
    1,
    OPTS,
    (int)(sizeof OPTS / sizeof OPTS[0]),
    NULL
};

static cJSON *vec(const double *x, int n) {
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber(ak_cli_num(x[i])));
    return a;
}

// Bounds overlap test (expanded by margin): pairs whose boxes are farther apart than the
// margin have separation > margin and are skipped without a narrow-phase query.
static int bounds_apart(int n, const double lo1[], const double hi1[], const double lo2[],
                        const double hi2[], double margin) {
    for (int i = 0; i < n; i++)
        if (lo1[i] > hi2[i] + margin || lo2[i] > hi1[i] + margin) return 1;
    return 0;
}

int ak_cmd_contacts(int argc, char **argv) {
    ak_cli c;
    int prc;
    if (!ak_cli_parse(&AK_SPEC_CONTACTS, argc, argv, &c, &prc)) return prc;
    char scene[4096];
    ak_cli_scene_path(c.pos[0], scene, sizeof scene);
    int json = ak_cli_has(&c, "--json");
    double margin = ak_cli_get_num(&c, "--margin", 0);
    ak_model *m = NULL;
    ak_data *d = NULL;
    char err[512];
    if (ak_dyn_scene_load(scene, &m, &d, err, sizeof err) != 0) {
        fprintf(stderr, "anakata contacts: %s\n", err); // err names the file
        return AK_EXIT_USAGE;
    }
    int n = m->dim, nb = m->nbody;
    ak_pose *poses = calloc((size_t)nb, sizeof *poses);
    double *lo = calloc((size_t)nb * AK_MAX_DIM, sizeof *lo),
           *hi = calloc((size_t)nb * AK_MAX_DIM, sizeof *hi);
    cJSON *root = cJSON_CreateObject(), *pairs = cJSON_AddArrayToObject(root, "pairs");
    int status = AK_EXIT_OK, npairs = 0;
    if (!poses || !lo || !hi || !root) {
        fprintf(stderr, "anakata contacts: out of memory\n");
        status = AK_EXIT_FAIL;
        goto done;
    }
    for (int b = 0; b < nb; b++) {
        poses[b] = ak_body_pose(m, d, b);
        ak_geom_aabb(n, lo + b * AK_MAX_DIM, hi + b * AK_MAX_DIM, &m->bodies[b].shape, &poses[b]);
    }
    if (!json) printf("%-16s %-16s %14s  normal (b to a)\n", "a", "b", "separation");
    for (int a = 0; a < nb; a++)
        for (int b = a + 1; b < nb; b++) {
            const ak_body *A = &m->bodies[a], *B = &m->bodies[b];
            if (A->shape.type == AK_SHAPE_HYPERPLANE && B->shape.type == AK_SHAPE_HYPERPLANE)
                continue;
            if (bounds_apart(n, lo + a * AK_MAX_DIM, hi + a * AK_MAX_DIM, lo + b * AK_MAX_DIM,
                             hi + b * AK_MAX_DIM, margin))
                continue;
            ak_manifold man;
            char cerr[256] = "";
            int cnt = ak_collide_ex(&man, &A->shape, &poses[a], &B->shape, &poses[b], margin, cerr,
                                    (int)sizeof cerr);
            if (cnt < 0) {
                fprintf(stderr, "anakata contacts: bodies '%s' and '%s': %s\n", A->name, B->name,
                        cerr);
                status = AK_EXIT_USAGE;
                goto done;
            }
            if (!(man.separation <= margin)) continue;
            npairs++;
            if (json) {
                cJSON *p = cJSON_CreateObject();
                cJSON_AddStringToObject(p, "a", A->name);
                cJSON_AddStringToObject(p, "b", B->name);
                cJSON_AddItemToObject(p, "normal", vec(man.normal, n));
                cJSON_AddNumberToObject(p, "separation", man.separation);
                cJSON *pts = cJSON_AddArrayToObject(p, "points");
                for (int q = 0; q < cnt; q++) {
                    // the contact's position: the midpoint of its points on a and on b
                    double x[AK_MAX_DIM];
                    for (int i = 0; i < n; i++)
                        x[i] = 0.5 * (man.contacts[q].point_a[i] + man.contacts[q].point_b[i]);
                    cJSON *pt = cJSON_CreateObject();
                    cJSON_AddItemToObject(pt, "position", vec(x, n));
                    cJSON_AddNumberToObject(pt, "separation", man.contacts[q].separation);
                    cJSON_AddItemToArray(pts, pt);
                }
                cJSON_AddItemToArray(pairs, p);
            } else {
                printf("%-16s %-16s %14.9g  (", A->name, B->name, ak_cli_num(man.separation));
                for (int i = 0; i < n; i++)
                    printf("%s%.6g", i ? ", " : "", ak_cli_num(man.normal[i]));
                printf(")  %d point%s\n", cnt, cnt == 1 ? "" : "s");
                for (int q = 0; q < cnt; q++) {
                    printf("%35s  at (", "");
                    for (int i = 0; i < n; i++)
                        printf("%s%.6g", i ? ", " : "",
                               ak_cli_num(0.5 * (man.contacts[q].point_a[i] +
                                                 man.contacts[q].point_b[i])));
                    printf(")  separation %.9g\n", ak_cli_num(man.contacts[q].separation));
                }
            }
        }
    if (json) {
        char *text = cJSON_PrintUnformatted(root);
        if (text) {
            printf("%s\n", text);
            free(text);
        }
    } else {
        printf("%d pair%s with separation <= %g\n", npairs, npairs == 1 ? "" : "s", margin);
    }
done:
    cJSON_Delete(root);
    free(poses);
    free(lo);
    free(hi);
    ak_data_free(d);
    ak_model_free(m);
    return status;
}
