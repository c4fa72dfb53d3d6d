/// @file checks_printed.h
/// The "printed" group: formulas evaluated exactly as printed (through ref/published/
/// transcriptions), one topic file per formula family; checks_printed.c holds the table.
#ifndef AK_VERIFY_CHECKS_PRINTED_H
#define AK_VERIFY_CHECKS_PRINTED_H

#include "verify/checks/checks.h"

void ak_check_printed_g5(ak_check_ctx *c);
void ak_check_printed_pb6(ak_check_ctx *c);
void ak_check_printed_pb15(ak_check_ctx *c);
void ak_check_printed_pa9pga(ak_check_ctx *c);
void ak_check_printed_pa8_3d(ak_check_ctx *c);
void ak_check_printed_pa22_split(ak_check_ctx *c);
void ak_check_printed_pa17(ak_check_ctx *c);
void ak_check_printed_appa_chains(ak_check_ctx *c);
// Torres' thesis
void ak_check_printed_thesis_ch2(ak_check_ctx *c);
void ak_check_printed_thesis_ch4(ak_check_ctx *c);
void ak_check_printed_thesis_appd(ak_check_ctx *c);
void ak_check_printed_thesis_appb(ak_check_ctx *c);
void ak_check_printed_thesis_appc1(ak_check_ctx *c);
void ak_check_printed_thesis_appc2(ak_check_ctx *c);
void ak_check_printed_thesis_ch5(ak_check_ctx *c);
void ak_check_printed_thesis_appe_union(ak_check_ctx *c);
// ten Bosch, Hodges, the PGA notes
void ak_check_printed_ch2_kinematics(ak_check_ctx *c);
void ak_check_printed_ch2_momentum(ak_check_ctx *c);
void ak_check_printed_ch2_law(ak_check_ctx *c);
void ak_check_printed_ch2_energy(ak_check_ctx *c);
void ak_check_printed_ch2_implementation(ak_check_ctx *c);
void ak_check_printed_split_momentum(ak_check_ctx *c);
void ak_check_printed_motor_algebra(ak_check_ctx *c);
void ak_check_printed_tenbosch(ak_check_ctx *c);
void ak_check_printed_hodges_g17(ak_check_ctx *c);
void ak_check_printed_hodges_g15(ak_check_ctx *c);
// the last ones
void ak_check_printed_tenbosch_b71(ak_check_ctx *c);
void ak_check_printed_tenbosch_b72(ak_check_ctx *c);
void ak_check_printed_pga_233(ak_check_ctx *c);
void ak_check_printed_tenbosch_b8drag(ak_check_ctx *c);
// the PGA notes §2.5.8, §2.6.1; Hodges ch. 14
void ak_check_printed_hodges_g14(ak_check_ctx *c);
void ak_check_printed_pga_258(ak_check_ctx *c);
void ak_check_printed_pga_261(ak_check_ctx *c);
// Hodges ch. 2-4, 6, 7
void ak_check_printed_hodges_g2_g3(ak_check_ctx *c);
void ak_check_printed_hodges_g4(ak_check_ctx *c);
void ak_check_printed_hodges_g6(ak_check_ctx *c);
void ak_check_printed_hodges_g7(ak_check_ctx *c);
// Hodges ch. 8-13
void ak_check_printed_hodges_g8(ak_check_ctx *c);
void ak_check_printed_hodges_g9(ak_check_ctx *c);
void ak_check_printed_hodges_g10(ak_check_ctx *c);
void ak_check_printed_hodges_g11(ak_check_ctx *c);
void ak_check_printed_hodges_g12(ak_check_ctx *c);
void ak_check_printed_hodges_g13(ak_check_ctx *c);

#endif
