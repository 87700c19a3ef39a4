# smart eval --shard K/N -o FILE and --from-shards (docs/shards.md).
# Property: for a random N in 1..16, the shards measure every pair once
# between them, and evaluating their merged rows prints byte for byte the
# unsharded report: k-fold with the comparators (text), by application
# (JSON). Shards measured another way, a missing shard, and --shard with
# profiles are refused with one line.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
C1="$ROOT/corpora/handmade.jsonl"
C2="$ROOT/corpora/cmark.jsonl.gz"
shard_count

"$SMART" eval --baselines all "$C1" "$C2" > "$TMP/full.txt"
"$SMART" eval --by-app --json "$C1" "$C2" > "$TMP/full_app.json"
k=1 list="" plain="" pairs=0
while [ "$k" -le "$N" ]; do
	"$SMART" eval --baselines all --shard "$k/$N" -o "$TMP/s$k" "$C1" "$C2" 2> "$TMP/err" ||
		echo "# shard $k/$N failed: $(cat "$TMP/err")"
	pairs=$((pairs + $(sed -n 's/.*: \([0-9]*\) pairs\? of shard.*/\1/p' "$TMP/err")))
	"$SMART" eval --shard "$k/$N" -o "$TMP/p$k" "$C1" "$C2" 2>/dev/null
	list="$TMP/s$k $list"; plain="$TMP/p$k $plain"
	k=$((k + 1))
done
total=$(sed -n 's/^\([0-9]*\) pairs .*/\1/p' "$TMP/full.txt")
if [ "$pairs" -eq "$total" ] && [ "$total" -gt 0 ]; then
	echo "ok - eval_shards_of_${N}_measure_every_pair_once"
else
	echo "not ok - eval_shards_of_${N}_measure_every_pair_once ($pairs vs $total)"
fi
# shellcheck disable=SC2086
"$SMART" eval --baselines all --from-shards $list > "$TMP/merged.txt"
if cmp -s "$TMP/merged.txt" "$TMP/full.txt"; then
	echo "ok - eval_from_${N}_shards_is_byte_identical_kfold_with_comparators"
else
	echo "not ok - eval_from_${N}_shards_is_byte_identical_kfold_with_comparators"
fi
# shellcheck disable=SC2086
"$SMART" eval --by-app --json --from-shards $plain > "$TMP/merged_app.json"
if [ -s "$TMP/full_app.json" ] && cmp -s "$TMP/merged_app.json" "$TMP/full_app.json"; then
	echo "ok - eval_from_${N}_shards_is_byte_identical_by_app"
else
	echo "not ok - eval_from_${N}_shards_is_byte_identical_by_app"
fi
# shellcheck disable=SC2086
expect_status eval_from_shards_refuses_rows_measured_another_way 2 "$SMART" eval --from-shards $list
expect_one_error_line eval_from_shards_names_the_measurement 'rows measured another way'
if [ "$N" -gt 1 ]; then
	rest=$(echo $plain | tr ' ' '\n' | grep -v "/p1\$" | tr '\n' ' ')
	# shellcheck disable=SC2086
	expect_status eval_from_shards_refuses_a_missing_shard 2 "$SMART" eval --from-shards $rest
	expect_one_error_line eval_from_shards_names_the_missing_shard "shard 1/$N is missing"
fi
expect_status eval_shard_needs_output 2 "$SMART" eval --shard 1/2 "$C1"
expect_status eval_shard_refuses_profiles 2 "$SMART" eval --by-app --profile-reruns --shard 1/2 -o "$TMP/x" "$C1"
finish
