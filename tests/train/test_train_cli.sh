# smart train and smart eval from the command line.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"

expect_status "train_help_is_usage" 0 "$SMART" train -h
expect_output "train_help_mentions_output" '^usage: smart train -o MODEL.json'
# each option's text stands under it: --folds' under --folds, not under
# --raw (issue 32)
if awk '/^  --folds K/ { o = "folds" } /^  --raw/ { o = "raw" } /^  --scrubbers/ { o = "" }
	o == "folds" { f = f $0 } o == "raw" { r = r $0 }
	END { exit !(f ~ /cross-validate/ && f ~ /0 skips it/ && r ~ /original pipeline/ &&
		     r !~ /fold|cross-valid/) }' "$TMP/out"; then
	echo "ok - train_help_prints_each_options_text_under_it"
else
	echo "not ok - train_help_prints_each_options_text_under_it"
fi
expect_status "train_without_output_is_usage_error" 2 "$SMART" train "$PAIRS"
expect_one_error_line "train_without_output_says_so" '-o MODEL.json is required'

expect_status "train_fits_a_model" 0 "$SMART" train --folds 3 -o "$TMP/m.json" "$PAIRS"
expect_output "train_prints_anova_header" '^feature +coefficient +F +p'
expect_output "train_prints_cutoff" '^inspect when score (>=|<=) '
expect_output "train_prints_cross_validated_f1" '3-fold cross-validated F1'
if grep -Eq '"format":[[:space:]]*"smart-model"' "$TMP/m.json" && grep -Eq '"kind":[[:space:]]*"linear"' "$TMP/m.json"; then
	echo "ok - train_writes_a_linear_model_file"; else echo "not ok - train_writes_a_linear_model_file"; fi

expect_status "train_svm_fits" 0 "$SMART" train --kind svm --folds 0 -o "$TMP/svm.json" "$PAIRS"
if grep -Eq '"kind":[[:space:]]*"svm"' "$TMP/svm.json"; then echo "ok - train_svm_writes_svm_model"; else echo "not ok - train_svm_writes_svm_model"; fi

expect_status "train_json_output" 0 "$SMART" train --json --folds 0 -o "$TMP/m2.json" "$PAIRS"
expect_output "train_json_has_features" '^\{"model":.*"features":\[\{"name":"'

# A bad record: one line naming file and line, exit 2, no model written.
{ head -n 3 "$PAIRS"; echo '{"app":"x","test":"t","old":"<p>a</p>","new":"<p>b</p>","label":"perhaps"}'; tail -n +4 "$PAIRS"; } >"$TMP/bad.jsonl"
expect_status "train_bad_record_is_trouble" 2 "$SMART" train -o "$TMP/bad-model.json" "$TMP/bad.jsonl"
expect_one_error_line "train_bad_record_names_its_line" 'bad\.jsonl:4: .label. must be'
if [ ! -e "$TMP/bad-model.json" ]; then echo "ok - train_bad_record_writes_no_model"; else echo "not ok - train_bad_record_writes_no_model"; fi
expect_status "train_skip_bad_trains_without_it" 0 "$SMART" train --skip-bad --folds 0 -o "$TMP/skip.json" "$TMP/bad.jsonl"

# One class only: a clear message, not a NaN model.
grep '"ignore"' "$PAIRS" >"$TMP/ignore-only.jsonl"
expect_status "train_one_class_is_trouble" 2 "$SMART" train -o "$TMP/x.json" "$TMP/ignore-only.jsonl"
expect_one_error_line "train_one_class_says_why" 'labelled .ignore.: a model needs both'

expect_status "train_missing_corpus_is_trouble" 2 "$SMART" train -o "$TMP/x.json" "$TMP/nope.jsonl"
expect_one_error_line "train_missing_corpus_names_it" 'nope\.jsonl'

# gzip corpora are read too.
gzip -c "$PAIRS" >"$TMP/pairs.jsonl.gz"
expect_status "train_reads_gzip_corpus" 0 "$SMART" train --folds 0 -o "$TMP/gz.json" "$TMP/pairs.jsonl.gz"

# eval
expect_status "eval_help_is_usage" 0 "$SMART" eval -h
expect_status "eval_text_table" 0 "$SMART" eval --folds 4 "$PAIRS"
expect_output "eval_text_has_smart_row" '^smart +[0-9.]+ +[0-9.]+ +[0-9.]+'
expect_output "eval_text_has_diff_row" '^diff +[0-9.]+'
expect_output "eval_text_has_tree_diff_row" '^tree-diff +[0-9.]+'
expect_status "eval_json" 0 "$SMART" eval --json --folds 4 "$PAIRS"
expect_output "eval_json_shape" '^\{"smart":\{"precision":[^}]*"recall":[^}]*"f1":[^}]*"tp":[0-9]+,"fp":[0-9]+,"fn":[0-9]+,"tn":[0-9]+.*\},"baselines":\{"diff":\{"precision":.*"tree-diff":\{.*"fair-coin":\{.*"biased-coin":\{'
expect_status "eval_by_app" 0 "$SMART" eval --by-app --json "$PAIRS"
expect_output "eval_by_app_runs_three_folds" '"validation":"by-app","folds":3'
expect_status "eval_folds_and_by_app_conflict" 2 "$SMART" eval --by-app --folds 3 "$PAIRS"
# Each weight that contradicts its hypothesised sign is one warning line;
# --sign-constraints refits until none does (docs/features.md).
"$SMART" train --folds 0 -o "$TMP/signs.json" "$PAIRS" >"$TMP/out" 2>"$TMP/err"
if grep -Eq "^smart: warning: feature '[a-z_]+' has weight -?[0-9.e+-]+, but its hypothesis says [+-] \(more of it means (inspect|ignore)\)$" "$TMP/err"; then
	echo "ok - train_warns_one_line_per_weight_against_its_sign"; else echo "not ok - train_warns_one_line_per_weight_against_its_sign"; fi
"$SMART" train --sign-constraints --folds 0 -o "$TMP/signs2.json" "$PAIRS" >"$TMP/out" 2>"$TMP/err"
if ! grep -q 'but its hypothesis says' "$TMP/err" && grep -q '(sign contradicts hypothesis: weight 0)' "$TMP/out"; then
	echo "ok - train_sign_constraints_leave_no_contradiction"; else echo "not ok - train_sign_constraints_leave_no_contradiction"; fi
"$SMART" train -h >"$TMP/out"
if grep -A1 -- '--folds K' "$TMP/out" | tail -n 1 | grep -q '(default 10; 0 skips it)'; then
	echo "ok - train_help_says_the_folds_default_under_folds"; else
	echo "not ok - train_help_says_the_folds_default_under_folds"; fi
finish
