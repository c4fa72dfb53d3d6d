// anakata view: the WebGL2 sphere tracer. The fragment shader is /gen/trace.frag, generated at
// build time from render/shaders (trace.comp, scene.glsl, sdf.glsl): the Vulkan tracer's code
// with the buffers read from float textures (verify/view/glsl_to_webgl.py). This file only
// feeds it: the scene header as the uniform struct `scn`, the objects and half-spaces as
// textures, the objects per screen tile that its rays can meet (tileLists), one full-screen
// triangle.
"use strict";

const AkGL = (() => {
  const VERT = "#version 300 es\nvoid main() {\n" +
    "  vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);\n" +
    "  gl_Position = vec4(p, 0.0, 1.0);\n}\n";

  function compile(gl, type, src) {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS))
      throw new Error("shader compile: " + gl.getShaderInfoLog(s));
    return s;
  }

  function program(gl, fragSrc) {
    const p = gl.createProgram();
    gl.attachShader(p, compile(gl, gl.VERTEX_SHADER, VERT));
    gl.attachShader(p, compile(gl, gl.FRAGMENT_SHADER, fragSrc));
    gl.linkProgram(p);
    if (!gl.getProgramParameter(p, gl.LINK_STATUS))
      throw new Error("shader link: " + gl.getProgramInfoLog(p));
    return p;
  }

  function floatTexture(gl) {
    const t = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return t;
  }

  function upload(gl, tex, width, rows, data) {
    gl.bindTexture(gl.TEXTURE_2D, tex);
    const h = Math.max(rows, 1);
    const buf = new Float32Array(width * 4 * h);
    buf.set(data.slice(0, width * 4 * h));
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, width, h, 0, gl.RGBA, gl.FLOAT, buf);
  }

  // The shape types present (one bit per type code, AkObj's info.x, number 32 of each object's
  // 36) select the tracer's build: the generated shader declares `const int AK_RT_TYPES = 63;`
  // (every type) and gets the scene's set instead, so that the code of absent types is left
  // out (render/shaders/scene.glsl, AK_RT_HAS; the Vulkan tracer does the same with a
  // specialization constant). SwiftShader runs every branch of an `if` under a mask: the page
  // is faster by the SDFs it no longer evaluates. One program per set, compiled when first met.
  const TYPES_DECL = "\nconst int AK_RT_TYPES = 63;"; // a line of its own (glsl_to_webgl.py checks)

  function useTypes(r, gl, render) {
    let types = 0;
    for (let i = 0; i < render.nobj; i++) types |= 1 << render.obj[36 * i + 32];
    if (r.types === types) return;
    if (!(types in r.progs)) {
      if (r.src.split(TYPES_DECL).length !== 2)
        throw new Error("the tracer shader does not declare '" + TYPES_DECL + "' once");
      const src = r.src.replace(TYPES_DECL, "\nconst int AK_RT_TYPES = " + types + ";");
      r.progs[types] = {prog: program(gl, src), locs: {}};
    }
    r.types = types;
    r.prog = r.progs[types].prog;
    r.locs = r.progs[types].locs;
  }

  // The objects' texture: 9 texels (AkObj's vec4 members) per object, one row each.
  // The planes' texture: 2 texels (normal, offset) per plane.
  function setObjects(r, gl, render) {
    if (r.src) useTypes(r, gl, render);
    upload(gl, r.objTex, 9, render.nobj, render.obj);
    upload(gl, r.planeTex, 2, render.planes.length / 8, render.planes);
    r.nobj = render.nobj;
    r.objData = render.obj.slice(0, 36 * render.nobj);
  }

  // Per 16x16 tile of the canvas, the objects that a ray of the tile can meet (the tracer's
  // ray_list keeps an object only then: trace.comp), for the primary rays and for the shadow
  // rays, in index order, so that the fragment's lists visit only those and come out the same.
  // The tests are conservative (double precision, margins above the shader's float rounding):
  // primary: the object's bounding ball, grown by more than the list's growth (hit epsilon and
  // 2.5 h at the march's end, 0.027 at most), meets the cone around the tile's corner rays;
  // shadow: only for a tile whose primary rays meet no bounded object and all hit the first
  // hyperplane within the march's reach (so every shadow origin lies on the plane in the ball
  // about those four hits, up to the origin's offset), the object's ball grown by that ball
  // comes within t/K of the ray from the ball's centre towards a light for some t in [0, H].
  // Texel 5 tx of row ty: (n primary, n shadow; -1: every object), then four texels of indices
  // (web/gl.js and glsl_to_webgl.py's ak_tile_n, ak_tile_obj: keep in step). Up to 8 each.
  const TILE = 16, TILE_SLOTS = 8, SHADOW_K = 12.0, SHADOW_H = 31.0, MAX_DIST = 80.0;

  function tileLists(r, cam, scene, W, H) {
    const ntx = Math.ceil(W / TILE), nty = Math.ceil(H / TILE), out = new Int32Array(ntx * 5 * nty * 4);
    const ob = r.objData, n = r.nobj, O = cam.origin.slice(0, 4);
    const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]];
    const norm = (a) => Math.sqrt(dot(a, a));
    const pos = (i) => [ob[36 * i], ob[36 * i + 1], ob[36 * i + 2], ob[36 * i + 3]];
    const bound = (i) => ob[36 * i + 31], type = (i) => ob[36 * i + 32];
    let plane = -1;
    for (let i = 0; i < n && plane < 0; i++) if (type(i) === 3) plane = i;
    const th = Math.tan(0.5 * cam.fov * Math.PI / 180), asp = W / H;
    const ray = (px, py) => {
      const u = (2 * (px + 0.5) / W - 1) * th * asp, v = (1 - 2 * (py + 0.5) / H) * th;
      const d = [0, 1, 2, 3].map((k) => u * cam.right[k] + v * cam.up[k] - cam.back[k]);
      const l = norm(d);
      return d.map((x) => x / l);
    };
    const pn = plane >= 0 ? [ob[36 * plane + 24], ob[36 * plane + 25], ob[36 * plane + 26], ob[36 * plane + 27]] : null;
    const po = plane >= 0 ? ob[36 * plane + 20] : 0;
    const lights = scene.shadows ? scene.lights.slice(0, 4).map((L) => {
      const d = L.dir.slice(0, 4);
      while (d.length < 4) d.push(0);
      const l = norm(d);
      return d.map((x) => x / l);
    }) : [];
    const cone = 1 / SHADOW_K, cs = cone / Math.sqrt(1 - cone * cone);
    for (let ty = 0; ty < nty; ty++)
      for (let tx = 0; tx < ntx; tx++) {
        const x0 = tx * TILE, x1 = Math.min(W, x0 + TILE) - 1, y0 = ty * TILE, y1 = Math.min(H, y0 + TILE) - 1;
        const cr = [ray(x0, y0), ray(x1, y0), ray(x0, y1), ray(x1, y1)];
        let ax = [0, 1, 2, 3].map((k) => cr[0][k] + cr[1][k] + cr[2][k] + cr[3][k]);
        const al = norm(ax);
        ax = ax.map((x) => x / al);
        const half = Math.acos(Math.min(1, Math.min(...cr.map((d) => dot(d, ax))))) + 1e-3;
        const prim = [];
        let bounded = 0;
        for (let i = 0; i < n; i++) {
          if (i === plane) continue;
          if (!(bound(i) < 1e29)) {
            prim.push(i);
            continue;
          }
          const R = bound(i) * 1.000001 + 1e-6 + 0.04, w = sub(pos(i), O), L = norm(w);
          const ang = Math.acos(Math.max(-1, Math.min(1, dot(w, ax) / L)));
          if (L <= R || ang <= half + Math.asin(R / L) + 1e-3) {
            prim.push(i);
            bounded++;
          }
        }
        let shad = null; // null: every object
        if (lights.length === 0) shad = [];
        else if (plane >= 0 && prim.length === 0) {
          const d0 = dot(O, pn) - po, hits = [];
          for (const d of cr) {
            const nl = dot(d, pn);
            if (!(d0 > 0 && nl < -1e-3 && d0 / -nl <= MAX_DIST)) break;
            hits.push(O.map((x, k) => x + d0 / -nl * d[k]));
          }
          if (hits.length === 4) {
            const m = [0, 1, 2, 3].map((k) => 0.25 * (hits[0][k] + hits[1][k] + hits[2][k] + hits[3][k]));
            const rho = Math.max(...hits.map((p) => norm(sub(p, m)))) + 0.1;
            shad = [];
            for (let i = 0; i < n; i++) {
              if (i === plane) continue;
              if (!(bound(i) < 1e29)) {
                shad.push(i);
                continue;
              }
              const R = bound(i) * 1.000001 + 1e-6 + rho, w = sub(m, pos(i));
              const near = lights.some((l) => {
                const b = dot(w, l), h = Math.sqrt(Math.max(dot(w, w) - b * b, 0));
                const s = Math.min(Math.max(-b + cs * h, 0), SHADOW_H);
                return Math.sqrt((s + b) * (s + b) + h * h) - R - cone * s <= 0.01;
              });
              if (near) shad.push(i);
            }
          }
        }
        const base = ((ty * ntx * 5) + tx * 5) * 4;
        out[base] = prim.length > TILE_SLOTS ? -1 : prim.length;
        out[base + 1] = shad === null || shad.length > TILE_SLOTS ? -1 : shad.length;
        prim.forEach((i, k) => { if (k < TILE_SLOTS) out[base + 4 + k] = i; });
        if (shad) shad.forEach((i, k) => { if (k < TILE_SLOTS) out[base + 12 + k] = i; });
      }
    const gl = r.gl;
    gl.bindTexture(gl.TEXTURE_2D, r.tileTex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32I, ntx * 5, nty, 0, gl.RGBA_INTEGER, gl.INT, out);
  }

  function loc(r, name) {
    if (!(name in r.locs)) r.locs[name] = r.gl.getUniformLocation(r.prog, name);
    return r.locs[name];
  }

  function draw(r, cam, scene, width, height) {
    const gl = r.gl;
    gl.viewport(0, 0, width, height);
    gl.useProgram(r.prog);
    const v4 = (n, a) => gl.uniform4f(loc(r, "scn." + n), a[0], a[1], a[2], a[3] || 0);
    v4("cam_origin", cam.origin);
    v4("cam_right", cam.right);
    v4("cam_up", cam.up);
    v4("cam_back", cam.back);
    v4("cam_ana", cam.ana);
    v4("misc", [Math.tan(0.5 * cam.fov * Math.PI / 180), width / height, width, height]);
    v4("ambient", scene.ambient);
    v4("sky", scene.sky);
    const nl = Math.min(scene.lights.length, 4);
    for (let l = 0; l < 4; l++) {
      const L = l < nl ? scene.lights[l] : {dir: [0, 1, 0, 0], color: [0, 0, 0]};
      v4("light_dir[" + l + "]", L.dir);
      v4("light_col[" + l + "]", L.color);
    }
    gl.uniform4i(loc(r, "scn.counts"), r.nobj, nl, scene.shadows ? 1 : 0, scene.grid ? 1 : 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, r.objTex);
    gl.uniform1i(loc(r, "ak_obj_tex"), 0);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, r.planeTex);
    gl.uniform1i(loc(r, "ak_plane_tex"), 1);
    const tl = loc(r, "ak_tile_tex");
    if (tl !== null) { // the tracer as generated (the bench's baseline shader has no tiles)
      gl.activeTexture(gl.TEXTURE2);
      tileLists(r, cam, scene, width, height);
      gl.uniform1i(tl, 2);
    }
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  // specialise false: one program for every type (verify/bench/bench_view_shader.py's baseline)
  function create(canvas, fragSrc, specialise = true) {
    const gl = canvas.getContext("webgl2", {antialias: false, preserveDrawingBuffer: true});
    if (!gl) throw new Error("this browser has no WebGL2");
    const r = {gl, prog: program(gl, fragSrc), locs: {}, nobj: 0, src: specialise ? fragSrc : null, progs: {},
               types: 63, objTex: floatTexture(gl), planeTex: floatTexture(gl), tileTex: floatTexture(gl)};
    r.progs[63] = {prog: r.prog, locs: r.locs}; // every type: the shader as served
    r.vao = gl.createVertexArray();
    gl.bindVertexArray(r.vao);
    return {
      gl,
      setObjects: (render) => setObjects(r, gl, render),
      draw: (cam, scene, w, h) => draw(r, cam, scene, w, h),
    };
  }

  // The scene SDF of the generated probe shader (/gen/probe.frag) at points: returns a
  // Float32Array of distances (the float bits travel through an RGBA8 target exactly).
  function probe(fragSrc, render, points) {
    const canvas = document.createElement("canvas");
    const n = points.length, W = 64, H = Math.ceil(n / W);
    canvas.width = W;
    canvas.height = H;
    const gl = canvas.getContext("webgl2");
    if (!gl) throw new Error("this browser has no WebGL2");
    const r = {gl, prog: program(gl, fragSrc), locs: {}, nobj: 0,
               objTex: floatTexture(gl), planeTex: floatTexture(gl)};
    gl.bindVertexArray(gl.createVertexArray());
    setObjects(r, gl, render);
    const ptex = floatTexture(gl);
    const flat = new Float32Array(W * H * 4);
    points.forEach((p, i) => flat.set(p, 4 * i));
    gl.bindTexture(gl.TEXTURE_2D, ptex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, W, H, 0, gl.RGBA, gl.FLOAT, flat);
    gl.viewport(0, 0, W, H);
    gl.useProgram(r.prog);
    gl.uniform4i(loc(r, "scn.counts"), r.nobj, 0, 0, 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, r.objTex);
    gl.uniform1i(loc(r, "ak_obj_tex"), 0);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, r.planeTex);
    gl.uniform1i(loc(r, "ak_plane_tex"), 1);
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D, ptex);
    gl.uniform1i(loc(r, "ak_points"), 2);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    const px = new Uint8Array(W * H * 4);
    gl.readPixels(0, 0, W, H, gl.RGBA, gl.UNSIGNED_BYTE, px);
    // readPixels rows are bottom-up, as gl_FragCoord: texel (x, y) is point y * W + x.
    return new Float32Array(px.buffer).slice(0, n);
  }

  return {create, probe};
})();
