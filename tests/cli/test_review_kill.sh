# SIGKILL at any point of `smart review --accept-ignored` (issue 30): after
# each kill, over a spread of delays, no temporary file is left in the
# baseline folder, `smart classify` sees exactly the pairs it saw before,
# every baseline is whole (the old output or the new one, byte for byte),
# and every baseline that became the new output has its label (the label
# is appended before the baseline is replaced). The kills are spread over
# the accepts, after the classifying that comes first.
. "$(dirname "$0")/lib.sh"
EX="$(cd "$(dirname "$0")/../.." && pwd)/examples"
N=80
mkdir -p "$TMP/s/old" "$TMP/s/new"
i=1
while [ $i -le $N ]; do
	cp "$EX/timestamp-change/old.html" "$TMP/s/old/p$i.html"
	cp "$EX/timestamp-change/new.html" "$TMP/s/new/p$i.html"
	i=$((i + 1))
done

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# How long one whole run takes, so that the kills fall all along it.
cp -R "$TMP/s" "$TMP/w"
start=$(now_ms)
"$SMART" review --accept-ignored -q --labels "$TMP/w/l.jsonl" "$TMP/w/old" "$TMP/w/new" >/dev/null 2>&1
whole=$(($(now_ms) - start))
# ... and how much of it is classifying (the accepts come after).
start=$(now_ms)
"$SMART" review --list -q "$TMP/s/old" "$TMP/s/new" >/dev/null 2>&1
list=$(($(now_ms) - start))
[ "$list" -lt "$whole" ] || list=$((whole / 2))
echo "# one run takes ${whole} ms, ${list} ms of it classifying"
"$SMART" classify -q "$TMP/s/old" "$TMP/s/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/pairs.want"

temps=0 split=0 unlabelled=0 seen=0 landed=0
k=1
while [ $k -le 12 ]; do
	rm -rf "$TMP/w"
	cp -R "$TMP/s" "$TMP/w"
	delay=$((list * 9 / 10 + (whole - list * 9 / 10) * k / 12))
	"$SMART" review --accept-ignored -q --labels "$TMP/w/l.jsonl" "$TMP/w/old" "$TMP/w/new" \
		>/dev/null 2>&1 &
	pid=$!
	sleep "$(awk -v ms="$delay" 'BEGIN { printf "%.3f", ms / 1000 }')"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ -n "$(ls -A "$TMP/w/old" | grep -v '^p[0-9]*\.html$')" ] && temps=$((temps + 1))
	touch "$TMP/w/l.jsonl"
	accepted=0
	i=1
	while [ $i -le $N ]; do
		if cmp -s "$TMP/w/old/p$i.html" "$TMP/s/new/p$i.html"; then
			accepted=$((accepted + 1))
			grep -q "\"test\":\"p$i.html\"" "$TMP/w/l.jsonl" || unlabelled=$((unlabelled + 1))
		elif ! cmp -s "$TMP/w/old/p$i.html" "$TMP/s/old/p$i.html"; then
			split=$((split + 1))
		fi
		i=$((i + 1))
	done
	[ "$accepted" -gt 0 ] && [ "$accepted" -lt $N ] && landed=$((landed + 1))
	"$SMART" classify -q "$TMP/w/old" "$TMP/w/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/pairs.got"
	cmp -s "$TMP/pairs.got" "$TMP/pairs.want" || seen=$((seen + 1))
	k=$((k + 1))
done
echo "# $landed of 12 kills fell among the accepts"
if [ $temps -eq 0 ]; then echo "ok - review_killed_leaves_no_temporary_file"; else
	echo "not ok - review_killed_leaves_no_temporary_file ($temps kills left one)"; fi
if [ $split -eq 0 ]; then echo "ok - review_killed_leaves_every_baseline_whole"; else
	echo "not ok - review_killed_leaves_every_baseline_whole ($split baselines neither old nor new)"; fi
if [ $unlabelled -eq 0 ]; then echo "ok - review_killed_never_replaces_a_baseline_before_its_label"; else
	echo "not ok - review_killed_never_replaces_a_baseline_before_its_label ($unlabelled without)"; fi
if [ $seen -eq 0 ]; then echo "ok - review_killed_classify_sees_the_same_pairs"; else
	echo "not ok - review_killed_classify_sees_the_same_pairs ($seen kills changed them)"; fi
finish
