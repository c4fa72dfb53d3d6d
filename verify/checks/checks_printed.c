// The "printed" group: each check evaluates a formula as printed, through its transcription in
// ref/published/. The checks live in topic files (checks_printed_<topic>.c).
#include "checks/checks_printed.h"

static const ak_check CHECKS[] = {
    {"printed.g5_float_loop", "G-5",
     "Hodges ch. 5 grid loop as printed (float x += dx): 100 or 101 points by rounding; cm bias "
     "-d/2 only with 100",
     ak_check_printed_g5},
    {"printed.pb6_spherical_top", "P-B.6",
     "both lines of eq. B.6 as printed vs RK4 of the notes' law; the second line is wrong",
     ak_check_printed_pb6},
    {"printed.pb15_second_form", "P-B.15",
     "eq. B.15's second form as printed vs RK4 of the notes' law (wrong), corrected form",
     ak_check_printed_pb15},
    {"printed.pa9_pga_parallel_axis", "P-A.9pga",
     "App. A.7's PGA parallel-axis chain, each \"=\" on its own (generic Cl(3,0,1))", ak_check_printed_pa9pga},
    {"printed.pa8_3d", "P-A.8(3D)", "App. A.6's 3D inertia map in detail, each \"=\" on its own",
     ak_check_printed_pa8_3d},
    {"printed.pa22_split", "P-A.22", "App. A.10.2's split of M~ Bdot_w M, each \"=\" on its own",
     ak_check_printed_pa22_split},
    {"printed.pa17_newton_euler", "P-A.17 P-A.18 P-A.19 P-A.23 P-A.24",
     "App. A.10's Newton/Euler laws as printed vs the notes' law of motion P-2.28", ak_check_printed_pa17},
    {"printed.appa_chains", "P-A.4 P-A.9 P-A.12 P-A.20 P-A.21 P-A.22 P-A.25 P-A.26 P-A.27 P-A.28",
     "App. A's multi-line chains, every \"=\" on its own (generic Cl(3,0,1))", ak_check_printed_appa_chains},
};

AK_GROUP(printed, CHECKS)
