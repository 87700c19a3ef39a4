# Decisions do not depend on the number of threads: classifying a corpus
# and two folders with --threads 1, 2 and 4 writes byte-identical JSON Lines
# (issue 13), in input order.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EX=$ROOT/examples

zcat "$ROOT/corpora/mediawiki.jsonl.gz" | head -n 40 > "$TMP/pairs.jsonl"
cat "$FIX/train/pairs.jsonl" >> "$TMP/pairs.jsonl"
mkdir -p "$TMP/old" "$TMP/new"
for d in "$EX"/*/; do
	name=$(basename "$d")
	cp "$d/old.html" "$TMP/old/$name.html"
	cp "$d/new.html" "$TMP/new/$name.html"
done
for t in 1 2 4; do
	"$SMART" classify --json --threads "$t" --corpus "$TMP/pairs.jsonl" >"$TMP/corpus-$t.jsonl" 2>/dev/null
	"$SMART" classify --json --threads "$t" "$TMP/old" "$TMP/new" >"$TMP/dirs-$t.jsonl" 2>/dev/null
done
for form in corpus dirs; do
	if [ -s "$TMP/$form-1.jsonl" ] && cmp -s "$TMP/$form-1.jsonl" "$TMP/$form-2.jsonl" &&
	   cmp -s "$TMP/$form-1.jsonl" "$TMP/$form-4.jsonl"; then
		echo "ok - classify_${form}_decisions_identical_for_1_2_4_threads"
	else
		echo "not ok - classify_${form}_decisions_identical_for_1_2_4_threads"
	fi
done
finish
