#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets from the project's fixtures.

usage: fuzz/seeds.py SMART OUT_DIR

SMART is a smart binary, used to write edit scripts, models and profiles
from fixtures (fuzz/run.sh passes the bootstrap one, which has no default
model and needs none here); OUT_DIR gets one folder per target (html, xml,
script, corpus, model, replay, profile). Seeds are kept small (the fuzzers
mutate them best then), and documents of a pair are joined by the byte 0xFF,
as the targets split them (fuzz/fuzz.h).
"""
import glob
import gzip
import hashlib
import json
import os
import subprocess
import sys
import tempfile

SEP = b"\xff"
MAX_SEED = 12000       # bytes; bigger documents are left out
PER_CORPUS = 40        # pairs taken from each shipped corpus


def write(out, target, data):
    if len(data) > MAX_SEED * 2:
        return
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def file_pairs():
    """(old, new, format) paths of document pairs among the fixtures."""
    pairs = []
    for d in glob.glob("examples/*/"):
        pairs.append((d + "old.html", d + "new.html", "html"))
    for n in sorted(glob.glob("tests/fixtures/corpora/old/*")):
        pairs.append((n, n.replace("/old/", "/new/"), "html"))
    for d in ("tests/fixtures/diffx", "tests/fixtures/features"):
        for ext in ("html", "xml"):
            if os.path.exists(f"{d}/old.{ext}"):
                pairs.append((f"{d}/old.{ext}", f"{d}/new.{ext}", ext))
    for old in glob.glob("tests/fixtures/patch/pages/*-old.*"):
        ext = old.rsplit(".", 1)[1]
        pairs.append((old, old.replace("-old.", "-new."), ext))
    pages = sorted(glob.glob("tests/fixtures/compare/*.html"))
    for a, b in zip(pages, pages[1:]):
        pairs.append((a, b, "html"))
    return [p for p in pairs if os.path.exists(p[0]) and os.path.exists(p[1])]


def corpus_records():
    for f in sorted(glob.glob("corpora/*.jsonl*")):
        opener = gzip.open if f.endswith(".gz") else open
        taken = 0
        with opener(f, "rt", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if len(r.get("old", "")) + len(r.get("new", "")) > MAX_SEED:
                    continue
                yield r
                taken += 1
                if taken >= PER_CORPUS:
                    break


def main():
    smart, out = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp()
    pairs = file_pairs()
    for old, new, fmt in pairs:
        write(out, fmt, read(old) + SEP + read(new))
        res = subprocess.run([smart, "diff", "--json", "--" + fmt, old, new],
                             capture_output=True)
        if res.returncode in (0, 1) and res.stdout:
            write(out, "script", read(old) + SEP + res.stdout)
    for f in glob.glob("tests/fixtures/perturb/pages/*.xml") + glob.glob("tests/fixtures/bad_input/*.xml"):
        write(out, "xml", read(f) + SEP + read(f))
    write(out, "script", read("tests/fixtures/patch/list.html") + SEP +
          read("tests/fixtures/patch/list-script.json"))
    records = list(corpus_records())
    for r in records:
        fmt = r.get("format") or "html"
        write(out, fmt, r["old"].encode() + SEP + r["new"].encode())
    # corpus: the fixture files (cut to whole lines), shipped records, gzip
    for f in glob.glob("tests/fixtures/*/*.jsonl"):
        data = b"".join(read(f).splitlines(keepends=True)[:4])
        write(out, "corpus", data)
        write(out, "corpus", gzip.compress(data))
    for i in range(0, min(len(records), 60), 3):
        data = "".join(json.dumps(r) + "\n" for r in records[i:i + 3]).encode()
        write(out, "corpus", data)
    # model: the default model, and one of each kind trained on a fixture
    if os.path.exists("build/default_model.json"):
        write(out, "model", read("build/default_model.json"))
    for kind in ("linear", "svm"):
        m = os.path.join(tmp, kind + ".json")
        subprocess.run([smart, "train", "--kind", kind, "--skip-bad", "-o", m,
                        "tests/fixtures/train/pairs.jsonl"], capture_output=True)
        if os.path.exists(m):
            write(out, "model", read(m))
    # profile: the fixtures, one learned from runs, one from rerun pairs
    for f in glob.glob("tests/fixtures/profile/*.json"):
        write(out, "profile", read(f))
    runs = sorted(glob.glob("tests/fixtures/profile/run*"))
    p = os.path.join(tmp, "runs.json")
    subprocess.run([smart, "profile", *runs, "-o", p], capture_output=True)
    p2 = os.path.join(tmp, "pairs.json")
    subprocess.run([smart, "profile", "--pairs", "tests/fixtures/profile/train.jsonl",
                    "-o", p2], capture_output=True)
    for f in (p, p2):
        if os.path.exists(f):
            write(out, "profile", read(f))
    # replay: HAR, access log, JSON sessions
    for f in glob.glob("tests/fixtures/replay/*") + ["corpora/mediawiki/sessions.json"]:
        if os.path.isfile(f) and not f.endswith(".py"):
            write(out, "replay", read(f))
    # folders: entries (kind, sides, length, content) of every kind, on one
    # or both sides, with fixture pages as the documents' content
    pages = [read(f)[:200] for f in sorted(glob.glob("tests/fixtures/patch/*.html"))]
    for i, page in enumerate(pages[:4]):
        entry = lambda kind, sides, body: bytes([kind, sides, len(body)]) + body
        write(out, "folders", entry(0x80, 2, page) + entry(0x81 + i, i % 3, b"")
              + entry(0x40, 2, b'{"a": 1}') + entry(0x05, 2, page[:50]))
    for t in ("html", "xml", "script", "corpus", "model", "replay", "profile", "folders"):
        d = os.path.join(out, t)
        print(f"{t}: {len(os.listdir(d)) if os.path.isdir(d) else 0} seeds")


if __name__ == "__main__":
    main()
