#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (zabbix).

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and a Zabbix frontend page carries values drawn at random per session or
per request, or read from the real clock, whatever the clock PHP is given:

  SID     the session's anti-CSRF value (16 hex digits: the csrf-token
          meta, every form's sid, every action link's sid=), a slice of
          the random session id
  SIGN    the signature of the message a form's redirect page carries
          (base64 of an HMAC keyed by the install's random session key)
  BUST    the cache buster of style sheets and scripts (`?` and the file's
          modification time, which libfaketime shifts by the gap between
          the real and the faked clock)
  UNIQ    a table's id (`t` and PHP's uniqid with more entropy: the clock
          and a random fraction)
  FILTERID  a filter's id (`filter_` and PHP's uniqid: the clock, which
          steps per read, and reads vary a little between runs)
  CUID    the audit log's record set ids (a CUID: the clock, a counter,
          the PHP worker's pid, random digits)

Each is written as a numbered placeholder and filled afterwards with a
value of its shape (lib/placeholders.py, copied into the prepared tree
beside this file): in both labels these values are random values that
differ between the two sides.
"""
import base64
import os
import re
import sys

sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)),
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib")]
import placeholders  # noqa: E402

# kind -> pattern whose group 1 is the value
PATTERNS = [
    ("SID", re.compile(r'(?:name="csrf-token" content="|name="sid" value="|[?&;]sid=)([0-9a-f]{16})(?![0-9a-f])')),
    ("SIGN", re.compile(r'name="sign" value="([A-Za-z0-9+/=]{16,})"')),
    ("BUST", re.compile(r'\.(?:css|js)\?([0-9]{9,11})"')),
    ("UNIQ", re.compile(r'id="t([0-9a-f]{13}[0-9]{8,10})"')),
    ("FILTERID", re.compile(r'id="filter_([0-9a-f]{13})"')),
    ("CUID", re.compile(r'filter_recordsetid=(c[0-9a-z]{24})(?![0-9a-z])')),
]


def value(kind, digest, n, record):
    """A value of KIND's shape drawn from DIGEST (N numbers the kind's values
    in the page)."""
    h = int(digest, 16)
    if kind == "SID":
        return digest[:16]
    if kind == "SIGN":   # base64 of a 64-hex-digit HMAC, as the frontend writes it
        return base64.b64encode(digest.encode()).decode()
    if kind == "BUST":   # a file time near the clean runs' (2020)
        return str(1590000000 + h % 5000000)
    if kind == "UNIQ":   # uniqid('', true): 13 hex digits, then 8 digits
        return "%013x%08d" % (0x65eda0c000000 + h % 0xfffff, h % 100000000)
    if kind == "FILTERID":
        return "%013x" % (0x65eda0c000000 + h % 0xfffff)
    if kind == "CUID":   # c, base36 clock, counter, fingerprint, random
        alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
        tail = "".join(alphabet[(h >> (6 * i)) % 36] for i in range(16))
        return "cltlgps%02d%s" % (n % 100, tail)
    raise ValueError(kind)


if __name__ == "__main__":
    placeholders.main(sys.argv, PATTERNS, value)
