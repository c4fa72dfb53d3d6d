#!/bin/sh
# Nothing tracked may depend on a file outside the repository: no tracked file names the
# development checkout's sibling folder (dot-dot-slash "shared") or an absolute path of a
# development machine (the work, home, root and Users trees). Scans `git ls-files` when the source
# root is a git work tree, else every file under it (build folders excluded). This script is the
# one file that must name the patterns, so it skips itself.
# Usage: no_outside_paths.sh SOURCE_ROOT
set -u
root=${1:?usage: no_outside_paths.sh SOURCE_ROOT}
cd "$root" || exit 2
dots=..
w=work # spelled apart: this script must not match the pattern it scans for
pat="${dots}/shared|/${w}/|/home/[A-Za-z_]|/root/|/Users/"
self=verify/tests/no_outside_paths.sh
list=$(mktemp) || exit 2
trap 'rm -f "$list"' EXIT
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z > "$list"
else
    find . -type f ! -path './.git/*' ! -path './build*' ! -path './report*' -print0 > "$list"
fi
n=$(tr -cd '\0' < "$list" | wc -c)
if [ "$n" -eq 0 ]; then
    echo "no files to scan under $root" >&2
    exit 1
fi
hits=$(xargs -0 grep -I -n -E "$pat" -- < "$list" 2>/dev/null | grep -v "^\(\./\)\?$self:")
if [ -n "$hits" ]; then
    echo "tracked files name paths outside the repository:" >&2
    echo "$hits" >&2
    exit 1
fi
echo "$n files scanned: none names a path outside the repository"
