#!/usr/bin/env python3
"""Write the markdown test inputs shared by the markdown applications.

Tests are taken from the CommonMark spec as shipped in cmark's source
(test/spec.txt, test/regression.txt, test/smart_punct.txt):
  spec-NNNN.md     each spec example's markdown (the spec's own test cases)
  reg-NNNN.md      cmark's regression examples
  punct-NNNN.md    the smart-punctuation examples
  section-NN.md    each level-2 section of spec.txt as a whole document
                   (prose + examples), page-sized inputs
Usage: mdtests.py CMARK_SOURCE_DIR OUT_DIR
"""
import os
import re
import sys

FENCE = "`" * 32


def examples(path):
    """Yield the markdown of each example in a CommonMark spec-format file."""
    state, md = 0, []
    with open(path, encoding="utf-8", newline="\n") as f:
        for line in f:
            s = line.strip()
            if s == FENCE + " example":
                state, md = 1, []
            elif s == FENCE and state:
                state = 0
                yield "".join(md).replace("\u2192", "\t")
            elif s == "." and state == 1:
                state = 2
            elif state == 1:
                md.append(line)


def sections(path):
    """Yield each level-2 section of spec.txt (after the front matter)."""
    with open(path, encoding="utf-8", newline="\n") as f:
        text = f.read()
    text = text.split("\n...\n", 1)[-1]          # drop YAML front matter
    text = text.split("<!-- END TESTS -->")[0]
    text = text.replace(FENCE + " example", "```````` markdown")
    text = text.replace(FENCE, "````````").replace("\u2192", "\t")
    parts = re.split(r"(?m)^(?=## )", text)
    for p in parts:
        if p.startswith("## ") and len(p) > 200:
            yield p


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    t = os.path.join(src, "test")
    sets = [("spec", examples(os.path.join(t, "spec.txt"))),
            ("reg", examples(os.path.join(t, "regression.txt"))),
            ("punct", examples(os.path.join(t, "smart_punct.txt"))),
            ("section", sections(os.path.join(t, "spec.txt")))]
    n = 0
    for prefix, items in sets:
        for i, md in enumerate(items, 1):
            name = "%s-%04d.md" % (prefix, i) if prefix != "section" else "section-%02d.md" % i
            with open(os.path.join(out, name), "w", encoding="utf-8", newline="\n") as f:
                f.write(md)
            n += 1
    print(n)


if __name__ == "__main__":
    main()
