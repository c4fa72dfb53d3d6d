#!/usr/bin/env python3
"""anakata view in a real browser (suite view): headless Chromium driven by Selenium.

Loads the page for stack_4d at 160x120 and checks:
  - the WebGL2 view (shaders generated from render/shaders) against the CPU reference tracer
    (render/tracer.c, double) through the same camera, and against the committed golden image
    verify/golden/view_stack_4d.png (made by the CPU tracer: --update-golden), with the
    renderer goldens' tolerance: at most 0.5 % of the pixels over 8/255, mean difference <= 1;
  - 10 presses of "step": the state advanced 10 steps and the explain panel lists contacts;
  - the slice slider changes the image;
  - a click on the formula ID B-4.int opens the docs pane at that heading, with its verdict;
  - dragging a body with the mouse moves it;
  - on dzhanibekov_c: play (followed through the event stream), omega plotted, pause, B-eq2 (gsl: its right-hand side);
  - the WebGL scene SDF (the generated probe shader) against the C scene SDF on 512 points
    about every shape of all_shapes_4d, to 5e-5 (the Vulkan check's tolerance, TOL_GLSL_SDF).
Without Selenium or Chromium it skips (exit 77), except when CI is set: then it fails.

usage: test_view_browser.py ANAKATA SOURCE_ROOT [--update-golden] [--screenshot FILE]
"""
import base64
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib

ANAKATA, ROOT = sys.argv[1], sys.argv[2]
UPDATE = "--update-golden" in sys.argv
SHOT = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
GOLDEN = os.path.join(ROOT, "verify", "golden", "view_stack_4d.png")
GOLD_THRESHOLD, GOLD_FRAC, GOLD_MEAN = 8, 0.005, 1.0  # as verify/checks/checks_render.c
TOL_GLSL_SDF = 5e-5
W, H = 160, 120


def unavailable(why):
    if os.environ.get("CI"):
        print("FAIL: %s (CI is set: the browser test may not skip)" % why)
        sys.exit(1)
    print("SKIP: %s" % why)
    sys.exit(77)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import Select
except ImportError:
    unavailable("no Selenium for this Python (Debian: python3-selenium)")
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
if not os.path.exists(DRIVER):
    unavailable("no chromedriver (Debian: chromium-driver)")

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


# ---- PNG (8-bit RGB / RGBA, not interlaced): enough for the golden images ---------------------

def png_write(path, w, h, rgb):
    raw = b"".join(b"\0" + bytes(rgb[3 * w * y:3 * w * (y + 1)]) for y in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def png_read(path):
    data = open(path, "rb").read()
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, t = struct.unpack(">I4s", data[pos:pos + 8])
        d = data[pos + 8:pos + 8 + n]
        if t == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", d[:10])
            if depth != 8 or ctype not in (2, 6) or d[12] != 0:
                raise ValueError("%s: only 8-bit RGB / RGBA, not interlaced" % path)
            bpp = 3 if ctype == 2 else 4
        elif t == b"IDAT":
            idat += d
        pos += 12 + n
    raw, out, prev, stride = zlib.decompress(idat), bytearray(), bytearray(w * bpp), w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line if bpp == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3)
        prev = line
    return w, h, bytes(out)


def image_diff(a, b):
    """(fraction of pixels with a channel over GOLD_THRESHOLD apart, mean channel difference)."""
    over, total = 0, 0
    for i in range(0, len(a), 3):
        d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
        over += d > GOLD_THRESHOLD
        total += abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2])
    return over / (len(a) // 3), total / len(a)


# ---- the server and the browser ----------------------------------------------------------------

srv = subprocess.Popen([ANAKATA, "view", "--port", "0"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
m = re.search(r"(http://127\.0\.0\.1:\d+/)", srv.stdout.readline())
if not m:
    srv.kill()
    sys.exit("FAIL: anakata view did not start")
URL = m.group(1)

opts = Options()
for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
          "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--force-device-scale-factor=1"]:
    opts.add_argument(a)
for name in ["chromium", "chromium-browser", "google-chrome"]:
    if shutil.which(name):
        opts.binary_location = shutil.which(name)
        break
else:
    srv.kill()
    unavailable("no Chromium (Debian: chromium)")
try:
    drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
except Exception as e:  # noqa: BLE001 (any failure to start the browser)
    srv.kill()
    unavailable("Chromium did not start: %s" % str(e).splitlines()[0])
drv.set_script_timeout(120)


def click(by, sel, tries=20):
    # The page redraws its panels (the explain table, the docs links) as the state arrives, so an
    # element found a moment ago can be replaced before the click lands: find it again and retry.
    for _ in range(tries):
        try:
            drv.find_element(by, sel).click()
            return True
        except StaleElementReferenceException:
            time.sleep(0.1)
    check(False, "%s stayed stale over %d tries" % (sel, tries))
    return False


def wait(cond_js, what, timeout=60):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if drv.execute_script("return !!(%s)" % cond_js):
            return True
        time.sleep(0.1)
    check(False, "timed out waiting for " + what)
    return False


def view_pixels():
    """The view canvas after the next frames: RGB bytes, rows top down."""
    px = drv.execute_async_script("""
        const done = arguments[arguments.length - 1];
        akApp.dirty = true;
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const v = document.getElementById('view'), c = document.createElement('canvas');
          c.width = v.width; c.height = v.height;
          const g = c.getContext('2d');
          g.drawImage(v, 0, 0);
          const d = g.getImageData(0, 0, c.width, c.height).data, out = [];
          for (let i = 0; i < d.length; i += 4) out.push(d[i], d[i + 1], d[i + 2]);
          done(out);
        }));""")
    return bytes(px)


def api(name, body=None):
    return drv.execute_async_script("""
        const [name, body, done] = arguments;
        const opt = body === null ? {} : {method: 'POST', headers: {'Content-Type': 'application/json'},
                                          body: JSON.stringify(body)};
        fetch('/api/' + name, opt).then(r => r.json()).then(done, e => done({error: String(e)}));""",
                                    name, body)


def step_of():
    return drv.execute_script("return akApp.state ? akApp.state.step : -1")


try:
    drv.get(URL + "?size=%dx%d" % (W, H))
    wait("document.body.dataset.ready === '1' && akApp.state && akApp.scene", "the page")
    check(drv.execute_script("return document.getElementById('glerror').hidden"), "WebGL2 is up (no error shown)")

    # 1. the view against the CPU reference tracer and the golden image
    webgl = view_pixels()
    frame = drv.execute_script("const f = akApp.camFrame(); f.width = %d; f.height = %d; return f;" % (W, H))
    cpu = api("render_cpu", frame)
    cpu_rgb = base64.b64decode(cpu["rgb"])
    frac, mean = image_diff(webgl, cpu_rgb)
    check(frac <= GOLD_FRAC and mean <= GOLD_MEAN,
          "WebGL view vs CPU reference tracer: %.3f %% of pixels over %d/255 (<= %.1f %%), mean %.3f (<= %.1f)"
          % (100 * frac, GOLD_THRESHOLD, 100 * GOLD_FRAC, mean, GOLD_MEAN))
    dump = os.environ.get("AK_VIEW_DUMP")  # a folder: keep the images compared here
    if dump:
        png_write(os.path.join(dump, "view_webgl.png"), W, H, webgl)
        png_write(os.path.join(dump, "view_cpu.png"), W, H, cpu_rgb)
    if UPDATE:
        png_write(GOLDEN, W, H, cpu_rgb)
        print("wrote %s (the CPU reference tracer's image)" % GOLDEN)
    gw, gh, gold = png_read(GOLDEN)
    frac, mean = image_diff(webgl, gold) if (gw, gh) == (W, H) else (1.0, 255.0)
    check(frac <= GOLD_FRAC and mean <= GOLD_MEAN,
          "WebGL view vs golden %s: %.3f %% of pixels over %d/255, mean %.3f"
          % (os.path.basename(GOLDEN), 100 * frac, GOLD_THRESHOLD, mean))

    # 2. ten steps, the explain panel lists contacts
    dt = drv.execute_script("return akApp.scene.dt")
    for k in range(10):
        click(By.ID, "step")
        wait("akApp.state.step === %d" % (k + 1), "step %d" % (k + 1), timeout=20)
    wait("document.getElementById('ex_step') && document.getElementById('ex_step').textContent === '10'",
         "the explain panel of step 10")
    st = drv.execute_script("return akApp.state")
    check(st["step"] == 10 and abs(st["t"] - 10 * dt) < 1e-9, "10 clicks on step: step 10, t = 10 dt")
    # both read in one script, so that they come from the same rendering of the panel
    nc, rows = drv.execute_script(
        "return [parseInt(document.getElementById('ex_ncontacts').textContent, 10),"
        " document.querySelectorAll('#ex_contacts tr').length - 1]")
    check(nc > 0 and rows == nc, "the explain panel lists the contacts (%d, %d rows)" % (nc, rows))

    # 3. the slice slider changes the image (w offset 0.7 leaves the unit hypercubes' slice)
    before = view_pixels()
    drv.execute_script("const s = document.getElementById('slice_w'); s.value = 0.7;"
                       "s.dispatchEvent(new Event('input'));")
    after = view_pixels()
    frac, _ = image_diff(before, after)
    check(frac > 0.02, "moving the w slider changes the image (%.1f %% of pixels)" % (100 * frac))
    drv.execute_script("const s = document.getElementById('slice_w'); s.value = 0;"
                       "s.dispatchEvent(new Event('input'));")

    # 4. a formula ID opens the docs pane at its heading, with its verdict
    click(By.CSS_SELECTOR, "a.fid[data-id='B-4.int']")
    wait("document.querySelector('#docpane .target')", "the docs pane at B-4.int")
    head = drv.execute_script("const t = document.querySelector('#docpane .target'); return t ? t.textContent : ''")
    verdict = drv.execute_script("return document.getElementById('verdict').innerText")
    pane_on = drv.execute_script("return document.getElementById('tab_docs').classList.contains('on')")
    check(pane_on and "B-4.int" in head, "the docs pane shows the heading naming B-4.int: %r" % head[:60])
    check("B-4.int" in verdict and "correct" in verdict, "with its verdict: %r" % verdict[:60])
    click(By.CSS_SELECTOR, "#tabs button[data-tab='explain']")

    # 5. drag the top cube with the mouse; it moves
    top = 3
    xy = drv.execute_script("""
        const f = akApp.camFrame(), v = document.getElementById('view'), x = akApp.state.bodies[%d].x;
        const q = [0, 1, 2, 3].map(i => x[i] - f.origin[i]), dot = a => a[0]*q[0]+a[1]*q[1]+a[2]*q[2]+a[3]*q[3];
        const th = Math.tan(f.fov * Math.PI / 360), z = -dot(f.back);
        return [(dot(f.right) / (z * th * v.width / v.height) + 1) / 2 * v.width, (1 - dot(f.up) / (z * th)) / 2 * v.height];
    """ % top)
    x0 = drv.execute_script("return akApp.state.bodies[%d].x.slice()" % top)
    canvas = drv.find_element(By.ID, "view")
    ActionChains(drv).move_to_element_with_offset(canvas, int(xy[0] - W / 2), int(xy[1] - H / 2)) \
        .click_and_hold().pause(1.5).move_by_offset(30, 0).pause(1.0).perform()
    api("step", {"n": 30})
    ActionChains(drv).release().perform()
    wait("akApp.state.step === 40", "40 steps")
    x1 = drv.execute_script("return akApp.state.bodies[%d].x" % top)
    sel = drv.execute_script("return akApp.selected")
    check(sel == top, "the click picked the top cube (selected %s)" % sel)
    check(x1[0] - x0[0] > 0.05, "dragging it to the right moved it along +x by %.3f" % (x1[0] - x0[0]))

    # 6. README screenshot (optional): the whole page after the steps, docs pane open
    if SHOT:
        # the server is driven from here, not through the page: at 800x600 a software WebGL
        # frame can keep the page busy for seconds
        import urllib.request

        def http(name, body):
            r = urllib.request.Request(URL + "api/" + name, data=json.dumps(body).encode(),
                                       headers={"Content-Type": "application/json"})
            return json.load(urllib.request.urlopen(r, timeout=60))

        drv.set_window_size(1400, 1120)
        drv.get(URL)
        wait("document.body.dataset.ready === '1'", "the page")
        http("load", {"scene": "dzhanibekov_c"})
        http("play", {"playing": True})
        time.sleep(9)
        http("play", {"playing": False})
        wait("akApp.state.scene === 'dzhanibekov_c' && !akApp.state.playing", "the pause", timeout=120)
        time.sleep(3)
        click(By.CSS_SELECTOR, "a.fid[data-id='B-eq2']")
        wait("document.querySelector('#docpane .target')", "docs", timeout=120)
        time.sleep(5)
        drv.save_screenshot(SHOT)
        print("wrote", SHOT)

    # 6b. the viewer's round trip on dzhanibekov_c: play (the page follows the server's event
    # stream), the body-frame omega is plotted, pause, B-eq2 beside the view
    # pick from the list as a user does (by value: typing the name depends on the typing speed,
    # since the select's type-ahead resets after a pause)
    Select(drv.find_element(By.ID, "scene")).select_by_value("dzhanibekov_c")
    wait("akApp.state.scene === 'dzhanibekov_c' && akApp.state.step === 0", "dzhanibekov_c")
    click(By.ID, "play")
    wait("akApp.state.playing && akApp.state.t > 1.0", "one second of play, seen through /api/stream")
    click(By.ID, "play")
    wait("!akApp.state.playing", "the pause")
    npts = drv.execute_script("return akApp.hist.w.filter(w => w.length === 6).length")
    check(npts >= 10, "the body-frame omega plot has %d samples of the 6 components" % npts)
    t_paused = drv.execute_script("return akApp.state.t")
    time.sleep(1.0)
    check(drv.execute_script("return akApp.state.t") == t_paused, "paused: the state stays at t = %.2f" % t_paused)
    click(By.CSS_SELECTOR, "a.fid[data-id='B-eq2']")
    wait("document.querySelector('#docpane .target') && document.querySelector('#docpane .target').textContent.includes('B-eq2')",
         "B-eq2 in the docs pane")

    # 7. the WebGL scene SDF against the C scene SDF, every shape of all_shapes_4d
    api("load", {"scene": "all_shapes_4d"})
    res = drv.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const frag = await (await fetch('/gen/probe.frag')).text();
          const p = await (await fetch('/api/sdf_probe')).json();
          const g = AkGL.probe(frag, p.objects, p.points);
          let worst = 0, at = -1;
          p.dist.forEach((d, i) => { const e = Math.abs(g[i] - d); if (!(e <= worst)) { worst = e; at = i; } });
          const types = new Set();
          for (let k = 0; k < p.objects.nobj; k++) types.add(p.objects.obj[36 * k + 32]);
          return {n: p.points.length, worst, at, types: types.size};
        })().then(done, e => done({error: String(e)}));""")
    check("error" not in res and res["n"] == 512 and res["types"] == 6 and res["worst"] <= TOL_GLSL_SDF,
          "WebGL scene SDF vs C on %s points, %s shape types: worst |difference| %s (<= %g)"
          % (res.get("n"), res.get("types"), res.get("worst", res.get("error")), TOL_GLSL_SDF))

    errors = [e for e in drv.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, "no errors in the browser console: %s" % errors[:3])
finally:
    drv.quit()
    srv.send_signal(signal.SIGINT)
    rc = srv.wait(timeout=30)
check(rc == 0, "the server stops cleanly on SIGINT after the session (exit status %s)" % rc)

print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
