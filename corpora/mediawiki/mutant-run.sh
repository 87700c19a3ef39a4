#!/bin/sh
# The --run command of `smart mutate` (run inside its scratch copy of the
# mutable files): puts the (mutated) files into the served MediaWiki tree,
# replays the sessions into ./out, and puts the original files back.
# Mutants run one at a time (-j 1): there is one served tree.
#
# Two runs of the clean version must print the same pages, or smart mutate
# leaves the pages out. SMART_DETERMINISTIC=1 makes the server repeatable
# (serve.sh: a fixed request id, one PHP worker, a clock that steps per
# read from a fixed date); the port is fixed because MediaWiki prints it in
# absolute links; what is left random is the session secret, so the
# anti-forgery tokens derived from it ("<40 hex>+\", plain or
# URL-encoded) are replaced by a placeholder here.
set -eu
. "$(dirname "$0")/common.sh"
copy=$PWD
restore() { for f in $MUTATE_FILES; do cp "$WORK/orig/$f" "$WWW/$f"; done; }
trap restore EXIT INT TERM
for f in $MUTATE_FILES; do cp "$copy/$f" "$WWW/$f"; done
rm -rf "$copy/out"
export SMART_DETERMINISTIC=1
SMART_WEBAPP_PORT="${SMART_WEBAPP_MUTANT_PORT:-18947}" \
	sh "$HERE/replay.sh" "$copy/out" "${SMART_WEBAPP_DATE:-2024-03-01 10:00:00}" >/dev/null
find "$copy/out" -name '*.html' -exec sed -i -E \
	-e 's/"wgBackendResponseTime":[0-9]*/"wgBackendResponseTime":0/' \
	-e 's/[0-9a-f]{40}(\+\\|%2B%5C)/TOKEN\1/g' {} +
# The manifests are not pages, and their timings vary: drop them.
find "$copy/out" -name manifest.json -delete
