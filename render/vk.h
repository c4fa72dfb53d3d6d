/// @file vk.h
/// Headless Vulkan compute renderer (volk, no link to libvulkan). It runs the same sphere
/// tracer as tracer.c, in single precision, from shaders/trace.comp compiled to SPIR-V at
/// build time. Errors name the file:line and the VkResult.
#ifndef AK_RENDER_VK_H
#define AK_RENDER_VK_H

#include <stdio.h>

#include "render/tracer.h"

/// Return codes of the Vulkan entry points.
enum {
    AK_VK_OK = 0,
    AK_VK_NO_LOADER = 1, ///< no Vulkan loader (libvulkan) could be opened
    AK_VK_NO_DEVICE = 2, ///< a loader, but no physical device with a compute queue
    AK_VK_ERROR = 3      ///< any other failure (message in err)
};

/// Print the Vulkan devices (index, name, type, API version) to f. Returns an AK_VK_* code.
int ak_render_vk_list_devices(FILE *f, char *err, size_t errlen);

/// Render s into img (allocated by the caller) on device number device (-1: the first GPU with
/// a compute queue, else the first software device with one). Returns an AK_VK_* code; *device_name receives the device's name.
int ak_render_vk(const ak_render_scene *s, ak_render_image *img, int device, char *device_name,
                 size_t namelen, char *err, size_t errlen);

/// A Vulkan renderer kept open across frames (instance, device, pipeline and buffers are
/// reused while the image size stays the same).
typedef struct ak_vk_renderer ak_vk_renderer;
int ak_render_vk_open(ak_vk_renderer **out, int device, char *err, size_t errlen);
/// Render one frame into img (any size; resources are remade when it changes).
int ak_render_vk_draw(ak_vk_renderer *r, const ak_render_scene *s, ak_render_image *img, char *err,
                      size_t errlen);
const char *ak_render_vk_device_name(const ak_vk_renderer *r);
/// True for a software device (VK_PHYSICAL_DEVICE_TYPE_CPU: lavapipe).
bool ak_render_vk_device_is_cpu(const ak_vk_renderer *r);
/// The last frame's compute dispatch time on the device by timestamp queries (ms), without the
/// upload, the read-back and the submission; -1 where the queue has no timestamps.
double ak_render_vk_last_gpu_ms(const ak_vk_renderer *r);
/// The last frame's read-back: the dispatch and the copy of the image into the host buffer by
/// timestamp queries (ms, -1 without timestamps), and the RGBA -> RGB copy into the image on the
/// host (ms, wall clock).
void ak_render_vk_last_readback(const ak_vk_renderer *r, double *gpu_copy_ms, double *host_ms);
void ak_render_vk_close(ak_vk_renderer *r);

/// Evaluate the GLSL scene SDF at npoints 4D points (npoints x 4) on the device, for the check
/// that keeps the GLSL SDFs in sync with ref/sdf. out receives npoints distances.
int ak_render_vk_sdf_probe(const ak_render_scene *s, const double *points, int npoints, double *out,
                           char *err, size_t errlen);

#endif
