#!/usr/bin/env python3
"""Rewrite the counts table of corpora/README.md (between <!-- counts -->
and <!-- /counts -->) from the shipped corpora themselves, and print it.
Usage: counts.py CORPORA_DIR"""
import collections
import glob
import gzip
import json
import os
import sys

root = sys.argv[1]
rows = collections.Counter()
apps = []
for path in sorted(glob.glob(os.path.join(root, "*.jsonl.gz"))):
    app = os.path.basename(path)[:-len(".jsonl.gz")]
    apps.append(app)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            rows[(app, r["origin"], r["label"])] += 1
    u = os.path.join(root, app, "unlabelled.jsonl.gz")
    if os.path.exists(u):
        with gzip.open(u, "rt", encoding="utf-8") as f:
            rows[(app, "(unlabelled)", "-")] += sum(1 for _ in f)

origins = ["mutant", "version", "rerun", "perturb"]
# mutants are inspect and reruns ignore by construction
cols = [("mutant", "inspect"), ("version", "inspect"), ("version", "ignore"),
        ("rerun", "ignore"), ("perturb", "inspect"), ("perturb", "ignore")]
head = "| app | " + " | ".join("%s %s" % c for c in cols) + \
    " | inspect | ignore | total | unlabelled (not in corpus) | size |"
lines = [head, "|" + " --- |" * (head.count("|") - 1)]
tot = collections.Counter()
for app in apps:
    cells = []
    for o, lab in cols:
        n = rows[(app, o, lab)]
        tot[(o, lab)] += n
        cells.append(str(n))
    ins = sum(rows[(app, o, "inspect")] for o in origins)
    ign = sum(rows[(app, o, "ignore")] for o in origins)
    unl = rows[(app, "(unlabelled)", "-")]
    size = os.path.getsize(os.path.join(root, app + ".jsonl.gz"))
    tot["inspect"] += ins
    tot["ignore"] += ign
    tot["unl"] += unl
    tot["size"] += size
    lines.append("| %s | %s | %d | %d | %d | %d | %.1f MB |" % (
        app, " | ".join(cells), ins, ign, ins + ign, unl, size / 1e6))
lines.append("| **all** | %s | %d | %d | %d | %d | %.1f MB |" % (
    " | ".join(str(tot[c]) for c in cols),
    tot["inspect"], tot["ignore"], tot["inspect"] + tot["ignore"], tot["unl"], tot["size"] / 1e6))
table = "\n".join(lines)
print(table)
readme = os.path.join(root, "README.md")
text = open(readme, encoding="utf-8").read()
a, b = "<!-- counts -->", "<!-- /counts -->"
if a in text and b in text:
    text = text[:text.index(a) + len(a)] + "\n" + table + "\n" + text[text.index(b):]
    open(readme, "w", encoding="utf-8").write(text)
