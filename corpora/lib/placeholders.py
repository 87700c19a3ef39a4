#!/usr/bin/env python3
"""Numbered placeholders for the values a mutant run's pages still draw at
random, and their filling afterwards (the first-look generators; imported
by an application's scrub.py, which names its kinds of value):

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages two runs of the clean version print
alike, so a value a page draws anew in every run (a session's token, an id
from the clock) would hide the page from it.  The first form writes each
such value, wherever it is copied in the page, as SMARTPH<KIND><n>X (n
numbers the distinct values of that kind in the page), so that the
placeholders keep which copies were equal.  The second puts a value of the
same shape in their place in smart mutate's records, from a hash of the
seed, the page, the mutation and n (deterministic), so that a placeholder
word, which no real page shows, does not mark the inspect pairs.
"""
import hashlib
import json
import os
import re

PLACEHOLDER = re.compile(r"SMARTPH([A-Z]+)([0-9]+)X")


def scrub(text, patterns):
    """TEXT with the values PATTERNS find ([(KIND, regex whose group 1 is
    the value)]) written as numbered placeholders, kind by kind."""
    for kind, pat in patterns:
        seen = []
        for m in pat.finditer(text):
            if m.group(1) not in seen:
                seen.append(m.group(1))
        # longest first, so that no value is replaced inside a longer one
        for n, v in sorted(enumerate(seen, 1), key=lambda t: -len(t[1])):
            text = text.replace(v, "SMARTPH%s%dX" % (kind, n))
    return text


def fill(seed, src, dst, value):
    """Copies the records of SRC to DST with every placeholder replaced by
    VALUE(kind, sha256 hex digest, n, record) (both sides)."""
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)

            def sub(m, r=r):
                d = hashlib.sha256(("%s|%s|%s|%s|%s" % (seed, r["test"], r["note"], m.group(1),
                                                        m.group(2))).encode()).hexdigest()
                return value(m.group(1), d, int(m.group(2)), r)
            r["new"] = PLACEHOLDER.sub(sub, r["new"])
            r["old"] = PLACEHOLDER.sub(sub, r["old"])  # replaced by clean run 1 later anyway
            out.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(argv, patterns, value):
    """The two command forms above."""
    if argv[1] == "--fill":
        fill(argv[2], argv[3], argv[4], value)
        return
    for root, _, files in os.walk(argv[1]):
        for name in files:
            p = os.path.join(root, name)
            with open(p, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            new = scrub(text, patterns)
            if new != text:
                with open(p, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(new)
