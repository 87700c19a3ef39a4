# smart value-model from the command line: counts the values it learns
# from, writes the same model and C source from the same corpus every
# time, reports its leave-one-application-out table, and refuses an
# unusable record unless told to skip it.
. "$(dirname "$0")/../cli/lib.sh"

# pair APP LABEL OLD_TOKEN NEW_TOKEN OLD_POS NEW_POS: a page with a token
# in a hidden input and a source position in a data attribute.
pair() {
	printf '{"app":"%s","test":"t%s%s","format":"html","label":"%s","old":"<form><input type=\\"hidden\\" name=\\"s\\" value=\\"%s\\"><p data-pos=\\"%s\\">x</p></form>","new":"<form><input type=\\"hidden\\" name=\\"s\\" value=\\"%s\\"><p data-pos=\\"%s\\">x</p></form>"}\n' \
		"$1" "$3" "$5" "$2" "$3" "$5" "$4" "$6"
}
for app in one two three; do
	pair $app ignore 9f86d081884c 2c26b46b68ff 1:1 1:1
	pair $app ignore 7d865e959b24 e3b0c44298fc 2:1 2:1
	pair $app ignore ab12cd34ef56 0a1b2c3d4e5f 3:1 3:1
	pair $app inspect 9f86d081884c 9f86d081884c 4:1 4:2
	pair $app inspect 7d865e959b24 7d865e959b24 5:1 6:1
	pair $app inspect ab12cd34ef56 ab12cd34ef56 7:3 7:4
done >"$TMP/c.jsonl"

expect_status "value_model_trains" 0 "$SMART" value-model -o "$TMP/m.json" --c-source "$TMP/m.c" "$TMP/c.jsonl"
expect_output "value_model_counts_volatile_and_meaningful_values" \
	'^18 pairs, 18 changed values it judges: 9 volatile, 9 meaningful, 0 left out'
expect_status "value_model_trains_again" 0 "$SMART" value-model -o "$TMP/m2.json" --c-source "$TMP/m2.c" --threads 1 "$TMP/c.jsonl"
if cmp -s "$TMP/m.c" "$TMP/m2.c" && cmp -s "$TMP/m.json" "$TMP/m2.json"; then
	echo "ok - value_model_training_is_deterministic"
else
	echo "not ok - value_model_training_is_deterministic"
fi
if grep -q 'smart__value_model_builtin' "$TMP/m.c" && grep -q '"cutoff"' "$TMP/m.json"; then
	echo "ok - value_model_writes_c_source_and_json"
else
	echo "not ok - value_model_writes_c_source_and_json"
fi

expect_status "value_model_by_app" 0 "$SMART" value-model --by-app "$TMP/c.jsonl"
expect_output "value_model_by_app_holds_each_application_out" '^two +3 +[0-9.]+% +3 +[0-9.]+%$'
expect_status "value_model_json" 0 "$SMART" value-model --json --by-app "$TMP/c.jsonl"
expect_output "value_model_json_is_one_object" '^\{"pairs":18,.*"by_app":\[\{"app":"one"'

{ cat "$TMP/c.jsonl"; echo '{"app":"x","test":"t","old":"<p>a</p>","new":"<p>b</p>"}'; } >"$TMP/bad.jsonl"
expect_status "value_model_unlabelled_record_is_trouble" 2 "$SMART" value-model "$TMP/bad.jsonl"
expect_one_error_line "value_model_unlabelled_record_names_its_line" "bad\\.jsonl:19: no 'label'"
expect_status "value_model_skip_bad_trains_without_it" 0 "$SMART" value-model --skip-bad "$TMP/bad.jsonl"
expect_status "value_model_missing_corpus_is_trouble" 2 "$SMART" value-model "$TMP/nope.jsonl"
expect_one_error_line "value_model_missing_corpus_names_it" 'nope\.jsonl'
finish
