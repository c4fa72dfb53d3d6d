/// @file colouring.h
/// The contact graph's colouring, for the vector solver's opt-in coloured order (solver setting
/// "order": "coloured", solver.c).
/// A deterministic greedy colouring of the contact graph in cache order: each point takes the
/// lowest colour that neither of its moving bodies has yet (up to 63 colours; points that find
/// none go to a last colour solved sequentially). The points of one colour share no moving body,
/// so each row reads and writes only its own bodies' velocities: solved in parallel, in any
/// order and on any number of threads, the colour gives the same bits (perf.coloured_threads_bitwise).
/// One sweep solves the colours in turn, the points of a colour in cache order: a different
/// Gauss-Seidel order from "sequential", hence different (not worse) results; the distance
/// between the two is measured in docs/performance.md.
#ifndef AK_ENGINE_COLOURING_H
#define AK_ENGINE_COLOURING_H

#include "engine/contact_cache.h"
#include "engine/model.h"

/// Colours at most (the last one is solved sequentially).
#define AK_COLOURS 64

/// Colour this step's points (c->step.pts): perm gets the points by colour (stable, npoint
/// entries), start[0..ncol] the colours' ranges in perm (room for AK_COLOURS + 1). Returns ncol,
/// or -1 on allocation failure.
int ak_colour_points(const ak_model *m, const ak_contact_cache *c, int *perm, int *start);

#endif
