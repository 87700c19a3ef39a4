# Helpers for command-line tests; source it, call the checks, then `finish`.
# Each check prints one TAP line ("ok - NAME" / "not ok - NAME") that
# tests/run.sh counts. $SMART is the sanitizer build of the binary.
: "${SMART:?SMART must name the smart binary (run through make test)}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FIX="$(cd "$(dirname "$0")/.." && pwd)/fixtures"

# expect_status NAME STATUS CMD...: CMD exits with STATUS.
expect_status() {
	name=$1 want=$2; shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		echo "ok - $name"
	else
		echo "not ok - $name (exit $got, wanted $want)"
		sed 's/^/#   /' "$TMP/err" | head -n 10
	fi
}

# expect_output NAME PATTERN: the last command's stdout matches grep -E PATTERN.
expect_output() {
	if grep -Eq -- "$2" "$TMP/out"; then echo "ok - $1"; else
		echo "not ok - $1 (stdout lacks /$2/)"; head -n 10 "$TMP/out" | sed 's/^/#   /'; fi
}

# expect_one_error_line NAME PATTERN: stderr is exactly one line matching PATTERN.
expect_one_error_line() {
	lines=$(wc -l <"$TMP/err")
	if [ "$lines" -eq 1 ] && grep -Eq -- "$2" "$TMP/err"; then echo "ok - $1"; else
		echo "not ok - $1 (stderr: $(head -c 300 "$TMP/err"))"; fi
}

# shard_count: sets N to a random shard count in 1..16 for the shard
# property tests, seeded by $SMART_TEST_SEED when set; prints the seed, so
# that a failing run can be repeated.
shard_count() {
	SEED=${SMART_TEST_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
	echo "# seed $SEED (SMART_TEST_SEED=$SEED repeats this run)"
	N=$(awk -v s="$SEED" 'BEGIN { srand(s); print 1 + int(rand() * 16) }')
}

finish() { :; }

# make_review_suite DIR: DIR/old and DIR/new, a suite for `smart review`
# from the examples: four pairs smart flags (form-lost-inputs and
# stack-trace broken, deleted-table and its copy deleted-table2 content),
# two it ignores (timestamp-change, reworded-paragraph) and one identical
# pair (same.html).
make_review_suite() {
	ex="$(cd "$(dirname "$0")/../.." && pwd)/examples"
	mkdir -p "$1/old" "$1/new"
	for e in form-lost-inputs stack-trace deleted-table timestamp-change reworded-paragraph; do
		cp "$ex/$e/old.html" "$1/old/$e.html"
		cp "$ex/$e/new.html" "$1/new/$e.html"
	done
	cp "$ex/deleted-table/old.html" "$1/old/deleted-table2.html"
	cp "$ex/deleted-table/new.html" "$1/new/deleted-table2.html"
	cp "$ex/deleted-table/old.html" "$1/old/same.html"
	cp "$ex/deleted-table/old.html" "$1/new/same.html"
}
