/// @file pga.h
/// Rigid-body dynamics in projective geometric algebra Cl(d,0,1), d = 2..5 (Dorst & De Keninck,
/// "May the Forque Be with You", ch. 2): motor M, body rate bivector B, the inertia map (any
/// symmetric positive inertia), forques for gravity, Hooke springs and damping, kinetic energy and
/// power; the motor exponential and logarithm in closed form (§1.5); kinematics, momentum of point
/// sets, force lines, the free tops of App. B and the motor chains of App. C.5. Beside the
/// vector-GA form of ref/dyn; verify/checks/checks_dynamics.c (dynamics.pga_*) and checks_ga.c
/// (ga.pga.*) check them.
///
/// Storage: a multivector is AK_PGA_MAX doubles indexed by blade bitmask: bit 0 is e0 (e0^2 = 0),
/// bit i (1..d) is e_i (e_i^2 = 1); e_i is the vector-GA axis i-1 (x, y, z, w, v). A blade's
/// coefficient multiplies the product of its basis vectors in increasing index order.
/// Conventions (the ones under which the PGA and vector-GA trajectories agree; the notes leave
/// the signs of the dual and the join to the implementation):
/// - dual: right complement, e_A ^ dual(e_A) = e_{0 1 .. d} (the pseudoscalar).
/// - join: A v B = undual(dual(A) ^ dual(B)).
/// - point at x: X = dual(e0 + x_i e_i)  (P-2.5.5); world X_w = M X_b M~.
/// - translator by t: T = 1 - 1/2 e0 t (found by test_pga: + moves points by -t); M = T R with
///   R a vector-GA rotor (same Euclidean blades, same sense).
/// - M_t = -1/2 M B (P-2.29); B = w_b + e0 ^ v_b in the body frame (w_b, v_b as in ref/dyn).
/// Pure functions: outputs first, no allocation, no I/O.
#ifndef AK_PGA_PGA_H
#define AK_PGA_PGA_H

#include <stdbool.h>

#define AK_PGA_MAX 64 ///< 2^(5+1)

/// Number of blades, 2^(d+1).
int ak_pga_size(int d);
/// Geometric product out = a b (out may not alias).
void ak_pga_mul(int d, double out[], const double a[], const double b[]);
/// Outer product out = a ^ b.
void ak_pga_wedge(int d, double out[], const double a[], const double b[]);
/// Reverse.
void ak_pga_reverse(int d, double out[], const double a[]);
/// Right-complement dual and its inverse.
void ak_pga_dual(int d, double out[], const double a[]);
void ak_pga_undual(int d, double out[], const double a[]);
/// Join (regressive product) a v b = undual(dual(a) ^ dual(b)).
void ak_pga_join(int d, double out[], const double a[], const double b[]);
/// Commutator a x b = (ab - ba)/2.  [P-2.5]
void ak_pga_commutator(int d, double out[], const double a[], const double b[]);
/// out = M X M~.
void ak_pga_sandwich(int d, double out[], const double M[], const double X[]);

/// Point X = dual(e0 + x) (P-2.5.5) and its Euclidean coordinates (X normalised by its e0 part).
void ak_pga_point(int d, double X[], const double x[]);
void ak_pga_point_coords(int d, double x[], const double X[]);
/// Motor M = T R from a vector-GA rotor R (2^(d-1) components, ref/ga/nd.h order) and a
/// position x; and back (M must be a motor: M = T R). T = 1 - 1/2 e0 x is the exponential of
/// the ideal 2-blade -1/2 e0 x (the B^2 = 0 case of P-2.5.4).
void ak_pga_motor_from(int d, double M[], const double R[], const double x[]);
void ak_pga_motor_to(int d, double R[], double x[], const double M[]);
/// Body rate bivector B = w_b + e0 ^ v_b from the body-frame rate w_b (k components, nd order)
/// and the body-frame velocity v_b (d components); and back: the Euclidean split B = B + eps v
/// (P-2.17) in the components of P-2.19.  [P-2.17 P-2.19]
void ak_pga_rate_from(int d, double B[], const double wb[], const double vb[]);
void ak_pga_rate_to(int d, double wb[], double vb[], const double B[]);

/// Inertia map I_b[B_e + e0 v] = dual(I_C(B_e) + m e0 v) (P-A.4 / P-A.6 in the body frame at
/// the centroid): inertia is the full k x k symmetric positive vector-GA inertia I_C (nd pair
/// order, row-major; any body frame, not only the principal one) acting on the Euclidean part,
/// and mass on the ideal part. With diagonal I_C this is the eigenframe form of P-2.30:
/// I[sum B_ij e_ij] = sum lambda_ij B_ij dual(e_ij).  [P-2.18 P-2.30 P-A.4 P-A.6; the principal-frame
/// map P-2.22 (a weighted dual), and P-2.20, whose printed index pairs ([B_b]_0k on e_ij,
/// [B_b]_ij on e_0k) name the dual partners; P-A.8(3D), the 3D map written out, and P-A.9pga, the map
/// on a displaced axis: both with printed slips, docs/errata.md]
void ak_pga_inertia(int d, double P[], const double inertia[], double mass, const double B[]);
/// Its inverse, from dual bivectors to bivectors: the ideal part divided by m, the Euclidean part
/// solved with I_C (a division when I_C is diagonal, a Cholesky solve otherwise; NaN when I_C is
/// not positive definite).  [P-2.30 P-2.21 P-A.5]
void ak_pga_inertia_inv(int d, double B[], const double inertia[], double mass, const double P[]);
/// Law of motion in the body frame (Table 2.1): Bdot = I^-1[B x I[B] + F_b] (P-2.28),
/// Mdot = -1/2 M B (P-2.29, the body-frame kinematics P-2.7). F_b: the total body-frame forque
/// (NULL for none); with F_b = NULL and unit inertia this is the state derivative of P-2.5.6.
/// Its Euclidean split with F_b = 0 is the free law of App. B, vdot_b = -v_b . B_b,
/// Bdot = I_C^-1[B x I_C[B]] (P-B.2).  [P-2.27..P-2.30 P-2.7 P-2.5.6 P-B.2; and the Newton/Euler
/// laws of App. A.10 read off it correctly, I_b[Bdot_b] = F_b + B_b x I_b[B_b]: P-A.17 P-A.18
/// P-A.19 P-A.23 P-A.24 as printed drop the commutator (docs/errata.md)]
void ak_pga_derivs(int d, double Mdot[], double Bdot[], const double M[], const double B[],
                   const double inertia[], double mass, const double Fb[]);
/// Gravity forque in the body frame: F = I[M~ (e0 ^ g) M], for gravity acceleration g (world,
/// d components). P-2.31 as printed, dual(M~ (-9.81 e02) M), is this for unit mass.  [P-2.31]
void ak_pga_forque_gravity(int d, double F[], const double M[], const double g[], double mass);
/// Hooke forque of a zero-rest-length spring of stiffness k from the body point pb (body frame)
/// to the world anchor aw: F = k (P_b v (M~ A_w M)).  [P-Hooke]
void ak_pga_forque_hooke(int d, double F[], const double M[], const double pb[], const double aw[],
                         double k);
/// Damping forque F = dual(-alpha B) (P-damp): linear drag alpha on the centroid velocity and
/// angular drag alpha on the rate.  [P-damp]
void ak_pga_forque_damp(int d, double F[], const double B[], double alpha);
/// Kinetic energy from T I = 1/2 B ^ I[B] (P-2.34): returns the coefficient of the
/// pseudoscalar; in the Euclidean split it is 1/2 m v.v + 1/2 w.I_C w.  [P-2.34 P-A.25]
double ak_pga_kinetic_energy(int d, const double B[], const double inertia[], double mass);

/// Motor exponential M = exp(B) of any bivector B = Be + e0 v (d = 2..5), in closed form: with the
/// invariant decomposition Be = th1 U1 + th2 U2 (ak_nd_biv_split), R = exp(Be) and v_k the part of
/// v in plane k, exp(B) = R + e0 (sum_k sinc(th_k) R_(other plane) v_k + R v_perp). Exact at small
/// angles (series, no dropped terms) and for isoclinic 4D bivectors. Note the convention of the
/// notes' §1.5: M = exp(B), no factor -1/2 (a body moving at rate B for time t has the motor
/// exp(-B t/2)).  [P-1.5 P-2.5.4 P-C.2]
void ak_pga_motor_exp(int d, double M[], const double B[]);
/// Motor logarithm: the bivector B with exp(B) = M for a unit motor M (Euclidean part a unit
/// rotor), d = 2..5. The rotation part is the principal rotor logarithm (ak_nd_rotor_log: angles
/// th1 + th2 <= pi); per plane v_k = th_k cot(th_k) y_k + th_k U_k y_k with y = <R~ X>_1 (M = R +
/// e0 X). The cut: a plane with th_k = pi (rotor part -1 there: a full turn of the points) has no
/// determined in-plane translation; it is returned as 0. exp(log M) = M for every unit motor;
/// log(exp B) = B when th1 + th2 < pi. Near the cut the in-plane translation is ill-conditioned
/// (errors grow like 1/sin th_k).  [P-1.5]
void ak_pga_motor_log(int d, double B[], const double M[]);

/// Rate of a motor from its derivative: B_w = -2 Mdot M~ (body = false) or B_b = -2 M~ Mdot
/// (body = true).  [P-2.1 P-2.2 P-2.3]
void ak_pga_rate_from_motor(int d, double B[], const double M[], const double Mdot[], bool body);
/// Derivative of the reverse: d/dt M~ = -M~ Mdot M~.  [P-2.4]
void ak_pga_reverse_derivative(int d, double out[], const double M[], const double Mdot[]);
/// World-frame kinematics Mdot = -1/2 B_w M.  [P-2.6]
void ak_pga_motor_derivative_world(int d, double Mdot[], const double M[], const double Bw[]);
/// World rate from the body rate: B_w = M B_b M~ (the relation between P-2.6 and P-2.7).  [P-2.6 P-2.7]
void ak_pga_rate_to_world(int d, double Bw[], const double M[], const double Bb[]);
/// Velocity of a world point: Xdot_w = X_w x B_w + M Xdot_b M~ (Xbdot = NULL: a body-fixed point,
/// Xdot_w = X_w x B_w; for X = O + x𝓘 this is xdot 𝓘).  [P-2.8 P-2.9 P-2.10]
void ak_pga_point_velocity(int d, double Xdot[], const double Xw[], const double Bw[],
                           const double M[], const double Xbdot[]);
/// Momentum of a set of n mass points X_i (PGA points, ak_pga_size(d) doubles each) moving at the
/// rate B: P = sum m_i X_i v Xdot_i = sum m_i X_i v (X_i x B) = I[B], the total inertia as the
/// definition states it.  [P-2.11 P-2.12 P-2.13]
void ak_pga_inertia_points(int d, double P[], int n, const double m[], const double X[],
                           const double B[]);
/// Classical GA inertia of n mass points at r_i (rows of AK_MAX_DIM doubles, relative to the
/// centroid) as the k x k matrix of I_C[A] = sum m_i r_i ^ (r_i . A) (nd pair order), the input of
/// ak_pga_inertia.  [P-2.16 P-A.3]
void ak_pga_inertia_classical(int d, double IC[], int n, const double m[], const double r[]);
/// Centroid of n weighted PGA points: C = sum m_i X_i / sum m_i (= M O M~ for a body whose points
/// are M (O + r_i 𝓘) M~ with sum m_i r_i = 0).  [P-2.15]
void ak_pga_centroid(int d, double C[], int n, const double m[], const double X[]);
/// World inertia from the body inertia: I_w[B_w] = M I_b[M~ B_w M] M~ (inertia, mass as in
/// ak_pga_inertia).  [P-2.14]
void ak_pga_inertia_world(int d, double P[], const double M[], const double inertia[], double mass,
                          const double Bw[]);
/// Derivative of the world momentum: d/dt I_w[B_w] = M (I_b[B_b] x B_b + I_b[Bdot_b]) M~, with
/// d/dt I_b[B_b] = I_b[Bdot_b] in the body frame.  [P-2.23 P-2.24]
void ak_pga_momentum_world_rate(int d, double Pdot[], const double M[], const double inertia[],
                                double mass, const double Bb[], const double Bbdot[]);
/// Force line of the force f (d components) at the point q: F = f . Q (Q = the PGA point at q),
/// which the notes also write Q v (f 𝓘); its point split about R is f . R - T_R 𝓘.  [P-2.25 P-2.26]
void ak_pga_force_line(int d, double F[], const double f[], const double q[]);
/// Total forque of n forces f_i at points q_i (rows of AK_MAX_DIM doubles): F = sum f_i . Q_i.
/// [P-forque P-A.16]
void ak_pga_forque_total(int d, double F[], int n, const double f[], const double q[]);
/// Kinetic energy in join form: T = 1/2 B v I[B] (the scalar part).  [P-2.35]
double ak_pga_kinetic_energy_join(int d, const double B[], const double inertia[], double mass);
/// Power of a forque F under the motion B: Pi 𝓘 = B ^ F (returns Pi, the pseudoscalar
/// coefficient), and Pi = B v F (scalar part). In the Euclidean split both equal the classical
/// v_w . f_w - B_w . T_wO = xdot . f for a force at x.  [P-2.36 P-2.37 P-A.26 P-A.27 P-A.28]
double ak_pga_power(int d, const double B[], const double F[]);
double ak_pga_power_join(int d, const double B[], const double F[]);
/// The free symmetric top (App. B.3): M(t) = M_p M0 M_Lb M_A with M_X = exp(-X t/2), Pm = eps p/m
/// (the world linear momentum per mass, an ideal bivector), Lb = L_b/i (the body angular momentum
/// 2-blade over the transverse moment i, a line through the body origin = centroid) and A the
/// body-frame constant (1 - i3/i)[B0]_3 E3 (P-B.14, first lines). The notes' second form
/// M_p M_L M0 M_A holds with L_w = M0 L_b M0~ (the line through the centroid), not with the
/// Euclidean 2-blade through the origin that the text defines (docs/formulas/dynamics.md).
/// [P-B.15 P-B.6 (A = 0, i3 = i)]
void ak_pga_symmetric_top(int d, double M[], const double M0[], const double Pm[],
                          const double Lb[], const double A[], double t);
/// The 3D free asymmetric top in its principal frame (App. B.4, eqs. B.17 and B.18): with
/// B_b = B1 E1 + B2 E2 + B3 E3 (E1 = e23, E2 = e31, E3 = e12) and principal moments i1, i2, i3,
/// Bdot_1 = w1 B2 B3, Bdot_2 = w2 B3 B1, Bdot_3 = w3 B1 B2, w_k = (i_(k+1) - i_(k+2)) / i_k.
/// [P-B.18]
void ak_pga_free_top_components(double Bdot[3], const double i[3], const double B[3]);
/// Motor chain (App. C.5, first form): for M = M3 M0 M2' M1' with M_i = exp(-B_i t/2),
/// out = -2 Mdot = B3 M + M (M1'~ B2' M1') + M B1'.  [P-C.5]
void ak_pga_chain_rate(int d, double out[], const double M[], const double B3[], const double M1b[],
                       const double B2b[], const double B1b[]);

#endif
