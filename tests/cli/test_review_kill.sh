# SIGKILL at any point of `smart review --accept-ignored` (issue 30): after
# each kill, over a spread of delays, no temporary file is left in the
# baseline folder, `smart classify` sees exactly the pairs it saw before,
# every baseline is whole (the old output or the new one, byte for byte),
# and every baseline that became the new output has its label (the label
# is appended before the baseline is replaced). The kills are spread over
# the accepts, after the classifying that comes first.
#
# A timed kill seldom lands in the one instant that leaves something: after
# the temporary file got its name and before it is renamed over the
# baseline. strace kills the review there on purpose (SIGKILL injected at
# the entry of the K-th rename, K over the accepts): the hidden
# .smart-tmp-PID-* file it leaves is not reported by classify or listed by
# review, and the next review of the folder removes it.
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
"$SMART" classify -q --app a "$TMP/s/old" "$TMP/s/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/pairs.want"

junk=0 window=0 temps=0 split=0 unlabelled=0 seen=0 landed=0
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
	[ -n "$(ls -A "$TMP/w/old" | grep -v '^p[0-9]*\.html$' | grep -v '^\.smart-tmp-')" ] &&
		junk=$((junk + 1))
	ls -A "$TMP/w/old" | grep -q '^\.smart-tmp-' && window=$((window + 1))
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
	"$SMART" classify -q --app a "$TMP/w/old" "$TMP/w/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/pairs.got"
	cmp -s "$TMP/pairs.got" "$TMP/pairs.want" || seen=$((seen + 1))
	"$SMART" review --accept-ignored -q --labels "$TMP/w/l.jsonl" "$TMP/w/old" "$TMP/w/new" \
		>/dev/null 2>&1
	[ -n "$(ls -A "$TMP/w/old" | grep -v '^p[0-9]*\.html$')" ] && temps=$((temps + 1))
	k=$((k + 1))
done
echo "# $landed of 12 kills fell among the accepts, $window between naming and renaming"
if [ $junk -eq 0 ]; then echo "ok - review_killed_leaves_nothing_but_a_hidden_temporary"; else
	echo "not ok - review_killed_leaves_nothing_but_a_hidden_temporary ($junk kills left other files)"; fi
if [ $temps -eq 0 ]; then echo "ok - review_killed_then_rerun_leaves_no_temporary_file"; else
	echo "not ok - review_killed_then_rerun_leaves_no_temporary_file ($temps runs left one)"; fi
if [ $split -eq 0 ]; then echo "ok - review_killed_leaves_every_baseline_whole"; else
	echo "not ok - review_killed_leaves_every_baseline_whole ($split baselines neither old nor new)"; fi
if [ $unlabelled -eq 0 ]; then echo "ok - review_killed_never_replaces_a_baseline_before_its_label"; else
	echo "not ok - review_killed_never_replaces_a_baseline_before_its_label ($unlabelled without)"; fi
if [ $seen -eq 0 ]; then echo "ok - review_killed_classify_sees_the_same_pairs"; else
	echo "not ok - review_killed_classify_sees_the_same_pairs ($seen kills changed them)"; fi

# ---- killed in the instant between naming the temporary and renaming it ---------
if ! strace -qq -o /dev/null true 2>/dev/null; then
	echo "ok - review_killed_before_rename_leaves_a_hidden_temporary # SKIP no strace (or no ptrace)"
	finish
	exit 0
fi
M=4
mkdir -p "$TMP/r/old" "$TMP/r/new"
i=1
while [ $i -le $M ]; do
	cp "$TMP/s/old/p$i.html" "$TMP/r/old/p$i.html"
	cp "$TMP/s/new/p$i.html" "$TMP/r/new/p$i.html"
	i=$((i + 1))
done
"$SMART" classify -q --app a "$TMP/r/old" "$TMP/r/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/rpairs.want"
hit=0 listed=0 seen=0 left=0 unlabelled=0 swept=0
k=1
while [ $k -le $M ]; do
	rm -rf "$TMP/x"
	cp -R "$TMP/r" "$TMP/x"
	# SIGKILL at the entry of the k-th rename of a baseline (renameat in
	# the baseline's folder; the labels file, written before it, is renamed
	# with rename: strace counts each call apart): k-1 accepts done, the
	# k-th temporary named and its label written, its baseline not yet
	# replaced.
	strace -f -qq -o /dev/null -e trace=renameat,renameat2 \
		-e inject=renameat,renameat2:signal=KILL:when=$k \
		"$SMART" review --accept-ignored -q --labels "$TMP/x/l.jsonl" "$TMP/x/old" "$TMP/x/new" \
		>/dev/null 2>&1
	[ "$(ls -A "$TMP/x/old" | grep -c '^\.smart-tmp-[0-9]*-[0-9a-f]*$')" -eq 1 ] && hit=$((hit + 1))
	[ "$(grep -c '"test"' "$TMP/x/l.jsonl" 2>/dev/null)" = "$k" ] || unlabelled=$((unlabelled + 1))
	"$SMART" classify "$TMP/x/old" "$TMP/x/new" >"$TMP/out" 2>"$TMP/err"
	grep -q smart-tmp "$TMP/out" "$TMP/err" && seen=$((seen + 1))
	"$SMART" classify -q --app a "$TMP/x/old" "$TMP/x/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/rpairs.got"
	cmp -s "$TMP/rpairs.got" "$TMP/rpairs.want" || seen=$((seen + 1))
	"$SMART" review --list --all "$TMP/x/old" "$TMP/x/new" >"$TMP/out" 2>"$TMP/err"
	grep -q smart-tmp "$TMP/out" "$TMP/err" && listed=$((listed + 1))
	"$SMART" review --accept-ignored --labels "$TMP/x/l.jsonl" "$TMP/x/old" "$TMP/x/new" \
		>"$TMP/out" 2>"$TMP/err"
	grep -q '^smart: removed 1 temporary file a killed review left' "$TMP/err" && swept=$((swept + 1))
	[ -n "$(ls -A "$TMP/x/old" | grep -v '^p[0-9]*\.html$')" ] && left=$((left + 1))
	k=$((k + 1))
done
if [ $hit -eq $M ]; then echo "ok - review_killed_before_rename_leaves_a_hidden_temporary"; else
	echo "not ok - review_killed_before_rename_leaves_a_hidden_temporary ($hit of $M kills)"; fi
if [ $unlabelled -eq 0 ]; then echo "ok - review_killed_before_rename_has_written_the_label"; else
	echo "not ok - review_killed_before_rename_has_written_the_label ($unlabelled kills)"; fi
if [ $seen -eq 0 ]; then echo "ok - classify_does_not_report_a_killed_reviews_temporary"; else
	echo "not ok - classify_does_not_report_a_killed_reviews_temporary ($seen kills)"; fi
if [ $listed -eq 0 ]; then echo "ok - review_does_not_list_a_killed_reviews_temporary"; else
	echo "not ok - review_does_not_list_a_killed_reviews_temporary ($listed kills)"; fi
if [ $swept -eq $M ] && [ $left -eq 0 ]; then echo "ok - next_review_removes_a_killed_reviews_temporary"; else
	echo "not ok - next_review_removes_a_killed_reviews_temporary (said so $swept of $M, $left left one)"; fi

# check_ NAME COMMAND...: ok when the command succeeds.
check_() { name=$1; shift; if "$@" >/dev/null 2>&1; then echo "ok - $name"; else echo "not ok - $name"; fi; }

# ---- killed before the labels' rename (cli/review_files.c) -----------------------
# The label is written to a temporary file beside the labels, under the
# folder's lock, and renamed over them: killed at the k-th such rename,
# the labels hold the k-1 earlier records whole, the temporary is
# left, and the next writer of that folder, holding the lock, removes it.
k=2
rm -rf "$TMP/x"
cp -R "$TMP/r" "$TMP/x"
strace -f -qq -o /dev/null -e trace=rename -e inject=rename:signal=KILL:when=$k \
	"$SMART" review --accept-ignored -q --labels "$TMP/x/l.jsonl" "$TMP/x/old" "$TMP/x/new" \
	>/dev/null 2>&1
check_ labels_killed_at_their_rename_leave_a_temporary \
	test "$(ls -A "$TMP/x" | grep -c '^\.smart-tmp-review-')" -eq 1
check_ labels_killed_at_their_rename_hold_the_earlier_records_whole \
	sh -c "[ \$(grep -c '\"test\"' '$TMP/x/l.jsonl') = $((k - 1)) ] && python3 -c '
import json, sys
for line in open(sys.argv[1]): json.loads(line)' '$TMP/x/l.jsonl'"
"$SMART" review --accept-ignored -q --labels "$TMP/x/l.jsonl" "$TMP/x/old" "$TMP/x/new" \
	>/dev/null 2>&1
check_ next_labels_writer_removes_the_killed_temporary \
	test "$(ls -A "$TMP/x" | grep -c '^\.smart-tmp-review-')" -eq 0
check_ next_labels_writer_keeps_every_record \
	test "$(grep -c '"test"' "$TMP/x/l.jsonl")" -ge $M

# ---- a label appended while a review by change rewrites the file ---------------
# A stand-in for `review --by-change` holds the labels folder's lock, reads
# the labels, and after a while renames its rewrite over them; a
# pair-by-pair review started meanwhile waits for the lock and appends to
# the rewritten file, so that neither loses the other's records.
rm -rf "$TMP/y"
mkdir -p "$TMP/y"
cp -R "$TMP/r/old" "$TMP/r/new" "$TMP/y/"
printf '{"note":"earlier"}\n' > "$TMP/y/l.jsonl"
python3 - "$TMP/y" <<'PY' &
import fcntl, os, sys, time
d = sys.argv[1]
fd = os.open(d, os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
open(d + "/started", "w").close()
text = open(d + "/l.jsonl").read() + '{"note":"rewritten"}\n'
time.sleep(1.5)
with open(d + "/.smart-tmp-review-standin", "w") as f:
    f.write(text)
os.rename(d + "/.smart-tmp-review-standin", d + "/l.jsonl")
fcntl.flock(fd, fcntl.LOCK_UN)
PY
standin=$!
i=0
while [ ! -e "$TMP/y/started" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
"$SMART" review --accept-ignored -q --labels "$TMP/y/l.jsonl" "$TMP/y/old" "$TMP/y/new" >/dev/null 2>&1
wait $standin
check_ label_appended_during_a_rewrite_is_kept \
	test "$(grep -c '"test"' "$TMP/y/l.jsonl")" -eq $M
check_ rewrite_during_an_append_is_kept \
	sh -c "grep -q rewritten '$TMP/y/l.jsonl' && grep -q earlier '$TMP/y/l.jsonl'"
finish
