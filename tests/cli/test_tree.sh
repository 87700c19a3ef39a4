# smart tree: a parse dumped in html5lib's tree-construction format, by
# the parser --html-parser names; bad input is one error line, exit 2.
. "$(dirname "$0")/lib.sh"

printf '<!DOCTYPE html><p class=b id=a>One<p>Two<svg viewBox="0 0 1 1"><a xlink:href=u></a></svg><template><b>t</b></template><!--c-->' >"$TMP/page.html"
expect_status "tree_dumps_a_page" 0 "$SMART" tree "$TMP/page.html"
cat >"$TMP/want" <<'TREE'
| <!DOCTYPE html>
| <html>
|   <head>
|   <body>
|     <p>
|       class="b"
|       id="a"
|       "One"
|     <p>
|       "Two"
|       <svg svg>
|         viewBox="0 0 1 1"
|         <svg a>
|           xlink href="u"
|       <template>
|         content
|           <b>
|             "t"
|       <!-- c -->
TREE
if cmp -s "$TMP/want" "$TMP/out"; then echo "ok - tree_dump_is_html5lib_format_with_sorted_attributes_foreign_elements_and_template_content"; else
	echo "not ok - tree_dump_is_html5lib_format_with_sorted_attributes_foreign_elements_and_template_content"; diff "$TMP/want" "$TMP/out" | sed 's/^/#   /'; fi

printf '<p><b>x<p>y' >"$TMP/misnested.html"
bold_count() { # PARSER: how many <b> elements that parser builds
	"$SMART" tree --html-parser "$1" "$TMP/misnested.html" | grep -c '<b>$'
}
n5=$(bold_count html5) nx=$(bold_count libxml2)
if [ "$n5" -eq 2 ]; then echo "ok - tree_html5_reopens_the_bold_in_the_next_paragraph"; else
	echo "not ok - tree_html5_reopens_the_bold_in_the_next_paragraph ($n5 <b>)"; fi
if [ "$nx" -eq 1 ]; then echo "ok - tree_libxml2_parser_option_reaches_the_dump"; else
	echo "not ok - tree_libxml2_parser_option_reaches_the_dump ($nx <b>)"; fi

printf '<?xml version="1.0"?>\n<r a="1"><c>t</c></r>\n' >"$TMP/doc.xml"
expect_status "tree_dumps_xml" 0 "$SMART" tree "$TMP/doc.xml"
expect_output "tree_xml_root_first" '^\| <r>$'

expect_status "tree_missing_file_is_trouble" 2 "$SMART" tree "$TMP/none.html"
expect_one_error_line "tree_missing_file_names_it" 'none\.html'
printf '<r><unclosed></r>' >"$TMP/bad.xml"
expect_status "tree_bad_xml_is_trouble" 2 "$SMART" tree --xml "$TMP/bad.xml"
expect_one_error_line "tree_bad_xml_is_one_line_naming_the_file" 'bad\.xml'
expect_status "tree_unknown_parser_is_usage_error" 2 "$SMART" tree --html-parser gecko "$TMP/page.html"
expect_one_error_line "tree_unknown_parser_names_it" "unknown HTML parser 'gecko'"
finish
