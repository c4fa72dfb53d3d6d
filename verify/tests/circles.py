#!/usr/bin/env python3
"""No two source files that depend on each other (verify/README.md, "No include circles").

A file is a source file and its header together (engine/island.c and engine/island.h are one
file, engine/island). File a depends on file b when

- a's source file includes b's header (a quoted #include, resolved as the compiler does: the
  including file's folder, then the -I folders of its room: ref/ for ref; engine/, ref/ for engine; render/, ref/
  for render; verify/, ref/, engine/, render/ for verify; what a header includes is the types it
  needs, not a dependency of its file), or
- a calls a function of b, or uses its data: a symbol that b's object file defines is undefined
  in a's object file (`nm` on the object files of the build, found in its compile_commands.json).

Every pair of files of ref/, engine/, render/ and verify/ where each includes the other's header,
or each calls the other, is reported with what each uses of the other. Usage: circles.py SOURCE_ROOT BUILD_ROOT. Exit 0 when
there is none, 1 when there are, 2 when the build cannot be read.
"""
import json
import os
import re
import shlex
import subprocess
import sys

TOPS = ['ref', 'engine', 'render', 'verify']
# every include is written from the repository root (meson.build: root_inc)
SEARCH = {'ref': [''], 'engine': [''], 'render': [''], 'verify': ['']}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def unit(rel):
    return os.path.splitext(rel)[0]


def sources(root):
    for top in TOPS:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith(('.c', '.h')):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def include_edges(root):
    edges = {}
    for rel in sources(root):
        if not rel.endswith('.c'):
            continue  # a header's own includes are its types, not a dependency of its file
        top = rel.split('/')[0]
        with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
            for line in f:
                m = INCLUDE.match(line)
                if not m:
                    continue
                for base in [os.path.dirname(rel)] + SEARCH[top]:
                    cand = os.path.normpath(os.path.join(base, m.group(1)))
                    if os.path.isfile(os.path.join(root, cand)):
                        if unit(cand) != unit(rel):
                            edges.setdefault((unit(rel), unit(cand)), set()).add('#include "%s"' % m.group(1))
                        break
    return edges


def call_edges(root, build):
    """(a, b) -> symbols of b that a uses, from the objects of the build."""
    with open(os.path.join(build, 'compile_commands.json'), encoding='utf-8') as f:
        commands = json.load(f)
    defined, used = {}, {}
    seen, source_of = set(), {}
    for e in commands:
        src = os.path.normpath(os.path.join(e.get('directory', build), e['file']))
        rel = os.path.relpath(src, os.path.abspath(root))
        if rel.split('/')[0] not in TOPS or not rel.endswith('.c'):
            continue
        out = e.get('output')
        if not out:
            args = shlex.split(e['command'])
            out = args[args.index('-o') + 1] if '-o' in args else None
        obj = os.path.join(e.get('directory', build), out) if out else None
        if not obj or not os.path.isfile(obj) or (rel, obj) in seen:
            continue
        seen.add((rel, obj))
        source_of[obj] = rel
    # one nm for many objects (-A: each line starts with its object's path and ': ')
    objs = sorted(source_of)
    for k in range(0, len(objs), 100):
        res = subprocess.run(['nm', '-P', '-A'] + objs[k:k + 100], capture_output=True, text=True)
        if res.returncode:
            print('circles.py: nm: %s' % res.stderr.strip(), file=sys.stderr)
            sys.exit(2)
        for line in res.stdout.splitlines():
            obj, _, rest = line.rpartition(': ')
            parts = rest.split()
            if obj not in source_of or len(parts) < 2:
                continue
            rel, name, kind = source_of[obj], parts[0], parts[1]
            if kind == 'U':
                used.setdefault(unit(rel), set()).add(name)
            elif kind in 'TDBRCGSVW' and kind.isupper():
                defined.setdefault(name, set()).add(unit(rel))
    edges = {}
    for a, names in used.items():
        for name in names:
            for b in defined.get(name, ()):
                if b != a:
                    edges.setdefault((a, b), set()).add(name)
    return edges, len(seen)


def main():
    if len(sys.argv) != 3:
        print('usage: circles.py SOURCE_ROOT BUILD_ROOT', file=sys.stderr)
        return 2
    root, build = sys.argv[1], sys.argv[2]
    if not os.path.isfile(os.path.join(build, 'compile_commands.json')):
        print('circles.py: %s/compile_commands.json: not found' % build, file=sys.stderr)
        return 2
    inc = include_edges(root)
    calls, nobj = call_edges(root, build)
    if nobj == 0:
        print('circles.py: no object file found under %s (build first)' % build, file=sys.stderr)
        return 2
    pairs = []
    for kind, deps in (('include each other', inc), ('call each other', calls)):
        for a, b in sorted({tuple(sorted(k)) for k in deps if (k[1], k[0]) in deps}):
            ab = ', '.join(sorted(deps[(a, b)])[:4])
            ba = ', '.join(sorted(deps[(b, a)])[:4])
            print('%s <-> %s %s: %s uses %s; %s uses %s' % (a, b, kind, a, ab, b, ba))
            pairs.append((a, b))
    print('%d files, %d object files, %d includes and %d calls between files, %d circles'
          % (len(set(unit(r) for r in sources(root))), nobj, len(inc), len(calls), len(pairs)))
    return 1 if pairs else 0


if __name__ == '__main__':
    sys.exit(main())
