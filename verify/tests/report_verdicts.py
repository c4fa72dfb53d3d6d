#!/usr/bin/env python3
"""The report's verdict column says what each formula page says, for every catalogue ID.

Usage: report_verdicts.py ANAKATA SOURCE_DIR

Reads docs/formulas/*.md on its own (none of the report's C code) and asks, for every ID of
docs/formulas/catalogue.md, what verdict its formula page states for that ID; then writes the
report (`anakata verify --quick --only ga.cl.identities --report DIR`: the traceability matrix
lists every ID whatever checks ran) and compares the verdict each row shows with the page's.
Every mismatch is listed; exit 1 when there is one, 2 on bad usage or when the report is missing.

How a page states a verdict (docs/formulas/*.md):
- a heading (## or deeper) that names IDs opens their entry, up to the next heading of the same
  or a higher level that names none (a heading naming IDs opens a new entry);
- a table whose header has a column "verdict" states, for the IDs of each row's first cell, that
  cell; a table without such a column (measurements) states nothing;
- in an entry, a "Verdict:" (or "Verdicts:", "Verdict ID:") statement: the text after the colon
  to the end of its list item or paragraph; a mid-line "Verdict:" takes the sentence after it.
  When the statement is a list of clauses that each begin with IDs of the entry ("T-Alg16 ...
  (**slip**); T-Alg17 correct; ..."), each of those IDs gets its own clause, and an ID the
  statement does not name gets the text before the first such clause (when there is any);
- in an entry, a list item that starts with IDs and then states a verdict in bold
  ("- T-2.7 "...": **wrong for r = 2 and 3**") states that bold text for those IDs.
A statement naming one ID (a table row, a per-ID item or clause) is specific; an entry's shared
statement applies to the IDs that have no specific one. An ID whose specific statements disagree
in kind is ambiguous on its page: listed too.

The kind of a statement (the word the report shows) is the most severe of: wrong (also
ill-typed, incorrect, not reproduced), incomplete, slip (also typo), approximate, gap, correct
(also holds, reproduced); other when it has none of these words.
"""
import html
import os
import re
import subprocess
import sys
import tempfile

PART = r"[A-Za-z0-9]+"
ID = r"(?<![A-Za-z0-9-])[TBGP]-" + PART + r"(?:\." + PART + r")*(?:\([A-Za-z0-9]+\))?"
ID_RE = re.compile(ID)
RANGE_SEP = r"\s*(?:…|\.\.\.|\.\.)\s*"
MENTION_RE = re.compile("(" + ID + ")(?:" + RANGE_SEP + "(" + ID + "))?")


def expand(a, b, universe):
    """IDs of the range a … b: the same stem, every trailing number in between."""
    ma, mb = re.match(r"(.*?)(\d+)$", a), re.match(r"(.*?)(\d+)$", b)
    if ma and mb and ma.group(1) == mb.group(1):
        out = [ma.group(1) + str(k) for k in range(int(ma.group(2)), int(mb.group(2)) + 1)]
        return [x for x in out if universe is None or x in universe]
    return [x for x in (a, b) if universe is None or x in universe]


def mentions(text, universe):
    """(start, end, [IDs]) for each ID or range named in text, in order."""
    out = []
    for m in MENTION_RE.finditer(text):
        ids = expand(m.group(1), m.group(2), universe) if m.group(2) else [m.group(1)]
        ids = [x for x in ids if universe is None or x in universe]
        if ids:
            out.append((m.start(), m.end(), ids))
    return out


def read_catalogue(path):
    text = open(path, encoding="utf-8").read()
    body = text[text.index("\n## ") :]
    ids = []
    for line in body.splitlines():
        if not line.startswith(("- ", "  ")):  # list items and their continuation lines
            continue
        for _, _, got in mentions(line, None):
            for x in got:
                if x not in ids:
                    ids.append(x)
    return ids


def plain(s):
    """Text without Markdown emphasis, whitespace collapsed."""
    return " ".join(s.replace("*", "").replace("`", "").split())


def kind(v):
    v = v.lower()

    def has(w):
        return re.search(r"(?<![a-z])" + re.escape(w), v) is not None

    if not v.strip():
        return ""
    for k, words in (
        ("wrong", ("wrong", "ill-typed", "not reproduced", "incorrect")),
        ("incomplete", ("incomplete",)),
        ("slip", ("slip", "typo")),
        ("approximate", ("approximat",)),
        ("gap", ("gap",)),
        ("correct", ("correct", "holds", "reproduced")),
    ):
        if any(has(w) for w in words):
            return k
    return "other"


def blocks(lines):
    """Group a page's lines into blocks: headings, table rows, list items (with their
    indented continuation lines) and paragraphs. Yields (kind, text, lineno)."""
    cur, ck, cl = None, None, 0
    for i, line in enumerate(lines, 1):
        if re.match(r"#{1,6} ", line) or line.startswith("|"):
            if cur is not None:
                yield ck, cur, cl
            cur = None
            yield ("heading" if line.startswith("#") else "row"), line, i
        elif not line.strip():
            if cur is not None:
                yield ck, cur, cl
            cur = None
        elif line.startswith("- ") or line.startswith("* "):
            if cur is not None:
                yield ck, cur, cl
            cur, ck, cl = line[2:], "item", i
        elif cur is not None and (ck == "para" or line.startswith(" ")):
            cur += " " + line.strip()
        else:
            if cur is not None:
                yield ck, cur, cl
            cur, ck, cl = line.strip(), "para", i
    if cur is not None:
        yield ck, cur, cl


def leading_ids(text, universe):
    """IDs a text starts with (a list joined by ', ', ' and ', ' / ', ' or '), and where the
    rest begins; ([], 0) when it does not start with one."""
    ids, pos = [], 0
    while True:
        m = MENTION_RE.match(text, pos)
        if not m:
            break
        got = expand(m.group(1), m.group(2), universe) if m.group(2) else [m.group(1)]
        ids += [x for x in got if x in universe]
        pos = m.end()
        sep = re.match(r"(, | and | / | or |, and )", text[pos:])
        if sep and MENTION_RE.match(text, pos + sep.end()):
            pos += sep.end()
        else:
            break
    return ids, pos


def end_at_next_field(stmt):
    """A statement ends where the next field of the item begins: a sentence that starts with
    a label and a colon ("... . Evidence: 0 of 6000 wrong")."""
    m = re.search(r"(?<=\.)\s+[A-Z][A-Za-z]*(?: [a-z]+){0,2}:(?:\s|$)", stmt)
    return stmt[: m.start()] if m else stmt


def split_clauses(stmt, entry, universe):
    """A shared statement split into per-ID clauses: {id: clause}, and the text before the
    first clause. A clause starts at IDs of the entry at the start of the statement or after
    '; ', '. ' or ': ' and runs to the next clause."""
    starts = []
    for m in re.finditer(r"(?:^|(?<=; )|(?<=\. )|(?<=: ))", stmt):
        ids, end = leading_ids(stmt[m.start() :], universe)
        ids = [x for x in ids if x in entry]
        if ids:
            starts.append((m.start(), ids))
    per = {}
    for k, (s, ids) in enumerate(starts):
        e = starts[k + 1][0] if k + 1 < len(starts) else len(stmt)
        for x in ids:
            per[x] = stmt[s:e].strip(" ;")
    head = stmt[: starts[0][0]].strip(" ;") if starts else stmt
    return per, head


def read_pages(docs, universe):
    """{id: (specific statements, shared statements)} with each statement (text, where)."""
    spec, shared = {}, {}
    for name in sorted(os.listdir(os.path.join(docs, "formulas"))):
        if not name.endswith(".md") or name == "catalogue.md":
            continue
        path = os.path.join(docs, "formulas", name)
        lines = open(path, encoding="utf-8").read().splitlines()
        entry, level = [], 0
        vcol, header = None, True
        for bk, text, ln in blocks(lines):
            where = "%s:%d" % (name, ln)
            if bk != "row":
                header = True
            if bk == "heading":
                hl = len(text) - len(text.lstrip("#"))
                ids = [x for _, _, got in mentions(text, universe) for x in got] if hl >= 2 else []
                if ids:
                    entry, level = list(dict.fromkeys(ids)), hl
                elif hl <= level:
                    entry, level = [], 0
                continue
            if bk == "row":
                cells = [c.strip() for c in text.strip().strip("|").split("|")]
                if header:
                    header = False
                    low = [plain(c).lower() for c in cells]
                    vcol = low.index("verdict") if "verdict" in low else None
                    continue
                if vcol is None or re.match(r"^[-: ]+$", cells[0]) or vcol >= len(cells):
                    continue
                for _, _, got in mentions(cells[0], universe):
                    for x in got:
                        spec.setdefault(x, []).append((plain(cells[vcol]), where))
                continue
            if not entry:
                continue
            # "Verdict:", "Verdicts:", "Verdict T-Tab4.1:" at the start of the block
            m = re.match(r"\**\s*Verdicts?\b([^:]{0,16}):\**\s*(.*)$", text, re.S)
            if m:
                before = m.group(1)
                stmt = end_at_next_field(plain(m.group(2)))
                if ID_RE.search(before):  # "Verdict T-Tab4.1: ..." names the first clause's IDs
                    stmt = plain(before).strip() + ": " + stmt
                per, head = split_clauses(stmt, entry, universe)
                for x, c in per.items():
                    spec.setdefault(x, []).append((c, where))
                if head:
                    for x in entry:
                        if x not in per:
                            shared.setdefault(x, []).append((head, where))
                continue
            ids, pos = leading_ids(text, universe)
            if ids:
                b = re.search(r"\*\*(.+?)\*\*", text[pos:])
                if b:
                    for x in ids:
                        spec.setdefault(x, []).append((plain(b.group(1)), where))
                continue
            # a mid-line "Verdict: x." sentence
            m = re.search(r"(?:^|(?<=[ *]))Verdict:\**\s*(.*?)(?:\.(?:\s|$)|$)", text)
            if m:
                stmt = plain(m.group(1))
                if stmt:
                    for x in entry:
                        shared.setdefault(x, []).append((stmt, where))
    return spec, shared


def page_verdicts(docs, universe):
    """{id: (statement, where)} and a list of ambiguities."""
    spec, shared = read_pages(docs, universe)
    out, ambiguous = {}, []
    for x in universe:
        got = spec.get(x) or shared.get(x) or []
        if not got:
            continue
        kinds = sorted({kind(t) for t, _ in got})
        if len(kinds) > 1:
            ambiguous.append(
                "%s: the formula pages state different verdicts: %s"
                % (x, "; ".join("%s (%s: %s)" % (kind(t), w, t[:90]) for t, w in got))
            )
        out[x] = got[0]
    return out, ambiguous


ROW_RE = re.compile(r'<tr class="[^"]*" id="F-[^"]*"><td class=mono>(.*?)</td>(.*?)</tr>', re.S)
SHOWN_RE = re.compile(
    r'<span class=meta>formula page:</span> <b class="fv fv-([a-z]*)">[a-z]*</b> — (.*?) '
    r"<span class=mono>\(docs/"
)


def shown_verdicts(report_html):
    text = open(report_html, encoding="utf-8").read()
    shown = {}
    for m in ROW_RE.finditer(text):
        fid = html.unescape(m.group(1))
        s = SHOWN_RE.search(m.group(2))
        shown[fid] = (s.group(1), html.unescape(s.group(2))) if s else ("", "")
    return shown


def main():
    if len(sys.argv) != 3:
        print("usage: report_verdicts.py ANAKATA SOURCE_DIR", file=sys.stderr)
        return 2
    anakata, src = sys.argv[1], sys.argv[2]
    universe = read_catalogue(os.path.join(src, "docs/formulas/catalogue.md"))
    pages, ambiguous = page_verdicts(os.path.join(src, "docs"), universe)
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(
            [anakata, "verify", "--quick", "--only", "ga.cl.identities", "--report", tmp],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        index = os.path.join(tmp, "index.html")
        if not os.path.exists(index):
            print("anakata verify wrote no report (exit %d):\n%s" % (r.returncode, r.stdout))
            return 2
        shown = shown_verdicts(index)
    problems = list(ambiguous)
    missing = [x for x in universe if x not in shown]
    extra = [x for x in shown if x not in universe]
    if missing:
        problems.append("IDs of the catalogue without a row in the report: " + ", ".join(missing))
    if extra:
        problems.append("rows of the report that are not catalogue IDs: " + ", ".join(extra))
    for x in universe:
        if x not in shown:
            continue
        sk, st = shown[x]
        if x not in pages:
            if sk:
                problems.append("%s: the report shows %s (%s), its page states no verdict" % (x, sk, st))
            continue
        pt, where = pages[x]
        pk = kind(pt)
        if sk != pk:
            problems.append(
                "%s: the report shows %s (\"%s\"), %s states %s (\"%s\")" % (x, sk or "none", st, where, pk, pt)
            )
            continue
        # the shown text is the page's statement for this ID (or its start, when it was cut)
        a, b = plain(st).rstrip(" ."), plain(pt)
        if len(a.encode()) > 140:
            a = a[:100]
        if a not in b:
            problems.append(
                "%s: the report shows \"%s\", %s states \"%s\"" % (x, st, where, pt)
            )
    for p in problems:
        print(p)
    print("%d catalogue IDs, %d with a verdict on their page, %d problems"
          % (len(universe), len(pages), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
