# classify --shard K/N and smart merge (docs/shards.md). Property: for a
# random N in 1..16 (and for 1 and 16), the shards together take every pair
# exactly once, and merging their outputs, given in any order, is byte for
# byte the unsharded run's JSON Lines, JUnit XML and HTML report, corpus and folders
# alike. Bad shard sets (one missing, one twice, one of another run, one
# cut short, one of another N) are refused with one line, exit 2, and
# nothing is written.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CORPUS="$ROOT/corpora/handmade.jsonl"
shard_count
N_RANDOM=$N

# Folders: the examples, each pair under a name of its own, a skipped file too.
for d in "$ROOT"/examples/*/; do
	[ -f "$d/old.html" ] || continue
	name=$(basename "$d")
	for side in old new; do
		mkdir -p "$TMP/$side/$name"
		cp "$d/$side.html" "$TMP/$side/$name/page.html"
	done
done
printf 'log\n' > "$TMP/old/run.log"; printf 'log\n' > "$TMP/new/run.log"

"$SMART" classify --json --junit "$TMP/full.xml" --report "$TMP/full.html" --corpus "$CORPUS" > "$TMP/full.jsonl"
full_status=$?
"$SMART" classify --json --junit "$TMP/dirs.xml" --report "$TMP/dirs.html" "$TMP/old" "$TMP/new" > "$TMP/dirs.jsonl" 2>/dev/null
dirs_status=$?

# shards_merge_equal FORM N: runs N shards of FORM (corpus|folders), checks
# the counts and the merges (shards given last to first).
shards_merge_equal() {
	form=$1 n=$2 k=1 list="" jlist="" hlist=""
	rm -f "$TMP"/s_*
	while [ "$k" -le "$n" ]; do
		if [ "$form" = corpus ]; then
			"$SMART" classify --json --junit "$TMP/s_$k.xml" --report "$TMP/s_$k.html" \
				--shard "$k/$n" --corpus "$CORPUS" > "$TMP/s_$k.jsonl"
		else
			"$SMART" classify --json --junit "$TMP/s_$k.xml" --report "$TMP/s_$k.html" \
				--shard "$k/$n" "$TMP/old" "$TMP/new" > "$TMP/s_$k.jsonl" 2>/dev/null
		fi
		[ $? -le 1 ] || echo "# shard $k/$n failed"
		list="$TMP/s_$k.jsonl $list"; jlist="$TMP/s_$k.xml $jlist"; hlist="$TMP/s_$k.html $hlist"
		k=$((k + 1))
	done
	full=$TMP/full; [ "$form" = corpus ] || full=$TMP/dirs
	items=$(cat $list | grep -c '^item ')
	taken=$(cat $list | sed -n 's/^taken //p' | awk '{ s += $1 } END { print s }')
	total=$(wc -l < "$full.jsonl")
	if [ "$items" -eq "$total" ] && [ "$taken" -eq "$total" ]; then
		echo "ok - shards_of_${form}_take_every_pair_once_n$n"
	else
		echo "not ok - shards_of_${form}_take_every_pair_once_n$n ($items items, $taken taken, $total pairs)"
	fi
	units=$(grep -h '^item ' $list | awk '{ print $2 }' | sort -n | uniq | wc -l)
	if [ "$units" -eq "$total" ]; then echo "ok - shards_of_${form}_repeat_no_pair_n$n"; else
		echo "not ok - shards_of_${form}_repeat_no_pair_n$n ($units distinct of $total)"; fi
	# shellcheck disable=SC2086
	"$SMART" merge $list > "$TMP/merged.jsonl"; s1=$?
	# shellcheck disable=SC2086
	"$SMART" merge -o "$TMP/merged.xml" $jlist; s2=$?
	# shellcheck disable=SC2086
	"$SMART" merge -o "$TMP/merged.html" $hlist; s3=$?
	want=$full_status; [ "$form" = corpus ] || want=$dirs_status
	if [ "$s1" -eq "$want" ] && [ "$s2" -eq "$want" ] && [ "$s3" -eq "$want" ]; then
		echo "ok - merge_of_${form}_shards_exits_as_the_unsharded_run_n$n"
	else
		echo "not ok - merge_of_${form}_shards_exits_as_the_unsharded_run_n$n ($s1 $s2 $s3, want $want)"
	fi
	if cmp -s "$TMP/merged.jsonl" "$full.jsonl" && cmp -s "$TMP/merged.xml" "$full.xml" &&
	   cmp -s "$TMP/merged.html" "$full.html"; then
		echo "ok - merge_of_${form}_shards_is_byte_identical_n$n"
	else
		echo "not ok - merge_of_${form}_shards_is_byte_identical_n$n"
	fi
}

for n in 1 "$N_RANDOM" 16; do
	shards_merge_equal corpus "$n"
done
shards_merge_equal folders "$N_RANDOM"

# Shards that name the application differently are of different runs.
"$SMART" classify --json --app a --shard 1/2 "$TMP/old" "$TMP/new" 2>/dev/null > "$TMP/app1.shard"
"$SMART" classify --json --app b --shard 2/2 "$TMP/old" "$TMP/new" 2>/dev/null > "$TMP/app2.shard"
expect_status merge_refuses_shards_of_two_app_names 2 "$SMART" merge "$TMP/app1.shard" "$TMP/app2.shard"

# The split does not depend on the order units are listed in: folders
# copied in reverse order give a shard the same output, and a corpus in
# reverse order gives each shard the same records.
mkdir -p "$TMP/rev/old" "$TMP/rev/new"
for name in $(ls "$TMP/old" | sort -r); do
	cp -r "$TMP/old/$name" "$TMP/rev/old/"; cp -r "$TMP/new/$name" "$TMP/rev/new/"
done
# (one application name for both: by default each pair of folders is
# named after the folder that holds it)
"$SMART" classify --json --app a --shard 2/3 "$TMP/old" "$TMP/new" 2>/dev/null > "$TMP/a"
"$SMART" classify --json --app a --shard 2/3 "$TMP/rev/old" "$TMP/rev/new" 2>/dev/null > "$TMP/b"
if [ "$(grep -c '^item ' "$TMP/a")" -gt 0 ] && cmp -s "$TMP/a" "$TMP/b"; then
	echo "ok - shard_split_of_folders_is_stable_under_listing_order"
else
	echo "not ok - shard_split_of_folders_is_stable_under_listing_order"
fi
tac "$CORPUS" > "$TMP/reversed.jsonl"
for k in 1 2 3; do
	"$SMART" classify --json --shard "$k/3" --corpus "$CORPUS" | grep '^{' | sort > "$TMP/fwd$k"
	"$SMART" classify --json --shard "$k/3" --corpus "$TMP/reversed.jsonl" | grep '^{' | sort > "$TMP/rev$k"
done
if [ -s "$TMP/fwd2" ] && cmp -s "$TMP/fwd1" "$TMP/rev1" && cmp -s "$TMP/fwd2" "$TMP/rev2" &&
   cmp -s "$TMP/fwd3" "$TMP/rev3"; then
	echo "ok - shard_split_of_a_corpus_is_stable_under_record_order"
else
	echo "not ok - shard_split_of_a_corpus_is_stable_under_record_order"
fi

# merge exits as the unsharded classify would: 0 when no pair needs a
# look, 1 when one is "inspect", 2 (one line; the output still written)
# when one could not be classified, whichever shard it fell to.
# merge_status_is NAME CORPUS: the unsharded run's status, then N shards
# merged, must agree (and the merged JSON Lines be the unsharded ones).
merge_status_is() {
	name=$1 want=$2 corpus=$3 k=1 list=""
	"$SMART" classify --json --corpus "$corpus" > "$TMP/st_full" 2>/dev/null
	got_full=$?
	while [ "$k" -le 3 ]; do
		"$SMART" classify --json --shard "$k/3" --corpus "$corpus" > "$TMP/st_$k" 2>/dev/null
		list="$list $TMP/st_$k"; k=$((k + 1))
	done
	# shellcheck disable=SC2086
	"$SMART" merge -o "$TMP/st_merged" $list 2> "$TMP/st_err"
	got=$?
	if [ "$got_full" -eq "$want" ] && [ "$got" -eq "$want" ] && cmp -s "$TMP/st_merged" "$TMP/st_full"; then
		echo "ok - $name"
	else
		echo "not ok - $name (unsharded $got_full, merge $got, want $want)"
	fi
}
page='<html><body><p>same</p></body></html>'
: > "$TMP/same.jsonl"
for i in 1 2 3 4 5 6 7 8; do
	printf '{"app":"a","test":"t%s","format":"html","old":"%s","new":"%s"}\n' "$i" "$page" "$page" >> "$TMP/same.jsonl"
done
merge_status_is merge_exits_0_when_no_pair_needs_a_look 0 "$TMP/same.jsonl"
merge_status_is merge_exits_1_when_a_pair_is_inspect 1 "$CORPUS"
{ cat "$TMP/same.jsonl"; printf '{"app":"a","test":"broken","old":\n'; } > "$TMP/broken.jsonl"
merge_status_is merge_exits_2_when_a_pair_could_not_be_classified 2 "$TMP/broken.jsonl"
if [ "$(wc -l < "$TMP/st_err")" -eq 1 ] && grep -q 'could not be classified' "$TMP/st_err"; then
	echo "ok - merge_says_in_one_line_why_it_exits_2"
else
	echo "not ok - merge_says_in_one_line_why_it_exits_2"
fi

# Bad shard sets: one clear line, exit 2, nothing written.
for k in 1 2 3; do
	"$SMART" classify --json --shard "$k/3" --corpus "$CORPUS" > "$TMP/t$k"
done
expect_status merge_refuses_a_missing_shard 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/t3"
expect_one_error_line merge_names_the_missing_shard 'shard 2/3 is missing'
expect_status merge_refuses_a_shard_given_twice 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/t2" "$TMP/t2" "$TMP/t3"
expect_one_error_line merge_names_the_repeated_shard 'shard 2/3 given twice'
"$SMART" classify --json --xml --shard 2/3 --corpus "$CORPUS" > "$TMP/other"
expect_status merge_refuses_a_shard_of_another_run 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/other" "$TMP/t3"
expect_one_error_line merge_names_the_foreign_shard 'other: a shard of another run'
head -c 3000 "$TMP/t2" > "$TMP/cut"
expect_status merge_refuses_a_truncated_shard 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/cut" "$TMP/t3"
expect_one_error_line merge_names_the_truncated_shard 'cut: truncated'
"$SMART" classify --json --shard 2/4 --corpus "$CORPUS" > "$TMP/four"
expect_status merge_refuses_a_shard_of_another_count 2 "$SMART" merge -o "$TMP/none" "$TMP/t1" "$TMP/four" "$TMP/t3"
expect_one_error_line merge_names_the_shard_count 'four: shard 2/4, but .* one of 3 shards'
expect_status merge_refuses_plain_output 2 "$SMART" merge "$TMP/full.jsonl"
expect_one_error_line merge_says_plain_output_is_no_shard 'not a shard output'
if [ -e "$TMP/none" ]; then echo "not ok - merge_writes_nothing_when_it_refuses"; else
	echo "ok - merge_writes_nothing_when_it_refuses"; fi
expect_status classify_refuses_a_bad_shard 2 "$SMART" classify --json --shard 4/3 --corpus "$CORPUS"
expect_one_error_line classify_names_the_bad_shard "K must be 1..N"
expect_status classify_shard_needs_mergeable_output 2 "$SMART" classify --shard 1/2 --corpus "$CORPUS"
expect_one_error_line classify_shard_says_text_is_not_mergeable 'mergeable --json, --junit and --report'
# the changes view is filled in from the rows (the merge does it for shards)
if grep -q '<!--smart:changes-->' "$TMP/full.html" "$TMP/dirs.html" ||
	! grep -q '<section id="changes">' "$TMP/full.html"; then
	echo "not ok - plain_reports_have_their_changes_view_filled"
else
	echo "ok - plain_reports_have_their_changes_view_filled"
fi
if grep -q '<#' "$TMP/full.html" "$TMP/dirs.html"; then
	echo "not ok - plain_reports_have_no_placeholders"
else
	echo "ok - plain_reports_have_no_placeholders"
fi
finish
