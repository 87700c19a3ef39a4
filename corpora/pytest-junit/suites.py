"""Runs every suite of suites.txt with pytest in one process (the
pytest-junit corpus's test run; a pytest process per suite would make each
mutant run several times longer), each suite writing its own JUnit XML.

    suites.py OUT_DIR SUITES_FILE [--fixed-temp-names]

A suite line is NAME FAMILY PATH [pytest options...]: pytest runs PATH
(relative to the current folder, the build folder) with
-o junit_family=FAMILY and writes OUT_DIR/NAME.xml.  A suite that makes
pytest raise is left out (a mutant that breaks pytest shows as missing
outputs).  --fixed-temp-names (mutant runs) draws the names of
tempfile.mkdtemp & co. from a generator seeded by the running test, so
that failure messages naming temporary folders repeat exactly.
"""
import io
import os
import random
import sys
import tempfile
import contextlib

import pytest

out, suites_file = os.path.abspath(sys.argv[1]), sys.argv[2]
fixed = "--fixed-temp-names" in sys.argv[3:]
if fixed:
    class _Seeded(tempfile._RandomNameSequence):
        """Temporary names drawn from a generator seeded by the running
        test (pytest's PYTEST_CURRENT_TEST) and the draws it has made, so a
        fault elsewhere (pytest's own temporary files) does not shift them."""
        def __init__(self):
            self._draws = {}

        def __next__(self):
            test = os.environ.get("PYTEST_CURRENT_TEST", "")
            n = self._draws[test] = self._draws.get(test, 0) + 1
            rng = random.Random("%s|%d" % (test, n))
            return "".join(rng.choice(self.characters) for _ in range(8))

with open(suites_file, encoding="utf-8") as f:
    suites = [line.split() for line in f if line.strip()]
os.makedirs(out, exist_ok=True)
for name, family, path, *opts in suites:
    if fixed:
        tempfile._name_sequence = _Seeded()
    args = [path, "-q", "-p", "no:cacheprovider", "-o", "junit_family=" + family,
            "-o", "junit_suite_name=" + name, "--junitxml", os.path.join(out, name + ".xml")] + opts
    log = io.StringIO()
    try:
        with contextlib.redirect_stdout(log):
            code = pytest.main(args)
        print("suites.py: %s: exit %s" % (name, int(code)), file=sys.stderr)
    except BaseException as e:  # noqa: BLE001 -- a mutant may raise anything
        print("suites.py: %s: %s: %s" % (name, type(e).__name__, e), file=sys.stderr)
