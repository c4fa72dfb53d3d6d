// Unit tests of anakata view's request policy (verify/view/view_http.c) and its simulation
// session (verify/view/view_sim.c). The HTTP end of the server is tested by test_view_server.py,
// the page by test_view_browser.py.
#define _DEFAULT_SOURCE // mkdtemp, symlink
#include <criterion/criterion.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "verify/view/view_http.h"
#include "verify/view/view_sim.h"

TestSuite(view);

static const char *const NAMES[] = { "127.0.0.1", "localhost" };

Test(view, host_must_name_the_server) {
    cr_assert(ak_view_host_ok("127.0.0.1:8470", NAMES, 2, 8470));
    cr_assert(ak_view_host_ok("localhost:8470", NAMES, 2, 8470));
    const char *bad[] = { NULL,
                          "",
                          "127.0.0.1",
                          "127.0.0.1:8471",
                          "evil.example:8470",
                          "127.0.0.1:8470.evil",
                          "localhost.evil:8470",
                          "LOCALHOST:8470 ",
                          "127.0.0.1:08470",
                          "127.0.0.1:8470\r\nX: y" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(!ak_view_host_ok(bad[i], NAMES, 2, 8470), "accepted Host '%s'",
                  bad[i] ? bad[i] : "(null)");
}

Test(view, origin_absent_or_the_server) {
    cr_assert(ak_view_origin_ok(NULL, NAMES, 2, 8470));
    cr_assert(ak_view_origin_ok("http://localhost:8470", NAMES, 2, 8470));
    const char *bad[] = { "null",
                          "",
                          "https://127.0.0.1:8470",
                          "http://evil.example",
                          "http://127.0.0.1:8470/",
                          "http://127.0.0.1:8470.evil.example",
                          "http://127.0.0.1" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(!ak_view_origin_ok(bad[i], NAMES, 2, 8470), "accepted Origin '%s'", bad[i]);
}

Test(view, paths_route_or_are_refused) {
    char rel[AK_VIEW_PATH_MAX + 1];
    struct {
        const char *path;
        ak_view_route route;
        const char *rel;
    } ok[] = { { "/", AK_ROUTE_WEB, "index.html" },
               { "/web/app.js", AK_ROUTE_WEB, "app.js" },
               { "/docs/formulas/world.md", AK_ROUTE_DOC, "formulas/world.md" },
               { "/docs/img/view.png", AK_ROUTE_DOC, "img/view.png" },
               { "/api/state", AK_ROUTE_API, "state" },
               { "/gen/trace.frag", AK_ROUTE_GEN, "trace.frag" },
               { "/web/%61pp.js", AK_ROUTE_WEB, "app.js" } };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        cr_assert_eq(ak_view_route_path(ok[i].path, rel, sizeof rel), ok[i].route, "%s",
                     ok[i].path);
        cr_assert_str_eq(rel, ok[i].rel, "%s", ok[i].path);
    }
    const char *bad[] = { NULL,
                          "",
                          "web/app.js",
                          "/web/../README.md",
                          "/web/%2e%2e/README.md",
                          "/web/%2E%2E%2FREADME.md",
                          "/docs/..%2f..%2fetc/passwd",
                          "/web/./app.js",
                          "/web//app.js",
                          "//etc/passwd",
                          "/etc/passwd",
                          "/web/",
                          "/web",
                          "/docs/.hidden",
                          "/web/a%00b",
                          "/web/a%zz",
                          "/web/a%2",
                          "/web/a%",
                          "/web/a b",
                          "/web/a\\b",
                          "/web/a?x=1",
                          "/api/a/b",
                          "/gen/x/y",
                          "/web/%252e%252e/x",
                          "/docs/formulas/%2e%2e%2f%2e%2e%2fREADME.md",
                          "/web/\xc3\xa9.js",
                          "/favicon.ico" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(ak_view_route_path(bad[i], rel, sizeof rel), AK_ROUTE_BAD, "accepted '%s'",
                     bad[i] ? bad[i] : "(null)");
    char longp[AK_VIEW_PATH_MAX + 8] = "/web/";
    memset(longp + 5, 'a', sizeof longp - 6);
    longp[sizeof longp - 1] = '\0';
    cr_assert_eq(ak_view_route_path(longp, rel, sizeof rel), AK_ROUTE_BAD);
    char small[4];
    cr_assert_eq(ak_view_route_path("/web/app.js", small, sizeof small), AK_ROUTE_BAD);
}

// A symbolic link inside the root that points out of it is refused; one inside is followed.
Test(view, open_under_refuses_links_out_of_the_root) {
    char tmpl[] = "/tmp/ak_view_XXXXXX";
    char *dir = mkdtemp(tmpl);
    cr_assert_not_null(dir);
    char root[PATH_MAX], out[PATH_MAX], p[PATH_MAX + 32];
    snprintf(root, sizeof root, "%s/root", dir);
    snprintf(out, sizeof out, "%s/secret.txt", dir);
    cr_assert_eq(mkdir(root, 0700), 0);
    FILE *f = fopen(out, "w");
    fputs("secret", f);
    fclose(f);
    snprintf(p, sizeof p, "%s/in.txt", root);
    f = fopen(p, "w");
    fputs("inside", f);
    fclose(f);
    snprintf(p, sizeof p, "%s/link_out", root);
    cr_assert_eq(symlink(out, p), 0);
    snprintf(p, sizeof p, "%s/dir_out", root);
    cr_assert_eq(symlink(dir, p), 0);
    snprintf(p, sizeof p, "%s/link_in", root);
    cr_assert_eq(symlink("in.txt", p), 0);
    snprintf(p, sizeof p, "%s/sub", root);
    cr_assert_eq(mkdir(p, 0700), 0);

    int fd = ak_view_open_under(root, "in.txt");
    cr_assert_geq(fd, 0);
    close(fd);
    fd = ak_view_open_under(root, "link_in");
    cr_assert_geq(fd, 0);
    close(fd);
    cr_assert_eq(ak_view_open_under(root, "link_out"), -1);
    cr_assert_eq(ak_view_open_under(root, "dir_out/secret.txt"), -1);
    cr_assert_eq(ak_view_open_under(root, "sub"), -1, "a directory is not a file");
    cr_assert_eq(ak_view_open_under(root, "missing"), -1);
    cr_assert_eq(ak_view_open_under(root, "../secret.txt"), -1);

    const char *names[] = { "link_out", "dir_out", "link_in", "in.txt" };
    for (size_t i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", root, names[i]);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/sub", root);
    rmdir(p);
    rmdir(root);
    unlink(out);
    rmdir(dir);
}

static ak_view_sim *open_scene(const char *name) {
    char path[4096], err[1024];
    const char *src = getenv("AK_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/scenes/%s.json", src ? src : AK_SOURCE_DIR, name);
    ak_view_sim *s = ak_view_sim_open(path, NULL, err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    return s;
}

static cJSON *state(const ak_view_sim *s) {
    char *j = ak_view_sim_state_json(s);
    cr_assert_not_null(j);
    cJSON *o = cJSON_Parse(j);
    free(j);
    cr_assert_not_null(o);
    return o;
}

// The body's x as printed with %.9g: equal texts mean equal states to 9 digits; the stepping
// below compares the complete JSON texts instead.
static double body_x(const cJSON *st, int b, int i) {
    const cJSON *x =
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(st, "bodies"), b), "x");
    return cJSON_GetArrayItem(x, i)->valuedouble;
}

// Stepping back through the kept history and forward again gives the same states, to the bit
// of the printed JSON (the world step is deterministic; the history holds the contact cache).
Test(view, step_back_and_forward_agree) {
    ak_view_sim *s = open_scene("stack_4d");
    char err[512];
    char *j0 = ak_view_sim_state_json(s);
    cr_assert_eq(ak_view_sim_step(s, 40, err, sizeof err), 0, "%s", err);
    char *j40 = ak_view_sim_state_json(s);
    cr_assert_eq(ak_view_sim_back(s, 15), 15);
    cr_assert_eq(ak_view_sim_steps(s), 25);
    cr_assert_eq(ak_view_sim_step(s, 15, err, sizeof err), 0, "%s", err);
    char *j40b = ak_view_sim_state_json(s);
    cr_assert_str_eq(j40, j40b);
    cr_assert_eq(ak_view_sim_set_time(s, 10 * ak_view_sim_dt(s), err, sizeof err), 0);
    cr_assert_eq(ak_view_sim_steps(s), 10);
    ak_view_sim_reset(s);
    char *jr = ak_view_sim_state_json(s);
    cr_assert_str_eq(j0, jr);
    cr_assert_eq(ak_view_sim_back(s, 1), 0, "no history after a reset");
    free(j0), free(j40), free(j40b), free(jr);
    ak_view_sim_free(s);
}

// The explain record after 10 steps of stack_4d lists the resting contacts (the cubes on the
// ground and on each other: depth >= 0, unit normals) and the formula IDs of every stage.
Test(view, explain_lists_contacts_and_formulas) {
    ak_view_sim *s = open_scene("stack_4d");
    char err[512];
    cr_assert_eq(ak_view_sim_step(s, 10, err, sizeof err), 0, "%s", err);
    char *j = ak_view_sim_explain_json(s);
    cJSON *e = cJSON_Parse(j);
    free(j);
    cr_assert_not_null(e);
    const cJSON *c = cJSON_GetObjectItem(e, "contacts");
    cr_assert_geq(cJSON_GetArraySize(c), 3 * 8, "three resting 4D cubes touch along cube faces");
    const cJSON *p;
    cJSON_ArrayForEach(p, c) {
        const cJSON *nrm = cJSON_GetObjectItem(p, "normal");
        double l = 0;
        for (int i = 0; i < 4; i++) l += pow(cJSON_GetArrayItem(nrm, i)->valuedouble, 2);
        cr_assert(fabs(l - 1) < 1e-6);
        cr_assert(cJSON_GetObjectItem(p, "depth")->valuedouble >= 0);
        cr_assert(cJSON_GetObjectItem(p, "jn")->valuedouble >= 0);
    }
    cr_assert_geq(cJSON_GetArraySize(cJSON_GetObjectItem(e, "pairs")), 3);
    // the formulas of the step that ran (its formula record): the scene's catto integrator on
    // isotropic cubes (B-4.int, no B-eq5), the corrected solver, T-5.17
    int has_int = 0, has_eq5 = 0, has_alg12 = 0, has_517 = 0;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(e, "formulas")) {
        const char *id = cJSON_GetObjectItem(p, "id")->valuestring;
        has_int |= !strcmp(id, "B-4.int");
        has_eq5 |= !strcmp(id, "B-eq5");
        has_alg12 |= !strcmp(id, "T-Alg12");
        has_517 |= !strcmp(id, "T-5.17");
    }
    cr_assert(has_int && has_alg12 && has_517);
    cr_assert(!has_eq5, "B-eq5 is the thesis integrator's, not catto's");
    cJSON_Delete(e);
    ak_view_sim_free(s);
}

// dzhanibekov_c's integrator is gsl: the explain panel lists the full-state integrator's
// formulas (B-eq2, B-3 in its right-hand side), not the split step's (B-4.int, T-5.16, T-5.17),
// the same rows as `anakata step scenes/dzhanibekov_c.json --explain`; before a step, none.
Test(view, explain_lists_the_integrator_that_ran) {
    ak_view_sim *s = open_scene("dzhanibekov_c");
    char err[512];
    for (int k = 0; k < 2; k++) {
        if (k == 1) cr_assert_eq(ak_view_sim_step(s, 1, err, sizeof err), 0, "%s", err);
        char *j = ak_view_sim_explain_json(s);
        cJSON *e = cJSON_Parse(j);
        free(j);
        cr_assert_not_null(e);
        int n = 0, eq2 = 0, b3 = 0, split = 0;
        const cJSON *p;
        cJSON_ArrayForEach(p, cJSON_GetObjectItem(e, "formulas")) {
            const char *id = cJSON_GetObjectItem(p, "id")->valuestring;
            n++;
            eq2 |= !strcmp(id, "B-eq2");
            b3 |= !strcmp(id, "B-3");
            split |= !strcmp(id, "B-4.int") || !strcmp(id, "T-5.16") || !strcmp(id, "T-5.17");
        }
        if (k == 0)
            cr_expect_eq(n, 0, "no step taken, nothing recorded");
        else
            cr_expect(eq2 && b3 && !split, "gsl's rows: B-eq2 %d, B-3 %d, split-step rows %d", eq2,
                      b3, split);
        cJSON_Delete(e);
    }
    ak_view_sim_free(s);
}

// The drag spring moves a free body towards the target; a fixed body cannot be dragged.
Test(view, drag_pulls_a_body) {
    ak_view_sim *s = open_scene("stack_4d");
    char err[512];
    cJSON *a = state(s);
    double x0 = body_x(a, 3, 0), y0 = body_x(a, 3, 1);
    cJSON_Delete(a);
    double tg[4] = { x0 + 1.0, y0 + 0.5, 0, 0 };
    cr_assert(!ak_view_sim_drag(s, 0, tg), "the ground is fixed");
    cr_assert(!ak_view_sim_drag(s, 99, tg));
    cr_assert(ak_view_sim_drag(s, 3, tg));
    cr_assert_eq(ak_view_sim_step(s, 60, err, sizeof err), 0, "%s", err);
    cJSON *b = state(s);
    cr_assert_gt(body_x(b, 3, 0) - x0, 0.5, "pulled along +x by %g", body_x(b, 3, 0) - x0);
    cJSON_Delete(b);
    ak_view_sim_free(s);
}

Test(view, bad_scene_says_why) {
    char err[1024];
    cr_assert_null(ak_view_sim_open("/nonexistent/x.json", NULL, err, sizeof err));
    cr_assert(strstr(err, "/nonexistent/x.json") != NULL, "%s", err);
}
