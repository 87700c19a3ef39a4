# smart replay --shard K/N (docs/shards.md): for a random N in 1..16 the
# shards replay every session exactly once between them (by session name),
# and their output folders together hold the same files, with the same
# bodies but for the test application's clock and tokens, as one unsharded
# run's. --without-state cannot be sharded.
. "$(dirname "$0")/../cli/lib.sh"
HERE="$(cd "$(dirname "$0")" && pwd)"
RFIX="$FIX/replay"
shard_count
mkdir -p "$TMP/state"
python3 "$HERE/app.py" "$TMP/port" "$TMP/state" &
PID=$!
trap 'kill "$PID" 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
i=0
while [ ! -s "$TMP/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
BASE="http://127.0.0.1:$(cat "$TMP/port")"
RESET="rm -f $TMP/state/notes"
SESSIONS="$RFIX/access.log $RFIX/notes.json $RFIX/notes.har"

# shellcheck disable=SC2086
"$SMART" replay $SESSIONS --base-url "$BASE" -o "$TMP/full" --reset "$RESET" --json > "$TMP/full.json"
k=1 sessions=0
while [ "$k" -le "$N" ]; do
	# shellcheck disable=SC2086
	"$SMART" replay $SESSIONS --base-url "$BASE" -o "$TMP/sharded" --reset "$RESET" \
		--shard "$k/$N" --json > "$TMP/s.json" || echo "# shard $k/$N failed"
	sessions=$((sessions + $(sed -n 's/.*"sessions":\([0-9]*\).*/\1/p' "$TMP/s.json")))
	k=$((k + 1))
done
full_sessions=$(sed -n 's/.*"sessions":\([0-9]*\).*/\1/p' "$TMP/full.json")
if [ "$full_sessions" -ge 4 ] && [ "$sessions" -eq "$full_sessions" ]; then
	echo "ok - replay_shards_of_${N}_replay_every_session_once"
else
	echo "not ok - replay_shards_of_${N}_replay_every_session_once ($sessions vs $full_sessions)"
fi
(cd "$TMP/full" && find . -type f ! -name manifest.json | sort) > "$TMP/full.list"
(cd "$TMP/sharded" && find . -type f ! -name manifest.json | sort) > "$TMP/sharded.list"
same=1
cmp -s "$TMP/full.list" "$TMP/sharded.list" || same=0
# the application's volatile values: its clock and its form tokens
stable() { sed -e 's/Generated at [^<]*//' -e 's/value="[0-9a-f]\{16\}"//g' "$1"; }
while read -r f; do
	[ "$(stable "$TMP/full/$f")" = "$(stable "$TMP/sharded/$f")" ] || same=0
done < "$TMP/full.list"
if [ "$same" = 1 ] && [ -s "$TMP/full.list" ]; then
	echo "ok - replay_shards_together_write_the_unsharded_responses"
else
	echo "not ok - replay_shards_together_write_the_unsharded_responses"
fi
# shellcheck disable=SC2086
expect_status replay_shard_refuses_without_state 2 "$SMART" replay $SESSIONS --base-url "$BASE" \
	-o "$TMP/x" --without-state --shard 1/2
expect_one_error_line replay_shard_says_why 'needs --with-state'
finish
