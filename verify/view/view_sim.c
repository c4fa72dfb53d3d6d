// The simulation behind anakata view (view_sim.h): a scene, its history, the JSON for the page.
#include "verify/view/view_sim.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/common/files.h"
#include "verify/common/render_embed.h"
#include "verify/common/strbuf.h"
#include "verify/common/world_checks_util.h"
#include "verify/compare/trace_read.h"
#include "ref/collide/collide.h"
#include "engine/contact_cache.h"
#include "ref/dyn/dyn.h"
#include "verify/report/report.h"
#include "verify/report/traceability.h"
#include "engine/scene.h"
#include "render/shaders/ak_render_constants.h"
#include "engine/solver.h"
#include "engine/step_explain.h"
#include "render/tracer.h"
#include "engine/world.h"

#define HIST_MAX_STEPS 4000
#define HIST_MAX_BYTES (256u << 20)

struct ak_view_sim {
    char path[1024];
    ak_model *m;
    ak_data *d, *d0; // current, initial
    ak_data **hist;  // states before each kept step, oldest first
    long nhist, hist_cap;
    size_t *hist_bytes; // what each kept state holds (bodies and contact points)
    size_t hist_total;  // their sum, at most HIST_MAX_BYTES
    ak_world_opts wo;
    char trace_integrator[64]; // the integrator a replayed trace names ("" when simulating)
    int drag_body;
    double drag_target[4];
    ak_formula_list formulas; // the explain IDs with their verdicts from the docs
    bool have_formulas;
    ak_render_scene *rs; // the render scene of the current state (rebuilt on demand)
    // replay of a trace (NULL when simulating)
    ak_tracefile *trace, *ref;
    int *trace_body, *ref_body; // per model body: its index in the trace / reference, or -1
    long frame;
    ak_data *dref; // the reference's bodies at the nearest time (ghosts)
    char ref_path[1024];
    double (*embed_verts)[4];
};

// ---- a small string builder ----------------------------------------------------------------

typedef ak_strbuf sb; // the page's JSON is written through common/strbuf.h
#define sbf ak_strbuf_printf
#define sb_done ak_strbuf_done

// JSON string (names come from scene files: escape everything that needs it).
static void sbs(sb *b, const char *s) {
    sbf(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            sbf(b, "\\%c", *p);
        else if (*p < 0x20)
            sbf(b, "\\u%04x", *p);
        else
            sbf(b, "%c", *p);
    }
    sbf(b, "\"");
}

// A finite number (JSON has no inf / nan: they become null).
static void sbn(sb *b, double v) {
    if (isfinite(v))
        sbf(b, "%.9g", v);
    else
        sbf(b, "null");
}

static void sbv(sb *b, int n, const double *v) {
    sbf(b, "[");
    for (int i = 0; i < n; i++) {
        if (i) sbf(b, ",");
        sbn(b, v[i]);
    }
    sbf(b, "]");
}

// ---- loading --------------------------------------------------------------------------------

// IDs whose entry states no verdict line of its own (one heading for two formulas, "Verdict:"
// inside a sentence) take it from a verdict table of the formula pages: a row "| ID | verdict |".
static void table_verdicts(ak_formula_list *l, const char *docs_dir) {
    static const char *const pages[] = { "collide", "dynamics", "ga",   "gaps",
                                         "mass",    "render",   "world" };
    for (size_t p = 0; p < sizeof pages / sizeof pages[0]; p++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/formulas/%s.md", docs_dir, pages[p]);
        char *text = ak_read_file(path, NULL);
        if (!text) continue;
        for (char *line = text; line && *line;) {
            char *nl = strchr(line, '\n');
            if (nl) *nl = '\0';
            if (!strncmp(line, "| ", 2)) {
                char *c1 = line + 2, *e1 = strchr(c1, '|');
                char *e2 = e1 ? strchr(e1 + 1, '|') : NULL;
                if (e2) {
                    size_t n1 = (size_t)(e1 - c1);
                    while (n1 && c1[n1 - 1] == ' ') n1--;
                    char id[AK_FID_MAX];
                    if (n1 > 0 && n1 < sizeof id) {
                        memcpy(id, c1, n1);
                        id[n1] = '\0';
                        long f = ak_formulas_find(l, id);
                        if (f >= 0 && !l->items[f].verdict[0]) {
                            char *v = e1 + 1;
                            while (*v == ' ') v++;
                            size_t nv = (size_t)(e2 - v);
                            while (nv && v[nv - 1] == ' ') nv--;
                            snprintf(l->items[f].verdict, sizeof l->items[f].verdict, "%.*s",
                                     (int)nv, v);
                        }
                    }
                }
            }
            line = nl ? nl + 1 : NULL;
        }
        free(text);
    }
}

// The integrator the page names: the one of the replayed trace, else the scene's.
static const char *integrator_shown(const ak_view_sim *s) {
    return s->trace_integrator[0] ? s->trace_integrator : ak_integrator_name(s->m->integrator);
}

static void load_formulas(ak_view_sim *s, const char *docs_dir) {
    if (!docs_dir) return;
    // Every ID the explain table may list (engine/step_explain.c: one row per recordable
    // formula), as a FORMULAS.md-like text for the parser.
    sb t = { 0 };
    sbf(&t, "\n## view\n"); // the parser starts at the first "\n## "
    int cnt = 0;
    const ak_explain_entry *e = ak_explain_table(&cnt);
    for (int i = 0; i < cnt; i++) sbf(&t, "- %s\n", e[i].formula);
    char *text = sb_done(&t);
    char err[256];
    if (text && ak_formulas_parse(text, &s->formulas, err, sizeof err) == 0) {
        s->have_formulas = true;
        ak_formulas_scan_docs(&s->formulas, docs_dir);
        table_verdicts(&s->formulas, docs_dir);
    }
    free(text);
}

ak_view_sim *ak_view_sim_open(const char *path, const char *docs_dir, char *err, size_t errlen) {
    ak_view_sim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    s->m = ak_wc_load(path, &s->d, err, errlen);
    if (!s->m) {
        free(s);
        return NULL;
    }
    if (s->m->dim < 2 || s->m->dim > 4) {
        snprintf(err, errlen, "%s: the viewer draws 2D, 3D and 4D scenes (this one is %dD)", path,
                 s->m->dim);
        ak_view_sim_free(s);
        return NULL;
    }
    s->d0 = ak_data_create(s->m);
    s->rs = calloc(1, sizeof *s->rs);
    s->embed_verts = calloc(2 * AK_RENDER_MAX_VERTS, sizeof *s->embed_verts);
    if (!s->d0 || !s->rs || !s->embed_verts) {
        snprintf(err, errlen, "out of memory");
        ak_view_sim_free(s);
        return NULL;
    }
    ak_data_copy(s->m, s->d0, s->d);
    s->wo = ak_world_default_opts(s->m);
    s->drag_body = -1;
    size_t per =
        (size_t)s->m->nbody * sizeof(double) * 2 * (AK_MAX_DIM + AK_MAX_EVEN + AK_MAX_BIV) + 1;
    s->hist_cap = (long)(HIST_MAX_BYTES / per);
    if (s->hist_cap > HIST_MAX_STEPS) s->hist_cap = HIST_MAX_STEPS;
    if (s->hist_cap < 16) s->hist_cap = 16;
    s->hist = calloc((size_t)s->hist_cap, sizeof *s->hist);
    s->hist_bytes = calloc((size_t)s->hist_cap, sizeof *s->hist_bytes);
    if (!s->hist || !s->hist_bytes) {
        snprintf(err, errlen, "out of memory");
        ak_view_sim_free(s);
        return NULL;
    }
    load_formulas(s, docs_dir);
    return s;
}

void ak_view_sim_free(ak_view_sim *s) {
    if (!s) return;
    for (long i = 0; i < s->nhist; i++) ak_data_free(s->hist[i]);
    free(s->hist);
    free(s->hist_bytes);
    if (s->d) ak_data_free(s->d);
    if (s->d0) ak_data_free(s->d0);
    if (s->m) ak_model_free(s->m);
    if (s->have_formulas) ak_formulas_free(&s->formulas);
    free(s->rs);
    free(s->embed_verts);
    if (s->trace) ak_tracefile_free(s->trace);
    if (s->ref) ak_tracefile_free(s->ref);
    free(s->trace), free(s->ref), free(s->trace_body), free(s->ref_body);
    if (s->dref) ak_data_free(s->dref);
    free(s);
}

double ak_view_sim_time(const ak_view_sim *s) { return s->d->t; }
double ak_view_sim_dt(const ak_view_sim *s) {
    if (s->trace && s->trace->nsteps > 1) // the mean interval of the recorded steps
        return (s->trace->t[s->trace->nsteps - 1] - s->trace->t[0]) /
               (double)(s->trace->nsteps - 1);
    return s->wo.dt;
}
long ak_view_sim_steps(const ak_view_sim *s) { return s->d->step; }
int ak_view_sim_dim(const ak_view_sim *s) { return s->m->dim; }
int ak_view_sim_nbody(const ak_view_sim *s) { return s->m->nbody; }
const char *ak_view_sim_path(const ak_view_sim *s) { return s->path; }

// ---- replay ---------------------------------------------------------------------------------

static void copy_row(const ak_model *m, ak_data *d, int b, const ak_tracefile *t, long k, int tb) {
    const int n = m->dim, ne = 1 << (n - 1), nb = ak_nd_nbiv(n);
    memcpy(d->x + (size_t)b * AK_MAX_DIM, ak_tracefile_x(t, k, tb), (size_t)n * sizeof(double));
    memcpy(d->v + (size_t)b * AK_MAX_DIM, ak_tracefile_v(t, k, tb), (size_t)n * sizeof(double));
    memcpy(d->R + (size_t)b * AK_MAX_EVEN, ak_tracefile_R(t, k, tb), (size_t)ne * sizeof(double));
    memcpy(d->w + (size_t)b * AK_MAX_BIV, ak_tracefile_w(t, k, tb), (size_t)nb * sizeof(double));
}

static void apply_frame(ak_view_sim *s) {
    const ak_tracefile *t = s->trace;
    if (s->frame < 0) s->frame = 0;
    if (s->frame >= t->nsteps) s->frame = t->nsteps - 1;
    ak_data_copy(s->m, s->d, s->d0);
    for (int b = 0; b < s->m->nbody; b++)
        if (s->trace_body[b] >= 0) copy_row(s->m, s->d, b, t, s->frame, s->trace_body[b]);
    s->d->t = t->t[s->frame];
    s->d->step = t->step[s->frame];
    if (s->ref) { // the reference at the nearest recorded time
        long best = 0;
        for (long k = 1; k < s->ref->nsteps; k++)
            if (fabs(s->ref->t[k] - s->d->t) < fabs(s->ref->t[best] - s->d->t)) best = k;
        ak_data_copy(s->m, s->dref, s->d0);
        for (int b = 0; b < s->m->nbody; b++)
            if (s->ref_body[b] >= 0) copy_row(s->m, s->dref, b, s->ref, best, s->ref_body[b]);
    }
}

static int *match_bodies(const ak_model *m, const ak_tracefile *t) {
    int *map = malloc((size_t)m->nbody * sizeof *map);
    if (map)
        for (int b = 0; b < m->nbody; b++) map[b] = ak_tracefile_body(t, m->bodies[b].name);
    return map;
}

ak_view_sim *ak_view_sim_open_trace(const char *trace_path, const char *scene_path,
                                    const char *source_root, const char *docs_dir, char *err,
                                    size_t errlen) {
    ak_tracefile *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (ak_tracefile_read(trace_path, t, err, errlen)) {
        free(t);
        return NULL;
    }
    char path[2048] = "";
    const char *base = strrchr(t->scene, '/') ? strrchr(t->scene, '/') + 1 : t->scene;
    if (scene_path)
        snprintf(path, sizeof path, "%s", scene_path);
    else {
        const char *cand[3] = { t->scene, NULL, NULL };
        char c1[1400], c2[1400];
        snprintf(c1, sizeof c1, "%s/%s", source_root, t->scene);
        snprintf(c2, sizeof c2, "%s/scenes/%s", source_root, base);
        cand[1] = c1, cand[2] = c2;
        for (int i = 0; i < 3 && !path[0]; i++) {
            FILE *f = t->scene[0] ? fopen(cand[i], "r") : NULL;
            if (f) {
                fclose(f);
                snprintf(path, sizeof path, "%s", cand[i]);
            }
        }
        if (!path[0]) {
            snprintf(err, errlen,
                     "%s: its scene '%s' was not found (give the scene file too: anakata view "
                     "SCENE --trace FILE)",
                     trace_path, t->scene);
            ak_tracefile_free(t);
            free(t);
            return NULL;
        }
    }
    ak_view_sim *s = ak_view_sim_open(path, docs_dir, err, errlen);
    if (!s) {
        ak_tracefile_free(t);
        free(t);
        return NULL;
    }
    s->trace = t;
    if (t->dim != s->m->dim || t->nsteps < 1) {
        snprintf(err, errlen, "%s: a %dD trace with %ld steps does not fit the %dD scene %s",
                 trace_path, t->dim, t->nsteps, s->m->dim, path);
        ak_view_sim_free(s);
        return NULL;
    }
    s->trace_body = match_bodies(s->m, t);
    int matched = 0;
    for (int b = 0; s->trace_body && b < s->m->nbody; b++) matched += s->trace_body[b] >= 0;
    if (!s->trace_body || matched == 0) {
        snprintf(err, errlen, "%s: no body of the trace is named as a body of %s", trace_path,
                 path);
        ak_view_sim_free(s);
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", trace_path);
    if (t->integrator[0]) // the explain table lists the formulas of the run that made the trace
        snprintf(s->trace_integrator, sizeof s->trace_integrator, "%s", t->integrator);
    // The reference of that scene, when there is one (verify/reference/<scene>.csv).
    // A name too long for the buffer names no reference (ref_path is emptied below).
    const char *sb = strrchr(path, '/') ? strrchr(path, '/') + 1 : path, *dot = strstr(sb, ".json");
    int nb = dot ? (int)(dot - sb) : (int)strlen(sb);
    if (snprintf(s->ref_path, sizeof s->ref_path, "%s/verify/reference/%.*s.csv", source_root, nb,
                 sb) >= (int)sizeof s->ref_path)
        s->ref_path[0] = '\0';
    ak_tracefile *r = calloc(1, sizeof *r);
    char rerr[512];
    if (r && strcmp(s->ref_path, trace_path) &&
        ak_tracefile_read(s->ref_path, r, rerr, sizeof rerr) == 0 && r->dim == s->m->dim) {
        s->ref = r;
        s->ref_body = match_bodies(s->m, r);
        s->dref = ak_data_create(s->m);
        if (!s->ref_body || !s->dref) {
            snprintf(err, errlen, "out of memory");
            ak_view_sim_free(s);
            return NULL;
        }
    } else {
        if (r && r->nsteps) ak_tracefile_free(r);
        free(r);
        s->ref_path[0] = '\0';
    }
    s->frame = 0;
    apply_frame(s);
    return s;
}

// ---- stepping and history -------------------------------------------------------------------

static size_t state_bytes(const ak_model *m, const ak_data *d) {
    size_t b =
        sizeof *d + (size_t)m->nbody * sizeof(double) * (2 * AK_MAX_DIM + AK_MAX_EVEN + AK_MAX_BIV);
    if (d->contacts)
        b += sizeof *d->contacts +
             ((size_t)d->contacts->step.cap + (size_t)d->contacts->keep.prevcap) *
                 sizeof(ak_contact_point);
    return b;
}

static void drop_oldest(ak_view_sim *s) {
    ak_data_free(s->hist[0]);
    s->hist_total -= s->hist_bytes[0];
    memmove(s->hist, s->hist + 1, (size_t)(s->nhist - 1) * sizeof *s->hist);
    memmove(s->hist_bytes, s->hist_bytes + 1, (size_t)(s->nhist - 1) * sizeof *s->hist_bytes);
    s->nhist--;
}

static ak_data *pop_history(ak_view_sim *s) {
    s->nhist--;
    s->hist_total -= s->hist_bytes[s->nhist];
    return s->hist[s->nhist];
}

// Keep the state before a step; the oldest go when the history exceeds HIST_MAX_STEPS (or the
// count that fits) or HIST_MAX_BYTES (contact caches of piles are large).
static int push_history(ak_view_sim *s) {
    size_t bytes = state_bytes(s->m, s->d);
    while (s->nhist > 0 && (s->nhist == s->hist_cap || s->hist_total + bytes > HIST_MAX_BYTES))
        drop_oldest(s);
    ak_data *h = ak_data_create(s->m);
    if (!h) return -1;
    ak_data_copy(s->m, h, s->d);
    s->hist[s->nhist] = h;
    s->hist_bytes[s->nhist++] = bytes;
    s->hist_total += bytes;
    return 0;
}

int ak_view_sim_step(ak_view_sim *s, long n, char *err, size_t errlen) {
    const int dim = s->m->dim;
    if (s->trace) {
        s->frame += n;
        apply_frame(s);
        return 0;
    }
    for (long k = 0; k < n; k++) {
        if (push_history(s)) {
            snprintf(err, errlen, "out of memory for the history");
            return -1;
        }
        int b = s->drag_body;
        if (b >= 0) { // the drag spring, as a velocity change over this step
            double *x = s->d->x + (size_t)b * AK_MAX_DIM, *v = s->d->v + (size_t)b * AK_MAX_DIM;
            for (int i = 0; i < dim; i++)
                v[i] += s->wo.dt *
                        (AK_VIEW_DRAG_K * (s->drag_target[i] - x[i]) - AK_VIEW_DRAG_C * v[i]);
        }
        if (ak_world_step(s->m, s->d, &s->wo, err, errlen)) {
            ak_data *h = pop_history(s);
            ak_data_copy(s->m, s->d, h);
            ak_data_free(h);
            return -1;
        }
    }
    return 0;
}

long ak_view_sim_back(ak_view_sim *s, long n) {
    long k = 0;
    if (s->trace) {
        k = s->frame < n ? s->frame : n;
        s->frame -= k;
        apply_frame(s);
        return k;
    }
    while (k < n && s->nhist > 0) {
        ak_data *h = pop_history(s);
        ak_data_copy(s->m, s->d, h);
        ak_data_free(h);
        k++;
    }
    return k;
}

void ak_view_sim_reset(ak_view_sim *s) {
    if (s->trace) {
        s->frame = 0;
        apply_frame(s);
        return;
    }
    for (long i = 0; i < s->nhist; i++) ak_data_free(s->hist[i]);
    s->nhist = 0;
    s->hist_total = 0;
    ak_data_copy(s->m, s->d, s->d0);
    s->drag_body = -1;
}

int ak_view_sim_set_time(ak_view_sim *s, double t, char *err, size_t errlen) {
    if (!isfinite(t) || t < 0) {
        snprintf(err, errlen, "time must be a number >= 0");
        return -1;
    }
    if (s->trace) { // the recorded step nearest t
        long best = 0;
        for (long k = 1; k < s->trace->nsteps; k++)
            if (fabs(s->trace->t[k] - t) < fabs(s->trace->t[best] - t)) best = k;
        s->frame = best;
        apply_frame(s);
        return 0;
    }
    long target = lround(t / s->wo.dt);
    if (target > s->d->step + 100000) {
        snprintf(err, errlen, "time %g is more than 100000 steps ahead", t);
        return -1;
    }
    if (target < s->d->step) ak_view_sim_back(s, s->d->step - target);
    if (target > s->d->step) return ak_view_sim_step(s, target - s->d->step, err, errlen);
    return 0;
}

bool ak_view_sim_drag(ak_view_sim *s, int b, const double target[4]) {
    if (b < 0) {
        s->drag_body = -1;
        return true;
    }
    if (s->trace || b >= s->m->nbody || s->m->bodies[b].fixed || s->m->bodies[b].inv_mass == 0.0)
        return false;
    for (int i = 0; i < 4; i++)
        if (!isfinite(target[i])) return false;
    s->drag_body = b;
    memcpy(s->drag_target, target, sizeof s->drag_target);
    return true;
}

// ---- the render scene (as anakata render builds it: 3D at w = 0, 2D as slabs) ---------------

static bool build_render(ak_view_sim *s, char *err, size_t n) {
    const ak_model *m = s->m;
    const ak_data *d = s->d;
    ak_render_scene *rs = s->rs;
    ak_render_scene_init(rs);
    const int dim = m->dim;
    int vused = 0;
    // pass 0: the bodies; pass 1 (a replay with a reference): the reference's bodies, pale
    for (int pass = 0; pass < (s->ref ? 2 : 1); pass++)
        for (int b = 0; b < m->nbody; b++) {
            const ak_body *bd = &m->bodies[b];
            if (pass == 1 && (bd->shape.type == AK_SHAPE_HYPERPLANE || s->ref_body[b] < 0))
                continue;
            const ak_data *dd = pass ? s->dref : d;
            double color[3];
            for (int c = 0; c < 3; c++) color[c] = pass ? 0.35 * bd->color[c] + 0.65 : bd->color[c];
            ak_shape sh = bd->shape;
            ak_pose p4 = ak_embed_pose4(m, dd, b);
            int rc = ak_embed_shape4(dim, &sh, s->embed_verts, 2 * AK_RENDER_MAX_VERTS, &vused);
            if (rc != 0) {
                if (rc == -2)
                    snprintf(err, n, "body '%s': too many convex vertices to draw", bd->name);
                else
                    snprintf(err, n, "body '%s': 2D %s shapes are not drawn", bd->name,
                             ak_shape_type_name(sh.type));
                return false;
            }
            char e[256];
            if (ak_render_scene_add(rs, &sh, &p4, color, e, sizeof e) < 0) {
                snprintf(err, n, "body '%.63s': %.255s", bd->name, e);
                return false;
            }
        }
    ak_embed_lights(rs, m);
    return true;
}

// Objects as the shader reads them (render/vk.c packs the same layout for Vulkan): per object
// pos, rt0..rt3 (columns of the body-to-world rotation), a, b, colour (rgb, bound), info
// (type, first plane, plane count, 0): 36 numbers. Planes: normal, (offset, 0, 0, 0).
static void pack_objects(sb *b, const ak_render_scene *rs) {
    sbf(b, "{\"nobj\":%d,\"obj\":[", rs->nobj);
    for (int k = 0; k < rs->nobj; k++) {
        const ak_render_object *o = &rs->obj[k];
        float a[4] = { 0 }, bb[4] = { 0 };
        switch (o->shape.type) {
            case AK_SHAPE_HYPERSPHERE: a[0] = (float)o->shape.radius; break;
            case AK_SHAPE_HYPERCAPSULE:
                a[0] = (float)o->shape.radius;
                a[1] = (float)o->shape.half_length;
                break;
            case AK_SHAPE_HYPERBOX:
                for (int i = 0; i < 4; i++) bb[i] = (float)o->shape.half_extents[i];
                break;
            case AK_SHAPE_DUOCYLINDER:
                a[0] = (float)o->shape.radii[0];
                a[1] = (float)o->shape.radii[1];
                break;
            case AK_SHAPE_HYPERPLANE: {
                double nn = 0;
                for (int i = 0; i < 4; i++) nn += o->shape.normal[i] * o->shape.normal[i];
                nn = sqrt(nn);
                for (int i = 0; i < 4; i++) bb[i] = (float)(o->shape.normal[i] / nn);
                a[0] = (float)(o->shape.offset / nn);
                break;
            }
            default: break;
        }
        sbf(b, "%s", k ? "," : "");
        for (int i = 0; i < 4; i++) sbf(b, "%s%.7g", i ? "," : "", o->pose.pos[i]);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++) sbf(b, ",%.7g", o->pose.rot[i * 4 + j]);
        for (int i = 0; i < 4; i++) sbf(b, ",%.7g", (double)a[i]);
        for (int i = 0; i < 4; i++) sbf(b, ",%.7g", (double)bb[i]);
        for (int i = 0; i < 3; i++) sbf(b, ",%.7g", o->color[i]);
        sbf(b, ",%.7g", isinf(o->bound) ? 1e30 : o->bound);
        sbf(b, ",%d,%d,%d,0", (int)o->shape.type, o->plane_first, o->nplanes);
    }
    sbf(b, "],\"planes\":[");
    for (int f = 0; f < rs->nplanes; f++) {
        for (int i = 0; i < 4; i++) sbf(b, "%s%.9g", f || i ? "," : "", rs->plane_n[4 * f + i]);
        sbf(b, ",%.9g,0,0,0", rs->plane_o[f]);
    }
    sbf(b, "]}");
}

// ---- JSON -----------------------------------------------------------------------------------

// Radius of a ball about the centroid holding the shape (as anakata render frames a scene);
// 0 for a hyperplane.
static double shape_radius(const ak_shape *sh) {
    double r = 0;
    switch (sh->type) {
        case AK_SHAPE_HYPERSPHERE: r = sh->radius; break;
        case AK_SHAPE_HYPERCAPSULE: r = sh->radius + sh->half_length; break;
        case AK_SHAPE_HYPERBOX:
            for (int i = 0; i < sh->dim; i++) r += sh->half_extents[i] * sh->half_extents[i];
            r = sqrt(r);
            break;
        case AK_SHAPE_DUOCYLINDER: r = hypot(sh->radii[0], sh->radii[1]); break;
        case AK_SHAPE_CONVEX:
            for (int v = 0; v < sh->nverts; v++) {
                double q = 0;
                for (int i = 0; i < sh->dim; i++)
                    q += sh->verts[v * sh->dim + i] * sh->verts[v * sh->dim + i];
                r = fmax(r, sqrt(q));
            }
            break;
        default: break;
    }
    return r;
}

char *ak_view_sim_scene_json(const ak_view_sim *cs) {
    ak_view_sim *s = (ak_view_sim *)cs; // the render scene is a cache
    char err[512];
    if (!build_render(s, err, sizeof err)) {
        sb b = { 0 };
        sbf(&b, "{\"error\":");
        sbs(&b, err);
        sbf(&b, "}");
        return sb_done(&b);
    }
    const ak_model *m = s->m;
    const ak_render_scene *rs = s->rs;
    sb b = { 0 };
    sbf(&b, "{\"path\":");
    sbs(&b, s->path);
    sbf(&b, ",\"title\":");
    sbs(&b, m->title);
    sbf(&b, ",\"dim\":%d,\"dt\":%.9g,\"integrator\":", m->dim, s->wo.dt);
    sbs(&b, integrator_shown(s));
    sbf(&b, ",\"duration\":%.9g,\"bodies\":[", m->duration);
    for (int i = 0; i < m->nbody; i++) {
        const ak_body *bd = &m->bodies[i];
        sbf(&b, "%s{\"name\":", i ? "," : "");
        sbs(&b, bd->name);
        sbf(&b, ",\"shape\":");
        sbs(&b, ak_shape_type_name(bd->shape.type));
        sbf(&b, ",\"fixed\":%s,\"mass\":", bd->fixed || bd->inv_mass == 0.0 ? "true" : "false");
        sbn(&b, bd->mass);
        sbf(&b, ",\"radius\":");
        sbn(&b, shape_radius(&bd->shape));
        sbf(&b, "}");
    }
    sbf(&b, "],\"biv_names\":[");
    for (int q = 0; q < ak_nd_nbiv(m->dim); q++) {
        sbf(&b, "%s", q ? "," : "");
        sbs(&b, ak_nd_biv_name(m->dim, q));
    }
    // camera: the scene's own when it has one (4D or 3D), else the page frames the bodies
    const ak_view *v = &m->view;
    sbf(&b, "],\"camera\":");
    if (v->has_camera && m->dim >= 3) {
        ak_render_camera c = rs->cam;
        for (int i = 0; i < 4; i++) c.pos[i] = i < m->dim ? v->position[i] : 0.0;
        double R[8] = { 0 };
        if (m->dim == 4)
            memcpy(R, v->rotor, sizeof R);
        else
            R[0] = v->rotor[0], R[1] = v->rotor[1], R[2] = v->rotor[2], R[4] = v->rotor[3];
        memcpy(c.rotor, R, sizeof R);
        double r[4], u[4], bk[4], a[4];
        ak_render_camera_frame(&c, r, u, bk, a);
        sbf(&b, "{\"pos\":");
        sbv(&b, 4, c.pos);
        sbf(&b, ",\"right\":");
        sbv(&b, 4, r);
        sbf(&b, ",\"up\":");
        sbv(&b, 4, u);
        sbf(&b, ",\"back\":");
        sbv(&b, 4, bk);
        sbf(&b, ",\"fov\":%.9g,\"slice\":%.9g}", v->fov_deg > 0 ? v->fov_deg : rs->cam.fov_deg,
            v->slice);
    } else {
        sbf(&b, "null");
    }
    sbf(&b, ",\"fov\":%.9g,\"ambient\":", rs->cam.fov_deg);
    sbv(&b, 3, rs->ambient);
    sbf(&b, ",\"sky\":");
    sbv(&b, 3, rs->sky);
    sbf(&b, ",\"shadows\":%s,\"grid\":%s,\"lights\":[", rs->shadows ? "true" : "false",
        rs->grid ? "true" : "false");
    for (int l = 0; l < rs->nlight; l++) {
        double nn = 0, dir[4];
        for (int i = 0; i < 4; i++) nn += rs->light[l].dir[i] * rs->light[l].dir[i];
        for (int i = 0; i < 4; i++) dir[i] = rs->light[l].dir[i] / sqrt(nn);
        sbf(&b, "%s{\"dir\":", l ? "," : "");
        sbv(&b, 4, dir);
        sbf(&b, ",\"color\":");
        sbv(&b, 3, rs->light[l].color);
        sbf(&b, "}");
    }
    sbf(&b, "],\"render\":");
    pack_objects(&b, rs);
    sbf(&b, "}");
    return sb_done(&b);
}

static void energy_momentum(sb *b, const ak_model *m, const ak_data *d) {
    double T = ak_world_kinetic_energy(m, d), V = ak_world_potential_energy(m, d);
    double p[AK_MAX_DIM] = { 0 }, J[AK_MAX_BIV] = { 0 };
    ak_world_momentum(m, d, p, J);
    sbf(b, "\"energy\":{\"kinetic\":");
    sbn(b, T);
    sbf(b, ",\"potential\":");
    sbn(b, V);
    sbf(b, ",\"total\":");
    sbn(b, T + V);
    sbf(b, "},\"momentum\":{\"linear\":");
    sbv(b, m->dim, p);
    sbf(b, ",\"angular\":");
    sbv(b, ak_nd_nbiv(m->dim), J);
    sbf(b, "}");
}

char *ak_view_sim_state_json(const ak_view_sim *cs) {
    ak_view_sim *s = (ak_view_sim *)cs;
    const ak_model *m = s->m;
    const ak_data *d = s->d;
    const int n = m->dim, k = ak_nd_nbiv(n), ne = 1 << (n - 1);
    sb b = { 0 };
    sbf(&b, "{\"step\":%ld,\"t\":%.9g,\"history\":%ld,\"drag\":%d,", d->step, d->t, s->nhist,
        s->drag_body);
    if (s->trace) {
        sbf(&b, "\"replay\":{\"trace\":");
        sbs(&b, s->trace->path);
        sbf(&b, ",\"frame\":%ld,\"nframes\":%ld,\"t_end\":%.9g,\"reference\":", s->frame,
            s->trace->nsteps, s->trace->t[s->trace->nsteps - 1]);
        if (s->ref)
            sbs(&b, s->ref_path);
        else
            sbf(&b, "null");
        sbf(&b, "},");
    }
    energy_momentum(&b, m, d);
    sbf(&b, ",\"bodies\":[");
    for (int i = 0; i < m->nbody; i++) {
        const ak_body *bd = &m->bodies[i];
        const double *x = d->x + (size_t)i * AK_MAX_DIM, *v = d->v + (size_t)i * AK_MAX_DIM;
        const double *R = d->R + (size_t)i * AK_MAX_EVEN, *w = d->w + (size_t)i * AK_MAX_BIV;
        double wb[AK_MAX_BIV] = { 0 };
        ak_dyn_biv_to_body(n, wb, R, w);
        double ke =
            bd->inv_mass > 0 ? ak_dyn_kinetic_energy(n, bd->mass, bd->inertia, R, v, w) : 0.0;
        sbf(&b, "%s{\"x\":", i ? "," : "");
        sbv(&b, n, x);
        sbf(&b, ",\"v\":");
        sbv(&b, n, v);
        sbf(&b, ",\"rotor\":");
        sbv(&b, ne, R);
        sbf(&b, ",\"omega\":");
        sbv(&b, k, w);
        sbf(&b, ",\"omega_body\":");
        sbv(&b, k, wb);
        sbf(&b, ",\"kinetic\":");
        sbn(&b, ke);
        sbf(&b, "}");
    }
    sbf(&b, "],\"render\":");
    char err[512];
    if (build_render(s, err, sizeof err))
        pack_objects(&b, s->rs);
    else
        sbf(&b, "null");
    sbf(&b, "}");
    return sb_done(&b);
}

char *ak_view_sim_body_json(const ak_view_sim *s, int i) {
    const ak_model *m = s->m;
    const ak_data *d = s->d;
    if (i < 0 || i >= m->nbody) return NULL;
    const int n = m->dim, k = ak_nd_nbiv(n), ne = 1 << (n - 1);
    const ak_body *bd = &m->bodies[i];
    const double *x = d->x + (size_t)i * AK_MAX_DIM, *v = d->v + (size_t)i * AK_MAX_DIM;
    const double *R = d->R + (size_t)i * AK_MAX_EVEN, *w = d->w + (size_t)i * AK_MAX_BIV;
    double wb[AK_MAX_BIV] = { 0 };
    ak_dyn_biv_to_body(n, wb, R, w);
    sb b = { 0 };
    sbf(&b, "{\"index\":%d,\"step\":%ld,\"t\":%.9g,\"name\":", i, d->step, d->t);
    sbs(&b, bd->name);
    sbf(&b, ",\"shape\":");
    sbs(&b, ak_shape_type_name(bd->shape.type));
    sbf(&b, ",\"fixed\":%s,\"mass\":", bd->inv_mass == 0.0 ? "true" : "false");
    sbn(&b, bd->mass);
    sbf(&b, ",\"x\":");
    sbv(&b, n, x);
    sbf(&b, ",\"v\":");
    sbv(&b, n, v);
    sbf(&b, ",\"rotor\":");
    sbv(&b, ne, R);
    sbf(&b, ",\"omega\":");
    sbv(&b, k, w);
    sbf(&b, ",\"omega_body\":");
    sbv(&b, k, wb);
    sbf(&b, ",\"kinetic\":");
    sbn(&b, bd->inv_mass > 0 ? ak_dyn_kinetic_energy(n, bd->mass, bd->inertia, R, v, w) : 0.0);
    sbf(&b, "}");
    return sb_done(&b);
}

static const char *method_name(int m) {
    switch (m) {
        case AK_METHOD_ANALYTIC: return "analytic";
        case AK_METHOD_SAT: return "SAT";
        case AK_METHOD_GJK: return "GJK";
        case AK_METHOD_EPA: return "EPA";
        default: return "?";
    }
}

char *ak_view_sim_explain_json(const ak_view_sim *s) {
    const ak_model *m = s->m;
    const ak_data *d = s->d;
    const int n = m->dim;
    sb b = { 0 };
    sbf(&b, "{\"step\":%ld,\"t\":%.9g,\"integrator\":", d->step, d->t);
    sbs(&b, integrator_shown(s));
    sbf(&b, ",\"variant\":");
    sbs(&b, ak_variant_name(m->solver.variant));
    sbf(&b, ",\"method\":");
    sbs(&b, ak_solver_method_name(m->solver.method));
    sbf(&b, ",");
    energy_momentum(&b, m, d);
    const ak_contact_cache *c = d->contacts;
    sbf(&b, ",\"contacts\":[");
    int np = c ? c->step.npoint : 0;
    for (int i = 0; i < np; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        double jt = 0.0;
        for (int j = 0; j < n; j++) jt += p->jt[j] * p->jt[j];
        sbf(&b, "%s{\"a\":%d,\"b\":%d,\"a_name\":", i ? "," : "", p->a, p->b);
        sbs(&b, m->bodies[p->a].name);
        sbf(&b, ",\"b_name\":");
        sbs(&b, m->bodies[p->b].name);
        sbf(&b, ",\"id\":\"%016llx\",\"point\":", (unsigned long long)p->id);
        sbv(&b, n, p->point);
        sbf(&b, ",\"normal\":");
        sbv(&b, n, p->normal);
        sbf(&b, ",\"separation\":");
        sbn(&b, p->separation);
        sbf(&b, ",\"depth\":");
        sbn(&b, p->separation < 0 ? -p->separation : 0.0);
        sbf(&b, ",\"jn\":");
        sbn(&b, p->jn);
        sbf(&b, ",\"jt\":");
        sbn(&b, sqrt(jt));
        sbf(&b, ",\"warm\":%s}", p->matched ? "true" : "false");
    }
    // The narrowphase method of each touching pair, by ref/collide at the poses the step's
    // narrowphase saw (the state before the step: positions move only after the contact stage).
    sbf(&b, "],\"pairs\":[");
    const ak_data *pre = s->nhist > 0 ? s->hist[s->nhist - 1] : NULL;
    int shown = 0;
    for (int i = 0; i < np && pre; i++) {
        const ak_contact_point *p = &c->step.pts[i];
        if (i > 0 && c->step.pts[i - 1].a == p->a && c->step.pts[i - 1].b == p->b) continue;
        ak_pose pa = ak_body_pose(m, pre, p->a), pb = ak_body_pose(m, pre, p->b);
        ak_manifold man;
        char e[128];
        int r = ak_collide_ex(&man, &m->bodies[p->a].shape, &pa, &m->bodies[p->b].shape, &pb,
                              AK_SOLVER_MARGIN, e, sizeof e);
        sbf(&b, "%s{\"a\":", shown++ ? "," : "");
        sbs(&b, m->bodies[p->a].name);
        sbf(&b, ",\"b\":");
        sbs(&b, m->bodies[p->b].name);
        sbf(&b, ",\"method\":");
        sbs(&b, r < 0 ? "error" : method_name(man.method));
        sbf(&b, ",\"separation\":");
        sbn(&b, r < 0 ? NAN : man.separation);
        sbf(&b, "}");
    }
    // The formulas of the step that led here, from its record (engine/formula_record.h). A
    // replayed trace ran no step in the viewer: one probe step of the trace's integrator from
    // the shown state, on a copy, gives the record (s->d is not changed).
    const ak_explain_entry *e[AK_RAN_COUNT];
    int cnt = 0;
    const char *record = "the last step";
    if (s->trace) {
        ak_world_opts wo = s->wo;
        ak_integrator ti;
        if (s->trace_integrator[0] && ak_integrator_parse(s->trace_integrator, &ti) == 0)
            wo.integrator = ti;
        ak_data *probe = ak_data_create(m);
        char perr[256];
        record = "a probe step of the trace's integrator from this frame";
        if (probe) {
            ak_data_copy(m, probe, d);
            if (ak_world_step(m, probe, &wo, perr, sizeof perr) == 0)
                cnt = ak_step_explain(probe, e, AK_RAN_COUNT);
            else
                record = "none: a probe step of the trace's integrator failed";
            ak_data_free(probe);
        }
    } else if (d->step == 0) {
        record = "none yet: no step taken";
    } else {
        cnt = ak_step_explain(d, e, AK_RAN_COUNT);
    }
    if (cnt > AK_RAN_COUNT) cnt = AK_RAN_COUNT;
    sbf(&b, "],\"record\":");
    sbs(&b, record);
    sbf(&b, ",\"formulas\":[");
    for (int i = 0; i < cnt; i++) {
        sbf(&b, "%s{\"stage\":", i ? "," : "");
        sbs(&b, e[i]->stage);
        sbf(&b, ",\"id\":");
        sbs(&b, e[i]->formula);
        sbf(&b, ",\"what\":");
        sbs(&b, e[i]->what);
        sbf(&b, ",\"doc\":");
        sbs(&b, e[i]->doc);
        long f = s->have_formulas ? ak_formulas_find(&s->formulas, e[i]->formula) : -1;
        sbf(&b, ",\"verdict\":");
        sbs(&b, f >= 0 ? s->formulas.items[f].verdict : "");
        sbf(&b, ",\"entry\":");
        sbs(&b, f >= 0 ? s->formulas.items[f].doc : "");
        sbf(&b, "}");
    }
    sbf(&b, "]}");
    return sb_done(&b);
}

char *ak_view_sim_pick_json(const ak_view_sim *cs, const double o[4], const double dir[4]) {
    ak_view_sim *s = (ak_view_sim *)cs;
    char err[512];
    sb b = { 0 };
    double t = 0;
    int obj = -1, steps = 0;
    bool hit = build_render(s, err, sizeof err) && ak_render_trace(s->rs, o, dir, &t, &obj, &steps);
    if (!hit) obj = -1;
    double p[4];
    for (int i = 0; i < 4; i++) p[i] = o[i] + t * dir[i];
    sbf(&b, "{\"body\":%d,\"t\":", obj);
    sbn(&b, hit ? t : NAN);
    sbf(&b, ",\"point\":");
    sbv(&b, 4, p);
    sbf(&b, "}");
    return sb_done(&b);
}

char *ak_view_sim_sdf_probe_json(const ak_view_sim *cs, int npoints) {
    ak_view_sim *s = (ak_view_sim *)cs;
    char err[512];
    if (!build_render(s, err, sizeof err) || npoints < 1 || npoints > 4096 || s->rs->nobj < 1)
        return NULL;
    const ak_render_scene *rs = s->rs;
    // Points about the solid objects (within 1.5 bounding radii; planes: near the origin),
    // from a fixed linear congruential sequence so that every run probes the same points.
    uint64_t st = 0x9e3779b97f4a7c15ull;
    sb b = { 0 };
    sb dist = { 0 };
    sbf(&b, "{\"points\":[");
    sbf(&dist, "[");
    for (int k = 0; k < npoints; k++) {
        const ak_render_object *o = &rs->obj[k % rs->nobj];
        double r = isinf(o->bound) ? 2.0 : 1.5 * o->bound, x[4];
        for (int i = 0; i < 4; i++) {
            st = st * 6364136223846793005ull + 1442695040888963407ull;
            double u = (double)(st >> 11) / 9007199254740992.0;
            x[i] = (isinf(o->bound) ? 0.0 : o->pose.pos[i]) + r * (2 * u - 1);
        }
        int which;
        double dd = ak_render_scene_sdf(rs, x, &which);
        sbf(&b, "%s", k ? "," : "");
        sbv(&b, 4, x);
        sbf(&dist, "%s", k ? "," : "");
        sbn(&dist, dd);
    }
    sbf(&dist, "]");
    char *ds = sb_done(&dist);
    sbf(&b, "],\"dist\":%s,\"objects\":", ds ? ds : "[]");
    free(ds);
    pack_objects(&b, rs);
    sbf(&b, "}");
    return sb_done(&b);
}

char *ak_view_sim_render_cpu_json(const ak_view_sim *cs, const double origin[4],
                                  const double right[4], const double up[4], const double back[4],
                                  const double ana[4], double fov_deg, int width, int height) {
    ak_view_sim *s = (ak_view_sim *)cs;
    char err[512];
    if (width < 1 || height < 1 || width * height > AK_VIEW_CPU_MAX_PIXELS ||
        !(fov_deg > 0 && fov_deg < 180))
        return NULL;
    if (!build_render(s, err, sizeof err)) return NULL;
    (void)ana; // the rays lie in the slice spanned by right, up, back through origin
    size_t n = (size_t)width * (size_t)height * 3;
    unsigned char *rgb = malloc(n);
    char *b64 = malloc(4 * (n / 3 + 1) + 1);
    if (!rgb || !b64) {
        free(rgb), free(b64);
        return NULL;
    }
    double th = tan(0.5 * fov_deg * M_PI / 180.0), aspect = (double)width / height;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            double u = (2.0 * (x + 0.5) / width - 1.0) * th * aspect,
                   v = (1.0 - 2.0 * (y + 0.5) / height) * th;
            double dir[4], len2 = 0, c[3];
            for (int i = 0; i < 4; i++)
                dir[i] = u * right[i] + v * up[i] - back[i], len2 += dir[i] * dir[i];
            for (int i = 0; i < 4; i++) dir[i] /= sqrt(len2);
            ak_render_shade(s->rs, origin, dir, c);
            unsigned char *px = rgb + 3 * ((size_t)y * width + x);
            for (int k = 0; k < 3; k++) px[k] = ak_render_encode(c[k]);
        }
    ak_base64(b64, rgb, n);
    free(rgb);
    sb b = { 0 };
    sbf(&b, "{\"width\":%d,\"height\":%d,\"rgb\":\"%s\"}", width, height, b64);
    free(b64);
    return sb_done(&b);
}
