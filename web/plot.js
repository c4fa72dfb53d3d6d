// anakata view: small live line plots on a 2D canvas (no library).
"use strict";

const AkPlot = (() => {
  const COLORS = ["#1f4fb4", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490", "#a16207", "#475569"];

  function draw(canvas, t, series, labels) {
    const ctx = canvas.getContext("2d");
    const W = canvas.width, H = canvas.height, L = 46, R = 6, T = 6, B = 16;
    ctx.clearRect(0, 0, W, H);
    ctx.font = "10px sans-serif";
    if (t.length < 2) {
      ctx.fillStyle = "#889";
      ctx.fillText("(press play or step)", L, H / 2);
      return;
    }
    let lo = Infinity, hi = -Infinity;
    for (const s of series) for (const v of s) if (isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    if (!(hi > lo)) { hi = lo + 1e-9 + Math.abs(lo) * 1e-6; lo -= 1e-9 + Math.abs(lo) * 1e-6; }
    const pad = 0.05 * (hi - lo);
    lo -= pad; hi += pad;
    const t0 = t[0], t1 = Math.max(t[t.length - 1], t0 + 1e-9);
    const X = (x) => L + (W - L - R) * (x - t0) / (t1 - t0);
    const Y = (y) => T + (H - T - B) * (1 - (y - lo) / (hi - lo));
    ctx.strokeStyle = "#ccd";
    ctx.strokeRect(L, T, W - L - R, H - T - B);
    ctx.fillStyle = "#556";
    ctx.fillText(hi.toPrecision(4), 2, T + 8);
    ctx.fillText(lo.toPrecision(4), 2, H - B);
    ctx.fillText(t0.toFixed(2) + " s", L, H - 4);
    ctx.fillText(t1.toFixed(2) + " s", W - R - 40, H - 4);
    series.forEach((s, k) => {
      ctx.strokeStyle = COLORS[k % COLORS.length];
      ctx.beginPath();
      // at most one vertex per pixel column (long runs stay cheap)
      const stride = Math.max(1, Math.floor(t.length / (W - L - R)));
      for (let i = 0; i < t.length; i += stride) {
        const x = X(t[i]), y = Y(s[i]);
        if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      }
      ctx.stroke();
      if (labels && labels[k]) {
        ctx.fillStyle = COLORS[k % COLORS.length];
        ctx.fillText(labels[k], L + 4 + 44 * k, T + 10);
      }
    });
  }

  return {draw};
})();
