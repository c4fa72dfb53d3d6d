/// @file run.h
/// Running a sweep: samples shared out over processes (MPI, mpi.h) and threads (OpenMP), one
/// CSV row per sample written in sample order, an append-only checkpoint from which a killed run
/// resumes, and progress with an ETA on a terminal.
///
/// Work split: the samples not yet in the checkpoint are numbered j = 0, 1, ...; process r takes
/// those with j mod K = r, and its threads take them one at a time (OpenMP dynamic schedule).
/// Nothing is exchanged while samples run; at the end every process sends its rows to process 0
/// (one gather), which writes the CSV. A row depends only on the spec and the sample index, so
/// the CSV is byte-identical for any number of processes and threads.
///
/// Checkpoint: process r appends to FILE (r = 0) or FILE.r one line per finished sample,
/// "index<TAB>row<TAB>checksum", with one write(2) call; a line cut short by a kill fails its
/// checksum and is dropped (and cut off the file) on resume. On start every process reads all
/// the parts (FILE and FILE.<digits>) and skips the samples they hold.
#ifndef AK_VERIFY_SWEEP_RUN_H
#define AK_VERIFY_SWEEP_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "verify/sweep/spec.h"

/// The process group: rank, size and two collective operations (mpi.c gives the MPI one; NULL
/// means one process).
typedef struct ak_sweep_comm {
    int rank, size;
    void (*barrier)(void);
    /// Every rank passes its rows (n indices, text = the rows one after another, each ending in
    /// '\n'); on rank 0 *idx_all / *text_all receive all of them (malloc'ed, caller frees).
    /// Returns 0 or -1.
    int (*gather)(long n, const long idx[], const char *text, size_t len, long *nall,
                  long **idx_all, char **text_all, size_t *len_all);
    /// Combine a status over ranks: the largest value of every rank's v.
    int (*max_int)(int v);
} ak_sweep_comm;

typedef struct ak_sweep_run_opts {
    const char *out;           ///< CSV file, or NULL for stdout
    const char *checkpoint;    ///< checkpoint file, or NULL for none
    int threads;               ///< 0: OpenMP's default
    bool progress;             ///< progress and ETA on stderr (the caller checks for a terminal)
    const ak_sweep_comm *comm; ///< NULL: one process
} ak_sweep_run_opts;

typedef struct ak_sweep_run_stats {
    long total;     ///< samples in the spec
    long resumed;   ///< taken from the checkpoint
    long computed;  ///< computed by this process in this run
    double seconds; ///< wall time of the computing phase on this process
} ak_sweep_run_stats;

/// Run the sweep. Returns 0; 2 for bad input (a checkpoint of another spec, an output that
/// cannot be written), with err filled; -1 for an error while running (err filled).
int ak_sweep_run(const ak_sweep_spec *s, const ak_sweep_run_opts *o, ak_sweep_run_stats *st,
                 char *err, size_t errlen);

/// The CSV header line (without '\n') into buf; returns its length, or -1 if it does not fit.
int ak_sweep_header(const ak_sweep_spec *s, char *buf, size_t len);
/// The CSV row of sample i with its metric values m (without '\n'); returns its length or -1.
int ak_sweep_format_row(const ak_sweep_spec *s, long i, const double m[], char *buf, size_t len);

/// In-process evaluation for the checks: table[i * nmetric + j] = metric j of sample i, over all
/// samples, with up to `threads` OpenMP threads (0: default). Returns 0 or -1 (err filled).
int ak_sweep_table(const ak_sweep_spec *s, int threads, double table[], char *err, size_t errlen);

#endif
