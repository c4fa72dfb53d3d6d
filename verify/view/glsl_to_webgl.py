#!/usr/bin/env python3
"""Build-time adaptation of the Vulkan compute shaders (render/shaders) to WebGL2 fragment
shaders for `anakata view`, so that the page and the Vulkan renderer trace the same GLSL: the
SDFs (sdf.glsl), the scene SDF (scene.glsl), the constants and the tracer (trace.comp) are
copied word for word; only the interfaces change:

- the storage buffers become a uniform struct `scn` (the scene header's members, as declared)
  and two float textures: objects (one row per object, one texel per vec4 member of AkObj) and
  half-spaces (two texels per plane); `scn.obj[i]` and `pln.planes[i]` become function calls;
- trace.comp's compute entry point runs per fragment: gl_GlobalInvocationID is the pixel
  (top-down rows, as the compute shader's image) and imageStore writes the fragment colour;
- each object member is its own texel fetch (`scn.obj[i].a` -> `ak_obj_a(i)`), and the tracer
  indexes its per-ray arrays plainly (AK_RT_INDEX_ARRAYS): SwiftShader's costs (trace.comp);
- the line `const int AK_RT_TYPES = 63;` stays, for web/gl.js to set per scene (the shape types
  present; Vulkan's specialization constant).
- the page's ray lists read the objects of the pixel's tile (8x8, AK_TILE as web/gl.js defines
  it) from an integer texture that web/gl.js fills per frame (ak_tile_n, ak_tile_obj;
  trace.comp's AK_RT_INDEX_ARRAYS code);
- web/gl.js builds one program per class of tile, defining AK_PAGE_SKY, AK_PAGE_PRIM_PLANE or
  AK_PAGE_SHADOW_PLANE after the #version line (0 here when it does not): trace.comp's page-only
  blocks leave out the code that the rays of the class never reach.

Writes a C header with two NUL-terminated byte arrays: ak_webgl_trace_frag (the tracer) and
ak_webgl_probe_frag (the scene SDF at points read from a texture, bits packed in RGBA8).
Fails (exit 1) when the shaders no longer have the shape this adaptation expects, so that a
change there breaks the build instead of the page.

usage: glsl_to_webgl.py SHADER_DIR OUT.h
"""
import re
import sys

# The object layout that view_sim.c packs (pack_objects): keep in step with AkObj.
EXPECTED_OBJ = [("vec4", "pos"), ("vec4", "rt0"), ("vec4", "rt1"), ("vec4", "rt2"),
                ("vec4", "rt3"), ("vec4", "a"), ("vec4", "b"), ("vec4", "color"),
                ("ivec4", "info")]

HEADER = "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"


def fail(msg):
    sys.stderr.write("glsl_to_webgl: %s\n" % msg)
    sys.exit(1)


def read(d, name):
    with open("%s/%s" % (d, name), encoding="utf-8") as f:
        return f.read()


def members(block):
    """(type, name) for each declared member of a struct or buffer block body."""
    out = []
    for line in block.split("\n"):
        line = line.split("//")[0].strip()
        if not line:
            continue
        m = re.match(r"^(\w+)\s+(.+);$", line)
        if not m:
            fail("cannot read member line '%s'" % line)
        for nm in m.group(2).split(","):
            out.append((m.group(1), nm.strip()))
    return out


def obj_members(text):
    """`scn.obj[i].m` -> `ak_obj_m(i)`, outside comments; fails on a whole-object read."""
    code = [re.sub(r"//.*$", "", line) for line in text.split("\n")]
    out, n = [], 0
    for line, bare in zip(text.split("\n"), code):
        if re.search(r"scn\.obj\[[^\[\]]+\](?!\.\w)", bare):
            fail("an object read as a whole (scn.obj[i] without a member): '%s'" % line.strip())
        cut = len(bare)
        new, k = re.subn(r"scn\.obj\[([^\[\]]+)\]\.(\w+)", r"ak_obj_\2(\1)", line[:cut])
        out.append(new + line[cut:])
        n += k
    return "\n".join(out), n


def adapt_scene(scene):
    scene = re.sub(r"^#extension .*$", "", scene, flags=re.M)
    scene = re.sub(r'^#include ".*"$', "", scene, flags=re.M)
    m = re.search(r"struct AkObj \{(.*?)\};", scene, flags=re.S)
    if not m:
        fail("scene.glsl: struct AkObj not found")
    obj = members(m.group(1))
    if obj != EXPECTED_OBJ:
        fail("scene.glsl: AkObj is %s, view_sim.c packs %s: update both" % (obj, EXPECTED_OBJ))
    # One function per member, each one texel: `scn.obj[i].a` reads texel 5 of row i only. (A
    # function returning the whole AkObj made every member read fetch all nine texels under
    # SwiftShader, Chromium's CPU WebGL: the fetches were not removed as dead.)
    fetch = []
    for k, (ty, nm) in enumerate(obj):
        t = "texelFetch(ak_obj_tex, ivec2(%d, i), 0)" % k
        fetch.append("%s ak_obj_%s(int i) { return %s; }" % (ty, nm, t if ty == "vec4" else "%s(%s)" % (ty, t)))

    m = re.search(r"layout\(std430[^)]*\) readonly buffer AkScene \{(.*?)\} scn;", scene, flags=re.S)
    if not m:
        fail("scene.glsl: buffer AkScene not found")
    hdr = [(t, n) for (t, n) in members(m.group(1)) if not n.endswith("[]")]
    if not any(n.endswith("[]") for (_, n) in members(m.group(1))):
        fail("scene.glsl: AkScene has no object array")
    struct = "struct AkSceneHdr {\n" + "".join("    %s %s;\n" % (t, n) for (t, n) in hdr) + "};\n"
    iface = (struct + "uniform AkSceneHdr scn;\n"
             "uniform sampler2D ak_obj_tex;   // row i: object i, texel k: AkObj member k\n"
             "uniform sampler2D ak_plane_tex; // row f: plane f (normal, offset)\n"
             + "\n".join(fetch) + "\n"
             "vec4 ak_plane(int i) { return texelFetch(ak_plane_tex, ivec2(i % 2, i / 2), 0); }\n")
    scene = scene[:m.start()] + iface + scene[m.end():]

    m = re.search(r"layout\(std430[^)]*\) readonly buffer AkPlanes \{(.*?)\} pln;", scene, flags=re.S)
    if not m:
        fail("scene.glsl: buffer AkPlanes not found")
    scene = scene[:m.start()] + scene[m.end():]
    scene, k1 = obj_members(scene)
    scene, k2 = re.subn(r"pln\.planes\[([^\[\]]+)\]", r"ak_plane(\1)", scene)
    if k1 == 0 or k2 == 0:
        fail("scene.glsl: no scn.obj[] or pln.planes[] access to rewrite")
    return scene


def adapt_trace(trace):
    for pat in [r"^#version .*$", r"^#extension .*$", r'^#include ".*"$',
                r"^layout\(local_size_x[^;]*;$", r"^layout\([^)]*rgba8\) uniform writeonly image2D \w+;$"]:
        trace, k = re.subn(pat, "", trace, flags=re.M)
        if k != 1:
            fail("trace.comp: expected one line matching %s, found %d" % (pat, k))
    trace, _ = obj_members(trace)
    # names with the reserved gl_ prefix cannot be macros: rename the two compute interfaces
    trace, k1 = re.subn(r"\bgl_GlobalInvocationID\b", "ak_invocation_id", trace)
    trace, k2 = re.subn(r"\bimageStore\b", "ak_image_store", trace)
    if k1 == 0 or k2 == 0:
        fail("trace.comp: no gl_GlobalInvocationID or imageStore to adapt")
    # plain array indexing in the tracer's per-ray lists: SwiftShader's cost model, not
    # lavapipe's (trace.comp, AK_RT_INDEX_ARRAYS)
    glue = ("#define AK_RT_INDEX_ARRAYS 1\n"
            "out vec4 ak_frag;\n"
            "#define ak_invocation_id uvec3(uint(gl_FragCoord.x), uint(scn.misc.w - gl_FragCoord.y), 0u)\n"
            "#define ak_image_store(img, px, c) (ak_frag = (c))\n"
            # the objects per tile that its rays can meet (web/gl.js, tileLists): texel
            # 5 tx of row ty holds the counts (primary, shadow; -1: every object), texels
            # 5 tx + 1, 2 the primary ray's objects, 3, 4 the shadow rays', four per texel
            "uniform highp isampler2D ak_tile_tex;\n"
            "#ifndef AK_TILE\n#define AK_TILE 16\n#endif\n" # web/gl.js sets its own
            # the tile's class, set by web/gl.js per program (each class draws its own tiles):
            # AK_PAGE_SKY, its rays meet nothing; AK_PAGE_PRIM_PLANE, its primary rays meet the
            # first hyperplane alone and have a list; AK_PAGE_SHADOW_PLANE, its shadow rays too
            "#ifndef AK_PAGE_SKY\n#define AK_PAGE_SKY 0\n#endif\n"
            "#ifndef AK_PAGE_PRIM_PLANE\n#define AK_PAGE_PRIM_PLANE 0\n#endif\n"
            "#ifndef AK_PAGE_SHADOW_PLANE\n#define AK_PAGE_SHADOW_PLANE 0\n#endif\n"
            "int ak_tile_n(bool shadow) {\n"
            "    if (AK_PAGE_PRIM_PLANE != 0 && !shadow) return 0;\n"
            "    if (AK_PAGE_SHADOW_PLANE != 0 && shadow) return 0;\n"
            "    ivec2 t = ivec2(ak_invocation_id.xy) / AK_TILE;\n"
            "    ivec4 c = texelFetch(ak_tile_tex, ivec2(5 * t.x, t.y), 0);\n"
            "    return shadow ? c.y : c.x;\n"
            "}\n"
            "int ak_tile_obj(bool shadow, int k) {\n"
            "    ivec2 t = ivec2(ak_invocation_id.xy) / AK_TILE;\n"
            "    return texelFetch(ak_tile_tex, ivec2(5 * t.x + 1 + (shadow ? 2 : 0) + k / 4, t.y), 0)[k % 4];\n"
            "}\n")
    return glue + trace


PROBE_MAIN = """
uniform sampler2D ak_points; // one point per texel
out vec4 ak_frag;
void main() {
    vec4 x = texelFetch(ak_points, ivec2(gl_FragCoord.xy), 0);
    uint u = floatBitsToUint(ak_scene_dist(x));
    ak_frag = vec4(float(u & 255u), float((u >> 8) & 255u), float((u >> 16) & 255u),
                   float(u >> 24)) / 255.0;
}
"""


def c_array(name, text):
    data = text.encode("utf-8") + b"\0"
    lines = []
    for i in range(0, len(data), 20):
        lines.append("    " + ",".join("0x%02x" % c for c in data[i:i + 20]) + ",")
    return "static const char %s[%d] = {\n%s\n};\n" % (name, len(data), "\n".join(lines))


def main():
    if len(sys.argv) != 3:
        fail("usage: glsl_to_webgl.py SHADER_DIR OUT.h")
    d = sys.argv[1]
    consts = read(d, "ak_render_constants.h")
    sdf = read(d, "sdf.glsl")
    scene = adapt_scene(read(d, "scene.glsl"))
    trace = adapt_trace(read(d, "trace.comp"))
    common = HEADER + "// generated from render/shaders by verify/view/glsl_to_webgl.py\n" + consts + sdf + scene
    # web/gl.js compiles the tracer per set of shape types by replacing this line
    if (common + trace).count("\nconst int AK_RT_TYPES = 63;\n") != 1:
        fail("scene.glsl: expected one line 'const int AK_RT_TYPES = 63;' (web/gl.js sets it per scene)")
    out = ("// Generated by verify/view/glsl_to_webgl.py from render/shaders: do not edit.\n"
           "#ifndef AK_WEBGL_SHADERS_H\n#define AK_WEBGL_SHADERS_H\n"
           + c_array("ak_webgl_trace_frag", common + trace)
           + c_array("ak_webgl_probe_frag", common + PROBE_MAIN) + "#endif\n")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(out)


main()
