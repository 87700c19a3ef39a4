# What examples/jest/run.sh and examples/playwright/run.sh share (sourced
# with DIR, the example's folder, and ROOT, the repository, set): in a
# source tree smart is built (make) and named by SMART_BIN; the runner is
# installed from the example's package-lock.json (npm ci) when it is not
# yet; smart-snapshot is packed from bindings/js (npm pack) and installed
# from that tarball (npm install --no-save), as a project of your own
# would install it. Then js_example_verdict says how the two runs went.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ -f "$ROOT/Makefile" ] && [ -d "$ROOT/bindings/js" ]; then
	BUILD=${BUILD:-build}
	make --no-print-directory -s -C "$ROOT" BUILD="$BUILD" "$BUILD/release/smart" >&2 || exit 2
	export SMART_BIN="${SMART_BIN:-$ROOT/$BUILD/release/smart}"
	pack="$ROOT/$BUILD/js"
else
	pack=$(mktemp -d)
fi
if [ ! -d "$DIR/node_modules" ] || [ "$DIR/package-lock.json" -nt "$DIR/node_modules/.package-lock.json" ]; then
	(cd "$DIR" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error) >&2 || exit 2
fi
mkdir -p "$pack"
tarball=$(cd "$ROOT/bindings/js" && npm pack --silent --pack-destination "$pack") || exit 2
(cd "$DIR" && npm install --no-save --prefer-offline --no-audit --no-fund --loglevel=error \
	"$pack/$tarball") >&2 || exit 2

# js_example_verdict RERUN_STATUS FAULT_STATUS: exit 0 when the rerun passed
# and the seeded fault failed (the runner's exit 1), else say what went wrong.
js_example_verdict() {
	if [ "$1" -eq 0 ] && [ "$2" -eq 1 ]; then
		echo "as expected: the rerun passed and the seeded fault failed"
		exit 0
	fi
	echo "NOT as expected: the rerun exited $1 (wanted 0), the fault run $2 (wanted 1)"
	exit 1
}

# js_example_both: the example's two runs through its own `run` (the
# caller defines it): the clean shop rerun, then the seeded fault; exits
# as js_example_verdict says.
js_example_both() {
	echo "== 1. a rerun of the clean shop: a new timestamp and token (expected: passes)"
	run
	status=$?
	echo
	echo "== 2. the seeded fault SHOP_FAULT=drop-row (expected: fails, with the reason)"
	SHOP_FAULT=drop-row run
	fault=$?
	echo
	js_example_verdict "$status" "$fault"
}
