# Comparator verdicts as features: smart train --comparator-features writes
# a model whose feature list ends with "comparator:NAME", and classify
# computes those verdicts when the model asks for them.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"
F="$FIX/compare"

expect_status "train_comparator_features" 0 "$SMART" train -o "$TMP/m.json" --folds 0 --comparator-features --baselines TagNames,FragGen "$PAIRS"
if grep -q '"comparator:TagNames"' "$TMP/m.json" && grep -q '"comparator:FragGen"' "$TMP/m.json"; then
	echo "ok - train_model_lists_comparator_features"; else echo "not ok - train_model_lists_comparator_features"; fi
"$SMART" classify --model "$TMP/m.json" --json "$F/page.html" "$F/page-lost-input.html" >"$TMP/out" 2>"$TMP/err"
st=$?
if [ "$st" -le 1 ]; then echo "ok - classify_with_comparator_model_decides"; else
	echo "not ok - classify_with_comparator_model_decides (exit $st)"; sed 's/^/#   /' "$TMP/err"; fi
expect_output "classify_computes_comparator_verdicts" '"comparator:TagNames":1'
expect_output "classify_computes_fraggen_verdict" '"comparator:FragGen":1'
"$SMART" classify --model "$TMP/m.json" --json "$F/page.html" "$F/page.html" >"$TMP/out" 2>"$TMP/err"
expect_output "identical_pages_pass_every_comparator" '"comparator:TagNames":0'
"$SMART" classify --model "$TMP/m.json" --corpus "$PAIRS" --json >"$TMP/out" 2>"$TMP/err"
if [ "$(wc -l <"$TMP/out")" -eq "$(wc -l <"$PAIRS")" ]; then echo "ok - classify_corpus_with_comparator_model"; else
	echo "not ok - classify_corpus_with_comparator_model"; head -3 "$TMP/err" | sed 's/^/#   /'; fi
sed 's/comparator:FragGen/comparator:Nope/' "$TMP/m.json" >"$TMP/bad.json"
expect_status "model_with_unknown_comparator_is_trouble" 2 "$SMART" classify --model "$TMP/bad.json" "$F/page.html" "$F/page.html"
expect_one_error_line "model_with_unknown_comparator_names_it" "bad.json: feature [0-9]+ 'comparator:Nope' of the model is unknown"
expect_status "train_baselines_needs_comparator_features" 2 "$SMART" train -o "$TMP/x.json" --baselines N "$PAIRS"
expect_status "train_unknown_comparator_is_trouble" 2 "$SMART" train -o "$TMP/x.json" --comparator-features --baselines Nope "$PAIRS"
expect_one_error_line "train_unknown_comparator_named" "unknown comparator 'Nope'"
finish
