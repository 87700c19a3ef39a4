"""Writes coverage.py's reports for every suite in one process (the
coverage-py corpus's test run; a process per report would make each mutant
run ten times longer).

    report.py ROOT OUT_DIR SUITES_FILE

For each suite: ROOT/.coverage-SUITE -> OUT_DIR/SUITE/ (HTML) and
OUT_DIR/SUITE/coverage.xml (Cobertura).  A report that fails is left out
(a mutant that breaks reporting shows as missing outputs).
"""
import os
import sys

import coverage

root, out = sys.argv[1], os.path.abspath(sys.argv[2])
with open(sys.argv[3], encoding="utf-8") as f:
    suites = [line.split()[0] for line in f if line.strip()]
os.chdir(root)
for suite in suites:
    cov = coverage.Coverage(data_file=os.path.join(root, ".coverage-" + suite))
    try:
        cov.load()
        cov.html_report(directory=os.path.join(out, suite))
        cov.xml_report(outfile=os.path.join(out, suite, "coverage.xml"))
    except Exception as e:  # noqa: BLE001 -- a mutant may raise anything
        print("report.py: %s: %s" % (suite, e), file=sys.stderr)
