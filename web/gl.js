// anakata view: the WebGL2 sphere tracer. The fragment shader is /gen/trace.frag, generated at
// build time from render/shaders (trace.comp, scene.glsl, sdf.glsl): the Vulkan tracer's code
// with the buffers read from float textures (verify/view/glsl_to_webgl.py). This file only
// feeds it: the scene header as the uniform struct `scn`, the objects and half-spaces as
// textures, the objects per screen tile that its rays can meet (tileLists), and each class of
// tiles as quads drawn by the tracer built for that class (a program per set of shape types and
// class, compiled when first met).
"use strict";

const AkGL = (() => {
  const VERT = "#version 300 es\nvoid main() {\n" +
    "  vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);\n" +
    "  gl_Position = vec4(p, 0.0, 1.0);\n}\n";
  // the tiles of one class: quads in clip space (attribute 0), drawn by that class's program
  const VERT_QUADS = "#version 300 es\nlayout(location = 0) in vec2 ak_quad;\n" +
    "void main() {\n  gl_Position = vec4(ak_quad, 0.0, 1.0);\n}\n";

  function compile(gl, type, src) {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS))
      throw new Error("shader compile: " + gl.getShaderInfoLog(s));
    return s;
  }

  function program(gl, fragSrc, vert = VERT) {
    const p = gl.createProgram();
    gl.attachShader(p, compile(gl, gl.VERTEX_SHADER, vert));
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
    r.typedSrc = r.src.replace(TYPES_DECL, "\nconst int AK_RT_TYPES = " + types + ";");
    r.types = types;
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

  // Per 8x8 tile of the canvas, the objects that a ray of the tile can meet (the tracer's
  // ray_list keeps an object only then: trace.comp), for the primary rays and for the shadow
  // rays, in index order, so that the fragment's lists visit only those and come out the same.
  // The tests are conservative (double precision, margins above the shader's float rounding),
  // on the cone about the rays through the tile's four corners (every pixel's ray lies within
  // it): primary: the object's bounding ball, grown by more than the list's growth (hit epsilon
  // and 2.5 h at the march's end, 0.027 at most), meets that cone; shadow: only for a tile whose
  // primary rays meet no bounded object and whose corner rays all hit the first hyperplane within
  // the march's reach (so every shadow origin lies on the plane in the ball about those four
  // hits, up to the origin's offset), the object's ball grown by that ball comes within t/K of
  // the ray from the ball's centre towards a light for some t in [0, H].
  // Texel 5 tx of row ty: (n primary, n shadow; -1: every object), then four texels of indices
  // (web/gl.js and glsl_to_webgl.py's ak_tile_n, ak_tile_obj: keep in step). Up to 8 each.
  //
  // And each tile's class, which selects the program that draws it (the tracer built with the
  // class's define: the code that no ray of the class reaches left out, since SwiftShader runs
  // all of a shader's code under masks, wherever the rays go; trace.comp, AK_PAGE_*):
  //   FULL   the tracer as generated;
  //   SKY    no object listed, the hyperplane's list holds (camera above it by more than the
  //          largest hit epsilon, every ray's |n.v| below 0.999) and every ray points away from
  //          the plane: no ray can hit, the pixels are the sky (AK_PAGE_SKY);
  //   PLANE  no object listed, the list holds: the primary ray meets the plane alone
  //          (AK_PAGE_PRIM_PLANE), its shadow rays are traced as usual;
  //   GROUND PLANE, and no object in the shadow list either (or no shadows), every light either
  //          below the plane or above it with |n.l| below 0.999, so each shadow ray has its list
  //          (AK_PAGE_PRIM_PLANE and AK_PAGE_SHADOW_PLANE).
  // The bounds on n.v over a tile come from the same cone.
  // What depends on the camera alone (the cones, the plane hits) is kept until the camera, the
  // canvas or the plane changes; the objects' tests run every frame.
  const TILE = 8, TILE_SLOTS = 8, SHADOW_K = 12.0, SHADOW_H = 31.0, MAX_DIST = 80.0;
  const CLASSES = [
    {name: "full", defs: ""},
    {name: "sky", defs: "#define AK_PAGE_SKY 1\n"},
    {name: "plane", defs: "#define AK_PAGE_PRIM_PLANE 1\n"},
    {name: "ground", defs: "#define AK_PAGE_PRIM_PLANE 1\n#define AK_PAGE_SHADOW_PLANE 1\n"},
  ];
  const FULL = 0, SKY = 1, PLANE = 2, GROUND = 3;

  // The camera's part of the tiles: per tile the cone's axis and half angle, the range of n.v
  // (n the plane's unit normal) over it, and whether the four corner rays hit the plane within
  // the march's reach, with the ball about those hits (centre, radius).
  function cameraTiles(cam, W, H, pn, po) {
    const ntx = Math.ceil(W / TILE), nty = Math.ceil(H / TILE), nt = ntx * nty;
    const th = Math.tan(0.5 * cam.fov * Math.PI / 180), asp = W / H, O = cam.origin;
    const gx = ntx + 1, gy = nty + 1, g = new Float64Array(4 * gx * gy);
    for (let j = 0; j < gy; j++)
      for (let i = 0; i < gx; i++) { // the ray through the corner (pixel edges) of tiles
        const u = (2 * Math.min(W, i * TILE) / W - 1) * th * asp, v = (1 - 2 * Math.min(H, j * TILE) / H) * th;
        let l = 0;
        const o = 4 * (j * gx + i);
        for (let k = 0; k < 4; k++) {
          g[o + k] = u * cam.right[k] + v * cam.up[k] - cam.back[k];
          l += g[o + k] * g[o + k];
        }
        l = Math.sqrt(l);
        for (let k = 0; k < 4; k++) g[o + k] /= l;
      }
    const ax = new Float64Array(4 * nt), half = new Float64Array(nt), nlMin = new Float64Array(nt);
    const nlMax = new Float64Array(nt), hit = new Uint8Array(nt), m = new Float64Array(4 * nt);
    const rho = new Float64Array(nt);
    const pnl = pn ? Math.hypot(pn[0], pn[1], pn[2], pn[3]) : 1;
    const d0 = pn ? O[0] * pn[0] + O[1] * pn[1] + O[2] * pn[2] + O[3] * pn[3] - po : 0;
    const hp = new Float64Array(16);
    for (let ty = 0; ty < nty; ty++)
      for (let tx = 0; tx < ntx; tx++) {
        const t = ty * ntx + tx, c = [4 * (ty * gx + tx), 4 * (ty * gx + tx + 1),
                                      4 * ((ty + 1) * gx + tx), 4 * ((ty + 1) * gx + tx + 1)];
        let l = 0;
        for (let k = 0; k < 4; k++) {
          ax[4 * t + k] = g[c[0] + k] + g[c[1] + k] + g[c[2] + k] + g[c[3] + k];
          l += ax[4 * t + k] * ax[4 * t + k];
        }
        l = Math.sqrt(l);
        let cmin = 1;
        for (let k = 0; k < 4; k++) ax[4 * t + k] /= l;
        for (const o of c)
          cmin = Math.min(cmin, g[o] * ax[4 * t] + g[o + 1] * ax[4 * t + 1] + g[o + 2] * ax[4 * t + 2] + g[o + 3] * ax[4 * t + 3]);
        half[t] = Math.acos(Math.min(1, cmin)) + 1e-3;
        if (!pn) continue;
        // n.v over the tile's rays: v within half of ax, so its angle to n is within half of ax's
        const A = Math.acos(Math.max(-1, Math.min(1, (ax[4 * t] * pn[0] + ax[4 * t + 1] * pn[1] +
                                                      ax[4 * t + 2] * pn[2] + ax[4 * t + 3] * pn[3]) / pnl)));
        nlMax[t] = Math.cos(Math.max(0, A - half[t]));
        nlMin[t] = Math.cos(Math.min(Math.PI, A + half[t]));
        let nh = 0;
        for (const o of c) {
          const nl = g[o] * pn[0] + g[o + 1] * pn[1] + g[o + 2] * pn[2] + g[o + 3] * pn[3];
          if (!(d0 > 0 && nl < -1e-3 && d0 / -nl <= MAX_DIST)) break;
          for (let k = 0; k < 4; k++) hp[4 * nh + k] = O[k] + d0 / -nl * g[o + k];
          nh++;
        }
        if (nh < 4) continue;
        hit[t] = 1;
        for (let k = 0; k < 4; k++) m[4 * t + k] = 0.25 * (hp[k] + hp[4 + k] + hp[8 + k] + hp[12 + k]);
        let rr = 0;
        for (let q = 0; q < 4; q++)
          rr = Math.max(rr, Math.hypot(hp[4 * q] - m[4 * t], hp[4 * q + 1] - m[4 * t + 1],
                                       hp[4 * q + 2] - m[4 * t + 2], hp[4 * q + 3] - m[4 * t + 3]));
        rho[t] = rr + 0.1;
      }
    return {ntx, nty, ax, half, nlMin, nlMax, hit, m, rho, camH: d0, pnl};
  }

  function tileLists(r, cam, scene, W, H) {
    const ob = r.objData, n = r.nobj, O = cam.origin;
    let plane = -1;
    for (let i = 0; i < n && plane < 0; i++) if (ob[36 * i + 32] === 3) plane = i;
    const pn = plane >= 0 ? [ob[36 * plane + 24], ob[36 * plane + 25], ob[36 * plane + 26], ob[36 * plane + 27]] : null;
    const po = plane >= 0 ? ob[36 * plane + 20] : 0;
    const key = JSON.stringify([cam.origin, cam.right, cam.up, cam.back, cam.fov, W, H, pn, po]);
    if (!r.camTiles || r.camTiles.key !== key) r.camTiles = Object.assign(cameraTiles(cam, W, H, pn, po), {key});
    const {ntx, nty, ax, half, nlMin, nlMax, hit, m, rho, camH, pnl} = r.camTiles;
    const nt = ntx * nty, out = new Int32Array(ntx * 5 * nty * 4), cls = new Uint8Array(nt);
    const lights = scene.shadows ? scene.lights.slice(0, 4).map((L) => {
      const d = [0, 1, 2, 3].map((k) => L.dir[k] || 0), l = Math.hypot(d[0], d[1], d[2], d[3]);
      return d.map((x) => x / l);
    }) : [];
    const cone = 1 / SHADOW_K, cs = cone / Math.sqrt(1 - cone * cone);
    // a shadow ray along each light has its list from a point on the plane (GROUND)
    const lightsOk = lights.every((l) => {
      const s = pn ? (l[0] * pn[0] + l[1] * pn[1] + l[2] * pn[2] + l[3] * pn[3]) / pnl : 0;
      return s < -1e-3 || (s > 1e-3 && s < 0.998);
    });
    // the objects but the plane: unbounded, or the ball seen from the camera (primary) and the
    // ball's centre and radius (shadow)
    const objs = [];
    for (let i = 0; i < n; i++) {
      if (i === plane) continue;
      const b = ob[36 * i + 31], c = [ob[36 * i], ob[36 * i + 1], ob[36 * i + 2], ob[36 * i + 3]];
      const w = [c[0] - O[0], c[1] - O[1], c[2] - O[2], c[3] - O[3]], L = Math.hypot(w[0], w[1], w[2], w[3]);
      const R = b * 1.000001 + 1e-6 + 0.04;
      objs.push({i, unb: !(b < 1e29), c, w, L, inside: L <= R, ang: L > R ? Math.asin(R / L) + 1e-3 : 0,
                 Rs: b * 1.000001 + 1e-6});
    }
    const prim = new Int32Array(n), shad = new Int32Array(n);
    for (let t = 0; t < nt; t++) {
      let np = 0, ns = -1; // ns -1: every object
      const a0 = ax[4 * t], a1 = ax[4 * t + 1], a2 = ax[4 * t + 2], a3 = ax[4 * t + 3];
      for (const o of objs) {
        if (o.unb || o.inside) {
          prim[np++] = o.i;
          continue;
        }
        const cosw = (o.w[0] * a0 + o.w[1] * a1 + o.w[2] * a2 + o.w[3] * a3) / o.L;
        if (Math.acos(Math.max(-1, Math.min(1, cosw))) <= half[t] + o.ang) prim[np++] = o.i;
      }
      if (lights.length === 0) ns = 0;
      else if (plane >= 0 && np === 0 && hit[t]) {
        ns = 0;
        const m0 = m[4 * t], m1 = m[4 * t + 1], m2 = m[4 * t + 2], m3 = m[4 * t + 3];
        for (const o of objs) {
          if (o.unb) {
            shad[ns++] = o.i;
            continue;
          }
          const R = o.Rs + rho[t], w0 = m0 - o.c[0], w1 = m1 - o.c[1], w2 = m2 - o.c[2], w3 = m3 - o.c[3];
          const ww = w0 * w0 + w1 * w1 + w2 * w2 + w3 * w3;
          for (const l of lights) {
            const b = w0 * l[0] + w1 * l[1] + w2 * l[2] + w3 * l[3], h = Math.sqrt(Math.max(ww - b * b, 0));
            const s = Math.min(Math.max(-b + cs * h, 0), SHADOW_H);
            if (Math.sqrt((s + b) * (s + b) + h * h) - R - cone * s <= 0.01) {
              shad[ns++] = o.i;
              break;
            }
          }
        }
      }
      let c = FULL;
      if (plane >= 0 && np === 0 && camH > 0.02 && nlMax[t] < 0.998 && nlMin[t] > -0.998) {
        if (nlMin[t] > 1e-4) c = SKY;
        else c = ns === 0 && lightsOk ? GROUND : PLANE;
      }
      cls[t] = c;
      const base = 20 * t; // texel 5 tx of row ty (t = ty ntx + tx), four ints each
      out[base] = np > TILE_SLOTS ? -1 : np;
      out[base + 1] = ns > TILE_SLOTS ? -1 : ns;
      for (let k = 0; k < Math.min(np, TILE_SLOTS); k++) out[base + 4 + k] = prim[k];
      for (let k = 0; k < Math.min(ns, TILE_SLOTS); k++) out[base + 12 + k] = shad[k];
    }
    const gl = r.gl;
    gl.bindTexture(gl.TEXTURE_2D, r.tileTex);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32I, ntx * 5, nty, 0, gl.RGBA_INTEGER, gl.INT, out);
    // each class's tiles as quads in clip space (a row's run of tiles of one class is one quad),
    // class after class in one array; returns each class's first vertex and vertex count
    const verts = new Float32Array(12 * nt), ranges = [];
    let nv = 0;
    for (let c = 0; c < CLASSES.length; c++) {
      const v0 = nv;
      for (let ty = 0; ty < nty; ty++)
        for (let tx = 0; tx < ntx;) {
          if (cls[ty * ntx + tx] !== c) {
            tx++;
            continue;
          }
          let tx1 = tx + 1;
          while (tx1 < ntx && cls[ty * ntx + tx1] === c) tx1++;
          const xa = 2 * (tx * TILE) / W - 1, xb = 2 * Math.min(W, tx1 * TILE) / W - 1;
          const ya = 1 - 2 * (ty * TILE) / H, yb = 1 - 2 * Math.min(H, (ty + 1) * TILE) / H;
          verts.set([xa, ya, xb, ya, xa, yb, xa, yb, xb, ya, xb, yb], 2 * nv);
          nv += 6;
          tx = tx1;
        }
      ranges.push([v0, nv - v0]);
    }
    r.stats = CLASSES.map((_, c) => cls.reduce((a, x) => a + (x === c ? 1 : 0), 0));
    return {verts: verts.subarray(0, 2 * nv), ranges};
  }

  function loc(r, name) {
    if (!(name in r.locs)) r.locs[name] = r.gl.getUniformLocation(r.prog, name);
    return r.locs[name];
  }

  // The uniforms of the current program (r.prog): the camera, the scene header, the textures.
  function uniforms(r, cam, scene, width, height) {
    const gl = r.gl;
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
    gl.uniform1i(loc(r, "ak_obj_tex"), 0);
    gl.uniform1i(loc(r, "ak_plane_tex"), 1);
    const tl = loc(r, "ak_tile_tex");
    if (tl !== null) gl.uniform1i(tl, 2);
  }

  // The program of a class for the current shape types (compiled when first met).
  function useClass(r, c) {
    const key = r.types + "/" + c;
    if (!(key in r.progs)) {
      const src = r.typedSrc.replace("\n", "\n#define AK_TILE " + TILE + "\n" + CLASSES[c].defs); // after #version
      r.progs[key] = {prog: program(r.gl, src, VERT_QUADS), locs: {}};
    }
    r.prog = r.progs[key].prog;
    r.locs = r.progs[key].locs;
  }

  function draw(r, cam, scene, width, height) {
    const gl = r.gl;
    gl.viewport(0, 0, width, height);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, r.objTex);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, r.planeTex);
    if (!r.classes) { // one program, one triangle over the canvas (the bench's baseline)
      if (r.src) { // a shader without tiles, built per set of shape types
        if (!(r.types in r.progs)) r.progs[r.types] = {prog: program(gl, r.typedSrc), locs: {}};
        r.prog = r.progs[r.types].prog;
        r.locs = r.progs[r.types].locs;
      }
      if (r.tiles) { // not specialised, but the shader reads the tiles' lists
        gl.activeTexture(gl.TEXTURE2);
        tileLists(r, cam, scene, width, height);
      }
      uniforms(r, cam, scene, width, height);
      gl.bindVertexArray(r.vao);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      return;
    }
    gl.activeTexture(gl.TEXTURE2);
    const t0 = performance.now();
    const {verts, ranges} = tileLists(r, cam, scene, width, height);
    r.hostMs = performance.now() - t0;
    gl.bindVertexArray(r.quadVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, r.quadBuf);
    gl.bufferData(gl.ARRAY_BUFFER, verts, gl.STREAM_DRAW);
    for (let c = 0; c < CLASSES.length; c++) {
      if (ranges[c][1] === 0) continue;
      useClass(r, c);
      uniforms(r, cam, scene, width, height);
      gl.drawArrays(gl.TRIANGLES, ranges[c][0], ranges[c][1]);
    }
  }

  // specialise false: one program for every type and the whole canvas, as the page had before
  // (verify/bench/bench_view_shader.py's baseline); true: a program per set of shape types and
  // class of tiles (a shader without tiles: per set of types only)
  function create(canvas, fragSrc, specialise = true) {
    const gl = canvas.getContext("webgl2", {antialias: false, preserveDrawingBuffer: true});
    if (!gl) throw new Error("this browser has no WebGL2");
    if (specialise && fragSrc.split(TYPES_DECL).length !== 2)
      throw new Error("the tracer shader does not declare '" + TYPES_DECL + "' once");
    const r = {gl, prog: null, locs: {}, nobj: 0, src: specialise ? fragSrc : null, progs: {},
               tiles: fragSrc.includes("ak_tile_tex"), types: 63, typedSrc: fragSrc,
               objTex: floatTexture(gl), planeTex: floatTexture(gl), tileTex: floatTexture(gl), stats: null};
    r.classes = specialise && r.tiles;
    // compiled now, so that a shader this browser cannot compile fails here (app.js says so)
    if (r.classes) useClass(r, FULL);
    else {
      r.prog = program(gl, fragSrc);
      r.progs[63] = {prog: r.prog, locs: r.locs};
    }
    r.vao = gl.createVertexArray();
    r.quadVao = gl.createVertexArray();
    r.quadBuf = gl.createBuffer();
    gl.bindVertexArray(r.quadVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, r.quadBuf);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(r.vao);
    return {
      gl,
      setObjects: (render) => setObjects(r, gl, render),
      draw: (cam, scene, w, h) => draw(r, cam, scene, w, h),
      // the tiles of each class in the last frame drawn (null before one, or without classes)
      // and the host's time for the tiles' lists and classes, ms
      stats: () => r.stats && CLASSES.reduce((o, c, k) => Object.assign(o, {[c.name]: r.stats[k]}),
                                             {host_ms: Math.round(r.hostMs)}),
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
