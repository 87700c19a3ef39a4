# smart perturb on the fixture pages: labels, determinism, overrides, trouble.
. "$(dirname "$0")/../cli/lib.sh"

P="$FIX/perturb/pages"

check() {
	name=$1; shift
	if "$@" >/dev/null 2>&1; then echo "ok - $name"; else echo "not ok - $name"; fi
}

# count_lines PATTERN FILE: how many lines match.
count_lines() { grep -c -- "$1" "$2"; }

expect_status "perturb_all_operators_runs" 0 "$SMART" perturb --in "$P" -n 40 --seed 3 --json -o "$TMP/a.jsonl"
expect_output "perturb_summary_counts_pairs" '"pairs":40'
expect_output "perturb_summary_counts_unreadable_page" '"unreadable":1'
check "perturb_writes_n_records" test "$(wc -l <"$TMP/a.jsonl")" -eq 40
check "perturb_records_have_origin_perturb" test "$(count_lines '"origin":"perturb"' "$TMP/a.jsonl")" -eq 40
check "perturb_records_name_app_from_folder" test "$(count_lines '^{"app":"pages","test":"\(shop.html\|feed.xml\)"' "$TMP/a.jsonl")" -eq 40
check "perturb_change_operators_are_inspect" sh -c "! grep -E '\"label\":\"ignore\",\"origin\":\"perturb\",\"note\":\"(attr-delete|attr-change|attr-add|tag-rename|tag-unwrap|subtree|text-change|text-delete)' '$TMP/a.jsonl'"
check "perturb_formatting_operators_are_ignore" sh -c "! grep -E '\"label\":\"inspect\",\"origin\":\"perturb\",\"note\":\"(reindent|attr-order|attr-quote|self-close|tag-case|text-date)' '$TMP/a.jsonl'"
expect_status "perturb_runs_again" 0 "$SMART" perturb --in "$P" -n 40 --seed 3 -o "$TMP/b.jsonl"
check "perturb_same_seed_same_pairs" cmp "$TMP/a.jsonl" "$TMP/b.jsonl"
expect_status "perturb_other_seed_runs" 0 "$SMART" perturb --in "$P" -n 40 --seed 4 -o "$TMP/c.jsonl"
check "perturb_other_seed_other_pairs" sh -c "! cmp -s '$TMP/a.jsonl' '$TMP/c.jsonl'"

printf '{"attr-delete": "ignore"}\n' >"$TMP/labels.json"
expect_status "perturb_labels_override_runs" 0 "$SMART" perturb --in "$P" --operators attr-delete,reindent -n 6 --labels "$TMP/labels.json" -o "$TMP/d.jsonl"
check "perturb_labels_override_changes_label" test "$(count_lines '"label":"ignore","origin":"perturb","note":"attr-delete' "$TMP/d.jsonl")" -ge 1
check "perturb_labels_override_only_named_operators" sh -c "! grep -q '\"label\":\"inspect\"' '$TMP/d.jsonl'"
check "perturb_operator_list_is_respected" test "$(grep -c -E '"note":"(attr-delete|reindent) ' "$TMP/d.jsonl")" -eq 6

expect_status "perturb_unknown_operator_is_usage_error" 2 "$SMART" perturb --in "$P" --operators frob -o "$TMP/x.jsonl"
expect_one_error_line "perturb_unknown_operator_named" "unknown operator 'frob'"
printf '{"attr-delete": "sometimes"}' >"$TMP/bad.json"
expect_status "perturb_bad_labels_is_trouble" 2 "$SMART" perturb --in "$P" --labels "$TMP/bad.json" -o "$TMP/x.jsonl"
expect_one_error_line "perturb_bad_labels_names_file" "bad.json: label of 'attr-delete'"
expect_status "perturb_missing_folder_is_trouble" 2 "$SMART" perturb --in "$TMP/nowhere" -o "$TMP/x.jsonl"
expect_one_error_line "perturb_missing_folder_named" "nowhere"
check "perturb_trouble_writes_nothing" sh -c "! test -e '$TMP/x.jsonl'"
expect_status "perturb_help" 0 "$SMART" perturb -h
expect_output "perturb_help_lists_operator_labels" '^  text-date +ignore'
finish
