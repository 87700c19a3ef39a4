#!/bin/sh
# The main job of `make run`: classifies each example pair (examples/NAME/old.html
# against examples/NAME/new.html, or old.xml against new.xml) with the default
# model compiled into smart,
# and prints one row per pair: the decision, the answer a careful tester would
# give (examples/NAME/expected), the score and the features that moved the
# score most; then how often the two agree, so a model that has drifted from
# what the examples show is visible at a glance.
SMART=${1:-build/release/smart}
DIR=$(dirname "$0")
cutoff=""
total=0
agree=0
printf '%-20s %-8s %-8s %9s  %s\n' "example" "decision" "expected" "score" "top features (weight x value)"
printf '%-20s %-8s %-8s %9s  %s\n' "-------" "--------" "--------" "-----" "-----------------------------"
for pair in "$DIR"/*/; do
	name=$(basename "$pair")
	ext=html
	[ -f "$pair/old.xml" ] && ext=xml
	[ -f "$pair/old.$ext" ] && [ -f "$pair/new.$ext" ] || continue
	expected=$(cat "$pair/expected" 2>/dev/null || echo "-")
	out=$("$SMART" classify --top 3 "$pair/old.$ext" "$pair/new.$ext" 2>&1)
	status=$?
	total=$((total + 1))
	if [ "$status" -eq 2 ]; then
		printf '%-20s %-8s %-8s %9s  %s\n' "$name" "error" "$expected" "-" "$out"
		continue
	fi
	if { [ "$status" -eq 1 ] && [ "$expected" = inspect ]; } ||
	   { [ "$status" -eq 0 ] && [ "$expected" = ignore ]; }; then
		agree=$((agree + 1))
	fi
	echo "$out" | awk -v name="$name" -v expected="$expected" '
		NR == 1 { decision = $1 }
		NR == 2 { score = $2; sub(/,$/, "", score); cut = $NF; cmp = $(NF - 1) }
		/^(every difference is (a volatile value|volatile or presentational)|(volatile values|volatile values and presentation) discounted): / {
			volatile = $0; sub(/^[^:]*: /, "", volatile); next }
		/^features that moved/ { listing = 1; next }
		listing && NF >= 2 { top = top (top ? ", " : "") $1 " " $2 }
		END {
			if (top == "") top = "(none)"
			if (volatile != "") top = "discounted: " volatile (listing && top != "(none)" ? "; " top : "")
			printf "%-20s %-8s %-8s %9.4f  %s\n", name, decision, expected, score, top
			print cmp " " cut > "/dev/stderr"
		}' 2>"${TMPDIR:-/tmp}/smart-run-cutoff.$$"
	cutoff=$(cat "${TMPDIR:-/tmp}/smart-run-cutoff.$$")
	rm -f "${TMPDIR:-/tmp}/smart-run-cutoff.$$"
done
echo
echo "the default model agrees with the expected answer on $agree of $total examples"
echo "inspect when score $cutoff (default model; see build/default_model.txt for how it was trained)"
