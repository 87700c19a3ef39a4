# smart compare: running one comparator from the command line.
. "$(dirname "$0")/../cli/lib.sh"
F="$FIX/compare"

expect_status "compare_help_exits_0" 0 "$SMART" compare -h
expect_output "compare_help_shows_usage" '^usage: smart compare --comparator NAME'
expect_status "compare_list_exits_0" 0 "$SMART" compare --list
expect_output "compare_list_names_c_wd_with_description" '^Content-CollapsedWS-Dates +C-WD +the text with white space collapsed'
expect_output "compare_list_names_fraggen" '^FragGen '
expect_status "compare_list_json_exits_0" 0 "$SMART" compare --list --json
expect_output "compare_list_json_has_objects" '"name":"TagNames\+ImptAttrs","abbreviation":"N\+I"'
expect_status "compare_defaults_print_json" 0 "$SMART" compare --defaults
expect_output "compare_defaults_have_pipeline" '"pipeline"'

expect_status "compare_c_wd_passes_date_change_exit_0" 0 "$SMART" compare --comparator C-WD "$F/page.html" "$F/page-date.html"
expect_output "compare_pass_prints_pass" '^Content-CollapsedWS-Dates: pass$'
expect_status "compare_raw_fails_date_change_exit_1" 1 "$SMART" compare -c Raw "$F/page.html" "$F/page-date.html"
expect_output "compare_fail_shows_old_line" '^    - <p>Last update: 22-08-2009 16:43</p>'
expect_status "compare_tagnames_fails_lost_input" 1 "$SMART" compare -c TagNames "$F/page.html" "$F/page-lost-input.html"
expect_status "compare_table_template_passes_extra_row" 0 "$SMART" compare -c Crawljax-Table "$F/page.html" "$F/page-extra-row.html"
expect_status "compare_fraggen_extra_row_json" 0 "$SMART" compare -c FragGen --json "$F/page.html" "$F/page-extra-row.html"
expect_output "compare_fraggen_extra_row_is_nd3_struct" '"verdict":"pass","class":"Nd3-struct"'
expect_status "compare_fraggen_date_is_nd2_data" 0 "$SMART" compare -c FragGen "$F/page.html" "$F/page-date.html"
expect_output "compare_fraggen_nd2_names_changed_element" '^  new /html/body/p \(in fragment /html/body/p\): text or attributes changed'
expect_output "compare_fraggen_nd2_shows_new_text" '^    \+ Last update: 23-08-2009 10:05$'
expect_status "compare_json_fail_exit_1" 1 "$SMART" compare -c N --json "$F/page.html" "$F/page-lost-input.html"
expect_output "compare_json_lists_differences" '"differences":\[\{"where":"tags old'
expect_status "compare_regex_config_passes" 0 "$SMART" compare -c Crawljax-Pipeline --config "$F/regex-config.json" "$F/page.html" "$F/page-date.html"
expect_status "compare_regex_without_config_fails" 1 "$SMART" compare -c Crawljax-Regex "$F/page.html" "$F/page-date.html"

expect_status "compare_unknown_comparator_is_trouble" 2 "$SMART" compare -c Nope "$F/page.html" "$F/page.html"
expect_one_error_line "compare_unknown_comparator_one_line" "unknown comparator 'Nope'"
expect_status "compare_missing_file_is_trouble" 2 "$SMART" compare -c Raw "$F/page.html" "$F/none.html"
expect_one_error_line "compare_missing_file_names_it" "none.html"
expect_status "compare_config_typo_is_trouble" 2 "$SMART" compare -c Raw --config "$F/typo-config.json" "$F/page.html" "$F/page.html"
expect_one_error_line "compare_config_typo_names_key" "typo-config.json: unknown key 'crawljax.atributes'"
expect_status "compare_broken_xml_is_trouble" 2 "$SMART" compare -c Tags --xml "$F/broken.xml" "$F/broken.xml"
expect_one_error_line "compare_broken_xml_names_file_and_line" "broken.xml:[0-9]+: not well-formed XML"
expect_status "compare_needs_two_files" 2 "$SMART" compare -c Raw "$F/page.html"
expect_status "compare_needs_comparator" 2 "$SMART" compare "$F/page.html" "$F/page.html"
finish
