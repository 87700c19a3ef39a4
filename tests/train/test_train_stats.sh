# smart train --stats-out (of shard K of N) and --from-stats (docs/shards.md).
# Property: for a random N in 1..16, the shards' statistics together hold
# every training pair once, and the model fitted to their sum equals the
# model trained on the corpora themselves to floating-point tolerance, with
# the same decision on every pair of a test corpus. Statistics of another
# measurement, cut short or not statistics at all are refused with one
# line; an SVM is refused (it does not decompose).
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
C1="$ROOT/corpora/handmade.jsonl"
C2="$ROOT/corpora/cmark.jsonl.gz"
TEST_CORPUS="$ROOT/corpora/commonmark.jsonl.gz"
shard_count

"$SMART" train --folds 0 --sign-constraints -o "$TMP/union.json" "$C1" "$C2" > "$TMP/union.txt" 2>/dev/null
k=1 pairs=0
while [ "$k" -le "$N" ]; do
	"$SMART" train --stats-out "$TMP/s$k.stats" --shard "$k/$N" "$C1" "$C2" > "$TMP/out"
	pairs=$((pairs + $(awk '{ print $1 }' "$TMP/out")))
	k=$((k + 1))
done
union_pairs=$(sed -n 's/^linear model on \([0-9]*\) pairs.*/\1/p' "$TMP/union.txt")
if [ "$pairs" -eq "$union_pairs" ] && [ "$pairs" -gt 0 ]; then
	echo "ok - stats_of_${N}_shards_hold_every_pair_once"
else
	echo "not ok - stats_of_${N}_shards_hold_every_pair_once ($pairs vs $union_pairs)"
fi
expect_status train_from_stats_of_${N}_shards 0 "$SMART" train --from-stats --sign-constraints -o "$TMP/stats.json" "$TMP"/s*.stats
if python3 - "$TMP/union.json" "$TMP/stats.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def close(x, y):
    return abs(x - y) <= 1e-9 * max(1.0, abs(x), abs(y))
ok = (a["comparison"] == b["comparison"] and close(a["cutoff"], b["cutoff"])
      and close(a["intercept"], b["intercept"]) and len(a["weights"]) == len(b["weights"])
      and all(close(x, y) for x, y in zip(a["weights"], b["weights"]))
      and a["provenance"]["pairs"] == b["provenance"]["pairs"])
sys.exit(0 if ok else 1)
PY
then echo "ok - model_from_stats_equals_model_from_corpora"; else
	echo "not ok - model_from_stats_equals_model_from_corpora"; fi
"$SMART" classify --model "$TMP/union.json" --json --corpus "$TEST_CORPUS" | sed 's/"score":[^,}]*//' > "$TMP/d1"
"$SMART" classify --model "$TMP/stats.json" --json --corpus "$TEST_CORPUS" | sed 's/"score":[^,}]*//' > "$TMP/d2"
if [ -s "$TMP/d1" ] && cmp -s "$TMP/d1" "$TMP/d2" && grep -q '"inspect"' "$TMP/d1" && grep -q '"ignore"' "$TMP/d1"; then
	echo "ok - model_from_stats_decides_a_test_corpus_alike"
else
	echo "not ok - model_from_stats_decides_a_test_corpus_alike"
fi

# Bad statistics sets
"$SMART" train --raw --stats-out "$TMP/raw.stats" "$C1" > /dev/null
expect_status from_stats_refuses_statistics_measured_another_way 2 "$SMART" train --from-stats -o "$TMP/x.json" "$TMP/s1.stats" "$TMP/raw.stats"
expect_one_error_line from_stats_names_the_other_measurement 'raw.stats: statistics measured another way'
head -c 20000 "$TMP/s1.stats" > "$TMP/cut.stats"
expect_status from_stats_refuses_a_cut_file 2 "$SMART" train --from-stats -o "$TMP/x.json" "$TMP/cut.stats"
expect_one_error_line from_stats_names_the_cut_file 'cut.stats:[0-9]+: not a whole training-statistics file'
expect_status from_stats_refuses_a_corpus 2 "$SMART" train --from-stats -o "$TMP/x.json" "$C1"
expect_one_error_line from_stats_says_a_corpus_is_no_statistics 'not a training-statistics file'
if [ -e "$TMP/x.json" ]; then echo "not ok - from_stats_writes_no_model_when_it_refuses"; else
	echo "ok - from_stats_writes_no_model_when_it_refuses"; fi
expect_status from_stats_refuses_svm 2 "$SMART" train --kind svm --from-stats -o "$TMP/x.json" "$TMP/s1.stats"
expect_one_error_line from_stats_says_svm_does_not_decompose 'SVM does not decompose'
expect_status shard_needs_stats_out 2 "$SMART" train --shard 1/2 -o "$TMP/x.json" "$C1"
finish
