# The JavaScript binding (bindings/js) with the real runners: Jest, Vitest
# and Playwright (against Debian's chromium), pinned in bindings/js's
# package-lock.json and installed there by `make js` (npm ci). Each runner
# runs the projects of tests/bindings/js/ five times: the first run writes
# the baseline; a rerun with a new timestamp and token passes (and a
# corrupt baseline errors); the seeded fault SHOP_FAULT=drop-row fails,
# naming the lost row (and in CI a missing baseline fails, unwritten); -u
# accepts; the next run passes. One TAP line per check.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
JS="$ROOT/bindings/js"
# the release smart: the JavaScript side is what is tested here, and the
# sanitizer build's start-up would be most of each assertion's time
export SMART_BIN="${SMART_RELEASE:-$ROOT/$BUILD/release/smart}"
export NO_COLOR=1 FORCE_COLOR=0 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# the runners' temporary files here, to see that smart-snapshot leaves none
export TMPDIR="$TMP/tmpdir"
mkdir -p "$TMPDIR"
unset ASAN_OPTIONS UBSAN_OPTIONS SHOP_FAULT SMART_CASES

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 20 ]; then
	echo "not ok - node_20_or_later_is_installed (node: $(node --version 2>&1); vite 8 needs 20.19)"
	exit 1
fi
for bin in jest vitest playwright; do
	if [ ! -x "$JS/node_modules/.bin/$bin" ]; then
		echo "not ok - js_packages_are_installed ($bin missing: make js runs npm ci in bindings/js)"
		exit 1
	fi
done

# The baseline helpers without a runner (node's own test runner, TAP).
SMART_JS_BASELINE="$JS/lib/baseline.js" node --test --test-reporter=tap \
	"$ROOT/tests/bindings/js/baseline.test.mjs" >"$TMP/node-test" 2>&1
node_status=$?
sed -nE 's/^(not ok|ok) [0-9]+ - /\1 - /p' "$TMP/node-test"
if [ "$node_status" -ne 0 ]; then
	echo "not ok - node_test_of_the_baseline_helpers_passes (exit $node_status)"
	grep -v '^ *at ' "$TMP/node-test" | head -n 20 | sed 's/^/#   /'
fi

# The projects as a user has them: node_modules holds the runners and
# smart-snapshot itself (links into bindings/js).
mkdir -p "$TMP/nm"
for e in "$JS"/node_modules/* "$JS"/node_modules/.bin; do ln -s "$e" "$TMP/nm/"; done
ln -s "$JS" "$TMP/nm/smart-snapshot"
cp "$ROOT"/tests/bindings/js/*.js "$ROOT/examples/jest/shop.js" "$TMP/"
for r in jest vitest playwright; do
	cp -r "$ROOT/tests/bindings/js/$r" "$TMP/$r"
	ln -s "$TMP/nm" "$TMP/$r/node_modules"
done

# run RUNNER [ENV=VALUE...] [-- ARGS]: runs RUNNER's project (outside CI
# unless CI=true is given), output in $OUT, status in $status.
run() {
	r=$1; shift
	vars=""
	while [ $# -gt 0 ] && [ "$1" != -- ]; do vars="$vars $1"; shift; done
	[ "${1:-}" = -- ] && shift
	case $r in
	jest) cmd="./node_modules/.bin/jest --ci=false" ;;
	vitest) cmd="./node_modules/.bin/vitest run --reporter=verbose" ;;
	playwright) cmd="./node_modules/.bin/playwright test --reporter=list --output=$TMP/pw-results" ;;
	esac
	case " $vars " in *" CI=true "*) [ "$r" = jest ] && cmd="./node_modules/.bin/jest --ci" ;; esac
	(cd "$TMP/$r" && env -u CI $vars $cmd "$@") >"$OUT" 2>&1
	status=$?
}

# check NAME CONDITION...: one TAP line; the runner's output on failure.
check() {
	name=$1; shift
	if "$@"; then echo "ok - $name"; else
		echo "not ok - $name (runner exit $status)"; tail -n 40 "$OUT" | sed 's/^/#   /'; fi
}
has() { grep -Eq -- "$1" "$OUT"; }
# passed TITLE / failed TITLE: the runner's line for that test
passed() { grep -Eq "(✓|√|ok [0-9]+|PASS).*$1" "$OUT"; }
failed() { grep -Eq "(✕|×|✘|FAIL|[0-9]+\)).*$1" "$OUT"; }

# runner_checks RUNNER: the five runs of RUNNER's project and their checks.
# The three runners' checks run side by side (each in its own project and
# output file); their TAP lines are printed in order when all are done.
runner_checks() {
	r=$1
	OUT="$TMP/out-$r"
	case $r in jest) file=shop.test.js ;; vitest) file=shop.test.mjs ;; playwright) file=shop.spec.js ;; esac
	snaps="$TMP/$r/__smart_snapshots__/$file"
	accept="$r -u"; [ $r = playwright ] && accept="playwright test -u"

	run $r
	check "${r}_first_run_writes_the_baseline_and_passes" \
		test "$status" -eq 0 -a -s "$snaps/orders.html"
	check "${r}_first_run_says_it_wrote_the_baseline" \
		has "smart: baseline written \\(first run\\): __smart_snapshots__/$file/orders.html"
	cp "$snaps/orders.html" "$TMP/first-$r.html"

	printf '<<<<<<< HEAD\n<p>ours</p>\n=======\n<p>theirs</p>\n>>>>>>> branch\n' >"$snaps/corrupt.html"
	run $r SMART_CASES=corrupt
	check "${r}_rerun_with_new_timestamp_and_token_passes" passed "order page"
	check "${r}_rerun_leaves_the_baseline_as_it_was" cmp -s "$snaps/orders.html" "$TMP/first-$r.html"
	check "${r}_corrupt_baseline_is_an_error_not_a_pass" \
		eval 'test "$status" -ne 0 && failed "corrupt baseline"'
	check "${r}_corrupt_baseline_error_names_file_and_problem" \
		has "smart: the baseline __smart_snapshots__/$file/corrupt.html is corrupt: it holds merge-conflict markers; fix or delete it, or rerun with $accept"
	rm -f "$snaps/corrupt.html"

	run $r SHOP_FAULT=drop-row SMART_CASES=missing CI=true
	check "${r}_seeded_fault_fails" eval 'test "$status" -ne 0 && failed "order page"'
	check "${r}_failure_says_inspect_and_why" \
		eval 'has "smart: snapshot .orders. needs a look: inspect \\(score" && has "volatile values discounted"'
	check "${r}_failure_names_the_lost_row" \
		has 'delete /html/body/table/tbody/tr\[4\]: "10240 Garden hose'
	check "${r}_failure_says_how_to_accept" has "accept the new output with: $accept"
	check "${r}_missing_baseline_fails_in_ci" \
		eval 'failed "missing baseline in CI" && has "smart: snapshot .missing. has no baseline"'
	check "${r}_missing_baseline_is_not_written_in_ci" test ! -e "$snaps/missing.html"

	run $r SHOP_FAULT=drop-row -- -u
	check "${r}_update_accepts_the_change" \
		eval 'test "$status" -eq 0 && has "smart: baseline updated: __smart_snapshots__/$file/orders.html"'
	check "${r}_update_writes_the_new_output" eval '! grep -q "Garden hose" "$snaps/orders.html"'

	run $r SHOP_FAULT=drop-row CI=true
	check "${r}_next_run_after_update_passes" test "$status" -eq 0
}
for r in jest vitest playwright; do runner_checks $r >"$TMP/tap-$r" 2>&1 & done
wait
cat "$TMP/tap-jest" "$TMP/tap-vitest" "$TMP/tap-playwright"
OUT="$TMP/out"
check assertions_leave_no_temporary_folder test -z "$(ls -d "$TMPDIR"/smart-snapshot-* 2>/dev/null)"

# Jest only: names made from the test's name, and the application's
# model picked up from .smart/ (a file that is no model is smart's error,
# which shows that it was read).
run jest SHOP_FAULT=drop-row SMART_CASES=unnamed
check jest_unnamed_snapshots_are_named_by_test_and_count \
	test "$status" -eq 0 -a -s "$TMP/jest/__smart_snapshots__/shop.test.js/unnamed-snapshots-1.html" \
	-a -s "$TMP/jest/__smart_snapshots__/shop.test.js/unnamed-snapshots-2.html"
mkdir -p "$TMP/jest/.smart"
echo '{"not": "a model"}' >"$TMP/jest/.smart/model.json"
run jest SHOP_FAULT=drop-row
check jest_application_model_is_taken_from_dot_smart \
	eval 'test "$status" -ne 0 && has "smart: .*\\.smart/model.json"'

# The examples from their READMEs' one command each: smart-snapshot is
# installed from the tarball `npm pack` makes of bindings/js into a
# project that has only its runner, and used in one line; the rerun
# passes and the seeded fault fails, naming what was lost.
cd "$ROOT" || exit 1
for ex in jest playwright; do
	expect_status "${ex}_example_rerun_passes_and_seeded_fault_fails" 0 \
		env BUILD="$BUILD" sh "examples/$ex/run.sh"
	case $ex in
	jest) lost='delete /html/body/table/tbody/tr\[4\]: "10240 Garden hose' ;;
	playwright) lost='delete /html/body/table/tbody/tr\[3\]: "GH-015 Garden hose' ;;
	esac
	expect_output "${ex}_example_failure_names_the_lost_line" "$lost"
	check "${ex}_example_installs_smart_snapshot_from_the_packed_tarball" \
		grep -q '"resolved": "file:.*/smart-snapshot-[0-9.]*\.tgz"' \
		"examples/$ex/node_modules/.package-lock.json"
done
finish
