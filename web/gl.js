// anakata view: the WebGL2 sphere tracer. The fragment shader is /gen/trace.frag, generated at
// build time from render/shaders (trace.comp, scene.glsl, sdf.glsl): the Vulkan tracer's code
// with the buffers read from float textures (verify/view/glsl_to_webgl.py). This file only
// feeds it: the scene header as the uniform struct `scn`, the objects and half-spaces as
// textures, one full-screen triangle.
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
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  // specialise false: one program for every type (verify/bench/bench_view_shader.py's baseline)
  function create(canvas, fragSrc, specialise = true) {
    const gl = canvas.getContext("webgl2", {antialias: false, preserveDrawingBuffer: true});
    if (!gl) throw new Error("this browser has no WebGL2");
    const r = {gl, prog: program(gl, fragSrc), locs: {}, nobj: 0, src: specialise ? fragSrc : null, progs: {},
               types: 63, objTex: floatTexture(gl), planeTex: floatTexture(gl)};
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
