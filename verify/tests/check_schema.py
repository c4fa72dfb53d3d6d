#!/usr/bin/env python3
"""docs/scene.schema.json agrees with the loader (engine/scene.c).

- the schema is a valid draft 2020-12 schema, and docs/scene_schema.py still writes it;
- every bundled scene (scenes/*.json) is valid (the loader accepts them: test_scene);
- every file in verify/tests/scenes_bad/ (which the loader rejects: test_scene) is invalid,
  except those marked "_schema": "accepts", the rules a schema cannot state (unit rotors, unique
  names, springs naming bodies, ...), for which the schema must accept: so the list of gaps in
  docs/scene-format.md stays exact.
Usage: check_schema.py SOURCE_ROOT
"""
import glob
import json
import os
import subprocess
import sys

import jsonschema


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    path = os.path.join(root, "docs", "scene.schema.json")
    with open(path) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    failures = []

    fresh = subprocess.run([sys.executable, os.path.join(root, "docs", "scene_schema.py")],
                           check=True, capture_output=True, text=True).stdout
    if json.loads(fresh) != schema:
        failures.append("docs/scene.schema.json is stale: rerun docs/scene_schema.py")

    good = sorted(glob.glob(os.path.join(root, "scenes", "*.json")))
    for p in good:
        with open(p) as f:
            errs = [e.message for e in v.iter_errors(json.load(f))]
        if errs:
            failures.append(f"{p}: schema rejects a bundled scene: {errs[0]}")
    bad = sorted(glob.glob(os.path.join(root, "verify", "tests", "scenes_bad", "*.json")))
    gaps = 0
    for p in bad:
        with open(p) as f:
            doc = json.load(f)
        valid = v.is_valid(doc)
        if doc.get("_schema") == "accepts":
            gaps += 1
            if not valid:
                failures.append(f"{p}: marked as a loader-only rule, but the schema rejects it")
        elif valid:
            failures.append(f"{p}: the loader rejects it ({doc.get('_expect')}), the schema accepts it")
    for msg in failures:
        print("FAIL", msg)
    print(f"{len(good)} bundled scenes valid, {len(bad) - gaps} bad scenes invalid, "
          f"{gaps} loader-only rules accepted by the schema as documented")
    if len(good) < 4 or len(bad) < 30:
        print("FAIL too few scenes found under", root)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
