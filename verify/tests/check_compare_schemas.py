#!/usr/bin/env python3
"""The JSON Schemas of docs/ for the comparison (docs/compare.md) agree with what the program
writes and reads:

- docs/trace-metadata.schema.json, docs/reference-manifest.schema.json and
  docs/compare-result.schema.json are valid draft 2020-12 schemas;
- the committed manifest (verify/reference/manifest.json) and one that `anakata reference --make`
  writes are valid;
- `anakata compare --json` (a reference against itself, the published example, a trace with
  quaternion columns) and `anakata compare --stepwise --json` print valid documents, with the
  trace metadata valid against its own schema;
- documents with a wrong field are invalid (each schema rejects something).
Usage: check_compare_schemas.py ANAKATA PUBLISHED_ENGINE SOURCE_ROOT
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    ak, example, root = sys.argv[1], sys.argv[2], sys.argv[3]
    docs = os.path.join(root, "docs")
    names = ["trace-metadata", "reference-manifest", "compare-result"]
    schemas = {n: load(os.path.join(docs, n + ".schema.json")) for n in names}
    for s in schemas.values():
        jsonschema.Draft202012Validator.check_schema(s)

    # compare-result refers to trace-metadata by its file name: put the referenced schema in
    # place (the same for every jsonschema version, without a resolver)
    def inline(node):
        if isinstance(node, dict):
            if node.get("$ref") == "trace-metadata.schema.json":
                return {k: v for k, v in schemas["trace-metadata"].items() if k not in ("$schema", "$id")}
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    val = {n: jsonschema.Draft202012Validator(inline(s)) for n, s in schemas.items()}
    failures = []

    def expect(name, doc, valid, what):
        errs = [e.message for e in val[name].iter_errors(doc)]
        if valid and errs:
            failures.append(f"{what}: {name} rejects it: {errs[0][:300]}")
        if not valid and not errs:
            failures.append(f"{what}: {name} accepts it")

    ref = os.path.join(root, "verify", "reference")
    manifest = load(os.path.join(ref, "manifest.json"))
    expect("reference-manifest", manifest, True, "verify/reference/manifest.json")

    def run(*args, ok=(0, 1)):
        p = subprocess.run([ak, *args], capture_output=True, text=True)
        if p.returncode not in ok:
            failures.append(f"anakata {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
            return None
        return p.stdout

    with tempfile.TemporaryDirectory() as tmp:
        # a manifest made by --make for a scene of the tree
        m2 = os.path.join(tmp, "manifest.json")
        if run("reference", "--make", os.path.join(root, "scenes", "stack3_3d.json"), "--manifest", m2,
               "--duration", "1", ok=(0,)) is not None:
            made = load(m2)
            expect("reference-manifest", made, True, "a manifest written by reference --make")
            entry = made["scenes"][0]
            for key in ("bodies", "predictability", "tolerances", "gravity", "dim", "settles", "isolated"):
                if key not in entry:
                    failures.append(f"reference --make wrote no '{key}'")
        dz = os.path.join(ref, "dzhanibekov_c.csv")
        outs = [run("compare", dz, dz, "--json")]
        published = os.path.join(tmp, "published.csv")
        subprocess.run([example, "-o", published], check=True)
        outs.append(run("compare", os.path.join(ref, "tumbling_cuboid.csv"), published, "--json"))
        # the 3D reference rewritten with quaternion and axis-vector columns
        with open(os.path.join(ref, "dzhanibekov_3d.csv")) as f:
            lines = f.read().splitlines()
        q = os.path.join(tmp, "quat.csv")
        with open(q, "w") as f:
            for ln in lines:
                if ln.startswith("#"):
                    f.write(ln + "\n")
                elif ln.startswith("step,"):
                    f.write("step,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,wx,wy,wz\n")
                else:
                    c = ln.split(",")
                    r, w = [float(x) for x in c[9:13]], [float(x) for x in c[13:16]]
                    quat = [r[0], -r[3], r[2], -r[1]]
                    axis = [w[2], -w[1], w[0]]
                    f.write(",".join(c[:9] + [repr(x) for x in quat + axis]) + "\n")
        outs.append(run("compare", os.path.join(ref, "dzhanibekov_3d.csv"), q, "--json"))
        for i, out in enumerate(outs):
            if out is None:
                continue
            doc = json.loads(out)
            expect("compare-result", doc, True, f"compare --json output {i + 1}")
            for k in ("reference_metadata", "other_metadata"):
                expect("trace-metadata", doc.get(k, {}), True, f"compare --json output {i + 1}: {k}")
        if outs[2] is not None:
            doc = json.loads(outs[2])
            if not doc["pass"] or "quaternion" not in doc["other_metadata"]["columns"]:
                failures.append("the quaternion copy of dzhanibekov_3d does not pass or is not reported as such")
        sw = run("compare", "--stepwise", os.path.join(root, "scenes", "stack_4d.json"),
                 os.path.join(ref, "stack_4d.csv"), "--json")
        if sw is not None:
            doc = json.loads(sw)
            expect("compare-result", doc, True, "compare --stepwise --json")
            bad = dict(doc, substeps=0)
            expect("compare-result", bad, False, "stepwise with substeps 0")
        if outs[0] is not None:
            doc = json.loads(outs[0])
            bad = dict(doc)
            bad["quantities"] = [dict(doc["quantities"][0], verdict="maybe")]
            expect("compare-result", bad, False, "a verdict 'maybe'")
            expect("trace-metadata", dict(doc["reference_metadata"], dim=7), False, "metadata dim 7")
    bad_manifest = json.loads(json.dumps(manifest))
    bad_manifest["scenes"][0]["tolerances"]["position"] = "tight"
    expect("reference-manifest", bad_manifest, False, "a tolerance 'tight'")
    bad_manifest = json.loads(json.dumps(manifest))
    bad_manifest["scenes"][0]["source"] = "guess"
    expect("reference-manifest", bad_manifest, False, "source 'guess'")
    for msg in failures:
        print("FAIL", msg)
    print(f"{len(names)} schemas; manifest, compare --json (3), stepwise --json checked; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
