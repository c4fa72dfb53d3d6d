#!/usr/bin/env bash
# gpu_check.sh: the real-GPU figures and the GPU golden images, in under 3 minutes.
# Builds nothing: it runs what is already in the build directory (BUILD_DIR, default build)
# against the system's libraries and Vulkan loader.
#   1. the Vulkan devices (anakata render --list-devices);
#   2. bench_render --gpu: the stack scene with soft shadows at 1920x1080 on every hardware
#      Vulkan device (ms/frame with the read-back, and the dispatch alone by GPU timestamps),
#      then the CPU tracer at the same size for comparison;
#   3. the golden images on the GPU: anakata verify --only render with CI=true (a missing
#      Vulkan device fails instead of skipping); the verify program renders on the first
#      hardware GPU when there is one (render/vk.c).
# Exit status: 0 when every step passed, 1 when one failed, 2 when the build outputs are missing.
# Usage: verify/bench/gpu_check.sh [--frames N]   (from anywhere; docs/performance.md)
set -u
cd "$(dirname "$0")/../.." || exit 2
B=${BUILD_DIR:-build}
FRAMES=20
if [ "${1:-}" = "--frames" ] && [ -n "${2:-}" ]; then FRAMES=$2; fi
ANAKATA=$B/verify/anakata
BENCH=$B/verify/bench/bench_render
for f in "$ANAKATA" "$BENCH"; do
    if [ ! -x "$f" ]; then
        echo "gpu_check: $f not found: build first (./bootstrap.sh build or ninja -C $B)" >&2
        exit 2
    fi
done

failed=()
t_start=$(date +%s)
STEPLOG=$(mktemp "${TMPDIR:-/tmp}/gpu_check.XXXXXX") # the last step's output
trap 'rm -f "$STEPLOG" "$STEPLOG.json"' EXIT
run() { # run NAME TIMEOUT CMD...: print, run with a time limit, record a failure
    local name=$1 limit=$2
    shift 2
    echo
    echo "== $name"
    echo "\$ $*"
    timeout --kill-after=5 "$limit" "$@" 2>&1 | tee "$STEPLOG"
    local rc=${PIPESTATUS[0]}
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        echo "gpu_check: FAILED: $name: timed out after ${limit}s"
        failed+=("$name (timeout)")
    elif [ $rc -ne 0 ]; then
        echo "gpu_check: FAILED: $name: exit status $rc"
        failed+=("$name (exit $rc)")
    else
        echo "gpu_check: ok: $name"
    fi
}

echo "gpu_check: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n), $(nproc) CPUs"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total \
    --format=csv,noheader 2>/dev/null | sed 's/^/gpu_check: nvidia-smi: /'
run "Vulkan devices" 30 "$ANAKATA" render --list-devices
nfail=${#failed[@]}
run "bench_render on the GPU (1920x1080, soft shadows, $FRAMES frames)" 60 \
    "$BENCH" --gpu --no-cpu --sizes 1920x1080 --frames "$FRAMES"
hw_ok=0
[ ${#failed[@]} -eq "$nfail" ] && hw_ok=1
run "bench_render on the CPU tracer for comparison (1920x1080, 1 frame)" 60 \
    "$BENCH" --no-gpu --sizes 1920x1080 --frames 1
run "golden images on the GPU (anakata verify --only render, CI=true)" 60 \
    env CI=true AK_SOURCE_DIR="$PWD" "$ANAKATA" verify --only render --json "$STEPLOG.json"
golden_dev=$(grep -o 'Vulkan ([^;]*) vs golden' "$STEPLOG" | sed 's/^Vulkan (//; s/) vs golden$//' | sort -u)
echo "gpu_check: the golden images were compared on: ${golden_dev:-no Vulkan device}"
if [ "$hw_ok" = 1 ] && echo "$golden_dev" | grep -qi 'llvmpipe'; then
    echo "gpu_check: FAILED: a hardware GPU is there but the golden images ran on lavapipe"
    failed+=("golden images not on the GPU")
fi

echo
echo "== summary ($(( $(date +%s) - t_start )) s)"
if [ ${#failed[@]} -eq 0 ]; then
    echo "gpu_check: PASSED (every step)"
    exit 0
fi
for f in "${failed[@]}"; do echo "gpu_check: FAILED: $f"; done
exit 1
