/// @file pga_printed_published.h
/// Dorst & De Keninck, "May the Forque Be with You" (2023), §2.5.8 (P-2.5.8) and §2.6.1
/// (P-2.6.1), transcribed as printed. The coefficient formulas of §2.5.8 take the notes' basis
/// (motor [1, e01, e02, e03, e12, e31, e23, e0123], bivector [e01, e02, e03, e12, e31, e23]).
/// The printed ganja.js code (the inertia maps A and Ai, RK4, the collision-response loop) runs
/// on multivectors of 3D PGA in the library's basis for Algebra(3,0,1), [1, e0, e1, e2, e3, e01,
/// e02, e03, e12, e13, e23, e012, e013, e023, e123, e0123], with the library's operators as it
/// defines them: `*` geometric product, `~` reverse, `X >>> Y` = X Y ~X, `&` the regressive
/// product UnDual(Dual(b) ^ Dual(a)), `|` the symmetric inner product (the |grade a - grade b|
/// part), `.Dual`/`.UnDual` the coefficient permutations with signs (e_A ^ Dual(e_A) =
/// e0123), `.Normalized` M (1/sqrt(s) - t/(2 s^(3/2)) e0123) with s + t e0123 = M ~M,
/// `.Grade(2)`. JavaScript numbers are doubles; the library stores coefficients in a
/// Float32Array unless told otherwise: `f32` = 1 rounds every stored multivector to float, as the
/// library's default does, 0 keeps doubles. Nothing here is used by the engine.
#ifndef AK_REF_PUBLISHED_PGA_PRINTED_PUBLISHED_H
#define AK_REF_PUBLISHED_PGA_PRINTED_PUBLISHED_H

// ---- §2.5.8, the coefficient formulas as printed (notes' basis, double)

/// "1 = M M~ = m^2 + m12^2 + m31^2 + m23^2 + 2(m m0123 - m01 m23 - m02 m31 - m03 m12) e0123":
/// out[0] the scalar, out[1] the e0123 coefficient of the printed expansion.
void ak_pub_p258_mrev(double out[2], const double m[8]);
/// The printed normalisation's last member s(M + d(m23 e01 + m31 e02 + m12 e03 - m e0123)),
/// s = 1/sqrt(m^2 + m12^2 + m31^2 + m23^2), d = s^2 (m m0123 - m01 m23 - m02 m31 - m03 m12).
void ak_pub_p258_normalize(double out[8], const double m[8]);
/// The printed middle member M/(M M~), M M~ the Study number of the printed expansion.
void ak_pub_p258_normalize_middle(double out[8], const double m[8]);
/// The printed coefficients of Bdot = *^-1(B x *B): (b02 b12 - b03 b31) e01 + (-b01 b12 -
/// b03 b23) e02 + (b01 b31 - b02 b23) e03 (the Euclidean part 0).
void ak_pub_p258_bdot(double out[6], const double b[6]);
/// The printed gravity forque 2(m m23 + m12 m31) e12 + (1 - 2(m12^2 + m23^2)) e31 +
/// 2(m31 - m m12) e23 (out: bivector, notes' basis; the e0k part 0).
void ak_pub_p258_gravity(double out[6], const double m[8]);
/// The printed inertia bivector C = m((h^2+d^2)/12 e03 + (w^2+d^2)/12 e02 + (w^2+h^2)/12 e01 +
/// e12 + e31 + e23) of a cuboid of width w, height h, depth d (out: notes' bivector basis).
void ak_pub_p258_C(double out[6], double mass, double w, double h, double d);

// ---- the printed ganja.js code, on 16 coefficients in the library's basis

/// The library operations the printed code uses (f32: store as float).
void ak_pub_pga_gp(double out[16], const double a[16], const double b[16], int f32);
void ak_pub_pga_rev(double out[16], const double a[16], int f32);
void ak_pub_pga_dual(double out[16], const double a[16], int f32);
void ak_pub_pga_undual(double out[16], const double a[16], int f32);
void ak_pub_pga_vee(double out[16], const double a[16], const double b[16], int f32);
void ak_pub_pga_dot(double out[16], const double a[16], const double b[16], int f32);
void ak_pub_pga_sw(double out[16], const double a[16], const double b[16], int f32);
void ak_pub_pga_normalized(double out[16], const double m[16], int f32);

/// §2.5.8's code: I = 1/12*mass*((size[1]**2+size[2]**2)*1e01 + (size[2]**2+size[0]**2)*1e02 +
/// (size[0]**2+size[1]**2)*1e03 + 12e12 + 12e13 + 12e23).
void ak_pub_p258_I(double I[16], double mass, const double size[3], int f32);
/// A = (x)=>x.Dual.map((x,i)=>x*(I[i]||1)).
void ak_pub_p258_A(double out[16], const double I[16], const double x[16], int f32);
/// Ai = (x)=>x.map((x,i)=>x/(I[i]||1)).UnDual.
void ak_pub_p258_Ai(double out[16], const double I[16], const double x[16], int f32);
/// §2.5.6's dState with A and Ai for the inertial duality and Fig. 2.4's gravity forque
/// !(~M >>> -g e02): [-0.5*M*B, Ai(F - 0.5*(A(B)*B - B*A(B)))]; y = [M, B] (32 values).
void ak_pub_p258_dstate(double dy[32], const double y[32], const double I[16], double g, int f32);
/// RK4 as printed: k1 = f(y), k2 = f(y + 0.5*h*k1), k3 = f(y + 0.5*h*k2), k4 = f(y + h*k3),
/// y + (h/3)*(k2 + k3 + (k1 + k4)*0.5), on y = [M, B] with f = ak_pub_p258_dstate.
void ak_pub_p258_rk4(double y[32], const double I[16], double g, double h, int f32);

// ---- §2.6.1, the collision-response loop as printed

/// One impulse of the loop, for the checks: the state it was computed in (the step undone), the
/// body point Q, the line N, j, and B after it.
typedef struct ak_pub_p261_event {
    double M[16], B[16], Q[16], N[16], j, Bafter[16];
    int point;
} ak_pub_p261_event;

/// What one call ran: impulses, the longest run of the while loop, and whether it hit the cap.
typedef struct ak_pub_p261_stats {
    int impulses, longest, capped;
} ak_pub_p261_stats;

/// One frame of the printed loop: for (i = 0; i < 10; ++i) { diff = 1/600 * dS(state); state =
/// state + diff; while (Q = colliding(state[0])) { state = state - diff; [M, B] = state;
/// N = ((~M >>> floor) | Q); Vm = Q & comm(Q, B); j = -(1+rho) * (Vm | N) / ((Q & comm(Q,
/// N.UnDual)) | N); B.set(B + j*N.UnDual); diff = 1/600 * dS(state); state = state + diff; }
/// state[0] = state[0].Normalized; state[1] = state[1].Grade(2); }. dS is §2.5.6's with unit
/// inertia (Dual/UnDual) and the gravity forque !(~M >>> -g e02); colliding(M) is the printed
/// is_colliding(floor, points): the first body point P (in the given order) with
/// ((M >>> P) & floor) < 0, returned as the body point. The while loop is capped at `cap` rounds
/// per substep (the printed loop has none; stats->capped says when it was hit). The first
/// `nev` impulses are written to ev (may be NULL).
void ak_pub_p261_frame(double M[16], double B[16], const double (*pts)[16], int npts,
                       const double floor[16], double rho, double g, int f32, int cap,
                       ak_pub_p261_stats *stats, ak_pub_p261_event *ev, int nev);

#endif
