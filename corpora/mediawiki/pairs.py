#!/usr/bin/env python3
"""Pairs of the web-application corpus from clean replays.

usage: pairs.py APP RUN_DIR RUN_DIR... > PAIRS.jsonl

Every response file (NN_METHOD_slug.html|xml) of the first clean replay is
paired with the same file of each later clean replay when the two differ:
the same version replayed at another (faked) date, so a difference is the
application's nondeterminism — label "ignore", origin "rerun". Manifests and
text responses are left out (smart compares HTML and XML); so are files
missing from a run or empty.
"""
import json
import os
import sys


def responses(run):
    for session in sorted(os.listdir(run)):
        folder = os.path.join(run, session)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith((".html", ".xml")):
                yield f"{session}/{name}"


def main():
    app, first, *others = sys.argv[1:]
    for k, other in enumerate(others, start=2):
        for test in responses(first):
            a, b = os.path.join(first, test), os.path.join(other, test)
            if not os.path.exists(b):
                continue
            old = open(a, encoding="utf-8", errors="replace").read()
            new = open(b, encoding="utf-8", errors="replace").read()
            if old == new or not old.strip() or not new.strip():
                continue
            print(json.dumps({"app": app, "test": test,
                              "format": "xml" if test.endswith(".xml") else "html",
                              "old": old, "new": new, "label": "ignore", "origin": "rerun",
                              "note": f"clean replay 1 vs {k} (other faked date)"},
                             ensure_ascii=False))


main()
