// ten Bosch 2020, §7.1, §7.2 and §8's rotor, transcribed as printed (tenbosch_sat.h): generic algebra only.
#include "verify/oracles/tenbosch_sat.h"

#include <math.h>

#include "ref/ga/cl.h"

// V^m: the exterior product of the m-subset mask of the columns of u (n x n, row-major); the
// empty product is the scalar 1.
static void cell_blade(ak_cl_mv *out, int n, const double u[], unsigned subset) {
    ak_cl_blade(out, n, 0, 0, 0u, 1.0);
    for (int j = 0; j < n; j++) {
        if (!(subset >> j & 1u)) continue;
        double v[8];
        for (int i = 0; i < n; i++) v[i] = u[i * n + j];
        ak_cl_mv e;
        ak_cl_from_vec(&e, n, v);
        ak_cl_op(out, out, &e);
    }
}

int ak_tbs_project(int n, double out[], double *other, const double a[], const double b[], int m) {
    ak_cl_mv B, A, Binv, t, v;
    ak_cl_blade(&B, n, 0, 0, 0u, 1.0);
    for (int k = 0; k < m; k++) {
        ak_cl_mv e;
        ak_cl_from_vec(&e, n, b + k * n);
        ak_cl_op(&B, &B, &e);
    }
    if (ak_cl_versor_inverse(&Binv, &B) != AK_CL_OK) return -1;
    ak_cl_from_vec(&A, n, a);
    ak_cl_lc(&t, &A, &B);    // a . B
    ak_cl_gp(&t, &t, &Binv); // (a . B)/B
    ak_cl_to_vec(out, n, &t);
    ak_cl_grade_part(&v, &t, 1);
    ak_cl_sub(&v, &t, &v);
    *other = ak_cl_max_abs(&v); // the grades other than 1, zero when the quotient is a vector
    return 0;
}

int ak_tbs_box_axes(int n, const double ua[], const double ub[], double axes[], int max,
                    int split[]) {
    int count = 0;
    for (int ma = n - 1; ma >= 0; ma--) {
        int mb = n - 1 - ma;
        split[ma] = 0;
        for (unsigned i = 0; i < (1u << n); i++) {
            if (ak_cl_grade(i) != ma) continue;
            for (unsigned j = 0; j < (1u << n); j++) {
                if (ak_cl_grade(j) != mb || count >= max) continue;
                ak_cl_mv va, vb, w, d;
                cell_blade(&va, n, ua, i);
                cell_blade(&vb, n, ub, j);
                ak_cl_op(&w, &va, &vb); // V_a^{m_a}(i) ^ V_b^{m_b}(j)
                ak_cl_dual(&d, &w);     // its dual vector
                ak_cl_to_vec(axes + count * n, n, &d);
                count++;
                split[ma]++;
            }
        }
    }
    return count;
}

int ak_tbs_rotor_from_frames(int n, double rotor[], double biv[], double *minlen, const double a[],
                             const double b[]) {
    ak_cl_mv R, Rr, X, t;
    *minlen = INFINITY;
    ak_cl_blade(&R, n, 0, 0, 0u, 1.0);
    for (int k = 0; k < n; k++) {
        ak_cl_reverse(&Rr, &R);
        ak_cl_from_vec(&X, n, a + k * n);
        ak_cl_gp(&t, &R, &X);
        ak_cl_gp(&X, &t, &Rr); // a_k' = R a_k R~
        ak_cl_mv bk, Rk;
        ak_cl_from_vec(&bk, n, b + k * n);
        ak_cl_gp(&Rk, &bk, &X); // b_k a_k'
        Rk.c[0] += 1.0;         // 1 + b_k a_k'
        double len = ak_cl_norm(&Rk);
        *minlen = fmin(*minlen, len);
        if (len < 1e-9) return -1;
        ak_cl_scale(&Rk, &Rk, 1.0 / len);
        ak_cl_gp(&R, &Rk, &R); // R <- R_k R
    }
    for (unsigned m = 0; m < (1u << n); m++) rotor[m] = R.c[m];
    ak_cl_to_biv(biv, n, &R); // the bivector part
    return 0;
}
