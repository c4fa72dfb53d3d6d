#!/usr/bin/env bash
# Reruns the cram transcripts of a section of a Markdown page (fenced blocks whose lines are
# indented two spaces, "  $ command" then the expected output; docs/compare.md section 9) with
# cram3 (Debian python3-cram), from a scratch directory that links the repository's build/,
# scenes/ and verify/, so that the commands run as from the repository root and their files stay
# out of it. Fails with cram's diff when an output differs.
#   docs_cram.sh SOURCE_DIR BUILD_DIR PAGE.md 'HEADING'
set -euo pipefail
src=$(realpath "$1") build=$(realpath "$2") page=$3 heading=$4
command -v cram3 > /dev/null || { echo "docs_cram: cram3 not found (Debian python3-cram)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$build" "$tmp/build"
ln -s "$src/scenes" "$tmp/scenes"
ln -s "$src/verify" "$tmp/verify"
python3 - "$src/$page" "$heading" > "$tmp/page.t" <<'PY'
import sys
text, heading = open(sys.argv[1], encoding="utf-8").read().splitlines(), sys.argv[2]
try:
    start = text.index(heading)
except ValueError:
    sys.exit(f"docs_cram: heading '{heading}' not found in {sys.argv[1]}")
level = heading.split(" ")[0]
out, inside, n = ['  $ cd "$TESTDIR"'], False, 0
for line in text[start + 1:]:
    if not inside and line.startswith("#") and line.split(" ")[0] in ("#", level):
        break  # the next section of the same level
    if line.startswith("```"):
        inside = not inside
        continue
    if inside and line.startswith("  "):
        out.append(line)
        n += line.startswith("  $ ")
if n == 0:
    sys.exit(f"docs_cram: no transcript under '{heading}'")
print("\n".join(out))
PY
cd "$tmp"
cram3 --shell=/bin/bash page.t
