/// @file cli.h
/// The subcommands of the `anakata` program, one per cmd_<name>.c.
#ifndef AK_VERIFY_CLI_H
#define AK_VERIFY_CLI_H

int ak_cmd_verify(int argc, char **argv);
int ak_cmd_mass(int argc, char **argv);
int ak_cmd_run(int argc, char **argv);
int ak_cmd_plot(int argc, char **argv);
int ak_cmd_contacts(int argc, char **argv);
int ak_cmd_step(int argc, char **argv);
int ak_cmd_render(int argc, char **argv);
int ak_cmd_compare(int argc, char **argv);
int ak_cmd_reference(int argc, char **argv);
int ak_cmd_view(int argc, char **argv);
int ak_cmd_sweep(int argc, char **argv);
int ak_cmd_fclib(int argc, char **argv);

/// The option tables of the subcommands (cli_opts.h), one per cmd_<name>.c.
struct ak_cmd_spec;
extern const struct ak_cmd_spec AK_SPEC_VERIFY, AK_SPEC_MASS, AK_SPEC_RUN, AK_SPEC_PLOT,
    AK_SPEC_CONTACTS, AK_SPEC_STEP, AK_SPEC_RENDER, AK_SPEC_COMPARE, AK_SPEC_REFERENCE,
    AK_SPEC_VIEW, AK_SPEC_SWEEP, AK_SPEC_FCLIB;

/// Exit codes: 0 success, 1 a check or comparison failed, 2 bad usage or bad input.
enum { AK_EXIT_OK = 0, AK_EXIT_FAIL = 1, AK_EXIT_USAGE = 2 };

/// Print "anakata NAME: not available yet (...)" and return AK_EXIT_USAGE.
int ak_cmd_unavailable(const char *name, const char *why);

/// Print "anakata NAME: MESSAGE" and a pointer to NAME's --help on stderr; returns AK_EXIT_USAGE.
__attribute__((format(printf, 2, 3))) int ak_cli_bad_usage(const char *name, const char *fmt, ...);

/// v for printing: a negative zero becomes 0, so that printed vectors never show "-0".
static inline double ak_cli_num(double v) { return v == 0 ? 0.0 : v; }

#endif
