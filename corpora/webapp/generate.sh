#!/bin/sh
# Regenerates the MediaWiki corpus (corpora/mediawiki.jsonl.gz) and its raw
# clean replays (corpora/webapp/runs/run-K.tar.gz):
#  1. install MediaWiki 1.39 + SQLite, nginx, php-fpm from Debian (install.sh);
#  2. replay sessions.json three times on the clean version, PHP's clock
#     faked to three dates (faketime): the raw runs, and ignore pairs
#     (origin rerun) wherever two clean replays differ;
#  3. smart mutate seeds faults into MUTATE_FILES (common.sh), each mutant
#     replayed the same way (mutant-run.sh): inspect pairs (origin mutant).
# Environment: SMART (the binary), SMART_WEBAPP_WORK (scratch, default
# /tmp/smart-webapp), MUTANT_TIME (seconds of mutants; default 0: none —
# see README.md for why this step is not finished).
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
	tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$runs" -cf - "run-$k" |
		gzip -n -9 >"$HERE/runs/run-$k.tar.gz"
done
python3 "$HERE/pairs.py" mediawiki "$runs/run-1" "$runs/run-2" "$runs/run-3" >"$WORK/reruns.jsonl"
echo "rerun pairs: $(wc -l <"$WORK/reruns.jsonl")"

gzip -n -9 <"$WORK/reruns.jsonl" >"$HERE/mediawiki-reruns.jsonl.gz"
if [ "${MUTANT_TIME:-0}" = 0 ]; then
	echo "no mutants (set MUTANT_TIME=SECONDS to run smart mutate; see README.md)"
	exit 0
fi

# Mutants: the mutable files alone are the "source" smart mutate copies;
# mutant-run.sh serves them inside the full tree.
rm -rf "$WORK/mutsrc" "$WORK/orig"
for f in $MUTATE_FILES; do
	mkdir -p "$WORK/mutsrc/$(dirname "$f")" "$WORK/orig/$(dirname "$f")"
	cp "$WWW/$f" "$WORK/mutsrc/$f"
	cp "$WWW/$f" "$WORK/orig/$f"
done
lint="for f in $(echo $MUTATE_FILES); do php -l \$f >/dev/null 2>&1 || exit 1; done"
SMART_WEBAPP_DATE="2024-03-01 10:00:00" "$SMART" mutate --src "$WORK/mutsrc" --files '*.php' \
	--build "$lint" --run "sh $HERE/mutant-run.sh" --outputs out \
	--time "${MUTANT_TIME:-600}" --seed 1 -j 1 --app mediawiki -o "$WORK/mutants.jsonl"
# Only the pages (HTML, XML): manifests, raw wikitext and JSON are not
# documents smart compares.
python3 -c 'import json, sys
for line in sys.stdin:
    if json.loads(line)["test"].endswith((".html", ".xml")): sys.stdout.write(line)' \
	<"$WORK/mutants.jsonl" >"$WORK/mutant-pages.jsonl"
echo "mutant pairs: $(wc -l <"$WORK/mutant-pages.jsonl")"
cat "$WORK/reruns.jsonl" "$WORK/mutant-pages.jsonl" | gzip -n -9 >"$ROOT/corpora/mediawiki.jsonl.gz"
echo "wrote corpora/mediawiki.jsonl.gz: $(gzip -dc "$ROOT/corpora/mediawiki.jsonl.gz" | wc -l) pairs"
