// The HTTP server of anakata view (view_server.h), on libmicrohttpd, thread per connection.
//
// Every request passes, in this order: the Host header must name the server (127.0.0.1:PORT,
// localhost:PORT or the bound address), else 403 (no DNS rebinding); an Origin header, when
// present, must be http:// plus such a host, else 403; the path goes through
// ak_view_route_path (one percent-decoding, no "." segments, safe bytes only), else 400; files
// open only through ak_view_open_under (real path under the root, regular file), else 404;
// a body larger than AK_VIEW_BODY_MAX gets 413; state-changing calls are POST with a JSON body
// (a cross-site form cannot send one without a CORS preflight, which is never granted).
#define _DEFAULT_SOURCE // SOCK_CLOEXEC
#include "verify/view/view_server.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <md4c-html.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "verify/common/strbuf.h"
#include "verify/view/view_http.h"
#include "verify/view/view_sim.h"
#include "verify/view/webgl_shaders.h"

#define MAX_SCENES 128
#define FILE_MAX (8u << 20)
#define STEP_MAX 100000

struct ak_view_server {
    struct MHD_Daemon *mhd;
    int listen_fd;
    unsigned port;
    char bind[64];
    const char *names[3];
    size_t nnames;
    char web_root[1024], docs_root[1024], source_root[1024];
    char trace_scene[1024];
    char *scene_name[MAX_SCENES], *scene_path[MAX_SCENES];
    int nscene;
    pthread_mutex_t lock; // everything below
    ak_view_sim *sim;
    int scene_index;
    long scene_id; // bumped on every load
    long version;  // bumped on every change of the state
    bool playing;
    double speed;
    volatile bool quitting;
    pthread_t player;
    bool player_started;
};

// ---- small helpers --------------------------------------------------------------------------

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void sleep_ms(int ms) {
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suf) {
    size_t n = strlen(s), k = strlen(suf);
    return n >= k && !strcmp(s + n - k, suf);
}

static enum MHD_Result send_buf(struct MHD_Connection *c, unsigned status, const char *type,
                                char *body, size_t len) {
    struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(
        r, "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type,
                                 const char *text) {
    char *b = strdup(text);
    if (!b) return MHD_NO;
    return send_buf(c, status, type, b, strlen(b));
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "status", status);
    cJSON_AddStringToObject(o, "error", msg);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (!s) return MHD_NO;
    return send_buf(c, status, "application/json", s, strlen(s));
}

static enum MHD_Result send_json(struct MHD_Connection *c, char *json) {
    if (!json) return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory");
    return send_buf(c, MHD_HTTP_OK, "application/json", json, strlen(json));
}

static char *read_fd(int fd, size_t *len) {
    size_t cap = 65536, n = 0;
    char *b = malloc(cap + 1);
    while (b) {
        ssize_t k = read(fd, b + n, cap - n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        n += (size_t)k;
        if (n == cap) {
            if (cap >= FILE_MAX) {
                free(b);
                b = NULL;
                break;
            }
            char *q = realloc(b, 2 * cap + 1);
            if (!q) {
                free(b);
                b = NULL;
                break;
            }
            b = q;
            cap *= 2;
        }
    }
    close(fd);
    if (b) b[n] = '\0';
    *len = n;
    return b;
}

static const char *content_type(const char *rel) {
    static const char *const T[][2] = { { ".html", "text/html; charset=utf-8" },
                                        { ".js", "text/javascript; charset=utf-8" },
                                        { ".css", "text/css; charset=utf-8" },
                                        { ".png", "image/png" },
                                        { ".svg", "image/svg+xml" },
                                        { ".json", "application/json" },
                                        { ".txt", "text/plain; charset=utf-8" },
                                        { ".md", "text/markdown; charset=utf-8" } };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++)
        if (ends_with(rel, T[i][0])) return T[i][1];
    return NULL;
}

// ---- the docs, rendered by md4c --------------------------------------------------------------

static enum MHD_Result serve_doc(ak_view_server *s, struct MHD_Connection *c, const char *rel) {
    const char *type = content_type(rel);
    if (!type) return send_error(c, MHD_HTTP_NOT_FOUND, "no such document");
    int fd = ak_view_open_under(s->docs_root, rel);
    if (fd < 0) return send_error(c, MHD_HTTP_NOT_FOUND, "no such document");
    size_t len;
    char *text = read_fd(fd, &len);
    if (!text) return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "cannot read the document");
    if (!ends_with(rel, ".md")) return send_buf(c, MHD_HTTP_OK, type, text, len);
    ak_strbuf b = { 0 };
    static const char head[] = "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>";
    ak_strbuf_add(&b, head, sizeof head - 1);
    ak_strbuf_add(&b, rel, strlen(rel)); // rel holds only [A-Za-z0-9._/-]: no escaping needed
    static const char mid[] = "</title><link rel=\"stylesheet\" href=\"/web/style.css\"></head>"
                              "<body class=\"docpage\"><article class=\"doc\">\n";
    ak_strbuf_add(&b, mid, sizeof mid - 1);
    // The docs are the repository's own pages: their raw HTML (anchors) passes through; the
    // page's Content-Security-Policy (no inline scripts) holds either way.
    int r = md_html(text, (MD_SIZE)len, ak_strbuf_sink, &b, MD_DIALECT_GITHUB, 0);
    free(text);
    static const char tail[] = "</article></body></html>\n";
    ak_strbuf_add(&b, tail, sizeof tail - 1);
    if (r != 0 || b.oom) {
        free(b.p);
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "cannot render the document");
    }
    return send_buf(c, MHD_HTTP_OK, "text/html; charset=utf-8", b.p, b.n);
}

// The docs pages for the page's index: docs/*.md and docs/formulas/*.md.
static char *docs_index_json(const ak_view_server *s) {
    cJSON *arr = cJSON_CreateArray();
    const char *const sub[] = { "", "formulas/" };
    for (int k = 0; k < 2; k++) {
        char dir[1200];
        snprintf(dir, sizeof dir, "%s/%s", s->docs_root, sub[k]);
        DIR *d = opendir(dir);
        if (!d) continue;
        char *names[256];
        int n = 0;
        struct dirent *e;
        while ((e = readdir(d)) && n < 256)
            if (e->d_name[0] != '.' && ends_with(e->d_name, ".md")) names[n++] = strdup(e->d_name);
        closedir(d);
        qsort(names, (size_t)n, sizeof names[0], cmp_str);
        for (int i = 0; i < n; i++) {
            if (!names[i]) continue;
            char rel[600];
            snprintf(rel, sizeof rel, "%s%s", sub[k], names[i]);
            cJSON_AddItemToArray(arr, cJSON_CreateString(rel));
            free(names[i]);
        }
    }
    char *out = cJSON_PrintUnformatted(arr);
    cJSON_Delete(arr);
    return out;
}

// ---- the simulation, under the lock --------------------------------------------------------

// {"scene_id":..,"scene":..,"playing":..,"speed":..,<the sim's state members>}
static char *state_locked(ak_view_server *s) {
    if (!s->sim) return strdup("{\"scene_id\":0,\"scene\":null,\"playing\":false}");
    char *st = ak_view_sim_state_json(s->sim);
    if (!st) return NULL;
    cJSON *name = cJSON_CreateString(s->scene_name[s->scene_index]);
    char *ns = cJSON_PrintUnformatted(name);
    cJSON_Delete(name);
    size_t n = strlen(st) + (ns ? strlen(ns) : 4) + 128;
    char *out = malloc(n);
    if (out) {
        snprintf(out, n, "{\"scene_id\":%ld,\"scene\":%s,\"playing\":%s,\"speed\":%.6g,%s",
                 s->scene_id, ns ? ns : "null", s->playing ? "true" : "false", s->speed, st + 1);
    }
    free(ns);
    free(st);
    return out;
}

static int load_locked(ak_view_server *s, int idx, char *err, size_t errlen) {
    ak_view_sim *sim =
        !strncmp(s->scene_name[idx], "trace:", 6)
            ? ak_view_sim_open_trace(s->scene_path[idx], s->trace_scene[0] ? s->trace_scene : NULL,
                                     s->source_root, s->docs_root, err, errlen)
            : ak_view_sim_open(s->scene_path[idx], s->docs_root, err, errlen);
    if (!sim) return -1;
    ak_view_sim_free(s->sim);
    s->sim = sim;
    s->scene_index = idx;
    s->scene_id++;
    s->version++;
    s->playing = false;
    return 0;
}

static void *player_main(void *arg) {
    ak_view_server *s = arg;
    double last = now_s(), due = 0.0;
    while (!s->quitting) {
        sleep_ms(15);
        double t = now_s();
        pthread_mutex_lock(&s->lock);
        if (s->playing && s->sim) {
            char err[512];
            // steps owed at the chosen speed (simulated seconds per wall second)
            const double dt = ak_view_sim_dt(s->sim);
            due += (t - last) * s->speed;
            long n = (long)floor(due / dt);
            if (n > 200) n = 200, due = 200 * dt; // too slow to keep up: drop what is owed
            if (n > 0) {
                due -= (double)n * dt;
                if (ak_view_sim_step(s->sim, n, err, sizeof err)) s->playing = false;
                s->version++;
            }
        } else {
            due = 0.0;
        }
        last = t;
        pthread_mutex_unlock(&s->lock);
    }
    return NULL;
}

// ---- server-sent events -------------------------------------------------------------------

typedef struct sse_ctx {
    ak_view_server *s;
    char *pending;
    size_t len, off;
    long sent_version;
    double last_sent;
} sse_ctx;

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max) {
    (void)pos;
    sse_ctx *x = cls;
    for (;;) {
        if (x->off < x->len) {
            size_t k = x->len - x->off < max ? x->len - x->off : max;
            memcpy(buf, x->pending + x->off, k);
            x->off += k;
            return (ssize_t)k;
        }
        if (x->s->quitting) return MHD_CONTENT_READER_END_OF_STREAM;
        free(x->pending);
        x->pending = NULL;
        x->len = x->off = 0;
        pthread_mutex_lock(&x->s->lock);
        long v = x->s->version;
        char *st = v != x->sent_version ? state_locked(x->s) : NULL;
        pthread_mutex_unlock(&x->s->lock);
        double t = now_s();
        if (st) {
            size_t n = strlen(st) + 32;
            x->pending = malloc(n);
            if (!x->pending) {
                free(st);
                return MHD_CONTENT_READER_END_WITH_ERROR;
            }
            x->len = (size_t)snprintf(x->pending, n, "event: state\ndata: %s\n\n", st);
            free(st);
            x->sent_version = v;
            x->last_sent = t;
        } else if (t - x->last_sent > AK_VIEW_SSE_HEARTBEAT) {
            x->pending = strdup(": ping\n\n");
            if (!x->pending) return MHD_CONTENT_READER_END_WITH_ERROR;
            x->len = strlen(x->pending);
            x->last_sent = t;
        } else {
            sleep_ms(20); // about 50 states a second at most
        }
    }
}

static void sse_free(void *cls) {
    sse_ctx *x = cls;
    free(x->pending);
    free(x);
}

static enum MHD_Result serve_stream(ak_view_server *s, struct MHD_Connection *c) {
    sse_ctx *x = calloc(1, sizeof *x);
    if (!x) return MHD_NO;
    x->s = s;
    x->sent_version = -1;
    struct MHD_Response *r =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16384, sse_read, x, sse_free);
    if (!r) {
        free(x);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ret;
}

// ---- the API ----------------------------------------------------------------------------------

static bool json_vec4(const cJSON *o, const char *key, double out[4]) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != 4) return false;
    for (int i = 0; i < 4; i++) {
        const cJSON *e = cJSON_GetArrayItem(a, i);
        if (!cJSON_IsNumber(e) || !isfinite(e->valuedouble)) return false;
        out[i] = e->valuedouble;
    }
    return true;
}

static bool json_long(const cJSON *o, const char *key, long lo, long hi, long dflt, long *out) {
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!e) {
        *out = dflt;
        return true;
    }
    if (!cJSON_IsNumber(e) || !(e->valuedouble >= (double)lo && e->valuedouble <= (double)hi) ||
        e->valuedouble != floor(e->valuedouble))
        return false;
    *out = (long)e->valuedouble;
    return true;
}

static enum MHD_Result api_get(ak_view_server *s, struct MHD_Connection *c, const char *name) {
    if (!strcmp(name, "stream")) return serve_stream(s, c);
    if (!strcmp(name, "scenes")) {
        cJSON *o = cJSON_CreateObject();
        cJSON *arr = cJSON_AddArrayToObject(o, "scenes");
        for (int i = 0; i < s->nscene; i++)
            cJSON_AddItemToArray(arr, cJSON_CreateString(s->scene_name[i]));
        pthread_mutex_lock(&s->lock);
        cJSON_AddStringToObject(o, "current", s->sim ? s->scene_name[s->scene_index] : "");
        pthread_mutex_unlock(&s->lock);
        char *out = cJSON_PrintUnformatted(o);
        cJSON_Delete(o);
        return send_json(c, out);
    }
    if (!strcmp(name, "docs")) return send_json(c, docs_index_json(s));
    pthread_mutex_lock(&s->lock);
    char *out = NULL;
    bool known = true;
    if (!s->sim) {
        pthread_mutex_unlock(&s->lock);
        return send_error(c, MHD_HTTP_CONFLICT, "no scene loaded");
    }
    if (!strcmp(name, "scene"))
        out = ak_view_sim_scene_json(s->sim);
    else if (!strcmp(name, "state"))
        out = state_locked(s);
    else if (!strcmp(name, "explain"))
        out = ak_view_sim_explain_json(s->sim);
    else if (!strcmp(name, "body")) { // ?i=INDEX (digits only)
        const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "i");
        char *end = NULL;
        long i = q && *q && strspn(q, "0123456789") == strlen(q) && strlen(q) < 8
                     ? strtol(q, &end, 10)
                     : -1;
        out =
            i >= 0 && i < ak_view_sim_nbody(s->sim) ? ak_view_sim_body_json(s->sim, (int)i) : NULL;
        if (!out) {
            pthread_mutex_unlock(&s->lock);
            return send_error(c, MHD_HTTP_BAD_REQUEST, "body needs ?i=INDEX of a body");
        }
    } else if (!strcmp(name, "sdf_probe")) {
        out = ak_view_sim_sdf_probe_json(s->sim, 512);
        if (!out) {
            pthread_mutex_unlock(&s->lock);
            return send_error(c, MHD_HTTP_CONFLICT, "this scene has nothing to probe");
        }
    } else
        known = false;
    pthread_mutex_unlock(&s->lock);
    if (!known) return send_error(c, MHD_HTTP_NOT_FOUND, "no such API call");
    return send_json(c, out);
}

static enum MHD_Result api_post(ak_view_server *s, struct MHD_Connection *c, const char *name,
                                const char *body, size_t len) {
    cJSON *in = len ? cJSON_ParseWithLength(body, len) : cJSON_CreateObject();
    if (!cJSON_IsObject(in)) {
        cJSON_Delete(in);
        return send_error(c, MHD_HTTP_BAD_REQUEST, "the body must be a JSON object");
    }
    char err[1024] = "";
    unsigned status = MHD_HTTP_OK;
    char *out = NULL;
    pthread_mutex_lock(&s->lock);
    if (!strcmp(name, "load")) {
        const cJSON *sc = cJSON_GetObjectItemCaseSensitive(in, "scene");
        int idx = -1;
        for (int i = 0; cJSON_IsString(sc) && i < s->nscene; i++)
            if (!strcmp(sc->valuestring, s->scene_name[i])) idx = i;
        if (idx < 0)
            status = MHD_HTTP_NOT_FOUND,
            snprintf(err, sizeof err, "\"scene\" must name a scene of /api/scenes");
        else if (load_locked(s, idx, err, sizeof err))
            status = MHD_HTTP_UNPROCESSABLE_CONTENT;
    } else if (!s->sim) {
        status = MHD_HTTP_CONFLICT;
        snprintf(err, sizeof err, "no scene loaded");
    } else if (!strcmp(name, "step") || !strcmp(name, "back")) {
        long n;
        if (!json_long(in, "n", 1, STEP_MAX, 1, &n)) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err, "\"n\" must be a whole number from 1 to %d", STEP_MAX);
        } else if (name[0] == 'b') {
            ak_view_sim_back(s->sim, n);
        } else if (ak_view_sim_step(s->sim, n, err, sizeof err)) {
            status = MHD_HTTP_UNPROCESSABLE_CONTENT;
        }
        s->playing = false;
    } else if (!strcmp(name, "reset")) {
        ak_view_sim_reset(s->sim);
        s->playing = false;
    } else if (!strcmp(name, "time")) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(in, "t");
        if (!cJSON_IsNumber(t))
            status = MHD_HTTP_BAD_REQUEST, snprintf(err, sizeof err, "\"t\" must be a number");
        else if (ak_view_sim_set_time(s->sim, t->valuedouble, err, sizeof err))
            status = MHD_HTTP_BAD_REQUEST;
    } else if (!strcmp(name, "play")) {
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(in, "playing");
        const cJSON *sp = cJSON_GetObjectItemCaseSensitive(in, "speed");
        if (sp && !(cJSON_IsNumber(sp) && sp->valuedouble > 0 && sp->valuedouble <= 10)) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err, "\"speed\" must be a number in (0, 10]");
        } else if (p && !cJSON_IsBool(p)) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err, "\"playing\" must be true or false");
        } else {
            if (sp) s->speed = sp->valuedouble;
            if (p) s->playing = cJSON_IsTrue(p);
        }
    } else if (!strcmp(name, "drag")) {
        long b;
        double tg[4] = { 0 };
        if (!json_long(in, "body", -1, 1000000, -1, &b) ||
            (b >= 0 && !json_vec4(in, "target", tg))) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err,
                     "\"body\" must be a body index (-1 releases) and \"target\" 4 numbers");
        } else if (!ak_view_sim_drag(s->sim, (int)b, tg)) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err, "body %ld cannot be dragged (fixed or no such body)", b);
        }
    } else if (!strcmp(name, "render_cpu")) {
        double o[4], r[4], u[4], bk[4], a[4];
        long w, h;
        const cJSON *fov = cJSON_GetObjectItemCaseSensitive(in, "fov");
        if (!json_vec4(in, "origin", o) || !json_vec4(in, "right", r) || !json_vec4(in, "up", u) ||
            !json_vec4(in, "back", bk) || !json_vec4(in, "ana", a) || !cJSON_IsNumber(fov) ||
            !json_long(in, "width", 1, 320, 160, &w) || !json_long(in, "height", 1, 240, 120, &h) ||
            !(out = ak_view_sim_render_cpu_json(s->sim, o, r, u, bk, a, fov->valuedouble, (int)w,
                                                (int)h))) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err,
                     "render_cpu needs origin, right, up, back, ana (4 numbers each), fov in (0, "
                     "180), width <= 320, height <= 240");
        }
    } else if (!strcmp(name, "pick")) {
        double o[4], d[4];
        if (!json_vec4(in, "origin", o) || !json_vec4(in, "dir", d)) {
            status = MHD_HTTP_BAD_REQUEST;
            snprintf(err, sizeof err, "\"origin\" and \"dir\" must be 4 numbers each");
        } else {
            double nn = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]);
            if (!(nn > 0))
                status = MHD_HTTP_BAD_REQUEST, snprintf(err, sizeof err, "\"dir\" is zero");
            else {
                for (int i = 0; i < 4; i++) d[i] /= nn;
                out = ak_view_sim_pick_json(s->sim, o, d);
            }
        }
    } else {
        status = MHD_HTTP_NOT_FOUND;
        snprintf(err, sizeof err, "no such API call");
    }
    if (status == MHD_HTTP_OK) {
        s->version++;
        if (!out) out = state_locked(s);
    }
    pthread_mutex_unlock(&s->lock);
    cJSON_Delete(in);
    if (status != MHD_HTTP_OK) return send_error(c, status, err);
    return send_json(c, out);
}

// ---- the request handler ----------------------------------------------------------------------

typedef struct req {
    char *body;
    size_t len;
    bool too_big;
} req;

static void req_done(void *cls, struct MHD_Connection *c, void **con_cls,
                     enum MHD_RequestTerminationCode toe) {
    (void)cls, (void)c, (void)toe;
    req *r = *con_cls;
    if (r) {
        free(r->body);
        free(r);
    }
    *con_cls = NULL;
}

static size_t no_unescape(void *cls, struct MHD_Connection *c, char *s) {
    (void)cls, (void)c;
    return strlen(s); // the path is decoded once, by ak_view_route_path
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **con_cls) {
    (void)version;
    ak_view_server *s = cls;
    req *r = *con_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r) return MHD_NO;
        *con_cls = r;
        return MHD_YES;
    }
    if (*upload_size) { // collect the body, up to the limit
        if (!r->too_big && r->len + *upload_size <= AK_VIEW_BODY_MAX) {
            char *q = realloc(r->body, r->len + *upload_size + 1);
            if (!q) return MHD_NO;
            r->body = q;
            memcpy(r->body + r->len, upload, *upload_size);
            r->len += *upload_size;
            r->body[r->len] = '\0';
        } else {
            r->too_big = true;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (!ak_view_host_ok(host, s->names, s->nnames, s->port))
        return send_error(c, MHD_HTTP_FORBIDDEN, "the Host header does not name this server");
    if (!ak_view_origin_ok(origin, s->names, s->nnames, s->port))
        return send_error(c, MHD_HTTP_FORBIDDEN, "foreign Origin");
    if (r->too_big) return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "request body too large");
    const char *clen =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (clen && strtoull(clen, NULL, 10) > AK_VIEW_BODY_MAX)
        return send_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "request body too large");
    char rel[AK_VIEW_PATH_MAX + 1];
    ak_view_route route = ak_view_route_path(url, rel, sizeof rel);
    if (route == AK_ROUTE_BAD) return send_error(c, MHD_HTTP_BAD_REQUEST, "path refused");
    bool get = !strcmp(method, MHD_HTTP_METHOD_GET), head = !strcmp(method, MHD_HTTP_METHOD_HEAD);
    bool post = !strcmp(method, MHD_HTTP_METHOD_POST);
    if (route == AK_ROUTE_API) {
        if (get) return api_get(s, c, rel);
        if (!post) return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "GET or POST");
        const char *ct =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
        if (!ct || strncmp(ct, "application/json", 16))
            return send_error(c, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE,
                              "POST bodies are application/json");
        return api_post(s, c, rel, r->body ? r->body : "", r->len);
    }
    if (!get && !head) return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "GET only");
    if (route == AK_ROUTE_GEN) {
        if (!strcmp(rel, "trace.frag"))
            return send_text(c, MHD_HTTP_OK, "text/plain; charset=utf-8", ak_webgl_trace_frag);
        if (!strcmp(rel, "probe.frag"))
            return send_text(c, MHD_HTTP_OK, "text/plain; charset=utf-8", ak_webgl_probe_frag);
        return send_error(c, MHD_HTTP_NOT_FOUND, "no such generated file");
    }
    if (route == AK_ROUTE_DOC) return serve_doc(s, c, rel);
    const char *type = content_type(rel);
    int fd = type ? ak_view_open_under(s->web_root, rel) : -1;
    if (fd < 0) return send_error(c, MHD_HTTP_NOT_FOUND, "no such file");
    size_t len;
    char *data = read_fd(fd, &len);
    if (!data) return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "cannot read the file");
    return send_buf(c, MHD_HTTP_OK, type, data, len);
}

// ---- start and stop ---------------------------------------------------------------------------

static int add_scene(ak_view_server *s, const char *name, const char *path) {
    if (s->nscene >= MAX_SCENES) return -1;
    for (int i = 0; i < s->nscene; i++)
        if (!strcmp(s->scene_name[i], name)) return i;
    s->scene_name[s->nscene] = strdup(name);
    s->scene_path[s->nscene] = strdup(path);
    if (!s->scene_name[s->nscene] || !s->scene_path[s->nscene]) return -1;
    return s->nscene++;
}

static void free_server(ak_view_server *s) {
    for (int i = 0; i < s->nscene; i++) {
        free(s->scene_name[i]);
        free(s->scene_path[i]);
    }
    ak_view_sim_free(s->sim);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

int ak_view_server_start(ak_view_server **out, const ak_view_config *cfg, char *err,
                         size_t errlen) {
    *out = NULL;
    ak_view_server *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return AK_VIEW_EOTHER;
    }
    pthread_mutex_init(&s->lock, NULL);
    s->listen_fd = -1;
    s->speed = 1.0;
    snprintf(s->bind, sizeof s->bind, "%s", cfg->bind ? cfg->bind : "127.0.0.1");
    snprintf(s->web_root, sizeof s->web_root, "%s", cfg->web_root);
    snprintf(s->docs_root, sizeof s->docs_root, "%s", cfg->docs_root);
    s->names[s->nnames++] = "127.0.0.1";
    s->names[s->nnames++] = "localhost";
    if (strcmp(s->bind, "127.0.0.1")) s->names[s->nnames++] = s->bind;

    snprintf(s->source_root, sizeof s->source_root, "%s",
             cfg->source_root ? cfg->source_root : ".");
    snprintf(s->trace_scene, sizeof s->trace_scene, "%s", cfg->trace_scene ? cfg->trace_scene : "");
    // The scenes it may load: a trace to replay, those named on the command line, the bundled.
    if (cfg->trace) {
        char name[1100];
        snprintf(name, sizeof name, "trace:%s", cfg->trace);
        if (add_scene(s, name, cfg->trace) < 0) {
            snprintf(err, errlen, "out of memory");
            free_server(s);
            return AK_VIEW_EOTHER;
        }
    }
    for (int i = 0; i < cfg->nextra; i++)
        if (add_scene(s, cfg->extra_scenes[i], cfg->extra_scenes[i]) < 0) {
            snprintf(err, errlen, "too many scenes");
            free_server(s);
            return AK_VIEW_EOTHER;
        }
    DIR *d = cfg->scenes_dir ? opendir(cfg->scenes_dir) : NULL;
    if (d) {
        char *names[MAX_SCENES];
        int n = 0;
        struct dirent *e;
        while ((e = readdir(d)) && n < MAX_SCENES)
            if (e->d_name[0] != '.' && ends_with(e->d_name, ".json"))
                names[n++] = strdup(e->d_name);
        closedir(d);
        qsort(names, (size_t)n, sizeof names[0], cmp_str);
        for (int i = 0; i < n; i++) {
            if (!names[i]) continue;
            char path[2048], name[256];
            snprintf(path, sizeof path, "%s/%s", cfg->scenes_dir, names[i]);
            snprintf(name, sizeof name, "%.*s", (int)(strlen(names[i]) - 5), names[i]);
            add_scene(s, name, path);
            free(names[i]);
        }
    }
    if (cfg->initial) {
        int idx = -1;
        for (int i = 0; i < s->nscene; i++)
            if (!strcmp(s->scene_name[i], cfg->initial)) idx = i;
        if (idx < 0 || load_locked(s, idx, err, errlen)) {
            if (idx < 0) snprintf(err, errlen, "%s: not a scene it may load", cfg->initial);
            free_server(s);
            return AK_VIEW_EOTHER;
        }
    }

    // Our own listening socket, so that a taken port gets its own message.
    struct sockaddr_in sa = { 0 };
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)cfg->port);
    if (inet_pton(AF_INET, s->bind, &sa.sin_addr) != 1) {
        snprintf(err, errlen, "--bind: '%s' is not an IPv4 address", s->bind);
        free_server(s);
        return AK_VIEW_EOTHER;
    }
    s->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    if (s->listen_fd < 0 || setsockopt(s->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one)) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        if (s->listen_fd >= 0) close(s->listen_fd);
        free_server(s);
        return AK_VIEW_EOTHER;
    }
    if (bind(s->listen_fd, (struct sockaddr *)&sa, sizeof sa) || listen(s->listen_fd, 32)) {
        int e = errno;
        if (e == EADDRINUSE)
            snprintf(err, errlen,
                     "port %u on %s is already in use (another anakata view?); choose another with "
                     "--port",
                     cfg->port, s->bind);
        else
            snprintf(err, errlen, "cannot listen on %s:%u: %s", s->bind, cfg->port, strerror(e));
        close(s->listen_fd);
        free_server(s);
        return e == EADDRINUSE ? AK_VIEW_EPORT : AK_VIEW_EOTHER;
    }
    socklen_t sl = sizeof sa;
    getsockname(s->listen_fd, (struct sockaddr *)&sa, &sl);
    s->port = ntohs(sa.sin_port);

    if (pthread_create(&s->player, NULL, player_main, s)) {
        snprintf(err, errlen, "cannot start the player thread");
        close(s->listen_fd);
        free_server(s);
        return AK_VIEW_EOTHER;
    }
    s->player_started = true;
    s->mhd = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL, 0, NULL,
        NULL, handle, s, MHD_OPTION_LISTEN_SOCKET, s->listen_fd, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)AK_VIEW_CONN_MEMORY, MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)AK_VIEW_IDLE_TIMEOUT, MHD_OPTION_NOTIFY_COMPLETED,
        req_done, s, MHD_OPTION_UNESCAPE_CALLBACK, no_unescape, s, MHD_OPTION_END);
    if (!s->mhd) {
        snprintf(err, errlen, "cannot start the HTTP server on %s:%u", s->bind, s->port);
        s->quitting = true;
        pthread_join(s->player, NULL);
        close(s->listen_fd);
        free_server(s);
        return AK_VIEW_EOTHER;
    }
    *out = s;
    return AK_VIEW_OK;
}

unsigned ak_view_server_port(const ak_view_server *s) { return s->port; }

void ak_view_server_stop(ak_view_server *s) {
    if (!s) return;
    s->quitting = true; // the event streams end, the player stops
    if (s->player_started) pthread_join(s->player, NULL);
    MHD_stop_daemon(s->mhd);
    close(s->listen_fd);
    free_server(s);
}
