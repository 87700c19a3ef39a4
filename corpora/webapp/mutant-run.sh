#!/bin/sh
# The --run command of `smart mutate` (run inside its scratch copy of the
# mutable files): puts the (mutated) files into the served MediaWiki tree,
# replays the sessions into ./out, and puts the original files back.
# Mutants run one at a time (-j 1): there is one served tree.
set -eu
. "$(dirname "$0")/common.sh"
copy=$PWD
restore() { for f in $MUTATE_FILES; do cp "$WORK/orig/$f" "$WWW/$f"; done; }
trap restore EXIT INT TERM
for f in $MUTATE_FILES; do cp "$copy/$f" "$WWW/$f"; done
rm -rf "$copy/out"
export SMART_DETERMINISTIC=1
sh "$HERE/replay.sh" "$copy/out" "${SMART_WEBAPP_DATE:-2024-03-01 10:00:00}" >/dev/null
# What still varies between two identical runs: the backend's response time,
# and the manifests' timings (the manifests are not pages; drop them).
find "$copy/out" -name '*.html' -exec sed -i 's/"wgBackendResponseTime":[0-9]*/"wgBackendResponseTime":0/' {} +
find "$copy/out" -name manifest.json -delete
