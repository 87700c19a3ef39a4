# Where the cutoff sits for a first look (docs/first-look.md, "Where the
# cutoff sits"; docs/model-format.md): smart train --cutoff transfer moves
# the model's cutoff by the held-out first-look offset and records it;
# smart eval --cutoff transfer and --clean-cutoff B measure the two ways
# of placing it; --scores writes every scored pair's margin.
. "$(dirname "$0")/../cli/lib.sh"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HAND="$ROOT/corpora/handmade.jsonl"
EX="$ROOT/examples/timestamp-change"

expect_status "train_with_a_transfer_cutoff_runs" 0 \
	"$SMART" train --folds 0 -q --cutoff transfer -o "$TMP/transfer.json" "$HAND"
expect_output "train_says_how_the_cutoff_moved" "^cutoff chosen for a first look \(transfer\): moved by [-+][0-9]"
if grep -Eq '"cutoff_search":[[:space:]]*"transfer"' "$TMP/transfer.json" &&
   grep -Eq '"cutoff_offset":[[:space:]]*-?[0-9]' "$TMP/transfer.json"; then
	echo "ok - model_records_the_transfer_cutoff"
else
	echo "not ok - model_records_the_transfer_cutoff"
fi
expect_status "train_with_the_papers_cutoff_runs" 0 \
	"$SMART" train --folds 0 -q --cutoff f1 -o "$TMP/f1.json" "$HAND"
if grep -q '"cutoff_search"' "$TMP/f1.json"; then
	echo "not ok - papers_cutoff_records_no_search"
else
	echo "ok - papers_cutoff_records_no_search"
fi
# --json gives what the text's last lines say (cutoff_search): what was
# searched, the cutoff before and after the move, the training F1 at it
"$SMART" train --json --folds 0 -q --cutoff transfer -o "$TMP/transfer-json.json" "$HAND" \
	>"$TMP/transfer.out" 2>/dev/null
"$SMART" train --json --folds 0 -q --cutoff f1 -o "$TMP/f1-json.json" "$HAND" \
	>"$TMP/f1.out" 2>/dev/null
if python3 - "$TMP/transfer.out" "$TMP/transfer-json.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
c = o["cutoff_search"]
m = json.load(open(sys.argv[2]))
# (cJSON prints a number to 15 digits when that reads back within an ulp)
ok = (c["objective"] == "transfer" and c["cutoff"] == o["cutoff"] and
      abs(c["cutoff"] - m["cutoff"]) < 1e-12 and
      abs(c["offset"] - m["provenance"]["cutoff_offset"]) < 1e-12 and
      abs(c["f1_cutoff"] + c["offset"] - c["cutoff"]) < 1e-9 and
      c["training_f1"] == o["training_f1"] and c["held_out_apps"] >= 2 and
      0 <= c["held_out_worst_f1"] <= c["held_out_mean_f1"] <= 1 and c["profile"] is None)
sys.exit(0 if ok else 1)
PY
then
	echo "ok - train_json_gives_the_transfer_cutoff_search"
else
	echo "not ok - train_json_gives_the_transfer_cutoff_search"
fi
if python3 - "$TMP/f1.out" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))
c = o["cutoff_search"]
ok = (c["objective"] == "f1" and c["cutoff"] == c["f1_cutoff"] == o["cutoff"] and
      c["comparison"] == o["comparison"] and "offset" not in c and
      c["training_f1"] == o["training_f1"])
sys.exit(0 if ok else 1)
PY
then
	echo "ok - train_json_gives_the_papers_cutoff_search"
else
	echo "not ok - train_json_gives_the_papers_cutoff_search"
fi
# the recorded search loads back: the model classifies
expect_status "model_with_a_transfer_cutoff_classifies" 0 \
	"$SMART" classify --model "$TMP/transfer.json" "$EX/old.html" "$EX/new.html"
sed 's/"cutoff_offset":[[:space:]]*[-0-9.e+]*/"cutoff_offset": "x"/' "$TMP/transfer.json" >"$TMP/bad.json"
expect_status "model_with_a_bad_offset_is_trouble" 2 \
	"$SMART" classify --model "$TMP/bad.json" "$EX/old.html" "$EX/new.html"
expect_one_error_line "bad_offset_names_the_field" "bad.json.*cutoff_offset"

expect_status "unknown_cutoff_is_a_usage_error" 2 "$SMART" train --cutoff best -o "$TMP/x.json" "$HAND"
expect_one_error_line "unknown_cutoff_says_the_choices" "--cutoff must be f1, transfer"
expect_status "transfer_cutoff_refuses_adaptation" 2 \
	"$SMART" train --cutoff transfer --adapt "$HAND" -o "$TMP/x.json" "$HAND"
expect_one_error_line "transfer_cutoff_refusal_says_why" "without --adapt"

expect_status "eval_with_a_transfer_cutoff_runs" 0 "$SMART" eval --by-app --cutoff transfer -q "$HAND"
expect_output "eval_with_a_transfer_cutoff_prints_the_held_out_table" "^worst application: "
expect_status "eval_transfer_cutoff_needs_by_app" 2 "$SMART" eval --cutoff transfer -q "$HAND"
expect_one_error_line "eval_transfer_cutoff_says_by_app" "goes with --by-app"

expect_status "eval_with_a_clean_cutoff_runs" 0 "$SMART" eval --by-app --clean-cutoff 0.1 -q "$HAND"
expect_status "clean_cutoff_needs_a_positive_bound" 2 "$SMART" eval --by-app --clean-cutoff 0 -q "$HAND"
expect_one_error_line "clean_cutoff_bound_is_explained" "--clean-cutoff must be a bound"
expect_status "clean_cutoff_refuses_adaptation" 2 \
	"$SMART" eval --by-app --clean-cutoff 0.1 --adapt 2 -q "$HAND"

expect_status "eval_writes_scores" 0 "$SMART" eval --by-app --scores "$TMP/scores.tsv" -q "$HAND"
pairs=$(grep -c '"label"' "$HAND")
lines=$(($(wc -l <"$TMP/scores.tsv") - 1))
if head -1 "$TMP/scores.tsv" | grep -q "^app	label	forced	margin$" && [ "$lines" -eq "$pairs" ] &&
   grep -q "^shop	\(inspect\|ignore\)	\(inspect\|ignore\|-\)	-\?[0-9]" "$TMP/scores.tsv"; then
	echo "ok - scores_file_has_one_line_per_scored_pair"
else
	echo "not ok - scores_file_has_one_line_per_scored_pair ($lines lines, $pairs pairs)"
fi
expect_status "unwritable_scores_file_is_trouble" 2 \
	"$SMART" eval --by-app --scores "$TMP/no/such/dir/s.tsv" -q "$HAND"
expect_one_error_line "unwritable_scores_file_is_named" "s.tsv"
finish
