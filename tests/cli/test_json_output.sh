# --json (DESIGN §4: "every subcommand takes --json for machine output"):
# what each subcommand prints with it is JSON — one object, or JSON Lines
# for batches — and nothing else on stdout.
. "$(dirname "$0")/lib.sh"

P="$FIX/train/pairs.jsonl"
R="$FIX/profile"
printf '<html><body><p>one</p></body></html>' >"$TMP/a.html"
printf '<html><body><p>two</p><p>more</p></body></html>' >"$TMP/b.html"
"$SMART" diff --json "$TMP/a.html" "$TMP/b.html" >"$TMP/s.json"
"$SMART" profile "$R/run1" "$R/run2" -o "$TMP/p.json" >/dev/null

# expect_json NAME KIND CMD...: CMD exits 0 or 1 and its stdout is one JSON
# value (KIND=one) or lines that are each a JSON object (KIND=lines).
expect_json() {
	name=$1 kind=$2; shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" -gt 1 ]; then
		echo "not ok - $name (exit $got: $(head -c 300 "$TMP/err"))"
	elif python3 - "$kind" "$TMP/out" <<'EOF'
import json, sys
kind, path = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
if kind == "one":
    json.loads(text)
else:
    lines = text.splitlines()
    assert lines, "no lines"
    for line in lines:
        assert isinstance(json.loads(line), dict)
EOF
	then echo "ok - $name"
	else echo "not ok - $name (not JSON: $(head -c 200 "$TMP/out"))"
	fi
}

expect_json "version_json_is_json" one "$SMART" version --json
expect_json "diff_json_is_json" one "$SMART" diff --json "$TMP/a.html" "$TMP/b.html"
expect_json "patch_json_is_json" one "$SMART" patch --json "$TMP/a.html" "$TMP/s.json"
expect_json "features_json_is_json" one "$SMART" features --json "$TMP/a.html" "$TMP/b.html"
expect_json "features_means_json_is_json" one "$SMART" features --json --means "$P"
expect_json "classify_json_is_json" one "$SMART" classify --json "$TMP/a.html" "$TMP/b.html"
expect_json "classify_corpus_json_is_json_lines" lines "$SMART" classify --json --corpus "$P"
expect_json "classify_dirs_json_is_json_lines" lines "$SMART" classify --json "$R/run1" "$R/new/input"
expect_json "classify_calibrated_json_keeps_stdout_json_lines" lines \
	"$SMART" classify --json --calibrate "$R/run1" --calibrate "$R/run2" "$R/run1" "$R/new/input"
expect_json "train_json_is_json" one "$SMART" train --json --folds 0 -o "$TMP/m.json" "$P"
expect_json "eval_json_is_json" one "$SMART" eval --json --folds 2 "$P"
expect_json "compare_json_is_json" one "$SMART" compare --json -c Raw "$TMP/a.html" "$TMP/b.html"
expect_json "compare_list_json_is_json" one "$SMART" compare --json --list
expect_json "compare_defaults_is_json" one "$SMART" compare --defaults
expect_json "profile_json_is_json" one "$SMART" profile --json "$R/run1" "$R/run2" -o "$TMP/p2.json"
expect_json "profile_check_json_is_json" one "$SMART" profile --json --check "$TMP/p.json"
expect_json "perturb_json_is_json" one "$SMART" perturb --json --in "$R/run1" -n 2 -o "$TMP/x.jsonl"
expect_json "replay_list_json_is_json" one "$SMART" replay --json --list "$FIX/replay/notes.har"
expect_json "replay_json_is_json" one "$SMART" replay --json "$FIX/replay/notes.har" \
	--base-url http://127.0.0.1:9 --timeout 5 -o "$TMP/replayed"
finish
