/// @file trace_read.h
/// Reader and validator for trace files (format anakata-trace/1; docs/compare.md and
/// docs/trace-format.md). It accepts the contract, not one writer:
///
///     # format: anakata-trace/1          metadata: '#' then key, then ':' or '=' or spaces, value
///     # scene: dzhanibekov4              required: format, dim; recorded: scene, timestep,
///     # dim: 4                           integrator, version (others are kept as they are)
///     step,t,body,x0,..,x3,v0,..,v3,r,r_xy,..,r_xyzw,w_xy,..,w_zw[,extra columns]
///     0,0,cube,...
///
/// Rules (each violation is an error naming the file, the line, and the column or field):
/// - the core columns come first, exactly in the contract's order for the trace's dim (2..5);
///   extra columns may follow, with unique non-empty names;
/// - every row has as many fields as the header; core fields are finite numbers (step a
///   non-negative integer, body a non-empty name); extra fields may be empty or non-numeric
///   (stored as NaN);
/// - rows of one recorded step are consecutive, steps strictly increase from group to group, t
///   is the same within a step and never decreases;
/// - every step lists the same bodies as the first step (in any order), each exactly once.
/// '#' lines after the header and blank lines are ignored. CRLF line ends and a UTF-8 byte order
/// mark are accepted.
/// Other conventions (docs/conventions.md, "Other engines' conventions"): for dim 3 the rotor
/// columns may be a unit quaternion qw,qx,qy,qz and the angular velocity columns an axis vector
/// wx,wy,wz (world frame); for dim 2 one column angle (radians, x towards y) and one column omega.
/// They are converted on reading; the tracefile always holds rotors and bivectors.
#ifndef AK_VERIFY_TRACE_READ_H
#define AK_VERIFY_TRACE_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/common/trace_format.h"

#define AK_TRACEFILE_META_MAX 32
/// A unit quaternion read from qw,qx,qy,qz columns must have |q| within this of 1; a row whose
/// quaternion is further off is rejected (the trace is broken: exit 2).
#define AK_TRACE_QUAT_NORM_TOL 1e-6

typedef struct ak_tracefile {
    char path[512];
    // metadata
    char format[64], scene[256], integrator[64], version[64];
    int dim;
    double timestep; ///< NaN when the trace does not say
    char columns
        [160]; ///< "" for the contract's rotor and bivector columns, else which alternative was read
    int nmeta;
    char meta_key[AK_TRACEFILE_META_MAX][32], meta_value[AK_TRACEFILE_META_MAX][256];
    // layout
    int nbiv, neven, nstate; ///< nstate = 2*dim + neven + nbiv: x, v, R, w per body
    int nbody;
    char (*body)[AK_TRACEFILE_NAME_MAX]; ///< nbody names, in the order of the first step
    int nextra;
    char (*extra_name)[AK_TRACEFILE_NAME_MAX];
    // data
    long nsteps;
    long *step;    ///< nsteps
    double *t;     ///< nsteps
    double *state; ///< nsteps x nbody x nstate
    double *extra; ///< nsteps x nbody x nextra (NaN where empty or not a number)
} ak_tracefile;

/// Convert one row's core values after step, t, body (raw: the file's columns) into x, v, R, w:
/// rot_mode 0 rotor, 1 quaternion (w,x,y,z), 2 angle; w_mode 0 bivector, 1 axis vector, 2 omega.
void ak_tracefile_convert_row(int dim, int rot_mode, int w_mode, const double *raw, double *st);

/// Read and validate a trace file. Returns 0, or -1 with "path:line: column 'c' (field k): why"
/// in err. On failure *out holds nothing to free (it is zeroed).
int ak_tracefile_read(const char *path, ak_tracefile *out, char *err, size_t errlen);
/// The same on text in memory; name is used in messages.
int ak_tracefile_parse(const char *text, const char *name, ak_tracefile *out, char *err,
                       size_t errlen);
void ak_tracefile_free(ak_tracefile *t);

/// State of body b at recorded step s: x (dim), v (dim), R (neven), w (nbiv).
const double *ak_tracefile_x(const ak_tracefile *t, long s, int b);
const double *ak_tracefile_v(const ak_tracefile *t, long s, int b);
const double *ak_tracefile_R(const ak_tracefile *t, long s, int b);
const double *ak_tracefile_w(const ak_tracefile *t, long s, int b);
/// Index of body name / extra column name, or -1.
int ak_tracefile_body(const ak_tracefile *t, const char *name);
int ak_tracefile_extra_col(const ak_tracefile *t, const char *name);
/// Value of extra column c for body b at step s.
double ak_tracefile_extra(const ak_tracefile *t, long s, int b, int c);
/// Metadata value for key, or NULL.
const char *ak_tracefile_meta(const ak_tracefile *t, const char *key);

/// Write t (metadata, header, the rows of the steps whose keep[s] is nonzero, or all when keep is
/// NULL) as an anakata-trace/1 file. Numbers are printed with 17 significant digits, so a
/// written trace reads back bit for bit. Returns 0 or -1 (cannot write path).
int ak_tracefile_write(const char *path, const ak_tracefile *t, const unsigned char *keep);

/// Which steps a reference keeps: every step with t <= t0 + dense_until, then every `every`-th
/// step, and always the last. keep has t->nsteps entries. Returns the number kept.
long ak_tracefile_downsample(const ak_tracefile *t, double dense_until, int every,
                             unsigned char *keep);

#endif
