#!/bin/sh
# Nothing tracked may depend on a file outside the repository: no tracked file names the
# development checkout's sibling folder (dot-dot-slash "shared") or an absolute path of a
# development machine (/work/, /home/NAME/, /root/, /Users/). Scans `git ls-files` when the source
# root is a git work tree, else every file under it (build folders excluded).
# Usage: no_outside_paths.sh SOURCE_ROOT
set -u
root=${1:?usage: no_outside_paths.sh SOURCE_ROOT}
cd "$root" || exit 2
# Built from pieces so that this script does not match itself.
dots=..
pat="${dots}/shared|/work/|/home/[A-Za-z_]|/root/|/Users/"
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
hits=$(xargs -0 grep -I -n -E "$pat" -- < "$list" 2>/dev/null)
if [ -n "$hits" ]; then
    echo "tracked files name paths outside the repository:" >&2
    echo "$hits" >&2
    exit 1
fi
echo "$n files scanned: none names a path outside the repository"
