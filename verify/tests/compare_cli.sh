#!/usr/bin/env bash
# The anakata compare and reference command lines, end to end: the reference against itself
# passes (exit 0); the published-algorithm example fails (exit 1) on the quantities it gets
# wrong; the corrected example passes and --json says so; a malformed trace is rejected with its
# file, line and column (exit 2); anakata reference exits 1 when a committed trace and a fresh
# run differ by 1e-6.
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
grep -q "compare: 9 passed, 0 failed, 0 skipped" "$tmp/self.txt" || fail "reference vs itself: $(tail -1 "$tmp/self.txt")"

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
echo "compare_cli: ok"
