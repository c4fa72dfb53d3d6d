/// @file thesis_appc_lines.h
/// Test-only transcription of Torres 2022 (Into Another Dimension), App. C.1 (the moment of
/// inertia of a hypersphere), member by member as printed: the density, the differential
/// hypervolume, the three members of the differential mass, and the members of the chain for
/// 6 I_cm from "3 int r^2 dM" on (the members before it are integrals over the hypersphere, which
/// the `printed.thesis_appc1` check takes by quadrature), and the printed result. The printed
/// lower-case m of two members is read as M.
#ifndef AK_VERIFY_THESIS_APPC_LINES_H
#define AK_VERIFY_THESIS_APPC_LINES_H

/// rho = M / (1/2 pi^2 R^4) (member 0) = 2M / (pi^2 R^4) (member 1).
double ak_tc1_rho(int member, double M, double R);
/// dV/dr = 2 pi^2 r^3.
double ak_tc1_dV(double r);
/// dM/dr = rho * dV (member 0) = (2m / (pi^2 R^4)) * 2 pi^2 r^3 (member 1) = 4 M r^3 / R^4
/// (member 2).
double ak_tc1_dM(int member, double M, double R, double r);
/// The members of 6 I_cm from the fifth on: 3 int r^2 dM (member 0, with the printed
/// dM = 4 M r^3 dr / R^4), 3 int 4m r^5 dr / R^4 (1), 3 int_0^R 4M r^5 dr / R^4 (2),
/// (12M / R^4) int_0^R r^5 dr (3), (12M / R^4) |r^6 / 6|_0^R (4), (12M / R^4) (R^6 / 6) (5);
/// integrals by adaptive Gauss-Kronrod quadrature. Members 0..5; NaN otherwise.
double ak_tc1_six_I(int member, double M, double R);
/// The printed result I_cm = 1/3 M R^2 (each of the six plane moments of the printed table).
double ak_tc1_I(double M, double R);

/// App. C.2 (the hypercapsule, spherinder height H, radius R), as printed: the density
/// rho = M / (4/3 pi R^2 H + 1/2 pi^2 R^4).
double ak_tc2_rho(double M, double R, double H);
/// Eq. C.1's members: rho V_s (0) = M / (pi R^2 (4/3 H + 1/2 pi R^2)) * 4/3 pi R^2 H (1)
/// = M / (1 + 3 pi R^2 / (8H)) (2), with the printed V_s = 4/3 pi R^2 H.
double ak_tc2_Ms(int member, double M, double R, double H);
/// Eq. C.2's members: rho V_c (0) = M / (pi R^2 (4/3 H + 1/2 pi R^2)) * 1/2 pi^2 R^4 (1)
/// = M / (8H / (3 pi R^2) + 1) (2), with the printed V_c = 1/2 pi^2 R^4.
double ak_tc2_Mc(int member, double M, double R, double H);
/// The last member of each of the six printed chains I_uv = I_s,uv + 2 I_c,uv = ...: I_xy, I_yz,
/// I_yw = 1/3 M_s (2/5 R^2 + H^2/4) + 2 M_c (1/3 R^2 + H^2/4 + 16RH/(15 pi)); I_xz, I_xw,
/// I_zw = 2/5 M_s R^2 + 2/3 M_c R^2, with M_s, M_c of eqs. C.1, C.2. Order xy, xz, xw, yz, yw, zw.
void ak_tc2_inertia(double I[6], double M, double R, double H);

#endif
