// Group "docs": the documentation's links resolve. Every relative Markdown link in docs/ (and
// docs/formulas/) must name an existing file, and an anchor must match a heading of that file;
// links into the generated report (report/index.html#...) must name a report anchor that exists:
// F-<formula ID of docs/formulas/catalogue.md>, check-<registered check>, group-<registered group>, or one of
// summary, matrix, errata, checks. `anakata step --explain` prints docs links too: when the
// command works, its links on the first bundled scene are held to the same rules.
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "verify/checks/checks.h"
#include "verify/common/files.h"
#include "verify/common/formulas.h"
#include "verify/compare/reference_set.h"

#define STEP_TIMEOUT_S 20

#define SEEN_MAX 1024

typedef struct link_ctx {
    ak_check_ctx *c;
    ak_formula_list fl;
    bool have_fl;
    int checked, broken; // distinct (file, target) pairs
    int nseen;
    char *seen[SEEN_MAX];
} link_ctx;

// True the first time (where, target) is seen; repeated links are checked once.
static bool first_time(link_ctx *x, const char *where, const char *target) {
    char key[2300];
    snprintf(key, sizeof key, "%s|%s", where, target);
    for (int i = 0; i < x->nseen; i++)
        if (!strcmp(x->seen[i], key)) return false;
    if (x->nseen < SEEN_MAX) x->seen[x->nseen++] = strdup(key);
    return true;
}

static bool check_registered(const ak_check_ctx *c, const char *id, bool group) {
    size_t ng;
    const ak_check_group *g = ak_run_groups(c, &ng);
    for (size_t i = 0; i < ng; i++) {
        if (group && !strcmp(g[i].name, id)) return true;
        for (size_t j = 0; !group && j < g[i].count; j++)
            if (!strcmp(g[i].checks[j].id, id)) return true;
    }
    return false;
}

// Undo the report's anchor escaping ("_XX" hex) for a formula ID.
static void unescape(const char *s, char *out, size_t n) {
    size_t k = 0;
    for (; *s && k + 1 < n; s++) {
        if (s[0] == '_' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
            char hex[3] = { s[1], s[2], 0 };
            out[k++] = (char)strtol(hex, NULL, 16);
            s += 2;
        } else
            out[k++] = *s;
    }
    out[k] = '\0';
}

static bool report_anchor_ok(link_ctx *x, const char *a) {
    static const char *const FIXED[] = { "", "summary", "matrix", "errata", "checks", "golden" };
    for (size_t i = 0; i < sizeof FIXED / sizeof FIXED[0]; i++)
        if (!strcmp(a, FIXED[i])) return true;
    char id[256];
    if (!strncmp(a, "F-", 2)) {
        unescape(a + 2, id, sizeof id);
        return x->have_fl && ak_formulas_find(&x->fl, id) >= 0;
    }
    if (!strncmp(a, "check-", 6)) return check_registered(x->c, a + 6, false);
    if (!strncmp(a, "group-", 6)) return check_registered(x->c, a + 6, true);
    return false;
}

// Does the Markdown file at path have a heading whose slug is anchor (or an explicit id)?
static bool md_anchor_ok(const char *path, const char *anchor) {
    char *t = ak_read_file(path, NULL);
    if (!t) return false;
    bool ok = false;
    char idattr[600];
    snprintf(idattr, sizeof idattr, "id=\"%s\"", anchor);
    if (strstr(t, idattr)) ok = true;
    bool fence = false;
    for (char *ls = t; *ls && !ok;) {
        char *le = strchr(ls, '\n');
        if (!le) le = ls + strlen(ls);
        if (!strncmp(ls, "```", 3)) fence = !fence;
        int hl = 0;
        while (ls + hl < le && ls[hl] == '#') hl++;
        if (!fence && hl > 0 && ls + hl < le && ls[hl] == ' ') {
            char slug[300];
            ak_md_slug(ls + hl + 1, (size_t)(le - ls - hl - 1), slug, sizeof slug);
            ok = !strcmp(slug, anchor);
        }
        ls = *le ? le + 1 : le;
    }
    free(t);
    return ok;
}

// Check one link target (relative to the directory base_dir of the file that holds it).
static void check_target(link_ctx *x, const char *where, const char *base_dir, const char *target) {
    if (strstr(target, "://") || !strncmp(target, "mailto:", 7))
        return; // external: not checked here
    if (!first_time(x, where, target)) return;
    char path[2048], anchor[512] = "";
    const char *hash = strchr(target, '#');
    size_t plen = hash ? (size_t)(hash - target) : strlen(target);
    if (hash) snprintf(anchor, sizeof anchor, "%s", hash + 1);
    x->checked++;
    if (plen == 0)
        snprintf(path, sizeof path, "%s", where); // same file
    else
        snprintf(path, sizeof path, "%s/%.*s", base_dir, (int)plen, target);
    const char *why = NULL;
    if (strstr(path, "report/index.html")) {
        if (!report_anchor_ok(x, anchor)) why = "no such anchor in the report";
    } else {
        struct stat st;
        if (stat(path, &st) != 0)
            why = "no such file";
        else if (anchor[0] && S_ISREG(st.st_mode) && strstr(path, ".md") &&
                 !md_anchor_ok(path, anchor))
            why = "no heading with that anchor";
    }
    if (why) {
        x->broken++;
        if (x->broken <= 40)
            ak_note(x->c, "%s: (%s): %s", where + strlen(AK_SOURCE_DIR) + 1, target, why);
    }
}

// Markdown inline links [text](target), outside code fences and code spans.
static void scan_md(link_ctx *x, const char *path) {
    char *t = ak_read_file(path, NULL);
    if (!t) return;
    char base[2048];
    snprintf(base, sizeof base, "%s", path);
    char *slash = strrchr(base, '/');
    if (slash) *slash = '\0';
    bool fence = false, span = false;
    for (char *p = t; *p; p++) {
        if ((p == t || p[-1] == '\n') && !strncmp(p, "```", 3)) fence = !fence;
        if (fence) continue;
        if (*p == '`') span = !span;
        if (*p == '\n') span = false;
        if (span || p[0] != ']' || p[1] != '(') continue;
        char *e = strchr(p + 2, ')');
        char *nl = strchr(p + 2, '\n');
        if (!e || (nl && nl < e)) continue;
        char target[1024];
        snprintf(target, sizeof target, "%.*s", (int)(e - p - 2), p + 2);
        char *sp = strchr(target, ' '); // [x](url "title")
        if (sp) *sp = '\0';
        check_target(x, path, base, target);
        p = e;
    }
    free(t);
}

static void scan_docs_dir(link_ctx *x, const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n > 3 && !strcmp(e->d_name + n - 3, ".md")) {
            char p[2048];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            scan_md(x, p);
        }
    }
    closedir(d);
}

// Run `anakata step SCENE --explain` (stdin /dev/null, killed after STEP_TIMEOUT_S) into out.
static int run_step(const char *exe, const char *scene, const char *out) {
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY), o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in >= 0) dup2(in, 0);
        if (o >= 0) dup2(o, 1), dup2(o, 2);
        execl(exe, exe, "step", scene, "--explain", (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < STEP_TIMEOUT_S * 10; i++) {
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        struct timespec ts = { 0, 100000000 };
        nanosleep(&ts, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -2;
}

static void step_explain_links(link_ctx *x) {
    const char *exe = ak_self_exe();
    const char *b = exe ? strrchr(exe, '/') : NULL;
    if (!b || strcmp(b + 1, "anakata")) {
        ak_note(x->c, "anakata step --explain not checked: not running inside the anakata program");
        return;
    }
    char dir[1024], scene[2048] = "";
    snprintf(dir, sizeof dir, "%s", ak_scenes_dir(x->c));
    DIR *d = opendir(dir);
    struct dirent *e;
    char best[256] = "";
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n > 5 && !strcmp(e->d_name + n - 5, ".json") &&
            (!best[0] || strcmp(e->d_name, best) < 0))
            snprintf(best, sizeof best, "%s", e->d_name);
    }
    if (d) closedir(d);
    if (!best[0]) {
        ak_note(x->c, "anakata step --explain not checked: no scene in %s", dir);
        return;
    }
    snprintf(scene, sizeof scene, "%s/%s", dir, best);
    char out[64];
    snprintf(out, sizeof out, "/tmp/ak_step_explain_%d.txt", (int)getpid());
    int rc = run_step(exe, scene, out);
    if (rc != 0) {
        ak_note(x->c,
                "anakata step %s --explain not checked: it exited with %d (not available yet?)",
                best, rc);
        unlink(out);
        return;
    }
    char *t = ak_read_file(out, NULL);
    unlink(out);
    int before = x->checked;
    char docs[1100], where[1200];
    snprintf(docs, sizeof docs, "%s/docs", AK_SOURCE_DIR);
    snprintf(where, sizeof where, "%s/(anakata step --explain)", AK_SOURCE_DIR);
    for (char *p = t; p && (p = strstr(p, "docs/")) != NULL;) {
        char *q = p + 5;
        size_t n = strcspn(q, " \t\n)\"'>,;");
        char target[1024];
        snprintf(target, sizeof target, "%.*s", (int)n, q);
        if (strstr(target, ".md")) check_target(x, where, docs, target);
        p = q + n;
    }
    ak_value(x->c, "step_explain_links", x->checked - before);
    if (x->checked == before) ak_note(x->c, "anakata step --explain printed no docs/...md links");
    free(t);
}

static void links(ak_check_ctx *c) {
    link_ctx x = { .c = c };
    char path[1100];
    snprintf(path, sizeof path, "%s/" AK_CATALOGUE, AK_SOURCE_DIR);
    x.have_fl = ak_formulas_load(path, &x.fl, NULL, 0) == 0;
    snprintf(path, sizeof path, "%s/docs", AK_SOURCE_DIR);
    scan_docs_dir(&x, path);
    snprintf(path, sizeof path, "%s/docs/formulas", AK_SOURCE_DIR);
    scan_docs_dir(&x, path);
    snprintf(path, sizeof path, "%s/README.md", AK_SOURCE_DIR);
    scan_md(&x, path);
    step_explain_links(&x);
    ak_value(c, "links_checked", x.checked);
    ak_expect(c, x.checked > 0,
              "%d distinct relative links checked in docs/, docs/formulas/, README.md and "
              "anakata step --explain",
              x.checked);
    ak_measure(c, x.broken, 0, "%d broken links (the first 40 in the notes)", x.broken);
    if (x.have_fl) ak_formulas_free(&x.fl);
    for (int i = 0; i < x.nseen; i++) free(x.seen[i]);
}

static const ak_check CHECKS[] = {
    { "docs.links", "",
      "relative links in docs/ and README.md, and anakata step --explain links, vs files, "
      "headings, report anchors",
      links },
};

AK_GROUP(docs, CHECKS)
