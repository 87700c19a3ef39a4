# smart diff: the edit script on the command line, its exit statuses, JSON.
. "$(dirname "$0")/lib.sh"
D="$FIX/diffx"

expect_status "diff_help_is_usage_on_stdout" 0 "$SMART" diff -h
expect_output "diff_help_shows_usage_line" '^usage: smart diff'

expect_status "diff_of_different_pages_exits_1" 1 "$SMART" diff "$D/old.html" "$D/new.html"
expect_output "diff_reports_moved_list_item_with_paths" '^move +/html/body/ul/li\[3\] -> /html/body/ul/li\[1\]'
expect_output "diff_reports_deleted_form_with_size" '^delete +/html/body/form \(4 nodes\)'
# HTML5 puts a table's rows in the <tbody> it implies (docs/html5.md)
expect_output "diff_reports_inserted_row" '^insert +/html/body/table/tbody/tr\[2\] \(5 nodes\)'
expect_output "diff_reports_text_update_with_both_texts" '^update +/html/body/p/text\(\) "Total: 12 items" -> "Total: 13 items"'
expect_output "diff_reports_attribute_change_with_name_and_values" '^attr-change +/html/body/p @class "total" -> "total big"'
expect_output "diff_ends_with_summary" '^5 operations: 2 moved, 5 inserted, 4 deleted, 1 updated node, 1 attribute change$'

expect_status "diff_of_identical_files_exits_0" 0 "$SMART" diff "$D/old.html" "$D/old.html"
expect_status "diff_of_reformatted_page_exits_0" 0 "$SMART" diff "$D/old.html" "$D/reformatted.html"
expect_output "diff_of_equal_pages_says_no_operations" '^0 operations'

expect_status "diff_json_exits_1_when_different" 1 "$SMART" diff --json "$D/old.html" "$D/new.html"
expect_output "diff_json_has_summary" '"summary":\{"moves":2,"inserts":5,"deletes":4,"updates":1,"attribute_changes":1\}\}$'
expect_output "diff_json_has_insert_with_parent_index_content" '"op":"insert","path":"/html/body/table/tbody/tr\[2\]","parent":"/html/body/table/tbody","index":1,"subtree_size":5,"content":\{"type":"element","name":"tr"'
cp "$TMP/out" "$TMP/script.json"
if command -v python3 >/dev/null 2>&1; then
	expect_status "diff_json_is_valid_json" 0 python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["operations"])==5' "$TMP/script.json"
fi
expect_status "diff_json_of_equal_pages_exits_0" 0 "$SMART" diff --json "$D/old.html" "$D/reformatted.html"
expect_output "diff_json_of_equal_pages_is_empty_script" '^\{"operations":\[\],"summary":\{"moves":0,"inserts":0,"deletes":0,"updates":0,"attribute_changes":0\}\}$'

expect_status "diff_sniffs_xml" 1 "$SMART" diff "$D/old.xml" "$D/new.xml"
expect_output "diff_xml_paths_have_no_html_wrapper" '^move +/catalog/book\[2\] -> /catalog/book\[1\] \(3 nodes\)'
expect_status "diff_xml_forced" 1 "$SMART" diff --xml "$D/old.xml" "$D/new.xml"
expect_output "diff_xml_forced_same_script" '^move +/catalog/book\[2\] -> /catalog/book\[1\]'
expect_status "diff_html_forced_on_xml" 1 "$SMART" diff --html "$D/old.xml" "$D/new.xml"
expect_output "diff_html_forced_wraps_in_html_body" '^move +/html/body/catalog/book\[2\]'
expect_status "diff_xml_forced_on_broken_xml_is_trouble" 2 "$SMART" diff --xml "$D/old.html" "$D/new.html"
expect_one_error_line "diff_broken_xml_names_the_file" "old\.html:[0-9]+: not well-formed XML"

expect_status "diff_missing_file_is_trouble" 2 "$SMART" diff "$D/old.html" "$D/nonexistent.html"
expect_one_error_line "diff_missing_file_names_it_in_one_line" "nonexistent\.html: No such file or directory"
expect_status "diff_with_one_file_is_usage_error" 2 "$SMART" diff "$D/old.html"
expect_one_error_line "diff_usage_error_is_one_line" 'smart diff: needs two files'
expect_status "diff_unknown_option_is_usage_error" 2 "$SMART" diff --frobnicate "$D/old.html" "$D/new.html"
expect_one_error_line "diff_unknown_option_is_one_line" "unknown option '--frobnicate'"

printf '\x00\xff\xfe<<<>>>\x01binary' >"$TMP/junk.bin"
expect_status "diff_of_binary_junk_does_not_crash" 1 "$SMART" diff "$TMP/junk.bin" "$D/old.html"
: >"$TMP/empty.html"
expect_status "diff_of_empty_files_is_equal" 0 "$SMART" diff "$TMP/empty.html" "$TMP/empty.html"
finish
