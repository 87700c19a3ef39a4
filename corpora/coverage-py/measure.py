"""The program the coverage-py corpus measures: Python-Markdown renders the
CommonMark inputs (corpora/lib/mdtests.py) with one set of extensions.

    measure.py EXTENSIONS INPUT_DIR     (EXTENSIONS: comma-separated, or -)
"""
import os
import sys

import markdown

exts = [] if sys.argv[1] == "-" else sys.argv[1].split(",")
for name in sorted(os.listdir(sys.argv[2])):
    with open(os.path.join(sys.argv[2], name), encoding="utf-8") as f:
        markdown.markdown(f.read(), extensions=exts)
