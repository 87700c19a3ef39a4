# Few-pair adaptation (SMART §6.3, docs/adaptation.md): smart train --adapt
# and smart eval --by-app --adapt N.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"

. "$(dirname "$0")/adapt_pages.inc"
# Base applications: reworded paragraphs are benign, a lost list item is a
# fault. The new application "gamma" is the other way round: its list is a
# rotating feed (an item gone is benign) while its paragraph is the result
# under test (another sentence is a fault), so the base model gets it wrong.
contrary_corpora "$TMP"
cat "$TMP/base.jsonl" "$TMP/gamma.jsonl" >"$TMP/all.jsonl"

f1_of() { # APP FILE: the held-out F1 of APP in `smart eval --json` output
	sed 's/.*"per_app":{//' "$2" | grep -o "\"$1\":{[^}]*}" | grep -o '"f1":[0-9.e-]*' | cut -d: -f2
}
"$SMART" eval --by-app --json "$TMP/all.jsonl" >"$TMP/a0" 2>"$TMP/err"
"$SMART" eval --by-app --adapt 5 --json "$TMP/all.jsonl" >"$TMP/a5" 2>"$TMP/err"
f0=$(f1_of gamma "$TMP/a0"); f5=$(f1_of gamma "$TMP/a5")
if [ -n "$f0" ] && [ -n "$f5" ] && awk -v a="$f0" -v b="$f5" 'BEGIN { exit !(b > a + 0.1) }'; then
	echo "ok - eval_adapt_5_raises_held_out_application_f1"
else
	echo "not ok - eval_adapt_5_raises_held_out_application_f1 (gamma F1 $f0 -> $f5)"
fi
cp "$TMP/a5" "$TMP/out"
expect_output "eval_adapt_json_names_n_and_worst_app" '"adapt":5.*"worst_app":"[a-z]+"'
"$SMART" eval --by-app --adapt 3 "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_text_says_pairs_are_not_scored" 'after adapting with 3 of its pairs, not scored'
expect_status "eval_adapt_without_by_app_is_usage_error" 2 "$SMART" eval --adapt 5 "$TMP/all.jsonl"
# --adapt-order: the pairs as a reviewer meets them (train/adapt_order.c);
# random stays the default and is named in the output.
"$SMART" eval --by-app --adapt 3 --adapt-order reviewer --json "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_order_reviewer_named_in_json" '"adapt":3,"adapt_order":"reviewer"'
"$SMART" eval --by-app --adapt 3 --adapt-order by-change "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_order_by_change_named_in_text" 'not scored; by-change order'
"$SMART" eval --by-app --adapt 3 "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_order_random_is_the_default" 'not scored; random order'
"$SMART" eval --by-app --adapt 3 --adapt-order highest --json "$TMP/all.jsonl" >"$TMP/out" 2>"$TMP/err"
expect_output "eval_adapt_order_highest_named_in_json" '"adapt_order":"highest"'
expect_status "eval_adapt_order_unknown_word_is_usage_error" 2 "$SMART" eval --by-app --adapt 3 --adapt-order best "$TMP/all.jsonl"
expect_status "eval_adapt_order_without_by_app_is_usage_error" 2 "$SMART" eval --adapt-order reviewer "$TMP/all.jsonl"

# smart train --adapt: five pairs of a new application do not cost the base
# corpora more than 0.01 of training F1.
base_f1() { grep -o 'training F1 [0-9.]*' "$1" | cut -d' ' -f3; }
"$SMART" train --folds 0 -o "$TMP/base.json" "$PAIRS" >"$TMP/t0" 2>"$TMP/err"
sed -n '1,5p' "$TMP/gamma.jsonl" >"$TMP/five.jsonl"
"$SMART" train --adapt "$TMP/five.jsonl" -o "$TMP/adapted.json" "$PAIRS" >"$TMP/t5" 2>"$TMP/err5"
b0=$(base_f1 "$TMP/t0"); b5=$(base_f1 "$TMP/t5")
if [ -n "$b0" ] && [ -n "$b5" ] && awk -v a="$b0" -v b="$b5" 'BEGIN { exit !(b >= a - 0.01) }'; then
	echo "ok - train_adapt_5_pairs_keeps_base_training_f1"
else
	echo "not ok - train_adapt_5_pairs_keeps_base_training_f1 ($b0 -> $b5)"
fi
if grep -q 'adapted with 5 pairs: .*decides [0-9]* of them wrong (.* at most 50' "$TMP/err5"; then
	echo "ok - train_adapt_reports_pairs_and_weight"; else echo "not ok - train_adapt_reports_pairs_and_weight"; fi

# Adaptation learns where (issue 35): the new application "delta" rotates a
# feed (#feed: items change and go, what the base applications call a
# fault). Its adaptation pairs labelled ignore teach the adapted model a
# profile it carries, which classify uses with no --profile: another
# page's rotated feed is ignore, its changed result is still inspect; it
# is the profile that explains the feed (every edit noise: only_volatile),
# not the reweighting (--adapt-no-profile: the score decides).
feed() { # TEST-NUMBER RESULT ITEMS...
	n=$1 r=$2; shift 2
	printf '<html><head><title>delta %s</title></head><body><h1>delta %s</h1><p>%s</p><ul id=feed>' "$n" "$n" "$r"
	for i in "$@"; do printf '<li>%s</li>' "$i"; done
	printf '</ul></body></html>'
}
: >"$TMP/delta5.jsonl"
for i in 1 2 3; do
	pair delta "delta-$i" ignore "$(feed "$i" "Result $i is ready." apples pears plums)" \
		"$(feed "$i" "Result $i is ready." cherries)" >>"$TMP/delta5.jsonl"
done
for i in 4 5; do
	pair delta "delta-$i" inspect "$(feed "$i" "Result $i is ready." apples)" \
		"$(feed "$i" "Fatal: result $i was lost." apples)" >>"$TMP/delta5.jsonl"
done
feed 9 "Result 9 is ready." figs dates limes >"$TMP/d_old.html"
feed 9 "Result 9 is ready." melons >"$TMP/d_new.html"
feed 9 "Fatal: result 9 was lost." figs dates limes >"$TMP/d_bad.html"
"$SMART" train --adapt "$TMP/delta5.jsonl" --adapt-weight 1 -o "$TMP/delta.json" "$TMP/base.jsonl" >/dev/null 2>"$TMP/err"
"$SMART" train --adapt "$TMP/delta5.jsonl" --adapt-weight 1 --adapt-no-profile -o "$TMP/delta_np.json" \
	"$TMP/base.jsonl" >/dev/null 2>"$TMP/err_np"
if grep -q '"profile"' "$TMP/delta.json" && ! grep -q '"profile"' "$TMP/delta_np.json" &&
	grep -q 'carries a profile of [1-9][0-9]* locations learnt from 3 ignore pairs' "$TMP/err"; then
	echo "ok - train_adapt_model_carries_profile_of_its_ignore_pairs"
else
	echo "not ok - train_adapt_model_carries_profile_of_its_ignore_pairs ($(tail -n 1 "$TMP/err"))"
fi
expect_status "adapted_model_profile_explains_another_pages_rotated_feed" 0 \
	"$SMART" classify --model "$TMP/delta.json" "$TMP/d_old.html" "$TMP/d_new.html"
expect_status "adapted_model_profile_still_inspects_a_changed_result" 1 \
	"$SMART" classify --model "$TMP/delta.json" "$TMP/d_old.html" "$TMP/d_bad.html"
"$SMART" classify --json --model "$TMP/delta.json" "$TMP/d_old.html" "$TMP/d_new.html" >"$TMP/j1" 2>&1
"$SMART" classify --json --model "$TMP/delta_np.json" "$TMP/d_old.html" "$TMP/d_new.html" >"$TMP/j0" 2>&1
if grep -q '"only_volatile": *true' "$TMP/j1" && grep -q '"only_volatile": *false' "$TMP/j0"; then
	echo "ok - the_carried_profile_not_the_reweighting_explains_the_feed"
else
	echo "not ok - the_carried_profile_not_the_reweighting_explains_the_feed ($(cat "$TMP/j1" "$TMP/j0" | tr -d '\n' | cut -c1-300))"
fi
expect_status "train_adapt_weight_without_adapt_is_usage_error" 2 "$SMART" train --adapt-weight 3 -o "$TMP/x.json" "$PAIRS"
finish
