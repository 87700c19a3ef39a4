# Simulated first looks (docs/first-look.md, "Simulated first looks"):
# `smart scrubbers` prints every scrubber with the applications it was
# read from; `smart eval --by-app --hold-out-rules` measures each held-out
# application with exactly its own rules off; `--train-rows first-look`
# trains on such rows, which differ from the ordinary ones only for
# applications with provenance; unknown application names are harmless.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HAND="$ROOT/corpora/handmade.jsonl"

expect_status "scrubbers_lists_the_registry" 0 "$SMART" scrubbers
expect_output "scrubbers_has_a_read_from_column" "^scrubber +stage +read from +explains$"
# every registry entry, with its provenance: the JSON's and the text's agree
"$SMART" scrubbers --json >"$TMP/s.json"
n_json=$(grep -o '"name":"[a-z_]*"' "$TMP/s.json" | wc -l)
n_text=$(($(wc -l <"$TMP/out") - 1))
if [ "$n_json" -ge 19 ] && [ "$n_json" -eq "$n_text" ]; then
	echo "ok - scrubbers_prints_every_entry_in_text_and_json"
else
	echo "not ok - scrubbers_prints_every_entry_in_text_and_json ($n_json / $n_text)"
fi
missing=""
for s in $(grep -o '"name":"[a-z_]*"' "$TMP/s.json" | sed 's/"name":"\(.*\)"/\1/'); do
	from=$(grep -o "{\"name\":\"$s\",\"stage\":\"[a-z]*\",\"read_from\":\[[^]]*\]" "$TMP/s.json" |
		sed 's/.*"read_from":\[\(.*\)\]/\1/; s/"//g')
	grep -Eq "^$s +(before|after) +${from:--} " "$TMP/out" || missing="$missing $s"
done
if [ -z "$missing" ]; then echo "ok - every_scrubber_line_prints_its_provenance"; else
	echo "not ok - every_scrubber_line_prints_its_provenance (wrong:$missing)"; fi
expect_output "rt_rules_say_rt" "^json_order +before +rt "
expect_output "general_rules_say_none" "^values +before +- "
expect_status "scrubbers_json_runs" 0 "$SMART" scrubbers --json
expect_output "scrubbers_json_lists_read_from" '"name":"presentation","stage":"after","read_from":\["shop","blog","bank","wiki","forum"\]'
expect_status "scrubbers_takes_no_operands" 2 "$SMART" scrubbers extra
expect_one_error_line "scrubbers_operand_error_is_one_line" "takes no operands"

# blog (its rule: presentation) beside an exact copy under a name no rule
# was read from: the default model decides both alike ordinarily; with
# --hold-out-rules blog loses its rule, the copy keeps every rule.
grep '"app": "blog"' "$HAND" >"$TMP/blog.jsonl"
sed 's/"app": "blog"/"app": "nosuch"/' "$TMP/blog.jsonl" >"$TMP/copy.jsonl"
cat "$TMP/blog.jsonl" "$TMP/copy.jsonl" >"$TMP/two.jsonl"
"$SMART" eval --by-app --model default --json -q "$TMP/two.jsonl" >"$TMP/plain.json"
"$SMART" eval --by-app --model default --hold-out-rules --json -q "$TMP/two.jsonl" >"$TMP/held.json"
app_of() { grep -o "\"$1\":{[^}]*}" "$2" | sed 's/"auc":[^,}]*//'; }
blog_plain=$(app_of blog "$TMP/plain.json" | sed 's/"blog"//')
copy_plain=$(app_of nosuch "$TMP/plain.json" | sed 's/"nosuch"//')
blog_held=$(app_of blog "$TMP/held.json" | sed 's/"blog"//')
copy_held=$(app_of nosuch "$TMP/held.json" | sed 's/"nosuch"//')
if [ -n "$blog_plain" ] && [ "$blog_plain" = "$copy_plain" ]; then
	echo "ok - a_copy_under_another_name_is_decided_alike"
else
	echo "not ok - a_copy_under_another_name_is_decided_alike ($blog_plain / $copy_plain)"
fi
if [ -n "$blog_held" ] && [ "$blog_held" != "$blog_plain" ]; then
	echo "ok - hold_out_rules_turns_off_the_applications_own_rules"
else
	echo "not ok - hold_out_rules_turns_off_the_applications_own_rules ($blog_held / $blog_plain)"
fi
if [ -n "$copy_held" ] && [ "$copy_held" = "$copy_plain" ]; then
	echo "ok - hold_out_rules_leaves_an_unknown_application_alone"
else
	echo "not ok - hold_out_rules_leaves_an_unknown_application_alone ($copy_held / $copy_plain)"
fi
if grep -q '"hold_out_rules":true' "$TMP/held.json" && grep -q '"hold_out_rules":false' "$TMP/plain.json"; then
	echo "ok - eval_json_says_whether_rules_were_held_out"
else
	echo "not ok - eval_json_says_whether_rules_were_held_out"
fi

expect_status "hold_out_rules_fits_folds" 0 "$SMART" eval --by-app --hold-out-rules -q "$HAND"
expect_output "hold_out_rules_says_so" "a simulated first look"
expect_output "by_app_prints_a_pooled_auc" "^pooled AUC .*: [0-9.]+$"
expect_status "train_rows_both_fits_folds" 0 "$SMART" eval --by-app --hold-out-rules --train-rows both -q "$HAND"
expect_output "train_rows_says_so" "trained on both rows"
expect_status "hold_out_rules_needs_by_app" 2 "$SMART" eval --hold-out-rules "$HAND"
expect_one_error_line "hold_out_rules_needs_by_app_says_so" "go with --by-app"
mkdir -p "$TMP/runs"
expect_status "hold_out_rules_refuses_profiles" 2 "$SMART" eval --by-app --hold-out-rules --runs "$TMP/runs" "$HAND"
expect_one_error_line "hold_out_rules_refuses_profiles_says_so" "without shards, comparators, profiles"
expect_status "train_rows_refuses_a_given_model" 2 "$SMART" eval --by-app --model default --train-rows both "$HAND"
expect_status "train_rows_refuses_an_unknown_word" 2 "$SMART" eval --by-app --train-rows some "$HAND"
expect_one_error_line "train_rows_names_the_words" "ordinary, first-look or both"

# Training rows: first looks differ from the ordinary rows only where a
# rule was read from the application. On the copy alone (no provenance)
# the two models weigh alike; with blog they do not.
weights() { sed -n '/"weights"/,/]/p' "$1" | tr -d ' \n'; }
expect_status "train_first_look_rows" 0 "$SMART" train --folds 0 -q --train-rows first-look \
	-o "$TMP/fl-copy.json" "$TMP/copy.jsonl"
"$SMART" train --folds 0 -q -o "$TMP/or-copy.json" "$TMP/copy.jsonl" >/dev/null 2>&1
"$SMART" train --folds 0 -q --train-rows first-look -o "$TMP/fl-two.json" "$TMP/two.jsonl" >/dev/null 2>&1
"$SMART" train --folds 0 -q -o "$TMP/or-two.json" "$TMP/two.jsonl" >/dev/null 2>&1
if [ -n "$(weights "$TMP/fl-copy.json")" ] && [ "$(weights "$TMP/fl-copy.json")" = "$(weights "$TMP/or-copy.json")" ]; then
	echo "ok - first_look_rows_equal_ordinary_rows_without_provenance"
else
	echo "not ok - first_look_rows_equal_ordinary_rows_without_provenance"
fi
if [ -n "$(weights "$TMP/fl-two.json")" ] && [ "$(weights "$TMP/fl-two.json")" != "$(weights "$TMP/or-two.json")" ]; then
	echo "ok - first_look_rows_differ_for_an_application_with_provenance"
else
	echo "not ok - first_look_rows_differ_for_an_application_with_provenance"
fi
if grep -Eq '"train_rows":[[:space:]]*"first-look"' "$TMP/fl-two.json" && ! grep -q '"train_rows"' "$TMP/or-two.json"; then
	echo "ok - model_records_its_training_rows"
else
	echo "not ok - model_records_its_training_rows"
fi
expect_status "model_trained_on_first_looks_classifies" 0 "$SMART" classify --model "$TMP/fl-two.json" \
	"$ROOT/examples/timestamp-change/old.html" "$ROOT/examples/timestamp-change/new.html"
expect_status "train_rows_refuses_adapt" 2 "$SMART" train --train-rows both --adapt "$HAND" -o "$TMP/x.json" "$HAND"

# First-look rows are measured without a profile (a first look meets the
# application so): a --profile beside them alone would profile no row, so
# it is refused in one line rather than dropped; with `both` it profiles
# the ordinary rows and the model says it was trained with profiles.
P="$ROOT/tests/fixtures/profile"
"$SMART" profile "$P/run1" "$P/run2" -o "$TMP/p.json" >/dev/null 2>&1
expect_status "train_first_look_rows_refuse_a_profile" 2 "$SMART" train --folds 0 -q \
	--train-rows first-look --profile "webshop=$TMP/p.json" -o "$TMP/flp.json" "$P/train.jsonl"
expect_one_error_line "train_first_look_rows_refuse_a_profile_in_one_line" \
	"--profile does not go with --train-rows first-look"
if [ ! -e "$TMP/flp.json" ]; then echo "ok - train_first_look_rows_with_a_profile_write_no_model"; else
	echo "not ok - train_first_look_rows_with_a_profile_write_no_model"; fi
expect_status "train_both_rows_take_a_profile" 0 "$SMART" train --folds 0 -q \
	--train-rows both --profile "webshop=$TMP/p.json" -o "$TMP/bp.json" "$P/train.jsonl"
if grep -Eq '"profiles":[[:space:]]*true' "$TMP/bp.json"; then
	echo "ok - train_both_rows_record_the_profile"
else
	echo "not ok - train_both_rows_record_the_profile"
fi
expect_status "eval_train_rows_refuse_a_profile" 2 "$SMART" eval --by-app --train-rows first-look \
	--profile "webshop=$TMP/p.json" "$P/train.jsonl"
expect_one_error_line "eval_train_rows_refuse_a_profile_in_one_line" "profiles"
finish
