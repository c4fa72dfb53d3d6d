/// @file trace_format.h
/// The core columns of the trace format anakata-trace/1 (docs/trace-format.md), shared by the
/// trace reader and writer (compare/trace_read.h) and the oracles that write traces.
#ifndef AK_VERIFY_TRACE_FORMAT_H
#define AK_VERIFY_TRACE_FORMAT_H

#include <stddef.h>

/// Longest body name a trace may hold (with its NUL).
#define AK_TRACEFILE_NAME_MAX 64

/// The contract's header for dimension dim (the core columns only), into out. 0 or -1.
int ak_tracefile_header(int dim, char *out, size_t outlen);

#endif
