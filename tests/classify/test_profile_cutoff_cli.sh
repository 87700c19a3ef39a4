# The cutoff for pairs measured with a profile (docs/profile.md, "The
# cutoff with a profile"): `smart train --profile` over two or more
# applications records it; `classify --profile` decides by it, so a pair
# whose score lies between the two cutoffs is ignore without a profile and
# inspect with one; a model file without it decides as before.
. "$(dirname "$0")/../cli/lib.sh"
P="$FIX/profile"

"$SMART" profile "$P/run1" "$P/run2" "$P/run3" -o "$TMP/p.json" >/dev/null 2>&1
"$SMART" train --raw --folds 0 --profile "webshop=$TMP/p.json" -o "$TMP/m.json" "$P/train.jsonl" >/dev/null 2>&1
OLD="$P/run1/page.html" NEW="$P/new/link/page.html"

# The pair's score without and with the profile, and a model whose cutoff
# lies above both and whose profile cutoff lies below both.
"$SMART" classify --json --model "$TMP/m.json" "$OLD" "$NEW" >"$TMP/plain.json" 2>/dev/null
"$SMART" classify --json --model "$TMP/m.json" --profile "$TMP/p.json" "$OLD" "$NEW" >"$TMP/prof.json" 2>/dev/null
python3 - "$TMP" <<'PY'
import json, sys
d = sys.argv[1]
m = json.load(open(d + "/m.json"))
s = [json.load(open(d + "/%s.json" % k))["score"] for k in ("plain", "prof")]
m.pop("profile_cutoff", None)
m["cutoff"] = max(s) + 0.01
json.dump(m, open(d + "/old-model.json", "w"))
m["profile_cutoff"] = min(s) - 0.01
json.dump(m, open(d + "/m2.json", "w"))
PY

expect_status "between_the_cutoffs_without_a_profile_is_ignore" 0 "$SMART" classify --model "$TMP/m2.json" "$OLD" "$NEW"
expect_status "between_the_cutoffs_with_a_profile_is_inspect" 1 "$SMART" classify --model "$TMP/m2.json" --profile "$TMP/p.json" "$OLD" "$NEW"
"$SMART" classify --json --model "$TMP/m2.json" --profile "$TMP/p.json" "$OLD" "$NEW" >"$TMP/out" 2>/dev/null
if python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); m=json.load(open(sys.argv[2])); sys.exit(0 if o["cutoff"] == m["profile_cutoff"] else 1)' "$TMP/out" "$TMP/m2.json"; then
	echo "ok - classify_with_a_profile_reports_the_profile_cutoff"
else
	echo "not ok - classify_with_a_profile_reports_the_profile_cutoff"
fi
# The same model file without the field: the profile does not change the cutoff.
expect_status "model_without_a_profile_cutoff_decides_as_before" 0 "$SMART" classify --model "$TMP/old-model.json" --profile "$TMP/p.json" "$OLD" "$NEW"

# Training: one application cannot be held out from itself (no profile
# cutoff); two can, and the model records one.
if grep -q '"profile_cutoff"' "$TMP/m.json"; then
	echo "not ok - one_application_gives_no_profile_cutoff"
else
	echo "ok - one_application_gives_no_profile_cutoff"
fi
sed 's/"app": *"webshop"/"app": "webshop2"/' "$P/train.jsonl" >"$TMP/second.jsonl"
expect_status "train_with_profiles_over_two_applications" 0 "$SMART" train --raw --folds 0 --profile "$TMP/p.json" -o "$TMP/two.json" "$P/train.jsonl" "$TMP/second.jsonl"
expect_output "train_prints_the_profile_cutoff" '^with a profile: inspect when score >= '
if grep -Eq '"profile_cutoff":[[:space:]]*[-0-9]' "$TMP/two.json"; then
	echo "ok - two_applications_record_a_profile_cutoff"
else
	echo "not ok - two_applications_record_a_profile_cutoff"
fi
# --json says the same: the profile cutoff's held-out search, and the
# cutoff the model file records
"$SMART" train --json --raw --folds 0 --profile "$TMP/p.json" -o "$TMP/two-json.json" \
	"$P/train.jsonl" "$TMP/second.jsonl" >"$TMP/two.out" 2>/dev/null
if python3 - "$TMP/two.out" "$TMP/two-json.json" <<'PY'
import json, sys
o = json.load(open(sys.argv[1]))["cutoff_search"]["profile"]
m = json.load(open(sys.argv[2]))
# (cJSON prints a number to 15 digits when that reads back within an ulp)
ok = (abs(o["cutoff"] - m["profile_cutoff"]) < 1e-12 and o["held_out_apps"] == 2 and
      o["held_out_rows"] > 0 and 0 <= o["held_out_f1"] <= 1)
sys.exit(0 if ok else 1)
PY
then
	echo "ok - train_json_gives_the_profile_cutoffs_held_out_search"
else
	echo "not ok - train_json_gives_the_profile_cutoffs_held_out_search"
fi
finish
