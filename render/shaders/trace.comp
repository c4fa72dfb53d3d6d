#version 450
// Vulkan compute sphere tracer: one invocation per pixel. The same algorithm as
// render/tracer.c (T-6.1cam, T-Alg14, T-Alg15, T-6.1, T-6.2.2, all corrected), in float.
#extension GL_GOOGLE_include_directive : require
#include "scene.glsl"

layout(local_size_x = AK_RT_WORKGROUP, local_size_y = AK_RT_WORKGROUP) in;
layout(set = 0, binding = 2, rgba8) uniform writeonly image2D out_img;
#ifndef AK_RT_INDEX_ARRAYS
// The order of the workgroup rows (main): workgroup row y traces the tile row
// (y * AK_RT_ROW_STRIDE) mod (the number of rows), a stride coprime to it (vk.c; 1: in order).
// A specialization constant of every Vulkan build (the storage-buffer one as well).
layout(constant_id = 6) const int AK_RT_ROW_STRIDE = 1;
#endif

// ---- per-ray object lists (tracer.c, fast_ray_objects) -------------------------------------
// The cost model is lavapipe's (llvmpipe): the lanes of a batch run every instruction under a
// mask, an `if` skips nothing, only a loop that no lane is in any more ends (after its body ran
// at least once: every copy of inlined code runs for every batch, so fewer copies pay; Mesa
// 22.3, docs/performance.md, issue 29, fifth round). So the march keeps
// the scene's first hyperplane inline (cheap), and loops only over the listed objects that can
// matter near the current t, which is none on most steps. Since issue 29 (item 4) the lists are
// tighter than the C tracer's (which keeps every object that can beat the plane, and so takes
// the same steps as its plain march, byte for byte): along o + t v for t in [0, T], a primary
// ray keeps an object only where the ray is inside its ball grown by the hit epsilon (and 2.5 h
// for normal_at), a shadow ray only where the ball comes within t/K of the ray. That is, the
// roots of the convex g(t) = |o + t v - c| - r - cone t - m (cone 0 or 1/K), widened and checked
// (g > m at an end before the minimiser means g > m beyond it), give [ta, tb], and the marches
// never step past the next entry's ta. Entries are sorted by ta. Other unbounded objects: always.
// More than AK_RT_LIST entries, no hyperplane, or an origin not above it: every object.
#if defined(AK_SCENE_UBO) || defined(AK_SCENE_TEXEL)
// The pipeline specialised to the scene (scene.glsl): a list never holds more than the objects
// other than the plane, so with fewer than nine objects the lists are that long (the same
// lists, the same pictures; each access below is a select per slot, in every pass of the marches)
const int AK_RT_LIST = AK_RT_NOBJ >= 2 && AK_RT_NOBJ <= 8 ? AK_RT_NOBJ - 1 : 8;
#else
#define AK_RT_LIST 8
#endif
#ifdef AK_RT_COUNT_STEPS
// Instrumented build (docs/performance.md, issue 29 item 4, fifth round): main() writes each
// pixel's step counts as its colour instead of the shaded colour (never defined in the build).
int ak_cnt_prim = 0, ak_cnt_list = 0, ak_cnt_shadow = 0;
#define AK_COUNT(c) c++
#else
#define AK_COUNT(c)
#endif
bool rl_ok;
int ak_first_plane = -2; // the scene's first hyperplane, -1: none, -2: not searched yet
float rl_grow; // how much the balls were grown (a primary ray's list; normal_at)
int rl_plane, rl_n;
vec4 rl_pn;
float rl_po, rl_T;
int rl_i[AK_RT_LIST];
float rl_a[AK_RT_LIST], rl_b[AK_RT_LIST];

// Every object's position and bounding radius (scn.obj[i].pos, .color.w), and the first
// hyperplane's normal and offset, read once per invocation (ak_oc_load, from main) in the
// pipelines specialised to a scene of at most eight objects; ak_pos and ak_bound then pick object
// i's by a compare and a select per object (as rl_get_* above: constant indices, registers).
// Why: on lavapipe each read of the scene's objects is a texel fetch, a call that loads a
// 16-byte texel per lane (about 45 instructions), and llvmpipe runs every copy of the code for
// every batch of 8 lanes: the two lists' first passes read every object's position and bound
// (once for the primary ray, again for the shadow ray), the lists' second passes, the marches'
// object loops and the normal read them again. The same values, the same pictures
// (docs/performance.md, issue 29 item 4, ninth round). Other builds (the storage buffer, the
// page's): the scene's own reads.
#ifdef AK_RT_INDEX_ARRAYS
vec4 ak_pos(int i) { return scn.obj[i].pos; }
float ak_bound(int i) { return scn.obj[i].color.w; }
#else
#if defined(AK_SCENE_UBO) || defined(AK_SCENE_TEXEL)
const int AK_OC_N = AK_RT_NOBJ >= 1 && AK_RT_NOBJ <= 8 ? AK_RT_NOBJ : 0;
#else
const int AK_OC_N = 0;
#endif
vec4 oc_pos[AK_OC_N > 0 ? AK_OC_N : 1];
float oc_bound[AK_OC_N > 0 ? AK_OC_N : 1];
vec4 oc_pn;
float oc_po;
void ak_oc_load() {
#ifdef AK_SCENE_TEXEL
    // vk.c's ball texels after the objects (ak_vk_scene.ball): the positions, four bounds per
    // texel (the first hyperplane's slot holds its offset: its bound is 1e30, pack_scene), the
    // first hyperplane's normal; the same floats as the objects' own texels
    const int B0 = AK_OBJ_TEXEL0 + 9 * AK_RT_MAX_OBJECTS;
    if (AK_OC_N > 0) {
        vec4 b0 = ak_hdr(B0 + 8), b1 = AK_OC_N > 4 ? ak_hdr(B0 + 9) : vec4(0.0);
        for (int i = 0; i < AK_OC_N; i++) {
            oc_pos[i] = i == AK_RT_PLANE0 ? vec4(0.0) : ak_hdr(B0 + i);
            oc_bound[i] = i == AK_RT_PLANE0 ? 1e30 : i < 4 ? b0[i & 3] : b1[i & 3];
        }
        if (AK_RT_PLANE0 >= 0) {
            oc_pn = ak_hdr(B0 + 10);
            oc_po = AK_RT_PLANE0 < 4 ? b0[AK_RT_PLANE0 & 3] : b1[AK_RT_PLANE0 & 3];
        }
    }
    return;
#endif
    for (int i = 0; i < AK_OC_N; i++) {
        // the first hyperplane: its position is never read (its bound, 1e30, keeps it in every
        // cull test, and its SDF and normal do not use it)
        oc_pos[i] = i == AK_RT_PLANE0 ? vec4(0.0) : scn.obj[i].pos;
        oc_bound[i] = scn.obj[i].color.w;
    }
    if (AK_OC_N > 0 && AK_RT_PLANE0 >= 0) {
        oc_pn = scn.obj[max(AK_RT_PLANE0, 0)].b;
        oc_po = scn.obj[max(AK_RT_PLANE0, 0)].a.x;
    }
}
vec4 ak_pos(int i) {
    if (AK_OC_N == 0) return scn.obj[i].pos;
    vec4 r = oc_pos[0];
    for (int j = 1; j < AK_OC_N; j++) r = j == i ? oc_pos[j] : r;
    return r;
}
float ak_bound(int i) {
    if (AK_OC_N == 0) return scn.obj[i].color.w;
    float r = oc_bound[0];
    for (int j = 1; j < AK_OC_N; j++) r = j == i ? oc_bound[j] : r;
    return r;
}
// Object i's a (scn.obj[i].a) in the marches' object loops: in a scene of hyperspheres,
// hyperboxes and one hyperplane (AK_RT_SIMPLE, scene.glsl) the object SDFs read a.x alone, a
// hypersphere's radius (its bound) or the plane's offset, both kept above: no fetch.
vec4 ak_a(int i) {
#if defined(AK_SCENE_UBO) || defined(AK_SCENE_TEXEL)
    if (AK_RT_SIMPLE != 0 && AK_OC_N > 0) return vec4(i == AK_RT_PLANE0 ? oc_po : ak_bound(i), 0.0, 0.0, 0.0);
#endif
    return scn.obj[i].a;
}
#endif

// These arrays are read and written at constant indices only (the helpers below pick entry k
// by a compare and a select per slot): then the compiler keeps them in registers. An index
// that differs between lanes made lavapipe keep them in memory and load and store them lane
// by lane (a gather or scatter of eight per access), in every step of the marches.
// AK_RT_INDEX_ARRAYS (defined by verify/view/glsl_to_webgl.py for the page's WebGL2 shader):
// plain indexing instead. SwiftShader (Chromium's CPU WebGL) keeps these arrays in memory either
// way and does not unroll the loops, so each select loop cost eight gathers where one does
// (measured: the page's frame rate 1.9 times as high with plain indexing). The same values.
#ifdef AK_RT_INDEX_ARRAYS
float rl_get_a(int k) { return rl_a[k]; }
float rl_get_b(int k) { return rl_b[k]; }
int rl_get_i(int k) { return rl_i[k]; }
#else
float rl_get_a(int k) {
    float r = 1e30;
    for (int j = 0; j < AK_RT_LIST; j++) r = j == k ? rl_a[j] : r;
    return r;
}
float rl_get_b(int k) {
    float r = -1e30;
    for (int j = 0; j < AK_RT_LIST; j++) r = j == k ? rl_b[j] : r;
    return r;
}
int rl_get_i(int k) {
    int r = 0;
    for (int j = 0; j < AK_RT_LIST; j++) r = j == k ? rl_i[j] : r;
    return r;
}
#endif

// cone: 0 for a primary ray, whose list keeps only the objects whose ball (grown by the hit
// epsilon) the ray passes through, with [ta, tb] its chord: outside the ball no step can reach
// the object, so the march steps over it, but it must not step past ta (trace() clamps its
// steps there) and no hit can come from it. 1/K for a shadow ray: only the objects whose ball
// comes within t/K of the ray (the cone where K d/t < 1 can lower the shadow), [ta, tb] where it
// does; outside, K d/t >= 1 >= res, so min(res, K d/t) is unchanged (soft_shadow clamps its steps
// at ta likewise). Dropping the others changes where the marches sample, not what they find (the
// images agree with the CPU tracer's within the golden tolerance; docs/performance.md, issue 29).
void ray_list(vec4 o, vec4 v, float tmax, float cone) {
    rl_ok = false;
    rl_n = 0;
    rl_T = 0.0;
    if (AK_RT_PLANE0 != -2) { // a specialization constant (scene.glsl)
        ak_first_plane = AK_RT_PLANE0;
    } else if (ak_first_plane == -2) { // searched once per invocation (the primary and shadow rays)
        ak_first_plane = -1;
        for (int i = 0; i < AK_SCN_NOBJ && ak_first_plane < 0; i++)
            if (scn.obj[i].info.x == AK_RT_PLANE) ak_first_plane = i;
    }
    rl_plane = ak_first_plane;
#ifdef AK_RT_INDEX_ARRAYS
    // No early return (the page): SwiftShader's code for a function with returns inside its
    // branches and loops was measured slower (the same lists: ok carries what each return did)
    bool ok = rl_plane >= 0;
    vec4 pn = scn.obj[max(rl_plane, 0)].b;
    float po = scn.obj[max(rl_plane, 0)].a.x;
    rl_pn = ok ? pn : rl_pn;
    rl_po = ok ? po : rl_po;
    float d0 = dot(o, rl_pn) - rl_po, nl = dot(v, rl_pn);
    ok = ok && d0 > 0.0 && !(abs(nl) > 0.999);
    int nobj = ok ? scn.counts.x : 0;
#else
    if (rl_plane < 0) return;
    rl_pn = AK_OC_N > 0 && AK_RT_PLANE0 >= 0 ? oc_pn : scn.obj[rl_plane].b;
    rl_po = AK_OC_N > 0 && AK_RT_PLANE0 >= 0 ? oc_po : scn.obj[rl_plane].a.x;
    float d0 = dot(o, rl_pn) - rl_po, nl = dot(v, rl_pn);
    if (!(d0 > 0.0) || abs(nl) > 0.999) return;
#endif
    float T = tmax;
    if (nl < 0.0) T = min(T, d0 / -nl + 1.0);
    // a primary ray: the hit epsilon, and 2.5 h so that normal_at finds its objects in the list
    float m = 1e-4 * (1.0 + T), grow = cone > 0.0 ? 0.0 : AK_RT_HIT_EPS * (1.0 + T) + 2.5 * AK_RT_NORMAL_H;
    rl_grow = grow;
    float cs = cone / sqrt(1.0 - cone * cone);
    // First the span of objects that pass the test at the minimiser (one square root less and
    // no insertion), then the full work over that span only: on lavapipe a loop runs until its
    // slowest lane is done (its body at least once), and most batches have no object near
    // their rays.
    int first = AK_SCN_NOBJ, last = -1;
#ifdef AK_RT_INDEX_ARRAYS
    // The page: the objects of the pixel's 16x16 tile that any of its rays can meet, in order
    // (web/gl.js, tileLists: a conservative test on the host; -1: every object), so the same
    // list; first and last are positions in the tile's list (k), i its object
    int tn = ak_tile_n(cone > 0.0);
    for (int k = 0; k < (tn < 0 ? nobj : ok ? tn : 0); k++) {
        int i = tn < 0 ? k : ak_tile_obj(cone > 0.0, k);
#else
    for (int i = 0; i < AK_SCN_NOBJ; i++) {
#endif
        if (i == rl_plane) continue;
        float bound = ak_bound(i);
        bool near = true;
        if (bound < 1e29) {
            float r = bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS + grow;
            vec4 w = o - ak_pos(i);
            float b = dot(w, v), h2 = max(dot(w, w) - b * b, 0.0), h = sqrt(h2);
            float ts = clamp(-b + cs * h, 0.0, T);
            near = sqrt((ts + b) * (ts + b) + h2) - r - cone * ts <= m;
        }
        if (near) {
#ifdef AK_RT_INDEX_ARRAYS
            first = min(first, k);
            last = k;
#else
            first = min(first, i);
            last = i;
#endif
        }
    }
    int n = 0;
#ifdef AK_RT_INDEX_ARRAYS
    for (int k = first; k <= last; k++) {
        int i = tn < 0 ? k : ak_tile_obj(cone > 0.0, k);
#else
    for (int i = first; i <= last; i++) {
#endif
        if (i == rl_plane) continue;
        float bound = ak_bound(i);
        float ta = 0.0, tb = T;
        if (bound < 1e29) {
            // g(t) = |o + t v - c| - r - cone t - m, convex: kept where g <= 0 (with margins)
            float r = bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS + grow;
            vec4 w = o - ak_pos(i);
            float b = dot(w, v), h2 = max(dot(w, w) - b * b, 0.0), h = sqrt(h2);
            float ts = clamp(-b + cs * h, 0.0, T); // g'(t) = 0
            float gs = sqrt((ts + b) * (ts + b) + h2) - r - cone * ts;
            if (gs > m) continue; // never near enough: dropped
            // roots of g = m: (1 - cone^2) u^2 - 2 A cone u + h2 - A^2 = 0, u = t + b
            float A = r + m - cone * b, disc = A * A - (1.0 - cone * cone) * h2;
            if (disc > 0.0) {
                float sd = sqrt(disc), wd = 1e-3 * (1.0 + T);
                float t1 = (A * cone - sd) / (1.0 - cone * cone) - b - wd;
                float t2 = (A * cone + sd) / (1.0 - cone * cone) - b + wd;
                if (t1 > 0.0 && t1 < ts && sqrt((t1 + b) * (t1 + b) + h2) - r - cone * t1 > m) ta = t1;
                if (t2 < T && t2 > ts && sqrt((t2 + b) * (t2 + b) + h2) - r - cone * t2 > m) tb = t2;
            }
        }
#ifdef AK_RT_INDEX_ARRAYS
        if (n == AK_RT_LIST) { // too many: every object
            ok = false;
            break;
        }
#else
        if (n == AK_RT_LIST) return; // too many: every object
#endif
        // insertion by ta, after the entries with an equal ta: at k, the number of entries
        // with rl_a <= ta (a prefix, the list being sorted); slots k+1..n take slots k..n-1
#ifdef AK_RT_INDEX_ARRAYS
        int j = n;
        for (; j > 0 && rl_a[j - 1] > ta; j--) {
            rl_i[j] = rl_i[j - 1];
            rl_a[j] = rl_a[j - 1];
            rl_b[j] = rl_b[j - 1];
        }
        rl_i[j] = i;
        rl_a[j] = ta;
        rl_b[j] = tb;
#else
        int k = 0;
        for (int j = 0; j < AK_RT_LIST; j++) k += j < n && rl_a[j] <= ta ? 1 : 0;
        for (int j = AK_RT_LIST - 1; j > 0; j--) {
            rl_i[j] = j > k ? rl_i[j - 1] : j == k ? i : rl_i[j];
            rl_a[j] = j > k ? rl_a[j - 1] : j == k ? ta : rl_a[j];
            rl_b[j] = j > k ? rl_b[j - 1] : j == k ? tb : rl_b[j];
        }
        rl_i[0] = k == 0 ? i : rl_i[0];
        rl_a[0] = k == 0 ? ta : rl_a[0];
        rl_b[0] = k == 0 ? tb : rl_b[0];
#endif
        n++;
    }
#ifdef AK_RT_INDEX_ARRAYS
    rl_n = ok ? n : 0;
    rl_T = ok ? T : 0.0;
    rl_ok = ok;
#else
    rl_n = n;
    rl_T = T;
    rl_ok = true;
#endif
}

// The scene SDF at o + t v. With the ray's list (all false; t in [0, T]): the plane, then the
// entries lo..hi-1, where hi passes the entries that have started (ta <= t) and lo those in
// front that have ended (tb < t); lo and hi only move forward, for a march whose t only grows
// (start both at 0 for any t). all (no list, or t outside [0, T]): every object, in the same
// loop (a second loop for that case would run at every step on lavapipe, under a mask).
float list_sdf(vec4 o, vec4 v, float t, bool all, inout int lo, inout int hi, out int which) {
    vec4 x = o + t * v;
    float best = all ? 1e30 : dot(x, rl_pn) - rl_po;
    which = all ? -1 : rl_plane;
    int n = all ? AK_SCN_NOBJ : rl_n;
    if (all) {
        lo = 0;
        hi = n;
    }
    while (!all && hi < n && rl_get_a(hi) <= t) hi++;
    while (!all && lo < hi && rl_get_b(lo) < t) lo++;
    for (int k = lo; k < hi; k++) {
        int i = all ? k : rl_get_i(k);
        if (!all && t > rl_get_b(k)) continue;
#ifdef AK_RT_INDEX_ARRAYS
        float d = ak_obj_culled(i, x, best);
#else
        float d = ak_obj_culled_at(i, x, best, ak_pos(i), ak_bound(i), ak_a(i));
#endif
        if (d < best || (d == best && i < which)) { // T-E.union (the first minimum)
            best = d;
            which = i;
        }
    }
    return best;
}

float list_dist(vec4 o, vec4 v, float t) {
    int lo = 0, hi = 0, w;
    return list_sdf(o, v, t, !rl_ok || t < 0.0 || t > rl_T, lo, hi, w);
}

// The march, the refinement (Newton on the SDF along the ray, central difference for the slope)
// and the scene SDF at the hit in ONE loop with one list_sdf: each pass evaluates the SDF at one
// point, the phase saying which (0: a march step; after a hit 1: t, 2: t + h, 3: t - h, then the
// Newton step; 4: the SDF at the hit; 5: done). The same evaluations in the same order as a
// march loop, three calls per Newton step and one after, less those at a t already evaluated
// with the same list (the march's hit is phase 1's first evaluation, a converged phase 1 or an
// unchanged t is phase 4's: the same values, two passes fewer per hit); but llvmpipe (Mesa 22.3) runs every
// copy of inlined code for every batch (an `if`, or a loop that no lane needs, runs once under
// an empty mask), so one copy instead of five is that much less code per batch
// (docs/performance.md, issue 29, fifth round).
bool trace(vec4 o, vec4 v, out float t_out, out int obj, out float d_out) {
    float t = 0.0;
    d_out = 1e30;
    bool hit = false, all = !rl_ok, plane_hit = false;
    int which = -1, lo = 0, hi = 0, i = 0, ph = 0, k = 0;
    float h = AK_RT_NORMAL_H, dr = 0.0, drp = 0.0;
    while (ph < 5) {
        // Plane-only steps while no entry of the list is active (lo == hi) and the next has not
        // started: there the scene SDF is the plane's distance. A loop of its own, cheap, that
        // the lanes leave when an entry starts (lavapipe runs the object code below only then).
        // (the next entry's start read once: an array read at a lane-varying index is a gather)
        float next = ph != 0 || all || lo != hi ? -1.0 : hi < rl_n ? rl_get_a(hi) : 1e30;
#ifndef AK_RT_INDEX_ARRAYS
        // The plane-only steps in closed form where they end on the plane: with d the plane's
        // distance at t and nl = v . n < 0, each step multiplies d by q = 1 + nl (t + d, the
        // distance linear in t), so step j is at t_j = ts - d q^j / -nl, ts = t + d / -nl the
        // root; the first hit is the smallest j with d q^j < eps max(t_j, 1), that is
        // d q^j < f = eps max(ts / (1 + eps / -nl), 1). Taken when ts comes before the next
        // entry's start, rl_T and AK_RT_MAX_DIST (no step is then clamped or stops the march);
        // the step count and the cap (AK_RT_MAX_STEPS: out of steps, no hit) as the loop's. The
        // same hits and the same t up to float rounding (the hit is refined in closed form
        // below; j can differ by one step where rounding decides, only at the cap's edge near the
        // horizon). On lavapipe the loop ran for every batch as long as its slowest lane, up to
        // the cap on ground seen at a low angle; this is straight-line code (docs/performance.md,
        // issue 29 item 4, seventh round). The loop below stays for the other cases.
        {
            float d = dot(o + t * v, rl_pn) - rl_po, nl = dot(v, rl_pn);
            float ts = t + d / -nl;
            if (i < AK_RT_MAX_STEPS && t < next && nl < 0.0 && d > 0.0 && ts < next && ts <= rl_T &&
                ts <= AK_RT_MAX_DIST) {
                float q = 1.0 + nl, f = AK_RT_HIT_EPS * max(ts / (1.0 + AK_RT_HIT_EPS / -nl), 1.0);
                int j = d < f ? 0 : q <= 0.0 ? 1 : max(int(ceil(log(f / d) / log(q))), 1);
                if (i + j + 1 > AK_RT_MAX_STEPS) { // out of steps before the hit
                    i = AK_RT_MAX_STEPS;
                } else {
                    i += j + 1;
                    t = ts - d * (j == 0 ? 1.0 : pow(max(q, 0.0), float(j))) / -nl;
                    hit = plane_hit = true;
                    which = rl_plane;
                }
                ph = 5;
                next = -1.0; // the loop below: not for this lane
            }
        }
#endif
        while (i < AK_RT_MAX_STEPS && t < next && t <= rl_T) {
            float d = dot(o + t * v, rl_pn) - rl_po;
            i++;
            AK_COUNT(ak_cnt_prim);
            if (d < AK_RT_HIT_EPS * max(t, 1.0)) {
                hit = plane_hit = true;
                which = rl_plane;
                ph = 5;
                break;
            }
            t = min(t + d, next); // not past the next entry's start (ray_list)
            if (t > AK_RT_MAX_DIST) {
                ph = 5;
                break;
            }
        }
        if (ph == 0 && i >= AK_RT_MAX_STEPS) ph = 5;
        if (ph == 5) break;
#ifdef AK_RT_INDEX_ARRAYS
#if AK_PAGE_PRIM_PLANE
        // the page's tiles whose primary rays meet the hyperplane alone, with a list (web/gl.js,
        // tileLists: rl_ok, rl_n = 0, t_hit < rl_T): the steps above end with ph = 5 (hit, past
        // AK_RT_MAX_DIST or out of steps), so the object code below is never reached: left out
        break;
#endif
#endif
#ifndef AK_RT_INDEX_ARRAYS
        // The list steps and the refinement in a loop of their own, so that the plane-only
        // part above (the closed form: logarithms, a power, a division; the plane loop) runs
        // once per plane-only stretch of a ray, not again in every pass of these: lavapipe runs
        // that code for every batch in every pass of the loop it is in (docs/performance.md,
        // issue 29 item 4, ninth round)
        do {
#endif
        bool march = ph == 0;
        all = all || (march && t > rl_T);
        float te = ph == 2 ? t + h : ph == 3 ? t - h : t;
        int l0 = march ? lo : 0, h0 = march ? hi : 0, w;
        float e = list_sdf(o, v, te, march ? all : !rl_ok || te < 0.0 || te > rl_T, l0, h0, w);
        if (march) {
            lo = l0;
            hi = h0;
            which = w;
            i++;
            AK_COUNT(ak_cnt_prim);
            AK_COUNT(ak_cnt_list);
            if (e < AK_RT_HIT_EPS * max(t, 1.0)) {
                hit = true;
                // this pass was phase 1's evaluation already: the same t, objects and order
                dr = e;
                ph = abs(dr) < 0.01 * AK_RT_HIT_EPS * max(t, 1.0) ? 5 : 2;
                d_out = e;
            } else {
                t = min(t + e, all || hi >= rl_n ? 1e30 : rl_get_a(hi));
                if (t > AK_RT_MAX_DIST) ph = 5;
            }
        } else if (ph == 4) {
            d_out = e; // the scene SDF at the hit
            which = w;
            ph = 5;
        } else if (ph == 1) {
            dr = e;
            // converged to float rounding (1/100 of the hit epsilon): further steps move t by
            // noise (the C tracer, in double, takes them; the images agree within tolerance).
            // Then this evaluation at t is phase 4's (the SDF at the hit: the same t, list and
            // objects), so phase 4 is not run again: one pass less of this loop.
            ph = abs(dr) < 0.01 * AK_RT_HIT_EPS * max(t, 1.0) ? 5 : 2;
            d_out = e;
            which = w;
        } else if (ph == 2) {
            drp = e;
            ph = 3;
        } else {
            float slope = (drp - e) / (2.0 * h);
            float tn = t - dr / slope;
            if (slope > -AK_RT_REFINE_MIN_SLOPE || tn < 0.0) {
                ph = 5; // t unchanged: d_out and which are phase 1's (or the march's) at t
            } else {
                t = tn;
                k++;
                ph = k < AK_RT_REFINE_STEPS ? 1 : 4;
            }
        }
#ifndef AK_RT_INDEX_ARRAYS
        // (the do loop above: while the lane has list steps or refinement passes to take, not
        // plane-only steps; the same evaluations in the same order as one pass of the outer loop
        // each, whose plane-only part would do nothing for it)
        } while (ph < 5 && !(ph == 0 && !all && lo == hi) && !(ph == 0 && i >= AK_RT_MAX_STEPS));
#endif
    }
    // A hit in the plane-only steps: the scene SDF near t is the plane's, linear in t, so
    // Newton's step is exact at once (the C tracer takes it with the central difference and
    // stops at the next); then neither the refinement nor the SDF at the hit has to scan the
    // list.
    if (plane_hit) {
        float nl = dot(v, rl_pn);
        float tn = t - (dot(o + t * v, rl_pn) - rl_po) / nl;
        if (nl < -AK_RT_REFINE_MIN_SLOPE && tn >= 0.0) t = tn;
        d_out = dot(o + t * v, rl_pn) - rl_po;
    }
    t_out = t;
    obj = hit ? which : -1;
    return hit;
}

// The normal by central differences (T-Alg15) over the objects that can be the nearest within
// h of p: those whose ball comes within |d(p)| + 2h (+ margin) of p, the SDF being 1-Lipschitz.
// The primary ray's hyperplane (rl_plane, when the ray had a list) inline, the same operations
// as ak_sd_hyperplane, outside the object loop: on ground pixels with no object within reach
// that loop then runs for no lane of a batch, and lavapipe runs its body once only (the same minimum, the
// same bytes: min does not depend on the order).
// The objects within reach of p are in the primary ray's list when reach <= rl_grow (the ray
// passes within rl_grow of their balls at p; listed: true when p = o + t v with t in [0, rl_T]):
// then only the list is scanned, which on bare ground is empty (a loop no lane enters).
#ifdef AK_RT_INDEX_ARRAYS // the page's normal (the Vulkan tracer's: normal_obj below)
vec4 normal_at(vec4 p, float dp0, bool listed) { // dp0: the scene SDF at p
#ifdef AK_RT_INDEX_ARRAYS
#if AK_PAGE_PRIM_PLANE
    {   // the page's plane tiles (trace above): a hit on the plane, reach <= rl_grow, an empty
        // list: n = 0 below, so g = rl_pn, normalised as at the end
        vec4 g = rl_pn;
        float l = length(g);
        return l > 0.0 ? g / l : g;
    }
#endif
#endif
    float h = AK_RT_NORMAL_H;
    float reach = abs(dp0) + 2.0 * h + 1e-4;
    int plane = rl_ok ? rl_plane : -1;
    int idx[AK_RT_LIST] = int[AK_RT_LIST](0, 0, 0, 0, 0, 0, 0, 0);
    int n = 0;
    bool use_list = listed && rl_ok && reach <= rl_grow;
    for (int k = 0; k < (use_list ? rl_n : AK_SCN_NOBJ); k++) {
        int i = use_list ? rl_get_i(k) : k;
        if (i == plane) continue;
        float r = scn.obj[i].color.w * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS;
        if (scn.obj[i].color.w < 1e29 && length(p - scn.obj[i].pos) - r > reach) continue;
        // a convex object whose gauge bound (scene.glsl) at p exceeds reach: the bound is
        // (omin / R <= 1)-Lipschitz, so it exceeds the scene SDF within h of p as well
        if (AK_RT_HAS(AK_RT_CONVEX) && scn.obj[i].info.x == AK_RT_CONVEX && ak_convex_far(i, p - scn.obj[i].pos, reach)) continue;
#ifdef AK_RT_INDEX_ARRAYS
        // The page: an object whose SDF at p exceeds reach (with a float margin) is not the
        // nearest anywhere within h of p either (its SDF is 1-Lipschitz, and the scene SDF there
        // is at most |dp0| + h), so the minima below are the same without it. Its ball alone
        // keeps the neighbours of a stack (balls that overlap) and the ground about an object's
        // foot, which then take the difference loop where the exact gradient (one face, or the
        // plane) is the same up to rounding: measured, no pixel of stack_4d changes.
        if (ak_obj_sdf(i, p) > reach + 1e-4) continue;
#endif
#ifdef AK_RT_INDEX_ARRAYS
        if (n < AK_RT_LIST) idx[n] = i;
#else
        for (int j = 0; j < AK_RT_LIST; j++) idx[j] = j == n ? i : idx[j]; // constant indices (above)
#endif
        n++;
    }
    bool all = n > AK_RT_LIST; // too many: every object
    // Where the scene SDF within h of p is one linear or spherical function, the central
    // difference is its gradient (up to rounding: 1e-4 in float for h = 1e-3; O(h^2) for the
    // sphere), so take the gradient itself and skip the difference loop (it then runs for no
    // lane of an all-analytic batch: lavapipe runs its body once, under an empty mask): the hyperplane alone (no
    // object within reach); one hypersphere, the plane out of reach; one hyperbox on a face
    // region, the other components of |q| - b more than 2h (+ margin) below the largest, the
    // plane out of reach (there the box SDF is |q_a| - b_a, gradient sign(q_a) rt_a).
    bool exact = false;
    vec4 g = vec4(0.0);
    float dpl = plane >= 0 ? dot(p, rl_pn) - rl_po : 1e30;
    if (n == 0 && plane >= 0) {
        g = rl_pn;
        exact = true;
    } else if (n == 1 && dpl > reach) {
        int i = idx[0], type = scn.obj[i].info.x;
        vec4 e = p - scn.obj[i].pos;
        if (AK_RT_HAS(AK_RT_SPHERE) && type == AK_RT_SPHERE) {
            g = e;
            exact = true;
        }
        if (AK_RT_HAS(AK_RT_BOX) && type == AK_RT_BOX) {
#ifdef AK_RT_INDEX_ARRAYS
            // each column fetched once (the page reads the objects from a texture: a fetch each)
            vec4 c0 = scn.obj[i].rt0, c1 = scn.obj[i].rt1, c2 = scn.obj[i].rt2, c3 = scn.obj[i].rt3;
            vec4 q = vec4(dot(c0, e), dot(c1, e), dot(c2, e), dot(c3, e));
#else
            vec4 q = vec4(dot(scn.obj[i].rt0, e), dot(scn.obj[i].rt1, e), dot(scn.obj[i].rt2, e),
                          dot(scn.obj[i].rt3, e));
#endif
            vec4 qq = abs(q) - scn.obj[i].b;
            int a = 0;
            for (int j = 1; j < 4; j++)
                if (qq[j] > qq[a]) a = j;
            float second = -1e30;
            for (int j = 0; j < 4; j++)
                if (j != a) second = max(second, qq[j]);
            if (second < qq[a] - 2.0 * h * 1.01 - 1e-5) {
#ifdef AK_RT_INDEX_ARRAYS
                vec4 r = a == 0 ? c0 : a == 1 ? c1 : a == 2 ? c2 : c3;
#else
                vec4 r = a == 0 ? scn.obj[i].rt0 : a == 1 ? scn.obj[i].rt1 : a == 2 ? scn.obj[i].rt2 : scn.obj[i].rt3;
#endif
                g = q[a] < 0.0 ? -r : r;
                exact = true;
            }
        }
    }
    int cnt = exact ? 0 : all ? AK_SCN_NOBJ : n;
    // the eight evaluations p + e, p - e per axis in one loop with one copy of the object SDF
    // (llvmpipe runs every copy for every batch; above): the same minima, the same differences
    float dp = 1e30;
    for (int s = 0; s < (exact ? 0 : 8); s++) {
        int a = s >> 1;
        vec4 e = vec4(0.0);
        e[a] = (s & 1) == 0 ? h : -h;
        vec4 q = p + e;
        float d = plane >= 0 ? dot(q, rl_pn) - rl_po : 1e30;
        for (int k = 0; k < cnt; k++) {
#ifdef AK_RT_INDEX_ARRAYS
            int i = all ? k : idx[k];
#else
            int i = k;
            for (int j = 0; j < AK_RT_LIST; j++) i = !all && j == k ? idx[j] : i;
#endif
            d = min(d, ak_obj_sdf(i, q));
        }
        if ((s & 1) == 0)
            dp = d;
        else
            g[a] = (dp - d) / (2.0 * h);
    }
    float l = length(g);
    return l > 0.0 ? g / l : g;
}
#endif

#ifndef AK_RT_INDEX_ARRAYS
// The normal at a hit p on object obj (the nearest object there, trace's `which`): the
// gradient of that object's SDF alone, in closed form for the hyperplane (its normal), the
// hypersphere (p - c) and the hyperbox (outside: the rotation of max(|q| - b, 0) sign(q); inside:
// the nearest face's axis); central differences of its own SDF (T-Alg15, h, eight evaluations)
// for the other shapes. The CPU tracer takes central differences of the scene SDF over every
// object near p (normal_at above, the page's): the same vector up to O(h^2) except within about
// h of an edge of the box or of a second object (a contact's crease), a fraction of a pixel at
// these sizes (the images within the golden tolerance of the CPU tracer's; docs/performance.md,
// issue 29 item 4, seventh round). On lavapipe this is straight-line code with one object's
// loads, where normal_at's list scan and difference loop took about a tenth of the frame.
vec4 normal_obj(int obj, vec4 p) {
    int type = ak_obj_type(obj);
    vec4 e = p - ak_pos(obj), ob = scn.obj[obj].b;
    vec4 g = e; // the hypersphere
    if (type == AK_RT_PLANE) g = ob;
    if (AK_RT_HAS(AK_RT_BOX) && type == AK_RT_BOX) {
        vec4 c0 = scn.obj[obj].rt0, c1 = scn.obj[obj].rt1, c2 = scn.obj[obj].rt2, c3 = scn.obj[obj].rt3;
        vec4 q = vec4(dot(c0, e), dot(c1, e), dot(c2, e), dot(c3, e));
        vec4 qq = abs(q) - ob;
        float m = max(max(qq.x, qq.y), max(qq.z, qq.w));
        // outside: max(qq, 0) with q's signs; inside: the largest component's axis alone (the
        // first of equal ones)
        vec4 w = qq.x == m   ? vec4(1.0, 0.0, 0.0, 0.0)
                 : qq.y == m ? vec4(0.0, 1.0, 0.0, 0.0)
                 : qq.z == m ? vec4(0.0, 0.0, 1.0, 0.0)
                             : vec4(0.0, 0.0, 0.0, 1.0);
        w = (m > 0.0 ? max(qq, vec4(0.0)) : w) * sign(q);
        g = w.x * c0 + w.y * c1 + w.z * c2 + w.w * c3;
    }
    if ((AK_RT_HAS(AK_RT_CAPSULE) && type == AK_RT_CAPSULE) ||
        (AK_RT_HAS(AK_RT_DUOCYLINDER) && type == AK_RT_DUOCYLINDER) ||
        (AK_RT_HAS(AK_RT_CONVEX) && type == AK_RT_CONVEX)) {
        float h = AK_RT_NORMAL_H, dp = 0.0;
        for (int s = 0; s < 8; s++) {
            int a = s >> 1;
            vec4 d = vec4(0.0);
            d[a] = (s & 1) == 0 ? h : -h;
            float f = ak_obj_sdf(obj, p + d);
            if ((s & 1) == 0)
                dp = f;
            else
                g[a] = (dp - f) / (2.0 * h);
        }
    }
    float l = length(g);
    return l > 0.0 ? g / l : g;
}
#endif

// Early out of the shadow march (tracer.c, fast_shadow_bound): a lower bound of d(t')/t' for
// every later evaluation t' <= H (the march's horizon), over the shadow ray's list: the plane
// min(d/t, d(H)/H) with d >= 0; balls moving away min(s/t, 1) with s = (p - c).l - r >= 0,
// balls ahead (h - r)/H with h the distance from the centre to the line; entries that have
// ended skipped; -1 when some object gives none (or there is no list). When K times it reaches
// res, no later step lowers res. (The page's march only: the Vulkan one is faster without it.)
#define SHADOW_HORIZON (AK_RT_SHADOW_MAX_DIST + AK_RT_SHADOW_STEP_MAX)
float shadow_bound(vec4 p, vec4 l, float t, int lo) {
    const float H = SHADOW_HORIZON;
    if (!rl_ok) return -1.0;
    float d0 = dot(p, rl_pn) - rl_po;
    if (!(d0 >= 0.0)) return -1.0;
    float B = min(1.0, min(d0 / t, (d0 + dot(rl_pn, l) * max(H - t, 0.0)) / H));
    for (int k = lo; k < rl_n; k++) {
        if (t > rl_get_b(k)) continue;
        int i = rl_get_i(k);
        float bound = ak_bound(i);
        if (!(bound < 1e29)) return -1.0;
        vec4 e = p - scn.obj[i].pos;
        float r = bound * AK_RT_BOUND_SLACK + AK_RT_BOUND_SLACK_ABS;
        float el = dot(e, l), sd = el - r;
        float b = sd >= 0.0 ? min(sd / t, 1.0) : (sqrt(max(dot(e, e) - el * el, 0.0)) - r) / H;
        if (!(b > 0.0) && sd < 0.0) return -1.0;
        B = min(B, b);
    }
    return B - 1e-4; // float rounding margin
}

float soft_shadow(vec4 p, vec4 l) {
    ray_list(p, l, SHADOW_HORIZON, 1.0 / AK_RT_SHADOW_K);
    if (rl_T < SHADOW_HORIZON) rl_ok = false; // the list must hold for the whole march
    float res = 1.0, t = AK_RT_SHADOW_TMIN;
    int lo = 0, hi = 0, w, i = 0;
    bool done = false;
    float nl = dot(rl_pn, l);
    while (!done && i < AK_RT_SHADOW_STEPS) {
        // plane-only steps, as in trace(); with no entry left to start, the bound is the plane's
        float next = !rl_ok || lo != hi ? -1.0 : hi < rl_n ? rl_get_a(hi) : 1e30;
        while (i < AK_RT_SHADOW_STEPS && t < next) {
            float d = dot(p + t * l, rl_pn) - rl_po;
            i++;
            AK_COUNT(ak_cnt_shadow);
            res = min(res, AK_RT_SHADOW_K * d / t);
            if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) {
                done = true;
                break;
            }
            t = min(t + clamp(d, AK_RT_SHADOW_STEP_MIN, AK_RT_SHADOW_STEP_MAX), next);
            float dn = dot(p + t * l, rl_pn) - rl_po;
            float B = min(1.0, min(dn / t, (dn + nl * max(SHADOW_HORIZON - t, 0.0)) / SHADOW_HORIZON));
            if (hi >= rl_n && dn >= 0.0 && AK_RT_SHADOW_K * (B - 1e-4) >= res) {
                done = true;
                break;
            }
        }
#ifdef AK_RT_INDEX_ARRAYS
        // a loop of at most one pass, as in trace() (the page)
        // (never for the page's tiles whose shadow rays meet the plane alone, AK_PAGE_SHADOW_PLANE:
        // with a list and no entry the steps above end only with done or out of steps)
        bool go = AK_PAGE_SHADOW_PLANE == 0 && !(done || i >= AK_RT_SHADOW_STEPS);
        for (int once = go ? 0 : 1; once < 1; once++) {
            float d = list_sdf(p, l, t, !rl_ok, lo, hi, w);
            i++;
            res = min(res, AK_RT_SHADOW_K * d / t);
            if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) {
                done = true;
                break;
            }
            t = min(t + clamp(d, AK_RT_SHADOW_STEP_MIN, AK_RT_SHADOW_STEP_MAX),
                    !rl_ok || hi >= rl_n ? 1e30 : rl_get_a(hi));
            done = AK_RT_SHADOW_K * shadow_bound(p + t * l, l, t, lo) >= res;
        }
        if (!go) break;
#else
        if (done || i >= AK_RT_SHADOW_STEPS) break;
        float d = list_sdf(p, l, t, !rl_ok, lo, hi, w);
        i++;
        AK_COUNT(ak_cnt_shadow);
        res = min(res, AK_RT_SHADOW_K * d / t);
        if (res < 1e-3 || t > AK_RT_SHADOW_MAX_DIST) break;
        t = min(t + clamp(d, AK_RT_SHADOW_STEP_MIN, AK_RT_SHADOW_STEP_MAX),
                !rl_ok || hi >= rl_n ? 1e30 : rl_get_a(hi));
        // No early out here (the page's code and the C tracer take shadow_bound after each
        // object step): it stops only where no later step can lower res, so the result is the
        // same without it (the images byte for byte), and on lavapipe its loop over the list
        // in every pass cost more than the passes it saved (docs/performance.md, issue 29,
        // sixth round). The plane-only steps above keep their own, cheap one.
#endif
    }
    return clamp(res, 0.0, 1.0);
}

vec3 grid_tint(int obj, vec4 p, float t, vec3 albedo) {
    const vec3 tint[4] = vec3[4](vec3(0.45), vec3(0.45), vec3(0.45), vec3(0.30, 0.40, 0.95));
    float hw = max(AK_RT_GRID_HALF_WIDTH, AK_RT_GRID_FOOTPRINT * t);
    float amount = AK_RT_GRID_HALF_WIDTH / hw;
    // each read once (on lavapipe a read is a fetch or a gather per lane, not shared by the loop)
#ifdef AK_RT_INDEX_ARRAYS
    vec4 nb = scn.obj[obj].b, ana = scn.cam_ana;
#else
    // a scene with one hyperplane (AK_RT_SIMPLE): obj is that plane, its normal kept (oc_pn)
    vec4 nb = AK_RT_SIMPLE != 0 && AK_OC_N > 0 ? oc_pn : scn.obj[obj].b, ana = scn.cam_ana;
#endif
    for (int a = 0; a < 4; a++) {
        if (abs(nb[a]) > 0.5) continue;
        if (abs(ana[a]) > AK_RT_GRID_MIN_SPAN) continue;
        float q = p[a] / AK_RT_GRID_SPACING;
        float f = abs(q - floor(q + 0.5)) * AK_RT_GRID_SPACING;
        if (f < hw) albedo *= vec3(1.0) - amount * (vec3(1.0) - tint[a]);
    }
    return albedo;
}

vec3 shade(vec4 o, vec4 v) {
#ifdef AK_RT_INDEX_ARRAYS
#if AK_PAGE_SKY
    // the page's tiles whose rays meet nothing (web/gl.js, tileLists): the sky, as below
    return scn.sky.rgb * (1.0 - 0.35 * max(v.y, 0.0));
#endif
#endif
    float t;
    int obj;
    ray_list(o, v, AK_RT_MAX_DIST + 1.0, 0.0);
    float dh;
    if (!trace(o, v, t, obj, dh) || obj < 0) return scn.sky.rgb * (1.0 - 0.35 * max(v.y, 0.0));
    vec4 p = o + t * v;
#ifdef AK_RT_INDEX_ARRAYS
    vec4 n = normal_at(p, dh, t >= 0.0 && t <= rl_T);
#else
    vec4 n = normal_obj(obj, p);
#endif
    vec3 albedo = scn.obj[obj].color.rgb;
    if (AK_SCN_GRID != 0 && ak_obj_type(obj) == AK_RT_PLANE) albedo = grid_tint(obj, p, t, albedo);
    vec3 lin = scn.ambient.rgb;
    vec4 ps = p + 4.0 * AK_RT_HIT_EPS * max(t, 1.0) * n;
    for (int li = 0; li < AK_SCN_NLIGHT; li++) {
        vec4 l = scn.light_dir[li];
        float ndl = max(dot(n, l), 0.0);
        if (ndl <= 0.0) continue;
        float sh = AK_SCN_SHADOWS != 0 ? soft_shadow(ps, l) : 1.0;
        lin += scn.light_col[li].rgb * ndl * sh;
    }
    return albedo * lin;
}

void main() {
#ifdef AK_RT_INDEX_ARRAYS
    ivec2 px = ivec2(gl_GlobalInvocationID.xy);
#else
    // lavapipe runs a workgroup's invocations in batches of consecutive x (one row of the 8x8
    // tile per batch of 8 lanes): give each batch a 4x2 block of pixels instead, whose rays
    // stay closer together (fewer batches straddle a silhouette or a shadow's edge)
    // llvmpipe (Mesa 22.3, lp_cs_tpool.c) hands each of its threads one contiguous range of
    // the dispatch's workgroups (x fastest: whole rows), so in order the first thread would
    // take the top of the image (sky) and the second the bottom (ground, objects, shadows),
    // and the frame would last as long as the slower half. Workgroup row y traces tile row
    // (y * AK_RT_ROW_STRIDE) mod rows instead, a stride near 0.618 rows and coprime to them
    // (vk.c): every contiguous range of workgroup rows is then spread over the whole image.
    uvec2 lid = gl_LocalInvocationID.xy;
    uvec2 wg = uvec2(gl_WorkGroupID.x, (gl_WorkGroupID.y * uint(AK_RT_ROW_STRIDE)) % gl_NumWorkGroups.y);
    ivec2 px = ivec2(wg * uint(AK_RT_WORKGROUP) +
                     uvec2((lid.y & 1u) * 4u + (lid.x & 3u), (lid.y >> 1u) * 2u + (lid.x >> 2u)));
#endif
    vec4 misc = scn.misc; // read once (on lavapipe each read is a gather or a fetch per lane)
    float W = misc.z, H = misc.w;
    if (px.x >= int(W) || px.y >= int(H)) return;
    float u = (2.0 * (float(px.x) + 0.5) / W - 1.0) * misc.x * misc.y;
    float vv = (1.0 - 2.0 * (float(px.y) + 0.5) / H) * misc.x;
    vec4 dir = normalize(u * scn.cam_right + vv * scn.cam_up - scn.cam_back);
#ifndef AK_RT_INDEX_ARRAYS
    ak_oc_load();
#endif
    vec3 c = shade(scn.cam_origin, dir);
#ifdef AK_RT_COUNT_STEPS
    imageStore(out_img, px, vec4(min(ak_cnt_prim, 255), min(ak_cnt_list, 255), min(ak_cnt_shadow, 255), 255) / 255.0);
    return;
#endif
    imageStore(out_img, px, vec4(pow(clamp(c, 0.0, 1.0), vec3(1.0 / AK_RT_GAMMA)), 1.0));
}
