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
};

AK_GROUP(printed, CHECKS)
