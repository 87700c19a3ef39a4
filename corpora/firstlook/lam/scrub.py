#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (lam).

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and an LDAP Account Manager page carries values drawn at random per
session or per editor, whatever the clock PHP is given:

  TOKEN    the session's form token sec_token (40 random characters of
           LAM's password alphabet: in every form's hidden input and in
           the scripts that post dialogs)
  EDITKEY  the account editor's key (editContainer, the clock's seconds
           and 20 random letters and digits: in the form's action and the
           editor's links)
  REMEMBER the server profile's default password to remember devices
           (30 random characters, drawn anew for every profile page: the
           profile's settings)

Each is written as a numbered placeholder and filled afterwards with a
value of its shape (lib/placeholders.py, copied into the prepared tree
beside this file): in both labels these values are random values that
differ between the two sides.
"""
import os
import sys

sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)),
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib")]
import placeholders  # noqa: E402
import re  # noqa: E402

# kind -> pattern whose group 1 is the value (every copy of a value found
# is then replaced, wherever it is in the page)
PATTERNS = [
    ("TOKEN", re.compile(r'(?:name="sec_token"[^>]*value="|"sec_token", ")([A-Za-z0-9._-]{40})"')),
    ("EDITKEY", re.compile(r'editKey=editContainer([0-9]{10}[A-Za-z0-9]{20})')),
    ("REMEMBER", re.compile(r'name="twoFactorRememberDevicePassword"[^>]*value="([A-Za-z0-9._-]{30})"')),
]
ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
TOKEN_CHARS = ALNUM + "._-"


def value(kind, digest, n, record):
    """A value of KIND's shape drawn from DIGEST (N numbers the kind's values
    in the page)."""
    h = int(digest, 16)
    if kind == "TOKEN":     # generateRandomPassword(40)
        return "".join(TOKEN_CHARS[(h >> (6 * i)) % len(TOKEN_CHARS)] for i in range(40))
    if kind == "EDITKEY":   # the clock's seconds, then generateRandomText()
        return str(1710072000 + h % 600) + "".join(ALNUM[(h >> (6 * i + 12)) % len(ALNUM)] for i in range(20))
    if kind == "REMEMBER":  # generateRandomPassword(30)
        return "".join(TOKEN_CHARS[(h >> (6 * i)) % len(TOKEN_CHARS)] for i in range(30))
    raise ValueError(kind)


if __name__ == "__main__":
    placeholders.main(sys.argv, PATTERNS, value)
