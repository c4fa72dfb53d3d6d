#!/usr/bin/env python3
"""Docs that are tests: run the transcripts of README.md, docs/*.md, docs/formulas/*.md and
scenes/README.md with cram (Debian python3-cram) and fail when a page and the program disagree.

    docs_test.py SOURCE_ROOT [--update] [PAGE.md ...]

A transcript is a fenced code block whose lines are indented two spaces, cram's format:

    ```
      $ build/verify/anakata mass scenes/stack_4d.json --json | head -n 3
      {
        "bodies": [{
    ```

`  $ ` starts a command (`  > ` continues it), the other indented lines are its exact output.
What varies between runs (times, temporary paths) is marked on its line, never ignored silently:
` (re)` makes the line a regular expression, ` (glob)` a glob (`*`, `?`). A command that takes
minutes ends with `# not run by the docs test`: the runner leaves it (and its output) out and
says how many it left out; the page runs the same command reduced (fewer steps, a smaller size,
--quick) in a transcript and says in its prose which figures come from the long run. Everything
else on a page is prose. A fenced block without a language that is not a transcript but has a
line that starts like a command (`$ `, `build/`, `anakata `) fails the page: a command on a page
is either run or marked.

Each page runs in a fresh folder of its own whose entries are links to the repository's top-level
entries (build/, scenes/, verify/, docs/, ...; not .git or the output folders report*/, out/), so
the commands are written from the repository root, as a reader types them, and the files they
write land in that folder, not in the checkout; two pages run side by side (DOCS_TEST_JOBS sets
how many), their reports printed in page order. The program must be built (build/verify/anakata).
--update writes the outputs of this run back into the pages (then review the diff). Exit 0 when
every page matches, 1 when one drifts, 77 when no page has a transcript (never with CI set: then
that fails), 2 on bad usage.
"""
import concurrent.futures
import difflib
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP_MARK = "# not run by the docs test"
# the checkout's output folders (.gitignore) are not linked into a page's folder: a page's
# `anakata verify --only ...` writes report-partial/ there, never into the checkout
NOT_LINKED = {".git", "report", "report-partial", "report-ci", "out", ".gl"}
PREFIX = "#|"  # a page's prose inside the cram file: a comment line cram keeps as it is


def pages(root):
    out = [os.path.join(root, "README.md"), os.path.join(root, "scenes", "README.md")]
    for d in (os.path.join(root, "docs"), os.path.join(root, "docs", "formulas")):
        if os.path.isdir(d):
            out += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".md"))
    return [p for p in out if os.path.isfile(p)]


def to_cram(lines):
    """The page as a cram file: transcript blocks as they are, every other line a comment.
    Returns (text, number of transcript commands, number left out)."""
    out, ncmd, nskip = [], 0, 0
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if line.startswith("```") and i + 1 < n and lines[i + 1].startswith("  $ "):
            out.append(PREFIX + line)
            i += 1
            skipping = False
            while i < n and not lines[i].startswith("```"):
                cur = lines[i]
                if cur.startswith("  $ "):
                    skipping = cur.rstrip().endswith(SKIP_MARK)
                    if skipping:
                        nskip += 1
                    else:
                        ncmd += 1
                if skipping or not cur.startswith("  "):
                    out.append(PREFIX + cur)
                else:
                    out.append(cur)
                i += 1
            if i < n:
                out.append(PREFIX + lines[i])
                i += 1
            continue
        out.append(PREFIX + line)
        i += 1
    return out, ncmd, nskip


COMMAND_STARTS = ("$ ", "build/", "anakata ")


def untested_commands(lines):
    """Line numbers (1-based) of fenced blocks without a language that are not transcripts but
    hold a line that starts like a command."""
    out, i, n = [], 0, len(lines)
    while i < n:
        if lines[i].startswith("```"):
            lang = lines[i][3:].strip()
            transcript = i + 1 < n and lines[i + 1].startswith("  $ ")
            j = i + 1
            while j < n and not lines[j].startswith("```"):
                if not lang and not transcript and lines[j].lstrip().startswith(COMMAND_STARTS):
                    out.append(j + 1)
                j += 1
            i = j + 1
            continue
        i += 1
    return out


def marked_match(expected, actual):
    """Whether an expected line marked (re) or (glob) matches the actual line."""
    e, a = expected[2:], actual[2:]
    try:
        if e.endswith(" (re)"):
            return re.fullmatch(e[:-5], a) is not None
        if e.endswith(" (glob)"):
            return fnmatch.fnmatchcase(a, e[:-7])
    except re.error:
        return False
    return False


def merge_update(orig, actual):
    """This run's output (cram's .err) with the marked lines that still match kept as marked."""
    out = []
    sm = difflib.SequenceMatcher(a=orig, b=actual, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            out += [o if marked_match(o, a) else a for o, a in zip(orig[i1:i2], actual[j1:j2])]
        else:
            out += actual[j1:j2]
    return out


def from_cram(lines):
    return [l[len(PREFIX):] if l.startswith(PREFIX) else l for l in lines]


def run_page(page, root, cram, update):
    """Run one page's transcripts in a folder of its own; returns what to print and the counts."""
    out = []
    res = {"rel": os.path.relpath(page, root), "failed": False, "ran": False, "ncmd": 0, "nskip": 0}
    rel = res["rel"]
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    bad = untested_commands(lines)
    if bad:
        res["failed"] = True
        out.append("FAIL  %s: line %s: a code block shows a command but is not a transcript "
                   "(write it as '  $ command' with its output, or mark it '%s')" %
                   (rel, ", ".join(map(str, bad)), SKIP_MARK))
    body, ncmd, nskip = to_cram(lines)
    if ncmd == 0 and nskip == 0:
        res["text"] = "".join(l + "\n" for l in out)
        return res
    work = tempfile.mkdtemp(prefix="docs_test_")
    try:
        for e in os.listdir(root):
            if e not in NOT_LINKED:
                os.symlink(os.path.join(root, e), os.path.join(work, e))
        t = os.path.join(work, "page.t")
        with open(t, "w", encoding="utf-8") as f:
            f.write("\n".join(['  $ cd "$DOCS_TEST_WORK"'] + body))
        env = dict(os.environ, DOCS_TEST_WORK=work)
        cmd = [cram, "--shell=/bin/bash", t]
        t0 = time.monotonic()
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        secs = time.monotonic() - t0
        res.update(ran=True, ncmd=ncmd, nskip=nskip)
        note = " (%d commands marked '%s' left out)" % (nskip, SKIP_MARK) if nskip else ""
        if r.returncode == 0:
            out.append("%s %s: %d commands%s, %.1f s" % ("     " if res["failed"] else "ok   ", rel,
                                                        ncmd, note, secs))
        else:
            res["failed"] = True
            # the diff names page.t: its line numbers are the page's plus one (the cd line)
            out.append("FAIL  %s: the page and the program disagree%s; diff (page line + 1):" % (rel, note))
            out.append(r.stdout.replace(t, rel))
            if update and os.path.isfile(t + ".err"):  # cram's copy of the file with this run's output
                with open(t + ".err", encoding="utf-8") as f:
                    actual = f.read().split("\n")
                with open(t, encoding="utf-8") as f:
                    orig = f.read().split("\n")
                new = from_cram(merge_update(orig, actual)[1:])
                with open(page, "w", encoding="utf-8") as f:
                    f.write("\n".join(new).rstrip("\n") + "\n")
                out.append("      updated %s from this run: review the diff" % rel)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    res["text"] = "".join(l + "\n" for l in out)
    return res


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    update = "--update" in argv[1:]
    if not args:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    root = os.path.realpath(args[0])
    cram = shutil.which("cram3") or shutil.which("cram")
    ci = bool(os.environ.get("CI"))
    if not cram:
        print("docs_test: cram not found (Debian: apt-get install python3-cram)", file=sys.stderr)
        return 1 if ci else 77
    exe = os.path.join(root, "build", "verify", "anakata")
    if not os.access(exe, os.X_OK):
        print("docs_test: %s is not built (meson setup build && ninja -C build)" % exe, file=sys.stderr)
        return 1
    todo = [os.path.realpath(p) for p in args[1:]] or pages(root)
    # pages run side by side (each in its own folder): DOCS_TEST_JOBS, default 2
    try:
        jobs = max(1, int(os.environ.get("DOCS_TEST_JOBS", "2")))
    except ValueError:
        print("docs_test: DOCS_TEST_JOBS must be a number", file=sys.stderr)
        return 2
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda page: run_page(page, root, cram, update), todo))
    failed, ran, total_cmd, total_skip = [], 0, 0, 0
    for res in results:
        print(res["text"], end="")
        if res["failed"]:
            failed.append(res["rel"])
        if res["ran"]:
            ran += 1
            total_cmd += res["ncmd"]
            total_skip += res["nskip"]
    if ran == 0 and not failed:
        print("docs_test: no page has a transcript", file=sys.stderr)
        return 1 if ci else 77
    print("docs_test: %d pages, %d commands run, %d left out (marked), %d pages drifted%s" %
          (ran, total_cmd, total_skip, len(failed), (": " + ", ".join(failed)) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
