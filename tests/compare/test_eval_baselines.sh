# smart eval --baselines / --comparator-features: the papers' comparators
# scored on the same pairs as smart.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"

expect_status "eval_baselines_list_runs" 0 "$SMART" eval --folds 4 --baselines N+I,C-WD,FragGen "$PAIRS"
expect_output "eval_baselines_row_for_each_comparator" '^TagNames\+ImptAttrs +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+'
expect_output "eval_baselines_row_for_fraggen" '^FragGen +[0-9.]+'
expect_output "eval_baselines_keeps_smart_row" '^smart +[0-9.]+'
# Rows are sorted by F1 (fourth column), best first.
if awk '/^comparator/{on=1; next} on && NF==0 {exit} on {f=$(NF-4); if (seen && f > last + 1e-9) bad=1; last=f; seen=1} END{exit bad}' "$TMP/out"; then
	echo "ok - eval_baselines_rows_sorted_by_f1"; else echo "not ok - eval_baselines_rows_sorted_by_f1"; fi
expect_status "eval_baselines_json" 0 "$SMART" eval --json --folds 4 --baselines N+I,Crawljax-Pipeline "$PAIRS"
expect_output "eval_baselines_json_names_comparators" '"baselines":\{"diff":.*"TagNames\+ImptAttrs":\{"precision":'
expect_output "eval_baselines_json_has_pipeline" '"Crawljax-Pipeline":\{"precision":'
expect_status "eval_comparator_features" 0 "$SMART" eval --folds 4 --baselines N+I,C-WD --comparator-features "$PAIRS"
expect_output "eval_comparator_features_row" '^smart\+comparators +[0-9.]+'
expect_output "eval_comparator_features_says_whether_it_helps" "^with the comparators' verdicts as extra features smart's F1 is [0-9.]+ \(without: [0-9.]+\)"
expect_status "eval_comparator_features_json" 0 "$SMART" eval --json --folds 4 --baselines N --comparator-features "$PAIRS"
expect_output "eval_comparator_features_json_key" '"smart\+comparators":\{"precision":'
expect_status "eval_unknown_baseline_is_trouble" 2 "$SMART" eval --baselines N+I,Nope "$PAIRS"
expect_one_error_line "eval_unknown_baseline_named" "unknown comparator 'Nope'"
expect_status "eval_compare_config_alone_is_usage_error" 2 "$SMART" eval --compare-config x.json "$PAIRS"
expect_status "eval_bad_compare_config_is_trouble" 2 "$SMART" eval --baselines all --compare-config "$FIX/compare/typo-config.json" "$PAIRS"
expect_one_error_line "eval_bad_compare_config_named" "typo-config.json: unknown key"
finish
