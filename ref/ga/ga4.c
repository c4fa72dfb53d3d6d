// Hand-written 4D geometric algebra kernels (Cl(4,0,0)).
//
// The expanded formulas in the comments, and the right-hand sides of the kernels, were generated
// by ref/ga/gen_ga4.py from e_A e_B = s(A,B) e_{A xor B} (every basis vector squares to +1); the
// `ga.ga4.*` checks compare every kernel with the generic algebra (cl.c) on random inputs.
#include "ref/ga/ga4.h"

#include <math.h>
#include <stddef.h>

#include "ref/ga/nd.h"

_Static_assert(sizeof(ak_vec4) == 4 * sizeof(double), "ak_vec4 must be 4 packed doubles");
_Static_assert(sizeof(ak_biv4) == 6 * sizeof(double), "ak_biv4 must be 6 packed doubles");
_Static_assert(sizeof(ak_rotor4) == 8 * sizeof(double), "ak_rotor4 must be 8 packed doubles");

ak_rotor4 ak_ga4_rotor_identity(void) { return (ak_rotor4){ 1, 0, 0, 0, 0, 0, 0, 0 }; }

ak_rotor4 ak_ga4_rotor_plane(int i, int j, double angle) {
    double R[AK_MAX_EVEN];
    ak_rotor4 out = ak_ga4_rotor_identity();
    if (i < 0 || j < 0 || i > 3 || j > 3 || i == j) return out;
    ak_nd_rotor_plane(4, R, i, j, angle);
    return (ak_rotor4){ R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7] };
}

ak_rotor4 ak_ga4_rotor_from_biv(ak_biv4 b) {
    return (ak_rotor4){ 0, b.xy, b.xz, b.xw, b.yz, b.yw, b.zw, 0 };
}
ak_biv4 ak_ga4_rotor_biv_part(ak_rotor4 r) {
    return (ak_biv4){ r.xy, r.xz, r.xw, r.yz, r.yw, r.zw };
}

// Wedge of two vectors:
//   (a^b)_xy = a_x b_y - a_y b_x
//   (a^b)_xz = a_x b_z - a_z b_x
//   (a^b)_xw = -a_w b_x + a_x b_w
//   (a^b)_yz = a_y b_z - a_z b_y
//   (a^b)_yw = -a_w b_y + a_y b_w
//   (a^b)_zw = -a_w b_z + a_z b_w
ak_biv4 ak_ga4_wedge(ak_vec4 a, ak_vec4 b) {
    ak_biv4 out;
    out.xy = a.x * b.y - a.y * b.x;
    out.xz = a.x * b.z - a.z * b.x;
    out.xw = -a.w * b.x + a.x * b.w;
    out.yz = a.y * b.z - a.z * b.y;
    out.yw = -a.w * b.y + a.y * b.w;
    out.zw = -a.w * b.z + a.z * b.w;
    return out;
}

// Left contraction of a vector onto a bivector (the grade-1 part of r w):
//   (r_|w)_x = -r_w w_xw - r_y w_xy - r_z w_xz
//   (r_|w)_y = -r_w w_yw + r_x w_xy - r_z w_yz
//   (r_|w)_z = -r_w w_zw + r_x w_xz + r_y w_yz
//   (r_|w)_w = r_x w_xw + r_y w_yw + r_z w_zw
ak_vec4 ak_ga4_contract(ak_vec4 r, ak_biv4 w) {
    ak_vec4 out;
    out.x = -r.w * w.xw - r.y * w.xy - r.z * w.xz;
    out.y = -r.w * w.yw + r.x * w.xy - r.z * w.yz;
    out.z = -r.w * w.zw + r.x * w.xz + r.y * w.yz;
    out.w = r.x * w.xw + r.y * w.yw + r.z * w.zw;
    return out;
}

// [r]*: row (ij) holds the coefficients of a in (r ^ a)_ij = r_i a_j - r_j a_i (from the wedge
// above); rows xy, xz, xw, yz, yw, zw, columns x, y, z, w:
//   xy: (-y,  x,  0,  0)   xz: (-z,  0,  x,  0)   xw: (-w,  0,  0,  x)
//   yz: ( 0, -z,  y,  0)   yw: ( 0, -w,  0,  y)   zw: ( 0,  0, -w,  z)
void ak_ga4_rstar(double out[24], ak_vec4 r) {
    const double m[24] = { -r.y, r.x,  0,   0, -r.z, 0,    r.x, 0,   -r.w, 0, 0,    r.x,
                           0,    -r.z, r.y, 0, 0,    -r.w, 0,   r.y, 0,    0, -r.w, r.z };
    for (int i = 0; i < 24; i++) out[i] = m[i];
}

// Commutator product of two bivectors, (ab - ba)/2:
//   (a x b)_xy = -a_xw b_yw - a_xz b_yz + a_yw b_xw + a_yz b_xz
//   (a x b)_xz = -a_xw b_zw + a_xy b_yz - a_yz b_xy + a_zw b_xw
//   (a x b)_xw = a_xy b_yw + a_xz b_zw - a_yw b_xy - a_zw b_xz
//   (a x b)_yz = -a_xy b_xz + a_xz b_xy - a_yw b_zw + a_zw b_yw
//   (a x b)_yw = a_xw b_xy - a_xy b_xw + a_yz b_zw - a_zw b_yz
//   (a x b)_zw = a_xw b_xz - a_xz b_xw + a_yw b_yz - a_yz b_yw
ak_biv4 ak_ga4_commutator(ak_biv4 a, ak_biv4 b) {
    ak_biv4 out;
    out.xy = -a.xw * b.yw - a.xz * b.yz + a.yw * b.xw + a.yz * b.xz;
    out.xz = -a.xw * b.zw + a.xy * b.yz - a.yz * b.xy + a.zw * b.xw;
    out.xw = a.xy * b.yw + a.xz * b.zw - a.yw * b.xy - a.zw * b.xz;
    out.yz = -a.xy * b.xz + a.xz * b.xy - a.yw * b.zw + a.zw * b.yw;
    out.yw = a.xw * b.xy - a.xy * b.xw + a.yz * b.zw - a.zw * b.yz;
    out.zw = a.xw * b.xz - a.xz * b.xw + a.yw * b.yz - a.yz * b.yw;
    return out;
}

// Geometric product of two bivectors:
//   (ab)_s = -a_xw b_xw - a_xy b_xy - a_xz b_xz - a_yw b_yw - a_yz b_yz - a_zw b_zw
//   (ab)_xy = -a_xw b_yw - a_xz b_yz + a_yw b_xw + a_yz b_xz
//   (ab)_xz = -a_xw b_zw + a_xy b_yz - a_yz b_xy + a_zw b_xw
//   (ab)_xw = a_xy b_yw + a_xz b_zw - a_yw b_xy - a_zw b_xz
//   (ab)_yz = -a_xy b_xz + a_xz b_xy - a_yw b_zw + a_zw b_yw
//   (ab)_yw = a_xw b_xy - a_xy b_xw + a_yz b_zw - a_zw b_yz
//   (ab)_zw = a_xw b_xz - a_xz b_xw + a_yw b_yz - a_yz b_yw
//   (ab)_xyzw = a_xw b_yz + a_xy b_zw - a_xz b_yw - a_yw b_xz + a_yz b_xw + a_zw b_xy
ak_rotor4 ak_ga4_biv_mul(ak_biv4 a, ak_biv4 b) {
    ak_rotor4 out;
    out.s = -a.xw * b.xw - a.xy * b.xy - a.xz * b.xz - a.yw * b.yw - a.yz * b.yz - a.zw * b.zw;
    out.xy = -a.xw * b.yw - a.xz * b.yz + a.yw * b.xw + a.yz * b.xz;
    out.xz = -a.xw * b.zw + a.xy * b.yz - a.yz * b.xy + a.zw * b.xw;
    out.xw = a.xy * b.yw + a.xz * b.zw - a.yw * b.xy - a.zw * b.xz;
    out.yz = -a.xy * b.xz + a.xz * b.xy - a.yw * b.zw + a.zw * b.yw;
    out.yw = a.xw * b.xy - a.xy * b.xw + a.yz * b.zw - a.zw * b.yz;
    out.zw = a.xw * b.xz - a.xz * b.xw + a.yw * b.yz - a.yz * b.yw;
    out.xyzw = a.xw * b.yz + a.xy * b.zw - a.xz * b.yw - a.yw * b.xz + a.yz * b.xw + a.zw * b.xy;
    return out;
}

// Geometric product of two even elements:
//   (ab)_s = a_s b_s - a_xw b_xw - a_xy b_xy + a_xyzw b_xyzw - a_xz b_xz - a_yw b_yw - a_yz b_yz - a_zw b_zw
//   (ab)_xy = a_s b_xy - a_xw b_yw + a_xy b_s - a_xyzw b_zw - a_xz b_yz + a_yw b_xw + a_yz b_xz - a_zw b_xyzw
//   (ab)_xz = a_s b_xz - a_xw b_zw + a_xy b_yz + a_xyzw b_yw + a_xz b_s + a_yw b_xyzw - a_yz b_xy + a_zw b_xw
//   (ab)_xw = a_s b_xw + a_xw b_s + a_xy b_yw - a_xyzw b_yz + a_xz b_zw - a_yw b_xy - a_yz b_xyzw - a_zw b_xz
//   (ab)_yz = a_s b_yz - a_xw b_xyzw - a_xy b_xz - a_xyzw b_xw + a_xz b_xy - a_yw b_zw + a_yz b_s + a_zw b_yw
//   (ab)_yw = a_s b_yw + a_xw b_xy - a_xy b_xw + a_xyzw b_xz + a_xz b_xyzw + a_yw b_s + a_yz b_zw - a_zw b_yz
//   (ab)_zw = a_s b_zw + a_xw b_xz - a_xy b_xyzw - a_xyzw b_xy - a_xz b_xw + a_yw b_yz - a_yz b_yw + a_zw b_s
//   (ab)_xyzw = a_s b_xyzw + a_xw b_yz + a_xy b_zw + a_xyzw b_s - a_xz b_yw - a_yw b_xz + a_yz b_xw + a_zw b_xy
ak_rotor4 ak_ga4_rotor_mul(ak_rotor4 a, ak_rotor4 b) {
    ak_rotor4 out;
    out.s = a.s * b.s - a.xw * b.xw - a.xy * b.xy + a.xyzw * b.xyzw - a.xz * b.xz - a.yw * b.yw -
            a.yz * b.yz - a.zw * b.zw;
    out.xy = a.s * b.xy - a.xw * b.yw + a.xy * b.s - a.xyzw * b.zw - a.xz * b.yz + a.yw * b.xw +
             a.yz * b.xz - a.zw * b.xyzw;
    out.xz = a.s * b.xz - a.xw * b.zw + a.xy * b.yz + a.xyzw * b.yw + a.xz * b.s + a.yw * b.xyzw -
             a.yz * b.xy + a.zw * b.xw;
    out.xw = a.s * b.xw + a.xw * b.s + a.xy * b.yw - a.xyzw * b.yz + a.xz * b.zw - a.yw * b.xy -
             a.yz * b.xyzw - a.zw * b.xz;
    out.yz = a.s * b.yz - a.xw * b.xyzw - a.xy * b.xz - a.xyzw * b.xw + a.xz * b.xy - a.yw * b.zw +
             a.yz * b.s + a.zw * b.yw;
    out.yw = a.s * b.yw + a.xw * b.xy - a.xy * b.xw + a.xyzw * b.xz + a.xz * b.xyzw + a.yw * b.s +
             a.yz * b.zw - a.zw * b.yz;
    out.zw = a.s * b.zw + a.xw * b.xz - a.xy * b.xyzw - a.xyzw * b.xy - a.xz * b.xw + a.yw * b.yz -
             a.yz * b.yw + a.zw * b.s;
    out.xyzw = a.s * b.xyzw + a.xw * b.yz + a.xy * b.zw + a.xyzw * b.s - a.xz * b.yw - a.yw * b.xz +
               a.yz * b.xw + a.zw * b.xy;
    return out;
}

ak_rotor4 ak_ga4_rotor_reverse(ak_rotor4 r) {
    // Grade 2 changes sign under reversion, grades 0 and 4 do not.
    return (ak_rotor4){ r.s, -r.xy, -r.xz, -r.xw, -r.yz, -r.yw, -r.zw, r.xyzw };
}

double ak_ga4_rotor_norm2(ak_rotor4 r) {
    // <R R~>_0: every even blade times its reverse is +1.
    return r.s * r.s + r.xy * r.xy + r.xz * r.xz + r.xw * r.xw + r.yz * r.yz + r.yw * r.yw +
           r.zw * r.zw + r.xyzw * r.xyzw;
}

// The matrix of x -> R x R~ (exactly a vector for any even R in 4D, since it equals its reverse):
//   M[x,x] = R_s R_s - R_xw R_xw - R_xy R_xy - R_xyzw R_xyzw - R_xz R_xz + R_yw R_yw + R_yz R_yz + R_zw R_zw
//   M[x,y] = 2 R_s R_xy - 2 R_xw R_yw + 2 R_xyzw R_zw - 2 R_xz R_yz
//   M[x,z] = 2 R_s R_xz - 2 R_xw R_zw + 2 R_xy R_yz - 2 R_xyzw R_yw
//   M[x,w] = 2 R_s R_xw + 2 R_xy R_yw + 2 R_xyzw R_yz + 2 R_xz R_zw
//   M[y,x] = -2 R_s R_xy - 2 R_xw R_yw - 2 R_xyzw R_zw - 2 R_xz R_yz
//   M[y,y] = R_s R_s + R_xw R_xw - R_xy R_xy - R_xyzw R_xyzw + R_xz R_xz - R_yw R_yw - R_yz R_yz + R_zw R_zw
//   M[y,z] = 2 R_s R_yz + 2 R_xw R_xyzw - 2 R_xy R_xz - 2 R_yw R_zw
//   M[y,w] = 2 R_s R_yw - 2 R_xw R_xy - 2 R_xyzw R_xz + 2 R_yz R_zw
//   M[z,x] = -2 R_s R_xz - 2 R_xw R_zw + 2 R_xy R_yz + 2 R_xyzw R_yw
//   M[z,y] = -2 R_s R_yz - 2 R_xw R_xyzw - 2 R_xy R_xz - 2 R_yw R_zw
//   M[z,z] = R_s R_s + R_xw R_xw + R_xy R_xy - R_xyzw R_xyzw - R_xz R_xz + R_yw R_yw - R_yz R_yz - R_zw R_zw
//   M[z,w] = 2 R_s R_zw - 2 R_xw R_xz + 2 R_xy R_xyzw - 2 R_yw R_yz
//   M[w,x] = -2 R_s R_xw + 2 R_xy R_yw - 2 R_xyzw R_yz + 2 R_xz R_zw
//   M[w,y] = -2 R_s R_yw - 2 R_xw R_xy + 2 R_xyzw R_xz + 2 R_yz R_zw
//   M[w,z] = -2 R_s R_zw - 2 R_xw R_xz - 2 R_xy R_xyzw - 2 R_yw R_yz
//   M[w,w] = R_s R_s - R_xw R_xw + R_xy R_xy - R_xyzw R_xyzw + R_xz R_xz - R_yw R_yw + R_yz R_yz - R_zw R_zw
void ak_ga4_rotor_to_matrix(double M[16], ak_rotor4 R) {
    M[0] = R.s * R.s - R.xw * R.xw - R.xy * R.xy - R.xyzw * R.xyzw - R.xz * R.xz + R.yw * R.yw +
           R.yz * R.yz + R.zw * R.zw;
    M[1] = 2 * R.s * R.xy - 2 * R.xw * R.yw + 2 * R.xyzw * R.zw - 2 * R.xz * R.yz;
    M[2] = 2 * R.s * R.xz - 2 * R.xw * R.zw + 2 * R.xy * R.yz - 2 * R.xyzw * R.yw;
    M[3] = 2 * R.s * R.xw + 2 * R.xy * R.yw + 2 * R.xyzw * R.yz + 2 * R.xz * R.zw;
    M[4] = -2 * R.s * R.xy - 2 * R.xw * R.yw - 2 * R.xyzw * R.zw - 2 * R.xz * R.yz;
    M[5] = R.s * R.s + R.xw * R.xw - R.xy * R.xy - R.xyzw * R.xyzw + R.xz * R.xz - R.yw * R.yw -
           R.yz * R.yz + R.zw * R.zw;
    M[6] = 2 * R.s * R.yz + 2 * R.xw * R.xyzw - 2 * R.xy * R.xz - 2 * R.yw * R.zw;
    M[7] = 2 * R.s * R.yw - 2 * R.xw * R.xy - 2 * R.xyzw * R.xz + 2 * R.yz * R.zw;
    M[8] = -2 * R.s * R.xz - 2 * R.xw * R.zw + 2 * R.xy * R.yz + 2 * R.xyzw * R.yw;
    M[9] = -2 * R.s * R.yz - 2 * R.xw * R.xyzw - 2 * R.xy * R.xz - 2 * R.yw * R.zw;
    M[10] = R.s * R.s + R.xw * R.xw + R.xy * R.xy - R.xyzw * R.xyzw - R.xz * R.xz + R.yw * R.yw -
            R.yz * R.yz - R.zw * R.zw;
    M[11] = 2 * R.s * R.zw - 2 * R.xw * R.xz + 2 * R.xy * R.xyzw - 2 * R.yw * R.yz;
    M[12] = -2 * R.s * R.xw + 2 * R.xy * R.yw - 2 * R.xyzw * R.yz + 2 * R.xz * R.zw;
    M[13] = -2 * R.s * R.yw - 2 * R.xw * R.xy + 2 * R.xyzw * R.xz + 2 * R.yz * R.zw;
    M[14] = -2 * R.s * R.zw - 2 * R.xw * R.xz - 2 * R.xy * R.xyzw - 2 * R.yw * R.yz;
    M[15] = R.s * R.s - R.xw * R.xw + R.xy * R.xy - R.xyzw * R.xyzw + R.xz * R.xz - R.yw * R.yw +
            R.yz * R.yz - R.zw * R.zw;
}

ak_vec4 ak_ga4_rotor_apply(ak_rotor4 r, ak_vec4 x) {
    double M[16];
    ak_ga4_rotor_to_matrix(M, r);
    return (ak_vec4){ M[0] * x.x + M[1] * x.y + M[2] * x.z + M[3] * x.w,
                      M[4] * x.x + M[5] * x.y + M[6] * x.z + M[7] * x.w,
                      M[8] * x.x + M[9] * x.y + M[10] * x.z + M[11] * x.w,
                      M[12] * x.x + M[13] * x.y + M[14] * x.z + M[15] * x.w };
}

// [R]_2, the matrix of B -> R B R~ (exactly a bivector for any even R in 4D):
//   M[xy,xy] = R_s R_s - R_xw R_xw + R_xy R_xy + R_xyzw R_xyzw - R_xz R_xz - R_yw R_yw - R_yz R_yz + R_zw R_zw
//   M[xy,xz] = 2 R_s R_yz - 2 R_xw R_xyzw + 2 R_xy R_xz - 2 R_yw R_zw
//   M[xy,xw] = 2 R_s R_yw + 2 R_xw R_xy + 2 R_xyzw R_xz + 2 R_yz R_zw
//   M[xy,yz] = -2 R_s R_xz + 2 R_xw R_zw + 2 R_xy R_yz - 2 R_xyzw R_yw
//   M[xy,yw] = -2 R_s R_xw + 2 R_xy R_yw + 2 R_xyzw R_yz - 2 R_xz R_zw
//   M[xy,zw] = -2 R_s R_xyzw - 2 R_xw R_yz + 2 R_xy R_zw + 2 R_xz R_yw
//   M[xz,xy] = -2 R_s R_yz + 2 R_xw R_xyzw + 2 R_xy R_xz - 2 R_yw R_zw
//   M[xz,xz] = R_s R_s - R_xw R_xw - R_xy R_xy + R_xyzw R_xyzw + R_xz R_xz + R_yw R_yw - R_yz R_yz - R_zw R_zw
//   M[xz,xw] = 2 R_s R_zw + 2 R_xw R_xz - 2 R_xy R_xyzw - 2 R_yw R_yz
//   M[xz,yz] = 2 R_s R_xy - 2 R_xw R_yw - 2 R_xyzw R_zw + 2 R_xz R_yz
//   M[xz,yw] = 2 R_s R_xyzw + 2 R_xw R_yz + 2 R_xy R_zw + 2 R_xz R_yw
//   M[xz,zw] = -2 R_s R_xw - 2 R_xy R_yw + 2 R_xyzw R_yz + 2 R_xz R_zw
//   M[xw,xy] = -2 R_s R_yw + 2 R_xw R_xy - 2 R_xyzw R_xz + 2 R_yz R_zw
//   M[xw,xz] = -2 R_s R_zw + 2 R_xw R_xz + 2 R_xy R_xyzw - 2 R_yw R_yz
//   M[xw,xw] = R_s R_s + R_xw R_xw - R_xy R_xy + R_xyzw R_xyzw - R_xz R_xz - R_yw R_yw + R_yz R_yz - R_zw R_zw
//   M[xw,yz] = -2 R_s R_xyzw + 2 R_xw R_yz - 2 R_xy R_zw + 2 R_xz R_yw
//   M[xw,yw] = 2 R_s R_xy + 2 R_xw R_yw - 2 R_xyzw R_zw - 2 R_xz R_yz
//   M[xw,zw] = 2 R_s R_xz + 2 R_xw R_zw + 2 R_xy R_yz + 2 R_xyzw R_yw
//   M[yz,xy] = 2 R_s R_xz + 2 R_xw R_zw + 2 R_xy R_yz + 2 R_xyzw R_yw
//   M[yz,xz] = -2 R_s R_xy - 2 R_xw R_yw + 2 R_xyzw R_zw + 2 R_xz R_yz
//   M[yz,xw] = -2 R_s R_xyzw + 2 R_xw R_yz - 2 R_xy R_zw + 2 R_xz R_yw
//   M[yz,yz] = R_s R_s + R_xw R_xw - R_xy R_xy + R_xyzw R_xyzw - R_xz R_xz - R_yw R_yw + R_yz R_yz - R_zw R_zw
//   M[yz,yw] = 2 R_s R_zw - 2 R_xw R_xz - 2 R_xy R_xyzw + 2 R_yw R_yz
//   M[yz,zw] = -2 R_s R_yw + 2 R_xw R_xy - 2 R_xyzw R_xz + 2 R_yz R_zw
//   M[yw,xy] = 2 R_s R_xw + 2 R_xy R_yw - 2 R_xyzw R_yz - 2 R_xz R_zw
//   M[yw,xz] = 2 R_s R_xyzw + 2 R_xw R_yz + 2 R_xy R_zw + 2 R_xz R_yw
//   M[yw,xw] = -2 R_s R_xy + 2 R_xw R_yw + 2 R_xyzw R_zw - 2 R_xz R_yz
//   M[yw,yz] = -2 R_s R_zw - 2 R_xw R_xz + 2 R_xy R_xyzw + 2 R_yw R_yz
//   M[yw,yw] = R_s R_s - R_xw R_xw - R_xy R_xy + R_xyzw R_xyzw + R_xz R_xz + R_yw R_yw - R_yz R_yz - R_zw R_zw
//   M[yw,zw] = 2 R_s R_yz - 2 R_xw R_xyzw - 2 R_xy R_xz + 2 R_yw R_zw
//   M[zw,xy] = -2 R_s R_xyzw - 2 R_xw R_yz + 2 R_xy R_zw + 2 R_xz R_yw
//   M[zw,xz] = 2 R_s R_xw - 2 R_xy R_yw - 2 R_xyzw R_yz + 2 R_xz R_zw
//   M[zw,xw] = -2 R_s R_xz + 2 R_xw R_zw + 2 R_xy R_yz - 2 R_xyzw R_yw
//   M[zw,yz] = 2 R_s R_yw + 2 R_xw R_xy + 2 R_xyzw R_xz + 2 R_yz R_zw
//   M[zw,yw] = -2 R_s R_yz + 2 R_xw R_xyzw - 2 R_xy R_xz + 2 R_yw R_zw
//   M[zw,zw] = R_s R_s - R_xw R_xw + R_xy R_xy + R_xyzw R_xyzw - R_xz R_xz - R_yw R_yw - R_yz R_yz + R_zw R_zw
void ak_ga4_rotor_biv_matrix(double M2[36], ak_rotor4 R) {
    M2[0] = R.s * R.s - R.xw * R.xw + R.xy * R.xy + R.xyzw * R.xyzw - R.xz * R.xz - R.yw * R.yw -
            R.yz * R.yz + R.zw * R.zw;
    M2[1] = 2 * R.s * R.yz - 2 * R.xw * R.xyzw + 2 * R.xy * R.xz - 2 * R.yw * R.zw;
    M2[2] = 2 * R.s * R.yw + 2 * R.xw * R.xy + 2 * R.xyzw * R.xz + 2 * R.yz * R.zw;
    M2[3] = -2 * R.s * R.xz + 2 * R.xw * R.zw + 2 * R.xy * R.yz - 2 * R.xyzw * R.yw;
    M2[4] = -2 * R.s * R.xw + 2 * R.xy * R.yw + 2 * R.xyzw * R.yz - 2 * R.xz * R.zw;
    M2[5] = -2 * R.s * R.xyzw - 2 * R.xw * R.yz + 2 * R.xy * R.zw + 2 * R.xz * R.yw;
    M2[6] = -2 * R.s * R.yz + 2 * R.xw * R.xyzw + 2 * R.xy * R.xz - 2 * R.yw * R.zw;
    M2[7] = R.s * R.s - R.xw * R.xw - R.xy * R.xy + R.xyzw * R.xyzw + R.xz * R.xz + R.yw * R.yw -
            R.yz * R.yz - R.zw * R.zw;
    M2[8] = 2 * R.s * R.zw + 2 * R.xw * R.xz - 2 * R.xy * R.xyzw - 2 * R.yw * R.yz;
    M2[9] = 2 * R.s * R.xy - 2 * R.xw * R.yw - 2 * R.xyzw * R.zw + 2 * R.xz * R.yz;
    M2[10] = 2 * R.s * R.xyzw + 2 * R.xw * R.yz + 2 * R.xy * R.zw + 2 * R.xz * R.yw;
    M2[11] = -2 * R.s * R.xw - 2 * R.xy * R.yw + 2 * R.xyzw * R.yz + 2 * R.xz * R.zw;
    M2[12] = -2 * R.s * R.yw + 2 * R.xw * R.xy - 2 * R.xyzw * R.xz + 2 * R.yz * R.zw;
    M2[13] = -2 * R.s * R.zw + 2 * R.xw * R.xz + 2 * R.xy * R.xyzw - 2 * R.yw * R.yz;
    M2[14] = R.s * R.s + R.xw * R.xw - R.xy * R.xy + R.xyzw * R.xyzw - R.xz * R.xz - R.yw * R.yw +
             R.yz * R.yz - R.zw * R.zw;
    M2[15] = -2 * R.s * R.xyzw + 2 * R.xw * R.yz - 2 * R.xy * R.zw + 2 * R.xz * R.yw;
    M2[16] = 2 * R.s * R.xy + 2 * R.xw * R.yw - 2 * R.xyzw * R.zw - 2 * R.xz * R.yz;
    M2[17] = 2 * R.s * R.xz + 2 * R.xw * R.zw + 2 * R.xy * R.yz + 2 * R.xyzw * R.yw;
    M2[18] = 2 * R.s * R.xz + 2 * R.xw * R.zw + 2 * R.xy * R.yz + 2 * R.xyzw * R.yw;
    M2[19] = -2 * R.s * R.xy - 2 * R.xw * R.yw + 2 * R.xyzw * R.zw + 2 * R.xz * R.yz;
    M2[20] = -2 * R.s * R.xyzw + 2 * R.xw * R.yz - 2 * R.xy * R.zw + 2 * R.xz * R.yw;
    M2[21] = R.s * R.s + R.xw * R.xw - R.xy * R.xy + R.xyzw * R.xyzw - R.xz * R.xz - R.yw * R.yw +
             R.yz * R.yz - R.zw * R.zw;
    M2[22] = 2 * R.s * R.zw - 2 * R.xw * R.xz - 2 * R.xy * R.xyzw + 2 * R.yw * R.yz;
    M2[23] = -2 * R.s * R.yw + 2 * R.xw * R.xy - 2 * R.xyzw * R.xz + 2 * R.yz * R.zw;
    M2[24] = 2 * R.s * R.xw + 2 * R.xy * R.yw - 2 * R.xyzw * R.yz - 2 * R.xz * R.zw;
    M2[25] = 2 * R.s * R.xyzw + 2 * R.xw * R.yz + 2 * R.xy * R.zw + 2 * R.xz * R.yw;
    M2[26] = -2 * R.s * R.xy + 2 * R.xw * R.yw + 2 * R.xyzw * R.zw - 2 * R.xz * R.yz;
    M2[27] = -2 * R.s * R.zw - 2 * R.xw * R.xz + 2 * R.xy * R.xyzw + 2 * R.yw * R.yz;
    M2[28] = R.s * R.s - R.xw * R.xw - R.xy * R.xy + R.xyzw * R.xyzw + R.xz * R.xz + R.yw * R.yw -
             R.yz * R.yz - R.zw * R.zw;
    M2[29] = 2 * R.s * R.yz - 2 * R.xw * R.xyzw - 2 * R.xy * R.xz + 2 * R.yw * R.zw;
    M2[30] = -2 * R.s * R.xyzw - 2 * R.xw * R.yz + 2 * R.xy * R.zw + 2 * R.xz * R.yw;
    M2[31] = 2 * R.s * R.xw - 2 * R.xy * R.yw - 2 * R.xyzw * R.yz + 2 * R.xz * R.zw;
    M2[32] = -2 * R.s * R.xz + 2 * R.xw * R.zw + 2 * R.xy * R.yz - 2 * R.xyzw * R.yw;
    M2[33] = 2 * R.s * R.yw + 2 * R.xw * R.xy + 2 * R.xyzw * R.xz + 2 * R.yz * R.zw;
    M2[34] = -2 * R.s * R.yz + 2 * R.xw * R.xyzw - 2 * R.xy * R.xz + 2 * R.yw * R.zw;
    M2[35] = R.s * R.s - R.xw * R.xw + R.xy * R.xy + R.xyzw * R.xyzw - R.xz * R.xz - R.yw * R.yw -
             R.yz * R.yz + R.zw * R.zw;
}

ak_biv4 ak_ga4_biv_sandwich(ak_rotor4 r, ak_biv4 b) {
    double M2[36], in[6] = { b.xy, b.xz, b.xw, b.yz, b.yw, b.zw }, out[6];
    ak_ga4_rotor_biv_matrix(M2, r);
    for (int i = 0; i < 6; i++) {
        out[i] = 0.0;
        for (int j = 0; j < 6; j++) out[i] += M2[6 * i + j] * in[j];
    }
    return (ak_biv4){ out[0], out[1], out[2], out[3], out[4], out[5] };
}

// ---- Exponential, logarithm, split and renormalisation -----------------------------------------
//
// The 4D even subalgebra splits into two commuting halves with the central idempotents
// P = (1 - I)/2 and Q = (1 + I)/2 (I = e_xyzw, I^2 = 1, I commutes with every even element):
// PQ = 0, P + Q = 1. A bivector splits into its parts B+ = (B - BI)/2 = BP and
// B- = (B + BI)/2 = BQ, which commute (B+ B- = B+ P Q B- = 0 = B- B+). In coordinates
//   B+ = u1 (e_xy + e_zw) + u2 (e_xz - e_yw) + u3 (e_xw + e_yz),
//   B- = v1 (e_xy - e_zw) + v2 (e_xz + e_yw) + v3 (e_xw - e_yz),
//   u1 = (B_xy + B_zw)/2, u2 = (B_xz - B_yw)/2, u3 = (B_xw + B_yz)/2,
//   v1 = (B_xy - B_zw)/2, v2 = (B_xz + B_yw)/2, v3 = (B_xw - B_yz)/2,
// and B+^2 = -phi+^2 P, B-^2 = -phi-^2 Q with phi+ = 2|u|, phi- = 2|v|. Hence, exactly,
//   exp(B) = exp(B+) exp(B-) = P cos phi+ + Q cos phi- + B+ sinc phi+ + B- sinc phi-,
// i.e. scalar (cos phi+ + cos phi-)/2, pseudoscalar (cos phi- - cos phi+)/2, bivector
// u sinc phi+ and v sinc phi- in the coordinates above. If B = th1 U1 + th2 U2 with commuting unit
// simple bivectors (U1 U2 = I), then phi+ = th1 + th2 and phi- = th1 - th2, so the same formula is
// exp(th1 U1) exp(th2 U2) = cos th1 cos th2 + sin th1 cos th2 U1 + cos th1 sin th2 U2
// + sin th1 sin th2 I (P-C.2's split applied to the exponential). Unlike the split into simple
// parts, this form has no division by th1^2 - th2^2 and stays exact for isoclinic bivectors.

typedef struct half_coords {
    double u[3], v[3];
} half_coords;

static half_coords to_halves(ak_biv4 b) {
    return (half_coords){ { 0.5 * (b.xy + b.zw), 0.5 * (b.xz - b.yw), 0.5 * (b.xw + b.yz) },
                          { 0.5 * (b.xy - b.zw), 0.5 * (b.xz + b.yw), 0.5 * (b.xw - b.yz) } };
}

static ak_biv4 from_halves(const double u[3], const double v[3]) {
    return (
        ak_biv4){ u[0] + v[0], u[1] + v[1], u[2] + v[2], u[2] - v[2], v[1] - u[1], u[0] - v[0] };
}

static double norm3(const double a[3]) { return sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }

// sin(x)/x, with its Taylor series where the quotient would lose digits.
static double sinc(double x) {
    if (fabs(x) < 1e-4) return 1.0 - x * x / 6.0;
    return sin(x) / x;
}

ak_rotor4 ak_ga4_rotor_exp(ak_biv4 b) {
    half_coords h = to_halves(b);
    double pp = 2.0 * norm3(h.u), pm = 2.0 * norm3(h.v);
    double sp = sinc(pp), sm = sinc(pm), u[3], v[3];
    for (int i = 0; i < 3; i++) {
        u[i] = h.u[i] * sp;
        v[i] = h.v[i] * sm;
    }
    ak_biv4 bv = from_halves(u, v);
    return (ak_rotor4){ 0.5 * (cos(pp) + cos(pm)), bv.xy, bv.xz, bv.xw, bv.yz, bv.yw, bv.zw,
                        0.5 * (cos(pm) - cos(pp)) };
}

void ak_ga4_biv_split(ak_biv4 *b1, ak_biv4 *b2, double *th1, double *th2, ak_biv4 b) {
    // With N+ = B+/|u| and N- = B-/|v| (|N+|^2 = |N-|^2 = 2, N+^2 = -4P, N-^2 = -4Q):
    //   U1 = (N+ + N-)/2, U2 = (N+ - N-)/2, th1 = |u| + |v|, th2 = |u| - |v|,
    // so U1^2 = U2^2 = -(P + Q) = -1, U1 U2 = U2 U1 = Q - P = I and th1 U1 + th2 U2 = B+ + B- = B.
    // This is the Euclidean-4D form of the commuting split of P-C.2 (docs/formulas/ga.md).
    half_coords h = to_halves(b);
    double nu = norm3(h.u), nv = norm3(h.v), t1 = nu + nv, t2 = nu - nv;
    double du[3] = { 1, 0, 0 }, dv[3] = { 1, 0, 0 }; // any unit direction when a half vanishes
    if (nu > 0.0)
        for (int i = 0; i < 3; i++) du[i] = h.u[i] / nu;
    if (nv > 0.0)
        for (int i = 0; i < 3; i++) dv[i] = h.v[i] / nv;
    double u1[3], v1[3], u2[3], v2[3];
    for (int i = 0; i < 3; i++) {
        u1[i] = 0.5 * t1 * du[i];
        v1[i] = 0.5 * t1 * dv[i];
        u2[i] = 0.5 * t2 * du[i];
        v2[i] = -0.5 * t2 * dv[i];
    }
    if (b1) *b1 = from_halves(u1, v1);
    if (b2) *b2 = from_halves(u2, v2);
    if (th1) *th1 = t1;
    if (th2) *th2 = t2;
}

ak_biv4 ak_ga4_rotor_log(ak_rotor4 r) {
    // R P = (s - q) P + (B+ part of R): the "+" half is the quaternion (s - q, 2u) with
    // s - q = cos phi+ and 2|u| = sin phi+; likewise (s + q, 2v) for the "-" half.
    ak_biv4 bv = ak_ga4_rotor_biv_part(r);
    half_coords h = to_halves(bv);
    double nu = norm3(h.u), nv = norm3(h.v);
    double pp = atan2(2.0 * nu, r.s - r.xyzw), pm = atan2(2.0 * nv, r.s + r.xyzw), u[3], v[3];
    for (int i = 0; i < 3; i++) {
        // B+ = u_B with |u_B| = phi+/2 along u; at phi+ = pi with u = 0 any direction is a log.
        u[i] = nu > 0.0 ? h.u[i] * (0.5 * pp / nu) : (i == 0 ? 0.5 * pp : 0.0);
        v[i] = nv > 0.0 ? h.v[i] * (0.5 * pm / nv) : (i == 0 ? 0.5 * pm : 0.0);
    }
    return from_halves(u, v);
}

ak_rotor4 ak_ga4_rotor_renormalize(ak_rotor4 r) {
    double R[8] = { r.s, r.xy, r.xz, r.xw, r.yz, r.yw, r.zw, r.xyzw };
    ak_nd_spin4_project(R); // the exact Spin(4) projection lives with the n-D rotors
    return (ak_rotor4){ R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7] };
}

int ak_ga4_rotor_from_frames(ak_rotor4 *r, const ak_vec4 from[4], const ak_vec4 to[4]) {
    // Columns of A and B are the frame vectors; the n-D routine does the successive alignment.
    double A[16], B[16], R[AK_MAX_EVEN];
    for (int i = 0; i < 4; i++) {
        const double f[4] = { from[i].x, from[i].y, from[i].z, from[i].w };
        const double t[4] = { to[i].x, to[i].y, to[i].z, to[i].w };
        for (int k = 0; k < 4; k++) {
            A[4 * k + i] = f[k];
            B[4 * k + i] = t[k];
        }
    }
    int st = ak_nd_rotor_from_frames(4, R, A, B);
    *r = (ak_rotor4){ R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7] };
    return st;
}

// ---- Mixed products: the 4D component tables of thesis App. A ------------------------------------
// Expansions from ref/gen_ga4.py (section ODD): e_A e_B = s(A,B) e_{A xor B}. A vector times a
// bivector or rotor is odd: a vector plus a trivector (ak_odd4).

ak_triv4 ak_ga4_wedge_vb(ak_vec4 a, ak_biv4 b) {
    ak_triv4 out;
    out.xyz = a.x * b.yz - a.y * b.xz + a.z * b.xy;
    out.xyw = a.w * b.xy + a.x * b.yw - a.y * b.xw;
    out.xzw = a.w * b.xz + a.x * b.zw - a.z * b.xw;
    out.yzw = a.w * b.yz + a.y * b.zw - a.z * b.yw;
    return out;
}

ak_odd4 ak_ga4_vec_biv_mul(ak_vec4 a, ak_biv4 b) {
    ak_odd4 out;
    out.x = -a.w * b.xw - a.y * b.xy - a.z * b.xz;
    out.y = -a.w * b.yw + a.x * b.xy - a.z * b.yz;
    out.z = -a.w * b.zw + a.x * b.xz + a.y * b.yz;
    out.w = a.x * b.xw + a.y * b.yw + a.z * b.zw;
    out.xyz = a.x * b.yz - a.y * b.xz + a.z * b.xy;
    out.xyw = a.w * b.xy + a.x * b.yw - a.y * b.xw;
    out.xzw = a.w * b.xz + a.x * b.zw - a.z * b.xw;
    out.yzw = a.w * b.yz + a.y * b.zw - a.z * b.yw;
    return out;
}

ak_odd4 ak_ga4_biv_vec_mul(ak_biv4 b, ak_vec4 a) {
    ak_odd4 out;
    out.x = a.w * b.xw + a.y * b.xy + a.z * b.xz;
    out.y = a.w * b.yw - a.x * b.xy + a.z * b.yz;
    out.z = a.w * b.zw - a.x * b.xz - a.y * b.yz;
    out.w = -a.x * b.xw - a.y * b.yw - a.z * b.zw;
    out.xyz = a.x * b.yz - a.y * b.xz + a.z * b.xy;
    out.xyw = a.w * b.xy + a.x * b.yw - a.y * b.xw;
    out.xzw = a.w * b.xz + a.x * b.zw - a.z * b.xw;
    out.yzw = a.w * b.yz + a.y * b.zw - a.z * b.yw;
    return out;
}

ak_odd4 ak_ga4_vec_rotor_mul(ak_vec4 a, ak_rotor4 r) {
    ak_odd4 out;
    out.x = -a.w * r.xw + a.x * r.s - a.y * r.xy - a.z * r.xz;
    out.y = -a.w * r.yw + a.x * r.xy + a.y * r.s - a.z * r.yz;
    out.z = -a.w * r.zw + a.x * r.xz + a.y * r.yz + a.z * r.s;
    out.w = a.w * r.s + a.x * r.xw + a.y * r.yw + a.z * r.zw;
    out.xyz = -a.w * r.xyzw + a.x * r.yz - a.y * r.xz + a.z * r.xy;
    out.xyw = a.w * r.xy + a.x * r.yw - a.y * r.xw + a.z * r.xyzw;
    out.xzw = a.w * r.xz + a.x * r.zw - a.y * r.xyzw - a.z * r.xw;
    out.yzw = a.w * r.yz + a.x * r.xyzw + a.y * r.zw - a.z * r.yw;
    return out;
}

ak_odd4 ak_ga4_rotor_vec_mul(ak_rotor4 r, ak_vec4 a) {
    ak_odd4 out;
    out.x = a.w * r.xw + a.x * r.s + a.y * r.xy + a.z * r.xz;
    out.y = a.w * r.yw - a.x * r.xy + a.y * r.s + a.z * r.yz;
    out.z = a.w * r.zw - a.x * r.xz - a.y * r.yz + a.z * r.s;
    out.w = a.w * r.s - a.x * r.xw - a.y * r.yw - a.z * r.zw;
    out.xyz = a.w * r.xyzw + a.x * r.yz - a.y * r.xz + a.z * r.xy;
    out.xyw = a.w * r.xy + a.x * r.yw - a.y * r.xw - a.z * r.xyzw;
    out.xzw = a.w * r.xz + a.x * r.zw + a.y * r.xyzw - a.z * r.xw;
    out.yzw = a.w * r.yz - a.x * r.xyzw + a.y * r.zw - a.z * r.yw;
    return out;
}

ak_rotor4 ak_ga4_biv_rotor_mul(ak_biv4 b, ak_rotor4 r) {
    ak_rotor4 out;
    out.s = -b.xw * r.xw - b.xy * r.xy - b.xz * r.xz - b.yw * r.yw - b.yz * r.yz - b.zw * r.zw;
    out.xy = -b.xw * r.yw + b.xy * r.s - b.xz * r.yz + b.yw * r.xw + b.yz * r.xz - b.zw * r.xyzw;
    out.xz = -b.xw * r.zw + b.xy * r.yz + b.xz * r.s + b.yw * r.xyzw - b.yz * r.xy + b.zw * r.xw;
    out.xw = b.xw * r.s + b.xy * r.yw + b.xz * r.zw - b.yw * r.xy - b.yz * r.xyzw - b.zw * r.xz;
    out.yz = -b.xw * r.xyzw - b.xy * r.xz + b.xz * r.xy - b.yw * r.zw + b.yz * r.s + b.zw * r.yw;
    out.yw = b.xw * r.xy - b.xy * r.xw + b.xz * r.xyzw + b.yw * r.s + b.yz * r.zw - b.zw * r.yz;
    out.zw = b.xw * r.xz - b.xy * r.xyzw - b.xz * r.xw + b.yw * r.yz - b.yz * r.yw + b.zw * r.s;
    out.xyzw = b.xw * r.yz + b.xy * r.zw - b.xz * r.yw - b.yw * r.xz + b.yz * r.xw + b.zw * r.xy;
    return out;
}
