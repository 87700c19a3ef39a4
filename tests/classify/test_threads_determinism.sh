# Decisions do not depend on --threads (issue 13): classifying the same
# corpus with 1, 2 and 4 threads prints byte-identical output, text and
# JSON Lines, and the same exit status.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"

for fmt in text json; do
	flag=""; [ "$fmt" = json ] && flag="--json"
	for t in 1 2 4; do
		"$SMART" classify $flag --threads "$t" --corpus "$PAIRS" >"$TMP/$fmt.$t" 2>"$TMP/$fmt.$t.err"
		echo $? >"$TMP/$fmt.$t.status"
	done
	if [ -s "$TMP/$fmt.1" ] && cmp -s "$TMP/$fmt.1" "$TMP/$fmt.2" && cmp -s "$TMP/$fmt.1" "$TMP/$fmt.4" &&
	   cmp -s "$TMP/$fmt.1.status" "$TMP/$fmt.2.status" && cmp -s "$TMP/$fmt.1.status" "$TMP/$fmt.4.status"; then
		echo "ok - classify_corpus_${fmt}_identical_for_1_2_4_threads"
	else
		echo "not ok - classify_corpus_${fmt}_identical_for_1_2_4_threads"
		diff "$TMP/$fmt.1" "$TMP/$fmt.4" | head -n 5 | sed 's/^/#   /'
	fi
done

# The same through eval's cross-validation: measuring on more threads does
# not change a single pooled count.
for t in 1 4; do
	"$SMART" eval --json --threads "$t" "$PAIRS" >"$TMP/eval.$t" 2>/dev/null
done
if [ -s "$TMP/eval.1" ] && cmp -s "$TMP/eval.1" "$TMP/eval.4"; then
	echo "ok - eval_identical_for_1_and_4_threads"
else
	echo "not ok - eval_identical_for_1_and_4_threads"
fi
finish
