#!/usr/bin/env python3
"""docs/sweep.schema.json agrees with the sweep spec reader (verify/sweep/spec.c).

- the schema is a valid draft 2020-12 schema;
- every shipped spec (sweeps/*.json) and test spec (verify/tests/sweeps_good/*.json) is valid
  (the reader accepts them: test_sweep_cli.sh runs them);
- every file in verify/tests/sweeps_bad/ (which the reader rejects: test_sweep_cli.sh) is
  invalid, except those marked "_schema": "accepts", the rules a schema cannot state (value
  ranges inside parameter lists, lo < hi, plane names in the body's dimension, grid sizes,
  duplicates, base scenes), for which the schema must accept: so the list of gaps in
  docs/sweep.md stays exact. Files that are not JSON are skipped (counted).
Usage: check_sweep_schema.py SOURCE_ROOT
"""
import glob
import json
import os
import sys

import jsonschema


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    with open(os.path.join(root, "docs", "sweep.schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    failures = []
    good = sorted(glob.glob(os.path.join(root, "sweeps", "*.json")) +
                  glob.glob(os.path.join(root, "verify", "tests", "sweeps_good", "*.json")))
    for p in good:
        with open(p) as f:
            errs = [e.message for e in v.iter_errors(json.load(f))]
        if errs:
            failures.append(f"{p}: schema rejects a good spec: {errs[0]}")
    gaps = rejected = skipped = 0
    for p in sorted(glob.glob(os.path.join(root, "verify", "tests", "sweeps_bad", "*.json"))):
        try:
            with open(p) as f:
                doc = json.load(f)
        except json.JSONDecodeError:
            skipped += 1
            continue
        valid = v.is_valid(doc)
        if isinstance(doc, dict) and doc.get("_schema") == "accepts":
            gaps += 1
            if not valid:
                failures.append(f"{p}: marked as a reader-only rule, but the schema rejects it")
        elif valid:
            failures.append(f"{p}: the reader rejects it, the schema accepts it (mark it \"_schema\": \"accepts\" "
                            f"only if a schema cannot state the rule)")
        else:
            rejected += 1
    for msg in failures:
        print("check_sweep_schema:", msg, file=sys.stderr)
    print(f"check_sweep_schema: {len(good)} good specs valid; {rejected} bad specs rejected by the schema, "
          f"{gaps} reader-only rules, {skipped} not JSON")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
