# The error for an unknown scrubber name (scrub/scrubber_names.c) lists
# exactly the scrubbers `smart scrubbers` prints, in its order: the list
# is read from the registry, so it cannot go stale when one is added.
. "$(dirname "$0")/../cli/lib.sh"

"$SMART" scrubbers >"$TMP/list" 2>&1
listed=$(awk 'NR > 1 { printf "%s%s", sep, $1; sep = ", " }' "$TMP/list")

for cmd in train eval; do
	expect_status "${cmd}_refuses_an_unknown_scrubber" 2 "$SMART" "$cmd" --scrubbers values,nosuch x y
	expect_one_error_line "${cmd}_unknown_scrubber_error_is_one_line" "no scrubber called 'nosuch'"
	known=$(sed -n 's/.*(known: \([^)]*\)).*/\1/p' "$TMP/err")
	if [ -n "$listed" ] && [ "$known" = "$listed" ]; then
		echo "ok - ${cmd}_unknown_scrubber_error_lists_what_smart_scrubbers_prints"
	else
		echo "not ok - ${cmd}_unknown_scrubber_error_lists_what_smart_scrubbers_prints"
		echo "#   error:    $known"
		echo "#   scrubbers: $listed"
	fi
done
finish
