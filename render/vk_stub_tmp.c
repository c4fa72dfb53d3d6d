#include "vk.h"
int ak_render_vk_list_devices(FILE *f, char *err, size_t errlen) { (void)f; snprintf(err, errlen, "todo"); return AK_VK_ERROR; }
int ak_render_vk(const ak_render_scene *s, ak_render_image *img, int device, char *dn, size_t nl, char *err, size_t errlen) { (void)s; (void)img; (void)device; (void)dn; (void)nl; snprintf(err, errlen, "todo"); return AK_VK_ERROR; }
int ak_render_vk_sdf_probe(const ak_render_scene *s, const double *p, int n, double *out, char *err, size_t errlen) { (void)s; (void)p; (void)n; (void)out; snprintf(err, errlen, "todo"); return AK_VK_ERROR; }
