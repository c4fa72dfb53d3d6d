#!/usr/bin/env python3
"""verify/'s room rules (verify/README.md), enforced.

Reads the room table of verify/README.md and checks every quoted #include of every .c and .h
file under verify/ against the row of the file's room:

- the last column's paths in backticks are what the room may include: `common/` (a folder:
  any file under it), `common/files.h` (that file alone), `ref/ga/`; "every room" allows all of
  verify/'s rooms, "anything" allows everything, "nothing of ours" allows nothing of the
  repository; "`x.c` only libc" lets x.c include nothing of ours but its own header;
- a file may always include the files of its own room, but never a .c file of another room
  (a room's private code);
- an include is resolved as the compiler does: the including file's folder, then the
  repository root (every include is written from it); an include that resolves to nothing
  in the repository is an error too (a generated header is looked up in the build folder).

Usage: rooms.py SOURCE_ROOT [BUILD_ROOT]. Exit 0 when every include is allowed, 1 with one line
per break (file:line: the include, the room, what its row allows), 2 when the table cannot be
read.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SEARCH = ['']  # every include is written from the repository root (meson.build: root_inc)


def read_table(readme):
    """{room: (allowed paths, flags, only-libc files)} from the README's room table."""
    rows = {}
    with open(readme, encoding='utf-8') as f:
        for line in f:
            if not line.startswith('| `'):
                continue
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            if len(cells) < 3:
                continue
            rooms = re.findall(r'`([a-z_]+)/`', cells[0])
            rule = cells[-1]
            positive = re.split(r';\s*never\b', rule)[0]
            allowed = [p for p in re.findall(r'`([^`]+)`', positive) if '/' in p]
            flags = set()
            for word in ('every room', 'anything', 'nothing of ours'):
                if word in positive:
                    flags.add(word)
            only_libc = set(re.findall(r'`([^`/]+\.c)` only libc', positive))
            for room in rooms:
                rows[room] = (allowed, flags, only_libc)
    return rows


def resolve(root, build, src_rel, inc):
    """The repository path (relative to root) the include names, or None."""
    here = os.path.dirname(src_rel)
    for base in [here] + SEARCH:
        cand = os.path.normpath(os.path.join(base, inc))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    if build:
        for base in [here] + SEARCH:
            cand = os.path.normpath(os.path.join(base, inc))
            if os.path.isfile(os.path.join(build, cand)):
                return cand  # generated in the build folder
    return None


def allowed_by(target, allowed):
    for p in allowed:
        path = p if p.startswith(('ref/', 'engine/', 'render/')) else 'verify/' + p
        if p.endswith('/') and target.startswith(path):
            return True
        if target == path:
            return True
    return False


def main():
    if len(sys.argv) not in (2, 3):
        print('usage: rooms.py SOURCE_ROOT [BUILD_ROOT]', file=sys.stderr)
        return 2
    root = sys.argv[1]
    build = sys.argv[2] if len(sys.argv) == 3 else None
    readme = os.path.join(root, 'verify', 'README.md')
    rows = read_table(readme)
    verify_rooms = sorted(d for d in os.listdir(os.path.join(root, 'verify'))
                          if os.path.isdir(os.path.join(root, 'verify', d)))
    code_rooms = [r for r in verify_rooms
                  if any(n.endswith(('.c', '.h')) for _, _, fs in os.walk(os.path.join(root, 'verify', r))
                         for n in fs)]
    missing = [r for r in code_rooms if r not in rows]
    if missing:
        print('%s: no row in the room table for %s' % (readme, ', '.join(r + '/' for r in missing)),
              file=sys.stderr)
        return 2
    breaks, checked = [], 0
    for room in code_rooms:
        allowed, flags, only_libc = rows[room]
        for dirpath, _, files in os.walk(os.path.join(root, 'verify', room)):
            for name in sorted(files):
                if not name.endswith(('.c', '.h')):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
                    lines = f.readlines()
                for no, line in enumerate(lines, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    checked += 1
                    inc = m.group(1)
                    target = resolve(root, build, rel, inc)
                    where = '%s:%d: #include "%s"' % (rel, no, inc)
                    if target is None:
                        breaks.append('%s: names no file of the repository' % where)
                        continue
                    own_room = target.startswith('verify/%s/' % room)
                    if name in only_libc:
                        own_header = os.path.splitext(rel)[0] + '.h'
                        if target != own_header:
                            breaks.append('%s: %s may include only libc and its own header' % (where, name))
                        continue
                    if own_room:
                        continue
                    if target.endswith('.c'):
                        breaks.append('%s: a .c file of another room (%s)' % (where, target))
                        continue
                    if 'anything' in flags:
                        continue
                    if 'every room' in flags and target.startswith('verify/'):
                        continue
                    if allowed_by(target, allowed):
                        continue
                    what = ', '.join(allowed) if allowed else ', '.join(sorted(flags)) or 'nothing'
                    breaks.append('%s resolves to %s: room %s/ may include %s (verify/README.md)'
                                  % (where, target, room, what))
    for b in breaks:
        print(b)
    if checked == 0:
        print('rooms.py: no include found under verify/ (wrong SOURCE_ROOT?)', file=sys.stderr)
        return 2
    print('%d includes in %d rooms checked, %d breaks' % (checked, len(code_rooms), len(breaks)))
    return 1 if breaks else 0


if __name__ == '__main__':
    sys.exit(main())
