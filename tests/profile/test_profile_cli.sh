# smart profile, and --profile / --calibrate on train and classify: a
# profile learned from three clean runs of a shop page whose clock, CSRF
# token and generator version vary holds nothing once scrubbing explained
# them; with it a fourth run is ignore while a changed link, a removed
# input and a changed number are each inspect.
. "$(dirname "$0")/../cli/lib.sh"
P="$FIX/profile"

expect_status "profile_help_is_usage" 0 "$SMART" profile -h
expect_output "profile_help_mentions_runs" '^usage: smart profile .*RUN_DIR RUN_DIR'
expect_status "profile_of_one_run_is_usage_error" 2 "$SMART" profile -o "$TMP/x.json" "$P/run1"
expect_one_error_line "profile_of_one_run_says_two_needed" 'at least two run folders'

expect_status "profile_learns_from_three_runs" 0 "$SMART" profile "$P/run1" "$P/run2" "$P/run3" -o "$TMP/p.json"
# Learnt through the measuring stage (issue 35): the clock, the token and
# the version are scrubbed before the runs are aligned, so nothing is left
# for the profile to hold (tests/profile/test_learn.c pins locations and
# patterns of values scrubbing does not know).
expect_output "profile_holds_only_what_scrubbing_leaves" '^3 runs: 0 volatile locations in 0 tests'
if ! grep -q '"location"' "$TMP/p.json"; then
	echo "ok - profile_of_scrubbed_runs_has_no_location"
else
	echo "not ok - profile_of_scrubbed_runs_has_no_location"
fi
# The same runs as tar.gz archives (as the corpora keep them) give the same profile.
for k in 1 2 3; do tar czf "$TMP/run$k.tar.gz" -C "$P/run$k" .; done
expect_status "profile_learns_from_run_archives" 0 "$SMART" profile "$TMP/run1.tar.gz" "$TMP/run2.tar.gz" "$TMP/run3.tar.gz" -o "$TMP/pa.json"
if [ "$(grep -v '"runs"\|"kind"' "$TMP/pa.json")" = "$(grep -v '"runs"\|"kind"' "$TMP/p.json")" ]; then
	echo "ok - profile_from_archives_equals_profile_from_folders"; else
	echo "not ok - profile_from_archives_equals_profile_from_folders"; fi
printf 'not a tar archive' >"$TMP/bad.tar.gz"
expect_status "corrupt_run_archive_is_trouble" 2 "$SMART" profile "$TMP/run1.tar.gz" "$TMP/bad.tar.gz" -o "$TMP/x.json"
expect_one_error_line "corrupt_run_archive_names_it" 'bad\.tar\.gz'
if [ ! -e "$TMP/x.json" ]; then echo "ok - corrupt_run_archive_writes_no_profile"; else
	echo "not ok - corrupt_run_archive_writes_no_profile"; fi
expect_status "profile_check_accepts_it" 0 "$SMART" profile --check "$TMP/p.json"

# A model trained with the profile on the application's pairs.
# Raw models (SMART's pipeline, no scrubbing): these checks are about what
# the profile alone does; scrubbing would already explain the version and
# date changes of the fixture (tests/features/test_pairs.c pins that).
expect_status "train_with_profile" 0 "$SMART" train --raw --folds 0 --profile "webshop=$TMP/p.json" -o "$TMP/m.json" "$P/train.jsonl"
if grep -Eq '"profiles":[[:space:]]*true' "$TMP/m.json"; then echo "ok - model_records_training_with_profiles"; else
	echo "not ok - model_records_training_with_profiles"; fi

expect_status "fourth_run_is_ignore" 0 "$SMART" classify --model "$TMP/m.json" --profile "$TMP/p.json" "$P/run1/page.html" "$P/new/rerun/page.html"
for fault in link input number; do
	expect_status "changed_${fault}_beside_noise_is_inspect" 1 "$SMART" classify --model "$TMP/m.json" --profile "$TMP/p.json" "$P/run1/page.html" "$P/new/$fault/page.html"
done



# An edited profile is honoured: without the footer entry the version
# change is stable again; pinning the list's children makes a moved link
# volatile.
grep -v 'shopgen' "$TMP/p.json" | sed 's/"location":[[:space:]]*"\/html\/body\/footer\/text()"/"location": "\/html\/body\/footer\/text()", "patterns": ["nothing like it"]/' >"$TMP/edited.json"
expect_status "edited_profile_loads" 0 "$SMART" profile --check "$TMP/edited.json"
"$SMART" classify --json --model "$TMP/m.json" --profile "$TMP/edited.json" "$P/run1/page.html" "$P/new/rerun/page.html" >"$TMP/edited.out" 2>/dev/null
if grep -q '"only_volatile":0' "$TMP/edited.out" && grep -q '"stable_updates":1' "$TMP/edited.out"; then
	echo "ok - edited_profile_is_honoured"
else
	echo "not ok - edited_profile_is_honoured ($(head -c 300 "$TMP/edited.out"))"
fi
cat >"$TMP/pinned.json" <<'JSON'
{"format": "smart-profile", "version": 1,
 "all_tests": [{"location": "/html/body/**", "pinned": true}]}
JSON
"$SMART" classify --json --model "$TMP/m.json" --profile "$TMP/pinned.json" "$P/run1/page.html" "$P/new/link/page.html" >"$TMP/pinned.out" 2>/dev/null
if grep -q '"only_volatile":1' "$TMP/pinned.out"; then echo "ok - pinned_region_is_volatile"; else
	echo "not ok - pinned_region_is_volatile"; fi

# A corrupt profile: exit 2, one clear line naming the file.
expect_status "corrupt_profile_is_trouble" 2 "$SMART" classify --profile "$P/corrupt.json" "$P/run1/page.html" "$P/new/rerun/page.html"
expect_one_error_line "corrupt_profile_names_file_and_field" 'corrupt\.json: .*location'
expect_status "truncated_profile_is_trouble" 2 "$SMART" profile --check "$P/truncated.json"
expect_one_error_line "truncated_profile_says_not_json" 'truncated\.json: not valid JSON'
expect_status "missing_profile_is_trouble" 2 "$SMART" train --profile "$TMP/nope.json" -o "$TMP/x.json" "$P/train.jsonl"
expect_one_error_line "missing_profile_names_it" 'nope\.json'

# Calibration: reruns that the model would inspect move the cutoff just
# enough; reruns already ignored leave it.
expect_status "calibration_keeps_cutoff_when_reruns_ignore" 0 "$SMART" classify --model "$TMP/m.json" --profile "$TMP/p.json" --calibrate "$P/run1" --calibrate "$P/run2" --calibrate "$P/run3" "$P/run1/page.html" "$P/new/rerun/page.html"
expect_output "calibration_reports_kept_cutoff" '^calibration: all 2 rerun pairs of 3 runs are ignore'
# A model that inspects everything that differs: the reruns force the cutoff up.
"$SMART" train --raw --folds 0 -o "$TMP/strict.json" "$FIX/train/pairs.jsonl" >/dev/null 2>&1
expect_status "calibration_runs" 0 "$SMART" classify --model "$TMP/strict.json" --calibrate "$P/run1" --calibrate "$P/run2" --calibrate "$P/run3" "$P/run1/page.html" "$P/run2/page.html"
expect_output "calibration_moves_cutoff_past_worst_rerun" '^calibration: 2 of 2 rerun pairs .* cutoff moved from'
cp "$TMP/out" "$TMP/calibrated-from-folders"
# With a bound (docs/first-look.md, "Where the cutoff sits"): a worst rerun
# further past the cutoff than the bound scores like a fault, and the
# cutoff is kept; a bound it stays within moves it as before.
expect_status "calibration_past_its_bound_still_inspects" 1 "$SMART" classify --model "$TMP/strict.json" --calibrate "$P/run1" --calibrate "$P/run2" --calibrate "$P/run3" --calibrate-bound 1e-9 "$P/run1/page.html" "$P/run2/page.html"
expect_output "calibration_keeps_cutoff_past_its_bound" '^calibration: 2 of 2 rerun pairs .* more than 1e-09 past the cutoff.*cutoff [-0-9.e]+ kept'
expect_status "calibration_within_its_bound_runs" 0 "$SMART" classify --model "$TMP/strict.json" --calibrate "$P/run1" --calibrate "$P/run2" --calibrate "$P/run3" --calibrate-bound 1000 "$P/run1/page.html" "$P/run2/page.html"
if cmp -s "$TMP/out" "$TMP/calibrated-from-folders"; then echo "ok - calibration_within_its_bound_moves_as_without"; else
	echo "not ok - calibration_within_its_bound_moves_as_without"; fi
expect_status "calibrate_bound_needs_calibrate" 2 "$SMART" classify --calibrate-bound 0.1 "$P/run1/page.html" "$P/run2/page.html"
expect_one_error_line "calibrate_bound_says_it_needs_calibrate" "goes with --calibrate"
# The same runs as .tar.gz archives (as `smart profile` and the corpora keep
# them) calibrate to the same cutoff.
for r in run1 run2 run3; do tar -C "$P/$r" -czf "$TMP/$r.tar.gz" .; done
expect_status "calibration_takes_run_archives" 0 "$SMART" classify --model "$TMP/strict.json" --calibrate "$TMP/run1.tar.gz" --calibrate "$TMP/run2.tar.gz" --calibrate "$TMP/run3.tar.gz" "$P/run1/page.html" "$P/run2/page.html"
if cmp -s "$TMP/out" "$TMP/calibrated-from-folders"; then echo "ok - calibration_from_archives_equals_calibration_from_folders"; else
	echo "not ok - calibration_from_archives_equals_calibration_from_folders"; diff "$TMP/out" "$TMP/calibrated-from-folders" | sed 's/^/#   /' | head -6; fi
expect_status "calibrate_refuses_a_plain_file" 2 "$SMART" classify --calibrate "$P/run1/page.html" --calibrate "$P/run2" "$P/run1/page.html" "$P/new/rerun/page.html"
expect_one_error_line "calibrate_plain_file_says_what_it_takes" 'page\.html: not a folder or a run archive'
expect_status "calibrate_needs_two_runs" 2 "$SMART" classify --calibrate "$P/run1" "$P/run1/page.html" "$P/new/rerun/page.html"

# Profiles from rerun pairs.
expect_status "profile_from_rerun_pairs" 0 "$SMART" profile --pairs "$P/train.jsonl" -o "$TMP/pairs.json"
expect_output "profile_from_pairs_reports_pairs" '^12 rerun pairs: '
# eval --by-app: each application's profile from its own run folders,
# F1 without and with it side by side; bad combinations are usage errors.
mkdir -p "$TMP/runs/webshop/runs"
cp -r "$P/run1" "$P/run2" "$P/run3" "$TMP/runs/webshop/runs/"
expect_status "eval_by_app_with_runs" 0 "$SMART" eval --by-app --runs "$TMP/runs" --calibrate "$P/train.jsonl" "$FIX/train/pairs.jsonl"
expect_output "eval_shows_columns_side_by_side" '^application +pairs +inspect +without +profile +without\+cal +profile\+cal +locations$'
expect_output "eval_webshop_row_has_its_profile" '^webshop +32 +20 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +0$'
expect_output "eval_apps_without_runs_have_no_profile" '^shop +18 .* -$'
expect_status "eval_json_by_app" 0 "$SMART" eval --json --by-app --runs "$TMP/runs" "$P/train.jsonl" "$FIX/train/pairs.jsonl"
expect_output "eval_json_has_per_app_f1" '"by_app":\[\{"app":"webshop","pairs":32,"inspect":20,"without":[0-9.]+,"profile":[0-9.]+'
expect_status "eval_profile_reruns_leaves_them_out" 0 "$SMART" eval --by-app --profile-reruns "$P/train.jsonl" "$FIX/train/pairs.jsonl"
expect_output "eval_profile_reruns_says_how_many" '^12 rerun records were used for profiles and left out of the scoring'
expect_status "eval_runs_needs_by_app" 2 "$SMART" eval --runs "$TMP/runs" "$P/train.jsonl"
expect_status "eval_calibrate_needs_runs" 2 "$SMART" eval --by-app --calibrate "$P/train.jsonl" "$FIX/train/pairs.jsonl"
finish
