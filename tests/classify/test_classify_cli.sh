# smart classify: one pair, a corpus, two folders; model files that are bad.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"
EX="$(cd "$(dirname "$0")/../.." && pwd)/examples"

"$SMART" train --folds 0 -o "$TMP/m.json" "$PAIRS" >/dev/null 2>&1

expect_status "classify_help_is_usage" 0 "$SMART" classify -h
expect_status "classify_identical_files_is_ignore" 0 "$SMART" classify --model "$TMP/m.json" "$EX/stack-trace/old.html" "$EX/stack-trace/old.html"
expect_output "classify_identical_says_ignore" '^ignore$'
"$SMART" classify --model "$TMP/m.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html" >"$TMP/out" 2>"$TMP/err"
st=$?
if [ "$st" -eq 0 ] || [ "$st" -eq 1 ]; then echo "ok - classify_pair_exit_is_decision"; else echo "not ok - classify_pair_exit_is_decision ($st)"; fi
expect_output "classify_pair_explains_score_and_cutoff" '^score [-0-9.e]+, inspect when score (>=|<=) '
if [ "$st" -eq 1 ] && head -n 1 "$TMP/out" | grep -q '^inspect$' || { [ "$st" -eq 0 ] && head -n 1 "$TMP/out" | grep -q '^ignore$'; }; then
	echo "ok - classify_exit_status_matches_decision"; else echo "not ok - classify_exit_status_matches_decision"; fi
expect_status "classify_pair_json" "$st" "$SMART" classify --json --model "$TMP/m.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html"
expect_output "classify_pair_json_shape" '^\{"decision":"(inspect|ignore)","score":[-0-9.e]+,"cutoff":.*"features":\{"diffx_moves":'
expect_status "classify_uses_default_model" 0 "$SMART" classify "$EX/deleted-table/old.html" "$EX/deleted-table/old.html"

# An SVM model decides too, and says it has no per-feature breakdown.
"$SMART" train --kind svm --folds 0 -o "$TMP/svm.json" "$PAIRS" >/dev/null 2>&1
"$SMART" classify --model "$TMP/svm.json" "$EX/form-lost-inputs/old.html" "$EX/form-lost-inputs/new.html" >"$TMP/out" 2>"$TMP/err"
st=$?
if [ "$st" -le 1 ]; then echo "ok - classify_with_svm_model_decides"; else echo "not ok - classify_with_svm_model_decides ($st)"; fi
expect_output "classify_svm_explains_no_breakdown" 'SVM score is not a sum over features'

# Batch over a corpus: JSON Lines in input order.
"$SMART" classify --json --threads 3 --model "$TMP/m.json" --corpus "$PAIRS" >"$TMP/out" 2>"$TMP/err"
st=$?
if [ "$st" -le 1 ]; then echo "ok - classify_corpus_runs"; else echo "not ok - classify_corpus_runs ($st)"; cat "$TMP/err"; fi
grep -o '"test": "[^"]*"' "$PAIRS" | sed 's/"test": //' >"$TMP/want"
grep -o '"test":"[^"]*"' "$TMP/out" | sed 's/"test"://' >"$TMP/got"
if cmp -s "$TMP/want" "$TMP/got"; then echo "ok - classify_corpus_keeps_input_order"; else echo "not ok - classify_corpus_keeps_input_order"; fi
expect_output "classify_corpus_json_lines_shape" '^\{"app":"[a-z]+","test":"[^"]+","decision":"(inspect|ignore)","score":[-0-9.e]+,"severity":"(none|cosmetic|content|broken)"(,"signatures":\[\{"id":"[0-9a-f]{16}","kind":"[a-z-]+","location":"[^"]*".*\])?\}$'

# Change signatures: every inspected line has them, no ignored line does,
# and they are the same on another run with another number of threads.
cp "$TMP/out" "$TMP/sig3"
if [ "$(grep '"decision":"inspect"' "$TMP/sig3" | grep -vc '"signatures":\[{"id":')" -eq 0 ] &&
   [ "$(grep -c '"decision":"inspect"' "$TMP/sig3")" -gt 0 ] &&
   [ "$(grep '"decision":"ignore"' "$TMP/sig3" | grep -c '"signatures"')" -eq 0 ]; then
	echo "ok - classify_json_gives_each_inspected_pair_its_signatures"; else
	echo "not ok - classify_json_gives_each_inspected_pair_its_signatures"; fi
"$SMART" classify --json --threads 1 --model "$TMP/m.json" --corpus "$PAIRS" >"$TMP/sig1" 2>/dev/null
if cmp -s "$TMP/sig1" "$TMP/sig3"; then echo "ok - classify_json_signatures_are_the_same_on_another_run"; else
	echo "not ok - classify_json_signatures_are_the_same_on_another_run"; fi
expect_status "classify_pair_json_with_signatures" 1 "$SMART" classify --json --model "$TMP/m.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html"
expect_output "classify_pair_json_names_the_inserted_change" '"signatures":\[.*"kind":"insert","location":"/html/body/h1","new":"<h1> Internal Server Error"'
# On an inspect, the edit operations classify judged, with the values as
# the page holds them (what bindings/js shows); an ignored pair has none.
expect_output "classify_pair_json_lists_the_judged_changes_on_inspect" \
	'"changes":\[.*\{"op":"insert","path":"/html/body/h1","text":"Internal Server Error"\}.*\],"changes_total":13\}$'
expect_status "classify_pair_json_ignored" 0 "$SMART" classify --json "$EX/timestamp-change/old.html" "$EX/timestamp-change/new.html"
if grep -q '"changes"' "$TMP/out"; then echo "not ok - classify_pair_json_ignored_has_no_changes"; else
	echo "ok - classify_pair_json_ignored_has_no_changes"; fi

# Two folders, with a JUnit report; a file on one side only is trouble,
# one line naming it.
mkdir -p "$TMP/old/sub" "$TMP/new/sub"
cp "$EX/timestamp-change/old.html" "$TMP/old/a.html"; cp "$EX/timestamp-change/old.html" "$TMP/new/a.html"
cp "$EX/deleted-table/old.html" "$TMP/old/sub/b.html"; cp "$EX/deleted-table/new.html" "$TMP/new/sub/b.html"
cp "$EX/deleted-table/old.html" "$TMP/old/gone.html"
expect_status "classify_dirs_file_on_one_side_only_is_trouble" 2 "$SMART" classify --model "$TMP/m.json" "$TMP/old" "$TMP/new"
# the application: the folder that holds old/ and new/ (here $TMP)
expect_output "classify_dirs_lists_relative_paths" "$(basename "$TMP")/sub/b\\.html"
expect_output "classify_dirs_reports_missing_file_as_trouble_row" '^trouble .*gone\.html: only in'
expect_output "classify_dirs_summary_counts_one_side_files" '^3 pairs: [0-2] inspect, [0-2] ignore; 1 file on one side only$'
expect_one_error_line "classify_dirs_one_side_file_one_line" 'gone\.html: only in .*/old$'
expect_status "classify_dirs_with_junit_is_still_trouble" 2 "$SMART" classify --model "$TMP/m.json" --junit "$TMP/report.xml" "$TMP/old" "$TMP/new"
if grep -q '^inspect \|^ignore ' "$TMP/out"; then echo "not ok - classify_junit_leaves_the_rows_to_the_report"; else
	echo "ok - classify_junit_leaves_the_rows_to_the_report"; fi
expect_output "classify_junit_keeps_the_summary" '^3 pairs: '
mkdir -p "$TMP/emptynew"
expect_status "classify_dirs_empty_new_folder_is_trouble" 2 "$SMART" classify --model "$TMP/m.json" "$TMP/old" "$TMP/emptynew"
expect_one_error_line "classify_dirs_empty_new_folder_one_line" 'emptynew: no file of .*/old has a counterpart there \(3 files on one side only\)'
expect_status "classify_missing_folder_is_trouble" 2 "$SMART" classify --model "$TMP/m.json" "$TMP/old" "$TMP/nodir"
expect_one_error_line "classify_missing_folder_says_it_does_not_exist" 'nodir: No such file or directory'
printf 'hello world\n' > "$TMP/a.txt"; printf 'hello there\n' > "$TMP/b.txt"
expect_status "classify_plain_text_files_are_trouble" 2 "$SMART" classify --model "$TMP/m.json" "$TMP/a.txt" "$TMP/b.txt"
expect_one_error_line "classify_plain_text_says_not_html_as_the_folder_walk_does" 'a\.txt: not HTML or XML \(by its name and first bytes'
expect_status "classify_plain_text_with_html_is_parsed" 0 "$SMART" classify --html --model "$TMP/m.json" "$TMP/a.txt" "$TMP/b.txt"
printf '<html>\n<body>\n<p>x</p>\n</body></html>\n' > "$TMP/page.html"
expect_status "classify_corpus_of_an_html_page_is_trouble" 2 "$SMART" classify --model "$TMP/m.json" --corpus "$TMP/page.html"
expect_one_error_line "classify_corpus_of_an_html_page_one_line" 'page\.html:1: not valid JSON.*not a JSON Lines corpus'
if [ "$(wc -l < "$TMP/out")" -eq 0 ]; then echo "ok - classify_corpus_of_an_html_page_prints_no_rows"; else
	echo "not ok - classify_corpus_of_an_html_page_prints_no_rows"; fi
rm "$TMP/old/gone.html"
cp "$EX/stack-trace/old.html" "$TMP/old/st.html"; cp "$EX/stack-trace/new.html" "$TMP/new/st.html"
expect_status "classify_dirs_with_junit_report" 1 "$SMART" classify --model "$TMP/m.json" --junit "$TMP/report.xml" "$TMP/old" "$TMP/new"
if grep -q '<testsuite name=".*" tests="3" failures="[1-3]" errors="0">' "$TMP/report.xml" && grep -q "<testcase classname=\"$(basename "$TMP")\" name=\"a.html\">" "$TMP/report.xml"; then
	echo "ok - classify_junit_report_written"; else echo "not ok - classify_junit_report_written"; head -n 5 "$TMP/report.xml" | sed 's/^/#   /'; fi

expect_status "classify_corpus_html_report" 1 "$SMART" classify --model "$TMP/m.json" --report "$TMP/r.html" "$TMP/old" "$TMP/new"
if grep -q '<tr id="r-[0-9]*" class="inspect" data-i="[0-9]*" data-d="inspect" ' "$TMP/r.html" && grep -q 'Pairs: 3;' "$TMP/r.html"; then
	echo "ok - classify_html_report_written"; else echo "not ok - classify_html_report_written"; fi
# the rows are the report's: standard output keeps the summary only (issue 32)
if grep -q '^inspect \|^ignore ' "$TMP/out"; then echo "not ok - classify_report_leaves_the_rows_to_the_report"; else
	echo "ok - classify_report_leaves_the_rows_to_the_report"; fi
expect_output "classify_report_keeps_the_summary" '^3 pairs: '
if grep -q '<noscript><p class="note">JavaScript is off' "$TMP/r.html"; then
	echo "ok - classify_html_report_says_what_needs_javascript"; else
	echo "not ok - classify_html_report_says_what_needs_javascript"; fi

# Bad models: exit 2 and one line.
expect_status "classify_missing_model_is_trouble" 2 "$SMART" classify --model "$TMP/none.json" "$EX/a" "$EX/b"
head -c 200 "$TMP/m.json" >"$TMP/trunc.json"
expect_status "classify_truncated_model_is_trouble" 2 "$SMART" classify --model "$TMP/trunc.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html"
expect_one_error_line "classify_truncated_model_one_line" 'trunc\.json: not a valid model file'
printf 'garbage\000\001' >"$TMP/corrupt.json"
expect_status "classify_corrupt_model_is_trouble" 2 "$SMART" classify --model "$TMP/corrupt.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html"
expect_one_error_line "classify_corrupt_model_one_line" 'corrupt\.json: '
sed 's/"diffx_inserts"/"diffx_insertions"/' "$TMP/m.json" >"$TMP/other.json"
expect_status "classify_mismatched_model_is_trouble" 2 "$SMART" classify --model "$TMP/other.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html"
expect_one_error_line "classify_mismatched_model_names_feature" "feature 2 is 'diffx_insertions' in the model but 'diffx_inserts' in this smart"
sed -E 's/"version":[[:space:]]*1,/"version": 7,/' "$TMP/m.json" >"$TMP/v7.json"
expect_status "classify_future_model_version_is_trouble" 2 "$SMART" classify --model "$TMP/v7.json" "$EX/stack-trace/old.html" "$EX/stack-trace/new.html"
expect_one_error_line "classify_future_version_says_so" 'version 7 is not supported'
# weights of +-1e308 load as numbers but would score inf/NaN: trouble, not a decision
python3 -c 'import json, sys
m = json.load(open(sys.argv[1])); m["weights"] = [1e308 if i % 2 == 0 else -1e308 for i in range(len(m["weights"]))]
json.dump(m, open(sys.argv[2], "w"))' "$TMP/m.json" "$TMP/overflow.json"
expect_status "classify_model_whose_scores_overflow_is_trouble" 2 "$SMART" classify --model "$TMP/overflow.json" "$EX/timestamp-change/old.html" "$EX/timestamp-change/new.html"
expect_one_error_line "classify_overflowing_model_says_why" 'overflow\.json: the weights can overflow a score'
expect_status "classify_missing_file_is_trouble" 2 "$SMART" classify --model "$TMP/m.json" "$TMP/nope.html" "$EX/stack-trace/new.html"
expect_one_error_line "classify_missing_file_named" 'nope\.html'
# The application's name (folders): --app, else the folder that holds both
# when they sit side by side, else NEW_DIR's name (docs/review.md)
mkdir -p "$TMP/shop/old" "$TMP/shop/new" "$TMP/elsewhere/run2"
cp "$EX/stack-trace/old.html" "$TMP/shop/old/t.html"; cp "$EX/stack-trace/new.html" "$TMP/shop/new/t.html"
cp "$EX/stack-trace/new.html" "$TMP/elsewhere/run2/t.html"
expect_status "classify_app_default_side_by_side" 1 "$SMART" classify --model "$TMP/m.json" "$TMP/shop/old" "$TMP/shop/new"
expect_output "classify_app_is_the_folder_holding_both" '^inspect .* shop/t\.html'
expect_status "classify_app_default_apart" 1 "$SMART" classify --model "$TMP/m.json" "$TMP/shop/old" "$TMP/elsewhere/run2"
expect_output "classify_app_is_new_dir_name_when_apart" '^inspect .* run2/t\.html'
expect_status "classify_app_option" 1 "$SMART" classify --json --app my-app --model "$TMP/m.json" "$TMP/shop/old" "$TMP/shop/new"
expect_output "classify_app_option_names_the_pairs" '^\{"app":"my-app","test":"t\.html"'
expect_status "classify_app_empty_is_a_usage_error" 2 "$SMART" classify --app '' "$TMP/shop/old" "$TMP/shop/new"
finish
