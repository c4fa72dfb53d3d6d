/// @file block_lu.h
/// Sparse LU of a block-structured square matrix [T-CV.6]: np block rows and columns of n x n
/// blocks whose block pattern is symmetric (the Delassus matrix W of a contact problem and the
/// Newton matrices J = R W + P of its natural map: points couple only through shared bodies).
/// The blocks are ordered by minimum degree on the block graph (the elimination graph kept as
/// bit sets; ties to the lowest index), the symbolic factorisation is the elimination graph
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

/// Blocks of the factors (L and U, the diagonal once): the fill.
long ak_block_lu_blocks(const ak_block_lu *f);

/// Supernodes of the elimination (runs of consecutive steps with the same outer pattern, which
/// the numeric factorisation takes together); the widest one's steps in *widest if not NULL.
int ak_block_lu_supernodes(const ak_block_lu *f, int *widest);

void ak_block_lu_free(ak_block_lu *f);

#endif
