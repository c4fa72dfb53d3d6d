#!/usr/bin/env python3
"""References that settle are at rest (issue 26, item 6): in every committed reference whose
manifest entry says "settles": true, a body that stays where it is over the last second of the
trace has |v| and |w| rho (its angular velocity times its radius of gyration) below
0.1 |g| h at every sample of that second (h the scene's timestep). A body on the ground gains
|g| h of speed in every step; a contact law that applies restitution to that speed (no
threshold) bounces it at e |g| h every step and keeps it chattering in place, which this bound
catches for any e >= 0.1. A body that goes somewhere (a capsule rolling away at a steady speed)
is not resting: its mean speed over the second, |x(T) - x(T - 1 s)| / 1 s, is the bound or more.

Reads only the committed files (verify/reference/manifest.json, the traces, the scenes'
timesteps); nothing of anakata's code. Before it judges the references it checks itself on a
doctored copy of a resting body (a chatter of 0.5 |g| h added to the last second) and fails
unless that copy is caught.

    reference_rest.py SOURCE_DIR
"""
import csv
import json
import math
import os
import sys

WINDOW = 1.0  # s: the last second of the trace
FRACTION = 0.1  # of |g| h


def read_trace(path):
    with open(path, encoding="utf-8") as f:
        rows = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(rows))


def rest_failures(rows, dim, g, h, bodies):
    """([(body, t, speed, bound, what)], resting bodies) for the last WINDOW seconds."""
    T = float(rows[-1]["t"])
    bound = FRACTION * g * h
    by_body = {}
    for r in rows:
        t = float(r["t"])
        if t < T - WINDOW - 1e-9:
            continue
        by_body.setdefault(r["body"], []).append(r)
    out, resting = [], 0
    for name, rs in by_body.items():
        if len(rs) < 2:
            continue
        x0 = [float(rs[0][f"x{i}"]) for i in range(dim)]
        x1 = [float(rs[-1][f"x{i}"]) for i in range(dim)]
        span = float(rs[-1]["t"]) - float(rs[0]["t"])
        if not span > 0 or math.dist(x0, x1) / span >= bound:
            continue  # it goes somewhere: not resting
        resting += 1
        mass, inertia = bodies.get(name, (None, None))
        rho = math.sqrt(max(inertia[i][i] for i in range(len(inertia))) / mass) if mass else 0.0
        for r in rs:
            v = math.sqrt(sum(float(r[f"v{i}"]) ** 2 for i in range(dim)))
            w = math.sqrt(sum(float(r[k]) ** 2 for k in r if k.startswith("w_")))
            for what, speed in (("|v|", v), ("|w| rho", w * rho)):
                if not speed < bound:
                    out.append((name, float(r["t"]), speed, bound, what))
    return out, resting


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    src = sys.argv[1]
    man_path = os.path.join(src, "verify/reference/manifest.json")
    with open(man_path, encoding="utf-8") as f:
        manifest = json.load(f)
    judged, failed, first = 0, 0, None
    for e in manifest["scenes"]:
        if not e.get("settles"):
            continue
        with open(os.path.join(src, e["scene_file"]), encoding="utf-8") as f:
            h = json.load(f)["timestep"]
        g = math.sqrt(sum(a * a for a in e["gravity"]))
        bodies = {b["name"]: (b["mass"], b["inertia"]) for b in e.get("bodies", [])}
        rows = read_trace(os.path.join(src, "verify/reference", e["trace"]))
        if first is None:
            first = (e, rows, h, g, bodies)
        bad, resting = rest_failures(rows, e["dim"], g, h, bodies)
        judged += 1
        if bad:
            failed += 1
            worst = max(bad, key=lambda b: b[2] / b[3])
            print(f"FAIL {e['scene']}: {len(bad)} samples of resting bodies over the bound; worst "
                  f"body '{worst[0]}' at t = {worst[1]:g} s: {worst[4]} = {worst[2]:.3g} m/s, "
                  f"bound 0.1 |g| h = {worst[3]:.3g} m/s (a micro-bounce)")
        else:
            print(f"ok   {e['scene']}: {resting} of {len(bodies)} bodies rest, below 0.1 |g| h = "
                  f"{FRACTION * g * h:.3g} m/s")
    if judged == 0:
        print("reference_rest: no settling reference in the manifest", file=sys.stderr)
        return 1
    # the check itself: a resting body of the first settling reference made to chatter at
    # 0.5 |g| h (alternating up and down) over the last second must be caught
    e, rows, h, g, bodies = first
    T = float(rows[-1]["t"])
    doctored = [dict(r) for r in rows]
    k = 0
    for r in doctored:
        if float(r["t"]) >= T - WINDOW - 1e-9:
            r["v1"] = repr((0.5 if k % 2 else -0.5) * g * h)
            k += 1
    if not rest_failures(doctored, e["dim"], g, h, bodies)[0]:
        print(f"FAIL the check itself: {e['scene']} with a chatter of 0.5 |g| h in its last "
              "second was not caught")
        return 1
    print(f"reference_rest: {judged} settling references, {failed} with a micro-bounce "
          f"(self-check: a chatter of 0.5 |g| h in {e['scene']} is caught)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
