#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (davical).

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and a DAViCal page carries values drawn at random per session or per
request, whatever the clock PHP is given:

  CSRF     the session's csrf_token in every form (64 hex digits: PHP's
           random_bytes)
  TICKET   the id of a new access ticket, offered in the ticket form of
           every principal's page (8 letters and digits from a SHA-1 of
           the date and rand()), and once made, in the ticket list and the
           links that delete it
  CONFIRM  the confirmation hash of a deletion link (`confirm=*salt*md5`,
           URL-encoded: AWL's salted MD5 of the session's start, which has
           microseconds, with a random salt), also in every sort link and
           form action of the page that asks for the confirmation

Each is written as a numbered placeholder and filled afterwards with a
value of its shape (lib/placeholders.py, copied into the prepared tree
beside this file): in both labels these values are random values that
differ between the two sides.
"""
import os
import re
import sys

sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)),
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib")]
import placeholders  # noqa: E402

# kind -> pattern whose group 1 is the value (every copy of it in the page
# is then replaced: a ticket's id in the list's cell with the ones in its
# links)
PATTERNS = [
    ("CSRF", re.compile(r'name="csrf_token" value="([0-9a-f]{64})"')),
    ("TICKET", re.compile(r'(?:name="ticket_id" value="|ticket_id=)([A-Za-z0-9]{8})(?![A-Za-z0-9])')),
    ("CONFIRM", re.compile(r'confirm=(%2A[0-9a-f]{8}%2A[0-9a-f]{32})')),
]
TICKET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def value(kind, digest, n, record):
    """A value of KIND's shape drawn from DIGEST (N numbers the kind's values
    in the page)."""
    h = int(digest, 16)
    if kind == "CSRF":       # bin2hex(random_bytes(32))
        return digest[:64]
    if kind == "TICKET":     # 8 characters of base64 without + and /
        return "".join(TICKET_ALPHABET[(h >> (6 * i)) % len(TICKET_ALPHABET)] for i in range(8))
    if kind == "CONFIRM":    # *salt*md5, URL-encoded
        return "%%2A%s%%2A%s" % (digest[:8], digest[8:40])
    raise ValueError(kind)


if __name__ == "__main__":
    placeholders.main(sys.argv, PATTERNS, value)
