# smart mutate --shard K/N (docs/shards.md). Property: for a random N in
# 1..16 (a few mutants a shard, so that some shards have none), the shards
# try together exactly the mutants of the unsharded run with the same seed
# and -n, and merging their outputs is byte for byte the unsharded run's
# pairs. A shard of another seed is refused; --time is refused.
. "$(dirname "$0")/../cli/lib.sh"

C="$FIX/mutate/c_app"
export TMPDIR="$TMP/scratch"
mkdir -p "$TMPDIR"
shard_count

c_mutate() { # extra args...
	"$SMART" mutate --src "$C" --files '*.c' --build make --run 'sh run.sh' \
		--outputs out --seed 3 --timeout 2 -n 30 "$@"
}

c_mutate -j 2 --json -o "$TMP/full.jsonl" > "$TMP/full.json" 2>/dev/null
tried_full=$(sed -n 's/.*"tried":\([0-9]*\).*/\1/p' "$TMP/full.json")
k=1 tried=0 list=""
while [ "$k" -le "$N" ]; do
	c_mutate --shard "$k/$N" --json -o "$TMP/s$k.shard" > "$TMP/s$k.json" 2>/dev/null ||
		echo "# shard $k/$N failed"
	tried=$((tried + $(sed -n 's/.*"tried":\([0-9]*\).*/\1/p' "$TMP/s$k.json")))
	list="$TMP/s$k.shard $list"
	k=$((k + 1))
done
if [ "$tried_full" -gt 0 ] && [ "$tried" -eq "$tried_full" ]; then
	echo "ok - mutate_shards_of_${N}_try_the_unsharded_mutants_once"
else
	echo "not ok - mutate_shards_of_${N}_try_the_unsharded_mutants_once ($tried vs $tried_full)"
fi
# shellcheck disable=SC2086
expect_status mutate_shards_merge 0 "$SMART" merge -o "$TMP/merged.jsonl" $list
if [ -s "$TMP/full.jsonl" ] && cmp -s "$TMP/merged.jsonl" "$TMP/full.jsonl"; then
	echo "ok - mutate_merge_of_${N}_shards_is_byte_identical"
else
	echo "not ok - mutate_merge_of_${N}_shards_is_byte_identical"
fi
if [ "$N" -gt 1 ]; then
	"$SMART" mutate --src "$C" --files '*.c' --build make --run 'sh run.sh' --outputs out \
		--seed 4 --timeout 2 -n 30 --shard "1/$N" -o "$TMP/other.shard" 2>/dev/null
	rest=$(echo $list | tr ' ' '\n' | grep -v "/s1.shard" | tr '\n' ' ')
	# shellcheck disable=SC2086
	expect_status mutate_merge_refuses_a_shard_of_another_seed 2 "$SMART" merge "$TMP/other.shard" $rest
	expect_one_error_line mutate_merge_names_the_other_seed 'a shard of another run .*seed=4'
fi
expect_status mutate_shard_refuses_a_time_budget 2 "$SMART" mutate --src "$C" --files '*.c' \
	--run 'sh run.sh' --outputs out --time 5 --shard 1/2 -o "$TMP/t.shard"
finish
