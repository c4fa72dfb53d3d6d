/// @file fclib_io.h
/// Contact problems in FCLIB's local form (HDF5; docs/fclib.md): u = W r + q, per point the
/// normal first, then the tangents; r_n >= 0, u_n >= 0, r_n u_n = 0, |r_t| <= mu r_n with
/// maximal dissipation. 2D and 3D problems are written and read by libfclib; 4D and 5D (anakata's
/// extension: the same layout with spacedim 4 or 5) by this file with the HDF5 library. Before
/// libfclib sees a file, ak_fclib_read checks its layout (libfclib ends the process on an HDF5
/// error), so a bad file gives a message with the file, the field and what was expected.
/// Built only when libfclib (libfclib-dev) is found: AK_HAVE_FCLIB.
#ifndef AK_VERIFY_FCLIB_IO_H
#define AK_VERIFY_FCLIB_IO_H

#include <stddef.h>

#include "engine/solver_converged.h" // ak_contact_problem: plain arrays, W by point blocks

/// The info strings of a problem (any may be NULL).
typedef struct ak_fclib_info {
    const char *title, *description, *math_info;
} ak_fclib_info;

/// Write p (W by point blocks, q, mu) and its solution (r, u) to path (created or replaced) in
/// FCLIB's local form; W is stored compressed by rows (every entry of every block). 0, or -1
/// with err filled.
int ak_fclib_write(const char *path, const ak_contact_problem *p, const ak_fclib_info *info,
                   char *err, size_t errlen);

/// Read a local problem (and its solution when the file has one: *has_solution) into p (free
/// with ak_contact_problem_free): W may be stored as triplets, by columns or by rows; it is
/// gathered into the point blocks of p (a block that holds any entry is kept; p->target is
/// zero, p->r and p->u are the file's solution or zero). title/description receive the file's
/// info strings (truncated to their size; may be NULL). 0, or -1 with err naming the file, the
/// field and what was expected.
int ak_fclib_read(const char *path, ak_contact_problem *p, int *has_solution, char *title,
                  size_t titlelen, char *err, size_t errlen);

/// Check the HDF5 layout of a local-problem file without reading it with libfclib (what
/// ak_fclib_read does first). 0, or -1 with err filled.
int ak_fclib_check_layout(const char *path, char *err, size_t errlen);

#endif
