#!/bin/sh
# Runs every test program and test script, and ends with the line
# "N passed, N failed". Test programs speak TAP (cmocka's TAP output); test
# scripts use tests/cli/lib.sh, which speaks TAP too. A program that dies
# without reporting a failure (a sanitizer abort, a crash) counts as one.
BUILD=${BUILD:-build}
export SMART="$PWD/$BUILD/asan/smart"
export SMART_RELEASE="$PWD/$BUILD/release/smart"
export CMOCKA_MESSAGE_OUTPUT=TAP
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_one() { # name, command...
	name=$1; shift
	"$@" >"$log" 2>&1
	status=$?
	ok=$(grep -c '^ok ' "$log")
	bad=$(grep -c '^not ok ' "$log")
	if [ "$status" -ne 0 ] && [ "$bad" -eq 0 ]; then
		bad=1
		echo "not ok - $name exited with status $status" >>"$log"
	fi
	passed=$((passed + ok))
	failed=$((failed + bad))
	if [ "$bad" -gt 0 ]; then
		echo "FAIL $name ($ok passed, $bad failed):"
		grep -v '^ok ' "$log" | sed 's/^/    /' | head -n 60
	else
		echo "ok   $name ($ok passed)"
	fi
}

for t in $(find "$BUILD/asan/tests" -type f -name 'test_*' ! -name '*.o' ! -name '*.d' | sort); do
	run_one "${t#$BUILD/asan/}" "$t"
done
# The same programs without sanitizers, under valgrind: catches what ASan
# does not (uninitialised reads) and checks the release build too.
if command -v valgrind >/dev/null; then
	for t in $(grep -v '^#' tests/valgrind.list | grep .); do
		SMART_TEST_QUICK=1 run_one "valgrind $t" valgrind -q --error-exitcode=99 \
			--leak-check=full --errors-for-leak-kinds=definite \
			"$BUILD/release/tests/$t"
	done
fi
for s in $(find tests -name '*.sh' ! -name 'lib.sh' ! -path 'tests/run.sh' ! -path 'tests/fixtures/*' | sort); do
	run_one "$s" sh "$s"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
