# One code path for adaptation (docs/adaptation.md, "A first look, then
# five pairs"): what `smart eval --by-app --adapt N` reports for a held-out
# application is what `smart classify` decides with the model `smart train
# --adapt` writes from the same N pairs -- refit, carried profile, accepted
# classes and clean cutoff alike. And `--adapt` combines with
# `--hold-out-rules`: a simulated first look, then N of its pairs.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HAND="$ROOT/corpora/handmade.jsonl"
. "$(dirname "$0")/adapt_pages.inc" # check

# same_decisions CORPUS APP ORDER: eval's held-out decisions of APP's scored pairs
# equal classify's with the adapted model trained on the other
# applications' pairs and APP's adaptation pairs (those --scores marks
# "adapt"), pair for pair in the corpus's order.
same_decisions() {
	corpus=$1 app=$2 order=$3
	"$SMART" eval --by-app --adapt 5 --adapt-order "$order" --scores "$TMP/s.tsv" -q "$corpus" \
		>/dev/null 2>"$TMP/err" || { echo "eval failed: $(cat "$TMP/err")"; return 1; }
	grep "\"app\": \"$app\"" "$corpus" >"$TMP/app.jsonl"
	grep -v "\"app\": \"$app\"" "$corpus" >"$TMP/others.jsonl"
	awk -F'\t' -v a="$app" '$1 == a' "$TMP/s.tsv" >"$TMP/app.tsv"
	[ "$(wc -l <"$TMP/app.jsonl")" -eq "$(wc -l <"$TMP/app.tsv")" ] ||
		{ echo "$(wc -l <"$TMP/app.tsv") score lines for $(wc -l <"$TMP/app.jsonl") pairs"; return 1; }
	paste -d'\t' "$TMP/app.tsv" "$TMP/app.jsonl" >"$TMP/joined"
	awk -F'\t' '$3 == "adapt"' "$TMP/joined" | cut -f5- >"$TMP/five.jsonl"
	awk -F'\t' '$3 != "adapt"' "$TMP/joined" | cut -f5- >"$TMP/rest.jsonl"
	awk -F'\t' '$3 != "adapt" { print ($3 != "-" ? $3 : ($4 >= 0 ? "inspect" : "ignore")) }' \
		"$TMP/joined" >"$TMP/want"
	[ "$(wc -l <"$TMP/five.jsonl")" -eq 5 ] || { echo "not 5 adaptation pairs"; return 1; }
	"$SMART" train --adapt "$TMP/five.jsonl" -o "$TMP/m.json" "$TMP/others.jsonl" \
		>/dev/null 2>"$TMP/err" || { echo "train failed: $(cat "$TMP/err")"; return 1; }
	"$SMART" classify --model "$TMP/m.json" --corpus "$TMP/rest.jsonl" --json >"$TMP/c.jsonl" \
		2>"$TMP/err"
	grep -o '"decision": *"[a-z]*"' "$TMP/c.jsonl" | sed 's/.*"\([a-z]*\)"$/\1/' >"$TMP/got"
	[ -s "$TMP/got" ] && cmp -s "$TMP/want" "$TMP/got" ||
		{ echo "eval $(tr '\n' ' ' <"$TMP/want") / classify $(tr '\n' ' ' <"$TMP/got")"; return 1; }
}

# gamma: an application the base model gets wrong (its clean reruns
# flagged), so that the refit, the carried profile, the accepted classes
# and the clean cutoff all have something to do; blog: one the base
# model already decides well.
contrary_corpora "$TMP"
cat "$TMP/base.jsonl" "$TMP/gamma.jsonl" >"$TMP/contrary.jsonl"
for order in flagged random; do
	why=$(same_decisions "$TMP/contrary.jsonl" gamma "$order")
	check "eval_adapt_decisions_of_a_contrary_app_${order}_equal_classify_with_the_adapted_model" "$why"
done
why=$(same_decisions "$HAND" blog random)
check "eval_adapt_decisions_of_blog_random_equal_classify_with_the_adapted_model" "$why"
# the check can fail: the model trained without the five pairs decides
# gamma otherwise than eval's adapted one did
same_decisions "$TMP/contrary.jsonl" gamma flagged >/dev/null
"$SMART" train --folds 0 -o "$TMP/m0.json" "$TMP/others.jsonl" >/dev/null 2>&1
"$SMART" classify --model "$TMP/m0.json" --corpus "$TMP/rest.jsonl" --json 2>/dev/null |
	grep -o '"decision": *"[a-z]*"' | sed 's/.*"\([a-z]*\)"$/\1/' >"$TMP/got0"
! cmp -s "$TMP/want" "$TMP/got0"
check "the_unadapted_model_decides_gamma_otherwise" "the same decisions"

# --adapt with --hold-out-rules: each application's own rules off, five
# of its pairs joining; named in the output.
expect_status "hold_out_rules_with_adapt_runs" 0 \
	"$SMART" eval --by-app --hold-out-rules --adapt 5 --adapt-order flagged "$HAND"
expect_output "hold_out_rules_with_adapt_says_both" \
	"after adapting with 5 of its pairs, not scored; flagged order.*a simulated first look"
"$SMART" eval --by-app --hold-out-rules --adapt 5 --json -q "$HAND" >"$TMP/out" 2>"$TMP/err"
expect_output "hold_out_rules_with_adapt_json_says_both" '"hold_out_rules":true'
expect_status "hold_out_rules_with_adapt_refuses_train_rows" 2 \
	"$SMART" eval --by-app --hold-out-rules --train-rows both --adapt 5 "$HAND"
expect_one_error_line "hold_out_rules_with_adapt_refusal_is_one_line" "--adapt goes with --hold-out-rules alone"
expect_status "adapt_clean_cutoff_must_be_a_bound" 2 \
	"$SMART" eval --by-app --adapt 5 --adapt-clean-cutoff -1 "$HAND"
expect_one_error_line "adapt_clean_cutoff_bound_is_explained" "--adapt-clean-cutoff must be in"
expect_status "train_adapt_clean_cutoff_must_be_a_bound" 2 \
	"$SMART" train --adapt "$HAND" --adapt-clean-cutoff x -o "$TMP/x.json" "$HAND"
finish
