// The one command-line grammar of anakata (cli_opts.h): a table per command, one parser.
#include "verify/cli/cli_opts.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verify/cli/cli.h"
#include "engine/integrate.h"
#include "engine/model.h"
#include "engine/scene.h" // the options' names

#ifndef AK_SOURCE_DIR
#define AK_SOURCE_DIR "."
#endif

// ---- name tables ----
// The names the solver settings and the integrator take come from the scene loader's one table of
// them (engine/scene.h): a name it does not have is refused here with its list.
static bool in_bar_list(const char *list, const char *v) {
    size_t n = strlen(v);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, '|');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && n > 0 && !strncmp(p, v, n)) return true;
        p += len + (e ? 1 : 0);
    }
    return false;
}

// "a|b|c" as "a, b, c" (static buffer per call site is enough: one message at a time)
static const char *bar_to_commas(const char *list) {
    static char buf[512];
    size_t k = 0;
    for (const char *p = list; *p && k + 3 < sizeof buf; p++) {
        if (*p == '|')
            buf[k++] = ',', buf[k++] = ' ';
        else
            buf[k++] = *p;
    }
    buf[k] = '\0';
    return buf;
}

bool ak_cli_name_ok(const char *table, const char *value) {
    ak_integrator i;
    ak_solver_method m;
    ak_variant v;
    ak_order o;
    if (!strcmp(table, "integrator")) return ak_integrator_parse(value, &i) == 0;
    if (!strcmp(table, "method")) return ak_solver_method_parse(value, &m) == 0;
    if (!strcmp(table, "variant")) return ak_variant_parse(value, &v) == 0;
    if (!strcmp(table, "order")) return ak_order_parse(value, &o) == 0;
    return false;
}

const char *ak_cli_name_list(const char *table) {
    if (!strcmp(table, "integrator")) return ak_integrator_names();
    if (!strcmp(table, "method")) return ak_solver_method_names();
    if (!strcmp(table, "variant")) return ak_variant_names();
    if (!strcmp(table, "order")) return ak_order_names();
    return "";
}

// The first name of a table (a valid sample value).
static void first_name(const ak_opt *o, char *out, size_t n) {
    const char *list = o->kind == AK_ARG_NAMES ? ak_cli_name_list(o->choices)
                       : o->choices            ? o->choices
                                               : "";
    size_t len = strcspn(list, "|,");
    snprintf(out, n, "%.*s", (int)len, list);
}

// ---- lookup ----
static int find_opt(const ak_cmd_spec *s, const char *name, size_t len) {
    for (int i = 0; i < s->nopt; i++)
        if (strlen(s->opts[i].name) == len && !strncmp(s->opts[i].name, name, len)) return i;
    return -1;
}

static int must_find(const ak_cli *c, const char *name) {
    int i = find_opt(c->spec, name, strlen(name));
    if (i < 0) {
        fprintf(stderr, "anakata %s: internal error: option %s is not in the command's table\n",
                c->spec->name, name);
        abort();
    }
    return i;
}

// Levenshtein distance of a and b (short strings).
static int edit_distance(const char *a, const char *b) {
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63) return INT_MAX;
    int d[64][64];
    for (size_t i = 0; i <= n; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
            // a swap of two neighbours counts as one edit
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < d[i][j])
                d[i][j] = d[i - 2][j - 2] + 1;
        }
    return d[n][m];
}

const char *ak_cli_closest(const ak_cmd_spec *s, const char *word) {
    char w[64];
    snprintf(w, sizeof w, "%.*s", (int)strcspn(word, "="), word);
    int best = INT_MAX;
    const char *name = NULL;
    for (int i = 0; i < s->nopt; i++) {
        int d = edit_distance(w, s->opts[i].name);
        // a prefix of a longer option (--man for --manifest) counts as close too
        size_t wl = strlen(w);
        if (wl >= 4 && !strncmp(s->opts[i].name, w, wl)) d = d < 2 ? d : 2;
        if (d < best) best = d, name = s->opts[i].name;
    }
    size_t len = strlen(w);
    int limit = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    return best <= limit ? name : NULL;
}

// ---- values ----
static bool parse_whole(const char *v, double min, double max, double *out) {
    const char *p = v;
    if (*p == '-' && min < 0) p++;
    if (!*p || strspn(p, "0123456789") != strlen(p) || strlen(p) > 15) return false;
    double x = strtod(v, NULL);
    if (!(x >= min && x <= max)) return false;
    *out = x;
    return true;
}

static bool parse_number(const ak_opt *o, const char *v, double *out) {
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (!*v || *end || !isfinite(x)) return false;
    if ((o->flags & AK_OPT_GT_MIN) ? !(x > o->min) : !(x >= o->min)) return false;
    if (!(x <= o->max)) return false;
    *out = x;
    return true;
}

// The default wording of what a value should be.
static void expected(const ak_opt *o, char *out, size_t n) {
    if (o->expect) {
        snprintf(out, n, "%s", o->expect);
        return;
    }
    switch (o->kind) {
        case AK_ARG_ONOFF: snprintf(out, n, "on or off"); break;
        case AK_ARG_INT:
            snprintf(out, n, "a whole number from %.15g to %.15g", o->min, o->max);
            break;
        case AK_ARG_NUM:
            if (o->max < 1e300)
                snprintf(out, n, "a number %s %.15g and <= %.15g",
                         (o->flags & AK_OPT_GT_MIN) ? ">" : ">=", o->min, o->max);
            else
                snprintf(out, n, "a number %s %.15g",
                         (o->flags & AK_OPT_GT_MIN) ? ">" : ">=", o->min);
            break;
        case AK_ARG_CHOICE: snprintf(out, n, "one of %s", bar_to_commas(o->choices)); break;
        case AK_ARG_NAMES: snprintf(out, n, "one of %s", ak_cli_name_list(o->choices)); break;
        default: snprintf(out, n, "a non-empty value"); break;
    }
}

static bool value_ok(const ak_opt *o, const char *v, double *num) {
    *num = NAN;
    switch (o->kind) {
        case AK_ARG_TEXT: return *v != '\0';
        case AK_ARG_ONOFF:
            if (!strcmp(v, "on"))
                *num = 1;
            else if (!strcmp(v, "off"))
                *num = 0;
            else
                return false;
            return true;
        case AK_ARG_INT: return parse_whole(v, o->min, o->max, num);
        case AK_ARG_NUM: return parse_number(o, v, num);
        case AK_ARG_CHOICE: return in_bar_list(o->choices, v);
        case AK_ARG_NAMES: return ak_cli_name_ok(o->choices, v);
        default: return true;
    }
}

// ---- parsing ----
bool ak_cli_parse(const ak_cmd_spec *s, int argc, char **argv, ak_cli *c, int *rc) {
    memset(c, 0, sizeof *c);
    c->spec = s;
    *rc = AK_EXIT_USAGE;
    bool options_end = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!options_end && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
            ak_cli_help(s, stdout);
            *rc = AK_EXIT_OK;
            return false;
        }
        if (!options_end && !strcmp(a, "--")) {
            options_end = true;
            continue;
        }
        if (options_end || a[0] != '-' || a[1] == '\0' || (a[1] >= '0' && a[1] <= '9')) {
            if (c->npos >= AK_CLI_MAX_POS || (s->pos_max >= 0 && c->npos >= s->pos_max)) {
                if (s->pos_max == 0)
                    ak_cli_bad_usage(s->name, "unexpected argument '%s' (this command takes none)",
                                     a);
                else if (s->pos_max == 1) {
                    char what[32];
                    size_t q = 0;
                    for (; s->pos_name[q] && q + 1 < sizeof what; q++)
                        what[q] = (char)(s->pos_name[q] >= 'A' && s->pos_name[q] <= 'Z'
                                             ? s->pos_name[q] + 32
                                             : s->pos_name[q]);
                    what[q] = '\0';
                    ak_cli_bad_usage(s->name, "one %s at a time: got '%s' and '%s'", what,
                                     c->pos[0], a);
                } else
                    ak_cli_bad_usage(s->name, "unexpected argument '%s' (at most %d %s arguments)",
                                     a, s->pos_max < 0 ? AK_CLI_MAX_POS : s->pos_max, s->pos_name);
                return false;
            }
            c->pos[c->npos++] = a;
            continue;
        }
        const char *eq = strncmp(a, "--", 2) ? NULL : strchr(a, '=');
        size_t len = eq ? (size_t)(eq - a) : strlen(a);
        int k = find_opt(s, a, len);
        if (k < 0) {
            const char *near = ak_cli_closest(s, a);
            if (near)
                ak_cli_bad_usage(s->name, "unknown option '%.*s'; did you mean '%s'?", (int)len, a,
                                 near);
            else
                ak_cli_bad_usage(s->name, "unknown option '%.*s'", (int)len, a);
            return false;
        }
        const ak_opt *o = &s->opts[k];
        const char *v = NULL;
        if (o->kind == AK_ARG_NONE) {
            if (eq) {
                ak_cli_bad_usage(s->name, "%s takes no value, got '%s'", o->name, a);
                return false;
            }
        } else if (eq) {
            v = eq + 1;
        } else if (i + 1 < argc) {
            v = argv[++i];
        } else {
            ak_cli_bad_usage(s->name, "%s needs a value (%s %s)", o->name, o->name,
                             o->meta ? o->meta : "VALUE");
            return false;
        }
        double num = NAN;
        if (v && !value_ok(o, v, &num)) {
            char want[600];
            expected(o, want, sizeof want);
            if (o->kind == AK_ARG_TEXT)
                ak_cli_bad_usage(s->name, "%s: empty %s", o->name, o->expect ? o->expect : "value");
            else
                ak_cli_bad_usage(s->name, "%s: expected %s, got '%s'", o->name, want, v);
            return false;
        }
        if (c->count[k] && !(o->flags & AK_OPT_REPEAT) && o->kind != AK_ARG_NONE &&
            strcmp(c->val[k], v)) {
            ak_cli_bad_usage(s->name, "%s given twice ('%s' and '%s')", o->name, c->val[k], v);
            return false;
        }
        c->count[k]++;
        c->val[k] = v;
        c->num[k] = num;
        if (o->flags & AK_OPT_ALONE) c->alone = true;
        if ((o->flags & AK_OPT_REPEAT) && c->nrep < AK_CLI_MAX_REP) {
            c->rep[c->nrep] = v;
            c->rep_opt[c->nrep++] = k;
        }
    }
    if (!c->alone) {
        if (c->npos < s->pos_min) {
            ak_cli_bad_usage(s->name, "no %s given", s->pos_name);
            return false;
        }
        for (int k = 0; k < s->nopt; k++)
            if ((s->opts[k].flags & AK_OPT_REQUIRED) && !c->count[k]) {
                ak_cli_bad_usage(s->name, "%s is required (%s %s)", s->opts[k].name,
                                 s->opts[k].name, s->opts[k].meta ? s->opts[k].meta : "");
                return false;
            }
    }
    *rc = AK_EXIT_OK;
    return true;
}

bool ak_cli_has(const ak_cli *c, const char *name) { return c->count[must_find(c, name)] > 0; }

const char *ak_cli_str(const ak_cli *c, const char *name, const char *def) {
    int k = must_find(c, name);
    return c->count[k] ? c->val[k] : def;
}

double ak_cli_get_num(const ak_cli *c, const char *name, double def) {
    int k = must_find(c, name);
    return c->count[k] ? c->num[k] : def;
}

long ak_cli_get_long(const ak_cli *c, const char *name, long def) {
    int k = must_find(c, name);
    return c->count[k] ? (long)c->num[k] : def;
}

int ak_cli_get_onoff(const ak_cli *c, const char *name, int def) {
    int k = must_find(c, name);
    return c->count[k] ? (int)c->num[k] : def;
}

int ak_cli_values(const ak_cli *c, const char *name, const char **out, int max) {
    int k = must_find(c, name), n = 0;
    for (int i = 0; i < c->nrep && n < max; i++)
        if (c->rep_opt[i] == k) out[n++] = c->rep[i];
    return n;
}

int ak_cli_missing(const ak_cli *c, const char *name, const char *why) {
    int k = find_opt(c->spec, name, strlen(name));
    const char *meta = k >= 0 && c->spec->opts[k].meta ? c->spec->opts[k].meta : "";
    return ak_cli_bad_usage(c->spec->name, "%s is required%s%s (%s%s%s)", name, why ? " " : "",
                            why ? why : "", name, *meta ? " " : "", meta);
}

// ---- help ----
void ak_cli_help(const ak_cmd_spec *s, FILE *f) {
    const char *u = s->usage;
    bool first = true;
    while (u && *u) {
        size_t len = strcspn(u, "\n");
        fprintf(f, "%s anakata %s %.*s\n", first ? "usage:" : "      ", s->name, (int)len, u);
        first = false;
        u += len + (u[len] ? 1 : 0);
    }
    if (s->about) fprintf(f, "\n%s\n", s->about);
    if (s->nopt) fprintf(f, "\noptions:\n");
    for (int k = 0; k < s->nopt; k++) {
        const ak_opt *o = &s->opts[k];
        char head[96];
        snprintf(head, sizeof head, "%s%s%s", o->name, o->meta ? " " : "", o->meta ? o->meta : "");
        const char *h = o->help ? o->help : "";
        size_t len = strcspn(h, "\n");
        if (strlen(head) <= 20)
            fprintf(f, "  %-20s  %.*s\n", head, (int)len, h);
        else
            fprintf(f, "  %s\n  %-20s  %.*s\n", head, "", (int)len, h);
        for (h += len; *h == '\n';) {
            h++;
            len = strcspn(h, "\n");
            fprintf(f, "  %-20s  %.*s\n", "", (int)len, h);
            h += len;
        }
        if (o->kind == AK_ARG_NAMES)
            fprintf(f, "  %-20s  (%s)\n", "", ak_cli_name_list(o->choices));
    }
    fprintf(f, "  %-20s  %s\n", "-h, --help", "this page");
    if (s->epilogue) fprintf(f, "\n%s\n", s->epilogue);
}

void ak_cli_list_options(const ak_cmd_spec *s, FILE *f) {
    static const char *const KIND[] = { "flag", "text", "onoff", "int", "num", "choice", "names" };
    fprintf(f, "# arguments %s %d %d\n", s->pos_name ? s->pos_name : "-", s->pos_min, s->pos_max);
    for (int k = 0; k < s->nopt; k++) {
        const ak_opt *o = &s->opts[k];
        char sample[64] = "-";
        switch (o->kind) {
            case AK_ARG_TEXT: snprintf(sample, sizeof sample, "x"); break;
            case AK_ARG_ONOFF: snprintf(sample, sizeof sample, "on"); break;
            case AK_ARG_INT: snprintf(sample, sizeof sample, "%.15g", o->min); break;
            case AK_ARG_NUM:
                snprintf(sample, sizeof sample, "%.15g",
                         (o->flags & AK_OPT_GT_MIN)
                             ? (o->max >= o->min + 1 ? o->min + 1 : 0.5 * (o->min + o->max))
                             : o->min);
                break;
            case AK_ARG_CHOICE:
            case AK_ARG_NAMES: first_name(o, sample, sizeof sample); break;
            default: break;
        }
        fprintf(f, "%s %s %s%s%s\n", o->name, KIND[o->kind], sample,
                (o->flags & AK_OPT_ALONE) ? " alone" : "",
                (o->flags & AK_OPT_REQUIRED) ? " required" : "");
    }
}

void ak_cli_print_parsed(const ak_cli *c, FILE *f) {
    for (int k = 0; k < c->spec->nopt; k++)
        if (c->count[k])
            fprintf(f, "%s=%s\n", c->spec->opts[k].name, c->val[k] ? c->val[k] : "(flag)");
    for (int i = 0; i < c->npos; i++) fprintf(f, "argument %d=%s\n", i + 1, c->pos[i]);
}

// ---- scenes and the checkout ----
static bool is_dir(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

bool ak_cli_checkout_root(char *out, size_t n) {
    char dir[4096];
    if (!getcwd(dir, sizeof dir)) return false;
    for (;;) {
        char a[4200], b[4200], d[4200];
        snprintf(a, sizeof a, "%s/meson.build", dir);
        snprintf(b, sizeof b, "%s/scenes", dir);
        snprintf(d, sizeof d, "%s/verify/reference", dir);
        if (is_file(a) && is_dir(b) && is_dir(d)) {
            snprintf(out, n, "%s", dir);
            return true;
        }
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir) return false;
        *slash = '\0';
    }
}

int ak_cli_scene_path(const char *arg, char *out, size_t n) {
    snprintf(out, n, "%s", arg);
    if (access(arg, F_OK) == 0 || !*arg || strchr(arg, '/') || strstr(arg, ".json"))
        return access(arg, F_OK) ? -1 : 0;
    char root[4096], cwd[4096], path[8400];
    if (ak_cli_checkout_root(root, sizeof root)) {
        snprintf(path, sizeof path, "%s/scenes/%s.json", root, arg);
        if (is_file(path)) {
            // relative to the current directory when it is the checkout's root (short messages)
            if (getcwd(cwd, sizeof cwd) && !strcmp(cwd, root))
                snprintf(out, n, "scenes/%s.json", arg);
            else
                snprintf(out, n, "%s", path);
            return 0;
        }
    }
    snprintf(path, sizeof path, "%s/scenes/%s.json", AK_SOURCE_DIR, arg);
    if (is_file(path)) {
        snprintf(out, n, "%s", path);
        return 0;
    }
    return -1;
}

// ---- the solver settings ----
int ak_cli_apply_solver(const ak_cli *c, ak_model *m) {
    ak_solver_settings *ss = &m->solver;
    const ak_cmd_spec *s = c->spec;
#define GIVEN(name) (find_opt(s, name, strlen(name)) >= 0 && ak_cli_has(c, name))
    // the names were checked by the parser (ak_cli_name_ok)
    if (GIVEN("--method")) ak_solver_method_parse(ak_cli_str(c, "--method", ""), &ss->method);
    if (GIVEN("--variant")) ak_variant_parse(ak_cli_str(c, "--variant", ""), &ss->variant);
    if (GIVEN("--order")) ak_order_parse(ak_cli_str(c, "--order", ""), &ss->order);
    if (GIVEN("--iterations")) ss->iterations = (int)ak_cli_get_long(c, "--iterations", 10);
    if (GIVEN("--max-iterations"))
        ss->max_iterations = (int)ak_cli_get_long(c, "--max-iterations", 100000);
    if (GIVEN("--shock-propagation"))
        ss->shock_propagation = ak_cli_get_onoff(c, "--shock-propagation", 0);
    if (GIVEN("--warm-start")) ss->warm_start = ak_cli_get_onoff(c, "--warm-start", 1);
    if (GIVEN("--tolerance")) ss->tolerance = ak_cli_get_num(c, "--tolerance", 1e-10);
#undef GIVEN
    return 0;
}
