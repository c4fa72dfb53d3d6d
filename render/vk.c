// Headless Vulkan compute renderer through volk. This file holds the single copy of volk's
// implementation (volk.c); nothing links libvulkan: volkInitialize() opens the loader at run
// time, and its failure means "no Vulkan loader".
#define VK_NO_PROTOTYPES
#include "render/vk.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "volk.c"

#include "sdf_probe_spv.h"
#include "trace_spv.h"
#include "trace_texel_spv.h"
#include "trace_ubo_spv.h"

// ---- packed scene: mirrors shaders/scene.glsl (std430) -------------------------------------

typedef struct ak_vk_obj {
    float pos[4];
    float rt[4][4]; // rt[j] = column j of the body-to-world rotation
    float a[4];
    float b[4];
    float color[4];
    int32_t info[4];
} ak_vk_obj;

typedef struct ak_vk_scene {
    float cam_origin[4], cam_right[4], cam_up[4], cam_back[4], cam_ana[4];
    float misc[4];
    float ambient[4], sky[4];
    float light_dir[AK_RT_MAX_LIGHTS][4];
    float light_col[AK_RT_MAX_LIGHTS][4];
    int32_t counts[4];
    ak_vk_obj obj[AK_RT_MAX_OBJECTS];
    // The first eight objects' balls for trace_texel (trace.comp, ak_oc_load; read as texels
    // after the objects): texel k < 8 object k's position, texels 8 and 9 the bounds of objects
    // 0-3 and 4-7 (the first hyperplane's slot: its offset; its bound is 1e30), texel 10 the
    // first hyperplane's unit normal. What the shader reads for every batch of 8 lanes in 8
    // fetches where the objects' own texels took 12 (docs/performance.md, issue 29 item 4).
    float ball[11][4];
} ak_vk_scene;

// The uniform-buffer view of the scene (trace.comp built with AK_SCENE_UBO): the header and the
// first AK_RT_UBO_OBJECTS objects, the same bytes.
// the RGBA to RGB copy's word path (ak_render_vk_draw); a byte loop elsewhere
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define AK_VK_LITTLE_ENDIAN 1
#else
#define AK_VK_LITTLE_ENDIAN 0
#endif

#define AK_VK_UBO_BYTES (offsetof(ak_vk_scene, obj) + AK_RT_UBO_OBJECTS * sizeof(ak_vk_obj))
_Static_assert(AK_VK_UBO_BYTES <= 16384,
               "the uniform-buffer scene must fit Vulkan's minimum maxUniformBufferRange");

_Static_assert(sizeof(ak_vk_obj) == 144, "ak_vk_obj must match AkObj (std430)");
_Static_assert(offsetof(ak_vk_scene, obj) == 16 * (8 + 2 * AK_RT_MAX_LIGHTS) + 16,
               "ak_vk_scene header must match AkScene (std430)");

static void pack_scene(ak_vk_scene *p, float *planes, const ak_render_scene *s, int width,
                       int height) {
    memset(p, 0, sizeof *p);
    double right[4], up[4], back[4], ana[4];
    ak_render_camera_frame(&s->cam, right, up, back, ana);
    for (int i = 0; i < 4; i++) {
        p->cam_origin[i] = (float)(s->cam.pos[i] + s->cam.slice * ana[i]);
        p->cam_right[i] = (float)right[i];
        p->cam_up[i] = (float)up[i];
        p->cam_back[i] = (float)back[i];
        p->cam_ana[i] = (float)ana[i];
    }
    p->misc[0] = (float)tan(0.5 * s->cam.fov_deg * M_PI / 180.0);
    p->misc[1] = (float)((double)width / height);
    p->misc[2] = (float)width;
    p->misc[3] = (float)height;
    for (int c = 0; c < 3; c++) {
        p->ambient[c] = (float)s->ambient[c];
        p->sky[c] = (float)s->sky[c];
    }
    for (int l = 0; l < s->nlight && l < AK_RT_MAX_LIGHTS; l++) {
        double n = 0;
        for (int i = 0; i < 4; i++) n += s->light[l].dir[i] * s->light[l].dir[i];
        for (int i = 0; i < 4; i++) p->light_dir[l][i] = (float)(s->light[l].dir[i] / sqrt(n));
        for (int c = 0; c < 3; c++) p->light_col[l][c] = (float)s->light[l].color[c];
    }
    int plane0 = -1;
    for (int k = 0; k < s->nobj && plane0 < 0; k++)
        if (s->obj[k].shape.type == AK_SHAPE_HYPERPLANE) plane0 = k;
    for (int k = 0; k < s->nobj && k < 8; k++) {
        const ak_render_object *o = &s->obj[k];
        for (int i = 0; i < 4; i++) p->ball[k][i] = (float)o->pose.pos[i];
        p->ball[8 + k / 4][k % 4] = isinf(o->bound) ? 1e30f : (float)o->bound;
    }
    if (plane0 >= 0 && plane0 < 8) { // the normal and offset as the object's b and a[0] below
        const ak_render_object *o = &s->obj[plane0];
        double n = 0;
        for (int i = 0; i < 4; i++) n += o->shape.normal[i] * o->shape.normal[i];
        n = sqrt(n);
        for (int i = 0; i < 4; i++) p->ball[10][i] = (float)(o->shape.normal[i] / n);
        p->ball[8 + plane0 / 4][plane0 % 4] = (float)(o->shape.offset / n);
    }
    p->counts[0] = s->nobj;
    p->counts[1] = s->nlight;
    p->counts[2] = s->shadows;
    p->counts[3] = s->grid;
    for (int k = 0; k < s->nobj; k++) {
        const ak_render_object *o = &s->obj[k];
        ak_vk_obj *q = &p->obj[k];
        for (int i = 0; i < 4; i++) {
            q->pos[i] = (float)o->pose.pos[i];
            for (int j = 0; j < 4; j++) q->rt[j][i] = (float)o->pose.rot[i * 4 + j];
            q->color[i] = i < 3 ? (float)o->color[i] : (isinf(o->bound) ? 1e30f : (float)o->bound);
        }
        q->info[0] = (int32_t)o->shape.type;
        q->info[1] = o->plane_first;
        q->info[2] = o->nplanes;
        switch (o->shape.type) {
            case AK_SHAPE_HYPERSPHERE: q->a[0] = (float)o->shape.radius; break;
            case AK_SHAPE_HYPERCAPSULE:
                q->a[0] = (float)o->shape.radius;
                q->a[1] = (float)o->shape.half_length;
                break;
            case AK_SHAPE_HYPERBOX:
                for (int i = 0; i < 4; i++) q->b[i] = (float)o->shape.half_extents[i];
                break;
            case AK_SHAPE_DUOCYLINDER:
                q->a[0] = (float)o->shape.radii[0];
                q->a[1] = (float)o->shape.radii[1];
                break;
            case AK_SHAPE_HYPERPLANE: {
                double n = 0;
                for (int i = 0; i < 4; i++) n += o->shape.normal[i] * o->shape.normal[i];
                n = sqrt(n);
                for (int i = 0; i < 4; i++) q->b[i] = (float)(o->shape.normal[i] / n);
                q->a[0] = (float)(o->shape.offset / n);
                break;
            }
            case AK_SHAPE_CONVEX: {
                // Circumradius R and least facet offset omin (origin inside: omin > 0), for the
                // shader's far test omin (|p| / R - 1) (scene.glsl, ak_obj_culled; tracer.c's cR, comin).
                double R = 0, omin = INFINITY;
                for (int v = 0; o->shape.verts && v < o->shape.nverts; v++) {
                    const double *x = o->shape.verts + 4 * v;
                    R = fmax(R, sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3]));
                }
                for (int f = 0; f < o->nplanes; f++)
                    omin = fmin(omin, s->plane_o[o->plane_first + f]);
                if (R > 0 && omin > 0 && omin < INFINITY) {
                    q->a[0] = (float)R;
                    q->a[1] = (float)omin;
                }
                break;
            }
            default: break;
        }
    }
    for (int f = 0; f < s->nplanes; f++) {
        for (int i = 0; i < 4; i++) planes[8 * f + i] = (float)s->plane_n[4 * f + i];
        planes[8 * f + 4] = (float)s->plane_o[f];
        planes[8 * f + 5] = planes[8 * f + 6] = planes[8 * f + 7] = 0.0f;
    }
}

// ---- error reporting ---------------------------------------------------------------------

static const char *vk_result_name(VkResult r) {
    switch (r) {
        // clang-format off
#define C(x)                                                                                       \
    case x: return #x;
        C(VK_SUCCESS) C(VK_NOT_READY) C(VK_TIMEOUT) C(VK_EVENT_SET) C(VK_EVENT_RESET) C(VK_INCOMPLETE)
        C(VK_ERROR_OUT_OF_HOST_MEMORY) C(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        C(VK_ERROR_INITIALIZATION_FAILED) C(VK_ERROR_DEVICE_LOST) C(VK_ERROR_MEMORY_MAP_FAILED)
        C(VK_ERROR_LAYER_NOT_PRESENT) C(VK_ERROR_EXTENSION_NOT_PRESENT)
        C(VK_ERROR_FEATURE_NOT_PRESENT) C(VK_ERROR_INCOMPATIBLE_DRIVER) C(VK_ERROR_TOO_MANY_OBJECTS)
        C(VK_ERROR_FORMAT_NOT_SUPPORTED) C(VK_ERROR_FRAGMENTED_POOL) C(VK_ERROR_UNKNOWN)
        C(VK_ERROR_OUT_OF_POOL_MEMORY) C(VK_ERROR_INVALID_EXTERNAL_HANDLE)
#undef C
            // clang-format on
            default : return "VkResult(unknown)";
    }
}

#define VKCHECK(call)                                                                              \
    do {                                                                                           \
        VkResult vr_ = (call);                                                                     \
        if (vr_ != VK_SUCCESS) {                                                                   \
            snprintf(err, errlen, "%s:%d: %s failed: %s", __FILE__, __LINE__, #call,               \
                     vk_result_name(vr_));                                                         \
            goto fail;                                                                             \
        }                                                                                          \
    } while (0)
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        int n_ = snprintf(err, errlen, "%s:%d: ", __FILE__, __LINE__);                             \
        if (n_ > 0 && (size_t)n_ < errlen) snprintf(err + n_, errlen - (size_t)n_, __VA_ARGS__);   \
        goto fail;                                                                                 \
    } while (0)

// ---- context -----------------------------------------------------------------------------

typedef struct vk_ctx {
    VkInstance instance;
    VkPhysicalDevice phys;
    VkDevice device;
    VkQueue queue;
    uint32_t family;
    VkCommandPool pool;
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    bool is_cpu;         // a software device (lavapipe)
    uint32_t ts_bits;    // timestampValidBits of the queue family (0: no timestamps)
    double ts_period_ns; // nanoseconds per timestamp tick
} vk_ctx;

static int find_compute_family(VkPhysicalDevice pd, uint32_t *family) {
    uint32_t n = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, NULL);
    VkQueueFamilyProperties props[32];
    if (n > 32) n = 32;
    vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, props);
    for (uint32_t i = 0; i < n; i++)
        if (props[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
            *family = i;
            return 1;
        }
    return 0;
}

static void ctx_destroy(vk_ctx *c) {
    if (c->device) {
        vkDeviceWaitIdle(c->device);
        if (c->pool) vkDestroyCommandPool(c->device, c->pool, NULL);
        vkDestroyDevice(c->device, NULL);
    }
    if (c->instance) vkDestroyInstance(c->instance, NULL);
    memset(c, 0, sizeof *c);
}

static int create_instance(vk_ctx *c, char *err, size_t errlen) {
    memset(c, 0, sizeof *c);
    if (volkInitialize() != VK_SUCCESS) {
        snprintf(err, errlen,
                 "no Vulkan loader found (libvulkan.so.1 could not be opened); install a Vulkan "
                 "loader and a driver (for example mesa-vulkan-drivers for lavapipe)");
        return AK_VK_NO_LOADER;
    }
    VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                              .pApplicationName = "anakata",
                              .apiVersion = VK_API_VERSION_1_0 };
    VkInstanceCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pApplicationInfo = &app };
    VkResult r = vkCreateInstance(&ici, NULL, &c->instance);
    if (r != VK_SUCCESS) {
        // The loader is there but cannot make an instance: no usable driver (ICD).
        snprintf(err, errlen,
                 "%s:%d: vkCreateInstance failed: %s: no usable Vulkan driver (install one, for "
                 "example mesa-vulkan-drivers for lavapipe)",
                 __FILE__, __LINE__, vk_result_name(r));
        c->instance = VK_NULL_HANDLE;
        return AK_VK_NO_DEVICE;
    }
    volkLoadInstance(c->instance);
    return AK_VK_OK;
}

static int ctx_create(vk_ctx *c, int want, char *err, size_t errlen) {
    int rc = create_instance(c, err, errlen);
    if (rc != AK_VK_OK) return rc;
    uint32_t n = 0;
    VkPhysicalDevice devs[16];
    VKCHECK(vkEnumeratePhysicalDevices(c->instance, &n, NULL));
    if (n > 16) n = 16;
    if (n) VKCHECK(vkEnumeratePhysicalDevices(c->instance, &n, devs));
    // want < 0: the first GPU with a compute queue, else the first device with one (so that a
    // machine with a GPU and lavapipe renders on the GPU whatever the loader's order)
    for (int pass = want >= 0 ? 1 : 0; pass < 2 && !c->phys; pass++)
        for (uint32_t i = 0; i < n; i++) {
            if (want >= 0 && (int)i != want) continue;
            if (pass == 0) {
                VkPhysicalDeviceProperties pp;
                vkGetPhysicalDeviceProperties(devs[i], &pp);
                if (pp.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) continue;
            }
            if (find_compute_family(devs[i], &c->family)) {
                c->phys = devs[i];
                break;
            }
        }
    if (!c->phys) {
        if (want >= 0 && (uint32_t)want < n)
            snprintf(err, errlen, "Vulkan device %d has no compute queue", want);
        else if (want >= 0)
            snprintf(err, errlen, "no Vulkan device number %d (%u devices; see --list-devices)",
                     want, n);
        else
            snprintf(err, errlen, "no Vulkan device with a compute queue (%u devices found)", n);
        ctx_destroy(c);
        return AK_VK_NO_DEVICE;
    }
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(c->phys, &props);
    snprintf(c->name, sizeof c->name, "%s", props.deviceName);
    c->is_cpu = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    c->ts_period_ns = props.limits.timestampPeriod;
    {
        uint32_t nf = 0;
        VkQueueFamilyProperties qf[32];
        vkGetPhysicalDeviceQueueFamilyProperties(c->phys, &nf, NULL);
        if (nf > 32) nf = 32;
        vkGetPhysicalDeviceQueueFamilyProperties(c->phys, &nf, qf);
        c->ts_bits = c->family < nf ? qf[c->family].timestampValidBits : 0;
    }
    float prio = 1.0f;
    VkDeviceQueueCreateInfo qci = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                    .queueFamilyIndex = c->family,
                                    .queueCount = 1,
                                    .pQueuePriorities = &prio };
    VkDeviceCreateInfo dci = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                               .queueCreateInfoCount = 1,
                               .pQueueCreateInfos = &qci };
    VKCHECK(vkCreateDevice(c->phys, &dci, NULL, &c->device));
    volkLoadDevice(c->device);
    vkGetDeviceQueue(c->device, c->family, 0, &c->queue);
    VkCommandPoolCreateInfo pci = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .queueFamilyIndex = c->family };
    VKCHECK(vkCreateCommandPool(c->device, &pci, NULL, &c->pool));
    return AK_VK_OK;
fail:
    ctx_destroy(c);
    return AK_VK_ERROR;
}

typedef struct vk_buf {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
    VkDeviceSize size;
} vk_buf;

static int find_memory(const vk_ctx *c, uint32_t bits, VkMemoryPropertyFlags want, uint32_t *type) {
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(c->phys, &mp);
    for (uint32_t i = 0; i < mp.memoryTypeCount; i++)
        if ((bits >> i & 1) && (mp.memoryTypes[i].propertyFlags & want) == want) {
            *type = i;
            return 1;
        }
    return 0;
}

// A host-visible, coherent buffer, mapped (simple and fast enough for a scene of a few KB and
// one image; a discrete GPU reads it over PCIe once per dispatch). The image's read-back buffer
// (usage TRANSFER_DST) asks for host-cached memory first: on a discrete GPU the plain coherent
// type is uncached for the CPU, and reading 8 MB of it byte by byte cost 3-4 ms a 1080p frame.
static int buf_create(const vk_ctx *c, vk_buf *b, VkDeviceSize size, VkBufferUsageFlags usage,
                      char *err, size_t errlen) {
    memset(b, 0, sizeof *b);
    b->size = size;
    VkBufferCreateInfo bci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                               .size = size,
                               .usage = usage,
                               .sharingMode = VK_SHARING_MODE_EXCLUSIVE };
    VKCHECK(vkCreateBuffer(c->device, &bci, NULL, &b->buf));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(c->device, b->buf, &req);
    uint32_t type;
    const VkMemoryPropertyFlags host =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    if (!((usage & VK_BUFFER_USAGE_TRANSFER_DST_BIT) &&
          find_memory(c, req.memoryTypeBits, host | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, &type)) &&
        !find_memory(c, req.memoryTypeBits, host, &type))
        FAIL("no host-visible coherent memory type for a %llu-byte buffer",
             (unsigned long long)size);
    VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                 .allocationSize = req.size,
                                 .memoryTypeIndex = type };
    VKCHECK(vkAllocateMemory(c->device, &mai, NULL, &b->mem));
    VKCHECK(vkBindBufferMemory(c->device, b->buf, b->mem, 0));
    VKCHECK(vkMapMemory(c->device, b->mem, 0, size, 0, &b->map));
    return 1;
fail:
    return 0;
}

static void buf_destroy(const vk_ctx *c, vk_buf *b) {
    if (b->map) vkUnmapMemory(c->device, b->mem);
    if (b->buf) vkDestroyBuffer(c->device, b->buf, NULL);
    if (b->mem) vkFreeMemory(c->device, b->mem, NULL);
    memset(b, 0, sizeof *b);
}

// ---- a compute pipeline over storage buffers (and optionally one storage image) ----------

typedef struct vk_pipe {
    VkDescriptorSetLayout dsl;
    VkPipelineLayout layout;
    VkShaderModule module;
    VkPipeline pipe;
    VkDescriptorPool dpool;
    VkDescriptorSet set;
} vk_pipe;

static void pipe_destroy(const vk_ctx *c, vk_pipe *p) {
    if (p->pipe) vkDestroyPipeline(c->device, p->pipe, NULL);
    if (p->module) vkDestroyShaderModule(c->device, p->module, NULL);
    if (p->layout) vkDestroyPipelineLayout(c->device, p->layout, NULL);
    if (p->dpool) vkDestroyDescriptorPool(c->device, p->dpool, NULL);
    if (p->dsl) vkDestroyDescriptorSetLayout(c->device, p->dsl, NULL);
    memset(p, 0, sizeof *p);
}

// The specialization constants of trace_ubo and trace_texel (scene.glsl): the shape types present
// (one bit per type), the object and light counts, shadows and grid on (1) or off (0), the first
// hyperplane's index (-1: none), the order of the workgroup rows (row_stride, trace.comp's
// main; every variant) and each object's shape type, four bits per object for scenes of at most
// eight objects (obj_types, -1: read at run time), and simple: 1 for at most eight objects, all
// hyperspheres, hyperboxes and one hyperplane, each hypersphere's bound (as packed) its radius
// (scene.glsl, AK_RT_SIMPLE). The pipeline is made for these values of one scene and one size.
typedef struct vk_spec {
    int32_t types, nobj, nlight, shadows, grid, plane0, row_stride, obj_types, simple;
} vk_spec;

// bindings 0..nbuf-1 are storage buffers (binding 0 a uniform buffer of ubo0 bytes when ubo0 >
// 0); the specialization constants are spec's when given (scene.glsl, trace.comp: the
// storage-buffer build declares only the row stride, and the entries a build does not declare
// have no effect); when view is
// given, binding `image_binding` is a storage image; when tview is given, binding 3 is a uniform
// texel buffer (the objects of trace_texel: AK_SCENE_TEXEL in scene.glsl).
static int pipe_create(const vk_ctx *c, vk_pipe *p, const uint32_t *code, size_t code_size,
                       const vk_buf *bufs, int nbuf, int image_binding, VkImageView view,
                       VkBufferView tview, uint32_t push_size, VkDeviceSize ubo0,
                       const vk_spec *spec, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    VkDescriptorSetLayoutBinding b[8];
    int nb = 0;
    for (int i = 0; i < nbuf; i++) {
        int binding = (view && i >= image_binding) ? i + 1 : i;
        b[nb++] =
            (VkDescriptorSetLayoutBinding){ .binding = (uint32_t)binding,
                                            .descriptorType =
                                                i == 0 && ubo0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                                               : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                            .descriptorCount = 1,
                                            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    }
    if (view)
        b[nb++] =
            (VkDescriptorSetLayoutBinding){ .binding = (uint32_t)image_binding,
                                            .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                            .descriptorCount = 1,
                                            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    if (tview)
        b[nb++] = (VkDescriptorSetLayoutBinding){ .binding = 3,
                                                  .descriptorType =
                                                      VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                                                  .descriptorCount = 1,
                                                  .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT };
    VkDescriptorSetLayoutCreateInfo dlci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = (uint32_t)nb,
        .pBindings = b
    };
    VKCHECK(vkCreateDescriptorSetLayout(c->device, &dlci, NULL, &p->dsl));
    VkPushConstantRange pcr = { .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = push_size };
    VkPipelineLayoutCreateInfo plci = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                        .setLayoutCount = 1,
                                        .pSetLayouts = &p->dsl,
                                        .pushConstantRangeCount = push_size ? 1u : 0u,
                                        .pPushConstantRanges = &pcr };
    VKCHECK(vkCreatePipelineLayout(c->device, &plci, NULL, &p->layout));
    VkShaderModuleCreateInfo smci = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                      .codeSize = code_size,
                                      .pCode = code };
    VKCHECK(vkCreateShaderModule(c->device, &smci, NULL, &p->module));
    VkSpecializationMapEntry sme[9];
    for (uint32_t i = 0; i < 9; i++)
        sme[i] = (VkSpecializationMapEntry){ .constantID = i,
                                             .offset = i * (uint32_t)sizeof(int32_t),
                                             .size = sizeof(int32_t) };
    _Static_assert(sizeof(vk_spec) == 9 * sizeof(int32_t), "vk_spec: nine int32 constants");
    VkSpecializationInfo spi = {
        .mapEntryCount = 9, .pMapEntries = sme, .dataSize = sizeof *spec, .pData = spec
    };
    VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                   .module = p->module,
                   .pName = "main",
                   .pSpecializationInfo = spec ? &spi : NULL },
        .layout = p->layout
    };
    VKCHECK(vkCreateComputePipelines(c->device, VK_NULL_HANDLE, 1, &cpci, NULL, &p->pipe));
    VkDescriptorPoolSize sizes[4] = { { VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, (uint32_t)nbuf } };
    uint32_t nsizes = 1;
    if (view) sizes[nsizes++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1 };
    if (ubo0) sizes[nsizes++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1 };
    if (tview)
        sizes[nsizes++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 1 };
    VkDescriptorPoolCreateInfo dpci = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                        .maxSets = 1,
                                        .poolSizeCount = nsizes,
                                        .pPoolSizes = sizes };
    VKCHECK(vkCreateDescriptorPool(c->device, &dpci, NULL, &p->dpool));
    VkDescriptorSetAllocateInfo dsai = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                         .descriptorPool = p->dpool,
                                         .descriptorSetCount = 1,
                                         .pSetLayouts = &p->dsl };
    VKCHECK(vkAllocateDescriptorSets(c->device, &dsai, &p->set));
    VkDescriptorBufferInfo bi[8];
    VkWriteDescriptorSet w[8];
    int nw = 0;
    for (int i = 0; i < nbuf; i++) {
        bi[i] = (VkDescriptorBufferInfo){ .buffer = bufs[i].buf,
                                          .offset = 0,
                                          .range = i == 0 && ubo0 ? ubo0 : VK_WHOLE_SIZE };
        int binding = (view && i >= image_binding) ? i + 1 : i;
        w[nw++] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                          .dstSet = p->set,
                                          .dstBinding = (uint32_t)binding,
                                          .descriptorCount = 1,
                                          .descriptorType = i == 0 && ubo0
                                                                ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                                                : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          .pBufferInfo = &bi[i] };
    }
    VkDescriptorImageInfo ii = { .imageView = view, .imageLayout = VK_IMAGE_LAYOUT_GENERAL };
    if (view)
        w[nw++] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                          .dstSet = p->set,
                                          .dstBinding = (uint32_t)image_binding,
                                          .descriptorCount = 1,
                                          .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                          .pImageInfo = &ii };
    if (tview)
        w[nw++] = (VkWriteDescriptorSet){ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                          .dstSet = p->set,
                                          .dstBinding = 3,
                                          .descriptorCount = 1,
                                          .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
                                          .pTexelBufferView = &tview };
    vkUpdateDescriptorSets(c->device, (uint32_t)nw, w, 0, NULL);
    return 1;
fail:
    pipe_destroy(c, p);
    return 0;
}

static int submit_and_wait(const vk_ctx *c, VkCommandBuffer cb, char *err, size_t errlen) {
    VkFence fence = VK_NULL_HANDLE;
    VkFenceCreateInfo fci = { .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO };
    VKCHECK(vkCreateFence(c->device, &fci, NULL, &fence));
    VkSubmitInfo si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                        .commandBufferCount = 1,
                        .pCommandBuffers = &cb };
    VKCHECK(vkQueueSubmit(c->queue, 1, &si, fence));
    VKCHECK(vkWaitForFences(c->device, 1, &fence, VK_TRUE, UINT64_MAX));
    vkDestroyFence(c->device, fence, NULL);
    return 1;
fail:
    if (fence) vkDestroyFence(c->device, fence, NULL);
    return 0;
}

// ---- entry points ------------------------------------------------------------------------

static const char *type_name(VkPhysicalDeviceType t) {
    switch (t) {
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU (software)";
        default: return "other";
    }
}

int ak_render_vk_list_devices(FILE *f, char *err, size_t errlen) {
    vk_ctx c;
    int rc = create_instance(&c, err, errlen);
    if (rc != AK_VK_OK) return rc;
    uint32_t n = 0;
    VkPhysicalDevice devs[16];
    VKCHECK(vkEnumeratePhysicalDevices(c.instance, &n, NULL));
    if (n > 16) n = 16;
    if (n) VKCHECK(vkEnumeratePhysicalDevices(c.instance, &n, devs));
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        uint32_t fam;
        fprintf(f, "vulkan %u: %s (%s, Vulkan %u.%u.%u, driver %u)%s\n", i, p.deviceName,
                type_name(p.deviceType), VK_API_VERSION_MAJOR(p.apiVersion),
                VK_API_VERSION_MINOR(p.apiVersion), VK_API_VERSION_PATCH(p.apiVersion),
                p.driverVersion, find_compute_family(devs[i], &fam) ? "" : " [no compute queue]");
    }
    ctx_destroy(&c);
    if (n == 0) {
        snprintf(err, errlen, "a Vulkan loader, but no Vulkan device");
        return AK_VK_NO_DEVICE;
    }
    return AK_VK_OK;
fail:
    ctx_destroy(&c);
    return AK_VK_ERROR;
}

// How the tracer reads the scene: trace (a storage buffer), trace_ubo (a uniform buffer, up to
// AK_RT_UBO_OBJECTS objects), trace_texel (the header from the uniform buffer, the objects from
// a uniform texel buffer over the same bytes: the fastest on lavapipe, docs/performance.md,
// issue 29 item 4, sixth round; taken whenever the device allows it).
enum { VARIANT_SSBO, VARIANT_UBO, VARIANT_TEXEL };

struct ak_vk_renderer {
    vk_ctx c;
    int width, height; // size the resources below were made for (0: none yet)
    int nplanes;       // plane buffer capacity
    bool texel_ok;     // the device takes the scene buffer as RGBA32I uniform texels
    int variant;       // the pipeline's scene access: VARIANT_SSBO, _UBO or _TEXEL
    vk_spec spec;      // and (UBO, TEXEL) was specialised to this scene's constants
    vk_buf bscene, bplanes, bread;
    VkBufferView tview; // bscene as RGBA32I texels (VARIANT_TEXEL)
    vk_pipe pipe;
    VkImage image;
    VkDeviceMemory imem;
    VkImageView view;
    VkCommandBuffer cb;
    VkQueryPool
        qpool; // timestamps: before and after the dispatch, after the image copy (none when unsupported)
    double gpu_ms;  // the last frame's dispatch time by the timestamps, or -1
    double copy_ms; // dispatch and image-to-buffer copy by the timestamps, or -1
    double host_ms; // the RGBA -> RGB copy on the host (wall clock)
};

static void renderer_release(ak_vk_renderer *r) {
    vk_ctx *c = &r->c;
    if (!c->device) return;
    vkDeviceWaitIdle(c->device);
    if (r->cb) vkFreeCommandBuffers(c->device, c->pool, 1, &r->cb);
    if (r->qpool) vkDestroyQueryPool(c->device, r->qpool, NULL);
    r->qpool = VK_NULL_HANDLE;
    pipe_destroy(c, &r->pipe);
    if (r->tview) vkDestroyBufferView(c->device, r->tview, NULL);
    r->tview = VK_NULL_HANDLE;
    if (r->view) vkDestroyImageView(c->device, r->view, NULL);
    if (r->image) vkDestroyImage(c->device, r->image, NULL);
    if (r->imem) vkFreeMemory(c->device, r->imem, NULL);
    buf_destroy(c, &r->bread);
    buf_destroy(c, &r->bplanes);
    buf_destroy(c, &r->bscene);
    r->cb = VK_NULL_HANDLE;
    r->view = VK_NULL_HANDLE;
    r->image = VK_NULL_HANDLE;
    r->imem = VK_NULL_HANDLE;
    r->width = r->height = r->nplanes = 0;
}

int ak_render_vk_open(ak_vk_renderer **out, int device, char *err, size_t errlen) {
    *out = NULL;
    ak_vk_renderer *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return AK_VK_ERROR;
    }
    int rc = ctx_create(&r->c, device, err, errlen);
    if (rc != AK_VK_OK) {
        free(r);
        return rc;
    }
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(r->c.phys, VK_FORMAT_R32G32B32A32_SINT, &fp);
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(r->c.phys, &props);
    r->texel_ok = (fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT) &&
                  props.limits.maxTexelBufferElements >= sizeof(ak_vk_scene) / 16;
    *out = r;
    return AK_VK_OK;
}

const char *ak_render_vk_device_name(const ak_vk_renderer *r) { return r->c.name; }

bool ak_render_vk_device_is_cpu(const ak_vk_renderer *r) { return r->c.is_cpu; }

double ak_render_vk_last_gpu_ms(const ak_vk_renderer *r) { return r->gpu_ms; }
void ak_render_vk_last_readback(const ak_vk_renderer *r, double *gpu_copy_ms, double *host_ms) {
    *gpu_copy_ms = r->copy_ms;
    *host_ms = r->host_ms;
}

void ak_render_vk_close(ak_vk_renderer *r) {
    if (!r) return;
    renderer_release(r);
    ctx_destroy(&r->c);
    free(r);
}

// (Re)create the size-dependent resources: buffers, output image, pipeline, command buffer.
static int renderer_setup(ak_vk_renderer *r, int W, int H, int nplanes, int variant,
                          const vk_spec *spec, char *err, size_t errlen) {
    renderer_release(r);
    vk_ctx *c = &r->c;
    if (!buf_create(c, &r->bscene, sizeof(ak_vk_scene),
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                        (variant == VARIANT_TEXEL ? VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT : 0),
                    err, errlen))
        goto fail;
    if (variant == VARIANT_TEXEL) {
        VkBufferViewCreateInfo bvci = { .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
                                        .buffer = r->bscene.buf,
                                        .format = VK_FORMAT_R32G32B32A32_SINT,
                                        .offset = 0,
                                        .range = VK_WHOLE_SIZE };
        VKCHECK(vkCreateBufferView(c->device, &bvci, NULL, &r->tview));
    }
    if (!buf_create(c, &r->bplanes, (VkDeviceSize)nplanes * 8 * sizeof(float),
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, errlen))
        goto fail;
    if (!buf_create(c, &r->bread, (VkDeviceSize)W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, err,
                    errlen))
        goto fail;
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(c->phys, VK_FORMAT_R8G8B8A8_UNORM, &fp);
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
        FAIL("device %s cannot use R8G8B8A8_UNORM as a storage image", c->name);
    VkImageCreateInfo ici = { .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                              .imageType = VK_IMAGE_TYPE_2D,
                              .format = VK_FORMAT_R8G8B8A8_UNORM,
                              .extent = { (uint32_t)W, (uint32_t)H, 1 },
                              .mipLevels = 1,
                              .arrayLayers = 1,
                              .samples = VK_SAMPLE_COUNT_1_BIT,
                              .tiling = VK_IMAGE_TILING_OPTIMAL,
                              .usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                              .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED };
    VKCHECK(vkCreateImage(c->device, &ici, NULL, &r->image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(c->device, r->image, &req);
    uint32_t mt;
    if (!find_memory(c, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &mt) &&
        !find_memory(c, req.memoryTypeBits, 0, &mt))
        FAIL("no memory type for the output image");
    VkMemoryAllocateInfo mai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                 .allocationSize = req.size,
                                 .memoryTypeIndex = mt };
    VKCHECK(vkAllocateMemory(c->device, &mai, NULL, &r->imem));
    VKCHECK(vkBindImageMemory(c->device, r->image, r->imem, 0));
    VkImageViewCreateInfo vci = { .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                  .image = r->image,
                                  .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                  .format = VK_FORMAT_R8G8B8A8_UNORM,
                                  .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } };
    VKCHECK(vkCreateImageView(c->device, &vci, NULL, &r->view));
    vk_buf bufs[2] = { r->bscene, r->bplanes };
    int ok = variant == VARIANT_TEXEL
                 ? pipe_create(c, &r->pipe, ak_trace_texel_spv, sizeof ak_trace_texel_spv, bufs, 2,
                               2, r->view, r->tview, 0, AK_VK_UBO_BYTES, spec, err, errlen)
             : variant == VARIANT_UBO
                 ? pipe_create(c, &r->pipe, ak_trace_ubo_spv, sizeof ak_trace_ubo_spv, bufs, 2, 2,
                               r->view, VK_NULL_HANDLE, 0, AK_VK_UBO_BYTES, spec, err, errlen)
                 : pipe_create(c, &r->pipe, ak_trace_spv, sizeof ak_trace_spv, bufs, 2, 2, r->view,
                               VK_NULL_HANDLE, 0, 0, spec, err, errlen); // only the row stride
    if (!ok) goto fail;
    VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = c->pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1 };
    VKCHECK(vkAllocateCommandBuffers(c->device, &cbai, &r->cb));
    if (c->ts_bits > 0) {
        VkQueryPoolCreateInfo qpci = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                       .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                       .queryCount = 3 };
        if (vkCreateQueryPool(c->device, &qpci, NULL, &r->qpool) != VK_SUCCESS)
            r->qpool = VK_NULL_HANDLE;
    }
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };
    VKCHECK(vkBeginCommandBuffer(r->cb, &cbbi));
    VkCommandBuffer cb = r->cb;
    if (r->qpool) vkCmdResetQueryPool(cb, r->qpool, 0, 3);
    VkImageMemoryBarrier to_general = { .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                        .srcAccessMask = 0,
                                        .dstAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                                        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                        .image = r->image,
                                        .subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0,
                                                              1 } };
    VkMemoryBarrier host_to_shader = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                       .srcAccessMask = VK_ACCESS_HOST_WRITE_BIT,
                                       .dstAccessMask = VK_ACCESS_SHADER_READ_BIT };
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &host_to_shader, 0, NULL, 1,
                         &to_general);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, r->pipe.pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, r->pipe.layout, 0, 1, &r->pipe.set,
                            0, NULL);
    if (r->qpool) vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, r->qpool, 0);
    vkCmdDispatch(cb, (uint32_t)(W + AK_RT_WORKGROUP - 1) / AK_RT_WORKGROUP,
                  (uint32_t)(H + AK_RT_WORKGROUP - 1) / AK_RT_WORKGROUP, 1);
    if (r->qpool) vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, r->qpool, 1);
    VkImageMemoryBarrier to_src = to_general;
    to_src.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    to_src.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    to_src.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
    to_src.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 0, NULL, 1, &to_src);
    VkBufferImageCopy region = { .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
                                 .imageExtent = { (uint32_t)W, (uint32_t)H, 1 } };
    vkCmdCopyImageToBuffer(cb, r->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->bread.buf, 1,
                           &region);
    if (r->qpool) vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, r->qpool, 2);
    VkBufferMemoryBarrier to_host = { .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
                                      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                      .buffer = r->bread.buf,
                                      .size = VK_WHOLE_SIZE };
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, NULL,
                         1, &to_host, 0, NULL);
    VKCHECK(vkEndCommandBuffer(cb));
    r->width = W;
    r->height = H;
    r->nplanes = nplanes;
    r->variant = variant;
    r->spec = *spec;
    return 1;
fail:
    renderer_release(r);
    return 0;
}

// The stride of trace.comp's workgroup rows (AK_RT_ROW_STRIDE) for `rows` rows: the first
// integer from 0.618 rows up that is coprime to rows (so that y -> y * stride mod rows is a
// permutation). llvmpipe gives each of its threads a contiguous range of the dispatch's
// workgroups; with this order every such range holds rows from the whole image (a golden-ratio
// sequence), and the threads get about the same work (docs/performance.md, issue 29 item 4,
// seventh round).
static int32_t row_stride(int rows) {
    int s = (int)(0.618 * rows + 0.5);
    if (s < 1) s = 1;
    for (;; s++) {
        int a = s, b = rows;
        while (b) {
            int t = a % b;
            a = b;
            b = t;
        }
        if (a == 1) return s;
    }
}

int ak_render_vk_draw(ak_vk_renderer *r, const ak_render_scene *s, ak_render_image *img, char *err,
                      size_t errlen) {
    const int W = img->width, H = img->height;
    int nplanes = s->nplanes > 0 ? s->nplanes : 1;
    int variant = r->texel_ok                    ? VARIANT_TEXEL
                  : s->nobj <= AK_RT_UBO_OBJECTS ? VARIANT_UBO
                                                 : VARIANT_SSBO;
    // what the scene has: the pipeline is specialised to it (a new one when it changes)
    vk_spec spec = { .nobj = s->nobj,
                     .nlight = s->nlight < AK_RT_MAX_LIGHTS ? s->nlight : AK_RT_MAX_LIGHTS,
                     .shadows = s->shadows ? 1 : 0,
                     .grid = s->grid ? 1 : 0,
                     .plane0 = -1,
                     .row_stride = row_stride((H + AK_RT_WORKGROUP - 1) / AK_RT_WORKGROUP),
                     .obj_types = s->nobj <= 8 ? 0 : -1,
                     .simple = s->nobj <= 8 };
    int nplane = 0;
    for (int i = 0; i < s->nobj; i++) {
        if (s->obj[i].shape.type >= 0 && s->obj[i].shape.type < 31)
            spec.types |= (int32_t)1 << s->obj[i].shape.type;
        if (spec.obj_types >= 0) {
            if (s->obj[i].shape.type >= 0 && s->obj[i].shape.type < 8)
                spec.obj_types |= (int32_t)s->obj[i].shape.type << (4 * i);
            else
                spec.obj_types = -1; // not in four bits: read at run time
        }
        if (spec.plane0 < 0 && s->obj[i].shape.type == AK_SHAPE_HYPERPLANE) spec.plane0 = i;
        const ak_render_object *o = &s->obj[i];
        nplane += o->shape.type == AK_SHAPE_HYPERPLANE;
        if (!(o->shape.type == AK_SHAPE_HYPERBOX || o->shape.type == AK_SHAPE_HYPERPLANE ||
              (o->shape.type == AK_SHAPE_HYPERSPHERE && (float)o->bound == (float)o->shape.radius)))
            spec.simple = 0;
    }
    if (nplane != 1) spec.simple = 0;
    if (W != r->width || H != r->height || nplanes > r->nplanes || variant != r->variant ||
        (variant != VARIANT_SSBO && memcmp(&spec, &r->spec, sizeof spec) != 0))
        if (!renderer_setup(r, W, H, nplanes, variant, &spec, err, errlen)) return AK_VK_ERROR;
    memset(r->bplanes.map, 0, (size_t)r->nplanes * 8 * sizeof(float));
    pack_scene(r->bscene.map, r->bplanes.map, s, W, H);
    if (!submit_and_wait(&r->c, r->cb, err, errlen)) return AK_VK_ERROR;
    r->gpu_ms = r->copy_ms = -1.0;
    uint64_t ts[3];
    if (r->qpool &&
        vkGetQueryPoolResults(r->c.device, r->qpool, 0, 3, sizeof ts, ts, sizeof ts[0],
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS) {
        uint64_t mask = r->c.ts_bits >= 64 ? ~0ull : (1ull << r->c.ts_bits) - 1;
        r->gpu_ms = (double)((ts[1] - ts[0]) & mask) * r->c.ts_period_ns * 1e-6;
        r->copy_ms = (double)((ts[2] - ts[0]) & mask) * r->c.ts_period_ns * 1e-6;
    }
    struct timespec h0, h1;
    clock_gettime(CLOCK_MONOTONIC, &h0);
    // RGBA to RGB, four pixels (16 bytes to 12) per pass with 32-bit words, on this thread:
    // 0.3 ms for 1280x720 where the byte loop in an OpenMP team took 8-20 ms of the frame on a
    // loaded machine, its second thread waking up and then spinning (libgomp's active wait)
    // while the next frame's dispatch ran (docs/performance.md, issue 29 item 4, seventh round)
    const unsigned char *src = r->bread.map;
    unsigned char *dst = img->rgb;
    const long npix = (long)W * H;
    long i = 0;
    for (; i + 4 <= npix; i += 4) {
        uint32_t p[4], w[3];
        memcpy(p, src + 4 * i, sizeof p);
        if (AK_VK_LITTLE_ENDIAN) { // R in the low byte of each word
            w[0] = (p[0] & 0xffffffu) | p[1] << 24;
            w[1] = (p[1] >> 8 & 0xffffu) | p[2] << 16;
            w[2] = (p[2] >> 16 & 0xffu) | p[3] << 8;
            memcpy(dst + 3 * i, w, sizeof w);
        } else {
            for (int j = 0; j < 4; j++)
                for (int k = 0; k < 3; k++) dst[3 * (i + j) + k] = src[4 * (i + j) + k];
        }
    }
    for (; i < npix; i++)
        for (int k = 0; k < 3; k++) dst[3 * i + k] = src[4 * i + k];
    clock_gettime(CLOCK_MONOTONIC, &h1);
    r->host_ms = (double)(h1.tv_sec - h0.tv_sec) * 1e3 + (double)(h1.tv_nsec - h0.tv_nsec) * 1e-6;
    return AK_VK_OK;
}

int ak_render_vk(const ak_render_scene *s, ak_render_image *img, int device, char *device_name,
                 size_t namelen, char *err, size_t errlen) {
    ak_vk_renderer *r;
    int rc = ak_render_vk_open(&r, device, err, errlen);
    if (rc != AK_VK_OK) return rc;
    if (device_name) snprintf(device_name, namelen, "%s (Vulkan)", r->c.name);
    rc = ak_render_vk_draw(r, s, img, err, errlen);
    ak_render_vk_close(r);
    return rc;
}

int ak_render_vk_sdf_probe(const ak_render_scene *s, const double *points, int npoints, double *out,
                           char *err, size_t errlen) {
    if (npoints <= 0) {
        snprintf(err, errlen, "no points");
        return AK_VK_ERROR;
    }
    vk_ctx c;
    int rc = ctx_create(&c, -1, err, errlen);
    if (rc != AK_VK_OK) return rc;
    rc = AK_VK_ERROR;
    vk_buf b[4] = { { 0 } };
    vk_pipe pipe = { 0 };
    VkCommandBuffer cb = VK_NULL_HANDLE;
    int nplanes = s->nplanes > 0 ? s->nplanes : 1;
    if (!buf_create(&c, &b[0], sizeof(ak_vk_scene), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err,
                    errlen) ||
        !buf_create(&c, &b[1], (VkDeviceSize)nplanes * 8 * sizeof(float),
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, errlen) ||
        !buf_create(&c, &b[2], (VkDeviceSize)npoints * 4 * sizeof(float),
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, errlen) ||
        !buf_create(&c, &b[3], (VkDeviceSize)npoints * sizeof(float),
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, err, errlen))
        goto fail;
    memset(b[1].map, 0, (size_t)nplanes * 8 * sizeof(float));
    pack_scene(b[0].map, b[1].map, s, 1, 1);
    float *pts = b[2].map;
    for (int i = 0; i < 4 * npoints; i++) pts[i] = (float)points[i];
    if (!pipe_create(&c, &pipe, ak_sdf_probe_spv, sizeof ak_sdf_probe_spv, b, 4, 0, VK_NULL_HANDLE,
                     VK_NULL_HANDLE, sizeof(int32_t), 0, NULL, err, errlen))
        goto fail;
    VkCommandBufferAllocateInfo cbai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = c.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1 };
    VKCHECK(vkAllocateCommandBuffers(c.device, &cbai, &cb));
    VkCommandBufferBeginInfo cbbi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };
    VKCHECK(vkBeginCommandBuffer(cb, &cbbi));
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.pipe);
    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe.layout, 0, 1, &pipe.set, 0,
                            NULL);
    int32_t np = npoints;
    vkCmdPushConstants(cb, pipe.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof np, &np);
    vkCmdDispatch(cb, (uint32_t)(npoints + 63) / 64, 1, 1);
    VkMemoryBarrier mb = { .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                           .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                           .dstAccessMask = VK_ACCESS_HOST_READ_BIT };
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &mb, 0, NULL, 0, NULL);
    VKCHECK(vkEndCommandBuffer(cb));
    if (!submit_and_wait(&c, cb, err, errlen)) goto fail;
    const float *d = b[3].map;
    for (int i = 0; i < npoints; i++) out[i] = d[i];
    rc = AK_VK_OK;
fail:
    if (c.device) vkDeviceWaitIdle(c.device);
    if (cb) vkFreeCommandBuffers(c.device, c.pool, 1, &cb);
    pipe_destroy(&c, &pipe);
    for (int i = 3; i >= 0; i--) buf_destroy(&c, &b[i]);
    ctx_destroy(&c);
    return rc;
}
