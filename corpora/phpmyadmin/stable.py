#!/usr/bin/env python3
"""Drops the mutant pairs that differ by the real clock alone (phpmyadmin).

  stable.py IN.jsonl OUT.jsonl

smart mutate compares each mutant's pages with two clean runs made at its
start, and keeps the pages those two print alike.  Some phpMyAdmin pages
repeat within a minute but not over the 40 minutes the mutants take:

- a table's Information box (table structure pages) gives its creation,
  last update and last check times, which MariaDB takes from the file
  system, i.e. the real clock, not the faked one ("Nov 28, 2026 at
  11:55 PM": minutes);
- the server status pages give the server's uptime and what it counted
  since (traffic, memory, queries per hour, minute, second), which grow
  with the real time the run took, and with them the units, the padding
  and the order of the rows (sorted by those counts).

Of the first 856 mutant pages, 504 were "killed" by the passing of time,
not by the mutation.  So the server status pages (tests under
/server/status) are not compared at all, and any other pair is kept when
its sides still differ once such a time is masked; the pair itself is kept
raw.
"""
import json
import re
import sys

LONG_DATE = re.compile(r"[A-Z][a-z]{2} \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M")


def mask(text):
    return LONG_DATE.sub("DATE", text)


def main():
    src, dst = sys.argv[1:3]
    kept = dropped = 0
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)
            if "route-server-status" in r["test"] or mask(r["old"]) == mask(r["new"]):
                dropped += 1
                continue
            kept += 1
            out.write(line)
    print("stable.py: %d mutant pages kept, %d differed by the real clock alone" % (kept, dropped),
          file=sys.stderr)


if __name__ == "__main__":
    main()
