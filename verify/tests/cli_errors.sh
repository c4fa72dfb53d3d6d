#!/usr/bin/env bash
# anakata run, plot and verify on bad input, as a new user would meet it: every case must exit 2
# (bad usage or input) with a one-line message on stderr that names the problem, never crash or
# exit 0; the --help pages exit 0.
#   cli_errors.sh ANAKATA SOURCE_DIR
set -uo pipefail
ak=$1 src=$2
scene=$src/scenes/dzhanibekov_c.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "cli_errors: $*" >&2; failures=$((failures + 1)); }

# expect2 'WANTED TEXT' ARGS...: exit 2 and WANTED TEXT (a fixed string) in stderr.
expect2() {
    local want=$1
    shift
    "$ak" "$@" > "$tmp/out" 2> "$tmp/err"
    local rc=$?
    [ $rc -eq 2 ] || fail "anakata $*: exit $rc, expected 2 ($(head -c 200 "$tmp/err"))"
    grep -qF -- "$want" "$tmp/err" || fail "anakata $*: stderr lacks '$want': $(head -c 300 "$tmp/err")"
}

for cmd in "" run plot verify; do
    "$ak" $cmd --help > "$tmp/out" 2>&1 || fail "anakata $cmd --help: exit $?"
    grep -q "usage: anakata" "$tmp/out" || fail "anakata $cmd --help: no usage line"
done
expect2 "unknown command 'bogus'" bogus

# run
"$ak" run "$scene" --steps 3 --trace "$tmp/c.csv" > "$tmp/out" 2>&1 || fail "run on a good scene: exit $?"
expect2 "no SCENE given" run
expect2 "/nonexistent/x.json: cannot open: No such file or directory" run /nonexistent/x.json
expect2 "is a directory, not a scene file" run "$src/scenes"
expect2 "JSON syntax error" run "$src/README.md"
expect2 "unknown option '--bogus'" run "$scene" --bogus
expect2 "--dt: expected a positive step size in seconds, got '-1'" run "$scene" --dt -1
expect2 "--dt: expected a positive step size in seconds, got '0'" run "$scene" --dt 0
expect2 "--dt: expected a positive step size in seconds, got 'abc'" run "$scene" --dt abc
expect2 "--dt needs a value" run "$scene" --dt
expect2 "--steps: expected a whole number from 1 to 10^12, got 'abc'" run "$scene" --steps abc
expect2 "--steps: expected a whole number from 1 to 10^12, got '-5'" run "$scene" --steps -5
expect2 "--steps: expected a whole number from 1 to 10^12, got '1.5'" run "$scene" --steps 1.5
expect2 "--duration: expected a positive number of seconds, got 'nan'" run "$scene" --duration nan
expect2 "--every: expected a whole number from 1 to 10^12, got '0'" run "$scene" --every 0
expect2 "give --duration or --steps, not both" run "$scene" --steps 3 --duration 1
expect2 "one scene at a time" run "$scene" "$scene"
expect2 "--integrator: expected one of thesis, catto, rk4, exp, gsl, got 'foo'" run "$scene" --integrator foo
# no silent skip of the contact stage: full-state integrators refuse scenes with contacts
expect2 "integrator 'rk4' has no contact stage, and this scene can have contacts" \
    run "$src/scenes/stack_4d.json" --integrator rk4 --duration 2
expect2 "use --integrator with one of thesis, catto, exp" run "$src/scenes/stack_4d.json" --integrator gsl --steps 2
"$ak" run "$scene" --steps 3 --integrator rk4 > "$tmp/out" 2>&1 || fail "run rk4 on a one-body scene: exit $?"
# step --integrator (issue 27): the loader's names, the contact-stage rule, and --explain lists
# what the chosen integrator ran (dzhanibekov_c's own integrator is gsl)
expect2 "--integrator: expected one of thesis, catto, rk4, exp, gsl, got 'euler'" step "$scene" --integrator euler --steps 1
expect2 "integrator 'gsl' has no contact stage" step "$src/scenes/stack_4d.json" --integrator gsl --steps 1
"$ak" step "$scene" --explain --steps 1 > "$tmp/out" 2>&1 || fail "step --explain on dzhanibekov_c: exit $?"
grep -q "GSL rk8pd" "$tmp/out" || fail "step --explain on dzhanibekov_c (gsl) does not list the gsl integrator"
grep -q "B-4.int\|T-5.17" "$tmp/out" && fail "step --explain on dzhanibekov_c (gsl) lists a split-step formula"
"$ak" step "$scene" --explain --steps 1 --integrator thesis > "$tmp/out" 2>&1 || fail "step --integrator thesis: exit $?"
grep -q "B-eq5" "$tmp/out" && grep -q "T-5.17" "$tmp/out" || fail "step --integrator thesis --explain lacks B-eq5 / T-5.17"
grep -q "GSL rk8pd" "$tmp/out" && fail "step --integrator thesis --explain lists gsl"
# solver settings on the command line
expect2 "--method: expected one of vector, pga, converged, got 'fast'" run "$scene" --method fast
expect2 "--variant: expected one of corrected, published, got 'printed'" run "$scene" --variant printed
expect2 "--order: expected one of sequential, coloured, got 'colored'" run "$scene" --order colored
expect2 "--method: expected one of vector, pga, converged, got 'fast'" step "$scene" --steps 1 --method fast
expect2 "--variant: expected one of corrected, published, got 'printed'" step "$scene" --steps 1 --variant printed
# a scene that names an integrator, method, variant or order the engine does not have: the file,
# the field and the accepted names
printf '{"format": "anakata-scene/1", "dim": 3, "integrator": "verlet", "bodies": []}' > "$tmp/integ.json"
expect2 "integ.json: integrator: expected one of \"thesis\", \"catto\", \"rk4\", \"exp\", \"gsl\", got \"verlet\"" \
    run "$tmp/integ.json"
printf '{"format": "anakata-scene/1", "dim": 3, "solver": {"order": "random"}, "bodies": []}' > "$tmp/order.json"
expect2 "order.json: solver.order: expected one of \"sequential\", \"coloured\", got \"random\"" step "$tmp/order.json"
expect2 "--tolerance: expected a number in [1e-15, 1], got '0'" run "$scene" --tolerance 0
expect2 "--shock-propagation: expected on or off, got 'yes'" run "$scene" --shock-propagation yes
expect2 "--sleep: expected on or off, got 'yes'" run "$scene" --sleep yes
expect2 "--sleep-time: expected a positive number of seconds, got '0'" run "$scene" --sleep-time 0
expect2 "--sleep-linear: expected a non-negative number, got '-1'" run "$scene" --sleep-linear -1
expect2 "--iterations: expected a whole number from 1 to 10000, got '0'" run "$scene" --iterations 0
expect2 "--residuals needs the converged solver" run "$scene" --steps 2 --residuals "$tmp/r.csv"
"$ak" run "$src/scenes/stack_2d.json" --steps 5 --method converged --residuals "$tmp/r.csv" > "$tmp/out" 2>&1 \
    || fail "run --method converged on stack_2d: exit $?"
grep -q "^step,t,points,iterations" "$tmp/r.csv" || fail "run --residuals: no CSV header"
grep -q ",converged,wall_s$" "$tmp/r.csv" || fail "run --residuals: no wall_s column in the CSV header"
[ "$(wc -l < "$tmp/r.csv")" -eq 6 ] || fail "run --residuals: expected 5 steps in the CSV"
grep -q "^residuals   largest" "$tmp/out" || fail "run --method converged: no residual summary"
expect2 "cannot open trace file '$tmp/missing/x.csv' for writing: No such file or directory" \
    run "$scene" --steps 3 --trace "$tmp/missing/x.csv"

# plot
expect2 "no TRACE given" plot
expect2 "cannot open '/nonexistent/x.csv': No such file or directory" plot /nonexistent/x.csv --quantity energy -o "$tmp/p.png"
expect2 "is a directory, not a trace file" plot "$src/scenes" --quantity energy -o "$tmp/p.png"
expect2 "README.md:3: no '# format: anakata-trace/1' line before the header" plot "$src/README.md" --quantity energy -o "$tmp/p.png"
expect2 "--quantity: expected one of omega_body, energy, momentum, got 'bogus'" plot "$tmp/c.csv" --quantity bogus -o "$tmp/p.png"
expect2 "--quantity is required" plot "$tmp/c.csv" -o "$tmp/p.png"
expect2 "-o is required" plot "$tmp/c.csv" --quantity energy
expect2 "-o: the file name must end in .svg or .png, got" plot "$tmp/c.csv" --quantity energy -o "$tmp/p.gif"
expect2 "-o needs a value" plot "$tmp/c.csv" --quantity energy -o
expect2 "unknown option '--bogus'" plot "$tmp/c.csv" --bogus
expect2 "cannot write '$tmp/missing/p.png': No such file or directory" plot "$tmp/c.csv" --quantity energy -o "$tmp/missing/p.png"
expect2 "no body 'nobody' in the trace" plot "$tmp/c.csv" --quantity omega_body --body nobody -o "$tmp/p.png"

# verify (only argument checks: each case stops before or after one cheap check)
expect2 "unknown option '--bogus'" verify --bogus
expect2 "--only needs a value" verify --only
expect2 "no check matches 'nosuchgroup'" verify --quick --only nosuchgroup
expect2 "--scenes '/nonexistent/dir': No such file or directory" verify --quick --only ga.nd.wedge --scenes /nonexistent/dir
expect2 "--scenes '$scene': not a directory" verify --quick --only ga.nd.wedge --scenes "$scene"
expect2 "--formulas '/nonexistent/F.md': No such file or directory" verify --quick --only ga.nd.wedge --formulas /nonexistent/F.md
expect2 "--json '$tmp/missing/r.json': No such file or directory" verify --quick --only ga.nd.wedge --json "$tmp/missing/r.json"
expect2 "--json '$tmp': is a directory, not a file" verify --quick --only ga.nd.wedge --json "$tmp"
expect2 "cannot create the report directory '$scene/r'" verify --quick --only ga.nd.wedge --report "$scene/r"

# --- the rough edges a new user met (each case failed before its fix) ---------------------------

# verify --only NONEXISTENT: the error, and no empty table on stdout after it
"$ak" verify --only nonexistent > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] || fail "verify --only nonexistent: exit status not 2"
[ -s "$tmp/out" ] && fail "verify --only nonexistent printed a table after its error: $(head -c 200 "$tmp/out")"

# verify --only X in full mode: the full report in ./report stays as it is; the partial one goes
# to ./report-partial
mkdir -p "$tmp/wd/report"
echo "the full report" > "$tmp/wd/report/index.html"
(cd "$tmp/wd" && "$ak" verify --only ga.nd.wedge > "$tmp/out" 2>&1) || fail "verify --only ga.nd.wedge: exit $?"
grep -qx "the full report" "$tmp/wd/report/index.html" || fail "verify --only replaced ./report/index.html"
[ -s "$tmp/wd/report-partial/index.html" ] || fail "verify --only wrote no report-partial/index.html"
"$ak" verify --help | grep "report-partial" > /dev/null || fail "verify --help does not say where a partial report goes"

# the formula verdict is its own column: a check that proves a published formula wrong reads
# "ok  wrong" in the table and "formula_verdict": "wrong" in --json
"$ak" verify --quick --only mass.published.hyperbox --json "$tmp/v.json" > "$tmp/out" 2>&1 ||
    fail "verify --only mass.published.hyperbox: exit $?"
grep -qE '^ok +wrong +mass\.published\.hyperbox ' "$tmp/out" || fail "no 'ok  wrong' row: $(head -c 300 "$tmp/out")"
grep -qE '"formula_verdict":[[:space:]]*"wrong"' "$tmp/v.json" || fail "--json has no formula_verdict wrong"
"$ak" verify --quick --only ga.nd.wedge > "$tmp/out" 2>&1
grep -qE '^ok +correct +ga\.nd\.wedge ' "$tmp/out" || fail "no 'ok  correct' row for ga.nd.wedge"

# render --frames N -o movie.mp4 writes the video file (or, without ffmpeg, refuses), and never
# makes a directory of that name
"$ak" render --help | grep "SCENE is a scene file" > /dev/null || fail "render --help does not say SCENE may be a file"
"$ak" render tesseract --frames 2 --fps 2 --size 32x24 -o "$tmp/movie.mp4" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ -d "$tmp/movie.mp4" ] && fail "render -o movie.mp4 made a directory"
if command -v ffmpeg > /dev/null; then
    [ $rc -eq 0 ] && [ -f "$tmp/movie.mp4" ] && [ -s "$tmp/movie.mp4" ] || fail "render -o movie.mp4: exit $rc, no video"
    ls -d "$tmp"/movie.mp4.frames-* > /dev/null 2>&1 && fail "render -o movie.mp4 left its frames behind"
else
    [ $rc -eq 2 ] && grep -q "needs ffmpeg" "$tmp/err" || fail "render -o movie.mp4 without ffmpeg: exit $rc: $(cat "$tmp/err")"
fi
expect2 "--frames writes a directory of PNG frames or an .mp4 file" render tesseract --frames 2 -o "$tmp/f.png"

# contacts bad.json names the file once
printf '{"format": "anakata-scene/1", "dim": 4, "bodies": [{"shape": "ball"}]}' > "$tmp/bad.json"
"$ak" contacts "$tmp/bad.json" > /dev/null 2> "$tmp/err"
[ "$(grep -o "bad.json" "$tmp/err" | wc -l)" -eq 1 ] || fail "contacts bad.json: the file name is not named exactly once: $(cat "$tmp/err")"
"$ak" render "$tmp/bad.json" -o "$tmp/x.png" > /dev/null 2> "$tmp/err"
[ "$(grep -o "bad.json" "$tmp/err" | wc -l)" -eq 1 ] || fail "render bad.json: the file name is not named exactly once: $(cat "$tmp/err")"

# printed vectors never show -0 (the dominoes' ground normal was printed as (-0, -1, -0, -0))
for s in "$src"/scenes/dominoes_4d.json "$src"/scenes/hypercube_on_ground.json; do
    { "$ak" contacts "$s"; "$ak" contacts "$s" --json; "$ak" mass "$s"; "$ak" step "$s" --steps 2; } > "$tmp/out" 2>&1
    grep -qE -- '(^|[^0-9.eE])-0([^.0-9eE]|$)' "$tmp/out" && fail "a printed -0 for $s: $(grep -m1 -E -- '(^|[^0-9.eE])-0([^.0-9eE]|$)' "$tmp/out")"
done

# a state that overflows to infinity stops the run like NaN does, naming the body and the step
printf '{"format": "anakata-scene/1", "dim": 4, "bodies": [{"name": "far", "shape": {"type": "hypersphere", "radius": 1}, "density": 1, "position": [1e300, 0, 0, 0], "velocity": [0, 1, 0, 0]}]}' > "$tmp/far.json"
"$ak" run "$tmp/far.json" --steps 100 > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "run far.json: exit $rc, expected 1"
grep -q "body 'far' overflows at step 1" "$tmp/err" || fail "run far.json: $(cat "$tmp/err")"

# fclib (built with libfclib): a missing file, a file that is not HDF5, a bad option
if "$ak" fclib check "$tmp/none.hdf5" 2>&1 | grep "not available" > /dev/null; then
    if [ -n "${CI:-}" ]; then fail "CI: anakata was built without libfclib"; else echo "cli_errors: anakata built without libfclib, fclib cases not run"; fi
else
    expect2 "$tmp/none.hdf5: cannot open the file" fclib check "$tmp/none.hdf5"
    echo "not hdf5" > "$tmp/text.hdf5"
    expect2 "$tmp/text.hdf5: not an HDF5 file" fclib solve "$tmp/text.hdf5"
    expect2 "--solver: expected one of anakata, NSN-AC, NSN-FB, NSGS" fclib solve --solver lemke "$tmp/text.hdf5"
    expect2 "expected solve or check" fclib bogus
    expect2 "--export-fclib needs the converged solver" run "$scene" --steps 1 --export-fclib "$tmp/fc"
    expect2 "exists and is not a directory" run "$src/scenes/stack3_3d.json" --method converged --steps 1 \
        --export-fclib "$tmp/text.hdf5"
    # a written problem reads back and its stored solution is checked
    "$ak" run "$src/scenes/stack3_3d.json" --method converged --steps 2 --export-fclib "$tmp/fc" > /dev/null ||
        fail "run --export-fclib: exit $?"
    "$ak" fclib check "$tmp/fc/step_000002.hdf5" > "$tmp/out" 2>&1 || fail "fclib check: $(cat "$tmp/out")"
    grep -q "stored solution" "$tmp/out" || fail "fclib check: $(cat "$tmp/out")"
    # the FCLIB code is a module loaded at its first use (verify/common/module.h): a copy of
    # the program away from its build tree and installation says which file it lacks
    cp "$ak" "$tmp/alone"
    "$tmp/alone" fclib check "$tmp/fc/step_000002.hdf5" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ $rc -eq 1 ] || fail "fclib check without the module: exit $rc, expected 1"
    grep -qF "anakata: cannot load the FCLIB/Siconos module $tmp/" "$tmp/err" ||
        fail "fclib check without the module: $(head -c 300 "$tmp/err")"
    "$tmp/alone" --version > /dev/null || fail "--version without the module: exit $?"
fi
# anakata view's server is a module too (verify/view/view_module.h)
cp "$ak" "$tmp/alone"
"$tmp/alone" view --port 0 > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "view without its module: exit $rc, expected 1"
grep -qF "anakata: cannot load the view module $tmp/" "$tmp/err" ||
    fail "view without its module: $(head -c 300 "$tmp/err")"

# every shipped reference trace plots every quantity (omega_body and momentum from R, w and the
# masses when the trace has no wb_* or J_* columns)
for f in "$src"/verify/reference/*.csv; do
    for q in omega_body energy momentum; do
        "$ak" plot "$f" --quantity $q -o "$tmp/p.svg" > /dev/null 2> "$tmp/err" ||
            fail "plot $(basename "$f") --quantity $q: $(cat "$tmp/err")"
    done
done

[ $failures -eq 0 ] || { echo "cli_errors: $failures failures" >&2; exit 1; }
echo "cli_errors: all cases exit 2 with a message naming the problem"
