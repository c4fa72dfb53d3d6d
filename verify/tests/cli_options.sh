#!/usr/bin/env bash
# The one command-line grammar (verify/cli/cli_opts.h), for every subcommand and every option of
# its table (anakata --list-options CMD):
#   - the option with a valid value is read into that option (anakata --parse-only CMD ...);
#   - the option misspelt (its last letter doubled) is refused by the command itself, exit 2,
#     with "unknown option 'MISSPELT'; did you mean 'OPTION'?";
#   - an option that takes a value: without one, and (for checked kinds) with a bad one, exit 2
#     naming the option;
#   - a required option or argument left out is named;
#   - --help lists the option.
# Then the behaviour the grammar promises across commands: the same shared options in step and
# run, bundled scene names wherever a scene is taken.
#   cli_options.sh ANAKATA SOURCE_DIR
set -uo pipefail
ak=$1 src=$2
tmp=$(mktemp -d)
cd "$src" || exit 1 # bundled scenes by name, paths relative to the checkout's root
trap 'rm -rf "$tmp"' EXIT
failures=0 checked=0
fail() { echo "cli_options: $*" >&2; failures=$((failures + 1)); }

# expect RC 'TEXT' ARGS...: exit RC and TEXT (fixed string) in stdout+stderr
expect() {
    local want_rc=$1 want=$2
    shift 2
    "$ak" "$@" > "$tmp/out" 2>&1
    local rc=$?
    checked=$((checked + 1))
    [ $rc -eq "$want_rc" ] || fail "anakata $*: exit $rc, expected $want_rc ($(head -c 300 "$tmp/out"))"
    grep -qF -- "$want" "$tmp/out" || fail "anakata $*: output lacks '$want': $(head -c 300 "$tmp/out")"
}

commands=$("$ak" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 {print $1}')
[ "$(echo "$commands" | wc -w)" -ge 11 ] || fail "anakata --help lists $(echo "$commands" | wc -w) commands"
for cmd in $commands; do
    "$ak" --list-options "$cmd" > "$tmp/opts" || { fail "--list-options $cmd: exit $?"; continue; }
    read -r _ _ pname pmin _ < "$tmp/opts"
    "$ak" "$cmd" --help > "$tmp/help" 2>&1 || fail "$cmd --help: exit $?"
    # the least command line: its required arguments and options
    base=()
    for ((i = 0; i < pmin; i++)); do base+=("arg$i"); done
    while read -r name kind sample rest; do
        [[ $rest == *required* ]] && base+=("$name" "$sample")
    done < <(grep -v '^#' "$tmp/opts")
    if [ "$pmin" -gt 0 ]; then
        args=("${base[@]:$pmin}")
        expect 2 "anakata $cmd: no $pname given" "$cmd" "${args[@]}"
    fi
    first_value=
    while read -r name kind sample rest; do
        grep -qF -- "$name" "$tmp/help" || fail "$cmd --help does not list $name"
        if [ "$kind" = flag ]; then
            expect 0 "$name=(flag)" --parse-only "$cmd" "${base[@]}" "$name"
        else
            expect 0 "$name=$sample" --parse-only "$cmd" "${base[@]}" "$name" "$sample"
            [ "$kind" = text ] || expect 2 "$name: expected " "$cmd" "${base[@]}" "$name" "@bad"
            if [ -z "$first_value" ] && [[ $name == --* ]]; then # once per command: NAME=VALUE, no value
                first_value=$name
                expect 0 "$name=$sample" --parse-only "$cmd" "${base[@]}" "$name=$sample"
                expect 2 "$name needs a value" "$cmd" "${base[@]}" "$name"
            fi
        fi
        # one misspelling: the last letter doubled; refused by the command itself
        mis="$name${name: -1}"
        expect 2 "unknown option '$mis'; did you mean '$name'?" "$cmd" "${base[@]}" "$mis" "$sample"
        if [[ $rest == *required* ]]; then # left out: named
            args=()
            skip=0
            for a in "${base[@]}"; do
                if [ $skip = 1 ]; then skip=0; continue; fi
                if [ "$a" = "$name" ]; then skip=1; continue; fi
                args+=("$a")
            done
            expect 2 "$name is required" "$cmd" "${args[@]}"
        fi
    done < <(grep -v '^#' "$tmp/opts")
done
expect 2 "unknown option '--bogus'" run arg --bogus

# the issue's cases
expect 2 "unknown option '--margn'; did you mean '--margin'?" contacts "$src/scenes/stack_4d.json" --margn 0.1
expect 2 "-o is required (-o FILE)" render stack_4d --cpu
# the same shared options, the same values, in step and run
shared=(--steps 1 --shock-propagation on --method vector --variant corrected --integrator catto --iterations 5
    --order sequential --warm-start on --tolerance 1e-10 --max-iterations 100 --dt 0.01)
expect 0 "solver      vector corrected, 5 iterations, shock propagation on, warm start on" run stack_4d "${shared[@]}"
expect 0 "step 1  t = 0.010000" step stack_4d "${shared[@]}"
for cmd in step run; do
    expect 2 "--shock-propagation: expected on or off, got 'yes'" "$cmd" stack_4d --shock-propagation yes
    expect 2 "--method: expected one of vector, pga, converged, got 'fast'" "$cmd" stack_4d --method fast
    expect 2 "--integrator: expected one of" "$cmd" stack_4d --integrator foo
    expect 2 "--steps: expected a whole number from 1 to 10^12, got '0'" "$cmd" stack_4d --steps 0
done
# bundled scene names in every command that takes a scene, from any directory of a checkout
(cd "$src/docs" && "$ak" mass stack_4d > "$tmp/out" 2>&1) || fail "mass stack_4d from docs/: $(head -c 300 "$tmp/out")"
expect 0 "scenes/stack_4d.json" mass stack_4d
expect 0 "pairs with separation" contacts stack_4d
expect 0 "steps" run stack_4d --steps 2
expect 0 "step 1" step stack_4d --steps 1
expect 0 "wrote" plot "$src/verify/reference/stack_4d.csv" --quantity momentum --scene stack_4d -o "$tmp/p.svg"
expect 0 "scene: scenes/stack_4d.json" compare --stepwise stack_4d "$src/verify/reference/stack_4d.csv" --worst 1 \
    --tol position=1e9 --tol velocity=1e9 --tol rotor=1e9 --tol angular_velocity=1e9
expect 2 "no bundled scene of that name" view no_such_scene_name
expect 2 "neither a built-in scene" render no_such_scene_name -o "$tmp/x.png"

# reference --make writes only where it is told: into the checkout it runs in (here a second one,
# made in a temporary folder), else --manifest/--out; never into the tree the program was built from
sum_before=$(cat "$src"/verify/reference/manifest.json | md5sum)
other="$tmp/other"
mkdir -p "$other/scenes" "$other/verify/reference" "$other/sub"
touch "$other/meson.build"
cp "$src/scenes/dzhanibekov_3d.json" "$other/scenes/mine.json"
(cd "$other/sub" && "$ak" reference --make mine --duration 0.5 --horizon 0.5) > "$tmp/out" 2>&1 ||
    fail "reference --make in another checkout: $(head -c 300 "$tmp/out")"
grep -q '"scene_file":[[:space:]]*"scenes/mine.json"' "$other/verify/reference/manifest.json" ||
    fail "reference --make: the entry does not name scenes/mine.json relative to its checkout"
[ -f "$other/verify/reference/mine.csv" ] || fail "reference --make: no trace beside the other checkout's manifest"
(cd "$other" && "$ak" reference --make scenes/mine.json --duration 0.5 --horizon 0.5) > "$tmp/out" 2>&1
[ $? -eq 2 ] && grep -qF "verify/reference/manifest.json already has scene 'mine' (replace it with --make ... --update" \
    "$tmp/out" || fail "reference --make of an existing entry without --update: $(head -c 300 "$tmp/out")"
(cd "$other" && "$ak" reference --make scenes/mine.json --duration 0.5 --horizon 0.5 --update) > "$tmp/out" 2>&1 ||
    fail "reference --make --update of an existing entry: $(head -c 300 "$tmp/out")"
[ "$(grep -c '"scene":' "$other/verify/reference/manifest.json")" -eq 1 ] || fail "reference --make --update added a second entry"
(cd "$tmp" && "$ak" reference --make "$other/scenes/mine.json" --duration 0.5) > "$tmp/out" 2>&1
[ $? -eq 2 ] && grep -qF "not inside an anakata checkout: say where to write with --manifest FILE or --out DIR" "$tmp/out" ||
    fail "reference --make outside a checkout without --out: $(head -c 300 "$tmp/out")"
(cd "$tmp" && "$ak" reference --make "$other/scenes/mine.json" --duration 0.5 --horizon 0.5 --out refs) > "$tmp/out" 2>&1 ||
    fail "reference --make --out: $(head -c 300 "$tmp/out")"
[ -f "$tmp/refs/manifest.json" ] && [ -f "$tmp/refs/mine.csv" ] || fail "reference --make --out refs wrote no refs/"
[ "$(cat "$src"/verify/reference/manifest.json | md5sum)" = "$sum_before" ] ||
    fail "reference --make changed the source tree's verify/reference/manifest.json"

# compare knows which trace is the reference: the arguments swapped (a committed reference second,
# a trace that is none first) are refused with the right order; skip lines name their trace
"$ak" run verify/examples/tumbling_cuboid.json --integrator catto --trace "$tmp/tc.csv" > /dev/null 2>&1 ||
    fail "run tumbling_cuboid: exit $?"
expect 2 "the arguments look swapped: the second, OTHER 'verify/reference/tumbling_cuboid.csv', is the committed reference of scene 'tumbling_cuboid'" \
    compare "$tmp/tc.csv" verify/reference/tumbling_cuboid.csv
grep -qF "anakata compare verify/reference/tumbling_cuboid.csv $tmp/tc.csv" "$tmp/out" || fail "compare swapped: no corrected command"
cp verify/reference/tumbling_cuboid.csv "$tmp/ref.csv" # no manifest beside it: the scene file gives the masses
"$ak" compare "$tmp/tc.csv" "$tmp/ref.csv" > "$tmp/out" 2>&1
grep -q "^tolerances: no manifest: default tolerances; gravity, mass properties and shapes from the scene file .*tumbling_cuboid.json" "$tmp/out" &&
    grep -q "^ok    energy.drift " "$tmp/out" && grep -q "^ok    momentum.drift " "$tmp/out" && ! grep -q "^skip" "$tmp/out" ||
    fail "compare without a manifest: the energy and momentum items are not judged from the scene file: $(grep -E '^(skip|tolerances)' "$tmp/out")"

# JSON syntax errors of the oracle's scene reader and of a manifest name the line and column
printf '{\n  "format": "anakata-scene/1",\n  "dim": 4,\n  "bodies": [\n' > "$tmp/trunc.json"
expect 2 "trunc.json:5:1: JSON syntax error" reference --oracle "$tmp/trunc.json" --trace "$tmp/o.csv"
mkdir -p "$tmp/m"
printf '{\n  "format": "anakata-reference/1",\n  "scenes": [\n    {"scene": "a" "trace": "a.csv"}\n  ]\n}\n' > "$tmp/m/manifest.json"
expect 2 "manifest.json:4:19: JSON syntax error" reference --manifest "$tmp/m/manifest.json"

echo "cli_options: $checked cases, $failures failed"
[ $failures -eq 0 ]
