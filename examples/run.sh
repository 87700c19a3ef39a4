#!/bin/sh
# The main job of `make run`: classifies each example pair (examples/NAME/old.html
# against examples/NAME/new.html) with the default model compiled into smart,
# and prints one row per pair: the decision, the score and the features that
# moved the score most.
SMART=${1:-build/release/smart}
DIR=$(dirname "$0")
cutoff=""
printf '%-20s %-8s %9s  %s\n' "example" "decision" "score" "top features (weight x value)"
printf '%-20s %-8s %9s  %s\n' "-------" "--------" "-----" "-----------------------------"
for pair in "$DIR"/*/; do
	name=$(basename "$pair")
	[ -f "$pair/old.html" ] && [ -f "$pair/new.html" ] || continue
	out=$("$SMART" classify --top 3 "$pair/old.html" "$pair/new.html" 2>&1)
	status=$?
	if [ "$status" -eq 2 ]; then
		printf '%-20s %-8s %9s  %s\n' "$name" "error" "-" "$out"
		continue
	fi
	echo "$out" | awk -v name="$name" '
		NR == 1 { decision = $1 }
		NR == 2 { score = $2; sub(/,$/, "", score); cut = $NF; cmp = $(NF - 1) }
		NR > 3 && NF >= 2 { top = top (top ? ", " : "") $1 " " $2 }
		END {
			if (top == "") top = "(none)"
			printf "%-20s %-8s %9.4f  %s\n", name, decision, score, top
			print cmp " " cut > "/dev/stderr"
		}' 2>"${TMPDIR:-/tmp}/smart-run-cutoff.$$"
	cutoff=$(cat "${TMPDIR:-/tmp}/smart-run-cutoff.$$")
	rm -f "${TMPDIR:-/tmp}/smart-run-cutoff.$$"
done
echo
echo "inspect when score $cutoff (default model; see build/default_model.txt for how it was trained)"
