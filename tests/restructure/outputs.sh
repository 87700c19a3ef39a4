#!/bin/sh
# Byte-identical outputs across a restructuring (issue 15): record what a
# smart binary prints on the corpora, the bench pages and the examples, then
# compare two such recordings.
#
#   sh tests/restructure/outputs.sh record SMART OUTDIR [--quick]
#   sh tests/restructure/outputs.sh compare DIR_A DIR_B
#
# record writes one file per command (its stdout, then its stderr and exit
# status), under OUTDIR:
#   classify/CORPUS.json     smart classify --json --corpus CORPUS (every corpora/*.jsonl*)
#   means.txt                smart features --means over all corpora
#   pairs/NAME.{diff,diff.json,features,features.json,classify.json}
#                            on every examples/ pair and every bench page pair
#                            (bench/pages.h, written by pages_dump.c)
#   perturb/*.jsonl          smart perturb on the fixture pages and the bench pages
#   mutate/c_app.jsonl       smart mutate on tests/fixtures/mutate/c_app (one job)
#   default_model.json       the model trained by the build, when found beside SMART
# --quick records only the examples and the handmade corpus (seconds).
# compare prints the first file that differs and its first differing lines,
# and exits 1; exit 0 and "identical" when every file matches.
#
# Run by tests/run.sh without arguments: then it checks itself quickly
# (two quick recordings of $SMART_RELEASE agree; a changed byte is found).
# The full recording of the release binary takes a few minutes.
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# run_to FILE CMD...: CMD's stdout, then its stderr and exit status, into
# FILE, with the recording's folders ($out, $work) named OUTDIR and WORK.
run_to() {
	file=$1; shift
	"$@" >"$file" 2>"$file.err"
	status=$?
	{ echo "--- stderr"; cat "$file.err"; echo "--- exit $status"; } >>"$file"
	rm -f "$file.err"
	# Messages name the output files: the same words for every recording.
	sed -i -e "s#$out/#OUTDIR/#g" -e "s#$work/#WORK/#g" "$file"
}

# pair_outputs SMART OUT NAME OLD NEW: diff, features and classify of one pair.
pair_outputs() {
	smart=$1 out=$2 name=$3 old=$4 new=$5
	run_to "$out/pairs/$name.diff" "$smart" diff "$old" "$new"
	run_to "$out/pairs/$name.diff.json" "$smart" diff --json "$old" "$new"
	run_to "$out/pairs/$name.features" "$smart" features "$old" "$new"
	run_to "$out/pairs/$name.features.json" "$smart" features --json "$old" "$new"
	run_to "$out/pairs/$name.classify.json" "$smart" classify --json "$old" "$new"
}

record() {
	smart=$1 out=$2 quick=$3
	case $smart in /*) ;; *) smart="$PWD/$smart" ;; esac
	[ -x "$smart" ] || { echo "outputs.sh: $smart: not an executable" >&2; exit 2; }
	mkdir -p "$out/classify" "$out/pairs" "$out/perturb" "$out/mutate" || exit 2
	work=$(mktemp -d) || exit 2
	cd "$ROOT" || exit 2

	for pair in examples/*/; do
		name=$(basename "$pair")
		ext=html
		[ -f "$pair/old.xml" ] && ext=xml
		[ -f "$pair/old.$ext" ] || continue
		pair_outputs "$smart" "$out" "example-$name" "$pair/old.$ext" "$pair/new.$ext"
	done
	if [ -n "$quick" ]; then
		run_to "$out/classify/handmade.json" "$smart" classify --json --corpus corpora/handmade.jsonl
		rm -rf "$work"
		return 0
	fi

	for corpus in corpora/*.jsonl corpora/*.jsonl.gz; do
		[ -f "$corpus" ] || continue
		name=$(basename "$corpus")
		run_to "$out/classify/${name%%.jsonl*}.json" "$smart" classify --json --corpus "$corpus"
	done
	run_to "$out/means.txt" "$smart" features --means corpora/*.jsonl corpora/*.jsonl.gz

	cc -std=c11 -D_GNU_SOURCE -O1 -I"$ROOT" "$ROOT/tests/restructure/pages_dump.c" \
		-o "$work/pages_dump" || exit 2
	mkdir -p "$work/pages" "$work/old_pages" && "$work/pages_dump" "$work/pages" || exit 2
	for pair in "$work"/pages/*/; do
		name=$(basename "$pair")
		pair_outputs "$smart" "$out" "$name" "$pair/old.html" "$pair/new.html"
		cp "$pair/old.html" "$work/old_pages/$name.html"
	done

	run_to "$out/perturb/fixture.summary" "$smart" perturb --in tests/fixtures/perturb/pages \
		-n 200 --seed 1 --json -o "$out/perturb/fixture.jsonl"
	run_to "$out/perturb/bench.summary" "$smart" perturb --in "$work/old_pages" --app bench \
		-n 300 --seed 2 --json -o "$out/perturb/bench.jsonl"

	# Only the pairs: the summary holds timings.
	cp -a tests/fixtures/mutate/c_app "$work/c_app"
	(cd "$work" && "$smart" mutate --src c_app --files '*.c' --build make --run 'sh run.sh' \
		--outputs out --seed 3 --timeout 5 -n 60 -j 1 -o "$out/mutate/c_app.jsonl" \
		>/dev/null 2>&1; echo "exit $?" >"$out/mutate/c_app.status")

	model="$(dirname "$smart")/../default_model.json"
	[ -f "$model" ] && cp "$model" "$out/default_model.json"
	rm -rf "$work"
}

# compare A B: the first difference, or "identical".
compare() {
	a=$1 b=$2
	for d in "$a" "$b"; do
		[ -d "$d" ] || { echo "outputs.sh: $d: not a folder" >&2; exit 2; }
	done
	(cd "$a" && find . -type f | sort) >"${TMPDIR:-/tmp}/outputs.$$.a"
	(cd "$b" && find . -type f | sort) >"${TMPDIR:-/tmp}/outputs.$$.b"
	if ! cmp -s "${TMPDIR:-/tmp}/outputs.$$.a" "${TMPDIR:-/tmp}/outputs.$$.b"; then
		echo "different file lists:"
		diff "${TMPDIR:-/tmp}/outputs.$$.a" "${TMPDIR:-/tmp}/outputs.$$.b" | head -n 10
		rm -f "${TMPDIR:-/tmp}/outputs.$$.a" "${TMPDIR:-/tmp}/outputs.$$.b"
		return 1
	fi
	files=$(cat "${TMPDIR:-/tmp}/outputs.$$.a")
	rm -f "${TMPDIR:-/tmp}/outputs.$$.a" "${TMPDIR:-/tmp}/outputs.$$.b"
	count=0
	for f in $files; do
		count=$((count + 1))
		if ! cmp -s "$a/$f" "$b/$f"; then
			echo "differs: ${f#./}"
			cmp "$a/$f" "$b/$f"
			diff "$a/$f" "$b/$f" | head -n 10 | cut -c 1-300
			return 1
		fi
	done
	echo "identical: $count files"
}

# No arguments (tests/run.sh): a quick check of the two modes themselves.
self_test() {
	smart=${SMART_RELEASE:-$ROOT/build/release/smart}
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	record "$smart" "$tmp/a" quick
	record "$smart" "$tmp/b" quick
	if [ "$(ls "$tmp/a/pairs" | wc -l)" -ge 10 ] && grep -q '"decision"' "$tmp/a/classify/handmade.json"; then
		echo "ok - outputs_record_writes_pairs_and_corpus"
	else
		echo "not ok - outputs_record_writes_pairs_and_corpus"
	fi
	if compare "$tmp/a" "$tmp/b" | grep -q '^identical: '; then
		echo "ok - outputs_same_binary_identical"
	else
		echo "not ok - outputs_same_binary_identical"
	fi
	sed -i '1s/inspect/INSPECT/; 1s/ignore/IGNORE/' "$tmp/b/classify/handmade.json"
	if ! compare "$tmp/a" "$tmp/b" >"$tmp/why" && grep -q '^differs: classify/handmade.json' "$tmp/why"; then
		echo "ok - outputs_compare_names_changed_file"
	else
		echo "not ok - outputs_compare_names_changed_file"
	fi
	rm "$tmp/b/pairs/example-deleted-table.diff"
	if ! compare "$tmp/a" "$tmp/b" >"$tmp/why" && grep -q '^different file lists' "$tmp/why"; then
		echo "ok - outputs_compare_finds_missing_file"
	else
		echo "not ok - outputs_compare_finds_missing_file"
	fi
}

case ${1:-} in
record)
	[ $# -ge 3 ] || { echo "usage: outputs.sh record SMART OUTDIR [--quick]" >&2; exit 2; }
	quick=""
	[ "${4:-}" = --quick ] && quick=1
	mkdir -p "$3" && record "$2" "$(cd "$3" && pwd)" "$quick"
	;;
compare)
	[ $# -eq 3 ] || { echo "usage: outputs.sh compare DIR_A DIR_B" >&2; exit 2; }
	compare "$2" "$3"
	;;
"")
	self_test
	;;
*)
	echo "usage: outputs.sh record SMART OUTDIR [--quick] | compare DIR_A DIR_B" >&2
	exit 2
	;;
esac
