# The Python binding and its pytest plugin (bindings/python), tested with
# Debian's pytest against the shared library and the default model of
# this build (tests/bindings/python/); one TAP line per pytest test. The
# plugin's --smart-report and the profile test call $SMART.
. "$(dirname "$0")/../cli/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
PY=/usr/bin/python3
version=$(sed -n 's/^#define SMART_VERSION "\(.*\)"/\1/p' "$ROOT/include/smart/version.h")
if ! "$PY" -c 'import pytest' 2>/dev/null; then
	echo "not ok - debians_pytest_is_installed (make test installs python3-pytest)"
	exit 1
fi
export PYTHONPATH="$ROOT/bindings/python" PYTHONDONTWRITEBYTECODE=1 \
	SMART_LIBRARY="$ROOT/$BUILD/shared/libsmart.so.$version" \
	SMART_MODEL="$ROOT/$BUILD/default_model.json"
# The library and the interpreter are not built with the sanitizers.
unset ASAN_OPTIONS UBSAN_OPTIONS
cd "$TMP" || exit 1
"$PY" -m pytest -p no:cacheprovider -v -o console_output_style=classic --basetemp="$TMP/pytest" \
	"$ROOT/tests/bindings/python" >"$TMP/pytest.out" 2>&1
status=$?
awk '/ PASSED$/ { sub(/.*::/, "", $1); print "ok - " $1 }
     / (FAILED|ERROR)$/ { sub(/.*::/, "", $1); print "not ok - " $1 }' "$TMP/pytest.out"
if [ "$status" -ne 0 ]; then
	sed -n '/= FAILURES =\|= ERRORS =/,$p' "$TMP/pytest.out" | head -n 80 | sed 's/^/#   /'
	grep -q ' PASSED$\| FAILED$' "$TMP/pytest.out" || { echo "not ok - pytest_ran (exit $status)"; tail -n 20 "$TMP/pytest.out" | sed 's/^/#   /'; }
fi

# The example runs from its README's one command: the rerun passes, the
# seeded fault fails with the lost row named.
cd "$ROOT" || exit 1
expect_status pytest_example_rerun_passes_and_seeded_fault_fails 0 \
	env BUILD="$BUILD" SMART="$SMART_RELEASE" sh examples/pytest/run.sh
expect_output pytest_example_failure_names_the_lost_row 'delete /html/body/table/tbody/tr\[4\]: "10240 Garden hose'
finish
