#!/usr/bin/env bash
# coverage-py (a test and coverage report generator): coverage.py 6.5.0 from
# Debian bookworm (python3-coverage), reporting on Python-Markdown 3.4.1
# (python3-markdown) rendering the CommonMark inputs, under eight extension
# sets (suites.txt).  Outputs: coverage.py's HTML report (index and one page
# per module) and its Cobertura XML, per suite.  Clean reruns differ by the
# clock ("created at", the XML's epoch-millisecond timestamp), the time zone
# and the build folder (the XML's <source>).  Mutants: coverage.py's own
# reporting code.
#
#   corpora/coverage-py/generate.sh            the corpus
#   corpora/coverage-py/generate.sh --smoke    CI's quick path
APP=coverage-py
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${COVERAGE_MUTANTS_SECONDS:-1200}
PKGS=(python3-coverage python3-markdown faketime)

# prepare DEST INPUTS -- coverage.py's sources (the package as Debian ships
# it, tracer included), Python-Markdown's, the inputs and the runner.
prepare() {
    local dest=$1 inputs=$2
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/markdown-src"
    cp -aL /usr/lib/python3/dist-packages/coverage "$dest/coverage"   # htmlfiles is a link in Debian
    cp -a /usr/lib/python3/dist-packages/markdown "$dest/markdown-src/markdown"
    find "$dest" -name __pycache__ -prune -exec rm -rf {} +
    cp -a "$inputs" "$dest/tests-in"
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    cp "$HERE/measure.py" "$HERE/report.py" "$HERE/suites.txt" "$dest/"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

# inputs DEST [EVERY] -- every EVERY-th markdown input of corpora/lib/mdtests.py.
inputs() {
    local dest=$1 every=${2:-5} spec tmp i=0 f
    [ -f "$dest/.done" ] && return 0
    spec=$(debian_source cmark 0.30.2-6)
    tmp=$(mktemp -d "$CACHE/tmp.XXXXXX")
    "$PY" "$CORPORA_DIR/lib/mdtests.py" "$spec" "$tmp" >/dev/null
    rm -rf "$dest"; mkdir -p "$dest"
    for f in "$tmp"/*.md; do
        [ $((i++ % every)) -eq 0 ] && cp "$f" "$dest/"
    done
    rm -rf "$tmp"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-coverage-smoke.XXXXXX")
    trap 'rm -rf "$T" /tmp/smart-cov-ci' EXIT
    inputs "$T/in" 50
    prepare "$T/app" "$T/in"
    printf 'plain -\n' > "$T/app/suites.txt"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    [ -f "$T/run-1/plain/index.html" ] && [ -f "$T/run-2/plain/coverage.xml" ] || exit 1
    cmp -s "$T/run-1/plain/coverage.xml" "$T/run-2/plain/coverage.xml" && \
        { log "smoke: two clocks and folders gave the same XML"; exit 1; }
    "$SMART" features --xml "$T/run-1/plain/coverage.xml" "$T/run-2/plain/coverage.xml" >/dev/null || [ $? -eq 1 ]
    log "smoke: $(find "$T/run-1" -type f | wc -l) outputs per run, reruns differ, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
inputs "$W/inputs"
prepare "$W/app" "$W/inputs"
log "clean runs (three clocks, time zones, build folders)"
run_suite "$W/app" "$W/clean" 3
rm -rf /tmp/smart-cov-ci
keep_runs "$W/clean"

# Three mutate runs: most mutants of the reporting code break every report
# (missing outputs, no pair), so one budget gives too few pairs.  Seeds 1
# and 2 mutate all the reporting modules; seed 3 only the three that gave
# pairs (html.py, xmlreport.py, templite.py: the HTML and XML writers and the
# HTML template engine), for at least 150 inspect pairs; its pairs are
# capped (4 per mutant, 60 in all) to keep the corpus near 5 MB.
ALL_FILES='coverage/html.py,coverage/report.py,coverage/results.py,coverage/xmlreport.py,coverage/files.py,coverage/misc.py,coverage/templite.py,coverage/summary.py'
WRITERS='coverage/html.py,coverage/xmlreport.py,coverage/templite.py'
PAIRS=()
for run in "$SEED 8 300 $ALL_FILES" "$((SEED + 1)) 8 300 $ALL_FILES" "$((SEED + 2)) 4 60 $WRITERS"; do
    read -r seed per cap files <<< "$run"
    log "mutants, seed $seed (${MUTANTS}s): $files"
    if [ ! -f "$W/mutant-$seed.jsonl.done" ]; then
        # one job: the mutant runs share one fixed build folder
        "$SMART" mutate --src "$W/app" --files "$files" \
            --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
            --time "$MUTANTS" --per-mutant 8 --seed "$seed" -j 1 --app "$APP" \
            -o "$W/mutant-$seed.jsonl" >&2
        rm -rf /tmp/smart-cov-mutant
        touch "$W/mutant-$seed.jsonl.done"
    fi
    PAIRS+=(--pairs mutant "$W/mutant-$seed.jsonl" "$per" "$cap")
done

assemble --format html --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "coverage.py 6.5.0 rerun: clock 2024-07-15 18:42:07, TZ Europe/Berlin, another build folder" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "coverage.py 6.5.0 rerun: real clock, TZ America/New_York, a fresh temporary build folder" 150 \
    "${PAIRS[@]}"
