#!/bin/sh
# Regenerates the MediaWiki corpus (corpora/mediawiki.jsonl.gz) and its raw
# clean replays (corpora/mediawiki/runs/run-K.tar.gz):
#  1. install MediaWiki 1.39 + SQLite, nginx, php-fpm from Debian (install.sh);
#  2. replay sessions.json three times on the clean version, PHP's clock
#     faked to three dates (faketime): the raw runs, and ignore pairs
#     (origin rerun) wherever two clean replays differ;
#  3. smart mutate seeds faults into MUTATE_FILES (common.sh), each mutant
#     replayed the same way (mutant-run.sh): inspect pairs (origin mutant).
#  4. corpora/mediawiki.jsonl.gz: the rerun pairs and the mutant pairs.
# Environment: SMART (the binary), SMART_WEBAPP_WORK (scratch, default
# /tmp/smart-webapp), MUTANT_TIME and MUTANT_SEEDS (see mutants.sh;
# MUTANT_TIME=0 skips step 3).
set -eu
. "$(dirname "$0")/common.sh"
sh "$HERE/install.sh"
[ -x "$SMART" ] || { echo "build smart first (make)"; exit 2; }
runs="$WORK/runs"
rm -rf "$runs"; mkdir -p "$runs" "$HERE/runs"
k=0
for when in "2024-03-01 10:00:00" "2024-07-15 16:30:00" "2025-01-02 08:05:00"; do
	k=$((k + 1))
	echo "clean replay $k at $when"
	sh "$HERE/replay.sh" "$runs/run-$k" "$when"
	tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$runs/run-$k" -cf - . |
		gzip -n -9 >"$HERE/runs/run-$k.tar.gz"
done
python3 "$HERE/pairs.py" mediawiki "$runs/run-1" "$runs/run-2" "$runs/run-3" >"$WORK/reruns.jsonl"
echo "rerun pairs: $(wc -l <"$WORK/reruns.jsonl")"
: >"$WORK/mutant-pages.jsonl"

if [ "${MUTANT_TIME:-2400}" = 0 ]; then
	echo "no mutants (MUTANT_TIME=0): the corpus gets the rerun pairs only"
else
	sh "$HERE/mutants.sh" "$WORK/mutant-pages.jsonl"
fi
# The corpus: rerun and mutant pairs. A mutant pair's old page is replaced by
# the same page of clean replay 1 (real clock, real tokens), as a tester
# would compare a recorded run of the trusted version with a later run of
# the new one: a fault and the run-to-run volatility together. (Kept as
# mutate wrote them, the repeatable runs made every inspect pair free of
# volatility and every ignore pair full of it: a label leak a model learns,
# which cost discount's profiled F1 .99 -> .62 in smart eval --by-app.)
# Without the pages over 200 000 bytes
# (as for every shipped corpus) and without repeats of a pair (two seeds may
# draw the same mutant), written with a zero gzip timestamp.
python3 - "$runs/run-1" "$WORK/reruns.jsonl" "$WORK/mutant-pages.jsonl" <<'PY' | gzip -n -9 >"$ROOT/corpora/mediawiki.jsonl.gz"
import collections, json, os, sys
kept, dropped, seen = collections.Counter(), 0, set()
clean_run = sys.argv[1]
for path in sys.argv[2:]:
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        if r["origin"] == "mutant":
            with open(os.path.join(clean_run, r["test"]), encoding="utf-8", errors="replace") as f:
                r["old"] = f.read()
            r["note"] += " (old: clean replay 1)"
            line = json.dumps(r, ensure_ascii=False) + "\n"
        if max(len(r["old"].encode()), len(r["new"].encode())) > 200000:
            dropped += 1
            continue
        if (r["test"], r["old"], r["new"]) in seen:
            continue
        seen.add((r["test"], r["old"], r["new"]))
        kept[(r["origin"], r["label"])] += 1
        sys.stdout.write(line)
with open(sys.argv[2].rsplit("/", 1)[0] + "/counts.txt", "w") as f:
    for (origin, label), n in sorted(kept.items()):
        f.write("mediawiki    %-8s %-10s %d\n" % (origin, label, n))
    f.write("mediawiki    all      all        %d  (dropped over 200 000 bytes: %d)\n"
            % (sum(kept.values()), dropped))
PY
cp "$WORK/counts.txt" "$HERE/counts.txt"
cat "$HERE/counts.txt"
