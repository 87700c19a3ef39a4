#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (roundcube).

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and a Roundcube page carries values PHP draws at random whatever its
clock (random_int, uniqid):

  TOKEN      the request token (32 characters of [0-9a-zA-Z], one per
             session: the forms' _token, links' _token=, the request_token
             of the page's script)
  SESSIONID  PHP's session id (26 characters of [0-9a-v]: the compose
             pages' session_id)
  USERID     the user's hash (16 characters of [0-9a-zA-Z], drawn at the
             first login and kept in the user's preferences: the user_id
             of the page's script)
  COMPOSEID  a compose form's id (mt_rand's digits then uniqid's 13 hex
             digits: the _id field, the compose_id of the script, links)

The first form writes each such value, wherever it is copied in the page, as
SMARTPH<KIND><n>X (n numbers the distinct values of that kind in the page),
so that the placeholders keep which copies were equal.  The second puts a
value of the same shape in their place in the `new` side of smart mutate's
records (from a hash of the seed, the page, the mutation and n:
deterministic), so that a placeholder word, which no real page shows, does
not mark the inspect pairs: in both labels these values are random values
that differ between the two sides.

--fill also drops the records of pages that show the real clock
(REAL_CLOCK): in a few mutant runs PHP saw the real clock instead of the
faked one (libfaketime; the cause was not found), and the general
preferences page, the only replayed page that shows the clock, then gives
the examples of the date formats in the real year and the time zones'
offsets, sorted by them, of the real date.  Such a page differs by the
clock, whatever the mutation did; it is counted and left out.
"""
import hashlib
import json
import os
import re
import sys

# kind -> pattern whose group 1 is the value
PATTERNS = [
    ("TOKEN", re.compile(r'(?:name="_token" value="|"request_token":"|[?&;]_token=)([0-9A-Za-z]{32})(?![0-9A-Za-z])')),
    ("SESSIONID", re.compile(r'"session_id":"([0-9a-v]{26})"')),
    ("USERID", re.compile(r'"user_id":"([0-9A-Za-z]{16})"')),
    ("COMPOSEID", re.compile(r'(?:name="_id" value="|"compose_id":"|[?&;]_id=)([0-9]{1,10}[0-9a-f]{13})(?![0-9a-f])')),
]
# the year of the date formats' examples, 2024 on the mutant runs' clock
REAL_CLOCK = re.compile(r'value="Y/m/d">(?!2024/)[0-9]{4}/')
PLACEHOLDER = re.compile(r"SMARTPH([A-Z]+)([0-9]+)X")
ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def scrub(text):
    """Each random value of the page, wherever copied, as its placeholder."""
    for kind, pat in PATTERNS:
        seen = []
        for m in pat.finditer(text):
            if m.group(1) not in seen:
                seen.append(m.group(1))
        # longest first, so that no value is replaced inside a longer one
        for n, v in sorted(enumerate(seen, 1), key=lambda t: -len(t[1])):
            text = text.replace(v, "SMARTPH%s%dX" % (kind, n))
    return text


def value(kind, digest):
    """A value of KIND's shape drawn from the hex DIGEST."""
    h = int(digest, 16)
    if kind == "TOKEN":       # rcube_utils::random_bytes(32)
        return "".join(ALNUM[(h >> (6 * i)) % 62] for i in range(32))
    if kind == "SESSIONID":   # PHP's default: 26 characters of [0-9a-v]
        return "".join("0123456789abcdefghijklmnopqrstuv"[(h >> (5 * i)) & 31] for i in range(26))
    if kind == "USERID":      # rcube_utils::random_bytes(16)
        return "".join(ALNUM[(h >> (6 * i)) % 62] for i in range(16))
    if kind == "COMPOSEID":   # uniqid(mt_rand())
        return "%d%013x" % (h % 2147483647, (h >> 40) % (1 << 52))
    raise ValueError(kind)


def fill(seed, src, dst):
    """Every placeholder of smart mutate's records as a value of its shape;
    the records of pages that show the real clock left out."""
    dropped = 0
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)
            if REAL_CLOCK.search(r["new"]):
                dropped += 1
                continue

            def sub(m, r=r):
                d = hashlib.sha256(("%s|%s|%s|%s|%s" % (seed, r["test"], r["note"], m.group(1),
                                                        m.group(2))).encode()).hexdigest()
                return value(m.group(1), d)
            r["new"] = PLACEHOLDER.sub(sub, r["new"])
            r["old"] = PLACEHOLDER.sub(sub, r["old"])  # replaced by clean run 1 later anyway
            out.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("scrub.py: %d mutant pages show the real clock, left out" % dropped, file=sys.stderr)


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
