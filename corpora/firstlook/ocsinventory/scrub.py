#!/usr/bin/env python3
"""Placeholders for the random values of a mutant run's pages (ocsinventory).

  scrub.py OUT_DIR                         (smart-run.sh, mutant runs only)
  scrub.py --fill SEED IN.jsonl OUT.jsonl  (generate.sh, after smart mutate)

smart mutate keeps only the pages that two clean runs print identically,
and an OCS Inventory page carries values drawn anew per form, whatever the
clock PHP is given:

  CSRF     the value of every form's CSRF_<n> field (40 hex digits: the
           SHA-1 of PHP's microtime() when the form is opened), also
           copied into the scripts of the lists that post it back

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
# is then replaced)
PATTERNS = [
    ("CSRF", re.compile(r"name='CSRF_[0-9]+' id='CSRF_[0-9]+' value='([0-9a-f]{40})'")),
]


def value(kind, digest, n, record):
    """A value of KIND's shape drawn from DIGEST (N numbers the kind's values
    in the page)."""
    if kind == "CSRF":       # sha1(microtime())
        return digest[:40]
    raise ValueError(kind)


if __name__ == "__main__":
    placeholders.main(sys.argv, PATTERNS, value)
