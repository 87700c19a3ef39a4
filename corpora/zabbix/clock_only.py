#!/usr/bin/env python3
"""Leaves out Zabbix's clock-only mutant pairs.

  clock_only.py IN.jsonl OUT.jsonl DROPPED_FILE   (generate.sh, after smart mutate)

smart mutate compares each mutant run's pages with a clean run of the same
set-up, whose values on the real clock scrub.py made placeholders.  The
mutant runs' PHP and MariaDB run on a faked clock (libfaketime), but some
mutant runs served their pages on the machine's real clock (their dates are
the day the corpus was made, 2026-11-29): their pages then differ from the clean run's in the
clock alone (the dashboard's and the problems page's time span as epoch
seconds, `data-timestamp`, the failed login's date and time, and the time
zone menus of the settings and user forms, which list every zone with its
offset at the run's clock, ordered by offset, so that daylight saving time
moves both the offsets and the order), and smart
mutate keeps them as if the mutant had changed them.  Three mutants of the
first corpus (read after its first look, issue 35) changed nothing else in
any page: all 24 of their pairs (8 each), 14 of them in the corpus
labelled inspect (11 pages of the clock alone, 3 of the clock and the zone
menu) and 4 unlabelled.  A pair
whose two sides (both from smart mutate's runs, placeholders in place) are
equal once every clock value is masked shows no fault and is left out (the
mask decides only; the pages are not changed).
"""
import html
import json
import re
import sys

# (pattern, replacement) in order: epoch seconds (2001-2033), ISO dates,
# clock times
CLOCK = [
    (r"\b1[0-9]{9}\b", "EPOCH"),
    (r"\b\d{4}-\d\d-\d\d\b", "DATE"),
    (r"\b\d\d:\d\d(?::\d\d)?\b", "TIME"),
]


ZONE_OFFSET = re.compile(r"\(UTC[+-]\d\d:\d\d\)")


def zone_menu(m):
    """A menu's options (a data-options attribute) with the zones' offsets
    masked and the options in name order, when its labels hold offsets."""
    raw = m.group(1)
    try:
        options = json.loads(html.unescape(raw))
    except ValueError:
        return m.group(0)
    if not isinstance(options, list) or not any(
            isinstance(o, dict) and ZONE_OFFSET.search(str(o.get("label", ""))) for o in options):
        return m.group(0)
    masked_options = sorted(json.dumps({k: ZONE_OFFSET.sub("OFF", str(v)) for k, v in o.items()},
                                       sort_keys=True) if isinstance(o, dict) else json.dumps(o)
                            for o in options)
    return 'data-options="%s"' % html.escape(json.dumps(masked_options))


def masked(page):
    """The page with every clock value the frontend prints written as a placeholder."""
    page = re.sub(r'data-options="([^"]*)"', zone_menu, page)
    for pat, rep in CLOCK:
        page = re.sub(pat, rep, page)
    return page


def clock_only(record):
    """True when the pair's two sides differ in clock values alone."""
    return masked(record["old"]) == masked(record["new"])


def main(argv):
    src, dst, dropped_file = argv
    dropped = 0
    with open(src, encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as out:
        for line in f:
            r = json.loads(line)
            if clock_only(r):
                dropped += 1
                continue
            out.write(line if line.endswith("\n") else line + "\n")
    with open(dropped_file, "w") as f:
        f.write("%d\n" % dropped)
    print("clock-only mutant pairs left out: %d" % dropped, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
