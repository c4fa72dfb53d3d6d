#!/usr/bin/env python3
"""The page's WebGL2 tracer, the current shader against the baseline shader, side by side in one
run: the frame time of `anakata view` in this machine's Chromium (headless; without a GPU, WebGL
runs on SwiftShader, a CPU rasteriser) with the fragment shader the server generates from
render/shaders (/gen/trace.frag, compiled by web/gl.js per set of shape types) and with the one
generated from verify/bench/shader_baseline/ (a copy of render/shaders and of
verify/view/glsl_to_webgl.py at 8a13825, the shader before issue 29 item 4, adapted by its own
script, one program for every type as the page had). Both are installed in turn in the same
page (AkGL.create on the same canvas), the scene loaded once, alternating for --rounds rounds.
Each measurement draws one frame untimed (the compilation), then times --frames frames, each
drawn and waited for (the page's render() and a one-pixel readPixels). Prints every frame time,
the median frame rates and their ratio (current / baseline), and the largest difference between
the two shaders' images (0..255 per channel) with the share of pixels more than 8 apart.
Also the CPU time of Chromium's GPU process per frame (where SwiftShader runs; /proc, Linux),
steadier than the wall clock on a loaded machine, and, for a shader drawn by tiles (web/gl.js),
the tiles of each class and the host's milliseconds for their lists in the round's last frame.
--variant DIR (repeatable) adds a shader
generated from DIR (a modified copy of render/shaders) by verify/view/glsl_to_webgl.py, timed
in the same rounds, for A/B experiments; its image is compared with the current shader's.

usage: bench_view_shader.py ANAKATA SOURCE_ROOT [--gpu] [--size WxH] [--rounds N] [--frames N]
                            [--variant DIR ...] [SCENE ...]
                            (default: stack_4d at 800x600, 3 rounds, 3 frames)
"""
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import view_browser  # noqa: E402


def opt(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


if len(sys.argv) < 3:
    sys.exit(__doc__)
ANAKATA, ROOT = sys.argv[1], sys.argv[2]
GPU = "--gpu" in sys.argv
SIZE = opt("--size", "800x600")
if not re.fullmatch(r"\d+x\d+", SIZE):
    sys.exit("bench_view_shader: --size: expected WxH, got '%s'" % SIZE)
W, H = map(int, SIZE.split("x"))
ROUNDS = int(opt("--rounds", "3"))
FRAMES = int(opt("--frames", "3"))
rest = sys.argv[3:]
scenes = [a for i, a in enumerate(rest) if not a.startswith("--")
          and (i == 0 or rest[i - 1] not in ("--size", "--rounds", "--frames", "--variant"))] or ["stack_4d"]
VARIANTS = [rest[i + 1] for i, a in enumerate(rest) if a == "--variant" and i + 1 < len(rest)]


def baseline_frag(base=None, script=None):
    """The baseline tracer as the page would have served it (its own glsl_to_webgl.py), or the
    tracer generated from the shader directory base by script."""
    base = base or os.path.join(ROOT, "verify", "bench", "shader_baseline")
    script = script or os.path.join(base, "glsl_to_webgl.py")
    if not os.path.isdir(base):
        sys.exit("bench_view_shader: --variant %s: not a directory" % base)
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "base.h")
        subprocess.run([sys.executable, script, base, out], check=True)
        text = open(out, encoding="utf-8").read()
    m = re.search(r"ak_webgl_trace_frag\[\d+\] = \{(.*?)\};", text, flags=re.S)
    if not m:
        sys.exit("bench_view_shader: the baseline header has no ak_webgl_trace_frag")
    return bytes(int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", m.group(1)))[:-1].decode()


BASE = baseline_frag()
VAR_SRC = [(os.path.basename(os.path.normpath(v)), baseline_frag(v, os.path.join(ROOT, "verify", "view", "glsl_to_webgl.py")))
           for v in VARIANTS]
INSTALL = """const cv = document.getElementById('view');
window.__akpx = window.__akpx || {};
akApp.gl = AkGL.create(cv, arguments[0], arguments[1]);
akApp.dirty = true;"""
GRAB = """const g = akApp.gl.gl, w = g.drawingBufferWidth, h = g.drawingBufferHeight;
const px = new Uint8Array(w * h * 4);
g.readPixels(0, 0, w, h, g.RGBA, g.UNSIGNED_BYTE, px);
window.__akpx[arguments[0]] = px;
const a = window.__akpx[arguments[1]], b = window.__akpx[arguments[2]];
if (!a || !b || a.length != b.length) return null;
let mx = 0, over = 0;
for (let i = 0; i < a.length; i += 4) {
  let m = 0;
  for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(a[i + c] - b[i + c]));
  mx = Math.max(mx, m);
  if (m > 8) over++;
}
return [mx, over / (a.length / 4)];"""

srv, URL, drv = view_browser.start(ANAKATA, ROOT, GPU)
drv.set_script_timeout(600)


def gpu_process():
    """The pid of this browser's GPU process (a descendant of chromedriver), or None."""
    kids = {}
    for p in os.listdir("/proc"):
        try:
            st = open("/proc/%s/stat" % p).read()
            kids.setdefault(int(st[st.rindex(")") + 2:].split()[1]), []).append(int(p))
        except (OSError, ValueError):
            pass
    todo = [drv.service.process.pid]
    while todo:
        p = todo.pop()
        try:
            if b"--type=gpu-process" in open("/proc/%d/cmdline" % p, "rb").read():
                return p
        except OSError:
            pass
        todo += kids.get(p, [])
    return None


def cpu_ms(pid):
    """User and system CPU time of a process, ms (NaN without /proc)."""
    try:
        st = open("/proc/%d/stat" % pid).read().split(")")[-1].split()
        return (int(st[11]) + int(st[12])) * 1000.0 / os.sysconf("SC_CLK_TCK")
    except (OSError, TypeError, ValueError, IndexError):
        return float("nan")


def measure(src, specialise):
    """Frame times (ms) of FRAMES frames drawn and waited for, after one untimed frame (the
    compilation): each frame is the page's render() and a one-pixel readPixels, which returns
    only when the frame is drawn. Also the GPU process's CPU ms per frame."""
    drv.execute_script(INSTALL + """
        const g = akApp.gl.gl, px = new Uint8Array(4);
        render();
        g.readPixels(0, 0, 1, 1, g.RGBA, g.UNSIGNED_BYTE, px);""", src, specialise)
    c0 = cpu_ms(GPU_PID)
    ts = drv.execute_script("""
        const g = akApp.gl.gl, px = new Uint8Array(4), ts = [];
        for (let k = 0; k < arguments[0]; k++) {
          const t0 = performance.now();
          render();
          g.readPixels(0, 0, 1, 1, g.RGBA, g.UNSIGNED_BYTE, px);
          ts.push(performance.now() - t0);
        }
        return ts;""", FRAMES)
    return ts, (cpu_ms(GPU_PID) - c0) / FRAMES


rows = []
GPU_PID = None
try:
    for sc in scenes:
        drv.get(URL + "?size=%dx%d" % (W, H))  # no ?bench: the page draws only when asked
        t0 = time.time()
        while not drv.execute_script("return document.body.dataset.ready === '1'") and time.time() - t0 < 60:
            time.sleep(0.1)
        drv.execute_async_script("""const done = arguments[arguments.length - 1];
            fetch('/api/load', {method: 'POST', headers: {'Content-Type': 'application/json'},
              body: JSON.stringify({scene: arguments[0]})}).then(() => done());""", sc)
        cur = drv.execute_async_script("""const done = arguments[arguments.length - 1];
            fetch('/gen/trace.frag').then(r => r.text()).then(done);""")
        renderer = drv.execute_script("""const g = akApp.gl.gl;
            const e = g.getExtension('WEBGL_debug_renderer_info');
            return e ? g.getParameter(e.UNMASKED_RENDERER_WEBGL) : g.getParameter(g.RENDERER);""")
        GPU_PID = gpu_process()
        shaders = [("base", BASE), ("cur", cur)] + VAR_SRC
        ms = {name: [] for name, _ in shaders}
        cpu = {name: [] for name, _ in shaders}
        diff = {}
        for r in range(ROUNDS):
            for name, src in shaders:
                f, c = measure(src, name != "base")
                ms[name] += f
                cpu[name].append(c)
                d = drv.execute_script(GRAB, name, "base" if name == "cur" else "cur", name)
                diff[name] = d if d is not None else diff.get(name)
                st = drv.execute_script("return akApp.gl.stats ? akApp.gl.stats() : null;")
                print("%s %s round %d %-8s ms per frame: %s; GPU process CPU ms per frame %.0f%s" % (
                      sc, SIZE, r + 1, name, " ".join("%.0f" % x for x in f), c,
                      "; tiles per class: " + ", ".join("%s %d" % kv for kv in st.items()) if st else ""),
                      flush=True)
        rows.append((sc, renderer, ms, cpu, diff))
finally:
    drv.quit()
    srv.send_signal(signal.SIGINT)
    srv.wait(timeout=10)

print("WebGL renderer: %s; %d CPU cores" % (rows[0][1] if rows else "?", os.cpu_count()))
print("%-14s %9s %14s %14s %8s %10s %10s %12s" % ("scene", "size", "baseline fps", "current fps", "ratio",
                                                  "max diff", "over 8", "cpu ratio"))
for sc, _, ms, cpu, diff in rows:
    b, c = 1000.0 / statistics.median(ms["base"]), 1000.0 / statistics.median(ms["cur"])
    d = diff.get("cur")
    print("%-14s %9s %14.3f %14.3f %8.2f %10s %9.4f%% %12.2f" % (sc, SIZE, b, c, c / b,
          d[0] if d else "?", 100.0 * d[1] if d else float("nan"),
          statistics.median(cpu["base"]) / statistics.median(cpu["cur"])))
    for name in [n for n in ms if n not in ("base", "cur")]:
        v = 1000.0 / statistics.median(ms[name])
        d = diff.get(name)
        print("  variant %-12s fps %.3f (%.2f x current), GPU process CPU ms per frame %.0f against %.0f; "
              "image vs current: max diff %s, %.4f%% over 8" % (
                  name, v, v / c, statistics.median(cpu[name]), statistics.median(cpu["cur"]),
                  d[0] if d else "?", 100.0 * d[1] if d else float("nan")))
