#!/usr/bin/env python3
"""Re-applies the annotation guide (label.py) to the guide-labelled records
of an assembled corpus, after a rule of corpora/ANNOTATION.md changed.

    relabel.py [--env-path REGEX] CORPUS.jsonl.gz UNLABELLED.jsonl.gz

ANNOTATION.md says: when a reading and the automated rules disagree, fix the
rule, never the single pair. This is how a fixed rule reaches a corpus
without regenerating it (which reruns its mutants, hours for some
applications): every record whose note says "ANNOTATION rule ..." is
labelled again, in both files, and every mutant pair the guide reads is
checked again as assemble.py does (inspect by construction, unlabelled when
the guide calls it benign); clean reruns and perturbations, labelled by
construction, are left as they are. A pair the guide now
leaves unlabelled moves to UNLABELLED, one it now labels moves to CORPUS.
When a label changed, both files are rewritten atomically in assemble.py's
order and bytes; otherwise neither is touched. Prints what changed.

--env-path REGEX names the runs' own build folders
(`/tmp/smart-docutils-(ci/build|mutant/seed)-[0-9]+`). A mutant pair of an
application assembled with --mutant-old before assemble.py read the
fault's own pair has its old side from another run, so it differs in that
folder as well as in the fault; the guide reads such a pair with the old
side's folder written as the new side's, which is what the fault's own old
side held. The stored record keeps its bytes.
"""
import collections
import gzip
import io
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import label as guide  # noqa: E402
from assemble import GUIDE_MAX_BYTES  # noqa: E402

KEYS = ("app", "test", "format", "old", "new", "label", "origin", "note")
RULE_NOTE = re.compile(r"; ANNOTATION rule [^;]*$")
MUTANT_SUFFIX = " (mutant, but the guide says ignore)"
ENV_PATH = None  # --env-path: the runs' build folders, a compiled pattern


def read(path):
    if not os.path.exists(path):
        return []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write(path, recs):
    recs = sorted(recs, key=lambda r: (r["origin"], r.get("note", ""), r["test"]))
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as g:
        for r in recs:
            g.write((json.dumps({k: r[k] for k in KEYS if k in r}, ensure_ascii=False)
                     + "\n").encode("utf-8"))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(buf.getvalue())
    os.replace(tmp, path)


def relabel_mutant(r):
    """A mutant pair is inspect by construction unless the guide calls every
    difference benign (then it is unlabelled), as assemble.py decides;
    pairs over GUIDE_MAX_BYTES were never read by the guide."""
    note = r.get("note", "")
    m = RULE_NOTE.search(note) if note.endswith(MUTANT_SUFFIX) else None
    base = note[:m.start()] if m else note
    if len(r["old"]) + len(r["new"]) > GUIDE_MAX_BYTES:
        return r
    old = r["old"]
    folder = ENV_PATH.search(r["new"]) if ENV_PATH else None
    if folder:
        old = ENV_PATH.sub(lambda m: folder.group(0), old)
    lab, rule, why = guide.label(old, r["new"], r.get("format", "html"))
    out = {k: v for k, v in r.items() if k not in ("label", "note")}
    if lab == "ignore":
        out["note"] = "%s; ANNOTATION rule %s: %s%s" % (base, rule, why, MUTANT_SUFFIX)
    else:
        out["note"] = base
        out["label"] = "inspect"
    return out


def relabel(r):
    """The record labelled again by the guide (a new dict), or r itself
    when the guide did not label it."""
    if r["origin"] == "mutant":
        return relabel_mutant(r)
    note = r.get("note", "")
    m = RULE_NOTE.search(note)
    if not m:
        return r
    lab, rule, why = guide.label(r["old"], r["new"], r.get("format", "html"))
    if r["origin"] == "rerun" and lab == "inspect":
        lab, why = None, why + " (guide says inspect, but no fault exists)"
    out = {k: v for k, v in r.items() if k != "label"}
    out["note"] = "%s; ANNOTATION rule %s: %s" % (note[:m.start()], rule, why)
    if lab:
        out["label"] = lab
    return out


def main():
    global ENV_PATH
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "--env-path":
        try:
            ENV_PATH = re.compile(args[1])
        except re.error as e:
            print("relabel.py: --env-path: %s" % e, file=sys.stderr)
            return 2
        args = args[2:]
    if len(args) != 2:
        print("usage: relabel.py [--env-path REGEX] CORPUS.jsonl.gz UNLABELLED.jsonl.gz",
              file=sys.stderr)
        return 2
    corpus, unlabelled = args
    labelled, undecided, moves = [], [], collections.Counter()
    for r in read(corpus) + read(unlabelled):
        n = relabel(r)
        before, after = r.get("label"), n.get("label")
        if before != after:
            moves[(r["origin"], str(before), str(after))] += 1
        (labelled if after else undecided).append(n)
    if moves:  # an unchanged corpus keeps its bytes (and its writer's order)
        write(corpus, labelled)
        write(unlabelled, undecided)
    for (origin, before, after), k in sorted(moves.items()):
        print("%-10s %-8s -> %-8s %5d" % (origin, before, after, k))
    if not moves:
        print("no label changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
