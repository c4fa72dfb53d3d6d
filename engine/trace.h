/// @file trace.h
/// Trace writer: CSV in the format anakata-trace/1 (named ak_trace_writer_*: verify/compare/trace_read.h
/// owns ak_trace, the reader) (docs/trace-format.md).
/// Metadata lines "# key: value" (format, scene, dim, timestep, integrator, version), then the
/// header and one row per body per recorded step:
///   step,t,body,x0..x{n-1},v0..v{n-1},r,r_<even blades>,w_<pairs>,
///   wb_<pairs>,ke,J_<pairs>,energy
/// r is the scalar part of the rotor; w_ the world rate; extra columns: wb_ the body-frame rate,
/// ke the body's kinetic energy, J_ its angular momentum about the origin (x ^ p + L), energy
/// the system's total (kinetic + potential) energy, the same on every row of a step.
#ifndef AK_ENGINE_TRACE_H
#define AK_ENGINE_TRACE_H

#include "ref/ak_export.h"
#include <stddef.h>

#include "engine/model.h"

#define AK_TRACE_FORMAT "anakata-trace/1"

typedef struct ak_trace_writer ak_trace_writer;

/// Open path for writing and write the metadata and header. Returns NULL with err filled.
AK_API ak_trace_writer *ak_trace_writer_open(const char *path, const ak_model *m,
                                             const char *integrator, double dt, char *err,
                                             size_t errlen);
/// Append the rows of the current state (one per body). Returns 0, or -1 on a write error.
AK_API int ak_trace_writer_write(ak_trace_writer *t, const ak_model *m, const ak_data *d);
/// Flush and close; returns 0, or -1 when a write failed at any point.
AK_API int ak_trace_writer_close(ak_trace_writer *t);

#endif
