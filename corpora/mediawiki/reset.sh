#!/bin/sh
# Restores MediaWiki's data (the SQLite databases) to the state right after
# installation: smart replay's --reset, run before each session (with_state).
set -eu
. "$(dirname "$0")/common.sh"
reset_state
