#!/usr/bin/env python3
"""Build step of the Vulkan tracer's texel-buffer variant (render/meson.build, trace_texel):
copies trace.comp and scene.glsl to OUT_DIR with every object member read `scn.obj[i].m` made
the call `ak_obj_m(i)`, which scene.glsl defines under AK_SCENE_TEXEL as one texel fetch from a
uniform texel buffer over the scene's objects (nine RGBA32F texels per object), and in
trace.comp every read of the header's vec4 members (`scn.misc`, `scn.light_dir[l]`, ...; not
`scn.counts`) the call `ak_hdr_m()`, one texel fetch over the header's bytes: llvmpipe reads a
uniform buffer float by float with a gather per lane (about 20 instructions a float), a texel
fetch a vec4 per call (about 45; docs/performance.md, issue 29 item 4, ninth round). Why: lavapipe
(llvmpipe, Mesa 22.3) reads a uniform buffer at a lane-varying index float by float, each a
scalar load per lane with an extract and an insert, and a texel fetch one 16-byte texel per lane
(docs/performance.md, issue 29, item 4, sixth round). The sources keep the `scn.obj[i].m` form
that the uniform- and storage-buffer variants and the page's adaptation
(verify/view/glsl_to_webgl.py) read. Fails (exit 1) on a whole-object read or when nothing was
rewritten, so that a change of the sources' shape breaks the build.

usage: shaders_texel.py SHADER_DIR OUT_TRACE_COMP OUT_SCENE_GLSL
"""
import re
import sys


def fail(msg):
    sys.stderr.write("shaders_texel: %s\n" % msg)
    sys.exit(1)


HEADER = r"cam_origin|cam_right|cam_up|cam_back|cam_ana|misc|ambient|sky"


def rewrite(text, name, header):
    out, n, nh = [], 0, 0
    for line in text.split("\n"):
        code = re.sub(r"//.*$", "", line)
        if re.search(r"scn\.obj\[[^\[\]]+\](?!\.\w)", code):
            fail("%s: an object read as a whole (scn.obj[i] without a member): '%s'" % (name, line.strip()))
        cut = len(code)
        new, k = re.subn(r"scn\.obj\[([^\[\]]+)\]\.(\w+)", r"ak_obj_\2(\1)", line[:cut])
        n += k
        if header:
            # the header's vec4 members (not scn.counts) the same way: ak_hdr_m() (scene.glsl)
            new, k1 = re.subn(r"scn\.(%s)\b" % HEADER, r"ak_hdr_\1()", new)
            new, k2 = re.subn(r"scn\.(light_dir|light_col)\[([^\[\]]+)\]", r"ak_hdr_\1(\2)", new)
            nh += k1 + k2
        out.append(new + line[cut:])
    if n == 0:
        fail("%s: no scn.obj[i].m read to rewrite" % name)
    if header and nh == 0:
        fail("%s: no scn header read to rewrite" % name)
    return "\n".join(out)


def main():
    if len(sys.argv) != 4:
        fail("usage: shaders_texel.py SHADER_DIR OUT_TRACE_COMP OUT_SCENE_GLSL")
    d = sys.argv[1]
    for src, dst in (("trace.comp", sys.argv[2]), ("scene.glsl", sys.argv[3])):
        with open("%s/%s" % (d, src), encoding="utf-8") as f:
            text = rewrite(f.read(), src, src == "trace.comp")
        with open(dst, "w", encoding="utf-8") as f:
            f.write(text)


main()
