#!/usr/bin/env python3
"""Drops the mutant pairs that differ by the real clock alone (postfixadmin).

  stable.py IN.jsonl OUT.jsonl

A mutant run's PHP reads a faked clock (libfaketime: 2024-03-10 12:00:00,
1 us per read), and MariaDB's NOW() is fixed at the same time, so that two
runs print the same dates.  In a few runs PHP read the real clock instead:
the vacation form of a mailbox user (`new DateTime()`: its "active from"
and "until" defaults) then shows the day and minute the mutant ran
("2026-11-29T03:05:30+0000" for "2024-03-10T12:00:00+0000"), whatever the
mutation.  In the generation of 2026-11-29, 2 of the 85 mutants had that
page, and nothing else, as their only pair.  Why libfaketime let the real
time through in those runs was not found.

A pair is dropped when its sides are the same text once the date-times in
which they differ are set aside, and every such date-time of the new side
is more than 400 days after the faked start (a password expiry a year on
is still the faked clock's; the real clock is years later).  A pair whose
mutation changed anything else, or changed a date to another faked-clock
date, is kept, raw.
"""
import datetime
import json
import re
import sys

DATE_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:[+-]\d{4}|Z)?)?")
FAKED_START = datetime.date(2024, 3, 10)
REAL_AFTER_DAYS = 400


def is_real_clock(match):
    """True when the date-time `match` lies where only the real clock reaches."""
    try:
        day = datetime.date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        return False
    return (day - FAKED_START).days > REAL_AFTER_DAYS


def differs_by_real_clock_alone(old, new):
    """True when old and new differ, and only by date-times of the real clock in new."""
    if old == new:
        return False
    olds, news = list(DATE_TIME.finditer(old)), list(DATE_TIME.finditer(new))
    if len(olds) != len(news) or DATE_TIME.sub("", old) != DATE_TIME.sub("", new):
        return False
    return all(o.group(0) == n.group(0) or is_real_clock(n) for o, n in zip(olds, news))


def main():
    src, dst = sys.argv[1:3]
    kept = dropped = 0
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)
            if differs_by_real_clock_alone(r["old"], r["new"]):
                dropped += 1
                continue
            kept += 1
            out.write(line)
    print("stable.py: %d mutant pages kept, %d differed by the real clock alone" % (kept, dropped),
          file=sys.stderr)


if __name__ == "__main__":
    main()
