#!/usr/bin/env bash
# Regenerates every shipped corpus (corpora/<app>.jsonl.gz) from its real
# application; see corpora/README.md.  Environment: SMART_CORPUS_CACHE (the
# download/build cache, default ~/.cache/smart-corpora), SMART_CORPUS_SEED,
# SMART_CORPUS_JOBS, SMART (the smart binary with mutate/perturb; default
# build/release/smart, built if absent).  Usage: generate-all.sh [APP...]
# Ends by printing the counts table and writing it into README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
apps=("$@")
[ ${#apps[@]} -gt 0 ] || apps=(marked markdown-it commonmark cmark discount tidy mediawiki jsdoc mkdocs coverage-py fossil eleventy gcovr pytest-junit docutils nyc eslint wordpress pelican phpmyadmin phpldapadmin rt zabbix)
for app in "${apps[@]}"; do
    bash "$here/$app/generate.sh"
done
echo
python3 "$here/lib/counts.py" "$here"
