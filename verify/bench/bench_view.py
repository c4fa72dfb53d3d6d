#!/usr/bin/env python3
"""Frame rate of anakata view's two ways to draw the slice, measured side by side in one run:
the page's WebGL2 tracer (shaders generated from render/shaders) in this machine's Chromium,
and the server's CPU reference tracer (`anakata render --cpu`, double, OpenMP), for bundled
scenes at a few sizes. Prints frames per second and their ratio.

In headless Chromium without a GPU, WebGL runs on SwiftShader (a CPU rasteriser): the figures
then compare two CPU renderers; on a machine with a GPU run it with --gpu (Chromium's GPU
rasteriser) to measure what a user sees.

usage: bench_view.py ANAKATA SOURCE_ROOT [--gpu] [--seconds S] [SCENE ...]
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import view_browser  # noqa: E402

ANAKATA, ROOT = sys.argv[1], sys.argv[2]
args = sys.argv[3:]
GPU = "--gpu" in args
SECONDS = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 6.0
scenes = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] != "--seconds")]
scenes = scenes or ["stack_4d", "dzhanibekov_c"]
SIZES = [(160, 120), (320, 240), (800, 600)]

srv, URL, drv = view_browser.start(ANAKATA, ROOT, GPU)
renderer = None
rows = []
try:
    for sc in scenes:
        for (w, h) in SIZES:
            drv.get(URL + "?bench=1&size=%dx%d" % (w, h))
            t0 = time.time()
            while not drv.execute_script("return document.body.dataset.ready === '1'") and time.time() - t0 < 30:
                time.sleep(0.1)
            drv.execute_async_script("""const done = arguments[arguments.length - 1];
                fetch('/api/load', {method: 'POST', headers: {'Content-Type': 'application/json'},
                  body: JSON.stringify({scene: arguments[0]})}).then(() => done());""", sc)
            time.sleep(1.0)
            # frames drawn (the page redraws every animation frame in bench mode)
            f0, t0 = drv.execute_script("return akApp.drawn || 0"), time.time()
            time.sleep(SECONDS)
            web_fps = (drv.execute_script("return akApp.drawn || 0") - f0) / (time.time() - t0)
            if renderer is None:
                renderer = drv.execute_script("""const g = document.getElementById('view').getContext('webgl2');
                    const e = g.getExtension('WEBGL_debug_renderer_info');
                    return e ? g.getParameter(e.UNMASKED_RENDERER_WEBGL) : g.getParameter(g.RENDERER);""")
            out = subprocess.run([ANAKATA, "render", sc, "--cpu", "--size", "%dx%d" % (w, h), "-o",
                                  os.path.join(tempfile.gettempdir(), "bench_view_cpu.png")],
                                 capture_output=True, text=True, cwd=ROOT)
            m = re.search(r"([0-9.]+) ms\)", out.stdout + out.stderr)
            if not m:
                sys.exit("anakata render: %s%s" % (out.stdout, out.stderr))
            ms = float(m.group(1))
            rows.append((sc, w, h, web_fps, 1000.0 / ms))
finally:
    drv.quit()
    srv.send_signal(signal.SIGINT)
    srv.wait(timeout=10)

print("WebGL renderer: %s; CPU tracer: anakata render --cpu (%d cores)" % (renderer, os.cpu_count()))
print("%-16s %9s %14s %14s %8s" % ("scene", "size", "WebGL fps", "CPU fps", "ratio"))
for sc, w, h, a, b in rows:
    print("%-16s %9s %14.2f %14.2f %8.2f" % (sc, "%dx%d" % (w, h), a, b, a / b))
