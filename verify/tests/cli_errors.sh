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
expect2 "unknown integrator 'foo'" run "$scene" --integrator foo
# no silent skip of the contact stage: full-state integrators refuse scenes with contacts
expect2 "integrator 'rk4' has no contact stage, and this scene can have contacts" \
    run "$src/scenes/stack_4d.json" --integrator rk4 --duration 2
expect2 "use --integrator with one of thesis, catto, exp" run "$src/scenes/stack_4d.json" --integrator gsl --steps 2
"$ak" run "$scene" --steps 3 --integrator rk4 > "$tmp/out" 2>&1 || fail "run rk4 on a one-body scene: exit $?"
# solver settings on the command line
expect2 "--method: expected vector, pga or converged, got 'fast'" run "$scene" --method fast
expect2 "--tolerance: expected a number in [1e-15, 1], got '0'" run "$scene" --tolerance 0
expect2 "--shock-propagation: expected on or off, got 'yes'" run "$scene" --shock-propagation yes
expect2 "--iterations: expected a whole number from 1 to 10000, got '0'" run "$scene" --iterations 0
expect2 "--residuals needs the converged solver" run "$scene" --steps 2 --residuals "$tmp/r.csv"
"$ak" run "$src/scenes/stack_2d.json" --steps 5 --method converged --residuals "$tmp/r.csv" > "$tmp/out" 2>&1 \
    || fail "run --method converged on stack_2d: exit $?"
grep -q "^step,t,points,iterations" "$tmp/r.csv" || fail "run --residuals: no CSV header"
[ "$(wc -l < "$tmp/r.csv")" -eq 6 ] || fail "run --residuals: expected 5 steps in the CSV"
grep -q "^residuals   largest" "$tmp/out" || fail "run --method converged: no residual summary"
expect2 "cannot open trace file '$tmp/missing/x.csv' for writing: No such file or directory" \
    run "$scene" --steps 3 --trace "$tmp/missing/x.csv"

# plot
expect2 "no TRACE given" plot
expect2 "cannot open '/nonexistent/x.csv': No such file or directory" plot /nonexistent/x.csv --quantity energy -o "$tmp/p.png"
expect2 "is a directory, not a trace file" plot "$src/scenes" --quantity energy -o "$tmp/p.png"
expect2 "README.md:3: no '# format: anakata-trace/1' line before the header" plot "$src/README.md" --quantity energy -o "$tmp/p.png"
expect2 "--quantity: expected omega_body, energy or momentum, got 'bogus'" plot "$tmp/c.csv" --quantity bogus -o "$tmp/p.png"
expect2 "--quantity is required" plot "$tmp/c.csv" -o "$tmp/p.png"
expect2 "-o FILE.svg|png is required" plot "$tmp/c.csv" --quantity energy
expect2 "-o: the file name must end in .svg or .png, got" plot "$tmp/c.csv" --quantity energy -o "$tmp/p.gif"
expect2 "-o needs a value" plot "$tmp/c.csv" --quantity energy -o
expect2 "unknown option '--bogus'" plot "$tmp/c.csv" --bogus
expect2 "cannot write '$tmp/missing/p.png': No such file or directory" plot "$tmp/c.csv" --quantity energy -o "$tmp/missing/p.png"
expect2 "no body 'nobody' in the trace" plot "$tmp/c.csv" --quantity omega_body --body nobody -o "$tmp/p.png"

# verify (only argument checks: each case stops before or after one cheap check)
expect2 "unknown or incomplete option '--bogus'" verify --bogus
expect2 "unknown or incomplete option '--only'" verify --only
expect2 "no check matches 'nosuchgroup'" verify --quick --only nosuchgroup
expect2 "--scenes '/nonexistent/dir': No such file or directory" verify --quick --only ga.nd.wedge --scenes /nonexistent/dir
expect2 "--scenes '$scene': not a directory" verify --quick --only ga.nd.wedge --scenes "$scene"
expect2 "--formulas '/nonexistent/F.md': No such file or directory" verify --quick --only ga.nd.wedge --formulas /nonexistent/F.md
expect2 "--json '$tmp/missing/r.json': No such file or directory" verify --quick --only ga.nd.wedge --json "$tmp/missing/r.json"
expect2 "--json '$tmp': is a directory, not a file" verify --quick --only ga.nd.wedge --json "$tmp"
expect2 "cannot create the report directory '$scene/r'" verify --quick --only ga.nd.wedge --report "$scene/r"

[ $failures -eq 0 ] || { echo "cli_errors: $failures failures" >&2; exit 1; }
echo "cli_errors: all cases exit 2 with a message naming the problem"
