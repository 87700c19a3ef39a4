"""The docutils corpus's build (copied into the prepared tree as
smart-publish.py; run by smart-run.sh with the prepared tree's docutils
first on sys.path).

  python3 smart-publish.py BUILD_ROOT SUITE...

Publishes every reStructuredText source under BUILD_ROOT/src (the inputs,
listed in BUILD_ROOT/src/inputs.txt) once per suite, the way a
documentation Makefile runs `docutils --writer=... [options] SRC DEST`: the
same front end (docutils.core.publish_cmdline with the command-line options
below, the locale set from the environment as the docutils tools do), in
one Python process so that a run of ~200 documents takes seconds.  Outputs
go to BUILD_ROOT/out/SUITE/<input path>.html|.xml.  A document that makes
docutils fail leaves no output (its error goes to stderr), and the others
are still published.
"""
import locale
import os
import sys
import traceback

import docutils
from docutils.core import publish_cmdline


def suites(root):
    static = os.path.join(root, "_static")
    return {
        # a project's HTML pages: time-stamped footer, generator line, link
        # to the source beside the page, style sheets linked from the build
        # folder (not embedded)
        "html5": ("html5", ".html", [
            "--time", "--generator", "--source-link", "--link-stylesheet",
            "--stylesheet=%s/minimal.css,%s/plain.css" % (static, static),
            "--cloak-email-addresses", "--report=2", "--halt=5",
        ]),
        # the same pages for a site: a docutils.conf (build folder) with a
        # localised date stamp, numbered sections, a source URL into the
        # build folder's copy of the sources
        "site": ("html5", ".html", [
            "--config=%s/docutils.conf" % root, "--section-numbering",
            "--source-url=file://%s/src/{SRC}" % root, "--toc-top-backlinks",
            "--report=3", "--halt=5",
        ]),
        # docutils XML (the document tree) with the date stamp and the
        # generator, indented
        "xml": ("xml", ".xml", [
            "--date", "--generator", "--indents", "--report=2", "--halt=5",
        ]),
    }


def main():
    root = sys.argv[1]
    wanted = sys.argv[2:]
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        pass
    table = suites(root)
    with open(os.path.join(root, "src", "inputs.txt"), encoding="utf-8") as f:
        inputs = [line.strip() for line in f if line.strip()]
    failed = 0
    for suite in wanted:
        writer, ext, options = table[suite]
        for rel in inputs:
            src = os.path.join(root, "src", rel)
            dest = os.path.join(root, "out", suite, os.path.splitext(rel)[0] + ext)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            argv = [o.replace("{SRC}", rel) for o in options] + [src, dest]
            # the source folder is the working folder of a Makefile rule
            os.chdir(os.path.dirname(src))
            try:
                publish_cmdline(writer_name=writer, argv=argv)
            except SystemExit as e:
                if e.code not in (0, None):
                    failed += 1
            except Exception:  # a fault in docutils: this document only
                failed += 1
                sys.stderr.write("%s %s:\n" % (suite, rel))
                traceback.print_exc(limit=2)
                if os.path.exists(dest):
                    os.remove(dest)
    sys.stderr.write("docutils %s from %s: %d documents failed\n"
                     % (docutils.__version__, os.path.dirname(docutils.__file__), failed))


if __name__ == "__main__":
    main()
