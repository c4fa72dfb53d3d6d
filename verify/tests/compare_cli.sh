#!/usr/bin/env bash
# The anakata compare and reference command lines, end to end: the reference against itself
# passes (exit 0); the published-algorithm example fails (exit 1) on the quantities it gets
# wrong; the corrected example passes and --json says so; a malformed trace is rejected with its
# file, line and column (exit 2); anakata reference exits 1 when a committed trace and a fresh
# run differ by 1e-6. On a contact scene (stack_4d): the reference passes against itself, the
# thesis' published solver variant fails on the end state and the energy, and anakata reference
# catches one solver iteration less and a 1e-6 change in the committed end state.
#   compare_cli.sh ANAKATA PUBLISHED_ENGINE SOURCE_DIR
set -uo pipefail
ak=$1 ex=$2 src=$3
ref=$src/verify/reference/tumbling_cuboid.csv
# Under AddressSanitizer: fontconfig's cache (cairo text in --report plots) is not a leak of ours.
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$src/verify/tests/lsan_fontconfig.supp"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "compare_cli: $*" >&2; exit 1; }

"$ak" compare "$ref" "$ref" > "$tmp/self.txt"; rc=$?
[ $rc -eq 0 ] || fail "reference vs itself: exit $rc"
grep -q "compare: [0-9]* passed, 0 failed" "$tmp/self.txt" || fail "reference vs itself: $(tail -1 "$tmp/self.txt")"

"$ex" -o "$tmp/published.csv" || fail "example did not run"
"$ak" compare "$ref" "$tmp/published.csv" > "$tmp/pub.txt"; rc=$?
[ $rc -eq 1 ] || fail "published example: exit $rc, expected 1"
for q in state.rotor state.angular_velocity energy.drift angular_momentum.drift; do
    grep -q "^FAIL  $q " "$tmp/pub.txt" || fail "published example: $q not caught"
done
grep -q "^ok    state.position " "$tmp/pub.txt" || fail "published example: state.position should pass"

"$ex" --corrected -o "$tmp/corrected.csv" || fail "corrected example did not run"
"$ak" compare "$ref" "$tmp/corrected.csv" --json --report "$tmp/r.html" > "$tmp/cor.json"; rc=$?
[ $rc -eq 0 ] || fail "corrected example: exit $rc"
grep -q '"pass":	true' "$tmp/cor.json" || fail "corrected example: JSON says it fails"
grep -q 'data:image/png;base64' "$tmp/r.html" || fail "--report page has no plot"

sed '12s/^\([0-9]*\),\([^,]*\),cuboid,[^,]*,/\1,\2,cuboid,nan,/' "$tmp/published.csv" > "$tmp/nan.csv"
"$ak" compare "$ref" "$tmp/nan.csv" 2> "$tmp/err.txt"; rc=$?
[ $rc -eq 2 ] || fail "NaN trace: exit $rc, expected 2"
grep -q "nan.csv:12: column 'x0' (field 4), body 'cuboid': not a finite number: 'nan'" "$tmp/err.txt" ||
    fail "NaN trace: message was: $(cat "$tmp/err.txt")"
# anakata reference catches a drift: one rotor component of one committed sample moved by 1e-6
cp -r "$src/verify/reference" "$tmp/ref"
awk -F, 'BEGIN { OFS = "," } /^100,/ { $13 = $13 + 1e-6 } { print }' "$src/verify/reference/dzhanibekov_c.csv" \
    > "$tmp/ref/dzhanibekov_c.csv"
"$ak" reference --manifest "$tmp/ref/manifest.json" dzhanibekov_c > "$tmp/drift.txt"; rc=$?
[ $rc -eq 1 ] || fail "reference drift: exit $rc, expected 1"
grep -q "^FAIL  state.rotor .*first over tolerance at t = 1 s" "$tmp/drift.txt" || fail "reference drift: $(cat "$tmp/drift.txt")"
"$ak" reference --manifest "$src/verify/reference/manifest.json" dzhanibekov_c > /dev/null || fail "reference: committed set fails"

# a contact scene: the 4D stack
sref=$src/verify/reference/stack_4d.csv
"$ak" compare "$sref" "$sref" > "$tmp/sself.txt"; rc=$?
[ $rc -eq 0 ] || fail "stack_4d vs itself: exit $rc"
grep -q "compare: [0-9]* passed, 0 failed" "$tmp/sself.txt" || fail "stack_4d vs itself: $(tail -1 "$tmp/sself.txt")"
sed 's/"iterations": 20/"iterations": 20, "variant": "published"/' "$src/scenes/stack_4d.json" > "$tmp/stack_pub.json"
grep -q '"variant": "published"' "$tmp/stack_pub.json" || fail "could not make the published-solver scene"
"$ak" run "$tmp/stack_pub.json" --trace "$tmp/stack_pub.csv" > /dev/null || fail "published stack did not run"
"$ak" compare "$sref" "$tmp/stack_pub.csv" > "$tmp/spub.txt"; rc=$?
[ $rc -eq 1 ] || fail "published stack: exit $rc, expected 1"
for q in energy.drift energy.final end.position; do
    grep -q "^FAIL  $q " "$tmp/spub.txt" || fail "published stack: $q not caught: $(cat "$tmp/spub.txt")"
done
grep -q "^FAIL  end.position .*worst body 'cube2'" "$tmp/spub.txt" || fail "published stack: end.position names no body"
# anakata reference: one solver iteration less is an engine change
sed 's/"iterations": 20/"iterations": 19/' "$src/scenes/stack_4d.json" > "$tmp/stack19.json"
sed "s|\"scene_file\":[[:space:]]*\"scenes/stack_4d.json\"|\"scene_file\": \"$tmp/stack19.json\"|" \
    "$src/verify/reference/manifest.json" > "$tmp/ref/manifest.json"
grep -q "$tmp/stack19.json" "$tmp/ref/manifest.json" || fail "could not point the manifest at the modified scene"
"$ak" reference --manifest "$tmp/ref/manifest.json" stack_4d > "$tmp/it19.txt"; rc=$?
[ $rc -eq 1 ] || fail "one iteration less: exit $rc, expected 1"
grep -q "^FAIL  state.position " "$tmp/it19.txt" || fail "one iteration less: $(cat "$tmp/it19.txt")"
# ... and so is a 1e-6 change in the committed end state (x0 of the last row)
cp "$src/verify/reference/manifest.json" "$tmp/ref/manifest.json"
awk -F, 'BEGIN { OFS = "," } { a[NR] = $0 } END { for (i = 1; i <= NR; i++) { if (i == NR) { split(a[i], f, ","); f[4] = f[4] + 1e-6; s = f[1]; for (j = 2; j <= length(f); j++) s = s "," f[j]; print s } else print a[i] } }' \
    "$sref" > "$tmp/ref/stack_4d.csv"
"$ak" reference --manifest "$tmp/ref/manifest.json" stack_4d > "$tmp/end.txt"; rc=$?
[ $rc -eq 1 ] || fail "end state moved by 1e-6: exit $rc, expected 1"
grep -q "^FAIL  end.position .* 1e-06 .*at the last common time t = 10 s" "$tmp/end.txt" || fail "end state moved by 1e-6: $(cat "$tmp/end.txt")"
"$ak" reference --manifest "$src/verify/reference/manifest.json" stack_4d > /dev/null || fail "reference: committed stack_4d fails"

# Never blind: the free body teleported by 0.5 m for t >= 10 s (long after the horizon)
dz=$src/verify/reference/dzhanibekov_c.csv
awk -F, 'BEGIN { OFS = "," } /^[0-9]/ && $2 >= 10 { $4 = $4 + 0.5 } { print }' "$dz" > "$tmp/teleport.csv"
"$ak" compare "$dz" "$tmp/teleport.csv" --manifest "$src/verify/reference/manifest.json" > "$tmp/tele.txt"; rc=$?
[ $rc -eq 1 ] || fail "teleport: exit $rc, expected 1: $(cat "$tmp/tele.txt")"
grep -q "^FAIL  kinematics.x_dot_v .* 0.5 .*'cuboid' at t = 10" "$tmp/tele.txt" || fail "teleport: x' = v: $(cat "$tmp/tele.txt")"
grep -q "^FAIL  centroid.motion " "$tmp/tele.txt" || fail "teleport: centroid: $(cat "$tmp/tele.txt")"
# a quaternion written as it is into the rotor columns of the 3D Dzhanibekov body is named as such
# (its rotor starts at the identity, so the mistake shows from the second sample on)
d3=$src/verify/reference/dzhanibekov_3d.csv
awk -F, 'BEGIN { OFS = "," } /^[0-9]/ { r = $10; a = $11; b = $12; c = $13; $10 = r; $11 = -c; $12 = b; $13 = -a } { print }' \
    "$d3" > "$tmp/quat_as_rotor.csv"
"$ak" compare "$d3" "$tmp/quat_as_rotor.csv" > "$tmp/qr.txt"; rc=$?
[ $rc -eq 1 ] || fail "quaternion as rotor: exit $rc"
grep -q "^FAIL  state.rotor .*likely a convention mistake: a quaternion (w, x, y, z) written as it is" "$tmp/qr.txt" ||
    fail "quaternion as rotor not named: $(grep state.rotor "$tmp/qr.txt")"
# a mistyped --scene is an error, not another entry
"$ak" compare "$dz" "$dz" --scene dzhanibekov_x > /dev/null 2> "$tmp/scene.txt"; rc=$?
[ $rc -eq 2 ] || fail "--scene dzhanibekov_x: exit $rc, expected 2"
grep -q "has no scene 'dzhanibekov_x'" "$tmp/scene.txt" || fail "--scene: $(cat "$tmp/scene.txt")"
# a UTF-8 byte order mark is accepted
printf '\xef\xbb\xbf' > "$tmp/bom.csv" && cat "$dz" >> "$tmp/bom.csv"
"$ak" compare "$dz" "$tmp/bom.csv" --manifest "$src/verify/reference/manifest.json" > "$tmp/bom.txt" || fail "BOM: $(cat "$tmp/bom.txt")"
# the same scene file by another path is the same scene; another scene is named
sed "s|^# scene: scenes/dzhanibekov_c.json|# scene: $src/verify/../scenes/dzhanibekov_c.json|" "$dz" > "$tmp/abs.csv"
grep -q "^# scene: $src/verify/../scenes" "$tmp/abs.csv" || fail "could not rewrite the scene line"
"$ak" compare "$dz" "$tmp/abs.csv" --manifest "$src/verify/reference/manifest.json" > "$tmp/abs.txt" || fail "same scene: $(cat "$tmp/abs.txt")"
! grep -q "different scenes" "$tmp/abs.txt" || fail "same scene by another path: $(grep different "$tmp/abs.txt")"
sed "s|^# scene: scenes/dzhanibekov_c.json|# scene: scenes/dzhanibekov_d.json|" "$dz" > "$tmp/other_scene.csv"
"$ak" compare "$dz" "$tmp/other_scene.csv" --manifest "$src/verify/reference/manifest.json" | grep "different scenes" > /dev/null ||
    fail "another scene is not named"
# ... and within the measured predictability horizon (the whole 20 s) the states say so too
grep -q "^FAIL  state.position .*t = \[0, 20\] s" "$tmp/tele.txt" || fail "teleport: state.position: $(cat "$tmp/tele.txt")"
# --tol and --horizon override the manifest and show it
"$ak" compare "$dz" "$tmp/teleport.csv" --manifest "$src/verify/reference/manifest.json" --tol kinematics=0.6 --tol centroid=off \
    --horizon 5 > "$tmp/tol.txt"; rc=$?
[ $rc -eq 0 ] || fail "--tol kinematics=0.6 --tol centroid=off --horizon 5: exit $rc: $(cat "$tmp/tol.txt")"
grep -q "^ok    kinematics.x_dot_v .* 0.6 " "$tmp/tol.txt" || fail "--tol not shown: $(cat "$tmp/tol.txt")"
grep -q "^ok    state.position .*t = \[0, 5\] s" "$tmp/tol.txt" || fail "--horizon not used: $(cat "$tmp/tol.txt")"
"$ak" compare "$dz" "$dz" --tol nonsense=1 2> "$tmp/tolerr.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "unknown name 'nonsense'" "$tmp/tolerr.txt" || fail "--tol nonsense=1: exit $rc: $(cat "$tmp/tolerr.txt")"
# reference --update of an entry without "dim" (hand-written) works and adds it
cp -r "$src/verify/reference/." "$tmp/ref/"
awk '/"scene":\t"bounce_cube_3d"/ { inside = 1 } inside && /"dim":/ { inside = 0; next } { print }' \
    "$src/verify/reference/manifest.json" > "$tmp/ref/manifest.json"
[ "$(grep -c '"dim":' "$tmp/ref/manifest.json")" -lt "$(grep -c '"dim":' "$src/verify/reference/manifest.json")" ] ||
    fail "could not remove dim"
"$ak" reference --manifest "$tmp/ref/manifest.json" --update bounce_cube_3d > "$tmp/nodim.txt"; rc=$?
[ $rc -eq 0 ] || fail "reference --update without dim: exit $rc: $(cat "$tmp/nodim.txt")"
cmp -s "$tmp/ref/bounce_cube_3d.csv" "$src/verify/reference/bounce_cube_3d.csv" || fail "update without dim changed the trace"
[ "$(grep -c '"dim":' "$tmp/ref/manifest.json")" -eq "$(grep -c '"dim":' "$src/verify/reference/manifest.json")" ] ||
    fail "update did not write dim"

# reference --make: an entry for any scene file, with measured horizon; the same name twice is an error
"$ak" reference --make "$src/scenes/bounce_cube_3d.json" --manifest "$tmp/own/manifest.json" --duration 1 \
    --tol velocity=0.05 > /dev/null || fail "reference --make failed"
grep -q '"predictability"' "$tmp/own/manifest.json" && grep -q '"velocity":[[:space:]]*0.05' "$tmp/own/manifest.json" ||
    fail "reference --make: no horizon or --tol not applied"
"$ak" compare "$tmp/own/bounce_cube_3d.csv" "$tmp/own/bounce_cube_3d.csv" > "$tmp/own.txt" || fail "own reference vs itself"
"$ak" reference --make "$src/scenes/bounce_cube_3d.json" --manifest "$tmp/own/manifest.json" 2> "$tmp/own2.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "already has scene 'bounce_cube_3d'" "$tmp/own2.txt" || fail "--make twice: exit $rc: $(cat "$tmp/own2.txt")"
"$ak" reference --make "$tmp/nonexistent.json" --manifest "$tmp/own/manifest.json" 2> "$tmp/own3.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "nonexistent.json" "$tmp/own3.txt" || fail "--make of a missing file: exit $rc"

# stepwise: the published solver's stack against anakata's step (corrected solver)
"$ak" run "$tmp/stack_pub.json" --duration 1 --trace "$tmp/stack_pub1.csv" > /dev/null || fail "published stack did not run"
"$ak" compare --stepwise "$src/scenes/stack_4d.json" "$tmp/stack_pub1.csv" > "$tmp/sw.txt"; rc=$?
[ $rc -eq 1 ] || fail "stepwise published stack: exit $rc, expected 1: $(cat "$tmp/sw.txt")"
grep -q "^law: steps with contact differ most (median |dv|" "$tmp/sw.txt" || fail "stepwise: law not named: $(cat "$tmp/sw.txt")"
grep -q "^  t = .*over tolerance: 'cube" "$tmp/sw.txt" || fail "stepwise: no worst steps with bodies: $(cat "$tmp/sw.txt")"
# ... and against the published solver it agrees to rounding
"$ak" compare --stepwise "$src/scenes/stack_4d.json" "$tmp/stack_pub1.csv" --solver published > "$tmp/sw2.txt" ||
    fail "stepwise with the same solver: $(cat "$tmp/sw2.txt")"
"$ak" compare --stepwise "$src/scenes/stack_4d.json" "$tmp/stack_pub1.csv" --solver nonsense 2> /dev/null; rc=$?
[ $rc -eq 2 ] || fail "stepwise --solver nonsense: exit $rc, expected 2"
# Laws and measurements. A trace of the reference itself violates no law under --laws;
# a quaternion of norm 2 is a broken trace (exit 2, its own message); a trace from `anakata run`
# (no manifest entry) is judged with the scene's gravity and masses (impacts, energy)
"$ak" compare --laws "$dz" "$dz" > "$tmp/laws.txt"; rc=$?
[ $rc -eq 0 ] || fail "--laws, reference vs itself: exit $rc: $(cat "$tmp/laws.txt")"
grep -q "^laws violated: none$" "$tmp/laws.txt" && grep -q "^differs from the reference in: not judged (--laws)$" "$tmp/laws.txt" ||
    fail "--laws summary: $(tail -3 "$tmp/laws.txt")"
! grep -q " measurement " "$tmp/laws.txt" || fail "--laws printed a measurement"
awk -F, 'BEGIN { OFS = "," } /^[0-9]/ { $10 = 2 * $10; $11 = 2 * $11; $12 = 2 * $12; $13 = 2 * $13 } { print }' "$d3" |
    sed 's/^step,t,body,x0,x1,x2,v0,v1,v2,r,r_xy,r_xz,r_yz,/step,t,body,x0,x1,x2,v0,v1,v2,qw,qx,qy,qz,/' > "$tmp/norm2.csv"
"$ak" compare "$d3" "$tmp/norm2.csv" > /dev/null 2> "$tmp/norm2.txt"; rc=$?
[ $rc -eq 2 ] && grep -q "norm2.csv:[0-9]*: columns 'qw,qx,qy,qz' .* the quaternion has norm 2" "$tmp/norm2.txt" ||
    fail "quaternion of norm 2: exit $rc: $(cat "$tmp/norm2.txt")"
"$ak" run "$src/scenes/bounce_cube_3d.json" --duration 1 --trace "$tmp/run_bounce.csv" > /dev/null || fail "run bounce"
"$ak" compare "$tmp/run_bounce.csv" "$tmp/run_bounce.csv" > "$tmp/runcmp.txt"; rc=$?
[ $rc -eq 0 ] || fail "run trace vs itself: exit $rc: $(cat "$tmp/runcmp.txt")"
grep -q "gravity, mass properties and shapes from the scene file" "$tmp/runcmp.txt" &&
    grep -q "^ok    events.time .*[1-9][0-9]* impacts" "$tmp/runcmp.txt" && grep -q "^ok    energy.gain " "$tmp/runcmp.txt" ||
    fail "run trace: impacts and energy not judged: $(cat "$tmp/runcmp.txt")"
echo "compare_cli: ok"
