# A model knows the HTML parser its features came from (provenance.html_parser,
# docs/model-format.md); classify with the other parser warns, naming the
# parser to pass, and still decides. Trained here on the handmade corpus.
. "$(dirname "$0")/../cli/lib.sh"

CORPUS="$(cd "$(dirname "$0")/../.." && pwd)/corpora/handmade.jsonl"
printf '<html><body><p>Order 12 shipped.</p></body></html>\n' >"$TMP/a.html"
printf '<html><body><p>Order 12 was lost.</p></body></html>\n' >"$TMP/b.html"

expect_status "train_with_libxml2_parser" 0 "$SMART" train --html-parser libxml2 -o "$TMP/libxml2.json" "$CORPUS"
if grep -q '"html_parser":[[:space:]]*"libxml2"' "$TMP/libxml2.json"; then echo "ok - model_records_libxml2_parser"; else
	echo "not ok - model_records_libxml2_parser"; fi
"$SMART" classify --model "$TMP/libxml2.json" "$TMP/a.html" "$TMP/b.html" >"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" -le 1 ]; then echo "ok - classify_with_other_parser_still_decides"; else
	echo "not ok - classify_with_other_parser_still_decides (exit $status)"; fi
expect_one_error_line "classify_with_other_parser_warns_naming_it" \
	'warning: .*libxml2\.json was trained on trees of the libxml2 HTML parser.*pass --html-parser libxml2'
"$SMART" classify --html-parser libxml2 --model "$TMP/libxml2.json" "$TMP/a.html" "$TMP/b.html" >"$TMP/out" 2>"$TMP/err"
if [ ! -s "$TMP/err" ]; then echo "ok - classify_with_same_parser_does_not_warn"; else
	echo "not ok - classify_with_same_parser_does_not_warn ($(cat "$TMP/err"))"; fi
# (the default model's decision on this reworded sentence is not the point:
# it scores near the cutoff, inspect before the first-look corpora joined,
# ignore after; docs/first-look.md, "Joined the corpora")
"$SMART" classify --html-parser libxml2 "$TMP/a.html" "$TMP/b.html" >"$TMP/out" 2>"$TMP/err"
status=$?
if [ "$status" -le 1 ] && grep -qx 'inspect\|ignore' "$TMP/out"; then echo "ok - default_model_with_libxml2_parser_still_decides"; else
	echo "not ok - default_model_with_libxml2_parser_still_decides (exit $status)"; fi
expect_one_error_line "default_model_with_libxml2_parser_warns" 'default model was trained on trees of the html5 HTML parser'
finish
