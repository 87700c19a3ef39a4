# Resource limits on every command that reads documents: a page with a
# million attributes on one element (quadratic in libxml2) is refused by
# diff, features and classify in under 2 s with one line naming the file
# and the option; each limit can be raised or lowered per run; bad values
# are usage errors.  Inputs are generated at test time.
. "$(dirname "$0")/lib.sh"

python3 -c "import sys
open(sys.argv[1], 'w').write('<html><body><div ' + ' '.join('a%d=\"%d\"' % (i, i) for i in range(1000000)) + '>x</div></body></html>')" "$TMP/attrs.html"
printf '<html><body><p>hello</p></body></html>' > "$TMP/small.html"

# refused_fast NAME CMD...: exit 2, one line naming attrs.html and the option, under 2 s.
refused_fast() {
	name=$1; shift
	start=$(date +%s%N)
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$? elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
	if [ "$got" -eq 2 ] && [ "$elapsed_ms" -lt 2000 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	   grep -q 'attrs.html: an element with 1000000 attributes is over the limit of 10000 (--max-attributes)' "$TMP/err"; then
		echo "ok - $name"
	else
		echo "not ok - $name (exit $got, ${elapsed_ms} ms, stderr: $(head -c 300 "$TMP/err"))"
	fi
}
refused_fast diff_refuses_a_million_attributes_in_under_2s "$SMART" diff "$TMP/small.html" "$TMP/attrs.html"
refused_fast features_refuses_a_million_attributes_in_under_2s "$SMART" features "$TMP/attrs.html" "$TMP/small.html"
refused_fast classify_refuses_a_million_attributes_in_under_2s "$SMART" classify "$TMP/small.html" "$TMP/attrs.html"

# a limit lowered on the command line applies, and names its option
expect_status max_input_lowered_refuses_a_small_page 2 "$SMART" diff --max-input 10 "$TMP/small.html" "$TMP/small.html"
expect_one_error_line max_input_error_names_file_and_option 'small.html: [0-9]+ bytes is over the input limit of 10 \(--max-input\)'
expect_status max_text_lowered_refuses_a_text_run 2 "$SMART" features --max-text=3 "$TMP/small.html" "$TMP/small.html"
expect_one_error_line max_text_error_names_the_run 'a text run of 5 bytes is over the limit of 3 \(--max-text\)'
expect_status max_nodes_lowered_refuses_tags 2 "$SMART" classify --max-nodes 2 "$TMP/small.html" "$TMP/small.html"
expect_one_error_line max_nodes_error_counts_tags '3 tags is over the limit of 2 elements \(--max-nodes\)'
# raised: the million-attribute page is no longer refused for its attributes
# (the input limit is lowered instead, so the test stays fast)
expect_status max_attributes_raised_lets_the_page_past_that_limit 2 "$SMART" diff \
	--max-attributes 2000000 --max-input 1K "$TMP/small.html" "$TMP/attrs.html"
expect_one_error_line raised_attribute_limit_leaves_the_input_limit 'attrs.html: [0-9]+ bytes is over the input limit of 1024'
# the default limits let an ordinary page through
expect_status default_limits_pass_an_ordinary_page 0 "$SMART" diff "$TMP/small.html" "$TMP/small.html"

# bad values are usage errors naming the option
expect_status zero_limit_is_a_usage_error 2 "$SMART" diff --max-nodes 0 "$TMP/small.html" "$TMP/small.html"
expect_one_error_line zero_limit_error_names_option "smart diff: --max-nodes wants a positive size such as 8M, not '0'"
expect_status junk_limit_is_a_usage_error 2 "$SMART" features --max-input 8MB "$TMP/small.html" "$TMP/small.html"
expect_status missing_limit_value_is_a_usage_error 2 "$SMART" classify "$TMP/small.html" "$TMP/small.html" --max-text
expect_one_error_line missing_limit_value_names_option "option '--max-text' needs a value"
# after "--" a file may be named like a limit option
cp "$TMP/small.html" "$TMP/--max-input"
case $SMART in /*) ;; *) SMART=$PWD/$SMART ;; esac
(cd "$TMP" && expect_status limit_options_stop_at_double_dash 0 "$SMART" diff -- small.html --max-input)
finish
