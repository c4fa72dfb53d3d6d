#version 450
// Vulkan compute sphere tracer: one invocation per pixel. The same algorithm as
// render/tracer.c (T-6.1cam, T-Alg14, T-Alg15, T-6.1, T-6.2.2, all corrected), in float.
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(local_size_x = AK_RT_WORKGROUP, local_size_y = AK_RT_WORKGROUP) in;
layout(set = 0, binding = 2, rgba8) uniform writeonly image2D out_img;

float sdf_along(vec4 o, vec4 v, float t) { return ak_scene_dist(o + t * v); }

bool trace(vec4 o, vec4 v, out float t_out, out int obj) {
    float t = 0.0;
    bool hit = false;
    int which = -1;
    for (int i = 0; i < AK_RT_MAX_STEPS; i++) {
        float d = ak_scene_sdf(o + t * v, which);
        if (d < AK_RT_HIT_EPS * max(t, 1.0)) {
            hit = true;
            break;
        }
        t += d;
        if (t > AK_RT_MAX_DIST) break;
    }
    if (hit) {
        for (int k = 0; k < AK_RT_REFINE_STEPS; k++) {
            float h = AK_RT_NORMAL_H;
            float d = sdf_along(o, v, t);
            float slope = (sdf_along(o, v, t + h) - sdf_along(o, v, t - h)) / (2.0 * h);
            if (slope > -AK_RT_REFINE_MIN_SLOPE) break;
            float tn = t - d / slope;
            if (tn < 0.0) break;
            t = tn;
        }
        ak_scene_sdf(o + t * v, which);
    }
    t_out = t;
    obj = hit ? which : -1;
    return hit;
}

vec4 normal_at(vec4 p) {
    float h = AK_RT_NORMAL_H;
    vec4 n;
    for (int a = 0; a < 4; a++) {
        vec4 e = vec4(0.0);
        e[a] = h;
        n[a] = (ak_scene_dist(p + e) - ak_scene_dist(p - e)) / (2.0 * h);
    }
    float l = length(n);
    return l > 0.0 ? n / l : n;
}

// Early out of the shadow march (tracer.c, shadow_bound): a lower bound of d(t')/t' for all
// later t' (balls: min(s/t, 1) with s = (p - c).l - r >= 0; planes: min(d/t, n.l) with d >= 0;
// -1 when some object gives none). When K times it reaches res, no later step lowers res.
float shadow_bound(vec4 p, vec4 l, float t) {
    float B = 1.0;
    for (int i = 0; i < scn.counts.x; i++) {
        int type = scn.obj[i].info.x;
        float b;
        if (type == AK_RT_PLANE) {
            float d0 = ak_sd_hyperplane(p, scn.obj[i].b, scn.obj[i].a.x);
            if (!(d0 >= 0.0)) return -1.0;
            b = min(d0 / t, dot(scn.obj[i].b, l));
        } else if (type != AK_RT_CONVEX) {
            float sd = dot(p - scn.obj[i].pos, l) -
                       (scn.obj[i].color.w * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS);
            if (!(sd >= 0.0)) return -1.0;
            b = min(sd / t, 1.0);
        } else {
            return -1.0;
        }
        B = min(B, b);
    }
    return B - 1e-4; // float rounding margin
}

float soft_shadow(vec4 p, vec4 l) {
    float res = 1.0, t = AK_RT_SHADOW_TMIN;
    for (int i = 0; i < AK_RT_SHADOW_STEPS; i++) {
        float d = sdf_along(p, l, t);
        res = min(res, AK_RT_SHADOW_K * d / t);
        if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) break;
        t += clamp(d, AK_RT_SHADOW_STEP_MIN, AK_RT_SHADOW_STEP_MAX);
        if ((i & 3) == 3 && AK_RT_SHADOW_K * shadow_bound(p + t * l, l, t) >= res) break;
    }
    return clamp(res, 0.0, 1.0);
}

vec3 grid_tint(int obj, vec4 p, float t, vec3 albedo) {
    const vec3 tint[4] = vec3[4](vec3(0.45), vec3(0.45), vec3(0.45), vec3(0.30, 0.40, 0.95));
    float hw = max(AK_RT_GRID_HALF_WIDTH, AK_RT_GRID_FOOTPRINT * t);
    float amount = AK_RT_GRID_HALF_WIDTH / hw;
    for (int a = 0; a < 4; a++) {
        if (abs(scn.obj[obj].b[a]) > 0.5) continue;
        if (abs(scn.cam_ana[a]) > AK_RT_GRID_MIN_SPAN) continue;
        float q = p[a] / AK_RT_GRID_SPACING;
        float f = abs(q - floor(q + 0.5)) * AK_RT_GRID_SPACING;
        if (f < hw) albedo *= vec3(1.0) - amount * (vec3(1.0) - tint[a]);
    }
    return albedo;
}

vec3 shade(vec4 o, vec4 v) {
    float t;
    int obj;
    if (!trace(o, v, t, obj) || obj < 0) return scn.sky.rgb * (1.0 - 0.35 * max(v.y, 0.0));
    vec4 p = o + t * v;
    vec4 n = normal_at(p);
    vec3 albedo = scn.obj[obj].color.rgb;
    if (scn.counts.w != 0 && scn.obj[obj].info.x == AK_RT_PLANE) albedo = grid_tint(obj, p, t, albedo);
    vec3 lin = scn.ambient.rgb;
    vec4 ps = p + 4.0 * AK_RT_HIT_EPS * max(t, 1.0) * n;
    for (int li = 0; li < scn.counts.y; li++) {
        vec4 l = scn.light_dir[li];
        float ndl = max(dot(n, l), 0.0);
        if (ndl <= 0.0) continue;
        float sh = scn.counts.z != 0 ? soft_shadow(ps, l) : 1.0;
        lin += scn.light_col[li].rgb * ndl * sh;
    }
    return albedo * lin;
}

void main() {
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
    float W = scn.misc.z, H = scn.misc.w;
    if (px.x >= int(W) || px.y >= int(H)) return;
    float u = (2.0 * (float(px.x) + 0.5) / W - 1.0) * scn.misc.x * scn.misc.y;
    float vv = (1.0 - 2.0 * (float(px.y) + 0.5) / H) * scn.misc.x;
    vec4 dir = normalize(u * scn.cam_right + vv * scn.cam_up - scn.cam_back);
    vec3 c = shade(scn.cam_origin, dir);
    imageStore(out_img, px, vec4(pow(clamp(c, 0.0, 1.0), vec3(1.0 / AK_RT_GAMMA)), 1.0));
}
