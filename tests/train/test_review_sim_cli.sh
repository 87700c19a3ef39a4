# smart eval --review-sim: the simulated reviewer of review --by-change,
# per application, as a table and as JSON; what it does not go with.
. "$(dirname "$0")/../cli/lib.sh"
PAIRS="$FIX/train/pairs.jsonl"

expect_status "review_sim_runs" 0 "$SMART" eval --review-sim --folds 2 -q "$PAIRS"
expect_output "review_sim_prints_the_columns" '^application +pairs flagged groups impure decisions wasted +/1000 +faults impure\+$'
expect_output "review_sim_prints_the_total" '^all +[0-9]+ +[0-9]+ '
expect_status "review_sim_json" 0 "$SMART" eval --review-sim --json --by-app -q "$PAIRS"
if python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
keys = {"pairs", "flagged", "groups", "impure_groups", "decisions", "wasted_decisions",
        "decisions_on_faults", "impure_groups_accepted", "wasted_per_1000_pairs"}
assert o["apps"] and all(set(a) == keys for a in o["apps"].values()), o
a = o["all"]
assert a["pairs"] == sum(x["pairs"] for x in o["apps"].values())
assert a["decisions"] >= a["wasted_decisions"] + a["decisions_on_faults"]
assert a["flagged"] <= a["pairs"] and a["decisions"] <= a["flagged"] + 2 * a["groups"]
' "$TMP/out"; then echo "ok - review_sim_json_has_every_count_per_application_and_in_all"; else
	echo "not ok - review_sim_json_has_every_count_per_application_and_in_all"; fi
expect_status "review_sim_with_plots_is_a_usage_error" 2 "$SMART" eval --review-sim --plots "$TMP/p" "$PAIRS"
expect_one_error_line "review_sim_with_plots_says_so" '--review-sim goes with neither'
finish
