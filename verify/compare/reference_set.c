// Reference outputs: generate, downsample, summarise, check (see reference_set.h).
#define _XOPEN_SOURCE 700 // realpath
#include "verify/compare/reference_set.h"

#include <cjson/cJSON.h>
#include <fcntl.h>
#include <limits.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "verify/common/files.h"
#include "engine/contact_cache.h"
#include "ref/ga/nd.h"
#include "verify/common/dyn_scenes.h"
#include "verify/oracles/free_body.h"
#include "engine/integrate.h"
#include "engine/scene.h" // the integrators' names
#include "engine/trace.h"
#include "engine/world.h"

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif
#ifndef AK_VERSION
#define AK_VERSION "unknown"
#endif

static void strip_extras(ak_tracefile *t);
static int engine_trace(const char *scene, const ak_compare_spec *e, const char *out_path,
                        char *err, size_t errlen);

const char *ak_ref_default_manifest(void) {
    return AK_SOURCE_DIR "/verify/reference/manifest.json";
}

const char *ak_self_exe(void) {
    static char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return NULL;
    buf[n] = '\0';
    return buf;
}

static void dir_of(const char *path, char *out, size_t n) {
    char tmp[2048];
    snprintf(tmp, sizeof tmp, "%s", path);
    snprintf(out, n, "%s", dirname(tmp));
}

// The folder a manifest's relative "scene_file" paths are relative to: the checkout's root when the
// manifest is a checkout's verify/reference/manifest.json (the committed entries name
// scenes/NAME.json), else the manifest's own folder.
static void scene_base_of(const char *manifest, char *out, size_t n) {
    char dir[2048];
    dir_of(manifest, dir, sizeof dir);
    size_t l = strlen(dir);
    const char *tail = "verify/reference";
    size_t tl = strlen(tail);
    if (l >= tl && !strcmp(dir + l - tl, tail) && (l == tl || dir[l - tl - 1] == '/')) {
        if (l == tl)
            snprintf(out, n, ".");
        else
            snprintf(out, n, "%.*s", (int)(l - tl - 1), dir);
        if (!out[0]) snprintf(out, n, "/");
    } else {
        snprintf(out, n, "%s", dir);
    }
}

// The scene file of an entry: absolute as it is; relative to scene_base_of(manifest), else (an older
// hand-written manifest elsewhere) to the source tree, read only.
static void scene_file_path(const char *manifest, const char *scene_file, char *out, size_t n) {
    if (scene_file[0] == '/') {
        snprintf(out, n, "%s", scene_file);
        return;
    }
    char base[1024];
    scene_base_of(manifest, base, sizeof base);
    snprintf(out, n, "%s/%.900s", base, scene_file);
    if (access(out, R_OK) != 0) {
        char alt[2048];
        snprintf(alt, sizeof alt, "%s/%.900s", AK_SOURCE_DIR, scene_file);
        if (access(alt, R_OK) == 0) snprintf(out, n, "%.2000s", alt);
    }
}

static cJSON *load_manifest(const char *path, char *err, size_t errlen) {
    char *text = ak_read_file(path, NULL);
    if (!text) {
        snprintf(err, errlen, "%s: cannot read the manifest", path);
        return NULL;
    }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 0);
    if (!root) { // the line and column where cJSON stopped
        int line = 1, col = 1;
        for (const char *p = text; end && p < end && *p; p++) {
            if (*p == '\n')
                line++, col = 1;
            else
                col++;
        }
        snprintf(err, errlen, "%s:%d:%d: JSON syntax error", path, line, col);
        free(text);
        return NULL;
    }
    free(text);
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "format");
    if (!cJSON_IsString(f) || strcmp(f->valuestring, "anakata-reference/1")) {
        snprintf(err, errlen, "%s: not an anakata-reference/1 manifest", path);
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

int ak_ref_scenes(const char *manifest, char (*names)[256], int max, char *err, size_t errlen) {
    cJSON *root = load_manifest(manifest, err, errlen);
    if (!root) return -1;
    int n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "scenes")) {
        const cJSON *s = cJSON_GetObjectItemCaseSensitive(e, "scene");
        if (cJSON_IsString(s) && n < max) snprintf(names[n++], 256, "%s", s->valuestring);
    }
    cJSON_Delete(root);
    return n;
}

// Run argv with stdout to out_path (or /dev/null) and stderr to a temporary file whose text goes
// to err on failure. Returns the exit status, or -1.
static int run_program(char *const argv[], const char *out_path, char *err, size_t errlen) {
    char errfile[] = "/tmp/ak_ref_stderr_XXXXXX";
    int efd = mkstemp(errfile);
    if (efd < 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(efd);
        unlink(errfile);
        return -1;
    }
    if (pid == 0) {
        int ofd = open(out_path ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (ofd >= 0) dup2(ofd, 1);
        dup2(efd, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    close(efd);
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (rc != 0) {
        char *msg = ak_read_file(errfile, NULL);
        snprintf(err, errlen, "'%s %s' exited with %d: %s", argv[0], argv[1], rc,
                 msg && *msg ? msg : "(no message)");
        size_t l = strlen(err);
        if (l && err[l - 1] == '\n') err[l - 1] = '\0';
        free(msg);
    }
    unlink(errfile);
    return rc;
}

int ak_ref_generate(const char *manifest, const ak_compare_spec *e, const char *exe,
                    const char *out_path, char *err, size_t errlen) {
    char scene[2048];
    scene_file_path(manifest, e->scene_file, scene, sizeof scene);
    (void)exe; // engine entries run in-process (engine_trace), with the same loop as `anakata run`
    if (!strcmp(e->source, "oracle"))
        return ak_free_body_oracle(scene, e->duration, out_path, NULL, err, errlen);
    if (strcmp(e->source, "engine") != 0) {
        snprintf(err, errlen, "scene '%s': unknown source '%s' (engine or oracle)", e->scene,
                 e->source);
        return -1;
    }
    return engine_trace(scene, e, out_path, err, errlen);
}

// Append an extra column (one value per body per recorded step) to t.
static int add_extra(ak_tracefile *t, const char *name, const double *vals) {
    size_t rows = (size_t)t->nsteps * (size_t)t->nbody;
    int ne = t->nextra + 1;
    double *x = malloc(rows * (size_t)ne * sizeof *x);
    char(*names)[AK_TRACEFILE_NAME_MAX] = realloc(t->extra_name, (size_t)ne * sizeof *names);
    if (!x || !names) {
        free(x);
        if (names) t->extra_name = names;
        return -1;
    }
    t->extra_name = names;
    for (size_t r = 0; r < rows; r++) {
        for (int j = 0; j < t->nextra; j++)
            x[r * (size_t)ne + (size_t)j] = t->extra[r * (size_t)t->nextra + (size_t)j];
        x[r * (size_t)ne + (size_t)t->nextra] = vals[r];
    }
    snprintf(t->extra_name[t->nextra], AK_TRACEFILE_NAME_MAX, "%s", name);
    free(t->extra);
    t->extra = x;
    t->nextra = ne;
    return 0;
}

// Remove the fixed bodies of m from t (rows in model order) and from cnt (same layout).
#define IS_FIXED(m, b) ((m)->bodies[b].fixed || !((m)->bodies[b].mass > 0))
static void drop_fixed(ak_tracefile *t, const ak_model *m, double *cnt) {
    int nb = t->nbody, nk = 0, ns = t->nstate, ne = t->nextra;
    for (int b = 0; b < nb; b++) nk += !IS_FIXED(m, b);
    if (nk == nb || nk == 0) return;
    size_t w = 0;
    for (long i = 0; i < t->nsteps; i++)
        for (int b = 0; b < nb; b++) {
            if (IS_FIXED(m, b)) continue;
            size_t from = (size_t)i * (size_t)nb + (size_t)b;
            memmove(t->state + w * (size_t)ns, t->state + from * (size_t)ns,
                    (size_t)ns * sizeof *t->state);
            if (ne)
                memmove(t->extra + w * (size_t)ne, t->extra + from * (size_t)ne,
                        (size_t)ne * sizeof *t->extra);
            cnt[w] = cnt[from];
            w++;
        }
    int k = 0;
    for (int b = 0; b < nb; b++)
        if (!IS_FIXED(m, b)) memmove(t->body[k++], t->body[b], sizeof t->body[0]);
    t->nbody = nk;
}

// An "engine" entry's "solver": {"method": M} runs the scene with that solver method (`anakata
// run --method M`) instead of the scene's own.
static int apply_method(ak_model *m, const ak_compare_spec *e, char *err, size_t errlen) {
    if (!e->method[0]) return 0;
    if (ak_solver_method_parse(e->method, &m->solver.method) == 0) return 0;
    snprintf(err, errlen,
             "scene '%s': the manifest's \"solver\": {\"method\": \"%s\"} is not a solver method "
             "(expected one of %s)",
             e->scene, e->method, ak_solver_method_names());
    return -1;
}

// An "engine" entry's trace: the world step of `anakata run SCENE --duration D [--integrator X]
// --every K` (same options, same loop: steps = round(D / dt), the scene's solver settings), run
// in-process so that each recorded row also gets the extra column "contacts": the number of
// contact points of the solver's last step that involve the body (a point between two bodies
// counts for both).
static int engine_trace(const char *scene, const ak_compare_spec *e, const char *out_path,
                        char *err, size_t errlen) {
    ak_model *m;
    ak_data *d;
    if (ak_dyn_scene_load(scene, &m, &d, err, errlen) != 0) return -1;
    ak_world_opts o = ak_world_default_opts(m);
    int rc = -1;
    double *cnt = NULL;
    ak_tracefile t = { 0 };
    if (e->integrator[0]) {
        if (ak_integrator_parse(e->integrator, &o.integrator)) {
            snprintf(err, errlen, "scene '%s': unknown integrator '%s' (expected one of %s)",
                     e->scene, e->integrator, ak_integrator_names());
            goto out;
        }
    }
    if (apply_method(m, e, err, errlen)) goto out;
    long steps = lround((e->duration > 0 ? e->duration : m->duration) / o.dt);
    long every = e->record_every > 0 ? e->record_every : 1;
    long nrec = steps / every + 2, irec = 0;
    cnt = calloc((size_t)nrec * (size_t)m->nbody, sizeof *cnt);
    ak_trace_writer *tr =
        cnt ? ak_trace_writer_open(out_path, m, ak_integrator_name(o.integrator), o.dt, err, errlen)
            : NULL;
    if (!tr) goto out;
    bool ok = ak_trace_writer_write(tr, m, d) == 0;
    irec = 1;
    for (long s = 1; s <= steps && ok; s++) {
        if (ak_world_step(m, d, &o, err, errlen) != 0) {
            char e2[512];
            snprintf(e2, sizeof e2, "%s", err);
            snprintf(err, errlen, "scene '%s': step %ld: %s", e->scene, s, e2);
            ok = false;
            break;
        }
        if (s % every == 0 || s == steps) {
            ok = ak_trace_writer_write(tr, m, d) == 0;
            const ak_contact_cache *cc = d->contacts;
            for (int p = 0; cc && p < cc->step.npoint && irec < nrec; p++) {
                cnt[(size_t)irec * (size_t)m->nbody + (size_t)cc->step.pts[p].a] += 1;
                cnt[(size_t)irec * (size_t)m->nbody + (size_t)cc->step.pts[p].b] += 1;
            }
            irec++;
        }
    }
    if (ak_trace_writer_close(tr) != 0 && ok) {
        snprintf(err, errlen, "%s: writing the trace failed", out_path);
        ok = false;
    }
    if (!ok || ak_tracefile_read(out_path, &t, err, errlen)) goto out;
    if (t.nsteps != irec || t.nbody != m->nbody) {
        snprintf(err, errlen, "%s: %ld steps of %d bodies read back, %ld of %d written", out_path,
                 t.nsteps, t.nbody, irec, m->nbody);
        goto out;
    }
    // rows in the order the writer wrote them: body b of the model is row b of each step; fixed
    // bodies (the ground, walls) never move and are left out (the trace contract allows it)
    drop_fixed(&t, m, cnt);
    // the scene as the manifest names it (relative to the source tree), not this machine's path
    snprintf(t.scene, sizeof t.scene, "%.255s", e->scene_file);
    for (int q = 0; q < t.nmeta; q++)
        if (!strcmp(t.meta_key[q], "scene"))
            snprintf(t.meta_value[q], sizeof t.meta_value[q], "%.255s", e->scene_file);
    if (add_extra(&t, "contacts", cnt) || ak_tracefile_write(out_path, &t, NULL)) {
        snprintf(err, errlen, "%s: cannot write", out_path);
        goto out;
    }
    rc = 0;
out:
    ak_tracefile_free(&t);
    free(cnt);
    ak_data_free(d);
    ak_model_free(m);
    return rc;
}

cJSON *ak_ref_invariants(const ak_tracefile *t, const ak_compare_spec *s) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", "anakata-invariants/1");
    cJSON_AddStringToObject(o, "scene", s->scene);
    cJSON_AddNumberToObject(o, "samples", (double)t->nsteps);
    cJSON_AddNumberToObject(o, "t_start", t->t[0]);
    cJSON_AddNumberToObject(o, "t_end", t->t[t->nsteps - 1]);
    double rn = 0;
    for (long i = 0; i < t->nsteps; i++)
        for (int b = 0; b < t->nbody; b++)
            rn = fmax(rn, fabs(ak_nd_rotor_norm2(t->dim, ak_tracefile_R(t, i, b)) - 1));
    cJSON_AddNumberToObject(o, "rotor_norm_error_max", rn);
    ak_invariants inv;
    if (ak_invariants_compute(t, s, &inv) == 0) {
        if (inv.has_energy) {
            double d = 0;
            for (long i = 0; i < inv.n; i++) d = fmax(d, fabs(inv.E[i] - inv.E[0]));
            cJSON_AddNumberToObject(o, "energy_start", inv.E[0]);
            cJSON_AddNumberToObject(o, "energy_end", inv.E[inv.n - 1]);
            cJSON_AddNumberToObject(o, "energy_drift_abs_max", d);
        }
        if (inv.has_momentum) {
            int n = t->dim, k = t->nbiv;
            double M = 0, dp = 0, dl = 0;
            for (int b = 0; b < s->nbody; b++) M += s->bodies[b].mass;
            for (long i = 0; i < inv.n; i++) {
                double a = 0, c = 0;
                for (int q = 0; q < n; q++) {
                    double x = inv.p[i * n + q] - inv.p[q] -
                               (s->has_gravity ? M * s->gravity[q] : 0) * (inv.t[i] - inv.t[0]);
                    a += x * x;
                }
                for (int q = 0; q < k; q++)
                    c += (inv.L[i * k + q] - inv.L[q]) * (inv.L[i * k + q] - inv.L[q]);
                dp = fmax(dp, sqrt(a));
                dl = fmax(dl, sqrt(c));
            }
            cJSON_AddNumberToObject(o, "momentum_drift_abs_max", dp);
            cJSON_AddNumberToObject(o, "angular_momentum_drift_abs_max", dl);
        }
        if (inv.why[0]) cJSON_AddStringToObject(o, "note", inv.why);
        ak_invariants_free(&inv);
    }
    return o;
}

static int write_json(const char *path, const cJSON *j) {
    char *s = cJSON_Print(j);
    FILE *f = s ? fopen(path, "w") : NULL;
    bool ok = f && fputs(s, f) >= 0 && fputc('\n', f) != EOF;
    if (f && fclose(f) != 0) ok = false;
    free(s);
    return ok ? 0 : -1;
}

// Set obj[key] = item, replacing or adding.
static void set_item(cJSON *obj, const char *key, cJSON *item) {
    if (cJSON_GetObjectItemCaseSensitive(obj, key))
        cJSON_ReplaceItemInObjectCaseSensitive(obj, key, item);
    else
        cJSON_AddItemToObject(obj, key, item);
}

static cJSON *entry_of(cJSON *root, const char *scene) {
    cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "scenes")) {
        const cJSON *s = cJSON_GetObjectItemCaseSensitive(e, "scene");
        if (cJSON_IsString(s) && !strcmp(s->valuestring, scene)) return e;
    }
    return NULL;
}

// Mass properties from `exe mass SCENE --json` into the entry's "bodies" (engine entries).
static int engine_mass(cJSON *entry, const char *exe, const char *scene_path, char *err,
                       size_t errlen) {
    char out[] = "/tmp/ak_ref_mass_XXXXXX";
    int fd = mkstemp(out);
    if (fd < 0) return -1;
    close(fd);
    char *argv[] = { (char *)exe, "mass", (char *)scene_path, "--json", NULL };
    int rc = run_program(argv, out, err, errlen);
    char *text = rc == 0 ? ak_read_file(out, NULL) : NULL;
    unlink(out);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    cJSON *bodies = cJSON_GetObjectItemCaseSensitive(j, "bodies"), *b;
    if (!cJSON_IsArray(bodies)) {
        if (rc == 0)
            snprintf(err, errlen, "'anakata mass %s --json' printed no \"bodies\"", scene_path);
        cJSON_Delete(j);
        return -1;
    }
    cJSON *list = cJSON_CreateArray();
    cJSON_ArrayForEach(b, bodies) {
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(b, "mass");
        if (!cJSON_IsNumber(m) || !(m->valuedouble > 0)) continue; // fixed bodies have no mass
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "name",
                              cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(b, "name"), 1));
        cJSON_AddNumberToObject(o, "mass", m->valuedouble);
        cJSON_AddItemToObject(o, "inertia",
                              cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(b, "inertia"), 1));
        cJSON_AddItemToArray(list, o);
    }
    set_item(entry, "bodies", list);
    cJSON_Delete(j);
    return 0;
}

int ak_ref_update(const char *manifest, const char *scene, const char *exe, char *err,
                  size_t errlen) {
    cJSON *root = load_manifest(manifest, err, errlen);
    if (!root) return -1;
    cJSON *entry = entry_of(root, scene);
    int rc = -1;
    ak_compare_spec s;
    ak_tracefile t = { 0 };
    unsigned char *keep = NULL;
    char tmp[] = "/tmp/ak_ref_trace_XXXXXX", dir[2048], path[4096];
    int fd = mkstemp(tmp);
    if (fd >= 0) close(fd);
    if (!entry) {
        snprintf(err, errlen, "%s: no scene '%s' (add an entry by hand, see docs/compare.md)",
                 manifest, scene);
        goto done;
    }
    if (ak_manifest_load(manifest, scene, &s, err, errlen) != 0) goto done;
    char scene_path[2048];
    scene_file_path(manifest, s.scene_file, scene_path, sizeof scene_path);
    bool oracle_props = !strcmp(s.source, "oracle");
    if (!strcmp(s.source, "engine") && engine_mass(entry, exe, scene_path, err, errlen)) {
        // `anakata mass` unavailable or failing: free hyperboxes and hyperspheres get the
        // oracle's textbook mass properties; otherwise the entry keeps the ones it has.
        char e2[512];
        ak_free_body_info probe;
        if (ak_free_body_oracle(scene_path, 0.01, tmp, &probe, e2, sizeof e2) == 0) {
            ak_free_body_info_free(&probe);
            oracle_props = true;
            fprintf(stderr,
                    "anakata reference: %s: %s; mass properties from the free-body oracle\n", scene,
                    err);
        } else if (!cJSON_GetObjectItemCaseSensitive(entry, "bodies")) {
            fprintf(
                stderr,
                "anakata reference: %s: %s; no mass properties (energy from the trace's column)\n",
                scene, err);
        }
        err[0] = '\0';
    }
    if (oracle_props) {
        ak_free_body_info o;
        if (ak_free_body_oracle(scene_path, 0.01, tmp, &o, err, errlen)) goto done_spec;
        cJSON *list = cJSON_CreateArray();
        int k = ak_nd_nbiv(o.dim);
        for (int b = 0; b < o.nbody; b++) {
            cJSON *jb = cJSON_CreateObject();
            cJSON_AddStringToObject(jb, "name", o.bodies[b].name);
            cJSON_AddNumberToObject(jb, "mass", o.bodies[b].mass);
            cJSON *I = cJSON_AddArrayToObject(jb, "inertia");
            for (int r = 0; r < k; r++) { // the oracle's inertia is diagonal in the body frame
                double row[AK_MAX_BIV] = { 0 };
                row[r] = o.bodies[b].inertia[r];
                cJSON_AddItemToArray(I, cJSON_CreateDoubleArray(row, k));
            }
            cJSON_AddItemToArray(list, jb);
        }
        set_item(entry, "bodies", list);
        set_item(entry, "gravity", cJSON_CreateDoubleArray(o.gravity, o.dim));
        set_item(entry, "dim", cJSON_CreateNumber(o.dim));
        ak_free_body_info_free(&o);
    }
    if (ak_ref_generate(manifest, &s, exe, tmp, err, errlen)) goto done_spec;
    if (ak_tracefile_read(tmp, &t, err, errlen)) goto done_spec;
    set_item(entry, "dim", cJSON_CreateNumber(t.dim)); // entries written without it get it now
    keep = malloc((size_t)t.nsteps);
    if (!keep) goto done_spec;
    ak_tracefile_downsample(&t, s.dense_until, s.downsample, keep);
    strip_extras(&t);
    dir_of(manifest, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s", dir, s.trace);
    if (ak_tracefile_write(path, &t, keep)) {
        snprintf(err, errlen, "%s: cannot write", path);
        goto done_spec;
    }
    // The summary describes the committed (downsampled) trace, so anyone can recompute it.
    ak_tracefile committed;
    if (ak_tracefile_read(path, &committed, err, errlen)) goto done_spec;
    ak_compare_spec_free(&s);
    if (write_json(tmp, root) ||
        ak_manifest_load(tmp, scene, &s, err, errlen)) { // mass properties just set
        ak_tracefile_free(&committed);
        goto done;
    }
    cJSON *inv = ak_ref_invariants(&committed, &s);
    ak_tracefile_free(&committed);
    snprintf(path, sizeof path, "%s/%s.invariants.json", dir, scene);
    if (write_json(path, inv)) {
        snprintf(err, errlen, "%s: cannot write", path);
        cJSON_Delete(inv);
        goto done_spec;
    }
    cJSON_Delete(inv);
    set_item(root, "engine_version", cJSON_CreateString(AK_VERSION));
    if (write_json(manifest, root)) {
        snprintf(err, errlen, "%s: cannot write", manifest);
        goto done_spec;
    }
    rc = 0;
done_spec:
    ak_compare_spec_free(&s);
done:
    free(keep);
    ak_tracefile_free(&t);
    unlink(tmp);
    cJSON_Delete(root);
    return rc;
}

// Keep only the extra columns that compare reads ("energy", "contacts"): the reference files stay
// small, and their content does not depend on what else a trace writer adds.
static void strip_extras(ak_tracefile *t) {
    int keep[2], nk = 0;
    for (int k = 0; k < t->nextra; k++)
        if (!strcmp(t->extra_name[k], "energy") || !strcmp(t->extra_name[k], "contacts"))
            keep[nk++] = k;
    double *e = t->extra;
    size_t rows = (size_t)t->nsteps * (size_t)t->nbody;
    for (size_t r = 0; r < rows; r++)
        for (int j = 0; j < nk; j++)
            e[r * (size_t)nk + (size_t)j] = e[r * (size_t)t->nextra + (size_t)keep[j]];
    for (int j = 0; j < nk; j++)
        memmove(t->extra_name[j], t->extra_name[keep[j]], sizeof t->extra_name[0]);
    t->nextra = nk;
}

static double rel_diff(double a, double b) {
    double d = fabs(a - b), s = fmax(fabs(a), fabs(b));
    return s > 0 ? d / s : 0;
}

int ak_ref_check(const char *manifest, const char *scene, const char *exe, double *files_err,
                 ak_compare_result *drift, char *err, size_t errlen) {
    if (drift) memset(drift, 0, sizeof *drift);
    *files_err = NAN;
    ak_compare_spec s, sd;
    if (ak_manifest_load(manifest, scene, &s, err, errlen) != 0) {
        if (!err[0]) snprintf(err, errlen, "%s: no scene '%s'", manifest, scene);
        return -1;
    }
    char dir[2048], path[4096];
    dir_of(manifest, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%s", dir, s.trace);
    ak_tracefile ref, fresh;
    int rc = -1;
    if (ak_tracefile_read(path, &ref, err, errlen)) {
        ak_compare_spec_free(&s);
        return -1;
    }
    // 1. the committed files agree with each other
    snprintf(path, sizeof path, "%s/%s.invariants.json", dir, scene);
    char *text = ak_read_file(path, NULL);
    cJSON *stored = text ? cJSON_Parse(text) : NULL;
    free(text);
    cJSON *now = ak_ref_invariants(&ref, &s);
    ak_compare_result self;
    char e2[256];
    if (!stored)
        snprintf(err, errlen, "%s: missing or not JSON", path);
    else if (ak_compare_traces(&ref, &ref, &s, &self, e2, sizeof e2) || self.nfail)
        snprintf(err, errlen, "%s: the reference does not compare equal with itself", s.trace);
    else {
        double worst = 0;
        const cJSON *v;
        cJSON_ArrayForEach(v, now) {
            if (!cJSON_IsNumber(v)) continue;
            const cJSON *w = cJSON_GetObjectItemCaseSensitive(stored, v->string);
            worst = fmax(worst,
                         cJSON_IsNumber(w) ? rel_diff(v->valuedouble, w->valuedouble) : INFINITY);
        }
        *files_err = worst;
        rc = 0;
    }
    cJSON_Delete(stored);
    cJSON_Delete(now);
    if (rc || !drift) goto out;
    // 2. a fresh run, downsampled the same way, against the committed trace
    rc = -1;
    char tmp[] = "/tmp/ak_ref_fresh_XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0) goto out;
    close(fd);
    if (ak_manifest_load_tol(manifest, scene, "drift_tolerances", &sd, err, errlen) != 0) {
        unlink(tmp);
        goto out;
    }
    if (ak_ref_generate(manifest, &sd, exe, tmp, err, errlen) == 0 &&
        ak_tracefile_read(tmp, &fresh, err, errlen) == 0) {
        unsigned char *keep = malloc((size_t)fresh.nsteps);
        if (keep) {
            ak_tracefile_downsample(&fresh, sd.dense_until, sd.downsample, keep);
            char tmp2[4200];
            snprintf(tmp2, sizeof tmp2, "%s.ds", tmp);
            ak_tracefile ds;
            if (ak_tracefile_write(tmp2, &fresh, keep) == 0 &&
                ak_tracefile_read(tmp2, &ds, err, errlen) == 0) {
                rc = ak_compare_traces(&ref, &ds, &sd, drift, err, errlen);
                ak_tracefile_free(&ds);
            }
            unlink(tmp2);
            free(keep);
        }
        ak_tracefile_free(&fresh);
    }
    unlink(tmp);
    ak_compare_spec_free(&sd);
out:
    ak_tracefile_free(&ref);
    ak_compare_spec_free(&s);
    return rc;
}

// ---- predictability horizon ------------------------------------------------------------------

static double rdist(const double *a, const double *b, int n, bool rotor) {
    double s = 0, t = 0;
    for (int i = 0; i < n; i++)
        s += (a[i] - b[i]) * (a[i] - b[i]), t += (a[i] + b[i]) * (a[i] + b[i]);
    return sqrt(rotor ? fmin(s, t) : s);
}

int ak_ref_measure_horizon(const char *scene_path, const ak_compare_spec *e, double eps,
                           double *horizon, char *what, size_t whatlen, char *err, size_t errlen) {
    ak_model *m;
    ak_data *d;
    if (ak_dyn_scene_load(scene_path, &m, &d, err, errlen) != 0) return -1;
    int rc = -1, n = m->dim, ne = ak_nd_neven(n), nb = ak_nd_nbiv(n);
    ak_data *p = ak_data_create(m);
    ak_world_opts o = ak_world_default_opts(m);
    if (!p) goto out;
    if (e->integrator[0]) {
        if (ak_integrator_parse(e->integrator, &o.integrator)) {
            snprintf(err, errlen, "unknown integrator '%s' (expected one of %s)", e->integrator,
                     ak_integrator_names());
            goto out;
        }
    }
    if (apply_method(m, e, err, errlen)) goto out;
    ak_data_copy(m, p, d);
    // the perturbed twin: every moving body's x, v (first axis) and w (first plane) moved by eps
    for (int b = 0; b < m->nbody; b++) {
        if (IS_FIXED(m, b)) continue;
        p->x[b * AK_MAX_DIM] += eps;
        p->v[b * AK_MAX_DIM] += eps;
        p->w[b * AK_MAX_BIV] += eps;
    }
    const double tol[4] = { e->tol_position, e->tol_velocity, e->tol_rotor,
                            e->tol_angular_velocity };
    static const char *const Q[4] = { "position", "velocity", "rotor", "angular velocity" };
    double T = e->duration > 0 ? e->duration : m->duration;
    long steps = lround(T / o.dt);
    *horizon = T;
    if (isnan(tol[0]) && isnan(tol[1]) && isnan(tol[2]) && isnan(tol[3])) {
        *horizon = 0;
        snprintf(what, whatlen, "the entry compares no state (every state tolerance is null)");
        rc = 0;
        goto out;
    }
    snprintf(what, whatlen, "the runs stay within the state tolerances for the whole %g s", T);
    for (long s = 1; s <= steps; s++) {
        if (ak_world_step(m, d, &o, err, errlen) || ak_world_step(m, p, &o, err, errlen)) goto out;
        for (int b = 0; b < m->nbody; b++) {
            if (IS_FIXED(m, b)) continue;
            double dq[4] = { rdist(d->x + b * AK_MAX_DIM, p->x + b * AK_MAX_DIM, n, false),
                             rdist(d->v + b * AK_MAX_DIM, p->v + b * AK_MAX_DIM, n, false),
                             rdist(d->R + b * AK_MAX_EVEN, p->R + b * AK_MAX_EVEN, ne, true),
                             rdist(d->w + b * AK_MAX_BIV, p->w + b * AK_MAX_BIV, nb, false) };
            for (int q = 0; q < 4; q++)
                if (!isnan(tol[q]) && dq[q] > tol[q]) {
                    *horizon = (double)(s - 1) * o.dt;
                    snprintf(what, whatlen, "%s of body '%s' separates by %.3g > %g at t = %g s",
                             Q[q], m->bodies[b].name, dq[q], tol[q], (double)s * o.dt);
                    rc = 0;
                    goto out;
                }
        }
    }
    rc = 0;
out:
    if (p) ak_data_free(p);
    ak_data_free(d);
    ak_model_free(m);
    return rc;
}

static void scene_path_of(const char *manifest, const ak_compare_spec *s, char *out, size_t n) {
    scene_file_path(manifest, s->scene_file, out, n);
}

static cJSON *predictability_json(double h, double eps, const char *what,
                                  const ak_compare_spec *s) {
    cJSON *pj = cJSON_CreateObject();
    cJSON_AddNumberToObject(pj, "horizon", h);
    cJSON_AddNumberToObject(pj, "perturbation", eps);
    cJSON_AddStringToObject(
        pj, "method",
        "two runs with the reference's integrator, the second with x, v (first axis) and w (first "
        "plane) of every moving body moved by the perturbation; horizon = last step before any "
        "body's position, velocity, rotor or angular velocity differ by more than the entry's "
        "state tolerances (anakata reference --measure-horizon)");
    cJSON_AddStringToObject(pj, "separation", what);
    cJSON_AddStringToObject(pj, "integrator", s->integrator[0] ? s->integrator : "(the scene's)");
    return pj;
}

int ak_ref_measure_entry(const char *manifest, const char *scene, double eps, double *horizon,
                         char *what, size_t whatlen, char *err, size_t errlen) {
    cJSON *root = load_manifest(manifest, err, errlen);
    if (!root) return -1;
    cJSON *entry = entry_of(root, scene);
    ak_compare_spec s;
    int rc = -1;
    if (!entry) {
        snprintf(err, errlen, "%s: no scene '%s'", manifest, scene);
        cJSON_Delete(root);
        return -1;
    }
    if (ak_manifest_load(manifest, scene, &s, err, errlen) != 0) {
        cJSON_Delete(root);
        return -1;
    }
    char path[2048];
    scene_path_of(manifest, &s, path, sizeof path);
    if (!strcmp(s.source, "oracle")) snprintf(s.integrator, sizeof s.integrator, "gsl");
    if (ak_ref_measure_horizon(path, &s, eps, horizon, what, whatlen, err, errlen) == 0) {
        set_item(entry, "predictability", predictability_json(*horizon, eps, what, &s));
        if (write_json(manifest, root))
            snprintf(err, errlen, "%s: cannot write", manifest);
        else
            rc = 0;
    }
    ak_compare_spec_free(&s);
    cJSON_Delete(root);
    return rc;
}

// ---- a new entry for any scene file -----------------------------------------------------------

int ak_ref_make(const char *manifest, const ak_ref_make_opts *mo, const char *exe, char *err,
                size_t errlen) {
    cJSON *root = NULL;
    char *text = ak_read_file(manifest, NULL);
    if (!text) { // a new manifest, in a new directory if need be
        char dir[2048];
        dir_of(manifest, dir, sizeof dir);
        mkdir(dir, 0755);
        root = cJSON_CreateObject();
        cJSON_AddStringToObject(root, "format", "anakata-reference/1");
        cJSON_AddStringToObject(root, "engine_version", AK_VERSION);
        cJSON_AddArrayToObject(root, "scenes");
    } else {
        free(text);
        root = load_manifest(manifest, err, errlen);
        if (!root) return -1;
    }
    int rc = -1;
    ak_model *m = NULL;
    ak_data *d = NULL;
    char name[256];
    if (mo->name && mo->name[0])
        snprintf(name, sizeof name, "%s", mo->name);
    else {
        const char *b = strrchr(mo->scene_file, '/');
        snprintf(name, sizeof name, "%s", b ? b + 1 : mo->scene_file);
        char *dot = strrchr(name, '.');
        if (dot && !strcmp(dot, ".json")) *dot = '\0';
    }
    cJSON *old = entry_of(root, name);
    if (old && !mo->replace) {
        snprintf(err, errlen,
                 "%s already has scene '%s' (replace it with --make ... --update, or give --name)",
                 manifest, name);
        goto done;
    }
    if (ak_dyn_scene_load(mo->scene_file, &m, &d, err, errlen) != 0) goto done;
    // the scene file as the manifest will name it: relative to where the manifest is (its
    // checkout's root for a checkout's verify/reference/manifest.json) when inside it, else absolute
    char real[PATH_MAX], src[PATH_MAX], sf[PATH_MAX + 8], base[2048];
    if (!realpath(mo->scene_file, real)) snprintf(real, sizeof real, "%s", mo->scene_file);
    scene_base_of(manifest, base, sizeof base);
    if (realpath(base, src) && !strncmp(real, src, strlen(src)) && real[strlen(src)] == '/')
        snprintf(sf, sizeof sf, "%s", real + strlen(src) + 1);
    else
        snprintf(sf, sizeof sf, "%s", real);
    // the most accurate integrator: the GSL reference (rk8pd) where the scene cannot have contacts
    // (one free body, or no shapes that touch); contact scenes need a split integrator and keep
    // the scene's
    bool contacts = false, forces = m->forces.nspring > 0 || m->forces.linear_drag > 0 ||
                                    m->forces.quadratic_drag > 0 || m->forces.angular_drag > 0;
    int moving = 0;
    for (int b = 0; b < m->nbody; b++) moving += !IS_FIXED(m, b);
    contacts = m->nbody > 1;
    bool isolated = !contacts && !forces && moving == m->nbody;
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "scene", name);
    cJSON_AddStringToObject(e, "scene_file", sf);
    cJSON_AddStringToObject(e, "source", "engine");
    char trace[300];
    snprintf(trace, sizeof trace, "%s.csv", name);
    cJSON_AddStringToObject(e, "trace", trace);
    double T = mo->duration > 0 ? mo->duration : m->duration;
    cJSON_AddNumberToObject(e, "duration", T);
    if (mo->record_every > 1) cJSON_AddNumberToObject(e, "record_every", mo->record_every);
    cJSON *ds = cJSON_AddObjectToObject(e, "downsample");
    cJSON_AddNumberToObject(ds, "every", mo->downsample > 0 ? mo->downsample : 1);
    cJSON_AddNumberToObject(ds, "dense_until", mo->dense_until > 0 ? mo->dense_until : 0);
    if (!contacts) cJSON_AddStringToObject(e, "integrator", "gsl");
    cJSON_AddNumberToObject(e, "dim", m->dim);
    cJSON_AddItemToObject(e, "gravity", cJSON_CreateDoubleArray(m->gravity, m->dim));
    cJSON_AddBoolToObject(e, "isolated", isolated);
    // default tolerances (docs/compare.md, "Tolerances"), then the command line's
    ak_compare_spec s;
    ak_compare_spec_default(&s);
    // contact scenes: impacts make states differ by more than a free body's; these are the
    // defaults docs/compare.md lists (the committed 3D contact entries use similar ones)
    if (contacts) {
        s.tol_position = 0.01, s.tol_velocity = 0.1, s.tol_rotor = 0.01,
        s.tol_angular_velocity = 0.1;
        s.tol_end_position = 0.01, s.tol_end_rotor = 0.01, s.tol_energy_final = 0.05,
        s.tol_contacts_mean = 0.2;
        s.tol_energy_drift = 0.05;
    }
    if (contacts) s.tol_momentum_drift = s.tol_angular_momentum_drift = NAN; // the ground pushes
    for (int i = 0; i < mo->ntol; i++)
        if (ak_compare_spec_override(&s, mo->tol[i], err, errlen)) {
            cJSON_Delete(e);
            goto done;
        }
    cJSON *t = cJSON_AddObjectToObject(e, "tolerances");
#define TOL(key, v) (isnan(v) ? cJSON_AddNullToObject(t, key) : cJSON_AddNumberToObject(t, key, v))
    TOL("horizon", s.horizon);
    TOL("position", s.tol_position);
    TOL("velocity", s.tol_velocity);
    TOL("rotor", s.tol_rotor);
    TOL("angular_velocity", s.tol_angular_velocity);
    TOL("energy_initial", s.tol_energy_initial);
    TOL("energy_drift", s.tol_energy_drift);
    TOL("energy_final", s.tol_energy_final);
    TOL("energy_gain", s.tol_energy_gain);
    TOL("momentum_drift", s.tol_momentum_drift);
    TOL("angular_momentum_drift", s.tol_angular_momentum_drift);
    TOL("end_position", s.tol_end_position);
    TOL("end_rotor", s.tol_end_rotor);
    TOL("contacts_mean", s.tol_contacts_mean);
    TOL("kinematics", s.tol_kinematics);
    TOL("centroid", s.tol_centroid);
    TOL("event", s.tol_event);
#undef TOL
    // the engine against its own reference: bit for bit but for rounding
    cJSON *dt = cJSON_AddObjectToObject(e, "drift_tolerances");
    cJSON_AddNumberToObject(dt, "horizon", T);
    static const char *const tight[] = { "position",         "velocity",     "rotor",
                                         "angular_velocity", "end_position", "end_rotor" };
    for (size_t i = 0; i < sizeof tight / sizeof *tight; i++)
        cJSON_AddNumberToObject(dt, tight[i], 1e-9);
    cJSON_AddNumberToObject(dt, "energy_initial", 1e-12);
    cJSON_AddNumberToObject(dt, "energy_drift", 1e-9);
    cJSON_AddNumberToObject(dt, "contacts_mean", 0);
    if (contacts)
        cJSON_AddNullToObject(dt, "momentum_drift"),
            cJSON_AddNullToObject(dt, "angular_momentum_drift");
    else
        cJSON_AddNumberToObject(dt, "momentum_drift", 1e-9),
            cJSON_AddNumberToObject(dt, "angular_momentum_drift", 1e-9);
    if (old)
        cJSON_ReplaceItemViaPointer(cJSON_GetObjectItemCaseSensitive(root, "scenes"), old,
                                    e); // --update
    else
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(root, "scenes"), e);
    if (write_json(manifest, root)) {
        snprintf(err, errlen, "%s: cannot write", manifest);
        goto done;
    }
    // trace, mass properties, invariants (as --update does), then whether it settles
    if (ak_ref_update(manifest, name, exe, err, errlen)) goto done;
    cJSON_Delete(root);
    root = load_manifest(manifest, err, errlen);
    if (!root) goto done;
    e = entry_of(root, name);
    {
        ak_compare_spec s2;
        ak_tracefile tr;
        char dir[2048], path[4096];
        dir_of(manifest, dir, sizeof dir);
        snprintf(path, sizeof path, "%s/%s", dir, trace);
        if (ak_manifest_load(manifest, name, &s2, err, errlen) ||
            ak_tracefile_read(path, &tr, err, errlen))
            goto done;
        ak_invariants inv;
        bool settles = false;
        if (ak_invariants_compute(&tr, &s2, &inv) == 0) {
            double kmax = 0;
            for (long i = 0; i < inv.n; i++) kmax = fmax(kmax, inv.KE[i]);
            // it settles when the kinetic energy at the end is below 1e-4 of its largest value
            settles = inv.has_energy && kmax > 0 && inv.KE[inv.n - 1] < 1e-4 * kmax;
            ak_invariants_free(&inv);
        }
        set_item(e, "settles", cJSON_CreateBool(settles));
        ak_tracefile_free(&tr);
        // the predictability horizon, measured (or given)
        char what[512];
        double h;
        if (!isnan(mo->horizon)) {
            cJSON *pj = cJSON_CreateObject();
            cJSON_AddNumberToObject(pj, "horizon", mo->horizon);
            cJSON_AddStringToObject(pj, "method", "given on the command line (--horizon)");
            set_item(e, "predictability", pj);
        } else {
            char sp[2048];
            scene_path_of(manifest, &s2, sp, sizeof sp);
            if (ak_ref_measure_horizon(sp, &s2, 1e-9, &h, what, sizeof what, err, errlen)) {
                ak_compare_spec_free(&s2);
                goto done;
            }
            set_item(e, "predictability", predictability_json(h, 1e-9, what, &s2));
        }
        ak_compare_spec_free(&s2);
    }
    if (write_json(manifest, root)) {
        snprintf(err, errlen, "%s: cannot write", manifest);
        goto done;
    }
    rc = 0;
done:
    if (d) ak_data_free(d);
    if (m) ak_model_free(m);
    cJSON_Delete(root);
    return rc;
}
