#!/usr/bin/env bash
# pytest-junit (a test runner's JUnit XML reports): pytest 7.2.1 from Debian
# bookworm (python3-pytest) running real test suites shipped in Debian
# bookworm packages -- pyflakes 2.5.0, Beautiful Soup 4.11.2, simplejson
# 3.18.3, colorama 0.4.6 -- one suite per test module (suites.txt, 61), each
# writing its JUnit XML (--junitxml; xunit2, or xunit1/legacy).  The suites
# keep their real failures (pyflakes's integration tests look for a
# bin/pyflakes Debian does not ship) and skips.  Clean reruns differ by the
# clock (timestamp=), the durations (time=), the time zone, the host name
# (hostname=) and the build folder (paths in failure and skip messages,
# temporary folders).  Mutants: pytest's own Python (_pytest/).
#
#   corpora/pytest-junit/generate.sh            the corpus
#   corpora/pytest-junit/generate.sh --smoke    CI's quick path
APP=pytest-junit
source "$(dirname "$0")/../lib/common.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
MUTANTS=${PYTEST_MUTANTS_SECONDS:-600}
PKGS=(python3-pytest python3-pyflakes python3-bs4 python3-lxml python3-html5lib python3-simplejson
      python3-colorama faketime)
DIST=/usr/lib/python3/dist-packages

# prepare DEST SUITES -- pytest's sources (as Debian ships them), the
# packages under test (their tests are part of the Debian packages), the
# suite list and the runner.
prepare() {
    local dest=$1 suites=$2 p
    [ -f "$dest/.done" ] && return 0
    rm -rf "$dest"; mkdir -p "$dest/suites-src"
    cp -aL "$DIST/_pytest" "$DIST/pytest" "$dest/"
    for p in pyflakes bs4 simplejson colorama; do cp -aL "$DIST/$p" "$dest/suites-src/"; done
    find "$dest" -name __pycache__ -prune -exec rm -rf {} +
    cp "$HERE/run.sh" "$dest/smart-run.sh"
    cp "$CORPORA_DIR/lib/fake-clock.sh" "$dest/smart-fake-clock.sh"
    cp "$HERE/suites.py" "$dest/"
    cp "$suites" "$dest/suites.txt"
    printf 'true\n' > "$dest/smart-build.sh"
    touch "$dest/.done"
}

apt_install "${PKGS[@]}"
if [ "${1:-}" = --smoke ]; then
    T=$(mktemp -d "${TMPDIR:-/tmp}/smart-pytest-smoke.XXXXXX")
    trap 'rm -rf "$T" /tmp/smart-pytest-ci' EXIT
    grep -E '^(pyflakes-test_api|simplejson-test_decode|colorama-ansi_test) ' "$HERE/suites.txt" > "$T/suites.txt"
    prepare "$T/app" "$T/suites.txt"
    for k in 1 2; do
        (cd "$T/app" && SMART_RUN_SEED=$k sh smart-run.sh && mv out "$T/run-$k")
    done
    [ -f "$T/run-1/pyflakes-test_api.xml" ] && [ -f "$T/run-2/simplejson-test_decode.xml" ] || exit 1
    grep -q '<failure' "$T/run-1/pyflakes-test_api.xml" || { log "smoke: no failure recorded"; exit 1; }
    cmp -s "$T/run-1/pyflakes-test_api.xml" "$T/run-2/pyflakes-test_api.xml" && \
        { log "smoke: two clocks and folders gave the same XML"; exit 1; }
    "$SMART" features --xml "$T/run-1/pyflakes-test_api.xml" "$T/run-2/pyflakes-test_api.xml" >/dev/null || [ $? -eq 1 ]
    log "smoke: $(find "$T/run-1" -type f | wc -l) outputs per run, reruns differ, smart reads them"
    exit 0
fi

need_smart mutate
W=$CACHE/work/$APP
prepare "$W/app" "$HERE/suites.txt"
log "clean runs (four clocks, time zones, host names, build folders)"
run_suite "$W/app" "$W/clean" 4
rm -rf /tmp/smart-pytest-ci
keep_runs "$W/clean"

# Two seeds: many mutants of pytest break every suite (no XML written: a
# missing output, no pair) or change nothing the reports show.
PAIRS=()
for seed in $SEED $((SEED + 1)); do
    log "mutants, seed $seed (${MUTANTS}s)"
    if [ ! -f "$W/mutant-$seed.jsonl.done" ]; then
        # one job: the mutant runs share one fixed build folder
        "$SMART" mutate --src "$W/app" \
            --files '_pytest/junitxml.py,_pytest/reports.py,_pytest/runner.py,_pytest/skipping.py,_pytest/unittest.py,_pytest/outcomes.py,_pytest/_code/code.py,_pytest/nodes.py,_pytest/terminal.py' \
            --build 'sh smart-build.sh' --run 'sh smart-run.sh' --outputs out \
            --time "$MUTANTS" --per-mutant 8 --seed "$seed" -j 1 --app "$APP" \
            -o "$W/mutant-$seed.jsonl" >&2
        rm -rf /tmp/smart-pytest-mutant
        touch "$W/mutant-$seed.jsonl.done"
    fi
    PAIRS+=(--pairs mutant "$W/mutant-$seed.jsonl" 8 300)
done

assemble --format xml --mutant-old "$W/clean/run-1" \
    --reruns "$W/clean/run-1" "$W/clean/run-2" "pytest 7.2.1 rerun: clock 2024-07-15 18:42:07, TZ Europe/Berlin, host buildd-amd64-02, another build folder" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-3" "pytest 7.2.1 rerun: real clock, TZ America/New_York, the machine's host name, a fresh temporary build folder" 150 \
    --reruns "$W/clean/run-1" "$W/clean/run-4" "pytest 7.2.1 rerun: clock 2025-01-02 03:04:05, TZ Asia/Tokyo, host worker-4.ci.example.org, another build folder" 150 \
    "${PAIRS[@]}"
