#!/usr/bin/env python3
"""Assemble one application's corpus from its raw material, deterministically.

  assemble.py --app APP --seed N -o corpora/APP.jsonl.gz [--unlabelled FILE]
              [--format html|xml] [--max-bytes B]
              [--pairs ORIGIN FILE.jsonl[.gz] CAP_PER_NOTE CAP] ...
              [--dirs ORIGIN OLD_DIR NEW_DIR NOTE CAP] ...

--pairs  records written by `smart mutate` / `smart perturb` (label kept as
         given); at most CAP_PER_NOTE pairs per distinct note (one mutation)
         and CAP in all, chosen by a seeded shuffle.  A mutant pair whose
         differences the guide calls definitely benign goes to --unlabelled.
--dirs   outputs of two runs (two releases, or a rerun under another
         time/locale/seed/option): every file that differs is labelled by
         the rules of ANNOTATION.md (lib/label.py); the rule goes in `note`.
         Pairs no rule decides go to --unlabelled, never into the corpus;
         so do rerun pairs (fault-free by construction) the guide would call
         inspect.
         CAP bounds the pairs per label taken from this source (0 = all).
--reruns outputs of two clean runs of the same version, the environment
         varied (clock, time zone, locale, seed, host, paths, port):
         every file that differs is `ignore` by construction (no fault
         exists), whatever the guide would say; origin "rerun".  CAP as for
         --dirs.
--mutant-old DIR  replaces the old side of every mutant pair by the same
         test's output in DIR (a clean run in the varying environment), so
         an inspect pair carries the fault and the run-to-run volatility
         together, as a tester sees them (see corpora/mediawiki/README.md:
         mutants run deterministically, their old side free of volatility,
         teach "volatile change means ignore" -- a label leak).
Folders are walked recursively; a test is its path relative to the folder
(sub/page.html), and its format comes from the extension (.xml .svg .rss
.atom .xsd .rdf -> xml, else --format).
Pairs whose old or new side exceeds --max-bytes, is empty, or is identical
are dropped (counted).  Prints a count table (app, origin, label, count).
"""
import argparse
import collections
import gzip
import hashlib
import io
import json
import os
import random
import sys
from xml.etree import ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import label as guide  # noqa: E402

KEYS = ("app", "test", "format", "old", "new", "label", "origin", "note")


def read_jsonl(path):
    op = gzip.open if path.endswith(".gz") else open
    with op(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except ValueError as e:
                    sys.exit("%s:%d: %s" % (path, n, e))


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


XML_EXTENSIONS = (".xml", ".svg", ".rss", ".atom", ".xsd", ".rdf")
# outputs that are not HTML or XML documents (a report's status.json, a
# manifest, scripts, styles, logs): never pairs
NOT_DOCUMENTS = (".json", ".js", ".css", ".txt", ".log", ".map")
# The guide reads mutant pairs up to this size, old and new together. It
# was 20 000 while the guide took a minute on some 100 KB pages; with
# html5lib it reads docutils' 977 mutant pairs (up to 120 KB) in 157 s,
# 4.5 s at worst, so every pair under --max-bytes is read.
GUIDE_MAX_BYTES = 130000


def format_of(test, default):
    return "xml" if test.lower().endswith(XML_EXTENSIONS) else default


def walk(top):
    """The files under TOP as sorted relative paths (sub/page.html)."""
    found = []
    for root, dirs, files in os.walk(top):
        dirs.sort()
        for f in files:
            found.append(os.path.relpath(os.path.join(root, f), top))
    return sorted(found)


def rng_for(seed, *parts):
    h = hashlib.sha256(("%s|" % seed + "|".join(parts)).encode()).hexdigest()
    return random.Random(int(h[:16], 16))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--format", default="html")
    ap.add_argument("--max-bytes", type=int, default=200000)
    ap.add_argument("-o", required=True)
    ap.add_argument("--unlabelled")
    ap.add_argument("--pairs", nargs=4, action="append", default=[],
                    metavar=("ORIGIN", "FILE", "CAP_PER_NOTE", "CAP"))
    ap.add_argument("--dirs", nargs=5, action="append", default=[],
                    metavar=("ORIGIN", "OLD", "NEW", "NOTE", "CAP"))
    ap.add_argument("--reruns", nargs=4, action="append", default=[],
                    metavar=("OLD", "NEW", "NOTE", "CAP"))
    ap.add_argument("--mutant-old", metavar="DIR")
    a = ap.parse_args()

    dropped = collections.Counter()
    out, unl = [], []

    def well_formed(doc):
        try:
            ElementTree.fromstring(doc.encode("utf-8"))
            return True
        except ElementTree.ParseError:
            return False

    def usable(old, new, test="", fmt=None):
        if test.lower().endswith(NOT_DOCUMENTS):
            dropped["not a document"] += 1
            return False
        if old == new:
            dropped["identical"] += 1
            return False
        if "\x00" in old or "\x00" in new:
            # a record's strings cannot hold a NUL: smart refuses "\u0000"
            # (docs/corpus-format.md), as a document cut there would lie
            dropped["NUL byte"] += 1
            return False
        if not old.strip() or not new.strip():
            dropped["empty side"] += 1
            return False
        if len(old.encode()) > a.max_bytes or len(new.encode()) > a.max_bytes:
            dropped["over %d bytes" % a.max_bytes] += 1
            return False
        if fmt == "xml" and not (well_formed(old) and well_formed(new)):
            # smart cannot measure it (classify reports such a pair as
            # trouble, exit 2), so it cannot train or be scored
            dropped["not well-formed XML"] += 1
            return False
        return True

    for origin, path, per_note, cap in a.pairs:
        per_note, cap = int(per_note), int(cap)
        if not os.path.exists(path):
            sys.exit("assemble: %s: no such file" % path)
        recs = [r for r in read_jsonl(path)
                if usable(r.get("old", ""), r.get("new", ""), r.get("test", ""),
                          r.get("format") or format_of(r.get("test", ""), a.format))]
        recs.sort(key=lambda r: (r.get("note", ""), r.get("test", "")))
        by_note = collections.OrderedDict()
        for r in recs:
            by_note.setdefault(r.get("note", ""), []).append(r)
        picked = []
        for note, rs in by_note.items():
            rng_for(a.seed, a.app, origin, note).shuffle(rs)
            picked.extend(rs[:per_note] if per_note else rs)
        rng_for(a.seed, a.app, origin).shuffle(picked)
        if cap:
            # keep the labels balanced as the source gives them
            bylab = collections.defaultdict(list)
            for r in picked:
                bylab[r.get("label")].append(r)
            picked = [r for rs in bylab.values() for r in rs[:cap]]
        for r in picked:
            r = dict(r)
            r["app"], r["origin"] = a.app, origin
            r.setdefault("format", format_of(r["test"], a.format))
            # The fault's own effect: the mutate pair, whose two sides ran in
            # one environment. After the --mutant-old swap below the old side
            # comes from a clean run elsewhere (another build folder, port,
            # clock), differences the guide would read as changed links.
            fault_old = r["old"]
            if origin == "mutant" and a.mutant_old:
                old_path = os.path.join(a.mutant_old, r["test"])
                if not os.path.isfile(old_path):
                    sys.exit("assemble: %s: no clean output for mutant pair %s" % (old_path, r["test"]))
                r["old"] = read_text(old_path)
                if not usable(r["old"], r["new"], r["test"],
                              r.get("format") or format_of(r["test"], a.format)):
                    continue
            if origin == "mutant" and len(fault_old) + len(r["new"]) <= GUIDE_MAX_BYTES:
                # A mutant's output is inspect by construction (SMART 6.3);
                # when the guide calls every difference definitely benign
                # the two sources of truth disagree: not used. (Pairs over
                # GUIDE_MAX_BYTES keep their label.)
                lab, rule, why = guide.label(fault_old, r["new"], r["format"])
                if lab == "ignore":
                    r.pop("label", None)
                    r["note"] = "%s; ANNOTATION rule %s: %s (mutant, but the guide says ignore)" % (
                        r.get("note", ""), rule, why)
            if r.get("label") in ("inspect", "ignore"):
                out.append(r)
            else:
                unl.append(r)

    sources = [(origin, o, n, note, cap, False) for origin, o, n, note, cap in a.dirs]
    sources += [("rerun", o, n, note, cap, True) for o, n, note, cap in a.reruns]
    for origin, old_dir, new_dir, note, cap, by_construction in sources:
        cap = int(cap)
        names = sorted(set(walk(old_dir)) & set(walk(new_dir)))
        got = collections.defaultdict(list)
        for name in names:
            old, new = read_text(os.path.join(old_dir, name)), read_text(os.path.join(new_dir, name))
            if not usable(old, new, name, format_of(name, a.format)):
                continue
            if by_construction:
                r = {"app": a.app, "test": name, "format": format_of(name, a.format),
                     "old": old, "new": new, "origin": origin, "label": "ignore",
                     "note": "%s; clean rerun: ignore by construction" % note}
                got["ignore"].append(r)
                continue
            lab, rule, why = guide.label(old, new, format_of(name, a.format))
            if origin == "rerun" and lab == "inspect":
                # A fault-free rerun the guide cannot call benign: the two
                # sources of truth disagree, so the pair is not used.
                lab, why = None, why + " (guide says inspect, but no fault exists)"
            r = {"app": a.app, "test": name, "format": format_of(name, a.format),
                 "old": old, "new": new,
                 "origin": origin, "note": "%s; ANNOTATION rule %s: %s" % (note, rule, why)}
            if lab:
                r["label"] = lab
            got[lab].append(r)
        for lab, rs in sorted(got.items(), key=lambda kv: str(kv[0])):
            if cap and len(rs) > cap:
                rng_for(a.seed, a.app, origin, note, str(lab)).shuffle(rs)
                rs = sorted(rs[:cap], key=lambda r: r["test"])
            (out if lab else unl).extend(rs)

    def write(path, recs):
        recs = sorted(recs, key=lambda r: (r["origin"], r.get("note", ""), r["test"]))
        buf = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as g:
            for r in recs:
                g.write((json.dumps({k: r[k] for k in KEYS if k in r}, ensure_ascii=False)
                         + "\n").encode("utf-8"))
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(buf.getvalue())
        os.replace(tmp, path)

    # the same pair from two sources (e.g. one mutation drawn by two seeds)
    seen, uniq = set(), []
    for r in out:
        key = (r["test"], r["old"], r["new"])
        if key in seen:
            dropped["duplicate"] += 1
            continue
        seen.add(key)
        uniq.append(r)
    out = uniq
    write(a.o, out)
    if a.unlabelled:
        write(a.unlabelled, unl)
    counts = collections.Counter((r["origin"], r["label"]) for r in out)
    for (origin, lab), n in sorted(counts.items()):
        print("%-12s %-8s %-8s %5d" % (a.app, origin, lab, n))
    tot = collections.Counter(r["label"] for r in out)
    print("%-12s %-8s %-8s %5d  (inspect %d, ignore %d; unlabelled %d; dropped %s)" % (
        a.app, "all", "all", len(out), tot["inspect"], tot["ignore"], len(unl),
        dict(dropped) or "none"))


if __name__ == "__main__":
    main()
