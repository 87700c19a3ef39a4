#!/usr/bin/env bash
# gcovr (a test-coverage report generator): gcovr 5.2 from Debian bookworm
# (package gcovr), reporting on cmark 0.30.2 (Debian bookworm source
# cmark 0.30.2-6) built with gcc --coverage and run on its own tests (six
# test sets, run.sh).  Outputs: gcovr's HTML report with details (index,
# functions page, one page per source file) and its Cobertura XML, for seven
# report suites (test set x filter x options).  Clean reruns differ by the
# clock (the HTML's date, the XML's timestamp), the time zone,
# SOURCE_DATE_EPOCH set (passed as --timestamp) or unset, and the build
# folder (absolute links in two suites).  Mutants: gcovr's own Python.
#
#   corpora/gcovr/generate.sh            the corpus
#   corpora/gcovr/generate.sh --smoke    CI's quick path
APP=gcovr
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${GCOVR_MUTANTS_SECONDS:-1200}
PKGS=(gcovr faketime cmake make gcc g++)

# prepare DEST -- gcovr's sources (the package as Debian ships it), cmark's
# source (without its packaging) and the runner.
prepare() {
    local dest=$1 cmark
    [ -f "$dest/.done" ] && return 0
    cmark=$(debian_source cmark 0.30.2-6)
    rm -rf "$dest"; mkdir -p "$dest"
    cp -aL /usr/lib/python3/dist-packages/gcovr "$dest/gcovr"
    find "$dest" -name __pycache__ -prune -exec rm -rf {} +
    cp -a "$cmark" "$dest/cmark-src"
    rm -rf "$dest/cmark-src/debian" "$dest/cmark-src/.pc"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-gcovr-smoke.XXXXXX")
    trap 'rm -rf "$T" /tmp/smart-gcovr-ci' EXIT
    prepare "$T/app"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    [ -f "$T/run-1/render/index.html" ] && [ -f "$T/run-2/render/coverage.xml" ] || exit 1
    cmp -s "$T/run-1/render/coverage.xml" "$T/run-2/render/coverage.xml" && \
        { log "smoke: two clocks gave the same XML"; exit 1; }
    cmp -s "$T/run-1/all/index.html" "$T/run-2/all/index.html" && \
        { log "smoke: two clocks and build folders gave the same HTML"; exit 1; }
    "$SMART" features --xml "$T/run-1/render/coverage.xml" "$T/run-2/render/coverage.xml" >/dev/null || [ $? -eq 1 ]
    "$SMART" features "$T/run-1/all/index.html" "$T/run-2/all/index.html" >/dev/null || [ $? -eq 1 ]
    log "smoke: $(find "$T/run-1" -type f | wc -l) outputs per run, reruns differ, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
prepare "$W/app"
log "clean runs (four clocks, time zones, build folders; SOURCE_DATE_EPOCH in runs 1 and 4)"
run_suite "$W/app" "$W/clean" 4
rm -rf /tmp/smart-gcovr-ci
keep_runs "$W/clean"

# Two seeds, run side by side (one job each: a smart mutate's runs share one
# fixed build folder of their own, SMART_GCOVR_MUTANT_ROOT).
PAIRS=()
for seed in $SEED $((SEED + 1)); do
    if [ ! -f "$W/mutant-$seed.jsonl.done" ]; then
        log "mutants, seed $seed (${MUTANTS}s)"
        (export SMART_GCOVR_MUTANT_ROOT=/tmp/smart-gcovr-mutant/seed-$seed
         rm -rf "$SMART_GCOVR_MUTANT_ROOT"
         "$SMART" mutate --src "$W/app" \
            --files 'gcovr/writer/html.py,gcovr/writer/cobertura.py,gcovr/coverage.py,gcovr/gcov_parser.py,gcovr/gcov.py,gcovr/utils.py,gcovr/merging.py,gcovr/decision_analysis.py' \
            --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
            --time "$MUTANTS" --per-mutant 8 --seed "$seed" -j 1 --app "$APP" \
            -o "$W/mutant-$seed.jsonl" >&2 \
         && rm -rf "$SMART_GCOVR_MUTANT_ROOT" && touch "$W/mutant-$seed.jsonl.done") &
    fi
    PAIRS+=(--pairs mutant "$W/mutant-$seed.jsonl" 8 100)
done
wait
for seed in $SEED $((SEED + 1)); do
    [ -f "$W/mutant-$seed.jsonl.done" ] || { log "smart mutate failed (seed $seed)"; exit 1; }
done
rmdir /tmp/smart-gcovr-mutant 2>/dev/null || true

# Outputs over 90 KB are left out (a third of them: the detail pages of the
# larger sources), and 100 mutant pairs per seed kept, to hold the corpus
# near 2 MB.
assemble --format html --max-bytes 90000 --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "gcovr 5.2 rerun: clock 2024-07-15 18:42:07, TZ Europe/Berlin, no SOURCE_DATE_EPOCH, another build folder" 80 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "gcovr 5.2 rerun: real clock, TZ America/New_York, no SOURCE_DATE_EPOCH, a fresh temporary build folder" 80 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "gcovr 5.2 rerun: SOURCE_DATE_EPOCH 2025-01-02 03:04:05 UTC, TZ Asia/Tokyo, another build folder" 80 \
    "${PAIRS[@]}"
