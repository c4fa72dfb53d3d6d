#!/usr/bin/env bash
# anakata sweep end to end (suite sweep):
#   - every bad spec in sweeps_bad/ exits 2 with its "_expect" message (file: field: expected ...);
#   - bad options exit 2;
#   - the CSV is byte-identical for 1 and 2 threads, and for mpirun -np 1 and -np 2 (when the
#     program has MPI; under CI it must have it);
#   - a sweep killed with SIGKILL mid-way and started again finishes from its checkpoint without
#     repeating samples, and its CSV equals the uninterrupted one (threads and MPI);
#   - a checkpoint of another spec is refused.
#   test_sweep_cli.sh ANAKATA SOURCE_DIR
set -uo pipefail
ak=$1 src=$2
good=$src/verify/tests/sweeps_good
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "test_sweep_cli: $*" >&2; failures=$((failures + 1)); }
mpirun_args=(--oversubscribe)
[ "$(id -u)" -eq 0 ] && mpirun_args+=(--allow-run-as-root)
# Under AddressSanitizer (CI's sanitizer build runs this script too) OpenMPI's plugins leak at
# exit, from code that is unloaded by then (LeakSanitizer cannot even name it); the MPI runs keep
# every other sanitizer check but not leak detection. Our own code paths are leak-checked by the
# runs without mpirun.
mpirun_env=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")

# bad specs
nbad=0
for f in "$src"/verify/tests/sweeps_bad/*.json; do
    name=$(basename "$f")
    case $name in
        syntax.json) want="$name:4:3: JSON syntax error" ;;
        not_object.json) want="$name: expected a JSON object (an anakata-sweep/1 spec), got an array of 0" ;;
        *) want=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["_expect"])' "$f") ;;
    esac
    (cd "$(dirname "$f")" && "$ak" sweep "$name" > "$tmp/out" 2> "$tmp/err")
    rc=$?
    [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2"
    grep -qF -- "anakata sweep: $name" "$tmp/err" || fail "$name: the message does not start with the file name: $(cat "$tmp/err")"
    case $name in syntax.json|not_object.json) ;; *) want="$name$want" ;; esac
    grep -qF -- "$want" "$tmp/err" || fail "$name: stderr lacks '$want': $(cat "$tmp/err")"
    [ -s "$tmp/out" ] && fail "$name: wrote to stdout"
    nbad=$((nbad + 1))
done
[ $nbad -ge 20 ] || fail "only $nbad bad specs found"

# bad options
expect2() {
    local want=$1
    shift
    "$ak" sweep "$@" > "$tmp/out" 2> "$tmp/err"
    local rc=$?
    [ $rc -eq 2 ] || fail "sweep $*: exit $rc, expected 2"
    grep -qF -- "$want" "$tmp/err" || fail "sweep $*: stderr lacks '$want': $(cat "$tmp/err")"
}
"$ak" sweep --help | grep "usage: anakata sweep" > /dev/null || fail "sweep --help: no usage line"
expect2 "no SPEC given"
expect2 "unknown option '--bogus'" "$good/grid_stack.json" --bogus
expect2 "--threads: expected a whole number from 1 to 4096, got '0'" "$good/grid_stack.json" --threads 0
expect2 "--out needs a value" "$good/grid_stack.json" --out
expect2 "/nonexistent/x.json: cannot open: No such file or directory" /nonexistent/x.json
expect2 "is a directory, not a sweep spec" "$src/scenes"
expect2 "cannot open '$tmp/no/dir.csv' for writing" "$good/grid_stack.json" --out "$tmp/no/dir.csv"

# threads: 1 and 2 give the same bytes, for each sampling method
for spec in grid_stack random_free_body sobol_collide scene_free_body; do
    "$ak" sweep "$good/$spec.json" --threads 1 --out "$tmp/$spec.t1.csv" --quiet || fail "$spec: threads 1: exit $?"
    "$ak" sweep "$good/$spec.json" --threads 2 --out "$tmp/$spec.t2.csv" --quiet || fail "$spec: threads 2: exit $?"
    cmp -s "$tmp/$spec.t1.csv" "$tmp/$spec.t2.csv" || fail "$spec: the CSV differs between 1 and 2 threads"
    "$ak" sweep "$good/$spec.json" --threads 2 --quiet > "$tmp/$spec.stdout.csv" || fail "$spec: to stdout: exit $?"
    cmp -s "$tmp/$spec.t1.csv" "$tmp/$spec.stdout.csv" || fail "$spec: stdout differs from --out"
    n=$(($(wc -l < "$tmp/$spec.t1.csv") - 1))
    want=$(python3 -c 'import json,sys,math
s=json.load(open(sys.argv[1]))
if s["sampling"]["method"]!="grid": print(s["sampling"]["count"])
else:
    n=1
    for p in s["parameters"]:
        n*=len(p["values"]) if "values" in p else (p.get("count") or int(p["range"][1]-p["range"][0]+1))
    print(n)' "$good/$spec.json")
    [ "$n" -eq "$want" ] || fail "$spec: $n rows, expected $want"
    # rows in sample order
    awk -F, 'NR > 1 && $1 != NR - 2 { bad = 1 } END { exit bad }' "$tmp/$spec.t1.csv" || fail "$spec: rows not in sample order"
done

# the checkpoint line count of the parts, and duplicates in them
ckpt_rows() { cat "$1" "$1".[0-9]* 2>/dev/null | grep -c $'\t'; }
ckpt_dups() { cat "$1" "$1".[0-9]* 2>/dev/null | awk -F'\t' 'NF == 3 { print $1 }' | sort | uniq -d | wc -l; }

# kill -9 mid-way, resume, compare (threads)
kill_resume() { # label, then the command prefix (may be empty), then args
    local label=$1 ck=$tmp/$1.ckpt out=$tmp/$1.csv
    shift
    "$@" --checkpoint "$ck" --out "$out" --quiet 2> "$tmp/$label.err1" &
    local pid=$! waited=0
    while [ "$(ckpt_rows "$ck")" -lt 20 ] && kill -0 $pid 2>/dev/null && [ $waited -lt 600 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    # SIGKILL the whole run (mpirun's children too)
    pkill -KILL -P $pid 2>/dev/null
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    sleep 0.2
    local before
    before=$(ckpt_rows "$ck")
    [ -e "$out" ] && fail "$label: a CSV was written by the killed run"
    [ "$before" -ge 20 ] && [ "$before" -lt 120 ] || fail "$label: killed after $before samples (expected mid-way)"
    "$@" --checkpoint "$ck" --out "$out" 2> "$tmp/$label.err2" || fail "$label: resume: exit $? ($(cat "$tmp/$label.err2"))"
    cmp -s "$out" "$tmp/slow.csv" || fail "$label: the resumed CSV differs from the uninterrupted one"
    [ "$(ckpt_dups "$ck")" -eq 0 ] || fail "$label: samples repeated in the checkpoint"
    [ "$(ckpt_rows "$ck")" -eq 120 ] || fail "$label: the checkpoint holds $(ckpt_rows "$ck") samples, expected 120"
    grep -q "from the checkpoint" "$tmp/$label.err2" || fail "$label: the resumed run did not report its checkpoint"
    echo "$label: killed after $before of 120 samples; resumed: $(grep -h 'from the checkpoint' "$tmp/$label.err2" | tr '\n' ' ')"
}
"$ak" sweep "$good/slow_free_body.json" --threads 2 --quiet --out "$tmp/slow.csv" || fail "slow spec: exit $?"
kill_resume threads "$ak" sweep "$good/slow_free_body.json" --threads 2

# a line cut short (a kill in the middle of a write) is dropped and cut off: the sample is redone
head -n 100 "$tmp/threads.ckpt" > "$tmp/cut.ckpt"
sed -n 101p "$tmp/threads.ckpt" | head -c 25 >> "$tmp/cut.ckpt"
"$ak" sweep "$good/slow_free_body.json" --checkpoint "$tmp/cut.ckpt" --out "$tmp/cut.csv" 2> "$tmp/cut.err" ||
    fail "resume after a cut line: exit $?"
grep -q "21 samples computed in .*, 99 from the checkpoint" "$tmp/cut.err" || fail "cut line: $(cat "$tmp/cut.err")"
cmp -s "$tmp/cut.csv" "$tmp/slow.csv" || fail "resume after a cut line: the CSV differs"
[ "$(ckpt_dups "$tmp/cut.ckpt")" -eq 0 ] && [ "$(ckpt_rows "$tmp/cut.ckpt")" -eq 120 ] || fail "cut line: checkpoint not repaired"

# progress with an ETA only on a terminal (script(1) gives the run a pseudo-terminal)
"$ak" sweep "$good/grid_stack.json" --out "$tmp/np.csv" 2> "$tmp/np.err" || fail "progress: exit $?"
grep -q "ETA" "$tmp/np.err" && fail "progress printed without a terminal"
if command -v script > /dev/null; then
    script -qec "'$ak' sweep '$good/grid_stack.json' --out '$tmp/tty.csv'" /dev/null > "$tmp/tty.out" 2>&1 ||
        fail "progress on a terminal: exit $?"
    grep -q "sweep: 12/12 samples (100.0%), .* elapsed, ETA" "$tmp/tty.out" || fail "no progress line on a terminal: $(head -c 300 "$tmp/tty.out")"
    cmp -s "$tmp/tty.csv" "$tmp/np.csv" || fail "the CSV depends on the terminal"
fi

# a checkpoint of another spec is refused
expect2 "checkpoint of another sweep spec" "$good/random_free_body.json" --checkpoint "$tmp/threads.ckpt"

# MPI
have_mpi=0
"$ak" sweep --help | grep "MPI: built in" > /dev/null && command -v mpirun > /dev/null && have_mpi=1
if [ $have_mpi -eq 0 ]; then
    if [ -n "${CI:-}" ]; then fail "CI: anakata was built without MPI or mpirun is missing"; else echo "SKIP: MPI (not built in)"; fi
else
    for np in 1 2; do
        "${mpirun_env[@]}" mpirun "${mpirun_args[@]}" -np $np "$ak" sweep "$good/random_free_body.json" --threads 1 --quiet \
            --out "$tmp/mpi$np.csv" || fail "mpirun -np $np: exit $?"
        cmp -s "$tmp/mpi$np.csv" "$tmp/random_free_body.t1.csv" || fail "mpirun -np $np: the CSV differs from the threaded run"
    done
    "${mpirun_env[@]}" mpirun "${mpirun_args[@]}" -np 2 "$ak" sweep "$good/sobol_collide.json" --quiet --out "$tmp/mpi_sobol.csv" ||
        fail "mpirun -np 2 sobol: exit $?"
    cmp -s "$tmp/mpi_sobol.csv" "$tmp/sobol_collide.t1.csv" || fail "mpirun -np 2: the Sobol CSV differs"
    kill_resume mpi "${mpirun_env[@]}" mpirun "${mpirun_args[@]}" -np 2 "$ak" sweep "$good/slow_free_body.json" --threads 1
    # a checkpoint written by 2 processes, finished by 1
    cp "$tmp/mpi.ckpt" "$tmp/mix.ckpt"
    cp "$tmp/mpi.ckpt.1" "$tmp/mix.ckpt.1"
    "$ak" sweep "$good/slow_free_body.json" --checkpoint "$tmp/mix.ckpt" --out "$tmp/mix.csv" 2> "$tmp/mix.err" ||
        fail "resume of a 2-process checkpoint by 1 process: exit $?"
    grep -q "0 samples computed" "$tmp/mix.err" || fail "resume of a complete checkpoint recomputed samples: $(cat "$tmp/mix.err")"
    cmp -s "$tmp/mix.csv" "$tmp/slow.csv" || fail "resume of a 2-process checkpoint: the CSV differs"
fi

[ $failures -eq 0 ] && echo "test_sweep_cli: all passed ($nbad bad specs)"
exit $((failures > 0))
