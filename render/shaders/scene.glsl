// Scene buffers and the scene SDF shared by trace.comp and sdf_probe.comp. The C side packs
// these in render/vk.c (ak_vk_scene / ak_vk_obj); layouts are std430.
#extension GL_GOOGLE_include_directive : require
#include "ak_render_constants.h"
#include "sdf.glsl"

struct AkObj {
    vec4 pos;
    vec4 rt0, rt1, rt2, rt3; // columns of the body-to-world rotation: p_body = (rt_j . (x - pos))
    vec4 a;                  // radius, half_length | r_xy, r_zw | plane offset in a.x |
                             // convex: circumradius R, least facet offset omin (0, 0: none)
    vec4 b;                  // box half extents | plane unit normal
    vec4 color;              // rgb, bounding radius about pos (1e30 for planes)
    ivec4 info;              // type, first plane, plane count, 0
};

// The scene: a uniform buffer for scenes of up to AK_RT_UBO_OBJECTS objects (AK_SCENE_UBO, the
// pipeline vk.c picks for them), else a storage buffer; the same members, the same bytes (every
// member is 16-byte aligned, so std140 = std430 here): keep the two blocks in step. Why:
// lavapipe (llvmpipe) loads from a storage buffer lane by lane behind a branch per lane and
// component, from a uniform buffer with one vector gather or one scalar load.
// AK_SCENE_TEXEL (the trace_texel variant, render/shaders_texel.py): the header from the uniform
// buffer, the objects from a uniform texel buffer over the same bytes (below).
#if defined(AK_SCENE_UBO) || defined(AK_SCENE_TEXEL)
layout(std140, set = 0, binding = 0) uniform AkScene {
    vec4 cam_origin, cam_right, cam_up, cam_back, cam_ana, misc, ambient, sky;
    vec4 light_dir[AK_RT_MAX_LIGHTS];
    vec4 light_col[AK_RT_MAX_LIGHTS];
    ivec4 counts;
    AkObj obj[AK_RT_UBO_OBJECTS];
} scn;
#else
layout(std430, set = 0, binding = 0) readonly buffer AkScene {
    vec4 cam_origin; // camera position + slice * ana
    vec4 cam_right;
    vec4 cam_up;
    vec4 cam_back;
    vec4 cam_ana;
    vec4 misc;       // tan(fov/2), aspect, width, height
    vec4 ambient;
    vec4 sky;
    vec4 light_dir[AK_RT_MAX_LIGHTS]; // unit
    vec4 light_col[AK_RT_MAX_LIGHTS];
    ivec4 counts;    // nobj, nlight, shadows, grid
    AkObj obj[];
} scn;
#endif

#ifdef AK_SCENE_TEXEL
// The scene buffer as RGBA32I texels (integer: the bits as stored, floats and ints alike):
// object i's member k (AkObj's order) is texel AK_OBJ_TEXEL0 + 9 i + k. render/shaders_texel.py makes every `scn.obj[i].m` read the call
// ak_obj_m(i): on lavapipe a texel fetch at a lane-varying index loads one 16-byte texel per
// lane, where a uniform buffer's vec4 takes four loads, extracts and inserts per lane.
layout(set = 0, binding = 3) uniform isamplerBuffer ak_obj_tex;
const int AK_OBJ_TEXEL0 = 8 + 2 * AK_RT_MAX_LIGHTS + 1;
vec4 ak_obj_pos(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i)); }
vec4 ak_obj_rt0(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 1)); }
vec4 ak_obj_rt1(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 2)); }
vec4 ak_obj_rt2(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 3)); }
vec4 ak_obj_rt3(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 4)); }
vec4 ak_obj_a(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 5)); }
vec4 ak_obj_b(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 6)); }
vec4 ak_obj_color(int i) { return intBitsToFloat(texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 7)); }
ivec4 ak_obj_info(int i) { return texelFetch(ak_obj_tex, AK_OBJ_TEXEL0 + 9 * i + 8); }
// The header's vec4 members (AkScene's order, std140: one texel each), read in trace.comp as
// ak_hdr_m() (render/shaders_texel.py): a fetch per vec4 where the uniform buffer takes a gather
// per float on lavapipe
vec4 ak_hdr(int k) { return intBitsToFloat(texelFetch(ak_obj_tex, k)); }
vec4 ak_hdr_cam_origin() { return ak_hdr(0); }
vec4 ak_hdr_cam_right() { return ak_hdr(1); }
vec4 ak_hdr_cam_up() { return ak_hdr(2); }
vec4 ak_hdr_cam_back() { return ak_hdr(3); }
vec4 ak_hdr_cam_ana() { return ak_hdr(4); }
vec4 ak_hdr_misc() { return ak_hdr(5); }
vec4 ak_hdr_ambient() { return ak_hdr(6); }
vec4 ak_hdr_sky() { return ak_hdr(7); }
vec4 ak_hdr_light_dir(int l) { return ak_hdr(8 + l); }
vec4 ak_hdr_light_col(int l) { return ak_hdr(8 + AK_RT_MAX_LIGHTS + l); }
#endif

layout(std430, set = 0, binding = 1) readonly buffer AkPlanes {
    vec4 planes[]; // pairs: unit normal, (offset, 0, 0, 0)
} pln;

// The shape types present in the scene, one bit each (1 << AK_RT_SPHERE, ...): a
// specialization constant of the uniform-buffer pipeline (vk.c), so that the code of absent
// types is compiled out; every type otherwise. (lavapipe runs every branch of an if.)
#if defined(AK_SCENE_UBO) || defined(AK_SCENE_TEXEL)
layout(constant_id = 0) const int AK_RT_TYPES = 63;
// The scene's counts (scn.counts) and its first hyperplane, specialization constants as well
// (vk.c sets them per scene; -1: read at run time): loops over the objects and the lights then
// have constant bounds, which llvmpipe unrolls (constant indices: scalar loads), and the branches
// of what the scene lacks (shadows, the grid) are compiled out.
layout(constant_id = 1) const int AK_RT_NOBJ = -1;
layout(constant_id = 2) const int AK_RT_NLIGHT = -1;
layout(constant_id = 3) const int AK_RT_SHADOWS = -1;
layout(constant_id = 4) const int AK_RT_GRID = -1;
layout(constant_id = 5) const int AK_RT_PLANE0 = -2;
// Each object's shape type for scenes of at most eight objects: object i's in bits 4i to 4i + 3
// (vk.c; -1: read at run time). llvmpipe reads an object's info by a texel fetch (a call of
// about 45 instructions per batch of 8 lanes) at every place that asks for the type; from this
// constant it is a shift and a mask (docs/performance.md, issue 29 item 4, ninth round).
layout(constant_id = 7) const int AK_RT_OBJ_TYPES = -1;
// 1 when the scene's objects are at most eight hyperspheres, hyperboxes and one hyperplane, each
// hypersphere's bound equal to its radius (vk.c): then trace.comp's object loops take an object's
// a.x (the radius, the plane's offset) from what it keeps per object, without a fetch.
layout(constant_id = 8) const int AK_RT_SIMPLE = 0;
#define AK_SCN_NOBJ (AK_RT_NOBJ >= 0 ? AK_RT_NOBJ : scn.counts.x)
#define AK_SCN_NLIGHT (AK_RT_NLIGHT >= 0 ? AK_RT_NLIGHT : scn.counts.y)
#define AK_SCN_SHADOWS (AK_RT_SHADOWS >= 0 ? AK_RT_SHADOWS : scn.counts.z)
#define AK_SCN_GRID (AK_RT_GRID >= 0 ? AK_RT_GRID : scn.counts.w)
#else
const int AK_RT_TYPES = 63;
#define AK_RT_PLANE0 (-2)
#define AK_RT_SIMPLE 0
#define AK_SCN_NOBJ scn.counts.x
#define AK_SCN_NLIGHT scn.counts.y
#define AK_SCN_SHADOWS scn.counts.z
#define AK_SCN_GRID scn.counts.w
#endif
#define AK_RT_HAS(t) ((AK_RT_TYPES & (1 << (t))) != 0)

// Object i's shape type (scn.obj[i].info.x)
int ak_obj_type(int i) {
#if defined(AK_SCENE_UBO) || defined(AK_SCENE_TEXEL)
    if (AK_RT_OBJ_TYPES >= 0) return (AK_RT_OBJ_TYPES >> (4 * i)) & 15;
#endif
    return scn.obj[i].info.x;
}

// Object i's SDF at x (no culling), e = x - its position (computed once by the caller that has
// it: on lavapipe every read of scn.obj[i] at a lane-varying i is a gather).
// oa: scn.obj[i].a, passed by a caller that has it.
float ak_obj_sdf_ea(int i, vec4 x, vec4 e, vec4 oa) {
    // Every member read once, before the branches: a read under a branch is a gather under that
    // branch's mask on lavapipe, and the same member read under two masks is two gathers.
    int type = ak_obj_type(i);
    vec4 ob = scn.obj[i].b;
    if (type == AK_RT_PLANE) return ak_sd_hyperplane(x, ob, oa.x);
    if (AK_RT_HAS(AK_RT_SPHERE) && type == AK_RT_SPHERE) return ak_sd_hypersphere(e, oa.x);
    vec4 p = vec4(dot(scn.obj[i].rt0, e), dot(scn.obj[i].rt1, e), dot(scn.obj[i].rt2, e),
                  dot(scn.obj[i].rt3, e));
    if (AK_RT_HAS(AK_RT_BOX) && type == AK_RT_BOX) return ak_sd_hyperbox(p, ob);
    if (AK_RT_HAS(AK_RT_CAPSULE) && type == AK_RT_CAPSULE) return ak_sd_hypercapsule(p, oa.x, oa.y);
    if (AK_RT_HAS(AK_RT_DUOCYLINDER) && type == AK_RT_DUOCYLINDER) return ak_sd_duocylinder(p, oa.x, oa.y);
    // AK_RT_CONVEX: half-space bound, four planes per iteration (the last plane repeated past the
    // end: max is unchanged), a quarter of the loop iterations that lavapipe's loop limiter counts
    float d = -1e30;
    if (AK_RT_HAS(AK_RT_CONVEX)) {
        int first = scn.obj[i].info.y, n = scn.obj[i].info.z, last = first + n - 1;
        for (int f = first; f <= last; f += 4) {
            int f1 = min(f + 1, last), f2 = min(f + 2, last), f3 = min(f + 3, last);
            float d01 = max(dot(pln.planes[2 * f], p) - pln.planes[2 * f + 1].x,
                            dot(pln.planes[2 * f1], p) - pln.planes[2 * f1 + 1].x);
            float d23 = max(dot(pln.planes[2 * f2], p) - pln.planes[2 * f2 + 1].x,
                            dot(pln.planes[2 * f3], p) - pln.planes[2 * f3 + 1].x);
            d = max(d, max(d01, d23));
        }
    }
    return d;
}

float ak_obj_sdf_e(int i, vec4 x, vec4 e) { return ak_obj_sdf_ea(i, x, e, scn.obj[i].a); }

float ak_obj_sdf(int i, vec4 x) { return ak_obj_sdf_e(i, x, x - scn.obj[i].pos); }

// A convex object's half-space SDF at x is at least omin (|x - c| / R - 1) when |x - c| >= R
// (its gauge max_f n_f . p / o_f is at least |p| / R, the shape lying in the ball of radius R;
// tracer.c, fast_sdf): true when that bound, less a float margin, is not below best. Then its
// facet loop is skipped, the minimum unchanged. Needed on lavapipe, not only for speed: llvmpipe
// ends every loop of an invocation once all its loops together have run 65535 iterations (its
// loop limiter), and the facet loop (600 planes for the 600-cell) used that up on horizon rays,
// which then stopped early (no hit, or a wrong nearest object: the band at the horizon).
bool ak_convex_far(int i, vec4 e, float best) {
    float R = scn.obj[i].a.x, omin = scn.obj[i].a.y;
    if (!(R > 0.0) || !(best < 1e15)) return false;
    float l = length(e);
    if (l <= R) return false;
    float lb = omin * (l / R - 1.0);
    return lb * (1.0 - 1e-5) - 1e-5 * (1.0 + l) >= best;
}

// Object i's distance at x when its bounding ball can beat best (|x - c| - r < best, the same
// rule as tracer.c, decided on squares: no square root), a convex object when ak_convex_far does
// not rule it out, else 1e30.
// pos, bound and oa: object i's position, bounding radius and a (scn.obj[i].pos, .color.w, .a),
// passed by a caller that has them at hand (trace.comp keeps every object's position and bound,
// read once per invocation).
float ak_obj_culled_at(int i, vec4 x, float best, vec4 pos, float bound, vec4 oa) {
    vec4 e = x - pos;
    float r = bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS;
    float q = best + r;
    if (q <= 0.0 || dot(e, e) >= q * q) return 1e30;
    if (AK_RT_HAS(AK_RT_CONVEX) && ak_obj_type(i) == AK_RT_CONVEX && ak_convex_far(i, e, best)) return 1e30;
    return ak_obj_sdf_ea(i, x, e, oa);
}

float ak_obj_culled(int i, vec4 x, float best) {
    vec4 e = x - scn.obj[i].pos;
    float r = scn.obj[i].color.w * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS;
    float q = best + r;
    if (q <= 0.0 || dot(e, e) >= q * q) return 1e30;
    if (AK_RT_HAS(AK_RT_CONVEX) && ak_obj_type(i) == AK_RT_CONVEX && ak_convex_far(i, e, best)) return 1e30;
    return ak_obj_sdf_e(i, x, e);
}

float ak_scene_sdf(vec4 x, out int which) {
    float best = 1e30;
    which = -1;
    for (int i = 0; i < AK_SCN_NOBJ; i++) {
        float d = ak_obj_culled(i, x, best);
        if (d < best) { // T-E.union
            best = d;
            which = i;
        }
    }
    return best;
}

float ak_scene_dist(vec4 x) {
    int w;
    return ak_scene_sdf(x, w);
}
