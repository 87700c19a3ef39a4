#!/usr/bin/env bash
# CI's smoke test of the corpus generators: one application per kind runs
# its generator's quickest real path (`generate.sh --smoke`: install what it
# needs, start its services on loopback, produce two runs in two
# environments, check smart reads them, stop everything). The corpora are
# not regenerated. Prints "N passed, N failed"; exits 1 on a failure.
#
#   corpora/smoke.sh [APP...]      default: one per kind
set -u
cd "$(dirname "$0")/.." || exit 2
apps=${*:-jsdoc coverage-py mkdocs fossil}   # docs, reports (+XML), site (+XML), web
passed=0 failed=0
for app in $apps; do
    start=$(date +%s)
    if timeout 900 bash "corpora/$app/generate.sh" --smoke >"/tmp/smart-smoke-$app.log" 2>&1; then
        echo "ok - corpus_smoke_$app ($(( $(date +%s) - start )) s)"
        passed=$((passed + 1))
    else
        echo "not ok - corpus_smoke_$app ($(( $(date +%s) - start )) s)"
        tail -n 15 "/tmp/smart-smoke-$app.log" | sed 's/^/#   /'
        failed=$((failed + 1))
    fi
    rm -f "/tmp/smart-smoke-$app.log"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
