# smart review --accept-ignored over many pairs (cli/review_bulk.c): the
# labels of all of them go to the labels file in one atomic rewrite before
# any baseline is replaced, so the cost grows with the pairs. Labelling
# each pair by rewriting the whole file (as the one-pair review does) read
# and wrote a file growing by two pages per pair: quadratic. Timed on the
# release binary ($SMART_RELEASE), as CPU seconds of 8x the pairs against
# the pairs (linear: about 8x; quadratic: up to 64x), never a bare time.
. "$(dirname "$0")/lib.sh"
: "${SMART_RELEASE:?SMART_RELEASE must name the release binary (run through make test)}"

# suite DIR N: N pairs of pages of about 10 KB whose only difference is the
# date of their footer (smart ignores them; they are not identical).
suite() {
	mkdir -p "$1/old" "$1/new"
	awk -v dir="$1" -v n="$2" 'BEGIN {
		for (p = 0; p < n; p++) {
			for (side = 0; side < 2; side++) {
				f = dir "/" (side ? "new" : "old") "/page" p ".html"
				print "<html><body><h1>Report " p "</h1><table>" > f
				for (i = 0; i < 120; i++)
					print "<tr><td>item " i " of report " p "</td><td>the same words on every run</td></tr>" > f
				print "</table><footer>Generated on " (side ? "2024-07-15 18:42:08" : "2024-03-01 10:00:00") "</footer></body></html>" > f
				close(f)
			}
		}
	}'
}
suite "$TMP/small" 100
suite "$TMP/large" 800

# cpu_seconds DIR: user + system CPU seconds of accepting DIR's ignored
# pairs, in DIR (999 when it runs past two minutes)
cpu_seconds() {
	rm -f "$TMP/time"
	(cd "$1" && timeout -s KILL 120 /usr/bin/time -f '%U %S' -o "$TMP/time" \
		"$SMART_RELEASE" review --accept-ignored --quiet old new >"$TMP/out" 2>"$TMP/err")
	if [ -s "$TMP/time" ] && ! grep -q 'signal' "$TMP/time"; then
		awk '{ print $1 + $2 }' "$TMP/time"
	else
		echo 999
	fi
}

# a labels file there before: its record is kept
mkdir -p "$TMP/large/.smart"
printf '{"app":"x","test":"t.html","old":"<p>a</p>","new":"<p>b</p>","label":"inspect","origin":"review"}\n' \
	> "$TMP/large/.smart/labels.jsonl"
small=$(cpu_seconds "$TMP/small")
large=$(cpu_seconds "$TMP/large")
echo "# accept-ignored: 100 pairs $small s, 800 pairs $large s (CPU)"

check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else echo "not ok - $name"; fi
}
check accept_ignored_labels_every_pair_once [ "$(wc -l < "$TMP/large/.smart/labels.jsonl")" = 801 ]
check accept_ignored_keeps_the_labels_there_before \
	[ "$(head -n 1 "$TMP/large/.smart/labels.jsonl" | grep -c '"test":"t.html"')" = 1 ]
check accept_ignored_labels_are_whole_records python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert all(r["label"] == "ignore" and r["origin"] == "review" for r in rows[1:])
assert sorted(r["test"] for r in rows[1:]) == sorted("page%d.html" % p for p in range(800))' \
	"$TMP/large/.smart/labels.jsonl"
check accept_ignored_replaces_every_baseline diff -r "$TMP/large/old" "$TMP/large/new"
check accept_ignored_leaves_no_temporary_file \
	[ -z "$(find "$TMP/large" -name '.smart-tmp-*')" ]
# 8 times the pairs: linear is about 8x; allow 16x (start-up, a loaded
# machine), far below the up to 64x of rewriting the labels per pair.
if awk -v s="$small" -v l="$large" 'BEGIN { exit !(l <= 16 * (s > 0.05 ? s : 0.05)) }'; then
	echo "ok - accepting_8x_the_ignored_pairs_costs_at_most_16x"
else
	echo "not ok - accepting_8x_the_ignored_pairs_costs_at_most_16x ($large s against $small s)"
fi
finish
