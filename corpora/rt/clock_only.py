#!/usr/bin/env python3
"""Leaves out RT's clock-only mutant pairs and fills in the mutant runs' tokens.

  clock_only.py IN.jsonl OUT.jsonl SEED DROPPED_FILE   (generate.sh, after smart mutate)

The mutant runs' clock steps per read, so a mutant that reads the clock more
or less often (even one in a template's licence comment, which Mason
recompiles all the same) shifts the dates, "N seconds ago" and "Time to
display" of later pages; the mutant clock's start (2024-03-10 12:00 UTC) is
also the hour America/Adak enters daylight saving time, so the time zone
menus' offsets follow the same shift; and some mutant runs' dates were
computed against the machine's real clock.  A pair whose old and new sides
(both from smart mutate's runs) are equal once every clock value is masked
shows no fault and is left out (the mask decides only; the shipped pages are
not changed).  The preferences page prints the current moment in every
format RT offers (DefaultFormat, ISO, W3CDTF, RFC2822, RFC2616, iCal,
LocalizedDateTime): all of them are masked.

Then the random keys the mutant runs wrote as TOKEN16/TOKEN32 (to repeat)
each become as many hex digits from a hash of the seed, the page, the
mutation and the occurrence, so that the placeholder does not mark the
inspect pairs.
"""
import hashlib
import json
import re
import sys

DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
# (pattern, replacement) in order; a longer form before any form inside it
CLOCK = [
    (r"Time to display: [0-9.]+", "Time to display: T"),
    # DefaultFormat: Sun Mar 10 12:02:16 2024
    (r"\b%s %s \d\d \d\d:\d\d:\d\d \d{4}" % (DAY, MONTH), "DATE"),
    # RFC2822 and RFC2616: Sun, 10 Mar 2024 12:02:16 +0000 / GMT
    (r"\b%s, \d\d? %s \d{4} \d\d:\d\d:\d\d (?:[+-]\d{4}|GMT)" % (DAY, MONTH), "DATE"),
    # LocalizedDateTime (CLDR): Sun, Mar 10, 2024 12:02:16 PM, a narrow
    # no-break space (U+202F) before the AM or PM
    (r"\b%s, %s \d\d?, \d{4} \d\d?:\d\d:\d\d\s(?:AM|PM)" % (DAY, MONTH), "DATE"),
    # iCal, ISO 8601's basic format: 20240310T120216Z
    (r"\b\d{8}T\d{6}Z?\b", "DATE"),
    # ISO and W3CDTF: 2024-03-10 12:02:16, 2024-03-10T12:02:16Z
    (r"\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\dZ?", "DATE"),
    (r"\b\d+ (second|minute|hour|day|week|month|year)s? ago", "AGO"),
    (r" [+-]\d{4}</option>", " OFF</option>"),
]


def masked(page):
    """The page with every clock value RT prints written as a placeholder."""
    for pat, rep in CLOCK:
        page = re.sub(pat, rep, page)
    return page


def clock_only(record):
    """True when the pair's two sides differ in clock values alone."""
    return masked(record["old"]) == masked(record["new"])


def fill_tokens(record, seed):
    """The record with each TOKEN16/TOKEN32 of its new side as seeded hex digits."""
    n = iter(range(1 << 30))
    record["new"] = re.sub(r"TOKEN(16|32)\b", lambda m: hashlib.sha256(
        ("%s|%s|%s|%d" % (seed, record["test"], record["note"], next(n))).encode()).hexdigest()[:int(m.group(1))],
        record["new"])
    return record


def main(argv):
    src, dst, seed, dropped_file = argv
    dropped = 0
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)
            if clock_only(r):
                dropped += 1
                continue
            out.write(json.dumps(fill_tokens(r, seed), ensure_ascii=False) + "\n")
    with open(dropped_file, "w") as f:
        f.write("%d\n" % dropped)
    print("clock-only mutant pairs left out: %d" % dropped, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
