#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (phpmyadmin;
postfixadmin's runner uses it too, where only TOKEN occurs).

  scrub.py OUT_DIR                       (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and a phpMyAdmin page carries values drawn at random in every request or
session, or read from the real clock, whatever the clock PHP is given:

  TOKEN      the anti-CSRF token (32 hex digits: forms, links, scripts)
  SESSIONID  the PHP session id in the login form (set_session)
  UNIQUEID   the random number naming a result table's form (random_int)
  SIGNATURE  a query's HMAC in links (sql_signature, 64 hex digits, keyed
             by a random per-session secret)
  CREATETIME a table's creation time (MariaDB takes it from the file
             system, the real clock, not the faked one)

The first form writes each such value, wherever it is copied in the page, as
SMARTPH<KIND><n>X (n numbers the distinct values of that kind in the page),
so that the placeholders keep which copies were equal.  The second puts a
value of the same shape in their place in the `new` side of smart mutate's
records (from a hash of the seed, the page, the mutation and n:
deterministic), so that a placeholder word, which no real page shows, does
not mark the inspect pairs: in both labels these values are random values
that differ between the two sides.
"""
import datetime
import hashlib
import json
import os
import re
import sys

# kind -> pattern whose group 1 is the value
PATTERNS = [
    ("TOKEN", re.compile(r'(?:name="token" value="|token:"|[?&;]token=)([0-9a-f]{32})(?![0-9a-f])')),
    ("SESSIONID", re.compile(r'name="set_session" value="([0-9a-z,-]{16,})"')),
    ("UNIQUEID", re.compile(r"(?:resultsForm_|showAll_)([0-9]+)")),
    ("SIGNATURE", re.compile(r'sql_signature=([0-9a-f]{64})(?![0-9a-f])')),
    ("CREATETIME", re.compile(r'class="table_create_time" type="hidden" value="([0-9: -]{19})"')),
]
PLACEHOLDER = re.compile(r"SMARTPH([A-Z]+)([0-9]+)X")


def scrub(text):
    for kind, pat in PATTERNS:
        seen = []
        for m in pat.finditer(text):
            if m.group(1) not in seen:
                seen.append(m.group(1))
        # longest first, so that no value is replaced inside a longer one
        for n, v in sorted(enumerate(seen, 1), key=lambda t: -len(t[1])):
            text = text.replace(v, "SMARTPH%s%dX" % (kind, n))
    return text


def value(kind, digest, old_text):
    h = int(digest, 16)
    if kind == "TOKEN":
        return digest[:32]
    if kind == "SIGNATURE":
        return (digest * 2)[:64]
    if kind == "SESSIONID":   # PHP's default: 26 characters of [0-9a-v]
        return "".join("0123456789abcdefghijklmnopqrstuv"[(h >> (5 * i)) & 31] for i in range(26))
    if kind == "UNIQUEID":    # random_int(0, mt_getrandmax())
        return str(h % 2147483647)
    if kind == "CREATETIME":  # near the clean page's own creation time
        m = PATTERNS[4][1].search(old_text)
        base = (datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S") if m
                else datetime.datetime(2026, 1, 1))
        return (base + datetime.timedelta(seconds=1 + h % 600)).strftime("%Y-%m-%d %H:%M:%S")
    raise ValueError(kind)


def fill(seed, src, dst):
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)

            def sub(m, r=r):
                d = hashlib.sha256(("%s|%s|%s|%s|%s" % (seed, r["test"], r["note"], m.group(1),
                                                        m.group(2))).encode()).hexdigest()
                return value(m.group(1), d, r["old"])
            r["new"] = PLACEHOLDER.sub(sub, r["new"])
            r["old"] = PLACEHOLDER.sub(sub, r["old"])  # replaced by clean run 1 later anyway
            out.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    if sys.argv[1] == "--fill":
        fill(*sys.argv[2:5])
        return
    for root, _, files in os.walk(sys.argv[1]):
        for name in files:
            p = os.path.join(root, name)
            with open(p, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            new = scrub(text)
            if new != text:
                with open(p, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write(new)


if __name__ == "__main__":
    main()
