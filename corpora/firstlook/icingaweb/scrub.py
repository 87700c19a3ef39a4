#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (icingaweb).

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and an Icinga Web 2 page carries values drawn at random per request or per
session, whatever the clock PHP is given:

  WINDOW  the page's window id (12 random lower-case letters: the
          `window.name = 'Icinga-...'` of the page's script, and the suffix
          of every form's, element's and tab bar's id in the page)
  CSRF    a form's CSRFToken (a random number, `|`, and the SHA-256 of it
          with the session id)
  ANNID   an announcement's id (PHP's uniqid: the clock, which steps per
          read, and reads vary a little between runs)

Each is written as a numbered placeholder and filled afterwards with a
value of its shape (lib/placeholders.py, copied into the prepared tree
beside this file): in both labels these values are random values that
differ between the two sides.
"""
import hashlib
import os
import sys

sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)),
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib")]
import placeholders  # noqa: E402
import re  # noqa: E402

# kind -> pattern whose group 1 is the value (the window id is found where
# the script names the window; every copy of it in the page is then
# replaced, the ids' suffixes with it)
PATTERNS = [
    ("WINDOW", re.compile(r"window\.name = 'Icinga-([a-z]{12})'")),
    ("CSRF", re.compile(r'name="CSRFToken" value="([0-9]{1,10}\|[0-9a-f]{64})"')),
    ("ANNID", re.compile(r'[?&;]id=([0-9a-f]{13})(?![0-9a-f])')),
]


def value(kind, digest, n, record):
    """A value of KIND's shape drawn from DIGEST (N numbers the kind's values
    in the page)."""
    h = int(digest, 16)
    if kind == "WINDOW":   # 12 distinct letters of its alphabet
        letters = list("abcefghijklmnopqrstuvwxyz")   # no d, as Window::generateId
        out = []
        for i in range(12):
            out.append(letters.pop((h >> (5 * i)) % len(letters)))
        return "".join(out)
    if kind == "CSRF":     # mt_rand(), then the SHA-256 of it with the session id
        seed = str(h % 2147483647)
        return seed + "|" + hashlib.sha256((seed + digest).encode()).hexdigest()
    if kind == "ANNID":    # uniqid(): 8 hex digits of seconds, 5 of microseconds
        return "%08x%05x" % (0x65ed8f00 + h % 0xfffff, (h >> 20) % 0xfffff)
    raise ValueError(kind)


if __name__ == "__main__":
    placeholders.main(sys.argv, PATTERNS, value)
