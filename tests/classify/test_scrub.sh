# Scrub, then align: a pair that differs only in a date, a token and a
# generator version is ignore, with no feature moved and the discounted
# values named; the same pair with a changed link target beside them is
# inspect. SMART's raw pipeline (a model trained --raw) sees the volatile
# values as edits. Presentational attributes are discounted too.
. "$(dirname "$0")/../cli/lib.sh"

page() { # page DATE TOKEN VERSION HREF
	printf '<html><head><meta name="generator" content="Shopgen %s"></head><body>' "$3"
	printf '<form><input type="hidden" name="csrf" value="%s"><a href="%s">Orders</a></form>' "$2" "$4"
	printf '<p>Generated on %s</p></body></html>' "$1"
}
page "2024-03-01 10:00:00" "f7a3c9e2b1d04a5f8e6c7b9a0d1e2f3a" "4.2.1" "/orders" >"$TMP/old.html"
page "2024-07-15 18:42:07" "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e" "5.0.0" "/orders" >"$TMP/volatile.html"
page "2024-07-15 18:42:07" "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e" "5.0.0" "/admin/delete" >"$TMP/link.html"

expect_status only_volatile_values_changed_is_ignore 0 "$SMART" classify "$TMP/old.html" "$TMP/volatile.html"
expect_output only_volatile_pair_names_what_was_discounted '^every difference is a volatile value: 1 date, 1 time, 1 token, 1 generator metadata element$'
expect_output only_volatile_pair_moves_no_feature '^no feature moved the score'
expect_status a_changed_link_beside_volatile_values_is_inspect 1 "$SMART" classify "$TMP/old.html" "$TMP/link.html"
expect_output changed_link_pair_still_discounts_the_volatile_values '^volatile values discounted: 1 date, 1 time, 1 token, 1 generator metadata element$'
"$SMART" classify --json "$TMP/old.html" "$TMP/volatile.html" >"$TMP/out" 2>/dev/null
expect_output only_volatile_json_says_so '"only_volatile":true,"discounted":\{"total":4,"text":"1 date, 1 time, 1 token, 1 generator metadata element"\}'
# features (scrubbed) show no edit at all; the raw pipeline shows the edits
"$SMART" features --json "$TMP/old.html" "$TMP/volatile.html" >"$TMP/out" 2>/dev/null
expect_output scrubbed_features_show_no_edit '"text_only":0,.*"change_depth":0,'
"$SMART" train --raw --folds 0 -o "$TMP/raw.json" "$FIX/train/pairs.jsonl" >/dev/null 2>&1
"$SMART" classify --json --model "$TMP/raw.json" "$TMP/old.html" "$TMP/volatile.html" >"$TMP/out" 2>/dev/null
expect_output raw_model_measures_the_volatile_values_as_edits '"only_volatile":false,"discounted":\{"total":0'
# presentational attributes (class, data-*) beside a date: ignore, and said so
printf '<p>Generated on 2024-03-01</p><form action="/s"></form>' >"$TMP/p_old.html"
printf '<p>Generated on 2024-07-15</p><form action="/s" class="compact" data-track="s"></form>' >"$TMP/p_new.html"
expect_status presentational_attributes_and_a_date_are_ignore 0 "$SMART" classify "$TMP/p_old.html" "$TMP/p_new.html"
expect_output presentational_pair_says_what_was_discounted '^every difference is volatile or presentational: 1 date, 2 presentational attributes$'
# values without a digit are scrubbed too: a build path, a zone name
printf '<link href="/tmp/ci/build-17/cov/index.css"><p>Zone (UTC)</p>' >"$TMP/d_old.html"
printf '<link href="/tmp/ci/runner/_work/cov/index.css"><p>Zone (Europe/Berlin)</p>' >"$TMP/d_new.html"
expect_status digitless_path_and_zone_name_are_scrubbed 0 "$SMART" classify "$TMP/d_old.html" "$TMP/d_new.html"
# a generator <meta> one run prints and another does not (tidy --tidy-mark no)
printf '<html><head><meta name="generator" content="HTML Tidy 5.6.0"><title>t</title></head><body><p>x</p></body></html>' >"$TMP/g_old.html"
printf '<html><head><title>t</title></head><body><p>x</p></body></html>' >"$TMP/g_new.html"
expect_status a_dropped_generator_meta_is_ignore 0 "$SMART" classify "$TMP/g_old.html" "$TMP/g_new.html"
expect_output a_dropped_generator_meta_is_named '^every difference is a volatile value: 1 generator metadata element$'
printf '<html><head><title>t</title></head><body><p>y</p></body></html>' >"$TMP/g_text.html"
expect_status a_text_change_beside_it_is_inspect 1 "$SMART" classify "$TMP/g_old.html" "$TMP/g_text.html"
# A date inside a JSON-escaped script string (PHP's json_encode writes
# "2024\/03\/15 10:00") is a date; a changed word beside it is not.
printf '<html><body><p>Orders</p><script>var c = {"at":"%s","page":"%s"};</script></body></html>' \
	'2024\/03\/15 10:00' orders >"$TMP/esc1.html"
printf '<html><body><p>Orders</p><script>var c = {"at":"%s","page":"%s"};</script></body></html>' \
	'2024\/03\/16 11:42' orders >"$TMP/esc2.html"
printf '<html><body><p>Orders</p><script>var c = {"at":"%s","page":"%s"};</script></body></html>' \
	'2024\u002F03\u002F16 11:42' invoices >"$TMP/esc3.html"
expect_status escaped_script_date_is_volatile 0 "$SMART" classify "$TMP/esc1.html" "$TMP/esc2.html"
expect_output escaped_script_date_is_named_as_volatile '^every difference is a volatile value'
expect_status escaped_date_beside_a_changed_word_is_inspect 1 "$SMART" classify "$TMP/esc1.html" "$TMP/esc3.html"
finish
