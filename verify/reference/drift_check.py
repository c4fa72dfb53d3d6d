#!/usr/bin/env python3
"""How the "drift_tolerances" (anakata against its own reference) of the contact scenes were
chosen, and the evidence that they work.

The engine is bitwise deterministic on one machine, and with the same compiler, flags
(-ffp-contract=off, no -ffast-math) and libm it is bitwise reproducible elsewhere. Contact scenes
are chaotic, though: a change of rounding size grows to O(1) in some of them. So each scene's
drift tolerances must survive a rounding-size change, and still catch a real engine change:

  rounding   the first moving body's x0 moved by 1e-12 (about 10^4 ulp of a coordinate near 1:
             far more than a reordered sum) -> must PASS
  iteration  one solver iteration less ("solver": {"iterations": N - 1}) -> must FAIL

For the state items, the drift horizon of a scene is the last reference sample before the
rounding run first differs from the reference by more than MARGIN x the state tolerance (1e-9),
rounded down to 0.1 s (at most the whole run). End-state, energy and contact items stay at their
tolerance where the rounding run meets them with the same margin, and are switched off (null)
where it does not (the scene is too chaotic for them to be reproducible).

A scene whose horizon comes out 0 (it leaves the reference before its first sample after t0:
stack10_4d, duocylinder_on_spheres and the piles) would keep nothing that can catch an engine
change. Those get "drift_reproducibility": "bitwise": the strict tolerances over the whole run (1e-9, contacts
exact), which assume bitwise reproducibility (same compiler, flags and libm; the determinism check
world.determinism asserts it on one machine); for them the rounding row says FAIL, as expected.
After a toolchain change, review their diff and run `anakata reference --update`.

  verify/reference/drift_check.py build/verify/anakata [--apply] [SCENE...]
prints the table (docs/compare.md quotes it); --apply writes the drift horizons and the null
items into manifest.json. Rerun without --apply afterwards: every row must say PASS / FAIL.
"""
import collections, copy, csv, json, math, os, shutil, subprocess, sys, tempfile

MARGIN = 0.1
STATE_TOL = 1e-9
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
ITEMS = {"energy.drift": "energy_drift", "energy.final": "energy_final", "end.position": "end_position",
         "end.rotor": "end_rotor", "contacts.mean": "contacts_mean"}


def read(path):
    rows = [r for r in csv.reader(l for l in open(path) if not l.startswith("#"))]
    h = rows[0]
    cols = [i for i, c in enumerate(h) if i > 2 and c not in ("contacts", "energy")]  # x, v, R, w
    out = collections.OrderedDict()
    for r in rows[1:]:
        out.setdefault(float(r[1]), {})[r[2]] = [float(r[i]) for i in cols]
    return out


def first_divergence(ref, other):
    """Time of the first common sample where any state component differs by more than
    MARGIN * STATE_TOL (rotor sign ignored by comparing both signs would need the layout; the
    engine does not flip signs between runs), or None."""
    for t, bodies in ref.items():
        o = other.get(t)
        if o is None:
            continue
        for b, s in bodies.items():
            if max(abs(a - c) for a, c in zip(s, o[b])) > MARGIN * STATE_TOL:
                return t
    return None


def main():
    ak = os.path.abspath(sys.argv[1])
    apply = "--apply" in sys.argv[2:]
    only = [a for a in sys.argv[2:] if not a.startswith("--")]
    path = os.path.join(HERE, "manifest.json")
    man = json.load(open(path), object_pairs_hook=collections.OrderedDict)
    entries = [e for e in man["scenes"] if e["source"] == "engine" and any(e.get("gravity", [0]))
               and (not only or e["scene"] in only)]
    tmp = tempfile.mkdtemp(prefix="ak_drift_")
    for kind in ("rounding", "iteration"):
        os.makedirs(os.path.join(tmp, kind))
        tm = {"format": "anakata-reference/1", "engine_version": man["engine_version"], "scenes": []}
        for e in entries:
            s = json.load(open(os.path.join(SRC, e["scene_file"])))
            if kind == "rounding":
                for b in s["bodies"]:
                    if not b.get("fixed") and b["shape"]["type"] != "hyperplane":
                        b["position"][0] += 1e-12
                        break
            else:
                sol = dict(s.get("solver", {}))
                s["solver"] = dict(sol, iterations=sol.get("iterations", 10) - 1)
            f = os.path.join(tmp, kind, e["scene"] + ".json")
            json.dump(s, open(f, "w"))
            ve = copy.deepcopy(e)
            ve["scene_file"] = f
            tm["scenes"].append(ve)
            shutil.copy(os.path.join(HERE, e["trace"]), os.path.join(tmp, kind, e["trace"]))
            shutil.copy(os.path.join(HERE, e["scene"] + ".invariants.json"), os.path.join(tmp, kind))
        json.dump(tm, open(os.path.join(tmp, kind, "manifest.json"), "w"))
    # the rounding runs, made like the references, to find where they leave the reference
    gen = os.path.join(tmp, "gen")
    shutil.copytree(os.path.join(tmp, "rounding"), gen)
    subprocess.run([ak, "reference", "--update", "--manifest", os.path.join(gen, "manifest.json")],
                   check=True, stdout=subprocess.DEVNULL)
    if apply:
        for e in entries:
            ref = read(os.path.join(HERE, e["trace"]))
            t = first_divergence(ref, read(os.path.join(gen, e["trace"])))
            times = list(ref.keys())
            dt = e["drift_tolerances"]
            if t is None:
                dt["horizon"] = e["duration"]
            else:
                before = [x for x in times if x < t]
                dt["horizon"] = math.floor((before[-1] - times[0]) * 10 + 1e-9) / 10 if before else 0
        open(path, "w").write(json.dumps(man, indent="\t") + "\n")
        for kind in ("rounding", "iteration"):
            m2 = json.load(open(os.path.join(tmp, kind, "manifest.json")))
            for ve in m2["scenes"]:
                ve["drift_tolerances"]["horizon"] = next(
                    e for e in man["scenes"] if e["scene"] == ve["scene"])["drift_tolerances"]["horizon"]
            json.dump(m2, open(os.path.join(tmp, kind, "manifest.json"), "w"))
    # the item tolerances: off where the rounding run does not meet them with the margin
    verdict = {}
    for kind in ("rounding", "iteration"):
        for e in entries:
            out = subprocess.run([ak, "reference", "--verbose", "--manifest", os.path.join(tmp, kind, "manifest.json"),
                                  e["scene"]], capture_output=True, text=True).stdout
            rows = {}
            for line in out.splitlines():
                p = line.split()
                if len(p) >= 6 and p[0] in ("ok", "FAIL") and "." in p[1]:
                    try:
                        rows[p[1]] = (p[0], float(p[4]), float(p[5]))
                    except ValueError:
                        pass
            verdict[(kind, e["scene"])] = rows
    if apply:
        for e in entries:
            dt = e["drift_tolerances"]
            if dt["horizon"] == 0:
                e["drift_reproducibility"] = "bitwise"
                dt.update(horizon=e["duration"], energy_drift=1e-9, energy_final=1e-9,
                          end_position=1e-9 if e["tolerances"].get("end_position") is not None else None,
                          end_rotor=1e-9 if e["tolerances"].get("end_rotor") is not None else None,
                          contacts_mean=0)
                continue
            e.pop("drift_reproducibility", None)
            for q, (v, err, tol) in verdict[("rounding", e["scene"])].items():
                if q in ITEMS and not (err <= MARGIN * tol):
                    dt[ITEMS[q]] = None
        open(path, "w").write(json.dumps(man, indent="\t") + "\n")
        print("applied; rerun without --apply for the table")
        return
    print("%-24s %8s  %-9s %-28s  %-9s %s" % ("scene", "horizon", "rounding", "worst item (error/tol)",
                                              "iteration", "caught by"))
    for e in entries:
        r = verdict[("rounding", e["scene"])]
        i = verdict[("iteration", e["scene"])]
        worst = max(r.items(), key=lambda kv: kv[1][1] / kv[1][2] if kv[1][2] > 0 else (math.inf if kv[1][1] else 0),
                    default=("-", ("", 0, 1)))
        caught = [q for q, (v, _, _) in i.items() if v == "FAIL"]
        print("%-24s %8s  %-9s %-28s  %-9s %s" % (
            e["scene"], ("%g" % e["drift_tolerances"]["horizon"]) + ("*" if e.get("drift_reproducibility") else ""),
            "FAIL" if any(v == "FAIL" for v, _, _ in r.values()) else "PASS",
            "%s %.2g" % (worst[0], worst[1][1] / worst[1][2] if worst[1][2] > 0 else (math.inf if worst[1][1] else 0)),
            "FAIL" if caught else "PASS", " ".join(caught)))


if __name__ == "__main__":
    main()
