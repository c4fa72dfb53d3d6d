#!/usr/bin/env bash
# Honest and doctored traces of the three real engines: each of ODE,
# Bullet and MuJoCo runs dzhanibekov_3d, bounce_cube_3d and stack3_3d in its documented settings;
# the honest trace must violate no law (`anakata compare --laws`, exit 0), and every doctored copy
# that verify/examples/doctor.py makes of it (a 0.05 m teleport, omega in the body frame, the
# quaternion in (x, y, z, w) order, the bounce removed, the impact 120 steps late) must fail
# `anakata compare` (exit 1 or 2) on an item that the honest trace passes, or with at least twice
# the honest trace's error on one that both fail (or be rejected).
# Prints one line per trace with compare's exit status and the items that fail beyond the honest
# trace's, and exits 1 when an expectation does not hold.
#   doctored.sh ANAKATA ODE_CLIENT BULLET_CLIENT MUJOCO_CLIENT SOURCE_DIR
set -uo pipefail
[ $# -eq 5 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
ak=$(realpath "$1") ode=$(realpath "$2") bullet=$(realpath "$3") mujoco=$(realpath "$4") src=$(realpath "$5")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 2
status=0
laws=0
"$ak" compare --help 2>&1 | grep -- '--laws' > /dev/null && laws=1
if [ $laws = 0 ]; then
    echo "doctored: anakata compare has no --laws yet (issue 26, item 1): honest traces are judged by the full compare"
    echo "doctored: and cannot be required to pass; this run fails until --laws exists"
    status=1
fi
failed_items() { grep -E '^FAIL ' "$1" | awk '{print $2}' | paste -sd' ' -; }
# "quantity error" of each failed item (the error is the 6th column: verdict, quantity, kind,
# other, reference, error)
failed_errors() { grep -E '^FAIL ' "$1" | awk '{print $2, $6}'; }
for e in ode bullet mujoco; do
    for s in dzhanibekov_3d bounce_cube_3d stack3_3d; do
        case $e in
            ode) "$ode" "scenes/$s.json" -o "$tmp/honest.csv" 2> /dev/null ;;
            bullet) "$bullet" "scenes/$s.json" -o "$tmp/honest.csv" 2> /dev/null ;;
            mujoco) "$mujoco" "scenes/$s.json" -o "$tmp/honest.csv" 2> /dev/null ;;
        esac || { echo "doctored: the $e client failed on $s" >&2; exit 2; }
        ref=verify/reference/$s.csv
        if [ $laws = 1 ]; then
            "$ak" compare --laws "$ref" "$tmp/honest.csv" > "$tmp/out.txt" 2>&1; rc=$?
            verdict=$([ $rc = 0 ] && echo "ok  " || echo "FAIL")
            [ $rc = 0 ] || status=1
            echo "$verdict $e $s honest: compare --laws exit $rc $(grep -E '^laws violated' "$tmp/out.txt")"
        fi
        "$ak" compare "$ref" "$tmp/honest.csv" > "$tmp/out.txt" 2>&1; rc=$?
        honest=$(failed_items "$tmp/out.txt")
        failed_errors "$tmp/out.txt" > "$tmp/honest.err"
        [ $laws = 1 ] || echo "n/a  $e $s honest: compare exit $rc; failed: ${honest:-nothing}"
        rm -rf "$tmp/doc"
        python3 verify/examples/doctor.py "$tmp/honest.csv" "$tmp/doc" > "$tmp/doc.txt" || exit 2
        for f in "$tmp"/doc/*.csv; do
            d=$(basename "$f" .csv)
            "$ak" compare "$ref" "$f" > "$tmp/out.txt" 2>&1; rc=$?
            why=$(failed_items "$tmp/out.txt")
            # the items that fail here and not in the honest trace: what the mistake changed
            new=$(comm -13 <(tr ' ' '\n' <<< "$honest" | sort) <(tr ' ' '\n' <<< "$why" | sort) | paste -sd' ' -)
            # and those that fail in both, with at least twice the honest trace's error
            failed_errors "$tmp/out.txt" > "$tmp/doc.err"
            worse=$(awk 'NR == FNR {h[$1] = $2; next} ($1 in h) && ($2 == "inf" && h[$1] != "inf" || $2 + 0 >= 2 * h[$1]) {printf "%s%s (%s, honest %s)", n++ ? " " : "", $1, $2, h[$1]}' "$tmp/honest.err" "$tmp/doc.err")
            new=$(echo $new $worse)
            [ $rc = 2 ] && new="rejected: $(head -n 1 "$tmp/out.txt")"
            if [ $rc = 0 ] || [ -z "$new" ]; then verdict="FAIL"; status=1; else verdict="ok  "; fi
            extra=""
            if [ $laws = 1 ]; then
                "$ak" compare --laws "$ref" "$f" > "$tmp/laws.txt" 2>&1
                extra="; --laws exit $?: $(grep -E '^laws violated' "$tmp/laws.txt")"
            fi
            echo "$verdict $e $s $d: compare exit $rc; failed beyond the honest trace: ${new:-nothing}$extra"
        done
        grep 'not applicable' "$tmp/doc.txt" | sed "s/^/     $e $s /"
    done
done
[ $status = 0 ] && echo "doctored: ok" || echo "doctored: an expectation does not hold (lines marked FAIL above)"
exit $status
