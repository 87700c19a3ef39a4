# SIGKILL at any point of `smart review --accept-ignored` (issues 30, 32):
# after each kill, over a spread of delays, no temporary file is left in
# the baseline folder but smart's hidden one, `smart classify` sees
# exactly the pairs it saw before, every baseline is whole (the old output
# or the new one, byte for byte), the labels (.smart/labels.jsonl) are
# whole records, and every baseline that became the new output has its
# label (all labels are written, in one rewrite, before any baseline is
# replaced). The kills are spread over the accepts, after the classifying
# that comes first; the next review removes what a kill left.
#
# A timed kill seldom lands in the instants that leave something: after a
# temporary file got its name and before it is renamed over the labels or
# a baseline. strace kills the review there on purpose: SIGKILL injected
# at the entry of the K-th call of the rename family (rename, renameat,
# renameat2: whichever the C library uses on this machine), K over every
# rename the review makes -- the labels' first, then each baseline's. The
# same promises are checked after each, without assuming which call is
# which: a hidden temporary is left (beside the labels or the baseline),
# not reported by classify or listed by review, and removed by the next
# review.
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

# whole_labels FILE: every line of the labels is a whole JSON record.
whole_labels() {
	python3 -c 'import json, sys
for line in open(sys.argv[1]): json.loads(line)' "$1" 2>/dev/null
}

junk=0 window=0 temps=0 split=0 unlabelled=0 seen=0 landed=0 broken=0
k=1
while [ $k -le 12 ]; do
	rm -rf "$TMP/w"
	cp -R "$TMP/s" "$TMP/w"
	delay=$((list * 9 / 10 + (whole - list * 9 / 10) * k / 12))
	(cd "$TMP/w" && exec "$SMART" review --accept-ignored -q old new >/dev/null 2>&1) &
	pid=$!
	sleep "$(awk -v ms="$delay" 'BEGIN { printf "%.3f", ms / 1000 }')"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ -n "$(ls -A "$TMP/w/old" | grep -v '^p[0-9]*\.html$' | grep -v '^\.smart-tmp-')" ] &&
		junk=$((junk + 1))
	ls -A "$TMP/w/old" "$TMP/w/.smart" 2>/dev/null | grep -q '^\.smart-tmp-' && window=$((window + 1))
	mkdir -p "$TMP/w/.smart"
	touch "$TMP/w/.smart/labels.jsonl"
	whole_labels "$TMP/w/.smart/labels.jsonl" || broken=$((broken + 1))
	accepted=0
	i=1
	while [ $i -le $N ]; do
		if cmp -s "$TMP/w/old/p$i.html" "$TMP/s/new/p$i.html"; then
			accepted=$((accepted + 1))
			grep -q "\"test\":\"p$i.html\"" "$TMP/w/.smart/labels.jsonl" || unlabelled=$((unlabelled + 1))
		elif ! cmp -s "$TMP/w/old/p$i.html" "$TMP/s/old/p$i.html"; then
			split=$((split + 1))
		fi
		i=$((i + 1))
	done
	[ "$accepted" -gt 0 ] && [ "$accepted" -lt $N ] && landed=$((landed + 1))
	"$SMART" classify -q --app a "$TMP/w/old" "$TMP/w/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/pairs.got"
	cmp -s "$TMP/pairs.got" "$TMP/pairs.want" || seen=$((seen + 1))
	(cd "$TMP/w" && "$SMART" review --accept-ignored -q old new >/dev/null 2>&1)
	[ -n "$(ls -A "$TMP/w/old" | grep -v '^p[0-9]*\.html$')" ] && temps=$((temps + 1))
	ls -A "$TMP/w/.smart" | grep -q '^\.smart-tmp-' && temps=$((temps + 1))
	whole_labels "$TMP/w/.smart/labels.jsonl" || broken=$((broken + 1))
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
if [ $broken -eq 0 ]; then echo "ok - review_killed_leaves_the_labels_whole_records"; else
	echo "not ok - review_killed_leaves_the_labels_whole_records ($broken times not)"; fi

# ---- killed in the instants between naming a temporary and renaming it -----------
if ! strace -qq -o /dev/null true 2>/dev/null; then
	echo "ok - review_killed_before_each_rename_leaves_a_hidden_temporary # SKIP no strace (or no ptrace)"
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
mkdir -p "$TMP/r/.smart"
printf '{"app":"x","test":"earlier.html","old":"<p>a</p>","new":"<p>b</p>","label":"inspect","origin":"review"}\n' \
	> "$TMP/r/.smart/labels.jsonl"
"$SMART" classify -q --app a "$TMP/r/old" "$TMP/r/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/rpairs.want"
# How many rename-family calls one review makes (the labels' and each
# baseline's), whatever names the C library gives them here.
rm -rf "$TMP/x"
cp -R "$TMP/r" "$TMP/x"
(cd "$TMP/x" && strace -f -qq -o "$TMP/calls" -e trace=/^rename \
	"$SMART" review --accept-ignored -q old new >/dev/null 2>&1)
calls=$(grep -c 'rename' "$TMP/calls")
echo "# one review makes $calls rename calls: $(sed 's/^[0-9]* *//; s/(.*//' "$TMP/calls" | sort | uniq -c | tr -s ' \n' ' ')"
hit=0 kills=0 listed=0 seen=0 left=0 unlabelled=0 swept=0 split=0 broken=0 lost=0
# killed_at SYSCALL K: a fresh copy of $TMP/r in $TMP/x, reviewed under
# strace, killed at the entry of the K-th call of SYSCALL (strace counts
# each system call apart); status 0 when the kill landed.
killed_at() {
	rm -rf "$TMP/x"
	cp -R "$TMP/r" "$TMP/x"
	# strace dies of the signal its tracee died of: the shell around it
	# says "Killed" to its own stderr, thrown away here
	( (cd "$TMP/x" && exec strace -f -qq -o /dev/null -e trace="/^$1\$" \
		-e inject="/^$1\$:signal=KILL:when=$2" \
		"$SMART" review --accept-ignored -q old new >/dev/null 2>&1) ) 2>/dev/null
	[ $? -eq 137 ]
}
for call in rename renameat renameat2; do
	k=1
	while [ $k -le $((calls + 1)) ] && killed_at "$call" "$k"; do
		kills=$((kills + 1))
		# a hidden temporary left, beside the labels or a baseline
		[ "$(ls -A "$TMP/x/old" "$TMP/x/.smart" | grep -c '^\.smart-tmp-')" -eq 1 ] && hit=$((hit + 1))
		whole_labels "$TMP/x/.smart/labels.jsonl" || broken=$((broken + 1))
		grep -q '"test":"earlier.html"' "$TMP/x/.smart/labels.jsonl" || lost=$((lost + 1))
		i=1
		while [ $i -le $M ]; do
			if cmp -s "$TMP/x/old/p$i.html" "$TMP/r/new/p$i.html"; then
				grep -q "\"test\":\"p$i.html\"" "$TMP/x/.smart/labels.jsonl" || unlabelled=$((unlabelled + 1))
			elif ! cmp -s "$TMP/x/old/p$i.html" "$TMP/r/old/p$i.html"; then
				split=$((split + 1))
			fi
			i=$((i + 1))
		done
		"$SMART" classify "$TMP/x/old" "$TMP/x/new" >"$TMP/out" 2>"$TMP/err"
		grep -q smart-tmp "$TMP/out" "$TMP/err" && seen=$((seen + 1))
		"$SMART" classify -q --app a "$TMP/x/old" "$TMP/x/new" 2>/dev/null | awk '{ print $NF }' | sort > "$TMP/rpairs.got"
		cmp -s "$TMP/rpairs.got" "$TMP/rpairs.want" || seen=$((seen + 1))
		"$SMART" review --list --all "$TMP/x/old" "$TMP/x/new" >"$TMP/out" 2>"$TMP/err"
		grep -q smart-tmp "$TMP/out" "$TMP/err" && listed=$((listed + 1))
		(cd "$TMP/x" && "$SMART" review --accept-ignored -q old new >"$TMP/out" 2>"$TMP/err")
		[ -z "$(find "$TMP/x" -name '.smart-tmp-*')" ] &&
			[ "$(grep -c '"test"' "$TMP/x/.smart/labels.jsonl")" -ge $((M + 1)) ] &&
			swept=$((swept + 1))
		[ -n "$(ls -A "$TMP/x/old" | grep -v '^p[0-9]*\.html$')" ] && left=$((left + 1))
		k=$((k + 1))
	done
done
echo "# $kills kills at a rename call, $hit of them left a hidden temporary"
if [ "$calls" -eq $((M + 1)) ] && [ $kills -eq "$calls" ] && [ $hit -eq $kills ]; then
	echo "ok - review_killed_before_each_rename_leaves_a_hidden_temporary"; else
	echo "not ok - review_killed_before_each_rename_leaves_a_hidden_temporary ($calls calls, $kills kills, $hit left one)"; fi
if [ $unlabelled -eq 0 ] && [ $split -eq 0 ]; then echo "ok - review_killed_before_a_rename_never_replaces_a_baseline_before_its_label"; else
	echo "not ok - review_killed_before_a_rename_never_replaces_a_baseline_before_its_label ($unlabelled unlabelled, $split split)"; fi
if [ $broken -eq 0 ] && [ $lost -eq 0 ]; then echo "ok - review_killed_before_a_rename_leaves_the_labels_whole"; else
	echo "not ok - review_killed_before_a_rename_leaves_the_labels_whole ($broken broken, $lost lost the earlier record)"; fi
if [ $seen -eq 0 ]; then echo "ok - classify_does_not_report_a_killed_reviews_temporary"; else
	echo "not ok - classify_does_not_report_a_killed_reviews_temporary ($seen kills)"; fi
if [ $listed -eq 0 ]; then echo "ok - review_does_not_list_a_killed_reviews_temporary"; else
	echo "not ok - review_does_not_list_a_killed_reviews_temporary ($listed kills)"; fi
if [ $swept -eq $kills ] && [ $left -eq 0 ]; then echo "ok - next_review_removes_a_killed_reviews_temporary_and_labels_every_pair"; else
	echo "not ok - next_review_removes_a_killed_reviews_temporary_and_labels_every_pair ($swept of $kills, $left left one)"; fi

# check_ NAME COMMAND...: ok when the command succeeds.
check_() { name=$1; shift; if "$@" >/dev/null 2>&1; then echo "ok - $name"; else echo "not ok - $name"; fi; }

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
