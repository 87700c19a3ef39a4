#!/bin/sh
# Runs every fuzz target (or those named) for SECONDS each (default 60), one
# after the other, and exits 1 when any found a crash, a leak, a failed
# property or a slow input (docs/fuzzing.md). Builds the targets first.
#
#   fuzz/run.sh [SECONDS] [TARGET...]      TARGET: html xml script corpus model replay profile folders
#
# Each target keeps what it learned in build/fuzz/corpus/TARGET (reused by
# the next run) and starts from seeds made from the project's fixtures
# (fuzz/seeds.py). FUZZ_TIMEOUT (default 10) is the seconds after which an
# input counts as slow; libFuzzer measures wall time, so on a loaded machine
# under `nice` raise it, and time any timeout found by replaying it alone.
# A finding is written to build/fuzz/findings/TARGET/; to
# keep it fixed, copy it to tests/fixtures/fuzz/TARGET/ (make test replays
# that folder through the same target).
set -u
cd "$(dirname "$0")/.." || exit 2
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-html html_libxml2 xml script corpus model replay profile folders}
BUILD=${BUILD:-build}

make --no-print-directory fuzz >/dev/null || { echo "fuzz/run.sh: make fuzz failed" >&2; exit 2; }
rm -rf "$BUILD/fuzz/seeds"
# The seeds need diff, train and profile, not the default model: the
# bootstrap binary, so that fuzzing never waits for the model to retrain.
python3 fuzz/seeds.py "$BUILD/bootstrap/smart" "$BUILD/fuzz/seeds" >/dev/null || exit 2

status=0
for t in $targets; do
	bin="$BUILD/fuzz/fuzz_$t"
	[ -x "$bin" ] || { echo "fuzz/run.sh: no target '$t'" >&2; exit 2; }
	# html_libxml2 reads the same pages as html: it shares html's seeds
	seeds="$BUILD/fuzz/seeds/${t%_libxml2}"
	mkdir -p "$BUILD/fuzz/corpus/$t" "$BUILD/fuzz/findings/$t" "$seeds"
	# Two documents per input need room; model files with an SVM inline too.
	case $t in
	model) max_len=65536 ;;
	*) max_len=24576 ;;
	esac
	dict=""
	[ -f "fuzz/${t%_libxml2}.dict" ] && dict="-dict=fuzz/${t%_libxml2}.dict"
	echo "== $t: ${seconds}s"
	ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" \
	"$bin" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
		-max_len="$max_len" -print_final_stats=1 \
		-artifact_prefix="$BUILD/fuzz/findings/$t/" $dict \
		"$BUILD/fuzz/corpus/$t" "$seeds" \
		>"$BUILD/fuzz/$t.log" 2>&1
	rc=$?
	grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::new_units_added' "$BUILD/fuzz/$t.log" | sed 's/^/   /'
	if [ "$rc" -ne 0 ]; then
		echo "   FINDING (exit $rc): $(grep -E 'ERROR|SUMMARY|property failed|timeout' "$BUILD/fuzz/$t.log" | head -n 3)"
		echo "   log: $BUILD/fuzz/$t.log; input: $(ls -t "$BUILD/fuzz/findings/$t" | head -n 1)"
		status=1
	fi
done
exit $status
