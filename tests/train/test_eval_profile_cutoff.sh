# eval --by-app --runs decides the pairs measured with a profile by the
# profile cutoff (docs/profile.md, "The cutoff with a profile"): with a
# given model (a first look) its recorded one, and the column without
# profiles by its cutoff.
. "$(dirname "$0")/../cli/lib.sh"
P="$FIX/profile"

mkdir -p "$TMP/runs/webshop/runs"
cp -r "$P/run1" "$P/run2" "$TMP/runs/webshop/runs/"
"$SMART" profile "$P/run1" "$P/run2" -o "$TMP/p.json" >/dev/null 2>&1
"$SMART" train --raw --folds 0 --profile "webshop=$TMP/p.json" -o "$TMP/m.json" "$P/train.jsonl" >/dev/null 2>&1
# every pair the model decides: ignore by the cutoff, inspect by the profile cutoff
python3 - "$TMP" <<'PY'
import json, sys
d = sys.argv[1]
m = json.load(open(d + "/m.json"))
m["cutoff"] = 1e6
m["profile_cutoff"] = -1e6
json.dump(m, open(d + "/split.json", "w"))
PY
expect_status "first_look_with_runs_and_a_profile_cutoff" 0 "$SMART" eval --by-app --raw --model "$TMP/split.json" --runs "$TMP/runs" --json -q "$P/train.jsonl"
python3 - "$TMP/out" <<'PY'
import json, sys
app = json.load(open(sys.argv[1]))["by_app"][0]
# without a profile nothing reaches the cutoff but a rule's inspect; with
# one every pair a rule does not decide is inspect
print("ok - profile_column_decides_by_the_profile_cutoff" if app["profile"] > app["without"]
      else "not ok - profile_column_decides_by_the_profile_cutoff (%s)" % app)
PY
finish
