#!/usr/bin/env bash
# anakata set-up and entry script: installs what is missing (Debian 12), configures and builds,
# then runs the requested job.
#   ./bootstrap.sh verify [ARGS]   the verification suite on the bundled scenes (the main job)
#   ./bootstrap.sh test            the whole test suite: Criterion unit tests + verify --quick
#   ./bootstrap.sh build           install and build only
# Environment: BUILD_DIR (default build).
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(meson ninja-build pkg-config gcc clang libgsl-dev libcjson-dev libpng-dev libcairo2-dev
          libfontconfig-dev libcriterion-dev libvulkan-dev libvulkan-volk-dev glslang-tools mesa-vulkan-drivers
          libclang-rt-14-dev python3-jsonschema chromium libmicrohttpd-dev libmd4c-dev
          libmd4c-html0-dev python3-selenium chromium-driver
          libopenmpi-dev openmpi-bin libode-dev libbullet-dev libmujoco-dev g++ python3-cram
          libfclib-dev libsiconos-numerics-dev)
BUILD_DIR=${BUILD_DIR:-build}

die() { echo "bootstrap: $*" >&2; exit 1; }

install_missing() {
    command -v dpkg-query >/dev/null || die "this script expects a Debian system (dpkg-query not found); install the equivalents of: ${PACKAGES[*]}"
    local missing=()
    for p in "${PACKAGES[@]}"; do
        [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" = installed ] || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "bootstrap: missing Debian packages. Install them as root with:" >&2
        echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    echo "bootstrap: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build() {
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        meson setup "$BUILD_DIR" >/dev/null || die "meson setup failed (see $BUILD_DIR/meson-logs/meson-log.txt)"
    fi
    ninja -C "$BUILD_DIR" >/dev/null || { ninja -C "$BUILD_DIR"; die "build failed"; }
}

job=${1:-}
[ $# -gt 0 ] && shift
case "$job" in
    verify)
        install_missing; build
        exec "$BUILD_DIR/verify/anakata" verify "$@" ;;
    test)
        install_missing; build
        status=0
        meson test -C "$BUILD_DIR" --print-errorlogs --verbose || status=1
        "$BUILD_DIR/verify/anakata" verify --quick || status=1
        exit $status ;;
    build)
        install_missing; build ;;
    *)
        echo "usage: ./bootstrap.sh verify [ARGS] | test | build" >&2; exit 2 ;;
esac
