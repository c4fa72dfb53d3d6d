#!/usr/bin/env bash
# Shows that the verification report renders: writes it (quick mode, to keep CI short; the page
# is the same as in full mode, with fewer samples behind the numbers), opens it with headless
# Chromium from file:// (no server) and takes a screenshot. Fails when Chromium is missing, no
# page is written, or the screenshot is blank. A blank 1400x2400 screenshot is about 15 kB; the
# report's first screen (summary cards, tables, two plots) is several hundred kB.
#   verify/tests/report_screenshot.sh [BUILD_DIR] [OUT_DIR]   writes the report, then the screenshot
#   verify/tests/report_screenshot.sh --written OUT_DIR       the report written there already
#                                                             (CI: by ./bootstrap.sh verify --quick --report)
set -euo pipefail
if [ "${1:-}" = --written ]; then
    build= out=${2:?report_screenshot: --written needs the folder of the report}
else
    build=${1:-build} out=${2:-report-ci}
fi
min_bytes=60000

command -v chromium >/dev/null || { echo "report_screenshot: chromium not installed" >&2; exit 1; }
# Failing checks still produce a report; this step only judges the rendering.
[ -z "$build" ] || "$build/verify/anakata" verify --quick --report "$out" >/dev/null || true
[ -s "$out/index.html" ] || { echo "report_screenshot: $out/index.html was not written" >&2; exit 1; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --window-size=1400,2400 --screenshot="$out/screenshot.png" \
    "file://$(realpath "$out/index.html")" >/dev/null 2>&1 || true
[ -s "$out/screenshot.png" ] || { echo "report_screenshot: no screenshot taken" >&2; exit 1; }
size=$(stat -c %s "$out/screenshot.png")
if [ "$size" -lt "$min_bytes" ]; then
    echo "report_screenshot: $out/screenshot.png is $size bytes: the page looks blank" >&2
    exit 1
fi
echo "report_screenshot: $out/screenshot.png ($size bytes) from $out/index.html"
