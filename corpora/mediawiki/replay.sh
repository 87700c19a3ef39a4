#!/bin/sh
# replay.sh OUT_DIR [FAKETIME]
# Serves $WWW on a free loopback port (PHP at FAKETIME, e.g. "2024-03-01
# 10:00:00", when given), replays sessions.json into OUT_DIR with the state
# reset before each session, and stops the server.
set -eu
. "$(dirname "$0")/common.sh"
out=$1 when=${2:-}
port=${SMART_WEBAPP_PORT:-$(free_port)}
sh "$HERE/serve.sh" start "$port" "$when"
trap 'sh "$HERE/serve.sh" stop "$port"' EXIT INT TERM
# MediaWiki's edit form also carries the times and revision the edit
# started from; stale ones would make a second edit an edit conflict.
"$SMART" replay "$HERE/sessions.json" --base-url "http://127.0.0.1:$port" -o "$out" \
	--reset "sh $HERE/reset.sh" --with-state --timeout 60 \
	--token-pattern wpStarttime --token-pattern wpEdittime \
	--token-pattern editRevId --token-pattern parentRevId
