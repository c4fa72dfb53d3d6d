#!/usr/bin/env python3
"""anakata view's HTTP server end to end (suite view): starts `anakata view --port 0`, sends
well-formed and hostile requests over raw sockets, and checks each status and that nothing
outside the web root and docs/ is ever served; then the clean shutdown on SIGINT and the exit
status 2 on a taken port.

usage: test_view_server.py ANAKATA SOURCE_ROOT
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time

ANAKATA, ROOT = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def start(*args):
    p = subprocess.Popen([ANAKATA, "view", "--port", "0", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = p.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        p.kill()
        sys.exit("could not start anakata view: %r %r" % (line, p.stderr.read()))
    return p, int(m.group(1))


def raw(port, data, timeout=10):
    """Send bytes, return (status, headers, body) of the reply (status 0: connection closed)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        s.sendall(data)
        buf = b""
        while True:
            try:
                k = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not k:
                break
            buf += k
    finally:
        s.close()
    if not buf.startswith(b"HTTP/1."):
        return 0, "", b""
    head, _, body = buf.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, head.decode("latin-1"), body


def req(port, method, path, host=None, headers=(), body=b""):
    host = host if host is not None else "127.0.0.1:%d" % port
    lines = ["%s %s HTTP/1.1" % (method, path)]
    if host != "":
        lines.append("Host: " + host)
    lines += list(headers)
    if body or method == "POST":
        lines.append("Content-Length: %d" % len(body))
    lines += ["Connection: close", "", ""]
    return raw(port, "\r\n".join(lines).encode("latin-1") + body)


def post(port, path, obj, headers=("Content-Type: application/json",)):
    return req(port, "POST", path, headers=headers, body=json.dumps(obj).encode())


SECRETS = [b"# anakata", b"root:x:0:0", b"project('anakata'"]  # README.md, /etc/passwd, meson.build


def no_secret(body):
    return not any(s in body for s in SECRETS)


p, port = start()
try:
    # What must work.
    st, _, body = req(port, "GET", "/")
    check(st == 200 and b"anakata view" in body, "GET / serves the page")
    st, _, body = req(port, "GET", "/web/app.js")
    check(st == 200 and b"akApp" in body, "GET /web/app.js")
    st, head, body = req(port, "GET", "/docs/formulas/dynamics.md")
    check(st == 200 and b"<h2>" in body and "text/html" in head, "GET a docs page renders Markdown to HTML")
    st, _, body = req(port, "GET", "/gen/trace.frag")
    check(st == 200 and b"ak_sd_hyperbox" in body and b"#version 300 es" in body,
          "GET /gen/trace.frag: the generated WebGL2 shader holds render/shaders' SDFs")
    st, _, body = req(port, "GET", "/api/state")
    check(st == 200 and json.loads(body)["step"] == 0, "GET /api/state")
    st, _, body = post(port, "/api/step", {"n": 3})
    check(st == 200 and json.loads(body)["step"] == 3, "POST /api/step n=3")
    st, _, body = post(port, "/api/back", {"n": 1})
    check(st == 200 and json.loads(body)["step"] == 2, "POST /api/back n=1")
    st, _, body = req(port, "GET", "/api/body?i=1")
    b1 = json.loads(body)
    check(st == 200 and b1["name"] == "cube0" and len(b1["x"]) == 4 and len(b1["rotor"]) == 8
          and len(b1["omega_body"]) == 6, "GET /api/body?i=1: cube0's state")
    for q in ["", "?i=", "?i=-1", "?i=99", "?i=1x", "?i=%31"]:
        st, _, _ = req(port, "GET", "/api/body" + q)
        check(st == 400, "GET /api/body%s: 400 (%d)" % (q, st))
    st, _, body = req(port, "GET", "/api/scenes")
    names = json.loads(body)["scenes"]
    check(st == 200 and "stack_4d" in names and "dzhanibekov_c" in names, "GET /api/scenes lists the bundled scenes")
    st, _, body = req(port, "GET", "/", host="localhost:%d" % port)
    check(st == 200, "Host localhost:PORT is accepted")
    st, _, _ = req(port, "GET", "/", headers=["Origin: http://127.0.0.1:%d" % port])
    check(st == 200, "Origin of the server itself is accepted")

    # DNS rebinding and cross-site requests.
    for host in ["evil.example:%d" % port, "evil.example", "127.0.0.1:%d.evil.example" % port,
                 "127.0.0.1:%d" % (port + 1), "", "[::1]:%d" % port]:
        st, _, body = req(port, "GET", "/api/state", host=host)
        check(st in (400, 403) and b'"step"' not in body, "Host %r refused (%d)" % (host, st))
    for origin in ["http://evil.example", "null", "https://127.0.0.1:%d" % port,
                   "http://127.0.0.1:%d.evil.example" % port]:
        st, _, body = req(port, "POST", "/api/step", headers=["Origin: " + origin,
                          "Content-Type: application/json"], body=b'{"n":1}')
        check(st == 403, "POST with Origin %r refused (%d)" % (origin, st))
    st, _, body = req(port, "GET", "/api/state")
    check(json.loads(body)["step"] == 2, "refused POSTs did not step the simulation")
    st, _, _ = req(port, "POST", "/api/step", headers=["Content-Type: application/x-www-form-urlencoded"],
                   body=b"n=1")
    check(st == 415, "a form POST (no JSON content type) is refused with 415 (%d)" % st)

    # Traversal: nothing outside web/ and docs/.
    for path in ["/web/../README.md", "/web/%2e%2e/README.md", "/web/%2E%2E/%2E%2E/etc/passwd",
                 "/docs/..%2f..%2fREADME.md", "/docs/%2e%2e/meson.build", "/../../etc/passwd",
                 "/etc/passwd", "//etc/passwd", "/web//index.html", "/web/./index.html",
                 "/docs/../README.md", "/web/%252e%252e/README.md", "/web/..\\README.md",
                 "/docs/formulas/../../README.md", "/web/%00index.html", "/web/index.html%00.js",
                 "http://127.0.0.1/etc/passwd", "/api/../README.md", "/gen/../README.md",
                 "/docs/.hidden", "/web/.git/config"]:
        st, _, body = req(port, "GET", path)
        check(st in (400, 404) and no_secret(body), "GET %s refused (%d)" % (path, st))
    st, _, body = req(port, "GET", "/docs/scene.schema.json")
    check(st == 200, "a docs file other than Markdown is served as it is")
    st, _, body = req(port, "GET", "/docs/missing.md")
    check(st == 404, "a missing docs page: 404")
    # Scenes: only the bundled ones and those on the command line.
    for name in ["/etc/passwd", "../README", "scenes/stack_4d.json", "nope"]:
        st, _, body = post(port, "/api/load", {"scene": name})
        check(st == 404, "load of scene %r refused (%d)" % (name, st))

    # Malformed and oversize requests.
    st, _, _ = post(port, "/api/step", {"n": "x"})
    check(st == 400, "step with a bad n: 400")
    st, _, _ = post(port, "/api/step", {"n": 10 ** 9})
    check(st == 400, "step with a huge n: 400")
    st, _, _ = req(port, "POST", "/api/step", headers=["Content-Type: application/json"], body=b"{not json")
    check(st == 400, "malformed JSON body: 400")
    st, _, _ = post(port, "/api/drag", {"body": 0, "target": [0, 0, 0, 0]})
    check(st == 400, "dragging the fixed ground: 400")
    st, _, _ = post(port, "/api/nothing", {})
    check(st == 404, "unknown API call: 404")
    st, _, _ = req(port, "PUT", "/api/state")
    check(st == 405, "PUT: 405 (%d)" % st)
    st, _, _ = req(port, "DELETE", "/web/app.js")
    check(st == 405, "DELETE of a file: 405 (%d)" % st)
    big = b'{"n":1,"pad":"' + b"x" * 70000 + b'"}'
    st, _, _ = req(port, "POST", "/api/step", headers=["Content-Type: application/json"], body=big)
    check(st == 413, "a 70 kB body: 413 (%d)" % st)
    st, _, _ = req(port, "GET", "/web/" + "a" * 40000)
    check(st in (400, 414, 431), "a 40 kB path: refused (%d)" % st)
    st, _, _ = req(port, "GET", "/", headers=["X-Pad: " + "y" * 40000])
    check(st in (400, 413, 431), "a 40 kB header: refused (%d)" % st)
    st, _, _ = raw(port, b"GARBAGE\r\n\r\n")
    check(st in (0, 400), "a malformed request line: 400 or closed (%d)" % st)
    st, _, _ = raw(port, b"GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n")
    check(st in (0, 400, 403), "a malformed header line: refused (%d)" % st)
    st, _, _ = raw(port, b"GET / HTTP/1.0\r\n\r\n")
    check(st == 403, "HTTP/1.0 without Host: 403 (%d)" % st)

    # The event stream sends the state.
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port).encode())
    buf = b""
    t0 = time.time()
    while b"event: state" not in buf and time.time() - t0 < 5:
        buf += s.recv(65536)
    s.close()
    check(b"text/event-stream" in buf and b"event: state" in buf, "GET /api/stream sends state events")

    # Half-open connections (a request line, never the end of the headers) cannot lock the user
    # out: the server drops a silent connection after 4 s; the event stream outlives that.
    es = socket.create_connection(("127.0.0.1", port), timeout=5)
    es_t0 = time.time()
    es.sendall(("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port).encode())
    held = []
    for _ in range(300):
        try:
            h = socket.create_connection(("127.0.0.1", port), timeout=5)
            h.sendall(("GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port).encode())
            held.append(h)
        except OSError:
            pass
    t0 = time.time()
    st = 0
    while time.time() - t0 < 20:
        try:
            st, _, body = req(port, "GET", "/")
        except OSError:
            st = 0
        if st == 200:
            break
        time.sleep(0.2)
    waited = time.time() - t0
    check(st == 200 and waited < 10,
          "300 half-open connections (%d opened): GET / still loads, after %.1f s" % (len(held), waited))
    closed, deadline = 0, time.time() + 10  # each is closed at most 4 s after it was accepted
    for h in held:
        h.settimeout(max(0.01, deadline - time.time()))
        try:
            closed += h.recv(1) == b""
        except socket.timeout:
            pass
        except OSError:
            closed += 1
        h.close()
    check(closed == len(held), "the server closed every half-open connection (%d of %d)" % (closed, len(held)))
    es.settimeout(3)
    buf, late = b"", b""
    try:
        while time.time() - es_t0 < 7:  # longer than the 4 s timeout
            k = es.recv(65536)
            if not k:
                break
            buf += k
        late = es.recv(65536)  # still writing after 7 s
    except OSError:
        pass
    es.close()
    check(b"event: state" in buf + late and late != b"",
          "the event stream outlives the 4 s timeout (heartbeats: %d bytes in %.0f s, still writing)"
          % (len(buf) + len(late), time.time() - es_t0))

    # A taken port: a clear message and exit status 2.
    q = subprocess.run([ANAKATA, "view", "--port", str(port)], capture_output=True, text=True, timeout=20)
    check(q.returncode == 2 and "already in use" in q.stderr, "taken port: exit 2, says so (%d: %s)" % (q.returncode, q.stderr.strip()))
finally:
    # Ctrl-C: a clean stop, exit status 0, with an open event stream.
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(("GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port).encode())
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)
    try:
        rc = p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = None
    s.close()
    check(rc == 0, "SIGINT stops the server cleanly with exit status 0 (%s)" % rc)

# A scene named on the command line is loadable and opened first.
p, port = start(os.path.join(ROOT, "scenes", "dzhanibekov_c.json"))
st, _, body = req(port, "GET", "/api/state")
check(st == 200 and json.loads(body)["scene"].endswith("dzhanibekov_c.json"), "the scene on the command line is opened")
p.send_signal(signal.SIGTERM)
check(p.wait(timeout=10) == 0, "SIGTERM stops the server cleanly")
# A trace replayed, with the reference's bodies as ghosts (dzhanibekov_c has a reference).
import tempfile
with tempfile.TemporaryDirectory() as tmp:
    tr = os.path.join(tmp, "dz.csv")
    subprocess.run([ANAKATA, "run", os.path.join(ROOT, "scenes", "dzhanibekov_c.json"), "--integrator",
                    "thesis", "--duration", "2", "--every", "5", "--trace", tr], check=True,
                   capture_output=True, cwd=ROOT)
    p, port = start("--trace", tr)
    st, _, body = req(port, "GET", "/api/state")
    s0 = json.loads(body)
    rp = s0.get("replay") or {}
    check(st == 200 and rp.get("nframes") == 41 and rp.get("frame") == 0 and s0["t"] == 0,
          "--trace: the replay opens at the first of 41 recorded steps (%s)" % rp)
    check(rp.get("reference", "").endswith("verify/reference/dzhanibekov_c.csv") and s0["render"]["nobj"] == 2,
          "--trace: the reference's body is drawn beside the trace's (%d objects)" % s0["render"]["nobj"])
    st, _, body = post(port, "/api/time", {"t": 1.0})
    s1 = json.loads(body)
    check(st == 200 and s1["replay"]["frame"] == 20 and abs(s1["t"] - 1.0) < 1e-9, "--trace: time 1 s is recorded step 21")
    st, _, body = post(port, "/api/step", {"n": 100})
    check(st == 200 and json.loads(body)["replay"]["frame"] == 40, "--trace: stepping stops at the last recorded step")
    st, _, body = req(port, "GET", "/api/explain")
    check(st == 200 and json.loads(body)["integrator"] == "thesis", "--trace: explain names the trace's integrator")
    st, _, _ = post(port, "/api/drag", {"body": 0, "target": [0, 0, 0, 0]})
    check(st == 400, "--trace: no dragging in a replay")
    p.send_signal(signal.SIGINT)
    check(p.wait(timeout=10) == 0, "--trace: SIGINT stops it")
    bad = os.path.join(tmp, "bad.csv")
    open(bad, "w").write("# format: anakata-trace/1\n# dim: 4\nstep,t\n")
    q = subprocess.run([ANAKATA, "view", "--trace", bad, "--port", "0"], capture_output=True, text=True, timeout=20)
    check(q.returncode == 2 and "bad.csv" in q.stderr, "a malformed trace: exit 2, named (%s)" % q.stderr.strip()[:100])

q = subprocess.run([ANAKATA, "view", "/nonexistent.json"], capture_output=True, text=True, timeout=20)
check(q.returncode == 2 and "/nonexistent.json" in q.stderr, "a missing scene file: exit 2, named")
q = subprocess.run([ANAKATA, "view", "--bind", "0.0.0.0", "--port", "x"], capture_output=True, text=True, timeout=20)
check(q.returncode == 2, "a bad --port: exit 2")

print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
