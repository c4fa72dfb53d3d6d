// anakata view: the page. State comes from the server (/api/*, and /api/stream while playing);
// the view is drawn by gl.js with the shaders generated from render/shaders.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

const app = {
  scene: null, state: null, explain: null, sceneId: -1, gl: null,
  selected: -1, maxT: 0,
  cam: {target: [0, 0.8, 0, 0], yaw: 0, pitch: 15, dist: 6, fov: 50, slice: 0, xw: 0, yw: 0, zw: 0},
  hist: {t: [], E: [], T: [], V: [], p: [], L: [], w: []},
  dirty: true, frames: 0, fpsT0: performance.now(),
};
window.akApp = app; // for the browser tests (and camFrame, rayAt below)

// ---- server calls ---------------------------------------------------------------------------

async function api(name, body) {
  const opt = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const r = await fetch("/api/" + name, opt);
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || r.statusText);
  return j;
}

function report(e) {
  console.error(e);
  $("clock").textContent = "error: " + e.message;
}

// ---- 4D camera (T-6.1cam): an orbit frame in xyz, then the slice rotations in xw, yw, zw ----

function rotPlane(v, i, j, deg) {
  const a = deg * Math.PI / 180, c = Math.cos(a), s = Math.sin(a);
  const r = v.slice();
  r[i] = c * v[i] - s * v[j];
  r[j] = s * v[i] + c * v[j];
  return r;
}

function camFrame() {
  const c = app.cam, y = c.yaw * Math.PI / 180, p = c.pitch * Math.PI / 180;
  let back = [Math.cos(p) * Math.sin(y), Math.sin(p), Math.cos(p) * Math.cos(y), 0];
  let right = [Math.cos(y), 0, -Math.sin(y), 0];
  let up = [-Math.sin(p) * Math.sin(y), Math.cos(p), -Math.sin(p) * Math.cos(y), 0];
  let ana = [0, 0, 0, 1];
  const rot = (v) => rotPlane(rotPlane(rotPlane(v, 0, 3, c.xw), 1, 3, c.yw), 2, 3, c.zw);
  back = rot(back); right = rot(right); up = rot(up); ana = rot(ana);
  const origin = [0, 1, 2, 3].map((i) => c.target[i] + c.dist * back[i] + c.slice * ana[i]);
  return {origin, right, up, back, ana, fov: c.fov};
}

function viewSize() {
  const k = parseFloat($("res").value) || 1, cv = $("view");
  return [Math.max(1, Math.round(cv.width * k)), Math.max(1, Math.round(cv.height * k))];
}

// The ray through a point of the canvas (CSS pixels), as ak_render_camera_ray.
function rayAt(px, py) {
  const cv = $("view"), rect = cv.getBoundingClientRect();
  const f = camFrame(), th = Math.tan(0.5 * f.fov * Math.PI / 180), asp = cv.width / cv.height;
  const u = (2 * px / rect.width - 1) * th * asp, v = (1 - 2 * py / rect.height) * th;
  const d = [0, 1, 2, 3].map((i) => u * f.right[i] + v * f.up[i] - f.back[i]);
  const n = Math.hypot(...d);
  return {origin: f.origin, dir: d.map((x) => x / n), frame: f};
}

function frameScene() {
  const s = app.scene, c = app.cam;
  c.fov = s.fov || 50;
  c.xw = c.yw = c.zw = 0;
  c.slice = 0;
  const lo = [Infinity, Infinity, Infinity, Infinity], hi = lo.map(() => -Infinity);
  const st = app.state;
  s.bodies.forEach((b, i) => {
    if (b.shape === "hyperplane" || !st || !st.bodies[i]) return;
    // the radius of a ball holding the shape about its centroid (as anakata render frames)
    const x = st.bodies[i].x, r = b.radius;
    for (let k = 0; k < 4; k++) {
      const xv = k < x.length ? x[k] : 0;
      lo[k] = Math.min(lo[k], xv - r); hi[k] = Math.max(hi[k], xv + r);
    }
  });
  if (!isFinite(lo[0])) { lo.fill(-1); hi.fill(1); }
  const tg = lo.map((l, k) => 0.5 * (l + hi[k]));
  tg[3] = 0;
  if (s.dim === 2) tg[2] = 0;
  const ext = Math.max(...lo.map((l, k) => hi[k] - l).slice(0, 3));
  c.target = tg;
  c.dist = 0.75 * ext / Math.tan(0.5 * c.fov * Math.PI / 180) + 1;
  c.yaw = 0;
  c.pitch = s.dim === 2 ? 8 : 15;
  if (s.camera) { // the scene's own camera: keep its direction and distance to the target
    const b = s.camera.back, p = s.camera.pos;
    c.pitch = Math.asin(Math.max(-1, Math.min(1, b[1]))) * 180 / Math.PI;
    c.yaw = Math.atan2(b[0], b[2]) * 180 / Math.PI;
    c.dist = Math.hypot(...[0, 1, 2, 3].map((i) => p[i] - tg[i]));
    c.target = [0, 1, 2, 3].map((i) => p[i] - c.dist * b[i]);
    c.fov = s.camera.fov;
    c.slice = s.camera.slice || 0;
  }
  ["xw", "yw", "zw"].forEach((k) => { $("rot_" + k).value = 0; $("rot_" + k + "_v").textContent = "0°"; });
  $("slice_w").value = c.slice;
  $("slice_w_v").textContent = c.slice.toFixed(2);
  app.dirty = true;
}

// ---- drawing ----------------------------------------------------------------------------------

function project(f, p4) {
  const cv = $("overlay"), th = Math.tan(0.5 * f.fov * Math.PI / 180), asp = cv.width / cv.height;
  const q = [0, 1, 2, 3].map((i) => (p4[i] || 0) - f.origin[i]);
  const dot = (a) => a[0] * q[0] + a[1] * q[1] + a[2] * q[2] + a[3] * q[3];
  const z = -dot(f.back);
  if (z <= 1e-6) return null;
  const u = dot(f.right) / (z * th * asp), v = dot(f.up) / (z * th);
  return {x: (u + 1) / 2 * cv.width, y: (1 - v) / 2 * cv.height, off: dot(f.ana)};
}

function drawOverlay(f) {
  const cv = $("overlay"), ctx = cv.getContext("2d");
  ctx.clearRect(0, 0, cv.width, cv.height);
  if (!$("show_contacts").checked || !app.explain) return;
  for (const c of app.explain.contacts) {
    const a = project(f, c.point);
    const b = project(f, c.point.map((x, i) => x + 0.3 * c.normal[i]));
    if (!a || !b) continue;
    ctx.globalAlpha = Math.abs(a.off) < 0.05 ? 1 : 0.35; // off the slice: faint
    ctx.strokeStyle = "#e11d48";
    ctx.fillStyle = "#facc15";
    ctx.lineWidth = 2;
    ctx.beginPath(); ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y); ctx.stroke();
    ctx.beginPath(); ctx.arc(a.x, a.y, 3 + Math.min(6, 2000 * c.depth), 0, 2 * Math.PI); ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function render() {
  if (app.gl && app.scene && app.state && app.state.render) {
    const f = camFrame(), [w, h] = viewSize();
    app.gl.setObjects(app.state.render);
    app.gl.draw(f, app.scene, w, h);
    const cv = $("view");
    cv.style.width = cv.width + "px"; // the drawing buffer may be smaller: scaled up
    drawOverlay(f);
    app.frames++;
    app.drawn = (app.drawn || 0) + 1; // never reset (verify/bench/bench_view.py)
  }
  app.dirty = false;
}

function loop() {
  if (app.dirty || params.has("bench")) render();
  const now = performance.now();
  if (now - app.fpsT0 > 1000) {
    app.fps = app.frames * 1000 / (now - app.fpsT0);
    if (app.frames > 0) $("fps").textContent = app.fps.toFixed(1) + " frames/s drawn";
    app.frames = 0;
    app.fpsT0 = now;
  }
  requestAnimationFrame(loop);
}

// ---- state, plots, panels -----------------------------------------------------------------------

const fmt = (v) => (v === null || v === undefined) ? "–" : Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(3) : v.toFixed(4);
const vec = (a) => "(" + a.map(fmt).join(", ") + ")";
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const norm = (a) => Math.hypot(...a);

function omegaBody() { // the body whose ω is plotted: the selected one, else the first free body
  if (app.selected >= 0 && !app.scene.bodies[app.selected].fixed) return app.selected;
  return app.scene.bodies.findIndex((b) => !b.fixed);
}

function record(st) {
  const H = app.hist;
  while (H.t.length && H.t[H.t.length - 1] >= st.t - 1e-12) // stepped back or reset: drop the future
    for (const k in H) H[k].pop();
  const ob = omegaBody();
  H.t.push(st.t);
  H.E.push(st.energy.total); H.T.push(st.energy.kinetic); H.V.push(st.energy.potential);
  H.p.push(norm(st.momentum.linear)); H.L.push(norm(st.momentum.angular));
  H.w.push(ob >= 0 && st.bodies[ob] ? st.bodies[ob].omega_body : []);
  if (H.t.length > 20000) for (const k in H) H[k].shift();
}

function drawPlots() {
  const H = app.hist;
  AkPlot.draw($("plot_energy"), H.t, [H.E, H.T, H.V], ["E", "T", "V"]);
  AkPlot.draw($("plot_momentum"), H.t, [H.p, H.L], ["|p|", "|L|"]);
  const k = app.scene ? app.scene.biv_names.length : 0;
  const ws = [];
  for (let q = 0; q < k; q++) ws.push(H.w.map((w) => w[q]));
  AkPlot.draw($("plot_omega"), H.t, ws, app.scene ? app.scene.biv_names : []);
  const ob = app.scene ? omegaBody() : -1;
  $("omega_caption").textContent = "body-frame ω" + (ob >= 0 ? " of " + app.scene.bodies[ob].name : "");
}

function showBody() {
  const i = app.selected, el = $("tab_body");
  if (i < 0 || !app.state) { el.innerHTML = "<p>Click a body in the view.</p>"; return; }
  const b = app.scene.bodies[i], s = app.state.bodies[i];
  el.innerHTML = `<h3 id="body_name">${esc(b.name)}</h3>
    <table><tr><th>shape</th><td>${esc(b.shape)}${b.fixed ? " (fixed)" : ""}</td></tr>
    <tr><th>mass</th><td class="num">${fmt(b.mass)}</td></tr>
    <tr><th>x</th><td class="num" id="body_x">${vec(s.x)}</td></tr>
    <tr><th>v</th><td class="num">${vec(s.v)}</td></tr>
    <tr><th>rotor</th><td class="num">${vec(s.rotor)}</td></tr>
    <tr><th>ω (world; ${app.scene.biv_names.join(", ")})</th><td class="num">${vec(s.omega)}</td></tr>
    <tr><th>ω (body frame)</th><td class="num">${vec(s.omega_body)}</td></tr>
    <tr><th>kinetic energy</th><td class="num">${fmt(s.kinetic)}</td></tr></table>`;
}

function fidLink(f) {
  const target = f.entry || f.doc.replace(/^docs\//, "");
  return `<a class="fid" data-target="${esc(target)}" data-id="${esc(f.id)}" data-verdict="${esc(f.verdict)}">${esc(f.id)}</a>`;
}

function showExplain() {
  const e = app.explain, el = $("tab_explain");
  if (!e) return;
  const names = (i) => esc(app.scene.bodies[i].name);
  let h = `<p>step <b id="ex_step">${e.step}</b>, t = ${fmt(e.t)} s; integrator ${esc(e.integrator)}, solver ${esc(e.variant)} / ${esc(e.method)}</p>
    <table><tr><th>energy</th><td class="num">total ${fmt(e.energy.total)}, kinetic ${fmt(e.energy.kinetic)}, potential ${fmt(e.energy.potential)}</td></tr>
    <tr><th>momentum</th><td class="num">p ${vec(e.momentum.linear)}<br>L ${vec(e.momentum.angular)}</td></tr></table>`;
  h += `<h4>contacts (<span id="ex_ncontacts">${e.contacts.length}</span>)</h4>`;
  if (e.contacts.length) {
    h += "<table id=\"ex_contacts\"><tr><th>pair</th><th>point</th><th>normal</th><th>depth</th><th>j<sub>n</sub></th><th>|j<sub>t</sub>|</th></tr>";
    for (const c of e.contacts)
      h += `<tr><td>${names(c.a)}–${names(c.b)}${c.warm ? " (warm)" : ""}</td><td class="num">${vec(c.point)}</td><td class="num">${vec(c.normal)}</td><td class="num">${fmt(c.depth)}</td><td class="num">${fmt(c.jn)}</td><td class="num">${fmt(c.jt)}</td></tr>`;
    h += "</table>";
  } else {
    h += `<p>${e.step === 0 ? "none before the first step" : "none"}</p>`;
  }
  if (e.pairs.length) {
    h += "<h4>narrowphase per pair</h4><table><tr><th>pair</th><th>method</th><th>separation</th></tr>";
    for (const p of e.pairs) h += `<tr><td>${esc(p.a)}–${esc(p.b)}</td><td>${esc(p.method)}</td><td class="num">${fmt(p.separation)}</td></tr>`;
    h += "</table>";
  }
  h += "<h4>formulas of this step</h4><table id=\"ex_formulas\"><tr><th>stage</th><th>ID</th><th>what</th><th>verdict</th></tr>";
  for (const f of e.formulas)
    h += `<tr><td>${esc(f.stage)}</td><td>${f.id === "-" ? "–" : fidLink(f)}</td><td>${esc(f.what)}</td><td class="${f.verdict.startsWith("correct") ? "verdict-correct" : "verdict-other"}">${esc(f.verdict)}</td></tr>`;
  el.innerHTML = h + "</table>";
}

async function refreshExplain() {
  try {
    app.explain = await api("explain");
    showExplain();
    app.dirty = true;
  } catch (e) { report(e); }
}

let explainTimer = null;
// States arrive from the stream and from requests at once: apply them one at a time, in order,
// so that a state of a newly loaded scene never meets the previous scene's body list.
let applyChain = Promise.resolve();
function applyState(st) {
  applyChain = applyChain.then(() => applyStateNow(st)).catch(report);
  return applyChain;
}

async function applyStateNow(st) {
  if (st.scene_id < app.sceneId) return; // a state of a scene replaced since (ids only grow)
  if (st.scene_id !== app.sceneId) {
    app.scene = await api("scene");
    // the scene and a state of it, read after the scene: the pair belongs together even if a
    // state of the previous scene was still on its way
    st = await api("state");
    app.sceneId = st.scene_id;
    app.state = st;
    app.selected = -1;
    app.maxT = 0;
    for (const k in app.hist) app.hist[k] = [];
    $("scene").value = st.scene;
    frameScene();
    showBody();
  }
  app.state = st;
  app.maxT = st.replay ? st.replay.t_end : Math.max(app.maxT, st.t);
  record(st);
  $("time").max = app.maxT;
  $("time").value = st.t;
  $("clock").textContent = `t = ${st.t.toFixed(3)} s, step ${st.step}` + (st.replay ?
    ` (replay: recorded step ${st.replay.frame + 1} of ${st.replay.nframes}${st.replay.reference ? "; pale: the reference" : ""})` : "");
  $("play").innerHTML = st.playing ? "&#10074;&#10074; pause" : "&#9654; play";
  $("play").dataset.playing = st.playing ? "1" : "0";
  app.dirty = true;
  drawPlots();
  showBody();
  // the explain record: at once when paused, a few times a second while playing
  if (!st.playing) refreshExplain();
  else if (!explainTimer) explainTimer = setTimeout(() => { explainTimer = null; refreshExplain(); }, 250);
}

async function post(name, body) {
  try { await applyState(await api(name, body || {})); } catch (e) { report(e); }
}

// ---- docs pane ------------------------------------------------------------------------------------

// GitHub-style heading anchors (as verify/report/traceability.c ak_md_slug): lower case, spaces
// to '-', ASCII punctuation other than '-' and '_' dropped, other characters kept.
function slug(text) {
  let out = "";
  for (let ch of text) {
    if (ch >= "A" && ch <= "Z") ch = ch.toLowerCase(); // ASCII only, as tolower in C
    if (ch === " ") out += "-";
    else if (ch.charCodeAt(0) < 128 && /[!-\/:-@\[-`{-~]/.test(ch) && ch !== "-" && ch !== "_") continue;
    else out += ch;
  }
  return out;
}

async function openDoc(target, id, verdict) {
  selectTab("docs");
  const [page, anchor] = target.split("#");
  const v = $("verdict");
  if (id) {
    v.hidden = false;
    v.innerHTML = `<b>${esc(id)}</b>: verdict <span class="${verdict.startsWith("correct") ? "verdict-correct" : "verdict-other"}">${esc(verdict || "(none on record)")}</span> — <span class="src">${esc(target)}</span>`;
  } else {
    v.hidden = true;
  }
  try {
    const r = await fetch("/docs/" + page);
    if (!r.ok) throw new Error("/docs/" + page + ": " + r.status);
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    const art = doc.querySelector("article");
    const pane = $("docpane");
    pane.innerHTML = "";
    pane.dataset.page = page;
    const dir = page.includes("/") ? page.slice(0, page.lastIndexOf("/") + 1) : "";
    for (const hd of art.querySelectorAll("h1,h2,h3,h4,h5,h6")) hd.id = slug(hd.textContent);
    for (const img of art.querySelectorAll("img")) {
      const s = img.getAttribute("src") || "";
      if (!/^[a-z]+:|^\//.test(s)) img.src = "/docs/" + resolve(dir, s);
    }
    for (const a of art.querySelectorAll("a")) {
      const href = a.getAttribute("href") || "";
      if (/^[a-z]+:/.test(href)) { a.target = "_blank"; a.rel = "noopener"; continue; }
      a.addEventListener("click", (ev) => {
        ev.preventDefault();
        if (href.startsWith("#")) scrollToAnchor(href.slice(1));
        else if (/\.md(#|$)/.test(href)) openDoc(resolve(dir, href));
      });
    }
    while (art.firstChild) pane.appendChild(art.firstChild);
    scrollToAnchor(anchor);
  } catch (e) { report(e); }
}

function resolve(dir, rel) {
  const parts = (dir + rel).split("/"), out = [];
  for (const p of parts) { if (p === "..") out.pop(); else if (p !== ".") out.push(p); }
  return out.join("/");
}

function scrollToAnchor(anchor) {
  const pane = $("docpane");
  for (const t of pane.querySelectorAll(".target")) t.classList.remove("target");
  const h = anchor ? pane.querySelector("#" + CSS.escape(anchor)) : null;
  if (h) {
    h.classList.add("target");
    // scroll the pane only, never the page
    const tab = $("tab_docs");
    tab.scrollTop += h.getBoundingClientRect().top - tab.getBoundingClientRect().top - 6;
  } else {
    $("tab_docs").scrollTop = 0;
  }
}

function selectTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("on", t.id === "tab_" + name);
}

// ---- mouse: orbit, pan, zoom, pick and drag -------------------------------------------------------

function setupMouse() {
  const cv = $("view");
  let mode = null, last = null, drag = null;
  cv.addEventListener("contextmenu", (e) => e.preventDefault());
  cv.addEventListener("mousedown", async (e) => {
    last = [e.offsetX, e.offsetY];
    if (e.button === 2 || e.button === 1) { mode = "pan"; return; }
    mode = "pending";
    const r = rayAt(e.offsetX, e.offsetY);
    try {
      const hit = await api("pick", {origin: r.origin, dir: r.dir});
      if (hit.body >= 0) {
        app.selected = hit.body;
        showBody();
        drawPlots();
        if (!app.scene.bodies[hit.body].fixed && mode === "pending") {
          drag = {body: hit.body, point: hit.point, back: r.frame.back};
          mode = "drag";
          return;
        }
      }
    } catch (err) { report(err); }
    if (mode === "pending") mode = "orbit";
  });
  window.addEventListener("mousemove", (e) => {
    if (!mode || !last) return;
    const rect = cv.getBoundingClientRect(), x = e.clientX - rect.left, y = e.clientY - rect.top;
    const dx = x - last[0], dy = y - last[1];
    last = [x, y];
    const c = app.cam;
    if (mode === "orbit" || mode === "pending") {
      c.yaw -= 0.4 * dx;
      c.pitch = Math.max(-89, Math.min(89, c.pitch + 0.4 * dy));
      app.dirty = true;
    } else if (mode === "pan") {
      const f = camFrame(), k = c.dist * 0.0015;
      c.target = c.target.map((t, i) => t - k * dx * f.right[i] + k * dy * f.up[i]);
      app.dirty = true;
    } else if (mode === "drag") {
      // the target: where the mouse ray meets the plane through the grab point facing the camera
      const r = rayAt(x, y);
      const num = [0, 1, 2, 3].reduce((s, i) => s + (drag.point[i] - r.origin[i]) * drag.back[i], 0);
      const den = [0, 1, 2, 3].reduce((s, i) => s + r.dir[i] * drag.back[i], 0);
      if (Math.abs(den) < 1e-9) return;
      const t = num / den, target = r.origin.map((o, i) => o + t * r.dir[i]);
      // the spring pulls the centroid: move it by the grab point's displacement
      const xb = app.state.bodies[drag.body].x;
      const off = [0, 1, 2, 3].map((i) => drag.point[i] - (xb[i] || 0));
      drag.target = target.map((v, i) => v - off[i]);
      api("drag", {body: drag.body, target: drag.target}).catch(report);
    }
  });
  window.addEventListener("mouseup", () => {
    if (mode === "drag") api("drag", {body: -1}).catch(report);
    mode = null;
    drag = null;
  });
  cv.addEventListener("wheel", (e) => {
    e.preventDefault();
    app.cam.dist = Math.max(0.2, app.cam.dist * Math.exp(0.001 * e.deltaY));
    app.dirty = true;
  }, {passive: false});
}

// ---- controls ---------------------------------------------------------------------------------------

function setupControls() {
  $("play").onclick = () => post("play", {playing: $("play").dataset.playing !== "1", speed: parseFloat($("speed").value)});
  $("step").onclick = () => post("step", {n: 1});
  $("back").onclick = () => post("back", {n: 1});
  $("reset").onclick = () => post("reset");
  $("speed").onchange = () => post("play", {speed: parseFloat($("speed").value)});
  $("time").oninput = () => post("time", {t: parseFloat($("time").value)});
  $("scene").onchange = () => post("load", {scene: $("scene").value});
  $("slice_w").oninput = () => {
    app.cam.slice = parseFloat($("slice_w").value);
    $("slice_w_v").textContent = app.cam.slice.toFixed(2);
    app.dirty = true;
  };
  for (const k of ["xw", "yw", "zw"])
    $("rot_" + k).oninput = () => {
      app.cam[k] = parseFloat($("rot_" + k).value);
      $("rot_" + k + "_v").textContent = app.cam[k] + "°";
      app.dirty = true;
    };
  $("res").onchange = () => { app.dirty = true; };
  $("show_contacts").onchange = () => { app.dirty = true; };
  for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => selectTab(b.dataset.tab);
  $("tab_explain").addEventListener("click", (e) => {
    const a = e.target.closest("a.fid");
    if (a) openDoc(a.dataset.target, a.dataset.id, a.dataset.verdict);
  });
  $("docindex").onchange = () => { if ($("docindex").value) openDoc($("docindex").value); };
  window.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === " ") { e.preventDefault(); $("play").click(); }
    else if (e.key === ".") $("step").click();
    else if (e.key === ",") $("back").click();
  });
}

async function main() {
  const size = params.get("size"); // e.g. ?size=320x240 (the tests use small views)
  if (size && /^\d+x\d+$/.test(size)) {
    const [w, h] = size.split("x").map(Number);
    for (const id of ["view", "overlay"]) { $(id).width = w; $(id).height = h; }
  }
  setupControls();
  setupMouse();
  try {
    const frag = await (await fetch("/gen/trace.frag")).text();
    app.gl = AkGL.create($("view"), frag);
  } catch (e) {
    $("glerror").hidden = false;
    $("glerror").textContent = "The view needs WebGL2: " + e.message;
  }
  const sc = await api("scenes");
  for (const n of sc.scenes) {
    const o = document.createElement("option");
    o.value = o.textContent = n;
    $("scene").appendChild(o);
  }
  const docs = await api("docs");
  for (const d of docs) {
    const o = document.createElement("option");
    o.value = o.textContent = d;
    $("docindex").appendChild(o);
  }
  await applyState(await api("state"));
  const es = new EventSource("/api/stream");
  es.addEventListener("state", (ev) => applyState(JSON.parse(ev.data)).catch(report));
  document.body.dataset.ready = "1";
  requestAnimationFrame(loop);
}

app.camFrame = camFrame;
app.rayAt = rayAt;
main().catch(report);
