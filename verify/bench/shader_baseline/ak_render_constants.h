// Constants shared by the CPU reference tracer (C, included from render/tracer.c) and the
// Vulkan compute shaders (GLSL, #include with GL_GOOGLE_include_directive). Plain #defines
// only, valid in both languages. Changing one changes both renderers and the golden images.
#ifndef AK_RENDER_CONSTANTS_H
#define AK_RENDER_CONSTANTS_H

// Sphere tracing (T-Alg14, corrected).
#define AK_RT_MAX_STEPS 256       // iteration cap (the thesis uses 200 but never counts)
#define AK_RT_MAX_DIST 80.0       // distance cap along the ray
#define AK_RT_HIT_EPS 2.0e-4      // relative hit epsilon: hit when d < AK_RT_HIT_EPS * max(t, 1)
#define AK_RT_REFINE_STEPS 3      // Newton steps on sdf(o + t v) = 0 after a hit
#define AK_RT_REFINE_MIN_SLOPE 0.05 // skip refinement when |d sdf/dt| is below this (grazing)
// Bounding-ball culling in the scene SDF: an object is skipped when |x - centre| - bound *
// SLACK - SLACK_ABS is not below the best distance so far (slack covers float rounding).
#define AK_RT_BOUND_SLACK 1.000001
#define AK_RT_BOUND_SLACK_ABS 1.0e-6
// Normals (T-Alg15, corrected: divided by 2h and normalised).
#define AK_RT_NORMAL_H 1.0e-3
// Soft shadows (T-6.2.2, after Quilez): penumbra sharpness k, start offset, caps.
#define AK_RT_SHADOW_K 12.0
#define AK_RT_SHADOW_TMIN 2.0e-2
#define AK_RT_SHADOW_STEPS 96
#define AK_RT_SHADOW_STEP_MIN 1.0e-2
#define AK_RT_SHADOW_STEP_MAX 1.0
#define AK_RT_SHADOW_MAX_DIST 30.0
// Ground grid on hyperplanes: line spacing and half width (world units).
#define AK_RT_GRID_SPACING 1.0
#define AK_RT_GRID_HALF_WIDTH 0.02
#define AK_RT_GRID_FOOTPRINT 0.004   // line half width per unit distance (anti-aliasing)
#define AK_RT_GRID_MIN_SPAN 0.995    // skip an axis when |ana . e_axis| exceeds this
// Output encoding: linear colour to 8 bits with this gamma.
#define AK_RT_GAMMA 2.2

// Limits of the packed scene (storage buffers).
#define AK_RT_MAX_OBJECTS 1024 // the bundled pile scenes have 1005 and 1007 bodies
#define AK_RT_MAX_LIGHTS 4
#define AK_RT_MAX_PLANES 1024
#define AK_RT_WORKGROUP 8
#define AK_RT_UBO_OBJECTS 64   // scenes up to this many objects: the scene in a uniform buffer

// Shape codes: equal to ak_shape_type in ref/geom/shape.h.
#define AK_RT_SPHERE 0
#define AK_RT_CAPSULE 1
#define AK_RT_BOX 2
#define AK_RT_PLANE 3
#define AK_RT_CONVEX 4
#define AK_RT_DUOCYLINDER 5

#endif
