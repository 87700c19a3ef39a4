# smart features: the vector of a pair, its JSON form, per-label means, errors.
. "$(dirname "$0")/../cli/lib.sh"
F="$FIX/features"

expect_status "features_help_exits_zero" 0 "$SMART" features -h
expect_output "features_help_lists_every_feature" '^  new_text +characters'

expect_status "features_of_a_differing_pair_exits_one_as_diff" 1 "$SMART" features "$F/old.html" "$F/new.html"
expect_output "features_prints_name_value_lines" '^diffx_moves [0-9]'
got=$(cut -d' ' -f1 "$TMP/out" | tr '\n' ' ')
want="diffx_moves diffx_inserts diffx_deletes text_only grouped_change grouped_boolean change_depth children_order inversions text_ratio text_multimedia_ratio error_keywords input_elements missing_attributes changed_attributes new_text volatile_moves volatile_inserts volatile_deletes volatile_updates stable_updates volatile_attributes residual_change only_volatile changed_words link_attributes form_attributes presentation_attributes placeholder_tokens changed_content_ratio new_text_ratio text_size_change new_text_log reworded_text doctype_changed hidden_edits hidden_substitutions "
if [ "$got" = "$want" ]; then echo "ok - features_prints_in_registry_order"; else
	echo "not ok - features_prints_in_registry_order (got: $got)"; fi
# worked out by hand: "Fatal error" is new (2 keywords, 11 characters of
# text), the form and its input are gone, the two items swapped places
expect_output "features_counts_new_error_keywords" '^error_keywords 2$'
expect_output "features_counts_lost_input_elements" '^input_elements 2$'
expect_output "features_counts_new_text" '^new_text 11$'
expect_output "features_text_ratio" '^text_ratio 6\.5$'
expect_output "features_new_text_log_is_log2_of_12" '^new_text_log 3\.58496'

expect_status "features_json_of_a_differing_pair_exits_one" 1 "$SMART" features --json "$F/old.html" "$F/new.html"
expect_output "features_json_is_one_object_of_features" '^\{"features":\{"diffx_moves":[0-9.]+,"diffx_inserts":.*"new_text":11,.*"placeholder_tokens":0,.*"new_text_log":[0-9.]+,"reworded_text":0,"doctype_changed":0,"hidden_edits":0,"hidden_substitutions":0\}\}$'

expect_status "features_of_identical_files" 0 "$SMART" features "$F/old.html" "$F/old.html"
if grep -v '^text_ratio ' "$TMP/out" | grep -qv ' 0$'; then
	echo "not ok - features_of_identical_files_are_neutral"; sed 's/^/#   /' "$TMP/out"
else echo "ok - features_of_identical_files_are_neutral"; fi
expect_output "features_text_ratio_of_identical_files_is_one" '^text_ratio 1$'

head -c 3000 /dev/urandom >"$TMP/junk1"
head -c 3000 /dev/urandom >"$TMP/junk2"
expect_status "features_of_junk_as_html_differs_without_trouble" 1 "$SMART" features --html "$TMP/junk1" "$TMP/junk2"
if grep -Eiq 'nan|inf' "$TMP/out" || [ "$(wc -l <"$TMP/out")" -ne 37 ]; then
	echo "not ok - features_of_junk_are_finite"; else echo "ok - features_of_junk_are_finite"; fi

expect_status "features_missing_file_is_trouble" 2 "$SMART" features "$F/old.html" "$TMP/none.html"
expect_one_error_line "features_missing_file_names_it" 'none\.html'
printf '<r><a></r>' >"$TMP/bad.xml"
expect_status "features_malformed_xml_is_trouble" 2 "$SMART" features --xml "$TMP/bad.xml" "$F/old.html"
expect_one_error_line "features_malformed_xml_says_where" 'bad\.xml'
expect_status "features_needs_two_documents" 2 "$SMART" features "$F/old.html"
expect_status "features_unknown_option_is_trouble" 2 "$SMART" features --frob "$F/old.html" "$F/new.html"

expect_status "features_means_exits_zero" 0 "$SMART" features --means "$F/corpus.jsonl"
expect_output "features_means_counts_pairs_by_label" '^pairs: 1 ignore, 1 inspect, 1 unlabelled$'
expect_output "features_means_deletes_separate_labels" '^diffx_deletes +0 +2 +0\.0000 +1\.0000$'
expect_status "features_means_json_exits_zero" 0 "$SMART" features --json --means "$F/corpus.jsonl"
expect_output "features_means_json" '"pairs":\{"ignore":1,"inspect":1,"unlabelled":1\},"means":\{"diffx_moves":\{"ignore":0,'
expect_status "features_means_bad_record_is_trouble" 2 "$SMART" features --means "$F/bad_corpus.jsonl"
expect_one_error_line "features_means_bad_record_names_line" 'bad_corpus\.jsonl:2'
# records without a "format" follow --html/--xml (two roots: not XML)
expect_status "features_means_sniffs_records_without_format" 0 "$SMART" features --means "$F/noformat.jsonl"
expect_status "features_means_xml_applies_to_records_without_format" 2 "$SMART" features --xml --means "$F/noformat.jsonl"
expect_one_error_line "features_means_xml_error_names_record" 'noformat\.jsonl:1'
finish
