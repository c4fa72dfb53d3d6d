#!/usr/bin/env python3
"""Writes docs/scene.schema.json, the JSON Schema (draft 2020-12) of anakata-scene/1.

The lengths of vectors, bivectors and rotors depend on "dim", which a schema cannot compute, so
the scene is described once per dimension (2..5) in $defs and the top level picks the one that
matches "dim". Rules the schema cannot state (a rotor being a unit rotor, a normal longer than
1e-9, unique body names, springs naming existing bodies, finite numbers) are the loader's alone;
docs/scene-format.md lists them. verify/tests/check_schema.py checks the schema against the
bundled scenes and against verify/tests/scenes_bad/.

Run: python3 docs/scene_schema.py > docs/scene.schema.json
"""
import json

AXES = "xyzwv"
POS = {"type": "number", "exclusiveMinimum": 0}
NONNEG = {"type": "number", "minimum": 0}
UNIT = {"type": "number", "minimum": 0, "maximum": 1}
NUM = {"type": "number"}
COMMENTS = {"^_": {}}
NAME = {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,63}$"}


def closed(props, required=(), **extra):
    """An object with exactly these keys (plus '_' comments)."""
    d = {"type": "object", "properties": props, "patternProperties": COMMENTS,
         "additionalProperties": False}
    if required:
        d["required"] = list(required)
    d.update(extra)
    return d


def arr(item, n, desc=None):
    d = {"type": "array", "items": item, "minItems": n, "maxItems": n}
    if desc:
        d["description"] = desc
    return d


def not_zero(schema):
    return dict(schema, **{"not": {"items": {"const": 0}}})


def zero(n):
    return arr({"const": 0}, n)


def scene(n):
    k = n * (n - 1) // 2
    vec = arr(NUM, n, f"{n} numbers (x, y, z, w, v order)")
    biv = arr(NUM, k, f"bivector: {k} numbers in lexicographic pair order")
    rotor = arr(NUM, 2 ** (n - 1), f"rotor: {2 ** (n - 1)} numbers, even blades grade by grade; "
                "R R~ must be 1 within 1e-6")
    planes = [AXES[i] + AXES[j] for i in range(n) for j in range(n) if i != j]
    rotations = {"type": "array", "items": closed(
        {"plane": {"enum": planes}, "angle": NUM}, ["plane", "angle"])}
    types = ["hypersphere", "hypercapsule", "hyperbox", "hyperplane", "convex"]
    if n == 4:
        types.append("duocylinder")
    if n in (3, 4):
        types.append("polytope")
    polytopes = (["tetrahedron", "cube", "octahedron", "dodecahedron", "icosahedron"] if n == 3 else
                 ["5-cell", "8-cell", "tesseract", "16-cell", "24-cell", "120-cell", "600-cell"])
    per_type = {
        "hypersphere": ({"radius": POS}, ["radius"]),
        "hypercapsule": ({"radius": POS, "half_length": POS}, ["radius", "half_length"]),
        "hyperbox": ({"half_extents": arr(POS, n)}, ["half_extents"]),
        "hyperplane": ({"normal": not_zero(vec), "offset": NUM}, ["normal"]),
        "convex": ({"vertices": {"type": "array", "items": vec, "minItems": n + 1,
                                 "maxItems": 1024}}, ["vertices"]),
        "duocylinder": ({"radii": arr(POS, 2, "[r_xy, r_zw]")}, ["radii"]),
        "polytope": ({"name": {"enum": polytopes}, "size": dict(POS, description="circumradius")},
                     ["name", "size"]),
    }
    shape = {"type": "object", "required": ["type"], "properties": {"type": {"enum": types}},
             "allOf": []}
    for t in types:
        props, req = per_type[t]
        shape["allOf"].append({
            "if": {"properties": {"type": {"const": t}}, "required": ["type"]},
            "then": closed(dict({"type": {"const": t}}, **props), req)})
    material = closed({"friction": NONNEG, "static_friction": NONNEG, "restitution": UNIT})
    is_plane = {"properties": {"shape": {"properties": {"type": {"const": "hyperplane"}},
                                         "required": ["type"]}}, "required": ["shape"]}
    is_fixed = {"properties": {"fixed": {"const": True}}, "required": ["fixed"]}
    no_mass = {"not": {"anyOf": [{"required": ["mass"]}, {"required": ["density"]}]}}
    at_rest = {"properties": {"velocity": zero(n), "angular_velocity": zero(k)}}
    body = closed({
        "name": NAME,
        "shape": {"$ref": f"#/$defs/shape{n}"},
        "mass": POS,
        "density": POS,
        "position": vec,
        "rotor": rotor,
        "rotations": rotations,
        "velocity": vec,
        "angular_velocity": biv,
        "fixed": {"type": "boolean"},
        "material": material,
        "color": arr(UNIT, 3, "linear RGB"),
    }, ["shape"])
    body["not"] = {"required": ["rotor", "rotations"]}
    body["if"] = is_plane
    body["then"] = {"allOf": [
        {"properties": {"fixed": {"const": True}}}, no_mass, at_rest,
        {"not": {"anyOf": [{"required": ["position"]}, {"required": ["rotor"]},
                           {"required": ["rotations"]}]}}]}
    body["else"] = {"if": is_fixed, "then": {"allOf": [no_mass, at_rest]},
                    "else": {"oneOf": [{"required": ["mass"]}, {"required": ["density"]}]}}
    spring = closed({"body": NAME, "point": vec, "anchor": vec, "other": NAME,
                     "stiffness": NONNEG, "damping": NONNEG, "rest_length": NONNEG},
                    ["body", "stiffness"])
    forces = closed({
        "drag": closed({"linear": NONNEG, "quadratic": NONNEG, "angular": NONNEG}),
        "springs": {"type": "array", "items": spring, "maxItems": 64}})
    solver = closed({
        "iterations": {"type": "integer", "minimum": 1, "maximum": 10000},
        "baumgarte": UNIT, "slop": NONNEG, "warm_start": {"type": "boolean"},
        "restitution_threshold": NONNEG,
        "variant": {"enum": ["corrected", "published"]},
        "method": {"enum": ["vector", "pga", "converged"]},
        "order": {"enum": ["sequential", "coloured"]},
        "shock_propagation": {"type": "boolean"},
        "tolerance": {"type": "number", "minimum": 1e-15, "maximum": 1},
        "max_iterations": {"type": "integer", "minimum": 1, "maximum": 100000000}})
    sleep = closed({"enabled": {"type": "boolean"}, "linear": NONNEG, "angular": NONNEG,
                    "time": POS})
    camera = closed({"position": vec, "rotor": rotor, "rotations": rotations,
                     "fov": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 180},
                     "slice": NUM}, **{"not": {"required": ["rotor", "rotations"]}})
    light = closed({"direction": not_zero(vec), "intensity": NONNEG}, ["direction"])
    top = closed({
        "$schema": {},
        "format": {"const": "anakata-scene/1"},
        "dim": {"const": n},
        "title": {"type": "string", "maxLength": 255},
        "description": {"type": "string"},
        "gravity": vec,
        "timestep": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        "integrator": {"enum": ["thesis", "catto", "rk4", "exp", "gsl"]},
        "duration": POS,
        "bodies": {"type": "array", "items": body, "maxItems": 1000000},
        "forces": forces,
        "solver": solver,
        "sleep": sleep,
        "camera": camera,
        "lights": {"type": "array", "items": light, "maxItems": 4},
    }, ["format", "dim", "bodies"])
    return top, shape


def main():
    defs = {}
    branches = []
    for n in range(2, 6):
        top, shape = scene(n)
        defs[f"scene{n}"] = top
        defs[f"shape{n}"] = shape
        branches.append({"if": {"properties": {"dim": {"const": n}}, "required": ["dim"]},
                         "then": {"$ref": f"#/$defs/scene{n}"}})
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "anakata-scene/1",
        "description": "An anakata scene (docs/scene-format.md). Generated by "
                       "docs/scene_schema.py; do not edit by hand.",
        "type": "object",
        "required": ["format", "dim", "bodies"],
        "properties": {"format": {"const": "anakata-scene/1"}, "dim": {"enum": [2, 3, 4, 5]}},
        "allOf": branches,
        "$defs": defs,
    }
    print(json.dumps(schema, indent=1))


if __name__ == "__main__":
    main()
