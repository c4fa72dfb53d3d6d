#!/usr/bin/env bash
# The conformance table of docs/engines.md: every foreign engine of verify/examples/ (ODE, Bullet,
# MuJoCo with its Euler and its RK4 integrator) on every 3D reference scene of the table, judged by
# `anakata compare` (in full, --json) and `anakata compare --stepwise` (the law it names), plus
# measurements of each run (rebound, flips, rest depth, creep, energy drift) taken from the traces
# by the same code for every engine and for anakata's own run of the scene.
#
#   conformance.sh ANAKATA ODE_CLIENT BULLET_CLIENT MUJOCO_CLIENT SOURCE_DIR [OUT.md]
#        writes OUT.md (default SOURCE_DIR/docs/engines.md)
#   conformance.sh --check ANAKATA ODE_CLIENT BULLET_CLIENT MUJOCO_CLIENT SOURCE_DIR
#        writes the table to a temporary file and fails (exit 1, with the diff) when it differs
#        from SOURCE_DIR/docs/engines.md
#
# The table is reproducible: it holds no times, paths or host names, only what the engines and
# compare compute, so a rerun on the same packages gives the same bytes. Exit 2 for bad usage or
# a client or compare that fails to run (compare exit 2: a trace it cannot read).
set -uo pipefail
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
[ $# -ge 5 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
ak=$(realpath "$1") ode=$(realpath "$2") bullet=$(realpath "$3") mujoco=$(realpath "$4") src=$(realpath "$5")
out=${6:-$src/docs/engines.md}
for p in "$ak" "$ode" "$bullet" "$mujoco"; do [ -x "$p" ] || { echo "conformance: $p is not an executable" >&2; exit 2; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 2
scenes=(dzhanibekov_3d bounce_cube_3d stack3_3d)
engines=(ode bullet mujoco mujoco_rk4)
run_client() { # ENGINE SCENE OUT
    case $1 in
        ode) "$ode" "scenes/$2.json" -o "$3" ;;
        bullet) "$bullet" "scenes/$2.json" -o "$3" ;;
        mujoco) "$mujoco" "scenes/$2.json" -o "$3" ;;
        mujoco_rk4) "$mujoco" "scenes/$2.json" --rk4 -o "$3" ;;
    esac
}
laws=0
"$ak" compare --help 2>&1 | grep -- '--laws' > /dev/null && laws=1
# a flat drop (bounce_cube_3d without its tilt): the rebound of a face landing, measured only
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); [b.pop("rotations", None) for b in s["bodies"]]; json.dump(s, open(sys.argv[2], "w"))' \
    scenes/bounce_cube_3d.json "$tmp/flat_drop.json" || exit 2
"$ak" run "$tmp/flat_drop.json" --trace "$tmp/anakata.flat_drop.csv" > /dev/null 2>&1 ||
    { echo "conformance: anakata run of the flat drop failed" >&2; exit 2; }
for e in "${engines[@]}"; do
    case $e in
        ode) "$ode" "$tmp/flat_drop.json" -o "$tmp/$e.flat_drop.csv" ;;
        bullet) "$bullet" "$tmp/flat_drop.json" -o "$tmp/$e.flat_drop.csv" ;;
        mujoco) "$mujoco" "$tmp/flat_drop.json" -o "$tmp/$e.flat_drop.csv" ;;
        mujoco_rk4) "$mujoco" "$tmp/flat_drop.json" --rk4 -o "$tmp/$e.flat_drop.csv" ;;
    esac 2> /dev/null || { echo "conformance: the $e client failed on the flat drop" >&2; exit 2; }
done
for s in "${scenes[@]}"; do
    "$ak" run "scenes/$s.json" --trace "$tmp/anakata.$s.csv" > /dev/null 2>&1 ||
        { echo "conformance: anakata run scenes/$s.json failed" >&2; exit 2; }
    for e in "${engines[@]}"; do
        run_client "$e" "$s" "$tmp/$e.$s.csv" 2> "$tmp/$e.$s.log" ||
            { cat "$tmp/$e.$s.log" >&2; echo "conformance: the $e client failed on $s" >&2; exit 2; }
        "$ak" compare "verify/reference/$s.csv" "$tmp/$e.$s.csv" --json > "$tmp/$e.$s.json"
        [ $? -le 1 ] || { echo "conformance: compare of $e on $s: exit 2 (trace rejected)" >&2; exit 2; }
        if [ $laws = 1 ]; then
            "$ak" compare --laws "verify/reference/$s.csv" "$tmp/$e.$s.csv" > "$tmp/$e.$s.laws.txt"
            echo "exit $?" >> "$tmp/$e.$s.laws.txt"
        fi
        "$ak" compare --stepwise "scenes/$s.json" "$tmp/$e.$s.csv" > "$tmp/$e.$s.sw.txt"
        [ $? -le 1 ] || { echo "conformance: stepwise of $e on $s: exit 2" >&2; exit 2; }
    done
done
python3 - "$tmp" "$laws" "${scenes[*]}" "${engines[*]}" > "$tmp/engines.md" <<'EOF' || exit 2
import json, math, re, sys
tmp, laws, scenes, engines = sys.argv[1], sys.argv[2] == "1", sys.argv[3].split(), sys.argv[4].split()
NAME = {"ode": "ODE 0.16", "bullet": "Bullet 3.24", "mujoco": "MuJoCo 2.2.2 Euler", "mujoco_rk4": "MuJoCo 2.2.2 RK4",
        "anakata": "anakata run"}
CMD = {"ode": "ode_client", "bullet": "bullet_client", "mujoco": "mujoco_client", "mujoco_rk4": "mujoco_client --rk4"}

def g(x, p=3):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.{p}g}"

def trace(path):
    """rows per body: t, x, v, q (w, x, y, z), world omega; from q/w or rotor/bivector columns"""
    head, rows = None, {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            continue
        cells = line.rstrip("\n").split(",")
        if head is None:
            head = {n: i for i, n in enumerate(cells)}
            continue
        f = lambda n: float(cells[head[n]])
        if "qw" in head:
            q = (f("qw"), f("qx"), f("qy"), f("qz"))
            w = (f("wx"), f("wy"), f("wz"))
        else:  # docs/conventions.md: (w, x, y, z) = (r, -r_yz, r_xz, -r_xy), omega = (w_yz, -w_xz, w_xy)
            q = (f("r"), -f("r_yz"), f("r_xz"), -f("r_xy"))
            w = (f("w_yz"), -f("w_xz"), f("w_xy"))
        rows.setdefault(cells[head["body"]], []).append(
            (f("t"), (f("x0"), f("x1"), f("x2")), (f("v0"), f("v1"), f("v2")), q, w))
    return rows

def qmul(a, b):
    return (a[0]*b[0]-a[1]*b[1]-a[2]*b[2]-a[3]*b[3], a[0]*b[1]+a[1]*b[0]+a[2]*b[3]-a[3]*b[2],
            a[0]*b[2]-a[1]*b[3]+a[2]*b[0]+a[3]*b[1], a[0]*b[3]+a[1]*b[2]-a[2]*b[1]+a[3]*b[0])

def to_body(q, w):
    p = qmul(qmul((q[0], -q[1], -q[2], -q[3]), (0.0, *w)), q)
    return p[1:]

def measure(scene, rows):
    """(name, value, unit) of the measurements of this scene"""
    m = []
    if scene == "dzhanibekov_3d":
        b = rows["box"]
        h = (0.55, 0.15, 1.25)
        I = ((h[1]**2 + h[2]**2) / 3, (h[0]**2 + h[2]**2) / 3, (h[0]**2 + h[1]**2) / 3)  # mass 1
        wb = [to_body(r[3], r[4]) for r in b]
        E = [0.5 * sum(I[i] * x[i]**2 for i in range(3)) + 0.5 * sum(v * v for v in r[2]) for x, r in zip(wb, b)]
        L = [math.sqrt(sum((I[i] * x[i])**2 for i in range(3))) for x in wb]
        k = max(range(3), key=lambda i: abs(wb[0][i]))
        flips = [b[j][0] for j in range(1, len(b)) if wb[j - 1][k] * wb[j][k] < 0]
        m += [("flips in 20 s", len(flips), ""), ("first flip", flips[0] if flips else None, "s"),
              ("energy drift: max of abs(E - E0) / E0", max(abs(e - E[0]) for e in E) / E[0], ""),
              ("angular momentum drift: max of abs(norm L - norm L0) / norm L0", max(abs(l - L[0]) for l in L) / L[0], "")]
    elif scene in ("bounce_cube_3d", "flat_drop"):
        b = rows["cube"]
        vy = [r[2][1] for r in b]
        # the first impact: the first reversal (vy from below -0.5 m/s to >= 0), which a soft
        # contact may spread over several steps; the speed before it is the fastest fall in the
        # 0.05 s before, the speed after it the fastest rise in the 0.1 s after
        hit = next((j for j in range(1, len(b)) if vy[j] >= 0 and min(vy[:j]) < -0.5), None)
        if hit is None:
            m += [("first reversal of the fall", None, "s"), ("rebound e = v_up / v_down", None, "")]
        else:
            t0 = b[hit][0]
            down = -min(vy[j] for j in range(len(b)) if t0 - 0.05 <= b[j][0] <= t0)
            up = max(vy[j] for j in range(len(b)) if t0 <= b[j][0] <= t0 + 0.1)
            m += [("first reversal of the fall", t0, "s"), ("rebound e = v_up / v_down", up / down, "")]
        if scene == "flat_drop":
            lowest = min(r[1][1] for r in b)
            m += [("deepest penetration in the first impact (0.5 - min y)", 0.5 - lowest, "m")]
        else:
            rest = [r for r in b if r[0] >= b[-1][0] - 0.5]
            m += [("centroid height, last 0.5 s (mean)", sum(r[1][1] for r in rest) / len(rest), "m"),
                  ("largest speed, last 0.5 s", max(math.sqrt(sum(v * v for v in r[2])) for r in rest), "m/s")]
    elif scene == "stack3_3d":
        c0, c2 = rows["cube0"], rows["cube2"]
        last = [r for r in c0 if r[0] >= c0[-1][0] - 1]
        m += [("rest depth of cube0, last 1 s (0.5 - y, mean)", 0.5 - sum(r[1][1] for r in last) / len(last), "m"),
              ("deepest sag of cube2 (2.5 - min y)", 2.5 - min(r[1][1] for r in c2), "m"),
              ("creep of cube2 at the end (horizontal)", math.hypot(c2[-1][1][0] - c2[0][1][0], c2[-1][1][2] - c2[0][1][2]), "m")]
    return m

def law_line(path):
    text = open(path, encoding="utf-8").read()
    mo = re.search(r"^law: (.*)$", text, re.M)
    over = re.search(r"^steps with a body over a tolerance: (\d+) of (\d+)", text, re.M)
    law = mo.group(1) if mo else "-"
    law = re.sub(r" = [0-9.e+-]+ x tolerance", "", law)
    return law, (f"{over.group(1)} of {over.group(2)}" if over else "-")

print("# Foreign engines against anakata's 3D references\n")
print("<!-- made by verify/examples/conformance.sh; do not edit by hand (CI regenerates it and fails when it differs) -->\n")
print("Made by `verify/examples/conformance.sh build/verify/anakata build/verify/examples/ode_client "
      "build/verify/examples/bullet_client build/verify/examples/mujoco_client .` (CI and `meson test -C build "
      "engines_table` check that this file is what it makes). Each engine runs the scene in the settings of "
      "[compare.md](compare.md#9-three-real-engines-ode-bullet-mujoco) (`ode_client`, `bullet_client`, "
      "`mujoco_client`, `mujoco_client --rk4`, at the scene's own timestep); `anakata compare "
      "verify/reference/SCENE.csv TRACE --json` judges it against the committed reference, and `anakata compare "
      "--stepwise scenes/SCENE.json TRACE` steps anakata from each of its states.\n")
if not laws:
    print("`anakata compare` has no `--laws` yet (issue 26, item 1): every item below is one verdict, law and "
          "measurement alike.\n")
if laws:
    print("Every item of `anakata compare` is a **law** (what every correct rigid-body engine obeys whatever its "
          "modelling choices: violated means a bug) or a **measurement** (a modelling choice, reported beside the "
          "reference's value); `anakata compare --laws` judges the laws only (docs/compare.md, section 2). The row "
          "\"laws violated\" is what `--laws` reports, \"differs from the reference in\" the measurements that differ.\n")
print("Cells: the verdict and the error in the item's unit (`ok 0.0041`, `FAIL 0.21`, `skip`); the tolerance is the "
      "reference's (`verify/reference/manifest.json`).\n")
for s in scenes:
    res = {e: json.load(open(f"{tmp}/{e}.{s}.json", encoding="utf-8")) for e in engines}
    print(f"## `{s}`\n")
    print("| quantity | kind | tolerance | " + " | ".join(NAME[e] for e in engines) + " |")
    print("|---|---|---|" + "---|" * len(engines))
    first = res[engines[0]]["quantities"]
    kind = {q["quantity"]: q.get("kind", "-") for q in first}
    # the laws first (what every correct engine obeys), then the measurements (modelling choices)
    order = [q["quantity"] for q in first if q.get("kind") == "law"] + \
            [q["quantity"] for q in first if q.get("kind") != "law"]
    for name in order:
        cells, tol = [], "-"
        for e in engines:
            it = next((q for q in res[e]["quantities"] if q["quantity"] == name), None)
            if it is None:
                cells.append("-")
                continue
            if "tolerance" in it:
                tol = g(it["tolerance"])
            v = it["verdict"]
            err = g(it["error"]) if "error" in it else "(count)"
            cells.append("skip" if v == "skip" else ("ok " if v == "pass" else "**FAIL** ") + err)
        print(f"| `{name}` | {kind[name]} | {tol} | " + " | ".join(cells) + " |")
    print("| **compare** | | | " + " | ".join(
        f"{res[e]['passed']} ok, {res[e]['failed']} failed" for e in engines) + " |")
    if laws:
        cells = []
        for e in engines:
            text = open(f"{tmp}/{e}.{s}.laws.txt", encoding="utf-8").read()
            mo = re.search(r"^laws violated: (.*)$", text, re.M)
            names = re.findall(r"([a-z_]+\.[a-z_]+) \(", mo.group(1)) if mo else []
            ok = text.rstrip().endswith("exit 0")
            cells.append(("none" if ok else "**" + ", ".join(f"`{n}`" for n in names) + "**") if names or ok
                         else "(exit " + text.rstrip().split()[-1] + ")")
        print("| **laws violated** (`--laws`) | | | " + " | ".join(cells) + " |")
        cells = []
        for e in engines:
            names = [q["quantity"] for q in res[e]["quantities"] if q.get("kind") != "law" and q["verdict"] == "fail"]
            cells.append(", ".join(f"`{n}`" for n in names) or "nothing")
        print("| **differs from the reference in** | | | " + " | ".join(cells) + " |")
    sw = {e: law_line(f"{tmp}/{e}.{s}.sw.txt") for e in engines}
    print("| stepwise: steps over a tolerance | | | " + " | ".join(sw[e][1] for e in engines) + " |")
    print()
    for e in engines:
        print(f"- stepwise, {NAME[e]}: {sw[e][0]}")
    print()
    cols = ["anakata"] + engines
    meas = {e: measure(s, trace(f"{tmp}/{e}.{s}.csv")) for e in cols}
    print("| measurement | " + " | ".join(NAME[e] for e in cols) + " |")
    print("|---|" + "---|" * len(cols))
    for i, (name, _, unit) in enumerate(meas["anakata"]):
        print(f"| {name}{' [' + unit + ']' if unit else ''} | " + " | ".join(g(meas[e][i][1], 4) for e in cols) + " |")
    print()
cols = ["anakata"] + engines
meas = {e: measure("flat_drop", trace(f"{tmp}/{e}.flat_drop.csv")) for e in cols}
print("## A flat drop (measured only)\n")
print("`bounce_cube_3d` without its tilt: the cube falls 1.5 m onto a face (e = 0.5, no threshold: the PGA response; "
      "made by the script from the scene, no reference trace).\n")
print("| measurement | " + " | ".join(NAME[e] for e in cols) + " |")
print("|---|" + "---|" * len(cols))
for i, (name, _, unit) in enumerate(meas["anakata"]):
    print(f"| {name}{' [' + unit + ']' if unit else ''} | " + " | ".join(g(meas[e][i][1], 4) for e in cols) + " |")
print()
print("Measurements are taken from the traces by the script, by the same code for every column (`anakata run` "
      "is the scene run by anakata at every step; the committed reference keeps only some samples). The rebound: "
      "the first reversal of a fall (the vertical velocity turning from below -0.5 m/s to 0 or above, over any "
      "number of steps, as a soft contact takes several), the fastest rise within 0.1 s after it over the fastest "
      "fall within 0.05 s before it; for the tilted cube that is the centroid's rebound after an edge lands, not "
      "the material's e, and in the flat drop anakata's PGA response resolves one contact point per pair, so the "
      "cube also starts to spin. A flip: a sign change of the body-frame angular velocity component that is "
      "largest at t = 0. The Dzhanibekov box's energy and angular momentum from its body-frame angular velocity "
      "and its inertia (mass 1, half extents 0.55, 0.15, 1.25).")
EOF
if [ $check = 1 ]; then
    if ! diff -u "$src/docs/engines.md" "$tmp/engines.md"; then
        echo "conformance: docs/engines.md is not what verify/examples/conformance.sh makes (diff above); regenerate it" >&2
        exit 1
    fi
    echo "conformance: docs/engines.md is current"
else
    cp "$tmp/engines.md" "$out"
fi
