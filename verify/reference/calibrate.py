#!/usr/bin/env python3
"""How the "tolerances" (for other engines) of the contact scenes in manifest.json were chosen.

For each engine entry with contacts, three variants of its scene are run with anakata's own world
step (through `anakata reference --update` on a temporary manifest, so they are made and
downsampled exactly like the references):
  half       the scene's timestep halved              (a correct engine, another step size)
  iter2      twice the solver iterations               (a correct engine, a better converged solver)
  published  "solver": {"variant": "published"}      (the thesis' solver as published, T-Alg13)
and compared with the committed reference by `anakata compare --json`. A quantity's tolerance is
  max(FLOOR[q], nice(FACTOR * max(error of half, error of iter2)))
(nice: rounded up to 1, 2 or 5 times a power of ten), so that two correct engines that differ in
step size or convergence pass with a margin of FACTOR; the table shows which quantities then catch
the published variant; a tolerance above CAP[q] becomes null (not compared). Nothing here is tuned to make the published variant fail.

  verify/reference/calibrate.py build/verify/anakata [--apply] [SCENE...]
prints the table (docs/compare.md quotes it); --apply writes the tolerances into manifest.json.
"""
import collections, copy, json, math, os, subprocess, sys, tempfile

FACTOR = 10
FLOOR = {"position": 1e-3, "velocity": 1e-2, "rotor": 1e-3, "angular_velocity": 1e-2,
         "energy_drift": 0.05, "energy_final": 0.05, "end_position": 1e-2, "end_rotor": 1e-2,
         "contacts_mean": 0.1}
# Above CAP, two correct engines disagree too much for the quantity to mean anything in this
# scene (a tower that may fall either way, a body that rolls off): it is not compared (null).
CAP = {"position": 0.1, "velocity": 1, "rotor": 0.1, "angular_velocity": 1, "energy_drift": 1,
       "energy_final": 10, "end_position": 0.1, "end_rotor": 0.1, "contacts_mean": 1}
QUANT = {"state.position": "position", "state.velocity": "velocity", "state.rotor": "rotor",
         "state.angular_velocity": "angular_velocity", "energy.drift": "energy_drift",
         "energy.final": "energy_final", "end.position": "end_position", "end.rotor": "end_rotor",
         "contacts.mean": "contacts_mean"}
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))


def nice(x):
    if x <= 0:
        return 0.0
    e = math.floor(math.log10(x))
    for m in (1, 2, 5, 10):
        if m * 10 ** e >= x * (1 - 1e-12):
            return float("%.0e" % (m * 10 ** e))


def variants(scene):
    s = json.load(open(os.path.join(SRC, scene)))
    sol = dict(s.get("solver", {}))
    half = copy.deepcopy(s)
    half["timestep"] = s.get("timestep", 0.01) / 2  # 0.01: the engine default (engine/model.c)
    it2 = copy.deepcopy(s)
    it2["solver"] = dict(sol, iterations=2 * sol.get("iterations", 10))
    pub = copy.deepcopy(s)
    pub["solver"] = dict(sol, variant="published")
    return {"half": half, "iter2": it2, "published": pub}


def main():
    ak = os.path.abspath(sys.argv[1])
    apply = "--apply" in sys.argv[2:]
    only = [a for a in sys.argv[2:] if not a.startswith("--")]
    path = os.path.join(HERE, "manifest.json")
    man = json.load(open(path), object_pairs_hook=collections.OrderedDict)
    entries = [e for e in man["scenes"] if e["source"] == "engine" and any(e.get("gravity", [0]))
               and (not only or e["scene"] in only)]
    tmp = tempfile.mkdtemp(prefix="ak_calibrate_")
    tm = {"format": "anakata-reference/1", "engine_version": man["engine_version"], "scenes": []}
    for e in entries:
        for v, scene in variants(e["scene_file"]).items():
            f = os.path.join(tmp, "%s_%s.json" % (e["scene"], v))
            json.dump(scene, open(f, "w"))
            ve = copy.deepcopy(e)
            ve.update(scene="%s_%s" % (e["scene"], v), scene_file=f, trace="%s_%s.csv" % (e["scene"], v))
            tm["scenes"].append(ve)
    json.dump(tm, open(os.path.join(tmp, "manifest.json"), "w"))
    subprocess.run([ak, "reference", "--update", "--manifest", os.path.join(tmp, "manifest.json")],
                   check=True, stdout=subprocess.DEVNULL)
    print("%-24s %-18s %10s %10s %10s %10s  %s" % ("scene", "quantity", "half", "iter2", "published",
                                                   "tolerance", "published caught"))
    for e in entries:
        err = {}
        for v in ("half", "iter2", "published"):
            out = subprocess.run([ak, "compare", os.path.join(HERE, e["trace"]),
                                  os.path.join(tmp, "%s_%s.csv" % (e["scene"], v)), "--json",
                                  "--manifest", path, "--scene", e["scene"]],
                                 capture_output=True, text=True).stdout
            for q in json.loads(out)["quantities"]:
                if q["quantity"] in QUANT and "error" in q:
                    err.setdefault(QUANT[q["quantity"]], {})[v] = q["error"]
        tol = e["tolerances"]
        for k, ev in err.items():
            if tol.get(k) is None and not apply:
                continue
            new = max(FLOOR[k], nice(FACTOR * max(ev.get("half", 0), ev.get("iter2", 0))))
            if new > CAP[k]:
                new = None
            if apply:
                tol[k] = new
            print("%-24s %-18s %10.3g %10.3g %10.3g %10s  %s" % (
                e["scene"], k, ev.get("half", math.nan), ev.get("iter2", math.nan), ev.get("published", math.nan),
                "%.3g" % new if new is not None else "null", "yes" if new is not None and ev.get("published", 0) > new else ""))
    if apply:
        open(path, "w").write(json.dumps(man, indent="\t") + "\n")


if __name__ == "__main__":
    main()
