#!/usr/bin/env python3
"""Would batch evidence help? (issue 13, item 5; docs/adaptation.md)

When a whole suite is classified, a change of the same kind at the same
place across most tests of one run, to a fresh value each time, could be
taken as volatility. This measures what that rule would do, without
building it into smart: for one application of the shipped corpora,

  1. train on every other corpus and classify the application's pairs
     (leave-one-application-out, as `smart eval --by-app` does);
  2. group its labelled pairs by run (same origin and note: one clean
     rerun, or one seeded fault across the tests it reached);
  3. in each run of three or more pairs, align every pair as smart does
     (`smart diff --scrubbed --json`) and call a place ("/html/body/div/p"
     with the [k] positions stripped, plus "/@name" for an attribute)
     batch-volatile when it changed in at least half of the run's pairs
     (three at least) and at least 80% of those changes differ from each
     other (fresh values, not a template fault's one change repeated);
  4. count the false alarms whose every edit is at such a place (what the
     rule would fix) and the caught faults whose every edit is (what it
     would lose).

    python3 bench/batch_evidence.py SMART APP [CORPORA_DIR]

SMART is the release binary; APP names CORPORA_DIR/APP.jsonl.gz.
"""
import collections
import glob
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile


def leave_one_out(smart, app, corpora, tmp):
    """The decisions on APP's pairs of a model trained on the others."""
    others = [p for p in sorted(glob.glob(os.path.join(corpora, "*.jsonl*")))
              if os.path.basename(p).split(".")[0] != app]
    model = os.path.join(tmp, "model.json")
    subprocess.run([smart, "train", "-q", "--skip-bad", "--sign-constraints", "--folds", "0",
                    "-o", model] + others, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    out = subprocess.run([smart, "classify", "-q", "--model", model, "--json", "--corpus",
                          os.path.join(corpora, app + ".jsonl.gz")],
                         capture_output=True, text=True)
    return [json.loads(line)["decision"] for line in out.stdout.splitlines()]


def residual_edits(smart, record, tmp):
    """(place, old, new) of each edit left after scrubbing and aligning."""
    ext = "xml" if record.get("format") == "xml" else "html"
    a, b = os.path.join(tmp, "a." + ext), os.path.join(tmp, "b." + ext)
    with open(a, "w", encoding="utf-8") as f:
        f.write(record["old"])
    with open(b, "w", encoding="utf-8") as f:
        f.write(record["new"])
    out = subprocess.run([smart, "diff", "--scrubbed", "--json", "--" + ext, a, b],
                         capture_output=True, text=True)
    try:
        ops = json.loads(out.stdout)["operations"]
    except (ValueError, KeyError):
        return []
    return [(re.sub(r"\[\d+\]", "", op.get("path", "")) +
             ("/@" + op["name"] if "name" in op else ""),
             str(op.get("old", "")), str(op.get("new", ""))) for op in ops]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    smart, app = sys.argv[1], sys.argv[2]
    corpora = sys.argv[3] if len(sys.argv) > 3 else "corpora"
    with gzip.open(os.path.join(corpora, app + ".jsonl.gz"), "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    tmp = tempfile.mkdtemp(prefix="batch-evidence-")
    decisions = leave_one_out(smart, app, corpora, tmp)
    runs = collections.defaultdict(list)
    for i, r in enumerate(records):
        if r.get("label") in ("inspect", "ignore"):
            runs[(r.get("origin"), r.get("note", ""))].append(i)
    false_alarms = fixed = caught = lost = 0
    for members in runs.values():
        edits = {i: residual_edits(smart, records[i], tmp) for i in members} \
            if len(members) >= 3 else {}
        changed, values = collections.defaultdict(set), collections.defaultdict(set)
        for i, ops in edits.items():
            for place, old, new in ops:
                changed[place].add(i)
                values[place].add((old, new))
        volatile = {p for p in changed if len(changed[p]) >= max(3, len(members) // 2)
                    and len(values[p]) >= 0.8 * len(changed[p])}
        for i in members:
            label, decision = records[i]["label"], decisions[i]
            explained = bool(edits.get(i)) and all(p in volatile for p, _, _ in edits[i])
            if label == "ignore" and decision == "inspect":
                false_alarms += 1
                fixed += explained
            if label == "inspect" and decision == "inspect":
                caught += 1
                lost += explained
    print("%s: %d false alarms, %d of them explained by batch evidence; "
          "%d faults caught, %d of them it would wave through" %
          (app, false_alarms, fixed, caught, lost))


if __name__ == "__main__":
    main()
