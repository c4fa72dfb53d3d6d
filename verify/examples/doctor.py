#!/usr/bin/env python3
"""Doctored copies of an honest 3D trace (anakata-trace/1 with qw,qx,qy,qz and wx,wy,wz columns),
each with one mistake that `anakata compare` must catch (issue 26, "Done when"):

  teleport     every x0 of the first moving body moved by 0.05 m from the middle of the run on
  omega_body   the angular velocity written in the body frame (q* w q) instead of the world frame
  xyzw         the quaternion written in (x, y, z, w) order into the qw,qx,qy,qz columns
  no_bounce    from the first impact on, the body lies where it hit, at rest (needs an impact)
  late_impact  the whole motion 120 steps later: the first 120 steps repeat the initial state
               (needs an impact)

  doctor.py TRACE OUTDIR      writes OUTDIR/NAME.csv for each mistake that applies and prints
                              one line per copy: NAME and what was done (or why it does not apply)

A mistake that cannot show in a trace is not written: omega_body where no body turns (a world-
and a body-frame omega are then the same numbers), no_bounce and late_impact where no body
falls faster than 0.5 m/s and is stopped (no impact). Exit status 2 for a trace it cannot read.
"""
import math
import os
import sys

IMPACT_SPEED = 0.5  # m/s, falling faster than this and losing more than half of it: an impact


def die(msg):
    print(f"doctor.py: {msg}", file=sys.stderr)
    sys.exit(2)


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        die(f"{path}: cannot read ({e.strerror})")
    meta = [l for l in lines if l.startswith("#")]
    body = [l for l in lines if l and not l.startswith("#")]
    if not body:
        die(f"{path}: no header")
    head = body[0].split(",")
    need = ["step", "t", "body", "x0", "x1", "x2", "v0", "v1", "v2", "qw", "qx", "qy", "qz", "wx", "wy", "wz"]
    for n in need:
        if n not in head:
            die(f"{path}: header has no column '{n}' (a 3D trace with quaternion and axis-vector columns)")
    rows = []
    for i, l in enumerate(body[1:], start=len(meta) + 2):
        cells = l.split(",")
        if len(cells) < len(head):
            die(f"{path}:{i}: {len(cells)} cells, expected {len(head)}")
        rows.append(cells)
    return meta, head, rows


def write(path, meta, head, rows):
    with open(path, "w", encoding="utf-8") as f:
        for l in meta:
            f.write(l + "\n")
        f.write(",".join(head) + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")


def fmt(x):
    return repr(float(x))


def qmul(a, b):
    return (a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
            a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
            a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
            a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0])


def to_body(q, w):
    """q* w q: a world-frame vector in the body frame."""
    qc = (q[0], -q[1], -q[2], -q[3])
    p = qmul(qmul(qc, (0.0, *w)), q)
    return p[1:]


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    src, outdir = sys.argv[1], sys.argv[2]
    meta, head, rows = read(src)
    c = {n: head.index(n) for n in head}
    try:
        steps = sorted({int(r[c["step"]]) for r in rows})
    except ValueError:
        die(f"{src}: a step is not an integer")
    names = []
    for r in rows:
        if r[c["body"]] not in names:
            names.append(r[c["body"]])
    first = names[0]
    t_end = float(rows[-1][c["t"]])
    os.makedirs(outdir, exist_ok=True)

    def out(name, new_rows, what):
        write(os.path.join(outdir, name + ".csv"), meta, head, new_rows)
        print(f"{name}: {what}")

    # teleport
    new = [list(r) for r in rows]
    for r in new:
        if r[c["body"]] == first and float(r[c["t"]]) >= t_end / 2:
            r[c["x0"]] = fmt(float(r[c["x0"]]) + 0.05)
    out("teleport", new, f"'{first}' moved by 0.05 m along x0 from t = {t_end / 2:g} s on")

    # omega in the body frame
    new, turn = [list(r) for r in rows], 0.0
    for r in new:
        q = tuple(float(r[c[k]]) for k in ("qw", "qx", "qy", "qz"))
        w = tuple(float(r[c[k]]) for k in ("wx", "wy", "wz"))
        wb = to_body(q, w)
        turn = max(turn, math.dist(w, wb))
        for k, v in zip(("wx", "wy", "wz"), wb):
            r[c[k]] = fmt(v)
    if turn > 1e-3:
        out("omega_body", new, f"omega in the body frame (largest difference from the world frame {turn:.3g} rad/s)")
    else:
        print(f"omega_body: not applicable (the world- and body-frame omega differ by at most {turn:.2g} rad/s)")

    # quaternion in (x, y, z, w) order
    new = [list(r) for r in rows]
    for r in new:
        qw, qx, qy, qz = (r[c[k]] for k in ("qw", "qx", "qy", "qz"))
        r[c["qw"]], r[c["qx"]], r[c["qy"]], r[c["qz"]] = qx, qy, qz, qw
    out("xyzw", new, "quaternion written as (x, y, z, w) into qw,qx,qy,qz")

    # the first impact: a body falling (along -x1, the scenes' gravity) faster than 0.5 m/s that
    # loses more than half of that speed from one sample to the next
    by_body = {}
    for i, r in enumerate(rows):
        by_body.setdefault(r[c["body"]], []).append(i)
    impact = None
    for name in names:
        idx = by_body[name]
        for a, b in zip(idx, idx[1:]):
            va, vb = float(rows[a][c["v1"]]), float(rows[b][c["v1"]])
            if va < -IMPACT_SPEED and vb > va / 2:
                impact = (name, a)
                break
        if impact:
            break
    if not impact:
        print("no_bounce: not applicable (no impact in the trace)")
        print("late_impact: not applicable (no impact in the trace)")
        return
    name, at = impact
    t_hit = float(rows[at][c["t"]])
    new = [list(r) for r in rows]
    rest = rows[at]
    for i in by_body[name]:
        if i > at:
            r = new[i]
            for k in ("x0", "x1", "x2", "qw", "qx", "qy", "qz"):
                r[c[k]] = rest[c[k]]
            for k in ("v0", "v1", "v2", "wx", "wy", "wz"):
                r[c[k]] = "0"
    out("no_bounce", new, f"'{name}' stops where it hits at t = {t_hit:g} s (no rebound)")

    # 120 steps late: the state of step k - 120 at step k, the initial state before
    shift = 120
    state_cols = [c[k] for k in ("x0", "x1", "x2", "v0", "v1", "v2", "qw", "qx", "qy", "qz", "wx", "wy", "wz")]
    if "contacts" in c:
        state_cols.append(c["contacts"])
    at_step = {(int(r[c["step"]]), r[c["body"]]): r for r in rows}
    if any(s2 - s1 != 1 for s1, s2 in zip(steps, steps[1:])):
        die(f"{src}: late_impact needs every step recorded")
    new = []
    for r in rows:
        s = int(r[c["step"]])
        old = at_step[(max(s - shift, steps[0]), r[c["body"]])]
        nr = list(r)
        for k in state_cols:
            nr[k] = old[k]
        if s - shift < steps[0]:  # before the motion starts: at rest in the initial state
            for k in ("v0", "v1", "v2", "wx", "wy", "wz"):
                nr[c[k]] = "0"
        new.append(nr)
    out("late_impact", new, f"the motion {shift} steps later (the impact at t = {t_hit:g} s moves {shift} steps)")


if __name__ == "__main__":
    main()
