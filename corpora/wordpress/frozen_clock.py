#!/usr/bin/env python3
"""Drop mutant pages that were not served under the mutant runs' frozen clock.

Usage:
  frozen_clock.py IN.jsonl OUT.jsonl      filter `smart mutate` output (generate.sh)
  frozen_clock.py --corpus CORPUS.jsonl.gz  filter a shipped corpus in place

Every mutant run serves WordPress under libfaketime's stepping clock, started
at 2024-03-10 12:00 (run.sh), and every clean run under a faked clock of
2024 or 2025. A mutant page that shows a date of 2026 or later, or an epoch
second past 2026-01-01, was therefore rendered by a PHP process that escaped
the faked clock (it happened to 33 of the first 216 mutant pages). Such a
page differs from the mutant's baseline run by the real clock alone, so
`smart mutate` kept it as "changed" although the mutant changed nothing a
tester could see there: an inspect label that is not a fault. The pages go,
with a count on stderr; pages under the frozen clock are kept whatever they
show.
"""
import gzip
import io
import json
import re
import sys

# A four-digit year 2026-2099 standing alone, or a Unix time in seconds from
# 2026-01-01 (1767225600) to 2033 (1999999999).
REAL_CLOCK = re.compile(r"\b20[2-9][0-9]\b|\b1(7[6-9]|[89][0-9])[0-9]{7}\b")
FIRST_REAL_YEAR = 2026
FIRST_REAL_EPOCH = 1767225600


def shows_real_clock(page):
    """Whether the page shows a year or epoch second the faked clocks never reach."""
    for m in REAL_CLOCK.finditer(page):
        token = m.group(0)
        if len(token) == 4 and int(token) >= FIRST_REAL_YEAR:
            return True
        if len(token) == 10 and int(token) >= FIRST_REAL_EPOCH:
            return True
    return False


def keep(record):
    return record.get("origin", "mutant") != "mutant" or not shows_real_clock(record["new"])


def filter_lines(lines):
    kept, dropped = [], 0
    for line in lines:
        if not line.strip():
            continue
        if keep(json.loads(line)):
            kept.append(line if line.endswith("\n") else line + "\n")
        else:
            dropped += 1
    return kept, dropped


def write_gzip(path, lines):
    # as corpora/lib/assemble.py writes: no name, no time, level 9
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as g:
        g.write("".join(lines).encode("utf-8"))
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def main(argv):
    if len(argv) == 3 and argv[1] == "--corpus":
        with gzip.open(argv[2], "rt", encoding="utf-8") as f:
            kept, dropped = filter_lines(f)
        write_gzip(argv[2], kept)
    elif len(argv) == 3:
        with open(argv[1], encoding="utf-8") as f:
            kept, dropped = filter_lines(f)
        with open(argv[2], "w", encoding="utf-8") as f:
            f.writelines(kept)
    else:
        sys.stderr.write(__doc__)
        return 2
    sys.stderr.write("frozen_clock: %d mutant pages shown under the real clock dropped, %d pairs kept\n"
                     % (dropped, len(kept)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
