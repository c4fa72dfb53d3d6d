/// @file block_lu.h
/// Sparse LU of a block-structured square matrix [T-CV.6]: np block rows and columns of n x n
/// blocks whose block pattern is symmetric (the Delassus matrix W of a contact problem and the
/// Newton matrices J = R W + P of its natural map: points couple only through shared bodies).
/// The blocks are ordered by minimum degree on the block graph (the elimination graph kept as
/// bit sets; ties to the lowest index), or by minimum fill (ak_block_lu_new_order), the symbolic factorisation is the elimination graph
/// itself (each pivot's neighbours still to be eliminated are its L column and U row), and the
/// numeric factorisation is block Gaussian elimination in that order with partial pivoting
/// within each n x n pivot block (no pivoting across blocks), taken supernode by supernode
/// (consecutive pivots with nested patterns, on a dense copy of their blocks; the same
/// arithmetic in the same order as pivot by pivot). One pattern, many factorisations (a Newton
/// polish factors a new J of the same pattern at every step).
#ifndef AK_ENGINE_BLOCK_LU_H
#define AK_ENGINE_BLOCK_LU_H

#include <stddef.h>

typedef struct ak_block_lu ak_block_lu;

/// The ordering and symbolic factorisation of the pattern rs/col (block CSR: block row i holds
/// the block columns col[rs[i] .. rs[i+1]), each row with its diagonal, the pattern symmetric).
/// NULL if out of memory or the pattern is not symmetric or lacks a diagonal block.
ak_block_lu *ak_block_lu_new(int np, int n, const int rs[], const int col[]);

/// Factor A + eps I, A's blocks val (n x n row-major each, in the order of col). 0, or -1 when
/// a pivot block is singular (an exactly zero pivot).
int ak_block_lu_factor(ak_block_lu *f, const double val[], double eps);

/// Solve (A + eps I) x = b with the last factorisation, b in x (np n values, block-major).
void ak_block_lu_solve(const ak_block_lu *f, double x[]);

/// Multiply-adds of the numeric factorisation (its cost; for the step budget of a polish).
double ak_block_lu_flops(const ak_block_lu *f);

/// Factorisations made with f so far (ak_block_lu_factor calls).
long ak_block_lu_factorisations(const ak_block_lu *f);

/// Blocks of the factors (L and U, the diagonal once): the fill.
long ak_block_lu_blocks(const ak_block_lu *f);

/// Supernodes of the elimination (runs of consecutive steps with the same outer pattern, which
/// the numeric factorisation takes together); the widest one's steps in *widest if not NULL.
int ak_block_lu_supernodes(const ak_block_lu *f, int *widest);

/// The elimination order of ak_block_lu_new_order: minimum degree (ak_block_lu_new's), or
/// minimum fill (the block whose elimination adds the fewest new blocks, ties to the lower
/// degree, then the lowest index): a slower ordering, whose factorisations take fewer
/// multiply-adds on the piles' Newton matrices (pile_1000_3d step 59's largest component:
/// 2.75e7 against 5.0e7; docs/performance.md, issue 28, the matrix form's polish cost).
typedef enum { AK_BLU_MIN_DEGREE, AK_BLU_MIN_FILL } ak_block_lu_order;

/// As ak_block_lu_new, with the elimination order given.
ak_block_lu *ak_block_lu_new_order(int np, int n, const int rs[], const int col[],
                                   ak_block_lu_order order);

void ak_block_lu_free(ak_block_lu *f);

#endif
