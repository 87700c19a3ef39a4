# smart mutate on the tiny C and JavaScript fixtures: operators, counts,
# records, determinism, and the user's tree left byte-identical (also when
# interrupted).
. "$(dirname "$0")/../cli/lib.sh"

C="$FIX/mutate/c_app"
J="$FIX/mutate/js_app"
export TMPDIR="$TMP/scratch"
mkdir -p "$TMPDIR"

# check NAME CMD...: CMD succeeds.
check() {
	name=$1; shift
	if "$@" >/dev/null 2>&1; then echo "ok - $name"; else echo "not ok - $name"; fi
}

# A listing of a tree that changes when any file, name or mode changes.
tree_sums() {
	(cd "$1" && find . -exec stat -c '%n %a %s' {} + | LC_ALL=C sort &&
	 find . -type f -exec sha256sum {} + | LC_ALL=C sort -k2)
}

# Every line of FILE matches PATTERN (and FILE is not empty).
all_lines_match() {
	[ -s "$2" ] && [ "$(grep -c -- "$1" "$2")" -eq "$(wc -l <"$2")" ]
}

scratch_is_empty() { [ -z "$(ls -A "$TMPDIR")" ]; }

# same_tree DIR BEFORE: DIR's listing is still BEFORE.
same_tree() { tree_sums "$1" | cmp -s - "$2"; }

tree_sums "$C" >"$TMP/c.before"
tree_sums "$J" >"$TMP/j.before"

c_mutate() { # extra args...
	"$SMART" mutate --src "$C" --files '*.c' --build make --run 'sh run.sh' \
		--outputs out --seed 3 --timeout 2 "$@"
}

# Enough mutants to try every mutation the operators find in app.c.
expect_status "mutate_c_app_completes" 0 c_mutate -n 500 -j 2 --json -o "$TMP/c1.jsonl"
expect_output "mutate_counts_mutant_that_fails_to_build" '"build_failed":[1-9]'
expect_output "mutate_counts_mutant_that_times_out" '"timed_out":[1-9]'
expect_output "mutate_counts_killed_mutants" '"killed":[1-9]'
for op in delete return swap-op negate constant; do
	check "mutate_c_operator_${op}_appears_in_notes" \
		grep -q "\"note\":\"app.c:[0-9]* $op '" "$TMP/c1.jsonl"
done
check "mutate_pairs_are_labelled_inspect_with_origin_mutant" \
	all_lines_match '"label":"inspect","origin":"mutant","note":"app.c:[0-9]* ' "$TMP/c1.jsonl"
check "mutate_pairs_name_app_test_and_format" \
	all_lines_match '^{"app":"c_app","test":"\(big\|bulk\|small\)\.html","format":"html","old":' "$TMP/c1.jsonl"
# the static assertion's lines only ever fail to build: never a pair
check "mutate_mutant_that_fails_to_build_gives_no_pair" \
	sh -c "! grep -q '\"note\":\"app.c:7 ' '$TMP/c1.jsonl'"
small_old='"test":"small.html","format":"html","old":"<html><body><h1>Order</h1><table>\n<tr class=\"normal\"><td>pen</td><td>3</td><td class=\"w1\">6</td></tr>\n<tr class=\"normal\"><td>book</td><td>1</td><td class=\"w2\">12</td></tr>\n</table><p>2 items, total 18</p>\n</body></html>\n","new":"'
grep -F '"test":"small.html"' "$TMP/c1.jsonl" >"$TMP/small.jsonl"
if [ -s "$TMP/small.jsonl" ] && [ "$(grep -cF -- "$small_old" "$TMP/small.jsonl")" -eq "$(wc -l <"$TMP/small.jsonl")" ]; then
	echo "ok - mutate_old_is_the_clean_output"
else
	echo "not ok - mutate_old_is_the_clean_output"
fi
check "mutate_new_differs_from_old" sh -c "! grep -qF '\"new\":\"<html><body><h1>Order</h1><table>\\\\n<tr class=\\\\\"normal\\\\\"><td>pen</td><td>3</td><td class=\\\\\"w1\\\\\">6</td></tr>\\\\n<tr class=\\\\\"normal\\\\\"><td>book</td><td>1</td><td class=\\\\\"w2\\\\\">12</td></tr>\\\\n</table><p>2 items, total 18</p>\\\\n</body></html>\\\\n\"' '$TMP/small.jsonl'"

expect_status "mutate_same_seed_runs_again" 0 c_mutate -n 500 -j 1 -o "$TMP/c2.jsonl"
check "mutate_same_seed_same_pairs_whatever_the_jobs" cmp "$TMP/c1.jsonl" "$TMP/c2.jsonl"
expect_status "mutate_other_seed_runs" 0 c_mutate -n 6 --seed 11 -o "$TMP/c3.jsonl"
expect_status "mutate_first_mutants_of_a_seed" 0 c_mutate -n 6 -o "$TMP/c4.jsonl"
check "mutate_other_seed_other_mutants" sh -c "! cmp -s '$TMP/c3.jsonl' '$TMP/c4.jsonl'"
expect_status "mutate_per_mutant_limit_runs" 0 c_mutate -n 40 --per-mutant 1 --json -o "$TMP/c5.jsonl.gz"
# every mutant gives at most one pair: pairs == killed minus the mutants whose
# outputs all went missing; at least fewer than without the limit
pairs5=$(sed -n 's/.*"pairs":\([0-9]*\).*/\1/p' "$TMP/out")
check "mutate_per_mutant_limit_caps_pairs" test "$pairs5" -lt "$(wc -l <"$TMP/c1.jsonl")"
check "mutate_gz_output_is_gzip_json_lines" test "$(gzip -dc "$TMP/c5.jsonl.gz" | grep -c '"origin":"mutant"')" -eq "$pairs5"
check "mutate_per_mutant_choice_is_a_subset" sh -c "gzip -dc '$TMP/c5.jsonl.gz' | while IFS= read -r l; do grep -qxF -- \"\$l\" '$TMP/c1.jsonl' || exit 1; done"
# An output that changes between identical runs is left out, not a pair.
expect_status "mutate_with_unstable_output_runs" 0 c_mutate -n 8 --json \
	--run 'sh run.sh; od -An -N8 -tx8 /dev/urandom > out/clock.html' -o "$TMP/c6.jsonl"
expect_output "mutate_counts_unstable_output" '"unstable":1,'
check "mutate_unstable_output_gives_no_pair" sh -c "! grep -q '\"test\":\"clock.html\"' '$TMP/c6.jsonl'"
# A test whose clean output is empty is no crash when the mutant's is too.
expect_status "mutate_small_run_for_reference" 0 c_mutate -n 8 --json -o "$TMP/c8.jsonl"
ref=$(sed 's/.*"killed":\([0-9]*\),"pairs":\([0-9]*\),"outputs":[0-9]*,"unstable":[0-9]*,"missing":\([0-9]*\).*/\1 \2 \3/' "$TMP/out")
expect_status "mutate_with_empty_clean_output_runs" 0 c_mutate -n 8 --json \
	--run 'sh run.sh; : > out/empty.html' -o "$TMP/c9.jsonl"
got=$(sed 's/.*"killed":\([0-9]*\),"pairs":\([0-9]*\),"outputs":[0-9]*,"unstable":[0-9]*,"missing":\([0-9]*\).*/\1 \2 \3/' "$TMP/out")
check "mutate_empty_clean_output_is_not_missing" test "$ref" = "$got"
check "mutate_json_counts_per_operator" grep -q '"operators":{"delete":{"tried":[0-9]*,"killed":[0-9]*},"return"' "$TMP/out"
# The budget counts from the start, clean build and runs included (about
# 1 s here, more on a loaded machine), so it leaves room for mutants.
expect_status "mutate_time_budget_runs" 0 c_mutate --time 5 --json -o "$TMP/c7.jsonl"
expect_output "mutate_time_budget_tries_mutants" '"tried":[1-9]'
check "mutate_leaves_c_fixture_byte_identical" same_tree "$C" "$TMP/c.before"
check "mutate_removes_its_scratch_copies" scratch_is_empty

# wait_for_scratch: waits (up to 30 s) until a run's scratch folder exists,
# which is after mutate has set its signal handlers: a signal sent earlier
# would meet the default action (no message), and a fixed sleep cannot
# promise that on a loaded machine.
wait_for_scratch() {
	i=0
	until ls "$TMPDIR" | grep -q '^smart-mutate-'; do
		i=$((i + 1)); [ "$i" -le 600 ] || return 1; sleep 0.05
	done
}

# Interrupted runs: the commands are slow, so the signal comes mid-run; a
# closed terminal (HUP) and Ctrl-\ (QUIT) clean up like Ctrl-C, and HUP is
# also sent at other moments (as the copy starts, during the clean build and
# runs, and later), each counted from the scratch folder's creation.
for case in INT:2:2 TERM:15:2 QUIT:3:2 HUP:1:0 HUP:1:0.3 HUP:1:2 HUP:1:7; do
	sig=${case%%:*} after=${case##*:} num=${case#*:}; num=${num%%:*}
	want=$((128 + num))
	sname="mutate_sig${sig}_after_${after}s" # not `name`: check() sets that
	rm -f "$TMP/int.jsonl"
	"$SMART" mutate --src "$C" --files '*.c' --build make \
		--run 'sleep 5; sh run.sh' --outputs out -n 50 -o "$TMP/int.jsonl" \
		>/dev/null 2>"$TMP/int.err" &
	pid=$!
	wait_for_scratch
	sleep "$after"
	kill -"$sig" "$pid"
	wait "$pid"
	got=$?
	if [ "$got" -eq "$want" ]; then echo "ok - ${sname}_exits_$want"; else
		echo "not ok - ${sname}_exits_$want (exit $got)"; sed 's/^/#   /' "$TMP/int.err"; fi
	check "${sname}_says_interrupted_nothing_written" \
		grep -q "^smart: mutate interrupted by signal $num; nothing written$" "$TMP/int.err"
	check "${sname}_writes_no_output_file" sh -c "! ls '$TMP' | grep -q '^int.jsonl'"
	check "${sname}_removes_scratch_copies" scratch_is_empty
	check "${sname}_leaves_fixture_byte_identical" same_tree "$C" "$TMP/c.before"
done

# The build's own temporary files ($TMPDIR: a compiler's, here one the
# build writes) live inside the scratch folder, so a build killed by an
# interrupt or a timeout (SIGKILL: it cannot clean up) leaves none behind.
"$SMART" mutate --src "$C" --files '*.c' \
	--build 'echo x >"$TMPDIR/build-temp"; exec sleep 60' \
	--run 'sh run.sh' --outputs out -n 1 -o "$TMP/temp.jsonl" >/dev/null 2>&1 &
pid=$!
i=0
until [ -n "$(find "$TMPDIR" -name build-temp 2>/dev/null)" ] || [ "$i" -gt 600 ]; do
	i=$((i + 1)); sleep 0.05
done
check mutate_build_tmpdir_is_inside_scratch sh -c "ls '$TMPDIR'/smart-mutate-*/tmp/build-temp"
kill -HUP "$pid"
wait "$pid"
check mutate_sigHUP_during_build_leaves_no_build_temp_files scratch_is_empty

# A scratch copy left by a killed run (SIGKILL cannot be caught) is removed
# by the next run, but only when its owner process is gone: a live owner's
# copy and a name without an owner stay.
sh -c 'exit 0' & dead=$!; wait "$dead"
mkdir -p "$TMPDIR/smart-mutate-$dead-AbC123/0" "$TMPDIR/smart-mutate-$$-LiVe12" \
	"$TMPDIR/smart-mutate-NoPid9"
"$SMART" mutate --src "$C" --files '*.c' --build make --run 'sh run.sh' \
	--outputs out -n 1 -o "$TMP/sweep.jsonl" >/dev/null 2>&1
check mutate_removes_scratch_left_by_a_dead_run sh -c "! test -e '$TMPDIR/smart-mutate-$dead-AbC123'"
check mutate_keeps_scratch_of_a_live_run test -d "$TMPDIR/smart-mutate-$$-LiVe12"
check mutate_keeps_scratch_without_an_owner test -d "$TMPDIR/smart-mutate-NoPid9"
rm -rf "$TMPDIR"/smart-mutate-*

if command -v node >/dev/null 2>&1; then
	expect_status "mutate_js_app_completes" 0 "$SMART" mutate --src "$J" --files '*.js' \
		--run 'sh run.sh' --outputs out -n 14 --seed 2 --timeout 5 --json -o "$TMP/j1.jsonl"
	expect_output "mutate_js_app_kills_mutants" '"killed":[1-9]'
	check "mutate_js_pairs_name_the_js_file" \
		all_lines_match '"origin":"mutant","note":"app.js:[0-9]* [a-z-]* ' "$TMP/j1.jsonl"
	check "mutate_leaves_js_fixture_byte_identical" same_tree "$J" "$TMP/j.before"
else
	echo "ok - mutate_js_app # SKIP node is not installed"
fi

# Trouble: one line on stderr, exit 2, nothing written.
expect_status "mutate_without_run_is_usage_error" 2 "$SMART" mutate --src "$C" --files '*.c' --outputs out -o "$TMP/x.jsonl"
expect_one_error_line "mutate_usage_error_is_one_line" "required"
expect_status "mutate_failing_clean_build_is_trouble" 2 "$SMART" mutate --src "$C" --files '*.c' --build 'echo broken >&2; exit 3' --run 'sh run.sh' --outputs out -o "$TMP/x.jsonl"
expect_one_error_line "mutate_failing_clean_build_says_so" "clean build failed with exit status 3: broken"
expect_status "mutate_missing_src_is_trouble" 2 "$SMART" mutate --src "$TMP/nowhere" --files '*.c' --run 'sh run.sh' --outputs out -o "$TMP/x.jsonl"
expect_one_error_line "mutate_missing_src_names_it" "nowhere"
expect_status "mutate_no_matching_files_is_trouble" 2 "$SMART" mutate --src "$C" --files '*.rs' --run 'sh run.sh' --outputs out -o "$TMP/x.jsonl"
expect_one_error_line "mutate_no_matching_files_says_so" "no file matches"
expect_status "mutate_outputs_outside_tree_is_trouble" 2 "$SMART" mutate --src "$C" --files '*.c' --run 'sh run.sh' --outputs ../out -o "$TMP/x.jsonl"
expect_status "mutate_run_leaving_no_outputs_is_trouble" 2 "$SMART" mutate --src "$C" --files '*.c' --build make --run 'true' --outputs out -o "$TMP/x.jsonl"
expect_one_error_line "mutate_run_leaving_no_outputs_says_so" "left no files under out"
check "mutate_trouble_writes_no_output_file" sh -c "! test -e '$TMP/x.jsonl'"
check "mutate_trouble_removes_scratch_copies" scratch_is_empty
expect_status "mutate_help" 0 "$SMART" mutate -h
expect_output "mutate_help_shows_usage" '^usage: smart mutate'
finish
