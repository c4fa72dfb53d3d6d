// GLSL twins of ref/sdf/sdf.c (T-E.*, corrected), single precision. Keep in sync: the check
// render.glsl_sdf_vs_c evaluates both on the same points (ak_render_vk_sdf_probe).
float ak_sd_hypersphere(vec4 p, float r) { return length(p) - r; }

float ak_sd_hypercapsule(vec4 p, float r, float h) {
    p.y -= clamp(p.y, -h, h);
    return length(p) - r;
}

float ak_sd_hyperbox(vec4 p, vec4 b) {
    vec4 q = abs(p) - b;
    return length(max(q, vec4(0.0))) + min(max(max(q.x, q.y), max(q.z, q.w)), 0.0);
}

// n unit, solid n . x <= o
float ak_sd_hyperplane(vec4 p, vec4 n, float o) { return dot(p, n) - o; }

float ak_sd_duocylinder(vec4 p, float rxy, float rzw) {
    vec2 d = vec2(length(p.xy) - rxy, length(p.zw) - rzw);
    return length(max(d, vec2(0.0))) + min(max(d.x, d.y), 0.0);
}
