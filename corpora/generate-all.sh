#!/usr/bin/env bash
# Regenerates every shipped corpus (corpora/<app>.jsonl.gz) from its real
# application; see corpora/README.md.  Environment: SMART_CORPUS_CACHE (the
# download/build cache, default ~/.cache/smart-corpora), SMART_CORPUS_SEED,
# SMART_CORPUS_JOBS, SMART (the smart binary with mutate/perturb; default
# build/release/smart, built if absent).  Usage: generate-all.sh [APP...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
apps=("$@")
[ ${#apps[@]} -gt 0 ] || apps=(cmark discount tidy marked markdown-it commonmark)
for app in "${apps[@]}"; do
    bash "$here/$app/generate.sh"
done
echo
echo "app          origin   label    count"
for app in "${apps[@]}"; do cat "$here/$app/counts.txt"; done
