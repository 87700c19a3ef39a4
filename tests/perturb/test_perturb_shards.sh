# smart perturb --shard K/N (docs/shards.md). Property: for a random N in
# 1..16 (and for 1 and 16), the shards together take every pair slot of
# the unsharded run exactly once, their pairs are the unsharded run's with
# nothing lost and nothing repeated, and merging their outputs (given in
# any order) is byte for byte the unsharded run's -o. The split does not
# depend on the order the pages are listed in. Bad shard sets (one missing,
# one twice, one of another seed, one cut short) are refused with one line,
# exit 2, and nothing is written.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
shard_count
N_RANDOM=$N

# Pages: the fixture's (one unreadable) and the examples' old and new pages.
mkdir -p "$TMP/pages"
cp "$FIX"/perturb/pages/* "$TMP/pages/"
for d in "$ROOT"/examples/*/; do
	for f in "$d"old.* "$d"new.*; do
		[ -f "$f" ] && cp "$f" "$TMP/pages/$(basename "$d")-$(basename "$f")"
	done
done

perturb() { # extra args...
	"$SMART" perturb --in "$TMP/pages" -n 60 --seed 7 --app pages -q "$@"
}
perturb -o "$TMP/full.jsonl" 2>/dev/null
pairs=$(wc -l < "$TMP/full.jsonl")

# shards_merge_equal N: N shards, their counts, and their merge.
shards_merge_equal() {
	n=$1 k=1 list=""
	rm -f "$TMP"/s_*
	while [ "$k" -le "$n" ]; do
		perturb --shard "$k/$n" -o "$TMP/s_$k.shard" 2>/dev/null || echo "# shard $k/$n failed"
		list="$TMP/s_$k.shard $list"
		k=$((k + 1))
	done
	# shellcheck disable=SC2086
	taken=$(cat $list | sed -n 's/^taken //p' | awk '{ s += $1 } END { print s }')
	# shellcheck disable=SC2086
	items=$(cat $list | grep -c '^item ')
	# shellcheck disable=SC2086
	units=$(grep -h '^item ' $list | awk '{ print $2 }' | sort -n | uniq | wc -l)
	if [ "$pairs" -gt 20 ] && [ "$taken" -eq 60 ] && [ "$items" -eq "$pairs" ] &&
	   [ "$units" -eq "$items" ]; then
		echo "ok - perturb_shards_of_${n}_make_every_pair_once"
	else
		echo "not ok - perturb_shards_of_${n}_make_every_pair_once ($taken slots of 60, $items items, $units units, $pairs pairs)"
	fi
	# shellcheck disable=SC2086
	"$SMART" merge -o "$TMP/merged.jsonl" $list
	status=$?
	if [ "$status" -eq 0 ] && cmp -s "$TMP/merged.jsonl" "$TMP/full.jsonl"; then
		echo "ok - perturb_merge_of_${n}_shards_is_byte_identical"
	else
		echo "not ok - perturb_merge_of_${n}_shards_is_byte_identical (exit $status)"
	fi
}
for n in 1 "$N_RANDOM" 16; do
	shards_merge_equal "$n"
done

# The split does not depend on the listing order: the pages copied in
# reverse order (other directory order, other inode order) give a shard
# the same output.
mkdir -p "$TMP/rev"
for f in $(ls "$TMP/pages" | sort -r); do cp "$TMP/pages/$f" "$TMP/rev/$f"; done
perturb --shard 2/3 -o "$TMP/a.shard" 2>/dev/null
"$SMART" perturb --in "$TMP/rev" -n 60 --seed 7 --app pages -q --shard 2/3 -o "$TMP/b.shard" 2>/dev/null
if [ "$(grep -c '^item ' "$TMP/a.shard")" -gt 0 ] && cmp -s "$TMP/a.shard" "$TMP/b.shard"; then
	echo "ok - perturb_shard_split_is_stable_under_listing_order"
else
	echo "not ok - perturb_shard_split_is_stable_under_listing_order"
fi

# Bad shard sets: one clear line, exit 2, nothing written.
for k in 1 2 3; do perturb --shard "$k/3" -o "$TMP/t$k" 2>/dev/null; done
expect_status perturb_merge_refuses_a_missing_shard 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/t3"
expect_one_error_line perturb_merge_names_the_missing_shard 'shard 2/3 is missing'
expect_status perturb_merge_refuses_a_shard_given_twice 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/t2" "$TMP/t2" "$TMP/t3"
expect_one_error_line perturb_merge_names_the_repeated_shard 'shard 2/3 given twice'
"$SMART" perturb --in "$TMP/pages" -n 60 --seed 8 --app pages -q --shard 2/3 -o "$TMP/other" 2>/dev/null
expect_status perturb_merge_refuses_a_shard_of_another_seed 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/other" "$TMP/t3"
expect_one_error_line perturb_merge_names_the_other_seed 'other: a shard of another run .*seed=8'
head -c 2000 "$TMP/t2" > "$TMP/cut"
expect_status perturb_merge_refuses_a_truncated_shard 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/cut" "$TMP/t3"
expect_one_error_line perturb_merge_names_the_truncated_shard 'cut: truncated'
if [ -e "$TMP/none" ]; then echo "not ok - perturb_merge_writes_nothing_when_it_refuses"; else
	echo "ok - perturb_merge_writes_nothing_when_it_refuses"; fi
expect_status perturb_refuses_a_bad_shard 2 perturb --shard 0/3 -o "$TMP/none"
expect_one_error_line perturb_names_the_bad_shard "K must be 1..N"
if [ -e "$TMP/none" ]; then echo "not ok - perturb_bad_shard_writes_nothing"; else
	echo "ok - perturb_bad_shard_writes_nothing"; fi
finish
