#version 450
// Evaluates the GLSL scene SDF at given points, for the check against ref/sdf (C, double).
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 2) readonly buffer Points { vec4 pts[]; } inp;
layout(std430, set = 0, binding = 3) writeonly buffer Dists { float d[]; } outp;
layout(push_constant) uniform Push { int npoints; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(pc.npoints)) return;
    outp.d[i] = ak_scene_dist(inp.pts[i]);
}
