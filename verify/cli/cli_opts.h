/// @file cli_opts.h
/// The one command-line grammar of `anakata`: each subcommand declares its options in a table
/// (ak_opt), and one parser reads argv against it, checks every value, prints the --help page
/// from it, and names what is wrong (an unknown option with the closest valid one, a missing
/// value, a missing required option or argument) with exit status 2.
///
/// Adding a flag is one line in the command's table, e.g.
///     {"--laws", AK_ARG_NONE, NULL, "judge the conservation laws only"},
/// and one query where it is used: ak_cli_has(&c, "--laws").
///
/// Grammar: options may come before or after the positional arguments; a value follows its option
/// as the next word or after '=' (--margin=0.1); "--" ends the options. The same option name means
/// the same thing and takes the same values in every command: the shared entries below
/// (AK_OPT_METHOD, AK_OPT_STEPS, ...) are the only definitions of those options.
#ifndef AK_VERIFY_CLI_OPTS_H
#define AK_VERIFY_CLI_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/// What an option's value must be.
typedef enum {
    AK_ARG_NONE,   ///< a flag: no value
    AK_ARG_TEXT,   ///< any non-empty text (a file, a name, a list the command reads itself)
    AK_ARG_ONOFF,  ///< on or off
    AK_ARG_INT,    ///< a whole number in [min, max], in decimal digits
    AK_ARG_NUM,    ///< a finite number in [min, max]; (min, max] with AK_OPT_GT_MIN
    AK_ARG_CHOICE, ///< one of the names in choices, "a|b|c"
    AK_ARG_NAMES,  ///< one of the names of a name table (choices names it: "integrator", "method",
                   ///< "variant", "order"): the scene loader's tables (engine/scene.h), through
                   ///< ak_cli_name_ok
} ak_arg_kind;

enum {
    AK_OPT_REQUIRED = 1, ///< must be given (unless an AK_OPT_ALONE option is)
    AK_OPT_REPEAT = 2,   ///< may be given more than once; ak_cli_values lists every value
    AK_OPT_ALONE = 4,  ///< a mode of its own (--list-devices): no required option or argument then
    AK_OPT_GT_MIN = 8, ///< AK_ARG_NUM: strictly greater than min
};

/// One option of a command's table.
typedef struct ak_opt {
    const char *name;    ///< "--margin" or "-o"
    ak_arg_kind kind;    ///< what its value is
    const char *meta;    ///< the value's name in the help ("M", "FILE"); NULL for a flag
    const char *help;    ///< the help text; '\n' starts an indented continuation line
    unsigned flags;      ///< AK_OPT_* bits
    double min, max;     ///< AK_ARG_INT / AK_ARG_NUM bounds
    const char *expect;  ///< what a bad value is told it should be; NULL: derived from kind
    const char *choices; ///< AK_ARG_CHOICE: "a|b|c"; AK_ARG_NAMES: the table's name
} ak_opt;

/// A command: its name, the positional arguments, its option table and its help text.
typedef struct ak_cmd_spec {
    const char *name;     ///< "run"
    const char *usage;    ///< the usage lines after "anakata NAME ", '\n' between forms
    const char *about;    ///< the paragraph after the usage lines (may be NULL)
    const char *pos_name; ///< the positional argument's name in messages ("SCENE"); NULL: none
    int pos_min, pos_max; ///< how many positional arguments (pos_max -1: any number)
    const ak_opt *opts;   ///< the table
    int nopt;
    const char *epilogue; ///< text after the options (may be NULL)
} ak_cmd_spec;

#define AK_CLI_MAX_OPTS 96
#define AK_CLI_MAX_POS 64
#define AK_CLI_MAX_REP 128

/// The parsed command line.
typedef struct ak_cli {
    const ak_cmd_spec *spec;
    int count[AK_CLI_MAX_OPTS];       ///< times each option was given
    const char *val[AK_CLI_MAX_OPTS]; ///< its last value
    double num[AK_CLI_MAX_OPTS];      ///< the last value as a number (INT, NUM; ONOFF: 1 or 0)
    const char *rep[AK_CLI_MAX_REP];  ///< the values of repeated options, in order
    int rep_opt[AK_CLI_MAX_REP];
    int nrep;
    const char *pos[AK_CLI_MAX_POS]; ///< the positional arguments
    int npos;
    bool alone; ///< an AK_OPT_ALONE option was given
} ak_cli;

/// Parse argv (argv[0] is the command's name) against spec. Returns true when the command should
/// go on; false when it should return *rc: 0 after --help (printed on stdout), 2 after a message
/// on stderr naming the problem.
bool ak_cli_parse(const ak_cmd_spec *spec, int argc, char **argv, ak_cli *c, int *rc);

/// The --help page of spec.
void ak_cli_help(const ak_cmd_spec *spec, FILE *f);

/// Whether option NAME was given; its last value (def when not given); as a number; as on/off
/// (1, 0, or def when not given). NAME must be in the command's table (abort otherwise).
bool ak_cli_has(const ak_cli *c, const char *name);
const char *ak_cli_str(const ak_cli *c, const char *name, const char *def);
double ak_cli_get_num(const ak_cli *c, const char *name, double def);
long ak_cli_get_long(const ak_cli *c, const char *name, long def);
int ak_cli_get_onoff(const ak_cli *c, const char *name, int def);
/// Every value of a repeatable option, in order; returns how many (at most max).
int ak_cli_values(const ak_cli *c, const char *name, const char **out, int max);

/// "anakata CMD: NAME is required" (with WHY, may be NULL), exit status 2.
int ak_cli_missing(const ak_cli *c, const char *name, const char *why);

/// The name tables (AK_ARG_NAMES): whether VALUE is one of table's names; the names, ", "-separated.
bool ak_cli_name_ok(const char *table, const char *value);
const char *ak_cli_name_list(const char *table);

/// The closest of the command's option names to WORD (edit distance), or NULL when none is close.
const char *ak_cli_closest(const ak_cmd_spec *spec, const char *word);

/// A scene argument: a file as given, else a bundled scene's name (stack_4d for scenes/stack_4d.json
/// of the checkout the program runs in, else of the source tree it was built from). Writes the path
/// to use into out (the argument itself when it is a file) and returns 0; -1 when it is neither
/// (out then holds the argument).
int ak_cli_scene_path(const char *arg, char *out, size_t n);

/// The root of the anakata checkout that contains the current directory (the nearest folder
/// upwards with meson.build, scenes/ and verify/reference/), as an absolute path; false when the
/// current directory is in none.
bool ak_cli_checkout_root(char *out, size_t n);

/// `anakata --list-options CMD`: one line per option: name, kind, a valid sample value (or '-').
void ak_cli_list_options(const ak_cmd_spec *spec, FILE *f);
/// `anakata --parse-only CMD ARGS...`: parse, then print every given option and argument.
void ak_cli_print_parsed(const ak_cli *c, FILE *f);

struct ak_model;
/// Apply the solver options of the shared table entries that the command has and that were given
/// (--method, --variant, --order, --iterations, --max-iterations, --shock-propagation, --warm-start,
/// --tolerance) to the model's "solver" settings. Returns 0.
int ak_cli_apply_solver(const ak_cli *c, struct ak_model *m);

// ---- the shared options: one definition for every command that takes them ----
#define AK_OPT_STEPS                                                                               \
    {                                                                                              \
        "--steps", AK_ARG_INT, "N", "number of steps", 0, 1, 1e12,                                 \
            "a whole number from 1 to 10^12", NULL                                                 \
    }
#define AK_OPT_DT                                                                                  \
    {                                                                                              \
        "--dt", AK_ARG_NUM, "h", "step size in seconds (default: the scene's \"timestep\")",       \
            AK_OPT_GT_MIN, 0, 1e300, "a positive step size in seconds", NULL                       \
    }
#define AK_OPT_INTEGRATOR                                                                          \
    {                                                                                              \
        "--integrator", AK_ARG_NAMES, "NAME",                                                      \
            "the integrator (default: the scene's \"integrator\",\n"                               \
            "else catto)",                                                                         \
            0, 0, 0, NULL, "integrator"                                                            \
    }
#define AK_OPT_METHOD                                                                              \
    {                                                                                              \
        "--method", AK_ARG_NAMES, "M",                                                             \
            "contact solver: vector (game-style sequential impulses,\n"                            \
            "default), pga, or converged (the reference solver: every\nstep solved to the "        \
            "tolerance, its "                                                                      \
            "residuals reported)",                                                                 \
            0, 0, 0, NULL, "method"                                                                \
    }
#define AK_OPT_VARIANT                                                                             \
    {                                                                                              \
        "--variant", AK_ARG_NAMES, "V", "corrected (default) or published (the thesis' solver)",   \
            0, 0, 0, NULL, "variant"                                                               \
    }
#define AK_OPT_ORDER                                                                               \
    {                                                                                              \
        "--order", AK_ARG_NAMES, "O",                                                              \
            "vector solver: sequential (default) or coloured (graph\n"                             \
            "colouring, each colour's points in parallel: a different\nGauss-Seidel order, "       \
            "docs/performance.md)",                                                                \
            0, 0, 0, NULL, "order"                                                                 \
    }
#define AK_OPT_ITERATIONS                                                                          \
    {                                                                                              \
        "--iterations", AK_ARG_INT, "N", "velocity iterations of the vector solver (default 10)",  \
            0, 1, 10000, "a whole number from 1 to 10000", NULL                                    \
    }
#define AK_OPT_SHOCK                                                                               \
    {                                                                                              \
        "--shock-propagation", AK_ARG_ONOFF, "on|off",                                             \
            "contact-graph shock propagation (vector solver)", 0, 0, 0, NULL, NULL                 \
    }
#define AK_OPT_WARM                                                                                \
    {                                                                                              \
        "--warm-start", AK_ARG_ONOFF, "on|off",                                                    \
            "apply the previous step's impulses first (default on)", 0, 0, 0, NULL, NULL           \
    }
#define AK_OPT_TOLERANCE                                                                           \
    {                                                                                              \
        "--tolerance", AK_ARG_NUM, "X", "converged: largest residual allowed (default 1e-10)", 0,  \
            1e-15, 1, "a number in [1e-15, 1]", NULL                                               \
    }
#define AK_OPT_MAX_ITERATIONS                                                                      \
    {                                                                                              \
        "--max-iterations", AK_ARG_INT, "N", "converged: sweep limit per step (default 100000)",   \
            0, 1, 1e8, "a whole number from 1 to 10^8", NULL                                       \
    }
#define AK_OPT_MANIFEST                                                                            \
    { "--manifest", AK_ARG_TEXT, "FILE", "the reference manifest", 0, 0, 0, NULL, NULL }
#define AK_OPT_JSON_FLAG                                                                           \
    { "--json", AK_ARG_NONE, NULL, "machine-readable output", 0, 0, 0, NULL, NULL }

#endif
