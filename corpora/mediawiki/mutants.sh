#!/bin/sh
# mutants.sh OUT.jsonl — the inspect pairs of the MediaWiki corpus.
# smart mutate seeds one fault at a time into MUTATE_FILES (common.sh);
# mutant-run.sh serves each mutant and replays sessions.json on a
# repeatable server; every page that differs from the clean replay is an
# inspect pair (origin mutant). MediaWiki must be installed (install.sh).
# Environment: MUTANT_TIME (seconds per seed, default 2400), MUTANT_SEEDS
# (one smart mutate run per seed, default "1 2"; the shipped corpus: seed 1
# for 3000 s, then seed 2 for 1800 s),
# MUTANT_PER (pairs kept per mutant, default 6: one broken skin would
# otherwise fill the corpus with one fault).
set -eu
. "$(dirname "$0")/common.sh"
out=$1
[ -x "$SMART" ] || { echo "build smart first (make)"; exit 2; }
[ -d "$CLEAN" ] || { echo "install MediaWiki first (sh $HERE/install.sh)"; exit 2; }
# The mutable files alone are the "source" smart mutate copies;
# mutant-run.sh serves them inside the full tree.
rm -rf "$WORK/mutsrc" "$WORK/orig"
for f in $MUTATE_FILES; do
	mkdir -p "$WORK/mutsrc/$(dirname "$f")" "$WORK/orig/$(dirname "$f")"
	cp "$WWW/$f" "$WORK/mutsrc/$f"
	cp "$WWW/$f" "$WORK/orig/$f"
done
lint="for f in $(echo $MUTATE_FILES); do php -l \$f >/dev/null 2>&1 || exit 1; done"
# A clean replay takes about 50 s; a mutant gets about 5 times that (the machine may be busy).
: >"$WORK/mutants.jsonl"
for seed in ${MUTANT_SEEDS:-1 2}; do
	SMART_WEBAPP_DATE="2024-03-01 10:00:00" "$SMART" mutate --src "$WORK/mutsrc" --files '*.php' \
		--build "$lint" --run "sh $HERE/mutant-run.sh" --outputs out --timeout 240 \
		--time "${MUTANT_TIME:-2400}" --seed "$seed" --per-mutant "${MUTANT_PER:-6}" \
		-j 1 --app mediawiki -o "$WORK/mutants-$seed.jsonl"
	cat "$WORK/mutants-$seed.jsonl" >>"$WORK/mutants.jsonl"
done
# Only the pages (HTML, XML): raw wikitext and JSON are not documents smart
# compares.
python3 -c 'import json, sys
for line in sys.stdin:
    if json.loads(line)["test"].endswith((".html", ".xml")): sys.stdout.write(line)' \
	<"$WORK/mutants.jsonl" >"$out"
echo "mutant pairs: $(wc -l <"$out")"
